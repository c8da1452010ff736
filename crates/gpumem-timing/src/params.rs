//! The core side of the timing model's parameters ([`CoreParams`]), the whole set
//! ([`TimingConfig`]: the memory hierarchy's [`TimingParams`] and the core's), presets,
//! and key-by-key overrides as a manifest's `[timing]` table gives them.

use gpumem_mem::hierarchy::{Preset, TimingParams};
use serde::{Deserialize, Serialize};

/// Parameters of the SM core: residency limits and the schedulers. Sources of the
/// defaults: `docs/05-timing-sources.md` ("Core").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreParams {
    /// Warp schedulers per SM (each owns the warps whose slot index is its number modulo
    /// this count).
    pub schedulers: u32,
    /// Resident warps per SM.
    pub max_warps_per_sm: u32,
    /// Resident CTAs per SM.
    pub max_ctas_per_sm: u32,
    /// Resident threads per SM.
    pub max_threads_per_sm: u32,
    /// 32-bit registers per SM.
    pub registers_per_sm: u32,
    /// Registers are allocated per warp in units of this many.
    pub register_unit: u32,
    /// Shared memory is allocated per CTA in units of this many bytes.
    pub shared_unit: u32,
    /// Latency of fixed-latency instructions (issue to result), for the per-instruction
    /// figures; the schedule itself is the control words' stall counts.
    pub alu_latency: u32,
    /// Variable-latency arithmetic on the XU (MUFU, conversions, POPC, FLO, ...):
    /// cycles until the write barrier clears.
    pub xu_latency: u32,
    /// Integer multiply (IMUL, IMAD, IMADSP; ptxas uses XMAD sequences instead): cycles
    /// until the write barrier clears.
    pub imul_latency: u32,
    /// Double-precision arithmetic: cycles until the write barrier clears.
    pub f64_latency: u32,
    /// S2R and CS2R: cycles until the write barrier clears.
    pub s2r_latency: u32,
    /// SHFL: cycles until the write barrier clears.
    pub shfl_latency: u32,
    /// Other variable-latency instructions that access no memory (MEMBAR, VOTE, ...).
    pub other_latency: u32,
    /// Cycles after issue at which a global/local memory instruction has read its
    /// source registers (its read barrier clears).
    pub global_read_latency: u32,
    /// The same for shared and constant memory instructions.
    pub shared_read_latency: u32,
    /// Cycles a scheduler's memory dispatch port stays busy after issuing a memory
    /// instruction.
    pub mem_issue_cycles: u32,
}

impl CoreParams {
    /// Maxwell (both presets share the SM: cc 5.0 and 5.2 have the same limits).
    pub fn maxwell() -> CoreParams {
        CoreParams {
            schedulers: 4,
            max_warps_per_sm: 64,
            max_ctas_per_sm: 32,
            max_threads_per_sm: 2048,
            registers_per_sm: 65536,
            register_unit: 256,
            shared_unit: 256,
            alu_latency: 6,
            xu_latency: 14,
            imul_latency: 86,
            f64_latency: 48,
            s2r_latency: 24,
            shfl_latency: 30,
            other_latency: 20,
            global_read_latency: 4,
            shared_read_latency: 2,
            mem_issue_cycles: 4,
        }
    }

    /// GP100 (Tesla P100): Maxwell's residency limits (CUDA-PG, cc 6.0: 64 warps, 32
    /// CTAs, 2,048 threads, 64 K registers per SM), two schedulers (GP100 whitepaper: the
    /// SM "is partitioned into two processing blocks, each having ... a warp
    /// scheduler"), and JIA18 Table 4.1's Pascal latencies (ALU 6, XU 14, IMUL/IMAD ~86,
    /// DADD/DMUL/DFMA/DMNMX 8: GP100 runs FP64 at half rate). S2R, SHFL and the others
    /// keep Maxwell's UNVERIFIED figures. Sources: `docs/05-timing-sources.md`, "Core".
    pub fn gp100() -> CoreParams {
        CoreParams {
            schedulers: 2,
            f64_latency: 8,
            ..CoreParams::maxwell()
        }
    }

    /// GP104 (GTX 1080): Maxwell's SM organisation (four 32-lane blocks, 128 cores a SM:
    /// WP1080) and limits (CUDA-PG cc 6.1), JIA18 Table 4.1's Pascal latencies (equal to
    /// the Maxwell values already in use); FP64 at 1/32 rate like GM204, so Maxwell's
    /// 48 cycles (ARAFA19's Maxwell table) stand in, UNVERIFIED for GP104.
    pub fn gp104() -> CoreParams {
        CoreParams::maxwell()
    }

    /// The core of `preset`'s GPU.
    pub fn of(preset: Preset) -> CoreParams {
        match preset {
            Preset::Gm107 | Preset::Gm204 => CoreParams::maxwell(),
            Preset::Gp100 => CoreParams::gp100(),
            Preset::Gp104 => CoreParams::gp104(),
        }
    }

    /// Checks that every count is usable.
    pub fn check(&self) -> Result<(), String> {
        for (name, v, lo, hi) in [
            ("schedulers", self.schedulers, 1, 32),
            ("max_warps_per_sm", self.max_warps_per_sm, 1, 1024),
            ("max_ctas_per_sm", self.max_ctas_per_sm, 1, 1024),
            ("max_threads_per_sm", self.max_threads_per_sm, 32, 32768),
            ("registers_per_sm", self.registers_per_sm, 256, 1 << 24),
            ("register_unit", self.register_unit, 1, 1 << 16),
            ("shared_unit", self.shared_unit, 1, 1 << 16),
            ("mem_issue_cycles", self.mem_issue_cycles, 1, 1024),
        ] {
            if v < lo || v > hi {
                return Err(format!("{name} = {v}: expected {lo} to {hi}"));
            }
        }
        Ok(())
    }
}

/// Every parameter of a timed run: the preset it started from, the memory side and the
/// core side, and the cycle limit.
#[derive(Clone, Debug, PartialEq)]
pub struct TimingConfig {
    /// The preset the values started from.
    pub preset: Preset,
    /// The hierarchy's parameters.
    pub memory: TimingParams,
    /// The core's parameters.
    pub core: CoreParams,
    /// The model stops (a partial report) when its clock reaches this many cycles
    /// (`[timing] max_cycles`; default [`DEFAULT_MAX_CYCLES`]).
    pub max_cycles: u64,
}

/// The default cycle limit: 2^40 cycles, about 15 minutes of a 1.2 GHz GPU (no
/// practical run reaches it; a deadlock stops earlier on its own).
pub const DEFAULT_MAX_CYCLES: u64 = 1 << 40;

/// The `[timing]` key of the cycle limit (not a parameter of the machine).
const MAX_CYCLES: &str = "max_cycles";

/// Why an override was refused: the key it concerns (`None`: the set as a whole) and the
/// message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError {
    /// The top-level `[timing]` key at fault.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl TimingConfig {
    /// A preset's values.
    pub fn preset(p: Preset) -> TimingConfig {
        TimingConfig {
            preset: p,
            memory: p.params(),
            core: CoreParams::of(p),
            max_cycles: DEFAULT_MAX_CYCLES,
        }
    }

    /// The preset's name as a manifest spells it.
    pub fn preset_name(&self) -> &'static str {
        self.preset.name()
    }

    /// The values of the preset that times SM `sm`'s programs when none is named
    /// ([`Preset::for_sm`]); GM204 for an SM no preset follows.
    pub fn for_sm(sm: u32) -> TimingConfig {
        TimingConfig::preset(Preset::for_sm(sm).unwrap_or(Preset::Gm204))
    }

    /// Every key `[timing]` accepts (besides `preset`), memory keys first.
    pub fn keys() -> Vec<String> {
        let c = TimingConfig::preset(Preset::Gm204);
        let mut v: Vec<String> = table_of(&c.memory).keys().cloned().collect();
        v.extend(table_of(&c.core).keys().cloned());
        v.push(MAX_CYCLES.to_string());
        v
    }

    /// Applies overrides key by key (a table value merges into the key's table, so
    /// `l1 = { ways = 24 }` changes only the ways), then checks the whole set.
    pub fn apply<'a>(
        &mut self,
        overrides: impl IntoIterator<Item = (&'a str, &'a toml::Value)>,
    ) -> Result<(), ParamError> {
        let mut mem = table_of(&self.memory);
        let mut core = table_of(&self.core);
        for (key, value) in overrides {
            let err = |message: String| ParamError {
                key: Some(key.to_string()),
                message,
            };
            if key == MAX_CYCLES {
                self.max_cycles = match value.as_integer() {
                    Some(n) if n >= 1 => n as u64,
                    Some(n) => {
                        return Err(err(format!(
                            "max_cycles = {n}: expected a positive number of cycles"
                        )));
                    }
                    None => {
                        return Err(err(format!(
                            "max_cycles: expected integer, found {}",
                            value.type_str()
                        )));
                    }
                };
                continue;
            }
            let in_mem = mem.contains_key(key);
            let old = if let Some(old) = mem.get(key).or_else(|| core.get(key)) {
                old.clone()
            } else {
                return Err(err(format!(
                    "unknown [timing] key `{key}` (expected preset or one of: {})",
                    TimingConfig::keys().join(", ")
                )));
            };
            let new = merge(&old, value).map_err(&err)?;
            let table = if in_mem { &mut mem } else { &mut core };
            table.insert(key.to_string(), new);
            // Type errors are reported at the key that caused them.
            if in_mem {
                TimingParams::deserialize(toml::Value::Table(mem.clone()))
                    .map_err(|e| err(e.to_string().trim().to_string()))?;
            } else {
                CoreParams::deserialize(toml::Value::Table(core.clone()))
                    .map_err(|e| err(e.to_string().trim().to_string()))?;
            }
        }
        let whole = |message: String| {
            // A check names the key first ("l1: ...", "sms = 0: ...").
            let key = TimingConfig::keys().into_iter().find(|k| {
                message.starts_with(&format!("{k}:")) || message.starts_with(&format!("{k} ="))
            });
            ParamError { key, message }
        };
        self.memory =
            TimingParams::deserialize(toml::Value::Table(mem)).map_err(|e| whole(e.to_string()))?;
        self.core =
            CoreParams::deserialize(toml::Value::Table(core)).map_err(|e| whole(e.to_string()))?;
        self.memory.check().map_err(whole)?;
        self.core.check().map_err(whole)?;
        Ok(())
    }
}

fn table_of<T: Serialize>(v: &T) -> toml::Table {
    match toml::Value::try_from(v) {
        Ok(toml::Value::Table(t)) => t,
        _ => toml::Table::new(),
    }
}

/// `new` over `old`: tables merge key by key (unknown sub-keys refused), other values
/// replace when their type matches (an integer may replace a float).
fn merge(old: &toml::Value, new: &toml::Value) -> Result<toml::Value, String> {
    use toml::Value as V;
    match (old, new) {
        (V::Table(o), V::Table(n)) => {
            let mut out = o.clone();
            for (k, v) in n {
                let Some(ov) = o.get(k) else {
                    return Err(format!(
                        "unknown key `{k}` (expected one of: {})",
                        o.keys().cloned().collect::<Vec<_>>().join(", ")
                    ));
                };
                out.insert(k.clone(), merge(ov, v)?);
            }
            Ok(V::Table(out))
        }
        (V::Float(_), V::Integer(i)) => Ok(V::Float(*i as f64)),
        (V::Array(_), V::Array(_)) => Ok(new.clone()),
        (o, n) if std::mem::discriminant(o) == std::mem::discriminant(n) => Ok(n.clone()),
        (o, n) => Err(format!("expected {}, found {}", o.type_str(), n.type_str())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn val(s: &str) -> toml::Value {
        let t: toml::Table = toml::from_str(&format!("v = {s}")).unwrap();
        t["v"].clone()
    }

    #[test]
    fn overrides_merge_key_by_key() {
        let mut c = TimingConfig::preset(Preset::Gm204);
        let l1 = val("{ ways = 24 }");
        let lat = val("90");
        let bw = val("100");
        let sch = val("2");
        c.apply([
            ("l1", &l1),
            ("l1_latency", &lat),
            ("dram_bytes_per_cycle", &bw),
            ("schedulers", &sch),
        ])
        .unwrap();
        assert_eq!(c.memory.l1.ways, 24);
        assert_eq!(c.memory.l1.bytes, 24 << 10);
        assert_eq!(c.memory.l1_latency, 90);
        assert_eq!(c.memory.dram_bytes_per_cycle, 100.0);
        assert_eq!(c.core.schedulers, 2);
        assert_eq!(c.max_cycles, DEFAULT_MAX_CYCLES);
        let limit = val("5000");
        c.apply([("max_cycles", &limit)]).unwrap();
        assert_eq!(c.max_cycles, 5000);
    }

    #[test]
    fn bad_overrides_name_their_key() {
        let cases = [
            ("l1_latncy", "1", "unknown [timing] key"),
            ("l1", "{ ways = 0 }", "every size must be positive"),
            ("l1", "{ wayz = 4 }", "unknown key `wayz`"),
            ("l2", "{ line = 96 }", "powers of two"),
            ("l1_latency", "\"fast\"", "expected integer"),
            ("sms", "0", "sms = 0"),
            ("schedulers", "0", "schedulers = 0"),
            ("l1_latency", "-1", "invalid value"),
            ("max_cycles", "0", "positive number of cycles"),
            ("max_cycles", "-3", "positive number of cycles"),
            ("max_cycles", "1.5", "expected integer, found float"),
            ("max_cycles", "\"soon\"", "expected integer, found string"),
        ];
        for (key, v, msg) in cases {
            let mut c = TimingConfig::preset(Preset::Gm107);
            let v = val(v);
            let e = c.apply([(key, &v)]).unwrap_err();
            assert_eq!(e.key.as_deref(), Some(key), "{key}: {e:?}");
            assert!(e.message.contains(msg), "{key}: {e:?}");
        }
    }
}
