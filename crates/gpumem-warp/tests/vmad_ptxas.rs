//! PTX `vmad` compiled by ptxas 11.8 (tests/ptx/vmad.ptx; cubins and their SASS in
//! tests/cubins/vmad.sm_5x.*): sixteen variants (types, byte/half selects, negated product
//! or C, `.po`, `.shr7`/`.shr15`, `.sat`) that ptxas turns into sixteen VMADs, run from
//! the cubins for sm_50 and sm_52 over edge and random operands. Every result must equal
//! the PTX ISA's definition of `vmad` ("Scalar Video Instructions: vmad", its Semantics
//! pseudocode), computed here literally on 128-bit two's-complement words, independently of
//! the executor's arithmetic.

use crate::common;
use common::triples;
use gpumem_maxwell::Target;
use gpumem_maxwell::table::Op;

/// A source's part: the word, byte `n` or half `n`.
#[derive(Clone, Copy)]
enum Sel {
    W,
    B(u32),
    H(u32),
}
use Sel::*;

/// One PTX variant: `vmad.dtype.atype.btype[.po][.sat][.scale] d, [-]a.asel, [-]b.bsel, [-]c`.
struct V {
    a_signed: bool,
    asel: Sel,
    b_signed: bool,
    bsel: Sel,
    /// `-a` or `-b` (exactly one): the product is negated.
    neg_ab: bool,
    neg_c: bool,
    po: bool,
    sat: bool,
    shift: u32,
}

/// The variants of tests/ptx/vmad.ptx, in the order of their outputs.
#[rustfmt::skip]
fn variants() -> Vec<V> {
    let v = |a_signed, asel, b_signed, bsel, neg_ab, neg_c, po, sat, shift| V {
        a_signed, asel, b_signed, bsel, neg_ab, neg_c, po, sat, shift,
    };
    vec![
        v(true, B(1), false, H(0), false, true, false, true, 0), // s32.s32.u32.sat a.b1, b.h0, -c
        v(false, H(1), false, H(0), false, false, false, false, 15), // u32.u32.u32.shr15 a.h1, b.h0, c
        v(true, W, true, B(2), false, false, true, false, 0), // s32.s32.s32.po a, b.b2, c
        v(false, W, false, W, false, false, false, false, 0), // u32.u32.u32 a, b, c
        v(false, W, false, W, false, true, false, true, 0), // s32.u32.u32.sat a, b, -c
        v(true, H(0), true, H(1), false, false, false, true, 7), // s32.s32.s32.sat.shr7 a.h0, b.h1, c
        v(true, W, true, W, true, false, false, false, 0), // s32.s32.s32 -a, b, c
        v(false, B(3), true, B(0), true, false, false, true, 0), // s32.u32.s32.sat a.b3, -b.b0, c
        v(false, H(0), false, H(0), false, false, false, true, 0), // u32.u32.u32.sat a.h0, b.h0, c
        v(true, W, true, W, false, false, false, true, 0), // s32.s32.s32.sat a, b, c
        v(false, W, false, W, false, false, false, true, 15), // u32.u32.u32.sat.shr15 a, b, c
        v(true, B(2), true, H(1), true, false, false, false, 15), // s32.s32.s32.shr15 -a.b2, b.h1, c
        v(false, B(0), true, B(1), false, true, false, true, 0), // u32.u32.s32.sat a.b0, b.b1, -c
        v(true, H(1), true, H(1), false, false, true, true, 0), // s32.s32.s32.po.sat a.h1, b.h1, c
        v(false, B(3), false, W, false, false, true, false, 7), // u32.u32.u32.po.shr7 a.b3, b, c
        v(false, W, true, H(0), false, false, false, false, 0), // s32.u32.s32 a, b.h0, c
    ]
}

/// PTX's `partSelectSignExtend`, as a 128-bit two's-complement word.
fn part(v: u32, signed: bool, sel: Sel) -> u128 {
    let (x, bits) = match sel {
        W => (v as u128, 32),
        B(n) => ((v >> (8 * n)) as u128 & 0xff, 8),
        H(n) => ((v >> (16 * n)) as u128 & 0xffff, 16),
    };
    if signed && (x >> (bits - 1)) & 1 == 1 {
        x | (!0u128 << bits)
    } else {
        x
    }
}

/// The PTX ISA's `vmad` semantics, line by line.
fn meaning(v: &V, a: u32, b: u32, c: u32) -> u32 {
    let ta = part(a, v.a_signed, v.asel);
    let tb = part(b, v.b_signed, v.bsel);
    let signed_final = v.a_signed || v.b_signed || v.neg_ab || v.neg_c;
    let mut tmp = ta.wrapping_mul(tb);
    let mut c = c;
    let mut lsb = 0u128;
    if v.po {
        lsb = 1;
    } else if v.neg_ab {
        tmp = !tmp;
        lsb = 1;
    } else if v.neg_c {
        c = !c;
        lsb = 1;
    }
    let c128 = if signed_final {
        c as i32 as i128 as u128
    } else {
        c as u128
    };
    let tmp = tmp.wrapping_add(c128).wrapping_add(lsb);
    let result = ((tmp >> v.shift) & 0xffff_ffff_ffff_ffff) as u64;
    let result = if !v.sat {
        result
    } else if signed_final {
        (result as i64).clamp(i32::MIN as i64, i32::MAX as i64) as u64
    } else {
        result.min(u32::MAX as u64)
    };
    result as u32
}

/// Edge operands first, then xorshift words.
fn operands(n: usize) -> Vec<[u32; 3]> {
    let edges = [
        0,
        1,
        0x7f,
        0x80,
        0xff,
        0x7fff,
        0x8000,
        0xffff,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x8080_8080,
        0x7f7f_7f7f,
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
    let (k, prog) = triples::load(&format!("vmad.{sm}.cubin"), "vmad_mix", target);
    let vs = variants();
    // Every variant is one VMAD (nothing is lowered to other instructions).
    let vmads = prog
        .insts
        .iter()
        .filter(|i| matches!(i, Ok(i) if i.op.op == Op::Vmad))
        .count();
    assert_eq!(vmads, vs.len(), "{sm}: VMADs in the cubin");
    let ops = operands(512);
    let got = triples::run(&k, &prog, &ops, vs.len(), sm);
    triples::compare(
        sm,
        &ops,
        vs.len(),
        &got,
        |k, [a, b, c]| meaning(&vs[k], a, b, c),
        |k| format!("variant {k}"),
    );
}

#[test]
fn vmad_sm50_matches_ptx() {
    check("sm_50", Target::Sm50);
}

#[test]
fn vmad_sm52_matches_ptx() {
    check("sm_52", Target::Sm52);
}

/// The reference itself, on cases worked by hand (so a wrong reference cannot agree with a
/// wrong executor unnoticed).
#[test]
fn the_reference_on_hand_cases() {
    let vs = variants();
    // u32 x u32 + u32, no saturation: the low word of 0x10000 * 0x10000 + 5.
    assert_eq!(meaning(&vs[3], 0x10000, 0x10000, 5), 5);
    // s32.u32.u32.sat a, b, -c: 3 * 4 - 100 is signed (C negated): -88.
    assert_eq!(meaning(&vs[4], 3, 4, 100), -88i32 as u32);
    // u32.u32.u32.sat.shr15: (0xffffffff^2) >> 15 saturates.
    assert_eq!(meaning(&vs[10], u32::MAX, u32::MAX, 0), u32::MAX);
    // -a * b + c: -(3 * 4) + 100.
    assert_eq!(meaning(&vs[6], 3, 4, 100), 88);
    // .po: a * b.b2 + c + 1 with b's byte 2 = -1 (signed).
    assert_eq!(meaning(&vs[2], 3, 0x00ff_0000, 10), 8);
    // s32.s32.s32.sat.shr7 a.h0, b.h1, c: (-32768 * -32768) >> 7 = 2^23.
    assert_eq!(meaning(&vs[5], 0x8000, 0x8000_0000, 0), 1 << 23);
}
