//! Loading: a decoded program and the instruction-index <-> byte-address layout.

use crate::error::WarpError;
use gpumem_maxwell::{Inst, Target};

/// A decoded program: instruction `i` sits at byte address `32*(i/3) + 8 + 8*(i%3)`.
#[derive(Clone, Debug)]
pub struct Program {
    /// Each instruction, or why its word does not decode.
    pub insts: Vec<Result<Inst, String>>,
    /// Each instruction's text as the disassembler prints it.
    pub texts: Vec<String>,
}

/// Byte address of instruction `i`.
pub fn inst_addr(i: usize) -> u64 {
    (32 * (i / 3) + 8 + 8 * (i % 3)) as u64
}

/// Instruction index of a byte address: a bundle's control-word address means its
/// first instruction (ptxas' SSY/BRA targets name bundle starts).
pub fn addr_index(addr: i64) -> Option<usize> {
    if addr < 0 {
        return None;
    }
    let (b, r) = (addr as usize / 32, addr as usize % 32);
    let k = if r < 8 {
        0
    } else if (r - 8) % 8 == 0 {
        (r - 8) / 8
    } else {
        return None;
    };
    Some(3 * b + k)
}

impl Program {
    /// Decodes a raw instruction stream (whole 32-byte bundles).
    pub fn from_bytes(code: &[u8], target: Target) -> Result<Program, WarpError> {
        if code.is_empty() {
            return Err(WarpError::Program("the program is empty".into()));
        }
        let d = gpumem_maxwell::disassemble(code, 0, target)
            .map_err(|e| WarpError::Program(format!("cannot decode the program: {e}")))?;
        let mut insts = Vec::with_capacity(d.lines.len());
        let mut texts = Vec::with_capacity(d.lines.len());
        for l in d.lines {
            texts.push(l.text());
            insts.push(l.inst.map_err(|e| e.to_string()));
        }
        Ok(Program { insts, texts })
    }

    /// Assembles SASS text.
    pub fn from_sass(src: &str, target: Target) -> Result<Program, WarpError> {
        let bin = gpumem_maxwell::assemble(src, target).map_err(|e| {
            let text = gpumem_isa::render_diagnostics("program", src, &e.0);
            WarpError::Program(format!("cannot assemble the program:\n{text}"))
        })?;
        Program::from_bytes(&bin, target)
    }
}
