//! Device-library calls served by the executor (`gpumem_warp::devcall`: `malloc`, `free`,
//! `__assertfail`) and cooperative launches (`Emulator::cooperative`), as SASS calling
//! the addresses a client links those functions to.

use crate::common;
use common::*;
use gpumem_warp::{DeviceCall, DeviceHeap, FaultKind};

fn jcal(c: DeviceCall) -> String {
    format!("JCAL {:#x} ;", c.address())
}

#[test]
fn malloc_gives_each_lane_a_block_and_free_takes_it_back() {
    // Each lane asks for (lane + 1) * 4 bytes, stores its pointer's low word, frees it.
    let body = format!(
        "IADD32I R4, R0, 0x1 ;\nSHL R4, R4, 0x2 ;\nMOV R5, RZ ;\n{}\nSTG [R20], R4 ;\n{}",
        jcal(DeviceCall::Malloc),
        jcal(DeviceCall::Free)
    );
    let r = run(&body, |e| {
        e.heap = Some(DeviceHeap::new(0x40_0000, 1 << 16))
    });
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    // First fit, 16-byte granules, lanes in order.
    let mut at = 0x40_0000u32;
    for l in 0..32 {
        assert_eq!(r.out(l), at, "lane {l}");
        at += ((l as u32 + 1) * 4).next_multiple_of(16);
    }
}

#[test]
fn malloc_returns_null_when_the_heap_is_exhausted() {
    let body = format!(
        "MOV32I R4, 0x100 ;\nMOV R5, RZ ;\n{}\nSTG [R20], R4 ;",
        jcal(DeviceCall::Malloc)
    );
    let r = run(&body, |e| e.heap = Some(DeviceHeap::new(0x40_0000, 0x400)));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let got: Vec<u32> = (0..32).map(|l| r.out(l)).collect();
    assert!(got[..4].iter().all(|&p| p != 0), "{got:x?}");
    assert!(got[4..].iter().all(|&p| p == 0), "{got:x?}");
}

#[test]
fn a_bad_free_is_an_invalid_free_fault() {
    let body = format!(
        "MOV32I R4, 0x10 ;\nMOV R5, RZ ;\n{}\nIADD32I R4, R4, 0x4 ;\n{}",
        jcal(DeviceCall::Malloc),
        jcal(DeviceCall::Free)
    );
    let r = run(&body, |e| {
        e.heap = Some(DeviceHeap::new(0x40_0000, 1 << 16))
    });
    assert_eq!(r.kinds(), vec![FaultKind::InvalidFree]);
    assert!(
        r.faults[0]
            .message
            .contains("in `free`: lane 0 (thread 0): free(0x400004): not a pointer malloc returned: it lies 4 bytes into the 16-byte block at 0x400000"),
        "{}",
        r.faults[0].message
    );
}

#[test]
fn unserved_calls_are_unsupported_faults() {
    let r = run(&jcal(DeviceCall::Malloc), |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::Unsupported]);
    assert!(r.faults[0].message.contains("`malloc`"), "{:?}", r.faults);
    let r = run(&jcal(DeviceCall::AssertFail), |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::Unsupported]);
}

#[test]
fn assertfail_prints_cuda_s_line_per_lane_and_stops_the_launch() {
    // message at 0x1000, file at 0x1100, function at 0x1200; lanes 30 and 31 fail.
    let body = format!(
        "ISETP.LT.AND P0, PT, R0, 0x1e, PT ;\n@P0 EXIT ;\n\
         MOV32I R4, 0x1000 ;\nMOV R5, RZ ;\nMOV32I R6, 0x1100 ;\nMOV R7, RZ ;\n\
         MOV32I R8, 0x2a ;\nMOV32I R10, 0x1200 ;\nMOV R11, RZ ;\n{}\nSTG [R20], R0 ;",
        jcal(DeviceCall::AssertFail)
    );
    let r = {
        let src = format!("{PRO}{body}\nEXIT ;\n");
        let prog = gpumem_warp::Program::from_sass(&src, gpumem_maxwell::Target::Sm50).unwrap();
        let mut emu = gpumem_warp::Emulator::new(&prog, cfg());
        emu.printf = Some(Vec::new());
        for (a, s) in [(0x1000, "x < 30"), (0x1100, "t.cu"), (0x1200, "void k()")] {
            let mut b = s.as_bytes().to_vec();
            b.push(0);
            emu.mem.global.write(a, &b).unwrap();
        }
        emu.run();
        assert!(emu.stopped());
        (emu.faults, emu.printf.unwrap(), emu.mem)
    };
    let (faults, lines, mem) = r;
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].kind, FaultKind::Breakpoint);
    assert!(
        faults[0]
            .message
            .contains("t.cu:42: void k(): Assertion `x < 30` failed")
    );
    let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        text,
        [
            "t.cu:42: void k(): block: [0,0,0], thread: [30,0,0] Assertion `x < 30` failed.\n",
            "t.cu:42: void k(): block: [0,0,0], thread: [31,0,0] Assertion `x < 30` failed.\n",
        ]
    );
    assert!(lines.iter().all(|l| l.assert));
    // The store after the call never ran.
    let mut b = [0; 4];
    mem.global.read(OUT + 4 * 30, &mut b);
    assert_eq!(b, [0; 4]);
}

/// CTA 0 waits for a flag CTA 1 sets: run one after another, CTA 0 spins until the step
/// limit; cooperative, CTA 1 gets its turn and both finish.
#[test]
fn a_cooperative_launch_interleaves_ctas_so_a_spin_wait_completes() {
    let src = "S2R R0, SR_CTAID.X ;\nMOV32I R2, 0x2000 ;\nMOV R3, RZ ;\n\
        ISETP.NE.AND P0, PT, R0, RZ, PT ;\n@P0 BRA L_set ;\n\
        L_wait:\nLDG.E.CV R4, [R2] ;\nISETP.EQ.AND P1, PT, R4, RZ, PT ;\n@P1 BRA L_wait ;\n\
        STG.E [R2+0x4], R4 ;\nEXIT ;\n\
        L_set:\nMOV32I R4, 0x7 ;\nSTG.E [R2], R4 ;\nEXIT ;\n";
    let prog = gpumem_warp::Program::from_sass(src, gpumem_maxwell::Target::Sm50).unwrap();
    let launch = |cooperative: bool| {
        let cfg = gpumem_warp::LaunchConfig {
            grid: [2, 1, 1],
            block: [32, 1, 1],
            max_steps: 100_000,
            ..cfg()
        };
        let mut emu = gpumem_warp::Emulator::new(&prog, cfg);
        emu.cooperative = cooperative;
        emu.run();
        let mut b = [0; 4];
        emu.mem.global.read(0x2004, &mut b);
        (emu.faults, u32::from_le_bytes(b))
    };
    let (faults, seen) = launch(false);
    assert_eq!(faults[0].kind, FaultKind::StepLimit);
    assert_eq!(seen, 0);
    let (faults, seen) = launch(true);
    assert!(faults.is_empty(), "{faults:?}");
    assert_eq!(seen, 7);
}

/// With a bounds check over a heap, an access must lie in the bytes a live block was
/// asked for: the granule's padding and a freed block are out of bounds; the launch
/// runs its CTAs in order (`BoundsCheck::with_heap`).
#[test]
fn the_bounds_check_looks_inside_the_heap_block_by_block() {
    use gpumem_warp::{BoundsCheck, BoundsMode};
    // Lane 0 asks for 12 bytes, stores at +8 (inside), +12 (the padding), frees the
    // block and stores at +0 (freed).
    let body = format!(
        "ISETP.NE.AND P0, PT, R0, RZ, PT ;\n@P0 EXIT ;\n\
         MOV32I R4, 0xc ;\nMOV R5, RZ ;\n{}\nMOV R6, R4 ;\nMOV R7, R5 ;\n\
         STG.E [R6+0x8], R0 ;\nSTG.E [R6+0xc], R0 ;\n{}\nSTG.E [R6], R0 ;",
        jcal(DeviceCall::Malloc),
        jcal(DeviceCall::Free)
    );
    let mut cfg = common::cfg();
    cfg.grid = [2, 1, 1];
    cfg.bounds = Some(
        BoundsCheck::new([(common::OUT, 0x1000)], BoundsMode::Warn).with_heap(0x40_0000, 1 << 16),
    );
    let r = common::run_cfg(&body, cfg, |e| {
        e.heap = Some(DeviceHeap::new(0x40_0000, 1 << 16));
        e.jobs = 2;
    });
    let oob: Vec<(u32, Option<u64>)> = r
        .faults
        .iter()
        .filter(|f| f.kind == FaultKind::OutOfBounds)
        .map(|f| (f.cta, f.address))
        .collect();
    // CTA 0 takes the heap's first block, CTA 1 the same one again (CTA 0 freed it).
    assert_eq!(
        oob,
        vec![
            (0, Some(0x40_000c)),
            (0, Some(0x40_0000)),
            (1, Some(0x40_000c)),
            (1, Some(0x40_0000)),
        ],
        "{:?}",
        r.faults
    );
    assert_eq!(r.faults.len(), 4, "{:?}", r.faults);
    // Each names the block as it was at the access.
    assert!(
        r.faults[0].message.contains(
            "outside every live malloc block: 0 bytes after the end of the 12-byte malloc block at 0x400000"
        ),
        "{}",
        r.faults[0].message
    );
    assert!(
        r.faults[1]
            .message
            .contains("0 bytes into the 12-byte malloc block at 0x400000, which was freed"),
        "{}",
        r.faults[1].message
    );
}
