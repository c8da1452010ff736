//! The seeded latency model: when each part of an SMEM returns.
//!
//! Timing only: it never sees or changes data. Each part of an access (one
//! per cache line touched) gets `base + uniform(0..=jitter)` cycles, where
//! `base` is the hit or miss latency of that line's lookup; the generator is
//! SplitMix64 seeded from the run's `seed`, so a seed fixes the whole run and
//! different seeds give different legal return orders (Vega ISA §7.3).

use crate::config::ScalarCacheConfig;

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for jitter.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Seeded generator.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed ^ 0x6A09_E667_F3BC_C909)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..=max`.
    pub fn upto(&mut self, max: u32) -> u64 {
        if max == 0 {
            0
        } else {
            self.next_u64() % (u64::from(max) + 1)
        }
    }
}

/// How a part was served, which picks its base latency.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    /// Served by the scalar cache.
    Hit,
    /// Went to memory (miss, GLC=1 load, write-through, atomic).
    Miss,
    /// Nothing to fetch (out-of-range buffer dwords, time, cache control).
    Local,
}

/// Latency model.
#[derive(Clone, Debug)]
pub struct Latency {
    hit: u32,
    miss: u32,
    jitter: u32,
    rng: SplitMix64,
}

impl Latency {
    /// From the `[scalar_cache]` settings and the seed.
    pub fn new(cfg: &ScalarCacheConfig, seed: u64) -> Latency {
        Latency {
            hit: cfg.hit_latency,
            miss: cfg.miss_latency,
            jitter: cfg.jitter,
            rng: SplitMix64::new(seed),
        }
    }

    /// Cycles from issue to the return of one part (at least 1).
    pub fn part(&mut self, s: Service) -> u64 {
        let base = match s {
            Service::Hit | Service::Local => self.hit,
            Service::Miss => self.miss,
        };
        (u64::from(base) + self.rng.upto(self.jitter)).max(1)
    }
}
