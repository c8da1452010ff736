#![allow(dead_code)]
use gpumem_wave::*;

/// `value` in the registers `name` names ([`SgprInit::new`]).
pub fn reg(name: &str, value: u64) -> SgprInit {
    SgprInit::new(name, value).expect("register")
}

/// One value per register `name` names.
pub fn dwords(name: &str, values: &[u32]) -> SgprInit {
    SgprInit::dwords(name, values).expect("registers")
}

/// The default configuration with these initial registers for every wave.
pub fn with_regs(regs: Vec<SgprInit>) -> VegaConfig {
    let mut c = VegaConfig::default();
    c.wave.sgpr = regs;
    c
}

/// [`with_regs`] of `(name, value)` pairs.
pub fn sgprs(regs: &[(&str, u64)]) -> VegaConfig {
    with_regs(regs.iter().map(|(n, v)| reg(n, *v)).collect())
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
    sgprs(&[("s[0:1]", 0x1000)])
}

/// 32 dwords 100, 101, … at 0x1000.
pub fn ramp() -> Vec<MemoryInit> {
    vec![mem_u32(0x1000, &(100..132).collect::<Vec<u32>>())]
}
