//! Writes a raw Maxwell stream for timing gpumem against nvdisasm
//! (`scripts/bench-vs-oracles.sh`):
//! * `gen_corpus N OUT.bin [sm_50|sm_52]`: N instructions generated from the table
//!   (every row x modifier combination, as the differential test makes them);
//! * `gen_corpus real N OUT.bin`: the sm_52 code of every kernel of the committed cubins
//!   (`tests/cuda-samples/sm_52`, then `tests/cubins/*.sm_52.cubin`) that gpumem decodes
//!   whole, repeated to N instructions (real nvcc/ptxas output; see
//!   [`gpumem_maxwell::sample::repeat_kernels`]). The benchmark `benches/maxwell.rs`
//!   times gpumem on the same stream.

use gpumem_maxwell::sample::kernels_in;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let real = args.first().is_some_and(|a| a == "real");
    let args = if real { &args[1..] } else { &args[..] };
    let n: usize = args
        .first()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let out = args.get(1).cloned().unwrap_or_else(|| "corpus.bin".into());
    let bytes = if real {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let mut code = kernels_in(&root.join("tests/cuda-samples/sm_52"), ".cubin");
        code.extend(kernels_in(&root.join("tests/cubins"), ".sm_52.cubin"));
        let slices: Vec<&[u8]> = code.iter().map(Vec::as_slice).collect();
        let bytes =
            gpumem_maxwell::sample::repeat_kernels(&slices, gpumem_maxwell::Target::Sm52, n);
        if bytes.is_empty() {
            eprintln!("no cubins found under {}/tests", root.display());
            std::process::exit(1);
        }
        bytes
    } else {
        let target = args
            .get(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(gpumem_maxwell::Target::Sm52);
        gpumem_maxwell::sample::to_bytes(&gpumem_maxwell::sample::corpus(target, n, 1))
    };
    if let Err(e) = std::fs::write(&out, bytes) {
        eprintln!("writing {out}: {e}");
        std::process::exit(1);
    }
}
