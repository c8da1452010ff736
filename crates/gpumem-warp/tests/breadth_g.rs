//! Breadth set G (`crates/gpumem-maxwell/src/table/graphics.rs`): the graphics ops ALD, AST, IPA,
//! AL2P, OUT, PIXLD and ISBERD decode and assemble but cannot run in a compute launch:
//! their operands live in the graphics pipeline's state (vertex/patch attributes, fragment
//! interpolation, the geometry output stream, pixel coverage, the internal stage buffer). Running one
//! is an `unsupported` fault that names the instruction and the state it needs, never a
//! silent no-op.

use crate::common;

use common::*;
use gpumem_warp::FaultKind;

#[test]
fn graphics_ops_are_unsupported_naming_the_pipeline_state() {
    for (body, want) in [
        (
            "ALD.O.P.64 R4, a[R5+0x10], R9 ;",
            "ALD needs the graphics pipeline's vertex/patch attribute state",
        ),
        (
            "ALD R4, a[0x40] ;",
            "ALD needs the graphics pipeline's vertex/patch attribute state",
        ),
        (
            "AST.PHYS a[R5], R3, R0 ;",
            "AST needs the graphics pipeline's vertex/patch attribute state",
        ),
        (
            "IPA.PASS R3, a[0x12], R12, R0 ;",
            "IPA needs the graphics pipeline's attribute state",
        ),
        (
            "IPA.IDX.CONSTANT.CENTROID R3, a[R5], R12, R7, P1 ;",
            "IPA needs the graphics pipeline's attribute state",
        ),
        (
            "AL2P.O.64 P1, R3, R5, -0x10 ;",
            "AL2P needs the graphics pipeline's attribute state",
        ),
        (
            "OUT.EMIT_THEN_CUT R3, R5, c[0x0][0x10] ;",
            "OUT needs the graphics pipeline's geometry output stream state",
        ),
        (
            "PIXLD.COVMASK R3, P2, [R5+0x4] ;",
            "PIXLD needs the graphics pipeline's pixel state",
        ),
        (
            "ISBERD.O.ATTR.SKEW.U16 R3, [R5] ;",
            "ISBERD needs the graphics pipeline's ISBE state",
        ),
    ] {
        let r = run(body, |_| {});
        let f = r
            .faults
            .iter()
            .find(|f| f.kind == FaultKind::Unsupported)
            .unwrap_or_else(|| panic!("{body}: {:?}", r.faults));
        assert!(f.message.contains(want), "{body}: {}", f.message);
        // The one fault: the row decoded, its registers were in range, nothing else failed.
        assert!(r.faults.len() == 1, "{body}: {:?}", r.faults);
    }
}
