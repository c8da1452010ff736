//! SALU/SOPK/SOPC/SOPP semantics, one small program per case.
use crate::common;
use common::*;
use gpumem_wave::*;

/// Runs `body` (then s_endpgm) and checks registers and SCC.
fn check(body: &str, expect: &[(&str, u64)], scc: Option<bool>) {
    let src = format!("{body}\ns_endpgm\n");
    let r = run_src(&src, &VegaConfig::default(), &[]);
    assert!(r.faults.is_empty(), "{body}: {:?}", r.faults);
    let w = &r.waves[0];
    for (name, v) in expect {
        let rr = parse_reg(name).unwrap();
        let got = if rr.count == 1 {
            u64::from(w.reg(rr.code))
        } else {
            u64::from(w.reg(rr.code)) | u64::from(w.reg(rr.code + 1)) << 32
        };
        assert_eq!(got, *v, "{body}: {name} = {got:#x}, want {v:#x}");
    }
    if let Some(s) = scc {
        assert_eq!(w.scc, s, "{body}: scc");
    }
}

#[test]
fn add_sub_carry_and_overflow() {
    check(
        "s_mov_b32 s0, -1\ns_add_u32 s1, s0, 2",
        &[("s1", 1)],
        Some(true),
    );
    check("s_add_u32 s1, 2, 3", &[("s1", 5)], Some(false));
    check("s_sub_u32 s1, 2, 3", &[("s1", 0xffff_ffff)], Some(true));
    check(
        "s_mov_b32 s0, 0x7fffffff\ns_add_i32 s1, s0, 1",
        &[("s1", 0x8000_0000)],
        Some(true),
    );
    check(
        "s_mov_b32 s0, 0x80000000\ns_sub_i32 s1, s0, 1",
        &[("s1", 0x7fff_ffff)],
        Some(true),
    );
    // 64-bit add with addc: 0xffffffff_ffffffff + 1 = 0 carry out.
    check(
        "s_mov_b64 s[0:1], -1\ns_add_u32 s2, s0, 1\ns_addc_u32 s3, s1, 0",
        &[("s2", 0), ("s3", 0)],
        Some(true),
    );
    check(
        "s_mov_b32 s0, 0\ns_mov_b32 s1, 1\ns_sub_u32 s2, s0, 1\ns_subb_u32 s3, s1, 0",
        &[("s2", 0xffff_ffff), ("s3", 0)],
        Some(false),
    );
}

#[test]
fn min_max_select_scc() {
    check("s_min_i32 s0, -1, 5", &[("s0", 0xffff_ffff)], Some(true));
    check("s_min_u32 s0, -1, 5", &[("s0", 5)], Some(false));
    check("s_max_i32 s0, -1, 5", &[("s0", 5)], Some(false));
    check("s_max_u32 s0, -1, 5", &[("s0", 0xffff_ffff)], Some(true));
    check(
        "s_cmp_eq_u32 1, 1\ns_cselect_b32 s0, 7, 9",
        &[("s0", 7)],
        Some(true),
    );
    check(
        "s_cmp_lg_u32 1, 1\ns_cselect_b64 s[0:1], 7, -1",
        &[("s[0:1]", u64::MAX)],
        Some(false),
    );
}

#[test]
fn bitwise_and_64_bit_forms() {
    check("s_and_b32 s0, 0xf0, 0x3c", &[("s0", 0x30)], Some(true));
    check("s_xor_b32 s0, 5, 5", &[("s0", 0)], Some(false));
    check("s_andn2_b32 s0, 0xff, 0xf", &[("s0", 0xf0)], Some(true));
    check("s_orn2_b32 s0, 0, -1", &[("s0", 0)], Some(false));
    check("s_nand_b32 s0, -1, -1", &[("s0", 0)], Some(false));
    check("s_nor_b32 s0, 0, 0", &[("s0", 0xffff_ffff)], Some(true));
    check("s_xnor_b32 s0, 0, 0", &[("s0", 0xffff_ffff)], Some(true));
    check(
        "s_mov_b64 s[0:1], -1\ns_and_b64 s[2:3], s[0:1], 0x80000000",
        &[("s[2:3]", 0x8000_0000)],
        Some(true),
    );
    check("s_not_b64 s[0:1], 0", &[("s[0:1]", u64::MAX)], Some(true));
    check("s_or_b64 s[0:1], 0, 0", &[("s[0:1]", 0)], Some(false));
}

#[test]
fn shifts_and_bitfields() {
    check("s_lshl_b32 s0, 1, 33", &[("s0", 2)], Some(true));
    check("s_lshr_b32 s0, 0x80000000, 31", &[("s0", 1)], Some(true));
    check(
        "s_ashr_i32 s0, 0x80000000, 31",
        &[("s0", 0xffff_ffff)],
        Some(true),
    );
    check(
        "s_lshl_b64 s[0:1], 1, 40",
        &[("s[0:1]", 1 << 40)],
        Some(true),
    );
    check(
        "s_mov_b64 s[2:3], -1\ns_lshr_b64 s[0:1], s[2:3], 60",
        &[("s[0:1]", 0xf)],
        Some(true),
    );
    check(
        "s_mov_b64 s[2:3], 0x80000000\ns_lshl_b64 s[2:3], s[2:3], 32\ns_ashr_i64 s[0:1], s[2:3], 63",
        &[("s[0:1]", u64::MAX)],
        Some(true),
    );
    check("s_bfm_b32 s0, 4, 8", &[("s0", 0xf00)], None);
    check(
        "s_bfm_b64 s[0:1], 36, 0",
        &[("s[0:1]", (1 << 36) - 1)],
        None,
    );
    // bfe: offset S1[4:0], width S1[22:16].
    check(
        "s_mov_b32 s1, 0xabcd\ns_bfe_u32 s0, s1, 0x80004",
        &[("s0", 0xbc)],
        Some(true),
    );
    check(
        "s_mov_b32 s1, 0x40004\ns_bfe_i32 s0, 0xf0, s1",
        &[("s0", 0xffff_ffff)],
        Some(true),
    );
    check("s_bfe_u32 s0, 0xabcd, 4", &[("s0", 0)], Some(false));
    check(
        "s_mov_b64 s[2:3], -1\ns_bfe_u64 s[0:1], s[2:3], 0x240000",
        &[("s[0:1]", (1 << 36) - 1)],
        Some(true),
    );
    check(
        "s_mov_b32 s2, 0x80000\ns_bfe_i64 s[0:1], 0x80, s2",
        &[("s[0:1]", u64::MAX - 0x7f)],
        Some(true),
    );
}

#[test]
fn mul_abs_pack_lshl_add() {
    check(
        "s_mul_i32 s0, -3, 5",
        &[("s0", (-15i32) as u32 as u64)],
        None,
    );
    check("s_mul_hi_u32 s0, -1, -1", &[("s0", 0xffff_fffe)], None);
    check("s_mul_hi_i32 s0, -1, -1", &[("s0", 0)], None);
    check("s_absdiff_i32 s0, 3, 10", &[("s0", 7)], Some(true));
    check("s_abs_i32 s0, -5", &[("s0", 5)], Some(true));
    check(
        "s_mov_b32 s1, 0x5678\ns_pack_ll_b32_b16 s0, 0x1234, s1",
        &[("s0", 0x5678_1234)],
        None,
    );
    check(
        "s_mov_b32 s1, 0x56780000\ns_pack_lh_b32_b16 s0, 0x1234, s1",
        &[("s0", 0x5678_1234)],
        None,
    );
    check(
        "s_mov_b32 s1, 0x56780000\ns_pack_hh_b32_b16 s0, 0x12340000, s1",
        &[("s0", 0x5678_1234)],
        None,
    );
    check("s_lshl2_add_u32 s0, 3, 1", &[("s0", 13)], Some(false));
    check(
        "s_lshl4_add_u32 s0, 0x10000000, 0",
        &[("s0", 0)],
        Some(true),
    );
}

#[test]
fn sop1_bit_operations() {
    check("s_brev_b32 s0, 1", &[("s0", 0x8000_0000)], None);
    check("s_bcnt1_i32_b32 s0, 0xff", &[("s0", 8)], Some(true));
    check("s_bcnt0_i32_b64 s0, -1", &[("s0", 0)], Some(false));
    check("s_ff1_i32_b32 s0, 0x100", &[("s0", 8)], None);
    check("s_ff1_i32_b32 s0, 0", &[("s0", 0xffff_ffff)], None);
    check("s_ff0_i32_b32 s0, 0xff", &[("s0", 8)], None);
    check("s_flbit_i32_b32 s0, 1", &[("s0", 31)], None);
    check("s_flbit_i32 s0, -2", &[("s0", 31)], None);
    check("s_flbit_i32 s0, -1", &[("s0", 0xffff_ffff)], None);
    check("s_sext_i32_i8 s0, 0x80", &[("s0", 0xffff_ff80)], None);
    check("s_sext_i32_i16 s0, 0x8000", &[("s0", 0xffff_8000)], None);
    check("s_mov_b32 s0, 0\ns_bitset1_b32 s0, 5", &[("s0", 32)], None);
    check(
        "s_mov_b32 s0, -1\ns_bitset0_b32 s0, 0",
        &[("s0", 0xffff_fffe)],
        None,
    );
    check("s_quadmask_b32 s0, 0x10f", &[("s0", 0b101)], Some(true));
    check("s_wqm_b32 s0, 0x101", &[("s0", 0xf0f)], Some(true));
    check(
        "s_bitreplicate_b64_b32 s[0:1], 5",
        &[("s[0:1]", 0b110011)],
        None,
    );
}

#[test]
fn compares_and_bitcmp() {
    check("s_cmp_gt_i32 -1, 0", &[], Some(false));
    check("s_cmp_gt_u32 -1, 0", &[], Some(true));
    check("s_cmp_le_i32 3, 3", &[], Some(true));
    check("s_bitcmp1_b32 4, 2", &[], Some(true));
    check("s_bitcmp0_b32 4, 2", &[], Some(false));
    check(
        "s_mov_b64 s[0:1], 1\ns_cmp_eq_u64 s[0:1], 1",
        &[],
        Some(true),
    );
    check(
        "s_mov_b64 s[0:1], -1\ns_bitcmp1_b64 s[0:1], 63",
        &[],
        Some(true),
    );
}

#[test]
fn sopk_forms() {
    check("s_movk_i32 s0, 0x8000", &[("s0", 0xffff_8000)], None);
    check(
        "s_movk_i32 s0, 0x7fff\ns_addk_i32 s0, 0x1",
        &[("s0", 0x8000)],
        Some(false),
    );
    check(
        "s_mov_b32 s0, 0x7fffffff\ns_addk_i32 s0, 0x1",
        &[("s0", 0x8000_0000)],
        Some(true),
    );
    check(
        "s_movk_i32 s0, 3\ns_mulk_i32 s0, 0xfffe",
        &[("s0", (-6i32) as u32 as u64)],
        None,
    );
    check(
        "s_movk_i32 s0, 5\ns_cmpk_lt_u32 s0, 0xffff",
        &[],
        Some(true),
    );
    check(
        "s_movk_i32 s0, 5\ns_cmpk_lt_i32 s0, 0xffff",
        &[],
        Some(false),
    );
    check("s_cmp_eq_u32 0, 0\ns_cmovk_i32 s0, 0x9", &[("s0", 9)], None);
}

#[test]
fn exec_and_saveexec() {
    check(
        "s_mov_b64 exec, 0xff\ns_and_saveexec_b64 s[0:1], 0xf",
        &[("s[0:1]", 0xff), ("exec", 0xf)],
        Some(true),
    );
    check(
        "s_mov_b64 exec, 0xff\ns_andn2_wrexec_b64 s[0:1], 0xfff",
        &[("s[0:1]", 0xf00), ("exec", 0xf00)],
        Some(true),
    );
    check(
        "s_mov_b64 exec, 0\ns_or_saveexec_b64 s[0:1], 0",
        &[("exec", 0)],
        Some(false),
    );
}

#[test]
fn branches_and_loops() {
    // Sum 1..=10.
    check(
        "s_mov_b32 s0, 0\ns_mov_b32 s1, 10\nloop:\ns_add_u32 s0, s0, s1\ns_sub_u32 s1, s1, 1\ns_cmp_lg_u32 s1, 0\ns_cbranch_scc1 loop",
        &[("s0", 55)],
        None,
    );
    check(
        "s_branch skip\ns_mov_b32 s0, 1\nskip:\ns_mov_b32 s1, 2",
        &[("s0", 0), ("s1", 2)],
        None,
    );
    check(
        "s_mov_b64 vcc, 0\ns_cbranch_vccz t\ns_mov_b32 s0, 1\nt:",
        &[("s0", 0)],
        None,
    );
    check(
        "s_mov_b64 exec, 0\ns_cbranch_execnz t\ns_mov_b32 s0, 1\nt:",
        &[("s0", 1)],
        None,
    );
    check(
        "s_mov_b64 exec, 0\ns_cbranch_execz t\ns_mov_b32 s0, 1\nt:",
        &[("s0", 0)],
        None,
    );
}

#[test]
fn pc_instructions_and_call() {
    check("s_nop 0\ns_getpc_b64 s[0:1]", &[("s[0:1]", 8)], None);
    // setpc to the s_endpgm at byte 16 skips the mov.
    check(
        "s_mov_b64 s[0:1], 16\ns_setpc_b64 s[0:1]\ns_mov_b32 s2, 1\ns_nop 0",
        &[("s2", 0)],
        None,
    );
    check(
        "s_mov_b64 s[0:1], 12\ns_swappc_b64 s[2:3], s[0:1]\ns_nop 0",
        &[("s[2:3]", 8)],
        None,
    );
    check(
        "s_call_b64 s[0:1], f\ns_mov_b32 s2, 1\nf:\ns_mov_b32 s3, 1",
        &[("s[0:1]", 4), ("s2", 0), ("s3", 1)],
        None,
    );
}

#[test]
fn hwreg_and_relative_moves() {
    check(
        "s_getreg_b32 s0, hwreg(HW_REG_HW_ID, 0, 4)",
        &[("s0", 0)],
        None,
    );
    check(
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xab\ns_getreg_b32 s0, hwreg(HW_REG_MODE)",
        &[("s0", 0xab)],
        None,
    );
    check(
        "s_cmp_eq_u32 0, 0\ns_getreg_b32 s0, hwreg(HW_REG_STATUS, 0, 1)",
        &[("s0", 1)],
        None,
    );
    check(
        "s_mov_b32 s5, 77\ns_mov_b32 m0, 3\ns_movrels_b32 s0, s2",
        &[("s0", 77)],
        None,
    );
    check("s_mov_b32 m0, 4\ns_movreld_b32 s1, 9", &[("s5", 9)], None);
    check(
        "s_set_gpr_idx_on 5, gpr_idx(SRC0)\ns_set_gpr_idx_off",
        &[("m0", 0x1005)],
        None,
    );
}

#[test]
fn inline_constants_and_specials() {
    check(
        "s_mov_b32 s0, 1.0\ns_mov_b64 s[2:3], 0.5",
        &[("s0", 0x3f80_0000), ("s[2:3]", 0x3fe0_0000_0000_0000)],
        None,
    );
    check(
        "s_mov_b64 s[0:1], -16",
        &[("s[0:1]", (-16i64) as u64)],
        None,
    );
    check(
        "s_mov_b64 s[0:1], 0x12345678",
        &[("s[0:1]", 0x1234_5678)],
        None,
    );
    check(
        "s_cmp_eq_u32 0, 0\ns_mov_b32 s0, src_scc",
        &[("s0", 1)],
        None,
    );
}

/// Instructions meaningless for a scalar-only emulator: defined, never a panic.
#[test]
fn unsupported_and_no_op_instructions_are_defined() {
    let run1 = |src: &str| run_src(&format!("{src}\ns_endpgm\n"), &VegaConfig::default(), &[]);
    for (src, kind) in [
        (
            "s_cbranch_g_fork s[0:1], s[2:3]",
            Some(FaultKind::Unsupported),
        ),
        ("s_cbranch_join s0", Some(FaultKind::Unsupported)),
        ("s_cbranch_i_fork s[0:1], 1", Some(FaultKind::Unsupported)),
        ("s_trap 2", Some(FaultKind::Trap)),
        ("s_sethalt 1", Some(FaultKind::Halt)),
        (
            "s_sendmsghalt sendmsg(MSG_INTERRUPT)",
            Some(FaultKind::Halt),
        ),
        ("s_sendmsg sendmsg(MSG_INTERRUPT)", None),
        ("s_setkill 1", None),
        ("s_setprio 2", None),
        ("s_icache_inv", None),
        ("s_setvskip 1, 0", None),
        ("s_wakeup", None),
        ("s_ttracedata", None),
        ("s_cbranch_cdbgsys 0", None),
        ("s_sleep 2", None),
    ] {
        let r = run1(src);
        assert_eq!(r.faults.first().map(|f| f.kind), kind, "{src}");
    }
    let r = run_src("s_mov_b32 s0, 1\n", &VegaConfig::default(), &[]);
    assert_eq!(r.faults[0].kind, FaultKind::PcOutOfRange);
    let r = run(
        Program::Binary(&[0, 0, 0, 0]),
        &VegaConfig::default(),
        &[],
        &[],
    )
    .unwrap();
    assert_eq!(r.faults[0].kind, FaultKind::DecodeError);
}

#[test]
fn nop_and_sleep_take_cycles() {
    let t = |src: &str| {
        run_src(&format!("{src}\ns_endpgm\n"), &VegaConfig::default(), &[]).waves[0].cycles
    };
    assert_eq!(t("s_nop 7") - t("s_nop 0"), 7);
    assert_eq!(t("s_sleep 2") - t("s_sleep 0"), 128);
}

#[test]
fn step_limit_stops_infinite_loops() {
    let c = VegaConfig {
        limits: Limits {
            max_steps: 100,
            ..Limits::default()
        },
        ..VegaConfig::default()
    };
    let r = run_src("l:\ns_branch l\n", &c, &[]);
    assert_eq!(r.faults[0].kind, FaultKind::StepLimit);
    assert_eq!(r.stats.instructions, 100);
}

#[test]
fn barrier_synchronises_waves() {
    // Wave 1 sleeps before the barrier; wave 0 must wait for it.
    let c = VegaConfig {
        wave: WaveSection {
            count: 2,
            per_wave: vec![vec![], vec![reg("s0", 1)]],
            ..WaveSection::default()
        },
        ..VegaConfig::default()
    };
    let r = run_src(
        "s_cmp_eq_u32 s0, 1\ns_cbranch_scc0 b\ns_sleep 10\nb:\ns_barrier\ns_memtime s[2:3]\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
        &c,
        &[],
    );
    assert!(r.faults.is_empty());
    assert!(r.waves[0].sgpr[2] >= 640, "{}", r.waves[0].sgpr[2]);
    assert_eq!(r.waves[0].sgpr[2], r.waves[1].sgpr[2]);
}
