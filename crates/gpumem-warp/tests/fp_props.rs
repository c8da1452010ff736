//! Properties of the f32/f64 arithmetic over random operands (a fixed-seed generator,
//! biased to hit specials, subnormals and near-cancellations):
//! round-to-nearest equals the host's IEEE operation (canonical NaN aside); the directed
//! modes bracket it (RM <= RN <= RP, RZ is one of RM/RP towards zero, RM and RP are the
//! same or adjacent floats) and agree with the exact result's sign of error, computed by
//! an error-free transformation (TwoSum / FMA residual).

use crate::common;
use common::map::map;

struct Gen(u64);
impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// An f64 pattern: random bits, or a special, or a value near the previous one.
    fn f64(&mut self, prev: f64) -> f64 {
        match self.next() % 8 {
            0 => [
                0.0,
                -0.0,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MIN_POSITIVE,
                5e-324,
                f64::MAX,
            ][(self.next() % 7) as usize],
            1 => -prev * (1.0 + (self.next() % 1000) as f64 * f64::EPSILON),
            2 => f64::from_bits(self.next() & 0x800f_ffff_ffff_ffff),
            3 => (self.next() % 100000) as f64 / 7.0,
            _ => f64::from_bits(self.next()),
        }
    }
}

fn operands(n: usize, seed: u64) -> [Vec<f64>; 3] {
    let mut g = Gen(seed);
    let mut ops = [vec![], vec![], vec![]];
    let mut prev = 1.0;
    for _ in 0..n {
        for op in ops.iter_mut() {
            let v = g.f64(prev);
            prev = if v.is_finite() { v } else { 1.0 };
            op.push(v);
        }
    }
    ops
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// The sign of `exact - r` where exact = a + b, by TwoSum (r = fl(a + b) finite).
fn add_err(a: f64, b: f64, r: f64) -> f64 {
    let bv = r - a;
    let av = r - bv;
    (a - av) + (b - bv)
}

fn check_modes(
    name: &str,
    ops: &[Vec<u64>],
    r: &[Vec<u64>],
    host: impl Fn(usize) -> f64,
    err: impl Fn(usize, f64) -> Option<f64>,
) {
    let (rn, rm, rp, rz) = (&r[0], &r[1], &r[2], &r[3]);
    for i in 0..rn.len() {
        let h = host(i);
        // A NaN's payload follows the GPU's propagation rules (tests/silicon.rs holds
        // them against the H100); here it must be a NaN.
        if h.is_nan() {
            assert!(
                f64::from_bits(rn[i]).is_nan(),
                "{name} RN #{i}: {:#x}",
                rn[i]
            );
            continue;
        }
        assert_eq!(
            rn[i],
            h.to_bits(),
            "{name} RN #{i}: {:x?}",
            ops.iter().map(|o| o[i]).collect::<Vec<_>>()
        );
        let (m, p, z) = (
            f64::from_bits(rm[i]),
            f64::from_bits(rp[i]),
            f64::from_bits(rz[i]),
        );
        assert!(m <= h && h <= p, "{name} #{i}: RM {m:e} RN {h:e} RP {p:e}");
        assert!(
            m == p
                || m.next_up() == p
                || (m.is_infinite() || p.is_infinite())
                || (m == f64::MAX && p.is_infinite()),
            "{name} #{i}: RM {m:e} RP {p:e} not adjacent"
        );
        // Towards zero is RM above zero and RP below it.
        if h > 0.0 {
            assert_eq!(z.to_bits(), m.to_bits(), "{name} #{i}: RZ {z:e} RM {m:e}");
        } else if h < 0.0 {
            assert_eq!(z.to_bits(), p.to_bits(), "{name} #{i}: RZ {z:e} RP {p:e}");
        }
        if let Some(e) = err(i, h) {
            // An exact RN result makes every mode equal; otherwise RM < RP around it.
            if e == 0.0 {
                assert!(
                    m == h && p == h,
                    "{name} #{i}: exact {h:e} but RM {m:e} RP {p:e}"
                );
            } else if e > 0.0 {
                assert_eq!(
                    p.to_bits(),
                    if h.is_finite() && p.is_finite() {
                        h.next_up().to_bits()
                    } else {
                        p.to_bits()
                    },
                    "{name} #{i}: above RN"
                );
                assert_eq!(
                    m.to_bits(),
                    h.to_bits(),
                    "{name} #{i}: RM must be RN when the error is positive"
                );
            } else {
                assert_eq!(
                    p.to_bits(),
                    h.to_bits(),
                    "{name} #{i}: RP must be RN when the error is negative"
                );
            }
        }
    }
}

#[test]
fn dadd_dmul_dfma_round_to_nearest_is_the_host_and_directed_modes_bracket_it() {
    let n = 4096;
    let [a, b, c] = operands(n, 0x9e37_79b9_7f4a_7c15);
    let ops = [bits(&a), bits(&b), bits(&c)];
    let run = |body: &str| map(body, &ops);
    let modes = ["", ".RM", ".RP", ".RZ"];
    for (op, host, err) in [
        (
            "DADD{} R8, R2, R4 ;",
            (|i: usize, a: &[f64], b: &[f64], _: &[f64]| a[i] + b[i])
                as fn(usize, &[f64], &[f64], &[f64]) -> f64,
            0,
        ),
        ("DMUL{} R8, R2, R4 ;", |i, a, b, _| a[i] * b[i], 1),
        (
            "DFMA{} R8, R2, R4, R6 ;",
            |i, a, b, c| a[i].mul_add(b[i], c[i]),
            2,
        ),
    ] {
        let r: Vec<Vec<u64>> = modes.iter().map(|m| run(&op.replace("{}", m))).collect();
        check_modes(
            op,
            &ops,
            &r,
            |i| host(i, &a, &b, &c),
            |i, h| {
                if !h.is_finite() || h == 0.0 || h.abs() < f64::MIN_POSITIVE * 4.0 {
                    return None;
                }
                match err {
                    0 => Some(add_err(a[i], b[i], h)),
                    // a*b - h exactly, by FMA (finite, far from underflow).
                    1 => Some(a[i].mul_add(b[i], -h)),
                    _ => None,
                }
            },
        );
    }
}

#[test]
fn fadd_fmul_ffma_round_to_nearest_is_the_host_and_directed_modes_bracket_it() {
    let n = 4096;
    let [a, b, c] = operands(n, 0x2545_f491_4f6c_dd1d);
    let f = |v: &[f64]| -> Vec<f32> { v.iter().map(|x| *x as f32).collect() };
    let (a, b, c) = (f(&a), f(&b), f(&c));
    let ops = [
        a.iter().map(|x| x.to_bits() as u64).collect::<Vec<_>>(),
        b.iter().map(|x| x.to_bits() as u64).collect(),
        c.iter().map(|x| x.to_bits() as u64).collect(),
    ];
    for (op, host) in [
        (
            "FADD{} R8, R2, R4 ;",
            (|i: usize, a: &[f32], b: &[f32], _: &[f32]| a[i] + b[i])
                as fn(usize, &[f32], &[f32], &[f32]) -> f32,
        ),
        ("FMUL{} R8, R2, R4 ;", |i, a, b, _| a[i] * b[i]),
        ("FFMA{} R8, R2, R4, R6 ;", |i, a, b, c| {
            a[i].mul_add(b[i], c[i])
        }),
    ] {
        let r: Vec<Vec<f32>> = ["", ".RM", ".RP", ".RZ"]
            .iter()
            .map(|m| {
                map(&op.replace("{}", m), &ops)
                    .iter()
                    .map(|v| f32::from_bits(*v as u32))
                    .collect()
            })
            .collect();
        for i in 0..n {
            let h = host(i, &a, &b, &c);
            let want = if h.is_nan() { 0x7fff_ffff } else { h.to_bits() };
            assert_eq!(
                r[0][i].to_bits(),
                want,
                "{op} RN #{i}: {} {} {}",
                a[i],
                b[i],
                c[i]
            );
            if h.is_nan() {
                continue;
            }
            // The exact result in f64 (sum/product of f32 are exact there; the FMA's
            // f64 value is within half an f64 ulp, enough to order it against f32s).
            let x = match op.as_bytes()[1] {
                b'A' => a[i] as f64 + b[i] as f64,
                b'M' => a[i] as f64 * b[i] as f64,
                _ => (a[i] as f64).mul_add(b[i] as f64, c[i] as f64),
            };
            let (m, p, z) = (r[1][i], r[2][i], r[3][i]);
            if x.is_finite() {
                assert!(
                    (m as f64) <= x && x <= p as f64 || m.is_infinite() || p.is_infinite(),
                    "{op} #{i}: RM {m:e} exact {x:e} RP {p:e}"
                );
            }
            assert!(m <= h && h <= p, "{op} #{i}: RM {m:e} RN {h:e} RP {p:e}");
            if h > 0.0 {
                assert_eq!(z.to_bits(), m.to_bits(), "{op} #{i}: RZ {z:e} RM {m:e}");
            } else if h < 0.0 {
                assert_eq!(z.to_bits(), p.to_bits(), "{op} #{i}: RZ {z:e} RP {p:e}");
            }
        }
    }
}
