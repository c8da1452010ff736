//! Breadth set E of the Maxwell table: the texture forms breadth C and D left out (TLD, TLD4,
//! TXD and their bindless `.B` forms), SM52's predicate output of TEX, TLD, TLD4 and TXD,
//! SULD/SUST's `.P` and register-index forms, the surface reductions (SURED) and atomics
//! (SUATOM `.D`), and texture cache control (CCTLT). Bit positions and spellings from nvdisasm 11.8
//! (`docs/research/maxwell-breadth-E.md` and `tests/data/maxwell-breadth-E.tsv` hold the
//! checks made for these rows, `scripts/research/sweep_breadthE.py` makes them). They share
//! breadth C's texture machinery ([`crate::rows_c`]): the phase `.T`/`.P` in the control
//! slot, `.NODEP`, the dimension names.
//!
//! SM52's predicate output (bits 51-53) is a row of its own, `since: Sm52`, after the SM50
//! row whose opcode fixes those bits to 7: a word with 7 there is the SM50 row's (both
//! targets print it without a predicate), any other value is the SM52 row's, whose operand
//! ([`OpKind::PredOut`]) never holds `PT`.
//!
//! None of these rows has a functional model: the executor faults `unsupported` on them.

use crate::rowkit::*;
use crate::rows_c::{
    NDV, NODEP, PHASE, SU_ADDR, SU_BA, SU_CLAMP, SU_D, SU_DIM, SU_IGN, SU_INDEX, SU_SIZE, SULD_COP,
    SUST_COP, TEX_DIM, reg, tex,
};
use crate::table::{AtomOp, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, Target, ValSem};

/// A mode spelled in the mnemonic and fixed by its row (no bits of its own).
macro_rules! fixed {
    ($id:ident, $t:expr) => {
        ModGroup {
            id: ModId::$id,
            field: f(0, 0),
            hi: None,
            vals: vals!(1 => $t),
            at: None,
            alt: None,
        }
    };
}

/// `.B`: the bindless form (the handle in a register), fixed by the row.
const BINDLESS: ModGroup = fixed!(Mode, ".B");
/// `.LC` (SM52 only), fixed by the row.
const LC: ModGroup = fixed!(Lc, ".LC");

/// SM52's predicate output, bits 51-53 (7 = none: the SM50 row's word).
const PD: OpKind = OpKind::PredOut {
    f: f(51, 3),
    inv: false,
};
/// The texture index (bits 36-48), printed in hex.
const INDEX: OpKind = OpKind::UImm {
    f: f(36, 13),
    hide: None,
    signed_if: None,
};
/// A bindless form's texture index: none in the word (bits 36-48 are ignored), printed `0x0`.
const NO_INDEX: OpKind = OpKind::UImm {
    f: f(0, 0),
    hide: None,
    signed_if: None,
};
const DIM: OpKind = OpKind::Name {
    f: f(28, 3),
    names: TEX_DIM,
    rz: None,
};
/// The component write mask (bits 31-34), printed in hex.
const WMASK: OpKind = OpKind::UImm {
    f: f(31, 4),
    hide: None,
    signed_if: None,
};
/// Rb, not printed when RZ (TLD, TLD4).
const RB_HIDE: OpKind = OpKind::RegHideRz {
    f: f(20, 8),
    write: false,
};
/// Bits 51-53 fixed to 7: the form without a predicate output (SM50's only form).
const NO_PD: u64 = 7 << 51;
/// The bits a bindless form ignores: the index.
const IDX_BITS: u64 = bits(36, 48);

/// The operands `[Rd, Ra, Rb, index, dim, mask]` with Rb and the index as given.
const fn ops(rb: OpKind, index: OpKind) -> [OpKind; 6] {
    [reg(0, true), reg(8, false), rb, index, DIM, WMASK]
}
/// The same with SM52's predicate output first.
const fn ops_p(rb: OpKind, index: OpKind) -> [OpKind; 7] {
    [PD, reg(0, true), reg(8, false), rb, index, DIM, WMASK]
}
const OPS_HIDE: [OpKind; 6] = ops(RB_HIDE, INDEX);
const OPS_HIDE_B: [OpKind; 6] = ops(RB_HIDE, NO_INDEX);
const OPS_HIDE_P: [OpKind; 7] = ops_p(RB_HIDE, INDEX);
const OPS_HIDE_B_P: [OpKind; 7] = ops_p(RB_HIDE, NO_INDEX);
/// TXD prints Rb even when RZ.
const OPS_RB: [OpKind; 6] = ops(reg(20, false), INDEX);
const OPS_RB_B: [OpKind; 6] = ops(reg(20, false), NO_INDEX);
const OPS_RB_P: [OpKind; 7] = ops_p(reg(20, false), INDEX);
const OPS_RB_B_P: [OpKind; 7] = ops_p(reg(20, false), NO_INDEX);

/// A texture row with the bits it ignores and the first target it exists on.
#[allow(clippy::too_many_arguments)]
const fn trow(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    since: Target,
) -> OpSpec {
    OpSpec {
        ignored,
        since,
        ..tex(op, name, form, opcode, mask, mods, operands)
    }
}

// ---------------------------------------------------------------------------------------------
// TLD (0xdc, bits 57-63; bit 56 `.B`): lod 55 (`.LZ`, `.LL`), `.CL` 54, Pd 51-53 (SM52),
// `.MS` 50, `.NODEP` 49, index 36-48 (`.B`: ignored), `.AOFFI` 35.

const TLD_LOD: ModGroup = grp!(Lod, 55, 1, { 0 => ".LZ", 1 => ".LL" });
const TLD_AOFFI: ModGroup = flag!(Aoffi, 35, ".AOFFI");
const TLD_MS: ModGroup = flag!(Ms, 50, ".MS");
const TLD_CL: ModGroup = flag!(Cl, 54, ".CL");
const TLD_MODS: &[ModGroup] = &[TLD_LOD, TLD_AOFFI, TLD_MS, TLD_CL, NODEP, PHASE];
const TLD_B_MODS: &[ModGroup] = &[BINDLESS, TLD_LOD, TLD_AOFFI, TLD_MS, TLD_CL, NODEP, PHASE];
const TLD_OP: u64 = 0xdc << 56;
const TLD_B_OP: u64 = 0xdd << 56;

// ---------------------------------------------------------------------------------------------
// TLD4 (0xc8, bits 58-63): gathered component 56-57, offset mode 54-55 (`.AOFFI`, `.PTP`;
// 3 is nvdisasm's `INVALIDBTOFF03`), Pd 51-53 (SM52), `.DC` 50, `.NODEP` 49, `.NDV` 35.

const TLD4_GATHER: ModGroup = grp!(Gather, 56, 2, { 0 => ".R", 1 => ".G", 2 => ".B", 3 => ".A" });
/// The offset mode: per-texel offsets (`.AOFFI`) or per-texel-pixel offsets (`.PTP`, an
/// offset for each of the four gathered texels), one group with two meanings.
const TLD4_OFF: ModGroup = grp!(Aoffi, 54, 2, { 0 => "", 1 => ".AOFFI", 2 => ".PTP" });
const TLD4_DC: ModGroup = flag!(Dc, 50, ".DC");
const TLD4_MODS: &[ModGroup] = &[TLD4_GATHER, TLD4_OFF, TLD4_DC, NDV, NODEP, PHASE];
const TLD4_OP: u64 = 0xc8 << 56;

// TLD4.B (0xdef8: bits 54-56 = 3 beside TXD, TXD.B and TEX.B): the component moves to 38-39
// and the offset mode to 36-37 (printed `TLD4.A.B.AOFFI`), bit 40 must be clear, bits
// 41-48 are ignored; the rest as TLD4.

const TLD4B_GATHER: ModGroup = grp!(Gather, 38, 2, { 0 => ".R", 1 => ".G", 2 => ".B", 3 => ".A" });
const TLD4B_OFF: ModGroup = grp!(Aoffi, 36, 2, { 0 => "", 1 => ".AOFFI", 2 => ".PTP" });
const TLD4B_MODS: &[ModGroup] = &[
    TLD4B_GATHER,
    BINDLESS,
    TLD4B_OFF,
    TLD4_DC,
    NDV,
    NODEP,
    PHASE,
];

// ---------------------------------------------------------------------------------------------
// TXD (0xde0, bits 54-63 with `.B` at 54): `.LC` 50 (SM52), Pd 51-53 (SM52), `.NODEP` 49,
// index 36-48 (`.B`: ignored), `.AOFFI` 35. SM50 takes only 0b1110 in bits 50-53.

const TXD_AOFFI: ModGroup = flag!(Aoffi, 35, ".AOFFI");
const TXD_MODS: &[ModGroup] = &[TXD_AOFFI, NODEP, PHASE];
const TXD_LC_MODS: &[ModGroup] = &[LC, TXD_AOFFI, NODEP, PHASE];
const TXD_B_MODS: &[ModGroup] = &[BINDLESS, TXD_AOFFI, NODEP, PHASE];
const TXD_B_LC_MODS: &[ModGroup] = &[BINDLESS, LC, TXD_AOFFI, NODEP, PHASE];
const TXD_OP: u64 = 0xde0 << 52;
const TXD_B_OP: u64 = 0xde4 << 52;

// ---------------------------------------------------------------------------------------------
// TEX and TEX.B with SM52's predicate output: breadth C's rows with bits 51-53 free.

const TEX_LOD: ModGroup = grp!(Lod, 55, 3, {
    0 => "", 1 => ".LZ", 2 => ".LB", 3 => ".LL", 6 => ".LBA", 7 => ".LLA",
});
const TEX_AOFFI: ModGroup = flag!(Aoffi, 54, ".AOFFI");
const TEX_DC: ModGroup = flag!(Dc, 50, ".DC");
const TEXB_LOD: ModGroup = grp!(Lod, 37, 3, {
    0 => "", 1 => ".LZ", 2 => ".LB", 3 => ".LL", 6 => ".LBA", 7 => ".LLA",
});
const TEXB_AOFFI: ModGroup = flag!(Aoffi, 36, ".AOFFI");
const TEX_MODS: &[ModGroup] = &[TEX_LOD, TEX_AOFFI, TEX_DC, NDV, NODEP, PHASE];
const TEX_LC_MODS: &[ModGroup] = &[TEX_LOD, LC, TEX_AOFFI, TEX_DC, NDV, NODEP, PHASE];
const TEXB_MODS: &[ModGroup] = &[BINDLESS, TEXB_LOD, TEXB_AOFFI, TEX_DC, NDV, NODEP, PHASE];
const TEXB_LC_MODS: &[ModGroup] = &[
    BINDLESS, TEXB_LOD, LC, TEXB_AOFFI, TEX_DC, NDV, NODEP, PHASE,
];
/// TEX.B's `[Rd, Ra, Rb, 0x0, dim, mask]` with Pd first.
const TEXB_OPS_P: [OpKind; 7] = ops_p(RB_HIDE, NO_INDEX);

/// Texture rows of set E.
pub static ROWS_E: &[OpSpec] = &[
    // TLD, TLD.B (SM50 and SM52), then SM52's forms with a predicate output.
    trow(
        Op::Tld,
        "TLD",
        "TLD",
        TLD_OP | NO_PD,
        bits(56, 63) | bits(51, 53),
        TLD_MODS,
        &OPS_HIDE,
        0,
        Target::Sm50,
    ),
    trow(
        Op::Tld,
        "TLD",
        "TLD_B",
        TLD_B_OP | NO_PD,
        bits(56, 63) | bits(51, 53),
        TLD_B_MODS,
        &OPS_HIDE_B,
        IDX_BITS,
        Target::Sm50,
    ),
    trow(
        Op::Tld,
        "TLD",
        "TLD_P",
        TLD_OP,
        bits(56, 63),
        TLD_MODS,
        &OPS_HIDE_P,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Tld,
        "TLD",
        "TLD_B_P",
        TLD_B_OP,
        bits(56, 63),
        TLD_B_MODS,
        &OPS_HIDE_B_P,
        IDX_BITS,
        Target::Sm52,
    ),
    // TLD4.
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4",
        TLD4_OP | NO_PD,
        bits(58, 63) | bits(51, 53),
        TLD4_MODS,
        &OPS_HIDE,
        0,
        Target::Sm50,
    ),
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_P",
        TLD4_OP,
        bits(58, 63),
        TLD4_MODS,
        &OPS_HIDE_P,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_B",
        0xdef8 << 48,
        bits(51, 63) | bit(40),
        TLD4B_MODS,
        &OPS_HIDE_B,
        bits(41, 48),
        Target::Sm50,
    ),
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_B_P",
        0xdec0 << 48,
        bits(54, 63) | bit(40),
        TLD4B_MODS,
        &OPS_HIDE_B_P,
        bits(41, 48),
        Target::Sm52,
    ),
    // TXD, TXD.B; SM52: `.LC` (bit 50) and the predicate output.
    trow(
        Op::Txd,
        "TXD",
        "TXD",
        TXD_OP | NO_PD,
        bits(50, 63),
        TXD_MODS,
        &OPS_RB,
        0,
        Target::Sm50,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_B",
        TXD_B_OP | NO_PD,
        bits(50, 63),
        TXD_B_MODS,
        &OPS_RB_B,
        IDX_BITS,
        Target::Sm50,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_LC",
        TXD_OP | NO_PD | bit(50),
        bits(50, 63),
        TXD_LC_MODS,
        &OPS_RB,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_B_LC",
        TXD_B_OP | NO_PD | bit(50),
        bits(50, 63),
        TXD_B_LC_MODS,
        &OPS_RB_B,
        IDX_BITS,
        Target::Sm52,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_P",
        TXD_OP,
        bits(54, 63) | bit(50),
        TXD_MODS,
        &OPS_RB_P,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_B_P",
        TXD_B_OP,
        bits(54, 63) | bit(50),
        TXD_B_MODS,
        &OPS_RB_B_P,
        IDX_BITS,
        Target::Sm52,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_LC_P",
        TXD_OP | bit(50),
        bits(54, 63) | bit(50),
        TXD_LC_MODS,
        &OPS_RB_P,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Txd,
        "TXD",
        "TXD_B_LC_P",
        TXD_B_OP | bit(50),
        bits(54, 63) | bit(50),
        TXD_B_LC_MODS,
        &OPS_RB_B_P,
        IDX_BITS,
        Target::Sm52,
    ),
    // TEX, TEX.B with SM52's predicate output (breadth C has the forms without).
    trow(
        Op::Tex,
        "TEX",
        "TEX_P",
        0xc0 << 56,
        bits(58, 63),
        TEX_MODS,
        &OPS_HIDE_P,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Tex,
        "TEX",
        "TEX_LC_P",
        0xc0 << 56 | bit(58),
        bits(58, 63),
        TEX_LC_MODS,
        &OPS_HIDE_P,
        0,
        Target::Sm52,
    ),
    trow(
        Op::Tex,
        "TEX",
        "TEX_B_P",
        0xde8 << 52,
        bits(54, 63) | bit(40),
        TEXB_MODS,
        &TEXB_OPS_P,
        bits(41, 48),
        Target::Sm52,
    ),
    trow(
        Op::Tex,
        "TEX",
        "TEX_B_LC_P",
        0xde8 << 52 | bit(40),
        bits(54, 63) | bit(40),
        TEXB_LC_MODS,
        &TEXB_OPS_P,
        bits(41, 48),
        Target::Sm52,
    ),
];

// ---------------------------------------------------------------------------------------------
// Surfaces: SULD (0xeb0, bits 53-63), SUST (bit 53), SURED (bit 54). Bit 52: `.D` (typed
// data: size at 20-22, `.BA` 23) or `.P` (packed: component mask at 20-23, 15 = all, printed
// as nothing; 0 is nvdisasm's `???0`); bit 51: the surface index is an immediate (36-48) or
// a register (Rc, 39-46; bits 36-38 and 47-48 ignored). Bits 30-32 are ignored by SM50 and
// SULD's predicate output on SM52 (stored as 7 - P): SM52's forms without it fix them
// clear, rows `since: Sm52` hold the output, and SM50's rows (`rows_h`, `until: Sm50`)
// ignore them; SUST ignores bits 30-32 on both targets, SURED bits 27-32.

/// `.P`: the packed format (bit 52 clear), fixed by the row.
pub(crate) const SU_P: ModGroup = fixed!(Mode, ".P");
/// `.P`'s component mask (bits 20-23): R = 1, G = 2, B = 4, A = 8; all four print nothing.
const SU_COMP: ModGroup = grp!(Comp, 20, 4, {
    1 => ".R", 2 => ".G", 3 => ".RG", 4 => ".B", 5 => ".RB", 6 => ".GB", 7 => ".RGB",
    8 => ".A", 9 => ".RA", 10 => ".GA", 11 => ".RGA", 12 => ".BA", 13 => ".RBA", 14 => ".GBA",
    15 => "",
});
/// SUST ignores bits 30-32 on both targets (no predicate output there).
const SUST_IGN: u64 = SU_IGN | bits(30, 32);
/// The surface index in a register (Rc, bits 39-46).
pub(crate) const SU_RC: OpKind = reg(39, false);
/// Bits a register-index form ignores besides [`SU_IGN`].
pub(crate) const SU_RC_IGN: u64 = bits(36, 38) | bits(47, 48);
/// The op bits 53-63 and the format and index bits 51-52.
pub(crate) const SU_MASK: u64 = bits(51, 63);
pub(crate) const SULD_OP: u64 = 0xeb0 << 52;
const SUST_OP: u64 = 0xeb2 << 52;
const SURED_OP: u64 = 0xeb4 << 52;
/// Bit 52: `.D`; bit 51: an immediate index.
pub(crate) const D: u64 = bit(52);
pub(crate) const IMM: u64 = bit(51);

const fn aop(value: u8, text: &'static str, op: AtomOp) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Atom(op),
    }
}
/// SURED's operation (bits 24-26).
const SURED_OPS: ModGroup = ModGroup {
    id: ModId::Atom,
    field: f(24, 3),
    hi: None,
    vals: &[
        aop(0, ".ADD", AtomOp::Add),
        aop(1, ".MIN", AtomOp::Min),
        aop(2, ".MAX", AtomOp::Max),
        aop(3, ".INC", AtomOp::Inc),
        aop(4, ".DEC", AtomOp::Dec),
        aop(5, ".AND", AtomOp::And),
        aop(6, ".OR", AtomOp::Or),
        aop(7, ".XOR", AtomOp::Xor),
    ],
    at: None,
    alt: None,
};
/// SURED.D's type (bits 20-22): none (32-bit unsigned), `.S32`, `.U64`, `.F32.FTZ.RN`,
/// (4: SM50 `INVALIDATOMICSIZE4`, SM52 `.F16x2.FTZ.RN`: rows of their own), `.S64`,
/// `.SD32`, `.SD64` (nvdisasm's names; no public document says what SD means). A surface
/// data type as SULD.D's sizes are (`ModId::SuSize`, the code is the meaning): surface rows
/// carry no `MemFacts` (no memory model runs them), so no `ModId::Sz` group.
pub(crate) const SURED_TYPE: ModGroup = grp!(SuSize, 20, 3, {
    0 => "", 1 => ".S32", 2 => ".U64", 3 => ".F32.FTZ.RN", 5 => ".S64", 6 => ".SD32",
    7 => ".SD64",
});
/// Type 4 on SM52 (a pair of f16), fixed by its rows.
pub(crate) const SURED_F16: ModGroup = grp!(SuSize, 20, 3, { 4 => ".F16x2.FTZ.RN" });

// SUATOM (0xea, bits 54-63; bit 55 `.CAS`): `.D` only here (the `.P` and register-index
// forms and SM52's predicate output are not modelled), `.BA` 28, operation 29-32 (ADD ...
// XOR, EXCH; 9-15 are nvdisasm's `INVALIDATOMSOP9`-`15`; CAS: bit 29 ignored, bits 30-32
// clear on SM50 and SM52's predicate output, as SULD's: rows of their own), dim 33-35, index
// 36-48, clamp 49-50, type 51-53 (SURED's codes; 4 is SM52's `.F16x2.FTZ.RN`, rows of
// their own). Operands: Rd, [Ra], Rb (printed even when RZ), index.

/// `.D`, fixed by the row (SUATOM has no format bit in the forms modelled).
pub(crate) const SUATOM_D: ModGroup = fixed!(Mode, ".D");
pub(crate) const SUATOM_BA: ModGroup = flag!(Ba, 28, ".BA");
pub(crate) const SUATOM_OPS: ModGroup = ModGroup {
    id: ModId::Atom,
    field: f(29, 4),
    hi: None,
    vals: &[
        aop(0, ".ADD", AtomOp::Add),
        aop(1, ".MIN", AtomOp::Min),
        aop(2, ".MAX", AtomOp::Max),
        aop(3, ".INC", AtomOp::Inc),
        aop(4, ".DEC", AtomOp::Dec),
        aop(5, ".AND", AtomOp::And),
        aop(6, ".OR", AtomOp::Or),
        aop(7, ".XOR", AtomOp::Xor),
        aop(8, ".EXCH", AtomOp::Exch),
    ],
    at: None,
    alt: None,
};
/// `.CAS`, fixed by its row.
pub(crate) const SUATOM_CAS: ModGroup = ModGroup {
    id: ModId::Atom,
    field: f(0, 0),
    hi: None,
    vals: &[aop(1, ".CAS", AtomOp::Cas)],
    at: None,
    alt: None,
};
const SUATOM_TYPE: ModGroup = ModGroup {
    field: f(51, 3),
    ..SURED_TYPE
};
const SUATOM_F16: ModGroup = ModGroup {
    field: f(51, 3),
    ..SURED_F16
};
const SUATOM_MODS: &[ModGroup] = &[
    SUATOM_D,
    SUATOM_BA,
    SU_DIM,
    SUATOM_OPS,
    SUATOM_TYPE,
    SU_CLAMP,
];
const SUATOM_F16_MODS: &[ModGroup] = &[
    SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_OPS, SUATOM_F16, SU_CLAMP,
];
const SUATOM_CAS_MODS: &[ModGroup] = &[
    SUATOM_D,
    SUATOM_BA,
    SU_DIM,
    SUATOM_CAS,
    SUATOM_TYPE,
    SU_CLAMP,
];
const SUATOM_CAS_F16_MODS: &[ModGroup] = &[
    SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_CAS, SUATOM_F16, SU_CLAMP,
];
const SUATOM_OPS_I: [OpKind; 4] = [reg(0, true), SU_ADDR, reg(20, false), SU_INDEX];
const SUATOM_OPS_I_PD: [OpKind; 5] = [SU_PD, reg(0, true), SU_ADDR, reg(20, false), SU_INDEX];
pub(crate) const SUATOM_OP: u64 = 0xea << 56;

pub(crate) const SULD_D_MODS: &[ModGroup] = &[SU_D, SU_BA, SU_DIM, SULD_COP, SU_SIZE, SU_CLAMP];
const SUST_D_MODS: &[ModGroup] = &[SU_D, SU_BA, SU_DIM, SUST_COP, SU_SIZE, SU_CLAMP];
pub(crate) const SULD_P_MODS: &[ModGroup] = &[SU_P, SU_DIM, SULD_COP, SU_COMP, SU_CLAMP];
const SUST_P_MODS: &[ModGroup] = &[SU_P, SU_DIM, SUST_COP, SU_COMP, SU_CLAMP];
const SURED_D_MODS: &[ModGroup] = &[SU_D, SU_BA, SU_DIM, SURED_OPS, SURED_TYPE, SU_CLAMP];
const SURED_D_F16_MODS: &[ModGroup] = &[SU_D, SU_BA, SU_DIM, SURED_OPS, SURED_F16, SU_CLAMP];
const SURED_P_MODS: &[ModGroup] = &[SU_P, SU_DIM, SURED_OPS, SU_CLAMP];

/// SM52's predicate output of SULD and SUATOM.CAS: bits 30-32, stored as 7 - P (0: none,
/// the form without the output; SM50 takes only 0 there, or ignores the bits in SULD).
pub(crate) const SU_PD: OpKind = OpKind::PredOut {
    f: f(30, 3),
    inv: true,
};
/// Bits 30-32, clear in the forms without SM52's predicate output.
const SULD_PD_BITS: u64 = bits(30, 32);
pub(crate) const SULD_I: [OpKind; 3] = [reg(0, true), SU_ADDR, SU_INDEX];
const SULD_I_PD: [OpKind; 4] = [SU_PD, reg(0, true), SU_ADDR, SU_INDEX];
const SULD_R_PD: [OpKind; 4] = [SU_PD, reg(0, true), SU_ADDR, SU_RC];
pub(crate) const SULD_R: [OpKind; 3] = [reg(0, true), SU_ADDR, SU_RC];
const SUST_I: [OpKind; 3] = [SU_ADDR, reg(0, false), SU_INDEX];
const SUST_R: [OpKind; 3] = [SU_ADDR, reg(0, false), SU_RC];

/// A surface row (variable latency, no phase).
#[allow(clippy::too_many_arguments)]
pub(crate) const fn su(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    since: Target,
) -> OpSpec {
    OpSpec {
        since,
        ..var(op, name, form, opcode, mask, mods, operands, ignored)
    }
}

/// Surface rows of set E (breadth C has SULD.D and SUST.D with an immediate index).
pub static ROWS_E_SURFACE: &[OpSpec] = &[
    su(
        Op::Suld,
        "SULD",
        "SULD_D_R",
        SULD_OP | D,
        SU_MASK | SULD_PD_BITS,
        SULD_D_MODS,
        &SULD_R,
        SU_IGN | SU_RC_IGN,
        Target::Sm52,
    ),
    su(
        Op::Suld,
        "SULD",
        "SULD_P",
        SULD_OP | IMM,
        SU_MASK | SULD_PD_BITS,
        SULD_P_MODS,
        &SULD_I,
        SU_IGN,
        Target::Sm52,
    ),
    su(
        Op::Suld,
        "SULD",
        "SULD_P_R",
        SULD_OP,
        SU_MASK | SULD_PD_BITS,
        SULD_P_MODS,
        &SULD_R,
        SU_IGN | SU_RC_IGN,
        Target::Sm52,
    ),
    // SM52: SULD's predicate output (bits 30-32 not clear), every form.
    su(
        Op::Suld,
        "SULD",
        "SULD_D_PD",
        SULD_OP | D | IMM,
        SU_MASK,
        SULD_D_MODS,
        &SULD_I_PD,
        SU_IGN,
        Target::Sm52,
    ),
    su(
        Op::Suld,
        "SULD",
        "SULD_D_R_PD",
        SULD_OP | D,
        SU_MASK,
        SULD_D_MODS,
        &SULD_R_PD,
        SU_IGN | SU_RC_IGN,
        Target::Sm52,
    ),
    su(
        Op::Suld,
        "SULD",
        "SULD_P_PD",
        SULD_OP | IMM,
        SU_MASK,
        SULD_P_MODS,
        &SULD_I_PD,
        SU_IGN,
        Target::Sm52,
    ),
    su(
        Op::Suld,
        "SULD",
        "SULD_P_R_PD",
        SULD_OP,
        SU_MASK,
        SULD_P_MODS,
        &SULD_R_PD,
        SU_IGN | SU_RC_IGN,
        Target::Sm52,
    ),
    su(
        Op::Sust,
        "SUST",
        "SUST_D_R",
        SUST_OP | D,
        SU_MASK,
        SUST_D_MODS,
        &SUST_R,
        SUST_IGN | SU_RC_IGN,
        Target::Sm50,
    ),
    su(
        Op::Sust,
        "SUST",
        "SUST_P",
        SUST_OP | IMM,
        SU_MASK,
        SUST_P_MODS,
        &SUST_I,
        SUST_IGN,
        Target::Sm50,
    ),
    su(
        Op::Sust,
        "SUST",
        "SUST_P_R",
        SUST_OP,
        SU_MASK,
        SUST_P_MODS,
        &SUST_R,
        SUST_IGN | SU_RC_IGN,
        Target::Sm50,
    ),
    // SUATOM: type 4 first (SM52 only), then the rest.
    su(
        Op::Suatom,
        "SUATOM",
        "SUATOM_D_F16",
        SUATOM_OP | 4 << 51,
        bits(51, 63),
        SUATOM_F16_MODS,
        &SUATOM_OPS_I,
        0,
        Target::Sm52,
    ),
    su(
        Op::Suatom,
        "SUATOM",
        "SUATOM_CAS_F16",
        SUATOM_OP | bit(55) | 4 << 51,
        bits(51, 63) | bits(30, 32),
        SUATOM_CAS_F16_MODS,
        &SUATOM_OPS_I,
        bit(29),
        Target::Sm52,
    ),
    su(
        Op::Suatom,
        "SUATOM",
        "SUATOM_CAS_F16_PD",
        SUATOM_OP | bit(55) | 4 << 51,
        bits(51, 63),
        SUATOM_CAS_F16_MODS,
        &SUATOM_OPS_I_PD,
        bit(29),
        Target::Sm52,
    ),
    su(
        Op::Suatom,
        "SUATOM",
        "SUATOM_D",
        SUATOM_OP,
        bits(54, 63),
        SUATOM_MODS,
        &SUATOM_OPS_I,
        0,
        Target::Sm50,
    ),
    su(
        Op::Suatom,
        "SUATOM",
        "SUATOM_CAS",
        SUATOM_OP | bit(55),
        bits(54, 63) | bits(30, 32),
        SUATOM_CAS_MODS,
        &SUATOM_OPS_I,
        bit(29),
        Target::Sm50,
    ),
    su(
        Op::Suatom,
        "SUATOM",
        "SUATOM_CAS_PD",
        SUATOM_OP | bit(55),
        bits(54, 63),
        SUATOM_CAS_MODS,
        &SUATOM_OPS_I_PD,
        bit(29),
        Target::Sm52,
    ),
    // SURED: type 4 first (SM52 only), then the rest; bits 27-32 ignored (no predicate).
    su(
        Op::Sured,
        "SURED",
        "SURED_D_F16",
        SURED_OP | D | IMM | 4 << 20,
        SU_MASK | bits(20, 22),
        SURED_D_F16_MODS,
        &SUST_I,
        bits(27, 32),
        Target::Sm52,
    ),
    su(
        Op::Sured,
        "SURED",
        "SURED_D_F16_R",
        SURED_OP | D | 4 << 20,
        SU_MASK | bits(20, 22),
        SURED_D_F16_MODS,
        &SUST_R,
        bits(27, 32) | SU_RC_IGN,
        Target::Sm52,
    ),
    su(
        Op::Sured,
        "SURED",
        "SURED_D",
        SURED_OP | D | IMM,
        SU_MASK,
        SURED_D_MODS,
        &SUST_I,
        bits(27, 32),
        Target::Sm50,
    ),
    su(
        Op::Sured,
        "SURED",
        "SURED_D_R",
        SURED_OP | D,
        SU_MASK,
        SURED_D_MODS,
        &SUST_R,
        bits(27, 32) | SU_RC_IGN,
        Target::Sm50,
    ),
    su(
        Op::Sured,
        "SURED",
        "SURED_P",
        SURED_OP | IMM,
        SU_MASK,
        SURED_P_MODS,
        &SUST_I,
        bits(20, 23) | bits(27, 32),
        Target::Sm50,
    ),
    su(
        Op::Sured,
        "SURED",
        "SURED_P_R",
        SURED_OP,
        SU_MASK,
        SURED_P_MODS,
        &SUST_R,
        bits(20, 23) | bits(27, 32) | SU_RC_IGN,
        Target::Sm50,
    ),
];

// ---------------------------------------------------------------------------------------------
// CCTLT: texture cache control. Operation in bits 0-1 (0 `.IVALL`, 1 `.IVTH`; 2-3 are
// nvdisasm's `INVALIDCCTLTOP2/3`), fixed by each row. Immediate form (0xebf0): `.IVTH`'s
// header index 36-48 (printed in hex), `.IVALL` has none (bits 36-48 must be clear); bits
// 2-15, 20-35 and 49-50 ignored. Register form (0xebe8): `.IVTH Rc` (39-46) only; bits 2-15,
// 20-38 and 47-50 ignored.

const IVALL: ModGroup = fixed!(CctlOp, ".IVALL");
const IVTH: ModGroup = fixed!(CctlOp, ".IVTH");
const CCTLT_IGN: u64 = bits(2, 15) | bits(20, 35) | bits(49, 50);

/// Texture cache control.
pub static ROWS_E_CCTLT: &[OpSpec] = &[
    var(
        Op::Cctlt,
        "CCTLT",
        "CCTLT_IVALL",
        0xebf0 << 48,
        bits(51, 63) | bits(36, 48) | bits(0, 1),
        &[IVALL],
        &[],
        CCTLT_IGN,
    ),
    var(
        Op::Cctlt,
        "CCTLT",
        "CCTLT_IVTH",
        0xebf0 << 48 | 1,
        bits(51, 63) | bits(0, 1),
        &[IVTH],
        &[SU_INDEX],
        CCTLT_IGN,
    ),
    var(
        Op::Cctlt,
        "CCTLT",
        "CCTLT_IVTH_R",
        0xebe8 << 48 | 1,
        bits(51, 63) | bits(0, 1),
        &[IVTH],
        &[reg(39, false)],
        bits(2, 15) | bits(20, 38) | bits(47, 50),
    ),
];
