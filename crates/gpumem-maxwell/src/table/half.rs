//! f16x2 arithmetic and compares (SM52): HADD2, HMUL2, HFMA2, HSET2, HSETP2.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{Enc, FCMP48, OPC, PP39, RA, RD, b1, bits, cb, f, group, pred, rx, rx_slot};
use super::{ModGroup, ModId, ModVal, Op, OpKind, OpSpec, Target};

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

const HSET2_RA: OpKind = rx(8, b1(43), b1(44), None);

const HPD: OpKind = pred(3, None, true, false);

const HPQ: OpKind = pred(0, None, true, false);

/// HSETP2 rejects reuse slot 3 (HSET2 accepts it).
const fn hsetp2(r: OpSpec) -> OpSpec {
    OpSpec {
        reuse_ok: 0b0111 | crate::table::REUSE_PRINTED,
        ..r
    }
}

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth A ---
    // HADD2 / HMUL2 / HFMA2 (SM52 text only).
    half(Enc { op: Op::Hadd2, name: "HADD2", form: "HADD2_R", opcode: 0x5d10 << 48, mask: OPC, mods: &[HOUT, flag!(Ftz, 39, ".FTZ"), flag!(Sat, 32, ".SAT"), swz(ModId::SwzA, 47, 1), swz(ModId::SwzB, 28, 2)], operands: &[RD, rx(8, b1(43), b1(44), None), rx_slot(20, 2, b1(31), b1(30))], ignored: bits(33, 38) | bits(40, 42) | bits(45, 46) }),
    half(Enc { op: Op::Hadd2, name: "HADD2", form: "HADD2_C", opcode: 0x7a80 << 48, mask: 0xfe80 << 48, mods: &[HOUT, flag!(Ftz, 39, ".FTZ"), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1)], operands: &[RD, rx(8, b1(43), b1(44), None), cb(b1(56), b1(54), None, false)], ignored: bits(40, 42) | bits(45, 46) | bits(51, 51) | bits(53, 53) }),
    half(Enc { op: Op::Hadd2, name: "HADD2", form: "HADD2_I", opcode: 0x7a00 << 48, mask: 0xfe80 << 48, mods: &[HOUT, flag!(Ftz, 39, ".FTZ"), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1)], operands: &[RD, rx(8, b1(43), b1(44), None), HI9[0], HI9[1]], ignored: bits(40, 42) | bits(45, 46) | bits(51, 51) | bits(53, 54) }),
    half(Enc { op: Op::Hadd2, name: "HADD2_32I", form: "HADD2_32I", opcode: 0x2c00 << 48, mask: 0xfe00 << 48, mods: &[flag!(Ftz, 55, ".FTZ"), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 53, 1)], operands: &[RD, rx(8, b1(56), None, None), HI15[0], HI15[1]], ignored: 0 }),
    half(Enc { op: Op::Hmul2, name: "HMUL2", form: "HMUL2_R", opcode: 0x5d08 << 48, mask: OPC, mods: &[HOUT, hfmz(39), flag!(Sat, 32, ".SAT"), swz(ModId::SwzA, 47, 1), swz(ModId::SwzB, 28, 2)], operands: &[RD, rx(8, None, b1(44), None), rx(20, b1(31), b1(30), None)], ignored: bits(33, 38) | bits(41, 43) | bits(45, 46) }),
    half(Enc { op: Op::Hmul2, name: "HMUL2", form: "HMUL2_C", opcode: 0x7880 << 48, mask: 0xfe80 << 48, mods: &[HOUT, hfmz(39), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1)], operands: &[RD, rx(8, None, b1(44), None), cb(b1(43), b1(54), None, false)], ignored: bits(41, 42) | bits(45, 46) | bits(51, 51) | bits(53, 53) | bits(56, 56) }),
    half(Enc { op: Op::Hmul2, name: "HMUL2", form: "HMUL2_I", opcode: 0x7800 << 48, mask: 0xfe80 << 48, mods: &[HOUT, hfmz(39), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1)], operands: &[RD, rx(8, b1(43), b1(44), None), HI9[0], HI9[1]], ignored: bits(41, 42) | bits(45, 46) | bits(51, 51) | bits(53, 54) }),
    half(Enc { op: Op::Hmul2, name: "HMUL2_32I", form: "HMUL2_32I", opcode: 0x2a00 << 48, mask: 0xfe00 << 48, mods: &[hfmz(55), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 53, 1)], operands: &[RD, RA, HI15[0], HI15[1]], ignored: 0 }),
    half(Enc { op: Op::Hfma2, name: "HFMA2", form: "HFMA2_R", opcode: 0x5d00 << 48, mask: OPC, mods: &[HOUT, hfmz(37), flag!(Sat, 32, ".SAT"), swz(ModId::SwzA, 47, 1), swz(ModId::SwzB, 28, 2), swz(ModId::SwzC, 35, 3)], operands: &[RD, RA, rx(20, b1(31), None, None), rx(39, b1(30), None, None)], ignored: bits(33, 34) }),
    half(Enc { op: Op::Hfma2, name: "HFMA2", form: "HFMA2_CB", opcode: 0x7080 << 48, mask: 0xf880 << 48, mods: &[HOUT, hfmz(57), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1), swz(ModId::SwzC, 53, 3)], operands: &[RD, RA, cb(b1(56), None, None, false), rx(39, b1(51), None, None)], ignored: 0 }),
    // The constant-as-C form: reuse slot 3 is rejected by nvdisasm; `.FTZ`/`.FMZ` (bits
    // 57-58) are accepted (3,000 random words with the default slot: none rejected;
    // docs/research/maxwell-breadth-F.md).
    OpSpec { reuse_ok: 0b0111 | crate::table::REUSE_PRINTED, ..half(Enc { op: Op::Hfma2, name: "HFMA2", form: "HFMA2_CC", opcode: 0x6080 << 48, mask: 0xf880 << 48, mods: &[HOUT, hfmz(57), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1), swz(ModId::SwzB, 53, 2)], operands: &[RD, RA, rx_slot(39, 1, b1(56), None), cb(b1(51), None, None, false)], ignored: 0 }) },
    half(Enc { op: Op::Hfma2, name: "HFMA2", form: "HFMA2_I", opcode: 0x7000 << 48, mask: 0xf880 << 48, mods: &[HOUT, hfmz(57), flag!(Sat, 52, ".SAT"), swz(ModId::SwzA, 47, 1), swz(ModId::SwzC, 53, 4)], operands: &[RD, RA, HI9[0], HI9[1], rx(39, b1(51), None, None)], ignored: 0 }),
    // Reuse slot 3 is rejected here (unlike HADD2_32I/HMUL2_32I).
    OpSpec { reuse_ok: 0b0111 | crate::table::REUSE_PRINTED, ..half(Enc { op: Op::Hfma2, name: "HFMA2_32I", form: "HFMA2_32I", opcode: 0x2800 << 48, mask: 0xfe00 << 48, mods: &[hfmz(55), swz(ModId::SwzA, 53, 1)], operands: &[RD, RA, HI15[0], HI15[1], rx_slot(0, 2, b1(52), None)], ignored: 0 }) },
    // HSET2 / HSETP2: f16x2 compares (SM52 text only).
    half(Enc { op: Op::Hset2, name: "HSET2", form: "HSET2_R", opcode: 0x5d18 << 48, mask: OPC, mods: &[flag!(Bf, 49, ".BF"), hcmp(35), flag!(Ftz, 50, ".FTZ"), HBOP, swz(ModId::SwzA, 47, 1), swz(ModId::SwzB, 28, 2)], operands: &[RD, HSET2_RA, rx(20, b1(31), b1(30), None), PP39], ignored: bits(32, 34) }),
    half(Enc { op: Op::Hset2, name: "HSET2", form: "HSET2_C", opcode: 0x7c80 << 48, mask: 0xfe80 << 48, mods: &[flag!(Bf, 53, ".BF"), hcmp(49), flag!(Ftz, 54, ".FTZ"), HBOP, swz(ModId::SwzA, 47, 1)], operands: &[RD, HSET2_RA, cb(b1(56), None, None, false), PP39], ignored: 0 }),
    half(Enc { op: Op::Hset2, name: "HSET2", form: "HSET2_I", opcode: 0x7c00 << 48, mask: 0xfe80 << 48, mods: &[flag!(Bf, 53, ".BF"), hcmp(49), flag!(Ftz, 54, ".FTZ"), HBOP, swz(ModId::SwzA, 47, 1)], operands: &[RD, HSET2_RA, HI9[0], HI9[1], PP39], ignored: 0 }),
    hsetp2(half(Enc { op: Op::Hsetp2, name: "HSETP2", form: "HSETP2_R", opcode: 0x5d20 << 48, mask: OPC, mods: &[hcmp(35), flag!(HAnd, 49, ".H_AND"), flag!(Ftz, 6, ".FTZ"), HBOP, swz(ModId::SwzA, 47, 2), swz(ModId::SwzB, 28, 3)], operands: &[HPD, HPQ, HSET2_RA, rx(20, b1(31), b1(30), None), PP39], ignored: bits(7, 7) | bits(32, 34) | bits(50, 50) })),
    hsetp2(half(Enc { op: Op::Hsetp2, name: "HSETP2", form: "HSETP2_C", opcode: 0x7e80 << 48, mask: 0xfe80 << 48, mods: &[hcmp(49), flag!(HAnd, 53, ".H_AND"), flag!(Ftz, 6, ".FTZ"), HBOP, swz(ModId::SwzA, 47, 2)], operands: &[HPD, HPQ, HSET2_RA, cb(b1(56), b1(54), None, false), PP39], ignored: bits(7, 7) })),
    hsetp2(half(Enc { op: Op::Hsetp2, name: "HSETP2", form: "HSETP2_I", opcode: 0x7e00 << 48, mask: 0xfe80 << 48, mods: &[hcmp(49), flag!(HAnd, 53, ".H_AND"), flag!(Ftz, 6, ".FTZ"), HBOP, swz(ModId::SwzA, 47, 2)], operands: &[HPD, HPQ, HSET2_RA, HI9[0], HI9[1], PP39], ignored: bits(7, 7) | bits(54, 54) })),
];
