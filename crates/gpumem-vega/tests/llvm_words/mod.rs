//! llvm-mc 19's disassembly of candidate words, one candidate a line, shared by the
//! scalar (`decoder_random.rs`) and vector (`vector_random.rs`) random-word tests.
//!
//! How llvm-mc reads the input: all the bytes of stdin are one stream (a
//! literal may come from the next line); at each position it decodes one
//! instruction and prints it, or warns `<stdin>:LINE:COL: warning: invalid
//! instruction encoding` and skips 4 bytes. The `encoding: [...]` it prints
//! is its re-encoding of what it decoded (a literal that is an inline
//! constant comes out 4 bytes shorter, cleared bits are gone), not the bytes
//! it consumed, so it cannot give the length.
//!
//! So each candidate line `i` holds 16 bytes: dword 0, dword 1 and twice the
//! sync dword `s_nop i`. No gfx9 instruction is longer than 8 bytes, so the
//! second sync is always decoded on its own and ends line `i`'s output; the
//! first one is a separate `s_nop i` too unless dword 1 was decoded as an
//! 8-byte instruction that took it as its literal. The warnings' columns
//! say which dwords were invalid, and the number and kind of the line's
//! stdout instructions give the first instruction's length (see
//! `llvm_outcomes`).
//!

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use gpumem_oracle::{Oracle, llvm_bin, require, run};
use gpumem_vega::Target;

/// Candidates per llvm-mc process.
pub const CHUNK: usize = 20_000;

/// llvm-mc 19 (a missing one fails, unless `GPUMEM_SKIP_ORACLES=1`).
pub fn llvm_mc() -> Option<PathBuf> {
    match require(llvm_bin(), "llvm-mc") {
        Oracle::Found(p) => Some(p),
        Oracle::Skip => None,
    }
}

/// What one decoder made of the first instruction of a candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Decoded: text and length in bytes.
    Valid(String, usize),
    /// `invalid instruction encoding` / `DecodeError`.
    Invalid,
}

/// The only place where llvm-mc's text is adjusted before the comparison.
/// `raw` is one stdout line without its `; encoding: [...]` comment.
///
/// Only the surrounding whitespace (llvm-mc's tab indent and the column
/// alignment before the comment) is removed; there are no exceptions today.
/// Every deliberate difference listed in DIFFERENCES.md is on the assembler
/// side (a float literal of `s_setreg_imm32_b32`, `src_*` SMEM offsets,
/// truncation warnings, directives, non-scalar instructions, which the
/// generator does not produce): the disassembly of every scalar word is
/// meant to be llvm-mc's text verbatim. A future exception goes here, as a
/// separate rewrite with a comment saying why.
pub fn normalise(raw: &str) -> String {
    raw.trim().to_string()
}

/// The sync dword of line `i` (`s_nop i`) and llvm-mc's text for it (SOPP
/// plain immediates print in decimal up to 64, in hex above).
pub fn sync(i: usize) -> (u32, String) {
    let v = (i & 0xffff) as u32;
    let text = if v <= 64 {
        format!("s_nop {v}")
    } else {
        format!("s_nop 0x{v:x}")
    };
    (0xbf80_0000 | v, text)
}

/// llvm-mc's outcome for each candidate (None where the line's events do
/// not have one of the shapes described in the module comment).
pub fn llvm_outcomes(mc: &Path, cands: &[[u32; 2]], t: Target) -> Vec<Option<Outcome>> {
    let mut out = Vec::with_capacity(cands.len());
    for chunk in cands.chunks(CHUNK) {
        let mut input = String::with_capacity(chunk.len() * 80);
        for (i, c) in chunk.iter().enumerate() {
            let s = sync(i).0;
            for w in [c[0], c[1], s, s] {
                for b in w.to_le_bytes() {
                    input.push_str(&format!("0x{b:02x} "));
                }
            }
            input.push('\n');
        }
        let cpu = format!("-mcpu={}", t.name());
        let (_, stdout, stderr) = run(
            mc,
            &["-arch=amdgcn", &cpu, "--disassemble", "-show-encoding"],
            input.as_bytes(),
        );
        // Warnings: (line index, byte offset in the line).
        let mut warned: HashSet<(usize, usize)> = HashSet::new();
        for l in stderr.lines() {
            if !l.contains("invalid instruction encoding") {
                continue;
            }
            let mut it = l.strip_prefix("<stdin>:").unwrap_or("").split(':');
            let line: Option<usize> = it.next().and_then(|x| x.parse().ok());
            let col: Option<usize> = it.next().and_then(|x| x.parse().ok());
            if let (Some(line), Some(col)) = (line, col) {
                // Each byte is written as `0xNN ` (5 columns).
                warned.insert((line - 1, (col - 1) / 5));
            }
        }
        // The instructions' texts. The `encoding: [...]` bytes are llvm-mc's
        // re-encoding of what it decoded, not the bytes it consumed, so only
        // the text is used.
        let texts: Vec<String> = stdout
            .lines()
            .filter_map(|l| {
                let i = l.find("; encoding: [")?;
                Some(normalise(&l[..i]))
            })
            .collect();
        let mut k = 0;
        for i in 0..chunk.len() {
            let sync_text = sync(i).1;
            // This line's instructions: up to the last of its (one or two
            // consecutive) sync instructions.
            let start = k;
            while k < texts.len() && texts[k] != sync_text {
                k += 1;
            }
            if k < texts.len() && texts.get(k + 1) == Some(&sync_text) {
                k += 1;
            }
            k += 1;
            let line = &texts[start..k.min(texts.len())];
            let bad0 = warned.contains(&(i, 0));
            let bad1 = warned.contains(&(i, 4));
            let outcome = match (bad0, bad1, line.len()) {
                // w0 invalid (4 bytes skipped), then w1 invalid: s, s.
                (true, true, 2) => Some(Outcome::Invalid),
                // w0 invalid, then w1 valid: 4 bytes + s, s; or 8 bytes + s.
                (true, false, 2 | 3) => Some(Outcome::Invalid),
                // E0 (4 bytes), w1 invalid, s, s.
                (false, true, 3) => Some(Outcome::Valid(line[0].clone(), 4)),
                // E0 (4 bytes), E1 (4 bytes), s, s.
                (false, false, 4) => Some(Outcome::Valid(line[0].clone(), 4)),
                // E0 (8 bytes), s, s; or E0 (4 bytes), E1 (8 bytes, eats
                // the first s), s.
                (false, false, 3) => Some(Outcome::Valid(
                    line[0].clone(),
                    if line[1] == sync_text { 8 } else { 4 },
                )),
                _ => None,
            };
            out.push(outcome);
        }
    }
    out
}
