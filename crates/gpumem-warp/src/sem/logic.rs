//! Comparisons (ISETP.X with the CC register), predicate logic, selection and bitwise logic: ISETP, PSETP, PSET, SEL, LOP/LOP32I, LOP3.LUT.

use super::{Ctx, R, bop, icmp, invalid, pdst};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::ModId;

/// A SETP's two results in lane `l`: `Pd = t bop Pc`, `Pq = !t bop Pc` (`Pc` is
/// operand 4).
pub(super) fn setp_out(c: &mut Ctx<'_>, (p0, p1): (u8, u8), l: usize, b: u8, t: bool) {
    let pc = c.p_of(4, l);
    c.set_pred(p0, l, bop(b, t, pc));
    c.set_pred(p1, l, bop(b, !t, pc));
}

/// ISETP: `Pd = (Ra cmp B) bop Pp`, `Pq = !(Ra cmp B) bop Pp`; `.X` compares as the high
/// word of a wider value whose low words set the CC register ([`Ctx::icmp_x`]).
pub(super) fn isetp(c: &mut Ctx<'_>) -> R {
    let cmp = c.pre.m(ModId::Cmp);
    let signed = c.pre.m(ModId::U32) == 1;
    let b = c.pre.m(ModId::Bop);
    let x = c.pre.m(ModId::X) == 1;
    let (p0, p1) = (pdst(&c.o[0]), pdst(&c.o[1]));
    for l in lanes(c.guard) {
        let t = if x {
            c.icmp_x(cmp, c.raw(2, l), c.ival(3, l), signed, l)
        } else {
            icmp(cmp, c.raw(2, l), c.ival(3, l), signed)
        };
        setp_out(c, (p0, p1), l, b, t);
    }
    Ok(())
}

/// PSETP: predicate logic into two predicates.
pub(super) fn psetp(c: &mut Ctx<'_>) -> R {
    let (b1, b2) = (c.pre.m(ModId::Bop1), c.pre.m(ModId::Bop));
    let (p0, p1) = (pdst(&c.o[0]), pdst(&c.o[1]));
    for l in lanes(c.guard) {
        let t = bop(b1, c.p_of(2, l), c.p_of(3, l));
        setp_out(c, (p0, p1), l, b2, t);
    }
    Ok(())
}

/// PSET: predicate logic into a register (all ones, or 1.0 with `.BF`); `.CC` as FSET's:
/// the zero flag when the result is 0, the sign of the value written, carry and
/// overflow cleared.
pub(super) fn pset(c: &mut Ctx<'_>) -> R {
    let (b1, b2) = (c.pre.m(ModId::Bop1), c.pre.m(ModId::Bop));
    let bf = c.pre.m(ModId::Bf) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let t = bop(b2, bop(b1, c.p_of(1, l), c.p_of(2, l)), c.p_of(3, l));
        let v = match (t, bf) {
            (false, _) => 0,
            (true, true) => 1.0f32.to_bits(),
            (true, false) => u32::MAX,
        };
        c.set(d, l, v);
        if c.cc {
            c.set_flags(l, false, v == 0);
        }
    }
    Ok(())
}

/// The flags of a logic op's `.CC` (after its destination write): zero and sign of `r`,
/// carry and overflow 0 (Tesla's and/or/xor); with `.X` the zero flag chains as IADD.X's,
/// so that a wide logical value tests zero only when every word is.
fn logic_cc(c: &mut Ctx<'_>, l: usize, r: u32, x: bool) {
    c.set_cc(l, false, r, x);
}

/// SEL: `Rd = Pp ? Ra : B`.
pub(super) fn sel(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let v = if c.p_of(3, l) {
            c.raw(1, l)
        } else {
            c.ival(2, l)
        };
        c.set(d, l, v);
    }
    Ok(())
}

/// LOP, LOP32I: `Rd = Ra op B`, and its predicate test where the row writes `Pd`. `.X`
/// changes no value (a logic op has no carry in); with `.CC` it chains the zero flag.
pub(super) fn lop(c: &mut Ctx<'_>) -> R {
    let x = c.pre.m(ModId::X) == 1;
    let lop = c.pre.m(ModId::Lop);
    let inv = c.pre.m(ModId::Inv) == 1;
    let ptest = c.pre.m(ModId::Ptest);
    let (pd, di, ai) = if c.pre.pd_first {
        (pdst(&c.o[0]), 1, 2)
    } else {
        (7, 0, 1)
    };
    let d = Ctx::rd(c.inst, di);
    for l in lanes(c.guard) {
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
        if c.cc {
            logic_cc(c, l, r, x);
        }
        let p = match ptest {
            1 => true,
            2 => r == 0,
            3 => r != 0,
            _ => false,
        };
        c.set_pred(pd, l, p);
    }
    Ok(())
}

/// LOP3.LUT: `Rd = LUT(Ra, B, Rc)`, and its predicate test where the row writes `Pd`;
/// `.X` and `.CC` as LOP's.
pub(super) fn lop3(c: &mut Ctx<'_>) -> R {
    let (pd, base) = if c.pre.pd_first {
        (pdst(&c.o[0]), 1)
    } else {
        (7, 0)
    };
    let d = Ctx::rd(c.inst, base);
    // Every LOP3 row holds its LUT as an immediate.
    let Operand::Imm(lut) = c.o[base + 4] else {
        return invalid(format!("{} without an immediate LUT", c.inst.op.name));
    };
    let x = c.pre.m(ModId::X) == 1;
    let lut = lut as u32 & 0xff;
    let ptest = c.pre.m(ModId::Ptest);
    for l in lanes(c.guard) {
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
        if c.cc {
            logic_cc(c, l, r, x);
        }
        let p = match ptest {
            1 => true,
            2 => r == 0,
            3 => r != 0,
            _ => false,
        };
        c.set_pred(pd, l, p);
    }
    Ok(())
}
