//! Any text: assembling and linting must never panic.
#![no_main]
use gpumem_vega::{Target, assemble, lint};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        let _ = assemble(src, Target::Gfx900);
        let _ = lint(src, Target::Gfx906);
    }
});
