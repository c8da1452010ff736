//! Picks golden cases for the non-memory rows from nvdisasm's verified sweeps:
//! `cargo run -p gpumem-maxwell --example golden_pick >> tests/data/maxwell-golden.txt`.
//! Two per row, first seen first; only words the table decodes to exactly nvdisasm's text.

use gpumem_maxwell::codec::decode;
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, inst_addr};
use std::collections::HashMap;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/maxwell-alu-examples.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some((hex, want)) = line.split_once(" | ") else {
            continue;
        };
        let want = want.split(" | ").next().unwrap_or(want).trim();
        let Ok(w) = u64::from_str_radix(hex.trim().trim_start_matches("0x"), 16) else {
            continue;
        };
        if let Ok(i) = decode(w, DEFAULT_SLOT, inst_addr(0), Target::Sm50)
            && inst_text(&i) == want
            && !want.contains("QNAN")
        {
            let n = count.entry(i.op.form).or_default();
            if *n < 2 {
                *n += 1;
                println!("{hex} | {want} | sm_50");
            }
        }
    }
}
