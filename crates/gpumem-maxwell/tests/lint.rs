//! The Maxwell scoreboard checker on real ptxas code: no error on any committed cubin,
//! and every mutant that makes a real hazard found (and no harmless one flagged), as an
//! independent path-by-path simulation decides.

use gpumem_isa::Severity;
use gpumem_maxwell::inst::{Inst, Operand, PT};
use gpumem_maxwell::lint::{self, Item, Rule, cfg, effects};
use gpumem_maxwell::table::{Latency, MemKind, Op, OpKind};
use gpumem_maxwell::{Target, cubin};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cubins() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for d in [
        "tests/cuda-samples/sm_50",
        "tests/cuda-samples/sm_52",
        "tests/cubins",
    ] {
        let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(d))
            .unwrap_or_else(|e| panic!("{d}: {e}"))
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "cubin"))
            .collect();
        v.sort();
        out.extend(v);
    }
    out
}

/// Every kernel of every committed cubin: (file, kernel, items).
fn kernels() -> Vec<(String, String, Vec<Item>)> {
    let mut out = Vec::new();
    for f in cubins() {
        let bytes = std::fs::read(&f).unwrap();
        // A cubin without kernels (device-function libraries) has nothing to check.
        for k in cubin::kernels(&bytes).unwrap_or_default() {
            let t = k.target;
            let items = lint::items_from_binary(&k.code, 0, t).unwrap();
            out.push((f.display().to_string(), k.name, items));
        }
    }
    out
}

#[test]
fn corpus_has_no_errors() {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut n, mut k) = (0, 0);
    let mut errors = Vec::new();
    for (f, name, items) in kernels() {
        n += items.len();
        k += 1;
        for x in lint::check_with(&items, 0, ALL_NOTES) {
            *counts.entry(x.rule.name()).or_default() += 1;
            if x.severity() == Severity::Error {
                errors.push(format!("{f} {name}: {}", lint::describe(&x, &items)));
            }
        }
    }
    eprintln!("{k} kernels, {n} instructions; findings per rule: {counts:?}");
    assert!(
        k > 1500 && n > 650_000,
        "corpus not found whole: {k} kernels"
    );
    assert!(
        errors.is_empty(),
        "{} error(s) on ptxas code, first: {:#?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
}

// ---------------------------------------------------------------------------------------
// The independent judge: every path (loops taken at most twice), simulated exactly.

#[derive(Clone)]
struct P {
    producer: usize,
    bar: u8,
    read: bool,
    queue: u8,
    seq: u32,
    issue: u32,
    guard: u8,
}

#[derive(Clone, Default)]
struct Sim {
    pend: Vec<P>,
    /// (loc, ready cycle, producer, guard).
    ready: Vec<(u16, u32, usize, u8)>,
    /// Barrier settings in issue order: (seq, bar, queue, producer).
    sets: Vec<(u32, u8, u8, usize)>,
    cycle: u32,
    seq: u32,
}

fn guard(i: &Inst) -> u8 {
    if i.guard == PT {
        u8::MAX
    } else {
        i.guard * 2 + u8::from(i.guard_neg)
    }
}

fn excl(a: u8, b: u8) -> bool {
    a != u8::MAX && b != u8::MAX && a ^ 1 == b
}

/// Hazards on one path step; returns the (consumer, producer) pairs.
fn sim_step(
    items: &[Item],
    eff: &[effects::Effects],
    i: usize,
    s: &mut Sim,
    out: &mut Vec<(usize, usize)>,
) {
    let c = items[i].ctrl;
    let inst = items[i].inst.as_ref().ok();
    let g = inst.map(guard).unwrap_or(u8::MAX);
    // Waits: the instruction issues once the waited settings are complete.
    let mut start = s.cycle;
    for b in 0..6u8 {
        if c.wait & (1 << b) != 0 {
            for p in s.pend.iter().filter(|p| p.bar == b && !p.read) {
                start = start.max(p.issue + u32::from(lint::MIN_VARIABLE_LATENCY));
            }
        }
    }
    s.cycle = start;
    let complete = |s: &Sim, p: &P, bar: u8, keep: u32| -> bool {
        // Settings of `bar` after each one; the `keep` most recent stay outstanding.
        let n_after = |seq: u32| s.sets.iter().filter(|x| x.1 == bar && x.0 > seq).count() as u32;
        (p.bar == bar && n_after(p.seq) >= keep)
            || s.sets.iter().any(|x| {
                x.1 == bar
                    && x.2 == p.queue
                    && x.3 != p.producer
                    && x.0 > p.seq
                    && n_after(x.0) >= keep
            })
    };
    let mut clear: Vec<(u8, u32)> = (0..6u8)
        .filter(|b| c.wait & (1 << b) != 0)
        .map(|b| (b, 0))
        .collect();
    if let Some(x) = inst
        && x.op.op == Op::Depbar
    {
        let mut sb = None;
        for (k, v) in x.op.operands.iter().zip(x.operands()) {
            match (k, v) {
                (OpKind::Scoreboard { .. }, Operand::Sb(n)) => sb = Some(*n),
                (OpKind::UImm { .. }, Operand::Imm(cnt)) => {
                    if let Some(n) = sb {
                        clear.push((n, *cnt as u32));
                    }
                }
                (OpKind::SbSet { .. }, Operand::Imm(m)) => {
                    clear.extend((0..6u8).filter(|b| m & (1 << b) != 0).map(|b| (b, 0)))
                }
                _ => {}
            }
        }
    }
    for (b, keep) in clear {
        let snapshot = s.clone();
        s.pend.retain(|p| !complete(&snapshot, p, b, keep));
    }
    // A result written means its sources were read.
    let written: Vec<usize> = s
        .pend
        .iter()
        .filter(|p| p.read && items[p.producer].ctrl.wr < 6)
        .filter(|p| !s.pend.iter().any(|q| !q.read && q.producer == p.producer))
        .map(|p| p.producer)
        .collect();
    s.pend
        .retain(|p| !(p.read && written.contains(&p.producer)));
    if inst.is_some_and(|x| x.op.op == Op::Jcal) {
        s.pend.clear();
    }
    let e = &eff[i];
    let delay = inst.map(effects::read_delay).unwrap_or(0);
    for r in &e.reads {
        for p in s.pend.iter().filter(|p| !p.read && !excl(p.guard, g)) {
            if eff[p.producer].writes_loc(r.loc) {
                out.push((i, p.producer));
            }
        }
        for &(l, ready, prod, pg) in &s.ready {
            if l == r.loc && ready > s.cycle + u32::from(delay) && !excl(pg, g) {
                out.push((i, prod));
            }
        }
    }
    let my_queue = match inst {
        Some(x) if x.op.latency == Latency::Variable => effects::queue(x),
        _ => u8::MAX,
    };
    for &w in &e.writes {
        for p in s
            .pend
            .iter()
            .filter(|p| !excl(p.guard, g) && p.queue != my_queue)
        {
            if (p.read && eff[p.producer].reads_operand(w))
                || (!p.read && p.producer != i && eff[p.producer].writes_loc(w))
            {
                out.push((i, p.producer));
            }
        }
    }
    for &w in &e.writes {
        s.ready.retain(|t| t.0 != w);
        if (effects::PRED_BASE..effects::CC).contains(&w) {
            let pr = (w - effects::PRED_BASE) as u8;
            for p in s.pend.iter_mut() {
                if p.guard != u8::MAX && p.guard / 2 == pr {
                    p.guard = u8::MAX;
                }
            }
            for t in s.ready.iter_mut() {
                if t.3 != u8::MAX && t.3 / 2 == pr {
                    t.3 = u8::MAX;
                }
            }
        }
    }
    let variable = inst.is_none_or(|x| x.op.latency == Latency::Variable);
    if variable {
        let queue = inst.map(effects::queue).unwrap_or(u8::MAX);
        for (bar, read) in [(c.wr, false), (c.rd, true)] {
            if bar < 6 {
                s.seq += 1;
                s.sets.push((s.seq, bar, queue, i));
                s.pend.push(P {
                    producer: i,
                    bar,
                    read,
                    queue,
                    seq: s.seq,
                    issue: s.cycle,
                    guard: g,
                });
            }
        }
        if c.wr >= 6 && !e.writes.is_empty() {
            s.seq += 1;
            s.pend.push(P {
                producer: i,
                bar: 7,
                read: false,
                queue,
                seq: s.seq,
                issue: s.cycle,
                guard: g,
            });
        }
    } else {
        for &w in &e.writes {
            s.ready
                .push((w, s.cycle + u32::from(effects::fixed_latency(w)), i, g));
        }
    }
    s.cycle += if c.dual_issue() {
        0
    } else {
        u32::from(c.stall.max(1))
    };
}

/// All hazards of the kernel by path enumeration; `None` when the budget runs out.
fn judge(items: &[Item], budget: usize) -> Option<Vec<(usize, usize)>> {
    let insts: Vec<Option<Inst>> = items.iter().map(|x| x.inst.clone().ok()).collect();
    let g = cfg::build(&insts, 0);
    let eff: Vec<effects::Effects> = insts
        .iter()
        .map(|i| i.as_ref().map(effects::effects).unwrap_or_default())
        .collect();
    let mut out = Vec::new();
    let mut steps = 0usize;
    let n = items.len();
    let mut reached = vec![false; n];
    // Depth-first over paths from the entry, then from each instruction no path
    // reaches (as the checker does); a node may appear at most twice on a path.
    // A call pushes its return site and the cycle it issued at; a RET pops it and drains
    // what was issued since (the callee's barriers), or, with no call on the path (the
    // kernel's own RET, callers unknown), takes every return edge and drains everything.
    type Calls = Vec<(usize, u32)>;
    let mut root = Some(0);
    while let Some(r) = root {
        let mut stack: Vec<(usize, Sim, Vec<u8>, Calls)> =
            vec![(r, Sim::default(), vec![0; n], Vec::new())];
        while let Some((i, mut s, mut visits, calls)) = stack.pop() {
            steps += 1;
            if steps > budget {
                return None;
            }
            visits[i] += 1;
            reached[i] = true;
            sim_step(items, &eff, i, &mut s, &mut out);
            let issued = s.cycle;
            let is_ret = insts[i].as_ref().is_some_and(|x| x.op.op == Op::Ret);
            let mut next: Vec<(usize, Sim, Calls)> = Vec::new();
            if is_ret && calls.is_empty() {
                s.pend.clear();
                for &j in &g.succ[i] {
                    next.push((j as usize, s.clone(), calls.clone()));
                }
            } else {
                for &j in &g.local[i] {
                    next.push((j as usize, s.clone(), calls.clone()));
                }
                if let Some(t) = g.call[i] {
                    let mut c = calls.clone();
                    c.push((i + 1, issued));
                    next.push((t as usize, s.clone(), c));
                }
                if is_ret {
                    let mut c = calls.clone();
                    let (site, at) = c.pop().unwrap();
                    let mut d = s.clone();
                    d.pend.retain(|p| p.issue < at);
                    next.push((site, d, c));
                }
            }
            for (j, s, c) in next {
                if visits[j] < 2 {
                    stack.push((j, s, visits.clone(), c));
                }
            }
        }
        root = (r + 1..n).find(|&k| !reached[k]);
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// The checker with the `stall-no-yield` notes on (the mutants count them).
const ALL_NOTES: lint::Options = lint::Options {
    stall_no_yield: true,
};

const DATAFLOW: [Rule; 5] = [
    Rule::RawBarrier,
    Rule::RawNoBarrier,
    Rule::WawBarrier,
    Rule::WarBarrier,
    Rule::FixedLatency,
];

/// The checker's dataflow errors as (consumer, producer) pairs.
fn checker(items: &[Item]) -> (Vec<(usize, usize)>, Vec<Rule>) {
    let f = lint::check_with(items, 0, ALL_NOTES);
    let mut pairs: Vec<(usize, usize)> = f
        .iter()
        .filter(|x| DATAFLOW.contains(&x.rule))
        .filter_map(|x| x.other.map(|o| (x.at, o)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    let rules = f
        .iter()
        .filter(|x| x.severity() != Severity::Note || x.rule == Rule::StallNoYield)
        .map(|x| x.rule)
        .collect();
    (pairs, rules)
}

#[derive(Default, Debug)]
struct Tally {
    total: usize,
    real: usize,
    detected: usize,
    harmless: usize,
    flagged_harmless: usize,
    missed: usize,
    notes: usize,
}

fn is_store(i: &Inst) -> bool {
    i.op.mem.is_some_and(|m| m.kind == MemKind::Store)
}

#[test]
fn mutants_are_found_and_harmless_ones_are_not() {
    let mut tally: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut judged_kernels = 0;
    let mut kernel_no = 0usize;
    for (f, name, items) in kernels() {
        // Small kernels whose paths can all be walked (a sample of them in debug builds).
        let (max_len, every) = if cfg!(debug_assertions) {
            (100, 6)
        } else {
            (160, 1)
        };
        kernel_no += 1;
        if items.len() > max_len
            || !kernel_no.is_multiple_of(every)
            || judge(&items, 3_000).is_none()
        {
            continue;
        }
        let notes_before = lint::check_with(&items, 0, ALL_NOTES)
            .iter()
            .filter(|x| x.rule == Rule::StallNoYield)
            .count();
        judged_kernels += 1;
        let mut mutants: Vec<(&str, Vec<Item>)> = Vec::new();
        for i in 0..items.len() {
            let Ok(inst) = &items[i].inst else { continue };
            let c = items[i].ctrl;
            for b in 0..6 {
                if c.wait & (1 << b) != 0 {
                    let mut m = items.clone();
                    m[i].ctrl.wait &= !(1 << b);
                    mutants.push(("clear-wait", m));
                }
            }
            if c.stall >= 2 {
                let mut m = items.clone();
                m[i].ctrl.stall -= 1;
                mutants.push(("lower-stall", m));
            }
            if !c.no_yield {
                let mut m = items.clone();
                m[i].ctrl.no_yield = true;
                mutants.push(("drop-yield", m));
            }
            if c.wr < 6 {
                for b in 0..6 {
                    if b != c.wr {
                        let mut m = items.clone();
                        m[i].ctrl.wr = b;
                        mutants.push(("swap-barrier", m));
                    }
                }
                if let Some(j) = (i + 1..items.len()).find(|&j| {
                    items[j]
                        .inst
                        .as_ref()
                        .is_ok_and(|x| is_store(x) && items[j].ctrl.wr == 7)
                }) {
                    let mut m = items.clone();
                    m[j].ctrl.wr = c.wr;
                    m[i].ctrl.wr = 7;
                    mutants.push(("wr-to-store", m));
                }
            }
            let _ = inst;
        }
        for (kind, m) in mutants {
            let t = tally.entry(kind).or_default();
            t.total += 1;
            let Some(truth) = judge(&m, 20_000) else {
                t.total -= 1;
                continue;
            };
            let (pairs, rules) = checker(&m);
            let notes = rules.iter().filter(|r| **r == Rule::StallNoYield).count();
            let local_real = rules
                .iter()
                .any(|r| matches!(r, Rule::WrNoDest | Rule::ControlStall | Rule::DualIssue));
            let real = !truth.is_empty() || local_real;
            let detected = !pairs.is_empty() || local_real;
            if notes > notes_before {
                t.notes += 1;
            }
            if real {
                t.real += 1;
                if detected {
                    t.detected += 1;
                } else {
                    t.missed += 1;
                }
            } else {
                t.harmless += 1;
                if detected {
                    t.flagged_harmless += 1;
                }
            }
            if pairs != truth && failures.len() < 10 {
                failures.push(format!(
                    "{f} {name} {kind}: checker {pairs:?}, paths {truth:?}"
                ));
            }
        }
    }
    eprintln!("{judged_kernels} kernels judged by path enumeration");
    eprintln!(
        "mutation       total   real  detected  missed  harmless  flagged  new stall-no-yield notes"
    );
    for (k, t) in &tally {
        eprintln!(
            "{k:14} {:6} {:6} {:9} {:7} {:9} {:8} {:6}",
            t.total, t.real, t.detected, t.missed, t.harmless, t.flagged_harmless, t.notes
        );
    }
    assert!(
        judged_kernels > 50,
        "too few kernels judged: {judged_kernels}"
    );
    assert!(
        failures.is_empty(),
        "checker and path enumeration disagree:\n{}",
        failures.join("\n")
    );
    for (k, t) in &tally {
        assert_eq!(t.missed, 0, "{k}: missed real hazards");
        assert_eq!(t.flagged_harmless, 0, "{k}: harmless mutants flagged");
        assert!(
            t.real > 0,
            "{k}: no mutant made a hazard: the test cannot fail"
        );
    }
}

/// The seed pages' own examples (`examples/maxwell/seed-examples.sass`) carry no
/// schedule, so every instruction gets the default slot (stall 1, no barriers): each
/// variable-latency result is read without a barrier. The findings, one a line, are in
/// `tests/data/maxwell-lint-seed-golden.txt` (`BLESS=1` rewrites it).
#[test]
fn seed_examples_golden() {
    let src = std::fs::read_to_string(root().join("examples/maxwell/seed-examples.sass")).unwrap();
    let d = lint::lint_source_diagnostics(&src, Target::Sm52).expect("the seed examples parse");
    let mut got = String::from(
        "# line:col severity[rule] message -- gpumem lint --isa maxwell examples/maxwell/seed-examples.sass\n",
    );
    for x in &d {
        got.push_str(&format!(
            "{}:{} {}[{}] {}\n",
            x.span.line,
            x.span.col,
            x.severity,
            x.lint.unwrap_or(""),
            x.message
        ));
    }
    let path = root().join("tests/data/maxwell-lint-seed-golden.txt");
    if std::env::var("BLESS").is_ok() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).expect("golden file (BLESS=1 writes it)");
    assert_eq!(
        got, want,
        "findings on the seed examples changed (BLESS=1 to accept)"
    );
}

#[test]
fn every_rule_is_documented() {
    let doc = std::fs::read_to_string(root().join("crates/gpumem-maxwell/LINTS.md")).unwrap();
    for r in Rule::ALL {
        let row = format!("| `{}` | {} |", r.name(), r.severity());
        assert!(doc.contains(&row), "LINTS.md lacks the row {row}");
    }
}

/// A caller's barrier pending across a call: 0 LDG R6 (SB0), 1 CAL f, 2 wait SB0 and read
/// R6, 3 CAL f again, 4 overwrite R6 (nothing is pending in this caller's frame), ...,
/// 7-8 f: MOV, RET. A context-insensitive RET would carry the first caller's pending R6
/// to instruction 4 (a false `waw-barrier` on a path that leaves f's return for the
/// other call site); each call site has its own frame of f, so there is none.
const TWO_CALL_SITES: &str = "LDG.E R6, [R2] &wr=0 ?stall=1 ;
CAL L_f ?stall=13 ;
IADD R7, R6, R6 &req={0} ?stall=6 ;
CAL L_f ?stall=13 ;
MOV R6, RZ ?stall=6 ;
STG.E [R2], R6 ?stall=5 ;
EXIT ?stall=5 ;
L_f:
MOV R8, RZ ?stall=6 ;
RET ?stall=5 ;";

#[test]
fn returns_go_back_only_to_their_own_call_site() {
    let f = lint::lint_source(TWO_CALL_SITES, Target::Sm52).unwrap();
    let errors: Vec<_> = f
        .iter()
        .filter(|x| x.severity() == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The caller's barrier survives the return: reading R6 after it without the wait is
    // a hazard (the callee sets no barrier of its own).
    let mutant = TWO_CALL_SITES.replace("&req={0} ", "");
    let f = lint::lint_source(&mutant, Target::Sm52).unwrap();
    assert!(
        f.iter()
            .any(|x| x.rule == Rule::RawBarrier && x.at == 2 && x.other == Some(0)),
        "{f:#?}"
    );
    // What the callee sets is drained by its RET (ptxas' convention): a callee's load
    // read by the caller after the return is not reported.
    let callee_load =
        TWO_CALL_SITES.replace("MOV R8, RZ ?stall=6 ;", "LDG.E R8, [R2] &wr=1 ?stall=6 ;");
    let f = lint::lint_source(&(callee_load.clone() + "\n"), Target::Sm52).unwrap();
    assert!(!f.iter().any(|x| x.severity() == Severity::Error), "{f:#?}");
    // The judge (path by path, with a call stack) agrees.
    let items = |src: &str| -> Vec<Item> {
        let bin = gpumem_maxwell::assemble(src, Target::Sm52).unwrap();
        lint::items_from_binary(&bin, 0, Target::Sm52).unwrap()
    };
    for src in [TWO_CALL_SITES, mutant.as_str(), callee_load.as_str()] {
        let it = items(src);
        let truth = judge(&it, 100_000).unwrap();
        assert_eq!(checker(&it).0, truth, "{src}");
    }
}

/// The path a finding prints is one the warp can take: from a load before the first call
/// to a read after the second, it enters f and comes back twice (0 LDG R6, 1 CAL f, 2
/// IADD, 3 CAL f, 4 read R6 without the wait; f: 7 MOV, 8 RET), not from the first
/// call's RET straight to the second call's return site.
#[test]
fn a_finding_path_returns_to_its_own_call_site() {
    let src = TWO_CALL_SITES
        .replace(
            "IADD R7, R6, R6 &req={0} ?stall=6 ;",
            "IADD R7, R8, R8 ?stall=6 ;",
        )
        .replace("MOV R6, RZ ?stall=6 ;", "IADD R9, R6, R6 ?stall=6 ;");
    let f = lint::lint_source(&src, Target::Sm52).unwrap();
    let hit = f
        .iter()
        .find(|x| x.rule == Rule::RawBarrier && x.at == 4 && x.other == Some(0))
        .unwrap_or_else(|| panic!("{f:#?}"));
    let addr = gpumem_maxwell::inst_addr;
    assert_eq!(
        hit.path,
        vec![addr(1), addr(8), addr(3), addr(8)],
        "{hit:#?}"
    );
}

/// Recursion shares one frame of the callee, whose RET goes to every call site of that
/// frame (the outer caller's and the recursive one's): the fixpoint ends and a real
/// hazard after the outer return is still found.
#[test]
fn recursive_calls_share_a_frame() {
    // 0 LDG R6 (SB0), 1 CAL f, 2 read R6 without the wait, 3 EXIT; f: 4 @P0 BRA 6,
    // 5 CAL f, 6 RET.
    let src = "LDG.E R6, [R2] &wr=0 ?stall=1 ;
CAL L_f ?stall=13 ;
IADD R7, R6, R6 ?stall=6 ;
EXIT ?stall=5 ;
L_f:
@P0 BRA L_r ?stall=5 ;
CAL L_f ?stall=13 ;
L_r:
RET ?stall=5 ;";
    let f = lint::lint_source(src, Target::Sm52).unwrap();
    assert!(
        f.iter()
            .any(|x| x.rule == Rule::RawBarrier && x.at == 2 && x.other == Some(0)),
        "{f:#?}"
    );
}

/// `stall-no-yield` is off by default and on with [`lint::Options`].
#[test]
fn stall_no_yield_is_opt_in() {
    let src = "MOV R1, RZ ?stall=13 ;\nEXIT ?stall=5 ;";
    let f = lint::lint_source(src, Target::Sm52).unwrap();
    assert!(f.iter().all(|x| x.rule != Rule::StallNoYield), "{f:#?}");
    let bin = gpumem_maxwell::assemble(src, Target::Sm52).unwrap();
    let items = lint::items_from_binary(&bin, 0, Target::Sm52).unwrap();
    let f = lint::check_with(&items, 0, ALL_NOTES);
    assert!(f.iter().any(|x| x.rule == Rule::StallNoYield), "{f:#?}");
}

/// An undecodable word is an error: its reads and writes are unknown.
#[test]
fn undecodable_is_an_error() {
    assert_eq!(Rule::Undecodable.severity(), Severity::Error);
}
