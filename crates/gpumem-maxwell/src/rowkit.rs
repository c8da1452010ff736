//! The vocabulary the table files (`table.rs`, `alu.rs`, `rows_a.rs`, `rows_b.rs`, ...) write
//! their rows in: modifier-group macros, small field helpers, the common ALU operands and
//! modifier groups, the row functions ([`row`], [`alu`], [`var`], `row_fn!`) and [`Rci`]
//! for an op's register, constant and immediate forms, each written once.

/// Modifier values with their spellings and no further meaning: `vals!(0 => "", 1 => ".X")`.
macro_rules! vals {
    ($($v:expr => $t:expr),* $(,)?) => {
        &[$(crate::table::ModVal {
            value: $v,
            text: $t,
            aliases: &[],
            sem: crate::table::ValSem::None,
        }),*]
    };
}

/// A mnemonic modifier group: `grp!(Rnd, 39, 2, { 0 => "", 1 => ".RM", ... })`.
macro_rules! grp {
    ($id:ident, $lo:expr, $w:expr, { $($v:expr => $t:expr),* $(,)? }) => {
        crate::table::ModGroup {
            id: crate::table::ModId::$id,
            field: gpumem_isa::bits::Field::new($lo, $w),
            hi: None,
            vals: vals!($($v => $t),*),
            at: None,
            alt: None,
        }
    };
}

/// A one-bit mnemonic flag: `flag!(Ftz, 44, ".FTZ")`.
macro_rules! flag {
    ($id:ident, $bit:expr, $t:expr) => {
        grp!($id, $bit, 1, { 0 => "", 1 => $t })
    };
}

/// A one-bit flag spelled as a suffix of operand `$at` (`R2.CC`, `R4.H1`, `0x1.NEG`).
macro_rules! sfx {
    ($id:ident, $bit:expr, $t:expr, $at:expr) => {
        crate::table::ModGroup {
            id: crate::table::ModId::$id,
            field: gpumem_isa::bits::Field::new($bit, 1),
            hi: None,
            vals: vals!(0 => "", 1 => $t),
            at: Some($at),
            alt: None,
        }
    };
}

/// Defines a row function `$name(op, name, form, opcode, mask, mods, operands, ignored)`:
/// a row of latency `$lat` that falls through, with the reuse flags [`row`] derives, then
/// the fields given after it (`row_fn!(/// doc, dp, Latency::Variable, reuse_ok: 0b0111)`).
macro_rules! row_fn {
    ($(#[$doc:meta])* $vis:vis $name:ident, $lat:expr $(, $field:ident: $val:expr)* $(,)?) => {
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)]
        $vis const fn $name(
            op: crate::table::Op,
            name: &'static str,
            form: &'static str,
            opcode: u64,
            mask: u64,
            mods: &'static [crate::table::ModGroup],
            operands: &'static [crate::table::OpKind],
            ignored: u64,
        ) -> crate::table::OpSpec {
            let r = crate::rowkit::row(
                op,
                name,
                form,
                opcode,
                mask,
                mods,
                operands,
                ignored,
                $lat,
                crate::table::Flow::Next,
            );
            crate::table::OpSpec { $($field: $val,)* ..r }
        }
    };
}

use crate::table::{Flow, Latency, ModGroup, Op, OpKind, OpSpec, Target};
use gpumem_isa::bits::Field;

/// A modifier group `id` of the values `vals` in `field`, spelled as a mnemonic suffix.
pub(crate) const fn group(
    id: crate::table::ModId,
    field: Field,
    vals: &'static [crate::table::ModVal],
) -> ModGroup {
    ModGroup {
        id,
        field,
        hi: None,
        vals,
        at: None,
        alt: None,
    }
}

/// The field of `w` bits from bit `lo`.
pub(crate) const fn f(lo: u8, w: u8) -> Field {
    Field::new(lo, w)
}

/// The one-bit field at `bit` (a negation, absolute-value or flag bit).
pub(crate) const fn b1(bit: u8) -> Option<Field> {
    Some(Field::new(bit, 1))
}

/// The reuse slot of a register field: Ra (8) = 0, Rb (20) = 1, Rc (39) = 2.
pub(crate) const fn reuse_slot(lo: u8) -> Option<u8> {
    match lo {
        8 => Some(0),
        20 => Some(1),
        39 => Some(2),
        _ => None,
    }
}

/// Bits `lo..=hi`.
pub(crate) const fn bits(lo: u8, hi: u8) -> u64 {
    ((1u64 << (hi - lo + 1)) - 1) << lo
}

/// Bit `n`.
pub(crate) const fn bit(n: u8) -> u64 {
    1 << n
}

#[allow(clippy::too_many_arguments)]
pub(crate) const fn row(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    latency: Latency,
    flow: Flow,
) -> OpSpec {
    OpSpec {
        op,
        name,
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
        since: Target::Sm50,
        until: Target::Sm52,
        latency,
        mem: None,
        // Fixed-latency ops take reuse flags for slots 0-2 (printed as `.reuse` where an
        // operand sits in that slot) and reject slot 3; variable-latency ops (XU, S2R,
        // barriers) ignore all four, as memory ops do.
        reuse_ok: match latency {
            Latency::Fixed => 0b0111,
            Latency::Variable => 0b1111,
        },
        flow,
        po: None,
        ctrl_mod: None,
        glued: false,
    }
}

row_fn!(
    /// A fixed-latency ALU row.
    pub(crate) alu,
    Latency::Fixed
);

row_fn!(
    /// A variable-latency row (reuse flags accepted and ignored).
    pub(crate) var,
    Latency::Variable
);

/// A signed 32-bit immediate at bits 20-51 (the `32I` forms).
pub(crate) const IMM32S: OpKind = OpKind::Imm32 {
    f: Field::new(20, 32),
    signed: true,
};

/// An ALU opcode: bits 51-63.
pub(crate) const OPC: u64 = 0xfff8_0000_0000_0000;
/// An immediate form's opcode: bit 56 is the immediate's sign, not part of the opcode.
pub(crate) const OPC_I: u64 = 0xfef8_0000_0000_0000;

/// What an op's register, constant and immediate forms (its `_R`, `_C`, `_I` rows)
/// share. Operand B is Rb (bits 20-27, so 28-38 are ignored), a constant (20-38) or a
/// 19-bit immediate (20-38) whose sign, bit 56, the immediate form's opcode leaves out.
pub(crate) struct Rci {
    op: Op,
    name: &'static str,
    mods: &'static [ModGroup],
    imm_mods: &'static [ModGroup],
    ignored: u64,
    latency: Latency,
    reuse_ok: Option<u8>,
    po: Option<(u8, u8)>,
    mask: u64,
}

impl Rci {
    /// A fixed-latency op whose opcode is bits 51-63 ([`OPC`]), ignoring `ignored` in
    /// every form.
    pub(crate) const fn new(
        op: Op,
        name: &'static str,
        mods: &'static [ModGroup],
        ignored: u64,
    ) -> Rci {
        Rci {
            op,
            name,
            mods,
            imm_mods: mods,
            ignored,
            latency: Latency::Fixed,
            reuse_ok: None,
            po: None,
            mask: OPC,
        }
    }

    /// The op with a variable latency.
    pub(crate) const fn var(self) -> Rci {
        Rci {
            latency: Latency::Variable,
            ..self
        }
    }

    /// The op with the reuse flags `reuse_ok` (instead of those its latency implies).
    pub(crate) const fn reuse_ok(self, reuse_ok: u8) -> Rci {
        Rci {
            reuse_ok: Some(reuse_ok),
            ..self
        }
    }

    /// The op with a `.PO` bit pair (both set print as `.PO`, see [`OpSpec::po`]).
    pub(crate) const fn po(self, a: u8, b: u8) -> Rci {
        Rci {
            po: Some((a, b)),
            ..self
        }
    }

    /// The op whose immediate form has the modifier groups `imm_mods` (the immediate's
    /// own suffixes).
    pub(crate) const fn imm_mods(self, imm_mods: &'static [ModGroup]) -> Rci {
        Rci { imm_mods, ..self }
    }

    /// The op with the opcode bits `mask`.
    pub(crate) const fn mask(self, mask: u64) -> Rci {
        Rci { mask, ..self }
    }

    /// The register form: opcode `top` (bits 48-63), B in Rb.
    pub(crate) const fn r(
        &self,
        form: &'static str,
        top: u64,
        operands: &'static [OpKind],
    ) -> OpSpec {
        self.row(
            form,
            top,
            self.mask,
            self.mods,
            operands,
            self.ignored | bits(28, 38),
        )
    }

    /// A constant form (B, or with Rb at 39 the C operand, from a constant bank).
    pub(crate) const fn c(
        &self,
        form: &'static str,
        top: u64,
        operands: &'static [OpKind],
    ) -> OpSpec {
        self.row(form, top, self.mask, self.mods, operands, self.ignored)
    }

    /// The immediate form.
    pub(crate) const fn i(
        &self,
        form: &'static str,
        top: u64,
        operands: &'static [OpKind],
    ) -> OpSpec {
        let mask = self.mask & !bit(56);
        self.row(form, top, mask, self.imm_mods, operands, self.ignored)
    }

    const fn row(
        &self,
        form: &'static str,
        top: u64,
        mask: u64,
        mods: &'static [ModGroup],
        operands: &'static [OpKind],
        ignored: u64,
    ) -> OpSpec {
        let r = row(
            self.op,
            self.name,
            form,
            top << 48,
            mask,
            mods,
            operands,
            ignored,
            self.latency,
            Flow::Next,
        );
        let r = OpSpec { po: self.po, ..r };
        match self.reuse_ok {
            Some(reuse_ok) => OpSpec { reuse_ok, ..r },
            None => r,
        }
    }
}

/// A register at `lo` with the reuse slot of its field ([`reuse_slot`]).
const fn reg_at(lo: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: crate::table::RegCount::One,
        reuse: reuse_slot(lo),
        neg: None,
        abs: None,
        not: None,
    }
}
pub(crate) const fn pred(lo: u8, neg: Option<Field>, write: bool, hide_pt: bool) -> OpKind {
    OpKind::Pred {
        f: f(lo, 3),
        neg,
        write,
        hide_pt,
    }
}

pub(crate) const PP39: OpKind = pred(39, b1(42), false, false);

pub(crate) const I20: OpKind = OpKind::Imm20 {
    f: f(20, 19),
    sign: f(56, 1),
    text: crate::table::ImmText::Signed,
};

/// The 20-bit immediate that nvdisasm prints as its bits (`0xffff0` for -0x10: IADD3,
/// R2P); sign-extended as [`I20`].
pub(crate) const I20_BITS: OpKind = OpKind::Imm20 {
    f: f(20, 19),
    sign: f(56, 1),
    text: crate::table::ImmText::Bits,
};

pub(crate) const F20: OpKind = OpKind::FImm20 {
    f: f(20, 19),
    sign: f(56, 1),
};

/// `row` with a `.PO` bit pair.
pub(crate) const fn with_po(r: OpSpec, a: u8, b: u8) -> OpSpec {
    OpSpec {
        po: Some((a, b)),
        ..r
    }
}

pub(crate) const CC0: ModGroup = sfx!(Cc, 47, ".CC", 0);

pub(crate) const FTZ44: ModGroup = flag!(Ftz, 44, ".FTZ");

pub(crate) const PD48: OpKind = pred(48, None, true, true);

pub(crate) const RND39: ModGroup =
    grp!(Rnd, 39, 2, { 0 => "", 1 => ".RM", 2 => ".RP", 3 => ".RZ" });

pub(crate) const SAT50: ModGroup = flag!(Sat, 50, ".SAT");

pub(crate) const U32_48: ModGroup = grp!(U32, 48, 1, { 0 => ".U32", 1 => "" });

pub(crate) const BOP45: ModGroup =
    grp!(Bop, 45, 2, { 0 => ".AND", 1 => ".OR", 2 => ".XOR", 3 => ".INVALIDBOP3" });

/// A constant-bank operand `c[bank][offset]` (bank 34-38, offset 20-33).
pub(crate) const CB: OpKind = OpKind::ConstOperand {
    bank: f(34, 5),
    off: f(20, 14),
    neg: None,
    abs: None,
    not: None,
    spaced: false,
};

pub(crate) const RD: OpKind = reg_at(0, true);

pub(crate) const RA: OpKind = reg_at(8, false);

pub(crate) const RB: OpKind = reg_at(20, false);

pub(crate) const RC: OpKind = reg_at(39, false);
