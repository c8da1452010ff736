//! Proof 1 of issue 11: a pointer-chasing kernel compiled by ptxas 11.8
//! (`tests/ptx/pchase.ptx`, loads `.nc` = `LDG.E.CI` and `.cg` = `LDG.E.CG`) timed over
//! array sizes and strides. The latency curve must step where the preset's caches end,
//! with plateaus at the hit latencies, and Wong's method applied to the curve must
//! recover the L1/tex's 128-byte lines and 4 sets. The test reads no geometry from the
//! configuration: capacity, line size and set count come out of the measured curve.
//! The proofs run on every preset with the kernel ptxas built for the preset's SM: GM204
//! (sm_52), GP100 (sm_60) and GP104 (sm_61); the capacities they must find are the
//! published ones (24 KiB L1/tex on all three, Jia et al. 2018 Table 3.1; L2 2 MiB on
//! GM204 and GP104, 4 MiB on GP100).

use gpumem_maxwell::{Target, cubin};
use gpumem_mem::hierarchy::{Preset, TimingParams};
use gpumem_timing::{Timing, TimingConfig};
use gpumem_warp::{Emulator, LaunchConfig, Program};

const ARR: u64 = 0x1000_0000;
const OUT: u64 = 0x0800_0000;

/// A part the proofs run on: its preset and the SM of its kernel.
#[derive(Clone, Copy, Debug)]
struct Part {
    preset: Preset,
    target: Target,
}

const GM204: Part = Part {
    preset: Preset::Gm204,
    target: Target::Sm52,
};
const GP100: Part = Part {
    preset: Preset::Gp100,
    target: Target::Sm60,
};
const GP104: Part = Part {
    preset: Preset::Gp104,
    target: Target::Sm61,
};

fn kernel(part: Part, name: &str) -> (Program, cubin::Kernel) {
    let bytes = std::fs::read(format!(
        "{}/../../tests/cubins/pchase.{}.cubin",
        env!("CARGO_MANIFEST_DIR"),
        part.target.name()
    ))
    .unwrap();
    let k = cubin::kernel(&bytes, Some(name)).unwrap();
    assert_eq!(k.target, part.target);
    (Program::from_bytes(&k.code, part.target).unwrap(), k)
}

/// Cycles of one thread chasing `iters` links through an array of `size` bytes whose
/// links are `stride` bytes apart.
fn cycles(part: Part, name: &str, size: u64, stride: u64, iters: u32) -> u64 {
    let (prog, k) = kernel(part, name);
    let cfg = LaunchConfig {
        block: [1, 1, 1],
        registers: k.registers,
        max_steps: u64::MAX,
        max_memory: 1 << 30,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    for (bank, data) in &k.constants {
        emu.mem.constant.write(*bank, 0, data).unwrap();
    }
    let params = [
        ARR.to_le_bytes().as_slice(),
        &iters.to_le_bytes(),
        &[0; 4],
        &OUT.to_le_bytes(),
    ]
    .concat();
    emu.set_params(&params).unwrap();
    let words = size / 4;
    let step = stride / 4;
    let arr: Vec<u8> = (0..words)
        .flat_map(|i| (((i + step) % words) as u32).to_le_bytes())
        .collect();
    emu.mem.global.write(ARR, &arr).unwrap();
    let r = Timing::new(&mut emu, TimingConfig::preset(part.preset), k.registers)
        .unwrap()
        .run();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    assert!(!r.partial);
    r.cycles
}

/// Average cycles per link once the array has been walked once (warm): the difference
/// of a two-pass and a one-pass chase, per link.
fn warm_latency(part: Part, name: &str, size: u64, stride: u64) -> f64 {
    let links = (size / stride) as u32;
    let one = cycles(part, name, size, stride, links);
    let two = cycles(part, name, size, stride, 2 * links);
    (two - one) as f64 / links as f64
}

#[test]
fn the_read_only_path_steps_at_the_l1_capacity_and_wong_finds_its_geometry() {
    read_only_path(GM204);
}

#[test]
fn gp100_read_only_path_steps_at_the_l1_capacity_and_wong_finds_its_geometry() {
    read_only_path(GP100);
}

#[test]
fn gp104_read_only_path_steps_at_the_l1_capacity_and_wong_finds_its_geometry() {
    read_only_path(GP104);
}

fn read_only_path(part: Part) {
    let p: TimingParams = part.preset.params();
    // Coarse sweep, 128-byte stride: the first size whose warm latency rises is the
    // L1/tex capacity.
    let sizes: Vec<u64> = (16..=40).step_by(4).map(|k| k << 10).collect();
    let curve: Vec<(u64, f64)> = sizes
        .iter()
        .map(|&s| (s, warm_latency(part, "pchase_ci", s, 128)))
        .collect();
    eprintln!(
        "{}: pchase_ci, stride 128 (bytes, cycles per link): {curve:?}",
        part.preset
    );
    let low = curve[0].1;
    let capacity = curve
        .windows(2)
        .find(|w| w[1].1 > w[0].1 + 10.0)
        .map(|w| w[0].0)
        .expect("a step");
    assert_eq!(capacity, 24 << 10, "{curve:?}");
    let high = curve.last().unwrap().1;
    // Plateaus: below, every link hits L1/tex; above, every link misses it and hits L2.
    // The loop's own instructions add the same overhead to both.
    let overhead = low - p.l1_latency as f64;
    assert!((0.0..40.0).contains(&overhead), "{curve:?}");
    assert_eq!(
        high - overhead,
        (p.l1_latency + p.l2_latency) as f64,
        "{curve:?}"
    );
    for &(s, l) in &curve {
        let expect = if s <= capacity { low } else { high };
        assert_eq!(l, expect, "{s}: {curve:?}");
    }

    // Wong's method: grow the array past the capacity 32 bytes at a time (stride 32 B,
    // one link a sector). Each time the growth reaches a new line, one more set holds
    // one line more than its ways and thrashes; when every set thrashes the latency stops
    // rising. The growth between steps is the line size; the number of steps, the sets.
    let fine: Vec<f64> = (0..=24)
        .map(|k| warm_latency(part, "pchase_ci", capacity + 32 * k, 32))
        .collect();
    eprintln!(
        "{}: pchase_ci, stride 32, capacity + 32k bytes (k = 0..24): {fine:?}",
        part.preset
    );
    let steps: Vec<u64> = (1..fine.len())
        .filter(|&k| fine[k] > fine[k - 1] + 0.5)
        .map(|k| k as u64)
        .collect();
    assert!(!steps.is_empty(), "{fine:?}");
    let line = 32 * (steps[1] - steps[0]);
    assert!(
        steps.windows(2).all(|w| 32 * (w[1] - w[0]) == line),
        "{steps:?} {fine:?}"
    );
    assert_eq!(line, 128, "{steps:?} {fine:?}");
    assert_eq!(steps.len(), 4, "sets: {steps:?} {fine:?}");
    // Past the last step the curve is flat: every set thrashes.
    let last = *steps.last().unwrap() as usize;
    assert!(fine[last..].iter().all(|&l| l == fine[last]), "{fine:?}");
}

#[test]
fn the_l2_path_steps_at_the_l2_capacity() {
    l2_path(GM204, 2 << 20);
}

#[test]
fn gp100_l2_path_steps_at_the_l2_capacity() {
    l2_path(GP100, 4 << 20);
}

#[test]
fn gp104_l2_path_steps_at_the_l2_capacity() {
    l2_path(GP104, 2 << 20);
}

/// The .CG chase steps at `published` bytes (the part's L2 size as its whitepaper and
/// Jia et al. give it).
fn l2_path(part: Part, published: u64) {
    let p: TimingParams = part.preset.params();
    let q = published / 4;
    let sizes = [2 * q, 3 * q, 4 * q, 5 * q, 6 * q];
    let curve: Vec<(u64, f64)> = sizes
        .iter()
        .map(|&s| (s, warm_latency(part, "pchase_cg", s, 128)))
        .collect();
    eprintln!(
        "{}: pchase_cg, stride 128 (bytes, cycles per link): {curve:?}",
        part.preset
    );
    let low = curve[0].1;
    let overhead = low - p.l2_latency as f64;
    assert!((0.0..40.0).contains(&overhead), "{curve:?}");
    let capacity = curve
        .windows(2)
        .find(|w| w[1].1 > w[0].1 + 10.0)
        .map(|w| w[0].0)
        .expect("a step");
    assert_eq!(capacity, published, "{curve:?}");
    // Above the L2, every link goes to DRAM.
    let high = curve.last().unwrap().1;
    assert!(
        high - overhead >= (p.l2_latency + p.dram_latency) as f64,
        "{curve:?}"
    );
    // A small array through .CG never hits L1/tex: the same latency as through L2.
    let small = warm_latency(part, "pchase_cg", 16 << 10, 128);
    assert_eq!(small, low);
}
