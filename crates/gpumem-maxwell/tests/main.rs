//! gpumem-maxwell's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-maxwell --test it FILE::`.

mod sweep;

mod alu_examples;
mod breadth_f;
mod breadth_g;
mod breadth_h;
mod cfg_flow;
mod cubin_info;
mod cubins;
mod cuda_samples;
mod differential;
mod golden;
mod lint;
mod opcode_census;
mod parse;
mod random_words;
mod relocations;
mod roundtrip;
mod stream;
mod table;
mod texture;
