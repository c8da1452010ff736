//! Every kernel of the ptxas corpus (tests/ptx, tests/cubins) runs from its cubin and
//! writes, in its output buffers, the bytes a CPU reference computes. Each kernel runs
//! for sm_50 and sm_52 in at least two launch shapes with partial warps and several CTAs.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin;
use gpumem_mem::Memory;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x1000_0000;
const OUT2: u64 = 0x3000_0000;
const IN: u64 = 0x2000_0000;
const IN2: u64 = 0x4000_0000;

enum P {
    U64(u64),
    U32(u32),
}

fn param_bytes(ps: &[P]) -> Vec<u8> {
    let mut b = Vec::new();
    for p in ps {
        match p {
            P::U64(v) => {
                while !b.len().is_multiple_of(8) {
                    b.push(0);
                }
                b.extend_from_slice(&v.to_le_bytes());
            }
            P::U32(v) => b.extend_from_slice(&v.to_le_bytes()),
        }
    }
    b
}

fn data(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2654435761).wrapping_add(12345);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 8) as u8
        })
        .collect()
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

struct Run {
    mem: Memory,
}

impl Run {
    fn read(&self, addr: u64, n: usize) -> Vec<u8> {
        let mut v = vec![0; n];
        self.mem.global.read(addr, &mut v);
        v
    }
}

#[allow(clippy::too_many_arguments)]
fn launch(
    name: &str,
    sm: &str,
    grid: [u32; 3],
    block: [u32; 3],
    shared: u64,
    local: u64,
    params: &[P],
    init: &[(u64, Vec<u8>)],
) -> Run {
    let bytes = std::fs::read(format!(
        "{}/../../tests/cubins/{name}.{sm}.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&bytes, Some(name)).unwrap();
    let target = if sm == "sm_50" {
        Target::Sm50
    } else {
        Target::Sm52
    };
    let prog = Program::from_bytes(&k.code, target).unwrap();
    let cfg = LaunchConfig {
        grid,
        block,
        registers: k.registers,
        shared_bytes: shared,
        local_bytes: local,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.set_params(&param_bytes(params)).unwrap();
    for (a, d) in init {
        emu.mem.global.write(*a, d).unwrap();
    }
    emu.run();
    assert!(
        emu.faults.is_empty(),
        "{name} {sm}: faults {:#?}",
        &emu.faults[..emu.faults.len().min(5)]
    );
    // ptxas schedules correctly: the run-time scoreboard finds nothing.
    assert!(
        emu.hazards().is_empty(),
        "{name} {sm}: hazards {:#?}",
        &emu.hazards()[..emu.hazards().len().min(5)]
    );
    Run { mem: emu.mem }
}

/// Shapes: (elements, block size). 1-D grids cover n with partial warps and CTAs.
const SHAPES: [(usize, u32); 3] = [(100, 48), (300, 128), (37, 32)];

fn each_shape(mut f: impl FnMut(&str, usize, [u32; 3], [u32; 3])) {
    for sm in ["sm_50", "sm_52"] {
        for (n, b) in SHAPES {
            let g = (n as u32).div_ceil(b);
            f(sm, n, [g, 1, 1], [b, 1, 1]);
        }
    }
}

fn copy_kernel(name: &str, elem: usize) {
    each_shape(|sm, n, grid, block| {
        let input = data(n * elem + 64, n as u32);
        let r = launch(
            name,
            sm,
            grid,
            block,
            0,
            0,
            &[P::U64(OUT), P::U64(IN), P::U32(n as u32)],
            &[(IN, input.clone())],
        );
        let out = r.read(OUT, n * elem + 16);
        assert_eq!(&out[..n * elem], &input[..n * elem], "{name} {sm} n={n}");
        assert!(
            out[n * elem..].iter().all(|&b| b == 0),
            "{name} wrote past n"
        );
    });
}

#[test]
fn copy_u8() {
    copy_kernel("copy_u8", 1);
}
#[test]
fn copy_u16() {
    copy_kernel("copy_u16", 2);
}
#[test]
fn copy_u32() {
    copy_kernel("copy_u32", 4);
}
#[test]
fn copy_u64() {
    copy_kernel("copy_u64", 8);
}
#[test]
fn copy_v4u32() {
    copy_kernel("copy_v4u32", 16);
}

/// Runs a kernel with params (out, in, n) over u32 input and compares u32 output.
fn map_kernel(
    name: &str,
    in_words: impl Fn(usize) -> usize,
    out_words: impl Fn(usize) -> usize,
    local: u64,
    reference: impl Fn(&[u32], usize) -> Vec<u32>,
) {
    each_shape(|sm, n, grid, block| {
        let input = data(4 * in_words(n), n as u32 + 7);
        let r = launch(
            name,
            sm,
            grid,
            block,
            0,
            local,
            &[P::U64(OUT), P::U64(IN), P::U32(n as u32)],
            &[(IN, input.clone())],
        );
        let got = words(&r.read(OUT, 4 * out_words(n)));
        let want = reference(&words(&input), n);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "{name} {sm} n={n} word {i}: got {g:#x} want {w:#x}");
        }
    });
}

#[test]
fn alu_mix() {
    map_kernel(
        "alu_mix",
        |n| n,
        |n| 10 * n,
        0,
        |inp, n| {
            let mut o = vec![0; 10 * n];
            for i in 0..n {
                let k = inp[i];
                let s = k as i32;
                o[10 * i] = s.min(100) as u32;
                o[10 * i + 1] = k.max(7);
                o[10 * i + 2] = if s > 50 { k.wrapping_mul(3) } else { k ^ 0xff };
                o[10 * i + 3] = (k >> 3) & 0x1f;
                o[10 * i + 4] = (0xabcdef01 & !0xf00) | ((k & 0xf) << 8);
                o[10 * i + 5] = k.rotate_left(5);
                o[10 * i + 6] = ((k as u64 * 0x9e3779b9) >> 32) as u32;
                o[10 * i + 7] = k.count_ones() + 256 * k.leading_zeros();
                o[10 * i + 8] = k.swap_bytes();
                o[10 * i + 9] = ((s >> 7) as u32) ^ (((k >> 4) & 0xff) as u8 as i8 as i32 as u32);
            }
            o
        },
    );
}

#[test]
fn cache_ld() {
    map_kernel(
        "cache_ld",
        |n| 6 * n,
        |n| n,
        0,
        |inp, n| {
            (0..n)
                .map(|i| {
                    (0..6).fold(0u32, |acc, k| {
                        acc.wrapping_add((k as u32 + 1).wrapping_mul(inp[k * n + i]))
                    })
                })
                .collect()
        },
    );
}

#[test]
fn cache_st() {
    map_kernel(
        "cache_st",
        |n| n,
        |n| 5 * n,
        0,
        |inp, n| {
            let mut o = vec![0; 5 * n];
            for i in 0..n {
                let k = inp[i];
                o[i] = k;
                o[n + i] = k.wrapping_add(1);
                o[2 * n + i] = k.wrapping_add(2);
                o[3 * n + i] = k.wrapping_add(3);
                o[4 * n + i] = k ^ 0x5a5a5a5a;
            }
            o
        },
    );
}

#[test]
fn const_lookup() {
    const T32: [u32; 16] = [
        0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x11111111, 0x22222222, 0x33333333,
        0x44444444, 0x55555555, 0x66666666, 0x77777777, 0x88888888,
    ];
    const T8: [u32; 16] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 255, 128, 64, 0];
    const T64: [u64; 8] = [
        0x0000000100000002,
        0x0000000300000004,
        0x0000000500000006,
        0x0000000700000008,
        0x123456789abcdef0,
        0xfedcba9876543210,
        0xffffffff00000000,
        0x00000000ffffffff,
    ];
    map_kernel(
        "const_lookup",
        |n| n,
        |n| n,
        0,
        |inp, n| {
            (0..n)
                .map(|i| {
                    let k = inp[i];
                    let q = T64[((k >> 8) & 7) as usize];
                    T32[(k & 15) as usize]
                        .wrapping_add(T8[((k >> 4) & 15) as usize])
                        .wrapping_add((q as u32) ^ ((q >> 32) as u32))
                })
                .collect()
        },
    );
}

#[test]
fn float_convert() {
    map_kernel(
        "float_convert",
        |n| n,
        |n| 4 * n,
        0,
        |inp, n| {
            let mut o = vec![0; 4 * n];
            for i in 0..n {
                let k = inp[i];
                let f = k as i32 as f32;
                let g = f.mul_add(0.5, 1.25);
                o[4 * i] = g.trunc() as i32 as u32;
                o[4 * i + 1] = (g * g - 3.0).to_bits();
                o[4 * i + 2] = (f.abs() * 0.25).round_ties_even() as u32;
                o[4 * i + 3] = (k as f32).to_bits();
            }
            o
        },
    );
}

#[test]
fn local_array() {
    map_kernel(
        "local_array",
        |n| n,
        |n| n,
        0x100,
        |inp, n| {
            (0..n)
                .map(|i| {
                    let k = inp[i];
                    let a = |j: u32| {
                        k.wrapping_mul(j)
                            .wrapping_add(j)
                            .wrapping_add(if j == ((k >> 4) & 63) { 100 } else { 0 })
                    };
                    a(k & 63).wrapping_add(a((k >> 8) & 63))
                })
                .collect()
        },
    );
}

#[test]
fn readonly_nc() {
    map_kernel(
        "readonly_nc",
        |n| 6 * n,
        |n| n,
        0,
        |inp, n| {
            (0..n)
                .map(|i| {
                    let b = inp[(16 * i + 5) / 4].to_le_bytes()[(16 * i + 5) % 4] as u32;
                    inp[4 * i]
                        .wrapping_add(inp[4 * i + 1])
                        .wrapping_add(inp[4 * i + 2])
                        .wrapping_add(inp[4 * i + 3])
                        .wrapping_add(inp[4 * n + 2 * i] ^ inp[4 * n + 2 * i + 1])
                        .wrapping_add(b)
                })
                .collect()
        },
    );
}

#[test]
fn signed_loads() {
    each_shape(|sm, n, grid, block| {
        let in8 = data(2 * n, 3);
        let in16 = data(4 * n, 4);
        let r = launch(
            "signed_loads",
            sm,
            grid,
            block,
            0,
            0,
            &[P::U64(OUT), P::U64(IN), P::U64(IN2), P::U32(n as u32)],
            &[(IN, in8.clone()), (IN2, in16.clone())],
        );
        let got = words(&r.read(OUT, 16 * n));
        let h = |j: usize| u16::from_le_bytes([in16[2 * j], in16[2 * j + 1]]);
        for i in 0..n {
            assert_eq!(got[4 * i], in8[i] as i8 as i32 as u32);
            assert_eq!(got[4 * i + 1], in8[n + i] as u32);
            assert_eq!(got[4 * i + 2], h(i) as i16 as i32 as u32);
            assert_eq!(got[4 * i + 3], h(n + i) as u32);
        }
    });
}

#[test]
fn strided_copy() {
    for stride in [1u32, 3, 33] {
        each_shape(|sm, n, grid, block| {
            let inp = data(4 * ((n - 1) * stride as usize + 1), stride);
            let r = launch(
                "strided_copy",
                sm,
                grid,
                block,
                0,
                0,
                &[P::U64(OUT), P::U64(IN), P::U32(n as u32), P::U32(stride)],
                &[(IN, inp.clone())],
            );
            let got = words(&r.read(OUT, 4 * n));
            let w = words(&inp);
            for i in 0..n {
                assert_eq!(got[i], w[i * stride as usize], "stride {stride} i {i}");
            }
        });
    }
}

#[test]
fn misaligned_copy() {
    for off in [1u32, 2, 3] {
        each_shape(|sm, n, grid, block| {
            let inp = data(4 * n + off as usize, off);
            let r = launch(
                "misaligned_copy",
                sm,
                grid,
                block,
                0,
                0,
                &[
                    P::U64(OUT),
                    P::U64(OUT2),
                    P::U64(IN),
                    P::U32(n as u32),
                    P::U32(off),
                ],
                &[(IN, inp.clone())],
            );
            let got = words(&r.read(OUT, 4 * n));
            let gotb = r.read(OUT2, 4 * n + off as usize);
            for i in 0..n {
                let b = |k: usize| inp[off as usize + 4 * i + k] as u32;
                assert_eq!(got[i], b(0) | b(1) << 8 | b(2) << 16 | b(3) << 24);
            }
            assert_eq!(&gotb[off as usize..], &inp[off as usize..]);
        });
    }
}

#[test]
fn reduce_shared() {
    for sm in ["sm_50", "sm_52"] {
        for n in [256usize, 1000, 77] {
            let inp = data(4 * n, n as u32);
            let g = (n as u32).div_ceil(256);
            let r = launch(
                "reduce_shared",
                sm,
                [g, 1, 1],
                [256, 1, 1],
                1024,
                0,
                &[P::U64(OUT), P::U64(IN), P::U32(n as u32)],
                &[(IN, inp.clone())],
            );
            let w = words(&inp);
            let got = words(&r.read(OUT, 4 * g as usize));
            for b in 0..g as usize {
                let want = w[b * 256..((b + 1) * 256).min(n)]
                    .iter()
                    .fold(0u32, |a, x| a.wrapping_add(*x));
                assert_eq!(got[b], want, "{sm} n={n} block {b}");
            }
        }
    }
}

#[test]
fn transpose_shared() {
    for sm in ["sm_50", "sm_52"] {
        for width in [16u32, 48] {
            let n = (width * width) as usize;
            let inp = data(4 * n, width);
            let r = launch(
                "transpose_shared",
                sm,
                [width / 16, width / 16, 1],
                [16, 16, 1],
                16 * 17 * 4,
                0,
                &[P::U64(OUT), P::U64(IN), P::U32(width)],
                &[(IN, inp.clone())],
            );
            let w = words(&inp);
            let got = words(&r.read(OUT, 4 * n));
            let wd = width as usize;
            for rr in 0..wd {
                for c in 0..wd {
                    assert_eq!(
                        got[c * wd + rr],
                        w[rr * wd + c],
                        "{sm} w={width} r={rr} c={c}"
                    );
                }
            }
        }
    }
}
