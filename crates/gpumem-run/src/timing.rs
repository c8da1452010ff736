//! The timed part of a Maxwell report (`[timing]`, `gpumem run --timing`): JSON and text.

use crate::report::pc_text;
use gpumem_timing::{Stalls, TimingReport};
use serde_json::{Value, json};
use std::fmt;

fn stalls_json(s: &Stalls) -> Value {
    json!({
        "memory_dependency": s.memory_dependency,
        "execution_dependency": s.execution_dependency,
        "sync": s.sync,
        "constant_miss": s.constant_miss,
        "pipe_busy": s.pipe_busy,
        "not_selected": s.not_selected,
    })
}

/// The `timing` object of the JSON report (`docs/report.schema.json`).
pub(crate) fn json(t: &TimingReport) -> Value {
    json!({
        "preset": t.preset,
        "cycles": t.cycles,
        "partial": t.partial,
        "stop_reason": t.stop_reason.map(|r| r.name()),
        "stop_message": t.stop_message,
        "ctas": t.ctas,
        "warp_instructions": t.warp_instructions,
        "thread_instructions": t.thread_instructions,
        "occupancy": {
            "ctas_per_sm": t.occupancy.ctas_per_sm,
            "warps_per_sm": t.occupancy.warps_per_sm,
            "theoretical": t.occupancy.theoretical,
            "limited_by": t.occupancy.limited_by,
            "registers": t.occupancy.registers,
        },
        "stalls": stalls_json(&t.stalls),
        "per_instruction": t.per_inst.iter().map(|(pc, i)| json!({
            "pc": pc_text(*pc),
            "text": i.text,
            "issued": i.issued,
            "latency_avg": i.latency_avg,
            "latency_max": i.latency_max,
            "stalls": stalls_json(&i.stalls),
            "main_stall": i.stalls.main(),
            "caused_wait": i.caused_wait,
            "requests": i.requests,
            "transactions": i.transactions,
            "sectors": i.sectors,
            "lines": i.lines,
            "wavefronts": i.wavefronts,
            "tag_lookups": i.tag_lookups,
            "ideal": i.ideal,
            "excessive_pct": i.excessive_pct,
            "l1_hit_sectors": i.l1_hit_sectors,
            "l2_hit_sectors": i.l2_hit_sectors,
            "dram_sectors": i.dram_sectors,
        })).collect::<Vec<_>>(),
        "levels": t.levels.iter().map(|(k, l)| (k.clone(), json!({
            "accesses": l.accesses,
            "hits": l.hits,
            "misses": l.misses,
            "hit_rate": l.hit_rate,
            "bytes": l.bytes,
            "write_sectors": l.write_sectors,
        }))).collect::<serde_json::Map<_, _>>(),
        "metrics": t.metrics,
    })
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
    let w = crate::report::text_width(36, t.per_inst.values().map(|i| i.text.as_str()));
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
            crate::report::shown(&i.text),
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
