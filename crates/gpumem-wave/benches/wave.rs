//! Scalar instructions per second: a SALU loop and an SMEM-heavy loop.
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_wave::{MemoryInit, Program, SgprInit, VegaConfig, run};

fn config() -> VegaConfig {
    let mut c = VegaConfig::default();
    c.wave.sgpr = vec![SgprInit::new("s[0:1]", 0x1000).expect("register")];
    c.limits.max_steps = 10_000_000;
    c.seed = 1;
    c
}

fn bench(c: &mut Criterion) {
    let salu = gpumem_vega::assemble(
        "s_mov_b32 s2, 20000\nloop:\ns_add_u32 s3, s3, s2\ns_xor_b32 s4, s4, s3\ns_lshl_b32 s5, s4, 3\ns_sub_u32 s2, s2, 1\ns_cmp_lg_u32 s2, 0\ns_cbranch_scc1 loop\ns_endpgm\n",
        gpumem_vega::Target::Gfx900,
    )
    .unwrap()
    .bytes;
    let smem = gpumem_vega::assemble(
        "s_mov_b32 s2, 5000\nloop:\ns_load_dwordx4 s[4:7], s[0:1], 0x0\ns_load_dword s8, s[0:1], 0x40\ns_waitcnt lgkmcnt(0)\ns_add_u32 s9, s4, s8\ns_store_dword s9, s[0:1], 0x80\ns_sub_u32 s2, s2, 1\ns_cmp_lg_u32 s2, 0\ns_cbranch_scc1 loop\ns_endpgm\n",
        gpumem_vega::Target::Gfx900,
    )
    .unwrap()
    .bytes;
    let cfg = config();
    let mem = [MemoryInit {
        addr: 0x1000,
        bytes: vec![1; 256],
    }];
    let mut g = c.benchmark_group("wave");
    for (name, prog) in [("salu_loop", &salu), ("smem_loop", &smem)] {
        let n = run(Program::Binary(prog), &cfg, &mem, &[])
            .unwrap()
            .stats
            .instructions;
        g.throughput(Throughput::Elements(n));
        g.bench_function(name, |b| {
            b.iter(|| run(Program::Binary(prog), &cfg, &mem, &[]).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
