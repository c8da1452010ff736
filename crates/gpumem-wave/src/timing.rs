//! The seeded latency model: when each part of an SMEM returns.
//!
//! Timing only: it never sees or changes data. Each part of an access (one
//! per cache line touched) gets `base + uniform(0..=jitter)` cycles, where
//! `base` is the hit or miss latency of that line's lookup; the generator is
//! SplitMix64 seeded from the run's `seed`, so a seed fixes the whole run and
//! different seeds give different legal return orders (Vega ISA §7.3).

use crate::config::ScalarCacheConfig;

use gpumem_isa::SplitMix64;
use gpumem_mem::scache::Served;

/// Latency model.
#[derive(Clone, Debug)]
pub(crate) struct Latency {
    hit: u32,
    miss: u32,
    jitter: u32,
    rng: SplitMix64,
}

impl Latency {
    /// From the `[scalar_cache]` settings and the seed.
    pub(crate) fn new(cfg: &ScalarCacheConfig, seed: u64) -> Latency {
        Latency {
            hit: cfg.hit_latency,
            miss: cfg.miss_latency,
            jitter: cfg.jitter,
            rng: SplitMix64(seed ^ 0x6A09_E667_F3BC_C909),
        }
    }

    /// Cycles from issue to the return of one part (at least 1).
    pub(crate) fn part(&mut self, s: Served) -> u64 {
        let base = match s {
            Served::Hit | Served::Local => self.hit,
            Served::Miss => self.miss,
        };
        (u64::from(base) + self.rng.upto(self.jitter)).max(1)
    }
}
