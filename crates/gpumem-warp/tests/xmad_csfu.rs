//! `XMAD.CSFU`, the C sign fix-up, against the only evidence there is: the sequences
//! ptxas 11.8 emits for signed 32-bit multiplies. tests/ptx/xmad_csfu.ptx holds ten
//! kernels (`mul.hi`, `mul.wide`, `mad.hi`, `mad.wide`, `mul24.hi`, `mad24.hi` of `.s32`,
//! register and immediate multipliers); each compiles, for sm_50 and sm_52, to one
//! `XMAD.S16.S16.CSFU Rd, Ra.H1, Rb.H1, Rc` inside `XMAD`/`XMAD.U16.S16`/`XMAD.S16.U16.CHI`
//! /`IADD3.RS` (tests/cubins/xmad_csfu.sm_5x.sass). Every kernel runs from its committed
//! cubin over edge and random operands and must leave what the PTX instruction means,
//! computed here in 64-bit Rust arithmetic. The operand set is checked to contain the
//! cases that tell the chosen rule (SEMANTICS.md, "XMAD.CSFU") from the plausible
//! others: no fix-up at all, and a fix-up keyed on the two multiplied halves alone.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x1000_0000;
const A: u64 = 0x2000_0000;
const B: u64 = 0x3000_0000;
const C: u64 = 0x4000_0000;

/// Values whose halves hit every sign/zero combination of the fix-up's conditions.
const EDGES: [u32; 24] = [
    0,
    1,
    2,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0x1_0001,
    0x1_8000,
    0x7fff_8000,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0x8000_ffff,
    0xfffe_0000,
    0xffff_0000,
    0xffff_0001,
    0xffff_8000,
    0xffff_fffe,
    0xffff_ffff,
    0x1234_5678,
    0xedcb_a988,
    0x0001_ffff,
    0x8001_0000,
];

fn xorshift(seed: u32, n: usize) -> Vec<u32> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(12_345) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })
        .collect()
}

/// The operand pairs: every pair of edges, random words, and words built from random
/// and special halves (zero, one, `0x7fff`, `0x8000`, `0xffff`), so that zero and
/// negative halves meet in every combination.
fn operands() -> (Vec<u32>, Vec<u32>) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for &x in &EDGES {
        for &y in &EDGES {
            a.push(x);
            b.push(y);
        }
    }
    let r = xorshift(7, 4096);
    for k in 0..2048 {
        a.push(r[2 * k]);
        b.push(r[2 * k + 1]);
    }
    let halves = [0u32, 1, 0x7fff, 0x8000, 0xffff];
    let r = xorshift(11, 8192);
    for k in 0..2048 {
        let half = |v: u32| {
            let s = v % 8;
            if (s as usize) < halves.len() {
                halves[s as usize]
            } else {
                v >> 16
            }
        };
        let w = |i: usize| half(r[i]) << 16 | half(r[i].rotate_left(7));
        a.push(w(4 * k));
        b.push(w(4 * k + 2));
    }
    (a, b)
}

fn bytes32(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|v| v.to_le_bytes()).collect()
}
fn bytes64(w: &[u64]) -> Vec<u8> {
    w.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// One kernel: its name, whether it writes 64-bit results, the multiplier it fixes
/// (immediate forms) and the PTX meaning of `(a, b, c32, c64)`.
struct Kernel {
    name: &'static str,
    wide: bool,
    imm: Option<u32>,
    meaning: fn(u32, u32, u32, u64) -> u64,
}

fn s(x: u32) -> i64 {
    x as i32 as i64
}
/// The signed 24-bit value in `x`'s low bits.
fn s24(x: u32) -> i64 {
    ((x << 8) as i32 >> 8) as i64
}

fn kernels() -> Vec<Kernel> {
    vec![
        Kernel {
            name: "csfu_mul_hi",
            wide: false,
            imm: None,
            meaning: |a, b, _, _| ((s(a) * s(b)) >> 32) as u32 as u64,
        },
        Kernel {
            name: "csfu_mul_wide",
            wide: true,
            imm: None,
            meaning: |a, b, _, _| (s(a) * s(b)) as u64,
        },
        Kernel {
            name: "csfu_mad_hi",
            wide: false,
            imm: None,
            meaning: |a, b, c, _| (((s(a) * s(b)) >> 32) as u32).wrapping_add(c) as u64,
        },
        Kernel {
            name: "csfu_mad_wide",
            wide: true,
            imm: None,
            meaning: |a, b, _, c| ((s(a) * s(b)) as u64).wrapping_add(c),
        },
        // mul24.hi: bits 47..16 of the 48-bit product of the signed low 24 bits.
        Kernel {
            name: "csfu_mul24_hi",
            wide: false,
            imm: None,
            meaning: |a, b, _, _| ((s24(a) * s24(b)) >> 16) as u32 as u64,
        },
        Kernel {
            name: "csfu_mad24_hi",
            wide: false,
            imm: None,
            meaning: |a, b, c, _| (((s24(a) * s24(b)) >> 16) as u32).wrapping_add(c) as u64,
        },
        Kernel {
            name: "csfu_mul_hi_neg_imm",
            wide: false,
            imm: Some(-12345i32 as u32),
            meaning: |a, b, _, _| ((s(a) * s(b)) >> 32) as u32 as u64,
        },
        Kernel {
            name: "csfu_mul_hi_imm",
            wide: false,
            imm: Some(100_000),
            meaning: |a, b, _, _| ((s(a) * s(b)) >> 32) as u32 as u64,
        },
        Kernel {
            name: "csfu_mul_wide_neg_imm",
            wide: true,
            imm: Some(-100_000i32 as u32),
            meaning: |a, b, _, _| (s(a) * s(b)) as u64,
        },
        Kernel {
            name: "csfu_mul_wide_imm_ffff0000",
            wide: true,
            imm: Some(0xffff_0000),
            meaning: |a, b, _, _| (s(a) * s(b)) as u64,
        },
    ]
}

/// Runs `name` for `sm` over the operands; the results (64-bit words or 32-bit ones
/// widened).
fn run(name: &str, sm: &str, wide: bool, a: &[u32], b: &[u32], c64: &[u64]) -> Vec<u64> {
    let file = std::fs::read(format!(
        "{}/../../tests/cubins/xmad_csfu.{sm}.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&file, Some(name)).unwrap();
    let target = if sm == "sm_50" {
        Target::Sm50
    } else {
        Target::Sm52
    };
    let prog = Program::from_bytes(&k.code, target).unwrap();
    let n = a.len() as u32;
    let block = 128;
    let cfg = LaunchConfig {
        grid: [n.div_ceil(block), 1, 1],
        block: [block, 1, 1],
        registers: k.registers,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    let params = [
        OUT.to_le_bytes().as_slice(),
        &A.to_le_bytes(),
        &B.to_le_bytes(),
        &C.to_le_bytes(),
        &n.to_le_bytes(),
    ]
    .concat();
    emu.set_params(&params).unwrap();
    emu.mem.global.write(A, &bytes32(a)).unwrap();
    emu.mem.global.write(B, &bytes32(b)).unwrap();
    // The 64-bit addends; the 32-bit kernels read `C[i]` from the same base.
    emu.mem.global.write(C, &bytes64(c64)).unwrap();
    emu.run();
    assert!(
        emu.faults.is_empty(),
        "{name} {sm}: {:#?}",
        &emu.faults[..emu.faults.len().min(4)]
    );
    let size = if wide { 8 } else { 4 };
    let mut out = vec![0u8; size * a.len()];
    emu.mem.global.read(OUT, &mut out);
    out.chunks_exact(size)
        .map(|w| {
            let mut v = [0u8; 8];
            v[..size].copy_from_slice(w);
            u64::from_le_bytes(v)
        })
        .collect()
}

#[test]
fn ptxas_signed_multiplies_compute_their_ptx_meaning() {
    let (a, b_all) = operands();
    let n = a.len();
    let r = xorshift(13, 2 * n);
    let c64: Vec<u64> = (0..n)
        .map(|i| (r[2 * i] as u64) << 32 | r[2 * i + 1] as u64)
        .collect();
    // The 32-bit kernels' `C[i]`: word i of the same memory.
    let words: Vec<u32> = c64
        .iter()
        .flat_map(|v| [*v as u32, (v >> 32) as u32])
        .collect();
    let c = &words[..n];
    let mut checked = 0usize;
    for k in kernels() {
        let b: Vec<u32> = match k.imm {
            Some(m) => vec![m; n],
            None => b_all.clone(),
        };
        for sm in ["sm_50", "sm_52"] {
            let got = run(k.name, sm, k.wide, &a, &b, &c64);
            for i in 0..n {
                let want = (k.meaning)(a[i], b[i], c[i], c64[i]);
                assert_eq!(
                    got[i], want,
                    "{} {sm}: a={:#010x} b={:#010x} c={:#010x} c64={:#018x}",
                    k.name, a[i], b[i], c[i], c64[i]
                );
                checked += 1;
            }
        }
    }
    // 10 kernels, 2 targets, 4672 operand pairs each.
    assert_eq!(checked, 10 * 2 * n);
    assert_eq!(n, 24 * 24 + 2048 + 2048);
}

/// The operands separate the chosen rule from the alternatives: for
/// `XMAD.S16.S16.CSFU Ra.H1, Rb.H1` the fix-up counts a negative high half only when the
/// other operand's low half is non-zero. Pairs where that differs from "no fix-up" (a
/// negative high half meeting a non-zero low half) and from a rule keyed on the two high
/// halves alone ("both non-zero, one 0x10000 per negative one": a negative high half
/// meeting a zero low half, or a zero high half) all occur, with both terms at once too,
/// so the run above fails for either alternative.
#[test]
fn the_operands_tell_the_fix_up_from_its_alternatives() {
    let (a, b) = operands();
    let neg = |x: u32| x & 0x8000_0000 != 0;
    let (hi, lo) = (|x: u32| x >> 16, |x: u32| x & 0xffff);
    let mut cases = [0usize; 4];
    for (&x, &y) in a.iter().zip(&b) {
        let term_a = neg(x) && lo(y) != 0;
        let term_b = neg(y) && lo(x) != 0;
        if term_a && term_b {
            cases[0] += 1;
        }
        // A negative high half whose partner low half is zero: no fix-up.
        if neg(x) && lo(y) == 0 && hi(y) != 0 {
            cases[1] += 1;
        }
        // A negative high half against a zero high half and a non-zero low half.
        if neg(x) && hi(y) == 0 && lo(y) != 0 {
            cases[2] += 1;
        }
        if term_a != term_b {
            cases[3] += 1;
        }
    }
    for (k, &count) in cases.iter().enumerate() {
        assert!(count >= 20, "case {k}: only {count} operand pairs");
    }
}
