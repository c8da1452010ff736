//! Config parsing, register names, JSON, and never-panic properties.
use crate::common;
use common::*;
use gpumem_wave::*;
use proptest::prelude::*;

#[test]
fn register_names() {
    let p = |s: &str| parse_reg(s).map(|r| (r.code, r.count));
    assert_eq!(p("s[0:1]"), Ok((0, 2)));
    assert_eq!(p("s4"), Ok((4, 1)));
    assert_eq!(p("S101"), Ok((101, 1)));
    assert_eq!(p("m0"), Ok((124, 1)));
    assert_eq!(p("vcc"), Ok((106, 2)));
    assert_eq!(p("vcc_hi"), Ok((107, 1)));
    assert_eq!(p("exec"), Ok((126, 2)));
    assert_eq!(p("ttmp3"), Ok((111, 1)));
    assert_eq!(p("ttmp[4:7]"), Ok((112, 4)));
    assert_eq!(p("flat_scratch"), Ok((102, 2)));
    for bad in ["s102", "s[2:1]", "ttmp16", "v0", "s", "s[0:200]", ""] {
        assert!(parse_reg(bad).is_err(), "{bad}");
    }
}

#[test]
fn typed_config_sets_every_wave() {
    let mut c = sgprs(&[
        ("s[0:1]", 0x100000),
        ("s4", 7),
        ("m0", 0),
        ("vcc", u64::MAX),
    ]);
    c.seed = 7;
    c.wave.count = 2;
    c.scalar_cache = ScalarCacheConfig {
        size: 4096,
        line: 64,
        ways: 2,
        sharing: Sharing::PerWave,
        ..ScalarCacheConfig::default()
    };
    c.limits = Limits {
        max_steps: 10,
        max_memory: 65536,
    };
    let r = run_src("s_endpgm\n", &c, &[]);
    let w = &r.waves[1];
    assert_eq!(
        (w.sgpr[0], w.sgpr[1], w.sgpr[4], w.vcc),
        (0x100000, 0, 7, u64::MAX)
    );
}

#[test]
fn register_inits_check_their_names_and_values() {
    assert_eq!(reg("s[0:1]", 0x1_0000_0002).values, [2, 1]);
    assert_eq!(reg("s[4:7]", 5).values, [5, 0, 0, 0]);
    assert_eq!(reg("vcc", u64::MAX).values, [u32::MAX, u32::MAX]);
    let e = SgprInit::new("s4", 0x1_0000_0000).unwrap_err().to_string();
    assert!(e.contains("does not fit in 32 bits"), "{e}");
    let e = SgprInit::new("q4", 1).unwrap_err().to_string();
    assert!(e.contains("bad register name `q4`"), "{e}");
    let e = SgprInit::dwords("s[4:7]", &[1, 2]).unwrap_err().to_string();
    assert!(e.contains("2 values for 4 registers"), "{e}");
}

#[test]
fn bad_config_values_are_errors() {
    let bad = |c: &VegaConfig| run(Program::Source("s_endpgm\n"), c, &[], &[]).is_err();
    let mut c = VegaConfig::default();
    c.wave.count = 0;
    assert!(bad(&c));
    let mut c = VegaConfig::default();
    c.wave.count = 65;
    assert!(bad(&c));
    let mut c = VegaConfig::default();
    c.wave.per_wave = vec![vec![], vec![]];
    assert!(bad(&c));
    let mut c = VegaConfig::default();
    c.wave.clock_mhz = 0;
    assert!(bad(&c));
    let mut c = VegaConfig::default();
    c.scalar_cache.line = 48;
    assert!(bad(&c));
    let mut c = VegaConfig::default();
    c.scalar_cache.size = 100;
    assert!(bad(&c));
    assert!(
        run(
            Program::Binary(&[1, 2, 3]),
            &VegaConfig::default(),
            &[],
            &[]
        )
        .is_err()
    );
    assert!(
        run(
            Program::Source("s_bogus\n"),
            &VegaConfig::default(),
            &[],
            &[]
        )
        .is_err()
    );
}

#[test]
fn report_carries_registers_dumps_and_counters() {
    let d = [DumpRequest {
        name: "x".into(),
        addr: 0x1000,
        len: 4,
    }];
    let r = run(
        Program::Source("s_load_dword s4, s[0:1], 0x0\ns_waitcnt lgkmcnt(0)\ns_endpgm\n"),
        &base(),
        &ramp(),
        &d,
    )
    .unwrap();
    assert_eq!(r.waves[0].sgpr[4], 100);
    assert_eq!(r.dumps[0].bytes, [0x64, 0, 0, 0]);
    assert_eq!(r.stats.smem_loads, 1);
    assert_eq!(r.stats.lgkm_waits, 1);
    assert_eq!(r.stats.scalar_cache.misses, 1);
}

#[test]
fn closed_sets_have_distinct_names() {
    let mut n: Vec<_> = HazardRule::ALL.iter().map(|r| r.name()).collect();
    n.sort();
    n.dedup();
    assert_eq!(n.len(), HazardRule::ALL.len());
    let doc = include_str!("../SEMANTICS.md");
    for r in HazardRule::ALL {
        assert!(
            doc.contains(&format!("`{}`", r.name())),
            "SEMANTICS.md lacks {}",
            r.name()
        );
    }
    for f in FaultKind::ALL {
        assert!(
            doc.contains(&format!("`{}`", f.name())),
            "SEMANTICS.md lacks {}",
            f.name()
        );
    }
}

/// Scalar words that decode: build programs from table rows with random fields.
fn scalar_word() -> impl Strategy<Value = Vec<u32>> {
    (
        0usize..gpumem_vega::table::TABLE.len(),
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(|(i, a, b, lit)| {
            let d = &gpumem_vega::table::TABLE[i];
            let (mask, fixed) = d.format.fixed();
            let (lo, width) = d.format.opcode_field();
            let opm = ((1u32 << width) - 1) << lo;
            let w0 = (a & !mask & !opm) | fixed | (u32::from(d.opcode) << lo);
            vec![w0, b, lit]
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_decoded_programs_never_panic(
        words in proptest::collection::vec(scalar_word(), 1..24),
        count in 1u32..4,
        shared in any::<bool>(),
        seed in any::<u64>(),
        regs in proptest::collection::vec(any::<u32>(), 16),
    ) {
        let mut c = VegaConfig::default();
        c.wave.count = count;
        c.seed = seed;
        c.scalar_cache.sharing = if shared { Sharing::Shared } else { Sharing::PerWave };
        c.scalar_cache.size = 256;
        c.scalar_cache.ways = 2;
        c.limits = Limits { max_steps: 2000, max_memory: 1 << 20 };
        for (i, v) in regs.iter().enumerate() {
            c.wave.sgpr.push(reg(&format!("s{i}"), u64::from(v & 0xffffc)));
        }
        c.wave.sgpr.push(reg("exec", u64::from(regs[0])));
        let bytes: Vec<u8> = words.iter().flatten().flat_map(|w| w.to_le_bytes()).collect();
        let r = run(Program::Binary(&bytes), &c, &[], &[]).unwrap();
        prop_assert_eq!(r.waves.len(), count as usize);
    }

    #[test]
    fn fuzz_run_never_panics(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = fuzz_run(&data);
    }
}

#[test]
fn one_register_named_twice_in_a_table_is_an_error() {
    let c = sgprs(&[("s[0:1]", 0x100000), ("s1", 5)]);
    let e = gpumem_wave::run(gpumem_wave::Program::Source("s_endpgm\n"), &c, &[], &[])
        .unwrap_err()
        .to_string();
    assert!(e.contains("both set s1"), "{e}");
    // Per-wave overrides still apply after the shared table.
    let mut c = sgprs(&[("s[0:1]", 0x100000)]);
    c.wave.count = 2;
    c.wave.per_wave = vec![vec![reg("s1", 5)], vec![]];
    let r = gpumem_wave::run(gpumem_wave::Program::Source("s_endpgm\n"), &c, &[], &[]).unwrap();
    assert_eq!((r.waves[0].sgpr[1], r.waves[1].sgpr[1]), (5, 0));
}

/// A fuzzer input that took 10 s under the sanitizers (cargo-fuzz's slow-unit report):
/// it must finish (the step limit holds) and quickly.
#[test]
fn fuzz_slow_unit_finishes() {
    let data = include_bytes!("data/slow-unit-1.bin");
    let t = std::time::Instant::now();
    let r = gpumem_wave::fuzz_run(data);
    eprintln!(
        "{:?} instructions, {:?} hazards, {:?} cycles, in {:?}",
        r.as_ref().map(|r| r.stats.instructions),
        r.as_ref().map(|r| r.hazards.len()),
        r.as_ref().map(|r| r.stats.cycles),
        t.elapsed()
    );
}
