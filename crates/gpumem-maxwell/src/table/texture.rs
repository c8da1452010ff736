//! Texture fetches and queries (TEX, TEXS, TLD, TLDS, TLD4, TLD4S, TXD, TXQ, TXA,
//! TMML) and texture cache control (CCTLT). A texture op's phase (`.T`, `.P`) is no bit
//! of the instruction word: nvdisasm reads it from the control slot's reuse bits 0-1
//! ([`OpSpec::ctrl_mod`](super::OpSpec::ctrl_mod)). SM52's predicate output (bits
//! 51-53) is a row of its own, `since: Sm52`, beside the row whose opcode fixes those
//! bits to 7. None of these rows has a functional model.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    DIM, Enc, OP, PHASE, PHASE_BITS, SU_INDEX, TEX_DIM, WMASK, bit, bits, f, ops, reg, var,
};
use super::{ModGroup, ModId, ModVal, Op, OpKind, OpSpec, Target, ValSem};

pub(crate) const NODEP: ModGroup = flag!(Nodep, 49, ".NODEP");

/// A texture row: variable latency, the phase group (last of `mods`) in the control slot.
pub(crate) const fn tex(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
) -> OpSpec {
    OpSpec {
        ctrl_mod: Some((mods.len() as u8 - 1, PHASE_BITS)),
        ..var(Enc {
            op,
            name,
            form,
            opcode,
            mask,
            mods,
            operands,
            ignored: 0,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// TEXS / TLDS: two destinations (Rd at 28-35 printed first, Rd2 at 0-7), Ra, Rb (not
// printed when RZ), the texture index (36-48), one code for lod and dimension (53-56) and
// the component swizzle (50-52), whose names depend on whether Rd is RZ.

/// The joint lod + dimension code of TEXS (bits 53-56): the lod part.
pub(crate) const TEXS_LOD: ModGroup = grp!(Lod, 53, 4, {
    0 => ".LZ", 1 => "", 2 => ".LZ", 3 => ".LL", 4 => ".DC", 5 => ".LL.DC", 6 => ".LZ.DC",
    7 => "", 8 => ".LZ", 9 => ".LZ.DC", 10 => "", 11 => ".LZ", 12 => "", 13 => ".LL",
});

/// ... and its dimension part.
const TEXS_DIM: &[&str] = &[
    "1D", "2D", "2D", "2D", "2D", "2D", "2D", "ARRAY_2D", "ARRAY_2D", "ARRAY_2D", "3D", "3D",
    "CUBE", "CUBE",
];

/// TLDS's joint code (3, 9-11, 13-15 rejected).
pub(crate) const TLDS_LOD: ModGroup = grp!(Lod, 53, 4, {
    0 => ".LZ", 1 => ".LL", 2 => ".LZ", 4 => ".LZ.AOFFI", 5 => ".LL", 6 => ".LZ.MS",
    7 => ".LZ", 8 => ".LZ", 12 => ".LL.AOFFI",
});

const TLDS_DIM: &[&str] = &[
    "1D", "1D", "2D", "", "2D", "2D", "2D", "3D", "ARRAY_2D", "", "", "", "2D",
];

/// The component swizzle with three or four components (Rd not RZ); 5-7 are nvdisasm's
/// `INVALID5`-`INVALID7`.
const SWZ4: &[&str] = &["RGB", "RGA", "RBA", "GBA", "RGBA"];

/// ... with one or two (Rd = RZ).
const SWZ2: &[&str] = &["R", "G", "B", "A", "RG", "RA", "GA", "BA"];

const fn short_ops(dim: &'static [&'static str]) -> [OpKind; 7] {
    [
        reg(28, true),
        reg(0, true),
        reg(8, false),
        OpKind::RegHideRz {
            f: f(20, 8),
            write: false,
        },
        OpKind::UImm {
            f: f(36, 13),
            hide: None,
            signed_if: None,
        },
        OpKind::Name {
            f: f(53, 4),
            names: dim,
            rz: None,
        },
        OpKind::Name {
            f: f(50, 3),
            names: SWZ4,
            rz: Some((f(28, 8), SWZ2)),
        },
    ]
}

pub(crate) const TEXS_OPS: [OpKind; 7] = short_ops(TEXS_DIM);

pub(crate) const TLDS_OPS: [OpKind; 7] = short_ops(TLDS_DIM);

// ---------------------------------------------------------------------------------------------
// TEX.B: the bindless fetch, handle in a register (0xdeb8: bits 54-56 = 2 select TEX.B among
// TXD/TLD4/TLD4S; bits 51-53 = 7 on SM50, a predicate output on SM52: not modelled).

/// TEX.B's `.B`, fixed by the row.
const TEX_B: ModGroup = ModGroup {
    id: ModId::Mode,
    field: f(0, 0),
    hi: None,
    vals: &[ModVal {
        value: 1,
        text: ".B",
        aliases: &[],
        sem: ValSem::None,
    }],
    at: None,
    alt: None,
};

/// TEX.B's lod mode (bits 37-39; 4-5 are nvdisasm's `INVALIDBLOD4/5`).
const TEXB_LOD: ModGroup = grp!(Lod, 37, 3, {
    0 => "", 1 => ".LZ", 2 => ".LB", 3 => ".LL", 6 => ".LBA", 7 => ".LLA",
});

const TEXB_OPS: [OpKind; 6] = [
    reg(0, true),
    reg(8, false),
    OpKind::RegHideRz {
        f: f(20, 8),
        write: false,
    },
    // The bindless form has no texture index: nvdisasm prints `0x0`.
    OpKind::UImm {
        f: f(0, 0),
        hide: None,
        signed_if: None,
    },
    OpKind::Name {
        f: f(28, 3),
        names: TEX_DIM,
        rz: None,
    },
    // The component write mask, printed in hex.
    OpKind::UImm {
        f: f(31, 4),
        hide: None,
        signed_if: None,
    },
];

const AOFFI: ModGroup = flag!(Aoffi, 36, ".AOFFI");

/// TEX's lod mode (bits 55-57, spelled as TEX.B's).
const TEX_LOD: ModGroup = grp!(Lod, 55, 3, {
    0 => "", 1 => ".LZ", 2 => ".LB", 3 => ".LL", 6 => ".LBA", 7 => ".LLA",
});

const TEX_AOFFI: ModGroup = flag!(Aoffi, 54, ".AOFFI");

const TEX_OPS: [OpKind; 6] = [
    reg(0, true),
    reg(8, false),
    OpKind::RegHideRz {
        f: f(20, 8),
        write: false,
    },
    OpKind::UImm {
        f: f(36, 13),
        hide: None,
        signed_if: None,
    },
    OpKind::Name {
        f: f(28, 3),
        names: TEX_DIM,
        rz: None,
    },
    OpKind::UImm {
        f: f(31, 4),
        hide: None,
        signed_if: None,
    },
];

const DC: ModGroup = flag!(Dc, 50, ".DC");

pub(crate) const NDV: ModGroup = flag!(Ndv, 35, ".NDV");

/// `.LC` (bit 40, SM52 only; SM50 rejects the bit), fixed by its row.
const TEX_LC: ModGroup = ModGroup {
    id: ModId::Lc,
    field: f(0, 0),
    hi: None,
    vals: &[ModVal {
        value: 1,
        text: ".LC",
        aliases: &[],
        sem: ValSem::None,
    }],
    at: None,
    alt: None,
};

/// A TEX.B row: bit 40 is `lc` (0 or set); bits 41-48 are ignored.
const fn tex_b(form: &'static str, lc: u64, mods: &'static [ModGroup]) -> OpSpec {
    OpSpec {
        ignored: bits(41, 48),
        ..tex(
            Op::Tex,
            "TEX",
            form,
            0xdeb8 << 48 | lc,
            bits(51, 63) | bit(40),
            mods,
            &TEXB_OPS,
        )
    }
}

/// TXQ's query (bits 22-27), by code. Codes 1, 2, 5, 16, 18, 20 and 22 have names; every
/// other even code from 6 up prints half its value in decimal (`TXQ R25, R25, 3, ...` for
/// code 6); 0, 3, 4 and the odd codes from 7 up are rejected (empty names).
const TXQ_QUERY: &[&str] = &[
    "",
    "TEX_HEADER_DIMENSION",
    "TEX_HEADER_TEXTURE_TYPE",
    "",
    "",
    "TEX_HEADER_SAMPLER_POS",
    "3",
    "",
    "4",
    "",
    "5",
    "",
    "6",
    "",
    "7",
    "",
    "TEX_SAMPLER_FILTER",
    "",
    "TEX_SAMPLER_LOD",
    "",
    "TEX_SAMPLER_WRAP",
    "",
    "TEX_SAMPLER_BORDER_COLOR",
    "",
    "12",
    "",
    "13",
    "",
    "14",
    "",
    "15",
    "",
    "16",
    "",
    "17",
    "",
    "18",
    "",
    "19",
    "",
    "20",
    "",
    "21",
    "",
    "22",
    "",
    "23",
    "",
    "24",
    "",
    "25",
    "",
    "26",
    "",
    "27",
    "",
    "28",
    "",
    "29",
    "",
    "30",
    "",
    "31",
];

/// The texture index (bits 36-48), printed in hex.
const INDEX: OpKind = OpKind::UImm {
    f: f(36, 13),
    hide: None,
    signed_if: None,
};

/// A bindless form's texture index: none in the word, printed `0x0`.
const NO_INDEX: OpKind = OpKind::UImm {
    f: f(0, 0),
    hide: None,
    signed_if: None,
};

const QUERY: OpKind = OpKind::Name {
    f: f(22, 6),
    names: TXQ_QUERY,
    rz: None,
};

const TXQ_OPS: [OpKind; 5] = [reg(0, true), reg(8, false), QUERY, INDEX, WMASK];

const TXQ_B_OPS: [OpKind; 5] = [reg(0, true), reg(8, false), QUERY, NO_INDEX, WMASK];

const TXA_OPS: [OpKind; 4] = [reg(0, true), reg(8, false), INDEX, WMASK];

const TMML_OPS: [OpKind; 5] = [reg(0, true), reg(8, false), INDEX, DIM, WMASK];

const TMML_B_OPS: [OpKind; 6] = [
    reg(0, true),
    reg(8, false),
    OpKind::RegHideRz {
        f: f(20, 8),
        write: false,
    },
    NO_INDEX,
    DIM,
    WMASK,
];

// TLD4S: two destinations (Rd at 28-35 printed first, Rd2 at 0-7), Ra, Rb (printed even
// when RZ), the texture index; the gathered component 52-53, `.AOFFI` 51, `.DC` 50.
const TLD4S_OPS: [OpKind; 5] = [
    reg(28, true),
    reg(0, true),
    reg(8, false),
    reg(20, false),
    INDEX,
];

const GATHER: ModGroup = grp!(Gather, 52, 2, { 0 => ".R", 1 => ".G", 2 => ".B", 3 => ".A" });

const TLD4S_AOFFI: ModGroup = flag!(Aoffi, 51, ".AOFFI");

/// `.B`: the bindless form (the handle in a register), fixed by the row.
const BINDLESS: ModGroup = fixed!(Mode, ".B");

/// `.LC` (SM52 only), fixed by the row.
const LC: ModGroup = fixed!(Lc, ".LC");

/// SM52's predicate output, bits 51-53 (7 = none: the SM50 row's word).
const PD: OpKind = OpKind::PredOut {
    f: f(51, 3),
    inv: false,
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

// TLD4 on the Pascal SMs: bit 35 (`.NDV` on Maxwell) is ignored (nvdisasm -b SM60/SM61/SM62
// prints the same text with it set or clear), so the Maxwell rows end at SM52 and the
// Pascal copies (`_P6`) have no `.NDV` group.

const TLD4_MODS_P6: &[ModGroup] = &[TLD4_GATHER, TLD4_OFF, TLD4_DC, NODEP, PHASE];

const TLD4B_MODS_P6: &[ModGroup] = &[TLD4B_GATHER, BINDLESS, TLD4B_OFF, TLD4_DC, NODEP, PHASE];

/// A row of the Maxwell SMs alone (the Pascal SMs have a copy of their own).
const fn maxwell(r: OpSpec) -> OpSpec {
    OpSpec {
        until: Target::Sm52,
        ..r
    }
}

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

const TEX_DC: ModGroup = flag!(Dc, 50, ".DC");

const TEXB_AOFFI: ModGroup = flag!(Aoffi, 36, ".AOFFI");

const TEX_MODS: &[ModGroup] = &[TEX_LOD, TEX_AOFFI, TEX_DC, NDV, NODEP, PHASE];

const TEX_LC_MODS: &[ModGroup] = &[TEX_LOD, LC, TEX_AOFFI, TEX_DC, NDV, NODEP, PHASE];

const TEXB_MODS: &[ModGroup] = &[BINDLESS, TEXB_LOD, TEXB_AOFFI, TEX_DC, NDV, NODEP, PHASE];

const TEXB_LC_MODS: &[ModGroup] = &[
    BINDLESS, TEXB_LOD, LC, TEXB_AOFFI, TEX_DC, NDV, NODEP, PHASE,
];

/// TEX.B's `[Rd, Ra, Rb, 0x0, dim, mask]` with Pd first.
const TEXB_OPS_P: [OpKind; 7] = ops_p(RB_HIDE, NO_INDEX);

// ---------------------------------------------------------------------------------------------
// CCTLT: texture cache control. Operation in bits 0-1 (0 `.IVALL`, 1 `.IVTH`; 2-3 are
// nvdisasm's `INVALIDCCTLTOP2/3`), fixed by each row. Immediate form (0xebf0): `.IVTH`'s
// header index 36-48 (printed in hex), `.IVALL` has none (bits 36-48 must be clear); bits
// 2-15, 20-35 and 49-50 ignored. Register form (0xebe8): `.IVTH Rc` (39-46) only; bits 2-15,
// 20-38 and 47-50 ignored.

const IVALL: ModGroup = fixed!(CctlOp, ".IVALL");

const IVTH: ModGroup = fixed!(CctlOp, ".IVTH");

const CCTLT_IGN: u64 = bits(2, 15) | bits(20, 35) | bits(49, 50);

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth C ---
    // Texture and surface rows, B2R, VABSDIFF4.
    tex(
        Op::Texs,
        "TEXS",
        "TEXS",
        0xd8 << 56,
        bits(57, 63),
        &[TEXS_LOD, NODEP, PHASE],
        &TEXS_OPS,
    ),
    tex(
        Op::Tlds,
        "TLDS",
        "TLDS",
        0xda << 56,
        bits(57, 63),
        &[TLDS_LOD, NODEP, PHASE],
        &TLDS_OPS,
    ),
    // TEX: the texture by index (0xc0: bits 59-63; bits 51-53 = 7 on SM50, a predicate
    // output on SM52: not modelled), lod 55-57, `.AOFFI` 54, `.LC` 58 (SM52).
    OpSpec {
        ..tex(
            Op::Tex,
            "TEX",
            "TEX",
            0xc0 << 56 | 7 << 51,
            bits(59, 63) | bits(51, 53) | bit(58),
            &[TEX_LOD, TEX_AOFFI, DC, NDV, NODEP, PHASE],
            &TEX_OPS,
        )
    },
    OpSpec {
        since: Target::Sm52,
        ..tex(
            Op::Tex,
            "TEX",
            "TEX_LC",
            0xc0 << 56 | 7 << 51 | bit(58),
            bits(59, 63) | bits(51, 53) | bit(58),
            &[TEX_LOD, TEX_LC, TEX_AOFFI, DC, NDV, NODEP, PHASE],
            &TEX_OPS,
        )
    },
    tex_b("TEX_B", 0, &[TEX_B, TEXB_LOD, AOFFI, DC, NDV, NODEP, PHASE]),
    OpSpec { since: Target::Sm52, ..tex_b("TEX_B_LC", bit(40), &[TEX_B, TEXB_LOD, TEX_LC, AOFFI, DC, NDV, NODEP, PHASE]) },
    // --- breadth D ---
    // Texture queries and the level-of-detail query.
    // TXQ (0xdf48): bits 20-21, 28-30, 35 and 50 are ignored.
    OpSpec {
        ignored: bits(20, 21) | bits(28, 30) | bit(35) | bit(50),
        ..tex(
            Op::Txq,
            "TXQ",
            "TXQ",
            0xdf48 << 48,
            OP,
            &[NODEP, PHASE],
            &TXQ_OPS,
        )
    },
    // TXQ.B (0xdf50): the handle in Ra, no index (bits 36-48 ignored too).
    OpSpec {
        ignored: bits(20, 21) | bits(28, 30) | bit(35) | bits(36, 48) | bit(50),
        ..tex(
            Op::Txq,
            "TXQ",
            "TXQ_B",
            0xdf50 << 48,
            OP,
            &[fixed!(".B"), NODEP, PHASE],
            &TXQ_B_OPS,
        )
    },
    // TXA (0xdf40): bits 20-30 and 50 are ignored.
    OpSpec {
        ignored: bits(20, 30) | bit(50),
        ..tex(
            Op::Txa,
            "TXA",
            "TXA",
            0xdf40 << 48,
            OP,
            &[NDV, NODEP, PHASE],
            &TXA_OPS,
        )
    },
    // TMML.LOD (0xdf58): Rb (20-27) and bit 50 are ignored.
    OpSpec {
        ignored: bits(20, 27) | bit(50),
        ..tex(
            Op::Tmml,
            "TMML",
            "TMML",
            0xdf58 << 48,
            OP,
            &[fixed!(".LOD"), NDV, NODEP, PHASE],
            &TMML_OPS,
        )
    },
    // TMML.B.LOD (0xdf60): Rb printed unless RZ, no index (36-48 ignored), 50 ignored.
    OpSpec {
        ignored: bits(36, 48) | bit(50),
        ..tex(
            Op::Tmml,
            "TMML",
            "TMML_B",
            0xdf60 << 48,
            OP,
            &[fixed!(".B.LOD"), NDV, NODEP, PHASE],
            &TMML_B_OPS,
        )
    },
    // TLD4S (0xdf0, bits 54-63; bit 55 is `.F16` on SM52, rejected by SM50).
    tex(
        Op::Tld4s,
        "TLD4S",
        "TLD4S",
        0xdf00 << 48,
        bits(54, 63),
        &[GATHER, TLD4S_AOFFI, DC, NODEP, PHASE],
        &TLD4S_OPS,
    ),
    OpSpec {
        since: Target::Sm52,
        ..tex(
            Op::Tld4s,
            "TLD4S",
            "TLD4S_F16",
            0xdf00 << 48 | bit(55),
            bits(54, 63),
            &[fixed!(F16, ".F16"), GATHER, TLD4S_AOFFI, DC, NODEP, PHASE],
            &TLD4S_OPS,
        )
    },
    // TEXS.F16, TLDS.F16 (SM52): TEXS/TLDS with bit 59 clear (0xd0, 0xd2), `.F16` printed
    // first; SM50 rejects them.
    OpSpec {
        since: Target::Sm52,
        ..tex(
            Op::Texs,
            "TEXS",
            "TEXS_F16",
            0xd0 << 56,
            bits(57, 63),
            &[fixed!(F16, ".F16"), TEXS_LOD, NODEP, PHASE],
            &TEXS_OPS,
        )
    },
    OpSpec {
        since: Target::Sm52,
        ..tex(
            Op::Tlds,
            "TLDS",
            "TLDS_F16",
            0xd2 << 56,
            bits(57, 63),
            &[fixed!(F16, ".F16"), TLDS_LOD, NODEP, PHASE],
            &TLDS_OPS,
        )
    },
    // TEXS.F16.RTZ, TLDS.F16.RTZ, TLD4S.F16.RTZ (the Pascal SMs): the `.F16` rows with
    // bit 58 (TEXS, TLDS: 0xd4, 0xd6) or bit 54 (TLD4S: 0xdfc) set, the f16 results rounded
    // toward zero; every other field as the `.F16` row's (nvdisasm -b SM61 prints the same
    // words with and without the bit alike but for `.RTZ`, and rejects the same ones).
    OpSpec {
        since: Target::Sm60,
        ..tex(
            Op::Texs,
            "TEXS",
            "TEXS_F16_RTZ",
            0xd4 << 56,
            bits(57, 63),
            &[fixed!(F16, ".F16"), fixed!(Rnd, ".RTZ"), TEXS_LOD, NODEP, PHASE],
            &TEXS_OPS,
        )
    },
    OpSpec {
        since: Target::Sm60,
        ..tex(
            Op::Tlds,
            "TLDS",
            "TLDS_F16_RTZ",
            0xd6 << 56,
            bits(57, 63),
            &[fixed!(F16, ".F16"), fixed!(Rnd, ".RTZ"), TLDS_LOD, NODEP, PHASE],
            &TLDS_OPS,
        )
    },
    OpSpec {
        since: Target::Sm60,
        ..tex(
            Op::Tld4s,
            "TLD4S",
            "TLD4S_F16_RTZ",
            0xdfc0 << 48,
            bits(54, 63),
            &[fixed!(F16, ".F16"), fixed!(Rnd, ".RTZ"), GATHER, TLD4S_AOFFI, DC, NODEP, PHASE],
            &TLD4S_OPS,
        )
    },
    // --- breadth E ---
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
    maxwell(trow(
        Op::Tld4,
        "TLD4",
        "TLD4",
        TLD4_OP | NO_PD,
        bits(58, 63) | bits(51, 53),
        TLD4_MODS,
        &OPS_HIDE,
        0,
        Target::Sm50,
    )),
    maxwell(trow(
        Op::Tld4,
        "TLD4",
        "TLD4_P",
        TLD4_OP,
        bits(58, 63),
        TLD4_MODS,
        &OPS_HIDE_P,
        0,
        Target::Sm52,
    )),
    maxwell(trow(
        Op::Tld4,
        "TLD4",
        "TLD4_B",
        0xdef8 << 48,
        bits(51, 63) | bit(40),
        TLD4B_MODS,
        &OPS_HIDE_B,
        bits(41, 48),
        Target::Sm50,
    )),
    maxwell(trow(
        Op::Tld4,
        "TLD4",
        "TLD4_B_P",
        0xdec0 << 48,
        bits(54, 63) | bit(40),
        TLD4B_MODS,
        &OPS_HIDE_B_P,
        bits(41, 48),
        Target::Sm52,
    )),
    // TLD4 on the Pascal SMs (bit 35 ignored).
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_P6",
        TLD4_OP | NO_PD,
        bits(58, 63) | bits(51, 53),
        TLD4_MODS_P6,
        &OPS_HIDE,
        bit(35),
        Target::Sm60,
    ),
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_P_P6",
        TLD4_OP,
        bits(58, 63),
        TLD4_MODS_P6,
        &OPS_HIDE_P,
        bit(35),
        Target::Sm60,
    ),
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_B_P6",
        0xdef8 << 48,
        bits(51, 63) | bit(40),
        TLD4B_MODS_P6,
        &OPS_HIDE_B,
        bits(41, 48) | bit(35),
        Target::Sm60,
    ),
    trow(
        Op::Tld4,
        "TLD4",
        "TLD4_B_P_P6",
        0xdec0 << 48,
        bits(54, 63) | bit(40),
        TLD4B_MODS_P6,
        &OPS_HIDE_B_P,
        bits(41, 48) | bit(35),
        Target::Sm60,
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
    // Texture cache control.
    var(Enc { op: Op::Cctlt, name: "CCTLT", form: "CCTLT_IVALL", opcode: 0xebf0 << 48, mask: bits(51, 63) | bits(36, 48) | bits(0, 1), mods: &[IVALL], operands: &[], ignored: CCTLT_IGN }),
    var(Enc { op: Op::Cctlt, name: "CCTLT", form: "CCTLT_IVTH", opcode: 0xebf0 << 48 | 1, mask: bits(51, 63) | bits(0, 1), mods: &[IVTH], operands: &[SU_INDEX], ignored: CCTLT_IGN }),
    var(Enc { op: Op::Cctlt, name: "CCTLT", form: "CCTLT_IVTH_R", opcode: 0xebe8 << 48 | 1, mask: bits(51, 63) | bits(0, 1), mods: &[IVTH], operands: &[reg(39, false)], ignored: bits(2, 15) | bits(20, 38) | bits(47, 50) }),
];
