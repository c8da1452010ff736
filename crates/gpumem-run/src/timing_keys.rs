//! A manifest's `[timing]` table made a [`TimingConfig`]: the preset, then each key
//! written applied to its own field (a table value to the fields it names, so that
//! `l1 = { ways = 24 }` changes only the ways), an error at the key at fault.
//!
//! The key table below is the one list of `[timing]` keys: the manifest's names, the
//! field each sets and how its value is read. The cycle model itself takes the typed
//! [`TimingConfig`] and knows nothing of TOML.

use crate::RunError;
use gpumem_mem::hierarchy::{Geometry, Preset};
use gpumem_timing::TimingConfig;
use toml::Value;

/// `[timing]` as written: every key with its position, so that a bad key or value is
/// reported where it is.
pub type TimingSection =
    std::collections::BTreeMap<toml::Spanned<String>, toml::Spanned<toml::Value>>;

/// How a value sets one key's field (`Err`: what is wrong with the value).
type Setter = fn(&mut TimingConfig, &Value) -> Result<(), String>;

/// One `[timing]` key: its name and its setter.
struct Key {
    name: &'static str,
    set: Setter,
}

/// The field `$f` of `$c` (`top`) or of `$c.$side`.
macro_rules! field {
    ($c:ident, top, $f:ident) => {
        $c.$f
    };
    ($c:ident, $side:ident, $f:ident) => {
        $c.$side.$f
    };
}

/// `[timing]` keys named after their field of `TimingConfig` (`top`) or of
/// `TimingConfig::$side`, read by `$read`.
macro_rules! keys {
    ($($side:ident . $f:ident : $read:ident),* $(,)?) => {
        &[$(Key {
            name: stringify!($f),
            set: |c, v| {
                field!(c, $side, $f) = $read(&field!(c, $side, $f), v)?;
                Ok(())
            },
        }),*]
    };
}

/// Every key `[timing]` accepts besides `preset`: the memory side's, the core's, then
/// the cycle limit (each side in name order, as the unknown-key message lists them).
const KEYS: &[Key] = keys![
    memory.const_cycles_per_address: uint,
    memory.const_l1: geometry,
    memory.const_l15: geometry,
    memory.const_l15_latency: uint,
    memory.const_l1_latency: uint,
    memory.const_l2_latency: uint,
    memory.dram_bytes_per_cycle: float,
    memory.dram_latency: uint,
    memory.l1: geometry,
    memory.l1_latency: uint,
    memory.l2: geometry,
    memory.l2_bytes_per_cycle: float,
    memory.l2_latency: uint,
    memory.ldg_ci_in_l1: boolean,
    memory.ldg_default_in_l1: boolean,
    memory.local_in_l1: boolean,
    memory.request_threads: triple,
    memory.shared_cycles_per_wavefront: uint,
    memory.shared_latency: uint,
    memory.shared_per_sm: uint,
    memory.sms: uint,
    core.alu_latency: uint,
    core.f64_latency: uint,
    core.global_read_latency: uint,
    core.imul_latency: uint,
    core.max_ctas_per_sm: uint,
    core.max_threads_per_sm: uint,
    core.max_warps_per_sm: uint,
    core.mem_issue_cycles: uint,
    core.other_latency: uint,
    core.register_unit: uint,
    core.registers_per_sm: uint,
    core.s2r_latency: uint,
    core.schedulers: uint,
    core.shared_read_latency: uint,
    core.shared_unit: uint,
    core.shfl_latency: uint,
    core.xu_latency: uint,
    top.max_cycles: cycles,
];

/// `expected integer, found string`: a value of the wrong TOML type.
fn wrong_type(expected: &str, v: &Value) -> String {
    format!("expected {expected}, found {}", v.type_str())
}

/// A `u32` field.
fn uint(_: &u32, v: &Value) -> Result<u32, String> {
    let n = v.as_integer().ok_or_else(|| wrong_type("integer", v))?;
    u32::try_from(n).map_err(|_| format!("invalid value: integer `{n}`, expected u32"))
}

/// An `f64` field (an integer is taken as its float).
fn float(_: &f64, v: &Value) -> Result<f64, String> {
    match v {
        Value::Float(x) => Ok(*x),
        Value::Integer(n) => Ok(*n as f64),
        _ => Err(wrong_type("float", v)),
    }
}

/// A `bool` field.
fn boolean(_: &bool, v: &Value) -> Result<bool, String> {
    v.as_bool().ok_or_else(|| wrong_type("boolean", v))
}

/// Three `u32`s.
fn triple(old: &[u32; 3], v: &Value) -> Result<[u32; 3], String> {
    let items = v.as_array().ok_or_else(|| wrong_type("array", v))?;
    if items.len() != old.len() {
        return Err(format!(
            "invalid length {}, expected an array of length {}",
            items.len(),
            old.len()
        ));
    }
    let mut out = *old;
    for (o, x) in out.iter_mut().zip(items) {
        *o = uint(o, x)?;
    }
    Ok(out)
}

/// A cache's shape: the sub-keys given replace those fields, the others stay.
fn geometry(old: &Geometry, v: &Value) -> Result<Geometry, String> {
    let table = v.as_table().ok_or_else(|| wrong_type("table", v))?;
    let mut g = *old;
    for (k, x) in table {
        let field = match k.as_str() {
            "bytes" => &mut g.bytes,
            "line" => &mut g.line,
            "sector" => &mut g.sector,
            "ways" => &mut g.ways,
            _ => {
                return Err(format!(
                    "unknown key `{}` (expected one of: bytes, line, sector, ways)",
                    gpumem_isa::clip(k)
                ));
            }
        };
        *field = uint(field, x)?;
    }
    Ok(g)
}

/// `max_cycles`: a positive number of cycles.
fn cycles(_: &u64, v: &Value) -> Result<u64, String> {
    match v.as_integer() {
        Some(n) if n >= 1 => Ok(n as u64),
        Some(n) => Err(format!(
            "max_cycles = {n}: expected a positive number of cycles"
        )),
        None => Err(format!(
            "max_cycles: expected integer, found {}",
            v.type_str()
        )),
    }
}

/// The names of every key (besides `preset`), as the unknown-key message lists them.
pub(crate) fn key_names() -> Vec<&'static str> {
    KEYS.iter().map(|k| k.name).collect()
}

/// Sets the field of `key` in `c` from `v`.
fn set(c: &mut TimingConfig, key: &str, v: &Value) -> Result<(), String> {
    let k = KEYS.iter().find(|k| k.name == key).ok_or_else(|| {
        format!(
            "unknown [timing] key `{key}` (expected preset or one of: {})",
            key_names().join(", ")
        )
    })?;
    (k.set)(c, v)
}

/// The timing parameters a `[timing]` table gives: its preset (default `default`, the
/// one that follows the program's SM), then its keys in the order written, each set
/// field by field. A value of the wrong type, or one that makes the preset's set invalid
/// by itself, is an error at its key; a set that only the keys together make invalid is
/// an error at the table.
pub fn timing_config(t: &TimingSection, default: Preset) -> Result<TimingConfig, RunError> {
    let mut preset = default;
    let mut rest = Vec::new();
    for (k, v) in t {
        if k.get_ref() == "preset" {
            let name = v.get_ref().as_str().unwrap_or("");
            preset = Preset::from_name(name).ok_or_else(|| RunError::At {
                span: v.span(),
                message: format!(
                    "unknown preset {} (expected one of: {})",
                    gpumem_isa::clip(&v.get_ref().to_string()),
                    Preset::NAMES.map(|n| format!("\"{n}\"")).join(", ")
                ),
            })?;
        } else {
            rest.push((k, v));
        }
    }
    rest.sort_by_key(|(k, _)| k.span().start);
    let mut cfg = TimingConfig::preset(preset);
    for (k, v) in &rest {
        let at = |message: String| RunError::At {
            span: k.span().start..v.span().end,
            message: format!("[timing] {message}"),
        };
        set(&mut cfg, k.get_ref(), v.get_ref()).map_err(at)?;
        let mut alone = TimingConfig::preset(preset);
        set(&mut alone, k.get_ref(), v.get_ref()).map_err(at)?;
        alone.check().map_err(at)?;
    }
    cfg.check()
        .map_err(|m| RunError::key(&["timing"], format!("[timing]: {m}")))?;
    Ok(cfg)
}
