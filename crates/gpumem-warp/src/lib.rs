//! gpumem-warp: the Maxwell (sm_50/sm_52) SIMT executor.
//!
//! A [`Program`] (decoded SASS) runs as a grid of CTAs of warps of 32 lanes under a
//! [`LaunchConfig`]: guards, the reconvergence stack (SSY/SYNC, divergent BRA, EXIT),
//! CTA barriers, and every memory instruction turned into one [`gpumem_mem::Access`]
//! record that the memory and the statistics model both consume. Faults are values
//! ([`Fault`]) naming pc, lane, space and address. `SEMANTICS.md` in this crate records
//! every modelling decision. Launch manifests and reports live in `gpumem-run`.
//!
//! ```
//! use gpumem_maxwell::Target;
//! use gpumem_warp::{Emulator, LaunchConfig, Program};
//! let prog = Program::from_sass("MOV32I R0, 0x2a ;\nEXIT ;", Target::Sm50).unwrap();
//! let mut emu = Emulator::new(&prog, LaunchConfig::default());
//! emu.run();
//! assert!(emu.faults.is_empty());
//! ```

pub mod config;
pub mod emulator;
pub mod exec;
pub mod fault;
pub mod program;
mod resolve;
mod sem;
pub mod stats;
mod warp;

pub use config::LaunchConfig;
pub use emulator::Emulator;
pub use fault::{Fault, FaultKind};
pub use program::Program;
pub use stats::{InstStats, Stats};

use gpumem_maxwell::Target;
use gpumem_mem::rules::{BankLimit, GenericWindows, MemConfig};

/// Errors that stop a launch before it starts: a program that cannot be decoded or
/// assembled, parameters that do not fit.
#[derive(Debug, thiserror::Error)]
pub enum WarpError {
    /// The program text or binary is unusable.
    #[error("{0}")]
    Program(String),
    /// A launch setting is out of range.
    #[error("{0}")]
    Launch(String),
}

/// Builds a program and a small launch from arbitrary bytes and runs it under tight
/// limits (for cargo-fuzz). Never panics; the outcome is ignored.
///
/// Layout: byte 0 = block size - 1 (mod 64), byte 1 = grid size - 1 (mod 4), byte 2 =
/// registers (1..=255), byte 3 = config flags, then 8-byte little-endian words
/// (zero-padded to whole 32-byte bundles) as the instruction stream.
#[doc(hidden)]
pub fn fuzz_run(data: &[u8]) {
    let _ = fuzz_report(data);
}

/// [`fuzz_run`]'s run, returning the emulator's faults (for tests).
#[doc(hidden)]
pub fn fuzz_report(data: &[u8]) -> Vec<Fault> {
    let h = |i: usize| data.get(i).copied().unwrap_or(0);
    let mut code: Vec<u8> = data.iter().skip(4).copied().collect();
    if code.is_empty() {
        return Vec::new();
    }
    code.resize(code.len().div_ceil(32) * 32, 0);
    code.truncate(32 * 64);
    let Ok(prog) = Program::from_bytes(&code, Target::Sm52) else {
        return Vec::new();
    };
    let cfg = LaunchConfig {
        grid: [1 + (h(1) % 4) as u32, 1, 1],
        block: [1 + (h(0) % 64) as u32, 1, 1],
        registers: (h(2) as u32).clamp(1, 255),
        shared_bytes: 256,
        local_bytes: 64,
        max_steps: 2000,
        max_memory: 1 << 20,
        mem: MemConfig {
            fault_misaligned_store: h(3) & 1 != 0,
            fault_misaligned_window: h(3) & 2 != 0,
            bank_limit: if h(3) & 4 != 0 {
                BankLimit::Graphics
            } else {
                BankLimit::Compute
            },
        },
        windows: GenericWindows::default(),
    };
    let mut emu = Emulator::new(&prog, cfg);
    let _ = emu.set_params(&data[..data.len().min(64)]);
    emu.run();
    emu.faults
}
