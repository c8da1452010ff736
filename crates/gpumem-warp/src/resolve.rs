//! Launch-time resolution: each instruction's dispatch kind, operation, modifier values
//! by id, branch target and memory facts, computed once so that executing it reads
//! values only.

use crate::fault::FaultKind;
use crate::program::addr_index;
use gpumem_maxwell::table::{
    Addressing, AtomOp, B2rMode, BarMode, BarRed, CctlAction, ControlFlow, Dispatch, MemKind,
    MemSize, ModId, Op, OpKind,
};
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::rules::LdcMode;
use gpumem_mem::scalar::AtomicOp;
use gpumem_mem::{AccessKind, CacheOp, F16Op, Rmw, Space};

/// Everything about one instruction that does not change while it runs: resolved
/// once per launch so that executing it never looks a modifier up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pre {
    /// The row's operation.
    pub op: Op,
    /// The value of each modifier group by [`ModId`] (`m[id as usize]`; 0 when the row
    /// has no such group; the first group of an id wins).
    pub m: [u8; ModId::COUNT],
    /// `.PO` (both negation bits).
    pub po: bool,
    /// The row's first operand is a predicate destination (LOP, LOP3's register form,
    /// LEA): the register operands follow it.
    pub pd_first: bool,
}

impl Default for Pre {
    fn default() -> Pre {
        Pre {
            op: Op::Nop,
            m: [0; ModId::COUNT],
            po: false,
            pd_first: false,
        }
    }
}

impl Pre {
    pub(crate) fn new(inst: &Inst) -> Pre {
        let mut m = [0u8; ModId::COUNT];
        for (k, g) in inst.op.mods.iter().enumerate().rev() {
            m[g.id as usize] = inst.mods[k];
        }
        Pre {
            op: inst.op.op,
            m,
            po: inst.po,
            pd_first: matches!(
                inst.op.operands.first(),
                Some(OpKind::Pred { write: true, .. })
            ),
        }
    }

    /// The value of modifier group `id`.
    #[inline]
    pub(crate) fn m(&self, id: ModId) -> u8 {
        self.m[id as usize]
    }
}

/// How the executor dispatches one instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Bra,
    Ssy,
    Sync,
    Exit,
    Bar,
    /// B2R, R2B: read or write what the warp's last barrier left (`control::b2r`).
    B2r,
    /// PBK, PCNT, PRET, BRK, CONT, RET, CAL, JCAL, JMP, BRX, JMX, PEXIT, PLONGJMP,
    /// LONGJMP, and the system rows RTT, SAM, RAM, LEPC, GET/SETCRSPTR,
    /// GET/SETLMEMBASE (`control::flow`).
    Flow,
    /// BPT: stops the launch with a `breakpoint` fault.
    Bpt,
    Nop,
    Mem,
    /// TEXS, TLDS: a texture fetch (`sem::texture`).
    Tex,
    /// SULD, SUST, SURED, SUATOM: a surface access (`sem::surface`).
    Surf,
    Alu,
}

/// One instruction resolved at launch time.
#[derive(Clone, Debug)]
pub(crate) struct Exec {
    pub kind: Kind,
    pub pre: Pre,
    /// The branch target operand as an instruction index (SSY, BRA).
    pub target: Option<usize>,
    /// The CC test operand (15 = T).
    pub cc: u8,
    /// An absolute target (JCAL's and JMP's immediate), as a byte address.
    pub abs: Option<i64>,
    /// BAR's mode.
    pub bar: Option<BarMode>,
    /// BAR.RED's reduction.
    pub red: Option<BarRed>,
    /// What a B2R reads or an R2B writes (`None` for the rows that name a barrier by
    /// number).
    pub b2r: Option<B2rMode>,
    pub mem: Option<MemPre>,
    /// A cache-control instruction that drops L1 lines in the cycle model.
    pub ctl: Option<CtlPre>,
}

/// The address of a `CCTL.IV`/`.RS` (data cache) or `CCTLL.IV`/`.RS`: the lines the
/// issuing SM's L1 drops (SEMANTICS.md, "Cache control"; only the trace sees it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CtlPre {
    /// `Ra` (RZ: the offset alone).
    pub ra: u8,
    /// The byte offset.
    pub off: i64,
    /// The offset field's width in bits (an `RZ` address zero-extends it).
    pub width: u8,
    /// `.E`: the address is `{Ra+1,Ra}` + offset.
    pub wide: bool,
    /// CCTLL: the address is in the local window; CCTL's is generic.
    pub local: bool,
}

impl CtlPre {
    fn new(inst: &Inst) -> Option<CtlPre> {
        let local = match inst.op.op {
            // Only the data cache (cache type 0, printed as nothing) holds L1 lines.
            Op::Cctl if inst.mod_value(ModId::CacheType).unwrap_or(0) == 0 => false,
            Op::Cctll => true,
            _ => return None,
        };
        // `.IV` and `.RS` drop lines; `.PF1`/`.PF1.5`/`.PF2` fill nothing in the model,
        // `.WB` writes back nothing (L1 is write-through), `.RSLB` is left alone.
        if !matches!(
            cctl_action(inst)?,
            CctlAction::Invalidate | CctlAction::Reset
        ) {
            return None;
        }
        let (k, o) = inst.op.operands.iter().zip(&inst.operands).next()?;
        let (ra, off, width) = match (k, o) {
            (OpKind::MemW { imm, .. }, Operand::Mem { ra, off }) => (*ra, *off, imm.width + 2),
            (OpKind::Mem { imm, .. }, Operand::Mem { ra, off }) => (*ra, *off, imm.width),
            _ => return None,
        };
        Some(CtlPre {
            ra,
            off,
            width,
            wide: inst.mod_value(ModId::E) == Some(1),
            local,
        })
    }
}

/// What a CCTL/CCTLL does (its operation value's meaning in the table).
fn cctl_action(inst: &Inst) -> Option<CctlAction> {
    inst.mod_val(ModId::CctlOp).and_then(|v| v.cctl())
}

/// The launch-invariant part of a memory instruction's access record.
#[derive(Clone, Debug)]
pub(crate) struct MemPre {
    /// The size is an `.INVALID*` value (its text).
    pub invalid_size: Option<&'static str>,
    pub bytes: u32,
    pub kind: AccessKind,
    pub space: Space,
    pub cache: CacheOp,
    pub signed: bool,
    pub uniform_hint: bool,
    pub data_reg: u8,
    /// The `Ps` predicates of a sparse LDG (written false), as a mask of P0-P6.
    pub sparse_preds: u8,
    /// `(Ra, offset, immediate width)`.
    pub addr_op: Option<(u8, i64, u8)>,
    pub bank: u32,
    pub ldc_mode: LdcMode,
    pub wide: bool,
    /// LD/ST: each lane's address resolves to shared, local or global.
    pub generic: bool,
    /// ATOM, ATOMS, RED: the operation and its registers.
    pub atom: Option<AtomPre>,
}

/// The launch-invariant part of an atomic: the operation and its registers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AtomPre {
    /// The read-modify-write, or the fault executing it raises: `unsupported` for
    /// `.SAFEADD` (no public definition), `invalid_instruction` for a type the manual
    /// does not allow with the operation (`.U128`; f32 or f16x2 types with an integer
    /// operation).
    pub rmw: Result<Rmw, (FaultKind, &'static str)>,
    /// The destination of the old value (RZ for RED).
    pub dst: u8,
    /// The operand (CAS: the compare value).
    pub b: u8,
    /// CAS's new value (RZ otherwise).
    pub c: u8,
}

impl AtomPre {
    fn new(inst: &Inst, size: MemSize) -> AtomPre {
        let op = inst
            .op
            .mods
            .iter()
            .zip(inst.mods.iter())
            .find(|(g, _)| g.id == ModId::Atom)
            .and_then(|(g, &v)| g.spell(&inst.mods, v))
            .and_then(|v| v.atom());
        let rmw = match op {
            // SPA 5.0's ATOM page: ".128 aliases to .U128, but is illegal".
            _ if size.bytes > 8 => Err((
                FaultKind::InvalidInstruction,
                "the .U128 atomic type is illegal (SPA 5.0: \".128 aliases to .U128, but is illegal\")",
            )),
            // SM52's ATOM with a predicate output (`table/atomic.rs`): what it writes there is unknown.
            _ if (inst.op.operands.iter()).any(|k| matches!(k, OpKind::SparsePred { .. })) => {
                Err((
                    FaultKind::Unsupported,
                    "SM52's ATOM with a predicate output: no public source says what the predicate receives",
                ))
            }
            // `.F16x2.FTZ.RN` (SM52): the manual lists it for ADD, MIN and MAX.
            Some(AtomOp::Add) if size.half2 => Ok(Rmw::F16x2(F16Op::Add)),
            Some(AtomOp::Min) if size.half2 => Ok(Rmw::F16x2(F16Op::Min)),
            Some(AtomOp::Max) if size.half2 => Ok(Rmw::F16x2(F16Op::Max)),
            _ if size.half2 => Err((
                FaultKind::InvalidInstruction,
                ".F16x2.FTZ.RN atomics are ADD, MIN or MAX only",
            )),
            // `.F64.RN` (Pascal): ADD only (PTX `atom.add.f64`, the one f64 atomic).
            Some(AtomOp::Add) if size.float && size.bytes == 8 => Ok(Rmw::F64AddRn),
            _ if size.float && size.bytes == 8 => Err((
                FaultKind::InvalidInstruction,
                ".F64.RN atomics are ADD only (PTX has no other f64 atomic)",
            )),
            // `.F32.FTZ.RN`: ADD only.
            Some(AtomOp::Add) if size.float => Ok(Rmw::F32AddFtz),
            _ if size.float => Err((
                FaultKind::InvalidInstruction,
                ".F32.FTZ.RN atomics are ADD only",
            )),
            Some(AtomOp::Add) => Ok(Rmw::Int(AtomicOp::Add)),
            Some(AtomOp::Min) if size.signed => Ok(Rmw::Int(AtomicOp::Smin)),
            Some(AtomOp::Min) => Ok(Rmw::Int(AtomicOp::Umin)),
            Some(AtomOp::Max) if size.signed => Ok(Rmw::Int(AtomicOp::Smax)),
            Some(AtomOp::Max) => Ok(Rmw::Int(AtomicOp::Umax)),
            Some(AtomOp::Inc) => Ok(Rmw::Int(AtomicOp::Inc)),
            Some(AtomOp::Dec) => Ok(Rmw::Int(AtomicOp::Dec)),
            Some(AtomOp::And) => Ok(Rmw::Int(AtomicOp::And)),
            Some(AtomOp::Or) => Ok(Rmw::Int(AtomicOp::Or)),
            Some(AtomOp::Xor) => Ok(Rmw::Int(AtomicOp::Xor)),
            Some(AtomOp::Exch) => Ok(Rmw::Int(AtomicOp::Swap)),
            Some(AtomOp::Cas) => Ok(Rmw::Int(AtomicOp::CmpSwap)),
            Some(AtomOp::Cast) => Ok(Rmw::Cast { spin: false }),
            Some(AtomOp::CastSpin) => Ok(Rmw::Cast { spin: true }),
            Some(AtomOp::SafeAdd) => Err((
                FaultKind::Unsupported,
                "ATOM.SAFEADD: SPA 5.0 says only \"increment put pointer in a circular queue\" (.U64), without the queue bound that would define it",
            )),
            None => Err((
                FaultKind::Unsupported,
                "no functional model for this atomic operation",
            )),
        };
        // Register operands in row order: RED `[Ra], Rb`; ATOM `Rd, [Ra], Rb`; CAS
        // `Rd, [Ra], Rb, Rc` (the pair's second register, or RZ).
        let regs: Vec<(bool, u8)> = inst
            .op
            .operands
            .iter()
            .zip(inst.operands.iter())
            .filter_map(|(k, o)| match (k, o) {
                (OpKind::Reg { write, .. }, Operand::Reg { r, .. }) => Some((*write, *r)),
                (OpKind::RegPair { .. }, Operand::Reg { r, .. }) => Some((false, *r)),
                _ => None,
            })
            .collect();
        let dst = regs.iter().find(|(w, _)| *w).map_or(RZ, |x| x.1);
        let mut srcs = regs.iter().filter(|(w, _)| !*w).map(|x| x.1);
        let b = srcs.next().unwrap_or(RZ);
        let c = srcs.next().unwrap_or(RZ);
        // CAS's operands: (compare, new).
        let (b, c) = if matches!(op, Some(AtomOp::Cas | AtomOp::Cast | AtomOp::CastSpin)) {
            (b, c)
        } else {
            (b, RZ)
        };
        AtomPre { rmw, dst, b, c }
    }
}

impl Exec {
    pub fn new(inst: &Inst) -> Exec {
        let kind = match inst.op.op.info().dispatch {
            Dispatch::Branch => Kind::Bra,
            Dispatch::Ssy => Kind::Ssy,
            Dispatch::Sync => Kind::Sync,
            Dispatch::Exit => Kind::Exit,
            Dispatch::Barrier => Kind::Bar,
            Dispatch::BarrierState => Kind::B2r,
            Dispatch::Breakpoint => Kind::Bpt,
            // The rest of the control family and the system rows that read or change warp
            // state (the pc, the reconvergence stack, the local window): `control::flow`.
            // A constant-bank target (`c[bank][off]`, `c[bank][Ra+off]`) is read there
            // from the launch's banks (`control::cbank_target`).
            Dispatch::Flow => Kind::Flow,
            // No scoreboards are modelled (every access completes before the next
            // instruction), so DEPBAR waits for nothing, whatever its scoreboard set.
            // IDE enables or disables interrupts: a launch has none (SEMANTICS.md,
            // "Rows without a functional meaning").
            Dispatch::Nothing => Kind::Nop,
            // Cache control changes no value: caches are not functional state here, and
            // an address it names is never checked (SEMANTICS.md, "Cache control"); the
            // trace carries the lines `.IV`/`.RS` drop for the cycle model (`CtlPre`).
            // CCTL's operation 0 (`.QRY1`) goes to `sem::exec`, which faults: SPA 5.0 says
            // it "will signal an illegal instruction encoding" on this generation.
            Dispatch::CacheControl
                if inst.op.op == Op::Cctl && cctl_action(inst) == Some(CctlAction::Query) =>
            {
                Kind::Alu
            }
            Dispatch::CacheControl => Kind::Nop,
            // TEXS/TLDS fetch through the texture unit (`sem::texture`); the other
            // texture rows still fault `unsupported` from `sem::exec`.
            Dispatch::Compute if matches!(inst.op.op, Op::Texs | Op::Tlds) => Kind::Tex,
            // SULD/SUST read and write texels through a header (`sem::surface`).
            Dispatch::Compute
                if matches!(inst.op.op, Op::Suld | Op::Sust | Op::Sured | Op::Suatom) =>
            {
                Kind::Surf
            }
            Dispatch::Compute if inst.op.mem.is_some() => Kind::Mem,
            Dispatch::Compute => Kind::Alu,
        };
        let pre = Pre::new(inst);
        Exec {
            kind,
            pre,
            target: target(inst),
            cc: cc_test(inst),
            bar: inst.mod_val(ModId::Mode).and_then(|v| v.bar()),
            red: inst.mod_val(ModId::RedOp).and_then(|v| v.bar_red()),
            b2r: inst.mod_val(ModId::Mode).and_then(|v| v.b2r()),
            abs: match inst.op.op.info().flow {
                ControlFlow::Branch(Addressing::Absolute)
                | ControlFlow::Call(Addressing::Absolute) => {
                    inst.operands.iter().find_map(|o| match o {
                        Operand::Imm(v) => Some(*v),
                        _ => None,
                    })
                }
                _ => None,
            },
            mem: if kind == Kind::Mem {
                MemPre::new(inst, &pre)
            } else {
                None
            },
            ctl: CtlPre::new(inst),
        }
    }
}

impl MemPre {
    fn new(inst: &Inst, pre: &Pre) -> Option<MemPre> {
        let facts = inst.op.mem?;
        let size_val = inst.mod_val(ModId::Sz)?;
        let size = size_val.size()?;
        let kind = match facts.kind {
            MemKind::Load | MemKind::Atomic => AccessKind::Load,
            MemKind::Store | MemKind::Reduction => AccessKind::Store,
        };
        let atom = matches!(facts.kind, MemKind::Atomic | MemKind::Reduction)
            .then(|| AtomPre::new(inst, size));
        let space = facts.space;
        let mut p = MemPre {
            invalid_size: size.invalid.then_some(size_val.text),
            bytes: size.bytes as u32,
            kind,
            space,
            cache: inst.cache_op().unwrap_or(CacheOp::Default),
            signed: kind == AccessKind::Load && size.signed,
            uniform_hint: pre.m(ModId::U) == 1 || size.uniform,
            data_reg: RZ,
            sparse_preds: 0,
            addr_op: None,
            bank: inst
                .operands
                .iter()
                .find_map(|o| match o {
                    Operand::ConstMem { bank, .. } => Some(*bank as u32),
                    _ => None,
                })
                .unwrap_or(0),
            ldc_mode: LdcMode::from_value(pre.m(ModId::Ad)),
            wide: pre.m(ModId::E) == 1,
            generic: facts.generic,
            atom,
        };
        // Operands: the data register, the address, and (sparse LDG) Ps.
        for (k, o) in inst.op.operands.iter().zip(inst.operands.iter()) {
            match (k, o) {
                (OpKind::Reg { .. }, Operand::Reg { r, .. }) => p.data_reg = *r,
                (OpKind::Mem { imm, .. }, Operand::Mem { ra, off }) => {
                    p.addr_op = Some((*ra, *off, imm.width))
                }
                // A word offset: the byte offset's field is two bits wider.
                (OpKind::MemW { imm, .. }, Operand::Mem { ra, off }) => {
                    p.addr_op = Some((*ra, *off, imm.width + 2))
                }
                (OpKind::ConstMem { .. }, Operand::ConstMem { ra, off, .. }) => {
                    p.addr_op = Some((*ra, *off, 16));
                }
                (OpKind::SparsePred { .. }, Operand::Pred { p: ps, .. }) if *ps < 7 => {
                    p.sparse_preds |= 1 << *ps;
                }
                _ => {}
            }
        }
        Some(p)
    }
}

impl Exec {
    /// The entry of an instruction that does not decode (executing it faults before
    /// this is read).
    pub fn invalid() -> Exec {
        Exec {
            kind: Kind::Nop,
            pre: Pre::default(),
            target: None,
            cc: 15,
            abs: None,
            bar: None,
            red: None,
            b2r: None,
            mem: None,
            ctl: None,
        }
    }
}

fn target(inst: &Inst) -> Option<usize> {
    inst.operands.iter().find_map(|o| match o {
        Operand::Target(t) => addr_index(*t),
        _ => None,
    })
}

fn cc_test(inst: &Inst) -> u8 {
    inst.operands
        .iter()
        .find_map(|o| match o {
            Operand::Cc(c) => Some(*c),
            _ => None,
        })
        .unwrap_or(15)
}
