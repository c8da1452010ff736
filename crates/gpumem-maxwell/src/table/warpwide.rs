//! Warp-wide ops: VOTE and SHFL.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{Enc, OPC, alu, bit, bits, f, pred, reg, uimm, var};
use super::{ModGroup, Op, OpKind, OpSpec};

/// SHFL's mode (bits 30-31).
const SHFL_MODE: ModGroup =
    grp!(Mode, 30, 2, { 0 => ".IDX", 1 => ".UP", 2 => ".DOWN", 3 => ".BFLY" });

/// SHFL's lane (bit 28 set: a 5-bit immediate at 20-24, else Rb) and mask (bit 29 set: a
/// 13-bit immediate at 34-46, else Rc); `Pd` is printed first, `PT` included.
const SHFL_II: &[OpKind] = &[
    pred(48, None, true, false),
    reg(0, true),
    reg(8, false),
    uimm(20, 5),
    uimm(34, 13),
];

const SHFL_RI: &[OpKind] = &[
    pred(48, None, true, false),
    reg(0, true),
    reg(8, false),
    reg(20, false),
    uimm(34, 13),
];

const SHFL_IR: &[OpKind] = &[
    pred(48, None, true, false),
    reg(0, true),
    reg(8, false),
    uimm(20, 5),
    reg(39, false),
];

const SHFL_RR: &[OpKind] = &[
    pred(48, None, true, false),
    reg(0, true),
    reg(8, false),
    reg(20, false),
    reg(39, false),
];

const fn shfl(
    form: &'static str,
    lane_imm: bool,
    mask_imm: bool,
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    OpSpec {
        reuse_ok: 0b1111,
        ..var(Enc {
            op: Op::Shfl,
            name: "SHFL",
            form,
            opcode: 0xef10 << 48 | (lane_imm as u64) << 28 | (mask_imm as u64) << 29,
            mask: OPC | bit(28) | bit(29),
            mods: &[SHFL_MODE],
            operands,
            ignored,
        })
    }
}

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth B ---
    // VOTE and CS2R.
    // VOTE: `Rd` (RZ not printed), `Pd`, `Pa` with `!`; mode 3 prints `INVALIDVMODE3`.
    OpSpec { reuse_ok: 0b0111, ..alu(Enc { op: Op::Vote, name: "VOTE", form: "VOTE", opcode: 0x50d8 << 48, mask: OPC, mods: &[grp!(Mode, 48, 2, { 0 => ".ALL", 1 => ".ANY", 2 => ".EQ" })], operands: &[OpKind::RegHideRz { f: f(0, 8), write: true }, pred(45, None, true, false), pred(39, Some(f(42, 1)), false, false)], ignored: bits(8, 15) | bits(20, 38) | bits(43, 44) | bit(50) }) },
    shfl("SHFL_II", true, true, SHFL_II, bits(25, 27) | bits(32, 33) | bit(47)),
    shfl("SHFL_RI", false, true, SHFL_RI, bits(32, 33) | bit(47)),
    shfl("SHFL_IR", true, false, SHFL_IR, bits(25, 27) | bits(32, 38) | bit(47)),
    shfl("SHFL_RR", false, false, SHFL_RR, bits(32, 38) | bit(47)),
];
