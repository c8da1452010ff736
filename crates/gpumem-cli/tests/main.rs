//! gpumem-cli's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-cli --test it FILE::`.

mod cli;
mod cuda;
mod explain_run;
mod guide;
mod layout;
mod listing;
