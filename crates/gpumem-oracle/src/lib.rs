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

/// nvcc 11.8 for host builds (`GPUMEM_NVCC`, else made usable by
/// `scripts/install-oracles.sh` and `scripts/install-nvcc.sh`, run from the repository).
/// A missing nvcc fails the calling test, as a missing oracle does.
pub fn nvcc() -> PathBuf {
    static NVCC: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    NVCC.get_or_init(|| {
        if let Some(p) = std::env::var_os("GPUMEM_NVCC") {
            return PathBuf::from(p);
        }
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let out = Command::new("bash")
            .arg("-c")
            .arg("eval \"$(bash scripts/install-oracles.sh)\" >&2 && bash scripts/install-nvcc.sh")
            .current_dir(repo)
            .output()
            .expect("bash runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("export GPUMEM_NVCC="))
            .unwrap_or_else(|| {
                panic!(
                    "nvcc 11.8 not found: set GPUMEM_NVCC or make scripts/install-nvcc.sh work \
                     ({})",
                    String::from_utf8_lossy(&out.stderr)
                )
            });
        PathBuf::from(line.trim())
    })
    .clone()
}

/// The CUDA headers and libraries beside [`nvcc`], as `scripts/install-nvcc.sh` lays them
/// out (`cuda-dev/usr`: `include/`, `lib/x86_64-linux-gnu/`).
pub fn cuda_dev() -> PathBuf {
    let n = nvcc();
    let root = n.parent().and_then(|p| p.parent()).expect("nvcc's folder");
    let dev = root.join("cuda-dev/usr");
    assert!(
        dev.join("include/cuda_runtime_api.h").exists(),
        "no CUDA headers at {}",
        dev.display()
    );
    dev
}

/// Makes `dir` a folder for nvcc's `-L` and a program's `LD_LIBRARY_PATH`:
/// `libcudart.so` and `libcudart.so.11.0` naming `cudart` (gpumem's runtime), and CUDA's
/// `libcudadevrt.a` (nvcc links it by default). Returns `dir`.
pub fn cudart_link_dir(cudart: &std::path::Path, dir: PathBuf) -> PathBuf {
    std::fs::create_dir_all(&dir).expect("mkdir");
    let devrt = cuda_dev().join("lib/x86_64-linux-gnu/libcudadevrt.a");
    for (name, target) in [
        ("libcudart.so", cudart),
        ("libcudart.so.11.0", cudart),
        ("libcudadevrt.a", devrt.as_path()),
    ] {
        let l = dir.join(name);
        let _ = std::fs::remove_file(&l);
        std::os::unix::fs::symlink(target, &l).expect("symlink");
    }
    dir
}

/// An nvcc 11.8 command for a host program for sm_52 (gcc 12 as the host compiler, which
/// nvcc 11.8 calls unsupported; warnings off), linking from `link_dir` and CUDA's own
/// library folder; with `shared`, against `-cudart shared`.
pub fn nvcc_program(link_dir: &std::path::Path, shared: bool) -> Command {
    let mut c = Command::new(nvcc());
    c.args([
        "-ccbin",
        "/usr/bin/gcc",
        "-allow-unsupported-compiler",
        "-w",
        "-arch=sm_52",
    ]);
    if shared {
        c.args(["-cudart", "shared"]);
    }
    c.arg("-L")
        .arg(link_dir)
        .arg("-L")
        .arg(cuda_dev().join("lib/x86_64-linux-gnu"));
    c
}
