//! `tests/data/devlib.cu`: device malloc/free and new/delete, cooperative launches with
//! `grid.sync()`, a failed `assert` and a bad `free`, checked by the program itself; the
//! assert lines as CUDA prints them on standard error.

#[test]
fn device_library_calls_and_cooperative_launches() {
    let (_, stderr) = super::run_checked("devlib", &[("GPUMEM_SUMMARY", "1")]);
    // Threads 60-63 (CTA 1, threads 28-31) fail the assert; each prints CUDA's line.
    for t in 28..32 {
        let line = format!(
            "devlib.cu:71: void check_below(int): block: [1,0,0], thread: [{t},0,0] \
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
