//! Shared by the breadth tests (`golden.rs`, `texture.rs`, `breadth_f.rs`, `breadth_g.rs`,
//! `breadth_h.rs`): replays a sweep file of words nvdisasm 11.8 printed
//! (`tests/data/maxwell-breadth-*.tsv`, one `word | text | targets [| where]` a line, made by
//! `scripts/research/`'s `gen_breadth*.py` and `sweep_breadth*.py`; docs/research/README.md).
//! `targets` is `SM50`, `SM52` or both (`SM50+SM52`, or `SM50,SM52` in surveys A and B);
//! `where` is the word's control slot (`slot=0x..`, default 0x7e1), or the address nvdisasm
//! placed it at (`addr=0x108`: base 0x100; `alone=0x8`: the default, alone in its file).
//! Every word nvdisasm prints without a placeholder must print the same here and assemble
//! back; every word it rejects or prints with a placeholder must be a typed error here.

use gpumem_maxwell::codec::{check_ctrl, decode, find_row_on};
use gpumem_maxwell::inst::{DEFAULT_SLOT, ctrl_word};
use gpumem_maxwell::parse::parse_program_at;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, encode, inst_addr};

/// What the text nvdisasm printed must assemble back to.
#[derive(Clone, Copy, PartialEq)]
#[allow(dead_code)] // each test binary that includes this module names only its own
pub enum Back {
    /// The swept word itself (bits the row ignores written as 0).
    Word,
    /// The same encoding as the decoded instruction.
    Encoding,
    /// The swept word where the text names one word; where nvdisasm prints one text for
    /// several words (a NaN immediate's payload, F2F.PASS's rounding bits), a word that
    /// prints that text again.
    WordUnlessLossy,
}

/// Replays `tests/data/<file>` and returns (printed, rejected) counts; `back` says what a
/// printed word's text must assemble to.
pub fn replay(file: &str, back: Back) -> (usize, usize) {
    let path = format!("{}/../../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut printed, mut rejected, mut failures) = (0, 0, Vec::new());
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        let (hex, want, arch, place) = match f[..] {
            [hex, want, arch] => (hex, want, arch, None),
            [hex, want, arch, place] => (hex, want, arch, Some(place)),
            _ => panic!("bad line {line}"),
        };
        let word = u64::from_str_radix(hex.trim_start_matches("0x"), 16).expect("hex");
        let (mut slot, mut addr) = (DEFAULT_SLOT, inst_addr(0));
        match place.map(|p| p.split_once('=').expect("key=value")) {
            None | Some(("alone", "0x8")) => {}
            Some(("slot", v)) => {
                slot = u32::from_str_radix(v.trim_start_matches("0x"), 16).expect("slot")
            }
            Some(("addr", v)) => {
                addr = u64::from_str_radix(v.trim_start_matches("0x"), 16).expect("addr")
            }
            _ => panic!("bad placement in {line}"),
        }
        let targets: Vec<Target> = match arch {
            "SM50" => vec![Target::Sm50],
            "SM52" => vec![Target::Sm52],
            "SM50+SM52" | "SM50,SM52" => Target::MAXWELL.to_vec(),
            _ => panic!("bad target in {line}"),
        };
        for target in targets {
            match check(word, want, target, slot, addr, back) {
                Ok(true) => printed += 1,
                Ok(false) => rejected += 1,
                Err(why) => failures.push(format!("{target:?} {line}: {why}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{file}: {} of {} lines disagree with nvdisasm, e.g.\n{}",
        failures.len(),
        printed + rejected + failures.len(),
        failures[..failures.len().min(25)].join("\n")
    );
    (printed, rejected)
}

/// One swept word on one target: `Ok(true)` printed as nvdisasm printed it and assembled back,
/// `Ok(false)` a typed error where nvdisasm rejected it or printed a placeholder.
fn check(
    word: u64,
    want: &str,
    target: Target,
    slot: u32,
    addr: u64,
    back: Back,
) -> Result<bool, String> {
    // The word first in its bundle, its slot checked as `disassemble` checks it.
    let ctrl = ctrl_word([slot, DEFAULT_SLOT, DEFAULT_SLOT]);
    let got =
        decode(word, slot, addr, target).and_then(|i| check_ctrl(&i, ctrl, 0, addr).map(|()| i));
    let inst = match got {
        Ok(inst) => inst,
        // "REJECTED" (sweeps C-H) and "<rejected>" (survey A) mark nvdisasm's refusals.
        Err(_) if want == "REJECTED" || want == "<rejected>" => return Ok(false),
        Err(_) if want.contains("INVALID") || want.contains("???") => return Ok(false),
        Err(e) => return Err(format!("rejected here: {e}")),
    };
    let text = inst_text(&inst);
    if text != want {
        return Err(format!("printed here as {text}"));
    }
    let p =
        parse_program_at(want, target, addr & !31).map_err(|e| format!("does not parse: {e}"))?;
    let word_back = encode(&p.insts[0], addr);
    let expect = match back {
        Back::Word | Back::WordUnlessLossy => {
            word & !find_row_on(word, target).map_or(0, |r| r.ignored)
        }
        Back::Encoding => encode(&inst, addr),
    };
    let prints_again =
        || decode(word_back, slot, addr, target).is_ok_and(|i| inst_text(&i) == want);
    if word_back != expect && !(back == Back::WordUnlessLossy && prints_again()) {
        return Err(format!(
            "assembles to {word_back:#018x}, not {expect:#018x}"
        ));
    }
    Ok(true)
}
