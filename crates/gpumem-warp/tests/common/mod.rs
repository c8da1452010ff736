//! Helpers shared by the scenario tests: run a SASS body on one warp whose prologue puts
//! the lane in R0 and `OUT + 4*lane` in R20, then read results back.
#![allow(dead_code)]

pub mod map;
pub mod triples;

use gpumem_maxwell::Target;
use gpumem_mem::Memory;
use gpumem_warp::{Emulator, Fault, FaultKind, InstStats, LaunchConfig, Program, Stats};

/// Where each lane stores its result (`OUT + 4*lane`).
pub const OUT: u64 = 0x10_0000;

/// Prologue: R0 = lane (tid.x), R20 = OUT + 4*tid.x (32-bit address).
pub const PRO: &str = "S2R R0, SR_TID.X ;\nSHL R20, R0, 0x2 ;\nIADD32I R20, R20, 0x100000 ;\n";

/// What a run left behind.
pub struct Res {
    pub mem: Memory,
    pub faults: Vec<Fault>,
    pub stats: Stats,
}

impl Res {
    /// The 32-bit word at global `addr`.
    pub fn word(&self, addr: u64) -> u32 {
        let mut b = [0; 4];
        self.mem.global.read(addr, &mut b);
        u32::from_le_bytes(b)
    }

    /// Lane `lane`'s result.
    pub fn out(&self, lane: u64) -> u32 {
        self.word(OUT + 4 * lane)
    }

    /// The kinds of the faults, in order.
    pub fn kinds(&self) -> Vec<FaultKind> {
        self.faults.iter().map(|f| f.kind).collect()
    }

    /// Stats of the first instruction whose text starts with `prefix`.
    pub fn stat(&self, prefix: &str) -> InstStats {
        self.stats
            .per_inst
            .values()
            .find(|s| s.text.starts_with(prefix))
            .unwrap_or_else(|| panic!("no instruction `{prefix}`"))
            .clone()
    }
}

/// One warp, 32 registers, 4 KiB shared, 256 bytes local.
pub fn cfg() -> LaunchConfig {
    LaunchConfig {
        registers: 32,
        shared_bytes: 4096,
        local_bytes: 256,
        ..LaunchConfig::default()
    }
}

/// Runs `PRO + body + EXIT` (sm_50) under `cfg`, after `setup` prepares the emulator.
pub fn run_cfg(body: &str, cfg: LaunchConfig, setup: impl FnOnce(&mut Emulator)) -> Res {
    let src = format!("{PRO}{body}\nEXIT ;\n");
    let prog = Program::from_sass(&src, Target::Sm50).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let mut emu = Emulator::new(&prog, cfg);
    setup(&mut emu);
    emu.run();
    Res {
        mem: emu.mem,
        faults: emu.faults,
        stats: emu.stats,
    }
}

/// [`run_cfg`] with [`cfg`].
pub fn run(body: &str, setup: impl FnOnce(&mut Emulator)) -> Res {
    run_cfg(body, cfg(), setup)
}

/// Writes little-endian words to global memory at `addr`.
pub fn put(emu: &mut Emulator, addr: u64, words: &[u32]) {
    let b: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    emu.mem.global.write(addr, &b).unwrap();
}

/// Writes little-endian words to constant bank `bank` at `off`.
pub fn cput(emu: &mut Emulator, bank: u32, off: u64, words: &[u32]) {
    let b: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    emu.mem.constant.write(bank, off, &b).unwrap();
}
