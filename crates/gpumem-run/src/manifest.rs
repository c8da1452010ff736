//! Launch manifests (TOML). Every table rejects unknown keys.
//!
//! The top level is tagged by `isa`: each ISA has its own manifest struct, built from
//! the shared section types of this module ([`Region`], [`ConstRegion`], [`Dump`],
//! [`Limits`], [`Param`], [`Num`]). A Vega manifest is a new variant of [`Manifest`]
//! with its own `[wave]`, `[scalar_cache]` and `seed` keys next to the shared ones.

use crate::EmuError;
use serde::Deserialize;
use std::path::Path;

/// A manifest, by ISA.
#[derive(Debug, Deserialize)]
#[serde(tag = "isa", rename_all = "lowercase")]
pub enum Manifest {
    Maxwell(MaxwellManifest),
    Vega(crate::vega::VegaManifest),
}

impl Manifest {
    pub fn parse(text: &str) -> Result<Manifest, EmuError> {
        toml::from_str(text).map_err(|e| EmuError::Manifest(e.to_string()))
    }
}

/// A Maxwell run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxwellManifest {
    /// Path relative to the manifest: `.sass`/`.txt` text, `.bin` raw bundles, or a
    /// cubin (`.cubin` or any ELF file).
    pub program: String,
    /// The kernel to run from a cubin (optional when it has one kernel).
    pub kernel: Option<String>,
    /// `sm_50` (default for text and binaries) or `sm_52`; a cubin's own by default.
    pub target: Option<String>,
    pub launch: MaxwellLaunch,
    #[serde(default)]
    pub memory: Vec<Region>,
    #[serde(default)]
    pub constant: Vec<ConstRegion>,
    #[serde(default)]
    pub dump: Vec<Dump>,
    #[serde(default)]
    pub limits: Limits,
    #[serde(default)]
    pub config: MaxwellConfig,
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
    pub shared_bytes: u64,
    #[serde(default)]
    pub local_bytes: u64,
    /// Base of the shared window in LD/ST's generic address space (16 MB-aligned, below
    /// 4 GB; default 0x0100_0000); written to `c[0x0][0x0]`.
    pub shared_window: Option<u64>,
    /// Base of the local window (default 0x0200_0000); written to `c[0x0][0x4]`.
    pub local_window: Option<u64>,
    /// Kernel parameters, placed from `c[0x0][0x140]` with natural alignment.
    #[serde(default)]
    pub params: Vec<Param>,
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
}

impl Default for MaxwellConfig {
    fn default() -> Self {
        MaxwellConfig {
            fault_misaligned_store: true,
            fault_misaligned_window: true,
            bank_limit: "compute".into(),
        }
    }
}

/// A number: a TOML integer or float, or a string (`"0xffffffffffffffff"`, `"-5"`).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Num {
    Int(i64),
    Float(f64),
    Str(String),
}

impl Num {
    /// As an integer (two's complement for negative values).
    pub fn int(&self) -> Result<u64, EmuError> {
        match self {
            Num::Int(i) => Ok(*i as u64),
            Num::Float(f) => Err(EmuError::Manifest(format!(
                "expected an integer, found {f}"
            ))),
            Num::Str(s) => parse_int(s),
        }
    }

    pub fn float(&self) -> Result<f64, EmuError> {
        match self {
            Num::Int(i) => Ok(*i as f64),
            Num::Float(f) => Ok(*f),
            Num::Str(s) => s
                .trim()
                .parse::<f64>()
                .or_else(|_| parse_int(s).map(|i| i as f64))
                .map_err(|_| EmuError::Manifest(format!("`{s}` is not a number"))),
        }
    }
}

fn parse_int(s: &str) -> Result<u64, EmuError> {
    let t = s.trim().replace('_', "");
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.to_string()),
        None => (false, t),
    };
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16)
    } else if let Some(b) = t.strip_prefix("0b") {
        u64::from_str_radix(b, 2)
    } else {
        t.parse::<u64>()
    }
    .map_err(|_| EmuError::Manifest(format!("`{s}` is not an integer")))?;
    Ok(if neg { v.wrapping_neg() } else { v })
}

/// A typed kernel parameter: `{ u64 = "0x100000" }`, `{ u32 = 16 }`, `{ f32 = 1.5 }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Param {
    U8(Num),
    U16(Num),
    U32(Num),
    U64(Num),
    I8(Num),
    I16(Num),
    I32(Num),
    I64(Num),
    F32(Num),
    F64(Num),
}

/// Typed initial contents: exactly one key, e.g. `{ u32 = [1, 0xdeadbeef] }`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Init {
    pub u8: Option<Vec<Num>>,
    pub u16: Option<Vec<Num>>,
    pub u32: Option<Vec<Num>>,
    pub u64: Option<Vec<Num>>,
    pub i8: Option<Vec<Num>>,
    pub i16: Option<Vec<Num>>,
    pub i32: Option<Vec<Num>>,
    pub i64: Option<Vec<Num>>,
    pub f32: Option<Vec<Num>>,
    pub f64: Option<Vec<Num>>,
}

fn encode(kind: &str, v: &Num, out: &mut Vec<u8>) -> Result<(), EmuError> {
    match kind {
        "u8" | "i8" => out.push(v.int()? as u8),
        "u16" | "i16" => out.extend_from_slice(&(v.int()? as u16).to_le_bytes()),
        "u32" | "i32" => out.extend_from_slice(&(v.int()? as u32).to_le_bytes()),
        "u64" | "i64" => out.extend_from_slice(&v.int()?.to_le_bytes()),
        "f32" => out.extend_from_slice(&(v.float()? as f32).to_le_bytes()),
        _ => out.extend_from_slice(&v.float()?.to_le_bytes()),
    }
    Ok(())
}

impl Init {
    pub fn bytes(&self) -> Result<Vec<u8>, EmuError> {
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
            return Err(EmuError::Manifest(
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
    pub fn place(&self, out: &mut Vec<u8>) -> Result<(), EmuError> {
        let (kind, v, align) = match self {
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
        };
        while !out.len().is_multiple_of(align) {
            out.push(0);
        }
        encode(kind, v, out)
    }
}

/// `[[memory]]`: a global-memory region and its initial contents (`init`, `fill` or
/// `file`; none = zeros). `size` defaults to the contents' length.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    pub address: Num,
    pub size: Option<Num>,
    pub init: Option<Init>,
    pub fill: Option<Num>,
    pub file: Option<String>,
}

/// `[[constant]]`: contents of a constant bank from `offset`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstRegion {
    pub bank: u32,
    #[serde(default = "zero")]
    pub offset: Num,
    pub size: Option<Num>,
    pub init: Option<Init>,
    pub fill: Option<Num>,
    pub file: Option<String>,
}

fn zero() -> Num {
    Num::Int(0)
}

/// `[[dump]]`: a region to report after the run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dump {
    /// `"global"` or `"constant"`.
    pub space: String,
    /// Global address, or offset within `bank` for constant dumps.
    pub address: Num,
    pub size: Num,
    pub bank: Option<u32>,
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
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_memory: 1 << 30,
        }
    }
}

/// The contents of a region: `init`, `fill` (with `size`) or `file`, read relative to
/// `base`. At most `limit` bytes.
pub fn contents(
    size: &Option<Num>,
    init: &Option<Init>,
    fill: &Option<Num>,
    file: &Option<String>,
    base: &Path,
    limit: u64,
) -> Result<Vec<u8>, EmuError> {
    let given = init.is_some() as u8 + fill.is_some() as u8 + file.is_some() as u8;
    if given > 1 {
        return Err(EmuError::Manifest(
            "give at most one of `init`, `fill`, `file`".into(),
        ));
    }
    let size = size.as_ref().map(|s| s.int()).transpose()?;
    if size.is_some_and(|s| s > limit) {
        return Err(EmuError::Manifest(format!(
            "a region of {} bytes passes limits.max_memory ({limit})",
            size.unwrap_or(0)
        )));
    }
    let mut data = if let Some(i) = init {
        i.bytes()?
    } else if let Some(f) = fill {
        let b = f.int()?;
        if b > 0xff {
            return Err(EmuError::Manifest(format!("fill {b:#x} is not a byte")));
        }
        let Some(n) = size else {
            return Err(EmuError::Manifest("`fill` needs a `size`".into()));
        };
        vec![b as u8; n as usize]
    } else if let Some(f) = file {
        let p = base.join(f);
        let meta = std::fs::metadata(&p).map_err(|err| EmuError::Io {
            path: p.display().to_string(),
            err,
        })?;
        if meta.len() > limit {
            return Err(EmuError::Manifest(format!(
                "{} is {} bytes, more than limits.max_memory ({limit})",
                p.display(),
                meta.len()
            )));
        }
        std::fs::read(&p).map_err(|err| EmuError::Io {
            path: p.display().to_string(),
            err,
        })?
    } else {
        Vec::new()
    };
    if let Some(n) = size {
        if (data.len() as u64) > n {
            return Err(EmuError::Manifest(format!(
                "the contents ({} bytes) are larger than the region's size ({n})",
                data.len()
            )));
        }
        data.resize(n as usize, 0);
    }
    if data.len() as u64 > limit {
        return Err(EmuError::Manifest(
            "region contents pass limits.max_memory".into(),
        ));
    }
    Ok(data)
}

/// 1 to 3 extents as `[x, y, z]`.
pub fn dims(v: &[u32], what: &str) -> Result<[u32; 3], EmuError> {
    if v.is_empty() || v.len() > 3 || v.contains(&0) {
        return Err(EmuError::Manifest(format!(
            "`{what}` needs 1 to 3 positive extents, found {v:?}"
        )));
    }
    let mut d = [1; 3];
    d[..v.len()].copy_from_slice(v);
    Ok(d)
}
