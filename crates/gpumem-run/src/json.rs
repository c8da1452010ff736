//! The JSON report (`gpumem run --json`, `docs/report.schema.json`): one typed layout for
//! both ISAs, from which the JSON is written. A key that does not apply to an ISA is an
//! `Option` written as `null` (a fault's `cta` on Vega, its `wave` on Maxwell); what only
//! one ISA has at all (Vega's `waves` and `warnings`, Maxwell's `timing`) is left out.

use crate::dump::JsonDumps;
use crate::manifest::DumpOf;
use crate::report::{DumpOut, Report, dump_name};
use crate::text::{hex, pc_text};
use gpumem_mem::scache::CacheStats;
use gpumem_warp::exec::InstStats;
use serde::Serialize;
use serde_json::Value;

pub use crate::timing::{InstTimingRow, TimingRow};

/// A run's report.
#[derive(Clone, Debug, Serialize)]
pub struct JsonReport {
    /// `maxwell` or `vega`.
    pub isa: &'static str,
    /// The manifest's program.
    pub program: String,
    /// The cubin kernel run (Maxwell).
    pub kernel: Option<String>,
    /// `sm_50`, `sm_52`, `gfx900`, `gfx906`.
    pub target: String,
    /// The launch's shape.
    pub launch: Launch,
    /// Whether a limit (steps, memory) ended the run.
    pub stopped: bool,
    /// The `[[dump]]` regions.
    pub dumps: Vec<DumpRow>,
    /// The faults kept.
    pub faults: Vec<FaultRow>,
    /// Faults counted but not kept.
    pub faults_dropped: u64,
    /// Scoreboard (Maxwell) or latency-model (Vega) hazards.
    pub hazards: Vec<HazardRow>,
    /// Instruction counts and the ISA's counters.
    pub stats: StatsRow,
    /// Vega: each wave's final state.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waves: Option<Vec<WaveRow>>,
    /// Vega: the assembler's lints of the program.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warnings: Option<Vec<String>>,
    /// Maxwell, when timed: the cycle model's report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<TimingRow>,
}

impl JsonReport {
    /// The report as a JSON value.
    pub fn to_value(&self) -> serde_json::Value {
        // Every key is a string and every number finite or null: serialising cannot fail.
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The launch's shape, per ISA.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Launch {
    /// Maxwell: CTAs, threads per CTA, registers per thread.
    Maxwell {
        /// CTAs.
        grid: [u32; 3],
        /// Threads per CTA.
        block: [u32; 3],
        /// Registers per thread.
        registers: u32,
    },
    /// Vega: the waves run and the latency model's seed.
    Vega {
        /// Waves.
        waves: usize,
        /// The latency model's seed.
        seed: u64,
    },
}

/// One dumped region. A register dump's bytes are `R0`, `R1`, ..., 4 little-endian bytes
/// each, from `address` 0. The bytes are `hex`, or `null` when they were saved to a
/// `file` (named) or are given collapsed as `runs`.
#[derive(Clone, Debug, Serialize)]
pub struct DumpRow {
    /// `global`, `constant`, `local`, `shared` or `registers`.
    pub space: &'static str,
    /// The module variable a `[[dump]] symbol = ...` read.
    pub symbol: Option<String>,
    /// Constant dumps: the bank.
    pub bank: Option<u32>,
    /// Shared, local and register dumps: the linear CTA.
    pub cta: Option<u32>,
    /// Local and register dumps: the linear thread within the CTA.
    pub thread: Option<u32>,
    /// `0x...`: global address, or offset in the bank.
    pub address: String,
    /// Bytes.
    pub size: usize,
    /// The file the bytes were saved to.
    pub file: Option<String>,
    /// The bytes in memory order, as hex.
    pub hex: Option<String>,
    /// `JsonDumps::Runs`: the bytes as stretches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs: Option<Vec<RunRow>>,
}

/// A stretch of a dump: `hex` repeated `repeat` times from `offset`.
#[derive(Clone, Debug, Serialize)]
pub struct RunRow {
    /// Where it starts, from the dump's first byte.
    pub offset: usize,
    /// The bytes repeated.
    pub hex: String,
    /// How many times.
    pub repeat: usize,
}

impl DumpRow {
    /// The row of `d`, its bytes in `form`.
    pub fn new(d: &DumpOut, form: JsonDumps) -> DumpRow {
        let (hex_bytes, runs) = match (&d.file, form) {
            (Some(_), _) => (None, None),
            (None, JsonDumps::Hex) => (Some(hex(&d.bytes)), None),
            (None, JsonDumps::Runs) => (
                None,
                Some(
                    crate::dump::runs(&d.bytes)
                        .iter()
                        .map(|r| RunRow {
                            offset: r.offset,
                            hex: hex(r.unit),
                            repeat: r.repeat,
                        })
                        .collect(),
                ),
            ),
        };
        DumpRow {
            space: dump_name(d.of),
            symbol: d.symbol.clone(),
            bank: d.bank,
            cta: d.cta,
            thread: d.thread,
            address: format!("{:#x}", d.address),
            size: d.bytes.len(),
            file: d.file.clone(),
            hex: hex_bytes,
            runs,
        }
    }
}

/// One fault (`kind`, `pc`, where, `message`).
#[derive(Clone, Debug, Serialize)]
pub struct FaultRow {
    /// The fault kind's name (`misaligned_address`, ...).
    pub kind: &'static str,
    /// The instruction's address, `0x0010`.
    pub pc: String,
    /// Maxwell: the linear CTA.
    pub cta: Option<u32>,
    /// Maxwell: the warp in its CTA.
    pub warp: Option<u32>,
    /// Vega: the wave.
    pub wave: Option<u32>,
    /// Maxwell: the lane, where one lane faulted.
    pub lane: Option<u32>,
    /// Maxwell: the state space of the access.
    pub space: Option<&'static str>,
    /// Maxwell: the address, as the instruction spells it (`c[bank][offset]` for a
    /// constant access).
    pub address: Option<String>,
    /// What went wrong.
    pub message: String,
}

impl FaultRow {
    /// A Maxwell fault's row.
    pub fn maxwell(f: &gpumem_warp::Fault) -> FaultRow {
        FaultRow {
            kind: f.kind.name(),
            pc: pc_text(f.pc),
            cta: Some(f.cta),
            warp: Some(f.warp),
            wave: None,
            lane: f.lane,
            space: f.space.map(|s| s.name()),
            address: f.address.map(|a| fault_address(f.space, a)),
            message: f.message.clone(),
        }
    }

    /// A Vega fault's row.
    pub fn vega(f: &gpumem_wave::Fault) -> FaultRow {
        FaultRow {
            kind: f.kind.name(),
            pc: pc_text(f.pc),
            cta: None,
            warp: None,
            wave: Some(f.wave),
            lane: None,
            space: None,
            address: None,
            message: f.message.clone(),
        }
    }
}

/// A fault's address as the instruction spells it: `c[bank][offset]` for a constant
/// access (the fault keeps `bank << 32 | offset`), the hexadecimal byte address otherwise.
fn fault_address(space: Option<gpumem_isa::Space>, a: u64) -> String {
    match space {
        Some(gpumem_isa::Space::Constant) => format!("c[{:#x}][{:#x}]", a >> 32, a & 0xffff_ffff),
        _ => format!("{a:#x}"),
    }
}

/// One hazard: the rule, where it was met, the instructions involved.
#[derive(Clone, Debug, Serialize)]
pub struct HazardRow {
    /// The rule's name.
    pub rule: &'static str,
    /// The instruction that reads or overwrites too early.
    pub pc: String,
    /// Maxwell: the CTA that met it first.
    pub cta: Option<u32>,
    /// Maxwell: the warp (in its CTA) that met it first.
    pub warp: Option<u32>,
    /// Vega: the wave.
    pub wave: Option<u32>,
    /// Maxwell: the register, predicate or CC.
    pub register: Option<String>,
    /// The other instructions (Maxwell: the producer).
    pub related_pcs: Vec<String>,
    /// `"0x0010: text"`, the detecting instruction first.
    pub instructions: Vec<String>,
    /// What is wrong.
    pub message: String,
}

impl HazardRow {
    /// A Maxwell hazard's row.
    pub fn maxwell(h: &gpumem_warp::Hazard) -> HazardRow {
        HazardRow {
            rule: h.rule.name(),
            pc: pc_text(h.pc),
            cta: Some(h.cta),
            warp: Some(h.warp),
            wave: None,
            register: Some(h.register.clone()),
            related_pcs: vec![pc_text(h.other_pc)],
            instructions: h.instructions.to_vec(),
            message: h.message.clone(),
        }
    }

    /// A Vega hazard's row.
    pub fn vega(h: &gpumem_wave::Hazard) -> HazardRow {
        HazardRow {
            rule: h.rule.name(),
            pc: pc_text(h.pc),
            cta: None,
            warp: None,
            wave: Some(h.wave),
            register: None,
            related_pcs: h.related_pcs.iter().map(|p| pc_text(*p)).collect(),
            instructions: h.instructions.clone(),
            message: h.message.clone(),
        }
    }
}

/// The statistics: instruction counts, per instruction and in total, and the ISA's own
/// counters.
#[derive(Clone, Debug, Serialize)]
pub struct StatsRow {
    /// Warp instructions (Maxwell), instructions issued by all waves (Vega).
    pub instructions: u64,
    /// One row per instruction.
    pub per_instruction: Vec<InstRow>,
    /// The sums (`pc` null).
    pub totals: InstRow,
    /// Vega: the scalar unit's counters.
    #[serde(flatten)]
    pub scalar: Option<ScalarRow>,
}

/// One instruction's counts (or their totals). The memory counters are Maxwell's: Vega
/// counts its scalar memory per run ([`ScalarRow`]), and has `null` here.
#[derive(Clone, Debug, Serialize)]
pub struct InstRow {
    /// `0x0010`; `null` for the totals.
    pub pc: Option<String>,
    /// The instruction (`total` for the totals).
    pub text: String,
    /// Times executed (warps, waves).
    pub executed: u64,
    /// The state space of a memory instruction.
    pub space: Option<&'static str>,
    /// `load` or `store`.
    pub kind: Option<&'static str>,
    /// The cache operator.
    pub cache: Option<&'static str>,
    /// Lanes that moved data.
    pub accesses: Option<u64>,
    /// Distinct 128-byte blocks of each execution, summed.
    pub lines_128: Option<u64>,
    /// Distinct 32-byte sectors of each execution, summed.
    pub sectors_32: Option<u64>,
    /// The worst shared-memory bank-conflict degree (1: none).
    pub bank_conflict_degree: Option<u32>,
    /// Shared-memory passes.
    pub shared_wavefronts: Option<u64>,
}

impl InstRow {
    /// A Maxwell instruction's row (`pc` `None`: the totals).
    pub fn maxwell(pc: Option<u64>, s: &InstStats) -> InstRow {
        InstRow {
            pc: pc.map(pc_text),
            text: s.text.clone(),
            executed: s.executed,
            space: s.space.map(|x| x.name()),
            kind: s.kind.map(|k| match k {
                gpumem_mem::AccessKind::Load => "load",
                gpumem_mem::AccessKind::Store => "store",
            }),
            cache: s.cache.map(|c| c.name()),
            accesses: Some(s.accesses),
            lines_128: Some(s.lines_128),
            sectors_32: Some(s.sectors_32),
            bank_conflict_degree: Some(s.bank_conflict_degree),
            shared_wavefronts: Some(s.wavefronts),
        }
    }

    /// A Vega instruction's row (`pc` `None`: the totals): a count only.
    pub fn vega(pc: Option<u64>, text: &str, executed: u64) -> InstRow {
        InstRow {
            pc: pc.map(pc_text),
            text: text.to_string(),
            executed,
            space: None,
            kind: None,
            cache: None,
            accesses: None,
            lines_128: None,
            sectors_32: None,
            bank_conflict_degree: None,
            shared_wavefronts: None,
        }
    }
}

/// Vega's scalar-unit counters (`docs/report.schema.json`, `stats`).
#[derive(Clone, Debug, Serialize)]
pub struct ScalarRow {
    /// The cycle the last wave ended at.
    pub cycles: u64,
    /// SALU instructions.
    pub scalar_alu: u64,
    /// SMEM loads.
    pub smem_loads: u64,
    /// SMEM stores.
    pub smem_stores: u64,
    /// SMEM atomics.
    pub smem_atomics: u64,
    /// Other SMEM instructions (cache control, time).
    pub smem_other: u64,
    /// SMEM instructions with no active lane (not issued to memory).
    pub smem_skipped: u64,
    /// Dwords SMEM returned.
    pub smem_dwords_returned: u64,
    /// `s_waitcnt` instructions that waited.
    pub lgkm_waits: u64,
    /// Cycles spent waiting in `s_waitcnt`.
    pub lgkm_wait_cycles: u64,
    /// Issue stalls at LGKM_CNT 15.
    pub lgkm_full_stalls: u64,
    /// The largest LGKM_CNT.
    pub lgkm_max: u64,
    /// Scalar-cache counters, summed over the caches.
    pub scalar_cache: CacheStats,
    /// Scalar caches.
    pub scalar_caches: u64,
    /// Dirty lines left at the end.
    pub dirty_lines_at_end: u64,
}

impl ScalarRow {
    /// The counters of `s`.
    pub fn new(s: &gpumem_wave::Stats) -> ScalarRow {
        ScalarRow {
            cycles: s.cycles,
            scalar_alu: s.scalar_alu,
            smem_loads: s.smem_loads,
            smem_stores: s.smem_stores,
            smem_atomics: s.smem_atomics,
            smem_other: s.smem_other,
            smem_skipped: s.smem_skipped,
            smem_dwords_returned: s.smem_dwords_returned,
            lgkm_waits: s.lgkm_waits,
            lgkm_wait_cycles: s.lgkm_wait_cycles,
            lgkm_full_stalls: s.lgkm_full_stalls,
            lgkm_max: s.lgkm_max,
            scalar_cache: s.scalar_cache,
            scalar_caches: s.scalar_caches,
            dirty_lines_at_end: s.dirty_lines_at_end,
        }
    }
}

/// A Vega wave's final state.
#[derive(Clone, Debug, Serialize)]
pub struct WaveRow {
    /// The wave.
    pub id: u32,
    /// `endpgm` or `fault`.
    pub end: &'static str,
    /// Where it stopped.
    pub pc: String,
    /// `s0` to `s101`.
    pub sgpr: Vec<u32>,
    /// VCC.
    pub vcc: u64,
    /// EXEC.
    pub exec: u64,
    /// M0.
    pub m0: u32,
    /// FLAT_SCRATCH.
    pub flat_scratch: u64,
    /// XNACK_MASK.
    pub xnack_mask: u64,
    /// TTMP0-15.
    pub ttmp: Vec<u32>,
    /// SCC.
    pub scc: bool,
    /// Instructions it issued.
    pub instructions: u64,
    /// The cycle it ended at.
    pub cycles: u64,
}

impl WaveRow {
    /// The row of `w`.
    pub fn new(w: &gpumem_wave::WaveResult) -> WaveRow {
        WaveRow {
            id: w.id,
            end: match w.end {
                gpumem_wave::WaveEnd::Endpgm => "endpgm",
                gpumem_wave::WaveEnd::Fault => "fault",
            },
            pc: pc_text(w.pc),
            sgpr: w.sgpr.clone(),
            vcc: w.vcc,
            exec: w.exec,
            m0: w.m0,
            flat_scratch: w.flat_scratch,
            xnack_mask: w.xnack_mask,
            ttmp: w.ttmp.clone(),
            scc: w.scc,
            instructions: w.instructions,
            cycles: w.cycles,
        }
    }
}

/// A Vega dump as the shared [`DumpOut`] (global memory).
pub(crate) fn vega_dump(d: &gpumem_wave::report::Dump, file: Option<String>) -> DumpOut {
    DumpOut {
        of: DumpOf::Memory(gpumem_isa::Space::Global),
        bank: None,
        cta: None,
        thread: None,
        address: d.addr,
        bytes: d.bytes.clone(),
        file,
        symbol: None,
    }
}

/// The Maxwell report's JSON, written from the typed rows above.
impl Report {
    /// The JSON report ([`crate::json`], `docs/report.schema.json`).
    pub fn to_json(&self) -> Value {
        self.to_json_with(JsonDumps::Hex)
    }

    /// [`Report::to_json`] with the dumps' bytes in `form`.
    pub fn to_json_with(&self, form: JsonDumps) -> Value {
        self.json_report(form).to_value()
    }

    /// The typed JSON report, the dumps' bytes in `form`.
    pub fn json_report(&self, form: JsonDumps) -> JsonReport {
        JsonReport {
            isa: "maxwell",
            program: self.program.clone(),
            kernel: self.kernel.clone(),
            target: self.target.clone(),
            launch: Launch::Maxwell {
                grid: self.grid,
                block: self.block,
                registers: self.registers,
            },
            stopped: self.stopped,
            dumps: self.dumps.iter().map(|d| DumpRow::new(d, form)).collect(),
            faults: self.faults.iter().map(FaultRow::maxwell).collect(),
            faults_dropped: self.stats.faults_dropped,
            hazards: self.hazards.iter().map(HazardRow::maxwell).collect(),
            stats: StatsRow {
                instructions: self.stats.warp_instructions,
                per_instruction: self
                    .stats
                    .per_inst
                    .iter()
                    .map(|(pc, s)| InstRow::maxwell(Some(*pc), s))
                    .collect(),
                totals: InstRow::maxwell(None, &self.stats.totals()),
                scalar: None,
            },
            waves: None,
            warnings: None,
            timing: self.timing.as_ref().map(crate::timing::TimingRow::new),
        }
    }
}
