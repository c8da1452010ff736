//! gpumem-timing: the Maxwell cycle model.
//!
//! The functional executor (`gpumem-warp`) decides values; this crate decides *when*.
//! CTAs are dispatched to the SMs of a preset (`gm107`, `gm204`) as occupancy allows;
//! each CTA is executed functionally as it is dispatched, a window of instructions at a
//! time while the model wants more, and reports, per warp, the instructions it executed
//! and their memory records ([`gpumem_warp::CtaTrace`]), dropped once timed: what is held
//! stays within a memory limit ([`Timing::with_memory_limit`]). Four
//! schedulers per SM then issue those instructions as the control words say (stall
//! counts, yield, dual issue, write/read scoreboards and wait masks, DEPBAR, CTA
//! barriers), with fixed latencies per class ([`CoreParams`]) and variable ones from the
//! memory hierarchy (`gpumem_mem::hierarchy`). The report ([`TimingReport`]) gives the
//! kernel's cycles, per-instruction issue counts, latencies and stall cycles by reason,
//! per-level counters, and nvprof's metric names.
//!
//! ```
//! use gpumem_maxwell::Target;
//! use gpumem_mem::hierarchy::Preset;
//! use gpumem_timing::{Timing, TimingConfig};
//! use gpumem_warp::{Emulator, LaunchConfig, Program};
//! let prog = Program::from_sass("MOV32I R0, 0x2a ;\nEXIT ;", Target::Sm52).unwrap();
//! let mut emu = Emulator::new(&prog, LaunchConfig::default());
//! let report = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), 8)
//!     .unwrap()
//!     .run();
//! assert_eq!(report.warp_instructions, 2);
//! assert!(report.cycles >= 2);
//! ```
#![warn(missing_docs)]

pub mod params;
pub mod report;
mod sim;
pub mod trace;

pub use params::{CoreParams, DEFAULT_MAX_CYCLES, TimingConfig};
pub use report::{InstTiming, Level, Occupancy, Reason, Stalls, StopReason, TimingReport};
pub use sim::{DEFAULT_MEMORY_LIMIT, Timing, WINDOW, occupancy};
pub use trace::Timeline;

/// Registers per thread a program needs at least: its highest named register plus one
/// (the further registers of a pair or vector operand are not counted), for occupancy
/// when no count is given.
pub fn registers_named(prog: &gpumem_warp::Program) -> u32 {
    use gpumem_maxwell::{Operand, RZ};
    let mut top = 0u32;
    for i in prog.insts.iter().flatten() {
        for o in &i.operands {
            let r = match *o {
                Operand::Reg { r, .. } => r,
                Operand::Mem { ra, .. } | Operand::ConstMem { ra, .. } => ra,
                _ => RZ,
            };
            if r != RZ {
                top = top.max(r as u32 + 1);
            }
        }
    }
    top.max(1)
}
