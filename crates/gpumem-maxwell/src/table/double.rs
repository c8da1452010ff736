//! f64 arithmetic and compares: DADD, DMUL, DFMA, DMNMX, DSET, DSETP.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    ABS49_2, ADD_RA, BF52, BOP45, CC0, D20, FCMP48, MNMX_RB, NEG45_2, OPC12, PD3, PP39, PQ0, RA,
    RD, RND39, Rci, SET_RA, SET_RB, SETP_RA, SETP_RB, b1, bits, cb, maxwell, pascal, rx, rx_slot,
};
use super::{ModGroup, Op, OpSpec};

// Modifier groups -----------------------------------------------------------------------------

const RND50: ModGroup = grp!(Rnd, 50, 2, { 0 => "", 1 => ".RM", 2 => ".RP", 3 => ".RZ" });

// f64 ------------------------------------------------------------------------------------------

const DFMA_MODS: &[ModGroup] = &[RND50, CC0];

const DFMA_I_MODS: &[ModGroup] = &[RND50, CC0, sfx!(Neg, 48, ".NEG", 2)];

const DMUL_MODS: &[ModGroup] = &[RND39, CC0];

const DMUL_I_MODS: &[ModGroup] = &[RND39, CC0, sfx!(Neg, 48, ".NEG", 2)];

const DMUL_IGN: u64 = bits(41, 46) | bits(49, 50);

const DADD_I_MODS: &[ModGroup] = &[
    RND39,
    CC0,
    sfx!(Neg, 45, ".NEG", 2),
    sfx!(Abs, 49, ".ABS", 2),
];

const DADD_IGN: u64 = bits(41, 44) | bits(50, 50);

const DMNMX_IGN: u64 = bits(43, 44) | bits(50, 50);

const DSETP_MODS: &[ModGroup] = &[FCMP48, BOP45];

const DSETP_I_MODS: &[ModGroup] = &[
    FCMP48,
    BOP45,
    sfx!(Neg, 6, ".NEG", 3),
    sfx!(Abs, 44, ".ABS", 3),
];

const DSET_MODS: &[ModGroup] = &[BF52, FCMP48, BOP45, CC0];

const DSET_I_MODS: &[ModGroup] = &[
    BF52,
    FCMP48,
    BOP45,
    CC0,
    sfx!(Neg, 53, ".NEG", 2),
    sfx!(Abs, 44, ".ABS", 2),
];

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

const DMNMX_P6: Rci = DMNMX.reuse_ok(0b0111);

const DSETP_P6: Rci = DSETP.reuse_ok(0b0111);

const DSET_P6: Rci = DSET.reuse_ok(0b0111);

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth A ---
    // DFMA: Rd = Ra * B + C (f64).
    DFMA.r("DFMA_R", 0x5b70, &[RD, RA, rx(20, b1(48), None, None), rx(39, b1(49), None, None)]),
    DFMA.c("DFMA_CB", 0x4b70, &[RD, RA, cb(b1(48), None, None, false), rx(39, b1(49), None, None)]),
    DFMA.c("DFMA_CC", 0x5370, &[RD, RA, rx_slot(39, 1, b1(48), None), cb(b1(49), None, None, false)]),
    DFMA.i("DFMA_I", 0x3670, &[RD, RA, D20, rx(39, b1(49), None, None)]),
    // DMUL / DADD.
    DMUL.r("DMUL_R", 0x5c80, &[RD, RA, rx(20, b1(48), None, None)]),
    DMUL.c("DMUL_C", 0x4c80, &[RD, RA, cb(b1(48), None, None, false)]),
    DMUL.i("DMUL_I", 0x3880, &[RD, RA, D20]),
    DADD.r("DADD_R", 0x5c70, &[RD, ADD_RA, rx_slot(20, 2, b1(45), b1(49))]),
    DADD.c("DADD_C", 0x4c70, &[RD, ADD_RA, cb(b1(45), b1(49), None, false)]),
    DADD.i("DADD_I", 0x3870, &[RD, ADD_RA, D20]),
    // DMNMX: Rd = Pp ? min : max (f64).
    maxwell(DMNMX.r("DMNMX_R", 0x5c50, &[RD, ADD_RA, MNMX_RB, PP39])),
    maxwell(DMNMX.c("DMNMX_C", 0x4c50, &[RD, ADD_RA, cb(b1(45), b1(49), None, false), PP39])),
    maxwell(DMNMX.i("DMNMX_I", 0x3850, &[RD, ADD_RA, D20, PP39])),
    // DSETP / DSET: f64 compares.
    maxwell(DSETP.r("DSETP_R", 0x5b80, &[PD3, PQ0, SETP_RA, SETP_RB, PP39])),
    maxwell(DSETP.c("DSETP_C", 0x4b80, &[PD3, PQ0, SETP_RA, cb(b1(6), b1(44), None, false), PP39])),
    maxwell(DSETP.i("DSETP_I", 0x3680, &[PD3, PQ0, SETP_RA, D20, PP39])),
    maxwell(DSET.r("DSET_R", 0x5900, &[RD, SET_RA, SET_RB, PP39])),
    maxwell(DSET.c("DSET_C", 0x4900, &[RD, SET_RA, cb(b1(53), b1(44), None, false), PP39])),
    maxwell(DSET.i("DSET_I", 0x3200, &[RD, SET_RA, D20, PP39])),
    // The Pascal SMs: DMNMX, DSETP and DSET take reuse flags as DADD/DMUL/DFMA do (slots
    // 0-2 printed, slot 3 rejected: nvdisasm -b SM60/SM61/SM62 on random words).
    pascal(DMNMX_P6.r("DMNMX_R_P6", 0x5c50, &[RD, ADD_RA, MNMX_RB, PP39])),
    pascal(DMNMX_P6.c("DMNMX_C_P6", 0x4c50, &[RD, ADD_RA, cb(b1(45), b1(49), None, false), PP39])),
    pascal(DMNMX_P6.i("DMNMX_I_P6", 0x3850, &[RD, ADD_RA, D20, PP39])),
    pascal(DSETP_P6.r("DSETP_R_P6", 0x5b80, &[PD3, PQ0, SETP_RA, SETP_RB, PP39])),
    pascal(DSETP_P6.c("DSETP_C_P6", 0x4b80, &[PD3, PQ0, SETP_RA, cb(b1(6), b1(44), None, false), PP39])),
    pascal(DSETP_P6.i("DSETP_I_P6", 0x3680, &[PD3, PQ0, SETP_RA, D20, PP39])),
    pascal(DSET_P6.r("DSET_R_P6", 0x5900, &[RD, SET_RA, SET_RB, PP39])),
    pascal(DSET_P6.c("DSET_C_P6", 0x4900, &[RD, SET_RA, cb(b1(53), b1(44), None, false), PP39])),
    pascal(DSET_P6.i("DSET_I_P6", 0x3200, &[RD, SET_RA, D20, PP39])),
];
