//! A manifest whose program is an nvcc fat binary runs the entry the device layer picks.

use crate::common::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn manifest(program: &str, target: &str) -> String {
    format!(
        "isa = \"maxwell\"\nprogram = \"crates/gpumem-device/tests/data/{program}\"\n{target}kernel = \"copy_u32\"\n\n[launch]\ngrid = [2]\nblock = [12]\nparams = [{{ u64 = \"0x200000\" }}, {{ u64 = \"0x100000\" }}, {{ u32 = 16 }}]\n\n[[memory]]\naddress = \"0x100000\"\ninit = {{ u32 = [{}] }}\n\n[[memory]]\naddress = \"0x200000\"\nsize = 64\n\n[[dump]]\nspace = \"global\"\naddress = \"0x200000\"\nsize = 64\n",
        (0..16)
            .map(|i| (i * 3).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

#[test]
fn a_fatbin_program_runs_its_sass_entry() {
    for (f, t, sm) in [
        ("copy_u32.multi.fatbin", "", "sm_52"),
        ("copy_u32.multi.fatbin", "target = \"sm_50\"\n", "sm_50"),
        ("copy_u32.compressed.fatbin", "", "sm_52"),
    ] {
        let r = maxwell_str(&manifest(f, t), &root()).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(r.faults.is_empty(), "{:?}", r.faults);
        assert_eq!(r.target, sm);
        let words: Vec<u32> = r.dumps[0]
            .bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(words, (0..16).map(|i| i * 3).collect::<Vec<u32>>());
    }
}

#[test]
fn a_ptx_only_fatbin_says_to_compile_for_sm_52() {
    let e = maxwell_str(&manifest("copy_u32.ptx_only.fatbin", ""), &root()).unwrap_err();
    let t = e.to_string();
    assert!(
        t.contains("copy_u32.ptx_only.fatbin") && t.contains("-arch=sm_52"),
        "{t}"
    );
}
