//! `gpumem explain --json`: the explanation as one JSON document
//! (`docs/explain.schema.json` is its schema), written from typed rows.

use crate::{Explanation, Kind, Picture, kind_of};
use gpumem_mem::layout;
use gpumem_run::json::FaultRow;
use serde::Serialize;
use serde_json::Value;

fn pc_text(pc: u64) -> String {
    format!("{pc:#06x}")
}

/// The document.
#[derive(Serialize)]
struct Document<'a> {
    program: &'a str,
    /// The timing preset (`null`: not timed).
    timing: Option<&'a str>,
    cta: u32,
    warp: Option<u32>,
    warp_instructions: u64,
    stopped: bool,
    /// `gpumem run --json`'s fault rows.
    faults: Vec<FaultRow>,
    faults_dropped: u64,
    records_not_kept: u64,
    pictures: Vec<PictureRow<'a>>,
}

/// One memory instruction's execution, pictured.
#[derive(Serialize)]
struct PictureRow<'a> {
    pc: String,
    text: &'a str,
    cta: u32,
    warp: u32,
    space: &'static str,
    /// `load` or `store`.
    access: &'static str,
    atomic: bool,
    bytes_per_lane: u32,
    mask: String,
    data_lanes: String,
    /// `shared`, `sectors` or `constant`: which [`LaneRow`] the lanes are.
    picture: &'static str,
    lanes: Vec<LaneRow>,
    cost: &'a gpumem_mem::model::Cost,
    sample: &'a gpumem_mem::hierarchy::AccessTiming,
    totals: Option<TotalsRow<'a>>,
}

/// The lanes of the execution by the picture's kind: shared lanes to banks (word, bank,
/// phase, way, wavefront), global/local lanes to sectors and lines, constant words with
/// the lanes that read them.
#[derive(Serialize)]
#[serde(untagged)]
enum LaneRow {
    Shared {
        lane: u8,
        address: String,
        bank: u8,
        phase: u8,
        way: u32,
        wavefront: u32,
    },
    Sectors {
        lane: u8,
        address: String,
        sectors: Vec<u64>,
        lines: Vec<u64>,
    },
    Constant {
        address: String,
        lanes: String,
    },
}

/// The whole run's figures for the instruction.
#[derive(Serialize)]
struct TotalsRow<'a> {
    executed: u64,
    accesses: u64,
    lines_128: u64,
    sectors_32: u64,
    bank_conflict_degree: u32,
    shared_wavefronts: u64,
    timing: Option<&'a gpumem_timing::InstTiming>,
}

fn lanes(p: &Picture) -> Vec<LaneRow> {
    let a = &p.access;
    match kind_of(a.space) {
        Kind::Shared => layout::shared(a)
            .slots
            .iter()
            .map(|s| LaneRow::Shared {
                lane: s.lane,
                address: format!("{:#x}", s.word * 4),
                bank: s.bank,
                phase: s.phase,
                way: s.way,
                wavefront: s.wavefront,
            })
            .collect(),
        Kind::Sectors => layout::sectors(a)
            .into_iter()
            .map(|l| {
                let mut lines: Vec<u64> = l.sectors.iter().map(|s| s / 4).collect();
                lines.dedup();
                LaneRow::Sectors {
                    lane: l.lane,
                    address: format!("{:#x}", l.addr),
                    sectors: l.sectors,
                    lines,
                }
            })
            .collect(),
        Kind::Constant => layout::constant_words(a)
            .iter()
            .map(|(w, mask)| LaneRow::Constant {
                address: format!("{:#x}", w * 4),
                lanes: format!("{mask:#010x}"),
            })
            .collect(),
    }
}

fn picture(p: &Picture) -> PictureRow<'_> {
    let a = &p.access;
    PictureRow {
        pc: pc_text(p.pc),
        text: &p.text,
        cta: p.cta,
        warp: p.warp,
        space: a.space.name(),
        access: match a.kind {
            gpumem_mem::AccessKind::Load => "load",
            gpumem_mem::AccessKind::Store => "store",
        },
        atomic: a.rmw.is_some(),
        bytes_per_lane: a.bytes,
        mask: format!("{:#010x}", a.mask),
        data_lanes: format!("{:#010x}", a.data_lanes()),
        picture: match kind_of(a.space) {
            Kind::Shared => "shared",
            Kind::Sectors => "sectors",
            Kind::Constant => "constant",
        },
        lanes: lanes(p),
        cost: &p.cost,
        sample: &p.sample,
        totals: p.totals.as_ref().map(|t| TotalsRow {
            executed: t.stats.executed,
            accesses: t.stats.accesses,
            lines_128: t.stats.lines_128,
            sectors_32: t.stats.sectors_32,
            bank_conflict_degree: t.stats.bank_conflict_degree,
            shared_wavefronts: t.stats.wavefronts,
            timing: t.timing.as_ref(),
        }),
    }
}

/// The explanation as one JSON document: the run (program, timing preset, the execution
/// pictured), how it ended (`warp_instructions`, `stopped`, `faults` in `gpumem run
/// --json`'s layout, `faults_dropped`), and a picture per memory instruction: its lanes
/// (by kind), the memory model's cost and the cold hierarchy's figures of that one
/// execution, and the whole run's totals for the instruction.
pub fn json(e: &Explanation) -> Value {
    let doc = Document {
        program: &e.program,
        timing: e.timing.as_deref(),
        cta: e.select.cta,
        warp: e.select.warp,
        warp_instructions: e.warp_instructions,
        stopped: e.stopped,
        faults: e.faults.iter().map(FaultRow::maxwell).collect(),
        faults_dropped: e.faults_dropped,
        records_not_kept: e.dropped,
        pictures: e.pictures.iter().map(picture).collect(),
    };
    // Every key is a string and every number finite: serialising cannot fail.
    serde_json::to_value(doc).unwrap_or_default()
}
