//! gpumem-warp: the Maxwell (sm_50/sm_52) SIMT executor.
//!
//! A [`Program`] (decoded SASS) runs as a grid of CTAs of warps of 32 lanes under a
//! [`LaunchConfig`]: guards, the reconvergence stack (SSY/SYNC, divergent BRA and BRX,
//! PBK/BRK, PCNT/CONT, CAL/RET, EXIT) with condition-code tests, SHFL and VOTE, named
//! CTA barriers, and every memory instruction (atomics included) turned into one
//! [`gpumem_mem::Access`] record that the memory and the statistics model both consume. Faults are values
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
#![warn(missing_docs)]

pub mod config;
pub mod cooperative;
pub mod devcall;
pub mod emulator;
mod error;
pub mod exec;
pub mod fault;
mod fuzz;
pub mod program;
mod resolve;
pub mod scoreboard;
mod sem;
pub mod stats;
pub mod trace;
pub mod vprintf;
mod warp;

pub use config::{BoundsCheck, BoundsMode, LaunchConfig};
pub use devcall::{DeviceCall, DeviceHeap, HeapError};
pub use emulator::{Capture, CtaRun, Emulator, PrintfLine};
pub use error::WarpError;
pub use fault::{Fault, FaultKind};
#[doc(hidden)]
pub use fuzz::{fuzz_report, fuzz_run};
pub use program::Program;
pub use scoreboard::Hazard;
pub use stats::{InstStats, Stats};
pub use trace::{CtaTrace, Event, FirstAccesses, WarpTrace};
