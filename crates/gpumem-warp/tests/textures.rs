//! Texture, surface and B2R's `.WARP` and barrier-number forms decode and assemble
//! (`table/texture.rs`, `table/surface.rs`, `table/system.rs`) but have no functional model: running one is an
//! `unsupported` fault, never a silent no-op (`B2R.RESULT` runs: tests/ptxas_kernels.rs;
//! VABSDIFF4 runs: tests/exec/subword.txt, tests/vabsdiff4_ptxas.rs).

use crate::common;

use common::*;
use gpumem_warp::FaultKind;

#[test]
fn texture_surface_and_b2r_forms_are_unsupported() {
    for body in [
        "TEXS.T R20, R22, R8, R9, 0x52, 2D, RGBA ;",
        "TLDS.LZ.P RZ, R6, R16, 0x5c, 1D, RG ;",
        "SULD.D.BA.2D.TRAP R11, [R4], 0x52 ;",
        "SUST.D.BA.2D.TRAP [R4], R7, 0x50 ;",
        "B2R.WARP R3 ;",
        "B2R R3, 0x2 ;",
        // Breadth set D.
        "TXQ.P R2, R2, TEX_HEADER_DIMENSION, 0x54, 0x1 ;",
        "TXA R25, R25, 0x52, 0x1 ;",
        "TMML.LOD.T R12, R4, 0x52, 2D, 0x3 ;",
        "TLD4S.R.T R16, R18, R12, R13, 0x52 ;",
        // Breadth set E.
        "TLD.LZ.AOFFI.T R12, R4, R8, 0x52, ARRAY_CUBE, 0xf ;",
        "TLD.B.LL.MS R12, R4, R8, 0x0, 2D, 0xf ;",
        "TLD4.A.PTP.DC R12, R4, 0x52, 2D, 0x9 ;",
        "TXD R4, R8, R4, 0x52, 2D, 0xf ;",
        "TXD.B.AOFFI R4, R8, R4, 0x0, 2D, 0xf ;",
        "SULD.P.1D.CV.RB.IGN R12, [R4], R0 ;",
        "SUST.P.2D.CG [R4], R12, 0x55 ;",
        "SULD.D.BA.2D.TRAP R0, [R12], R10 ;",
        "SURED.D.BA.1D.ADD.TRAP [R2], R16, 0x54 ;",
        "SURED.P.1D.XOR.IGN [R4], R12, R0 ;",
        "SUATOM.D.BA.2D.EXCH.U64.TRAP R12, [R4], R5, 0x54 ;",
        "SUATOM.D.1D.CAS.IGN R12, [R4], RZ, 0x0 ;",
        "TLD4.G.B R12, R18, R17, 0x0, ARRAY_CUBE, 0xc ;",
        // CCTLT runs: it changes no value (tests/cctl.rs).
    ] {
        let r = run(body, |_| {});
        assert!(
            r.kinds().contains(&FaultKind::Unsupported),
            "{body}: {:?}",
            r.faults
        );
    }
}
