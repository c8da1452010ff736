//! The inventory (issue 10): every row of the Maxwell table executes, or faults
//! `unsupported` with a message that says what is missing, and every such case is listed.
//!
//! For each row and each target it exists on, instances built by the table's sampler
//! (`gpumem_maxwell::sample`) run on one warp: the row's defaults, each other value of
//! each modifier group once (the rest at their defaults), four random combinations, and
//! for rows with a condition-code test operand the defaults with each of the 32 tests,
//! with fixed seeds (a hash of the row's form and the instance number, so a row's
//! instances do not depend on any other row). Each sits alone after a prologue that sets
//! P0-P6 per lane, every address register the instance names to `0x100 + 16*lane` (so
//! that 32-bit and `.E` addresses land in memory; the register after each is 0) and every
//! other register it names to the lane number (small: barrier ids, shifts), with NOPs
//! up to a fixed address and `EXIT` after; constant banks 1-3 hold words, the launch has
//! 64 KiB of shared and 1 KiB of local memory per thread and a limit of 200 steps. Every
//! other instance has its memory and constant offsets cut to small aligned values
//! (`& 0xf0`) so that memory ops can succeed. The guard is `PT` or, for odd-numbered
//! instances, the sampler's (never `@!PT`).
//!
//! Each instance's outcome is `runs` (no fault), `faults:<kind>` (a fault other than
//! `unsupported`, legitimate for random operands: it ran), or `unsupported`. Checked:
//! * no panic (the instance's text and target are reported);
//! * an `unsupported` fault carries the instance's pc, warp 0, CTA 0, and a message that
//!   ends with ` (<instruction text>)`; the rest of the message is the *reason*, which must
//!   name what is missing (not the generic "no functional model for FORM", nor
//!   "FORM: this operation is not modelled", nor the bare mnemonic or form);
//! * the lines `form, target, class, family, reason` built from the unsupported
//!   instances equal `tests/data/maxwell-unsupported.tsv` exactly: an unlisted line fails,
//!   a listed line that no instance produces any more fails as stale. `BLESS=1` rewrites
//!   the file. One line per (form, target, reason). `class` says what causes the
//!   reason, found from the first instance that gives it: its non-default modifier
//!   values are dropped one by one (same operands) while the reason stays; those left
//!   are the class (`CC=.CC`, `atom=.OR+sz=.F32.FTZ.RN`); when none is left, `any` if
//!   the defaults give the reason with four more operand samples (the whole row), else
//!   `operands` (an operand value decides, e.g. a condition-code test 24-31).
//! * The fault the emulator records is the run report's (`gpumem-run` copies
//!   `Emulator::faults`); `crates/gpumem-run/tests/unsupported_report.rs` checks the text
//!   and JSON reports of a few such faults.
//!
//! Summary (`cargo test -p gpumem-warp --test it inventory:: -- --nocapture`; figures at the
//! commit that added this test, on main's `102d591`): 868 row-target pairs (461 rows),
//! 13,225 instances; 396 pairs run every instance, 276 run some (an unmodelled modifier
//! value such as `.CC`, or an operand such as a condition-code test 24-31), 196 run none:
//! 95 texture/surface, 4 graphics (`VOTE.VTG`, `STP`), 97 other; 642 lines in the file.
//! About 2 s in the test profile on the shared 2-core machine (`INVENTORY_FAULTS=1` also
//! prints each non-`unsupported` fault).

use gpumem_maxwell::codec::{ROWS, decode, encode};
use gpumem_maxwell::family::Family;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::sample::{Rng, inst as sample_inst};
use gpumem_maxwell::table::system::CC_NUMBERS;
use gpumem_maxwell::table::{ModGroup, OpKind, OpSpec};
use gpumem_maxwell::{Inst, Operand, RZ, Target, inst_addr, layout};
use gpumem_warp::{Emulator, FaultKind, LaunchConfig, Program};
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};

const DATA: &str = "tests/data/maxwell-unsupported.tsv";
/// Where the instance sits (instruction index): after the longest prologue.
const AT: usize = 36;
/// Random modifier combinations per row.
const RANDOM: usize = 4;

fn target_name(t: Target) -> &'static str {
    t.name()
}

/// Instructions assembled once: the predicate setup (with R0 as scratch, cleared after),
/// one register's setup (`R7`, renamed per register), NOP and EXIT.
struct Parts {
    preds: Vec<Inst>,
    reg: Vec<Inst>,
    nop: Inst,
    exit: Inst,
}

fn asm(src: &str) -> Vec<Inst> {
    Program::from_sass(src, Target::Sm50)
        .unwrap_or_else(|e| panic!("{e}"))
        .insts
        .into_iter()
        .map(|i| i.expect("the prologue decodes"))
        .collect()
}

impl Parts {
    fn new() -> Parts {
        Parts {
            // P0-P6 = bits of lane*5 (every predicate varies across the warp).
            preds: asm(
                "S2R R0, SR_LANEID ;\nISCADD R0, R0, R0, 0x2 ;\nR2P PR, R0, 0x7f ;\nMOV R0, RZ ;",
            ),
            reg: asm("S2R R7, SR_LANEID ;\nSHL R7, R7, 0x4 ;\nIADD32I R7, R7, 0x100 ;"),
            nop: asm("NOP ;")[0],
            exit: asm("EXIT ;")[0],
        }
    }

    /// `S2R Rr, SR_LANEID`: a data register's setup.
    fn lane(&self, r: u8) -> Inst {
        self.rename(self.reg[0], r)
    }

    fn rename(&self, mut i: Inst, r: u8) -> Inst {
        for o in i.operands.iter_mut() {
            if let Operand::Reg { r: x, .. } = o
                && *x == 7
            {
                *x = r;
            }
        }
        i
    }

    /// An address register's setup.
    fn reg(&self, r: u8) -> Vec<Inst> {
        self.reg.iter().map(|i| self.rename(*i, r)).collect()
    }
}

/// A 64-bit FNV-1a hash of the form and the instance number: the instance's seed.
fn seed(form: &str, k: usize) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in form.bytes().chain((k as u64).to_le_bytes()) {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A group's default: the value printed as nothing, or its first listed value when it
/// has none (a conversion's formats).
fn base_value(op: &OpSpec, k: usize, g: &ModGroup) -> u8 {
    let d = g.default_value();
    match g.lookup(d) {
        Some(_) if op.admits(k, d) => d,
        _ => g
            .vals
            .iter()
            .find(|v| op.admits(k, v.value))
            .map_or(d, |v| v.value),
    }
}

/// The instances of a row: modifier values and, for rows with a condition-code test
/// operand, the test to force (`None`: the sampler's). The defaults, each other value of
/// each group, `RANDOM` random combinations, then (rows with a test) the defaults with
/// each of the 32 tests.
fn combos(op: &OpSpec) -> Vec<(Vec<u8>, Option<u8>)> {
    // Only the values the row's fixed bits admit (`OpSpec::admits`): Pascal's `_W` rows
    // fix part of a group their `_P6` row leaves free.
    let base: Vec<u8> = op
        .mods
        .iter()
        .enumerate()
        .map(|(k, g)| base_value(op, k, g))
        .collect();
    let mut out = vec![base.clone()];
    for (k, g) in op.mods.iter().enumerate() {
        for v in g.vals {
            if v.value != base[k] && op.admits(k, v.value) {
                let mut c = base.clone();
                c[k] = v.value;
                out.push(c);
            }
        }
    }
    let mut r = Rng(seed(op.form, usize::MAX));
    for _ in 0..RANDOM {
        out.push(
            op.mods
                .iter()
                .enumerate()
                .map(|(k, g)| {
                    let ok: Vec<u8> = g
                        .vals
                        .iter()
                        .map(|v| v.value)
                        .filter(|&v| op.admits(k, v))
                        .collect();
                    match ok.len() {
                        0 => base[k],
                        n => ok[r.below(n as u64) as usize],
                    }
                })
                .collect(),
        );
    }
    let mut out: Vec<(Vec<u8>, Option<u8>)> = out.into_iter().map(|m| (m, None)).collect();
    if op
        .operands
        .iter()
        .any(|k| matches!(k, OpKind::CondCode { .. }))
    {
        for &cc in CC_NUMBERS.iter() {
            out.push((base.clone(), Some(cc)));
        }
    }
    out
}

/// Small aligned offsets and banks 0-3, so that memory and constant operands can succeed.
fn tame(x: &mut Inst) {
    for o in x.operands.iter_mut() {
        match o {
            Operand::Mem { off, .. } => *off &= 0xf0,
            Operand::ConstMem { bank, off, .. } => {
                *bank %= 4;
                *off &= 0xf0;
            }
            Operand::Const { bank, off, .. } => {
                *bank %= 4;
                *off &= 0xf0;
            }
            _ => {}
        }
    }
}

/// The registers an instance names (RZ excepted): those that address memory, and the
/// others.
fn named(x: &Inst) -> (BTreeSet<u8>, BTreeSet<u8>) {
    let (mut addrs, mut data) = (BTreeSet::new(), BTreeSet::new());
    for o in x.operands() {
        match *o {
            Operand::Reg { r, .. } if r != RZ => {
                data.insert(r);
            }
            Operand::Mem { ra, .. } | Operand::ConstMem { ra, .. } if ra != RZ => {
                addrs.insert(ra);
            }
            _ => {}
        }
    }
    (addrs, data)
}

/// The non-default modifier values of `mods` (a row's), as `GROUP=spelling`.
fn spelled(op: &OpSpec, mods: &[u8]) -> Vec<String> {
    op.mods
        .iter()
        .zip(mods)
        .enumerate()
        .filter(|(k, (g, v))| **v != base_value(op, *k, g))
        .map(|(_, (g, &v))| match g.spell(mods, v) {
            Some(s) if !s.text.is_empty() => format!("{}={}", g.name(), s.text),
            _ => format!("{}=#{v}", g.name()),
        })
        .collect()
}

/// One instance's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    /// The word belongs to a more specific row: not this row's instance.
    Owned,
    Runs,
    Faults(FaultKind),
    Unsupported(String),
}

/// Builds the instance `k` of `op` with modifier values `mods` (and condition-code test
/// `cc`, when given) for `target`, runs it,
/// and returns its text and outcome (or the problems found).
fn run_one(
    parts: &Parts,
    op: &'static OpSpec,
    mods: &[u8],
    cc: Option<u8>,
    k: usize,
    target: Target,
) -> Result<(Inst, String, Outcome), String> {
    let addr = inst_addr(AT);
    let mut r = Rng(seed(op.form, k));
    let mut x = sample_inst(&mut r, op, mods, addr);
    if let Some(cc) = cc {
        for o in x.operands.iter_mut() {
            if let Operand::Cc(c) = o {
                *c = cc;
            }
        }
    }
    x.target = target;
    if x.ctrl.dual_issue() {
        x.ctrl.stall = 1;
    }
    // A guard that never holds would hide the instruction's semantics.
    if k.is_multiple_of(2) || (x.guard == 7 && x.guard_neg) {
        x.guard = 7;
        x.guard_neg = false;
    }
    if k.is_multiple_of(2) {
        let mut t = x;
        tame(&mut t);
        if decode(encode(&t, addr), t.slot(), addr, target).is_ok_and(|d| d == t) {
            x = t;
        }
    }
    match decode(encode(&x, addr), x.slot(), addr, target) {
        Ok(d) if d == x => {}
        // A row with a more specific mask owns the word (Pascal's `_W` conversions take
        // the 64-bit type pairs of their `_P6` row): that row's instances cover it.
        Ok(d) if d.op.mask != x.op.mask && d.op.mask & x.op.mask == x.op.mask => {
            return Ok((x, String::new(), Outcome::Owned));
        }
        other => {
            return Err(format!(
                "the sampled instance does not decode back: {other:?}"
            ));
        }
    }
    let mut insts = parts.preds.clone();
    let (addrs, data) = named(&x);
    for reg in &addrs {
        insts.extend(parts.reg(*reg));
    }
    for reg in data.difference(&addrs) {
        insts.push(parts.lane(*reg));
    }
    if insts.len() > AT {
        return Err(format!("the prologue needs {} instructions", insts.len()));
    }
    insts.resize(AT, parts.nop);
    insts.push(x);
    insts.push(parts.exit);
    let prog = Program::from_bytes(&layout(&insts), target).map_err(|e| e.to_string())?;
    let text = prog.texts[AT].clone();
    let mut emu = Emulator::new(
        &prog,
        LaunchConfig {
            shared_bytes: 0x1_0000,
            local_bytes: 0x400,
            max_steps: 200,
            hazards: false,
            ..LaunchConfig::default()
        },
    );
    for bank in 1..4u32 {
        let words: Vec<u8> = (0..256u32)
            .flat_map(|i| (0x100 + 4 * i + (bank << 12)).to_le_bytes())
            .collect();
        emu.mem
            .constant
            .write(bank, 0, &words)
            .map_err(|e| e.to_string())?;
    }
    emu.run();
    let Some(f) = emu
        .faults
        .iter()
        .find(|f| f.kind == FaultKind::Unsupported)
        .or(emu.faults.first())
    else {
        return Ok((x, text, Outcome::Runs));
    };
    // A branch back into the prologue runs it again until the step limit: that is the
    // instance's doing; any other fault there is the prologue's.
    if f.pc < addr && f.kind != FaultKind::StepLimit {
        return Err(format!("a fault in the prologue: {f:?}"));
    }
    if f.kind != FaultKind::Unsupported {
        if std::env::var_os("INVENTORY_FAULTS").is_some() {
            eprintln!("{}: {} {}", target_name(target), f.kind.name(), f.message);
        }
        return Ok((x, text, Outcome::Faults(f.kind)));
    }
    let tail = format!(" ({text})");
    if f.pc != addr || f.warp != 0 || f.cta != 0 || !f.message.ends_with(&tail) {
        return Err(format!(
            "the unsupported fault does not carry the instance's pc {addr:#x}, warp 0 and text `{text}`: {f:?}"
        ));
    }
    let reason = f.message[..f.message.len() - tail.len()].to_string();
    Ok((x, text, Outcome::Unsupported(reason)))
}

/// Whether an `unsupported` reason names what is missing.
fn names_what_is_missing(reason: &str, op: &OpSpec) -> bool {
    let generic = [
        format!("no functional model for {}", op.form),
        format!("{}: this operation is not modelled", op.form),
    ];
    !generic.iter().any(|g| g == reason)
        && !reason.starts_with("no functional model")
        && reason != op.name
        && reason != op.form
}

/// What one row on one target gave.
#[derive(Default)]
struct RowResult {
    instances: usize,
    unsupported: usize,
    /// By reason: the first instance that gave it (number, modifier values, forced test).
    reasons: BTreeMap<String, (usize, Vec<u8>, Option<u8>)>,
}

/// Instance numbers of the extra runs that decide whether a reason of the defaults is
/// the row's (every operand sample gives it) or the operands' (even numbers: tamed, `PT`).
const PROBES: [usize; 4] = [1 << 20, (1 << 20) + 2, (1 << 20) + 4, (1 << 20) + 6];

/// Whether instance `k` of `op` with `mods` (and test `cc`) faults `unsupported` with `reason`.
fn gives(
    parts: &Parts,
    op: &'static OpSpec,
    mods: &[u8],
    cc: Option<u8>,
    k: usize,
    t: Target,
    reason: &str,
) -> bool {
    matches!(
        catch_unwind(AssertUnwindSafe(|| run_one(parts, op, mods, cc, k, t))),
        Ok(Ok((_, _, Outcome::Unsupported(r)))) if r == reason
    )
}

/// The class of `reason` on a row, from the first instance `k` (modifier values `mods`,
/// forced test `cc`) that gave it: its non-default values, each dropped (back to the
/// default, same operands) while the reason stays, leave the values that cause it
/// (`G=.V+...`); when none is left, `any` if the defaults give the reason with every
/// operand sample of [`PROBES`] (the sampler's tests), else `operands`.
fn class_of(
    parts: &Parts,
    op: &'static OpSpec,
    t: Target,
    k: usize,
    (mods, cc): (&[u8], Option<u8>),
    reason: &str,
) -> String {
    let mut m = mods.to_vec();
    for (g, group) in op.mods.iter().enumerate() {
        let base = base_value(op, g, group);
        if m[g] != base {
            let mut fewer = m.clone();
            fewer[g] = base;
            if gives(parts, op, &fewer, cc, k, t, reason) {
                m = fewer;
            }
        }
    }
    let named = spelled(op, &m);
    if !named.is_empty() {
        return named.join("+");
    }
    if PROBES
        .iter()
        .all(|&p| gives(parts, op, &m, None, p, t, reason))
    {
        "any".into()
    } else {
        "operands".into()
    }
}

#[test]
fn every_row_runs_or_is_a_listed_unsupported_case() {
    let parts = Parts::new();
    let mut problems: Vec<String> = Vec::new();
    let mut lines: BTreeSet<String> = BTreeSet::new();
    let mut faults: BTreeMap<&'static str, usize> = BTreeMap::new();
    // (row-target pairs, all run, some run, none run) and wholly unsupported by family.
    let (mut pairs, mut all, mut some, mut none) = (0usize, 0usize, 0usize, 0usize);
    let mut by_family: BTreeMap<Family, usize> = BTreeMap::new();
    let mut partly_by_family: BTreeMap<Family, usize> = BTreeMap::new();
    let mut forms = BTreeSet::new();
    let mut total = 0usize;
    // Every target, Pascal's included: the file records each one's rows.
    for target in Target::ALL {
        for op in ROWS.iter().copied().filter(|op| op.on(target)) {
            forms.insert(op.form);
            pairs += 1;
            let mut res = RowResult::default();
            for (k, (mods, cc)) in combos(op).iter().enumerate() {
                res.instances += 1;
                let got = catch_unwind(AssertUnwindSafe(|| {
                    run_one(&parts, op, mods, *cc, k, target)
                }));
                let (_, text, outcome) = match got {
                    Ok(Ok(v)) => v,
                    Ok(Err(e)) => {
                        problems.push(format!("{} {} #{k}: {e}", op.form, target_name(target)));
                        continue;
                    }
                    Err(p) => {
                        let msg = p
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        let text = catch_unwind(|| {
                            let mut r = Rng(seed(op.form, k));
                            inst_text(&sample_inst(&mut r, op, mods, inst_addr(AT)))
                        })
                        .unwrap_or_else(|_| "(the sampler panicked)".into());
                        problems.push(format!(
                            "{} {} #{k}: panic `{msg}` running {text}",
                            op.form,
                            target_name(target),
                        ));
                        continue;
                    }
                };
                match outcome {
                    Outcome::Owned => res.instances -= 1,
                    Outcome::Runs => {}
                    Outcome::Faults(kind) => *faults.entry(kind.name()).or_default() += 1,
                    Outcome::Unsupported(reason) => {
                        res.unsupported += 1;
                        if !names_what_is_missing(&reason, op) {
                            problems.push(format!(
                                "{} {}: the unsupported message does not say what is missing: `{reason}` ({text})",
                                op.form,
                                target_name(target)
                            ));
                        }
                        res.reasons.entry(reason).or_insert((k, mods.clone(), *cc));
                    }
                }
            }
            total += res.instances;
            let fam = op.op.family();
            if res.unsupported == 0 {
                all += 1;
            } else if res.unsupported < res.instances {
                some += 1;
                *partly_by_family.entry(fam).or_default() += 1;
            } else {
                none += 1;
                *by_family.entry(fam).or_default() += 1;
            }
            for (reason, (k, mods, cc)) in &res.reasons {
                let class = class_of(&parts, op, target, *k, (mods, *cc), reason);
                lines.insert(format!(
                    "{}\t{}\t{class}\t{}\t{reason}",
                    op.form,
                    target_name(target),
                    fam.name()
                ));
            }
        }
    }
    println!(
        "inventory: {pairs} row-target pairs ({} rows), {total} instances; {all} run every instance, {some} run some, {none} run none",
        forms.len()
    );
    for fam in [Family::TextureSurface, Family::Graphics, Family::Other] {
        println!(
            "  {:16} wholly unsupported {:4}, partly {:4}",
            fam.name(),
            by_family.get(&fam).copied().unwrap_or(0),
            partly_by_family.get(&fam).copied().unwrap_or(0)
        );
    }
    println!("  other faults (instances that ran): {faults:?}");
    println!("  {} lines in {DATA}", lines.len());

    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/maxwell-unsupported.tsv"
    );
    let header = "# Maxwell table rows whose instances fault `unsupported`, per target, with the reason the\n\
                  # executor gives: crates/gpumem-warp/tests/inventory.rs (its doc comment says how instances\n\
                  # are built) fails on an unlisted line and on a listed line no instance gives any more\n\
                  # (stale). `BLESS=1 cargo test -p gpumem-warp --test it inventory::` rewrites this file.\n\
                  # class: `any` = the row's default instance (the whole row); `G=.V+...` = the modifier\n\
                  # values every such instance holds; `operands` = an operand value decides.\n\
                  form\ttarget\tclass\tfamily\treason\n";
    if std::env::var_os("BLESS").is_some() {
        let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(path, format!("{header}{body}")).expect("write the inventory");
    }
    let listed: BTreeSet<String> = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{DATA}: {e} (BLESS=1 writes it)"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("form\t") && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    for l in lines.difference(&listed) {
        problems.push(format!("{DATA}: unlisted `{l}`"));
    }
    for l in listed.difference(&lines) {
        problems.push(format!(
            "{DATA}: stale `{l}`: no instance gives it any more (remove the line)"
        ));
    }
    assert!(
        forms.len() > 400,
        "only {} rows read from the table",
        forms.len()
    );
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
