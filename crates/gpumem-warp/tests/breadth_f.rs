//! Breadth set F (`crates/gpumem-maxwell/src/rows_f.rs`: LEPC, R2B, FSWZADD, VOTE.VTG,
//! CSET, CSETP, VMAD, VSETP, STP; PSET's `.CC`; ATOM/RED type 4) decodes and assembles but has no functional model: running one is an
//! `unsupported` fault that names the instruction, never a silent no-op.

mod common;

use common::*;
use gpumem_warp::FaultKind;

#[test]
fn breadth_f_rows_are_unsupported() {
    for (body, form) in [
        ("LEPC R5 ;", "LEPC"),
        ("R2B.WARP 0x5, R5 ;", "R2B"),
        ("FSWZADD.FTZ R3, R5, R7, NPNPPNPN ;", "FSWZADD"),
        ("VOTE.VTG.A 0x12345 ;", "VOTE_VTG"),
        ("CSET.BF.SFT.OR R3, CC, !P5 ;", "CSET"),
        ("CSETP.NUM.OR P1, PT, CC, P0 ;", "CSETP"),
        ("VMAD.U8.U16.SHR_7 R3, R5.B1, 0x2347, R0 ;", "VMAD"),
        ("VMAD R3, R5, R7, -R0 ;", "VMAD"),
        ("VSETP.LT.U8.S16.XOR P1, P2, R5.B1, -0x3, !P0 ;", "VSETP"),
        ("VSETP.GE.AND P1, PT, R5, R7, PT ;", "VSETP"),
        // PSET's `.CC` decodes; the condition code it writes has no model.
        ("PSET.AND.AND R0.CC, P5, P3, P2 ;", "PSET"),
        ("STP.WAIT.T 0xfa ;", "STP"),
        // SM50's type 4: no 16-byte read-modify-write is modelled.
        ("ATOM.E.ADD.U128 R5, [R2], R8 ;", "atomic"),
        ("RED.E.OR.U128 [R2], R5 ;", "atomic"),
    ] {
        let r = run(body, |_| {});
        let f = r
            .faults
            .iter()
            .find(|f| f.kind == FaultKind::Unsupported)
            .unwrap_or_else(|| panic!("{body}: {:?}", r.faults));
        assert!(f.message.contains(form), "{body}: {}", f.message);
    }
}

/// SM52's type 4 (`.F16x2.FTZ.RN`): no f16-pair read-modify-write is modelled.
#[test]
fn f16x2_atomics_are_unsupported() {
    for body in [
        "ATOM.E.ADD.F16x2.FTZ.RN R5, [R2], R8 ;",
        "RED.E.ADD.F16x2.FTZ.RN [R2], R5 ;",
    ] {
        let src = format!("{body}\nEXIT ;\n");
        let prog = gpumem_warp::Program::from_sass(&src, gpumem_maxwell::Target::Sm52)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut emu = gpumem_warp::Emulator::new(&prog, cfg());
        emu.run();
        assert!(
            emu.faults
                .iter()
                .any(|f| f.kind == FaultKind::Unsupported && f.message.contains("atomic")),
            "{body}: {:?}",
            emu.faults
        );
    }
}
