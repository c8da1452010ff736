//! ATOM, ATOMS and RED (SEMANTICS.md, "Atomics"): every operation and type on global
//! (`.E` 64-bit addresses) and shared memory, lanes applied in ascending lane order, the
//! old value returned, CAS register pairs, the seed rules (alignment, windows) with an
//! all-or-nothing fault, and the one access record in the statistics. Expected values
//! are computed here by applying the operations lane by lane in Rust.

use crate::common;
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
    // One record; atomics do not broadcast: the 8 lanes on each bin's word serialise
    // (8 ways, 8 wavefronts; issue 20: they counted as a broadcast, 1).
    assert_eq!((st.bank_conflict_degree, st.wavefronts), (8, 8));
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

/// [`run`] on SM52 (the `.F16x2.FTZ.RN` spelling of type 4 exists there only).
fn run52(body: &str, setup: impl FnOnce(&mut gpumem_warp::Emulator)) -> Res {
    let src = format!("{PRO}{body}\nEXIT ;\n");
    let prog = gpumem_warp::Program::from_sass(&src, gpumem_maxwell::Target::Sm52)
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    let mut emu = gpumem_warp::Emulator::new(&prog, cfg());
    setup(&mut emu);
    emu.run();
    Res {
        mem: emu.mem,
        faults: emu.faults,
        stats: emu.stats,
    }
}

/// Each lane's word of shared memory = `lane` (STS [lane*4]), R2 = lane*4.
const SHARED_LANES: &str = "SHL R2, R0, 0x2 ;\nSTS [R2], R0 ;\n";

#[test]
fn atoms_cast_stores_where_equal_and_returns_one_or_zero() {
    // SPA 5.0, ATOMS: `.CAST`: if (M == Rb) { M = Rc; Rd = 1; } else { Rd = 0 }.
    // Compare = lane & ~1 (odd lanes miss), new = 0x1000 + lane.
    let body = format!(
        "{SHARED_LANES}LOP32I.AND R6, R0, 0xfffffffe ;\nIADD32I R7, R0, 0x1000 ;\n\
         ATOMS.CAST R3, [R2], R6, R7 ;\nLDS R4, [R2] ;\nSTG [R20], R3 ;\nSTG [R20+0x80], R4 ;"
    );
    let r = run(&body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32u32 {
        let even = l % 2 == 0;
        assert_eq!(r.out(l as u64), even as u32, "lane {l}: the flag");
        let m = if even { 0x1000 + l } else { l };
        assert_eq!(r.out(32 + l as u64), m, "lane {l}: memory");
    }
    let st = r.stat("ATOMS.CAST");
    assert_eq!(
        (st.space, st.kind, st.accesses),
        (Some(Space::Shared), Some(AccessKind::Load), 32)
    );
    // 64-bit: compare R6:R7, store R8:R9; the flag is the 64-bit value 1 or 0 in R4:R5.
    let body = "SHL R2, R0, 0x3 ;\nMOV R10, R0 ;\nMOV32I R11, 0x5 ;\nSTS.64 [R2], R10 ;\n\
                LOP32I.AND R6, R0, 0xfffffffe ;\nMOV32I R7, 0x5 ;\nIADD32I R8, R0, 0x2000 ;\n\
                MOV32I R9, 0x7 ;\nMOV32I R5, 0x99 ;\nATOMS.CAST.64 R4, [R2], R6, R8 ;\n\
                LDS.64 R12, [R2] ;\nSTG [R20], R4 ;\nSTG [R20+0x80], R5 ;\nSTG [R20+0x100], R12 ;\n\
                STG [R20+0x180], R13 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32u32 {
        let even = l % 2 == 0;
        let lane = l as u64;
        assert_eq!(
            (r.out(lane), r.out(32 + lane)),
            (even as u32, 0),
            "lane {l}"
        );
        let m = if even { (0x2000 + l, 7) } else { (l, 5) };
        assert_eq!((r.out(64 + lane), r.out(96 + lane)), m, "lane {l}: memory");
    }
}

#[test]
fn cast_spin_lets_only_the_lowest_lane_of_each_bank_try() {
    // Lanes 0-15 on words 0-15, lanes 16-31 on words 32-47: the same banks, different
    // words. Every compare matches, so `.CAST` stores in every lane; `.CAST.SPIN`
    // ("fast fail") only in the first lane of each bank (0-15): 16-31 get 0, no store.
    let addr = "LOP32I.AND R2, R0, 0xf ;\nSHR.U32 R3, R0, 0x4 ;\nSHL R3, R3, 0x5 ;\nIADD R2, R2, R3 ;\n\
                SHL R2, R2, 0x2 ;\nSTS [R2], R0 ;\nMOV R6, R0 ;\nIADD32I R7, R0, 0x100 ;\n";
    for (spin, op) in [(false, "ATOMS.CAST"), (true, "ATOMS.CAST.SPIN")] {
        let body = format!(
            "{addr}{op} R3, [R2], R6, R7 ;\nLDS R4, [R2] ;\nSTG [R20], R3 ;\nSTG [R20+0x80], R4 ;"
        );
        let r = run(&body, |_| {});
        assert!(r.faults.is_empty(), "{:?}", r.faults);
        for l in 0..32u32 {
            let tried = !spin || l < 16;
            assert_eq!(r.out(l as u64), tried as u32, "{op} lane {l}");
            let m = if tried { 0x100 + l } else { l };
            assert_eq!(r.out(32 + l as u64), m, "{op} lane {l}: memory");
        }
    }
    // Every lane on one word (one bank): lane 0 alone tries and wins.
    let body = "MOV R6, RZ ;\nIADD32I R7, R0, 0x1 ;\nATOMS.CAST.SPIN R3, [RZ], R6, R7 ;\n\
                LDS R4, [RZ] ;\nSTG [R20], R3 ;\nSTG [R20+0x80], R4 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for l in 0..32u64 {
        assert_eq!(r.out(l), (l == 0) as u32, "lane {l}");
        assert_eq!(r.out(32 + l), 1, "lane {l}: lane 0's value");
    }
}

#[test]
fn a_cast_spin_retry_loop_adds_every_lane() {
    // The retry loop of a shared float add (ptxas for later targets; the NVIDIA forum's
    // "half2 atomics" SASS: LDS, add, ATOMS.CAST.SPIN, ISETP.EQ.U32 Rd, 0x1, @!P0 BRA):
    // each round one lane stores, the others retry; the sum is every lane's value.
    let body = "I2F.F32.U32 R6, R0 ;\nSSY L_done ;\nL_loop:\nLDS R2, [RZ] ;\nFADD R3, R2, R6 ;\n\
                ATOMS.CAST.SPIN R4, [RZ], R2, R3 ;\nISETP.EQ.U32.AND P0, PT, R4, 0x1, PT ;\n\
                @!P0 BRA L_loop ;\nSYNC ;\nL_done:\nLDS R7, [RZ] ;\nSTG [R20], R7 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let sum: f32 = (0..32).map(|l| l as f32).sum();
    for l in 0..32u64 {
        assert_eq!(f32::from_bits(r.out(l)), sum, "lane {l}");
    }
    // 32 rounds: the CAST ran 32 times for the warp, one lane storing each time.
    assert_eq!(r.stat("ATOMS.CAST.SPIN").executed, 32);
}

#[test]
fn f16x2_atomics_on_sm52_work_half_by_half() {
    // (op, old, b, new): each half rounds to nearest even, flushes subnormals, NaN 0x7fff.
    let cases: &[(&str, u32, u32, u32)] = &[
        ("ADD", 0x3e00_4080, 0x4080_3e00, 0x4380_4380), // 1.5 + 2.25 = 3.75 (both halves)
        ("ADD", 0x6800_6800, 0x3c00_4200, 0x6800_6802), // 2048 + 1 = 2048 (tie, even); 2048 + 3 = 2052
        ("ADD", 0x0001_8001, 0x0000_8000, 0x0000_8000), // subnormals flush to zeros of their sign
        ("ADD", 0x7bff_7c00, 0x7bff_fc00, 0x7c00_7fff), // overflow to inf; inf - inf = NaN
        ("ADD", 0xc100_3800, 0x4100_3800, 0x0000_3c00), // -2.5 + 2.5 = +0; 0.5 + 0.5 = 1
        ("MIN", 0x8000_7fff, 0x0000_3c00, 0x8000_3c00), // -0 below +0; NaN gives the other
        ("MAX", 0x8000_c100, 0x0000_7e00, 0x0000_c100), // +0 above -0; NaN gives the other
        ("MIN", 0x3c00_4000, 0xc000_0001, 0xc000_0000), // 1 vs -2; 2 vs a flushed subnormal
    ];
    for &(op, old, b, new) in cases {
        let body = format!(
            "{}MOV32I R6, {b:#x} ;\nATOM.E.{op}.F16x2.FTZ.RN R3, [R8], R6 ;\nSTG [R20], R3 ;",
            addr(true)
        );
        let r = run52(&body, |e| put(e, DATA, &[old; 32]));
        assert!(r.faults.is_empty(), "{op} {old:#x} {b:#x}: {:?}", r.faults);
        assert_eq!(r.out(0), old, "{op}: the old value comes back");
        assert_eq!(
            r.word(DATA),
            new,
            "{op} {old:#x} {b:#x}: got {:#x}",
            r.word(DATA)
        );
    }
    // RED: no result; every lane adds 1.0 to both halves of one word.
    let body = format!(
        "{}MOV32I R6, 0x3c003c00 ;\nRED.E.ADD.F16x2.FTZ.RN [R8], R6 ;",
        addr(false)
    );
    let r = run52(&body, |e| put(e, DATA, &[0x0000_4000]));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    // 2 + 32 = 34 (0x5040) in the low half, 0 + 32 = 32 (0x5000) in the high one.
    assert_eq!(r.word(DATA), 0x5000_5040);
}

#[test]
fn illegal_atomic_types_and_safeadd() {
    // SPA 5.0 ATOM: ".128 aliases to .U128, but is illegal" (SM50's spelling of type 4).
    let body = format!("{}ATOM.E.ADD.U128 R4, [R8], R4 ;", addr(true));
    let r = run(&body, |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::InvalidInstruction]);
    // The f32 and f16x2 types with an operation the manual does not list for them.
    let body = format!("{}ATOM.E.MIN.F32.FTZ.RN R4, [R8], R4 ;", addr(true));
    assert_eq!(
        run(&body, |_| {}).kinds(),
        vec![FaultKind::InvalidInstruction]
    );
    let body = format!("{}ATOM.E.XOR.F16x2.FTZ.RN R4, [R8], R4 ;", addr(true));
    assert_eq!(
        run52(&body, |_| {}).kinds(),
        vec![FaultKind::InvalidInstruction]
    );
    // SAFEADD: the manual's one line does not define it.
    let body = format!("{}ATOM.E.SAFEADD.U64 R4, [R8], R6 ;", addr(true));
    let r = run(&body, |e| put(e, DATA, &[7; 64]));
    assert_eq!(r.kinds(), vec![FaultKind::Unsupported]);
    assert!(r.faults[0].message.contains("circular queue"));
    assert_eq!(r.word(DATA), 7, "nothing performed");
}
