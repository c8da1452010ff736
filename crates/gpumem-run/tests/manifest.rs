//! Manifests and reports: the built-in example, the example manifests, and clear
//! errors for bad input.

use crate::common::*;
use gpumem_run::{FaultKind, RunError};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn builtin_example_runs() {
    let r = builtin();
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
    let r = maxwell_file(&root().join("examples/maxwell/copy_u32.toml")).unwrap();
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
    let r = maxwell_file(&root().join("examples/maxwell/reduce.toml")).unwrap();
    assert!(r.faults.is_empty());
    assert_eq!(
        r.dumps[0].bytes,
        [32896u32.to_le_bytes(), 12254u32.to_le_bytes()].concat()
    );
}

fn err(toml: &str) -> String {
    match maxwell_str(toml, &root()) {
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
    let r = maxwell_str(
        &format!("{BASE}[launch]\nblock = [1024]\nlocal_bytes = 1000000\n[limits]\nmax_memory = 1000000\n"),
        &root(),
    )
    .unwrap();
    assert_eq!(r.faults[0].kind, FaultKind::MemoryLimit);
}

#[test]
fn typed_contents_and_strings() {
    let dir = std::env::temp_dir().join(format!("gpumem-run-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("k.sass"), "EXIT ;\n").unwrap();
    let t = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n\
             [[memory]]\naddress = \"0x1000\"\ninit = { u64 = [\"0xffffffffffffffff\"] }\n\
             [[memory]]\naddress = 0x1008\ninit = { i16 = [-2] }\n\
             [[memory]]\naddress = 0x100a\ninit = { f32 = [1.5] }\n\
             [[constant]]\nbank = 5\noffset = 16\ninit = { u8 = [1, 2] }\n\
             [[dump]]\nspace = \"global\"\naddress = 0x1000\nsize = 14\n\
             [[dump]]\nspace = \"constant\"\nbank = 5\naddress = 16\nsize = 2\n";
    let r = maxwell_str(t, &dir).unwrap();
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
    let dir = std::env::temp_dir().join(format!("gpumem-run-badprog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.sass"), "FROB R1 ;\n").unwrap();
    std::fs::write(dir.join("odd.bin"), [1u8, 2, 3]).unwrap();
    let m = |p: &str| format!("isa = \"maxwell\"\nprogram = \"{p}\"\n[launch]\nblock = [1]\n");
    match maxwell_str(&m("bad.sass"), &dir) {
        Err(RunError::Program(e)) => {
            // The assembler's diagnostics name the program file.
            assert!(e.contains("bad.sass:1:1: error"), "{e}");
        }
        other => panic!("{:?}", other.err()),
    }
    assert!(matches!(
        maxwell_str(&m("odd.bin"), &dir),
        Err(RunError::Program(_))
    ));
    // Undecodable words run as far as they can: a fault.
    std::fs::write(dir.join("ones.bin"), [0xffu8; 32]).unwrap();
    let r = maxwell_str(&m("ones.bin"), &dir).unwrap();
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
    assert!(maxwell_str(&ok, &root()).is_ok());
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

/// The error of a manifest read as a file named `m.toml` (positions rendered).
fn err_at(toml: &str) -> String {
    match any_str("m.toml", toml, &root()) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted:\n{toml}"),
    }
}

#[test]
fn values_that_do_not_fit_their_type_are_positioned_errors() {
    let mem = |init: &str| {
        format!("{BASE}[launch]\nblock = [1]\n[[memory]]\naddress = 0\ninit = {{ {init} }}\n")
    };
    for (init, what) in [
        ("u8 = [256, 1]", "256 does not fit u8 (0 to 255)"),
        ("i8 = [-129]", "-129 does not fit i8 (-128 to 127)"),
        ("u16 = [70000]", "70000 does not fit u16"),
        ("u32 = [4294967296]", "4294967296 does not fit u32"),
        ("u8 = [-1]", "-1 does not fit u8"),
        ("i64 = [\"0xffffffffffffffff\"]", "does not fit i64"),
        ("f32 = [1e39]", "does not fit f32"),
    ] {
        let e = err_at(&mem(init));
        assert!(e.contains(what), "{init}: {e}");
        assert!(e.starts_with("m.toml:7:"), "{init}: {e}");
        assert!(e.contains('^'), "{e}");
    }
    // The edges still fit.
    let ok = mem("u8 = [255, 0]");
    assert!(maxwell_str(&ok, &root()).is_ok());
    let ok = mem("i8 = [-128, 127]");
    assert!(maxwell_str(&ok, &root()).is_ok());
    let params =
        format!("{BASE}[launch]\nblock = [1]\nparams = [{{ u32 = 4294967297 }}, {{ u8 = 300 }}]\n");
    let e = err_at(&params);
    assert!(
        e.contains("m.toml:5:19: error: 4294967297 does not fit u32"),
        "{e}"
    );
    let params = format!("{BASE}[launch]\nblock = [1]\nparams = [{{ u32 = 1 }}, {{ u8 = 300 }}]\n");
    assert!(err_at(&params).contains("300 does not fit u8"));
}

#[test]
fn schema_errors_have_line_and_column() {
    let e = err_at(&format!("{BASE}colour = 1\n[launch]\nblock = [32]\n"));
    assert!(
        e.starts_with("m.toml:3:1: error: unknown field `colour`"),
        "{e}"
    );
    let e = err_at(&format!("{BASE}[launch]\nblock = [32]\ngrid = [-1]\n"));
    assert!(e.starts_with("m.toml:5:9: error:"), "{e}");
    assert!(e.contains("5 | grid = [-1]"), "{e}");
    // The Vega sections: unknown keys and values of the wrong type at their key.
    for (table, want) in [
        (
            "[wave]\ncont = 1\n",
            "m.toml:4:1: error: unknown field `cont`",
        ),
        (
            "[scalar_cache]\nsize = 4096\nassoc = 2\n",
            "m.toml:5:1: error: unknown field `assoc`",
        ),
        (
            "[limits]\nsteps = 1\n",
            "m.toml:4:1: error: unknown field `steps`",
        ),
        (
            "[scalar_cache]\nsharing = \"private\"\n",
            "m.toml:4:11: error: unknown variant `private`, expected `shared` or `per-wave`",
        ),
        (
            "[wave]\nclock_mhz = \"fast\"\n",
            "m.toml:4:13: error: invalid type",
        ),
    ] {
        let e = err_at(&format!("isa = \"vega\"\nprogram = \"x.s\"\n{table}"));
        assert!(e.starts_with(want), "{table}: {e}");
    }
    let e = err_at("isa = \"volta\"\nprogram = \"x\"\n");
    assert!(
        e.starts_with("m.toml:1:7: error: unknown isa `volta`"),
        "{e}"
    );
}

#[test]
fn sizes_and_ranges_are_checked() {
    let region = |body: &str| format!("{BASE}[launch]\nblock = [1]\n{body}");
    let e = err_at(&region("[[memory]]\naddress = 0x1000\nsize = -1\n"));
    assert!(e.contains("size = -1 is out of range"), "{e}");
    assert!(!e.contains("18446744073709551615"), "{e}");
    let e = err_at(&region(
        "[[memory]]\naddress = \"0xfffffffffffffff0\"\nsize = 64\n",
    ));
    assert!(
        e.contains("run past the end of the 64-bit address space"),
        "{e}"
    );
    let e = err_at(&region(
        "[[dump]]\nspace = \"global\"\naddress = \"0xfffffffffffffff0\"\nsize = 64\n",
    ));
    assert!(
        e.contains("run past the end of the 64-bit address space"),
        "{e}"
    );
    let e = err_at(&region(
        "[[dump]]\nspace = \"constant\"\nbank = 40\naddress = 0\nsize = 4\n",
    ));
    assert!(e.contains("bank = 40: constant banks are 0 to 31"), "{e}");
    let e = err_at(&region(
        "[[dump]]\nspace = \"constant\"\nbank = 3\naddress = 0xfff0\nsize = 32\n",
    ));
    assert!(e.contains("runs past the bank's 64 KiB"), "{e}");
    let e = err_at(&region(
        "[[dump]]\nspace = \"global\"\nbank = 3\naddress = 0\nsize = 4\n",
    ));
    assert!(e.contains("`bank` is only for constant dumps"), "{e}");
    // Overlapping regions are an error at the second one; touching ones are fine.
    let e = err_at(&region(
        "[[memory]]\naddress = 0x1000\nsize = 16\n[[memory]]\naddress = 0x1008\nsize = 16\n",
    ));
    assert!(
        e.contains("overlaps the [[memory]] region at 0x1000..0x1010"),
        "{e}"
    );
    assert!(e.starts_with("m.toml:9:11:"), "{e}");
    let ok = region(
        "[[memory]]\naddress = 0x1000\nsize = 16\n[[memory]]\naddress = 0x1010\nsize = 16\n",
    );
    assert!(maxwell_str(&ok, &root()).is_ok());
    let e = err_at(&region("[[memory]]\naddress = 0\nfill = 300\nsize = 4\n"));
    assert!(e.contains("fill = 300 is not a byte"), "{e}");
}

#[test]
fn endless_files_are_bounded_reads() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let e = err_at(&format!(
        "{BASE}[launch]\nblock = [1]\n[[memory]]\naddress = 0\nfile = \"/dev/zero\"\n[limits]\nmax_memory = 4096\n"
    ));
    assert!(e.contains("/dev/zero: the region's file"), "{e}");
    assert!(e.contains("larger than 4096 bytes"), "{e}");
}

#[test]
fn faults_are_grouped_in_text_and_kept_lane_by_lane_in_json() {
    let dir = std::env::temp_dir().join(format!("gpumem-faults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Every lane stores to a misaligned address: 32 faults of one instruction.
    std::fs::write(
        dir.join("k.sass"),
        "S2R R0, SR_TID.X ;\nSHL R2, R0, 0x3 ;\nIADD32I R2, R2, 0x1001 ;\nSTG [R2], R0 ;\nEXIT ;\n",
    )
    .unwrap();
    let t = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [32]\n\
             [[dump]]\nspace = \"global\"\naddress = 0x1000\nsize = 256\nfile = \"out.bin\"\n";
    let r = maxwell_str(t, &dir).unwrap();
    assert_eq!(r.faults.len(), 32);
    let text = r.to_string();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("misaligned_address"))
        .collect();
    assert_eq!(lines.len(), 2, "one group line and the totals: {text}");
    assert!(lines[0].contains("x32 lanes 0xffffffff cta 0"), "{text}");
    assert!(lines[1].contains("total: misaligned_address 32"), "{text}");
    let j = r.to_json();
    assert_eq!(j["faults"].as_array().unwrap().len(), 32);
    assert_eq!(j["faults"][31]["lane"], 31);
    // `file =` on a [[dump]] saves the bytes too.
    let saved = std::fs::read(dir.join("out.bin")).unwrap();
    assert_eq!(saved, r.dumps[0].bytes);
    assert_eq!(saved.len(), 256);
}

#[test]
fn vega_source_programs_report_their_lint_warnings_and_listing() {
    let dir = std::env::temp_dir().join(format!("gpumem-run-vlint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("w.s"), "s_store_dword s1, s[2:3], s4\ns_endpgm\n").unwrap();
    let r = any_str("m.toml", "isa = \"vega\"\nprogram = \"w.s\"\n", &dir).unwrap();
    let j = r.to_json();
    let w = j["warnings"].as_array().unwrap();
    assert_eq!(w.len(), 1, "{j}");
    assert!(
        w[0].as_str()
            .unwrap()
            .contains("only an immediate or M0 offset")
    );
    assert!(
        r.listing().contains("0x0000  s_store_dword s1, s[2:3], s4"),
        "{}",
        r.listing()
    );
}

/// `[config] check_bounds`: the off-by-one store of examples/maxwell/out-of-bounds.*
/// (lane 31 writes the word after the declared region) is an `out_of_bounds` fault in
/// "warn" (the store happens) and "fault" (it does not) and nothing when "off".
#[test]
fn check_bounds_reports_accesses_outside_the_declared_regions() {
    let path = root().join("examples/maxwell/out-of-bounds.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let dir = root().join("examples/maxwell");
    let run = |mode: &str| {
        let t = text.replace(
            "check_bounds = \"warn\"",
            &format!("check_bounds = \"{mode}\""),
        );
        maxwell_str(&t, &dir).unwrap()
    };
    let last = |r: &gpumem_run::Report| {
        let d = &r.dumps[0].bytes;
        u32::from_le_bytes(d[128..132].try_into().unwrap())
    };
    let warn = run("warn");
    assert_eq!(warn.faults.len(), 1, "{:?}", warn.faults);
    let f = &warn.faults[0];
    assert_eq!(
        (f.kind, f.lane, f.address),
        (FaultKind::OutOfBounds, Some(31), Some(0x100080))
    );
    assert!(f.message.contains("performed"), "{}", f.message);
    assert!(
        f.message.contains(
            "the address is 0 bytes after the end of [[memory]] region 0 (0x100000..0x100080, 128 bytes)"
        ),
        "the nearest region is named: {}",
        f.message
    );
    assert_eq!(last(&warn), 31, "warn lets the store happen");
    let fault = run("fault");
    assert_eq!(fault.faults.len(), 1);
    assert_eq!(fault.faults[0].kind, FaultKind::OutOfBounds);
    assert_eq!(last(&fault), 0, "fault drops the store");
    let off = run("off");
    assert!(off.faults.is_empty());
    assert_eq!(last(&off), 31);
    // The spelling: `true` is "fault", `false` "off".
    let switch = |on: bool| {
        let t = text.replace("check_bounds = \"warn\"", &format!("check_bounds = {on}"));
        maxwell_str(&t, &dir).unwrap()
    };
    let on = switch(true);
    assert_eq!(on.faults.len(), 1, "{:?}", on.faults);
    assert_eq!(on.faults[0].kind, FaultKind::OutOfBounds);
    assert_eq!(last(&on), 0, "true drops the store like \"fault\"");
    let no = switch(false);
    assert!(no.faults.is_empty());
    assert_eq!(last(&no), 31);
    // Inside the region every lane is fine: lanes 0..30 stored without a fault.
    assert_eq!(&warn.dumps[0].bytes[4..8], &0u32.to_le_bytes());
    let e = err(&format!(
        "{BASE}[launch]\nblock = [1]\n[config]\ncheck_bounds = \"yes\"\n"
    ));
    assert!(
        e.contains("check_bounds = \"yes\"") && e.contains("\"warn\""),
        "{e}"
    );
    // Neither a switch nor a name: the key's line.
    let e = err(&format!(
        "{BASE}[launch]\nblock = [1]\n[config]\ncheck_bounds = 3\n"
    ));
    assert!(e.contains("check_bounds"), "{e}");
}

/// A folder holding `k.sass`: one thread stores 0x2a at 0x100000.
fn store_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpumem-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("k.sass"),
        "MOV32I R2, 0x100000 ;\nMOV32I R4, 0x2a ;\nSTG [R2], R4 ;\nEXIT ;\n",
    )
    .unwrap();
    dir
}

#[test]
fn a_region_without_contents_costs_no_memory() {
    // 8 GiB declared, no contents, under a limit of two pages: the region takes none,
    // the kernel's store one.
    let dir = store_dir("zero-region");
    let t = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n\
             [[memory]]\naddress = 0x100000\nsize = 8589934592\n\
             [[memory]]\naddress = 0x300000000\nsize = 4096\nfill = 0\n\
             [[dump]]\nspace = \"global\"\naddress = 0x100000\nsize = 8\n\
             [limits]\nmax_memory = 8192\n";
    let r = maxwell_str(t, &dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.dumps[0].bytes, [0x2a, 0, 0, 0, 0, 0, 0, 0]);
    // A region that gives bytes still counts them.
    let e = maxwell_str(
        &t.replace("size = 4096\nfill = 0", "size = 16384\nfill = 1"),
        &dir,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("passes limits.max_memory (8192)"), "{e}");
}

#[test]
fn a_region_is_kept_as_given_and_written_once() {
    use gpumem_run::manifest::{Manifest, RegionData, global_regions};
    // A 1 GiB fill is one byte and a size until it is written page by page; a region
    // without contents is a fill of zeros that is never written; `init` keeps its own
    // bytes only (no zero padding spelled out).
    let t = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n\
             [[memory]]\naddress = 0x100000\nsize = 1073741824\nfill = 0xab\n\
             [[memory]]\naddress = 0x100000000\nsize = 8589934592\n\
             [[memory]]\naddress = 0x80000000\nsize = 1048576\ninit = { u8 = [1, 2] }\n\
             [limits]\nmax_memory = 2147483648\n";
    let Manifest::Maxwell(m) = Manifest::parse(t).unwrap() else {
        panic!("Maxwell")
    };
    let r = global_regions(&m.memory, Path::new("."), m.limits.max_memory).unwrap();
    assert_eq!((r[0].size, &r[0].data), (1 << 30, &RegionData::Fill(0xab)));
    assert_eq!(r[0].stored(), 1 << 30);
    assert_eq!((r[1].size, &r[1].data), (8 << 30, &RegionData::Fill(0)));
    assert_eq!(r[1].stored(), 0);
    assert_eq!(
        (r[2].size, &r[2].data),
        (1 << 20, &RegionData::Bytes(vec![1, 2]))
    );
    // Written: the fill's pages, the init's one page, nothing for the zeros.
    let mut g = gpumem_mem::Global::new(1 << 40);
    let small = gpumem_run::manifest::GlobalRegion {
        size: 8 << 20,
        ..r[0].clone()
    };
    for x in [&small, &r[1], &r[2]] {
        x.write_to(&mut g).unwrap();
    }
    assert_eq!(g.resident(), (8 << 20) + 4096);
    assert_eq!(g.read_u32(0x100000 + (8 << 20) - 4), 0xabab_abab);
    assert_eq!(g.read_u32(0x80000000), 0x0201);
}

/// Errors found after the manifest is read (launch shapes, ranges, the Vega `[wave]` and
/// `[scalar_cache]` checks) point at the key's line and column, like the reader's own.
#[test]
fn semantic_errors_point_at_their_key() {
    let launch = |rest: &str| format!("{BASE}[launch]\nblock = [1]\n{rest}");
    let cases: Vec<(String, &str, &str)> =
        vec![
        (
            format!("{BASE}[launch]\nblock = [64, 32]\n"),
            "m.toml:4:1: error: a block of 2048 threads",
            "4 | block = [64, 32]",
        ),
        (format!("{BASE}[launch]\nblock = [0]\n"), "m.toml:4:1: error: `block`", "^^^"),
        (launch("grid = [1, 1, 1, 1]\n"), "m.toml:5:1: error: `grid`", "^^^"),
        (launch("registers = 0\n"), "m.toml:5:1: error: registers = 0", "^^^"),
        (launch("shared_bytes = 999999999\n"), "m.toml:5:1: error:", "16 MB"),
        (launch("local_bytes = 999999999\n"), "m.toml:5:1: error:", "16 MB"),
        (launch("shared_window = 0x5000010\n"), "m.toml:5:1: error: shared_window", "^"),
        (launch("local_window = 0x1000000\n"), "m.toml:5:1: error:", "must differ"),
        (
            launch("[config]\nbank_limit = \"dx\"\n"),
            "m.toml:6:1: error: bank_limit",
            "^",
        ),
        (
            format!("{BASE}target = \"sm_99\"\n[launch]\nblock = [1]\n"),
            "m.toml:3:1: error:",
            "sm_99",
        ),
        (
            format!("{BASE}target = \"sm_52\"\n[launch]\nblock = [1]\n"),
            "m.toml:3:1: error: target = \"sm_52\" contradicts",
            "^",
        ),
        (
            launch("params = [{ u64 = 0 }]\n"),
            "m.toml:5:1: error: launch.params",
            "^",
        ),
        (
            launch("[[memory]]\naddress = 0\ninit = { u32 = [1], u8 = [2] }\n"),
            "m.toml:7:1: error: `init` needs exactly one",
            "^",
        ),
        (
            launch("[[memory]]\naddress = 0\nfill = 1\ninit = { u8 = [2] }\n"),
            "m.toml:5:1: error: give at most one",
            "[[memory]]",
        ),
        (
            launch("[[memory]]\naddress = 0\nsize = 4\ninit = { u32 = [1, 2] }\n"),
            "m.toml:7:1: error: the contents (8 bytes)",
            "^",
        ),
        (
            launch("[[constant]]\nbank = 3\ninit = { u32 = [1], u8 = [2] }\n"),
            "m.toml:7:1: error: `init` needs exactly one",
            "^",
        ),
        (
            launch("[[dump]]\naddress = 0\nsize = 4\n"),
            "m.toml:5:1: error: a [[dump]] needs `space`",
            "^",
        ),
        (
            "program = \"x\"\n".to_string(),
            "m.toml:1:1: error: missing `isa`",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\ncount = 0\n".to_string(),
            "m.toml:4:1: error: wave.count = 0",
            "4 | count = 0",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\ncount = 1\nper_wave = [{}, {}]\n"
                .to_string(),
            "m.toml:5:1: error: wave.per_wave has 2 entries",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\nclock_mhz = 0\n".to_string(),
            "m.toml:4:1: error: wave.clock_mhz = 0",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\ncount = 2\nper_wave = [{}, { s999 = 1 }]\n"
                .to_string(),
            "m.toml:5:19: error: bad register name `s999`",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\nsgpr = { s4 = \"zz\" }\n".to_string(),
            "m.toml:4:10: error: bad value for `s4`",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[scalar_cache]\nline = 3\n".to_string(),
            "m.toml:4:1: error: scalar_cache.line = 3",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\nsgpr = { s4 = 0x1_0000_0000 }\n"
                .to_string(),
            "m.toml:4:10: error: bad value for `s4`: 4294967296 does not fit in 32 bits",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\nsgpr = { \"s[4:7]\" = [1, 2] }\n"
                .to_string(),
            "m.toml:4:10: error: bad value for `s[4:7]`: 2 values for 4 registers",
            "^",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\nsgpr = { \"s[0:1]\" = 1, s1 = 2 }\n"
                .to_string(),
            "m.toml:4:",
            "both set s1",
        ),
        (
            "isa = \"vega\"\nprogram = \"x.s\"\n[wave]\nsgpr = { q4 = 1 }\n".to_string(),
            "m.toml:4:10: error: bad register name `q4`",
            "^",
        ),
    ];
    let dir = store_dir("semantic-positions");
    std::fs::write(dir.join("x.s"), "s_endpgm\n").unwrap();
    std::fs::copy(
        root().join("tests/cubins/copy_u32.sm_50.cubin"),
        dir.join("copy.cubin"),
    )
    .unwrap();
    for (toml, head, shown) in cases {
        let toml = toml.replace("tests/cubins/copy_u32.sm_50.cubin", "copy.cubin");
        let e = match any_str("m.toml", &toml, &dir) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted:\n{toml}"),
        };
        assert!(e.starts_with(head), "{toml}\n{e}");
        assert!(e.contains(shown), "{toml}\n{e}");
        assert!(!e.contains("config:"), "{e}");
    }
}

/// `program = "-"` is refused at the key: standard input is where `gpumem run -` reads
/// the manifest itself.
#[test]
fn a_program_from_standard_input_is_refused_at_the_key() {
    for text in [
        "isa = \"maxwell\"\nprogram = \"-\"\n[launch]\nblock = [1]\n",
        "isa = \"vega\"\nprogram = \"-\"\n",
    ] {
        let e = err_at(text);
        assert!(e.starts_with("m.toml:2:1: error: program = \"-\""), "{e}");
        assert!(e.contains("standard input"), "{e}");
    }
}

/// SASS text and raw bundles without `target` are sm_52 code, as in `gpumem asm`/`dis`.
#[test]
fn text_programs_default_to_sm_52() {
    let dir = store_dir("default-target");
    let text = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n";
    let r = any_str("m.toml", text, &dir).unwrap();
    assert_eq!(r.to_json()["target"], "sm_52");
    let r = any_str(
        "m.toml",
        &text.replace("[launch]", "target = \"sm_50\"\n[launch]"),
        &dir,
    )
    .unwrap();
    assert_eq!(r.to_json()["target"], "sm_50");
}

/// A scratch directory holding `k.sass` = `body` between the lane prologue (R0 = lane,
/// R20 = 0x100000 + 4 * lane) and EXIT.
fn sass_dir(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpumem-run-tex-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pro = "S2R R0, SR_TID.X ;\nSHL R20, R0, 0x2 ;\nIADD32I R20, R20, 0x100000 ;\n";
    std::fs::write(dir.join("k.sass"), format!("{pro}{body}\nEXIT ;\n")).unwrap();
    dir
}

const TEX_HEAD: &str = "isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [32]\n\
                        [[dump]]\nspace = \"global\"\naddress = 0x100000\nsize = 128\n";

#[test]
fn textures_from_a_manifest_reach_tlds_and_texs() {
    // tex1Dfetch: a 13-float buffer, one texel per lane, zero past the end
    let dir = sass_dir(
        "buffer",
        "TLDS.LZ.T RZ, R2, R0, 0x5e, 1D, R ;\nSTG [R20], R2 ;",
    );
    let values: Vec<f32> = (0..13).map(|i| i as f32 * 0.25 - 1.0).collect();
    let list = values
        .iter()
        .map(|v| format!("{v:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let t = format!(
        "{TEX_HEAD}[[memory]]\naddress = 0x2000\ninit = {{ f32 = [{list}] }}\n\
         [[texture]]\naddress = 0x2000\nkind = \"buffer\"\nchannels = 1\nbits = 32\ntype = \"float\"\n\
         width = 13\nhandle_offset = 0x178\n"
    );
    let r = maxwell_str(&t, &dir).unwrap();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let d = &r.dumps[0].bytes;
    for lane in 0..32 {
        let got = u32::from_le_bytes(d[4 * lane..4 * lane + 4].try_into().unwrap());
        assert_eq!(
            got,
            values.get(lane).map_or(0, |v| v.to_bits()),
            "lane {lane}"
        );
    }
    // tex2D with a linear filter: x = lane / 2, y = 0.75 on a 5 x 3 u8 texture read as
    // normalized floats, compared with the texture unit
    let dir = sass_dir(
        "linear",
        "I2F.F32.S32 R2, R0 ;\nFMUL R2, R2, 0.5 ;\nMOV32I R3, 0x3f400000 ;\n\
         TEXS.LZ.T RZ, R4, R2, R3, 0x5e, 2D, R ;\nSTG [R20], R4 ;",
    );
    let texels: Vec<u8> = vec![
        10, 200, 30, 255, 0, 60, 70, 80, 90, 100, 0, 120, 5, 140, 250,
    ];
    // rows of 5 bytes padded to the 32-byte pitch
    let mut rows = String::new();
    for y in 0..3 {
        rows.push_str(&format!(
            "[[memory]]\naddress = {}\ninit = {{ u8 = [{}] }}\n",
            0x2000 + 32 * y,
            texels[5 * y..5 * y + 5]
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let t = format!(
        "{TEX_HEAD}{rows}[[texture]]\naddress = 0x2000\nkind = \"2d\"\nchannels = 1\nbits = 8\ntype = \"unorm\"\n\
         width = 5\nheight = 3\nfilter = \"linear\"\naddress_mode = \"border\"\nhandle_offset = 0x178\n"
    );
    let r = maxwell_str(&t, &dir).unwrap();
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let tex = gpumem_tex::Texture {
        base: 0,
        format: gpumem_tex::Format::new(gpumem_tex::Components::R8, gpumem_tex::DataType::Unorm),
        ty: gpumem_tex::TextureType::TwoD,
        width: 5,
        height: 3,
        depth: 1,
        layout: gpumem_tex::Layout::Pitch { pitch: 5 },
        normalized: false,
    };
    let s = gpumem_tex::Sampler::new(gpumem_tex::AddressMode::Border, gpumem_tex::Filter::Linear);
    let d = &r.dumps[0].bytes;
    for lane in 0..32 {
        let want = tex
            .sample(&s, &texels[..], [lane as f32 * 0.5, 0.75, 0.0], 0)
            .unwrap()[0];
        let got = u32::from_le_bytes(d[4 * lane..4 * lane + 4].try_into().unwrap());
        assert_eq!(got, want, "lane {lane}");
    }
}

#[test]
fn bad_texture_sections_are_positioned_errors() {
    let dir = sass_dir(
        "bad",
        "TLDS.LZ.T RZ, R2, R0, 0x5e, 1D, R ;\nSTG [R20], R2 ;",
    );
    let with = |tex: &str| {
        let t = format!("{TEX_HEAD}[[texture]]\naddress = 0x2000\nhandle_offset = 0x178\n{tex}");
        match any_str("m.toml", &t, &dir) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted:\n{t}"),
        }
    };
    let base = "channels = 1\nbits = 32\ntype = \"float\"\nwidth = 4\n";
    let e = with(&format!("kind = \"cube\"\n{base}"));
    assert!(e.contains("kind `cube`") && e.contains("m.toml:"), "{e}");
    let e = with("kind = \"2d\"\nchannels = 3\nbits = 8\ntype = \"unorm\"\nwidth = 4\n");
    assert!(e.contains("3 channels"), "{e}");
    let e = with("kind = \"2d\"\nchannels = 1\nbits = 8\ntype = \"float\"\nwidth = 4\n");
    assert!(e.contains("8-bit float"), "{e}");
    let e = with(&format!("kind = \"2d\"\n{base}pitch = 40\n"));
    assert!(e.contains("multiples of 32"), "{e}");
    let e = with(&format!("kind = \"2d\"\n{base}filter = \"cubic\"\n"));
    assert!(e.contains("filter `cubic`"), "{e}");
    // larger than the memory limit
    let e = with(
        "kind = \"3d\"\nchannels = 4\nbits = 32\ntype = \"float\"\nwidth = 60000\nheight = 60000\ndepth = 100\n",
    );
    assert!(e.contains("max_memory"), "{e}");
    // a handle offset off the word grid
    let t = format!(
        "{TEX_HEAD}[[texture]]\naddress = 0x2000\nhandle_offset = 0x17a\nkind = \"buffer\"\n{base}"
    );
    let e = match any_str("m.toml", &t, &dir) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted"),
    };
    assert!(e.contains("multiple of 4"), "{e}");
    // a handle naming no header (the kernel reads another word): a `texture` fault
    let t = format!("{TEX_HEAD}[[constant]]\nbank = 0\noffset = 0x178\ninit = {{ u32 = [7] }}\n");
    let r = maxwell_str(&t, &dir).unwrap();
    assert!(
        r.faults.iter().all(|f| f.kind == FaultKind::Texture) && !r.faults.is_empty(),
        "{:?}",
        r.faults
    );
}

/// NVIDIA's simpleTexture kernel as nvcc compiled it (`transformKernel(float *out, int
/// width, int height, float theta, cudaTextureObject_t tex)`: its `TEXS.P RZ, R4, R4, R5,
/// 0x56, 2D, R` reads the handle from the parameter at c[0x0][0x158]) on a 16 x 16 float
/// texture, normalized coordinates, wrap, linear filter, theta = 0: pixel (x, y) fetches
/// at (x/16, y/16), half-way between four texels, so every output is the exact mean of
/// the four texels around (x - 1/2, y - 1/2), wrapping at the edges.
#[test]
fn the_simple_texture_sample_kernel_fetches_through_a_manifest_texture() {
    let (w, h) = (16usize, 16usize);
    let texel = |x: usize, y: usize| (x + w * y) as f32 * 0.25;
    let list = (0..w * h)
        .map(|i| format!("{:?}", texel(i % w, i / w)))
        .collect::<Vec<_>>()
        .join(", ");
    let t = format!(
        "isa = \"maxwell\"\nprogram = \"tests/cuda-samples/sm_52/simpleTexture__simpleTexture.cubin\"\n\
         kernel = \"_Z15transformKernelPfiify\"\n\
         [launch]\ngrid = [2, 2]\nblock = [8, 8]\n\
         params = [{{ u64 = \"0x100000\" }}, {{ u32 = 16 }}, {{ u32 = 16 }}, {{ f32 = 0.0 }}, {{ u64 = 0 }}]\n\
         [[memory]]\naddress = 0x20000\ninit = {{ f32 = [{list}] }}\n\
         [[memory]]\naddress = 0x100000\nsize = 1024\n\
         [[texture]]\naddress = 0x20000\nkind = \"2d\"\nchannels = 1\nbits = 32\ntype = \"float\"\n\
         width = 16\nheight = 16\nnormalized = true\naddress_mode = \"wrap\"\nfilter = \"linear\"\n\
         handle_offset = 0x158\n\
         [[dump]]\nspace = \"global\"\naddress = 0x100000\nsize = 1024\n"
    );
    let r = maxwell_str(&t, &root()).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let d = &r.dumps[0].bytes;
    for y in 0..h {
        for x in 0..w {
            let (xm, ym) = ((x + w - 1) % w, (y + h - 1) % h);
            let want = (texel(xm, ym) + texel(x, ym) + texel(xm, y) + texel(x, y)) / 4.0;
            let i = 4 * (y * w + x);
            let got = f32::from_le_bytes(d[i..i + 4].try_into().unwrap());
            assert_eq!(got, want, "pixel ({x}, {y})");
        }
    }
}
