//! Breadth set H of the Maxwell table: the last non-graphics words nvdisasm 11.8 decodes that
//! the earlier sets left out. CCTL's operation 0 (`.QRY1`, printed without a space before
//! the address), SM52's ATOM with a predicate output (0xee6/0xee7), SULD on SM50 with bits
//! 30-32 set (SM52's predicate output, which SM50 ignores), and SUATOM's register-index and
//! `.P` forms and SM52's predicate outputs. Bit positions and spellings from nvdisasm 11.8
//! (`docs/research/maxwell-breadth-H.md`; `scripts/research/sweep_breadthH.py` writes the
//! checks into `tests/data/maxwell-breadth-H.tsv`, `tests/breadth_h.rs` replays them).
//!
//! No row here has a functional model: surface rows carry no memory facts, and the executor
//! refuses an ATOM with a predicate output (what SM52 writes to the predicate is documented
//! nowhere public), so it faults `unsupported` on all of them. CCTL.QRY1 runs as CCTL does.

use crate::rowkit::*;
use crate::rows_b::{
    ATOM_OP, ATOM_TYPES, CAS, CCTL_CACHE, CCTL_E, E48, RZ_LIT, SZ32, SZ64, atomic, pair, sz64_at,
    types,
};
use crate::rows_c::{SU_ADDR, SU_CLAMP, SU_DIM, SU_IGN, SU_INDEX, reg};
use crate::rows_e::{
    D, IMM, SU_MASK, SU_P, SU_PD, SU_RC, SU_RC_IGN, SUATOM_BA, SUATOM_CAS, SUATOM_D, SUATOM_OP,
    SUATOM_OPS, SULD_D_MODS, SULD_I, SULD_OP, SULD_P_MODS, SULD_R, SURED_F16, SURED_TYPE, su,
};
use crate::rows_f::F16X2;
use crate::table::{
    CctlAction, MemKind, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, Space, Target, ValSem,
};

// ---------------------------------------------------------------------------------------------
// CCTL.QRY1: operation 0 of CCTL (bits 0-3). Every other field is CCTL's (`.E` 52, cache
// 4-6, the signed word offset 22-51; bits 7, 20-21 ignored); nvdisasm prints the address
// right after the mnemonic (`CCTL.E.C.QRY1[R5+0x14]`), which [`OpSpec::glued`] says. CCTLL
// has no operation 0 (nvdisasm rejects it).

/// `.QRY1`: CCTL's operation 0, fixed by the row.
const QRY1: ModGroup = ModGroup {
    id: ModId::CctlOp,
    field: f(0, 0),
    hi: None,
    vals: &[ModVal {
        value: 0,
        text: ".QRY1",
        aliases: &[],
        sem: ValSem::Cctl(CctlAction::Query),
    }],
    at: None,
    alt: None,
};

// ---------------------------------------------------------------------------------------------
// SM52's ATOM with a predicate output (SM50 rejects both opcodes). 0xee6: `ATOM.op.type Pd,
// Rd, [Ra], Rb` with no address offset: Rd 0-7, Ra 8-15 (never `RZ`: nvdisasm rejects it), Rb 20-27, Pd 41-43 (stored as
// 7 - P; 0 prints `PT`), the operation 44-47 (ATOM's codes), `.E` 48, the type 49-51
// (ATOM's codes; 4 is `.F16x2.FTZ.RN`, the row before); bits 28-40 ignored. 0xee7: the CAS
// forms, as ATOM.CAS's (`.64` 49, an `RZ` operand 50 or 51) with Pd 41-43 and bits 28-40,
// 44-47 ignored.

/// The predicate output at 41-43 (7 - P, `PT` printed).
const PD41: OpKind = OpKind::SparsePred { f: f(41, 3) };
/// ATOM's operation at 44-47.
const ATOM_OP44: ModGroup = ModGroup {
    field: f(44, 4),
    ..ATOM_OP
};
/// `[Ra]`: no offset, and nvdisasm rejects `RZ` there.
const ADDR: OpKind = OpKind::MemNoRz { ra: f(8, 8) };
const ATOM_PD_OPS: &[OpKind] = &[PD41, reg(0, true), ADDR, reg(20, false)];
const ATOM_PD_IGN: u64 = bits(28, 40);
const ATOM_PD: u64 = 0xee6 << 52;
const ATOM_CAS_PD: u64 = 0xee7 << 52;
const OPC12: u64 = bits(52, 63);

/// An ATOM row with SM52's predicate output: a global atomic (its memory facts), SM52 only.
const fn atom_pd(
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    OpSpec {
        form,
        since: Target::Sm52,
        ..atomic(
            Op::Atom,
            "ATOM",
            opcode,
            mask,
            mods,
            operands,
            ignored,
            Space::Global,
            MemKind::Atomic,
        )
    }
}

/// Rows tried before other sets' rows of the same words (chained before `rows_b`'s
/// atomics in [`crate::codec::ROWS`]): CCTL.QRY1, whose general row has no operation 0, and
/// the ATOM forms with a predicate output, whose opcodes ATOMS.CAS's row (operation 3 at
/// 53-54, which it rejects) also matches.
pub static ROWS_H_FIRST: &[OpSpec] = &[
    OpSpec {
        glued: true,
        ..row(
            Op::Cctl,
            "CCTL",
            "CCTL_QRY1",
            0xef6 << 52,
            0xffe0_0000_0000_0000 | bits(0, 3),
            &[CCTL_E, CCTL_CACHE, QRY1],
            &[OpKind::MemW {
                ra: f(8, 8),
                imm: f(22, 30),
            }],
            bit(7) | bits(20, 21),
            crate::table::Latency::Variable,
            crate::table::Flow::Next,
        )
    },
    atom_pd(
        "ATOM_PD_F16X2",
        ATOM_PD | 4 << 49,
        OPC12 | bits(49, 51),
        &[E48, ATOM_OP44, types(49, F16X2)],
        ATOM_PD_OPS,
        ATOM_PD_IGN,
    ),
    atom_pd(
        "ATOM_PD",
        ATOM_PD,
        OPC12,
        &[E48, ATOM_OP44, types(49, ATOM_TYPES)],
        ATOM_PD_OPS,
        ATOM_PD_IGN,
    ),
    atom_pd(
        "ATOM_CAS_PD",
        ATOM_CAS_PD,
        OPC12 | bits(49, 51),
        &[E48, CAS, SZ32],
        &[PD41, reg(0, true), ADDR, pair(20, 0), pair(20, 1)],
        ATOM_PD_IGN | bits(44, 47),
    ),
    atom_pd(
        "ATOM_CAS64_PD",
        ATOM_CAS_PD | bit(49),
        OPC12 | bits(49, 51),
        &[E48, CAS, SZ64],
        &[PD41, reg(0, true), ADDR, pair(20, 0), pair(20, 2)],
        ATOM_PD_IGN | bits(44, 47),
    ),
    atom_pd(
        "ATOM_CAS_RZ1_PD",
        ATOM_CAS_PD | bit(50),
        OPC12 | bits(50, 51),
        &[E48, CAS, sz64_at(49)],
        &[PD41, reg(0, true), ADDR, reg(20, false), RZ_LIT],
        ATOM_PD_IGN | bits(44, 47),
    ),
    atom_pd(
        "ATOM_CAS_RZ2_PD",
        ATOM_CAS_PD | bit(51),
        OPC12 | bits(50, 51),
        &[E48, CAS, sz64_at(49)],
        &[PD41, reg(0, true), ADDR, RZ_LIT, pair(20, 0)],
        ATOM_PD_IGN | bits(44, 47),
    ),
];

// ---------------------------------------------------------------------------------------------
// SULD on SM50: SM52 reads bits 30-32 as the predicate output (`rows_e`'s `_PD` rows) and
// takes the forms without it only with them clear (`rows_c::SULD_D`, `rows_e::SULD_D_R`,
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
        until: Target::Sm50,
        ..su(
            Op::Suld,
            "SULD",
            form,
            opcode,
            SU_MASK,
            mods,
            operands,
            ignored,
            Target::Sm50,
        )
    }
}

// ---------------------------------------------------------------------------------------------
// SUATOM's other forms (`rows_e` has `.D` with an immediate index). Bits 52-55 of 0xea.:
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
/// SM52's SUATOM.D output at 51-53 (7 - P, `PT` printed).
const PD51: OpKind = OpKind::SparsePred { f: f(51, 3) };

const P_MODS: &[ModGroup] = &[SU_P, SU_DIM, SUATOM_OPS, SU_CLAMP];
const P_CAS_MODS: &[ModGroup] = &[SU_P, SU_DIM, SUATOM_CAS, SU_CLAMP];
const D_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_OPS, SU_TYPE36, SU_CLAMP];
const D_F16_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_OPS, SU_F16_36, SU_CLAMP];
const D_CAS_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_CAS, SU_TYPE36, SU_CLAMP];
const D_CAS_F16_MODS: &[ModGroup] = &[SUATOM_D, SUATOM_BA, SU_DIM, SUATOM_CAS, SU_F16_36, SU_CLAMP];

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
    su(
        Op::Suatom,
        "SUATOM",
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
        since,
    )
}

/// SULD's SM50 rows and SUATOM's forms of set H (chained after the other sets).
pub static ROWS_H: &[OpSpec] = &[
    suld50(
        "SULD_D_SM50",
        SULD_OP | D | IMM,
        SULD_D_MODS,
        &SULD_I,
        SULD50_IGN,
    ),
    suld50(
        "SULD_D_R_SM50",
        SULD_OP | D,
        SULD_D_MODS,
        &SULD_R,
        SULD50_IGN | SU_RC_IGN,
    ),
    suld50(
        "SULD_P_SM50",
        SULD_OP | IMM,
        SULD_P_MODS,
        &SULD_I,
        SULD50_IGN,
    ),
    suld50(
        "SULD_P_R_SM50",
        SULD_OP,
        SULD_P_MODS,
        &SULD_R,
        SULD50_IGN | SU_RC_IGN,
    ),
    suatom(
        "SUATOM_P_R",
        SUATOM_P,
        SUATOM_MASK,
        P_MODS,
        OPS_R,
        P_R_IGN | TYPE_BITS,
        Target::Sm50,
    ),
    suatom(
        "SUATOM_P_I",
        SUATOM_P | IMM,
        SUATOM_MASK,
        P_MODS,
        OPS_I,
        bit(28),
        Target::Sm50,
    ),
    suatom(
        "SUATOM_D_R_F16",
        SUATOM_DR | 4 << 36,
        SUATOM_MASK | TYPE_BITS,
        D_F16_MODS,
        OPS_R,
        SU_RC_IGN & !TYPE_BITS,
        Target::Sm52,
    ),
    suatom(
        "SUATOM_D_R",
        SUATOM_DR,
        SUATOM_MASK,
        D_MODS,
        OPS_R,
        SU_RC_IGN & !TYPE_BITS,
        Target::Sm50,
    ),
    suatom(
        "SUATOM_P_CAS_R",
        SUATOM_P_CAS,
        SUATOM_MASK | bits(29, 32),
        P_CAS_MODS,
        OPS_R,
        P_R_IGN | TYPE_BITS,
        Target::Sm50,
    ),
    suatom(
        "SUATOM_P_CAS_I",
        SUATOM_P_CAS | IMM,
        SUATOM_MASK | bits(29, 32),
        P_CAS_MODS,
        OPS_I,
        bit(28),
        Target::Sm50,
    ),
    suatom(
        "SUATOM_D_CAS_R_F16",
        SUATOM_D_CAS | 4 << 36,
        SUATOM_MASK | PD_BITS | TYPE_BITS,
        D_CAS_F16_MODS,
        OPS_R,
        bit(29) | (SU_RC_IGN & !TYPE_BITS),
        Target::Sm52,
    ),
    suatom(
        "SUATOM_D_CAS_R_F16_PD",
        SUATOM_D_CAS | 4 << 36,
        SUATOM_MASK | TYPE_BITS,
        D_CAS_F16_MODS,
        OPS_R_PD,
        bit(29) | (SU_RC_IGN & !TYPE_BITS),
        Target::Sm52,
    ),
    suatom(
        "SUATOM_D_CAS_R",
        SUATOM_D_CAS,
        SUATOM_MASK | PD_BITS,
        D_CAS_MODS,
        OPS_R,
        bit(29) | (SU_RC_IGN & !TYPE_BITS),
        Target::Sm50,
    ),
    suatom(
        "SUATOM_D_CAS_R_PD",
        SUATOM_D_CAS,
        SUATOM_MASK,
        D_CAS_MODS,
        OPS_R_PD,
        bit(29) | (SU_RC_IGN & !TYPE_BITS),
        Target::Sm52,
    ),
    suatom(
        "SUATOM_D_PD_F16",
        SUATOM_D_PD | 4 << 36,
        bits(54, 63) | TYPE_BITS,
        D_F16_MODS,
        OPS_R_PD51,
        SU_RC_IGN & !TYPE_BITS,
        Target::Sm52,
    ),
    suatom(
        "SUATOM_D_PD",
        SUATOM_D_PD,
        bits(54, 63),
        D_MODS,
        OPS_R_PD51,
        SU_RC_IGN & !TYPE_BITS,
        Target::Sm52,
    ),
];
