//! BAR (SEMANTICS.md, "Barriers"): named barriers 0-15 with thread counts (immediate
//! and register operands), BAR.ARV arriving without waiting, BAR.RED synchronising and
//! reducing (read by B2R.RESULT), exited warps counting as arrived for a whole-CTA barrier, a count that cannot be met
//! (`barrier_deadlock`), MEMBAR and DEPBAR as no-ops. Warps run round-robin in warp
//! order, so a consumer in warp 0 reads too early unless the barrier holds it.

use crate::common;
use common::*;
use gpumem_warp::{FaultKind, LaunchConfig};

fn cta(threads: u32) -> LaunchConfig {
    LaunchConfig {
        block: [threads, 1, 1],
        ..cfg()
    }
}

/// R7 = warp number (tid.x / 32).
const WARP: &str = "SHR.U32 R7, R0, 0x5 ;\n";

/// Warp 1 produces `tid` into shared memory, warp 0 consumes warp 1's word after
/// `consumer_bar`, warp 1 passes `producer_bar` after writing; warps 2-3 sync on
/// another barrier among themselves. Returns each thread's word at OUT.
fn produce_consume(consumer_bar: &str, producer_bar: &str) -> (Vec<u32>, Vec<FaultKind>) {
    let body = format!(
        "{WARP}ISETP.EQ.AND P0, PT, R7, 0x1, PT ;\nISETP.EQ.AND P1, PT, R7, RZ, PT ;\n\
         ISETP.GE.AND P2, PT, R7, 0x2, PT ;\nMOV32I R3, 0x99 ;\nSHL R2, R0, 0x2 ;\n\
         @P0 BRA L_prod ;\n@P2 BRA L_other ;\n\
         {consumer_bar}\nLDS R3, [R2+0x80] ;\nBRA L_out ;\n\
         L_prod:\nIADD32I R4, R0, 0x1000 ;\nSTS [R2], R4 ;\n{producer_bar}\nBRA L_out ;\n\
         L_other:\nBAR.SYNC 0x2, 0x40 ;\nMOV32I R3, 0x22 ;\n\
         L_out:\nSTG [R20], R3 ;"
    );
    let r = run_cfg(&body, cta(128), |_| {});
    ((0..128).map(|t| r.out(t)).collect(), r.kinds())
}

fn check_consumed(outs: &[u32]) {
    for t in 0..32u32 {
        assert_eq!(outs[t as usize], 0x1000 + 32 + t, "consumer thread {t}");
        assert_eq!(outs[32 + t as usize], 0x99, "producer thread {}", 32 + t);
        assert_eq!(outs[64 + t as usize], 0x22);
        assert_eq!(outs[96 + t as usize], 0x22);
    }
}

#[test]
fn a_named_barrier_with_a_count_joins_only_its_warps() {
    let (outs, faults) = produce_consume("BAR.SYNC 0x1, 0x40 ;", "BAR.SYNC 0x1, 0x40 ;");
    assert!(faults.is_empty(), "{faults:?}");
    check_consumed(&outs);
}

#[test]
fn without_the_barrier_the_consumer_reads_too_early() {
    // The scenario can fail: no barrier, warp 0 reads zeros.
    let (outs, _) = produce_consume("NOP ;", "NOP ;");
    assert_eq!(outs[0], 0);
}

#[test]
fn bar_arv_arrives_without_waiting() {
    let (outs, faults) = produce_consume("BAR.SYNC 0x1, 0x40 ;", "BAR.ARV 0x1, 0x40 ;");
    assert!(faults.is_empty(), "{faults:?}");
    check_consumed(&outs);
}

#[test]
fn register_id_and_count_operands() {
    let (outs, faults) = produce_consume(
        "MOV32I R5, 0x1 ;\nMOV32I R6, 0x40 ;\nBAR.SYNC R5, R6 ;",
        "MOV32I R5, 0x1 ;\nBAR.SYNC R5, 0x40 ;",
    );
    assert!(faults.is_empty(), "{faults:?}");
    check_consumed(&outs);
}

#[test]
fn bar_red_synchronises() {
    let (outs, faults) = produce_consume(
        "BAR.RED.POPC 0x1, 0x40, PT ;",
        "BAR.RED.AND 0x1, 0x40, P0 ;",
    );
    assert!(faults.is_empty(), "{faults:?}");
    check_consumed(&outs);
}

#[test]
fn exited_warps_count_as_arrived_at_a_whole_cta_barrier() {
    let body = format!(
        "{WARP}ISETP.EQ.AND P0, PT, R7, 0x1, PT ;\n@P0 EXIT ;\nSHL R2, R0, 0x2 ;\nSTS [R2], R0 ;\n\
         BAR.SYNC 0x0 ;\nLOP32I.XOR R3, R2, 0x100 ;\nLDS R4, [R3] ;\nSTG [R20], R4 ;"
    );
    let r = run_cfg(&body, cta(96), |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    // Warp 0 reads warp 2's words (tid ^ 64) and warp 2 warp 0's.
    for t in (0..32).chain(64..96) {
        assert_eq!(r.out(t), t as u32 ^ 64, "thread {t}");
    }
}

#[test]
fn a_count_that_cannot_be_met_is_a_deadlock() {
    let r = run("BAR.SYNC 0x3, 0x40 ;\nSTG [R20], R0 ;", |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::BarrierDeadlock]);
    assert!(
        r.faults[0].message.contains("barrier 3 for 64 threads"),
        "{}",
        r.faults[0].message
    );
    assert_eq!(r.out(1), 0, "the warp never passed the barrier");
}

#[test]
fn a_barrier_id_past_15_is_invalid() {
    let r = run("MOV32I R5, 0x10 ;\nBAR.SYNC R5 ;", |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::InvalidInstruction]);
}

#[test]
fn membar_and_depbar_do_nothing() {
    let body = "MEMBAR.CTA ;\nMEMBAR.GL ;\nMEMBAR.SYS ;\nDEPBAR.LE SB5, 0x1 ;\nSTG [R20], R0 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(7), 7);
}

#[test]
fn completing_one_barrier_does_not_release_another() {
    // Warp 0 waits at barrier 1 (64 threads); warps 1-3 first meet at barrier 2 (96
    // threads), then warp 1 writes and joins barrier 1. When every warp waits the first
    // time, only barrier 2 is complete: warp 0 must stay until warp 1 has written.
    let body = format!(
        "{WARP}SHL R2, R0, 0x2 ;\nMOV32I R3, 0x99 ;\nISETP.EQ.AND P1, PT, R7, RZ, PT ;\n\
         @P1 BRA L_cons ;\nBAR.SYNC 0x2, 0x60 ;\nISETP.NE.AND P0, PT, R7, 0x1, PT ;\n@P0 BRA L_out ;\n\
         IADD32I R4, R0, 0x1000 ;\nSTS [R2], R4 ;\nBAR.SYNC 0x1, 0x40 ;\nBRA L_out ;\n\
         L_cons:\nBAR.SYNC 0x1, 0x40 ;\nLDS R3, [R2+0x80] ;\nL_out:\nSTG [R20], R3 ;"
    );
    let r = run_cfg(&body, cta(128), |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for t in 0..32u32 {
        assert_eq!(r.out(t as u64), 0x1000 + 32 + t, "consumer thread {t}");
    }
}

/// BAR.RED reduces over the lanes that ran it, in the warps that wait with BAR.RED:
/// exited lanes (48-63) and a BAR.SYNC waiter (warp 2) take no part; B2R.RESULT reads
/// the count (`Rd`) or whether it is non-zero (`Pd`), 0 for a warp that never reduced.
#[test]
fn bar_red_reduces_over_the_lanes_that_ran_it() {
    let body = format!(
        "{WARP}LOP32I.AND R3, R0, 0x3 ;\nISETP.EQ.AND P0, PT, R3, RZ, PT ;\n\
         ISETP.GE.U32.AND P1, PT, R0, 0x30, PT ;\nISETP.LT.U32.AND P1, PT, R0, 0x40, P1 ;\n\
         ISETP.LT.U32.AND P4, PT, R0, 0x30, PT ;\nISETP.EQ.AND P2, PT, R7, 0x2, PT ;\n\
         @P1 EXIT ;\n@P2 BRA L_sync ;\n\
         BAR.RED.POPC 0x0, P0 ;\nB2R.RESULT R4 ;\nB2R.RESULT RZ, P3 ;\n@P3 IADD32I R4, R4, 0x1000 ;\n\
         BAR.RED.AND 0x0, P4 ;\nB2R.RESULT RZ, P5 ;\nSEL R6, RZ, 0x1, !P5 ;\n\
         BAR.RED.OR 0x0, !P4 ;\nB2R.RESULT R8 ;\nIADD32I R6, R6, 0x10 ;\nIADD R6, R6, R8 ;\n\
         BRA L_out ;\n\
         L_sync:\nBAR.SYNC 0x0 ;\nBAR.SYNC 0x0 ;\nBAR.SYNC 0x0 ;\nB2R.RESULT R4 ;\nMOV32I R6, 0x77 ;\n\
         L_out:\nSTG [R20], R4 ;\nSTG [R20+0x400], R6 ;"
    );
    let r = run_cfg(&body, cta(96), |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for t in 0..96u64 {
        let (red, and_or) = match t {
            // 12 of threads 0-47 have tid & 3 == 0; all of them have tid < 48 (AND 1),
            // none has tid >= 48 (OR 0).
            0..48 => (0x1000 + 12, 0x11),
            48..64 => (0, 0),
            _ => (0, 0x77),
        };
        assert_eq!(r.out(t), red, "thread {t}");
        assert_eq!(r.word(OUT + 0x400 + 4 * t), and_or, "thread {t}");
    }
}

#[test]
fn a_cta_advanced_a_few_instructions_at_a_time_runs_as_one_run() {
    use gpumem_warp::{CtaTrace, Emulator, Program};
    // Barriers of every kind between four warps (the produce/consume scenario and
    // BAR.ARV), the memory they leave and each warp's instructions with their records.
    let body = format!(
        "{WARP}ISETP.EQ.AND P0, PT, R7, 0x1, PT ;\nISETP.EQ.AND P1, PT, R7, RZ, PT ;\n\
         ISETP.GE.AND P2, PT, R7, 0x2, PT ;\nMOV32I R3, 0x99 ;\nSHL R2, R0, 0x2 ;\n\
         @P0 BRA L_prod ;\n@P2 BRA L_other ;\n\
         BAR.SYNC 0x1, 0x40 ;\nLDS R3, [R2+0x80] ;\nBRA L_out ;\n\
         L_prod:\nIADD32I R4, R0, 0x1000 ;\nSTS [R2], R4 ;\nBAR.ARV 0x1, 0x40 ;\nBRA L_out ;\n\
         L_other:\nBAR.SYNC 0x2, 0x40 ;\nMOV32I R3, 0x22 ;\n\
         L_out:\nSTG [R20], R3 ;\nBAR.SYNC 0x0 ;\nLDS R5, [R2] ;\nSTG [R20+0x400], R5 ;"
    );
    let src = format!("{PRO}{body}\nEXIT ;\n");
    let prog = Program::from_sass(&src, gpumem_maxwell::Target::Sm50).unwrap();
    let mut whole = Emulator::new(&prog, cta(128));
    let mut one = whole.run_cta_traced(0).unwrap();
    let want: Vec<Vec<_>> = (0..4)
        .map(|w| {
            std::iter::from_fn(|| {
                let e = one.pop_event(w)?;
                let recs: Vec<_> = (0..e.nmem).filter_map(|_| one.pop_access(w)).collect();
                Some((e, recs))
            })
            .collect()
        })
        .collect();
    assert_eq!(one.bytes(), 0);
    for window in [1, 3, 64] {
        let mut emu = Emulator::new(&prog, cta(128));
        let mut run = emu.start_cta(0).unwrap();
        let mut t = CtaTrace::new(0);
        // Take what each window produced before the next (as the cycle model does).
        let mut got: Vec<Vec<_>> = vec![Vec::new(); 4];
        loop {
            let done = emu.advance(&mut run, Some(&mut t), window);
            assert!(t.bytes() > 0 || done);
            for (w, g) in got.iter_mut().enumerate() {
                while let Some(e) = t.pop_event(w) {
                    let recs: Vec<_> = (0..e.nmem).filter_map(|_| t.pop_access(w)).collect();
                    g.push((e, recs));
                }
            }
            assert_eq!(t.bytes(), 0);
            if done {
                break;
            }
        }
        assert!(run.finished() && run.warp_done(0));
        assert_eq!(got, want, "window {window}");
        assert!(got.iter().all(|g| g.len() > 10));
        assert!(emu.faults.is_empty(), "{:?}", emu.faults);
        for t in 0..128u64 {
            for off in [0, 0x400] {
                assert_eq!(
                    emu.mem.global.read_u32(OUT + off + 4 * t),
                    whole.mem.global.read_u32(OUT + off + 4 * t)
                );
            }
        }
        assert_eq!(emu.stats.warp_instructions, whole.stats.warp_instructions);
    }
    assert_eq!(whole.mem.global.read_u32(OUT), 0x1000 + 32);
}
