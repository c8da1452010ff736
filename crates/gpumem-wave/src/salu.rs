//! Scalar ALU semantics (SOP2, SOP1, SOPK, SOPC, SOPP) of the Vega ISA
//! (chapters 4–5, 12), on one wave's scalar state. Purely functional: no
//! memory, no timing (the caller turns [`Flow`] into cycles).

use gpumem_vega::Inst;
use gpumem_vega::operand::{INLINE_F32, INLINE_F64, waitcnt_decode};
use gpumem_vega::table::Format;

use crate::regs::SGPRS;
use crate::report::FaultKind;

/// High dword of the shared (LDS) aperture base (`src_shared_base`). A fixed,
/// documented constant of this emulator.
pub const SHARED_BASE_HI: u32 = 0x0001_0000;
/// High dword of the private (scratch) aperture base (`src_private_base`).
pub const PRIVATE_BASE_HI: u32 = 0x0002_0000;

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
        u64::from(self.regs[126]) | u64::from(self.regs[127]) << 32
    }
    fn vcc(&self) -> u64 {
        u64::from(self.regs[106]) | u64::from(self.regs[107]) << 32
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
        let m0 = self.regs[124];
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
    /// whose successor is at `next`.
    pub fn step(&mut self, inst: &Inst, pc: u64, next: u64) -> Flow {
        let _ = pc;
        let d = inst.def;
        let op = d.opcode;
        let (c0, c1, dst, lit) = (inst.ssrc0, inst.ssrc1, inst.sdst, inst.literal);
        match d.format {
            Format::Sop2 => self.sop2(op, c0, c1, dst, lit),
            Format::Sop1 => self.sop1(op, c0, dst, lit, next),
            Format::Sopk => self.sopk(op, dst, inst.simm16, lit, next),
            Format::Sopc => {
                self.sopc(op, c0, c1, lit);
                Flow::Next
            }
            Format::Sopp => self.sopp(op, inst.simm16, next),
            Format::Smem => Flow::Next,
        }
    }

    fn sop2(&mut self, op: u8, c0: u8, c1: u8, dst: u8, lit: Option<u32>) -> Flow {
        let a = self.src32(c0, lit);
        let b = self.src32(c1, lit);
        let a64 = self.src64(c0, lit);
        let b64 = self.src64(c1, lit);
        let scc = self.scc;
        match op {
            0 => {
                let (r, c) = a.overflowing_add(b);
                self.set32(dst, r);
                self.scc = c;
            }
            1 => {
                self.set32(dst, a.wrapping_sub(b));
                self.scc = b > a;
            }
            2 => {
                let (r, o) = (a as i32).overflowing_add(b as i32);
                self.set32(dst, r as u32);
                self.scc = o;
            }
            3 => {
                let (r, o) = (a as i32).overflowing_sub(b as i32);
                self.set32(dst, r as u32);
                self.scc = o;
            }
            4 => {
                let t = u64::from(a) + u64::from(b) + u64::from(scc);
                self.set32(dst, t as u32);
                self.scc = t >> 32 != 0;
            }
            5 => {
                let r = a.wrapping_sub(b).wrapping_sub(u32::from(scc));
                self.set32(dst, r);
                self.scc = u64::from(b) + u64::from(scc) > u64::from(a);
            }
            6..=9 => {
                let pick_a = match op {
                    6 => (a as i32) < (b as i32),
                    7 => a < b,
                    8 => (a as i32) > (b as i32),
                    _ => a > b,
                };
                self.set32(dst, if pick_a { a } else { b });
                self.scc = pick_a;
            }
            10 => self.set32(dst, if scc { a } else { b }),
            11 => self.set64(dst, if scc { a64 } else { b64 }),
            12..=27 => {
                let f = |x: u64, y: u64| -> u64 {
                    match (op - 12) / 2 {
                        0 => x & y,
                        1 => x | y,
                        2 => x ^ y,
                        3 => x & !y,
                        4 => x | !y,
                        5 => !(x & y),
                        6 => !(x | y),
                        _ => !(x ^ y),
                    }
                };
                if op.is_multiple_of(2) {
                    let r = f(u64::from(a), u64::from(b)) as u32;
                    self.set32(dst, r);
                    self.scc = r != 0;
                } else {
                    let r = f(a64, b64);
                    self.set64(dst, r);
                    self.scc = r != 0;
                }
            }
            28 | 30 | 32 => {
                let s = b & 31;
                let r = match op {
                    28 => a << s,
                    30 => a >> s,
                    _ => ((a as i32) >> s) as u32,
                };
                self.set32(dst, r);
                self.scc = r != 0;
            }
            29 | 31 | 33 => {
                let s = b & 63;
                let r = match op {
                    29 => a64 << s,
                    31 => a64 >> s,
                    _ => ((a64 as i64) >> s) as u64,
                };
                self.set64(dst, r);
                self.scc = r != 0;
            }
            34 => {
                let m = ((1u64 << (a & 31)) - 1) as u32;
                self.set32(dst, m << (b & 31));
            }
            35 => {
                let m = ((1u128 << (a & 63)) - 1) as u64;
                self.set64(dst, m << (b & 63));
            }
            36 => self.set32(dst, a.wrapping_mul(b)),
            37 | 38 => {
                let r = bfe(u64::from(a), b & 31, (b >> 16) & 0x7f, 32, op == 38) as u32;
                self.set32(dst, r);
                self.scc = r != 0;
            }
            39 | 40 => {
                let r = bfe(a64, b & 63, (b >> 16) & 0x7f, 64, op == 40);
                self.set64(dst, r);
                self.scc = r != 0;
            }
            41 => {
                return Flow::Fault(
                    FaultKind::Unsupported,
                    "s_cbranch_g_fork needs the vector unit's control-stack state".into(),
                );
            }
            42 => {
                let r = (i64::from(a as i32) - i64::from(b as i32)).unsigned_abs() as u32;
                self.set32(dst, r);
                self.scc = r != 0;
            }
            43 => return Flow::Jump(a64),
            44 => self.set32(dst, ((u64::from(a) * u64::from(b)) >> 32) as u32),
            45 => self.set32(
                dst,
                ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32,
            ),
            46..=49 => {
                let t = (u64::from(a) << (op - 45)) + u64::from(b);
                self.set32(dst, t as u32);
                self.scc = t >> 32 != 0;
            }
            50 => self.set32(dst, (b << 16) | (a & 0xffff)),
            51 => self.set32(dst, (b & 0xffff_0000) | (a & 0xffff)),
            52 => self.set32(dst, (b & 0xffff_0000) | (a >> 16)),
            _ => {}
        }
        Flow::Next
    }

    fn sop1(&mut self, op: u8, c0: u8, dst: u8, lit: Option<u32>, next: u64) -> Flow {
        let a = self.src32(c0, lit);
        let a64 = self.src64(c0, lit);
        let d32 = self.src32(dst, None);
        let d64 = self.src64(dst, None);
        let exec = self.exec();
        match op {
            0 => self.set32(dst, a),
            1 => self.set64(dst, a64),
            2 if self.scc => self.set32(dst, a),
            3 if self.scc => self.set64(dst, a64),
            4 => {
                self.set32(dst, !a);
                self.scc = !a != 0;
            }
            5 => {
                self.set64(dst, !a64);
                self.scc = !a64 != 0;
            }
            6 | 7 | 40 | 41 => {
                let (x, groups) = if op.is_multiple_of(2) {
                    (u64::from(a), 8)
                } else {
                    (a64, 16)
                };
                let mut r = 0u64;
                for g in 0..groups {
                    let any = (x >> (4 * g)) & 0xf != 0;
                    if any {
                        r |= if op <= 7 { 0xf << (4 * g) } else { 1 << g };
                    }
                }
                if op.is_multiple_of(2) {
                    self.set32(dst, r as u32);
                } else {
                    self.set64(dst, r);
                }
                self.scc = r != 0;
            }
            8 => self.set32(dst, a.reverse_bits()),
            9 => self.set64(dst, a64.reverse_bits()),
            10..=13 => {
                let r = match op {
                    10 => a.count_zeros(),
                    11 => a64.count_zeros(),
                    12 => a.count_ones(),
                    _ => a64.count_ones(),
                };
                self.set32(dst, r);
                self.scc = r != 0;
            }
            14..=21 => {
                let none = u32::MAX;
                let r = match op {
                    14 => {
                        if a == u32::MAX {
                            none
                        } else {
                            (!a).trailing_zeros()
                        }
                    }
                    15 => {
                        if a64 == u64::MAX {
                            none
                        } else {
                            (!a64).trailing_zeros()
                        }
                    }
                    16 => {
                        if a == 0 {
                            none
                        } else {
                            a.trailing_zeros()
                        }
                    }
                    17 => {
                        if a64 == 0 {
                            none
                        } else {
                            a64.trailing_zeros()
                        }
                    }
                    18 => {
                        if a == 0 {
                            none
                        } else {
                            a.leading_zeros()
                        }
                    }
                    19 => {
                        if a64 == 0 {
                            none
                        } else {
                            a64.leading_zeros()
                        }
                    }
                    20 => {
                        if a == 0 || a == u32::MAX {
                            none
                        } else if (a as i32) < 0 {
                            (!a).leading_zeros()
                        } else {
                            a.leading_zeros()
                        }
                    }
                    _ => {
                        if a64 == 0 || a64 == u64::MAX {
                            none
                        } else if (a64 as i64) < 0 {
                            (!a64).leading_zeros()
                        } else {
                            a64.leading_zeros()
                        }
                    }
                };
                self.set32(dst, r);
            }
            22 => self.set32(dst, a as u8 as i8 as i32 as u32),
            23 => self.set32(dst, a as u16 as i16 as i32 as u32),
            24 => self.set32(dst, d32 & !(1 << (a & 31))),
            25 => self.set64(dst, d64 & !(1 << (a & 63))),
            26 => self.set32(dst, d32 | (1 << (a & 31))),
            27 => self.set64(dst, d64 | (1 << (a & 63))),
            28 => self.set64(dst, next),
            29 | 31 => return Flow::Jump(a64),
            30 => {
                self.set64(dst, next);
                return Flow::Jump(a64);
            }
            32..=39 | 51 | 52 => {
                let new = match op {
                    32 => a64 & exec,
                    33 => a64 | exec,
                    34 => a64 ^ exec,
                    35 => a64 & !exec,
                    36 => a64 | !exec,
                    37 => !(a64 & exec),
                    38 => !(a64 | exec),
                    39 => !(a64 ^ exec),
                    51 => !a64 & exec,
                    _ => !a64 | exec,
                };
                self.set64(dst, exec);
                self.set64(126, new);
                self.scc = new != 0;
            }
            53 | 54 => {
                let new = if op == 53 { !a64 & exec } else { a64 & !exec };
                self.set64(126, new);
                self.set64(dst, new);
                self.scc = new != 0;
            }
            42 | 43 => {
                let n = if op == 42 { 1 } else { 2 };
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
            44 | 45 => {
                let n = if op == 44 { 1 } else { 2 };
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
            46 => {
                return Flow::Fault(
                    FaultKind::Unsupported,
                    "s_cbranch_join needs the vector unit's control-stack state".into(),
                );
            }
            48 => {
                let r = (a as i32).unsigned_abs();
                self.set32(dst, r);
                self.scc = r != 0;
            }
            50 => self.regs[124] = (self.regs[124] & !0xff) | (a & 0xff),
            55 => {
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

    fn sopk(&mut self, op: u8, dst: u8, simm: u16, lit: Option<u32>, next: u64) -> Flow {
        let k = simm as i16 as i32 as u32;
        let kz = u32::from(simm);
        let d = self.src32(dst, None);
        match op {
            0 => self.set32(dst, k),
            1 if self.scc => self.set32(dst, k),
            2..=7 => {
                let (x, y) = (d as i32, k as i32);
                self.scc = cmp(op - 2, x.cmp(&y));
            }
            8..=13 => self.scc = cmp(op - 8, d.cmp(&kz)),
            14 => {
                let (r, o) = (d as i32).overflowing_add(k as i32);
                self.set32(dst, r as u32);
                self.scc = o;
            }
            15 => self.set32(dst, d.wrapping_mul(k)),
            16 => {
                return Flow::Fault(
                    FaultKind::Unsupported,
                    "s_cbranch_i_fork needs the vector unit's control-stack state".into(),
                );
            }
            17 => {
                let (id, off, size) = hwreg_fields(simm);
                let m = if size >= 32 {
                    u64::MAX
                } else {
                    (1u64 << size) - 1
                };
                let v = (u64::from(self.hwreg_read(id)) >> off) & m;
                self.set32(dst, v as u32);
            }
            18 | 20 => {
                let v = if op == 18 { d } else { lit.unwrap_or(0) };
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
            21 => {
                self.set64(dst, next);
                return Flow::Jump(branch(next, simm));
            }
            _ => {}
        }
        Flow::Next
    }

    fn sopc(&mut self, op: u8, c0: u8, c1: u8, lit: Option<u32>) {
        let a = self.src32(c0, lit);
        let b = self.src32(c1, lit);
        match op {
            0..=5 => self.scc = cmp(op, (a as i32).cmp(&(b as i32))),
            6..=11 => self.scc = cmp(op - 6, a.cmp(&b)),
            12 => self.scc = a >> (b & 31) & 1 == 0,
            13 => self.scc = a >> (b & 31) & 1 == 1,
            14 => self.scc = self.src64(c0, lit) >> (b & 63) & 1 == 0,
            15 => self.scc = self.src64(c0, lit) >> (b & 63) & 1 == 1,
            16 => {}
            17 => {
                self.regs[124] =
                    (self.regs[124] & !0xf0ff) | (a & 0xff) | (u32::from(c1) & 0xf) << 12;
                self.gpr_idx_en = true;
            }
            18 => self.scc = self.src64(c0, lit) == self.src64(c1, lit),
            19 => self.scc = self.src64(c0, lit) != self.src64(c1, lit),
            _ => {}
        }
    }

    fn sopp(&mut self, op: u8, simm: u16, next: u64) -> Flow {
        let taken = |c: bool| {
            if c {
                Flow::Jump(branch(next, simm))
            } else {
                Flow::Next
            }
        };
        match op {
            0 => Flow::Idle(u64::from(simm & 0xf)),
            1 | 27 | 30 => Flow::End,
            2 => Flow::Jump(branch(next, simm)),
            4 => taken(!self.scc),
            5 => taken(self.scc),
            6 => taken(self.vcc() == 0),
            7 => taken(self.vcc() != 0),
            8 => taken(self.exec() == 0),
            9 => taken(self.exec() != 0),
            10 => Flow::Barrier,
            12 => Flow::Waitcnt(waitcnt_decode(simm).2),
            13 => {
                if simm & 1 == 1 {
                    Flow::Fault(
                        FaultKind::Halt,
                        "s_sethalt 1: nothing resumes a halted wave".into(),
                    )
                } else {
                    Flow::Next
                }
            }
            14 => Flow::Idle(64 * u64::from(simm & 0x7f)),
            15 => {
                self.prio = simm & 3;
                Flow::Next
            }
            17 => Flow::Fault(
                FaultKind::Halt,
                "s_sendmsghalt: the message is dropped and nothing resumes the wave".into(),
            ),
            18 => Flow::Fault(
                FaultKind::Trap,
                format!("s_trap {}: no trap handler is modelled", simm & 0xff),
            ),
            28 => {
                self.gpr_idx_en = false;
                Flow::Next
            }
            29 => {
                self.regs[124] = (self.regs[124] & !0xf000) | (u32::from(simm) & 0xf) << 12;
                Flow::Next
            }
            // s_wakeup, s_setkill, s_sendmsg, s_icache_inv, s_incperflevel,
            // s_decperflevel, s_ttracedata, s_cbranch_cdbg* (no debugger: not taken).
            _ => Flow::Next,
        }
    }
}

fn cmp(kind: u8, o: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match kind {
        0 => o == Equal,
        1 => o != Equal,
        2 => o == Greater,
        3 => o != Less,
        4 => o == Less,
        _ => o != Greater,
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
