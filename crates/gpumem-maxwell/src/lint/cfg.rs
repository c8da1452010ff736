//! The control-flow graph of a kernel: successors of every instruction from the rows'
//! [`Flow`], the ops' [`ControlFlow`] and their branch targets.
//!
//! * `BRA` goes to its target (and falls through when guarded or conditional on CC);
//!   `JMP`/`JCAL` to their absolute target.
//! * `SSY`, `PBK`, `PCNT`, `PLONGJMP`, `PEXIT` push a target and fall through; `SYNC`,
//!   `BRK`, `CONT`, `LONGJMP` pop the reconvergence stack down to the nearest entry of
//!   their kind and go there, and so does `EXIT` when a `PEXIT` entry is on the stack
//!   (the executor's rule: EXIT's lanes go to the exit point instead of ending). The stack
//!   is followed along the paths (a pushdown exploration of (instruction, stack) pairs);
//!   where it is unknown (a pop with nothing of its kind pushed, or the exploration
//!   limit), a pop goes to every target of its kind.
//! * `JCAL 0x0` (an unrelocated external function such as vprintf, which the executor
//!   refuses) returns to the next instruction; the checker takes it, like `RET`, to drain
//!   the barriers.
//! * `CAL` goes to its target, and `JCAL a` (a non-zero absolute address, which the
//!   executor calls) to `a`; the callee is explored with a stack of its own, and its
//!   `RET` goes back to the instruction after every call of that callee in [`Cfg::succ`]
//!   (the context-insensitive graph); [`Cfg::local`] and [`Cfg::call`] keep calls and
//!   returns apart so that the checker can send each return to its own call site only.
//!   The caller goes on after the call with its stack; a guarded call may fall through.
//! * `EXIT`, `KIL` end the thread (fall through when guarded).
//! * Indirect jumps (`BRX`, `JMX`, constant-bank targets) have unknown successors: the
//!   analysis treats code reached only through them as an entry with nothing pending. A
//!   constant-bank target (`BRA c[0x2][0x8]`, `PBK c[..]`) is launch data, not code, so
//!   it is opaque here even though the executor follows it; its push adds no entry.
//! * Absolute targets (`JMP`, `JCAL`) are byte addresses from `base`, the executor's
//!   code base 0 when the stream starts the program.

use crate::inst::{Inst, Operand, PT};
use crate::table::{Addressing, ControlFlow, Flow, Stack};

/// Successor lists, one per instruction index.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    /// `succ[i]`: the indices control may go to after instruction `i`.
    pub succ: Vec<Vec<u32>>,
    /// Instructions where the stack exploration gave up (their pops go to every target
    /// of their kind).
    pub gave_up: Vec<u32>,
    /// `local[i]`: the successors inside the function `i` runs in: `succ[i]` without the
    /// edge of a call to its callee and without a return's edges to the call sites (a
    /// guarded `RET` keeps its fall-through).
    pub local: Vec<Vec<u32>>,
    /// `call[i]`: the callee's first instruction when `i` is a call (`CAL`, `JCAL` to an
    /// address); control comes back to `i + 1` through the callee's `RET`.
    pub call: Vec<Option<u32>>,
}

/// The instruction index of byte address `addr` in a stream starting at `base`.
pub fn index_of(addr: i64, base: u64) -> Option<usize> {
    let rel = addr.checked_sub(base as i64)?;
    if rel < 0 {
        return None;
    }
    // A target at a bundle's start (its control word) names the bundle's first
    // instruction: ptxas writes branch targets that way.
    let (b, o) = (rel / 32, (rel % 32).max(8));
    if o % 8 != 0 {
        return None;
    }
    Some((b * 3 + (o - 8) / 8) as usize)
}

fn target(inst: &Inst, base: u64) -> Option<usize> {
    inst.operands().iter().find_map(|o| match *o {
        Operand::Target(t) => index_of(t, base),
        _ => None,
    })
}

/// The callee of a `CAL` (relative) or a `JCAL` with a non-zero absolute address;
/// `None` for `JCAL 0x0` (an unrelocated external call) and everything else.
fn call_target(inst: &Inst, base: u64) -> Option<usize> {
    match inst.op.op.info().flow {
        ControlFlow::Call(Addressing::Relative) => target(inst, base),
        ControlFlow::Call(Addressing::Absolute) => inst.operands().iter().find_map(|o| match *o {
            Operand::Imm(t) if t != 0 => index_of(t, base),
            _ => None,
        }),
        ControlFlow::Next
        | ControlFlow::Branch(_)
        | ControlFlow::Indirect
        | ControlFlow::Push(_)
        | ControlFlow::Pop(_)
        | ControlFlow::Return
        | ControlFlow::Exit
        | ControlFlow::Kill
        | ControlFlow::Trap
        | ControlFlow::StackState => None,
    }
}

/// The target of a direct jump, by its addressing.
fn jump_target(inst: &Inst, base: u64, addressing: Addressing) -> Option<usize> {
    match addressing {
        Addressing::Relative => target(inst, base),
        Addressing::Absolute => abs_target(inst, base),
    }
}

fn abs_target(inst: &Inst, base: u64) -> Option<usize> {
    inst.operands().iter().find_map(|o| match *o {
        Operand::Imm(t) => index_of(t, base),
        _ => None,
    })
}

/// Whether the instruction may not take its branch (guarded, or conditional on CC).
fn conditional(inst: &Inst) -> bool {
    inst.guard != PT
        || inst.guard_neg
        || inst
            .operands()
            .iter()
            .any(|o| matches!(o, Operand::Cc(c) if *c != 15))
}

/// The entry kind `inst` pushes when the graph follows it (SSY, PBK, PCNT, PLONGJMP,
/// PEXIT; PRET's return entries are calls' business).
fn pushes(inst: &Inst) -> Option<Stack> {
    match inst.op.op.info().flow {
        ControlFlow::Push(s) if s != Stack::Return => Some(s),
        _ => None,
    }
}

/// A reconvergence-stack entry: its kind and its target index.
type Entry = (Stack, u32);

/// Deepest stack followed; deeper pushes make the exploration give up.
const MAX_DEPTH: usize = 24;
/// Most (instruction, stack) states explored per instruction before giving up.
const MAX_STATES_PER_INST: usize = 48;

/// Builds the graph of `insts` (None: an undecodable word, assumed to fall through),
/// laid out from byte address `base`.
pub fn build(insts: &[Option<Inst>], base: u64) -> Cfg {
    let n = insts.len();
    let mut all_targets: Vec<Entry> = Vec::new();
    let mut call_returns: Vec<u32> = Vec::new();
    for (i, inst) in insts.iter().enumerate() {
        let Some(inst) = inst else { continue };
        if let Some(kind) = pushes(inst) {
            if let Some(t) = target(inst, base).filter(|&t| t < n) {
                all_targets.push((kind, t as u32));
            }
        } else if i + 1 < n && call_target(inst, base).is_some() {
            call_returns.push(i as u32 + 1)
        }
    }
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut local: Vec<Vec<u32>> = vec![Vec::new(); n];
    let call: Vec<Option<u32>> = insts
        .iter()
        .map(|x| {
            x.as_ref()
                .and_then(|x| call_target(x, base))
                .filter(|&t| t < n)
                .map(|t| t as u32)
        })
        .collect();
    if n == 0 {
        return Cfg::default();
    }
    // Return sites by callee entry.
    let mut returns_to: std::collections::HashMap<u32, Vec<u32>> = Default::default();
    for (i, inst) in insts.iter().enumerate() {
        if let Some(inst) = inst
            && i + 1 < n
            && let Some(t) = call_target(inst, base).filter(|&t| t < n)
        {
            returns_to.entry(t as u32).or_default().push(i as u32 + 1);
        }
    }
    let mut seen: std::collections::HashSet<(u32, u32, Vec<Entry>)> = Default::default();
    let mut per_inst = vec![0usize; n];
    let mut gave_up = vec![false; n];
    // States: (instruction, entry of the function it runs in, reconvergence stack).
    let mut work: Vec<(u32, u32, Vec<Entry>)> = vec![(0, 0, Vec::new())];
    // Roots: the entry, then (after the walk) any instruction not reached.
    let mut reached = vec![false; n];
    let mut next_root = 1usize;
    loop {
        while let Some((pc, func, stack)) = work.pop() {
            let i = pc as usize;
            if !seen.insert((pc, func, stack.clone())) {
                continue;
            }
            reached[i] = true;
            per_inst[i] += 1;
            if per_inst[i] > MAX_STATES_PER_INST || stack.len() > MAX_DEPTH {
                gave_up[i] = true;
                continue;
            }
            let next = (i + 1 < n).then_some(pc + 1);
            let mut go = |to: u32, st: Vec<Entry>, succ: &mut Vec<Vec<u32>>| {
                if !succ[i].contains(&to) {
                    succ[i].push(to);
                }
                if !local[i].contains(&to) {
                    local[i].push(to);
                }
                work.push((to, func, st));
            };
            let Some(inst) = &insts[i] else {
                if let Some(x) = next {
                    go(x, stack, &mut succ);
                }
                continue;
            };
            let cond = conditional(inst);
            match inst.op.op.info().flow {
                ControlFlow::Push(kind) if kind != Stack::Return => {
                    let mut st = stack.clone();
                    if let Some(t) = target(inst, base).filter(|&t| t < n) {
                        st.push((kind, t as u32));
                    }
                    if let Some(x) = next {
                        go(x, st, &mut succ);
                    }
                }
                ControlFlow::Branch(addressing) => {
                    if let Some(t) = jump_target(inst, base, addressing).filter(|&t| t < n) {
                        go(t as u32, stack.clone(), &mut succ);
                    }
                    if cond && let Some(x) = next {
                        go(x, stack, &mut succ);
                    }
                }
                ControlFlow::Call(_) => {
                    // `JCAL 0x0` is a relocation (an external function such as vprintf):
                    // an opaque call that returns to the next instruction.
                    match call_target(inst, base).filter(|&t| t < n) {
                        Some(t) => {
                            if !succ[i].contains(&(t as u32)) {
                                succ[i].push(t as u32);
                            }
                            work.push((t as u32, t as u32, Vec::new()));
                            // The caller goes on after the return (the edge is the RET's);
                            // a guarded call that is not taken falls through.
                            if let Some(x) = next {
                                if cond {
                                    for l in [&mut succ[i], &mut local[i]] {
                                        if !l.contains(&x) {
                                            l.push(x);
                                        }
                                    }
                                }
                                work.push((x, func, stack));
                            }
                        }
                        None => {
                            if let Some(x) = next {
                                go(x, stack, &mut succ);
                            }
                        }
                    }
                }
                ControlFlow::Return => {
                    let sites = returns_to.get(&func).cloned().unwrap_or_default();
                    let sites = if sites.is_empty() && func != 0 {
                        call_returns.clone()
                    } else {
                        sites
                    };
                    for r in sites {
                        if !succ[i].contains(&r) {
                            succ[i].push(r);
                        }
                    }
                    if cond && let Some(x) = next {
                        go(x, stack, &mut succ);
                    }
                }
                // EXIT with a PEXIT entry on the stack goes to it; without one it ends.
                ControlFlow::Exit if stack.iter().any(|e| e.0 == Stack::Exit) => {
                    if let Some(k) = stack.iter().rposition(|e| e.0 == Stack::Exit) {
                        let to = stack[k].1;
                        go(to, stack[..k].to_vec(), &mut succ);
                    }
                    if cond && let Some(x) = next {
                        go(x, stack, &mut succ);
                    }
                }
                ControlFlow::Pop(kind) => {
                    match stack.iter().rposition(|e| e.0 == kind) {
                        Some(k) => {
                            let to = stack[k].1;
                            let st = stack[..k].to_vec();
                            go(to, st, &mut succ);
                        }
                        None => {
                            for &(k, t) in &all_targets {
                                if k == kind {
                                    go(t, Vec::new(), &mut succ);
                                }
                            }
                        }
                    }
                    if cond && let Some(x) = next {
                        go(x, stack, &mut succ);
                    }
                }
                ControlFlow::Next
                | ControlFlow::Indirect
                | ControlFlow::Push(_)
                | ControlFlow::Exit
                | ControlFlow::Kill
                | ControlFlow::Trap
                | ControlFlow::StackState => match inst.op.flow {
                    Flow::Next | Flow::Barrier => {
                        if let Some(x) = next {
                            go(x, stack, &mut succ);
                        }
                    }
                    Flow::Exit | Flow::Branch | Flow::Sync => {
                        if cond && let Some(x) = next {
                            go(x, stack, &mut succ);
                        }
                    }
                },
            }
        }
        match (next_root..n).find(|&k| !reached[k]) {
            Some(r) => {
                next_root = r + 1;
                work.push((r as u32, r as u32, Vec::new()));
            }
            None => break,
        }
    }
    // Where the exploration gave up, fall back to every target of the pop's kind.
    for i in 0..n {
        if !gave_up[i] {
            continue;
        }
        let Some(inst) = &insts[i] else { continue };
        let fallback = simple_succ(inst, i, n, base, &all_targets, &call_returns);
        let inter = if inst.op.op.info().flow == ControlFlow::Return {
            call_returns.clone()
        } else {
            call[i].into_iter().collect()
        };
        let fall = (conditional(inst) && i + 1 < n).then_some(i as u32 + 1);
        for t in fallback {
            if !succ[i].contains(&t) {
                succ[i].push(t);
            }
            let is_inter = inter.contains(&t) || (call[i].is_some() && t == i as u32 + 1);
            if (!is_inter || Some(t) == fall) && !local[i].contains(&t) {
                local[i].push(t);
            }
        }
    }
    for s in succ.iter_mut().chain(local.iter_mut()) {
        s.sort_unstable();
    }
    Cfg {
        succ,
        gave_up: (0..n as u32).filter(|&i| gave_up[i as usize]).collect(),
        local,
        call,
    }
}

/// Successors without the stack: pops go to every target of their kind.
fn simple_succ(
    inst: &Inst,
    i: usize,
    n: usize,
    base: u64,
    all_targets: &[Entry],
    call_returns: &[u32],
) -> Vec<u32> {
    let mut s = Vec::new();
    let next = (i + 1 < n).then_some(i as u32 + 1);
    let cond = conditional(inst);
    let flow = inst.op.op.info().flow;
    match flow {
        ControlFlow::Branch(addressing) => {
            let t = jump_target(inst, base, addressing);
            s.extend(t.filter(|&t| t < n).map(|t| t as u32));
            if cond {
                s.extend(next);
            }
        }
        ControlFlow::Call(_) => {
            let t = call_target(inst, base);
            s.extend(t.filter(|&t| t < n).map(|t| t as u32));
            s.extend(next);
        }
        ControlFlow::Return => {
            s.extend(call_returns.iter().copied());
            if cond {
                s.extend(next);
            }
        }
        ControlFlow::Pop(_) | ControlFlow::Exit => {
            let kind = flow.pops();
            s.extend(
                all_targets
                    .iter()
                    .filter(|(k, _)| Some(*k) == kind)
                    .map(|&(_, t)| t),
            );
            if cond {
                s.extend(next);
            }
        }
        ControlFlow::Next
        | ControlFlow::Indirect
        | ControlFlow::Push(_)
        | ControlFlow::Kill
        | ControlFlow::Trap
        | ControlFlow::StackState => match inst.op.flow {
            Flow::Next | Flow::Barrier => s.extend(next),
            _ => {
                if cond {
                    s.extend(next);
                }
            }
        },
    }
    s
}
