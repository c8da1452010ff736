//! The state of a warp that the emulator and the instruction semantics share:
//! registers, predicates, carry, the reconvergence stack, lane masks.

use gpumem_maxwell::RZ;
use gpumem_mem::WARP;

/// Registers per lane (R0-R254; RZ is not stored).
pub(crate) const NREGS: usize = 255;
/// Deepest reconvergence stack a warp may build.
pub const MAX_STACK: usize = 1024;

/// One reconvergence-stack entry: where the waiting lanes resume, and which.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub pc: usize,
    pub mask: u32,
}

/// One warp: 32 lanes' registers and predicates, its pc, masks and stack.
pub(crate) struct Warp {
    pub regs: Vec<u32>,
    pub preds: [u8; WARP],
    pub carry: u32,
    /// The zero flag of the CC register, one bit per lane (ISETP.X/ISET.X read it).
    pub zero: u32,
    pub pc: usize,
    pub active: u32,
    pub exited: u32,
    pub stack: Vec<Entry>,
    pub at_bar: bool,
    pub done: bool,
    pub id: u32,
    pub tid: [[u32; 3]; WARP],
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
            zero: &mut self.zero,
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
    pub zero: &'a mut u32,
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
