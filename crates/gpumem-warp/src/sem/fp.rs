//! IEEE-754 arithmetic with an explicit rounding mode, shared by the float, double and
//! conversion families. Round-to-nearest-even uses the host's IEEE operations (Rust
//! guarantees them); `.RM`/`.RP`/`.RZ` use `rustc_apfloat`'s soft-float, which rounds
//! the exact result once in the requested direction. f32 and f16 NaN results are the
//! canonical [`NAN32`]/[`NAN16`]; f64 operations propagate a NaN operand's payload
//! ([`nan64`]) and make [`NAN64`] otherwise, as the GPU does (SEMANTICS.md).

use rustc_apfloat::ieee::{Double, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round};

/// The canonical f32 NaN every NaN-producing f32 operation returns.
pub(crate) const NAN32: u32 = 0x7fff_ffff;
/// The f64 default NaN: what an f64 operation returns when it makes a NaN of no NaN
/// operand (inf - inf, 0 * inf, ...). The H100 returns this negative quiet NaN
/// (SEMANTICS.md, "Held against silicon").
pub(crate) const NAN64: u64 = 0xfff8_0000_0000_0000;
/// The quiet bit of an f64 NaN.
const QUIET64: u64 = 1 << 51;

/// The NaN an f64 operation returns: the first NaN among `ops` (raw register bits, in
/// the operation's priority order), quieted with its sign and payload kept, or
/// [`NAN64`] when none is a NaN. `-`/`|..|` do not change a propagated NaN.
pub(crate) fn nan64(ops: &[u64]) -> u64 {
    ops.iter()
        .find(|&&b| f64::from_bits(b).is_nan())
        .map_or(NAN64, |&b| b | QUIET64)
}

/// An f32 NaN's bits as the f64 NaN F2F.F64.F32 makes of it: sign and payload kept,
/// quieted.
pub(crate) fn nan32_to_64(b: u32) -> u64 {
    ((b as u64 >> 31) << 63) | 0x7ff0_0000_0000_0000 | QUIET64 | (b as u64 & 0x7f_ffff) << 29
}

/// An f64 NaN as the f32 NaN F2F.F32.F64 makes of it: sign and the payload's top 22
/// bits kept, quieted.
pub(crate) fn nan64_to_32(b: u64) -> u32 {
    ((b >> 63) as u32) << 31 | 0x7fc0_0000 | ((b >> 29) as u32 & 0x3f_ffff)
}

/// An f64 NaN as the f16 NaN F2F.F16.F64 makes of it: sign and the payload's top 9 bits
/// kept, quieted.
pub(crate) fn nan64_to_16(b: u64) -> u16 {
    ((b >> 63) as u16) << 15 | 0x7e00 | ((b >> 42) as u16 & 0x1ff)
}

/// An f16 NaN as the f64 NaN F2F.F64.F16 makes of it: sign and payload kept, quieted.
pub(crate) fn nan16_to_64(h: u16) -> u64 {
    ((h as u64 >> 15) << 63) | 0x7ff0_0000_0000_0000 | QUIET64 | (h as u64 & 0x3ff) << 42
}
/// The canonical f16 NaN.
pub(crate) const NAN16: u16 = 0x7fff;

/// The rounding of a `Rnd` value: 0 RN, 1 RM, 2 RP, 3 RZ.
pub(crate) fn mode(m: u8) -> Round {
    match m & 3 {
        1 => Round::TowardNegative,
        2 => Round::TowardPositive,
        3 => Round::TowardZero,
        _ => Round::NearestTiesToEven,
    }
}

fn s(b: u32) -> Single {
    Single::from_bits(b as u128)
}
fn d(b: u64) -> Double {
    Double::from_bits(b as u128)
}

/// `x` with a NaN replaced by [`NAN32`].
#[inline]
pub(crate) fn canon32(x: f32) -> u32 {
    if x.is_nan() { NAN32 } else { x.to_bits() }
}

/// `x` with a NaN replaced by [`NAN64`].
#[inline]
pub(crate) fn canon64(x: f64) -> u64 {
    if x.is_nan() { NAN64 } else { x.to_bits() }
}

/// f32 `a + b` rounded by `m`.
pub(crate) fn add32(a: f32, b: f32, m: u8) -> u32 {
    if m & 3 == 0 {
        return canon32(a + b);
    }
    canon32(f32::from_bits(
        s(a.to_bits())
            .add_r(s(b.to_bits()), mode(m))
            .value
            .to_bits() as u32,
    ))
}

/// f32 `a * b` rounded by `m`.
pub(crate) fn mul32(a: f32, b: f32, m: u8) -> u32 {
    if m & 3 == 0 {
        return canon32(a * b);
    }
    canon32(f32::from_bits(
        s(a.to_bits())
            .mul_r(s(b.to_bits()), mode(m))
            .value
            .to_bits() as u32,
    ))
}

/// f32 `a * b + c` with one rounding by `m`.
pub(crate) fn fma32(a: f32, b: f32, c: f32, m: u8) -> u32 {
    if m & 3 == 0 {
        return canon32(a.mul_add(b, c));
    }
    let r = s(a.to_bits()).mul_add_r(s(b.to_bits()), s(c.to_bits()), mode(m));
    canon32(f32::from_bits(r.value.to_bits() as u32))
}

/// f64 `a + b` rounded by `m`.
pub(crate) fn add64(a: f64, b: f64, m: u8) -> u64 {
    if m & 3 == 0 {
        return canon64(a + b);
    }
    canon64(f64::from_bits(
        d(a.to_bits())
            .add_r(d(b.to_bits()), mode(m))
            .value
            .to_bits() as u64,
    ))
}

/// f64 `a * b` rounded by `m`.
pub(crate) fn mul64(a: f64, b: f64, m: u8) -> u64 {
    if m & 3 == 0 {
        return canon64(a * b);
    }
    canon64(f64::from_bits(
        d(a.to_bits())
            .mul_r(d(b.to_bits()), mode(m))
            .value
            .to_bits() as u64,
    ))
}

/// f64 `a * b + c` with one rounding by `m`.
pub(crate) fn fma64(a: f64, b: f64, c: f64, m: u8) -> u64 {
    if m & 3 == 0 {
        return canon64(a.mul_add(b, c));
    }
    let r = d(a.to_bits()).mul_add_r(d(b.to_bits()), d(c.to_bits()), mode(m));
    canon64(f64::from_bits(r.value.to_bits() as u64))
}

/// f64 to f32 rounded by `m`.
pub(crate) fn f64_to_f32(a: f64, m: u8) -> u32 {
    if a.is_nan() {
        return NAN32;
    }
    let mut lost = false;
    let r: Single = d(a.to_bits()).convert_r(mode(m), &mut lost).value;
    r.to_bits() as u32
}

/// f32 to f16 bits rounded by `m`.
pub(crate) fn f32_to_f16(a: f32, m: u8) -> u16 {
    if a.is_nan() {
        return NAN16;
    }
    let mut lost = false;
    let r: Half = s(a.to_bits()).convert_r(mode(m), &mut lost).value;
    r.to_bits() as u16
}

/// f64 to f16 bits rounded by `m` (one rounding).
pub(crate) fn f64_to_f16(a: f64, m: u8) -> u16 {
    if a.is_nan() {
        return NAN16;
    }
    let mut lost = false;
    let r: Half = d(a.to_bits()).convert_r(mode(m), &mut lost).value;
    r.to_bits() as u16
}

/// f16 bits to f32 (exact).
pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let x = Half::from_bits(h as u128);
    if x.is_nan() {
        return f32::from_bits(NAN32);
    }
    let mut lost = false;
    let r: Single = x.convert_r(Round::NearestTiesToEven, &mut lost).value;
    f32::from_bits(r.to_bits() as u32)
}

/// A 64-bit integer (signed when `signed`) to f32 rounded by `m`.
pub(crate) fn int_to_f32(v: i128, m: u8) -> u32 {
    Single::from_i128_r(v, mode(m)).value.to_bits() as u32
}

/// A 64-bit integer to f64 rounded by `m`.
pub(crate) fn int_to_f64(v: i128, m: u8) -> u64 {
    Double::from_i128_r(v, mode(m)).value.to_bits() as u64
}

/// A 64-bit integer to f16 bits rounded by `m`.
pub(crate) fn int_to_f16(v: i128, m: u8) -> u16 {
    Half::from_i128_r(v, mode(m)).value.to_bits() as u16
}

/// Rounds `x` to an integral value: `m` 0 nearest even, 1 floor, 2 ceil, 3 trunc.
pub(crate) fn rint64(x: f64, m: u8) -> f64 {
    match m & 3 {
        0 => x.round_ties_even(),
        1 => x.floor(),
        2 => x.ceil(),
        _ => x.trunc(),
    }
}

/// f64 `x` (any finite or infinite value; NaN gives `nan`) to an integer of `bits`
/// bits, signed or not, rounded by `m` (as [`rint64`]) and saturated to the type's range.
pub(crate) fn to_int(x: f64, m: u8, bits: u32, signed: bool, nan: i128) -> i128 {
    if x.is_nan() {
        return nan;
    }
    let r = rint64(x, m);
    let (lo, hi) = if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    if r <= lo as f64 {
        lo
    } else if r >= hi as f64 {
        hi
    } else {
        r as i128
    }
}

/// The float comparison `cmp` (the `Cmp` values: 0 F, 1 LT, 2 EQ, 3 LE, 4 GT, 5 NE, 6
/// GE, 7 NUM, 8 NAN, 9-14 the unordered forms LTU..GEU, 15 T). Ordered tests are false
/// when either operand is NaN, unordered ones true.
pub(crate) fn fcmp(cmp: u8, a: f64, b: f64) -> bool {
    let un = a.is_nan() || b.is_nan();
    let ord = |t: u8| match t {
        1 => a < b,
        2 => a == b,
        3 => a <= b,
        4 => a > b,
        5 => a != b && !un,
        6 => a >= b,
        _ => false,
    };
    match cmp {
        0 => false,
        1..=6 => ord(cmp),
        7 => !un,
        8 => un,
        9..=14 => un || ord(cmp - 8),
        _ => true,
    }
}
