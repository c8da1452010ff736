//! `tests/data/surfaces.cu`: surface objects over arrays read and written by kernels
//! (SULD.D/SUST.D of 8 to 128 bits on 1-D, 2-D, 3-D, layered and cube-map arrays), the
//! clamp and zero boundary modes, texCubemap face selection, bad inputs, and trap mode's
//! fault, checked by the program itself.

use std::path::PathBuf;

#[test]
fn surface_objects_and_cube_maps_work_through_the_runtime() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let exe = dir.join("surfaces");
    super::build(
        &super::repo().join("crates/gpumem-cudart/tests/data/surfaces.cu"),
        &exe,
    );
    let out = super::run(&exe, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("failed: 0"),
        "{stdout}\n{stderr}"
    );
    // Bad inputs are named on standard error, and the trap names the coordinates.
    assert!(stderr.contains("cudaArraySurfaceLoadStore"), "{stderr}");
    assert!(stderr.contains("no live surface object"), "{stderr}");
    assert!(
        stderr.contains("surface access at (32, 0, 0) of 4 bytes is outside the 8x4x1 surface"),
        "{stderr}"
    );
}
