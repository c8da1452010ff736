//! The state of a warp that the emulator and the instruction semantics share:
//! registers, predicates, carry, the reconvergence stack, lane masks.

use gpumem_maxwell::RZ;
use gpumem_maxwell::table::BarRed;
use gpumem_mem::WARP;

/// Registers per lane (R0-R254; RZ is not stored).
pub(crate) const NREGS: usize = 255;
/// Deepest reconvergence stack a warp may build.
pub const MAX_STACK: usize = 1024;

/// What pushed a reconvergence-stack entry, and so which instruction sends lanes to it
/// (SEMANTICS.md, "The reconvergence stack").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EntryKind {
    /// `SSY`: the lanes resume at the target once every lane of the region has `SYNC`ed.
    Ssy,
    /// A divergent `BRA`/`BRX`: the taken lanes, waiting to run.
    Div,
    /// `PBK`: the break target of a loop (`BRK` sends lanes here).
    Pbk,
    /// `PCNT`: the continue target of a loop (`CONT` sends lanes here).
    Pcnt,
    /// `CAL`/`JCAL`/`PRET`: the return address (`RET` sends lanes here).
    Call,
    /// `PEXIT`: an exit point (`EXIT` sends lanes here instead of ending them).
    Pexit,
    /// `PLONGJMP`: a long-jump target (`LONGJMP` sends lanes here).
    Plongjmp,
}

/// One reconvergence-stack entry: where the waiting lanes resume, and which.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub pc: usize,
    pub mask: u32,
    pub kind: EntryKind,
}

/// One warp: 32 lanes' registers and predicates, its pc, masks and stack.
pub(crate) struct Warp {
    pub regs: Vec<u32>,
    pub preds: [u8; WARP],
    pub carry: u32,
    /// IADD3's second carry bit, one bit per lane: a three-term `IADD3.CC` carries 0-3
    /// into `IADD3.X` (ptxas pairs every `IADD3.CC` with an `IADD3.X`, also for two
    /// high terms). Every other writer of the condition code clears it; only `IADD3.X`
    /// reads it (SEMANTICS.md, "Condition codes").
    pub carry2: u32,
    /// The condition code's zero flag, one bit per lane (SEMANTICS.md).
    pub zf: u32,
    /// The condition code's sign flag, one bit per lane.
    pub sf: u32,
    /// The condition code's overflow flag, one bit per lane (set by IADD/IADD32I `.CC`,
    /// cleared by every other `.CC` writer).
    pub of: u32,
    pub pc: usize,
    pub active: u32,
    pub exited: u32,
    pub stack: Vec<Entry>,
    pub at_bar: bool,
    /// The barrier the warp waits at (0-15) and the threads it waits for (a multiple
    /// of 32; 0 = every thread of the CTA).
    pub bar_id: u8,
    pub bar_count: u32,
    /// At a `BAR.RED`: the lanes that arrived (ran it) and those whose predicate was true.
    pub bar_lanes: u32,
    pub bar_pred: u32,
    /// The reduction the warp asked for at its `BAR.RED` (`None` at any other BAR).
    pub bar_red: Option<BarRed>,
    /// The reduction of the last `BAR.RED` the warp passed (what `B2R.RESULT` reads,
    /// `R2B.RESULT` writes).
    pub bar_result: u32,
    /// The base of the generic local window for this warp's LD/ST (the launch's
    /// `local_window` until a `SETLMEMBASE`; `GETLMEMBASE` reads it).
    pub lbase: u64,
    pub done: bool,
    pub id: u32,
    pub tid: [[u32; 3]; WARP],
    /// The warp's scoreboard (`scoreboard.rs`).
    pub sb: crate::scoreboard::WarpBoard,
}

impl Warp {
    #[inline]
    pub fn r(&self, r: u8, lane: usize) -> u32 {
        if r == RZ {
            0
        } else {
            self.regs[r as usize * WARP + lane]
        }
    }
    #[inline]
    pub fn set(&mut self, r: u8, lane: usize, v: u32) {
        if r != RZ {
            self.regs[r as usize * WARP + lane] = v;
        }
    }
    #[inline]
    pub fn p(&self, p: u8, lane: usize) -> bool {
        p >= 7 || self.preds[lane] >> p & 1 != 0
    }
}

/// The CTA-wide context of a warp.
pub(crate) struct CtaCtx {
    pub ctaid: [u32; 3],
    pub linear: u32,
}

impl Warp {
    /// The part of the warp the ALU semantics use.
    pub fn view(&mut self) -> WarpView<'_> {
        WarpView {
            regs: &mut self.regs,
            preds: &mut self.preds,
            carry: &mut self.carry,
            carry2: &mut self.carry2,
            zf: &mut self.zf,
            sf: &mut self.sf,
            of: &mut self.of,
            tid: &self.tid,
            id: self.id,
        }
    }

    /// Ends the current path: resumes the next stack entry with live lanes.
    pub fn pop(&mut self) {
        while let Some(e) = self.stack.pop() {
            let m = e.mask & !self.exited;
            if m != 0 {
                self.active = m;
                self.pc = e.pc;
                return;
            }
        }
        self.active = 0;
        self.done = true;
    }

    /// Sends the lanes `g` to the topmost entry of `kind` (BRK, CONT, RET): every entry
    /// above it forgets them, they leave the active mask, and the warp pops when no
    /// lane is left. `false` when the stack holds no such entry.
    pub fn unwind(&mut self, g: u32, kind: EntryKind) -> bool {
        let Some(k) = self.stack.iter().rposition(|e| e.kind == kind) else {
            return false;
        };
        for e in &mut self.stack[k + 1..] {
            e.mask &= !g;
        }
        self.active &= !g;
        if self.active == 0 {
            self.pop();
        }
        true
    }

    /// Ends every lane of the warp (after a fault).
    pub fn kill(&mut self) {
        self.exited = u32::MAX;
        self.active = 0;
        self.stack.clear();
        self.done = true;
    }
}

/// The part of a warp the ALU needs (registers, predicates, carry, thread ids).
pub(crate) struct WarpView<'a> {
    pub regs: &'a mut [u32],
    pub preds: &'a mut [u8; WARP],
    pub carry: &'a mut u32,
    pub carry2: &'a mut u32,
    pub zf: &'a mut u32,
    pub sf: &'a mut u32,
    pub of: &'a mut u32,
    pub tid: &'a [[u32; 3]; WARP],
    pub id: u32,
}

/// Per lane, up to four 32-bit words of data (one access).
pub(crate) type Lanes = [[u32; 4]; WARP];

/// The lanes set in `mask`, lowest first.
pub fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}
