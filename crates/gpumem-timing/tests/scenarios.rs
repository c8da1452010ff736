//! Scenario tests of the cycle model: hand-scheduled SASS kernels whose timing follows
//! from the control words and the hierarchy's parameters (proofs 2 and 3 of issue 11).

use gpumem_maxwell::Target;
use gpumem_mem::hierarchy::Preset;
use gpumem_timing::{Timing, TimingConfig, TimingReport};
use gpumem_warp::program::inst_addr;
use gpumem_warp::{Emulator, LaunchConfig, Program};

/// Runs `src`, assembled for the preset's own SM (sm_52 for GM204, sm_60 for GP100, ...).
fn timed(src: &str, cfg: LaunchConfig, preset: Preset) -> TimingReport {
    let target = Target::from_sm(preset.sm()).unwrap();
    let prog = Program::from_sass(src, target).unwrap();
    let mut emu = Emulator::new(&prog, cfg);
    let r = Timing::new(&mut emu, TimingConfig::preset(preset), 16)
        .unwrap()
        .run();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    r
}

fn one_warp() -> LaunchConfig {
    LaunchConfig {
        shared_bytes: 8192,
        ..LaunchConfig::default()
    }
}

/// The index of the first instruction whose text starts with `prefix`.
fn pc_of(src: &str, prefix: &str) -> u64 {
    let prog = Program::from_sass(src, Target::Sm52).unwrap();
    let i = prog
        .texts
        .iter()
        .position(|t| t.trim_start().starts_with(prefix))
        .unwrap();
    inst_addr(i)
}

/// Lane `l` reads shared word `l * stride` (stride 0: every lane the same word).
fn shared_kernel(stride_words: u32) -> String {
    format!(
        "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 {addr} ;
--:-:2:-:1 LDS.32 R2, [R1] ;
02:-:-:-:6 MOV R3, R2 ;
--:-:-:-:5 EXIT ;
",
        addr = if stride_words == 0 {
            "MOV32I R1, 0x0".to_string()
        } else {
            format!("SHL R1, R0, {:#x}", (4 * stride_words).trailing_zeros())
        }
    )
}

#[test]
fn shared_conflicts_cost_28_plus_2_per_extra_way_on_gm204() {
    // MC-DATA (Mei & Chu's GTX 980 data): 28 + 2 (n - 1).
    shared_conflicts(Preset::Gm204, 28);
}

#[test]
fn shared_conflicts_cost_24_plus_2_per_extra_way_on_gp100() {
    // Jia et al. 2018 Table 3.1: P100 no-conflict latency 24 (the slope is GM204's,
    // UNVERIFIED for Pascal).
    shared_conflicts(Preset::Gp100, 24);
}

#[test]
fn shared_conflicts_cost_23_plus_2_per_extra_way_on_gp104() {
    // Jia et al. 2018 Table 3.1: P4 (GP104) no-conflict latency 23.
    shared_conflicts(Preset::Gp104, 23);
}

/// An n-way conflicting LDS costs `base + 2 (n - 1)` on `preset`, and the kernel grows by
/// exactly that.
fn shared_conflicts(preset: Preset, base: u64) {
    let mut cycles = Vec::new();
    for (stride, ways) in [(1u32, 1u64), (2, 2), (4, 4), (8, 8), (16, 16), (32, 32)] {
        let src = shared_kernel(stride);
        let r = timed(&src, one_warp(), preset);
        let lds = &r.per_inst[&pc_of(&src, "LDS")];
        assert_eq!(lds.latency_max, base + 2 * (ways - 1), "stride {stride}");
        assert_eq!(lds.wavefronts, ways, "stride {stride}: wavefronts");
        assert_eq!(
            r.metrics["shared_load_transactions_per_request"],
            ways as f64
        );
        // The MOV waits on the LDS's scoreboard: memory dependency, the LDS's latency
        // less the one cycle of its stall count.
        let mov = &r.per_inst[&pc_of(&src, "MOV")];
        assert_eq!(mov.stalls.memory_dependency, base + 2 * (ways - 1) - 1);
        cycles.push(r.cycles);
    }
    // The whole kernel's cycles grow by exactly 2 per extra way.
    for (w, pair) in [(1u64, 2u64), (2, 4), (4, 8), (8, 16), (16, 32)]
        .iter()
        .zip(cycles.windows(2))
    {
        assert_eq!(pair[1] - pair[0], 2 * (w.1 - w.0), "{w:?}");
    }
    // A broadcast (every lane the same word) costs one way.
    let src = shared_kernel(0);
    let r = timed(&src, one_warp(), preset);
    assert_eq!(r.per_inst[&pc_of(&src, "LDS")].latency_max, base);
}

/// Lane `l` loads constant word `(l % distinct) * 4` of bank 3 with LDC.
fn constant_kernel(distinct: u32) -> String {
    format!(
        "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 LOP32I.AND R0, R0, {mask} ;
--:-:-:-:6 SHL R1, R0, 0x2 ;
--:-:2:-:1 LDC.32 R2, c[0x3][R1] ;
02:-:-:-:6 MOV R3, R2 ;
--:-:-:-:5 EXIT ;
",
        mask = distinct - 1
    )
}

#[test]
fn constant_latency_grows_linearly_with_distinct_addresses() {
    let p = gpumem_mem::hierarchy::TimingParams::gm204();
    let mut lat = Vec::new();
    for distinct in [1u32, 2, 4, 8, 16, 32] {
        let src = constant_kernel(distinct);
        let r = timed(&src, one_warp(), Preset::Gm204);
        let ldc = &r.per_inst[&pc_of(&src, "LDC")];
        assert_eq!(ldc.transactions, distinct as u64);
        lat.push((distinct as u64, ldc.latency_max));
    }
    // Cold misses: every distinct address goes to L2, then serialises.
    for &(n, l) in &lat {
        assert_eq!(
            l,
            p.const_l2_latency as u64 + (n - 1) * p.const_cycles_per_address as u64,
            "{n} addresses"
        );
    }
    // Linear: equal steps per added address.
    let slope = |a: (u64, u64), b: (u64, u64)| (b.1 - a.1) as f64 / (b.0 - a.0) as f64;
    for w in lat.windows(2) {
        assert_eq!(slope(w[0], w[1]), p.const_cycles_per_address as f64);
    }
}

#[test]
fn stall_counts_set_the_pace_of_independent_instructions() {
    // Four independent instructions with stall 3 each, then EXIT: one warp issues every
    // third cycle.
    let src = "--:-:-:-:3 MOV32I R0, 0x1 ;
--:-:-:-:3 MOV32I R1, 0x2 ;
--:-:-:-:3 MOV32I R2, 0x3 ;
--:-:-:-:3 MOV32I R3, 0x4 ;
--:-:-:-:5 EXIT ;
";
    let r = timed(src, LaunchConfig::default(), Preset::Gm204);
    assert_eq!(r.warp_instructions, 5);
    // EXIT issues at cycle 12 and completes after the ALU latency.
    assert_eq!(r.cycles, 12 + 6);
    assert_eq!(r.stalls.execution_dependency, 4 * 2);
}

#[test]
fn dual_issue_pairs_issue_in_one_cycle() {
    let single = "--:-:-:-:1 MOV32I R0, 0x1 ;
--:-:-:-:1 MOV32I R1, 0x2 ;
--:-:-:-:5 EXIT ;
";
    let dual = "{ MOV32I R0, 0x1 ;
--:-:-:-:1 MOV32I R1, 0x2 ; }
--:-:-:-:5 EXIT ;
";
    let a = timed(single, LaunchConfig::default(), Preset::Gm204);
    let b = timed(dual, LaunchConfig::default(), Preset::Gm204);
    assert_eq!(a.cycles, b.cycles + 1);
}

#[test]
fn warps_of_one_scheduler_interleave_and_barriers_wait() {
    // 8 warps on one SM: two per scheduler. Each waits on a global load.
    let src = "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 SHL R2, R0, 0x2 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
--:-:2:-:1 LDG.E.CG R4, [R2] ;
02:-:-:-:6 MOV R5, R4 ;
--:-:-:-:5 BAR.SYNC 0x0 ;
--:-:-:-:5 EXIT ;
";
    let cfg = LaunchConfig {
        block: [256, 1, 1],
        ..LaunchConfig::default()
    };
    let r = timed(src, cfg, Preset::Gm204);
    assert_eq!(r.warp_instructions, 8 * 7);
    let p = gpumem_mem::hierarchy::TimingParams::gm204();
    // Every warp's load goes to DRAM once (cold), so the kernel takes at least one DRAM
    // round trip, and the eight loads overlap: far less than eight.
    assert!(
        r.cycles > (p.l2_latency + p.dram_latency) as u64,
        "{}",
        r.cycles
    );
    assert!(
        r.cycles < 2 * (p.l2_latency + p.dram_latency) as u64,
        "{}",
        r.cycles
    );
    let mov = &r.per_inst[&pc_of(src, "MOV R5")];
    assert!(mov.stalls.memory_dependency > 0);
    assert!(r.stalls.not_selected > 0, "two warps per scheduler compete");
    assert!(r.per_inst[&pc_of(src, "LDG")].caused_wait > 0);
    assert_eq!(r.metrics["gld_transactions_per_request"], 4.0);
    assert_eq!(r.metrics["gld_efficiency"], 100.0);
}

#[test]
fn occupancy_limits() {
    use gpumem_timing::occupancy;
    let c = TimingConfig::preset(Preset::Gm204);
    let o = occupancy(&c, 256, 32, 0);
    assert_eq!((o.ctas_per_sm, o.limited_by.as_str()), (8, "warps"));
    let o = occupancy(&c, 32, 16, 0);
    assert_eq!((o.ctas_per_sm, o.limited_by.as_str()), (32, "ctas"));
    let o = occupancy(&c, 256, 64, 0);
    assert_eq!((o.ctas_per_sm, o.limited_by.as_str()), (4, "registers"));
    let o = occupancy(&c, 64, 16, 40 << 10);
    assert_eq!((o.ctas_per_sm, o.limited_by.as_str()), (2, "shared"));
    let o = occupancy(&TimingConfig::preset(Preset::Gm107), 64, 16, 40 << 10);
    assert_eq!(o.ctas_per_sm, 1);
}

#[test]
fn ctas_spread_over_the_sms() {
    // 16 one-warp CTAs each loading from DRAM: on gm204's 16 SMs they overlap; on a
    // one-SM variant limited to one CTA they serialise.
    let src = "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 SHL R2, R0, 0x2 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
--:-:2:-:1 LDG.E.CG R4, [R2] ;
02:-:-:-:6 MOV R5, R4 ;
--:-:-:-:5 EXIT ;
";
    let prog = Program::from_sass(src, Target::Sm52).unwrap();
    let cfg = LaunchConfig {
        grid: [16, 1, 1],
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg.clone());
    let wide = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), 16)
        .unwrap()
        .run();
    let mut one = TimingConfig::preset(Preset::Gm204);
    one.memory.sms = 1;
    one.core.max_ctas_per_sm = 1;
    let mut emu = Emulator::new(&prog, cfg);
    let narrow = Timing::new(&mut emu, one, 16).unwrap().run();
    assert_eq!(wide.ctas, 16);
    assert_eq!(narrow.ctas, 16);
    assert!(
        narrow.cycles > 8 * wide.cycles / 2,
        "{} vs {}",
        narrow.cycles,
        wide.cycles
    );
}

/// Every warp of every CTA loads `rounds` lines with LDG.E.CG (L2 only) from one
/// 4 KiB-a-round region that all CTAs share, so after the first touch every sector hits
/// in L2: an L2-resident stream.
fn l2_stream(rounds: u32) -> String {
    let mut src = String::from(
        "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 SHL R2, R0, 0x2 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
",
    );
    for k in 0..rounds {
        src.push_str(&format!("--:-:2:-:1 LDG.E.CG R4, [R2+{:#x}] ;\n", k * 4096));
    }
    src.push_str("02:-:-:-:6 MOV R5, R4 ;\n--:-:-:-:5 EXIT ;\n");
    src
}

#[test]
fn an_l2_resident_stream_is_l2_bound() {
    // 32 CTAs of 1024 threads: two per SM on gm204's 16 SMs, 64 warps each.
    let rounds = 64;
    let src = l2_stream(rounds);
    let prog = Program::from_sass(&src, Target::Sm52).unwrap();
    let cfg = LaunchConfig {
        grid: [32, 1, 1],
        block: [1024, 1, 1],
        ..LaunchConfig::default()
    };
    let run = |c: TimingConfig| {
        let mut emu = Emulator::new(&prog, cfg.clone());
        let r = Timing::new(&mut emu, c, 16).unwrap().run();
        assert!(emu.faults.is_empty(), "{:?}", emu.faults);
        r
    };
    let preset = TimingConfig::preset(Preset::Gm204);
    let bw = preset.memory.l2_bytes_per_cycle;
    let r = run(preset.clone());
    let l2 = &r.levels["l2"];
    // Every warp's load of a round touches 4 sectors; the footprint is read from DRAM
    // once.
    assert_eq!(l2.accesses, 32 * 32 * rounds as u64 * 4);
    assert_eq!(r.levels["dram"].accesses, rounds as u64 * 4096 / 32);
    let achieved = l2.bytes as f64 / r.cycles as f64;
    eprintln!(
        "L2-resident stream: {} cycles, {achieved:.1} B/cycle from L2 (preset {bw}), hit rate {:.1} %",
        r.cycles, l2.hit_rate
    );
    assert!(
        achieved >= 0.85 * bw && achieved <= bw * 1.001,
        "{achieved} of {bw}"
    );
    // The limit is what binds: with four times the L2 bandwidth the same stream runs
    // faster, bound by the SMs' load/store units (32 B a cycle each) instead.
    let mut wide = preset;
    wide.memory.l2_bytes_per_cycle = 4.0 * bw;
    let w = run(wide);
    let faster = w.levels["l2"].bytes as f64 / w.cycles as f64;
    eprintln!(
        "with 4x the L2 bandwidth: {} cycles, {faster:.1} B/cycle",
        w.cycles
    );
    assert!(faster > 1.2 * achieved, "{faster} vs {achieved}");
}

/// Two warps: each does `op` (a store or a load of its lanes' words), then BAR.SYNC,
/// then a MOV32I that issues only once the barrier releases.
fn before_barrier(op: &str) -> String {
    format!(
        "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 SHL R2, R0, 0x2 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
{op}
--:-:-:-:5 BAR.SYNC 0x0 ;
--:-:-:-:1 MOV32I R5, 0x1 ;
--:-:-:-:5 EXIT ;
"
    )
}

#[test]
fn a_barrier_waits_for_outstanding_stores_not_loads() {
    let p = gpumem_mem::hierarchy::TimingParams::gm204();
    let cfg = LaunchConfig {
        block: [64, 1, 1],
        shared_bytes: 1024,
        ..LaunchConfig::default()
    };
    let sync_at_mov = |op: &str| {
        let src = before_barrier(op);
        let r = timed(&src, cfg.clone(), Preset::Gm204);
        let mov = &r.per_inst[&pc_of(&src, "MOV32I R5")];
        let bar = &r.per_inst[&pc_of(&src, "BAR")];
        (mov.stalls.sync, bar.latency_max, r)
    };
    // A global store is accepted by L2 after its latency: both warps wait at the
    // barrier until then (the barrier's own stall count, 5, is part of it).
    let (stg, _, _) = sync_at_mov("--:-:-:-:1 STG.E [R2], R0 ;");
    // A shared store: its 28 cycles.
    let (sts, _, _) = sync_at_mov("--:-:-:-:1 STS [R2], R0 ;");
    // A load with a write scoreboard nobody waits on: the barrier does not wait for it.
    let (ldg, _, r) = sync_at_mov("--:-:2:-:1 LDG.E.CG R4, [R2] ;");
    eprintln!("sync cycles charged after the barrier: STG {stg}, STS {sts}, LDG {ldg}");
    // Both warps are charged; the barrier issues 1 cycle after the store and its stall
    // count of 5 is not sync; the second warp's store waits 4 cycles for the load/store
    // unit behind the first's four lines, and a request a cycle adds up to 3.
    let l2 = p.l2_latency as u64;
    let shared = p.shared_latency as u64;
    assert!(stg >= 2 * (l2 - 8) && stg <= 2 * (l2 + 8), "{stg}");
    assert!(sts >= 2 * (shared - 8) && sts <= 2 * (shared + 8), "{sts}");
    assert!(ldg <= 2 * 5, "{ldg}: a load is not waited for");
    // The kernel still lasts until the load completes.
    assert!(r.cycles > (p.l2_latency + p.dram_latency) as u64);
}

#[test]
fn variable_latency_arithmetic_follows_its_class() {
    for preset in Preset::ALL {
        arithmetic_classes(preset);
    }
    // The Pascal figures (Jia et al. 2018 Table 4.1): XU 14, IMUL 86 on both; DADD 8 on
    // GP100's half-rate FP64 unit.
    let gp100 = gpumem_timing::CoreParams::gp100();
    assert_eq!(
        (gp100.xu_latency, gp100.imul_latency, gp100.f64_latency),
        (14, 86, 8)
    );
}

fn arithmetic_classes(preset: Preset) {
    let c = TimingConfig::preset(preset).core;
    for (inst, want) in [
        ("MUFU.RCP R1, R0", c.xu_latency),
        ("POPC R1, R0", c.xu_latency),
        ("I2F.F32.S32 R1, R0", c.xu_latency),
        ("IMUL R1, R0, R0", c.imul_latency),
        ("DADD R2, R4, R6", c.f64_latency),
        ("SHFL.IDX PT, R1, R0, RZ, 0x1f", c.shfl_latency),
    ] {
        let src = format!(
            "--:-:-:-:6 MOV32I R0, 0x3 ;
--:-:1:-:1 {inst} ;
01:-:-:-:6 MOV R3, R1 ;
--:-:-:-:5 EXIT ;
"
        );
        let r = timed(&src, LaunchConfig::default(), preset);
        let op = inst.split_whitespace().next().unwrap();
        let i = &r.per_inst[&pc_of(&src, op)];
        assert_eq!(i.latency_max, want as u64, "{preset}: {inst}");
        // The consumer waits the latency less the producer's stall count.
        let mov = &r.per_inst[&pc_of(&src, "MOV R3")];
        assert_eq!(
            mov.stalls.execution_dependency,
            want as u64 - 1,
            "{preset}: {inst}"
        );
    }
}

/// Issue 20, item 2's kernel: a coalesced byte load (32 lanes x 1 byte, one sector), a
/// broadcast word load, a shared atomic whose 32 lanes hit one word, a shared broadcast
/// load and a shared store.
const FIGURES: &str = "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 IADD32I R2, R0, 0x100000 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
--:-:2:-:1 LDG.E.U8 R4, [R2] ;
--:-:-:-:6 MOV32I R6, 0x100000 ;
--:-:-:-:6 MOV32I R7, 0x0 ;
--:-:3:-:1 LDG.E R5, [R6] ;
--:-:-:-:6 MOV32I R8, 0x1 ;
--:-:4:-:1 ATOMS.ADD R9, [RZ], R8 ;
--:-:5:-:1 LDS R10, [RZ] ;
--:-:-:-:6 SHL R11, R0, 0x2 ;
3e:-:-:-:1 STS [R11+0x80], R4 ;
--:-:-:-:5 EXIT ;
";

#[test]
fn the_timing_table_statistics_and_metrics_count_alike() {
    let prog = Program::from_sass(FIGURES, Target::Sm52).unwrap();
    let mut emu = Emulator::new(&prog, one_warp());
    let r = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), 16)
        .unwrap()
        .run();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    let t = |p: &str| r.per_inst[&pc_of(FIGURES, p)].clone();
    // The coalesced byte load: one request, four 8-lane tag lookups of one sector, one
    // distinct sector, ideal one (it showed 4 sectors, 75 % excessive).
    let u8 = t("LDG.E.U8");
    assert_eq!(
        (
            u8.requests,
            u8.tag_lookups,
            u8.sectors,
            u8.transactions,
            u8.ideal
        ),
        (1, 4, 1, 1, 1)
    );
    assert_eq!(u8.excessive_pct, 0.0);
    // The broadcast word: one sector, ideal one (the ideal was 4).
    let bc = t("LDG.E R5");
    assert_eq!((bc.sectors, bc.ideal, bc.excessive_pct), (1, 1, 0.0));
    // The same-address shared atomic serialises: 32 wavefronts, 28 + 2 x 31 cycles.
    let atoms = t("ATOMS");
    assert_eq!((atoms.wavefronts, atoms.ideal), (32, 1));
    assert_eq!(atoms.latency_max, 28 + 2 * 31);
    // The shared broadcast load stays one wavefront; shared accesses have no sectors or
    // lines.
    let lds = t("LDS");
    assert_eq!((lds.wavefronts, lds.sectors, lds.lines), (1, 0, 0));
    let sts = t("STS");
    assert_eq!((sts.wavefronts, sts.sectors, sts.lines), (1, 0, 0));
    // Both tables name sectors, lines and wavefronts alike, instruction by instruction.
    for (pc, s) in &emu.stats.per_inst {
        let Some(i) = r.per_inst.get(pc) else {
            continue;
        };
        assert_eq!(
            (i.sectors, i.lines, i.wavefronts),
            (s.sectors_32, s.lines_128, s.wavefronts),
            "{}",
            s.text
        );
    }
    // And the nvprof-named metrics are the same sums: two load requests, two sectors;
    // the atomic is not a shared load.
    assert_eq!(r.metrics["gld_requests"], 2.0);
    assert_eq!(r.metrics["gld_transactions"], 2.0);
    assert_eq!(r.metrics["shared_load_transactions"], 1.0);
    assert_eq!(r.metrics["shared_store_transactions"], 1.0);
}

/// IDP (sm_61/62) is a fixed-latency ALU instruction: ptxas 11.8 sets no write barrier on
/// any of the twelve IDPs of `tests/cubins/dot_product.sm_61.cubin` and schedules their
/// consumers by stall counts alone (`gpumem lint` finds no hazard there), so the model
/// times it as `alu_latency` (6: JIA18 Table 4.1 gives 6 for Pascal's integer ALU
/// instructions; IDP itself is not in the table, UNVERIFIED) on the GP104 preset.
#[test]
fn idp_is_timed_as_a_fixed_latency_alu_instruction() {
    let src = "--:-:-:-:6 MOV32I R0, 0x1020304 ;
--:-:-:-:6 IDP.4A.U8.U8 R1, R0, R0, R0 ;
--:-:-:-:6 MOV R3, R1 ;
--:-:-:-:5 EXIT ;
";
    let prog = Program::from_sass(src, Target::Sm61).unwrap();
    let idp = prog
        .insts
        .iter()
        .position(|i| matches!(i, Ok(i) if i.op.op == gpumem_maxwell::table::Op::Idp))
        .unwrap();
    let inst = prog.insts[idp].as_ref().unwrap();
    assert_eq!(inst.op.latency, gpumem_maxwell::table::Latency::Fixed);
    let r = timed(src, LaunchConfig::default(), Preset::Gp104);
    let t = &r.per_inst[&inst_addr(idp)];
    assert_eq!(
        t.latency_max,
        gpumem_timing::CoreParams::gp104().alu_latency as u64
    );
    // The consumer issues after the IDP's stall count of 6 (its cycles after the first
    // count as execution dependency, as for every fixed-latency producer); no scoreboard
    // wait.
    let mov = &r.per_inst[&inst_addr(idp + 1)];
    assert_eq!(mov.stalls.execution_dependency, 5);
    assert_eq!(mov.stalls.memory_dependency, 0);
}
