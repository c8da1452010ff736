//! The memory hierarchy of the timing model: sectored set-associative caches, the
//! Maxwell and Pascal presets, and the path one warp access takes through L1/tex, L2 and DRAM, the
//! constant caches, or the shared-memory banks.
//!
//! Values never pass through here: the hierarchy consumes the same [`Access`] records
//! as the functional layer and the statistics model and returns cycles and counts
//! ([`AccessTiming`]). Every default of the presets names its source in
//! `docs/05-timing-sources.md` (UNVERIFIED where no primary source was found); every
//! value can be overridden (the struct is (de)serialisable field by field).
//!
//! ```
//! use gpumem_mem::hierarchy::{Hierarchy, TimingParams};
//! use gpumem_mem::{Access, AccessKind, CacheOp, Space};
//! let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
//! let mut a = Access::new(Space::Global, AccessKind::Load, 4, false, CacheOp::Ci);
//! for lane in 0..32 {
//!     a.set_lane(lane, 0x1000 + 4 * lane as u64);
//! }
//! let cold = h.global(0, 0, &a);
//! assert_eq!((cold.tag_lookups, cold.cost.sectors_32, cold.cost.ideal), (4, 4, 4));
//! assert_eq!(cold.dram_sectors, 4);
//! let warm = h.global(0, 1000, &a);
//! assert_eq!(warm.l1_hit_sectors, 4); // LDG.CI allocates in L1/tex
//! assert!(warm.latency < cold.latency);
//! ```

use crate::{Access, AccessKind, CacheOp, Space, WARP, model};
use serde::{Deserialize, Serialize};

/// The shape of one cache: capacity, line and sector sizes, associativity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Geometry {
    /// Capacity in bytes.
    pub bytes: u32,
    /// Line (tag) size in bytes.
    pub line: u32,
    /// Fill granularity in bytes (a line holds `line / sector` sectors, at most 8).
    pub sector: u32,
    /// Lines per set.
    pub ways: u32,
}

impl Geometry {
    /// The number of sets, or why the shape is impossible.
    pub fn sets(&self) -> Result<u32, String> {
        let Geometry {
            bytes,
            line,
            sector,
            ways,
        } = *self;
        if line == 0 || sector == 0 || ways == 0 || bytes == 0 {
            return Err(format!("{self:?}: every size must be positive"));
        }
        if !line.is_power_of_two() || !sector.is_power_of_two() || sector > line {
            return Err(format!(
                "{self:?}: line and sector must be powers of two with sector <= line"
            ));
        }
        if line / sector > 8 {
            return Err(format!("{self:?}: at most 8 sectors per line"));
        }
        if !bytes.is_multiple_of(line * ways) {
            return Err(format!(
                "{self:?}: the capacity is not a whole number of sets of {ways} lines"
            ));
        }
        Ok(bytes / (line * ways))
    }

    /// Sectors per line.
    pub fn sectors_per_line(&self) -> u32 {
        self.line / self.sector
    }
}

/// Counters of one cache level, in sectors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LevelStats {
    /// Tag lookups (one per distinct line a request touches).
    pub tag_lookups: u64,
    /// Sectors read through this level.
    pub read_sectors: u64,
    /// Of those, sectors that hit.
    pub read_hits: u64,
    /// Sectors written to this level.
    pub write_sectors: u64,
    /// Valid lines evicted to make room.
    pub evictions: u64,
    /// Dirty sectors written back below on eviction.
    pub writebacks: u64,
}

impl LevelStats {
    /// Read hit rate in percent (`None` before any read).
    pub fn hit_rate(&self) -> Option<f64> {
        (self.read_sectors > 0).then(|| 100.0 * self.read_hits as f64 / self.read_sectors as f64)
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    tag: u64,
    /// Valid sectors (0 = empty slot).
    valid: u8,
    dirty: u8,
    /// Last use, for LRU; 0 marks an evict-first line.
    used: u64,
}

/// What a lookup found, as sector masks of the line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    /// Requested sectors that were present.
    pub hit: u8,
    /// Requested sectors that were not.
    pub miss: u8,
    /// Dirty sectors of a line evicted by this lookup (to write back below).
    pub writeback: u8,
}

/// How a lookup treats a missing line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alloc {
    /// Look only: no line is allocated, no sector filled.
    No,
    /// Allocate and fill the requested sectors, most recently used.
    Normal,
    /// Allocate and fill, but first in line for eviction (`.CS`, `.LU`).
    EvictFirst,
}

/// A set-associative cache with 128-byte-style lines of sectors, LRU replacement, and
/// sector-granular fills: a miss fills only the sectors asked for (Maxwell L1/tex and L2
/// fetch no sector that was not requested).
#[derive(Clone, Debug)]
pub struct SectorCache {
    geom: Geometry,
    sets: u32,
    slots: Vec<Slot>,
    tick: u64,
    /// This level's counters.
    pub stats: LevelStats,
}

impl SectorCache {
    /// An empty cache of shape `geom`.
    pub fn new(geom: Geometry) -> Result<SectorCache, String> {
        let sets = geom.sets()?;
        Ok(SectorCache {
            geom,
            sets,
            slots: vec![Slot::default(); (sets * geom.ways) as usize],
            tick: 0,
            stats: LevelStats::default(),
        })
    }

    /// The cache's shape.
    pub fn geometry(&self) -> Geometry {
        self.geom
    }

    fn set_of(&self, line: u64) -> std::ops::Range<usize> {
        let set = (line % self.sets as u64) as usize;
        let w = self.geom.ways as usize;
        set * w..(set + 1) * w
    }

    /// Looks up line number `line` (address / line size) for the sectors in `sectors`.
    /// With `write`, the sectors become dirty where allocated or present.
    pub fn access(&mut self, line: u64, sectors: u8, alloc: Alloc, write: bool) -> Lookup {
        self.tick += 1;
        let tick = self.tick;
        let range = self.set_of(line);
        let set = &mut self.slots[range];
        let mut out = Lookup::default();
        if let Some(s) = set.iter_mut().find(|s| s.valid != 0 && s.tag == line) {
            out.hit = sectors & s.valid;
            out.miss = sectors & !s.valid;
            if alloc != Alloc::No || out.miss == 0 {
                s.valid |= sectors;
                s.used = if alloc == Alloc::EvictFirst { 0 } else { tick };
            } else {
                s.used = tick;
            }
            if write {
                s.dirty |= sectors & s.valid;
            }
        } else {
            out.miss = sectors;
            if alloc != Alloc::No {
                // An empty slot, else the least recently used (evict-first lines first).
                let victim = set
                    .iter_mut()
                    .min_by_key(|s| if s.valid == 0 { (0, 0) } else { (1, s.used) });
                if let Some(v) = victim {
                    if v.valid != 0 {
                        out.writeback = v.dirty;
                        self.stats.evictions += 1;
                        self.stats.writebacks += v.dirty.count_ones() as u64;
                    }
                    *v = Slot {
                        tag: line,
                        valid: sectors,
                        dirty: if write { sectors } else { 0 },
                        used: if alloc == Alloc::EvictFirst { 0 } else { tick },
                    };
                }
            }
        }
        self.stats.tag_lookups += 1;
        let n = sectors.count_ones() as u64;
        if write {
            self.stats.write_sectors += n;
        } else {
            self.stats.read_sectors += n;
            self.stats.read_hits += out.hit.count_ones() as u64;
        }
        out
    }

    /// Whether `line` is present (some sector valid).
    pub fn contains(&self, line: u64) -> bool {
        self.slots[self.set_of(line)]
            .iter()
            .any(|s| s.valid != 0 && s.tag == line)
    }

    /// Drops `line` (its sectors become invalid); returns its dirty sectors (0 when it
    /// was not present).
    pub fn invalidate(&mut self, line: u64) -> u8 {
        let range = self.set_of(line);
        match self.slots[range]
            .iter_mut()
            .find(|s| s.valid != 0 && s.tag == line)
        {
            Some(s) => {
                let d = s.dirty;
                *s = Slot::default();
                d
            }
            None => 0,
        }
    }

    /// Dirty sectors still held (written back at the end of a run).
    pub fn dirty_sectors(&self) -> u64 {
        self.slots.iter().map(|s| s.dirty.count_ones() as u64).sum()
    }
}

/// Most cache lines the model keeps over all SMs and levels (a run's caches cost 24
/// bytes a line: 4 M lines are about 100 MB).
pub const MAX_MODEL_LINES: u64 = 4 << 20;

/// Which GPU a preset describes (Maxwell and Pascal parts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// GM107, GTX 750 Ti (cc 5.0).
    Gm107,
    /// GM204, GTX 980 (cc 5.2).
    Gm204,
    /// GP100, Tesla P100 PCIe (cc 6.0).
    Gp100,
    /// GP104, GTX 1080 (cc 6.1).
    Gp104,
}

impl Preset {
    /// Every preset, in the order of [`Preset::NAMES`].
    pub const ALL: [Preset; 4] = [Preset::Gm107, Preset::Gm204, Preset::Gp100, Preset::Gp104];

    /// Every preset's name, as manifests and the command line spell them.
    pub const NAMES: [&'static str; 4] = ["gm107", "gm204", "gp100", "gp104"];

    /// The preset's parameters.
    pub fn params(self) -> TimingParams {
        match self {
            Preset::Gm107 => TimingParams::gm107(),
            Preset::Gm204 => TimingParams::gm204(),
            Preset::Gp100 => TimingParams::gp100(),
            Preset::Gp104 => TimingParams::gp104(),
        }
    }

    /// The preset's name (`gm107`, `gm204`, `gp100`, `gp104`).
    pub fn name(self) -> &'static str {
        Preset::NAMES[self as usize]
    }

    /// By name (one of [`Preset::NAMES`]).
    pub fn from_name(s: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == s)
    }

    /// The SM (compute capability as 50, 52, 60, ...) whose SASS the preset's GPU runs.
    pub fn sm(self) -> u32 {
        match self {
            Preset::Gm107 => 50,
            Preset::Gm204 => 52,
            Preset::Gp100 => 60,
            Preset::Gp104 => 61,
        }
    }

    /// The preset a program of SM `sm` is timed with when none is named: sm_50 GM107,
    /// sm_52 (and sm_53) GM204, sm_60 GP100, sm_61 and sm_62 GP104 (GP10B, the sm_62
    /// Jetson part, has no preset of its own: GP104 shares its SM design). `None` for
    /// an SM outside Maxwell and Pascal.
    pub fn for_sm(sm: u32) -> Option<Preset> {
        match sm {
            50 => Some(Preset::Gm107),
            52 | 53 => Some(Preset::Gm204),
            60 => Some(Preset::Gp100),
            61 | 62 => Some(Preset::Gp104),
            _ => None,
        }
    }
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Preset {
    type Err = String;

    fn from_str(s: &str) -> Result<Preset, String> {
        Preset::from_name(s).ok_or_else(|| {
            format!(
                "unknown preset `{s}` (expected one of: {})",
                Preset::NAMES.join(", ")
            )
        })
    }
}

/// Every parameter of the memory side of the timing model. Cycles are SM core cycles.
/// Sources of the defaults: `docs/05-timing-sources.md`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimingParams {
    /// Streaming multiprocessors.
    pub sms: u32,
    /// Shared memory per SM (bytes).
    pub shared_per_sm: u32,
    /// Unified L1/texture cache per SM.
    pub l1: Geometry,
    /// L1/tex hit latency.
    pub l1_latency: u32,
    /// L2 (one, shared by all SMs).
    pub l2: Geometry,
    /// L2 hit latency.
    pub l2_latency: u32,
    /// L2 bandwidth in bytes per core cycle, all slices together: every sector an SM
    /// reads from or writes to L2 passes it in arrival order (hits and misses alike).
    pub l2_bytes_per_cycle: f64,
    /// L2 miss latency (DRAM, TLB hit).
    pub dram_latency: u32,
    /// DRAM bandwidth in bytes per core cycle (sectors queue behind each other).
    pub dram_bytes_per_cycle: f64,
    /// Threads per request before the L1/tex tag lookup, for accesses of up to 32 bits,
    /// 64 bits and 128 bits per thread.
    pub request_threads: [u32; 3],
    /// Shared memory latency without conflicts.
    pub shared_latency: u32,
    /// Cycles added per extra shared-memory wavefront (bank-conflict way or phase).
    pub shared_cycles_per_wavefront: u32,
    /// Constant L1 cache (per SM).
    pub const_l1: Geometry,
    /// Constant L1 hit latency.
    pub const_l1_latency: u32,
    /// Constant L1.5 cache (per SM).
    pub const_l15: Geometry,
    /// Constant L1.5 hit latency.
    pub const_l15_latency: u32,
    /// Constant access served by L2.
    pub const_l2_latency: u32,
    /// Cycles each distinct constant address after the first adds (accesses to
    /// different addresses serialise).
    pub const_cycles_per_address: u32,
    /// Plain `LDG` (no operator) allocates in L1/tex. False on GM107 (never for data
    /// that is not read-only) and by default on GM204 (opt-in with `-dlcm=ca`).
    pub ldg_default_in_l1: bool,
    /// `LDG.CI` (read-only path, `ld.global.nc`) allocates in L1/tex.
    pub ldg_ci_in_l1: bool,
    /// Local loads allocate in L1/tex (Maxwell: L2 only).
    pub local_in_l1: bool,
}

impl TimingParams {
    /// GM204 (GTX 980).
    pub fn gm204() -> TimingParams {
        TimingParams {
            sms: 16,
            shared_per_sm: 96 << 10,
            // 24 KiB, 128 B lines of 32 B sectors, 4 sets (so 48 ways), LRU.
            l1: Geometry {
                bytes: 24 << 10,
                line: 128,
                sector: 32,
                ways: 48,
            },
            l1_latency: 82,
            l2: Geometry {
                bytes: 2 << 20,
                line: 128,
                sector: 32,
                ways: 16,
            },
            l2_latency: 233,
            // JIA18 T3.4: 446 GB/s measured on the M60 (GM204) at 1177 MHz.
            l2_bytes_per_cycle: 379.0,
            dram_latency: 401,
            dram_bytes_per_cycle: 199.0,
            request_threads: [8, 4, 2],
            shared_latency: 28,
            shared_cycles_per_wavefront: 2,
            const_l1: Geometry {
                bytes: 2 << 10,
                line: 64,
                sector: 64,
                ways: 4,
            },
            const_l1_latency: 25,
            const_l15: Geometry {
                bytes: 32 << 10,
                line: 256,
                sector: 256,
                ways: 8,
            },
            const_l15_latency: 81,
            const_l2_latency: 221,
            const_cycles_per_address: 2,
            ldg_default_in_l1: false,
            ldg_ci_in_l1: true,
            local_in_l1: false,
        }
    }

    /// GM107 (GTX 750 Ti): GM204's L1/tex and latencies as a proxy (NVIDIA: "GM10x,
    /// GM20x, and GP10x have very similar TEX/L1 designs"), its own SM count, shared
    /// size, L2 and DRAM bandwidth.
    pub fn gm107() -> TimingParams {
        TimingParams {
            sms: 5,
            shared_per_sm: 64 << 10,
            l2: Geometry {
                bytes: 2 << 20,
                line: 128,
                sector: 32,
                ways: 8,
            },
            dram_bytes_per_cycle: 76.0,
            // GM204's figure scaled by the memory controllers (2 against 4).
            l2_bytes_per_cycle: 190.0,
            ..TimingParams::gm204()
        }
    }

    /// GP100 as the Tesla P100 PCIe that Jia et al. measured (JIA18: arXiv:1804.06826v1;
    /// T3.1 = its Table 3.1, "Pascal P100" column). Sources per key:
    /// `docs/05-timing-sources.md`, "GP100".
    pub fn gp100() -> TimingParams {
        TimingParams {
            // JIA18 T3.1: 56 processors; GP100 whitepaper: Tesla P100 enables 56 SMs.
            sms: 56,
            // JIA18 T3.1: shared memory 64 KiB per SM; CUDA-PG cc 6.0.
            shared_per_sm: 64 << 10,
            // JIA18 T3.1: 24 KiB, 4 sets, LRU, 32 B load granularity; 128 B lines of
            // 32 B sectors: GS-49571 ("all Maxwell - Pascal").
            l1: Geometry {
                bytes: 24 << 10,
                line: 128,
                sector: 32,
                ways: 48,
            },
            // JIA18 T3.1: L1 hit 82.
            l1_latency: 82,
            // JIA18 T3.1 and the GP100 whitepaper: 4,096 KiB. Ways UNVERIFIED (GM204's).
            l2: Geometry {
                bytes: 4 << 20,
                line: 128,
                sector: 32,
                ways: 16,
            },
            // JIA18 T3.1: L2 hit ~234.
            l2_latency: 234,
            // JIA18 T3.4: 1,624 GB/s L2 load throughput at the 1,328 MHz of T3.1
            // = 1,222.9 B per core cycle.
            l2_bytes_per_cycle: 1223.0,
            // DERIVED from ARAFA19's "Pascal" table (a GP100-class card: its DADD is 8
            // cycles): global 486 - L2 252 = 234 past the L2 lookup.
            dram_latency: 234,
            // JIA18 T3.1: HBM2, 4,096-bit bus at 715 MHz (double data rate) = 732 GB/s
            // (the table's theoretical figure) / 1,328 MHz = 551 B per core cycle.
            dram_bytes_per_cycle: 551.0,
            // GS-49571 /14: "Maxwell/Pascal" split before the tag lookup.
            request_threads: [8, 4, 2],
            // JIA18 T3.1: no-conflict latency 24.
            shared_latency: 24,
            // UNVERIFIED: GM204's slope (MC-DATA); JIA18 Fig. 3.9 plots P100 without
            // figures.
            shared_cycles_per_wavefront: 2,
            // JIA18 T3.1: 2 KiB, 64 B lines, 8 sets x 4 ways, broadcast ~24.
            const_l1: Geometry {
                bytes: 2 << 10,
                line: 64,
                sector: 64,
                ways: 4,
            },
            const_l1_latency: 24,
            // JIA18 T3.1: ">= 64 KiB", 256 B lines, ~96; ways UNVERIFIED.
            const_l15: Geometry {
                bytes: 64 << 10,
                line: 256,
                sector: 256,
                ways: 8,
            },
            const_l15_latency: 96,
            // JIA18 T3.1: L2 constant broadcast ~236.
            const_l2_latency: 236,
            // UNVERIFIED, as GM204.
            const_cycles_per_address: 2,
            // CUDA-PG 6.x: global memory "behaves the same way" as on cc 5.x.
            ldg_default_in_l1: false,
            ldg_ci_in_l1: true,
            local_in_l1: false,
        }
    }

    /// GP104 as the GeForce GTX 1080 (WP1080: its whitepaper; the latencies are JIA18's
    /// Tesla P4, the same GP104). Sources per key: `docs/05-timing-sources.md`, "GP104".
    pub fn gp104() -> TimingParams {
        TimingParams {
            // WP1080: 4 GPCs x 5 SMs; JIA18 T3.1 (P4): 20 processors.
            sms: 20,
            // WP1080: "96 KB shared memory unit"; CUDA-PG cc 6.1: 96 KB per SM.
            shared_per_sm: 96 << 10,
            // JIA18 T3.1 (P4): 24 KiB, 4 sets, LRU, hit 82; GS-49571 lines/sectors.
            l1: Geometry {
                bytes: 24 << 10,
                line: 128,
                sector: 32,
                ways: 48,
            },
            l1_latency: 82,
            // JIA18 T3.1 (P4) and WP1080: 2,048 KiB. Ways UNVERIFIED (GM204's).
            l2: Geometry {
                bytes: 2 << 20,
                line: 128,
                sector: 32,
                ways: 16,
            },
            // JIA18 T3.1 (P4): ~216.
            l2_latency: 216,
            // JIA18 T3.4 (P4): 979 GB/s at the 1,531 MHz of T3.1 = 639.4 B per cycle.
            l2_bytes_per_cycle: 639.0,
            // UNVERIFIED proxy, DERIVED from GCS's TitanX-Pascal (GP102, GDDR5X):
            // DRAM 394.7 - L2 236.0 = 158.7 past the L2 lookup.
            dram_latency: 159,
            // WP1080: 256-bit GDDR5X at 10 Gbps = 320 GB/s / 1,607 MHz base clock
            // = 199.1 B per core cycle.
            dram_bytes_per_cycle: 199.0,
            // GS-49571 /14.
            request_threads: [8, 4, 2],
            // JIA18 T3.1 (P4): no-conflict latency 23.
            shared_latency: 23,
            // UNVERIFIED: GM204's slope (MC-DATA).
            shared_cycles_per_wavefront: 2,
            // JIA18 T3.1 (P4): 2 KiB, 64 B, 4 ways, ~25.
            const_l1: Geometry {
                bytes: 2 << 10,
                line: 64,
                sector: 64,
                ways: 4,
            },
            const_l1_latency: 25,
            // JIA18 T3.1 (P4): 32 KiB, 256 B lines, ~87; ways UNVERIFIED.
            const_l15: Geometry {
                bytes: 32 << 10,
                line: 256,
                sector: 256,
                ways: 8,
            },
            const_l15_latency: 87,
            // JIA18 T3.1 (P4): ~225.
            const_l2_latency: 225,
            // UNVERIFIED, as GM204.
            const_cycles_per_address: 2,
            // CUDA-PG 6.x: as cc 5.x.
            ldg_default_in_l1: false,
            ldg_ci_in_l1: true,
            local_in_l1: false,
        }
    }

    /// Checks every geometry and the request split.
    pub fn check(&self) -> Result<(), String> {
        for (name, g) in [
            ("l1", self.l1),
            ("l2", self.l2),
            ("const_l1", self.const_l1),
            ("const_l15", self.const_l15),
        ] {
            g.sets().map_err(|e| format!("{name}: {e}"))?;
        }
        if self.sms == 0 || self.sms > 256 {
            return Err(format!("sms = {}: expected 1 to 256", self.sms));
        }
        if self.request_threads.iter().any(|&t| t == 0 || t > 32) {
            return Err(format!(
                "request_threads = {:?}: each 1 to 32",
                self.request_threads
            ));
        }
        for (name, v) in [
            ("dram_bytes_per_cycle", self.dram_bytes_per_cycle),
            ("l2_bytes_per_cycle", self.l2_bytes_per_cycle),
        ] {
            if !(v > 0.0 && v.is_finite()) {
                return Err(format!("{name} = {v}: must be positive and finite"));
            }
        }
        // The model keeps a slot per line: bound the lines of every cache together.
        let per_sm: u64 = [self.l1, self.const_l1, self.const_l15]
            .iter()
            .map(|g| (g.bytes / g.line) as u64)
            .sum();
        let lines = per_sm * self.sms as u64 + (self.l2.bytes / self.l2.line) as u64;
        if lines > MAX_MODEL_LINES {
            return Err(format!(
                "the caches hold {lines} lines in all (sms x per-SM caches + l2); the model allows {MAX_MODEL_LINES}"
            ));
        }
        Ok(())
    }
}

/// The cost of one access through the hierarchy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AccessTiming {
    /// Cycles from issue until the last lane's data is back (loads) or accepted (stores).
    pub latency: u32,
    /// The record's counts ([`model::cost`]: lanes, distinct sectors and lines, bank
    /// conflict, wavefronts, transactions and their ideal): the one source of every
    /// figure the statistics, the timing table and `explain` name alike.
    pub cost: model::Cost,
    /// Global/local: L1/tex tag lookups, one for each distinct 128-byte line of each
    /// request of `request_threads` consecutive lanes (a line several requests touch is
    /// looked up once by each; a sector an earlier request of the same instruction
    /// asked for is not fetched again). 0 for shared and constant accesses.
    pub tag_lookups: u32,
    /// Sectors that hit in L1/tex (or constant words in the constant L1).
    pub l1_hit_sectors: u32,
    /// Sectors that hit in L2 (or constant words in the constant L1.5).
    pub l2_hit_sectors: u32,
    /// Sectors fetched from DRAM (or constant words served by L2).
    pub dram_sectors: u32,
}

impl AccessTiming {
    /// Cycles the SM's load/store unit is busy with the access: a tag lookup (global,
    /// local), a wavefront (shared) or a distinct word (constant) a cycle, at least one.
    pub fn lsu_cycles(&self, space: Space) -> u32 {
        match space {
            Space::Shared | Space::Constant => self.cost.transactions,
            _ => self.tag_lookups,
        }
        .max(1)
    }
}

/// Counters of the whole hierarchy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HierarchyStats {
    /// L1/tex, all SMs together.
    pub l1: LevelStats,
    /// L2.
    pub l2: LevelStats,
    /// Constant L1, all SMs.
    pub const_l1: LevelStats,
    /// Constant L1.5, all SMs.
    pub const_l15: LevelStats,
    /// Sectors read from DRAM.
    pub dram_read_sectors: u64,
    /// Sectors written to DRAM (L2 write-backs, write-through stores).
    pub dram_write_sectors: u64,
}

/// The caches of a whole GPU and the DRAM queue.
#[derive(Clone, Debug)]
pub struct Hierarchy {
    params: TimingParams,
    l1: Vec<SectorCache>,
    const_l1: Vec<SectorCache>,
    const_l15: Vec<SectorCache>,
    l2: SectorCache,
    /// The cycle at which DRAM can start the next sector.
    dram_free: f64,
    /// The cycle at which L2 can take the next sector.
    l2_free: f64,
    dram_read_sectors: u64,
    dram_write_sectors: u64,
}

/// The level that serves a global or local access on its way to L2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// Through L1/tex, allocating there.
    L1,
    /// L2 only.
    L2,
}

impl Hierarchy {
    /// Empty caches of the given shape.
    pub fn new(params: TimingParams) -> Result<Hierarchy, String> {
        params.check()?;
        let per_sm = |g: Geometry| -> Result<Vec<SectorCache>, String> {
            (0..params.sms).map(|_| SectorCache::new(g)).collect()
        };
        Ok(Hierarchy {
            l1: per_sm(params.l1)?,
            const_l1: per_sm(params.const_l1)?,
            const_l15: per_sm(params.const_l15)?,
            l2: SectorCache::new(params.l2)?,
            params,
            dram_free: 0.0,
            l2_free: 0.0,
            dram_read_sectors: 0,
            dram_write_sectors: 0,
        })
    }

    /// The parameters in force.
    pub fn params(&self) -> &TimingParams {
        &self.params
    }

    /// Every counter so far.
    pub fn stats(&self) -> HierarchyStats {
        let sum = |v: &[SectorCache]| {
            v.iter().fold(LevelStats::default(), |mut a, c| {
                let s = c.stats;
                a.tag_lookups += s.tag_lookups;
                a.read_sectors += s.read_sectors;
                a.read_hits += s.read_hits;
                a.write_sectors += s.write_sectors;
                a.evictions += s.evictions;
                a.writebacks += s.writebacks;
                a
            })
        };
        HierarchyStats {
            l1: sum(&self.l1),
            l2: self.l2.stats,
            const_l1: sum(&self.const_l1),
            const_l15: sum(&self.const_l15),
            dram_read_sectors: self.dram_read_sectors,
            dram_write_sectors: self.dram_write_sectors,
        }
    }

    /// DRAM transfers `n` sectors starting no earlier than `now`; returns the cycle the
    /// last one completes (latency included).
    fn dram(&mut self, now: u64, n: u32, write: bool) -> u64 {
        if n == 0 {
            return now;
        }
        if write {
            self.dram_write_sectors += n as u64;
        } else {
            self.dram_read_sectors += n as u64;
        }
        let per = 32.0 / self.params.dram_bytes_per_cycle;
        let start = self.dram_free.max(now as f64);
        self.dram_free = start + per * n as f64;
        self.dram_free.ceil() as u64 + self.params.dram_latency as u64
    }

    /// An L2 access of one line's sectors from an SM; returns (hits, misses, completion
    /// cycle).
    fn l2_access(
        &mut self,
        now: u64,
        line: u64,
        sectors: u8,
        write: bool,
        alloc: Alloc,
    ) -> (u32, u32, u64) {
        // The sectors queue for the L2's bandwidth, in arrival order; the lookup's
        // latency runs from the cycle the last of them is taken.
        let per = 32.0 / self.params.l2_bytes_per_cycle;
        let start = self.l2_free.max(now as f64);
        self.l2_free = start + per * sectors.count_ones() as f64;
        // (the cycle during which its last sector is taken)
        let now = (self.l2_free - per).max(now as f64).floor() as u64;
        // L2 lines are 128 B; callers pass 128-byte line numbers.
        let r = self.l2.access(line, sectors, alloc, write);
        if r.writeback != 0 {
            // The victim's dirty sectors go to DRAM (off the requester's critical path).
            let n = r.writeback.count_ones();
            self.dram(now, n, true);
        }
        let hits = r.hit.count_ones();
        let misses = r.miss.count_ones();
        let done = if write {
            // Byte-masked writes allocate without reading DRAM.
            now + self.params.l2_latency as u64
        } else if misses > 0 {
            self.dram(now + self.params.l2_latency as u64, misses, false)
        } else {
            now + self.params.l2_latency as u64
        };
        (hits, misses, done)
    }

    /// A global access (LDG, STG, and the global part of LD/ST) issued on `sm` at cycle
    /// `now`.
    pub fn global(&mut self, sm: usize, now: u64, a: &Access) -> AccessTiming {
        let load = a.kind == AccessKind::Load;
        let path = match (load, a.cache) {
            (true, CacheOp::Ci) if self.params.ldg_ci_in_l1 => Path::L1,
            (true, CacheOp::Default | CacheOp::Ca | CacheOp::Cs | CacheOp::Lu)
                if self.params.ldg_default_in_l1 =>
            {
                Path::L1
            }
            _ => Path::L2,
        };
        self.through(sm, now, a, lanes(a), path)
    }

    /// A local access (LDL, STL, the local part of LD/ST) issued on `sm` at cycle `now`
    /// by the warp whose local slice starts at `slice` (a byte address unique to the
    /// warp). Local memory is interleaved per thread at 4-byte granularity: byte `b` of
    /// lane `l`'s word `w` lives at `slice + (w * 32 + l) * 4 + b`.
    pub fn local(&mut self, sm: usize, now: u64, slice: u64, a: &Access) -> AccessTiming {
        let path = if self.params.local_in_l1 && a.kind == AccessKind::Load {
            Path::L1
        } else {
            Path::L2
        };
        let addrs = lanes(a).map(move |(l, addr)| (l, local_addr(slice, l, addr)));
        self.through(sm, now, a, addrs, path)
    }

    /// A cache-control record (`CCTL.IV`/`.RS`, `CCTLL.IV`/`.RS`) issued on `sm`: the L1
    /// of `sm` drops every 128-byte line a lane of `a` names (global or generic-global
    /// addresses as they are, local ones interleaved in the warp's slice `slice` as
    /// [`Hierarchy::local`] places them; other spaces name no L1 line). L1 holds no dirty
    /// data (stores write through), so nothing is written back. Returns the number of
    /// lines dropped.
    pub fn invalidate_l1(&mut self, sm: usize, slice: u64, a: &Access) -> u32 {
        let sm = sm % self.l1.len().max(1);
        let mut dropped = 0;
        for (l, addr) in lanes(a) {
            let addr = match a.space {
                Space::Global | Space::Buffer => addr,
                Space::Local | Space::Scratch => local_addr(slice, l, addr),
                Space::Shared | Space::Constant => continue,
            };
            let line = addr / (SECTOR * SECTORS_PER_LINE);
            if self.l1[sm].contains(line) {
                self.l1[sm].invalidate(line);
                dropped += 1;
            }
        }
        dropped
    }

    fn through(
        &mut self,
        sm: usize,
        now: u64,
        a: &Access,
        addrs: impl Iterator<Item = (usize, u64)>,
        path: Path,
    ) -> AccessTiming {
        let sm = sm % self.l1.len().max(1);
        let load = a.kind == AccessKind::Load;
        let mut t = AccessTiming {
            cost: model::cost(a),
            ..AccessTiming::default()
        };
        let bytes = a.bytes.max(1) as u64;
        // Collect (lane, address) once; requests are groups of consecutive lanes.
        let mut per_lane = [None::<u64>; WARP];
        for (l, addr) in addrs {
            if l < WARP {
                per_lane[l] = Some(addr);
            }
        }
        // The sectors the instruction's earlier requests already asked for, by line: a
        // later request's lookup finds them present or in flight and is served with them
        // (no second fill, no second count), its data no earlier than a hit's.
        let mut asked: [(u64, u8); WARP] = [(0, 0); WARP];
        let mut n_asked = 0usize;
        let group = self.params.request_threads[match bytes {
            0..=4 => 0,
            5..=8 => 1,
            _ => 2,
        }] as usize;
        let evict_first = matches!(a.cache, CacheOp::Cs | CacheOp::Lu);
        let mut done = now;
        for (r, chunk) in per_lane.chunks(group.max(1)).enumerate() {
            // Distinct lines of this request, each with its sector mask.
            let mut lines: [(u64, u8); WARP] = [(0, 0); WARP];
            let mut n = 0usize;
            for addr in chunk.iter().flatten() {
                let first = addr / SECTOR;
                let last = addr.saturating_add(bytes - 1) / SECTOR;
                for s in first..=last {
                    let (line, bit) = (s / SECTORS_PER_LINE, 1u8 << (s % SECTORS_PER_LINE));
                    match lines[..n].iter_mut().find(|(l, _)| *l == line) {
                        Some((_, m)) => *m |= bit,
                        None if n < WARP => {
                            lines[n] = (line, bit);
                            n += 1;
                        }
                        None => {}
                    }
                }
            }
            if n == 0 {
                continue;
            }
            // One request per cycle through the tag stage.
            let issue = now + r as u64;
            for &(line, mask) in &lines[..n] {
                t.tag_lookups += 1;
                let mask = match asked[..n_asked].iter_mut().find(|(l, _)| *l == line) {
                    Some((_, m)) => {
                        let new = mask & !*m;
                        *m |= mask;
                        new
                    }
                    None if n_asked < WARP => {
                        asked[n_asked] = (line, mask);
                        n_asked += 1;
                        mask
                    }
                    None => mask,
                };
                if mask == 0 {
                    let hit = if path == Path::L1 && load {
                        self.params.l1_latency
                    } else {
                        self.params.l2_latency
                    };
                    done = done.max(issue + hit as u64);
                    continue;
                }
                let mut rest = mask;
                let mut at = issue;
                if path == Path::L1 || !load {
                    // Stores write through L1/tex: present sectors are updated in place,
                    // nothing is allocated. Loads on the L1 path allocate what they miss.
                    let alloc = if load { Alloc::Normal } else { Alloc::No };
                    let r1 = self.l1[sm].access(line, mask, alloc, !load);
                    if load {
                        t.l1_hit_sectors += r1.hit.count_ones();
                        rest = r1.miss;
                        at = issue + self.params.l1_latency as u64;
                    }
                }
                if rest != 0 {
                    let alloc = if evict_first {
                        Alloc::EvictFirst
                    } else {
                        Alloc::Normal
                    };
                    let (hits, misses, d) = self.l2_access(at, line, rest, !load, alloc);
                    if load {
                        t.l2_hit_sectors += hits;
                        t.dram_sectors += misses;
                    }
                    at = d;
                    if !load && a.cache == CacheOp::Wt {
                        // Write-through to memory below L2.
                        at = self.dram(at, rest.count_ones(), true);
                    }
                }
                done = done.max(at);
            }
        }
        t.latency = (done - now).min(u32::MAX as u64) as u32;
        t
    }

    /// A constant access (LDC; constant-bank operands use the same caches) issued on `sm`
    /// at cycle `now`: lanes that read the same address are served together (broadcast);
    /// distinct addresses serialise. Addresses are `bank << 16 | offset` as in the record.
    pub fn constant(&mut self, sm: usize, a: &Access) -> AccessTiming {
        let sm = sm % self.const_l1.len().max(1);
        let mut t = AccessTiming {
            cost: model::cost(a),
            ..AccessTiming::default()
        };
        let words = crate::layout::constant_words(a);
        let mut worst = 0u64;
        let l1_line = self.params.const_l1.line as u64;
        let l15_line = self.params.const_l15.line as u64;
        for &(word, _) in &words {
            let addr = word * 4;
            let lat = if self.const_l1[sm]
                .access(addr / l1_line, 1, Alloc::Normal, false)
                .hit
                != 0
            {
                t.l1_hit_sectors += 1;
                self.params.const_l1_latency
            } else if self.const_l15[sm]
                .access(addr / l15_line, 1, Alloc::Normal, false)
                .hit
                != 0
            {
                t.l2_hit_sectors += 1;
                self.params.const_l15_latency
            } else {
                t.dram_sectors += 1;
                self.params.const_l2_latency
            };
            worst = worst.max(lat as u64);
        }
        let serial =
            (words.len().saturating_sub(1) as u64) * self.params.const_cycles_per_address as u64;
        t.latency = (worst + serial).min(u32::MAX as u64) as u32;
        t
    }

    /// A shared-memory access: the base latency plus the cost of every wavefront after
    /// the first (bank-conflict ways and the 64/128-bit phases, as [`model::cost`]
    /// counts them).
    pub fn shared(&self, a: &Access) -> AccessTiming {
        let c = model::cost(a);
        let extra = c.wavefronts.saturating_sub(1);
        AccessTiming {
            latency: self.params.shared_latency + extra * self.params.shared_cycles_per_wavefront,
            cost: c,
            ..AccessTiming::default()
        }
    }

    /// Dispatches on the record's space (local accesses need [`Hierarchy::local`]'s
    /// slice; here the warp's slice is taken as 0).
    pub fn access(&mut self, sm: usize, now: u64, a: &Access) -> AccessTiming {
        match a.space {
            // Buffer and scratch are Vega's views of global and private memory.
            Space::Global | Space::Buffer => self.global(sm, now, a),
            Space::Local | Space::Scratch => self.local(sm, now, 0, a),
            Space::Shared => self.shared(a),
            Space::Constant => self.constant(sm, a),
        }
    }
}

/// The sector size of the global/local path (bytes) and the sectors of one of its lines.
const SECTOR: u64 = 32;
const SECTORS_PER_LINE: u64 = 4;

/// Where byte `addr` of lane `l`'s local memory lives in the warp's slice `slice`:
/// interleaved per thread at 4-byte granularity.
fn local_addr(slice: u64, l: usize, addr: u64) -> u64 {
    let (w, b) = (addr / 4, addr % 4);
    slice.wrapping_add((w.wrapping_mul(WARP as u64) + l as u64) * 4 + b)
}

/// The lanes of a record that move data, with their addresses.
fn lanes(a: &Access) -> impl Iterator<Item = (usize, u64)> + '_ {
    let m = a.data_lanes();
    (0..WARP)
        .filter(move |l| m >> l & 1 != 0)
        .map(move |l| (l, a.addr[l]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(space: Space, bytes: u32, cache: CacheOp, addr: impl Fn(usize) -> u64) -> Access {
        let mut a = Access::new(space, AccessKind::Load, bytes, false, cache);
        for l in 0..WARP {
            a.set_lane(l, addr(l));
        }
        a
    }

    #[test]
    fn geometry_rejects_impossible_shapes() {
        assert!(TimingParams::gm204().check().is_ok());
        assert!(TimingParams::gm107().check().is_ok());
        for p in Preset::ALL {
            assert!(p.params().check().is_ok(), "{p}");
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
            assert_eq!(Preset::for_sm(p.sm()), Some(p));
        }
        assert!("gk110".parse::<Preset>().unwrap_err().contains("gp104"));
        assert_eq!(Preset::for_sm(62), Some(Preset::Gp104));
        assert_eq!(Preset::for_sm(70), None);
        let g = Geometry {
            bytes: 24 << 10,
            line: 128,
            sector: 32,
            ways: 48,
        };
        assert_eq!(g.sets(), Ok(4));
        assert!(Geometry { ways: 7, ..g }.sets().is_err());
        assert!(Geometry { sector: 16, ..g }.sets().is_ok()); // 8 sectors
        assert!(Geometry { sector: 8, ..g }.sets().is_err()); // 16 sectors
        assert!(Geometry { line: 96, ..g }.sets().is_err());
        assert!(Geometry { bytes: 0, ..g }.sets().is_err());
        // Caches far larger than any GPU's are refused, not allocated.
        let huge = TimingParams {
            sms: 256,
            l1: Geometry {
                bytes: 1 << 30,
                ways: 64,
                ..g
            },
            ..TimingParams::gm204()
        };
        assert!(huge.check().unwrap_err().contains("lines in all"));
    }

    #[test]
    fn sectors_fill_only_what_was_asked_and_lru_evicts() {
        let mut c = SectorCache::new(Geometry {
            bytes: 2 * 128,
            line: 128,
            sector: 32,
            ways: 2,
        })
        .unwrap();
        assert_eq!(c.access(5, 0b0001, Alloc::Normal, false).miss, 0b0001);
        // Same line, other sector: a tag hit but a sector miss (no prefetch).
        let r = c.access(5, 0b0011, Alloc::Normal, false);
        assert_eq!((r.hit, r.miss), (0b0001, 0b0010));
        c.access(6, 0b1111, Alloc::Normal, false);
        c.access(5, 0b0001, Alloc::Normal, false); // 5 is now the most recent
        c.access(7, 0b0001, Alloc::Normal, false); // evicts 6
        assert_eq!(c.access(5, 0b0011, Alloc::No, false).hit, 0b0011);
        assert_eq!(c.access(6, 0b0001, Alloc::No, false).miss, 0b0001);
        assert_eq!(c.stats.evictions, 1);
    }

    #[test]
    fn evict_first_lines_go_first_and_dirty_lines_write_back() {
        let mut c = SectorCache::new(Geometry {
            bytes: 2 * 128,
            line: 128,
            sector: 32,
            ways: 2,
        })
        .unwrap();
        c.access(1, 0b0001, Alloc::Normal, true);
        c.access(2, 0b0001, Alloc::EvictFirst, false);
        let r = c.access(3, 0b0001, Alloc::Normal, false);
        assert_eq!(
            r.writeback, 0,
            "the evict-first line 2 went, not dirty line 1"
        );
        let r = c.access(4, 0b0001, Alloc::Normal, false);
        assert_eq!(r.writeback, 0b0001, "line 1 was dirty");
        assert_eq!(c.stats.writebacks, 1);
    }

    #[test]
    fn requests_split_by_access_size() {
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        for (bytes, lookups, sectors) in [(1, 4, 1), (4, 4, 4), (8, 8, 8), (16, 16, 16)] {
            let a = load(Space::Global, bytes, CacheOp::Cg, |l| {
                0x10000 + l as u64 * bytes as u64
            });
            let t = h.global(0, 0, &a);
            assert_eq!(t.tag_lookups, lookups, "{bytes}-byte lanes");
            assert_eq!(
                (t.cost.sectors_32, t.cost.ideal),
                (sectors, sectors),
                "{bytes}-byte lanes: coalesced, distinct sectors = ideal"
            );
        }
    }

    #[test]
    fn a_sector_several_requests_ask_for_is_fetched_once() {
        // 32 lanes x 1 byte: four 8-lane requests look up the same sector; it is one
        // sector of the instruction, fetched once (issue 20: it counted 4, ideal 1).
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        let a = load(Space::Global, 1, CacheOp::Ci, |l| 0x20000 + l as u64);
        let t = h.global(0, 0, &a);
        assert_eq!((t.tag_lookups, t.cost.sectors_32, t.cost.ideal), (4, 1, 1));
        assert_eq!(
            (t.l1_hit_sectors, t.l2_hit_sectors, t.dram_sectors),
            (0, 0, 1)
        );
        let s = h.stats();
        assert_eq!((s.l1.read_sectors, s.l2.read_sectors), (1, 1));
        // A broadcast word: one sector, ideal one.
        let b = load(Space::Global, 4, CacheOp::Cg, |_| 0x30000);
        let t = h.global(0, 1000, &b);
        assert_eq!((t.cost.sectors_32, t.cost.ideal, t.dram_sectors), (1, 1, 1));
    }

    #[test]
    fn a_loads_hits_and_misses_add_up_to_its_distinct_sectors() {
        // Whatever the pattern, each distinct sector of a load is served once: from
        // L1/tex, L2 or DRAM.
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        let mut now = 0;
        for bytes in [1u32, 2, 4, 8, 16] {
            for stride in [0u64, 1, 2, 4, 8, 32, 33, 128] {
                for cache in [CacheOp::Ci, CacheOp::Cg] {
                    let a = load(Space::Global, bytes, cache, |l| {
                        (0x40000 + stride * l as u64 * bytes as u64) & !(bytes as u64 - 1)
                    });
                    now += 10_000;
                    let t = h.global(0, now, &a);
                    assert_eq!(
                        t.l1_hit_sectors + t.l2_hit_sectors + t.dram_sectors,
                        t.cost.sectors_32,
                        "{bytes} B, stride {stride}, {cache:?}"
                    );
                    assert!(t.cost.ideal <= t.cost.sectors_32);
                }
            }
        }
    }

    #[test]
    fn strided_loads_touch_more_sectors_than_ideal() {
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        // Stride 128 B: every lane its own line and sector.
        let a = load(Space::Global, 4, CacheOp::Cg, |l| l as u64 * 128);
        let t = h.global(0, 0, &a);
        assert_eq!(
            (
                t.tag_lookups,
                t.cost.lines_128,
                t.cost.sectors_32,
                t.cost.ideal
            ),
            (32, 32, 32, 4)
        );
        assert_eq!(t.dram_sectors, 32);
    }

    #[test]
    fn allocation_follows_the_operator_and_the_part() {
        // GM107 and GM204 by default: plain LDG is L2 only, LDG.CI allocates in L1/tex.
        for p in [TimingParams::gm107(), TimingParams::gm204()] {
            let mut h = Hierarchy::new(p).unwrap();
            let plain = load(Space::Global, 4, CacheOp::Default, |l| 4 * l as u64);
            h.global(0, 0, &plain);
            let again = h.global(0, 1000, &plain);
            assert_eq!(again.l1_hit_sectors, 0);
            assert_eq!(again.l2_hit_sectors, 4);
            let ci = load(Space::Global, 4, CacheOp::Ci, |l| 0x8000 + 4 * l as u64);
            h.global(0, 2000, &ci);
            assert_eq!(h.global(0, 3000, &ci).l1_hit_sectors, 4);
            // Another SM has its own L1/tex.
            assert_eq!(h.global(1, 4000, &ci).l1_hit_sectors, 0);
        }
        // GM204 with -dlcm=ca: plain loads allocate too.
        let mut h = Hierarchy::new(TimingParams {
            ldg_default_in_l1: true,
            ..TimingParams::gm204()
        })
        .unwrap();
        let plain = load(Space::Global, 4, CacheOp::Default, |l| 4 * l as u64);
        h.global(0, 0, &plain);
        assert_eq!(h.global(0, 1000, &plain).l1_hit_sectors, 4);
        // .CG never allocates in L1.
        let cg = load(Space::Global, 4, CacheOp::Cg, |l| 0x4000 + 4 * l as u64);
        h.global(0, 2000, &cg);
        assert_eq!(h.global(0, 3000, &cg).l1_hit_sectors, 0);
    }

    #[test]
    fn latencies_by_level() {
        let p = TimingParams::gm204();
        let mut h = Hierarchy::new(p.clone()).unwrap();
        let ci = load(Space::Global, 4, CacheOp::Ci, |_| 0x40);
        let cold = h.global(0, 0, &ci);
        assert!(cold.latency >= p.l1_latency + p.l2_latency + p.dram_latency);
        // Four 8-thread requests pass the tag stage one a cycle.
        assert_eq!(h.global(0, 10_000, &ci).latency, p.l1_latency + 3);
        let cg = load(Space::Global, 4, CacheOp::Cg, |_| 0x40);
        assert_eq!(h.global(0, 20_000, &cg).latency, p.l2_latency + 3);
    }

    #[test]
    fn dram_bandwidth_queues_sectors() {
        let p = TimingParams {
            dram_bytes_per_cycle: 32.0, // one sector a cycle
            ..TimingParams::gm204()
        };
        let mut h = Hierarchy::new(p.clone()).unwrap();
        let a = load(Space::Global, 4, CacheOp::Cg, |l| l as u64 * 128);
        let t = h.global(0, 0, &a);
        // 32 sectors, one per cycle, behind the L2 lookup.
        assert!(t.latency >= p.l2_latency + 32 + p.dram_latency - 1, "{t:?}");
        assert_eq!(h.stats().dram_read_sectors, 32);
    }

    #[test]
    fn l2_bandwidth_queues_sectors() {
        let p = TimingParams {
            l2_bytes_per_cycle: 32.0, // one sector a cycle
            ..TimingParams::gm204()
        };
        let mut h = Hierarchy::new(p.clone()).unwrap();
        // Stride 128 B: 32 lines of one sector each; warm them into L2 first.
        let a = load(Space::Global, 4, CacheOp::Cg, |l| l as u64 * 128);
        h.global(0, 0, &a);
        let t = h.global(0, 100_000, &a);
        assert_eq!(t.l2_hit_sectors, 32);
        // 32 sectors, one per cycle: the last is taken 31 cycles after the first.
        assert_eq!(t.latency, p.l2_latency + 31, "{t:?}");
        // At the preset's bandwidth the same hits overlap (four requests, one a cycle).
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        h.global(0, 0, &a);
        let t = h.global(0, 100_000, &a);
        assert_eq!(t.latency, p.l2_latency + 3, "{t:?}");
        // Two SMs share the one L2 queue.
        let mut h = Hierarchy::new(p.clone()).unwrap();
        h.global(0, 0, &a);
        h.global(0, 100_000, &a);
        let other = h.global(1, 100_000, &a);
        assert_eq!(other.latency, p.l2_latency + 63, "{other:?}");
        let bad = TimingParams {
            l2_bytes_per_cycle: 0.0,
            ..TimingParams::gm204()
        };
        assert!(bad.check().unwrap_err().contains("l2_bytes_per_cycle"));
    }

    #[test]
    fn local_memory_is_interleaved_per_thread() {
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        // All lanes read their own word 0: one 128-byte line, looked up once by each of
        // the four 8-thread requests, one sector each.
        let a = load(Space::Local, 4, CacheOp::Default, |_| 0);
        let t = h.local(0, 0, 0x100_0000, &a);
        assert_eq!(
            (t.tag_lookups, t.cost.lines_128, t.cost.sectors_32),
            (4, 1, 4)
        );
        // Word l for lane l: 32 lines.
        let b = load(Space::Local, 4, CacheOp::Default, |l| 4 * l as u64);
        assert_eq!(h.local(0, 0, 0x100_0000, &b).cost.lines_128, 32);
    }

    #[test]
    fn constant_accesses_broadcast_and_serialise() {
        let p = TimingParams::gm204();
        let mut h = Hierarchy::new(p.clone()).unwrap();
        let same = load(Space::Constant, 4, CacheOp::Default, |_| 3 << 16 | 0x10);
        let t = h.constant(0, &same);
        assert_eq!((t.cost.transactions, t.latency), (1, p.const_l2_latency));
        assert_eq!(h.constant(0, &same).latency, p.const_l1_latency);
        let spread = load(Space::Constant, 4, CacheOp::Default, |l| {
            3 << 16 | (4 * l as u64)
        });
        let t = h.constant(0, &spread);
        assert_eq!(t.cost.transactions, 32);
        assert!(t.latency >= p.const_l1_latency + 31 * p.const_cycles_per_address);
    }

    #[test]
    fn shared_latency_grows_two_cycles_a_way() {
        let h = Hierarchy::new(TimingParams::gm204()).unwrap();
        for (stride_words, ways) in [(1u64, 1u32), (2, 2), (4, 4), (8, 8), (16, 16), (32, 32)] {
            let a = load(Space::Shared, 4, CacheOp::Default, |l| {
                l as u64 * 4 * stride_words
            });
            assert_eq!(h.shared(&a).latency, 28 + 2 * (ways - 1), "{ways}-way");
        }
        let bcast = load(Space::Shared, 4, CacheOp::Default, |_| 0);
        assert_eq!(h.shared(&bcast).latency, 28);
    }

    #[test]
    fn stores_write_through_without_allocating_in_l1() {
        let mut h = Hierarchy::new(TimingParams::gm204()).unwrap();
        let mut st = load(Space::Global, 4, CacheOp::Default, |l| 4 * l as u64);
        st.kind = AccessKind::Store;
        h.global(0, 0, &st);
        let s = h.stats();
        assert_eq!(s.l1.read_sectors, 0);
        assert_eq!(s.l2.write_sectors, 4);
        assert_eq!(s.dram_read_sectors, 0, "byte-masked writes read nothing");
        // A following L2-path load hits the written sectors.
        let ld = load(Space::Global, 4, CacheOp::Cg, |l| 4 * l as u64);
        assert_eq!(h.global(0, 1000, &ld).l2_hit_sectors, 4);
        // .WT also writes DRAM.
        let mut wt = load(Space::Global, 4, CacheOp::Wt, |l| 0x9000 + 4 * l as u64);
        wt.kind = AccessKind::Store;
        h.global(0, 2000, &wt);
        assert_eq!(h.stats().dram_write_sectors, 4);
    }
}
