//! Faults: values, never panics. The set of kinds is closed (SEMANTICS.md lists them).

use gpumem_mem::{MemFault, Space};

/// Every kind of fault the emulator records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// An instruction names a register at or above the kernel's register count (the
    /// cubin's, or `launch.registers`); a memory operand's `Ra` is exempt (it addresses
    /// absolutely).
    RegisterOutOfRange,
    /// A memory address not a multiple of the access size (forced for LDG/STG/LDL/LDS/
    /// STL/STS, where the fault is optional; an error for LDC).
    MisalignedAddress,
    /// A 64-bit data register not even, or a 128-bit one not a multiple of 4.
    MisalignedRegister,
    /// A local/shared address beyond the 16 MB window.
    OutOfWindow,
    /// A local/shared address inside the window but beyond the launch's allocation.
    OutOfAllocation,
    /// Global memory (or a CTA's shared/local allocation) would pass `limits.max_memory`.
    MemoryLimit,
    /// A global access outside every declared region, when the launch checks bounds
    /// ([`crate::config::BoundsCheck`]).
    OutOfBounds,
    /// The launch executed `limits.max_steps` warp instructions.
    StepLimit,
    /// A word that does not decode, an encoding the emulator rejects (INVALIDSIZE..), or
    /// a row only a trap handler may run (RTT, SAM, RAM: a launch has no trap handler).
    InvalidInstruction,
    /// A valid instruction or modifier the functional model does not implement.
    Unsupported,
    /// The program counter left the program (fell off the end, bad branch target).
    PcOutOfRange,
    /// SYNC with an empty stack, or BRK / CONT / RET with no PBK / PCNT / call entry.
    StackUnderflow,
    /// More than 1024 reconvergence-stack entries (SSY, divergence, PBK, PCNT, calls).
    StackOverflow,
    /// A `BPT` (breakpoint or trap) ran: the launch stops, as CUDA's `trap` aborts it.
    Breakpoint,
    /// Every live warp of a CTA waits at a barrier whose thread count cannot be met:
    /// the CTA ends (the hardware would hang).
    BarrierDeadlock,
    /// A texture fetch the texture unit refused: no texture pools, a handle naming no
    /// header or sampler, a header with an impossible format or size, a texel outside
    /// memory.
    Texture,
    /// A surface access (SULD, SUST) refused: out of range in boundary mode trap (the
    /// message names the coordinates), an x byte offset not a multiple of the access
    /// size, a handle naming no usable header, a dimension the header's type lacks.
    Surface,
    /// A kernel's `free` of a pointer that device `malloc` did not return, or returned
    /// and was freed already ([`crate::devcall`]).
    InvalidFree,
}

impl FaultKind {
    /// Every kind.
    pub const ALL: [FaultKind; 18] = [
        FaultKind::RegisterOutOfRange,
        FaultKind::MisalignedAddress,
        FaultKind::MisalignedRegister,
        FaultKind::OutOfWindow,
        FaultKind::OutOfAllocation,
        FaultKind::MemoryLimit,
        FaultKind::OutOfBounds,
        FaultKind::StepLimit,
        FaultKind::InvalidInstruction,
        FaultKind::Unsupported,
        FaultKind::PcOutOfRange,
        FaultKind::StackUnderflow,
        FaultKind::StackOverflow,
        FaultKind::Breakpoint,
        FaultKind::BarrierDeadlock,
        FaultKind::Texture,
        FaultKind::Surface,
        FaultKind::InvalidFree,
    ];

    /// The kind's name in reports (`misaligned_address`).
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::RegisterOutOfRange => "register_out_of_range",
            FaultKind::MisalignedAddress => "misaligned_address",
            FaultKind::MisalignedRegister => "misaligned_register",
            FaultKind::OutOfWindow => "out_of_window",
            FaultKind::OutOfAllocation => "out_of_allocation",
            FaultKind::MemoryLimit => "memory_limit",
            FaultKind::OutOfBounds => "out_of_bounds",
            FaultKind::StepLimit => "step_limit",
            FaultKind::InvalidInstruction => "invalid_instruction",
            FaultKind::Unsupported => "unsupported",
            FaultKind::PcOutOfRange => "pc_out_of_range",
            FaultKind::StackUnderflow => "stack_underflow",
            FaultKind::StackOverflow => "stack_overflow",
            FaultKind::Breakpoint => "breakpoint",
            FaultKind::BarrierDeadlock => "barrier_deadlock",
            FaultKind::Texture => "texture",
            FaultKind::Surface => "surface",
            FaultKind::InvalidFree => "invalid_free",
        }
    }
}

impl From<MemFault> for FaultKind {
    fn from(m: MemFault) -> Self {
        match m {
            MemFault::MisalignedAddress => FaultKind::MisalignedAddress,
            MemFault::OutOfWindow => FaultKind::OutOfWindow,
            MemFault::OutOfAllocation => FaultKind::OutOfAllocation,
            MemFault::MemoryLimit => FaultKind::MemoryLimit,
            MemFault::OutOfBounds => FaultKind::OutOfBounds,
        }
    }
}

/// One recorded fault.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// Byte address of the instruction.
    pub pc: u64,
    /// Linear CTA index (`x + y*gx + z*gx*gy`).
    pub cta: u32,
    /// Warp within the CTA.
    pub warp: u32,
    /// The lane, for per-lane faults.
    pub lane: Option<u32>,
    /// The memory space, for memory faults.
    pub space: Option<Space>,
    /// The address the lane computed, for memory faults.
    pub address: Option<u64>,
    /// A sentence for the user, ending with the instruction's text.
    pub message: String,
}
