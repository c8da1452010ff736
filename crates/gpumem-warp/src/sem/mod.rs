//! Instruction semantics of the Maxwell rows that compute values, lane by lane, one
//! module per family, dispatched on the row's [`Op`]. Each instruction was resolved
//! once per launch ([`Pre`]): its operation and its modifier values by [`ModId`], so
//! the per-execution path never compares strings. Control flow ([`control`]) and
//! memory access records ([`memory`]) are here too; the emulator moves the data.
//!
//! [`ModId`]: gpumem_maxwell::table::ModId

mod bits;
mod ccset;
pub(crate) mod control;
mod convert;
mod double;
mod float;
mod fp;
mod fpcmp;
mod half;
mod imul;
mod integer;
mod logic;
pub(crate) mod memory;
pub(crate) mod missing;
mod moves;
mod preds;
mod sfu;
mod subword;
pub(crate) mod surface;
pub(crate) mod texture;
mod video;
mod vmad;
mod warpwide;

use crate::fault::FaultKind;
use crate::resolve::Pre;
use crate::warp::WarpView;
use gpumem_maxwell::inst::MAX_OPERANDS;
use gpumem_maxwell::table::{ModId, Op};
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::{ConstBanks, WARP};

/// What the ALU reads besides the warp: constant banks, the launch's shape, the clock.
pub(crate) struct Env<'a> {
    /// The constant banks (`c[bank][off]` operands).
    pub constant: &'a ConstBanks,
    /// Warp instructions executed so far (`SR_CLOCKLO`/`HI`).
    pub steps: u64,
    /// The block's dimensions (`SR_NTID`).
    pub block: [u32; 3],
    /// The CTA's index (`SR_CTAID`).
    pub ctaid: [u32; 3],
}

/// What executing an instruction gives: nothing, or a fault kind and its message.
pub(crate) type R = Result<(), (FaultKind, String)>;

fn unsupported(what: impl Into<String>) -> R {
    Err((FaultKind::Unsupported, what.into()))
}

/// An encoding that decodes but means nothing (a field value nvdisasm names `INVALID..`,
/// a select the source does not have, an operand no row of the op can hold).
fn invalid(what: impl Into<String>) -> R {
    Err((FaultKind::InvalidInstruction, what.into()))
}

/// Where an operand's bits come from, resolved once per warp instruction.
#[derive(Clone, Copy)]
enum Src {
    /// A register: the index of lane 0's value in the register file.
    Reg(usize),
    /// The same value in every lane (RZ, immediates, constant-bank words).
    Val(u32),
}

/// One warp instruction being executed: the warp's state, the instruction, its
/// launch-time resolution, the lanes it runs on, and its operands' bits.
pub(crate) struct Ctx<'a> {
    w: WarpView<'a>,
    env: &'a Env<'a>,
    inst: &'a Inst,
    pre: &'a Pre,
    guard: u32,
    ctaid: [u32; 3],
    o: &'a [Operand; MAX_OPERANDS],
    /// Every lane's bits of each operand, gathered once per warp instruction (before
    /// any lane writes: every operand is read before its lane's results are written,
    /// and lanes never read each other's registers).
    vals: [[u32; WARP]; MAX_OPERANDS],
    /// `(neg, abs, not)` of each operand.
    md: [(bool, bool, bool); MAX_OPERANDS],
    /// The instruction writes the condition code (`.CC`): each lane's destination value
    /// sets its zero and sign flags.
    cc: bool,
    /// The zero flags as the instruction found them: `.X` chains read them after the
    /// destination write has already set the new ones.
    zf0: u32,
}

impl Ctx<'_> {
    #[inline]
    fn set(&mut self, r: u8, lane: usize, v: u32) {
        if self.cc {
            let bit = 1u32 << lane;
            // Only IADD3 writes a second carry bit, after this.
            *self.w.carry2 &= !bit;
            *self.w.zf = if v == 0 {
                *self.w.zf | bit
            } else {
                *self.w.zf & !bit
            };
            *self.w.sf = if v >> 31 != 0 {
                *self.w.sf | bit
            } else {
                *self.w.sf & !bit
            };
            // Only IADD/IADD32I define an overflow; they set it after writing.
            *self.w.of &= !bit;
        }
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
    /// IADD3's carry in: 0-3, the carry and the second carry bit an `IADD3.CC` left.
    fn carry3(&self, lane: usize) -> u32 {
        self.carry(lane) | (*self.w.carry2 >> lane & 1) << 1
    }
    fn zero(&self, lane: usize) -> bool {
        *self.w.zf >> lane & 1 != 0
    }
    /// The extended comparison of ISETP.X/ISET.X: `a - b - !carry` as the high word of a
    /// wider subtraction whose low words set the CC register (`IADD RZ.CC, lo_a, -lo_b`):
    /// equality needs the zero flag too, the unsigned order reads the borrow, the
    /// signed order the sign and overflow of this word's difference.
    fn icmp_x(&self, cmp: u8, a: u32, b: u32, signed: bool, lane: usize) -> bool {
        let d = a as u64 + (!b) as u64 + self.carry(lane) as u64;
        let r = d as u32;
        let z = r == 0 && self.zero(lane);
        let lt = if signed {
            let n = r >> 31 != 0;
            let v = ((a ^ b) & (a ^ r)) >> 31 != 0;
            n != v
        } else {
            d >> 32 == 0
        };
        match cmp {
            0 => false,
            1 => lt,
            2 => z,
            3 => lt || z,
            4 => !lt && !z,
            5 => !z,
            6 => !lt,
            _ => true,
        }
    }

    /// Sets lane `lane`'s overflow flag: the signed overflow of the 32-bit addition
    /// `s1 + s2 (+ carry)` whose sum is `r` (both addends share a sign the sum lacks).
    fn set_add_overflow(&mut self, lane: usize, s1: u32, s2: u32, r: u32) {
        self.set_overflow(lane, ((s1 ^ r) & (s2 ^ r)) >> 31 != 0);
    }

    /// Sets lane `lane`'s overflow flag.
    fn set_overflow(&mut self, lane: usize, v: bool) {
        let bit = 1u32 << lane;
        *self.w.of = if v {
            *self.w.of | bit
        } else {
            *self.w.of & !bit
        };
    }

    /// The flags of a float `.CC` result `x` (FADD/FMUL/FFMA, DADD/DMUL/DFMA, F2F; in
    /// the destination's format): zero = x is ±0 or NaN, sign = x < 0 or NaN (so the
    /// compare tests read the result's order against 0, NaN unordered); carry and
    /// overflow cleared. Called after the destination is written.
    fn set_fcc(&mut self, lane: usize, x: f64) {
        let bit = 1u32 << lane;
        let (z, s) = (x == 0.0 || x.is_nan(), x < 0.0 || x.is_nan());
        for (flags, v) in [(&mut *self.w.zf, z), (&mut *self.w.sf, s)] {
            *flags = if v { *flags | bit } else { *flags & !bit };
        }
        *self.w.carry &= !bit;
        *self.w.of &= !bit;
    }

    /// Clears lane `lane`'s carry (integer `.CC` writers without a carry out: video ops).
    fn clear_carry(&mut self, lane: usize) {
        *self.w.carry &= !(1u32 << lane);
    }

    /// Writes the carry and zero flags directly (IMNMX's extended modes).
    fn set_flags(&mut self, lane: usize, c: bool, z: bool) {
        let bit = 1u32 << lane;
        *self.w.carry = if c {
            *self.w.carry | bit
        } else {
            *self.w.carry & !bit
        };
        *self.w.zf = if z {
            *self.w.zf | bit
        } else {
            *self.w.zf & !bit
        };
    }

    /// Writes the CC register of a `.CC` instruction: the carry `c` and the zero flag of
    /// its 32-bit result `r` (with `.X`, `x`, the zero flag chains: it stays set only if
    /// it was set before the instruction, so that a wide value is zero only when every
    /// word is).
    fn set_cc(&mut self, lane: usize, c: bool, r: u32, x: bool) {
        let z = r == 0 && (!x || self.zf0 >> lane & 1 != 0);
        let bit = 1u32 << lane;
        *self.w.carry = if c {
            *self.w.carry | bit
        } else {
            *self.w.carry & !bit
        };
        *self.w.zf = if z {
            *self.w.zf | bit
        } else {
            *self.w.zf & !bit
        };
    }

    /// Operand `k`'s source (constant words are read here, once).
    fn src_of(env: &Env<'_>, o: &Operand) -> Src {
        match *o {
            Operand::Reg { r, .. } if r != RZ => Src::Reg(r as usize * WARP),
            Operand::Reg { .. } => Src::Val(0),
            Operand::Const { bank, off, .. } => {
                Src::Val(env.constant.word(bank as u32, off as i64))
            }
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

    /// The high word of 64-bit operand `k`: register `R(r+1)` (RZ and R254 pair with
    /// zero), the constant word after `c[bank][off]`; an immediate's bits are the high
    /// word itself (so [`Ctx::raw`] of it is returned).
    #[inline]
    fn hi(&self, k: usize, lane: usize) -> u32 {
        match self.o[k] {
            Operand::Reg { r, .. } if r < RZ - 1 => self.w.regs[(r as usize + 1) * WARP + lane],
            Operand::Reg { .. } => 0,
            Operand::Const { bank, off, .. } => self.env.constant.word(bank as u32, off as i64 + 4),
            _ => self.raw(k, lane),
        }
    }

    /// The 64 bits of operand `k` (`{hi, lo}`; an immediate is the high word, low word 0).
    #[inline]
    fn raw64(&self, k: usize, lane: usize) -> u64 {
        match self.o[k] {
            Operand::Imm(_) | Operand::FImm(_) => (self.raw(k, lane) as u64) << 32,
            _ => (self.hi(k, lane) as u64) << 32 | self.raw(k, lane) as u64,
        }
    }

    /// A double operand with `-` and `|..|` applied.
    #[inline]
    fn dval(&self, k: usize, lane: usize) -> f64 {
        let mut v = self.raw64(k, lane);
        let (neg, abs, _) = self.md[k];
        if abs {
            v &= !(1 << 63);
        }
        if neg {
            v ^= 1 << 63;
        }
        f64::from_bits(v)
    }

    /// Folds the `.NEG`/`.ABS` suffix groups of an immediate operand into that operand's
    /// `(neg, abs, not)` so that [`Ctx::fval`]/[`Ctx::dval`]/[`Ctx::ival`] apply them.
    fn fold_imm_mods(&mut self) {
        for (g, &v) in self.inst.op.mods.iter().zip(self.inst.mods.iter()) {
            if let (Some(k), 1) = (g.at, v) {
                let m = &mut self.md[k as usize];
                match g.id {
                    ModId::Neg => m.0 = true,
                    ModId::Abs => m.1 = true,
                    _ => {}
                }
            }
        }
    }

    /// Writes the register pair `{Rd+1, Rd}`.
    #[inline]
    fn set64(&mut self, r: u8, lane: usize, v: u64) {
        self.set(r, lane, v as u32);
        if r < RZ - 1 {
            self.set(r + 1, lane, (v >> 32) as u32);
        }
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
pub(crate) fn round_f32(x: f64, mode: u8) -> f32 {
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

/// `.SAT`: `x` clamped to [0, 1]; NaN and every zero or negative value give +0 (a -0
/// result saturates to +0 on the GPU: SEMANTICS.md, "Held against silicon").
fn sat(x: f32) -> f32 {
    if x.is_nan() || x <= 0.0 {
        0.0
    } else {
        x.min(1.0)
    }
}

/// Executes a value-computing instruction on the lanes of `guard`.
pub(crate) fn exec(env: &Env<'_>, w: WarpView<'_>, inst: &Inst, pre: &Pre, guard: u32) -> R {
    let o = &inst.operands;
    let mut vals = [[0u32; WARP]; MAX_OPERANDS];
    for (v, x) in vals.iter_mut().zip(o.iter()) {
        match Ctx::src_of(env, x) {
            Src::Reg(base) => v.copy_from_slice(&w.regs[base..base + WARP]),
            Src::Val(0) => {}
            Src::Val(x) => *v = [x; WARP],
        }
    }
    let mut c = Ctx {
        w,
        env,
        inst,
        pre,
        guard,
        ctaid: env.ctaid,
        o,
        vals,
        md: o.map(|x| mods(&x)),
        cc: pre.m(ModId::Cc) == 1,
        zf0: 0,
    };
    c.zf0 = *c.w.zf;
    let c = &mut c;
    match pre.op {
        Op::Mov => moves::mov(c),
        Op::S2r => moves::s2r(c),
        Op::Iadd => integer::iadd(c),
        Op::Iadd3 => integer::iadd3(c),
        Op::Iscadd => integer::iscadd(c),
        Op::Lea => integer::lea(c),
        Op::Xmad => integer::xmad(c),
        Op::Imnmx => integer::imnmx(c),
        Op::Isetp => logic::isetp(c),
        Op::Psetp => logic::psetp(c),
        Op::Pset => logic::pset(c),
        Op::Sel => logic::sel(c),
        Op::Lop => logic::lop(c),
        Op::Lop3 => logic::lop3(c),
        Op::Shl => bits::shl(c),
        Op::Shr => bits::shr(c),
        Op::Shf => bits::shf(c),
        Op::Bfe => bits::bfe(c),
        Op::Bfi => bits::bfi(c),
        Op::Prmt => bits::prmt(c),
        Op::Popc => bits::popc(c),
        Op::Flo => bits::flo(c),
        Op::Fadd => float::fadd(c),
        Op::Fmul => float::fmul(c),
        Op::Ffma => float::ffma(c),
        Op::I2f => convert::i2f(c),
        Op::F2i => convert::f2i(c),
        Op::I2i => convert::i2i(c),
        Op::F2f => convert::f2f(c),
        Op::Fsetp => fpcmp::fsetp(c),
        Op::Fset => fpcmp::fset(c),
        Op::Fcmp => fpcmp::fcmp_sel(c),
        Op::Fmnmx => fpcmp::fmnmx(c),
        Op::Fchk => fpcmp::fchk(c),
        Op::Dsetp => fpcmp::dsetp(c),
        Op::Dset => fpcmp::dset(c),
        Op::Dmnmx => fpcmp::dmnmx(c),
        Op::Dadd => double::dadd(c),
        Op::Dmul => double::dmul(c),
        Op::Dfma => double::dfma(c),
        Op::Mufu => sfu::mufu(c),
        Op::Rro => sfu::rro(c),
        Op::Imul => imul::imul(c),
        Op::Imad => imul::imad(c),
        Op::Icmp => imul::icmp_sel(c),
        Op::Iset => imul::iset(c),
        Op::LeaHi => imul::lea_hi(c),
        Op::P2r => preds::p2r(c),
        Op::R2p => preds::r2p(c),
        Op::Cs2r => moves::s2r(c),
        Op::Vadd | Op::Vabsdiff | Op::Vmnmx | Op::Vset | Op::Vshl | Op::Vshr => video::video(c),
        Op::Vsetp => vmad::vsetp(c),
        Op::Vmad => vmad::vmad(c),
        Op::Cset => ccset::cset(c),
        Op::Fswzadd => float::fswzadd(c),
        Op::Csetp => ccset::csetp(c),
        Op::Hadd2 | Op::Hmul2 | Op::Hfma2 => half::arith(c),
        Op::Hset2 => half::hset2(c),
        Op::Hsetp2 => half::hsetp2(c),
        Op::Imadsp => subword::imadsp(c),
        Op::Vabsdiff4 => subword::vabsdiff4(c),
        Op::Idp => subword::idp(c),
        Op::Shfl => warpwide::shfl(c),
        Op::Vote => warpwide::vote(c),
        // Only `.QRY1` reaches here (resolve.rs: every other CCTL changes no value).
        Op::Cctl => Err((
            FaultKind::InvalidInstruction,
            "CCTL.QRY1: SPA 5.0's CCTL page says .QRY1 \"will signal an illegal instruction encoding\""
                .into(),
        )),
        // The graphics ops: their operands live in the graphics pipeline's state, which a
        // compute launch does not have.
        Op::Ald | Op::Ast => unsupported(format!(
            "{} needs the graphics pipeline's vertex/patch attribute state",
            inst.op.name
        )),
        Op::Ipa => unsupported(
            "IPA needs the graphics pipeline's attribute state (fragment interpolation)",
        ),
        Op::Al2p => unsupported(
            "AL2P needs the graphics pipeline's attribute state (its attribute-to-physical address map)",
        ),
        Op::Out => unsupported("OUT needs the graphics pipeline's geometry output stream state"),
        Op::Pixld => unsupported(
            "PIXLD needs the graphics pipeline's pixel state (coverage, sample positions)",
        ),
        Op::Isberd => unsupported(
            "ISBERD needs the graphics pipeline's ISBE state (the internal stage buffer)",
        ),
        // Graphics-pipeline rows (SEMANTICS.md, "Rows without a functional meaning").
        Op::VoteVtg => unsupported(
            "VOTE_VTG: a vote of the graphics pipeline's vertex, tessellation and geometry \
             (VTG) stages, state a compute launch does not have",
        ),
        Op::Stp => unsupported(
            "STP: no public source says what it does; it names no register and carries the \
             texture pipeline's phase (.T/.P), graphics state a compute launch does not have",
        ),
        _ => unsupported(missing::what(inst)),
    }
}
