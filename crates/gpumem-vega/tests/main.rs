//! gpumem-vega's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-vega --test it FILE::`.

mod common;
mod llvm_words;

mod asm;
mod decoder_random;
mod differential;
mod golden;
mod props;
mod vector_props;
mod vector_random;
