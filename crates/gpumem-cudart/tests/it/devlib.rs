//! `tests/data/devlib.cu`: device malloc/free and new/delete, cooperative launches with
//! `grid.sync()`, a failed `assert` and a bad `free`, checked by the program itself; the
//! assert lines as CUDA prints them on standard error.

use std::path::PathBuf;

#[test]
fn device_library_calls_and_cooperative_launches() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let exe = dir.join("devlib");
    super::build(
        &super::repo().join("crates/gpumem-cudart/tests/data/devlib.cu"),
        &exe,
    );
    let out = super::run(&exe, &[("GPUMEM_SUMMARY", "1")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("failed: 0"),
        "{stdout}\n{stderr}"
    );
    // Threads 60-63 (CTA 1, threads 28-31) fail the assert; each prints CUDA's line.
    for t in 28..32 {
        let line = format!(
            "devlib.cu:93: void check_below(int): block: [1,0,0], thread: [{t},0,0] \
             Assertion `i < n` failed.\n"
        );
        assert_eq!(stderr.matches(&line).count(), 1, "{line}\n{stderr}");
    }
    assert_eq!(stderr.matches("] Assertion `").count(), 4, "{stderr}");
    assert!(
        stderr.contains("cudaErrorAssert"),
        "the launch's failure names the error: {stderr}"
    );
    // The bad free is named with the block it lies in.
    assert!(
        stderr.contains("invalid_free")
            && stderr.contains("it lies 4 bytes into the 64-byte block"),
        "{stderr}"
    );
}
