//! The runtime's integration tests: struct layouts against CUDA 11.8's headers, and C/CUDA
//! programs built by nvcc 11.8 with `-cudart shared`, linked against this crate's
//! `libcudart.so.11.0` and run. nvcc comes from `GPUMEM_NVCC`, else from
//! `scripts/install-oracles.sh` and `scripts/install-nvcc.sh` (as
//! `scripts/build-cuda-samples.sh` finds it); a missing nvcc fails the tests.

mod api;
mod devlib;
mod layout;
mod surfaces;
mod texrefs;
mod textures;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The repository root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// CUDA 11.8's headers (next to nvcc, as scripts/install-nvcc.sh lays them out).
fn cuda_include() -> PathBuf {
    gpumem_oracle::cuda_dev().join("include")
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
        gpumem_oracle::cudart_link_dir(
            &so,
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cudart"),
        )
    })
    .clone()
}

/// Builds `src` (a .cu file) with `nvcc -cudart shared -arch=sm_52` into `out`.
fn build(src: &Path, out: &Path) {
    let o = gpumem_oracle::nvcc_program(&cudart_dir(), true)
        .arg("-o")
        .arg(out)
        .arg(src)
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

/// Builds `tests/data/NAME.cu`, runs it with `env` and checks that it passed every one of
/// its own checks (`check.h`: exit 0 and "failed: 0"); its standard output and error.
fn run_checked(name: &str, env: &[(&str, &str)]) -> (String, String) {
    let exe = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    build(
        &repo().join(format!("crates/gpumem-cudart/tests/data/{name}.cu")),
        &exe,
    );
    let out = run(&exe, env);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success() && stdout.contains("failed: 0"),
        "{stdout}\n{stderr}"
    );
    (stdout, stderr)
}
