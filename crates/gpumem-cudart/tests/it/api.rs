//! `tests/data/api.cu`: every implemented entry point, its results and error codes,
//! checked by the program itself.

#[test]
fn every_entry_point_returns_what_cuda_documents() {
    let (stdout, stderr) = super::run_checked("api", &[("GPUMEM_SUMMARY", "1")]);
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
