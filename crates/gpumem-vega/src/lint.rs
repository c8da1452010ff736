//! Static checks for what the Vega ISA manual (chapter 7, "Scalar Memory
//! Operations") forbids but llvm-mc 19 accepts. Each warning has a lint name,
//! documented in `LINTS.md`.

use crate::inst::{Inst, SmemOffset};
use crate::operand::code;
use crate::table::{Field, Format, Kind, Mem};

/// The lints [`check`] finds on one instruction (the assembler adds the
/// operand-text lints `smem-probe-truncated` and `imm16-truncated`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lint {
    /// `smem-store-sgpr-offset`: a store or atomic with an SGPR offset.
    StoreSgprOffset,
    /// `smem-negative-offset`: a negative immediate offset.
    NegativeOffset,
    /// `smem-unaligned-offset`: an immediate offset that is not a multiple of 4.
    UnalignedOffset,
    /// `smem-replay-overlap`: a load that overwrites its own sources.
    ReplayOverlap,
    /// `smem-sdata-not-sgpr`: SDATA is neither an SGPR nor VCC.
    SdataNotSgpr,
}

impl Lint {
    /// The lint's name (see `LINTS.md`).
    pub const fn name(self) -> &'static str {
        match self {
            Lint::StoreSgprOffset => "smem-store-sgpr-offset",
            Lint::NegativeOffset => "smem-negative-offset",
            Lint::UnalignedOffset => "smem-unaligned-offset",
            Lint::ReplayOverlap => "smem-replay-overlap",
            Lint::SdataNotSgpr => "smem-sdata-not-sgpr",
        }
    }
}

/// One lint finding on an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LintHit {
    /// Which lint.
    pub lint: Lint,
    /// The operand it is about.
    pub field: Field,
    /// What is wrong.
    pub message: String,
}

/// All lint names this crate can emit, for documentation tests.
pub const LINTS: &[&str] = &[
    Lint::StoreSgprOffset.name(),
    Lint::NegativeOffset.name(),
    Lint::UnalignedOffset.name(),
    Lint::ReplayOverlap.name(),
    Lint::SdataNotSgpr.name(),
    "smem-probe-truncated",
    "imm16-truncated",
];

/// Checks one instruction (lints that need only the instruction).
pub fn check(inst: &Inst) -> Vec<LintHit> {
    let d = inst.def;
    let mut out = Vec::new();
    if d.format != Format::Smem {
        return out;
    }
    let has_offset = d.operand(Field::Offset).is_some();
    let (off_reg, imm) = match inst.offset {
        SmemOffset::Imm(v) => (None, Some(v)),
        SmemOffset::Sgpr(c) => (Some(c), None),
        SmemOffset::SgprImm(c, v) => (Some(c), Some(v)),
    };
    if has_offset {
        if matches!(d.mem, Mem::Store | Mem::Atomic)
            && let Some(c) = off_reg
            && c != code::M0
        {
            out.push(LintHit {
                lint: Lint::StoreSgprOffset,
                field: Field::Offset,
                message: format!(
                    "{} is a {}: the Vega ISA (§7.1) allows only an immediate or M0 offset, not an SGPR",
                    d.name,
                    if d.mem == Mem::Store { "store" } else { "scalar atomic" }
                ),
            });
        }
        if let Some(v) = imm {
            if v < 0 {
                out.push(LintHit {
                    lint: Lint::NegativeOffset,
                    field: Field::Offset,
                    message: format!(
                        "negative immediate offset {v}: the Vega ISA defines OFFSET as an unsigned byte offset; a negative sum is illegal and undefined (§7.2.1)"
                    ),
                });
            }
            if v & 3 != 0 {
                out.push(LintHit {
                    lint: Lint::UnalignedOffset,
                    field: Field::Offset,
                    message: format!(
                        "offset {v:#x} is not a multiple of 4: the hardware ignores the two low bits of every address component (§7.2.1)"
                    ),
                });
            }
        }
    }
    if let Some(o) = d.operand(Field::Sdst)
        && let Kind::Reg(class) = o.kind
    {
        let n = class.dwords();
        let c = inst.sdst;
        let is_sgpr_or_vcc = c < 102 || c == code::VCC || (n == 1 && c == code::VCC + 1);
        if !is_sgpr_or_vcc {
            out.push(LintHit {
                lint: Lint::SdataNotSgpr,
                field: Field::Sdst,
                message: "SMEM data register is not an SGPR or VCC: the Vega ISA (§7.1) requires SDATA to be an SGPR or VCC".into(),
            });
        }
        if d.mem == Mem::Load {
            let dst = (u32::from(c), u32::from(c) + u32::from(n));
            let overlaps = |lo: u32, len: u32| lo < dst.1 && dst.0 < lo + len;
            let base_len = match d.operand(Field::Sbase).map(|o| o.kind) {
                Some(Kind::Base { dwords }) => u32::from(dwords),
                _ => 0,
            };
            let mut hit = None;
            if base_len > 0 && overlaps(u32::from(inst.sbase), base_len) {
                hit = Some("its base address (SBASE)");
            } else if let Some(r) = off_reg
                && r != code::NULL
                && overlaps(u32::from(r), 1)
            {
                hit = Some("its offset register");
            }
            if let Some(what) = hit {
                out.push(LintHit {
                    lint: Lint::ReplayOverlap,
                    field: Field::Sdst,
                    message: format!(
                        "the load overwrites {what}: a scalar memory instruction must not overwrite its own sources, since it may be replayed after an XNACK (§7.2.1)"
                    ),
                });
            }
        }
    }
    out
}
