//! Any text: assembling must never panic; what assembles must disassemble.
#![no_main]
use gpumem_maxwell::{Target, assemble, disassemble};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(bin) = assemble(src, Target::Sm52) {
            assert!(disassemble(&bin, 0, Target::Sm52).is_ok(), "assembled output is whole bundles");
        }
    }
});
