//! The statistics model: what one access record costs.
//!
//! * Global and constant: distinct 32-byte sectors and 128-byte lines touched by the
//!   lanes that move data.
//! * Local: local memory is interleaved per thread at 4-byte granularity (word `w` of
//!   lane `l` lives at `(w * 32 + l) * 4` in the warp's physical slice), so a 128-byte
//!   line holds the same per-thread word of all 32 lanes. Lines (= serialised accesses,
//!   seed page 002) are the distinct per-thread words touched; a warp whose lanes all
//!   use the same per-thread 32-bit address makes one access.
//! * Shared: 32 banks of 32 bits. Within a phase, lanes hitting the same 32-bit word
//!   are served together (broadcast); different words in one bank serialise. The
//!   degree of a phase is the most distinct words any bank serves. Accesses of up to
//!   32 bits run as one phase of 32 lanes; 64-bit accesses as two half-warp phases
//!   (lanes 0-15, 16-31) and 128-bit accesses as four quarter-warp phases, as NVIDIA
//!   documents for devices with 32-bit banks. `bank_conflict_degree` is the largest
//!   phase degree (1 = conflict-free), `wavefronts` the sum over phases. Atomics
//!   (records with a read-modify-write) do not broadcast: every lane's word is its own
//!   access, so lanes on one address serialise as a conflict of that many ways (lanes
//!   on distinct words of one bank as well). Shared accesses touch no sectors or lines.
//! * Constant: the distinct 32-bit words, one serialised request each
//!   ([`crate::layout::constant_words`]); its sectors and lines are counted as global's.
//!
//! [`Cost::transactions`] is the one figure per space that the timing table, `explain`
//! and the nvprof-named metrics call transactions: distinct sectors (global, local),
//! wavefronts (shared) or distinct words (constant); [`Cost::ideal`] is the fewest the
//! bytes the lanes need could take, in the same unit (a broadcast's ideal is 1).

use crate::{Access, Space, WARP};

/// The cost of one access record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Cost {
    /// Lanes that moved data.
    pub lanes: u32,
    /// Distinct 128-byte lines touched.
    pub lines_128: u32,
    /// Distinct 32-byte sectors touched.
    pub sectors_32: u32,
    /// Shared only: 1 = conflict-free, n = n-way conflict; 0 for other spaces.
    pub bank_conflict_degree: u32,
    /// Shared only: serialised passes summed over the phases.
    pub wavefronts: u32,
    /// The space's transactions: distinct 32-byte sectors (global, local and their
    /// Vega views), wavefronts (shared), distinct 32-bit words (constant).
    pub transactions: u32,
    /// The fewest transactions the distinct bytes the lanes need could take: sectors
    /// `ceil(bytes / 32)` (global, local), wavefronts `ceil(bytes / 128)` (shared), one
    /// word (constant); never above `transactions`.
    pub ideal: u32,
}

/// A set of u64 keys collected without allocating for instruction-sized accesses
/// (spills to the heap for larger hand-made records).
struct Keys {
    buf: [u64; 64],
    len: usize,
    spill: Vec<u64>,
    sorted: bool,
}

impl Keys {
    fn new() -> Keys {
        Keys {
            buf: [0; 64],
            len: 0,
            spill: Vec::new(),
            sorted: true,
        }
    }

    #[inline]
    fn push(&mut self, k: u64) {
        if self.len > 0 {
            let last = self.buf[self.len - 1];
            if last == k {
                return; // consecutive lanes often share a sector or line
            }
            if k < last {
                self.sorted = false;
            }
        }
        if self.len < self.buf.len() {
            self.buf[self.len] = k;
            self.len += 1;
        } else {
            self.spill.push(k);
        }
    }

    /// Distinct keys, sorted.
    fn distinct(&mut self) -> &[u64] {
        if self.spill.is_empty() {
            let v = &mut self.buf[..self.len];
            if !self.sorted {
                v.sort_unstable();
            }
            let mut n = 0;
            for i in 0..v.len() {
                if n == 0 || v[n - 1] != v[i] {
                    v[n] = v[i];
                    n += 1;
                }
            }
            self.len = n;
            self.sorted = true;
            &self.buf[..n]
        } else {
            self.spill.extend_from_slice(&self.buf[..self.len]);
            self.len = 0;
            self.spill.sort_unstable();
            self.spill.dedup();
            &self.spill
        }
    }

    fn count(&mut self) -> u32 {
        self.distinct().len() as u32
    }
}

/// Computes the cost of `acc`.
pub fn cost(acc: &Access) -> Cost {
    let lanes = acc.data_lanes();
    let mut c = Cost {
        lanes: lanes.count_ones(),
        ..Cost::default()
    };
    if lanes == 0 {
        return c;
    }
    let n = acc.bytes.max(1) as u64;
    match acc.space {
        Space::Global | Space::Constant | Space::Buffer => {
            let (mut lines, mut sectors) = (Keys::new(), Keys::new());
            for lane in (0..WARP).filter(|l| lanes & (1 << l) != 0) {
                let a = acc.addr[lane];
                let end = a.saturating_add(n - 1);
                for s in (a / 32)..=(end / 32) {
                    sectors.push(s);
                }
                for l in (a / 128)..=(end / 128) {
                    lines.push(l);
                }
            }
            c.sectors_32 = sectors.count();
            c.lines_128 = lines.count();
            if acc.space == Space::Constant {
                c.transactions = crate::layout::constant_words(acc).len() as u32;
                c.ideal = 1;
            } else {
                c.transactions = c.sectors_32;
                c.ideal = distinct_bytes(acc, lanes, n).div_ceil(32) as u32;
            }
        }
        Space::Local | Space::Scratch => {
            let (mut lines, mut sectors) = (Keys::new(), Keys::new());
            for lane in (0..WARP).filter(|l| lanes & (1 << l) != 0) {
                let a = acc.addr[lane];
                for w in (a / 4)..=((a + n - 1) / 4) {
                    let phys = (w * WARP as u64 + lane as u64) * 4;
                    lines.push(phys / 128);
                    sectors.push(phys / 32);
                }
            }
            c.sectors_32 = sectors.count();
            c.lines_128 = lines.count();
            c.transactions = c.sectors_32;
            // Every lane's bytes are its own in the interleaved layout.
            c.ideal = (c.lanes as u64 * n).div_ceil(32) as u32;
        }
        Space::Shared => {
            let phase_lanes = match n {
                16 => 8,
                8 => 16,
                _ => 32,
            };
            let atomic = acc.rmw.is_some();
            let mut worst = 0;
            let mut total = 0;
            for phase in 0..(WARP / phase_lanes) {
                let mut per_bank = [0u32; 32];
                if atomic {
                    // No broadcast: each lane's word is one access of its bank.
                    for lane in phase * phase_lanes..(phase + 1) * phase_lanes {
                        if lanes & (1 << lane) != 0 {
                            let a = acc.addr[lane];
                            for w in (a / 4)..=((a + n - 1) / 4) {
                                per_bank[(w % 32) as usize] += 1;
                            }
                        }
                    }
                } else {
                    let mut words = Keys::new();
                    for lane in phase * phase_lanes..(phase + 1) * phase_lanes {
                        if lanes & (1 << lane) == 0 {
                            continue;
                        }
                        let a = acc.addr[lane];
                        for w in (a / 4)..=((a + n - 1) / 4) {
                            words.push(w);
                        }
                    }
                    for w in words.distinct() {
                        per_bank[(w % 32) as usize] += 1;
                    }
                }
                let d = per_bank.iter().copied().max().unwrap_or(0);
                worst = worst.max(d);
                total += d;
            }
            c.bank_conflict_degree = worst;
            c.wavefronts = total;
            c.transactions = total;
            c.ideal = distinct_bytes(acc, lanes, n).div_ceil(128) as u32;
        }
    }
    c
}

/// [`cost`] for one instruction executed again and again: the cost of the last record
/// is kept with its addresses, and a record whose lanes, width, space and kind are the
/// same and whose every address moved by one multiple of 128 bytes costs the same
/// (sectors and lines move whole; shared banks repeat every 128 bytes; local's
/// interleaved lines move by whole lines; the distinct bytes do not change), so it is
/// not computed again. Constant records (bank boundaries) and addresses at or above
/// 2^63 (where a span could saturate) are always computed.
#[derive(Clone, Debug, Default)]
pub struct CostMemo {
    last: Option<(Access, Cost)>,
}

impl CostMemo {
    /// The cost of `acc`: [`cost`]'s, from the memo when it applies.
    pub fn cost(&mut self, acc: &Access) -> Cost {
        let lanes = acc.data_lanes();
        let cacheable = acc.space != Space::Constant
            && (0..WARP).all(|l| lanes & (1 << l) == 0 || acc.addr[l] < 1 << 63);
        if !cacheable {
            return cost(acc);
        }
        if let Some((prev, c)) = &self.last
            && prev.data_lanes() == lanes
            && prev.bytes == acc.bytes
            && prev.space == acc.space
            && prev.rmw.is_some() == acc.rmw.is_some()
            && same_shape(prev, acc, lanes)
        {
            return *c;
        }
        let c = cost(acc);
        match &mut self.last {
            // Keep the allocation of the previous record's (empty) fault list.
            Some((prev, pc)) => {
                prev.clone_from(acc);
                *pc = c;
            }
            None => self.last = Some((acc.clone(), c)),
        }
        c
    }
}

/// Whether every lane of `lanes` moved from `a` to `b` by the same multiple of 128.
fn same_shape(a: &Access, b: &Access, lanes: u32) -> bool {
    if lanes == 0 {
        return true;
    }
    let first = lanes.trailing_zeros() as usize;
    let delta = b.addr[first].wrapping_sub(a.addr[first]);
    delta.is_multiple_of(128)
        && (0..WARP).all(|l| lanes & (1 << l) == 0 || b.addr[l].wrapping_sub(a.addr[l]) == delta)
}

/// The distinct bytes the lanes in `lanes` address (each `n` bytes from its address).
fn distinct_bytes(acc: &Access, lanes: u32, n: u64) -> u64 {
    let mut spans = [(0u64, 0u64); WARP];
    let mut k = 0;
    for lane in (0..WARP).filter(|l| lanes & (1 << l) != 0) {
        let a = acc.addr[lane];
        spans[k] = (a, a.saturating_add(n - 1));
        k += 1;
    }
    let spans = &mut spans[..k];
    // Lanes usually address in ascending order: sort only when they do not.
    if !spans.is_sorted() {
        spans.sort_unstable();
    }
    let mut total = 0;
    let mut open: Option<(u64, u64)> = None;
    for &(a, b) in spans.iter() {
        open = match open {
            Some((s, e)) if a <= e.saturating_add(1) => Some((s, e.max(b))),
            Some((s, e)) => {
                total += e - s + 1;
                Some((a, b))
            }
            None => Some((a, b)),
        };
    }
    if let Some((s, e)) = open {
        total += e - s + 1;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memo_gives_cost_for_every_record() {
        use crate::{AccessKind, CacheOp, Rmw, scalar::AtomicOp};
        // Records of every space, width and kind, at addresses that repeat a shape
        // shifted by multiples of 128 (the memo's case) and by other amounts.
        let mut memo = CostMemo::default();
        let mut x = 12345u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for space in [Space::Global, Space::Shared, Space::Local, Space::Constant] {
            for bytes in [1u32, 2, 4, 8, 16] {
                for atomic in [false, true] {
                    let mut base = [0u64; WARP];
                    for b in base.iter_mut() {
                        *b = (next() % 4096) & !(bytes as u64 - 1);
                    }
                    let (mut mask, mut skip) =
                        (next() as u32 | 1, next() as u32 & next() as u32 & !1);
                    let mut hits = 0;
                    for _ in 0..40 {
                        // Mostly the same lanes (so that the memo applies), sometimes others.
                        if next() % 8 == 0 {
                            (mask, skip) = (next() as u32 | 1, next() as u32 & next() as u32 & !1);
                        }
                        let shift = match next() % 4 {
                            0 | 1 => 128 * (next() % 64),
                            2 => next() % 512,
                            // Past 2^63 (global only: windows are 16 MB).
                            _ if space == Space::Global => u64::MAX - 300,
                            _ => next() % 100_000,
                        };
                        let mut a =
                            Access::new(space, AccessKind::Load, bytes, false, CacheOp::Default);
                        if atomic {
                            a.rmw = Some(Rmw::Int(AtomicOp::Add));
                        }
                        for (l, b) in base.iter().enumerate() {
                            if mask & (1 << l) != 0 {
                                a.set_lane(l, b.wrapping_add(shift));
                            }
                        }
                        a.skip = skip;
                        hits += memo.last.as_ref().is_some_and(|(p, _)| {
                            p.data_lanes() == a.data_lanes() && same_shape(p, &a, a.data_lanes())
                        }) as u32;
                        assert_eq!(memo.cost(&a), cost(&a), "{a:?}");
                    }
                    assert!(space == Space::Constant || hits > 0, "{space:?} {bytes}");
                }
            }
        }
    }
    use crate::{AccessKind, CacheOp};

    fn acc(space: Space, bytes: u32, f: impl Fn(usize) -> u64) -> Access {
        let mut a = Access::new(space, AccessKind::Load, bytes, false, CacheOp::Default);
        for l in 0..WARP {
            a.set_lane(l, f(l));
        }
        a
    }

    #[test]
    fn global_sectors() {
        let c = cost(&acc(Space::Global, 4, |l| 0x1000 + 4 * l as u64));
        assert_eq!((c.sectors_32, c.lines_128), (4, 1));
        let c = cost(&acc(Space::Global, 4, |l| 0x1000 + 128 * l as u64));
        assert_eq!((c.sectors_32, c.lines_128), (32, 32));
    }

    #[test]
    fn shared_phases() {
        assert_eq!(cost(&acc(Space::Shared, 4, |_| 64)).bank_conflict_degree, 1);
        assert_eq!(
            cost(&acc(Space::Shared, 4, |l| 128 * l as u64)).bank_conflict_degree,
            32
        );
        let c = cost(&acc(Space::Shared, 8, |l| 8 * l as u64));
        assert_eq!((c.bank_conflict_degree, c.wavefronts), (1, 2));
        let c = cost(&acc(Space::Shared, 16, |l| 16 * l as u64));
        assert_eq!((c.bank_conflict_degree, c.wavefronts), (1, 4));
    }

    #[test]
    fn ideal_is_the_distinct_bytes_and_never_above_the_transactions() {
        // 32 lanes x 1 byte, coalesced: one sector, ideal one.
        let c = cost(&acc(Space::Global, 1, |l| 0x1000 + l as u64));
        assert_eq!((c.sectors_32, c.transactions, c.ideal), (1, 1, 1));
        // A broadcast word: one sector, ideal one (not 32 x 4 bytes = 4).
        let c = cost(&acc(Space::Global, 4, |_| 0x1000));
        assert_eq!((c.transactions, c.ideal), (1, 1));
        // Strided: 32 sectors for 128 distinct bytes.
        let c = cost(&acc(Space::Global, 4, |l| 0x1000 + 128 * l as u64));
        assert_eq!((c.transactions, c.ideal), (32, 4));
        // Local: every lane's word is its own.
        let c = cost(&acc(Space::Local, 4, |_| 0x40));
        assert_eq!((c.transactions, c.ideal), (4, 4));
        // Shared broadcast: one wavefront, ideal one.
        let c = cost(&acc(Space::Shared, 4, |_| 0x40));
        assert_eq!((c.transactions, c.ideal), (1, 1));
        // Constant: distinct words, ideal one.
        let c = cost(&acc(Space::Constant, 4, |l| 4 * (l as u64 % 3)));
        assert_eq!((c.transactions, c.ideal), (3, 1));
    }

    #[test]
    fn shared_accesses_touch_no_sectors_or_lines() {
        let c = cost(&acc(Space::Shared, 4, |l| 4 * l as u64));
        assert_eq!((c.sectors_32, c.lines_128, c.wavefronts), (0, 0, 1));
    }

    #[test]
    fn shared_atomics_on_one_address_serialise() {
        let mut a = acc(Space::Shared, 4, |_| 0x40);
        a.rmw = Some(crate::Rmw::F32AddFtz);
        let c = cost(&a);
        assert_eq!((c.bank_conflict_degree, c.wavefronts, c.ideal), (32, 32, 1));
        // Four bins in four banks, eight lanes each: eight ways.
        let mut a = acc(Space::Shared, 4, |l| 4 * (l as u64 % 4));
        a.rmw = Some(crate::Rmw::F32AddFtz);
        assert_eq!(cost(&a).wavefronts, 8);
        // Distinct words in distinct banks: conflict-free, as a load.
        let mut a = acc(Space::Shared, 4, |l| 4 * l as u64);
        a.rmw = Some(crate::Rmw::F32AddFtz);
        assert_eq!(cost(&a).wavefronts, 1);
    }

    #[test]
    fn local_uniform_is_one_line() {
        assert_eq!(cost(&acc(Space::Local, 4, |_| 0x40)).lines_128, 1);
        assert_eq!(cost(&acc(Space::Local, 4, |l| 4 * l as u64)).lines_128, 32);
    }
}
