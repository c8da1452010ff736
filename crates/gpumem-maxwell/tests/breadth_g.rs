//! The breadth-G sweeps (`tests/data/maxwell-breadth-G.tsv`, made by
//! `scripts/research/sweep_breadthG.py` from nvdisasm 11.8): ALD, AST, IPA, AL2P, OUT,
//! PIXLD and ISBERD, every field and every bit 0-50 (IPA: 0-55) of each form, under barrier
//! and reuse variants of the control slot. Every word nvdisasm prints without a placeholder prints the same
//! here and assembles back to the same word and slot; every word it rejects or prints with
//! a placeholder (IPA's `.INVALID` sample, `INVALIDOUTSTYPE0`, PIXLD's `INVALID0`, ISBERD's
//! `???3`) is a typed error here.

use crate::sweep;

use gpumem_maxwell::lint::effects::{Class, PRED_BASE, class, effects};
use gpumem_maxwell::table::Op;
use gpumem_maxwell::{Target, parse_program};

#[test]
fn breadth_g_sweeps_match_nvdisasm() {
    let (printed, rejected) = sweep::replay("maxwell-breadth-G.tsv", sweep::Back::Word);
    assert!(printed >= 1200, "{printed}");
    assert!(rejected >= 70, "{rejected}");
}

/// The lint's view of the new rows: what each reads and writes, and that each is variable
/// latency (its results wait on a scoreboard barrier).
#[test]
fn breadth_g_effects() {
    let one = |src: &str| {
        let p = parse_program(src, Target::Sm50).expect("parses");
        p.insts[0]
    };
    let i = one("ALD.O.P.64 R4, a[R5+-0x1cc], R9 ;");
    assert_eq!(i.op.op, Op::Ald);
    assert_eq!(class(&i), Class::Variable);
    let e = effects(&i);
    assert!(e.writes_loc(4) && e.writes_loc(5) && !e.writes_loc(6));
    assert!(e.reads_loc(5) && e.reads_loc(9));
    let e = effects(&one("ALD.128 R8, a[0x40], R2 ;"));
    assert!((8..12).all(|r| e.writes_loc(r)) && e.reads_loc(2) && !e.writes_loc(12));
    let i = one("AST.PHYS.96 a[R1], R12, R3 ;");
    assert_eq!((i.op.op, class(&i)), (Op::Ast, Class::Variable));
    let e = effects(&i);
    assert!(e.writes.is_empty());
    assert!(e.reads_loc(1) && e.reads_loc(3) && (12..15).all(|r| e.reads_loc(r)));
    let i = one("IPA.IDX.CONSTANT.CENTROID.SAT R3, a[R5], R6, R7, !P2 ;");
    assert_eq!((i.op.op, class(&i)), (Op::Ipa, Class::Variable));
    let e = effects(&i);
    assert_eq!(e.writes, vec![3]);
    assert!(e.reads_loc(5) && e.reads_loc(6) && e.reads_loc(7) && e.reads_loc(PRED_BASE + 2));
    let e = effects(&one("IPA.PASS R3, a[0x12], R6, R7, P0 ;"));
    assert!(e.writes_loc(3) && e.reads_loc(6) && e.reads_loc(7));
    let i = one("AL2P.O.64 P1, R3, R5, -0x10 ;");
    assert_eq!((i.op.op, class(&i)), (Op::Al2p, Class::Variable));
    let e = effects(&i);
    assert!(e.writes_loc(3) && e.writes_loc(PRED_BASE + 1) && !e.writes_loc(4));
    assert!(e.reads_loc(5));
    let e = effects(&one("AL2P R3, 0x10 ;"));
    assert_eq!(e.writes, vec![3]);
    for src in [
        "OUT.EMIT R3, R5, R6 ;",
        "OUT.CUT R3, R5, c[0x1][0x10] ;",
        "OUT.EMIT_THEN_CUT R3, R5, -0x10 ;",
    ] {
        let i = one(src);
        assert_eq!((i.op.op, class(&i)), (Op::Out, Class::Variable), "{src}");
        let e = effects(&i);
        assert!(e.writes_loc(3) && e.reads_loc(5), "{src}");
    }
    assert!(effects(&one("OUT.EMIT R3, R5, R6 ;")).reads_loc(6));
    let i = one("PIXLD.MY_INDEX R3, P4, [R5+-0x4] ;");
    assert_eq!((i.op.op, class(&i)), (Op::Pixld, Class::Variable));
    let e = effects(&i);
    assert!(e.writes_loc(3) && e.writes_loc(PRED_BASE + 4) && e.reads_loc(5));
    let i = one("ISBERD.O.PRIM.SKEW.32 R3, [R5] ;");
    assert_eq!((i.op.op, class(&i)), (Op::Isberd, Class::Variable));
    let e = effects(&i);
    assert!(e.writes_loc(3) && e.reads_loc(5));
}

/// What the parser refuses (it accepts `ALD R3, a[R5], R0`, leaving out the row's one
/// spelling `.PHYS`, and IPA without `.IDX`, as it accepts `LOP3` without `.LUT`): a register where the row's address is absolute, `RZ` or an
/// offset where the form has none, an offset out of range.
#[test]
fn breadth_g_parse_errors() {
    for bad in [
        "ALD.PHYS R3, a[R5+0x4], R0 ;",
        "ALD.PHYS R3, a[RZ], R0 ;",
        "ALD.P R3, a[R5+0x400], R0 ;",
        "ALD R3, a[0x400], R0 ;",
        "IPA.PASS.INVALID R3, a[0x1], R6, R7, P0 ;",
        "AST.O a[R5], R3, R0 ;",
        "AL2P P0, R3, RZ, 0x10 ;",
        "AL2P P0, R3, R5, 0x400 ;",
        "AL2P P0, R3, 0x400 ;",
        "OUT R3, R5, R6 ;",
        "OUT.EMIT R3, R5, 0x80000 ;",
        "PIXLD.INVALID0 R3, [R5] ;",
        "PIXLD R3, [R5+0x80] ;",
        "ISBERD.???3 R3, [R5] ;",
        "ISBERD R3, [R5+0x4] ;",
    ] {
        assert!(parse_program(bad, Target::Sm50).is_err(), "{bad}");
    }
}
