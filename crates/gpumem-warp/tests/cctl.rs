//! CCTL, CCTLL and CCTLT (SEMANTICS.md, "Cache control"): every operation the table
//! decodes executes without a fault and without changing a register, a predicate or
//! memory, whatever address it names (unwritten, misaligned, past the local allocation).

use crate::common;
use common::*;

/// Global data a load reads before and after the cache operations.
const DATA: u64 = 0x20_0000;

#[test]
fn cache_control_changes_nothing_and_never_faults() {
    let ops = [
        "CCTL.E.PF1 [R8] ;",
        "CCTL.E.PF1.5 [R8+0x4] ;",
        "CCTL.E.PF2 [R8] ;",
        "CCTL.E.WB [R8] ;",
        "CCTL.E.IV [R8] ;",
        "CCTL.E.RS [R8] ;",
        "CCTL.E.RSLB [R8] ;",
        "CCTL.C.IV [R8] ;",
        "CCTL.I.IV [R8] ;",
        "CCTL.U.PF1 [R8] ;",
        // Misaligned, never written, far away: still nothing to check.
        "CCTL.E.IV [R12] ;",
        "CCTL.E.IV [R10+-0x4] ;",
        "CCTLL.IV [R1+0x10] ;",
        "CCTLL.PF1 [R11] ;",
        "CCTLL.WB [R12+0x4] ;",
        "CCTLT.IVALL ;",
        "CCTLT.IVTH 0x3 ;",
        "CCTLT.IVTH R2 ;",
    ];
    let pre = "SHL R8, R0, 0x2 ;\nIADD32I R8, R8, 0x200000 ;\nMOV R9, RZ ;\nMOV32I R10, 0x7ffffff0 ;\n\
               MOV32I R11, 0x100000 ;\nIADD32I R12, R8, 0x3 ;\nMOV R13, RZ ;\nLDG.E R3, [R8] ;\n";
    for op in ops {
        let body = format!(
            "{pre}{op}\nLDG.E R4, [R8] ;\nIADD R3, R3, R4 ;\nSTG [R20], R3 ;\nSTG [R20+0x80], R11 ;"
        );
        let r = run(&body, |e| {
            put(e, DATA, &(0..32).map(|l| 0x100 + l).collect::<Vec<u32>>())
        });
        assert!(r.faults.is_empty(), "{op}: {:?}", r.faults);
        for l in 0..32u64 {
            assert_eq!(r.out(l), 2 * (0x100 + l as u32), "{op} lane {l}");
            assert_eq!(r.out(32 + l), 0x100000, "{op} lane {l}: R11");
            assert_eq!(r.word(DATA + 4 * l), 0x100 + l as u32, "{op}: memory");
        }
        let st = r.stat(op.split(' ').next().unwrap_or(op));
        assert_eq!((st.executed, st.space, st.accesses), (1, None, 0), "{op}");
    }
}

#[test]
fn a_guarded_cache_control_is_an_instruction_like_any_other() {
    // Under a guard and in a divergent region it still changes nothing.
    let body = "ISETP.LT.AND P0, PT, R0, 0x10, PT ;\nMOV32I R3, 0x5 ;\n@P0 CCTL.E.IV [RZ] ;\n\
                @!P0 CCTLL.RS [RZ+0x40] ;\nSTG [R20], R3 ;";
    let r = run(body, |_| {});
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert!((0..32).all(|l| r.out(l) == 5));
}

#[test]
fn cctl_qry1_decodes_but_is_an_illegal_instruction_when_run() {
    // SPA 5.0's CCTL page: `.QRY1` "will signal an illegal instruction encoding".
    let r = run(
        "CCTL.E.C.QRY1[R20+0x14] ;\nMOV32I R3, 0x5 ;\nSTG [R20], R3 ;",
        |_| {},
    );
    assert!(!r.faults.is_empty(), "QRY1 ran without a fault");
    assert!(
        r.faults
            .iter()
            .all(|f| f.kind == gpumem_warp::FaultKind::InvalidInstruction
                && f.message.contains("QRY1")),
        "{:?}",
        r.faults
    );
}
