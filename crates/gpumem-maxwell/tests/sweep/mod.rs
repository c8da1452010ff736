//! Shared by the breadth tests (`breadth_f.rs`, `breadth_g.rs`, `breadth_h.rs`): replays a
//! sweep file of words nvdisasm 11.8 printed (`tests/data/maxwell-breadth-*.tsv`, one
//! `word | text | targets | slot=0x..` a line, made by `scripts/research/sweep_breadth*.py`).
//! Every word nvdisasm prints without a placeholder must print the same here and assemble
//! back; every word it rejects or prints with a placeholder must be a typed error here.

use gpumem_maxwell::codec::{check_ctrl, decode, find_row_on};
use gpumem_maxwell::inst::{DEFAULT_SLOT, ctrl_word};
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, encode, inst_addr, parse_program};

/// Replays `tests/data/<file>` and returns (printed, rejected) counts. `same_word`: the
/// re-assembled text must give the swept word itself (bits the row ignores written as 0);
/// otherwise it must give the same encoding as the decoded instruction.
pub fn replay(file: &str, same_word: bool) -> (usize, usize) {
    let path = format!("{}/../../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
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
            "SM50+SM52" => Target::MAXWELL.to_vec(),
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
                    let back = encode(&p.insts[0], inst_addr(0));
                    if same_word {
                        let ignored = find_row_on(word, target).map_or(0, |r| r.ignored);
                        assert_eq!(back, word & !ignored, "{target:?} {line}");
                    } else {
                        assert_eq!(back, encode(&inst, inst_addr(0)), "{line}");
                    }
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
    (printed, rejected)
}
