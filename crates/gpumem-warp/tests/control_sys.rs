//! The control-flow and system rows of issue 10 (SEMANTICS.md, "The reconvergence
//! stack", "Barriers", "Rows without a functional meaning"), one scenario each, written
//! as SASS and checked against values worked out here: JMP, constant-bank targets of
//! every branch row, BRX's base in any bundle slot, LEPC round trips, PEXIT/EXIT,
//! PLONGJMP/LONGJMP, GET/SETCRSPTR, GET/SETLMEMBASE, IDE, R2B.RESULT; and, for the rows
//! that stay without a model (RTT, SAM, RAM, B2R.WARP, the barrier-number B2R/R2B,
//! BAR.SCAN, VOTE.VTG, STP, CC tests 24-31), the fault's kind, pc, warp and message.

use crate::common;
use common::*;
use gpumem_warp::{Emulator, FaultKind};

/// Byte address of instruction `i` of the program (the prologue `PRO` is 0-2).
fn addr(i: usize) -> u32 {
    (32 * (i / 3) + 8 + 8 * (i % 3)) as u32
}

/// Writes 32-bit words into constant bank `bank` from byte `off`.
fn consts(emu: &mut Emulator, bank: u32, off: u64, words: &[u32]) {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    emu.mem.constant.write(bank, off, &bytes).unwrap();
}

/// Runs `body` with constant-bank words, no fault allowed; each lane's word at OUT.
fn outs_with(body: &str, setup: impl FnOnce(&mut Emulator)) -> Vec<u32> {
    let r = run(body, setup);
    assert!(r.faults.is_empty(), "{body}\n{:?}", r.faults);
    (0..32).map(|l| r.out(l)).collect()
}

fn expect_with(body: &str, setup: impl FnOnce(&mut Emulator), f: impl Fn(u32) -> u32) {
    let got = outs_with(body, setup);
    for (l, g) in got.iter().enumerate() {
        assert_eq!(*g, f(l as u32), "lane {l}\n{body}");
    }
}

/// The one fault of running `body`: its kind and message (checked to name `text`).
fn one_fault(body: &str, text: &str) -> gpumem_warp::Fault {
    let r = run(body, |_| {});
    assert_eq!(r.faults.len(), 1, "{body}\n{:?}", r.faults);
    let f = r.faults[0].clone();
    assert!(f.message.contains(text), "`{}` lacks `{text}`", f.message);
    f
}

#[test]
fn jmp_jumps_to_an_absolute_address_uniformly_and_divergently() {
    // 3: MOV R1; 4: JMP; 5: MOV32I R1, 0x7 (skipped); 6: STG; 7: EXIT.
    let body = format!(
        "MOV32I R1, 0x5 ;\nJMP {:#x} ;\nMOV32I R1, 0x7 ;\nSTG [R20], R1 ;",
        addr(6)
    );
    expect_with(&body, |_| {}, |_| 5);
    // Guarded: lanes < 5 jump past the MOV32I, the others run it; both reach the STG.
    let body = format!(
        "MOV32I R1, 0x5 ;\nISETP.LT.AND P0, PT, R0, 0x5, PT ;\nSSY L_j ;\n@P0 JMP {:#x} ;\n\
         MOV32I R1, 0x7 ;\nSYNC ;\nL_j:\nSTG [R20], R1 ;",
        addr(8)
    );
    // 3 MOV, 4 ISETP, 5 SSY, 6 JMP, 7 MOV32I, 8 SYNC, 9 STG.
    expect_with(&body, |_| {}, |l| if l < 5 { 5 } else { 7 });
    // A CC test: JMP CC.EQ taken where lane - 3 == 0.
    let body = format!(
        "MOV32I R1, 0x5 ;\nIADD32I R3, R0, -0x3 ;\nIADD RZ.CC, R3, RZ ;\nSSY L_j ;\n\
         JMP CC.EQ, {:#x} ;\nMOV32I R1, 0x7 ;\nSYNC ;\nL_j:\nSTG [R20], R1 ;",
        addr(9)
    );
    // 3 MOV, 4 IADD32I, 5 IADD, 6 SSY, 7 JMP (to the SYNC), 8 MOV32I, 9 SYNC, 10 STG.
    expect_with(&body, |_| {}, |l| if l == 3 { 5 } else { 7 });
    // A target that is not an instruction (inside a bundle's words).
    let f = one_fault(&format!("JMP {:#x} ;", addr(6) + 4), "not an instruction");
    assert_eq!(f.kind, FaultKind::PcOutOfRange);
}

#[test]
fn constant_bank_targets_of_relative_rows_count_from_the_address_plus_8() {
    // BRA c[0x3][0x0] at instruction 4: the word is an offset from addr(4) + 8.
    // 3 MOV, 4 BRA, 5 MOV32I (skipped), 6 STG.
    let body = "MOV32I R1, 0x5 ;\nBRA c[0x3][0x0] ;\nMOV32I R1, 0x7 ;\nSTG [R20], R1 ;";
    let off = addr(6).wrapping_sub(addr(4) + 8);
    expect_with(body, |e| consts(e, 3, 0, &[off]), |_| 5);
    // A negative offset (a backward branch): a loop counting R1 to 3 through
    // `BRA c[0x3][0x4]` back to the IADD32I.
    // 3 MOV, 4 IADD32I, 5 ISETP, 6 @P0 BRA c[], 7 STG.
    let body = "MOV R1, RZ ;\nIADD32I R1, R1, 0x1 ;\nISETP.LT.AND P0, PT, R1, 0x3, PT ;\n\
        @P0 BRA c[0x3][0x4] ;\nSTG [R20], R1 ;";
    let back = addr(4).wrapping_sub(addr(6) + 8);
    assert!((back as i32) < 0);
    expect_with(body, |e| consts(e, 3, 4, &[back]), |_| 3);
    // SSY, PBK, PCNT, CAL, PRET with c[] targets, each where its immediate form goes.
    // SSY c[]: the join point is the STG.
    let body = "MOV R1, RZ ;\nSSY c[0x3][0x8] ;\nISETP.LT.AND P0, PT, R0, 0x4, PT ;\n\
        @P0 BRA L_x ;\nMOV32I R1, 0x1 ;\nSYNC ;\nL_x:\nMOV32I R1, 0x2 ;\nSYNC ;\nSTG [R20], R1 ;";
    // 3 MOV, 4 SSY, 5 ISETP, 6 BRA, 7 MOV32I, 8 SYNC, 9 MOV32I, 10 SYNC, 11 STG.
    let ssy = addr(11).wrapping_sub(addr(4) + 8);
    expect_with(
        body,
        |e| consts(e, 3, 8, &[ssy]),
        |l| if l < 4 { 2 } else { 1 },
    );
    // PBK c[] + BRK: 3 MOV, 4 PBK c, 5 IADD32I, 6 ISETP, 7 @P0 BRK, 8 BRA (loop), 9 STG.
    let body = "MOV R1, RZ ;\nPBK c[0x3][0xc] ;\nL_loop:\nIADD32I R1, R1, 0x1 ;\n\
        ISETP.GT.AND P0, PT, R1, R0, PT ;\n@P0 BRK ;\nBRA L_loop ;\nSTG [R20], R1 ;";
    let pbk = addr(9).wrapping_sub(addr(4) + 8);
    expect_with(body, |e| consts(e, 3, 0xc, &[pbk]), |l| l + 1);
    // CAL c[] and PRET c[] + BRX: 3 MOV, 4 CAL c, 5 STG, 6 EXIT, 7 MOV32I, 8 RET.
    let body = "MOV R1, RZ ;\nCAL c[0x3][0x10] ;\nSTG [R20], R1 ;\nEXIT ;\nMOV32I R1, 0x9 ;\nRET ;";
    let cal = addr(7).wrapping_sub(addr(4) + 8);
    expect_with(body, |e| consts(e, 3, 0x10, &[cal]), |_| 9);
    // PCNT c[] + CONT: 3 MOV, 4 MOV, 5 PCNT c, 6 @P0 CONT, 7 IADD32I R1 +0x10, 8 CONT,
    // 9 IADD32I R2 +1, 10 ISETP, 11 @P1 BRA 5 (loop), 12 STG.
    let body = "MOV R1, RZ ;\nMOV R2, RZ ;\nL_top:\nPCNT c[0x3][0x14] ;\n\
        ISETP.EQ.AND P0, PT, R2, R0, PT ;\n@P0 CONT ;\nIADD32I R1, R1, 0x10 ;\nCONT ;\n\
        IADD32I R2, R2, 0x1 ;\nISETP.LT.AND P1, PT, R2, 0x4, PT ;\n@P1 BRA L_top ;\n\
        STG [R20], R1 ;";
    // 3 MOV, 4 MOV, 5 PCNT, 6 ISETP, 7 @P0 CONT, 8 IADD32I, 9 CONT, 10 IADD32I, 11 ISETP,
    // 12 @P1 BRA, 13 STG.
    let pcnt = addr(10).wrapping_sub(addr(5) + 8);
    expect_with(
        body,
        |e| consts(e, 3, 0x14, &[pcnt]),
        |l| 0x10 * (4 - u32::from(l < 4)),
    );
}

#[test]
fn constant_bank_targets_of_absolute_rows_are_byte_addresses() {
    // JMP c[0x3][0x0] and JCAL c[0x3][0x4]: the words are the targets' addresses.
    // 3 MOV, 4 JMP c, 5 MOV32I (skipped), 6 JCAL c, 7 STG, 8 EXIT, 9 IADD32I, 10 RET.
    let body = "MOV32I R1, 0x5 ;\nJMP c[0x3][0x0] ;\nMOV32I R1, 0x7 ;\nJCAL c[0x3][0x4] ;\n\
        STG [R20], R1 ;\nEXIT ;\nIADD32I R1, R1, 0x5 ;\nRET ;";
    expect_with(body, |e| consts(e, 3, 0, &[addr(6), addr(9)]), |_| 10);
    // A word that names no instruction faults with the bank, offset and value.
    let r = run("JMP c[0x3][0x0] ;", |e| consts(e, 3, 0, &[0x4c]));
    assert_eq!(r.kinds(), vec![FaultKind::PcOutOfRange]);
    assert!(
        r.faults[0].message.contains("c[0x3][0x0] = 0x4c"),
        "{}",
        r.faults[0].message
    );
}

#[test]
fn brx_and_jmx_constant_bank_tables_diverge_per_lane() {
    // A jump table in bank 2 (as ptxas' switch lowering: `LDC` + `BRX`), here read
    // directly: `BRX c[0x2][R3]` with R3 = 4 * (lane % 3), relative words;
    // `JMX c[0x2][R3+0xc]` absolute words.
    let prog = "MOV R1, RZ ;\nXMAD R6, R0, 0x5556, RZ ;\nSHR.U32 R6, R6, 0x10 ;\n\
        XMAD R6, R6, 0x3, RZ ;\nIADD R6, R0, -R6 ;\nSHL R3, R6, 0x2 ;\nSSY L_j ;\n\
        BRX c[0x2][R3] ;\nMOV32I R1, 0x1 ;\nSYNC ;\nMOV32I R1, 0x2 ;\nSYNC ;\nMOV32I R1, 0x3 ;\n\
        SYNC ;\nL_j:\nSTG [R20], R1 ;";
    // 3 MOV, 4-8 lane % 3 and the shift, 9 SSY, 10 BRX, 11/13/15 MOV32I, 12/14/16 SYNC,
    // 17 STG. BRX is in slot 1 of bundle 3.
    let base = addr(10) + 8;
    let words = [11, 13, 15].map(|i| addr(i).wrapping_sub(base));
    expect_with(prog, |e| consts(e, 2, 0, &words), |l| l % 3 + 1);
    let prog = prog.replace("BRX c[0x2][R3]", "JMX c[0x2][R3+0xc]");
    let abs = [11, 13, 15].map(addr);
    expect_with(&prog, |e| consts(e, 2, 0xc, &abs), |l| l % 3 + 1);
}

#[test]
fn brx_counts_from_its_own_address_plus_8_in_every_bundle_slot() {
    // ptxas' `BRX R2 -0x80` at 0x78 (slot 2) jumps to R2: its base is 0x78 + 8 = 0x80,
    // not the next instruction's address (0x88). Three programs put the BRX in each
    // slot; `BRX R3 -base` must land on R3 = the address of L_t.
    for pad in 0..3 {
        let nops = "NOP ;\n".repeat(pad);
        // 3.. pads, then MOV R1, MOV32I R3, BRX, MOV32I (skipped), STG.
        let i_brx = 3 + pad + 2;
        let i_t = i_brx + 2;
        let base = addr(i_brx) + 8;
        let body = format!(
            "{nops}MOV32I R1, 0x5 ;\nMOV32I R3, {:#x} ;\nBRX R3 -{base:#x} ;\nMOV32I R1, 0x7 ;\n\
             STG [R20], R1 ;",
            addr(i_t)
        );
        expect_with(&body, |_| {}, |_| 5);
    }
}

#[test]
fn lepc_gives_its_own_address_and_round_trips_through_jmx_and_brx() {
    // 3 LEPC R2, 4 STG: LEPC wrote addr(3).
    expect_with("LEPC R2 ;\nSTG [R20], R2 ;", |_| {}, |_| addr(3));
    // LEPC + offset + JMX: 3 MOV, 4 LEPC R2, 5 IADD32I, 6 JMX R2, 7 MOV32I (skipped), 8 STG.
    let body = format!(
        "MOV32I R1, 0x5 ;\nLEPC R2 ;\nIADD32I R2, R2, {:#x} ;\nJMX R2 ;\nMOV32I R1, 0x7 ;\n\
         STG [R20], R1 ;",
        addr(8) - addr(4)
    );
    expect_with(&body, |_| {}, |_| 5);
    // LEPC + BRX: the difference between BRX's base and LEPC's address is a constant
    // the program knows. 3 MOV, 4 LEPC, 5 BRX R2 imm, 6 MOV32I (skipped), 7 STG.
    let imm = addr(7) as i64 - (addr(5) as i64 + 8) - addr(4) as i64;
    let body = format!(
        "MOV32I R1, 0x5 ;\nLEPC R2 ;\nBRX R2 {}{:#x} ;\nMOV32I R1, 0x7 ;\nSTG [R20], R1 ;",
        if imm < 0 { "-" } else { "" },
        imm.unsigned_abs()
    );
    expect_with(&body, |_| {}, |_| 5);
}

#[test]
fn exit_goes_to_the_pexit_point_and_ends_there() {
    // Lanes < 8 exit early, the others after R1 = 1; every lane resumes at the PEXIT
    // point with its own R1, adds 0x10, stores, and ends at the next EXIT.
    let body = "MOV R1, RZ ;\nPEXIT L_x ;\nISETP.LT.AND P0, PT, R0, 0x8, PT ;\n@P0 EXIT ;\n\
        MOV32I R1, 0x1 ;\nEXIT ;\nL_x:\nIADD32I R1, R1, 0x10 ;\nSTG [R20], R1 ;";
    expect_with(body, |_| {}, |l| if l < 8 { 0x10 } else { 0x11 });
    // KIL ends its lanes for good: they never run the exit point.
    let body = "MOV32I R1, 0x5 ;\nSTG [R20], R1 ;\nPEXIT L_x ;\nISETP.LT.AND P0, PT, R0, 0x8, PT ;\n\
        @P0 KIL ;\nEXIT ;\nL_x:\nMOV32I R1, 0x6 ;\nSTG [R20], R1 ;";
    expect_with(body, |_| {}, |l| if l < 8 { 5 } else { 6 });
}

#[test]
fn longjmp_unwinds_to_the_plongjmp_target() {
    // Lanes with lane % 2 == 1 long-jump out of an SSY region: the SSY entry forgets
    // them (they skip the join code), and they resume at the PLONGJMP target.
    let body = "MOV R1, RZ ;\nPLONGJMP L_t ;\nSSY L_j ;\nLOP32I.AND R5, R0, 0x1 ;\n\
        ISETP.NE.AND P0, PT, R5, RZ, PT ;\n@P0 LONGJMP ;\nMOV32I R1, 0x1 ;\nSYNC ;\n\
        L_j:\nIADD32I R1, R1, 0x10 ;\nSTG [R20], R1 ;\nEXIT ;\nL_t:\nMOV32I R1, 0x7 ;\nSTG [R20], R1 ;";
    expect_with(body, |_| {}, |l| if l % 2 == 1 { 7 } else { 0x11 });
    // Without a PLONGJMP entry it underflows.
    let f = one_fault("LONGJMP ;", "no PLONGJMP entry");
    assert_eq!(f.kind, FaultKind::StackUnderflow);
    assert_eq!(f.pc, u64::from(addr(3)));
}

#[test]
fn getcrsptr_reads_the_depth_and_setcrsptr_moves_it_down() {
    // Two pushes: GETCRSPTR = 2.
    let body = "SSY L_j ;\nPBK L_j ;\nGETCRSPTR R3 ;\nSTG [R20], R3 ;\nEXIT ;\nL_j:\nEXIT ;";
    expect_with(body, |_| {}, |_| 2);
    // Save, push PBK, restore: the PBK entry is gone, so BRK underflows.
    let f = one_fault(
        "GETCRSPTR R4 ;\nPBK L_j ;\nSETCRSPTR R4 ;\nBRK ;\nL_j:\nEXIT ;",
        "no PBK entry",
    );
    assert_eq!(f.kind, FaultKind::StackUnderflow);
    // Save, restore with nothing pushed in between: the PBK pushed before still works.
    let body = "MOV32I R1, 0x5 ;\nPBK L_j ;\nGETCRSPTR R4 ;\nSETCRSPTR R4 ;\nBRK ;\nMOV32I R1, 0x7 ;\n\
        L_j:\nSTG [R20], R1 ;";
    expect_with(body, |_| {}, |_| 5);
    // Above the top: unsupported, and the message says why.
    let f = one_fault("MOV32I R4, 0x3 ;\nSETCRSPTR R4 ;", "can only move down");
    assert_eq!(f.kind, FaultKind::Unsupported);
}

#[test]
fn getlmembase_reads_and_setlmembase_moves_the_generic_local_window() {
    // The default window (0x0200_0000, = c[0x0][0x4]).
    expect_with("GETLMEMBASE R3 ;\nSTG [R20], R3 ;", |_| {}, |_| 0x0200_0000);
    // Move it to 0x0300_0000: a generic store there reaches the lane's local memory
    // (read back by LDL); the old window is global memory now.
    let body = "MOV32I R4, 0x3000000 ;\nSETLMEMBASE R4 ;\nGETLMEMBASE R5 ;\n\
        MOV32I R6, 0x3000010 ;\nIADD32I R7, R0, 0x100 ;\nST [R6], R7 ;\nLDL R8, [0x10] ;\n\
        MOV32I R9, 0x2000010 ;\nST [R9], R0 ;\nIADD R8, R8, R5 ;\nSTG [R20], R8 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32u64 {
        assert_eq!(r.out(l), 0x0300_0000 + 0x100 + l as u32, "lane {l}");
    }
    // The old window's address went to global memory (the last lane's store wins).
    assert_eq!(r.word(0x0200_0010), 31);
}

#[test]
fn ide_does_nothing() {
    expect_with(
        "MOV32I R1, 0x4 ;\nIDE.EN ;\nIDE 0x0 ;\nSTG [R20], R1 ;",
        |_| {},
        |_| 4,
    );
}

#[test]
fn rtt_sam_ram_fault_outside_a_trap_handler() {
    for (inst, text) in [
        ("RTT", "no trap to return from"),
        ("RTT.TERMINATE", "no trap to return from"),
        ("SAM", "active mask to save"),
        ("RAM", "saved active mask to restore"),
    ] {
        let f = one_fault(&format!("{inst} ;"), text);
        assert_eq!(f.kind, FaultKind::InvalidInstruction, "{inst}");
        assert_eq!(f.pc, u64::from(addr(3)), "{inst}");
        assert_eq!(f.warp, 0);
        assert!(
            f.message.contains("outside a trap handler"),
            "{}",
            f.message
        );
        assert!(f.message.ends_with(&format!("({inst} ;)")), "{}", f.message);
    }
}

#[test]
fn r2b_result_round_trips_through_b2r_result() {
    // R2B.RESULT takes lane 0's R4 (its lowest running lane); B2R.RESULT gives it to all.
    let body = "IADD32I R4, R0, 0x30 ;\nR2B.RESULT 0x0, R4 ;\nB2R.RESULT R5 ;\nSTG [R20], R5 ;";
    expect_with(body, |_| {}, |_| 0x30);
    // Guarded: the lowest lane that runs it.
    let body = "IADD32I R4, R0, 0x30 ;\nISETP.GE.AND P0, PT, R0, 0x6, PT ;\n\
        @P0 R2B.RESULT 0x0, R4 ;\nB2R.RESULT R5, P1 ;\nSEL R6, RZ, 0x1, !P1 ;\nIADD R5, R5, R6 ;\n\
        STG [R20], R5 ;";
    expect_with(body, |_| {}, |_| 0x36 + 1);
}

#[test]
fn rows_without_a_model_name_what_is_missing() {
    for (body, text) in [
        ("B2R.WARP R5 ;", "the warp's barrier state"),
        ("B2R R5, 0x3 ;", "a named barrier's state"),
        ("R2B.WARP 0x0, R4 ;", "the warp's barrier state"),
        ("R2B 0x3, R4 ;", "a named barrier's state"),
        (
            "BAR.SCAN 0x0, 0x0, PT ;",
            "no public source says what it computes",
        ),
        ("VOTE.VTG.R 0x1 ;", "graphics pipeline"),
        ("STP 0x1 ;", "no public source says what it does"),
        (
            "BRA CC.CSM_TA, L_x ;\nL_x:\nNOP ;",
            "condition-code test 24",
        ),
    ] {
        let f = one_fault(body, text);
        assert_eq!(f.kind, FaultKind::Unsupported, "{body}");
        assert_eq!(f.pc, u64::from(addr(3)), "{body}");
        assert_eq!(f.warp, 0);
    }
}
