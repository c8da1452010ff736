//! Launch facts taken from the cubin (static shared memory, the parameter layout, the
//! register count) and the dumps of per-CTA state (shared, local, registers).

use crate::common::*;
use gpumem_run::FaultKind;
use gpumem_run::manifest::DumpOf;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The error of a manifest read as `m.toml`, positions rendered.
fn err_at(toml: &str) -> String {
    match any_str("m.toml", toml, &root()) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted:\n{toml}"),
    }
}

const REDUCE: &str = "isa = \"maxwell\"\nprogram = \"tests/cubins/reduce_shared.sm_50.cubin\"\n";

fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap())
}

#[test]
fn static_shared_memory_comes_from_the_cubin_and_dumps_show_it() {
    let r = maxwell_file(&root().join("examples/maxwell/reduce.toml")).unwrap();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let shared = &r.dumps[1];
    assert_eq!(
        (shared.of, shared.cta, shared.thread),
        (DumpOf::Memory(gpumem_isa::Space::Shared), Some(1), None)
    );
    assert_eq!(word(&shared.bytes, 0), 12254);
    let regs = &r.dumps[2];
    assert_eq!(regs.of, DumpOf::Registers);
    assert_eq!(regs.bytes.len(), 4 * r.registers as usize);
    // Thread 0 of CTA 1 read in[256] = 257 and ends holding its CTA's sum somewhere.
    let words: Vec<u32> = (0..r.registers as usize)
        .map(|i| word(&regs.bytes, i))
        .collect();
    assert!(words.contains(&12254), "{words:?}");
    let j = r.to_json();
    assert_eq!(j["dumps"][1]["space"], "shared");
    assert_eq!(j["dumps"][1]["cta"], 1);
    assert_eq!(j["dumps"][2]["space"], "registers");
    assert_eq!(j["dumps"][2]["thread"], 0);
    let text = r.to_string();
    assert!(
        text.contains("dump shared of CTA 1 at 0x0 (16 bytes):"),
        "{text}"
    );
    assert!(
        text.contains("dump registers of CTA 1 thread 0 (R0 to R"),
        "{text}"
    );
    // The dynamic part adds to the static part: the whole allocation is dumped.
    let m = format!(
        "{REDUCE}[launch]\nblock = [256]\nshared_bytes = 64\nparams = [{{ u64 = 0 }}, {{ u64 = 0 }}, {{ u32 = 0 }}]\n[[dump]]\nspace = \"shared\"\n"
    );
    let r = maxwell_str(&m, &root()).unwrap();
    assert_eq!(r.dumps[0].bytes.len(), 1024 + 64);
}

#[test]
fn per_cta_dumps_are_checked_against_the_launch() {
    let m = |dump: &str| {
        format!(
            "{REDUCE}[launch]\ngrid = [2]\nblock = [256]\nparams = [{{ u64 = 0 }}, {{ u64 = 0 }}, {{ u32 = 0 }}]\n[[dump]]\n{dump}"
        )
    };
    for (dump, want, at) in [
        (
            "space = \"shared\"\ncta = 2\n",
            "cta = 2: the launch has 2 CTAs (0 to 1)",
            "m.toml:9:7:",
        ),
        (
            "space = \"registers\"\nthread = 256\n",
            "thread = 256: the launch has 256 threads per CTA (0 to 255)",
            "m.toml:9:10:",
        ),
        (
            "space = \"registers\"\n",
            "this dump needs `thread` (0 to 255)",
            "m.toml:8:9:",
        ),
        (
            "space = \"registers\"\nthread = 1\nsize = 4\n",
            "`size` is not for register dumps",
            "m.toml:10:8:",
        ),
        (
            "space = \"shared\"\naddress = 1000\nsize = 32\n",
            "32 bytes at 0x3e8 pass the shared allocation (1024 bytes per CTA)",
            "m.toml:10:8:",
        ),
        (
            "space = \"local\"\nthread = 0\nsize = 4\n",
            "4 bytes at 0x0 pass the local allocation (0 bytes per thread)",
            "m.toml:10:8:",
        ),
        (
            "space = \"shared\"\nthread = 3\n",
            "`thread` is not for shared dumps",
            "m.toml:9:10:",
        ),
        (
            "space = \"global\"\ncta = 1\naddress = 0\nsize = 4\n",
            "`cta` is not for global dumps",
            "m.toml:9:7:",
        ),
        (
            "space = \"global\"\nsize = 4\n",
            "a global dump needs `address`",
            "m.toml:8:9:",
        ),
        (
            "space = \"texture\"\n",
            "expected \"global\" or \"constant\" or \"shared\" or \"local\" or \"registers\"",
            "m.toml:8:9:",
        ),
    ] {
        let e = err_at(&m(dump));
        assert!(e.contains(want), "{dump}: {e}");
        assert!(e.starts_with(at), "{dump}: {e}");
    }
}

#[test]
fn parameters_take_the_cubins_offsets_and_sizes() {
    let m = |params: &str| format!("{REDUCE}[launch]\nblock = [256]\nparams = [{params}]\n");
    let e = err_at(&m("{ u64 = 0 }, { u32 = 0 }, { u32 = 0 }"));
    assert!(
        e.contains("parameter 2 of the kernel is 8 bytes at c[0x0][0x148]; this value is 4 bytes"),
        "{e}"
    );
    assert!(e.starts_with("m.toml:5:"), "{e}");
    let e = err_at(&m("{ u64 = 0 }, { u64 = 0 }, { u32 = 0 }, { u32 = 1 }"));
    assert!(
        e.contains("the kernel takes 3 parameters (bytes: 8, 8, 4); this is parameter 4"),
        "{e}"
    );
    let e = err_at(&m("{ u64 = 0 }"));
    assert!(
        e.contains("the kernel takes 3 parameters (bytes: 8, 8, 4), the manifest gives 1"),
        "{e}"
    );
    // A text program has no layout: natural alignment, as before.
    let dir = std::env::temp_dir().join(format!("gpumem-run-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("p.sass"), "MOV R0, c[0x0][0x148] ;\nEXIT ;\n").unwrap();
    let r = maxwell_str(
        "isa = \"maxwell\"\nprogram = \"p.sass\"\n[launch]\nblock = [1]\nregisters = 4\nparams = [{ u32 = 1 }, { u64 = 7 }]\n[[dump]]\nspace = \"registers\"\nthread = 0\n",
        &dir,
    )
    .unwrap();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(word(&r.dumps[0].bytes, 0), 7);
}

#[test]
fn local_dumps_read_one_threads_allocation() {
    let dir = std::env::temp_dir().join(format!("gpumem-run-local-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Each thread stores (tid + 100) at local offset 4.
    std::fs::write(
        dir.join("l.sass"),
        "S2R R0, SR_TID.X ;\nIADD32I R0, R0, 0x64 ;\nSTL [RZ+0x4], R0 ;\nEXIT ;\n",
    )
    .unwrap();
    let r = maxwell_str(
        "isa = \"maxwell\"\nprogram = \"l.sass\"\n[launch]\ngrid = [2]\nblock = [40]\nlocal_bytes = 8\n[[dump]]\nspace = \"local\"\ncta = 1\nthread = 37\n[[dump]]\nspace = \"registers\"\ncta = 1\nthread = 37\n",
        &dir,
    )
    .unwrap();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.dumps[0].bytes, [0, 0, 0, 0, 137, 0, 0, 0]);
    // Text programs default to 255 registers.
    assert_eq!(r.dumps[1].bytes.len(), 4 * 255);
    assert_eq!(word(&r.dumps[1].bytes, 0), 137);
    assert!(
        r.to_string()
            .contains("dump local of CTA 1 thread 37 at 0x0 (8 bytes):")
    );
}

#[test]
fn registers_at_or_above_the_count_fault() {
    let dir = std::env::temp_dir().join(format!("gpumem-run-regs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("r.sass"),
        "MOV32I R7, 0x1 ;\nLDG.E R2, [R8+0x10] ;\nMOV32I R8, 0x2 ;\nEXIT ;\n",
    )
    .unwrap();
    let m = |regs: u32| {
        format!(
            "isa = \"maxwell\"\nprogram = \"r.sass\"\n[launch]\nblock = [32]\nregisters = {regs}\n"
        )
    };
    // With 8 registers R8 is out of range; LDG's `Ra` = R8 is not (it addresses
    // absolutely, per the seed pages), so the fault is at the MOV32I.
    let r = maxwell_str(&m(8), &dir).unwrap();
    assert_eq!(r.faults.len(), 1, "{:?}", r.faults);
    let f = &r.faults[0];
    assert_eq!((f.kind, f.pc), (FaultKind::RegisterOutOfRange, 0x18));
    assert!(
        f.message
            .contains("R8 is not one of the kernel's 8 registers (R0 to R7)"),
        "{}",
        f.message
    );
    assert_eq!(r.to_json()["faults"][0]["kind"], "register_out_of_range");
    // With 9 it runs clean.
    let r = maxwell_str(&m(9), &dir).unwrap();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
}
