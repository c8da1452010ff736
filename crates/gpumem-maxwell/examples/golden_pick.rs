//! Picks golden cases for the non-memory rows from nvdisasm's verified sweeps:
//! `cargo run -p gpumem-maxwell --example golden_pick >> tests/data/maxwell-golden.txt`.
//! Two per row, first seen first; only words the table decodes to exactly nvdisasm's text.
//!
//! `golden_pick pascal`: one word for each row that exists on no Maxwell target (the
//! Pascal rows), drawn at random (the row's fixed bits, the rest from a fixed seed) until
//! gpumem decodes it to that row on the row's first target; the text is gpumem's, to be
//! replaced by nvdisasm's with `BLESS=1 cargo test -p gpumem-maxwell --test it golden::`
//! and then checked by the same test without it.

use gpumem_maxwell::codec::decode;
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, inst_addr};
use std::collections::HashMap;

fn main() {
    if std::env::args().nth(1).as_deref() == Some("pascal") {
        pascal();
        return;
    }
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

fn pascal() {
    let mut rng = gpumem_isa::SplitMix64(0x6161_6060);
    for row in gpumem_maxwell::codec::ROWS
        .iter()
        .filter(|r| r.since > Target::Sm52)
    {
        for _ in 0..100_000 {
            let w = (rng.next_u64() & !row.mask) | row.opcode;
            if let Ok(i) = decode(w, DEFAULT_SLOT, inst_addr(0), row.since)
                && std::ptr::eq(i.op, *row)
            {
                println!("{w:#018x} | {} | {}", inst_text(&i), row.since.name());
                break;
            }
        }
    }
}
