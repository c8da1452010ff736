//! Decodes words made from every row of the Maxwell table (its fixed bits, the rest
//! random from a seed that depends on the row's form only), and from every two rows whose
//! fixed bits can match one word (both rows' fixed bits), on both targets, and prints
//! which row each word decodes to: `scripts/table-dump-diff.sh` compares this print
//! before and after a change to the table, which must not change which row a word is.

use gpumem_maxwell::codec::{ROWS, find_row_on};
use gpumem_maxwell::table::{OpSpec, Target};

fn main() {
    // The Maxwell rows on the Maxwell targets (maxwell_table_dump.rs: the print stays as it was
    // when Pascal rows are added).
    let owned: Vec<OpSpec> = ROWS
        .iter()
        .filter(|r| r.since <= Target::Sm52)
        .map(|r| OpSpec {
            until: r.until.min(Target::Sm52),
            ..**r
        })
        .collect();
    let mut rows: Vec<&OpSpec> = owned.iter().collect();
    rows.sort_by_key(|r| (r.form, r.since, r.until, r.opcode, r.mask));
    let mut jobs: Vec<(String, u64, u64, usize)> = rows
        .iter()
        .map(|r| (r.form.to_string(), r.opcode, r.mask, 96))
        .collect();
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            if (a.opcode ^ b.opcode) & a.mask & b.mask == 0 {
                let key = format!("{}+{}", a.form, b.form);
                jobs.push((key, a.opcode | b.opcode, a.mask | b.mask, 12));
            }
        }
    }
    for (key, opcode, mask, n) in jobs {
        // FNV-1a of the key, then splitmix64.
        let mut s = key.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        let mut next = || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for i in 0..n {
            // Sparse, dense and plain random fillings of the free bits.
            let x = match i % 3 {
                0 => next() & next(),
                1 => next() | next(),
                _ => next(),
            };
            let word = opcode | (x & !mask);
            for t in Target::ALL.into_iter().filter(|t| *t <= Target::Sm52) {
                let got = find_row_on(word, t).map_or("-", |o| o.form);
                println!("{word:016x} {} {got}", t.name());
            }
        }
    }
}
