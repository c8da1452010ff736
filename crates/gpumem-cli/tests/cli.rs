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
    assert!(err.contains("NVIDIA CUDA cubin"), "{err}");
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
