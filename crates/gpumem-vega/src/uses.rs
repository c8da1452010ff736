//! The scalar registers an instruction reads and writes, from its table row: the
//! operands (with their `written` flag) and the implicit uses ([`Implicit`]: VCC,
//! EXEC, M0, a read-modify-write SDST). The executor's hazard tracking and the
//! static lints both take them from here.

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

use crate::inst::{Inst, SmemOffset};
use crate::operand::{self, code};
use crate::table::{Field, Implicit, Kind, Mem};

/// A set of scalar registers by 7-bit operand code (bit `c` is code `c`: `s0`–`s101`,
/// `flat_scratch`, `xnack_mask`, `vcc`, `ttmp*`, `m0`, `exec`; Vega ISA §3.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RegSet(pub u128);

impl RegSet {
    /// No register.
    pub const EMPTY: RegSet = RegSet(0);

    /// `n` registers from `code` on (codes past 127 dropped).
    pub fn range(code: u8, n: u8) -> RegSet {
        let mut m = 0u128;
        for c in u32::from(code)..(u32::from(code) + u32::from(n)).min(128) {
            m |= 1 << c;
        }
        RegSet(m)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The registers' codes, lowest first.
    pub fn codes(self) -> impl Iterator<Item = u8> {
        (0..128u8).filter(move |&c| self.0 >> c & 1 == 1)
    }

    /// The registers one by one as llvm-mc names them (`s4, s5, vcc_lo`).
    pub fn names(self) -> String {
        let v: Vec<String> = self
            .codes()
            .map(|c| operand::reg_name(c, 1).map_or_else(|| format!("<{c}>"), |(n, _)| n))
            .collect();
        v.join(", ")
    }
}

impl BitOr for RegSet {
    type Output = RegSet;
    fn bitor(self, rhs: RegSet) -> RegSet {
        RegSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for RegSet {
    fn bitor_assign(&mut self, rhs: RegSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for RegSet {
    type Output = RegSet;
    fn bitand(self, rhs: RegSet) -> RegSet {
        RegSet(self.0 & rhs.0)
    }
}

impl Not for RegSet {
    type Output = RegSet;
    fn not(self) -> RegSet {
        RegSet(!self.0)
    }
}

/// What an instruction reads and writes (see [`Inst::uses`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Uses {
    /// Registers read.
    pub reads: RegSet,
    /// Registers written.
    pub writes: RegSet,
}

/// The registers an 8-bit source code reads as a `dwords`-wide operand
/// (`src_vccz` and `src_execz` read VCC and EXEC; constants and `null` nothing).
fn src_regs(c: u8, dwords: u8) -> RegSet {
    match c {
        code::NULL => RegSet::EMPTY,
        0..=127 => RegSet::range(c, dwords),
        // src_vccz, src_execz.
        251 => RegSet::range(code::VCC, 2),
        252 => RegSet::range(code::EXEC, 2),
        _ => RegSet::EMPTY,
    }
}

impl Inst {
    /// The registers this instruction reads and writes, from its row's operands and
    /// implicit uses. SMEM: SBASE and an SGPR offset are read; a store's data is read; a
    /// load's (and `s_memtime`'s) data is written; an atomic reads its data and, with
    /// GLC, writes the pre-op value back ([`crate::InstDef::returned_dwords`]).
    /// M0-relative moves (`s_movrels*`, `s_movreld*`) name their base register and M0:
    /// the register they reach is known only at run time.
    pub fn uses(&self) -> Uses {
        let d = self.def;
        let mut u = Uses::default();
        for o in d.operands {
            match (o.field, o.kind) {
                (Field::Sdst, Kind::Reg(class)) => {
                    let all = RegSet::range(self.sdst, class.dwords());
                    match d.mem {
                        Mem::Atomic => {
                            u.reads |= all;
                            u.writes |= RegSet::range(self.sdst, d.returned_dwords(self.glc));
                        }
                        _ if o.written => u.writes |= all,
                        _ => u.reads |= all,
                    }
                }
                (Field::Ssrc0, Kind::Src { dwords, .. }) => u.reads |= src_regs(self.ssrc0, dwords),
                (Field::Ssrc1, Kind::Src { dwords, .. }) => u.reads |= src_regs(self.ssrc1, dwords),
                (Field::Sbase, Kind::Base { dwords }) => {
                    u.reads |= RegSet::range(self.sbase, dwords);
                }
                (Field::Offset, _) => match self.offset {
                    SmemOffset::Sgpr(c) | SmemOffset::SgprImm(c, _) if c != code::NULL => {
                        u.reads |= RegSet::range(c, 1);
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        let implicit = |set: Implicit| {
            let mut m = RegSet::EMPTY;
            if set.contains(Implicit::VCC) {
                m |= RegSet::range(code::VCC, 2);
            }
            if set.contains(Implicit::EXEC) {
                m |= RegSet::range(code::EXEC, 2);
            }
            if set.contains(Implicit::M0) {
                m |= RegSet::range(code::M0, 1);
            }
            m
        };
        u.reads |= implicit(d.implicit_reads);
        u.writes |= implicit(d.implicit_writes);
        if d.implicit_reads.contains(Implicit::SDST)
            && let Some(o) = d.operand(Field::Sdst)
            && let Kind::Reg(class) = o.kind
        {
            u.reads |= RegSet::range(self.sdst, class.dwords());
        }
        u
    }
}
