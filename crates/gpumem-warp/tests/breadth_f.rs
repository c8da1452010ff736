//! Breadth set F (research set F, rows now in `crates/gpumem-maxwell/src/table/`): R2B (but `.RESULT`), VOTE.VTG
//! and STP decode and assemble but have no functional model: running one is an
//! `unsupported` fault that names the instruction, never a silent no-op (LEPC and
//! R2B.RESULT run: `tests/control_sys.rs`). CSET, CSETP, VMAD, VSETP and FSWZADD run
//! (golden cases: `tests/exec/ccset.txt`, `tests/exec/vmad.txt`, `tests/exec/swizzle.txt`,
//! `tests/exec/ccforms.txt` for CSET's, PSET's and VMAD's `.CC`; `tests/fswzadd.rs`)
//! except for the condition-code tests 24-29 (`CSM_*`, `FCSM_*`), as for BRA. ATOM/RED
//! type 4: SM52's `.F16x2.FTZ.RN` runs (`tests/atomics.rs`), SM50's `.U128` is
//! `invalid_instruction` (SPA 5.0: "illegal").

use crate::common;

use common::*;
use gpumem_warp::FaultKind;

#[test]
fn breadth_f_unmodelled_forms_are_unsupported() {
    for (body, form) in [
        ("R2B.WARP 0x5, R5 ;", "R2B"),
        ("VOTE.VTG.A 0x12345 ;", "VOTE_VTG"),
        ("CSET.CSM_TA.AND R3, CC, PT ;", "CSET"),
        ("CSETP.FCSM_MX.OR P1, PT, CC, P0 ;", "CSETP"),
        ("STP.WAIT.T 0xfa ;", "STP"),
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

/// SM50's type 4 (`.U128`) is illegal; SM52's (`.F16x2.FTZ.RN`) runs.
#[test]
fn type_4_atomics_u128_is_invalid_f16x2_runs() {
    for body in ["ATOM.E.ADD.U128 R4, [R2], R8 ;", "RED.E.OR.U128 [R2], R4 ;"] {
        let r = run(body, |_| {});
        assert!(
            r.faults
                .iter()
                .any(|f| f.kind == FaultKind::InvalidInstruction && f.message.contains("U128")),
            "{body}: {:?}",
            r.faults
        );
    }
    for body in [
        "ATOM.E.ADD.F16x2.FTZ.RN R5, [R2], R8 ;",
        "RED.E.ADD.F16x2.FTZ.RN [R2], R5 ;",
    ] {
        let src = format!("{body}\nEXIT ;\n");
        let prog = gpumem_warp::Program::from_sass(&src, gpumem_maxwell::Target::Sm52)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut emu = gpumem_warp::Emulator::new(&prog, cfg());
        emu.run();
        assert!(emu.faults.is_empty(), "{body}: {:?}", emu.faults);
    }
}

/// The forms that once faulted `unsupported` run without a fault (their values are the
/// golden cases' business).
#[test]
fn cset_csetp_vmad_vsetp_fswzadd_run() {
    for body in [
        "FSWZADD.FTZ R3, R5, R7, NPNPPNPN ;",
        "CSET.BF.SFT.OR R3, CC, !P5 ;",
        "CSET.BF.SFT.OR R3.CC, CC, !P5 ;",
        "PSET.AND.AND R0.CC, P5, P3, P2 ;",
        "VMAD.U8.U16.SHR_7 R3.CC, R5.B1, 0x2347, R0 ;",
        "CSETP.NUM.OR P1, PT, CC, P0 ;",
        "VMAD.U8.U16.SHR_7 R3, R5.B1, 0x2347, R0 ;",
        "VMAD R3, R5, R7, -R0 ;",
        "VSETP.LT.U8.S16.XOR P1, P2, R5.B1, -0x3, !P0 ;",
        "VSETP.GE.AND P1, PT, R5, R7, PT ;",
    ] {
        let r = run(body, |_| {});
        assert!(r.faults.is_empty(), "{body}: {:?}", r.faults);
    }
}
