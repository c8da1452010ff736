//! Module variables of a cubin at launch: where the module data goes, the linked code
//! the report lists, `[[symbol]]` contents, `[[dump]] symbol`, and positioned errors.

use crate::common::*;
use gpumem_run::Report;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const FENCE: &str = "tests/cuda-samples/sm_50/threadFenceReduction__threadFenceReduction.cubin";
const SINGLE: &str = "_Z16reduceSinglePassILj128ELb1EEvPKfPfj";
const BINOMIAL: &str = "tests/cuda-samples/sm_52/binomialOptions__binomialOptions_kernel.cubin";

/// A single-pass reduction of 256 ones over 2 blocks of 128 threads; `extra` is appended.
fn fence(extra: &str) -> String {
    format!(
        "isa = \"maxwell\"\nprogram = \"{FENCE}\"\nkernel = \"{SINGLE}\"\n\n[launch]\ngrid = [2]\nblock = [128]\nshared_bytes = 512\nparams = [{{ u64 = \"0x100000\" }}, {{ u64 = \"0x200000\" }}, {{ u32 = 256 }}]\n\n[[memory]]\naddress = \"0x100000\"\ninit = {{ f32 = [{}] }}\n\n[[memory]]\naddress = \"0x200000\"\nsize = 8\n\n[[dump]]\nspace = \"global\"\naddress = \"0x200000\"\nsize = 4\n{extra}",
        vec!["1.0"; 256].join(", ")
    )
}

fn run(text: &str) -> Report {
    match maxwell_str(text, &root()) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

fn err(text: &str) -> String {
    match maxwell_str(text, &root()) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap())
}

/// The `MOV32I` immediates of the listing, in address order.
fn mov32i(r: &Report) -> Vec<String> {
    r.listing
        .iter()
        .filter(|(_, t)| t.contains("MOV32I"))
        .map(|(_, t)| t.clone())
        .collect()
}

#[test]
fn the_module_data_goes_above_the_regions_and_the_listing_shows_the_linked_code() {
    let r = run(&fence(
        "\n[[symbol]]\nname = \"retirementCount\"\ninit = { u32 = [0] }\n\n[[dump]]\nsymbol = \"retirementCount\"\n",
    ));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(
        f32::from_le_bytes(r.dumps[0].bytes[..4].try_into().unwrap()),
        256.0
    );
    // The counter is back to 0 (the last block resets it); it lives at the first 4 KiB
    // boundary above the highest region (0x200000 + 8).
    assert_eq!(r.dumps[1].bytes, 0u32.to_le_bytes());
    assert_eq!(r.dumps[1].address, 0x201000);
    // The linked MOV32Is carry the counter's address halves (ptxas left zeros).
    let movs = mov32i(&r);
    assert!(movs.iter().any(|t| t.ends_with(", 0x201000 ;")), "{movs:?}");
    assert!(
        movs.iter()
            .filter(|t| t.ends_with(", 0x0 ;") || t.ends_with(", 0x201000 ;"))
            .count()
            >= 4,
        "{movs:?}"
    );
}

#[test]
fn module_base_moves_the_data_and_may_not_overlap_a_region() {
    let text = fence("\n[[dump]]\nsymbol = \"retirementCount\"\n").replace(
        "shared_bytes = 512",
        "shared_bytes = 512\nmodule_base = \"0x1234500000\"",
    );
    let r = run(&text);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.dumps[1].address, 0x12_3450_0000);
    let movs = mov32i(&r);
    assert!(
        movs.iter().any(|t| t.ends_with(", 0x34500000 ;")),
        "{movs:?}"
    );
    assert!(movs.iter().any(|t| t.ends_with(", 0x12 ;")), "{movs:?}");
    let e = err(&fence("").replace(
        "shared_bytes = 512",
        "shared_bytes = 512\nmodule_base = \"0x100100\"",
    ));
    assert!(
        e.contains("overlaps the [[memory]] region at 0x100000..0x100400") && e.contains(":9:15"),
        "{e}"
    );
}

#[test]
fn a_counter_left_nonzero_changes_the_outcome() {
    // retirementCount starts at 1 (not reset, as the sample does before each launch):
    // the first block to take a ticket gets 1 = gridDim.x - 1, believes it is last and
    // resets the counter to 0; the other block then takes ticket 0 and leaves the
    // counter at 1 (a correct launch leaves 0).
    let r = run(&fence(
        "\n[[symbol]]\nname = \"retirementCount\"\ninit = { u32 = [1] }\n\n[[dump]]\nsymbol = \"retirementCount\"\n",
    ));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(u32_at(&r.dumps[1].bytes, 0), 1);
}

#[test]
fn constant_symbols_are_written_and_read_by_name() {
    let text = format!(
        "isa = \"maxwell\"\nprogram = \"{BINOMIAL}\"\n\n[launch]\ngrid = [1]\nblock = [128]\n\n[[symbol]]\nname = \"d_OptionData\"\noffset = 20\ninit = {{ f32 = [10.0, 10.0, 0.0, 0.5, 0.5] }}\n\n[[dump]]\nsymbol = \"d_OptionData\"\naddress = 16\nsize = 12\n\n[[dump]]\nsymbol = \"d_CallValue\"\nsize = 8\n"
    );
    let r = run(&text);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    // c[0x3][16..28]: option 0's pdByDf (0) and option 1's S and X.
    assert_eq!(r.dumps[0].bank, Some(3));
    assert_eq!(r.dumps[0].address, 16);
    let f: Vec<f32> = r.dumps[0]
        .bytes
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(f, [0.0, 10.0, 10.0]);
    // Block 0 priced option 0 (all zeros: S = X = 0): its call value is 0.
    assert_eq!(r.dumps[1].bytes, [0u8; 8]);
    // Each symbol dump is named after its symbol, in text and JSON.
    let out = r.to_string();
    assert!(
        out.contains("\ndump symbol d_OptionData (constant c[0x3][0x10], 12 bytes):"),
        "{out}"
    );
    assert!(
        out.contains("\ndump symbol d_CallValue (global 0x"),
        "{out}"
    );
    let j = r.to_json();
    assert_eq!(j["dumps"][0]["symbol"], "d_OptionData");
    assert_eq!(j["dumps"][1]["symbol"], "d_CallValue");
    // The manifest names no kernel: the cubin's only one is named in the header and JSON.
    let k = j["kernel"].as_str().expect("the kernel run is named");
    assert!(k.contains("binomialOptions"), "{k}");
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains(&format!(", kernel {k})")),
        "{out}"
    );
}

#[test]
fn symbol_errors_are_positioned() {
    let e = err(&fence(
        "\n[[symbol]]\nname = \"retirementCounter\"\ninit = { u32 = [0] }\n",
    ));
    assert!(
        e.contains("no symbol `retirementCounter`")
            && e.contains("retirementCount")
            && e.contains(":25:8"),
        "{e}"
    );
    let e = err(&fence(
        "\n[[symbol]]\nname = \"retirementCount\"\ninit = { u32 = [0, 0] }\n",
    ));
    assert!(
        e.contains("8 bytes at offset 0 pass `retirementCount` (4 bytes)"),
        "{e}"
    );
    let e = err(&fence(
        "\n[[symbol]]\nname = \"retirementCount\"\noffset = 2\ninit = { u16 = [0, 0] }\n",
    ));
    assert!(e.contains(":26:10") && e.contains("at offset 2"), "{e}");
    let e = err(&fence(
        "\n[[dump]]\nsymbol = \"retirementCount\"\nsize = 8\n",
    ));
    assert!(
        e.contains("the dump of 8 bytes") && e.contains(":26:8"),
        "{e}"
    );
    let e = err(&fence(
        "\n[[dump]]\nspace = \"global\"\nsymbol = \"retirementCount\"\n",
    ));
    assert!(e.contains("takes no `space`"), "{e}");
    let e = err(&fence(
        "\n[[dump]]\nsymbol = \"_Z15reduceMultiPassILj1ELb0EEvPKfPfj\"\n",
    ));
    assert!(e.contains("is a function"), "{e}");
    let e = err(&fence("\n[[dump]]\naddress = 0\nsize = 4\n"));
    assert!(e.contains("needs `space`"), "{e}");
    // Not a cubin.
    let e = err(
        "isa = \"maxwell\"\nprogram = \"examples/maxwell/missing-wait.sass\"\n[launch]\nblock = [1]\n[[symbol]]\nname = \"x\"\ninit = { u8 = [1] }\n",
    );
    assert!(e.contains("not a cubin") && e.contains(":6:8"), "{e}");
}

#[test]
fn kernels_that_call_other_functions_are_refused_with_the_relocation() {
    let e = err(
        "isa = \"maxwell\"\nprogram = \"tests/cuda-samples/sm_50/EGLStream_CUDA_CrossGPU__kernel.cubin\"\nkernel = \"_Z18testKernelProducerPcccci\"\n[launch]\nblock = [1]\n",
    );
    assert!(
        e.contains("cannot link kernel `_Z18testKernelProducerPcccci`")
            && e.contains("R_CUDA_ABS32_20 against `vprintf`")
            && e.contains("does not define it"),
        "{e}"
    );
}

#[test]
fn data_pointing_at_functions_is_left_out_until_named() {
    // simpleSeparateCompilation's .nv.global.init holds two function pointers
    // (R_CUDA_32 against functions another cubin defines). The kernel's code does not
    // refer to them, so it runs without them ...
    let base = "isa = \"maxwell\"\nprogram = \"tests/cuda-samples/sm_52/simpleSeparateCompilation__simpleSeparateCompilation.cubin\"\n[launch]\nblock = [1]\nparams = [{ u64 = \"0x100000\" }, { u64 = \"0x0\" }, { u32 = 0 }]\n";
    let r = run(base);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    // ... and naming one of the pointers is an error that says why.
    let e = err(&format!("{base}[[dump]]\nsymbol = \"dMultiplyByTwoPtr\"\n"));
    assert!(
        e.contains("cannot place the module's data")
            && e.contains("R_CUDA_32 against `_Z13multiplyByTwof`"),
        "{e}"
    );
}
