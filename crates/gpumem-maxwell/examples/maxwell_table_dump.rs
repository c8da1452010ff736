//! Prints every row of the Maxwell table with `{:#?}`, sorted by a stable key (form,
//! targets, opcode, mask) so that the print does not depend on where a row is written,
//! then each mnemonic's forms in table order (the order the assembler tries them in).
//! `scripts/table-dump-diff.sh` compares this print before and after a change to the row
//! files, which must leave it unchanged when it only rewrites or moves rows.
//!
//! The print is of the Maxwell rows as Maxwell sees them: rows that exist on no Maxwell
//! target (since sm_60 or later) are left out and a row's `until` is cut at sm_52, so that
//! adding Pascal rows, or extending a Maxwell row to the Pascal SMs, leaves the print as
//! it was (the script copies this file into the base tree: it must compile there too).

use gpumem_maxwell::table::{OpSpec, Target};

fn main() {
    let rows: Vec<OpSpec> = gpumem_maxwell::codec::ROWS
        .iter()
        .filter(|r| r.since <= Target::Sm52)
        .map(|r| OpSpec {
            until: r.until.min(Target::Sm52),
            ..**r
        })
        .collect();
    let rows: Vec<&OpSpec> = rows.iter().collect();
    let mut sorted: Vec<_> = rows.to_vec();
    sorted.sort_by_key(|r| (r.form, r.since, r.until, r.opcode, r.mask));
    println!("{sorted:#?}");
    let mut names: Vec<&str> = rows.iter().map(|r| r.name).collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let forms: Vec<&str> = rows
            .iter()
            .filter(|r| r.name == name)
            .map(|r| r.form)
            .collect();
        println!("{name}: {}", forms.join(" "));
    }
}
