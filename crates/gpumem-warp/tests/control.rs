//! The reconvergence stack's rules (SEMANTICS.md, "The reconvergence stack"), one
//! scenario each, written as SASS and checked against results computed here in Rust:
//! PBK/BRK and PCNT/CONT loops (nested, with divergent breaks and continues), CAL/RET
//! inside divergence and with divergent returns, PRET + BRX (ptxas' indirect calls),
//! JCAL, early EXIT inside a loop (exited lanes never resumed by a later pop), BRA and
//! BRK with condition-code tests, recursion overflowing the stack, BPT.

use crate::common;
use common::*;
use gpumem_warp::FaultKind;

/// Runs `body` on one warp with no fault allowed, returns each lane's word at OUT.
fn outs(body: &str) -> Vec<u32> {
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{body}\n{:?}", r.faults);
    (0..32).map(|l| r.out(l)).collect()
}

fn expect(body: &str, f: impl Fn(u32) -> u32) {
    let got = outs(body);
    for (l, g) in got.iter().enumerate() {
        assert_eq!(*g, f(l as u32), "lane {l}\n{body}");
    }
}

#[test]
fn pbk_brk_leaves_a_loop_lane_by_lane() {
    // for (i = 0; ; i++) { if (i >= lane) break; acc += i; }
    let body = "MOV R1, RZ ;\nMOV R2, RZ ;\nPBK L_end ;\nL_loop:\n\
        ISETP.GE.AND P0, PT, R2, R0, PT ;\n@P0 BRK ;\nIADD R1, R1, R2 ;\n\
        IADD32I R2, R2, 0x1 ;\nBRA L_loop ;\nL_end:\nSTG [R20], R1 ;";
    expect(body, |l| (0..l).sum());
}

#[test]
fn nested_loops_with_break_and_continue() {
    // for (i = 0; i < 4; i++) {            PBK outer; PCNT per iteration
    //   if (i == lane % 4) continue;
    //   for (j = 0; ; j++) { if (j >= i + lane % 3) break; acc += j + 1; }
    //   if (acc > lane + 5) break;
    // }
    let body = "MOV R1, RZ ;\nMOV R2, RZ ;\nLOP32I.AND R4, R0, 0x3 ;\n\
        XMAD R6, R0, 0x5556, RZ ;\nSHR.U32 R6, R6, 0x10 ;\nXMAD R6, R6, 0x3, RZ ;\nIADD R6, R0, -R6 ;\n\
        PBK L_outer_end ;\n\
        L_outer:\nISETP.GE.AND P0, PT, R2, 0x4, PT ;\n@P0 BRK ;\n\
        PCNT L_next ;\nISETP.EQ.AND P1, PT, R2, R4, PT ;\n@P1 CONT ;\n\
        IADD R7, R2, R6 ;\nMOV R3, RZ ;\nPBK L_inner_end ;\n\
        L_inner:\nISETP.GE.AND P2, PT, R3, R7, PT ;\n@P2 BRK ;\nIADD R1, R1, R3 ;\nIADD32I R1, R1, 0x1 ;\n\
        IADD32I R3, R3, 0x1 ;\nBRA L_inner ;\n\
        L_inner_end:\nIADD32I R8, R0, 0x5 ;\nISETP.GT.U32.AND P3, PT, R1, R8, PT ;\n@P3 BRK ;\nCONT ;\n\
        L_next:\nIADD32I R2, R2, 0x1 ;\nBRA L_outer ;\n\
        L_outer_end:\nSTG [R20], R1 ;";
    expect(body, |l| {
        let mut acc = 0u32;
        for i in 0..4u32 {
            if i == l % 4 {
                continue;
            }
            let mut j = 0;
            loop {
                if j >= i + l % 3 {
                    break;
                }
                acc += j + 1;
                j += 1;
            }
            if acc > l + 5 {
                break;
            }
        }
        acc
    });
}

#[test]
fn brk_inside_an_ssy_region_does_not_resume_at_the_sync_point() {
    // Lanes break from inside an if (SSY region): the SSY entry forgets them, so they
    // do not run the join code; they resume at the loop's exit.
    let body = "MOV R1, RZ ;\nMOV R2, RZ ;\nPBK L_end ;\nL_loop:\nSSY L_join ;\n\
        ISETP.EQ.AND P0, PT, R2, R0, PT ;\n@!P0 BRA L_skip ;\nBRK ;\nL_skip:\nSYNC ;\n\
        L_join:\nIADD32I R1, R1, 0x10 ;\nIADD32I R2, R2, 0x1 ;\nBRA L_loop ;\n\
        L_end:\nIADD R1, R1, R2 ;\nSTG [R20], R1 ;";
    // Lane l breaks at i == l after l joins: acc = 16*l, then + i (= l).
    expect(body, |l| 16 * l + l);
}

#[test]
fn early_exit_inside_a_loop_is_never_resumed() {
    // Odd lanes store and exit in iteration 2; the loop's break pop must not resurrect
    // them (they would store again, overwriting with the other value).
    let body = "MOV R1, RZ ;\nLOP32I.AND R5, R0, 0x1 ;\nPBK L_end ;\nL_loop:\n\
        IADD32I R1, R1, 0x1 ;\nISETP.EQ.AND P0, PT, R1, 0x2, PT ;\nISETP.NE.AND P0, PT, R5, RZ, P0 ;\n\
        @P0 MOV32I R9, 0xdead ;\n@P0 STG [R20], R9 ;\n@P0 EXIT ;\n\
        ISETP.GE.AND P1, PT, R1, 0x5, PT ;\n@P1 BRK ;\nBRA L_loop ;\nL_end:\nSTG [R20], R1 ;";
    expect(body, |l| if l % 2 == 1 { 0xdead } else { 5 });
}

#[test]
fn exited_lanes_are_not_resumed_by_sync() {
    let body = "SSY L_join ;\nLOP32I.AND R5, R0, 0x3 ;\nISETP.EQ.AND P0, PT, R5, RZ, PT ;\n\
        @P0 BRA L_a ;\nMOV32I R6, 0x7 ;\nSTG [R20], R6 ;\nEXIT ;\nL_a:\nMOV32I R6, 0x1 ;\nSYNC ;\n\
        L_join:\nIADD32I R6, R6, 0x100 ;\nSTG [R20], R6 ;";
    expect(body, |l| if l % 4 == 0 { 0x101 } else { 7 });
}

#[test]
fn cal_inside_divergence_and_a_divergent_ret() {
    // Even lanes call f; in f, lanes < 16 return early, the others add more first.
    let body = "MOV R1, RZ ;\nSSY L_join ;\nLOP32I.AND R5, R0, 0x1 ;\nISETP.NE.AND P0, PT, R5, RZ, PT ;\n\
        @P0 BRA L_odd ;\nCAL L_f ;\nIADD32I R1, R1, 0x1000 ;\nSYNC ;\nL_odd:\nMOV32I R1, 0x5 ;\nSYNC ;\n\
        L_join:\nSTG [R20], R1 ;\nEXIT ;\n\
        L_f:\nIADD32I R1, R1, 0x10 ;\nISETP.LT.AND P1, PT, R0, 0x10, PT ;\n@P1 RET ;\n\
        IADD32I R1, R1, 0x200 ;\nRET ;";
    expect(body, |l| {
        if l % 2 == 1 {
            5
        } else if l < 16 {
            0x1010
        } else {
            0x1210
        }
    });
}

#[test]
fn nested_calls_return_in_order() {
    let body = "MOV R1, R0 ;\nCAL L_f ;\nSTG [R20], R1 ;\nEXIT ;\n\
        L_f:\nSHL R1, R1, 0x1 ;\nCAL L_g ;\nSHL R1, R1, 0x1 ;\nRET ;\n\
        L_g:\nIADD32I R1, R1, 0x3 ;\nRET ;";
    expect(body, |l| (2 * l + 3) * 2);
}

#[test]
fn recursion_depth_overflows_the_stack() {
    let r = run("L_f:\nCAL L_f ;", |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::StackOverflow], "{:?}", r.faults);
}

#[test]
fn recursion_returns_through_every_frame() {
    // f(n) = n == 0 ? 0 : 3 + f(n - 1), depth = lane (divergent depth).
    let body = "MOV R1, RZ ;\nMOV R2, R0 ;\nCAL L_f ;\nSTG [R20], R1 ;\nEXIT ;\n\
        L_f:\nISETP.EQ.AND P0, PT, R2, RZ, PT ;\n@P0 RET ;\nIADD32I R2, R2, -0x1 ;\nCAL L_f ;\n\
        IADD32I R1, R1, 0x3 ;\nRET ;";
    expect(body, |l| 3 * l);
}

#[test]
fn ret_brk_cont_without_their_entry_underflow() {
    for body in ["RET ;", "BRK ;", "CONT ;"] {
        let r = run(body, |_| {});
        assert_eq!(r.kinds(), vec![FaultKind::StackUnderflow], "{body}");
    }
    // A false guard does nothing.
    let r = run("ISETP.LT.AND P0, PT, R0, RZ, PT ;\n@P0 RET ;", |_| {});
    assert!(r.faults.is_empty());
}

#[test]
fn pret_brx_is_an_indirect_call() {
    // ptxas' virtual call: PRET pushes the return point, BRX jumps to Ra + next + imm.
    // Lanes pick one of two functions by parity (a divergent BRX); each returns.
    // Function addresses: L_f0 and L_f1 are at fixed instruction indices below.
    let prog = "MOV R1, RZ ;\nLOP32I.AND R5, R0, 0x1 ;\nISETP.NE.AND P0, PT, R5, RZ, PT ;\n\
        SEL R3, R10, R11, !P0 ;\nPRET L_back ;\nBRX R3 -0x38 ;\nL_back:\nSTG [R20], R1 ;\nEXIT ;\n\
        L_f0:\nMOV32I R1, 0x100 ;\nRET ;\nL_f1:\nMOV32I R1, 0x200 ;\nIADD R1, R1, R0 ;\nRET ;";
    // Instruction addresses: the prologue is 3 instructions, MOV32I R10/R11 2 more, so
    // BRX is instruction 10 (0x38 is the address after it: bundle 3, slot 1);
    // L_f0 = instruction 13 (0x50), L_f1 = instruction 15 (0x60).
    let body = format!("MOV32I R10, 0x50 ;\nMOV32I R11, 0x60 ;\n{prog}");
    expect(&body, |l| if l % 2 == 0 { 0x100 } else { 0x200 + l });
}

#[test]
fn bra_cc_tests_the_condition_code() {
    // IADD.CC of lane - 8 sets zero and sign: BRA CC.LT / CC.EQ / CC.GT by lane.
    let body = "MOV R1, RZ ;\nSSY L_join ;\nIADD32I R3, R0, -0x8 ;\nIADD RZ.CC, R3, RZ ;\n\
        BRA CC.LT, L_lt ;\nBRA CC.EQ, L_eq ;\nMOV32I R1, 0x3 ;\nSYNC ;\n\
        L_lt:\nMOV32I R1, 0x1 ;\nSYNC ;\nL_eq:\nMOV32I R1, 0x2 ;\nSYNC ;\nL_join:\nSTG [R20], R1 ;";
    expect(body, |l| match l.cmp(&8) {
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
        std::cmp::Ordering::Greater => 3,
    });
}

#[test]
fn brk_cc_neu_breaks_where_the_condition_holds() {
    // ptxas' `@!P0 BRK CC.NEU`: break when the last .CC result was non-zero.
    let body = "MOV R1, RZ ;\nPBK L_end ;\nL_loop:\nIADD32I R1, R1, 0x1 ;\n\
        IADD R3.CC, R1, -R0 ;\nBRK CC.NEU ;\nMOV32I R1, 0x77 ;\nBRA L_end ;\nL_end:\nSTG [R20], R1 ;";
    // Every lane breaks in the first iteration unless R1 - lane == 0 (lane 1): lane 1
    // goes on to L_end without breaking, leaving the PBK entry behind; when it exits,
    // the pop resumes the others at L_end.
    expect(body, |l| if l == 1 { 0x77 } else { 1 });
}

#[test]
fn bpt_trap_stops_the_launch() {
    let r = run(
        "STG [R20], R0 ;\nBPT.TRAP 0x1 ;\nMOV32I R1, 0x7 ;\nSTG [R20], R1 ;",
        |_| {},
    );
    assert_eq!(r.kinds(), vec![FaultKind::Breakpoint]);
    assert_eq!(
        r.out(3),
        3,
        "the store before the trap happened, the one after did not"
    );
    // Lanes that took another path do not trap.
    let r = run(
        "ISETP.LT.AND P0, PT, R0, RZ, PT ;\n@!P0 BRA L_x ;\nBPT.TRAP 0x1 ;\nL_x:\nSTG [R20], R0 ;",
        |_| {},
    );
    assert!(r.faults.is_empty());
    assert_eq!(r.out(5), 5);
}

#[test]
fn jcal_calls_an_absolute_address_and_jcal_0_is_unsupported() {
    // JCAL's target is the program's byte address of L_f (instruction 7 = 0x50).
    let body = "MOV R1, RZ ;\nJCAL 0x50 ;\nSTG [R20], R1 ;\nEXIT ;\nL_f:\nMOV32I R1, 0x9 ;\nRET ;";
    expect(body, |_| 9);
    let r = run("JCAL 0x0 ;", |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::Unsupported]);
}
