//! Random-word differential against nvdisasm 11.8 over the whole 64-bit instruction
//! space, every target (the Maxwell and the Pascal SMs) (the decoder's generalising test).
//!
//! Words: half are uniformly random (so every top-bit opcode prefix is drawn about
//! equally often), half keep one table row's fixed bits with every other bit random (so
//! every row is hit with junk in its fields and ignored bits). Control slots are the
//! default schedule or random (no dual issue: the pair rules have their own tests).
//!
//! nvdisasm prints nothing when a file holds a word it rejects; it names every rejected
//! address on standard error. So each batch runs twice: once to learn which words
//! nvdisasm rejects, once more with those words replaced by NOPs to get its text for the
//! rest. Then, for every instruction:
//! - nvdisasm rejects it: gpumem must reject it too, with a typed [`DecodeError`];
//! - both decode it: the texts must be identical;
//! - gpumem decodes it: its re-encoding must print the same in nvdisasm (checked in a
//!   third run on the re-encoded words that differ from the originals);
//! - nvdisasm decodes it and gpumem rejects it: counted by opcode and reported (the
//!   table's breadth). Each such mnemonic (nvdisasm's, up to the first `.`) must be
//!   listed for the target in `tests/data/maxwell-random-gaps.tsv`, or the test fails; at
//!   the default word count a listed mnemonic that no word hits any more is stale and
//!   fails too (the list only shrinks). `GPUMEM_REQUIRE_FULL_DECODE=1` ignores the list:
//!   any such word fails.
//!
//! `GPUMEM_RANDOM_WORDS` sets the words per target (default 1,000,000);
//! `GPUMEM_RANDOM_WORDS_ALL=1` prints every missing mnemonic and every failure.

use gpumem_isa::SplitMix64;
use gpumem_maxwell::codec::ROWS;
use gpumem_maxwell::inst::{Ctrl, DEFAULT_SLOT, ctrl_word};
use gpumem_maxwell::table::Target;
use gpumem_maxwell::{disassemble, encode};
use gpumem_oracle::{Oracle, cuda_bin, require, run, temp_file};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// `NOP ;` with the default schedule: what rejected words are replaced with.
const NOP: u64 = 0x50b0_0000_0007_0f00;
/// Instructions per nvdisasm call.
const BATCH: usize = 150_000;

/// Words per target unless `GPUMEM_RANDOM_WORDS` says otherwise.
const DEFAULT_WORDS: usize = 1_000_000;

fn words_per_target() -> usize {
    std::env::var("GPUMEM_RANDOM_WORDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_WORDS)
}

const GAPS: &str = "tests/data/maxwell-random-gaps.tsv";

/// The mnemonics nvdisasm decodes and gpumem does not yet, listed for `target`.
fn known_gaps(target: Target) -> BTreeSet<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/maxwell-random-gaps.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{GAPS}: {e}"));
    let name = target_name(target);
    let mut s = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("mnemonic\t") || line.trim().is_empty() {
            continue;
        }
        match line.split('\t').collect::<Vec<_>>().as_slice() {
            [m, t] if Target::ALL.iter().any(|x| x.name() == *t) => {
                if *t == name {
                    s.insert(m.to_string());
                }
            }
            _ => panic!(
                "{GAPS}:{}: expected `mnemonic<TAB>sm_50|sm_52|sm_60|sm_61|sm_62`",
                n + 1
            ),
        }
    }
    s
}

fn target_name(t: Target) -> &'static str {
    t.name()
}

/// A random control slot without dual issue.
fn slot(rng: &mut SplitMix64) -> u32 {
    if rng.chance(3) {
        let mut c = Ctrl::from_slot((rng.next_u64() & 0x1f_ffff) as u32);
        if c.dual_issue() {
            c.stall = 1;
        }
        c.to_slot()
    } else {
        DEFAULT_SLOT
    }
}

fn word(rng: &mut SplitMix64) -> u64 {
    let r = rng.next_u64();
    if rng.chance(2) {
        r
    } else {
        let row = ROWS[rng.below(ROWS.len() as u64) as usize];
        (r & !row.mask) | row.opcode
    }
}

/// Bundles of `n` instructions: (control word, three words).
fn generate(n: usize, seed: u64) -> Vec<(u64, [u64; 3])> {
    let mut rng = SplitMix64(seed);
    (0..n.div_ceil(3))
        .map(|_| {
            let slots = [slot(&mut rng), slot(&mut rng), slot(&mut rng)];
            let w = [word(&mut rng), word(&mut rng), word(&mut rng)];
            (ctrl_word(slots), w)
        })
        .collect()
}

fn to_bytes(bundles: &[(u64, [u64; 3])]) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 * bundles.len());
    for (c, w) in bundles {
        out.extend_from_slice(&c.to_le_bytes());
        for x in w {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    out
}

/// Instruction index of a byte address.
fn index(addr: u64) -> usize {
    (3 * (addr / 32) + (addr % 32 - 8) / 8) as usize
}

/// nvdisasm on `bundles`: Ok(text by instruction index) or Err(rejected indices).
fn nvdisasm(
    tool: &std::path::Path,
    target: Target,
    name: &str,
    bundles: &[(u64, [u64; 3])],
) -> Result<HashMap<usize, String>, Vec<usize>> {
    let path = temp_file(name, &to_bytes(bundles));
    let (_, out, err) = run(
        tool,
        &[
            "-b",
            target.nvdisasm_name(),
            path.to_str().unwrap_or_default(),
        ],
        b"",
    );
    let _ = std::fs::remove_file(&path);
    let bad: Vec<usize> = err
        .lines()
        .filter_map(|l| l.rsplit_once("at address 0x"))
        .filter_map(|(_, a)| u64::from_str_radix(a.trim(), 16).ok())
        .map(index)
        .collect();
    if !bad.is_empty() || out.is_empty() {
        assert!(
            !bad.is_empty(),
            "nvdisasm printed nothing and named no address:\n{err}"
        );
        return Err(bad);
    }
    let mut texts = HashMap::new();
    for l in out.lines() {
        let Some(rest) = l.trim_start().strip_prefix("/*") else {
            continue;
        };
        let Some((addr, text)) = rest.split_once("*/") else {
            continue;
        };
        let Ok(a) = u64::from_str_radix(addr, 16) else {
            continue;
        };
        // The instruction text up to its `;`, without the hex comment.
        let text = text.split(" /* 0x").next().unwrap_or(text).trim();
        texts.insert(index(a), text.to_string());
    }
    Ok(texts)
}

/// Replaces instruction `i` with a NOP under the default schedule.
fn scrub(bundles: &mut [(u64, [u64; 3])], i: usize) {
    let (b, k) = (i / 3, i % 3);
    let mut slots = [0u32; 3];
    for (j, s) in slots.iter_mut().enumerate() {
        *s = gpumem_maxwell::inst::ctrl_slot(bundles[b].0, j);
    }
    slots[k] = DEFAULT_SLOT;
    bundles[b].0 = ctrl_word(slots);
    bundles[b].1[k] = NOP;
}

#[derive(Default)]
struct Tally {
    words: usize,
    both: usize,
    rejected_by_both: usize,
    /// nvdisasm decodes, gpumem rejects: by the word's top 16 bits' nvdisasm mnemonic.
    missing: BTreeMap<String, usize>,
    /// One example per missing mnemonic: (word, nvdisasm's text, gpumem's error).
    examples: BTreeMap<String, (u64, String, String)>,
    /// nvdisasm prints a placeholder (`???N`, `INVALID...`) that gpumem rejects on purpose
    /// (docs/03, "Decisions"): by mnemonic, apart from the missing forms.
    placeholders: BTreeMap<String, usize>,
    failures: Vec<String>,
}

fn batch(tool: &std::path::Path, target: Target, seed: u64, n: usize, t: &mut Tally) {
    let orig = generate(n, seed);
    let name = format!("random-{target:?}-{seed}.bin");
    // Pass 1: which words nvdisasm rejects; pass 2 (and more, rarely): the text of the
    // others, with the rejected ones scrubbed.
    let mut clean = orig.clone();
    let mut rejected = vec![false; 3 * orig.len()];
    let mut texts = None;
    for _ in 0..4 {
        match nvdisasm(tool, target, &name, &clean) {
            Ok(x) => {
                texts = Some(x);
                break;
            }
            Err(bad) => {
                for i in bad {
                    if i < rejected.len() {
                        rejected[i] = true;
                        scrub(&mut clean, i);
                    }
                }
            }
        }
    }
    let texts = texts.expect("nvdisasm accepts the scrubbed batch");
    let ours = disassemble(&to_bytes(&orig), 0, target).expect("whole bundles");
    let mut reencoded: Vec<(usize, u64)> = Vec::new();
    for (i, l) in ours.lines.iter().enumerate() {
        t.words += 1;
        match (&l.inst, rejected[i]) {
            (Err(e), true) => {
                t.rejected_by_both += 1;
                // The error names the word (or its control word) it is about.
                let msg = e.to_string();
                let named = msg.contains(&format!("{:#018x}", l.word))
                    || msg.contains(&format!("{:#x}", l.word))
                    || msg.contains(&format!("{:#018x}", l.ctrl_word));
                if !named {
                    t.failures.push(format!(
                        "{:#018x}: error does not name the word: {msg}",
                        l.word
                    ));
                }
            }
            (Ok(_), true) => t.failures.push(format!(
                "{:#06x}: {:#018x} (control {:#018x}): nvdisasm rejects it, gpumem prints `{}`",
                l.addr,
                l.word,
                l.ctrl_word,
                l.text()
            )),
            (Ok(inst), false) => {
                t.both += 1;
                let mine = l.text();
                let theirs = texts.get(&i).map(String::as_str).unwrap_or("<none>");
                if mine != theirs {
                    t.failures.push(format!(
                        "{:#06x}: {:#018x}\n  gpumem:   {mine}\n  nvdisasm: {theirs}",
                        l.addr, l.word
                    ));
                }
                let w2 = encode(inst, l.addr);
                if w2 != l.word {
                    reencoded.push((i, w2));
                }
            }
            (Err(e), false) => {
                let theirs = texts.get(&i).map(String::as_str).unwrap_or("?");
                // The mnemonic: the first token after the guard, up to its first `.`.
                let body = match theirs.strip_prefix('@') {
                    Some(rest) => rest.split_once(' ').map(|x| x.1).unwrap_or(""),
                    None => theirs,
                };
                let mnemonic = body
                    .trim_start_matches(['{', ' '])
                    .split([' ', '.'])
                    .next()
                    .unwrap_or("?")
                    .to_string();
                if theirs.contains("???") || theirs.contains("INVALID") {
                    *t.placeholders.entry(mnemonic).or_default() += 1;
                } else {
                    t.examples
                        .entry(mnemonic.clone())
                        .or_insert_with(|| (l.word, theirs.to_string(), e.to_string()));
                    *t.missing.entry(mnemonic).or_default() += 1;
                }
            }
        }
    }
    // Pass 3: re-encoded words print as the originals did.
    if !reencoded.is_empty() {
        let mut again = clean.clone();
        for &(i, w2) in &reencoded {
            again[i / 3].1[i % 3] = w2;
        }
        match nvdisasm(tool, target, &name, &again) {
            Ok(texts2) => {
                for &(i, w2) in &reencoded {
                    if texts2.get(&i) != texts.get(&i) {
                        t.failures.push(format!(
                            "{:#018x} re-encoded as {w2:#018x}: nvdisasm prints `{}` instead of `{}`",
                            orig[i / 3].1[i % 3],
                            texts2.get(&i).map(String::as_str).unwrap_or("?"),
                            texts.get(&i).map(String::as_str).unwrap_or("?"),
                        ));
                    }
                }
            }
            Err(bad) => {
                for i in bad.into_iter().take(20) {
                    t.failures.push(format!(
                        "re-encoding of {:#018x} is rejected by nvdisasm",
                        orig[i / 3].1[i % 3]
                    ));
                }
            }
        }
    }
}

fn random_words(target: Target, seed: u64) {
    let Oracle::Found(tool) = require(cuda_bin(), "nvdisasm") else {
        return;
    };
    let total = words_per_target();
    let mut t = Tally::default();
    let mut done = 0;
    let mut k = 0;
    while done < total {
        let n = BATCH.min(total - done);
        batch(&tool, target, seed + k, n, &mut t);
        done += n;
        k += 1;
    }
    let missing: usize = t.missing.values().sum();
    let mut top: Vec<(&String, &usize)> = t.missing.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1));
    let placeholders: usize = t.placeholders.values().sum();
    let mut ph: Vec<(&String, &usize)> = t.placeholders.iter().collect();
    ph.sort_by(|a, b| b.1.cmp(a.1));
    eprintln!(
        "{target:?}: {} words: {} decoded by both (identical text, re-encodings print the same), \
         {} rejected by both, {missing} decoded by nvdisasm only; most frequent missing: {:?}; \
         {placeholders} more printed by nvdisasm with a placeholder and rejected: {:?}",
        t.words,
        t.both,
        t.rejected_by_both,
        &top[..top.len().min(40)],
        ph
    );
    // `GPUMEM_RANDOM_WORDS_ALL=1`: every missing mnemonic, with one example each.
    if std::env::var("GPUMEM_RANDOM_WORDS_ALL").as_deref() == Ok("1") {
        for (m, n) in &top {
            if let Some((w, theirs, e)) = t.examples.get(*m) {
                eprintln!("  missing {m}: {n}, e.g. {w:#018x} `{theirs}`: {e}");
            }
        }
    }
    if std::env::var("GPUMEM_RANDOM_WORDS_ALL").as_deref() == Ok("1") {
        for f in &t.failures {
            eprintln!("failure: {f}");
        }
    }
    assert!(
        t.failures.is_empty(),
        "{} failures, first ones:\n{}",
        t.failures.len(),
        t.failures[..t.failures.len().min(25)].join("\n")
    );
    if std::env::var("GPUMEM_REQUIRE_FULL_DECODE").as_deref() == Ok("1") {
        assert_eq!(missing, 0, "words nvdisasm decodes and gpumem rejects");
        return;
    }
    let known = known_gaps(target);
    let name = target_name(target);
    let mut gaps = Vec::new();
    for (m, n) in &t.missing {
        if !known.contains(m) {
            let (w, theirs, e) = &t.examples[m];
            gaps.push(format!(
                "{m}\t{name}: {n} words nvdisasm decodes and gpumem rejects, not listed in {GAPS}; \
                 e.g. {w:#018x} `{theirs}`: {e}"
            ));
        }
    }
    if total == DEFAULT_WORDS {
        for m in &known {
            if !t.missing.contains_key(m) {
                gaps.push(format!(
                    "{GAPS}: stale `{m}\t{name}`: no word of the {total} is rejected as {m} any more (remove the line)"
                ));
            }
        }
    }
    assert!(gaps.is_empty(), "{}", gaps.join("\n"));
}

#[test]
fn random_words_sm50() {
    random_words(Target::Sm50, 0x5050_0000);
}

#[test]
fn random_words_sm52() {
    random_words(Target::Sm52, 0x5252_0000);
}

#[test]
fn random_words_sm60() {
    random_words(Target::Sm60, 0x6060_0000);
}

#[test]
fn random_words_sm61() {
    random_words(Target::Sm61, 0x6161_0000);
}

#[test]
fn random_words_sm62() {
    random_words(Target::Sm62, 0x6262_0000);
}
