//! Encodings of one operation that differ in form execute by the table's data (the
//! row's `Op`, its modifier values by `ModId`, its operand kinds, `Inst::po`), not by
//! names: `.PO` written or as two negations, SHF's direction, LOP/LOP3 with and without
//! a predicate destination, a register or an immediate B.

use gpumem_maxwell::Target;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x10_0000;

/// R0 = lane, R20 = OUT + 4*lane; runs `body` on one warp and returns each lane's word
/// at OUT.
fn lanes_out(body: &str) -> Vec<u32> {
    let src = format!(
        "S2R R0, SR_TID.X ;\nSHL R20, R0, 0x2 ;\nIADD32I R20, R20, 0x100000 ;\n{body}\nEXIT ;\n"
    );
    let prog = Program::from_sass(&src, Target::Sm50).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let mut emu = Emulator::new(
        &prog,
        LaunchConfig {
            registers: 32,
            ..LaunchConfig::default()
        },
    );
    emu.run();
    assert!(emu.faults.is_empty(), "{body}: {:?}", emu.faults);
    (0..32)
        .map(|l| {
            let mut b = [0; 4];
            emu.mem.global.read(OUT + 4 * l, &mut b);
            u32::from_le_bytes(b)
        })
        .collect()
}

fn expect(body: &str, f: impl Fn(u32) -> u32) {
    let got = lanes_out(body);
    for (l, g) in got.iter().enumerate() {
        assert_eq!(*g, f(l as u32), "{body}: lane {l}");
    }
}

#[test]
fn iadd_po_adds_one_whether_written_po_or_as_two_negations() {
    expect("IADD.PO R3, R0, R0 ;\nSTG [R20], R3 ;", |l| 2 * l + 1);
    expect("IADD R3, -R0, -R0 ;\nSTG [R20], R3 ;", |l| 2 * l + 1);
    // One negation is a subtraction.
    expect("IADD R3, R0, -R0 ;\nSTG [R20], R3 ;", |_| 0);
}

#[test]
fn shf_direction_comes_from_the_row() {
    expect("SHF.L R3, R0, 0x4, R0 ;\nSTG [R20], R3 ;", |l| l << 4);
    // Right: the low word of {R0, R0} >> 4.
    expect("SHF.R R3, R0, 0x4, R0 ;\nSTG [R20], R3 ;", |l| {
        l.rotate_right(4)
    });
}

#[test]
fn lop_and_lop3_with_and_without_a_predicate_destination() {
    expect(
        "LOP.AND.NZ P0, R3, R0, 0x1 ;\n@P0 IADD32I R3, R3, 0x100 ;\nSTG [R20], R3 ;",
        |l| if l & 1 != 0 { 0x101 } else { 0 },
    );
    expect("LOP32I.AND R3, R0, 0x1 ;\nSTG [R20], R3 ;", |l| l & 1);
    expect(
        "MOV32I R4, 0x3 ;\nLOP3.LUT R3, R0, R4, RZ, 0xc0 ;\nSTG [R20], R3 ;",
        |l| l & 3,
    );
    expect("LOP3.LUT R3, R0, 0x6, RZ, 0xc0 ;\nSTG [R20], R3 ;", |l| {
        l & 6
    });
}
