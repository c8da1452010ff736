//! f32 arithmetic: FADD, FMUL, FFMA and their 32I forms (rounding by soft-float for
//! `.RM/.RP/.RZ`, `.FTZ`/`.FMZ` (tininess before rounding), `.SAT` (-0 to +0), immediate
//! `.NEG`/`.ABS`; NaN results canonical).

use super::fp::{add32, canon32, fma32, mul32};
use super::{Ctx, R, ftz, round_f32, sat};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// FADD: f32 add.
pub(super) fn fadd(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let f = c.pre.m(ModId::Ftz) == 1;
    let rnd = c.pre.m(ModId::Rnd);
    let s = c.pre.m(ModId::Sat) == 1;
    let (ni, ai) = (c.pre.m(ModId::Neg) == 1, c.pre.m(ModId::Abs) == 1);
    for l in lanes(c.guard) {
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
        let r = f32::from_bits(add32(a, b, rnd));
        put(c, d, l, r, f, s);
    }
    Ok(())
}

/// The `Rnd` value of rounding toward zero.
const RZ: u8 = 3;

/// Whether a result rounded toward zero is below the smallest normal: the exact result
/// is, so `.FTZ`/`.FMZ` flush it even where rounding would reach the smallest normal
/// (the GPU detects tininess before rounding: SEMANTICS.md, "Held against silicon").
fn tiny(rz: f32) -> bool {
    rz.abs() < f32::MIN_POSITIVE
}

/// Writes the f32 result `r` to `d` of lane `l`: flushed when `flush` (`.FTZ`, `.FMZ`),
/// clamped to [0, 1] when `clamp` (`.SAT`), a NaN as the canonical NaN.
fn put(c: &mut Ctx<'_>, d: u8, l: usize, r: f32, flush: bool, clamp: bool) {
    let r = if flush { ftz(r) } else { r };
    let r = if clamp { sat(r) } else { r };
    c.set(d, l, canon32(r));
    if c.cc {
        c.set_fcc(l, r as f64);
    }
}

/// FMUL: f32 multiply (with scale).
pub(super) fn fmul(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let fmz = c.pre.m(ModId::Fmz);
    let scale = c.pre.m(ModId::Scale);
    let rnd = c.pre.m(ModId::Rnd);
    let s = c.pre.m(ModId::Sat) == 1;
    let ni = c.pre.m(ModId::Neg) == 1;
    let factor = match scale {
        1 => 0.5,
        2 => 0.25,
        3 => 0.125,
        4 => 8.0,
        5 => 4.0,
        6 => 2.0,
        _ => 1.0,
    };
    for l in lanes(c.guard) {
        let mut a = c.fval(1, l);
        let mut b = c.fval(2, l);
        if ni {
            b = -b;
        }
        if fmz != 0 {
            (a, b) = (ftz(a), ftz(b));
        }
        // The product of two f32 is exact in f64 and so is its power-of-two scaling:
        // one rounding to f32.
        let product = |m: u8| {
            if factor == 1.0 {
                f32::from_bits(mul32(a, b, m))
            } else {
                f32::from_bits(canon32(round_f32(a as f64 * b as f64 * factor, m)))
            }
        };
        let mut r = product(rnd);
        if fmz != 0 && tiny(product(RZ)) {
            r = 0.0f32.copysign(r);
        }
        if fmz == 2 && (a == 0.0 || b == 0.0) {
            r = 0.0;
        }
        put(c, d, l, r, fmz != 0, s);
    }
    Ok(())
}

/// FFMA: f32 fused multiply-add.
pub(super) fn ffma(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let fmz = c.pre.m(ModId::Fmz);
    let rnd = c.pre.m(ModId::Rnd);
    let s = c.pre.m(ModId::Sat) == 1;
    let ni = c.pre.m(ModId::Neg) == 1;
    for l in lanes(c.guard) {
        let mut a = c.fval(1, l);
        let mut b = c.fval(2, l);
        let mut cv = c.fval(3, l);
        if ni {
            b = -b;
        }
        if fmz != 0 {
            (a, b, cv) = (ftz(a), ftz(b), ftz(cv));
        }
        let mut r = f32::from_bits(fma32(a, b, cv, rnd));
        if fmz != 0 && tiny(f32::from_bits(fma32(a, b, cv, RZ))) {
            r = 0.0f32.copysign(r);
        }
        if fmz == 2 && (a == 0.0 || b == 0.0) {
            // `.FMZ`: the product is +0 whatever the other factor (infinity, NaN).
            r = f32::from_bits(add32(0.0, cv, rnd));
        }
        put(c, d, l, r, fmz != 0, s);
    }
    Ok(())
}

/// FSWZADD: the quad swizzle add. Lane `l` reads the two bits of the swizzle (bits
/// 28-35 of the word) of its position `q = l % 4` in its quad, `q` 0 (upper left) in the
/// top two bits 34-35 down to `q` 3 in 28-29, and computes from its own Ra and Rb:
/// 0 `PP` `a + b`, 1 `NP` `-a + b`, 2 `PN` `a - b`, 3 `ZP` `0 + b`, an f32 addition
/// rounded by `.RM/.RP/.RZ`, with `.FTZ` and `.CC` as FADD's (SEMANTICS.md, "FSWZADD").
pub(super) fn fswzadd(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let f = c.pre.m(ModId::Ftz) == 1;
    let rnd = c.pre.m(ModId::Rnd);
    let swz = match c.o[3] {
        gpumem_maxwell::Operand::Imm(v) => v as u32,
        _ => return super::unsupported("FSWZADD without a swizzle operand"),
    };
    for l in lanes(c.guard) {
        let (mut a, mut b) = (c.fval(1, l), c.fval(2, l));
        if f {
            (a, b) = (ftz(a), ftz(b));
        }
        let (x, y) = match swz >> (6 - 2 * (l % 4)) & 3 {
            0 => (a, b),
            1 => (-a, b),
            2 => (a, -b),
            _ => (0.0, b),
        };
        let r = f32::from_bits(add32(x, y, rnd));
        put(c, d, l, r, f, false);
    }
    Ok(())
}
