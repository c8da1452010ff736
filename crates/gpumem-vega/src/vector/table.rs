//! The one specification table of gfx9 vector ALU instructions.
//!
//! One [`VInstDef`] row per encoding (an instruction with an `_e32` and an `_e64` form
//! has two rows, side by side in its family's file, with one operation id [`VOp`]): the
//! mnemonic llvm-mc prints, the encoding [`VFormat`] and opcode, the operands in assembly
//! order (each names its field, how the field is read and whether it is written), the
//! VOP3 modifiers the row owns ([`Mods`]), the implicit register uses and the targets.
//! The decoder, the printer, the encoder and the parser read only this table.
//!
//! The rows were derived from llvm-mc 19 by probing every opcode of each encoding
//! (`scripts/gen-vector-table.py`: mnemonic, operand widths, how each source prints its
//! literals and inline constants, which VOP3 modifier bits are owned, must be zero or
//! are ignored); the random-word differential (`tests/vector_random.rs`) checks them.
//! Files by encoding family: `vop1.rs`, `vop2.rs`, `vopc.rs`, `vop3.rs` (the VOP3 forms
//! of VOP1/VOP2/VOPC rows and the VOP3-only instructions).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::table::{ALL_TARGETS, Implicit, Target};

pub use super::vop::VOp;

/// Vector encoding format (Vega ISA chapter 12 names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VFormat {
    /// `0111111 VDST[24:17] OP[16:9] SRC0[8:0]`.
    Vop1,
    /// `0 OP[30:25] VDST[24:17] VSRC1[16:9] SRC0[8:0]`.
    Vop2,
    /// `0111110 OP[24:17] VSRC1[16:9] SRC0[8:0]`.
    Vopc,
    /// `110100 OP[25:16] CLAMP[15] OP_SEL[14:11] ABS[10:8] VDST[7:0] |
    /// NEG[63:61] OMOD[60:59] SRC2[58:50] SRC1[49:41] SRC0[40:32]`; VOP3b rows keep an
    /// SDST in bits 14:8 instead of OP_SEL and ABS.
    Vop3,
    /// Local and global data share: `110110 OP[24:17] GDS[16] OFFSET1[15:8] OFFSET0[7:0] |
    /// VDST[63:56] DATA1[55:48] DATA0[47:40] ADDR[39:32]`.
    Ds,
    /// FLAT, SCRATCH and GLOBAL memory: `110111 OP[24:18] SLC[17] GLC[16] SEG[15:14]
    /// LDS[13] OFFSET[12:0] | VDST[63:56] NV[55] SADDR[54:48] DATA[47:40] ADDR[39:32]`.
    /// A row's opcode is SEG:OP (9 bits).
    Flat,
    /// Untyped buffer access: `111000 OP[24:18] SLC[17] LDS[16] GLC[14] IDXEN[13] OFFEN[12]
    /// OFFSET[11:0] | SOFFSET[63:56] TFE[55] SRSRC[52:48] VDATA[47:40] VADDR[39:32]`.
    Mubuf,
    /// Typed buffer access: `111010 NFMT[25:23] DFMT[22:19] OP[18:15] GLC[14] IDXEN[13]
    /// OFFEN[12] OFFSET[11:0] | SOFFSET[63:56] TFE[55] SLC[54] SRSRC[52:48] VDATA[47:40]
    /// VADDR[39:32]`.
    Mtbuf,
}

impl VFormat {
    /// All formats, in decode order (longest fixed prefix first).
    pub const ALL: [VFormat; 8] = [
        VFormat::Vop1,
        VFormat::Vopc,
        VFormat::Vop3,
        VFormat::Ds,
        VFormat::Flat,
        VFormat::Mubuf,
        VFormat::Mtbuf,
        VFormat::Vop2,
    ];

    /// (mask, value) of the fixed encoding bits of dword 0.
    pub const fn fixed(self) -> (u32, u32) {
        match self {
            VFormat::Vop1 => (0xFE00_0000, 0x7E00_0000),
            VFormat::Vopc => (0xFE00_0000, 0x7C00_0000),
            VFormat::Vop2 => (0x8000_0000, 0x0000_0000),
            VFormat::Vop3 => (0xFC00_0000, 0xD000_0000),
            VFormat::Ds => (0xFC00_0000, 0xD800_0000),
            VFormat::Flat => (0xFC00_0000, 0xDC00_0000),
            VFormat::Mubuf => (0xFC00_0000, 0xE000_0000),
            VFormat::Mtbuf => (0xFC00_0000, 0xE800_0000),
        }
    }

    /// Bit position and width of the opcode field in dword 0.
    pub const fn opcode_field(self) -> (u32, u32) {
        match self {
            VFormat::Vop1 => (9, 8),
            VFormat::Vop2 => (25, 6),
            VFormat::Vopc => (17, 8),
            VFormat::Vop3 => (16, 10),
            VFormat::Ds => (17, 8),
            VFormat::Flat | VFormat::Mubuf => (18, 7),
            VFormat::Mtbuf => (15, 4),
        }
    }

    /// A row's opcode in a word: the OP field, and for FLAT the segment above it.
    pub const fn opcode_of(self, w0: u32) -> u16 {
        let (lo, width) = self.opcode_field();
        let op = ((w0 >> lo) & ((1 << width) - 1)) as u16;
        match self {
            VFormat::Flat => ((w0 >> 14) & 3) as u16 * 128 + op,
            _ => op,
        }
    }

    /// The bits of dword 0 that hold a row's `opcode` (the inverse of [`Self::opcode_of`]).
    pub const fn opcode_bits(self, opcode: u16) -> u32 {
        let (lo, width) = self.opcode_field();
        let op = (opcode as u32 & ((1 << width) - 1)) << lo;
        match self {
            VFormat::Flat => op | ((opcode as u32 >> 7) & 3) << 14,
            _ => op,
        }
    }

    /// How many opcodes the format has.
    pub const fn opcodes(self) -> usize {
        match self {
            VFormat::Flat => 512,
            _ => 1 << self.opcode_field().1,
        }
    }

    /// Number of instruction dwords without a literal.
    pub const fn base_dwords(self) -> usize {
        match self {
            VFormat::Vop3 | VFormat::Ds | VFormat::Flat | VFormat::Mubuf | VFormat::Mtbuf => 2,
            _ => 1,
        }
    }

    /// The format's name as in the ISA manual.
    pub const fn name(self) -> &'static str {
        match self {
            VFormat::Vop1 => "VOP1",
            VFormat::Vop2 => "VOP2",
            VFormat::Vopc => "VOPC",
            VFormat::Vop3 => "VOP3",
            VFormat::Ds => "DS",
            VFormat::Flat => "FLAT",
            VFormat::Mubuf => "MUBUF",
            VFormat::Mtbuf => "MTBUF",
        }
    }

    fn slot(self) -> usize {
        match self {
            VFormat::Vop1 => 0,
            VFormat::Vop2 => 1,
            VFormat::Vopc => 2,
            VFormat::Vop3 => 3,
            VFormat::Ds => 4,
            VFormat::Flat => 5,
            VFormat::Mubuf => 6,
            VFormat::Mtbuf => 7,
        }
    }
}

/// The type of an operand: its width, and how llvm-mc prints its constants (16-bit
/// integer sources print float inline constants as their f16 bits, `0x3800`; 16-bit
/// float sources read the low half of a literal; 64-bit float sources take a literal
/// as the high dword). `I32` and `F32` print alike; which one a row names follows the
/// mnemonic (`v_cvt_f32_i32`: an `F32` destination, an `I32` source).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// 16-bit integer.
    I16,
    /// IEEE half.
    F16,
    /// 32-bit integer or bits.
    I32,
    /// IEEE single.
    F32,
    /// 64-bit integer.
    I64,
    /// IEEE double.
    F64,
    /// 96 bits (`ds_read_b96`).
    B96,
    /// 128 bits (`v_mqsad_u32_u8`).
    B128,
}

impl Ty {
    /// Register count in dwords.
    pub const fn dwords(self) -> u8 {
        match self {
            Ty::I16 | Ty::F16 | Ty::I32 | Ty::F32 => 1,
            Ty::I64 | Ty::F64 => 2,
            Ty::B96 => 3,
            Ty::B128 => 4,
        }
    }
}

/// The instruction field an operand lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VField {
    /// VDST: bits 24:17 (VOP1, VOP2) or 7:0 (VOP3).
    Vdst,
    /// SDST of VOP3b: bits 14:8.
    Sdst,
    /// SRC0: bits 8:0 (VOP1, VOP2, VOPC) or 40:32 (VOP3).
    Src0,
    /// SRC1 of VOP3: bits 49:41.
    Src1,
    /// SRC2 of VOP3: bits 58:50.
    Src2,
    /// VSRC1 of VOP2 and VOPC: bits 16:9, a VGPR.
    Vsrc1,
    /// The literal constant K of `v_madmk_*`, `v_madak_*` (the dword after the instruction).
    K,
    /// No field: `vcc`, written in the text of `_e32` forms that use it implicitly.
    Vcc,
    /// DS ADDR: bits 39:32, a VGPR.
    Addr,
    /// DS DATA0: bits 47:40.
    Data0,
    /// DS DATA1: bits 55:48.
    Data1,
    /// MUBUF VDATA: bits 47:40, loaded, stored, or an atomic's operand and result.
    Vdata,
}

impl VField {
    /// The field's name in the ISA manual.
    pub const fn name(self) -> &'static str {
        match self {
            VField::Vdst => "VDST",
            VField::Sdst => "SDST",
            VField::Src0 => "SRC0",
            VField::Src1 => "SRC1",
            VField::Src2 => "SRC2",
            VField::Vsrc1 => "VSRC1",
            VField::K => "K",
            VField::Vcc => "VCC",
            VField::Addr => "ADDR",
            VField::Data0 => "DATA0",
            VField::Data1 => "DATA1",
            VField::Vdata => "VDATA",
        }
    }
}

/// LLVM register classes that restrict a vector-encoded operand, named as llvm-mc's
/// `/*Invalid register, operand has '…' register class*/` comments name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VClass {
    /// A VGPR only (`v_swap_b32`).
    Vgpr32,
    /// A VGPR or `src_lds_direct` (`v_readfirstlane_b32`, `v_readlane_b32`).
    VRegOrLds32,
    /// Four VGPRs (`v_mqsad_u32_u8` SRC2).
    VReg128,
    /// A 32-bit SGPR or a constant (lane selects, `v_writelane_b32` data).
    SReg32,
    /// A lane mask in an SGPR pair, not EXEC, no constants (carry-in, `v_cndmask_b32_e64`).
    SReg1Xexec,
}

impl VClass {
    /// LLVM's name for the class.
    pub const fn llvm_name(self) -> &'static str {
        match self {
            VClass::Vgpr32 => "VGPR_32",
            VClass::VRegOrLds32 => "VRegOrLds_32",
            VClass::VReg128 => "VReg_128",
            VClass::SReg32 => "SReg_32",
            VClass::SReg1Xexec => "SReg_1_XEXEC",
        }
    }
}

/// How an operand field is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VKind {
    /// A VGPR index (VDST, VSRC1) holding a value of this type.
    Vgpr(Ty),
    /// A scalar destination of `dwords` (1: `v_readfirstlane_b32`, `v_readlane_b32`;
    /// 2: a compare's or carry-out's lane mask).
    Sgpr(u8),
    /// A 9-bit source: SGPR, VGPR, inline constant or (`_e32` SRC0 only) literal.
    Src(Ty),
    /// A 9-bit source restricted to a class (see [`VClass`]).
    SrcIn(Ty, VClass),
    /// The mandatory literal of `v_madmk_*` / `v_madak_*`.
    K(Ty),
    /// `vcc`, implicit in the encoding.
    Vcc,
}

/// One operand of an instruction: where it lives and how it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VOperand {
    /// The field holding it.
    pub field: VField,
    /// How the field is interpreted.
    pub kind: VKind,
    /// Whether the instruction writes it.
    pub written: bool,
}

/// What a VOP3 row does with one source's ABS and NEG bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SrcMod {
    /// Both must be zero (the row has no modifier there).
    Zero,
    /// Floating-point `|x|` (ABS) and `-x` (NEG).
    Fp,
    /// Integer: NEG is `sext(x)`, ABS is ignored.
    Sext,
    /// Both are ignored (16-bit integer rows with OP_SEL).
    Ignored,
}

/// The VOP3 modifiers a row owns. Bits not owned are zero (or ignored, see [`SrcMod`];
/// OP_SEL bits of a row without OP_SEL are ignored by llvm-mc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mods {
    /// Per source (absent sources included).
    pub src: [SrcMod; 3],
    /// CLAMP (bit 15).
    pub clamp: bool,
    /// OMOD (`mul:2`, `mul:4`, `div:2`).
    pub omod: bool,
    /// OP_SEL (bits 14:11; with two sources bit 13 must be zero).
    pub op_sel: bool,
}

/// No modifiers (VOP1, VOP2, VOPC).
pub const NO_MODS: Mods = Mods {
    src: [SrcMod::Zero; 3],
    clamp: false,
    omod: false,
    op_sel: false,
};

/// How a DS row writes its 16-bit offset (OFFSET1:OFFSET0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DsOffset {
    /// None: both bytes must be zero (`ds_nop`).
    NoOffset,
    /// One byte offset, `offset:N`.
    One,
    /// Two offsets in element units, `offset0:N offset1:N` (`ds_read2*`, `ds_write2*`).
    Two,
    /// `ds_swizzle_b32`'s pattern, `offset:swizzle(…)`.
    Swizzle,
}

/// A DS row's GDS bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gds {
    /// LDS or, with `gds`, GDS.
    Allowed,
    /// LDS only (`ds_permute_b32`, `ds_bpermute_b32`, `ds_nop`): the bit must be zero.
    Never,
    /// GDS only (`ds_gws_*`, `ds_ordered_count`): the bit must be one.
    Always,
}

/// The DS facts of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DsForm {
    /// The offset form.
    pub offset: DsOffset,
    /// The GDS bit.
    pub gds: Gds,
    /// Whether bit 25 (gfx90a's AccVGPR bit) is ignored; else it must be zero.
    pub bit25_ignored: bool,
}

/// A FLAT row's segment (SEG, bits 15:14; Vega ISA §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seg {
    /// 0: a 64-bit flat address (global, LDS or scratch by aperture); SADDR must be 0.
    Flat,
    /// 1: scratch, a 32-bit VGPR offset or (SADDR) an SGPR offset.
    Scratch,
    /// 2: global, a 64-bit VGPR address or (SADDR) an SGPR pair base plus a 32-bit VGPR offset.
    Global,
}

/// What a FLAT row does with memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlatKind {
    /// Loads VDST.
    Load,
    /// Loads VDST, or with LDS set writes LDS instead (GLOBAL and SCRATCH loads of
    /// bytes, shorts and dwords).
    LoadLds,
    /// Stores DATA.
    Store,
    /// Read-modify-write with DATA; returns the old value into VDST when GLC is set.
    Atomic,
}

/// The FLAT facts of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlatForm {
    /// The segment.
    pub seg: Seg,
    /// Load, store or atomic.
    pub kind: FlatKind,
}

/// What a MUBUF row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufKind {
    /// Loads VDATA.
    Load,
    /// Loads VDATA, or with LDS set writes LDS instead.
    LoadLds,
    /// Stores VDATA.
    Store,
    /// Read-modify-write with VDATA; returns the old value into VDATA when GLC is set.
    Atomic,
    /// Cache control, no operands (`buffer_wbinvl1`, `buffer_wbinvl1_vol`).
    CacheCtl,
    /// Stores a dword from LDS (address M0) to memory: `buffer_store_lds_dword`, whose
    /// only operands are SRSRC and SOFFSET; the LDS bit must be set, VADDR and VDATA
    /// are ignored.
    StoreLds,
}

/// One row of the table: one instruction encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VInstDef {
    /// What the instruction does.
    pub op: VOp,
    /// llvm-mc mnemonic (with its `_e32` / `_e64` suffix where llvm-mc prints one).
    pub name: &'static str,
    /// Encoding format.
    pub format: VFormat,
    /// Opcode field value.
    pub opcode: u16,
    /// Operands in assembly order.
    pub operands: &'static [VOperand],
    /// VOP3 modifiers.
    pub mods: Mods,
    /// DS offset form and GDS bit (DS rows only).
    pub ds: Option<DsForm>,
    /// FLAT segment and kind (FLAT rows only).
    pub flat: Option<FlatForm>,
    /// Buffer access kind (MUBUF and MTBUF rows only).
    pub buf: Option<BufKind>,
    /// Registers read without being named as operands (EXEC for every VALU row).
    pub implicit_reads: Implicit,
    /// Registers written without being named as operands.
    pub implicit_writes: Implicit,
    /// Targets the row is valid on ([`Target::bit`] set).
    pub targets: u8,
}

impl VInstDef {
    /// Whether the instruction exists on `t`.
    pub fn valid_on(&self, t: Target) -> bool {
        self.targets & t.bit() != 0
    }

    /// The operand stored in `field`, if any.
    pub fn operand(&self, field: VField) -> Option<&'static VOperand> {
        self.operands.iter().find(|o| o.field == field)
    }

    /// Number of SRC0/SRC1/SRC2 operands (VSRC1 counts as SRC1).
    pub fn sources(&self) -> usize {
        self.operands
            .iter()
            .filter(|o| {
                matches!(
                    o.field,
                    VField::Src0 | VField::Src1 | VField::Src2 | VField::Vsrc1
                )
            })
            .count()
    }
}

// ---- row constructors (used by the family files) ------------------------------------

pub(super) const fn vd(t: Ty) -> VOperand {
    VOperand {
        field: VField::Vdst,
        kind: VKind::Vgpr(t),
        written: true,
    }
}
pub(super) const fn sd32() -> VOperand {
    VOperand {
        field: VField::Vdst,
        kind: VKind::Sgpr(1),
        written: true,
    }
}
pub(super) const fn sd64() -> VOperand {
    VOperand {
        field: VField::Vdst,
        kind: VKind::Sgpr(2),
        written: true,
    }
}
pub(super) const fn sdst64() -> VOperand {
    VOperand {
        field: VField::Sdst,
        kind: VKind::Sgpr(2),
        written: true,
    }
}
pub(super) const fn src0(t: Ty) -> VOperand {
    VOperand {
        field: VField::Src0,
        kind: VKind::Src(t),
        written: false,
    }
}
pub(super) const fn src1(t: Ty) -> VOperand {
    VOperand {
        field: VField::Src1,
        kind: VKind::Src(t),
        written: false,
    }
}
pub(super) const fn src2(t: Ty) -> VOperand {
    VOperand {
        field: VField::Src2,
        kind: VKind::Src(t),
        written: false,
    }
}
pub(super) const fn src_in(field: VField, t: Ty, c: VClass) -> VOperand {
    VOperand {
        field,
        kind: VKind::SrcIn(t, c),
        written: false,
    }
}
pub(super) const fn vsrc1(t: Ty) -> VOperand {
    VOperand {
        field: VField::Vsrc1,
        kind: VKind::Vgpr(t),
        written: false,
    }
}
pub(super) const fn k(t: Ty) -> VOperand {
    VOperand {
        field: VField::K,
        kind: VKind::K(t),
        written: false,
    }
}
pub(super) const fn vcc_out() -> VOperand {
    VOperand {
        field: VField::Vcc,
        kind: VKind::Vcc,
        written: true,
    }
}
pub(super) const fn vcc_in() -> VOperand {
    VOperand {
        field: VField::Vcc,
        kind: VKind::Vcc,
        written: false,
    }
}
pub(super) const fn mask_in() -> VOperand {
    src_in(VField::Src2, Ty::I64, VClass::SReg1Xexec)
}

/// VOP3 modifiers: per source, then clamp, omod, op_sel.
pub(super) const fn m(
    s0: SrcMod,
    s1: SrcMod,
    s2: SrcMod,
    clamp: bool,
    omod: bool,
    op_sel: bool,
) -> Mods {
    Mods {
        src: [s0, s1, s2],
        clamp,
        omod,
        op_sel,
    }
}

pub(super) const GFX906: u8 = Target::Gfx906.bit();
pub(super) const ALL: u8 = ALL_TARGETS;

/// One row; its implicit register uses come from [`implicit`].
pub(super) const fn r(
    op: VOp,
    name: &'static str,
    format: VFormat,
    opcode: u16,
    operands: &'static [VOperand],
    mods: Mods,
    targets: u8,
) -> VInstDef {
    let (implicit_reads, implicit_writes) = implicit(op, operands);
    VInstDef {
        op,
        name,
        format,
        opcode,
        operands,
        mods,
        ds: None,
        flat: None,
        buf: None,
        implicit_reads,
        implicit_writes,
        targets,
    }
}

/// A DS row. DS instructions read M0 on gfx9 (the LDS size limit, Vega ISA §11.1).
pub(super) const fn ds(
    op: VOp,
    name: &'static str,
    opcode: u16,
    operands: &'static [VOperand],
    form: DsForm,
    targets: u8,
) -> VInstDef {
    VInstDef {
        op,
        name,
        format: VFormat::Ds,
        opcode,
        operands,
        mods: NO_MODS,
        ds: Some(form),
        flat: None,
        buf: None,
        implicit_reads: Implicit::EXEC.union(Implicit::M0),
        implicit_writes: Implicit::NONE,
        targets,
    }
}

/// A FLAT row; its table opcode is SEG:OP.
pub(super) const fn flat(
    op: VOp,
    name: &'static str,
    seg: Seg,
    opcode: u16,
    operands: &'static [VOperand],
    kind: FlatKind,
    targets: u8,
) -> VInstDef {
    let segment = match seg {
        Seg::Flat => 0,
        Seg::Scratch => 1,
        Seg::Global => 2,
    };
    VInstDef {
        op,
        name,
        format: VFormat::Flat,
        opcode: segment * 128 + opcode,
        operands,
        mods: NO_MODS,
        ds: None,
        flat: Some(FlatForm { seg, kind }),
        buf: None,
        implicit_reads: Implicit::EXEC,
        implicit_writes: Implicit::NONE,
        targets,
    }
}

/// A MUBUF row.
pub(super) const fn mubuf(
    op: VOp,
    name: &'static str,
    opcode: u16,
    operands: &'static [VOperand],
    kind: BufKind,
    targets: u8,
) -> VInstDef {
    VInstDef {
        op,
        name,
        format: VFormat::Mubuf,
        opcode,
        operands,
        mods: NO_MODS,
        ds: None,
        flat: None,
        buf: Some(kind),
        implicit_reads: Implicit::EXEC,
        implicit_writes: Implicit::NONE,
        targets,
    }
}

/// An MTBUF row (typed buffer access: the data and number formats are in the word).
pub(super) const fn mtbuf(
    op: VOp,
    name: &'static str,
    opcode: u16,
    operands: &'static [VOperand],
    kind: BufKind,
    targets: u8,
) -> VInstDef {
    VInstDef {
        format: VFormat::Mtbuf,
        ..mubuf(op, name, opcode, operands, kind, targets)
    }
}

pub(super) const fn vdata(t: Ty) -> VOperand {
    VOperand {
        field: VField::Vdata,
        kind: VKind::Vgpr(t),
        written: true,
    }
}

/// A DS row's offset form, GDS bit and bit 25.
pub(super) const fn form(offset: DsOffset, gds: Gds, bit25_ignored: bool) -> DsForm {
    DsForm {
        offset,
        gds,
        bit25_ignored,
    }
}

pub(super) const fn ds_vdst(t: Ty) -> VOperand {
    VOperand {
        field: VField::Vdst,
        kind: VKind::Vgpr(t),
        written: true,
    }
}
pub(super) const fn addr() -> VOperand {
    VOperand {
        field: VField::Addr,
        kind: VKind::Vgpr(Ty::I32),
        written: false,
    }
}
pub(super) const fn data0(t: Ty) -> VOperand {
    VOperand {
        field: VField::Data0,
        kind: VKind::Vgpr(t),
        written: false,
    }
}
pub(super) const fn data1(t: Ty) -> VOperand {
    VOperand {
        field: VField::Data1,
        kind: VKind::Vgpr(t),
        written: false,
    }
}

/// The implicit (reads, writes) of a row (Vega ISA §6.1-6.4): every VALU instruction
/// reads EXEC; `vcc` operands are uses of VCC; `v_cmpx_*` also write EXEC; the
/// multiply-accumulate forms read their destination; `v_movrel*` read M0.
const fn implicit(op: VOp, operands: &[VOperand]) -> (Implicit, Implicit) {
    let mut reads = Implicit::EXEC;
    let mut writes = Implicit::NONE;
    let mut i = 0;
    while i < operands.len() {
        if let VKind::Vcc = operands[i].kind {
            if operands[i].written {
                writes = writes.union(Implicit::VCC);
            } else {
                reads = reads.union(Implicit::VCC);
            }
        }
        i += 1;
    }
    if op.is_cmpx() {
        writes = writes.union(Implicit::EXEC);
    }
    if op.accumulates() {
        reads = reads.union(Implicit::SDST);
    }
    if op.reads_vcc() {
        reads = reads.union(Implicit::VCC);
    }
    if op.reads_m0() {
        reads = reads.union(Implicit::M0);
    }
    (reads, writes)
}

/// Every family's rows.
pub static FAMILIES: [&[VInstDef]; 8] = [
    super::vop1::ROWS,
    super::vop2::ROWS,
    super::vopc::ROWS,
    super::vop3::ROWS,
    super::ds::ROWS,
    super::flat::ROWS,
    super::mubuf::ROWS,
    super::mtbuf::ROWS,
];

/// Every row of the vector table.
pub fn rows() -> impl Iterator<Item = &'static VInstDef> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

struct Index {
    by_opcode: [Vec<Vec<&'static VInstDef>>; 8],
    by_name: HashMap<&'static str, &'static VInstDef>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_opcode: [Vec<Vec<&'static VInstDef>>; 8] = Default::default();
        for f in VFormat::ALL {
            by_opcode[f.slot()] = vec![Vec::new(); f.opcodes()];
        }
        let mut by_name = HashMap::new();
        for d in rows() {
            by_opcode[d.format.slot()][d.opcode as usize].push(d);
            by_name.insert(d.name, d);
        }
        Index { by_opcode, by_name }
    })
}

/// The row of `format` with `opcode` on `target`.
pub fn by_opcode(format: VFormat, opcode: u16, target: Target) -> Option<&'static VInstDef> {
    index().by_opcode[format.slot()]
        .get(opcode as usize)?
        .iter()
        .copied()
        .find(|d| d.valid_on(target))
}

/// The row named `name` (an llvm-mc mnemonic, lower case).
pub fn by_name(name: &str) -> Option<&'static VInstDef> {
    index().by_name.get(name).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        let mut names = std::collections::HashSet::new();
        let mut codes = std::collections::HashSet::new();
        for d in rows() {
            assert!(names.insert(d.name), "duplicate name {}", d.name);
            for t in [Target::Gfx900, Target::Gfx906] {
                if d.valid_on(t) {
                    assert!(
                        codes.insert((d.format, d.opcode, t)),
                        "{}: opcode used twice on {t}",
                        d.name
                    );
                }
            }
            assert!(
                usize::from(d.opcode) < d.format.opcodes(),
                "{} opcode too wide",
                d.name
            );
            let mut fields = std::collections::HashSet::new();
            for o in d.operands {
                if o.field != VField::Vcc {
                    assert!(fields.insert(o.field), "{}: field used twice", d.name);
                }
                let ok = match d.format {
                    VFormat::Vop1 => matches!(o.field, VField::Vdst | VField::Src0),
                    VFormat::Vop2 => matches!(
                        o.field,
                        VField::Vdst | VField::Src0 | VField::Vsrc1 | VField::K | VField::Vcc
                    ),
                    VFormat::Vopc => matches!(o.field, VField::Src0 | VField::Vsrc1 | VField::Vcc),
                    VFormat::Vop3 => matches!(
                        o.field,
                        VField::Vdst | VField::Sdst | VField::Src0 | VField::Src1 | VField::Src2
                    ),
                    VFormat::Mubuf | VFormat::Mtbuf => o.field == VField::Vdata,
                    VFormat::Ds | VFormat::Flat => matches!(
                        o.field,
                        VField::Vdst | VField::Addr | VField::Data0 | VField::Data1
                    ),
                };
                assert!(ok, "{}: field {:?} not in {:?}", d.name, o.field, d.format);
            }
            if d.format != VFormat::Vop3 {
                assert_eq!(d.mods, NO_MODS, "{}", d.name);
            }
            assert_eq!(d.ds.is_some(), d.format == VFormat::Ds, "{}", d.name);
            assert_eq!(d.flat.is_some(), d.format == VFormat::Flat, "{}", d.name);
            assert_eq!(
                d.buf.is_some(),
                matches!(d.format, VFormat::Mubuf | VFormat::Mtbuf),
                "{}",
                d.name
            );
            // A VOP3b row's SDST takes the OP_SEL and ABS bits.
            if d.operand(VField::Sdst).is_some() {
                assert!(!d.mods.op_sel, "{}", d.name);
            }
            assert!(d.implicit_reads.contains(Implicit::EXEC), "{}", d.name);
        }
    }

    #[test]
    fn operation_ids_name_their_mnemonics() {
        // `v_add_f32_e32` and `v_add_f32_e64` are both `VOp::AddF32`.
        for d in rows() {
            let base = d
                .name
                .strip_suffix("_e32")
                .or_else(|| d.name.strip_suffix("_e64"))
                .unwrap_or(d.name);
            // `v_` is dropped; other families keep their prefix (`ds_add_u32`: `DsAddU32`).
            let base = base.strip_prefix("v_").unwrap_or(base);
            let camel: String = base
                .split('_')
                .map(|w| {
                    let mut c = w.chars();
                    c.next()
                        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                        .unwrap_or_default()
                })
                .collect();
            assert_eq!(format!("{:?}", d.op), camel, "{}", d.name);
        }
    }

    #[test]
    fn e32_and_e64_twins_share_the_operation() {
        // VOP3 opcodes: VOPC 0x000-0x0ff, VOP2 + 0x100, VOP1 + 0x140 (Vega ISA §12.7).
        for d in rows() {
            let twin = match d.format {
                VFormat::Vop1 => 0x140,
                VFormat::Vop2 => 0x100,
                VFormat::Vopc => 0,
                VFormat::Vop3 | VFormat::Ds | VFormat::Flat | VFormat::Mubuf | VFormat::Mtbuf => {
                    continue;
                }
            };
            if let Some(e64) = d.name.strip_suffix("_e32").map(|b| format!("{b}_e64")) {
                let t = by_name(&e64).unwrap_or_else(|| panic!("{e64} missing"));
                assert_eq!(
                    (t.format, t.opcode, t.op),
                    (VFormat::Vop3, d.opcode + twin, d.op),
                    "{}",
                    d.name
                );
            }
        }
    }

    #[test]
    fn fixed_prefixes_do_not_shadow() {
        for d in rows() {
            let (mask, value) = d.format.fixed();
            let w = value | d.format.opcode_bits(d.opcode);
            assert_eq!(w & mask, value);
            let first = VFormat::ALL
                .iter()
                .find(|f| w & f.fixed().0 == f.fixed().1)
                .copied();
            assert_eq!(first, Some(d.format), "{}", d.name);
        }
    }
}
