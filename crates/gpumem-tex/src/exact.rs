//! Exact arithmetic of the filter: a wide fixed-point accumulator for the weighted sum of
//! float texels (every term is exact, the sum is rounded once) and rounding of small
//! rationals (normalized integers) to float32.

/// Two's-complement fixed-point integer of 320 bits: the sum of up to a few hundred terms
/// `w * m * 2^e` (w < 2^9, m < 2^24, e from -149 up) at a scale of 2^-157 never overflows
/// it (the largest term is below 2^(33 + 254 + 8) = 2^295).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wide([u64; 5]);

/// The scale of [`Wide`]: one unit is 2^-157 (float32's smallest step 2^-149 times the
/// 1/256 of the 8-bit weights).
pub(crate) const WIDE_SCALE: i32 = -157;

impl Wide {
    /// Adds `v * 2^shift` (shift >= 0, v of at most 64 bits, negated when `neg`).
    pub(crate) fn add_shifted(&mut self, v: u64, shift: u32, neg: bool) {
        if v == 0 {
            return;
        }
        let mut term = [0u64; 5];
        let word = (shift / 64) as usize;
        let bit = shift % 64;
        if word < 5 {
            term[word] = v << bit;
            if bit != 0 && word + 1 < 5 {
                term[word + 1] = v >> (64 - bit);
            }
        }
        if neg {
            // two's complement of the term
            let mut carry = 1u64;
            for t in term.iter_mut() {
                let (s, c) = (!*t).overflowing_add(carry);
                *t = s;
                carry = u64::from(c);
            }
        }
        let mut carry = 0u64;
        for (a, t) in self.0.iter_mut().zip(term) {
            let (s1, c1) = a.overflowing_add(t);
            let (s2, c2) = s1.overflowing_add(carry);
            *a = s2;
            carry = u64::from(c1) + u64::from(c2);
        }
    }

    fn negative(&self) -> bool {
        self.0[4] >> 63 == 1
    }

    fn magnitude(&self) -> [u64; 5] {
        if !self.negative() {
            return self.0;
        }
        let mut out = [0u64; 5];
        let mut carry = 1u64;
        for (o, a) in out.iter_mut().zip(self.0) {
            let (s, c) = (!a).overflowing_add(carry);
            *o = s;
            carry = u64::from(c);
        }
        out
    }

    /// The value rounded to nearest, ties away from zero, to a binary float with `mant`
    /// fraction bits and smallest normal exponent `emin` (float32: 23, -126; half: 10,
    /// -14), returned as float32 bits (a half result is exact in float32). Overflow gives
    /// infinity.
    pub(crate) fn round_rna(&self, mant: u32, emin: i32, emax: i32) -> u32 {
        let sign = if self.negative() { 0x8000_0000u32 } else { 0 };
        let m = self.magnitude();
        let top = match (0..5).rev().find(|&i| m[i] != 0) {
            None => return 0,
            Some(i) => i as i32 * 64 + 63 - m[i].leading_zeros() as i32,
        };
        // value = m * 2^WIDE_SCALE; its exponent
        let e = (top + WIDE_SCALE).max(emin);
        // keep the bits from 2^(e - mant) up: the unit is bit (e - mant - WIDE_SCALE)
        let unit = e - mant as i32 - WIDE_SCALE;
        let (mut q, half) = if unit <= 0 {
            (bits_from(&m, 0) << (-unit) as u32, false)
        } else {
            let unit = unit as u32;
            (bits_from(&m, unit), bit_at(&m, unit - 1))
        };
        if half {
            q += 1; // ties away from zero: the half bit alone decides
        }
        let mut e = e;
        if q >> (mant + 1) != 0 {
            q >>= 1;
            e += 1;
        }
        if e > emax {
            return sign | 0x7F80_0000;
        }
        if q >> mant == 0 {
            // subnormal in the target format: value = q * 2^(emin - mant)
            return sign | f32_of_scaled(q, emin - mant as i32);
        }
        sign | f32_of_scaled(q, e - mant as i32)
    }
}

/// float32 bits of q * 2^exp, exact (q < 2^24 and the value inside float32's range).
fn f32_of_scaled(q: u64, exp: i32) -> u32 {
    if q == 0 {
        return 0;
    }
    let top = 63 - q.leading_zeros() as i32;
    let e = top + exp;
    if e >= -126 {
        let frac = if top >= 23 {
            q >> (top - 23)
        } else {
            q << (23 - top)
        };
        (((e + 127) as u32) << 23) | (frac as u32 & 0x7F_FFFF)
    } else {
        // float32 subnormal: q * 2^exp = s * 2^-149
        let sh = exp + 149;
        (if sh >= 0 { q << sh } else { q >> -sh }) as u32
    }
}

fn bit_at(m: &[u64; 5], bit: u32) -> bool {
    let w = (bit / 64) as usize;
    w < 5 && (m[w] >> (bit % 64)) & 1 == 1
}

/// The 64 bits of `m` starting at bit `from`.
fn bits_from(m: &[u64; 5], from: u32) -> u64 {
    let w = (from / 64) as usize;
    let b = from % 64;
    let lo = if w < 5 { m[w] >> b } else { 0 };
    let hi = if b != 0 && w + 1 < 5 {
        m[w + 1] << (64 - b)
    } else {
        0
    };
    lo | hi
}

/// `num / den` (den > 0) rounded to nearest even float32, as bits.
pub(crate) fn ratio_to_f32(num: i64, den: u64) -> u32 {
    if num == 0 {
        return 0;
    }
    let sign = if num < 0 { 0x8000_0000u32 } else { 0 };
    let p = u128::from(num.unsigned_abs());
    let q = u128::from(den);
    // exponent e with 2^e <= p/q < 2^(e+1)
    let mut e = (127 - p.leading_zeros() as i32) - (127 - q.leading_zeros() as i32);
    let ge = |e: i32| if e >= 0 { p >= q << e } else { p << -e >= q };
    if !ge(e) {
        e -= 1;
    }
    let e = e.max(-126);
    // m = p / q * 2^(23 - e)
    let sh = 23 - e;
    let (n, d) = if sh >= 0 { (p << sh, q) } else { (p, q << -sh) };
    let (mut m, r) = (n / d, n % d);
    if 2 * r > d || (2 * r == d && m & 1 == 1) {
        m += 1;
    }
    let mut e = e;
    if m >> 24 != 0 {
        m >>= 1;
        e += 1;
    }
    if e > 127 {
        return sign | 0x7F80_0000;
    }
    if m >> 23 == 0 {
        return sign | m as u32;
    }
    sign | (((e + 127) as u32) << 23) | (m as u32 & 0x7F_FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(terms: &[(u32, f32)]) -> Wide {
        let mut w = Wide::default();
        for &(weight, v) in terms {
            let b = v.to_bits();
            let e = ((b >> 23) & 0xFF) as i32;
            let m = u64::from(if e == 0 {
                b & 0x7F_FFFF
            } else {
                (b & 0x7F_FFFF) | 0x80_0000
            });
            let exp = if e == 0 { -149 } else { e - 150 };
            w.add_shifted(u64::from(weight) * m, (exp + 149) as u32, b >> 31 == 1);
        }
        w
    }

    #[test]
    fn ties_go_away_from_zero() {
        // (1 + 2^-23) / 2 + 1/2 ... : 1.5 * 2^-24 above 1 is a tie between 1 and 1 + 2^-23
        let one = sum(&[(256, 1.0)]);
        assert_eq!(one.round_rna(23, -126, 127), 1.0f32.to_bits());
        let tie = sum(&[(128, 1.0), (128, f32::from_bits(0x3F80_0001))]);
        assert_eq!(tie.round_rna(23, -126, 127), 0x3F80_0001);
        let neg = sum(&[(128, -1.0), (128, f32::from_bits(0xBF80_0001))]);
        assert_eq!(neg.round_rna(23, -126, 127), 0xBF80_0001);
        // exact cancellation
        assert_eq!(sum(&[(128, 3.5), (128, -3.5)]).round_rna(23, -126, 127), 0);
        // the smallest subnormal survives a weighted sum
        let tiny = sum(&[(256, f32::from_bits(1))]);
        assert_eq!(tiny.round_rna(23, -126, 127), 1);
        // overflow
        let big = sum(&[(256, f32::MAX), (256, f32::MAX)]);
        assert_eq!(big.round_rna(23, -126, 127), 0x7F80_0000);
        // half precision: 1 + 2^-11 is a tie between 1 and 1 + 2^-10
        let h = sum(&[(256, 1.0 + 1.0 / 2048.0)]);
        assert_eq!(f32::from_bits(h.round_rna(10, -14, 15)), 1.0 + 1.0 / 1024.0);
    }

    #[test]
    fn ratios_round_to_nearest_even() {
        assert_eq!(f32::from_bits(ratio_to_f32(1, 255)), 1.0f32 / 255.0);
        assert_eq!(f32::from_bits(ratio_to_f32(-77, 127)), -77.0f32 / 127.0);
        assert_eq!(
            f32::from_bits(ratio_to_f32(38422, 65535)),
            38422.0f32 / 65535.0
        );
        assert_eq!(ratio_to_f32(65535, 65535), 1.0f32.to_bits());
        for t in 0..=255u64 {
            assert_eq!(
                f32::from_bits(ratio_to_f32(t as i64, 255)),
                (t as f64 / 255.0) as f32
            );
        }
    }
}
