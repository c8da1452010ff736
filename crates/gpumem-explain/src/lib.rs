//! gpumem-explain: pictures of Maxwell warp memory accesses (`gpumem explain`).
//!
//! A launch manifest is run (`gpumem-run`) with CTA 0's trace kept
//! ([`gpumem_run::RunOptions::first_cta`]). For every memory instruction, the picture
//! shows **one execution**: the first execution, by the lowest-numbered warp of CTA 0
//! that made a memory record at that address. What the picture draws comes from the
//! memory model's per-lane views ([`gpumem_mem::layout`]); its figures from the model's
//! cost ([`gpumem_mem::model::cost`]) and the cold `gm204` hierarchy
//! ([`gpumem_mem::hierarchy`]) for that one record, beside the run's per-instruction
//! totals (the executor's statistics and, with `--timing`, the cycle model's).
//!
//! * shared: 32 lanes → 32 banks, each line coloured by the wavefront that serves it,
//!   banks serving more than one word in a phase (the conflicting ways) marked;
//! * global and local: lanes → 32-byte sectors → 128-byte lines;
//! * constant: lanes → the distinct 32-bit words (one serialised request each).
//!
//! Output: SVG ([`svg`]), a page of every memory instruction ([`html`]) and a terminal
//! rendering ([`text`]). The SVG is written here as text.
#![warn(missing_docs)]

mod draw;
mod json;

use gpumem_mem::hierarchy::{AccessTiming, Hierarchy, TimingParams};
use gpumem_mem::model::Cost;
use gpumem_mem::{Access, Space};
use gpumem_run::{AnyReport, RunError, RunOptions};
use gpumem_timing::InstTiming;
use gpumem_warp::exec::InstStats;
use std::path::Path;

pub use draw::{html, svg, text};
pub use json::json;

/// Why there is nothing to explain.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// The run itself failed (unreadable manifest, bad program ...).
    #[error("{0}")]
    Run(#[from] RunError),
    /// A Vega manifest: the pictures are of Maxwell warp accesses.
    #[error(
        "`gpumem explain` pictures Maxwell warp accesses; this is an `isa = \"vega\"` manifest"
    )]
    Vega,
    /// `--pc` names no instruction of the program.
    #[error("no instruction at pc {pc:#06x} (instructions are at {first:#06x} to {last:#06x})")]
    UnknownPc {
        /// The address asked for.
        pc: u64,
        /// The program's first instruction address.
        first: u64,
        /// Its last.
        last: u64,
    },
    /// `--pc` names an instruction that made no memory record.
    #[error("the instruction at pc {pc:#06x} ({text}) {why}")]
    NotMemory {
        /// The address asked for.
        pc: u64,
        /// Its text.
        text: String,
        /// `is not a memory instruction`, `was never executed`, ...
        why: String,
    },
    /// The program made no memory record in the CTA (or the warp) asked for.
    #[error("{who} executed no memory instruction (nothing to picture)")]
    NoMemory {
        /// `CTA 0`, `warp 1 of CTA 2`.
        who: String,
    },
    /// The first records of the CTA's memory instructions did not fit `[limits]
    /// max_trace_memory`: none (or not the `--pc` one) could be kept.
    #[error(
        "{who}'s first memory records pass limits.max_trace_memory ({dropped} not kept): raise it to picture them"
    )]
    TraceMemory {
        /// `CTA 0`, `warp 1 of CTA 2`.
        who: String,
        /// Records not kept.
        dropped: u64,
    },
    /// `--warp` names a warp the CTA does not have.
    #[error("CTA {cta} has {warps} warps (0 to {last}); there is no warp {warp}", last = warps.saturating_sub(1))]
    NoWarp {
        /// The CTA.
        cta: u32,
        /// The warp asked for.
        warp: u32,
        /// The CTA's warps.
        warps: u32,
    },
}

/// Which execution a picture shows: CTA `cta` (linear index; default 0) and, when
/// `warp` is given, that warp of it (else the lowest-numbered warp that made a record
/// at the instruction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Select {
    /// The CTA, by linear index (`x + y * gx + z * gx * gy`).
    pub cta: u32,
    /// The warp within the CTA.
    pub warp: Option<u32>,
}

impl Select {
    /// `CTA 2` or `warp 1 of CTA 2`.
    fn who(&self) -> String {
        match self.warp {
            Some(w) => format!("warp {w} of CTA {}", self.cta),
            None => format!("CTA {}", self.cta),
        }
    }
}

/// The run's totals for one instruction, over every execution.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    /// The executor's statistics (executions, records, sectors, lines, wavefronts).
    pub stats: InstStats,
    /// The cycle model's figures (`--timing`): requests, sectors vs ideal, latency,
    /// stalls.
    pub timing: Option<InstTiming>,
}

/// One memory instruction and the execution pictured.
#[derive(Clone, Debug)]
pub struct Picture {
    /// Instruction address.
    pub pc: u64,
    /// Instruction text.
    pub text: String,
    /// The CTA (linear index) whose execution is pictured.
    pub cta: u32,
    /// The warp of that CTA whose execution is pictured.
    pub warp: u32,
    /// The record pictured (a generic access reaching two spaces makes two records;
    /// the first is pictured).
    pub access: Access,
    /// The memory model's cost of this record.
    pub cost: Cost,
    /// The cold `gm204` hierarchy's figures for this record (tag lookups, latency,
    /// hits; its `cost` is [`Picture::cost`]).
    pub sample: AccessTiming,
    /// The run's totals for the instruction (`None` for a record made by hand).
    pub totals: Option<Totals>,
}

impl Picture {
    /// A picture of `access` made at `pc` by warp `warp` (of CTA 0; set [`Picture::cta`]
    /// for another).
    pub fn new(pc: u64, text: &str, warp: u32, access: Access, totals: Option<Totals>) -> Self {
        let cost = gpumem_mem::model::cost(&access);
        let sample = match Hierarchy::new(TimingParams::gm204()) {
            Ok(mut h) => h.access(0, 0, &access),
            Err(_) => AccessTiming::default(),
        };
        Picture {
            pc,
            text: text.trim().trim_end_matches(';').trim().to_string(),
            cta: 0,
            warp,
            access,
            cost,
            sample,
            totals,
        }
    }
}

/// Every memory instruction CTA 0 executed, in address order, each with its picture.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The manifest's program (for titles).
    pub program: String,
    /// The cycle model's preset, when the run was timed.
    pub timing: Option<String>,
    /// The execution pictured.
    pub select: Select,
    /// The pictures.
    pub pictures: Vec<Picture>,
    /// Instructions (per warp) whose first record was not kept because it passed
    /// `[limits] max_trace_memory` (they have no picture; 0 normally).
    pub dropped: u64,
    /// Warp instructions the run executed (all CTAs).
    pub warp_instructions: u64,
    /// Whether a limit (`limits.max_steps`, memory) stopped the run early: the totals
    /// cover what ran until then.
    pub stopped: bool,
    /// The run's faults, as `gpumem run` keeps them (a step-limit stop is one).
    pub faults: Vec<gpumem_warp::Fault>,
    /// Faults beyond the kept ones.
    pub faults_dropped: u64,
}

impl Explanation {
    /// Whether the run faulted or a limit stopped it (`gpumem explain` then exits 1, as
    /// `gpumem run` does).
    pub fn faulted(&self) -> bool {
        !self.faults.is_empty()
    }

    /// How the run ended, as `gpumem run` reports it: the warp instructions executed (a
    /// limit's stop said), then `no faults` or the faults grouped by instruction and
    /// kind with their first positioned message.
    pub fn run_text(&self) -> String {
        format!(
            "run: {} warp instructions{}{}",
            self.warp_instructions,
            if self.stopped {
                " (stopped by a limit: the figures cover the instructions executed until then)"
            } else {
                ""
            },
            gpumem_run::report::faults_text(&self.faults, self.faults_dropped)
        )
    }

    /// The note that says pictures are missing (`None` when none is).
    pub fn dropped_note(&self) -> Option<String> {
        (self.dropped > 0).then(|| {
            format!(
                "note: {} first memory record(s) of CTA {} were not kept: they passed \
                 limits.max_trace_memory, and their instructions are not pictured",
                self.dropped, self.select.cta
            )
        })
    }
}

/// Runs the manifest at `path` (with the cycle model when `timing`) and pictures its
/// memory instructions in CTA 0; `pc` keeps only the instruction at that address.
pub fn explain_manifest(
    path: &Path,
    timing: bool,
    pc: Option<u64>,
) -> Result<Explanation, ExplainError> {
    explain_manifest_at(path, timing, pc, Select::default())
}

/// [`explain_manifest`] for the CTA and warp `select` names (`gpumem explain --cta N
/// --warp W`).
pub fn explain_manifest_at(
    path: &Path,
    timing: bool,
    pc: Option<u64>,
    select: Select,
) -> Result<Explanation, ExplainError> {
    let opts = RunOptions {
        timing,
        first_cta: true,
        trace_cta: select.cta,
        ..RunOptions::default()
    };
    match gpumem_run::run(&gpumem_run::Launch::file(path).with(opts))? {
        AnyReport::Vega(_) => Err(ExplainError::Vega),
        AnyReport::Maxwell(r) => explain_report_at(&r, pc, select.warp),
    }
}

/// Pictures the memory instructions of a Maxwell report run with
/// [`RunOptions::first_cta`].
pub fn explain_report(
    r: &gpumem_run::Report,
    pc: Option<u64>,
) -> Result<Explanation, ExplainError> {
    explain_report_at(r, pc, None)
}

/// [`explain_report`] for warp `warp` of the traced CTA (else the lowest-numbered warp
/// that made a record at each instruction).
pub fn explain_report_at(
    r: &gpumem_run::Report,
    pc: Option<u64>,
    warp: Option<u32>,
) -> Result<Explanation, ExplainError> {
    let cta = r.first_cta.as_ref().map_or(0, |t| t.linear);
    let select = Select { cta, warp };
    if let (Some(w), Some(t)) = (warp, &r.first_cta)
        && w as usize >= t.warps.len()
    {
        return Err(ExplainError::NoWarp {
            cta,
            warp: w,
            warps: t.warps.len() as u32,
        });
    }
    if let Some(pc) = pc
        && !r.listing.iter().any(|(a, _)| *a == pc)
    {
        return Err(ExplainError::UnknownPc {
            pc,
            first: r.listing.first().map_or(0, |l| l.0),
            last: r.listing.last().map_or(0, |l| l.0),
        });
    }
    // The first record of every instruction, lowest warp first.
    let mut first: std::collections::BTreeMap<u64, (u32, Access)> = Default::default();
    if let Some(t) = &r.first_cta {
        for (w, recs) in t.warps.iter().enumerate() {
            if warp.is_some_and(|want| want as usize != w) {
                continue;
            }
            for (pc, a) in recs {
                let at = gpumem_warp::program::inst_addr(*pc as usize);
                first.entry(at).or_insert_with(|| (w as u32, a.clone()));
            }
        }
    }
    let totals = |at: u64| Totals {
        stats: r.stats.per_inst.get(&at).cloned().unwrap_or_default(),
        timing: r.timing.as_ref().and_then(|t| t.per_inst.get(&at).cloned()),
    };
    let text_at = |at: u64| {
        r.listing
            .iter()
            .find(|(a, _)| *a == at)
            .map_or(String::new(), |l| l.1.clone())
    };
    let dropped = r.first_cta.as_ref().map_or(0, |t| t.dropped);
    let pictures: Vec<Picture> = match pc {
        Some(pc) => {
            let Some((w, a)) = first.remove(&pc) else {
                if dropped > 0 {
                    return Err(ExplainError::TraceMemory {
                        who: select.who(),
                        dropped,
                    });
                }
                let st = r.stats.per_inst.get(&pc);
                let why = match st {
                    None => "was never executed".to_string(),
                    Some(s) if s.space.is_none() => "is not a memory instruction".to_string(),
                    Some(_) => format!(
                        "made no memory record in {} (not executed there, or its lanes were guarded off or faulted)",
                        select.who()
                    ),
                };
                return Err(ExplainError::NotMemory {
                    pc,
                    text: text_at(pc).trim().trim_end_matches(';').trim().to_string(),
                    why,
                });
            };
            vec![Picture {
                cta,
                ..Picture::new(pc, &text_at(pc), w, a, Some(totals(pc)))
            }]
        }
        None => first
            .into_iter()
            .map(|(at, (w, a))| Picture {
                cta,
                ..Picture::new(at, &text_at(at), w, a, Some(totals(at)))
            })
            .collect(),
    };
    // A run that faulted or stopped is reported with what pictures it has, none
    // included: the stop and the faults are the news.
    let ended_early = !r.faults.is_empty() || r.stopped;
    if pictures.is_empty() && dropped > 0 && !ended_early {
        return Err(ExplainError::TraceMemory {
            who: select.who(),
            dropped,
        });
    }
    if pictures.is_empty() && !ended_early {
        return Err(ExplainError::NoMemory { who: select.who() });
    }
    Ok(Explanation {
        program: r.program.clone(),
        timing: r.timing.as_ref().map(|t| t.preset.clone()),
        select,
        pictures,
        dropped,
        warp_instructions: r.stats.warp_instructions,
        stopped: r.stopped,
        faults: r.faults.clone(),
        faults_dropped: r.stats.faults_dropped,
    })
}

/// The kind of picture a record gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Lanes → banks.
    Shared,
    /// Lanes → sectors → lines (global, local).
    Sectors,
    /// Lanes → distinct words.
    Constant,
}

/// The picture kind of a space.
pub fn kind_of(space: Space) -> Kind {
    match space {
        Space::Shared => Kind::Shared,
        Space::Constant => Kind::Constant,
        Space::Global | Space::Buffer | Space::Local | Space::Scratch => Kind::Sectors,
    }
}
