//! PTX f16x2 arithmetic and compares compiled by ptxas 11.8 for sm_53 (tests/ptx/sm53/
//! half_f16.ptx; the cubin and its SASS in tests/cubins/half_f16.sm_53.*). sm_53 is the
//! Maxwell encoding with the half-precision rows (ptxas refuses f16 arithmetic for sm_52:
//! "requires .target sm_53 or higher"), so its HADD2/HMUL2/HFMA2/HSET2/HSETP2 words are
//! the rows gpumem decodes as SM52 text. The kernel runs here as sm_52 code; every result
//! must be the PTX instruction's meaning, computed by the exact reference of
//! tests/f16ref (no soft-float library). This checks the compiler's reading of the rows:
//! H1 printed first in immediates, `-RZ.H0_H0` as -0, `.H0_H0`/`.H1_H1` swizzles, HSETP2's
//! Pd = low half and Pq = high half, HSET2's 0xffff and `.BF` 1.0.

use crate::common;
#[allow(dead_code)]
use crate::f16ref;

use common::triples;
use f16ref::{Op, is_nan, reference, value};
use gpumem_maxwell::Target;
use gpumem_maxwell::table::Op as Row;
const OUTS: usize = 16;

/// The meaning of output `k` (tests/ptx/sm53/half_f16.ptx, in order) for words a, b, c.
fn meaning(k: usize, a: u32, b: u32, c: u32) -> u32 {
    let h = |w: u32, i: usize| (w >> (16 * i)) as u16;
    let per_lane = |f: &dyn Fn(u16, u16, u16) -> u16| {
        (f(h(a, 1), h(b, 1), h(c, 1)) as u32) << 16 | f(h(a, 0), h(b, 0), h(c, 0)) as u32
    };
    let lt = |x: u16, y: u16| value(x) < value(y);
    let konst = 0x3c01_c000u32;
    match k {
        0 => per_lane(&|a, b, _| reference(Op::Add, a, b, 0, false, false)),
        1 => per_lane(&|a, b, _| reference(Op::Mul, a, b, 0, false, false)),
        2 => per_lane(&|a, b, c| reference(Op::Fma, a, b, c, false, false)),
        3 => per_lane(&|a, b, _| reference(Op::Add, a, b, 0, true, true)),
        4 => per_lane(&|a, b, c| reference(Op::Fma, a, b, c, true, false)),
        // neg/abs: the sign bits (a NaN operand gives the canonical NaN).
        5 => per_lane(&|a, _, _| if is_nan(a) { 0x7fff } else { a ^ 0x8000 }),
        6 => per_lane(&|_, b, _| if is_nan(b) { 0x7fff } else { b & 0x7fff }),
        // setp.lt.f16x2 p|q: p the low halves, q the high ones (ordered).
        7 => lt(h(a, 0), h(b, 0)) as u32 | (lt(h(a, 1), h(b, 1)) as u32) << 1,
        // set.gtu.u32.f16x2: 0xffff per half (unordered or greater).
        8 => per_lane(&|a, b, _| {
            let (x, y) = (value(a), value(b));
            if x.is_nan() || y.is_nan() || x > y {
                0xffff
            } else {
                0
            }
        }),
        // set.ge.f16x2.f16x2: 1.0 per half.
        9 => per_lane(&|a, _, c| if value(a) >= value(c) { 0x3c00 } else { 0 }),
        // add.f16 of a's low half and b's high half, in both halves.
        10 => {
            let r = reference(Op::Add, h(a, 0), h(b, 1), 0, false, false) as u32;
            r << 16 | r
        }
        11 => {
            (reference(Op::Fma, h(b, 1), h(konst, 1), h(c, 1), false, false) as u32) << 16
                | reference(Op::Fma, h(b, 0), h(konst, 0), h(c, 0), false, false) as u32
        }
        12 => {
            (reference(Op::Mul, h(a, 1), h(konst, 1), 0, false, false) as u32) << 16
                | reference(Op::Mul, h(a, 0), h(konst, 0), 0, false, false) as u32
        }
        // setp.ne.or.f16x2 p|q, b, c, p1 (p1 = the low halves' a < b); ne is ordered.
        13 => {
            let p1 = lt(h(a, 0), h(b, 0));
            let ne = |x: u16, y: u16| {
                let (x, y) = (value(x), value(y));
                !x.is_nan() && !y.is_nan() && x != y
            };
            (ne(h(b, 0), h(c, 0)) || p1) as u32 | ((ne(h(b, 1), h(c, 1)) || p1) as u32) << 1
        }
        14 => per_lane(&|_, b, c| reference(Op::Mul, b, c, 0, false, true)),
        // sub: a + (-b), the same IEEE result.
        _ => per_lane(&|a, b, _| reference(Op::Add, a, b ^ 0x8000, 0, false, false)),
    }
}

/// Every pair of edge halves (both lanes), then xorshift words.
fn operands(n: usize) -> Vec<[u32; 3]> {
    let edges: [u16; 16] = [
        0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x3c00,
        0xbc00, 0x3c01, 0x3800, 0x1000, 0x5bff,
    ];
    let mut out = vec![];
    for (i, &a) in edges.iter().enumerate() {
        for (j, &b) in edges.iter().enumerate() {
            let w = |x: u16, y: u16| (x as u32) << 16 | y as u32;
            let c = edges[(i * 5 + j * 3) % 16];
            out.push([w(a, b), w(b, a), w(c, edges[(i + j) % 16])]);
        }
    }
    triples::fill_xorshift(&mut out, 0x2545_f491, n);
    out
}

#[test]
fn ptxas_sm53_half_kernel_matches_ptx() {
    let (k, prog) = triples::load("half_f16.sm_53.cubin", "half_mix", Target::Sm52);
    // ptxas kept the f16 operations as half rows (16 of them, every family).
    let rows: Vec<Row> = prog
        .insts
        .iter()
        .filter_map(|i| i.as_ref().ok())
        .map(|i| i.op.op)
        .filter(|op| {
            matches!(
                op,
                Row::Hadd2 | Row::Hmul2 | Row::Hfma2 | Row::Hset2 | Row::Hsetp2
            )
        })
        .collect();
    assert_eq!(rows.len(), 16, "half rows in the cubin: {rows:?}");
    for op in [Row::Hadd2, Row::Hmul2, Row::Hfma2, Row::Hset2, Row::Hsetp2] {
        assert!(rows.contains(&op), "{op:?} missing");
    }
    let ops = operands(4096);
    let got = triples::run(&k, &prog, &ops, OUTS, "half_f16.sm_53");
    triples::compare(
        "half_f16.sm_53",
        &ops,
        OUTS,
        &got,
        |k, [a, b, c]| meaning(k, a, b, c),
        |k| format!("output {k}"),
    );
}
