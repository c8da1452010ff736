//! Kernels ptxas 11.8 compiled (tests/ptx/warp_atomics.ptx, loops_calls.ptx, bar_red.ptx; cubins in
//! tests/cubins) run from their cubins for sm_50 and sm_52 and leave what a CPU
//! reference computes: warp-aggregated atomics (VOTE, SHFL.BFLY/DOWN/IDX, RED, ATOM.INC,
//! ATOM.EXCH, ATOMS.ADD, BAR.SYNC), and PBK/BRK inside SSY regions, early EXIT and a
//! recursive CAL/RET with a local-memory stack frame.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x1000_0000;
const IN: u64 = 0x2000_0000;

fn data(n: usize, seed: u32) -> Vec<u32> {
    let mut x = seed.wrapping_mul(2654435761).wrapping_add(12345);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })
        .collect()
}

fn bytes(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// Runs kernel `name` for `sm` and returns the emulator after the run (no fault allowed).
fn launch(
    name: &str,
    sm: &str,
    grid: u32,
    block: u32,
    local: u64,
    params: &[u8],
    init: &[(u64, Vec<u8>)],
) -> Emulator<'static> {
    let file = std::fs::read(format!(
        "{}/../../tests/cubins/{name}.{sm}.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&file, Some(name)).unwrap();
    let target = if sm == "sm_50" {
        Target::Sm50
    } else {
        Target::Sm52
    };
    let prog: &'static Program = Box::leak(Box::new(Program::from_bytes(&k.code, target).unwrap()));
    let cfg = LaunchConfig {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        registers: k.registers,
        shared_bytes: 64,
        local_bytes: local,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(prog, cfg);
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.set_params(params).unwrap();
    for (a, d) in init {
        emu.mem.global.write(*a, d).unwrap();
    }
    emu.run();
    assert!(
        emu.faults.is_empty(),
        "{name} {sm}: {:#?}",
        &emu.faults[..emu.faults.len().min(4)]
    );
    emu
}

fn read(emu: &Emulator, addr: u64, n: usize) -> Vec<u32> {
    (0..n as u64)
        .map(|k| {
            let mut b = [0; 4];
            emu.mem.global.read(addr + 4 * k, &mut b);
            u32::from_le_bytes(b)
        })
        .collect()
}

#[test]
fn warp_atomics_matches_the_cpu() {
    for sm in ["sm_50", "sm_52"] {
        for (n, grid) in [(256usize, 2u32), (300, 3), (77, 1)] {
            let v: Vec<u32> = data(n, n as u32).iter().map(|x| x % 1000).collect();
            let mut init_out = vec![0u32; 16];
            init_out[2] = 0x8000_0000;
            init_out[5] = 0xffff_ffff;
            let params = [
                OUT.to_le_bytes().as_slice(),
                &IN.to_le_bytes(),
                &(n as u32).to_le_bytes(),
            ]
            .concat();
            let emu = launch(
                "warp_atomics",
                sm,
                grid,
                128,
                0,
                &params,
                &[(OUT, bytes(&init_out)), (IN, bytes(&v))],
            );
            let got = read(&emu, OUT, 16);
            // Each thread's value (0 past n), by global thread index.
            let threads = grid as usize * 128;
            let val = |i: usize| if i < n { v[i] } else { 0 };
            let mut want = init_out.clone();
            want[0] = (0..threads).map(val).fold(0u32, u32::wrapping_add);
            want[1] = (0..threads)
                .filter(|&i| val(i) & 1 == 1)
                .fold(0, |m, i| m | 1 << (i % 32));
            want[2] = (0..threads).map(|i| val(i) as i32).max().unwrap() as u32;
            // atom.inc from 0 wrapping at 999: the olds are 0, 1, ..., in some order, and
            // the count of odd olds is order-independent.
            want[3] = threads as u32 % 1000;
            want[4] = (0..threads as u32).map(|k| (k % 1000) & 1).sum();
            want[5] = (0..threads).map(val).min().unwrap();
            // red.xor of the mirrored values: the xor of every value.
            want[6] = (0..threads).map(val).fold(0, |a, b| a ^ b);
            want[7] = 1;
            for k in 0..8 {
                want[8 + k] = (0..threads).filter(|&i| val(i) & 7 == k as u32).count() as u32;
            }
            assert_eq!(got, want, "{sm} n={n}");
        }
    }
}

fn tri(m: u32) -> u32 {
    if m == 0 { 0 } else { m + tri(m - 1) }
}

#[test]
fn loops_calls_matches_the_cpu() {
    for sm in ["sm_50", "sm_52"] {
        for (threads, block, iters) in [(96usize, 32u32, 64u32), (200, 64, 20), (45, 45, 0)] {
            let grid = (threads as u32).div_ceil(block);
            let total = (grid * block) as usize;
            let v = data(total, threads as u32);
            let sentinel = vec![0xdead_beefu32; total];
            let params = [
                OUT.to_le_bytes().as_slice(),
                &IN.to_le_bytes(),
                &iters.to_le_bytes(),
            ]
            .concat();
            let emu = launch(
                "loops_calls",
                sm,
                grid,
                block,
                256,
                &params,
                &[(OUT, bytes(&sentinel)), (IN, bytes(&v))],
            );
            let got = read(&emu, OUT, total);
            for (i, &x) in v.iter().enumerate() {
                let want = if x & 7 == 6 {
                    0xdead_beef
                } else {
                    let mut acc = 0u32;
                    for k in 0..iters {
                        let d = (x >> (k % 16)) & 15;
                        if d == 0 {
                            continue;
                        }
                        if d == 15 {
                            break;
                        }
                        acc = acc.wrapping_add(d * k);
                    }
                    acc + tri(x & 15)
                };
                assert_eq!(got[i], want, "{sm} thread {i} v={x:#x}");
            }
        }
    }
}

/// tests/ptx/bar_red.ptx: `BAR.RED.POPC/AND/OR` then `B2R.RESULT Rd` / `B2R.RESULT RZ, Pd`
/// leave each CTA's reduction in every thread (partial warps included: a missing lane
/// takes no part, so it neither counts nor breaks an AND).
#[test]
fn bar_red_matches_the_cpu() {
    for sm in ["sm_50", "sm_52"] {
        for (block, grid, seed) in [(128u32, 2u32, 1u32), (96, 3, 2), (80, 2, 3), (32, 1, 4)] {
            let threads = (block * grid) as usize;
            let mut v = data(threads, seed);
            // CTA 1 has every bit 1 set (its AND is 1), bit 8 clear in CTA 0 (OR 0 there).
            for (i, x) in v.iter_mut().enumerate() {
                let cta = i / block as usize;
                if cta == 1 {
                    *x |= 2;
                }
                if cta == 0 {
                    *x &= !0x100;
                }
            }
            let params = [OUT.to_le_bytes().as_slice(), &IN.to_le_bytes()].concat();
            let emu = launch(
                "bar_red",
                sm,
                grid,
                block,
                0,
                &params,
                &[
                    (OUT, bytes(&vec![0xdead_beef; threads * 4])),
                    (IN, bytes(&v)),
                ],
            );
            let got = read(&emu, OUT, threads * 4);
            let mut want = Vec::with_capacity(threads * 4);
            for cta in v.chunks(block as usize) {
                let popc = cta.iter().filter(|x| *x & 1 != 0).count() as u32;
                let and = cta.iter().all(|x| x & 2 != 0) as u32;
                let or = cta.iter().any(|x| x & 0x100 != 0) as u32;
                let even = cta
                    .iter()
                    .enumerate()
                    .filter(|(t, x)| t % 2 == 0 && *x & 4 != 0)
                    .count() as u32;
                for _ in cta {
                    want.extend([popc, and, or, even]);
                }
            }
            assert_eq!(got, want, "{sm} block {block} grid {grid}");
            // The test distinguishes: some CTA has AND 1 and some OR 0.
            if grid >= 2 {
                assert_eq!(want[block as usize * 4 + 1], 1);
                assert_eq!(want[2], 0);
            }
        }
    }
}
