//! Launch manifests (TOML). Every table rejects unknown keys, and every value that is
//! wrong is reported at its line and column.
//!
//! The top level names its ISA (`isa = "maxwell"` or `"vega"`); the text is then read as
//! that ISA's manifest type, built from the shared section types of this module
//! ([`Region`], [`ConstRegion`], [`Dump`], [`Limits`], [`Param`], [`Num`]). Values carry
//! their position in the text ([`Num::span`]) so that range errors point at them.

use crate::RunError;
pub use crate::num::{Num, NumValue};
use serde::Deserialize;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// A manifest, by ISA.
// One value per run, read once: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Manifest {
    /// `isa = "maxwell"`.
    Maxwell(MaxwellManifest),
    /// `isa = "vega"`.
    Vega(VegaManifest),
}

/// The one key read before the rest: which ISA the manifest is for.
#[derive(Deserialize)]
struct IsaKey {
    isa: Option<Spanned<String>>,
}

impl Manifest {
    /// Parses a manifest. Errors carry the byte range of the offending text
    /// ([`RunError::At`]) where the TOML reader knows it.
    pub fn parse(text: &str) -> Result<Manifest, RunError> {
        let head: IsaKey = toml::from_str(text).map_err(toml_error)?;
        let Some(isa) = head.isa else {
            return Err(RunError::At {
                span: 0..0,
                message: "missing `isa` (\"maxwell\" or \"vega\")".into(),
            });
        };
        match isa.get_ref().as_str() {
            "maxwell" => toml::from_str(text)
                .map(Manifest::Maxwell)
                .map_err(toml_error),
            "vega" => toml::from_str(text).map(Manifest::Vega).map_err(toml_error),
            other => Err(RunError::At {
                span: isa.span(),
                message: format!(
                    "unknown isa `{}` (expected \"maxwell\" or \"vega\")",
                    gpumem_isa::clip(other)
                ),
            }),
        }
    }
}

/// A TOML reader error, positioned when the reader gives a span.
fn toml_error(e: toml::de::Error) -> RunError {
    let message = crate::clip_tokens(e.message().trim_end());
    match e.span() {
        Some(span) => RunError::At { span, message },
        None => RunError::Manifest(message),
    }
}

/// A Maxwell run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxwellManifest {
    /// `"maxwell"`.
    pub isa: String,
    /// Path relative to the manifest: `.sass`/`.txt` text, `.bin` raw bundles, or a
    /// cubin (`.cubin` or any ELF file).
    pub program: String,
    /// The kernel to run from a cubin (optional when it has one kernel).
    pub kernel: Option<String>,
    /// `sm_52` (default for text and binaries, as for `gpumem asm` and `dis`) or
    /// `sm_50`. A cubin names its own (its ELF header); a `target` that contradicts it is
    /// refused.
    pub target: Option<String>,
    /// `[launch]`.
    pub launch: MaxwellLaunch,
    #[serde(default)]
    /// `[[memory]]` regions.
    pub memory: Vec<Region>,
    #[serde(default)]
    /// `[[constant]]` bank contents.
    pub constant: Vec<ConstRegion>,
    #[serde(default)]
    /// `[[symbol]]`: initial contents of a cubin's module variables (`__device__`,
    /// `__constant__`), by name.
    pub symbol: Vec<SymbolInit>,
    #[serde(default)]
    /// `[[dump]]` regions.
    pub dump: Vec<Dump>,
    #[serde(default)]
    /// `[[texture]]`: textures and their samplers (`crate::texture`).
    pub texture: Vec<crate::texture::TextureSection>,
    #[serde(default)]
    /// `[limits]`.
    pub limits: Limits,
    #[serde(default)]
    /// `[config]`.
    pub config: MaxwellConfig,
    /// `[timing]`: run the cycle model (`preset = "gm107"`, `"gm204"`, `"gp100"` or
    /// `"gp104"`, by default the one that follows the program's SM; then any key of the
    /// preset to override; `docs/05-timing-sources.md` lists them).
    pub timing: Option<TimingSection>,
}

pub use crate::timing_keys::{TimingSection, timing_config};

/// A Vega run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VegaManifest {
    /// `"vega"`.
    pub isa: String,
    /// Path relative to the manifest: assembly text (`.s`, `.asm`, `.txt`), a raw
    /// little-endian stream, or an AMDGPU code object (ELF: its `.text`).
    pub program: String,
    #[serde(default)]
    /// `[[memory]]` regions.
    pub memory: Vec<Region>,
    #[serde(default)]
    /// `[[dump]]` regions (global memory).
    pub dump: Vec<Dump>,
    #[serde(default)]
    /// `[wave]`: wave count and initial registers.
    pub wave: WaveTable,
    #[serde(default)]
    /// `[scalar_cache]`: geometry, sharing, latencies.
    pub scalar_cache: ScalarCacheTable,
    /// Seed of the latency model.
    #[serde(default)]
    pub seed: u64,
    /// `[limits]`: the same keys and defaults as a Maxwell run.
    #[serde(default)]
    pub limits: crate::manifest::Limits,
}

/// A register table of `[wave]` (`sgpr`, an element of `per_wave`): register or range
/// name to value (`"s[0:1]" = "0x100000"`, `s4 = 7`, `"s[4:7]" = [1, 2, 3, 4]`).
pub type SgprTable = std::collections::BTreeMap<String, toml::Value>;

/// `[wave]` of a Vega manifest (a key not written: the executor's default,
/// [`gpumem_wave::WaveSection`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaveTable {
    /// Number of waves (1..=64).
    pub count: Option<u32>,
    /// Initial registers of every wave: an integer or string fills one register (32
    /// bits) or, for a range, its low pair (64 bits, low dword first); an array gives one
    /// value per register.
    #[serde(default)]
    pub sgpr: SgprTable,
    /// Per-wave registers, applied after `sgpr`: element `i` is for wave `i`.
    #[serde(default)]
    pub per_wave: Vec<SgprTable>,
    /// Shader clock in MHz.
    pub clock_mhz: Option<u32>,
    /// `s_memrealtime`'s clock in MHz.
    pub realtime_mhz: Option<u32>,
}

/// `sharing` of `[scalar_cache]`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SharingName {
    /// One cache for all waves.
    Shared,
    /// A cache per wave.
    PerWave,
}

/// `[scalar_cache]` of a Vega manifest (a key not written: the executor's default,
/// [`gpumem_wave::ScalarCacheConfig`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScalarCacheTable {
    /// Capacity in bytes.
    pub size: Option<u32>,
    /// Line size in bytes.
    pub line: Option<u32>,
    /// Ways per set.
    pub ways: Option<u32>,
    /// `shared` or `per-wave`.
    pub sharing: Option<SharingName>,
    /// Cycles of a hit.
    pub hit_latency: Option<u32>,
    /// Cycles of a miss.
    pub miss_latency: Option<u32>,
    /// Extra cycles, at most.
    pub jitter: Option<u32>,
}

impl ScalarCacheTable {
    /// The executor's scalar-cache configuration.
    pub fn config(&self) -> gpumem_wave::ScalarCacheConfig {
        let d = gpumem_wave::ScalarCacheConfig::default();
        gpumem_wave::ScalarCacheConfig {
            size: self.size.unwrap_or(d.size),
            line: self.line.unwrap_or(d.line),
            ways: self.ways.unwrap_or(d.ways),
            sharing: match self.sharing {
                None => d.sharing,
                Some(SharingName::Shared) => gpumem_wave::Sharing::Shared,
                Some(SharingName::PerWave) => gpumem_wave::Sharing::PerWave,
            },
            hit_latency: self.hit_latency.unwrap_or(d.hit_latency),
            miss_latency: self.miss_latency.unwrap_or(d.miss_latency),
            jitter: self.jitter.unwrap_or(d.jitter),
        }
    }
}

impl WaveTable {
    /// The executor's wave configuration; a bad register name or value is an error at
    /// its key.
    pub fn config(&self) -> Result<gpumem_wave::WaveSection, RunError> {
        let d = gpumem_wave::WaveSection::default();
        let mut per_wave = Vec::with_capacity(self.per_wave.len());
        for (i, t) in self.per_wave.iter().enumerate() {
            per_wave.push(sgpr_inits(t, &["wave", "per_wave", &i.to_string()])?);
        }
        Ok(gpumem_wave::WaveSection {
            count: self.count.unwrap_or(d.count),
            sgpr: sgpr_inits(&self.sgpr, &["wave", "sgpr"])?,
            per_wave,
            clock_mhz: self.clock_mhz.unwrap_or(d.clock_mhz),
            realtime_mhz: self.realtime_mhz.unwrap_or(d.realtime_mhz),
        })
    }
}

/// The registers a table at `at` sets.
fn sgpr_inits(t: &SgprTable, at: &[&str]) -> Result<Vec<gpumem_wave::SgprInit>, RunError> {
    t.iter()
        .map(|(name, v)| {
            let err = |e: String| {
                let mut path = at.to_vec();
                path.push(name);
                RunError::key(&path, e)
            };
            let range = gpumem_wave::parse_reg(name).map_err(|e| err(e.to_string()))?;
            let made = match v {
                toml::Value::Array(items) => {
                    let values = items
                        .iter()
                        .map(|x| register_value(name, x, 32).map(|u| u as u32))
                        .collect::<Result<Vec<u32>, String>>()
                        .map_err(err)?;
                    gpumem_wave::SgprInit::dwords(name, &values)
                }
                _ => {
                    let bits = if range.count == 1 { 32 } else { 64 };
                    gpumem_wave::SgprInit::new(name, register_value(name, v, bits).map_err(err)?)
                }
            };
            made.map_err(|e| err(e.to_string()))
        })
        .collect()
}

/// An integer as a `[wave]` register table writes it: a TOML integer, a string (`"0x..."`,
/// `"0b..."`, decimal, `_` separators, a leading `-`) or a boolean, that fits `bits`
/// (signed or unsigned); its low `bits`.
fn register_value(reg: &str, v: &toml::Value, bits: u32) -> Result<u64, String> {
    let bad = |reason: String| format!("bad value for `{}`: {reason}", gpumem_isa::clip(reg));
    let x: i128 = match v {
        toml::Value::Integer(i) => i128::from(*i),
        toml::Value::String(s) => int_text(s)
            .ok_or_else(|| bad(format!("`{}` is not an integer", gpumem_isa::clip(s))))?,
        toml::Value::Boolean(b) => i128::from(*b),
        other => {
            return Err(bad(format!(
                "expected an integer or string, got {}",
                gpumem_isa::clip(&other.to_string())
            )));
        }
    };
    let max = (1i128 << bits) - 1;
    let min = -(1i128 << (bits - 1));
    if x > max || x < min {
        return Err(bad(format!("{x} does not fit in {bits} bits")));
    }
    Ok((x & max) as u64)
}

/// The integer a register value's string spells.
fn int_text(s: &str) -> Option<i128> {
    let t = s.trim().replace('_', "");
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.to_string()),
        None => (false, t),
    };
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if let Some(b) = t.strip_prefix("0b") {
        i128::from_str_radix(b, 2).ok()?
    } else {
        t.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// `[launch]` of a Maxwell manifest.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxwellLaunch {
    /// CTAs: 1 to 3 extents (`[4]`, `[4, 2]`, `[4, 2, 1]`).
    #[serde(default = "one")]
    pub grid: Vec<u32>,
    /// Threads per CTA: 1 to 3 extents.
    pub block: Vec<u32>,
    /// Registers per thread (default: the cubin's count, else 255).
    pub registers: Option<u32>,
    #[serde(default)]
    /// Shared memory per CTA (bytes).
    pub shared_bytes: u64,
    #[serde(default)]
    /// Local memory per thread (bytes).
    pub local_bytes: u64,
    /// Base of the shared window in LD/ST's generic address space (16 MB-aligned, below
    /// 4 GB; default 0x0100_0000); written to `c[0x0][0x0]`.
    pub shared_window: Option<u64>,
    /// Base of the local window (default 0x0200_0000); written to `c[0x0][0x4]`.
    pub local_window: Option<u64>,
    /// Where a cubin's module data (`.nv.global.init`, then `.nv.global`) starts in
    /// global memory (default: the first 4 KiB boundary at or above 0x1000 and the end
    /// of every `[[memory]]` region; each section is aligned to 256 bytes or its own
    /// alignment when larger).
    pub module_base: Option<Num>,
    /// Kernel parameters, placed from `c[0x0][0x140]`: for a cubin kernel at the
    /// offsets its `.nv.info` section gives, their count and sizes checked against the
    /// kernel's; for other programs one after another with natural alignment. Absent:
    /// the parameter block is zeros.
    pub params: Option<Vec<Param>>,
}

fn one() -> Vec<u32> {
    vec![1]
}

/// `[config]`: the switches where the seed pages allow two behaviours.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MaxwellConfig {
    /// STG: raise `misaligned_address` when forcing alignment (default true).
    pub fault_misaligned_store: bool,
    /// LDL/LDS/STL/STS: the same for the windows (default true).
    pub fault_misaligned_window: bool,
    /// `"compute"` (8 constant banks, default) or `"graphics"` (18).
    pub bank_limit: String,
    /// Report scoreboard hazards (a register read, or overwritten, without the wait its
    /// variable-latency producer's barrier needs; default true).
    pub hazards: bool,
    /// Global accesses outside every `[[memory]]` region and the cubin's module data:
    /// `"off"` (default), `"warn"` (an `out_of_bounds` fault, the access still moves its
    /// data) or `"fault"` (an `out_of_bounds` fault, no data moves); `true` is `"fault"`
    /// (compute-sanitizer's memcheck stops the access too), `false` `"off"`.
    pub check_bounds: Spanned<CheckBounds>,
}

impl Default for MaxwellConfig {
    fn default() -> Self {
        MaxwellConfig {
            fault_misaligned_store: true,
            fault_misaligned_window: true,
            bank_limit: "compute".into(),
            hazards: true,
            check_bounds: Spanned::new(0..0, CheckBounds::Switch(false)),
        }
    }
}

/// `check_bounds` as written: a switch or a mode's name.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum CheckBounds {
    /// `true` (`"fault"`) or `false` (`"off"`).
    Switch(bool),
    /// `"off"`, `"warn"` or `"fault"`.
    Mode(String),
}

/// A typed kernel parameter: `{ u64 = "0x100000" }`, `{ u32 = 16 }`, `{ f32 = 1.5 }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Param {
    /// A `u8` parameter.
    U8(Num),
    /// A `u16` parameter.
    U16(Num),
    /// A `u32` parameter.
    U32(Num),
    /// A `u64` parameter.
    U64(Num),
    /// A `i8` parameter.
    I8(Num),
    /// A `i16` parameter.
    I16(Num),
    /// A `i32` parameter.
    I32(Num),
    /// A `i64` parameter.
    I64(Num),
    /// A `f32` parameter.
    F32(Num),
    /// A `f64` parameter.
    F64(Num),
}

/// Typed initial contents: exactly one key, e.g. `{ u32 = [1, 0xdeadbeef] }`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Init {
    /// `u8` values.
    pub u8: Option<Vec<Num>>,
    /// `u16` values.
    pub u16: Option<Vec<Num>>,
    /// `u32` values.
    pub u32: Option<Vec<Num>>,
    /// `u64` values.
    pub u64: Option<Vec<Num>>,
    /// `i8` values.
    pub i8: Option<Vec<Num>>,
    /// `i16` values.
    pub i16: Option<Vec<Num>>,
    /// `i32` values.
    pub i32: Option<Vec<Num>>,
    /// `i64` values.
    pub i64: Option<Vec<Num>>,
    /// `f32` values.
    pub f32: Option<Vec<Num>>,
    /// `f64` values.
    pub f64: Option<Vec<Num>>,
}

/// Appends `v` as a little-endian value of type `kind`; a value the type cannot hold is
/// an error at the value.
fn encode(kind: &str, v: &Num, out: &mut Vec<u8>) -> Result<(), RunError> {
    let int = |lo: i128, hi: i128| -> Result<i128, RunError> {
        let x = v.exact()?;
        if (lo..=hi).contains(&x) {
            Ok(x)
        } else {
            Err(v.error(format!("{x} does not fit {kind} ({lo} to {hi})")))
        }
    };
    match kind {
        "u8" => out.push(int(0, u8::MAX as i128)? as u8),
        "i8" => out.push(int(i8::MIN as i128, i8::MAX as i128)? as i8 as u8),
        "u16" => out.extend_from_slice(&(int(0, u16::MAX as i128)? as u16).to_le_bytes()),
        "i16" => {
            out.extend_from_slice(&(int(i16::MIN as i128, i16::MAX as i128)? as i16).to_le_bytes())
        }
        "u32" => out.extend_from_slice(&(int(0, u32::MAX as i128)? as u32).to_le_bytes()),
        "i32" => {
            out.extend_from_slice(&(int(i32::MIN as i128, i32::MAX as i128)? as i32).to_le_bytes())
        }
        "u64" => out.extend_from_slice(&(int(0, u64::MAX as i128)? as u64).to_le_bytes()),
        "i64" => {
            out.extend_from_slice(&(int(i64::MIN as i128, i64::MAX as i128)? as i64).to_le_bytes())
        }
        "f32" => {
            let f = v.float()?;
            let g = f as f32;
            if f.is_finite() && !g.is_finite() {
                return Err(v.error(format!("{f} does not fit f32")));
            }
            out.extend_from_slice(&g.to_le_bytes())
        }
        _ => out.extend_from_slice(&v.float()?.to_le_bytes()),
    }
    Ok(())
}

impl Init {
    /// The little-endian bytes of the values; a value its type cannot hold is an error.
    pub fn bytes(&self) -> Result<Vec<u8>, RunError> {
        let all = [
            ("u8", &self.u8),
            ("u16", &self.u16),
            ("u32", &self.u32),
            ("u64", &self.u64),
            ("i8", &self.i8),
            ("i16", &self.i16),
            ("i32", &self.i32),
            ("i64", &self.i64),
            ("f32", &self.f32),
            ("f64", &self.f64),
        ];
        let given: Vec<_> = all.iter().filter(|(_, v)| v.is_some()).collect();
        if given.len() != 1 {
            return Err(RunError::Manifest(
                "`init` needs exactly one of u8 u16 u32 u64 i8 i16 i32 i64 f32 f64".into(),
            ));
        }
        let (kind, vals) = given[0];
        let mut out = Vec::new();
        for v in vals.as_ref().into_iter().flatten() {
            encode(kind, v, &mut out)?;
        }
        Ok(out)
    }
}

impl Param {
    /// Appends the parameter at its natural alignment.
    pub fn place(&self, out: &mut Vec<u8>) -> Result<(), RunError> {
        let (kind, v, align) = self.parts();
        while !out.len().is_multiple_of(align) {
            out.push(0);
        }
        encode(kind, v, out)
    }

    /// Bytes the parameter takes.
    pub fn size(&self) -> usize {
        self.parts().2
    }

    /// The value as written (for positioned errors).
    pub fn value(&self) -> &Num {
        self.parts().1
    }

    /// Writes the parameter's bytes at `offset` of `out` (grown with zeros as needed).
    pub fn place_at(&self, offset: usize, out: &mut Vec<u8>) -> Result<(), RunError> {
        let (kind, v, _) = self.parts();
        let mut bytes = Vec::new();
        encode(kind, v, &mut bytes)?;
        if out.len() < offset + bytes.len() {
            out.resize(offset + bytes.len(), 0);
        }
        out[offset..offset + bytes.len()].copy_from_slice(&bytes);
        Ok(())
    }

    /// Type name, value and size (= natural alignment).
    fn parts(&self) -> (&'static str, &Num, usize) {
        match self {
            Param::U8(v) => ("u8", v, 1),
            Param::I8(v) => ("i8", v, 1),
            Param::U16(v) => ("u16", v, 2),
            Param::I16(v) => ("i16", v, 2),
            Param::U32(v) => ("u32", v, 4),
            Param::I32(v) => ("i32", v, 4),
            Param::F32(v) => ("f32", v, 4),
            Param::U64(v) => ("u64", v, 8),
            Param::I64(v) => ("i64", v, 8),
            Param::F64(v) => ("f64", v, 8),
        }
    }
}

/// `[[memory]]`: a global-memory region and its initial contents (`init`, `fill` or
/// `file`; none = zeros). `size` defaults to the contents' length.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    /// Global address.
    pub address: Num,
    /// Bytes (default: the contents' length).
    pub size: Option<Num>,
    /// Typed contents.
    pub init: Option<Init>,
    /// A byte repeated over `size`.
    pub fill: Option<Num>,
    /// A file holding the contents (relative to the manifest).
    pub file: Option<String>,
}

/// `[[constant]]`: contents of a constant bank from `offset`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstRegion {
    /// The bank, 0 to 31.
    pub bank: Spanned<u32>,
    #[serde(default = "zero")]
    /// Byte offset in the bank.
    pub offset: Num,
    /// Bytes (default: the contents' length).
    pub size: Option<Num>,
    /// Typed contents.
    pub init: Option<Init>,
    /// A byte repeated over `size`.
    pub fill: Option<Num>,
    /// A file holding the contents (relative to the manifest).
    pub file: Option<String>,
}

fn zero() -> Num {
    Num::default_int(0)
}

/// `[[symbol]]`: initial contents of a module variable of the cubin, from `offset`
/// bytes into it (`init`, `fill` with `size`, or `file`); the contents must fit the
/// variable.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymbolInit {
    /// The variable's name as the cubin's symbol table spells it (`d_CallValue`).
    pub name: Spanned<String>,
    #[serde(default = "zero")]
    /// Byte offset in the variable.
    pub offset: Num,
    /// Bytes (default: the contents' length).
    pub size: Option<Num>,
    /// Typed contents.
    pub init: Option<Init>,
    /// A byte repeated over `size`.
    pub fill: Option<Num>,
    /// A file holding the contents (relative to the manifest).
    pub file: Option<String>,
}

/// A dump's `space` when the manifest gives none (a `symbol` dump).
fn no_space() -> Spanned<String> {
    Spanned::new(0..0, String::new())
}

/// `[[dump]]`: a region to report after the run.
///
/// `space` is `"global"`, `"constant"` (with `bank`), `"shared"` (of CTA `cta`),
/// `"local"` (thread `thread` of CTA `cta`) or `"registers"` (the final `R0`.. of
/// thread `thread` of CTA `cta`). `cta` is linear (`x + y*gx + z*gx*gy`, default 0),
/// `thread` linear within the CTA (x fastest). Shared and local dumps default to the
/// whole allocation (`address` 0, `size` the rest of it); register dumps take no
/// `address`/`size`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dump {
    /// `"global"`, `"constant"`, `"shared"`, `"local"` or `"registers"`; not given
    /// with `symbol`.
    #[serde(default = "no_space")]
    pub space: Spanned<String>,
    /// A module variable of the cubin (Maxwell): the dump reads it, `address` is then
    /// an offset in it (default 0) and `size` defaults to the rest of it.
    pub symbol: Option<Spanned<String>>,
    /// Global address, offset within `bank` for constant dumps, or offset in the
    /// shared/local allocation (default 0 there).
    pub address: Option<Num>,
    /// Bytes (default for shared/local: to the end of the allocation).
    pub size: Option<Num>,
    /// The constant bank (constant dumps; default 0).
    pub bank: Option<Spanned<u32>>,
    /// The CTA (shared, local and register dumps; default 0).
    pub cta: Option<Spanned<u32>>,
    /// The thread within the CTA (local and register dumps).
    pub thread: Option<Spanned<u32>>,
    /// Also save the bytes to this file (relative to the manifest's folder).
    pub file: Option<String>,
    /// The symbol a resolved `symbol` dump read (set by the launch, not written).
    #[serde(skip)]
    pub of_symbol: Option<String>,
}

/// `[limits]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Warp instructions before the run stops with `step_limit` (default 10,000,000).
    pub max_steps: u64,
    /// Bytes of emulated memory (global pages, region contents, each CTA's shared and
    /// local allocations) the run may hold (default 1 GiB).
    pub max_memory: u64,
    /// Bytes of host memory the records of executed instructions may take (default 1
    /// GiB; Maxwell): what the cycle model holds not yet timed and the `--trace`
    /// timeline together (`gpumem_timing::Timing::with_memory_limit`: past it the
    /// timeline is truncated, then the model stops with `max_trace_memory`), and the
    /// first records `gpumem explain` keeps.
    pub max_trace_memory: u64,
    /// Threads that run a launch's CTAs at once (default: the machine's cores; 1 runs
    /// them one after another). The results are the same either way
    /// (docs/09-device-layer.md, "Parallel CTAs").
    pub jobs: Option<usize>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_memory: 1 << 30,
            max_trace_memory: gpumem_timing::DEFAULT_MEMORY_LIMIT,
            jobs: None,
        }
    }
}

/// The contents of a region: `init`, `fill` (with `size`) or `file`, read relative to
/// `base`, spelled out to `size` bytes. At most `limit` bytes.
pub fn contents(
    size: &Option<Num>,
    init: &Option<Init>,
    fill: &Option<Num>,
    file: &Option<String>,
    base: &Path,
    limit: u64,
    at: &[String],
) -> Result<Vec<u8>, RunError> {
    let (data, n) = region_data(size, init, fill, file, base, limit, false, at)?;
    let mut bytes = match data {
        RegionData::Bytes(b) => b,
        RegionData::Fill(b) => vec![b; n as usize],
        RegionData::File { path, .. } => {
            crate::read_bounded(&path, limit, "the region's file (limits.max_memory)")
                .map_err(|e| e.at_path(at, "file"))?
        }
    };
    bytes.resize(n as usize, 0);
    Ok(bytes)
}

/// What a region holds, as the manifest gives it: nothing is spelled out that costs
/// memory without saying anything (a fill, the zeros after the given bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionData {
    /// These bytes (`init`, or a file that is not a regular file), then zeros.
    Bytes(Vec<u8>),
    /// A regular file's bytes, read when the region is written, then zeros.
    File {
        /// The file.
        path: std::path::PathBuf,
        /// Its length when it was checked.
        len: u64,
    },
    /// One byte over the whole region (`fill`; no contents is a fill of 0).
    Fill(u8),
}

/// A checked `[[memory]]` region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalRegion {
    /// Its first address.
    pub address: u64,
    /// Its bytes (`size`, else the contents' length).
    pub size: u64,
    /// What it holds.
    pub data: RegionData,
}

/// Bytes read from a region's file at a time.
const CHUNK: usize = 1 << 20;

impl GlobalRegion {
    /// Bytes of it that are not zero by construction (what it costs in memory at most).
    pub fn stored(&self) -> u64 {
        match &self.data {
            RegionData::Bytes(b) => b.len() as u64,
            RegionData::File { len, .. } => *len,
            RegionData::Fill(0) => 0,
            RegionData::Fill(_) => self.size,
        }
    }

    /// Writes it into `mem` a part at a time, never holding it whole twice: zeros (a
    /// region without contents, the padding after them, zero pages of a file) take no
    /// page of `mem` ([`gpumem_mem::Global::write_sparse`]).
    pub fn write_to(&self, mem: &mut gpumem_mem::Global) -> Result<(), RunError> {
        let limit = |e: gpumem_mem::MemoryLimit| {
            RunError::Manifest(format!(
                "the [[memory]] region at {:#x} passes limits.max_memory ({})",
                self.address, e.limit
            ))
        };
        match &self.data {
            RegionData::Bytes(b) => mem.write_sparse(self.address, b).map_err(limit),
            RegionData::Fill(0) => Ok(()),
            RegionData::Fill(v) => {
                let chunk = vec![*v; CHUNK.min(self.size as usize)];
                let mut at = 0u64;
                while at < self.size {
                    let n = (self.size - at).min(CHUNK as u64) as usize;
                    mem.write(self.address.wrapping_add(at), &chunk[..n])
                        .map_err(limit)?;
                    at += n as u64;
                }
                Ok(())
            }
            RegionData::File { path, len } => {
                use std::io::Read;
                let io = |err| RunError::Io {
                    path: path.display().to_string(),
                    err,
                };
                let mut f = std::fs::File::open(path).map_err(io)?.take(*len);
                let mut buf = vec![0u8; CHUNK.min(*len as usize)];
                let mut at = 0u64;
                loop {
                    let n = f.read(&mut buf).map_err(io)?;
                    if n == 0 {
                        return Ok(());
                    }
                    mem.write_sparse(self.address.wrapping_add(at), &buf[..n])
                        .map_err(limit)?;
                    at += n as u64;
                }
            }
        }
    }

    /// Its contents spelled out up to the last byte that is not zero by construction
    /// (the zeros after them left out).
    pub fn bytes(&self) -> Result<Vec<u8>, RunError> {
        Ok(match &self.data {
            RegionData::Bytes(b) => b.clone(),
            RegionData::File { path, len } => {
                crate::read_bounded(path, *len, "the region's file (limits.max_memory)")?
            }
            RegionData::Fill(0) => Vec::new(),
            RegionData::Fill(v) => vec![*v; self.size as usize],
        })
    }
}

/// The checks of [`contents`] and what a region holds, not spelled out, with its size.
/// `zero_free`: a region whose contents are zeros (none, or `fill = 0`) may be larger
/// than `limit` (it costs no memory). `at`: the region's path in the manifest
/// (`["memory", "0"]`), where errors without a value of their own point.
#[allow(clippy::too_many_arguments)]
fn region_data(
    size: &Option<Num>,
    init: &Option<Init>,
    fill: &Option<Num>,
    file: &Option<String>,
    base: &Path,
    limit: u64,
    zero_free: bool,
    at: &[String],
) -> Result<(RegionData, u64), RunError> {
    let given = init.is_some() as u8 + fill.is_some() as u8 + file.is_some() as u8;
    if given > 1 {
        return Err(
            RunError::Manifest("give at most one of `init`, `fill`, `file`".into()).at_path(at, ""),
        );
    }
    let fill_byte = match fill {
        Some(f) => {
            let b = f.exact()?;
            Some((f, b))
        }
        None => None,
    };
    let zero = given == 0 || fill_byte.is_some_and(|(_, b)| b == 0);
    let size = match size {
        Some(s) => {
            let n = s.u64("size")?;
            if n > limit && !(zero && zero_free) {
                return Err(s.error(format!(
                    "a region of {n} bytes passes limits.max_memory ({limit})"
                )));
            }
            Some(n)
        }
        None => None,
    };
    let data = if let Some(i) = init {
        RegionData::Bytes(i.bytes().map_err(|e| e.at_path(at, "init"))?)
    } else if let Some((f, b)) = fill_byte {
        if !(0..=0xff).contains(&b) {
            return Err(f.error(format!("fill = {b} is not a byte (0 to 255)")));
        }
        if size.is_none() {
            return Err(f.error("`fill` needs a `size`".into()));
        }
        RegionData::Fill(b as u8)
    } else if let Some(f) = file {
        let path = base.join(f);
        match regular_file_len(&path).map_err(|e| e.at_path(at, "file"))? {
            Some(len) if len > limit => {
                return Err(RunError::Manifest(format!(
                    "{}: the region's file (limits.max_memory) is larger than {limit} bytes",
                    path.display()
                ))
                .at_path(at, "file"));
            }
            Some(len) => RegionData::File { path, len },
            None => RegionData::Bytes(
                crate::read_bounded(&path, limit, "the region's file (limits.max_memory)")
                    .map_err(|e| e.at_path(at, "file"))?,
            ),
        }
    } else {
        RegionData::Fill(0)
    };
    let given_len = match &data {
        RegionData::Bytes(b) => b.len() as u64,
        RegionData::File { len, .. } => *len,
        RegionData::Fill(_) => 0,
    };
    if let Some(n) = size
        && given_len > n
    {
        return Err(RunError::Manifest(format!(
            "the contents ({given_len} bytes) are larger than the region's size ({n})"
        ))
        .at_path(at, "size"));
    }
    let n = size.unwrap_or(given_len);
    if n > limit && !(zero && zero_free) {
        return Err(
            RunError::Manifest("region contents pass limits.max_memory".into()).at_path(at, ""),
        );
    }
    Ok((data, n))
}

/// The length of `path` when it is a regular file (`None` for a device, a pipe ...:
/// their length is known only by reading them). Errors opening it are I/O errors.
fn regular_file_len(path: &Path) -> Result<Option<u64>, RunError> {
    let io = |err| RunError::Io {
        path: path.display().to_string(),
        err,
    };
    let f = std::fs::File::open(path).map_err(io)?;
    let m = f.metadata().map_err(io)?;
    Ok(m.is_file().then_some(m.len()))
}

/// The `[[memory]]` regions, read and checked: each lies inside the 64-bit address
/// space, no two overlap (an overlap is an error at the later region's address: which
/// one should win is not obvious to a reader), and together the bytes they give (not
/// the zeros of a region without contents or of its padding) stay within `limit`.
pub fn global_regions(
    regions: &[Region],
    base: &Path,
    limit: u64,
) -> Result<Vec<GlobalRegion>, RunError> {
    let mut out: Vec<GlobalRegion> = Vec::with_capacity(regions.len());
    let mut total = 0u64;
    for (i, r) in regions.iter().enumerate() {
        let at = ["memory".to_string(), i.to_string()];
        let (data, size) = region_data(&r.size, &r.init, &r.fill, &r.file, base, limit, true, &at)?;
        let addr = r.address.u64("address")?;
        let end = end_of(&r.address, addr, size)?;
        let region = GlobalRegion {
            address: addr,
            size,
            data,
        };
        total = total.saturating_add(region.stored());
        if total > limit {
            return Err(r.address.error(format!(
                "the [[memory]] regions together pass limits.max_memory ({limit})"
            )));
        }
        if let Some(o) = out
            .iter()
            .find(|o| o.size > 0 && addr < o.address + o.size && o.address < end)
        {
            return Err(r.address.error(format!(
                "this region ({addr:#x}..{end:#x}) overlaps the [[memory]] region at {:#x}..{:#x}",
                o.address,
                o.address + o.size
            )));
        }
        out.push(region);
    }
    Ok(out)
}

/// `addr + len`, or an error at `at` when the range runs past the end of the 64-bit
/// address space.
fn end_of(at: &Num, addr: u64, len: u64) -> Result<u64, RunError> {
    addr.checked_add(len).ok_or_else(|| {
        at.error(format!(
            "{len} bytes at {addr:#x} run past the end of the 64-bit address space"
        ))
    })
}

/// What a `[[dump]]` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpOf {
    /// A memory space (global, constant, or one CTA's shared / one thread's local).
    Memory(gpumem_isa::Space),
    /// One thread's final registers.
    Registers,
}

/// A checked `[[dump]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DumpSpec {
    /// What is read.
    pub of: DumpOf,
    /// The constant bank (constant dumps).
    pub bank: Option<u32>,
    /// The linear CTA (shared, local and register dumps).
    pub cta: Option<u32>,
    /// The linear thread within the CTA (local and register dumps).
    pub thread: Option<u32>,
    /// Address (global), offset in the bank (constant) or in the allocation
    /// (shared, local); 0 for registers.
    pub address: u64,
    /// Bytes.
    pub size: u64,
    /// Where to save the bytes too, as written in the manifest.
    pub file: Option<String>,
    /// The module variable it reads (a `symbol` dump).
    pub symbol: Option<String>,
}

/// The launch a Maxwell `[[dump]]` of per-CTA state is checked against.
#[derive(Clone, Copy, Debug)]
pub struct LaunchShape {
    /// CTAs in the grid.
    pub ctas: u64,
    /// Threads per CTA.
    pub threads: u64,
    /// Shared bytes per CTA (static + dynamic).
    pub shared_bytes: u64,
    /// Local bytes per thread.
    pub local_bytes: u64,
    /// Registers per thread.
    pub registers: u32,
}

/// Saves the bytes of every dump that names a `file` (relative to `base`).
pub fn save_dumps<'a>(
    specs: &[DumpSpec],
    bytes: impl IntoIterator<Item = &'a [u8]>,
    base: &Path,
) -> Result<(), RunError> {
    for (d, b) in specs.iter().zip(bytes) {
        if let Some(f) = &d.file {
            let p = base.join(f);
            std::fs::write(&p, b).map_err(|err| RunError::Io {
                path: p.display().to_string(),
                err,
            })?;
        }
    }
    Ok(())
}

/// A `cta`/`thread` key: given or defaulted, below `count`; errors at the value (or at
/// `at`, the dump's `space`, when it is missing).
fn index_key(
    key: &Option<Spanned<u32>>,
    name: &str,
    default: Option<u32>,
    count: u64,
    what: &str,
    at: Range<usize>,
) -> Result<u32, RunError> {
    let (v, span) = match (key, default) {
        (Some(k), _) => (*k.get_ref(), k.span()),
        (None, Some(d)) => (d, at),
        (None, None) => {
            return Err(RunError::At {
                span: at,
                message: format!(
                    "this dump needs `{name}` (0 to {})",
                    count.saturating_sub(1)
                ),
            });
        }
    };
    if v as u64 >= count {
        return Err(RunError::At {
            span,
            message: format!(
                "{name} = {v}: the launch has {count} {what} (0 to {})",
                count.saturating_sub(1)
            ),
        });
    }
    Ok(v)
}

/// A key that the dump's space does not take: an error at it.
fn refuse<T>(key: &Option<Spanned<T>>, name: &str, space: &str) -> Result<(), RunError> {
    match key {
        Some(k) => Err(RunError::At {
            span: k.span(),
            message: format!("`{name}` is not for {space} dumps"),
        }),
        None => Ok(()),
    }
}

/// A number a dump needs: an error at its `space` when it is missing.
fn need<'a>(n: &'a Option<Num>, name: &str, d: &Dump) -> Result<&'a Num, RunError> {
    n.as_ref().ok_or_else(|| RunError::At {
        span: d.space.span(),
        message: format!("a {} dump needs `{name}`", d.space.get_ref()),
    })
}

/// Checks a shared or local dump against the launch: the CTA (and thread) exist, the
/// range lies inside the allocation.
fn window_dump(
    d: &Dump,
    space: gpumem_isa::Space,
    l: &LaunchShape,
) -> Result<(u32, Option<u32>, u64, u64), RunError> {
    let name = d.space.get_ref().as_str();
    refuse(&d.bank, "bank", name)?;
    let cta = index_key(&d.cta, "cta", Some(0), l.ctas, "CTAs", d.space.span())?;
    let (thread, alloc, per) = if space == gpumem_isa::Space::Local {
        let t = index_key(
            &d.thread,
            "thread",
            None,
            l.threads,
            "threads per CTA",
            d.space.span(),
        )?;
        (Some(t), l.local_bytes, "per thread")
    } else {
        refuse(&d.thread, "thread", name)?;
        (None, l.shared_bytes, "per CTA")
    };
    let address = match &d.address {
        Some(a) => a.u64("address")?,
        None => 0,
    };
    let size = match &d.size {
        Some(s) => s.u64("size")?,
        None => alloc.saturating_sub(address),
    };
    if address.checked_add(size).is_none_or(|e| e > alloc) {
        let message = format!(
            "{size} bytes at {address:#x} pass the {name} allocation ({alloc} bytes {per})"
        );
        return Err(match d.size.as_ref().or(d.address.as_ref()) {
            Some(n) => n.error(message),
            None => RunError::At {
                span: d.space.span(),
                message,
            },
        });
    }
    Ok((cta, thread, address, size))
}

/// Checks the `[[dump]]` requests: a space from `allowed` (and, where `launch` is
/// given, `shared`, `local` and `registers` of its CTAs and threads), the range inside
/// the space (64-bit global addresses; constant banks 0-31 of 64 KiB; the shared and
/// local allocations), all together within `limit` bytes.
pub fn dumps(
    list: &[Dump],
    allowed: &[gpumem_isa::Space],
    launch: Option<&LaunchShape>,
    limit: u64,
) -> Result<Vec<DumpSpec>, RunError> {
    use gpumem_isa::Space;
    let mut out = Vec::with_capacity(list.len());
    let mut total = 0u64;
    for (i, d) in list.iter().enumerate() {
        if let Some(s) = &d.symbol {
            return Err(RunError::At {
                span: s.span(),
                message: "symbol dumps read a Maxwell cubin's module variables".into(),
            });
        }
        let name = d.space.get_ref().as_str();
        if name.is_empty() && d.space.span().is_empty() {
            return Err(RunError::key(
                &["dump", &i.to_string()],
                "a [[dump]] needs `space` (or, for a cubin, `symbol`)",
            ));
        }
        let of = match (Space::from_name(name), launch) {
            (Some(s), _) if allowed.contains(&s) => DumpOf::Memory(s),
            (Some(s @ (Space::Shared | Space::Local)), Some(_)) => DumpOf::Memory(s),
            (None, Some(_)) if name == "registers" => DumpOf::Registers,
            _ => {
                let mut names: Vec<String> = allowed
                    .iter()
                    .map(|s| format!("\"{}\"", s.name()))
                    .collect();
                if launch.is_some() {
                    names.extend(["\"shared\"", "\"local\"", "\"registers\""].map(String::from));
                }
                return Err(RunError::At {
                    span: d.space.span(),
                    message: format!(
                        "dump space \"{}\": expected {}",
                        gpumem_isa::clip(name),
                        names.join(" or ")
                    ),
                });
            }
        };
        let (mut cta, mut thread, mut bank) = (None, None, None);
        let (address, size) = match (of, launch) {
            (DumpOf::Memory(space @ (Space::Shared | Space::Local)), Some(l)) => {
                let (c, t, a, s) = window_dump(d, space, l)?;
                (cta, thread) = (Some(c), t);
                (a, s)
            }
            (DumpOf::Registers, Some(l)) => {
                refuse(&d.bank, "bank", name)?;
                for (n, key) in [(&d.address, "address"), (&d.size, "size")] {
                    if let Some(n) = n {
                        return Err(n.error(format!(
                            "`{key}` is not for register dumps (they hold R0 to R{})",
                            l.registers.saturating_sub(1)
                        )));
                    }
                }
                cta = Some(index_key(
                    &d.cta,
                    "cta",
                    Some(0),
                    l.ctas,
                    "CTAs",
                    d.space.span(),
                )?);
                thread = Some(index_key(
                    &d.thread,
                    "thread",
                    None,
                    l.threads,
                    "threads per CTA",
                    d.space.span(),
                )?);
                (0, 4 * l.registers as u64)
            }
            (of, _) => {
                let DumpOf::Memory(space) = of else {
                    return Err(RunError::At {
                        span: d.space.span(),
                        message: "register dumps need a Maxwell launch".into(),
                    });
                };
                refuse(&d.cta, "cta", name)?;
                refuse(&d.thread, "thread", name)?;
                let size_n = need(&d.size, "size", d)?;
                let addr_n = need(&d.address, "address", d)?;
                let size = size_n.u64("size")?;
                let address = addr_n.u64("address")?;
                let end = end_of(addr_n, address, size)?;
                match (space, &d.bank) {
                    (Space::Constant, b) => {
                        let k = b.as_ref().map(|b| *b.get_ref()).unwrap_or(0);
                        if k >= gpumem_mem::CONST_BANKS {
                            return Err(RunError::At {
                                span: b.as_ref().map(|b| b.span()).unwrap_or(0..0),
                                message: format!(
                                    "bank = {k}: constant banks are 0 to {}",
                                    gpumem_mem::CONST_BANKS - 1
                                ),
                            });
                        }
                        if end > gpumem_mem::CONST_BANK_BYTES {
                            return Err(size_n.error(format!(
                                "c[{k:#x}][{address:#x}] + {size} bytes runs past the bank's 64 KiB"
                            )));
                        }
                        bank = Some(k);
                    }
                    (_, Some(b)) => {
                        return Err(RunError::At {
                            span: b.span(),
                            message: "`bank` is only for constant dumps".into(),
                        });
                    }
                    (_, None) => {}
                }
                (address, size)
            }
        };
        total = total.saturating_add(size);
        if total > limit {
            let message = format!("[[dump]] sizes pass limits.max_memory ({limit})");
            return Err(match &d.size {
                Some(s) => s.error(message),
                None => RunError::At {
                    span: d.space.span(),
                    message,
                },
            });
        }
        out.push(DumpSpec {
            of,
            bank,
            cta,
            thread,
            address,
            size,
            file: d.file.clone(),
            symbol: d.of_symbol.clone(),
        });
    }
    Ok(out)
}

/// 1 to 3 extents as `[x, y, z]`.
pub fn dims(v: &[u32], what: &str) -> Result<[u32; 3], RunError> {
    if v.is_empty() || v.len() > 3 || v.contains(&0) {
        return Err(RunError::Manifest(format!(
            "`{what}` needs 1 to 3 positive extents, found {}",
            gpumem_isa::clip(&format!("{v:?}"))
        )));
    }
    let mut d = [1; 3];
    d[..v.len()].copy_from_slice(v);
    Ok(d)
}

/// A TOML document as keys and their positions only (for errors found after the
/// manifest is read: [`key_span`]).
enum Node {
    /// A table: each key, its position and its value.
    Table(Vec<(Spanned<String>, Spanned<Node>)>),
    /// An array: each element and its position.
    Array(Vec<Spanned<Node>>),
    /// Any other value.
    Leaf,
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Node;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a TOML value")
            }
            fn visit_bool<E>(self, _: bool) -> Result<Node, E> {
                Ok(Node::Leaf)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Node, E> {
                Ok(Node::Leaf)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Node, E> {
                Ok(Node::Leaf)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Node, E> {
                Ok(Node::Leaf)
            }
            fn visit_str<E>(self, _: &str) -> Result<Node, E> {
                Ok(Node::Leaf)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Node, A::Error> {
                let mut v = Vec::new();
                while let Some(e) = a.next_element::<Spanned<Node>>()? {
                    v.push(e);
                }
                Ok(Node::Array(v))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Node, A::Error> {
                let mut v = Vec::new();
                while let Some(k) = a.next_key::<Spanned<String>>()? {
                    v.push((k, a.next_value::<Spanned<Node>>()?));
                }
                Ok(Node::Table(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Where the key at `path` is written in the manifest `text` (from the key to the end
/// of its value; an array element by its index, `["memory", "1", "size"]`). A key that
/// is not written (a default) gives the position of the nearest table or element above
/// it that is; `None` when not even the first part is written.
pub fn key_span(text: &str, path: &[String]) -> Option<Range<usize>> {
    let root = toml::from_str::<Node>(text).ok()?;
    let mut node = &root;
    let mut found: Option<Range<usize>> = None;
    for part in path {
        let (span, next) = match node {
            Node::Table(t) => match t.iter().find(|(k, _)| k.get_ref() == part) {
                Some((k, v)) => (k.span().start..v.span().end.max(k.span().end), v.get_ref()),
                None => break,
            },
            Node::Array(a) => match part.parse::<usize>().ok().and_then(|i| a.get(i)) {
                Some(v) => (v.span(), v.get_ref()),
                None => break,
            },
            Node::Leaf => break,
        };
        found = Some(span);
        node = next;
    }
    found
}
