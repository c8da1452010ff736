//! Shifts and bit-field ops: SHL, SHR, SHF, BFE, BFI, PRMT, POPC, FLO.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    CB, CC0, Enc, I20, OP, OPC, OPC_I, RA, RB, RC, RD, Rci, U32_48, X43, alu, b1, bit, bits, cb, f,
    rb39, reg_reuse, rx,
};
use super::{ModGroup, Op, OpKind, OpSpec};

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

const FLO_SH: ModGroup = flag!(Sh, 41, ".SH");

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

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    // Shifts.
    SHL.r("SHL_R", 0x5c48, &[RD, RA, RB]),
    SHL.c("SHL_C", 0x4c48, &[RD, RA, CB]),
    SHL.i("SHL_I", 0x3848, &[RD, RA, I20]),
    SHR.r("SHR_R", 0x5c28, &[RD, RA, RB]),
    SHR.c("SHR_C", 0x4c28, &[RD, RA, CB]),
    SHR.i("SHR_I", 0x3828, &[RD, RA, I20]),
    alu(Enc { op: Op::Shf, name: "SHF", form: "SHF_L_R", opcode: 0x5bf8 << 48, mask: OPC, mods: &[grp!(Dir, 0, 0, { 0 => ".L" }), SHF_W, SHF_MAX, SHF_XHI, CC0], operands: &[RD, RA, RB, RC], ignored: bits(28, 36) }),
    alu(Enc { op: Op::Shf, name: "SHF", form: "SHF_L_I", opcode: 0x36f8 << 48, mask: OPC_I, mods: &[grp!(Dir, 0, 0, { 0 => ".L" }), SHF_W, SHF_MAX, SHF_XHI, CC0], operands: &[RD, RA, OpKind::UImm { f: f(20, 6), hide: None, signed_if: None }, RC], ignored: bits(26, 36) | bits(56, 56) }),
    alu(Enc { op: Op::Shf, name: "SHF", form: "SHF_R_R", opcode: 0x5cf8 << 48, mask: OPC, mods: &[grp!(Dir, 0, 0, { 1 => ".R" }), SHF_W, SHF_MAX, SHF_XHI, CC0], operands: &[RD, RA, RB, RC], ignored: bits(28, 36) }),
    alu(Enc { op: Op::Shf, name: "SHF", form: "SHF_R_I", opcode: 0x38f8 << 48, mask: OPC_I, mods: &[grp!(Dir, 0, 0, { 1 => ".R" }), SHF_W, SHF_MAX, SHF_XHI, CC0], operands: &[RD, RA, OpKind::UImm { f: f(20, 6), hide: None, signed_if: None }, RC], ignored: bits(26, 36) | bits(56, 56) }),
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
    // --- breadth F ---
    // PRMT with C from a constant bank (0x53c0): `PRMT Rd, Ra, Rb, c[bank][off]`, B (the
    // selector) at 39-46 with reuse flag 1, the mode as the other PRMT forms (48-50; bit 51
    // set is nvdisasm's `???8`-`???15`: no row). Bit 47 is ignored.
    alu(Enc { op: Op::Prmt, name: "PRMT", form: "PRMT_RC", opcode: 0x53c0 << 48, mask: OP, mods: &[PRMT_MODE], operands: &[reg_reuse(0, true, None), reg_reuse(8, false, Some(0)), reg_reuse(39, false, Some(1)), CB], ignored: bit(47) }),
];
