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
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("gpumem runs")
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gpumem-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d.join(name)
}

#[test]
fn no_arguments_runs_the_builtin_example() {
    let out = gpumem(&[], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Function : copy_u32"));
    // An AMDGPU code object (tests/data/vega-small.o, made by llvm-mc 19 from
    // vega-small.s): Vega, also from standard input.
    let obj = std::fs::read(format!("{root}/tests/data/vega-small.o")).unwrap();
    let out = gpumem(&["dis", "-"], &obj);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    // A raw stream with an undecodable word: reported as a note with its address, the
    // rest still checked.
    let bin = gpumem(&["asm", "--isa", "maxwell", "-", "-o", "-"], good).stdout;
    let mut bad = bin.clone();
    bad[8..16].copy_from_slice(&0xffff_ffff_ffff_ffffu64.to_le_bytes());
    let out = gpumem(&["lint", "--isa", "maxwell", "-"], &bad);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("note[undecodable]") && text.contains("0x0008"),
        "{text}"
    );
    // Unparsable text: an input error, exit 2.
    let out = gpumem(&["lint", "--isa", "maxwell", "-"], b"BOGUS R0 ;\n");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn run_timing_adds_the_cycle_model() {
    let manifest = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/maxwell/copy_u32.toml"
    );
    let out = gpumem(&["run", "--json", "--timing", manifest], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let h = std::fs::read_to_string(&html).unwrap();
    assert_eq!(h.matches("<svg ").count(), 5, "{h}");
    assert!(h.contains("timing: "), "{h}");
    // --cta/--warp: another CTA's and warp's execution (it sees the base CTA 0 wrote).
    let ctas = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../gpumem-explain/tests/data/ctas.toml"
    );
    let out = gpumem(&["explain", ctas, "--cta", "1", "--warp", "1"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
            "CTA 1 is not in the grid: it has 1 CTAs",
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

#[test]
fn json_dumps_collapse_and_truncated_timelines_say_so() {
    // --json-dumps runs: the dump's bytes as stretches (hex null).
    let out = gpumem(&["run", "--json", "--json-dumps", "runs"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
