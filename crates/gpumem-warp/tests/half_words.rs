//! Every modifier combination of every HADD2/HMUL2/HFMA2/HSET2/HSETP2, IMADSP and
//! VABSDIFF4 row (nvdisasm-valid words with random operands, guards and ignored bits, from
//! `gpumem_maxwell::sample`) executes on a warp whose named registers hold random words:
//! no panic, and only the combinations SEMANTICS.md leaves `unsupported` (`.CC`) fault.

use gpumem_maxwell::codec::ROWS;
use gpumem_maxwell::sample::{self, Rng};
use gpumem_maxwell::table::{ModId, Op};
use gpumem_maxwell::{Operand, RZ, Target, assemble};
use gpumem_warp::{Emulator, FaultKind, LaunchConfig, Program};

#[test]
fn every_row_and_modifier_combination_runs() {
    let ops = [
        Op::Hadd2,
        Op::Hmul2,
        Op::Hfma2,
        Op::Hset2,
        Op::Hsetp2,
        Op::Imadsp,
        Op::Vabsdiff4,
    ];
    let mut r = Rng(0x5eed);
    let (mut ran, mut cc) = (0, 0);
    for row in ROWS
        .iter()
        .copied()
        .filter(|row| ops.contains(&row.op) && row.on(Target::Sm52))
    {
        for mods in sample::mod_combos(row) {
            let addr = 0x100;
            let mut inst = sample::inst(&mut r, row, &mods, addr);
            inst.target = Target::Sm52;
            inst.ctrl.stall = 1;
            let word = gpumem_maxwell::encode(&inst, addr) | (r.next_u64() & row.ignored);
            let mut prefix = String::new();
            for o in &inst.operands {
                if let Operand::Reg { r: n, .. } = *o
                    && n != RZ
                {
                    // Half the time two f16 values (normal, subnormal, inf, NaN), else any word.
                    let v = r.next_u64() as u32;
                    let v = if r.below(2) == 0 {
                        v & 0x8fff_8fff | 0x3000_3000
                    } else {
                        v
                    };
                    prefix += &format!("MOV32I R{n}, {v:#x} ;\n");
                }
            }
            let mut code = assemble(&prefix, Target::Sm52).unwrap();
            code.extend(sample::to_bytes(&[(inst, word)]));
            code.extend(assemble("EXIT ;", Target::Sm52).unwrap());
            let prog = Program::from_bytes(&code, Target::Sm52).unwrap();
            let mut emu = Emulator::new(
                &prog,
                LaunchConfig {
                    hazards: false,
                    ..LaunchConfig::default()
                },
            );
            emu.run();
            let has_cc = row
                .mods
                .iter()
                .zip(&mods)
                .any(|(g, &v)| g.id == ModId::Cc && v == 1);
            if has_cc {
                cc += 1;
                assert!(
                    emu.faults.iter().all(|f| f.kind == FaultKind::Unsupported),
                    "{}: {:?}",
                    row.form,
                    emu.faults
                );
            } else {
                assert!(
                    emu.faults.is_empty(),
                    "{} {mods:?}: {:?}",
                    row.form,
                    emu.faults
                );
                ran += 1;
            }
        }
    }
    eprintln!("{ran} combinations ran, {cc} with .CC (unsupported)");
    assert!(ran > 3000, "{ran} combinations ran, {cc} with .CC");
}
