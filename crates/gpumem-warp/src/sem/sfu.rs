//! The multi-function unit and its range reduction: MUFU (COS, SIN, EX2, LG2, RCP, RSQ,
//! RCP64H, RSQ64H, SQRT) and RRO (`.SINCOS`, `.EX2`).
//!
//! The hardware's bit patterns are not public. gpumem computes each function in f64 and
//! rounds once to f32 (within 0.5 ulp plus the f64 error), which is inside every bound
//! NVIDIA's PTX ISA states for the `.approx` instructions that compile to MUFU (the
//! bounds, and the sweep that checks them, are in SEMANTICS.md and
//! `tests/sfu.rs`). MUFU flushes subnormal inputs and results to zero (ptxas wraps it
//! with scaling code for the PTX forms without `.ftz`); NaN results are canonical.
//!
//! RRO's output feeds only MUFU. gpumem's RRO.SINCOS reduces the angle to [-pi, pi]
//! (an f32 in radians; the hardware writes a fixed-point fraction of a turn instead),
//! and RRO.EX2 passes the f32 through (the hardware's fixed-point form of the same
//! number), so `MUFU.SIN(RRO.SINCOS(x))` = `sin(x)` and `MUFU.EX2(RRO.EX2(x))` = `2^x`.

use super::fp::{NAN32, canon32};
use super::{Ctx, R, ftz, sat};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;
use std::f64::consts::{PI, TAU};

/// MUFU function values (`ModId::Func`).
const COS: u8 = 0;
const SIN: u8 = 1;
const EX2: u8 = 2;
const LG2: u8 = 3;
const RCP: u8 = 4;
const RSQ: u8 = 5;
const RCP64H: u8 = 6;
const RSQ64H: u8 = 7;
const SQRT: u8 = 8;

/// An f64 result rounded to f32 and flushed (MUFU's f32 results).
fn out32(y: f64) -> u32 {
    if y.is_nan() {
        return NAN32;
    }
    canon32(ftz(y as f32))
}

/// The high word of an f64 (RCP64H/RSQ64H results), canonical for NaN; a subnormal
/// result is flushed to a zero of its sign (the H100 gives 0 for `rcp.approx.ftz.f64`
/// of the largest double: SEMANTICS.md, "Held against silicon").
fn hi_of(y: f64) -> u32 {
    if y.is_nan() {
        NAN32
    } else if y.is_subnormal() {
        (0.0f64.copysign(y).to_bits() >> 32) as u32
    } else {
        (y.to_bits() >> 32) as u32
    }
}

/// MUFU's value for one lane: `x` is the operand's bits with `-`/`|..|` applied.
pub(crate) fn mufu_bits(func: u8, x: u32) -> u32 {
    if func == RCP64H || func == RSQ64H {
        // The operand is the high word of an f64 whose low word is taken as zero.
        let v = f64::from_bits((x as u64) << 32);
        // Subnormal f64 inputs flush like the f32 ones.
        let v = if v.is_subnormal() {
            0.0f64.copysign(v)
        } else {
            v
        };
        let y = if func == RCP64H {
            1.0 / v
        } else {
            1.0 / v.sqrt()
        };
        // RSQ of -0 is -inf, as rsqrt.approx.
        let y = if func == RSQ64H && v == 0.0 {
            f64::INFINITY.copysign(v)
        } else {
            y
        };
        return hi_of(y);
    }
    let v = ftz(f32::from_bits(x)) as f64;
    let y = match func {
        COS => v.cos(),
        SIN => v.sin(),
        EX2 => v.exp2(),
        LG2 => v.log2(),
        RCP => 1.0 / v,
        RSQ if v == 0.0 => f64::INFINITY.copysign(v),
        RSQ => 1.0 / v.sqrt(),
        SQRT => v.sqrt(),
        _ => f64::NAN,
    };
    out32(y)
}

/// MUFU: `Rd = func(Ra)`, `.SAT` clamps to [0, 1].
pub(super) fn mufu(c: &mut Ctx<'_>) -> R {
    let func = c.pre.m(ModId::Func);
    let s = c.pre.m(ModId::Sat) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let x = c.fval(1, l).to_bits();
        let mut r = mufu_bits(func, x);
        if s {
            r = canon32(sat(f32::from_bits(r)));
        }
        c.set(d, l, r);
    }
    Ok(())
}

/// RRO.SINCOS's reduction: `x` minus the nearest multiple of 2*pi, in [-pi, pi]
/// (computed in f64; an infinite or NaN `x` gives NaN).
pub(crate) fn reduce_sincos(x: f32) -> f32 {
    let x = x as f64;
    if !x.is_finite() {
        return f32::from_bits(NAN32);
    }
    let r = x - TAU * (x / TAU).round();
    r.clamp(-PI, PI) as f32
}

/// RRO: `.SINCOS` reduces an angle for MUFU.SIN/COS, `.EX2` prepares MUFU.EX2's
/// operand (see the module's documentation).
pub(super) fn rro(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let ex2 = c.pre.m(ModId::Mode) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let x = c.fval(1, l);
        let r = if ex2 { x } else { reduce_sincos(x) };
        c.set(d, l, canon32(r));
    }
    Ok(())
}
