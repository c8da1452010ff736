//! The breadth-H sweeps (`tests/data/maxwell-breadth-H.tsv`, made by
//! `scripts/research/sweep_breadthH.py` from nvdisasm 11.8): CCTL.QRY1, SULD's bits 30-32 on
//! SM50, SM52's ATOM with a predicate output, SUATOM's register-index, `.P` and
//! predicate-output forms; every bit of each one at a time, every value of their operation
//! and type fields, under barrier and reuse variants of the control slot. Every word
//! nvdisasm prints without a placeholder prints the same here and assembles back to the same
//! word (bits the row ignores written as 0); every word it rejects or prints with a
//! placeholder (`INVALIDATOMOP9`, `???1`, ...) is a typed error here.

use crate::sweep;

use gpumem_maxwell::codec::decode;
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::lint::effects::{PRED_BASE, effects};
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, encode, inst_addr, parse_program};

#[test]
fn breadth_h_sweeps_match_nvdisasm() {
    let (printed, rejected) = sweep::replay("maxwell-breadth-H.tsv", sweep::Back::Word);
    assert!(printed >= 1500, "{printed}");
    assert!(rejected >= 300, "{rejected}");
}

/// The assembler takes CCTL.QRY1 with or without a space before the address; the printer
/// writes nvdisasm's spelling, without.
#[test]
fn cctl_qry1_spellings() {
    for src in ["CCTL.E.C.QRY1[R5+0x14] ;", "CCTL.E.C.QRY1 [R5+0x14] ;"] {
        let p = parse_program(src, Target::Sm50).expect("parses");
        assert_eq!(encode(&p.insts[0], inst_addr(0)), 0xef70_0000_0147_0520);
        assert_eq!(inst_text(&p.insts[0]), "CCTL.E.C.QRY1[R5+0x14] ;");
    }
}

/// The lint's view of the predicate outputs: ATOM's and SUATOM's write their predicate.
#[test]
fn breadth_h_effects() {
    for src in [
        "ATOM.ADD P3, R3, [R7], R4 ;",
        "ATOM.CAS.64 P3, R3, [R7], R4, R6 ;",
        "SUATOM.D.1D.ADD.IGN P3, R3, [R7], R4, R9 ;",
        "SUATOM.D.1D.CAS.IGN P3, R3, [R7], R4, R9 ;",
    ] {
        let p = parse_program(src, Target::Sm52).expect("parses");
        let e = effects(&p.insts[0]);
        assert!(
            e.writes_loc(PRED_BASE + 3) && e.writes_loc(3),
            "{src}: writes {:?}",
            e.writes
        );
        assert!(e.reads_loc(7) && e.reads_loc(4), "{src}");
    }
}

/// SM52's ATOM with a predicate output: `[RZ]` is rejected in source as nvdisasm rejects the
/// word (`0xee6000000057ff03`), with the line and column; SM50 has no such form.
#[test]
fn atom_pd_address_and_target() {
    let e = parse_program("ATOM.ADD P3, R3, [RZ], R4 ;", Target::Sm52).expect_err("[RZ]");
    let msg = format!("{}", e.0[0]);
    assert!(msg.contains("not RZ"), "{msg}");
    assert!(parse_program("ATOM.ADD P3, R3, [R7], R4 ;", Target::Sm50).is_err());
    assert!(
        decode(
            0xee60_0000_0057_ff03,
            DEFAULT_SLOT,
            inst_addr(0),
            Target::Sm52
        )
        .is_err()
    );
    let ok = parse_program("ATOM.ADD P3, R3, [R7], R4 ;", Target::Sm52).expect("parses");
    assert_eq!(encode(&ok.insts[0], inst_addr(0)), 0xee60_0800_0047_0703);
}
