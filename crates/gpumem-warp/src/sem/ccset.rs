//! CSET and CSETP: a condition-code test (the row's `Cmp` value, one of the 32 tests BRA's
//! `CC.xx` names) evaluated on each lane's CC register by [`control::cc_mask`], the one
//! evaluation of those tests, then combined with `[!]Pc` by `.AND`/`.OR`/`.XOR`: CSET
//! writes a register as PSET does (all ones, or 1.0 with `.BF`, else 0), CSETP two
//! predicates as PSETP does (`Pd = t bop Pc`, `Pq = !t bop Pc`).

use super::{Ctx, R, bop, control, pdst};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// The lanes whose CC register passes the instruction's test.
fn passing(c: &Ctx<'_>) -> Result<u32, (crate::fault::FaultKind, String)> {
    let flags = [*c.w.zf, *c.w.sf, *c.w.carry, *c.w.of];
    control::cc_mask(flags, c.pre.m(ModId::Cmp), c.inst)
}

/// CSET: `Rd = (CC test) bop Pc ? (1.0 with .BF, else 0xffffffff) : 0`.
pub(super) fn cset(c: &mut Ctx<'_>) -> R {
    let t = passing(c)?;
    let b = c.pre.m(ModId::Bop);
    let bf = c.pre.m(ModId::Bf) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let v = match (bop(b, t >> l & 1 != 0, c.p_of(2, l)), bf) {
            (false, _) => 0,
            (true, true) => 1.0f32.to_bits(),
            (true, false) => u32::MAX,
        };
        c.set(d, l, v);
        if c.cc {
            // As PSET's and FSET's `.CC`: zero when the result is 0, carry cleared.
            c.set_flags(l, false, v == 0);
        }
    }
    Ok(())
}

/// CSETP: `Pd = (CC test) bop Pc`, `Pq = !(CC test) bop Pc`.
pub(super) fn csetp(c: &mut Ctx<'_>) -> R {
    let t = passing(c)?;
    let b = c.pre.m(ModId::Bop);
    let (p0, p1) = (pdst(&c.o[0]), pdst(&c.o[1]));
    for l in lanes(c.guard) {
        let (x, pc) = (t >> l & 1 != 0, c.p_of(3, l));
        c.set_pred(p0, l, bop(b, x, pc));
        c.set_pred(p1, l, bop(b, !x, pc));
    }
    Ok(())
}
