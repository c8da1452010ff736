//! Control flow on a warp's active mask and its reconvergence stack (SEMANTICS.md, "The
//! reconvergence stack"): BRA (with condition-code tests), BRX, JMX, SSY/SYNC,
//! PBK/BRK, PCNT/CONT, CAL/JCAL/PRET/RET, EXIT/KIL and BAR's warp side.

use super::R;
use crate::fault::FaultKind;
use crate::program::addr_index;
use crate::resolve::Exec;
use crate::warp::{Entry, EntryKind, MAX_STACK, Warp, lanes};
use gpumem_maxwell::table::{B2rMode, BarMode, Op};
use gpumem_maxwell::{Inst, Operand, RZ};

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
/// 16-23 the flag tests `OFF LO SFF LS HI SFT HS OFT`. Tests 24-31 (`CSM_*`, `FCSM_*`,
/// `RLE`, `RGT`) are `unsupported`.
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
        _ => {
            return Err((
                FaultKind::Unsupported,
                format!(
                    "{} with condition-code test {cc} (the CSM/FCSM/RLE/RGT tests are not modelled)",
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

fn no_target(inst: &Inst) -> R {
    Err((
        FaultKind::PcOutOfRange,
        format!("{} target is not an instruction", inst.op.name),
    ))
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

/// BRA: a uniform branch jumps; a divergent one leaves the taken lanes on the stack.
pub(crate) fn bra(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    let g = with_cc(w, inst, e, guard)?;
    let Some(t) = e.target else {
        return no_target(inst);
    };
    jump(w, g, t)
}

/// SSY: pushes the reconvergence point with the active lanes.
pub(crate) fn ssy(w: &mut Warp, inst: &Inst, e: &Exec) -> R {
    match e.target {
        Some(t) => push(w, t, w.active, EntryKind::Ssy),
        None => no_target(inst),
    }
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
pub(crate) fn exit(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    let g = with_cc(w, inst, e, guard)?;
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
        Some(BarMode::Scan) | None => {
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
/// `.WARP` and the barrier-number form have no functional model.
pub(crate) fn b2r(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    if e.b2r != Some(B2rMode::Result) {
        return Err((FaultKind::Unsupported, super::missing::what(inst)));
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

/// The rest of the family, by operation: PBK, PCNT, PRET push; BRK, CONT, RET unwind
/// to their entry; CAL, JCAL call; BRX, JMX jump per lane.
pub(crate) fn flow(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    let next = w.pc;
    match e.pre.op {
        Op::Pbk | Op::Pcnt | Op::Pret => {
            let Some(t) = e.target else {
                return no_target(inst);
            };
            let kind = match e.pre.op {
                Op::Pbk => EntryKind::Pbk,
                Op::Pcnt => EntryKind::Pcnt,
                _ => EntryKind::Call,
            };
            push(w, t, w.active, kind)
        }
        Op::Brk | Op::Cont | Op::Ret => {
            let g = with_cc(w, inst, e, guard)?;
            let (kind, push_name) = match e.pre.op {
                Op::Brk => (EntryKind::Pbk, "PBK"),
                Op::Cont => (EntryKind::Pcnt, "PCNT"),
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
        Op::Cal | Op::Jcal => {
            if guard == 0 {
                return Ok(());
            }
            let t = match (e.pre.op, e.target) {
                (Op::Cal, Some(t)) => t,
                (Op::Jcal, _) => match e.abs {
                    Some(0) => {
                        return Err((
                            FaultKind::Unsupported,
                            "JCAL 0x0: a call to an unrelocated (external) function such as vprintf".into(),
                        ));
                    }
                    Some(a) => match addr_index(a) {
                        Some(t) => t,
                        None => return no_target(inst),
                    },
                    None => return no_target(inst),
                },
                _ => return no_target(inst),
            };
            push(w, next, w.active, EntryKind::Call)?;
            w.pc = t;
            Ok(())
        }
        Op::Brx | Op::Jmx => {
            let g = with_cc(w, inst, e, guard)?;
            let Some(Operand::Mem { ra, off }) = inst
                .operands
                .iter()
                .find(|o| matches!(o, Operand::Mem { .. }))
                .copied()
            else {
                return no_target(inst);
            };
            // BRX: the next instruction's address + Ra + sext(off); JMX: Ra + off.
            let base = if e.pre.op == Op::Brx {
                crate::program::inst_addr(next) as i64
            } else {
                0
            };
            let mut rest = g;
            let mut groups: Vec<(usize, u32)> = Vec::new();
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                let rav = if ra == RZ { 0 } else { w.r(ra, l) };
                let a = base.wrapping_add(rav as i64).wrapping_add(off) & 0xffff_ffff;
                let same: u32 = lanes(rest)
                    .filter(|&k| (if ra == RZ { 0 } else { w.r(ra, k) }) == rav)
                    .fold(0, |m, k| m | 1 << k);
                rest &= !same;
                match addr_index(a) {
                    Some(t) => groups.push((t, same)),
                    None => {
                        return Err((
                            FaultKind::PcOutOfRange,
                            format!(
                                "{} lane {l}: target {a:#x} is not an instruction",
                                inst.op.name
                            ),
                        ));
                    }
                }
            }
            // The lowest lane's group runs first; the others wait, highest lanes deepest.
            for &(t, m) in groups.iter().rev() {
                jump(w, m, t)?;
            }
            Ok(())
        }
        _ => super::unsupported(super::missing::what(inst)),
    }
}
