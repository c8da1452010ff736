//! Semantics of the non-memory rows of the Maxwell table (gpumem_maxwell::alu),
//! lane by lane. Each instruction is resolved once per launch ([`Pre`]): its
//! operation (the row's [`Op`]) and its modifier values by [`ModId`], so the
//! per-execution path never compares strings.

use crate::exec::{Emulator, WarpView, lanes};
use crate::fault::FaultKind;
use gpumem_maxwell::inst::MAX_OPERANDS;
use gpumem_maxwell::table::{ModId, Op, OpKind};
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::WARP;

/// Everything about one instruction that does not change while it runs: resolved
/// once per launch so that executing it never looks a modifier up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pre {
    /// The row's operation.
    pub op: Op,
    /// The value of each modifier group by [`ModId`] (`m[id as usize]`; 0 when the row
    /// has no such group; the first group of an id wins).
    pub m: [u8; ModId::COUNT],
    /// `.PO` (both negation bits).
    pub po: bool,
    /// The row's first operand is a predicate destination (LOP, LOP3's register form,
    /// LEA): the register operands follow it.
    pub pd_first: bool,
}

impl Default for Pre {
    fn default() -> Pre {
        Pre {
            op: Op::Nop,
            m: [0; ModId::COUNT],
            po: false,
            pd_first: false,
        }
    }
}

impl Pre {
    pub(crate) fn new(inst: &Inst) -> Pre {
        let mut m = [0u8; ModId::COUNT];
        for (k, g) in inst.op.mods.iter().enumerate().rev() {
            m[g.id as usize] = inst.mods[k];
        }
        Pre {
            op: inst.op.op,
            m,
            po: inst.po,
            pd_first: matches!(
                inst.op.operands.first(),
                Some(OpKind::Pred { write: true, .. })
            ),
        }
    }

    /// The value of modifier group `id`.
    #[inline]
    pub(crate) fn m(&self, id: ModId) -> u8 {
        self.m[id as usize]
    }
}

type R = Result<(), (FaultKind, String)>;

fn unsupported(what: impl Into<String>) -> R {
    Err((FaultKind::Unsupported, what.into()))
}

/// Where an operand's bits come from, resolved once per warp instruction.
#[derive(Clone, Copy)]
enum Src {
    /// A register: the index of lane 0's value in the register file.
    Reg(usize),
    /// The same value in every lane (RZ, immediates, constant-bank words).
    Val(u32),
}

struct Ctx<'a> {
    w: WarpView<'a>,
    ctaid: [u32; 3],
    o: &'a [Operand; MAX_OPERANDS],
    /// Every lane's bits of each operand, gathered once per warp instruction (before
    /// any lane writes: every operand is read before its lane's results are written,
    /// and lanes never read each other's registers).
    vals: [[u32; WARP]; MAX_OPERANDS],
    /// `(neg, abs, not)` of each operand.
    md: [(bool, bool, bool); MAX_OPERANDS],
}

impl Ctx<'_> {
    #[inline]
    fn set(&mut self, r: u8, lane: usize, v: u32) {
        if r != RZ {
            self.w.regs[r as usize * WARP + lane] = v;
        }
    }
    #[inline]
    fn pred(&self, p: u8, lane: usize) -> bool {
        p >= 7 || self.w.preds[lane] >> p & 1 != 0
    }
    fn set_pred(&mut self, p: u8, lane: usize, v: bool) {
        if p < 7 {
            if v {
                self.w.preds[lane] |= 1 << p;
            } else {
                self.w.preds[lane] &= !(1 << p);
            }
        }
    }
    fn carry(&self, lane: usize) -> u32 {
        *self.w.carry >> lane & 1
    }
    fn set_carry(&mut self, lane: usize, c: bool) {
        if c {
            *self.w.carry |= 1 << lane;
        } else {
            *self.w.carry &= !(1 << lane);
        }
    }

    /// Operand `k`'s source (constant words are read here, once).
    fn src_of(emu: &Emulator<'_>, o: &Operand) -> Src {
        match *o {
            Operand::Reg { r, .. } if r != RZ => Src::Reg(r as usize * WARP),
            Operand::Reg { .. } => Src::Val(0),
            Operand::Const { bank, off, .. } => Src::Val(emu.cword(bank, off)),
            Operand::Imm(i) => Src::Val(i as u32),
            Operand::FImm(b) => Src::Val(b),
            _ => Src::Val(0),
        }
    }

    /// The bits of operand `k`, no modifiers applied.
    #[inline]
    fn raw(&self, k: usize, lane: usize) -> u32 {
        self.vals[k][lane & (WARP - 1)]
    }

    /// An integer operand with its `-`, `|..|` and `~` applied.
    #[inline]
    fn ival(&self, k: usize, lane: usize) -> u32 {
        let v = self.raw(k, lane);
        let (neg, abs, not) = self.md[k];
        let v = if abs { (v as i32).unsigned_abs() } else { v };
        let v = if not { !v } else { v };
        if neg { v.wrapping_neg() } else { v }
    }

    /// A float operand with `-` and `|..|` applied (sign-bit operations).
    #[inline]
    fn fval(&self, k: usize, lane: usize) -> f32 {
        let mut v = self.raw(k, lane);
        let (neg, abs, _) = self.md[k];
        if abs {
            v &= 0x7fff_ffff;
        }
        if neg {
            v ^= 0x8000_0000;
        }
        f32::from_bits(v)
    }

    fn rd(inst: &Inst, k: usize) -> u8 {
        match inst.operands[k] {
            Operand::Reg { r, .. } => r,
            _ => RZ,
        }
    }

    #[inline]
    fn p_of(&self, k: usize, lane: usize) -> bool {
        match self.o[k] {
            Operand::Pred { p, neg } => self.pred(p, lane) != neg,
            _ => true,
        }
    }
}

fn mods(o: &Operand) -> (bool, bool, bool) {
    match *o {
        Operand::Reg { neg, abs, not, .. } => (neg, abs, not),
        Operand::Const { neg, abs, not, .. } => (neg, abs, not),
        _ => (false, false, false),
    }
}

fn pdst(o: &Operand) -> u8 {
    match *o {
        Operand::Pred { p, .. } => p,
        _ => 7,
    }
}

fn bop(op: u8, a: bool, b: bool) -> bool {
    match op {
        0 => a && b,
        1 => a || b,
        _ => a != b,
    }
}

fn icmp(cmp: u8, a: u32, b: u32, signed: bool) -> bool {
    let o = if signed {
        (a as i32).cmp(&(b as i32))
    } else {
        a.cmp(&b)
    };
    use std::cmp::Ordering::*;
    match cmp {
        0 => false,
        1 => o == Less,
        2 => o == Equal,
        3 => o != Greater,
        4 => o == Greater,
        5 => o != Equal,
        6 => o != Less,
        _ => true,
    }
}

/// Rounding of a float result: 0 RN, 1 RM, 2 RP, 3 RZ.
pub fn round_f32(x: f64, mode: u8) -> f32 {
    let r = x as f32;
    if x.is_nan() || mode == 0 {
        return r;
    }
    let rf = r as f64;
    match mode {
        1 if rf > x => r.next_down(),
        2 if rf < x => r.next_up(),
        3 if rf.abs() > x.abs() => {
            if r > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        _ => r,
    }
}

fn ftz(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

fn sat(x: f32) -> f32 {
    if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }
}

pub(crate) fn exec(
    emu: &Emulator<'_>,
    w: WarpView<'_>,
    inst: &Inst,
    pre: &Pre,
    guard: u32,
    ctaid: [u32; 3],
) -> R {
    let o = &inst.operands;
    let mut vals = [[0u32; WARP]; MAX_OPERANDS];
    for (v, x) in vals.iter_mut().zip(o.iter()) {
        match Ctx::src_of(emu, x) {
            Src::Reg(base) => v.copy_from_slice(&w.regs[base..base + WARP]),
            Src::Val(0) => {}
            Src::Val(x) => *v = [x; WARP],
        }
    }
    let mut c = Ctx {
        w,
        ctaid,
        o,
        vals,
        md: o.map(|x| mods(&x)),
    };
    let po = pre.po;
    match pre.op {
        Op::Mov => {
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let v = c.raw(1, l);
                c.set(d, l, v);
            }
        }
        Op::S2r => {
            let d = Ctx::rd(inst, 0);
            let Operand::SReg(sr) = o[1] else {
                return unsupported(format!("{} operand", inst.op.name));
            };
            let block = emu.block();
            for l in lanes(guard) {
                let t = c.w.tid[l];
                let lane = l as u32;
                let v = match sr {
                    0 => lane,
                    33..=35 => t[(sr - 33) as usize],
                    37..=39 => c.ctaid[(sr - 37) as usize],
                    40 => block[0] | block[1] << 16,
                    56 => 1 << lane,
                    57 => (1u32 << lane) - 1,
                    58 => ((1u64 << (lane + 1)) - 1) as u32,
                    59 => !(((1u64 << (lane + 1)) - 1) as u32),
                    60 => !((1u32 << lane) - 1),
                    1 | 80 => emu.steps() as u32,
                    81 => (emu.steps() >> 32) as u32,
                    3 => c.w.id,
                    _ => 0,
                };
                c.set(d, l, v);
            }
        }
        Op::Iadd => {
            let d = Ctx::rd(inst, 0);
            let x = pre.m(ModId::X) == 1;
            let cc = pre.m(ModId::Cc) == 1;
            let satf = pre.m(ModId::Sat) == 1;
            let neg_imm = pre.m(ModId::Neg) == 1;
            let (na, nb) = (mods(&o[1]).0, mods(&o[2]).0 || neg_imm);
            for l in lanes(guard) {
                let a = c.raw(1, l);
                let b = c.raw(2, l);
                let (ai, bi, cin) = if po {
                    (a, b, 1)
                } else {
                    let ai = if na { !a } else { a };
                    let bi = if nb { !b } else { b };
                    let cin = if x { c.carry(l) } else { na as u32 + nb as u32 };
                    (ai, bi, cin)
                };
                let sum = ai as u64 + bi as u64 + cin as u64;
                let mut r = sum as u32;
                if satf && !x {
                    let sa = if na {
                        -(a as i32 as i64)
                    } else {
                        a as i32 as i64
                    };
                    let sb = if nb {
                        -(b as i32 as i64)
                    } else {
                        b as i32 as i64
                    };
                    r = (sa + sb).clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
                }
                c.set(d, l, r);
                if cc {
                    c.set_carry(l, sum >> 32 != 0);
                }
            }
        }
        Op::Iadd3 => {
            let d = Ctx::rd(inst, 0);
            let x = pre.m(ModId::X) == 1;
            let cc = pre.m(ModId::Cc) == 1;
            let shift = pre.m(ModId::Shift);
            let halves = [
                pre.m(ModId::HalfA),
                pre.m(ModId::HalfB),
                pre.m(ModId::HalfC),
            ];
            let neg_imm = pre.m(ModId::Neg) == 1;
            for l in lanes(guard) {
                let mut v = [0i64; 3];
                for k in 0..3 {
                    let raw = c.raw(k + 1, l);
                    let raw = match halves[k] {
                        1 => raw & 0xffff,
                        2 => raw >> 16,
                        _ => raw,
                    } as i64;
                    let neg = mods(&o[k + 1]).0 || (k == 1 && neg_imm);
                    v[k] = if neg { -raw } else { raw };
                }
                let ab = v[0] + v[1];
                let ab = match shift {
                    1 => ((ab as u64 & 0x3_ffff_ffff) >> 16) as i64,
                    2 => ab << 16,
                    _ => ab,
                };
                let sum = ab + v[2] + if x { c.carry(l) as i64 } else { 0 };
                c.set(d, l, sum as u32);
                if cc {
                    c.set_carry(l, (sum as u64 >> 32) & 1 != 0);
                }
            }
        }
        Op::Iscadd => {
            let d = Ctx::rd(inst, 0);
            let cc = pre.m(ModId::Cc) == 1;
            let neg_imm = pre.m(ModId::Neg) == 1;
            let Operand::Imm(sh) = o[3] else {
                return unsupported(format!("{} shift", inst.op.name));
            };
            for l in lanes(guard) {
                let a = c.ival(1, l);
                let b = c.ival(2, l);
                let b = if neg_imm { b.wrapping_neg() } else { b };
                let sum = ((a << (sh & 31)) as u64) + b as u64 + po as u64;
                c.set(d, l, sum as u32);
                if cc {
                    c.set_carry(l, sum >> 32 != 0);
                }
            }
        }
        Op::Lea => {
            let pd = pdst(&o[0]);
            let d = Ctx::rd(inst, 1);
            let x = pre.m(ModId::X) == 1;
            let cc = pre.m(ModId::Cc) == 1;
            let sh = match o[4] {
                Operand::Imm(s) => (s & 31) as u32,
                _ => 0,
            };
            for l in lanes(guard) {
                let a = c.ival(2, l);
                let b = c.raw(3, l);
                let sum = ((a << sh) as u64) + b as u64 + if x { c.carry(l) as u64 } else { 0 };
                c.set(d, l, sum as u32);
                c.set_pred(pd, l, sum >> 32 != 0);
                if cc {
                    c.set_carry(l, sum >> 32 != 0);
                }
            }
        }
        Op::Xmad => {
            let d = Ctx::rd(inst, 0);
            let sign = pre.m(ModId::Sign);
            let psl = pre.m(ModId::Psl) == 1;
            let cmode = pre.m(ModId::Cmode);
            let mrg = pre.m(ModId::Mrg) == 1;
            let x = pre.m(ModId::X) == 1;
            let cc = pre.m(ModId::Cc) == 1;
            let ha = pre.m(ModId::H1a) == 1;
            let hb = pre.m(ModId::H1b) == 1;
            if cmode == 3 {
                return unsupported(format!("{}.CSFU", inst.op.name));
            }
            for l in lanes(guard) {
                let a = c.raw(1, l);
                let b = c.raw(2, l);
                let cv = c.raw(3, l);
                let a16 = if ha { a >> 16 } else { a & 0xffff };
                let b16 = if hb { b >> 16 } else { b & 0xffff };
                let ae = if sign & 1 != 0 {
                    a16 as u16 as i16 as i64
                } else {
                    a16 as i64
                };
                let be = if sign & 2 != 0 {
                    b16 as u16 as i16 as i64
                } else {
                    b16 as i64
                };
                let mut p = (ae * be) as u32;
                if psl {
                    p <<= 16;
                }
                let cx = match cmode {
                    1 => cv & 0xffff,
                    2 => cv >> 16,
                    4 => cv.wrapping_add(b << 16),
                    _ => cv,
                };
                let sum = p as u64 + cx as u64 + if x { c.carry(l) as u64 } else { 0 };
                let mut r = sum as u32;
                if mrg {
                    r = (r & 0xffff) | (b << 16);
                }
                c.set(d, l, r);
                if cc {
                    c.set_carry(l, sum >> 32 != 0);
                }
            }
        }
        Op::Isetp => {
            if pre.m(ModId::X) == 1 {
                return unsupported(format!(
                    "{}.X (needs the zero flag of the CC register)",
                    inst.op.name
                ));
            }
            let cmp = pre.m(ModId::Cmp);
            let signed = pre.m(ModId::U32) == 1;
            let b = pre.m(ModId::Bop);
            let (p0, p1) = (pdst(&o[0]), pdst(&o[1]));
            for l in lanes(guard) {
                let t = icmp(cmp, c.raw(2, l), c.ival(3, l), signed);
                let pc = c.p_of(4, l);
                c.set_pred(p0, l, bop(b, t, pc));
                c.set_pred(p1, l, bop(b, !t, pc));
            }
        }
        Op::Psetp => {
            let (b1, b2) = (pre.m(ModId::Bop1), pre.m(ModId::Bop));
            let (p0, p1) = (pdst(&o[0]), pdst(&o[1]));
            for l in lanes(guard) {
                let t = bop(b1, c.p_of(2, l), c.p_of(3, l));
                let pc = c.p_of(4, l);
                c.set_pred(p0, l, bop(b2, t, pc));
                c.set_pred(p1, l, bop(b2, !t, pc));
            }
        }
        Op::Pset => {
            let (b1, b2) = (pre.m(ModId::Bop1), pre.m(ModId::Bop));
            let bf = pre.m(ModId::Bf) == 1;
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let t = bop(b2, bop(b1, c.p_of(1, l), c.p_of(2, l)), c.p_of(3, l));
                let v = match (t, bf) {
                    (false, _) => 0,
                    (true, true) => 1.0f32.to_bits(),
                    (true, false) => u32::MAX,
                };
                c.set(d, l, v);
            }
        }
        Op::Imnmx => {
            if pre.m(ModId::Ext) != 0 {
                return unsupported(format!("{} extended modes", inst.op.name));
            }
            let signed = pre.m(ModId::U32) == 1;
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let (a, b) = (c.raw(1, l), c.ival(2, l));
                let min = c.p_of(3, l);
                let a_lt = if signed {
                    (a as i32) < (b as i32)
                } else {
                    a < b
                };
                let r = if a_lt == min { a } else { b };
                c.set(d, l, r);
            }
        }
        Op::Sel => {
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let v = if c.p_of(3, l) {
                    c.raw(1, l)
                } else {
                    c.ival(2, l)
                };
                c.set(d, l, v);
            }
        }
        Op::Lop => {
            let lop = pre.m(ModId::Lop);
            let inv = pre.m(ModId::Inv) == 1;
            let ptest = pre.m(ModId::Ptest);
            let (pd, di, ai) = if pre.pd_first {
                (pdst(&o[0]), 1, 2)
            } else {
                (7, 0, 1)
            };
            let d = Ctx::rd(inst, di);
            for l in lanes(guard) {
                let a = c.ival(ai, l);
                let b = c.ival(ai + 1, l);
                let b = if inv { !b } else { b };
                let r = match lop {
                    0 => a & b,
                    1 => a | b,
                    2 => a ^ b,
                    _ => b,
                };
                c.set(d, l, r);
                let p = match ptest {
                    1 => true,
                    2 => r == 0,
                    3 => r != 0,
                    _ => false,
                };
                c.set_pred(pd, l, p);
            }
        }
        Op::Lop3 => {
            let (pd, base) = if pre.pd_first {
                (pdst(&o[0]), 1)
            } else {
                (7, 0)
            };
            let d = Ctx::rd(inst, base);
            let Operand::Imm(lut) = o[base + 4] else {
                return unsupported(format!("{} LUT", inst.op.name));
            };
            if pre.m(ModId::Cc) == 1 || pre.m(ModId::X) == 1 {
                return unsupported(format!("{} with .CC or .X", inst.op.name));
            }
            let lut = lut as u32 & 0xff;
            let ptest = pre.m(ModId::Ptest);
            for l in lanes(guard) {
                let a = c.raw(base + 1, l);
                let b = c.raw(base + 2, l);
                let cv = c.raw(base + 3, l);
                let mut r = 0u32;
                for k in 0..8 {
                    if lut >> k & 1 != 0 {
                        let ma = if k & 4 != 0 { a } else { !a };
                        let mb = if k & 2 != 0 { b } else { !b };
                        let mc = if k & 1 != 0 { cv } else { !cv };
                        r |= ma & mb & mc;
                    }
                }
                c.set(d, l, r);
                let p = match ptest {
                    1 => true,
                    2 => r == 0,
                    3 => r != 0,
                    _ => false,
                };
                c.set_pred(pd, l, p);
            }
        }
        Op::Shl => {
            let d = Ctx::rd(inst, 0);
            let wrap = pre.m(ModId::W) == 1;
            for l in lanes(guard) {
                let a = c.raw(1, l);
                let s = c.ival(2, l);
                let r = if wrap {
                    a << (s & 31)
                } else if s >= 32 {
                    0
                } else {
                    a << s
                };
                c.set(d, l, r);
            }
        }
        Op::Shr => {
            if pre.m(ModId::Xmode) != 0 {
                return unsupported(format!("{}.X/.XHI", inst.op.name));
            }
            let d = Ctx::rd(inst, 0);
            let signed = pre.m(ModId::U32) == 1;
            let wrap = pre.m(ModId::W) == 1;
            let brev = pre.m(ModId::Brev) == 1;
            for l in lanes(guard) {
                let mut a = c.raw(1, l);
                if brev {
                    a = a.reverse_bits();
                }
                let s = c.ival(2, l);
                let s = if wrap { s & 31 } else { s.min(32) };
                let r = if signed {
                    ((a as i32 as i64) >> s) as u32
                } else {
                    ((a as u64) >> s) as u32
                };
                c.set(d, l, r);
            }
        }
        Op::Shf => {
            let d = Ctx::rd(inst, 0);
            let left = pre.m(ModId::Dir) == 0;
            let wrap = pre.m(ModId::W) == 1;
            let maxs = pre.m(ModId::MaxShift);
            let xhi = pre.m(ModId::Xhi);
            if xhi & 2 != 0 {
                return unsupported(format!("{}.X", inst.op.name));
            }
            for l in lanes(guard) {
                let lo = c.raw(1, l) as u64;
                let s = c.raw(2, l);
                let hi = c.raw(3, l) as u64;
                let v = (hi << 32) | lo;
                let s = if wrap {
                    s & 31
                } else if maxs >= 2 {
                    s.min(64)
                } else {
                    s.min(32)
                };
                let r = if left {
                    let sh = if s >= 64 { 0 } else { v << s };
                    (sh >> 32) as u32
                } else {
                    let sh = if maxs == 3 {
                        ((v as i64) >> s.min(63)) as u64
                    } else if s >= 64 {
                        0
                    } else {
                        v >> s
                    };
                    if xhi & 1 != 0 {
                        (sh >> 32) as u32
                    } else {
                        sh as u32
                    }
                };
                c.set(d, l, r);
            }
        }
        Op::Bfe => {
            let d = Ctx::rd(inst, 0);
            let signed = pre.m(ModId::U32) == 1;
            let brev = pre.m(ModId::Brev) == 1;
            for l in lanes(guard) {
                let mut a = c.raw(1, l);
                if brev {
                    a = a.reverse_bits();
                }
                let b = c.ival(2, l);
                let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
                let r = if len == 0 {
                    0
                } else {
                    let msb = (pos + len - 1).min(31);
                    let sbit = signed && (a >> msb) & 1 != 0;
                    let mut r = 0u32;
                    for i in 0..32 {
                        let bit = if i < len && pos + i <= 31 {
                            (a >> (pos + i)) & 1 != 0
                        } else {
                            sbit
                        };
                        r |= (bit as u32) << i;
                    }
                    r
                };
                c.set(d, l, r);
            }
        }
        Op::Bfi => {
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let a = c.raw(1, l);
                let b = c.raw(2, l);
                let base = c.raw(3, l);
                let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
                let mut r = base;
                for i in 0..len {
                    if pos + i > 31 {
                        break;
                    }
                    let bit = (a >> i) & 1;
                    r = (r & !(1 << (pos + i))) | (bit << (pos + i));
                }
                c.set(d, l, r);
            }
        }
        Op::Prmt => {
            let d = Ctx::rd(inst, 0);
            let mode = pre.m(ModId::Mode);
            if mode == 7 {
                return unsupported(format!("{} mode 7", inst.op.name));
            }
            for l in lanes(guard) {
                let a = c.raw(1, l);
                let sel = c.raw(2, l);
                let cv = c.raw(3, l);
                let pool = ((cv as u64) << 32) | a as u64;
                let byte = |i: u32| ((pool >> (8 * (i & 7))) & 0xff) as u32;
                let s = sel & 3;
                let mut r = 0u32;
                for i in 0..4u32 {
                    let v = match mode {
                        0 => {
                            let n = (sel >> (4 * i)) & 0xf;
                            let b = byte(n & 7);
                            if n & 8 != 0 {
                                if b & 0x80 != 0 { 0xff } else { 0 }
                            } else {
                                b
                            }
                        }
                        1 => byte(s + i),
                        2 => byte(s.wrapping_sub(i) & 7),
                        3 => byte(s),
                        4 => byte(i.max(s)),
                        5 => byte(i.min(s)),
                        _ => byte((s & 1) * 2 + (i & 1)),
                    };
                    r |= v << (8 * i);
                }
                c.set(d, l, r);
            }
        }
        Op::Popc => {
            let d = Ctx::rd(inst, 0);
            let inv = pre.m(ModId::Inv) == 1;
            for l in lanes(guard) {
                let b = c.ival(1, l);
                let b = if inv { !b } else { b };
                c.set(d, l, b.count_ones());
            }
        }
        Op::Flo => {
            let d = Ctx::rd(inst, 0);
            let signed = pre.m(ModId::U32) == 1;
            let sh = pre.m(ModId::Sh) == 1;
            let inv = pre.m(ModId::Inv) == 1;
            for l in lanes(guard) {
                let mut b = c.ival(1, l);
                if inv {
                    b = !b;
                }
                if signed && (b as i32) < 0 {
                    b = !b;
                }
                let r = if b == 0 {
                    u32::MAX
                } else if sh {
                    b.leading_zeros()
                } else {
                    31 - b.leading_zeros()
                };
                c.set(d, l, r);
            }
        }
        Op::Fadd => {
            let d = Ctx::rd(inst, 0);
            let f = pre.m(ModId::Ftz) == 1;
            let rnd = pre.m(ModId::Rnd);
            let s = pre.m(ModId::Sat) == 1;
            let (ni, ai) = (pre.m(ModId::Neg) == 1, pre.m(ModId::Abs) == 1);
            for l in lanes(guard) {
                let mut a = c.fval(1, l);
                let mut b = c.fval(2, l);
                if ai {
                    b = b.abs();
                }
                if ni {
                    b = -b;
                }
                if f {
                    (a, b) = (ftz(a), ftz(b));
                }
                let mut r = if rnd == 0 {
                    a + b
                } else {
                    round_f32(a as f64 + b as f64, rnd)
                };
                if f {
                    r = ftz(r);
                }
                if s {
                    r = sat(r);
                }
                c.set(d, l, r.to_bits());
            }
        }
        Op::Fmul => {
            let d = Ctx::rd(inst, 0);
            let fmz = pre.m(ModId::Fmz);
            let scale = pre.m(ModId::Scale);
            let rnd = pre.m(ModId::Rnd);
            let s = pre.m(ModId::Sat) == 1;
            let ni = pre.m(ModId::Neg) == 1;
            let factor = match scale {
                1 => 0.5,
                2 => 0.25,
                3 => 0.125,
                4 => 8.0,
                5 => 4.0,
                6 => 2.0,
                _ => 1.0,
            };
            for l in lanes(guard) {
                let mut a = c.fval(1, l);
                let mut b = c.fval(2, l);
                if ni {
                    b = -b;
                }
                if fmz != 0 {
                    (a, b) = (ftz(a), ftz(b));
                }
                let mut r = if rnd == 0 && factor == 1.0 {
                    a * b
                } else {
                    round_f32(a as f64 * b as f64 * factor, rnd)
                };
                if fmz == 2 && (a == 0.0 || b == 0.0) {
                    r = 0.0;
                }
                if fmz != 0 {
                    r = ftz(r);
                }
                if s {
                    r = sat(r);
                }
                c.set(d, l, r.to_bits());
            }
        }
        Op::Ffma => {
            let d = Ctx::rd(inst, 0);
            let fmz = pre.m(ModId::Fmz);
            let rnd = pre.m(ModId::Rnd);
            let s = pre.m(ModId::Sat) == 1;
            let ni = pre.m(ModId::Neg) == 1;
            for l in lanes(guard) {
                let mut a = c.fval(1, l);
                let mut b = c.fval(2, l);
                let mut cv = c.fval(3, l);
                if ni {
                    b = -b;
                }
                if fmz != 0 {
                    (a, b, cv) = (ftz(a), ftz(b), ftz(cv));
                }
                let mut r = if rnd == 0 {
                    a.mul_add(b, cv)
                } else {
                    round_f32((a as f64).mul_add(b as f64, cv as f64), rnd)
                };
                if fmz == 2 && (a == 0.0 || b == 0.0) {
                    r = cv;
                }
                if fmz != 0 {
                    r = ftz(r);
                }
                if s {
                    r = sat(r);
                }
                c.set(d, l, r.to_bits());
            }
        }
        Op::I2f => {
            if pre.m(ModId::Dst) != 2 {
                return unsupported(format!("{} to a format other than F32", inst.op.name));
            }
            let src = pre.m(ModId::Src);
            if src & 3 == 3 {
                return unsupported(format!("{} from a 64-bit integer", inst.op.name));
            }
            if pre.m(ModId::Cc) == 1 {
                return unsupported(format!("{}.CC", inst.op.name));
            }
            // Byte select: `.B1`-`.B3` of an 8-bit source, `.H1` (2) of a 16-bit one.
            let sel = pre.m(ModId::Sel);
            let shift = match (src & 3, sel) {
                (_, 0) => 0,
                (0, k) => 8 * k as u32,
                (1, 2) => 16,
                _ => {
                    return unsupported(format!(
                        "{} byte select of a 32-bit source or INVALIDSIZE",
                        inst.op.name
                    ));
                }
            };
            let rnd = pre.m(ModId::Rnd);
            let d = Ctx::rd(inst, 0);
            // The immediate form spells `-`/`|..|` as `.NEG`/`.ABS` modifier groups.
            let (neg, abs, _) = mods(&o[1]);
            let (neg, abs) = (neg || pre.m(ModId::Neg) == 1, abs || pre.m(ModId::Abs) == 1);
            for l in lanes(guard) {
                let b = c.raw(1, l) >> shift;
                let v: i64 = match src {
                    0 => (b & 0xff) as i64,
                    1 => (b & 0xffff) as i64,
                    2 => b as i64,
                    4 => b as u8 as i8 as i64,
                    5 => b as u16 as i16 as i64,
                    _ => b as i32 as i64,
                };
                let v = if abs { v.abs() } else { v };
                let v = if neg { -v } else { v };
                let r = if rnd == 0 {
                    v as f32
                } else {
                    round_f32(v as f64, rnd)
                };
                c.set(d, l, r.to_bits());
            }
        }
        Op::F2i => {
            if pre.m(ModId::Src) != 2 {
                return unsupported(format!("{} from a format other than F32", inst.op.name));
            }
            let dst = pre.m(ModId::Dst);
            if dst & 3 == 3 {
                return unsupported(format!("{} to a 64-bit integer", inst.op.name));
            }
            if pre.m(ModId::Cc) == 1 || pre.m(ModId::H1) == 1 {
                return unsupported(format!("{}.CC or a .H1 source", inst.op.name));
            }
            let rnd = pre.m(ModId::Rnd);
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let f = c.fval(1, l);
                let f = match rnd {
                    0 => f.round_ties_even(),
                    1 => f.floor(),
                    2 => f.ceil(),
                    _ => f.trunc(),
                };
                let r = match dst {
                    1 => (f as u32).min(0xffff),
                    2 => f as u32,
                    5 => (f as i32).clamp(-32768, 32767) as u32,
                    _ => f as i32 as u32,
                };
                c.set(d, l, r);
            }
        }
        _ => {
            return unsupported(format!("no functional model for {}", inst.op.form));
        }
    }
    Ok(())
}
