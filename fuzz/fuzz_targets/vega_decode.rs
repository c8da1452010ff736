//! Any bytes: decoding, printing and re-assembling the printed text must never panic.
#![no_main]
use gpumem_vega::{Target, assemble, disassemble};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for target in [Target::Gfx900, Target::Gfx906] {
        let lines = disassemble(data, target);
        let text: Vec<String> = lines.iter().filter_map(|l| l.text.as_ref().ok().cloned()).collect();
        let _ = assemble(&text.join("\n"), target);
    }
});
