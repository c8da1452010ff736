//! Proof 6 of issue 11: the timing model's speed in thread instructions per second
//! (criterion's elements/s) on the CUDA samples' transposeCoalesced (512 x 512 floats)
//! and reduce3<int> (64 Ki ints, 256 threads a CTA), functional execution included.
//! `cargo bench -p gpumem-timing` prints both.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_maxwell::{Target, cubin};
use gpumem_mem::hierarchy::Preset;
use gpumem_timing::{Timing, TimingConfig};
use gpumem_warp::{Emulator, LaunchConfig, Program};

struct Case {
    prog: Program,
    k: cubin::Kernel,
    cfg: LaunchConfig,
    params: Vec<u8>,
    input: Vec<u8>,
}

fn sample(file: &str, name: &str) -> (Program, cubin::Kernel) {
    let bytes = std::fs::read(format!(
        "{}/../../tests/cuda-samples/sm_52/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&bytes, Some(name)).unwrap();
    (Program::from_bytes(&k.code, Target::Sm52).unwrap(), k)
}

/// Runs a case with timing; returns the thread instructions.
fn timed(c: &Case) -> u64 {
    let mut emu = Emulator::new(&c.prog, c.cfg.clone());
    for (bank, data) in &c.k.constants {
        emu.mem.constant.write(*bank, 0, data).unwrap();
    }
    emu.set_params(&c.params).unwrap();
    emu.mem.global.write(0x1000_0000, &c.input).unwrap();
    let r = Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), c.k.registers)
        .unwrap()
        .run();
    assert!(emu.faults.is_empty() && !r.partial && r.cycles > 0);
    r.thread_instructions
}

fn bench(c: &mut Criterion) {
    let n = 512u32;
    let (prog, k) = sample("transpose__transpose.cubin", "_Z18transposeCoalescedPfS_ii");
    let transpose = Case {
        cfg: LaunchConfig {
            grid: [n / 16, n / 16, 1],
            block: [16, 16, 1],
            registers: k.registers,
            shared_bytes: 16 * 17 * 4,
            max_steps: u64::MAX,
            ..LaunchConfig::default()
        },
        params: [
            0x2000_0000u64.to_le_bytes().as_slice(),
            &0x1000_0000u64.to_le_bytes(),
            &n.to_le_bytes(),
            &n.to_le_bytes(),
        ]
        .concat(),
        input: (0..n * n).flat_map(|i| (i as f32).to_le_bytes()).collect(),
        prog,
        k,
    };
    let m = 64u32 * 1024;
    let (prog, k) = sample("reduction__reduction_kernel.cubin", "_Z7reduce3IiEvPT_S1_j");
    let reduce = Case {
        cfg: LaunchConfig {
            grid: [m / 512, 1, 1],
            block: [256, 1, 1],
            registers: k.registers,
            shared_bytes: 256 * 4,
            max_steps: u64::MAX,
            ..LaunchConfig::default()
        },
        params: [
            0x1000_0000u64.to_le_bytes().as_slice(),
            &0x2000_0000u64.to_le_bytes(),
            &m.to_le_bytes(),
        ]
        .concat(),
        input: (0..m).flat_map(|i| (i % 7).to_le_bytes()).collect(),
        prog,
        k,
    };
    for (name, case) in [
        ("transposeCoalesced_512", &transpose),
        ("reduce3_64Ki", &reduce),
    ] {
        let insts = timed(case);
        let mut g = c.benchmark_group(format!("timing_{name}"));
        g.throughput(Throughput::Elements(insts));
        g.sample_size(10);
        g.bench_function("thread instructions", |b| b.iter(|| timed(case)));
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
