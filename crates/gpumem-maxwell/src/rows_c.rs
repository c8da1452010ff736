//! Breadth set C of the Maxwell table: the texture and surface forms ptxas emits (TEXS,
//! TLDS, TEX, TEX.B, SULD.D, SUST.D), B2R and VABSDIFF4. Bit positions and spellings from nvdisasm 11.8
//! (`docs/research/maxwell-breadth-B.md` holds the sweeps, `docs/research/maxwell-breadth-C.md`
//! and `tests/data/maxwell-breadth-C.tsv` the checks made for these rows).
//!
//! A texture op's phase (`.T`, `.P`) is no bit of the instruction word: nvdisasm reads it
//! from the control slot's reuse bits 0-1 (`TEXS.T` is reuse bit 0 set). The rows say so
//! with [`OpSpec::ctrl_mod`]; those two bits are then no reuse flags.
//!
//! None of these rows has a functional model: the executor faults `unsupported` on them.

use crate::rowkit::*;
use crate::table::{
    B2rMode, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, RegCount, Target, ValSem,
};
use gpumem_isa::CacheOp;
use gpumem_isa::bits::Field;

/// The phase of a texture op, in the control slot's reuse bits 0-1 (3 is nvdisasm's
/// `.INVALIDPHASE3`: no such value).
pub(crate) const PHASE: ModGroup = ModGroup {
    id: ModId::Phase,
    field: f(0, 0),
    hi: None,
    vals: vals!(0 => "", 1 => ".T", 2 => ".P"),
    at: None,
    alt: None,
};
/// Where [`PHASE`] lives: bits 0-1 of the slot's reuse field.
pub(crate) const PHASE_BITS: Field = f(0, 2);

pub(crate) const NODEP: ModGroup = flag!(Nodep, 49, ".NODEP");

pub(crate) const fn reg(lo: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse: None,
        neg: None,
        abs: None,
        not: None,
    }
}

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
        ..var(op, name, form, opcode, mask, mods, operands, 0)
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
pub(crate) const TEX_DIM: &[&str] = &[
    "1D",
    "ARRAY_1D",
    "2D",
    "ARRAY_2D",
    "3D",
    "ARRAY_3D",
    "CUBE",
    "ARRAY_CUBE",
];
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

// ---------------------------------------------------------------------------------------------
// Surfaces, `.D` (typed data) format with an immediate surface index.

pub(crate) const fn m(value: u8, text: &'static str) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::None,
    }
}
const fn c(value: u8, text: &'static str, op: CacheOp) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Cache(op),
    }
}

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
pub(crate) const SU_INDEX: OpKind = OpKind::UImm {
    f: f(36, 13),
    hide: None,
    signed_if: None,
};
/// Bits 26-29: ignored on both targets. Bits 30-32 are ignored on SM50 and a predicate
/// output on SM52 (`SULD.D.BA.2D.TRAP P6, R0, ...`, stored as 7 - P): SULD_D is SM52's row
/// with them clear, `rows_e` has the SM52 form with the output and `rows_h` SM50's row,
/// which ignores them; SUST ignores them on both targets.
pub(crate) const SU_IGN: u64 = bits(26, 29);
/// SULD/SUST `.D` with an immediate index: bits 53-63 (op), 52 (`.D`), 51 (immediate).
const SU_MASK: u64 = bits(51, 63);

/// B2R's mode (32-33), fixed by each row: `.RESULT` writes Pd too, `.WARP` has none, mode
/// 0 (no spelling) names a barrier by number; 3 is nvdisasm's `B2R.INVALID`.
/// A B2R mode group with its one value (`value` at bits 32-33).
const fn b2r_mode(vals: &'static [ModVal]) -> ModGroup {
    ModGroup {
        id: ModId::Mode,
        field: f(32, 2),
        hi: None,
        vals,
        at: None,
        alt: None,
    }
}
const B2R_RESULT: ModGroup = b2r_mode(&[ModVal {
    value: 1,
    text: ".RESULT",
    aliases: &[],
    sem: ValSem::B2r(B2rMode::Result),
}]);
const B2R_WARP: ModGroup = b2r_mode(&[ModVal {
    value: 2,
    text: ".WARP",
    aliases: &[],
    sem: ValSem::B2r(B2rMode::Warp),
}]);
/// B2R: bits 51-63 the op, 8-15 must be all ones.
const B2R_MASK: u64 = bits(51, 63) | bits(8, 15);
const B2R_OPC: u64 = 0xf0b8 << 48 | bits(8, 15);

// ---------------------------------------------------------------------------------------------
// VABSDIFF4 (register form): |A - B| per byte, bytes of A and B permuted by selectors 32-35
// and 28-31 (printed as register suffixes), `.ACC` (53-54) sums them with C.

pub(crate) const V4_SD: ModGroup = flag!(Sd, 38, ".SD");
/// A's sign (48) and B's (49), printed as one pair; signed x signed prints nothing.
pub(crate) const V4_TYPES: ModGroup =
    grp!(Types, 48, 2, { 0 => ".U8.U8", 1 => ".S8.U8", 2 => ".U8.S8", 3 => "" });
pub(crate) const V4_SAT: ModGroup = flag!(Sat, 50, ".SAT");
pub(crate) const V4_ACC: ModGroup = grp!(Acc, 53, 2, { 0 => "", 1 => ".ACC" });
pub(crate) const V4_CC: ModGroup = sfx!(Cc, 47, ".CC", 0);
/// A byte selector's values: the spelling and the permutation it names
/// ([`ValSem::Bytes`]: entry `i` is the pool byte that becomes byte `i`).
macro_rules! sel_vals {
    ($($v:expr => $t:expr, $b:expr);* $(;)?) => {
        &[$(ModVal {
            value: $v,
            text: $t,
            aliases: &[],
            sem: ValSem::Bytes($b),
        }),*]
    };
}
pub(crate) const V4_ASEL: ModGroup = ModGroup {
    id: ModId::ByteSelA,
    field: f(32, 4),
    hi: None,
    // Value 4 is the identity `.3210`, printed as nothing.
    vals: sel_vals!(
        0 => ".0000", [0, 0, 0, 0];
        1 => ".1111", [1, 1, 1, 1];
        2 => ".2222", [2, 2, 2, 2];
        3 => ".3333", [3, 3, 3, 3];
        4 => "", [0, 1, 2, 3];
        5 => ".4321", [1, 2, 3, 4];
        6 => ".5432", [2, 3, 4, 5];
        7 => ".6543", [3, 4, 5, 6];
        8 => ".3201", [1, 0, 2, 3];
        9 => ".3012", [2, 1, 0, 3];
        10 => ".0213", [3, 1, 2, 0];
        11 => ".3120", [0, 2, 1, 3];
        12 => ".1230", [0, 3, 2, 1];
        13 => ".2310", [0, 1, 3, 2];
    ),
    at: Some(1),
    alt: None,
};
/// B's selector (11-14 are `INVALIDBSEL4B`-`E`, 15 prints B as an immediate: the
/// `VABSDIFF4_I` row of `rows_f`); value 4 is the identity `.7654`, printed as nothing.
const V4_BSEL: ModGroup = ModGroup {
    id: ModId::ByteSelB,
    field: f(28, 4),
    hi: None,
    vals: sel_vals!(
        0 => ".4444", [4, 4, 4, 4];
        1 => ".5555", [5, 5, 5, 5];
        2 => ".6666", [6, 6, 6, 6];
        3 => ".7777", [7, 7, 7, 7];
        4 => "", [4, 5, 6, 7];
        5 => ".6543", [3, 4, 5, 6];
        6 => ".5432", [2, 3, 4, 5];
        7 => ".4321", [1, 2, 3, 4];
        8 => ".4567", [7, 6, 5, 4];
        9 => ".6745", [5, 4, 7, 6];
        10 => ".5476", [6, 7, 4, 5];
    ),
    at: Some(2),
    alt: None,
};
/// The component mask: bits 36-37 low, 51-52 high (0 is nvdisasm's `???0`).
pub(crate) const V4_COMP: ModGroup = ModGroup {
    id: ModId::Comp,
    field: f(36, 2),
    hi: Some(f(51, 2)),
    vals: vals!(
        1 => ".Z", 2 => ".W", 3 => ".ZW", 4 => ".X", 5 => ".XZ", 6 => ".XW", 7 => ".XZW",
        8 => ".Y", 9 => ".YZ", 10 => ".YW", 11 => ".YZW", 12 => ".XY", 13 => ".XYZ",
        14 => ".XYW", 15 => "",
    ),
    at: None,
    alt: None,
};
const fn vreg(lo: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse: reuse_slot(lo),
        neg: None,
        abs: None,
        not: None,
    }
}

/// Texture and surface rows, B2R, VABSDIFF4.
pub static ROWS_C: &[OpSpec] = &[
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
    OpSpec {
        since: Target::Sm52,
        ..tex_b(
            "TEX_B_LC",
            bit(40),
            &[TEX_B, TEXB_LOD, TEX_LC, AOFFI, DC, NDV, NODEP, PHASE],
        )
    },
    // SM52's row: bits 30-32 clear (with them set the word is SM52's predicate-output
    // form, `rows_e::SULD_D_PD`); SM50 ignores them (`rows_h::SULD_D_SM50`).
    OpSpec {
        since: Target::Sm52,
        ..var(
            Op::Suld,
            "SULD",
            "SULD_D",
            0xeb << 56 | bit(52) | bit(51),
            SU_MASK | bits(30, 32),
            &[SU_D, SU_BA, SU_DIM, SULD_COP, SU_SIZE, SU_CLAMP],
            &[reg(0, true), SU_ADDR, SU_INDEX],
            SU_IGN,
        )
    },
    var(
        Op::Sust,
        "SUST",
        "SUST_D",
        0xeb << 56 | bit(53) | bit(52) | bit(51),
        SU_MASK,
        &[SU_D, SU_BA, SU_DIM, SUST_COP, SU_SIZE, SU_CLAMP],
        &[SU_ADDR, reg(0, false), SU_INDEX],
        // SUST has no predicate output: bits 30-32 are ignored on both targets
        // (docs/research/maxwell-breadth-E.md).
        SU_IGN | bits(30, 32),
    ),
    var(
        Op::B2r,
        "B2R",
        "B2R_RESULT",
        B2R_OPC | 1 << 32,
        B2R_MASK | bits(32, 33),
        &[B2R_RESULT],
        &[
            reg(0, true),
            OpKind::Pred {
                f: f(45, 3),
                neg: None,
                write: true,
                hide_pt: true,
            },
        ],
        bits(20, 31) | bits(34, 44) | bits(48, 50),
    ),
    var(
        Op::B2r,
        "B2R",
        "B2R_WARP",
        B2R_OPC | 2 << 32,
        B2R_MASK | bits(32, 33),
        &[B2R_WARP],
        &[reg(0, true)],
        bits(20, 31) | bits(34, 50),
    ),
    // Mode 0: a barrier's state by number (bits 8-15), no mode spelled.
    var(
        Op::B2r,
        "B2R",
        "B2R_BAR",
        0xf0b8 << 48,
        bits(51, 63) | bits(32, 33),
        &[],
        &[
            reg(0, true),
            OpKind::UImm {
                f: f(8, 8),
                hide: None,
                signed_if: None,
            },
        ],
        bits(20, 31) | bits(34, 50),
    ),
    alu(
        Op::Vabsdiff4,
        "VABSDIFF4",
        "VABSDIFF4",
        0x50 << 56,
        bits(55, 63),
        &[
            V4_SD, V4_TYPES, V4_SAT, V4_ACC, V4_COMP, V4_CC, V4_ASEL, V4_BSEL,
        ],
        &[
            vreg(0, true),
            vreg(8, false),
            vreg(20, false),
            vreg(39, false),
        ],
        0,
    ),
];
