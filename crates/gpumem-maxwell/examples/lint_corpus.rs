//! Lints every kernel of every cubin under the given folders; prints findings per rule
//! and the throughput. `cargo run --release -p gpumem-maxwell --example lint_corpus -- tests/cuda-samples tests/cubins`
use gpumem_maxwell::cubin;
use gpumem_maxwell::lint::{self, Rule};
use std::collections::BTreeMap;
use std::path::Path;

fn walk(p: &Path, out: &mut Vec<std::path::PathBuf>) {
    if p.is_dir() {
        let mut es: Vec<_> = std::fs::read_dir(p)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        es.sort();
        for e in es {
            walk(&e, out);
        }
    } else if p.extension().is_some_and(|e| e == "cubin") {
        out.push(p.to_path_buf());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = std::env::var("VERBOSE").ok();
    let mut files = Vec::new();
    for a in &args {
        walk(Path::new(a), &mut files);
    }
    let mut counts: BTreeMap<Rule, usize> = BTreeMap::new();
    let mut n_inst = 0usize;
    let mut n_kern = 0usize;
    let mut dt = std::time::Duration::ZERO;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for k in cubin::kernels(&bytes).unwrap_or_default() {
            let t = k.target;
            let t0 = std::time::Instant::now();
            let items = lint::items_from_binary(&k.code, 0, t).unwrap();
            // Every note, `stall-no-yield` included (LINTS.md's table counts it).
            let found = lint::check_with(
                &items,
                0,
                lint::Options {
                    stall_no_yield: true,
                },
            );
            dt += t0.elapsed();
            n_inst += items.len();
            if verbose.as_deref() == Some("cfg") {
                let insts: Vec<_> = items.iter().map(|x| x.inst.clone().ok()).collect();
                let g = lint::cfg::build(&insts, 0);
                if !g.gave_up.is_empty() {
                    println!(
                        "{} {} gave up at {} instructions, first {:#x}",
                        f.display(),
                        k.name,
                        g.gave_up.len(),
                        items[g.gave_up[0] as usize].addr
                    );
                }
            }
            n_kern += 1;
            for x in &found {
                *counts.entry(x.rule).or_default() += 1;
                if verbose.as_deref().is_some_and(|v| {
                    v == x.rule.name()
                        || (v == "errors" && x.severity() == gpumem_isa::Severity::Error)
                }) {
                    println!("{} {}: {}", f.display(), k.name, lint::describe(x, &items));
                }
            }
        }
    }
    for (r, c) in &counts {
        println!("{:16} {:?} {c}", r.name(), r.severity());
    }
    println!(
        "{} files, {n_kern} kernels, {n_inst} instructions, {:.3} s, {:.0} instructions/s",
        files.len(),
        dt.as_secs_f64(),
        n_inst as f64 / dt.as_secs_f64()
    );
}
