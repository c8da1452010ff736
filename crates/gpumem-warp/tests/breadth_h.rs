//! Breadth set H (`crates/gpumem-maxwell/src/table/surface.rs`): SUATOM's `.P`, `.CAS` and
//! predicate-output forms and SM52's ATOM with a predicate output decode
//! and assemble but have no functional model: running one is an `unsupported` fault, never
//! a silent no-op (an ATOM that left its predicate unwritten would be one).

use crate::common;

use common::*;
use gpumem_maxwell::Target;
use gpumem_warp::{Emulator, FaultKind, Program};

fn unsupported_on(body: &str, target: Target) -> bool {
    let src = format!("{body}\nEXIT ;\n");
    let prog = Program::from_sass(&src, target).unwrap_or_else(|e| panic!("{body}: {e}"));
    let mut emu = Emulator::new(&prog, cfg());
    emu.run();
    emu.faults.iter().any(|f| f.kind == FaultKind::Unsupported)
}

#[test]
fn breadth_h_forms_are_unsupported() {
    for (body, target) in [
        ("SUATOM.P.1D.EXCH.IGN R3, [R7], R4, R9 ;", Target::Sm50),
        ("SUATOM.P.2D.MAX R3, [R7], R4, 0x123 ;", Target::Sm50),
        ("SUATOM.P.1D.CAS.IGN R3, [R7], R4, R9 ;", Target::Sm50),
        ("SUATOM.D.1D.CAS.U64.IGN R3, [R7], R4, R9 ;", Target::Sm50),
        (
            "SUATOM.D.1D.CAS.S32.IGN P5, R3, [R7], R4, R9 ;",
            Target::Sm52,
        ),
        ("SUATOM.D.1D.INC P3, R3, [R7], R4, R9 ;", Target::Sm52),
        ("ATOM.E.ADD PT, R3, [R2], R5 ;", Target::Sm52),
        ("ATOM.E.EXCH.U64 P2, R4, [R2], R6 ;", Target::Sm52),
        ("ATOM.E.CAS P1, R3, [R2], R4, R5 ;", Target::Sm52),
    ] {
        assert!(unsupported_on(body, target), "{body}");
    }
}

/// SUATOM's `.D` forms and SM50's SULD rows have a model (`sem/surface.rs`): without
/// texture pools the handle names no surface, a fault, but not `unsupported`.
#[test]
fn suatom_d_and_sm50_suld_run() {
    for body in [
        "SUATOM.D.BA.1D.ADD.S32.TRAP R3, [R7], R4, R9 ;",
        "SULD.D.BA.2D.TRAP R0, [R12], 0x54 ;",
    ] {
        let src = format!("{body}\nEXIT ;\n");
        let prog = Program::from_sass(&src, Target::Sm50).unwrap();
        let mut emu = Emulator::new(&prog, cfg());
        emu.run();
        let kinds: Vec<FaultKind> = emu.faults.iter().map(|f| f.kind).collect();
        assert!(
            !kinds.contains(&FaultKind::Unsupported),
            "{body}: {:?}",
            emu.faults
        );
        assert!(
            !kinds.is_empty(),
            "{body}: a surface access without pools faults"
        );
    }
}

/// The ATOM forms without a predicate output still run (the refusal is the output's).
#[test]
fn atom_without_a_predicate_output_still_runs() {
    assert!(!unsupported_on("ATOM.E.ADD R3, [R2], R5 ;", Target::Sm52));
}
