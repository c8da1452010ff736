//! CUDA-sample cases (see cuda_samples.rs) whose kernels use module variables:
//! `__device__` data the launch places and links (`[[symbol]]`, `[[dump]] symbol`) and
//! `__constant__` data written by name.

use super::*;

/// The cases of this file.
pub(super) fn module_vars(cases: &mut Vec<Case>) {
    binomial(cases);
    single_pass(cases);
}

/// binomialOptions: `binomialOptionsKernel` (no parameters) reads `__constant__
/// d_OptionData[]` (S, X, vDt, puByDf, pdByDf per option, written by name as
/// `cudaMemcpyToSymbol` does) and writes `__device__ d_CallValue[]` (read back by name as
/// `cudaMemcpyFromSymbol` does). Gold: `binomialOptionsCPU` (float, NUM_STEPS = 2048); the
/// sample passes when `sum|gpu - cpu| / sum cpu <= 5e-4`.
fn binomial(cases: &mut Vec<Case>) {
    const NUM_STEPS: i32 = 2048;
    for opt_n in [1u32, 2] {
        let mut g = Lcg(opt_n as u64 * 7 + 1);
        // randData(low, high) = (1 - t) * low + t * high.
        let mut rand = |lo: f32, hi: f32| {
            let t = g.unit();
            (1.0 - t) * lo + t * hi
        };
        let opts: Vec<[f32; 5]> = (0..opt_n)
            .map(|_| {
                let s = rand(5.0, 30.0);
                let x = rand(1.0, 100.0);
                let t = rand(0.25, 10.0);
                [s, x, t, 0.06, 0.10]
            })
            .collect();
        // The host's preprocessing (binomialOptionsGPU) and the CPU gold, in float.
        let mut table = Vec::new();
        let mut gold = Vec::new();
        for &[s, x, t, r, v] in &opts {
            let dt = t / NUM_STEPS as f32;
            let vdt = v * dt.sqrt();
            let rdt = r * dt;
            let if_ = rdt.exp();
            let df = (-rdt).exp();
            let u = vdt.exp();
            let d = (-vdt).exp();
            let pu = (if_ - d) / (u - d);
            let pd = 1.0 - pu;
            let (pu_df, pd_df) = (pu * df, pd * df);
            table.extend_from_slice(&[s, x, vdt, pu_df, pd_df]);
            let mut call: Vec<f32> = (0..=NUM_STEPS)
                .map(|i| {
                    let e = s * (vdt * (2 * i - NUM_STEPS) as f32).exp() - x;
                    if e > 0.0 { e } else { 0.0 }
                })
                .collect();
            for i in (1..=NUM_STEPS as usize).rev() {
                for j in 0..i {
                    call[j] = pu_df * call[j + 1] + pd_df * call[j];
                }
            }
            gold.push(call[0]);
        }
        cases.push(Case {
            sample: "binomialOptions",
            cubin: "binomialOptions__binomialOptions_kernel.cubin",
            kernel: "_Z21binomialOptionsKernelv",
            shape: format!("opt{opt_n}"),
            launch: Launch {
                grid: dim1(opt_n),
                block: dim1(128),
                shared: 0,
                params: vec![],
                inputs: vec![],
                constants: vec![],
                symbols: vec![("d_OptionData", f32s(&table))],
                symbol_dumps: vec!["d_CallValue"],
                outputs: vec![],
            },
            check: Box::new(move |o| {
                let got = as_f32(&o[0]);
                if got.len() != 1024 {
                    return Err(format!("d_CallValue: {} values, expected 1024", got.len()));
                }
                let (mut delta, mut sum) = (0f64, 0f64);
                for (g, c) in got.iter().zip(&gold) {
                    delta += (g - c).abs() as f64;
                    sum += *c as f64;
                }
                let e = delta / sum;
                if e <= 5e-4 {
                    Ok(())
                } else {
                    Err(format!(
                        "L1 {e:.3e} > 5e-4 (gpu {:?}, cpu {gold:?})",
                        &got[..gold.len()]
                    ))
                }
            }),
        });
    }
}

/// threadFenceReduction: `reduceSinglePass` sums in one launch: every block writes its
/// partial sum, `__threadfence()`s, takes a ticket from `__device__ retirementCount`
/// (`atomicInc`, set to 0 by name first as `setRetirementCount(0)` does); the last block
/// sums the partials into `g_odata[0]` and resets the counter. The sample passes when
/// `|gpu - cpu| < 1e-8 * size` (`reduceCPU`: a Kahan sum); the counter must read 0 after.
fn single_pass(cases: &mut Vec<Case>) {
    for (kernel, threads, n, blocks) in [
        (
            "_Z16reduceSinglePassILj128ELb1EEvPKfPfj",
            128u32,
            4096u32,
            8u32,
        ),
        ("_Z16reduceSinglePassILj256ELb0EEvPKfPfj", 256, 3000, 6),
    ] {
        let mut g = Lcg(n as u64 * 5 + 3);
        let data: Vec<f32> = (0..n)
            .map(|_| (g.next() & 0xff) as f32 / 2147483647.0)
            .collect();
        let (mut sum, mut c) = (data[0], 0f32);
        for &x in &data[1..] {
            let y = x - c;
            let t = sum + y;
            c = (t - sum) - y;
            sum = t;
        }
        cases.push(Case {
            sample: "threadFenceReduction",
            cubin: "threadFenceReduction__threadFenceReduction.cubin",
            kernel,
            shape: format!("n{n}_g{blocks}"),
            launch: Launch {
                grid: dim1(blocks),
                block: dim1(threads),
                shared: 4 * threads as u64,
                params: vec![P::Ptr(A), P::Ptr(B), P::U32(n)],
                inputs: vec![(A, f32s(&data))],
                constants: vec![],
                symbols: vec![("retirementCount", u32s(&[0]))],
                symbol_dumps: vec!["retirementCount"],
                outputs: vec![(B, 4 * blocks as u64)],
            },
            check: Box::new(move |o| {
                let gpu = as_f32(&o[0])[0];
                let diff = (gpu as f64 - sum as f64).abs();
                if diff >= 1e-8 * n as f64 {
                    return Err(format!("sum {gpu} expected {sum}"));
                }
                exact("retirementCount", &as_u32(&o[1]), &[0])
            }),
        });
    }
}
