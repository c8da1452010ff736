//! The third batch of CUDA-sample cases (see cuda_samples.rs): quasirandomGenerator's
//! Niederreiter kernel, MonteCarloMultiGPU's option pricer, eigenvalues' bisection and
//! alignedTypes' copies, jacobiCudaGraphs' double-precision Jacobi step, inlinePTX and
//! clock (each with its `_nvrtc` twin).

use super::*;

/// The third batch of cases.
pub(super) fn more2(cases: &mut Vec<Case>) {
    quasirandom(cases);
    monte_carlo(cases);
    rng_setup(cases);
    eigenvalues(cases);
    eigenvalues_large(cases);
    aligned_types(cases);
    jacobi(cases);
    inline_ptx(cases);
    clock(cases);
}

/// quasirandomGenerator_gold.cpp's `GenerateCJ` for `QRNG_DIMENSIONS = 3`: the 63-bit
/// Niederreiter direction table `cjn[bit][dim]` (from irreducible polynomials over
/// GF(2), Bratley, Fox and Niederreiter 1992), ported line by line (the C pointers into
/// the 1024-entry work arrays become indices).
fn niederreiter_cj() -> [[i64; 3]; 63] {
    const DIMS: usize = 3;
    // GeneratePolynomials(buffer, false): the first DIMS irreducible polynomials.
    let mut buffer = [0i32; DIMS];
    buffer[0] = 0x2;
    let mut l = 0i32;
    for n in 1..DIMS {
        let mut p1 = buffer[n - 1] + 1;
        loop {
            let mut e_p1 = 30;
            while p1 & (1 << e_p1) == 0 {
                e_p1 -= 1;
            }
            let mut p2 = 0;
            for &bi in buffer.iter().take(n) {
                let mut e_b = e_p1;
                while bi & (1 << e_b) == 0 {
                    e_b -= 1;
                }
                let mut e_p2 = e_p1;
                p2 = (bi << (e_p2 - e_b)) ^ p1;
                while p2 >= bi {
                    while p2 & (1 << e_p2) == 0 {
                        e_p2 -= 1;
                    }
                    p2 ^= bi << (e_p2 - e_b);
                }
                if p2 == 0 {
                    break;
                }
            }
            if p2 != 0 {
                buffer[n] = p1;
                l += e_p1;
                break;
            }
            p1 += 1;
        }
    }
    let _ = l;
    // The polynomials table: per polynomial 1, its coefficients below the top, -1.
    let mut polys: Vec<i32> = Vec::new();
    for &p1 in &buffer {
        let mut e_p1 = 30;
        while p1 & (1 << e_p1) == 0 {
            e_p1 -= 1;
        }
        polys.push(1);
        for e in (0..e_p1).rev() {
            polys.push((p1 >> e) & 1);
        }
        polys.push(-1);
    }
    polys.push(-1);
    let mut cjn = [[0i64; DIMS]; 63];
    let (mut b_arr, mut v_arr, mut t_arr) = ([0i32; 1024], [0i32; 1024], [0i32; 1024]);
    let mut p = 0usize;
    let mut d = 0usize;
    while polys[p] != -1 {
        let mut e = 0usize;
        while polys[p + e + 1] != -1 {
            e += 1;
        }
        let mut b = 1023usize;
        let mut m = 0usize;
        b_arr[b] = 1;
        let v = 1023 - (63 + e - 2);
        let mut u = e;
        for j in (0..63usize).rev() {
            if u == e {
                u = 0;
                let m1 = m;
                let t = 1023 - m1;
                t_arr[t..=t + m].copy_from_slice(&b_arr[b..=b + m]);
                m += e;
                b = 1023 - m;
                for i in 0..=m {
                    b_arr[b + i] = 0;
                    // ip = e - (m - i), it = m1; while ip <= e && it >= 0
                    let mut ip = e as i64 - (m - i) as i64;
                    let mut it = m1 as i64;
                    while ip <= e as i64 && it >= 0 {
                        if ip >= 0 {
                            b_arr[b + i] ^= polys[p + ip as usize] & t_arr[t + it as usize];
                        }
                        ip += 1;
                        it -= 1;
                    }
                }
                let mut i = 0;
                while i < m1 {
                    v_arr[v + i] = 0;
                    i += 1;
                }
                while i < m {
                    v_arr[v + i] = 1;
                    i += 1;
                }
                while i <= 63 + e - 2 {
                    v_arr[v + i] = 0;
                    for it in 1..=m {
                        v_arr[v + i] ^= v_arr[v + i - it] & b_arr[b + it];
                    }
                    i += 1;
                }
            }
            for (i, row) in cjn.iter_mut().enumerate() {
                row[d] |= (v_arr[v + i + u] as i64) << j;
            }
            u += 1;
        }
        d += 1;
        p += e + 2;
    }
    cjn
}

/// quasirandomGenerator: `quasirandomGeneratorKernel` (blocks of 128x3 threads, y the
/// dimension) XORs `c_Table[dim][bit]` (bank 3; `initQuasirandomGenerator`: bits 62..32
/// of the 63-bit table) for the set bits of `seed + pos` and writes
/// `(result + 1) * INT_SCALE` to `d_Output[dim * N + pos]`. The sample's check:
/// against `getQuasirandomValue63(pos, dim)` (the 63-bit sequence in double), relative
/// L1 norm below 1e-6 (`L1norm < 1e-6`). The seed is 0 there; a second shape uses a
/// non-zero one (the gold then takes index `seed + pos`).
fn quasirandom(cases: &mut Vec<Case>) {
    let cjn = niederreiter_cj();
    let mut table = [0u32; 3 * 31];
    for dim in 0..3 {
        for bit in 0..31 {
            table[dim * 31 + bit] = ((cjn[bit][dim] >> 32) & 0x7fff_ffff) as u32;
        }
    }
    let value63 = |mut i: i64, dim: usize| {
        let scale = 1.0 / 0x8000_0000_0000_0001u64 as f64;
        let mut r = 0i64;
        for row in &cjn {
            if i & 1 != 0 {
                r ^= row[dim];
            }
            i >>= 1;
        }
        (r + 1) as f64 * scale
    };
    // The nvcc build, and quasirandomGenerator_nvrtc's (the same source, extern "C").
    let builds = [
        (
            "quasirandomGenerator",
            "quasirandomGenerator__quasirandomGenerator_kernel.cubin",
            "_Z26quasirandomGeneratorKernelPfjj",
        ),
        (
            "quasirandomGenerator_nvrtc",
            "quasirandomGenerator_nvrtc__quasirandomGenerator_kernel.cubin",
            "quasirandomGeneratorKernel",
        ),
    ];
    for ((sample, cubin, kernel), (n, grid, seed)) in builds
        .into_iter()
        .flat_map(|b| [(b, (4096u32, 8u32, 0u32)), (b, (1000, 3, 1234))])
    {
        let mut want = Vec::new();
        for dim in 0..3 {
            for pos in 0..n {
                want.push(value63((seed + pos) as i64, dim));
            }
        }
        cases.push(Case {
            sample,
            cubin,
            kernel,
            shape: format!("n{n}_g{grid}_seed{seed}"),
            launch: Launch {
                grid: dim1(grid),
                block: [128, 3, 1],
                shared: 0,
                params: vec![P::Ptr(A), P::U32(seed), P::U32(n)],
                inputs: vec![],
                constants: vec![(3, 0, u32s(&table))],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * 3 * n as u64)],
            },
            check: Box::new(move |o| l1("d_Output", &as_f32(&o[0]), &want, 1e-6)),
        });
    }
}

/// curand's XORWOW generator (`curand(curandStateXORWOW_t *)` in curand_kernel.h).
struct Xorwow {
    d: u32,
    v: [u32; 5],
    /// `boxmuller_flag`/`boxmuller_extra`: `curand_normal` returns normals in pairs.
    extra: Option<f64>,
}

impl Xorwow {
    fn next(&mut self) -> u32 {
        let t = self.v[0] ^ (self.v[0] >> 2);
        self.v.copy_within(1..5, 0);
        self.v[4] = (self.v[4] ^ (self.v[4] << 4)) ^ (t ^ (t << 1));
        self.d = self.d.wrapping_add(362_437);
        self.v[4].wrapping_add(self.d)
    }
    /// `curand_normal`: Box-Muller (`_curand_box_muller`) of two draws, the sine half
    /// first, the cosine half kept for the next call. `u` and `v` are formed in f32 as
    /// curand does (`x * CURAND_2POW32_INV + CURAND_2POW32_INV/2`); the rest in f64.
    fn normal(&mut self) -> f64 {
        if let Some(e) = self.extra.take() {
            return e;
        }
        const INV: f32 = 2.328_306_4e-10;
        const INV_2PI: f32 = 2.328_306_4e-10 * 6.283_185_5;
        let (x, y) = (self.next(), self.next());
        let u = (x as f32 * INV + INV / 2.0) as f64;
        let v = (y as f32 * INV_2PI + INV_2PI / 2.0) as f64;
        let s = (-2.0 * u.ln()).sqrt();
        self.extra = Some(s * v.cos());
        s * v.sin()
    }
}

/// MonteCarloMultiGPU: `MonteCarloOneBlockPerOption` (256 threads a block, block `b`
/// prices options `b, b + grid, ...`; thread `t` its paths `t, t + 256, ... < pathN`
/// with `curand_normal` from `rngStates[b * 256 + t]`, summing `endCallValue` and its
/// square; `sumReduce` writes both sums per option). Options the sample's way
/// (`S` in [5, 50), `X` in [10, 25), `T` in [1, 5), `R = 0.06`, `V = 0.10`,
/// `MuByT = (R - V^2/2) T`, `VBySqrtT = V sqrt(T)`, as floats).
///
/// Two checks. The sample's own: `closeMonteCarloGPU` turns the sums into the
/// discounted mean and its 95% confidence width, and the sample passes when the average
/// over options of `Confidence / |BlackScholesCall - Expected|` (deltas above 1e-6)
/// exceeds 1. And, since the states are known, the sums themselves against the same
/// paths priced in f64 (`MonteCarloCPU`'s `endCallValue`): relative error below 1e-4
/// (our bound: `__expf`, `__sincosf`, `logf` and float sums, not the sample's).
///
/// The states: `rngSetupStates` (`curand_init`) needs curand's skip-ahead matrices,
/// module `__device__` data (`precalc_xorwow_matrix`) that launch manifests do not load;
/// the states here are XORWOW states from the test's generator (`d` and `v[0..5]`,
/// the flags zero).
fn monte_carlo(cases: &mut Vec<Case>) {
    const THREADS: u32 = 256;
    for (options, grid, path_n) in [(4u32, 4u32, 2048i32), (6, 3, 1000)] {
        let mut g = Lcg(0x3c + options as u64);
        // (S, X, T) per option, then the kernel's float inputs.
        let opts: Vec<(f32, f32, f32)> = (0..options)
            .map(|_| (g.range(5.0, 50.0), g.range(10.0, 25.0), g.range(1.0, 5.0)))
            .collect();
        let (r, v) = (0.06f32 as f64, 0.10f32 as f64);
        let data: Vec<f32> = opts
            .iter()
            .flat_map(|&(s, x, t)| {
                let t = t as f64;
                [s, x, ((r - 0.5 * v * v) * t) as f32, (v * t.sqrt()) as f32]
            })
            .collect();
        // curandStateXORWOW: d, v[5], boxmuller_flag, boxmuller_flag_double,
        // boxmuller_extra, (pad), boxmuller_extra_double: 48 bytes.
        let n_states = (grid * THREADS) as usize;
        let mut states = Vec::with_capacity(n_states);
        let mut bytes = Vec::with_capacity(48 * n_states);
        for _ in 0..n_states {
            let st = Xorwow {
                d: g.next(),
                v: [g.next(), g.next(), g.next(), g.next(), g.next() | 1],
                extra: None,
            };
            let mut w = [0u32; 12];
            w[0] = st.d;
            w[1..6].copy_from_slice(&st.v);
            bytes.extend(u32s(&w));
            states.push(st);
        }
        // The same paths in f64: per option, the sum and the sum of squares.
        let mut sums = vec![(0f64, 0f64); options as usize];
        for b in 0..grid {
            for t in 0..THREADS {
                let st = &mut states[(b * THREADS + t) as usize];
                let mut opt = b;
                while opt < options {
                    let k = opt as usize;
                    let (s, x, mu, vt) = (
                        data[4 * k] as f64,
                        data[4 * k + 1] as f64,
                        data[4 * k + 2] as f64,
                        data[4 * k + 3] as f64,
                    );
                    let mut i = t as i32;
                    while i < path_n {
                        let call = (s * (mu + vt * st.normal()).exp() - x).max(0.0);
                        sums[k].0 += call;
                        sums[k].1 += call * call;
                        i += THREADS as i32;
                    }
                    opt += grid;
                }
            }
        }
        let black_scholes: Vec<f64> = opts
            .iter()
            .map(|&(s, x, t)| {
                let cnd = |d: f64| {
                    let k = 1.0 / (1.0 + 0.2316419 * d.abs());
                    let c = 0.398_942_280_401_432_7
                        * (-0.5 * d * d).exp()
                        * (k * (0.31938153
                            + k * (-0.356563782
                                + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))));
                    if d > 0.0 { 1.0 - c } else { c }
                };
                let (s, x, t) = (s as f64, x as f64, t as f64);
                let sqrt_t = t.sqrt();
                let d1 = ((s / x).ln() + (r + 0.5 * v * v) * t) / (v * sqrt_t);
                let d2 = d1 - v * sqrt_t;
                (s * cnd(d1) - x * (-r * t).exp() * cnd(d2)) as f32 as f64
            })
            .collect();
        let ts: Vec<f64> = opts.iter().map(|o| o.2 as f64).collect();
        cases.push(Case {
            sample: "MonteCarloMultiGPU",
            cubin: "MonteCarloMultiGPU__MonteCarlo_kernel.cubin",
            kernel: "_Z27MonteCarloOneBlockPerOptionP17curandStateXORWOWPK13__TOptionDataP14__TOptionValueii",
            shape: format!("opt{options}_g{grid}_paths{path_n}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(THREADS),
                shared: 0,
                params: vec![
                    P::Ptr(A),
                    P::Ptr(B),
                    P::Ptr(C),
                    P::I32(path_n),
                    P::I32(options as i32),
                ],
                inputs: vec![(A, bytes), (B, f32s(&data))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(C, 8 * options as u64)],
            },
            check: Box::new(move |o| {
                let got = as_f32(&o[0]);
                let pn = path_n as f64;
                let mut reserve = 0.0;
                for (k, want) in sums.iter().enumerate() {
                    let (sum, sum2) = (got[2 * k] as f64, got[2 * k + 1] as f64);
                    for (what, g, w) in [("sum", sum, want.0), ("sum2", sum2, want.1)] {
                        if (g - w).abs() > 1e-4 * w.abs() {
                            return Err(format!("option {k} {what} {g} expected {w} (rel 1e-4)"));
                        }
                    }
                    // closeMonteCarloGPU, then the sample's reserve.
                    let disc = (-(r * ts[k])).exp();
                    let expected = (disc * sum / pn) as f32 as f64;
                    let std_dev = ((pn * sum2 - sum * sum) / (pn * (pn - 1.0))).sqrt();
                    let confidence = (disc * 1.96 * std_dev / pn.sqrt()) as f32 as f64;
                    let delta = (black_scholes[k] - expected).abs();
                    if delta > 1e-6 {
                        reserve += confidence / delta;
                    }
                }
                reserve /= sums.len() as f64;
                if reserve > 1.0 {
                    Ok(())
                } else {
                    Err(format!("average reserve {reserve} <= 1"))
                }
            }),
        });
    }
}

/// eigenvalues: `computeGerschgorin` (gerschgorin.cpp, in f32 as the sample does): the
/// interval holding every eigenvalue of the symmetric tridiagonal matrix with diagonal
/// `d` and superdiagonal `s` (`s[0..n-1]`), widened for rounding.
fn gerschgorin(d: &[f32], s: &[f32]) -> (f32, f32) {
    let n = d.len();
    let (mut lg, mut ug) = (f32::MAX, -f32::MAX);
    for i in 1..n - 1 {
        let sum = s[i - 1].abs() + s[i].abs();
        lg = lg.min(d[i] - sum);
        ug = ug.max(d[i] + sum);
    }
    lg = lg.min(d[0] - s[0].abs());
    ug = ug.max(d[0] + s[0].abs());
    lg = lg.min(d[n - 1] - s[n - 2].abs());
    ug = ug.max(d[n - 1] + s[n - 2].abs());
    let bnorm = ug.abs().max(lg.abs());
    let psi = 11.0 * f32::EPSILON * bnorm;
    lg = lg - bnorm * 2.0 * n as f32 * f32::EPSILON - psi;
    ug = ug + bnorm * 2.0 * n as f32 * f32::EPSILON + psi;
    (lg, ug.max(lg))
}

/// The eigenvalues, ascending, of that matrix in f64: Sturm-sequence counts (the
/// number of eigenvalues below `x` is the number of negative pivots of `T - xI`, the
/// count the kernels compute in f32) and bisection of each eigenvalue's index to a
/// width of 1e-13 of the Gerschgorin interval.
fn sturm_eigenvalues(d: &[f32], s: &[f32], lg: f32, ug: f32) -> Vec<f64> {
    let n = d.len();
    let below = |x: f64| {
        let mut count = 0;
        let mut q = 1.0f64;
        for i in 0..n {
            let off = if i == 0 { 0.0 } else { s[i - 1] as f64 };
            q = d[i] as f64 - x - if i == 0 { 0.0 } else { off * off / q };
            if q == 0.0 {
                q = -f64::MIN_POSITIVE;
            }
            if q < 0.0 {
                count += 1;
            }
        }
        count
    };
    (0..n)
        .map(|k| {
            let (mut lo, mut hi) = (lg as f64, ug as f64);
            while hi - lo > 1e-13 * (ug as f64 - lg as f64) {
                let mid = 0.5 * (lo + hi);
                if below(mid) > k {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            0.5 * (lo + hi)
        })
        .collect()
}

/// eigenvalues: `bisectKernel` (bisect_small.cu; one block of
/// `MAX_THREADS_BLOCK_SMALL_MATRIX = 512` threads, matrices up to 512) bisects the
/// Gerschgorin interval until every interval holds one eigenvalue, converged when its
/// width is at most `max(MIN_ABS_INTERVAL, max(|left|, |right|) * precision)`, and
/// writes each eigenvalue to `g_left` and its index to `g_left_count`
/// (`processResultSmallMatrix`: `eigenvalues[left_count[i]] = left[i]`). The input is
/// `initInputData`'s user-defined matrix: entries uniform in [-1, 1), `b[0] = 0` the
/// padding before the superdiagonal (the kernel reads `g_s[-1]`); precision 1e-5, the
/// sample's default. The sample does not check small matrices (it writes them out);
/// here each eigenvalue must lie within `precision * (|lambda| + 1)` of the f64
/// Sturm-count bisection (the convergence width, plus f32 rounding of the counts on a
/// matrix of norm below 3).
fn eigenvalues(cases: &mut Vec<Case>) {
    let precision = 0.00001f32;
    for n in [64u32, 300] {
        let mut g = Lcg(278_217_421 + n as u64);
        let mut a = Vec::new();
        let mut b = Vec::new();
        for _ in 0..n {
            a.push(g.range(-1.0, 1.0));
            b.push(g.range(-1.0, 1.0));
        }
        b[0] = 0.0;
        let (lg, ug) = gerschgorin(&a, &b[1..]);
        let want = sturm_eigenvalues(&a, &b[1..], lg, ug);
        cases.push(Case {
            sample: "eigenvalues",
            cubin: "eigenvalues__bisect_small.cubin",
            kernel: "_Z12bisectKernelPfS_jS_S_PjS0_ffjjf",
            shape: format!("n{n}"),
            launch: Launch {
                grid: dim1(1),
                block: dim1(512),
                shared: 0,
                params: vec![
                    P::Ptr(A),
                    P::Ptr(B + 4),
                    P::U32(n),
                    P::Ptr(C),
                    P::Ptr(C + 0x10_0000),
                    P::Ptr(D),
                    P::Ptr(D + 0x10_0000),
                    P::F32(lg),
                    P::F32(ug),
                    P::U32(0),
                    P::U32(n),
                    P::F32(precision),
                ],
                inputs: vec![(A, f32s(&a)), (B, f32s(&b))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(C, 4 * n as u64), (D, 4 * n as u64)],
            },
            check: Box::new(move |o| {
                let left = as_f32(&o[0]);
                let count = as_u32(&o[1]);
                let mut got = vec![f64::NAN; left.len()];
                for (l, &c) in left.iter().zip(&count) {
                    match got.get_mut(c as usize) {
                        Some(slot) => *slot = *l as f64,
                        None => return Err(format!("left_count {c} out of range")),
                    }
                }
                for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                    let tol = precision as f64 * (w.abs() + 1.0);
                    if g.is_nan() || (g - w).abs() > tol {
                        return Err(format!("eigenvalue {k}: {g} expected {w} (tol {tol:.1e})"));
                    }
                }
                Ok(())
            }),
        });
    }
}

/// Each eigenvalue within `precision * (|lambda| + 1)` of the f64 gold (see
/// [`eigenvalues`]); `pairs` are (eigenvalue, 1-based position).
fn eigen_check(pairs: &[(f32, u32)], want: &[f64], precision: f32) -> Result<(), String> {
    for &(l, pos) in pairs {
        let Some(w) = (pos as usize).checked_sub(1).and_then(|k| want.get(k)) else {
            return Err(format!("position {pos} out of range"));
        };
        let tol = precision as f64 * (w.abs() + 1.0);
        if l.is_nan() || (l as f64 - w).abs() > tol {
            return Err(format!(
                "eigenvalue {pos}: {l} expected {w} (tol {tol:.1e})"
            ));
        }
    }
    Ok(())
}

/// eigenvalues, matrices above 512 (bisect_large.cu, `computeEigenvaluesLargeMatrix`):
/// `bisectKernelLarge` (one block of `MAX_THREADS_BLOCK = 256` threads) splits the
/// Gerschgorin interval into intervals holding one eigenvalue (`g_left_one`,
/// `g_right_one`, 1-based `g_pos_one`, `g_num_one` of them) and blocks of intervals
/// holding several (`g_left/right_mult`, `g_left/right_count_mult`, block starts in
/// `g_blocks_mult`, eigenvalue offsets in `g_blocks_mult_sum`, `g_num_blocks_mult`
/// blocks); `bisectKernelLarge_OneIntervals` and `bisectKernelLarge_MultIntervals`
/// converge them (`processResultDataLargeMatrix`: `eigenvals[pos - 1] = lambda`).
/// The sample checks the union against reference.dat with `sdkCompareL2fe(..,
/// 1.5e-5)`; here every eigenvalue is checked against the f64 Sturm bisection as for
/// small matrices. The first kernel's check: each one-interval holds its eigenvalue,
/// each mult interval the eigenvalues its counts name (within the same tolerance), and
/// together they name every eigenvalue once. The two later kernels take the first
/// kernel's outputs, as the sample's host code passes them: its sm_52 run, made when
/// the cases are built (a failed run leaves those cases without inputs, and they fail).
fn eigenvalues_large(cases: &mut Vec<Case>) {
    const CUBIN: &str = "eigenvalues__bisect_large.cubin";
    let precision = 0.00001f32;
    let at = |k: u64| C + k * 0x1_0000;
    for n in [640u32, 520] {
        let mut g = Lcg(278_217_421 + n as u64);
        let mut a = Vec::new();
        let mut b = Vec::new();
        for _ in 0..n {
            a.push(g.range(-1.0, 1.0));
            b.push(g.range(-1.0, 1.0));
        }
        b[0] = 0.0;
        let (lg, ug) = gerschgorin(&a, &b[1..]);
        let want = sturm_eigenvalues(&a, &b[1..], lg, ug);
        let nb = 4 * n as u64;
        let first = Launch {
            grid: dim1(1),
            block: dim1(256),
            shared: 0,
            params: vec![
                P::Ptr(A),
                P::Ptr(B + 4),
                P::U32(n),
                P::F32(lg),
                P::F32(ug),
                P::U32(0),
                P::U32(n),
                P::F32(precision),
                P::Ptr(at(0)),
                P::Ptr(at(1)),
                P::Ptr(at(2)),
                P::Ptr(at(3)),
                P::Ptr(at(4)),
                P::Ptr(at(5)),
                P::Ptr(at(6)),
                P::Ptr(at(7)),
                P::Ptr(at(8)),
                P::Ptr(at(9)),
                P::Ptr(at(10)),
            ],
            inputs: vec![(A, f32s(&a)), (B, f32s(&b))],
            constants: vec![],
            symbols: vec![],
            symbol_dumps: vec![],
            outputs: (0..11)
                .map(|k| (at(k), if k < 2 { 4 } else { nb }))
                .collect(),
        };
        // The first kernel's outputs for the later kernels (the sample's host copies).
        let dir = std::env::temp_dir().join(format!(
            "gpumem-run-samples-eigen-{}-{n}",
            std::process::id()
        ));
        let pre = launch(
            &format!("sm_52/{CUBIN}"),
            "_Z17bisectKernelLargePfS_jffjjfPjS0_S_S_S0_S_S_S0_S0_S0_S0_",
            &first,
            &dir,
        );
        let _ = std::fs::remove_dir_all(&dir);
        let outs: Option<Vec<Vec<u8>>> = match pre {
            Ok(r) if r.faults.is_empty() && r.dumps.len() == 11 => {
                Some(r.dumps.iter().map(|d| d.bytes.clone()).collect())
            }
            _ => None,
        };
        let want1 = want.clone();
        cases.push(Case {
            sample: "eigenvalues",
            cubin: CUBIN,
            kernel: "_Z17bisectKernelLargePfS_jffjjfPjS0_S_S_S0_S_S_S0_S0_S0_S0_",
            shape: format!("n{n}"),
            launch: first,
            check: Box::new(move |o| {
                let u = |k: usize| as_u32(&o[k]);
                let f = |k: usize| as_f32(&o[k]);
                let (num_one, num_blocks) = (u(0)[0] as usize, u(1)[0] as usize);
                let n = want1.len();
                if num_one > n || num_blocks >= n {
                    return Err(format!("num_one {num_one}, num_blocks_mult {num_blocks}"));
                }
                let slack = |w: f64| precision as f64 * (w.abs() + 1.0);
                let mut seen = vec![0u32; n];
                let (l1, r1, p1) = (f(2), f(3), u(4));
                for i in 0..num_one {
                    let k = (p1[i] as usize).wrapping_sub(1);
                    let Some(&w) = want1.get(k) else {
                        return Err(format!("one-interval {i}: position {}", p1[i]));
                    };
                    if (l1[i] as f64) > w + slack(w) || (r1[i] as f64) < w - slack(w) {
                        return Err(format!(
                            "one-interval {i} [{}, {}] misses {w}",
                            l1[i], r1[i]
                        ));
                    }
                    seen[k] += 1;
                }
                let (lm, rm, lc, rc, blocks, sums) = (f(5), f(6), u(7), u(8), u(9), u(10));
                let intervals = blocks[num_blocks] as usize;
                if sums[num_blocks] as usize != n - num_one || intervals > n {
                    return Err(format!(
                        "blocks: {intervals} intervals, {} eigenvalues",
                        sums[num_blocks]
                    ));
                }
                for j in 0..intervals {
                    let (c0, c1) = (lc[j] as usize, rc[j] as usize);
                    if c0 >= c1 || c1 > n {
                        return Err(format!("mult interval {j}: counts {c0}..{c1}"));
                    }
                    let (w0, w1) = (want1[c0], want1[c1 - 1]);
                    if (lm[j] as f64) > w0 + slack(w0) || (rm[j] as f64) < w1 - slack(w1) {
                        return Err(format!(
                            "mult interval {j} [{}, {}] misses {w0}..{w1}",
                            lm[j], rm[j]
                        ));
                    }
                    for s in &mut seen[c0..c1] {
                        *s += 1;
                    }
                }
                match seen.iter().position(|&c| c != 1) {
                    Some(k) => Err(format!("eigenvalue {k} named {} times", seen[k])),
                    None => Ok(()),
                }
            }),
        });
        // bisectKernelLarge_OneIntervals: grid `getNumBlocksLinear(num_one, 256)`.
        let (num_one, num_blocks) = match &outs {
            Some(o) => (as_u32(&o[0])[0], as_u32(&o[1])[0]),
            None => (0, 0),
        };
        let o = outs.unwrap_or_else(|| vec![vec![0u8; nb as usize]; 11]);
        let want2 = want.clone();
        let ok = num_one > 0;
        cases.push(Case {
            sample: "eigenvalues",
            cubin: CUBIN,
            kernel: "_Z30bisectKernelLarge_OneIntervalsPfS_jjS_S_Pjf",
            shape: format!("n{n}"),
            launch: Launch {
                grid: dim1(num_one.div_ceil(256).max(1)),
                block: dim1(256),
                shared: 0,
                params: vec![
                    P::Ptr(A),
                    P::Ptr(B + 4),
                    P::U32(n),
                    P::U32(num_one),
                    P::Ptr(at(2)),
                    P::Ptr(at(3)),
                    P::Ptr(at(4)),
                    P::F32(precision),
                ],
                inputs: vec![
                    (A, f32s(&a)),
                    (B, f32s(&b)),
                    (at(2), o[2].clone()),
                    (at(3), o[3].clone()),
                    (at(4), o[4].clone()),
                ],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(at(2), nb), (at(4), nb)],
            },
            check: Box::new(move |out| {
                if !ok {
                    return Err("no one-intervals from bisectKernelLarge".into());
                }
                let (l, p) = (as_f32(&out[0]), as_u32(&out[1]));
                let pairs: Vec<(f32, u32)> = (0..num_one as usize).map(|i| (l[i], p[i])).collect();
                eigen_check(&pairs, &want2, precision)
            }),
        });
        // bisectKernelLarge_MultIntervals: one block per block of intervals.
        let ok = num_blocks > 0;
        let mult = n - num_one;
        cases.push(Case {
            sample: "eigenvalues",
            cubin: CUBIN,
            kernel: "_Z31bisectKernelLarge_MultIntervalsPfS_jPjS0_S_S_S0_S0_S_S0_f",
            shape: format!("n{n}"),
            launch: Launch {
                grid: dim1(num_blocks.max(1)),
                block: dim1(256),
                shared: 0,
                params: vec![
                    P::Ptr(A),
                    P::Ptr(B + 4),
                    P::U32(n),
                    P::Ptr(at(9)),
                    P::Ptr(at(10)),
                    P::Ptr(at(5)),
                    P::Ptr(at(6)),
                    P::Ptr(at(7)),
                    P::Ptr(at(8)),
                    P::Ptr(at(11)),
                    P::Ptr(at(12)),
                    P::F32(precision),
                ],
                inputs: vec![
                    (A, f32s(&a)),
                    (B, f32s(&b)),
                    (at(5), o[5].clone()),
                    (at(6), o[6].clone()),
                    (at(7), o[7].clone()),
                    (at(8), o[8].clone()),
                    (at(9), o[9].clone()),
                    (at(10), o[10].clone()),
                ],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(at(11), nb), (at(12), nb)],
            },
            check: Box::new(move |out| {
                if !ok {
                    return Err("no interval blocks from bisectKernelLarge".into());
                }
                let (l, p) = (as_f32(&out[0]), as_u32(&out[1]));
                let pairs: Vec<(f32, u32)> = (0..mult as usize).map(|i| (l[i], p[i])).collect();
                eigen_check(&pairs, &want, precision)
            }),
        });
    }
}

/// alignedTypes: `testKernel<TData>` copies `numElements = memory_size / sizeof(TData)`
/// elements (grid-stride loop); bytes `(i & 0xff) + 1`; `testCPU` compares the first
/// `packedElementSize` bytes of every element (not the padding of the aligned structs),
/// exactly. The sample launches <<<64, 256>>>; a second shape uses <<<5, 128>>>.
fn aligned_types(cases: &mut Vec<Case>) {
    // (kernel, sizeof(TData), packedElementSize)
    let types: [(&str, u64, u64); 12] = [
        ("_Z10testKernelIhEvPT_S1_i", 1, 1),
        ("_Z10testKernelItEvPT_S1_i", 2, 2),
        ("_Z10testKernelI16RGBA8_misalignedEvPT_S2_i", 4, 4),
        ("_Z10testKernelI15LA32_misalignedEvPT_S2_i", 8, 8),
        ("_Z10testKernelI16RGB32_misalignedEvPT_S2_i", 12, 12),
        ("_Z10testKernelI17RGBA32_misalignedEvPT_S2_i", 16, 16),
        ("_Z10testKernelI5RGBA8EvPT_S2_i", 4, 4),
        ("_Z10testKernelIjEvPT_S1_i", 4, 4),
        ("_Z10testKernelI4LA32EvPT_S2_i", 8, 8),
        ("_Z10testKernelI5RGB32EvPT_S2_i", 16, 12),
        ("_Z10testKernelI6RGBA32EvPT_S2_i", 16, 16),
        ("_Z10testKernelI8RGBA32_2EvPT_S2_i", 32, 32),
    ];
    for (memory, grid, block) in [(49152u64, 64u32, 256u32), (12800, 5, 128)] {
        let input: Vec<u8> = (0..memory).map(|i| ((i & 0xff) + 1) as u8).collect();
        for (kernel, size, packed) in types {
            let n = memory / size;
            let want = input.clone();
            cases.push(Case {
                sample: "alignedTypes",
                cubin: "alignedTypes__alignedTypes.cubin",
                kernel,
                shape: format!("bytes{memory}_g{grid}_b{block}"),
                launch: Launch {
                    grid: dim1(grid),
                    block: dim1(block),
                    shared: 0,
                    params: vec![P::Ptr(B), P::Ptr(A), P::I32(n as i32)],
                    inputs: vec![(A, input.clone())],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, memory)],
                },
                check: Box::new(move |o| {
                    for pos in 0..n {
                        let r = (pos * size) as usize..(pos * size + packed) as usize;
                        if o[0][r.clone()] != want[r.clone()] {
                            return Err(format!(
                                "element {pos}: {:?} expected {:?}",
                                &o[0][r.clone()],
                                &want[r]
                            ));
                        }
                    }
                    Ok(())
                }),
            });
        }
    }
}

fn f64s(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn as_f64(b: &[u8]) -> Vec<f64> {
    b.chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// jacobiCudaGraphs (`N_ROWS = 512`): `JacobiMethod` is one Jacobi step, `x_new[i] =
/// x[i] + (b[i] - sum_j A[i][j] x[j]) / A[i][i]` (A float, the rest double; each block
/// 8 rows, warp sums by `shfl_down` and a double `atomicAdd` (a CAS loop on sm_5x)),
/// adding `sum |dx|` to `*sum`; `finalError` adds `sum |x[i] - 1|` to `*g_sum`. The gold:
/// `JacobiMethodCPU`'s step and `main`'s error sum in f64. The sample's criterion is on
/// the converged error (`|sum - sumGPU| < conv_threshold = 1e-2`); a single step is
/// checked here to 1e-9 relative (our bound: only the summation order differs). The
/// system is `createLinearSystem`'s (`A = 1`, diagonal `N_ROWS + 1`, `b = 2 N_ROWS`)
/// and a random diagonally dominant one; `x` random in [0, 2).
fn jacobi(cases: &mut Vec<Case>) {
    const N: usize = 512;
    for (shape, grid, block, sample_system) in [
        ("sample_system_g66_b256", 66u32, 256u32, true),
        ("random_system_g64_b128", 64, 128, false),
    ] {
        let mut g = Lcg(0x1acb + grid as u64);
        let mut a = vec![1f32; N * N];
        let mut b = vec![2.0 * N as f64; N];
        for i in 0..N {
            if !sample_system {
                for j in 0..N {
                    a[i * N + j] = g.range(-1.0, 1.0);
                }
                b[i] = g.range(-100.0, 100.0) as f64;
            }
            a[i * N + i] = N as f32 + 1.0;
        }
        let x: Vec<f64> = (0..N).map(|_| g.range(0.0, 2.0) as f64).collect();
        let mut want_x = vec![0f64; N];
        let mut want_sum = 0f64;
        for i in 0..N {
            let mut dx = b[i];
            for j in 0..N {
                dx -= a[i * N + j] as f64 * x[j];
            }
            dx /= a[i * N + i] as f64;
            want_x[i] = x[i] + dx;
            want_sum += dx.abs();
        }
        let close = |what: &str, got: f64, want: f64| {
            if (got - want).abs() <= 1e-9 * want.abs().max(1.0) {
                Ok(())
            } else {
                Err(format!("{what} {got} expected {want} (rel 1e-9)"))
            }
        };
        cases.push(Case {
            sample: "jacobiCudaGraphs",
            cubin: "jacobiCudaGraphs__jacobi.cubin",
            kernel: "_Z12JacobiMethodPKfPKdfPdS3_S3_",
            shape: shape.into(),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(block),
                shared: 0,
                params: vec![
                    P::Ptr(A),
                    P::Ptr(B),
                    P::F32(1.0e-2),
                    P::Ptr(C),
                    P::Ptr(D),
                    P::Ptr(D + 0x10_0000),
                ],
                inputs: vec![
                    (A, f32s(&a)),
                    (B, f64s(&b)),
                    (C, f64s(&x)),
                    (D + 0x10_0000, f64s(&[0.0])),
                ],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(D, 8 * N as u64), (D + 0x10_0000, 8)],
            },
            check: Box::new(move |o| {
                let (xn, sum) = (as_f64(&o[0]), as_f64(&o[1]));
                for (i, (g, w)) in xn.iter().zip(&want_x).enumerate() {
                    close(&format!("x_new[{i}]"), *g, *w)?;
                }
                close("sum", sum[0], want_sum)
            }),
        });
        let want_err: f64 = x.iter().map(|v| (v - 1.0).abs()).sum();
        let (fgrid, fblock) = if sample_system {
            (3u32, 256u32)
        } else {
            (2, 128)
        };
        cases.push(Case {
            sample: "jacobiCudaGraphs",
            cubin: "jacobiCudaGraphs__jacobi.cubin",
            kernel: "_Z10finalErrorPdS_",
            shape: format!("g{fgrid}_b{fblock}"),
            launch: Launch {
                grid: dim1(fgrid),
                block: dim1(fblock),
                shared: 8 * (fblock / 32) as u64,
                params: vec![P::Ptr(C), P::Ptr(D)],
                inputs: vec![(C, f64s(&x)), (D, f64s(&[0.0]))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(D, 8)],
            },
            check: Box::new(move |o| close("g_sum", as_f64(&o[0])[0], want_err)),
        });
    }
}

/// XORWOW's state update without the Weyl counter `d`: linear over GF(2) on the 160
/// bits of `v`.
fn xorwow_linear(v: [u32; 5]) -> [u32; 5] {
    let t = v[0] ^ (v[0] >> 2);
    [
        v[1],
        v[2],
        v[3],
        v[4],
        (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1)),
    ]
}

/// A 160x160 GF(2) matrix as the images of the 160 unit vectors.
type Gf2Matrix = Vec<[u32; 5]>;

fn gf2_apply(m: &Gf2Matrix, v: [u32; 5]) -> [u32; 5] {
    let mut r = [0u32; 5];
    for (i, col) in m.iter().enumerate() {
        if v[i / 32] >> (i % 32) & 1 != 0 {
            for k in 0..5 {
                r[k] ^= col[k];
            }
        }
    }
    r
}

/// `M^(2^67)`: XORWOW's linear update advanced one subsequence (67 squarings).
fn xorwow_subsequence_matrix() -> Gf2Matrix {
    let mut m: Gf2Matrix = (0..160)
        .map(|i| {
            let mut e = [0u32; 5];
            e[i / 32] = 1 << (i % 32);
            xorwow_linear(e)
        })
        .collect();
    for _ in 0..67 {
        m = m.iter().map(|c| gf2_apply(&m, *c)).collect();
    }
    m
}

/// The bytes of symbol `name` in section `.nv.global.init` of an ELF64 cubin (a
/// minimal reader: section headers, `.symtab` and its string table).
fn global_init_symbol(elf: &[u8], name: &str) -> Option<Vec<u8>> {
    let u16_at = |o: usize| Some(u16::from_le_bytes(elf.get(o..o + 2)?.try_into().ok()?));
    let u32_at = |o: usize| Some(u32::from_le_bytes(elf.get(o..o + 4)?.try_into().ok()?));
    let u64_at = |o: usize| Some(u64::from_le_bytes(elf.get(o..o + 8)?.try_into().ok()?));
    let shoff = u64_at(0x28)? as usize;
    let (shentsize, shnum, shstrndx) = (
        u16_at(0x3a)? as usize,
        u16_at(0x3c)? as usize,
        u16_at(0x3e)? as usize,
    );
    // (name offset, type, file offset, size, link) per section.
    let sec = |i: usize| {
        let h = shoff + i * shentsize;
        Some((
            u32_at(h)? as usize,
            u32_at(h + 4)?,
            u64_at(h + 0x18)? as usize,
            u64_at(h + 0x20)? as usize,
            u32_at(h + 0x28)? as usize,
        ))
    };
    let cstr = |o: usize| {
        let rest = elf.get(o..)?;
        std::str::from_utf8(&rest[..rest.iter().position(|&b| b == 0)?]).ok()
    };
    let names = sec(shstrndx)?.2;
    let index =
        (0..shnum).find(|&i| sec(i).and_then(|s| cstr(names + s.0)) == Some(".nv.global.init"))?;
    let init = sec(index)?;
    let symtab = (0..shnum).find_map(|i| sec(i).filter(|s| s.1 == 2))?;
    let strings = sec(symtab.4)?.2;
    for k in 0..symtab.3 / 24 {
        let e = symtab.2 + 24 * k;
        if cstr(strings + u32_at(e)? as usize) == Some(name) && u16_at(e + 6)? as usize == index {
            let (value, size) = (u64_at(e + 8)? as usize, u64_at(e + 16)? as usize);
            return elf
                .get(init.2 + value..init.2 + value + size)
                .map(<[u8]>::to_vec);
        }
    }
    None
}

/// The rngSetupStates gold's skip-ahead is curand's: `M^(2^67)` equals the first of
/// the cubin's own `precalc_xorwow_matrix` (160 rows of 5 words), for both targets.
#[test]
fn xorwow_skip_ahead_matches_the_cubin_table() {
    let mine: Vec<u32> = xorwow_subsequence_matrix().concat();
    for sm in ["sm_50", "sm_52"] {
        let path = root().join(format!(
            "tests/cuda-samples/{sm}/MonteCarloMultiGPU__MonteCarlo_kernel.cubin"
        ));
        let elf = std::fs::read(path).expect("the cubin");
        let table = global_init_symbol(&elf, "precalc_xorwow_matrix").expect("the table");
        assert_eq!(as_u32(&table[..4 * 800]), mine, "{sm}");
    }
}

/// MonteCarloMultiGPU: `rngSetupStates` runs `curand_init(blockIdx.x + gridDim.x *
/// device_id, threadIdx.x, 0, &rngState[tid])` (curand_kernel.h,
/// `_curand_init_inplace`): the salted seed sets `d` and `v`, then
/// `skipahead_sequence(threadIdx.x)` advances `v` by `threadIdx.x * 2^67` steps (on the
/// device through the precomputed powers `precalc_xorwow_matrix`, module `__device__`
/// data in `.nv.global.init`), the Box-Muller flags and extras zero. The gold computes
/// `M^(2^67)` of the XORWOW update by 67 squarings (equal to the cubin's
/// `precalc_xorwow_matrix[0]`: `xorwow_skip_ahead_matches_the_cubin_table`) and applies
/// it `threadIdx.x` times (`2^67` is a multiple of `2^32`, so `d` does not move); each
/// state is compared exactly (its 44 bytes of fields, not the padding before the
/// double). The launch places the cubin's `.nv.global.init` (module variables,
/// SEMANTICS.md), so the kernel reads the real table; with a zero table every state but
/// each block's first would be wrong.
fn rng_setup(cases: &mut Vec<Case>) {
    let m = xorwow_subsequence_matrix();
    for (grid, device) in [(2u32, 0i32), (3, 1)] {
        let mut want = Vec::new();
        for b in 0..grid {
            let seed = (b + grid * device as u32) as u64;
            let s0 = (seed as u32) ^ 0xaad2_6b49;
            let s1 = ((seed >> 32) as u32) ^ 0xf7dc_efdd;
            let t0 = 1_099_087_573u32.wrapping_mul(s0);
            let t1 = 2_591_861_531u32.wrapping_mul(s1);
            let d = 6_615_241u32.wrapping_add(t1).wrapping_add(t0);
            let mut v = [
                123_456_789u32.wrapping_add(t0),
                362_436_069 ^ t0,
                521_288_629u32.wrapping_add(t1),
                88_675_123 ^ t1,
                5_783_321u32.wrapping_add(t0),
            ];
            for _ in 0..256 {
                let mut w = [0u32; 12];
                w[0] = d;
                w[1..6].copy_from_slice(&v);
                want.push(w);
                v = gf2_apply(&m, v);
            }
        }
        let n = (grid * 256) as u64;
        cases.push(Case {
            sample: "MonteCarloMultiGPU",
            cubin: "MonteCarloMultiGPU__MonteCarlo_kernel.cubin",
            kernel: "_Z14rngSetupStatesP17curandStateXORWOWi",
            shape: format!("g{grid}_dev{device}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(256),
                shared: 0,
                params: vec![P::Ptr(A), P::I32(device)],
                inputs: vec![(A, vec![0u8; 48 * n as usize])],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 48 * n)],
            },
            check: Box::new(move |o| {
                let got = as_u32(&o[0]);
                for (i, w) in want.iter().enumerate() {
                    let g = &got[12 * i..12 * i + 12];
                    let fields = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11];
                    if let Some(&k) = fields.iter().find(|&&k| g[k] != w[k]) {
                        return Err(format!(
                            "state {i} word {k}: {:#x} expected {:#x}",
                            g[k], w[k]
                        ));
                    }
                }
                Ok(())
            }),
        });
    }
}

/// inlinePTX and inlinePTX_nvrtc: `sequence_gpu` writes `%laneid` (inline PTX) to
/// `d_ptr[elemID]` for `elemID < length`; `sequence_cpu`: `elemID % 32`, compared
/// exactly. The sample's shape (N = 1000, blocks of 256) and a second one (700, 96).
fn inline_ptx(cases: &mut Vec<Case>) {
    let builds = [
        (
            "inlinePTX",
            "inlinePTX__inlinePTX.cubin",
            "_Z12sequence_gpuPii",
        ),
        (
            "inlinePTX_nvrtc",
            "inlinePTX_nvrtc__inlinePTX_kernel.cubin",
            "sequence_gpu",
        ),
    ];
    for (sample, cubin, kernel) in builds {
        for (n, block) in [(1000u32, 256u32), (700, 96)] {
            let want: Vec<i32> = (0..n as i32).map(|i| i % 32).collect();
            cases.push(Case {
                sample,
                cubin,
                kernel,
                shape: format!("n{n}_b{block}"),
                launch: Launch {
                    grid: dim1(n.div_ceil(block)),
                    block: dim1(block),
                    shared: 0,
                    params: vec![P::Ptr(A), P::I32(n as i32)],
                    inputs: vec![(A, i32s(&vec![-1; n as usize]))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(A, 4 * n as u64)],
                },
                check: Box::new(move |o| exact("d_ptr", &as_i32(&o[0]), &want)),
            });
        }
    }
}

/// clock and clock_nvrtc: `timedReduction` (blocks of `NUM_THREADS`, `2 * NUM_THREADS`
/// floats of dynamic shared memory) writes the minimum of the `2 * blockDim.x` inputs
/// to `output[bid]` and `clock()` before and after to `timer[bid]` and
/// `timer[bid + gridDim.x]`. The sample prints the average of `end - start`; the check:
/// every minimum exact, and every block's end after its start. The sample's shape
/// (64 blocks of 256, `input[i] = i`) and a second one (8 blocks of 128, random input).
fn clock(cases: &mut Vec<Case>) {
    let builds = [
        ("clock", "clock__clock.cubin", "_Z14timedReductionPKfPfPl"),
        (
            "clock_nvrtc",
            "clock_nvrtc__clock_kernel.cubin",
            "timedReduction",
        ),
    ];
    for (sample, cubin, kernel) in builds {
        for (blocks, threads, random) in [(64u32, 256u32, false), (8, 128, true)] {
            let mut g = Lcg(threads as u64);
            let input: Vec<f32> = (0..2 * threads)
                .map(|i| {
                    if random {
                        g.range(-100.0, 100.0)
                    } else {
                        i as f32
                    }
                })
                .collect();
            let min = input.iter().cloned().fold(f32::INFINITY, f32::min);
            let want = vec![min; blocks as usize];
            cases.push(Case {
                sample,
                cubin,
                kernel,
                shape: format!("g{blocks}_b{threads}"),
                launch: Launch {
                    grid: dim1(blocks),
                    block: dim1(threads),
                    shared: 8 * threads as u64,
                    params: vec![P::Ptr(A), P::Ptr(B), P::Ptr(C)],
                    inputs: vec![(A, f32s(&input))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, 4 * blocks as u64), (C, 16 * blocks as u64)],
                },
                check: Box::new(move |o| {
                    exact("output", &as_f32(&o[0]), &want)?;
                    let t: Vec<u64> = o[1]
                        .chunks_exact(8)
                        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                        .collect();
                    let b = want.len();
                    match (0..b).find(|&i| t[i + b] <= t[i]) {
                        Some(i) => Err(format!("block {i}: clock {} then {}", t[i], t[i + b])),
                        None => Ok(()),
                    }
                }),
            });
        }
    }
}
