//! One scenario per rule of the Maxwell seed pages 000-003 (LDG, LDC, LDL/LDS, STG),
//! plus the execution rules the emulator adds. Programs are SASS text assembled with
//! gpumem_maxwell::assemble; results are stored to global memory at OUT + 4*lane.

use crate::common;

use common::*;
use gpumem_maxwell::Target;
use gpumem_mem::CacheOp;
use gpumem_mem::rules::{BankLimit, MemConfig};
use gpumem_warp::{Emulator, FaultKind, LaunchConfig, Program};

// ---- LDG / STG (seeds 000, 003) -------------------------------------------------------

#[test]
fn ldg_omitted_ra_is_zero_extended_absolute_immediate() {
    let r = run("LDG R4, [0xfffff0] ;\nSTG [R20], R4 ;", |e| {
        put(e, 0xfffff0, &[0xabcd])
    });
    assert_eq!(r.out(0), 0xabcd);
    assert!(r.faults.is_empty());
}

#[test]
fn ldg_ra_rz_is_absolute() {
    let r = run("LDG R4, [RZ+0x800] ;\nSTG [R20], R4 ;", |e| {
        put(e, 0x800, &[7])
    });
    assert_eq!(r.out(5), 7);
}

#[test]
fn ra_at_or_above_register_count_is_absolute() {
    // With 32 registers, R40 is beyond the kernel's set: [R40 + -0x10] means the
    // zero-extended 24-bit immediate 0xfffff0 (not R40 + -0x10 = 0xfffffff0 in 32 bits).
    // No instruction can write R40 then (`register_out_of_range`, below).
    let body = "LDG R4, [R40+-0x10] ;\nSTG [R20], R4 ;";
    let r = run(body, |e| {
        put(e, 0xfffff0, &[0x1111]);
        put(e, 0xfffffff0, &[0x3333]);
    });
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(0), 0x1111);
    let body = "MOV32I R40, 0x5000 ;\nLDG R4, [R40+-0x10] ;\nSTG [R20], R4 ;";
    let r = run(body, |_| {});
    assert_eq!(
        r.faults[0].kind,
        FaultKind::RegisterOutOfRange,
        "{:?}",
        r.faults
    );
    // With 64 registers R40 is a real base register.
    let r = run_cfg(
        body,
        LaunchConfig {
            registers: 64,
            ..cfg()
        },
        |e| {
            put(e, 0xfffff0, &[0x1111]);
            put(e, 0x4ff0, &[0x2222]);
        },
    );
    assert_eq!(r.out(0), 0x2222);
}

#[test]
fn ra_at_or_above_register_count_is_absolute_for_lds_ldl_stg() {
    // R40 is beyond the 32 registers: never written, used only as an absolute base.
    let body = "MOV32I R5, 0x77 ;\nSTS [R40+0x10], R5 ;\nLDS R6, [0x10] ;\n\
                STL [R40+0x20], R5 ;\nLDL R7, [0x20] ;\nSTG [R40+0x200000], R6 ;\nIADD R8, R6, R7 ;\nSTG [R20], R8 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.word(0x200000), 0x77);
    assert_eq!(r.out(3), 0xee);
}

#[test]
fn ldg_without_e_adds_in_32_bits() {
    let r = run(
        "MOV32I R2, 0xfffffff0 ;\nMOV32I R3, 0x1 ;\nLDG R4, [R2+0x20] ;\nSTG [R20], R4 ;",
        |e| {
            put(e, 0x10, &[0x32]);
            put(e, 0x1_0000_0010, &[0x64]);
        },
    );
    assert_eq!(r.out(0), 0x32);
}

#[test]
fn ldg_e_uses_the_64_bit_register_pair() {
    let r = run(
        "MOV32I R2, 0xfffffff0 ;\nMOV32I R3, 0x1 ;\nLDG.E R4, [R2+0x20] ;\nSTG [R20], R4 ;",
        |e| {
            put(e, 0x10, &[0x32]);
            put(e, 0x2_0000_0010, &[0x64]);
        },
    );
    assert_eq!(r.out(0), 0x64);
}

#[test]
fn ldg_negative_offset() {
    let r = run(
        "MOV32I R2, 0x1000 ;\nLDG R4, [R2-0x4] ;\nSTG [R20], R4 ;",
        |e| put(e, 0xffc, &[9]),
    );
    assert_eq!(r.out(0), 9);
}

#[test]
fn ldg_forces_natural_alignment_without_notification() {
    let r = run(
        "MOV32I R2, 0x1004 ;\nLDG.64 R4, [R2] ;\nSTG [R20], R4 ;",
        |e| put(e, 0x1000, &[0xa, 0xb]),
    );
    assert_eq!(r.out(0), 0xa);
    assert!(r.faults.is_empty());
}

#[test]
fn stg_forces_alignment_and_can_raise_an_error() {
    let body = "MOV32I R2, 0x2002 ;\nMOV32I R4, 0x12345678 ;\nSTG [R2], R4 ;";
    let r = run(body, |_| {});
    assert_eq!(r.word(0x2000), 0x12345678);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::MisalignedAddress));
    assert_eq!(r.faults.len(), 32);
    let quiet = LaunchConfig {
        mem: MemConfig {
            fault_misaligned_store: false,
            ..MemConfig::default()
        },
        ..cfg()
    };
    let r = run_cfg(body, quiet, |_| {});
    assert_eq!(r.word(0x2000), 0x12345678);
    assert!(r.faults.is_empty());
}

#[test]
fn sub_word_loads_sign_and_zero_extend() {
    let body = "MOV32I R2, 0x3000 ;\nLDG.S8 R4, [R2] ;\nLDG.U8 R5, [R2] ;\nLDG.S16 R6, [R2] ;\nLDG.U16 R7, [R2] ;\n\
                STG [R20], R4 ;\nSTG [R20+0x80], R5 ;\nSTG [R20+0x100], R6 ;\nSTG [R20+0x180], R7 ;";
    let r = run(body, |e| put(e, 0x3000, &[0x8081]));
    assert_eq!(r.out(0), 0xffff_ff81);
    assert_eq!(r.out(32), 0x81);
    assert_eq!(r.out(64), 0xffff_8081);
    assert_eq!(r.out(96), 0x8081);
}

#[test]
fn sub_word_stores_write_only_their_bytes() {
    let body =
        "MOV32I R2, 0x3000 ;\nMOV32I R4, 0x11223344 ;\nSTG.U8 [R2], R4 ;\nSTG.U16 [R2+0x2], R4 ;";
    let r = run(body, |e| put(e, 0x3000, &[0xffff_ffff]));
    assert_eq!(r.word(0x3000), 0x3344_ff44);
}

#[test]
fn wide_accesses_128_bit() {
    let body = "MOV32I R2, 0x3000 ;\nLDG.128 R8, [R2] ;\nSTG.128 [R2+0x100], R8 ;";
    let r = run(body, |e| put(e, 0x3000, &[1, 2, 3, 4]));
    assert_eq!(
        (0..4).map(|k| r.word(0x3100 + 4 * k)).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
}

#[test]
fn misaligned_data_register_is_a_fault() {
    let r = run(
        "MOV32I R2, 0x3000 ;\nLDG.64 R5, [R2] ;\nLDG.128 R6, [R2] ;\nSTG.64 [R2], R3 ;",
        |_| {},
    );
    assert_eq!(
        r.kinds(),
        [
            FaultKind::MisalignedRegister,
            FaultKind::MisalignedRegister,
            FaultKind::MisalignedRegister
        ]
    );
}

#[test]
fn stg_inactive_lanes_never_write() {
    let body = "ISETP.LT.AND P0, PT, R0, 0x4, PT ;\nMOV32I R4, 0x55 ;\n@P0 STG [R20], R4 ;";
    let r = run(body, |_| {});
    assert_eq!(
        (0..6).map(|l| r.out(l)).collect::<Vec<_>>(),
        [0x55, 0x55, 0x55, 0x55, 0, 0]
    );
    assert_eq!(r.stat("@P0 STG").accesses, 4);
}

#[test]
fn cache_operators_are_carried_in_the_record() {
    let body = "MOV32I R2, 0x3000 ;\nLDG.E.CG R4, [R2] ;\nLDG.E.CV R5, [R2] ;\nLDG.E.CI R6, [R2] ;\nSTG.E.WT [R2], R4 ;\nSTG.E.CS [R2], R4 ;\nLDL.LU R7, [0x0] ;";
    let r = run(body, |_| {});
    assert_eq!(r.stat("LDG.E.CG").cache, Some(CacheOp::Cg));
    assert_eq!(r.stat("LDG.E.CV").cache, Some(CacheOp::Cv));
    assert_eq!(r.stat("LDG.E.CI").cache, Some(CacheOp::Ci));
    assert_eq!(r.stat("STG.E.WT").cache, Some(CacheOp::Wt));
    assert_eq!(r.stat("STG.E.CS").cache, Some(CacheOp::Cs));
    assert_eq!(r.stat("LDL.LU").cache, Some(CacheOp::Lu));
    assert_eq!(r.stat("LDG.E.CG").cache, Some(CacheOp::Cg));
}

#[test]
fn ldg_lu_and_cs_aliases_map_to_cg_and_ca() {
    let r = run("LDG.E.LU R4, [RZ] ;\nLDG.E.CS R5, [RZ] ;", |_| {});
    let c: Vec<_> = r.stats.per_inst.values().filter_map(|s| s.cache).collect();
    assert_eq!(c, [CacheOp::Cg, CacheOp::Ca]);
}

#[test]
fn global_sectors_and_lines() {
    let r = run(
        "LDG R4, [R20] ;\nSHL R5, R0, 0x7 ;\nLDG R6, [R5] ;\nLDG R7, [0x40] ;",
        |_| {},
    );
    let s = r.stat("LDG R4");
    assert_eq!((s.sectors_32, s.lines_128), (4, 1));
    let s = r.stat("LDG R6");
    assert_eq!((s.sectors_32, s.lines_128), (32, 32));
    let s = r.stat("LDG R7");
    assert_eq!((s.sectors_32, s.lines_128), (1, 1));
}

// ---- LDC (seed 001) ----------------------------------------------------------------------

fn ldc(body: &str, cfg: LaunchConfig, setup: impl FnOnce(&mut Emulator)) -> Res {
    run_cfg(&format!("{body}\nSTG [R20], R4 ;"), cfg, setup)
}

#[test]
fn ldc_immediate_address_is_unsigned_16_bit() {
    let r = ldc("LDC R4, c[0x3][0xfffc] ;", cfg(), |e| {
        cput(e, 3, 0xfffc, &[0x42])
    });
    assert_eq!(r.out(0), 0x42);
}

#[test]
fn ldc_sizes_and_sign_extension() {
    let body = "LDC.S8 R4, c[0x3][0x1] ;\nLDC.U16 R5, c[0x3][0x2] ;\nLDC.64 R6, c[0x3][0x8] ;\nIADD R4, R4, R5 ;\nIADD R4, R4, R7 ;";
    let r = ldc(body, cfg(), |e| cput(e, 3, 0, &[0x1234_8000, 0, 5, 0x100]));
    assert_eq!(
        r.out(0),
        0xffff_ff80u32.wrapping_add(0x1234).wrapping_add(0x100)
    );
}

#[test]
fn ldc_ia_does_not_cross_the_bank_and_reads_zero_out_of_bounds() {
    let body = "MOV32I R2, 0xfffc ;\nLDC R4, c[0x1][R2+0x4] ;";
    let r = ldc(body, cfg(), |e| {
        cput(e, 2, 0, &[0x99]);
        cput(e, 1, 0, &[0x98]);
    });
    assert_eq!(r.out(0), 0);
    assert!(r.faults.is_empty());
}

#[test]
fn ldc_il_carries_into_the_next_bank() {
    let r = ldc(
        "MOV32I R2, 0xfffc ;\nLDC.IL R4, c[0x1][R2+0x8] ;",
        cfg(),
        |e| cput(e, 2, 4, &[0x99]),
    );
    assert_eq!(r.out(0), 0x99);
}

#[test]
fn ldc_is_takes_the_bank_from_ra_high_half_without_carry() {
    // bank = 1 + (0x2_fffc >> 16) = 3; addr = 0x8 + 0xfffc = 0x10004 > 64 KB: reads 0.
    let r = ldc(
        "MOV32I R2, 0x2fffc ;\nLDC.IS R4, c[0x1][R2+0x8] ;",
        cfg(),
        |e| cput(e, 4, 4, &[0x99]),
    );
    assert_eq!(r.out(0), 0);
    let r = ldc(
        "MOV32I R2, 0x20010 ;\nLDC.IS R4, c[0x1][R2+0x4] ;",
        cfg(),
        |e| cput(e, 3, 0x14, &[0x77]),
    );
    assert_eq!(r.out(0), 0x77);
}

fn graphics() -> LaunchConfig {
    LaunchConfig {
        mem: MemConfig {
            bank_limit: BankLimit::Graphics,
            ..MemConfig::default()
        },
        ..cfg()
    }
}

#[test]
fn ldc_isl_reads_zero_above_bank_13() {
    let setup = |e: &mut Emulator| {
        cput(e, 13, 0, &[0x13]);
        cput(e, 14, 0, &[0x14]);
    };
    let r = ldc(
        "MOV32I R2, 0xd0000 ;\nLDC.ISL R4, c[0x0][R2] ;",
        graphics(),
        setup,
    );
    assert_eq!(r.out(0), 0x13);
    let r = ldc(
        "MOV32I R2, 0xe0000 ;\nLDC.ISL R4, c[0x0][R2] ;",
        graphics(),
        setup,
    );
    assert_eq!(r.out(0), 0);
    // IS computes the same bank with no 14-bank check (docs/01).
    let r = ldc(
        "MOV32I R2, 0xe0000 ;\nLDC.IS R4, c[0x0][R2] ;",
        graphics(),
        setup,
    );
    assert_eq!(r.out(0), 0x14);
}

#[test]
fn ldc_compute_mode_has_8_banks() {
    let setup = |e: &mut Emulator| cput(e, 9, 0, &[0x9]);
    let r = ldc("LDC R4, c[0x9][0x0] ;", cfg(), setup);
    assert_eq!(r.out(0), 0);
    assert!(r.faults.is_empty());
    let r = ldc("LDC R4, c[0x9][0x0] ;", graphics(), setup);
    assert_eq!(r.out(0), 9);
}

#[test]
fn ldc_graphics_mode_has_18_banks() {
    let setup = |e: &mut Emulator| {
        cput(e, 17, 0, &[0x17]);
        cput(e, 18, 0, &[0x18]);
    };
    assert_eq!(
        ldc("LDC R4, c[0x11][0x0] ;", graphics(), setup).out(0),
        0x17
    );
    assert_eq!(ldc("LDC R4, c[0x12][0x0] ;", graphics(), setup).out(0), 0);
}

#[test]
fn ldc_address_arithmetic_wraps_at_32_bits() {
    // 0xfffffff8 + 0x10 wraps to 0x8 (IA).
    let r = ldc(
        "MOV32I R2, 0xfffffff8 ;\nLDC R4, c[0x3][R2+0x10] ;",
        cfg(),
        |e| cput(e, 3, 8, &[0x31]),
    );
    assert_eq!(r.out(0), 0x31);
}

#[test]
fn ldc_misaligned_address_is_an_error() {
    let r = ldc("MOV32I R2, 0x2 ;\nLDC R4, c[0x3][R2] ;", cfg(), |e| {
        cput(e, 3, 0, &[0x31])
    });
    assert_eq!(r.out(0), 0);
    assert_eq!(r.faults.len(), 32);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::MisalignedAddress));
    // The message spells the address as the instruction does.
    let m = &r.faults[0].message;
    assert!(m.contains("constant load at c[0x3][0x2]"), "{m}");
}

#[test]
fn ldc_misaligned_register_is_an_error() {
    let r = ldc("LDC.64 R5, c[0x3][0x0] ;", cfg(), |_| {});
    assert_eq!(r.kinds(), [FaultKind::MisalignedRegister]);
}

#[test]
fn ldc_invalid_size_is_rejected() {
    let r = ldc("LDC.INVALIDSIZE6 R4, c[0x3][0x0] ;", cfg(), |_| {});
    assert_eq!(r.kinds(), [FaultKind::InvalidInstruction]);
}

#[test]
fn ldc_per_lane_index() {
    let r = ldc("SHL R2, R0, 0x2 ;\nLDC R4, c[0x3][R2] ;", cfg(), |e| {
        cput(e, 3, 0, &(0..32).map(|x| x * 3).collect::<Vec<_>>())
    });
    assert_eq!(
        (0..32).map(|l| r.out(l)).collect::<Vec<_>>(),
        (0..32).map(|x| x * 3).collect::<Vec<_>>()
    );
    let s = r.stat("LDC R4");
    assert_eq!((s.sectors_32, s.lines_128), (4, 1));
}

// ---- LDL / LDS (seed 002) ------------------------------------------------------------

#[test]
fn lds_outside_the_allocation_reads_zero_and_faults() {
    let r = run(
        "MOV32I R4, 0x5 ;\nSTS [0xffc], R4 ;\nLDS R5, [0x1000] ;\nLDS R6, [0xffc] ;\nIADD R5, R5, R6 ;\nSTG [R20], R5 ;",
        |_| {},
    );
    assert_eq!(r.out(0), 5);
    assert_eq!(r.faults.len(), 32);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::OutOfAllocation));
}

#[test]
fn lds_outside_the_window_reads_zero_and_faults() {
    let r = run(
        "MOV32I R2, 0x1000000 ;\nMOV32I R5, 0x9 ;\nLDS R5, [R2] ;\nSTG [R20], R5 ;",
        |_| {},
    );
    assert_eq!(r.out(0), 0);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::OutOfWindow));
    // Negative sums wrap to 32 bits: outside the window too.
    let r = run("SHL R2, R0, 0x2 ;\nLDS R5, [R2+-0x80] ;", |_| {});
    assert_eq!(r.faults.len(), 32);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::OutOfWindow));
}

#[test]
fn sts_outside_the_allocation_writes_nothing() {
    let r = run("MOV32I R4, 0x5 ;\nSTS [0x1000], R4 ;", |_| {});
    assert!(r.kinds().iter().all(|k| *k == FaultKind::OutOfAllocation));
}

#[test]
fn ldl_outside_the_allocation_reads_zero_and_faults() {
    let r = run(
        "MOV32I R5, 0x9 ;\nLDL R5, [0x100] ;\nSTG [R20], R5 ;",
        |_| {},
    );
    assert_eq!(r.out(0), 0);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::OutOfAllocation));
}

#[test]
fn ldl_outside_the_window_reads_zero_and_faults() {
    let r = run("MOV32I R2, 0x1000010 ;\nLDL R5, [R2] ;", |_| {});
    assert!(r.kinds().iter().all(|k| *k == FaultKind::OutOfWindow));
}

#[test]
fn window_misaligned_addresses_are_forced_with_optional_error() {
    let body = "MOV32I R4, 0xabc ;\nSTS [0x12], R4 ;\nLDS R5, [0x10] ;\nSTG [R20], R5 ;";
    let r = run(body, |_| {});
    assert_eq!(r.out(0), 0xabc);
    assert!(r.kinds().iter().all(|k| *k == FaultKind::MisalignedAddress));
    let quiet = LaunchConfig {
        mem: MemConfig {
            fault_misaligned_window: false,
            ..MemConfig::default()
        },
        ..cfg()
    };
    let r = run_cfg(body, quiet, |_| {});
    assert_eq!(r.out(0), 0xabc);
    assert!(r.faults.is_empty());
}

#[test]
fn local_memory_is_per_thread() {
    let r = run(
        "STL [0x10], R0 ;\nLDL R5, [0x10] ;\nSTG [R20], R5 ;",
        |_| {},
    );
    assert_eq!(
        (0..32).map(|l| r.out(l)).collect::<Vec<_>>(),
        (0..32).collect::<Vec<_>>()
    );
}

#[test]
fn local_uniform_per_thread_address_coalesces_to_one_access() {
    let r = run("LDL R5, [0x10] ;", |_| {});
    assert_eq!(r.stat("LDL").lines_128, 1);
}

#[test]
fn local_different_lines_serialise() {
    // Each lane a different per-thread word: 32 lines in the interleaved layout.
    let r = run("SHL R2, R0, 0x2 ;\nLDL R5, [R2] ;", |_| {});
    assert_eq!(r.stat("LDL").lines_128, 32);
    // Two distinct per-thread words among the lanes: 2 lines.
    let r = run("LOP32I.AND R2, R0, 0x4 ;\nLDL R5, [R2] ;", |_| {});
    assert_eq!(r.stat("LDL").lines_128, 2);
}

fn lds_degree(addr_setup: &str, op: &str) -> (u32, u64) {
    let r = run(&format!("{addr_setup}\n{op} ;"), |_| {});
    let s = r.stat(op.split(' ').next().unwrap());
    (s.bank_conflict_degree, s.wavefronts)
}

#[test]
fn shared_consecutive_words_are_conflict_free() {
    assert_eq!(lds_degree("SHL R2, R0, 0x2 ;", "LDS R4, [R2]"), (1, 1));
}

#[test]
fn shared_same_bank_different_addresses_serialise() {
    assert_eq!(lds_degree("SHL R2, R0, 0x3 ;", "LDS R4, [R2]"), (2, 2));
    assert_eq!(lds_degree("SHL R2, R0, 0x7 ;", "LDS R4, [R2]"), (32, 32));
}

#[test]
fn shared_same_address_is_a_broadcast() {
    assert_eq!(lds_degree("", "LDS R4, [0x40]"), (1, 1));
    // Bytes of one word: also a broadcast.
    assert_eq!(
        lds_degree("LOP32I.AND R2, R0, 0x3 ;", "LDS.U8 R4, [R2]"),
        (1, 1)
    );
}

#[test]
fn shared_64_bit_accesses_run_in_half_warp_phases() {
    assert_eq!(lds_degree("SHL R2, R0, 0x3 ;", "LDS.64 R4, [R2]"), (1, 2));
    // Stride 16 bytes: two lanes of a half-warp per bank pair -> 2-way.
    assert_eq!(lds_degree("SHL R2, R0, 0x4 ;", "LDS.64 R4, [R2]"), (2, 4));
}

#[test]
fn shared_128_bit_accesses_run_in_quarter_warp_phases() {
    assert_eq!(lds_degree("SHL R2, R0, 0x4 ;", "LDS.128 R4, [R2]"), (1, 4));
    assert_eq!(lds_degree("SHL R2, R0, 0x5 ;", "LDS.128 R4, [R2]"), (2, 8));
}

#[test]
fn lds_uniform_hint_changes_no_result() {
    let r = run(
        "MOV32I R4, 0x66 ;\nSTS [0x20], R4 ;\nLDS.U.32 R5, [0x20] ;\nSTG [R20], R5 ;",
        |_| {},
    );
    assert_eq!(r.out(7), 0x66);
}

// ---- execution ------------------------------------------------------------------------

#[test]
fn divergent_branch_reconverges_at_sync() {
    let body = "MOV R5, RZ ;\nSSY L_join ;\nISETP.LT.AND P0, PT, R0, 0x10, PT ;\n@P0 BRA L_a ;\n\
                MOV32I R5, 0x2 ;\nSYNC ;\nL_a:\nMOV32I R5, 0x1 ;\nSYNC ;\nL_join:\nIADD32I R5, R5, 0x10 ;\nSTG [R20], R5 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(0), 0x11);
    assert_eq!(r.out(31), 0x12);
    // The join block runs once for the whole warp.
    assert_eq!(r.stat("IADD32I R5").executed, 1);
}

#[test]
fn partial_exit_keeps_the_other_lanes_running() {
    let body = "ISETP.GE.AND P0, PT, R0, 0x3, PT ;\n@P0 EXIT ;\nMOV32I R5, 0x7 ;\nSTG [R20], R5 ;";
    let r = run(body, |_| {});
    assert_eq!(
        (0..5).map(|l| r.out(l)).collect::<Vec<_>>(),
        [7, 7, 7, 0, 0]
    );
}

#[test]
fn partial_warps_have_inactive_lanes() {
    let r = run_cfg(
        "MOV32I R5, 0x7 ;\nSTG [R20], R5 ;",
        LaunchConfig {
            block: [40, 1, 1],
            ..cfg()
        },
        |_| {},
    );
    assert_eq!(r.stat("STG").accesses, 40);
    assert_eq!(r.stat("STG").executed, 2);
}

#[test]
fn barrier_orders_shared_memory_between_warps() {
    // Warp 1 reads what warp 0 wrote before the barrier.
    let body = "SHL R2, R0, 0x2 ;\nSTS [R2], R0 ;\nBAR.SYNC 0x0 ;\nLOP32I.XOR R3, R2, 0x80 ;\nLDS R4, [R3] ;\nSTG [R20], R4 ;";
    let r = run_cfg(
        body,
        LaunchConfig {
            block: [64, 1, 1],
            ..cfg()
        },
        |_| {},
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(0), 32);
    assert_eq!(r.out(33), 1);
}

#[test]
fn infinite_loop_stops_at_the_step_limit() {
    let r = run_cfg(
        "L_top:\nBRA L_top ;",
        LaunchConfig {
            max_steps: 1000,
            ..cfg()
        },
        |_| {},
    );
    assert_eq!(r.kinds(), [FaultKind::StepLimit]);
}

#[test]
fn falling_off_the_program_is_a_fault() {
    let prog = Program::from_sass("MOV R1, RZ ;", Target::Sm50).unwrap();
    let mut emu = Emulator::new(&prog, cfg());
    emu.run();
    // The padding NOPs run, then the PC leaves the program.
    assert_eq!(
        emu.faults.iter().map(|f| f.kind).collect::<Vec<_>>(),
        [FaultKind::PcOutOfRange]
    );
}

#[test]
fn special_registers_and_grid() {
    let body = "S2R R4, SR_CTAID.X ;\nS2R R5, SR_LANEID ;\nISCADD R4, R4, R5, 0x8 ;\nS2R R6, SR_CTAID.X ;\nSHL R6, R6, 0x7 ;\nIADD R20, R20, R6 ;\nSTG [R20], R4 ;";
    let r = run_cfg(
        body,
        LaunchConfig {
            grid: [3, 1, 1],
            ..cfg()
        },
        |_| {},
    );
    assert_eq!(r.out(32 + 5), 0x105);
    assert_eq!(r.out(64 + 31), 0x21f);
}

#[test]
fn kernel_parameters_live_at_c0_0x140() {
    let r = run(
        "MOV R4, c[0x0][0x144] ;\nMOV R5, c[0x0][0x8] ;\nIADD R4, R4, R5 ;\nSTG [R20], R4 ;",
        |e| e.set_params(&[0, 0, 0, 0, 0x10, 0, 0, 0]).unwrap(),
    );
    assert_eq!(r.out(0), 0x10 + 32);
}

// ---- Sub-word selects, constant-bank targets, scoreboard sets ------------------------

#[test]
fn i2f_byte_and_half_selects_extract_then_extend_by_source_type() {
    let body = "MOV32I R2, 0x80f07f05 ;\n\
                I2F.F32.S8 R3, R2.B3 ;\nI2F.F32.U8 R4, R2.B2 ;\nI2F.F32.S8 R5, -|R2.B1| ;\n\
                I2F.F32.S16 R6, R2.H1 ;\nI2F.F32.U16 R7, R2.H1 ;\nI2F.F32.S32 R8, 0x5.NEG ;\n\
                STG [R20], R3 ;\nSTG [R20+0x80], R4 ;\nSTG [R20+0x100], R5 ;\n\
                STG [R20+0x180], R6 ;\nSTG [R20+0x200], R7 ;\nSTG [R20+0x280], R8 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(f32::from_bits(r.out(0)), -128.0);
    assert_eq!(f32::from_bits(r.out(32)), 240.0);
    assert_eq!(f32::from_bits(r.out(64)), -127.0);
    assert_eq!(f32::from_bits(r.out(96)), -32528.0);
    assert_eq!(f32::from_bits(r.out(128)), 33008.0);
    assert_eq!(f32::from_bits(r.out(160)), -5.0);
}

#[test]
fn meaningless_selects_are_invalid() {
    // A select the source type does not have means nothing (SEMANTICS.md, "encodings
    // without meaning"); I2F's `.CC` runs (`tests/exec/ccforms.txt`).
    for (body, kind) in [
        ("I2F.F32.S32 R3, R0.B1 ;", FaultKind::InvalidInstruction),
        (
            "I2F.F32.U16 R3, R0.INVALIDSIZE1 ;",
            FaultKind::InvalidInstruction,
        ),
        (
            "F2I.S32.F32.TRUNC R3, R0.H1 ;",
            FaultKind::InvalidInstruction,
        ),
    ] {
        let r = run(body, |_| {});
        assert!(r.kinds().contains(&kind), "{body}: {:?}", r.faults);
    }
    let r = run("I2F.F32.S32 R3.CC, R0 ;", |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
}

#[test]
fn depbar_scoreboard_sets_and_lop3_immediate_execute() {
    // Every access completes before the next instruction: waiting is a no-op.
    let body = "DEPBAR.LE SB0, 0x0, {5,1,0} ;\nDEPBAR {2} ;\n\
                LOP3.LUT R3, R0, 0xff0, RZ, 0xc0 ;\nSTG [R20], R3 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.out(5), 0);
    assert_eq!(r.out(31), 0x10);
    assert_eq!(r.out(17), 0x10);
}
