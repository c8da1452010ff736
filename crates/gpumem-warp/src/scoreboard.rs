//! The scoreboard checker's run-time twin: per warp, the six scoreboard barriers of the
//! variable-latency instructions it issued, set from each instruction's control slot and
//! cleared by later waits (the wait mask, `DEPBAR`), under the same rules as the static
//! checker (`gpumem_maxwell::lint`, `crates/gpumem-maxwell/LINTS.md`). The emulator stays
//! sequential (a load's value is in its register when the next instruction runs); what
//! this module adds is the report of every place where real hardware would have read or
//! clobbered a register too early: [`Hazard`]s, once per (instruction, producer) pair.
//!
//! The reads and writes of an instruction and its completion queue come from the static
//! checker ([`effects::effects`], [`effects::queue`]); the rules are `raw-barrier`,
//! `raw-no-barrier`, `waw-barrier` and `war-barrier` (the timing rules, `fixed-latency`
//! and the local ones, need a clock or no execution: see `SEMANTICS.md`, "Scoreboard
//! hazards").

use crate::program::{Program, inst_addr};
use gpumem_maxwell::Inst;
use gpumem_maxwell::lint::Rule;
use gpumem_maxwell::lint::effects::{self, Class, Depbar, Loc, loc_name};
use gpumem_maxwell::table::{Addressing, ControlFlow};
use std::collections::HashSet;

/// Most hazards kept per launch (distinct (instruction, producer) pairs); later ones are
/// counted in [`Board::dropped`].
pub const MAX_HAZARDS: usize = 1000;

/// One scoreboard hazard met at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hazard {
    /// The static checker's rule it breaks (`raw-barrier`, `raw-no-barrier`,
    /// `waw-barrier`, `war-barrier`).
    pub rule: Rule,
    /// Byte address of the instruction that reads (or overwrites) too early.
    pub pc: u64,
    /// Byte address of the variable-latency producer whose barrier it did not wait on.
    pub other_pc: u64,
    /// The CTA (linear index) of the warp that met it first.
    pub cta: u32,
    /// The warp (index in its CTA) that met it first.
    pub warp: u32,
    /// The register, predicate or condition code involved (`R4`, `P0`, `CC`).
    pub register: String,
    /// The instructions, `"0x0018: FADD R1, R0, R0 ;"`: this one first, then the producer.
    pub instructions: [String; 2],
    /// What is wrong.
    pub message: String,
}

/// What the scoreboard needs of one instruction, resolved once per launch.
#[derive(Clone, Debug, Default)]
struct Facts {
    /// Sources: the location and whether it is the guard (read by every active lane).
    reads: Box<[(Loc, bool)]>,
    writes: Box<[Loc]>,
    wait: u8,
    wr: u8,
    rd: u8,
    /// Variable latency (sets barriers), else fixed.
    variable: bool,
    /// The completion queue ([`effects::queue`]), `u8::MAX` for fixed-latency ones.
    queue: u8,
    /// RET/JCAL: the barriers are taken as drained (`LINTS.md`, "Calls").
    drain: bool,
    depbar: Box<[Depbar]>,
    /// `writes` as a set.
    write_set: LocSet,
    /// The register operands read (what a read barrier protects) as a set.
    operand_set: LocSet,
}

impl Facts {
    fn new(inst: &Inst) -> Facts {
        let e = effects::effects(inst);
        let variable = effects::class(inst) == Class::Variable;
        Facts {
            write_set: loc_set(e.writes.iter().copied()),
            operand_set: loc_set(
                e.reads
                    .iter()
                    .filter(|r| !r.guard && r.loc < effects::PRED_BASE)
                    .map(|r| r.loc),
            ),
            reads: e.reads.iter().map(|r| (r.loc, r.guard)).collect(),
            writes: e.writes.into_boxed_slice(),
            wait: inst.ctrl.wait & 0x3f,
            wr: inst.ctrl.wr,
            rd: inst.ctrl.rd,
            variable,
            queue: if variable {
                effects::queue(inst)
            } else {
                u8::MAX
            },
            drain: matches!(
                inst.op.op.info().flow,
                ControlFlow::Return | ControlFlow::Call(Addressing::Absolute)
            ),
            depbar: effects::depbar(inst).into_boxed_slice(),
        }
    }
}

/// A set of locations (`R0`..`R254`, `P0`..`P6`, `CC`: 264 bits).
type LocSet = [u64; 5];

fn loc_set(locs: impl Iterator<Item = Loc>) -> LocSet {
    let mut m = [0; 5];
    for l in locs {
        m[l as usize / 64] |= 1 << (l % 64);
    }
    m
}

fn meets(a: &LocSet, b: &LocSet) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// The per-issue test of an instruction: whether it acts on the board itself, and the
/// locations it reads and writes (a hazard needs one of them pending).
#[derive(Clone, Copy, Debug, Default)]
struct Quick {
    /// Waits, DEPBAR, RET/JCAL, or a variable-latency instruction (sets barriers).
    acts: bool,
    reads: LocSet,
    writes: LocSet,
}

/// The entry of a variable-latency write that set no barrier.
const NO_BAR: u8 = 7;
/// No later instruction of the same queue set that barrier.
const NO_COVER: u8 = u8::MAX;
/// Saturation of the settings counters.
const LATER_MAX: u8 = 63;

/// A barrier setting (or a barrier-less variable-latency write) not yet waited on.
#[derive(Clone, Copy, Debug)]
struct Pend {
    bar: u8,
    /// A read barrier (the producer's sources), else a write barrier (its destinations).
    read: bool,
    /// The producer's instruction index.
    producer: u32,
    /// Settings of the same barrier since this one (for `DEPBAR.LE`).
    later: u8,
    /// In-order completion: per barrier `n`, the settings of `n` since the first later
    /// instruction of the same queue that set `n` ([`NO_COVER`]: none). Waiting on that
    /// instruction means this one completed too.
    cover: [u8; 6],
    queue: u8,
    /// The lanes the producer ran in (its guard): only their registers are pending.
    lanes: u32,
}

/// One warp's scoreboard: what its variable-latency instructions still owe.
#[derive(Clone, Debug, Default)]
pub(crate) struct WarpBoard {
    pend: Vec<Pend>,
    /// The locations pending write entries will write.
    writing: LocSet,
    /// The operand locations pending read entries still read.
    reading: LocSet,
}

impl WarpBoard {
    /// Recomputes the location sets after `pend` changed.
    fn refresh(&mut self, facts: &[Facts]) {
        self.writing = [0; 5];
        self.reading = [0; 5];
        for p in &self.pend {
            let f = &facts[p.producer as usize];
            let (dst, src) = if p.read {
                (&mut self.reading, &f.operand_set)
            } else {
                (&mut self.writing, &f.write_set)
            };
            for (d, s) in dst.iter_mut().zip(src) {
                *d |= s;
            }
        }
    }
}

/// The scoreboard of a launch: each instruction's facts, and the hazards met.
#[derive(Debug, Default)]
pub(crate) struct Board {
    on: bool,
    facts: Vec<Facts>,
    quick: Vec<Quick>,
    seen: HashSet<(u32, u32)>,
    /// The hazards met, in the order met (at most [`MAX_HAZARDS`]).
    pub hazards: Vec<Hazard>,
    /// Distinct hazards beyond [`MAX_HAZARDS`].
    pub dropped: u64,
}

impl Board {
    /// The board of `prog`; `on` = `LaunchConfig::hazards`.
    pub fn new(prog: &Program, on: bool) -> Board {
        let facts: Vec<Facts> = if on {
            prog.insts
                .iter()
                .map(|i| i.as_ref().map(Facts::new).unwrap_or_default())
                .collect()
        } else {
            Vec::new()
        };
        let quick = facts
            .iter()
            .map(|f| Quick {
                acts: f.wait != 0 || !f.depbar.is_empty() || f.drain || f.variable,
                reads: loc_set(f.reads.iter().map(|r| r.0)),
                writes: f.write_set,
            })
            .collect();
        Board {
            on,
            facts,
            quick,
            ..Board::default()
        }
    }

    /// Instruction `pc` issues on warp `(cta, warp)` whose board is `wb`, with `active`
    /// lanes of which `guard` execute it: its waits, its reads and writes checked
    /// against what is pending, then the barriers it sets.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn issue(
        &mut self,
        prog: &Program,
        wb: &mut WarpBoard,
        pc: usize,
        active: u32,
        guard: u32,
        cta: u32,
        warp: u32,
    ) {
        if !self.on {
            return;
        }
        let Some(q) = self.quick.get(pc) else { return };
        // Most instructions neither touch the board nor name a pending location.
        if !q.acts
            && !meets(&q.reads, &wb.writing)
            && !meets(&q.writes, &wb.writing)
            && !meets(&q.writes, &wb.reading)
        {
            return;
        }
        self.issue_slow(prog, wb, pc, active, guard, cta, warp);
    }

    #[allow(clippy::too_many_arguments)]
    fn issue_slow(
        &mut self,
        prog: &Program,
        wb: &mut WarpBoard,
        pc: usize,
        active: u32,
        guard: u32,
        cta: u32,
        warp: u32,
    ) {
        let f = &self.facts[pc];
        let pend = &mut wb.pend;
        // 1. Waits: the wait mask, DEPBAR, a return.
        if f.wait != 0 {
            for b in 0..6u8 {
                if f.wait & (1 << b) != 0 {
                    pend.retain(|p| p.bar != b && p.cover[b as usize] == NO_COVER);
                }
            }
            // A result written means the sources were read (`LINTS.md`).
            let facts = &self.facts;
            let done: Vec<u32> = pend
                .iter()
                .filter(|p| p.read && facts[p.producer as usize].wr < 6)
                .filter(|p| !pend.iter().any(|q| !q.read && q.producer == p.producer))
                .map(|p| p.producer)
                .collect();
            if !done.is_empty() {
                pend.retain(|p| !(p.read && done.contains(&p.producer)));
            }
        }
        for d in f.depbar.iter() {
            match *d {
                Depbar::Le(n, cnt) => pend.retain(|p| {
                    let own = p.bar == n && p.later >= cnt;
                    let covered =
                        n < 6 && p.cover[n as usize] != NO_COVER && p.cover[n as usize] >= cnt;
                    !(own || covered)
                }),
                Depbar::Set(mask) => pend.retain(|p| {
                    (p.bar >= 6 || mask & (1 << p.bar) == 0)
                        && (0..6).all(|n| mask & (1 << n) == 0 || p.cover[n] == NO_COVER)
                }),
            }
        }
        if f.drain {
            pend.clear();
        }
        // 2. Reads: a pending write of a register this instruction reads, in a lane
        // that reads it (the guard: every active lane; operands: the executing ones).
        let mut found: Vec<(Rule, u32, Loc, u8)> = Vec::new();
        for &(loc, is_guard) in f.reads.iter() {
            let lanes = if is_guard { active } else { guard };
            for p in pend.iter() {
                if !p.read
                    && p.lanes & lanes != 0
                    && self.facts[p.producer as usize].writes.contains(&loc)
                {
                    let rule = if p.bar == NO_BAR {
                        Rule::RawNoBarrier
                    } else {
                        Rule::RawBarrier
                    };
                    found.push((rule, p.producer, loc, p.bar));
                }
            }
        }
        // 3. Writes: over a source a pending instruction still reads, or a destination
        // a pending one will still write (a later instruction of the same completion
        // queue comes after both).
        for &w in f.writes.iter() {
            for p in pend.iter() {
                if p.lanes & guard == 0 || p.queue == f.queue {
                    continue;
                }
                let pf = &self.facts[p.producer as usize];
                if p.read && w < effects::PRED_BASE && pf.reads.iter().any(|r| r.0 == w && !r.1) {
                    found.push((Rule::WarBarrier, p.producer, w, p.bar));
                } else if !p.read && p.producer as usize != pc && pf.writes.contains(&w) {
                    found.push((Rule::WawBarrier, p.producer, w, p.bar));
                }
            }
        }
        // 4. The barriers this instruction sets.
        if f.variable {
            let (queue, me) = (f.queue, pc as u32);
            let set = |pend: &mut Vec<Pend>, bar: u8, read: bool| {
                for p in pend.iter_mut() {
                    if p.bar == bar {
                        p.later = (p.later + 1).min(LATER_MAX);
                    }
                    let c = &mut p.cover[bar as usize];
                    if *c != NO_COVER {
                        *c = (*c + 1).min(LATER_MAX);
                    } else if p.queue == queue && p.producer != me {
                        *c = 0;
                    }
                }
                pend.retain(|p| !(p.bar == bar && p.read == read && p.producer == me));
                pend.push(Pend {
                    bar,
                    read,
                    producer: me,
                    later: 0,
                    cover: [NO_COVER; 6],
                    queue,
                    lanes: guard,
                });
            };
            if f.wr < 6 {
                set(pend, f.wr, false);
            } else if !f.writes.is_empty() {
                pend.retain(|p| !(p.bar == NO_BAR && p.producer == me));
                pend.push(Pend {
                    bar: NO_BAR,
                    read: false,
                    producer: me,
                    later: 0,
                    cover: [NO_COVER; 6],
                    queue,
                    lanes: guard,
                });
            }
            if f.rd < 6 {
                set(pend, f.rd, true);
            }
        }
        if f.wait != 0 || !f.depbar.is_empty() || f.drain || f.variable {
            wb.refresh(&self.facts);
        }
        for (rule, producer, loc, bar) in found {
            self.record(prog, rule, pc, producer as usize, loc, bar, cta, warp);
        }
    }

    /// Forgets the hazards met (a worker's board, before its next CTA).
    pub(crate) fn reset(&mut self) {
        self.seen.clear();
        self.hazards.clear();
        self.dropped = 0;
    }

    /// Takes the hazards one CTA met on another board, as if met here in that order:
    /// pairs already seen are left out, those beyond [`MAX_HAZARDS`] counted.
    pub(crate) fn merge(&mut self, hazards: Vec<Hazard>) {
        for h in hazards {
            let key = |a: u64| crate::program::addr_index(a as i64).unwrap_or(0) as u32;
            if !self.seen.insert((key(h.pc), key(h.other_pc))) {
                continue;
            }
            if self.hazards.len() >= MAX_HAZARDS {
                self.dropped += 1;
            } else {
                self.hazards.push(h);
            }
        }
    }

    /// Records a hazard once per (instruction, producer) pair.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    fn record(
        &mut self,
        prog: &Program,
        rule: Rule,
        pc: usize,
        producer: usize,
        loc: Loc,
        bar: u8,
        cta: u32,
        warp: u32,
    ) {
        if !self.seen.insert((pc as u32, producer as u32)) {
            return;
        }
        if self.hazards.len() >= MAX_HAZARDS {
            self.dropped += 1;
            return;
        }
        let reg = loc_name(loc);
        let message = match rule {
            Rule::RawNoBarrier => {
                format!("reads {reg}, whose variable-latency producer set no write barrier")
            }
            Rule::RawBarrier => {
                format!("reads {reg} without waiting on its producer's write barrier SB{bar}")
            }
            Rule::WarBarrier => format!(
                "overwrites {reg}, a source of a variable-latency instruction, without waiting on its read barrier SB{bar}"
            ),
            _ if bar == NO_BAR => format!(
                "overwrites {reg} while a variable-latency write to it is pending, which set no write barrier"
            ),
            _ => format!(
                "overwrites {reg} while a variable-latency write to it is pending, without waiting on its write barrier SB{bar}"
            ),
        };
        let text = |i: usize| {
            format!(
                "{:#06x}: {}",
                inst_addr(i),
                prog.texts.get(i).map_or("", |s| s.as_str())
            )
        };
        self.hazards.push(Hazard {
            rule,
            pc: inst_addr(pc),
            other_pc: inst_addr(producer),
            cta,
            warp,
            register: reg,
            instructions: [text(pc), text(producer)],
            message,
        });
    }
}

impl crate::Emulator<'_> {
    /// The scoreboard hazards the launch met (`SEMANTICS.md`, "Scoreboard hazards"):
    /// once per (instruction, producer) pair, the first [`MAX_HAZARDS`] kept; empty when
    /// `LaunchConfig::hazards` is off.
    pub fn hazards(&self) -> &[Hazard] {
        &self.board.hazards
    }

    /// Distinct hazards met beyond the first [`MAX_HAZARDS`].
    pub fn hazards_dropped(&self) -> u64 {
        self.board.dropped
    }
}
