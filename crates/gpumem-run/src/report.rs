//! The result of a run: dumps, faults and statistics, as text and as JSON ([`crate::json`]).

use crate::dump::View;
use crate::manifest::DumpOf;
use crate::text::{pc_text, shown, text_width};
use gpumem_warp::exec::Stats;
use gpumem_warp::{Fault, Hazard};
use std::fmt;

/// One dumped region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DumpOut {
    /// What was read: a memory space, or a thread's registers.
    pub of: DumpOf,
    /// Constant dumps: the bank.
    pub bank: Option<u32>,
    /// Shared, local and register dumps: the linear CTA.
    pub cta: Option<u32>,
    /// Local and register dumps: the linear thread within the CTA.
    pub thread: Option<u32>,
    /// Global address, or offset in the bank.
    pub address: u64,
    /// The bytes, in memory order.
    pub bytes: Vec<u8>,
    /// The file the bytes were saved to too (`[[dump]] file`, as the manifest names
    /// it): the JSON report names it instead of repeating the bytes.
    pub file: Option<String>,
    /// The module variable a `[[dump]] symbol = ...` read (the dump is named after it).
    pub symbol: Option<String>,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Report {
    /// `maxwell`.
    pub isa: String,
    /// The manifest's program.
    pub program: String,
    /// The cubin kernel run.
    pub kernel: Option<String>,
    /// `sm_50` or `sm_52`.
    pub target: String,
    /// CTAs.
    pub grid: [u32; 3],
    /// Threads per CTA.
    pub block: [u32; 3],
    /// Registers per thread.
    pub registers: u32,
    /// The `[[dump]]` regions after the run.
    pub dumps: Vec<DumpOut>,
    /// Faults kept (the first `MAX_FAULTS`).
    pub faults: Vec<Fault>,
    /// Per-instruction statistics.
    pub stats: Stats,
    /// The program as run: each instruction's address and text.
    pub listing: Vec<(u64, String)>,
    /// Whether a limit (steps, memory) stopped the run early.
    pub stopped: bool,
    /// The cycle model's report, when the run was timed (`[timing]`, `--timing`).
    pub timing: Option<gpumem_timing::TimingReport>,
    /// The cycle model's timeline (`RunOptions::trace_limit`), written as Chrome trace
    /// JSON by [`Report::write_trace`]; not part of the report's JSON.
    pub trace: Option<gpumem_timing::Timeline>,
    /// The first memory record of each instruction, per warp, in CTA 0 (or
    /// `RunOptions::trace_cta`) (`RunOptions::first_cta`); not part of the report's
    /// JSON.
    pub first_cta: Option<gpumem_warp::FirstAccesses>,
    /// Scoreboard hazards met (once per instruction pair; `[config] hazards`).
    pub hazards: Vec<Hazard>,
    /// Distinct hazards beyond the kept ones.
    pub hazards_dropped: u64,
}

/// The name a dump's source has in reports (`global`, ..., `registers`).
pub(crate) fn dump_name(of: DumpOf) -> &'static str {
    match of {
        DumpOf::Memory(s) => s.name(),
        DumpOf::Registers => "registers",
    }
}

impl Report {
    /// Writes the timeline ([`Report::trace`]) as Chrome trace / Perfetto JSON to `out`,
    /// an event at a time; nothing without one.
    pub fn write_trace(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let Some(t) = &self.trace else {
            return Ok(());
        };
        let texts: Vec<String> = self.listing.iter().map(|(_, t)| t.clone()).collect();
        t.write_json(&texts, out)
    }

    /// The report for people, dumps shown as `view`.
    pub fn render(&self, view: View) -> String {
        let mut s = String::new();
        let _ = self.write(&mut s, view);
        s
    }

    /// Faults grouped by (instruction, kind): count, lanes and CTAs involved, first
    /// message; then totals per kind.
    fn write_faults(&self, f: &mut impl fmt::Write) -> fmt::Result {
        write_faults(f, &self.faults, self.stats.faults_dropped)
    }
}

/// The report's fault block as `gpumem run` prints it: `no faults`, or the faults
/// grouped by (instruction, kind) with their first message, then totals per kind
/// (`dropped`: faults beyond the kept ones).
pub fn faults_text(faults: &[Fault], dropped: u64) -> String {
    let mut s = String::new();
    if faults.is_empty() {
        s.push_str("\nno faults\n");
    } else {
        let _ = write_faults(&mut s, faults, dropped);
    }
    s
}

fn write_faults(f: &mut impl fmt::Write, faults: &[Fault], dropped: u64) -> fmt::Result {
    use std::collections::BTreeMap;
    let total = faults.len() as u64 + dropped;
    writeln!(f, "\nfaults ({total}):")?;
    /// Faults of one (instruction, kind).
    struct Group<'a> {
        count: u64,
        lanes: u32,
        ctas: (u32, u32),
        first: &'a Fault,
    }
    let mut groups: BTreeMap<(u64, &str), Group> = BTreeMap::new();
    for x in faults {
        let g = groups.entry((x.pc, x.kind.name())).or_insert(Group {
            count: 0,
            lanes: 0,
            ctas: (u32::MAX, 0),
            first: x,
        });
        g.count += 1;
        if let Some(l) = x.lane {
            g.lanes |= 1 << (l % 32);
        }
        g.ctas = (g.ctas.0.min(x.cta), g.ctas.1.max(x.cta));
    }
    for ((pc, kind), g) in &groups {
        write!(f, "  {kind:<20} pc {pc:#06x} x{}", g.count)?;
        if g.lanes != 0 {
            write!(f, " lanes {:#010x}", g.lanes)?;
        }
        if g.ctas.0 == g.ctas.1 {
            write!(f, " cta {}", g.ctas.0)?;
        } else {
            write!(f, " ctas {}-{}", g.ctas.0, g.ctas.1)?;
        }
        writeln!(f, "; first: {}", g.first.message)?;
    }
    let mut kinds: BTreeMap<&str, u64> = BTreeMap::new();
    for x in faults {
        *kinds.entry(x.kind.name()).or_default() += 1;
    }
    let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    write!(f, "  total: {}", list.join(", "))?;
    if dropped > 0 {
        write!(f, " (and {} more not kept)", dropped)?;
    }
    writeln!(f, " (every fault, lane by lane: --json)")
}

impl Report {
    /// The scoreboard hazards, one per (instruction, producer) pair, with both
    /// instructions.
    fn write_hazards(&self, f: &mut impl fmt::Write) -> fmt::Result {
        if self.hazards.is_empty() {
            return writeln!(f, "\nno hazards");
        }
        let n = self.hazards.len() as u64 + self.hazards_dropped;
        writeln!(f, "\nhazards ({n}):")?;
        for h in &self.hazards {
            writeln!(
                f,
                "  cta {} warp {} pc {} [{}] {}",
                h.cta,
                h.warp,
                pc_text(h.pc),
                h.rule.name(),
                h.message
            )?;
            for i in &h.instructions {
                writeln!(f, "      {}", i.trim_end())?;
            }
        }
        if self.hazards_dropped > 0 {
            writeln!(f, "  (and {} more not kept)", self.hazards_dropped)?;
        }
        Ok(())
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, View::Hex)
    }
}

impl Report {
    fn write(&self, f: &mut impl fmt::Write, view: View) -> fmt::Result {
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
        let w = text_width(
            40,
            self.stats
                .per_inst
                .iter()
                .filter(|(_, s)| s.space.is_some())
                .map(|(_, s)| s.text.as_str()),
        );
        writeln!(
            f,
            "  {:>6}  {:<w$} {:>8} {:>9} {:>7} {:>8} {:>5} {:>6}",
            "pc", "instruction", "executed", "accesses", "lines", "sectors", "bank", "wavefr"
        )?;
        for (pc, s) in &self.stats.per_inst {
            if s.space.is_none() {
                continue;
            }
            writeln!(
                f,
                "  {:>6}  {:<w$} {:>8} {:>9} {:>7} {:>8} {:>5} {:>6}",
                format!("{pc:#06x}"),
                shown(&s.text),
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
            "  {:>6}  {:<w$} {:>8} {:>9} {:>7} {:>8} {:>5} {:>6}",
            "",
            "total (all instructions)",
            t.executed,
            t.accesses,
            t.lines_128,
            t.sectors_32,
            t.bank_conflict_degree,
            t.wavefronts
        )?;
        writeln!(
            f,
            "  (executed: warps; accesses: lanes that moved data; lines/sectors: distinct \
             128/32-byte blocks of each execution of a global, local or constant access \
             (shared accesses have none), summed; bank: worst shared bank-conflict degree, \
             1 = none, an atomic's lanes on one word serialise; wavefr: shared-memory \
             passes)"
        )?;
        self.write_hazards(f)?;
        if self.faults.is_empty() {
            writeln!(f, "\nno faults")?;
        } else {
            self.write_faults(f)?;
        }
        for d in &self.dumps {
            let n = d.bytes.len();
            let symbol = d.symbol.as_deref().unwrap_or("");
            match (d.bank, d.cta, d.thread) {
                (Some(b), _, _) if d.symbol.is_some() => writeln!(
                    f,
                    "\ndump symbol {symbol} (constant c[{b:#x}][{:#x}], {n} bytes):",
                    d.address
                )?,
                _ if d.symbol.is_some() => writeln!(
                    f,
                    "\ndump symbol {symbol} ({} {:#x}, {n} bytes):",
                    dump_name(d.of),
                    d.address
                )?,
                (Some(b), _, _) => writeln!(
                    f,
                    "\ndump constant c[{b:#x}][{:#x}] ({n} bytes):",
                    d.address
                )?,
                (None, Some(c), Some(t)) if d.of == DumpOf::Registers => writeln!(
                    f,
                    "\ndump registers of CTA {c} thread {t} (R0 to R{}, 4 bytes each):",
                    (n / 4).saturating_sub(1)
                )?,
                (None, Some(c), Some(t)) => writeln!(
                    f,
                    "\ndump {} of CTA {c} thread {t} at {:#x} ({n} bytes):",
                    dump_name(d.of),
                    d.address
                )?,
                (None, Some(c), None) => writeln!(
                    f,
                    "\ndump {} of CTA {c} at {:#x} ({n} bytes):",
                    dump_name(d.of),
                    d.address
                )?,
                _ => writeln!(
                    f,
                    "\ndump {} {:#x} ({n} bytes):",
                    dump_name(d.of),
                    d.address
                )?,
            }
            let mut text = String::new();
            crate::dump::render(&mut text, d.address, &d.bytes, view);
            f.write_str(&text)?;
        }
        if !self.dumps.is_empty() {
            writeln!(f, "{}", crate::dump::NOTE)?;
        }
        if let Some(t) = &self.timing {
            crate::timing::write(f, t)?;
        }
        Ok(())
    }
}
