//! NVIDIA's CUDA samples (v11.8, compiled by nvcc 11.8 for sm_50 and sm_52; the cubins
//! are committed in tests/cuda-samples) as a test suite: each chosen kernel is launched
//! through gpumem-run's public manifest API (`run_manifest_str`: the manifest text, its
//! input files and dumps, exactly what `gpumem run` reads) for both targets and at least
//! two launch shapes, and its outputs are compared with a Rust port of the sample's own
//! CPU reference ("gold") function, bit-exactly for integer results and within the
//! sample's own tolerance for floats (quoted at each check).
//!
//! The outcome of every (sample, kernel, target, shape) is compared with the committed
//! expectation table tests/samples/STATUS.tsv: `pass`, `unsupported:<first instruction
//! the executor lacks>`, `fault:<kind>:<instruction>` or `mismatch:<what>`. The test fails
//! when an outcome differs from the table in either direction, so the table is the truth;
//! `BLESS=1` rewrites it from the outcomes. `--nocapture` prints a summary and a census of
//! the instructions that block kernels.
//!
//! Inputs come from a fixed linear congruential generator (the samples use `rand()`,
//! whose sequence is the C library's); sizes are smaller than the samples' defaults so
//! that the whole suite runs in seconds, within the ranges the samples support.

use crate::common::*;
use gpumem_run::{FaultKind, Report};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The samples' `rand()` stand-in: Knuth's MMIX LCG, high bits.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 8) as f32 / (1u32 << 23) as f32
    }
    /// Uniform in [lo, hi).
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// A kernel parameter.
#[derive(Clone, Copy)]
enum P {
    Ptr(u64),
    U32(u32),
    I32(i32),
    F32(f32),
}

/// One launch: shape, parameters, memory contents, regions read back.
struct Launch {
    grid: [u32; 3],
    block: [u32; 3],
    /// Dynamic shared bytes (the third `<<<>>>` argument).
    shared: u64,
    params: Vec<P>,
    /// Global memory contents.
    inputs: Vec<(u64, Vec<u8>)>,
    /// Constant bank contents: (bank, offset, bytes) (`__constant__` data is bank 3).
    constants: Vec<(u32, u64, Vec<u8>)>,
    /// Module variables' initial contents (`[[symbol]]`): name, bytes.
    symbols: Vec<(&'static str, Vec<u8>)>,
    /// Module variables dumped after the run (`[[dump]] symbol`), after `outputs`.
    symbol_dumps: Vec<&'static str>,
    /// Global regions dumped after the run.
    outputs: Vec<(u64, u64)>,
}

const A: u64 = 0x1000_0000;
const B: u64 = 0x2000_0000;
const C: u64 = 0x3000_0000;
const D: u64 = 0x4000_0000;

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn as_f32(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn as_i32(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The manifest text of a launch whose input files are `in<k>.bin` in its folder.
fn manifest(cubin: &str, kernel: &str, l: &Launch) -> String {
    let mut m = String::new();
    let dims = |d: [u32; 3]| format!("[{}, {}, {}]", d[0], d[1], d[2]);
    let _ = writeln!(
        m,
        "isa = \"maxwell\"\nprogram = \"{}\"\nkernel = \"{kernel}\"\n\n[launch]\ngrid = {}\nblock = {}\nshared_bytes = {}",
        root().join("tests/cuda-samples").join(cubin).display(),
        dims(l.grid),
        dims(l.block),
        l.shared
    );
    let ps: Vec<String> = l
        .params
        .iter()
        .map(|p| match *p {
            P::Ptr(a) => format!("{{ u64 = \"{a:#x}\" }}"),
            P::U32(v) => format!("{{ u32 = {v} }}"),
            P::I32(v) => format!("{{ i32 = {v} }}"),
            P::F32(v) => format!("{{ f32 = \"{v:e}\" }}"),
        })
        .collect();
    let _ = writeln!(m, "params = [{}]", ps.join(", "));
    for (k, (addr, _)) in l.inputs.iter().enumerate() {
        let _ = writeln!(
            m,
            "\n[[memory]]\naddress = \"{addr:#x}\"\nfile = \"in{k}.bin\""
        );
    }
    for (k, (bank, off, _)) in l.constants.iter().enumerate() {
        let _ = writeln!(
            m,
            "\n[[constant]]\nbank = {bank}\noffset = {off}\nfile = \"const{k}.bin\""
        );
    }
    for (k, (name, _)) in l.symbols.iter().enumerate() {
        let _ = writeln!(m, "\n[[symbol]]\nname = \"{name}\"\nfile = \"sym{k}.bin\"");
    }
    for (addr, size) in &l.outputs {
        let _ = writeln!(
            m,
            "\n[[dump]]\nspace = \"global\"\naddress = \"{addr:#x}\"\nsize = {size}"
        );
    }
    for name in &l.symbol_dumps {
        let _ = writeln!(m, "\n[[dump]]\nsymbol = \"{name}\"");
    }
    let _ = writeln!(
        m,
        "\n[limits]\nmax_steps = 50000000\nmax_memory = 1073741824"
    );
    m
}

/// Runs a launch through the manifest API; the report, or the manifest error.
fn launch(cubin: &str, kernel: &str, l: &Launch, dir: &Path) -> Result<Report, String> {
    launch_with(cubin, kernel, l, dir, "")
}

/// [`launch`] with `limits` (lines of the `[limits]` table) added to the manifest.
fn launch_with(
    cubin: &str,
    kernel: &str,
    l: &Launch,
    dir: &Path,
    limits: &str,
) -> Result<Report, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    for (k, (_, bytes)) in l.inputs.iter().enumerate() {
        std::fs::write(dir.join(format!("in{k}.bin")), bytes).map_err(|e| e.to_string())?;
    }
    for (k, (_, _, bytes)) in l.constants.iter().enumerate() {
        std::fs::write(dir.join(format!("const{k}.bin")), bytes).map_err(|e| e.to_string())?;
    }
    for (k, (_, bytes)) in l.symbols.iter().enumerate() {
        std::fs::write(dir.join(format!("sym{k}.bin")), bytes).map_err(|e| e.to_string())?;
    }
    let text = format!("{}{limits}", manifest(cubin, kernel, l));
    maxwell_str(&text, dir).map_err(|e| e.to_string())
}

/// The outcome of a run: `pass`, or why not.
fn outcome(r: &Result<Report, String>, check: &CheckFn) -> String {
    let r = match r {
        Ok(r) => r,
        Err(e) => return format!("error:{}", e.lines().next().unwrap_or("")),
    };
    if let Some(f) = r.faults.first() {
        // The instruction is the fault message's last parenthesised text.
        let inst = f
            .message
            .rfind(" (")
            .map(|i| f.message[i + 2..].trim_end_matches(')'))
            .unwrap_or("");
        // Its mnemonic: the first word after a guard (`@P0`, `@!PT`).
        let mut words = inst.split_whitespace();
        let mut mnemonic = words.next().unwrap_or("?");
        if mnemonic.starts_with('@') {
            mnemonic = words.next().unwrap_or("?");
        }
        return match f.kind {
            FaultKind::Unsupported => format!("unsupported:{mnemonic}"),
            k => format!("fault:{}:{mnemonic}", k.name()),
        };
    }
    let outs: Vec<Vec<u8>> = r.dumps.iter().map(|d| d.bytes.clone()).collect();
    match check(&outs) {
        Ok(()) => "pass".into(),
        Err(e) => format!("mismatch:{e}"),
    }
}

/// `Ok` when `got` equals `want` exactly, else the first difference.
fn exact<T: PartialEq + std::fmt::Debug>(what: &str, got: &[T], want: &[T]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} values, expected {}",
            got.len(),
            want.len()
        ));
    }
    match got.iter().zip(want).position(|(a, b)| a != b) {
        None => Ok(()),
        Some(i) => Err(format!("{what}[{i}]={:?} expected {:?}", got[i], want[i])),
    }
}

/// The samples' relative L1 check: `sum|got-want| / sum|want| < eps`.
fn l1(what: &str, got: &[f32], want: &[f64], eps: f64) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} values, expected {}",
            got.len(),
            want.len()
        ));
    }
    let (mut d, mut r) = (0f64, 0f64);
    for (g, w) in got.iter().zip(want) {
        d += (*g as f64 - w).abs();
        r += w.abs();
    }
    let e = if r == 0.0 { d } else { d / r };
    if e < eps {
        Ok(())
    } else {
        Err(format!("{what}: L1 error {e:.3e} >= {eps:e}"))
    }
}

/// The samples' `compareData`/`sdkCompareL2fe`-style absolute check: every
/// `|got-want| <= eps`.
fn within(what: &str, got: &[f32], want: &[f32], eps: f32) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} values, expected {}",
            got.len(),
            want.len()
        ));
    }
    match got.iter().zip(want).position(|(g, w)| {
        use std::cmp::Ordering::{Equal, Less};
        !matches!((g - w).abs().partial_cmp(&eps), Some(Less | Equal))
    }) {
        None => Ok(()),
        Some(i) => Err(format!(
            "{what}[{i}]={} expected {} (eps {eps})",
            got[i], want[i]
        )),
    }
}

/// A gold comparison over the dumped outputs.
type CheckFn = dyn Fn(&[Vec<u8>]) -> Result<(), String>;
/// A boxed [`CheckFn`].
type Check = Box<CheckFn>;

/// One row of the suite: a kernel at one shape (the test runs it for both targets).
struct Case {
    sample: &'static str,
    /// The cubin's name without the `sm_5x/` folder.
    cubin: &'static str,
    kernel: &'static str,
    shape: String,
    launch: Launch,
    check: Check,
}

fn dim1(x: u32) -> [u32; 3] {
    [x, 1, 1]
}

// ---------------------------------------------------------------- the samples

/// vectorAdd: `C[i] = A[i] + B[i]`; the sample fails when `|A+B-C| > 1e-5`.
fn vector_add(cases: &mut Vec<Case>) {
    for (n, threads) in [(1000u32, 256u32), (700, 128)] {
        let mut g = Lcg(n as u64);
        let a: Vec<f32> = (0..n).map(|_| g.unit()).collect();
        let b: Vec<f32> = (0..n).map(|_| g.unit()).collect();
        let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        cases.push(Case {
            sample: "vectorAdd",
            cubin: "vectorAdd__vectorAdd.cubin",
            kernel: "_Z9vectorAddPKfS0_Pfi",
            shape: format!("n{n}_b{threads}"),
            launch: Launch {
                grid: dim1(n.div_ceil(threads)),
                block: dim1(threads),
                shared: 0,
                params: vec![P::Ptr(A), P::Ptr(B), P::Ptr(C), P::I32(n as i32)],
                inputs: vec![(A, f32s(&a)), (B, f32s(&b))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(C, 4 * n as u64)],
            },
            check: Box::new(move |o| within("C", &as_f32(&o[0]), &want, 1e-5)),
        });
    }
}

/// transpose: `computeTransposeGold` (`gold[x*h + y] = in[y*w + x]`), the copy kernels
/// against the input; the sample's `compareData(gold, out, n, 0.01f, 0.0f)`.
fn transpose(cases: &mut Vec<Case>) {
    const TILE: u32 = 16;
    let kernels = [
        ("_Z4copyPfS_ii", false),
        ("_Z13copySharedMemPfS_ii", false),
        ("_Z14transposeNaivePfS_ii", true),
        ("_Z18transposeCoalescedPfS_ii", true),
        ("_Z24transposeNoBankConflictsPfS_ii", true),
        ("_Z17transposeDiagonalPfS_ii", true),
    ];
    for (kernel, transposes) in kernels {
        // copySharedMem only copies inside the square `x < height && y < width`: the
        // sample runs it on square matrices.
        let shapes = if kernel == "_Z13copySharedMemPfS_ii" {
            [(64u32, 64u32), (32, 32)]
        } else {
            [(64, 64), (64, 32)]
        };
        for (w, h) in shapes {
            let input: Vec<f32> = (0..w * h).map(|i| i as f32).collect();
            let want: Vec<f32> = if transposes {
                let mut t = vec![0f32; (w * h) as usize];
                for y in 0..h {
                    for x in 0..w {
                        t[(x * h + y) as usize] = input[(y * w + x) as usize];
                    }
                }
                t
            } else {
                input.clone()
            };
            cases.push(Case {
                sample: "transpose",
                cubin: "transpose__transpose.cubin",
                kernel,
                shape: format!("{w}x{h}"),
                launch: Launch {
                    grid: [w / TILE, h / TILE, 1],
                    block: [TILE, TILE, 1],
                    shared: 0,
                    params: vec![P::Ptr(B), P::Ptr(A), P::I32(w as i32), P::I32(h as i32)],
                    inputs: vec![(A, f32s(&input))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, 4 * (w * h) as u64)],
                },
                check: Box::new(move |o| within("odata", &as_f32(&o[0]), &want, 0.01)),
            });
        }
    }
}

/// simpleTemplates: `computeGold`: `out[i] = in[i] * len` (len = threads), one block
/// with `len * sizeof(T)` bytes of dynamic shared memory; compared exactly for int and
/// with `compareData(.., 0.0001f, 0.0f)`'s epsilon for float.
fn simple_templates(cases: &mut Vec<Case>) {
    for threads in [256u32, 128] {
        let ints: Vec<i32> = (0..threads as i32).collect();
        let want_i: Vec<i32> = ints.iter().map(|v| v * threads as i32).collect();
        cases.push(Case {
            sample: "simpleTemplates",
            cubin: "simpleTemplates__simpleTemplates.cubin",
            kernel: "_Z10testKernelIiEvPT_S1_",
            shape: format!("b{threads}"),
            launch: Launch {
                grid: dim1(1),
                block: dim1(threads),
                shared: 4 * threads as u64,
                params: vec![P::Ptr(A), P::Ptr(B)],
                inputs: vec![(A, i32s(&ints))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * threads as u64)],
            },
            check: Box::new(move |o| exact("out", &as_i32(&o[0]), &want_i)),
        });
        let fl: Vec<f32> = (0..threads).map(|i| i as f32).collect();
        let want_f: Vec<f32> = fl.iter().map(|v| v * threads as f32).collect();
        cases.push(Case {
            sample: "simpleTemplates",
            cubin: "simpleTemplates__simpleTemplates.cubin",
            kernel: "_Z10testKernelIfEvPT_S1_",
            shape: format!("b{threads}"),
            launch: Launch {
                grid: dim1(1),
                block: dim1(threads),
                shared: 4 * threads as u64,
                params: vec![P::Ptr(A), P::Ptr(B)],
                inputs: vec![(A, f32s(&fl))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * threads as u64)],
            },
            check: Box::new(move |o| within("out", &as_f32(&o[0]), &want_f, 0.0001)),
        });
    }
}

/// scalarProd: `scalarProdCPU` (double accumulation of `A[i]*B[i]` per vector); the
/// sample passes when the relative L1 norm of the difference is below 1e-6.
fn scalar_prod(cases: &mut Vec<Case>) {
    for (vectors, elements, grid, block) in [(8u32, 2048u32, 4u32, 256u32), (3, 1024, 128, 128)] {
        let mut g = Lcg(7 + vectors as u64);
        let n = (vectors * elements) as usize;
        let a: Vec<f32> = (0..n).map(|_| g.range(0.0, 1.0)).collect();
        let b: Vec<f32> = (0..n).map(|_| g.range(0.0, 1.0)).collect();
        let want: Vec<f64> = (0..vectors as usize)
            .map(|v| {
                let r = v * elements as usize..(v + 1) * elements as usize;
                let s: f64 = r.map(|i| a[i] as f64 * b[i] as f64).sum();
                s as f32 as f64
            })
            .collect();
        cases.push(Case {
            sample: "scalarProd",
            cubin: "scalarProd__scalarProd.cubin",
            kernel: "_Z13scalarProdGPUPfS_S_ii",
            shape: format!("v{vectors}_e{elements}_g{grid}_b{block}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(block),
                shared: 0,
                params: vec![
                    P::Ptr(C),
                    P::Ptr(A),
                    P::Ptr(B),
                    P::I32(vectors as i32),
                    P::I32(elements as i32),
                ],
                inputs: vec![(A, f32s(&a)), (B, f32s(&b))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(C, 4 * vectors as u64)],
            },
            check: Box::new(move |o| l1("C", &as_f32(&o[0]), &want, 1e-6)),
        });
    }
}

/// matrixMul: `C = A * B` with A filled with 1.0 and B with 0.01 (`constantInit`); the
/// sample checks `|C - wA*0.01| / |wA*0.01| / dot_length > 1e-6` per element
/// (`eps = 1.e-6`, relative to the dot length).
fn matrix_mul(cases: &mut Vec<Case>) {
    for (bs, kernel) in [
        (16u32, "_Z13MatrixMulCUDAILi16EEvPfS0_S0_ii"),
        (32, "_Z13MatrixMulCUDAILi32EEvPfS0_S0_ii"),
    ] {
        for (ha, wa, wb) in [(2 * bs, 2 * bs, 2 * bs), (bs, 3 * bs, 2 * bs)] {
            let a = vec![1.0f32; (ha * wa) as usize];
            let b = vec![0.01f32; (wa * wb) as usize];
            let dot = wa as f32 * 0.01;
            let check = move |o: &[Vec<u8>]| {
                let c = as_f32(&o[0]);
                if c.len() != (ha * wb) as usize {
                    return Err("size".to_string());
                }
                for (i, v) in c.iter().enumerate() {
                    let err = ((v - dot) as f64).abs() / (dot as f64).abs() / wa as f64;
                    if err > 1e-6 {
                        return Err(format!("C[{i}]={v} expected {dot} (rel {err:.2e})"));
                    }
                }
                Ok(())
            };
            cases.push(Case {
                sample: "matrixMul",
                cubin: "matrixMul__matrixMul.cubin",
                kernel,
                shape: format!("{ha}x{wa}x{wb}"),
                launch: Launch {
                    grid: [wb / bs, ha / bs, 1],
                    block: [bs, bs, 1],
                    shared: 0,
                    params: vec![
                        P::Ptr(C),
                        P::Ptr(A),
                        P::Ptr(B),
                        P::I32(wa as i32),
                        P::I32(wb as i32),
                    ],
                    inputs: vec![(A, f32s(&a)), (B, f32s(&b))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(C, 4 * (ha * wb) as u64)],
                },
                check: Box::new(check),
            });
        }
    }
}

/// histogram: `histogram64CPU` (bins of `byte >> 2`) and `histogram256CPU` (bins of
/// bytes); results compared exactly, as the sample does. The partial-histogram kernels
/// are checked through the sum of their per-block partials; the merge kernels against
/// the sum of the partial histograms they are given.
fn histogram(cases: &mut Vec<Case>) {
    // The partial-histogram kernels: histogram64Kernel (64 threads, uint4 data, bins of
    // `byte >> 2`) and histogram256Kernel (192 threads = 6 warps, 32-bit words, bins of
    // bytes).
    let partials = [
        (
            64usize,
            2u32,
            64u32,
            16u32,
            1u64,
            "histogram__histogram64.cubin",
            "_Z17histogram64KernelPjP5uint4j",
            [(16384u32, 4u32), (8192, 3)],
        ),
        (
            256,
            0,
            192,
            4,
            3,
            "histogram__histogram256.cubin",
            "_Z18histogram256KernelPjS_j",
            [(8192, 4), (4096, 2)],
        ),
    ];
    for (bins, shift, block, elem, seed, cubin, kernel, shapes) in partials {
        for (bytes, blocks) in shapes {
            let mut g = Lcg(seed * bytes as u64);
            let data: Vec<u8> = (0..bytes).map(|_| (g.next() & 0xff) as u8).collect();
            let mut gold = vec![0u32; bins];
            for &b in &data {
                gold[(b >> shift) as usize] += 1;
            }
            cases.push(Case {
                sample: "histogram",
                cubin,
                kernel,
                shape: format!("bytes{bytes}_g{blocks}"),
                launch: Launch {
                    grid: dim1(blocks),
                    block: dim1(block),
                    shared: 0,
                    params: vec![P::Ptr(B), P::Ptr(A), P::U32(bytes / elem)],
                    inputs: vec![(A, data)],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, 4 * bins as u64 * blocks as u64)],
                },
                check: Box::new(move |o| {
                    let p = as_u32(&o[0]);
                    let sum: Vec<u32> = (0..bins)
                        .map(|bin| p.chunks(bins).map(|h| h[bin]).sum())
                        .collect();
                    exact("histogram", &sum, &gold)
                }),
            });
        }
    }
    for (bins, kernel, cubin) in [
        (
            64u32,
            "_Z22mergeHistogram64KernelPjS_j",
            "histogram__histogram64.cubin",
        ),
        (
            256,
            "_Z23mergeHistogram256KernelPjS_j",
            "histogram__histogram256.cubin",
        ),
    ] {
        for count in [5u32, 300] {
            let mut g = Lcg(count as u64 * bins as u64);
            let partial: Vec<u32> = (0..count * bins).map(|_| g.next() & 0xffff).collect();
            let want: Vec<u32> = (0..bins as usize)
                .map(|b| {
                    (0..count as usize)
                        .map(|h| partial[h * bins as usize + b])
                        .sum()
                })
                .collect();
            cases.push(Case {
                sample: "histogram",
                cubin,
                kernel,
                shape: format!("partials{count}"),
                launch: Launch {
                    grid: dim1(bins),
                    block: dim1(256),
                    shared: 0,
                    params: vec![P::Ptr(B), P::Ptr(A), P::U32(count)],
                    inputs: vec![(A, u32s(&partial))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, 4 * bins as u64)],
                },
                check: Box::new(move |o| exact("histogram", &as_u32(&o[0]), &want)),
            });
        }
    }
}

/// reduction (int): `reduceCPU` sums the input (`rand() & 0xFF` values); the GPU result
/// is the sum of the per-block partials (the sample's `cpuFinalReduction` path);
/// compared exactly for int.
fn reduction(cases: &mut Vec<Case>) {
    // (kernel, elements per thread, block size the template is for (0: any))
    let kernels: [(&str, u32, u32); 9] = [
        ("_Z7reduce0IiEvPT_S1_j", 1, 0),
        ("_Z7reduce1IiEvPT_S1_j", 1, 0),
        ("_Z7reduce2IiEvPT_S1_j", 1, 0),
        ("_Z7reduce3IiEvPT_S1_j", 2, 0),
        ("_Z7reduce4IiLj128EEvPT_S1_j", 2, 128),
        ("_Z7reduce5IiLj128EEvPT_S1_j", 2, 128),
        ("_Z7reduce6IiLj128ELb1EEvPT_S1_j", 2, 128),
        ("_Z7reduce4IiLj256EEvPT_S1_j", 2, 256),
        ("_Z7reduce6IiLj256ELb0EEvPT_S1_j", 2, 256),
    ];
    for (kernel, per, fixed) in kernels {
        let shapes: Vec<(u32, u32)> = if fixed == 0 {
            vec![(4096, 128), (3000, 256)]
        } else if kernel.contains("Lb1E") {
            vec![(4096, fixed), (8192, fixed)]
        } else if kernel.starts_with("_Z7reduce6") {
            vec![(3000, fixed), (5000, fixed)]
        } else {
            vec![(4096, fixed), (3000, fixed)]
        };
        for (n, threads) in shapes {
            let mut g = Lcg(n as u64 + threads as u64);
            let data: Vec<i32> = (0..n).map(|_| (g.next() & 0xff) as i32).collect();
            let gold: i32 = data.iter().sum();
            let blocks = if kernel.starts_with("_Z7reduce6") {
                n.div_ceil(threads * 2).min(4)
            } else {
                n.div_ceil(threads * per)
            };
            cases.push(Case {
                sample: "reduction",
                cubin: "reduction__reduction_kernel.cubin",
                kernel,
                shape: format!("n{n}_b{threads}_g{blocks}"),
                launch: Launch {
                    grid: dim1(blocks),
                    block: dim1(threads),
                    shared: 4 * threads.max(64) as u64,
                    params: vec![P::Ptr(A), P::Ptr(B), P::U32(n)],
                    inputs: vec![(A, i32s(&data))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, 4 * blocks as u64)],
                },
                check: Box::new(move |o| {
                    let s: i32 = as_i32(&o[0]).iter().sum();
                    exact("sum", &[s], &[gold])
                }),
            });
        }
    }
}

/// simpleVoteIntrinsics: `__any_sync`/`__all_sync` per warp; the sample checks each
/// warp's results against the any/all of its inputs (`checkResultsVoteAnyKernel1`,
/// `checkResultsVoteAllKernel2`), and kernel 3's three flags per thread.
fn vote(cases: &mut Vec<Case>) {
    for warps in [4u32, 2] {
        let n = 32 * warps;
        // genVoteTestPattern: a quarter zeros, then mixed, then all ones.
        let mut input = vec![0u32; n as usize];
        for (i, v) in input.iter_mut().enumerate() {
            let q = i as u32 * 4 / n;
            *v = match q {
                0 => 0,
                1 => (i % 2) as u32,
                2 => ((i % 3) != 0) as u32,
                _ => 1,
            };
        }
        for (kernel, all) in [
            ("_Z14VoteAnyKernel1PjS_i", false),
            ("_Z14VoteAllKernel2PjS_i", true),
        ] {
            let want: Vec<u32> = input
                .chunks(32)
                .flat_map(|w| {
                    let r = if all {
                        w.iter().all(|&x| x != 0)
                    } else {
                        w.iter().any(|&x| x != 0)
                    };
                    vec![r as u32; 32]
                })
                .collect();
            cases.push(Case {
                sample: "simpleVoteIntrinsics",
                cubin: "simpleVoteIntrinsics__simpleVoteIntrinsics.cubin",
                kernel,
                shape: format!("w{warps}"),
                launch: Launch {
                    grid: dim1(1),
                    block: dim1(n),
                    shared: 0,
                    params: vec![P::Ptr(A), P::Ptr(B), P::I32(n as i32)],
                    inputs: vec![(A, u32s(&input))],
                    constants: vec![],
                    symbols: vec![],
                    symbol_dumps: vec![],
                    outputs: vec![(B, 4 * n as u64)],
                },
                check: Box::new(move |o| {
                    let got: Vec<u32> = as_u32(&o[0]).iter().map(|&v| (v != 0) as u32).collect();
                    exact("result", &got, &want)
                }),
            });
        }
    }
    // VoteAnyKernel3: `warp_size * 3` threads in the sample (3 warps); also 4 warps.
    for warps in [3u32, 4] {
        let n = 32 * warps;
        let half = 32 * 3 / 2;
        let want: Vec<u8> = (0..n)
            .flat_map(|tx| {
                let w = tx / 32;
                let lanes = w * 32..w * 32 + 32;
                let any = lanes.clone().any(|t| t >= half);
                let all = lanes.clone().all(|t| t >= half);
                [any as u8, (tx >= half) as u8, all as u8]
            })
            .collect();
        cases.push(Case {
            sample: "simpleVoteIntrinsics",
            cubin: "simpleVoteIntrinsics__simpleVoteIntrinsics.cubin",
            kernel: "_Z14VoteAnyKernel3Pbi",
            shape: format!("w{warps}"),
            launch: Launch {
                grid: dim1(1),
                block: dim1(n),
                shared: 0,
                params: vec![P::Ptr(A), P::I32(32)],
                inputs: vec![(A, vec![0u8; 3 * n as usize])],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 3 * n as u64)],
            },
            check: Box::new(move |o| exact("info", &o[0], &want)),
        });
    }
}

/// simpleAtomicIntrinsics: `computeGold` in simpleAtomicIntrinsics_cpu.cpp, ported.
fn atomics(cases: &mut Vec<Case>) {
    for (blocks, threads) in [(64u32, 256u32), (3, 128)] {
        let len = (blocks * threads) as i32;
        let mut init = vec![0i32; 11];
        init[8] = 0xff;
        init[10] = 0xff;
        let check = move |o: &[Vec<u8>]| {
            let d = as_i32(&o[0]);
            let mut want = [0i32; 11];
            want[0] = 10 * len;
            want[1] = -10 * len;
            want[3] = len - 1;
            want[4] = 0;
            let mut v = 0;
            for _ in 0..len {
                v = if v >= 17 { 0 } else { v + 1 };
            }
            want[5] = v;
            v = 0;
            for _ in 0..len {
                v = if v == 0 || v > 137 { 137 } else { v - 1 };
            }
            want[6] = v;
            v = 0xff;
            for i in 0..len {
                v &= 2 * i + 7;
            }
            want[8] = v;
            v = 0;
            for i in 0..len {
                v |= 1i32.wrapping_shl(i as u32);
            }
            want[9] = v;
            v = 0xff;
            for i in 0..len {
                v ^= i;
            }
            want[10] = v;
            // Exchange and compare-and-swap: any thread's id (the gold's `found`).
            for k in [2usize, 7] {
                if !(0..len).contains(&d[k]) {
                    return Err(format!("g_odata[{k}]={} is no thread id", d[k]));
                }
                want[k] = d[k];
            }
            exact("g_odata", &d, &want)
        };
        cases.push(Case {
            sample: "simpleAtomicIntrinsics",
            cubin: "simpleAtomicIntrinsics__simpleAtomicIntrinsics.cubin",
            kernel: "_Z10testKernelPi",
            shape: format!("g{blocks}_b{threads}"),
            launch: Launch {
                grid: dim1(blocks),
                block: dim1(threads),
                shared: 0,
                params: vec![P::Ptr(A)],
                inputs: vec![(A, i32s(&init))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 44)],
            },
            check: Box::new(check),
        });
    }
}

/// fastWalshTransform: `modulateKernel` is `d_A[i] *= d_B[i] * (1/N)`; the sample's
/// gold (`dyadicConvolutionCPU`) needs the whole pipeline, so the modulate step is
/// checked against its own definition within the sample's L2 tolerance 1e-6 relative.
fn fwt(cases: &mut Vec<Case>) {
    for (n, grid) in [(4096u32, 4u32), (1024, 2)] {
        let mut g = Lcg(n as u64);
        let a: Vec<f32> = (0..n).map(|_| g.unit()).collect();
        let b: Vec<f32> = (0..n).map(|_| g.unit()).collect();
        let q = 1.0f32 / n as f32;
        let want: Vec<f64> = a
            .iter()
            .zip(&b)
            .map(|(x, y)| (x * (y * q)) as f64)
            .collect();
        cases.push(Case {
            sample: "fastWalshTransform",
            cubin: "fastWalshTransform__fastWalshTransform.cubin",
            kernel: "_Z14modulateKernelPfS_i",
            shape: format!("n{n}_g{grid}"),
            launch: Launch {
                grid: dim1(grid),
                block: dim1(256),
                shared: 0,
                params: vec![P::Ptr(A), P::Ptr(B), P::I32(n as i32)],
                inputs: vec![(A, f32s(&a)), (B, f32s(&b))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(A, 4 * n as u64)],
            },
            check: Box::new(move |o| l1("A", &as_f32(&o[0]), &want, 1e-6)),
        });
    }
    // fwtBatch1Kernel: one block per data set of N = 2^log2N elements, N/4 threads,
    // N floats of dynamic shared memory; gold: fwtCPU (in-place butterflies).
    for log2n in [10u32, 8] {
        let n = 1u32 << log2n;
        let mut g = Lcg(log2n as u64);
        let data: Vec<f32> = (0..2 * n).map(|_| g.unit()).collect();
        let mut want: Vec<f64> = data.iter().map(|&x| x as f64).collect();
        for set in want.chunks_mut(n as usize) {
            let mut stride = 1usize;
            while stride < n as usize {
                let mut base = 0;
                while base < n as usize {
                    for j in 0..stride {
                        let (i0, i1) = (base + j, base + j + stride);
                        let (d0, d1) = (set[i0], set[i1]);
                        set[i0] = d0 + d1;
                        set[i1] = d0 - d1;
                    }
                    base += 2 * stride;
                }
                stride *= 2;
            }
        }
        cases.push(Case {
            sample: "fastWalshTransform",
            cubin: "fastWalshTransform__fastWalshTransform.cubin",
            kernel: "_Z15fwtBatch1KernelPfS_i",
            shape: format!("log2n{log2n}_x2"),
            launch: Launch {
                grid: dim1(2),
                block: dim1(n / 4),
                shared: 4 * n as u64,
                params: vec![P::Ptr(B), P::Ptr(A), P::I32(log2n as i32)],
                inputs: vec![(A, f32s(&data))],
                constants: vec![],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 8 * n as u64)],
            },
            check: Box::new(move |o| l1("d_Output", &as_f32(&o[0]), &want, 1e-6)),
        });
    }
}

/// convolutionSeparable: `convolutionRowCPU` / `convolutionColumnCPU` with the
/// 17-tap kernel in `__constant__ c_Kernel` (bank 3); the sample passes when the
/// relative L2 norm is below 1e-6.
fn convolution(cases: &mut Vec<Case>) {
    const R: i32 = 8;
    let mut g = Lcg(17);
    let taps: Vec<f32> = (0..2 * R + 1).map(|_| (g.next() % 16) as f32).collect();
    for (w, h) in [(128u32, 64u32), (256, 64)] {
        let src: Vec<f32> = (0..w * h).map(|_| (g.next() % 16) as f32).collect();
        let conv = |rows: bool| -> Vec<f64> {
            let mut out = vec![0f64; (w * h) as usize];
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let mut s = 0f32;
                    for k in -R..=R {
                        let (xx, yy) = if rows { (x + k, y) } else { (x, y + k) };
                        if xx >= 0 && xx < w as i32 && yy >= 0 && yy < h as i32 {
                            s += src[(yy * w as i32 + xx) as usize] * taps[(R - k) as usize];
                        }
                    }
                    out[(y * w as i32 + x) as usize] = s as f64;
                }
            }
            out
        };
        let l2 = |what: &'static str, want: Vec<f64>| -> Check {
            Box::new(move |o: &[Vec<u8>]| {
                let got = as_f32(&o[0]);
                let (mut d, mut r) = (0f64, 0f64);
                for (gv, wv) in got.iter().zip(&want) {
                    d += (*gv as f64 - wv).powi(2);
                    r += wv * wv;
                }
                let e = (d / r).sqrt();
                if got.len() == want.len() && e < 1e-6 {
                    Ok(())
                } else {
                    Err(format!("{what}: L2 error {e:.3e}"))
                }
            })
        };
        cases.push(Case {
            sample: "convolutionSeparable",
            cubin: "convolutionSeparable__convolutionSeparable.cubin",
            kernel: "_Z21convolutionRowsKernelPfS_iii",
            shape: format!("{w}x{h}"),
            launch: Launch {
                grid: [w / (8 * 16), h / 4, 1],
                block: [16, 4, 1],
                shared: 0,
                params: vec![
                    P::Ptr(B),
                    P::Ptr(A),
                    P::I32(w as i32),
                    P::I32(h as i32),
                    P::I32(w as i32),
                ],
                inputs: vec![(A, f32s(&src))],
                constants: vec![(3, 0, f32s(&taps))],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * (w * h) as u64)],
            },
            check: l2("rows", conv(true)),
        });
        cases.push(Case {
            sample: "convolutionSeparable",
            cubin: "convolutionSeparable__convolutionSeparable.cubin",
            kernel: "_Z24convolutionColumnsKernelPfS_iii",
            shape: format!("{w}x{h}"),
            launch: Launch {
                grid: [w / 16, h / (8 * 8), 1],
                block: [16, 8, 1],
                shared: 0,
                params: vec![
                    P::Ptr(B),
                    P::Ptr(A),
                    P::I32(w as i32),
                    P::I32(h as i32),
                    P::I32(w as i32),
                ],
                inputs: vec![(A, f32s(&src))],
                constants: vec![(3, 0, f32s(&taps))],
                symbols: vec![],
                symbol_dumps: vec![],
                outputs: vec![(B, 4 * (w * h) as u64)],
            },
            check: l2("columns", conv(false)),
        });
    }
}

/// All cases, in table order.
fn cases() -> Vec<Case> {
    let mut c = Vec::new();
    vector_add(&mut c);
    transpose(&mut c);
    simple_templates(&mut c);
    scalar_prod(&mut c);
    matrix_mul(&mut c);
    histogram(&mut c);
    reduction(&mut c);
    vote(&mut c);
    atomics(&mut c);
    fwt(&mut c);
    convolution(&mut c);
    samples_b::more(&mut c);
    samples_c::module_vars(&mut c);
    samples_d::more2(&mut c);
    c
}

#[path = "samples/more.rs"]
mod samples_b;
#[path = "samples/module_vars.rs"]
mod samples_c;
#[path = "samples/more2.rs"]
mod samples_d;

const TABLE: &str = "tests/samples/STATUS.tsv";

/// Every kernel of the suite, for both targets, run with its CTAs one after another
/// (`[limits] jobs = 1`) and on two threads (`jobs = 2`): the reports (dumps, faults,
/// statistics, hazards, as `gpumem run --json` prints them) are the same byte for byte
/// (docs/09-device-layer.md, "Parallel CTAs").
#[test]
fn parallel_ctas_give_the_sequential_reports() {
    let dir = std::env::temp_dir().join(format!("gpumem-run-jobs-{}", std::process::id()));
    let (mut runs, mut multi) = (0, 0);
    let mut differ = Vec::new();
    for (k, case) in cases().iter().enumerate() {
        for sm in ["sm_50", "sm_52"] {
            let cubin = format!("{sm}/{}", case.cubin);
            let d = dir.join(k.to_string());
            let one = launch_with(&cubin, case.kernel, &case.launch, &d, "jobs = 1\n");
            let two = launch_with(&cubin, case.kernel, &case.launch, &d, "jobs = 2\n");
            let text = |r: &Result<Report, String>| match r {
                Ok(r) => format!("{}\n{r}", r.to_json()),
                Err(e) => e.clone(),
            };
            runs += 1;
            if case.launch.grid.iter().product::<u32>() > 1 {
                multi += 1;
            }
            if text(&one) != text(&two) {
                differ.push(format!(
                    "{} {} {sm} {}",
                    case.sample, case.kernel, case.shape
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        differ.is_empty(),
        "jobs = 2 changed the report of {differ:#?}"
    );
    // The comparison means something: most launches have several CTAs.
    assert!(
        multi * 2 > runs,
        "{multi} of {runs} launches have several CTAs"
    );
}
const HEADER: &str = "sample\tkernel\ttarget\tshape\tstatus";

#[test]
fn cuda_samples_match_their_gold_functions() {
    let dir = std::env::temp_dir().join(format!("gpumem-run-samples-{}", std::process::id()));
    let mut rows = Vec::new();
    for (k, case) in cases().iter().enumerate() {
        for sm in ["sm_50", "sm_52"] {
            let cubin = format!("{sm}/{}", case.cubin);
            let r = launch(&cubin, case.kernel, &case.launch, &dir.join(k.to_string()));
            let status = outcome(&r, &*case.check);
            rows.push(format!(
                "{}\t{}\t{sm}\t{}\t{status}",
                case.sample, case.kernel, case.shape
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The summary and the census of blocking instructions.
    let mut by_status: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut kernels_by_block: BTreeMap<String, std::collections::BTreeSet<String>> =
        BTreeMap::new();
    for r in &rows {
        let f: Vec<&str> = r.split('\t').collect();
        by_status
            .entry(f[4].to_string())
            .or_default()
            .push(format!("{} {} {} {}", f[0], f[1], f[2], f[3]));
        if f[4] != "pass" {
            kernels_by_block
                .entry(f[4].to_string())
                .or_default()
                .insert(format!("{} {}", f[0], f[1]));
        }
    }
    let pass = by_status.get("pass").map_or(0, |v| v.len());
    let mut passing_kernels = std::collections::BTreeSet::new();
    let mut samples = std::collections::BTreeSet::new();
    for r in &rows {
        let f: Vec<&str> = r.split('\t').collect();
        if f[4] == "pass" {
            passing_kernels.insert(format!("{} {}", f[0], f[1]));
            samples.insert(f[0].to_string());
        }
    }
    println!(
        "CUDA samples: {pass} of {} runs pass; {} kernels of {} samples pass",
        rows.len(),
        passing_kernels.len(),
        samples.len()
    );
    println!("passing kernels (both targets, every shape unless marked):");
    for k in &passing_kernels {
        let runs: Vec<&String> = rows
            .iter()
            .filter(|r| {
                let f: Vec<&str> = r.split('\t').collect();
                format!("{} {}", f[0], f[1]) == *k
            })
            .collect();
        let ok = runs.iter().filter(|r| r.ends_with("\tpass")).count();
        let mark = if ok == runs.len() {
            String::new()
        } else {
            format!("  ({ok} of {} runs)", runs.len())
        };
        println!("  {k}{mark}");
    }
    println!("census of what blocks kernels (distinct kernels):");
    let mut census: Vec<_> = kernels_by_block.iter().collect();
    census.sort_by_key(|(s, k)| (std::cmp::Reverse(k.len()), s.to_string()));
    for (status, ks) in census {
        println!("  {:>3}  {status}", ks.len());
        for k in ks {
            println!("         {k}");
        }
    }
    let text = format!("{HEADER}\n{}\n", rows.join("\n"));
    let path = root().join(TABLE);
    if std::env::var("BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &text).expect("write the table");
    }
    let table = std::fs::read_to_string(&path).unwrap_or_default();
    let want: Vec<&str> = table.lines().skip(1).collect();
    let got: Vec<&str> = text.lines().skip(1).collect();
    let mut diffs = Vec::new();
    for g in &got {
        if !want.contains(g) {
            diffs.push(format!("  now:      {g}"));
        }
    }
    for w in &want {
        if !got.contains(w) {
            diffs.push(format!("  expected: {w}"));
        }
    }
    assert!(
        diffs.is_empty(),
        "the outcomes differ from {TABLE} (BLESS=1 rewrites it):\n{}",
        diffs.join("\n")
    );
    assert_eq!(table.lines().next(), Some(HEADER));
}
