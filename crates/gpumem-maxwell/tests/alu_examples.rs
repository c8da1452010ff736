//! nvdisasm's verified sweeps of the non-memory encodings (`tests/data/maxwell-alu-examples.tsv`,
//! made by `scripts/research/alu_spec.py`): every word whose fields the table models must
//! print exactly as nvdisasm printed it and assemble back to the same word (bits nvdisasm
//! ignores aside). Words that use a field the table leaves out must be rejected with a
//! typed error, never misprinted; their count is bounded so the gap cannot grow unnoticed.

use gpumem_maxwell::codec::{DecodeError, decode, encode};
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::parse::parse_program;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, inst_addr};

#[test]
fn alu_sweeps_match_nvdisasm() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/maxwell-alu-examples.tsv"
    );
    let text = std::fs::read_to_string(path).expect("examples file");
    let (mut ok, mut rejected, mut bad) = (0, Vec::new(), Vec::new());
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let Some((hex, want)) = line.split_once(" | ") else {
            continue;
        };
        let want = want.split(" | ").next().unwrap_or(want).trim();
        let w = u64::from_str_radix(hex.trim().trim_start_matches("0x"), 16).expect("hex");
        // BRA/SSY examples were disassembled at 0x8.
        match decode(w, DEFAULT_SLOT, inst_addr(0), Target::Sm50) {
            Ok(i) => {
                let got = inst_text(&i);
                if got != want {
                    bad.push(format!("{hex}: gpumem `{got}`, nvdisasm `{want}`"));
                    continue;
                }
                // nvdisasm prints every NaN as `QNAN`: the payload cannot come back.
                if want.contains("QNAN") {
                    ok += 1;
                    continue;
                }
                match parse_program(want, Target::Sm50) {
                    Ok(p) if encode(&p.insts[0], inst_addr(0)) == w & !i.op.ignored => ok += 1,
                    Ok(p) => bad.push(format!(
                        "{hex}: `{want}` assembles to {:#018x}",
                        encode(&p.insts[0], inst_addr(0))
                    )),
                    Err(e) => bad.push(format!("{hex}: `{want}` does not parse: {}", e.0[0])),
                }
            }
            Err(
                e @ (DecodeError::UnknownBits { .. }
                | DecodeError::InvalidField { .. }
                | DecodeError::UnknownOpcode { .. }),
            ) => rejected.push(format!("{hex} `{want}`: {e}")),
            Err(e) => bad.push(format!("{hex}: {e}")),
        }
    }
    eprintln!(
        "{ok} examples round-trip; {} rejected as unmodelled",
        rejected.len()
    );
    for r in rejected.iter().take(400) {
        eprintln!("  rejected: {r}");
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(60)].join("\n")
    );
    assert!(ok > 3000, "only {ok} examples round-trip");
    // 21 `???N`/`INVALID..` placeholders plus BAR/MEMBAR modes, VABSDIFF4 and MUFU.
    assert!(
        rejected.len() <= 33,
        "{} words rejected (at most 33 expected)",
        rejected.len()
    );
}
