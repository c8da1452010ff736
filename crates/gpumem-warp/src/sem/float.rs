//! f32 arithmetic: FADD, FMUL, FFMA (rounding, `.FTZ`/`.FMZ`, `.SAT`).

use super::{Ctx, R, ftz, round_f32, sat};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// FADD: f32 add.
pub(super) fn fadd(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
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
    Ok(())
}

/// FMUL: f32 multiply (with scale).
pub(super) fn fmul(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
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
    Ok(())
}

/// FFMA: f32 fused multiply-add.
pub(super) fn ffma(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
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
    Ok(())
}
