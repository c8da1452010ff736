//! `gpumem cuda`: programs built by nvcc 11.8 (`-cudart shared -arch=sm_52`) run against
//! gpumem's libcudart.so.11.0, and the refusals of programs it cannot run. nvcc comes from
//! `GPUMEM_NVCC`, else from scripts/install-oracles.sh and scripts/install-nvcc.sh; a
//! missing nvcc fails these tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The runtime library `cargo test` built for this test (target/<profile>/deps).
fn cudart() -> PathBuf {
    let so = std::env::current_exe()
        .expect("test binary")
        .with_file_name("libgpumem_cudart.so");
    assert!(so.exists(), "no {}", so.display());
    so
}

/// A folder for nvcc's `-L`: libcudart.so (gpumem's) and libcudadevrt.a (CUDA's).
fn link_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        gpumem_oracle::cudart_link_dir(
            &cudart(),
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cuda-link"),
        )
    })
    .clone()
}

/// Builds `src` with nvcc 11.8; `shared`: `-cudart shared` against gpumem's library.
fn build(src: &Path, name: &str, shared: bool) -> PathBuf {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let o = gpumem_oracle::nvcc_program(&link_dir(), shared)
        .arg("-o")
        .arg(&out)
        .arg(src)
        .output()
        .expect("nvcc runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

fn gpumem_cuda(opts: &[&str], program: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpumem"))
        .arg("cuda")
        .args(opts)
        .arg("--")
        .args(program)
        .env("GPUMEM_CUDART", cudart())
        .output()
        .expect("gpumem runs")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn runs_the_runtime_test_program_and_reports_each_launch() {
    let exe = build(
        &repo().join("crates/gpumem-cudart/tests/data/api.cu"),
        "api",
        true,
    );
    let report = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("api.jsonl");
    let o = gpumem_cuda(
        &["--report", report.to_str().unwrap(), "--preset", "gm204"],
        &[exe.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("failed: 0"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("launches") && err.contains("warp instructions"),
        "{err}"
    );
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary_launches: u64 = err
        .lines()
        .find_map(|l| {
            l.strip_prefix("gpumem: ")?
                .split(" launch")
                .next()?
                .parse()
                .ok()
        })
        .expect("the summary line");
    assert_eq!(lines.len() as u64, summary_launches);
    assert_eq!(lines[0]["kernel"], "_Z3addPKfS0_Pfi");
    assert_eq!(lines[0]["grid"], serde_json::json!([8, 1, 1]));
    assert!(lines[0]["warp_instructions"].as_u64().unwrap() > 0);
    let faulted: Vec<_> = lines.iter().filter(|l| l["faults"] == 1).collect();
    assert_eq!(faulted.len(), 1);
    assert_eq!(faulted[0]["error"], "cudaErrorIllegalAddress");
}

#[test]
fn a_fault_fails_the_launch_and_check_reports_every_planted_access() {
    let exe = build(
        &repo().join("crates/gpumem-cli/tests/data/oob.cu"),
        "oob",
        true,
    );
    let exe = exe.to_str().unwrap();
    // Without --check: the first bad access is an illegal address, sticky.
    let o = gpumem_cuda(&[], &[exe]);
    // The exit code is the cudaError_t modulo 256: cudaErrorIllegalAddress (700).
    assert_eq!(o.status.code(), Some(700 % 256), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("_Z8write_atPii") && err.contains("STG.E"),
        "{err}"
    );
    // With --check: all four are reported with their kernel and address, and the
    // program goes on.
    let o = gpumem_cuda(&["--check"], &[exe]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    let reports: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("check: kernel"))
        .collect();
    assert_eq!(reports.len(), 4, "{err}");
    assert!(reports[0].contains("_Z8write_atPii") && reports[0].contains("0x10000000f0"));
    assert!(reports[1].contains("_Z7read_atPKiiPi") && reports[1].contains("0x10000000fc"));
    assert!(reports[2].contains("_Z8write_atPii") && reports[2].contains("0x1000000100"));
    assert!(reports[3].contains("_Z12heap_overruni"), "{}", reports[3]);
    // Each names where the address lies: past a, before b, inside the freed b, past the
    // malloc block inside the device heap (allocation #4, reserved at the first launch
    // of a kernel that calls malloc).
    let near = [
        "0 bytes after the end of device allocation #1 (0x1000000000..0x10000000f0, 240 bytes)",
        "4 bytes before device allocation #2 (0x1000000100..0x10000001f0, 240 bytes)",
        "0 bytes into device allocation #2 (0x1000000100..0x10000001f0, 240 bytes), which was freed",
        "outside every live malloc block: 0 bytes after the end of the 12-byte malloc block at",
    ];
    for (r, n) in reports.iter().zip(near) {
        assert!(r.contains(n), "{r}\nlacks: {n}");
    }
    assert!(err.contains("4 out-of-bounds accesses"), "{err}");
}

#[test]
fn forwards_the_exit_code() {
    let exe = build(
        &repo().join("crates/gpumem-cli/tests/data/exit3.cu"),
        "exit3",
        true,
    );
    let o = gpumem_cuda(&[], &[exe.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
}

#[test]
fn refuses_what_it_cannot_run() {
    // Built with nvcc's default static runtime.
    let exe = build(
        &repo().join("crates/gpumem-cli/tests/data/exit3.cu"),
        "static",
        false,
    );
    let o = gpumem_cuda(&[], &[exe.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("-cudart shared"),
        "{}",
        text(&o)
    );
    // Missing program, no program, bad preset.
    let o = gpumem_cuda(&[], &["./no-such-program"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no program ./no-such-program"));
    let o = gpumem_cuda(&[], &[]);
    assert_eq!(o.status.code(), Some(2));
    let o = gpumem_cuda(&["--preset", "gk110"], &["/bin/true"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("possible values: gm107, gm204, gp100, gp104"),
        "{}",
        text(&o)
    );
    // An ELF program without the runtime.
    let o = gpumem_cuda(&[], &["/bin/true"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("does not load libcudart.so.11.0"));
    // A script that never calls the runtime: run, and said so.
    let script = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hello.sh");
    std::fs::write(&script, "#!/bin/sh\necho hello\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let o = gpumem_cuda(&[], &[script.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("never called the CUDA runtime"),
        "{}",
        text(&o)
    );
}
