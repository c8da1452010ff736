//! gpumem-timing's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-timing --test it FILE::`.

mod cctl;
mod pchase;
mod samples;
mod scenarios;
mod trace;
