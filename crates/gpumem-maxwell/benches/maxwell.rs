//! Assembly and disassembly throughput on a corpus generated from the table
//! (every row x modifier combination, sampled operands and schedules).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_maxwell::sample::{corpus, to_bytes};
use gpumem_maxwell::{SchedStyle, Target, assemble, disassemble, render};
use std::hint::black_box;

const N: usize = 30_000;

fn bench(c: &mut Criterion) {
    let insts = corpus(Target::Sm52, N, 7);
    let bytes = to_bytes(&insts);
    let text = render(
        &disassemble(&bytes, 0, Target::Sm52).expect("whole bundles"),
        SchedStyle::None,
        false,
    );
    let mut g = c.benchmark_group("maxwell");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("disassemble+render (instructions)", |b| {
        b.iter(|| {
            let d = disassemble(black_box(&bytes), 0, Target::Sm52).expect("decodes");
            black_box(render(&d, SchedStyle::None, false))
        })
    });
    g.bench_function("decode only (instructions)", |b| {
        b.iter(|| black_box(disassemble(black_box(&bytes), 0, Target::Sm52).expect("decodes")))
    });
    g.bench_function("assemble (instructions)", |b| {
        b.iter(|| black_box(assemble(black_box(&text), Target::Sm52).expect("assembles")))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
