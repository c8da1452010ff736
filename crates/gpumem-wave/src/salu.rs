//! Scalar ALU semantics (SOP2, SOP1, SOPK, SOPC, SOPP) of the Vega ISA
//! (chapters 4–5, 12), on one wave's scalar state. Purely functional: no
//! memory, no timing (the caller turns [`Flow`] into cycles).

use gpumem_vega::Inst;
use gpumem_vega::operand::{INLINE_F32, INLINE_F64, code, waitcnt_decode};
use gpumem_vega::table::{Format, SOp};

use crate::regs::SGPRS;
use crate::report::FaultKind;

/// High dword of the shared (LDS) aperture base (`src_shared_base`). A fixed,
/// documented constant of this emulator.
pub const SHARED_BASE_HI: u32 = 0x0001_0000;
/// High dword of the private (scratch) aperture base (`src_private_base`).
pub const PRIVATE_BASE_HI: u32 = 0x0002_0000;

/// Indexes of M0, VCC and EXEC (low halves) in [`ScalarState::regs`].
const M0: usize = code::M0 as usize;
const VCC: usize = code::VCC as usize;
const EXEC: usize = code::EXEC as usize;

/// One wave's scalar state.
#[derive(Clone, Debug)]
pub struct ScalarState {
    /// Register file indexed by 7-bit operand code (s0–s101, flat_scratch,
    /// xnack_mask, vcc, ttmp0–15, m0, (null), exec).
    pub regs: [u32; 128],
    /// SCC.
    pub scc: bool,
    /// Hardware registers by `hwreg` id (only MODE, TRAPSTS, TBA, TMA are writable).
    pub hw: [u32; 64],
    /// Wave index (HW_ID).
    pub id: u32,
    /// `s_set_gpr_idx_on` state (affects only VALU, recorded).
    pub gpr_idx_en: bool,
    /// `s_setprio` value.
    pub prio: u16,
}

/// What the instruction asks of the executor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go to the next instruction.
    Next,
    /// Next instruction, after `n` extra idle cycles (`s_nop`, `s_sleep`).
    Idle(u64),
    /// Branch to a byte address.
    Jump(u64),
    /// The wave ends.
    End,
    /// `s_waitcnt` with this lgkmcnt.
    Waitcnt(u16),
    /// `s_barrier`.
    Barrier,
    /// The wave faults.
    Fault(FaultKind, String),
}

impl ScalarState {
    /// A zeroed state for wave `id`.
    pub fn new(id: u32) -> ScalarState {
        ScalarState {
            regs: [0; 128],
            scc: false,
            hw: [0; 64],
            id,
            gpr_idx_en: false,
            prio: 0,
        }
    }

    fn exec(&self) -> u64 {
        u64::from(self.regs[EXEC]) | u64::from(self.regs[EXEC + 1]) << 32
    }
    fn vcc(&self) -> u64 {
        u64::from(self.regs[VCC]) | u64::from(self.regs[VCC + 1]) << 32
    }

    /// Reads a 32-bit source operand (8-bit code).
    pub fn src32(&self, c: u8, lit: Option<u32>) -> u32 {
        match c {
            125 => 0,
            0..=127 => self.regs[c as usize],
            128..=192 => u32::from(c - 128),
            193..=208 => (-(i32::from(c) - 192)) as u32,
            235 | 236 => SHARED_BASE_HI,
            237 | 238 => PRIVATE_BASE_HI,
            240..=248 => INLINE_F32[(c - 240) as usize],
            251 => u32::from(self.vcc() == 0),
            252 => u32::from(self.exec() == 0),
            253 => u32::from(self.scc),
            255 => lit.unwrap_or(0),
            _ => 0,
        }
    }

    /// Reads a 64-bit source operand (8-bit code). A literal is zero-extended.
    pub fn src64(&self, c: u8, lit: Option<u32>) -> u64 {
        match c {
            125 => 0,
            0..=127 => {
                let hi = if c >= 127 {
                    0
                } else {
                    self.regs[c as usize + 1]
                };
                u64::from(self.regs[c as usize]) | u64::from(hi) << 32
            }
            128..=208 => i64::from(self.src32(c, lit) as i32) as u64,
            235..=238 => u64::from(self.src32(c, lit)) << 32,
            240..=248 => INLINE_F64[(c - 240) as usize],
            _ => u64::from(self.src32(c, lit)),
        }
    }

    /// Writes a 32-bit destination (7-bit code; `null` is dropped).
    pub fn set32(&mut self, c: u8, v: u32) {
        if c < 128 && c != 125 {
            self.regs[c as usize] = v;
        }
    }

    /// Writes a 64-bit destination pair.
    pub fn set64(&mut self, c: u8, v: u64) {
        self.set32(c, v as u32);
        if c < 127 {
            self.set32(c + 1, (v >> 32) as u32);
        }
    }

    fn hwreg_read(&self, id: usize) -> u32 {
        match id {
            // STATUS: SCC [0], EXECZ [9], VCCZ [10].
            2 => {
                u32::from(self.scc)
                    | u32::from(self.exec() == 0) << 9
                    | u32::from(self.vcc() == 0) << 10
            }
            // HW_ID: wave_id [3:0], simd_id [5:4], cu_id [11:8].
            4 => (self.id & 15) | ((self.id >> 4) & 3) << 4 | ((self.id >> 6) & 15) << 8,
            _ => self.hw[id & 63],
        }
    }

    /// `s_movrels*`/`s_movreld*` register index: `code + M0`, which must stay
    /// inside s0–s101 (or M0 must be 0 for other registers).
    pub fn rel_index(&self, code: u8, n: u8) -> Result<u8, (FaultKind, String)> {
        let m0 = self.regs[M0];
        let idx = u64::from(code) + u64::from(m0);
        if code < SGPRS {
            if idx + u64::from(n) <= u64::from(SGPRS) {
                return Ok(idx as u8);
            }
        } else if m0 == 0 && code < 128 {
            return Ok(code);
        }
        Err((
            FaultKind::SgprIndexOutOfRange,
            format!("M0-relative index {code} + {m0} leaves the SGPR file"),
        ))
    }

    /// Executes one non-memory scalar instruction at byte address `pc`
    /// whose successor is at `next`. SMEM instructions do nothing here.
    pub fn step(&mut self, inst: &Inst, pc: u64, next: u64) -> Flow {
        let _ = pc;
        let op = inst.def.op;
        match inst.def.format {
            Format::Sop2 => self.sop2(op, inst),
            Format::Sop1 => self.sop1(op, inst, next),
            Format::Sopk => self.sopk(op, inst, next),
            Format::Sopc => {
                self.sopc(op, inst);
                Flow::Next
            }
            Format::Sopp => self.sopp(op, inst.def.name, inst.simm16, next),
            Format::Smem => Flow::Next,
        }
    }

    fn sop2(&mut self, op: SOp, inst: &Inst) -> Flow {
        use SOp::*;
        let (c0, c1, dst, lit) = (inst.ssrc0, inst.ssrc1, inst.sdst, inst.literal);
        let a = self.src32(c0, lit);
        let b = self.src32(c1, lit);
        let a64 = self.src64(c0, lit);
        let b64 = self.src64(c1, lit);
        let scc = self.scc;
        match op {
            AddU32 => {
                let (r, c) = a.overflowing_add(b);
                self.set32(dst, r);
                self.scc = c;
            }
            SubU32 => {
                self.set32(dst, a.wrapping_sub(b));
                self.scc = b > a;
            }
            AddI32 => {
                let (r, o) = (a as i32).overflowing_add(b as i32);
                self.set32(dst, r as u32);
                self.scc = o;
            }
            SubI32 => {
                let (r, o) = (a as i32).overflowing_sub(b as i32);
                self.set32(dst, r as u32);
                self.scc = o;
            }
            AddcU32 => {
                let t = u64::from(a) + u64::from(b) + u64::from(scc);
                self.set32(dst, t as u32);
                self.scc = t >> 32 != 0;
            }
            SubbU32 => {
                let r = a.wrapping_sub(b).wrapping_sub(u32::from(scc));
                self.set32(dst, r);
                self.scc = u64::from(b) + u64::from(scc) > u64::from(a);
            }
            MinI32 | MinU32 | MaxI32 | MaxU32 => {
                let pick_a = match op {
                    MinI32 => (a as i32) < (b as i32),
                    MinU32 => a < b,
                    MaxI32 => (a as i32) > (b as i32),
                    _ => a > b,
                };
                self.set32(dst, if pick_a { a } else { b });
                self.scc = pick_a;
            }
            CselectB32 => self.set32(dst, if scc { a } else { b }),
            CselectB64 => self.set64(dst, if scc { a64 } else { b64 }),
            AndB32 | OrB32 | XorB32 | Andn2B32 | Orn2B32 | NandB32 | NorB32 | XnorB32 => {
                let r = logic(op, u64::from(a), u64::from(b)) as u32;
                self.set32(dst, r);
                self.scc = r != 0;
            }
            AndB64 | OrB64 | XorB64 | Andn2B64 | Orn2B64 | NandB64 | NorB64 | XnorB64 => {
                let r = logic(op, a64, b64);
                self.set64(dst, r);
                self.scc = r != 0;
            }
            LshlB32 | LshrB32 | AshrI32 => {
                let s = b & 31;
                let r = match op {
                    LshlB32 => a << s,
                    LshrB32 => a >> s,
                    _ => ((a as i32) >> s) as u32,
                };
                self.set32(dst, r);
                self.scc = r != 0;
            }
            LshlB64 | LshrB64 | AshrI64 => {
                let s = b & 63;
                let r = match op {
                    LshlB64 => a64 << s,
                    LshrB64 => a64 >> s,
                    _ => ((a64 as i64) >> s) as u64,
                };
                self.set64(dst, r);
                self.scc = r != 0;
            }
            BfmB32 => {
                let m = ((1u64 << (a & 31)) - 1) as u32;
                self.set32(dst, m << (b & 31));
            }
            BfmB64 => {
                let m = ((1u128 << (a & 63)) - 1) as u64;
                self.set64(dst, m << (b & 63));
            }
            MulI32 => self.set32(dst, a.wrapping_mul(b)),
            BfeU32 | BfeI32 => {
                let r = bfe(u64::from(a), b & 31, (b >> 16) & 0x7f, 32, op == BfeI32) as u32;
                self.set32(dst, r);
                self.scc = r != 0;
            }
            BfeU64 | BfeI64 => {
                let r = bfe(a64, b & 63, (b >> 16) & 0x7f, 64, op == BfeI64);
                self.set64(dst, r);
                self.scc = r != 0;
            }
            CbranchGFork => {
                return Flow::Fault(
                    FaultKind::Unsupported,
                    format!(
                        "{} needs the vector unit's control-stack state",
                        inst.def.name
                    ),
                );
            }
            AbsdiffI32 => {
                let r = (i64::from(a as i32) - i64::from(b as i32)).unsigned_abs() as u32;
                self.set32(dst, r);
                self.scc = r != 0;
            }
            RfeRestoreB64 => return Flow::Jump(a64),
            MulHiU32 => self.set32(dst, ((u64::from(a) * u64::from(b)) >> 32) as u32),
            MulHiI32 => self.set32(
                dst,
                ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32,
            ),
            Lshl1AddU32 | Lshl2AddU32 | Lshl3AddU32 | Lshl4AddU32 => {
                let shift = match op {
                    Lshl1AddU32 => 1,
                    Lshl2AddU32 => 2,
                    Lshl3AddU32 => 3,
                    _ => 4,
                };
                let t = (u64::from(a) << shift) + u64::from(b);
                self.set32(dst, t as u32);
                self.scc = t >> 32 != 0;
            }
            PackLlB32B16 => self.set32(dst, (b << 16) | (a & 0xffff)),
            PackLhB32B16 => self.set32(dst, (b & 0xffff_0000) | (a & 0xffff)),
            PackHhB32B16 => self.set32(dst, (b & 0xffff_0000) | (a >> 16)),
            _ => {}
        }
        Flow::Next
    }

    fn sop1(&mut self, op: SOp, inst: &Inst, next: u64) -> Flow {
        use SOp::*;
        let (c0, dst, lit) = (inst.ssrc0, inst.sdst, inst.literal);
        let a = self.src32(c0, lit);
        let a64 = self.src64(c0, lit);
        let d32 = self.src32(dst, None);
        let d64 = self.src64(dst, None);
        let exec = self.exec();
        let none = u32::MAX;
        match op {
            MovB32 => self.set32(dst, a),
            MovB64 => self.set64(dst, a64),
            CmovB32 if self.scc => self.set32(dst, a),
            CmovB64 if self.scc => self.set64(dst, a64),
            NotB32 => {
                self.set32(dst, !a);
                self.scc = !a != 0;
            }
            NotB64 => {
                self.set64(dst, !a64);
                self.scc = !a64 != 0;
            }
            WqmB32 | WqmB64 | QuadmaskB32 | QuadmaskB64 => {
                let wide = matches!(op, WqmB64 | QuadmaskB64);
                let (x, groups) = if wide { (a64, 16) } else { (u64::from(a), 8) };
                let wqm = matches!(op, WqmB32 | WqmB64);
                let mut r = 0u64;
                for g in 0..groups {
                    let any = (x >> (4 * g)) & 0xf != 0;
                    if any {
                        r |= if wqm { 0xf << (4 * g) } else { 1 << g };
                    }
                }
                if wide {
                    self.set64(dst, r);
                } else {
                    self.set32(dst, r as u32);
                }
                self.scc = r != 0;
            }
            BrevB32 => self.set32(dst, a.reverse_bits()),
            BrevB64 => self.set64(dst, a64.reverse_bits()),
            Bcnt0I32B32 | Bcnt0I32B64 | Bcnt1I32B32 | Bcnt1I32B64 => {
                let r = match op {
                    Bcnt0I32B32 => a.count_zeros(),
                    Bcnt0I32B64 => a64.count_zeros(),
                    Bcnt1I32B32 => a.count_ones(),
                    _ => a64.count_ones(),
                };
                self.set32(dst, r);
                self.scc = r != 0;
            }
            Ff0I32B32 => self.set32(
                dst,
                if a == u32::MAX {
                    none
                } else {
                    (!a).trailing_zeros()
                },
            ),
            Ff0I32B64 => self.set32(
                dst,
                if a64 == u64::MAX {
                    none
                } else {
                    (!a64).trailing_zeros()
                },
            ),
            Ff1I32B32 => self.set32(dst, if a == 0 { none } else { a.trailing_zeros() }),
            Ff1I32B64 => self.set32(dst, if a64 == 0 { none } else { a64.trailing_zeros() }),
            FlbitI32B32 => self.set32(dst, if a == 0 { none } else { a.leading_zeros() }),
            FlbitI32B64 => self.set32(dst, if a64 == 0 { none } else { a64.leading_zeros() }),
            FlbitI32 => {
                let r = if a == 0 || a == u32::MAX {
                    none
                } else if (a as i32) < 0 {
                    (!a).leading_zeros()
                } else {
                    a.leading_zeros()
                };
                self.set32(dst, r);
            }
            FlbitI32I64 => {
                let r = if a64 == 0 || a64 == u64::MAX {
                    none
                } else if (a64 as i64) < 0 {
                    (!a64).leading_zeros()
                } else {
                    a64.leading_zeros()
                };
                self.set32(dst, r);
            }
            SextI32I8 => self.set32(dst, a as u8 as i8 as i32 as u32),
            SextI32I16 => self.set32(dst, a as u16 as i16 as i32 as u32),
            Bitset0B32 => self.set32(dst, d32 & !(1 << (a & 31))),
            Bitset0B64 => self.set64(dst, d64 & !(1 << (a & 63))),
            Bitset1B32 => self.set32(dst, d32 | (1 << (a & 31))),
            Bitset1B64 => self.set64(dst, d64 | (1 << (a & 63))),
            GetpcB64 => self.set64(dst, next),
            SetpcB64 | RfeB64 => return Flow::Jump(a64),
            SwappcB64 => {
                self.set64(dst, next);
                return Flow::Jump(a64);
            }
            AndSaveexecB64 | OrSaveexecB64 | XorSaveexecB64 | Andn2SaveexecB64
            | Orn2SaveexecB64 | NandSaveexecB64 | NorSaveexecB64 | XnorSaveexecB64
            | Andn1SaveexecB64 | Orn1SaveexecB64 => {
                let new = match op {
                    AndSaveexecB64 => a64 & exec,
                    OrSaveexecB64 => a64 | exec,
                    XorSaveexecB64 => a64 ^ exec,
                    Andn2SaveexecB64 => a64 & !exec,
                    Orn2SaveexecB64 => a64 | !exec,
                    NandSaveexecB64 => !(a64 & exec),
                    NorSaveexecB64 => !(a64 | exec),
                    XnorSaveexecB64 => !(a64 ^ exec),
                    Andn1SaveexecB64 => !a64 & exec,
                    _ => !a64 | exec,
                };
                self.set64(dst, exec);
                self.set64(code::EXEC, new);
                self.scc = new != 0;
            }
            Andn1WrexecB64 | Andn2WrexecB64 => {
                let new = if op == Andn1WrexecB64 {
                    !a64 & exec
                } else {
                    a64 & !exec
                };
                self.set64(code::EXEC, new);
                self.set64(dst, new);
                self.scc = new != 0;
            }
            MovrelsB32 | MovrelsB64 => {
                let n = if op == MovrelsB32 { 1 } else { 2 };
                match self.rel_index(c0, n) {
                    Ok(i) => {
                        if n == 1 {
                            let v = self.regs[i as usize];
                            self.set32(dst, v);
                        } else {
                            let v = self.src64(i, None);
                            self.set64(dst, v);
                        }
                    }
                    Err((k, m)) => return Flow::Fault(k, m),
                }
            }
            MovreldB32 | MovreldB64 => {
                let n = if op == MovreldB32 { 1 } else { 2 };
                match self.rel_index(dst, n) {
                    Ok(i) => {
                        if n == 1 {
                            self.set32(i, a);
                        } else {
                            self.set64(i, a64);
                        }
                    }
                    Err((k, m)) => return Flow::Fault(k, m),
                }
            }
            CbranchJoin => {
                return Flow::Fault(
                    FaultKind::Unsupported,
                    format!(
                        "{} needs the vector unit's control-stack state",
                        inst.def.name
                    ),
                );
            }
            AbsI32 => {
                let r = (a as i32).unsigned_abs();
                self.set32(dst, r);
                self.scc = r != 0;
            }
            SetGprIdxIdx => self.regs[M0] = (self.regs[M0] & !0xff) | (a & 0xff),
            BitreplicateB64B32 => {
                let mut r = 0u64;
                for i in 0..32 {
                    if a >> i & 1 == 1 {
                        r |= 3 << (2 * i);
                    }
                }
                self.set64(dst, r);
            }
            _ => {}
        }
        Flow::Next
    }

    fn sopk(&mut self, op: SOp, inst: &Inst, next: u64) -> Flow {
        use SOp::*;
        let (dst, simm, lit) = (inst.sdst, inst.simm16, inst.literal);
        let k = simm as i16 as i32 as u32;
        let kz = u32::from(simm);
        let d = self.src32(dst, None);
        match op {
            MovkI32 => self.set32(dst, k),
            CmovkI32 if self.scc => self.set32(dst, k),
            CmpkEqI32 => self.scc = (d as i32) == (k as i32),
            CmpkLgI32 => self.scc = (d as i32) != (k as i32),
            CmpkGtI32 => self.scc = (d as i32) > (k as i32),
            CmpkGeI32 => self.scc = (d as i32) >= (k as i32),
            CmpkLtI32 => self.scc = (d as i32) < (k as i32),
            CmpkLeI32 => self.scc = (d as i32) <= (k as i32),
            CmpkEqU32 => self.scc = d == kz,
            CmpkLgU32 => self.scc = d != kz,
            CmpkGtU32 => self.scc = d > kz,
            CmpkGeU32 => self.scc = d >= kz,
            CmpkLtU32 => self.scc = d < kz,
            CmpkLeU32 => self.scc = d <= kz,
            AddkI32 => {
                let (r, o) = (d as i32).overflowing_add(k as i32);
                self.set32(dst, r as u32);
                self.scc = o;
            }
            MulkI32 => self.set32(dst, d.wrapping_mul(k)),
            CbranchIFork => {
                return Flow::Fault(
                    FaultKind::Unsupported,
                    format!(
                        "{} needs the vector unit's control-stack state",
                        inst.def.name
                    ),
                );
            }
            GetregB32 => {
                let (id, off, size) = hwreg_fields(simm);
                let m = if size >= 32 {
                    u64::MAX
                } else {
                    (1u64 << size) - 1
                };
                let v = (u64::from(self.hwreg_read(id)) >> off) & m;
                self.set32(dst, v as u32);
            }
            SetregB32 | SetregImm32B32 => {
                let v = if op == SetregB32 { d } else { lit.unwrap_or(0) };
                let (id, off, size) = hwreg_fields(simm);
                if matches!(id, 1 | 3 | 16..=19) {
                    let m = (if size >= 32 {
                        u64::MAX
                    } else {
                        (1u64 << size) - 1
                    }) << off;
                    let old = u64::from(self.hw[id]);
                    self.hw[id] = ((old & !m) | ((u64::from(v) << off) & m)) as u32;
                }
            }
            CallB64 => {
                self.set64(dst, next);
                return Flow::Jump(branch(next, simm));
            }
            _ => {}
        }
        Flow::Next
    }

    fn sopc(&mut self, op: SOp, inst: &Inst) {
        use SOp::*;
        let (c0, c1, lit) = (inst.ssrc0, inst.ssrc1, inst.literal);
        let a = self.src32(c0, lit);
        let b = self.src32(c1, lit);
        let (ai, bi) = (a as i32, b as i32);
        match op {
            CmpEqI32 => self.scc = ai == bi,
            CmpLgI32 => self.scc = ai != bi,
            CmpGtI32 => self.scc = ai > bi,
            CmpGeI32 => self.scc = ai >= bi,
            CmpLtI32 => self.scc = ai < bi,
            CmpLeI32 => self.scc = ai <= bi,
            CmpEqU32 => self.scc = a == b,
            CmpLgU32 => self.scc = a != b,
            CmpGtU32 => self.scc = a > b,
            CmpGeU32 => self.scc = a >= b,
            CmpLtU32 => self.scc = a < b,
            CmpLeU32 => self.scc = a <= b,
            Bitcmp0B32 => self.scc = a >> (b & 31) & 1 == 0,
            Bitcmp1B32 => self.scc = a >> (b & 31) & 1 == 1,
            Bitcmp0B64 => self.scc = self.src64(c0, lit) >> (b & 63) & 1 == 0,
            Bitcmp1B64 => self.scc = self.src64(c0, lit) >> (b & 63) & 1 == 1,
            SetGprIdxOn => {
                self.regs[M0] =
                    (self.regs[M0] & !0xf0ff) | (a & 0xff) | (u32::from(c1) & 0xf) << 12;
                self.gpr_idx_en = true;
            }
            CmpEqU64 => self.scc = self.src64(c0, lit) == self.src64(c1, lit),
            CmpLgU64 => self.scc = self.src64(c0, lit) != self.src64(c1, lit),
            // s_setvskip: vector-unit state only.
            _ => {}
        }
    }

    fn sopp(&mut self, op: SOp, name: &str, simm: u16, next: u64) -> Flow {
        use SOp::*;
        let taken = |c: bool| {
            if c {
                Flow::Jump(branch(next, simm))
            } else {
                Flow::Next
            }
        };
        match op {
            Nop => Flow::Idle(u64::from(simm & 0xf)),
            Endpgm | EndpgmSaved | EndpgmOrderedPsDone => Flow::End,
            Branch => Flow::Jump(branch(next, simm)),
            CbranchScc0 => taken(!self.scc),
            CbranchScc1 => taken(self.scc),
            CbranchVccz => taken(self.vcc() == 0),
            CbranchVccnz => taken(self.vcc() != 0),
            CbranchExecz => taken(self.exec() == 0),
            CbranchExecnz => taken(self.exec() != 0),
            Barrier => Flow::Barrier,
            Waitcnt => Flow::Waitcnt(waitcnt_decode(simm).2),
            Sethalt => {
                if simm & 1 == 1 {
                    Flow::Fault(
                        FaultKind::Halt,
                        format!("{name} 1: nothing resumes a halted wave"),
                    )
                } else {
                    Flow::Next
                }
            }
            Sleep => Flow::Idle(64 * u64::from(simm & 0x7f)),
            Setprio => {
                self.prio = simm & 3;
                Flow::Next
            }
            Sendmsghalt => Flow::Fault(
                FaultKind::Halt,
                format!("{name}: the message is dropped and nothing resumes the wave"),
            ),
            Trap => Flow::Fault(
                FaultKind::Trap,
                format!("{name} {}: no trap handler is modelled", simm & 0xff),
            ),
            SetGprIdxOff => {
                self.gpr_idx_en = false;
                Flow::Next
            }
            SetGprIdxMode => {
                self.regs[M0] = (self.regs[M0] & !0xf000) | (u32::from(simm) & 0xf) << 12;
                Flow::Next
            }
            // s_wakeup, s_setkill, s_sendmsg, s_icache_inv, s_incperflevel,
            // s_decperflevel, s_ttracedata, s_cbranch_cdbg* (no debugger: not taken).
            _ => Flow::Next,
        }
    }
}

/// The eight bitwise SOP2 operations (`s_and_b32` … `s_xnor_b64`).
fn logic(op: SOp, x: u64, y: u64) -> u64 {
    use SOp::*;
    match op {
        AndB32 | AndB64 => x & y,
        OrB32 | OrB64 => x | y,
        XorB32 | XorB64 => x ^ y,
        Andn2B32 | Andn2B64 => x & !y,
        Orn2B32 | Orn2B64 => x | !y,
        NandB32 | NandB64 => !(x & y),
        NorB32 | NorB64 => !(x | y),
        _ => !(x ^ y),
    }
}

/// Branch target: the next instruction plus SIMM16 dwords (signed).
pub fn branch(next: u64, simm: u16) -> u64 {
    next.wrapping_add((i64::from(simm as i16) * 4) as u64)
}

fn hwreg_fields(simm: u16) -> (usize, u32, u32) {
    (
        usize::from(simm & 0x3f),
        u32::from((simm >> 6) & 0x1f),
        u32::from((simm >> 11) & 0x1f) + 1,
    )
}

fn bfe(x: u64, off: u32, width: u32, bits: u32, signed: bool) -> u64 {
    if width == 0 {
        return 0;
    }
    let v = x >> off;
    let sign_shift = |f: u64, w: u32| -> u64 {
        if bits == 32 {
            let s = 32 - w;
            u64::from(((((f as u32) << s) as i32) >> s) as u32)
        } else {
            let s = 64 - w;
            (((f << s) as i64) >> s) as u64
        }
    };
    if width >= bits {
        if signed {
            if bits == 32 {
                u64::from(((x as u32 as i32) >> off) as u32)
            } else {
                ((x as i64) >> off) as u64
            }
        } else {
            v
        }
    } else {
        let f = v & ((1u64 << width) - 1);
        if signed { sign_shift(f, width) } else { f }
    }
}
