//! Arbitrary decoded Maxwell programs with arbitrary launch manifests, run with tight
//! step and memory limits: faults are values, never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    gpumem_warp::fuzz_run(data);
});
