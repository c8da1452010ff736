//! MUFU accuracy sweeps: each function against an f64 reference over a sweep of its
//! domain, held to the bound NVIDIA's PTX ISA states for the `.approx` instruction that
//! compiles to it (SEMANTICS.md, "SFU"):
//!
//! | MUFU | PTX | bound |
//! |---|---|---|
//! | RCP | rcp.approx.f32 | 1 ulp |
//! | RSQ | rsqrt.approx.f32 | relative 2^-22.9 |
//! | SQRT | sqrt.approx.f32 | relative 2^-23 |
//! | EX2 (after RRO.EX2) | ex2.approx.f32 | 2 ulp |
//! | LG2 | lg2.approx.f32 | absolute 2^-22.6 on [0.5, 2], relative 2^-22.6 elsewhere |
//! | SIN/COS (after RRO.SINCOS) | sin/cos.approx.f32 | absolute 2^-20.9 on [-100 pi, 100 pi] |
//! | RCP64H/RSQ64H | rcp/rsqrt.approx.ftz.f64 (seed) | relative 2^-20 (high word only) |

use crate::common;
use common::map::map;

/// A deterministic sweep of `n` f32 values from `lo` to `hi` (log-spaced when `log`).
fn sweep(lo: f64, hi: f64, n: usize, log: bool) -> Vec<f32> {
    (0..n)
        .map(|i| {
            let t = i as f64 / (n - 1) as f64;
            if log {
                (lo.ln() + t * (hi.ln() - lo.ln())).exp() as f32
            } else {
                (lo + t * (hi - lo)) as f32
            }
        })
        .collect()
}

fn run32(body: &str, xs: &[f32]) -> Vec<f32> {
    let ops = vec![xs.iter().map(|x| x.to_bits() as u64).collect()];
    map(body, &ops)
        .iter()
        .map(|v| f32::from_bits(*v as u32))
        .collect()
}

fn ulp(x: f64) -> f64 {
    let f = x.abs() as f32;
    (f.next_up() as f64 - f as f64).max(f32::MIN_POSITIVE as f64 * f32::EPSILON as f64)
}

fn check(
    name: &str,
    xs: &[f32],
    got: &[f32],
    f: impl Fn(f64) -> f64,
    ok: impl Fn(f64, f64, f64) -> bool,
) {
    assert_eq!(xs.len(), got.len());
    for (x, g) in xs.iter().zip(got) {
        let want = f(*x as f64);
        assert!(
            ok(*x as f64, *g as f64, want),
            "{name}({x:e} = {:#x}) = {g:e}, reference {want:e}",
            x.to_bits()
        );
    }
}

#[test]
fn rcp_within_one_ulp() {
    let mut xs = sweep(1e-37, 1e37, 6000, true);
    xs.extend(sweep(1e-37, 1e37, 2000, true).iter().map(|x| -x));
    let got = run32("MUFU.RCP R8, R2 ;", &xs);
    check(
        "rcp",
        &xs,
        &got,
        |x| 1.0 / x,
        |_, g, w| (g - w).abs() <= ulp(w),
    );
}

#[test]
fn rsqrt_and_sqrt_within_relative_bounds() {
    let xs = sweep(1e-37, 3e38, 8000, true);
    let got = run32("MUFU.RSQ R8, R2 ;", &xs);
    check(
        "rsqrt",
        &xs,
        &got,
        |x| 1.0 / x.sqrt(),
        |_, g, w| ((g - w) / w).abs() <= 2f64.powf(-22.9),
    );
    let got = run32("MUFU.SQRT R8, R2 ;", &xs);
    check("sqrt", &xs, &got, f64::sqrt, |_, g, w| {
        ((g - w) / w).abs() <= 2f64.powi(-23)
    });
}

#[test]
fn ex2_within_two_ulp() {
    let xs = sweep(-125.9, 127.9, 8000, false);
    let got = run32("RRO.EX2 R3, R2 ;\nMUFU.EX2 R8, R3 ;", &xs);
    check("ex2", &xs, &got, f64::exp2, |_, g, w| {
        (g - w).abs() <= 2.0 * ulp(w)
    });
}

#[test]
fn lg2_within_absolute_and_relative_bounds() {
    let xs = sweep(1e-37, 3e38, 8000, true);
    let got = run32("MUFU.LG2 R8, R2 ;", &xs);
    let b = 2f64.powf(-22.6);
    check("lg2", &xs, &got, f64::log2, |x, g, w| {
        if (0.5..=2.0).contains(&x) {
            (g - w).abs() <= b
        } else {
            ((g - w) / w).abs() <= b
        }
    });
}

#[test]
fn sin_and_cos_within_absolute_bound_over_100_pi() {
    let r = 100.0 * std::f64::consts::PI;
    let xs = sweep(-r, r, 10000, false);
    let b = 2f64.powf(-20.9);
    let got = run32("RRO.SINCOS R3, R2 ;\nMUFU.SIN R8, R3 ;", &xs);
    check("sin", &xs, &got, f64::sin, |_, g, w| (g - w).abs() <= b);
    let got = run32("RRO.SINCOS R3, R2 ;\nMUFU.COS R8, R3 ;", &xs);
    check("cos", &xs, &got, f64::cos, |_, g, w| (g - w).abs() <= b);
}

#[test]
fn rcp64h_and_rsq64h_high_words_within_2_pow_minus_20() {
    let xs: Vec<f64> = (0..4000)
        .map(|i| (-300.0 + 600.0 * i as f64 / 3999.0) * std::f64::consts::LN_10)
        .map(f64::exp)
        .collect();
    // The operand is the high word of x (its low word taken as zero).
    let his: Vec<u64> = xs.iter().map(|x| x.to_bits() >> 32).collect();
    for (body, f) in [
        ("MUFU.RCP64H R9, R2 ;", (|x: f64| 1.0 / x) as fn(f64) -> f64),
        ("MUFU.RSQ64H R9, R2 ;", |x: f64| 1.0 / x.sqrt()),
    ] {
        let got = map(body, std::slice::from_ref(&his));
        for (h, g) in his.iter().zip(got) {
            let x = f64::from_bits(h << 32);
            let (g, w) = (f64::from_bits(g & !0xffff_ffff), f(x));
            assert!(
                ((g - w) / w).abs() <= 2f64.powi(-20),
                "{body} {x:e}: {g:e} vs {w:e}"
            );
        }
    }
}

#[test]
fn subnormal_inputs_flush_to_zero() {
    let xs = [f32::from_bits(1), f32::from_bits(0x807f_ffff)];
    let got = run32("MUFU.RCP R8, R2 ;", &xs);
    assert_eq!(got, [f32::INFINITY, f32::NEG_INFINITY]);
}
