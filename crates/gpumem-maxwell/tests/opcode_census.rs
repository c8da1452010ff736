//! Meta-test: every opcode nvdisasm 11.8 knows on SM50/SM52 has a golden case.
//!
//! The opcodes come from data: `tests/data/maxwell-nvdisasm-opcodes.tsv`, nvdisasm's own
//! decodes of every top-16-bit opcode prefix (written by
//! `scripts/nvdisasm-opcode-census.py`), by mnemonic up to the first `.`. Each mnemonic
//! must have a line in `tests/data/maxwell-golden.txt` for the target (an sm_50 case
//! covers sm_52 too: SM52 decodes every SM50 word alike), or be listed, with its target,
//! in `tests/data/maxwell-golden-gaps.tsv` (the opcodes gpumem does not model yet). A
//! listed gap that has a golden case now is stale and fails, so the list only shrinks.
//! The other way round, every mnemonic of the golden file must be in the census (else the
//! census missed an opcode and must be widened).

use std::collections::{BTreeMap, BTreeSet};

fn data(name: &str) -> String {
    let p = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// The mnemonic of an instruction text: the first token after the guard, up to its `.`.
fn mnemonic(text: &str) -> &str {
    let mut toks = text.split([' ', '{', '}']).filter(|t| !t.is_empty());
    let mut t = toks.next().unwrap_or("");
    if t.starts_with('@') {
        t = toks.next().unwrap_or("");
    }
    t.split('.').next().unwrap_or("").trim_end_matches(';')
}

const TARGETS: [&str; 2] = ["sm_50", "sm_52"];

/// The census: mnemonic -> the targets nvdisasm decodes it on.
fn census() -> BTreeMap<String, BTreeSet<&'static str>> {
    let mut m = BTreeMap::new();
    for (n, line) in data("maxwell-nvdisasm-opcodes.tsv").lines().enumerate() {
        if line.starts_with('#') || line.starts_with("mnemonic\t") || line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert!(
            f.len() >= 3,
            "maxwell-nvdisasm-opcodes.tsv:{}: too few columns",
            n + 1
        );
        let mut on = BTreeSet::new();
        for (i, t) in TARGETS.iter().enumerate() {
            let c: u64 = f[1 + i]
                .parse()
                .unwrap_or_else(|_| panic!("maxwell-nvdisasm-opcodes.tsv:{}: bad count", n + 1));
            if c > 0 {
                on.insert(*t);
            }
        }
        m.insert(f[0].to_string(), on);
    }
    m
}

/// The golden file's (mnemonic, target) pairs on the census' targets (the Pascal cases
/// are nvdisasm's texts too, but the census was taken on SM50/SM52 only; Pascal's
/// opcodes are covered by the random-word differential per SM).
fn golden() -> BTreeSet<(String, String)> {
    data("maxwell-golden.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            (f.len() == 3).then(|| (mnemonic(f[1]).to_string(), f[2].trim().to_string()))
        })
        .filter(|(_, t)| TARGETS.contains(&t.as_str()))
        .collect()
}

fn gaps() -> BTreeSet<(String, String)> {
    let mut s = BTreeSet::new();
    for (n, line) in data("maxwell-golden-gaps.tsv").lines().enumerate() {
        if line.starts_with('#') || line.starts_with("mnemonic\t") || line.is_empty() {
            continue;
        }
        match line.split('\t').collect::<Vec<_>>().as_slice() {
            [m, t] if TARGETS.contains(t) => {
                s.insert((m.to_string(), t.to_string()));
            }
            _ => panic!(
                "maxwell-golden-gaps.tsv:{}: expected `mnemonic<TAB>sm_50|sm_52`",
                n + 1
            ),
        }
    }
    s
}

#[test]
fn every_nvdisasm_opcode_has_a_golden_case_or_is_a_listed_gap() {
    let census = census();
    let golden = golden();
    let gaps = gaps();
    assert!(
        census.len() > 100,
        "the census lists {} mnemonics",
        census.len()
    );
    let covered = |m: &str, t: &str| {
        golden.contains(&(m.to_string(), t.to_string()))
            || (t == "sm_52" && golden.contains(&(m.to_string(), "sm_50".to_string())))
    };
    let mut failures = Vec::new();
    let (mut have, mut want) = (0, 0);
    for (m, on) in &census {
        for t in on {
            want += 1;
            let listed = gaps.contains(&(m.clone(), t.to_string()));
            match (covered(m, t), listed) {
                (true, false) => have += 1,
                (false, true) => {}
                (false, false) => failures.push(format!(
                    "{m} ({t}): nvdisasm decodes it, tests/data/maxwell-golden.txt has no case \
                     and maxwell-golden-gaps.tsv does not list it"
                )),
                (true, true) => failures.push(format!(
                    "maxwell-golden-gaps.tsv: stale `{m}\t{t}`: the golden file has a case now (remove the line)"
                )),
            }
        }
    }
    for (m, t) in &gaps {
        if !census.get(m).is_some_and(|on| on.contains(t.as_str())) {
            failures.push(format!(
                "maxwell-golden-gaps.tsv: stale `{m}\t{t}`: nvdisasm does not decode it (not in the census)"
            ));
        }
    }
    for (m, t) in &golden {
        if !census.get(m).is_some_and(|on| on.contains(t.as_str())) {
            failures.push(format!(
                "golden case {m} ({t}) is missing from the census: widen scripts/nvdisasm-opcode-census.py"
            ));
        }
    }
    eprintln!(
        "{} nvdisasm mnemonics, {want} (mnemonic, target) pairs: {have} with a golden case, {} listed gaps",
        census.len(),
        gaps.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mnemonic_of_a_text() {
    assert_eq!(mnemonic("@!P0 LDG.E.CI R0, [R2] ;"), "LDG");
    assert_eq!(mnemonic("NOP;"), "NOP");
    assert_eq!(mnemonic("{ DEPBAR.LE SB0, 0x1 ;"), "DEPBAR");
}
