//! The one vocabulary the family files write their rows in: modifier-group macros
//! (`vals!`, `grp!`, `flag!`, `sfx!`), the row builders ([`Enc`] with [`alu`], [`var`],
//! [`row`] and `row_fn!`), [`Rci`] for an op's register, constant and immediate forms, and the
//! fields, operands and modifier groups that rows of more than one family share.
//! What only one family uses is written in that family's file.

use super::{
    AtomOp, CacheOp, Flow, Latency, MemSize, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, RegCount,
    Target, ValSem,
};
use gpumem_isa::bits::Field;

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

/// Defines a row builder `$name(Enc { .. })`: a row of latency `$lat` that falls
/// through, with the reuse flags [`row`] derives, then the fields given after it
/// (`row_fn!(/// doc, dp, Latency::Variable, reuse_ok: 0b0111)`).
macro_rules! row_fn {
    ($(#[$doc:meta])* $vis:vis $name:ident, $lat:expr $(, $field:ident: $val:expr)* $(,)?) => {
        $(#[$doc])*
        $vis const fn $name(enc: crate::table::vocab::Enc) -> crate::table::OpSpec {
            let r = crate::table::vocab::row(enc, $lat, crate::table::Flow::Next);
            crate::table::OpSpec { $($field: $val,)* ..r }
        }
    };
}

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

pub(crate) const fn m(value: u8, text: &'static str) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::None,
    }
}

pub(crate) const E: ModGroup = group(ModId::E, Field::new(45, 1), &[m(0, ""), m(1, ".E")]);

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

/// What every row names: the op, its mnemonic and form, the fixed bits (`opcode` under
/// `mask`), modifier groups, operands and the bits nvdisasm ignores. The row builders
/// ([`alu`], [`var`], [`row`], `row_fn!`) add latency, flow and what those imply; a
/// row's other fields are set by name over a builder's result
/// (`OpSpec { reuse_ok: 0b1111, ..var(Enc { .. }) }`).
pub(crate) struct Enc {
    pub op: Op,
    pub name: &'static str,
    pub form: &'static str,
    pub opcode: u64,
    pub mask: u64,
    pub mods: &'static [ModGroup],
    pub operands: &'static [OpKind],
    pub ignored: u64,
}

/// Row `r` on the Maxwell SMs alone: its Pascal copy ([`pascal`]) differs.
pub(crate) const fn maxwell(r: OpSpec) -> OpSpec {
    OpSpec {
        until: Target::Sm52,
        ..r
    }
}

/// Row `r` on the Pascal SMs alone: the Pascal copy of a [`maxwell`] row.
pub(crate) const fn pascal(r: OpSpec) -> OpSpec {
    OpSpec {
        since: Target::Sm60,
        until: Target::LAST,
        ..r
    }
}

/// A row of `latency` and `flow` on SM50-SM52 (no memory facts, `.PO` or control
/// modifier), with the reuse flags the latency implies.
pub(crate) const fn row(enc: Enc, latency: Latency, flow: Flow) -> OpSpec {
    let Enc {
        op,
        name,
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
    } = enc;
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
        until: Target::LAST,
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
        let enc = Enc {
            op: self.op,
            name: self.name,
            form,
            opcode: top << 48,
            mask,
            mods,
            operands,
            ignored,
        };
        let r = row(enc, self.latency, Flow::Next);
        let r = OpSpec { po: self.po, ..r };
        match self.reuse_ok {
            Some(reuse_ok) => OpSpec { reuse_ok, ..r },
            None => r,
        }
    }
}

/// A register at `lo` with the reuse slot of its field ([`reuse_slot`]).
pub(crate) const fn reg_at(lo: u8, write: bool) -> OpKind {
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

pub(crate) const CC0: ModGroup = sfx!(Cc, 47, ".CC", 0);

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

pub(crate) const fn rx(
    lo: u8,
    neg: Option<Field>,
    abs: Option<Field>,
    not: Option<Field>,
) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write: false,
        count: RegCount::One,
        reuse: reuse_slot(lo),
        neg,
        abs,
        not,
    }
}

/// The register at 39-46 of the "constant bank as C" forms: printed third, it is the B
/// operand and takes B's reuse flag (slot 1).
pub(crate) const fn rb39(neg: Option<Field>) -> OpKind {
    OpKind::Reg {
        f: f(39, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(1),
        neg,
        abs: None,
        not: None,
    }
}

pub(crate) const fn cb(
    neg: Option<Field>,
    abs: Option<Field>,
    not: Option<Field>,
    spaced: bool,
) -> OpKind {
    OpKind::ConstOperand {
        bank: f(34, 5),
        off: f(20, 14),
        neg,
        abs,
        not,
        spaced,
    }
}

pub(crate) const X43: ModGroup = flag!(X, 43, ".X");

pub(crate) const fn neg(bit: u8) -> Option<Field> {
    b1(bit)
}

/// A source register whose reuse flag sits in `slot` (FADD-style B in slot 2, the
/// "constant as C" forms' register B in slot 1, `Rd` read again as C in slot 2).
pub(crate) const fn rx_slot(lo: u8, slot: u8, neg: Option<Field>, abs: Option<Field>) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(slot),
        neg,
        abs,
        not: None,
    }
}

pub(crate) const D20: OpKind = OpKind::DImm20 {
    f: f(20, 19),
    sign: f(56, 1),
};

pub(crate) const PD3: OpKind = pred(3, None, true, false);

pub(crate) const PQ0: OpKind = pred(0, None, true, false);

pub(crate) const OPC12: u64 = 0xfff0_0000_0000_0000;

/// The 4-bit float comparison (FSETP, FSET, DSETP, DSET).
pub(crate) const FCMP48: ModGroup = grp!(Cmp, 48, 4, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".NUM",
    8 => ".NAN", 9 => ".LTU", 10 => ".EQU", 11 => ".LEU", 12 => ".GTU", 13 => ".NEU", 14 => ".GEU", 15 => ".T"
});

/// FADD's flag layout: negate B 45, abs A 46, negate A 48, abs B 49.
pub(crate) const ADD_RA: OpKind = rx(8, b1(48), b1(46), None);

pub(crate) const MNMX_RB: OpKind = rx(20, b1(45), b1(49), None);

pub(crate) const NEG45_2: ModGroup = sfx!(Neg, 45, ".NEG", 2);

pub(crate) const ABS49_2: ModGroup = sfx!(Abs, 49, ".ABS", 2);

pub(crate) const SETP_RA: OpKind = rx(8, b1(43), b1(7), None);

pub(crate) const SETP_RB: OpKind = rx(20, b1(6), b1(44), None);

pub(crate) const BF52: ModGroup = flag!(Bf, 52, ".BF");

pub(crate) const SET_RA: OpKind = rx(8, b1(43), b1(54), None);

pub(crate) const SET_RB: OpKind = rx(20, b1(53), b1(44), None);

pub(crate) const NEG45_1: ModGroup = sfx!(Neg, 45, ".NEG", 1);

pub(crate) const ABS49_1: ModGroup = sfx!(Abs, 49, ".ABS", 1);

/// The register form ignores the register-class bits 28-38.
pub(crate) const R_IGN: u64 = bits(28, 38);

/// The branch family: 12-bit opcode (bits 52-63); bit 5 selects a constant-bank target.
pub(crate) const BR12: u64 = 0xfff0_0000_0000_0000;

pub(crate) const fn reg(lo: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse: None,
        neg: None,
        abs: None,
        not: None,
    }
}

pub(crate) const fn uimm(lo: u8, w: u8) -> OpKind {
    OpKind::UImm {
        f: f(lo, w),
        hide: None,
        signed_if: None,
    }
}

// ---------------------------------------------------------------------------------------------
// Atomics and reductions.

/// A type value: its spelling and the access it makes (bytes, signedness).
pub(crate) const fn ty(value: u8, text: &'static str, bytes: u8, signed: bool) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Size(MemSize {
            bytes,
            signed,
            invalid: false,
            uniform: false,
            float: false,
            half2: false,
        }),
    }
}

/// An atomic operation value: its spelling and its meaning.
pub(crate) const fn aop(value: u8, text: &'static str, op: AtomOp) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Atom(op),
    }
}

pub(crate) const fn reg_slot(lo: u8, slot: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse: Some(slot),
        neg: None,
        abs: None,
        not: None,
    }
}

/// The phase of a texture op, in the control slot's reuse bits 0-1 (3 is nvdisasm's
/// `.INVALIDPHASE3`: no such value).
pub(crate) const PHASE: ModGroup = ModGroup {
    id: ModId::Phase,
    field: f(0, 0),
    hi: None,
    vals: vals!(0 => "", 1 => ".T", 2 => ".P"),
    at: None,
    alt: None,
};

/// Where [`PHASE`] lives: bits 0-1 of the slot's reuse field.
pub(crate) const PHASE_BITS: Field = f(0, 2);

pub(crate) const TEX_DIM: &[&str] = &[
    "1D",
    "ARRAY_1D",
    "2D",
    "ARRAY_2D",
    "3D",
    "ARRAY_3D",
    "CUBE",
    "ARRAY_CUBE",
];

pub(crate) const fn c(value: u8, text: &'static str, op: CacheOp) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Cache(op),
    }
}

pub(crate) const SU_INDEX: OpKind = OpKind::UImm {
    f: f(36, 13),
    hide: None,
    signed_if: None,
};

/// The component write mask (bits 31-34), printed in hex.
pub(crate) const WMASK: OpKind = OpKind::UImm {
    f: f(31, 4),
    hide: None,
    signed_if: None,
};

pub(crate) const DIM: OpKind = OpKind::Name {
    f: f(28, 3),
    names: TEX_DIM,
    rz: None,
};

/// Bits 51-63: the op.
pub(crate) const OP: u64 = bits(51, 63);

/// The operands `[Rd, Ra, Rb, index, dim, mask]` with Rb and the index as given.
pub(crate) const fn ops(rb: OpKind, index: OpKind) -> [OpKind; 6] {
    [reg(0, true), reg(8, false), rb, index, DIM, WMASK]
}

/// A register operand without negation; `reuse`: its control-slot reuse flag.
pub(crate) const fn reg_reuse(lo: u8, write: bool, reuse: Option<u8>) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse,
        neg: None,
        abs: None,
        not: None,
    }
}

pub(crate) const PC: OpKind = pred(39, b1(42), false, false);
