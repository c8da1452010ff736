//! Proof 4 of issue 11: the CUDA samples' transpose kernels (nvcc 11.8, sm_52) timed on
//! gm204: naive > coalesced > noBankConflicts in cycles, the coalesced kernel's LDS
//! shows its 32-way conflicts, and copySharedMem is close to copy.

use gpumem_maxwell::{Target, cubin};
use gpumem_mem::hierarchy::Preset;
use gpumem_timing::{Timing, TimingConfig, TimingReport};
use gpumem_warp::{Emulator, LaunchConfig, Program};

const IN: u64 = 0x1000_0000;
const OUT: u64 = 0x2000_0000;

pub fn transpose(name: &str, n: u32) -> TimingReport {
    let bytes = std::fs::read(format!(
        "{}/../../tests/cuda-samples/sm_52/transpose__transpose.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&bytes, Some(name)).unwrap();
    let prog = Program::from_bytes(&k.code, Target::Sm52).unwrap();
    let cfg = LaunchConfig {
        grid: [n / 16, n / 16, 1],
        block: [16, 16, 1],
        registers: k.registers,
        shared_bytes: 16 * 17 * 4,
        max_steps: u64::MAX,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    for (bank, data) in &k.constants {
        emu.mem.constant.write(*bank, 0, data).unwrap();
    }
    let params = [
        OUT.to_le_bytes().as_slice(),
        &IN.to_le_bytes(),
        &n.to_le_bytes(),
        &n.to_le_bytes(),
    ]
    .concat();
    emu.set_params(&params).unwrap();
    let input: Vec<u8> = (0..n * n).flat_map(|i| (i as f32).to_le_bytes()).collect();
    emu.mem.global.write(IN, &input).unwrap();
    let r = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), k.registers)
        .unwrap()
        .run();
    assert!(emu.faults.is_empty(), "{name}: {:?}", emu.faults);
    r
}

#[test]
fn transposes_order_as_on_hardware() {
    let n = 1024;
    let mut cycles = std::collections::BTreeMap::new();
    let mut reports = std::collections::BTreeMap::new();
    for name in [
        "_Z4copyPfS_ii",
        "_Z13copySharedMemPfS_ii",
        "_Z14transposeNaivePfS_ii",
        "_Z18transposeCoalescedPfS_ii",
        "_Z24transposeNoBankConflictsPfS_ii",
    ] {
        let r = transpose(name, n);
        eprintln!(
            "{name}: {} cycles, {} ctas, {} warp insts, dram {:?}, stalls {:?}",
            r.cycles, r.ctas, r.warp_instructions, r.levels["dram"], r.stalls
        );
        for (pc, i) in &r.per_inst {
            if i.requests > 0 {
                eprintln!(
                    "  {pc:#06x} {:<32} issued {} lat {:>7.1} stalls {:>8} {:?} caused {} req {} sect {} ideal {}",
                    i.text,
                    i.issued,
                    i.latency_avg,
                    i.stalls.total(),
                    i.stalls.main(),
                    i.caused_wait,
                    i.requests,
                    i.sectors,
                    i.ideal
                );
            }
        }
        cycles.insert(name, r.cycles);
        reports.insert(name, r);
    }
    eprintln!("cycles: {cycles:?}");
    let find = |k: &str, text: &str| {
        reports[k]
            .per_inst
            .values()
            .find(|i| i.text.contains(text))
            .unwrap()
            .clone()
    };
    // This build of the sample has 16 x 16 tiles: the coalesced kernel reads a column of
    // `tile[16][16]`, 8 lanes a bank: 8 wavefronts, 28 + 2 * 7 cycles, and the busy
    // shared pipe is what its warps wait for most; the padded tile needs 2.
    let lds = find("_Z18transposeCoalescedPfS_ii", "LDS");
    assert_eq!(lds.requests, 8 * lds.issued);
    assert_eq!(lds.latency_max, 28 + 2 * 7);
    assert_eq!(lds.stalls.main(), Some("pipe_busy"));
    let padded = find("_Z24transposeNoBankConflictsPfS_ii", "LDS");
    assert_eq!(padded.requests, 2 * padded.issued);
    assert!(
        reports["_Z18transposeCoalescedPfS_ii"].stalls.pipe_busy
            > reports["_Z24transposeNoBankConflictsPfS_ii"]
                .stalls
                .pipe_busy
    );
    // Proof 5: the streaming copy is DRAM-bound: the bytes DRAM moved (reads, and the
    // write-backs of the output L2 could not keep) over the kernel's cycles come within
    // 15 % of the preset's DRAM bandwidth.
    let copy = &reports["_Z4copyPfS_ii"];
    let moved =
        32.0 * (copy.metrics["dram_read_transactions"] + copy.metrics["dram_write_transactions"]);
    let bw = moved / copy.cycles as f64;
    let peak = gpumem_mem::hierarchy::TimingParams::gm204().dram_bytes_per_cycle;
    eprintln!("copy: {bw:.1} B/cycle of DRAM traffic, preset {peak}");
    assert!(bw >= 0.85 * peak && bw <= peak, "{bw} of {peak}");
    // The naive kernel's stores touch 8 times the ideal sectors (87.5 % excessive).
    let stg = find("_Z14transposeNaivePfS_ii", "STG");
    assert_eq!(stg.sectors, 8 * stg.ideal);
    assert_eq!(stg.excessive_pct, 87.5);
    let c = |k: &str| cycles[k] as f64;
    assert!(
        c("_Z14transposeNaivePfS_ii") > c("_Z18transposeCoalescedPfS_ii"),
        "{cycles:?}"
    );
    assert!(
        c("_Z18transposeCoalescedPfS_ii") > c("_Z24transposeNoBankConflictsPfS_ii"),
        "{cycles:?}"
    );
    let ratio = c("_Z13copySharedMemPfS_ii") / c("_Z4copyPfS_ii");
    assert!((0.9..1.15).contains(&ratio), "{cycles:?}");
}
