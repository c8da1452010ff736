//! Golden file: `tests/data/vega-golden.txt`, one case a line,
//! `bytes | llvm-mc text [| no-reassemble | canonical <bytes>]`, generated from
//! llvm-mc 19 by `scripts/gen-golden.py`.

use gpumem_vega::{Target, assemble, decode, disassemble, encode, table};

struct Case {
    line: usize,
    bytes: Vec<u8>,
    text: String,
    /// What assembling `text` gives: `Some(bytes)`, or `None` if llvm-mc rejects it.
    reassembled: Option<Vec<u8>>,
}

fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).expect("hex byte"))
        .collect()
}

fn cases() -> Vec<Case> {
    let data = include_str!("data/vega-golden.txt");
    data.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let parts: Vec<&str> = l.split(" | ").collect();
            let bytes = hex(parts[0]);
            let reassembled = match parts.get(2) {
                None => Some(bytes.clone()),
                Some(&"no-reassemble") => None,
                Some(t) => Some(hex(t.strip_prefix("canonical ").expect("canonical tag"))),
            };
            Case {
                line: i + 1,
                bytes,
                text: parts[1].to_string(),
                reassembled,
            }
        })
        .collect()
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn golden_disassembly_matches_llvm() {
    let mut bad = Vec::new();
    for c in cases() {
        let lines = disassemble(&c.bytes, Target::Gfx900);
        let got: Vec<String> = lines
            .iter()
            .map(|l| match &l.text {
                Ok(t) => t.clone(),
                Err(e) => format!("ERR {e}"),
            })
            .collect();
        if got != [c.text.clone()] {
            bad.push(format!("line {}: want `{}`, got {:?}", c.line, c.text, got));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Cases where gpumem deliberately assembles differently from llvm-mc
/// (DIFFERENCES.md): there gpumem's bytes must print back as the same text.
fn deliberate_difference(text: &str) -> Option<&'static str> {
    // llvm-mc 19 encodes a floating-point literal of s_setreg_imm32_b32 as 0;
    // gpumem encodes its f32 bits, so that the printed text re-assembles.
    (text.starts_with("s_setreg_imm32_b32") && text.contains('.')).then_some("setreg-imm32-float")
}

#[test]
fn golden_assembly_matches_llvm() {
    let mut bad = Vec::new();
    for c in cases() {
        for t in [Target::Gfx900, Target::Gfx906] {
            let got = assemble(&c.text, t);
            if deliberate_difference(&c.text).is_some() {
                let a = got.expect("assembles");
                assert_eq!(
                    disassemble(&a.bytes, t)[0].text.as_deref(),
                    Ok(c.text.as_str())
                );
                continue;
            }
            match (&c.reassembled, got) {
                (Some(want), Ok(a)) if &a.bytes == want => {}
                (None, Err(_)) => {}
                (want, got) => bad.push(format!(
                    "line {} `{}` ({t}): want {:02x?}, got {:?}",
                    c.line,
                    c.text,
                    want,
                    got.map(|a| a.bytes).map_err(|d| d
                        .0
                        .iter()
                        .map(|x| x.message.clone())
                        .collect::<Vec<_>>())
                )),
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn golden_decode_encode_is_llvm_canonical() {
    for c in cases() {
        let w = words(&c.bytes);
        let (inst, n) = decode(&w, Target::Gfx900).expect("decodes");
        assert_eq!(n, w.len(), "line {}", c.line);
        let enc = encode(&inst);
        if let Some(want) = &c.reassembled
            && deliberate_difference(&c.text).is_none()
        {
            // Either llvm-mc's canonical word, or the original word when the
            // decoded form keeps the bits (a raw SIMM16 with unused bits set).
            assert!(
                enc == words(want) || enc == w,
                "line {} `{}`: encoded {enc:08x?}",
                c.line,
                c.text
            );
        }
        // Decoding the canonical form gives the same instruction.
        assert_eq!(
            decode(&enc, Target::Gfx900).unwrap().0,
            inst,
            "line {}",
            c.line
        );
    }
}

#[test]
fn every_table_row_has_a_golden_case() {
    let texts: Vec<String> = cases().into_iter().map(|c| c.text).collect();
    let missing: Vec<&str> = table::TABLE
        .iter()
        .map(|d| d.name)
        .filter(|n| !texts.iter().any(|t| t.split_whitespace().next() == Some(n)))
        .collect();
    assert!(
        missing.is_empty(),
        "rows without a golden case: {missing:?}"
    );
}
