//! What is missing when an instruction has no functional model: the message of its
//! `unsupported` fault (the emulator appends the instruction's text; the fault carries
//! its pc and warp). One sentence per operation, naming the state or semantics the
//! executor lacks, so that a report says more than "no model" (SEMANTICS.md,
//! "Inventory"; `tests/inventory.rs` checks every message against the generic one).

use gpumem_maxwell::Inst;
use gpumem_maxwell::family::Family;
use gpumem_maxwell::table::{Op, OpKind};

/// The `unsupported` message of `inst`, an instruction the executor has no model for.
pub(crate) fn what(inst: &Inst) -> String {
    let (name, form) = (inst.op.name, inst.op.form);
    let const_target = inst
        .op
        .operands
        .iter()
        .any(|k| matches!(k, OpKind::ConstAddr { .. } | OpKind::ConstReg { .. }));
    if const_target && inst.op.mem.is_none() {
        return format!(
            "{form}: {name} with its target in a constant bank: branch targets read from constant memory are not modelled"
        );
    }
    let why = match inst.op.op.family() {
        Family::TextureSurface => {
            "no texture or surface state: a launch binds no texture headers, samplers or surface descriptors"
        }
        Family::Graphics => {
            "a graphics-pipeline instruction: a compute launch has no vertex, geometry or pixel state"
        }
        Family::Other => match inst.op.op {
            Op::Hadd2 | Op::Hmul2 | Op::Hfma2 | Op::Hset2 | Op::Hsetp2 => {
                "f16x2 (half-precision pair) arithmetic is not modelled"
            }
            Op::Imadsp => "the sub-word operand selections of IMADSP are not modelled",
            Op::Vabsdiff4 => {
                "the four-byte absolute difference (component mask, .ACC sum) is not modelled"
            }
            Op::Lepc => "reading the program counter into a register is not modelled",
            Op::R2b => "writing a register into a barrier's state is not modelled",
            Op::Jmp => "absolute jumps are not modelled",
            Op::Longjmp | Op::Plongjmp => {
                "long-jump entries of the reconvergence stack are not modelled"
            }
            Op::Pexit => "exit entries of the reconvergence stack are not modelled",
            Op::Rtt => "returning from a trap handler is not modelled (no trap handler runs)",
            Op::Sam | Op::Ram => {
                "saving and restoring the active mask on the stack is not modelled"
            }
            Op::Ide => "interrupt enabling is not modelled (no interrupts)",
            Op::Getcrsptr | Op::Setcrsptr => {
                "the call-return stack pointer is not modelled (the stack lives in the warp, not in memory)"
            }
            Op::Getlmembase | Op::Setlmembase => {
                "the local-memory base register is not modelled (local memory is a per-thread window)"
            }
            Op::Cctl | Op::Cctll => "cache control operations are not modelled",
            Op::Bar => "this barrier mode (BAR.SCAN) has no documented result and is not modelled",
            Op::B2r => {
                "only B2R.RESULT is modelled: the warp's barrier state (.WARP) and barrier numbers are not"
            }
            _ => "this operation is not modelled",
        },
    };
    format!("{form}: {why}")
}
