//! Atomics and reductions on global and shared memory (ATOM, ATOMS, RED), with the
//! per-target spellings of type 4 and SM52's predicate output.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{Enc, OPC, OPC12, aop, bit, bits, f, group, reg, reg_reuse, ty, var};
use super::{
    AtomOp, MemFacts, MemKind, MemSize, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, Space, Target,
    ValSem,
};

/// The operations 0-7 every atomic row shares, then the row's own.
macro_rules! aops {
    ($($extra:expr),* $(,)?) => {
        &[
            aop(0, ".ADD", AtomOp::Add),
            aop(1, ".MIN", AtomOp::Min),
            aop(2, ".MAX", AtomOp::Max),
            aop(3, ".INC", AtomOp::Inc),
            aop(4, ".DEC", AtomOp::Dec),
            aop(5, ".AND", AtomOp::And),
            aop(6, ".OR", AtomOp::Or),
            aop(7, ".XOR", AtomOp::Xor),
            $($extra),*
        ]
    };
}

/// The f32 atomic type (`.F32.FTZ.RN`).
const fn ty_f32(value: u8) -> ModVal {
    ModVal {
        value,
        text: ".F32.FTZ.RN",
        aliases: &[],
        sem: ValSem::Size(MemSize {
            bytes: 4,
            signed: false,
            invalid: false,
            uniform: false,
            float: true,
            half2: false,
        }),
    }
}

/// `.F64.RN` (type 6 on the Pascal SMs, `INVALIDATOMICSIZE6` on Maxwell): an f64 in 8
/// bytes (PTX `atom.add.f64`, sm_60 on).
const F64: &[ModVal] = &[ModVal {
    value: 6,
    text: ".F64.RN",
    aliases: &[],
    sem: ValSem::Size(MemSize {
        bytes: 8,
        signed: false,
        invalid: false,
        uniform: false,
        float: true,
        half2: false,
    }),
}];

/// An atomic operation group at bits `lo..lo+w`.
const fn atom_op(lo: u8, w: u8, vals: &'static [ModVal]) -> ModGroup {
    group(ModId::Atom, f(lo, w), vals)
}

/// ATOM/RED types. Code 4 prints `.U128` on SM50 and `.F16x2.FTZ.RN` on SM52: one
/// spelling per target is not modelled, so it is rejected (as are the `INVALIDATOMICSIZE`
/// codes 6-7).
pub(crate) const ATOM_TYPES: &[ModVal] = &[
    ty(0, "", 4, false),
    ty(1, ".S32", 4, true),
    ty(2, ".U64", 8, false),
    ty_f32(3),
    ty(5, ".S64", 8, true),
];

const ATOMS_TYPES: &[ModVal] = &[
    ty(0, "", 4, false),
    ty(1, ".S32", 4, true),
    ty(2, ".U64", 8, false),
    ty(3, ".S64", 8, true),
];

pub(crate) const fn atom_types(lo: u8, vals: &'static [ModVal]) -> ModGroup {
    group(ModId::Sz, f(lo, if vals.len() == 4 { 2 } else { 3 }), vals)
}

pub(crate) const ATOM_OP: ModGroup = atom_op(
    52,
    4,
    aops!(
        aop(8, ".EXCH", AtomOp::Exch),
        aop(10, ".SAFEADD", AtomOp::SafeAdd)
    ),
);

const ATOMS_OP: ModGroup = atom_op(52, 4, aops!(aop(8, ".EXCH", AtomOp::Exch)));

pub(crate) const RED_OP: ModGroup = atom_op(23, 3, aops!());

pub(crate) const E48: ModGroup = flag!(E, 48, ".E");

#[allow(clippy::too_many_arguments)]
pub(crate) const fn atomic(
    op: Op,
    name: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    space: Space,
    kind: MemKind,
) -> OpSpec {
    OpSpec {
        mem: Some(MemFacts {
            space,
            generic: false,
            kind,
        }),
        reuse_ok: 0b1111,
        ..var(Enc {
            op,
            name,
            form: name,
            opcode,
            mask,
            mods,
            operands,
            ignored,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Compare-and-swap. The swap value is not encoded: it is the register after the compare
// value (`R2, R3`; `.64`: `R2, R4`), or one of the two is `RZ` (flags 50-51 for ATOM,
// 28-29 for ATOMS; 3 is rejected). nvdisasm prints `???255` when the pair passes R254.

pub(crate) const fn pair(lo: u8, add: u8) -> OpKind {
    OpKind::RegPair { f: f(lo, 8), add }
}

pub(crate) const RZ_LIT: OpKind = OpKind::RegPair {
    f: f(0, 0),
    add: 255,
};

pub(crate) const CAS: ModGroup = atom_op(0, 0, &[aop(0, ".CAS", AtomOp::Cas)]);

pub(crate) const SZ32: ModGroup = group(ModId::Sz, f(0, 0), &[ty(0, "", 4, false)]);

pub(crate) const SZ64: ModGroup = ModGroup {
    vals: &[ty(0, ".64", 8, false)],
    ..SZ32
};

const SZ_32_64: &[ModVal] = &[ty(0, "", 4, false), ty(1, ".64", 8, false)];

pub(crate) const fn sz64_at(bit: u8) -> ModGroup {
    ModGroup {
        field: f(bit, 1),
        vals: SZ_32_64,
        ..SZ32
    }
}

const ATOMS_CAS_OP: ModGroup = atom_op(
    53,
    2,
    &[
        aop(0, ".CAST", AtomOp::Cast),
        aop(1, ".CAST.SPIN", AtomOp::CastSpin),
        aop(2, ".CAS", AtomOp::Cas),
    ],
);

const ATOM_CAS_MEM: OpKind = OpKind::Mem {
    ra: f(8, 8),
    imm: f(28, 20),
};

const ATOMS_CAS_MEM: OpKind = OpKind::MemW {
    ra: f(8, 8),
    imm: f(30, 22),
};

const ATOM_CAS_OPC: u64 = 0xeef << 52;

const ATOM_CAS_MASK: u64 = 0xfff << 52 | bits(50, 51);

/// ATOMS.CAS: top byte 0xee with bit 55 clear (0xee6/0xee7 are rejected by the op group).
const ATOMS_CAS_OPC: u64 = 0xee << 56;

const ATOMS_CAS_MASK: u64 = 0x1ff << 55 | bits(28, 29);

/// A row under its own form name.
const fn named(form: &'static str, r: OpSpec) -> OpSpec {
    OpSpec { form, ..r }
}

// ---------------------------------------------------------------------------------------------
// ATOM and RED with type 4 (ATOM bits 49-51, RED 20-22): nvdisasm spells the one code
// `.U128` for SM50 and `.F16x2.FTZ.RN` for SM52. Two rows per op, one per target
// ([`OpSpec::until`]), each fixing the type in its opcode bits; everything else is the
// other types' row (the general ATOM/RED rows). They precede that row, which has no value 4.

/// `.U128`: 16 bytes (SPA 5.0: "illegal"; the executor raises `invalid_instruction`).
const U128: &[ModVal] = &[ty(4, ".U128", 16, false)];

/// `.F16x2.FTZ.RN`: a pair of f16 values in 4 bytes (ADD, MIN, MAX half by half).
pub(crate) const F16X2: &[ModVal] = &[f16x2(".F16x2.FTZ.RN", &[])];

/// The Pascal SMs' spelling of type 4, `.F16x2.RN` (nvdisasm -b SM60/SM61/SM62); SM52's
/// `.F16x2.FTZ.RN` is accepted as an alias. The Pascal rows of type 4 are rows of their
/// own, `since: Sm60`, beside SM52's (`until: Sm52`).
pub(crate) const F16X2_P: &[ModVal] = &[f16x2(".F16x2.RN", &[".F16x2.FTZ.RN"])];

const fn f16x2(text: &'static str, aliases: &'static [&'static str]) -> ModVal {
    ModVal {
        value: 4,
        text,
        aliases,
        sem: ValSem::Size(MemSize {
            bytes: 4,
            signed: false,
            invalid: false,
            uniform: false,
            float: false,
            half2: true,
        }),
    }
}

const ATOM_MODS_U128: &[ModGroup] = &[E48, ATOM_OP, atom_types(49, U128)];

const ATOM_MODS_F16X2: &[ModGroup] = &[E48, ATOM_OP, atom_types(49, F16X2)];

const RED_MODS_U128: &[ModGroup] = &[E48, RED_OP, atom_types(20, U128)];

const RED_MODS_F16X2: &[ModGroup] = &[E48, RED_OP, atom_types(20, F16X2)];

const ATOM_MODS_F16X2_P: &[ModGroup] = &[E48, ATOM_OP, atom_types(49, F16X2_P)];

const RED_MODS_F16X2_P: &[ModGroup] = &[E48, RED_OP, atom_types(20, F16X2_P)];

const ATOM_MODS_F64: &[ModGroup] = &[E48, ATOM_OP, atom_types(49, F64)];

const RED_MODS_F64: &[ModGroup] = &[E48, RED_OP, atom_types(20, F64)];

/// `[Ra+imm20]`: the signed byte offset 28-47.
const ATOM_ADDR: OpKind = OpKind::Mem {
    ra: f(8, 8),
    imm: f(28, 20),
};

const ATOM_OPS: &[OpKind] = &[
    reg_reuse(0, true, None),
    ATOM_ADDR,
    reg_reuse(20, false, None),
];

const RED_OPS: &[OpKind] = &[ATOM_ADDR, reg_reuse(0, false, None)];

/// The type code a type row fixes: the one value of its last group.
const fn ty_code(mods: &'static [ModGroup]) -> u8 {
    mods[mods.len() - 1].vals[0].value
}

/// What a type-4 (or type-6) ATOM or RED row names ([`atom_t4`], [`red_t4`]): its form,
/// its modifier groups (the last one the type, whose one value is the type code) and the
/// targets it exists on.
struct T4 {
    form: &'static str,
    mods: &'static [ModGroup],
    since: Target,
    until: Target,
}

/// A type-4 ATOM row (or type 6, by its type group's one value): `Rd, [Ra+imm20], Rb` (the byte offset 28-47), `.E` 48, op 52-55.
const fn atom_t4(r: T4) -> OpSpec {
    let T4 {
        form,
        mods,
        since,
        until,
    } = r;
    OpSpec {
        form,
        since,
        until,
        ..atomic(
            Op::Atom,
            "ATOM",
            0xed << 56 | (ty_code(mods) as u64) << 49,
            0xff << 56 | 7 << 49,
            mods,
            ATOM_OPS,
            0,
            Space::Global,
            MemKind::Atomic,
        )
    }
}

/// A type-4 RED row (or type 6, by its type group's one value): `[Ra+imm20], Rd` (the data register at 0-7), op 23-25; bits 26-27 and
/// 49-50 are ignored, as in the other types' row.
const fn red_t4(r: T4) -> OpSpec {
    let T4 {
        form,
        mods,
        since,
        until,
    } = r;
    OpSpec {
        form,
        since,
        until,
        ..atomic(
            Op::Red,
            "RED",
            0xebf8 << 48 | (ty_code(mods) as u64) << 20,
            0xfff8 << 48 | 7 << 20,
            mods,
            RED_OPS,
            bits(26, 27) | bits(49, 50),
            Space::Global,
            MemKind::Reduction,
        )
    }
}

// ---------------------------------------------------------------------------------------------
// SM52's ATOM with a predicate output (SM50 rejects both opcodes). 0xee6: `ATOM.op.type Pd,
// Rd, [Ra], Rb` with no address offset: Rd 0-7, Ra 8-15 (never `RZ`: nvdisasm rejects it), Rb 20-27, Pd 41-43 (stored as
// 7 - P; 0 prints `PT`), the operation 44-47 (ATOM's codes), `.E` 48, the type 49-51
// (ATOM's codes; 4 is `.F16x2.FTZ.RN`, the row before); bits 28-40 ignored. 0xee7: the CAS
// forms, as ATOM.CAS's (`.64` 49, an `RZ` operand 50 or 51) with Pd 41-43 and bits 28-40,
// 44-47 ignored.

/// The predicate output at 41-43 (7 - P, `PT` printed).
const PD41: OpKind = OpKind::SparsePred { f: f(41, 3) };

/// ATOM's operation at 44-47.
const ATOM_OP44: ModGroup = ModGroup {
    field: f(44, 4),
    ..ATOM_OP
};

/// `[Ra]`: no offset, and nvdisasm rejects `RZ` there.
const ADDR: OpKind = OpKind::MemNoRz { ra: f(8, 8) };

const ATOM_PD_OPS: &[OpKind] = &[PD41, reg(0, true), ADDR, reg(20, false)];

const ATOM_PD_IGN: u64 = bits(28, 40);

const ATOM_PD: u64 = 0xee6 << 52;

const ATOM_CAS_PD: u64 = 0xee7 << 52;

/// An ATOM row with SM52's predicate output: a global atomic (its memory facts), SM52 only.
const fn atom_pd(
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    OpSpec {
        form,
        since: Target::Sm52,
        ..atomic(
            Op::Atom,
            "ATOM",
            opcode,
            mask,
            mods,
            operands,
            ignored,
            Space::Global,
            MemKind::Atomic,
        )
    }
}

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth F ---
    // ATOM/RED type 4 (the general rows list no value 4) and VABSDIFF4 with an
    // immediate B (B's byte select 15 at 28-31, a value of the register form's
    // select field): their opcodes fix those bits, so they decode before the rows
    // that leave them free. VABSDIFF4's B is then an 8-bit immediate at 20-27, printed
    // signed when B is signed (bit 49: `-0x7b`); everything else is the register
    // form's (`docs/research/maxwell-breadth-C.md`).
    atom_t4(T4 { form: "ATOM_U128", mods: ATOM_MODS_U128, since: Target::Sm50, until: Target::Sm50 }),
    atom_t4(T4 { form: "ATOM_F16X2", mods: ATOM_MODS_F16X2, since: Target::Sm52, until: Target::Sm52 }),
    red_t4(T4 { form: "RED_U128", mods: RED_MODS_U128, since: Target::Sm50, until: Target::Sm50 }),
    red_t4(T4 { form: "RED_F16X2", mods: RED_MODS_F16X2, since: Target::Sm52, until: Target::Sm52 }),
    // --- Pascal: type 4 spelled `.F16x2.RN`, type 6 `.F64.RN` ---
    atom_t4(T4 { form: "ATOM_F16X2_P6", mods: ATOM_MODS_F16X2_P, since: Target::Sm60, until: Target::LAST }),
    red_t4(T4 { form: "RED_F16X2_P6", mods: RED_MODS_F16X2_P, since: Target::Sm60, until: Target::LAST }),
    atom_t4(T4 { form: "ATOM_F64", mods: ATOM_MODS_F64, since: Target::Sm60, until: Target::LAST }),
    red_t4(T4 { form: "RED_F64", mods: RED_MODS_F64, since: Target::Sm60, until: Target::LAST }),
    // --- breadth H ---
    OpSpec { until: Target::Sm52, ..atom_pd("ATOM_PD_F16X2", ATOM_PD | 4 << 49, OPC12 | bits(49, 51), &[E48, ATOM_OP44, atom_types(49, F16X2)], ATOM_PD_OPS, ATOM_PD_IGN) },
    OpSpec { since: Target::Sm60, ..atom_pd("ATOM_PD_F16X2_P6", ATOM_PD | 4 << 49, OPC12 | bits(49, 51), &[E48, ATOM_OP44, atom_types(49, F16X2_P)], ATOM_PD_OPS, ATOM_PD_IGN) },
    OpSpec { since: Target::Sm60, ..atom_pd("ATOM_PD_F64", ATOM_PD | 6 << 49, OPC12 | bits(49, 51), &[E48, ATOM_OP44, atom_types(49, F64)], ATOM_PD_OPS, ATOM_PD_IGN) },
    atom_pd("ATOM_PD", ATOM_PD, OPC12, &[E48, ATOM_OP44, atom_types(49, ATOM_TYPES)], ATOM_PD_OPS, ATOM_PD_IGN),
    atom_pd("ATOM_CAS_PD", ATOM_CAS_PD, OPC12 | bits(49, 51), &[E48, CAS, SZ32], &[PD41, reg(0, true), ADDR, pair(20, 0), pair(20, 1)], ATOM_PD_IGN | bits(44, 47)),
    atom_pd(
        "ATOM_CAS64_PD",
        ATOM_CAS_PD | bit(49),
        OPC12 | bits(49, 51),
        &[E48, CAS, SZ64],
        &[PD41, reg(0, true), ADDR, pair(20, 0), pair(20, 2)],
        ATOM_PD_IGN | bits(44, 47),
    ),
    atom_pd(
        "ATOM_CAS_RZ1_PD",
        ATOM_CAS_PD | bit(50),
        OPC12 | bits(50, 51),
        &[E48, CAS, sz64_at(49)],
        &[PD41, reg(0, true), ADDR, reg(20, false), RZ_LIT],
        ATOM_PD_IGN | bits(44, 47),
    ),
    atom_pd(
        "ATOM_CAS_RZ2_PD",
        ATOM_CAS_PD | bit(51),
        OPC12 | bits(50, 51),
        &[E48, CAS, sz64_at(49)],
        &[PD41, reg(0, true), ADDR, RZ_LIT, pair(20, 0)],
        ATOM_PD_IGN | bits(44, 47),
    ),
    // --- breadth B ---
    // Atomics and reductions: ATOM, ATOMS and RED.
    // ATOM: `.E` 48, type 49-51, op 52-55; signed 20-bit byte offset 28-47.
    atomic(
        Op::Atom,
        "ATOM",
        0xed << 56,
        0xff << 56,
        &[E48, ATOM_OP, atom_types(49, ATOM_TYPES)],
        &[
            reg(0, true),
            OpKind::Mem {
                ra: f(8, 8),
                imm: f(28, 20),
            },
            reg(20, false),
        ],
        0,
        Space::Global,
        MemKind::Atomic,
    ),
    // ATOMS: type 28-29, signed 22-bit word offset 30-51, op 52-55.
    atomic(
        Op::Atoms,
        "ATOMS",
        0xec << 56,
        0xff << 56,
        &[ATOMS_OP, atom_types(28, ATOMS_TYPES)],
        &[
            reg(0, true),
            OpKind::MemW {
                ra: f(8, 8),
                imm: f(30, 22),
            },
            reg(20, false),
        ],
        0,
        Space::Shared,
        MemKind::Atomic,
    ),
    // RED: the data register at 0-7 after the address; type 20-22, op 23-25.
    atomic(
        Op::Red,
        "RED",
        0xebf8 << 48,
        OPC,
        &[E48, RED_OP, atom_types(20, ATOM_TYPES)],
        &[
            OpKind::Mem {
                ra: f(8, 8),
                imm: f(28, 20),
            },
            reg(0, false),
        ],
        bits(26, 27) | bits(49, 50),
        Space::Global,
        MemKind::Reduction,
    ),
    // Compare-and-swap: ATOM.CAS and ATOMS.CAS (32- and 64-bit, and the forms with an `RZ` data register).
    named(
        "ATOM_CAS",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC,
            ATOM_CAS_MASK | bit(49),
            &[E48, CAS, SZ32],
            &[reg(0, true), ATOM_CAS_MEM, pair(20, 0), pair(20, 1)],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOM_CAS64",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC | bit(49),
            ATOM_CAS_MASK | bit(49),
            &[E48, CAS, SZ64],
            &[reg(0, true), ATOM_CAS_MEM, pair(20, 0), pair(20, 2)],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOM_CAS_RZ1",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC | bit(50),
            ATOM_CAS_MASK,
            &[E48, CAS, sz64_at(49)],
            &[reg(0, true), ATOM_CAS_MEM, reg(20, false), RZ_LIT],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOM_CAS_RZ2",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC | bit(51),
            ATOM_CAS_MASK,
            &[E48, CAS, sz64_at(49)],
            &[reg(0, true), ATOM_CAS_MEM, RZ_LIT, pair(20, 0)],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC,
            ATOMS_CAS_MASK | bit(52),
            &[ATOMS_CAS_OP, SZ32],
            &[reg(0, true), ATOMS_CAS_MEM, pair(20, 0), pair(20, 1)],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS64",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC | bit(52),
            ATOMS_CAS_MASK | bit(52),
            &[ATOMS_CAS_OP, SZ64],
            &[reg(0, true), ATOMS_CAS_MEM, pair(20, 0), pair(20, 2)],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS_RZ1",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC | bit(28),
            ATOMS_CAS_MASK,
            &[ATOMS_CAS_OP, sz64_at(52)],
            &[reg(0, true), ATOMS_CAS_MEM, reg(20, false), RZ_LIT],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS_RZ2",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC | bit(29),
            ATOMS_CAS_MASK,
            &[ATOMS_CAS_OP, sz64_at(52)],
            &[reg(0, true), ATOMS_CAS_MEM, RZ_LIT, pair(20, 0)],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
];
