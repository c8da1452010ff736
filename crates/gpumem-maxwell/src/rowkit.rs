//! The vocabulary the table files (`table.rs`, `alu.rs`, `rows_a.rs`, `rows_b.rs`) write
//! their rows in: modifier-group macros and small field helpers, written once.

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

use crate::table::{Flow, Latency, ModGroup, Op, OpKind, OpSpec, Target};
use gpumem_isa::bits::Field;

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
    }
}

/// A fixed-latency ALU row.
#[allow(clippy::too_many_arguments)]
pub(crate) const fn alu(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    row(
        op,
        name,
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
        Latency::Fixed,
        Flow::Next,
    )
}

/// A variable-latency row (reuse flags accepted and ignored).
#[allow(clippy::too_many_arguments)]
pub(crate) const fn var(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    row(
        op,
        name,
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
        Latency::Variable,
        Flow::Next,
    )
}
