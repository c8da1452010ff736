//! Any bytes: disassembling (decode + render in every schedule style) and re-assembling
//! what was printed must never panic.
#![no_main]
use gpumem_maxwell::{SchedStyle, Target, assemble, disassemble, render};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let n = data.len() / 32 * 32;
    for target in Target::ALL {
        if let Ok(d) = disassemble(&data[..n], 0, target) {
            for style in [SchedStyle::None, SchedStyle::Annotations, SchedStyle::Maxas] {
                let text = render(&d, style, false);
                let _ = assemble(&text, target);
            }
        }
    }
    let _ = disassemble(data, 0, Target::Sm52);
    let _ = gpumem_maxwell::cubin::kernels(data);
});
