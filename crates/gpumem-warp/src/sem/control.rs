//! Control flow on a warp's active mask and its reconvergence stack (SEMANTICS.md, "The
//! reconvergence stack"): BRA (with condition-code tests), JMP, BRX, JMX, SSY/SYNC,
//! PBK/BRK, PCNT/CONT, PLONGJMP/LONGJMP, PEXIT/EXIT, CAL/JCAL/PRET/RET, KIL, BAR's warp
//! side, B2R/R2B, and the system rows that read or set warp state (LEPC, GET/SETCRSPTR,
//! GET/SETLMEMBASE; RTT/SAM/RAM fault). Targets are byte addresses of the program (code
//! base 0); a constant-bank target is read from the launch's banks ([`target_at`]).

use super::R;
use crate::fault::FaultKind;
use crate::program::{addr_index, inst_addr};
use crate::resolve::Exec;
use crate::warp::{Entry, EntryKind, MAX_STACK, Warp, lanes};
use gpumem_maxwell::table::{B2rMode, BarMode, Op};
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::ConstBanks;

fn overflow() -> R {
    Err((
        FaultKind::StackOverflow,
        format!("reconvergence stack overflow (more than {MAX_STACK} entries)"),
    ))
}

/// Pushes an entry, or faults `stack_overflow`.
fn push(w: &mut Warp, pc: usize, mask: u32, kind: EntryKind) -> R {
    if w.stack.len() >= MAX_STACK {
        return overflow();
    }
    w.stack.push(Entry { pc, mask, kind });
    Ok(())
}

/// The lanes of `w` whose condition code passes test `cc` (SEMANTICS.md, "Condition
/// codes"): 0-15 the compare tests `F`..`T` from the zero, sign and overflow flags,
/// 16-23 the flag tests `OFF LO SFF LS HI SFT HS OFT`, 30 `RLE` (S or Z) and 31 `RGT`
/// (neither). Tests 24-29 (`CSM_*`, `FCSM_*`) are `unsupported`.
pub(crate) fn cc_lanes(w: &Warp, cc: u8, inst: &Inst) -> Result<u32, (FaultKind, String)> {
    cc_mask([w.zf, w.sf, w.carry, w.of], cc, inst)
}

/// [`cc_lanes`] on the lane masks of the zero, sign, carry and overflow flags: the one
/// evaluation of the 32 condition-code tests (BRA, EXIT, CSET and CSETP use it).
pub(crate) fn cc_mask(
    [z, s, c, o]: [u32; 4],
    cc: u8,
    inst: &Inst,
) -> Result<u32, (FaultKind, String)> {
    Ok(match cc {
        0 => 0,
        1 => (s & !z) ^ o,
        2 => z & !s,
        3 => s ^ (z | o),
        4 => !z & !(s ^ o),
        5 => !z,
        6 => !(s ^ o),
        7 => !z | !s,
        8 => z & s,
        9 => s ^ o,
        10 => z,
        11 => z | (s ^ o),
        12 => !s ^ (z | o),
        13 => !z | s,
        14 => (!s | z) ^ o,
        15 => !0,
        16 => !o,
        17 => !c,
        18 => !s,
        19 => z | !c,
        20 => !z & c,
        21 => s,
        22 => c,
        23 => o,
        // yuzu's Maxwell recompiler (`IREmitter` `GetFlowTest`): RLE = S | Z,
        // RGT = !S & !Z (the result against zero, overflow ignored).
        30 => s | z,
        31 => !s & !z,
        _ => {
            return Err((
                FaultKind::Unsupported,
                format!(
                    "{} with condition-code test {cc} (CSM_TA, CSM_TR, CSM_MX, FCSM_TA, FCSM_TR, \
                     FCSM_MX: no public source defines them)",
                    inst.op.name
                ),
            ));
        }
    })
}

/// The guard narrowed by the instruction's condition-code test.
fn with_cc(w: &Warp, inst: &Inst, e: &Exec, guard: u32) -> Result<u32, (FaultKind, String)> {
    if e.cc == 15 || guard == 0 {
        Ok(guard)
    } else {
        Ok(guard & cc_lanes(w, e.cc, inst)?)
    }
}

fn no_target_err(inst: &Inst) -> (FaultKind, String) {
    (
        FaultKind::PcOutOfRange,
        format!("{} target is not an instruction", inst.op.name),
    )
}

fn no_target(inst: &Inst) -> R {
    Err(no_target_err(inst))
}

/// The address relative targets count from: the instruction's own byte address + 8
/// (the decoder's `Target` rule; ptxas' `BRX Ra -imm` cancels exactly this base).
/// `next` is the index of the instruction after the one executing.
fn rel_base(next: usize) -> i64 {
    inst_addr(next.saturating_sub(1)) as i64 + 8
}

/// Whether the row's target is an absolute byte address of the program (JMP, JCAL,
/// JMX) rather than an offset from [`rel_base`] (BRA, SSY, PBK, PCNT, PLONGJMP, PEXIT,
/// CAL, PRET, BRX): the same split for the immediate and the constant-bank forms.
fn absolute(op: Op) -> bool {
    matches!(op, Op::Jmp | Op::Jcal | Op::Jmx)
}

/// The instruction index a target word names: an absolute row's word is the byte
/// address, a relative row's is a signed 32-bit offset from [`rel_base`]; the sum
/// wraps at 32 bits (code addresses are 32-bit: JMX's `Ra + imm32`, JCAL's `imm32`).
/// `what` says where the word came from, for the fault.
fn index_of_word(
    inst: &Inst,
    next: usize,
    word: u32,
    what: &str,
) -> Result<usize, (FaultKind, String)> {
    let a = if absolute(inst.op.op) {
        word as i64
    } else {
        rel_base(next).wrapping_add(word as i32 as i64) & 0xffff_ffff
    };
    addr_index(a).ok_or_else(|| {
        (
            FaultKind::PcOutOfRange,
            format!(
                "{} target {a:#x} ({what} = {word:#x}) is not an instruction",
                inst.op.name
            ),
        )
    })
}

/// A branch's one target for the whole warp (BRA, JMP, SSY, PBK, PCNT, PLONGJMP,
/// PEXIT, CAL, JCAL, PRET): the immediate resolved at launch (`e.target` for relative
/// rows, `e.abs` for JMP/JCAL), or the word at `c[bank][off]` read now
/// ([`index_of_word`]).
pub(crate) fn target_at(
    cb: &ConstBanks,
    inst: &Inst,
    e: &Exec,
    next: usize,
) -> Result<usize, (FaultKind, String)> {
    if let Some(t) = e.target {
        return Ok(t);
    }
    if let Some(a) = e.abs {
        return addr_index(a).ok_or_else(|| {
            (
                FaultKind::PcOutOfRange,
                format!("{} target {a:#x} is not an instruction", inst.op.name),
            )
        });
    }
    match inst.operands().iter().find_map(|o| match *o {
        Operand::ConstMem { bank, off, .. } => Some((bank, off)),
        _ => None,
    }) {
        Some((bank, off)) => {
            let word = cb.word(bank as u32, off);
            index_of_word(inst, next, word, &format!("c[{bank:#x}][{off:#x}]"))
        }
        None => Err(no_target_err(inst)),
    }
}

/// Moves the lanes `g` to `t`: a uniform jump when they are every active lane, else
/// they wait on the stack (a divergence entry) and the others run on.
fn jump(w: &mut Warp, g: u32, t: usize) -> R {
    if g == 0 {
        return Ok(());
    }
    if g == w.active {
        w.pc = t;
        return Ok(());
    }
    push(w, t, g, EntryKind::Div)?;
    w.active &= !g;
    Ok(())
}

/// BRA (and JMP, its absolute twin): a uniform branch jumps; a divergent one leaves
/// the taken lanes on the stack.
pub(crate) fn bra(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32, cb: &ConstBanks) -> R {
    let g = with_cc(w, inst, e, guard)?;
    if g == 0 {
        return Ok(());
    }
    let t = target_at(cb, inst, e, w.pc)?;
    jump(w, g, t)
}

/// SSY: pushes the reconvergence point with the active lanes.
pub(crate) fn ssy(w: &mut Warp, inst: &Inst, e: &Exec, cb: &ConstBanks) -> R {
    let t = target_at(cb, inst, e, w.pc)?;
    push(w, t, w.active, EntryKind::Ssy)
}

/// SYNC: the guarded lanes wait for reconvergence; the last ones resume the stack.
pub(crate) fn sync(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    let g = with_cc(w, inst, e, guard)?;
    if g == 0 {
        Ok(())
    } else if w.stack.is_empty() {
        Err((
            FaultKind::StackUnderflow,
            format!("{} with no SSY entry on the stack", inst.op.name),
        ))
    } else {
        w.active &= !g;
        if w.active == 0 {
            w.pop();
        }
        Ok(())
    }
}

/// EXIT, KIL: the guarded lanes end; an exited lane never resumes from the stack.
/// With a `PEXIT` entry on the stack, EXIT's lanes go to it instead (as BRK's go to
/// PBK's): they run the exit point's code and end at a later EXIT. KIL always ends.
pub(crate) fn exit(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    let g = with_cc(w, inst, e, guard)?;
    if g != 0 && e.pre.op == Op::Exit && w.unwind(g, EntryKind::Pexit) {
        return Ok(());
    }
    w.exited |= g;
    w.active &= !g;
    if w.active == 0 {
        w.pop();
    }
    Ok(())
}

/// What a BAR asks of the CTA: the barrier, and whether the warp waits (a waiting
/// warp holds its thread count, rounded up to whole warps, 0 = all, in `bar_count`).
pub(crate) struct BarArrive {
    pub id: u8,
    pub wait: bool,
}

/// BAR's warp side: its barrier id and thread count (immediates, or registers read
/// from the lowest running lane), and whether the warp waits (`.SYNC`, `.RED`) or only
/// arrives (`.ARV`). `None` when no lane runs it.
pub(crate) fn bar(
    w: &mut Warp,
    inst: &Inst,
    e: &Exec,
    guard: u32,
) -> Result<Option<BarArrive>, (FaultKind, String)> {
    if guard == 0 {
        return Ok(None);
    }
    let first = guard.trailing_zeros() as usize;
    let mut vals = inst.operands.iter().filter_map(|o| match *o {
        Operand::Imm(v) => Some(v as u32),
        Operand::Reg { r, .. } => Some(w.r(r, first)),
        _ => None,
    });
    let id = vals.next().unwrap_or(0);
    let count = vals.next().unwrap_or(0);
    if id > 15 {
        return Err((
            FaultKind::InvalidInstruction,
            format!("barrier {id} does not exist (0..15)"),
        ));
    }
    let count = count.div_ceil(32).saturating_mul(32);
    let wait = match e.bar {
        Some(BarMode::Sync | BarMode::Red) => true,
        Some(BarMode::Arv) => false,
        Some(BarMode::Scan) => {
            return Err((
                FaultKind::Unsupported,
                "BAR.SCAN: no public source says what it computes or where its result goes \
                 (PTX has no bar.scan, no CUDA sample contains it, envytools names it only)"
                    .into(),
            ));
        }
        None => {
            return Err((FaultKind::Unsupported, super::missing::what(inst)));
        }
    };
    if wait {
        w.at_bar = true;
        w.bar_id = id as u8;
        w.bar_count = count;
        w.bar_red = None;
        if e.bar == Some(BarMode::Red) {
            let Some(red) = e.red else {
                return Err((FaultKind::Unsupported, super::missing::what(inst)));
            };
            // The predicate operand (PT when the row has none).
            let (p, neg) = inst
                .operands()
                .iter()
                .find_map(|o| match *o {
                    Operand::Pred { p, neg } => Some((p, neg)),
                    _ => None,
                })
                .unwrap_or((7, false));
            let mut trues = 0u32;
            for l in lanes(guard) {
                if w.p(p, l) != neg {
                    trues |= 1 << l;
                }
            }
            w.bar_red = Some(red);
            w.bar_lanes = guard;
            w.bar_pred = trues;
        }
    }
    Ok(Some(BarArrive { id: id as u8, wait }))
}

/// B2R.RESULT: each running lane's Rd gets the reduction of the last `BAR.RED` its
/// warp passed (0 before any), and Pd (when the row has one) whether it is non-zero.
/// R2B.RESULT writes that per-warp value (Rb of the lowest running lane), so a saved
/// result comes back. `.WARP` and the barrier-number forms fault `unsupported`.
pub(crate) fn b2r(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    let what = match e.b2r {
        Some(B2rMode::Result) => None,
        Some(B2rMode::Warp) => Some("the warp's barrier state (`.WARP`)"),
        None => Some("a named barrier's state (the barrier-number form)"),
    };
    if let Some(what) = what {
        return Err((
            FaultKind::Unsupported,
            format!(
                "{} reads or writes {what}, whose hardware encoding no public source \
                 describes (envytools names the instruction only; the CUDA samples contain \
                 only B2R.RESULT), so gpumem has no value to give or keep",
                inst.op.name
            ),
        ));
    }
    if e.pre.op == Op::R2b {
        if guard != 0 {
            let l = guard.trailing_zeros() as usize;
            let rb = inst.operands().iter().find_map(|o| match *o {
                Operand::Reg { r, .. } => Some(r),
                _ => None,
            });
            w.bar_result = rb.map_or(0, |r| w.r(r, l));
        }
        return Ok(());
    }
    let v = w.bar_result;
    for o in inst.operands() {
        match *o {
            Operand::Reg { r, .. } => {
                for l in lanes(guard) {
                    w.set(r, l, v);
                }
            }
            Operand::Pred { p, .. } if p < 7 => {
                for l in lanes(guard) {
                    if v != 0 {
                        w.preds[l] |= 1 << p;
                    } else {
                        w.preds[l] &= !(1 << p);
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The first register operand (LEPC's Rd, SETCRSPTR's Ra, ...).
fn first_reg(inst: &Inst) -> u8 {
    inst.operands()
        .iter()
        .find_map(|o| match *o {
            Operand::Reg { r, .. } => Some(r),
            _ => None,
        })
        .unwrap_or(RZ)
}

/// A fault for a row that only a trap handler may run (`what` it would do): a launch
/// has no trap handler.
fn trap_only(inst: &Inst, what: &str) -> R {
    Err((
        FaultKind::InvalidInstruction,
        format!(
            "{} outside a trap handler: a launch runs no trap handler (BPT.TRAP stops it), \
             so there is no trap {what}",
            inst.op.name
        ),
    ))
}

/// The rest of the family, by operation: PBK, PCNT, PRET, PLONGJMP, PEXIT push; BRK,
/// CONT, RET, LONGJMP unwind to their entry; CAL, JCAL call; JMP jumps; BRX, JMX jump
/// per lane; LEPC, GET/SETCRSPTR, GET/SETLMEMBASE read or set warp state; RTT, SAM and
/// RAM fault (SEMANTICS.md, "Rows without a functional meaning").
pub(crate) fn flow(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32, cb: &ConstBanks) -> R {
    let next = w.pc;
    match e.pre.op {
        Op::Pbk | Op::Pcnt | Op::Pret | Op::Plongjmp | Op::Pexit => {
            let t = target_at(cb, inst, e, next)?;
            let kind = match e.pre.op {
                Op::Pbk => EntryKind::Pbk,
                Op::Pcnt => EntryKind::Pcnt,
                Op::Plongjmp => EntryKind::Plongjmp,
                Op::Pexit => EntryKind::Pexit,
                _ => EntryKind::Call,
            };
            push(w, t, w.active, kind)
        }
        Op::Brk | Op::Cont | Op::Ret | Op::Longjmp => {
            let g = with_cc(w, inst, e, guard)?;
            let (kind, push_name) = match e.pre.op {
                Op::Brk => (EntryKind::Pbk, "PBK"),
                Op::Cont => (EntryKind::Pcnt, "PCNT"),
                Op::Longjmp => (EntryKind::Plongjmp, "PLONGJMP"),
                _ => (EntryKind::Call, "CAL/PRET"),
            };
            if g == 0 || w.unwind(g, kind) {
                Ok(())
            } else {
                Err((
                    FaultKind::StackUnderflow,
                    format!("{} with no {push_name} entry on the stack", inst.op.name),
                ))
            }
        }
        Op::Jmp => bra(w, inst, e, guard, cb),
        Op::Cal | Op::Jcal => {
            if guard == 0 {
                return Ok(());
            }
            if e.pre.op == Op::Jcal && e.abs == Some(0) {
                return Err((
                    FaultKind::Unsupported,
                    "JCAL 0x0: a call to an unrelocated (external) function such as vprintf".into(),
                ));
            }
            let t = target_at(cb, inst, e, next)?;
            push(w, next, w.active, EntryKind::Call)?;
            w.pc = t;
            Ok(())
        }
        Op::Brx | Op::Jmx => {
            let g = with_cc(w, inst, e, guard)?;
            // Per lane, the target word: BRX/JMX `Ra imm` add the register and the
            // immediate; the constant-bank forms read `c[bank][Ra + off]`.
            let (ra, off, bank) = match inst
                .operands()
                .iter()
                .find(|o| matches!(o, Operand::Mem { .. } | Operand::ConstMem { .. }))
                .copied()
            {
                Some(Operand::Mem { ra, off }) => (ra, off, None),
                Some(Operand::ConstMem { bank, ra, off }) => (ra, off, Some(bank)),
                _ => return no_target(inst),
            };
            let mut words = [0u32; 32];
            for l in lanes(g) {
                let rav = if ra == RZ { 0 } else { w.r(ra, l) };
                words[l] = match bank {
                    None => rav.wrapping_add(off as u32),
                    Some(b) => cb.word(b as u32, rav.wrapping_add(off as u32) as i64),
                };
            }
            let mut rest = g;
            let mut groups: Vec<(usize, u32)> = Vec::new();
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                let same: u32 = lanes(rest)
                    .filter(|&k| words[k] == words[l])
                    .fold(0, |m, k| m | 1 << k);
                rest &= !same;
                let what = match bank {
                    None => format!("lane {l}'s R{ra} + {off:#x}"),
                    Some(b) => format!("lane {l}'s c[{b:#x}][R{ra} + {off:#x}]"),
                };
                groups.push((index_of_word(inst, next, words[l], &what)?, same));
            }
            // The lowest lane's group runs first; the others wait, highest lanes deepest.
            for &(t, m) in groups.iter().rev() {
                jump(w, m, t)?;
            }
            Ok(())
        }
        Op::Lepc => {
            // The instruction's own byte address (code base 0).
            let a = inst_addr(next.saturating_sub(1)) as u32;
            let rd = first_reg(inst);
            for l in lanes(guard) {
                w.set(rd, l, a);
            }
            Ok(())
        }
        Op::Getcrsptr | Op::Getlmembase => {
            let v = if e.pre.op == Op::Getcrsptr {
                w.stack.len() as u32
            } else {
                w.lbase as u32
            };
            let rd = first_reg(inst);
            for l in lanes(guard) {
                w.set(rd, l, v);
            }
            Ok(())
        }
        Op::Setcrsptr | Op::Setlmembase => {
            if guard == 0 {
                return Ok(());
            }
            let v = w.r(first_reg(inst), guard.trailing_zeros() as usize);
            if e.pre.op == Op::Setlmembase {
                w.lbase = v as u64;
                return Ok(());
            }
            let depth = w.stack.len();
            if v as usize > depth {
                return Err((
                    FaultKind::Unsupported,
                    format!(
                        "SETCRSPTR {v}: the warp's stack holds {depth} entries and gpumem keeps \
                         nothing above its top, so the pointer can only move down (to a depth \
                         GETCRSPTR returned)"
                    ),
                ));
            }
            w.stack.truncate(v as usize);
            Ok(())
        }
        Op::Rtt => trap_only(inst, "to return from"),
        Op::Sam => trap_only(inst, "whose active mask to save"),
        Op::Ram => trap_only(inst, "whose saved active mask to restore"),
        _ => super::unsupported(super::missing::what(inst)),
    }
}
