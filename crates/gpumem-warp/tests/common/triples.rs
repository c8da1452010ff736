//! ptxas-compiled kernels that read one operand triple per thread and write `outs` words
//! per thread (`vmad_ptxas.rs`, `vabsdiff4_ptxas.rs`, `half_ptxas.rs`): the kernel takes
//! `(out, in)` as its parameters, thread `t` reads `{a, b, c, 0}` at `in + 16t` and writes
//! word `k` of its results at `out + 4(t * outs + k)`.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin::{self, Kernel};
use gpumem_warp::{Emulator, LaunchConfig, Program};

/// The kernel's output array.
pub const OUT: u64 = 0x1000_0000;
/// The kernel's operand array.
pub const IN: u64 = 0x2000_0000;
/// Threads per CTA (the triple count is a multiple of it).
const BLOCK: u32 = 128;

/// Kernel `name` of `tests/cubins/<file>`, and its code decoded for `target`.
pub fn load(file: &str, name: &str, target: Target) -> (Kernel, Program) {
    let path = format!("{}/../../tests/cubins/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let k = cubin::kernel(&bytes, Some(name)).unwrap();
    let prog = Program::from_bytes(&k.code, target).unwrap();
    (k, prog)
}

/// Appends xorshift32 triples (from `seed`) to `out` until it holds `n`.
pub fn fill_xorshift(out: &mut Vec<[u32; 3]>, seed: u32, n: usize) {
    let mut x = seed;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    while out.len() < n {
        out.push([next(), next(), next()]);
    }
}

/// Runs `prog` (kernel `k`'s code) on one thread per triple of `ops` and returns its
/// `outs` words per thread, in thread order; no fault may occur (`label` names the run).
pub fn run(k: &Kernel, prog: &Program, ops: &[[u32; 3]], outs: usize, label: &str) -> Vec<u32> {
    let mut emu = Emulator::new(
        prog,
        LaunchConfig {
            grid: [ops.len() as u32 / BLOCK, 1, 1],
            block: [BLOCK, 1, 1],
            registers: k.registers,
            ..LaunchConfig::default()
        },
    );
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.set_params(&[OUT.to_le_bytes(), IN.to_le_bytes()].concat())
        .unwrap();
    let input: Vec<u8> = ops
        .iter()
        .flat_map(|&[a, b, c]| [a, b, c, 0])
        .flat_map(u32::to_le_bytes)
        .collect();
    emu.mem.global.write(IN, &input).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{label}: {:?}", &emu.faults[..1]);
    let mut out = vec![0u8; 4 * outs * ops.len()];
    emu.mem.global.read(OUT, &mut out);
    out.chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect()
}

/// Requires word `k` of thread `t` in `got` to be `want(k, ops[t])`; the failure lists the
/// first 20 that differ, each named by `what(k)` and its operands.
pub fn compare(
    label: &str,
    ops: &[[u32; 3]],
    outs: usize,
    got: &[u32],
    want: impl Fn(usize, [u32; 3]) -> u32,
    what: impl Fn(usize) -> String,
) {
    let mut bad = vec![];
    for (t, &[a, b, c]) in ops.iter().enumerate() {
        for k in 0..outs {
            let (g, w) = (got[t * outs + k], want(k, [a, b, c]));
            if g != w {
                bad.push(format!(
                    "{} a={a:#010x} b={b:#010x} c={c:#010x}: {g:#010x}, want {w:#010x}",
                    what(k)
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{label}: {} of {} results differ:\n{}",
        bad.len(),
        ops.len() * outs,
        bad[..bad.len().min(20)].join("\n")
    );
}
