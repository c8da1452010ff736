//! The breadth-F sweeps (`tests/data/maxwell-breadth-F.tsv`, made by
//! `scripts/research/sweep_breadthF.py` from nvdisasm 11.8): LEPC, R2B, FSWZADD, VOTE.VTG,
//! CSET, CSETP and DEPBAR's control slot, every field and every bit 0-50 of each, under
//! barrier and reuse variants of the control slot. Every word nvdisasm prints without a
//! placeholder prints the same here and assembles back to the same word and slot; every
//! word it rejects or prints with a placeholder (`INVALIDBOP3`, `R2B.INVALID`) is a typed
//! error here.

use gpumem_maxwell::codec::{check_ctrl, decode};
use gpumem_maxwell::inst::{DEFAULT_SLOT, ctrl_word};
use gpumem_maxwell::lint::effects::{CC, PRED_BASE, effects};
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::table::Op;
use gpumem_maxwell::{Target, encode, inst_addr, parse_program};

const SWEEP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/maxwell-breadth-F.tsv"
);

#[test]
fn breadth_f_sweeps_match_nvdisasm() {
    let text = std::fs::read_to_string(SWEEP).expect("sweep file");
    let (mut printed, mut rejected) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        let [hex, want, arch, slot] = f[..] else {
            panic!("bad line {line}");
        };
        let word = u64::from_str_radix(hex.trim_start_matches("0x"), 16).expect("hex");
        let slot = u32::from_str_radix(slot.trim_start_matches("slot=0x"), 16).expect("slot");
        let targets: Vec<Target> = match arch {
            "SM50" => vec![Target::Sm50],
            "SM52" => vec![Target::Sm52],
            "SM50+SM52" => Target::ALL.to_vec(),
            _ => panic!("bad target in {line}"),
        };
        for target in targets {
            // The word alone at 0x8, its slot checked as `disassemble` checks it.
            let ctrl = ctrl_word([slot, DEFAULT_SLOT, DEFAULT_SLOT]);
            let got = decode(word, slot, inst_addr(0), target)
                .and_then(|i| check_ctrl(&i, ctrl, 0, inst_addr(0)).map(|()| i));
            match got {
                Ok(inst) => {
                    assert_eq!(inst_text(&inst), want, "{target:?} {line}");
                    let p = parse_program(want, target).expect("the text parses");
                    let back = &p.insts[0];
                    assert_eq!(
                        encode(back, inst_addr(0)),
                        encode(&inst, inst_addr(0)),
                        "{line}"
                    );
                    printed += 1;
                }
                // A typed error (`DecodeError`) where nvdisasm rejects or prints a placeholder.
                Err(e) => {
                    assert!(
                        want == "REJECTED" || want.contains("INVALID") || want.contains("???"),
                        "{target:?} {line}: rejected here: {e}"
                    );
                    rejected += 1;
                }
            }
        }
    }
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
