//! Loads and stores (LDG, STG, LDL, STL, LDS, STS, LDC, LD, ST), cache control
//! (CCTL, CCTLL) and MEMBAR.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{E, Enc, OPC, bit, bits, f, group, m, row, var};
use super::{
    CacheOp, CctlAction, Flow, Latency, MemFacts, MemKind, MemSize, ModGroup, ModId, ModVal, Op,
    OpKind, OpSpec, RegCount, Space, Target, ValSem,
};
use gpumem_isa::bits::Field;

// ---------------------------------------------------------------------------------------------
// Fields shared by the memory rows.

const RD_F: Field = Field::new(0, 8);

const RA_F: Field = Field::new(8, 8);

const IMM24: Field = Field::new(20, 24);

/// A cache-operator value.
const fn cop(
    value: u8,
    text: &'static str,
    aliases: &'static [&'static str],
    op: CacheOp,
) -> ModVal {
    ModVal {
        value,
        text,
        aliases,
        sem: ValSem::Cache(op),
    }
}

/// A size value of `bytes`, sign-extending when `signed`.
const fn sz(
    value: u8,
    text: &'static str,
    aliases: &'static [&'static str],
    bytes: u8,
    signed: bool,
) -> ModVal {
    ModVal {
        value,
        text,
        aliases,
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

/// A size-field value that names no size (`.INVALIDSIZEn`); it decodes and prints, and
/// executing it faults.
const fn sz_invalid(value: u8, text: &'static str, aliases: &'static [&'static str]) -> ModVal {
    ModVal {
        value,
        text,
        aliases,
        sem: ValSem::Size(MemSize {
            bytes: 16,
            signed: false,
            invalid: true,
            uniform: false,
            float: false,
            half2: false,
        }),
    }
}

/// The eight size values, 0-6 as every memory row spells them, and 7.
const fn sizes(
    u8a: &'static [&'static str],
    u16a: &'static [&'static str],
    v6: ModVal,
    v7: ModVal,
) -> [ModVal; 8] {
    [
        sz(0, ".U8", u8a, 1, false),
        sz(1, ".S8", &[], 1, true),
        sz(2, ".U16", u16a, 2, false),
        sz(3, ".S16", &[], 2, true),
        sz(4, "", &[".32"], 4, false),
        sz(5, ".64", &[], 8, false),
        v6,
        v7,
    ]
}

/// LDG/sparse-LDG cache operators. The seed page: `.CS` maps to `.CA`, `.LU` maps to `.CG`.
const COP_LDG_VALS: &[ModVal] = &[
    cop(0, "", &[".CA", ".CS"], CacheOp::Ca),
    cop(1, ".CG", &[".LU"], CacheOp::Cg),
    cop(2, ".CI", &[], CacheOp::Ci),
    cop(3, ".CV", &[], CacheOp::Cv),
];

const COP_LDG: ModGroup = group(ModId::Cop, Field::new(46, 2), COP_LDG_VALS);

/// Store cache operators (STG at bits 46-47, STL at 44-45).
const COP_ST_VALS: &[ModVal] = &[
    cop(0, "", &[".WB"], CacheOp::Wb),
    cop(1, ".CG", &[], CacheOp::Cg),
    cop(2, ".CS", &[], CacheOp::Cs),
    cop(3, ".WT", &[], CacheOp::Wt),
];

const COP_STG: ModGroup = group(ModId::Cop, Field::new(46, 2), COP_ST_VALS);

const COP_STL: ModGroup = group(ModId::Cop, Field::new(44, 2), COP_ST_VALS);

/// LDL cache operators at bits 44-45 (nvdisasm: default/LU/CI/CV).
const COP_LDL: ModGroup = group(
    ModId::Cop,
    Field::new(44, 2),
    &[
        cop(0, "", &[".CA", ".CS"], CacheOp::Ca),
        cop(1, ".LU", &[], CacheOp::Lu),
        cop(2, ".CI", &[], CacheOp::Ci),
        cop(3, ".CV", &[], CacheOp::Cv),
    ],
);

const SIZE: Field = Field::new(48, 3);

/// LDG (and LD) sizes: 7 is the uniform `.U.128`.
const SZ_LDG_VALS: &[ModVal] = &sizes(
    &[],
    &[],
    sz(6, ".128", &[], 16, false),
    ModVal {
        value: 7,
        text: ".U.128",
        aliases: &[],
        sem: ValSem::Size(MemSize {
            bytes: 16,
            signed: false,
            invalid: false,
            uniform: true,
            float: false,
            half2: false,
        }),
    },
);

const SZ_LDG: ModGroup = group(ModId::Sz, SIZE, SZ_LDG_VALS);

/// Store sizes: the STG page also spells `.8` and `.16`.
const SZ_ST_VALS: &[ModVal] = &sizes(
    &[".8"],
    &[".16"],
    sz(6, ".128", &[], 16, false),
    sz_invalid(7, ".INVALIDSIZE7", &[]),
);

const SZ_ST: ModGroup = group(ModId::Sz, SIZE, SZ_ST_VALS);

const SZ_LDLS: ModGroup = group(
    ModId::Sz,
    SIZE,
    &sizes(
        &[],
        &[],
        sz(6, ".128", &[], 16, false),
        sz_invalid(7, ".INVALIDSIZE7", &[]),
    ),
);

/// LDC sizes: no 128-bit form (the page's ".INVALID").
const SZ_LDC: ModGroup = group(
    ModId::Sz,
    SIZE,
    &sizes(
        &[],
        &[],
        sz_invalid(6, ".INVALIDSIZE6", &[".INVALID"]),
        sz_invalid(7, ".INVALIDSIZE7", &[]),
    ),
);

const LDC_AD: ModGroup = group(
    ModId::Ad,
    Field::new(44, 2),
    &[
        ModVal {
            value: 0,
            text: "",
            aliases: &[".IA"],
            sem: ValSem::None,
        },
        m(1, ".IL"),
        m(2, ".IS"),
        m(3, ".ISL"),
    ],
);

const LDS_U: ModGroup = group(ModId::U, Field::new(44, 1), &[m(0, ""), m(1, ".U")]);

const fn reg_w(f: Field, count: RegCount) -> OpKind {
    OpKind::Reg {
        f,
        write: true,
        count,
        reuse: None,
        neg: None,
        abs: None,
        not: None,
    }
}

const fn reg_r(f: Field, count: RegCount) -> OpKind {
    OpKind::Reg {
        f,
        write: false,
        count,
        reuse: None,
        neg: None,
        abs: None,
        not: None,
    }
}

const MEM24: OpKind = OpKind::Mem {
    ra: RA_F,
    imm: IMM24,
};

const OPC13: u64 = 0xfff8_0000_0000_0000;

#[allow(clippy::too_many_arguments)]
const fn mem_row(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode13: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    since: Target,
    mem: MemFacts,
) -> OpSpec {
    OpSpec {
        op,
        name,
        form,
        opcode: opcode13 << 51,
        mask: OPC13,
        mods,
        operands,
        ignored,
        since,
        until: Target::LAST,
        latency: Latency::Variable,
        mem: Some(mem),
        reuse_ok: 0b1111,
        flow: Flow::Next,
        po: None,
        ctrl_mod: None,
        glued: false,
    }
}

const fn facts(space: Space, kind: MemKind) -> MemFacts {
    MemFacts {
        space,
        generic: false,
        kind,
    }
}

// Generic LD/ST (3-bit opcode at 61-63): .E at 52, size at 53-55, cache at 56-57, a
// trailing predicate at 58-60 and a 32-bit offset at 20-51. Every bit belongs to a field.

const E_GEN: ModGroup = group(ModId::E, Field::new(52, 1), &[m(0, ""), m(1, ".E")]);

/// LD cache operators (nvdisasm: default/CG/CI/CV, as LDG).
const COP_LD: ModGroup = group(ModId::Cop, Field::new(56, 2), COP_LDG_VALS);

/// ST cache operators (default/CG/CS/WT, as STG).
const COP_ST: ModGroup = group(ModId::Cop, Field::new(56, 2), COP_ST_VALS);

const SZ_LD: ModGroup = group(ModId::Sz, Field::new(53, 3), SZ_LDG_VALS);

const SZ_STGEN: ModGroup = group(ModId::Sz, Field::new(53, 3), SZ_ST_VALS);

const MEM32: OpKind = OpKind::Mem {
    ra: RA_F,
    imm: Field::new(20, 32),
};

/// The trailing predicate of LD/ST (bits 58-60, no negation bit; `PT` is not printed).
/// ptxas feeds it the predicate output of the `LEA.HI.X` that builds the 64-bit generic
/// address; the emulator reads it and does not let it change the access (SEMANTICS.md).
const GEN_PRED: OpKind = OpKind::Pred {
    f: Field::new(58, 3),
    neg: None,
    write: false,
    hide_pt: true,
};

const fn gen_row(
    op: Op,
    name: &'static str,
    opcode3: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    kind: MemKind,
) -> OpSpec {
    OpSpec {
        op,
        name,
        form: name,
        opcode: opcode3 << 61,
        mask: 0b111 << 61,
        mods,
        operands,
        ignored: 0,
        since: Target::Sm50,
        until: Target::LAST,
        latency: Latency::Variable,
        mem: Some(MemFacts {
            space: Space::Global,
            generic: true,
            kind,
        }),
        reuse_ok: 0b1111,
        flow: Flow::Next,
        po: None,
        ctrl_mod: None,
        glued: false,
    }
}

// ---------------------------------------------------------------------------------------------
// Cache control. Operation 0 (`QRY1`, printed without a space before the address:
// `CCTL.E.QRY1[R2]`) is not modelled and rejected, as are 6, 8 and the
// `INVALIDCCTLOPn`/`INVALIDCACHETYPEn` codes.

/// CCTL's cache (bits 4-6; 5-7 are nvdisasm's `INVALIDCACHETYPEn`).
pub(crate) const CCTL_CACHE: ModGroup =
    grp!(CacheType, 4, 3, { 0 => "", 1 => ".U", 2 => ".C", 3 => ".I", 4 => ".CRS" });

pub(crate) const CCTL_E: ModGroup = flag!(E, 52, ".E");

/// A CCTL/CCTLL operation value and what it does.
const fn cctl_op(value: u8, text: &'static str, a: CctlAction) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Cctl(a),
    }
}

const CCTL_OP: ModGroup = ModGroup {
    id: ModId::CctlOp,
    field: f(0, 4),
    hi: None,
    vals: &[
        cctl_op(1, ".PF1", CctlAction::Prefetch),
        cctl_op(2, ".PF1.5", CctlAction::Prefetch),
        cctl_op(3, ".PF2", CctlAction::Prefetch),
        cctl_op(4, ".WB", CctlAction::WriteBack),
        cctl_op(5, ".IV", CctlAction::Invalidate),
        cctl_op(7, ".RS", CctlAction::Reset),
        cctl_op(9, ".RSLB", CctlAction::ResetLb),
    ],
    at: None,
    alt: None,
};

// ---------------------------------------------------------------------------------------------
// CCTL.QRY1: operation 0 of CCTL (bits 0-3). Every other field is CCTL's (`.E` 52, cache
// 4-6, the signed word offset 22-51; bits 7, 20-21 ignored); nvdisasm prints the address
// right after the mnemonic (`CCTL.E.C.QRY1[R5+0x14]`), which [`OpSpec::glued`] says. CCTLL
// has no operation 0 (nvdisasm rejects it).

/// `.QRY1`: CCTL's operation 0, fixed by the row.
const QRY1: ModGroup = ModGroup {
    id: ModId::CctlOp,
    field: f(0, 0),
    hi: None,
    vals: &[ModVal {
        value: 0,
        text: ".QRY1",
        aliases: &[],
        sem: ValSem::Cctl(CctlAction::Query),
    }],
    at: None,
    alt: None,
};

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- memory set ---
    // Seed pages 000-003, STL/STS, generic LD/ST.
    mem_row(
        Op::Ldg,
        "LDG",
        "LDG",
        0x1dda,
        &[E, COP_LDG, SZ_LDG],
        &[reg_w(RD_F, RegCount::BySize), MEM24],
        bit(44),
        Target::Sm50,
        facts(Space::Global, MemKind::Load),
    ),
    mem_row(
        Op::Ldg,
        "LDG",
        "LDG_SPARSE",
        0x1dd9,
        &[E, COP_LDG, SZ_LDG],
        &[
            OpKind::SparsePred {
                f: Field::new(41, 3),
            },
            reg_w(RD_F, RegCount::BySize),
            OpKind::Mem {
                ra: RA_F,
                imm: Field::new(20, 20),
            },
        ],
        bit(40) | bit(44),
        Target::Sm52,
        facts(Space::Global, MemKind::Load),
    ),
    mem_row(
        Op::Stg,
        "STG",
        "STG",
        0x1ddb,
        &[E, COP_STG, SZ_ST],
        &[MEM24, reg_r(RD_F, RegCount::BySize)],
        bit(44),
        Target::Sm50,
        facts(Space::Global, MemKind::Store),
    ),
    mem_row(
        Op::Ldl,
        "LDL",
        "LDL",
        0x1de8,
        &[COP_LDL, SZ_LDLS],
        &[reg_w(RD_F, RegCount::BySize), MEM24],
        bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Local, MemKind::Load),
    ),
    mem_row(
        Op::Lds,
        "LDS",
        "LDS",
        0x1de9,
        &[LDS_U, SZ_LDLS],
        &[reg_w(RD_F, RegCount::BySize), MEM24],
        bit(45) | bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Shared, MemKind::Load),
    ),
    mem_row(
        Op::Stl,
        "STL",
        "STL",
        0x1dea,
        &[COP_STL, SZ_ST],
        &[MEM24, reg_r(RD_F, RegCount::BySize)],
        bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Local, MemKind::Store),
    ),
    mem_row(
        Op::Sts,
        "STS",
        "STS",
        0x1deb,
        &[SZ_ST],
        &[MEM24, reg_r(RD_F, RegCount::BySize)],
        bit(44) | bit(45) | bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Shared, MemKind::Store),
    ),
    mem_row(
        Op::Ldc,
        "LDC",
        "LDC",
        0x1df2,
        &[SZ_LDC, LDC_AD],
        &[
            reg_w(RD_F, RegCount::BySize),
            OpKind::ConstMem {
                bank: Field::new(36, 5),
                ra: RA_F,
                imm: Field::new(20, 16),
            },
        ],
        bit(41) | bit(42) | bit(43) | bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Constant, MemKind::Load),
    ),
    gen_row(Op::Ld, "LD", 0b100, &[E_GEN, COP_LD, SZ_LD], &[reg_w(RD_F, RegCount::BySize), MEM32, GEN_PRED], MemKind::Load),
    gen_row(Op::St, "ST", 0b101, &[E_GEN, COP_ST, SZ_STGEN], &[MEM32, reg_r(RD_F, RegCount::BySize), GEN_PRED], MemKind::Store),
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    var(Enc { op: Op::Membar, name: "MEMBAR", form: "MEMBAR", opcode: 0xef98 << 48, mask: OPC | bits(0, 1), mods: &[grp!(Level, 8, 2, { 0 => ".CTA", 1 => ".GL", 2 => ".SYS", 3 => ".VC" })], operands: &[], ignored: bits(2, 7) | bits(10, 15) | bits(20, 50) }),
    // --- breadth B ---
    // MEMBAR with an invalidation (`.IVALLD`, ...) and BAR.
    // MEMBAR with an invalidation (bits 0-1 non-zero; the plain form is a row of its own).
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Membar, name: "MEMBAR", form: "MEMBAR_IV", opcode: 0xef98 << 48, mask: OPC, mods: &[grp!(Level, 8, 2, { 0 => ".CTA", 1 => ".GL", 2 => ".SYS", 3 => ".VC" }), grp!(Ivall, 0, 2, { 1 => ".IVALLD", 2 => ".IVALLT", 3 => ".IVALLTD" })], operands: &[], ignored: bits(2, 7) | bits(10, 15) | bits(20, 50) }) },
    // --- breadth H ---
    // CCTL.QRY1 (the general row has no operation 0) and the ATOM forms with a
    // predicate output (ATOMS.CAS's row, operation 3 at 53-54, which it rejects, also
    // matches their words): their opcodes fix more bits, so they decode first.
    OpSpec { glued: true, ..row(Enc { op: Op::Cctl, name: "CCTL", form: "CCTL_QRY1", opcode: 0xef6 << 52, mask: 0xffe0_0000_0000_0000 | bits(0, 3), mods: &[CCTL_E, CCTL_CACHE, QRY1], operands: &[OpKind::MemW { ra: f(8, 8), imm: f(22, 30) }], ignored: bit(7) | bits(20, 21) }, crate::table::Latency::Variable, crate::table::Flow::Next) },
    // --- breadth B ---
    // Cache control: CCTL and CCTLL.
    // CCTL: `.E` 52, cache 4-6, op 0-3, signed 30-bit word offset 22-51.
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Cctl, name: "CCTL", form: "CCTL", opcode: 0xef6 << 52, mask: 0xffe0_0000_0000_0000, mods: &[CCTL_E, CCTL_CACHE, CCTL_OP], operands: &[OpKind::MemW { ra: f(8, 8), imm: f(22, 30) }], ignored: bit(7) | bits(20, 21) }) },
    // CCTLL: op 0-3, cache bits 4-5 must be 0, signed 22-bit word offset 22-43.
    OpSpec { reuse_ok: 0b1111, ..var(Enc { op: Op::Cctll, name: "CCTLL", form: "CCTLL", opcode: 0xef80 << 48, mask: OPC | bits(4, 5), mods: &[CCTL_OP], operands: &[OpKind::MemW { ra: f(8, 8), imm: f(22, 22) }], ignored: bits(6, 7) | bits(20, 21) | bits(44, 50) }) },
];
