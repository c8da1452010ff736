//! Bit-field helpers on 64-bit instruction words.

/// A contiguous bit field `[lo, lo + width)` of a 64-bit word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    /// The lowest bit.
    pub lo: u8,
    /// Bits in the field.
    pub width: u8,
}

impl Field {
    /// The field of `width` bits from bit `lo`.
    pub const fn new(lo: u8, width: u8) -> Field {
        Field { lo, width }
    }

    /// The mask of the field's bits in place.
    pub const fn mask(self) -> u64 {
        if self.width >= 64 {
            u64::MAX
        } else {
            ((1u64 << self.width) - 1) << self.lo
        }
    }

    /// The largest value the field holds.
    pub const fn max(self) -> u64 {
        self.mask() >> self.lo
    }

    /// The field's value in `word`.
    pub const fn get(self, word: u64) -> u64 {
        (word & self.mask()) >> self.lo
    }

    /// The field's value read as a two's-complement signed number.
    pub const fn get_signed(self, word: u64) -> i64 {
        let v = self.get(word);
        let shift = 64 - self.width as u32;
        ((v << shift) as i64) >> shift
    }

    /// `word` with the field replaced by `value` (truncated to the field's width).
    pub const fn put(self, word: u64, value: u64) -> u64 {
        (word & !self.mask()) | ((value << self.lo) & self.mask())
    }

    /// Whether `value` fits the field as an unsigned number.
    pub const fn fits_unsigned(self, value: i64) -> bool {
        value >= 0 && (value as u64) <= self.max()
    }

    /// Whether `value` fits the field as a two's-complement signed number.
    pub const fn fits_signed(self, value: i64) -> bool {
        let half = 1i64 << (self.width - 1);
        value >= -half && value < half
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_field_extremes() {
        let f = Field::new(20, 24);
        assert_eq!(f.get_signed(f.put(0, 0x800000)), -0x800000);
        assert_eq!(f.get_signed(f.put(0, 0x7fffff)), 0x7fffff);
        assert!(f.fits_signed(-0x800000));
        assert!(!f.fits_signed(0x800000));
        assert!(f.fits_unsigned(0xffffff));
        assert!(!f.fits_unsigned(0x1000000));
    }

    #[test]
    fn put_truncates_to_the_field() {
        let f = Field::new(4, 4);
        assert_eq!(f.put(0, 0x1f), 0xf0);
        assert_eq!(f.put(0xffff, 0), 0xff0f);
        assert_eq!(Field::new(0, 64).mask(), u64::MAX);
    }
}
