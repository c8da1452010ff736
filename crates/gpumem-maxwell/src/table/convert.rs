//! Conversions: I2F, F2I, I2I, F2F.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    ABS49_1, CC0, D20, Enc, F20, I20, NEG45_1, OPC, OPC_I, R_IGN, RD, RND39, Rci, SAT50, b1, bits,
    cb, f, group, maxwell, neg, pascal, rx, var,
};
use super::{AltSpelling, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, ValSem};

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

const F2I: Rci = Rci::new(Op::F2i, "F2I", &F2I_MODS, F2I_IGN).var();

// The Pascal SMs: a conversion with a 64-bit source (size bits 10-11 = 3: `.F64`, `.U64`,
// `.S64`), or with a 64-bit destination (bits 8-9 = 3) and a source that is not 16 bits
// wide (I2F/F2I: `.F64.S16` and `.U64.F16` are not; F2F: `.F64.F16` is), takes reuse
// flags as DADD does (slots 0-2 printed, slot 3 rejected); the others as on Maxwell
// (nvdisasm -b SM61 on every type pair of I2F, F2I and F2F with reuse slot 3, and on
// random words of all three Pascal SMs). So each Maxwell row that can hold such a pair
// ends at SM52; on Pascal its copy (`_P6`) takes the other words and one more row per
// wide case (`_W..`), whose opcode fixes those bits.

/// The 64-bit case of Pascal row `r`: `fix` (under `fix_mask`, bits 8-11) in its opcode,
/// reuse slots 0-2 printed, slot 3 rejected.
const fn wide(form: &'static str, fix: u64, fix_mask: u64, r: OpSpec) -> OpSpec {
    OpSpec {
        form,
        opcode: r.opcode | fix,
        mask: r.mask | fix_mask,
        reuse_ok: 0b0111,
        ..pascal(r)
    }
}

/// Source size bits 10-11 = 3 (a 64-bit source).
const SRC64: (u64, u64) = (3 << 10, bits(10, 11));

/// Destination size bits 8-9 = 3 (a 64-bit destination) with source size `s`.
const fn dst64(s: u64) -> (u64, u64) {
    (3 << 8 | s << 10, bits(8, 11))
}

const I2F: Rci = Rci::new(Op::I2f, "I2F", &I2F_MODS, I2F_IGN)
    .var()
    .imm_mods(&I2F_I_MODS);

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

const H16: OpKind = OpKind::HImm16 { f: f(20, 16) };

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

const H1_41: ModGroup = sfx!(H1, 41, ".H1", 1);

const F2F_IGN: u64 = bits(12, 15) | bits(43, 43) | bits(46, 46) | bits(48, 48);

const F2F_R_OPS: &[OpKind] = &[RD, rx(20, b1(45), b1(49), None)];

const F2F_C_OPS: &[OpKind] = &[RD, cb(b1(45), b1(49), None, false)];

const F2F_C16_OPS: &[OpKind] = &[RD, cb(b1(45), b1(49), None, true)];

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
    var(Enc {
        op: Op::F2f,
        name: "F2F",
        form,
        opcode: opcode << 48 | fmt_bits(dst, s as u64),
        mask: mask | fmt_mask,
        mods,
        operands,
        ignored: F2F_IGN | class_ign | h1_ign | dst_ign,
    })
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

const I2I_C_MODS: &[ModGroup] = &I2I_MODS;

const I2I_I_MODS: &[ModGroup] = &[I2I_DST, I2I_SRC, SAT50, CC0, NEG45_1, ABS49_1, byte_sel(1)];

const I2I_IGN: u64 = bits(14, 15) | bits(39, 40) | bits(43, 44) | bits(46, 46) | bits(48, 48);

const I2I: Rci = Rci::new(Op::I2i, "I2I", I2I_C_MODS, I2I_IGN)
    .var()
    .imm_mods(I2I_I_MODS);

const I2F_R_OPS: &[OpKind] = &[RD, rx(20, neg(45), b1(49), None)];

const I2F_C_OPS: &[OpKind] = &[RD, cb(neg(45), b1(49), None, true)];

const F2I_R_OPS: &[OpKind] = &[RD, rx(20, neg(45), b1(49), None)];

const F2I_C_OPS: &[OpKind] = &[RD, cb(neg(45), b1(49), None, true)];

const F2I_I_F16: OpSpec = var(Enc {
    op: Op::F2i,
    name: "F2I",
    form: "F2I_I_F16",
    opcode: 0x38b0 << 48 | fmt_bits(0, 1),
    mask: OPC_I | bits(10, 11),
    mods: f2i_i_mods!(F16V),
    operands: &[RD, H16],
    ignored: F2I_IGN | H16_IGN,
});

const F2I_I_F32: OpSpec = var(Enc {
    op: Op::F2i,
    name: "F2I",
    form: "F2I_I_F32",
    opcode: 0x38b0 << 48 | fmt_bits(0, 2),
    mask: OPC_I | bits(10, 11),
    mods: f2i_i_mods!(F32V),
    operands: &[RD, F20],
    ignored: F2I_IGN,
});

const F2I_I_F64: OpSpec = var(Enc {
    op: Op::F2i,
    name: "F2I",
    form: "F2I_I_F64",
    opcode: 0x38b0 << 48 | fmt_bits(0, 3),
    mask: OPC_I | bits(10, 11),
    mods: f2i_i_mods!(F64V),
    operands: &[RD, D20],
    ignored: F2I_IGN,
});

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    // Conversions (variable latency: XU).
    maxwell(I2F.r("I2F_R", 0x5cb8, I2F_R_OPS)),
    maxwell(I2F.c("I2F_C", 0x4cb8, I2F_C_OPS)),
    maxwell(I2F.i("I2F_I", 0x38b8, &[RD, I20])),
    maxwell(F2I.r("F2I_R", 0x5cb0, F2I_R_OPS)),
    maxwell(F2I.c("F2I_C", 0x4cb0, F2I_C_OPS)),
    // I2I: integer size/sign conversion (XU), with I2F's byte select.
    var(Enc { op: Op::I2i, name: "I2I", form: "I2I_R", opcode: 0x5ce0 << 48, mask: OPC, mods: &I2I_MODS, operands: &[RD, rx(20, neg(45), b1(49), None)], ignored: bits(14, 15) | bits(28, 40) | bits(43, 44) | bits(46, 46) | bits(48, 48) }),
    // --- breadth A ---
    // F2F: one row per source format and operand class, and one per same-format
    // conversion (dst == src: `.PASS`/`.ROUND`.. rounding). The source format decides
    // the immediate's type and the constant operand's spacing; `.H1` exists only for an
    // F16 source (bit 41 is ignored otherwise).
    f2f!(R, F16, pass),
    f2f!(R, F32, pass),
    maxwell(f2f!(R, F64, pass)),
    maxwell(f2f!(R, F16)),
    maxwell(f2f!(R, F32)),
    maxwell(f2f!(R, F64)),
    f2f!(C, F16, pass),
    f2f!(C, F32, pass),
    maxwell(f2f!(C, F64, pass)),
    maxwell(f2f!(C, F16)),
    maxwell(f2f!(C, F32)),
    maxwell(f2f!(C, F64)),
    f2f!(I, F16, pass),
    f2f!(I, F32, pass),
    maxwell(f2f!(I, F64, pass)),
    maxwell(f2f!(I, F16)),
    maxwell(f2f!(I, F32)),
    maxwell(f2f!(I, F64)),
    // F2I's immediate form, one row per source format (the immediate's type).
    maxwell(F2I_I_F16),
    maxwell(F2I_I_F32),
    maxwell(F2I_I_F64),
    // I2I's constant and immediate forms.
    I2I.c("I2I_C", 0x4ce0, &[RD, cb(b1(45), b1(49), None, true)]),
    I2I.i("I2I_I", 0x38e0, &[RD, I20]),
    // --- Pascal: the conversions with a 64-bit type (see [`wide`]) ---
    pascal(I2F.r("I2F_R_P6", 0x5cb8, I2F_R_OPS)),
    wide("I2F_R_W_SRC", SRC64.0, SRC64.1, I2F.r("I2F_R", 0x5cb8, I2F_R_OPS)),
    wide("I2F_R_W_DST0", dst64(0).0, dst64(0).1, I2F.r("I2F_R", 0x5cb8, I2F_R_OPS)),
    wide("I2F_R_W_DST2", dst64(2).0, dst64(2).1, I2F.r("I2F_R", 0x5cb8, I2F_R_OPS)),
    pascal(I2F.c("I2F_C_P6", 0x4cb8, I2F_C_OPS)),
    wide("I2F_C_W_SRC", SRC64.0, SRC64.1, I2F.c("I2F_C", 0x4cb8, I2F_C_OPS)),
    wide("I2F_C_W_DST0", dst64(0).0, dst64(0).1, I2F.c("I2F_C", 0x4cb8, I2F_C_OPS)),
    wide("I2F_C_W_DST2", dst64(2).0, dst64(2).1, I2F.c("I2F_C", 0x4cb8, I2F_C_OPS)),
    pascal(I2F.i("I2F_I_P6", 0x38b8, &[RD, I20])),
    wide("I2F_I_W_SRC", SRC64.0, SRC64.1, I2F.i("I2F_I", 0x38b8, &[RD, I20])),
    wide("I2F_I_W_DST0", dst64(0).0, dst64(0).1, I2F.i("I2F_I", 0x38b8, &[RD, I20])),
    wide("I2F_I_W_DST2", dst64(2).0, dst64(2).1, I2F.i("I2F_I", 0x38b8, &[RD, I20])),
    pascal(F2I.r("F2I_R_P6", 0x5cb0, F2I_R_OPS)),
    wide("F2I_R_W_SRC", SRC64.0, SRC64.1, F2I.r("F2I_R", 0x5cb0, F2I_R_OPS)),
    wide("F2I_R_W_DST2", dst64(2).0, dst64(2).1, F2I.r("F2I_R", 0x5cb0, F2I_R_OPS)),
    pascal(F2I.c("F2I_C_P6", 0x4cb0, F2I_C_OPS)),
    wide("F2I_C_W_SRC", SRC64.0, SRC64.1, F2I.c("F2I_C", 0x4cb0, F2I_C_OPS)),
    wide("F2I_C_W_DST2", dst64(2).0, dst64(2).1, F2I.c("F2I_C", 0x4cb0, F2I_C_OPS)),
    OpSpec { form: "F2I_I_F16_P6", ..pascal(F2I_I_F16) },
    OpSpec { form: "F2I_I_F32_P6", ..pascal(F2I_I_F32) },
    wide("F2I_I_F32_W", 3 << 8, bits(8, 9), F2I_I_F32),
    wide("F2I_I_F64_W", 0, 0, F2I_I_F64),
    // F2F: a 64-bit source makes the whole row wide; a 16/32-bit source with a 64-bit
    // destination (bits 8-9 = 3) is a row of its own; the same-format F16/F32 rows above
    // hold on every target.
    wide("F2F_R_F64_F64_W", 0, 0, f2f!(R, F64, pass)),
    wide("F2F_R_F64_W", 0, 0, f2f!(R, F64)),
    wide("F2F_C_F64_F64_W", 0, 0, f2f!(C, F64, pass)),
    wide("F2F_C_F64_W", 0, 0, f2f!(C, F64)),
    wide("F2F_I_F64_F64_W", 0, 0, f2f!(I, F64, pass)),
    wide("F2F_I_F64_W", 0, 0, f2f!(I, F64)),
    OpSpec { form: "F2F_R_F16_P6", ..pascal(f2f!(R, F16)) },
    wide("F2F_R_F16_W", 3 << 8, bits(8, 9), f2f!(R, F16)),
    OpSpec { form: "F2F_R_F32_P6", ..pascal(f2f!(R, F32)) },
    wide("F2F_R_F32_W", 3 << 8, bits(8, 9), f2f!(R, F32)),
    OpSpec { form: "F2F_C_F16_P6", ..pascal(f2f!(C, F16)) },
    wide("F2F_C_F16_W", 3 << 8, bits(8, 9), f2f!(C, F16)),
    OpSpec { form: "F2F_C_F32_P6", ..pascal(f2f!(C, F32)) },
    wide("F2F_C_F32_W", 3 << 8, bits(8, 9), f2f!(C, F32)),
    OpSpec { form: "F2F_I_F16_P6", ..pascal(f2f!(I, F16)) },
    wide("F2F_I_F16_W", 3 << 8, bits(8, 9), f2f!(I, F16)),
    OpSpec { form: "F2F_I_F32_P6", ..pascal(f2f!(I, F32)) },
    wide("F2F_I_F32_W", 3 << 8, bits(8, 9), f2f!(I, F32)),
];
