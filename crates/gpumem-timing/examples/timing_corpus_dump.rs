//! Times every kernel of every committed cubin (`tests/cuda-samples/sm_50`, `sm_52`,
//! `tests/cubins`) on gm204 with one fixed launch (2 CTAs of 128 threads, each pointer
//! parameter its own buffer, each other parameter 64, at most 50,000 warp steps) and
//! prints, per kernel, the cycle model's report and the run-time scoreboard's hazards with
//! `{:#?}`. `scripts/timing-dump-diff.sh` compares this print before and after a change
//! that must leave the cycle model and the hazard check as they were (the script copies
//! this file into the base tree: it must compile there too).

use gpumem_maxwell::cubin;
use gpumem_mem::hierarchy::Preset;
use gpumem_timing::{Timing, TimingConfig};
use gpumem_warp::{Emulator, LaunchConfig, Program};
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for dir in [
        "tests/cuda-samples/sm_50",
        "tests/cuda-samples/sm_52",
        "tests/cubins",
    ] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "cubin"));
        files.sort();
        for f in files {
            let Ok(bytes) = std::fs::read(&f) else {
                continue;
            };
            let Ok(kernels) = cubin::kernels(&bytes) else {
                continue;
            };
            for k in kernels {
                let name = format!(
                    "{dir}/{}: {}",
                    f.file_name().unwrap_or_default().to_string_lossy(),
                    k.name
                );
                time(&name, &k);
            }
        }
    }
}

fn time(name: &str, k: &cubin::Kernel) {
    println!("== {name}");
    let prog = match Program::from_bytes(&k.code, k.target) {
        Ok(p) => p,
        Err(e) => {
            println!("program: {e}");
            return;
        }
    };
    let cfg = LaunchConfig {
        grid: [2, 1, 1],
        block: [128, 1, 1],
        registers: k.registers,
        shared_bytes: k.shared_bytes,
        max_steps: 50_000,
        hazards: true,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    for (bank, data) in &k.constants {
        let _ = emu.mem.constant.write(*bank, 0, data);
    }
    let mut params = vec![0u8; k.param_bytes.unwrap_or(0) as usize];
    for (i, p) in k.params.iter().enumerate() {
        let v: u64 = if p.size == 8 {
            0x1000_0000 * (i as u64 + 1)
        } else {
            64
        };
        let end = (p.offset + p.size.min(8)) as usize;
        if let Some(d) = params.get_mut(p.offset as usize..end) {
            d.copy_from_slice(&v.to_le_bytes()[..d.len()]);
        }
    }
    if let Err(e) = emu.set_params(&params) {
        println!("params: {e}");
    }
    match Timing::new(&mut emu, TimingConfig::preset(Preset::Gm204), k.registers) {
        Ok(t) => println!("{:#?}", t.run()),
        Err(e) => println!("timing: {e}"),
    }
    println!("hazards: {:#?}", emu.hazards());
    println!("faults: {:?}", emu.faults);
}
