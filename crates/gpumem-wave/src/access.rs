//! Builds the SMEM access record ([`gpumem_mem::scalar::ScalarAccess`]) of a
//! decoded instruction from the wave's registers (Vega ISA §7.1, §7.2, §7.4),
//! with the hazards found on the way.

use gpumem_mem::scalar::{AtomicOp, ScalarAccess, ScalarDest, ScalarOp as Op};
use gpumem_vega::table::{InstDef, Mem, SOp, Space};
use gpumem_vega::{Inst, SmemOffset};

use crate::regs::{POISON, SGPRS};
use crate::report::{FaultKind, HazardRule};

/// Why no access record was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NotBuilt {
    /// The instruction is not executed (documented hazard).
    Skip(HazardRule, String),
    /// The wave faults.
    Fault(FaultKind, String),
}

/// Machine constants the address computation needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Apertures {
    /// High dword of the private aperture base (`src_private_base`).
    pub private_base_hi: u32,
}

/// LGKM_CNT increment of an SMEM row (§7.3, [`InstDef::lgkm_weight`]). Known before
/// the record is built, so issue can check the 4-bit counter's capacity first.
pub(crate) fn weight(d: &InstDef) -> u8 {
    d.lgkm_weight()
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
/// from the wave's registers `regs`, pushing the informational findings
/// (hazards that do not stop the access) onto `notes`; they mean nothing if
/// no record is built.
pub(crate) fn build(
    inst: &Inst,
    w0: u32,
    regs: &[u32; 128],
    ap: Apertures,
    notes: &mut Vec<(HazardRule, String)>,
) -> Result<ScalarAccess, NotBuilt> {
    let d = inst.def;
    let mut a = ScalarAccess {
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
            notes.push((
                HazardRule::SdataMisaligned,
                format!(
                    "SDATA {} is misaligned for {n} dwords (§7.4: even for 2, multiple of 4 for more): registers {}..+{n} get the poison pattern {POISON:#010x}",
                    crate::regs::reg_name(raw),
                    crate::regs::reg_name(raw)
                ),
            ));
        }
        let dest_n = d.returned_dwords(a.glc);
        if dest_n > 0 {
            a.dest = Some(ScalarDest {
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
    a.weight = d.lgkm_weight();
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
        notes.push((
            HazardRule::SbaseMisaligned,
            format!(
                "buffer SBASE field {} is odd: the V# must start at a multiple of 4 SGPRs (§7.4); {} is used",
                w0 & 0x3f,
                crate::regs::reg_name(b)
            ),
        ));
    }
    if !in_range(b, nb) {
        notes.push((
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
            notes.push((
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
            notes.push((
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
        notes.push((
            HazardRule::AddressLsbsIgnored,
            "an address component (base, offset or register offset) has non-zero low two bits, which the hardware ignores (§7.2.1)".to_string(),
        ));
    }
    let pb = u64::from(ap.private_base_hi) << 32;
    if a.addr[0] >= pb && a.addr[0] < pb + (1 << 32) && !matches!(a.op, Op::Probe) {
        notes.push((
            HazardRule::PrivateApertureAddress,
            format!(
                "address {:#x} is in the private aperture ({pb:#x}..): SMEM does not translate private addresses; convert by hand (Addr - private_base + scratch base of the wave) or use a buffer constant (§7.2.1)",
                a.addr[0]
            ),
        ));
    }
    Ok(a)
}
