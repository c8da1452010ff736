//! Conversions: I2F, F2I, I2I, F2F in every width the rows decode (8/16/32/64-bit
//! integers, f16/f32/f64), rounding modes by soft-float ([`super::fp`]), `.SAT`,
//! `.FTZ`, byte and half selects. Float-to-integer saturates to the destination's
//! range; NaN gives 0 or the destination's sign bit, as the GPU does (see [`f2i`]).

use super::fp::{
    NAN32, f16_to_f32, f32_to_f16, f64_to_f16, f64_to_f32, int_to_f16, int_to_f32, int_to_f64,
    nan16_to_64, nan32_to_64, nan64, nan64_to_16, nan64_to_32, rint64, to_int,
};
use super::{Ctx, R, ftz, invalid};
use crate::fault::FaultKind;
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::ModId;

/// Conversion formats by their `Src`/`Dst` value (2 is f32).
const F16: u8 = 1;
const F64: u8 = 3;

/// A conversion's start: the immediate's suffixes folded; its destination and source
/// types (`Dst`, `Src`). `.CC`: a float result sets the float flags (I2F, as F2F), an
/// integer result (F2I, I2I) the zero and sign of the last word written with carry and
/// overflow cleared (SEMANTICS.md, "Condition codes").
fn start(c: &mut Ctx<'_>) -> Result<(u8, u8), (FaultKind, String)> {
    c.fold_imm_mods();
    Ok((c.pre.m(ModId::Dst), c.pre.m(ModId::Src)))
}

/// An integer type's `(bits, signed)` from the I2F/I2I/F2I size value (0 U8, 1 U16,
/// 2 U32, 3 U64, 4-7 the signed ones).
fn int_type(v: u8) -> (u32, bool) {
    (8 << (v & 3), v & 4 != 0)
}

/// The integer source of I2F/I2I for lane `l`: the selected byte or half of operand 1
/// (a register pair for 64-bit sources), extended by its signedness, `|..|` and `-`
/// applied.
fn int_src(c: &Ctx<'_>, src: u8, sel: u8, l: usize) -> i128 {
    let (bits, signed) = int_type(src);
    let raw: u64 = match c.o[1] {
        // An immediate is the sign-extended 20-bit value.
        Operand::Imm(i) => i as u64,
        _ if bits == 64 => c.raw64(1, l),
        _ => c.raw(1, l) as u64,
    };
    let shift = if bits <= 16 { 8 * sel as u32 } else { 0 };
    let v = raw >> shift;
    let v: i128 = match (bits, signed) {
        (8, false) => (v as u8) as i128,
        (16, false) => (v as u16) as i128,
        (32, false) => (v as u32) as i128,
        (64, false) => v as i128,
        (8, true) => (v as u8 as i8) as i128,
        (16, true) => (v as u16 as i16) as i128,
        (32, true) => (v as u32 as i32) as i128,
        _ => (v as i64) as i128,
    };
    let (neg, abs, _) = c.md[1];
    let v = if abs { v.abs() } else { v };
    if neg { -v } else { v }
}

/// I2F: an integer (or a byte or half of it) to f16, f32 or f64.
pub(super) fn i2f(c: &mut Ctx<'_>) -> R {
    let (dst, src) = start(c)?;
    let (sel, rnd) = (c.pre.m(ModId::Sel), c.pre.m(ModId::Rnd));
    // `.B1`-`.B3` select a byte of an 8-bit source; a 16-bit source's `.H1` is value 2.
    let (bits, _) = int_type(src);
    check_sel(c, bits, sel)?;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let v = int_src(c, src, sel, l);
        let x = match dst {
            F16 => {
                let h = int_to_f16(v, rnd);
                c.set(d, l, h as u32);
                f16_to_f32(h) as f64
            }
            F64 => {
                let r = int_to_f64(v, rnd);
                c.set64(d, l, r);
                f64::from_bits(r)
            }
            _ => {
                let r = int_to_f32(v, rnd);
                c.set(d, l, r);
                f32::from_bits(r) as f64
            }
        };
        if c.cc {
            c.set_fcc(l, x);
        }
    }
    Ok(())
}

/// A byte or half select the source type has: `.B1`-`.B3` of an 8-bit source, `.H1` of a
/// 16-bit one. Anything else (`.INVALIDSIZE1/3` of a 16-bit source, a select of a 32- or
/// 64-bit source) would take bits from beyond the source: `invalid_instruction`.
fn check_sel(c: &Ctx<'_>, bits: u32, sel: u8) -> R {
    if sel != 0 && !(bits == 8 || (bits == 16 && sel == 2)) {
        return invalid(format!(
            "{}: select {sel} of a {bits}-bit source (nothing to select)",
            c.inst.op.name
        ));
    }
    Ok(())
}

/// The integer flags of an F2I/I2I `.CC` (after the write): `c.set` gave zero and sign
/// of the last word written and cleared overflow; the carry is cleared here.
fn int_cc(c: &mut Ctx<'_>, l: usize, last: u32) {
    if c.cc {
        c.set_flags(l, false, last == 0);
    }
}

/// A float source of F2I/F2F for lane `l` as f64 (exact): f16 (`.H1` selects the high
/// half), f32 or f64, `|..|` and `-` applied; `.FTZ` flushes an f32/f16 subnormal.
fn float_src(c: &Ctx<'_>, src: u8, h1: bool, f: bool, l: usize) -> f64 {
    match src {
        F64 => c.dval(1, l),
        F16 => {
            let raw = c.raw(1, l);
            let h = if h1 { raw >> 16 } else { raw } as u16;
            let (neg, abs, _) = c.md[1];
            let h = if abs { h & 0x7fff } else { h };
            let h = if neg { h ^ 0x8000 } else { h };
            let x = f16_to_f32(h);
            (if f { ftz(x) } else { x }) as f64
        }
        _ => {
            let x = c.fval(1, l);
            (if f { ftz(x) } else { x }) as f64
        }
    }
}

/// F2I: f16/f32/f64 to a 16-, 32- or 64-bit integer, rounded (nearest even, `.FLOOR`,
/// `.CEIL`, `.TRUNC`) and saturated; NaN gives 0 or the sign bit (below). 16-bit results are extended to 32
/// bits by their signedness.
pub(super) fn f2i(c: &mut Ctx<'_>) -> R {
    let (dst, src) = start(c)?;
    let rnd = c.pre.m(ModId::Rnd);
    let f = c.pre.m(ModId::Ftz) == 1;
    let h1 = c.pre.m(ModId::H1) == 1;
    if h1 && src != F16 {
        return invalid(format!(
            "{} .H1 of an f32/f64 source (only an f16 has halves)",
            c.inst.op.name
        ));
    }
    let (bits, signed) = int_type(dst);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let x = float_src(c, src, h1, f, l);
        // NaN: 0 from an f16/f32 source to 16 or 32 bits, the sign bit alone
        // (0x80000000, 0x8000000000000000) from an f64 source or to 64 bits, signed or
        // not (SEMANTICS.md, "Held against silicon").
        let nan = if src == F64 || bits == 64 {
            1 << (bits - 1)
        } else {
            0
        };
        let v = to_int(x, rnd, bits, signed, nan);
        if bits == 64 {
            c.set64(d, l, v as u64);
            int_cc(c, l, (v as u64 >> 32) as u32);
        } else {
            c.set(d, l, v as u32);
            int_cc(c, l, v as u32);
        }
    }
    Ok(())
}

/// I2I: integer to integer of another size or signedness (byte/half selects,
/// `|..|`, `-`). `.SAT` clamps to the destination's range; without it the value is
/// truncated to the destination's width. The register gets the result extended to 32
/// bits by the destination's signedness.
pub(super) fn i2i(c: &mut Ctx<'_>) -> R {
    let (dst, src) = start(c)?;
    let sel = c.pre.m(ModId::Sel);
    let s = c.pre.m(ModId::Sat) == 1;
    let (sbits, _) = int_type(src);
    check_sel(c, sbits, sel)?;
    let (bits, signed) = int_type(dst);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let v = int_src(c, src, sel, l);
        let v = if s {
            let (lo, hi) = if signed {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            } else {
                (0, (1i128 << bits) - 1)
            };
            v.clamp(lo, hi)
        } else {
            v
        };
        let r = match (bits, signed) {
            (8, false) => v as u8 as u32,
            (16, false) => v as u16 as u32,
            (8, true) => v as i8 as i32 as u32,
            (16, true) => v as i16 as i32 as u32,
            _ => v as u32,
        };
        c.set(d, l, r);
        int_cc(c, l, r);
    }
    Ok(())
}

/// F2F: float to float. Between formats, rounded by `.RM/.RP/.RZ` (nearest even by
/// default); within a format, `.ROUND/.FLOOR/.CEIL/.TRUNC` round to an integral value
/// (`.PASS` and nothing copy). `.FTZ` flushes f32 subnormals (input and result), `.SAT`
/// clamps to [0, 1] (NaN and -0 give +0). A NaN converted to or from f64 keeps its sign
/// and payload, quieted (the H100's F2F.F64.F32, F2F.F32.F64, F2F.F16.F64, F2F.F64.F64);
/// between f32 and f16 it becomes the canonical NaN.
pub(super) fn f2f(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let (dst, src, rnd) = (
        c.pre.m(ModId::Dst),
        c.pre.m(ModId::Src),
        c.pre.m(ModId::Rnd),
    );
    let f = c.pre.m(ModId::Ftz) == 1;
    let s = c.pre.m(ModId::Sat) == 1;
    let h1 = c.pre.m(ModId::H1) == 1;
    if h1 && src != F16 {
        return invalid(format!(
            "{} .H1 of an f32/f64 source (only an f16 has halves)",
            c.inst.op.name
        ));
    }
    let d = Ctx::rd(c.inst, 0);
    // Same-format rows spell integer rounding as values 4-7; conversions use 0-3.
    let (int_round, mode) = if rnd >= 4 {
        (true, rnd - 4)
    } else {
        (false, if src == dst { 0 } else { rnd })
    };
    for l in lanes(c.guard) {
        let mut x = float_src(c, src, h1, f, l);
        if int_round {
            x = rint64(x, mode);
        }
        if s {
            // NaN, -0 and negative values saturate to +0.
            x = if x.is_nan() || x <= 0.0 {
                0.0
            } else {
                x.min(1.0)
            };
        }
        if x.is_nan() && (src == F64 || dst == F64) {
            // Through the f64 unit a NaN keeps its sign and payload, quieted.
            let raw = c.raw64(1, l);
            let half = if h1 { c.raw(1, l) >> 16 } else { c.raw(1, l) } as u16;
            match (dst, src) {
                (F64, F64) => c.set64(d, l, nan64(&[raw])),
                (F64, F16) => c.set64(d, l, nan16_to_64(half)),
                (F64, _) => c.set64(d, l, nan32_to_64(c.raw(1, l))),
                (F16, _) => c.set(d, l, nan64_to_16(raw) as u32),
                _ => c.set(d, l, nan64_to_32(raw)),
            }
            if c.cc {
                c.set_fcc(l, x);
            }
            continue;
        }
        match dst {
            F64 => {
                c.set64(d, l, x.to_bits());
                if c.cc {
                    c.set_fcc(l, x);
                }
            }
            F16 => {
                let h = if src == F64 {
                    f64_to_f16(x, mode)
                } else {
                    f32_to_f16(x as f32, mode)
                };
                c.set(d, l, h as u32);
                if c.cc {
                    c.set_fcc(l, f16_to_f32(h) as f64);
                }
            }
            _ => {
                let r = if x.is_nan() {
                    NAN32
                } else {
                    f64_to_f32(x, mode)
                };
                let r = if f {
                    ftz(f32::from_bits(r)).to_bits()
                } else {
                    r
                };
                c.set(d, l, r);
                if c.cc {
                    c.set_fcc(l, f32::from_bits(r) as f64);
                }
            }
        }
    }
    Ok(())
}
