//! The one specification table of gfx9 scalar instructions.
//!
//! One [`InstDef`] row per encoding: the operation id ([`SOp`]), mnemonic,
//! encoding format, opcode, the operand list in assembly order (each operand
//! names the instruction field it lives in and how that field is read), the
//! implicit register reads and writes ([`Implicit`]: SCC, VCC, EXEC, M0), the
//! memory behaviour and space, and the targets.
//! The parser, the printer, the encoder and the decoder all read this table;
//! no opcode or field position is written down anywhere else.
//!
//! Sources: LLVM 19 `llvm-mc -arch=amdgcn -mcpu=gfx900` (every row was checked
//! by decoding all opcode values of each format, see
//! `docs/spec/vega-smem-encoding.md` §3 for SMEM), and the Vega ISA
//! manual chapter 7 for the SMEM semantics.

use std::sync::OnceLock;

/// A gfx9 target. gfx900 (Vega 10, MI25) and gfx906 (Vega 20, MI50/MI60) have
/// the same scalar instruction set in LLVM 19 (checked with llvm-mc on every
/// SMEM opcode; gfx906 only adds vector dot-product instructions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// `gfx900`.
    Gfx900,
    /// `gfx906`.
    Gfx906,
}

impl Target {
    /// The LLVM processor name (`-mcpu=`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Gfx900 => "gfx900",
            Target::Gfx906 => "gfx906",
        }
    }

    /// This target's bit in [`InstDef::targets`].
    pub const fn bit(self) -> u8 {
        match self {
            Target::Gfx900 => 1,
            Target::Gfx906 => 2,
        }
    }
}

/// Error of [`Target::from_str`](std::str::FromStr).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown target `{0}` (expected gfx900 or gfx906)")]
pub struct UnknownTarget(pub String);

impl std::str::FromStr for Target {
    type Err = UnknownTarget;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "gfx900" => Ok(Target::Gfx900),
            "gfx906" => Ok(Target::Gfx906),
            _ => Err(UnknownTarget(s.to_string())),
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Both gfx9 targets.
pub const ALL_TARGETS: u8 = Target::Gfx900.bit() | Target::Gfx906.bit();

/// Encoding format (Vega ISA chapter 12 names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Scalar memory, 64 bits: `110000 OP[25:18] IMM GLC NV SOE - SDATA SBASE | SOFFSET - OFFSET`.
    Smem,
    /// `10 OP[29:23] SDST[22:16] SSRC1[15:8] SSRC0[7:0]`.
    Sop2,
    /// `101111101 SDST[22:16] OP[15:8] SSRC0[7:0]`.
    Sop1,
    /// `1011 OP[27:23] SDST[22:16] SIMM16[15:0]`.
    Sopk,
    /// `101111110 OP[22:16] SSRC1[15:8] SSRC0[7:0]`.
    Sopc,
    /// `101111111 OP[22:16] SIMM16[15:0]`.
    Sopp,
}

impl Format {
    /// All formats, in decode-priority order (longest fixed prefix first).
    pub const ALL: [Format; 6] = [
        Format::Sopp,
        Format::Sopc,
        Format::Sop1,
        Format::Sopk,
        Format::Sop2,
        Format::Smem,
    ];

    /// (mask, value) of the fixed encoding bits of dword 0.
    pub const fn fixed(self) -> (u32, u32) {
        match self {
            Format::Smem => (0xFC00_0000, 0xC000_0000),
            Format::Sop2 => (0xC000_0000, 0x8000_0000),
            Format::Sop1 => (0xFF80_0000, 0xBE80_0000),
            Format::Sopk => (0xF000_0000, 0xB000_0000),
            Format::Sopc => (0xFF80_0000, 0xBF00_0000),
            Format::Sopp => (0xFF80_0000, 0xBF80_0000),
        }
    }

    /// Bit position and width of the opcode field in dword 0.
    pub const fn opcode_field(self) -> (u32, u32) {
        match self {
            Format::Smem => (18, 8),
            Format::Sop2 => (23, 7),
            Format::Sop1 => (8, 8),
            Format::Sopk => (23, 5),
            Format::Sopc => (16, 7),
            Format::Sopp => (16, 7),
        }
    }

    /// Number of instruction dwords without a literal.
    pub const fn base_dwords(self) -> usize {
        match self {
            Format::Smem => 2,
            _ => 1,
        }
    }

    /// The format's name as in the ISA manual.
    pub fn name(self) -> &'static str {
        match self {
            Format::Smem => "SMEM",
            Format::Sop2 => "SOP2",
            Format::Sop1 => "SOP1",
            Format::Sopk => "SOPK",
            Format::Sopc => "SOPC",
            Format::Sopp => "SOPP",
        }
    }
}

/// The instruction field an operand is stored in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// SOP* SDST (bits 22:16) or SMEM SDATA (bits 12:6), a 7-bit operand code.
    Sdst,
    /// SSRC0 (bits 7:0), an 8-bit source code.
    Ssrc0,
    /// SSRC1 (bits 15:8), an 8-bit source code.
    Ssrc1,
    /// SIMM16 (bits 15:0).
    Simm16,
    /// SMEM SBASE (bits 5:0): an SGPR pair index.
    Sbase,
    /// SMEM OFFSET / SOFFSET / IMM / SOE together.
    Offset,
    /// The 32-bit literal dword that follows the instruction.
    Literal,
}

impl Field {
    /// The field's name in the ISA manual for an instruction of `format` (`SDATA` for
    /// SMEM's data, `SDST`, `SSRC0`, `SSRC1`, `SIMM16`, `SBASE`, `OFFSET`, `LITERAL`).
    pub const fn name(self, format: Format) -> &'static str {
        match (format, self) {
            (Format::Smem, Field::Sdst) => "SDATA",
            (_, Field::Sdst) => "SDST",
            (_, Field::Ssrc0) => "SSRC0",
            (_, Field::Ssrc1) => "SSRC1",
            (_, Field::Simm16) => "SIMM16",
            (_, Field::Sbase) => "SBASE",
            (_, Field::Offset) => "OFFSET",
            (_, Field::Literal) => "LITERAL",
        }
    }
}

/// LLVM register classes, named as LLVM prints them in its
/// `/*Invalid register, operand has '…' register class*/` comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegClass {
    /// Any 32-bit scalar register (SGPR, VCC_LO/HI, TTMP, M0, EXEC_LO/HI, …).
    SReg32,
    /// 32-bit without M0 and EXEC (SMEM data).
    SReg32XM0XExec,
    /// Any 64-bit scalar register pair.
    SReg64,
    /// 64-bit without EXEC (SMEM data).
    SReg64XExec,
    /// 4 scalar registers.
    SReg128,
    /// 8 scalar registers.
    SReg256,
    /// 16 scalar registers.
    SReg512,
}

impl RegClass {
    /// Register count in dwords.
    pub const fn dwords(self) -> u8 {
        match self {
            RegClass::SReg32 | RegClass::SReg32XM0XExec => 1,
            RegClass::SReg64 | RegClass::SReg64XExec => 2,
            RegClass::SReg128 => 4,
            RegClass::SReg256 => 8,
            RegClass::SReg512 => 16,
        }
    }

    /// LLVM's name for the class.
    pub const fn llvm_name(self) -> &'static str {
        match self {
            RegClass::SReg32 => "SReg_32",
            RegClass::SReg32XM0XExec => "SReg_32_XM0_XEXEC",
            RegClass::SReg64 => "SReg_64",
            RegClass::SReg64XExec => "SReg_64_XEXEC",
            RegClass::SReg128 => "SReg_128",
            RegClass::SReg256 => "SReg_256",
            RegClass::SReg512 => "SReg_512",
        }
    }

    /// Whether M0 and EXEC are excluded.
    pub const fn excludes_m0_exec(self) -> bool {
        matches!(self, RegClass::SReg32XM0XExec | RegClass::SReg64XExec)
    }
}

/// How a 16-bit immediate is read and printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Imm16 {
    /// SOPK integer constant: printed as hex (`0x1234`); assembler accepts
    /// -0x8000..=0xFFFF (signed forms) or 0..=0xFFFF (`unsigned`).
    Hex {
        /// Only 0..=0xFFFF is accepted (`s_cmpk_*_u32`).
        unsigned: bool,
    },
    /// SOPP plain immediate: decimal up to 64, hex above.
    Plain,
    /// `s_endpgm`: optional, decimal, omitted when zero.
    EndPgm,
    /// Branch offset in dwords (signed 16 bit, PC-relative to the next
    /// instruction). Printed as an unsigned decimal; accepts a label.
    Branch,
    /// `hwreg(id, offset, size)`.
    Hwreg,
    /// `sendmsg(msg, op, stream)`.
    SendMsg,
    /// `vmcnt(n) expcnt(n) lgkmcnt(n)`.
    Waitcnt,
    /// `gpr_idx(SRC0,SRC1,SRC2,DST)`.
    GprIdx,
}

/// How an operand field is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A destination or data register of class `class` (7-bit code).
    Reg(RegClass),
    /// A scalar source (8-bit code): register, inline constant or literal of
    /// `dwords` (1 or 2).
    Src {
        /// Operand width in dwords (1 or 2).
        dwords: u8,
        /// `false` for LLVM's register-only `SReg_32`/`SReg_64` sources: the
        /// assembler takes only registers; the decoder prints constants with
        /// an `/*Invalid immediate*/` comment.
        consts: bool,
    },
    /// SMEM SBASE: an address pair (`dwords == 2`) or a buffer V# (`4`).
    Base {
        /// 2 (address) or 4 (V#).
        dwords: u8,
    },
    /// SMEM offset. `signed`: the assembler takes a 21-bit signed byte offset
    /// (address forms); otherwise 20-bit unsigned (buffer forms).
    SmemOffset {
        /// Address forms (21-bit signed) rather than buffer forms (20-bit unsigned).
        signed: bool,
    },
    /// `s_atc_probe*` 7-bit immediate kept in the SDATA field.
    ProbeImm,
    /// A 16-bit immediate.
    Imm16(Imm16),
    /// `s_set_gpr_idx_on`'s 8-bit mode mask in SSRC1.
    GprIdx8,
    /// `s_setreg_imm32_b32`'s 32-bit literal.
    Literal32,
}

/// One operand of an instruction: where it lives and how it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    /// The field holding it.
    pub field: Field,
    /// How the field is interpreted.
    pub kind: Kind,
    /// Whether the instruction writes it (destinations, loaded data, returned atomic data).
    pub written: bool,
}

/// What an SMEM instruction does with memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mem {
    /// Not a memory instruction.
    None,
    /// Loads SDATA from memory.
    Load,
    /// Stores SDATA to memory.
    Store,
    /// Atomic read-modify-write; returns the pre-op value into SDATA iff GLC=1.
    Atomic,
    /// Scalar-cache write-back / invalidate (`s_dcache_inv/wb*`), no operands.
    CacheCtl,
    /// Discards dirty cache lines at an address (`s_dcache_discard*`).
    Discard,
    /// Reads a 64-bit counter (`s_memtime`, `s_memrealtime`).
    Time,
    /// Address-translation probe (`s_atc_probe*`).
    Probe,
}

/// The operation of a row: what the instruction does, in the Vega ISA's own
/// vocabulary (one variant per mnemonic, named after it: `s_add_u32` is
/// [`SOp::AddU32`]). Executors dispatch on this id, never on opcode numbers
/// or mnemonics; the table is the one place that pairs it with an encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SOp {
    /// `s_load_dword`.
    LoadDword,
    /// `s_load_dwordx2`.
    LoadDwordx2,
    /// `s_load_dwordx4`.
    LoadDwordx4,
    /// `s_load_dwordx8`.
    LoadDwordx8,
    /// `s_load_dwordx16`.
    LoadDwordx16,
    /// `s_scratch_load_dword`.
    ScratchLoadDword,
    /// `s_scratch_load_dwordx2`.
    ScratchLoadDwordx2,
    /// `s_scratch_load_dwordx4`.
    ScratchLoadDwordx4,
    /// `s_buffer_load_dword`.
    BufferLoadDword,
    /// `s_buffer_load_dwordx2`.
    BufferLoadDwordx2,
    /// `s_buffer_load_dwordx4`.
    BufferLoadDwordx4,
    /// `s_buffer_load_dwordx8`.
    BufferLoadDwordx8,
    /// `s_buffer_load_dwordx16`.
    BufferLoadDwordx16,
    /// `s_store_dword`.
    StoreDword,
    /// `s_store_dwordx2`.
    StoreDwordx2,
    /// `s_store_dwordx4`.
    StoreDwordx4,
    /// `s_scratch_store_dword`.
    ScratchStoreDword,
    /// `s_scratch_store_dwordx2`.
    ScratchStoreDwordx2,
    /// `s_scratch_store_dwordx4`.
    ScratchStoreDwordx4,
    /// `s_buffer_store_dword`.
    BufferStoreDword,
    /// `s_buffer_store_dwordx2`.
    BufferStoreDwordx2,
    /// `s_buffer_store_dwordx4`.
    BufferStoreDwordx4,
    /// `s_dcache_inv`.
    DcacheInv,
    /// `s_dcache_wb`.
    DcacheWb,
    /// `s_dcache_inv_vol`.
    DcacheInvVol,
    /// `s_dcache_wb_vol`.
    DcacheWbVol,
    /// `s_memtime`.
    Memtime,
    /// `s_memrealtime`.
    Memrealtime,
    /// `s_atc_probe`.
    AtcProbe,
    /// `s_atc_probe_buffer`.
    AtcProbeBuffer,
    /// `s_dcache_discard`.
    DcacheDiscard,
    /// `s_dcache_discard_x2`.
    DcacheDiscardX2,
    /// `s_buffer_atomic_swap`.
    BufferAtomicSwap,
    /// `s_buffer_atomic_cmpswap`.
    BufferAtomicCmpswap,
    /// `s_buffer_atomic_add`.
    BufferAtomicAdd,
    /// `s_buffer_atomic_sub`.
    BufferAtomicSub,
    /// `s_buffer_atomic_smin`.
    BufferAtomicSmin,
    /// `s_buffer_atomic_umin`.
    BufferAtomicUmin,
    /// `s_buffer_atomic_smax`.
    BufferAtomicSmax,
    /// `s_buffer_atomic_umax`.
    BufferAtomicUmax,
    /// `s_buffer_atomic_and`.
    BufferAtomicAnd,
    /// `s_buffer_atomic_or`.
    BufferAtomicOr,
    /// `s_buffer_atomic_xor`.
    BufferAtomicXor,
    /// `s_buffer_atomic_inc`.
    BufferAtomicInc,
    /// `s_buffer_atomic_dec`.
    BufferAtomicDec,
    /// `s_buffer_atomic_swap_x2`.
    BufferAtomicSwapX2,
    /// `s_buffer_atomic_cmpswap_x2`.
    BufferAtomicCmpswapX2,
    /// `s_buffer_atomic_add_x2`.
    BufferAtomicAddX2,
    /// `s_buffer_atomic_sub_x2`.
    BufferAtomicSubX2,
    /// `s_buffer_atomic_smin_x2`.
    BufferAtomicSminX2,
    /// `s_buffer_atomic_umin_x2`.
    BufferAtomicUminX2,
    /// `s_buffer_atomic_smax_x2`.
    BufferAtomicSmaxX2,
    /// `s_buffer_atomic_umax_x2`.
    BufferAtomicUmaxX2,
    /// `s_buffer_atomic_and_x2`.
    BufferAtomicAndX2,
    /// `s_buffer_atomic_or_x2`.
    BufferAtomicOrX2,
    /// `s_buffer_atomic_xor_x2`.
    BufferAtomicXorX2,
    /// `s_buffer_atomic_inc_x2`.
    BufferAtomicIncX2,
    /// `s_buffer_atomic_dec_x2`.
    BufferAtomicDecX2,
    /// `s_atomic_swap`.
    AtomicSwap,
    /// `s_atomic_cmpswap`.
    AtomicCmpswap,
    /// `s_atomic_add`.
    AtomicAdd,
    /// `s_atomic_sub`.
    AtomicSub,
    /// `s_atomic_smin`.
    AtomicSmin,
    /// `s_atomic_umin`.
    AtomicUmin,
    /// `s_atomic_smax`.
    AtomicSmax,
    /// `s_atomic_umax`.
    AtomicUmax,
    /// `s_atomic_and`.
    AtomicAnd,
    /// `s_atomic_or`.
    AtomicOr,
    /// `s_atomic_xor`.
    AtomicXor,
    /// `s_atomic_inc`.
    AtomicInc,
    /// `s_atomic_dec`.
    AtomicDec,
    /// `s_atomic_swap_x2`.
    AtomicSwapX2,
    /// `s_atomic_cmpswap_x2`.
    AtomicCmpswapX2,
    /// `s_atomic_add_x2`.
    AtomicAddX2,
    /// `s_atomic_sub_x2`.
    AtomicSubX2,
    /// `s_atomic_smin_x2`.
    AtomicSminX2,
    /// `s_atomic_umin_x2`.
    AtomicUminX2,
    /// `s_atomic_smax_x2`.
    AtomicSmaxX2,
    /// `s_atomic_umax_x2`.
    AtomicUmaxX2,
    /// `s_atomic_and_x2`.
    AtomicAndX2,
    /// `s_atomic_or_x2`.
    AtomicOrX2,
    /// `s_atomic_xor_x2`.
    AtomicXorX2,
    /// `s_atomic_inc_x2`.
    AtomicIncX2,
    /// `s_atomic_dec_x2`.
    AtomicDecX2,
    /// `s_add_u32`.
    AddU32,
    /// `s_sub_u32`.
    SubU32,
    /// `s_add_i32`.
    AddI32,
    /// `s_sub_i32`.
    SubI32,
    /// `s_addc_u32`.
    AddcU32,
    /// `s_subb_u32`.
    SubbU32,
    /// `s_min_i32`.
    MinI32,
    /// `s_min_u32`.
    MinU32,
    /// `s_max_i32`.
    MaxI32,
    /// `s_max_u32`.
    MaxU32,
    /// `s_cselect_b32`.
    CselectB32,
    /// `s_cselect_b64`.
    CselectB64,
    /// `s_and_b32`.
    AndB32,
    /// `s_and_b64`.
    AndB64,
    /// `s_or_b32`.
    OrB32,
    /// `s_or_b64`.
    OrB64,
    /// `s_xor_b32`.
    XorB32,
    /// `s_xor_b64`.
    XorB64,
    /// `s_andn2_b32`.
    Andn2B32,
    /// `s_andn2_b64`.
    Andn2B64,
    /// `s_orn2_b32`.
    Orn2B32,
    /// `s_orn2_b64`.
    Orn2B64,
    /// `s_nand_b32`.
    NandB32,
    /// `s_nand_b64`.
    NandB64,
    /// `s_nor_b32`.
    NorB32,
    /// `s_nor_b64`.
    NorB64,
    /// `s_xnor_b32`.
    XnorB32,
    /// `s_xnor_b64`.
    XnorB64,
    /// `s_lshl_b32`.
    LshlB32,
    /// `s_lshl_b64`.
    LshlB64,
    /// `s_lshr_b32`.
    LshrB32,
    /// `s_lshr_b64`.
    LshrB64,
    /// `s_ashr_i32`.
    AshrI32,
    /// `s_ashr_i64`.
    AshrI64,
    /// `s_bfm_b32`.
    BfmB32,
    /// `s_bfm_b64`.
    BfmB64,
    /// `s_mul_i32`.
    MulI32,
    /// `s_bfe_u32`.
    BfeU32,
    /// `s_bfe_i32`.
    BfeI32,
    /// `s_bfe_u64`.
    BfeU64,
    /// `s_bfe_i64`.
    BfeI64,
    /// `s_cbranch_g_fork`.
    CbranchGFork,
    /// `s_absdiff_i32`.
    AbsdiffI32,
    /// `s_rfe_restore_b64`.
    RfeRestoreB64,
    /// `s_mul_hi_u32`.
    MulHiU32,
    /// `s_mul_hi_i32`.
    MulHiI32,
    /// `s_lshl1_add_u32`.
    Lshl1AddU32,
    /// `s_lshl2_add_u32`.
    Lshl2AddU32,
    /// `s_lshl3_add_u32`.
    Lshl3AddU32,
    /// `s_lshl4_add_u32`.
    Lshl4AddU32,
    /// `s_pack_ll_b32_b16`.
    PackLlB32B16,
    /// `s_pack_lh_b32_b16`.
    PackLhB32B16,
    /// `s_pack_hh_b32_b16`.
    PackHhB32B16,
    /// `s_mov_b32`.
    MovB32,
    /// `s_mov_b64`.
    MovB64,
    /// `s_cmov_b32`.
    CmovB32,
    /// `s_cmov_b64`.
    CmovB64,
    /// `s_not_b32`.
    NotB32,
    /// `s_not_b64`.
    NotB64,
    /// `s_wqm_b32`.
    WqmB32,
    /// `s_wqm_b64`.
    WqmB64,
    /// `s_brev_b32`.
    BrevB32,
    /// `s_brev_b64`.
    BrevB64,
    /// `s_bcnt0_i32_b32`.
    Bcnt0I32B32,
    /// `s_bcnt0_i32_b64`.
    Bcnt0I32B64,
    /// `s_bcnt1_i32_b32`.
    Bcnt1I32B32,
    /// `s_bcnt1_i32_b64`.
    Bcnt1I32B64,
    /// `s_ff0_i32_b32`.
    Ff0I32B32,
    /// `s_ff0_i32_b64`.
    Ff0I32B64,
    /// `s_ff1_i32_b32`.
    Ff1I32B32,
    /// `s_ff1_i32_b64`.
    Ff1I32B64,
    /// `s_flbit_i32_b32`.
    FlbitI32B32,
    /// `s_flbit_i32_b64`.
    FlbitI32B64,
    /// `s_flbit_i32`.
    FlbitI32,
    /// `s_flbit_i32_i64`.
    FlbitI32I64,
    /// `s_sext_i32_i8`.
    SextI32I8,
    /// `s_sext_i32_i16`.
    SextI32I16,
    /// `s_bitset0_b32`.
    Bitset0B32,
    /// `s_bitset0_b64`.
    Bitset0B64,
    /// `s_bitset1_b32`.
    Bitset1B32,
    /// `s_bitset1_b64`.
    Bitset1B64,
    /// `s_getpc_b64`.
    GetpcB64,
    /// `s_setpc_b64`.
    SetpcB64,
    /// `s_swappc_b64`.
    SwappcB64,
    /// `s_rfe_b64`.
    RfeB64,
    /// `s_and_saveexec_b64`.
    AndSaveexecB64,
    /// `s_or_saveexec_b64`.
    OrSaveexecB64,
    /// `s_xor_saveexec_b64`.
    XorSaveexecB64,
    /// `s_andn2_saveexec_b64`.
    Andn2SaveexecB64,
    /// `s_orn2_saveexec_b64`.
    Orn2SaveexecB64,
    /// `s_nand_saveexec_b64`.
    NandSaveexecB64,
    /// `s_nor_saveexec_b64`.
    NorSaveexecB64,
    /// `s_xnor_saveexec_b64`.
    XnorSaveexecB64,
    /// `s_quadmask_b32`.
    QuadmaskB32,
    /// `s_quadmask_b64`.
    QuadmaskB64,
    /// `s_movrels_b32`.
    MovrelsB32,
    /// `s_movrels_b64`.
    MovrelsB64,
    /// `s_movreld_b32`.
    MovreldB32,
    /// `s_movreld_b64`.
    MovreldB64,
    /// `s_cbranch_join`.
    CbranchJoin,
    /// `s_abs_i32`.
    AbsI32,
    /// `s_set_gpr_idx_idx`.
    SetGprIdxIdx,
    /// `s_andn1_saveexec_b64`.
    Andn1SaveexecB64,
    /// `s_orn1_saveexec_b64`.
    Orn1SaveexecB64,
    /// `s_andn1_wrexec_b64`.
    Andn1WrexecB64,
    /// `s_andn2_wrexec_b64`.
    Andn2WrexecB64,
    /// `s_bitreplicate_b64_b32`.
    BitreplicateB64B32,
    /// `s_movk_i32`.
    MovkI32,
    /// `s_cmovk_i32`.
    CmovkI32,
    /// `s_cmpk_eq_i32`.
    CmpkEqI32,
    /// `s_cmpk_lg_i32`.
    CmpkLgI32,
    /// `s_cmpk_gt_i32`.
    CmpkGtI32,
    /// `s_cmpk_ge_i32`.
    CmpkGeI32,
    /// `s_cmpk_lt_i32`.
    CmpkLtI32,
    /// `s_cmpk_le_i32`.
    CmpkLeI32,
    /// `s_cmpk_eq_u32`.
    CmpkEqU32,
    /// `s_cmpk_lg_u32`.
    CmpkLgU32,
    /// `s_cmpk_gt_u32`.
    CmpkGtU32,
    /// `s_cmpk_ge_u32`.
    CmpkGeU32,
    /// `s_cmpk_lt_u32`.
    CmpkLtU32,
    /// `s_cmpk_le_u32`.
    CmpkLeU32,
    /// `s_addk_i32`.
    AddkI32,
    /// `s_mulk_i32`.
    MulkI32,
    /// `s_cbranch_i_fork`.
    CbranchIFork,
    /// `s_getreg_b32`.
    GetregB32,
    /// `s_setreg_b32`.
    SetregB32,
    /// `s_setreg_imm32_b32`.
    SetregImm32B32,
    /// `s_call_b64`.
    CallB64,
    /// `s_cmp_eq_i32`.
    CmpEqI32,
    /// `s_cmp_lg_i32`.
    CmpLgI32,
    /// `s_cmp_gt_i32`.
    CmpGtI32,
    /// `s_cmp_ge_i32`.
    CmpGeI32,
    /// `s_cmp_lt_i32`.
    CmpLtI32,
    /// `s_cmp_le_i32`.
    CmpLeI32,
    /// `s_cmp_eq_u32`.
    CmpEqU32,
    /// `s_cmp_lg_u32`.
    CmpLgU32,
    /// `s_cmp_gt_u32`.
    CmpGtU32,
    /// `s_cmp_ge_u32`.
    CmpGeU32,
    /// `s_cmp_lt_u32`.
    CmpLtU32,
    /// `s_cmp_le_u32`.
    CmpLeU32,
    /// `s_bitcmp0_b32`.
    Bitcmp0B32,
    /// `s_bitcmp1_b32`.
    Bitcmp1B32,
    /// `s_bitcmp0_b64`.
    Bitcmp0B64,
    /// `s_bitcmp1_b64`.
    Bitcmp1B64,
    /// `s_setvskip`.
    Setvskip,
    /// `s_set_gpr_idx_on`.
    SetGprIdxOn,
    /// `s_cmp_eq_u64`.
    CmpEqU64,
    /// `s_cmp_lg_u64`.
    CmpLgU64,
    /// `s_nop`.
    Nop,
    /// `s_endpgm`.
    Endpgm,
    /// `s_branch`.
    Branch,
    /// `s_wakeup`.
    Wakeup,
    /// `s_cbranch_scc0`.
    CbranchScc0,
    /// `s_cbranch_scc1`.
    CbranchScc1,
    /// `s_cbranch_vccz`.
    CbranchVccz,
    /// `s_cbranch_vccnz`.
    CbranchVccnz,
    /// `s_cbranch_execz`.
    CbranchExecz,
    /// `s_cbranch_execnz`.
    CbranchExecnz,
    /// `s_barrier`.
    Barrier,
    /// `s_setkill`.
    Setkill,
    /// `s_waitcnt`.
    Waitcnt,
    /// `s_sethalt`.
    Sethalt,
    /// `s_sleep`.
    Sleep,
    /// `s_setprio`.
    Setprio,
    /// `s_sendmsg`.
    Sendmsg,
    /// `s_sendmsghalt`.
    Sendmsghalt,
    /// `s_trap`.
    Trap,
    /// `s_icache_inv`.
    IcacheInv,
    /// `s_incperflevel`.
    Incperflevel,
    /// `s_decperflevel`.
    Decperflevel,
    /// `s_ttracedata`.
    Ttracedata,
    /// `s_cbranch_cdbgsys`.
    CbranchCdbgsys,
    /// `s_cbranch_cdbguser`.
    CbranchCdbguser,
    /// `s_cbranch_cdbgsys_or_user`.
    CbranchCdbgsysOrUser,
    /// `s_cbranch_cdbgsys_and_user`.
    CbranchCdbgsysAndUser,
    /// `s_endpgm_saved`.
    EndpgmSaved,
    /// `s_set_gpr_idx_off`.
    SetGprIdxOff,
    /// `s_set_gpr_idx_mode`.
    SetGprIdxMode,
    /// `s_endpgm_ordered_ps_done`.
    EndpgmOrderedPsDone,
}

/// A small set of the registers an instruction reads or writes without
/// naming them as operands (Vega ISA chapters 4–5): SCC, VCC, EXEC, M0, and
/// the SDST operand for instructions that read their destination
/// (read-modify-write, e.g. `s_bitset1_b32`, `s_addk_i32`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Implicit(u8);

impl Implicit {
    /// No implicit register.
    pub const NONE: Implicit = Implicit(0);
    /// The scalar condition code.
    pub const SCC: Implicit = Implicit(1);
    /// VCC (`vcc_lo`, `vcc_hi`).
    pub const VCC: Implicit = Implicit(2);
    /// EXEC (`exec_lo`, `exec_hi`).
    pub const EXEC: Implicit = Implicit(4);
    /// M0.
    pub const M0: Implicit = Implicit(8);
    /// The SDST operand, read as well as written (only in `implicit_reads`).
    pub const SDST: Implicit = Implicit(16);

    /// The union of two sets.
    pub const fn union(self, other: Implicit) -> Implicit {
        Implicit(self.0 | other.0)
    }

    /// Whether every register of `other` is in the set.
    pub const fn contains(self, other: Implicit) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Implicit {
    type Output = Implicit;
    fn bitor(self, rhs: Implicit) -> Implicit {
        self.union(rhs)
    }
}

/// The implicit (reads, writes) of `op` (Vega ISA chapters 4–5, 12).
const fn implicit(op: SOp) -> (Implicit, Implicit) {
    use SOp::*;
    const N: Implicit = Implicit::NONE;
    const SCC: Implicit = Implicit::SCC;
    const EXEC: Implicit = Implicit::EXEC;
    const M0: Implicit = Implicit::M0;
    const VCC: Implicit = Implicit::VCC;
    const SDST: Implicit = Implicit::SDST;
    match op {
        // SCC in and out.
        AddcU32 | SubbU32 => (SCC, SCC),
        // SCC in.
        CselectB32 | CselectB64 | CmovB32 | CmovB64 | CmovkI32 | CbranchScc0 | CbranchScc1 => {
            (SCC, N)
        }
        // SCC out.
        AddU32 | SubU32 | AddI32 | SubI32 | MinI32 | MinU32 | MaxI32 | MaxU32 | AndB32 | AndB64
        | OrB32 | OrB64 | XorB32 | XorB64 | Andn2B32 | Andn2B64 | Orn2B32 | Orn2B64 | NandB32
        | NandB64 | NorB32 | NorB64 | XnorB32 | XnorB64 | LshlB32 | LshlB64 | LshrB32 | LshrB64
        | AshrI32 | AshrI64 | BfeU32 | BfeI32 | BfeU64 | BfeI64 | AbsdiffI32 | Lshl1AddU32
        | Lshl2AddU32 | Lshl3AddU32 | Lshl4AddU32 | NotB32 | NotB64 | WqmB32 | WqmB64
        | Bcnt0I32B32 | Bcnt0I32B64 | Bcnt1I32B32 | Bcnt1I32B64 | QuadmaskB32 | QuadmaskB64
        | AbsI32 | CmpkEqI32 | CmpkLgI32 | CmpkGtI32 | CmpkGeI32 | CmpkLtI32 | CmpkLeI32
        | CmpkEqU32 | CmpkLgU32 | CmpkGtU32 | CmpkGeU32 | CmpkLtU32 | CmpkLeU32 | CmpEqI32
        | CmpLgI32 | CmpGtI32 | CmpGeI32 | CmpLtI32 | CmpLeI32 | CmpEqU32 | CmpLgU32 | CmpGtU32
        | CmpGeU32 | CmpLtU32 | CmpLeU32 | Bitcmp0B32 | Bitcmp1B32 | Bitcmp0B64 | Bitcmp1B64
        | CmpEqU64 | CmpLgU64 => (N, SCC),
        // Read-modify-write of SDST.
        AddkI32 => (SDST, SCC),
        MulkI32 | Bitset0B32 | Bitset0B64 | Bitset1B32 | Bitset1B64 => (SDST, N),
        // EXEC in and out.
        AndSaveexecB64 | OrSaveexecB64 | XorSaveexecB64 | Andn2SaveexecB64 | Orn2SaveexecB64
        | NandSaveexecB64 | NorSaveexecB64 | XnorSaveexecB64 | Andn1SaveexecB64
        | Orn1SaveexecB64 | Andn1WrexecB64 | Andn2WrexecB64 => (EXEC, EXEC.union(SCC)),
        CbranchExecz | CbranchExecnz => (EXEC, N),
        CbranchVccz | CbranchVccnz => (VCC, N),
        // M0-relative moves; GPR indexing mode lives in M0.
        MovrelsB32 | MovrelsB64 | MovreldB32 | MovreldB64 => (M0, N),
        SetGprIdxIdx | SetGprIdxOn | SetGprIdxMode => (M0, M0),
        _ => (N, N),
    }
}

/// Where control goes after an instruction (Vega ISA chapter 4, "Program Flow
/// Control", and chapter 12's SOPP/SOP1/SOPK descriptions): the facts a static
/// control-flow graph is built from. Traps, halts and messages continue at the next
/// instruction here (a trap handler returns there; `s_sethalt 0` does not halt), so a
/// graph built from these facts never calls code unreachable that can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Control {
    /// The next instruction.
    Next,
    /// The wave ends (`s_endpgm`, `s_endpgm_saved`, `s_endpgm_ordered_ps_done`).
    End,
    /// The SIMM16 branch target only (`s_branch`).
    Jump,
    /// The SIMM16 branch target or the next instruction (`s_cbranch_*`; `s_call_b64`
    /// and `s_cbranch_i_fork`, whose other path comes back to the next one).
    Branch,
    /// An address held in registers (`s_setpc_b64`, `s_rfe_b64`, `s_rfe_restore_b64`,
    /// `s_cbranch_join`).
    Indirect,
    /// An address held in registers, and back to the next instruction
    /// (`s_swappc_b64`: a call; `s_cbranch_g_fork`).
    IndirectCall,
}

/// The [`Control`] of `op`.
const fn control(op: SOp) -> Control {
    use SOp::*;
    match op {
        Endpgm | EndpgmSaved | EndpgmOrderedPsDone => Control::End,
        Branch => Control::Jump,
        CbranchScc0
        | CbranchScc1
        | CbranchVccz
        | CbranchVccnz
        | CbranchExecz
        | CbranchExecnz
        | CbranchCdbgsys
        | CbranchCdbguser
        | CbranchCdbgsysOrUser
        | CbranchCdbgsysAndUser
        | CallB64
        | CbranchIFork => Control::Branch,
        SetpcB64 | RfeB64 | RfeRestoreB64 | CbranchJoin => Control::Indirect,
        SwappcB64 | CbranchGFork => Control::IndirectCall,
        _ => Control::Next,
    }
}

/// The memory space of an SMEM instruction's base (Vega spaces of
/// [`gpumem_isa::Space`]): [`Space::Global`] for a 64-bit address in an SGPR
/// pair, [`Space::Buffer`] for a V# (4 SGPRs: base, stride, num_records),
/// [`Space::Scratch`] for `s_scratch_*` (LLVM documents that the hardware
/// uses FLAT_SCRATCH).
pub use gpumem_isa::Space;

/// One row of the table: one instruction encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InstDef {
    /// What the instruction does.
    pub op: SOp,
    /// llvm-mc mnemonic.
    pub name: &'static str,
    /// Encoding format.
    pub format: Format,
    /// Opcode field value.
    pub opcode: u8,
    /// Operands in assembly order.
    pub operands: &'static [Operand],
    /// Registers read without being named as operands.
    pub implicit_reads: Implicit,
    /// Registers written without being named as operands.
    pub implicit_writes: Implicit,
    /// Where control goes next.
    pub control: Control,
    /// Memory behaviour.
    pub mem: Mem,
    /// Address space of the base (SMEM loads, stores, atomics, probes, discards).
    pub space: Option<Space>,
    /// Whether the `glc` modifier exists (SMEM loads, stores and atomics; llvm-mc
    /// rejects it on probes and discards and ignores the bit when decoding them).
    pub glc: bool,
    /// Whether the assembler accepts a 32-bit literal source
    /// (llvm-mc rejects one for `s_cbranch_g_fork`, though it decodes one).
    pub literal_ok: bool,
    /// Targets the row is valid on ([`Target::bit`] set).
    pub targets: u8,
}

impl InstDef {
    /// Whether the instruction exists on `t`.
    pub fn valid_on(&self, t: Target) -> bool {
        self.targets & t.bit() != 0
    }

    /// The SMEM data register count (0 when there is no data register).
    #[inline]
    pub fn data_dwords(&self) -> u8 {
        self.operands
            .iter()
            .find_map(|o| match (o.field, o.kind) {
                (Field::Sdst, Kind::Reg(c)) if self.format == Format::Smem => Some(c.dwords()),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// The operand stored in `field`, if any.
    pub fn operand(&self, field: Field) -> Option<&'static Operand> {
        self.operands.iter().find(|o| o.field == field)
    }

    /// How much the instruction adds to LGKM_CNT at issue, and takes off when its
    /// last part returns (Vega ISA §7.3): 1 for a one-dword SMEM, 2 for two or more
    /// dwords (`s_memtime` and `s_memrealtime` return two); 1 for cache control and
    /// discards (CLRX); 0 for probes (LLVM) and for everything that is not SMEM.
    pub fn lgkm_weight(&self) -> u8 {
        match self.mem {
            Mem::Probe | Mem::None => 0,
            Mem::CacheCtl | Mem::Discard => 1,
            Mem::Time => 2,
            Mem::Load | Mem::Store | Mem::Atomic => {
                if self.data_dwords() == 1 {
                    1
                } else {
                    2
                }
            }
        }
    }

    /// The SGPRs an SMEM writes when its data returns, in dwords: a load's data, a
    /// time's 64 bits, an atomic's pre-op value (one data width: `cmpswap` carries the
    /// compare value beside it and returns only the first half) when `glc` is set.
    pub fn returned_dwords(&self, glc: bool) -> u8 {
        use SOp::*;
        let n = self.data_dwords();
        match self.mem {
            Mem::Load | Mem::Time => n,
            Mem::Atomic if !glc => 0,
            Mem::Atomic => match self.op {
                AtomicCmpswap | AtomicCmpswapX2 | BufferAtomicCmpswap | BufferAtomicCmpswapX2 => {
                    n / 2
                }
                _ => n,
            },
            _ => 0,
        }
    }
}

const fn op(field: Field, kind: Kind, written: bool) -> Operand {
    Operand {
        field,
        kind,
        written,
    }
}

// ---- operand shorthands ----------------------------------------------------

const D32: Operand = op(Field::Sdst, Kind::Reg(RegClass::SReg32), true);
const D64: Operand = op(Field::Sdst, Kind::Reg(RegClass::SReg64), true);
/// `s_setreg_b32`: the SDST field is a source.
const R32_SDST: Operand = op(Field::Sdst, Kind::Reg(RegClass::SReg32), false);
const A32: Operand = op(
    Field::Ssrc0,
    Kind::Src {
        dwords: 1,
        consts: true,
    },
    false,
);
const A64: Operand = op(
    Field::Ssrc0,
    Kind::Src {
        dwords: 2,
        consts: true,
    },
    false,
);
const B32: Operand = op(
    Field::Ssrc1,
    Kind::Src {
        dwords: 1,
        consts: true,
    },
    false,
);
const B64: Operand = op(
    Field::Ssrc1,
    Kind::Src {
        dwords: 2,
        consts: true,
    },
    false,
);
const RA32: Operand = op(
    Field::Ssrc0,
    Kind::Src {
        dwords: 1,
        consts: false,
    },
    false,
);
const RA64: Operand = op(
    Field::Ssrc0,
    Kind::Src {
        dwords: 2,
        consts: false,
    },
    false,
);
const fn k(style: Imm16) -> Operand {
    op(Field::Simm16, Kind::Imm16(style), false)
}

const O_D32_A32_B32: &[Operand] = &[D32, A32, B32];
const O_D64_A64_B64: &[Operand] = &[D64, A64, B64];
const O_D64_A64_B32: &[Operand] = &[D64, A64, B32];
const O_D64_A32_B32: &[Operand] = &[D64, A32, B32];
const O_A64_B64: &[Operand] = &[A64, B64];
const O_A64_B32: &[Operand] = &[A64, B32];
const O_A32_B32: &[Operand] = &[A32, B32];
const O_D32_A32: &[Operand] = &[D32, A32];
const O_D64_A64: &[Operand] = &[D64, A64];
const O_D32_A64: &[Operand] = &[D32, A64];
const O_D64_A32: &[Operand] = &[D64, A32];
const O_D64: &[Operand] = &[D64];
const O_A32: &[Operand] = &[A32];
const O_RA32: &[Operand] = &[RA32];
const O_RA64: &[Operand] = &[RA64];
const O_D32_RA32: &[Operand] = &[D32, RA32];
const O_D64_RA64: &[Operand] = &[D64, RA64];
const O_NONE: &[Operand] = &[];
const O_K_HEX: &[Operand] = &[D32, k(Imm16::Hex { unsigned: false })];
/// `s_cmpk_*`: SDST is read, not written.
const O_CMPK: &[Operand] = &[
    op(Field::Sdst, Kind::Reg(RegClass::SReg32), false),
    k(Imm16::Hex { unsigned: false }),
];
const O_CMPKU: &[Operand] = &[
    op(Field::Sdst, Kind::Reg(RegClass::SReg32), false),
    k(Imm16::Hex { unsigned: true }),
];
const O_D64_BR: &[Operand] = &[D64, k(Imm16::Branch)];
const O_GETREG: &[Operand] = &[D32, k(Imm16::Hwreg)];
const O_SETREG: &[Operand] = &[k(Imm16::Hwreg), R32_SDST];
const O_SETREG_IMM: &[Operand] = &[k(Imm16::Hwreg), op(Field::Literal, Kind::Literal32, false)];
const O_GPR_IDX_ON: &[Operand] = &[A32, op(Field::Ssrc1, Kind::GprIdx8, false)];
const O_P_PLAIN: &[Operand] = &[k(Imm16::Plain)];
const O_P_BRANCH: &[Operand] = &[k(Imm16::Branch)];
const O_P_ENDPGM: &[Operand] = &[k(Imm16::EndPgm)];
const O_P_MSG: &[Operand] = &[k(Imm16::SendMsg)];
const O_P_WAIT: &[Operand] = &[k(Imm16::Waitcnt)];
const O_P_GPR_IDX: &[Operand] = &[k(Imm16::GprIdx)];

// SMEM operand lists.
const fn sdata(c: RegClass, written: bool) -> Operand {
    op(Field::Sdst, Kind::Reg(c), written)
}
const BASE64: Operand = op(Field::Sbase, Kind::Base { dwords: 2 }, false);
const BASE128: Operand = op(Field::Sbase, Kind::Base { dwords: 4 }, false);
const OFF_S: Operand = op(Field::Offset, Kind::SmemOffset { signed: true }, false);
const OFF_U: Operand = op(Field::Offset, Kind::SmemOffset { signed: false }, false);

macro_rules! smem_lists {
    ($($name:ident = [$class:ident, $written:expr, $base:ident, $off:ident];)*) => {
        $(const $name: &[Operand] = &[sdata(RegClass::$class, $written), $base, $off];)*
    };
}
smem_lists! {
    LD1 = [SReg32XM0XExec, true, BASE64, OFF_S];
    LD2 = [SReg64XExec, true, BASE64, OFF_S];
    LD4 = [SReg128, true, BASE64, OFF_S];
    LD8 = [SReg256, true, BASE64, OFF_S];
    LD16 = [SReg512, true, BASE64, OFF_S];
    BLD1 = [SReg32XM0XExec, true, BASE128, OFF_U];
    BLD2 = [SReg64XExec, true, BASE128, OFF_U];
    BLD4 = [SReg128, true, BASE128, OFF_U];
    BLD8 = [SReg256, true, BASE128, OFF_U];
    BLD16 = [SReg512, true, BASE128, OFF_U];
    ST1 = [SReg32XM0XExec, false, BASE64, OFF_S];
    ST2 = [SReg64XExec, false, BASE64, OFF_S];
    ST4 = [SReg128, false, BASE64, OFF_S];
    BST1 = [SReg32XM0XExec, false, BASE128, OFF_U];
    BST2 = [SReg64XExec, false, BASE128, OFF_U];
    BST4 = [SReg128, false, BASE128, OFF_U];
    // Atomics: SDATA is read, and written back when GLC=1.
    AT1 = [SReg32XM0XExec, true, BASE64, OFF_S];
    AT2 = [SReg64XExec, true, BASE64, OFF_S];
    AT4 = [SReg128, true, BASE64, OFF_S];
    BAT1 = [SReg32XM0XExec, true, BASE128, OFF_U];
    BAT2 = [SReg64XExec, true, BASE128, OFF_U];
    BAT4 = [SReg128, true, BASE128, OFF_U];
}
const TIME: &[Operand] = &[sdata(RegClass::SReg64XExec, true)];
const PROBE: &[Operand] = &[op(Field::Sdst, Kind::ProbeImm, false), BASE64, OFF_S];
const PROBE_BUF: &[Operand] = &[op(Field::Sdst, Kind::ProbeImm, false), BASE128, OFF_U];
const DISCARD: &[Operand] = &[BASE64, OFF_S];

const fn row(
    op: SOp,
    name: &'static str,
    format: Format,
    opcode: u8,
    operands: &'static [Operand],
) -> InstDef {
    let (implicit_reads, implicit_writes) = implicit(op);
    InstDef {
        op,
        name,
        format,
        opcode,
        operands,
        implicit_reads,
        implicit_writes,
        control: control(op),
        mem: Mem::None,
        space: None,
        glc: false,
        literal_ok: true,
        targets: ALL_TARGETS,
    }
}

const fn smem(
    op: SOp,
    name: &'static str,
    opcode: u8,
    operands: &'static [Operand],
    mem: Mem,
    space: Option<Space>,
) -> InstDef {
    let (implicit_reads, implicit_writes) = implicit(op);
    InstDef {
        op,
        name,
        format: Format::Smem,
        opcode,
        operands,
        implicit_reads,
        implicit_writes,
        control: Control::Next,
        mem,
        space,
        glc: matches!(mem, Mem::Load | Mem::Store | Mem::Atomic),
        literal_ok: false,
        targets: ALL_TARGETS,
    }
}

/// An SMEM atomic, its operands and space by its opcode's layout (spec §3): bit 7 set is
/// a global atomic (`s_atomic_*`: 64-bit base, signed offset), clear a buffer one
/// (`s_buffer_atomic_*`: 128-bit descriptor, unsigned offset); bit 5 set works on 64-bit
/// data (`_x2`); cmpswap (low five bits 1) carries the compare value too: twice the data.
const fn atomic(op: SOp, name: &'static str, opcode: u8) -> InstDef {
    let global = opcode & 0x80 != 0;
    let dwords = (1 + (opcode >> 5 & 1)) << (opcode & 0x1f == 1) as u8;
    let (operands, space) = match (global, dwords) {
        (true, 1) => (AT1, GL),
        (true, 2) => (AT2, GL),
        (true, _) => (AT4, GL),
        (false, 1) => (BAT1, BUF),
        (false, 2) => (BAT2, BUF),
        (false, _) => (BAT4, BUF),
    };
    smem(op, name, opcode, operands, Mem::Atomic, space)
}

use Format::{Sop1, Sop2, Sopc, Sopk, Sopp};
use Mem::{CacheCtl, Discard, Load as Ld, Probe, Store as St, Time};
const GL: Option<Space> = Some(Space::Global);
const BUF: Option<Space> = Some(Space::Buffer);
const SCR: Option<Space> = Some(Space::Scratch);

/// Every gfx9 scalar instruction, one row per encoding.
pub static TABLE: &[InstDef] = &[
    // ---- SMEM (84 opcodes), spec §3 ----
    smem(SOp::LoadDword, "s_load_dword", 0x00, LD1, Ld, GL),
    smem(SOp::LoadDwordx2, "s_load_dwordx2", 0x01, LD2, Ld, GL),
    smem(SOp::LoadDwordx4, "s_load_dwordx4", 0x02, LD4, Ld, GL),
    smem(SOp::LoadDwordx8, "s_load_dwordx8", 0x03, LD8, Ld, GL),
    smem(SOp::LoadDwordx16, "s_load_dwordx16", 0x04, LD16, Ld, GL),
    smem(
        SOp::ScratchLoadDword,
        "s_scratch_load_dword",
        0x05,
        LD1,
        Ld,
        SCR,
    ),
    smem(
        SOp::ScratchLoadDwordx2,
        "s_scratch_load_dwordx2",
        0x06,
        LD2,
        Ld,
        SCR,
    ),
    smem(
        SOp::ScratchLoadDwordx4,
        "s_scratch_load_dwordx4",
        0x07,
        LD4,
        Ld,
        SCR,
    ),
    smem(
        SOp::BufferLoadDword,
        "s_buffer_load_dword",
        0x08,
        BLD1,
        Ld,
        BUF,
    ),
    smem(
        SOp::BufferLoadDwordx2,
        "s_buffer_load_dwordx2",
        0x09,
        BLD2,
        Ld,
        BUF,
    ),
    smem(
        SOp::BufferLoadDwordx4,
        "s_buffer_load_dwordx4",
        0x0A,
        BLD4,
        Ld,
        BUF,
    ),
    smem(
        SOp::BufferLoadDwordx8,
        "s_buffer_load_dwordx8",
        0x0B,
        BLD8,
        Ld,
        BUF,
    ),
    smem(
        SOp::BufferLoadDwordx16,
        "s_buffer_load_dwordx16",
        0x0C,
        BLD16,
        Ld,
        BUF,
    ),
    smem(SOp::StoreDword, "s_store_dword", 0x10, ST1, St, GL),
    smem(SOp::StoreDwordx2, "s_store_dwordx2", 0x11, ST2, St, GL),
    smem(SOp::StoreDwordx4, "s_store_dwordx4", 0x12, ST4, St, GL),
    smem(
        SOp::ScratchStoreDword,
        "s_scratch_store_dword",
        0x15,
        ST1,
        St,
        SCR,
    ),
    smem(
        SOp::ScratchStoreDwordx2,
        "s_scratch_store_dwordx2",
        0x16,
        ST2,
        St,
        SCR,
    ),
    smem(
        SOp::ScratchStoreDwordx4,
        "s_scratch_store_dwordx4",
        0x17,
        ST4,
        St,
        SCR,
    ),
    smem(
        SOp::BufferStoreDword,
        "s_buffer_store_dword",
        0x18,
        BST1,
        St,
        BUF,
    ),
    smem(
        SOp::BufferStoreDwordx2,
        "s_buffer_store_dwordx2",
        0x19,
        BST2,
        St,
        BUF,
    ),
    smem(
        SOp::BufferStoreDwordx4,
        "s_buffer_store_dwordx4",
        0x1A,
        BST4,
        St,
        BUF,
    ),
    smem(SOp::DcacheInv, "s_dcache_inv", 0x20, O_NONE, CacheCtl, None),
    smem(SOp::DcacheWb, "s_dcache_wb", 0x21, O_NONE, CacheCtl, None),
    smem(
        SOp::DcacheInvVol,
        "s_dcache_inv_vol",
        0x22,
        O_NONE,
        CacheCtl,
        None,
    ),
    smem(
        SOp::DcacheWbVol,
        "s_dcache_wb_vol",
        0x23,
        O_NONE,
        CacheCtl,
        None,
    ),
    smem(SOp::Memtime, "s_memtime", 0x24, TIME, Time, None),
    smem(SOp::Memrealtime, "s_memrealtime", 0x25, TIME, Time, None),
    smem(SOp::AtcProbe, "s_atc_probe", 0x26, PROBE, Probe, GL),
    smem(
        SOp::AtcProbeBuffer,
        "s_atc_probe_buffer",
        0x27,
        PROBE_BUF,
        Probe,
        BUF,
    ),
    smem(
        SOp::DcacheDiscard,
        "s_dcache_discard",
        0x28,
        DISCARD,
        Discard,
        GL,
    ),
    smem(
        SOp::DcacheDiscardX2,
        "s_dcache_discard_x2",
        0x29,
        DISCARD,
        Discard,
        GL,
    ),
    atomic(SOp::BufferAtomicSwap, "s_buffer_atomic_swap", 0x40),
    atomic(SOp::BufferAtomicCmpswap, "s_buffer_atomic_cmpswap", 0x41),
    atomic(SOp::BufferAtomicAdd, "s_buffer_atomic_add", 0x42),
    atomic(SOp::BufferAtomicSub, "s_buffer_atomic_sub", 0x43),
    atomic(SOp::BufferAtomicSmin, "s_buffer_atomic_smin", 0x44),
    atomic(SOp::BufferAtomicUmin, "s_buffer_atomic_umin", 0x45),
    atomic(SOp::BufferAtomicSmax, "s_buffer_atomic_smax", 0x46),
    atomic(SOp::BufferAtomicUmax, "s_buffer_atomic_umax", 0x47),
    atomic(SOp::BufferAtomicAnd, "s_buffer_atomic_and", 0x48),
    atomic(SOp::BufferAtomicOr, "s_buffer_atomic_or", 0x49),
    atomic(SOp::BufferAtomicXor, "s_buffer_atomic_xor", 0x4A),
    atomic(SOp::BufferAtomicInc, "s_buffer_atomic_inc", 0x4B),
    atomic(SOp::BufferAtomicDec, "s_buffer_atomic_dec", 0x4C),
    atomic(SOp::BufferAtomicSwapX2, "s_buffer_atomic_swap_x2", 0x60),
    atomic(
        SOp::BufferAtomicCmpswapX2,
        "s_buffer_atomic_cmpswap_x2",
        0x61,
    ),
    atomic(SOp::BufferAtomicAddX2, "s_buffer_atomic_add_x2", 0x62),
    atomic(SOp::BufferAtomicSubX2, "s_buffer_atomic_sub_x2", 0x63),
    atomic(SOp::BufferAtomicSminX2, "s_buffer_atomic_smin_x2", 0x64),
    atomic(SOp::BufferAtomicUminX2, "s_buffer_atomic_umin_x2", 0x65),
    atomic(SOp::BufferAtomicSmaxX2, "s_buffer_atomic_smax_x2", 0x66),
    atomic(SOp::BufferAtomicUmaxX2, "s_buffer_atomic_umax_x2", 0x67),
    atomic(SOp::BufferAtomicAndX2, "s_buffer_atomic_and_x2", 0x68),
    atomic(SOp::BufferAtomicOrX2, "s_buffer_atomic_or_x2", 0x69),
    atomic(SOp::BufferAtomicXorX2, "s_buffer_atomic_xor_x2", 0x6A),
    atomic(SOp::BufferAtomicIncX2, "s_buffer_atomic_inc_x2", 0x6B),
    atomic(SOp::BufferAtomicDecX2, "s_buffer_atomic_dec_x2", 0x6C),
    atomic(SOp::AtomicSwap, "s_atomic_swap", 0x80),
    atomic(SOp::AtomicCmpswap, "s_atomic_cmpswap", 0x81),
    atomic(SOp::AtomicAdd, "s_atomic_add", 0x82),
    atomic(SOp::AtomicSub, "s_atomic_sub", 0x83),
    atomic(SOp::AtomicSmin, "s_atomic_smin", 0x84),
    atomic(SOp::AtomicUmin, "s_atomic_umin", 0x85),
    atomic(SOp::AtomicSmax, "s_atomic_smax", 0x86),
    atomic(SOp::AtomicUmax, "s_atomic_umax", 0x87),
    atomic(SOp::AtomicAnd, "s_atomic_and", 0x88),
    atomic(SOp::AtomicOr, "s_atomic_or", 0x89),
    atomic(SOp::AtomicXor, "s_atomic_xor", 0x8A),
    atomic(SOp::AtomicInc, "s_atomic_inc", 0x8B),
    atomic(SOp::AtomicDec, "s_atomic_dec", 0x8C),
    atomic(SOp::AtomicSwapX2, "s_atomic_swap_x2", 0xA0),
    atomic(SOp::AtomicCmpswapX2, "s_atomic_cmpswap_x2", 0xA1),
    atomic(SOp::AtomicAddX2, "s_atomic_add_x2", 0xA2),
    atomic(SOp::AtomicSubX2, "s_atomic_sub_x2", 0xA3),
    atomic(SOp::AtomicSminX2, "s_atomic_smin_x2", 0xA4),
    atomic(SOp::AtomicUminX2, "s_atomic_umin_x2", 0xA5),
    atomic(SOp::AtomicSmaxX2, "s_atomic_smax_x2", 0xA6),
    atomic(SOp::AtomicUmaxX2, "s_atomic_umax_x2", 0xA7),
    atomic(SOp::AtomicAndX2, "s_atomic_and_x2", 0xA8),
    atomic(SOp::AtomicOrX2, "s_atomic_or_x2", 0xA9),
    atomic(SOp::AtomicXorX2, "s_atomic_xor_x2", 0xAA),
    atomic(SOp::AtomicIncX2, "s_atomic_inc_x2", 0xAB),
    atomic(SOp::AtomicDecX2, "s_atomic_dec_x2", 0xAC),
    // ---- SOP2 ----
    row(SOp::AddU32, "s_add_u32", Sop2, 0, O_D32_A32_B32),
    row(SOp::SubU32, "s_sub_u32", Sop2, 1, O_D32_A32_B32),
    row(SOp::AddI32, "s_add_i32", Sop2, 2, O_D32_A32_B32),
    row(SOp::SubI32, "s_sub_i32", Sop2, 3, O_D32_A32_B32),
    row(SOp::AddcU32, "s_addc_u32", Sop2, 4, O_D32_A32_B32),
    row(SOp::SubbU32, "s_subb_u32", Sop2, 5, O_D32_A32_B32),
    row(SOp::MinI32, "s_min_i32", Sop2, 6, O_D32_A32_B32),
    row(SOp::MinU32, "s_min_u32", Sop2, 7, O_D32_A32_B32),
    row(SOp::MaxI32, "s_max_i32", Sop2, 8, O_D32_A32_B32),
    row(SOp::MaxU32, "s_max_u32", Sop2, 9, O_D32_A32_B32),
    row(SOp::CselectB32, "s_cselect_b32", Sop2, 10, O_D32_A32_B32),
    row(SOp::CselectB64, "s_cselect_b64", Sop2, 11, O_D64_A64_B64),
    row(SOp::AndB32, "s_and_b32", Sop2, 12, O_D32_A32_B32),
    row(SOp::AndB64, "s_and_b64", Sop2, 13, O_D64_A64_B64),
    row(SOp::OrB32, "s_or_b32", Sop2, 14, O_D32_A32_B32),
    row(SOp::OrB64, "s_or_b64", Sop2, 15, O_D64_A64_B64),
    row(SOp::XorB32, "s_xor_b32", Sop2, 16, O_D32_A32_B32),
    row(SOp::XorB64, "s_xor_b64", Sop2, 17, O_D64_A64_B64),
    row(SOp::Andn2B32, "s_andn2_b32", Sop2, 18, O_D32_A32_B32),
    row(SOp::Andn2B64, "s_andn2_b64", Sop2, 19, O_D64_A64_B64),
    row(SOp::Orn2B32, "s_orn2_b32", Sop2, 20, O_D32_A32_B32),
    row(SOp::Orn2B64, "s_orn2_b64", Sop2, 21, O_D64_A64_B64),
    row(SOp::NandB32, "s_nand_b32", Sop2, 22, O_D32_A32_B32),
    row(SOp::NandB64, "s_nand_b64", Sop2, 23, O_D64_A64_B64),
    row(SOp::NorB32, "s_nor_b32", Sop2, 24, O_D32_A32_B32),
    row(SOp::NorB64, "s_nor_b64", Sop2, 25, O_D64_A64_B64),
    row(SOp::XnorB32, "s_xnor_b32", Sop2, 26, O_D32_A32_B32),
    row(SOp::XnorB64, "s_xnor_b64", Sop2, 27, O_D64_A64_B64),
    row(SOp::LshlB32, "s_lshl_b32", Sop2, 28, O_D32_A32_B32),
    row(SOp::LshlB64, "s_lshl_b64", Sop2, 29, O_D64_A64_B32),
    row(SOp::LshrB32, "s_lshr_b32", Sop2, 30, O_D32_A32_B32),
    row(SOp::LshrB64, "s_lshr_b64", Sop2, 31, O_D64_A64_B32),
    row(SOp::AshrI32, "s_ashr_i32", Sop2, 32, O_D32_A32_B32),
    row(SOp::AshrI64, "s_ashr_i64", Sop2, 33, O_D64_A64_B32),
    row(SOp::BfmB32, "s_bfm_b32", Sop2, 34, O_D32_A32_B32),
    row(SOp::BfmB64, "s_bfm_b64", Sop2, 35, O_D64_A32_B32),
    row(SOp::MulI32, "s_mul_i32", Sop2, 36, O_D32_A32_B32),
    row(SOp::BfeU32, "s_bfe_u32", Sop2, 37, O_D32_A32_B32),
    row(SOp::BfeI32, "s_bfe_i32", Sop2, 38, O_D32_A32_B32),
    row(SOp::BfeU64, "s_bfe_u64", Sop2, 39, O_D64_A64_B32),
    row(SOp::BfeI64, "s_bfe_i64", Sop2, 40, O_D64_A64_B32),
    InstDef {
        literal_ok: false,
        ..row(SOp::CbranchGFork, "s_cbranch_g_fork", Sop2, 41, O_A64_B64)
    },
    row(SOp::AbsdiffI32, "s_absdiff_i32", Sop2, 42, O_D32_A32_B32),
    row(SOp::RfeRestoreB64, "s_rfe_restore_b64", Sop2, 43, O_A64_B32),
    row(SOp::MulHiU32, "s_mul_hi_u32", Sop2, 44, O_D32_A32_B32),
    row(SOp::MulHiI32, "s_mul_hi_i32", Sop2, 45, O_D32_A32_B32),
    row(SOp::Lshl1AddU32, "s_lshl1_add_u32", Sop2, 46, O_D32_A32_B32),
    row(SOp::Lshl2AddU32, "s_lshl2_add_u32", Sop2, 47, O_D32_A32_B32),
    row(SOp::Lshl3AddU32, "s_lshl3_add_u32", Sop2, 48, O_D32_A32_B32),
    row(SOp::Lshl4AddU32, "s_lshl4_add_u32", Sop2, 49, O_D32_A32_B32),
    row(
        SOp::PackLlB32B16,
        "s_pack_ll_b32_b16",
        Sop2,
        50,
        O_D32_A32_B32,
    ),
    row(
        SOp::PackLhB32B16,
        "s_pack_lh_b32_b16",
        Sop2,
        51,
        O_D32_A32_B32,
    ),
    row(
        SOp::PackHhB32B16,
        "s_pack_hh_b32_b16",
        Sop2,
        52,
        O_D32_A32_B32,
    ),
    // ---- SOP1 ----
    row(SOp::MovB32, "s_mov_b32", Sop1, 0, O_D32_A32),
    row(SOp::MovB64, "s_mov_b64", Sop1, 1, O_D64_A64),
    row(SOp::CmovB32, "s_cmov_b32", Sop1, 2, O_D32_A32),
    row(SOp::CmovB64, "s_cmov_b64", Sop1, 3, O_D64_A64),
    row(SOp::NotB32, "s_not_b32", Sop1, 4, O_D32_A32),
    row(SOp::NotB64, "s_not_b64", Sop1, 5, O_D64_A64),
    row(SOp::WqmB32, "s_wqm_b32", Sop1, 6, O_D32_A32),
    row(SOp::WqmB64, "s_wqm_b64", Sop1, 7, O_D64_A64),
    row(SOp::BrevB32, "s_brev_b32", Sop1, 8, O_D32_A32),
    row(SOp::BrevB64, "s_brev_b64", Sop1, 9, O_D64_A64),
    row(SOp::Bcnt0I32B32, "s_bcnt0_i32_b32", Sop1, 10, O_D32_A32),
    row(SOp::Bcnt0I32B64, "s_bcnt0_i32_b64", Sop1, 11, O_D32_A64),
    row(SOp::Bcnt1I32B32, "s_bcnt1_i32_b32", Sop1, 12, O_D32_A32),
    row(SOp::Bcnt1I32B64, "s_bcnt1_i32_b64", Sop1, 13, O_D32_A64),
    row(SOp::Ff0I32B32, "s_ff0_i32_b32", Sop1, 14, O_D32_A32),
    row(SOp::Ff0I32B64, "s_ff0_i32_b64", Sop1, 15, O_D32_A64),
    row(SOp::Ff1I32B32, "s_ff1_i32_b32", Sop1, 16, O_D32_A32),
    row(SOp::Ff1I32B64, "s_ff1_i32_b64", Sop1, 17, O_D32_A64),
    row(SOp::FlbitI32B32, "s_flbit_i32_b32", Sop1, 18, O_D32_A32),
    row(SOp::FlbitI32B64, "s_flbit_i32_b64", Sop1, 19, O_D32_A64),
    row(SOp::FlbitI32, "s_flbit_i32", Sop1, 20, O_D32_A32),
    row(SOp::FlbitI32I64, "s_flbit_i32_i64", Sop1, 21, O_D32_A64),
    row(SOp::SextI32I8, "s_sext_i32_i8", Sop1, 22, O_D32_A32),
    row(SOp::SextI32I16, "s_sext_i32_i16", Sop1, 23, O_D32_A32),
    row(SOp::Bitset0B32, "s_bitset0_b32", Sop1, 24, O_D32_A32),
    row(SOp::Bitset0B64, "s_bitset0_b64", Sop1, 25, O_D64_A32),
    row(SOp::Bitset1B32, "s_bitset1_b32", Sop1, 26, O_D32_A32),
    row(SOp::Bitset1B64, "s_bitset1_b64", Sop1, 27, O_D64_A32),
    row(SOp::GetpcB64, "s_getpc_b64", Sop1, 28, O_D64),
    row(SOp::SetpcB64, "s_setpc_b64", Sop1, 29, O_RA64),
    row(SOp::SwappcB64, "s_swappc_b64", Sop1, 30, O_D64_A64),
    row(SOp::RfeB64, "s_rfe_b64", Sop1, 31, O_RA64),
    row(
        SOp::AndSaveexecB64,
        "s_and_saveexec_b64",
        Sop1,
        32,
        O_D64_A64,
    ),
    row(SOp::OrSaveexecB64, "s_or_saveexec_b64", Sop1, 33, O_D64_A64),
    row(
        SOp::XorSaveexecB64,
        "s_xor_saveexec_b64",
        Sop1,
        34,
        O_D64_A64,
    ),
    row(
        SOp::Andn2SaveexecB64,
        "s_andn2_saveexec_b64",
        Sop1,
        35,
        O_D64_A64,
    ),
    row(
        SOp::Orn2SaveexecB64,
        "s_orn2_saveexec_b64",
        Sop1,
        36,
        O_D64_A64,
    ),
    row(
        SOp::NandSaveexecB64,
        "s_nand_saveexec_b64",
        Sop1,
        37,
        O_D64_A64,
    ),
    row(
        SOp::NorSaveexecB64,
        "s_nor_saveexec_b64",
        Sop1,
        38,
        O_D64_A64,
    ),
    row(
        SOp::XnorSaveexecB64,
        "s_xnor_saveexec_b64",
        Sop1,
        39,
        O_D64_A64,
    ),
    row(SOp::QuadmaskB32, "s_quadmask_b32", Sop1, 40, O_D32_A32),
    row(SOp::QuadmaskB64, "s_quadmask_b64", Sop1, 41, O_D64_A64),
    row(SOp::MovrelsB32, "s_movrels_b32", Sop1, 42, O_D32_RA32),
    row(SOp::MovrelsB64, "s_movrels_b64", Sop1, 43, O_D64_RA64),
    row(SOp::MovreldB32, "s_movreld_b32", Sop1, 44, O_D32_A32),
    row(SOp::MovreldB64, "s_movreld_b64", Sop1, 45, O_D64_A64),
    row(SOp::CbranchJoin, "s_cbranch_join", Sop1, 46, O_RA32),
    row(SOp::AbsI32, "s_abs_i32", Sop1, 48, O_D32_A32),
    row(SOp::SetGprIdxIdx, "s_set_gpr_idx_idx", Sop1, 50, O_A32),
    row(
        SOp::Andn1SaveexecB64,
        "s_andn1_saveexec_b64",
        Sop1,
        51,
        O_D64_A64,
    ),
    row(
        SOp::Orn1SaveexecB64,
        "s_orn1_saveexec_b64",
        Sop1,
        52,
        O_D64_A64,
    ),
    row(
        SOp::Andn1WrexecB64,
        "s_andn1_wrexec_b64",
        Sop1,
        53,
        O_D64_A64,
    ),
    row(
        SOp::Andn2WrexecB64,
        "s_andn2_wrexec_b64",
        Sop1,
        54,
        O_D64_A64,
    ),
    row(
        SOp::BitreplicateB64B32,
        "s_bitreplicate_b64_b32",
        Sop1,
        55,
        O_D64_A32,
    ),
    // ---- SOPK ----
    row(SOp::MovkI32, "s_movk_i32", Sopk, 0, O_K_HEX),
    row(SOp::CmovkI32, "s_cmovk_i32", Sopk, 1, O_K_HEX),
    row(SOp::CmpkEqI32, "s_cmpk_eq_i32", Sopk, 2, O_CMPK),
    row(SOp::CmpkLgI32, "s_cmpk_lg_i32", Sopk, 3, O_CMPK),
    row(SOp::CmpkGtI32, "s_cmpk_gt_i32", Sopk, 4, O_CMPK),
    row(SOp::CmpkGeI32, "s_cmpk_ge_i32", Sopk, 5, O_CMPK),
    row(SOp::CmpkLtI32, "s_cmpk_lt_i32", Sopk, 6, O_CMPK),
    row(SOp::CmpkLeI32, "s_cmpk_le_i32", Sopk, 7, O_CMPK),
    row(SOp::CmpkEqU32, "s_cmpk_eq_u32", Sopk, 8, O_CMPKU),
    row(SOp::CmpkLgU32, "s_cmpk_lg_u32", Sopk, 9, O_CMPKU),
    row(SOp::CmpkGtU32, "s_cmpk_gt_u32", Sopk, 10, O_CMPKU),
    row(SOp::CmpkGeU32, "s_cmpk_ge_u32", Sopk, 11, O_CMPKU),
    row(SOp::CmpkLtU32, "s_cmpk_lt_u32", Sopk, 12, O_CMPKU),
    row(SOp::CmpkLeU32, "s_cmpk_le_u32", Sopk, 13, O_CMPKU),
    row(SOp::AddkI32, "s_addk_i32", Sopk, 14, O_K_HEX),
    row(SOp::MulkI32, "s_mulk_i32", Sopk, 15, O_K_HEX),
    row(SOp::CbranchIFork, "s_cbranch_i_fork", Sopk, 16, O_D64_BR),
    row(SOp::GetregB32, "s_getreg_b32", Sopk, 17, O_GETREG),
    row(SOp::SetregB32, "s_setreg_b32", Sopk, 18, O_SETREG),
    row(
        SOp::SetregImm32B32,
        "s_setreg_imm32_b32",
        Sopk,
        20,
        O_SETREG_IMM,
    ),
    row(SOp::CallB64, "s_call_b64", Sopk, 21, O_D64_BR),
    // ---- SOPC ----
    row(SOp::CmpEqI32, "s_cmp_eq_i32", Sopc, 0, O_A32_B32),
    row(SOp::CmpLgI32, "s_cmp_lg_i32", Sopc, 1, O_A32_B32),
    row(SOp::CmpGtI32, "s_cmp_gt_i32", Sopc, 2, O_A32_B32),
    row(SOp::CmpGeI32, "s_cmp_ge_i32", Sopc, 3, O_A32_B32),
    row(SOp::CmpLtI32, "s_cmp_lt_i32", Sopc, 4, O_A32_B32),
    row(SOp::CmpLeI32, "s_cmp_le_i32", Sopc, 5, O_A32_B32),
    row(SOp::CmpEqU32, "s_cmp_eq_u32", Sopc, 6, O_A32_B32),
    row(SOp::CmpLgU32, "s_cmp_lg_u32", Sopc, 7, O_A32_B32),
    row(SOp::CmpGtU32, "s_cmp_gt_u32", Sopc, 8, O_A32_B32),
    row(SOp::CmpGeU32, "s_cmp_ge_u32", Sopc, 9, O_A32_B32),
    row(SOp::CmpLtU32, "s_cmp_lt_u32", Sopc, 10, O_A32_B32),
    row(SOp::CmpLeU32, "s_cmp_le_u32", Sopc, 11, O_A32_B32),
    row(SOp::Bitcmp0B32, "s_bitcmp0_b32", Sopc, 12, O_A32_B32),
    row(SOp::Bitcmp1B32, "s_bitcmp1_b32", Sopc, 13, O_A32_B32),
    row(SOp::Bitcmp0B64, "s_bitcmp0_b64", Sopc, 14, O_A64_B32),
    row(SOp::Bitcmp1B64, "s_bitcmp1_b64", Sopc, 15, O_A64_B32),
    row(SOp::Setvskip, "s_setvskip", Sopc, 16, O_A32_B32),
    row(SOp::SetGprIdxOn, "s_set_gpr_idx_on", Sopc, 17, O_GPR_IDX_ON),
    row(SOp::CmpEqU64, "s_cmp_eq_u64", Sopc, 18, O_A64_B64),
    row(SOp::CmpLgU64, "s_cmp_lg_u64", Sopc, 19, O_A64_B64),
    // ---- SOPP ----
    row(SOp::Nop, "s_nop", Sopp, 0, O_P_PLAIN),
    row(SOp::Endpgm, "s_endpgm", Sopp, 1, O_P_ENDPGM),
    row(SOp::Branch, "s_branch", Sopp, 2, O_P_BRANCH),
    row(SOp::Wakeup, "s_wakeup", Sopp, 3, O_NONE),
    row(SOp::CbranchScc0, "s_cbranch_scc0", Sopp, 4, O_P_BRANCH),
    row(SOp::CbranchScc1, "s_cbranch_scc1", Sopp, 5, O_P_BRANCH),
    row(SOp::CbranchVccz, "s_cbranch_vccz", Sopp, 6, O_P_BRANCH),
    row(SOp::CbranchVccnz, "s_cbranch_vccnz", Sopp, 7, O_P_BRANCH),
    row(SOp::CbranchExecz, "s_cbranch_execz", Sopp, 8, O_P_BRANCH),
    row(SOp::CbranchExecnz, "s_cbranch_execnz", Sopp, 9, O_P_BRANCH),
    row(SOp::Barrier, "s_barrier", Sopp, 10, O_NONE),
    row(SOp::Setkill, "s_setkill", Sopp, 11, O_P_PLAIN),
    row(SOp::Waitcnt, "s_waitcnt", Sopp, 12, O_P_WAIT),
    row(SOp::Sethalt, "s_sethalt", Sopp, 13, O_P_PLAIN),
    row(SOp::Sleep, "s_sleep", Sopp, 14, O_P_PLAIN),
    row(SOp::Setprio, "s_setprio", Sopp, 15, O_P_PLAIN),
    row(SOp::Sendmsg, "s_sendmsg", Sopp, 16, O_P_MSG),
    row(SOp::Sendmsghalt, "s_sendmsghalt", Sopp, 17, O_P_MSG),
    row(SOp::Trap, "s_trap", Sopp, 18, O_P_PLAIN),
    row(SOp::IcacheInv, "s_icache_inv", Sopp, 19, O_NONE),
    row(SOp::Incperflevel, "s_incperflevel", Sopp, 20, O_P_PLAIN),
    row(SOp::Decperflevel, "s_decperflevel", Sopp, 21, O_P_PLAIN),
    row(SOp::Ttracedata, "s_ttracedata", Sopp, 22, O_NONE),
    row(
        SOp::CbranchCdbgsys,
        "s_cbranch_cdbgsys",
        Sopp,
        23,
        O_P_BRANCH,
    ),
    row(
        SOp::CbranchCdbguser,
        "s_cbranch_cdbguser",
        Sopp,
        24,
        O_P_BRANCH,
    ),
    row(
        SOp::CbranchCdbgsysOrUser,
        "s_cbranch_cdbgsys_or_user",
        Sopp,
        25,
        O_P_BRANCH,
    ),
    row(
        SOp::CbranchCdbgsysAndUser,
        "s_cbranch_cdbgsys_and_user",
        Sopp,
        26,
        O_P_BRANCH,
    ),
    row(SOp::EndpgmSaved, "s_endpgm_saved", Sopp, 27, O_NONE),
    row(SOp::SetGprIdxOff, "s_set_gpr_idx_off", Sopp, 28, O_NONE),
    row(
        SOp::SetGprIdxMode,
        "s_set_gpr_idx_mode",
        Sopp,
        29,
        O_P_GPR_IDX,
    ),
    row(
        SOp::EndpgmOrderedPsDone,
        "s_endpgm_ordered_ps_done",
        Sopp,
        30,
        O_NONE,
    ),
];

/// A fast non-cryptographic hasher (the "Fx" multiply-rotate hash of rustc)
/// for the crate's string-keyed maps (mnemonics, labels): keys come from the
/// assembled source, whose author gains nothing from collisions.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(Self::SEED);
    }
}

impl std::hash::Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
            ]));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// `BuildHasher` of [`FxHasher`].
pub(crate) type FastHash = std::hash::BuildHasherDefault<FxHasher>;

/// A mnemonic as a lookup key: its bytes, lower-cased, zero-padded to 32
/// (identifiers hold no NUL, so the padding keeps lengths apart).
pub(crate) type NameKey = [u64; 4];

/// The key of `name`, or `None` if it is longer than any key.
fn name_key(name: &str) -> Option<NameKey> {
    let mut buf = [0u8; 32];
    buf.get_mut(..name.len())?.copy_from_slice(name.as_bytes());
    buf.make_ascii_lowercase();
    let w = |i: usize| {
        u64::from_le_bytes([
            buf[i],
            buf[i + 1],
            buf[i + 2],
            buf[i + 3],
            buf[i + 4],
            buf[i + 5],
            buf[i + 6],
            buf[i + 7],
        ])
    };
    Some([w(0), w(8), w(16), w(24)])
}

/// Slot of a key in [`Index::name_slots`] (open addressing, linear probing).
fn name_slot(k: &NameKey) -> usize {
    let mut h = FxHasher::default();
    for &w in k {
        h.add(w);
    }
    (h.0 >> (64 - NAME_SLOT_BITS)) as usize
}

const NAME_SLOT_BITS: u32 = 10;

struct Index {
    /// Per format, opcode -> row index + 1 (0 = none).
    by_opcode: [[u16; 256]; 6],
    /// Row index + 1 (0 = empty) by [`name_slot`], with each row's key.
    name_slots: [u16; 1 << NAME_SLOT_BITS],
    name_keys: Vec<NameKey>,
}

fn format_slot(f: Format) -> usize {
    match f {
        Format::Smem => 0,
        Format::Sop2 => 1,
        Format::Sop1 => 2,
        Format::Sopk => 3,
        Format::Sopc => 4,
        Format::Sopp => 5,
    }
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_opcode = [[0u16; 256]; 6];
        let mut name_slots = [0u16; 1 << NAME_SLOT_BITS];
        let mut name_keys = Vec::with_capacity(TABLE.len());
        for (i, d) in TABLE.iter().enumerate() {
            by_opcode[format_slot(d.format)][d.opcode as usize] = i as u16 + 1;
            let k = name_key(d.name).expect("mnemonics are at most 32 bytes");
            let mut slot = name_slot(&k);
            while name_slots[slot] != 0 {
                slot = (slot + 1) % name_slots.len();
            }
            name_slots[slot] = i as u16 + 1;
            name_keys.push(k);
        }
        Index {
            by_opcode,
            name_slots,
            name_keys,
        }
    })
}

/// The row of `format` with opcode `opcode`.
pub fn by_opcode(format: Format, opcode: u8) -> Option<&'static InstDef> {
    match index().by_opcode[format_slot(format)][opcode as usize] {
        0 => None,
        i => Some(&TABLE[i as usize - 1]),
    }
}

/// The row named `name` (an llvm-mc mnemonic, lower case).
pub fn by_name(name: &str) -> Option<&'static InstDef> {
    by_name_ignore_case(name).filter(|d| d.name == name)
}

/// The row named `name` in any letter case (as the assembler reads mnemonics).
pub(crate) fn by_name_ignore_case(name: &str) -> Option<&'static InstDef> {
    let k = name_key(name)?;
    let ix = index();
    let mut slot = name_slot(&k);
    loop {
        match ix.name_slots[slot] {
            0 => return None,
            i if ix.name_keys[i as usize - 1] == k => return Some(&TABLE[i as usize - 1]),
            _ => slot = (slot + 1) % ix.name_slots.len(),
        }
    }
}

/// [`by_name_ignore_case`] for a name already in lower case (the
/// assembler's fast path).
#[inline]
pub(crate) fn by_name_lower(name: &[u8]) -> Option<&'static InstDef> {
    let mut buf = [0u8; 32];
    buf.get_mut(..name.len())?.copy_from_slice(name);
    let w = |i: usize| {
        u64::from_le_bytes([
            buf[i],
            buf[i + 1],
            buf[i + 2],
            buf[i + 3],
            buf[i + 4],
            buf[i + 5],
            buf[i + 6],
            buf[i + 7],
        ])
    };
    by_key(&[w(0), w(8), w(16), w(24)])
}

/// The row whose [`NameKey`] (lower-case name, zero-padded) is `k`.
#[inline]
pub(crate) fn by_key(k: &NameKey) -> Option<&'static InstDef> {
    let k = *k;
    let ix = index();
    let mut slot = name_slot(&k);
    loop {
        match ix.name_slots[slot] {
            0 => return None,
            i if ix.name_keys[i as usize - 1] == k => return Some(&TABLE[i as usize - 1]),
            _ => slot = (slot + 1) % ix.name_slots.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        let mut names = std::collections::HashSet::new();
        let mut codes = std::collections::HashSet::new();
        for d in TABLE {
            assert!(names.insert(d.name), "duplicate name {}", d.name);
            assert!(
                codes.insert((d.format, d.opcode)),
                "duplicate opcode {}",
                d.name
            );
            let (_, width) = d.format.opcode_field();
            assert!(
                (d.opcode as u32) < (1 << width),
                "{} opcode too wide",
                d.name
            );
            let mut fields = std::collections::HashSet::new();
            for o in d.operands {
                assert!(fields.insert(o.field), "{}: field used twice", d.name);
                let ok = match d.format {
                    Format::Smem => matches!(o.field, Field::Sdst | Field::Sbase | Field::Offset),
                    Format::Sop2 | Format::Sopc => {
                        matches!(o.field, Field::Sdst | Field::Ssrc0 | Field::Ssrc1)
                    }
                    Format::Sop1 => matches!(o.field, Field::Sdst | Field::Ssrc0),
                    Format::Sopk => matches!(o.field, Field::Sdst | Field::Simm16 | Field::Literal),
                    Format::Sopp => matches!(o.field, Field::Simm16),
                };
                assert!(
                    ok,
                    "{}: field {:?} not in format {:?}",
                    d.name, o.field, d.format
                );
            }
        }
        assert_eq!(
            TABLE.iter().filter(|d| d.format == Format::Smem).count(),
            84
        );
    }

    #[test]
    fn operation_ids_name_their_mnemonics() {
        // `s_add_u32` is `SOp::AddU32`: one id per row, named after it.
        let mut ops = std::collections::HashSet::new();
        for d in TABLE {
            assert!(ops.insert(d.op), "{}: operation id used twice", d.name);
            let camel: String = d.name[2..]
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
    fn implicit_uses() {
        let row = |name| by_name(name).unwrap();
        let d = row("s_addc_u32");
        assert!(d.implicit_reads.contains(Implicit::SCC));
        assert!(d.implicit_writes.contains(Implicit::SCC));
        let d = row("s_and_saveexec_b64");
        assert!(d.implicit_reads.contains(Implicit::EXEC));
        assert!(d.implicit_writes.contains(Implicit::EXEC | Implicit::SCC));
        assert_eq!(row("s_cbranch_vccz").implicit_reads, Implicit::VCC);
        assert_eq!(row("s_movrels_b64").implicit_reads, Implicit::M0);
        assert!(row("s_bitset1_b32").implicit_reads.contains(Implicit::SDST));
        assert!(row("s_mov_b32").implicit_reads.is_empty());
        assert!(row("s_mov_b32").implicit_writes.is_empty());
        for d in TABLE {
            // SDST is only ever an implicit read, of a row that has one.
            assert!(!d.implicit_writes.contains(Implicit::SDST), "{}", d.name);
            if d.implicit_reads.contains(Implicit::SDST) {
                assert!(d.operand(Field::Sdst).is_some(), "{}", d.name);
            }
            // Scalar memory has no implicit register use; its space is data.
            if d.format == Format::Smem {
                assert!(d.implicit_reads.is_empty() && d.implicit_writes.is_empty());
                let spaced = !matches!(d.mem, Mem::CacheCtl | Mem::Time);
                assert_eq!(d.space.is_some(), spaced, "{}", d.name);
            } else {
                assert_eq!(d.space, None, "{}", d.name);
            }
        }
    }

    #[test]
    fn fixed_prefixes_do_not_shadow() {
        // Every row's fixed bits, when decoded, classify back to its own format.
        for d in TABLE {
            let (mask, value) = d.format.fixed();
            let (lo, _) = d.format.opcode_field();
            let w = value | ((d.opcode as u32) << lo);
            assert_eq!(w & mask, value);
            let first = Format::ALL
                .iter()
                .find(|f| w & f.fixed().0 == f.fixed().1)
                .copied();
            assert_eq!(first, Some(d.format), "{}", d.name);
        }
    }
}
