//! SHFL and VOTE (SEMANTICS.md, "Warp-wide instructions"): each mode with immediate and
//! register lane and mask operands, segments narrower than the warp, the predicate
//! output, inactive lanes (they neither vote nor receive; a shuffle still reads their
//! registers). Expected values are computed here from the PTX definitions.

use crate::common;
use common::*;

fn outs(body: &str) -> Vec<u32> {
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{body}\n{:?}", r.faults);
    (0..32).map(|l| r.out(l)).collect()
}

fn expect(body: &str, f: impl Fn(u32) -> u32) {
    for (l, g) in outs(body).iter().enumerate() {
        assert_eq!(*g, f(l as u32), "lane {l}\n{body}");
    }
}

/// The value each lane holds before the shuffle: distinct per lane.
const VAL: &str = "IADD32I R1, R0, 0x100 ;\n";

/// PTX's `shfl` for lane `l`: (source lane, in range).
fn shfl(mode: &str, l: u32, b: u32, c: u32) -> (u32, bool) {
    let (clamp, mask) = (c & 31, (c >> 8) & 31);
    let max = (l & mask) | (clamp & !mask);
    let min = l & mask;
    let (j, ok) = match mode {
        "IDX" => {
            let j = min | (b & !mask);
            (j as i64, j <= max)
        }
        "UP" => {
            let j = l as i64 - b as i64;
            (j, j >= max as i64)
        }
        "DOWN" => {
            let j = (l + b) as i64;
            (j, j <= max as i64)
        }
        _ => {
            let j = l ^ b;
            (j as i64, j <= max)
        }
    };
    if ok { (j as u32, true) } else { (l, false) }
}

#[test]
fn every_mode_with_immediate_operands_and_segments() {
    for mode in ["IDX", "UP", "DOWN", "BFLY"] {
        for b in [0u32, 1, 3, 5, 16, 31] {
            // Whole warp, and segments of 8 and 4 lanes (PTX: c = (32 - width) << 8,
            // | 0x1f except for UP).
            for width in [32u32, 8, 4] {
                let seg = (32 - width) << 8;
                let c = if mode == "UP" { seg } else { seg | 0x1f };
                let body = format!(
                    "{VAL}SHFL.{mode} P0, R3, R1, {b:#x}, {c:#x} ;\nSEL R4, RZ, 0x1, !P0 ;\n\
                     SHL R4, R4, 0x10 ;\nIADD R3, R3, R4 ;\nSTG [R20], R3 ;"
                );
                expect(&body, |l| {
                    let (src, ok) = shfl(mode, l, b, c);
                    0x100 + src + if ok { 0x1_0000 } else { 0 }
                });
            }
        }
    }
}

#[test]
fn register_lane_and_mask_operands_vary_per_lane() {
    // Lane l reads lane (l * 7) % 32, by a register index; the mask from a register.
    let body = format!(
        "{VAL}XMAD R5, R0, 0x7, RZ ;\nLOP32I.AND R5, R5, 0x1f ;\nMOV32I R6, 0x1f ;\n\
         SHFL.IDX PT, R3, R1, R5, R6 ;\nSTG [R20], R3 ;"
    );
    expect(&body, |l| 0x100 + (l * 7) % 32);
    // Register lane, immediate mask; and immediate lane, register mask.
    let body = format!("{VAL}MOV32I R5, 0x2 ;\nSHFL.DOWN PT, R3, R1, R5, 0x1f ;\nSTG [R20], R3 ;");
    expect(&body, |l| 0x100 + if l + 2 <= 31 { l + 2 } else { l });
    let body =
        format!("{VAL}MOV32I R6, 0x181f ;\nSHFL.BFLY PT, R3, R1, 0x4, R6 ;\nSTG [R20], R3 ;");
    expect(&body, |l| 0x100 + shfl("BFLY", l, 4, 0x181f).0);
}

#[test]
fn inactive_lanes_do_not_receive_but_their_registers_are_read() {
    // Only lanes < 16 run the shuffle; they read lane l + 16, which does not run it.
    let body = format!(
        "{VAL}MOV32I R3, 0x55 ;\nISETP.LT.AND P1, PT, R0, 0x10, PT ;\n\
         @P1 SHFL.DOWN PT, R3, R1, 0x10, 0x1f ;\nSTG [R20], R3 ;"
    );
    expect(&body, |l| if l < 16 { 0x100 + l + 16 } else { 0x55 });
}

#[test]
fn vote_ballot_any_all_eq() {
    // P0 = lane % 3 == 0.
    let pre = "XMAD R5, R0, 0x5556, RZ ;\nSHR.U32 R5, R5, 0x10 ;\nXMAD R5, R5, 0x3, RZ ;\n\
               ISETP.EQ.AND P0, PT, R5, R0, PT ;\n";
    let ballot: u32 = (0..32).filter(|l| l % 3 == 0).fold(0, |m, l| m | 1 << l);
    expect(
        &format!("{pre}VOTE.ANY R3, PT, P0 ;\nSTG [R20], R3 ;"),
        |_| ballot,
    );
    expect(
        &format!("{pre}VOTE.ALL R3, PT, !P0 ;\nSTG [R20], R3 ;"),
        |_| !ballot,
    );
    for (mode, pa, want) in [
        ("ANY", "P0", true),
        ("ALL", "P0", false),
        ("EQ", "P0", false),
        ("ALL", "PT", true),
        ("EQ", "PT", true),
        ("ANY", "!PT", false),
        ("EQ", "!PT", true),
    ] {
        let body =
            format!("{pre}VOTE.{mode} RZ, P1, {pa} ;\nSEL R3, RZ, 0x1, !P1 ;\nSTG [R20], R3 ;");
        expect(&body, |_| want as u32);
    }
}

#[test]
fn vote_counts_only_the_lanes_that_run_it() {
    // Lanes >= 16 do not run the vote: the ballot holds only lanes < 16 with P0, and
    // ALL over the running lanes (all P0 there) is true; the others keep R3 = 7.
    let body = "ISETP.LT.AND P0, PT, R0, 0x10, PT ;\nMOV32I R3, 0x7 ;\n\
                @P0 VOTE.ALL R3, P1, P0 ;\nSEL R4, RZ, 0x1, !P1 ;\nSHL R4, R4, 0x1f ;\nLOP.OR R3, R3, R4 ;\n\
                STG [R20], R3 ;";
    expect(body, |l| if l < 16 { 0xffff | 1 << 31 } else { 7 });
}
