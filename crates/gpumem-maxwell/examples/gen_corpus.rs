//! Writes a raw Maxwell stream of N instructions generated from the table:
//! `cargo run --release -p gpumem-maxwell --example gen_corpus -- N OUT.bin [sm_50|sm_52]`.
//! Used by `scripts/bench-vs-oracles.sh` to time gpumem against nvdisasm.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let out = args.get(2).cloned().unwrap_or_else(|| "corpus.bin".into());
    let target = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(gpumem_maxwell::Target::Sm52);
    let insts = gpumem_maxwell::sample::corpus(target, n, 1);
    if let Err(e) = std::fs::write(&out, gpumem_maxwell::sample::to_bytes(&insts)) {
        eprintln!("writing {out}: {e}");
        std::process::exit(1);
    }
}
