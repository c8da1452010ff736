//! IMADSP, every A/B/C type combination (8 x 4 x 3), over edge and random operands,
//! against the definition SEMANTICS.md states ("IMADSP"), written out here: each operand's
//! part (the word, its low 24 bits, its low or high half) sign- or zero-extended, the
//! product plus C at full precision, the low 32 bits written. No compiler emits IMADSP
//! (ptxas 11.8 lowers `mad24`/`mul24` to XMAD), so this pins gpumem's reading of nvdisasm's
//! type names; it is not hardware evidence.

use gpumem_maxwell::Target;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const IN: u64 = 0x100_0000;
const OUT: u64 = 0x800_0000;

/// A type name's part of `v` as a 128-bit integer.
fn part(v: u32, ty: &str) -> i128 {
    let signed = ty.starts_with('S');
    let (x, bits) = match &ty[1..] {
        "32" => (v as u128, 32),
        "24" => ((v & 0xff_ffff) as u128, 24),
        "16H0" => ((v & 0xffff) as u128, 16),
        "16H1" => ((v >> 16) as u128, 16),
        t => panic!("type {t}"),
    };
    if signed && x >> (bits - 1) & 1 == 1 {
        x as i128 - (1i128 << bits)
    } else {
        x as i128
    }
}

const A: [&str; 8] = [
    "U32", "S32", "U24", "S24", "U16H0", "S16H0", "U16H1", "S16H1",
];
const B: [&str; 4] = ["U24", "S24", "U16H0", "S16H0"];
const C: [&str; 3] = ["32", "24", "16H0"];

fn combos() -> Vec<(String, String, String)> {
    let mut v = vec![];
    for a in A {
        for b in B {
            for c in C {
                let s = if a.starts_with('S') || b.starts_with('S') {
                    "S"
                } else {
                    "U"
                };
                v.push((a.to_string(), b.to_string(), format!("{s}{c}")));
            }
        }
    }
    v
}

#[test]
fn imadsp_matches_its_definition_for_every_type() {
    let cs = combos();
    let mut src = String::from(
        "S2R R0, SR_TID.X ;\nS2R R1, SR_CTAID.X ;\nISCADD R2, R1, R0, 0x7 ;\n\
         SHL R3, R2, 0x4 ;\nIADD32I R3, R3, 0x1000000 ;\nMOV32I R8, 0x180 ;\n\
         XMAD R10, R2, R8, RZ ;\nXMAD.PSL R10, R2.H1, R8, R10 ;\nIADD32I R10, R10, 0x8000000 ;\n\
         LDG R4, [R3] ;\nLDG R5, [R3+0x4] ;\nLDG R6, [R3+0x8] ;\n",
    );
    for (k, (a, b, c)) in cs.iter().enumerate() {
        src += &format!(
            "IMADSP.{a}.{b}.{c} R7, R4, R5, R6 ;\nSTG [R10+{:#x}], R7 ;\n",
            4 * k
        );
    }
    src += "EXIT ;\n";
    let prog = Program::from_sass(&src, Target::Sm50).unwrap();
    let edges = [
        0u32,
        1,
        0x7f_ffff,
        0x80_0000,
        0xff_ffff,
        0x7fff,
        0x8000,
        0xffff,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x1234_5678,
        0x8001_7fff,
    ];
    let mut ops = vec![];
    for &a in &edges {
        for &b in &edges {
            ops.push([a, b, edges[(a ^ b) as usize % edges.len()]]);
        }
    }
    let mut x = 0xdead_beefu32;
    while ops.len() < 1024 {
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        ops.push([next(), next(), next()]);
    }
    let block = 128u32;
    let mut emu = Emulator::new(
        &prog,
        LaunchConfig {
            grid: [ops.len() as u32 / block, 1, 1],
            block: [block, 1, 1],
            registers: 16,
            hazards: false,
            ..LaunchConfig::default()
        },
    );
    let input: Vec<u8> = ops
        .iter()
        .flat_map(|&[a, b, c]| [a, b, c, 0])
        .flat_map(u32::to_le_bytes)
        .collect();
    emu.mem.global.write(IN, &input).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{:?}", &emu.faults[..1]);
    let stride = 0x180;
    assert!(4 * cs.len() <= stride);
    let mut out = vec![0u8; stride * ops.len()];
    emu.mem.global.read(OUT, &mut out);
    let mut bad = vec![];
    for (t, &[a, b, c]) in ops.iter().enumerate() {
        for (k, (ta, tb, tc)) in cs.iter().enumerate() {
            let i = stride * t + 4 * k;
            let got = u32::from_le_bytes(out[i..i + 4].try_into().unwrap());
            let want = (part(a, ta) * part(b, tb) + part(c, tc)) as u32;
            if got != want {
                bad.push(format!(
                    "IMADSP.{ta}.{tb}.{tc} a={a:#x} b={b:#x} c={c:#x}: {got:#x}, want {want:#x}"
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        cs.len() * ops.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

/// The definition on cases worked by hand.
#[test]
fn the_reference_on_hand_cases() {
    assert_eq!(part(0x00ff_ffff, "S24"), -1);
    assert_eq!(part(0x00ff_ffff, "U24"), 0xff_ffff);
    assert_eq!(part(0xfffe_0000, "S16H1"), -2);
    assert_eq!(part(0x8000_0001, "U16H0"), 1);
    assert_eq!(part(0x8000_0000, "S32"), -(1i128 << 31));
}
