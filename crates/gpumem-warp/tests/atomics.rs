//! ATOM, ATOMS and RED (SEMANTICS.md, "Atomics"): every operation and type on global
//! (`.E` 64-bit addresses) and shared memory, lanes applied in ascending lane order, the
//! old value returned, CAS register pairs, the seed rules (alignment, windows) with an
//! all-or-nothing fault, and the one access record in the statistics. Expected values
//! are computed here by applying the operations lane by lane in Rust.

mod common;
use common::*;
use gpumem_mem::{AccessKind, Space};
use gpumem_warp::FaultKind;

/// Global data the atomics work on.
const DATA: u64 = 0x20_0000;

/// R8:R9 = DATA + 4*lane (`per_lane`) or DATA, as a 64-bit address.
fn addr(per_lane: bool) -> String {
    let base = if per_lane {
        "SHL R8, R0, 0x2 ;\nIADD32I R8, R8, 0x200000 ;\n"
    } else {
        "MOV32I R8, 0x200000 ;\n"
    };
    format!("{base}MOV R9, RZ ;\n")
}

/// Runs `body`, with `init` at DATA; returns (each lane's OUT word, words at DATA).
fn go(body: &str, init: &[u32], n: usize) -> (Vec<u32>, Vec<u32>) {
    let r = run(body, |e| put(e, DATA, init));
    assert!(r.faults.is_empty(), "{body}\n{:?}", r.faults);
    let outs = (0..32).map(|l| r.out(l)).collect();
    let mem = (0..n as u64).map(|k| r.word(DATA + 4 * k)).collect();
    (outs, mem)
}

/// The operand each lane passes: R6 = lane * 0x01010101 - 0x30 (mixed signs).
const OPND: &str =
    "XMAD R6, R0, 0x101, RZ ;\nXMAD.PSL R6, R0, 0x101, R6 ;\nIADD32I R6, R6, -0x30 ;\n";
fn opnd(l: u32) -> u32 {
    l.wrapping_mul(0x0101_0101).wrapping_sub(0x30)
}

fn init(l: u32) -> u32 {
    (l.wrapping_mul(0x9e37_79b9) >> 3) ^ 0x8000_0007
}

/// ATOM.E.<op>[.S32] at one address per lane and at one shared address, against
/// `f(old, b) -> new` applied in lane order.
fn check_op(op: &str, f: impl Fn(u32, u32) -> u32) {
    // One address per lane.
    let inits: Vec<u32> = (0..32).map(init).collect();
    let body = format!(
        "{}{OPND}ATOM.E.{op} R3, [R8], R6 ;\nSTG [R20], R3 ;",
        addr(true)
    );
    let (outs, mem) = go(&body, &inits, 32);
    for l in 0..32u32 {
        let old = inits[l as usize];
        assert_eq!(outs[l as usize], old, "{op} lane {l} old");
        assert_eq!(mem[l as usize], f(old, opnd(l)), "{op} lane {l} new");
    }
    // Every lane on one address: ascending lane order, each sees the one before.
    let body = format!(
        "{}{OPND}ATOM.E.{op} R3, [R8], R6 ;\nSTG [R20], R3 ;",
        addr(false)
    );
    let (outs, mem) = go(&body, &[init(99)], 1);
    let mut m = init(99);
    for l in 0..32u32 {
        assert_eq!(outs[l as usize], m, "{op} shared address, lane {l}");
        m = f(m, opnd(l));
    }
    assert_eq!(mem[0], m, "{op} final");
}

#[test]
fn every_32_bit_operation_in_lane_order() {
    check_op("ADD", |a, b| a.wrapping_add(b));
    check_op("MIN", |a, b| a.min(b));
    check_op("MAX", |a, b| a.max(b));
    check_op("MIN.S32", |a, b| (a as i32).min(b as i32) as u32);
    check_op("MAX.S32", |a, b| (a as i32).max(b as i32) as u32);
    check_op("INC", |a, b| if a >= b { 0 } else { a + 1 });
    check_op("DEC", |a, b| if a == 0 || a > b { b } else { a - 1 });
    check_op("AND", |a, b| a & b);
    check_op("OR", |a, b| a | b);
    check_op("XOR", |a, b| a ^ b);
    check_op("EXCH", |_, b| b);
}

#[test]
fn inc_and_dec_wrap_at_the_operand() {
    // atomicInc(p, 3) from 0 counts 0,1,2,3,0,1,...; atomicDec(p, 3) from 1 counts 1,0,3,2,1,0,...
    let body = format!(
        "{}MOV32I R6, 0x3 ;\nATOM.E.INC R3, [R8], R6 ;\nSTG [R20], R3 ;",
        addr(false)
    );
    let (outs, mem) = go(&body, &[0], 1);
    assert_eq!(outs, (0..32).map(|l| l % 4).collect::<Vec<u32>>());
    assert_eq!(mem[0], 0);
    let body = format!(
        "{}MOV32I R6, 0x3 ;\nATOM.E.DEC R3, [R8], R6 ;\nSTG [R20], R3 ;",
        addr(false)
    );
    let (outs, _) = go(&body, &[1], 1);
    let want: Vec<u32> = (0..32).map(|l| [1, 0, 3, 2][l % 4]).collect();
    assert_eq!(outs, want);
}

#[test]
fn sixty_four_bit_add_and_min_use_register_pairs() {
    // R6:R7 = (lane << 32) | 0xffff_fff0 ; memory per lane = (1 << 32) | 0x20.
    let inits: Vec<u32> = (0..32).flat_map(|_| [0x20, 1]).collect();
    let pre = "SHL R8, R0, 0x3 ;\nIADD32I R8, R8, 0x200000 ;\nMOV R9, RZ ;\n\
               MOV32I R6, 0xfffffff0 ;\nMOV R7, R0 ;\n";
    let body = format!("{pre}ATOM.E.ADD.U64 R4, [R8], R6 ;\nSTG [R20], R5 ;");
    let (outs, mem) = go(&body, &inits, 64);
    for l in 0..32usize {
        assert_eq!(outs[l], 1, "old high word");
        let v = (1u64 << 32 | 0x20).wrapping_add((l as u64) << 32 | 0xffff_fff0);
        assert_eq!(
            (mem[2 * l], mem[2 * l + 1]),
            (v as u32, (v >> 32) as u32),
            "lane {l}"
        );
    }
    let body = format!("{pre}ATOM.E.MIN.S64 R4, [R8], R6 ;\nSTG [R20], R4 ;");
    let (_, mem) = go(&body, &inits, 64);
    for l in 0..32usize {
        let v = ((1i64 << 32) | 0x20).min(((l as i64) << 32) | 0xffff_fff0) as u64;
        assert_eq!(
            (mem[2 * l], mem[2 * l + 1]),
            (v as u32, (v >> 32) as u32),
            "lane {l}"
        );
    }
}

#[test]
fn cas_swaps_where_the_compare_value_matches() {
    // Memory per lane = lane; compare = lane & ~1 (odd lanes miss), new = 0x1000 + lane.
    let inits: Vec<u32> = (0..32).collect();
    let body = format!(
        "{}LOP32I.AND R6, R0, 0xfffffffe ;\nIADD32I R7, R0, 0x1000 ;\nATOM.E.CAS R3, [R8], R6, R7 ;\n\
         STG [R20], R3 ;",
        addr(true)
    );
    let (outs, mem) = go(&body, &inits, 32);
    for l in 0..32u32 {
        assert_eq!(outs[l as usize], l);
        assert_eq!(mem[l as usize], if l % 2 == 0 { 0x1000 + l } else { l });
    }
    // 64-bit: compare R6:R7, new R8:R9 (the pair after next); a spin lock's acquire:
    // every lane CASes 0 -> lane+1 on one word: only lane 0 wins.
    let body = "MOV32I R10, 0x200000 ;\nMOV R11, RZ ;\nMOV R6, RZ ;\nMOV R7, RZ ;\nIADD32I R8, R0, 0x1 ;\n\
                MOV R9, RZ ;\nATOM.E.CAS.64 R2, [R10], R6, R8 ;\nSTG [R20], R2 ;";
    let (outs, mem) = go(body, &[0, 0], 2);
    assert_eq!(outs[0], 0);
    assert!(outs[1..].iter().all(|&v| v == 1), "{outs:?}");
    assert_eq!(mem, vec![1, 0]);
}

#[test]
fn red_performs_without_returning() {
    let body = format!(
        "{}{OPND}MOV32I R3, 0x77 ;\nRED.E.ADD [R8], R6 ;\nSTG [R20], R3 ;",
        addr(false)
    );
    let (outs, mem) = go(&body, &[5], 1);
    assert!(outs.iter().all(|&v| v == 0x77));
    assert_eq!(mem[0], (0..32).fold(5u32, |m, l| m.wrapping_add(opnd(l))));
}

#[test]
fn f32_add_flushes_subnormals_and_rounds_to_nearest() {
    // Each lane adds 0.25 + lane; a subnormal operand (lane 31) adds nothing.
    let body = format!(
        "{}I2F.F32.U32 R6, R0 ;\nFADD R6, R6, 0.25 ;\nISETP.EQ.AND P0, PT, R0, 0x1f, PT ;\n@P0 MOV32I R6, 0x00000001 ;\n\
         RED.E.ADD.F32.FTZ.RN [R8], R6 ;",
        addr(false)
    );
    let (_, mem) = go(&body, &[1.5f32.to_bits()], 1);
    let mut m = 1.5f32;
    for l in 0..31 {
        m += l as f32 + 0.25;
    }
    assert_eq!(f32::from_bits(mem[0]), m);
}

#[test]
fn atoms_on_shared_memory_with_cas() {
    // A histogram: lane l adds 1 to bin l % 4 in shared memory, then CAS bin 0 from 8 to
    // 100 (lane 0 wins, the others see 100), and every lane reads its bin back.
    let body = "LOP32I.AND R2, R0, 0x3 ;\nSHL R2, R2, 0x2 ;\nMOV32I R5, 0x1 ;\nATOMS.ADD R3, [R2], R5 ;\n\
                MOV32I R6, 0x8 ;\nMOV32I R7, 0x64 ;\nATOMS.CAS R4, [RZ], R6, R7 ;\n\
                LDS R10, [R2] ;\nSHL R3, R3, 0x10 ;\nIADD R3, R3, R10 ;\nSTG [R20], R3 ;\n\
                ISETP.NE.AND P0, PT, R0, RZ, PT ;\n@P0 EXIT ;\nSTG [R20+0x80], R4 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32u32 {
        let old = l / 4; // the lanes before it with the same bin
        let bin = if l % 4 == 0 { 100 } else { 8 };
        assert_eq!(r.out(l as u64), old << 16 | bin, "lane {l}");
    }
    assert_eq!(r.out(32), 8, "lane 0's CAS saw 8");
    let st = r.stat("ATOMS.ADD");
    assert_eq!(
        (st.space, st.kind, st.accesses),
        (Some(Space::Shared), Some(AccessKind::Load), 32)
    );
    // One record; the statistics count it as its kind's access: lanes on the same word
    // broadcast (the serialisation of atomics is not in the statistics model).
    assert_eq!(st.bank_conflict_degree, 1);
}

#[test]
fn a_faulting_lane_stops_the_whole_atomic() {
    // Lane 5's address is misaligned: no lane adds, no register changes, one fault.
    let body = format!(
        "{}ISETP.EQ.AND P0, PT, R0, 0x5, PT ;\n@P0 IADD32I R8, R8, 0x2 ;\nMOV32I R3, 0x33 ;\n\
         MOV32I R6, 0x1 ;\nATOM.E.ADD R3, [R8], R6 ;\nSTG [R20], R3 ;",
        addr(true)
    );
    let r = run(&body, |e| put(e, DATA, &[10; 32]));
    assert_eq!(r.kinds(), vec![FaultKind::MisalignedAddress]);
    assert_eq!(r.faults[0].lane, Some(5));
    assert!(
        r.faults[0].message.contains("not performed"),
        "{}",
        r.faults[0].message
    );
    for l in 0..32 {
        assert_eq!(r.out(l), 0x33, "lane {l}: Rd unchanged");
        assert_eq!(r.word(DATA + 4 * l), 10, "lane {l}: memory unchanged");
    }
    // Shared beyond the allocation (4 KiB): out_of_allocation, nothing written.
    let body = "SHL R2, R0, 0x8 ;\nMOV32I R5, 0x1 ;\nATOMS.ADD R3, [R2], R5 ;\nLDS R4, [RZ] ;\nSTG [R20], R4 ;";
    let r = run(body, |_| {});
    assert_eq!(
        r.kinds(),
        vec![FaultKind::OutOfAllocation; 16],
        "lanes 16-31"
    );
    assert_eq!(r.out(0), 0, "lane 0's in-range add did not happen either");
}

#[test]
fn sixty_four_bit_atomics_need_even_registers() {
    let body = format!("{}ATOM.E.ADD.U64 R3, [R8], R6 ;", addr(true));
    let r = run(&body, |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::MisalignedRegister]);
}
