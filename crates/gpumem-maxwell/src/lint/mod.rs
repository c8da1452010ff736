//! The Maxwell scoreboard checker: a dataflow over the control-flow graph that finds
//! missing barrier waits, short stalls, illegal barriers and dual-issue pairs, and the
//! register-bank notes. The rules, their severities and sources are in `LINTS.md`
//! (beside this crate's `Cargo.toml`); `docs/spec/maxwell-scoreboard.md` is the digest
//! of the sources.
//!
//! ```
//! use gpumem_maxwell::{lint, Target};
//! // LDG sets write barrier 0, the FADD reads R0 without waiting on it.
//! let src = "LDG.E R0, [R2] &wr=0 ?stall=1 ;\nFADD R1, R0, R0 ?stall=6 ;\nEXIT ?stall=5 ;";
//! let r = lint::lint_source(src, Target::Sm52).unwrap();
//! assert!(r.iter().any(|f| f.rule == lint::Rule::RawBarrier));
//! ```

pub mod cfg;
pub mod effects;

use crate::inst::{Ctrl, Inst, ctrl_slot};
use crate::scoreboard::{self, Board, Conflict, Drain};
use crate::table::{ControlFlow, Issue, Latency, MIN_CONTROL_STALL, Target};
use crate::{codec, print};
use effects::{Class, Effects, Loc, loc_name};
use gpumem_isa::{Diagnostic, Severity, Span};

/// The checker's rules (`LINTS.md` documents each with its source).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// `raw-barrier`: a variable-latency result read without waiting on its write barrier.
    RawBarrier,
    /// `raw-no-barrier`: a variable-latency result read, its producer set no write barrier.
    RawNoBarrier,
    /// `waw-barrier`: a register overwritten while a variable-latency write to it is pending.
    WawBarrier,
    /// `war-barrier`: a memory instruction's source overwritten without waiting on its read barrier.
    WarBarrier,
    /// `fixed-latency`: a fixed-latency result read before its latency has elapsed.
    FixedLatency,
    /// `wr-no-dest`: a write barrier on an instruction that writes no register.
    WrNoDest,
    /// `wait-unset`: a wait on a barrier no instruction on any path sets (note).
    WaitUnset,
    /// `stall-no-yield`: a stall of 12-15 without the yield flag.
    StallNoYield,
    /// `control-stall`: BAR, BRA, CAL, RET or EXIT with a stall below 5.
    ControlStall,
    /// `dual-issue`: two instructions that may not pair are dual-issued.
    DualIssue,
    /// `bank-conflict`: two sources in one register bank, not covered by the reuse cache (note).
    BankConflict,
    /// `reuse-unused`: a reuse flag on an operand the next instruction does not read in that slot (note).
    ReuseUnused,
    /// `undecodable`: a word that does not decode; its reads and writes are unknown (error).
    Undecodable,
}

impl From<Conflict> for Rule {
    fn from(c: Conflict) -> Rule {
        match c {
            Conflict::Raw => Rule::RawBarrier,
            Conflict::RawNoBarrier => Rule::RawNoBarrier,
            Conflict::War => Rule::WarBarrier,
            Conflict::Waw => Rule::WawBarrier,
        }
    }
}

impl Rule {
    /// Every rule, in `LINTS.md`'s order.
    pub const ALL: [Rule; 13] = [
        Rule::RawBarrier,
        Rule::RawNoBarrier,
        Rule::WawBarrier,
        Rule::WarBarrier,
        Rule::FixedLatency,
        Rule::WrNoDest,
        Rule::WaitUnset,
        Rule::StallNoYield,
        Rule::ControlStall,
        Rule::DualIssue,
        Rule::BankConflict,
        Rule::ReuseUnused,
        Rule::Undecodable,
    ];

    /// The rule's id (see `LINTS.md`).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::RawBarrier => "raw-barrier",
            Rule::RawNoBarrier => "raw-no-barrier",
            Rule::WawBarrier => "waw-barrier",
            Rule::WarBarrier => "war-barrier",
            Rule::FixedLatency => "fixed-latency",
            Rule::WrNoDest => "wr-no-dest",
            Rule::WaitUnset => "wait-unset",
            Rule::StallNoYield => "stall-no-yield",
            Rule::ControlStall => "control-stall",
            Rule::DualIssue => "dual-issue",
            Rule::BankConflict => "bank-conflict",
            Rule::ReuseUnused => "reuse-unused",
            Rule::Undecodable => "undecodable",
        }
    }

    /// How bad a finding of the rule is.
    pub const fn severity(self) -> Severity {
        match self {
            Rule::WaitUnset | Rule::BankConflict | Rule::ReuseUnused | Rule::StallNoYield => {
                Severity::Note
            }
            _ => Severity::Error,
        }
    }
}

/// One instruction slot of the code the checker reads.
#[derive(Clone, Debug)]
pub struct Item {
    /// Byte address.
    pub addr: u64,
    /// The schedule slot (known even when the word does not decode).
    pub ctrl: Ctrl,
    /// The instruction, or the reason the word does not decode.
    pub inst: Result<Inst, String>,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Which rule.
    pub rule: Rule,
    /// The instruction index the finding is about (the consumer).
    pub at: usize,
    /// The other instruction involved (the producer, the pair's partner), if any.
    pub other: Option<usize>,
    /// The register, predicate or CC involved, if any.
    pub loc: Option<Loc>,
    /// What is wrong.
    pub message: String,
    /// Addresses of the instructions where a non-local path leaves the straight line
    /// (branches taken between `other` and `at`); empty when the path is straight.
    pub path: Vec<u64>,
}

impl Finding {
    /// The rule's severity.
    pub fn severity(&self) -> Severity {
        self.rule.severity()
    }
}

/// Items of a raw stream of bundles starting at `base`.
pub fn items_from_binary(
    bytes: &[u8],
    base: u64,
    target: Target,
) -> Result<Vec<Item>, codec::DecodeError> {
    Ok(crate::decode_lines(bytes, base, target)?
        .map(|l| {
            let k = ((l.addr - base) % 32 / 8 - 1) as usize;
            Item {
                addr: l.addr,
                ctrl: Ctrl::from_slot(ctrl_slot(l.ctrl_word, k)),
                inst: l.inst.map_err(|e| e.to_string()),
            }
        })
        .collect())
}

/// Lints SASS text (either syntax); the findings, or the parser's errors.
pub fn lint_source(src: &str, target: Target) -> Result<Vec<Finding>, gpumem_isa::Diagnostics> {
    let p = crate::parse_program(src, target)?;
    let items: Vec<Item> = p
        .insts
        .iter()
        .enumerate()
        .map(|(i, inst)| Item {
            addr: crate::inst_addr(i),
            ctrl: inst.ctrl,
            inst: Ok(*inst),
        })
        .collect();
    Ok(check(&items, 0))
}

/// Lints SASS text and returns diagnostics pointing at the source lines.
pub fn lint_source_diagnostics(
    src: &str,
    target: Target,
) -> Result<Vec<Diagnostic>, gpumem_isa::Diagnostics> {
    let p = crate::parse_program(src, target)?;
    let (srcs, _, _) = crate::parse::parse_source(src, target);
    let items: Vec<Item> = p
        .insts
        .iter()
        .enumerate()
        .map(|(i, inst)| Item {
            addr: crate::inst_addr(i),
            ctrl: inst.ctrl,
            inst: Ok(*inst),
        })
        .collect();
    let spans: Vec<Span> = srcs.iter().map(|s| s.span).collect();
    let findings = check(&items, 0);
    Ok(findings
        .iter()
        .map(|f| {
            let span = spans.get(f.at).copied().unwrap_or_default();
            let text = src
                .get(span.start..span.start + span.len)
                .unwrap_or("")
                .to_string();
            diagnostic(f, &items, span, text)
        })
        .collect())
}

/// A finding as a diagnostic at `span` (whose text is `text`); the message names both
/// instructions and the path.
pub fn diagnostic(f: &Finding, items: &[Item], span: Span, text: String) -> Diagnostic {
    Diagnostic {
        severity: f.severity(),
        span,
        text,
        message: describe(f, items),
        lint: Some(f.rule.name()),
    }
}

/// The text of item `i` (the instruction, or the decode error).
pub fn item_text(items: &[Item], i: usize) -> String {
    match items.get(i).map(|it| &it.inst) {
        Some(Ok(inst)) => print::inst_text(inst),
        Some(Err(e)) => format!("<undecodable: {e}>"),
        None => String::new(),
    }
}

/// The full message of a finding: what, at which address, the other instruction and the path.
pub fn describe(f: &Finding, items: &[Item]) -> String {
    let mut m = format!(
        "{} (at {:#06x} `{}`)",
        f.message,
        items.get(f.at).map(|x| x.addr).unwrap_or(0),
        item_text(items, f.at)
    );
    if let Some(o) = f.other {
        m.push_str(&format!(
            "; other: {:#06x} `{}`",
            items.get(o).map(|x| x.addr).unwrap_or(0),
            item_text(items, o)
        ));
    }
    if !f.path.is_empty() {
        let p: Vec<String> = f.path.iter().map(|a| format!("{a:#06x}")).collect();
        m.push_str(&format!(
            "; path through the branches at {}",
            p.join(" -> ")
        ));
    }
    m
}

// ---------------------------------------------------------------------------------------
// The dataflow.

/// The fewest cycles a variable-latency result takes (Mesa's `getLatency`: 13 for the
/// SFU class, 15 for the others).
pub const MIN_VARIABLE_LATENCY: u8 = 13;
/// Saturation of [`Path::age`].
const AGE_MAX: u16 = 1000;

/// What the checker keeps of a scoreboard entry besides the shared state
/// ([`scoreboard::Entry`]), merged over paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Path {
    /// Cycles since the producer issued, the fewest over paths (saturating).
    age: u16,
    /// Pending on every path to here (only then may a wait on it be counted as time).
    all: bool,
    /// The producer's guard while its predicate is unchanged on every path (`NO_GUARD`
    /// when unguarded or rewritten): a consumer under the opposite guard never sees it.
    guard: u8,
}

impl scoreboard::PathData for Path {
    fn join(&mut self, o: &Path) -> bool {
        let mut changed = false;
        if self.all && !o.all {
            self.all = false;
            changed = true;
        }
        if o.age < self.age {
            self.age = o.age;
            changed = true;
        }
        if o.guard != self.guard && self.guard != NO_GUARD {
            self.guard = NO_GUARD;
            changed = true;
        }
        changed
    }

    fn one_path(&mut self) -> bool {
        std::mem::replace(&mut self.all, false)
    }

    fn other_path(o: &Path) -> Path {
        Path { all: false, ..*o }
    }
}

/// An unguarded (or no longer known) guard.
const NO_GUARD: u8 = u8::MAX;

/// A guard as one byte: predicate index times two plus the negation.
fn guard_of(inst: Option<&Inst>) -> u8 {
    match inst {
        Some(i) if i.guard != crate::inst::PT => i.guard * 2 + u8::from(i.guard_neg),
        _ => NO_GUARD,
    }
}

/// Whether guards `a` and `b` exclude each other (`@P0` and `@!P0`).
fn exclusive(a: u8, b: u8) -> bool {
    a != NO_GUARD && b != NO_GUARD && a ^ 1 == b
}

/// A fixed-latency result (or a memory source not yet read) with cycles left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Timed {
    loc: Loc,
    left: u8,
    producer: u32,
    guard: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// The scoreboard: barriers and barrier-less writes not yet waited on.
    board: Board<Path>,
    /// Fixed-latency results still in flight, by location.
    ready: Vec<Timed>,
    /// Barriers some instruction on some path to here has set.
    ever: u8,
}

fn join_timed(a: &mut Vec<Timed>, b: &[Timed]) -> bool {
    let mut changed = false;
    for t in b {
        match a.iter_mut().find(|x| x.loc == t.loc) {
            Some(x) => {
                if t.left > x.left
                    || (t.left == x.left && t.producer != x.producer && x.guard != NO_GUARD)
                {
                    let g = if x.producer == t.producer && x.guard == t.guard {
                        t.guard
                    } else {
                        NO_GUARD
                    };
                    *x = Timed { guard: g, ..*t };
                    changed = true;
                } else if x.guard != t.guard && x.guard != NO_GUARD {
                    x.guard = NO_GUARD;
                    changed = true;
                }
            }
            None => {
                a.push(*t);
                changed = true;
            }
        }
    }
    changed
}

impl State {
    /// Joins `o` into `self`; whether anything changed.
    fn join(&mut self, o: &State) -> bool {
        let mut changed = self.board.join(&o.board);
        changed |= join_timed(&mut self.ready, &o.ready);
        if self.ever | o.ever != self.ever {
            self.ever |= o.ever;
            changed = true;
        }
        changed
    }
}

/// Cycles from the issue of an instruction with `c` to the issue of the next one.
fn issue_gap(c: Ctrl) -> u8 {
    if c.dual_issue() { 0 } else { c.stall.max(1) }
}

struct Ctx<'a> {
    items: &'a [Item],
    eff: Vec<Effects>,
    cfg: cfg::Cfg,
}

impl Ctx<'_> {
    fn inst(&self, i: usize) -> Option<&Inst> {
        self.items[i].inst.as_ref().ok()
    }

    /// The transfer function of instruction `i`: `s` is its entry state, left as its
    /// exit state; findings go to `out` when given.
    /// `root`: the instruction runs in the root frame, whose `RET` (callers unknown) drains
    /// every barrier.
    fn step(&self, i: usize, s: &mut State, mut out: Option<&mut Vec<Finding>>, root: bool) {
        let it = &self.items[i];
        let c = it.ctrl;
        let inst = self.inst(i);
        let eff = &self.eff[i];
        let my_guard = guard_of(inst);
        // 1. Waits: the wait mask, then DEPBAR. A wait on a write barrier still pending
        // lasts at least until its producer could have finished: Mesa's lowest variable
        // latency after the producer's issue (a read barrier: no least time); fixed-latency
        // results age meanwhile.
        let mut waited = 0u8;
        for b in 0..6u8 {
            if c.wait & (1 << b) != 0
                && let Some(min_age) = s
                    .board
                    .pend
                    .iter()
                    .filter(|p| p.bar == b && !p.read && p.data.all)
                    .map(|p| p.data.age)
                    .min()
            {
                waited = waited.max(MIN_VARIABLE_LATENCY.saturating_sub(min_age.min(255) as u8));
            }
        }
        if waited > 0 {
            for t in s.ready.iter_mut() {
                t.left = t.left.saturating_sub(waited);
            }
            s.ready.retain(|t| t.left > 0);
            for p in s.board.pend.iter_mut() {
                p.data.age = p.data.age.saturating_add(u16::from(waited)).min(AGE_MAX);
            }
        }
        for b in 0..6u8 {
            if c.wait & (1 << b) != 0
                && let Some(o) = out.as_deref_mut()
                && s.ever & (1 << b) == 0
                && !o.iter().any(|f| f.rule == Rule::WaitUnset && f.at == i)
            {
                o.push(Finding {
                    rule: Rule::WaitUnset,
                    at: i,
                    other: None,
                    loc: None,
                    message: format!(
                        "waits on barrier SB{b}, which no instruction on any path to here sets"
                    ),
                    path: Vec::new(),
                });
            }
        }
        // A result written means the sources were read: a producer whose write entry
        // is gone has no read entry left either.
        let waits = scoreboard::Waits::new(c.wait, inst);
        s.board.wait(c.wait, |p| self.items[p as usize].ctrl.wr < 6);
        s.board.depbar(waits.le, waits.set);
        // ptxas' calling convention: no caller waits on a callee's barriers after the
        // return, so a return is taken to drain them (`LINTS.md`); so is a call of an
        // absolute address, a function outside the module the graph does not follow.
        if waits.drain == Drain::AbsoluteCall || (root && waits.drain == Drain::Return) {
            s.board.drain();
        }
        // 2. Reads.
        if let Some(o) = out {
            for r in &eff.reads {
                let hazards = s.board.raw(
                    |p| !exclusive(p.data.guard, my_guard),
                    |prod| self.eff[prod as usize].writes_loc(r.loc),
                );
                for (conflict, p) in hazards {
                    let why = if conflict == Conflict::RawNoBarrier {
                        "whose variable-latency producer set no write barrier".to_string()
                    } else {
                        format!(
                            "without waiting on its producer's write barrier SB{}",
                            p.bar
                        )
                    };
                    push_unique(
                        o,
                        self,
                        conflict.into(),
                        i,
                        p.producer as usize,
                        r.loc,
                        format!(
                            "reads {} {why} ({} cycles after it issued)",
                            loc_name(r.loc),
                            p.data.age
                        ),
                    );
                }
                let delay = inst.map(effects::read_delay).unwrap_or(0);
                if let Some(t) = s
                    .ready
                    .iter()
                    .find(|t| t.loc == r.loc && t.left > delay && !exclusive(t.guard, my_guard))
                {
                    let lat = effects::fixed_latency(r.loc);
                    push_unique(
                        o,
                        self,
                        Rule::FixedLatency,
                        i,
                        t.producer as usize,
                        r.loc,
                        format!(
                            "reads {} {} cycle(s) too early: its fixed-latency producer needs {lat} cycles of stall before a dependent instruction",
                            loc_name(r.loc),
                            t.left - delay
                        ),
                    );
                }
            }
            // 3. Writes. A later instruction of the same completion queue writes after
            // the earlier one has read its sources and written its results.
            let my_queue = match inst {
                Some(x) if effects::class(x) == Class::Variable => scoreboard::queue(x),
                _ => u8::MAX,
            };
            for &w in &eff.writes {
                let hazards = s.board.overwrite(
                    i as u32,
                    my_queue,
                    |p| !exclusive(p.data.guard, my_guard),
                    |prod| self.eff[prod as usize].reads_operand(w),
                    |prod| self.eff[prod as usize].writes_loc(w),
                );
                for (conflict, p) in hazards {
                    let prod = p.producer as usize;
                    if conflict == Conflict::War {
                        push_unique(
                            o,
                            self,
                            Rule::WarBarrier,
                            i,
                            prod,
                            w,
                            format!(
                                "overwrites {}, a source of a memory instruction, without waiting on its read barrier SB{} ({} cycles after it issued)",
                                loc_name(w),
                                p.bar,
                                p.data.age
                            ),
                        );
                    } else {
                        let why = if p.bar == scoreboard::NO_BAR {
                            "which set no write barrier".to_string()
                        } else {
                            format!("without waiting on its write barrier SB{}", p.bar)
                        };
                        push_unique(
                            o,
                            self,
                            Rule::WawBarrier,
                            i,
                            prod,
                            w,
                            format!(
                                "overwrites {} while a variable-latency write to it is pending, {why} ({} cycles after it issued)",
                                loc_name(w),
                                p.data.age
                            ),
                        );
                    }
                }
            }
        }
        // 4. What the instruction leaves behind.
        let variable = match inst {
            Some(inst) => effects::class(inst) == Class::Variable,
            None => true,
        };
        for &w in &eff.writes {
            s.ready.retain(|t| t.loc != w);
            if (effects::PRED_BASE..effects::CC).contains(&w) {
                let p = (w - effects::PRED_BASE) as u8;
                for g in s
                    .board
                    .pend
                    .iter_mut()
                    .map(|x| &mut x.data.guard)
                    .chain(s.ready.iter_mut().map(|x| &mut x.guard))
                {
                    if *g != NO_GUARD && *g / 2 == p {
                        *g = NO_GUARD;
                    }
                }
            }
        }
        if variable {
            let queue = inst.map(scoreboard::queue).unwrap_or(u8::MAX);
            let data = Path {
                age: 0,
                all: true,
                guard: my_guard,
            };
            if c.wr < 6 {
                s.board.set(c.wr, false, i as u32, queue, data);
                s.ever |= 1 << c.wr;
            } else if !eff.writes.is_empty() {
                s.board.set_unbarriered(i as u32, queue, data);
            }
            if c.rd < 6 {
                s.board.set(c.rd, true, i as u32, queue, data);
                s.ever |= 1 << c.rd;
            }
        } else {
            for &w in &eff.writes {
                s.ready.push(Timed {
                    loc: w,
                    left: effects::fixed_latency(w),
                    producer: i as u32,
                    guard: my_guard,
                });
            }
        }
        // 5. Time passes until the next issue.
        let dt = issue_gap(c);
        for p in s.board.pend.iter_mut() {
            p.data.age = p.data.age.saturating_add(u16::from(dt)).min(AGE_MAX);
        }
        for t in s.ready.iter_mut() {
            t.left = t.left.saturating_sub(dt);
        }
        s.ready.retain(|t| t.left > 0);
        s.board.pend.sort_unstable();
        s.ready.sort_unstable_by_key(|t| t.loc);
    }

    /// A path of taken branches from `from` to `to` along which the hazard of `rule`
    /// persists (no wait on `bar` in between); empty when `to` follows `from` in a
    /// straight line. Calls and returns match: a `RET` goes back to the call the path
    /// entered its function by (a path that starts inside a callee may return to any
    /// of its call sites), so the path printed is one the warp can take.
    fn path(&self, from: usize, to: usize, bar: Option<u8>) -> Vec<u64> {
        // Straight line: every instruction in between falls through.
        if from < to
            && (from..to).all(|k| self.cfg.succ[k].contains(&(k as u32 + 1)))
            && !(from + 1..to).any(|k| self.waits(k, bar))
        {
            return Vec::new();
        }
        self.call_path(from, to, bar)
            .unwrap_or_else(|| self.any_path(from, to, bar))
    }

    /// Whether `k` waits on `bar` (the hazard ends there).
    fn waits(&self, k: usize, bar: Option<u8>) -> bool {
        bar.is_some_and(|b| b < 6 && self.items[k].ctrl.wait & (1 << b) != 0)
    }

    /// The taken branches of a path from `from` to `to` given by each step's
    /// predecessor (`prev`), in order.
    fn jumps(&self, steps: impl Iterator<Item = (usize, usize)>) -> Vec<u64> {
        let mut jumps: Vec<u64> = steps
            .filter(|&(p, k)| p + 1 != k)
            .map(|(p, _)| self.items[p].addr)
            .collect();
        jumps.reverse();
        jumps
    }

    /// Breadth-first search over (instruction, return sites) from `from`'s successors
    /// to `to`: a call pushes its return site, a `RET` pops it (with none pushed, it
    /// takes every return edge). `None` when the search passes its bounds (16 nested
    /// calls, 65,536 states) or finds no path.
    fn call_path(&self, from: usize, to: usize, bar: Option<u8>) -> Option<Vec<u64>> {
        use std::collections::{HashSet, VecDeque};
        const MAX_DEPTH: usize = 16;
        const MAX_STATES: usize = 1 << 16;
        type State = (u32, Vec<u32>);
        let cfg = &self.cfg;
        // Successors of `(k, stack)` with their stacks.
        let next = |k: usize, stack: &[u32]| -> Vec<State> {
            let mut out: Vec<State> = cfg.local[k].iter().map(|&j| (j, stack.to_vec())).collect();
            if let Some(t) = cfg.call[k] {
                if stack.len() < MAX_DEPTH {
                    let mut st = stack.to_vec();
                    st.push(k as u32 + 1);
                    out.push((t, st));
                }
                return out;
            }
            for &j in &cfg.succ[k] {
                if cfg.local[k].contains(&j) {
                    continue;
                }
                match stack.split_last() {
                    // A return to the call the path came by.
                    Some((&top, rest)) if top == j => out.push((j, rest.to_vec())),
                    Some(_) => {}
                    // Started inside the callee: any caller.
                    None => out.push((j, Vec::new())),
                }
            }
            out
        };
        // Visited states; `nodes[i]`: a state and the node it was reached from.
        let mut seen: HashSet<State> = HashSet::new();
        let mut nodes: Vec<(State, usize)> = vec![((from as u32, Vec::new()), usize::MAX)];
        let mut queue: VecDeque<usize> = VecDeque::from([0]);
        let mut found = None;
        while let Some(i) = queue.pop_front() {
            let (k, stack) = (nodes[i].0.0 as usize, nodes[i].0.1.clone());
            if i > 0 && k == to {
                found = Some(i);
                break;
            }
            if i > 0 && self.waits(k, bar) {
                continue;
            }
            for s in next(k, &stack) {
                if seen.insert(s.clone()) {
                    if nodes.len() >= MAX_STATES {
                        return None;
                    }
                    nodes.push((s, i));
                    queue.push_back(nodes.len() - 1);
                }
            }
        }
        let mut i = found?;
        let mut steps = Vec::new();
        while i != 0 {
            let p = nodes[i].1;
            steps.push((nodes[p].0.0 as usize, nodes[i].0.0 as usize));
            i = p;
        }
        Some(self.jumps(steps.into_iter()))
    }

    /// [`Ctx::call_path`] on the context-insensitive graph (every `RET` to every call
    /// site of its function): the fallback past that search's bounds.
    fn any_path(&self, from: usize, to: usize, bar: Option<u8>) -> Vec<u64> {
        let n = self.items.len();
        let mut prev = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for &s in &self.cfg.succ[from] {
            if prev[s as usize] == u32::MAX {
                prev[s as usize] = from as u32;
                queue.push_back(s as usize);
            }
        }
        while let Some(k) = queue.pop_front() {
            if k == to {
                break;
            }
            if self.waits(k, bar) {
                continue;
            }
            for &s in &self.cfg.succ[k] {
                if prev[s as usize] == u32::MAX {
                    prev[s as usize] = k as u32;
                    queue.push_back(s as usize);
                }
            }
        }
        if prev[to] == u32::MAX {
            return Vec::new();
        }
        let mut steps = Vec::new();
        let mut k = to;
        while k != from && steps.len() <= n {
            let p = prev[k] as usize;
            steps.push((p, k));
            k = p;
        }
        self.jumps(steps.into_iter())
    }
}

fn push_unique(
    o: &mut Vec<Finding>,
    ctx: &Ctx,
    rule: Rule,
    at: usize,
    other: usize,
    loc: Loc,
    message: String,
) {
    if o.iter()
        .any(|f| f.rule == rule && f.at == at && f.other == Some(other))
    {
        return;
    }
    let bar = match rule {
        Rule::RawBarrier | Rule::WawBarrier => Some(ctx.items[other].ctrl.wr),
        Rule::WarBarrier => Some(ctx.items[other].ctrl.rd),
        _ => None,
    };
    o.push(Finding {
        rule,
        at,
        other: Some(other),
        loc: Some(loc),
        message,
        path: ctx.path(other, at, bar),
    });
}

/// What the checker reports beyond its default rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Report `stall-no-yield` notes (off by default: ptxas emits such stalls all the
    /// time, `LINTS.md`).
    pub stall_no_yield: bool,
}

/// Checks the code of one kernel (or one function body) laid out from byte address
/// `base` with the default [`Options`]: every rule of `LINTS.md` but `stall-no-yield`.
/// Findings come in instruction order.
pub fn check(items: &[Item], base: u64) -> Vec<Finding> {
    check_with(items, base, Options::default())
}

/// A function instance of the context-sensitive analysis: the callee's first
/// instruction and where its `RET` goes (instruction, context).
struct Frame {
    entry: u32,
    parent: u32,
    depth: u8,
    /// Shared by every call of `entry` once the budget is spent (context-insensitive).
    shared: bool,
    returns: Vec<(u32, u32)>,
    /// `RET` instructions analysed in this frame (re-queued when `returns` grows).
    rets: Vec<u32>,
}

/// The root frame: the kernel's entry and code no path reaches. Its `RET` has unknown
/// callers, so it takes the context-insensitive edges and stays in the root frame.
const ROOT: u32 = 0;
/// Deepest call string analysed with a frame of its own.
const MAX_CALL_DEPTH: u8 = 8;

/// The frames of one check, created as calls are met, within a budget of analysed
/// instructions (`budget`): beyond it, and for recursion, calls share a frame.
struct Frames {
    frames: Vec<Frame>,
    by_site: std::collections::HashMap<(u32, u32), u32>,
    shared: std::collections::HashMap<u32, u32>,
    /// Instructions of each callee (its local closure), by entry.
    size: std::collections::HashMap<u32, usize>,
    budget: usize,
}

impl Frames {
    fn size(&mut self, cfg: &cfg::Cfg, entry: u32) -> usize {
        *self.size.entry(entry).or_insert_with(|| {
            let mut seen = std::collections::HashSet::new();
            let mut work = vec![entry];
            while let Some(i) = work.pop() {
                if seen.insert(i) {
                    work.extend(cfg.local[i as usize].iter().copied());
                }
            }
            seen.len()
        })
    }

    /// The frame a call at `(site, ctx)` to `entry` runs in; the return site `site + 1`
    /// in `ctx` is added to its returns. The second value: the frame's analysed `RET`s
    /// when the returns grew (they must be propagated again).
    fn enter(&mut self, cfg: &cfg::Cfg, site: u32, ctx: u32, entry: u32) -> (u32, Vec<u32>) {
        let ret = (site + 1, ctx);
        let f = if let Some(&f) = self.by_site.get(&(site, ctx)) {
            f
        } else {
            // Recursion: the frame of `entry` on the call string takes the new caller.
            let mut up = Some(ctx);
            let mut rec = None;
            while let Some(c) = up {
                let fr = &self.frames[c as usize];
                if c != ROOT && fr.entry == entry {
                    rec = Some(c);
                    break;
                }
                up = (c != ROOT).then_some(fr.parent);
            }
            let parent = &self.frames[ctx as usize];
            let (depth, shared) = (parent.depth.saturating_add(1), parent.shared);
            let f = match rec {
                Some(c) => c,
                None => {
                    let size = self.size(cfg, entry);
                    if !shared && depth <= MAX_CALL_DEPTH && size <= self.budget {
                        self.budget -= size;
                        self.frames.push(Frame {
                            entry,
                            parent: ctx,
                            depth,
                            shared: false,
                            returns: Vec::new(),
                            rets: Vec::new(),
                        });
                        self.frames.len() as u32 - 1
                    } else {
                        let next = self.frames.len() as u32;
                        let f = *self.shared.entry(entry).or_insert(next);
                        if f == next {
                            self.frames.push(Frame {
                                entry,
                                parent: ctx,
                                depth,
                                shared: true,
                                returns: Vec::new(),
                                rets: Vec::new(),
                            });
                        }
                        f
                    }
                }
            };
            self.by_site.insert((site, ctx), f);
            f
        };
        let fr = &mut self.frames[f as usize];
        if (site as usize + 1) < cfg.local.len() && !fr.returns.contains(&ret) {
            fr.returns.push(ret);
            return (f, fr.rets.clone());
        }
        (f, Vec::new())
    }
}

/// Checks like [`check`], with `opts`.
///
/// The dataflow is context-sensitive for calls: each call site gets its own frame of the
/// callee (up to a depth of 8 and a budget of analysed instructions; beyond it, and for
/// recursion, calls of one callee share a frame), so a `RET` goes back only to the call
/// sites of its own frame. A `RET` drains the barriers its callee set (ptxas' calling
/// convention, `LINTS.md`); the caller's pending barriers go on after the return.
pub fn check_with(items: &[Item], base: u64, opts: Options) -> Vec<Finding> {
    let n = items.len();
    let insts: Vec<Option<Inst>> = items.iter().map(|it| it.inst.clone().ok()).collect();
    let eff: Vec<Effects> = insts
        .iter()
        .map(|i| i.as_ref().map(effects::effects).unwrap_or_default())
        .collect();
    let ctx = Ctx {
        items,
        eff,
        cfg: cfg::build(&insts, base),
    };
    let mut out = Vec::new();
    if n == 0 {
        return out;
    }
    let is_ret = |i: usize| {
        insts[i]
            .as_ref()
            .is_some_and(|x| x.op.op.info().flow == ControlFlow::Return)
    };
    let mut frames = Frames {
        frames: vec![Frame {
            entry: 0,
            parent: ROOT,
            depth: 0,
            shared: false,
            returns: Vec::new(),
            rets: Vec::new(),
        }],
        by_site: Default::default(),
        shared: Default::default(),
        size: Default::default(),
        budget: 8 * n + 65_536,
    };
    // Which instructions each frame's callee owns: a `RET` drains what they set.
    let mut owned: std::collections::HashMap<u32, std::collections::HashSet<u32>> =
        Default::default();
    // Fixpoint over (instruction, frame): entry states, seeded at 0 and then at the first
    // instruction no path reaches (in the root frame).
    let mut entry: std::collections::HashMap<(u32, u32), State> = Default::default();
    let mut reached = vec![false; n];
    let mut seed = Some(0usize);
    while let Some(root) = seed {
        entry.insert((root as u32, ROOT), State::default());
        let mut work = std::collections::BTreeSet::new();
        work.insert((root as u32, ROOT));
        while let Some((i, f)) = work.pop_first() {
            let iu = i as usize;
            reached[iu] = true;
            let Some(mut s) = entry.get(&(i, f)).cloned() else {
                continue;
            };
            ctx.step(iu, &mut s, None, f == ROOT);
            let mut next: Vec<(u32, u32, bool)> =
                ctx.cfg.local[iu].iter().map(|&j| (j, f, false)).collect();
            if let Some(t) = ctx.cfg.call[iu] {
                let (cf, again) = frames.enter(&ctx.cfg, i, f, t);
                next.push((t, cf, false));
                for r in again {
                    work.insert((r, cf));
                }
            }
            if is_ret(iu) {
                if f == ROOT {
                    next.extend(ctx.cfg.succ[iu].iter().map(|&j| (j, ROOT, false)));
                } else {
                    let fr = &mut frames.frames[f as usize];
                    if !fr.rets.contains(&i) {
                        fr.rets.push(i);
                    }
                    next.extend(fr.returns.iter().map(|&(j, c)| (j, c, true)));
                }
            }
            // The caller's barriers survive the return; the callee's are drained.
            let drained = next.iter().any(|x| x.2).then(|| {
                let e = frames.frames[f as usize].entry;
                let mine = owned.entry(e).or_insert_with(|| {
                    let mut seen = std::collections::HashSet::new();
                    let mut w = vec![e];
                    while let Some(k) = w.pop() {
                        if seen.insert(k) {
                            w.extend(ctx.cfg.local[k as usize].iter().copied());
                            w.extend(ctx.cfg.call[k as usize]);
                        }
                    }
                    seen
                });
                let mut d = s.clone();
                d.board.drain_producers(|p| mine.contains(&p));
                d
            });
            for (j, c, ret) in next {
                let key = (j, c);
                let s = if ret {
                    drained.as_ref().unwrap_or(&s)
                } else {
                    &s
                };
                let changed = match entry.get_mut(&key) {
                    Some(e) => e.join(s),
                    None => {
                        entry.insert(key, s.clone());
                        true
                    }
                };
                if changed {
                    work.insert(key);
                }
            }
        }
        seed = (root + 1..n).find(|&k| !reached[k]);
    }
    // Reporting pass, instruction by instruction over every frame. A wait is unset only
    // when no frame's paths set the barrier.
    let mut by_inst: Vec<Vec<&State>> = vec![Vec::new(); n];
    let mut keys: Vec<&(u32, u32)> = entry.keys().collect();
    keys.sort_unstable();
    for k in keys {
        by_inst[k.0 as usize].push(&entry[k]);
    }
    let frames_of: Vec<Vec<u32>> = {
        let mut v = vec![Vec::new(); n];
        let mut keys: Vec<&(u32, u32)> = entry.keys().collect();
        keys.sort_unstable();
        for k in keys {
            v[k.0 as usize].push(k.1);
        }
        v
    };
    for i in 0..n {
        if by_inst[i].is_empty() {
            continue;
        }
        let ever = by_inst[i].iter().fold(0u8, |a, s| a | s.ever);
        for (e, &f) in by_inst[i].iter().zip(&frames_of[i]) {
            let mut s = (*e).clone();
            s.ever = ever;
            ctx.step(i, &mut s, Some(&mut out), f == ROOT);
        }
        local_rules(&ctx, i, opts, &mut out);
    }
    out
}

/// The rules that need only the instruction and its neighbour.
fn local_rules(ctx: &Ctx, i: usize, opts: Options, out: &mut Vec<Finding>) {
    let it = &ctx.items[i];
    let c = it.ctrl;
    let mut push = |rule: Rule, other: Option<usize>, message: String| {
        out.push(Finding {
            rule,
            at: i,
            other,
            loc: None,
            message,
            path: Vec::new(),
        })
    };
    let inst = match &it.inst {
        Ok(inst) => inst,
        Err(e) => {
            push(
                Rule::Undecodable,
                None,
                format!(
                    "the word at {:#06x} does not decode ({e}); it is skipped: its reads and writes are unknown, its schedule slot is honoured",
                    it.addr
                ),
            );
            return;
        }
    };
    let eff = &ctx.eff[i];
    let atomic = inst.op.mem.is_some_and(|m| {
        matches!(
            m.kind,
            crate::table::MemKind::Atomic | crate::table::MemKind::Reduction
        )
    });
    if inst.op.latency == Latency::Variable && c.wr < 6 && eff.writes.is_empty() && !atomic {
        push(
            Rule::WrNoDest,
            None,
            format!(
                "sets write barrier SB{} but writes no register (maxas rejects this: a store has no result to wait for)",
                c.wr
            ),
        );
    }
    if opts.stall_no_yield && c.stall >= 12 && c.no_yield {
        push(
            Rule::StallNoYield,
            None,
            format!(
                "stall {} without the yield flag (stalls of 12-15 need it)",
                c.stall
            ),
        );
    }
    if inst.op.op.info().issue == Issue::ControlStall && c.stall < MIN_CONTROL_STALL {
        push(
            Rule::ControlStall,
            None,
            format!(
                "stall {} on a {}: BAR, BRA, CAL, RET and EXIT need a stall of at least {}",
                c.stall, inst.op.name, MIN_CONTROL_STALL
            ),
        );
    }
    // Dual issue with the next instruction.
    if c.dual_issue()
        && let Some(Ok(next)) = ctx.items.get(i + 1).map(|x| &x.inst)
    {
        let (ua, ub) = (effects::unit(inst), effects::unit(next));
        if ua == ub && ua == effects::Unit::Mem {
            push(
                Rule::DualIssue,
                Some(i + 1),
                format!(
                    "dual-issued with the next instruction, which goes to the same unit ({ua:?})"
                ),
            );
        } else if matches!(ua, effects::Unit::Ctrl) {
            push(
                Rule::DualIssue,
                Some(i + 1),
                format!(
                    "a {} cannot be the first of a dual-issue pair",
                    inst.op.name
                ),
            );
        }
    }
    // Register banks and the reuse cache (fixed-latency ops: the operand collector).
    if inst.op.latency == Latency::Fixed {
        let prev = i
            .checked_sub(1)
            .and_then(|p| ctx.items[p].inst.as_ref().ok().map(|x| (p, x)));
        let srcs: Vec<(u8, Loc)> = eff
            .reads
            .iter()
            .filter_map(|r| r.slot.filter(|&s| s < 3).map(|s| (s, r.loc)))
            .collect();
        let cached = |slot: u8, loc: Loc| {
            prev.is_some_and(|(p, _)| {
                ctx.items[p].ctrl.reuse & (1 << slot) != 0
                    && ctx.eff[p]
                        .reads
                        .iter()
                        .any(|r| r.slot == Some(slot) && r.loc == loc)
            })
        };
        let mut reported = false;
        for (a, &(sa, la)) in srcs.iter().enumerate() {
            for &(sb, lb) in &srcs[a + 1..] {
                if !reported && la != lb && la % 4 == lb % 4 && !cached(sa, la) && !cached(sb, lb) {
                    reported = true;
                    push(
                        Rule::BankConflict,
                        None,
                        format!(
                            "{} and {} are both in register bank {}: one extra cycle to read them (no reuse flag covers either)",
                            loc_name(la),
                            loc_name(lb),
                            la % 4
                        ),
                    );
                }
            }
        }
        for slot in 0..3u8 {
            if c.reuse & (1 << slot) == 0 {
                continue;
            }
            let Some(mine) = srcs.iter().find(|(s, _)| *s == slot).map(|x| x.1) else {
                continue;
            };
            let next_reads = ctx.cfg.succ[i].contains(&(i as u32 + 1))
                && ctx.items.get(i + 1).is_some_and(|_| {
                    ctx.eff[i + 1]
                        .reads
                        .iter()
                        .any(|r| r.slot == Some(slot) && r.loc == mine)
                });
            if !next_reads {
                push(
                    Rule::ReuseUnused,
                    Some(i + 1).filter(|&k| k < ctx.items.len()),
                    format!(
                        "reuse flag on operand slot {slot} ({}) but the next instruction does not read it in that slot",
                        loc_name(mine)
                    ),
                );
            }
        }
    }
}
