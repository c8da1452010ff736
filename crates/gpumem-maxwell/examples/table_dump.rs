//! Prints every row of the Maxwell table (`codec::ROWS`, in table order) with `{:#?}`:
//! `scripts/table-dump-diff.sh` compares this print before and after a change to the
//! row files, which must leave it unchanged when it only rewrites how rows are written.

fn main() {
    println!("{:#?}", *gpumem_maxwell::codec::ROWS);
}
