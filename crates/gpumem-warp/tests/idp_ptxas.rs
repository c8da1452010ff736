//! PTX `dp4a` and `dp2a` compiled by ptxas 11.8 for sm_61 and sm_62
//! (tests/ptx/sm61/dot_product.ptx; cubins and SASS in tests/cubins/dot_product.sm_6x.*):
//! for sm_61 each of the twelve signedness and shape forms is one IDP (`IDP.4A.U8.S8`,
//! `IDP.2A.HI.S16.U8`, ...); for sm_62 ptxas emits no IDP (nvdisasm -b SM62 decodes the
//! words, ptxas lowers `dp4a`/`dp2a` to BFE/XMAD/IADD3), so that cubin checks the
//! lowering. Both run from the cubins over edge and random operands with the SM's own
//! table. Every result must equal the PTX ISA's definition ("Integer Arithmetic
//! Instructions: dp4a", "dp2a", their Semantics pseudocode), written out here.

use crate::common;
use common::triples;
use gpumem_maxwell::Target;
use gpumem_maxwell::table::Op;

/// Byte `i` of `x`, sign-extended when `signed` (PTX: `(atype == .u32) ? 0 : 1` as the
/// sign flag of each extracted part).
fn byte(x: u32, i: u32, signed: bool) -> i64 {
    let v = (x >> (8 * i)) & 0xff;
    if signed {
        v as u8 as i8 as i64
    } else {
        v as i64
    }
}

/// Half `i` of `x`, sign-extended when `signed`.
fn half(x: u32, i: u32, signed: bool) -> i64 {
    let v = (x >> (16 * i)) & 0xffff;
    if signed {
        v as u16 as i16 as i64
    } else {
        v as i64
    }
}

/// Output `k` of the kernel: 0-3 `dp4a` (a, b) = (u, u), (u, s), (s, u), (s, s); 4-7
/// `dp2a.lo`, 8-11 `dp2a.hi` in the same order. PTX: `dp4a`: d = c + sum over i of
/// a.b[i] * b.b[i]; `dp2a`: d = c + a.h[0] * b.b[k] + a.h[1] * b.b[k + 1], k = 0 for
/// `.lo`, 2 for `.hi`; the sum wraps to 32 bits.
fn meaning(k: usize, a: u32, b: u32, c: u32) -> u32 {
    let (sa, sb) = (k % 4 >= 2, k % 2 == 1);
    let sum: i64 = match k / 4 {
        0 => (0..4).map(|i| byte(a, i, sa) * byte(b, i, sb)).sum(),
        shape => {
            let base = if shape == 2 { 2 } else { 0 };
            (0..2).map(|i| half(a, i, sa) * byte(b, base + i, sb)).sum()
        }
    };
    (c as i64).wrapping_add(sum) as u32
}

fn operands(n: usize) -> Vec<[u32; 3]> {
    let edges = [
        0,
        1,
        0x7f,
        0x80,
        0xff,
        0x8000,
        0x7fff_7fff,
        0x8080_8080,
        0x7f7f_7f7f,
        0xffff_ffff,
        0x00ff_00ff,
        0x8000_0000,
    ];
    let mut out = vec![];
    for &a in &edges {
        for &b in &edges {
            out.push([a, b, edges[(a ^ b) as usize % edges.len()]]);
        }
    }
    triples::fill_xorshift(&mut out, 0x0d94_a61b, n);
    out
}

fn check(sm: &str, target: Target, idps: usize) {
    let (k, prog) = triples::load(&format!("dot_product.{sm}.cubin"), "dot_mix", target);
    let n = prog
        .insts
        .iter()
        .filter(|i| matches!(i, Ok(i) if i.op.op == Op::Idp))
        .count();
    assert_eq!(n, idps, "{sm}: IDPs in the cubin");
    let ops = operands(1024);
    let got = triples::run(&k, &prog, &ops, 12, sm);
    triples::compare(
        sm,
        &ops,
        12,
        &got,
        |k, [a, b, c]| meaning(k, a, b, c),
        |k| format!("form {k}"),
    );
}

#[test]
fn dp4a_dp2a_sm61_match_ptx() {
    check("sm_61", Target::Sm61, 12);
}

#[test]
fn dp4a_dp2a_sm62_match_ptx() {
    check("sm_62", Target::Sm62, 0);
}

/// sm_60 has no IDP: the sm_61 code decoded for sm_60 is refused, naming the SMs.
#[test]
fn sm60_refuses_idp() {
    let path = format!(
        "{}/../../tests/cubins/dot_product.sm_61.cubin",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap();
    let k = gpumem_maxwell::cubin::kernel(&bytes, Some("dot_mix")).unwrap();
    let text = gpumem_maxwell::disassemble(&k.code, 0, Target::Sm60).unwrap();
    let errs: Vec<String> = text
        .lines
        .iter()
        .filter_map(|l| l.inst.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert_eq!(errs.len(), 12, "{errs:?}");
    assert!(
        errs[0].contains("IDP_R does not exist on sm_60 (it exists on sm_61 and sm_62)"),
        "{}",
        errs[0]
    );
}

/// The reference on cases worked by hand.
#[test]
fn the_reference_on_hand_cases() {
    // dp4a.u32.u32: 1*5 + 2*6 + 3*7 + 4*8 + 10 = 80.
    assert_eq!(meaning(0, 0x0403_0201, 0x0807_0605, 10), 80);
    // dp4a.s32.s32: (-1)(-1) * 4 = 4.
    assert_eq!(meaning(3, 0xffff_ffff, 0xffff_ffff, 0), 4);
    // dp4a.u32.s32: 255 * (-1) * 4 = -1020.
    assert_eq!(meaning(1, 0xffff_ffff, 0xffff_ffff, 0), (-1020i32) as u32);
    // dp2a.lo.s32.u32: (-1) * 2 + 1 * 3 + 0 = 1 (b's bytes 0 and 1).
    assert_eq!(meaning(6, 0x0001_ffff, 0x0000_0302, 0), 1);
    // dp2a.hi.u32.u32: b's bytes 2 and 3: 2 * 4 + 3 * 5 = 23.
    assert_eq!(meaning(8, 0x0003_0002, 0x0504_0000, 0), 23);
}
