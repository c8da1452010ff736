//! Manifests and reports: the built-in example, the example manifests, and clear
//! errors for bad input.

use gpumem_run::{EmuError, FaultKind, builtin_example, run_manifest_file, run_manifest_str};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn builtin_example_runs() {
    let r = builtin_example();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let d = &r.dumps[0].bytes;
    let w = |i: usize| u32::from_le_bytes(d[4 * i..4 * i + 4].try_into().unwrap());
    // Lane 0: c[3][0xffc0] + broadcast of lane 1's value (0x301).
    assert_eq!(w(0), 0x300 + 0x301);
    // Lane 16 crossed into bank 4 (IL).
    assert_eq!(w(32), 0x400 + 0x301);
    let j = r.to_json();
    let per = j["stats"]["per_instruction"].as_array().unwrap();
    let sts = per
        .iter()
        .find(|s| s["text"].as_str().unwrap().starts_with("STS"))
        .unwrap();
    assert_eq!(sts["bank_conflict_degree"], 8);
    let lds = per
        .iter()
        .find(|s| s["text"].as_str().unwrap().starts_with("LDS R7"))
        .unwrap();
    assert_eq!(lds["bank_conflict_degree"], 1);
    let text = r.to_string();
    assert!(text.contains("STS [R5], R4"), "{text}");
}

#[test]
fn example_copy_manifest_runs() {
    let r = run_manifest_file(&root().join("examples/maxwell/copy_u32.toml")).unwrap();
    assert!(r.faults.is_empty());
    let d = &r.dumps[0].bytes;
    assert_eq!(&d[..64], (0..64).collect::<Vec<u8>>().as_slice());
    assert!(d[64..].iter().all(|&b| b == 0xab));
    let j = r.to_json();
    assert_eq!(j["dumps"][0]["hex"].as_str().unwrap().len(), 160);
    assert_eq!(j["faults"].as_array().unwrap().len(), 0);
}

#[test]
fn example_reduce_manifest_runs() {
    let r = run_manifest_file(&root().join("examples/maxwell/reduce.toml")).unwrap();
    assert!(r.faults.is_empty());
    assert_eq!(
        r.dumps[0].bytes,
        [32896u32.to_le_bytes(), 12254u32.to_le_bytes()].concat()
    );
}

fn err(toml: &str) -> String {
    match run_manifest_str(toml, &root()) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted:\n{toml}"),
    }
}

const BASE: &str = "isa = \"maxwell\"\nprogram = \"tests/cubins/copy_u32.sm_50.cubin\"\n";

#[test]
fn unknown_keys_are_errors() {
    assert!(err(&format!("{BASE}colour = 1\n[launch]\nblock = [32]\n")).contains("colour"));
    assert!(err(&format!("{BASE}[launch]\nblock = [32]\nthreads = 4\n")).contains("threads"));
    assert!(
        err(&format!(
            "{BASE}[launch]\nblock = [32]\n[[memory]]\naddress = 0\ninit = {{ u33 = [1] }}\n"
        ))
        .contains("u33")
    );
    assert!(
        err(&format!(
            "{BASE}[launch]\nblock = [32]\nparams = [{{ u128 = 1 }}]\n"
        ))
        .contains("u128")
    );
}

#[test]
fn bad_isa_and_missing_files_are_errors() {
    assert!(err("isa = \"volta\"\nprogram = \"x\"\n").contains("volta"));
    // A Vega manifest has no Maxwell `[launch]` table.
    assert!(err("isa = \"vega\"\nprogram = \"x\"\n[launch]\nblock = [1]\n").contains("launch"));
    let e = err("isa = \"maxwell\"\nprogram = \"nope.sass\"\n[launch]\nblock = [1]\n");
    assert!(e.contains("nope.sass"), "{e}");
    let e = err(&format!(
        "{BASE}kernel = \"other\"\n[launch]\nblock = [1]\n"
    ));
    assert!(e.contains("no kernel `other`"), "{e}");
}

#[test]
fn bad_launch_shapes_are_errors() {
    assert!(err(&format!("{BASE}[launch]\nblock = [2048]\n")).contains("1024"));
    assert!(err(&format!("{BASE}[launch]\nblock = [0]\n")).contains("block"));
    assert!(err(&format!("{BASE}[launch]\nblock = [1, 1, 1, 1]\n")).contains("block"));
    assert!(
        err(&format!(
            "{BASE}[launch]\nblock = [1]\nshared_bytes = 999999999\n"
        ))
        .contains("16 MB")
    );
    assert!(
        err(&format!(
            "{BASE}[launch]\nblock = [1]\n[config]\nbank_limit = \"dx\"\n"
        ))
        .contains("bank_limit")
    );
}

#[test]
fn memory_is_bounded_by_the_limit() {
    let e = err(&format!(
        "{BASE}[launch]\nblock = [1]\n[[memory]]\naddress = 0\nsize = 100000\nfill = 1\n[limits]\nmax_memory = 4096\n"
    ));
    assert!(e.contains("max_memory"), "{e}");
    // A CTA whose local memory passes the limit: a fault, not an allocation.
    let r = run_manifest_str(
        &format!("{BASE}[launch]\nblock = [1024]\nlocal_bytes = 1000000\n[limits]\nmax_memory = 1000000\n"),
        &root(),
    )
    .unwrap();
    assert_eq!(r.faults[0].kind, FaultKind::MemoryLimit);
}

#[test]
fn typed_contents_and_strings() {
    let dir = std::env::temp_dir().join(format!("gpumem-emu-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("k.sass"), "EXIT ;\n").unwrap();
    let t = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n\
             [[memory]]\naddress = \"0x1000\"\ninit = { u64 = [\"0xffffffffffffffff\"] }\n\
             [[memory]]\naddress = 0x1008\ninit = { i16 = [-2] }\n\
             [[memory]]\naddress = 0x100a\ninit = { f32 = [1.5] }\n\
             [[constant]]\nbank = 5\noffset = 16\ninit = { u8 = [1, 2] }\n\
             [[dump]]\nspace = \"global\"\naddress = 0x1000\nsize = 14\n\
             [[dump]]\nspace = \"constant\"\nbank = 5\naddress = 16\nsize = 2\n";
    let r = run_manifest_str(t, &dir).unwrap();
    let mut want = vec![0xff; 8];
    want.extend_from_slice(&[0xfe, 0xff]);
    want.extend_from_slice(&1.5f32.to_le_bytes());
    assert_eq!(r.dumps[0].bytes, want);
    assert_eq!(r.dumps[1].bytes, [1, 2]);
    let j = r.to_json();
    assert_eq!(j["dumps"][1]["space"], "constant");
}

#[test]
fn bad_programs_are_errors_not_panics() {
    let dir = std::env::temp_dir().join(format!("gpumem-emu-badprog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.sass"), "FROB R1 ;\n").unwrap();
    std::fs::write(dir.join("odd.bin"), [1u8, 2, 3]).unwrap();
    let m = |p: &str| format!("isa = \"maxwell\"\nprogram = \"{p}\"\n[launch]\nblock = [1]\n");
    assert!(matches!(
        run_manifest_str(&m("bad.sass"), &dir),
        Err(EmuError::Program(_))
    ));
    assert!(matches!(
        run_manifest_str(&m("odd.bin"), &dir),
        Err(EmuError::Program(_))
    ));
    // Undecodable words run as far as they can: a fault.
    std::fs::write(dir.join("ones.bin"), [0xffu8; 32]).unwrap();
    let r = run_manifest_str(&m("ones.bin"), &dir).unwrap();
    assert!(
        r.faults
            .iter()
            .any(|f| f.kind == FaultKind::InvalidInstruction)
    );
}

#[test]
fn generic_window_bases_are_launch_keys() {
    let ok = format!(
        "{BASE}[launch]\nblock = [32]\nshared_window = 0x5000000\nlocal_window = 0x6000000\n"
    );
    assert!(run_manifest_str(&ok, &root()).is_ok());
    assert!(
        err(&format!(
            "{BASE}[launch]\nblock = [32]\nshared_window = 0x5000010\n"
        ))
        .contains("shared_window")
    );
    assert!(
        err(&format!(
            "{BASE}[launch]\nblock = [32]\nlocal_window = 0x1000000\n"
        ))
        .contains("must differ")
    );
}
