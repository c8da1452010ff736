//! Pascal's double-precision atomics from PTX `atom.global.add.f64` and
//! `red.global.add.f64` compiled by ptxas 11.8 for sm_60 and sm_61
//! (tests/ptx/sm60/atom_f64.ptx; cubins and SASS in tests/cubins/atom_f64.sm_6x.*): ptxas
//! emits `ATOM.E.ADD.F64.RN` and `RED.E.ADD.F64.RN`. Each thread adds its operand to its
//! own f64 in memory (no order between lanes to depend on) and 1.0 to a shared sum. The
//! PTX ISA defines `atom.add.f64` as an IEEE add rounded to nearest even with subnormals
//! kept (only `atom.add.f32` flushes them): the old value must come back unchanged and the
//! new one must be the host's f64 sum, bit for bit (NaN results: a NaN).

use crate::common::triples;
use gpumem_maxwell::Target;
use gpumem_maxwell::table::Op;
use gpumem_warp::{Emulator, LaunchConfig};

const OUT: u64 = 0x1000_0000;
const IN: u64 = 0x2000_0000;
const SUM: u64 = 0x3000_0000;
const BLOCK: u32 = 64;

/// (memory value, operand) pairs: zeros of both signs, subnormals, the largest finite
/// values (overflow to infinity), infinities, NaNs, halfway cases, then xorshift bits.
fn operands(n: usize) -> Vec<(u64, u64)> {
    let edges: [u64; 14] = [
        0,
        1 << 63,
        1,                     // the smallest subnormal
        0x000f_ffff_ffff_ffff, // the largest subnormal
        0x0010_0000_0000_0000, // the smallest normal
        0x7fef_ffff_ffff_ffff, // the largest finite
        0xffef_ffff_ffff_ffff,
        0x7ff0_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0x7ff8_0000_0000_0001,
        0x3ff0_0000_0000_0000,
        0x3ca0_0000_0000_0000, // 2^-53: 1 + 2^-53 is a tie
        0x3ca0_0000_0000_0001,
        0xbff0_0000_0000_0001,
    ];
    let mut out = vec![];
    for &a in &edges {
        for &b in &edges {
            out.push((a, b));
        }
    }
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    while out.len() < n {
        // Exponents near each other, so that the sums round.
        let a = next();
        let b = (next() & 0x800f_ffff_ffff_ffff) | (a & 0x7ff0_0000_0000_0000);
        out.push((a, b));
    }
    out
}

fn check(sm: &str, target: Target) {
    let (k, prog) = triples::load(&format!("atom_f64.{sm}.cubin"), "atom_f64", target);
    let count = |op: Op| {
        prog.insts
            .iter()
            .filter(|i| matches!(i, Ok(i) if i.op.op == op))
            .count()
    };
    assert_eq!((count(Op::Atom), count(Op::Red)), (1, 1), "{sm}");
    let ops = operands(16 * BLOCK as usize);
    let mut emu = Emulator::new(
        &prog,
        LaunchConfig {
            grid: [ops.len() as u32 / BLOCK, 1, 1],
            block: [BLOCK, 1, 1],
            registers: k.registers,
            ..LaunchConfig::default()
        },
    );
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.set_params(&[OUT.to_le_bytes(), IN.to_le_bytes(), SUM.to_le_bytes()].concat())
        .unwrap();
    let input: Vec<u8> = ops
        .iter()
        .flat_map(|&(m, v)| [m, v])
        .flat_map(u64::to_le_bytes)
        .collect();
    emu.mem.global.write(IN, &input).unwrap();
    emu.mem.global.write(SUM, &0f64.to_le_bytes()).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{sm}: {:?}", &emu.faults[..1]);
    let mut out = vec![0u8; 16 * ops.len()];
    emu.mem.global.read(OUT, &mut out);
    let words: Vec<u64> = out
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().unwrap()))
        .collect();
    let mut bad = vec![];
    for (t, &(m, v)) in ops.iter().enumerate() {
        let (old, new) = (words[2 * t], words[2 * t + 1]);
        let want = f64::from_bits(m) + f64::from_bits(v);
        let ok_new = if want.is_nan() {
            f64::from_bits(new).is_nan()
        } else {
            new == want.to_bits()
        };
        if old != m || !ok_new {
            bad.push(format!(
                "m={m:#018x} v={v:#018x}: old {old:#018x}, new {new:#018x}, want {:#018x}",
                want.to_bits()
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{sm}: {} of {} differ:\n{}",
        bad.len(),
        ops.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    let mut sum = [0u8; 8];
    emu.mem.global.read(SUM, &mut sum);
    assert_eq!(f64::from_le_bytes(sum), ops.len() as f64, "{sm}: RED sum");
}

#[test]
fn atom_red_add_f64_sm60_match_ptx() {
    check("sm_60", Target::Sm60);
}

#[test]
fn atom_red_add_f64_sm61_match_ptx() {
    check("sm_61", Target::Sm61);
}

/// Maxwell has no f64 atomic: the sm_60 words decoded for sm_52 are refused, naming the
/// Pascal SMs.
#[test]
fn sm52_refuses_the_f64_atomics() {
    let path = format!(
        "{}/../../tests/cubins/atom_f64.sm_60.cubin",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap();
    let k = gpumem_maxwell::cubin::kernel(&bytes, Some("atom_f64")).unwrap();
    let text = gpumem_maxwell::disassemble(&k.code, 0, Target::Sm52).unwrap();
    let errs: Vec<String> = text
        .lines
        .iter()
        .filter_map(|l| l.inst.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert_eq!(errs.len(), 2, "{errs:?}");
}
