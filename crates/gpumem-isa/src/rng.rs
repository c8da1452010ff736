//! SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, seeded generator, good enough
//! for sampling test inputs and for latency jitter. Deterministic: a seed fixes the
//! whole sequence.

/// The generator; the field is its state (the seed).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Uniform in `0..=max`; `0` without drawing when `max` is 0.
    pub fn upto(&mut self, max: u32) -> u64 {
        if max == 0 {
            0
        } else {
            self.below(u64::from(max) + 1)
        }
    }

    /// True once in `one_in` draws on average.
    pub fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let (mut a, mut b) = (SplitMix64(7), SplitMix64(7));
        assert_eq!(
            (0..8).map(|_| a.next_u64()).collect::<Vec<_>>(),
            (0..8).map(|_| b.next_u64()).collect::<Vec<_>>()
        );
        assert!(a.upto(0) == 0 && a.below(0) == 0);
    }
}
