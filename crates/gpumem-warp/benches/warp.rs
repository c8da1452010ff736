//! Emulation throughput: ptxas' copy_u32 kernel streaming 256 KiB (256 CTAs), side by
//! side with the host's own memcpy of the same bytes in the same run; and warp
//! instructions per second on the reduce_shared kernel (64 CTAs). Each emulated figure
//! on one thread (`Emulator::jobs` = 1), then on two (the CTAs in parallel).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_maxwell::Target;
use gpumem_maxwell::cubin;
use gpumem_warp::{Emulator, LaunchConfig, Program};
use std::hint::black_box;

const N: u32 = 64 * 1024; // words

fn load(name: &str) -> (Program, cubin::Kernel) {
    let bytes = std::fs::read(format!(
        "{}/../../tests/cubins/{name}.sm_50.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&bytes, Some(name)).unwrap();
    (Program::from_bytes(&k.code, Target::Sm50).unwrap(), k)
}

fn params(out: u64, inp: u64, n: u32) -> Vec<u8> {
    [
        out.to_le_bytes().as_slice(),
        &inp.to_le_bytes(),
        &n.to_le_bytes(),
    ]
    .concat()
}

#[allow(clippy::too_many_arguments)]
fn run(
    jobs: usize,
    prog: &Program,
    k: &cubin::Kernel,
    grid: u32,
    block: u32,
    shared: u64,
    n: u32,
    input: &[u8],
) -> u64 {
    let cfg = LaunchConfig {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        registers: k.registers,
        shared_bytes: shared,
        max_steps: u64::MAX,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(prog, cfg);
    emu.jobs = jobs;
    emu.set_params(&params(0x1000_0000, 0x2000_0000, n))
        .unwrap();
    emu.mem.global.write(0x2000_0000, input).unwrap();
    emu.run();
    assert!(emu.faults.is_empty());
    emu.stats.warp_instructions
}

fn bench(c: &mut Criterion) {
    let input: Vec<u8> = (0..4 * N).map(|i| i as u8).collect();
    let (copy, ck) = load("copy_u32");
    let mut g = c.benchmark_group("stream_copy_256KiB");
    g.throughput(Throughput::Bytes(4 * N as u64));
    g.sample_size(10);
    g.bench_function("emulated copy_u32", |b| {
        b.iter(|| run(1, &copy, &ck, N / 256, 256, 0, N, black_box(&input)))
    });
    g.bench_function("emulated copy_u32, 2 threads", |b| {
        b.iter(|| run(2, &copy, &ck, N / 256, 256, 0, N, black_box(&input)))
    });
    g.bench_function("host memcpy", |b| {
        let mut dst = vec![0u8; input.len()];
        b.iter(|| {
            dst.copy_from_slice(black_box(&input));
            black_box(&dst);
        })
    });
    g.finish();

    let (red, rk) = load("reduce_shared");
    let n = 64 * 256;
    let steps = run(
        1,
        &red,
        &rk,
        n / 256,
        256,
        1024,
        n,
        &input[..4 * n as usize],
    );
    let mut g = c.benchmark_group("reduce_shared_16Ki");
    g.throughput(Throughput::Elements(steps));
    g.sample_size(10);
    for (name, jobs) in [
        ("warp instructions", 1),
        ("warp instructions, 2 threads", 2),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                run(
                    jobs,
                    &red,
                    &rk,
                    n / 256,
                    256,
                    1024,
                    n,
                    black_box(&input[..4 * n as usize]),
                )
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
