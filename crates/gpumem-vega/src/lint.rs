//! Static checks for what the Vega ISA manual (chapter 7, "Scalar Memory
//! Operations") forbids but llvm-mc 19 accepts, and for the hazards a run of the
//! program would meet that the program text alone decides. Each warning has a lint
//! name, documented in `LINTS.md`.
//!
//! Two kinds: [`check`] looks at one instruction as written (the assembler reports
//! these on every line); [`check_program`] looks at what instructions do when they
//! run (replays, clauses, loads read before their `s_waitcnt`), over the instructions
//! that can run ([`crate::flow`]), and is reported by [`crate::lint`] only.

use crate::flow::{Cfg, Placed};
use crate::inst::{Inst, SmemOffset};
use crate::operand::{code, waitcnt_decode};
use crate::table::{Field, Format, Kind, Mem, SOp};
use crate::uses::RegSet;

/// The lints of this crate (the assembler adds the operand-text lints
/// `smem-probe-truncated` and `imm16-truncated`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lint {
    /// `smem-store-sgpr-offset`: a store or atomic with an SGPR offset.
    StoreSgprOffset,
    /// `smem-negative-offset`: a negative immediate offset.
    NegativeOffset,
    /// `smem-unaligned-offset`: an immediate offset that is not a multiple of 4.
    UnalignedOffset,
    /// `smem-sdata-not-sgpr`: SDATA is neither an SGPR nor VCC.
    SdataNotSgpr,
    /// `smem-replay-overlap`: a load that overwrites its own sources (a program lint:
    /// reported for instructions that can run).
    ReplayOverlap,
    /// `replay-clause-overwrite`: a member of a clause overwrites a source of an
    /// earlier member.
    ReplayClauseOverwrite,
    /// `atomic-in-clause`: a clause holds an atomic and other SMEMs.
    AtomicInClause,
    /// `read-before-wait`: a register read while an SMEM that writes it may still be
    /// in flight.
    ReadBeforeWait,
    /// `write-before-wait`: a register written while an SMEM that writes it may still
    /// be in flight.
    WriteBeforeWait,
}

impl Lint {
    /// The lint's name (see `LINTS.md`).
    pub const fn name(self) -> &'static str {
        match self {
            Lint::StoreSgprOffset => "smem-store-sgpr-offset",
            Lint::NegativeOffset => "smem-negative-offset",
            Lint::UnalignedOffset => "smem-unaligned-offset",
            Lint::SdataNotSgpr => "smem-sdata-not-sgpr",
            Lint::ReplayOverlap => "smem-replay-overlap",
            Lint::ReplayClauseOverwrite => "replay-clause-overwrite",
            Lint::AtomicInClause => "atomic-in-clause",
            Lint::ReadBeforeWait => "read-before-wait",
            Lint::WriteBeforeWait => "write-before-wait",
        }
    }
}

/// One lint finding on an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LintHit {
    /// Which lint.
    pub lint: Lint,
    /// The operand it is about.
    pub field: Field,
    /// What is wrong.
    pub message: String,
}

/// All lint names this crate can emit, for documentation tests.
pub const LINTS: &[&str] = &[
    Lint::StoreSgprOffset.name(),
    Lint::NegativeOffset.name(),
    Lint::UnalignedOffset.name(),
    Lint::SdataNotSgpr.name(),
    Lint::ReplayOverlap.name(),
    Lint::ReplayClauseOverwrite.name(),
    Lint::AtomicInClause.name(),
    Lint::ReadBeforeWait.name(),
    Lint::WriteBeforeWait.name(),
    "smem-probe-truncated",
    "imm16-truncated",
];

/// Checks one instruction as written (the lints that need only its text).
pub fn check(inst: &Inst) -> Vec<LintHit> {
    let d = inst.def;
    let mut out = Vec::new();
    if d.format != Format::Smem {
        return out;
    }
    let has_offset = d.operand(Field::Offset).is_some();
    let (off_reg, imm) = match inst.offset {
        SmemOffset::Imm(v) => (None, Some(v)),
        SmemOffset::Sgpr(c) => (Some(c), None),
        SmemOffset::SgprImm(c, v) => (Some(c), Some(v)),
    };
    if has_offset {
        if matches!(d.mem, Mem::Store | Mem::Atomic)
            && let Some(c) = off_reg
            && c != code::M0
        {
            out.push(LintHit {
                lint: Lint::StoreSgprOffset,
                field: Field::Offset,
                message: format!(
                    "{} is a {}: the Vega ISA (§7.1) allows only an immediate or M0 offset, not an SGPR",
                    d.name,
                    if d.mem == Mem::Store { "store" } else { "scalar atomic" }
                ),
            });
        }
        if let Some(v) = imm {
            if v < 0 {
                out.push(LintHit {
                    lint: Lint::NegativeOffset,
                    field: Field::Offset,
                    message: format!(
                        "negative immediate offset {v}: the Vega ISA defines OFFSET as an unsigned byte offset; a negative sum is illegal and undefined (§7.2.1)"
                    ),
                });
            }
            if v & 3 != 0 {
                out.push(LintHit {
                    lint: Lint::UnalignedOffset,
                    field: Field::Offset,
                    message: format!(
                        "offset {v:#x} is not a multiple of 4: the hardware ignores the two low bits of every address component (§7.2.1)"
                    ),
                });
            }
        }
    }
    if let Some(o) = d.operand(Field::Sdst)
        && let Kind::Reg(class) = o.kind
    {
        let n = class.dwords();
        let c = inst.sdst;
        let is_sgpr_or_vcc = c < 102 || c == code::VCC || (n == 1 && c == code::VCC + 1);
        if !is_sgpr_or_vcc {
            out.push(LintHit {
                lint: Lint::SdataNotSgpr,
                field: Field::Sdst,
                message: "SMEM data register is not an SGPR or VCC: the Vega ISA (§7.1) requires SDATA to be an SGPR or VCC".into(),
            });
        }
    }
    out
}

/// `smem-replay-overlap`: a load whose destination overlaps its own SBASE or SGPR
/// offset (§7.2.1). Atomics returning the pre-op value overwrite their data by
/// definition, which is allowed.
pub fn replay_overlap(inst: &Inst) -> Option<LintHit> {
    let d = inst.def;
    if d.format != Format::Smem || d.mem != Mem::Load {
        return None;
    }
    let Some(Kind::Reg(class)) = d.operand(Field::Sdst).map(|o| o.kind) else {
        return None;
    };
    let (c, n) = (inst.sdst, class.dwords());
    let off_reg = match inst.offset {
        SmemOffset::Imm(_) => None,
        SmemOffset::Sgpr(c) | SmemOffset::SgprImm(c, _) => Some(c),
    };
    let dst = (u32::from(c), u32::from(c) + u32::from(n));
    let overlaps = |lo: u32, len: u32| lo < dst.1 && dst.0 < lo + len;
    let base_len = match d.operand(Field::Sbase).map(|o| o.kind) {
        Some(Kind::Base { dwords }) => u32::from(dwords),
        _ => 0,
    };
    let what = if base_len > 0 && overlaps(u32::from(inst.sbase), base_len) {
        "its base address (SBASE)"
    } else if let Some(r) = off_reg
        && r != code::NULL
        && overlaps(u32::from(r), 1)
    {
        "its offset register"
    } else {
        return None;
    };
    Some(LintHit {
        lint: Lint::ReplayOverlap,
        field: Field::Sdst,
        message: format!(
            "the load overwrites {what}: a scalar memory instruction must not overwrite its own sources, since it may be replayed after an XNACK (§7.2.1)"
        ),
    })
}

/// One finding of [`check_program`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramHit {
    /// Which lint.
    pub lint: Lint,
    /// The instruction it is reported at (an index into the program).
    pub at: usize,
    /// The other instructions involved (indices).
    pub related: Vec<usize>,
    /// The operand it is about, when it is one operand.
    pub field: Option<Field>,
    /// What is wrong.
    pub message: String,
}

/// Most un-waited SMEMs the wait analysis follows at one point (the latest ones).
/// LGKM_CNT holds at most 15; a program needs more only without any `s_waitcnt`.
const MAX_PENDING: usize = 64;

/// The program lints of `prog` (laid out by [`crate::flow::place`], its graph `cfg`),
/// for the instructions that can run (`cfg.reachable`), in program order. `locate`
/// names an instruction in messages (its offset, and its line for source).
///
/// * `smem-replay-overlap`: [`replay_overlap`].
/// * A clause is a run of consecutive SMEM instructions (any other instruction ends
///   it; SMEMs fall through, so a run that can start runs whole). In a clause,
///   `replay-clause-overwrite` reports a member that writes a source of an earlier one,
///   and `atomic-in-clause` reports the clause once, at its first atomic, naming its
///   other atomics (§7.2.1: an atomic must be alone in its clause).
/// * `read-before-wait` / `write-before-wait`: an instruction reads or writes a
///   register that an SMEM (a load, `s_memtime`, an atomic with GLC) writes when its
///   data returns, on some path from that SMEM with no `s_waitcnt` that guarantees it
///   between (§7.3): `lgkmcnt(N)` guarantees only the SMEMs whose own LGKM_CNT
///   increment ([`crate::InstDef::lgkm_weight`]) exceeds N, as out-of-order returns
///   allow; `lgkmcnt(0)` all of them.
pub fn check_program(
    prog: &[Placed],
    cfg: &Cfg,
    locate: &dyn Fn(usize) -> String,
) -> Vec<ProgramHit> {
    let mut out = Vec::new();
    let runs = |i: usize| cfg.reachable.get(i).copied().unwrap_or(false);
    for (i, p) in prog.iter().enumerate() {
        if runs(i)
            && let Some(h) = replay_overlap(&p.inst)
        {
            out.push(ProgramHit {
                lint: h.lint,
                at: i,
                related: Vec::new(),
                field: Some(h.field),
                message: h.message,
            });
        }
    }
    clauses(prog, &runs, locate, &mut out);
    waits(prog, cfg, locate, &mut out);
    out.sort_by(|a, b| (a.at, a.lint, &a.related).cmp(&(b.at, b.lint, &b.related)));
    out.dedup_by(|a, b| (a.at, a.lint, &a.related) == (b.at, b.lint, &b.related));
    out
}

/// The registers SMEM `inst` writes when its data returns (none for other instructions).
fn returned(inst: &Inst) -> RegSet {
    let d = inst.def;
    if d.format != Format::Smem {
        return RegSet::EMPTY;
    }
    RegSet::range(inst.sdst, d.returned_dwords(inst.glc))
}

/// `replay-clause-overwrite` and `atomic-in-clause` (see [`check_program`]).
fn clauses(
    prog: &[Placed],
    runs: &dyn Fn(usize) -> bool,
    locate: &dyn Fn(usize) -> String,
    out: &mut Vec<ProgramHit>,
) {
    let mut i = 0;
    while i < prog.len() {
        let is_member = |k: usize| runs(k) && prog[k].inst.def.format == Format::Smem;
        if !is_member(i) {
            i += 1;
            continue;
        }
        let start = i;
        while i < prog.len() && is_member(i) {
            i += 1;
        }
        let clause = start..i;
        if clause.len() < 2 {
            continue;
        }
        // Each member's writes, and the sources a replay would read again (an atomic's
        // data is read and written back by definition: not a replay source).
        let members: Vec<(RegSet, RegSet, bool)> = clause
            .clone()
            .map(|k| {
                let inst = &prog[k].inst;
                let writes = returned(inst);
                let atomic = inst.def.mem == Mem::Atomic;
                let mut reads = inst.uses().reads;
                if atomic {
                    reads = reads & !RegSet::range(inst.sdst, inst.def.data_dwords()) & !writes;
                }
                (writes, reads, atomic)
            })
            .collect();
        for (a, &(writes, _, _)) in members.iter().enumerate() {
            for (b, &(_, reads, _)) in members[..a].iter().enumerate() {
                let hit = writes & reads;
                if !hit.is_empty() {
                    out.push(ProgramHit {
                        lint: Lint::ReplayClauseOverwrite,
                        at: start + a,
                        related: vec![start + b],
                        field: Some(Field::Sdst),
                        message: format!(
                            "overwrites {}, a source of the clause member at {}: a replay after an XNACK would see the new value (§7.2.1)",
                            hit.names(),
                            locate(start + b)
                        ),
                    });
                }
            }
        }
        let atomics: Vec<usize> = clause
            .clone()
            .zip(&members)
            .filter(|(_, m)| m.2)
            .map(|(k, _)| k)
            .collect();
        if let Some((&first, rest)) = atomics.split_first() {
            let named: Vec<String> = atomics.iter().map(|&k| locate(k)).collect();
            out.push(ProgramHit {
                lint: Lint::AtomicInClause,
                at: first,
                related: rest.to_vec(),
                field: None,
                message: atomic_message(&named, clause.len()),
            });
        }
    }
}

/// The message of `atomic-in-clause`, which names only the atomics (`named`) and the
/// clause's size (the run's message is the same).
pub fn atomic_message(named: &[String], clause_len: usize) -> String {
    let (s, are, them) = if named.len() > 1 {
        ("s", "are", "them")
    } else {
        ("", "is", "it")
    };
    format!(
        "the scalar atomic{s} at {} {are} in a clause of {clause_len} SMEM instructions: a scalar atomic must be in a single-instruction clause (§7.2.1); separate {them} from the neighbouring SMEMs with a non-memory instruction",
        named.join(", ")
    )
}

/// `read-before-wait` and `write-before-wait` (see [`check_program`]): a forward
/// may-analysis over `cfg` of the SMEMs whose return no `s_waitcnt` has guaranteed.
fn waits(prog: &[Placed], cfg: &Cfg, locate: &dyn Fn(usize) -> String, out: &mut Vec<ProgramHit>) {
    if prog.is_empty() {
        return;
    }
    let weight = |k: usize| prog[k].inst.def.lgkm_weight().max(1);
    // The pending SMEMs (indices, ascending) on entry to each instruction.
    let mut pending: Vec<Option<Vec<usize>>> = vec![None; prog.len()];
    pending[0] = Some(Vec::new());
    let mut work = vec![0usize];
    let mut queued = vec![false; prog.len()];
    queued[0] = true;
    while let Some(i) = work.pop() {
        queued[i] = false;
        let mut set = pending[i].clone().unwrap_or_default();
        let inst = &prog[i].inst;
        if inst.def.op == SOp::Waitcnt {
            let n = waitcnt_decode(inst.simm16).2;
            if n < 15 {
                set.retain(|&k| u16::from(weight(k)) <= n);
            }
        }
        if !returned(inst).is_empty() && set.binary_search(&i).is_err() {
            set.push(i);
            set.sort_unstable();
            if set.len() > MAX_PENDING {
                set.drain(..set.len() - MAX_PENDING);
            }
        }
        for &j in &cfg.succ[i] {
            let grown = match &mut pending[j] {
                None => {
                    pending[j] = Some(set.clone());
                    true
                }
                Some(old) => {
                    // The union, keeping the latest MAX_PENDING: grows monotonically.
                    let mut merged = old.clone();
                    merged.extend(set.iter().copied());
                    merged.sort_unstable();
                    merged.dedup();
                    if merged.len() > MAX_PENDING {
                        merged.drain(..merged.len() - MAX_PENDING);
                    }
                    let changed = merged != *old;
                    *old = merged;
                    changed
                }
            };
            if grown && !queued[j] {
                queued[j] = true;
                work.push(j);
            }
        }
    }
    for (i, p) in prog.iter().enumerate() {
        let Some(set) = &pending[i] else {
            continue;
        };
        let uses = p.inst.uses();
        for &k in set {
            let dests = returned(&prog[k].inst);
            let r = dests & uses.reads;
            if !r.is_empty() {
                out.push(ProgramHit {
                    lint: Lint::ReadBeforeWait,
                    at: i,
                    related: vec![k],
                    field: None,
                    message: format!(
                        "reads {} which the SMEM at {} loads, before an s_waitcnt lgkmcnt guarantees its return (§7.3): the old value may be read",
                        r.names(),
                        locate(k)
                    ),
                });
            }
            let w = dests & uses.writes;
            if !w.is_empty() {
                out.push(ProgramHit {
                    lint: Lint::WriteBeforeWait,
                    at: i,
                    related: vec![k],
                    field: None,
                    message: format!(
                        "writes {} which the SMEM at {} still loads (not waited for): the SMEM's data may land after this write (§7.3)",
                        w.names(),
                        locate(k)
                    ),
                });
            }
        }
    }
}
