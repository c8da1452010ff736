//! HADD2, HMUL2 and HFMA2 (plain, `.FTZ`, `.SAT`) against a reference written here from
//! scratch: every finite f16 is an integer multiple of 2^-24, so sums, products and fused
//! multiply-adds are computed exactly as integers (i128) and rounded to binary16 by an
//! explicit round-to-nearest-even step; infinities, NaNs and signed zeros follow IEEE
//! 754's rules, NaN results are the canonical 0x7fff (SEMANTICS.md, "Half precision"). No
//! soft-float library is used on this side. Operands: every pair of edge halves (zeros,
//! subnormals, the normal range's ends, infinities, NaNs, values around 1), sums built to
//! land exactly halfway between two f16 values, and random halves.

use gpumem_maxwell::Target;
use gpumem_warp::{Emulator, LaunchConfig, Program};

#[allow(dead_code)]
use crate::f16ref;
use f16ref::{Op, reference};

const IN: u64 = 0x100_0000;
const OUT: u64 = 0x800_0000;

/// Operand triples (as words: H1 << 16 | H0).
fn operands() -> Vec<[u32; 3]> {
    let edges: [u16; 24] = [
        0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x0401, 0x7bff, 0xfbff, 0x7c00,
        0xfc00, 0x7e00, 0x7c01, 0x3c00, 0xbc00, 0x3c01, 0x3bff, 0x3800, 0x0200, 0x5bff, 0x1000,
        0x7800, 0xb401,
    ];
    let mut x = 0x9e37_79b9u32;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let mut out = vec![];
    // Every pair of edges (H0), every pair shifted by one (H1); C cycles through them.
    for (i, &a) in edges.iter().enumerate() {
        for (j, &b) in edges.iter().enumerate() {
            let (a1, b1) = (edges[(i + 1) % 24], edges[(j + 5) % 24]);
            let c0 = edges[(i * 7 + j) % 24];
            let c1 = edges[(i + j * 3) % 24];
            out.push([
                (a1 as u32) << 16 | a as u32,
                (b1 as u32) << 16 | b as u32,
                (c1 as u32) << 16 | c0 as u32,
            ]);
        }
    }
    // Halfway sums: a normal a with exponent field e (ulp 2^(e-25)), b = ±half an ulp
    // or ±three halves of one: a + b lies exactly between two f16 values.
    let times_pow2 = |m: u16, k: i32| -> u16 {
        // m * 2^k for m = 1 (0x400 mantissa) or 3 (1.5 * 2^(k+1)).
        if m == 1 {
            if k >= -14 {
                ((k + 15) as u16) << 10
            } else {
                1 << (k + 24)
            }
        } else if k + 1 >= -14 {
            ((k + 16) as u16) << 10 | 0x200
        } else {
            3 << (k + 24)
        }
    };
    for _ in 0..1024 {
        let r = next();
        let e = 2 + (r >> 10) % 28;
        let a = (e << 10 | (r & 0x3ff)) as u16 | ((r >> 20) as u16 & 0x8000);
        let k = e as i32 - 26;
        let sb = (r >> 5) as u16 & 0x8000;
        out.push([
            (a as u32) << 16 | a as u32,
            ((times_pow2(3, k) | sb) as u32) << 16 | (times_pow2(1, k) | sb) as u32,
            next() & 0x7bff_7bff,
        ]);
    }
    while out.len() < 8192 {
        out.push([next(), next(), next()]);
    }
    out
}

/// The kernel: thread `t` reads its triple at IN + 16t and writes five results at
/// OUT + 32t.
const KERNEL: &str = "
S2R R0, SR_TID.X ;
S2R R1, SR_CTAID.X ;
ISCADD R2, R1, R0, 0x7 ;
SHL R3, R2, 0x4 ;
IADD32I R3, R3, 0x1000000 ;
SHL R10, R2, 0x5 ;
IADD32I R10, R10, 0x8000000 ;
LDG R4, [R3] ;
LDG R5, [R3+0x4] ;
LDG R6, [R3+0x8] ;
HADD2 R7, R4, R5 ;
HMUL2 R8, R4, R5 ;
HFMA2 R9, R4, R5, R6 ;
HADD2.FTZ R11, R4, R5 ;
HFMA2.FTZ.SAT R12, R4, R5, R6 ;
HMUL2.SAT R13, R4, R5 ;
STG [R10], R7 ;
STG [R10+0x4], R8 ;
STG [R10+0x8], R9 ;
STG [R10+0xc], R11 ;
STG [R10+0x10], R12 ;
STG [R10+0x14], R13 ;
EXIT ;
";

/// (operation, `.FTZ`, `.SAT`) of each stored result, in order.
const OUTS: [(Op, bool, bool); 6] = [
    (Op::Add, false, false),
    (Op::Mul, false, false),
    (Op::Fma, false, false),
    (Op::Add, true, false),
    (Op::Fma, true, true),
    (Op::Mul, false, true),
];

#[test]
fn hadd2_hmul2_hfma2_match_the_exact_reference() {
    let ops = operands();
    let prog = Program::from_sass(KERNEL, Target::Sm52).unwrap();
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
    let mut out = vec![0u8; 32 * ops.len()];
    emu.mem.global.read(OUT, &mut out);
    let word = |i: usize| u32::from_le_bytes(out[4 * i..4 * i + 4].try_into().unwrap());
    let mut bad = vec![];
    let mut checked = 0;
    for (t, &[a, b, c]) in ops.iter().enumerate() {
        for (k, &(op, ftz, sat)) in OUTS.iter().enumerate() {
            let got = word(8 * t + k);
            for lane in 0..2 {
                let h = |w: u32| (w >> (16 * lane)) as u16;
                let want = reference(op, h(a), h(b), h(c), ftz, sat);
                checked += 1;
                if h(got) != want {
                    bad.push(format!(
                        "out {k} lane {lane}: a={:#06x} b={:#06x} c={:#06x}: {:#06x}, want {want:#06x}",
                        h(a),
                        h(b),
                        h(c),
                        h(got)
                    ));
                }
            }
        }
    }
    assert_eq!(checked, 8192 * 6 * 2);
    assert!(
        bad.is_empty(),
        "{} of {checked} lanes differ:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

/// The reference on cases worked by hand, so that a wrong reference cannot agree with a
/// wrong executor unnoticed.
#[test]
fn the_reference_on_hand_cases() {
    // 1 + 2 = 3; 65504 + 65504 = inf; 65504 + 16 is halfway to 65536: ties to even = inf.
    assert_eq!(reference(Op::Add, 0x3c00, 0x4000, 0, false, false), 0x4200);
    assert_eq!(reference(Op::Add, 0x7bff, 0x7bff, 0, false, false), 0x7c00);
    assert_eq!(reference(Op::Add, 0x7bff, 0x4c00, 0, false, false), 0x7c00);
    // 1 + 2^-11 (half an ulp) ties to 1.0; 1 + 3 * 2^-11 ties up to 1 + 2^-9; 1 + 3 * 2^-12
    // (three quarters of an ulp) rounds to 1 + 2^-10.
    assert_eq!(reference(Op::Add, 0x3c00, 0x1000, 0, false, false), 0x3c00);
    assert_eq!(reference(Op::Add, 0x3c00, 0x1600, 0, false, false), 0x3c02);
    assert_eq!(reference(Op::Add, 0x3c00, 0x1200, 0, false, false), 0x3c01);
    // Subnormals: 2^-24 + 2^-24 = 2^-23; x - x = +0; -0 + -0 = -0.
    assert_eq!(reference(Op::Add, 0x0001, 0x0001, 0, false, false), 0x0002);
    assert_eq!(reference(Op::Add, 0x3c00, 0xbc00, 0, false, false), 0x0000);
    assert_eq!(reference(Op::Add, 0x8000, 0x8000, 0, false, false), 0x8000);
    // 2^-14 * 0.5 = 2^-15 (subnormal 0x0200), flushed with .FTZ; 2^-24 * 0.5 ties to 0.
    assert_eq!(reference(Op::Mul, 0x0400, 0x3800, 0, false, false), 0x0200);
    assert_eq!(reference(Op::Mul, 0x0400, 0x3800, 0, true, false), 0x0000);
    assert_eq!(reference(Op::Mul, 0x8001, 0x3800, 0, false, false), 0x8000);
    // 0 * inf is NaN; (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 exactly (fused).
    assert_eq!(reference(Op::Mul, 0x0000, 0x7c00, 0, false, false), 0x7fff);
    assert_eq!(
        reference(Op::Fma, 0x3c01, 0x3c01, 0xbc02, false, false),
        0x0010
    );
    // .SAT: 2 -> 1, -1 -> 0, NaN -> 0.
    assert_eq!(reference(Op::Add, 0x3c00, 0x3c00, 0, false, true), 0x3c00);
    assert_eq!(reference(Op::Add, 0xbc00, 0x0000, 0, false, true), 0x0000);
    assert_eq!(reference(Op::Add, 0x7e00, 0x0000, 0, false, true), 0x0000);
}
