//! The Vega-specific manifest sections, deserialisable with serde
//! (`deny_unknown_fields` everywhere): `[wave]`, `[scalar_cache]`, `seed`,
//! `[limits]`. The CLI reads the rest of the manifest (`isa`, `program`,
//! `[[memory]]`, `[[dump]]`) and passes the regions to [`crate::run`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The `[wave]` table.
///
/// ```
/// let w: gpumem_wave::WaveSection = toml::from_str(
///     r#"count = 2
///        sgpr = { "s[0:1]" = "0x100000", s4 = 7, m0 = 0 }"#,
/// ).unwrap();
/// assert_eq!(w.count, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaveSection {
    /// Number of waves (1..=64). All run the same program and share memory.
    #[serde(default = "one")]
    pub count: u32,
    /// Initial register values for every wave, by register or range
    /// (`"s[0:1]" = "0x100000"`: a 64-bit value fills a pair).
    #[serde(default)]
    pub sgpr: BTreeMap<String, toml::Value>,
    /// Per-wave overrides, applied after `sgpr`: entry `i` is for wave `i`.
    #[serde(default)]
    pub per_wave: Vec<BTreeMap<String, toml::Value>>,
    /// Shader clock in MHz (relates `s_memtime` cycles to `s_memrealtime`).
    #[serde(default = "default_clock")]
    pub clock_mhz: u32,
    /// Constant real-time clock frequency in MHz for `s_memrealtime`
    /// (100 MHz on gfx9: LLVM libc, CDNA3 manual).
    #[serde(default = "default_realtime")]
    pub realtime_mhz: u32,
}

fn one() -> u32 {
    1
}
fn default_clock() -> u32 {
    1500
}
fn default_realtime() -> u32 {
    100
}

impl Default for WaveSection {
    fn default() -> Self {
        WaveSection {
            count: 1,
            sgpr: BTreeMap::new(),
            per_wave: Vec::new(),
            clock_mhz: default_clock(),
            realtime_mhz: default_realtime(),
        }
    }
}

/// Who shares a scalar data cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Sharing {
    /// One cache for all waves of the run (the hardware shares one scalar
    /// cache between the waves of up to 3 CUs).
    #[default]
    Shared,
    /// Each wave has its own cache (models waves on CUs with different caches).
    PerWave,
}

/// The `[scalar_cache]` table: geometry, sharing and the latency model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScalarCacheConfig {
    /// Capacity in bytes (16 KiB per 3 CUs on MI25/MI50, ROCm gpu-specs).
    #[serde(default = "default_size")]
    pub size: u32,
    /// Line size in bytes (64 B, CLRX). A power of two, 16..=256.
    #[serde(default = "default_line")]
    pub line: u32,
    /// Associativity (ways per set). UNVERIFIED for gfx9; 4 by default.
    #[serde(default = "default_ways")]
    pub ways: u32,
    /// Sharing between waves.
    #[serde(default)]
    pub sharing: Sharing,
    /// Cycles from issue to return for a line that hits.
    #[serde(default = "default_hit")]
    pub hit_latency: u32,
    /// Cycles from issue to return for a line that misses (and for atomics,
    /// write-through stores and GLC=1 loads).
    #[serde(default = "default_miss")]
    pub miss_latency: u32,
    /// Each returned part gets `0..=jitter` extra cycles from the seeded generator.
    #[serde(default = "default_jitter")]
    pub jitter: u32,
}

fn default_size() -> u32 {
    16 * 1024
}
fn default_line() -> u32 {
    64
}
fn default_ways() -> u32 {
    4
}
fn default_hit() -> u32 {
    8
}
fn default_miss() -> u32 {
    40
}
fn default_jitter() -> u32 {
    40
}

impl Default for ScalarCacheConfig {
    fn default() -> Self {
        ScalarCacheConfig {
            size: default_size(),
            line: default_line(),
            ways: default_ways(),
            sharing: Sharing::Shared,
            hit_latency: default_hit(),
            miss_latency: default_miss(),
            jitter: default_jitter(),
        }
    }
}

impl ScalarCacheConfig {
    /// Checks the geometry; returns the number of sets.
    pub fn sets(&self) -> Result<u32, (&'static str, String)> {
        if !self.line.is_power_of_two() || !(16..=256).contains(&self.line) {
            return Err((
                "line",
                format!(
                    "scalar_cache.line = {}: must be a power of two in 16..=256",
                    self.line
                ),
            ));
        }
        if self.ways == 0 || self.ways > 64 {
            return Err((
                "ways",
                format!("scalar_cache.ways = {}: must be 1..=64", self.ways),
            ));
        }
        let per_set = self.line * self.ways;
        if self.size == 0 || !self.size.is_multiple_of(per_set) || self.size > 16 << 20 {
            return Err((
                "size",
                format!(
                    "scalar_cache.size = {}: must be a non-zero multiple of line x ways ({per_set}) up to 16 MiB",
                    self.size
                ),
            ));
        }
        for (key, v) in [
            ("hit_latency", self.hit_latency),
            ("miss_latency", self.miss_latency),
            ("jitter", self.jitter),
        ] {
            if v > 1_000_000 {
                return Err((
                    key,
                    format!("scalar_cache.{key} = {v}: latencies must be at most 1000000 cycles"),
                ));
            }
        }
        Ok(self.size / per_set)
    }
}

/// The `[limits]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Instructions issued (all waves together) before the run stops with a
    /// `step-limit` fault.
    #[serde(default = "default_steps")]
    pub max_steps: u64,
    /// Bytes of memory the run may touch (resident 4 KiB pages).
    #[serde(default = "default_memory")]
    pub max_memory: u64,
}

fn default_steps() -> u64 {
    1_000_000
}
fn default_memory() -> u64 {
    256 << 20
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: default_steps(),
            max_memory: default_memory(),
        }
    }
}

/// All Vega-specific run settings: what the manifest's `[wave]`,
/// `[scalar_cache]`, `seed` and `[limits]` give.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VegaConfig {
    /// `[wave]`.
    #[serde(default)]
    pub wave: WaveSection,
    /// `[scalar_cache]`.
    #[serde(default)]
    pub scalar_cache: ScalarCacheConfig,
    /// Seed of the latency model (different seeds, different legal return orders).
    #[serde(default)]
    pub seed: u64,
    /// `[limits]`.
    #[serde(default)]
    pub limits: Limits,
}

/// One `[[memory]]` region to write before the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryInit {
    /// Byte address.
    pub addr: u64,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// One `[[dump]]` region to read back after the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DumpRequest {
    /// Name shown in the report.
    pub name: String,
    /// Byte address.
    pub addr: u64,
    /// Length in bytes.
    pub len: u64,
}
