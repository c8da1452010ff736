//! Breadth set D of the Maxwell table: the texture queries (TXQ, TXQ.B, TXA) and the
//! level-of-detail query (TMML, TMML.B), the short gather TLD4S, and SM52's `.F16` forms of TLD4S, TEXS and TLDS. Bit positions and spellings from nvdisasm 11.8
//! (`docs/research/maxwell-breadth-B.md` sections TXQ and TMML hold the first sweeps,
//! `docs/research/maxwell-breadth-D.md` and `tests/data/maxwell-breadth-D.tsv` the checks
//! made for these rows). They share breadth C's texture machinery ([`crate::rows_c`]): the
//! phase `.T`/`.P` in the control slot, `.NODEP`, the dimension names.
//!
//! None of these rows has a functional model: the executor faults `unsupported` on them.

use crate::rowkit::*;
use crate::rows_c::{NDV, NODEP, PHASE, TEX_DIM, TEXS_LOD, TEXS_OPS, TLDS_LOD, TLDS_OPS, reg, tex};
use crate::table::{ModGroup, ModId, Op, OpKind, OpSpec, Target};

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

/// A mode spelled in the mnemonic and fixed by its row (no bits of its own).
macro_rules! fixed {
    ($t:expr) => {
        fixed!(Mode, $t)
    };
    ($id:ident, $t:expr) => {
        ModGroup {
            id: ModId::$id,
            field: f(0, 0),
            hi: None,
            vals: vals!(1 => $t),
            at: None,
            alt: None,
        }
    };
}

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
/// The component write mask (bits 31-34), printed in hex.
const WMASK: OpKind = OpKind::UImm {
    f: f(31, 4),
    hide: None,
    signed_if: None,
};
const QUERY: OpKind = OpKind::Name {
    f: f(22, 6),
    names: TXQ_QUERY,
    rz: None,
};
const DIM: OpKind = OpKind::Name {
    f: f(28, 3),
    names: TEX_DIM,
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
const DC: ModGroup = flag!(Dc, 50, ".DC");

/// Bits 51-63: the op.
const OP: u64 = bits(51, 63);

/// Texture queries and the level-of-detail query.
pub static ROWS_D: &[OpSpec] = &[
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
];
