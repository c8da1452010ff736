//! Video (sub-word) ops: VMNMX, VSET, VSETP, VABSDIFF, VSHL, VSHR, VADD, VMAD and
//! VABSDIFF4.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    Enc, OP, PC, alu, b1, bit, bits, f, maxwell, pascal, pred, reg, reg_reuse, reg_slot,
    reuse_slot, row,
};
use super::{
    Flow, Latency, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, RegCount, ValSem, VideoTypes,
};

/// A video type-pair group (bits 48-49: a signed, b signed): `vtypes!(8, 16)` spells
/// `.U8.U16`, `.S8.U16`, `.U8.S16`, `.S8.S16`; a third argument spells the all-signed pair
/// instead (nothing, for S32 with a signed full-width b).
macro_rules! vtypes {
    ($a:literal, $b:literal) => {
        vtypes!($a, $b, concat!(".S", $a, ".S", $b))
    };
    ($a:literal, $b:literal, $ss:expr) => {
        ModGroup {
            vals: &[
                vtype($a, $b, 0, concat!(".U", $a, ".U", $b)),
                vtype($a, $b, 1, concat!(".S", $a, ".U", $b)),
                vtype($a, $b, 2, concat!(".U", $a, ".S", $b)),
                vtype($a, $b, 3, $ss),
            ],
            ..grp!(Sign, 48, 2, {})
        }
    };
}

/// The shifts' type group (bit 48: a signed; b unsigned): `.U8.U16`, `.S8.U16`; a third
/// argument spells the signed value instead.
macro_rules! vtypes_a {
    ($a:literal, $b:literal) => {
        vtypes_a!($a, $b, concat!(".S", $a, ".U", $b))
    };
    ($a:literal, $b:literal, $s:expr) => {
        ModGroup {
            vals: &[
                vtype($a, $b, 0, concat!(".U", $a, ".U", $b)),
                vtype($a, $b, 1, $s),
            ],
            ..grp!(Sign, 48, 1, {})
        }
    };
}

/// A video family's rows: `video!(name: "VMNMX", family: VMNMX, types: V_T, before: [..],
/// after: [..])` gives all twelve (a word, half, byte × b word, immediate, half, byte),
/// word classes first; `rows: WW WH ...` after them gives those rows only. The mods are
/// `before` (ahead of the types), the type group of `types`, `after`, then a's and b's
/// selectors.
macro_rules! video {
    (name: $n:literal, family: $fam:expr, types: $t:expr, before: $pre:tt, after: $post:tt $(,)?) => {
        video!(@rows $n, $fam, $t, $pre, $post; WW WI WH WB HW HI HH HB BW BI BH BB)
    };
    (name: $n:literal, family: $fam:expr, types: $t:expr, before: $pre:tt, after: $post:tt, rows: $($ab:ident)*) => {
        video!(@rows $n, $fam, $t, $pre, $post; $($ab)*)
    };
    (@rows $n:literal, $fam:expr, $t:expr, $pre:tt, $post:tt; $($ab:ident)*) => {
        &[$(video!(@ [$n, $fam, $t, $pre, $post] $ab)),*]
    };
    (@ $c:tt WW) => { video!(@row_reuse $c W W ww "_32_32" []) };
    (@ $c:tt WI) => { video!(@row_reuse $c W I wi "_32_I" []) };
    (@ $c:tt WH) => { video!(@row_reuse $c W H wh "_32_16" [V_BSEL_HALF]) };
    (@ $c:tt WB) => { video!(@row_reuse $c W B wb "_32_8" [V_BSEL_BYTE]) };
    (@ $c:tt HW) => { video!(@row_reuse $c H W hw "_16_32" [V_ASEL_HALF]) };
    (@ $c:tt HI) => { video!(@row_reuse $c H I hi "_16_I" [V_ASEL_HALF]) };
    (@ $c:tt HH) => { video!(@row_reuse $c H H hh "_16_16" [V_ASEL_HALF, V_BSEL_HALF]) };
    (@ $c:tt HB) => { video!(@row_reuse $c H B hb "_16_8" [V_ASEL_HALF, V_BSEL_BYTE]) };
    (@ $c:tt BW) => { video!(@row_reuse $c B W bw "_8_32" [V_ASEL_BYTE]) };
    (@ $c:tt BI) => { video!(@row_reuse $c B I bi "_8_I" [V_ASEL_BYTE]) };
    (@ $c:tt BH) => { video!(@row_reuse $c B H bh "_8_16" [V_ASEL_BYTE, V_BSEL_HALF]) };
    (@ $c:tt BB) => { video!(@row_reuse $c B B bb "_8_8" [V_ASEL_BYTE, V_BSEL_BYTE]) };
    (@row_reuse [$n:literal, $fam:expr, $t:expr, [$($pre:expr),*], [$($post:expr),*]]
        $a:ident $b:ident $ty:ident $sfx:literal [$($sel:expr),*]) => {
        vrow(
            &$fam,
            $n,
            concat!($n, $sfx),
            VSel::$a,
            VSel::$b,
            &[$($pre,)* $t.$ty, $($post,)* $($sel),*],
        )
    };
}

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

// ---------------------------------------------------------------------------------------------
// Video ops. Each operand's selector (a: 36-38, b: 28-30) is split into rows by its class
// (byte 0-3: `.B1`..`.B3` on the register; half 4-5: `.H1`; word 6; 7 = `INVALIDSEL6` is
// rejected), so that one 2-bit group (bits 48-49, signedness of a and b) spells the type
// pair: `.U8.U32`, ..., and nothing for S32 with a signed full-width b (`VMNMX.UD R24, ...`).
// b is a register (bit 50 set) or a 16-bit immediate at 20-35 (class 16).

/// A video type value: `value` (bit 0: a signed, bit 1: b signed) spelled `text`, carrying
/// the operand types.
const fn vtype(a_bits: u8, b_bits: u8, value: u8, text: &'static str) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Video(VideoTypes {
            a_bits,
            a_signed: value & 1 != 0,
            b_bits,
            b_signed: value & 2 != 0,
        }),
    }
}

pub(crate) const V_BSEL_BYTE: ModGroup = ModGroup {
    at: Some(2),
    ..grp!(HalfB, 28, 2, { 0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3" })
};

pub(crate) const V_BSEL_HALF: ModGroup = ModGroup {
    at: Some(2),
    ..grp!(HalfB, 28, 1, { 0 => "", 1 => ".H1" })
};

pub(crate) const V_ASEL_BYTE: ModGroup = ModGroup {
    at: Some(1),
    ..grp!(HalfA, 36, 2, { 0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3" })
};

pub(crate) const V_ASEL_HALF: ModGroup = ModGroup {
    at: Some(1),
    ..grp!(HalfA, 36, 1, { 0 => "", 1 => ".H1" })
};

pub(crate) const V_CC: ModGroup = ModGroup {
    at: Some(0),
    ..flag!(Cc, 47, ".CC")
};

pub(crate) const V_UD: ModGroup = grp!(Ud, 54, 1, { 0 => ".UD", 1 => "" });

pub(crate) const V_SAT: ModGroup = flag!(Sat, 55, ".SAT");

pub(crate) const V_MODE: ModGroup = grp!(Mode, 51, 3, {
    0 => ".MRG_16H", 1 => ".MRG_16L", 2 => ".MRG_8B0", 3 => ".MRG_8B2", 4 => ".ACC", 5 => ".MIN",
    6 => ".MAX", 7 => "",
});

const VMNMX_MX: ModGroup = flag!(Mx, 56, ".MX");

/// b's immediate prints signed when b is signed (bit 49; group 1 of the row is the types).
pub(crate) const V_IMM16: OpKind = OpKind::UImm {
    f: f(20, 16),
    hide: None,
    signed_if: Some((1, 2)),
};

const V_OPS_R: &[OpKind] = &[
    reg(0, true),
    reg_slot(8, 0, false),
    reg_slot(20, 1, false),
    reg_slot(39, 2, false),
];

const V_OPS_I: &[OpKind] = &[
    reg(0, true),
    reg_slot(8, 0, false),
    V_IMM16,
    reg_slot(39, 2, false),
];

/// A video family's type groups, one for each row's (a class, b class): `w`ord, `h`alf,
/// `b`yte, and b's 16-bit `i`mmediate.
pub(crate) struct VTypes {
    pub(crate) ww: ModGroup,
    pub(crate) wi: ModGroup,
    pub(crate) wh: ModGroup,
    pub(crate) wb: ModGroup,
    pub(crate) hw: ModGroup,
    pub(crate) hi: ModGroup,
    pub(crate) hh: ModGroup,
    pub(crate) hb: ModGroup,
    pub(crate) bw: ModGroup,
    pub(crate) bi: ModGroup,
    pub(crate) bh: ModGroup,
    pub(crate) bb: ModGroup,
}

/// Both signs (VMNMX, VSET, VABSDIFF, VADD).
pub(crate) const V_T: VTypes = VTypes {
    ww: vtypes!(32, 32, ""),
    wi: vtypes!(32, 16, ""),
    wh: vtypes!(32, 16),
    wb: vtypes!(32, 8),
    hw: vtypes!(16, 32),
    hi: vtypes!(16, 16),
    hh: vtypes!(16, 16),
    hb: vtypes!(16, 8),
    bw: vtypes!(8, 32),
    bi: vtypes!(8, 16),
    bh: vtypes!(8, 16),
    bb: vtypes!(8, 8),
};

/// a's sign only (VSHL, VSHR).
const V_T_U: VTypes = VTypes {
    ww: vtypes_a!(32, 32, ""),
    wi: vtypes_a!(32, 16, ""),
    wh: vtypes_a!(32, 16),
    wb: vtypes_a!(32, 8),
    hw: vtypes_a!(16, 32),
    hi: vtypes_a!(16, 16),
    hh: vtypes_a!(16, 16),
    hb: vtypes_a!(16, 8),
    bw: vtypes_a!(8, 32),
    bi: vtypes_a!(8, 16),
    bh: vtypes_a!(8, 16),
    bb: vtypes_a!(8, 8),
};

/// An operand's selector class: word, half, byte, or (b only) the immediate.
#[derive(Clone, Copy)]
enum VSel {
    W,
    H,
    B,
    I,
}

/// The selector bits (value, mask) of class `s` in the 3-bit field at `lo`: word 6, half
/// 4-5, byte 0-3 (the immediate has no selector).
const fn vsel(s: VSel, lo: u8) -> (u64, u64) {
    match s {
        VSel::W => (6 << lo, 7 << lo),
        VSel::H => (4 << lo, 6 << lo),
        VSel::B => (0, 4 << lo),
        VSel::I => (0, 0),
    }
}

/// What a video family's rows share: the op, its opcode bits (under `mask`, bits 56-63),
/// the operands with a register b, and the `.PO` bits.
struct VFam {
    op: Op,
    opcode: u64,
    mask: u64,
    ops_r: &'static [OpKind],
    po: Option<(u8, u8)>,
}

/// One video row of family `fam`: a's selector at 36-38; b a register (bit 50 set,
/// selector at 28-30, bits 31-35 ignored) or the immediate at 20-35.
const fn vrow(
    fam: &VFam,
    name: &'static str,
    form: &'static str,
    a: VSel,
    b: VSel,
    mods: &'static [ModGroup],
) -> OpSpec {
    let (av, am) = vsel(a, 36);
    let (bv, bm) = vsel(b, 28);
    let (bv, bm, operands, ignored) = match b {
        VSel::I => (0, bit(50), V_OPS_I, 0),
        _ => (bv | bit(50), bm | bit(50), fam.ops_r, bits(31, 35)),
    };
    OpSpec {
        po: fam.po,
        ..alu(Enc {
            op: fam.op,
            name,
            form,
            opcode: fam.opcode | av | bv,
            mask: fam.mask | am | bm,
            mods,
            operands,
            ignored,
        })
    }
}

const VMNMX: VFam = VFam {
    op: Op::Vmnmx,
    opcode: 0x3a << 56,
    mask: 0xfe << 56,
    ops_r: V_OPS_R,
    po: None,
};

/// VSET's comparison (bits 54-56), printed first.
const VSET_CMP: ModGroup = grp!(Cmp, 54, 3, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".T",
});

const VSET: VFam = VFam {
    op: Op::Vset,
    opcode: 0x40 << 56,
    ..VMNMX
};

/// VABSDIFF's `.SD` (bit 54).
const VABSDIFF_SD: ModGroup = flag!(Sd, 54, ".SD");

const VABSDIFF: VFam = VFam {
    op: Op::Vabsdiff,
    opcode: 0x54 << 56,
    mask: 0xff << 56,
    ..VMNMX
};

const V_W: ModGroup = flag!(W, 49, ".W");

const VSHL: VFam = VFam {
    op: Op::Vshl,
    opcode: 0x57 << 56,
    ..VABSDIFF
};

const VSHR: VFam = VFam {
    op: Op::Vshr,
    opcode: 0x56 << 56,
    ..VABSDIFF
};

/// VADD's `.PO` (both negations, bits 56-57) prints after the types.
pub(crate) const V_PO: ModGroup = grp!(Po, 0, 0, { 0 => "" });

const VADD_OPS_R: &[OpKind] = &[
    reg(0, true),
    OpKind::Reg {
        f: f(8, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(0),
        neg: Some(f(57, 1)),
        abs: None,
        not: None,
    },
    OpKind::Reg {
        f: f(20, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(1),
        neg: Some(f(56, 1)),
        abs: None,
        not: None,
    },
    reg_slot(39, 2, false),
];

/// VADD: the negations (`.PO` when both are set), and a register b only.
const VADD: VFam = VFam {
    op: Op::Vadd,
    opcode: 0x20 << 56,
    mask: 0xfc << 56,
    ops_r: VADD_OPS_R,
    po: Some((56, 57)),
};

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
/// `VABSDIFF4_I` row of breadth set F); value 4 is the identity `.7654`, printed as nothing.
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

// The video type groups by (a width, b width; `I`: b's 16-bit immediate), from breadth set B's
// one table of them.
const V_T_8_8: ModGroup = V_T.bb;

const V_T_8_16: ModGroup = V_T.bh;

const V_T_8_32: ModGroup = V_T.bw;

const V_T_8_I: ModGroup = V_T.bi;

const V_T_16_8: ModGroup = V_T.hb;

const V_T_16_16: ModGroup = V_T.hh;

const V_T_16_32: ModGroup = V_T.hw;

const V_T_16_I: ModGroup = V_T.hi;

const V_T_32_8: ModGroup = V_T.wb;

const V_T_32_16: ModGroup = V_T.wh;

const V_T_32_32: ModGroup = V_T.ww;

const V_T_32_I: ModGroup = V_T.wi;

// ---------------------------------------------------------------------------------------------
// VADD with an immediate B (bit 50 clear): B is a 16-bit magnitude (20-35) with its
// negation at 56 (`-0x2347`, printed unsigned whatever B's type), A's negation at 57; both
// print `.PO`. A is a byte (select 36-37), a half (select 36, bit 37 clear) or the word
// (select 6); select 7 is nvdisasm's `INVALIDSEL6`. The types, modes and flags are the
// register forms' (breadth set B).

const VADD_OPS_I: &[OpKind] = &[
    reg_reuse(0, true, None),
    OpKind::Reg {
        f: f(8, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(0),
        neg: b1(57),
        abs: None,
        not: None,
    },
    OpKind::NegImm {
        f: f(20, 16),
        neg: f(56, 1),
    },
    reg_reuse(39, false, Some(2)),
];

/// What a VADD immediate row names ([`vadd_i`]).
struct VaddI {
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
}

/// A VADD immediate row: `.PO` is bits 56-57.
const fn vadd_i(r: VaddI) -> OpSpec {
    let VaddI {
        form,
        opcode,
        mask,
        mods,
    } = r;
    OpSpec {
        po: Some((56, 57)),
        ..alu(Enc {
            op: Op::Vadd,
            name: "VADD",
            form,
            opcode,
            mask,
            mods,
            operands: VADD_OPS_I,
            ignored: 0,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// VMAD (0x5f): `a * b + c` on sub-word operands. The video ops' layout (A select 36-38,
// B select 28-30 or a 16-bit immediate B at 20-35 when bit 50 is clear, types 48-49, `.SAT`
// 55, `.CC` 47), with A's negation at 54, C's at 53 (both: `.PO`) and the scale 51-52
// (`.SHR_7`, `.SHR_15`; 3 is nvdisasm's `INVALIDVMADSCALE3`). No `.UD`, no secondary
// operation; the immediate has no negation and prints unsigned. Bits 31-35 are ignored in
// the register forms. Rows split by the select classes as VADD's do (select 7 is nvdisasm's
// `INVALIDSEL6`/`7`: no row). A 32-bit operand makes the row variable latency.

const VMAD_SCALE: ModGroup = grp!(Scale, 51, 2, { 0 => "", 1 => ".SHR_7", 2 => ".SHR_15" });

const VMAD_A: OpKind = OpKind::Reg {
    f: f(8, 8),
    write: false,
    count: RegCount::One,
    reuse: Some(0),
    neg: b1(54),
    abs: None,
    not: None,
};

const VMAD_C: OpKind = OpKind::Reg {
    f: f(39, 8),
    write: false,
    count: RegCount::One,
    reuse: Some(2),
    neg: b1(53),
    abs: None,
    not: None,
};

const VMAD_OPS_R: &[OpKind] = &[
    reg_reuse(0, true, None),
    VMAD_A,
    reg_reuse(20, false, Some(1)),
    VMAD_C,
];

const VMAD_OPS_I: &[OpKind] = &[
    reg_reuse(0, true, None),
    VMAD_A,
    OpKind::UImm {
        f: f(20, 16),
        hide: None,
        signed_if: None,
    },
    VMAD_C,
];

/// A select class: (select bits' opcode, mask) for a byte, a half, the word.
const SEL_BYTE_A: (u64, u64) = (0, 4 << 36);

const SEL_HALF_A: (u64, u64) = (4 << 36, 6 << 36);

const SEL_WORD_A: (u64, u64) = (6 << 36, 7 << 36);

const SEL_BYTE_B: (u64, u64) = (0, 4 << 28);

const SEL_HALF_B: (u64, u64) = (4 << 28, 6 << 28);

const SEL_WORD_B: (u64, u64) = (6 << 28, 7 << 28);

/// No B select: the immediate form (bit 50 clear).
const IMM_B: (u64, u64) = (0, 0);

/// A VMAD row: A's and B's select classes (`IMM_B`: the immediate form). With a 32-bit A or
/// B the row is variable latency (nvdisasm accepts scoreboard barriers and prints no reuse
/// flag, as for IMUL); with byte and half operands only it is fixed latency.
const fn vmad(
    form: &'static str,
    a: (u64, u64),
    b: (u64, u64),
    mods: &'static [ModGroup],
) -> OpSpec {
    let imm = b.1 == 0;
    let wide = a.1 == SEL_WORD_A.1 || b.1 == SEL_WORD_B.1;
    OpSpec {
        po: Some((53, 54)),
        ..row(
            Enc {
                op: Op::Vmad,
                name: "VMAD",
                form,
                opcode: 0x5f << 56 | a.0 | b.0 | if imm { 0 } else { bit(50) },
                mask: 0xff << 56 | a.1 | b.1 | bit(50),
                mods,
                operands: if imm { VMAD_OPS_I } else { VMAD_OPS_R },
                ignored: if imm { 0 } else { bits(31, 35) },
            },
            if wide {
                Latency::Variable
            } else {
                Latency::Fixed
            },
            Flow::Next,
        )
    }
}

// ---------------------------------------------------------------------------------------------
// VSETP (0x50f0): compare sub-word A with B (the video layout: A select 36-38, B select
// 28-30 or a 16-bit immediate B at 20-35 when bit 50 is clear, types 48-49), combine with
// [!]Pc (39-42) by the boolean 45-46 (3 is `INVALIDBOP3`), write Pd (3-5) and Pd2 (0-2).
// The comparison's three bits are split: 43-44 low, 47 high. The immediate prints signed
// when B is signed (`-0x1` for 0xffff with `.S16`), as VMNMX's does. Bits 6-7 are ignored,
// and bits 31-35 in the register forms. No reuse flag 2 (no C register).

const VSETP_CMP: ModGroup = ModGroup {
    hi: Some(f(47, 1)),
    ..grp!(Cmp, 43, 2, {
        0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE",
        7 => ".T",
    })
};

/// The selects as suffixes of VSETP's A and B (operands 2 and 3, after the two predicates).
const VS_ASEL_BYTE: ModGroup = ModGroup {
    at: Some(2),
    ..V_ASEL_BYTE
};

const VS_ASEL_HALF: ModGroup = ModGroup {
    at: Some(2),
    ..V_ASEL_HALF
};

const VS_BSEL_BYTE: ModGroup = ModGroup {
    at: Some(3),
    ..V_BSEL_BYTE
};

const VS_BSEL_HALF: ModGroup = ModGroup {
    at: Some(3),
    ..V_BSEL_HALF
};

const VSETP_BOP: ModGroup = grp!(Bop, 45, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR" });

const VSETP_OPS_R: &[OpKind] = &[
    pred(3, None, true, false),
    pred(0, None, true, false),
    reg_reuse(8, false, Some(0)),
    reg_reuse(20, false, Some(1)),
    PC,
];

const VSETP_OPS_I: &[OpKind] = &[
    pred(3, None, true, false),
    pred(0, None, true, false),
    reg_reuse(8, false, Some(0)),
    V_IMM16,
    PC,
];

/// A VSETP row: A's and B's select classes (`IMM_B`: the immediate form). `mods[1]` is
/// the type pair (the immediate's `signed_if` names it).
const fn vsetp(
    form: &'static str,
    a: (u64, u64),
    b: (u64, u64),
    mods: &'static [ModGroup],
) -> OpSpec {
    let imm = b.1 == 0;
    alu(Enc {
        op: Op::Vsetp,
        name: "VSETP",
        form,
        opcode: 0x50f0 << 48 | a.0 | b.0 | if imm { 0 } else { bit(50) },
        mask: OP | a.1 | b.1 | bit(50),
        mods,
        operands: if imm { VSETP_OPS_I } else { VSETP_OPS_R },
        ignored: bits(6, 7) | if imm { 0 } else { bits(31, 35) },
    })
}

/// Word classes first (see [`VMNMX_ROWS`]).
pub static VADD_ROWS: &[OpSpec] = video!(name: "VADD", family: VADD, types: V_T, before: [V_UD], after: [V_PO, V_SAT, V_MODE, V_CC], rows: WW WH WB HW HH HB BW BH BB);

/// Word classes first (see [`VMNMX_ROWS`]).
pub static VSHR_ROWS: &[OpSpec] = video!(name: "VSHR", family: VSHR, types: V_T_U, before: [V_UD], after: [V_W, V_SAT, V_MODE, V_CC]);

/// Word classes first (see [`VMNMX_ROWS`]).
pub static VSHL_ROWS: &[OpSpec] = video!(name: "VSHL", family: VSHL, types: V_T_U, before: [V_UD], after: [V_W, V_SAT, V_MODE, V_CC]);

/// Word classes first (see [`VMNMX_ROWS`]).
pub static VABSDIFF_ROWS: &[OpSpec] = video!(name: "VABSDIFF", family: VABSDIFF, types: V_T, before: [VABSDIFF_SD], after: [V_SAT, V_MODE, V_CC]);

/// Word classes first (see [`VMNMX_ROWS`]).
pub static VSET_ROWS: &[OpSpec] =
    video!(name: "VSET", family: VSET, types: V_T, before: [VSET_CMP], after: [V_MODE, V_CC]);

/// Word classes first: the parser takes the first row whose text fits, and a source
/// without type suffixes means S32 (`VMNMX.UD R24, ...`).
pub static VMNMX_ROWS: &[OpSpec] = video!(name: "VMNMX", family: VMNMX, types: V_T, before: [V_UD], after: [VMNMX_MX, V_SAT, V_MODE, V_CC]);

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth F ---
    alu(Enc { op: Op::Vabsdiff4, name: "VABSDIFF4", form: "VABSDIFF4_I", opcode: 0x50 << 56 | 0xf << 28, mask: bits(55, 63) | bits(28, 31), mods: &[V4_SD, V4_TYPES, V4_SAT, V4_ACC, V4_COMP, V4_CC, V4_ASEL], operands: &[reg_reuse(0, true, None), reg_reuse(8, false, Some(0)), OpKind::UImm { f: f(20, 8), hide: None, signed_if: Some((1, 2)) }, reg_reuse(39, false, Some(2))], ignored: 0 }),
    // --- breadth C ---
    alu(Enc { op: Op::Vabsdiff4, name: "VABSDIFF4", form: "VABSDIFF4", opcode: 0x50 << 56, mask: bits(55, 63), mods: &[V4_SD, V4_TYPES, V4_SAT, V4_ACC, V4_COMP, V4_CC, V4_ASEL, V4_BSEL], operands: &[vreg(0, true), vreg(8, false), vreg(20, false), vreg(39, false)], ignored: 0 }),
    // --- breadth F ---
    vsetp("VSETP_32_32", SEL_WORD_A, SEL_WORD_B, &[VSETP_CMP, V_T_32_32, VSETP_BOP]),
    vsetp("VSETP_32_16", SEL_WORD_A, SEL_HALF_B, &[VSETP_CMP, V_T_32_16, VSETP_BOP, VS_BSEL_HALF]),
    vsetp("VSETP_32_8", SEL_WORD_A, SEL_BYTE_B, &[VSETP_CMP, V_T_32_8, VSETP_BOP, VS_BSEL_BYTE]),
    // Unlike VADD's and VMAD's, VSETP's word-by-immediate pair spells S32.S16 (`.S32.S16`).
    vsetp("VSETP_32_I", SEL_WORD_A, IMM_B, &[VSETP_CMP, V_T_32_16, VSETP_BOP]),
    vsetp("VSETP_16_32", SEL_HALF_A, SEL_WORD_B, &[VSETP_CMP, V_T_16_32, VSETP_BOP, VS_ASEL_HALF]),
    vsetp("VSETP_16_16", SEL_HALF_A, SEL_HALF_B, &[VSETP_CMP, V_T_16_16, VSETP_BOP, VS_ASEL_HALF, VS_BSEL_HALF]),
    vsetp("VSETP_16_8", SEL_HALF_A, SEL_BYTE_B, &[VSETP_CMP, V_T_16_8, VSETP_BOP, VS_ASEL_HALF, VS_BSEL_BYTE]),
    vsetp("VSETP_16_I", SEL_HALF_A, IMM_B, &[VSETP_CMP, V_T_16_I, VSETP_BOP, VS_ASEL_HALF]),
    vsetp("VSETP_8_32", SEL_BYTE_A, SEL_WORD_B, &[VSETP_CMP, V_T_8_32, VSETP_BOP, VS_ASEL_BYTE]),
    vsetp("VSETP_8_16", SEL_BYTE_A, SEL_HALF_B, &[VSETP_CMP, V_T_8_16, VSETP_BOP, VS_ASEL_BYTE, VS_BSEL_HALF]),
    vsetp("VSETP_8_8", SEL_BYTE_A, SEL_BYTE_B, &[VSETP_CMP, V_T_8_8, VSETP_BOP, VS_ASEL_BYTE, VS_BSEL_BYTE]),
    vsetp("VSETP_8_I", SEL_BYTE_A, IMM_B, &[VSETP_CMP, V_T_8_I, VSETP_BOP, VS_ASEL_BYTE]),
    maxwell(vmad("VMAD_32_32", SEL_WORD_A, SEL_WORD_B, &[V_T_32_32, V_PO, VMAD_SCALE, V_SAT, V_CC])),
    vmad("VMAD_32_16", SEL_WORD_A, SEL_HALF_B, &[V_T_32_16, V_PO, VMAD_SCALE, V_SAT, V_CC, V_BSEL_HALF]),
    vmad("VMAD_32_8", SEL_WORD_A, SEL_BYTE_B, &[V_T_32_8, V_PO, VMAD_SCALE, V_SAT, V_CC, V_BSEL_BYTE]),
    maxwell(vmad("VMAD_32_I", SEL_WORD_A, IMM_B, &[V_T_32_I, V_PO, VMAD_SCALE, V_SAT, V_CC])),
    // The Pascal SMs spell VMAD's signed word types (`.S32.S32`, `.S32.S16` with the
    // immediate), which Maxwell leaves unprinted (nvdisasm -b SM60/SM61/SM62).
    pascal(vmad("VMAD_32_32_P6", SEL_WORD_A, SEL_WORD_B, &[vtypes!(32, 32), V_PO, VMAD_SCALE, V_SAT, V_CC])),
    pascal(vmad("VMAD_32_I_P6", SEL_WORD_A, IMM_B, &[vtypes!(32, 16), V_PO, VMAD_SCALE, V_SAT, V_CC])),
    vmad("VMAD_16_32", SEL_HALF_A, SEL_WORD_B, &[V_T_16_32, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_HALF]),
    vmad("VMAD_16_16", SEL_HALF_A, SEL_HALF_B, &[V_T_16_16, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_HALF, V_BSEL_HALF]),
    vmad("VMAD_16_8", SEL_HALF_A, SEL_BYTE_B, &[V_T_16_8, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_HALF, V_BSEL_BYTE]),
    vmad("VMAD_16_I", SEL_HALF_A, IMM_B, &[V_T_16_I, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_HALF]),
    vmad("VMAD_8_32", SEL_BYTE_A, SEL_WORD_B, &[V_T_8_32, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_BYTE]),
    vmad("VMAD_8_16", SEL_BYTE_A, SEL_HALF_B, &[V_T_8_16, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_BYTE, V_BSEL_HALF]),
    vmad("VMAD_8_8", SEL_BYTE_A, SEL_BYTE_B, &[V_T_8_8, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_BYTE, V_BSEL_BYTE]),
    vmad("VMAD_8_I", SEL_BYTE_A, IMM_B, &[V_T_8_I, V_PO, VMAD_SCALE, V_SAT, V_CC, V_ASEL_BYTE]),
    vadd_i(VaddI { form: "VADD_32_I", opcode: 0x20 << 56 | 6 << 36, mask: 0xfc << 56 | 7 << 36 | bit(50), mods: &[V_UD, V_T_32_I, V_PO, V_SAT, V_MODE, V_CC] }),
    vadd_i(VaddI { form: "VADD_16_I", opcode: 0x20 << 56 | 4 << 36, mask: 0xfc << 56 | 6 << 36 | bit(50), mods: &[V_UD, V_T_16_I, V_PO, V_SAT, V_MODE, V_CC, V_ASEL_HALF] }),
    vadd_i(VaddI { form: "VADD_8_I", opcode: 0x20 << 56, mask: 0xfc << 56 | 4 << 36 | bit(50), mods: &[V_UD, V_T_8_I, V_PO, V_SAT, V_MODE, V_CC, V_ASEL_BYTE] }),
];
