//! Random-word differential test of the vector decoder and printer against llvm-mc 19
//! (`--disassemble`, gfx900 and gfx906), and of the encoder: every word both decode is
//! re-encoded and decoded again to the same instruction and text.
//!
//! For each vector format (VOP1, VOP2, VOPC, VOP3, DS, FLAT, MUBUF, MTBUF) the generator keeps the format's fixed
//! bits and randomizes every other bit of dword 0 and the whole of dword 1 (VOP3's second
//! dword or a possible literal). Half of the words have their source fields drawn from
//! edge codes (register range ends, specials, reserved codes, inline-constant edges,
//! 1/(2π), the literal, the first and last VGPRs). Not generated yet, because gpumem
//! does not decode them yet (`DecodeError::Unsupported`): SRC0 = 0xF9/0xFA of the 32-bit
//! encodings (SDWA, DPP), VOP3 opcodes 0x270-0x27f (interpolation) and 0x380-0x3ff
//! (VOP3P shares VOP3's prefix), FLAT words with the LDS bit (13) set.
//!
//! Size: `GPUMEM_VECTOR_WORDS` words per format and target (default 10,000 for gfx900 and
//! 2,500 for gfx906; the STATUS figures use 142,858 for both: 1,142,864 words per target
//! over the eight formats).
//! How llvm-mc's output is read back (one candidate per line, two `s_nop i` sync dwords)
//! is described in `tests/llvm_words/mod.rs`.

use crate::llvm_words;

use std::collections::HashSet;
use std::path::Path;

use gpumem_oracle::run;
use gpumem_vega::Target;
use gpumem_vega::vector::{self, VFormat};
use llvm_words::{CHUNK, Outcome, llvm_mc, llvm_outcomes};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

/// 9-bit source codes with special cases in the decoder or printer.
const EDGE_SRC: &[u16] = &[
    0, 1, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 122, 123, 124, 125, 126, 127, 128, 129,
    192, 193, 208, 209, 234, 235, 239, 240, 241, 247, 248, 251, 252, 253, 254, 255, 255, 255, 256,
    257, 300, 510, 511,
];

/// 8-bit destination codes (VGPR indices, or scalar codes for SGPR destinations).
const EDGE_DST: &[u16] = &[
    0, 1, 101, 102, 105, 106, 107, 124, 125, 126, 127, 128, 200, 240, 254, 255,
];

fn vop3_opcode(rng: &mut StdRng) -> u32 {
    loop {
        let op = rng.gen_range(0..0x380u32);
        if !(0x270..0x280).contains(&op) {
            return op;
        }
    }
}

fn candidates(seed: u64, per_format: usize) -> Vec<[u32; 2]> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(per_format * 4);
    for f in [
        VFormat::Vop1,
        VFormat::Vop2,
        VFormat::Vopc,
        VFormat::Vop3,
        VFormat::Ds,
        VFormat::Flat,
        VFormat::Mubuf,
        VFormat::Mtbuf,
    ] {
        let (mask, value) = f.fixed();
        for k in 0..per_format {
            let mut w0 = value | (rng.next_u32() & !mask);
            let mut w1 = match rng.gen_range(0..8) {
                0 => rng.gen_range(0..=80),
                1 => [
                    0x3f00_0000,
                    0x4080_0000,
                    0x3e22_f983,
                    0xffff_ffff,
                    0x3c00,
                    0x3118,
                    0x3fe0_0000,
                ][rng.gen_range(0..7)],
                _ => rng.next_u32(),
            };
            let src = |rng: &mut StdRng| u32::from(EDGE_SRC[rng.gen_range(0..EDGE_SRC.len())]);
            let dst = |rng: &mut StdRng| u32::from(EDGE_DST[rng.gen_range(0..EDGE_DST.len())]);
            match f {
                VFormat::Vop2 => {
                    // Opcodes 0x3e and 0x3f are the VOPC and VOP1 prefixes.
                    let op = rng.gen_range(0..0x3e);
                    w0 = (w0 & !(0x3f << 25)) | (op << 25);
                }
                VFormat::Vop3 => {
                    w0 = (w0 & !(0x3ff << 16)) | (vop3_opcode(&mut rng) << 16);
                    if k % 2 == 0 {
                        // Mostly a plain word: no modifiers, so valid rows are common.
                        if rng.gen_bool(0.6) {
                            w0 &= !0xff00;
                            w1 &= 0x07ff_ffff;
                        }
                        // Sources that a row does not use must be zero.
                        if rng.gen_bool(0.5) {
                            w1 &= !(0x1ff << 18);
                            if rng.gen_bool(0.3) {
                                w1 &= !(0x1ff << 9);
                            }
                        }
                    }
                }
                VFormat::Flat => {
                    // SADDR: 0 (the only FLAT value), `off`, or any code.
                    let saddr = [0, 0x7f, rng.gen_range(0..0x80)][rng.gen_range(0..3)];
                    w1 = (w1 & !(0x7f << 16)) | (saddr << 16);
                    // LDS (bit 13) forms are not decoded yet.
                    w0 &= !(1 << 13);
                    if rng.gen_bool(0.3) {
                        w0 &= !0x1fff;
                    }
                    if rng.gen_bool(0.2) {
                        w1 |= 0xfc00_00fc;
                    }
                }
                VFormat::Mubuf => {
                    // `buffer_store_lds_dword` (0x3d) is valid only with LDS and without
                    // OFFEN, IDXEN and TFE: 2% of the words are drawn that way.
                    if rng.gen_bool(0.02) {
                        w0 = (w0 & !(0x7f << 18) & !(3 << 12)) | (0x3d << 18) | (1 << 16);
                        if rng.gen_bool(0.9) {
                            w1 &= !(1 << 23);
                        }
                    }
                    // LDS (bit 16) forms sometimes; VADDR/VDATA near v255 sometimes.
                    if rng.gen_bool(0.7) {
                        w0 &= !(1 << 16);
                    }
                    if rng.gen_bool(0.3) {
                        w0 &= !0xfff;
                    }
                    if rng.gen_bool(0.5) {
                        let so = u32::from(EDGE_SRC[rng.gen_range(0..EDGE_SRC.len())] & 0xff);
                        w1 = (w1 & 0x00ff_ffff) | (so << 24);
                    }
                }
                VFormat::Mtbuf => {
                    // The default format (not printed) sometimes; reserved bit 21 mostly
                    // clear; VADDR/VDATA near v255 sometimes.
                    if rng.gen_bool(0.3) {
                        w0 = (w0 & !(0x7f << 19)) | (1 << 19);
                    }
                    if rng.gen_bool(0.3) {
                        w0 &= !0xfff;
                    }
                    if rng.gen_bool(0.7) {
                        w1 &= !(1 << 21);
                    }
                    if rng.gen_bool(0.5) {
                        let so = u32::from(EDGE_SRC[rng.gen_range(0..EDGE_SRC.len())] & 0xff);
                        w1 = (w1 & 0x00ff_ffff) | (so << 24);
                    }
                }
                VFormat::Ds => {
                    // A row's unused fields are zero: clear each byte of dword 1 (ADDR,
                    // DATA0, DATA1, VDST) and each offset byte half of the time.
                    for at in [0, 8, 16, 24] {
                        if rng.gen_bool(0.5) {
                            w1 &= !(0xff << at);
                        }
                    }
                    for at in [0, 8] {
                        if rng.gen_bool(0.3) {
                            w0 &= !(0xff << at);
                        }
                    }
                    if rng.gen_bool(0.3) {
                        w0 &= !(1 << 25);
                    }
                    if rng.gen_bool(0.2) {
                        // Last VGPRs: tuples that run past v255.
                        w1 |= 0xfc00_0000;
                    }
                }
                _ => {}
            }
            if k % 2 == 1
                && !matches!(
                    f,
                    VFormat::Ds | VFormat::Flat | VFormat::Mubuf | VFormat::Mtbuf
                )
            {
                match f {
                    VFormat::Vop3 => {
                        for at in [0, 9, 18] {
                            if rng.gen_bool(0.6) {
                                w1 = (w1 & !(0x1ff << at)) | (src(&mut rng) << at);
                            }
                        }
                        if rng.gen_bool(0.5) {
                            w0 = (w0 & !0xff) | dst(&mut rng);
                        }
                    }
                    _ => {
                        if rng.gen_bool(0.7) {
                            w0 = (w0 & !0x1ff) | src(&mut rng);
                        }
                        if f != VFormat::Vopc && rng.gen_bool(0.5) {
                            w0 = (w0 & !(0xff << 17)) | (dst(&mut rng) << 17);
                        }
                    }
                }
            }
            if matches!(f, VFormat::Vop1 | VFormat::Vop2 | VFormat::Vopc)
                && matches!(w0 & 0x1ff, 0xf9 | 0xfa)
            {
                w0 = (w0 & !0x1ff) | 0x101;
            }
            out.push([w0, w1]);
        }
    }
    out
}

fn ours(c: &[u32; 2], t: Target) -> Outcome {
    match vector::decode(&[c[0], c[1]], t) {
        Ok((inst, n)) => Outcome::Valid(inst.to_string(), n * 4),
        Err(_) => Outcome::Invalid,
    }
}

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
            let err = vector::decode(&[c[0], c[1]], t).err();
            bad.push(format!(
                "{t} {:08x} {:08x}: gpumem {mine:?} {err:?}, llvm {llvm:?}",
                c[0], c[1]
            ));
            continue;
        }
        // The encoder gives back a word that decodes to the same instruction.
        if let Ok((inst, _)) = vector::decode(&[c[0], c[1]], t) {
            let w = vector::encode(&inst);
            match vector::decode(&w, t) {
                Ok((again, _)) if again == inst => {}
                other => bad.push(format!(
                    "{t} {:08x} {:08x}: re-encoded {w:08x?} decodes to {other:?}",
                    c[0], c[1]
                )),
            }
        }
    }
    (n, bad)
}

fn per_format(default: usize) -> usize {
    std::env::var("GPUMEM_VECTOR_WORDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// llvm-mc's assembly of each line: `Some(bytes)`, or `None` where it reports an error.
fn llvm_assemble(mc: &Path, lines: &[String], t: Target) -> Vec<Option<Vec<u8>>> {
    let mut out = Vec::with_capacity(lines.len());
    for chunk in lines.chunks(CHUNK) {
        let cpu = format!("-mcpu={}", t.name());
        let input = chunk.join("\n") + "\n";
        let (_, stdout, stderr) = run(
            mc,
            &["-arch=amdgcn", &cpu, "-show-encoding"],
            input.as_bytes(),
        );
        let failed: HashSet<usize> = stderr
            .lines()
            .filter(|l| l.contains(": error:"))
            .filter_map(|l| {
                l.strip_prefix("<stdin>:")?
                    .split(':')
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .map(|n| n - 1)
            .collect();
        let mut enc = stdout.lines().filter_map(|l| {
            let i = l.find("; encoding: [")?;
            let body = l[i + 13..].trim_end().strip_suffix(']')?;
            Some(
                body.split(',')
                    .filter_map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
                    .collect::<Vec<u8>>(),
            )
        });
        for i in 0..chunk.len() {
            out.push(if failed.contains(&i) {
                None
            } else {
                enc.next()
            });
        }
    }
    out
}

/// llvm-mc's canonical text of every valid random word, assembled by llvm-mc and by
/// gpumem: the same bytes, or both reject the line (llvm-mc prints some texts it does not
/// take back: `null`, operands with its invalid-operand comments, `v_madmk_f16` with two
/// different literals; see `DIFFERENCES.md`).
#[test]
fn llvm_mc_vector_text_assembles_like_llvm_mc() {
    let Some(mc) = llvm_mc() else { return };
    let mut total_bad = 0;
    for (t, seed, n) in [
        (Target::Gfx900, 0x7ec0_0de9_1000, per_format(5_000)),
        (Target::Gfx906, 0x7ec0_0de9_1006, per_format(1_250)),
    ] {
        let cands = candidates(seed, n);
        let mut seen = HashSet::new();
        let texts: Vec<String> = llvm_outcomes(&mc, &cands, t)
            .into_iter()
            .filter_map(|o| match o {
                Some(Outcome::Valid(text, _)) => Some(text),
                _ => None,
            })
            .filter(|x| seen.insert(x.clone()))
            .collect();
        let theirs = llvm_assemble(&mc, &texts, t);
        let (mut same, mut both_reject, mut bad) = (0, 0, Vec::new());
        for (text, llvm) in texts.iter().zip(theirs) {
            let mine = gpumem_vega::assemble(text, t).ok().map(|a| a.bytes);
            match (&mine, &llvm) {
                (Some(a), Some(b)) if a == b => same += 1,
                (None, None) => both_reject += 1,
                _ => bad.push(format!(
                    "{t} `{text}`: gpumem {mine:02x?}, llvm-mc {llvm:02x?}"
                )),
            }
        }
        eprintln!(
            "vector canonical text {t}: {} lines, {same} same bytes, {both_reject} rejected by both, {} mismatches",
            texts.len(),
            bad.len()
        );
        for b in bad.iter().take(60) {
            eprintln!("  {b}");
        }
        assert!(same > 0);
        total_bad += bad.len();
    }
    assert_eq!(
        total_bad, 0,
        "assembler mismatches against llvm-mc (see stderr)"
    );
}

#[test]
fn random_vector_words_decode_like_llvm_mc() {
    let Some(mc) = llvm_mc() else { return };
    let mut total_bad = 0;
    for (t, seed, n) in [
        (Target::Gfx900, 0x7ec0_0de9_0000, per_format(10_000)),
        (Target::Gfx906, 0x7ec0_0de9_0006, per_format(2_500)),
    ] {
        let cands = candidates(seed, n);
        let (n, bad) = check(&mc, &cands, t);
        eprintln!(
            "vector random words {t}: {} compared ({} invalid, {} of 4 bytes, {} of 8 bytes), {} mismatches",
            n.compared,
            n.invalid,
            n.four,
            n.eight,
            bad.len()
        );
        assert!(n.invalid > 0 && n.four > 0 && n.eight > 0, "{t}: {n:?}");
        for b in bad.iter().take(60) {
            eprintln!("  {b}");
        }
        total_bad += bad.len();
    }
    assert_eq!(
        total_bad, 0,
        "vector decoder mismatches against llvm-mc (see stderr)"
    );
}
