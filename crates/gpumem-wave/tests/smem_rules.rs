//! One scenario per rule of seed 004 (Vega ISA ch. 7) and its digest
//! `docs/spec/vega-smem.md`, named after the rule.
use crate::common;
use common::*;
use gpumem_wave::*;

const W: &str = "s_waitcnt lgkmcnt(0)\n";

#[test]
fn load_reads_1_to_16_consecutive_dwords_into_consecutive_sgprs() {
    let r = run_src(
        &format!(
            "s_load_dword s4, s[0:1], 0x0\ns_load_dwordx2 s[6:7], s[0:1], 0x4\ns_load_dwordx4 s[8:11], s[0:1], 0x0\ns_load_dwordx8 s[12:19], s[0:1], 0x0\ns_load_dwordx16 s[20:35], s[0:1], 0x0\n{W}s_endpgm\n"
        ),
        &base(),
        &ramp(),
    );
    let s = &r.waves[0].sgpr;
    assert_eq!(s[4], 100);
    assert_eq!(&s[6..8], &[101, 102]);
    assert_eq!(&s[8..12], &[100, 101, 102, 103]);
    assert_eq!(s[12..20].to_vec(), (100..108).collect::<Vec<u32>>());
    assert_eq!(s[20..36].to_vec(), (100..116).collect::<Vec<u32>>());
    assert!(r.hazards.is_empty(), "{:?}", rules(&r));
}

#[test]
fn store_writes_1_to_4_dwords() {
    let c = with_regs(vec![reg("s[0:1]", 0x2000), dwords("s[4:7]", &[1, 2, 3, 4])]);
    let r = run_dump(
        &format!(
            "s_store_dword s4, s[0:1], 0x0 glc\ns_store_dwordx2 s[4:5], s[0:1], 0x10 glc\ns_store_dwordx4 s[4:7], s[0:1], 0x20 glc\n{W}s_endpgm\n"
        ),
        &c,
        &[],
        0x2000,
        0x30,
    );
    let d = dump(&r, 0);
    assert_eq!(&d[0..2], &[1, 0]);
    assert_eq!(&d[4..7], &[1, 2, 0]);
    assert_eq!(&d[8..12], &[1, 2, 3, 4]);
}

#[test]
fn imm_offset_is_a_byte_offset() {
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], 0x10\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert_eq!(r.waves[0].sgpr[4], 104);
}

#[test]
fn four_addressing_modes_imm_soe() {
    let c = sgprs(&[
        ("s[0:1]", 0x1000),
        ("s[2:3]", 0x1000),
        ("s7", 8),
        ("s9", 12),
        ("m0", 20),
    ]);
    // IMM=0 SOE=0: SGPR and M0; IMM=1 SOE=0: imm; IMM=1 SOE=1: SGPR/M0 + imm.
    let src = format!(
        "s_load_dword s10, s[0:1], s7\ns_load_dword s11, s[0:1], m0\ns_load_dword s12, s[0:1], 0x4\ns_load_dword s13, s[0:1], s7 offset:0x10\ns_load_dword s14, s[0:1], m0 offset:0x4\ns_nop 0\ns_nop 0\n{W}s_endpgm\n"
    );
    // IMM=0 SOE=1 (decode-only): `41 41 00 c0 07 00 00 12` = s_load_dword s5, s[2:3], s9; OFFSET (7) ignored.
    let bytes = patched(&src, |w| {
        w[10] = 0xC000_4141;
        w[11] = 0x1200_0007;
    });
    let r = run_bin(&bytes, &c, &ramp());
    let s = &r.waves[0].sgpr;
    assert_eq!(s[10], 102);
    assert_eq!(s[11], 105);
    assert_eq!(s[12], 101);
    assert_eq!(s[13], 106);
    assert_eq!(s[14], 106);
    assert_eq!(s[5], 103);
}

#[test]
fn address_two_lsbs_of_every_component_are_ignored() {
    let c = sgprs(&[("s[0:1]", 0x1003), ("s2", 7)]);
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], 0x5\ns_load_dword s5, s[0:1], s2\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    assert_eq!(r.waves[0].sgpr[4], 101);
    assert_eq!(r.waves[0].sgpr[5], 101);
    assert!(has(&r, HazardRule::AddressLsbsIgnored));
}

#[test]
fn offset_has_no_alignment_restriction() {
    let c = sgprs(&[("s[0:1]", 0x1000), ("s2", 6)]);
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], s2\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    assert!(r.faults.is_empty());
    assert_eq!(r.waves[0].sgpr[4], 101);
}

#[test]
fn dcache_discard_ignores_six_lsbs() {
    let c = sgprs(&[("s[0:1]", 0x1000), ("s4", 9)]);
    // Dirty the line at 0x1000, then discard at 0x103c: aligned to 0x1000, dropped.
    let prog = |off: u32| {
        format!(
            "s_store_dword s4, s[0:1], 0x8\ns_dcache_discard s[0:1], 0x{off:x}\ns_dcache_wb\n{W}s_endpgm\n"
        )
    };
    let r = run_dump(&prog(0x3c), &c, &[], 0x1008, 4);
    assert_eq!(dump(&r, 0), [0]);
    assert_eq!(r.stats.scalar_cache.discarded, 1);
    let r = run_dump(&prog(0x40), &c, &[], 0x1008, 4);
    assert_eq!(dump(&r, 0), [9]);
    assert_eq!(r.stats.scalar_cache.discarded, 0);
}

#[test]
fn negative_inst_offset_with_negative_sum_faults() {
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], -0x4\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert_eq!(r.faults[0].kind, FaultKind::NegativeOffset);
    assert_eq!(r.faults[0].pc, 0);
}

#[test]
fn negative_inst_offset_with_non_negative_sum_is_legal() {
    let c = sgprs(&[("s[0:1]", 0x1000), ("s2", 8)]);
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], s2 offset:-0x4\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    assert!(r.faults.is_empty());
    assert_eq!(r.waves[0].sgpr[4], 101);
}

#[test]
fn scratch_register_offset_is_scaled_by_64() {
    let c = sgprs(&[("s[0:1]", 0x1000), ("m0", 1), ("s2", 0)]);
    let r = run_src(
        &format!(
            "s_scratch_load_dword s4, s[0:1], m0\ns_scratch_load_dword s5, s[0:1], m0 offset:0x8\ns_scratch_load_dword s6, s[0:1], 0x8\n{W}s_endpgm\n"
        ),
        &c,
        &ramp(),
    );
    let s = &r.waves[0].sgpr;
    assert_eq!(s[4], 116); // 0x1000 + 1*64
    assert_eq!(s[5], 118); // + 8
    assert_eq!(s[6], 102); // inst_offset is not scaled
}

#[test]
fn private_aperture_address_is_not_translated() {
    let addr = u64::from(gpumem_wave::salu::PRIVATE_BASE_HI) << 32 | 0x100;
    let r = run_src(
        &format!(
            "s_mov_b32 s1, src_private_base\ns_mov_b32 s0, 0x100\ns_load_dword s4, s[0:1], 0x0\n{W}s_endpgm\n"
        ),
        &VegaConfig::default(),
        &[mem_u32(addr, &[77])],
    );
    assert!(has(&r, HazardRule::PrivateApertureAddress));
    assert_eq!(r.waves[0].sgpr[4], 77, "raw address used, no translation");
}

#[test]
fn replay_scalar_instruction_must_not_overwrite_its_sources() {
    let r = run_src(
        &format!("s_load_dwordx2 s[0:1], s[0:1], 0x0\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    let h: Vec<_> = r.hazards_of(HazardRule::ReplaySelfOverwrite).collect();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].pc, 0);
}

#[test]
fn replay_clause_member_must_not_overwrite_another_members_sources() {
    let c = sgprs(&[("s[0:1]", 0x1000), ("s[2:3]", 0x1000)]);
    let r = run_src(
        &format!("s_load_dword s5, s[2:3], 0x0\ns_load_dword s2, s[0:1], 0x4\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    let h: Vec<_> = r.hazards_of(HazardRule::ReplayClauseOverwrite).collect();
    assert_eq!(h.len(), 1);
    assert_eq!((h[0].pc, h[0].related_pcs.clone()), (8, vec![0]));
    assert_eq!(h[0].instructions.len(), 2);
    // A non-memory instruction ends the clause.
    let r = run_src(
        &format!(
            "s_load_dword s5, s[2:3], 0x0\ns_nop 0\ns_load_dword s2, s[0:1], 0x4\n{W}s_endpgm\n"
        ),
        &c,
        &ramp(),
    );
    assert!(!has(&r, HazardRule::ReplayClauseOverwrite));
}

#[test]
fn atomic_must_be_in_a_single_instruction_clause() {
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], 0x0\ns_atomic_add s5, s[0:1], 0x4\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert!(has(&r, HazardRule::AtomicInClause));
    // Once per clause, at its first atomic, naming its atomics only.
    let r = run_src(
        &format!(
            "s_load_dword s4, s[0:1], 0x0\ns_atomic_add s5, s[0:1], 0x4\ns_load_dword s6, s[0:1], 0x8\ns_load_dword s7, s[0:1], 0xc\ns_atomic_or s8, s[0:1], 0x10\n{W}s_endpgm\n"
        ),
        &base(),
        &ramp(),
    );
    let h: Vec<_> = r.hazards_of(HazardRule::AtomicInClause).collect();
    assert_eq!(h.len(), 1, "{h:#?}");
    assert_eq!((h[0].pc, h[0].related_pcs.clone()), (8, vec![32]));
    assert!(h[0].instructions.iter().all(|t| t.contains("s_atomic_")));
    // A lone atomic after a clause-ending instruction is fine; so is an atomic alone.
    let r = run_src(
        &format!(
            "s_load_dword s4, s[0:1], 0x0\ns_nop 0\ns_atomic_add s5, s[0:1], 0x4\n{W}s_endpgm\n"
        ),
        &base(),
        &ramp(),
    );
    assert!(!has(&r, HazardRule::AtomicInClause));
}

#[test]
fn atomic_returning_pre_op_value_may_overwrite_its_data() {
    let r = run_src(
        &format!("s_atomic_add s4, s[0:1], 0x0 glc\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert!(r.hazards.is_empty(), "{:?}", rules(&r));
}

#[test]
fn atomic_returns_pre_op_value_only_with_glc() {
    let c = sgprs(&[("s[0:1]", 0x1000), ("s4", 5), ("s5", 5)]);
    let r = run_dump(
        &format!(
            "s_atomic_add s4, s[0:1], 0x0 glc\ns_nop 0\ns_atomic_add s5, s[0:1], 0x4\n{W}s_endpgm\n"
        ),
        &c,
        &ramp(),
        0x1000,
        8,
    );
    assert_eq!(r.waves[0].sgpr[4], 100);
    assert_eq!(r.waves[0].sgpr[5], 5);
    assert_eq!(dump(&r, 0), [105, 106]);
}

#[test]
fn atomics_every_operation_32_and_64_bit() {
    // (op, old, src, new) at 32 bits.
    let cases32: &[(&str, u32, u32, u32)] = &[
        ("swap", 7, 9, 9),
        ("add", 7, 9, 16),
        ("sub", 7, 9, 7u32.wrapping_sub(9)),
        ("smin", 7, (-1i32) as u32, (-1i32) as u32),
        ("umin", 7, (-1i32) as u32, 7),
        ("smax", 7, (-1i32) as u32, 7),
        ("umax", 7, (-1i32) as u32, u32::MAX),
        ("and", 0b1100, 0b1010, 0b1000),
        ("or", 0b1100, 0b1010, 0b1110),
        ("xor", 0b1100, 0b1010, 0b0110),
        ("inc", 7, 9, 8),
        ("inc", 9, 9, 0),
        ("dec", 7, 9, 6),
        ("dec", 0, 9, 9),
        ("dec", 10, 9, 9),
    ];
    for &(op, old, src, new) in cases32 {
        let c = sgprs(&[("s[0:1]", 0x1000), ("s4", u64::from(src))]);
        let r = run_dump(
            &format!("s_atomic_{op} s4, s[0:1], 0x0 glc\n{W}s_endpgm\n"),
            &c,
            &[mem_u32(0x1000, &[old])],
            0x1000,
            4,
        );
        assert_eq!(dump(&r, 0), [new], "{op}");
        assert_eq!(r.waves[0].sgpr[4], old, "{op} returns the pre-op value");
    }
    let cases64: &[(&str, u64, u64, u64)] = &[
        ("swap_x2", 1 << 40, 5, 5),
        ("add_x2", u64::from(u32::MAX), 1, 1 << 32),
        ("sub_x2", 1 << 32, 1, u64::from(u32::MAX)),
        ("smin_x2", 3, u64::MAX, u64::MAX),
        ("umin_x2", 3, u64::MAX, 3),
        ("smax_x2", 3, u64::MAX, 3),
        ("umax_x2", 3, u64::MAX, u64::MAX),
        ("and_x2", u64::MAX, 1 << 33, 1 << 33),
        ("or_x2", 1, 1 << 33, (1 << 33) | 1),
        ("xor_x2", 3, 1, 2),
        ("inc_x2", 1 << 32, 1 << 33, (1 << 32) + 1),
        ("dec_x2", 0, 1 << 33, 1 << 33),
    ];
    for &(op, old, src, new) in cases64 {
        let c = sgprs(&[("s[0:1]", 0x1000), ("s[4:5]", src)]);
        let m = mem_u32(0x1000, &[old as u32, (old >> 32) as u32]);
        let r = run_dump(
            &format!("s_atomic_{op} s[4:5], s[0:1], 0x0 glc\n{W}s_endpgm\n"),
            &c,
            &[m],
            0x1000,
            8,
        );
        let d = dump(&r, 0);
        assert_eq!(u64::from(d[0]) | u64::from(d[1]) << 32, new, "{op}");
        let s = &r.waves[0].sgpr;
        assert_eq!(
            u64::from(s[4]) | u64::from(s[5]) << 32,
            old,
            "{op} returns the pre-op value"
        );
    }
    // cmpswap: data = {src, cmp}.
    for (cmp, new) in [(7u32, 9u32), (8, 7)] {
        let c = with_regs(vec![reg("s[0:1]", 0x1000), dwords("s[4:5]", &[9, cmp])]);
        let r = run_dump(
            &format!("s_atomic_cmpswap s[4:5], s[0:1], 0x0 glc\n{W}s_endpgm\n"),
            &c,
            &[mem_u32(0x1000, &[7])],
            0x1000,
            4,
        );
        assert_eq!(dump(&r, 0), [new]);
        assert_eq!(r.waves[0].sgpr[4], 7);
    }
    let c = with_regs(vec![reg("s[0:1]", 0x1000), dwords("s[4:7]", &[1, 2, 3, 4])]);
    let r = run_dump(
        &format!("s_atomic_cmpswap_x2 s[4:7], s[0:1], 0x0 glc\n{W}s_endpgm\n"),
        &c,
        &[mem_u32(0x1000, &[3, 4])],
        0x1000,
        8,
    );
    assert_eq!(dump(&r, 0), [1, 2]);
    assert_eq!(&r.waves[0].sgpr[4..6], &[3, 4]);
}

/// V# = s[4:7]: base 48 bits, stride in dword1[31:16], num_records in dword2.
fn vsharp(base: u64, stride: u32, num: u32) -> VegaConfig {
    with_regs(vec![
        dwords(
            "s[4:7]",
            &[
                base as u32,
                ((base >> 32) as u32 & 0xffff) | stride << 16,
                num,
                0,
            ],
        ),
        dwords("s[8:11]", &[1, 2, 3, 4]),
        reg("s12", 0xeeee),
        reg("s13", 0xeeee),
        reg("s14", 0xeeee),
        reg("s15", 0xeeee),
    ])
}

#[test]
fn buffer_base_is_48_bits_and_stride_only_bounds_checks() {
    let base = 0x1_0000_1000u64;
    let c = vsharp(base, 16, 4);
    let r = run_src(
        &format!("s_buffer_load_dword s12, s[4:7], 0x8\n{W}s_endpgm\n"),
        &c,
        &[mem_u32(base, &[10, 11, 12, 13])],
    );
    assert_eq!(
        r.waves[0].sgpr[12], 12,
        "address = base + offset, stride not applied"
    );
    assert!(r.hazards.is_empty(), "{:?}", rules(&r));
}

#[test]
fn buffer_m_size_stride_zero_bounds_by_num_records_bytes() {
    let c = vsharp(0x1000, 0, 8);
    let r = run_src(
        &format!("s_buffer_load_dwordx4 s[12:15], s[4:7], 0x0\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    assert_eq!(&r.waves[0].sgpr[12..16], &[100, 101, 0, 0]);
    assert!(has(&r, HazardRule::BufferOutOfRange));
    let c = vsharp(0x1000, 4, 3);
    let r = run_src(
        &format!("s_buffer_load_dwordx4 s[12:15], s[4:7], 0x0\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    assert_eq!(&r.waves[0].sgpr[12..16], &[100, 101, 102, 0]);
}

#[test]
fn buffer_out_of_range_dwords_are_not_performed() {
    let c = vsharp(0x2000, 0, 8);
    let r = run_dump(
        &format!("s_buffer_store_dwordx4 s[8:11], s[4:7], 0x0 glc\n{W}s_endpgm\n"),
        &c,
        &[],
        0x2000,
        16,
    );
    assert_eq!(dump(&r, 0), [1, 2, 0, 0]);
    // Atomic out of range: not performed, returns 0.
    let c = vsharp(0x1000, 0, 4);
    let r = run_dump(
        &format!("s_buffer_atomic_add s8, s[4:7], 0x4 glc\n{W}s_endpgm\n"),
        &c,
        &ramp(),
        0x1004,
        4,
    );
    assert_eq!(dump(&r, 0), [101]);
    assert_eq!(r.waves[0].sgpr[8], 0);
}

#[test]
fn buffer_base_and_final_address_lsbs_are_ignored() {
    let c = vsharp(0x1002, 0, 64);
    let r = run_src(
        &format!("s_buffer_load_dword s12, s[4:7], 0x5\n{W}s_endpgm\n"),
        &c,
        &ramp(),
    );
    assert_eq!(r.waves[0].sgpr[12], 101);
}

#[test]
fn memtime_reads_the_wave_cycle_clock() {
    let r = run_src(
        &format!("s_memtime s[4:5]\ns_nop 15\ns_memtime s[6:7]\n{W}s_endpgm\n"),
        &VegaConfig::default(),
        &[],
    );
    let s = &r.waves[0].sgpr;
    assert_eq!(s[4], 0);
    assert_eq!(s[6], 17);
    assert_eq!(s[5], 0);
}

#[test]
fn memrealtime_runs_at_a_constant_frequency() {
    let c = VegaConfig {
        wave: WaveSection {
            clock_mhz: 1000,
            realtime_mhz: 100,
            ..WaveSection::default()
        },
        ..VegaConfig::default()
    };
    let r = run_src(
        &format!("s_sleep 10\ns_memtime s[4:5]\ns_memrealtime s[6:7]\n{W}s_endpgm\n"),
        &c,
        &[],
    );
    let s = &r.waves[0].sgpr;
    assert_eq!(s[4], 641);
    assert_eq!(s[6], 642 / 10);
}

#[test]
fn lgkm_counts_1_for_one_dword_and_2_for_more() {
    let max = |src: &str| {
        run_src(&format!("{src}\n{W}s_endpgm\n"), &base(), &ramp())
            .stats
            .lgkm_max
    };
    assert_eq!(max("s_load_dword s4, s[0:1], 0x0"), 1);
    assert_eq!(max("s_load_dwordx2 s[4:5], s[0:1], 0x0"), 2);
    assert_eq!(max("s_load_dwordx16 s[16:31], s[0:1], 0x0"), 2);
    assert_eq!(
        max("s_load_dword s4, s[0:1], 0x0\ns_load_dwordx8 s[8:15], s[0:1], 0x0\ns_memtime s[6:7]"),
        5
    );
}

#[test]
fn waitcnt_blocks_until_lgkm_at_most_n() {
    // x1 (+1) then x2 (+2): lgkmcnt(1) guarantees the x2 (its +2 cannot fit in 1).
    let mut waited = 0;
    for seed in 0..32 {
        let mut c = base();
        c.seed = seed;
        let r = run_src(
            "s_load_dword s4, s[0:1], 0x40\ns_load_dwordx2 s[6:7], s[0:1], 0x0\ns_waitcnt lgkmcnt(1)\ns_mov_b32 s8, s6\ns_mov_b32 s9, s7\ns_endpgm\n",
            &c,
            &ramp(),
        );
        assert_eq!(&r.waves[0].sgpr[8..10], &[100, 101], "seed {seed}");
        assert!(!has(&r, HazardRule::ReadBeforeWait));
        waited += r.stats.lgkm_waits;
    }
    assert!(waited > 0);
}

#[test]
fn returns_are_out_of_order() {
    let (mut in_order, mut out_of_order) = (0, 0);
    for seed in 0..64 {
        let mut c = base();
        c.seed = seed;
        let r = run_src(
            "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x40\ns_waitcnt lgkmcnt(1)\ns_mov_b32 s6, s4\ns_mov_b32 s7, s5\ns_endpgm\n",
            &c,
            &ramp(),
        );
        match (r.waves[0].sgpr[6], r.waves[0].sgpr[7]) {
            (100, _) => in_order += 1,
            (0, 116) => out_of_order += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(
        in_order > 0 && out_of_order > 0,
        "{in_order} {out_of_order}"
    );
}

#[test]
fn read_spanning_two_lines_returns_in_parts() {
    let (mut first_only, mut second_only) = (0, 0);
    for seed in 0..64 {
        let mut c = base();
        c.seed = seed;
        let r = run_src(
            "s_load_dwordx2 s[4:5], s[0:1], 0x3c\ns_nop 15\ns_nop 15\ns_nop 15\ns_mov_b32 s6, s4\ns_mov_b32 s7, s5\ns_endpgm\n",
            &c,
            &ramp(),
        );
        match (r.waves[0].sgpr[6], r.waves[0].sgpr[7]) {
            (115, 0) => first_only += 1,
            (0, 116) => second_only += 1,
            _ => {}
        }
    }
    assert!(
        first_only > 0 && second_only > 0,
        "{first_only} {second_only}"
    );
}

#[test]
fn only_lgkmcnt_0_is_safe_with_out_of_order_returns() {
    let r = run_src(
        "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x40\ns_waitcnt lgkmcnt(1)\ns_mov_b32 s6, s4\ns_endpgm\n",
        &base(),
        &ramp(),
    );
    let h: Vec<_> = r.hazards_of(HazardRule::WaitcntOutOfOrder).collect();
    assert_eq!(h.len(), 1);
    assert_eq!((h[0].pc, h[0].related_pcs.clone()), (16, vec![0]));
    assert!(has(&r, HazardRule::ReadBeforeWait));
}

#[test]
fn sdst_misaligned_gives_invalid_data() {
    // s_load_dwordx2 with SDATA = 5 (odd).
    let bytes = patched(
        &format!("s_load_dwordx2 s[4:5], s[0:1], 0x0\n{W}s_endpgm\n"),
        |w| {
            w[0] = (w[0] & !(0x7f << 6)) | 5 << 6;
        },
    );
    let r = run_bin(&bytes, &base(), &ramp());
    let s = &r.waves[0].sgpr;
    assert_eq!((s[4], s[5], s[6]), (0, regs_poison(), regs_poison()));
    let h: Vec<_> = r.hazards_of(HazardRule::SdataMisaligned).collect();
    assert_eq!(h.len(), 1);
    assert!(h[0].message.contains("0xbad5da7a"));
}

fn regs_poison() -> u32 {
    gpumem_wave::regs::POISON
}

#[test]
fn sdata_must_not_be_exec_or_m0() {
    for (code, name) in [(124u32, "m0"), (126, "exec")] {
        let bytes = patched(
            &format!("s_load_dword s4, s[0:1], 0x0\n{W}s_endpgm\n"),
            |w| {
                w[0] = (w[0] & !(0x7f << 6)) | code << 6;
            },
        );
        let c = sgprs(&[("s[0:1]", 0x1000), ("m0", 3), ("exec", 5)]);
        let r = run_bin(&bytes, &c, &ramp());
        assert!(has(&r, HazardRule::SdataExecM0), "{name}");
        // One finding, the rule SEMANTICS.md defines (not also `sdata-not-sgpr`).
        assert!(
            !has(&r, HazardRule::SdataNotSgpr),
            "{name}: {:?}",
            rules(&r)
        );
        assert_eq!(
            (r.waves[0].m0, r.waves[0].exec),
            (3, 5),
            "{name}: not executed"
        );
        assert_eq!(r.stats.smem_skipped, 1);
    }
}

#[test]
fn sdst_out_of_range_is_not_executed() {
    let bytes = patched(
        &format!("s_load_dwordx16 s[16:31], s[0:1], 0x0\n{W}s_endpgm\n"),
        |w| {
            w[0] = (w[0] & !(0x7f << 6)) | 88 << 6;
        },
    );
    let r = run_bin(&bytes, &base(), &ramp());
    assert!(has(&r, HazardRule::SdataOutOfRange));
    assert_eq!(r.waves[0].sgpr[88], 0);
    assert_eq!(r.stats.smem_loads, 0);
}

/// Seed 004 §7.4 (SDST out of range: not executed) for every SDATA value a load of
/// each width cannot name, whether llvm-mc still prints the word (`s[88:103]`) or
/// rejects it (`s[96:111]`): skipped with `sdata-out-of-range`, never a decode fault.
#[test]
fn every_out_of_range_sdata_is_not_executed() {
    let widths = [
        ("s_load_dword s4", 1u32),
        ("s_load_dwordx2 s[4:5]", 2),
        ("s_load_dwordx4 s[4:7]", 4),
        ("s_load_dwordx8 s[4:11]", 8),
        ("s_load_dwordx16 s[16:31]", 16),
    ];
    let mut checked = 0;
    for (head, n) in widths {
        for code in 0u32..128 {
            // In range: SGPRs, VCC, TTMPs (and the specials a single dword names).
            let fits = code + n <= 102
                || (code >= 106 && code + n <= 108)
                || (code >= 108 && code + n <= 124)
                || (n == 1 && code < 124)
                || (n == 2 && matches!(code, 102 | 104));
            // EXEC and M0 are their own rule (`sdata-exec-m0`).
            if fits || matches!(code, 124 | 126 | 127) {
                continue;
            }
            let bytes = patched(&format!("{head}, s[0:1], 0x0\n{W}s_endpgm\n"), |w| {
                w[0] = (w[0] & !(0x7f << 6)) | code << 6;
            });
            let r = run_bin(&bytes, &base(), &ramp());
            assert!(r.faults.is_empty(), "{head} SDATA {code}: {:?}", r.faults);
            // Only why it is not executed: no replay of an access that does not happen.
            assert_eq!(rules(&r), ["sdata-out-of-range"], "{head} SDATA {code}");
            assert_eq!(r.stats.smem_loads, 0, "{head} SDATA {code}");
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn sbase_out_of_range_uses_sgpr0() {
    // s_buffer_load_dword s8, s[100:103]: SBASE field 50.
    let bytes = patched(
        &format!("s_buffer_load_dword s8, s[4:7], 0x4\n{W}s_endpgm\n"),
        |w| {
            w[0] = (w[0] & !0x3f) | 50;
        },
    );
    let c = with_regs(vec![
        dwords("s[0:3]", &[4096, 0, 64, 0]),
        reg("s100", 0x9000),
    ]);
    let r = run_bin(&bytes, &c, &ramp());
    assert!(has(&r, HazardRule::SbaseOutOfRange));
    assert_eq!(r.waves[0].sgpr[8], 101);
}

#[test]
fn buffer_sbase_must_be_a_multiple_of_4() {
    let bytes = patched(
        &format!("s_buffer_load_dword s12, s[4:7], 0x0\n{W}s_endpgm\n"),
        |w| {
            w[0] = (w[0] & !0x3f) | 3;
        },
    );
    let r = run_bin(&bytes, &vsharp(0x1000, 0, 64), &ramp());
    assert!(has(&r, HazardRule::SbaseMisaligned));
    assert_eq!(
        r.waves[0].sgpr[12], 100,
        "realigned to s[4:7] as LLVM decodes"
    );
}

#[test]
fn stores_and_atomics_cannot_use_an_sgpr_offset() {
    let c = sgprs(&[("s[0:1]", 0x2000), ("s2", 8), ("m0", 8)]);
    let r = run_src(
        &format!("s_store_dword s4, s[0:1], s2 glc\n{W}s_endpgm\n"),
        &c,
        &[],
    );
    assert!(has(&r, HazardRule::StoreSgprOffset));
    let r = run_src(
        &format!("s_store_dword s4, s[0:1], m0 glc\n{W}s_endpgm\n"),
        &c,
        &[],
    );
    assert!(!has(&r, HazardRule::StoreSgprOffset));
    let r = run_src(
        &format!("s_atomic_add s4, s[0:1], s2\n{W}s_endpgm\n"),
        &c,
        &[],
    );
    assert!(has(&r, HazardRule::StoreSgprOffset));
}

#[test]
fn sdata_must_be_an_sgpr_or_vcc() {
    let r = run_src(
        &format!("s_load_dword vcc_lo, s[0:1], 0x0\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert!(r.hazards.is_empty());
    assert_eq!(r.waves[0].vcc as u32, 100);
    let r = run_src(
        &format!("s_load_dword ttmp3, s[0:1], 0x0\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert!(has(&r, HazardRule::SdataNotSgpr));
}

#[test]
fn dcache_inv_and_wb_return_nothing_and_count_lgkm() {
    let r = run_src(
        "s_dcache_inv\ns_dcache_wb\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
        &VegaConfig::default(),
        &[],
    );
    assert_eq!(r.stats.lgkm_max, 2);
    assert_eq!(r.stats.smem_dwords_returned, 0);
}

#[test]
fn write_before_wait_is_reported() {
    let r = run_src(
        &format!("s_load_dword s4, s[0:1], 0x0\ns_mov_b32 s4, 1\n{W}s_endpgm\n"),
        &base(),
        &ramp(),
    );
    assert!(has(&r, HazardRule::WriteBeforeWait));
}

#[test]
fn memtime_result_must_be_waited_for() {
    let r = run_src(
        "s_memtime s[4:5]\ns_mov_b32 s6, s4\ns_endpgm\n",
        &VegaConfig::default(),
        &[],
    );
    assert!(has(&r, HazardRule::ReadBeforeWait));
}

#[test]
fn atc_probe_is_a_no_op() {
    let r = run_src(
        "s_atc_probe 7, s[0:1], 0x0\ns_atc_probe_buffer 0, s[4:7], 0x0\ns_endpgm\n",
        &base(),
        &[],
    );
    assert!(r.faults.is_empty());
    assert_eq!(r.stats.lgkm_max, 0);
}

#[test]
fn misaligned_64_bit_atomic_is_reported() {
    let c = sgprs(&[("s[0:1]", 0x1004), ("s[4:5]", 1)]);
    let r = run_dump(
        &format!("s_atomic_add_x2 s[4:5], s[0:1], 0x0\n{W}s_endpgm\n"),
        &c,
        &ramp(),
        0x1000,
        8,
    );
    assert!(has(&r, HazardRule::AtomicMisaligned));
    assert_eq!(dump(&r, 0), [101, 101]);
}
