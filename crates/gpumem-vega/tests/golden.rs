//! Golden file: `tests/data/vega-golden.txt`, one case a line,
//! `bytes | llvm-mc text [| no-reassemble | canonical <bytes>]`, generated from
//! llvm-mc 19 by `scripts/gen-golden.py` (which chooses the words).
//!
//! `BLESS=1 cargo test -p gpumem-vega --test it golden::` rewrites the text and the third
//! column of every case from llvm-mc (disassembly, then re-assembly of that text).

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

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vega-golden.txt");

fn hex_bytes(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// llvm-mc's text for `bytes` (one instruction), checked by a trailing `s_nop 0` that
/// must come out as the second line.
fn llvm_text(mc: &std::path::Path, bytes: &[u8]) -> String {
    let mut input: Vec<String> = bytes.iter().map(|b| format!("0x{b:02x}")).collect();
    input.extend(["0x00", "0x00", "0x80", "0xbf"].map(String::from));
    let (_, out, err) = gpumem_oracle::run(
        mc,
        &["-arch=amdgcn", "-mcpu=gfx900", "--disassemble"],
        input.join(" ").as_bytes(),
    );
    let lines: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != ".text")
        .collect();
    assert!(
        lines.len() == 2 && lines[1] == "s_nop 0" && !err.contains("invalid"),
        "llvm-mc does not decode {} as one instruction: {out}{err}",
        hex_bytes(bytes)
    );
    lines[0].to_string()
}

/// What llvm-mc assembles `text` to (`None`: it rejects it).
fn llvm_bytes(mc: &std::path::Path, text: &str) -> Option<Vec<u8>> {
    let (ok, out, err) = gpumem_oracle::run(
        mc,
        &["-arch=amdgcn", "-mcpu=gfx900", "-show-encoding"],
        format!("{text}\n").as_bytes(),
    );
    if !ok || err.contains("error") {
        return None;
    }
    let enc = out.split("encoding: [").nth(1)?.split(']').next()?;
    enc.split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
        .collect()
}

/// `BLESS=1`: every case's text and re-assembly column from llvm-mc.
fn bless() {
    let gpumem_oracle::Oracle::Found(mc) =
        gpumem_oracle::require(gpumem_oracle::llvm_bin(), "llvm-mc")
    else {
        return;
    };
    let data = std::fs::read_to_string(GOLDEN).expect("golden file");
    let mut out = String::with_capacity(data.len());
    for l in data.lines() {
        if l.trim().is_empty() || l.starts_with('#') {
            out.push_str(l);
        } else {
            let bytes = hex(l.split(" | ").next().unwrap_or(""));
            let text = llvm_text(&mc, &bytes);
            out.push_str(&format!("{} | {text}", hex_bytes(&bytes)));
            match llvm_bytes(&mc, &text) {
                None => out.push_str(" | no-reassemble"),
                Some(b) if b != bytes => out.push_str(&format!(" | canonical {}", hex_bytes(&b))),
                Some(_) => {}
            }
        }
        out.push('\n');
    }
    std::fs::write(GOLDEN, out).expect("rewrite the golden file");
}

fn cases() -> Vec<Case> {
    static BLESSED: std::sync::Once = std::sync::Once::new();
    if gpumem_oracle::blessing() {
        BLESSED.call_once(bless);
    }
    let data = std::fs::read_to_string(GOLDEN).expect("golden file");
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
