//! More CUDA-sample cases (see cuda_samples.rs): the float-heavy and multi-kernel samples.

use super::*;

/// The second batch of cases.
pub(super) fn more(cases: &mut Vec<Case>) {
    black_scholes(cases);
    scan(cases);
    sorting(cases);
    shfl_scan(cases);
    thread_fence(cases);
    dwt_haar(cases);
    inverse_cnd(cases);
    sobol(cases);
}

/// SobolQRNG: `sobolCPU` (Gray-code order: `X ^= v[ffs(~(i-1)) - 1]`, output
/// `X * 2^-32`, dimension-major); 32 direction numbers per dimension, dimension 0 the
/// sample's own (`1 << (31 - i)`), the others deterministic odd-scaled values (the gold
/// takes whatever directions the kernel gets); the sample passes when the relative L1
/// error is below `L1ERROR_TOLERANCE (1e-6)`.
fn sobol(cases: &mut Vec<Case>) {
    const K: f32 = 2.3283064E-10;
    for (vectors, dims, grid_x) in [(1000u32, 3u32, 8u32), (256, 2, 4)] {
        let mut g = Lcg(vectors as u64 + dims as u64);
        let mut dirs = Vec::new();
        for d in 0..dims {
            for i in 0..32u32 {
                dirs.push(if d == 0 {
                    1u32 << (31 - i)
                } else {
                    ((g.next() | 1) & (u32::MAX >> (31 - i))) << (31 - i)
                });
            }
        }
        let mut want = vec![0f64; (vectors * dims) as usize];
        for d in 0..dims as usize {
            let v = &dirs[32 * d..32 * d + 32];
            let mut x = 0u32;
            for i in 1..vectors as usize {
                x ^= v[(!(i as u32 - 1)).trailing_zeros() as usize];
                want[i + vectors as usize * d] = (x as f32 * K) as f64;
            }
        }
        cases.push(Case {
            sample: "SobolQRNG",
            cubin: "SobolQRNG__sobol_gpu.cubin",
            kernel: "_Z15sobolGPU_kerneljjPjPf",
            shape: format!("v{vectors}_d{dims}_g{grid_x}"),
            launch: Launch {
                grid: [grid_x, dims, 1],
                block: dim1(64),
                shared: 0,
                params: vec![P::U32(vectors), P::U32(dims), P::Ptr(A), P::Ptr(B)],
                inputs: vec![(A, u32s(&dirs))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * (vectors * dims) as u64)],
            },
            check: Box::new(move |o| l1("output", &as_f32(&o[0]), &want, 1e-6)),
        });
    }
}

/// dwtHaar1D: the full Haar decomposition of a signal of `2^k <= 1024` samples by one
/// block of `2^(k-1)` threads (`computeGold`'s layout: `[0]` the final approximation,
/// from `approx_final`, then the details coarsest first); the sample passes when
/// `sdkCompareL2fe(reference, odata, slength, 0.001f)`. `initValue` fills the output
/// with a value (checked exactly).
fn dwt_haar(cases: &mut Vec<Case>) {
    const INV_SQRT_2: f32 = 0.707_106_77;
    for k in [10u32, 7] {
        let len = 1u32 << k;
        let bdim = len / 2;
        let mut g = Lcg(k as u64);
        let signal: Vec<f32> = (0..len).map(|_| g.range(-1.0, 1.0)).collect();
        // computeGold: level by level, details of level l at [len_l/2 .. len_l).
        let mut want = vec![0f64; len as usize];
        let mut approx: Vec<f64> = signal.iter().map(|&x| x as f64).collect();
        while approx.len() > 1 {
            let h = approx.len() / 2;
            let next: Vec<f64> = (0..h)
                .map(|i| (approx[2 * i] + approx[2 * i + 1]) * INV_SQRT_2 as f64)
                .collect();
            for i in 0..h {
                want[h + i] = (approx[2 * i] - approx[2 * i + 1]) * INV_SQRT_2 as f64;
            }
            approx = next;
        }
        want[0] = approx[0];
        let shared = 4 * (2 * bdim + 2 * bdim / 16) as u64;
        cases.push(Case {
            sample: "dwtHaar1D",
            cubin: "dwtHaar1D__dwtHaar1D.cubin",
            kernel: "_Z9dwtHaar1DPfS_S_jji",
            shape: format!("len{len}"),
            launch: Launch {
                grid: dim1(1),
                block: dim1(bdim),
                shared,
                params: vec![
                    P::Ptr(A),
                    P::Ptr(B),
                    P::Ptr(C),
                    P::U32(k),
                    P::U32(bdim),
                    P::I32(bdim as i32),
                ],
                inputs: vec![(A, f32s(&signal)), (B, vec![0; 4 * len as usize])],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * len as u64), (C, 4)],
            },
            check: Box::new(move |o| {
                let mut got = as_f32(&o[0]);
                // The host copies approx_final to odata[0].
                got[0] = as_f32(&o[1])[0];
                let (mut d, mut r) = (0f64, 0f64);
                for (gv, wv) in got.iter().zip(&want) {
                    d += (*gv as f64 - wv).powi(2);
                    r += wv * wv;
                }
                let e = (d / r).sqrt();
                if e < 0.001 {
                    Ok(())
                } else {
                    Err(format!("L2 error {e:.3e}"))
                }
            }),
        });
    }
    for (grid, block) in [(4u32, 256u32), (3, 64)] {
        let n = grid * block;
        cases.push(Case {
            sample: "dwtHaar1D",
            cubin: "dwtHaar1D__dwtHaar1D.cubin",
            kernel: "_Z9initValuePff",
            shape: format!("g{grid}_b{block}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(block),
                shared: 0,
                params: vec![P::Ptr(A), P::F32(0.5)],
                inputs: vec![(A, vec![0xff; 4 * n as usize])],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * n as u64)],
            },
            check: Box::new(move |o| exact("od", &as_f32(&o[0]), &vec![0.5f32; n as usize])),
        });
    }
}

/// quasirandomGenerator: `inverseCNDKernel` with no input maps `(pos + 1) * distance`
/// through Moro's inverse normal CDF; gold `MoroInvCNDcpu` in double; the sample passes
/// when the relative L1 norm is below 1e-6.
fn inverse_cnd(cases: &mut Vec<Case>) {
    fn moro(mut x: u32) -> f64 {
        let (a1, a2, a3, a4) = (
            2.50662823884,
            -18.61500062529,
            41.39119773534,
            -25.44106049637,
        );
        let (b1, b2, b3, b4) = (
            -8.4735109309,
            23.08336743743,
            -21.06224101826,
            3.13082909833,
        );
        let c = [
            0.337475482272615,
            0.976169019091719,
            0.160797971491821,
            2.76438810333863E-02,
            3.8405729373609E-03,
            3.951896511919E-04,
            3.21767881768E-05,
            2.888167364E-07,
            3.960315187E-07,
        ];
        let mut negate = false;
        if x >= 0x8000_0000 {
            x = 0xffff_ffff - x;
            negate = true;
        }
        let x1 = 1.0 / 0xffff_ffffu32 as f64;
        let x2 = x1 / 2.0;
        let p1 = x as f64 * x1 + x2;
        let p2 = p1 - 0.5;
        let z = if p2 > -0.42 {
            let z = p2 * p2;
            p2 * (((a4 * z + a3) * z + a2) * z + a1)
                / ((((b4 * z + b3) * z + b2) * z + b1) * z + 1.0)
        } else {
            let z = (-(p1.ln())).ln();
            -(c.iter().rev().fold(0.0, |acc, &ck| ck + z * acc))
        };
        if negate { -z } else { z }
    }
    for (n, grid, block) in [(4096u32, 8u32, 128u32), (1000, 128, 128)] {
        let distance = u32::MAX / (n + 1);
        let want: Vec<f64> = (0..n)
            .map(|p| moro((p + 1).wrapping_mul(distance)))
            .collect();
        cases.push(Case {
            sample: "quasirandomGenerator",
            cubin: "quasirandomGenerator__quasirandomGenerator_kernel.cubin",
            kernel: "_Z16inverseCNDKernelPfPjj",
            shape: format!("n{n}_g{grid}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(block),
                shared: 0,
                params: vec![P::Ptr(A), P::Ptr(0), P::U32(n)],
                inputs: vec![],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * n as u64)],
            },
            check: Box::new(move |o| l1("d_Output", &as_f32(&o[0]), &want, 1e-6)),
        });
    }
}

/// scan: `scanExclusiveHost` (per-array exclusive prefix sums), compared exactly as the
/// sample does. `scanExclusiveShared` scans arrays of `size` <= 1024 elements, 256
/// threads of uint4 per 1024 elements; `scanExclusiveShared2` scans the 1024-element
/// chunk totals of longer arrays; `uniformUpdate` adds each chunk's offset.
fn scan(cases: &mut Vec<Case>) {
    let excl = |v: &[u32]| -> Vec<u32> {
        let mut acc = 0u32;
        v.iter()
            .map(|&x| {
                let r = acc;
                acc = acc.wrapping_add(x);
                r
            })
            .collect()
    };
    for (len, batch) in [(1024u32, 2u32), (64, 32)] {
        let mut g = Lcg(len as u64);
        let src: Vec<u32> = (0..len * batch).map(|_| g.next() & 0xffff).collect();
        let want: Vec<u32> = src.chunks(len as usize).flat_map(excl).collect();
        cases.push(Case {
            sample: "scan",
            cubin: "scan__scan.cubin",
            kernel: "_Z19scanExclusiveSharedP5uint4S0_j",
            shape: format!("len{len}_x{batch}"),
            launch: Launch {
                grid: dim1(len * batch / 1024),
                block: dim1(256),
                shared: 0,
                params: vec![P::Ptr(B), P::Ptr(A), P::U32(len)],
                inputs: vec![(A, u32s(&src))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * (len * batch) as u64)],
            },
            check: Box::new(move |o| exact("d_Dst", &as_u32(&o[0]), &want)),
        });
    }
    for (chunks, per_array) in [(8u32, 8u32), (16, 4)] {
        let mut g = Lcg(chunks as u64 * 77);
        let src: Vec<u32> = (0..chunks * 1024).map(|_| g.next() & 0xffff).collect();
        let dst: Vec<u32> = src.chunks(1024).flat_map(excl).collect();
        let totals: Vec<u32> = src
            .chunks(1024)
            .map(|c| c.iter().fold(0u32, |a, &x| a.wrapping_add(x)))
            .collect();
        let want: Vec<u32> = totals.chunks(per_array as usize).flat_map(excl).collect();
        cases.push(Case {
            sample: "scan",
            cubin: "scan__scan.cubin",
            kernel: "_Z20scanExclusiveShared2PjS_S_jj",
            shape: format!("chunks{chunks}_per{per_array}"),
            launch: Launch {
                grid: dim1(chunks.div_ceil(256)),
                block: dim1(256),
                shared: 0,
                params: vec![
                    P::Ptr(C),
                    P::Ptr(B),
                    P::Ptr(A),
                    P::U32(chunks),
                    P::U32(per_array),
                ],
                inputs: vec![
                    (A, u32s(&src)),
                    (B, u32s(&dst)),
                    (C, vec![0; 4 * chunks as usize]),
                ],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(C, 4 * chunks as u64)],
            },
            check: Box::new(move |o| exact("d_Buf", &as_u32(&o[0]), &want)),
        });
    }
    for blocks in [4u32, 7] {
        let mut g = Lcg(blocks as u64 * 5);
        let data: Vec<u32> = (0..blocks * 1024).map(|_| g.next()).collect();
        let buf: Vec<u32> = (0..blocks).map(|_| g.next()).collect();
        let want: Vec<u32> = data
            .iter()
            .enumerate()
            .map(|(i, &x)| x.wrapping_add(buf[i / 1024]))
            .collect();
        cases.push(Case {
            sample: "scan",
            cubin: "scan__scan.cubin",
            kernel: "_Z13uniformUpdateP5uint4Pj",
            shape: format!("g{blocks}"),
            launch: Launch {
                grid: dim1(blocks),
                block: dim1(256),
                shared: 0,
                params: vec![P::Ptr(A), P::Ptr(B)],
                inputs: vec![(A, u32s(&data)), (B, u32s(&buf))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * (blocks * 1024) as u64)],
            },
            check: Box::new(move |o| exact("d_Data", &as_u32(&o[0]), &want)),
        });
    }
}

/// sortingNetworks and mergeSort: `validateSortedKeys` (each array sorted in the
/// direction asked, the keys a permutation of the input) and `validateValues`
/// (`srcKey[dstVal[i]] == dstKey[i]`), exact.
fn sorting(cases: &mut Vec<Case>) {
    // (sample, cubin, kernel, direction param (None: template), block)
    let kernels: [(&str, &str, &str, Option<u32>); 4] = [
        (
            "sortingNetworks",
            "sortingNetworks__bitonicSort.cubin",
            "_Z17bitonicSortSharedPjS_S_S_jj",
            Some(1),
        ),
        (
            "sortingNetworks",
            "sortingNetworks__oddEvenMergeSort.cubin",
            "_Z22oddEvenMergeSortSharedPjS_S_S_jj",
            Some(0),
        ),
        (
            "mergeSort",
            "mergeSort__mergeSort.cubin",
            "_Z21mergeSortSharedKernelILj1EEvPjS0_S0_S0_j",
            None,
        ),
        (
            "mergeSort",
            "mergeSort__mergeSort.cubin",
            "_Z21mergeSortSharedKernelILj0EEvPjS0_S0_S0_j",
            None,
        ),
    ];
    for (sample, cubin, kernel, dir_param) in kernels {
        let ascending = match dir_param {
            Some(d) => d == 1,
            None => kernel.contains("ILj1E"),
        };
        for (len, batch) in [(1024u32, 2u32), (256, 8)] {
            let shape_dir = dir_param.map(|d| if len == 256 { 1 - d } else { d });
            let asc = shape_dir.map_or(ascending, |d| d == 1);
            let mut g = Lcg(len as u64 + batch as u64);
            let keys: Vec<u32> = (0..len * batch).map(|_| g.next() % 65536).collect();
            let vals: Vec<u32> = (0..len * batch).collect();
            let src = keys.clone();
            let check = move |o: &[Vec<u8>]| {
                let (k, v) = (as_u32(&o[0]), as_u32(&o[1]));
                for (a, chunk) in k.chunks(len as usize).enumerate() {
                    let mut want: Vec<u32> = src[a * len as usize..(a + 1) * len as usize].to_vec();
                    want.sort_unstable();
                    if !asc {
                        want.reverse();
                    }
                    exact(&format!("array {a}"), chunk, &want)?;
                }
                for (i, (&key, &val)) in k.iter().zip(&v).enumerate() {
                    if src.get(val as usize) != Some(&key) {
                        return Err(format!("value {i}: srcKey[{val}] != {key}"));
                    }
                }
                Ok(())
            };
            let mut params = vec![P::Ptr(C), P::Ptr(D), P::Ptr(A), P::Ptr(B), P::U32(len)];
            if let Some(d) = shape_dir {
                params.push(P::U32(d));
            }
            cases.push(Case {
                sample,
                cubin,
                kernel,
                shape: format!(
                    "len{len}_x{batch}{}",
                    shape_dir.map_or(String::new(), |d| format!("_dir{d}"))
                ),
                launch: Launch {
                    grid: dim1(len * batch / 1024),
                    block: dim1(512),
                    shared: 0,
                    params,
                    inputs: vec![(A, u32s(&keys)), (B, u32s(&vals))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(C, 4 * (len * batch) as u64), (D, 4 * (len * batch) as u64)],
                },
                check: Box::new(check),
            });
        }
    }
}

/// shfl_scan: `shfl_scan_test` leaves each block's inclusive prefix sums in `data` and
/// the block total in `partial_sums`; `uniform_add` adds `partial_sums[block]` to each
/// element; the sample's CPU check (`CPUverify`) is the inclusive scan of the whole
/// array, which these two steps build; exact (int).
fn shfl_scan(cases: &mut Vec<Case>) {
    for (blocks, threads) in [(4u32, 256u32), (3, 128)] {
        let n = blocks * threads;
        let data: Vec<i32> = (0..n as i32).map(|i| i % 7 + 1).collect();
        let mut want = data.clone();
        let mut sums = Vec::new();
        for c in want.chunks_mut(threads as usize) {
            let mut acc = 0;
            for v in c.iter_mut() {
                acc += *v;
                *v = acc;
            }
            sums.push(acc);
        }
        cases.push(Case {
            sample: "shfl_scan",
            cubin: "shfl_scan__shfl_scan.cubin",
            kernel: "_Z14shfl_scan_testPiiS_",
            shape: format!("g{blocks}_b{threads}"),
            launch: Launch {
                grid: dim1(blocks),
                block: dim1(threads),
                shared: 4 * (threads / 32) as u64,
                params: vec![P::Ptr(A), P::I32(32), P::Ptr(B)],
                inputs: vec![(A, i32s(&data)), (B, vec![0; 4 * blocks as usize])],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * n as u64), (B, 4 * blocks as u64)],
            },
            check: Box::new(move |o| {
                exact("data", &as_i32(&o[0]), &want)?;
                exact("partial_sums", &as_i32(&o[1]), &sums)
            }),
        });
        let mut g = Lcg(n as u64);
        let part: Vec<i32> = (0..n as i32).map(|_| (g.next() % 1000) as i32).collect();
        let offs: Vec<i32> = (0..blocks as i32).map(|b| b * 1000 + 1).collect();
        let want2: Vec<i32> = part
            .iter()
            .enumerate()
            .map(|(i, &v)| v + offs[i / threads as usize])
            .collect();
        cases.push(Case {
            sample: "shfl_scan",
            cubin: "shfl_scan__shfl_scan.cubin",
            kernel: "_Z11uniform_addPiS_i",
            shape: format!("g{blocks}_b{threads}"),
            launch: Launch {
                grid: dim1(blocks),
                block: dim1(threads),
                shared: 0,
                // len = n: the kernel's `id > len` test leaves every element in range.
                params: vec![P::Ptr(A), P::Ptr(B), P::I32(n as i32)],
                inputs: vec![(A, i32s(&part)), (B, i32s(&offs))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * n as u64)],
            },
            check: Box::new(move |o| exact("data", &as_i32(&o[0]), &want2)),
        });
    }
}

/// threadFenceReduction: `reduceMultiPass` writes per-block partial sums of
/// `(rand() & 0xFF) / RAND_MAX` floats; the host sums them; the sample passes when
/// `|gpu - cpu| < 1e-8 * size` (`reduceCPU` is a Kahan sum).
fn thread_fence(cases: &mut Vec<Case>) {
    for (kernel, threads, n, blocks) in [
        (
            "_Z15reduceMultiPassILj128ELb1EEvPKfPfj",
            128u32,
            4096u32,
            8u32,
        ),
        ("_Z15reduceMultiPassILj128ELb0EEvPKfPfj", 128, 3000, 6),
        ("_Z15reduceMultiPassILj256ELb1EEvPKfPfj", 256, 8192, 4),
    ] {
        let mut g = Lcg(n as u64 * 3);
        let data: Vec<f32> = (0..n)
            .map(|_| (g.next() & 0xff) as f32 / 2147483647.0)
            .collect();
        // Kahan summation, as reduceCPU.
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
                shared: 4 * threads.max(64) as u64,
                params: vec![P::Ptr(A), P::Ptr(B), P::U32(n)],
                inputs: vec![(A, f32s(&data))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * blocks as u64)],
            },
            check: Box::new(move |o| {
                let gpu: f32 = as_f32(&o[0]).iter().sum();
                let diff = (gpu as f64 - sum as f64).abs();
                if diff < 1e-8 * n as f64 {
                    Ok(())
                } else {
                    Err(format!("sum {gpu} expected {sum}"))
                }
            }),
        });
    }
}

/// BlackScholes: `BlackScholesCPU` (double precision, Polynomial CND); the sample's
/// check: L1 norm of the difference relative to the reference, `L1norm < 1e-6`
/// for calls (the sample checks the call prices).
fn black_scholes(cases: &mut Vec<Case>) {
    fn cnd(d: f64) -> f64 {
        const A1: f64 = 0.31938153;
        const A2: f64 = -0.356563782;
        const A3: f64 = 1.781477937;
        const A4: f64 = -1.821255978;
        const A5: f64 = 1.330274429;
        const RSQRT2PI: f64 = 0.398_942_280_401_432_7;
        let k = 1.0 / (1.0 + 0.2316419 * d.abs());
        let c =
            RSQRT2PI * (-0.5 * d * d).exp() * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
        if d > 0.0 { 1.0 - c } else { c }
    }
    let (r, v) = (0.02f32, 0.30f32);
    for (n, grid, block) in [(1024u32, 8u32, 128u32), (4000, 16, 128)] {
        let mut g = Lcg(n as u64);
        let s: Vec<f32> = (0..n).map(|_| g.range(5.0, 30.0)).collect();
        let x: Vec<f32> = (0..n).map(|_| g.range(1.0, 100.0)).collect();
        let t: Vec<f32> = (0..n).map(|_| g.range(0.25, 10.0)).collect();
        let call: Vec<f64> = (0..n as usize)
            .map(|i| {
                let (s, x, t, r, v) = (s[i] as f64, x[i] as f64, t[i] as f64, r as f64, v as f64);
                let sqrt_t = t.sqrt();
                let d1 = ((s / x).ln() + (r + 0.5 * v * v) * t) / (v * sqrt_t);
                let d2 = d1 - v * sqrt_t;
                let exp_rt = (-r * t).exp();
                (s * cnd(d1) - x * exp_rt * cnd(d2)) as f32 as f64
            })
            .collect();
        // The kernel takes float2 pointers and processes two options per thread.
        cases.push(Case {
            sample: "BlackScholes",
            cubin: "BlackScholes__BlackScholes.cubin",
            kernel: "_Z15BlackScholesGPUP6float2S0_S0_S0_S0_ffi",
            shape: format!("n{n}_g{grid}_b{block}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(block),
                shared: 0,
                params: vec![
                    P::Ptr(C),
                    P::Ptr(D),
                    P::Ptr(A),
                    P::Ptr(B),
                    P::Ptr(D + 0x100_0000),
                    P::F32(r),
                    P::F32(v),
                    P::I32(n as i32),
                ],
                inputs: vec![(A, f32s(&s)), (B, f32s(&x)), (D + 0x100_0000, f32s(&t))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(C, 4 * n as u64)],
            },
            check: Box::new(move |o| l1("call", &as_f32(&o[0]), &call, 1e-6)),
        });
    }
}
