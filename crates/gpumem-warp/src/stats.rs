//! Per-instruction statistics of a run.

use gpumem_mem::{AccessKind, CacheOp, Space};
use std::collections::BTreeMap;

/// Per-instruction statistics (by instruction address).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct InstStats {
    /// The instruction's text.
    pub text: String,
    /// Warp-level executions (guard false included).
    pub executed: u64,
    /// The space of its accesses (memory instructions).
    pub space: Option<Space>,
    /// Load or store (memory instructions).
    pub kind: Option<AccessKind>,
    /// The cache operator (memory instructions).
    pub cache: Option<CacheOp>,
    /// Lane accesses that moved data.
    pub accesses: u64,
    /// 128-byte lines touched, summed.
    pub lines_128: u64,
    /// 32-byte sectors touched, summed.
    pub sectors_32: u64,
    /// Worst bank-conflict degree seen (shared only).
    pub bank_conflict_degree: u32,
    /// Shared passes, summed.
    pub wavefronts: u64,
}

impl InstStats {
    /// Adds the counts of `x`, the same instruction's statistics from a later part of
    /// the run (the next CTA's, a parallel worker's): sums, the worst conflict degree,
    /// and the space, kind and cache operator `x` saw last, where it saw one. The text
    /// stays this one's.
    pub fn absorb(&mut self, x: InstStats) {
        self.executed += x.executed;
        if x.space.is_some() {
            self.space = x.space;
        }
        if x.kind.is_some() {
            self.kind = x.kind;
        }
        if x.cache.is_some() {
            self.cache = x.cache;
        }
        self.accesses += x.accesses;
        self.lines_128 += x.lines_128;
        self.sectors_32 += x.sectors_32;
        self.bank_conflict_degree = self.bank_conflict_degree.max(x.bank_conflict_degree);
        self.wavefronts += x.wavefronts;
    }
}

/// Statistics of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// By instruction byte address.
    pub per_inst: BTreeMap<u64, InstStats>,
    /// Warp instructions executed.
    pub warp_instructions: u64,
    /// Faults beyond the kept ones.
    pub faults_dropped: u64,
}

impl Stats {
    /// The sums over every instruction (the worst bank-conflict degree).
    pub fn totals(&self) -> InstStats {
        let mut t = InstStats {
            text: "total".into(),
            ..Default::default()
        };
        for s in self.per_inst.values() {
            t.executed += s.executed;
            t.accesses += s.accesses;
            t.lines_128 += s.lines_128;
            t.sectors_32 += s.sectors_32;
            t.bank_conflict_degree = t.bank_conflict_degree.max(s.bank_conflict_degree);
            t.wavefronts += s.wavefronts;
        }
        t
    }
}
