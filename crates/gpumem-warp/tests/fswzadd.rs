//! FSWZADD, the quad swizzle add (SEMANTICS.md, "FSWZADD"): each lane picks its operation
//! by its position in its quad, upper left (lane 0 of the quad) in the swizzle's first
//! printed pair. Checked per lane, and on the derivative sequences nouveau's GM107 backend
//! emits (`SHFL.BFLY` by 1 or 2 within the quad, then FSWZADD with its dFdx / dFdy
//! swizzles), whose results must be the finite differences across the quad.

use crate::common;

use common::*;

/// R2 = lane as f32, R3 = 100.0, then `FSWZADD R4, R2, R3, swz`; each lane's R4.
fn per_lane(swz: &str) -> Vec<f32> {
    let body = format!(
        "I2F.F32.S32 R2, R0 ;\nMOV32I R3, 0x42c80000 ;\nFSWZADD R4, R2, R3, {swz} ;\nSTG [R20], R4 ;"
    );
    let r = run(&body, |_| {});
    assert!(r.faults.is_empty(), "{swz}: {:?}", r.faults);
    (0..32).map(|l| f32::from_bits(r.out(l))).collect()
}

#[test]
fn each_quad_position_takes_its_own_pair() {
    // Upper left PP (a + b), upper right NP (-a + b), lower left PN (a - b), lower right
    // ZP (0 + b).
    let got = per_lane("PPNPPNZP");
    for (l, &g) in got.iter().enumerate() {
        let a = l as f32;
        let want = match l % 4 {
            0 => a + 100.0,
            1 => 100.0 - a,
            2 => a - 100.0,
            _ => 100.0,
        };
        assert_eq!(g, want, "lane {l}");
    }
    // The mirror image: each position's operation moves with its pair.
    let got = per_lane("ZPPNNPPP");
    for (l, &g) in got.iter().enumerate() {
        let a = l as f32;
        let want = match l % 4 {
            0 => 100.0,
            1 => a - 100.0,
            2 => 100.0 - a,
            _ => a + 100.0,
        };
        assert_eq!(g, want, "lane {l}");
    }
}

/// x = lane² as f32; `SHFL.BFLY` by `xid` within quads, then FSWZADD Rd, shuffled, x.
fn derivative(xid: u32, swz: &str) -> Vec<f32> {
    let body = format!(
        "XMAD R1, R0, R0, RZ ;\nI2F.F32.S32 R2, R1 ;\nSHFL.BFLY PT, R3, R2, {xid:#x}, 0x1c03 ;\n\
         FSWZADD R4, R3, R2, {swz} ;\nSTG [R20], R4 ;"
    );
    let r = run(&body, |_| {});
    assert!(r.faults.is_empty(), "{swz}: {:?}", r.faults);
    (0..32).map(|l| f32::from_bits(r.out(l))).collect()
}

#[test]
fn nouveau_derivatives_are_finite_differences() {
    let x = |l: usize| (l * l) as f32;
    // dFdx: QUADOP(SUB, SUBR, SUB, SUBR) (UL UR LL LR) = PN NP PN NP, after SHFL.BFLY 1.
    for (l, &g) in derivative(1, "PNNPPNNP").iter().enumerate() {
        let row = l & !1;
        assert_eq!(g, x(row + 1) - x(row), "dFdx lane {l}");
    }
    // dFdy: QUADOP(SUB, SUB, SUBR, SUBR) = PN PN NP NP, after SHFL.BFLY 2.
    for (l, &g) in derivative(2, "PNPNNPNP").iter().enumerate() {
        let col = l & !2;
        assert_eq!(g, x(col + 2) - x(col), "dFdy lane {l}");
    }
}
