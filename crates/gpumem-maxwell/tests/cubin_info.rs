//! The kernel facts the cubin reader takes from a cubin's sections besides the code
//! (static shared size from `.nv.shared.<kernel>`, parameter ordinals, offsets and sizes
//! from `.nv.info.<kernel>`), checked against `cuobjdump -elf` on every kernel of the
//! committed CUDA samples (tests/cuda-samples/sm_50 and sm_52).

use gpumem_maxwell::cubin::{KernelParam, kernels};
use gpumem_oracle::{Oracle, cuda_bin, require, run};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A hex number as cuobjdump prints it (`0x14` or `14`).
fn hex(s: &str) -> u64 {
    let t = s.trim().trim_start_matches("0x");
    u64::from_str_radix(t, 16).unwrap_or_else(|_| panic!("not hex: {s:?}"))
}

/// Per kernel: (static shared bytes, parameters in ordinal order) as `cuobjdump -elf`
/// prints them.
fn cuobjdump_facts(text: &str) -> BTreeMap<String, (u64, Vec<KernelParam>)> {
    let mut out: BTreeMap<String, (u64, Vec<KernelParam>)> = BTreeMap::new();
    let mut info_of: Option<String> = None;
    for line in text.lines() {
        let cols: Vec<&str> = line.split_whitespace().collect();
        // The section table: `idx offset size es align type flags link info name`
        // (type NOBITS, or CUDA_SHARED in relocatable code).
        if let Some(name) = cols.last().and_then(|n| n.strip_prefix(".nv.shared."))
            && cols.len() == 10
        {
            out.entry(name.to_string()).or_default().0 = hex(cols[2]);
            continue;
        }
        if let Some(name) = line.trim().strip_prefix(".nv.info.") {
            info_of = Some(name.to_string());
            out.entry(name.to_string()).or_default();
            continue;
        }
        if line.starts_with('.') {
            info_of = None;
        }
        if let (Some(k), Some(rest)) = (&info_of, line.split_once("Ordinal :")) {
            let field = |name: &str| -> u32 {
                let (_, after) = rest.1.split_once(name).expect("field");
                let v = after.trim_start_matches([' ', ':']);
                hex(v.split_whitespace().next().expect("value")) as u32
            };
            let ordinal = hex(rest.1.split_whitespace().next().expect("ordinal")) as u32;
            let p = KernelParam {
                ordinal,
                offset: field("Offset"),
                size: field("Size"),
            };
            out.get_mut(k).expect("kernel").1.push(p);
        }
    }
    for (_, ps) in out.values_mut() {
        ps.sort_by_key(|p| p.ordinal);
    }
    out
}

#[test]
fn shared_sizes_and_parameter_layouts_match_cuobjdump() {
    let Oracle::Found(cuobjdump) = require(cuda_bin(), "cuobjdump") else {
        return;
    };
    let root = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cuda-samples"
    ));
    let (mut checked, mut with_shared, mut params) = (0, 0, 0);
    for sm in ["sm_50", "sm_52"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(sm))
            .expect("tests/cuda-samples")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
            .collect();
        files.sort();
        for path in files {
            let bytes = std::fs::read(&path).expect("cubin");
            let Ok(ks) = kernels(&bytes) else { continue };
            let p = path.display().to_string();
            let (ok, text, err) = run(&cuobjdump, &["-elf", &p], b"");
            assert!(ok, "cuobjdump -elf {p}: {err}");
            let facts = cuobjdump_facts(&text);
            for k in ks {
                let (shared, want) = facts.get(&k.name).cloned().unwrap_or_default();
                assert_eq!(k.shared_bytes, shared, "{p} {}: static shared", k.name);
                assert_eq!(k.params, want, "{p} {}: parameters", k.name);
                if let Some(last) = k.params.last() {
                    let end = last.offset + last.size;
                    let block = k.param_bytes.expect("a parameter block size");
                    assert!(end <= block, "{p} {}: {end} > {block}", k.name);
                }
                checked += 1;
                with_shared += (shared > 0) as usize;
                params += k.params.len();
            }
        }
    }
    eprintln!("{checked} kernels, {with_shared} with static shared memory, {params} parameters");
    assert!(checked >= 1500 && with_shared >= 100 && params >= 3000);
}
