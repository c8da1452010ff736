//! PTX `vabsdiff4` compiled by ptxas 11.8 (tests/ptx/vabsdiff4.ptx; cubins and SASS in
//! tests/cubins/vabsdiff4.sm_5x.*): the two forms ptxas keeps as one VABSDIFF4
//! (`VABSDIFF4.U8.U8`, the merge into C with every byte, and `VABSDIFF4.U8.U8.ACC`, the
//! `.add` form), run from the cubins for sm_50 and sm_52 over edge and random operands.
//! Every result must equal the PTX ISA's definition ("SIMD Video Instructions: vadd4,
//! vsub4, vavrg4, vabsdiff4, vmin4, vmax4", its Semantics pseudocode), written out here.

use crate::common;
use common::triples;
use gpumem_maxwell::Target;
use gpumem_maxwell::table::Op;

/// `vabsdiff4.u32.u32.u32[.add] d, a, b, c` with the default selectors (`.b3210` of a,
/// `.b7654` of b) and mask (`.b3210`), no `.sat`: PTX's pseudocode line by line.
fn meaning(add: bool, a: u32, b: u32, c: u32) -> u32 {
    // extractAndSignExt_4: the bytes, zero-extended (.u32 types).
    let va: Vec<i64> = (0..4).map(|i| (a >> (8 * i) & 0xff) as i64).collect();
    let vb: Vec<i64> = (0..4).map(|i| (b >> (8 * i) & 0xff) as i64).collect();
    let vc: Vec<i64> = (0..4).map(|i| (c >> (8 * i) & 0xff) as i64).collect();
    let t: Vec<i64> = (0..4).map(|i| (va[i] - vb[i]).abs()).collect();
    let mask = [true; 4];
    if add {
        let mut d = c as i64;
        for i in 0..4 {
            d += if mask[i] { t[i] } else { 0 };
        }
        d as u32
    } else {
        let mut d = 0u32;
        for i in 0..4 {
            let x = if mask[i] { t[i] } else { vc[i] };
            d |= ((x as u32) & 0xff) << (8 * i);
        }
        d
    }
}

fn operands(n: usize) -> Vec<[u32; 3]> {
    let edges = [
        0,
        1,
        0x7f,
        0x80,
        0xff,
        0x8080_8080,
        0x7f7f_7f7f,
        0xffff_ffff,
        0x00ff_00ff,
    ];
    let mut out = vec![];
    for &a in &edges {
        for &b in &edges {
            out.push([a, b, edges[(a ^ b) as usize % edges.len()]]);
        }
    }
    triples::fill_xorshift(&mut out, 0x1234_5678, n);
    out
}

fn check(sm: &str, target: Target) {
    let (k, prog) = triples::load(&format!("vabsdiff4.{sm}.cubin"), "vabsdiff4_mix", target);
    let n = prog
        .insts
        .iter()
        .filter(|i| matches!(i, Ok(i) if i.op.op == Op::Vabsdiff4))
        .count();
    assert_eq!(n, 2, "{sm}: VABSDIFF4s in the cubin");
    let ops = operands(1024);
    // Output 0: the merge form, output 1: `.ACC` (`add`).
    let got = triples::run(&k, &prog, &ops, 2, sm);
    triples::compare(
        sm,
        &ops,
        2,
        &got,
        |k, [a, b, c]| meaning(k == 1, a, b, c),
        |k| format!("add={}", k == 1),
    );
}

#[test]
fn vabsdiff4_sm50_matches_ptx() {
    check("sm_50", Target::Sm50);
}

#[test]
fn vabsdiff4_sm52_matches_ptx() {
    check("sm_52", Target::Sm52);
}

/// The reference on cases worked by hand.
#[test]
fn the_reference_on_hand_cases() {
    assert_eq!(meaning(false, 0x10ff_0005, 0x2000_0a00, 0), 0x10ff_0a05);
    assert_eq!(meaning(true, 0x10ff_0005, 0x2000_0a00, 100), 386);
    assert_eq!(meaning(true, 0xffff_ffff, 0, 0xffff_ffff), 1019);
}
