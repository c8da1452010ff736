//! Writes a raw Maxwell stream for timing gpumem against nvdisasm
//! (`scripts/bench-vs-oracles.sh`):
//! * `gen_corpus N OUT.bin [sm_50|sm_52]`: N instructions generated from the table
//!   (every row x modifier combination, as the differential test makes them);
//! * `gen_corpus real N OUT.bin`: the sm_52 code of every kernel in `tests/cubins`,
//!   repeated to N instructions (real ptxas output).

use gpumem_maxwell::cubin::kernels;

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
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cubins");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|p: &std::path::PathBuf| p.to_string_lossy().ends_with(".sm_52.cubin"));
        files.sort();
        let mut code = Vec::new();
        for f in files {
            let Ok(b) = std::fs::read(&f) else { continue };
            for k in kernels(&b).unwrap_or_default() {
                code.extend_from_slice(&k.code);
            }
        }
        if code.is_empty() {
            eprintln!("no cubins found in {dir}");
            std::process::exit(1);
        }
        let bundles = n.div_ceil(3);
        code.iter().copied().cycle().take(bundles * 32).collect()
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
