//! `tests/data/api.cu`: every implemented entry point, its results and error codes,
//! checked by the program itself.

use std::path::PathBuf;

#[test]
fn every_entry_point_returns_what_cuda_documents() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let exe = dir.join("api");
    super::build(
        &super::repo().join("crates/gpumem-cudart/tests/data/api.cu"),
        &exe,
    );
    let out = super::run(&exe, &[("GPUMEM_SUMMARY", "1")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("failed: 0"),
        "{stdout}\n{stderr}"
    );
    // Device printf at the synchronisation point, CTA by CTA, lanes in order.
    let said: String = (0..4)
        .map(|i| format!("say 7 1.50 from {}.{} [   ab]\n", i / 2, i % 2))
        .collect();
    assert!(
        stdout.contains(&format!("host before sync\n{said}host after sync\n")),
        "{stdout}"
    );
    // The unsupported call is named once, and the fault is described.
    assert_eq!(
        stderr
            .matches("cudaMallocMipmappedArray is not supported")
            .count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("kernel `_Z5faultPi` failed"), "{stderr}");
    assert!(stderr.contains("launches"), "the summary at exit: {stderr}");
}
