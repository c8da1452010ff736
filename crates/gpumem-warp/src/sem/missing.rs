//! What is missing when an instruction has no functional model: the message of its
//! `unsupported` fault (the emulator appends the instruction's text; the fault carries
//! its pc and warp). One sentence per operation, naming the state or semantics the
//! executor lacks, so that a report says more than "no model" (SEMANTICS.md,
//! "Inventory"; `tests/inventory.rs` checks every message against the generic one). The
//! sentences are the table's ([`gpumem_maxwell::table::OpInfo::unsupported`]).

use gpumem_maxwell::Inst;
use gpumem_maxwell::table::OpKind;

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
    let why = inst
        .op
        .op
        .info()
        .unsupported
        .unwrap_or("this operation is not modelled");
    format!("{form}: {why}")
}
