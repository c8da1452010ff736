//! A launch's CTAs on several threads (`Emulator::jobs`) give the sequential run's
//! results exactly: memory, faults, statistics and hazards, also where the CTAs read
//! each other's results through atomics (the old values ATOM returns included), and
//! where a step or memory limit stops the launch in the middle of the grid.

use gpumem_maxwell::Target;
use gpumem_maxwell::cubin;
use gpumem_warp::{Emulator, Fault, Hazard, LaunchConfig, Program, Stats};

const OUT: u64 = 0x1000_0000;
const IN: u64 = 0x2000_0000;

/// What a launch left: memory read back at `OUT`, faults, statistics, hazards, stop.
#[derive(Debug, PartialEq)]
struct Outcome {
    out: Vec<u8>,
    faults: Vec<Fault>,
    stats: Stats,
    hazards: Vec<Hazard>,
    stopped: bool,
}

struct Case {
    name: &'static str,
    grid: u32,
    block: u32,
    n: u32,
    max_steps: u64,
    max_memory: u64,
}

fn run(c: &Case, jobs: usize) -> Outcome {
    let file = std::fs::read(format!(
        "{}/../../tests/cubins/{}.sm_52.cubin",
        env!("CARGO_MANIFEST_DIR"),
        c.name
    ))
    .unwrap();
    let k = cubin::kernel(&file, Some(c.name)).unwrap();
    let prog = Program::from_bytes(&k.code, Target::Sm52).unwrap();
    let cfg = LaunchConfig {
        grid: [c.grid, 1, 1],
        block: [c.block, 1, 1],
        registers: k.registers,
        shared_bytes: 4 * c.block as u64,
        max_steps: c.max_steps,
        max_memory: c.max_memory,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(&prog, cfg);
    emu.jobs = jobs;
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    let params = [
        OUT.to_le_bytes().as_slice(),
        &IN.to_le_bytes(),
        &c.n.to_le_bytes(),
    ]
    .concat();
    emu.set_params(&params).unwrap();
    let input: Vec<u8> = (0..c.n)
        .flat_map(|i| (i.wrapping_mul(2654435761) % 1000).to_le_bytes())
        .collect();
    emu.mem.global.write(IN, &input).unwrap();
    emu.run();
    let mut out = vec![0u8; 4 * c.n as usize];
    emu.mem.global.read(OUT, &mut out);
    Outcome {
        out,
        faults: emu.faults.clone(),
        stats: emu.stats.clone(),
        hazards: emu.hazards().to_vec(),
        stopped: emu.stopped(),
    }
}

#[test]
fn two_and_three_threads_give_the_sequential_outcome() {
    let cases = [
        // Every CTA's atomics hit the same words: each reads what the CTAs before it
        // left (ATOM.INC's old values feed a RED), so most CTAs run again in order.
        Case {
            name: "warp_atomics",
            grid: 24,
            block: 128,
            n: 24 * 128 - 50,
            max_steps: u64::MAX,
            max_memory: 1 << 30,
        },
        Case {
            name: "copy_u32",
            grid: 64,
            block: 128,
            n: 64 * 128,
            max_steps: u64::MAX,
            max_memory: 1 << 30,
        },
        Case {
            name: "reduce_shared",
            grid: 40,
            block: 256,
            n: 40 * 256,
            max_steps: u64::MAX,
            max_memory: 1 << 30,
        },
        // A step limit that stops the launch in the middle of the grid.
        Case {
            name: "copy_u32",
            grid: 64,
            block: 128,
            n: 64 * 128,
            max_steps: 1000,
            max_memory: 1 << 30,
        },
        // A memory limit that refuses the output pages after a few CTAs (the input
        // takes 8 pages, each CTA's output half a page).
        Case {
            name: "copy_u32",
            grid: 64,
            block: 128,
            n: 64 * 128,
            max_steps: u64::MAX,
            max_memory: 12 * 4096,
        },
    ];
    for c in &cases {
        let one = run(c, 1);
        for jobs in [2, 3] {
            let par = run(c, jobs);
            assert_eq!(
                one, par,
                "{} grid {} max_steps {} max_memory {}: jobs = {jobs}",
                c.name, c.grid, c.max_steps, c.max_memory
            );
        }
    }
    // The limits did stop those launches midway (the comparison above means something).
    assert!(run(&cases[3], 1).faults.iter().any(|f| f.cta > 0));
    let mem = run(&cases[4], 1);
    assert!(mem.stopped && mem.faults.iter().any(|f| f.cta > 0));
}
