//! `tests/data/textures.cu`: arrays, copies to and from them and texture objects read by
//! kernels (point, linear, wrap, 1-D buffer, pitch-2D, 3-D, layered, normalized reads),
//! and the error codes of bad inputs, checked by the program itself.

#[test]
fn arrays_and_texture_objects_work_through_the_runtime() {
    let (_, stderr) = super::run_checked("textures", &[]);
    // Bad inputs are named on standard error.
    assert!(stderr.contains("no live texture object"), "{stderr}");
    assert!(stderr.contains("three channels"), "{stderr}");
}
