//! Logic, predicate and move ops: LOP, LOP3, PSETP, PSET, SEL, MOV, P2R, R2P and the
//! condition-code tests CSET, CSETP.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    BOP45, CB, CC0, Enc, I20, I20_BITS, OP, OPC, PC, PD48, PP39, RA, RB, RC, RD, Rci, X43, alu, b1,
    bit, bits, cb, f, pred, reg, reg_reuse, reg_slot, rx,
};
use super::{ModGroup, Op, OpKind, OpSpec};

/// `.CC` on Rd when a predicate destination comes first (LOP, LOP3).
const CC1: ModGroup = sfx!(Cc, 47, ".CC", 1);

const BOP24: ModGroup =
    grp!(Bop1, 24, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".INVALIDBOP3" });

const LOGIC41: ModGroup =
    grp!(Lop, 41, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".PASS_B" });

const PTEST44: ModGroup = grp!(Ptest, 44, 2, { 0 => "", 1 => ".T", 2 => ".Z", 3 => ".NZ" });

const SEL: Rci = Rci::new(Op::Sel, "SEL", &[], bits(43, 50));

const MOV: Rci = Rci::new(Op::Mov, "MOV", &[], bits(8, 15) | bits(43, 50));

const LOP: Rci = Rci::new(Op::Lop, "LOP", &[LOGIC41, X43, PTEST44, CC1], bits(46, 46)).imm_mods(&[
    LOGIC41,
    X43,
    PTEST44,
    CC1,
    sfx!(Inv, 40, ".INV", 3),
]);

// ---------------------------------------------------------------------------------------------
// P2R / R2P: `PR` or `CC` (bit 40), byte select 41-42 (P2R: on the mnemonic; R2P: on Ra),
// a mask as a register, a constant or a 20-bit signed immediate.

const PRCC: OpKind = OpKind::PrCc { f: f(40, 1) };

const CB34: OpKind = OpKind::ConstOperand {
    bank: f(34, 5),
    off: f(20, 14),
    neg: None,
    abs: None,
    not: None,
    spaced: false,
};

const P2R_SEL: ModGroup = grp!(Sel, 41, 2, { 0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3" });

const R2P_SEL: ModGroup = ModGroup {
    at: Some(1),
    ..P2R_SEL
};

// What the register, constant and immediate rows of each op below share.
const P2R: Rci = Rci::new(Op::P2r, "P2R", &[P2R_SEL], bit(39) | bits(43, 50));

const R2P: Rci = Rci::new(
    Op::R2p,
    "R2P",
    &[R2P_SEL],
    bits(0, 7) | bit(39) | bits(43, 50),
);

// ---------------------------------------------------------------------------------------------
// CSET / CSETP: the condition-code test (bits 8-12, the 32 tests BRA's `CC.xx` operand
// names, spelled in the mnemonic), the boolean with Pc (45-46; 3 is nvdisasm's
// `INVALIDBOP3`), Pc at 39-41 with `!` at 42. The `CC` operand has no bits.

/// The condition-code test, bits 8-12.
const CC_TEST: ModGroup = grp!(Cmp, 8, 5, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE",
    7 => ".NUM", 8 => ".NAN", 9 => ".LTU", 10 => ".EQU", 11 => ".LEU", 12 => ".GTU",
    13 => ".NEU", 14 => ".GEU", 15 => ".T", 16 => ".OFF", 17 => ".LO", 18 => ".SFF",
    19 => ".LS", 20 => ".HI", 21 => ".SFT", 22 => ".HS", 23 => ".OFT", 24 => ".CSM_TA",
    25 => ".CSM_TR", 26 => ".CSM_MX", 27 => ".FCSM_TA", 28 => ".FCSM_TR", 29 => ".FCSM_MX",
    30 => ".RLE", 31 => ".RGT",
});

const CC_BOP: ModGroup = grp!(Bop, 45, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR" });

/// The condition-code register as an operand: no bits, always printed `CC`.
const CC_OPERAND: OpKind = OpKind::Name {
    f: f(0, 0),
    names: &["CC"],
    rz: None,
};

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    // SEL: Rd = Pp ? Ra : B.
    SEL.r("SEL_R", 0x5ca0, &[RD, RA, RB, PP39]),
    SEL.c("SEL_C", 0x4ca0, &[RD, RA, CB, PP39]),
    SEL.i("SEL_I", 0x38a0, &[RD, RA, I20, PP39]),
    // PSETP / PSET: predicate logic.
    alu(Enc { op: Op::Psetp, name: "PSETP", form: "PSETP", opcode: 0x5090 << 48, mask: OPC, mods: &[BOP24, BOP45], operands: &[pred(3, None, true, false), pred(0, None, true, false), pred(12, b1(15), false, false), pred(29, b1(32), false, false), PP39], ignored: bits(6, 11) | bits(20, 23) | bits(26, 28) | bits(33, 38) | bits(43, 44) | bits(47, 50) }),
    alu(Enc { op: Op::Pset, name: "PSET", form: "PSET", opcode: 0x5088 << 48, mask: OPC, mods: &[flag!(Bf, 44, ".BF"), BOP24, BOP45, CC0], operands: &[RD, pred(12, b1(15), false, false), pred(29, b1(32), false, false), PP39], ignored: bits(8, 11) | bits(20, 23) | bits(26, 28) | bits(33, 38) | bits(43, 43) | bits(48, 50) }),
    // LOP: two-input logic.
    LOP.r("LOP_R", 0x5c40, &[PD48, RD, rx(8, None, None, b1(39)), rx(20, None, None, b1(40))]),
    LOP.c("LOP_C", 0x4c40, &[PD48, RD, rx(8, None, None, b1(39)), cb(None, None, b1(40), false)]),
    LOP.i("LOP_I", 0x3840, &[PD48, RD, rx(8, None, None, b1(39)), I20]),
    alu(Enc { op: Op::Lop, name: "LOP32I", form: "LOP32I", opcode: 0x0400 << 48, mask: 0xfc00 << 48, mods: &[grp!(Lop, 53, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".PASS_B" }), flag!(X, 57, ".X"), sfx!(Cc, 52, ".CC", 0), sfx!(Inv, 56, ".INV", 2)], operands: &[RD, rx(8, None, None, b1(55)), OpKind::Imm32 { f: f(20, 32), signed: false }], ignored: 0 }),
    // LOP3.LUT: three-input logic by lookup table.
    alu(Enc { op: Op::Lop3, name: "LOP3", form: "LOP3_R", opcode: 0x5be0 << 48, mask: OPC, mods: &[grp!(Lut, 0, 0, { 0 => ".LUT" }), flag!(X, 38, ".X"), grp!(Ptest, 36, 2, { 0 => "", 1 => ".T", 2 => ".Z", 3 => ".NZ" }), CC1], operands: &[PD48, RD, RA, RB, RC, OpKind::UImm { f: f(28, 8), hide: None, signed_if: None }], ignored: 0 }),
    alu(Enc { op: Op::Lop3, name: "LOP3", form: "LOP3_C", opcode: 0x0200 << 48, mask: 0xfe00 << 48, mods: &[grp!(Lut, 0, 0, { 0 => ".LUT" }), flag!(X, 56, ".X"), CC0], operands: &[RD, RA, CB, RC, OpKind::UImm { f: f(48, 8), hide: None, signed_if: None }], ignored: 0 }),
    alu(Enc { op: Op::Lop3, name: "LOP3", form: "LOP3_I", opcode: 0x3c00 << 48, mask: 0xfc00 << 48, mods: &[grp!(Lut, 0, 0, { 0 => ".LUT" }), flag!(X, 57, ".X"), CC0], operands: &[RD, RA, I20, RC, OpKind::UImm { f: f(48, 8), hide: None, signed_if: None }], ignored: 0 }),
    // Moves.
    MOV.r("MOV_R", 0x5c98, &[RD, RB, OpKind::UImm { f: f(39, 4), hide: Some(0xf), signed_if: None }]),
    MOV.c("MOV_C", 0x4c98, &[RD, CB, OpKind::UImm { f: f(39, 4), hide: Some(0xf), signed_if: None }]),
    MOV.i("MOV_I", 0x3898, &[RD, I20, OpKind::UImm { f: f(39, 4), hide: Some(0xf), signed_if: None }]),
    alu(Enc { op: Op::Mov, name: "MOV32I", form: "MOV32I", opcode: 0x0100 << 48, mask: 0xfff0 << 48, mods: &[], operands: &[RD, OpKind::Imm32 { f: f(20, 32), signed: false }, OpKind::UImm { f: f(12, 4), hide: Some(0xf), signed_if: None }], ignored: bits(8, 11) }),
    // --- breadth B ---
    // Predicate-register moves: P2R and R2P.
    P2R.r("P2R_R", 0x5ce8, &[reg(0, true), PRCC, reg_slot(8, 0, false), reg_slot(20, 1, false)]),
    P2R.c("P2R_C", 0x4ce8, &[reg(0, true), PRCC, reg_slot(8, 0, false), CB34]),
    P2R.i("P2R_I", 0x38e8, &[reg(0, true), PRCC, reg_slot(8, 0, false), I20]),
    R2P.r("R2P_R", 0x5cf0, &[PRCC, reg_slot(8, 0, false), reg_slot(20, 1, false)]),
    R2P.c("R2P_C", 0x4cf0, &[PRCC, reg_slot(8, 0, false), CB34]),
    R2P.i("R2P_I", 0x38f0, &[PRCC, reg_slot(8, 0, false), I20_BITS]),
    // --- breadth F ---
    // CSET (0x5098): `.BF` 44, Rd with `.CC` 47.
    alu(Enc { op: Op::Cset, name: "CSET", form: "CSET", opcode: 0x5098 << 48, mask: OP, mods: &[flag!(Bf, 44, ".BF"), CC_TEST, CC_BOP, sfx!(Cc, 47, ".CC", 0)], operands: &[reg_reuse(0, true, None), CC_OPERAND, PC], ignored: bits(13, 15) | bits(20, 38) | bit(43) | bits(48, 50) }),
    // CSETP (0x50a0): Pd 3-5, Pd2 0-2.
    alu(Enc { op: Op::Csetp, name: "CSETP", form: "CSETP", opcode: 0x50a0 << 48, mask: OP, mods: &[CC_TEST, CC_BOP], operands: &[pred(3, None, true, false), pred(0, None, true, false), CC_OPERAND, PC], ignored: bits(6, 7) | bits(13, 15) | bits(20, 38) | bits(43, 44) | bits(47, 50) }),
];
