//! Golden cases: `word | text | target`, one a line, in `tests/data/maxwell-golden.txt`.
//! Each line is decoded and printed (must give the text), and the text is parsed and
//! encoded (must give the word). A meta-test checks that every table row is covered.
//!
//! `BLESS=1 cargo test -p gpumem-maxwell --test it golden::` rewrites every text from nvdisasm
//! (each word alone at address 0x8 with control slot 0x7e1, as the checks decode it);
//! add a line with any text to get a new case blessed.

use gpumem_maxwell::codec::{ROWS, decode, encode, find_row_on};
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::parse::parse_program;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, inst_addr};
use std::collections::HashSet;

use crate::sweep;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/maxwell-golden.txt"
);

/// nvdisasm's text for `word` alone at address 0x8 (control slot 0x7e1).
fn nvdisasm_text(tool: &std::path::Path, word: u64, target: Target) -> String {
    use gpumem_maxwell::inst::ctrl_word;
    const NOP: u64 = 0x50b0_0000_0007_0f00;
    let mut bytes = ctrl_word([DEFAULT_SLOT; 3]).to_le_bytes().to_vec();
    for w in [word, NOP, NOP] {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    let path = gpumem_oracle::temp_file(&format!("bless-{word:016x}.bin"), &bytes);
    let (ok, out, err) = gpumem_oracle::run(
        tool,
        &[
            "-b",
            target.nvdisasm_name(),
            path.to_str().unwrap_or_default(),
        ],
        b"",
    );
    assert!(ok && err.is_empty(), "nvdisasm rejects {word:#018x}: {err}");
    let line = out
        .lines()
        .find(|l| l.contains("/*0008*/"))
        .unwrap_or_else(|| panic!("no instruction at 0x8 for {word:#018x}:\n{out}"));
    let text = line.split_once("*/").map(|x| x.1).unwrap_or("");
    text.split(" /* 0x")
        .next()
        .unwrap_or(text)
        .trim()
        .to_string()
}

/// `BLESS=1`: every case's text from nvdisasm, comments kept, the file rewritten.
fn bless() {
    let gpumem_oracle::Oracle::Found(tool) =
        gpumem_oracle::require(gpumem_oracle::cuda_bin(), "nvdisasm")
    else {
        return;
    };
    let text = std::fs::read_to_string(GOLDEN).expect("golden file");
    let mut out = String::with_capacity(text.len());
    for l in text.lines() {
        let parts: Vec<&str> = l.split(" | ").collect();
        if l.starts_with('#') || parts.len() != 3 {
            out.push_str(l);
        } else {
            let w = u64::from_str_radix(parts[0].trim_start_matches("0x"), 16).expect("hex word");
            let target: Target = parts[2].trim().parse().expect("target");
            out.push_str(&format!(
                "{} | {} | {}",
                parts[0],
                nvdisasm_text(&tool, w, target),
                parts[2]
            ));
        }
        out.push('\n');
    }
    std::fs::write(GOLDEN, out).expect("rewrite the golden file");
}

fn cases() -> Vec<(usize, u64, String, Target)> {
    static BLESSED: std::sync::Once = std::sync::Once::new();
    if gpumem_oracle::blessing() {
        BLESSED.call_once(bless);
    }
    let text = std::fs::read_to_string(GOLDEN).expect("golden file");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            let parts: Vec<&str> = l.split(" | ").collect();
            assert_eq!(parts.len(), 3, "line {}: {l}", n + 1);
            let w = u64::from_str_radix(parts[0].trim_start_matches("0x"), 16).expect("hex word");
            (
                n + 1,
                w,
                parts[1].to_string(),
                parts[2].trim().parse().expect("target"),
            )
        })
        .collect()
}

#[test]
fn golden_decode_prints_the_text() {
    let mut bad = Vec::new();
    for (n, w, text, target) in cases() {
        match decode(w, DEFAULT_SLOT, inst_addr(0), target) {
            Ok(i) if inst_text(&i) == text => {}
            Ok(i) => bad.push(format!(
                "line {n}: {w:#018x}: printed `{}`, want `{text}`",
                inst_text(&i)
            )),
            Err(e) => bad.push(format!("line {n}: {e}")),
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
fn golden_text_assembles_to_the_word() {
    let mut bad = Vec::new();
    for (n, w, text, target) in cases() {
        match parse_program(&text, target) {
            Ok(p) => {
                let got = encode(&p.insts[0], inst_addr(0));
                // Bits nvdisasm ignores are written as 0 by the assembler.
                let ignored = find_row_on(w, target).map(|r| r.ignored).unwrap_or(0);
                if got != w & !ignored {
                    bad.push(format!("line {n}: `{text}` -> {got:#018x}, want {w:#018x}"));
                }
            }
            Err(d) => bad.push(format!("line {n}: `{text}`: {}", d.0[0])),
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
fn every_table_row_has_a_golden_case() {
    let seen: HashSet<&str> = cases()
        .iter()
        .filter_map(|(_, w, _, t)| find_row_on(*w, *t))
        .map(|r| r.form)
        .collect();
    let missing: Vec<&str> = ROWS
        .iter()
        .map(|r| r.form)
        .filter(|f| !seen.contains(f))
        .collect();
    assert!(
        missing.is_empty(),
        "table rows without a golden case: {missing:?}"
    );
}

/// Surveys A and B (`tests/data/maxwell-breadth-A.tsv`, `-B.tsv`; docs/research/README.md):
/// every word nvdisasm 11.8 printed prints the same here and assembles back to itself (bits
/// its row ignores as 0; where nvdisasm's text stands for several words, to one that prints
/// the same); every word it rejected or printed with a placeholder is a typed error.
#[test]
fn breadth_a_and_b_surveys_match_nvdisasm() {
    for (file, min_printed) in [
        ("maxwell-breadth-A.tsv", 7_000),
        ("maxwell-breadth-B.tsv", 3_500),
    ] {
        let (printed, rejected) = sweep::replay(file, sweep::Back::WordUnlessLossy);
        assert!(
            printed >= min_printed,
            "{file}: only {printed} printed ({rejected} rejected)"
        );
    }
}
