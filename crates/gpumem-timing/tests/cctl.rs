//! Cache control in the cycle model (SEMANTICS.md, "Cache control"): `CCTL.IV`/`.RS` of
//! the data cache and `CCTLL.IV`/`.RS` drop the lines their lanes name from the issuing
//! SM's L1, so a load that hit there misses after them; every other form, a guarded-off
//! one, and one naming other lines leave L1 as it was.

use gpumem_maxwell::Target;
use gpumem_mem::hierarchy::Preset;
use gpumem_timing::{TimingConfig, TimingReport};
use gpumem_warp::{Emulator, LaunchConfig, Program};

fn timed(src: &str, cfg: LaunchConfig, tc: TimingConfig) -> TimingReport {
    let prog = Program::from_sass(src, Target::Sm52).unwrap();
    let mut emu = Emulator::new(&prog, cfg);
    let r = gpumem_timing::Timing::new(&mut emu, tc, 16).unwrap().run();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    r
}

/// One warp: lane `l` loads global word `l` through L1 (`LDG.E.CI`), runs `ctl` (with
/// `{R3,R2}` the lane's address and P0 false), then loads the word again. Returns the L1
/// sectors read and hit.
fn global(ctl: &str) -> (u64, u64) {
    let src = format!(
        "--:-:1:-:1 S2R R0, SR_TID.X ;
01:-:-:-:6 SHL R2, R0, 0x2 ;
--:-:-:-:6 MOV32I R3, 0x0 ;
--:-:-:-:6 ISETP.NE.AND P0, PT, RZ, RZ, PT ;
--:-:2:-:1 LDG.E.CI R4, [R2] ;
02:-:-:-:6 MOV R6, R4 ;
--:-:-:-:6 {ctl} ;
--:-:3:-:1 LDG.E.CI R5, [R2] ;
04:-:-:-:6 MOV R7, R5 ;
--:-:-:-:5 EXIT ;
"
    );
    let cfg = LaunchConfig::default();
    let r = timed(&src, cfg, TimingConfig::preset(Preset::Gm204));
    let l1 = &r.levels["l1_tex"];
    (l1.accesses, l1.hits)
}

#[test]
fn ldg_ci_hit_becomes_a_miss_after_cctl_iv_of_its_line() {
    // Without cache control the second load hits all 4 sectors of the warp's 128 bytes.
    assert_eq!(global("NOP"), (8, 4));
    assert_eq!(global("CCTL.E.IV [R2]"), (8, 0));
    assert_eq!(global("CCTL.E.RS [R2]"), (8, 0));
    // One lane naming the line is enough: the whole line goes.
    assert_eq!(global("@P0 CCTL.E.IV [R2]"), (8, 4));
    assert_eq!(global("CCTL.E.IV [RZ]"), (8, 0));
    // A 32-bit address (no `.E`): the low word alone, here the same line.
    assert_eq!(global("CCTL.IV [R2]"), (8, 0));
}

#[test]
fn ldg_ci_stays_a_hit_after_cctl_of_another_line_or_another_operation() {
    assert_eq!(global("CCTL.E.IV [R2+0x1000]"), (8, 4));
    assert_eq!(global("CCTL.E.IV [R2+0x80]"), (8, 4));
    for other in [
        "CCTL.E.PF1 [R2]",
        "CCTL.E.PF2 [R2]",
        "CCTL.E.WB [R2]",
        "CCTL.E.RSLB [R2]",
        "CCTL.E.C.IV [R2]",
        "CCTL.E.I.IV [R2]",
        "CCTL.E.U.IV [R2]",
        "CCTLT.IVALL",
    ] {
        assert_eq!(global(other), (8, 4), "{other}");
    }
}

/// One warp reads local word 0 twice with `LDL` (L1 holds local loads when
/// `local_in_l1` is set), running `ctl` in between.
fn local(ctl: &str) -> (u64, u64) {
    let src = format!(
        "--:-:2:-:1 LDL R4, [RZ] ;
02:-:-:-:6 MOV R6, R4 ;
--:-:-:-:6 {ctl} ;
--:-:3:-:1 LDL R5, [RZ] ;
04:-:-:-:6 MOV R7, R5 ;
--:-:-:-:5 EXIT ;
"
    );
    let cfg = LaunchConfig {
        local_bytes: 64,
        ..LaunchConfig::default()
    };
    let mut tc = TimingConfig::preset(Preset::Gm204);
    tc.memory.local_in_l1 = true;
    let r = timed(&src, cfg, tc);
    let l1 = &r.levels["l1_tex"];
    (l1.accesses, l1.hits)
}

#[test]
fn cctll_iv_drops_the_warps_local_line() {
    // 32 lanes' word 0 interleave into one 128-byte line of the warp's slice.
    assert_eq!(local("NOP"), (8, 4));
    assert_eq!(local("CCTLL.IV [RZ]"), (8, 0));
    // Word 32 of every lane lies in another line of the slice.
    assert_eq!(local("CCTLL.IV [RZ+0x80]"), (8, 4));
    assert_eq!(local("CCTLL.WB [RZ]"), (8, 4));
    // CCTL's address is generic: the local window's byte 0 is the same line.
    assert_eq!(local("CCTL.E.IV [RZ+0x2000000]"), (8, 0));
    // The shared window names no L1 line.
    assert_eq!(local("CCTL.E.IV [RZ+0x1000000]"), (8, 4));
}
