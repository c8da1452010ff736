//! Integer arithmetic: IADD/IADD32I (carry, saturation, `.PO`), IADD3, ISCADD, LEA, XMAD, IMNMX.

use super::{Ctx, R, invalid, mods, pdst};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::ModId;

/// Writes `r` to `d` of lane `l`; with `.CC` (`Some((sum, x, a, b))`) also the carry out
/// of the 64-bit `sum`, `r`'s zero flag (chained with `.X`) and the overflow of the
/// two-term signed addition `a + b`.
fn set_carry(c: &mut Ctx<'_>, d: u8, l: usize, r: u32, cc: Option<(u64, bool, u32, u32)>) {
    c.set(d, l, r);
    if let Some((sum, x, a, b)) = cc {
        c.set_cc(l, sum >> 32 != 0, r, x);
        c.set_add_overflow(l, a, b, sum as u32);
    }
}

/// `v` as a signed 32-bit value, negated when `neg`.
fn signed(v: u32, neg: bool) -> i64 {
    let v = v as i32 as i64;
    if neg { -v } else { v }
}

/// The high (`hi`) or low half of `v`, sign-extended when `signed`.
fn half(v: u32, hi: bool, signed: bool) -> i64 {
    let h = if hi { v >> 16 } else { v & 0xffff };
    if signed {
        h as u16 as i16 as i64
    } else {
        h as i64
    }
}

/// IADD, IADD32I: `Rd = Ra + B` with negations, `.X` (carry in), `.CC` (carry out),
/// `.SAT` and `.PO` (plus one).
pub(super) fn iadd(c: &mut Ctx<'_>) -> R {
    let po = c.pre.po;
    let d = Ctx::rd(c.inst, 0);
    let x = c.pre.m(ModId::X) == 1;
    let cc = c.pre.m(ModId::Cc) == 1;
    let satf = c.pre.m(ModId::Sat) == 1;
    let neg_imm = c.pre.m(ModId::Neg) == 1;
    let (na, nb) = (mods(&c.o[1]).0, mods(&c.o[2]).0 || neg_imm);
    for l in lanes(c.guard) {
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
            let (sa, sb) = (signed(a, na), signed(b, nb));
            r = (sa + sb).clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
        }
        set_carry(c, d, l, r, cc.then_some((sum, x, ai, bi)));
    }
    Ok(())
}

/// IADD3: `Rd = A + B + C` with half selects and `.RS`/`.LS`. Without a shift, `.CC`
/// writes the whole carry of the three 32-bit terms (a negated term being `~x + 1`, so
/// `a - 0` carries as `a + 2^32`): 0-3, its second bit in `carry2`, and `.X` adds it.
/// ptxas lowers a 64-bit `p + q - 16` to `IADD3 lo.CC, a, 0xffff0, b` and `IADD3.X hi,
/// c, 0xfffff, d`, whose low word carries 2 when `a + b >= 2^32 + 16`.
pub(super) fn iadd3(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let x = c.pre.m(ModId::X) == 1;
    let cc = c.pre.m(ModId::Cc) == 1;
    let shift = c.pre.m(ModId::Shift);
    let halves = [
        c.pre.m(ModId::HalfA),
        c.pre.m(ModId::HalfB),
        c.pre.m(ModId::HalfC),
    ];
    let neg_imm = c.pre.m(ModId::Neg) == 1;
    for l in lanes(c.guard) {
        let mut v = [0i64; 3];
        // The terms as the adder takes them (33 bits: `~x + 1` for a negated one).
        let mut t = 0u64;
        for k in 0..3 {
            let raw = c.raw(k + 1, l);
            let raw = match halves[k] {
                1 => raw & 0xffff,
                2 => raw >> 16,
                _ => raw,
            };
            let neg = mods(&c.o[k + 1]).0 || (k == 1 && neg_imm);
            v[k] = if neg { -(raw as i64) } else { raw as i64 };
            t += if neg { !raw as u64 + 1 } else { raw as u64 };
        }
        let ab = v[0] + v[1];
        let ab = match shift {
            1 => ((ab as u64 & 0x3_ffff_ffff) >> 16) as i64,
            2 => ab << 16,
            _ => ab,
        };
        let cin = if x { c.carry3(l) } else { 0 };
        let sum = ab + v[2] + cin as i64;
        c.set(d, l, sum as u32);
        if cc {
            // The shifted forms keep bit 32 of the signed sum.
            let cout = match shift {
                0 => (t + cin as u64) >> 32,
                _ => (sum as u64 >> 32) & 1,
            };
            c.set_cc(l, cout & 1 != 0, sum as u32, x);
            if cout & 2 != 0 {
                *c.w.carry2 |= 1 << l;
            }
        }
    }
    Ok(())
}

/// ISCADD: `Rd = (Ra << shift) + B`.
pub(super) fn iscadd(c: &mut Ctx<'_>) -> R {
    let po = c.pre.po;
    let d = Ctx::rd(c.inst, 0);
    let cc = c.pre.m(ModId::Cc) == 1;
    let neg_imm = c.pre.m(ModId::Neg) == 1;
    let Operand::Imm(sh) = c.o[3] else {
        // Every ISCADD row holds its shift as a 5-bit immediate.
        return invalid(format!("{} without an immediate shift", c.inst.op.name));
    };
    for l in lanes(c.guard) {
        let a = c.ival(1, l);
        let b = c.ival(2, l);
        let b = if neg_imm { b.wrapping_neg() } else { b };
        let sum = ((a << (sh & 31)) as u64) + b as u64 + po as u64;
        set_carry(
            c,
            d,
            l,
            sum as u32,
            cc.then_some((sum, false, a << (sh & 31), b)),
        );
    }
    Ok(())
}

/// LEA: `Rd = (Ra << shift) + B`, the carry out to `Pd`.
pub(super) fn lea(c: &mut Ctx<'_>) -> R {
    let pd = pdst(&c.o[0]);
    let d = Ctx::rd(c.inst, 1);
    let x = c.pre.m(ModId::X) == 1;
    let cc = c.pre.m(ModId::Cc) == 1;
    let sh = match c.o[4] {
        Operand::Imm(s) => (s & 31) as u32,
        _ => 0,
    };
    for l in lanes(c.guard) {
        let a = c.ival(2, l);
        let b = c.raw(3, l);
        let sum = ((a << sh) as u64) + b as u64 + if x { c.carry(l) as u64 } else { 0 };
        c.set_pred(pd, l, sum >> 32 != 0);
        set_carry(c, d, l, sum as u32, cc.then_some((sum, x, a << sh, b)));
    }
    Ok(())
}

/// `.CSFU`'s sign fix-up, subtracted from C: `0x10000` for each signed selected half
/// that is negative while the other operand's unselected half is non-zero, i.e. for each
/// of the two cross products of a 32x32-bit multiply (`aH*bL`, `aL*bH`) that is negative
/// and therefore reaches a later `IADD3.RS` as an unsigned word 2^32 too large. The
/// evidence (every `mul.hi/mul.wide/mad.hi/mad.wide/mul24.hi/mad24.hi.s32` sequence
/// ptxas 11.8 emits) and the forms it does not cover are in SEMANTICS.md ("XMAD.CSFU").
fn csfu_fixup(a: u32, b: u32, ha: bool, hb: bool, sign: u8) -> u32 {
    let (sel_a, other_a) = if ha {
        (a >> 16, a & 0xffff)
    } else {
        (a & 0xffff, a >> 16)
    };
    let (sel_b, other_b) = if hb {
        (b >> 16, b & 0xffff)
    } else {
        (b & 0xffff, b >> 16)
    };
    let neg_a = sign & 1 != 0 && sel_a & 0x8000 != 0;
    let neg_b = sign & 2 != 0 && sel_b & 0x8000 != 0;
    let n = u32::from(neg_a && other_b != 0) + u32::from(neg_b && other_a != 0);
    n << 16
}

/// XMAD: a 16x16-bit product plus C (C modes, `.PSL`, `.MRG`).
pub(super) fn xmad(c: &mut Ctx<'_>) -> R {
    let d = Ctx::rd(c.inst, 0);
    let sign = c.pre.m(ModId::Sign);
    let psl = c.pre.m(ModId::Psl) == 1;
    let cmode = c.pre.m(ModId::Cmode);
    let mrg = c.pre.m(ModId::Mrg) == 1;
    let x = c.pre.m(ModId::X) == 1;
    let cc = c.pre.m(ModId::Cc) == 1;
    let ha = c.pre.m(ModId::H1a) == 1;
    let hb = c.pre.m(ModId::H1b) == 1;
    for l in lanes(c.guard) {
        let a = c.raw(1, l);
        let b = c.raw(2, l);
        let cv = c.raw(3, l);
        let (ae, be) = (half(a, ha, sign & 1 != 0), half(b, hb, sign & 2 != 0));
        let mut p = (ae * be) as u32;
        if psl {
            p <<= 16;
        }
        let cx = match cmode {
            1 => cv & 0xffff,
            2 => cv >> 16,
            3 => cv.wrapping_sub(csfu_fixup(a, b, ha, hb, sign)),
            4 => cv.wrapping_add(b << 16),
            _ => cv,
        };
        let sum = p as u64 + cx as u64 + if x { c.carry(l) as u64 } else { 0 };
        let mut r = sum as u32;
        if mrg {
            r = (r & 0xffff) | (b << 16);
        }
        set_carry(c, d, l, r, cc.then_some((sum, x, p, cx)));
    }
    Ok(())
}

/// IMNMX: `Rd = Pp ? min(Ra, B) : max(Ra, B)`. The extended modes compare a wide value
/// word by word, high word first, through the CC register: `.XHI` (with `.CC`) picks
/// by its words and records "equal so far" in the zero flag and "A chosen" in the carry;
/// `.XMED` and `.XLO` compare their words (unsigned) only while the zero flag says the
/// higher words were equal, else take the word of the operand already chosen; `.XMED`
/// updates the flags with `.CC`. (The hardware's flag encoding is not public; the
/// chain's results are those of a wide min/max.)
pub(super) fn imnmx(c: &mut Ctx<'_>) -> R {
    let ext = c.pre.m(ModId::Ext);
    let cc = c.pre.m(ModId::Cc) == 1;
    let signed = c.pre.m(ModId::U32) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let (a, b) = (c.raw(1, l), c.ival(2, l));
        let min = c.p_of(3, l);
        let a_lt = if signed {
            (a as i32) < (b as i32)
        } else {
            a < b
        };
        // A chosen by this word's comparison (equal words choose B, the same value).
        let pick_a = a != b && a_lt == min;
        let (r, carry, zero) = match ext {
            // .XHI: this word decides unless equal.
            3 => (if pick_a { a } else { b }, pick_a, a == b),
            // .XMED/.XLO: compare only while the higher words were equal.
            1 | 2 if c.zero(l) => (if pick_a { a } else { b }, pick_a, a == b),
            1 | 2 => {
                let ca = c.carry(l) != 0;
                (if ca { a } else { b }, ca, false)
            }
            _ => (if pick_a { a } else { b }, pick_a, a == b),
        };
        c.set(d, l, r);
        if cc && ext != 0 {
            c.set_flags(l, carry, zero);
        }
    }
    Ok(())
}
