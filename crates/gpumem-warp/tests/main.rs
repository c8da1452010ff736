//! gpumem-warp's tests in one binary (one link, one process): every file of tests/ is a
//! module here (gpumem-cli's `layout` test checks that none is left out). Run one file's
//! tests with `cargo test -p gpumem-warp --test it FILE::`.

mod common;
mod f16ref;

mod atom_f64_ptxas;
mod atomics;
mod barriers;
mod breadth_f;
mod breadth_g;
mod breadth_h;
mod cc_tests;
mod cctl;
mod control;
mod control_sys;
mod corpus;
mod devcall;
mod forms;
mod fp_props;
mod fswzadd;
mod generic;
mod golden_exec;
mod half_props;
mod half_ptxas;
mod half_words;
mod hazards;
mod idp_ptxas;
mod imadsp;
mod imm_ptxas;
mod imm_sweep;
mod indirect_ptxas;
mod inventory;
mod parallel;
mod ptxas_kernels;
mod registers;
mod samples_ops;
mod seed_rules;
mod sfu;
mod silicon;
mod subforms;
mod textures;
mod vabsdiff4_ptxas;
mod vmad_ptxas;
mod warpwide;
mod xmad_csfu;
