//! `tests/data/surfaces.cu`: surface objects over arrays read and written by kernels
//! (SULD.D/SUST.D of 8 to 128 bits on 1-D, 2-D, 3-D, layered and cube-map arrays), the
//! clamp and zero boundary modes, texCubemap face selection, bad inputs, and trap mode's
//! fault, checked by the program itself.

#[test]
fn surface_objects_and_cube_maps_work_through_the_runtime() {
    let (_, stderr) = super::run_checked("surfaces", &[]);
    // Bad inputs are named on standard error, and the trap names the coordinates.
    assert!(stderr.contains("cudaArraySurfaceLoadStore"), "{stderr}");
    assert!(stderr.contains("no live surface object"), "{stderr}");
    assert!(
        stderr.contains("surface access at (32, 0, 0) of 4 bytes is outside the 8x4x1 surface"),
        "{stderr}"
    );
}
