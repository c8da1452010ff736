//! Vega launch manifests: `isa = "vega"`, run by the scalar-unit emulator of
//! `gpumem-wave`. The shared sections (`program`, `[[memory]]`, `[[dump]]`, `[limits]`)
//! are read exactly as for Maxwell; `[wave]`, `[scalar_cache]` and `seed` are the
//! executor's own sections. The report has the layout of the Maxwell one (see
//! [`crate::report`]).

use crate::RunError;
use crate::dump::View;
use crate::json::{
    self, DumpRow, FaultRow, HazardRow, InstRow, JsonReport, Launch, ScalarRow, StatsRow, WaveRow,
};
use crate::manifest::{VegaManifest, global_regions};
use crate::text::pc_text;
use gpumem_vega::code_object;
use gpumem_wave::{DumpRequest, FaultKind, MemoryInit, VegaConfig, WaveEnd, WaveReport};
use serde_json::Value;
use std::fmt::Write;
use std::path::Path;

/// A Vega run's report: the executor's, with what the manifest said.
#[derive(Clone, Debug)]
pub struct VegaReport {
    /// The manifest's `program`.
    pub program: String,
    /// The latency model's seed.
    pub seed: u64,
    /// The processor: a code object's own (its ELF header), else gfx900. The scalar
    /// instructions gpumem runs are the same on both.
    pub target: gpumem_vega::Target,
    /// What the executor reported.
    pub run: WaveReport,
    /// The program: each instruction's byte offset and text.
    pub listing: Vec<(u64, String)>,
    /// Per dump, the file its bytes were saved to too (`[[dump]] file`).
    pub dump_files: Vec<Option<String>>,
}

/// Runs a Vega manifest; relative paths are relative to `base`. With `inline`, that
/// assembly text is the program instead of the manifest's `program` file.
pub fn run_vega(
    m: VegaManifest,
    base: &Path,
    inline: Option<&str>,
) -> Result<VegaReport, RunError> {
    let limit = m.limits.max_memory;
    if inline.is_none() {
        crate::program_not_stdin(&m.program)?;
    }
    let path = base.join(&m.program);
    let bytes = match inline {
        Some(src) => src.as_bytes().to_vec(),
        None => crate::read_bounded(&path, crate::MAX_PROGRAM_BYTES, "the program")
            .map_err(|e| e.at_key(&["program"]))?,
    };
    let ext = if inline.is_some() {
        "s"
    } else {
        path.extension().and_then(|e| e.to_str()).unwrap_or("")
    };
    // The zeros of a region (no contents, the padding after them) are left out: the
    // scalar unit's memory reads them as zeros without storing them.
    let memory = global_regions(&m.memory, base, limit)?
        .into_iter()
        .map(|r| {
            Ok(MemoryInit {
                addr: r.address,
                bytes: r.bytes()?,
            })
        })
        .collect::<Result<Vec<_>, RunError>>()?;
    let specs = crate::manifest::dumps(&m.dump, &[gpumem_isa::Space::Global], None, limit)?;
    let dumps = specs
        .iter()
        .map(|d| DumpRequest {
            name: format!("global {:#x}", d.address),
            addr: d.address,
            len: d.size,
        })
        .collect::<Vec<_>>();
    let config = VegaConfig {
        wave: m.wave.config()?,
        scalar_cache: m.scalar_cache.config(),
        seed: m.seed,
        limits: gpumem_wave::Limits {
            max_steps: m.limits.max_steps,
            max_memory: m.limits.max_memory,
        },
    };
    let run = |code: &[u8]| {
        gpumem_wave::run(gpumem_wave::Program::Binary(code), &config, &memory, &dumps).map_err(
            |e| match e {
                gpumem_wave::WaveError::Program(p) => RunError::Program(p),
                gpumem_wave::WaveError::Key { path, message } => RunError::Key { path, message },
                // Register names and values, configuration and memory limits.
                e @ gpumem_wave::WaveError::Memory(_) => {
                    RunError::key(&["limits", "max_memory"], e.to_string())
                }
                other => RunError::Manifest(other.to_string()),
            },
        )
    };
    // The machine code (assembled once here: for the run and for the listing), and the
    // assembler's lint warnings for the report.
    let mut target = gpumem_vega::Target::Gfx900;
    let (code, warnings) = if code_object::is_elf(&bytes) {
        let co = code_object::read(&bytes).map_err(|e| {
            RunError::Program(match e {
                code_object::CodeObjectError::Cubin => format!(
                    "{} is an NVIDIA cubin (ELF machine 190), not an AMDGPU code object: the \
                     manifest says isa = \"vega\"; set isa = \"maxwell\" (and kernel = \
                     \"...\") to run Maxwell code",
                    path.display()
                ),
                e => format!("{}: {e}", path.display()),
            })
        })?;
        target = co.target;
        (co.text.to_vec(), Vec::new())
    } else if matches!(ext, "s" | "asm" | "txt" | "S") {
        let src = String::from_utf8(bytes)
            .map_err(|_| RunError::Program(format!("{}: not UTF-8 text", path.display())))?;
        let a = gpumem_vega::assemble(&src, gpumem_vega::Target::Gfx900).map_err(|d| {
            RunError::Program(format!(
                "cannot assemble the program:\n{}",
                gpumem_isa::render_diagnostics(&m.program, &src, &d.0)
            ))
        })?;
        (a.bytes, a.warnings.iter().map(|w| w.to_string()).collect())
    } else {
        (bytes, Vec::new())
    };
    let mut run = run(&code)?;
    run.warnings = warnings;
    let listing = gpumem_vega::disassemble(&code, target)
        .into_iter()
        .map(|l| {
            let t = l.text.unwrap_or_else(|e| format!("<invalid: {e}>"));
            (l.offset as u64, t)
        })
        .collect();
    crate::manifest::save_dumps(&specs, run.dumps.iter().map(|d| d.bytes.as_slice()), base)?;
    Ok(VegaReport {
        program: if inline.is_some() {
            "<inline>".into()
        } else {
            m.program.clone()
        },
        seed: m.seed,
        target,
        run,
        listing,
        dump_files: specs.iter().map(|d| d.file.clone()).collect(),
    })
}

/// How a wave ended, as the report spells it (`endpgm`, `fault`).
fn end_name(e: WaveEnd) -> &'static str {
    match e {
        WaveEnd::Endpgm => "endpgm",
        WaveEnd::Fault => "fault",
    }
}

impl VegaReport {
    /// Whether a wave stopped on a fault.
    pub fn faulted(&self) -> bool {
        !self.run.faults.is_empty()
    }

    /// Whether a limit stopped the run.
    pub fn stopped(&self) -> bool {
        self.run
            .faults
            .iter()
            .any(|f| matches!(f.kind, FaultKind::StepLimit | FaultKind::MemoryLimit))
    }

    /// The JSON report, in the layout both ISAs share ([`crate::json`]); Vega adds the
    /// waves' final state and the scalar-unit counters.
    pub fn to_json(&self) -> Value {
        self.to_json_with(crate::dump::JsonDumps::Hex)
    }

    /// [`VegaReport::to_json`] with the dumps' bytes in `form`.
    pub fn to_json_with(&self, form: crate::dump::JsonDumps) -> Value {
        self.json_report(form).to_value()
    }

    /// The typed JSON report, the dumps' bytes in `form`.
    pub fn json_report(&self, form: crate::dump::JsonDumps) -> JsonReport {
        let r = &self.run;
        let s = &r.stats;
        JsonReport {
            isa: "vega",
            program: self.program.clone(),
            kernel: None,
            target: self.target.name().to_string(),
            launch: Launch::Vega {
                waves: r.waves.len(),
                seed: self.seed,
            },
            stopped: self.stopped(),
            dumps: r
                .dumps
                .iter()
                .zip(&self.dump_files)
                .map(|(d, file)| DumpRow::new(&json::vega_dump(d, file.clone()), form))
                .collect(),
            faults: r.faults.iter().map(FaultRow::vega).collect(),
            faults_dropped: 0,
            hazards: r.hazards.iter().map(HazardRow::vega).collect(),
            stats: StatsRow {
                instructions: s.instructions,
                per_instruction: s
                    .per_instruction
                    .iter()
                    .map(|i| InstRow::vega(Some(i.pc), &i.text, i.executed))
                    .collect(),
                totals: InstRow::vega(None, "total", s.instructions),
                scalar: Some(ScalarRow::new(s)),
            },
            waves: Some(r.waves.iter().map(WaveRow::new).collect()),
            warnings: Some(r.warnings.clone()),
            timing: None,
        }
    }

    /// The report for people, dumps shown as `view`.
    pub fn render(&self, view: View) -> String {
        let r = &self.run;
        let s = &r.stats;
        let mut f = String::new();
        let _ = writeln!(
            f,
            "vega {} ({}) {} wave(s), seed {}",
            self.program,
            self.target,
            r.waves.len(),
            self.seed
        );
        let _ = writeln!(
            f,
            "{} instructions, {} cycles{}",
            s.instructions,
            s.cycles,
            if self.stopped() {
                " (stopped by a limit)"
            } else {
                ""
            }
        );
        for w in &r.waves {
            let mut regs = String::new();
            for (i, v) in w.sgpr.iter().enumerate().filter(|(_, v)| **v != 0).take(16) {
                let _ = write!(regs, " s{i}={v:#x}");
            }
            let _ = writeln!(
                f,
                "  wave {}: {} at pc {};{regs}",
                w.id,
                end_name(w.end),
                pc_text(w.pc)
            );
        }
        let _ = writeln!(f, "\nstatistics:");
        let w = crate::text::text_width(44, s.per_instruction.iter().map(|i| i.text.as_str()));
        let _ = writeln!(f, "  {:>6}  {:<w$} {:>8}", "pc", "instruction", "executed");
        for i in &s.per_instruction {
            let _ = writeln!(
                f,
                "  {:>6}  {:<w$} {:>8}",
                pc_text(i.pc),
                crate::text::shown(&i.text),
                i.executed
            );
        }
        let _ = writeln!(f, "  {:>6}  {:<w$} {:>8}", "", "total", s.instructions);
        let _ = writeln!(
            f,
            "  SALU {}, SMEM loads {}, stores {}, atomics {}, other {}, skipped {}; {} dwords returned",
            s.scalar_alu,
            s.smem_loads,
            s.smem_stores,
            s.smem_atomics,
            s.smem_other,
            s.smem_skipped,
            s.smem_dwords_returned
        );
        let _ = writeln!(
            f,
            "  s_waitcnt: {} waits, {} cycles waiting, {} issue stalls at LGKM_CNT 15, largest LGKM_CNT {}",
            s.lgkm_waits, s.lgkm_wait_cycles, s.lgkm_full_stalls, s.lgkm_max
        );
        let c = &s.scalar_cache;
        let _ = writeln!(
            f,
            "  scalar cache ({} cache{}): {} hits, {} misses, {} write-backs, {} evictions, {} lines invalidated, {} discarded, {} written through; {} dirty line(s) left",
            s.scalar_caches,
            if s.scalar_caches == 1 { "" } else { "s" },
            c.hits,
            c.misses,
            c.writebacks,
            c.evictions,
            c.invalidated,
            c.discarded,
            c.written_through,
            s.dirty_lines_at_end
        );
        if r.hazards.is_empty() {
            let _ = writeln!(f, "\nno hazards");
        } else {
            let _ = writeln!(f, "\nhazards ({}):", r.hazards.len());
            for h in &r.hazards {
                let _ = writeln!(
                    f,
                    "  wave {} pc {:#06x} [{}] {}",
                    h.wave,
                    h.pc,
                    h.rule.name(),
                    h.message
                );
                for i in &h.instructions {
                    let _ = writeln!(f, "      {i}");
                }
            }
        }
        if r.faults.is_empty() {
            let _ = writeln!(f, "no faults");
        } else {
            let _ = writeln!(f, "faults ({}):", r.faults.len());
            for x in &r.faults {
                let _ = writeln!(
                    f,
                    "  {:<20} pc {:#06x} wave {}: {}",
                    x.kind.name(),
                    x.pc,
                    x.wave,
                    x.message
                );
            }
        }
        for d in &r.dumps {
            let _ = writeln!(f, "\ndump global {:#x} ({} bytes):", d.addr, d.bytes.len());
            crate::dump::render(&mut f, d.addr, &d.bytes, view);
        }
        if !r.dumps.is_empty() {
            let _ = writeln!(f, "{}", crate::dump::NOTE);
        }
        for w in &r.warnings {
            let _ = writeln!(f, "warning: {w}");
        }
        f
    }
}
