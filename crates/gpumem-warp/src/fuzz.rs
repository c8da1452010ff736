//! A fuzzing entry: a program and a small launch from arbitrary bytes.

use crate::config::{BoundsCheck, BoundsMode, LaunchConfig};
use crate::emulator::Emulator;
use crate::fault::Fault;
use crate::program::Program;
use gpumem_maxwell::Target;
use gpumem_mem::rules::{BankLimit, GenericWindows, MemConfig};

/// Builds a program and a small launch from arbitrary bytes and runs it under tight
/// limits (for cargo-fuzz). Never panics; the outcome is ignored.
///
/// Layout: byte 0 = block size - 1 (mod 64), byte 1 = grid size - 1 (mod 4), byte 2 =
/// registers (1..=255), byte 3 = config flags, then 8-byte little-endian words
/// (zero-padded to whole 32-byte bundles) as the instruction stream.
#[doc(hidden)]
pub fn fuzz_run(data: &[u8]) {
    let _ = fuzz_report(data);
}

/// [`fuzz_run`]'s run, returning the emulator's faults (for tests).
#[doc(hidden)]
pub fn fuzz_report(data: &[u8]) -> Vec<Fault> {
    let h = |i: usize| data.get(i).copied().unwrap_or(0);
    let mut code: Vec<u8> = data.iter().skip(4).copied().collect();
    if code.is_empty() {
        return Vec::new();
    }
    code.resize(code.len().div_ceil(32) * 32, 0);
    code.truncate(32 * 64);
    let Ok(prog) = Program::from_bytes(&code, Target::Sm52) else {
        return Vec::new();
    };
    let cfg = LaunchConfig {
        grid: [1 + (h(1) % 4) as u32, 1, 1],
        block: [1 + (h(0) % 64) as u32, 1, 1],
        registers: (h(2) as u32).clamp(1, 255),
        shared_bytes: 256,
        local_bytes: 64,
        max_steps: 2000,
        max_memory: 1 << 20,
        mem: MemConfig {
            fault_misaligned_store: h(3) & 1 != 0,
            fault_misaligned_window: h(3) & 2 != 0,
            bank_limit: if h(3) & 4 != 0 {
                BankLimit::Graphics
            } else {
                BankLimit::Compute
            },
        },
        windows: GenericWindows::default(),
        hazards: true,
        bounds: (h(3) & 8 != 0).then(|| {
            let mode = if h(3) & 16 != 0 {
                BoundsMode::Fault
            } else {
                BoundsMode::Warn
            };
            BoundsCheck::new([(0, 1 << 16)], mode)
        }),
        // Pools over the (input-filled) low memory: TEXS/TLDS decode whatever is there.
        textures: (h(3) & 32 != 0).then_some(gpumem_tex::head::Pools {
            headers: 0,
            header_count: 4,
            samplers: 0x80,
            sampler_count: 4,
        }),
    };
    let mut emu = Emulator::new(&prog, cfg);
    let _ = emu.set_params(&data[..data.len().min(64)]);
    emu.run();
    emu.faults
}
