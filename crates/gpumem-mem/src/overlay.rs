//! A private, copy-on-write view of global memory for one CTA of a parallel launch.
//!
//! Several CTAs run at once, each on its own [`Overlay`] of the same frozen
//! [`Global`] (the memory as the CTAs before the batch left it). A CTA's stores go to
//! its overlay's copies of the pages it writes (with a mask of the bytes written);
//! its loads read its own copies first, then the frozen memory, and every page read
//! is remembered. The executor then commits the overlays in CTA order
//! ([`Global::commit`]): a CTA that read a page an earlier CTA of the batch wrote
//! saw stale bytes, so it is run again in order instead ([`Overlay::read_any`]). The
//! committed result is therefore always the sequential one.

use crate::{Global, LAST_PAGE, MemoryLimit, PAGE_BYTES, PageHasher, PageMap};
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes written on a page, one bit per byte.
type Mask = [u64; (PAGE_BYTES / 64) as usize];

/// A CTA's copy-on-write view of a frozen global memory.
#[derive(Debug)]
pub struct Overlay {
    /// The frozen memory; `None` once [`Overlay::finish`] gave it back (an empty
    /// memory of limit 0 stands for it then).
    base: Option<Arc<Global>>,
    pages: PageMap,
    written: HashMap<u64, Box<Mask>, BuildHasherDefault<PageHasher>>,
    read: HashSet<u64, BuildHasherDefault<PageHasher>>,
    /// The last page recorded in `read` (most lanes of a warp read one page).
    last_read: Option<u64>,
    /// Bytes of copied pages held by every overlay of the launch, shared: with the
    /// frozen memory's resident bytes it stays within the frozen memory's limit.
    held: Arc<AtomicU64>,
}

impl Overlay {
    /// An empty view of `base`; `held` counts the pages all overlays of the launch copy.
    pub fn new(base: Arc<Global>, held: Arc<AtomicU64>) -> Overlay {
        Overlay {
            base: Some(base),
            pages: PageMap::default(),
            written: HashMap::default(),
            read: HashSet::default(),
            last_read: None,
            held,
        }
    }

    /// The frozen memory (an empty one after [`Overlay::finish`]).
    fn base(&self) -> &Global {
        static EMPTY: Global = Global {
            pages: PageMap::with_hasher(BuildHasherDefault::new()),
            limit: 0,
        };
        self.base.as_deref().unwrap_or(&EMPTY)
    }

    /// Ends the CTA's run: the overlay lets go of the frozen memory (so that its owner
    /// can take it back) and keeps what the commit needs.
    pub fn finish(&mut self) {
        self.base = None;
    }

    /// Bytes resident as the CTA sees them: the frozen memory's pages and the pages
    /// the CTA created.
    pub fn resident(&self) -> u64 {
        let new = self
            .pages
            .keys()
            .filter(|p| self.base().page(**p).is_none())
            .count() as u64;
        self.base().resident() + new * PAGE_BYTES
    }

    fn note_read(&mut self, page: u64) {
        if self.last_read != Some(page) {
            self.read.insert(page);
            self.last_read = Some(page);
        }
    }

    /// Reads `out.len()` bytes at `addr` (the address wraps at 2^64).
    pub fn read(&mut self, addr: u64, out: &mut [u8]) {
        let mut done = 0;
        while done < out.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a % PAGE_BYTES) as usize;
            let n = (PAGE_BYTES as usize - off).min(out.len() - done);
            let pn = a / PAGE_BYTES;
            self.note_read(pn);
            let dst = &mut out[done..done + n];
            match self.pages.get(&pn).map(|p| &**p).or(self.base().page(pn)) {
                Some(p) => dst.copy_from_slice(&p[off..off + n]),
                None => dst.fill(0),
            }
            done += n;
        }
    }

    /// Writes `data`; fails (writing nothing) when a page copy would take every
    /// overlay of the launch and the frozen memory past the frozen memory's limit.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> Result<(), MemoryLimit> {
        if data.is_empty() {
            return Ok(());
        }
        let first = addr / PAGE_BYTES;
        let last = addr.wrapping_add(data.len() as u64 - 1) / PAGE_BYTES;
        let mut p = first;
        loop {
            if !self.pages.contains_key(&p) {
                let held = self.held.fetch_add(PAGE_BYTES, Ordering::Relaxed) + PAGE_BYTES;
                if self.base().resident() + held > self.base().limit {
                    self.held.fetch_sub(PAGE_BYTES, Ordering::Relaxed);
                    return Err(MemoryLimit {
                        addr: if p == first { addr } else { p * PAGE_BYTES },
                        limit: self.base().limit,
                    });
                }
                let copy = match self.base().page(p) {
                    Some(b) => Box::new(*b),
                    None => Box::new([0; PAGE_BYTES as usize]),
                };
                self.pages.insert(p, copy);
            }
            if p == last {
                break;
            }
            p = if p == LAST_PAGE { 0 } else { p + 1 };
        }
        let mut done = 0;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a % PAGE_BYTES) as usize;
            let n = (PAGE_BYTES as usize - off).min(data.len() - done);
            let pn = a / PAGE_BYTES;
            if let Some(page) = self.pages.get_mut(&pn) {
                page[off..off + n].copy_from_slice(&data[done..done + n]);
            }
            let mask = self.written.entry(pn).or_insert_with(|| Box::new([0; 64]));
            for b in off..off + n {
                mask[b / 64] |= 1 << (b % 64);
            }
            done += n;
        }
        Ok(())
    }

    /// The pages written.
    pub fn written_pages(&self) -> impl Iterator<Item = u64> + '_ {
        self.written.keys().copied()
    }

    /// Whether the CTA read any page of `pages`.
    pub fn read_any(&self, pages: &PageSet) -> bool {
        if self.read.len() <= pages.len() {
            self.read.iter().any(|p| pages.contains(p))
        } else {
            pages.iter().any(|p| self.read.contains(p))
        }
    }

    /// Pages the commit would create in `g` (written pages `g` does not hold).
    pub fn new_pages_in(&self, g: &Global) -> u64 {
        self.written
            .keys()
            .filter(|p| g.page(**p).is_none())
            .count() as u64
    }
}

impl Clone for Overlay {
    fn clone(&self) -> Overlay {
        // The copy holds its own pages: count them.
        self.held
            .fetch_add(self.pages.len() as u64 * PAGE_BYTES, Ordering::Relaxed);
        Overlay {
            base: self.base.clone(),
            pages: self.pages.clone(),
            written: self.written.clone(),
            read: self.read.clone(),
            last_read: self.last_read,
            held: self.held.clone(),
        }
    }
}

impl Drop for Overlay {
    fn drop(&mut self) {
        self.held
            .fetch_sub(self.pages.len() as u64 * PAGE_BYTES, Ordering::Relaxed);
    }
}

impl Global {
    /// Writes the bytes `o` wrote into this memory, byte runs as the masks say. Fails
    /// (part written) on the memory limit: check [`Overlay::new_pages_in`] first.
    pub fn commit(&mut self, o: &Overlay) -> Result<(), MemoryLimit> {
        let mut pages: Vec<u64> = o.written.keys().copied().collect();
        pages.sort_unstable();
        for pn in pages {
            let (Some(mask), Some(data)) = (o.written.get(&pn), o.pages.get(&pn)) else {
                continue;
            };
            let base = pn.wrapping_mul(PAGE_BYTES);
            let bit = |b: usize| mask[b / 64] >> (b % 64) & 1 != 0;
            let mut b = 0usize;
            while b < PAGE_BYTES as usize {
                if !bit(b) {
                    b += 1;
                    continue;
                }
                let start = b;
                while b < PAGE_BYTES as usize && bit(b) {
                    b += 1;
                }
                self.write(base.wrapping_add(start as u64), &data[start..b])?;
            }
        }
        Ok(())
    }
}

/// Page numbers, for [`Overlay::read_any`].
pub type PageSet = HashSet<u64, BuildHasherDefault<PageHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_see_own_writes_then_the_base_and_commit_writes_only_written_bytes() {
        let mut g = Global::new(16 * PAGE_BYTES);
        g.write(0x1000, &[1, 2, 3, 4]).unwrap();
        let base = Arc::new(g);
        let held = Arc::new(AtomicU64::new(0));
        let mut o = Overlay::new(base.clone(), held.clone());
        let mut b = [0u8; 4];
        o.read(0x1000, &mut b);
        assert_eq!(b, [1, 2, 3, 4]);
        o.write(0x1001, &[9]).unwrap();
        o.write(0x5000, &[7]).unwrap();
        o.read(0x1000, &mut b);
        assert_eq!(b, [1, 9, 3, 4]);
        assert_eq!(held.load(Ordering::Relaxed), 2 * PAGE_BYTES);
        assert_eq!(o.resident(), 2 * PAGE_BYTES);
        let mut read = PageSet::default();
        read.insert(1);
        assert!(o.read_any(&read));
        read.clear();
        read.insert(5);
        assert!(!o.read_any(&read));
        // Another CTA changed byte 0x1000 meanwhile: the commit keeps it.
        o.finish();
        let mut g = Arc::try_unwrap(base).unwrap();
        g.write(0x1000, &[5]).unwrap();
        assert_eq!(o.new_pages_in(&g), 1);
        g.commit(&o).unwrap();
        g.read(0x1000, &mut b);
        assert_eq!(b, [5, 9, 3, 4]);
        assert_eq!(g.read_u32(0x5000), 7);
        drop(o);
        assert_eq!(held.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn copies_are_bounded_by_the_limit() {
        let base = Arc::new(Global::new(2 * PAGE_BYTES));
        let held = Arc::new(AtomicU64::new(0));
        let mut a = Overlay::new(base.clone(), held.clone());
        let mut b = Overlay::new(base, held);
        a.write(0, &[1]).unwrap();
        b.write(PAGE_BYTES, &[1]).unwrap();
        assert!(a.write(2 * PAGE_BYTES, &[1]).is_err());
    }
}
