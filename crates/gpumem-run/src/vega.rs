//! Vega launch manifests: `isa = "vega"`, run by the scalar-unit emulator of
//! `gpumem-wave`. The shared sections (`program`, `[[memory]]`, `[[dump]]`) are read
//! exactly as for Maxwell; `[wave]`, `[scalar_cache]`, `seed` and `[limits]` are
//! `gpumem-wave`'s own configuration types.

use crate::EmuError;
use crate::manifest::{Dump, Region, global_regions};
use gpumem_vega::code_object;
use gpumem_wave::{
    DumpRequest, MemoryInit, ScalarCacheConfig, VegaConfig, WaveReport, WaveSection,
};
use serde::Deserialize;
use std::fmt::{self, Write};
use std::path::Path;

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
    pub memory: Vec<Region>,
    #[serde(default)]
    pub dump: Vec<Dump>,
    #[serde(default)]
    pub wave: WaveSection,
    #[serde(default)]
    pub scalar_cache: ScalarCacheConfig,
    /// Seed of the latency model.
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub limits: gpumem_wave::Limits,
}

/// Runs a Vega manifest; relative paths are relative to `base`. With `inline`, that
/// assembly text is the program instead of the manifest's `program` file.
pub fn run_vega(
    m: VegaManifest,
    base: &Path,
    inline: Option<&str>,
) -> Result<WaveReport, EmuError> {
    let limit = m.limits.max_memory;
    let path = base.join(&m.program);
    let bytes = match inline {
        Some(src) => src.as_bytes().to_vec(),
        None => crate::read_bounded(&path, crate::MAX_PROGRAM_BYTES, "the program")?,
    };
    let ext = if inline.is_some() {
        "s"
    } else {
        path.extension().and_then(|e| e.to_str()).unwrap_or("")
    };
    let memory = global_regions(&m.memory, base, limit)?
        .into_iter()
        .map(|(addr, bytes)| MemoryInit { addr, bytes })
        .collect::<Vec<_>>();
    let dumps = crate::manifest::dumps(&m.dump, &[gpumem_isa::Space::Global], limit)?
        .into_iter()
        .map(|d| DumpRequest {
            name: format!("global {:#x}", d.address),
            addr: d.address,
            len: d.size,
        })
        .collect::<Vec<_>>();
    let config = VegaConfig {
        wave: m.wave,
        scalar_cache: m.scalar_cache,
        seed: m.seed,
        limits: m.limits,
    };
    let run = |program: gpumem_wave::Program<'_>| {
        let src = match program {
            gpumem_wave::Program::Source(s) => s,
            gpumem_wave::Program::Binary(_) => "",
        };
        gpumem_wave::run(program, &config, &memory, &dumps).map_err(|e| match e {
            gpumem_wave::WaveError::Assemble(d) => EmuError::Program(format!(
                "cannot assemble the program:\n{}",
                gpumem_isa::render_diagnostics(&m.program, src, &d.0)
            )),
            gpumem_wave::WaveError::Program(p) => EmuError::Program(p),
            // Register names and values, configuration and memory limits.
            other => EmuError::Manifest(other.to_string()),
        })
    };
    if code_object::is_elf(&bytes) {
        let text = code_object::text(&bytes)
            .map_err(|e| EmuError::Program(format!("{}: {e}", path.display())))?;
        run(gpumem_wave::Program::Binary(text))
    } else if matches!(ext, "s" | "asm" | "txt" | "S") {
        let src = String::from_utf8(bytes)
            .map_err(|_| EmuError::Program(format!("{}: not UTF-8 text", path.display())))?;
        run(gpumem_wave::Program::Source(&src))
    } else {
        run(gpumem_wave::Program::Binary(&bytes))
    }
}

/// A readable Vega report.
pub struct VegaText<'a>(pub &'a WaveReport);

impl fmt::Display for VegaText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.0;
        writeln!(
            f,
            "vega: {} wave(s), {} instructions, {} cycles",
            r.waves.len(),
            r.stats.instructions,
            r.stats.cycles
        )?;
        for w in &r.waves {
            let mut regs = String::new();
            for (i, v) in w.sgpr.iter().enumerate().filter(|(_, v)| **v != 0).take(16) {
                let _ = write!(regs, " s{i}={v:#x}");
            }
            writeln!(f, "  wave {}: {:?} at pc {:#06x};{regs}", w.id, w.end, w.pc)?;
        }
        let s = &r.stats;
        writeln!(
            f,
            "\nstatistics: {} SALU, {} SMEM loads, {} stores, {} atomics, {} other; {} dwords returned; {} lgkm waits ({} cycles), max LGKM_CNT {}",
            s.scalar_alu,
            s.smem_loads,
            s.smem_stores,
            s.smem_atomics,
            s.smem_other,
            s.smem_dwords_returned,
            s.lgkm_waits,
            s.lgkm_wait_cycles,
            s.lgkm_max
        )?;
        let c = serde_json::to_value(s.scalar_cache).unwrap_or_default();
        writeln!(
            f,
            "scalar cache: {c}; dirty lines at the end: {}",
            s.dirty_lines_at_end
        )?;
        if r.hazards.is_empty() {
            writeln!(f, "\nno hazards")?;
        } else {
            writeln!(f, "\nhazards:")?;
            for h in &r.hazards {
                let rule = serde_json::to_value(h.rule).unwrap_or_default();
                writeln!(
                    f,
                    "  wave {} pc {:#06x} [{}] {}",
                    h.wave,
                    h.pc,
                    rule.as_str().unwrap_or("?"),
                    h.message
                )?;
                for i in &h.instructions {
                    writeln!(f, "      {i}")?;
                }
            }
        }
        if r.faults.is_empty() {
            writeln!(f, "no faults")?;
        } else {
            writeln!(f, "faults:")?;
            for x in &r.faults {
                let kind = serde_json::to_value(x.kind).unwrap_or_default();
                writeln!(
                    f,
                    "  wave {} pc {:#06x} [{}] {}",
                    x.wave,
                    x.pc,
                    kind.as_str().unwrap_or("?"),
                    x.message
                )?;
            }
        }
        for d in &r.dumps {
            writeln!(f, "\ndump global {:#x} ({} bytes):", d.addr, d.bytes.len())?;
            for (i, chunk) in d.bytes.chunks(16).enumerate() {
                let words: Vec<String> = chunk
                    .chunks(4)
                    .map(|w| w.iter().map(|b| format!("{b:02x}")).collect())
                    .collect();
                writeln!(f, "  {:#012x}: {}", d.addr + 16 * i as u64, words.join(" "))?;
            }
        }
        for w in &r.warnings {
            writeln!(f, "warning: {w}")?;
        }
        Ok(())
    }
}

/// The JSON report: `gpumem-wave`'s, with each dump also given Maxwell's shape
/// (`space`, `address`, `hex`).
pub fn vega_json(r: &WaveReport) -> serde_json::Value {
    let mut v = r.to_json();
    if let Some(dumps) = v.get_mut("dumps").and_then(|d| d.as_array_mut()) {
        for (d, src) in dumps.iter_mut().zip(&r.dumps) {
            d["space"] = "global".into();
            d["address"] = format!("{:#x}", src.addr).into();
            d["hex"] = src
                .bytes
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
                .into();
        }
    }
    v
}
