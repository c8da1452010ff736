//! The `gpumem` command end to end: files and standard streams, both ISAs, cubins,
//! diagnostics and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn gpumem(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpumem"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gpumem");
    let written = child.stdin.take().expect("stdin").write_all(stdin);
    // A command that refuses its arguments exits without reading its input: the pipe breaks.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    child.wait_with_output().expect("gpumem runs")
}

/// Asserts that `out` exited 0, showing its standard error when it did not.
fn succeeded(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gpumem-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d.join(name)
}

#[test]
fn no_arguments_runs_the_builtin_example() {
    let out = gpumem(&[], b"");
    succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("LDC.IL R4, c[0x3][R3]"), "{text}");
    assert!(text.contains("no faults"), "{text}");
    let out = gpumem(&["run", "--json"], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert!(json["dumps"][0]["hex"].is_string(), "{json}");
    assert!(
        json["stats"].is_object() || json["stats"].is_array(),
        "{json}"
    );
}

#[test]
fn demo_assembles_and_disassembles_the_seed_examples() {
    let out = gpumem(&["demo"], b"");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("LDC R2, c[0x0][R1+0x404]"), "{text}");
    assert!(text.contains("EF_CUDA_SM52"));
}

#[test]
fn run_reports_manifest_errors() {
    let m = tmp("bad.toml");
    std::fs::write(&m, "isa = \"maxwell\"\nbogus = 1\n").expect("write");
    let out = gpumem(&["run", m.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("bogus"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/maxwell/copy_u32.toml"
    );
    let out = gpumem(&["run", example, "--json"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn maxwell_asm_then_dis_through_files_and_pipes() {
    let bin = tmp("a.bin");
    let out = gpumem(
        &["asm", "--isa", "maxwell", "-", "-o", bin.to_str().unwrap()],
        b"LDG.E R0, [R2+0x10] ;\nEXIT ;\n",
    );
    succeeded(&out);
    let bytes = std::fs::read(&bin).expect("output");
    assert_eq!(bytes.len(), 32, "one bundle");
    assert_eq!(&bytes[8..16], &0xeed4200001070200u64.to_le_bytes());
    let out = gpumem(&["dis", "--isa", "maxwell", "--compact", "-"], &bytes);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("/*0008*/ LDG.E R0, [R2+0x10] ;"), "{text}");
    assert!(text.contains("/*0010*/ EXIT ;"), "{text}");
    // Binary to standard output.
    let out = gpumem(&["asm", "--isa", "maxwell", "-", "-o", "-"], b"EXIT ;\n");
    assert_eq!(out.stdout.len(), 32);
}

#[test]
fn maxwell_errors_name_line_column_and_text() {
    let out = gpumem(
        &["asm", "--isa", "maxwell", "-", "-o", "-"],
        b"LDG.E R0, [R2];\nLDG.Q R0, [R2];\n",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("-:2:4: error: unknown modifier `.Q`"), "{err}");
    assert!(err.contains("^^"), "{err}");
}

#[test]
fn maxwell_dis_rejects_partial_bundles_and_invalid_words() {
    let out = gpumem(&["dis", "--isa", "maxwell", "-"], &[0u8; 24]);
    assert!(!out.status.success());
    // The message names the program and the file on standard error.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("gpumem: -: 24 bytes"), "{err}");
    let f = tmp("twenty.bin");
    std::fs::write(&f, [0u8; 20]).unwrap();
    let out = gpumem(&["dis", "--isa", "maxwell", f.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("gpumem: {}: 20 bytes", f.display())),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let mut bundle = vec![0u8; 32];
    bundle[8..16].copy_from_slice(&0xffff_ffff_ffff_ffffu64.to_le_bytes());
    let out = gpumem(&["dis", "--isa", "maxwell", "-"], &bundle);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("0xffffffffffffffff"));
}

#[test]
fn maxwell_dis_reads_a_cubin() {
    let cubin = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cubins/reduce_shared.sm_50.cubin"
    );
    let out = gpumem(&["dis", "--isa", "maxwell", cubin], b"");
    succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("reduce_shared"));
    assert!(text.contains("BAR.SYNC 0x0 ;"), "{text}");
}

#[test]
fn vega_dis_names_a_cubin() {
    let cubin = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cubins/reduce_shared.sm_50.cubin"
    );
    let out = gpumem(&["dis", "--isa", "vega", cubin], b"");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("NVIDIA") && err.contains("cubin"), "{err}");
}

#[test]
fn vega_asm_dis_and_lint() {
    let src = b"s_load_dwordx4 s[8:11], s[2:3], 0x10 glc\ns_store_dword s4, s[2:3], s7\ns_waitcnt lgkmcnt(0)\ns_endpgm\n";
    let out = gpumem(&["asm", "--isa", "vega", "-", "-o", "-"], src);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("smem-store-sgpr-offset"));
    let out = gpumem(&["dis", "--isa", "vega", "-"], &out.stdout);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("s_load_dwordx4 s[8:11], s[2:3], 0x10 glc"),
        "{text}"
    );
    assert!(text.contains("// 000000: C00B0201 00000010"), "{text}");
    let out = gpumem(&["lint", "--isa", "vega", "-"], src);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("warning[smem-store-sgpr-offset]"));
    let out = gpumem(
        &["asm", "--isa", "vega", "-", "-o", "-"],
        b"s_load_dword s5, s[3:4], 0x0\n",
    );
    assert!(!out.status.success(), "misaligned SGPR pair is an error");
}

#[test]
fn run_executes_a_vega_manifest_and_reports_hazards() {
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/vega/missing-waitcnt.toml"
    );
    let out = gpumem(&["run", example, "--json"], b"");
    succeeded(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let hazards = json["hazards"].as_array().expect("hazards");
    assert!(
        hazards.iter().any(|h| h["rule"] == "read-before-wait"),
        "{json}"
    );
    assert_eq!(json["dumps"][0]["space"], "global");
    assert_eq!(
        json["dumps"][0]["hex"].as_str().map(|h| &h[..8]),
        Some("34120000")
    );
    assert!(
        json["stats"]["scalar_cache"]["misses"].as_u64().is_some(),
        "{json}"
    );
    let out = gpumem(&["run", example], b"");
    assert!(String::from_utf8_lossy(&out.stdout).contains("[read-before-wait]"));
}

#[test]
fn run_reads_the_manifest_from_standard_input() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let manifest = format!(
        "isa = \"maxwell\"\nprogram = \"{root}/tests/cubins/copy_u32.sm_50.cubin\"\n[launch]\nblock = [32]\n"
    );
    let out = gpumem(&["run", "-"], manifest.as_bytes());
    succeeded(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("warp instructions"));
    // Errors name <stdin> with line and column.
    let out = gpumem(&["run", "-"], b"isa = \"maxwell\"\nprogram = 3\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("gpumem: <stdin>:2:11: error:"), "{err}");
}

#[test]
fn run_names_a_directory_once() {
    let dir = std::env::temp_dir();
    let d = dir.to_str().unwrap();
    let out = gpumem(&["run", d], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches(d.trim_end_matches('/')).count(), 1, "{err}");
    assert!(!out.status.success());
}

#[test]
fn vega_dis_rejects_maxwell_only_options() {
    let bin = tmp("endpgm.bin");
    std::fs::write(&bin, 0xbf81_0000u32.to_le_bytes()).unwrap();
    let p = bin.to_str().unwrap();
    for extra in [
        &["--sched", "annot"][..],
        &["--compact"],
        &["--base", "0x100"],
    ] {
        let mut args = vec!["dis", "--isa", "vega"];
        args.extend_from_slice(extra);
        args.push(p);
        let out = gpumem(&args, b"");
        assert!(!out.status.success(), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("Maxwell options"), "{err}");
    }
    let out = gpumem(&["dis", "--isa", "vega", p], b"");
    assert!(out.status.success());
    // Help explains --target and what Maxwell lint reads.
    let help = String::from_utf8_lossy(&gpumem(&["dis", "--help"], b"").stdout).to_string();
    assert!(help.contains("gfx900 or gfx906"), "{help}");
    let help = String::from_utf8_lossy(&gpumem(&["lint", "--help"], b"").stdout).to_string();
    assert!(help.contains("the scoreboard checker"), "{help}");
}

/// `asm --base` reads a listing `dis --base` printed: absolute branch targets count from
/// the base, so the bytes come back (the same listing assembled at 0 gives other branch
/// offsets: the option matters); labels are relative either way; a base that is not a
/// bundle's address is refused, and Vega refuses the option.
#[test]
fn asm_base_reads_back_what_dis_base_printed() {
    let src = "MOV R0, RZ ;\ntop:\nIADD32I R0, R0, 0x1 ;\nISETP.LT.AND P0, PT, R0, 0x10, PT ;\n\
               @P0 BRA top ;\nSSY done ;\nSYNC ;\ndone:\nEXIT ;\n";
    let bin = tmp("base.bin");
    let asm = |base: &str, input: &str, stdin: &[u8]| {
        let out = gpumem(
            &[
                "asm",
                "--isa",
                "maxwell",
                "--base",
                base,
                input,
                "-o",
                bin.to_str().unwrap(),
            ],
            stdin,
        );
        succeeded(&out);
        std::fs::read(&bin).unwrap()
    };
    // Labels are relative: the bytes do not depend on the base.
    let at = asm("0x1000", "-", src.as_bytes());
    assert_eq!(asm("0", "-", src.as_bytes()), at);
    // dis at the base prints absolute targets from 0x1000; asm at the base gives the
    // bytes back, asm at 0 reads them as other offsets.
    let raw = tmp("base-in.bin");
    std::fs::write(&raw, &at).unwrap();
    let out = gpumem(
        &[
            "dis",
            "--isa",
            "maxwell",
            "--base",
            "0x1000",
            "--hex",
            raw.to_str().unwrap(),
        ],
        b"",
    );
    succeeded(&out);
    let listing = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(listing.contains("BRA 0x10"), "{listing}");
    assert_eq!(asm("0x1000", "-", listing.as_bytes()), at, "{listing}");
    assert_ne!(asm("0", "-", listing.as_bytes()), at, "{listing}");
    for bad in [["--base", "0x1004"], ["--base", "x"]] {
        let out = gpumem(
            &[
                "asm",
                "--isa",
                "maxwell",
                bad[0],
                bad[1],
                "-",
                "-o",
                "/dev/null",
            ],
            src.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let out = gpumem(
        &[
            "asm",
            "--isa",
            "vega",
            "--base",
            "0x100",
            "-",
            "-o",
            "/dev/null",
        ],
        b"s_endpgm\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Maxwell options"));
}

#[test]
fn vega_lint_fails_on_syntax_errors() {
    let src = tmp("broken.s");
    std::fs::write(&src, "bogus_insn s0\ns_mov_b32 s0,\ns_memtime s[11:12]\n").unwrap();
    let out = gpumem(&["lint", "--isa", "vega", src.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(all.contains("broken.s:1:1: error"), "{all}");
    assert!(all.contains("3 error(s)"), "{all}");
}

#[test]
fn dis_takes_the_isa_from_the_elf_header() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    // A cubin: Maxwell, no --isa needed.
    let cubin = format!("{root}/tests/cubins/copy_u32.sm_52.cubin");
    let out = gpumem(&["dis", &cubin], b"");
    succeeded(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Function : copy_u32"));
    // An AMDGPU code object (tests/data/vega-small.o, made by llvm-mc 19 from
    // vega-small.s): Vega, also from standard input.
    let obj = std::fs::read(format!("{root}/tests/data/vega-small.o")).unwrap();
    let out = gpumem(&["dis", "-"], &obj);
    succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("s_load_dword s1, s[2:3], 0x10"), "{text}");
    // The wrong --isa is named as such.
    let out = gpumem(&["dis", "--isa", "vega", &cubin], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is an NVIDIA cubin"), "{err}");
    let out = gpumem(&["dis", "--isa", "maxwell", "-"], &obj);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is an AMDGPU code object"), "{err}");
    // A raw file needs --isa.
    let out = gpumem(&["dis", "-"], &[0u8; 32]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--isa maxwell or --isa vega"));
}

#[test]
fn exit_codes_separate_findings_from_bad_input() {
    // 2: usage and input errors.
    assert_eq!(
        gpumem(&["dis", "--isa", "maxwell", "/nonexistent"], b"")
            .status
            .code(),
        Some(2)
    );
    let out = gpumem(&["asm", "--isa", "maxwell", "-", "-o", "-"], b"FROB R1 ;\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(gpumem(&["run", "-"], b"isa = 3\n").status.code(), Some(2));
    assert_eq!(gpumem(&["frobnicate"], b"").status.code(), Some(2));
    // 1: findings in a readable input (an undecodable word).
    let mut bundle = vec![0u8; 32];
    bundle[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_eq!(
        gpumem(&["dis", "--isa", "maxwell", "-"], &bundle)
            .status
            .code(),
        Some(1)
    );
    // 0: success; `asm` writes to standard output by default (a pipe here).
    let out = gpumem(&["asm", "--isa", "vega", "-"], b"s_endpgm\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, 0xbf81_0000u32.to_le_bytes());
    let help = String::from_utf8_lossy(&gpumem(&["--help"], b"").stdout).to_string();
    assert!(help.contains("Exit codes"), "{help}");
}

#[test]
fn asm_and_lint_speak_json() {
    let out_file = tmp("json-asm.bin");
    let o = out_file.to_str().unwrap();
    // Errors: a JSON document with every diagnostic, exit 2.
    let out = gpumem(
        &["asm", "--isa", "maxwell", "--json", "-", "-o", o],
        b"MOV R1, R2 ;\nFROB R1 ;\nLDG.Q R0, [R2] ;\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(j["errors"], 2, "{j}");
    assert_eq!(j["diagnostics"][0]["line"], 2);
    assert_eq!(j["diagnostics"][0]["column"], 1);
    assert_eq!(j["diagnostics"][0]["text"], "FROB");
    assert!(j["output"].is_null());
    // Success with a warning (Vega lint in the assembler): bytes to the file.
    let out = gpumem(
        &["asm", "--isa", "vega", "--json", "-", "-o", o],
        b"s_store_dword s1, s[2:3], s4\ns_endpgm\n",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(j["warnings"], 1, "{j}");
    assert_eq!(j["diagnostics"][0]["lint"], "smem-store-sgpr-offset");
    assert_eq!(j["bytes"], 12);
    assert_eq!(std::fs::read(&out_file).unwrap().len(), 12);
    // --json with the binary on standard output is refused.
    let out = gpumem(&["asm", "--isa", "vega", "--json", "-"], b"s_endpgm\n");
    assert_eq!(out.status.code(), Some(2));
    // lint --json.
    let out = gpumem(
        &["lint", "--isa", "vega", "--json", "-"],
        b"bogus s0\ns_store_dword s1, s[2:3], s4\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (j["errors"].as_u64(), j["warnings"].as_u64()),
        (Some(1), Some(1)),
        "{j}"
    );
}

#[test]
fn demo_shows_both_isas() {
    let out = gpumem(&["demo"], b"");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("LDC R2, c[0x0][R1+0x404]"), "{text}");
    assert!(
        text.contains(
            "s_load_dword s4, s[0:1], 0x0                     // 000000: C0020100 00000000"
        ),
        "{text}"
    );
}

#[test]
fn dis_json_gives_one_object_per_instruction() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let cubin = format!("{root}/tests/cubins/copy_u32.sm_52.cubin");
    let out = gpumem(&["dis", "--json", &cubin], b"");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert!(rows.len() > 8);
    let ldg = rows
        .iter()
        .find(|r| r["fields"]["op"] == "LDG")
        .expect("an LDG");
    assert_eq!(ldg["kernel"], "copy_u32");
    assert!(ldg["text"].as_str().unwrap().starts_with("LDG.E"));
    assert_eq!(ldg["fields"]["modifiers"]["E"]["text"], ".E");
    assert!(ldg["fields"]["control"]["write_barrier"].is_u64());
    // Vega: the same shape per instruction; undecodable words name their error.
    let obj = std::fs::read(format!("{root}/tests/data/vega-small.o")).unwrap();
    let out = gpumem(&["dis", "--json", "-"], &obj);
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["fields"]["op"], "s_mov_b32");
    let out = gpumem(&["dis", "--isa", "maxwell", "--json", "-"], &{
        let mut b = vec![0u8; 32];
        b[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
        b
    });
    assert_eq!(out.status.code(), Some(1));
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().next().unwrap()).unwrap();
    assert!(
        first["error"]
            .as_str()
            .unwrap()
            .contains("0xffffffffffffffff"),
        "{first}"
    );
}

#[test]
fn maxwell_lint_reports_findings_with_exit_codes() {
    // A load's result read without waiting on its write barrier, a short stall, a write
    // barrier on a store and a short stall on EXIT: four errors, exit 1.
    let src = b"LDG.E R0, [R2] &wr=0 ?stall=1 ;\nFADD R1, R0, R0 ?stall=2 ;\nFADD R3, R1, R1 ?stall=6 ;\nSTG.E [R2], R3 &wr=1 ?stall=1 ;\nEXIT ?stall=2 ;\n";
    let out = gpumem(&["lint", "--isa", "maxwell", "-"], src);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    for rule in [
        "raw-barrier",
        "fixed-latency",
        "wr-no-dest",
        "control-stall",
    ] {
        assert!(text.contains(&format!("error[{rule}]")), "{rule}: {text}");
    }
    assert!(text.contains("<stdin>:2:1: error[raw-barrier]"), "{text}");
    assert!(text.contains("2 | FADD R1, R0, R0 ?stall=2 ;"), "{text}");
    let out = gpumem(&["lint", "--isa", "maxwell", "--json", "-"], src);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["errors"], 4);
    let d = &json["diagnostics"][0];
    assert_eq!(d["lint"], "raw-barrier");
    assert_eq!(d["address"], "0x0010");
    assert_eq!(d["other_address"], "0x0008");
    assert_eq!(d["other_text"], "LDG.E R0, [R2] ;");
    // The fixed program: notes at most, exit 0.
    let good = b"LDG.E R0, [R2] &wr=0 ?stall=1 ;\nFADD R1, R0, R0 &req={0} ?stall=6 ;\nFADD R3, R1, R1 ?stall=6 ;\nSTG.E [R2], R3 ?stall=1 ;\nEXIT ?stall=5 ;\n";
    let out = gpumem(&["lint", "--isa", "maxwell", "-"], good);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // A cubin: every kernel, no error (ptxas code).
    let cubin = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cubins/reduce_shared.sm_50.cubin"
    );
    let out = gpumem(&["lint", "--isa", "maxwell", cubin], b"");
    assert_eq!(out.status.code(), Some(0));
    // A raw stream with an undecodable word: an error with its address (its reads and
    // writes are unknown), exit 1; the line is `dis`'s.
    let bin = gpumem(&["asm", "--isa", "maxwell", "-", "-o", "-"], good).stdout;
    let mut bad = bin.clone();
    bad[8..16].copy_from_slice(&0xffff_ffff_ffff_ffffu64.to_le_bytes());
    let out = gpumem(&["lint", "--isa", "maxwell", "-"], &bad);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("error[undecodable]") && text.contains("0x0008"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1), "{text}");
    // Unparsable text: an input error, exit 2.
    let out = gpumem(&["lint", "--isa", "maxwell", "-"], b"BOGUS R0 ;\n");
    assert_eq!(out.status.code(), Some(2));
}

/// Findings in a cubin point at the lines of `gpumem dis` (with or without `--sched
/// annot`); a cubin with no kernel lints clean; `stall-no-yield` is opt-in.
#[test]
fn maxwell_lint_of_cubins_speaks_dis_lines() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let cubin = format!("{root}/tests/cubins/call_sites.sm_52.cubin");
    let out = gpumem(&["lint", "--isa", "maxwell", "--json", &cubin], b"");
    assert_eq!(out.status.code(), Some(0));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ds = j["diagnostics"].as_array().unwrap();
    assert!(!ds.is_empty(), "notes expected: {j}");
    assert!(ds.iter().all(|d| d["lint"] != "stall-no-yield"), "{j}");
    for sched in [None, Some("annot")] {
        let mut args = vec!["dis", cubin.as_str()];
        if let Some(s) = sched {
            args.extend(["--sched", s]);
        }
        let dis = String::from_utf8(gpumem(&args, b"").stdout).unwrap();
        let lines: Vec<&str> = dis.lines().collect();
        for d in ds {
            let line = lines[d["line"].as_u64().unwrap() as usize - 1];
            let addr = d["address"].as_str().unwrap().trim_start_matches("0x");
            assert!(line.contains(&format!("/*{addr}*/")), "{d}: {line}");
            let col = d["column"].as_u64().unwrap() as usize;
            let text = d["text"].as_str().unwrap().trim_end_matches(" ;");
            let op = text.split_whitespace().next().unwrap();
            assert!(
                line[col - 1..]
                    .trim_start_matches('{')
                    .trim_start()
                    .starts_with(op)
                    || line[col - 1..].starts_with(op),
                "{d}: {line}"
            );
        }
    }
    // The rendering quotes the `dis --sched annot` line.
    let out = gpumem(&["lint", "--isa", "maxwell", &cubin], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    let l = ds[0]["line"].as_u64().unwrap();
    assert!(
        text.contains(&format!("call_sites.sm_52.cubin:{l}:")),
        "{text}"
    );
    let out = gpumem(
        &[
            "lint",
            "--isa",
            "maxwell",
            "--json",
            "--stall-no-yield",
            &cubin,
        ],
        b"",
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(
        j["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["lint"] == "stall-no-yield"),
        "{j}"
    );
    // No kernel (module variables only): nothing to check, exit 0.
    let none = format!("{root}/tests/data/no_kernels.sm_52.cubin");
    let out = gpumem(&["lint", "--isa", "maxwell", "--json", &none], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(j["errors"], 0);
    assert_eq!(j["diagnostics"].as_array().unwrap().len(), 0);
    let help = String::from_utf8_lossy(&gpumem(&["lint", "--help"], b"").stdout).to_string();
    assert!(help.contains("--stall-no-yield"), "{help}");
}

#[test]
fn run_timing_adds_the_cycle_model() {
    let manifest = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/maxwell/copy_u32.toml"
    );
    let out = gpumem(&["run", "--json", "--timing", manifest], b"");
    succeeded(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert!(json["timing"]["cycles"].as_u64().unwrap() > 0, "{json}");
    assert_eq!(json["timing"]["preset"], "gm204");
    let out = gpumem(&["run", "--json", manifest], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert!(json.get("timing").is_none());
    let out = gpumem(&["run", "--timing"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("timing (gm204):"), "{text}");
    assert!(text.contains("cycles"), "{text}");
    // --trace writes the timeline (and implies --timing).
    let trace = tmp("copy-trace.json");
    let out = gpumem(
        &[
            "run",
            "--trace",
            trace.to_str().unwrap(),
            "--trace-limit",
            "10",
            manifest,
        ],
        b"",
    );
    succeeded(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("timing (gm204):"));
    let t: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&trace).unwrap()).expect("trace JSON");
    assert_eq!(t["otherData"]["slices"], 10);
    assert_eq!(t["otherData"]["truncated"], true);
}

#[test]
fn explain_pictures_memory_accesses() {
    let manifest = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/maxwell/explain.toml"
    );
    // Text: a lane table per memory instruction.
    let out = gpumem(&["explain", manifest], b"");
    succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("8-way bank conflict"), "{text}");
    assert!(text.contains("lanes → distinct addresses"), "{text}");
    // SVG of one instruction, HTML of all.
    let svg = tmp("explain.svg");
    let out = gpumem(
        &[
            "explain",
            manifest,
            "--pc",
            "0x0038",
            "--svg",
            svg.to_str().unwrap(),
        ],
        b"",
    );
    succeeded(&out);
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.starts_with("<svg ") && s.contains("STS [R5], R4"), "{s}");
    let html = tmp("explain.html");
    let out = gpumem(
        &[
            "explain",
            manifest,
            "--timing",
            "--html",
            html.to_str().unwrap(),
        ],
        b"",
    );
    succeeded(&out);
    let h = std::fs::read_to_string(&html).unwrap();
    assert_eq!(h.matches("<svg ").count(), 5, "{h}");
    assert!(h.contains("timing: "), "{h}");
    // --cta/--warp: another CTA's and warp's execution (it sees the base CTA 0 wrote).
    let ctas = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../gpumem-explain/tests/data/ctas.toml"
    );
    let out = gpumem(&["explain", ctas, "--cta", "1", "--warp", "1"], b"");
    succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("pictured: CTA 1, warp 1,"), "{text}");
    assert!(text.contains("0x111000"), "{text}");
    // Errors: exit 2 with a clear message.
    for (args, want) in [
        (
            vec!["explain", manifest, "--pc", "0x4"],
            "no instruction at pc 0x0004",
        ),
        (
            vec!["explain", manifest, "--pc", "8"],
            "is not a memory instruction",
        ),
        (
            vec![
                "explain",
                concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../examples/vega/missing-waitcnt.toml"
                ),
            ],
            "pictures Maxwell warp accesses",
        ),
        (vec!["explain", "no-such.toml"], "no-such.toml"),
        (
            vec!["explain", manifest, "--cta", "1"],
            // The option is at fault, not the manifest.
            "gpumem: --cta 1: the grid has 1 CTAs (0 to 0)",
        ),
        (
            vec!["explain", manifest, "--warp", "1"],
            "CTA 0 has 1 warps (0 to 0); there is no warp 1",
        ),
    ] {
        let out = gpumem(&args, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// A 100 KB token in a Vega source or manifest is repeated clipped (an ellipsis after
/// `gpumem_isa::MAX_ECHO` characters), at its line and column.
#[test]
fn vega_messages_clip_a_huge_token() {
    let tok = "x".repeat(100_000);
    let src = format!("s_nop 0\ns_mov_b32 s0, {tok}\n");
    for args in [
        &["lint", "--isa", "vega", "-"][..],
        &["lint", "--isa", "vega", "--json", "-"],
    ] {
        let out = gpumem(args, src.as_bytes());
        assert_eq!(out.status.code(), Some(1));
        let all = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
        assert!(all.len() < 2000, "{args:?}: {} bytes", all.len());
        let text = String::from_utf8_lossy(&all);
        assert!(text.contains("xxx…`"), "{text}");
        assert!(
            text.contains("<stdin>:2:15:")
                || text.contains("-:2:15:")
                || text.contains("\"column\": 15"),
            "{text}"
        );
    }
    let dir = tmp("huge-token");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("k.s"), "s_endpgm\n").unwrap();
    for (key, value) in [(tok.as_str(), "1"), ("s4", &*format!("\"{tok}\""))] {
        let m = dir.join("m.toml");
        std::fs::write(
            &m,
            format!(
                "isa = \"vega\"\nprogram = \"k.s\"\n[wave]\nsgpr = {{ \"{key}\" = {value} }}\n"
            ),
        )
        .unwrap();
        let out = gpumem(&["run", m.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stderr.len() < 500, "{} bytes", out.stderr.len());
        assert!(String::from_utf8_lossy(&out.stderr).contains('…'));
    }
}

/// Vega `dis --json` gives each operand as llvm-mc prints it with its typed value, never
/// Rust's debug spelling of a decoded field (`Imm(0)`, `Smem`).
#[test]
fn vega_dis_json_operands_are_text_and_values() {
    let src = "s_load_dword s4, s[0:1], 0x10 glc\n\
               s_buffer_load_dwordx2 s[8:9], s[4:7], s7 offset:0x8\n\
               s_store_dword s5, s[2:3], m0\n\
               s_mov_b32 s5, 0x12345678\n\
               s_waitcnt lgkmcnt(0)\n\
               s_getreg_b32 s8, hwreg(HW_REG_MODE)\n\
               s_endpgm\n";
    let bin = tmp("vega-json.bin");
    let out = gpumem(
        &["asm", "--isa", "vega", "-", "-o", bin.to_str().unwrap()],
        src.as_bytes(),
    );
    succeeded(&out);
    let out = gpumem(
        &["dis", "--isa", "vega", "--json", bin.to_str().unwrap()],
        b"",
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for debug in ["Imm(", "Sgpr(", "SgprImm(", "\"Smem\"", "\"Sopp\"", "Some("] {
        assert!(!text.contains(debug), "{debug} in {text}");
    }
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(rows.len(), 7);
    for r in &rows {
        // The operands' texts make the instruction's text.
        let f = &r["fields"];
        let ops: Vec<&str> = f["operands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["text"].as_str().unwrap())
            .collect();
        let mut rebuilt = f["op"].as_str().unwrap().to_string();
        if !ops.is_empty() {
            rebuilt += &format!(" {}", ops.join(", "));
        }
        if f["glc"] == true {
            rebuilt += " glc";
        }
        assert_eq!(rebuilt, r["text"].as_str().unwrap(), "{r}");
    }
    let load = &rows[0]["fields"];
    assert_eq!(load["format"], "SMEM");
    assert_eq!(load["glc"], true);
    let o = &load["operands"];
    assert_eq!(
        (
            o[0]["field"].as_str(),
            o[0]["reg"].as_u64(),
            o[0]["dwords"].as_u64()
        ),
        (Some("sdata"), Some(4), Some(1))
    );
    assert_eq!(
        (o[1]["field"].as_str(), o[1]["text"].as_str()),
        (Some("sbase"), Some("s[0:1]"))
    );
    assert_eq!(
        (o[2]["field"].as_str(), o[2]["imm"].as_i64()),
        (Some("offset"), Some(16))
    );
    assert!(o[2]["reg"].is_null());
    let off = &rows[1]["fields"]["operands"][2];
    assert_eq!(
        (off["reg"].as_u64(), off["imm"].as_i64()),
        (Some(7), Some(8))
    );
    assert_eq!(off["text"], "s7 offset:0x8");
    let mov = &rows[3]["fields"];
    assert_eq!(mov["literal"], "0x12345678");
    assert_eq!(mov["operands"][1]["code"], 255);
    assert_eq!(rows[4]["fields"]["operands"][0]["text"], "lgkmcnt(0)");
    assert!(rows[4]["fields"]["glc"].is_null());
    assert_eq!(rows[6]["fields"]["operands"], serde_json::json!([]));
}

// Wrong architectures and corrupt ELF files: every command refuses them with exit 2,
// naming the file, what was found (the SM, the processor, the field) and what to do.

/// The repository root.
fn root() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../..").to_string()
}

/// A copy of copy_u32.sm_52.cubin whose `.nv.info.copy_u32` KPARAM_INFO record claims an
/// 11-byte payload.
fn corrupt_nv_info() -> std::path::PathBuf {
    let mut b = std::fs::read(format!("{}/tests/cubins/copy_u32.sm_52.cubin", root())).unwrap();
    let at = b.windows(4).position(|w| w == b"\x04\x17\x0c\x00").unwrap();
    b[at + 2] = 0x0b;
    let p = tmp("corrupt-nv-info.cubin");
    std::fs::write(&p, b).unwrap();
    p
}

/// The first 1000 bytes of copy_u32.sm_52.cubin (its section header table is cut off),
/// and its first 40 (the ELF header itself is cut).
fn truncated() -> [std::path::PathBuf; 2] {
    let b = std::fs::read(format!("{}/tests/cubins/copy_u32.sm_52.cubin", root())).unwrap();
    let (p, q) = (tmp("truncated.cubin"), tmp("truncated-header.cubin"));
    std::fs::write(&p, &b[..1000]).unwrap();
    std::fs::write(&q, &b[..40]).unwrap();
    [p, q]
}

/// A manifest running `program` (absolute) as `isa`: copy_u32's launch for Maxwell.
fn manifest_for(isa: &str, program: &str, name: &str) -> String {
    let body = if isa == "maxwell" {
        format!(
            "isa = \"maxwell\"\nprogram = \"{program}\"\n[launch]\nblock = [32]\nparams = \
             [{{ u64 = \"0x200000\" }}, {{ u64 = \"0x100000\" }}, {{ u32 = 16 }}]\n"
        )
    } else {
        format!("isa = \"vega\"\nprogram = \"{program}\"\n")
    };
    let m = tmp(name);
    std::fs::write(&m, body).unwrap();
    m.display().to_string()
}

/// Runs `args`; asserts exit 2 and that standard error holds every one of `want`.
fn refused(args: &[&str], want: &[&str]) {
    let out = gpumem(args, b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    for w in want {
        assert!(err.contains(w), "{args:?}: `{w}` missing from: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn every_command_refuses_cubins_for_other_sms() {
    let root = root();
    for (sm, family) in [("sm_70", "Volta"), ("sm_75", "Turing")] {
        let cubin = format!("{root}/tests/data/arch/copy_u32.{sm}.cubin");
        let m = manifest_for("maxwell", &cubin, &format!("{sm}.toml"));
        let want = [
            cubin.as_str(),
            sm,
            family,
            "-arch=sm_52",
            "sm_50, sm_52, sm_53 and Pascal sm_60, sm_61, sm_62",
        ];
        refused(&["dis", &cubin], &want);
        refused(&["dis", "--json", &cubin], &want);
        refused(
            &["dis", "--isa", "maxwell", "--target", "sm_52", &cubin],
            &want,
        );
        refused(&["lint", &cubin], &want);
        refused(&["lint", "--isa", "maxwell", &cubin], &want);
        refused(&["run", &m], &want);
        refused(&["explain", &m], &want);
    }
}

#[test]
fn pascal_cubins_name_their_own_target() {
    let root = root();
    for sm in ["sm_60", "sm_61"] {
        let cubin = format!("{root}/tests/data/arch/copy_u32.{sm}.cubin");
        let out = gpumem(&["dis", &cubin], b"");
        succeeded(&out);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(&format!("\n\tcode for {sm}\n")), "{text}");
        assert!(text.contains("EXIT"), "{text}");
        // A contradicting --target is refused; the matching one is taken.
        refused(
            &["dis", "--target", "sm_52", &cubin],
            &[&cubin, "--target sm_52", sm, "drop --target"],
        );
        succeeded(&gpumem(&["dis", "--target", sm, &cubin], b""));
        succeeded(&gpumem(&["lint", &cubin], b""));
    }
    // An op of sm_61 alone, assembled for sm_60, is refused naming the SMs it exists on.
    let src = tmp("idp-sm60.sass");
    std::fs::write(&src, "IDP.4A.S8.S8 R0, R1, R2, R3 ;\n").unwrap();
    refused(
        &[
            "asm",
            "--isa",
            "maxwell",
            "--target",
            "sm_60",
            src.to_str().unwrap(),
        ],
        &["IDP", "does not exist on sm_60", "sm_61"],
    );
}

#[test]
fn the_elf_header_picks_the_isa_and_the_target() {
    let root = root();
    // An sm_53 cubin: printed with cuobjdump's header from its own flags, run as sm_52.
    let half = format!("{root}/tests/cubins/half_f16.sm_53.cubin");
    let out = gpumem(&["dis", &half], b"");
    succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("\n\tcode for sm_53\n"), "{text}");
    assert!(text.contains("\t.headerflags    @\"EF_CUDA_SM53 EF_CUDA_PTX_SM(EF_CUDA_SM53)\"\n"));
    // A --target that contradicts the header is refused.
    let sm52 = format!("{root}/tests/cubins/copy_u32.sm_52.cubin");
    for cmd in ["dis", "lint"] {
        refused(
            &[cmd, "--target", "sm_50", &sm52],
            &[&sm52, "--target sm_50", "sm_52", "drop --target"],
        );
    }
    let m = tmp("target-contradicts.toml");
    std::fs::write(
        &m,
        format!(
            "isa = \"maxwell\"\nprogram = \"{sm52}\"\ntarget = \"sm_50\"\n[launch]\nblock = [32]\n\
             params = [{{ u64 = \"0x200000\" }}, {{ u64 = \"0x100000\" }}, {{ u32 = 16 }}]\n"
        ),
    )
    .unwrap();
    refused(
        &["run", m.to_str().unwrap()],
        &["target = \"sm_50\"", &sm52, "sm_52", "drop `target`"],
    );
    // lint reads the ISA from the header: a cubin lints as Maxwell, a code object as Vega
    // (its disassembly), without --isa.
    let out = gpumem(&["lint", &sm52], b"");
    succeeded(&out);
    let obj = format!("{root}/tests/data/vega-small.o");
    let out = gpumem(&["lint", &obj], b"");
    succeeded(&out);
    // Text still needs --isa.
    refused(
        &["lint", &format!("{root}/examples/vega/missing-waitcnt.s")],
        &["--isa maxwell or --isa vega"],
    );
    // A gfx906 code object disassembles and runs as gfx906.
    let gfx906 = format!("{root}/tests/data/arch/vega-small.gfx906.o");
    let out = gpumem(&["dis", &gfx906], b"");
    succeeded(&out);
    let m = manifest_for("vega", &gfx906, "gfx906.toml");
    let out = gpumem(&["run", &m, "--json"], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(json["target"], "gfx906");
    refused(
        &["dis", "--target", "gfx900", &gfx906],
        &[&gfx906, "--target gfx900", "gfx906", "drop --target"],
    );
}

#[test]
fn every_command_refuses_the_other_vendors_elf() {
    let root = root();
    let obj = format!("{root}/tests/data/vega-small.o");
    let cubin = format!("{root}/tests/cubins/copy_u32.sm_52.cubin");
    // An AMDGPU code object to the Maxwell commands.
    let want = [obj.as_str(), "AMDGPU code object", "ELF machine 224"];
    refused(
        &["dis", "--isa", "maxwell", &obj],
        &[&want[..], &["drop --isa maxwell"]].concat(),
    );
    refused(
        &["lint", "--isa", "maxwell", &obj],
        &[&want[..], &["drop --isa maxwell"]].concat(),
    );
    let m = manifest_for("maxwell", &obj, "amd-as-maxwell.toml");
    for cmd in ["run", "explain"] {
        refused(&[cmd, &m], &[&want[..], &["isa = \"vega\""]].concat());
    }
    // A cubin to the Vega commands.
    let want = [cubin.as_str(), "NVIDIA cubin", "ELF machine 190"];
    refused(
        &["dis", "--isa", "vega", &cubin],
        &[&want[..], &["drop --isa vega"]].concat(),
    );
    refused(
        &["lint", "--isa", "vega", &cubin],
        &[&want[..], &["drop --isa vega"]].concat(),
    );
    let m = manifest_for("vega", &cubin, "cubin-as-vega.toml");
    for cmd in ["run", "explain"] {
        refused(&[cmd, &m], &[&want[..], &["isa = \"maxwell\""]].concat());
    }
    // A code object for a processor gpumem does not model.
    let gfx1030 = format!("{root}/tests/data/arch/vega-small.gfx1030.o");
    let want = [
        gfx1030.as_str(),
        "gfx1030",
        "gfx900 and gfx906",
        "-mcpu=gfx900",
    ];
    refused(&["dis", &gfx1030], &want);
    refused(&["dis", "--json", &gfx1030], &want);
    refused(&["lint", &gfx1030], &want);
    let m = manifest_for("vega", &gfx1030, "gfx1030.toml");
    refused(&["run", &m], &want);
}

#[test]
fn every_command_refuses_truncated_and_corrupt_cubins() {
    let [cut, cut_header] = truncated();
    let (cut, cut_header) = (cut.display().to_string(), cut_header.display().to_string());
    let bad = corrupt_nv_info().display().to_string();
    let cases: [(&str, &[&str]); 3] = [
        (&cut, &["truncated ELF file", "header table", "1000 bytes"]),
        (&cut_header, &["truncated ELF file", "40 bytes", "64"]),
        (
            &bad,
            &[
                ".nv.info.copy_u32",
                "EIATTR_KPARAM_INFO",
                "11 bytes",
                "rebuild it",
            ],
        ),
    ];
    for (i, (file, what)) in cases.into_iter().enumerate() {
        let want = [&[file][..], what].concat();
        refused(&["dis", file], &want);
        refused(&["dis", "--json", file], &want);
        refused(&["lint", file], &want);
        refused(&["lint", "--isa", "maxwell", file], &want);
        let m = manifest_for("maxwell", file, &format!("corrupt-{i}.toml"));
        refused(&["run", &m], &want);
        refused(&["explain", &m], &want);
        let m = manifest_for("vega", file, &format!("corrupt-vega-{i}.toml"));
        if i < 2 {
            // Truncated before the machine is known: the same message for Vega.
            refused(&["run", &m], &want);
            refused(&["dis", "--isa", "vega", file], &want);
        }
        // Never "not a 64-bit ELF".
        let out = gpumem(&["dis", file], b"");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("not a 64-bit"));
    }
}

#[test]
fn json_dumps_collapse_and_truncated_timelines_say_so() {
    // --json-dumps runs: the dump's bytes as stretches (hex null).
    let out = gpumem(&["run", "--json", "--json-dumps", "runs"], b"");
    succeeded(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let d = &json["dumps"][0];
    assert!(d["hex"].is_null(), "{d}");
    let bytes: usize = d["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["hex"].as_str().unwrap().len() / 2 * r["repeat"].as_u64().unwrap() as usize)
        .sum();
    assert_eq!(bytes as u64, d["size"].as_u64().unwrap());
    // Only with --json; an unknown form is a usage error.
    for args in [
        &["run", "--json-dumps", "runs"][..],
        &["run", "--json", "--json-dumps", "base64"][..],
    ] {
        let out = gpumem(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    // A timeline cut at --trace-limit says so.
    let manifest = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/maxwell/copy_u32.toml"
    );
    let trace = tmp("note-trace.json");
    let out = gpumem(
        &[
            "run",
            "--trace",
            trace.to_str().unwrap(),
            "--trace-limit",
            "10",
            manifest,
        ],
        b"",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("keeps the first 10 instruction slices (--trace-limit 10)"),
        "{err}"
    );
}

/// Every subcommand's `--help` states its exit codes (the list is read from the top-level
/// help, so a new subcommand is checked too).
#[test]
fn every_subcommand_help_states_its_exit_codes() {
    let top = gpumem(&["--help"], b"");
    let top = String::from_utf8_lossy(&top.stdout).into_owned();
    assert!(top.lines().any(|l| l.starts_with("Exit codes:")), "{top}");
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 6, "{commands:?}");
    for c in commands {
        let out = gpumem(&[c, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{c}");
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.lines().any(|l| l.starts_with("Exit codes: 0 ")),
            "{c} --help:\n{help}"
        );
    }
}

/// A 100 KB token in a Maxwell source or manifest is repeated clipped (an ellipsis after
/// `gpumem_isa::MAX_ECHO` characters), at its line and column, as Vega's are.
#[test]
fn maxwell_messages_clip_a_huge_token() {
    let tok = "x".repeat(100_000);
    let src = format!("MOV R0, R1 ;\nBRA {tok} ;\n{tok} R0 ;\n{tok}:\n{tok}:\nMOV R0, {tok} ;\n");
    for args in [
        &["asm", "--isa", "maxwell", "-", "-o", "/dev/null"][..],
        &["asm", "--isa", "maxwell", "--json", "-", "-o", "/dev/null"],
        &["lint", "--isa", "maxwell", "-"],
        &["lint", "--isa", "maxwell", "--json", "-"],
    ] {
        let out = gpumem(args, src.as_bytes());
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let all = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
        assert!(all.len() < 4000, "{args:?}: {} bytes", all.len());
        let text = String::from_utf8_lossy(&all);
        assert!(text.contains("xxx…`"), "{args:?}: {text}");
        assert!(
            text.contains(":3:1: error: unknown instruction `xxx") || text.contains("\"line\": 3"),
            "{args:?}: {text}"
        );
    }
    let dir = tmp("huge-maxwell");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("k.sass"), "EXIT ;\n").unwrap();
    let base = "isa = \"maxwell\"\nprogram = \"k.sass\"\n";
    for body in [
        format!("{base}target = \"{tok}\"\n[launch]\nblock = [1]\n"),
        format!("{base}{tok} = 1\n[launch]\nblock = [1]\n"),
        format!("{base}[launch]\nblock = [1]\n[config]\nbank_limit = \"{tok}\"\n"),
        format!("{base}[launch]\nblock = [1]\n[[dump]]\nspace = \"{tok}\"\n"),
        format!("{base}[launch]\nblock = [1]\nparams = [{{ u32 = \"{tok}\" }}]\n"),
        format!("{base}[launch]\nblock = [1]\n[timing]\n{tok} = 1\n"),
        format!("{base}[launch]\nblock = [1]\n[[memory]]\naddress = 0\nfile = \"{tok}\"\n"),
    ] {
        let m = dir.join("m.toml");
        std::fs::write(&m, &body).unwrap();
        let out = gpumem(&["run", m.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.stderr.len() < 2000, "{} bytes: {err}", out.stderr.len());
        assert!(err.contains('…'), "{err}");
        // At its key (a file that cannot be opened too, naming the file).
        assert!(err.contains("m.toml:"), "{err}");
    }
}

/// A UTF-8 byte order mark opens a source or manifest as compilers accept it (columns
/// count the characters after it); a name outside ASCII is refused at its character, as
/// llvm-mc ("invalid character in input") and ptxas refuse it.
#[test]
fn a_byte_order_mark_is_read_and_non_ascii_names_are_positioned_errors() {
    const BOM: &str = "\u{feff}";
    let out = gpumem(
        &["asm", "--isa", "maxwell", "-", "-o", "/dev/null"],
        format!("{BOM}MOV R0, R1 ;\nEXIT ;\n").as_bytes(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = gpumem(
        &["asm", "--isa", "vega", "-", "-o", "/dev/null"],
        format!("{BOM}s_nop 0\ns_endpgm\n").as_bytes(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Columns after the mark count from the first character after it.
    let out = gpumem(
        &["asm", "--isa", "maxwell", "-", "-o", "/dev/null"],
        format!("{BOM}MOV R0, Q1 ;\n").as_bytes(),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("-:1:9:") || err.contains("<stdin>:1:9:"),
        "{err}"
    );
    assert!(
        err.contains("1 | MOV R0, Q1 ;\n") && err.contains("  |         ^^"),
        "{err}"
    );
    for (isa, src, col) in [
        ("maxwell", "lbl_é:\nBRA lbl_é ;\n", 5),
        ("vega", "lbl_é:\ns_branch lbl_é\n", 5),
        (
            "maxwell",
            "MOV R0, R1 ; // é in a comment is fine\nÉ: EXIT ;\n",
            1,
        ),
    ] {
        let out = gpumem(
            &["asm", "--isa", isa, "-", "-o", "/dev/null"],
            src.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(2), "{isa} {src}");
        let err = String::from_utf8_lossy(&out.stderr);
        let line = if src.contains("comment") { 2 } else { 1 };
        assert!(
            err.contains(&format!(":{line}:{col}: error: invalid character `")),
            "{isa} {src}: {err}"
        );
        assert!(err.contains("ASCII"), "{err}");
    }
    // A manifest with a byte order mark; its errors are at the columns an editor shows.
    let dir = tmp("bom-manifest");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("k.sass"), format!("{BOM}EXIT ;\n")).unwrap();
    let m = dir.join("m.toml");
    std::fs::write(
        &m,
        format!("{BOM}isa = \"maxwell\"\nprogram = \"k.sass\"\n[launch]\nblock = [1]\n"),
    )
    .unwrap();
    let out = gpumem(&["run", m.to_str().unwrap()], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&m, format!("{BOM}isa = \"volta\"\nprogram = \"k.sass\"\n")).unwrap();
    let out = gpumem(&["run", m.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("m.toml:1:7: error: unknown isa"), "{err}");
    assert!(err.contains("1 | isa = \"volta\"\n"), "{err}");
}
