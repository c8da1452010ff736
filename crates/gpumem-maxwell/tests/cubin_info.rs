//! The kernel facts the cubin reader takes from a cubin's sections besides the code
//! (static shared size from `.nv.shared.<kernel>`, parameter ordinals, offsets and sizes
//! from `.nv.info.<kernel>`), checked against `cuobjdump -elf` on every kernel of the
//! committed CUDA samples (tests/cuda-samples/sm_50 and sm_52); the ELF header flags
//! checked against nvdisasm; corrupt `.nv.info` records refused with their attribute.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin::{CubinError, HeaderFlags, KernelParam, arch, kernels};
use gpumem_oracle::{Oracle, cuda_bin, require, run, temp_file};
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

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The `.cubin` files of `dir` under the repository root, in name order.
fn cubins_in(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    v.sort();
    v
}

/// The cubin's `e_flags`.
fn e_flags(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes[48..52].try_into().expect("an ELF header"))
}

/// nvdisasm's `.headerflags` text of the cubin at `path`, or `None` when it refuses the
/// file.
fn nvdisasm_flags(nvdisasm: &std::path::Path, path: &std::path::Path) -> Option<String> {
    let (_, out, _) = run(nvdisasm, &[&path.display().to_string()], b"");
    let line = out.lines().find(|l| l.starts_with("\t.headerflags\t@\""))?;
    Some(
        line["\t.headerflags\t@\"".len()..]
            .trim_end_matches('"')
            .to_string(),
    )
}

/// `HeaderFlags`' text is nvdisasm 11.8's `.headerflags` on every cubin of tests/cubins
/// and tests/data/arch (ptxas for sm_50/52/53 and for sm_60/61/70/75), on one CUDA
/// sample per distinct `e_flags` (the text is a function of `e_flags` alone), and on
/// copy_u32.sm_52.cubin with its flags rewritten bit by bit; where nvdisasm refuses the
/// file (no SM it knows, bit 31), gpumem refuses it too. gpumem decodes exactly the SMs
/// 50, 52 and 53.
#[test]
fn header_flags_print_as_nvdisasm_does() {
    let Oracle::Found(nvdisasm) = require(cuda_bin(), "nvdisasm") else {
        return;
    };
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    for p in cubins_in("tests/cubins")
        .into_iter()
        .chain(cubins_in("tests/data/arch"))
    {
        cases.push((p.display().to_string(), std::fs::read(&p).expect("cubin")));
    }
    let mut seen = std::collections::BTreeSet::new();
    for p in cubins_in("tests/cuda-samples/sm_50")
        .into_iter()
        .chain(cubins_in("tests/cuda-samples/sm_52"))
    {
        let b = std::fs::read(&p).expect("cubin");
        if seen.insert(e_flags(&b)) {
            cases.push((p.display().to_string(), b));
        }
    }
    let base = std::fs::read(root().join("tests/cubins/copy_u32.sm_52.cubin")).expect("cubin");
    let mut flags: Vec<u32> = vec![
        0x0000_0034,
        0x0034_0534,
        0x0035_0535,
        0x0032_0532,
        0x0034_0532,
        0x003e_0534,
        0x0036_0534,
        0x00ff_0534,
        0x0000_e534,
        0x0134_e534,
        0x01ff_e534,
        0x00ff_2534,
        0x7fff_ff34,
        0x0034_ff34,
        0x8034_0534,
        0x0034_0533,
        0x0034_0500,
        0x0034_05ff,
        0x0034_0523,
        0x0034_053d,
        0x0034_0546,
        0x0034_055a,
    ];
    flags.extend((8..31).map(|b| 0x0034_0034 | 1 << b));
    for f in flags {
        let mut b = base.clone();
        b[48..52].copy_from_slice(&f.to_le_bytes());
        cases.push((format!("copy_u32.sm_52.cubin with e_flags {f:#010x}"), b));
    }
    let results: Vec<(String, u32, Option<String>)> = std::thread::scope(|s| {
        let chunks: Vec<_> = cases
            .chunks(cases.len().div_ceil(4))
            .enumerate()
            .map(|(w, chunk)| {
                let nvdisasm = &nvdisasm;
                s.spawn(move || {
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(i, (what, b))| {
                            let p = temp_file(&format!("flags-{w}-{i}.cubin"), b);
                            (what.clone(), e_flags(b), nvdisasm_flags(nvdisasm, &p))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        chunks
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    });
    let mut bad = Vec::new();
    let (mut printed, mut refused) = (0, 0);
    for (what, f, theirs) in &results {
        let flags = HeaderFlags(*f);
        match theirs {
            Some(t) => {
                printed += 1;
                if &flags.to_string() != t {
                    bad.push(format!("{what}: gpumem `{flags}`, nvdisasm `{t}`"));
                }
            }
            None => {
                refused += 1;
                if flags.target().is_ok() {
                    bad.push(format!("{what}: nvdisasm refuses it, gpumem reads it"));
                }
            }
        }
        let modelled = *f & 0x8000_0000 == 0 && [50, 52, 53, 60, 61, 62].contains(&(f & 0xff));
        if flags.target().is_ok() != modelled {
            bad.push(format!("{what}: modelled is {modelled}"));
        }
    }
    eprintln!("{printed} flag words printed as nvdisasm does, {refused} refused by both");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(printed >= 80 && refused >= 4, "{printed} {refused}");
}

/// Each SM decodes with the table it should: sm_50 with SM50, sm_52 and sm_53 with SM52,
/// each Pascal SM with its own; every other SM is refused, naming it and what to
/// recompile with.
#[test]
fn the_sm_picks_the_table_or_is_refused() {
    for (f, t) in [
        (0x0032_0532, Target::Sm50),
        (0x0034_0534, Target::Sm52),
        (0x0035_0535, Target::Sm52),
        (0x003c_053c, Target::Sm60),
        (0x003d_053d, Target::Sm61),
        (0x003e_053e, Target::Sm62),
    ] {
        assert_eq!(HeaderFlags(f).target().ok(), Some(t));
    }
    // The Pascal cubins ptxas wrote read with their own SM's table, every word decoded.
    for (file, t) in [
        ("copy_u32.sm_60.cubin", Target::Sm60),
        ("copy_u32.sm_61.cubin", Target::Sm61),
    ] {
        let b = std::fs::read(root().join("tests/data/arch").join(file)).expect("cubin");
        assert_eq!(arch(&b).expect(file).1, t, "{file}");
        let ks = kernels(&b).expect(file);
        assert!(!ks.is_empty(), "{file}: no kernel");
        for k in &ks {
            let text = gpumem_maxwell::disassemble(&k.code, 0, t).expect(file);
            assert!(
                text.lines.iter().all(|l| l.inst.is_ok()),
                "{file}: a word does not decode"
            );
        }
    }
    for (file, sm, family) in [
        ("copy_u32.sm_70.cubin", 70, "Volta"),
        ("copy_u32.sm_75.cubin", 75, "Turing"),
    ] {
        let b = std::fs::read(root().join("tests/data/arch").join(file)).expect("cubin");
        let e = kernels(&b).expect_err(file);
        assert!(
            matches!(e, CubinError::Arch { flags } if flags.sm() == sm),
            "{file}: {e}"
        );
        let m = e.to_string();
        for want in [
            &format!("sm_{sm}"),
            family,
            "-arch=sm_52",
            "sm_50, sm_52, sm_53 and Pascal sm_60, sm_61, sm_62",
        ] {
            assert!(m.contains(want), "{file}: {m}");
        }
    }
    // A cubin from a CUDA that keeps the SM in bits 15..8 (sm_100: 0x6006402).
    let m = HeaderFlags(0x0600_6402)
        .target()
        .expect_err("sm_100")
        .to_string();
    assert!(
        m.contains("sm_2") && m.contains("100") && m.contains("-arch=sm_52"),
        "{m}"
    );
    // An AMDGPU code object is not a cubin.
    let obj = std::fs::read(root().join("tests/data/vega-small.o")).expect("object");
    let m = arch(&obj).expect_err("not a cubin").to_string();
    assert!(
        m.contains("AMDGPU code object") && m.contains("--isa vega"),
        "{m}"
    );
}

/// copy_u32.sm_52.cubin with the first occurrence of `record` (a `.nv.info.copy_u32`
/// record header) rewritten as `with`.
fn patched(record: &[u8], with: &[u8]) -> Vec<u8> {
    let mut b = std::fs::read(root().join("tests/cubins/copy_u32.sm_52.cubin")).expect("cubin");
    let at = b
        .windows(record.len())
        .position(|w| w == record)
        .expect("the record");
    b[at..at + with.len()].copy_from_slice(with);
    b
}

/// A malformed `.nv.info` record is an error naming the section, the record's offset
/// and its attribute, never a silent fallback.
#[test]
fn corrupt_nv_info_names_the_attribute() {
    let cases: [(&[u8], &[u8], &str, &str); 5] = [
        // EIATTR_KPARAM_INFO with an 11-byte payload.
        (
            b"\x04\x17\x0c\x00",
            b"\x04\x17\x0b\x00",
            "EIATTR_KPARAM_INFO",
            "11 bytes",
        ),
        // EIATTR_EXIT_INSTR_OFFSETS declaring more than the section holds.
        (
            b"\x04\x1c\x08\x00",
            b"\x04\x1c\x20\x00",
            "EIATTR_EXIT_INSTR_OFFSETS",
            "runs out of data",
        ),
        // EIATTR_CBANK_PARAM_SIZE in an unknown format.
        (
            b"\x03\x19\x14\x00",
            b"\x07\x19\x14\x00",
            "EIATTR_CBANK_PARAM_SIZE",
            "format byte 0x07",
        ),
        // A parameter block of 16 bytes: parameter 2 (4 bytes at 0x10) lies beyond it.
        (
            b"\x03\x19\x14\x00",
            b"\x03\x19\x10\x00",
            "EIATTR_KPARAM_INFO",
            "parameter 2",
        ),
        // EIATTR_CBANK_PARAM_SIZE as a string value.
        (
            b"\x03\x19\x14\x00",
            b"\x04\x19\x00\x00",
            "EIATTR_CBANK_PARAM_SIZE",
            "not EIFMT_HVAL",
        ),
    ];
    for (record, with, attr, problem) in cases {
        let e = kernels(&patched(record, with)).expect_err(attr);
        assert!(matches!(e, CubinError::NvInfo { .. }), "{e:?}");
        let m = e.to_string();
        assert!(
            m.contains(".nv.info.copy_u32") && m.contains(attr) && m.contains(problem),
            "{m}"
        );
    }
}

/// Every prefix of a cubin and every byte of it overwritten: an error or the kernels,
/// never a panic; a cut file is reported as truncated.
#[test]
fn cut_and_mangled_cubins_never_panic() {
    let b = std::fs::read(root().join("tests/cubins/copy_u32.sm_52.cubin")).expect("cubin");
    for n in 0..b.len() {
        match kernels(&b[..n]) {
            Ok(_) => panic!("{n} bytes read as a cubin"),
            Err(e) if n >= 4 => assert!(e.to_string().contains("truncated"), "{n}: {e}"),
            Err(_) => {}
        }
    }
    for i in 0..b.len() {
        for v in [0x00, 0xff, b[i] ^ 0x80] {
            let mut m = b.clone();
            m[i] = v;
            if let Err(e) = kernels(&m) {
                assert!(!e.to_string().is_empty());
            }
        }
    }
}
