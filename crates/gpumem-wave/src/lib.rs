//! gfx9 (Vega) scalar-unit emulator: a wave's scalar state (SGPRs, VCC, M0,
//! EXEC, FLAT_SCRATCH, TTMPs, SCC, PC), every SALU/SOPK/SOPC/SOPP
//! instruction, every SMEM instruction through a stateful scalar data cache,
//! LGKM_CNT with a seeded out-of-order latency model, and hazard reports.
//!
//! Data flows one way: program words → decoded [`gpumem_vega::Inst`] (decoded
//! once per dword offset) → for SMEM, one [`gpumem_mem::scalar::ScalarAccess`]
//! record → the functional scalar cache and memory of `gpumem-mem`
//! ([`gpumem_mem::scache`], [`gpumem_mem::Global`]) and the latency model
//! (`timing.rs`) → completion events that write SGPRs → the [`WaveReport`].
//! Decisions and sources: `SEMANTICS.md`.
//!
//! ```
//! use gpumem_wave::{run, MemoryInit, Program, SgprInit, VegaConfig};
//! let mut cfg = VegaConfig { seed: 1, ..VegaConfig::default() };
//! cfg.wave.sgpr.push(SgprInit::new("s[0:1]", 0x1000).unwrap());
//! let src = "
//!     s_load_dword s4, s[0:1], 0x0
//!     s_waitcnt lgkmcnt(0)
//!     s_add_u32 s5, s4, 1
//!     s_endpgm
//! ";
//! let mem = [MemoryInit { addr: 0x1000, bytes: 41u32.to_le_bytes().to_vec() }];
//! let r = run(Program::Source(src), &cfg, &mem, &[]).unwrap();
//! assert_eq!(r.waves[0].sgpr[5], 42);
//! assert!(r.hazards.is_empty());
//! ```

#![warn(missing_docs)]

mod access;
pub mod config;
mod machine;
pub mod regs;
pub mod report;
pub mod salu;
mod timing;

pub use config::{
    DumpRequest, Limits, MemoryInit, ScalarCacheConfig, SgprError, SgprInit, Sharing, VegaConfig,
    WaveSection,
};
pub use regs::{RegRange, parse_reg};
pub use report::{
    Fault, FaultKind, Hazard, HazardRule, InstCount, Stats, WaveEnd, WaveReport, WaveResult,
};

use gpumem_vega::Target;

/// The program to run: machine code (little-endian dwords) or LLVM AMDGPU
/// assembly (assembled for gfx900).
#[derive(Clone, Copy, Debug)]
pub enum Program<'a> {
    /// Machine code.
    Binary(&'a [u8]),
    /// Assembly source.
    Source(&'a str),
}

/// Why a run could not start (faults during the run are in the report).
#[derive(Debug, thiserror::Error)]
pub enum WaveError {
    /// The source did not assemble.
    #[error("assembly failed: {0}")]
    Assemble(gpumem_isa::Diagnostics),
    /// The machine code is empty or not a whole number of dwords.
    #[error("program: {0}")]
    Program(String),
    /// Another configuration error.
    #[error("config: {0}")]
    Config(String),
    /// A configuration error about the manifest key at `path` (`["wave", "count"]`,
    /// `["wave", "per_wave", "1", "s4"]`, `["scalar_cache", "line"]`): the launch layer
    /// points at the key.
    #[error("{message}")]
    Key {
        /// The key's path in the manifest (an array element by its index).
        path: Vec<String>,
        /// What is wrong (it names the key too).
        message: String,
    },
    /// Initial memory exceeds the limit.
    #[error(transparent)]
    Memory(#[from] gpumem_mem::MemoryLimit),
}

/// A [`WaveError::Key`] at `at` then `key`.
fn key_error(at: &[&str], key: &str, message: String) -> WaveError {
    let mut path: Vec<String> = at.iter().map(|s| s.to_string()).collect();
    path.push(key.to_string());
    WaveError::Key { path, message }
}

/// Sets the registers of `inits` (`at`: their table's path in the manifest).
fn apply_sgprs(regs: &mut [u32; 128], inits: &[SgprInit], at: &[&str]) -> Result<(), WaveError> {
    // Which entry set each register: two entries of one table naming the same register
    // would otherwise resolve by their order, which a reader cannot see.
    let mut owner: [Option<&str>; 128] = [None; 128];
    for s in inits {
        let name = s.key.as_str();
        for (i, &x) in s.values.iter().enumerate() {
            let c = usize::from(s.range.code) + i;
            if c < 128 && c != 125 {
                if let Some(other) = owner[c] {
                    return Err(key_error(
                        at,
                        name,
                        format!(
                            "`{}` and `{}` both set {}: give each register once",
                            gpumem_isa::clip(other),
                            gpumem_isa::clip(name),
                            regs::reg_name(c as u8)
                        ),
                    ));
                }
                owner[c] = Some(name);
                regs[c] = x;
            }
        }
    }
    Ok(())
}

/// Runs `program` on `config.wave.count` waves sharing memory (initialised
/// from `memory`) and, if configured, one scalar cache; reads back `dumps`.
pub fn run(
    program: Program<'_>,
    config: &VegaConfig,
    memory: &[MemoryInit],
    dumps: &[DumpRequest],
) -> Result<WaveReport, WaveError> {
    let (bytes, warnings) = match program {
        Program::Binary(b) => (b.to_vec(), Vec::new()),
        Program::Source(s) => {
            let a = gpumem_vega::assemble(s, Target::Gfx900).map_err(WaveError::Assemble)?;
            (a.bytes, a.warnings.iter().map(|w| w.to_string()).collect())
        }
    };
    if bytes.is_empty() || !bytes.len().is_multiple_of(4) {
        return Err(WaveError::Program(format!(
            "{} bytes: expected a non-empty whole number of dwords",
            bytes.len()
        )));
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    run_words(&words, config, memory, dumps, warnings)
}

fn run_words(
    words: &[u32],
    config: &VegaConfig,
    memory: &[MemoryInit],
    dumps: &[DumpRequest],
    warnings: Vec<String>,
) -> Result<WaveReport, WaveError> {
    let count = config.wave.count;
    if !(1..=64).contains(&count) {
        return Err(key_error(
            &["wave"],
            "count",
            format!("wave.count = {count}: must be 1..=64"),
        ));
    }
    if config.wave.per_wave.len() > count as usize {
        return Err(key_error(
            &["wave"],
            "per_wave",
            format!(
                "wave.per_wave has {} entries for {count} waves",
                config.wave.per_wave.len()
            ),
        ));
    }
    for (key, v) in [
        ("clock_mhz", config.wave.clock_mhz),
        ("realtime_mhz", config.wave.realtime_mhz),
    ] {
        if v == 0 {
            return Err(key_error(
                &["wave"],
                key,
                format!("wave.{key} = 0: clock frequencies must be non-zero"),
            ));
        }
    }
    config
        .scalar_cache
        .sets()
        .map_err(|(key, message)| key_error(&["scalar_cache"], key, message))?;
    let mut mem = gpumem_mem::Global::new(config.limits.max_memory);
    for m in memory {
        mem.write(m.addr, &m.bytes)?;
    }
    let mut init = Vec::new();
    for i in 0..count as usize {
        let mut regs = [0u32; 128];
        apply_sgprs(&mut regs, &config.wave.sgpr, &["wave", "sgpr"])?;
        if let Some(t) = config.wave.per_wave.get(i) {
            apply_sgprs(&mut regs, t, &["wave", "per_wave", &i.to_string()])?;
        }
        init.push(regs);
    }
    let prog = machine::Decoded::new(words);
    let mut m = machine::Machine::new(&prog, config, mem, init);
    m.run();
    let waves = m.results();
    let dumps = dumps
        .iter()
        .map(|d| {
            let len = d.len.min(config.limits.max_memory) as usize;
            let mut bytes = vec![0; len];
            m.mem.read(d.addr, &mut bytes);
            report::Dump {
                name: d.name.clone(),
                addr: d.addr,
                bytes,
            }
        })
        .collect();
    let mut stats = m.stats.clone();
    stats.per_instruction = m.per_instruction();
    Ok(WaveReport {
        waves,
        faults: m.faults,
        hazards: m.hazards,
        stats,
        dumps,
        warnings,
    })
}

/// Runs arbitrary bytes as a configuration plus program with tight limits
/// (at most 4 waves, 4096 steps, 1 MiB of memory). Never panics; for fuzzers.
///
/// Layout: byte 0 = wave count and sharing, byte 1 = cache geometry,
/// bytes 2..10 = seed, bytes 10..74 = initial s0–s15, the rest = program.
#[doc(hidden)]
pub fn fuzz_run(data: &[u8]) -> Option<WaveReport> {
    let get = |i: usize| data.get(i).copied().unwrap_or(0);
    let mut cfg = VegaConfig::default();
    cfg.wave.count = u32::from(get(0) & 3) + 1;
    cfg.scalar_cache.sharing = if get(0) & 4 != 0 {
        Sharing::PerWave
    } else {
        Sharing::Shared
    };
    cfg.scalar_cache.ways = 1 << (get(1) & 3);
    cfg.scalar_cache.size = cfg.scalar_cache.ways * 64 * (1 << ((get(1) >> 2) & 3));
    cfg.scalar_cache.jitter = u32::from(get(1) >> 4) * 4;
    let mut seed = [0u8; 8];
    for (i, s) in seed.iter_mut().enumerate() {
        *s = get(2 + i);
    }
    cfg.seed = u64::from_le_bytes(seed);
    cfg.limits = Limits {
        max_steps: 4096,
        max_memory: 1 << 20,
    };
    for r in 0..16usize {
        let v = u32::from_le_bytes([
            get(10 + 4 * r),
            get(11 + 4 * r),
            get(12 + 4 * r),
            get(13 + 4 * r),
        ]);
        // Keep addresses small so that memory stays within the limit.
        cfg.wave.sgpr.push(SgprInit {
            key: format!("s{r}"),
            range: RegRange {
                code: r as u8,
                count: 1,
            },
            values: vec![v & 0x000f_fffc],
        });
    }
    let prog = data.get(74..).unwrap_or(&[]);
    let n = prog.len() / 4 * 4;
    if n == 0 {
        return None;
    }
    run(Program::Binary(&prog[..n]), &cfg, &[], &[]).ok()
}
