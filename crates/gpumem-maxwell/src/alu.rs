//! The non-memory part of the Maxwell table: every instruction ptxas 11.8 emits for
//! sm_50/sm_52 on the project's PTX corpus (`tests/ptx`), with the register, constant-bank
//! and immediate encodings of each, plus the names of special registers and condition codes.
//!
//! Bit positions and spellings: `docs/research/maxwell-alu-facts.md`, every one checked
//! against nvdisasm 11.8 (`tests/data/maxwell-alu-examples.tsv` holds the sweeps).

use crate::rowkit::*;
use crate::table::{
    AltSpelling, Flow, Latency, ModGroup, ModId, Op, OpKind, OpSpec, RegCount, Target,
};
use gpumem_isa::bits::Field;

const fn rx(lo: u8, neg: Option<Field>, abs: Option<Field>, not: Option<Field>) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write: false,
        count: RegCount::One,
        reuse: reuse_slot(lo),
        neg,
        abs,
        not,
    }
}
/// The register at 39-46 of the "constant bank as C" forms: printed third, it is the B
/// operand and takes B's reuse flag (slot 1).
const fn rb39(neg: Option<Field>) -> OpKind {
    OpKind::Reg {
        f: f(39, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(1),
        neg,
        abs: None,
        not: None,
    }
}
const fn cb(neg: Option<Field>, abs: Option<Field>, not: Option<Field>, spaced: bool) -> OpKind {
    OpKind::ConstOperand {
        bank: f(34, 5),
        off: f(20, 14),
        neg,
        abs,
        not,
        spaced,
    }
}

/// A branch: nvdisasm ignores all four reuse bits of its control slot.
const fn any_reuse(r: OpSpec) -> OpSpec {
    OpSpec {
        reuse_ok: 0b1111,
        ..r
    }
}

/// `.CC` on Rd when a predicate destination comes first (LOP, LOP3).
const CC1: ModGroup = sfx!(Cc, 47, ".CC", 1);
const X43: ModGroup = flag!(X, 43, ".X");
const BOP24: ModGroup =
    grp!(Bop1, 24, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".INVALIDBOP3" });
const ICMP: ModGroup = grp!(Cmp, 49, 3, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".T"
});
const LOGIC41: ModGroup =
    grp!(Lop, 41, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".PASS_B" });
const PTEST44: ModGroup = grp!(Ptest, 44, 2, { 0 => "", 1 => ".T", 2 => ".Z", 3 => ".NZ" });
const FMZ44: ModGroup =
    grp!(Fmz, 44, 2, { 0 => "", 1 => ".FTZ", 2 => ".FMZ", 3 => ".INVALIDFMZ3" });
const SCALE41: ModGroup = grp!(Scale, 41, 3, {
    0 => "", 1 => ".D2", 2 => ".D4", 3 => ".D8", 4 => ".M8", 5 => ".M4", 6 => ".M2", 7 => ".INVALIDSCALE37"
});
const XMAD_SIGN: ModGroup =
    grp!(Sign, 48, 2, { 0 => "", 1 => ".S16.U16", 2 => ".U16.S16", 3 => ".S16.S16" });
const XMAD_CMODE50: ModGroup =
    grp!(Cmode, 50, 3, { 0 => "", 1 => ".CLO", 2 => ".CHI", 3 => ".CSFU", 4 => ".CBCC" });
const XMAD_CMODE50_2: ModGroup =
    grp!(Cmode, 50, 2, { 0 => "", 1 => ".CLO", 2 => ".CHI", 3 => ".CSFU" });
pub(crate) const PRMT_MODE: ModGroup = grp!(Mode, 48, 3, {
    0 => "", 1 => ".F4E", 2 => ".B4E", 3 => ".RC8", 4 => ".ECL", 5 => ".ECR", 6 => ".RC16", 7 => ".INVALIDPMODE7"
});
const SHR_XMODE: ModGroup =
    grp!(Xmode, 43, 2, { 0 => "", 1 => ".INVALIDSHRXMODE1", 2 => ".X", 3 => ".XHI" });
const SHF_W: ModGroup = flag!(W, 50, ".W");
/// SHF's `.X` (bit 49) and `.HI` (bit 48) print as one modifier: `.HI`, `.X`, `.XHI`.
const SHF_XHI: ModGroup = grp!(Xhi, 48, 2, { 0 => "", 1 => ".HI", 2 => ".X", 3 => ".XHI" });
const SHF_MAX: ModGroup =
    grp!(MaxShift, 37, 2, { 0 => "", 1 => ".INVALIDMAXSHIFT3", 2 => ".U64", 3 => ".S64" });
const IMNMX_EXT: ModGroup = grp!(Ext, 43, 2, { 0 => "", 1 => ".XLO", 2 => ".XMED", 3 => ".XHI" });

const fn neg(bit: u8) -> Option<Field> {
    b1(bit)
}

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
const FADD_RA: OpKind = rx(8, neg(48), b1(46), None);
/// FADD's B register sits in the FMA pipe's third port: its reuse flag is slot 2.
const FADD_RB: OpKind = OpKind::Reg {
    f: f(20, 8),
    write: false,
    count: RegCount::One,
    reuse: Some(2),
    neg: neg(45),
    abs: b1(49),
    not: None,
};

/// FFMA's `.FTZ`/`.FMZ` and rounding (bits 53-54, 51-52).
const FFMA_FMZ: ModGroup =
    grp!(Fmz, 53, 2, { 0 => "", 1 => ".FTZ", 2 => ".FMZ", 3 => ".INVALIDFMZ3" });
const FFMA_RND: ModGroup = grp!(Rnd, 51, 2, { 0 => "", 1 => ".RM", 2 => ".RP", 3 => ".RZ" });
const FLO_SH: ModGroup = flag!(Sh, 41, ".SH");

/// IADD32I's `.SAT`, `.X` and `.CC` (also on the `.PO` row in `rows_a.rs`).
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
    &[ICMP, U32_48, X43, BOP45],
    bits(6, 7) | bits(44, 44) | bits(47, 47),
)
.mask(0xfff0 << 48);
const IMNMX: Rci = Rci::new(
    Op::Imnmx,
    "IMNMX",
    &[U32_48, IMNMX_EXT, CC0],
    bits(45, 46) | bits(49, 50),
);
const SEL: Rci = Rci::new(Op::Sel, "SEL", &[], bits(43, 50));
const SHL: Rci = Rci::new(
    Op::Shl,
    "SHL",
    &[flag!(W, 39, ".W"), X43, CC0],
    bits(40, 42) | bits(44, 46) | bits(48, 50),
);
const SHR: Rci = Rci::new(
    Op::Shr,
    "SHR",
    &[
        U32_48,
        flag!(W, 39, ".W"),
        SHR_XMODE,
        flag!(Brev, 40, ".BREV"),
        CC0,
    ],
    bits(41, 42) | bits(45, 46) | bits(49, 50),
);
const BFE: Rci = Rci::new(
    Op::Bfe,
    "BFE",
    &[U32_48, flag!(Brev, 40, ".BREV"), CC0],
    bits(39, 39) | bits(41, 46) | bits(49, 50),
);
const BFI: Rci = Rci::new(Op::Bfi, "BFI", &[CC0], bits(48, 50));
const PRMT: Rci = Rci::new(Op::Prmt, "PRMT", &[PRMT_MODE], bits(47, 47));
const MOV: Rci = Rci::new(Op::Mov, "MOV", &[], bits(8, 15) | bits(43, 50));
const F2I: Rci = Rci::new(Op::F2i, "F2I", &F2I_MODS, F2I_IGN).var();
const LOP: Rci = Rci::new(Op::Lop, "LOP", &[LOGIC41, X43, PTEST44, CC1], bits(46, 46)).imm_mods(&[
    LOGIC41,
    X43,
    PTEST44,
    CC1,
    sfx!(Inv, 40, ".INV", 3),
]);
const POPC: Rci = Rci::new(
    Op::Popc,
    "POPC",
    &[],
    bits(8, 15) | bits(39, 39) | bits(41, 50),
)
.var()
.imm_mods(&[sfx!(Inv, 40, ".INV", 1)]);
const FLO: Rci = Rci::new(
    Op::Flo,
    "FLO",
    &[U32_48, FLO_SH, CC0],
    bits(8, 15) | bits(39, 39) | bits(42, 46) | bits(49, 50),
)
.var()
.imm_mods(&[U32_48, FLO_SH, CC0, sfx!(Inv, 40, ".INV", 1)]);
const FADD: Rci =
    Rci::new(Op::Fadd, "FADD", &[FTZ44, RND39, SAT50, CC0], bits(41, 43)).imm_mods(&[
        FTZ44,
        RND39,
        SAT50,
        CC0,
        sfx!(Neg, 45, ".NEG", 2),
        sfx!(Abs, 49, ".ABS", 2),
    ]);
const FMUL: Rci = Rci::new(
    Op::Fmul,
    "FMUL",
    &[FMZ44, SCALE41, RND39, SAT50, CC0],
    bits(46, 46) | bits(49, 49),
)
.imm_mods(&[FMZ44, SCALE41, RND39, SAT50, CC0, sfx!(Neg, 48, ".NEG", 2)]);
const FFMA: Rci = Rci::new(Op::Ffma, "FFMA", &[FFMA_FMZ, FFMA_RND, SAT50, CC0], 0)
    .imm_mods(&[FFMA_FMZ, FFMA_RND, SAT50, CC0, sfx!(Neg, 48, ".NEG", 2)])
    .mask(0xff80 << 48);
const I2F: Rci = Rci::new(Op::I2f, "I2F", &I2F_MODS, I2F_IGN)
    .var()
    .imm_mods(&I2F_I_MODS);
/// The non-memory rows.
pub static ALU_OPS: &[OpSpec] = &[
    // IADD: Rd = Ra + B (`.PO`, both negations set, prints as such: `Inst::po`).
    IADD.r("IADD_R", 0x5c10, IADD_R),
    IADD.c("IADD_C", 0x4c10, IADD_C),
    IADD.i("IADD_I", 0x3810, IADD_I),
    with_po(
        alu(
            Op::Iadd,
            "IADD32I",
            "IADD32I",
            0x1c00 << 48,
            0xfe80 << 48,
            IADD32I_MODS,
            &[RD, rx(8, neg(56), None, None), IMM32S],
            0,
        ),
        55,
        56,
    ),
    alu(
        Op::Iadd3,
        "IADD3",
        "IADD3_R",
        0x5cc0 << 48,
        0xfff0 << 48,
        &[
            grp!(Shift, 37, 2, { 0 => "", 1 => ".RS", 2 => ".LS" }),
            flag!(X, 48, ".X"),
            CC0,
            ModGroup {
                id: ModId::HalfA,
                field: f(35, 2),
                hi: None,
                vals: vals!(0 => "", 1 => ".H0", 2 => ".H1"),
                at: Some(1),
                alt: None,
            },
            ModGroup {
                id: ModId::HalfB,
                field: f(33, 2),
                hi: None,
                vals: vals!(0 => "", 1 => ".H0", 2 => ".H1"),
                at: Some(2),
                alt: None,
            },
            ModGroup {
                id: ModId::HalfC,
                field: f(31, 2),
                hi: None,
                vals: vals!(0 => "", 1 => ".H0", 2 => ".H1"),
                at: Some(3),
                alt: None,
            },
        ],
        &[
            RD,
            rx(8, neg(51), None, None),
            rx(20, neg(50), None, None),
            rx(39, neg(49), None, None),
        ],
        bits(28, 30),
    ),
    alu(
        Op::Iadd3,
        "IADD3",
        "IADD3_C",
        0x4cc0 << 48,
        0xfff0 << 48,
        &[flag!(X, 48, ".X"), CC0],
        &[
            RD,
            rx(8, neg(51), None, None),
            cb(neg(50), None, None, false),
            rx(39, neg(49), None, None),
        ],
        0,
    ),
    alu(
        Op::Iadd3,
        "IADD3",
        "IADD3_I",
        0x38c0 << 48,
        0xfef0 << 48,
        &[flag!(X, 48, ".X"), CC0, sfx!(Neg, 50, ".NEG", 2)],
        &[
            RD,
            rx(8, neg(51), None, None),
            I20_BITS,
            rx(39, neg(49), None, None),
        ],
        0,
    ),
    // ISCADD: Rd = (Ra << shift) + B.
    ISCADD.r(
        "ISCADD_R",
        0x5c18,
        &[RD, ISCADD_RA, rx(20, neg(48), None, None), ISCADD_SH],
    ),
    ISCADD.c(
        "ISCADD_C",
        0x4c18,
        &[RD, ISCADD_RA, cb(neg(48), None, None, false), ISCADD_SH],
    ),
    ISCADD.i("ISCADD_I", 0x3818, &[RD, ISCADD_RA, I20, ISCADD_SH]),
    // LEA (low form): Rd = (Ra << shift) + B, carry out to Pd.
    LEA.r(
        "LEA_R",
        0x5bd0,
        &[PD48, RD, rx(8, neg(45), None, None), RB, LEA_SH],
    ),
    LEA.c(
        "LEA_C",
        0x4bd0,
        &[PD48, RD, rx(8, neg(45), None, None), CB, LEA_SH],
    ),
    LEA.i(
        "LEA_I",
        0x36d0,
        &[PD48, RD, rx(8, neg(45), None, None), I20, LEA_SH],
    ),
    // XMAD: 16x16-bit multiply-add.
    alu(
        Op::Xmad,
        "XMAD",
        "XMAD_R",
        0x5b00 << 48,
        0xffc0 << 48,
        &[
            XMAD_SIGN,
            flag!(Psl, 36, ".PSL"),
            XMAD_CMODE50,
            flag!(Mrg, 37, ".MRG"),
            flag!(X, 38, ".X"),
            CC0,
            sfx!(H1a, 53, ".H1", 1),
            sfx!(H1b, 35, ".H1", 2),
        ],
        &[RD, RA, RB, RC],
        bits(28, 34),
    ),
    alu(
        Op::Xmad,
        "XMAD",
        "XMAD_I",
        0x3600 << 48,
        0xfec0 << 48,
        &[
            XMAD_SIGN,
            flag!(Psl, 36, ".PSL"),
            XMAD_CMODE50,
            flag!(Mrg, 37, ".MRG"),
            flag!(X, 38, ".X"),
            CC0,
            sfx!(H1a, 53, ".H1", 1),
        ],
        &[
            RD,
            RA,
            OpKind::UImm {
                f: f(20, 16),
                hide: None,
                signed_if: Some((0, 2)),
            },
            RC,
        ],
        bits(56, 56),
    ),
    alu(
        Op::Xmad,
        "XMAD",
        "XMAD_CB",
        0x4e00 << 48,
        0xfe00 << 48,
        &[
            XMAD_SIGN,
            flag!(Psl, 55, ".PSL"),
            XMAD_CMODE50_2,
            flag!(Mrg, 56, ".MRG"),
            flag!(X, 54, ".X"),
            CC0,
            sfx!(H1a, 53, ".H1", 1),
            sfx!(H1b, 52, ".H1", 2),
        ],
        &[RD, RA, cb(None, None, None, true), RC],
        0,
    ),
    alu(
        Op::Xmad,
        "XMAD",
        "XMAD_CC",
        0x5100 << 48,
        0xff80 << 48,
        &[
            XMAD_SIGN,
            XMAD_CMODE50_2,
            flag!(X, 54, ".X"),
            CC0,
            sfx!(H1a, 53, ".H1", 1),
            sfx!(H1b, 52, ".H1", 2),
        ],
        &[RD, RA, rb39(None), CB],
        0,
    ),
    // ISETP: Pd = (Ra cmp B) bop Pp; Pq = !(Ra cmp B) bop Pp.
    ISETP.r(
        "ISETP_R",
        0x5b60,
        &[ISETP_HEAD[0], ISETP_HEAD[1], RA, RB, PP39],
    ),
    ISETP.c(
        "ISETP_C",
        0x4b60,
        &[ISETP_HEAD[0], ISETP_HEAD[1], RA, CB, PP39],
    ),
    ISETP.i(
        "ISETP_I",
        0x3660,
        &[ISETP_HEAD[0], ISETP_HEAD[1], RA, I20, PP39],
    ),
    // IMNMX: Rd = Pp ? min(Ra, B) : max(Ra, B).
    IMNMX.r("IMNMX_R", 0x5c20, &[RD, RA, RB, PP39]),
    IMNMX.c("IMNMX_C", 0x4c20, &[RD, RA, CB, PP39]),
    IMNMX.i("IMNMX_I", 0x3820, &[RD, RA, I20, PP39]),
    // SEL: Rd = Pp ? Ra : B.
    SEL.r("SEL_R", 0x5ca0, &[RD, RA, RB, PP39]),
    SEL.c("SEL_C", 0x4ca0, &[RD, RA, CB, PP39]),
    SEL.i("SEL_I", 0x38a0, &[RD, RA, I20, PP39]),
    // PSETP / PSET: predicate logic.
    alu(
        Op::Psetp,
        "PSETP",
        "PSETP",
        0x5090 << 48,
        OPC,
        &[BOP24, BOP45],
        &[
            pred(3, None, true, false),
            pred(0, None, true, false),
            pred(12, b1(15), false, false),
            pred(29, b1(32), false, false),
            PP39,
        ],
        bits(6, 11) | bits(20, 23) | bits(26, 28) | bits(33, 38) | bits(43, 44) | bits(47, 50),
    ),
    alu(
        Op::Pset,
        "PSET",
        "PSET",
        0x5088 << 48,
        OPC,
        &[flag!(Bf, 44, ".BF"), BOP24, BOP45, CC0],
        &[
            RD,
            pred(12, b1(15), false, false),
            pred(29, b1(32), false, false),
            PP39,
        ],
        bits(8, 11) | bits(20, 23) | bits(26, 28) | bits(33, 38) | bits(43, 43) | bits(48, 50),
    ),
    // LOP: two-input logic.
    LOP.r(
        "LOP_R",
        0x5c40,
        &[
            PD48,
            RD,
            rx(8, None, None, b1(39)),
            rx(20, None, None, b1(40)),
        ],
    ),
    LOP.c(
        "LOP_C",
        0x4c40,
        &[
            PD48,
            RD,
            rx(8, None, None, b1(39)),
            cb(None, None, b1(40), false),
        ],
    ),
    LOP.i("LOP_I", 0x3840, &[PD48, RD, rx(8, None, None, b1(39)), I20]),
    alu(
        Op::Lop,
        "LOP32I",
        "LOP32I",
        0x0400 << 48,
        0xfc00 << 48,
        &[
            grp!(Lop, 53, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".PASS_B" }),
            flag!(X, 57, ".X"),
            sfx!(Cc, 52, ".CC", 0),
            sfx!(Inv, 56, ".INV", 2),
        ],
        &[
            RD,
            rx(8, None, None, b1(55)),
            OpKind::Imm32 {
                f: f(20, 32),
                signed: false,
            },
        ],
        0,
    ),
    // LOP3.LUT: three-input logic by lookup table.
    alu(
        Op::Lop3,
        "LOP3",
        "LOP3_R",
        0x5be0 << 48,
        OPC,
        &[
            grp!(Lut, 0, 0, { 0 => ".LUT" }),
            flag!(X, 38, ".X"),
            grp!(Ptest, 36, 2, { 0 => "", 1 => ".T", 2 => ".Z", 3 => ".NZ" }),
            CC1,
        ],
        &[
            PD48,
            RD,
            RA,
            RB,
            RC,
            OpKind::UImm {
                f: f(28, 8),
                hide: None,
                signed_if: None,
            },
        ],
        0,
    ),
    alu(
        Op::Lop3,
        "LOP3",
        "LOP3_C",
        0x0200 << 48,
        0xfe00 << 48,
        &[grp!(Lut, 0, 0, { 0 => ".LUT" }), flag!(X, 56, ".X"), CC0],
        &[
            RD,
            RA,
            CB,
            RC,
            OpKind::UImm {
                f: f(48, 8),
                hide: None,
                signed_if: None,
            },
        ],
        0,
    ),
    alu(
        Op::Lop3,
        "LOP3",
        "LOP3_I",
        0x3c00 << 48,
        0xfc00 << 48,
        &[grp!(Lut, 0, 0, { 0 => ".LUT" }), flag!(X, 57, ".X"), CC0],
        &[
            RD,
            RA,
            I20,
            RC,
            OpKind::UImm {
                f: f(48, 8),
                hide: None,
                signed_if: None,
            },
        ],
        0,
    ),
    // Shifts.
    SHL.r("SHL_R", 0x5c48, &[RD, RA, RB]),
    SHL.c("SHL_C", 0x4c48, &[RD, RA, CB]),
    SHL.i("SHL_I", 0x3848, &[RD, RA, I20]),
    SHR.r("SHR_R", 0x5c28, &[RD, RA, RB]),
    SHR.c("SHR_C", 0x4c28, &[RD, RA, CB]),
    SHR.i("SHR_I", 0x3828, &[RD, RA, I20]),
    alu(
        Op::Shf,
        "SHF",
        "SHF_L_R",
        0x5bf8 << 48,
        OPC,
        &[grp!(Dir, 0, 0, { 0 => ".L" }), SHF_W, SHF_MAX, SHF_XHI, CC0],
        &[RD, RA, RB, RC],
        bits(28, 36),
    ),
    alu(
        Op::Shf,
        "SHF",
        "SHF_L_I",
        0x36f8 << 48,
        OPC_I,
        &[grp!(Dir, 0, 0, { 0 => ".L" }), SHF_W, SHF_MAX, SHF_XHI, CC0],
        &[
            RD,
            RA,
            OpKind::UImm {
                f: f(20, 6),
                hide: None,
                signed_if: None,
            },
            RC,
        ],
        bits(26, 36) | bits(56, 56),
    ),
    alu(
        Op::Shf,
        "SHF",
        "SHF_R_R",
        0x5cf8 << 48,
        OPC,
        &[grp!(Dir, 0, 0, { 1 => ".R" }), SHF_W, SHF_MAX, SHF_XHI, CC0],
        &[RD, RA, RB, RC],
        bits(28, 36),
    ),
    alu(
        Op::Shf,
        "SHF",
        "SHF_R_I",
        0x38f8 << 48,
        OPC_I,
        &[grp!(Dir, 0, 0, { 1 => ".R" }), SHF_W, SHF_MAX, SHF_XHI, CC0],
        &[
            RD,
            RA,
            OpKind::UImm {
                f: f(20, 6),
                hide: None,
                signed_if: None,
            },
            RC,
        ],
        bits(26, 36) | bits(56, 56),
    ),
    // Bit fields.
    BFE.r("BFE_R", 0x5c00, &[RD, RA, RB]),
    BFE.c("BFE_C", 0x4c00, &[RD, RA, CB]),
    BFE.i("BFE_I", 0x3800, &[RD, RA, I20]),
    BFI.r("BFI_R", 0x5bf0, &[RD, RA, RB, RC]),
    BFI.c("BFI_CB", 0x4bf0, &[RD, RA, CB, RC]),
    BFI.c("BFI_CC", 0x53f0, &[RD, RA, rb39(None), CB]),
    BFI.i("BFI_I", 0x36f0, &[RD, RA, I20, RC]),
    PRMT.r("PRMT_R", 0x5bc0, &[RD, RA, RB, RC]),
    PRMT.c("PRMT_CB", 0x4bc0, &[RD, RA, CB, RC]),
    PRMT.i("PRMT_I", 0x36c0, &[RD, RA, I20, RC]),
    // Population count and find-leading-one (variable latency: they run on the XU).
    POPC.r("POPC_R", 0x5c08, &[RD, rx(20, None, None, b1(40))]),
    POPC.c("POPC_C", 0x4c08, &[RD, cb(None, None, b1(40), false)]),
    POPC.i("POPC_I", 0x3808, &[RD, I20]),
    FLO.r("FLO_R", 0x5c30, &[RD, rx(20, None, None, b1(40))]),
    FLO.c("FLO_C", 0x4c30, &[RD, cb(None, None, b1(40), false)]),
    FLO.i("FLO_I", 0x3830, &[RD, I20]),
    // Moves.
    MOV.r(
        "MOV_R",
        0x5c98,
        &[
            RD,
            RB,
            OpKind::UImm {
                f: f(39, 4),
                hide: Some(0xf),
                signed_if: None,
            },
        ],
    ),
    MOV.c(
        "MOV_C",
        0x4c98,
        &[
            RD,
            CB,
            OpKind::UImm {
                f: f(39, 4),
                hide: Some(0xf),
                signed_if: None,
            },
        ],
    ),
    MOV.i(
        "MOV_I",
        0x3898,
        &[
            RD,
            I20,
            OpKind::UImm {
                f: f(39, 4),
                hide: Some(0xf),
                signed_if: None,
            },
        ],
    ),
    alu(
        Op::Mov,
        "MOV32I",
        "MOV32I",
        0x0100 << 48,
        0xfff0 << 48,
        &[],
        &[
            RD,
            OpKind::Imm32 {
                f: f(20, 32),
                signed: false,
            },
            OpKind::UImm {
                f: f(12, 4),
                hide: Some(0xf),
                signed_if: None,
            },
        ],
        bits(8, 11),
    ),
    row(
        Op::S2r,
        "S2R",
        "S2R",
        0xf0c8 << 48,
        OPC,
        &[],
        &[RD, OpKind::SReg { f: f(20, 8) }],
        bits(8, 15) | bits(28, 50),
        Latency::Variable,
        Flow::Next,
    ),
    // Floating point.
    FADD.r("FADD_R", 0x5c58, &[RD, FADD_RA, FADD_RB]),
    FADD.c(
        "FADD_C",
        0x4c58,
        &[RD, FADD_RA, cb(neg(45), b1(49), None, false)],
    ),
    FADD.i("FADD_I", 0x3858, &[RD, FADD_RA, F20]),
    FMUL.r("FMUL_R", 0x5c68, &[RD, RA, rx(20, neg(48), None, None)]),
    FMUL.c("FMUL_C", 0x4c68, &[RD, RA, cb(neg(48), None, None, false)]),
    FMUL.i("FMUL_I", 0x3868, &[RD, RA, F20]),
    FFMA.r(
        "FFMA_R",
        0x5980,
        &[
            RD,
            RA,
            rx(20, neg(48), None, None),
            rx(39, neg(49), None, None),
        ],
    ),
    FFMA.c(
        "FFMA_CB",
        0x4980,
        &[
            RD,
            RA,
            cb(neg(48), None, None, false),
            rx(39, neg(49), None, None),
        ],
    ),
    FFMA.c(
        "FFMA_CC",
        0x5180,
        &[RD, RA, rb39(neg(48)), cb(neg(49), None, None, false)],
    ),
    FFMA.i(
        "FFMA_I",
        0x3280,
        &[RD, RA, F20, rx(39, neg(49), None, None)],
    ),
    // Conversions (variable latency: XU).
    I2F.r("I2F_R", 0x5cb8, &[RD, rx(20, neg(45), b1(49), None)]),
    I2F.c("I2F_C", 0x4cb8, &[RD, cb(neg(45), b1(49), None, true)]),
    I2F.i("I2F_I", 0x38b8, &[RD, I20]),
    F2I.r("F2I_R", 0x5cb0, &[RD, rx(20, neg(45), b1(49), None)]),
    F2I.c("F2I_C", 0x4cb0, &[RD, cb(neg(45), b1(49), None, true)]),
    // I2I: integer size/sign conversion (XU), with I2F's byte select.
    row(
        Op::I2i,
        "I2I",
        "I2I_R",
        0x5ce0 << 48,
        OPC,
        &I2I_MODS,
        &[RD, rx(20, neg(45), b1(49), None)],
        bits(14, 15) | bits(28, 40) | bits(43, 44) | bits(46, 46) | bits(48, 48),
        Latency::Variable,
        Flow::Next,
    ),
    // Control flow.
    any_reuse(row(
        Op::Bra,
        "BRA",
        "BRA",
        0xe240 << 48,
        0xfff0_0000_0000_0020,
        &[flag!(U, 7, ".U"), flag!(Lmt, 6, ".LMT")],
        &[
            OpKind::CondCode { f: f(0, 5) },
            OpKind::Target { f: f(20, 24) },
        ],
        bits(8, 15) | bits(44, 51),
        Latency::Fixed,
        Flow::Branch,
    )),
    // BRA to an address read from a constant bank (bit 5): `BRA c[0x1f][-0x8]`.
    any_reuse(row(
        Op::Bra,
        "BRA",
        "BRA_C",
        0xe240_0000_0000_0020,
        0xfff0_0000_0000_0020,
        &[flag!(U, 7, ".U"), flag!(Lmt, 6, ".LMT")],
        &[OpKind::CondCode { f: f(0, 5) }, CONST_ADDR],
        bits(8, 15) | bits(41, 51),
        Latency::Fixed,
        Flow::Branch,
    )),
    // SSY takes no guard: bits 16-19 are ignored with the rest.
    any_reuse(row(
        Op::Ssy,
        "SSY",
        "SSY",
        0xe290 << 48,
        0xfff0_0000_0000_0020,
        &[],
        &[OpKind::Target { f: f(20, 24) }],
        bits(0, 4) | bits(6, 19) | bits(44, 51),
        Latency::Fixed,
        Flow::Next,
    )),
    any_reuse(row(
        Op::Ssy,
        "SSY",
        "SSY_C",
        0xe290_0000_0000_0020,
        0xfff0_0000_0000_0020,
        &[],
        &[CONST_ADDR],
        bits(0, 4) | bits(6, 19) | bits(41, 51),
        Latency::Fixed,
        Flow::Next,
    )),
    any_reuse(row(
        Op::Sync,
        "SYNC",
        "SYNC",
        0xf0f8 << 48,
        OPC,
        &[],
        &[OpKind::CondCode { f: f(0, 5) }],
        bits(5, 15) | bits(20, 50),
        Latency::Fixed,
        Flow::Sync,
    )),
    any_reuse(row(
        Op::Exit,
        "EXIT",
        "EXIT",
        0xe300 << 48,
        0xfff0 << 48,
        &[flag!(KeepRefCount, 5, ".KEEPREFCOUNT")],
        &[OpKind::CondCode { f: f(0, 5) }],
        bits(6, 15) | bits(20, 51),
        Latency::Fixed,
        Flow::Exit,
    )),
    row(
        Op::Nop,
        "NOP",
        "NOP",
        0x50b0 << 48,
        OPC,
        &[flag!(Trig, 13, ".TRIG")],
        &[
            OpKind::CondCode { f: f(8, 5) },
            OpKind::UImm {
                f: f(20, 16),
                hide: Some(0),
                signed_if: None,
            },
        ],
        bits(0, 7) | bits(14, 15) | bits(36, 50),
        Latency::Fixed,
        Flow::Next,
    ),
    // BAR.SYNC with an immediate barrier id (bit 44) and thread count (bit 43).
    row(
        Op::Bar,
        "BAR",
        "BAR_SYNC",
        0xf0a8_1b80_0000_0000,
        0xfff8_1f87_0000_0000,
        &[group(ModId::Mode, f(0, 0), crate::rows_b::BAR_SYNC_VALS)],
        &[
            OpKind::UImm {
                f: f(8, 8),
                hide: None,
                signed_if: None,
            },
            OpKind::UImm {
                f: f(20, 12),
                hide: Some(0),
                signed_if: None,
            },
        ],
        bits(0, 7) | bits(35, 38) | bits(45, 50),
        Latency::Variable,
        Flow::Barrier,
    ),
    row(
        Op::Membar,
        "MEMBAR",
        "MEMBAR",
        0xef98 << 48,
        OPC | bits(0, 1),
        &[grp!(Level, 8, 2, { 0 => ".CTA", 1 => ".GL", 2 => ".SYS", 3 => ".VC" })],
        &[],
        bits(2, 7) | bits(10, 15) | bits(20, 50),
        Latency::Variable,
        Flow::Next,
    ),
    // DEPBAR is fixed-latency but accepts all four reuse flags (none is printed).
    OpSpec {
        reuse_ok: 0b1111,
        ..row(
            Op::Depbar,
            "DEPBAR",
            "DEPBAR_LE",
            0xf0f0_0000_2000_0000,
            OPC | bits(29, 29),
            &[grp!(Le, 0, 0, { 0 => ".LE" })],
            &[
                OpKind::Scoreboard { f: f(26, 3) },
                OpKind::UImm {
                    f: f(20, 6),
                    hide: None,
                    signed_if: None,
                },
                SB_SET,
            ],
            bits(6, 15) | bits(30, 50),
            Latency::Fixed,
            Flow::Next,
        )
    },
    // DEPBAR without `.LE` (bit 29 clear): only the scoreboard set; the SB and count
    // fields are ignored.
    OpSpec {
        reuse_ok: 0b1111,
        ..row(
            Op::Depbar,
            "DEPBAR",
            "DEPBAR",
            0xf0f0 << 48,
            OPC | bits(29, 29),
            &[],
            &[SB_SET],
            bits(6, 15) | bits(20, 28) | bits(30, 50),
            Latency::Fixed,
            Flow::Next,
        )
    },
];

const CONST_ADDR: OpKind = OpKind::ConstAddr {
    bank: f(36, 5),
    off: f(20, 16),
};
/// DEPBAR's further scoreboards, bits 0-5: `{5,4,2,0}`.
const SB_SET: OpKind = OpKind::SbSet { f: f(0, 6) };
const I2F_DST: ModGroup = grp!(Dst, 8, 2, { 1 => ".F16", 2 => ".F32", 3 => ".F64" });
const I2F_SRC: ModGroup = ModGroup {
    id: ModId::Src,
    field: f(10, 2),
    hi: Some(f(13, 1)),
    vals: vals!(0 => ".U8", 1 => ".U16", 2 => ".U32", 3 => ".U64", 4 => ".S8", 5 => ".S16", 6 => ".S32", 7 => ".S64"),
    at: None,
    alt: None,
};
/// The byte (half) of the source that I2F and I2I convert, bits 41-42, a suffix of the
/// source inside its `|..|`: `.B1`-`.B3`, but `.H1` (and `.INVALIDSIZE1/3`) when the
/// source group (index 1 of the row) names a 16-bit type.
pub(crate) const fn byte_sel(at: u8) -> ModGroup {
    ModGroup {
        id: ModId::Sel,
        field: f(41, 2),
        hi: None,
        vals: vals!(0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3"),
        at: Some(at),
        alt: Some(AltSpelling {
            group: 1,
            mask: 3,
            eq: 1,
            vals: vals!(0 => "", 1 => ".INVALIDSIZE1", 2 => ".H1", 3 => ".INVALIDSIZE3"),
        }),
    }
}
const I2F_MODS: [ModGroup; 5] = [I2F_DST, I2F_SRC, RND39, CC0, byte_sel(1)];
/// The immediate form spells negation and absolute value as suffixes: `0x1.NEG.ABS.B3`.
const I2F_I_MODS: [ModGroup; 7] = [
    I2F_DST,
    I2F_SRC,
    RND39,
    CC0,
    sfx!(Neg, 45, ".NEG", 1),
    sfx!(Abs, 49, ".ABS", 1),
    byte_sel(1),
];
const I2F_IGN: u64 =
    bits(12, 12) | bits(14, 15) | bits(43, 44) | bits(46, 46) | bits(48, 48) | bits(50, 50);

const F2I_MODS: [ModGroup; 6] = [
    flag!(Ftz, 44, ".FTZ"),
    ModGroup {
        id: ModId::Dst,
        field: f(8, 2),
        hi: Some(f(12, 1)),
        vals: vals!(1 => ".U16", 2 => ".U32", 3 => ".U64", 5 => ".S16", 6 => ".S32", 7 => ".S64"),
        at: None,
        alt: None,
    },
    grp!(Src, 10, 2, { 1 => ".F16", 2 => ".F32", 3 => ".F64" }),
    grp!(Rnd, 39, 2, { 0 => "", 1 => ".FLOOR", 2 => ".CEIL", 3 => ".TRUNC" }),
    CC0,
    // The high half of the source (any source type; bit 42 is ignored).
    sfx!(H1, 41, ".H1", 1),
];
/// I2I's destination type: size in bits 8-9, sign in bit 12.
pub(crate) const I2I_DST: ModGroup = ModGroup {
    id: ModId::Dst,
    field: f(8, 2),
    hi: Some(f(12, 1)),
    vals: vals!(0 => ".U8", 1 => ".U16", 2 => ".U32", 4 => ".S8", 5 => ".S16", 6 => ".S32"),
    at: None,
    alt: None,
};
/// I2I's source type: size in bits 10-11, sign in bit 13.
pub(crate) const I2I_SRC: ModGroup = ModGroup {
    id: ModId::Src,
    field: f(10, 2),
    hi: Some(f(13, 1)),
    ..I2I_DST
};
/// I2I's register and constant forms.
pub(crate) const I2I_MODS: [ModGroup; 5] = [I2I_DST, I2I_SRC, SAT50, CC0, byte_sel(1)];
pub(crate) const F2I_IGN: u64 =
    bits(13, 15) | bits(42, 43) | bits(46, 46) | bits(48, 48) | bits(50, 50);

/// Special registers of S2R, by number: nvdisasm 11.8's names for all 256 values
/// (taken from its sweep in `tests/data/maxwell-alu-examples.tsv`).
static SREGS: &[(u8, &str)] = &[
    (0, "SR_LANEID"),
    (1, "SR_CLOCK"),
    (2, "SR_VIRTCFG"),
    (3, "SR_VIRTID"),
    (4, "SR_PM0"),
    (5, "SR_PM1"),
    (6, "SR_PM2"),
    (7, "SR_PM3"),
    (8, "SR_PM4"),
    (9, "SR_PM5"),
    (10, "SR_PM6"),
    (11, "SR_PM7"),
    (12, "SR12"),
    (13, "SR13"),
    (14, "SR14"),
    (15, "SR15"),
    (16, "SR_PRIM_TYPE"),
    (17, "SR_INVOCATION_ID"),
    (18, "SR_Y_DIRECTION"),
    (19, "SR_THREAD_KILL"),
    (20, "SM_SHADER_TYPE"),
    (21, "SR_DIRECTCBEWRITEADDRESSLOW"),
    (22, "SR_DIRECTCBEWRITEADDRESSHIGH"),
    (23, "SR_DIRECTCBEWRITEENABLED"),
    (24, "SR_MACHINE_ID_0"),
    (25, "SR_MACHINE_ID_1"),
    (26, "SR_MACHINE_ID_2"),
    (27, "SR_MACHINE_ID_3"),
    (28, "SR_AFFINITY"),
    (29, "SR_INVOCATION_INFO"),
    (30, "SR_WSCALEFACTOR_XY"),
    (31, "SR_WSCALEFACTOR_Z"),
    (32, "SR_TID"),
    (33, "SR_TID.X"),
    (34, "SR_TID.Y"),
    (35, "SR_TID.Z"),
    (36, "SR_CTA_PARAM"),
    (37, "SR_CTAID.X"),
    (38, "SR_CTAID.Y"),
    (39, "SR_CTAID.Z"),
    (40, "SR_NTID"),
    (41, "SR_CirQueueIncrMinusOne"),
    (42, "SR_NLATC"),
    (43, "SR43"),
    (44, "SR44"),
    (45, "SR45"),
    (46, "SR46"),
    (47, "SR47"),
    (48, "SR_SWINLO"),
    (49, "SR_SWINSZ"),
    (50, "SR_SMEMSZ"),
    (51, "SR_SMEMBANKS"),
    (52, "SR_LWINLO"),
    (53, "SR_LWINSZ"),
    (54, "SR_LMEMLOSZ"),
    (55, "SR_LMEMHIOFF"),
    (56, "SR_EQMASK"),
    (57, "SR_LTMASK"),
    (58, "SR_LEMASK"),
    (59, "SR_GTMASK"),
    (60, "SR_GEMASK"),
    (61, "SR_REGALLOC"),
    (62, "SR_CTXADDR"),
    (63, "SR63"),
    (64, "SR_GLOBALERRORSTATUS"),
    (65, "SR65"),
    (66, "SR_WARPERRORSTATUS"),
    (67, "SR_WARPERRORSTATUSCLEAR"),
    (68, "SR68"),
    (69, "SR69"),
    (70, "SR70"),
    (71, "SR71"),
    (72, "SR_PM_HI0"),
    (73, "SR_PM_HI1"),
    (74, "SR_PM_HI2"),
    (75, "SR_PM_HI3"),
    (76, "SR_PM_HI4"),
    (77, "SR_PM_HI5"),
    (78, "SR_PM_HI6"),
    (79, "SR_PM_HI7"),
    (80, "SR_CLOCKLO"),
    (81, "SR_CLOCKHI"),
    (82, "SR_GLOBALTIMERLO"),
    (83, "SR_GLOBALTIMERHI"),
    (84, "SR84"),
    (85, "SR85"),
    (86, "SR86"),
    (87, "SR87"),
    (88, "SR88"),
    (89, "SR89"),
    (90, "SR90"),
    (91, "SR91"),
    (92, "SR92"),
    (93, "SR93"),
    (94, "SR94"),
    (95, "SR95"),
    (96, "SR_HWTASKID"),
    (97, "SR_CIRCULARQUEUEENTRYINDEX"),
    (98, "SR_CIRCULARQUEUEENTRYADDRESSLOW"),
    (99, "SR_CIRCULARQUEUEENTRYADDRESSHIGH"),
    (100, "SR100"),
    (101, "SR101"),
    (102, "SR102"),
    (103, "SR103"),
    (104, "SR104"),
    (105, "SR105"),
    (106, "SR106"),
    (107, "SR107"),
    (108, "SR108"),
    (109, "SR109"),
    (110, "SR110"),
    (111, "SR111"),
    (112, "SR112"),
    (113, "SR113"),
    (114, "SR114"),
    (115, "SR115"),
    (116, "SR116"),
    (117, "SR117"),
    (118, "SR118"),
    (119, "SR119"),
    (120, "SR120"),
    (121, "SR121"),
    (122, "SR122"),
    (123, "SR123"),
    (124, "SR124"),
    (125, "SR125"),
    (126, "SR126"),
    (127, "SR127"),
    (128, "SR128"),
    (129, "SR129"),
    (130, "SR130"),
    (131, "SR131"),
    (132, "SR132"),
    (133, "SR133"),
    (134, "SR134"),
    (135, "SR135"),
    (136, "SR136"),
    (137, "SR137"),
    (138, "SR138"),
    (139, "SR139"),
    (140, "SR140"),
    (141, "SR141"),
    (142, "SR142"),
    (143, "SR143"),
    (144, "SR144"),
    (145, "SR145"),
    (146, "SR146"),
    (147, "SR147"),
    (148, "SR148"),
    (149, "SR149"),
    (150, "SR150"),
    (151, "SR151"),
    (152, "SR152"),
    (153, "SR153"),
    (154, "SR154"),
    (155, "SR155"),
    (156, "SR156"),
    (157, "SR157"),
    (158, "SR158"),
    (159, "SR159"),
    (160, "SR160"),
    (161, "SR161"),
    (162, "SR162"),
    (163, "SR163"),
    (164, "SR164"),
    (165, "SR165"),
    (166, "SR166"),
    (167, "SR167"),
    (168, "SR168"),
    (169, "SR169"),
    (170, "SR170"),
    (171, "SR171"),
    (172, "SR172"),
    (173, "SR173"),
    (174, "SR174"),
    (175, "SR175"),
    (176, "SR176"),
    (177, "SR177"),
    (178, "SR178"),
    (179, "SR179"),
    (180, "SR180"),
    (181, "SR181"),
    (182, "SR182"),
    (183, "SR183"),
    (184, "SR184"),
    (185, "SR185"),
    (186, "SR186"),
    (187, "SR187"),
    (188, "SR188"),
    (189, "SR189"),
    (190, "SR190"),
    (191, "SR191"),
    (192, "SR192"),
    (193, "SR193"),
    (194, "SR194"),
    (195, "SR195"),
    (196, "SR196"),
    (197, "SR197"),
    (198, "SR198"),
    (199, "SR199"),
    (200, "SR200"),
    (201, "SR201"),
    (202, "SR202"),
    (203, "SR203"),
    (204, "SR204"),
    (205, "SR205"),
    (206, "SR206"),
    (207, "SR207"),
    (208, "SR208"),
    (209, "SR209"),
    (210, "SR210"),
    (211, "SR211"),
    (212, "SR212"),
    (213, "SR213"),
    (214, "SR214"),
    (215, "SR215"),
    (216, "SR216"),
    (217, "SR217"),
    (218, "SR218"),
    (219, "SR219"),
    (220, "SR220"),
    (221, "SR221"),
    (222, "SR222"),
    (223, "SR223"),
    (224, "SR224"),
    (225, "SR225"),
    (226, "SR226"),
    (227, "SR227"),
    (228, "SR228"),
    (229, "SR229"),
    (230, "SR230"),
    (231, "SR231"),
    (232, "SR232"),
    (233, "SR233"),
    (234, "SR234"),
    (235, "SR235"),
    (236, "SR236"),
    (237, "SR237"),
    (238, "SR238"),
    (239, "SR239"),
    (240, "SR240"),
    (241, "SR241"),
    (242, "SR242"),
    (243, "SR243"),
    (244, "SR244"),
    (245, "SR245"),
    (246, "SR246"),
    (247, "SR247"),
    (248, "SR248"),
    (249, "SR249"),
    (250, "SR250"),
    (251, "SR251"),
    (252, "SR252"),
    (253, "SR253"),
    (254, "SR254"),
    (255, "SR255"),
];

/// Condition codes of BRA/SYNC/EXIT (nvdisasm 11.8's names); 15 (`T`, always) is not
/// printed.
static CCS: &[(u8, &str)] = &[
    (0, "CC.F"),
    (1, "CC.LT"),
    (2, "CC.EQ"),
    (3, "CC.LE"),
    (4, "CC.GT"),
    (5, "CC.NE"),
    (6, "CC.GE"),
    (7, "CC.NUM"),
    (8, "CC.NAN"),
    (9, "CC.LTU"),
    (10, "CC.EQU"),
    (11, "CC.LEU"),
    (12, "CC.GTU"),
    (13, "CC.NEU"),
    (14, "CC.GEU"),
    (15, "CC.T"),
    (16, "CC.OFF"),
    (17, "CC.LO"),
    (18, "CC.SFF"),
    (19, "CC.LS"),
    (20, "CC.HI"),
    (21, "CC.SFT"),
    (22, "CC.HS"),
    (23, "CC.OFT"),
    (24, "CC.CSM_TA"),
    (25, "CC.CSM_TR"),
    (26, "CC.CSM_MX"),
    (27, "CC.FCSM_TA"),
    (28, "CC.FCSM_TR"),
    (29, "CC.FCSM_MX"),
    (30, "CC.RLE"),
    (31, "CC.RGT"),
];

/// Special registers that SM52 names differently from SM50 (nvdisasm 11.8, checked over
/// all 256 numbers with `-b SM50` and `-b SM52`).
static SREGS_SM52: &[(u8, &str)] = &[(15, "SR_ORDERING_TICKET")];

/// Special-register names of S2R, by number, as nvdisasm prints them for `target`.
pub fn sreg_name(n: u8, target: Target) -> Option<&'static str> {
    let own = match target {
        Target::Sm52 => SREGS_SM52.iter().find(|(v, _)| *v == n),
        Target::Sm50 => None,
    };
    own.or_else(|| SREGS.iter().find(|(v, _)| *v == n))
        .map(|(_, s)| *s)
}

/// The number of a special register named `name` (either target's spelling).
pub fn sreg_num(name: &str) -> Option<u8> {
    SREGS
        .iter()
        .chain(SREGS_SM52)
        .find(|(_, s)| *s == name)
        .map(|(v, _)| *v)
}

/// nvdisasm's spelling of condition-code test `n` (`CC.NUM`, `T`, ...), if `n` is a valid test.
pub fn cc_name(n: u8) -> Option<&'static str> {
    CCS.iter().find(|(v, _)| *v == n).map(|(_, s)| *s)
}

/// The condition-code test number that nvdisasm spells `name`; inverse of [`cc_name`].
pub fn cc_num(name: &str) -> Option<u8> {
    CCS.iter().find(|(_, s)| *s == name).map(|(v, _)| *v)
}

/// Every special-register number S2R knows.
pub static SREG_NUMBERS: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| SREGS.iter().map(|(n, _)| *n).collect());
/// Every condition-code number.
pub static CC_NUMBERS: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| CCS.iter().map(|(n, _)| *n).collect());
