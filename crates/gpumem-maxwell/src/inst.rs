//! The decoded form of a Maxwell instruction and its control-word slot.
//!
//! Decoding yields an [`Inst`]; the printer, the encoder and the emulator all
//! consume it, and none of them decodes a word again.

use crate::table::{CacheOp, MemSize, ModId, ModVal, OpKind, OpSpec, RegCount, Target};

/// Register number of `RZ`.
pub const RZ: u8 = 255;
/// Predicate number of `PT`.
pub const PT: u8 = 7;

/// The 21-bit schedule slot of one instruction in its bundle's control word.
///
/// Layout (bits of the slot): `[3:0]` stall, `[4]` yield bit (0 = yield),
/// `[7:5]` write barrier (7 = none), `[10:8]` read barrier (7 = none),
/// `[16:11]` wait mask, `[20:17]` reuse flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ctrl {
    /// Stall count, slot bits 0-3: cycles to wait before issuing the next instruction (0-15).
    pub stall: u8,
    /// The raw bit 4: `false` means "yield" in maxas' reading, and stall 0 with
    /// bit 4 set is a dual-issue pair with the next instruction.
    pub no_yield: bool,
    /// Write-dependency barrier, slot bits 5-7: the scoreboard (0-5) set when the result is written; 7 = none.
    pub wr: u8,
    /// Read-dependency barrier, slot bits 8-10: the scoreboard (0-5) set when the sources have been read; 7 = none.
    pub rd: u8,
    /// Wait mask, slot bits 11-16: bit i = wait on scoreboard i before issuing.
    pub wait: u8,
    /// Operand reuse flags, slot bits 17-20: bit i keeps source operand slot i in the reuse cache (`.reuse`).
    pub reuse: u8,
}

/// The slot value of ptxas padding: no barriers, stall 0, yield. nvdisasm prints `;`
/// without a space exactly when the low 17 bits of the slot have this value.
pub const PAD_SLOT: u32 = 0x7e0;
/// The slot gpumem writes for an instruction whose source gives no schedule: no
/// barriers, no wait, stall 1, yield. nvdisasm prints it as ` ;`.
pub const DEFAULT_SLOT: u32 = 0x7e1;

impl Ctrl {
    /// Unpacks a 21-bit slot (see [`ctrl_slot`]); bits above 20 are ignored.
    #[inline]
    pub const fn from_slot(slot: u32) -> Ctrl {
        Ctrl {
            stall: (slot & 0xf) as u8,
            no_yield: slot & 0x10 != 0,
            wr: ((slot >> 5) & 7) as u8,
            rd: ((slot >> 8) & 7) as u8,
            wait: ((slot >> 11) & 0x3f) as u8,
            reuse: ((slot >> 17) & 0xf) as u8,
        }
    }

    /// Packs the fields back into a 21-bit slot; each field is masked to its width.
    #[inline]
    pub const fn to_slot(self) -> u32 {
        (self.stall as u32 & 0xf)
            | ((self.no_yield as u32) << 4)
            | ((self.wr as u32 & 7) << 5)
            | ((self.rd as u32 & 7) << 8)
            | ((self.wait as u32 & 0x3f) << 11)
            | ((self.reuse as u32 & 0xf) << 17)
    }

    /// Stall 0 with bit 4 set: issued together with the next instruction.
    #[inline]
    pub const fn dual_issue(self) -> bool {
        self.stall == 0 && self.no_yield
    }

    /// The padding slot (reuse bits aside): nvdisasm's `;` without a space.
    #[inline]
    pub const fn is_pad(self) -> bool {
        self.to_slot() & 0x1ffff == PAD_SLOT
    }
}

impl Default for Ctrl {
    fn default() -> Self {
        Ctrl::from_slot(DEFAULT_SLOT)
    }
}

/// Slot `k` (0, 1, 2) of a bundle's control word.
pub const fn ctrl_slot(ctrl_word: u64, k: usize) -> u32 {
    ((ctrl_word >> (21 * k)) & 0x1f_ffff) as u32
}

/// A control word from three slots (bit 63 stays 0, as ptxas leaves it).
pub const fn ctrl_word(slots: [u32; 3]) -> u64 {
    (slots[0] as u64 & 0x1f_ffff)
        | ((slots[1] as u64 & 0x1f_ffff) << 21)
        | ((slots[2] as u64 & 0x1f_ffff) << 42)
}

/// One decoded operand value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A general register `Rn`/`RZ` with its source modifiers.
    Reg {
        /// Register number (255 = [`RZ`]).
        r: u8,
        /// `-R`: negated.
        neg: bool,
        /// `|R|`: absolute value.
        abs: bool,
        /// `~R`: bitwise not.
        not: bool,
    },
    /// A predicate `Pn`/`PT`, optionally negated.
    Pred {
        /// Predicate number (7 = [`PT`]).
        p: u8,
        /// `!P`: negated.
        neg: bool,
    },
    /// `[Ra + off]`. With `ra == RZ`, `off` is the zero-extended field value;
    /// otherwise it is sign-extended.
    Mem {
        /// Address register number.
        ra: u8,
        /// Byte offset.
        off: i64,
    },
    /// `c[bank][Ra + off]` of LDC, `off` sign-extended.
    ConstMem {
        /// Constant bank number.
        bank: u8,
        /// Address register number.
        ra: u8,
        /// Byte offset.
        off: i64,
    },
    /// ALU constant operand `c[bank][off]`, `off` in bytes.
    Const {
        /// Constant bank number.
        bank: u8,
        /// Byte offset in the bank (the encoding counts 32-bit words).
        off: i32,
        /// `-c[..][..]`: negated.
        neg: bool,
        /// `|c[..][..]|`: absolute value.
        abs: bool,
        /// `~c[..][..]`: bitwise not.
        not: bool,
    },
    /// Integer immediate: the value the instruction computes with, sign-extended where
    /// the hardware extends the field so ([`crate::table::OpKind::Imm20`], whatever
    /// nvdisasm's spelling), else the field's value.
    Imm(i64),
    /// Float immediate: the f32 bit pattern.
    FImm(u32),
    /// Branch target: absolute byte address.
    Target(i64),
    /// A special register of S2R/CS2R by number (`SR_TID.X`, `SR_CLOCKLO`, ...; see [`crate::table::system::sreg_num`]).
    SReg(u8),
    /// A condition-code test by number (`CC.NUM`, `T` = 15, ...; see [`crate::table::system::cc_name`]).
    Cc(u8),
    /// A scoreboard `SBn` of DEPBAR, by index.
    Sb(u8),
    /// Filler for unused slots of [`Inst::operands`].
    None,
}

impl Operand {
    /// Register `Rr` without modifiers.
    pub const fn reg(r: u8) -> Operand {
        Operand::Reg {
            r,
            neg: false,
            abs: false,
            not: false,
        }
    }
}

/// Most operands any row has.
pub const MAX_OPERANDS: usize = 7;
/// Most modifier groups any row has.
pub const MAX_MODS: usize = 10;

/// A decoded instruction: the row it matches and the value of every field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inst {
    /// The table row (encoding) the instruction is.
    pub op: &'static OpSpec,
    /// Guard predicate index (7 = PT).
    pub guard: u8,
    /// Guard negated (`@!P0`), bit 19.
    pub guard_neg: bool,
    /// Modifier values, indexed like `op.mods`.
    pub mods: [u8; MAX_MODS],
    /// Operands, indexed like `op.operands`.
    pub operands: [Operand; MAX_OPERANDS],
    /// `.PO` ("plus one"): both bits of the row's [`OpSpec::po`] pair are set. The
    /// operands and suffix groups that own those bits read as set too; the printer
    /// shows `.PO` instead of them, the executor adds one.
    pub po: bool,
    /// The instruction's schedule: its slot of the bundle's control word.
    pub ctrl: Ctrl,
    /// The target the instruction was decoded or parsed for: a few spellings depend on
    /// it (special register 15 is `SR15` on SM50 and `SR_ORDERING_TICKET` on SM52).
    pub target: Target,
}

impl Inst {
    /// A new instruction of `op` with default modifiers, no guard and no operands filled.
    pub fn new(op: &'static OpSpec) -> Inst {
        let mut mods = [0; MAX_MODS];
        for (i, g) in op.mods.iter().enumerate() {
            mods[i] = g.default_value();
        }
        Inst {
            op,
            guard: crate::inst::PT,
            guard_neg: false,
            mods,
            operands: [Operand::None; MAX_OPERANDS],
            po: false,
            ctrl: Ctrl::default(),
            target: op.since,
        }
    }

    /// The operands the row has (the first `op.operands.len()` entries of the `operands` array).
    pub fn operands(&self) -> &[Operand] {
        &self.operands[..self.op.operands.len()]
    }

    /// The value of the first modifier group `id` of the row, if it has one.
    pub fn mod_value(&self, id: ModId) -> Option<u8> {
        self.op
            .mods
            .iter()
            .position(|g| g.id == id)
            .map(|k| self.mods[k])
    }

    /// The table's entry for the value of modifier group `id` (its spelling and meaning).
    pub fn mod_val(&self, id: ModId) -> Option<&'static ModVal> {
        let k = self.op.mods.iter().position(|g| g.id == id)?;
        self.op.mods[k].lookup(self.mods[k])
    }

    /// The access size of a memory instruction.
    pub fn mem_size(&self) -> Option<MemSize> {
        self.op.mem?;
        self.mod_val(ModId::Sz).and_then(ModVal::size)
    }

    /// The cache operator of a memory instruction: its operator group's value, or
    /// [`CacheOp::Default`] for a row without one (LDS, STS, LDC).
    pub fn cache_op(&self) -> Option<CacheOp> {
        self.op.mem?;
        Some(
            self.mod_val(ModId::Cop)
                .and_then(ModVal::cache)
                .unwrap_or(CacheOp::Default),
        )
    }

    /// The memory access size in bytes, for memory instructions.
    pub fn mem_bytes(&self) -> Option<u32> {
        self.mem_size().map(|s| s.bytes as u32)
    }

    /// How many registers a register operand of `count` names in this instruction.
    pub fn reg_count(&self, count: RegCount) -> u32 {
        match count {
            RegCount::One => 1,
            RegCount::Two => 2,
            RegCount::BySize => self
                .mem_bytes()
                .or_else(|| {
                    self.mod_val(ModId::AttrSize)
                        .and_then(ModVal::size)
                        .map(|s| s.bytes as u32)
                })
                .map(|b| b.div_ceil(4))
                .unwrap_or(1),
        }
    }

    /// The value of word bit `n` as the instruction's modifier and operand-flag fields
    /// hold it; `None` when no such field owns the bit.
    pub fn field_bit(&self, n: u8) -> Option<bool> {
        let m = 1u64 << n;
        for (i, g) in self.op.mods.iter().enumerate() {
            if g.mask() & m != 0 {
                return Some(g.put(0, self.mods[i]) & m != 0);
            }
        }
        for (k, v) in self.op.operands.iter().zip(self.operands.iter()) {
            if let Some(on) = flag_at(k, v, m) {
                return Some(on);
            }
        }
        // A bit the row's opcode fixes (IADD32I_PO's `.PO` pair).
        if self.op.mask & m != 0 {
            return Some(self.op.opcode & m != 0);
        }
        None
    }

    /// Sets word bit `n` in the modifier or operand-flag field that owns it; returns
    /// whether one does.
    pub fn set_field_bit(&mut self, n: u8) -> bool {
        let m = 1u64 << n;
        for (i, g) in self.op.mods.iter().enumerate() {
            if g.mask() & m != 0 {
                self.mods[i] = g.get(g.put(0, self.mods[i]) | m);
                return true;
            }
        }
        for (k, v) in self.op.operands.iter().zip(self.operands.iter_mut()) {
            let (f, on) = match (k, v) {
                (
                    OpKind::Reg { neg, abs, not, .. },
                    Operand::Reg {
                        neg: n,
                        abs: a,
                        not: t,
                        ..
                    },
                )
                | (
                    OpKind::ConstOperand { neg, abs, not, .. },
                    Operand::Const {
                        neg: n,
                        abs: a,
                        not: t,
                        ..
                    },
                ) => ([*neg, *abs, *not], [n, a, t]),
                // A sign-and-magnitude immediate: its negation bit makes the value negative
                // (a zero stays zero; `.PO` still sets the bit in the word).
                (OpKind::NegImm { neg, .. }, Operand::Imm(v)) if neg.mask() & m != 0 => {
                    *v = -v.abs();
                    return true;
                }
                _ => continue,
            };
            for (f, on) in f.into_iter().zip(on) {
                if f.is_some_and(|f| f.mask() & m != 0) {
                    *on = true;
                    return true;
                }
            }
        }
        false
    }

    /// Whether the fields hold both bits of the row's `.PO` pair (what [`Inst::po`]
    /// must then say: a word with both bits set prints as `.PO`).
    pub fn po_by_fields(&self) -> bool {
        match self.op.po {
            Some((a, b)) => self.field_bit(a) == Some(true) && self.field_bit(b) == Some(true),
            None => false,
        }
    }

    /// The instruction's 21-bit control slot: its schedule, with the value of a modifier
    /// the row keeps in the slot's reuse bits ([`OpSpec::ctrl_mod`]: a texture op's
    /// `.T`/`.P`) put in place.
    pub fn slot(&self) -> u32 {
        let mut c = self.ctrl;
        if let Some((k, _, f)) = self.op.ctrl_group() {
            c.reuse = f.put(c.reuse as u64, self.mods[k] as u64) as u8;
        }
        c.to_slot()
    }

    /// Whether the instruction is always executed (`@PT`).
    pub fn unguarded(&self) -> bool {
        self.guard == PT && !self.guard_neg
    }
}

/// The flag of operand `v` (of kind `k`) that owns the bits `m`, if one does.
fn flag_at(k: &OpKind, v: &Operand, m: u64) -> Option<bool> {
    let (f, on) = match (k, v) {
        (
            OpKind::Reg { neg, abs, not, .. },
            Operand::Reg {
                neg: n,
                abs: a,
                not: t,
                ..
            },
        )
        | (
            OpKind::ConstOperand { neg, abs, not, .. },
            Operand::Const {
                neg: n,
                abs: a,
                not: t,
                ..
            },
        ) => ([*neg, *abs, *not], [*n, *a, *t]),
        (OpKind::NegImm { neg, .. }, Operand::Imm(v)) if neg.mask() & m != 0 => {
            return Some(*v < 0);
        }
        _ => return None,
    };
    f.into_iter()
        .zip(on)
        .find(|(f, _)| f.is_some_and(|f| f.mask() & m != 0))
        .map(|(_, on)| on)
}
