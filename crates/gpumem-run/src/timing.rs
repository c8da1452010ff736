//! The timed part of a Maxwell report (`[timing]`, `gpumem run --timing`): JSON and text.

use crate::text::pc_text;
use gpumem_timing::{Level, Occupancy, Stalls, StopReason, TimingReport};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// The `timing` object of the JSON report (`docs/report.schema.json`): the cycle
/// model's report with its instructions as a list by address.
#[derive(Clone, Debug, Serialize)]
pub struct TimingRow {
    /// The preset the parameters started from.
    pub preset: String,
    /// Cycles from the first issue to the last completion.
    pub cycles: u64,
    /// A limit stopped the run.
    pub partial: bool,
    /// Why a partial run stopped.
    pub stop_reason: Option<StopReason>,
    /// Where the model stood when the memory limit stopped it.
    pub stop_message: Option<String>,
    /// CTAs timed.
    pub ctas: u64,
    /// Warp instructions issued.
    pub warp_instructions: u64,
    /// Thread instructions issued.
    pub thread_instructions: u64,
    /// Residency.
    pub occupancy: Occupancy,
    /// Stall cycles by reason.
    pub stalls: Stalls,
    /// One row per instruction.
    pub per_instruction: Vec<InstTimingRow>,
    /// Per cache level.
    pub levels: BTreeMap<String, Level>,
    /// nvprof metrics.
    pub metrics: BTreeMap<String, f64>,
}

/// One instruction's timing (`gpumem_timing::InstTiming` with its address and main
/// stall reason, without the latency sum).
#[derive(Clone, Debug, Serialize)]
pub struct InstTimingRow {
    /// `0x0010`.
    pub pc: String,
    /// The instruction.
    pub text: String,
    /// Warp-level issues.
    pub issued: u64,
    /// Mean issue-to-completion latency.
    pub latency_avg: f64,
    /// Worst issue-to-completion latency.
    pub latency_max: u64,
    /// Cycles warps waited before issuing it, by reason.
    pub stalls: Stalls,
    /// The reason with the most cycles (`null`: none).
    pub main_stall: Option<&'static str>,
    /// Cycles other warps waited on its scoreboards.
    pub caused_wait: u64,
    /// Warp-level requests.
    pub requests: u64,
    /// Transactions, summed.
    pub transactions: u64,
    /// 32-byte sectors, summed.
    pub sectors: u64,
    /// 128-byte lines, summed.
    pub lines: u64,
    /// Shared-memory wavefronts, summed.
    pub wavefronts: u64,
    /// L1/tex tag lookups, summed.
    pub tag_lookups: u64,
    /// The fewest transactions the bytes could take, summed.
    pub ideal: u64,
    /// `100 (transactions - ideal) / transactions`.
    pub excessive_pct: f64,
    /// Sectors that hit in L1/tex.
    pub l1_hit_sectors: u64,
    /// Sectors that hit in L2.
    pub l2_hit_sectors: u64,
    /// Sectors from DRAM.
    pub dram_sectors: u64,
}

impl TimingRow {
    /// The row of `t`.
    pub fn new(t: &TimingReport) -> TimingRow {
        TimingRow {
            preset: t.preset.clone(),
            cycles: t.cycles,
            partial: t.partial,
            stop_reason: t.stop_reason,
            stop_message: t.stop_message.clone(),
            ctas: t.ctas,
            warp_instructions: t.warp_instructions,
            thread_instructions: t.thread_instructions,
            occupancy: t.occupancy.clone(),
            stalls: t.stalls,
            per_instruction: t
                .per_inst
                .iter()
                .map(|(pc, i)| InstTimingRow {
                    pc: pc_text(*pc),
                    text: i.text.clone(),
                    issued: i.issued,
                    latency_avg: i.latency_avg,
                    latency_max: i.latency_max,
                    stalls: i.stalls,
                    main_stall: i.stalls.main(),
                    caused_wait: i.caused_wait,
                    requests: i.requests,
                    transactions: i.transactions,
                    sectors: i.sectors,
                    lines: i.lines,
                    wavefronts: i.wavefronts,
                    tag_lookups: i.tag_lookups,
                    ideal: i.ideal,
                    excessive_pct: i.excessive_pct,
                    l1_hit_sectors: i.l1_hit_sectors,
                    l2_hit_sectors: i.l2_hit_sectors,
                    dram_sectors: i.dram_sectors,
                })
                .collect(),
            levels: t.levels.clone(),
            metrics: t.metrics.clone(),
        }
    }
}

/// The timing section of the text report.
pub(crate) fn write(f: &mut impl fmt::Write, t: &TimingReport) -> fmt::Result {
    writeln!(
        f,
        "\ntiming ({}): {} cycles{}; {} CTAs, {} warp instructions; occupancy {} CTAs = {} warps per SM ({:.0} %, limited by {}, {} registers)",
        t.preset,
        t.cycles,
        if let Some(r) = t.stop_reason {
            format!(" (partial: stopped by {})", r.name())
        } else if t.partial {
            " (partial: a limit stopped the run)".to_string()
        } else {
            String::new()
        },
        t.ctas,
        t.warp_instructions,
        t.occupancy.ctas_per_sm,
        t.occupancy.warps_per_sm,
        100.0 * t.occupancy.theoretical,
        t.occupancy.limited_by,
        t.occupancy.registers,
    )?;
    if let Some(m) = &t.stop_message {
        writeln!(f, "  stopped: {m}")?;
    }
    let w = crate::text::text_width(36, t.per_inst.values().map(|i| i.text.as_str()));
    writeln!(
        f,
        "  {:>6}  {:<w$} {:>7} {:>8} {:>6} {:>9} {:<20} {:>6} {:>7} {:>6} {:>5}",
        "pc",
        "instruction",
        "issued",
        "lat avg",
        "max",
        "stalled",
        "mostly",
        "req",
        "trans",
        "ideal",
        "exc%"
    )?;
    for (pc, i) in &t.per_inst {
        writeln!(
            f,
            "  {:>6}  {:<w$} {:>7} {:>8.1} {:>6} {:>9} {:<20} {:>6} {:>7} {:>6} {:>5.1}",
            pc_text(*pc),
            crate::text::shown(&i.text),
            i.issued,
            i.latency_avg,
            i.latency_max,
            i.stalls.total(),
            i.stalls.main().unwrap_or("-"),
            i.requests,
            i.transactions,
            i.ideal,
            i.excessive_pct,
        )?;
    }
    writeln!(
        f,
        "  (req: warp-level requests, the executions that moved data; trans: transactions, \
         the distinct 32-byte sectors of each request for global and local accesses (the \
         statistics' sectors), wavefronts for shared ones (its wavefr), distinct words for \
         constant ones; ideal: the fewest transactions the bytes moved could take; exc%: \
         100 (trans - ideal) / trans)"
    )?;
    writeln!(f, "  levels:")?;
    for (k, l) in &t.levels {
        writeln!(
            f,
            "    {k:<10} {:>10} accesses {:>10} hits {:>10} misses {:>6.1} % hit {:>12} bytes",
            l.accesses, l.hits, l.misses, l.hit_rate, l.bytes
        )?;
    }
    let s = &t.stalls;
    writeln!(
        f,
        "  stalls (warp-cycles): memory {} execution {} sync {} constant {} pipe {} not selected {}",
        s.memory_dependency,
        s.execution_dependency,
        s.sync,
        s.constant_miss,
        s.pipe_busy,
        s.not_selected
    )
}
