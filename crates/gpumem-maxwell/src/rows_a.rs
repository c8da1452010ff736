//! Breadth set A of the Maxwell table: f64 arithmetic and compares, f32 compares,
//! min/max and 32-bit-immediate forms, MUFU/RRO/FCHK, F2F, the remaining conversion
//! forms, integer multiply (IMUL, IMAD, IMADSP), ISCADD32I, ICMP, ISET and LEA.HI.
//!
//! Bit positions and spellings: `docs/research/maxwell-breadth-A.md` (branch `research`),
//! every row checked against nvdisasm 11.8 by the differential tests. Rows follow the
//! conventions of [`crate::alu`].

use crate::alu::{F2I_IGN, I2I_DST, I2I_MODS, I2I_SRC, IADD32I_MODS, byte_sel};
use crate::rowkit::*;
use crate::table::{
    AltSpelling, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, RegCount, Target, ValSem,
};
use gpumem_isa::bits::Field;

const fn rx(lo: u8, neg: Option<Field>, abs: Option<Field>) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write: false,
        count: RegCount::One,
        reuse: reuse_slot(lo),
        neg,
        abs,
        not: None,
    }
}
/// A source register whose reuse flag sits in `slot` (FADD-style B in slot 2, the
/// "constant as C" forms' register B in slot 1, `Rd` read again as C in slot 2).
const fn rs(lo: u8, slot: u8, neg: Option<Field>, abs: Option<Field>) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(slot),
        neg,
        abs,
        not: None,
    }
}
const fn cb(neg: Option<Field>, abs: Option<Field>, spaced: bool) -> OpKind {
    OpKind::ConstOperand {
        bank: f(34, 5),
        off: f(20, 14),
        neg,
        abs,
        not: None,
        spaced,
    }
}
const D20: OpKind = OpKind::DImm20 {
    f: f(20, 19),
    sign: f(56, 1),
};
const H16: OpKind = OpKind::HImm16 { f: f(20, 16) };
const F32I: OpKind = OpKind::FImm32 { f: f(20, 32) };
const PD3: OpKind = pred(3, None, true, false);
const PQ0: OpKind = pred(0, None, true, false);

const OPC12: u64 = 0xfff0_0000_0000_0000;

const fn sm52(r: OpSpec) -> OpSpec {
    OpSpec {
        since: Target::Sm52,
        ..r
    }
}

// Modifier groups -----------------------------------------------------------------------------

const RND50: ModGroup = grp!(Rnd, 50, 2, { 0 => "", 1 => ".RM", 2 => ".RP", 3 => ".RZ" });
/// The 4-bit float comparison (FSETP, FSET, DSETP, DSET).
const FCMP48: ModGroup = grp!(Cmp, 48, 4, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".NUM",
    8 => ".NAN", 9 => ".LTU", 10 => ".EQU", 11 => ".LEU", 12 => ".GTU", 13 => ".NEU", 14 => ".GEU", 15 => ".T"
});
/// FCMP's comparison: `.GT` is its default and prints as nothing.
const FCMP_CMP: ModGroup = grp!(Cmp, 48, 4, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => "", 5 => ".NE", 6 => ".GE", 7 => ".NUM",
    8 => ".NAN", 9 => ".LTU", 10 => ".EQU", 11 => ".LEU", 12 => ".GTU", 13 => ".NEU", 14 => ".GEU", 15 => ".T"
});
const ICMP49: ModGroup = grp!(Cmp, 49, 3, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".T"
});
const FMZ53: ModGroup =
    grp!(Fmz, 53, 2, { 0 => "", 1 => ".FTZ", 2 => ".FMZ", 3 => ".INVALIDFMZ3" });
/// Where IMAD prints `.PO`: after the types and `.HI`, before `.SAT` and `.X`.
const PO_AT: ModGroup = grp!(Po, 0, 0, { 0 => "" });

/// IMUL/IMAD signedness of A (`lo`) and B (`hi`), printed as one pair; signed x signed
/// prints nothing.
const fn types(lo: u8, hi: u8) -> ModGroup {
    ModGroup {
        id: ModId::Types,
        field: f(lo, 1),
        hi: b1(hi),
        vals: vals!(0 => ".U32.U32", 1 => ".S32.U32", 2 => ".U32.S32", 3 => ""),
        at: None,
        alt: None,
    }
}

// f64 ------------------------------------------------------------------------------------------

const DFMA_MODS: &[ModGroup] = &[RND50, CC0];
const DFMA_I_MODS: &[ModGroup] = &[RND50, CC0, sfx!(Neg, 48, ".NEG", 2)];
const DMUL_MODS: &[ModGroup] = &[RND39, CC0];
const DMUL_I_MODS: &[ModGroup] = &[RND39, CC0, sfx!(Neg, 48, ".NEG", 2)];
const DMUL_IGN: u64 = bits(41, 46) | bits(49, 50);
/// FADD's flag layout: negate B 45, abs A 46, negate A 48, abs B 49.
const ADD_RA: OpKind = rx(8, b1(48), b1(46));
const DADD_I_MODS: &[ModGroup] = &[
    RND39,
    CC0,
    sfx!(Neg, 45, ".NEG", 2),
    sfx!(Abs, 49, ".ABS", 2),
];
const DADD_IGN: u64 = bits(41, 44) | bits(50, 50);
const MNMX_RB: OpKind = rx(20, b1(45), b1(49));
const DMNMX_IGN: u64 = bits(43, 44) | bits(50, 50);
const NEG45_2: ModGroup = sfx!(Neg, 45, ".NEG", 2);
const ABS49_2: ModGroup = sfx!(Abs, 49, ".ABS", 2);
const SETP_RA: OpKind = rx(8, b1(43), b1(7));
const SETP_RB: OpKind = rx(20, b1(6), b1(44));
const DSETP_MODS: &[ModGroup] = &[FCMP48, BOP45];
const DSETP_I_MODS: &[ModGroup] = &[
    FCMP48,
    BOP45,
    sfx!(Neg, 6, ".NEG", 3),
    sfx!(Abs, 44, ".ABS", 3),
];
const BF52: ModGroup = flag!(Bf, 52, ".BF");
const SET_RA: OpKind = rx(8, b1(43), b1(54));
const SET_RB: OpKind = rx(20, b1(53), b1(44));
const DSET_MODS: &[ModGroup] = &[BF52, FCMP48, BOP45, CC0];
const DSET_I_MODS: &[ModGroup] = &[
    BF52,
    FCMP48,
    BOP45,
    CC0,
    sfx!(Neg, 53, ".NEG", 2),
    sfx!(Abs, 44, ".ABS", 2),
];

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
const RRO_B: OpKind = rx(20, b1(45), b1(49));

// Integer --------------------------------------------------------------------------------------

const IMUL_MODS: &[ModGroup] = &[types(40, 41), flag!(Hi, 39, ".HI"), CC0];
const IMUL_IGN: u64 = bits(42, 46) | bits(48, 50);
const IMAD_MODS: &[ModGroup] = &[
    types(48, 53),
    flag!(Hi, 54, ".HI"),
    PO_AT,
    flag!(Sat, 50, ".SAT"),
    flag!(X, 49, ".X"),
    CC0,
];
const IMAD_RA: OpKind = rx(8, b1(52), None);
const IMAD_RC: OpKind = rx(39, b1(51), None);

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

// Conversions ----------------------------------------------------------------------------------

/// The F2F rounding of a same-format conversion: bits 39-40 with bit 42 (integer
/// rounding): any rounding without bit 42 prints `.PASS`.
const F2F_RND_SAME: ModGroup = ModGroup {
    id: ModId::Rnd,
    field: f(39, 2),
    hi: b1(42),
    vals: vals!(
        0 => "", 1 => ".PASS", 2 => ".PASS", 3 => ".PASS",
        4 => ".ROUND", 5 => ".FLOOR", 6 => ".CEIL", 7 => ".TRUNC"
    ),
    at: None,
    alt: None,
};
const FMT_F16: ModVal = ModVal {
    value: 1,
    text: ".F16",
    aliases: &[],
    sem: ValSem::None,
};
const FMT_F32: ModVal = ModVal {
    value: 2,
    text: ".F32",
    aliases: &[],
    sem: ValSem::None,
};
const FMT_F64: ModVal = ModVal {
    value: 3,
    text: ".F64",
    aliases: &[],
    sem: ValSem::None,
};
const fn fixed_grp(id: ModId, vals: &'static [ModVal]) -> ModGroup {
    group(id, f(0, 0), vals)
}
const fn dst_grp(vals: &'static [ModVal]) -> ModGroup {
    group(ModId::Dst, f(8, 2), vals)
}
/// A source format the destination group spells (`.F32.F64` is one spelling, so that
/// the parser cannot swap the two formats).
const fn silent(value: u8) -> &'static [ModVal] {
    match value {
        1 => &[ModVal {
            value: 1,
            text: "",
            aliases: &[],
            sem: ValSem::None,
        }],
        2 => &[ModVal {
            value: 2,
            text: "",
            aliases: &[],
            sem: ValSem::None,
        }],
        _ => &[ModVal {
            value: 3,
            text: "",
            aliases: &[],
            sem: ValSem::None,
        }],
    }
}
const F16V: &[ModVal] = &[FMT_F16];
const F32V: &[ModVal] = &[FMT_F32];
const F64V: &[ModVal] = &[FMT_F64];
const NOT_F16: &[ModVal] = vals!(2 => ".F32.F16", 3 => ".F64.F16");
const NOT_F32: &[ModVal] = vals!(1 => ".F16.F32", 3 => ".F64.F32");
const NOT_F64: &[ModVal] = vals!(1 => ".F16.F64", 2 => ".F32.F64");
const FTZ44_F: ModGroup = flag!(Ftz, 44, ".FTZ");
const NEG45_1: ModGroup = sfx!(Neg, 45, ".NEG", 1);
const ABS49_1: ModGroup = sfx!(Abs, 49, ".ABS", 1);
const H1_41: ModGroup = sfx!(H1, 41, ".H1", 1);

macro_rules! f2f_mods {
    ($dst:expr, $src:expr, $rnd:expr) => {
        &[FTZ44_F, $dst, $src, $rnd, SAT50, CC0]
    };
    ($dst:expr, $src:expr, $rnd:expr, h1) => {
        &[FTZ44_F, $dst, $src, $rnd, SAT50, CC0, H1_41]
    };
    ($dst:expr, $src:expr, $rnd:expr, imm) => {
        &[FTZ44_F, $dst, $src, $rnd, SAT50, CC0, NEG45_1, ABS49_1]
    };
    ($dst:expr, $src:expr, $rnd:expr, imm_h1) => {
        &[
            FTZ44_F, $dst, $src, $rnd, SAT50, CC0, NEG45_1, ABS49_1, H1_41,
        ]
    };
}

const F2F_IGN: u64 = bits(12, 15) | bits(43, 43) | bits(46, 46) | bits(48, 48);
const F2F_R_OPS: &[OpKind] = &[RD, rx(20, b1(45), b1(49))];
const F2F_C_OPS: &[OpKind] = &[RD, cb(b1(45), b1(49), false)];
const F2F_C16_OPS: &[OpKind] = &[RD, cb(b1(45), b1(49), true)];
/// The register form ignores the register-class bits 28-38.
const R_IGN: u64 = bits(28, 38);
/// An F16 immediate is bits 20-35: 36-38 and the sign bit 56 are ignored.
const H16_IGN: u64 = bits(36, 38) | bits(56, 56);

/// An F2F source operand's class: register, constant, immediate.
#[derive(Clone, Copy)]
enum F2fSrc {
    R,
    C,
    I,
}
/// A float format, by its 2-bit code in F2F's opcode.
#[derive(Clone, Copy)]
enum Fmt {
    F16 = 1,
    F32 = 2,
    F64 = 3,
}
/// The format's own value (a same-format row's destination and source groups).
const fn fmt_v(s: Fmt) -> &'static [ModVal] {
    match s {
        Fmt::F16 => F16V,
        Fmt::F32 => F32V,
        Fmt::F64 => F64V,
    }
}
/// The destinations other than the source format.
const fn not_v(s: Fmt) -> &'static [ModVal] {
    match s {
        Fmt::F16 => NOT_F16,
        Fmt::F32 => NOT_F32,
        Fmt::F64 => NOT_F64,
    }
}
/// One F2F row of source class `k` and format `s`: to the same format (`pass`: both
/// formats fixed in the opcode) or to another (the destination at bits 8-9). The source
/// format decides the immediate's type and the constant operand's spacing; bit 41 (`.H1`)
/// is ignored unless the source is F16, bit 42 in a same-format row.
const fn f2f_row(
    k: F2fSrc,
    s: Fmt,
    pass: bool,
    form: &'static str,
    mods: &'static [ModGroup],
) -> OpSpec {
    let (opcode, mask, operands, class_ign): (u64, u64, &'static [OpKind], u64) = match k {
        F2fSrc::R => (0x5ca8, OPC, F2F_R_OPS, R_IGN),
        F2fSrc::C => match s {
            Fmt::F16 => (0x4ca8, OPC, F2F_C16_OPS, 0),
            _ => (0x4ca8, OPC, F2F_C_OPS, 0),
        },
        F2fSrc::I => match s {
            Fmt::F16 => (0x38a8, OPC_I, &[RD, H16], H16_IGN),
            Fmt::F32 => (0x38a8, OPC_I, &[RD, F20], 0),
            Fmt::F64 => (0x38a8, OPC_I, &[RD, D20], 0),
        },
    };
    let h1_ign = match s {
        Fmt::F16 => 0,
        _ => bits(41, 41),
    };
    let (dst, fmt_mask, dst_ign) = if pass {
        (s as u64, bits(8, 11), 0)
    } else {
        (0, bits(10, 11), bits(42, 42))
    };
    var(
        Op::F2f,
        "F2F",
        form,
        opcode << 48 | fmt_bits(dst, s as u64),
        mask | fmt_mask,
        mods,
        operands,
        F2F_IGN | class_ign | h1_ign | dst_ign,
    )
}

/// One F2F row: `f2f!(R, F16, pass)` F16 to F16 (`.PASS`, `.ROUND`, ... rounding),
/// `f2f!(C, F32)` an F32 source to another format; `R`, `C`, `I`: the source's class.
macro_rules! f2f {
    ($k:ident, $s:ident, pass) => {
        f2f_row(
            F2fSrc::$k,
            Fmt::$s,
            true,
            concat!("F2F_", stringify!($k), "_", stringify!($s), "_", stringify!($s)),
            f2f!(@mods $k $s
                fixed_grp(ModId::Dst, fmt_v(Fmt::$s)),
                fixed_grp(ModId::Src, fmt_v(Fmt::$s)),
                F2F_RND_SAME),
        )
    };
    ($k:ident, $s:ident) => {
        f2f_row(
            F2fSrc::$k,
            Fmt::$s,
            false,
            concat!("F2F_", stringify!($k), "_", stringify!($s)),
            f2f!(@mods $k $s
                dst_grp(not_v(Fmt::$s)),
                fixed_grp(ModId::Src, silent(Fmt::$s as u8)),
                RND39),
        )
    };
    // `.H1` for an F16 source; the immediate's `.NEG`/`.ABS` suffixes.
    (@mods I F16 $($g:expr),*) => { f2f_mods!($($g),*, imm_h1) };
    (@mods I $s:ident $($g:expr),*) => { f2f_mods!($($g),*, imm) };
    (@mods $k:ident F16 $($g:expr),*) => { f2f_mods!($($g),*, h1) };
    (@mods $k:ident $s:ident $($g:expr),*) => { f2f_mods!($($g),*) };
}

/// The formats in the opcode: dst at 8-9, src at 10-11.
const fn fmt_bits(dst: u64, src: u64) -> u64 {
    dst << 8 | src << 10
}

const F2I_DST: ModGroup = ModGroup {
    id: ModId::Dst,
    field: f(8, 2),
    hi: Some(f(12, 1)),
    vals: vals!(1 => ".U16", 2 => ".U32", 3 => ".U64", 5 => ".S16", 6 => ".S32", 7 => ".S64"),
    at: None,
    alt: None,
};
const F2I_RND: ModGroup = grp!(Rnd, 39, 2, { 0 => "", 1 => ".FLOOR", 2 => ".CEIL", 3 => ".TRUNC" });
macro_rules! f2i_i_mods {
    ($src:expr) => {
        &[
            FTZ44_F,
            F2I_DST,
            fixed_grp(ModId::Src, $src),
            F2I_RND,
            CC0,
            NEG45_1,
            ABS49_1,
            H1_41,
        ]
    };
}

const I2I_C_MODS: &[ModGroup] = &I2I_MODS;
const I2I_I_MODS: &[ModGroup] = &[I2I_DST, I2I_SRC, SAT50, CC0, NEG45_1, ABS49_1, byte_sel(1)];
const I2I_IGN: u64 = bits(14, 15) | bits(39, 40) | bits(43, 44) | bits(46, 46) | bits(48, 48);

// Half precision (SM52 text only: nvdisasm -b SM52 decodes them, -b SM50 rejects them) --

const SWZ_VALS: &[ModVal] = vals!(0 => "", 1 => ".F32", 2 => ".H0_H0", 3 => ".H1_H1");
const fn swz(id: ModId, lo: u8, at: u8) -> ModGroup {
    ModGroup {
        id,
        field: f(lo, 2),
        hi: None,
        vals: SWZ_VALS,
        at: Some(at),
        alt: None,
    }
}
const HOUT: ModGroup = grp!(HOut, 49, 2, { 0 => "", 1 => ".F32", 2 => ".MRG_H0", 3 => ".MRG_H1" });
const fn hfmz(lo: u8) -> ModGroup {
    group(
        ModId::Fmz,
        f(lo, 2),
        vals!(0 => "", 1 => ".FTZ", 2 => ".FMZ"),
    )
}
/// The f16x2 immediate of the 19-bit forms: the printed-first half at 30-38 (sign 56),
/// the second at 20-28 (sign 29), each the top 9 bits below the sign.
const HI9: [OpKind; 2] = [
    OpKind::HImmS {
        f: f(30, 9),
        sign: f(56, 1),
    },
    OpKind::HImmS {
        f: f(20, 9),
        sign: f(29, 1),
    },
];
/// The f16x2 immediate of the `_32I` forms: 36-50 (sign 51) and 20-34 (sign 35).
const HI15: [OpKind; 2] = [
    OpKind::HImmS {
        f: f(36, 15),
        sign: f(51, 1),
    },
    OpKind::HImmS {
        f: f(20, 15),
        sign: f(35, 1),
    },
];
row_fn!(
    /// Variable latency (barriers accepted), reuse slots 0-2 printed, slot 3 accepted.
    half,
    crate::table::Latency::Variable,
    reuse_ok: 0b1111 | crate::table::REUSE_PRINTED,
    since: Target::Sm52,
);

/// The 4-bit float comparison at `lo` (HSET2/HSETP2: 35 in the register form, 49
/// otherwise).
const fn hcmp(lo: u8) -> ModGroup {
    group(ModId::Cmp, f(lo, 4), FCMP48.vals)
}
/// HSET2/HSETP2's boolean: value 3 prints `???3` (rejected).
const HBOP: ModGroup = grp!(Bop, 45, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR" });
const HSET2_RA: OpKind = rx(8, b1(43), b1(44));
const HPD: OpKind = pred(3, None, true, false);
const HPQ: OpKind = pred(0, None, true, false);

/// HSETP2 rejects reuse slot 3 (HSET2 accepts it).
const fn hsetp2(r: OpSpec) -> OpSpec {
    OpSpec {
        reuse_ok: 0b0111 | crate::table::REUSE_PRINTED,
        ..r
    }
}

// What the register, constant and immediate rows of each op below share.
const FCMP: Rci = Rci::new(Op::Fcmp, "FCMP", FCMP_MODS, 0).mask(OPC12);
const IMUL: Rci = Rci::new(Op::Imul, "IMUL", IMUL_MODS, IMUL_IGN).var();
const IMADSP: Rci = Rci::new(Op::Imadsp, "IMADSP", IMADSP_MODS, 0)
    .var()
    .mask(0xff80 << 48);
const ICMP: Rci = Rci::new(Op::Icmp, "ICMP", ICMP_MODS, bits(47, 47)).mask(OPC12);
const ISET: Rci = Rci::new(Op::Iset, "ISET", ISET_MODS, 0).mask(OPC12);
/// DFMA/DMUL/DADD: variable latency (barriers accepted) whose reuse flags print on
/// slots 0-2, slot 3 rejected.
const DFMA: Rci = Rci::new(Op::Dfma, "DFMA", DFMA_MODS, 0)
    .var()
    .reuse_ok(0b0111)
    .imm_mods(DFMA_I_MODS)
    .mask(OPC12);
const DMUL: Rci = Rci::new(Op::Dmul, "DMUL", DMUL_MODS, DMUL_IGN)
    .var()
    .reuse_ok(0b0111)
    .imm_mods(DMUL_I_MODS);
const DADD: Rci = Rci::new(Op::Dadd, "DADD", DMUL_MODS, DADD_IGN)
    .var()
    .reuse_ok(0b0111)
    .imm_mods(DADD_I_MODS);
const DMNMX: Rci = Rci::new(Op::Dmnmx, "DMNMX", &[CC0], DMNMX_IGN)
    .var()
    .imm_mods(&[CC0, NEG45_2, ABS49_2]);
const DSETP: Rci = Rci::new(Op::Dsetp, "DSETP", DSETP_MODS, bits(47, 47))
    .var()
    .imm_mods(DSETP_I_MODS)
    .mask(OPC12);
const DSET: Rci = Rci::new(Op::Dset, "DSET", DSET_MODS, 0)
    .var()
    .imm_mods(DSET_I_MODS)
    .mask(0xff80 << 48);
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
const I2I: Rci = Rci::new(Op::I2i, "I2I", I2I_C_MODS, I2I_IGN)
    .var()
    .imm_mods(I2I_I_MODS);
/// The rows of set A.
pub static ROWS_A: &[OpSpec] = &[
    // DFMA: Rd = Ra * B + C (f64).
    DFMA.r(
        "DFMA_R",
        0x5b70,
        &[RD, RA, rx(20, b1(48), None), rx(39, b1(49), None)],
    ),
    DFMA.c(
        "DFMA_CB",
        0x4b70,
        &[RD, RA, cb(b1(48), None, false), rx(39, b1(49), None)],
    ),
    DFMA.c(
        "DFMA_CC",
        0x5370,
        &[RD, RA, rs(39, 1, b1(48), None), cb(b1(49), None, false)],
    ),
    DFMA.i("DFMA_I", 0x3670, &[RD, RA, D20, rx(39, b1(49), None)]),
    // DMUL / DADD.
    DMUL.r("DMUL_R", 0x5c80, &[RD, RA, rx(20, b1(48), None)]),
    DMUL.c("DMUL_C", 0x4c80, &[RD, RA, cb(b1(48), None, false)]),
    DMUL.i("DMUL_I", 0x3880, &[RD, RA, D20]),
    DADD.r("DADD_R", 0x5c70, &[RD, ADD_RA, rs(20, 2, b1(45), b1(49))]),
    DADD.c("DADD_C", 0x4c70, &[RD, ADD_RA, cb(b1(45), b1(49), false)]),
    DADD.i("DADD_I", 0x3870, &[RD, ADD_RA, D20]),
    // DMNMX: Rd = Pp ? min : max (f64).
    DMNMX.r("DMNMX_R", 0x5c50, &[RD, ADD_RA, MNMX_RB, PP39]),
    DMNMX.c(
        "DMNMX_C",
        0x4c50,
        &[RD, ADD_RA, cb(b1(45), b1(49), false), PP39],
    ),
    DMNMX.i("DMNMX_I", 0x3850, &[RD, ADD_RA, D20, PP39]),
    // DSETP / DSET: f64 compares.
    DSETP.r("DSETP_R", 0x5b80, &[PD3, PQ0, SETP_RA, SETP_RB, PP39]),
    DSETP.c(
        "DSETP_C",
        0x4b80,
        &[PD3, PQ0, SETP_RA, cb(b1(6), b1(44), false), PP39],
    ),
    DSETP.i("DSETP_I", 0x3680, &[PD3, PQ0, SETP_RA, D20, PP39]),
    DSET.r("DSET_R", 0x5900, &[RD, SET_RA, SET_RB, PP39]),
    DSET.c(
        "DSET_C",
        0x4900,
        &[RD, SET_RA, cb(b1(53), b1(44), false), PP39],
    ),
    DSET.i("DSET_I", 0x3200, &[RD, SET_RA, D20, PP39]),
    // FSETP / FSET / FCMP: f32 compares.
    FSETP.r("FSETP_R", 0x5bb0, &[PD3, PQ0, SETP_RA, SETP_RB, PP39]),
    FSETP.c(
        "FSETP_C",
        0x4bb0,
        &[PD3, PQ0, SETP_RA, cb(b1(6), b1(44), false), PP39],
    ),
    FSETP.i("FSETP_I", 0x36b0, &[PD3, PQ0, SETP_RA, F20, PP39]),
    FSET.r("FSET_R", 0x5800, &[RD, SET_RA, SET_RB, PP39]),
    FSET.c(
        "FSET_C",
        0x4800,
        &[RD, SET_RA, cb(b1(53), b1(44), false), PP39],
    ),
    FSET.i("FSET_I", 0x3000, &[RD, SET_RA, F20, PP39]),
    FCMP.r("FCMP_R", 0x5ba0, &[RD, RA, RB, RC]),
    FCMP.c("FCMP_CB", 0x4ba0, &[RD, RA, CB, RC]),
    FCMP.c("FCMP_CC", 0x53a0, &[RD, RA, rs(39, 1, None, None), CB]),
    FCMP.i("FCMP_I", 0x36a0, &[RD, RA, F20, RC]),
    // FMNMX: Rd = Pp ? min : max (f32).
    FMNMX.r("FMNMX_R", 0x5c60, &[RD, ADD_RA, MNMX_RB, PP39]),
    FMNMX.c(
        "FMNMX_C",
        0x4c60,
        &[RD, ADD_RA, cb(b1(45), b1(49), false), PP39],
    ),
    FMNMX.i("FMNMX_I", 0x3860, &[RD, ADD_RA, F20, PP39]),
    // 32-bit immediate float forms.
    alu(
        Op::Fmul,
        "FMUL32I",
        "FMUL32I",
        0x1e00 << 48,
        0xff00 << 48,
        &[FMZ53, flag!(Sat, 55, ".SAT"), sfx!(Cc, 52, ".CC", 0)],
        &[RD, RA, F32I],
        0,
    ),
    alu(
        Op::Fadd,
        "FADD32I",
        "FADD32I",
        0x0800 << 48,
        0xfc00 << 48,
        &[
            FTZ55,
            sfx!(Cc, 52, ".CC", 0),
            sfx!(Neg, 53, ".NEG", 2),
            sfx!(Abs, 57, ".ABS", 2),
        ],
        &[RD, rx(8, b1(56), b1(54)), F32I],
        0,
    ),
    alu(
        Op::Ffma,
        "FFMA32I",
        "FFMA32I",
        0x0c00 << 48,
        0xfc00 << 48,
        &[FMZ53, flag!(Sat, 55, ".SAT"), sfx!(Cc, 52, ".CC", 0)],
        &[RD, rx(8, b1(56), None), F32I, rs(0, 2, b1(57), None)],
        0,
    ),
    // FCHK: Pd = the division Ra / B needs the slow path.
    FCHK.r("FCHK_R", 0x5c88, &[PD3, ADD_RA, MNMX_RB]),
    FCHK.c("FCHK_C", 0x4c88, &[PD3, ADD_RA, cb(b1(45), b1(49), false)]),
    FCHK.i("FCHK_I", 0x3888, &[PD3, ADD_RA, F20]),
    // MUFU (variable latency: the SFU). Function 8 is `.SQRT` on SM52 only; SM50's
    // nvdisasm prints `INVALIDMUFUOPCODE8`.
    sm52(var(
        Op::Mufu,
        "MUFU",
        "MUFU_SQRT",
        0x5080_0000_0080_0000,
        OPC | bits(20, 23),
        &[grp!(Func, 0, 0, { 8 => ".SQRT" }), flag!(Sat, 50, ".SAT")],
        &[RD, rx(8, b1(48), b1(46))],
        MUFU_IGN,
    )),
    var(
        Op::Mufu,
        "MUFU",
        "MUFU",
        0x5080 << 48,
        OPC,
        &[
            grp!(Func, 20, 4, {
                0 => ".COS", 1 => ".SIN", 2 => ".EX2", 3 => ".LG2",
                4 => ".RCP", 5 => ".RSQ", 6 => ".RCP64H", 7 => ".RSQ64H"
            }),
            flag!(Sat, 50, ".SAT"),
        ],
        &[RD, rx(8, b1(48), b1(46))],
        MUFU_IGN,
    ),
    // RRO: range reduction (no Ra).
    RRO.r("RRO_R", 0x5c90, &[RD, RRO_B]),
    RRO.c("RRO_C", 0x4c90, &[RD, cb(b1(45), b1(49), false)]),
    RRO.i("RRO_I", 0x3890, &[RD, F20]),
    // F2F: one row per source format and operand class, and one per same-format
    // conversion (dst == src: `.PASS`/`.ROUND`.. rounding). The source format decides
    // the immediate's type and the constant operand's spacing; `.H1` exists only for an
    // F16 source (bit 41 is ignored otherwise).
    f2f!(R, F16, pass),
    f2f!(R, F32, pass),
    f2f!(R, F64, pass),
    f2f!(R, F16),
    f2f!(R, F32),
    f2f!(R, F64),
    f2f!(C, F16, pass),
    f2f!(C, F32, pass),
    f2f!(C, F64, pass),
    f2f!(C, F16),
    f2f!(C, F32),
    f2f!(C, F64),
    f2f!(I, F16, pass),
    f2f!(I, F32, pass),
    f2f!(I, F64, pass),
    f2f!(I, F16),
    f2f!(I, F32),
    f2f!(I, F64),
    // F2I's immediate form, one row per source format (the immediate's type).
    var(
        Op::F2i,
        "F2I",
        "F2I_I_F16",
        0x38b0 << 48 | fmt_bits(0, 1),
        OPC_I | bits(10, 11),
        f2i_i_mods!(F16V),
        &[RD, H16],
        F2I_IGN | H16_IGN,
    ),
    var(
        Op::F2i,
        "F2I",
        "F2I_I_F32",
        0x38b0 << 48 | fmt_bits(0, 2),
        OPC_I | bits(10, 11),
        f2i_i_mods!(F32V),
        &[RD, F20],
        F2I_IGN,
    ),
    var(
        Op::F2i,
        "F2I",
        "F2I_I_F64",
        0x38b0 << 48 | fmt_bits(0, 3),
        OPC_I | bits(10, 11),
        f2i_i_mods!(F64V),
        &[RD, D20],
        F2I_IGN,
    ),
    // I2I's constant and immediate forms.
    I2I.c("I2I_C", 0x4ce0, &[RD, cb(b1(45), b1(49), true)]),
    I2I.i("I2I_I", 0x38e0, &[RD, I20]),
    // IADD32I with both "plus one" bits (55, 56): `IADD32I.PO`. The IADD32I row's opcode
    // fixes bit 55 clear (bit 55 alone is rejected), so `.PO` is a row of its own.
    with_po(
        alu(
            Op::Iadd,
            "IADD32I",
            "IADD32I_PO",
            0x1d80 << 48,
            0xff80 << 48,
            IADD32I_MODS,
            &[RD, RA, IMM32S],
            0,
        ),
        55,
        56,
    ),
    // IMUL / IMAD / IMADSP (variable latency).
    IMUL.r("IMUL_R", 0x5c38, &[RD, RA, RB]),
    IMUL.c("IMUL_C", 0x4c38, &[RD, RA, CB]),
    IMUL.i("IMUL_I", 0x3838, &[RD, RA, I20]),
    var(
        Op::Imul,
        "IMUL32I",
        "IMUL32I",
        0x1f00 << 48,
        0xff00 << 48,
        &[types(54, 55), flag!(Hi, 53, ".HI"), sfx!(Cc, 52, ".CC", 0)],
        &[RD, RA, IMM32S],
        0,
    ),
    with_po(
        var(
            Op::Imad,
            "IMAD",
            "IMAD_R",
            0x5a00 << 48,
            0xff80 << 48,
            IMAD_MODS,
            &[RD, IMAD_RA, RB, IMAD_RC],
            R_IGN,
        ),
        51,
        52,
    ),
    with_po(
        var(
            Op::Imad,
            "IMAD",
            "IMAD_CB",
            0x4a00 << 48,
            0xff80 << 48,
            IMAD_MODS,
            &[RD, IMAD_RA, CB, IMAD_RC],
            0,
        ),
        51,
        52,
    ),
    with_po(
        var(
            Op::Imad,
            "IMAD",
            "IMAD_CC",
            0x5200 << 48,
            0xff80 << 48,
            IMAD_MODS,
            &[RD, IMAD_RA, rs(39, 1, None, None), cb(b1(51), None, false)],
            0,
        ),
        51,
        52,
    ),
    with_po(
        var(
            Op::Imad,
            "IMAD",
            "IMAD_I",
            0x3400 << 48,
            0xfe80 << 48,
            IMAD_MODS,
            &[RD, IMAD_RA, I20, IMAD_RC],
            0,
        ),
        51,
        52,
    ),
    with_po(
        var(
            Op::Imad,
            "IMAD32I",
            "IMAD32I",
            0x1000 << 48,
            0xfc00 << 48,
            &[
                types(54, 57),
                flag!(Hi, 53, ".HI"),
                PO_AT,
                sfx!(Cc, 52, ".CC", 0),
            ],
            &[RD, rx(8, b1(56), None), IMM32S, rs(0, 2, b1(55), None)],
            0,
        ),
        55,
        56,
    ),
    IMADSP.r("IMADSP_R", 0x5a80, &[RD, RA, RB, RC]),
    IMADSP.c("IMADSP_CB", 0x4a80, &[RD, RA, CB, RC]),
    IMADSP.c("IMADSP_CC", 0x5280, &[RD, RA, rs(39, 1, None, None), CB]),
    IMADSP.i("IMADSP_I", 0x3480, &[RD, RA, I20, RC]),
    // ISCADD32I: Rd = (Ra << shift) + imm32.
    alu(
        Op::Iscadd,
        "ISCADD32I",
        "ISCADD32I",
        0x1400 << 48,
        0xfc00 << 48,
        &[sfx!(Cc, 52, ".CC", 0)],
        &[
            RD,
            RA,
            IMM32S,
            OpKind::UImm {
                f: f(53, 5),
                hide: None,
                signed_if: None,
            },
        ],
        0,
    ),
    // ICMP: Rd = (C cmp 0) ? Ra : B.
    ICMP.r("ICMP_R", 0x5b40, &[RD, RA, RB, RC]),
    ICMP.c("ICMP_CB", 0x4b40, &[RD, RA, CB, RC]),
    ICMP.c("ICMP_CC", 0x5340, &[RD, RA, rs(39, 1, None, None), CB]),
    ICMP.i("ICMP_I", 0x3640, &[RD, RA, I20, RC]),
    // ISET: integer compare to a register.
    ISET.r("ISET_R", 0x5b50, &[RD, RA, RB, PP39]),
    ISET.c("ISET_C", 0x4b50, &[RD, RA, CB, PP39]),
    ISET.i("ISET_I", 0x3650, &[RD, RA, I20, PP39]),
    // LEA.HI: Rd = high word of ((Rc:Ra) << shift) + B, carry out to Pd.
    alu(
        Op::LeaHi,
        "LEA",
        "LEA_HI_R",
        0x5bd8 << 48,
        OPC,
        &[LEA_HI, flag!(X, 38, ".X"), sfx!(Cc, 47, ".CC", 1)],
        &[
            PD48,
            RD,
            rx(8, b1(37), None),
            RB,
            RC,
            OpKind::UImm {
                f: f(28, 5),
                hide: Some(0),
                signed_if: None,
            },
        ],
        bits(33, 36),
    ),
    alu(
        Op::LeaHi,
        "LEA",
        "LEA_HI_C",
        0x1800 << 48,
        0xfc00 << 48,
        &[LEA_HI, flag!(X, 57, ".X"), sfx!(Cc, 47, ".CC", 1)],
        &[
            PD48,
            RD,
            rx(8, b1(56), None),
            CB,
            RC,
            OpKind::UImm {
                f: f(51, 5),
                hide: Some(0),
                signed_if: None,
            },
        ],
        0,
    ),
    // HADD2 / HMUL2 / HFMA2 (SM52 text only).
    half(
        Op::Hadd2,
        "HADD2",
        "HADD2_R",
        0x5d10 << 48,
        OPC,
        &[
            HOUT,
            flag!(Ftz, 39, ".FTZ"),
            flag!(Sat, 32, ".SAT"),
            swz(ModId::SwzA, 47, 1),
            swz(ModId::SwzB, 28, 2),
        ],
        &[RD, rx(8, b1(43), b1(44)), rs(20, 2, b1(31), b1(30))],
        bits(33, 38) | bits(40, 42) | bits(45, 46),
    ),
    half(
        Op::Hadd2,
        "HADD2",
        "HADD2_C",
        0x7a80 << 48,
        0xfe80 << 48,
        &[
            HOUT,
            flag!(Ftz, 39, ".FTZ"),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 47, 1),
        ],
        &[RD, rx(8, b1(43), b1(44)), cb(b1(56), b1(54), false)],
        bits(40, 42) | bits(45, 46) | bits(51, 51) | bits(53, 53),
    ),
    half(
        Op::Hadd2,
        "HADD2",
        "HADD2_I",
        0x7a00 << 48,
        0xfe80 << 48,
        &[
            HOUT,
            flag!(Ftz, 39, ".FTZ"),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 47, 1),
        ],
        &[RD, rx(8, b1(43), b1(44)), HI9[0], HI9[1]],
        bits(40, 42) | bits(45, 46) | bits(51, 51) | bits(53, 54),
    ),
    half(
        Op::Hadd2,
        "HADD2_32I",
        "HADD2_32I",
        0x2c00 << 48,
        0xfe00 << 48,
        &[
            flag!(Ftz, 55, ".FTZ"),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 53, 1),
        ],
        &[RD, rx(8, b1(56), None), HI15[0], HI15[1]],
        0,
    ),
    half(
        Op::Hmul2,
        "HMUL2",
        "HMUL2_R",
        0x5d08 << 48,
        OPC,
        &[
            HOUT,
            hfmz(39),
            flag!(Sat, 32, ".SAT"),
            swz(ModId::SwzA, 47, 1),
            swz(ModId::SwzB, 28, 2),
        ],
        &[RD, rx(8, None, b1(44)), rx(20, b1(31), b1(30))],
        bits(33, 38) | bits(41, 43) | bits(45, 46),
    ),
    half(
        Op::Hmul2,
        "HMUL2",
        "HMUL2_C",
        0x7880 << 48,
        0xfe80 << 48,
        &[
            HOUT,
            hfmz(39),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 47, 1),
        ],
        &[RD, rx(8, None, b1(44)), cb(b1(43), b1(54), false)],
        bits(41, 42) | bits(45, 46) | bits(51, 51) | bits(53, 53) | bits(56, 56),
    ),
    half(
        Op::Hmul2,
        "HMUL2",
        "HMUL2_I",
        0x7800 << 48,
        0xfe80 << 48,
        &[
            HOUT,
            hfmz(39),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 47, 1),
        ],
        &[RD, rx(8, b1(43), b1(44)), HI9[0], HI9[1]],
        bits(41, 42) | bits(45, 46) | bits(51, 51) | bits(53, 54),
    ),
    half(
        Op::Hmul2,
        "HMUL2_32I",
        "HMUL2_32I",
        0x2a00 << 48,
        0xfe00 << 48,
        &[hfmz(55), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 53, 1)],
        &[RD, RA, HI15[0], HI15[1]],
        0,
    ),
    half(
        Op::Hfma2,
        "HFMA2",
        "HFMA2_R",
        0x5d00 << 48,
        OPC,
        &[
            HOUT,
            hfmz(37),
            flag!(Sat, 32, ".SAT"),
            swz(ModId::SwzA, 47, 1),
            swz(ModId::SwzB, 28, 2),
            swz(ModId::SwzC, 35, 3),
        ],
        &[RD, RA, rx(20, b1(31), None), rx(39, b1(30), None)],
        bits(33, 34),
    ),
    half(
        Op::Hfma2,
        "HFMA2",
        "HFMA2_CB",
        0x7080 << 48,
        0xf880 << 48,
        &[
            HOUT,
            hfmz(57),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 47, 1),
            swz(ModId::SwzC, 53, 3),
        ],
        &[RD, RA, cb(b1(56), None, false), rx(39, b1(51), None)],
        0,
    ),
    // The constant-as-C form: reuse slot 3 is rejected by nvdisasm; `.FTZ`/`.FMZ` (bits
    // 57-58) are accepted (3,000 random words with the default slot: none rejected;
    // docs/research/maxwell-breadth-F.md).
    OpSpec {
        reuse_ok: 0b0111 | crate::table::REUSE_PRINTED,
        ..half(
            Op::Hfma2,
            "HFMA2",
            "HFMA2_CC",
            0x6080 << 48,
            0xf880 << 48,
            &[
                HOUT,
                hfmz(57),
                flag!(Sat, 52, ".SAT"),
                swz(ModId::SwzA, 47, 1),
                swz(ModId::SwzB, 53, 2),
            ],
            &[RD, RA, rs(39, 1, b1(56), None), cb(b1(51), None, false)],
            0,
        )
    },
    half(
        Op::Hfma2,
        "HFMA2",
        "HFMA2_I",
        0x7000 << 48,
        0xf880 << 48,
        &[
            HOUT,
            hfmz(57),
            flag!(Sat, 52, ".SAT"),
            swz(ModId::SwzA, 47, 1),
            swz(ModId::SwzC, 53, 4),
        ],
        &[RD, RA, HI9[0], HI9[1], rx(39, b1(51), None)],
        0,
    ),
    // Reuse slot 3 is rejected here (unlike HADD2_32I/HMUL2_32I).
    OpSpec {
        reuse_ok: 0b0111 | crate::table::REUSE_PRINTED,
        ..half(
            Op::Hfma2,
            "HFMA2_32I",
            "HFMA2_32I",
            0x2800 << 48,
            0xfe00 << 48,
            &[hfmz(55), swz(ModId::SwzA, 53, 1)],
            &[RD, RA, HI15[0], HI15[1], rs(0, 2, b1(52), None)],
            0,
        )
    },
    // HSET2 / HSETP2: f16x2 compares (SM52 text only).
    half(
        Op::Hset2,
        "HSET2",
        "HSET2_R",
        0x5d18 << 48,
        OPC,
        &[
            flag!(Bf, 49, ".BF"),
            hcmp(35),
            flag!(Ftz, 50, ".FTZ"),
            HBOP,
            swz(ModId::SwzA, 47, 1),
            swz(ModId::SwzB, 28, 2),
        ],
        &[RD, HSET2_RA, rx(20, b1(31), b1(30)), PP39],
        bits(32, 34),
    ),
    half(
        Op::Hset2,
        "HSET2",
        "HSET2_C",
        0x7c80 << 48,
        0xfe80 << 48,
        &[
            flag!(Bf, 53, ".BF"),
            hcmp(49),
            flag!(Ftz, 54, ".FTZ"),
            HBOP,
            swz(ModId::SwzA, 47, 1),
        ],
        &[RD, HSET2_RA, cb(b1(56), None, false), PP39],
        0,
    ),
    half(
        Op::Hset2,
        "HSET2",
        "HSET2_I",
        0x7c00 << 48,
        0xfe80 << 48,
        &[
            flag!(Bf, 53, ".BF"),
            hcmp(49),
            flag!(Ftz, 54, ".FTZ"),
            HBOP,
            swz(ModId::SwzA, 47, 1),
        ],
        &[RD, HSET2_RA, HI9[0], HI9[1], PP39],
        0,
    ),
    hsetp2(half(
        Op::Hsetp2,
        "HSETP2",
        "HSETP2_R",
        0x5d20 << 48,
        OPC,
        &[
            hcmp(35),
            flag!(HAnd, 49, ".H_AND"),
            flag!(Ftz, 6, ".FTZ"),
            HBOP,
            swz(ModId::SwzA, 47, 2),
            swz(ModId::SwzB, 28, 3),
        ],
        &[HPD, HPQ, HSET2_RA, rx(20, b1(31), b1(30)), PP39],
        bits(7, 7) | bits(32, 34) | bits(50, 50),
    )),
    hsetp2(half(
        Op::Hsetp2,
        "HSETP2",
        "HSETP2_C",
        0x7e80 << 48,
        0xfe80 << 48,
        &[
            hcmp(49),
            flag!(HAnd, 53, ".H_AND"),
            flag!(Ftz, 6, ".FTZ"),
            HBOP,
            swz(ModId::SwzA, 47, 2),
        ],
        &[HPD, HPQ, HSET2_RA, cb(b1(56), b1(54), false), PP39],
        bits(7, 7),
    )),
    hsetp2(half(
        Op::Hsetp2,
        "HSETP2",
        "HSETP2_I",
        0x7e00 << 48,
        0xfe80 << 48,
        &[
            hcmp(49),
            flag!(HAnd, 53, ".H_AND"),
            flag!(Ftz, 6, ".FTZ"),
            HBOP,
            swz(ModId::SwzA, 47, 2),
        ],
        &[HPD, HPQ, HSET2_RA, HI9[0], HI9[1], PP39],
        bits(7, 7) | bits(54, 54),
    )),
];
