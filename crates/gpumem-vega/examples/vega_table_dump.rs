//! Prints every row of the Vega table (`table::TABLE`, in table order) with `{:#?}`:
//! `scripts/table-dump-diff.sh` compares this print before and after a change to the
//! table, which must leave it unchanged when it only rewrites how rows are written.

fn main() {
    println!("{:#?}", gpumem_vega::table::TABLE);
}
