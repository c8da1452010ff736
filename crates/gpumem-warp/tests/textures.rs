//! Texture, surface, VABSDIFF4 and B2R's `.WARP` and barrier-number forms decode and
//! assemble (`rows_c.rs`, `rows_d.rs`) but have no functional model: running one is an
//! `unsupported` fault, never a silent no-op (`B2R.RESULT` runs: tests/ptxas_kernels.rs).

mod common;

use common::*;
use gpumem_warp::FaultKind;

#[test]
fn texture_surface_b2r_and_vabsdiff4_are_unsupported() {
    for body in [
        "TEXS.T R20, R22, R8, R9, 0x52, 2D, RGBA ;",
        "TLDS.LZ.P RZ, R6, R16, 0x5c, 1D, RG ;",
        "SULD.D.BA.2D.TRAP R11, [R4], 0x52 ;",
        "SUST.D.BA.2D.TRAP [R4], R7, 0x50 ;",
        "B2R.WARP R3 ;",
        "B2R R3, 0x2 ;",
        "VABSDIFF4.U8.U8.ACC R18, R8, R18, RZ ;",
        // Breadth set D (`rows_d.rs`).
        "TXQ.P R2, R2, TEX_HEADER_DIMENSION, 0x54, 0x1 ;",
        "TXA R25, R25, 0x52, 0x1 ;",
        "TMML.LOD.T R12, R4, 0x52, 2D, 0x3 ;",
        "TLD4S.R.T R16, R18, R12, R13, 0x52 ;",
    ] {
        let r = run(body, |_| {});
        assert!(
            r.kinds().contains(&FaultKind::Unsupported),
            "{body}: {:?}",
            r.faults
        );
    }
}
