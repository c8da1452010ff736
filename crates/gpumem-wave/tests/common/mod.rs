#![allow(dead_code)]
use gpumem_wave::*;

pub fn cfg(extra: &str) -> VegaConfig {
    toml::from_str(extra).expect("config")
}

pub fn mem_u32(addr: u64, vals: &[u32]) -> MemoryInit {
    MemoryInit {
        addr,
        bytes: vals.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

pub fn run_src(src: &str, c: &VegaConfig, mem: &[MemoryInit]) -> WaveReport {
    run(Program::Source(src), c, mem, &[]).expect("run")
}

pub fn rules(r: &WaveReport) -> Vec<&'static str> {
    r.hazards.iter().map(|h| h.rule.name()).collect()
}

pub fn has(r: &WaveReport, rule: HazardRule) -> bool {
    r.hazards.iter().any(|h| h.rule == rule)
}

pub fn dump(r: &WaveReport, i: usize) -> Vec<u32> {
    r.dumps[i]
        .bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Assembles `src` and applies `patch(words)` to the machine code.
pub fn patched(src: &str, patch: impl FnOnce(&mut Vec<u32>)) -> Vec<u8> {
    let a = gpumem_vega::assemble(src, gpumem_vega::Target::Gfx900).expect("asm");
    let mut w: Vec<u32> = a
        .bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    patch(&mut w);
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn run_bin(bytes: &[u8], c: &VegaConfig, mem: &[MemoryInit]) -> WaveReport {
    run(Program::Binary(bytes), c, mem, &[]).expect("run")
}

pub fn run_dump(src: &str, c: &VegaConfig, mem: &[MemoryInit], addr: u64, len: u64) -> WaveReport {
    let d = [DumpRequest {
        name: "d".into(),
        addr,
        len,
    }];
    run(Program::Source(src), c, mem, &d).expect("run")
}

/// Base config: s[0:1] = 0x1000.
pub fn base() -> VegaConfig {
    cfg("[wave]\nsgpr = { \"s[0:1]\" = \"0x1000\" }\n")
}

/// 32 dwords 100, 101, … at 0x1000.
pub fn ramp() -> Vec<MemoryInit> {
    vec![mem_u32(0x1000, &(100..132).collect::<Vec<u32>>())]
}
