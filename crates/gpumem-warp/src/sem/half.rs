//! Half precision (SM52 text): HADD2, HMUL2, HFMA2 (and their `_32I` forms), HSET2 and
//! HSETP2. A register holds two IEEE binary16 values, lane 0 in bits 0-15 (`H0`) and
//! lane 1 in bits 16-31 (`H1`); each lane is computed on its own, rounded once to
//! nearest even by `rustc_apfloat`'s soft-float (never the host's arithmetic). The
//! decisions (swizzles, `.F32`, `.MRG_H0/H1`, `.FTZ`/`.FMZ`, `.SAT`, NaNs, `.H_AND`) and
//! their sources are in SEMANTICS.md, "Half precision".

use super::fp::{NAN16, NAN32, f16_to_f32, f32_to_f16, fcmp};
use super::{Ctx, R, bop, sat, unsupported};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::{ModId, Op};
use rustc_apfloat::ieee::{Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round};

const RN: Round = Round::NearestTiesToEven;
/// f16 1.0: HSET2's true with `.BF`.
const ONE16: u16 = 0x3c00;

/// Where a source's 32 bits come from: one operand (a register or a constant word,
/// with its `-` and `|..|`), or an immediate pair (two operands: H1's f16 bits, then
/// H0's, as nvdisasm prints them).
#[derive(Clone, Copy)]
enum HSrc {
    One(usize),
    Pair(usize),
}

/// The sources of the instruction from operand `first` on (at most three), and the
/// index of its predicate operand (`Pc`) if it has one.
fn sources(c: &Ctx<'_>, first: usize) -> (Vec<HSrc>, Option<usize>) {
    let mut out = vec![];
    let mut pc = None;
    let mut k = first;
    while k < c.o.len() {
        match c.o[k] {
            Operand::Reg { .. } | Operand::Const { .. } => out.push(HSrc::One(k)),
            // An immediate pair: H1's operand, then H0's.
            Operand::FImm(_) if matches!(c.o.get(k + 1), Some(Operand::FImm(_))) => {
                out.push(HSrc::Pair(k));
                k += 1;
            }
            Operand::Pred { .. } => {
                pc = Some(k);
                break;
            }
            _ => break,
        }
        k += 1;
    }
    (out, pc)
}

/// Source `s`'s two f16 values `[H0, H1]` in lane `l`: the swizzle `swz` (0 both
/// halves as they are, 1 `.F32`: the word is an f32 rounded to f16 for both lanes,
/// 2 `.H0_H0`, 3 `.H1_H1`), then `|..|` and `-` on each half's sign bit.
fn halves(c: &Ctx<'_>, s: HSrc, swz: u8, l: usize) -> [u16; 2] {
    let (raw, k) = match s {
        HSrc::One(k) => (c.raw(k, l), Some(k)),
        HSrc::Pair(k) => (c.raw(k, l) << 16 | c.raw(k + 1, l) & 0xffff, None),
    };
    let (lo, hi) = (raw as u16, (raw >> 16) as u16);
    let mut v = match swz {
        0 => [lo, hi],
        1 => {
            let x = f32_to_f16(f32::from_bits(raw), 0);
            [x, x]
        }
        2 => [lo, lo],
        _ => [hi, hi],
    };
    if let Some(k) = k {
        let (neg, abs, _) = c.md[k];
        for x in &mut v {
            if abs {
                *x &= 0x7fff;
            }
            if neg {
                *x ^= 0x8000;
            }
        }
    }
    v
}

fn is_sub16(b: u16) -> bool {
    b & 0x7c00 == 0 && b & 0x03ff != 0
}
fn is_nan16(b: u16) -> bool {
    b & 0x7c00 == 0x7c00 && b & 0x03ff != 0
}
/// `.FTZ`: a subnormal f16 becomes a zero of its sign.
pub(crate) fn flush16(b: u16) -> u16 {
    if is_sub16(b) { b & 0x8000 } else { b }
}
fn h(b: u16) -> Half {
    Half::from_bits(b as u128)
}
fn single(b: u16) -> Single {
    let mut lost = false;
    h(b).convert_r(RN, &mut lost).value
}

/// The arithmetic of one lane: `a + b` (HADD2), `a * b` (HMUL2), `a * b + c` (HFMA2).
#[derive(Clone, Copy, PartialEq)]
enum Arith {
    Add,
    Mul,
    Fma,
}

/// How one lane's result is treated: `.FTZ`, `.FMZ`, `.SAT`.
#[derive(Clone, Copy)]
struct Mode {
    /// `.FTZ` or `.FMZ`: subnormal operands and results are flushed.
    flush: bool,
    /// `.FMZ`: a zero factor makes the product +0, whatever the other (inf, NaN).
    fmz: bool,
    /// `.SAT`: clamp to [0, 1], NaN to +0.
    sat: bool,
}

/// One lane's result as f16 bits (one rounding to nearest even).
fn lane16(op: Arith, m: Mode, a: u16, b: u16, cc: u16) -> u16 {
    let (a, b, cc) = if m.flush {
        (flush16(a), flush16(b), flush16(cc))
    } else {
        (a, b, cc)
    };
    let zero_product = m.fmz && op != Arith::Add && (a & 0x7fff == 0 || b & 0x7fff == 0);
    let at = |rnd: Round| {
        let r = match op {
            Arith::Add => h(a).add_r(h(b), rnd).value,
            Arith::Mul if zero_product => Half::ZERO,
            Arith::Mul => h(a).mul_r(h(b), rnd).value,
            Arith::Fma if zero_product => Half::ZERO.add_r(h(cc), rnd).value,
            Arith::Fma => h(a).mul_add_r(h(b), h(cc), rnd).value,
        };
        r.to_bits() as u16
    };
    let mut r = at(RN);
    // Tininess before rounding: an exact result below the smallest normal is flushed
    // even where rounding reaches it (it is below when rounding toward zero stays below).
    if m.flush && at(Round::TowardZero) & 0x7c00 == 0 {
        r &= 0x8000;
    }
    if m.sat {
        // NaN, -0 and negative values give +0.
        r = if is_nan16(r) || r & 0x8000 != 0 {
            0
        } else if r & 0x7fff > ONE16 {
            ONE16
        } else {
            r
        };
    }
    if is_nan16(r) { NAN16 } else { r }
}

/// One lane's result as f32 bits (`.F32`: the f16 operands, exact in f32, and one
/// rounding of the exact result to f32).
fn lane32(op: Arith, m: Mode, a: u16, b: u16, cc: u16) -> u32 {
    let (a, b, cc) = if m.flush {
        (flush16(a), flush16(b), flush16(cc))
    } else {
        (a, b, cc)
    };
    let zero_product = m.fmz && op != Arith::Add && (a & 0x7fff == 0 || b & 0x7fff == 0);
    let (x, y, z) = (single(a), single(b), single(cc));
    let at = |rnd: Round| {
        let r = match op {
            Arith::Add => x.add_r(y, rnd).value,
            Arith::Mul if zero_product => Single::ZERO,
            Arith::Mul => x.mul_r(y, rnd).value,
            Arith::Fma if zero_product => Single::ZERO.add_r(z, rnd).value,
            Arith::Fma => x.mul_add_r(y, z, rnd).value,
        };
        f32::from_bits(r.to_bits() as u32)
    };
    let mut r = at(RN);
    // Tininess before rounding, as in [`lane16`].
    if m.flush && at(Round::TowardZero).abs() < f32::MIN_POSITIVE {
        r = 0.0f32.copysign(r);
    }
    if m.sat {
        r = sat(r);
    }
    if r.is_nan() { NAN32 } else { r.to_bits() }
}

/// HADD2, HMUL2, HFMA2 (every form): per lane, then written by the result format
/// (`HOut`: 0 both halves, 1 `.F32` lane 0 as an f32, 2 `.MRG_H0` lane 0 into Rd's low
/// half, 3 `.MRG_H1` lane 1 into Rd's high half; the other half of Rd is kept).
pub(super) fn arith(c: &mut Ctx<'_>) -> R {
    let name = c.inst.op.name;
    let op = match c.pre.op {
        Op::Hadd2 => Arith::Add,
        Op::Hmul2 => Arith::Mul,
        _ => Arith::Fma,
    };
    let d = Ctx::rd(c.inst, 0);
    let (srcs, _) = sources(c, 1);
    let need = if op == Arith::Fma { 3 } else { 2 };
    if srcs.len() != need {
        return unsupported(format!("{name} with {} sources", srcs.len()));
    }
    // HADD2 spells its flush `.FTZ` (`Ftz`); HMUL2/HFMA2 `.FTZ`/`.FMZ` (`Fmz`).
    let fmz = c.pre.m(ModId::Fmz);
    if fmz > 2 {
        return unsupported(format!("{name} with the FTZ/FMZ field 3"));
    }
    let m = Mode {
        flush: c.pre.m(ModId::Ftz) == 1 || fmz != 0,
        fmz: fmz == 2,
        sat: c.pre.m(ModId::Sat) == 1,
    };
    let out = c.pre.m(ModId::HOut);
    let swz = [
        c.pre.m(ModId::SwzA),
        c.pre.m(ModId::SwzB),
        c.pre.m(ModId::SwzC),
    ];
    for l in lanes(c.guard) {
        let a = halves(c, srcs[0], swz[0], l);
        let b = halves(c, srcs[1], swz[1], l);
        let cc = match srcs.get(2) {
            Some(&s) => halves(c, s, swz[2], l),
            None => [0, 0],
        };
        let r = |i: usize| lane16(op, m, a[i], b[i], cc[i]) as u32;
        let old = if d == gpumem_maxwell::RZ {
            0
        } else {
            c.w.regs[d as usize * gpumem_mem::WARP + l]
        };
        let v = match out {
            0 => r(1) << 16 | r(0),
            1 => lane32(op, m, a[0], b[0], cc[0]),
            2 => old & 0xffff_0000 | r(0),
            _ => r(1) << 16 | old & 0xffff,
        };
        c.set(d, l, v);
    }
    Ok(())
}

/// The two lanes' comparisons of HSET2/HSETP2 in lane `l` (`.FTZ` flushes the operands).
fn tests(c: &Ctx<'_>, srcs: &[HSrc], l: usize) -> [bool; 2] {
    let a = halves(c, srcs[0], c.pre.m(ModId::SwzA), l);
    let b = halves(c, srcs[1], c.pre.m(ModId::SwzB), l);
    let f = c.pre.m(ModId::Ftz) == 1;
    let cmp = c.pre.m(ModId::Cmp);
    let v = |x: u16| f16_to_f32(if f { flush16(x) } else { x }) as f64;
    [fcmp(cmp, v(a[0]), v(b[0])), fcmp(cmp, v(a[1]), v(b[1]))]
}

/// HSET2: per lane `t bop Pc`, written as 0xffff (or f16 1.0 with `.BF`) or 0.
pub(super) fn hset2(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let (srcs, pc) = sources(c, 1);
    let (2, Some(pc)) = (srcs.len(), pc) else {
        return unsupported("HSET2 without two sources and a predicate");
    };
    let t_val = if c.pre.m(ModId::Bf) == 1 {
        ONE16 as u32
    } else {
        0xffff
    };
    let op = c.pre.m(ModId::Bop);
    for l in lanes(c.guard) {
        let t = tests(c, &srcs, l);
        let p = c.p_of(pc, l);
        let half = |i: usize| if bop(op, t[i], p) { t_val } else { 0 };
        let v = half(1) << 16 | half(0);
        c.set(d, l, v);
    }
    Ok(())
}

/// HSETP2: `Pd = t0 bop Pc`, `Pq = t1 bop Pc`; with `.H_AND`, `Pd = (t0 && t1) bop Pc`,
/// `Pq = !(t0 && t1) bop Pc`.
pub(super) fn hsetp2(c: &mut Ctx<'_>) -> R {
    let (pd, pq) = (super::pdst(&c.o[0]), super::pdst(&c.o[1]));
    let (srcs, pc) = sources(c, 2);
    let (2, Some(pc)) = (srcs.len(), pc) else {
        return unsupported("HSETP2 without two sources and a predicate");
    };
    let op = c.pre.m(ModId::Bop);
    let h_and = c.pre.m(ModId::HAnd) == 1;
    for l in lanes(c.guard) {
        let t = tests(c, &srcs, l);
        let p = c.p_of(pc, l);
        let (x, y) = if h_and {
            let both = t[0] && t[1];
            (both, !both)
        } else {
            (t[0], t[1])
        };
        let (vd, vq) = (bop(op, x, p), bop(op, y, p));
        c.set_pred(pd, l, vd);
        c.set_pred(pq, l, vq);
    }
    Ok(())
}
