//! The runtime's integration tests: struct layouts against CUDA 11.8's headers, and C/CUDA
//! programs built by nvcc 11.8 with `-cudart shared`, linked against this crate's
//! `libcudart.so.11.0` and run. nvcc comes from `GPUMEM_NVCC`, else from
//! `scripts/install-oracles.sh` and `scripts/install-nvcc.sh` (as
//! `scripts/build-cuda-samples.sh` finds it); a missing nvcc fails the tests.

mod api;
mod layout;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The repository root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// nvcc 11.8.
fn nvcc() -> PathBuf {
    static NVCC: OnceLock<PathBuf> = OnceLock::new();
    NVCC.get_or_init(|| {
        if let Some(p) = std::env::var_os("GPUMEM_NVCC") {
            return PathBuf::from(p);
        }
        let out = Command::new("bash")
            .arg("-c")
            .arg("eval \"$(bash scripts/install-oracles.sh)\" >&2 && bash scripts/install-nvcc.sh")
            .current_dir(repo())
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

/// CUDA 11.8's headers (next to nvcc, as scripts/install-nvcc.sh lays them out).
fn cuda_include() -> PathBuf {
    let n = nvcc();
    let root = n.parent().and_then(|p| p.parent()).expect("nvcc's folder");
    let inc = root.join("cuda-dev/usr/include");
    assert!(
        inc.join("cuda_runtime_api.h").exists(),
        "no CUDA headers at {}",
        inc.display()
    );
    inc
}

/// A folder with `libcudart.so` and `libcudart.so.11.0` naming this crate's cdylib, and
/// `libcudadevrt.a` (nvcc links it by default), for `-L` and `LD_LIBRARY_PATH`.
fn cudart_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // `cargo test` builds the cdylib beside the test binary (target/<profile>/deps).
        let exe = std::env::current_exe().expect("test binary path");
        let so = exe.with_file_name("libgpumem_cudart.so");
        assert!(so.exists(), "no cdylib at {}", so.display());
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cudart");
        std::fs::create_dir_all(&dir).expect("mkdir");
        for name in ["libcudart.so", "libcudart.so.11.0"] {
            let l = dir.join(name);
            let _ = std::fs::remove_file(&l);
            std::os::unix::fs::symlink(&so, &l).expect("symlink");
        }
        let devrt = cuda_include().join("../lib/x86_64-linux-gnu/libcudadevrt.a");
        let l = dir.join("libcudadevrt.a");
        let _ = std::fs::remove_file(&l);
        std::os::unix::fs::symlink(&devrt, &l).expect("symlink");
        dir
    })
    .clone()
}

/// Builds `src` (a .cu file) with `nvcc -cudart shared -arch=sm_52` into `out`.
fn build(src: &Path, out: &Path) {
    let o = Command::new(nvcc())
        .args([
            "-ccbin",
            "/usr/bin/gcc",
            "-allow-unsupported-compiler",
            "-w",
        ])
        .args(["-arch=sm_52", "-cudart", "shared", "-o"])
        .arg(out)
        .arg(src)
        .arg("-L")
        .arg(cudart_dir())
        .output()
        .expect("nvcc runs");
    assert!(
        o.status.success(),
        "nvcc failed on {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Runs a program built by [`build`] against this crate's runtime.
fn run(exe: &Path, env: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(exe);
    c.env("LD_LIBRARY_PATH", cudart_dir());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("the program runs")
}
