//! Differential test against NVIDIA's nvdisasm (CUDA 11.8), in both directions:
//!
//! 1. words generated from the table (every row x every modifier combination x sampled
//!    registers, predicates, offsets including extremes and negatives, control slots,
//!    and junk in the bits nvdisasm ignores) are disassembled by both tools: the whole
//!    output must be byte-identical;
//! 2. nvdisasm's own output is assembled by gpumem: every instruction word must come back
//!    (bits nvdisasm ignores are written as 0).
//!
//! A missing nvdisasm fails the test (see `gpumem_oracle::require`).

use gpumem_maxwell::codec::{ROWS, encode};
use gpumem_maxwell::inst::{Ctrl, Inst, Operand, ctrl_slot};
use gpumem_maxwell::table::{Latency, OpKind, OpSpec, Target};
use gpumem_maxwell::{SchedStyle, disassemble, inst_addr, render};
use gpumem_oracle::{Oracle, cuda_bin, require, run, temp_file};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every combination of modifier values of a row.
fn mod_combos(op: &OpSpec) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for g in op.mods {
        out = out
            .into_iter()
            .flat_map(|c| {
                g.vals
                    .iter()
                    .map(move |v| [c.clone(), vec![v.value]].concat())
            })
            .collect();
    }
    out
}

fn pick<T: Copy>(rng: &mut StdRng, xs: &[T]) -> T {
    xs[rng.gen_range(0..xs.len())]
}

fn reg(rng: &mut StdRng) -> u8 {
    match rng.gen_range(0..6) {
        0 => 0,
        1 => 255,
        2 => 254,
        _ => rng.r#gen(),
    }
}

/// A signed value for a field of `width` bits, extremes included.
fn signed(rng: &mut StdRng, width: u8) -> i64 {
    let max = (1i64 << (width - 1)) - 1;
    match rng.gen_range(0..8) {
        0 => 0,
        1 => max,
        2 => -max - 1,
        3 => -1,
        4 => 1,
        5 => rng.gen_range(-64..64),
        _ => rng.gen_range(-max - 1..=max),
    }
}

fn operand(rng: &mut StdRng, k: &OpKind, addr: u64) -> Operand {
    match *k {
        OpKind::Reg { neg, abs, not, .. } => Operand::Reg {
            r: reg(rng),
            neg: neg.is_some() && rng.gen_bool(0.3),
            abs: abs.is_some() && rng.gen_bool(0.3),
            not: not.is_some() && rng.gen_bool(0.3),
        },
        OpKind::Pred { neg, .. } => Operand::Pred {
            p: rng.gen_range(0..8),
            neg: neg.is_some() && rng.gen_bool(0.5),
        },
        OpKind::SparsePred { .. } => Operand::Pred {
            p: rng.gen_range(0..8),
            neg: false,
        },
        OpKind::Mem { imm, .. } => {
            let ra = reg(rng);
            let off = signed(rng, imm.width);
            // With RZ the field reads as unsigned.
            Operand::Mem {
                ra,
                off: if ra == 255 {
                    off & imm.max() as i64
                } else {
                    off
                },
            }
        }
        OpKind::ConstMem { imm, .. } => Operand::ConstMem {
            bank: rng.gen_range(0..32),
            ra: reg(rng),
            off: signed(rng, imm.width),
        },
        OpKind::ConstOperand { off, neg, abs, .. } => Operand::Const {
            bank: rng.gen_range(0..32),
            off: (rng.gen_range(0..=off.max()) as u32) * 4,
            neg: neg.is_some() && rng.gen_bool(0.3),
            abs: abs.is_some() && rng.gen_bool(0.3),
        },
        OpKind::Imm20 { f, .. } => Operand::Imm(signed(rng, f.width + 1)),
        OpKind::FImm20 { .. } => Operand::FImm(rng.r#gen::<u32>() & 0xffff_f000),
        OpKind::UImm { f } => Operand::Imm(rng.gen_range(0..=f.max()) as i64),
        OpKind::Imm32 { signed: s, .. } => {
            let v: u32 = rng.r#gen();
            Operand::Imm(if s { v as i32 as i64 } else { v as i64 })
        }
        OpKind::FImm32 { .. } => Operand::FImm(rng.r#gen()),
        OpKind::Target { .. } => Operand::Target(addr as i64 + 8 + 8 * rng.gen_range(-64..64)),
        OpKind::SReg { .. } => Operand::SReg(pick(rng, &gpumem_maxwell::alu::SREG_NUMBERS)),
        OpKind::CondCode { .. } => Operand::Cc(pick(rng, &gpumem_maxwell::alu::CC_NUMBERS)),
        OpKind::Scoreboard { .. } => Operand::Sb(rng.gen_range(0..6)),
    }
}

fn ctrl(rng: &mut StdRng, op: &OpSpec, last: bool) -> Ctrl {
    let mut c = Ctrl::from_slot(match rng.gen_range(0..6) {
        0 => 0x7e0,
        1 => 0x7e1,
        _ => rng.gen_range(0..(1u32 << 17)),
    });
    if op.latency == Latency::Fixed {
        c.wr = 7;
        c.rd = 7;
    }
    c.reuse = rng.gen_range(0..16) & if op.mem.is_some() { 0xf } else { op.reuse_ok };
    if last && c.dual_issue() {
        c.stall = 1;
    }
    c
}

/// Generates `n` instructions for `target`, covering every row and modifier combination.
fn corpus(target: Target, n: usize, seed: u64) -> Vec<(Inst, u64)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let rows: Vec<&'static OpSpec> = ROWS.iter().copied().filter(|r| r.since <= target).collect();
    let mut plan: Vec<(&'static OpSpec, Vec<u8>)> = Vec::new();
    for r in &rows {
        for c in mod_combos(r) {
            plan.push((r, c));
        }
    }
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    while out.len() < n {
        let (op, mods) = &plan[i % plan.len()];
        i += 1;
        let addr = inst_addr(out.len());
        let mut inst = Inst::new(op);
        inst.mods[..mods.len()].copy_from_slice(mods);
        let g: u8 = rng.gen_range(0..16);
        inst.guard = g & 7;
        inst.guard_neg = g & 8 != 0;
        for (k, kind) in op.operands.iter().enumerate() {
            inst.operands[k] = operand(&mut rng, kind, addr);
        }
        inst.ctrl = ctrl(&mut rng, op, false);
        // Junk in the ignored bits: nvdisasm must print the same.
        let junk = rng.r#gen::<u64>() & op.ignored;
        let word = encode(&inst, addr) | if rng.gen_bool(0.5) { junk } else { 0 };
        out.push((inst, word));
    }
    // No triples (nvdisasm drops or rejects what follows), and the last bundle's slot 2
    // cannot start a pair.
    let mut second = false;
    let n = out.len();
    for (i, (inst, _)) in out.iter_mut().enumerate() {
        if inst.ctrl.dual_issue() && (second || i + 1 == n) {
            inst.ctrl.stall = 1;
        }
        second = !second && inst.ctrl.dual_issue();
    }
    out
}

fn to_bytes(insts: &[(Inst, u64)]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for chunk in insts.chunks(3) {
        let mut slots = [0x7e0u32; 3];
        let mut words = [gpumem_maxwell::program::NOP_WORD; 3];
        for (k, (inst, w)) in chunk.iter().enumerate() {
            slots[k] = inst.ctrl.to_slot();
            words[k] = *w;
        }
        bytes.extend_from_slice(&gpumem_maxwell::inst::ctrl_word(slots).to_le_bytes());
        for w in words {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
    }
    bytes
}

fn differential(target: Target, n: usize, seed: u64) {
    let Oracle::Found(nvdisasm) = require(cuda_bin(), "nvdisasm") else {
        return;
    };
    let insts = corpus(target, n, seed);
    let bytes = to_bytes(&insts);
    let path = temp_file(&format!("diff-{target:?}-{seed}.bin"), &bytes);
    let (ok, theirs, err) = run(
        &nvdisasm,
        &[
            "-b",
            target.nvdisasm_name(),
            path.to_str().unwrap_or_default(),
        ],
        b"",
    );
    assert!(ok, "nvdisasm rejected the generated corpus: {err}");
    // Direction 1: word -> text.
    let d = disassemble(&bytes, 0, target).expect("whole bundles");
    let ours = render(&d, SchedStyle::None, false);
    let mismatches: Vec<String> = ours
        .lines()
        .zip(theirs.lines())
        .filter(|(a, b)| a != b)
        .take(20)
        .map(|(a, b)| format!("gpumem:   {a}\nnvdisasm: {b}"))
        .collect();
    assert!(
        mismatches.is_empty() && ours.lines().count() == theirs.lines().count(),
        "{}",
        mismatches.join("\n")
    );
    // Direction 2: nvdisasm's text -> word.
    let back = gpumem_maxwell::assemble(&theirs, target).unwrap_or_else(|e| {
        panic!(
            "gpumem rejects nvdisasm output: {:?}",
            &e.0[..e.0.len().min(5)]
        )
    });
    assert_eq!(back.len(), bytes.len());
    let mut bad = Vec::new();
    for (i, (inst, w)) in insts.iter().enumerate() {
        let off = inst_addr(i) as usize;
        let got = u64::from_le_bytes(back[off..off + 8].try_into().unwrap_or_default());
        if got != w & !inst.op.ignored {
            bad.push(format!(
                "{:#06x}: {w:#018x} assembled back as {got:#018x}",
                off
            ));
        }
        // The dual-issue flag survives nvdisasm's text (as the `{ }` braces).
        let cw = u64::from_le_bytes(
            back[off & !31..(off & !31) + 8]
                .try_into()
                .unwrap_or_default(),
        );
        let c = Ctrl::from_slot(ctrl_slot(cw, i % 3));
        if !pair_second(&insts, i) && c.dual_issue() != inst.ctrl.dual_issue() {
            bad.push(format!("{off:#06x}: dual-issue flag lost"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} words differ:\n{}",
        bad.len(),
        insts.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    eprintln!(
        "{target:?}: {} words, 0 mismatches in either direction",
        insts.len()
    );
}

/// Whether instruction `i` is the second of a dual-issue pair.
fn pair_second(insts: &[(Inst, u64)], i: usize) -> bool {
    let mut second = false;
    for (j, (inst, _)) in insts.iter().enumerate().take(i + 1) {
        if j == i {
            return second;
        }
        second = !second && inst.ctrl.dual_issue();
    }
    false
}

#[test]
fn nvdisasm_agrees_sm50() {
    for seed in 0..3 {
        differential(Target::Sm50, 50_000, seed);
    }
}

#[test]
fn nvdisasm_agrees_sm52() {
    for seed in 10..12 {
        differential(Target::Sm52, 50_000, seed);
    }
}
