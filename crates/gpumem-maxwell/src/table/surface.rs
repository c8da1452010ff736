//! Surface loads, stores, reductions and atomics (SULD, SUST, SURED, SUATOM). None of
//! these rows has a functional model.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{Enc, SU_INDEX, aop, bit, bits, c, f, m, reg, var};
use super::{AtomOp, CacheOp, ModGroup, ModId, Op, OpKind, OpSpec, Target};

/// `.D`: the format bit (52), fixed by the row.
pub(crate) const SU_D: ModGroup = ModGroup {
    id: ModId::Mode,
    field: f(0, 0),
    hi: None,
    vals: &[m(1, ".D")],
    at: None,
    alt: None,
};

pub(crate) const SU_BA: ModGroup = flag!(Ba, 23, ".BA");

pub(crate) const SU_DIM: ModGroup = grp!(SuDim, 33, 3, {
    0 => ".1D", 1 => ".1D_BUFFER", 2 => ".1D_ARRAY", 3 => ".2D", 4 => ".2D_ARRAY", 5 => ".3D",
});

pub(crate) const SU_SIZE: ModGroup = grp!(SuSize, 20, 3, {
    0 => ".U8", 1 => ".S8", 2 => ".U16", 3 => ".S16", 4 => "", 5 => ".64", 6 => ".128",
});

pub(crate) const SULD_COP: ModGroup = ModGroup {
    id: ModId::Cop,
    field: f(24, 2),
    hi: None,
    vals: &[
        c(0, "", CacheOp::Ca),
        c(1, ".CG", CacheOp::Cg),
        c(2, ".CI", CacheOp::Ci),
        c(3, ".CV", CacheOp::Cv),
    ],
    at: None,
    alt: None,
};

pub(crate) const SUST_COP: ModGroup = ModGroup {
    id: ModId::Cop,
    field: f(24, 2),
    hi: None,
    vals: &[
        c(0, "", CacheOp::Wb),
        c(1, ".CG", CacheOp::Cg),
        c(2, ".CS", CacheOp::Cs),
        c(3, ".WT", CacheOp::Wt),
    ],
    at: None,
    alt: None,
};

pub(crate) const SU_CLAMP: ModGroup = grp!(Clamp, 49, 2, { 0 => ".IGN", 1 => "", 2 => ".TRAP" });

/// `[Ra]`: a surface coordinate register, no offset.
pub(crate) const SU_ADDR: OpKind = OpKind::Mem {
    ra: f(8, 8),
    imm: f(0, 0),
};

/// Bits 26-29: ignored on both targets. Bits 30-32 are ignored on SM50 and a predicate
/// output on SM52 (`SULD.D.BA.2D.TRAP P6, R0, ...`, stored as 7 - P): SULD_D is SM52's row
/// with them clear, breadth set E has the SM52 form with the output and breadth set H SM50's row,
/// which ignores them; SUST ignores them on both targets.
pub(crate) const SU_IGN: u64 = bits(26, 29);

/// SULD/SUST `.D` with an immediate index: bits 53-63 (op), 52 (`.D`), 51 (immediate).
const SU_MASK: u64 = bits(51, 63);

// ---------------------------------------------------------------------------------------------
// Surfaces: SULD (0xeb0, bits 53-63), SUST (bit 53), SURED (bit 54). Bit 52: `.D` (typed
// data: size at 20-22, `.BA` 23) or `.P` (packed: component mask at 20-23, 15 = all, printed
// as nothing; 0 is nvdisasm's `???0`); bit 51: the surface index is an immediate (36-48) or
// a register (Rc, 39-46; bits 36-38 and 47-48 ignored). Bits 30-32 are ignored by SM50 and
// SULD's predicate output on SM52 (stored as 7 - P): SM52's forms without it fix them
// clear, rows `since: Sm52` hold the output, and SM50's rows (breadth set H, `until: Sm50`)
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

pub(crate) const SULD_OP: u64 = 0xeb0 << 52;

const SUST_OP: u64 = 0xeb2 << 52;

const SURED_OP: u64 = 0xeb4 << 52;

/// Bit 52: `.D`; bit 51: an immediate index.
pub(crate) const D: u64 = bit(52);

pub(crate) const IMM: u64 = bit(51);

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

/// Type 4 on the Pascal SMs, spelled `.F16x2.RN` (as ATOM/RED's type 4 there); the Pascal
/// copies of the type-4 rows (`_P6`) hold it.
pub(crate) const SURED_F16_P: ModGroup = grp!(SuSize, 20, 3, { 4 => ".F16x2.RN" });

/// A type-4 row of SM52 alone (its Pascal copy spells the type `.F16x2.RN`).
const fn sm52(r: OpSpec) -> OpSpec {
    OpSpec {
        until: Target::Sm52,
        ..r
    }
}

/// The Pascal copy of type-4 row `r`: its form `form`, its modifier groups `mods`.
const fn pascal(form: &'static str, mods: &'static [ModGroup], r: OpSpec) -> OpSpec {
    OpSpec {
        form,
        mods,
        since: Target::Sm60,
        until: Target::LAST,
        ..r
    }
}

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

const SUATOM_F16_P: ModGroup = ModGroup {
    field: f(51, 3),
    ..SURED_F16_P
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

const SUATOM_F16_MODS_P: &[ModGroup] = &[
    SUATOM_D,
    SUATOM_BA,
    SU_DIM,
    SUATOM_OPS,
    SUATOM_F16_P,
    SU_CLAMP,
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

const SUATOM_CAS_F16_MODS_P: &[ModGroup] = &[
    SUATOM_D,
    SUATOM_BA,
    SU_DIM,
    SUATOM_CAS,
    SUATOM_F16_P,
    SU_CLAMP,
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

const SURED_D_F16_MODS_P: &[ModGroup] = &[SU_D, SU_BA, SU_DIM, SURED_OPS, SURED_F16_P, SU_CLAMP];

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

// ---------------------------------------------------------------------------------------------
// SULD on SM50: SM52 reads bits 30-32 as the predicate output (breadth set E's `_PD` rows) and
// takes the forms without it only with them clear (`SULD_D`, `SULD_D_R`,
// `SULD_P`, `SULD_P_R`, all `since: Sm52`); SM50's nvdisasm ignores them and prints the form
// without the output. One SM50 row per SULD form (`until: Sm50`): the decoder passes over
// SM52's rows to it on SM50 ([`crate::codec::find_row_on`]), one word, one row per target.

/// Bits an SM50 SULD row ignores besides the index's: 26-29 as every SULD, and 30-32.
const SULD50_IGN: u64 = SU_IGN | bits(30, 32);

/// A SULD row of SM50 only.
const fn suld50(
    form: &'static str,
    opcode: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    OpSpec {
        since: Target::Sm50,
        until: Target::Sm50,
        ..var(Enc {
            op: Op::Suld,
            name: "SULD",
            form,
            opcode,
            mask: SU_MASK,
            mods,
            operands,
            ignored,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// SUATOM's other forms (breadth set E has `.D` with an immediate index). Bits 52-55 of 0xea.:
// 6 `.P`, 7 `.D` with a register index, c `.P.CAS`, d `.D.CAS` with a register index (4, 5,
// e, f rejected); bit 51 an immediate index (36-48) in the `.P` forms (rejected in the `.D`
// ones). Rd 0-7, [Ra] 8-15, Rb 20-27, `.BA` 28 (`.D`; ignored by `.P`), the operation 29-32
// (`.P.CAS`: 29-32 must be 0, other values print `???n`; `.D.CAS`: 29 ignored, 30-32 SM52's
// predicate output, 7 - P), dim 33-35, the type 36-38 (`.D`; ignored by `.P`), Rc 39-46
// (bits 47-48 ignored), clamp 49-50. SM52 adds 0xeb8-0xebb: `.D` with a register index and a
// predicate output at 51-53 (7 - P, 0 printing `PT`), the rest as 0xea7.

/// SUATOM.D's type at 36-38 (SURED's codes; 4 is SM52's, the rows before).
const SU_TYPE36: ModGroup = ModGroup {
    field: f(36, 3),
    ..SURED_TYPE
};

const SU_F16_36: ModGroup = ModGroup {
    field: f(36, 3),
    ..SURED_F16
};

const SU_F16_36_P: ModGroup = ModGroup {
    field: f(36, 3),
    ..SURED_F16_P
};

/// SM52's SUATOM.D output at 51-53 (7 - P, `PT` printed).
const PD51: OpKind = OpKind::SparsePred { f: f(51, 3) };

const P_MODS: &[ModGroup] = &[SU_P, SU_DIM, SUATOM_OPS, SU_CLAMP];

const P_CAS_MODS: &[ModGroup] = &[SU_P, SU_DIM, SUATOM_CAS, SU_CLAMP];

const D_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_OPS, SU_TYPE36, SU_CLAMP];

const D_F16_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_OPS, SU_F16_36, SU_CLAMP];

const D_F16_MODS_P: &[ModGroup] = &[
    SUATOM_D,
    SUATOM_BA,
    SU_DIM,
    SUATOM_OPS,
    SU_F16_36_P,
    SU_CLAMP,
];

const D_CAS_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_CAS, SU_TYPE36, SU_CLAMP];

const D_CAS_F16_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_CAS, SU_F16_36, SU_CLAMP];

const D_CAS_F16_MODS_P: &[ModGroup] = &[
    SUATOM_D,
    SUATOM_BA,
    SU_DIM,
    SUATOM_CAS,
    SU_F16_36_P,
    SU_CLAMP,
];

const OPS_R: &[OpKind] = &[reg(0, true), SU_ADDR, reg(20, false), SU_RC];

const OPS_I: &[OpKind] = &[reg(0, true), SU_ADDR, reg(20, false), SU_INDEX];

const OPS_R_PD: &[OpKind] = &[SU_PD, reg(0, true), SU_ADDR, reg(20, false), SU_RC];

const OPS_R_PD51: &[OpKind] = &[PD51, reg(0, true), SU_ADDR, reg(20, false), SU_RC];

const SUATOM_P: u64 = SUATOM_OP | 6 << 52;

const SUATOM_DR: u64 = SUATOM_OP | 7 << 52;

const SUATOM_P_CAS: u64 = SUATOM_OP | 0xc << 52;

const SUATOM_D_CAS: u64 = SUATOM_OP | 0xd << 52;

const SUATOM_D_PD: u64 = 0xeb8 << 52;

/// Bits 51-63: the opcode, the format and the immediate-index bit.
const SUATOM_MASK: u64 = bits(51, 63);

/// Bits a register-index form ignores: 36-38 and 47-48 (`.P`; `.D` has its type at 36-38).
const P_R_IGN: u64 = bit(28) | SU_RC_IGN;

/// Bits 30-32: clear in the `.D.CAS` rows without SM52's output.
const PD_BITS: u64 = bits(30, 32);

const TYPE_BITS: u64 = bits(36, 38);

/// A SUATOM row.
const fn suatom(
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
        ..var(Enc {
            op: Op::Suatom,
            name: "SUATOM",
            form,
            opcode,
            mask,
            mods,
            operands,
            ignored,
        })
    }
}

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth C ---
    // SM52's row: bits 30-32 clear (with them set the word is SM52's predicate-output
    // form, `SULD_D_PD`); SM50 ignores them (`SULD_D_SM50`).
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_D", opcode: 0xeb << 56 | bit(52) | bit(51), mask: SU_MASK | bits(30, 32), mods: &[SU_D, SU_BA, SU_DIM, SULD_COP, SU_SIZE, SU_CLAMP], operands: &[reg(0, true), SU_ADDR, SU_INDEX], ignored: SU_IGN }) },
    // SUST has no predicate output: bits 30-32 are ignored on both targets
    // (docs/research/maxwell-breadth-E.md).
    var(Enc { op: Op::Sust, name: "SUST", form: "SUST_D", opcode: 0xeb << 56 | bit(53) | bit(52) | bit(51), mask: SU_MASK, mods: &[SU_D, SU_BA, SU_DIM, SUST_COP, SU_SIZE, SU_CLAMP], operands: &[SU_ADDR, reg(0, false), SU_INDEX], ignored: SU_IGN | bits(30, 32) }),
    // --- breadth E ---
    // Surface rows of set E (breadth C has SULD.D and SUST.D with an immediate index).
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_D_R", opcode: SULD_OP | D, mask: SU_MASK | SULD_PD_BITS, mods: SULD_D_MODS, operands: &SULD_R, ignored: SU_IGN | SU_RC_IGN }) },
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_P", opcode: SULD_OP | IMM, mask: SU_MASK | SULD_PD_BITS, mods: SULD_P_MODS, operands: &SULD_I, ignored: SU_IGN }) },
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_P_R", opcode: SULD_OP, mask: SU_MASK | SULD_PD_BITS, mods: SULD_P_MODS, operands: &SULD_R, ignored: SU_IGN | SU_RC_IGN }) },
    // SM52: SULD's predicate output (bits 30-32 not clear), every form.
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_D_PD", opcode: SULD_OP | D | IMM, mask: SU_MASK, mods: SULD_D_MODS, operands: &SULD_I_PD, ignored: SU_IGN }) },
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_D_R_PD", opcode: SULD_OP | D, mask: SU_MASK, mods: SULD_D_MODS, operands: &SULD_R_PD, ignored: SU_IGN | SU_RC_IGN }) },
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_P_PD", opcode: SULD_OP | IMM, mask: SU_MASK, mods: SULD_P_MODS, operands: &SULD_I_PD, ignored: SU_IGN }) },
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suld, name: "SULD", form: "SULD_P_R_PD", opcode: SULD_OP, mask: SU_MASK, mods: SULD_P_MODS, operands: &SULD_R_PD, ignored: SU_IGN | SU_RC_IGN }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sust, name: "SUST", form: "SUST_D_R", opcode: SUST_OP | D, mask: SU_MASK, mods: SUST_D_MODS, operands: &SUST_R, ignored: SUST_IGN | SU_RC_IGN }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sust, name: "SUST", form: "SUST_P", opcode: SUST_OP | IMM, mask: SU_MASK, mods: SUST_P_MODS, operands: &SUST_I, ignored: SUST_IGN }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sust, name: "SUST", form: "SUST_P_R", opcode: SUST_OP, mask: SU_MASK, mods: SUST_P_MODS, operands: &SUST_R, ignored: SUST_IGN | SU_RC_IGN }) },
    // SUATOM: type 4 first (SM52 only), then the rest.
    sm52(OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_D_F16", opcode: SUATOM_OP | 4 << 51, mask: bits(51, 63), mods: SUATOM_F16_MODS, operands: &SUATOM_OPS_I, ignored: 0 }) }),
    pascal("SUATOM_D_F16_P6", SUATOM_F16_MODS_P, OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_D_F16", opcode: SUATOM_OP | 4 << 51, mask: bits(51, 63), mods: SUATOM_F16_MODS, operands: &SUATOM_OPS_I, ignored: 0 }) }),
    sm52(OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_CAS_F16", opcode: SUATOM_OP | bit(55) | 4 << 51, mask: bits(51, 63) | bits(30, 32), mods: SUATOM_CAS_F16_MODS, operands: &SUATOM_OPS_I, ignored: bit(29) }) }),
    pascal("SUATOM_CAS_F16_P6", SUATOM_CAS_F16_MODS_P, OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_CAS_F16", opcode: SUATOM_OP | bit(55) | 4 << 51, mask: bits(51, 63) | bits(30, 32), mods: SUATOM_CAS_F16_MODS, operands: &SUATOM_OPS_I, ignored: bit(29) }) }),
    sm52(OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_CAS_F16_PD", opcode: SUATOM_OP | bit(55) | 4 << 51, mask: bits(51, 63), mods: SUATOM_CAS_F16_MODS, operands: &SUATOM_OPS_I_PD, ignored: bit(29) }) }),
    pascal("SUATOM_CAS_F16_PD_P6", SUATOM_CAS_F16_MODS_P, OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_CAS_F16_PD", opcode: SUATOM_OP | bit(55) | 4 << 51, mask: bits(51, 63), mods: SUATOM_CAS_F16_MODS, operands: &SUATOM_OPS_I_PD, ignored: bit(29) }) }),
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_D", opcode: SUATOM_OP, mask: bits(54, 63), mods: SUATOM_MODS, operands: &SUATOM_OPS_I, ignored: 0 }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_CAS", opcode: SUATOM_OP | bit(55), mask: bits(54, 63) | bits(30, 32), mods: SUATOM_CAS_MODS, operands: &SUATOM_OPS_I, ignored: bit(29) }) },
    OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Suatom, name: "SUATOM", form: "SUATOM_CAS_PD", opcode: SUATOM_OP | bit(55), mask: bits(54, 63), mods: SUATOM_CAS_MODS, operands: &SUATOM_OPS_I_PD, ignored: bit(29) }) },
    // SURED: type 4 first (SM52 only), then the rest; bits 27-32 ignored (no predicate).
    sm52(OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_D_F16", opcode: SURED_OP | D | IMM | 4 << 20, mask: SU_MASK | bits(20, 22), mods: SURED_D_F16_MODS, operands: &SUST_I, ignored: bits(27, 32) }) }),
    pascal("SURED_D_F16_P6", SURED_D_F16_MODS_P, OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_D_F16", opcode: SURED_OP | D | IMM | 4 << 20, mask: SU_MASK | bits(20, 22), mods: SURED_D_F16_MODS, operands: &SUST_I, ignored: bits(27, 32) }) }),
    sm52(OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_D_F16_R", opcode: SURED_OP | D | 4 << 20, mask: SU_MASK | bits(20, 22), mods: SURED_D_F16_MODS, operands: &SUST_R, ignored: bits(27, 32) | SU_RC_IGN }) }),
    pascal("SURED_D_F16_R_P6", SURED_D_F16_MODS_P, OpSpec { since: Target::Sm52, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_D_F16_R", opcode: SURED_OP | D | 4 << 20, mask: SU_MASK | bits(20, 22), mods: SURED_D_F16_MODS, operands: &SUST_R, ignored: bits(27, 32) | SU_RC_IGN }) }),
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_D", opcode: SURED_OP | D | IMM, mask: SU_MASK, mods: SURED_D_MODS, operands: &SUST_I, ignored: bits(27, 32) }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_D_R", opcode: SURED_OP | D, mask: SU_MASK, mods: SURED_D_MODS, operands: &SUST_R, ignored: bits(27, 32) | SU_RC_IGN }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_P", opcode: SURED_OP | IMM, mask: SU_MASK, mods: SURED_P_MODS, operands: &SUST_I, ignored: bits(20, 23) | bits(27, 32) }) },
    OpSpec { since: Target::Sm50, ..var(Enc { op: Op::Sured, name: "SURED", form: "SURED_P_R", opcode: SURED_OP, mask: SU_MASK, mods: SURED_P_MODS, operands: &SUST_R, ignored: bits(20, 23) | bits(27, 32) | SU_RC_IGN }) },
    // --- breadth H ---
    // SULD's SM50 rows and SUATOM's forms of set H.
    suld50("SULD_D_SM50", SULD_OP | D | IMM, SULD_D_MODS, &SULD_I, SULD50_IGN),
    suld50("SULD_D_R_SM50", SULD_OP | D, SULD_D_MODS, &SULD_R, SULD50_IGN | SU_RC_IGN),
    suld50("SULD_P_SM50", SULD_OP | IMM, SULD_P_MODS, &SULD_I, SULD50_IGN),
    suld50("SULD_P_R_SM50", SULD_OP, SULD_P_MODS, &SULD_R, SULD50_IGN | SU_RC_IGN),
    suatom("SUATOM_P_R", SUATOM_P, SUATOM_MASK, P_MODS, OPS_R, P_R_IGN | TYPE_BITS, Target::Sm50),
    suatom("SUATOM_P_I", SUATOM_P | IMM, SUATOM_MASK, P_MODS, OPS_I, bit(28), Target::Sm50),
    sm52(suatom("SUATOM_D_R_F16", SUATOM_DR | 4 << 36, SUATOM_MASK | TYPE_BITS, D_F16_MODS, OPS_R, SU_RC_IGN & !TYPE_BITS, Target::Sm52)),
    pascal("SUATOM_D_R_F16_P6", D_F16_MODS_P, suatom("SUATOM_D_R_F16", SUATOM_DR | 4 << 36, SUATOM_MASK | TYPE_BITS, D_F16_MODS, OPS_R, SU_RC_IGN & !TYPE_BITS, Target::Sm52)),
    suatom("SUATOM_D_R", SUATOM_DR, SUATOM_MASK, D_MODS, OPS_R, SU_RC_IGN & !TYPE_BITS, Target::Sm50),
    suatom("SUATOM_P_CAS_R", SUATOM_P_CAS, SUATOM_MASK | bits(29, 32), P_CAS_MODS, OPS_R, P_R_IGN | TYPE_BITS, Target::Sm50),
    suatom("SUATOM_P_CAS_I", SUATOM_P_CAS | IMM, SUATOM_MASK | bits(29, 32), P_CAS_MODS, OPS_I, bit(28), Target::Sm50),
    sm52(suatom("SUATOM_D_CAS_R_F16", SUATOM_D_CAS | 4 << 36, SUATOM_MASK | PD_BITS | TYPE_BITS, D_CAS_F16_MODS, OPS_R, bit(29) | (SU_RC_IGN & !TYPE_BITS), Target::Sm52)),
    pascal("SUATOM_D_CAS_R_F16_P6", D_CAS_F16_MODS_P, suatom("SUATOM_D_CAS_R_F16", SUATOM_D_CAS | 4 << 36, SUATOM_MASK | PD_BITS | TYPE_BITS, D_CAS_F16_MODS, OPS_R, bit(29) | (SU_RC_IGN & !TYPE_BITS), Target::Sm52)),
    sm52(suatom("SUATOM_D_CAS_R_F16_PD", SUATOM_D_CAS | 4 << 36, SUATOM_MASK | TYPE_BITS, D_CAS_F16_MODS, OPS_R_PD, bit(29) | (SU_RC_IGN & !TYPE_BITS), Target::Sm52)),
    pascal("SUATOM_D_CAS_R_F16_PD_P6", D_CAS_F16_MODS_P, suatom("SUATOM_D_CAS_R_F16_PD", SUATOM_D_CAS | 4 << 36, SUATOM_MASK | TYPE_BITS, D_CAS_F16_MODS, OPS_R_PD, bit(29) | (SU_RC_IGN & !TYPE_BITS), Target::Sm52)),
    suatom("SUATOM_D_CAS_R", SUATOM_D_CAS, SUATOM_MASK | PD_BITS, D_CAS_MODS, OPS_R, bit(29) | (SU_RC_IGN & !TYPE_BITS), Target::Sm50),
    suatom("SUATOM_D_CAS_R_PD", SUATOM_D_CAS, SUATOM_MASK, D_CAS_MODS, OPS_R_PD, bit(29) | (SU_RC_IGN & !TYPE_BITS), Target::Sm52),
    sm52(suatom("SUATOM_D_PD_F16", SUATOM_D_PD | 4 << 36, bits(54, 63) | TYPE_BITS, D_F16_MODS, OPS_R_PD51, SU_RC_IGN & !TYPE_BITS, Target::Sm52)),
    pascal("SUATOM_D_PD_F16_P6", D_F16_MODS_P, suatom("SUATOM_D_PD_F16", SUATOM_D_PD | 4 << 36, bits(54, 63) | TYPE_BITS, D_F16_MODS, OPS_R_PD51, SU_RC_IGN & !TYPE_BITS, Target::Sm52)),
    suatom("SUATOM_D_PD", SUATOM_D_PD, bits(54, 63), D_MODS, OPS_R_PD51, SU_RC_IGN & !TYPE_BITS, Target::Sm52),
];
