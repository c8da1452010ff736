//! f64 arithmetic on register pairs: DADD, DMUL, DFMA, IEEE-exact in every rounding
//! mode (`.RM`/`.RP`/`.RZ` by soft-float, [`super::fp`]). Subnormals are kept (the f64
//! rows have no `.FTZ`). A NaN operand's payload propagates, quieted, with its sign and
//! unchanged by `-`/`|..|`: DADD and DMUL return B's NaN before Ra's, DFMA B's, then C's,
//! then Ra's; a NaN made of no NaN is [`super::fp::NAN64`] (the H100's choices,
//! SEMANTICS.md "Held against silicon").

use super::fp::{add64, fma64, mul64, nan64};
use super::{Ctx, R};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

fn prep(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    Ok(())
}

/// DADD: `Rd = Ra + B`.
pub(super) fn dadd(c: &mut Ctx<'_>) -> R {
    prep(c)?;
    let rnd = c.pre.m(ModId::Rnd);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let mut r = add64(c.dval(1, l), c.dval(2, l), rnd);
        if f64::from_bits(r).is_nan() {
            r = nan64(&[c.raw64(2, l), c.raw64(1, l)]);
        }
        c.set64(d, l, r);
        if c.cc {
            c.set_fcc(l, f64::from_bits(r));
        }
    }
    Ok(())
}

/// DMUL: `Rd = Ra * B`.
pub(super) fn dmul(c: &mut Ctx<'_>) -> R {
    prep(c)?;
    let rnd = c.pre.m(ModId::Rnd);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let mut r = mul64(c.dval(1, l), c.dval(2, l), rnd);
        if f64::from_bits(r).is_nan() {
            r = nan64(&[c.raw64(2, l), c.raw64(1, l)]);
        }
        c.set64(d, l, r);
        if c.cc {
            c.set_fcc(l, f64::from_bits(r));
        }
    }
    Ok(())
}

/// DFMA: `Rd = Ra * B + C`, one rounding.
pub(super) fn dfma(c: &mut Ctx<'_>) -> R {
    prep(c)?;
    let rnd = c.pre.m(ModId::Rnd);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let mut r = fma64(c.dval(1, l), c.dval(2, l), c.dval(3, l), rnd);
        if f64::from_bits(r).is_nan() {
            r = nan64(&[c.raw64(2, l), c.raw64(3, l), c.raw64(1, l)]);
        }
        c.set64(d, l, r);
        if c.cc {
            c.set_fcc(l, f64::from_bits(r));
        }
    }
    Ok(())
}
