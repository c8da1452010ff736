//! PTX `vabsdiff4` compiled by ptxas 11.8 (tests/ptx/vabsdiff4.ptx; cubins and SASS in
//! tests/cubins/vabsdiff4.sm_5x.*): the two forms ptxas keeps as one VABSDIFF4
//! (`VABSDIFF4.U8.U8`, the merge into C with every byte, and `VABSDIFF4.U8.U8.ACC`, the
//! `.add` form), run from the cubins for sm_50 and sm_52 over edge and random operands.
//! Every result must equal the PTX ISA's definition ("SIMD Video Instructions: vadd4,
//! vsub4, vavrg4, vabsdiff4, vmin4, vmax4", its Semantics pseudocode), written out here.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin;
use gpumem_maxwell::table::Op;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x1000_0000;
const IN: u64 = 0x2000_0000;

/// `vabsdiff4.u32.u32.u32[.add] d, a, b, c` with the default selectors (`.b3210` of a,
/// `.b7654` of b) and mask (`.b3210`), no `.sat`: PTX's pseudocode line by line.
fn meaning(add: bool, a: u32, b: u32, c: u32) -> u32 {
    // extractAndSignExt_4: the bytes, zero-extended (.u32 types).
    let va: Vec<i64> = (0..4).map(|i| (a >> (8 * i) & 0xff) as i64).collect();
    let vb: Vec<i64> = (0..4).map(|i| (b >> (8 * i) & 0xff) as i64).collect();
    let vc: Vec<i64> = (0..4).map(|i| (c >> (8 * i) & 0xff) as i64).collect();
    let t: Vec<i64> = (0..4).map(|i| (va[i] - vb[i]).abs()).collect();
    let mask = [true; 4];
    if add {
        let mut d = c as i64;
        for i in 0..4 {
            d += if mask[i] { t[i] } else { 0 };
        }
        d as u32
    } else {
        let mut d = 0u32;
        for i in 0..4 {
            let x = if mask[i] { t[i] } else { vc[i] };
            d |= ((x as u32) & 0xff) << (8 * i);
        }
        d
    }
}

fn operands(n: usize) -> Vec<[u32; 3]> {
    let edges = [
        0,
        1,
        0x7f,
        0x80,
        0xff,
        0x8080_8080,
        0x7f7f_7f7f,
        0xffff_ffff,
        0x00ff_00ff,
    ];
    let mut out = vec![];
    for &a in &edges {
        for &b in &edges {
            out.push([a, b, edges[(a ^ b) as usize % edges.len()]]);
        }
    }
    let mut x = 0x1234_5678u32;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    while out.len() < n {
        out.push([next(), next(), next()]);
    }
    out
}

fn check(sm: &str, target: Target) {
    let file = std::fs::read(format!(
        "{}/../../tests/cubins/vabsdiff4.{sm}.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&file, Some("vabsdiff4_mix")).unwrap();
    let prog = Program::from_bytes(&k.code, target).unwrap();
    let n = prog
        .insts
        .iter()
        .filter(|i| matches!(i, Ok(i) if i.op.op == Op::Vabsdiff4))
        .count();
    assert_eq!(n, 2, "{sm}: VABSDIFF4s in the cubin");
    let ops = operands(1024);
    let block = 128u32;
    let mut emu = Emulator::new(
        &prog,
        LaunchConfig {
            grid: [ops.len() as u32 / block, 1, 1],
            block: [block, 1, 1],
            registers: k.registers,
            ..LaunchConfig::default()
        },
    );
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.set_params(&[OUT.to_le_bytes(), IN.to_le_bytes()].concat())
        .unwrap();
    let input: Vec<u8> = ops
        .iter()
        .flat_map(|&[a, b, c]| [a, b, c, 0])
        .flat_map(u32::to_le_bytes)
        .collect();
    emu.mem.global.write(IN, &input).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{sm}: {:?}", &emu.faults[..1]);
    let mut out = vec![0u8; 8 * ops.len()];
    emu.mem.global.read(OUT, &mut out);
    let mut bad = vec![];
    for (t, &[a, b, c]) in ops.iter().enumerate() {
        for (k, add) in [false, true].into_iter().enumerate() {
            let i = 8 * t + 4 * k;
            let got = u32::from_le_bytes(out[i..i + 4].try_into().unwrap());
            let want = meaning(add, a, b, c);
            if got != want {
                bad.push(format!(
                    "add={add} a={a:#x} b={b:#x} c={c:#x}: {got:#x}, want {want:#x}"
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{sm}: {} of {} differ:\n{}",
        bad.len(),
        2 * ops.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn vabsdiff4_sm50_matches_ptx() {
    check("sm_50", Target::Sm50);
}

#[test]
fn vabsdiff4_sm52_matches_ptx() {
    check("sm_52", Target::Sm52);
}

/// The reference on cases worked by hand.
#[test]
fn the_reference_on_hand_cases() {
    assert_eq!(meaning(false, 0x10ff_0005, 0x2000_0a00, 0), 0x10ff_0a05);
    assert_eq!(meaning(true, 0x10ff_0005, 0x2000_0a00, 100), 386);
    assert_eq!(meaning(true, 0xffff_ffff, 0, 0xffff_ffff), 1019);
}
