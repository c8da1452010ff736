//! The printer: nvdisasm's text for a decoded instruction.

use crate::inst::{Inst, Operand, PT, RZ};
use crate::table::OpKind;
use std::fmt::Write;

/// `R5`, `RZ`.
pub fn reg_name(r: u8, out: &mut String) {
    if r == RZ {
        out.push_str("RZ");
    } else {
        let _ = write!(out, "R{r}");
    }
}

/// `P3`, `PT`.
pub fn pred_name(p: u8, out: &mut String) {
    if p == PT {
        out.push_str("PT");
    } else {
        let _ = write!(out, "P{p}");
    }
}

fn hex_signed(v: i64, out: &mut String) {
    if v < 0 {
        let _ = write!(out, "-{:#x}", v.unsigned_abs());
    } else {
        let _ = write!(out, "{v:#x}");
    }
}

pub use crate::alu::{cc_name, fimm_text, sreg_name};

/// Writes the instruction text without the terminating `;`: guard, mnemonic with
/// modifiers, operands.
pub fn write_inst(inst: &Inst, out: &mut String) {
    write_guard(inst, out);
    write_body(inst, out);
}

/// The guard, `@P0 ` / `@!P3 ` / `@!PT `, or nothing for `@PT`.
pub fn write_guard(inst: &Inst, out: &mut String) {
    if inst.guard != PT || inst.guard_neg {
        out.push('@');
        if inst.guard_neg {
            out.push('!');
        }
        pred_name(inst.guard, out);
        out.push(' ');
    }
}

/// Mnemonic, modifiers and operands.
pub fn write_body(inst: &Inst, out: &mut String) {
    let op = inst.op;
    out.push_str(op.name);
    for (i, g) in op.mods.iter().enumerate() {
        if let Some(v) = g.lookup(inst.mods[i]) {
            out.push_str(v.text);
        }
    }
    // nvdisasm's one explicit default: `LDS.U.32`.
    if op.form == "LDS" && inst.mods[0] == 1 && inst.mods[1] == 4 {
        out.push_str(".32");
    }
    let mut first = true;
    for (k, v) in op.operands.iter().zip(inst.operands.iter()) {
        if !crate::alu::operand_printed(k, v) {
            continue;
        }
        out.push_str(if first { " " } else { ", " });
        first = false;
        write_operand(inst, k, v, out);
    }
}

fn write_operand(inst: &Inst, k: &OpKind, v: &Operand, out: &mut String) {
    match (*k, *v) {
        (OpKind::Reg { reuse, .. }, Operand::Reg { r, neg, abs, not }) => {
            if neg {
                out.push('-');
            }
            if not {
                out.push('~');
            }
            if abs {
                out.push('|');
            }
            reg_name(r, out);
            if abs {
                out.push('|');
            }
            if let Some(slot) = reuse
                && inst.op.mem.is_none()
                && inst.ctrl.reuse & (1 << slot) != 0
            {
                out.push_str(".reuse");
            }
        }
        (_, Operand::Pred { p, neg }) => {
            if neg {
                out.push('!');
            }
            pred_name(p, out);
        }
        (OpKind::Mem { .. }, Operand::Mem { ra, off }) => {
            out.push('[');
            if ra == RZ {
                if off == 0 {
                    out.push_str("RZ");
                } else {
                    let _ = write!(out, "{off:#x}");
                }
            } else {
                reg_name(ra, out);
                if off != 0 {
                    out.push('+');
                    hex_signed(off, out);
                }
            }
            out.push(']');
        }
        (_, Operand::ConstMem { bank, ra, off }) => {
            let _ = write!(out, "c[{bank:#x}][");
            if ra == RZ {
                hex_signed(off, out);
            } else {
                reg_name(ra, out);
                if off != 0 {
                    out.push('+');
                    hex_signed(off, out);
                }
            }
            out.push(']');
        }
        (
            _,
            Operand::Const {
                bank,
                off,
                neg,
                abs,
            },
        ) => {
            if neg {
                out.push('-');
            }
            if abs {
                out.push('|');
            }
            let _ = write!(out, "c[{bank:#x}][{off:#x}]");
            if abs {
                out.push('|');
            }
        }
        (OpKind::Imm32 { signed: false, .. }, Operand::Imm(i))
        | (OpKind::UImm { .. }, Operand::Imm(i)) => {
            let _ = write!(out, "{i:#x}");
        }
        (_, Operand::Imm(i)) => hex_signed(i, out),
        (_, Operand::FImm(b)) => fimm_text(b, out),
        (_, Operand::Target(t)) => {
            let _ = write!(out, "{:#x}", t as u64);
        }
        (_, Operand::SReg(s)) => out.push_str(sreg_name(s).unwrap_or("SR_INVALID")),
        (_, Operand::Cc(c)) => out.push_str(cc_name(c).unwrap_or("CC.INVALID")),
        (_, Operand::Sb(s)) => {
            let _ = write!(out, "SB{s}");
        }
        _ => {}
    }
}

/// The text of one instruction as nvdisasm ends it: `" ;"`, or `";"` for the padding slot.
pub fn inst_text(inst: &Inst) -> String {
    let mut s = String::with_capacity(48);
    write_inst(inst, &mut s);
    s.push_str(if inst.ctrl.is_pad() { ";" } else { " ;" });
    s
}
