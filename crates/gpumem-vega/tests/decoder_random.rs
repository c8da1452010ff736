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
//! How llvm-mc's output is read back: `tests/llvm_words/mod.rs`.
//!
//! Compared per candidate: validity (llvm-mc's warning ⇔ gpumem's
//! `DecodeError`), the text (llvm-mc's, through `llvm_words::normalise`) and the length
//! in bytes.

use crate::llvm_words;

use std::path::Path;

use gpumem_vega::{Format, Target, decode};
use llvm_words::{Outcome, llvm_mc, llvm_outcomes};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

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
