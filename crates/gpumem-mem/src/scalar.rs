//! The scalar (SMEM) access record of Vega's scalar unit and the semantics
//! of its atomics (Vega ISA §7.1, §7.2, §7.4): everything an SMEM
//! instruction does to memory, computed once by the executor from the decoded
//! instruction and the wave's registers. The functional layer (the scalar
//! data cache [`crate::scache`] in front of the sparse store [`crate::Global`])
//! and the executor's latency model both consume it; neither recomputes an
//! address.

#![warn(missing_docs)]

use crate::{Global, MemoryLimit, Space};

/// The documented poison pattern written where the Vega ISA says "invalid
/// data can result" (misaligned SMEM SDATA, §7.4).
pub const POISON: u32 = 0xBAD5_DA7A;

/// Registers an access writes when it completes: `count` consecutive
/// scalar registers from operand code `code`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScalarDest {
    /// 7-bit operand code of the first register.
    pub code: u8,
    /// Number of registers.
    pub count: u8,
}

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

/// What a scalar access does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarOp {
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

/// The access record of one scalar memory (SMEM) instruction: plain values,
/// built by the executor from the decoded instruction and the registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScalarAccess {
    /// What it does.
    pub op: ScalarOp,
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
    pub dest: Option<ScalarDest>,
    /// SDATA is misaligned: the destination gets [`POISON`], and the store or
    /// atomic data already holds it.
    pub poison: bool,
    /// LGKM_CNT increment: 1 for a one-dword fetch, 2 for two or more (§7.3);
    /// 1 for cache control and discard (CLRX); 0 for probes (LLVM).
    pub weight: u8,
}

impl AtomicOp {
    /// Performs the atomic on `mem` at `addr` (a dword; 64 bits at `addr`
    /// and `addr + 4` when `wide`) with the record's `data`: the source in
    /// `data[0]` (`data[0..2]` when wide), the compare value of `CmpSwap` after
    /// it (`data[1]`, or `data[2..4]` when wide). Returns the old value.
    pub fn perform(
        self,
        mem: &mut Global,
        addr: u64,
        wide: bool,
        data: &[u32; 4],
    ) -> Result<u64, MemoryLimit> {
        let pair = |lo: u32, hi: u32| u64::from(lo) | u64::from(hi) << 32;
        let rd = |m: &Global, k: u64| u64::from(m.read_u32(addr.wrapping_add(4 * k)));
        let (old, src, cmp) = if wide {
            (
                rd(mem, 0) | rd(mem, 1) << 32,
                pair(data[0], data[1]),
                pair(data[2], data[3]),
            )
        } else {
            (rd(mem, 0), u64::from(data[0]), u64::from(data[1]))
        };
        let new = self.apply(old, src, cmp, if wide { 64 } else { 32 });
        mem.write_u32(addr, new as u32)?;
        if wide {
            mem.write_u32(addr.wrapping_add(4), (new >> 32) as u32)?;
        }
        Ok(old)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomics() {
        assert_eq!(AtomicOp::Inc.apply(5, 5, 0, 32), 0);
        assert_eq!(AtomicOp::Dec.apply(0, 7, 0, 32), 7);
        assert_eq!(AtomicOp::Smin.apply(1, 0xffff_ffff, 0, 32), 0xffff_ffff);
        assert_eq!(AtomicOp::Sub.apply(0, 1, 0, 32), 0xffff_ffff);
        let mut g = Global::new(1 << 20);
        g.write_u32(0x100, 3).unwrap();
        let old = AtomicOp::CmpSwap.perform(&mut g, 0x100, false, &[9, 3, 0, 0]);
        assert_eq!(old, Ok(3));
        assert_eq!(g.read_u32(0x100), 9);
        let old = AtomicOp::Add.perform(&mut g, 0x100, true, &[1, 1, 0, 0]);
        assert_eq!(old, Ok(9));
        assert_eq!((g.read_u32(0x100), g.read_u32(0x104)), (10, 1));
    }
}
