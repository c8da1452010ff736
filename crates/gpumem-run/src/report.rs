//! The result of a run: dumps, faults and statistics, as text and as JSON.

use gpumem_mem::Space;
use gpumem_warp::Fault;
use gpumem_warp::exec::{InstStats, Stats};
use serde_json::{Value, json};
use std::fmt;

/// One dumped region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DumpOut {
    pub space: Space,
    /// Constant dumps: the bank.
    pub bank: Option<u32>,
    pub address: u64,
    pub bytes: Vec<u8>,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Report {
    pub isa: String,
    pub program: String,
    pub kernel: Option<String>,
    pub target: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub registers: u32,
    pub dumps: Vec<DumpOut>,
    pub faults: Vec<Fault>,
    pub stats: Stats,
    /// Whether a limit (steps, memory) stopped the run early.
    pub stopped: bool,
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn stat_json(pc: Option<u64>, s: &InstStats) -> Value {
    json!({
        "pc": pc.map(|p| format!("{p:#06x}")),
        "text": s.text,
        "executed": s.executed,
        "space": s.space.map(|x| x.name()),
        "kind": s.kind.map(|k| match k { gpumem_mem::AccessKind::Load => "load", gpumem_mem::AccessKind::Store => "store" }),
        "cache": s.cache.map(|c| c.name()),
        "accesses": s.accesses,
        "lines_128": s.lines_128,
        "sectors_32": s.sectors_32,
        "bank_conflict_degree": s.bank_conflict_degree,
        "shared_wavefronts": s.wavefronts,
    })
}

impl Report {
    /// The JSON form: `dumps`, `faults`, `stats` (`per_instruction`, `totals`), and the
    /// launch.
    pub fn to_json(&self) -> Value {
        json!({
            "isa": self.isa,
            "program": self.program,
            "kernel": self.kernel,
            "target": self.target,
            "launch": { "grid": self.grid, "block": self.block, "registers": self.registers },
            "stopped": self.stopped,
            "dumps": self.dumps.iter().map(|d| json!({
                "space": d.space.name(),
                "bank": d.bank,
                "address": format!("{:#x}", d.address),
                "size": d.bytes.len(),
                "hex": hex(&d.bytes),
            })).collect::<Vec<_>>(),
            "faults": self.faults.iter().map(|f| json!({
                "kind": f.kind.name(),
                "pc": format!("{:#06x}", f.pc),
                "cta": f.cta,
                "warp": f.warp,
                "lane": f.lane,
                "space": f.space.map(|s| s.name()),
                "address": f.address.map(|a| format!("{a:#x}")),
                "message": f.message,
            })).collect::<Vec<_>>(),
            "faults_dropped": self.stats.faults_dropped,
            "stats": {
                "warp_instructions": self.stats.warp_instructions,
                "per_instruction": self.stats.per_inst.iter().map(|(pc, s)| stat_json(Some(*pc), s)).collect::<Vec<_>>(),
                "totals": stat_json(None, &self.stats.totals()),
            },
        })
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} {} ({}{}) grid {:?} block {:?} registers {}",
            self.isa,
            self.program,
            self.target,
            self.kernel
                .as_deref()
                .map(|k| format!(", kernel {k}"))
                .unwrap_or_default(),
            self.grid,
            self.block,
            self.registers
        )?;
        writeln!(
            f,
            "{} warp instructions{}",
            self.stats.warp_instructions,
            if self.stopped {
                " (stopped by a limit)"
            } else {
                ""
            }
        )?;
        writeln!(f, "\nstatistics:")?;
        writeln!(
            f,
            "  {:>6}  {:<40} {:>8} {:>9} {:>7} {:>8} {:>5} {:>6}",
            "pc", "instruction", "executed", "accesses", "lines", "sectors", "bank", "wavefr"
        )?;
        for (pc, s) in &self.stats.per_inst {
            if s.space.is_none() {
                continue;
            }
            writeln!(
                f,
                "  {:>6}  {:<40} {:>8} {:>9} {:>7} {:>8} {:>5} {:>6}",
                format!("{pc:#06x}"),
                s.text.trim_end_matches(';').trim(),
                s.executed,
                s.accesses,
                s.lines_128,
                s.sectors_32,
                s.bank_conflict_degree,
                s.wavefronts
            )?;
        }
        let t = self.stats.totals();
        writeln!(
            f,
            "  {:>6}  {:<40} {:>8} {:>9} {:>7} {:>8} {:>5} {:>6}",
            "",
            "total (all instructions)",
            t.executed,
            t.accesses,
            t.lines_128,
            t.sectors_32,
            t.bank_conflict_degree,
            t.wavefronts
        )?;
        if self.faults.is_empty() {
            writeln!(f, "\nno faults")?;
        } else {
            writeln!(
                f,
                "\nfaults ({}):",
                self.faults.len() as u64 + self.stats.faults_dropped
            )?;
            for x in &self.faults {
                write!(
                    f,
                    "  {:<20} pc {:#06x} cta {} warp {}",
                    x.kind.name(),
                    x.pc,
                    x.cta,
                    x.warp
                )?;
                if let Some(l) = x.lane {
                    write!(f, " lane {l}")?;
                }
                writeln!(f, ": {}", x.message)?;
            }
            if self.stats.faults_dropped > 0 {
                writeln!(f, "  ... {} more not kept", self.stats.faults_dropped)?;
            }
        }
        for d in &self.dumps {
            match d.bank {
                Some(b) => writeln!(
                    f,
                    "\ndump constant c[{b:#x}][{:#x}] ({} bytes):",
                    d.address,
                    d.bytes.len()
                )?,
                None => writeln!(
                    f,
                    "\ndump {} {:#x} ({} bytes):",
                    d.space.name(),
                    d.address,
                    d.bytes.len()
                )?,
            }
            for (i, chunk) in d.bytes.chunks(16).enumerate() {
                let words: Vec<String> = chunk.chunks(4).map(hex).collect();
                writeln!(
                    f,
                    "  {:#012x}: {}",
                    d.address + 16 * i as u64,
                    words.join(" ")
                )?;
            }
        }
        Ok(())
    }
}
