//! gpumem-run's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-run --test it FILE::`.

mod common;
mod cuda_samples;
mod fatbin;
mod hazards;
mod launch_state;
mod manifest;
mod module_vars;
mod never_panics;
mod schema;
mod timing;
mod unsupported_report;
