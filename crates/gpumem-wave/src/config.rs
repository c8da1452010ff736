//! The executor's typed configuration: what a Vega manifest's `[wave]`,
//! `[scalar_cache]`, `seed` and `[limits]` say, once read. Reading the manifest
//! (TOML, its defaults and its errors at keys) is gpumem-run's; the regions of
//! `[[memory]]` and `[[dump]]` come to [`crate::run`] as [`MemoryInit`] and
//! [`DumpRequest`].

use crate::regs::{RegError, RegRange, ValueError, parse_reg};

/// Initial values of the registers one entry names (`"s[0:1]" = "0x100000"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgprInit {
    /// The name as written (`s[0:1]`): messages and error paths use it.
    pub key: String,
    /// The registers.
    pub range: RegRange,
    /// One value per register of `range`.
    pub values: Vec<u32>,
}

/// Why an [`SgprInit`] cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgprError {
    /// The name is no register or range.
    #[error(transparent)]
    Register(#[from] RegError),
    /// The values do not fit the registers.
    #[error(transparent)]
    Value(#[from] ValueError),
}

impl SgprInit {
    /// `value` in the registers `key` names: one register takes the low 32 bits (the
    /// value must fit them), two or more the low pair (64 bits, low dword first; the
    /// rest are 0).
    ///
    /// ```
    /// let s = gpumem_wave::SgprInit::new("s[0:1]", 0x1_0000_0002).unwrap();
    /// assert_eq!(s.values, [2, 1]);
    /// assert!(gpumem_wave::SgprInit::new("s4", 1 << 32).is_err());
    /// ```
    pub fn new(key: &str, value: u64) -> Result<SgprInit, SgprError> {
        let range = parse_reg(key)?;
        let mut values = vec![0u32; usize::from(range.count)];
        if values.len() == 1 {
            values[0] = u32::try_from(value).map_err(|_| ValueError {
                reg: gpumem_isa::clip(key).into_owned(),
                reason: format!("{value} does not fit in 32 bits"),
            })?;
        } else {
            values[0] = value as u32;
            values[1] = (value >> 32) as u32;
        }
        Ok(SgprInit {
            key: key.to_string(),
            range,
            values,
        })
    }

    /// One value per register `key` names.
    pub fn dwords(key: &str, values: &[u32]) -> Result<SgprInit, SgprError> {
        let range = parse_reg(key)?;
        if values.len() != usize::from(range.count) {
            return Err(ValueError {
                reg: gpumem_isa::clip(key).into_owned(),
                reason: format!("{} values for {} registers", values.len(), range.count),
            }
            .into());
        }
        Ok(SgprInit {
            key: key.to_string(),
            range,
            values: values.to_vec(),
        })
    }
}

/// The waves: how many, their initial registers and clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaveSection {
    /// Number of waves (1..=64). All run the same program and share memory.
    pub count: u32,
    /// Initial register values for every wave; each register set once.
    pub sgpr: Vec<SgprInit>,
    /// Per-wave overrides, applied after `sgpr`: entry `i` is for wave `i`.
    pub per_wave: Vec<Vec<SgprInit>>,
    /// Shader clock in MHz (relates `s_memtime` cycles to `s_memrealtime`).
    pub clock_mhz: u32,
    /// Constant real-time clock frequency in MHz for `s_memrealtime`
    /// (100 MHz on gfx9: LLVM libc, CDNA3 manual).
    pub realtime_mhz: u32,
}

impl Default for WaveSection {
    fn default() -> Self {
        WaveSection {
            count: 1,
            sgpr: Vec::new(),
            per_wave: Vec::new(),
            clock_mhz: 1500,
            realtime_mhz: 100,
        }
    }
}

/// Who shares a scalar data cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sharing {
    /// One cache for all waves of the run (the hardware shares one scalar
    /// cache between the waves of up to 3 CUs).
    #[default]
    Shared,
    /// Each wave has its own cache (models waves on CUs with different caches).
    PerWave,
}

/// The scalar data caches (a manifest's `[scalar_cache]`): geometry, sharing and the
/// latency model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScalarCacheConfig {
    /// Capacity in bytes (16 KiB per 3 CUs on MI25/MI50, ROCm gpu-specs).
    pub size: u32,
    /// Line size in bytes (64 B, CLRX). A power of two, 16..=256.
    pub line: u32,
    /// Associativity (ways per set). UNVERIFIED for gfx9; 4 by default.
    pub ways: u32,
    /// Sharing between waves.
    pub sharing: Sharing,
    /// Cycles from issue to return for a line that hits.
    pub hit_latency: u32,
    /// Cycles from issue to return for a line that misses (and for atomics,
    /// write-through stores and GLC=1 loads).
    pub miss_latency: u32,
    /// Each returned part gets `0..=jitter` extra cycles from the seeded generator.
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

/// The run's limits (a manifest's `[limits]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Instructions issued (all waves together) before the run stops with a
    /// `step-limit` fault.
    pub max_steps: u64,
    /// Bytes of memory the run may touch (resident 4 KiB pages).
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
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct VegaConfig {
    /// `[wave]`.
    pub wave: WaveSection,
    /// `[scalar_cache]`.
    pub scalar_cache: ScalarCacheConfig,
    /// Seed of the latency model (different seeds, different legal return orders).
    pub seed: u64,
    /// `[limits]`.
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
