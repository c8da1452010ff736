//! What a run reports: per-wave final state, faults, hazards, statistics and
//! dumped memory. Fault kinds and hazard rules are closed sets, documented in
//! `SEMANTICS.md`.

use gpumem_mem::scache::CacheStats;

/// Why a wave stopped abnormally (closed set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// The word at PC does not decode as a gfx9 scalar instruction.
    DecodeError,
    /// PC left the program (or is not dword aligned).
    PcOutOfRange,
    /// An instruction this scalar-only emulator does not model
    /// (`s_cbranch_g_fork`, `s_cbranch_i_fork`, `s_cbranch_join`).
    Unsupported,
    /// `s_trap` (no trap handler is modelled).
    Trap,
    /// `s_sethalt 1` or `s_sendmsghalt` (nothing can resume the wave).
    Halt,
    /// SMEM with a negative immediate offset whose sum with the register
    /// offset is negative (Vega ISA §7.2.1: illegal and undefined).
    NegativeOffset,
    /// `s_movrels*`/`s_movreld*` indexed past the register file.
    SgprIndexOutOfRange,
    /// Memory would exceed `[limits] max_memory`.
    MemoryLimit,
    /// `[limits] max_steps` instructions were issued before the wave ended.
    StepLimit,
}

impl FaultKind {
    /// Every fault kind.
    pub const ALL: [FaultKind; 9] = [
        FaultKind::DecodeError,
        FaultKind::PcOutOfRange,
        FaultKind::Unsupported,
        FaultKind::Trap,
        FaultKind::Halt,
        FaultKind::NegativeOffset,
        FaultKind::SgprIndexOutOfRange,
        FaultKind::MemoryLimit,
        FaultKind::StepLimit,
    ];

    /// The snake_case name used in JSON (the same style as the Maxwell fault kinds).
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::DecodeError => "decode_error",
            FaultKind::PcOutOfRange => "pc_out_of_range",
            FaultKind::Unsupported => "unsupported",
            FaultKind::Trap => "trap",
            FaultKind::Halt => "halt",
            FaultKind::NegativeOffset => "negative_offset",
            FaultKind::SgprIndexOutOfRange => "sgpr_index_out_of_range",
            FaultKind::MemoryLimit => "memory_limit",
            FaultKind::StepLimit => "step_limit",
        }
    }
}

/// A hazard rule (closed set). See `SEMANTICS.md` for each rule's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HazardRule {
    /// An instruction read an SGPR that an SMEM writes and that no
    /// `s_waitcnt lgkmcnt` has yet guaranteed (§7.3). Logical: reported
    /// whether or not the data happened to have arrived.
    ReadBeforeWait,
    /// An instruction wrote an SGPR that an un-waited SMEM will still write
    /// (the SMEM's data may land after, undoing the write).
    WriteBeforeWait,
    /// `s_waitcnt lgkmcnt(N)` with N > 0 that, read in issue order, would
    /// retire an SMEM that out-of-order returns do not guarantee (§7.3: only
    /// `lgkmcnt(0)` is sensible).
    WaitcntOutOfOrder,
    /// An SMEM overwrites its own source registers (XNACK replay, §7.2.1).
    ReplaySelfOverwrite,
    /// A member of a scalar memory clause overwrites the sources of another
    /// member (XNACK replay, §7.2.1).
    ReplayClauseOverwrite,
    /// An atomic shares its clause with other SMEM instructions (§7.2.1:
    /// atomics must be in a single-instruction clause).
    AtomicInClause,
    /// SDATA is EXEC or M0 (§7.1); the instruction is not executed.
    SdataExecM0,
    /// SDATA is a trap/special register other than an SGPR or VCC (§7.1).
    SdataNotSgpr,
    /// Store or atomic with an SGPR (not M0) offset (§7.1).
    StoreSgprOffset,
    /// Misaligned SDST (§7.4): the registers get the poison pattern.
    SdataMisaligned,
    /// SDST out of range (§7.4): the instruction is not executed.
    SdataOutOfRange,
    /// SBASE out of range (§7.4): SGPR0 (s[0:3]) is used instead.
    SbaseOutOfRange,
    /// Buffer SBASE with bit 0 set (§7.4: must name a multiple of 4); realigned.
    SbaseMisaligned,
    /// An address component had non-zero low bits, which are ignored (§7.2.1).
    AddressLsbsIgnored,
    /// The address falls in the private (scratch) aperture: SMEM does not
    /// translate it; it must be converted by hand (§7.2.1).
    PrivateApertureAddress,
    /// Buffer dwords out of range were not performed (§7.4).
    BufferOutOfRange,
    /// A 64-bit atomic not 8-byte aligned (§7.2.1: atomics are naturally
    /// aligned); the low bits are cleared.
    AtomicMisaligned,
}

impl HazardRule {
    /// Every rule.
    pub const ALL: [HazardRule; 17] = [
        HazardRule::ReadBeforeWait,
        HazardRule::WriteBeforeWait,
        HazardRule::WaitcntOutOfOrder,
        HazardRule::ReplaySelfOverwrite,
        HazardRule::ReplayClauseOverwrite,
        HazardRule::AtomicInClause,
        HazardRule::SdataExecM0,
        HazardRule::SdataNotSgpr,
        HazardRule::StoreSgprOffset,
        HazardRule::SdataMisaligned,
        HazardRule::SdataOutOfRange,
        HazardRule::SbaseOutOfRange,
        HazardRule::SbaseMisaligned,
        HazardRule::AddressLsbsIgnored,
        HazardRule::PrivateApertureAddress,
        HazardRule::BufferOutOfRange,
        HazardRule::AtomicMisaligned,
    ];

    /// The snake_case name used in JSON (the same style as the Maxwell fault kinds).
    pub fn name(self) -> &'static str {
        match self {
            HazardRule::ReadBeforeWait => "read-before-wait",
            HazardRule::WriteBeforeWait => "write-before-wait",
            HazardRule::WaitcntOutOfOrder => "waitcnt-out-of-order",
            HazardRule::ReplaySelfOverwrite => "replay-self-overwrite",
            HazardRule::ReplayClauseOverwrite => "replay-clause-overwrite",
            HazardRule::AtomicInClause => "atomic-in-clause",
            HazardRule::SdataExecM0 => "sdata-exec-m0",
            HazardRule::SdataNotSgpr => "sdata-not-sgpr",
            HazardRule::StoreSgprOffset => "store-sgpr-offset",
            HazardRule::SdataMisaligned => "sdata-misaligned",
            HazardRule::SdataOutOfRange => "sdata-out-of-range",
            HazardRule::SbaseOutOfRange => "sbase-out-of-range",
            HazardRule::SbaseMisaligned => "sbase-misaligned",
            HazardRule::AddressLsbsIgnored => "address-lsbs-ignored",
            HazardRule::PrivateApertureAddress => "private-aperture-address",
            HazardRule::BufferOutOfRange => "buffer-out-of-range",
            HazardRule::AtomicMisaligned => "atomic-misaligned",
        }
    }
}

/// One hazard report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hazard {
    /// The rule.
    pub rule: HazardRule,
    /// The wave.
    pub wave: u32,
    /// Byte offset of the instruction where it was detected.
    pub pc: u64,
    /// The instructions involved, `"0x0010: s_mov_b32 s5, s4"`, the detecting one first.
    pub instructions: Vec<String>,
    /// Byte offsets of the other instructions involved.
    pub related_pcs: Vec<u64>,
    /// What is wrong and why.
    pub message: String,
}

/// One fault: the wave stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The kind.
    pub kind: FaultKind,
    /// The wave.
    pub wave: u32,
    /// Byte offset of the faulting instruction.
    pub pc: u64,
    /// Details.
    pub message: String,
}

/// How a wave ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveEnd {
    /// `s_endpgm` (or `s_endpgm_saved`, `s_endpgm_ordered_ps_done`).
    Endpgm,
    /// A fault (see the faults list).
    Fault,
}

/// One wave's final state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaveResult {
    /// Wave index.
    pub id: u32,
    /// How it ended.
    pub end: WaveEnd,
    /// Final PC (byte offset).
    pub pc: u64,
    /// `s0`–`s101`.
    pub sgpr: Vec<u32>,
    /// VCC (64-bit).
    pub vcc: u64,
    /// EXEC (64-bit).
    pub exec: u64,
    /// M0.
    pub m0: u32,
    /// FLAT_SCRATCH (64-bit).
    pub flat_scratch: u64,
    /// XNACK_MASK (64-bit).
    pub xnack_mask: u64,
    /// `ttmp0`–`ttmp15`.
    pub ttmp: Vec<u32>,
    /// SCC.
    pub scc: bool,
    /// Instructions this wave issued.
    pub instructions: u64,
    /// Cycle at which the wave ended.
    pub cycles: u64,
}

impl WaveResult {
    /// The value of a register code (0–127).
    pub fn reg(&self, code: u8) -> u32 {
        match code {
            0..=101 => self.sgpr[code as usize],
            102 => self.flat_scratch as u32,
            103 => (self.flat_scratch >> 32) as u32,
            104 => self.xnack_mask as u32,
            105 => (self.xnack_mask >> 32) as u32,
            106 => self.vcc as u32,
            107 => (self.vcc >> 32) as u32,
            108..=123 => self.ttmp[(code - 108) as usize],
            124 => self.m0,
            126 => self.exec as u32,
            127 => (self.exec >> 32) as u32,
            _ => 0,
        }
    }
}

/// Run statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Instructions issued (all waves).
    pub instructions: u64,
    /// SALU/SOPK/SOPC/SOPP instructions issued.
    pub scalar_alu: u64,
    /// SMEM loads issued.
    pub smem_loads: u64,
    /// SMEM stores issued.
    pub smem_stores: u64,
    /// SMEM atomics issued.
    pub smem_atomics: u64,
    /// Other SMEM (cache control, discard, time, probe) issued.
    pub smem_other: u64,
    /// SMEM instructions skipped (SDATA out of range, EXEC/M0).
    pub smem_skipped: u64,
    /// Dwords returned to SGPRs by SMEM.
    pub smem_dwords_returned: u64,
    /// `s_waitcnt` instructions that had to wait for LGKM_CNT.
    pub lgkm_waits: u64,
    /// Cycles spent waiting in `s_waitcnt` for LGKM_CNT (all waves).
    pub lgkm_wait_cycles: u64,
    /// Cycles an SMEM was held because LGKM_CNT would pass 15.
    pub lgkm_full_stalls: u64,
    /// Largest LGKM_CNT seen.
    pub lgkm_max: u64,
    /// Cycles the run took (global clock at the end).
    pub cycles: u64,
    /// Scalar-cache counters, summed over the caches.
    pub scalar_cache: CacheStats,
    /// Dirty lines left in the scalar caches at the end (never written back).
    pub dirty_lines_at_end: u64,
    /// Number of scalar caches (1 when shared).
    pub scalar_caches: u64,
    /// Every instruction that issued, in address order.
    pub per_instruction: Vec<InstCount>,
}

/// How often one instruction issued.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InstCount {
    /// Byte offset.
    pub pc: u64,
    /// Its text (llvm-mc's spelling).
    pub text: String,
    /// Times issued, all waves together.
    pub executed: u64,
}

/// Memory read back for one `[[dump]]` region (from memory, not from the
/// scalar caches: dirty lines never written back are not seen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dump {
    /// Region name.
    pub name: String,
    /// Byte address.
    pub addr: u64,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// The result of [`crate::run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaveReport {
    /// Each wave's final state.
    pub waves: Vec<WaveResult>,
    /// Faults (at most one per wave).
    pub faults: Vec<Fault>,
    /// Hazards, each distinct (rule, wave, pc, related pcs) once, in detection order.
    pub hazards: Vec<Hazard>,
    /// Statistics.
    pub stats: Stats,
    /// Dumped regions.
    pub dumps: Vec<Dump>,
    /// Assembler warnings (lints) when the program was given as source.
    pub warnings: Vec<String>,
}

impl WaveReport {
    /// Hazards of one rule.
    pub fn hazards_of(&self, rule: HazardRule) -> impl Iterator<Item = &Hazard> {
        self.hazards.iter().filter(move |h| h.rule == rule)
    }
}
