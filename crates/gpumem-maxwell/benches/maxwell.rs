//! Assembly and disassembly throughput:
//! - `maxwell`: a corpus generated from the table (every row x modifier combination,
//!   sampled operands and schedules), 30,000 instructions;
//! - `maxwell-real`: real code, the sm_52 kernels of the committed cubins
//!   (`tests/cuda-samples/sm_52`, `tests/cubins`) repeated to 1,000,002 instructions, the
//!   stream `gen_corpus real` writes for `scripts/bench-vs-oracles.sh` (which times
//!   nvdisasm on it): decode + print (nvdisasm's layout, into one `String`, as `gpumem dis`
//!   does) and parse + encode (`assemble` of that text).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_maxwell::sample::{corpus, kernels_in, repeat_kernels, to_bytes};
use gpumem_maxwell::{SchedStyle, Target, assemble, disassemble, render, render_stream};
use std::hint::black_box;
use std::path::Path;

const N: usize = 30_000;

/// Real instructions per iteration.
const REAL: usize = 1_000_000;

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

/// Decodes and prints a stream the way `gpumem dis` does ([`render_stream`]), into one
/// buffer (the CLI writes it out in 64 KiB pieces).
fn dis_stream(bytes: &[u8], out: &mut String) {
    out.clear();
    let r = render_stream(bytes, 0, Target::Sm52, SchedStyle::None, false, out, |_| {
        Ok::<(), ()>(())
    });
    assert_eq!(r, Ok(Ok(true)), "every word decodes");
}

fn bench_real(c: &mut Criterion) {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut code = kernels_in(&root.join("tests/cuda-samples/sm_52"), ".cubin");
    code.extend(kernels_in(&root.join("tests/cubins"), ".sm_52.cubin"));
    let slices: Vec<&[u8]> = code.iter().map(Vec::as_slice).collect();
    let bytes = repeat_kernels(&slices, Target::Sm52, REAL);
    assert!(!bytes.is_empty(), "no cubins under {}", root.display());
    let n = 3 * bytes.len() / 32;
    let mut out = String::with_capacity(80 * n);
    dis_stream(&bytes, &mut out);
    let text = out.clone();
    let mut g = c.benchmark_group("maxwell-real");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("decode+print 1M real instructions", |b| {
        b.iter(|| {
            dis_stream(black_box(&bytes), &mut out);
            black_box(out.len())
        })
    });
    g.bench_function("parse+encode 1M real instructions", |b| {
        b.iter(|| black_box(assemble(black_box(&text), Target::Sm52).expect("assembles")))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench, bench_real
}
criterion_main!(benches);
