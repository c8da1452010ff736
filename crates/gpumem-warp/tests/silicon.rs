//! gpumem held against silicon: 591 PTX operations compiled by ptxas 11.8 for sm_52 (sm_53
//! for f16 arithmetic) and run here, compared word for word with what an NVIDIA H100 computed
//! from the same operands for the same PTX compiled for sm_90 (`tests/silicon/README.md`:
//! where the data comes from and what is committed; `scripts/silicon-subset.py` makes it).
//!
//! Every operation must be bit-identical on every tuple unless `tests/silicon/expected.toml`
//! lists it with its class and reason: (b) the two compilations compute different things,
//! (c) a result PTX leaves open where a Maxwell source says otherwise, or an approximate
//! operation held to its error bound instead. An entry whose operation has become
//! bit-identical is an error too (the list says only what is true).
//!
//! `SILICON_REPORT=FILE` writes one line per operation (status, differing words, first
//! difference) to FILE: the figures of the semantics notes' silicon table come from it.

use flate2::read::GzDecoder;
use gpumem_maxwell::Target;
use gpumem_maxwell::cubin::{self, Kernel};
use gpumem_warp::{Emulator, LaunchConfig, Program};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Tuples whose H100 outputs are committed (the first ones of each input file).
const TUPLES: u32 = 4096;
/// Where the kernel's output region and its three operand arrays are placed.
const OUT: u64 = 0x1000_0000;
const INS: [u64; 3] = [0x2000_0000, 0x3000_0000, 0x4000_0000];

#[derive(Deserialize)]
struct Ops {
    ops: Vec<OpSpec>,
}

/// One row of `ops.json` (the fields this test reads).
#[derive(Deserialize)]
struct OpSpec {
    name: String,
    kind: String,
    otype: String,
    approx: bool,
    kernel: String,
    cubin_maxwell: String,
    inputs: Vec<String>,
    in_bytes: Vec<usize>,
    grid: u32,
    block: u32,
    out_size: u64,
    out_elem: usize,
    out_init: Option<String>,
}

/// `expected.toml`: the operations allowed to differ from the silicon, and why.
#[derive(Deserialize)]
struct Expected {
    #[serde(default)]
    differs: BTreeMap<String, Differs>,
    #[serde(default)]
    approx: BTreeMap<String, Approx>,
}

/// An operation whose sm_52 and sm_90 compilations compute different things.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Differs {
    /// `b` or `c` (the semantics notes' classes).
    class: String,
    /// Why, with the SASS evidence.
    #[allow(dead_code)]
    reason: String,
    /// How many output words differ (exactly: a change in either direction is news).
    words: usize,
}

/// An approximate operation: its error against the silicon, bounded inside the range of
/// operand `a` where PTX documents its accuracy.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Approx {
    /// The documented range of `a` (all of it when absent); results outside are counted,
    /// not bounded (e.g. `sin` far from zero, where the hardware's fixed-point range
    /// reduction differs from any other).
    range: Option<[f64; 2]>,
    /// A result passes within this many units in the last place of the silicon's ...
    max_ulp: u64,
    /// ... or within this absolute error.
    #[serde(default)]
    max_abs: f64,
    /// The PTX bound and what the figures are.
    #[allow(dead_code)]
    reason: String,
}

/// An approximate operation's error against the silicon.
#[derive(Debug, Default)]
struct Error {
    /// Largest ULP distance and absolute error inside the range (both finite).
    max_ulp: u64,
    max_abs: f64,
    /// Results inside the range beyond both bounds, or of another class (NaN, infinity).
    beyond: usize,
    /// Differing results for operands outside the range.
    outside: usize,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/silicon")
}

fn gunzip(rel: &str) -> Vec<u8> {
    let path = root().join(format!("{rel}.gz"));
    let f = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = vec![];
    GzDecoder::new(f)
        .read_to_end(&mut out)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    out
}

/// What gpumem and the silicon wrote for one operation.
struct Outcome {
    /// Operand `a` of each tuple.
    a: Vec<u8>,
    got: Vec<u8>,
    want: Vec<u8>,
    fault: Option<String>,
}

fn run_op(op: &OpSpec, kernels: &mut BTreeMap<String, (Kernel, Program)>) -> Outcome {
    let file = op.cubin_maxwell.clone();
    let (k, prog) = kernels
        .entry(format!("{file}:{}", op.kernel))
        .or_insert_with(|| {
            let bytes = std::fs::read(root().join(&file)).unwrap();
            let k = cubin::kernel(&bytes, Some(&op.kernel)).unwrap();
            let prog = Program::from_bytes(&k.code, Target::Sm52).unwrap();
            (k, prog)
        });
    let atomic = op.out_init.is_some();
    // Thread i reads tuple i and writes output i: the first TUPLES threads make the
    // committed outputs. Atomics' final memory depends on every thread: the whole grid.
    let grid = if atomic { op.grid } else { TUPLES / op.block };
    let mut emu = Emulator::new(
        prog,
        LaunchConfig {
            grid: [grid, 1, 1],
            block: [op.block, 1, 1],
            registers: k.registers,
            shared_bytes: k.shared_bytes,
            ..LaunchConfig::default()
        },
    );
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.write_driver_constants();
    let params: Vec<u8> = [OUT, INS[0], INS[1], INS[2]]
        .iter()
        .flat_map(|a| a.to_le_bytes())
        .collect();
    emu.set_params(&params).unwrap();
    let ins: Vec<Vec<u8>> = op.inputs.iter().map(|rel| gunzip(rel)).collect();
    for (data, at) in ins.iter().zip(INS) {
        emu.mem.global.write(at, data).unwrap();
    }
    let init = match &op.out_init {
        Some(rel) => gunzip(rel),
        None => vec![0xa5; op.out_size as usize],
    };
    emu.mem.global.write(OUT, &init).unwrap();
    emu.run();
    let want = gunzip(&format!("h100/{}.out.bin", op.kernel));
    let mut got = vec![0u8; want.len()];
    emu.mem.global.read(OUT, &mut got);
    let fault = emu.faults.first().map(|f| format!("{f:?}"));
    let a = ins.into_iter().next().unwrap_or_default();
    Outcome {
        a,
        got,
        want,
        fault,
    }
}

fn words(b: &[u8], elem: usize) -> Vec<u64> {
    b.chunks_exact(elem)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..elem].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

/// Whether `w` is a NaN of the operation's output type.
fn is_nan(otype: &str, elem: usize, w: u64) -> bool {
    let f16 = |h: u64| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
    match (otype, elem) {
        ("f32", 4) => w & 0x7f80_0000 == 0x7f80_0000 && w & 0x7f_ffff != 0,
        ("f64", 8) => {
            w & 0x7ff0_0000_0000_0000 == 0x7ff0_0000_0000_0000 && w & 0xf_ffff_ffff_ffff != 0
        }
        ("f16x2", 4) => f16(w & 0xffff) || f16(w >> 16),
        ("f16", _) => f16(w & 0xffff),
        _ => false,
    }
}

/// Distance in units in the last place between two finite f32 or f64 words (`None`
/// when either is a NaN or an infinity, or for other types).
fn ulp(elem: usize, a: u64, b: u64) -> Option<u64> {
    let key = |w: u64, bits: u32| -> i128 {
        let sign = 1u64 << (bits - 1);
        if w & sign != 0 {
            -((w & !sign) as i128)
        } else {
            w as i128
        }
    };
    let (bits, exp) = match elem {
        4 => (32, 0x7f80_0000u64),
        8 => (64, 0x7ff0_0000_0000_0000),
        _ => return None,
    };
    if a & exp == exp || b & exp == exp {
        return None;
    }
    Some((key(a, bits) - key(b, bits)).unsigned_abs() as u64)
}

/// How one operation compares.
#[derive(Debug)]
enum Status {
    Identical,
    /// Every differing word is a NaN in both (payloads differ).
    NanPayload(usize),
    /// Words that differ otherwise (NaN payload differences included in the count), and
    /// the first of them.
    Differs(usize, String),
    Fault(String),
}

fn compare(op: &OpSpec, o: &Outcome) -> Status {
    if let Some(f) = &o.fault {
        return Status::Fault(f.clone());
    }
    let (g, w) = (words(&o.got, op.out_elem), words(&o.want, op.out_elem));
    let (mut nan_only, mut diff) = (0, 0);
    let mut first = String::new();
    for (i, (&x, &y)) in g.iter().zip(&w).enumerate() {
        if x == y {
            continue;
        }
        if is_nan(&op.otype, op.out_elem, x) && is_nan(&op.otype, op.out_elem, y) {
            nan_only += 1;
            continue;
        }
        diff += 1;
        if first.is_empty() {
            let n = op.out_elem * 2 + 2;
            first = format!("word {i}: gpumem {x:#0n$x}, silicon {y:#0n$x}");
        }
    }
    match (diff, nan_only) {
        (0, 0) => Status::Identical,
        (0, n) => Status::NanPayload(n),
        (d, n) => Status::Differs(d + n, first),
    }
}

/// Operand `a` of tuple `i` as a float (f32 or f64 by its size).
fn operand(op: &OpSpec, o: &Outcome, i: usize) -> f64 {
    let n = op.in_bytes[0];
    let b = &o.a[i * n..(i + 1) * n];
    match n {
        8 => f64::from_le_bytes(b.try_into().unwrap()),
        _ => f32::from_le_bytes(b[..4].try_into().unwrap()) as f64,
    }
}

/// An approximate operation's error against the silicon under `a`'s bounds.
fn error(op: &OpSpec, o: &Outcome, a: &Approx) -> Error {
    let (g, w) = (words(&o.got, op.out_elem), words(&o.want, op.out_elem));
    let value = |x: u64| match op.out_elem {
        8 => f64::from_bits(x),
        _ => f32::from_bits(x as u32) as f64,
    };
    let mut e = Error::default();
    for (i, (&x, &y)) in g.iter().zip(&w).enumerate() {
        if x == y || is_nan(&op.otype, op.out_elem, x) && is_nan(&op.otype, op.out_elem, y) {
            continue;
        }
        let v = operand(op, o, i);
        if a.range.is_some_and(|[lo, hi]| !(lo..=hi).contains(&v)) {
            e.outside += 1;
            continue;
        }
        match ulp(op.out_elem, x, y) {
            Some(u) => {
                let abs = (value(x) - value(y)).abs();
                e.max_ulp = e.max_ulp.max(u);
                e.max_abs = e.max_abs.max(abs);
                if u > a.max_ulp && abs > a.max_abs {
                    e.beyond += 1;
                }
            }
            None => e.beyond += 1,
        }
    }
    e
}

#[test]
fn silicon() {
    let ops: Ops =
        serde_json::from_slice(&std::fs::read(root().join("ops.json")).unwrap()).unwrap();
    let expected: Expected =
        toml::from_str(&std::fs::read_to_string(root().join("expected.toml")).unwrap()).unwrap();
    let only = std::env::var("SILICON_ONLY").ok();
    let mut kernels = BTreeMap::new();
    let mut report = String::new();
    let mut bad = vec![];
    let mut seen = std::collections::BTreeSet::new();
    for op in &ops.ops {
        if only.as_deref().is_some_and(|o| !op.name.contains(o)) {
            continue;
        }
        seen.insert(op.name.clone());
        let outcome = run_op(op, &mut kernels);
        let status = compare(op, &outcome);
        let mut line = format!("{}\t{}\t{status:?}", op.name, op.kind);
        match (
            &status,
            expected.differs.get(&op.name),
            expected.approx.get(&op.name),
        ) {
            (Status::Identical, None, None) => {}
            (Status::Identical, _, _) => bad.push(format!(
                "{}: bit-identical now; drop its expected.toml entry",
                op.name
            )),
            (Status::Differs(n, _) | Status::NanPayload(n), Some(d), None) => {
                if *n != d.words || !matches!(d.class.as_str(), "b" | "c" | "open") {
                    bad.push(format!(
                        "{}: {status:?}, expected {} words of class {}",
                        op.name, d.words, d.class
                    ));
                }
            }
            (Status::Differs(..) | Status::NanPayload(_), None, Some(a)) if op.approx => {
                let e = error(op, &outcome, a);
                line.push_str(&format!("\t{e:?}"));
                if e.beyond > 0 {
                    bad.push(format!("{}: beyond its bounds: {e:?}", op.name));
                }
            }
            _ => bad.push(format!("{}: {status:?}", op.name)),
        }
        report.push_str(&line);
        report.push('\n');
    }
    if let Ok(path) = std::env::var("SILICON_REPORT") {
        std::fs::write(path, &report).unwrap();
    }
    for name in expected.differs.keys().chain(expected.approx.keys()) {
        if only.is_none() && !seen.contains(name) {
            bad.push(format!("{name}: in expected.toml but not in ops.json"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} operations differ from the silicon unexplained:\n{}",
        bad.len(),
        seen.len(),
        bad.join("\n")
    );
}
