//! The scoreboard checker's run-time twin: per warp, the six scoreboard barriers of the
//! variable-latency instructions it issued, set from each instruction's control slot and
//! cleared by later waits (the wait mask, `DEPBAR`), with the static checker's state and
//! transitions (`gpumem_maxwell::scoreboard`, stepped one instruction at a time; the
//! rules in `crates/gpumem-maxwell/LINTS.md`). The emulator stays
//! sequential (a load's value is in its register when the next instruction runs); what
//! this module adds is the report of every place where real hardware would have read or
//! clobbered a register too early: [`Hazard`]s, once per (instruction, producer) pair.
//!
//! The reads and writes of an instruction and its completion queue come from the static
//! checker ([`effects::effects`], [`sb::queue`]); the rules are `raw-barrier`,
//! `raw-no-barrier`, `waw-barrier` and `war-barrier` (the timing rules, `fixed-latency`
//! and the local ones, need a clock or no execution: see `SEMANTICS.md`, "Scoreboard
//! hazards").

use crate::program::{Program, inst_addr};
use gpumem_maxwell::Inst;
use gpumem_maxwell::lint::Rule;
use gpumem_maxwell::lint::effects::{self, Class, Loc, loc_name};
use gpumem_maxwell::scoreboard::{self as sb, Drain, NO_BAR, Waits};
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
    /// The wait mask, `DEPBAR`, and whether RET/JCAL drains the barriers (`LINTS.md`,
    /// "Calls").
    waits: Waits,
    wr: u8,
    rd: u8,
    /// Variable latency (sets barriers), else fixed.
    variable: bool,
    /// The completion queue ([`sb::queue`]), `u8::MAX` for fixed-latency ones.
    queue: u8,
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
            waits: Waits::new(inst.ctrl.wait & 0x3f, Some(inst)),
            wr: inst.ctrl.wr,
            rd: inst.ctrl.rd,
            variable,
            queue: if variable { sb::queue(inst) } else { u8::MAX },
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

/// What the run-time check keeps of a scoreboard entry: the lanes the producer ran in
/// (its guard); only their registers are pending.
type Lanes = u32;

/// One warp's scoreboard: what its variable-latency instructions still owe.
#[derive(Clone, Debug, Default)]
pub(crate) struct WarpBoard {
    board: sb::Board<Lanes>,
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
        for p in &self.board.pend {
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
                acts: f.waits.acts() || f.variable,
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
        let board = &mut wb.board;
        let facts = &self.facts;
        // 1. Waits: the wait mask, DEPBAR, a return.
        board.wait(f.waits.mask, |p| facts[p as usize].wr < 6);
        board.depbar(f.waits.le, f.waits.set);
        if f.waits.drain != Drain::No {
            board.drain();
        }
        // 2. Reads: a pending write of a register this instruction reads, in a lane
        // that reads it (the guard: every active lane; operands: the executing ones).
        let mut found: Vec<(Rule, u32, Loc, u8)> = Vec::new();
        for &(loc, is_guard) in f.reads.iter() {
            let lanes = if is_guard { active } else { guard };
            let hazards = board.raw(
                |p| p.data & lanes != 0,
                |prod| facts[prod as usize].writes.contains(&loc),
            );
            found.extend(hazards.map(|(c, p)| (c.into(), p.producer, loc, p.bar)));
        }
        // 3. Writes: over a source a pending instruction still reads, or a destination
        // a pending one will still write (a later instruction of the same completion
        // queue comes after both).
        for &w in f.writes.iter() {
            let hazards = board.overwrite(
                pc as u32,
                f.queue,
                |p| p.data & guard != 0,
                |prod| {
                    w < effects::PRED_BASE
                        && facts[prod as usize].reads.iter().any(|r| r.0 == w && !r.1)
                },
                |prod| facts[prod as usize].writes.contains(&w),
            );
            found.extend(hazards.map(|(c, p)| (c.into(), p.producer, w, p.bar)));
        }
        // 4. The barriers this instruction sets.
        if f.variable {
            let me = pc as u32;
            if f.wr < 6 {
                board.set(f.wr, false, me, f.queue, guard);
            } else if !f.writes.is_empty() {
                board.set_unbarriered(me, f.queue, guard);
            }
            if f.rd < 6 {
                board.set(f.rd, true, me, f.queue, guard);
            }
        }
        if f.waits.acts() || f.variable {
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
