//! The breadth-F sweeps (`tests/data/maxwell-breadth-F.tsv`, made by
//! `scripts/research/sweep_breadthF.py` from nvdisasm 11.8): LEPC, R2B, FSWZADD, VOTE.VTG,
//! CSET, CSETP and DEPBAR's control slot, every field and every bit 0-50 of each, under
//! barrier and reuse variants of the control slot. Every word nvdisasm prints without a
//! placeholder prints the same here and assembles back to the same word and slot; every
//! word it rejects or prints with a placeholder (`INVALIDBOP3`, `R2B.INVALID`) is a typed
//! error here.

use crate::sweep;

use gpumem_maxwell::lint::effects::{CC, PRED_BASE, effects};
use gpumem_maxwell::table::Op;
use gpumem_maxwell::{Target, parse_program};

#[test]
fn breadth_f_sweeps_match_nvdisasm() {
    // Not the swept word itself: VADD's negated zero immediate prints `0x0` and so loses
    // its negation bit (docs/research/maxwell-breadth-F.md); the encodings must agree.
    let (printed, rejected) = sweep::replay("maxwell-breadth-F.tsv", sweep::Back::Encoding);
    assert!(printed >= 1200, "{printed}");
    assert!(rejected >= 40, "{rejected}");
}

/// The lint's view of the new rows: what each reads and writes.
#[test]
fn breadth_f_effects() {
    let one = |src: &str| {
        let p = parse_program(src, Target::Sm50).expect("parses");
        p.insts[0]
    };
    let i = one("CSET.BF.LT.OR R3.CC, CC, !P2 ;");
    assert_eq!(i.op.op, Op::Cset);
    let e = effects(&i);
    assert!(e.reads_loc(CC) && e.reads_loc(PRED_BASE + 2));
    assert!(e.writes_loc(3) && e.writes_loc(CC));
    let e = effects(&one("CSETP.EQ.AND P1, P4, CC, P0 ;"));
    assert!(e.reads_loc(CC) && e.writes_loc(PRED_BASE + 1) && e.writes_loc(PRED_BASE + 4));
    let e = effects(&one("LEPC R7 ;"));
    assert_eq!(e.writes, vec![7]);
    let e = effects(&one("FSWZADD.FTZ R1, R2, R3, PPNPZPPN ;"));
    assert!(e.writes_loc(1) && e.reads_loc(2) && e.reads_loc(3));
    let e = effects(&one("R2B.WARP 0x3, R9 ;"));
    assert!(e.reads_loc(9) && e.writes.is_empty());
}
