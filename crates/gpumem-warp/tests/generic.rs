//! Generic-address LD/ST: each lane's address resolves to the shared window, the local
//! window or global memory (`LaunchConfig::windows`, default shared at 0x0100_0000 and
//! local at 0x0200_0000), then that space's rules apply. Results go to OUT + 4*lane.

use crate::common;

use common::*;
use gpumem_mem::Space;
use gpumem_mem::rules::GenericWindows;
use gpumem_warp::{FaultKind, LaunchConfig};

#[test]
fn generic_load_and_store_hit_global_with_64_bit_address() {
    // {R3,R2} = 0x1_0000_2000 + 4*lane; LD.E/ST.E use the whole 64 bits.
    let body = "SHL R2, R0, 0x2 ;\nIADD32I R2, R2, 0x2000 ;\nMOV32I R3, 0x1 ;\n\
                LD.E R4, [R2+0x10], P1 ;\nIADD32I R4, R4, 0x1 ;\nST.E [R2+0x100], R4 ;\n\
                STG [R20], R4 ;";
    let r = run(body, |e| {
        for l in 0..32u64 {
            put(e, 0x1_0000_2010 + 4 * l, &[l as u32 * 10]);
        }
    });
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32 {
        assert_eq!(r.out(l), l as u32 * 10 + 1);
        assert_eq!(r.word(0x1_0000_2100 + 4 * l), l as u32 * 10 + 1);
    }
    let s = r.stat("LD.E");
    assert_eq!(s.space, Some(Space::Global));
    assert_eq!(s.accesses, 32);
}

#[test]
fn generic_without_e_is_a_32_bit_address() {
    // R3 would add 4 GB with .E; without it the address is (R2 + imm) mod 2^32.
    let body = "MOV32I R2, 0xfffffff0 ;\nMOV32I R3, 0x7 ;\nLD R4, [R2+0x1010] ;\nSTG [R20], R4 ;";
    let r = run(body, |e| put(e, 0x1000, &[0x55]));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(3), 0x55);
}

#[test]
fn generic_store_and_load_reach_shared_window() {
    // Generic address = c[0x0][0x0] + 4*lane: ST writes shared, LDS sees it, LD reads it.
    let body = "SHL R2, R0, 0x2 ;\nIADD R2, R2, c[0x0][0x0] ;\nMOV R3, RZ ;\n\
                IADD32I R5, R0, 0x300 ;\nST.E [R2], R5 ;\nSHL R6, R0, 0x2 ;\n\
                LDS R7, [R6] ;\nLD.E R8, [R2] ;\nIADD R7, R7, R8 ;\nSTG [R20], R7 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32 {
        assert_eq!(r.out(l), 2 * (l as u32 + 0x300));
    }
    assert_eq!(r.stat("ST.E").space, Some(Space::Shared));
    assert_eq!(r.stat("LD.E").space, Some(Space::Shared));
    // Nothing went to global memory at the window's address.
    assert_eq!(r.word(0x0100_0000), 0);
}

#[test]
fn generic_store_and_load_reach_local_window() {
    // Per-thread: every lane writes its own local word 8, through c[0x0][0x4] | 8.
    let body = "MOV R2, c[0x0][0x4] ;\nMOV R3, RZ ;\nIADD32I R5, R0, 0x40 ;\n\
                ST.E [R2+0x8], R5 ;\nLDL R6, [0x8] ;\nLD.E R7, [R2+0x8] ;\n\
                IADD R6, R6, R7 ;\nSTG [R20], R6 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32 {
        assert_eq!(r.out(l), 2 * (l as u32 + 0x40));
    }
    assert_eq!(r.stat("ST.E").space, Some(Space::Local));
}

#[test]
fn generic_lanes_split_over_spaces_in_one_instruction() {
    // Lanes 0-15 load from shared (pre-filled by STS), 16-31 from global.
    let body = "SHL R6, R0, 0x2 ;\nIADD32I R5, R0, 0x700 ;\nSTS [R6], R5 ;\n\
                ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;\nMOV32I R2, 0x3000 ;\n\
                @P0 MOV R2, c[0x0][0x0] ;\nIADD R2, R2, R6 ;\nMOV R3, RZ ;\n\
                LD.E R4, [R2] ;\nSTG [R20], R4 ;";
    let r = run(body, |e| {
        for l in 0..32u64 {
            put(e, 0x3000 + 4 * l, &[0x900 + l as u32]);
        }
    });
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32u64 {
        let want = if l < 16 { 0x700 + l } else { 0x900 + l };
        assert_eq!(r.out(l), want as u32, "lane {l}");
    }
    let s = r.stat("LD.E");
    assert_eq!(s.space, Some(Space::Global), "mixed spaces report global");
    assert_eq!(s.accesses, 32);
}

#[test]
fn generic_beyond_shared_allocation_faults_and_past_window_is_global() {
    // 0x0100_0000 + 4096 is inside the 16 MB window but beyond shared_bytes: fault, 0.
    let body = "MOV32I R2, 0x1001000 ;\nMOV R3, RZ ;\nMOV32I R4, 0x1234 ;\n\
                LD.E R4, [R2] ;\nSTG [R20], R4 ;";
    let r = run(body, |_| {});
    assert_eq!(r.out(0), 0);
    assert_eq!(r.faults.len(), 32);
    assert!(
        r.faults
            .iter()
            .all(|f| f.kind == FaultKind::OutOfAllocation && f.space == Some(Space::Shared))
    );
    // 0x0300_0000 is past both windows: a plain global address, no fault.
    let body = "MOV32I R2, 0x3000000 ;\nMOV R3, RZ ;\nLD.E R4, [R2] ;\nSTG [R20], R4 ;";
    let r = run(body, |e| put(e, 0x0300_0000, &[0xbeef]));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(7), 0xbeef);
    // A non-zero high word never names a window.
    let body = "MOV32I R2, 0x1000000 ;\nMOV32I R3, 0x1 ;\nLD.E R4, [R2] ;\nSTG [R20], R4 ;";
    let r = run(body, |e| put(e, 0x1_0100_0000, &[0xcafe]));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(2), 0xcafe);
}

#[test]
fn generic_store_beyond_local_allocation_writes_nothing() {
    let body = "MOV32I R2, 0x2000100 ;\nMOV R3, RZ ;\nST.E [R2], R0 ;";
    let r = run(body, |_| {});
    assert_eq!(r.faults.len(), 32);
    assert!(
        r.faults
            .iter()
            .all(|f| f.kind == FaultKind::OutOfAllocation && f.space == Some(Space::Local))
    );
}

#[test]
fn trailing_predicate_does_not_change_the_access() {
    // P1 true or false: the same data moves.
    for setp in [
        "ISETP.EQ.AND P1, PT, RZ, RZ, PT ;",
        "ISETP.NE.AND P1, PT, RZ, RZ, PT ;",
    ] {
        let body = format!(
            "{setp}\nMOV32I R2, 0x4000 ;\nMOV R3, RZ ;\nLD.E R4, [R2], P1 ;\nSTG [R20], R4 ;"
        );
        let r = run(&body, |e| put(e, 0x4000, &[0x77]));
        assert!(r.faults.is_empty());
        assert_eq!(r.out(0), 0x77);
    }
}

#[test]
fn windows_are_launch_values_and_reach_constant_bank_0() {
    let w = GenericWindows {
        shared: 0x0500_0000,
        local: 0x0600_0000,
    };
    assert!(w.check().is_ok());
    assert!(
        GenericWindows {
            shared: 0x0500_0001,
            ..w
        }
        .check()
        .is_err()
    );
    let body = "MOV R4, c[0x0][0x0] ;\nMOV R5, c[0x0][0x4] ;\nSTG.64 [R20], R4 ;\n\
                SHL R2, R0, 0x2 ;\nIADD32I R2, R2, 0x5000000 ;\nMOV R3, RZ ;\n\
                IADD32I R8, R0, 0x5 ;\nST.E [R2], R8 ;\nSHL R6, R0, 0x2 ;\nLDS R7, [R6] ;\nSTG [R20+0x100], R7 ;";
    let r = run_cfg(
        body,
        LaunchConfig {
            block: [1, 1, 1],
            windows: w,
            ..cfg()
        },
        |_| {},
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.word(OUT), 0x0500_0000);
    assert_eq!(r.word(OUT + 4), 0x0600_0000);
    assert_eq!(r.word(OUT + 0x100), 5);
}

/// Regression (found by the never-panic proptest): `.E` with `RZ` as the base has no
/// `RZ+1` high register; the address is the zero-extended immediate.
#[test]
fn generic_wide_with_rz_base_uses_the_absolute_immediate() {
    let r = run("LD.E R1, [0x100080] ;\nST.E [R20], R1 ;", |emu| {
        put(emu, 0x10_0080, &[0xfeed_f00d]);
    });
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(0), 0xfeed_f00d);
    assert_eq!(r.out(31), 0xfeed_f00d);
}
