//! `tests/data/textures.cu`: arrays, copies to and from them and texture objects read by
//! kernels (point, linear, wrap, 1-D buffer, pitch-2D, 3-D, layered, normalized reads),
//! and the error codes of bad inputs, checked by the program itself.

use std::path::PathBuf;

#[test]
fn arrays_and_texture_objects_work_through_the_runtime() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let exe = dir.join("textures");
    super::build(
        &super::repo().join("crates/gpumem-cudart/tests/data/textures.cu"),
        &exe,
    );
    let out = super::run(&exe, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("failed: 0"),
        "{stdout}\n{stderr}"
    );
    // Bad inputs are named on standard error.
    assert!(stderr.contains("no live texture object"), "{stderr}");
    assert!(stderr.contains("three channels"), "{stderr}");
}
