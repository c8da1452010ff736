//! Random-word differential test of the decoder against llvm-mc 19's
//! disassembler (`--disassemble -show-encoding`, gfx900 and gfx906).
//!
//! For each scalar format (SMEM, SOP2, SOP1, SOPK, SOPC, SOPP) the generator
//! keeps the format's fixed bits and randomizes every other bit of dword 0
//! (opcode, operand codes, reserved bits) and the whole of dword 1 (the SMEM
//! second dword or a possible literal). Words whose random opcode bits fall
//! into another format's prefix (SOP2 opcodes 0x60-0x7f, ...) are kept: they
//! are compared like any other word.
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
//! Compared per candidate: validity (llvm-mc's warning ⇔ gpumem's
//! `DecodeError`), the text (llvm-mc's, through [`normalise`]) and the length
//! in bytes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use gpumem_oracle::{Oracle, llvm_bin, require, run};
use gpumem_vega::{Format, Target, decode};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

const CHUNK: usize = 20_000;

fn llvm_mc() -> Option<PathBuf> {
    match require(llvm_bin(), "llvm-mc") {
        Oracle::Found(p) => Some(p),
        Oracle::Skip => None,
    }
}

/// What one decoder made of the first instruction of a candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
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
fn normalise(raw: &str) -> String {
    raw.trim().to_string()
}

/// Operand codes where the decoder has special cases: registers at the
/// ends of the SGPR/TTMP/special ranges, M0, `null`, reserved codes, inline
/// constant edges, 1/(2π), `src_*`, `src_lds_direct`, and the literal (255,
/// weighted).
const EDGE_CODES: &[u8] = &[
    0, 1, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 120, 121, 122, 123, 124, 125,
    126, 127, 128, 129, 192, 193, 207, 208, 209, 220, 234, 235, 236, 237, 238, 239, 240, 241, 242,
    243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 255, 255, 255, 255,
];

/// Seeded candidates: `per_format` words of each of the six formats, each
/// with a random dword 1. Half of them are uniform; in the other half each
/// byte-sized operand field (outside the fixed and opcode bits) is, with
/// probability 1/2, one of [`EDGE_CODES`] instead (7-bit fields get the code
/// modulo 128), so rare codes such as a literal on a register-only source
/// are hit often.
fn candidates(seed: u64, per_format: usize) -> Vec<[u32; 2]> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(per_format * Format::ALL.len());
    for f in Format::ALL {
        let (mask, value) = f.fixed();
        let (lo, width) = f.opcode_field();
        let keep = mask | (((1u32 << width) - 1) << lo);
        for k in 0..per_format {
            let mut w0 = value | (rng.next_u32() & !mask);
            // Mostly uniform; sometimes a small value or an inline-looking
            // float, so literals that print as inline constants and small
            // SMEM offsets are covered too.
            let mut w1 = match rng.gen_range(0..8) {
                0 => rng.gen_range(0..=80),
                1 => [0x3f00_0000, 0x4080_0000, 0x3e22_f983, 0xffff_ffff][rng.gen_range(0..4)],
                _ => rng.next_u32(),
            };
            if k % 2 == 1 {
                // SOP*: SSRC0 [7:0], SSRC1 [15:8], SDST [22:16]; SMEM: SBASE
                // [5:0] (code / 2), SDATA [12:6]; SMEM dword 1: OFFSET[6:0]
                // (SGPR form), SOFFSET [31:25].
                let fields: &[(u32, u32)] = if f == Format::Smem {
                    &[(0, 6), (6, 7)]
                } else {
                    &[(0, 8), (8, 8), (16, 7)]
                };
                for &(at, bits) in fields {
                    let m = ((1u32 << bits) - 1) << at;
                    if m & keep == 0 && rng.gen_bool(0.5) {
                        let mut c = u32::from(EDGE_CODES[rng.gen_range(0..EDGE_CODES.len())]);
                        if bits == 6 {
                            c /= 2;
                        }
                        w0 = (w0 & !m) | ((c << at) & m);
                    }
                }
                if f == Format::Smem {
                    for (at, bits) in [(0u32, 7u32), (25, 7)] {
                        if rng.gen_bool(0.5) {
                            let c = u32::from(EDGE_CODES[rng.gen_range(0..EDGE_CODES.len())]);
                            let m = ((1u32 << bits) - 1) << at;
                            w1 = (w1 & !m) | ((c << at) & m);
                        }
                    }
                }
            }
            out.push([w0, w1]);
        }
    }
    out
}

/// The sync dword of line `i` (`s_nop i`) and llvm-mc's text for it (SOPP
/// plain immediates print in decimal up to 64, in hex above).
fn sync(i: usize) -> (u32, String) {
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
fn llvm_outcomes(mc: &Path, cands: &[[u32; 2]], t: Target) -> Vec<Option<Outcome>> {
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

fn ours(c: &[u32; 2], t: Target) -> Outcome {
    match decode(&[c[0], c[1]], t) {
        Ok((inst, n)) => Outcome::Valid(inst.to_string(), n * 4),
        Err(_) => Outcome::Invalid,
    }
}

/// How many candidates llvm-mc found invalid, 4 bytes long and 8 bytes long.
#[derive(Debug, Default)]
struct Counts {
    compared: usize,
    invalid: usize,
    four: usize,
    eight: usize,
}

fn check(mc: &Path, cands: &[[u32; 2]], t: Target) -> (Counts, Vec<String>) {
    let theirs = llvm_outcomes(mc, cands, t);
    let mut bad = Vec::new();
    let mut n = Counts::default();
    for (c, llvm) in cands.iter().zip(theirs) {
        let Some(llvm) = llvm else {
            bad.push(format!("{t} {:08x} {:08x}: no llvm-mc result", c[0], c[1]));
            continue;
        };
        n.compared += 1;
        match llvm {
            Outcome::Invalid => n.invalid += 1,
            Outcome::Valid(_, 4) => n.four += 1,
            Outcome::Valid(..) => n.eight += 1,
        }
        let mine = ours(c, t);
        if mine != llvm {
            let err = decode(&[c[0], c[1]], t).err();
            bad.push(format!(
                "{t} {:08x} {:08x}: gpumem {mine:?} {err:?}, llvm {llvm:?}",
                c[0], c[1]
            ));
        }
    }
    (n, bad)
}

#[test]
fn random_words_decode_like_llvm_mc() {
    let Some(mc) = llvm_mc() else { return };
    let mut total_bad = 0;
    for (t, seed, per_format) in [
        (Target::Gfx900, 0x0dec_0de9_0000, 40_000),
        (Target::Gfx906, 0x0dec_0de9_0006, 10_000),
    ] {
        let cands = candidates(seed, per_format);
        let (n, bad) = check(&mc, &cands, t);
        eprintln!(
            "decoder random words {t}: {} compared ({} invalid, {} of 4 bytes, {} of 8 bytes), {} mismatches",
            n.compared,
            n.invalid,
            n.four,
            n.eight,
            bad.len()
        );
        // The corpus must exercise all three outcomes.
        assert!(n.invalid > 0 && n.four > 0 && n.eight > 0, "{t}: {n:?}");
        for b in bad.iter().take(40) {
            eprintln!("  {b}");
        }
        total_bad += bad.len();
    }
    assert_eq!(
        total_bad, 0,
        "decoder mismatches against llvm-mc (see stderr)"
    );
}
