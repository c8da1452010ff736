//! Relocations and module symbols of the committed CUDA samples (tests/cuda-samples):
//!
//! * every relocation gpumem reads (section, offset, symbol, type name) equals the list
//!   `cuobjdump -elf` prints, for every cubin of both targets (cuobjdump required);
//! * what linking each kernel that has relocations gives (`links`, or the first
//!   relocation gpumem rejects and why) equals `tests/cuda-samples/relocations.tsv`
//!   (`BLESS=1` rewrites it): the census of the kernels module data makes placeable;
//! * a linked MOV32I carries the halves of its symbol's address and nothing else of the
//!   code changes.

use gpumem_maxwell::cubin::kernels;
use gpumem_maxwell::link::{LinkError, Module, RelocKind, SymbolHome, relocation_census};
use gpumem_maxwell::{Target, disassemble};
use gpumem_oracle::{Oracle, cuda_bin, require, run};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cuda-samples"
    ))
}

/// The committed cubins of a target, sorted.
fn cubins(sm: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(sm))
        .expect("tests/cuda-samples")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    files.sort();
    files
}

/// `(section, offset, symbol, type name)` of every relocation `cuobjdump -elf` lists.
fn cuobjdump_relocations(text: &str) -> Vec<(String, u64, String, String)> {
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix(".section ") {
            let name = rest.split_whitespace().next().unwrap_or("");
            section = name.strip_prefix(".rel").map(str::to_string);
            continue;
        }
        let Some(sec) = &section else { continue };
        let cols: Vec<&str> = line.split_whitespace().collect();
        if cols.len() == 3
            && cols[2].starts_with("R_CUDA_")
            && let Some(h) = cols[0].strip_prefix("0x")
        {
            let off = u64::from_str_radix(h, 16).expect("hex offset");
            out.push((sec.clone(), off, cols[1].to_string(), cols[2].to_string()));
        }
    }
    out.sort();
    out
}

#[test]
fn relocations_match_cuobjdump() {
    let Oracle::Found(cuobjdump) = require(cuda_bin(), "cuobjdump") else {
        return;
    };
    let (mut files, mut total) = (0, 0);
    for sm in ["sm_50", "sm_52"] {
        for path in cubins(sm) {
            let bytes = std::fs::read(&path).expect("cubin");
            let census = relocation_census(&bytes).expect("an ELF file");
            if census.is_empty() {
                continue;
            }
            let p = path.display().to_string();
            let (ok, text, err) = run(&cuobjdump, &["-elf", &p], b"");
            assert!(ok, "cuobjdump -elf {p}: {err}");
            let mut ours: Vec<_> = census
                .iter()
                .map(|e| (e.section.clone(), e.offset, e.symbol.clone(), e.kind.name()))
                .collect();
            ours.sort();
            assert_eq!(ours, cuobjdump_relocations(&text), "{p}");
            for e in &census {
                assert!(
                    !matches!(e.kind, RelocKind::Other(_)),
                    "{p}: relocation type {:#x} has no name in gpumem",
                    e.kind.r_type()
                );
            }
            files += 1;
            total += census.len();
        }
    }
    eprintln!("{files} cubins with relocations, {total} relocations");
    assert_eq!(
        (files, total),
        (80, 1152),
        "cubins with relocations, relocations"
    );
}

/// Data sections at distinct bases above 4 GiB (so that the high halves are not zero).
fn bases(m: &Module) -> Vec<u64> {
    (0..m.data.len() as u64)
        .map(|i| 0x7_0000_0000 + i * 0x100_0000)
        .collect()
}

/// The outcome of linking a kernel: `links` or the first rejection, short.
fn outcome(e: Result<Vec<u8>, LinkError>) -> String {
    match e {
        Ok(_) => "links".into(),
        Err(LinkError::Unsupported { kind, symbol, .. }) => {
            format!("unsupported:{}:{symbol}", kind.name())
        }
        Err(LinkError::Bad { kind, symbol, .. }) => format!("bad:{}:{symbol}", kind.name()),
        Err(LinkError::Elf(e)) => format!("elf:{e}"),
    }
}

#[test]
fn link_outcomes_match_the_table() {
    let table = root().join("relocations.tsv");
    let mut got = String::from("target\tcubin\tkernel\toutcome\n");
    for sm in ["sm_50", "sm_52"] {
        for path in cubins(sm) {
            let bytes = std::fs::read(&path).expect("cubin");
            let file = path.file_name().unwrap().to_string_lossy().to_string();
            for k in kernels(&bytes).unwrap_or_default() {
                let m = Module::read(&bytes, &k.name).expect("module");
                if !m.needs_link() {
                    continue;
                }
                let o = outcome(m.link(&k.name, &k.code, &bases(&m)));
                got.push_str(&format!("{sm}\t{file}\t{}\t{o}\n", k.name));
            }
        }
    }
    if std::env::var("BLESS").as_deref() == Ok("1") {
        std::fs::write(&table, &got).expect("write the table");
        return;
    }
    let want = std::fs::read_to_string(&table).expect("tests/cuda-samples/relocations.tsv");
    let diff: Vec<String> = got
        .lines()
        .zip(want.lines())
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("  table: {w}\n  now:   {g}"))
        .collect();
    assert!(
        diff.is_empty() && got.lines().count() == want.lines().count(),
        "link outcomes differ from {} (BLESS=1 rewrites it):\n{}",
        table.display(),
        diff.join("\n")
    );
    let links = got.lines().filter(|l| l.ends_with("\tlinks")).count();
    assert!(links >= 10, "only {links} kernels link");
}

#[test]
fn a_linked_mov32i_carries_the_address_halves() {
    let bytes = std::fs::read(root().join("sm_50/binomialOptions__binomialOptions_kernel.cubin"))
        .expect("cubin");
    let k = gpumem_maxwell::cubin::kernel(&bytes, None).expect("one kernel");
    let m = Module::read(&bytes, &k.name).expect("module");
    let sym = m.symbol("d_CallValue").expect("d_CallValue");
    assert_eq!(sym.size, 4096);
    let SymbolHome::Global(d) = sym.home else {
        panic!("d_CallValue is not in a global section: {:?}", sym.home)
    };
    assert_eq!(m.data[d].name, ".nv.global");
    let opt = m.symbol("d_OptionData").expect("d_OptionData");
    assert_eq!(
        (opt.home.clone(), opt.size),
        (SymbolHome::Constant(3), 20480)
    );
    let base = vec![0x0000_0012_3456_7800u64; m.data.len()];
    let linked = m.link(&k.name, &k.code, &base).expect("links");
    let addr = m.address(sym, &base).expect("an address");
    let mut changed = Vec::new();
    for (i, (a, b)) in k.code.chunks(8).zip(linked.chunks(8)).enumerate() {
        if a != b {
            changed.push(i * 8);
        }
    }
    assert_eq!(changed, vec![0x2958, 0x2970]);
    let dis = disassemble(&linked, 0, Target::Sm50).expect("decodes");
    let text = |at: usize| {
        dis.lines
            .iter()
            .find(|l| l.addr == at as u64)
            .map(|l| l.text())
            .unwrap_or_default()
    };
    assert_eq!(
        text(0x2958),
        format!("MOV32I R2, {:#x} ;", addr & 0xffff_ffff)
    );
    assert_eq!(text(0x2970), format!("MOV32I R0, {:#x} ;", addr >> 32));
    // A field that is not zero before linking is refused, with its place.
    let mut dirty = k.code.clone();
    dirty[0x2958 + 4] |= 0x10;
    let e = m.link(&k.name, &dirty, &base).unwrap_err();
    assert!(
        e.to_string().contains("+0x2958") && e.to_string().contains("R_CUDA_ABS32_LO_20"),
        "{e}"
    );
}
