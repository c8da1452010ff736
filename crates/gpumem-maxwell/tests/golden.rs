//! Golden cases: `word | text | target`, one a line, in `tests/data/maxwell-golden.txt`.
//! Each line is decoded and printed (must give the text), and the text is parsed and
//! encoded (must give the word). A meta-test checks that every table row is covered.

use gpumem_maxwell::codec::{ROWS, decode, encode, find_row};
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::parse::parse_program;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, inst_addr};
use std::collections::HashSet;

fn cases() -> Vec<(usize, u64, String, Target)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/maxwell-golden.txt"
    );
    let text = std::fs::read_to_string(path).expect("golden file");
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
                let ignored = find_row(w).map(|r| r.ignored).unwrap_or(0);
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
        .filter_map(|(_, w, _, _)| find_row(*w))
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
