//! Integer multiplication, compare-and-select and the high half of LEA: IMUL/IMUL32I,
//! IMAD/IMAD32I, ICMP, ISET, LEA.HI.

use super::{Ctx, R, bop, icmp, pdst};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// The 64-bit product of `a` and `b` by IMUL/IMAD's `Types` value (0 `.U32.U32`, 1
/// `.S32.U32`, 2 `.U32.S32`, 3 signed x signed).
pub(crate) fn product(types: u8, a: u32, b: u32) -> u64 {
    let a = if types & 1 != 0 {
        a as i32 as i64
    } else {
        a as i64
    };
    let b = if types & 2 != 0 {
        b as i32 as i64
    } else {
        b as i64
    };
    (a as i128 * b as i128) as u64
}

/// IMUL, IMUL32I: `Rd` = the low (or with `.HI` the high) word of `Ra * B`; `.CC`
/// writes the zero and sign flags of that word and clears carry and overflow (a product
/// has no carry out of an addition; SEMANTICS.md, "Condition codes").
pub(super) fn imul(c: &mut Ctx<'_>) -> R {
    let (types, hi) = (c.pre.m(ModId::Types), c.pre.m(ModId::Hi) == 1);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let p = product(types, c.ival(1, l), c.ival(2, l));
        let r = if hi { (p >> 32) as u32 } else { p as u32 };
        c.set(d, l, r);
        if c.cc {
            c.set_flags(l, false, r == 0);
        }
    }
    Ok(())
}

/// IMAD, IMAD32I: `Rd` = the low (`.HI`: high) word of `Ra * B`, plus C, plus the
/// carry with `.X`; `.CC` writes the carry out of that 32-bit sum; `.SAT` clamps the
/// signed sum of that word and C to the i32 range: PTX's `mad.hi.sat.s32`
/// (`sat(hi(a*b) + c)`), which ptxas compiles to `IMAD.HI.SAT` for sm_52 and which the
/// silicon data holds on all 4,096 tuples (`tests/silicon`), and likewise the low word.
pub(super) fn imad(c: &mut Ctx<'_>) -> R {
    let (types, hi) = (c.pre.m(ModId::Types), c.pre.m(ModId::Hi) == 1);
    let x = c.pre.m(ModId::X) == 1;
    let cc = c.pre.m(ModId::Cc) == 1;
    let s = c.pre.m(ModId::Sat) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let p = product(types, c.ival(1, l), c.ival(2, l));
        let w = if hi { (p >> 32) as u32 } else { p as u32 };
        let cv = c.ival(3, l);
        let cin = if x { c.carry(l) as u64 } else { 0 };
        let sum = w as u64 + cv as u64 + cin;
        let r = if s {
            (w as i32 as i64 + cv as i32 as i64 + cin as i64)
                .clamp(i32::MIN as i64, i32::MAX as i64) as u32
        } else {
            sum as u32
        };
        c.set(d, l, r);
        if cc {
            c.set_cc(l, sum >> 32 != 0, r, x);
        }
    }
    Ok(())
}

/// ICMP: `Rd = (Rc cmp 0) ? Ra : B` (signed unless `.U32`).
pub(super) fn icmp_sel(c: &mut Ctx<'_>) -> R {
    let cmp = c.pre.m(ModId::Cmp);
    let signed = c.pre.m(ModId::U32) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let v = if icmp(cmp, c.raw(3, l), 0, signed) {
            c.raw(1, l)
        } else {
            c.ival(2, l)
        };
        c.set(d, l, v);
    }
    Ok(())
}

/// ISET: `Rd = ((Ra cmp B) bop Pc) ? (1.0 with .BF, else ~0) : 0`; `.CC` sets the zero
/// flag when the result is 0 and clears the carry.
pub(super) fn iset(c: &mut Ctx<'_>) -> R {
    let cc = c.pre.m(ModId::Cc) == 1;
    let x = c.pre.m(ModId::X) == 1;
    let cmp = c.pre.m(ModId::Cmp);
    let signed = c.pre.m(ModId::U32) == 1;
    let (b, bf) = (c.pre.m(ModId::Bop), c.pre.m(ModId::Bf) == 1);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let (ra, rb) = (c.raw(1, l), c.ival(2, l));
        let t = if x {
            c.icmp_x(cmp, ra, rb, signed, l)
        } else {
            icmp(cmp, ra, rb, signed)
        };
        let t = bop(b, t, c.p_of(3, l));
        let v = match (t, bf) {
            (false, _) => 0,
            (true, true) => 1.0f32.to_bits(),
            (true, false) => u32::MAX,
        };
        c.set(d, l, v);
        if cc {
            c.set_flags(l, false, !t);
        }
    }
    Ok(())
}

/// LEA.HI: `Rd = B + hi({Rc, Ra} << s)` (+ the carry with `.X`): the high word of a
/// scaled 64-bit address; the carry out goes, with `.CC`, to the carry. `Pd` is whether
/// that high word is non-zero: the address lies above 4 GiB, where no generic window is
/// (SEMANTICS.md, "LEA.HI's predicate").
pub(super) fn lea_hi(c: &mut Ctx<'_>) -> R {
    let pd = pdst(&c.o[0]);
    let d = Ctx::rd(c.inst, 1);
    let x = c.pre.m(ModId::X) == 1;
    let cc = c.pre.m(ModId::Cc) == 1;
    let sh = match c.o[5] {
        gpumem_maxwell::Operand::Imm(s) => (s & 31) as u32,
        _ => 0,
    };
    for l in lanes(c.guard) {
        let idx = (c.raw(4, l) as u64) << 32 | c.ival(2, l) as u64;
        let h = ((idx << sh) >> 32) as u32;
        let sum = h as u64 + c.ival(3, l) as u64 + if x { c.carry(l) as u64 } else { 0 };
        c.set(d, l, sum as u32);
        c.set_pred(pd, l, sum as u32 != 0);
        if cc {
            c.set_cc(l, sum >> 32 != 0, sum as u32, x);
        }
    }
    Ok(())
}
