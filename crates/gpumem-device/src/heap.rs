//! A first-fit allocator over one address range: the ranges are bookkeeping only (the
//! bytes live in the sparse global store, which backs a page when it is first written).

use std::collections::BTreeMap;

/// One address range handed out in [`ALIGN`]-byte units, lowest free address first.
#[derive(Clone, Debug)]
pub(crate) struct Heap {
    /// First address of the range.
    pub base: u64,
    /// Bytes in the range.
    pub size: u64,
    /// Free ranges: start -> bytes, disjoint, never adjacent (merged on release).
    free: BTreeMap<u64, u64>,
    /// Bytes handed out (multiples of [`ALIGN`]).
    pub used: u64,
}

/// Alignment and granule of every allocation: `cudaMalloc` returns pointers aligned to
/// at least 256 bytes (CUDA C Programming Guide, "Device Memory Accesses").
pub const ALIGN: u64 = 256;

/// `n` rounded up to a multiple of `a` (a power of two), `None` on overflow.
pub(crate) fn round_up(n: u64, a: u64) -> Option<u64> {
    n.checked_add(a - 1).map(|x| x & !(a - 1))
}

impl Heap {
    /// An empty heap over `[base, base + size)`; `base` and `size` multiples of [`ALIGN`].
    pub fn new(base: u64, size: u64) -> Heap {
        let mut free = BTreeMap::new();
        if size > 0 {
            free.insert(base, size);
        }
        Heap {
            base,
            size,
            free,
            used: 0,
        }
    }

    /// The lowest free range that holds `bytes` at alignment `align` (a power of two,
    /// at least [`ALIGN`]): its start, taken out of the free list. `bytes` is a multiple
    /// of [`ALIGN`].
    pub fn alloc(&mut self, bytes: u64, align: u64) -> Option<u64> {
        let (start, len, at) = self.free.iter().find_map(|(&s, &l)| {
            let at = round_up(s, align)?;
            (at.checked_add(bytes)? <= s + l).then_some((s, l, at))
        })?;
        self.free.remove(&start);
        if at > start {
            self.free.insert(start, at - start);
        }
        let end = at + bytes;
        if end < start + len {
            self.free.insert(end, start + len - end);
        }
        self.used += bytes;
        Some(at)
    }

    /// Whether `[start, start + bytes)` meets the heap's range.
    pub fn overlaps(&self, start: u64, bytes: u64) -> bool {
        start < self.base + self.size && start.saturating_add(bytes) > self.base
    }

    /// Takes `[start, start + bytes)` out of the free list (a fixed-address mapping):
    /// false, and nothing taken, unless one free range holds all of it.
    pub fn reserve(&mut self, start: u64, bytes: u64) -> bool {
        let Some((&s, &l)) = self.free.range(..=start).next_back() else {
            return false;
        };
        let Some(end) = start.checked_add(bytes) else {
            return false;
        };
        if end > s + l {
            return false;
        }
        self.free.remove(&s);
        if start > s {
            self.free.insert(s, start - s);
        }
        if end < s + l {
            self.free.insert(end, s + l - end);
        }
        self.used += bytes;
        true
    }

    /// Gives `[start, start + bytes)` back, merging it with free neighbours.
    pub fn release(&mut self, start: u64, bytes: u64) {
        self.used -= bytes;
        let mut s = start;
        let mut l = bytes;
        if let Some((&ps, &pl)) = self.free.range(..start).next_back()
            && ps + pl == start
        {
            self.free.remove(&ps);
            s = ps;
            l += pl;
        }
        if let Some(&nl) = self.free.get(&(start + bytes)) {
            self.free.remove(&(start + bytes));
            l += nl;
        }
        self.free.insert(s, l);
    }

    /// The largest free range (bytes).
    pub fn largest_free(&self) -> u64 {
        self.free.values().copied().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_fit_merges_on_release() {
        let mut h = Heap::new(0x1000, 0x1000);
        let a = h.alloc(0x100, ALIGN).unwrap();
        let b = h.alloc(0x200, ALIGN).unwrap();
        let c = h.alloc(0x100, ALIGN).unwrap();
        assert_eq!((a, b, c), (0x1000, 0x1100, 0x1300));
        h.release(b, 0x200);
        // The hole is reused for a request that fits it.
        assert_eq!(h.alloc(0x100, ALIGN), Some(0x1100));
        h.release(0x1100, 0x100);
        h.release(a, 0x100);
        h.release(c, 0x100);
        assert_eq!(h.used, 0);
        assert_eq!(h.largest_free(), 0x1000);
        assert_eq!(h.alloc(0x1000, ALIGN), Some(0x1000));
        assert_eq!(h.alloc(0x100, ALIGN), None);
    }

    #[test]
    fn reserve_takes_a_free_part() {
        let mut h = Heap::new(0x1000, 0x1000);
        assert!(h.reserve(0x1400, 0x100));
        assert!(!h.reserve(0x1480, 0x100));
        assert!(!h.reserve(0x1f00, 0x200));
        assert_eq!(h.alloc(0x400, ALIGN), Some(0x1000));
        assert_eq!(h.alloc(0x100, ALIGN), Some(0x1500));
        h.release(0x1400, 0x100);
        assert_eq!(h.alloc(0x100, ALIGN), Some(0x1400));
    }

    #[test]
    fn larger_alignment_leaves_the_gap_free() {
        let mut h = Heap::new(0x1000, 0x10000);
        h.alloc(0x100, ALIGN).unwrap();
        assert_eq!(h.alloc(0x100, 0x1000), Some(0x2000));
        assert_eq!(h.alloc(0x100, ALIGN), Some(0x1100));
    }
}
