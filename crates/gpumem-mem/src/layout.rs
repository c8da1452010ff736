//! Where each lane of one access record goes, for pictures (`gpumem explain`): the
//! per-lane view of the rules [`crate::model::cost`] counts.
//!
//! * Shared: each 32-bit word a lane touches, its bank, its phase and the wavefront that
//!   serves it. Within a phase, the distinct words of one bank are served one per
//!   wavefront in increasing address order (the order is this picture's choice: the
//!   hardware's is not documented; the counts do not depend on it); lanes reading the
//!   same word share it (broadcast). Wavefronts are numbered from 0 across the phases.
//!   Atomics do not broadcast: every lane's word is its own way of its bank, in lane
//!   order (lanes on one address serialise).
//! * Global and constant-space records as addresses (global, buffer): the 32-byte
//!   sectors and 128-byte lines each lane's bytes fall in.
//! * Local: the same for the per-thread interleaved layout of [`crate::model`]
//!   (word `w` of lane `l` at `(w * 32 + l) * 4` in the warp's slice).
//! * Constant (`LDC`): the distinct 32-bit words read, as the constant caches serve them.
//!
//! The tests check these views against [`crate::model::cost`]'s counts.

use crate::{Access, Space, WARP};

/// One 32-bit shared-memory word touched by one lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedSlot {
    /// The lane.
    pub lane: u8,
    /// Word index (byte address / 4).
    pub word: u64,
    /// Bank (`word % 32`).
    pub bank: u8,
    /// Phase (0 for accesses up to 32 bits; 0-1 for 64-bit; 0-3 for 128-bit).
    pub phase: u8,
    /// Which of its bank's distinct words in the phase this is (0 = first).
    pub way: u32,
    /// The wavefront serving it, numbered from 0 over all phases.
    pub wavefront: u32,
}

/// The shared-memory view of one record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SharedLayout {
    /// Every (lane, word) pair, lane by lane, words in address order.
    pub slots: Vec<SharedSlot>,
    /// Per phase, its degree (the most distinct words one bank serves; 0 for an
    /// empty phase).
    pub phase_degree: Vec<u32>,
}

impl SharedLayout {
    /// The largest phase degree (= `Cost::bank_conflict_degree`).
    pub fn degree(&self) -> u32 {
        self.phase_degree.iter().copied().max().unwrap_or(0)
    }

    /// Wavefronts over all phases (= `Cost::wavefronts`).
    pub fn wavefronts(&self) -> u32 {
        self.phase_degree.iter().sum()
    }
}

/// Lanes per phase for a shared access of `bytes` bytes (NVIDIA's rule for 32-bit banks).
pub fn shared_phase_lanes(bytes: u32) -> usize {
    match bytes {
        16 => 8,
        8 => 16,
        _ => 32,
    }
}

/// The shared-memory view of `acc` (any space; the addresses are taken as shared
/// offsets).
pub fn shared(acc: &Access) -> SharedLayout {
    let lanes = acc.data_lanes();
    let n = acc.bytes.max(1) as u64;
    let per = shared_phase_lanes(acc.bytes);
    let atomic = acc.rmw.is_some();
    let mut out = SharedLayout::default();
    let mut base = 0u32;
    for phase in 0..WARP / per {
        let range = phase * per..(phase + 1) * per;
        let mut words: Vec<u64> = Vec::new();
        for lane in range.clone().filter(|l| lanes & (1 << l) != 0) {
            let a = acc.addr[lane];
            words.extend((a / 4)..=(a.saturating_add(n - 1) / 4));
        }
        words.sort_unstable();
        words.dedup();
        // Rank of each distinct word within its bank (address order).
        let mut per_bank = [0u32; 32];
        let ranked: Vec<(u64, u32)> = words
            .iter()
            .map(|&w| {
                let b = (w % 32) as usize;
                per_bank[b] += 1;
                (w, per_bank[b] - 1)
            })
            .collect();
        // Atomics: every lane's word is its own way, in lane order.
        let mut lane_ways = [0u32; 32];
        for lane in range.filter(|l| lanes & (1 << l) != 0) {
            let a = acc.addr[lane];
            for w in (a / 4)..=(a.saturating_add(n - 1) / 4) {
                let bank = (w % 32) as usize;
                let way = if atomic {
                    lane_ways[bank] += 1;
                    lane_ways[bank] - 1
                } else {
                    ranked
                        .binary_search_by_key(&w, |r| r.0)
                        .map(|i| ranked[i].1)
                        .unwrap_or(0)
                };
                out.slots.push(SharedSlot {
                    lane: lane as u8,
                    word: w,
                    bank: bank as u8,
                    phase: phase as u8,
                    way,
                    wavefront: base + way,
                });
            }
        }
        let ways = if atomic { &lane_ways } else { &per_bank };
        let degree = ways.iter().copied().max().unwrap_or(0);
        out.phase_degree.push(degree);
        base += degree;
    }
    out
}

/// The 32-byte sectors one lane touches in the space's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneSectors {
    /// The lane.
    pub lane: u8,
    /// Its byte address as the record holds it.
    pub addr: u64,
    /// Sector indices (byte address / 32 in the layout) the lane's bytes touch, in
    /// increasing order; sector `s` lies in 128-byte line `s / 4`.
    pub sectors: Vec<u64>,
}

/// The sectors every data lane of `acc` touches: for global (and buffer, constant)
/// records the addresses themselves; for local (and scratch) records the interleaved
/// per-thread layout (each 32-bit word of a lane 128 bytes from the next).
pub fn sectors(acc: &Access) -> Vec<LaneSectors> {
    let lanes = acc.data_lanes();
    let n = acc.bytes.max(1) as u64;
    (0..WARP)
        .filter(|l| lanes & (1 << l) != 0)
        .map(|lane| {
            let a = acc.addr[lane];
            let end = a.saturating_add(n - 1);
            let mut sectors: Vec<u64> = match acc.space {
                Space::Local | Space::Scratch => ((a / 4)..=(end / 4))
                    .map(|w| (w * WARP as u64 + lane as u64) * 4 / 32)
                    .collect(),
                _ => ((a / 32)..=(end / 32)).collect(),
            };
            sectors.dedup();
            LaneSectors {
                lane: lane as u8,
                addr: a,
                sectors,
            }
        })
        .collect()
}

/// The distinct 32-bit words a constant access reads, in first-lane order, each with
/// the lanes that read it (a bit mask): one serialised request each, as the constant
/// caches serve them.
pub fn constant_words(acc: &Access) -> Vec<(u64, u32)> {
    let lanes = acc.data_lanes();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for lane in (0..WARP).filter(|l| lanes & (1 << l) != 0) {
        let w = acc.addr[lane] / 4;
        match out.iter_mut().find(|(x, _)| *x == w) {
            Some((_, m)) => *m |= 1 << lane,
            None => out.push((w, 1 << lane)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cost;
    use crate::{AccessKind, CacheOp};

    /// Random records (a small LCG; addresses from a few patterns so that conflicts,
    /// broadcasts and crossings all occur).
    fn records() -> Vec<Access> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 33
        };
        let mut v = Vec::new();
        for i in 0..3000 {
            let space = [Space::Shared, Space::Global, Space::Local, Space::Constant][i % 4];
            let bytes = [1, 2, 4, 8, 16][(next() % 5) as usize];
            let mut a = Access::new(space, AccessKind::Load, bytes, false, CacheOp::Default);
            let stride = [0, 1, 4, 8, 16, 32, 64, 128, 132][(next() % 9) as usize];
            let base = (next() % 4096) & !(bytes as u64 - 1);
            for l in 0..WARP {
                let addr = match next() % 4 {
                    0 => (next() % 2048) & !(bytes as u64 - 1),
                    _ => base + stride * bytes as u64 * l as u64 / 4 * 4,
                };
                a.set_lane(l, addr & !(bytes as u64 - 1));
            }
            a.mask = next() as u32 | (next() as u32) << 16;
            if next() % 3 == 0 {
                // Atomics (no broadcast) in every space.
                a.rmw = Some(crate::Rmw::F32AddFtz);
            }
            v.push(a);
        }
        v
    }

    #[test]
    fn shared_view_agrees_with_cost() {
        for a in records().into_iter().filter(|a| a.space == Space::Shared) {
            let l = shared(&a);
            let c = cost(&a);
            assert_eq!(
                (l.degree(), l.wavefronts()),
                (c.bank_conflict_degree, c.wavefronts)
            );
            // A bank never serves two words in one wavefront.
            let mut seen = std::collections::HashSet::new();
            for s in &l.slots {
                seen.insert((s.wavefront, s.bank, s.word));
            }
            let mut per = std::collections::HashMap::new();
            for (wf, bank, _) in &seen {
                *per.entry((*wf, *bank)).or_insert(0) += 1;
            }
            assert!(
                a.rmw.is_some() || per.values().all(|&n| n == 1),
                "a load's bank serves one word a wavefront"
            );
            // An atomic's bank serves one lane's word a wavefront.
            if a.rmw.is_some() {
                let mut taken = std::collections::HashSet::new();
                assert!(l.slots.iter().all(|s| taken.insert((s.wavefront, s.bank))));
            }
        }
    }

    #[test]
    fn ideal_never_exceeds_the_transactions() {
        for a in records() {
            let c = cost(&a);
            assert!(c.ideal <= c.transactions, "{a:?}: {c:?}");
            assert_eq!(c.transactions == 0, c.lanes == 0, "{a:?}: {c:?}");
        }
    }

    #[test]
    fn sector_view_agrees_with_cost() {
        for a in records().into_iter().filter(|a| a.space != Space::Shared) {
            let c = cost(&a);
            let mut s: Vec<u64> = sectors(&a).iter().flat_map(|l| l.sectors.clone()).collect();
            s.sort_unstable();
            s.dedup();
            let mut lines: Vec<u64> = s.iter().map(|x| x / 4).collect();
            lines.dedup();
            assert_eq!(
                (s.len() as u32, lines.len() as u32),
                (c.sectors_32, c.lines_128)
            );
        }
    }

    #[test]
    fn constant_words_broadcast() {
        let mut a = Access::new(
            Space::Constant,
            AccessKind::Load,
            4,
            false,
            CacheOp::Default,
        );
        for l in 0..WARP {
            a.set_lane(
                l,
                if l < 16 {
                    0x10
                } else {
                    0x20 + 4 * (l as u64 % 2)
                },
            );
        }
        let w = constant_words(&a);
        assert_eq!(w.len(), 3);
        assert_eq!(w[0], (4, 0xffff));
    }
}
