//! An f16 reference written without any soft-float library, shared by tests/half_props.rs
//! and tests/half_ptxas.rs: every finite f16 is an integer multiple of 2^-24, so sums,
//! products and fused multiply-adds are exact integers (i128), rounded to binary16 by an
//! explicit round-to-nearest-even step; infinities, NaNs and signed zeros by IEEE 754's
//! rules; NaN results are the canonical 0x7fff (SEMANTICS.md, "Half precision"); `.FTZ`
//! and `.SAT` as the H100 computes them ("Held against silicon").

pub fn is_nan(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}
pub fn is_inf(h: u16) -> bool {
    h & 0x7fff == 0x7c00
}
pub fn neg(h: u16) -> bool {
    h & 0x8000 != 0
}
pub fn is_zero(h: u16) -> bool {
    h & 0x7fff == 0
}

/// A finite f16 as an integer count of 2^-24.
pub fn units(h: u16) -> i128 {
    let e = (h >> 10 & 0x1f) as u32;
    let m = (h & 0x3ff) as i128;
    let mag = if e == 0 { m } else { (m | 0x400) << (e - 1) };
    if neg(h) { -mag } else { mag }
}

/// Rounds `n * 2^-scale` (scale >= 24) to binary16, nearest even; a zero result keeps
/// the sign `zero_neg`.
pub fn round16(n: i128, scale: u32, zero_neg: bool) -> u16 {
    let sign = if n < 0 || (n == 0 && zero_neg) {
        0x8000
    } else {
        0
    };
    let m = n.unsigned_abs();
    if m == 0 {
        return sign;
    }
    // The exponent of the value and the f16 quantum 2^q there (2^-24 below 2^-14).
    let e = (127 - m.leading_zeros()) as i32 - scale as i32;
    let q = (e - 10).max(-24);
    let shift = (q + scale as i32) as u32;
    let mut r = m >> shift;
    if shift > 0 {
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        if rem > half || (rem == half && r & 1 == 1) {
            r += 1;
        }
    }
    let mut q = q;
    if r == 0 {
        return sign;
    }
    while r >= 2048 {
        r >>= 1;
        q += 1;
    }
    if r < 1024 {
        // Subnormal (q is -24 here).
        return sign | r as u16;
    }
    let biased = q + 25;
    if biased >= 31 {
        return sign | 0x7c00;
    }
    sign | (biased as u16) << 10 | (r as u16 - 1024)
}

pub fn flush(h: u16) -> u16 {
    if h & 0x7c00 == 0 { h & 0x8000 } else { h }
}

#[derive(Clone, Copy)]
pub enum Op {
    /// `a + b`.
    Add,
    /// `a * b`.
    Mul,
    /// `a * b + c`, one rounding.
    Fma,
}

/// The reference: one lane of `op` on f16 bits, with `.FTZ` (`ftz`) and `.SAT` (`sat`).
pub fn reference(op: Op, a: u16, b: u16, c: u16, ftz: bool, sat: bool) -> u16 {
    let (a, b, c) = if ftz {
        (flush(a), flush(b), flush(c))
    } else {
        (a, b, c)
    };
    let r = exact(op, a, b, c);
    // `.FTZ` detects tininess before rounding: an exact result below 2^-14 is flushed
    // even where it rounds up to 2^-14 (the H100; SEMANTICS.md "Held against silicon").
    let r = if ftz && (tiny(op, a, b, c) || r & 0x7c00 == 0) {
        r & 0x8000
    } else {
        r
    };
    // `.SAT`: -0 and negative values give +0.
    let r = if sat && !is_nan(r) {
        if neg(r) {
            0
        } else if r & 0x7fff > 0x3c00 {
            0x3c00
        } else {
            r
        }
    } else if sat {
        0
    } else {
        r
    };
    if is_nan(r) { 0x7fff } else { r }
}

/// Whether the exact result of `op` on finite operands is non-zero and below the
/// smallest normal f16 (2^-14, 1024 units of 2^-24).
pub fn tiny(op: Op, a: u16, b: u16, c: u16) -> bool {
    let finite = |h: u16| h & 0x7c00 != 0x7c00;
    let (n, min) = match op {
        Op::Add if finite(a) && finite(b) => (units(a) + units(b), 1024),
        Op::Mul if finite(a) && finite(b) => (units(a) * units(b), 1024 << 24),
        Op::Fma if finite(a) && finite(b) && finite(c) => {
            (units(a) * units(b) + (units(c) << 24), 1024 << 24)
        }
        _ => return false,
    };
    n != 0 && n.abs() < min
}

pub fn exact(op: Op, a: u16, b: u16, c: u16) -> u16 {
    const NAN: u16 = 0x7fff;
    let inf = |n: bool| if n { 0xfc00 } else { 0x7c00 };
    match op {
        Op::Add => {
            if is_nan(a) || is_nan(b) {
                return NAN;
            }
            match (is_inf(a), is_inf(b)) {
                (true, true) if neg(a) != neg(b) => return NAN,
                (true, _) => return a,
                (_, true) => return b,
                _ => {}
            }
            let s = units(a) + units(b);
            round16(s, 24, s == 0 && neg(a) && neg(b))
        }
        Op::Mul => {
            if is_nan(a) || is_nan(b) {
                return NAN;
            }
            let sign = neg(a) != neg(b);
            if is_inf(a) || is_inf(b) {
                return if is_zero(a) || is_zero(b) {
                    NAN
                } else {
                    inf(sign)
                };
            }
            round16(units(a) * units(b), 48, sign)
        }
        Op::Fma => {
            if is_nan(a) || is_nan(b) || is_nan(c) {
                return NAN;
            }
            let psign = neg(a) != neg(b);
            let pinf = is_inf(a) || is_inf(b);
            if pinf && (is_zero(a) || is_zero(b)) {
                return NAN;
            }
            if pinf {
                return if is_inf(c) && neg(c) != psign {
                    NAN
                } else {
                    inf(psign)
                };
            }
            if is_inf(c) {
                return c;
            }
            let p = units(a) * units(b);
            let s = p + (units(c) << 24);
            // An exact zero: -0 only when the product and C are both -0.
            let pzero_neg = p == 0 && psign;
            round16(s, 48, s == 0 && pzero_neg && is_zero(c) && neg(c))
        }
    }
}

/// An f16 as an f64 (exact; NaN stays NaN).
pub fn value(h: u16) -> f64 {
    if is_nan(h) {
        f64::NAN
    } else if is_inf(h) {
        if neg(h) {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    } else {
        units(h) as f64 / (1u64 << 24) as f64
    }
}
