//! Every distinct instruction of the CUDA samples' kernels (tests/cuda-samples, nvcc 11.8
//! for sm_50 and sm_52) runs alone on one warp (zeroed registers, then EXIT): no panic
//! on any of them, and none of the families this crate models by value (float, double,
//! conversions, SFU, integer multiply/compare, predicates, video) raises `unsupported`.
//! Faults of other kinds (addresses, branch targets) are expected and ignored. The run
//! prints how many distinct instructions still meet `unsupported`, by message.

use gpumem_maxwell::table::Op;
use gpumem_maxwell::{Inst, Target, cubin, program};
use gpumem_warp::{Emulator, FaultKind, LaunchConfig, Program};
use std::collections::{BTreeMap, HashSet};

/// The operations whose value semantics this crate models completely for what nvcc emits.
const MODELLED: &[Op] = &[
    Op::Fadd,
    Op::Fmul,
    Op::Ffma,
    Op::Fsetp,
    Op::Fset,
    Op::Fcmp,
    Op::Fmnmx,
    Op::Fchk,
    Op::Dadd,
    Op::Dmul,
    Op::Dfma,
    Op::Dmnmx,
    Op::Dset,
    Op::Dsetp,
    Op::Mufu,
    Op::Rro,
    Op::F2f,
    Op::F2i,
    Op::I2f,
    Op::I2i,
    Op::Imul,
    Op::Imad,
    Op::Icmp,
    Op::Iset,
    Op::Isetp,
    Op::Imnmx,
    Op::Lea,
    Op::LeaHi,
    Op::P2r,
    Op::R2p,
    Op::Cs2r,
    Op::S2r,
    Op::Iadd,
    Op::Iadd3,
    Op::Iscadd,
    Op::Lop,
    Op::Lop3,
    Op::Shl,
    Op::Shr,
    Op::Bfe,
    Op::Bfi,
    Op::Prmt,
    Op::Popc,
    Op::Flo,
    Op::Sel,
    Op::Psetp,
    Op::Pset,
    Op::Mov,
    Op::Vadd,
    Op::Vabsdiff,
    Op::Vmnmx,
    Op::Vset,
    Op::Vshl,
    Op::Vshr,
];

fn exit() -> Inst {
    Program::from_sass("EXIT ;", Target::Sm52).unwrap().insts[0]
        .clone()
        .expect("EXIT assembles")
}

#[test]
fn every_sample_instruction_runs_and_modelled_families_are_never_unsupported() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cuda-samples");
    let manifest = std::fs::read_to_string(format!("{root}/MANIFEST.tsv")).unwrap();
    let exit = exit();
    let mut seen = HashSet::new();
    let mut gaps: BTreeMap<String, usize> = BTreeMap::new();
    let mut bad = vec![];
    let (mut total, mut distinct) = (0usize, 0usize);
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let file = cols[0];
        // Cubins with no kernel (device-function-only modules) have nothing to run.
        if cols[3] == "0" {
            continue;
        }
        let target = if file.starts_with("sm_52") {
            Target::Sm52
        } else {
            Target::Sm50
        };
        let bytes = std::fs::read(format!("{root}/{file}")).unwrap();
        for k in cubin::kernels(&bytes).unwrap() {
            let prog = Program::from_bytes(&k.code, target).unwrap();
            for (inst, text) in prog.insts.iter().zip(&prog.texts) {
                let Ok(inst) = inst else { continue };
                total += 1;
                if !seen.insert((target as u8, text.clone())) {
                    continue;
                }
                distinct += 1;
                let one = Program::from_bytes(&program::layout(&[*inst, exit]), target).unwrap();
                let mut emu = Emulator::new(
                    &one,
                    LaunchConfig {
                        max_steps: 1000,
                        ..LaunchConfig::default()
                    },
                );
                emu.run();
                if let Some(f) = emu.faults.iter().find(|f| f.kind == FaultKind::Unsupported) {
                    // The message without the instruction's text.
                    let m = f.message.split(" (").next().unwrap_or_default();
                    *gaps.entry(m.to_string()).or_default() += 1;
                    if MODELLED.contains(&inst.op.op) {
                        bad.push(format!("{text}: {}", f.message));
                    }
                }
            }
        }
    }
    let unsupported: usize = gaps.values().sum();
    println!(
        "{distinct} distinct of {total} sample instructions; {unsupported} meet `unsupported`:"
    );
    for (m, n) in &gaps {
        println!("  {n:6}  {m}");
    }
    assert!(
        distinct > 10_000,
        "only {distinct} distinct instructions read"
    );
    assert!(
        bad.is_empty(),
        "{} modelled instructions are unsupported:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
