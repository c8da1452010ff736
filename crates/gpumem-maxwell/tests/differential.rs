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

use gpumem_maxwell::inst::{Ctrl, Inst, ctrl_slot};
use gpumem_maxwell::sample::{corpus, to_bytes};
use gpumem_maxwell::table::Target;
use gpumem_maxwell::{SchedStyle, disassemble, inst_addr, render};
use gpumem_oracle::{Oracle, cuda_bin, require, run, temp_file};

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
    let mut nan = 0;
    for (i, (inst, w)) in insts.iter().enumerate() {
        let off = inst_addr(i) as usize;
        let got = u64::from_le_bytes(back[off..off + 8].try_into().unwrap_or_default());
        // nvdisasm prints every NaN immediate as `QNAN` (`SNAN`): its payload cannot
        // come back; nor can a modifier value it spells like another value of its group
        // (F2F's `.PASS` for roundings 1-3).
        if d.lines[i].text().contains("QNAN")
            || d.lines[i].text().contains("SNAN")
            || spelled_ambiguously(inst)
        {
            nan += 1;
            continue;
        }
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
        "{target:?}: {} words, 0 mismatches in either direction ({nan} NaN immediates or ambiguous spellings checked one way)",
        insts.len()
    );
}

/// Whether a modifier value of `inst` has a spelling that another value of its group
/// shares (the text cannot say which value the word holds).
fn spelled_ambiguously(inst: &Inst) -> bool {
    inst.op.mods.iter().enumerate().any(|(k, g)| {
        g.spell(&inst.mods, inst.mods[k]).is_some_and(|v| {
            !v.text.is_empty()
                && g.vals_for(&inst.mods)
                    .iter()
                    .filter(|o| o.text == v.text)
                    .count()
                    > 1
        })
    })
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
