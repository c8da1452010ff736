//! Arbitrary Vega scalar programs with arbitrary wave/cache configurations, run with
//! tight limits: faults and hazards are values, never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = gpumem_wave::fuzz_run(data);
});
