//! Semantics of the non-memory rows of the Maxwell table (gpumem_maxwell::alu),
//! lane by lane. Each instruction is resolved once per launch ([`Pre`]): its
//! operation as an [`AluOp`] and its modifier values by group name ([`mi`]), so the
//! per-execution path never compares strings.

use crate::exec::{Emulator, WarpView, lanes};
use crate::fault::FaultKind;
use gpumem_maxwell::inst::MAX_OPERANDS;
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::WARP;

/// The operations this module models.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum AluOp {
    Mov,
    S2r,
    Iadd3,
    Iadd,
    Iscadd,
    Lea,
    Xmad,
    Isetp,
    Psetp,
    Pset,
    Imnmx,
    Sel,
    Lop3,
    Lop,
    Shl,
    Shr,
    Shf,
    Bfe,
    Bfi,
    Prmt,
    Popc,
    Flo,
    Fadd,
    Fmul,
    Ffma,
    I2f,
    F2i,
    /// A row with no functional model (`unsupported` when executed).
    #[default]
    Other,
}

impl AluOp {
    pub(crate) fn of(name: &str) -> AluOp {
        match name {
            "MOV" | "MOV32I" => AluOp::Mov,
            "IADD" | "IADD32I" => AluOp::Iadd,
            "LOP" | "LOP32I" => AluOp::Lop,
            "S2R" => AluOp::S2r,
            "IADD3" => AluOp::Iadd3,
            "ISCADD" => AluOp::Iscadd,
            "LEA" => AluOp::Lea,
            "XMAD" => AluOp::Xmad,
            "ISETP" => AluOp::Isetp,
            "PSETP" => AluOp::Psetp,
            "PSET" => AluOp::Pset,
            "IMNMX" => AluOp::Imnmx,
            "SEL" => AluOp::Sel,
            "LOP3" => AluOp::Lop3,
            "SHL" => AluOp::Shl,
            "SHR" => AluOp::Shr,
            "SHF" => AluOp::Shf,
            "BFE" => AluOp::Bfe,
            "BFI" => AluOp::Bfi,
            "PRMT" => AluOp::Prmt,
            "POPC" => AluOp::Popc,
            "FLO" => AluOp::Flo,
            "FADD" => AluOp::Fadd,
            "FMUL" => AluOp::Fmul,
            "FFMA" => AluOp::Ffma,
            "I2F" => AluOp::I2f,
            "F2I" => AluOp::F2i,
            _ => AluOp::Other,
        }
    }
}

/// Indices of the modifier groups the executor reads, by group name
/// ([`Pre::m`] holds `md(inst, name)` for each).
#[allow(non_upper_case_globals)]
pub(crate) mod mi {
    pub const ABS: usize = 0;
    pub const BF: usize = 1;
    pub const BREV: usize = 2;
    pub const CC: usize = 3;
    pub const FTZ: usize = 4;
    pub const HA: usize = 5;
    pub const HB: usize = 6;
    pub const INV: usize = 7;
    pub const MRG: usize = 8;
    pub const NEG: usize = 9;
    pub const PSL: usize = 10;
    pub const SAT: usize = 11;
    pub const SH: usize = 12;
    pub const U: usize = 13;
    pub const U32: usize = 14;
    pub const W: usize = 15;
    pub const X: usize = 16;
    pub const bop: usize = 17;
    pub const bop1: usize = 18;
    pub const cmode: usize = 19;
    pub const cmp: usize = 20;
    pub const dst: usize = 21;
    pub const ext: usize = 22;
    pub const fmz: usize = 23;
    pub const ha: usize = 24;
    pub const hb: usize = 25;
    pub const hc: usize = 26;
    pub const lop: usize = 27;
    pub const maxshift: usize = 28;
    pub const mode: usize = 29;
    pub const ptest: usize = 30;
    pub const rnd: usize = 31;
    pub const scale: usize = 32;
    pub const shift: usize = 33;
    pub const sign: usize = 34;
    pub const src: usize = 35;
    pub const xhi: usize = 36;
    pub const xmode: usize = 37;
    pub const H1: usize = 38;
    pub const sel: usize = 39;
    pub const COUNT: usize = 40;
    pub const NAMES: [&str; COUNT] = [
        "ABS", "BF", "BREV", "CC", "FTZ", "HA", "HB", "INV", "MRG", "NEG", "PSL", "SAT", "SH", "U",
        "U32", "W", "X", "bop", "bop1", "cmode", "cmp", "dst", "ext", "fmz", "ha", "hb", "hc",
        "lop", "maxshift", "mode", "ptest", "rnd", "scale", "shift", "sign", "src", "xhi", "xmode",
        "H1", "sel",
    ];
}

/// Everything about one instruction that does not change while it runs: resolved
/// once per launch so that executing it never looks a modifier up by name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pre {
    pub alu: AluOp,
    /// `md(inst, mi::NAMES[k])` for each k.
    pub m: [u8; mi::COUNT],
    /// `.PO` (both negation bits).
    pub po: bool,
}

impl Default for Pre {
    fn default() -> Pre {
        Pre {
            alu: AluOp::Other,
            m: [0; mi::COUNT],
            po: false,
        }
    }
}

impl Pre {
    pub(crate) fn new(inst: &Inst, po: bool) -> Pre {
        let mut m = [0u8; mi::COUNT];
        // The first group of a name wins, as in `md`.
        for (k, g) in inst.op.mods.iter().enumerate().rev() {
            if let Some(ix) = mi::NAMES.iter().position(|n| *n == g.name) {
                m[ix] = inst.mods[k];
            }
        }
        Pre {
            alu: AluOp::of(inst.op.name),
            m,
            po,
        }
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
    let form = inst.op.form;
    let m = &pre.m;
    let po = pre.po;
    match pre.alu {
        AluOp::Mov => {
            let d = Ctx::rd(inst, 0);
            for l in lanes(guard) {
                let v = c.raw(1, l);
                c.set(d, l, v);
            }
        }
        AluOp::S2r => {
            let d = Ctx::rd(inst, 0);
            let Operand::SReg(sr) = o[1] else {
                return unsupported("S2R operand");
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
        AluOp::Iadd => {
            let d = Ctx::rd(inst, 0);
            let x = m[mi::X] == 1;
            let cc = m[mi::CC] == 1;
            let satf = m[mi::SAT] == 1;
            let neg_imm = m[mi::NEG] == 1;
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
        AluOp::Iadd3 => {
            let d = Ctx::rd(inst, 0);
            let x = m[mi::X] == 1;
            let cc = m[mi::CC] == 1;
            let shift = m[mi::shift];
            let halves = [m[mi::ha], m[mi::hb], m[mi::hc]];
            let neg_imm = m[mi::NEG] == 1;
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
        AluOp::Iscadd => {
            let d = Ctx::rd(inst, 0);
            let cc = m[mi::CC] == 1;
            let neg_imm = m[mi::NEG] == 1;
            let Operand::Imm(sh) = o[3] else {
                return unsupported("ISCADD shift");
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
        AluOp::Lea => {
            let pd = pdst(&o[0]);
            let d = Ctx::rd(inst, 1);
            let x = m[mi::X] == 1;
            let cc = m[mi::CC] == 1;
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
        AluOp::Xmad => {
            let d = Ctx::rd(inst, 0);
            let sign = m[mi::sign];
            let psl = m[mi::PSL] == 1;
            let cmode = m[mi::cmode];
            let mrg = m[mi::MRG] == 1;
            let x = m[mi::X] == 1;
            let cc = m[mi::CC] == 1;
            let ha = m[mi::HA] == 1;
            let hb = m[mi::HB] == 1;
            if cmode == 3 {
                return unsupported("XMAD.CSFU");
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
        AluOp::Isetp => {
            if m[mi::X] == 1 {
                return unsupported("ISETP.X (needs the zero flag of the CC register)");
            }
            let cmp = m[mi::cmp];
            let signed = m[mi::U32] == 1;
            let b = m[mi::bop];
            let (p0, p1) = (pdst(&o[0]), pdst(&o[1]));
            for l in lanes(guard) {
                let t = icmp(cmp, c.raw(2, l), c.ival(3, l), signed);
                let pc = c.p_of(4, l);
                c.set_pred(p0, l, bop(b, t, pc));
                c.set_pred(p1, l, bop(b, !t, pc));
            }
        }
        AluOp::Psetp => {
            let (b1, b2) = (m[mi::bop1], m[mi::bop]);
            let (p0, p1) = (pdst(&o[0]), pdst(&o[1]));
            for l in lanes(guard) {
                let t = bop(b1, c.p_of(2, l), c.p_of(3, l));
                let pc = c.p_of(4, l);
                c.set_pred(p0, l, bop(b2, t, pc));
                c.set_pred(p1, l, bop(b2, !t, pc));
            }
        }
        AluOp::Pset => {
            let (b1, b2) = (m[mi::bop1], m[mi::bop]);
            let bf = m[mi::BF] == 1;
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
        AluOp::Imnmx => {
            if m[mi::ext] != 0 {
                return unsupported("IMNMX extended modes");
            }
            let signed = m[mi::U32] == 1;
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
        AluOp::Sel => {
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
        AluOp::Lop => {
            let lop = m[mi::lop];
            let inv = m[mi::INV] == 1;
            let ptest = m[mi::ptest];
            let (pd, di, ai) = if inst.op.name == "LOP" {
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
        AluOp::Lop3 => {
            let r_form = form == "LOP3_R";
            let (pd, base) = if r_form { (pdst(&o[0]), 1) } else { (7, 0) };
            let d = Ctx::rd(inst, base);
            let Operand::Imm(lut) = o[base + 4] else {
                return unsupported("LOP3 LUT");
            };
            if m[mi::CC] == 1 || m[mi::X] == 1 {
                return unsupported("LOP3 with .CC or .X");
            }
            let lut = lut as u32 & 0xff;
            let ptest = m[mi::ptest];
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
        AluOp::Shl => {
            let d = Ctx::rd(inst, 0);
            let wrap = m[mi::W] == 1;
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
        AluOp::Shr => {
            if m[mi::xmode] != 0 {
                return unsupported("SHR.X/.XHI");
            }
            let d = Ctx::rd(inst, 0);
            let signed = m[mi::U32] == 1;
            let wrap = m[mi::W] == 1;
            let brev = m[mi::BREV] == 1;
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
        AluOp::Shf => {
            let d = Ctx::rd(inst, 0);
            let left = form.starts_with("SHF_L");
            let wrap = m[mi::W] == 1;
            let maxs = m[mi::maxshift];
            let xhi = m[mi::xhi];
            if xhi & 2 != 0 {
                return unsupported("SHF.X");
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
        AluOp::Bfe => {
            let d = Ctx::rd(inst, 0);
            let signed = m[mi::U32] == 1;
            let brev = m[mi::BREV] == 1;
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
        AluOp::Bfi => {
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
        AluOp::Prmt => {
            let d = Ctx::rd(inst, 0);
            let mode = m[mi::mode];
            if mode == 7 {
                return unsupported("PRMT mode 7");
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
        AluOp::Popc => {
            let d = Ctx::rd(inst, 0);
            let inv = m[mi::INV] == 1;
            for l in lanes(guard) {
                let b = c.ival(1, l);
                let b = if inv { !b } else { b };
                c.set(d, l, b.count_ones());
            }
        }
        AluOp::Flo => {
            let d = Ctx::rd(inst, 0);
            let signed = m[mi::U32] == 1;
            let sh = m[mi::SH] == 1;
            let inv = m[mi::INV] == 1;
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
        AluOp::Fadd => {
            let d = Ctx::rd(inst, 0);
            let f = m[mi::FTZ] == 1;
            let rnd = m[mi::rnd];
            let s = m[mi::SAT] == 1;
            let (ni, ai) = (m[mi::NEG] == 1, m[mi::ABS] == 1);
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
        AluOp::Fmul => {
            let d = Ctx::rd(inst, 0);
            let fmz = m[mi::fmz];
            let scale = m[mi::scale];
            let rnd = m[mi::rnd];
            let s = m[mi::SAT] == 1;
            let ni = m[mi::NEG] == 1;
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
        AluOp::Ffma => {
            let d = Ctx::rd(inst, 0);
            let fmz = m[mi::fmz];
            let rnd = m[mi::rnd];
            let s = m[mi::SAT] == 1;
            let ni = m[mi::NEG] == 1;
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
        AluOp::I2f => {
            if m[mi::dst] != 2 {
                return unsupported("I2F to a format other than F32");
            }
            let src = m[mi::src];
            if src & 3 == 3 {
                return unsupported("I2F from a 64-bit integer");
            }
            if m[mi::CC] == 1 {
                return unsupported("I2F.CC");
            }
            // Byte select: `.B1`-`.B3` of an 8-bit source, `.H1` (2) of a 16-bit one.
            let sel = m[mi::sel];
            let shift = match (src & 3, sel) {
                (_, 0) => 0,
                (0, k) => 8 * k as u32,
                (1, 2) => 16,
                _ => return unsupported("I2F byte select of a 32-bit source or INVALIDSIZE"),
            };
            let rnd = m[mi::rnd];
            let d = Ctx::rd(inst, 0);
            // The immediate form spells `-`/`|..|` as `.NEG`/`.ABS` modifier groups.
            let (neg, abs, _) = mods(&o[1]);
            let (neg, abs) = (neg || m[mi::NEG] == 1, abs || m[mi::ABS] == 1);
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
        AluOp::F2i => {
            if m[mi::src] != 2 {
                return unsupported("F2I from a format other than F32");
            }
            let dst = m[mi::dst];
            if dst & 3 == 3 {
                return unsupported("F2I to a 64-bit integer");
            }
            if m[mi::CC] == 1 || m[mi::H1] == 1 {
                return unsupported("F2I.CC or a .H1 source");
            }
            let rnd = m[mi::rnd];
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
        AluOp::Other => {
            return unsupported(format!("no functional model for {}", inst.op.form));
        }
    }
    Ok(())
}
