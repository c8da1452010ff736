//! The encodings of the value families that decode but mean nothing, and the ones whose
//! meaning no public source gives (SEMANTICS.md, "Arithmetic families"): each faults
//! with its decided kind and changes nothing. A select the source does not have, or a
//! field value nvdisasm itself names `INVALID..`, is `invalid_instruction`; a shift's
//! `.X`/`.XHI` (it reads the CC register in a way nothing documents) is `unsupported`.

use crate::common;
use common::*;
use gpumem_warp::FaultKind;

fn check(inst: &str, want: FaultKind) {
    let body = format!("MOV32I R4, 0x77 ;\nMOV32I R2, 0x1234 ;\n{inst}\nSTG [R20], R4 ;");
    let r = run(&body, |_| {});
    assert_eq!(r.kinds(), vec![want], "{inst}: {:?}", r.faults);
    assert_eq!(r.faults[0].pc, 0x38, "{inst}: at the instruction");
    assert_eq!(r.out(0), 0, "{inst}: the warp ended there");
}

#[test]
fn selects_the_source_does_not_have_are_invalid() {
    for inst in [
        "I2F.F32.U32 R4, R2.B1 ;",
        "I2F.F32.S32 R4, R2.B3 ;",
        "I2F.F32.U16 R4, R2.INVALIDSIZE1 ;",
        "I2F.F32.S16 R4, R2.INVALIDSIZE3 ;",
        "I2I.S32.S32 R4, R2.B2 ;",
        "I2I.U16.U16 R4, R2.INVALIDSIZE1 ;",
        "F2I.S32.F32.TRUNC R4, R2.H1 ;",
        "F2I.S32.F64.TRUNC R4, R2.H1 ;",
    ] {
        check(inst, FaultKind::InvalidInstruction);
    }
}

#[test]
fn fields_nvdisasm_names_invalid_are_invalid() {
    check(
        "PRMT.INVALIDPMODE7 R4, R2, R3, R6 ;",
        FaultKind::InvalidInstruction,
    );
    check(
        "SHR.INVALIDSHRXMODE1 R4, R2, R3 ;",
        FaultKind::InvalidInstruction,
    );
}

#[test]
fn shifts_reading_the_cc_register_are_unsupported() {
    for inst in [
        "SHL.X R4, R2, R3 ;",
        "SHR.X R4, R2, R3 ;",
        "SHR.U32.XHI R4, R2, R3 ;",
        "SHF.L.X R4, R2, 0x5, R3 ;",
        "SHF.R.XHI R4, R2, 0x5, R3 ;",
    ] {
        check(inst, FaultKind::Unsupported);
    }
}

#[test]
fn the_valid_selects_still_convert() {
    let r = run(
        "MOV32I R2, 0xab00 ;\nI2F.F32.U8 R4, R2.B1 ;\nSTG [R20], R4 ;",
        |_| {},
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(f32::from_bits(r.out(0)), 171.0);
}
