//! The SMEM access record: everything an SMEM instruction does to memory,
//! computed once from the decoded instruction and the wave's registers
//! (Vega ISA §7.1, §7.2, §7.4). The functional executor (cache + memory) and
//! the latency model both consume it; neither recomputes an address.

use gpumem_vega::table::{Mem, SOp, Space};
use gpumem_vega::{Inst, SmemOffset};

use crate::regs::{POISON, RegRange, SGPRS};
use crate::report::{FaultKind, HazardRule};

/// Scalar atomic operations (Vega ISA §7.2.2; order of the opcode blocks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    /// `mem = src`.
    Swap,
    /// `mem = (mem == cmp) ? src : mem`; data = {src, cmp}.
    CmpSwap,
    /// `mem + src`.
    Add,
    /// `mem - src`.
    Sub,
    /// Signed minimum.
    Smin,
    /// Unsigned minimum.
    Umin,
    /// Signed maximum.
    Smax,
    /// Unsigned maximum.
    Umax,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// `mem >= src ? 0 : mem + 1`.
    Inc,
    /// `(mem == 0 || mem > src) ? src : mem - 1`.
    Dec,
}

impl AtomicOp {
    /// The new memory value for old value `tmp`, source `src` and compare
    /// value `cmp`, at `bits` (32 or 64) width.
    pub fn apply(self, tmp: u64, src: u64, cmp: u64, bits: u32) -> u64 {
        let m = if bits == 64 { u64::MAX } else { 0xFFFF_FFFF };
        let sx = |v: u64| -> i64 {
            if bits == 64 {
                v as i64
            } else {
                i64::from(v as u32 as i32)
            }
        };
        let r = match self {
            AtomicOp::Swap => src,
            AtomicOp::CmpSwap => {
                if tmp == cmp {
                    src
                } else {
                    tmp
                }
            }
            AtomicOp::Add => tmp.wrapping_add(src),
            AtomicOp::Sub => tmp.wrapping_sub(src),
            AtomicOp::Smin => {
                if sx(src) < sx(tmp) {
                    src
                } else {
                    tmp
                }
            }
            AtomicOp::Umin => tmp.min(src),
            AtomicOp::Smax => {
                if sx(src) > sx(tmp) {
                    src
                } else {
                    tmp
                }
            }
            AtomicOp::Umax => tmp.max(src),
            AtomicOp::And => tmp & src,
            AtomicOp::Or => tmp | src,
            AtomicOp::Xor => tmp ^ src,
            AtomicOp::Inc => {
                if tmp >= src {
                    0
                } else {
                    tmp + 1
                }
            }
            AtomicOp::Dec => {
                if tmp == 0 || tmp > src {
                    src
                } else {
                    tmp - 1
                }
            }
        };
        r & m
    }
}

/// What the access does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Load `n` dwords into the destination.
    Load,
    /// Store `n` dwords of data.
    Store,
    /// Atomic read-modify-write (64-bit when `wide`).
    Atomic {
        /// The operation.
        op: AtomicOp,
        /// 64-bit (`_x2`).
        wide: bool,
    },
    /// `s_dcache_inv`, `s_dcache_inv_vol`.
    Invalidate,
    /// `s_dcache_wb`, `s_dcache_wb_vol`.
    WriteBack,
    /// `s_dcache_discard` (1 line) / `_x2` (2 lines) at `addr[0]`.
    Discard {
        /// Lines discarded.
        lines: u8,
    },
    /// `s_memtime`.
    MemTime,
    /// `s_memrealtime`.
    MemRealTime,
    /// `s_atc_probe*`: no effect.
    Probe,
}

/// The access record of one SMEM instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// What it does.
    pub op: Op,
    /// Address space of the base (none for cache control and time).
    pub space: Option<Space>,
    /// GLC bit.
    pub glc: bool,
    /// Data dwords (SDATA register count); 0 for cache control and probes.
    pub n: u8,
    /// Byte address of each data dword (dword-aligned), `n` used; for a
    /// discard, the 64-byte-aligned line address in `addr[0]`.
    pub addr: [u64; 16],
    /// Bit `i`: dword `i` is in range (buffers clamp per dword, §7.4).
    pub in_range: u32,
    /// Store data, or atomic source (and compare) data, as read at issue.
    pub data: [u32; 4],
    /// Registers written when the access completes (loads, time, GLC=1 atomics).
    pub dest: Option<RegRange>,
    /// SDATA is misaligned: the destination gets [`POISON`], stores store it.
    pub poison: bool,
    /// LGKM_CNT increment: 1 for a one-dword fetch, 2 for two or more (§7.3);
    /// 1 for cache control and discard (CLRX); 0 for probes (LLVM).
    pub weight: u8,
    /// Informational findings while building the record.
    pub notes: Vec<(HazardRule, String)>,
}

/// Why no access record was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotBuilt {
    /// The instruction is not executed (documented hazard).
    Skip(HazardRule, String),
    /// The wave faults.
    Fault(FaultKind, String),
}

/// Machine constants the address computation needs.
#[derive(Clone, Copy, Debug)]
pub struct Apertures {
    /// High dword of the private aperture base (`src_private_base`).
    pub private_base_hi: u32,
}

/// The atomic operation of a scalar atomic row and whether it is 64-bit.
fn atomic(op: SOp) -> Option<(AtomicOp, bool)> {
    use SOp::*;
    Some(match op {
        AtomicSwap | BufferAtomicSwap => (AtomicOp::Swap, false),
        AtomicCmpswap | BufferAtomicCmpswap => (AtomicOp::CmpSwap, false),
        AtomicAdd | BufferAtomicAdd => (AtomicOp::Add, false),
        AtomicSub | BufferAtomicSub => (AtomicOp::Sub, false),
        AtomicSmin | BufferAtomicSmin => (AtomicOp::Smin, false),
        AtomicUmin | BufferAtomicUmin => (AtomicOp::Umin, false),
        AtomicSmax | BufferAtomicSmax => (AtomicOp::Smax, false),
        AtomicUmax | BufferAtomicUmax => (AtomicOp::Umax, false),
        AtomicAnd | BufferAtomicAnd => (AtomicOp::And, false),
        AtomicOr | BufferAtomicOr => (AtomicOp::Or, false),
        AtomicXor | BufferAtomicXor => (AtomicOp::Xor, false),
        AtomicInc | BufferAtomicInc => (AtomicOp::Inc, false),
        AtomicDec | BufferAtomicDec => (AtomicOp::Dec, false),
        AtomicSwapX2 | BufferAtomicSwapX2 => (AtomicOp::Swap, true),
        AtomicCmpswapX2 | BufferAtomicCmpswapX2 => (AtomicOp::CmpSwap, true),
        AtomicAddX2 | BufferAtomicAddX2 => (AtomicOp::Add, true),
        AtomicSubX2 | BufferAtomicSubX2 => (AtomicOp::Sub, true),
        AtomicSminX2 | BufferAtomicSminX2 => (AtomicOp::Smin, true),
        AtomicUminX2 | BufferAtomicUminX2 => (AtomicOp::Umin, true),
        AtomicSmaxX2 | BufferAtomicSmaxX2 => (AtomicOp::Smax, true),
        AtomicUmaxX2 | BufferAtomicUmaxX2 => (AtomicOp::Umax, true),
        AtomicAndX2 | BufferAtomicAndX2 => (AtomicOp::And, true),
        AtomicOrX2 | BufferAtomicOrX2 => (AtomicOp::Or, true),
        AtomicXorX2 | BufferAtomicXorX2 => (AtomicOp::Xor, true),
        AtomicIncX2 | BufferAtomicIncX2 => (AtomicOp::Inc, true),
        AtomicDecX2 | BufferAtomicDecX2 => (AtomicOp::Dec, true),
        _ => return None,
    })
}

/// Whether registers `code..code+n` form a legal SMEM data or base operand.
fn in_range(code: u8, n: u8) -> bool {
    let end = u32::from(code) + u32::from(n);
    match code {
        0..=101 => end <= u32::from(SGPRS),
        102..=107 => n <= 2 && (n == 1 || code.is_multiple_of(2)) && end <= 108,
        108..=123 => end <= 124,
        126 => n <= 2,
        _ => false,
    }
}

fn reg(regs: &[u32; 128], c: u8) -> u32 {
    if c == 125 {
        0
    } else {
        regs[(c & 127) as usize]
    }
}

/// Builds the access record of SMEM instruction `inst` (first dword `w0`)
/// from the wave's registers `regs`.
pub fn build(inst: &Inst, w0: u32, regs: &[u32; 128], ap: Apertures) -> Result<Access, NotBuilt> {
    let d = inst.def;
    let mut a = Access {
        op: Op::Probe,
        space: d.space,
        glc: inst.glc,
        n: 0,
        addr: [0; 16],
        in_range: 0,
        data: [0; 4],
        dest: None,
        poison: false,
        weight: 0,
        notes: Vec::new(),
    };
    a.op = match d.mem {
        Mem::Load => Op::Load,
        Mem::Store => Op::Store,
        Mem::Atomic => match atomic(d.op) {
            Some((op, wide)) => Op::Atomic { op, wide },
            None => Op::Probe,
        },
        Mem::CacheCtl => match d.op {
            SOp::DcacheInv | SOp::DcacheInvVol => Op::Invalidate,
            _ => Op::WriteBack,
        },
        Mem::Time if d.op == SOp::Memtime => Op::MemTime,
        Mem::Time => Op::MemRealTime,
        Mem::Discard => Op::Discard {
            lines: if d.op == SOp::DcacheDiscardX2 { 2 } else { 1 },
        },
        Mem::Probe | Mem::None => Op::Probe,
    };
    // ---- SDATA (§7.1, §7.4) ----
    let n = match d.mem {
        Mem::Time => 2,
        Mem::Load | Mem::Store | Mem::Atomic => d.data_dwords(),
        _ => 0,
    };
    a.n = n;
    let raw = ((w0 >> 6) & 0x7f) as u8;
    if n > 0 {
        if raw == 124 || raw >= 126 {
            return Err(NotBuilt::Skip(
                HazardRule::SdataExecM0,
                format!(
                    "SDATA is {}: the Vega ISA (§7.1) allows only an SGPR or VCC; the instruction is not executed",
                    if raw == 124 { "M0" } else { "EXEC" }
                ),
            ));
        }
        if !in_range(raw, n) {
            return Err(NotBuilt::Skip(
                HazardRule::SdataOutOfRange,
                format!(
                    "SDATA {} + {n} registers is out of range: not executed (§7.4)",
                    crate::regs::reg_name(raw)
                ),
            ));
        }
        let misaligned = (n == 2 && !raw.is_multiple_of(2)) || (n >= 4 && !raw.is_multiple_of(4));
        if misaligned {
            a.poison = true;
            a.notes.push((
                HazardRule::SdataMisaligned,
                format!(
                    "SDATA {} is misaligned for {n} dwords (§7.4: even for 2, multiple of 4 for more): registers {}..+{n} get the poison pattern {POISON:#010x}",
                    crate::regs::reg_name(raw),
                    crate::regs::reg_name(raw)
                ),
            ));
        }
        let dest_n = match a.op {
            Op::Atomic { wide, .. } => {
                if wide {
                    2
                } else {
                    1
                }
            }
            _ => n,
        };
        let returns = match a.op {
            Op::Load | Op::MemTime | Op::MemRealTime => true,
            Op::Atomic { .. } => a.glc,
            _ => false,
        };
        if returns {
            a.dest = Some(RegRange {
                code: raw,
                count: dest_n,
            });
        }
        if matches!(a.op, Op::Store | Op::Atomic { .. }) {
            for i in 0..usize::from(n.min(4)) {
                a.data[i] = if a.poison {
                    POISON
                } else {
                    reg(regs, raw.wrapping_add(i as u8))
                };
            }
        }
    }
    a.weight = match a.op {
        Op::Probe => 0,
        Op::Invalidate | Op::WriteBack | Op::Discard { .. } => 1,
        _ if n == 1 => 1,
        _ => 2,
    };
    if matches!(
        a.op,
        Op::Invalidate | Op::WriteBack | Op::MemTime | Op::MemRealTime
    ) {
        return Ok(a);
    }
    // ---- SBASE (§7.1, §7.4) ----
    let buffer = d.space == Some(Space::Buffer);
    let nb = if buffer { 4 } else { 2 };
    let mut b = inst.sbase;
    if buffer && w0 & 1 == 1 {
        a.notes.push((
            HazardRule::SbaseMisaligned,
            format!(
                "buffer SBASE field {} is odd: the V# must start at a multiple of 4 SGPRs (§7.4); {} is used",
                w0 & 0x3f,
                crate::regs::reg_name(b)
            ),
        ));
    }
    if !in_range(b, nb) {
        a.notes.push((
            HazardRule::SbaseOutOfRange,
            format!(
                "SBASE {}..+{nb} is out of range: the value of SGPR0 is used (§7.4)",
                crate::regs::reg_name(b)
            ),
        ));
        b = 0;
    }
    // ---- offset (§7.2.1 table) ----
    let (inst_off, off_reg) = match inst.offset {
        SmemOffset::Imm(v) => (i64::from(v), None),
        SmemOffset::Sgpr(c) => (0, Some(c)),
        SmemOffset::SgprImm(c, v) => (i64::from(v), Some(c)),
    };
    let reg_val = off_reg.map_or(0, |c| reg(regs, c));
    // Scratch: the register term counts 64-byte units, so it is a multiple
    // of 64 after scaling and its own low bits are not dropped.
    let scratch = d.space == Some(Space::Scratch);
    let reg_term = if scratch {
        i64::from(reg_val) * 64
    } else {
        i64::from(reg_val & !3)
    };
    let sum = (inst_off & !3) + reg_term;
    if inst_off < 0 && sum < 0 {
        return Err(NotBuilt::Fault(
            FaultKind::NegativeOffset,
            format!(
                "inst_offset {inst_off} plus the register offset {reg_term} is negative ({sum}): illegal and undefined (§7.2.1)"
            ),
        ));
    }
    let lo = reg(regs, b);
    let hi = reg(regs, b.wrapping_add(1));
    let mut lsbs = inst_off & 3 != 0 || (!scratch && reg_val & 3 != 0) || lo & 3 != 0;
    let count = match a.op {
        Op::Discard { .. } | Op::Probe => 1,
        _ => n.max(1),
    };
    if buffer {
        let base = ((u64::from(hi & 0xffff) << 32) | u64::from(lo)) & !3;
        let stride = u64::from(hi >> 16);
        let num_records = u64::from(reg(regs, b.wrapping_add(2)));
        // m_size = (m_stride == 0) ? 1 : m_num_records; see SEMANTICS.md.
        let range = if stride == 0 {
            num_records
        } else {
            num_records * stride
        };
        let off = sum as u64;
        for i in 0..count {
            let o = off.wrapping_add(4 * u64::from(i));
            a.addr[i as usize] = base.wrapping_add(o);
            if o.checked_add(4).is_some_and(|e| e <= range) {
                a.in_range |= 1 << i;
            }
        }
        let all = if count >= 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        };
        if a.in_range != all && !matches!(a.op, Op::Probe | Op::Discard { .. }) {
            a.notes.push((
                HazardRule::BufferOutOfRange,
                format!(
                    "buffer offset {off:#x} + {count} dwords passes the V# range of {range:#x} bytes (stride {stride}, num_records {num_records}): out-of-range dwords are not performed (§7.4)"
                ),
            ));
        }
    } else {
        let base = ((u64::from(hi) << 32) | u64::from(lo)) & !3;
        let mut start = base.wrapping_add(sum as u64);
        if let Op::Discard { .. } = a.op {
            start &= !63;
            lsbs = false;
        }
        if let Op::Atomic { wide: true, .. } = a.op
            && start & 7 != 0
        {
            a.notes.push((
                HazardRule::AtomicMisaligned,
                format!("64-bit atomic at {start:#x} is not 8-byte aligned (§7.2.1: atomics are naturally aligned); bit 2 is cleared"),
            ));
            start &= !7;
        }
        for i in 0..count {
            a.addr[i as usize] = start.wrapping_add(4 * u64::from(i));
        }
        a.in_range = if count >= 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        };
    }
    if lsbs && !matches!(a.op, Op::Probe) {
        a.notes.push((
            HazardRule::AddressLsbsIgnored,
            "an address component (base, offset or register offset) has non-zero low two bits, which the hardware ignores (§7.2.1)".to_string(),
        ));
    }
    let pb = u64::from(ap.private_base_hi) << 32;
    if a.addr[0] >= pb && a.addr[0] < pb + (1 << 32) && !matches!(a.op, Op::Probe) {
        a.notes.push((
            HazardRule::PrivateApertureAddress,
            format!(
                "address {:#x} is in the private aperture ({pb:#x}..): SMEM does not translate private addresses; convert by hand (Addr - private_base + scratch base of the wave) or use a buffer constant (§7.2.1)",
                a.addr[0]
            ),
        ));
    }
    Ok(a)
}
