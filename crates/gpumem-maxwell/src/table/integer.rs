//! Integer arithmetic and compares: IADD, IADD3, ISCADD, LEA, XMAD, IMUL, IMAD,
//! IMADSP, ISETP, ISET, ICMP, IMNMX.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    BOP45, CB, CC0, Enc, I20, I20_BITS, OPC, OPC12, PD48, PP39, R_IGN, RA, RB, RC, RD, Rci, SAT50,
    U32_48, X43, alu, b1, bits, cb, f, neg, pred, rb39, rx, rx_slot, var,
};
use super::{AltSpelling, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, ValSem};
use gpumem_isa::bits::Field;

/// A signed 32-bit immediate at bits 20-51 (the `32I` forms).
pub(crate) const IMM32S: OpKind = OpKind::Imm32 {
    f: Field::new(20, 32),
    signed: true,
};

/// `row` with a `.PO` bit pair.
pub(crate) const fn with_po(r: OpSpec, a: u8, b: u8) -> OpSpec {
    OpSpec {
        po: Some((a, b)),
        ..r
    }
}

const ICMP49: ModGroup = grp!(Cmp, 49, 3, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".T"
});

const XMAD_SIGN: ModGroup =
    grp!(Sign, 48, 2, { 0 => "", 1 => ".S16.U16", 2 => ".U16.S16", 3 => ".S16.S16" });

const XMAD_CMODE50: ModGroup =
    grp!(Cmode, 50, 3, { 0 => "", 1 => ".CLO", 2 => ".CHI", 3 => ".CSFU", 4 => ".CBCC" });

const XMAD_CMODE50_2: ModGroup =
    grp!(Cmode, 50, 2, { 0 => "", 1 => ".CLO", 2 => ".CHI", 3 => ".CSFU" });

const IMNMX_EXT: ModGroup = grp!(Ext, 43, 2, { 0 => "", 1 => ".XLO", 2 => ".XMED", 3 => ".XHI" });

// Operand lists ---------------------------------------------------------------------------------

const IADD_R: &[OpKind] = &[RD, rx(8, neg(49), None, None), rx(20, neg(48), None, None)];

const IADD_C: &[OpKind] = &[
    RD,
    rx(8, neg(49), None, None),
    cb(neg(48), None, None, false),
];

const IADD_I: &[OpKind] = &[RD, rx(8, neg(49), None, None), I20];

const ISCADD_SH: OpKind = OpKind::UImm {
    f: f(39, 5),
    hide: None,
    signed_if: None,
};

const LEA_SH: OpKind = OpKind::UImm {
    f: f(39, 5),
    hide: Some(0),
    signed_if: None,
};

const ISETP_HEAD: [OpKind; 2] = [pred(3, None, true, false), pred(0, None, true, false)];

/// IADD32I's `.SAT`, `.X` and `.CC` (also on the `.PO` row in breadth set A).
pub(crate) const IADD32I_MODS: &[ModGroup] = &[
    flag!(Sat, 54, ".SAT"),
    flag!(X, 53, ".X"),
    sfx!(Cc, 52, ".CC", 0),
];

// What the register, constant and immediate rows of each op below share.
const IADD: Rci = Rci::new(
    Op::Iadd,
    "IADD",
    &[SAT50, X43, CC0],
    bits(39, 42) | bits(44, 46),
)
.imm_mods(&[SAT50, X43, CC0, sfx!(Neg, 48, ".NEG", 2)])
.po(48, 49);

/// ISCADD's A, negated by bit 49.
const ISCADD_RA: OpKind = rx(8, neg(49), None, None);

const ISCADD: Rci = Rci::new(Op::Iscadd, "ISCADD", &[CC0], bits(44, 46) | bits(50, 50))
    .imm_mods(&[CC0, sfx!(Neg, 48, ".NEG", 2)])
    .po(48, 49);

const LEA: Rci = Rci::new(
    Op::Lea,
    "LEA",
    &[flag!(X, 46, ".X"), sfx!(Cc, 47, ".CC", 1)],
    bits(44, 44),
);

const ISETP: Rci = Rci::new(
    Op::Isetp,
    "ISETP",
    &[ICMP49, U32_48, X43, BOP45],
    bits(6, 7) | bits(44, 44) | bits(47, 47),
)
.mask(0xfff0 << 48);

const IMNMX: Rci = Rci::new(
    Op::Imnmx,
    "IMNMX",
    &[U32_48, IMNMX_EXT, CC0],
    bits(45, 46) | bits(49, 50),
);

/// Where IMAD prints `.PO`: after the types and `.HI`, before `.SAT` and `.X`.
const PO_AT: ModGroup = grp!(Po, 0, 0, { 0 => "" });

/// IMUL/IMAD signedness of A (`lo`) and B (`hi`), printed as one pair; signed x signed
/// prints nothing.
const fn imul_types(lo: u8, hi: u8) -> ModGroup {
    ModGroup {
        id: ModId::Types,
        field: f(lo, 1),
        hi: b1(hi),
        vals: vals!(0 => ".U32.U32", 1 => ".S32.U32", 2 => ".U32.S32", 3 => ""),
        at: None,
        alt: None,
    }
}

// Integer --------------------------------------------------------------------------------------

const IMUL_MODS: &[ModGroup] = &[imul_types(40, 41), flag!(Hi, 39, ".HI"), CC0];

const IMUL_IGN: u64 = bits(42, 46) | bits(48, 50);

const IMAD_MODS: &[ModGroup] = &[
    imul_types(48, 53),
    flag!(Hi, 54, ".HI"),
    PO_AT,
    flag!(Sat, 50, ".SAT"),
    flag!(X, 49, ".X"),
    CC0,
];

const IMAD_RA: OpKind = rx(8, b1(52), None, None);

const IMAD_RC: OpKind = rx(39, b1(51), None, None);

/// IMADSP's A type (bits 48-50) and B type (bits 53-54) as one value `a | b << 3`.
const IMADSP_AB: ModGroup = ModGroup {
    id: ModId::AbType,
    field: f(48, 3),
    hi: Some(f(53, 2)),
    vals: vals!(
        0 => ".U32.U24", 1 => ".S32.U24", 2 => ".U24.U24", 3 => ".S24.U24",
        4 => ".U16H0.U24", 5 => ".S16H0.U24", 6 => ".U16H1.U24", 7 => ".S16H1.U24",
        8 => ".U32.S24", 9 => ".S32.S24", 10 => ".U24.S24", 11 => ".S24.S24",
        12 => ".U16H0.S24", 13 => ".S16H0.S24", 14 => ".U16H1.S24", 15 => ".S16H1.S24",
        16 => ".U32.U16H0", 17 => ".S32.U16H0", 18 => ".U24.U16H0", 19 => ".S24.U16H0",
        20 => ".U16H0.U16H0", 21 => ".S16H0.U16H0", 22 => ".U16H1.U16H0", 23 => ".S16H1.U16H0",
        24 => ".U32.S16H0", 25 => ".S32.S16H0", 26 => ".U24.S16H0", 27 => ".S24.S16H0",
        28 => ".U16H0.S16H0", 29 => ".S16H0.S16H0", 30 => ".U16H1.S16H0", 31 => ".S16H1.S16H0",
    ),
    at: None,
    alt: None,
};

/// IMADSP's C type (bits 51-52; 3 is rejected): signed spellings when A or B is signed,
/// else unsigned (the parser accepts both).
const IMADSP_C: ModGroup = ModGroup {
    id: ModId::CType,
    field: f(51, 2),
    hi: None,
    vals: &[
        ModVal {
            value: 0,
            text: ".S32",
            aliases: &[".U32"],
            sem: ValSem::None,
        },
        ModVal {
            value: 1,
            text: ".S24",
            aliases: &[".U24"],
            sem: ValSem::None,
        },
        ModVal {
            value: 2,
            text: ".S16H0",
            aliases: &[".U16H0"],
            sem: ValSem::None,
        },
    ],
    at: None,
    alt: Some(AltSpelling {
        group: 0,
        mask: 0b01001,
        eq: 0,
        vals: vals!(0 => ".U32", 1 => ".U24", 2 => ".U16H0"),
    }),
};

const IMADSP_MODS: &[ModGroup] = &[IMADSP_AB, IMADSP_C, CC0];

// IDP (sm_61, sm_62: nvdisasm -b SM61/SM62 decode it, -b SM60 and the Maxwell SMs
// reject it). 0x53f8: `IDP Rd, Ra, Rb, Rc`; 0x53d8: B from a constant bank. The shape is
// bit 48 (`.2A`) with bit 50 (`.HI`, rejected with `.4A`), A's signedness bit 49, B's
// bit 47; bits 28-38 are ignored in the register form. Fixed latency: reuse slots 0-2
// printed, slot 3 and barriers rejected (probed with every single-bit change of
// 0x53f8000000070000 and of each control-slot field).

const IDP_MODE: ModGroup = ModGroup {
    id: ModId::DpMode,
    field: f(48, 1),
    hi: Some(f(50, 1)),
    vals: vals!(0 => ".4A", 1 => ".2A.LO", 3 => ".2A.HI"),
    at: None,
    alt: None,
};

/// A's signedness: bytes for `.4A`, halves for `.2A` (group 0's bit 0).
const IDP_SIGN_A: ModGroup = ModGroup {
    id: ModId::SignA,
    field: f(49, 1),
    hi: None,
    vals: vals!(0 => ".U8", 1 => ".S8"),
    at: None,
    alt: Some(AltSpelling {
        group: 0,
        mask: 1,
        eq: 1,
        vals: vals!(0 => ".U16", 1 => ".S16"),
    }),
};

const IDP_MODS: &[ModGroup] = &[
    IDP_MODE,
    IDP_SIGN_A,
    grp!(SignB, 47, 1, { 0 => ".U8", 1 => ".S8" }),
];

/// An IDP row (sm_61 on).
const fn idp(r: OpSpec) -> OpSpec {
    OpSpec {
        since: super::Target::Sm61,
        ..r
    }
}

const ISET_MODS: &[ModGroup] = &[
    flag!(Bf, 44, ".BF"),
    ICMP49,
    U32_48,
    flag!(X, 43, ".X"),
    BOP45,
    CC0,
];

const ICMP_MODS: &[ModGroup] = &[ICMP49, U32_48];

const LEA_HI: ModGroup = grp!(Hi, 0, 0, { 0 => ".HI" });

const IMUL: Rci = Rci::new(Op::Imul, "IMUL", IMUL_MODS, IMUL_IGN).var();

const IMADSP: Rci = Rci::new(Op::Imadsp, "IMADSP", IMADSP_MODS, 0)
    .var()
    .mask(0xff80 << 48);

const ICMP: Rci = Rci::new(Op::Icmp, "ICMP", ICMP_MODS, bits(47, 47)).mask(OPC12);

const ISET: Rci = Rci::new(Op::Iset, "ISET", ISET_MODS, 0).mask(OPC12);

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    // IADD: Rd = Ra + B (`.PO`, both negations set, prints as such: `Inst::po`).
    IADD.r("IADD_R", 0x5c10, IADD_R),
    IADD.c("IADD_C", 0x4c10, IADD_C),
    IADD.i("IADD_I", 0x3810, IADD_I),
    with_po(
        alu(Enc { op: Op::Iadd, name: "IADD32I", form: "IADD32I", opcode: 0x1c00 << 48, mask: 0xfe80 << 48, mods: IADD32I_MODS, operands: &[RD, rx(8, neg(56), None, None), IMM32S], ignored: 0 }),
        55,
        56,
    ),
    alu(Enc { op: Op::Iadd3, name: "IADD3", form: "IADD3_R", opcode: 0x5cc0 << 48, mask: 0xfff0 << 48, mods: &[grp!(Shift, 37, 2, { 0 => "", 1 => ".RS", 2 => ".LS" }), flag!(X, 48, ".X"), CC0, ModGroup { id: ModId::HalfA, field: f(35, 2), hi: None, vals: vals!(0 => "", 1 => ".H0", 2 => ".H1"), at: Some(1), alt: None }, ModGroup { id: ModId::HalfB, field: f(33, 2), hi: None, vals: vals!(0 => "", 1 => ".H0", 2 => ".H1"), at: Some(2), alt: None }, ModGroup { id: ModId::HalfC, field: f(31, 2), hi: None, vals: vals!(0 => "", 1 => ".H0", 2 => ".H1"), at: Some(3), alt: None }], operands: &[RD, rx(8, neg(51), None, None), rx(20, neg(50), None, None), rx(39, neg(49), None, None)], ignored: bits(28, 30) }),
    alu(Enc { op: Op::Iadd3, name: "IADD3", form: "IADD3_C", opcode: 0x4cc0 << 48, mask: 0xfff0 << 48, mods: &[flag!(X, 48, ".X"), CC0], operands: &[RD, rx(8, neg(51), None, None), cb(neg(50), None, None, false), rx(39, neg(49), None, None)], ignored: 0 }),
    alu(Enc { op: Op::Iadd3, name: "IADD3", form: "IADD3_I", opcode: 0x38c0 << 48, mask: 0xfef0 << 48, mods: &[flag!(X, 48, ".X"), CC0, sfx!(Neg, 50, ".NEG", 2)], operands: &[RD, rx(8, neg(51), None, None), I20_BITS, rx(39, neg(49), None, None)], ignored: 0 }),
    // ISCADD: Rd = (Ra << shift) + B.
    ISCADD.r("ISCADD_R", 0x5c18, &[RD, ISCADD_RA, rx(20, neg(48), None, None), ISCADD_SH]),
    ISCADD.c("ISCADD_C", 0x4c18, &[RD, ISCADD_RA, cb(neg(48), None, None, false), ISCADD_SH]),
    ISCADD.i("ISCADD_I", 0x3818, &[RD, ISCADD_RA, I20, ISCADD_SH]),
    // LEA (low form): Rd = (Ra << shift) + B, carry out to Pd.
    LEA.r("LEA_R", 0x5bd0, &[PD48, RD, rx(8, neg(45), None, None), RB, LEA_SH]),
    LEA.c("LEA_C", 0x4bd0, &[PD48, RD, rx(8, neg(45), None, None), CB, LEA_SH]),
    LEA.i("LEA_I", 0x36d0, &[PD48, RD, rx(8, neg(45), None, None), I20, LEA_SH]),
    // XMAD: 16x16-bit multiply-add.
    alu(Enc { op: Op::Xmad, name: "XMAD", form: "XMAD_R", opcode: 0x5b00 << 48, mask: 0xffc0 << 48, mods: &[XMAD_SIGN, flag!(Psl, 36, ".PSL"), XMAD_CMODE50, flag!(Mrg, 37, ".MRG"), flag!(X, 38, ".X"), CC0, sfx!(H1a, 53, ".H1", 1), sfx!(H1b, 35, ".H1", 2)], operands: &[RD, RA, RB, RC], ignored: bits(28, 34) }),
    alu(Enc { op: Op::Xmad, name: "XMAD", form: "XMAD_I", opcode: 0x3600 << 48, mask: 0xfec0 << 48, mods: &[XMAD_SIGN, flag!(Psl, 36, ".PSL"), XMAD_CMODE50, flag!(Mrg, 37, ".MRG"), flag!(X, 38, ".X"), CC0, sfx!(H1a, 53, ".H1", 1)], operands: &[RD, RA, OpKind::UImm { f: f(20, 16), hide: None, signed_if: Some((0, 2)) }, RC], ignored: bits(56, 56) }),
    alu(Enc { op: Op::Xmad, name: "XMAD", form: "XMAD_CB", opcode: 0x4e00 << 48, mask: 0xfe00 << 48, mods: &[XMAD_SIGN, flag!(Psl, 55, ".PSL"), XMAD_CMODE50_2, flag!(Mrg, 56, ".MRG"), flag!(X, 54, ".X"), CC0, sfx!(H1a, 53, ".H1", 1), sfx!(H1b, 52, ".H1", 2)], operands: &[RD, RA, cb(None, None, None, true), RC], ignored: 0 }),
    alu(Enc { op: Op::Xmad, name: "XMAD", form: "XMAD_CC", opcode: 0x5100 << 48, mask: 0xff80 << 48, mods: &[XMAD_SIGN, XMAD_CMODE50_2, flag!(X, 54, ".X"), CC0, sfx!(H1a, 53, ".H1", 1), sfx!(H1b, 52, ".H1", 2)], operands: &[RD, RA, rb39(None), CB], ignored: 0 }),
    // ISETP: Pd = (Ra cmp B) bop Pp; Pq = !(Ra cmp B) bop Pp.
    ISETP.r("ISETP_R", 0x5b60, &[ISETP_HEAD[0], ISETP_HEAD[1], RA, RB, PP39]),
    ISETP.c("ISETP_C", 0x4b60, &[ISETP_HEAD[0], ISETP_HEAD[1], RA, CB, PP39]),
    ISETP.i("ISETP_I", 0x3660, &[ISETP_HEAD[0], ISETP_HEAD[1], RA, I20, PP39]),
    // IMNMX: Rd = Pp ? min(Ra, B) : max(Ra, B).
    IMNMX.r("IMNMX_R", 0x5c20, &[RD, RA, RB, PP39]),
    IMNMX.c("IMNMX_C", 0x4c20, &[RD, RA, CB, PP39]),
    IMNMX.i("IMNMX_I", 0x3820, &[RD, RA, I20, PP39]),
    // --- breadth A ---
    // IADD32I with both "plus one" bits (55, 56): `IADD32I.PO`. The IADD32I row's opcode
    // fixes bit 55 clear (bit 55 alone is rejected), so `.PO` is a row of its own.
    with_po(
        alu(Enc { op: Op::Iadd, name: "IADD32I", form: "IADD32I_PO", opcode: 0x1d80 << 48, mask: 0xff80 << 48, mods: IADD32I_MODS, operands: &[RD, RA, IMM32S], ignored: 0 }),
        55,
        56,
    ),
    // IMUL / IMAD / IMADSP (variable latency).
    IMUL.r("IMUL_R", 0x5c38, &[RD, RA, RB]),
    IMUL.c("IMUL_C", 0x4c38, &[RD, RA, CB]),
    IMUL.i("IMUL_I", 0x3838, &[RD, RA, I20]),
    var(Enc { op: Op::Imul, name: "IMUL32I", form: "IMUL32I", opcode: 0x1f00 << 48, mask: 0xff00 << 48, mods: &[imul_types(54, 55), flag!(Hi, 53, ".HI"), sfx!(Cc, 52, ".CC", 0)], operands: &[RD, RA, IMM32S], ignored: 0 }),
    with_po(
        var(Enc { op: Op::Imad, name: "IMAD", form: "IMAD_R", opcode: 0x5a00 << 48, mask: 0xff80 << 48, mods: IMAD_MODS, operands: &[RD, IMAD_RA, RB, IMAD_RC], ignored: R_IGN }),
        51,
        52,
    ),
    with_po(
        var(Enc { op: Op::Imad, name: "IMAD", form: "IMAD_CB", opcode: 0x4a00 << 48, mask: 0xff80 << 48, mods: IMAD_MODS, operands: &[RD, IMAD_RA, CB, IMAD_RC], ignored: 0 }),
        51,
        52,
    ),
    with_po(
        var(Enc { op: Op::Imad, name: "IMAD", form: "IMAD_CC", opcode: 0x5200 << 48, mask: 0xff80 << 48, mods: IMAD_MODS, operands: &[RD, IMAD_RA, rx_slot(39, 1, None, None), cb(b1(51), None, None, false)], ignored: 0 }),
        51,
        52,
    ),
    with_po(
        var(Enc { op: Op::Imad, name: "IMAD", form: "IMAD_I", opcode: 0x3400 << 48, mask: 0xfe80 << 48, mods: IMAD_MODS, operands: &[RD, IMAD_RA, I20, IMAD_RC], ignored: 0 }),
        51,
        52,
    ),
    with_po(
        var(Enc { op: Op::Imad, name: "IMAD32I", form: "IMAD32I", opcode: 0x1000 << 48, mask: 0xfc00 << 48, mods: &[imul_types(54, 57), flag!(Hi, 53, ".HI"), PO_AT, sfx!(Cc, 52, ".CC", 0)], operands: &[RD, rx(8, b1(56), None, None), IMM32S, rx_slot(0, 2, b1(55), None)], ignored: 0 }),
        55,
        56,
    ),
    IMADSP.r("IMADSP_R", 0x5a80, &[RD, RA, RB, RC]),
    IMADSP.c("IMADSP_CB", 0x4a80, &[RD, RA, CB, RC]),
    IMADSP.c("IMADSP_CC", 0x5280, &[RD, RA, rx_slot(39, 1, None, None), CB]),
    IMADSP.i("IMADSP_I", 0x3480, &[RD, RA, I20, RC]),
    // ISCADD32I: Rd = (Ra << shift) + imm32.
    alu(Enc { op: Op::Iscadd, name: "ISCADD32I", form: "ISCADD32I", opcode: 0x1400 << 48, mask: 0xfc00 << 48, mods: &[sfx!(Cc, 52, ".CC", 0)], operands: &[RD, RA, IMM32S, OpKind::UImm { f: f(53, 5), hide: None, signed_if: None }], ignored: 0 }),
    // ICMP: Rd = (C cmp 0) ? Ra : B.
    ICMP.r("ICMP_R", 0x5b40, &[RD, RA, RB, RC]),
    ICMP.c("ICMP_CB", 0x4b40, &[RD, RA, CB, RC]),
    ICMP.c("ICMP_CC", 0x5340, &[RD, RA, rx_slot(39, 1, None, None), CB]),
    ICMP.i("ICMP_I", 0x3640, &[RD, RA, I20, RC]),
    // ISET: integer compare to a register.
    ISET.r("ISET_R", 0x5b50, &[RD, RA, RB, PP39]),
    ISET.c("ISET_C", 0x4b50, &[RD, RA, CB, PP39]),
    ISET.i("ISET_I", 0x3650, &[RD, RA, I20, PP39]),
    // LEA.HI: Rd = high word of ((Rc:Ra) << shift) + B, carry out to Pd.
    alu(Enc { op: Op::LeaHi, name: "LEA", form: "LEA_HI_R", opcode: 0x5bd8 << 48, mask: OPC, mods: &[LEA_HI, flag!(X, 38, ".X"), sfx!(Cc, 47, ".CC", 1)], operands: &[PD48, RD, rx(8, b1(37), None, None), RB, RC, OpKind::UImm { f: f(28, 5), hide: Some(0), signed_if: None }], ignored: bits(33, 36) }),
    alu(Enc { op: Op::LeaHi, name: "LEA", form: "LEA_HI_C", opcode: 0x1800 << 48, mask: 0xfc00 << 48, mods: &[LEA_HI, flag!(X, 57, ".X"), sfx!(Cc, 47, ".CC", 1)], operands: &[PD48, RD, rx(8, b1(56), None, None), CB, RC, OpKind::UImm { f: f(51, 5), hide: Some(0), signed_if: None }], ignored: 0 }),
    // --- Pascal ---
    idp(alu(Enc { op: Op::Idp, name: "IDP", form: "IDP_R", opcode: 0x53f8 << 48, mask: OPC, mods: IDP_MODS, operands: &[RD, RA, RB, RC], ignored: bits(28, 38) })),
    idp(alu(Enc { op: Op::Idp, name: "IDP", form: "IDP_C", opcode: 0x53d8 << 48, mask: OPC, mods: IDP_MODS, operands: &[RD, RA, CB, RC], ignored: 0 })),
];
