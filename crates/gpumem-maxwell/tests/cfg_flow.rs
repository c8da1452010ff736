//! The scoreboard checker's control-flow graph (`lint::cfg`) follows the executor's
//! target and stack rules (crates/gpumem-warp/SEMANTICS.md, "The reconvergence stack"):
//! JMP goes to its absolute byte address (code base 0), PLONGJMP/LONGJMP and PEXIT/EXIT
//! are push/pop pairs of the stack, and a constant-bank target is opaque (launch data).

use gpumem_maxwell::inst::Inst;
use gpumem_maxwell::lint::cfg;
use gpumem_maxwell::{Target, assemble, disassemble};

/// The successor lists of `src` (instruction indices).
fn succ(src: &str) -> Vec<Vec<u32>> {
    let bin = assemble(src, Target::Sm50).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    let d = disassemble(&bin, 0, Target::Sm50).unwrap();
    let insts: Vec<Option<Inst>> = d.lines.into_iter().map(|l| l.inst.ok()).collect();
    cfg::build(&insts, 0).succ
}

#[test]
fn jmp_goes_to_its_absolute_address() {
    // 0 MOV, 1 JMP 0x28 (instruction 3), 2 MOV (skipped), 3 EXIT.
    let s = succ("MOV R1, RZ ;\nJMP 0x28 ;\nMOV R1, RZ ;\nEXIT ;");
    assert_eq!(s[1], vec![3]);
    // Guarded: it may fall through too.
    let s = succ("MOV R1, RZ ;\n@P0 JMP 0x28 ;\nMOV R1, RZ ;\nEXIT ;");
    assert_eq!(s[1], vec![2, 3]);
}

#[test]
fn longjmp_returns_to_the_plongjmp_target_and_exit_to_the_pexit_point() {
    // 0 PLONGJMP L_t (4), 1 @P0 LONGJMP, 2 MOV, 3 EXIT, 4 MOV, 5 EXIT.
    let s = succ("PLONGJMP L_t ;\n@P0 LONGJMP ;\nMOV R1, RZ ;\nEXIT ;\nL_t:\nMOV R2, RZ ;\nEXIT ;");
    assert_eq!(s[1], vec![2, 4]);
    assert!(s[3].is_empty(), "EXIT with no PEXIT entry ends: {:?}", s[3]);
    // 0 PEXIT L_x (3), 1 MOV, 2 EXIT -> 3, 3 MOV, 4 EXIT (ends: the entry was popped).
    let s = succ("PEXIT L_x ;\nMOV R1, RZ ;\nEXIT ;\nL_x:\nMOV R2, RZ ;\nEXIT ;");
    assert_eq!(s[0], vec![1]);
    assert_eq!(s[2], vec![3]);
    assert!(s[4].is_empty(), "{:?}", s[4]);
}

#[test]
fn a_constant_bank_target_is_opaque() {
    // BRA c[0x3][0x0]: no successor known (the word is launch data); the code after it
    // is analysed as an entry of its own.
    let s = succ("MOV R1, RZ ;\nBRA c[0x3][0x0] ;\nMOV R1, RZ ;\nEXIT ;");
    assert!(s[1].is_empty(), "{:?}", s[1]);
    assert_eq!(s[2], vec![3]);
}

#[test]
fn jcal_to_an_address_is_a_call_and_jcal_0_is_opaque() {
    // 0 MOV, 1 JCAL 0x28 (instruction 3), 2 EXIT, 3 MOV, 4 RET -> 2.
    let s = succ("MOV R1, RZ ;\nJCAL 0x28 ;\nEXIT ;\nMOV R2, RZ ;\nRET ;");
    assert_eq!(s[1], vec![3]);
    assert_eq!(s[4], vec![2]);
    // JCAL 0x0: an unrelocated external call, back to the next instruction.
    let s = succ("MOV R1, RZ ;\nJCAL 0x0 ;\nEXIT ;");
    assert_eq!(s[1], vec![2]);
}

#[test]
fn calls_and_returns_are_kept_apart_from_local_edges() {
    // 0 CAL f (3), 1 CAL f (3), 2 EXIT, 3 MOV, 4 RET.
    let bin = assemble(
        "CAL L_f ;\nCAL L_f ;\nEXIT ;\nL_f:\nMOV R1, RZ ;\nRET ;",
        Target::Sm50,
    )
    .unwrap();
    let d = disassemble(&bin, 0, Target::Sm50).unwrap();
    let insts: Vec<Option<Inst>> = d.lines.into_iter().map(|l| l.inst.ok()).collect();
    let g = cfg::build(&insts, 0);
    // The context-insensitive graph: RET goes after both calls.
    assert_eq!(g.succ[4], vec![1, 2]);
    // Inside the function: no call or return edge; the calls name their callee.
    assert!(g.local[0].is_empty() && g.local[1].is_empty() && g.local[4].is_empty());
    assert_eq!(g.local[3], vec![4]);
    assert_eq!(g.call[0], Some(3));
    assert_eq!(g.call[1], Some(3));
    assert_eq!(g.call[3], None);
}
