//! Vega's scalar data cache, in front of the sparse store [`crate::Global`]: set-associative, LRU, per-dword dirty bits, with
//! the GLC policies of Vega ISA §7.1 (loads: 0 = hit_lru, 1 = miss_evict;
//! stores: 0 = write-combine, 1 = write-through).
//!
//! The cache holds real data: a line filled before another agent's store
//! keeps the old bytes until it is invalidated (`s_dcache_inv`) or evicted,
//! as in hardware, where the scalar cache is not coherent with other caches.

#![warn(missing_docs)]

use serde::Serialize;

use crate::scalar::{POISON, ScalarAccess, ScalarOp as Op};
use crate::{Global, MemoryLimit};

/// The `null` register code: writes to it are dropped.
const NULL: u8 = 125;

/// Counters of one scalar cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CacheStats {
    /// Line lookups that hit.
    pub hits: u64,
    /// Line lookups that missed (GLC=1 loads always count as misses).
    pub misses: u64,
    /// Dirty lines written back to memory (evictions, `s_dcache_wb`, GLC=1 loads
    /// and atomics that evict a dirty line).
    pub writebacks: u64,
    /// Valid lines replaced to make room.
    pub evictions: u64,
    /// Lines dropped by `s_dcache_inv*`.
    pub invalidated: u64,
    /// Dirty lines dropped without write-back (`s_dcache_inv*`, `s_dcache_discard*`).
    pub dirty_dropped: u64,
    /// Lines dropped by `s_dcache_discard*`.
    pub discarded: u64,
    /// Dwords written through to memory (GLC=1 stores).
    pub written_through: u64,
}

#[derive(Clone, Debug)]
struct Line {
    valid: bool,
    tag: u64,
    dirty: u64,
    lru: u64,
    data: Vec<u32>,
}

/// One scalar data cache.
#[derive(Clone, Debug)]
pub struct ScalarCache {
    line_bytes: u64,
    sets: usize,
    ways: usize,
    lines: Vec<Line>,
    tick: u64,
    /// Counters.
    pub stats: CacheStats,
}

impl ScalarCache {
    /// A cold cache of `sets` sets of `ways` lines of `line_bytes` bytes
    /// (a power of two; clamped to 16..=256 bytes, 1..=64 ways, at least one set).
    pub fn new(line_bytes: u32, sets: u32, ways: u32) -> ScalarCache {
        let sets = sets.max(1) as usize;
        let ways = ways.clamp(1, 64) as usize;
        let line_bytes = u64::from(line_bytes.clamp(16, 256));
        let dwords = (line_bytes / 4) as usize;
        ScalarCache {
            line_bytes,
            sets,
            ways,
            lines: vec![
                Line {
                    valid: false,
                    tag: 0,
                    dirty: 0,
                    lru: 0,
                    data: vec![0; dwords],
                };
                sets * ways
            ],
            tick: 0,
            stats: CacheStats::default(),
        }
    }

    /// Line size in bytes.
    pub fn line_bytes(&self) -> u64 {
        self.line_bytes
    }

    /// The line address (aligned down) holding `addr`.
    pub fn line_of(&self, addr: u64) -> u64 {
        addr & !(self.line_bytes - 1)
    }

    fn set_range(&self, line_addr: u64) -> std::ops::Range<usize> {
        let set = ((line_addr / self.line_bytes) % self.sets as u64) as usize;
        set * self.ways..(set + 1) * self.ways
    }

    fn find(&self, line_addr: u64) -> Option<usize> {
        self.set_range(line_addr)
            .find(|&i| self.lines[i].valid && self.lines[i].tag == line_addr)
    }

    fn write_back(&mut self, mem: &mut Global, i: usize) -> Result<(), MemoryLimit> {
        let l = &self.lines[i];
        if !l.valid || l.dirty == 0 {
            return Ok(());
        }
        let (tag, dirty) = (l.tag, l.dirty);
        for d in 0..l.data.len() {
            if dirty >> d & 1 == 1 {
                let v = self.lines[i].data[d];
                mem.write_u32(tag.wrapping_add(4 * d as u64), v)?;
            }
        }
        self.lines[i].dirty = 0;
        self.stats.writebacks += 1;
        Ok(())
    }

    /// Allocates `line_addr` (evicting the LRU way, writing it back if
    /// dirty) and fills it from memory.
    fn fill(&mut self, mem: &mut Global, line_addr: u64) -> Result<usize, MemoryLimit> {
        let r = self.set_range(line_addr);
        let victim = r
            .clone()
            .find(|&i| !self.lines[i].valid)
            .unwrap_or_else(|| r.min_by_key(|&i| self.lines[i].lru).unwrap_or(0));
        if self.lines[victim].valid {
            self.write_back(mem, victim)?;
            self.stats.evictions += 1;
        }
        self.tick += 1;
        let l = &mut self.lines[victim];
        l.valid = true;
        l.tag = line_addr;
        l.dirty = 0;
        l.lru = self.tick;
        for (d, v) in l.data.iter_mut().enumerate() {
            *v = mem.read_u32(line_addr.wrapping_add(4 * d as u64));
        }
        Ok(victim)
    }

    /// Loads the dwords at `addrs` (all in line `line_addr`). `miss_evict`
    /// (GLC=1): the lookup is forced to miss, a cached copy is written back if
    /// dirty and dropped, and the data comes from memory without allocating.
    /// Returns whether the line hit.
    pub fn load(
        &mut self,
        mem: &mut Global,
        line_addr: u64,
        addrs: &[u64],
        out: &mut [u32],
        miss_evict: bool,
    ) -> Result<bool, MemoryLimit> {
        if miss_evict {
            self.stats.misses += 1;
            if let Some(i) = self.find(line_addr) {
                self.write_back(mem, i)?;
                self.lines[i].valid = false;
            }
            for (o, &a) in out.iter_mut().zip(addrs) {
                *o = mem.read_u32(a);
            }
            return Ok(false);
        }
        let (i, hit) = self.lookup_or_fill(mem, line_addr)?;
        for (o, &a) in out.iter_mut().zip(addrs) {
            *o = self.lines[i].data[((a - line_addr) / 4) as usize];
        }
        Ok(hit)
    }

    /// The way holding `line_addr`, filled from memory on a miss; counts the hit or
    /// miss and makes the line most recently used. Returns (way, hit).
    fn lookup_or_fill(
        &mut self,
        mem: &mut Global,
        line_addr: u64,
    ) -> Result<(usize, bool), MemoryLimit> {
        let (i, hit) = match self.find(line_addr) {
            Some(i) => {
                self.stats.hits += 1;
                (i, true)
            }
            None => {
                self.stats.misses += 1;
                (self.fill(mem, line_addr)?, false)
            }
        };
        self.tick += 1;
        self.lines[i].lru = self.tick;
        Ok((i, hit))
    }

    /// Stores dwords (all in line `line_addr`). Write-combine (GLC=0): the line
    /// is allocated (filled on a miss) and the dwords marked dirty; memory is
    /// written only at write-back. Write-through (GLC=1): memory is written
    /// now; a cached copy is updated and those dwords are clean.
    /// Returns whether the line hit.
    pub fn store(
        &mut self,
        mem: &mut Global,
        line_addr: u64,
        addrs: &[u64],
        data: &[u32],
        write_through: bool,
    ) -> Result<bool, MemoryLimit> {
        if write_through {
            let found = self.find(line_addr);
            if found.is_some() {
                self.stats.hits += 1;
            } else {
                self.stats.misses += 1;
            }
            for (&a, &v) in addrs.iter().zip(data) {
                mem.write_u32(a, v)?;
                self.stats.written_through += 1;
                if let Some(i) = found {
                    let d = ((a - line_addr) / 4) as usize;
                    self.lines[i].data[d] = v;
                    self.lines[i].dirty &= !(1u64 << d);
                }
            }
            return Ok(found.is_some());
        }
        let (i, hit) = self.lookup_or_fill(mem, line_addr)?;
        for (&a, &v) in addrs.iter().zip(data) {
            let d = ((a - line_addr) / 4) as usize;
            self.lines[i].data[d] = v;
            self.lines[i].dirty |= 1u64 << d;
        }
        Ok(hit)
    }

    /// Before an atomic at `line_addr` (performed in memory): writes the
    /// line back if dirty and drops it, so the atomic sees this cache's
    /// stores and later loads see the atomic's result.
    pub fn flush_line(&mut self, mem: &mut Global, line_addr: u64) -> Result<(), MemoryLimit> {
        if let Some(i) = self.find(line_addr) {
            self.write_back(mem, i)?;
            self.lines[i].valid = false;
        }
        Ok(())
    }

    /// `s_dcache_wb`: writes every dirty line back. Returns the number written.
    pub fn write_back_all(&mut self, mem: &mut Global) -> Result<u64, MemoryLimit> {
        let before = self.stats.writebacks;
        for i in 0..self.lines.len() {
            self.write_back(mem, i)?;
        }
        Ok(self.stats.writebacks - before)
    }

    /// `s_dcache_inv`: drops every line, dirty data included. Returns the
    /// number of lines dropped.
    pub fn invalidate_all(&mut self) -> u64 {
        let mut n = 0;
        for l in &mut self.lines {
            if l.valid {
                n += 1;
                if l.dirty != 0 {
                    self.stats.dirty_dropped += 1;
                }
                l.valid = false;
                l.dirty = 0;
            }
        }
        self.stats.invalidated += n;
        n
    }

    /// `s_dcache_discard`: drops the line holding `line_addr` without
    /// writing it back. Returns whether a line was present.
    pub fn discard(&mut self, line_addr: u64) -> bool {
        match self.find(line_addr) {
            Some(i) => {
                if self.lines[i].dirty != 0 {
                    self.stats.dirty_dropped += 1;
                }
                self.lines[i].valid = false;
                self.lines[i].dirty = 0;
                self.stats.discarded += 1;
                true
            }
            None => false,
        }
    }

    /// Lines holding data not yet written back.
    pub fn dirty_lines(&self) -> u64 {
        self.lines
            .iter()
            .filter(|l| l.valid && l.dirty != 0)
            .count() as u64
    }
}

/// How one part of a scalar access was served; the executor's latency model
/// picks the part's base latency from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Served {
    /// Served by the scalar cache.
    Hit,
    /// Went to memory (miss, GLC=1 load, write-through, atomic).
    Miss,
    /// Nothing to fetch (out-of-range buffer dwords, time, cache control).
    Local,
}

/// One part of a performed scalar access (one per cache line touched): how
/// it was served and the registers it writes when it returns, as (operand
/// code, value) pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// How it was served.
    pub served: Served,
    /// Register writes at completion.
    pub writes: Vec<(u8, u32)>,
}

impl Part {
    fn local(writes: Vec<(u8, u32)>) -> Part {
        Part {
            served: Served::Local,
            writes,
        }
    }
}

impl ScalarCache {
    /// Performs the scalar access `a` on this cache and `mem`: values now,
    /// register writes returned per part (they land when the part returns).
    /// Loads and stores are split at line boundaries; out-of-range buffer
    /// dwords load 0 (the poison pattern if `a.poison`) and store nothing; an
    /// atomic writes back and drops the lines it touches, then runs in
    /// memory. `s_memtime`/`s_memrealtime` read the executor's counters, so
    /// here they are one local part with no writes; probes have no part.
    #[inline]
    pub fn perform(
        &mut self,
        mem: &mut Global,
        a: &ScalarAccess,
    ) -> Result<Vec<Part>, MemoryLimit> {
        let mut parts: Vec<Part> = Vec::new();
        let dest = a.dest;
        let reg_of = |i: usize| dest.map_or(NULL, |r| r.code.wrapping_add(i as u8) & 127);
        match a.op {
            Op::Load => {
                let n = usize::from(a.n);
                let mut oob = Vec::new();
                let mut i = 0;
                while i < n {
                    if a.in_range >> i & 1 == 0 {
                        oob.push((reg_of(i), if a.poison { POISON } else { 0 }));
                        i += 1;
                        continue;
                    }
                    let line = self.line_of(a.addr[i]);
                    let mut j = i;
                    while j < n && a.in_range >> j & 1 == 1 && self.line_of(a.addr[j]) == line {
                        j += 1;
                    }
                    let mut vals = [0u32; 16];
                    let hit = self.load(mem, line, &a.addr[i..j], &mut vals[..j - i], a.glc)?;
                    let writes = (i..j)
                        .map(|k| (reg_of(k), if a.poison { POISON } else { vals[k - i] }))
                        .collect();
                    parts.push(Part {
                        served: if hit { Served::Hit } else { Served::Miss },
                        writes,
                    });
                    i = j;
                }
                if !oob.is_empty() {
                    match parts.first_mut() {
                        Some(p) => p.writes.extend(oob),
                        None => parts.push(Part::local(oob)),
                    }
                }
            }
            Op::Store => {
                let n = usize::from(a.n);
                let mut i = 0;
                while i < n {
                    if a.in_range >> i & 1 == 0 {
                        i += 1;
                        continue;
                    }
                    let line = self.line_of(a.addr[i]);
                    let mut j = i;
                    while j < n && a.in_range >> j & 1 == 1 && self.line_of(a.addr[j]) == line {
                        j += 1;
                    }
                    let hit = self.store(mem, line, &a.addr[i..j], &a.data[i..j], a.glc)?;
                    parts.push(Part {
                        served: if hit && !a.glc {
                            Served::Hit
                        } else {
                            Served::Miss
                        },
                        writes: Vec::new(),
                    });
                    i = j;
                }
                if parts.is_empty() {
                    parts.push(Part::local(Vec::new()));
                }
            }
            Op::Atomic { op, wide } => {
                let words = if wide { 2 } else { 1 };
                let performed = (0..words).all(|i| a.in_range >> i & 1 == 1);
                let mut old = 0u64;
                if performed {
                    let addr = a.addr[0];
                    let line = self.line_of(addr);
                    self.flush_line(mem, line)?;
                    if wide {
                        let l2 = self.line_of(addr.wrapping_add(4));
                        if l2 != line {
                            self.flush_line(mem, l2)?;
                        }
                    }
                    old = op.perform(mem, addr, wide, &a.data)?;
                }
                let writes = match dest {
                    Some(_) => {
                        let v = |k: usize| -> u32 {
                            if a.poison {
                                POISON
                            } else {
                                (old >> (32 * k)) as u32
                            }
                        };
                        (0..words).map(|k| (reg_of(k), v(k))).collect()
                    }
                    None => Vec::new(),
                };
                parts.push(Part {
                    served: if performed {
                        Served::Miss
                    } else {
                        Served::Local
                    },
                    writes,
                });
            }
            Op::Invalidate => {
                self.invalidate_all();
                parts.push(Part::local(Vec::new()));
            }
            Op::WriteBack => {
                self.write_back_all(mem)?;
                parts.push(Part::local(Vec::new()));
            }
            Op::Discard { lines } => {
                let lb = self.line_bytes();
                for k in 0..u64::from(lines) {
                    let l = self.line_of(a.addr[0].wrapping_add(k * 64));
                    self.discard(l);
                    if lb > 64 {
                        break;
                    }
                }
                parts.push(Part::local(Vec::new()));
            }
            // The counters are the executor's: it answers these itself.
            Op::MemTime | Op::MemRealTime => parts.push(Part::local(Vec::new())),
            Op::Probe => {}
        }
        Ok(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_combine_reaches_memory_only_at_write_back() {
        let mut mem = Global::new(1 << 20);
        let mut c = ScalarCache::new(64, 4, 2);
        let line = c.line_of(0x1004);
        assert_eq!(line, 0x1000);
        assert_eq!(c.store(&mut mem, line, &[0x1004], &[7], false), Ok(false));
        assert_eq!(mem.read_u32(0x1004), 0);
        assert_eq!(c.dirty_lines(), 1);
        let mut out = [0];
        assert_eq!(c.load(&mut mem, line, &[0x1004], &mut out, false), Ok(true));
        assert_eq!(out, [7]);
        assert_eq!(c.write_back_all(&mut mem), Ok(1));
        assert_eq!(mem.read_u32(0x1004), 7);
        assert_eq!(c.invalidate_all(), 1);
        assert_eq!(c.stats.hits, 1);
        assert_eq!(c.stats.misses, 1);
    }

    #[test]
    fn perform_splits_a_load_at_line_boundaries() {
        use crate::scalar::ScalarDest;
        let mut mem = Global::new(1 << 20);
        mem.write_u32(0x103c, 5).unwrap();
        mem.write_u32(0x1040, 6).unwrap();
        let mut c = ScalarCache::new(64, 4, 2);
        let mut a = ScalarAccess {
            op: Op::Load,
            space: Some(crate::Space::Buffer),
            glc: false,
            n: 3,
            addr: [0; 16],
            in_range: 0b011,
            data: [0; 4],
            dest: Some(ScalarDest { code: 4, count: 3 }),
            poison: false,
            weight: 2,
        };
        a.addr[..3].copy_from_slice(&[0x103c, 0x1040, 0x1044]);
        let parts = c.perform(&mut mem, &a).unwrap();
        assert_eq!(
            parts,
            vec![
                Part {
                    served: Served::Miss,
                    writes: vec![(4, 5), (6, 0)]
                },
                Part {
                    served: Served::Miss,
                    writes: vec![(5, 6)]
                },
            ]
        );
        let parts = c.perform(&mut mem, &a).unwrap();
        assert!(parts.iter().all(|p| p.served == Served::Hit));
        a.poison = true;
        let parts = c.perform(&mut mem, &a).unwrap();
        assert_eq!(parts[0].writes, vec![(4, POISON), (6, POISON)]);
    }

    #[test]
    fn write_back_reports_the_memory_limit() {
        let mut mem = Global::new(0);
        let mut c = ScalarCache::new(64, 1, 1);
        c.store(&mut mem, 0x2000, &[0x2000], &[1], false).unwrap();
        assert_eq!(
            c.write_back_all(&mut mem),
            Err(MemoryLimit {
                addr: 0x2000,
                limit: 0
            })
        );
    }
}
