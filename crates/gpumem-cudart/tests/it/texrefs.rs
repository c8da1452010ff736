//! `tests/data/texrefs.cu`: texture references (`texture<T, dim, mode>`) bound to an
//! array, linear and pitched memory, rebound and unbound, read by kernels through the
//! handle the launch writes where ptxas reads it, and bad inputs, checked by the program.

use std::path::PathBuf;

#[test]
fn texture_references_bind_to_arrays_and_memory() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let exe = dir.join("texrefs");
    super::build(
        &super::repo().join("crates/gpumem-cudart/tests/data/texrefs.cu"),
        &exe,
    );
    let out = super::run(&exe, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("failed: 0"),
        "{stdout}\n{stderr}"
    );
    assert!(
        stderr.contains("is not a registered texture reference"),
        "{stderr}"
    );
}
