//! `gpumem explain --json`: the explanation as one JSON document
//! (`docs/explain.schema.json` is its schema).

use crate::{Explanation, Kind, Picture, kind_of};
use gpumem_mem::layout;
use serde_json::{Value, json};

fn pc_text(pc: u64) -> String {
    format!("{pc:#06x}")
}

/// The lanes of the execution pictured, by the picture's kind: shared lanes to banks
/// (word, bank, phase, way, wavefront), global/local lanes to sectors and lines, constant
/// words with the lanes that read them.
fn lanes(p: &Picture) -> Value {
    let a = &p.access;
    match kind_of(a.space) {
        Kind::Shared => layout::shared(a)
            .slots
            .iter()
            .map(|s| {
                json!({
                    "lane": s.lane,
                    "address": format!("{:#x}", s.word * 4),
                    "bank": s.bank,
                    "phase": s.phase,
                    "way": s.way,
                    "wavefront": s.wavefront,
                })
            })
            .collect(),
        Kind::Sectors => layout::sectors(a)
            .iter()
            .map(|l| {
                let mut lines: Vec<u64> = l.sectors.iter().map(|s| s / 4).collect();
                lines.dedup();
                json!({
                    "lane": l.lane,
                    "address": format!("{:#x}", l.addr),
                    "sectors": l.sectors,
                    "lines": lines,
                })
            })
            .collect(),
        Kind::Constant => layout::constant_words(a)
            .iter()
            .map(|(w, mask)| {
                json!({
                    "address": format!("{:#x}", w * 4),
                    "lanes": format!("{mask:#010x}"),
                })
            })
            .collect(),
    }
}

fn picture(p: &Picture) -> Value {
    let a = &p.access;
    let kind = match kind_of(a.space) {
        Kind::Shared => "shared",
        Kind::Sectors => "sectors",
        Kind::Constant => "constant",
    };
    let totals = p.totals.as_ref().map(|t| {
        json!({
            "executed": t.stats.executed,
            "accesses": t.stats.accesses,
            "lines_128": t.stats.lines_128,
            "sectors_32": t.stats.sectors_32,
            "bank_conflict_degree": t.stats.bank_conflict_degree,
            "shared_wavefronts": t.stats.wavefronts,
            "timing": t.timing.as_ref().map(|x| serde_json::to_value(x).unwrap_or(Value::Null)),
        })
    });
    json!({
        "pc": pc_text(p.pc),
        "text": p.text,
        "cta": p.cta,
        "warp": p.warp,
        "space": a.space.name(),
        "access": match a.kind {
            gpumem_mem::AccessKind::Load => "load",
            gpumem_mem::AccessKind::Store => "store",
        },
        "atomic": a.rmw.is_some(),
        "bytes_per_lane": a.bytes,
        "mask": format!("{:#010x}", a.mask),
        "data_lanes": format!("{:#010x}", a.data_lanes()),
        "picture": kind,
        "lanes": lanes(p),
        "cost": serde_json::to_value(p.cost).unwrap_or(Value::Null),
        "sample": serde_json::to_value(p.sample).unwrap_or(Value::Null),
        "totals": totals,
    })
}

/// The explanation as one JSON document: the run (program, timing preset, the execution
/// pictured), how it ended (`warp_instructions`, `stopped`, `faults` in `gpumem run
/// --json`'s layout, `faults_dropped`), and a picture per memory instruction: its lanes
/// (by kind), the memory model's cost and the cold hierarchy's figures of that one
/// execution, and the whole run's totals for the instruction.
pub fn json(e: &Explanation) -> Value {
    json!({
        "program": e.program,
        "timing": e.timing,
        "cta": e.select.cta,
        "warp": e.select.warp,
        "warp_instructions": e.warp_instructions,
        "stopped": e.stopped,
        "faults": e.faults.iter().map(gpumem_run::json::FaultRow::maxwell).collect::<Vec<_>>(),
        "faults_dropped": e.faults_dropped,
        "records_not_kept": e.dropped,
        "pictures": e.pictures.iter().map(picture).collect::<Vec<_>>(),
    })
}
