//! `tests/data/texrefs.cu`: texture references (`texture<T, dim, mode>`) bound to an
//! array, linear and pitched memory, rebound and unbound, read by kernels through the
//! handle the launch writes where ptxas reads it, and bad inputs, checked by the program.

#[test]
fn texture_references_bind_to_arrays_and_memory() {
    let (_, stderr) = super::run_checked("texrefs", &[]);
    assert!(
        stderr.contains("is not a registered texture reference"),
        "{stderr}"
    );
}
