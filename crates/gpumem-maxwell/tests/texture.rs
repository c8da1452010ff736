//! Texture ops' phase (`.T`, `.P`): nvdisasm reads it from the control slot's reuse bits
//! 0-1, not from the instruction word. Differential against nvdisasm (required) over the
//! slot's reuse field, and the text parsed back to the same word and the same slot bits.

use gpumem_maxwell::codec::{DecodeError, ROWS, decode};
use gpumem_maxwell::inst::{MAX_MODS, MAX_OPERANDS, ctrl_word};
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, encode, inst_addr, parse_program};
use gpumem_oracle::{Oracle, cuda_bin, require, run, temp_file};

const NOP: u64 = 0x50b0_0000_0007_0f00;

/// TEXS, TLDS words (Rd = RZ and not, `.NODEP`, lod codes) from ptxas output and sweeps.
const WORDS: [u64; 6] = [
    0xd830_0521_4097_0816,
    0xd832_052f_f097_0816,
    0xd9b0_052f_f4f7_0816,
    0xda50_0531_2027_0210,
    0xda54_053f_f027_0210,
    0xda20_0531_2ff7_0210,
];

/// nvdisasm's text of `word` alone at 0x8 with control slot `slot`.
fn nvdisasm(tool: &std::path::Path, word: u64, slot: u32, target: Target) -> Option<String> {
    let mut bytes = ctrl_word([slot, 0x7e1, 0x7e1]).to_le_bytes().to_vec();
    for w in [word, NOP, NOP] {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    let path = temp_file(&format!("phase-{word:016x}-{slot:x}.bin"), &bytes);
    let (ok, out, _) = run(
        tool,
        &[
            "-b",
            target.nvdisasm_name(),
            path.to_str().unwrap_or_default(),
        ],
        b"",
    );
    if !ok {
        return None;
    }
    let line = out.lines().find(|l| l.contains("/*0008*/"))?;
    Some(line.split_once("*/")?.1.trim().to_string())
}

#[test]
fn phase_is_read_from_and_written_to_the_control_slot() {
    let Oracle::Found(tool) = require(cuda_bin(), "nvdisasm") else {
        return;
    };
    let mut checked = 0;
    for target in Target::MAXWELL {
        for &word in &WORDS {
            for reuse in 0..16u32 {
                let slot = 0x7e1 | reuse << 17;
                let want = nvdisasm(&tool, word, slot, target);
                let got = decode(word, slot, inst_addr(0), target);
                match (want, got) {
                    (Some(text), Ok(inst)) => {
                        assert_eq!(inst_text(&inst), text, "{word:#x} slot {slot:#x}");
                        assert_eq!(inst.ctrl.reuse as u32, reuse & 0b1100, "{text}");
                        let p = parse_program(&text, target).expect("the printed text parses");
                        let back = &p.insts[0];
                        assert_eq!(encode(back, inst_addr(0)), word, "{text}");
                        assert_eq!(back.slot() >> 17 & 3, reuse & 3, "{text}");
                        checked += 1;
                    }
                    (None, Err(_)) => {}
                    (Some(text), Err(e)) => {
                        // `.INVALIDPHASE3`: a placeholder spelling, so a typed error here.
                        assert!(text.contains(".INVALIDPHASE3"), "{text}: {e}");
                        assert!(
                            matches!(
                                e,
                                DecodeError::InvalidField {
                                    field: "phase",
                                    value: 3,
                                    ..
                                }
                            ),
                            "{e}"
                        );
                    }
                    (None, Ok(inst)) => panic!(
                        "nvdisasm rejects {word:#x} slot {slot:#x}, gpumem prints {}",
                        inst_text(&inst)
                    ),
                }
            }
        }
    }
    assert_eq!(checked, 2 * WORDS.len() * 12);
}

#[test]
fn texture_spellings_are_checked_against_the_destination_and_lod() {
    // `RGBA` names four components: not with an `RZ` first destination.
    assert!(parse_program("TEXS RZ, R22, R8, R9, 0x52, 2D, RGBA ;", Target::Sm50).is_err());
    assert!(parse_program("TEXS R20, R22, R8, R9, 0x52, 2D, RG ;", Target::Sm50).is_err());
    // `.LL` exists with 2D and CUBE, not with 3D; `.LZ 3D` is code 11.
    assert!(parse_program("TEXS.LL R20, R22, R8, 0x52, 3D, RGBA ;", Target::Sm50).is_err());
    let p =
        parse_program("TEXS.LZ.T R20, R22, R8, 0x52, 3D, RGBA ;", Target::Sm50).expect("parses");
    let w = encode(&p.insts[0], inst_addr(0));
    assert_eq!(w >> 53 & 0xf, 11);
    assert_eq!(p.insts[0].slot() >> 17 & 3, 1);
}

#[test]
fn every_row_fits_the_instruction_arrays() {
    for r in ROWS.iter() {
        assert!(r.operands.len() <= MAX_OPERANDS, "{}", r.form);
        assert!(r.mods.len() <= MAX_MODS, "{}", r.form);
    }
}

/// Checks one sweep file (nvdisasm 11.8 output, `0xWORD | text | arch | slot=0x..` lines):
/// every word nvdisasm prints without a placeholder prints the same here and assembles back
/// (bits nvdisasm ignores aside, the slot's phase included); every word it rejects or prints
/// with a placeholder is a typed error here. Returns the count of words checked and the
/// lines of forms not modelled yet (rejected here, printed there).
fn check_sweep(file: &str) -> (usize, Vec<String>) {
    let path = format!("{}/../../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("sweep file");
    let (mut ok, mut unmodelled) = (0, Vec::new());
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        let [hex, want, arch, slot] = f[..] else {
            panic!("bad line {line}");
        };
        let word = u64::from_str_radix(hex.trim_start_matches("0x"), 16).expect("hex");
        let slot = u32::from_str_radix(slot.trim_start_matches("slot=0x"), 16).expect("slot");
        let targets: Vec<Target> = match arch {
            "SM50" => vec![Target::Sm50],
            "SM52" => vec![Target::Sm52],
            _ => Target::MAXWELL.to_vec(),
        };
        for target in targets {
            match decode(word, slot, inst_addr(0), target) {
                Ok(inst) => {
                    assert_eq!(inst_text(&inst), want, "{line}");
                    let p = parse_program(want, target).expect("the text parses");
                    let back = &p.insts[0];
                    assert_eq!(
                        encode(back, inst_addr(0)),
                        encode(&inst, inst_addr(0)),
                        "{line}"
                    );
                    assert_eq!(back.slot() >> 17 & 3, inst.slot() >> 17 & 3, "{line}");
                    ok += 1;
                }
                Err(_)
                    if want == "REJECTED" || want.contains("INVALID") || want.contains("???") => {}
                Err(e) => unmodelled.push(format!("{target:?} {line}: {e}")),
            }
        }
    }
    (ok, unmodelled)
}

/// The breadth-C sweeps (`tests/data/maxwell-breadth-C.tsv`, made by
/// `scripts/research/sweep_breadthC.py`): every word is modelled now (SULD's and TEX's SM52
/// predicate outputs (table/texture.rs, table/surface.rs), VABSDIFF4's immediate B
/// (table/video.rs), SM50's SULD bits 30-32 (table/surface.rs).
#[test]
fn breadth_c_sweeps_match_nvdisasm() {
    let (ok, unmodelled) = check_sweep("maxwell-breadth-C.tsv");
    assert!(unmodelled.is_empty(), "{}", unmodelled.join("\n"));
    assert!(ok >= 380, "{ok}");
}

/// The breadth-D sweeps (`tests/data/maxwell-breadth-D.tsv`, made by
/// `scripts/research/sweep_breadthD.py`): TXQ, TXQ.B, TXA, TMML, TMML.B, every field and
/// every bit 0-50 of each, all modelled.
#[test]
fn breadth_d_sweeps_match_nvdisasm() {
    let (ok, unmodelled) = check_sweep("maxwell-breadth-D.tsv");
    assert!(unmodelled.is_empty(), "{}", unmodelled.join("\n"));
    assert!(ok >= 700, "{ok}");
}

#[test]
fn txq_query_codes_spelled_as_numbers_parse() {
    let p = parse_program("TXQ R25, R25, 3, 0x52, 0x1 ;", Target::Sm50).expect("parses");
    assert_eq!(encode(&p.insts[0], inst_addr(0)) >> 22 & 0x3f, 6);
    // Code 8 is named (`TEX_SAMPLER_FILTER`), so `8` names code 16 nowhere: an error.
    assert!(parse_program("TXQ R25, R25, 8, 0x52, 0x1 ;", Target::Sm50).is_err());
    assert!(parse_program("TXQ R25, R25, 1, 0x52, 0x1 ;", Target::Sm50).is_err());
}

/// The breadth-E sweeps (`tests/data/maxwell-breadth-E.tsv`, made by
/// `scripts/research/sweep_breadthE.py`): TLD, TLD.B, TLD4, TXD, TXD.B (every bit flipped
/// alone), SM52's `.LC` and predicate outputs of TEX, TEX.B, TLD, TLD4 and TXD, SULD/SUST
/// `.P` and register-index forms, SURED, SUATOM `.D` (and `.CAS`) with an immediate index.
/// Every word is modelled now: SUATOM's `.P`, register-index and 0xeb8 forms and SM50's
/// SULD words with bits 30-32 set are rows of table/surface.rs (docs/research/maxwell-breadth-H.md).
#[test]
fn breadth_e_sweeps_match_nvdisasm() {
    let (ok, unmodelled) = check_sweep("maxwell-breadth-E.tsv");
    assert!(unmodelled.is_empty(), "{}", unmodelled.join("\n"));
    assert!(ok >= 1500, "{ok}");
}

/// SM52's predicate output is never `PT`: a word with 7 there is the row without one, so
/// `PT` written out is an error (the form without the operand is the spelling).
#[test]
fn predicate_output_is_never_pt() {
    let with = "TLD.LZ P6, R12, R4, R8, 0x52, 2D, 0xf ;";
    let p = parse_program(with, Target::Sm52).expect("parses on SM52");
    assert_eq!(encode(&p.insts[0], inst_addr(0)) >> 51 & 7, 6);
    assert!(
        parse_program(with, Target::Sm50).is_err(),
        "SM50 has no output"
    );
    assert!(parse_program("TLD.LZ PT, R12, R4, R8, 0x52, 2D, 0xf ;", Target::Sm52).is_err());
    let without =
        parse_program("TLD.LZ R12, R4, R8, 0x52, 2D, 0xf ;", Target::Sm52).expect("parses");
    assert_eq!(encode(&without.insts[0], inst_addr(0)) >> 51 & 7, 7);
    assert_eq!(without.insts[0].op.form, "TLD");
}
