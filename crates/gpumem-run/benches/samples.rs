//! Warp instructions executed per second on three CUDA-sample kernels (sm_50 cubins of
//! tests/cuda-samples), each run end to end through the manifest API as `gpumem run`
//! does (manifest, input files, cubin, launch, dumps). Criterion's throughput is the
//! run's warp-instruction count, so `elem/s` is instructions per second. Each sample on
//! one thread (`[limits] jobs = 1`), then with its CTAs on two.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn f32s(v: impl IntoIterator<Item = f32>) -> Vec<u8> {
    v.into_iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A sample kernel launch: the manifest text and its input files.
struct Bench {
    name: &'static str,
    manifest: String,
    inputs: Vec<(&'static str, Vec<u8>)>,
}

fn manifest(cubin: &str, kernel: &str, launch: &str, body: &str) -> String {
    format!(
        "isa = \"maxwell\"\nprogram = \"{}\"\nkernel = \"{kernel}\"\n[launch]\n{launch}\n{body}",
        root()
            .join("tests/cuda-samples/sm_50")
            .join(cubin)
            .display()
    )
}

fn benches() -> Vec<Bench> {
    let n = 128usize;
    let mm = manifest(
        "matrixMul__matrixMul.cubin",
        "_Z13MatrixMulCUDAILi32EEvPfS0_S0_ii",
        "grid = [4, 4]\nblock = [32, 32]\nparams = [{ u64 = \"0x30000000\" }, { u64 = \"0x10000000\" }, { u64 = \"0x20000000\" }, { i32 = 128 }, { i32 = 128 }]",
        "[[memory]]\naddress = \"0x10000000\"\nfile = \"a.bin\"\n[[memory]]\naddress = \"0x20000000\"\nfile = \"b.bin\"\n[[dump]]\nspace = \"global\"\naddress = \"0x30000000\"\nsize = 65536\n",
    );
    let w = 256usize;
    let tr = manifest(
        "transpose__transpose.cubin",
        "_Z18transposeCoalescedPfS_ii",
        "grid = [16, 16]\nblock = [16, 16]\nparams = [{ u64 = \"0x20000000\" }, { u64 = \"0x10000000\" }, { i32 = 256 }, { i32 = 256 }]",
        "[[memory]]\naddress = \"0x10000000\"\nfile = \"a.bin\"\n[[dump]]\nspace = \"global\"\naddress = \"0x20000000\"\nsize = 262144\n",
    );
    let keys: Vec<u8> = (0..8192u32)
        .map(|i| i.wrapping_mul(2654435761) % 65536)
        .flat_map(|k| k.to_le_bytes())
        .collect();
    let vals: Vec<u8> = (0..8192u32).flat_map(|k| k.to_le_bytes()).collect();
    let ms = manifest(
        "mergeSort__mergeSort.cubin",
        "_Z21mergeSortSharedKernelILj1EEvPjS0_S0_S0_j",
        "grid = [8]\nblock = [512]\nparams = [{ u64 = \"0x30000000\" }, { u64 = \"0x40000000\" }, { u64 = \"0x10000000\" }, { u64 = \"0x20000000\" }, { u32 = 1024 }]",
        "[[memory]]\naddress = \"0x10000000\"\nfile = \"a.bin\"\n[[memory]]\naddress = \"0x20000000\"\nfile = \"b.bin\"\n[[dump]]\nspace = \"global\"\naddress = \"0x30000000\"\nsize = 32768\n",
    );
    vec![
        Bench {
            name: "matrixMul_32_128x128",
            manifest: mm,
            inputs: vec![
                ("a.bin", f32s((0..n * n).map(|_| 1.0))),
                ("b.bin", f32s((0..n * n).map(|_| 0.01))),
            ],
        },
        Bench {
            name: "transposeCoalesced_256x256",
            manifest: tr,
            inputs: vec![("a.bin", f32s((0..w * w).map(|i| i as f32)))],
        },
        Bench {
            name: "mergeSortShared_8x1024",
            manifest: ms,
            inputs: vec![("a.bin", keys), ("b.bin", vals)],
        },
    ]
}

fn samples(c: &mut Criterion) {
    let mut g = c.benchmark_group("cuda_samples");
    g.sample_size(10);
    for b in benches() {
        let dir = std::env::temp_dir().join(format!(
            "gpumem-run-bench-{}-{}",
            std::process::id(),
            b.name
        ));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for (f, bytes) in &b.inputs {
            std::fs::write(dir.join(f), bytes).expect("an input file");
        }
        // One thread (the CTAs one after another), then two.
        let text = |jobs: usize| format!("{}\n[limits]\njobs = {jobs}\n", b.manifest);
        let run = |m: &str| {
            gpumem_run::run(&gpumem_run::Launch::text("manifest", m, &dir))
                .and_then(gpumem_run::AnyReport::maxwell)
        };
        let first = run(&text(1)).expect("the manifest runs");
        assert!(
            first.faults.is_empty(),
            "{}: {:?}",
            b.name,
            first.faults.first()
        );
        let insts = first.stats.warp_instructions;
        eprintln!("{}: {insts} warp instructions per run", b.name);
        g.throughput(Throughput::Elements(insts));
        for jobs in [1, 2] {
            let name = match jobs {
                1 => b.name.to_string(),
                _ => format!("{}, {jobs} threads", b.name),
            };
            let m = text(jobs);
            g.bench_function(name, |bench| bench.iter(|| run(&m).expect("runs")));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    g.finish();
}

criterion_group!(benches_group, samples);
criterion_main!(benches_group);
