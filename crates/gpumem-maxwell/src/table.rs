//! The Maxwell specification table: one row per encoding.
//!
//! Every other part of the crate derives from these rows: the decoder matches
//! `opcode`/`mask`, the encoder and the printer walk `mods` and `operands` in
//! order, the parser matches spellings against them, and the emulator reads
//! `mem` for the memory facts. Bit positions come from
//! `shared/spec/maxwell-encoding.md`, verified against nvdisasm 11.8.

use gpumem_isa::bits::Field;

/// The GPU generation an encoding is valid on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// Maxwell GM10x (`SM50`).
    Sm50,
    /// Maxwell GM20x (`SM52`); adds the sparse-status LDG.
    Sm52,
}

impl Target {
    pub const ALL: [Target; 2] = [Target::Sm50, Target::Sm52];

    /// nvdisasm's `-b` spelling.
    pub fn nvdisasm_name(self) -> &'static str {
        match self {
            Target::Sm50 => "SM50",
            Target::Sm52 => "SM52",
        }
    }
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "sm_50" | "sm50" => Ok(Target::Sm50),
            "sm_52" | "sm52" => Ok(Target::Sm52),
            _ => Err(format!(
                "unknown Maxwell target `{s}` (expected sm_50 or sm_52)"
            )),
        }
    }
}

/// One value of a modifier field and how it is spelled.
#[derive(Debug)]
pub struct ModVal {
    pub value: u8,
    /// nvdisasm's spelling, with the leading dot; `""` for the default (printed as nothing).
    pub text: &'static str,
    /// Other spellings the parser accepts for the same value (the seed pages' explicit
    /// defaults such as `.32`, `.CA`, `.IA`, `.WB`, and their aliases `.CS`, `.LU`, `.8`).
    pub aliases: &'static [&'static str],
}

/// A modifier field: one group of mutually exclusive `.XX` suffixes.
#[derive(Debug)]
pub struct ModGroup {
    pub name: &'static str,
    pub field: Field,
    /// A second field holding the value's high bits (`value = field | hi << field.width`),
    /// for modifiers split over two places (I2F's source sign and size).
    pub hi: Option<Field>,
    /// Values that exist; a decoded value not listed here is an invalid word.
    pub vals: &'static [ModVal],
    /// `Some(i)`: the spelling is a suffix of operand `i` (`R2.CC`, `R4.H1`, `0x1.NEG`)
    /// instead of the mnemonic.
    pub at: Option<u8>,
    /// Other spellings of the same values, used while another group of the row has a
    /// given value (I2F/I2I byte selects: `.H1`/`.INVALIDSIZEn` for a 16-bit source).
    pub alt: Option<AltSpelling>,
}

/// Spellings of a [`ModGroup`] that depend on another group: they replace `vals` when
/// `mods[group] & mask == eq`. They must list the same values as `vals`.
#[derive(Debug)]
pub struct AltSpelling {
    pub group: u8,
    pub mask: u8,
    pub eq: u8,
    pub vals: &'static [ModVal],
}

impl ModGroup {
    /// The spellings in force for an instruction whose modifier values are `mods`.
    pub fn vals_for(&self, mods: &[u8]) -> &'static [ModVal] {
        match &self.alt {
            Some(a)
                if mods
                    .get(a.group as usize)
                    .is_some_and(|m| m & a.mask == a.eq) =>
            {
                a.vals
            }
            _ => self.vals,
        }
    }

    /// `value`'s spelling for an instruction whose modifier values are `mods`.
    pub fn spell(&self, mods: &[u8], value: u8) -> Option<&'static ModVal> {
        self.vals_for(mods).iter().find(|v| v.value == value)
    }

    /// The value printed as nothing, chosen when the source names none.
    pub fn default_value(&self) -> u8 {
        self.vals
            .iter()
            .find(|v| v.text.is_empty())
            .map(|v| v.value)
            .unwrap_or(0)
    }

    pub fn lookup(&self, value: u8) -> Option<&ModVal> {
        self.vals.iter().find(|v| v.value == value)
    }

    pub fn get(&self, word: u64) -> u8 {
        let lo = self.field.get(word);
        (match self.hi {
            Some(h) => lo | (h.get(word) << self.field.width),
            None => lo,
        }) as u8
    }

    pub fn put(&self, word: u64, value: u8) -> u64 {
        let w = self.field.put(word, value as u64);
        match self.hi {
            Some(h) => h.put(w, (value as u64) >> self.field.width),
            None => w,
        }
    }

    pub fn mask(&self) -> u64 {
        self.field.mask() | self.hi.map(|h| h.mask()).unwrap_or(0)
    }
}

/// How many consecutive registers a register operand names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegCount {
    One,
    Two,
    /// Given by the row's memory size (1, 2 or 4 registers).
    BySize,
}

/// The kinds of operand, each with the fields that hold it.
#[derive(Clone, Copy, Debug)]
pub enum OpKind {
    /// A general register `R0`..`R254`, `RZ` (255). `reuse` is the control-word reuse
    /// slot that the operand's `.reuse` flag lives in (ALU ops only).
    Reg {
        f: Field,
        write: bool,
        count: RegCount,
        reuse: Option<u8>,
        neg: Option<Field>,
        abs: Option<Field>,
        not: Option<Field>,
    },
    /// A predicate `P0`..`P6`, `PT` (7), with an optional `!` bit. With `hide_pt`, `PT`
    /// is not printed (LEA's and LOP's carry-out predicate) and may be left out in source.
    Pred {
        f: Field,
        neg: Option<Field>,
        write: bool,
        hide_pt: bool,
    },
    /// The sparse-status predicate `Ps`, stored inverted (7 - index).
    SparsePred { f: Field },
    /// `[Ra + simm]`; with `RZ` the immediate is unsigned (zero-extended).
    Mem { ra: Field, imm: Field },
    /// `c[bank][Ra + simm16]` of LDC; with `RZ` the immediate prints signed.
    ConstMem { bank: Field, ra: Field, imm: Field },
    /// `c[bank][offset]` ALU operand: offset field counts 32-bit words (signed), printed in
    /// bytes; `spaced` prints `c[0x0] [0x8]` as nvdisasm does for XMAD, I2F, F2I, I2I.
    ConstOperand {
        bank: Field,
        off: Field,
        neg: Option<Field>,
        abs: Option<Field>,
        not: Option<Field>,
        spaced: bool,
    },
    /// A 20-bit integer immediate: low 19 bits at `f`, sign at `sign`, printed signed.
    Imm20 { f: Field, sign: Field },
    /// The same 20 bits printed unsigned (IADD3's immediate: `0xfffff`).
    UImm20 { f: Field, sign: Field },
    /// A 20-bit float immediate: the high 19 bits of an f32 at `f`, sign at `sign`.
    FImm20 { f: Field, sign: Field },
    /// A plain unsigned immediate printed in hex; not printed (and optional in source)
    /// when it equals `hide`. With `signed_if: Some((g, m))` it prints as a signed number
    /// when modifier group `g` has a bit of `m` set (XMAD's `.S16` second operand).
    UImm {
        f: Field,
        hide: Option<u64>,
        signed_if: Option<(u8, u8)>,
    },
    /// A 32-bit immediate printed as signed hex (`-0x1` for 0xffffffff) when `signed`.
    Imm32 { f: Field, signed: bool },
    /// A 32-bit float immediate.
    FImm32 { f: Field },
    /// A branch target: signed byte offset from the next instruction, printed absolute.
    Target { f: Field },
    /// A special register of S2R.
    SReg { f: Field },
    /// The condition-code test of BRA/EXIT (`CC.NUM` etc.); `T` (15) is not printed.
    CondCode { f: Field },
    /// A scoreboard `SBn` of DEPBAR.
    Scoreboard { f: Field },
    /// DEPBAR's set of further scoreboards to wait for, bit i = `SBi`, printed `{5,4,2,0}`
    /// (highest first); not printed (and optional in source) when empty.
    SbSet { f: Field },
    /// A branch address read from a constant bank, `c[bank][offset]` with a signed byte
    /// offset (BRA's and SSY's constant-bank target, bit 5).
    ConstAddr { bank: Field, off: Field },
}

impl OpKind {
    /// Every field the operand owns.
    pub fn fields(&self) -> impl Iterator<Item = Field> {
        let list: [Option<Field>; 5] = match *self {
            OpKind::Reg {
                f, neg, abs, not, ..
            } => [Some(f), neg, abs, not, None],
            OpKind::Pred { f, neg, .. } => [Some(f), neg, None, None, None],
            OpKind::ConstOperand {
                bank,
                off,
                neg,
                abs,
                not,
                ..
            } => [Some(bank), Some(off), neg, abs, not],
            OpKind::SparsePred { f }
            | OpKind::UImm { f, .. }
            | OpKind::Imm32 { f, .. }
            | OpKind::FImm32 { f }
            | OpKind::Target { f }
            | OpKind::SReg { f }
            | OpKind::CondCode { f }
            | OpKind::Scoreboard { f }
            | OpKind::SbSet { f } => [Some(f), None, None, None, None],
            OpKind::ConstAddr { bank, off } => [Some(bank), Some(off), None, None, None],
            OpKind::Mem { ra, imm } => [Some(ra), Some(imm), None, None, None],
            OpKind::ConstMem { bank, ra, imm } => [Some(bank), Some(ra), Some(imm), None, None],
            OpKind::Imm20 { f, sign } | OpKind::UImm20 { f, sign } | OpKind::FImm20 { f, sign } => {
                [Some(f), Some(sign), None, None, None]
            }
        };
        list.into_iter().flatten()
    }
}

pub use gpumem_isa::Space;

/// What a memory instruction does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemKind {
    Load,
    Store,
}

/// The memory facts of a row: which modifier groups give the size, cache operator and `.E`.
#[derive(Clone, Copy, Debug)]
pub struct MemFacts {
    /// The state space; for a generic access (`generic`), the space of an address that
    /// falls in neither the shared nor the local window (global).
    pub space: Space,
    /// The address is generic (LD/ST): each lane's address resolves at run time to the
    /// shared window, the local window or global memory (`gpumem_isa::Space` keeps the
    /// four real spaces; a generic access is not a fifth).
    pub generic: bool,
    pub kind: MemKind,
    /// Index into `mods` of the size group.
    pub size: usize,
    /// Index into `mods` of the cache-operator group, if any.
    pub cache: Option<usize>,
    /// Index into `mods` of the `.E` group, if any.
    pub wide: Option<usize>,
    /// Index into `mods` of the LDC address-mode group, if any.
    pub ldc_mode: Option<usize>,
}

/// Whether an op may carry scoreboard barriers (variable latency) in its control slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Latency {
    /// Fixed-latency: nvdisasm rejects a read or write barrier other than 7.
    Fixed,
    /// Variable-latency: any barrier 0..7 is accepted.
    Variable,
}

/// One encoding of the Maxwell ISA.
#[derive(Debug)]
pub struct OpSpec {
    /// The mnemonic, e.g. `LDG`.
    pub name: &'static str,
    /// A unique name for the encoding (`IADD_R`, `IADD_I`, ...).
    pub form: &'static str,
    /// Fixed bits (under `mask`).
    pub opcode: u64,
    pub mask: u64,
    /// Modifier groups, in nvdisasm's print order.
    pub mods: &'static [ModGroup],
    /// Operands, in print order.
    pub operands: &'static [OpKind],
    /// Bits nvdisasm ignores; the encoder writes 0 there.
    pub ignored: u64,
    /// The first target the encoding exists on.
    pub since: Target,
    pub latency: Latency,
    pub mem: Option<MemFacts>,
    /// The reuse flags nvdisasm accepts in the control word (bit i = slot i); they are
    /// printed as `.reuse` only on fixed-latency ops.
    pub reuse_ok: u8,
    /// Whether the op ends a basic block (used to pad and to analyse control flow).
    pub flow: Flow,
    /// Two bits that, both set, nvdisasm prints as `.PO` ("plus one") instead of two
    /// negations (IADD, ISCADD, IADD32I).
    pub po: Option<(u8, u8)>,
}

impl PartialEq for OpSpec {
    fn eq(&self, other: &Self) -> bool {
        self.form == other.form
    }
}
impl Eq for OpSpec {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Next,
    Branch,
    Exit,
    Sync,
    Barrier,
}

/// The guard predicate `@P` of every instruction: bits 16-18 index, bit 19 negate.
pub const GUARD: Field = Field::new(16, 3);
pub const GUARD_NEG: Field = Field::new(19, 1);

/// Byte size of a memory size-field value (0 U8, 1 S8, 2 U16, 3 S16, 4 32, 5 64, 6 128, 7 U.128).
pub fn size_bytes(value: u8) -> u32 {
    match value {
        0 | 1 => 1,
        2 | 3 => 2,
        4 => 4,
        5 => 8,
        _ => 16,
    }
}

/// Whether a size-field value sign-extends.
pub fn size_signed(value: u8) -> bool {
    matches!(value, 1 | 3)
}

// ---------------------------------------------------------------------------------------------
// Fields shared by the memory rows.

const RD: Field = Field::new(0, 8);
const RA: Field = Field::new(8, 8);
const IMM24: Field = Field::new(20, 24);

const fn m(value: u8, text: &'static str) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
    }
}
const fn ma(value: u8, text: &'static str, aliases: &'static [&'static str]) -> ModVal {
    ModVal {
        value,
        text,
        aliases,
    }
}

const E: ModGroup = ModGroup {
    name: "E",
    field: Field::new(45, 1),
    hi: None,
    at: None,
    alt: None,
    vals: &[m(0, ""), m(1, ".E")],
};

/// LDG/sparse-LDG cache operators. The seed page: `.CS` maps to `.CA`, `.LU` maps to `.CG`.
const COP_LDG: ModGroup = ModGroup {
    name: "cop",
    field: Field::new(46, 2),
    hi: None,
    at: None,
    alt: None,
    vals: &[
        ma(0, "", &[".CA", ".CS"]),
        ma(1, ".CG", &[".LU"]),
        m(2, ".CI"),
        m(3, ".CV"),
    ],
};

/// Store cache operators (STG at bits 46-47, STL at 44-45).
const COP_ST_VALS: &[ModVal] = &[ma(0, "", &[".WB"]), m(1, ".CG"), m(2, ".CS"), m(3, ".WT")];
const COP_STG: ModGroup = ModGroup {
    name: "cop",
    field: Field::new(46, 2),
    hi: None,
    at: None,
    alt: None,
    vals: COP_ST_VALS,
};
const COP_STL: ModGroup = ModGroup {
    name: "cop",
    field: Field::new(44, 2),
    hi: None,
    at: None,
    alt: None,
    vals: COP_ST_VALS,
};

/// LDL cache operators at bits 44-45 (nvdisasm: default/LU/CI/CV).
const COP_LDL: ModGroup = ModGroup {
    name: "cop",
    field: Field::new(44, 2),
    hi: None,
    at: None,
    alt: None,
    vals: &[
        ma(0, "", &[".CA", ".CS"]),
        m(1, ".LU"),
        m(2, ".CI"),
        m(3, ".CV"),
    ],
};

const SIZE: Field = Field::new(48, 3);

const SZ_LDG: ModGroup = ModGroup {
    name: "sz",
    field: SIZE,
    hi: None,
    at: None,
    alt: None,
    vals: &[
        m(0, ".U8"),
        m(1, ".S8"),
        m(2, ".U16"),
        m(3, ".S16"),
        ma(4, "", &[".32"]),
        m(5, ".64"),
        m(6, ".128"),
        m(7, ".U.128"),
    ],
};

/// Store sizes: the STG page also spells `.8` and `.16`.
const SZ_ST: ModGroup = ModGroup {
    name: "sz",
    field: SIZE,
    hi: None,
    at: None,
    alt: None,
    vals: &[
        ma(0, ".U8", &[".8"]),
        m(1, ".S8"),
        ma(2, ".U16", &[".16"]),
        m(3, ".S16"),
        ma(4, "", &[".32"]),
        m(5, ".64"),
        m(6, ".128"),
        m(7, ".INVALIDSIZE7"),
    ],
};

const SZ_LDLS: ModGroup = ModGroup {
    name: "sz",
    field: SIZE,
    hi: None,
    at: None,
    alt: None,
    vals: &[
        m(0, ".U8"),
        m(1, ".S8"),
        m(2, ".U16"),
        m(3, ".S16"),
        ma(4, "", &[".32"]),
        m(5, ".64"),
        m(6, ".128"),
        m(7, ".INVALIDSIZE7"),
    ],
};

/// LDC sizes: no 128-bit form (the page's ".INVALID").
const SZ_LDC: ModGroup = ModGroup {
    name: "sz",
    field: SIZE,
    hi: None,
    at: None,
    alt: None,
    vals: &[
        m(0, ".U8"),
        m(1, ".S8"),
        m(2, ".U16"),
        m(3, ".S16"),
        ma(4, "", &[".32"]),
        m(5, ".64"),
        ma(6, ".INVALIDSIZE6", &[".INVALID"]),
        m(7, ".INVALIDSIZE7"),
    ],
};

const LDC_AD: ModGroup = ModGroup {
    name: "ad",
    field: Field::new(44, 2),
    hi: None,
    at: None,
    alt: None,
    vals: &[ma(0, "", &[".IA"]), m(1, ".IL"), m(2, ".IS"), m(3, ".ISL")],
};

const LDS_U: ModGroup = ModGroup {
    name: "U",
    field: Field::new(44, 1),
    hi: None,
    at: None,
    alt: None,
    vals: &[m(0, ""), m(1, ".U")],
};

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

const MEM24: OpKind = OpKind::Mem { ra: RA, imm: IMM24 };
const OPC13: u64 = 0xfff8_0000_0000_0000;

const fn bit(n: u8) -> u64 {
    1 << n
}

#[allow(clippy::too_many_arguments)]
const fn mem_row(
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
        name,
        form,
        opcode: opcode13 << 51,
        mask: OPC13,
        mods,
        operands,
        ignored,
        since,
        latency: Latency::Variable,
        mem: Some(mem),
        reuse_ok: 0b1111,
        flow: Flow::Next,
        po: None,
    }
}

const fn facts(
    space: Space,
    kind: MemKind,
    size: usize,
    cache: Option<usize>,
    wide: Option<usize>,
) -> MemFacts {
    MemFacts {
        space,
        generic: false,
        kind,
        size,
        cache,
        wide,
        ldc_mode: None,
    }
}

// Generic LD/ST (3-bit opcode at 61-63): .E at 52, size at 53-55, cache at 56-57, a
// trailing predicate at 58-60 and a 32-bit offset at 20-51. Every bit belongs to a field.

const E_GEN: ModGroup = ModGroup {
    name: "E",
    field: Field::new(52, 1),
    hi: None,
    at: None,
    alt: None,
    vals: &[m(0, ""), m(1, ".E")],
};

/// LD cache operators (nvdisasm: default/CG/CI/CV, as LDG).
const COP_LD: ModGroup = ModGroup {
    name: "cop",
    field: Field::new(56, 2),
    hi: None,
    at: None,
    alt: None,
    vals: COP_LDG.vals,
};

/// ST cache operators (default/CG/CS/WT, as STG).
const COP_ST: ModGroup = ModGroup {
    name: "cop",
    field: Field::new(56, 2),
    hi: None,
    at: None,
    alt: None,
    vals: COP_ST_VALS,
};

const SZ_LD: ModGroup = ModGroup {
    name: "sz",
    field: Field::new(53, 3),
    hi: None,
    at: None,
    alt: None,
    vals: SZ_LDG.vals,
};

const SZ_STGEN: ModGroup = ModGroup {
    name: "sz",
    field: Field::new(53, 3),
    hi: None,
    at: None,
    alt: None,
    vals: SZ_ST.vals,
};

const MEM32: OpKind = OpKind::Mem {
    ra: RA,
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
    name: &'static str,
    opcode3: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    kind: MemKind,
) -> OpSpec {
    OpSpec {
        name,
        form: name,
        opcode: opcode3 << 61,
        mask: 0b111 << 61,
        mods,
        operands,
        ignored: 0,
        since: Target::Sm50,
        latency: Latency::Variable,
        mem: Some(MemFacts {
            space: Space::Global,
            generic: true,
            kind,
            size: 2,
            cache: Some(1),
            wide: Some(0),
            ldc_mode: None,
        }),
        reuse_ok: 0b1111,
        flow: Flow::Next,
        po: None,
    }
}

/// The memory rows (seed pages 000-003, plus STL/STS, plus generic LD/ST).
pub static MEMORY_OPS: &[OpSpec] = &[
    mem_row(
        "LDG",
        "LDG",
        0x1dda,
        &[E, COP_LDG, SZ_LDG],
        &[reg_w(RD, RegCount::BySize), MEM24],
        bit(44),
        Target::Sm50,
        facts(Space::Global, MemKind::Load, 2, Some(1), Some(0)),
    ),
    mem_row(
        "LDG",
        "LDG_SPARSE",
        0x1dd9,
        &[E, COP_LDG, SZ_LDG],
        &[
            OpKind::SparsePred {
                f: Field::new(41, 3),
            },
            reg_w(RD, RegCount::BySize),
            OpKind::Mem {
                ra: RA,
                imm: Field::new(20, 20),
            },
        ],
        bit(40) | bit(44),
        Target::Sm52,
        facts(Space::Global, MemKind::Load, 2, Some(1), Some(0)),
    ),
    mem_row(
        "STG",
        "STG",
        0x1ddb,
        &[E, COP_STG, SZ_ST],
        &[MEM24, reg_r(RD, RegCount::BySize)],
        bit(44),
        Target::Sm50,
        facts(Space::Global, MemKind::Store, 2, Some(1), Some(0)),
    ),
    mem_row(
        "LDL",
        "LDL",
        0x1de8,
        &[COP_LDL, SZ_LDLS],
        &[reg_w(RD, RegCount::BySize), MEM24],
        bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Local, MemKind::Load, 1, Some(0), None),
    ),
    mem_row(
        "LDS",
        "LDS",
        0x1de9,
        &[LDS_U, SZ_LDLS],
        &[reg_w(RD, RegCount::BySize), MEM24],
        bit(45) | bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Shared, MemKind::Load, 1, None, None),
    ),
    mem_row(
        "STL",
        "STL",
        0x1dea,
        &[COP_STL, SZ_ST],
        &[MEM24, reg_r(RD, RegCount::BySize)],
        bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Local, MemKind::Store, 1, Some(0), None),
    ),
    mem_row(
        "STS",
        "STS",
        0x1deb,
        &[SZ_ST],
        &[MEM24, reg_r(RD, RegCount::BySize)],
        bit(44) | bit(45) | bit(46) | bit(47),
        Target::Sm50,
        facts(Space::Shared, MemKind::Store, 0, None, None),
    ),
    mem_row(
        "LDC",
        "LDC",
        0x1df2,
        &[SZ_LDC, LDC_AD],
        &[
            reg_w(RD, RegCount::BySize),
            OpKind::ConstMem {
                bank: Field::new(36, 5),
                ra: RA,
                imm: Field::new(20, 16),
            },
        ],
        bit(41) | bit(42) | bit(43) | bit(46) | bit(47),
        Target::Sm50,
        MemFacts {
            space: Space::Constant,
            generic: false,
            kind: MemKind::Load,
            size: 0,
            cache: None,
            wide: None,
            ldc_mode: Some(1),
        },
    ),
    gen_row(
        "LD",
        0b100,
        &[E_GEN, COP_LD, SZ_LD],
        &[reg_w(RD, RegCount::BySize), MEM32, GEN_PRED],
        MemKind::Load,
    ),
    gen_row(
        "ST",
        0b101,
        &[E_GEN, COP_ST, SZ_STGEN],
        &[MEM32, reg_r(RD, RegCount::BySize), GEN_PRED],
        MemKind::Store,
    ),
];
