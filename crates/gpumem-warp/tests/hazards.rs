//! The run-time scoreboard (`src/scoreboard.rs`, SEMANTICS.md "Scoreboard hazards"):
//! hand-written SASS with control annotations, one scenario per rule (a missing wait is
//! reported, a correct one is not; DEPBAR counts; in-order queues; guards and lanes; a
//! branch where only one path waits, run both ways), and ptxas code: a real kernel is
//! clean, and clearing one wait bit of it is reported. Every hazard found at run time is
//! also a finding of the static checker on the same code (the run follows one path).

use gpumem_maxwell::lint::{self, Rule};
use gpumem_maxwell::{Target, cubin};
use gpumem_warp::program::inst_addr;
use gpumem_warp::{Emulator, Hazard, LaunchConfig, Program};
use std::collections::BTreeSet;

/// One hazard as (rule, pc, producer pc, register).
type Seen = (&'static str, u64, u64, String);

fn seen(h: &[Hazard]) -> Vec<Seen> {
    h.iter()
        .map(|h| (h.rule.name(), h.pc, h.other_pc, h.register.clone()))
        .collect()
}

/// The static checker's hazard findings on `prog`: (rule, pc, producer pc).
fn lint_pairs(prog: &Program) -> BTreeSet<(&'static str, u64, u64)> {
    let items: Vec<lint::Item> = prog
        .insts
        .iter()
        .enumerate()
        .map(|(i, x)| lint::Item {
            addr: inst_addr(i),
            ctrl: x.as_ref().map(|x| x.ctrl).unwrap_or_default(),
            inst: x.clone(),
        })
        .collect();
    lint::check(&items, 0)
        .into_iter()
        .filter(|f| {
            matches!(
                f.rule,
                Rule::RawBarrier | Rule::RawNoBarrier | Rule::WawBarrier | Rule::WarBarrier
            )
        })
        .filter_map(|f| Some((f.rule.name(), inst_addr(f.at), inst_addr(f.other?))))
        .collect()
}

/// Runs `prog` on one warp with `param` at c[0x0][0x140]; no fault; every run-time
/// hazard is a static finding too.
fn run_prog(prog: &Program, param: u32, hazards: bool) -> Vec<Hazard> {
    let cfg = LaunchConfig {
        registers: 32,
        shared_bytes: 256,
        hazards,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(prog, cfg);
    emu.set_params(&param.to_le_bytes()).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    let h = emu.hazards().to_vec();
    let stat = lint_pairs(prog);
    for x in &h {
        assert!(
            stat.contains(&(x.rule.name(), x.pc, x.other_pc)),
            "run-time hazard the static checker does not find: {x:?}\nstatic: {stat:?}"
        );
    }
    h
}

fn run(src: &str, param: u32) -> Vec<Seen> {
    let prog = Program::from_sass(src, Target::Sm50).unwrap_or_else(|e| panic!("{e}\n{src}"));
    seen(&run_prog(&prog, param, true))
}

fn one(rule: Rule, pc: u64, other: u64, reg: &str) -> Vec<Seen> {
    vec![(rule.name(), pc, other, reg.to_string())]
}

#[test]
fn raw_missing_wait_is_reported_with_both_instructions() {
    let src = "S2R R0, SR_TID.X &wr=0 ?stall=1 ;\nIADD R1, R0, R0 ?stall=6 ;\nEXIT ?stall=5 ;";
    let prog = Program::from_sass(src, Target::Sm50).unwrap();
    let h = run_prog(&prog, 0, true);
    assert_eq!(seen(&h), one(Rule::RawBarrier, 0x10, 0x08, "R0"));
    let h = &h[0];
    assert_eq!((h.cta, h.warp), (0, 0));
    assert!(
        h.instructions[0].starts_with("0x0010: IADD R1, R0, R0"),
        "{h:?}"
    );
    assert!(
        h.instructions[1].starts_with("0x0008: S2R R0, SR_TID.X"),
        "{h:?}"
    );
    assert!(h.message.contains("SB0"), "{h:?}");
    // The switch turns the checker off.
    assert!(run_prog(&prog, 0, false).is_empty());
}

#[test]
fn raw_correct_wait_is_not_reported() {
    let src =
        "S2R R0, SR_TID.X &wr=0 ?stall=1 ;\nIADD R1, R0, R0 &req={0} ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
    // A wait on the barrier by any instruction in between is enough.
    let src = "S2R R0, SR_TID.X &wr=0 ?stall=1 ;\nNOP &req={0} ;\nIADD R1, R0, R0 ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
    // A wait on another barrier is not.
    let src = "S2R R0, SR_TID.X &wr=0 ?stall=1 ;\nNOP &req={1} ;\nIADD R1, R0, R0 ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::RawBarrier, 0x18, 0x08, "R0"));
}

#[test]
fn raw_no_barrier() {
    let src =
        "S2R R0, SR_TID.X ?stall=1 ;\nNOP ?stall=15 ;\nIADD R1, R0, R0 ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::RawNoBarrier, 0x18, 0x08, "R0"));
    // A wait on a later instruction of the same completion queue covers it (in order).
    let src = "LDS R4, [RZ] ?stall=1 ;\nLDS R5, [RZ+0x4] &wr=0 ?stall=1 ;\nIADD R6, R4, R5 &req={0} ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
    // Not one of another queue (S2R is not the shared-memory pipeline).
    let src = "S2R R4, SR_TID.X ?stall=1 ;\nLDS R5, [RZ+0x4] &wr=0 ?stall=1 ;\nIADD R6, R4, R5 &req={0} ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::RawNoBarrier, 0x18, 0x08, "R4"));
}

#[test]
fn war_read_barrier() {
    // STS still reads R3 (its data) until its read barrier clears.
    let src = "STS [RZ], R3 &rd=1 ?stall=1 ;\nMOV R3, RZ ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::WarBarrier, 0x10, 0x08, "R3"));
    let src = "STS [RZ], R3 &rd=1 ?stall=1 ;\nMOV R3, RZ &req={1} ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
    // Overwriting a register the store does not read is fine.
    let src = "STS [RZ], R3 &rd=1 ?stall=1 ;\nMOV R4, RZ ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
}

#[test]
fn waw_pending_write() {
    let src = "LDS R4, [RZ] &wr=0 ?stall=1 ;\nMOV R4, RZ ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::WawBarrier, 0x10, 0x08, "R4"));
    let src = "LDS R4, [RZ] &wr=0 ?stall=1 ;\nMOV R4, RZ &req={0} ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
}

#[test]
fn depbar_counts_settings() {
    // Two settings of SB0 from different queues: DEPBAR.LE SB0, 0x1 completes the older.
    let pre = "S2R R4, SR_TID.X &wr=0 ?stall=1 ;\nLDS R5, [RZ] &wr=0 ?stall=1 ;\nDEPBAR.LE SB0, 0x1 ?stall=1 ;\n";
    let end = "EXIT ?stall=5 ;";
    assert_eq!(
        run(&format!("{pre}IADD R6, R4, RZ ?stall=6 ;\n{end}"), 0),
        vec![]
    );
    assert_eq!(
        run(&format!("{pre}IADD R6, R5, RZ ?stall=6 ;\n{end}"), 0),
        one(Rule::RawBarrier, 0x28, 0x10, "R5")
    );
    let pre0 = pre.replace("0x1", "0x0");
    assert_eq!(
        run(&format!("{pre0}IADD R6, R5, R4 ?stall=6 ;\n{end}"), 0),
        vec![]
    );
    // DEPBAR with a barrier set: every barrier of the set is complete.
    let src = "S2R R4, SR_TID.X &wr=2 ?stall=1 ;\nDEPBAR.LE SB5, 0x3, {2} ?stall=1 ;\nIADD R6, R4, RZ ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
}

#[test]
fn guards_and_lanes() {
    // P0 = lane < 16: a load in the low lanes, read only in the high lanes: no hazard.
    let pro = "S2R R0, SR_TID.X &wr=0 ?stall=1 ;\nISETP.LT.AND P0, PT, R0, 0x10, PT &req={0} ?stall=13 ;\n";
    let src = format!(
        "{pro}@P0 LDS R4, [RZ] &wr=1 ?stall=1 ;\n@!P0 IADD R5, R4, RZ ?stall=6 ;\nEXIT ?stall=5 ;"
    );
    assert_eq!(run(&src, 0), vec![]);
    let src = format!(
        "{pro}@P0 LDS R4, [RZ] &wr=1 ?stall=1 ;\nIADD R5, R4, RZ ?stall=6 ;\nEXIT ?stall=5 ;"
    );
    assert_eq!(run(&src, 0), one(Rule::RawBarrier, 0x28, 0x18, "R4"));
    // A guard is read by every active lane: a pending predicate result under a guard.
    let src = "DSETP.GT.AND P1, PT, R2, R4, PT &wr=2 ?stall=1 ;\n@P1 MOV R6, RZ ?stall=6 ;\nEXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::RawBarrier, 0x10, 0x08, "P1"));
}

#[test]
fn only_one_branch_waits() {
    // c[0x0][0x140] != 0 takes the branch past the wait.
    let src = "LDS R4, [RZ] &wr=1 ?stall=1 ;
ISETP.NE.AND P0, PT, RZ, c[0x0][0x140], PT ?stall=13 ;
@P0 BRA SKIP ?stall=5 ;
NOP &req={1} ?stall=1 ;
SKIP:
IADD R5, R4, RZ ?stall=6 ;
EXIT ?stall=5 ;";
    assert_eq!(run(src, 0), vec![]);
    assert_eq!(run(src, 1), one(Rule::RawBarrier, 0x30, 0x08, "R4"));
}

#[test]
fn a_loop_reports_once_per_pair() {
    // The read misses the wait on every iteration: one hazard.
    let src = "MOV R7, RZ ?stall=6 ;
LOOP:
LDS R4, [RZ] &wr=0 ?stall=1 ;
IADD R5, R4, RZ ?stall=6 ;
NOP &req={0} ?stall=1 ;
IADD32I R7, R7, 0x1 ?stall=6 ;
ISETP.LT.AND P0, PT, R7, 0x4, PT ?stall=13 ;
@P0 BRA LOOP ?stall=5 ;
EXIT ?stall=5 ;";
    assert_eq!(run(src, 0), one(Rule::RawBarrier, 0x18, 0x10, "R4"));
}

fn reduce_launch(prog: &Program, registers: u32) -> Vec<Hazard> {
    let n = 1024u32;
    let cfg = LaunchConfig {
        grid: [n / 256, 1, 1],
        block: [256, 1, 1],
        registers,
        shared_bytes: 1024,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(prog, cfg);
    let params = [
        0x1000_0000u64.to_le_bytes().as_slice(),
        &0x2000_0000u64.to_le_bytes(),
        &n.to_le_bytes(),
    ]
    .concat();
    emu.set_params(&params).unwrap();
    let input: Vec<u8> = (0..4 * n).map(|i| i as u8).collect();
    emu.mem.global.write(0x2000_0000, &input).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{:?}", emu.faults);
    emu.hazards().to_vec()
}

/// ptxas' reduce_shared is clean; clearing each of its wait bits, one at a time, is
/// reported exactly when the static checker finds the mutant real, and only with
/// findings the static checker also makes.
#[test]
fn ptxas_kernel_clean_and_its_mutants_reported() {
    for sm in ["sm_50", "sm_52"] {
        let path = format!(
            "{}/../../tests/cubins/reduce_shared.{sm}.cubin",
            env!("CARGO_MANIFEST_DIR")
        );
        let bytes = std::fs::read(&path).unwrap();
        let k = cubin::kernel(&bytes, Some("reduce_shared")).unwrap();
        let t = if sm == "sm_50" {
            Target::Sm50
        } else {
            Target::Sm52
        };
        let prog = Program::from_bytes(&k.code, t).unwrap();
        assert_eq!(reduce_launch(&prog, k.registers), vec![], "{sm}");
        let (mut mutants, mut reported) = (0, 0);
        for i in 0..prog.insts.len() {
            let Ok(inst) = &prog.insts[i] else { continue };
            for b in 0..6 {
                if inst.ctrl.wait & (1 << b) == 0 {
                    continue;
                }
                let mut m = prog.clone();
                if let Ok(x) = &mut m.insts[i] {
                    x.ctrl.wait &= !(1 << b);
                }
                mutants += 1;
                let h = reduce_launch(&m, k.registers);
                let stat = lint_pairs(&m);
                for x in &h {
                    assert!(
                        stat.contains(&(x.rule.name(), x.pc, x.other_pc)),
                        "{sm} mutant {i}/SB{b}: {x:?} not a static finding"
                    );
                    assert!(x.pc >= inst_addr(i), "{sm} mutant {i}/SB{b}: {x:?}");
                }
                // On this launch every path the static checker flags is run: the two
                // agree on which mutants are real.
                assert_eq!(
                    h.is_empty(),
                    stat.is_empty(),
                    "{sm} mutant {i}/SB{b}: run {h:?} static {stat:?}"
                );
                if !h.is_empty() {
                    reported += 1;
                } else {
                    eprintln!(
                        "{sm}: clearing SB{b} of {:#06x} `{}` meets no hazard on this run (static: {})",
                        inst_addr(i),
                        prog.texts[i],
                        stat.len()
                    );
                }
            }
        }
        eprintln!("{sm}: {reported} of {mutants} clear-wait mutants reported at run time");
        assert!(mutants > 3 && reported > 0, "{sm}: {reported}/{mutants}");
    }
}

/// LONGJMP and an EXIT that goes to a PEXIT point are jumps, not returns: the barriers
/// pending before them stay pending at the target, as in the static checker (whose graph
/// pops the stack there and drains only at RET and JCAL, `LINTS.md` "Calls"). Both
/// checkers report the read at the target that does not wait, and neither reports it
/// when it waits.
#[test]
fn longjmp_and_an_exit_to_a_pexit_point_do_not_drain() {
    for (push, jump) in [("PLONGJMP L_t", "LONGJMP"), ("PEXIT L_t", "EXIT")] {
        for (wait, expect) in [("", true), (" &req={1}", false)] {
            let src = format!(
                "LDS R4, [RZ] &wr=1 ?stall=1 ;
{push} ?stall=5 ;
{jump} ?stall=5 ;
NOP ?stall=1 ;
L_t:
IADD R5, R4, RZ{wait} ?stall=6 ;
EXIT ?stall=5 ;"
            );
            let prog = Program::from_sass(&src, Target::Sm50).unwrap();
            let want = if expect {
                one(Rule::RawBarrier, 0x30, 0x08, "R4")
            } else {
                vec![]
            };
            assert_eq!(seen(&run_prog(&prog, 0, true)), want, "{src}");
            let stat = lint_pairs(&prog);
            assert_eq!(
                stat.contains(&(Rule::RawBarrier.name(), 0x30, 0x08)),
                expect,
                "{src}\nstatic: {stat:?}"
            );
        }
    }
    // RET drains (ptxas' calling convention), in both checkers.
    let src = "CAL L_f ?stall=5 ;
IADD R5, R4, RZ ?stall=6 ;
EXIT ?stall=5 ;
L_f:
LDS R4, [RZ] &wr=1 ?stall=1 ;
RET ?stall=5 ;";
    let prog = Program::from_sass(src, Target::Sm50).unwrap();
    assert_eq!(seen(&run_prog(&prog, 0, true)), vec![]);
    assert!(lint_pairs(&prog).is_empty());
}
