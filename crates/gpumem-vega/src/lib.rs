//! gfx9 (Vega: gfx900, gfx906) instructions: assembler, disassembler,
//! encoder and decoder, bit-exact with LLVM 19's `llvm-mc`.
//!
//! The scalar side derives from one table, [`table::TABLE`]: one row per
//! encoding (SMEM, SOP2, SOP1, SOPK, SOPC, SOPP) with its operands, their
//! fields and register classes, and its memory behaviour. The vector side
//! ([`vector`]: VOP1, VOP2, VOPC, VOP3, DS, FLAT/SCRATCH/GLOBAL, MUBUF) has its
//! own table in the same discipline; [`disassemble`] and [`assemble`] take both.
//!
//! ```
//! use gpumem_vega::{Target, assemble, disassemble};
//! let a = assemble("s_load_dwordx4 s[8:11], s[2:3], 0x10 glc\ns_waitcnt lgkmcnt(0)\n", Target::Gfx900).unwrap();
//! assert_eq!(a.bytes[..8], [0x01, 0x02, 0x0b, 0xc0, 0x10, 0x00, 0x00, 0x00]);
//! let lines = disassemble(&a.bytes, Target::Gfx900);
//! assert_eq!(lines[0].text.as_deref().unwrap(), "s_load_dwordx4 s[8:11], s[2:3], 0x10 glc");
//! assert_eq!(lines[1].text.as_deref().unwrap(), "s_waitcnt lgkmcnt(0)");
//! ```
//!
//! Where gpumem deliberately differs from llvm-mc, or where llvm-mc's own
//! output does not re-assemble to the same bytes, see `DIFFERENCES.md` in this
//! crate; the assembler's warnings are listed in `LINTS.md`.

#![warn(missing_docs)]

pub mod code_object;
pub mod flow;
pub mod inst;
pub mod lint;
pub mod operand;
mod parse;
pub mod table;
pub mod uses;
pub mod vector;

pub use inst::{DecodeError, Inst, OperandText, SmemOffset, decode, encode};
pub use table::{Format, InstDef, Target, UnknownTarget};
pub use uses::{RegSet, Uses};

use std::fmt::Write as _;

use gpumem_isa::{Diagnostic, Diagnostics, Severity};

/// The result of a successful assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembled {
    /// The machine code, little-endian dwords.
    pub bytes: Vec<u8>,
    /// Warnings (see `LINTS.md`); errors make [`assemble`] fail instead.
    pub warnings: Vec<Diagnostic>,
}

/// Assembles LLVM AMDGPU syntax for `target`. On failure returns every
/// diagnostic of the file (errors and warnings, in source order).
pub fn assemble(src: &str, target: Target) -> Result<Assembled, Diagnostics> {
    let out = parse::assemble_source(src, target, false);
    if out.diags.iter().any(|d| d.severity == Severity::Error) {
        return Err(Diagnostics(out.diags));
    }
    Ok(Assembled {
        bytes: out.bytes,
        warnings: out.diags,
    })
}

/// Parses one instruction line (no label) into an [`Inst`].
pub fn parse_inst(line: &str, target: Target) -> Result<Inst, Diagnostics> {
    let out = parse::assemble_source(line, target, true);
    if out.diags.iter().any(|d| d.severity == Severity::Error) || out.insts.len() != 1 {
        return Err(Diagnostics(out.diags));
    }
    Ok(out.insts[0])
}

/// Every diagnostic of a source file, in source order: the assembler's errors (lines
/// that do not parse, undefined labels) and lint warnings of the lines that do, and,
/// when there is no error, the program lints ([`lint::check_program`]: replays,
/// clauses, registers read or written before their `s_waitcnt`) of the instructions
/// that can run (reachable from the first one, [`flow::build`]; see `LINTS.md`).
///
/// ```
/// use gpumem_vega::{Target, lint};
/// let d = lint("s_load_dword s4, s[0:1], 0x0\ns_mov_b32 s5, s4\ns_endpgm\n", Target::Gfx900);
/// assert_eq!(d.0[0].lint, Some("read-before-wait"));
/// assert_eq!((d.0[0].span.line, d.0[0].text.as_str()), (2, "s_mov_b32 s5, s4"));
/// ```
pub fn lint(src: &str, target: Target) -> Diagnostics {
    let out = parse::assemble_source(src, target, true);
    let mut diags = out.diags;
    // The program lints see only scalar instructions: a file with vector ones would
    // have its offsets and hazards wrong, so it gets the line lints only.
    if diags.iter().any(|d| d.severity == Severity::Error) || out.vector_insts > 0 {
        return Diagnostics(diags);
    }
    let prog = flow::place(&out.insts);
    let cfg = flow::build(&prog, &out.labels);
    let locate = |i: usize| {
        format!(
            "{:#06x} (line {})",
            prog[i].offset,
            out.spans.get(i).map_or(0, |s| s.line)
        )
    };
    let hits = lint::check_program(&prog, &cfg, &locate);
    if hits.is_empty() {
        return Diagnostics(diags);
    }
    for h in hits {
        let Some(&span) = out.spans.get(h.at) else {
            continue;
        };
        let text = src.get(span.start..span.start + span.len).unwrap_or("");
        diags.push(Diagnostic::warning(
            h.lint.name(),
            span,
            gpumem_isa::clip(text),
            h.message,
        ));
    }
    // Stable: the assembler's own diagnostics of a line come before the program's.
    diags.sort_by_key(|d| (d.span.line, d.span.col));
    Diagnostics(diags)
}

/// One disassembled instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisLine {
    /// Byte offset in the input.
    pub offset: usize,
    /// The dwords of the instruction (one dword for an undecodable word).
    pub words: Vec<u32>,
    /// llvm-mc's text, or why the word does not decode.
    pub text: Result<String, DecodeError>,
}

impl gpumem_isa::DisasmLine for DisLine {
    fn address(&self) -> u64 {
        self.offset as u64
    }
    fn words(&self) -> Vec<u64> {
        self.words.iter().map(|&w| u64::from(w)).collect()
    }
    fn text(&self) -> Result<String, String> {
        self.text.clone().map_err(|e| e.to_string())
    }
}

enum Either {
    Scalar(Inst),
    Vector(vector::VInst),
}

/// Disassembles `bytes` (little-endian dwords). An undecodable word yields an
/// `Err` line and decoding continues at the next dword. An input that ends
/// inside an instruction (a literal missing, or trailing bytes that do not
/// make a dword) ends with one [`DecodeError::EndsInside`] line.
pub fn disassemble(bytes: &[u8], target: Target) -> Vec<DisLine> {
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    // About one instruction per 1.5 dwords.
    let mut out = Vec::with_capacity(words.len() * 2 / 3 + 1);
    let mut i = 0;
    while i < words.len() {
        let decoded = match decode(&words[i..], target) {
            Ok((inst, n)) => Ok((Either::Scalar(inst), n)),
            Err(DecodeError::NotScalar { .. }) => {
                vector::decode(&words[i..], target).map(|(v, n)| (Either::Vector(v), n))
            }
            Err(e) => Err(e),
        };
        match decoded {
            Ok((inst, n)) => {
                let mut text = String::with_capacity(48);
                // Writing to a String cannot fail.
                let _ = match inst {
                    Either::Scalar(i) => write!(text, "{i}"),
                    Either::Vector(v) => write!(text, "{v}"),
                };
                out.push(DisLine {
                    offset: i * 4,
                    words: words[i..i + n].to_vec(),
                    text: Ok(text),
                });
                i += n;
            }
            // The input ends inside this instruction (trailing bytes too).
            Err(DecodeError::Truncated { word, needed, .. }) => {
                out.push(DisLine {
                    offset: i * 4,
                    words: words[i..].to_vec(),
                    text: Err(DecodeError::EndsInside {
                        word,
                        offset: i * 4,
                        needed: needed * 4,
                        have: bytes.len() - i * 4,
                    }),
                });
                return out;
            }
            Err(e) => {
                out.push(DisLine {
                    offset: i * 4,
                    words: vec![words[i]],
                    text: Err(e),
                });
                i += 1;
            }
        }
    }
    let rest = bytes.len() % 4;
    if rest != 0 {
        let tail = &bytes[bytes.len() - rest..];
        let mut b = [0u8; 4];
        b[..rest].copy_from_slice(tail);
        out.push(DisLine {
            offset: bytes.len() - rest,
            words: vec![],
            text: Err(DecodeError::EndsInside {
                word: u32::from_le_bytes(b),
                offset: bytes.len() - rest,
                needed: 4,
                have: rest,
            }),
        });
    }
    out
}
