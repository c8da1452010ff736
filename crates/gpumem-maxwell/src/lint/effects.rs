//! What one instruction reads and writes, derived from its table row: the operand kinds
//! (registers with their widths, predicates, address registers), the guard, and the
//! modifier groups that touch the condition code (`.CC` writes it, `.X` reads it).
//! No mnemonic is compared: everything comes from [`OpKind`], [`ModId`] and [`Op`].

use crate::inst::{Inst, Operand, PT, RZ};
use crate::table::{Issue, Latency, ModId, Op, OpKind};

/// A register-file location the checker tracks: `R0`..`R254` are 0..=254, `P0`..`P6`
/// are [`PRED_BASE`]`+p`, the condition code is [`CC`].
pub type Loc = u16;
/// The first predicate location.
pub const PRED_BASE: Loc = 256;
/// The condition-code location.
pub const CC: Loc = 263;

/// A location's name in messages (`R4`, `P0`, `CC`).
pub fn loc_name(l: Loc) -> String {
    match l {
        CC => "CC".into(),
        l if l >= PRED_BASE => format!("P{}", l - PRED_BASE),
        l => format!("R{l}"),
    }
}

/// One source location with the reuse slot of the operand that reads it (`None` for
/// address registers, guards, predicates and the condition code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Read {
    /// The location.
    pub loc: Loc,
    /// The guard predicate (read at issue by every unit, so no read barrier covers it).
    pub guard: bool,
    /// The control-word reuse slot of the operand (the first register of a wide operand only).
    pub slot: Option<u8>,
}

/// The registers an instruction reads and writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Sources, in operand order (guard last).
    pub reads: Vec<Read>,
    /// Destinations.
    pub writes: Vec<Loc>,
}

impl Effects {
    /// Whether the instruction writes `l`.
    pub fn writes_loc(&self, l: Loc) -> bool {
        self.writes.contains(&l)
    }
    /// Whether the instruction reads `l`.
    pub fn reads_loc(&self, l: Loc) -> bool {
        self.reads.iter().any(|r| r.loc == l)
    }
    /// Whether the instruction reads `l` as an operand (not as its guard): what a read
    /// barrier protects.
    pub fn reads_operand(&self, l: Loc) -> bool {
        l < PRED_BASE && self.reads.iter().any(|r| r.loc == l && !r.guard)
    }
}

fn push_regs(out: &mut Vec<Loc>, r: u8, n: u32) {
    if r == RZ {
        return;
    }
    for k in 0..n {
        let x = u32::from(r) + k;
        if x < u32::from(RZ) {
            out.push(x as Loc);
        }
    }
}

/// The effects of `inst`, from its row's operand kinds and modifier groups.
pub fn effects(inst: &Inst) -> Effects {
    let mut e = Effects::default();
    let wide_addr = inst.mod_value(ModId::E) == Some(1);
    let addr_regs = if wide_addr { 2 } else { 1 };
    let mut src = Vec::new();
    for (k, v) in inst.op.operands.iter().zip(inst.operands()) {
        match (*k, *v) {
            (
                OpKind::Reg {
                    write,
                    count,
                    reuse,
                    ..
                },
                Operand::Reg { r, .. },
            ) => {
                let n = inst.reg_count(count);
                if write {
                    push_regs(&mut e.writes, r, n);
                } else {
                    src.clear();
                    push_regs(&mut src, r, n);
                    for (j, &l) in src.iter().enumerate() {
                        e.reads.push(Read {
                            loc: l,
                            slot: if j == 0 { reuse } else { None },
                            guard: false,
                        });
                    }
                }
            }
            (OpKind::RegHideRz { write: true, .. }, Operand::Reg { r, .. }) => {
                push_regs(&mut e.writes, r, 1)
            }
            (
                OpKind::RegHideRz { write: false, .. } | OpKind::RegNotRz { .. },
                Operand::Reg { r, .. },
            ) if r != RZ => e.reads.push(Read {
                loc: Loc::from(r),
                slot: None,
                guard: false,
            }),
            (OpKind::RegPair { .. }, Operand::Reg { r, .. }) => {
                let n = match inst.mem_bytes() {
                    Some(8) => 2,
                    _ => 1,
                };
                src.clear();
                push_regs(&mut src, r, n);
                e.reads.extend(src.iter().map(|&loc| Read {
                    loc,
                    slot: None,
                    guard: false,
                }));
            }
            (OpKind::Pred { write, .. }, Operand::Pred { p, .. }) if p != PT => {
                let l = PRED_BASE + Loc::from(p);
                if write {
                    e.writes.push(l);
                } else {
                    e.reads.push(Read {
                        loc: l,
                        slot: None,
                        guard: false,
                    });
                }
            }
            (OpKind::SparsePred { .. } | OpKind::PredOut { .. }, Operand::Pred { p, .. })
                if p != PT =>
            {
                e.writes.push(PRED_BASE + Loc::from(p));
            }
            (
                OpKind::Mem { .. }
                | OpKind::MemW { .. }
                | OpKind::MemNoRz { .. }
                | OpKind::RegOff { .. }
                | OpKind::Attr { .. },
                Operand::Mem { ra, .. },
            ) => {
                src.clear();
                push_regs(&mut src, ra, addr_regs);
                e.reads.extend(src.iter().map(|&loc| Read {
                    loc,
                    slot: None,
                    guard: false,
                }));
            }
            (OpKind::ConstMem { .. } | OpKind::ConstReg { .. }, Operand::ConstMem { ra, .. }) => {
                src.clear();
                push_regs(&mut src, ra, 1);
                e.reads.extend(src.iter().map(|&loc| Read {
                    loc,
                    slot: None,
                    guard: false,
                }));
            }
            (OpKind::CondCode { .. }, Operand::Cc(c)) if c != 15 => {
                e.reads.push(Read {
                    loc: CC,
                    slot: None,
                    guard: false,
                });
            }
            (OpKind::PrCc { .. }, Operand::Imm(cc)) => {
                // P2R reads, R2P writes the predicates its mask selects (an immediate
                // mask after the PR operand; a register mask may select any), or CC.
                let mask = inst
                    .op
                    .operands
                    .iter()
                    .zip(inst.operands())
                    .skip_while(|(k, _)| !matches!(k, OpKind::PrCc { .. }))
                    .skip(1)
                    .find_map(|(k, v)| match (k, v) {
                        (OpKind::Reg { .. }, _) => None,
                        (_, Operand::Imm(m)) => Some(*m),
                        _ => None,
                    })
                    .unwrap_or(0x7f);
                let locs: Vec<Loc> = if cc == 1 {
                    vec![CC]
                } else {
                    (0..7)
                        .filter(|p| mask & (1 << p) != 0)
                        .map(|p| PRED_BASE + p)
                        .collect()
                };
                if inst.op.op == Op::R2p {
                    e.writes.extend(locs);
                } else {
                    e.reads.extend(locs.into_iter().map(|loc| Read {
                        loc,
                        slot: None,
                        guard: false,
                    }));
                }
            }
            _ => {}
        }
    }
    if inst.mod_value(ModId::Cc) == Some(1) {
        e.writes.push(CC);
    }
    // CSET/CSETP test the condition code (their `CC` operand has no bits).
    if matches!(inst.op.op, Op::Cset | Op::Csetp) {
        e.reads.push(Read {
            loc: CC,
            slot: None,
            guard: false,
        });
    }
    if inst.mod_value(ModId::X) == Some(1) {
        e.reads.push(Read {
            loc: CC,
            slot: None,
            guard: false,
        });
    }
    if inst.guard != PT {
        e.reads.push(Read {
            loc: PRED_BASE + Loc::from(inst.guard),
            slot: None,
            guard: true,
        });
    }
    e
}

/// The latency class of an instruction's results (Mesa's `TargetGM107::getLatency`,
/// `docs/spec/maxwell-scoreboard.md`): variable-latency rows set a write barrier
/// instead; fixed-latency results are ready [`ALU_LATENCY`] cycles after issue, a
/// predicate [`PRED_LATENCY`] cycles after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Result ready after a fixed number of cycles.
    Fixed,
    /// Result ready at an unknown time: consumers wait on the write barrier.
    Variable,
}

/// Cycles from issue until a fixed-latency register or condition-code result can be read.
pub const ALU_LATENCY: u8 = 6;
/// Cycles from issue until a fixed-latency predicate result can be read.
pub const PRED_LATENCY: u8 = 13;

/// The latency class of `inst` (the row's [`Latency`]).
pub fn class(inst: &Inst) -> Class {
    match inst.op.latency {
        Latency::Fixed => Class::Fixed,
        Latency::Variable => Class::Variable,
    }
}

/// The fixed latency of a result in `l` (predicate or not).
pub fn fixed_latency(l: Loc) -> u8 {
    if (PRED_BASE..CC).contains(&l) {
        PRED_LATENCY
    } else {
        ALU_LATENCY
    }
}

/// The functional unit a dual-issue pair is checked by: two instructions of one unit do
/// not pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The integer/float ALUs (fixed latency, operand collector).
    Alu,
    /// Memory (loads, stores, atomics, constant loads).
    Mem,
    /// The variable-latency arithmetic units (SFU, f64, conversions, multiplies, S2R...).
    Xu,
    /// Branches and other control (BRA, SSY, SYNC, EXIT, BAR, DEPBAR...).
    Ctrl,
}

/// The unit of `inst` (from the row's memory facts, latency and control flow, and the
/// op's [`Issue`]).
pub fn unit(inst: &Inst) -> Unit {
    use crate::table::Flow;
    if inst.op.mem.is_some() {
        return Unit::Mem;
    }
    let control = match inst.op.op.info().issue {
        Issue::Unit => false,
        Issue::Control | Issue::ControlStall => true,
    };
    if inst.op.flow != Flow::Next || control {
        return Unit::Ctrl;
    }
    match inst.op.latency {
        Latency::Fixed => Unit::Alu,
        Latency::Variable => Unit::Xu,
    }
}

/// `DEPBAR`'s waits and the completion queues are scoreboard facts
/// ([`crate::scoreboard`]); named here too for the code that reads effects.
pub use crate::scoreboard::{Depbar, depbar, queue};

/// Cycles after issue at which an instruction reads its register sources: the operand
/// collector of fixed-latency ops reads at issue; memory and the other variable-latency
/// units read later (`docs/spec/maxwell-scoreboard.md`, Mesa's getReadLatency: shared
/// and constant 2, others 4).
pub fn read_delay(inst: &Inst) -> u8 {
    use gpumem_isa::Space;
    if inst.op.latency == Latency::Fixed {
        return 0;
    }
    match inst.op.mem.map(|m| (m.space, m.generic)) {
        Some((Space::Shared | Space::Constant, false)) => 2,
        _ => 4,
    }
}
