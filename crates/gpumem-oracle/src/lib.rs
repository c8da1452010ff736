//! Locating and running the vendor tools that gpumem is tested against.
//!
//! The tools are installed by `scripts/install-oracles.sh` into
//! `$GPUMEM_ORACLES` (default `~/.cache/gpumem-oracles`). The environment
//! variables `GPUMEM_CUDA_BIN` and `GPUMEM_LLVM_BIN` override the folders.
//!
//! A missing oracle is a test *failure*, never a silent skip, unless the
//! person running the tests says `GPUMEM_SKIP_ORACLES=1` (never set in CI).
#![warn(missing_docs)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn home_cache() -> PathBuf {
    if let Ok(d) = std::env::var("GPUMEM_ORACLES") {
        return PathBuf::from(d);
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    PathBuf::from(home).join(".cache/gpumem-oracles")
}

/// Folder holding `nvdisasm`, `cuobjdump`, `ptxas`.
pub fn cuda_bin() -> PathBuf {
    std::env::var("GPUMEM_CUDA_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| home_cache().join("cuda/usr/bin"))
}

/// Folder holding `llvm-mc`, `llvm-objdump`.
pub fn llvm_bin() -> PathBuf {
    std::env::var("GPUMEM_LLVM_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| home_cache().join("llvm/usr/lib/llvm-19/bin"))
}

fn llvm_lib_path() -> String {
    let root = home_cache().join("llvm/usr/lib");
    let mut p = format!(
        "{}:{}",
        root.join("x86_64-linux-gnu").display(),
        root.join("llvm-19/lib").display()
    );
    if let Ok(old) = std::env::var("LD_LIBRARY_PATH") {
        p.push(':');
        p.push_str(&old);
    }
    p
}

/// Whether this run regenerates golden files from the oracles instead of checking them
/// (`BLESS=1`, as wasm-tools and insta spell it). Golden tests that honour it rewrite
/// their data file from the vendor tool's output, then check the new file as usual.
pub fn blessing() -> bool {
    std::env::var("BLESS").as_deref() == Ok("1")
}

/// Outcome of looking for an oracle.
pub enum Oracle {
    /// The tool's path.
    Found(PathBuf),
    /// Allowed to be missing (`GPUMEM_SKIP_ORACLES=1`): the caller returns early.
    Skip,
}

/// Finds tool `name` in `dir`; panics (fails the test) when it is missing and
/// skipping was not asked for.
pub fn require(dir: PathBuf, name: &str) -> Oracle {
    let p = dir.join(name);
    if p.is_file() {
        return Oracle::Found(p);
    }
    if std::env::var("GPUMEM_SKIP_ORACLES").as_deref() == Ok("1") {
        eprintln!(
            "oracle {name} missing at {}: skipped (GPUMEM_SKIP_ORACLES=1)",
            p.display()
        );
        return Oracle::Skip;
    }
    panic!(
        "oracle {name} not found at {}; run scripts/install-oracles.sh (or set GPUMEM_SKIP_ORACLES=1 to skip locally)",
        p.display()
    );
}

/// Runs a tool with `args`, feeding `stdin`, and returns (exit ok, stdout, stderr).
pub fn run(tool: &std::path::Path, args: &[&str], stdin: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(tool)
        .args(args)
        .env("LD_LIBRARY_PATH", llvm_lib_path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", tool.display()));
    let mut sin = child.stdin.take().expect("stdin is piped");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = sin.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for oracle");
    let _ = writer.join();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes `bytes` to a fresh temporary file and returns its path.
pub fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpumem-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write temp file");
    p
}
