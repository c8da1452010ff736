//! Control flow: BRA, SSY, SYNC, EXIT, BAR on a warp's active mask and its
//! reconvergence stack (SEMANTICS.md).

use super::R;
use crate::fault::FaultKind;
use crate::resolve::Exec;
use crate::warp::{Entry, MAX_STACK, Warp};
use gpumem_maxwell::Inst;

/// BRA: a uniform branch jumps; a divergent one leaves the taken lanes on the stack.
pub(crate) fn bra(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    if e.cc != 15 {
        return Err((
            FaultKind::Unsupported,
            format!("{} with a condition-code test", inst.op.name),
        ));
    }
    let Some(t) = e.target else {
        return Err((
            FaultKind::PcOutOfRange,
            "branch target is not an instruction".into(),
        ));
    };
    if guard == 0 {
        return Ok(());
    }
    if guard == w.active {
        w.pc = t;
        return Ok(());
    }
    if w.stack.len() >= MAX_STACK {
        return Err((
            FaultKind::StackOverflow,
            "reconvergence stack overflow".into(),
        ));
    }
    // Divergence: the taken lanes wait on the stack; the others run on.
    w.stack.push(Entry { pc: t, mask: guard });
    w.active &= !guard;
    Ok(())
}

/// SSY: pushes the reconvergence point with the active lanes.
pub(crate) fn ssy(w: &mut Warp, inst: &Inst, e: &Exec) -> R {
    if w.stack.len() >= MAX_STACK {
        return Err((
            FaultKind::StackOverflow,
            "reconvergence stack overflow".into(),
        ));
    }
    match e.target {
        Some(t) => {
            w.stack.push(Entry {
                pc: t,
                mask: w.active,
            });
            Ok(())
        }
        None => Err((
            FaultKind::PcOutOfRange,
            format!("bad {} target", inst.op.name),
        )),
    }
}

/// SYNC: the guarded lanes wait for reconvergence; the last ones resume the stack.
pub(crate) fn sync(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    if e.cc != 15 {
        Err((
            FaultKind::Unsupported,
            format!("{} with a condition-code test", inst.op.name),
        ))
    } else if guard == 0 {
        Ok(())
    } else if w.stack.is_empty() {
        Err((
            FaultKind::StackUnderflow,
            format!("{} with no SSY entry on the stack", inst.op.name),
        ))
    } else {
        w.active &= !guard;
        if w.active == 0 {
            w.pop();
        }
        Ok(())
    }
}

/// EXIT: the guarded lanes end.
pub(crate) fn exit(w: &mut Warp, inst: &Inst, e: &Exec, guard: u32) -> R {
    if e.cc != 15 {
        return Err((
            FaultKind::Unsupported,
            format!("{} with a condition-code test", inst.op.name),
        ));
    }
    w.exited |= guard;
    w.active &= !guard;
    if w.active == 0 {
        w.pop();
    }
    Ok(())
}

/// BAR.SYNC: the warp waits at the CTA barrier (if any lane runs it).
pub(crate) fn bar(w: &mut Warp, guard: u32) -> R {
    if guard != 0 {
        w.at_bar = true;
    }
    Ok(())
}
