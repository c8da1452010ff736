//! f32 arithmetic, compares and the multi-function unit: FADD, FMUL, FFMA, FSET,
//! FSETP, FCMP, FMNMX, FCHK, MUFU, RRO, FSWZADD.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    ABS49_1, ABS49_2, ADD_RA, BF52, BOP45, CB, CC0, Enc, F20, FCMP48, MNMX_RB, NEG45_1, NEG45_2,
    OP, OPC, OPC12, PD3, PP39, PQ0, RA, RB, RC, RD, RND39, Rci, SAT50, SET_RA, SET_RB, SETP_RA,
    SETP_RB, alu, b1, bits, cb, f, neg, rb39, reg_reuse, rx, rx_slot, var,
};
use super::{ModGroup, Op, OpKind, OpSpec, RegCount, Target};

pub(crate) const FTZ44: ModGroup = flag!(Ftz, 44, ".FTZ");

const FMZ44: ModGroup =
    grp!(Fmz, 44, 2, { 0 => "", 1 => ".FTZ", 2 => ".FMZ", 3 => ".INVALIDFMZ3" });

const SCALE41: ModGroup = grp!(Scale, 41, 3, {
    0 => "", 1 => ".D2", 2 => ".D4", 3 => ".D8", 4 => ".M8", 5 => ".M4", 6 => ".M2", 7 => ".INVALIDSCALE37"
});

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

const F32I: OpKind = OpKind::FImm32 { f: f(20, 32) };

const fn sm52(r: OpSpec) -> OpSpec {
    OpSpec {
        since: Target::Sm52,
        ..r
    }
}

/// FCMP's comparison: `.GT` is its default and prints as nothing.
const FCMP_CMP: ModGroup = grp!(Cmp, 48, 4, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => "", 5 => ".NE", 6 => ".GE", 7 => ".NUM",
    8 => ".NAN", 9 => ".LTU", 10 => ".EQU", 11 => ".LEU", 12 => ".GTU", 13 => ".NEU", 14 => ".GEU", 15 => ".T"
});

const FMZ53: ModGroup =
    grp!(Fmz, 53, 2, { 0 => "", 1 => ".FTZ", 2 => ".FMZ", 3 => ".INVALIDFMZ3" });

// f32 ------------------------------------------------------------------------------------------

const FTZ47: ModGroup = flag!(Ftz, 47, ".FTZ");

const FSETP_MODS: &[ModGroup] = &[FCMP48, FTZ47, BOP45];

const FSETP_I_MODS: &[ModGroup] = &[
    FCMP48,
    FTZ47,
    BOP45,
    sfx!(Neg, 6, ".NEG", 3),
    sfx!(Abs, 44, ".ABS", 3),
];

const FTZ55: ModGroup = flag!(Ftz, 55, ".FTZ");

const FSET_MODS: &[ModGroup] = &[BF52, FCMP48, FTZ55, BOP45, CC0];

const FSET_I_MODS: &[ModGroup] = &[
    BF52,
    FCMP48,
    FTZ55,
    BOP45,
    CC0,
    sfx!(Neg, 53, ".NEG", 2),
    sfx!(Abs, 44, ".ABS", 2),
];

const FCMP_MODS: &[ModGroup] = &[FCMP_CMP, FTZ47];

const FMNMX_MODS: &[ModGroup] = &[FTZ44, CC0];

const FMNMX_I_MODS: &[ModGroup] = &[FTZ44, CC0, NEG45_2, ABS49_2];

const FMNMX_IGN: u64 = bits(43, 43) | bits(50, 50);

const FCHK_MODE: ModGroup = grp!(Mode, 39, 6, { 0 => ".DIVIDE" });

const FCHK_IGN: u64 = bits(0, 2) | bits(6, 7) | bits(47, 47) | bits(50, 50);

const FCHK_I_MODS: &[ModGroup] = &[FCHK_MODE, NEG45_2, ABS49_2];

const MUFU_IGN: u64 = bits(24, 45) | bits(47, 47) | bits(49, 49);

const RRO_MODE: ModGroup = grp!(Mode, 39, 1, { 0 => ".SINCOS", 1 => ".EX2" });

const RRO_IGN: u64 = bits(8, 15) | bits(40, 44) | bits(46, 48) | bits(50, 50);

const RRO_B: OpKind = rx(20, b1(45), b1(49), None);

// What the register, constant and immediate rows of each op below share.
const FCMP: Rci = Rci::new(Op::Fcmp, "FCMP", FCMP_MODS, 0).mask(OPC12);

const FSETP: Rci = Rci::new(Op::Fsetp, "FSETP", FSETP_MODS, 0)
    .imm_mods(FSETP_I_MODS)
    .mask(OPC12);

const FSET: Rci = Rci::new(Op::Fset, "FSET", FSET_MODS, 0)
    .imm_mods(FSET_I_MODS)
    .mask(0xff00 << 48);

const FMNMX: Rci = Rci::new(Op::Fmnmx, "FMNMX", FMNMX_MODS, FMNMX_IGN).imm_mods(FMNMX_I_MODS);

const FCHK: Rci = Rci::new(Op::Fchk, "FCHK", &[FCHK_MODE], FCHK_IGN).imm_mods(FCHK_I_MODS);

const RRO: Rci =
    Rci::new(Op::Rro, "RRO", &[RRO_MODE], RRO_IGN).imm_mods(&[RRO_MODE, NEG45_1, ABS49_1]);

// ---------------------------------------------------------------------------------------------
// FSWZADD: Rd (`.CC` 47), Ra, Rb, and the quad swizzle (28-35): a two-bit code per quad
// position picks `PP` (a + b), `NP` (-a + b), `PN` (a - b) or `ZP` (0 + b); nvdisasm
// prints the pairs from bits 34-35 down to 28-29, which is quad position 0 (upper left)
// first: nouveau's `QUADOP(UL, UR, LL, LR)` puts UL in bits 6-7 of the field
// (`gpumem-warp`'s SEMANTICS.md, "FSWZADD"). `.FTZ` 44, rounding 39-40, `.NDV` 38.

/// The 256 swizzle names, by the value of bits 28-35.
const FSWZ: &[&str] = &[
    "PPPPPPPP", "PPPPPPNP", "PPPPPPPN", "PPPPPPZP", "PPPPNPPP", "PPPPNPNP", "PPPPNPPN", "PPPPNPZP",
    "PPPPPNPP", "PPPPPNNP", "PPPPPNPN", "PPPPPNZP", "PPPPZPPP", "PPPPZPNP", "PPPPZPPN", "PPPPZPZP",
    "PPNPPPPP", "PPNPPPNP", "PPNPPPPN", "PPNPPPZP", "PPNPNPPP", "PPNPNPNP", "PPNPNPPN", "PPNPNPZP",
    "PPNPPNPP", "PPNPPNNP", "PPNPPNPN", "PPNPPNZP", "PPNPZPPP", "PPNPZPNP", "PPNPZPPN", "PPNPZPZP",
    "PPPNPPPP", "PPPNPPNP", "PPPNPPPN", "PPPNPPZP", "PPPNNPPP", "PPPNNPNP", "PPPNNPPN", "PPPNNPZP",
    "PPPNPNPP", "PPPNPNNP", "PPPNPNPN", "PPPNPNZP", "PPPNZPPP", "PPPNZPNP", "PPPNZPPN", "PPPNZPZP",
    "PPZPPPPP", "PPZPPPNP", "PPZPPPPN", "PPZPPPZP", "PPZPNPPP", "PPZPNPNP", "PPZPNPPN", "PPZPNPZP",
    "PPZPPNPP", "PPZPPNNP", "PPZPPNPN", "PPZPPNZP", "PPZPZPPP", "PPZPZPNP", "PPZPZPPN", "PPZPZPZP",
    "NPPPPPPP", "NPPPPPNP", "NPPPPPPN", "NPPPPPZP", "NPPPNPPP", "NPPPNPNP", "NPPPNPPN", "NPPPNPZP",
    "NPPPPNPP", "NPPPPNNP", "NPPPPNPN", "NPPPPNZP", "NPPPZPPP", "NPPPZPNP", "NPPPZPPN", "NPPPZPZP",
    "NPNPPPPP", "NPNPPPNP", "NPNPPPPN", "NPNPPPZP", "NPNPNPPP", "NPNPNPNP", "NPNPNPPN", "NPNPNPZP",
    "NPNPPNPP", "NPNPPNNP", "NPNPPNPN", "NPNPPNZP", "NPNPZPPP", "NPNPZPNP", "NPNPZPPN", "NPNPZPZP",
    "NPPNPPPP", "NPPNPPNP", "NPPNPPPN", "NPPNPPZP", "NPPNNPPP", "NPPNNPNP", "NPPNNPPN", "NPPNNPZP",
    "NPPNPNPP", "NPPNPNNP", "NPPNPNPN", "NPPNPNZP", "NPPNZPPP", "NPPNZPNP", "NPPNZPPN", "NPPNZPZP",
    "NPZPPPPP", "NPZPPPNP", "NPZPPPPN", "NPZPPPZP", "NPZPNPPP", "NPZPNPNP", "NPZPNPPN", "NPZPNPZP",
    "NPZPPNPP", "NPZPPNNP", "NPZPPNPN", "NPZPPNZP", "NPZPZPPP", "NPZPZPNP", "NPZPZPPN", "NPZPZPZP",
    "PNPPPPPP", "PNPPPPNP", "PNPPPPPN", "PNPPPPZP", "PNPPNPPP", "PNPPNPNP", "PNPPNPPN", "PNPPNPZP",
    "PNPPPNPP", "PNPPPNNP", "PNPPPNPN", "PNPPPNZP", "PNPPZPPP", "PNPPZPNP", "PNPPZPPN", "PNPPZPZP",
    "PNNPPPPP", "PNNPPPNP", "PNNPPPPN", "PNNPPPZP", "PNNPNPPP", "PNNPNPNP", "PNNPNPPN", "PNNPNPZP",
    "PNNPPNPP", "PNNPPNNP", "PNNPPNPN", "PNNPPNZP", "PNNPZPPP", "PNNPZPNP", "PNNPZPPN", "PNNPZPZP",
    "PNPNPPPP", "PNPNPPNP", "PNPNPPPN", "PNPNPPZP", "PNPNNPPP", "PNPNNPNP", "PNPNNPPN", "PNPNNPZP",
    "PNPNPNPP", "PNPNPNNP", "PNPNPNPN", "PNPNPNZP", "PNPNZPPP", "PNPNZPNP", "PNPNZPPN", "PNPNZPZP",
    "PNZPPPPP", "PNZPPPNP", "PNZPPPPN", "PNZPPPZP", "PNZPNPPP", "PNZPNPNP", "PNZPNPPN", "PNZPNPZP",
    "PNZPPNPP", "PNZPPNNP", "PNZPPNPN", "PNZPPNZP", "PNZPZPPP", "PNZPZPNP", "PNZPZPPN", "PNZPZPZP",
    "ZPPPPPPP", "ZPPPPPNP", "ZPPPPPPN", "ZPPPPPZP", "ZPPPNPPP", "ZPPPNPNP", "ZPPPNPPN", "ZPPPNPZP",
    "ZPPPPNPP", "ZPPPPNNP", "ZPPPPNPN", "ZPPPPNZP", "ZPPPZPPP", "ZPPPZPNP", "ZPPPZPPN", "ZPPPZPZP",
    "ZPNPPPPP", "ZPNPPPNP", "ZPNPPPPN", "ZPNPPPZP", "ZPNPNPPP", "ZPNPNPNP", "ZPNPNPPN", "ZPNPNPZP",
    "ZPNPPNPP", "ZPNPPNNP", "ZPNPPNPN", "ZPNPPNZP", "ZPNPZPPP", "ZPNPZPNP", "ZPNPZPPN", "ZPNPZPZP",
    "ZPPNPPPP", "ZPPNPPNP", "ZPPNPPPN", "ZPPNPPZP", "ZPPNNPPP", "ZPPNNPNP", "ZPPNNPPN", "ZPPNNPZP",
    "ZPPNPNPP", "ZPPNPNNP", "ZPPNPNPN", "ZPPNPNZP", "ZPPNZPPP", "ZPPNZPNP", "ZPPNZPPN", "ZPPNZPZP",
    "ZPZPPPPP", "ZPZPPPNP", "ZPZPPPPN", "ZPZPPPZP", "ZPZPNPPP", "ZPZPNPNP", "ZPZPNPPN", "ZPZPNPZP",
    "ZPZPPNPP", "ZPZPPNNP", "ZPZPPNPN", "ZPZPPNZP", "ZPZPZPPP", "ZPZPZPNP", "ZPZPZPPN", "ZPZPZPZP",
];

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    // Floating point.
    FADD.r("FADD_R", 0x5c58, &[RD, FADD_RA, FADD_RB]),
    FADD.c("FADD_C", 0x4c58, &[RD, FADD_RA, cb(neg(45), b1(49), None, false)]),
    FADD.i("FADD_I", 0x3858, &[RD, FADD_RA, F20]),
    FMUL.r("FMUL_R", 0x5c68, &[RD, RA, rx(20, neg(48), None, None)]),
    FMUL.c("FMUL_C", 0x4c68, &[RD, RA, cb(neg(48), None, None, false)]),
    FMUL.i("FMUL_I", 0x3868, &[RD, RA, F20]),
    FFMA.r("FFMA_R", 0x5980, &[RD, RA, rx(20, neg(48), None, None), rx(39, neg(49), None, None)]),
    FFMA.c("FFMA_CB", 0x4980, &[RD, RA, cb(neg(48), None, None, false), rx(39, neg(49), None, None)]),
    FFMA.c("FFMA_CC", 0x5180, &[RD, RA, rb39(neg(48)), cb(neg(49), None, None, false)]),
    FFMA.i("FFMA_I", 0x3280, &[RD, RA, F20, rx(39, neg(49), None, None)]),
    // --- breadth A ---
    // FSETP / FSET / FCMP: f32 compares.
    FSETP.r("FSETP_R", 0x5bb0, &[PD3, PQ0, SETP_RA, SETP_RB, PP39]),
    FSETP.c("FSETP_C", 0x4bb0, &[PD3, PQ0, SETP_RA, cb(b1(6), b1(44), None, false), PP39]),
    FSETP.i("FSETP_I", 0x36b0, &[PD3, PQ0, SETP_RA, F20, PP39]),
    FSET.r("FSET_R", 0x5800, &[RD, SET_RA, SET_RB, PP39]),
    FSET.c("FSET_C", 0x4800, &[RD, SET_RA, cb(b1(53), b1(44), None, false), PP39]),
    FSET.i("FSET_I", 0x3000, &[RD, SET_RA, F20, PP39]),
    FCMP.r("FCMP_R", 0x5ba0, &[RD, RA, RB, RC]),
    FCMP.c("FCMP_CB", 0x4ba0, &[RD, RA, CB, RC]),
    FCMP.c("FCMP_CC", 0x53a0, &[RD, RA, rx_slot(39, 1, None, None), CB]),
    FCMP.i("FCMP_I", 0x36a0, &[RD, RA, F20, RC]),
    // FMNMX: Rd = Pp ? min : max (f32).
    FMNMX.r("FMNMX_R", 0x5c60, &[RD, ADD_RA, MNMX_RB, PP39]),
    FMNMX.c("FMNMX_C", 0x4c60, &[RD, ADD_RA, cb(b1(45), b1(49), None, false), PP39]),
    FMNMX.i("FMNMX_I", 0x3860, &[RD, ADD_RA, F20, PP39]),
    // 32-bit immediate float forms.
    alu(Enc { op: Op::Fmul, name: "FMUL32I", form: "FMUL32I", opcode: 0x1e00 << 48, mask: 0xff00 << 48, mods: &[FMZ53, flag!(Sat, 55, ".SAT"), sfx!(Cc, 52, ".CC", 0)], operands: &[RD, RA, F32I], ignored: 0 }),
    alu(Enc { op: Op::Fadd, name: "FADD32I", form: "FADD32I", opcode: 0x0800 << 48, mask: 0xfc00 << 48, mods: &[FTZ55, sfx!(Cc, 52, ".CC", 0), sfx!(Neg, 53, ".NEG", 2), sfx!(Abs, 57, ".ABS", 2)], operands: &[RD, rx(8, b1(56), b1(54), None), F32I], ignored: 0 }),
    alu(Enc { op: Op::Ffma, name: "FFMA32I", form: "FFMA32I", opcode: 0x0c00 << 48, mask: 0xfc00 << 48, mods: &[FMZ53, flag!(Sat, 55, ".SAT"), sfx!(Cc, 52, ".CC", 0)], operands: &[RD, rx(8, b1(56), None, None), F32I, rx_slot(0, 2, b1(57), None)], ignored: 0 }),
    // FCHK: Pd = the division Ra / B needs the slow path.
    FCHK.r("FCHK_R", 0x5c88, &[PD3, ADD_RA, MNMX_RB]),
    FCHK.c("FCHK_C", 0x4c88, &[PD3, ADD_RA, cb(b1(45), b1(49), None, false)]),
    FCHK.i("FCHK_I", 0x3888, &[PD3, ADD_RA, F20]),
    // MUFU (variable latency: the SFU). Function 8 is `.SQRT` on SM52 only; SM50's
    // nvdisasm prints `INVALIDMUFUOPCODE8`.
    sm52(var(Enc { op: Op::Mufu, name: "MUFU", form: "MUFU_SQRT", opcode: 0x5080_0000_0080_0000, mask: OPC | bits(20, 23), mods: &[grp!(Func, 0, 0, { 8 => ".SQRT" }), flag!(Sat, 50, ".SAT")], operands: &[RD, rx(8, b1(48), b1(46), None)], ignored: MUFU_IGN })),
    var(Enc { op: Op::Mufu, name: "MUFU", form: "MUFU", opcode: 0x5080 << 48, mask: OPC, mods: &[grp!(Func, 20, 4, { 0 => ".COS", 1 => ".SIN", 2 => ".EX2", 3 => ".LG2", 4 => ".RCP", 5 => ".RSQ", 6 => ".RCP64H", 7 => ".RSQ64H" }), flag!(Sat, 50, ".SAT")], operands: &[RD, rx(8, b1(48), b1(46), None)], ignored: MUFU_IGN }),
    // RRO: range reduction (no Ra).
    RRO.r("RRO_R", 0x5c90, &[RD, RRO_B]),
    RRO.c("RRO_C", 0x4c90, &[RD, cb(b1(45), b1(49), None, false)]),
    RRO.i("RRO_I", 0x3890, &[RD, F20]),
    // --- breadth F ---
    // FSWZADD (0x50f8): Rb's `.reuse` is reuse flag 2 (flag 1 is accepted and printed
    // nowhere).
    alu(Enc { op: Op::Fswzadd, name: "FSWZADD", form: "FSWZADD", opcode: 0x50f8 << 48, mask: OP, mods: &[flag!(Ftz, 44, ".FTZ"), grp!(Rnd, 39, 2, { 0 => "", 1 => ".RM", 2 => ".RP", 3 => ".RZ" }), flag!(Ndv, 38, ".NDV"), sfx!(Cc, 47, ".CC", 0)], operands: &[reg_reuse(0, true, None), reg_reuse(8, false, Some(0)), reg_reuse(20, false, Some(2)), OpKind::Name { f: f(28, 8), names: FSWZ, rz: None }], ignored: bits(36, 37) | bits(41, 43) | bits(45, 46) | bits(48, 50) }),
];
