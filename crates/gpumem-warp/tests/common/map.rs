//! A map kernel for value sweeps: element `i` of up to three 64-bit operand arrays goes
//! to thread `i` (`R2:R3`, `R4:R5`, `R6:R7`), the body leaves its result in `R8:R9`.

use gpumem_maxwell::Target;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const IN: [u64; 3] = [0x10_0000, 0x20_0000, 0x30_0000];
const OUT: u64 = 0x40_0000;
/// Threads (elements) per launch.
const BLOCK: usize = 1024;

/// Runs `body` over the elements of `ops` (each operand's values, as 64-bit patterns;
/// 32-bit operands use the low word), returning each element's `R8:R9`.
pub fn map(body: &str, ops: &[Vec<u64>]) -> Vec<u64> {
    let src = format!(
        "S2R R0, SR_TID.X ;\nSHL R20, R0, 0x3 ;\nLDG.64 R2, [R20+0x100000] ;\n\
         LDG.64 R4, [R20+0x200000] ;\nLDG.64 R6, [R20+0x300000] ;\nMOV R8, RZ ;\nMOV R9, RZ ;\n\
         {body}\nSTG.64 [R20+0x400000], R8 ;\nEXIT ;\n"
    );
    let prog = Program::from_sass(&src, Target::Sm52).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let n = ops.first().map_or(0, Vec::len);
    let mut out = Vec::with_capacity(n);
    for start in (0..n).step_by(BLOCK) {
        let end = (start + BLOCK).min(n);
        let mut emu = Emulator::new(
            &prog,
            LaunchConfig {
                registers: 32,
                block: [BLOCK as u32, 1, 1],
                ..LaunchConfig::default()
            },
        );
        for (k, op) in ops.iter().enumerate() {
            let b: Vec<u8> = op[start..end]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect();
            emu.mem.global.write(IN[k], &b).unwrap();
        }
        emu.run();
        assert!(emu.faults.is_empty(), "{body}: {:?}", emu.faults);
        let mut b = vec![0u8; 8 * (end - start)];
        emu.mem.global.read(OUT, &mut b);
        out.extend(
            b.chunks(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap())),
        );
    }
    out
}
