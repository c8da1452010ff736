//! gpumem-tex's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-tex --test it FILE::`.

mod never_panics;
mod silicon;
mod surfaces;
