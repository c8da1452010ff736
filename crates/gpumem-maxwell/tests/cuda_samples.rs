//! Every instruction of every committed cubin against `cuobjdump -sass` 11.8: the CUDA
//! samples (`tests/cuda-samples/{sm_50,sm_52}`, 171 cubins) and the ptxas corpus
//! (`tests/cubins`). cuobjdump runs once per cubin (files in parallel); the comparison is
//! in-process. Per kernel:
//! - the kernels are the ones cuobjdump lists, and the instruction and control words
//!   gpumem reads out of the ELF are the ones cuobjdump prints in its `/* 0x… */` comments;
//! - each instruction line, as `gpumem dis` renders it (address, guard gutter, pair
//!   braces, `.reuse`, the `;` of the padding slot), is cuobjdump's line without its hex
//!   comment (trailing blanks trimmed): a difference is a misprint and always fails;
//! - cuobjdump's own text, with each instruction's schedule taken from the control word
//!   cuobjdump prints (as annotations), re-assembles with gpumem's assembler to the
//!   kernel's bytes: every instruction word and every control word.
//!
//! Words gpumem rejects (it has no row for them yet) are counted by cuobjdump's opcode
//! (modifiers cut off) and target, and the counts must equal
//! `tests/cuda-samples/known-gaps.tsv` exactly: a new rejection fails, and so does a listed
//! gap that disappeared or shrank (a stale entry: shorten the list). In re-assembly a
//! rejected word's line becomes a `NOP` and its word and control slot are not compared.
//!
//! `--nocapture` shows the figures (cubins, kernels and instructions matching, per target).

use gpumem_maxwell::cubin::{CubinError, kernels};
use gpumem_maxwell::inst::{Ctrl, ctrl_slot};
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::program::annotations;
use gpumem_maxwell::{DisLine, SchedStyle, Target, assemble, decode, decode_lines, render_line};
use gpumem_oracle::{Oracle, cuda_bin, require, run};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

const KNOWN_GAPS: &str = "tests/cuda-samples/known-gaps.tsv";

/// One instruction line of cuobjdump's listing.
struct RefLine {
    addr: u64,
    /// The line without its hex comment, trailing blanks trimmed.
    text: String,
    /// The word in the hex comment.
    word: u64,
    /// The control word of the bundle (the hex comment line before the bundle).
    ctrl: u64,
}

/// cuobjdump's listing: kernels by name, their instruction lines in order.
///
/// A hex comment alone on its line is the bundle's control word, except right after the
/// second instruction of a dual-issue pair: cuobjdump ends that line with the pair's `}`
/// and puts the instruction's own word on the next line.
fn parse_listing(out: &str) -> Result<BTreeMap<String, Vec<RefLine>>, String> {
    let mut ks: BTreeMap<String, Vec<RefLine>> = BTreeMap::new();
    let mut cur: Option<String> = None;
    let mut ctrl: Option<u64> = None;
    // An instruction line whose word is on the next line.
    let mut pending: Option<(u64, String)> = None;
    let hex = |s: &str| -> Result<u64, String> {
        let h = s
            .trim()
            .trim_start_matches("/*")
            .trim_end_matches("*/")
            .trim();
        let h = h.strip_prefix("0x").ok_or(format!("no 0x in `{s}`"))?;
        u64::from_str_radix(h, 16).map_err(|e| format!("`{s}`: {e}"))
    };
    for line in out.lines() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix("Function : ") {
            if let Some((a, _)) = pending.take() {
                return Err(format!("no word for the instruction at {a:#06x}"));
            }
            cur = Some(name.trim().to_string());
            ks.entry(name.trim().to_string()).or_default();
            ctrl = None;
            continue;
        }
        let Some(k) = &cur else { continue };
        if t.starts_with("/* 0x") {
            let w = hex(t)?;
            match pending.take() {
                Some((addr, text)) => {
                    let c = ctrl.ok_or(format!("no control word before {addr:#06x}"))?;
                    ks.get_mut(k).expect("entry").push(RefLine {
                        addr,
                        text,
                        word: w,
                        ctrl: c,
                    });
                }
                None => ctrl = Some(w),
            }
            continue;
        }
        let Some(rest) = t.strip_prefix("/*") else {
            continue;
        };
        let Some((addr, _)) = rest.split_once("*/") else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(addr, 16) else {
            continue;
        };
        if let Some((a, _)) = pending.take() {
            return Err(format!("no word for the instruction at {a:#06x}"));
        }
        let Some(i) = line.rfind("/* 0x") else {
            pending = Some((addr, line.trim_end().to_string()));
            continue;
        };
        let c = ctrl.ok_or(format!("no control word before `{line}`"))?;
        ks.get_mut(k).expect("entry").push(RefLine {
            addr,
            text: line[..i].trim_end().to_string(),
            word: hex(&line[i..])?,
            ctrl: c,
        });
    }
    match pending {
        Some((a, _)) => Err(format!("no word for the instruction at {a:#06x}")),
        None => Ok(ks),
    }
}

/// cuobjdump's opcode of an instruction line: the mnemonic up to its first `.`.
fn opcode(text: &str) -> String {
    let body = text
        .trim_start()
        .split_once("*/")
        .map(|x| x.1)
        .unwrap_or(text);
    let mut toks = body.split([' ', '{', '}']).filter(|t| !t.is_empty());
    let mut t = toks.next().unwrap_or("?");
    if t.starts_with('@') {
        t = toks.next().unwrap_or("?");
    }
    t.split('.')
        .next()
        .unwrap_or("?")
        .trim_end_matches(';')
        .to_string()
}

/// cuobjdump's text of one instruction, made assembler input with the slot's schedule.
fn with_schedule(text: &str, ctrl: Ctrl) -> String {
    let body = text
        .trim_start()
        .split_once("*/")
        .map(|x| x.1)
        .unwrap_or(text);
    // The annotations give the whole slot, dual issue included: the pair's braces go (the
    // `{` before the instruction, the `}` that ends the second instead of its `;`), the
    // braces of an operand (`DEPBAR.LE SB0, 0x1, {1,0}`) stay.
    let body = body.trim();
    let body = body.strip_prefix('{').unwrap_or(body).trim_start();
    let body = match body.strip_suffix(';') {
        Some(b) => b,
        None => body.strip_suffix('}').unwrap_or(body),
    };
    let body = body.trim_end();
    let mut s = body.to_string();
    annotations(ctrl, true, &mut s);
    s.push_str(" ;");
    s
}

#[derive(Default)]
struct Figures {
    cubins: usize,
    cubins_exact: usize,
    kernels: usize,
    kernels_exact: usize,
    insts: usize,
    exact: usize,
    rejected: usize,
    reassembled: usize,
    ctrl_words: usize,
}

impl Figures {
    fn add(&mut self, o: &Figures) {
        self.cubins += o.cubins;
        self.cubins_exact += o.cubins_exact;
        self.kernels += o.kernels;
        self.kernels_exact += o.kernels_exact;
        self.insts += o.insts;
        self.exact += o.exact;
        self.rejected += o.rejected;
        self.reassembled += o.reassembled;
        self.ctrl_words += o.ctrl_words;
    }
}

/// What one cubin gave: figures, rejections by opcode, failures.
#[derive(Default)]
struct FileResult {
    target: Option<Target>,
    fig: Figures,
    rejected: BTreeMap<String, usize>,
    /// Words whose text re-assembles to another word that prints the same.
    lossy: Vec<String>,
    failures: Vec<String>,
}

/// Whether `word`, in `line`'s place and schedule, prints as `line` does.
fn same_text(word: u64, line: &DisLine, target: Target) -> bool {
    let slot = ctrl_slot(line.ctrl_word, ((line.addr % 32 - 8) / 8) as usize);
    match (decode(word, slot, line.addr, target), &line.inst) {
        (Ok(a), Ok(b)) => inst_text(&a) == inst_text(b),
        _ => false,
    }
}

fn check_file(tool: &Path, path: &Path) -> FileResult {
    let mut r = FileResult::default();
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let fail = |r: &mut FileResult, m: String| r.failures.push(format!("{name}: {m}"));
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            fail(&mut r, format!("unreadable: {e}"));
            return r;
        }
    };
    let (ok, out, err) = run(tool, &["-sass", path.to_str().unwrap_or_default()], b"");
    if !ok {
        fail(&mut r, format!("cuobjdump fails: {err}"));
        return r;
    }
    let theirs = match parse_listing(&out) {
        Ok(x) => x,
        Err(e) => {
            fail(&mut r, format!("cuobjdump's listing: {e}"));
            return r;
        }
    };
    let ks = match kernels(&bytes) {
        Ok(k) => k,
        // A cubin of device functions only (no `.text.<kernel>`): cuobjdump lists none too.
        Err(CubinError::NoKernels) => Vec::new(),
        Err(e) => {
            fail(&mut r, format!("gpumem's cubin reader: {e}"));
            return r;
        }
    };
    let mut ours_names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
    ours_names.sort_unstable();
    let their_names: Vec<&str> = theirs.keys().map(String::as_str).collect();
    if ours_names != their_names {
        fail(
            &mut r,
            format!("kernels: gpumem reads {ours_names:?}, cuobjdump lists {their_names:?}"),
        );
        return r;
    }
    r.fig.cubins = 1;
    // Both corpora name the target in the path (`sm_52/`, `.sm_52.cubin`); a cubin's
    // kernels say it again below.
    r.target = Some(if name.contains("sm_52") {
        Target::Sm52
    } else {
        Target::Sm50
    });
    let mut cubin_exact = true;
    for k in &ks {
        let target = k.target;
        r.target = Some(target);
        let kn = &k.name;
        let refs = &theirs[kn];
        r.fig.kernels += 1;
        let lines: Vec<DisLine> = match decode_lines(&k.code, 0, target) {
            Ok(l) => l.collect(),
            Err(e) => {
                fail(&mut r, format!("{kn}: {e}"));
                cubin_exact = false;
                continue;
            }
        };
        if lines.len() != refs.len() {
            fail(
                &mut r,
                format!(
                    "{kn}: gpumem reads {} instructions, cuobjdump lists {}",
                    lines.len(),
                    refs.len()
                ),
            );
            cubin_exact = false;
            continue;
        }
        let mut kernel_exact = true;
        let mut src = String::with_capacity(64 * refs.len());
        let mut skip = vec![false; refs.len()];
        let mut buf = String::with_capacity(128);
        for (i, (l, t)) in lines.iter().zip(refs).enumerate() {
            r.fig.insts += 1;
            if l.addr != t.addr || l.word != t.word || l.ctrl_word != t.ctrl {
                fail(
                    &mut r,
                    format!(
                        "{kn}: instruction {i}: gpumem reads {:#06x}: {:#018x} (control {:#018x}), cuobjdump prints {:#06x}: {:#018x} (control {:#018x})",
                        l.addr, l.word, l.ctrl_word, t.addr, t.word, t.ctrl
                    ),
                );
                kernel_exact = false;
            }
            let slot = ctrl_slot(t.ctrl, i % 3);
            if l.inst.is_err() {
                r.fig.rejected += 1;
                *r.rejected.entry(opcode(&t.text)).or_default() += 1;
                skip[i] = true;
                kernel_exact = false;
                src.push_str("NOP ;\n");
                continue;
            }
            buf.clear();
            render_line(l, SchedStyle::None, false, &mut buf);
            if buf.trim_end() == t.text {
                r.fig.exact += 1;
            } else {
                fail(
                    &mut r,
                    format!(
                        "{kn}: misprint at {:#06x} ({:#018x}):\n  cuobjdump: {}\n  gpumem:    {}",
                        t.addr,
                        t.word,
                        t.text.trim(),
                        buf.trim()
                    ),
                );
                kernel_exact = false;
            }
            src.push_str(&with_schedule(&t.text, Ctrl::from_slot(slot)));
            src.push('\n');
        }
        // cuobjdump's text re-assembled: every word and control word of the kernel.
        match assemble(&src, target) {
            Err(d) => {
                let first = d.0.first().map(|e| e.to_string()).unwrap_or_default();
                fail(
                    &mut r,
                    format!("{kn}: cuobjdump's text does not assemble: {first}"),
                );
                kernel_exact = false;
            }
            Ok(back) if back.len() != k.code.len() => {
                fail(
                    &mut r,
                    format!(
                        "{kn}: cuobjdump's text assembles to {} bytes, the kernel has {}",
                        back.len(),
                        k.code.len()
                    ),
                );
                kernel_exact = false;
            }
            Ok(back) => {
                let word = |b: &[u8], n: usize| {
                    u64::from_le_bytes(b[8 * n..8 * n + 8].try_into().unwrap_or([0; 8]))
                };
                for b in 0..back.len() / 32 {
                    let mut mask = u64::MAX;
                    for s in 0..3 {
                        let i = 3 * b + s;
                        if skip.get(i).copied().unwrap_or(true) {
                            mask &= !(0x1f_ffffu64 << (21 * s));
                            continue;
                        }
                        let (a, e) = (word(&back, 4 * b + 1 + s), word(&k.code, 4 * b + 1 + s));
                        if a == e {
                            r.fig.reassembled += 1;
                        } else if same_text(a, &lines[i], target) {
                            // The text does not fix every bit (nvdisasm prints every NaN
                            // payload as `QNAN`): another word with the same text.
                            r.fig.reassembled += 1;
                            r.lossy.push(format!(
                                "{name}: {kn}: `{}` at {:#06x}: {e:#018x} re-assembles to {a:#018x}, which prints the same",
                                refs[i].text.trim(),
                                refs[i].addr
                            ));
                        } else {
                            fail(
                                &mut r,
                                format!(
                                    "{kn}: cuobjdump's `{}` at {:#06x} re-assembles to {a:#018x}, not {e:#018x}",
                                    refs[i].text.trim(),
                                    refs[i].addr
                                ),
                            );
                            kernel_exact = false;
                        }
                    }
                    let (a, e) = (word(&back, 4 * b), word(&k.code, 4 * b));
                    if (a ^ e) & mask == 0 {
                        r.fig.ctrl_words += 1;
                    } else {
                        fail(
                            &mut r,
                            format!(
                                "{kn}: control word of the bundle at {:#06x} re-assembles to {a:#018x}, not {e:#018x}",
                                32 * b
                            ),
                        );
                        kernel_exact = false;
                    }
                }
            }
        }
        if kernel_exact {
            r.fig.kernels_exact += 1;
        } else {
            cubin_exact = false;
        }
    }
    r.fig.cubins_exact = cubin_exact as usize;
    r
}

fn target_name(t: Target) -> &'static str {
    t.name()
}

/// `tests/cuda-samples/known-gaps.tsv`: (opcode, target) -> count.
fn known_gaps() -> BTreeMap<(String, String), usize> {
    let text = std::fs::read_to_string(root().join(KNOWN_GAPS)).expect(KNOWN_GAPS);
    let mut m = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() || line.starts_with("opcode\t") {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let count = f.get(2).and_then(|c| c.trim().parse().ok());
        match (f.as_slice(), count) {
            ([op, t, _], Some(c)) => {
                m.insert((op.to_string(), t.to_string()), c);
            }
            _ => panic!(
                "{KNOWN_GAPS}:{}: expected `opcode<TAB>target<TAB>count`",
                n + 1
            ),
        }
    }
    m
}

fn cubins() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for d in [
        "tests/cuda-samples/sm_50",
        "tests/cuda-samples/sm_52",
        "tests/cubins",
    ] {
        let dir = root().join(d);
        let mut fs: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
            .collect();
        fs.sort();
        files.extend(fs);
    }
    files
}

#[test]
fn every_committed_cubin_prints_as_cuobjdump_and_reassembles() {
    let Oracle::Found(tool) = require(cuda_bin(), "cuobjdump") else {
        return;
    };
    let files = cubins();
    assert!(
        files.len() >= 171 + 20,
        "expected the CUDA samples and the ptxas corpus, found {} cubins",
        files.len()
    );
    // Largest first, so the slow ones do not come last.
    let mut order: Vec<&PathBuf> = files.iter().collect();
    order.sort_by_key(|p| std::cmp::Reverse(std::fs::metadata(p).map(|m| m.len()).unwrap_or(0)));
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(2, 8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = order.get(i) else { break };
                    let r = check_file(&tool, p);
                    results.lock().expect("results").push(r);
                }
            });
        }
    });
    let results = results.into_inner().expect("results");
    let mut by_target: BTreeMap<&str, Figures> = BTreeMap::new();
    let mut rejected: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for r in &results {
        failures.extend(r.failures.iter().cloned());
        for l in &r.lossy {
            eprintln!("text that does not fix its word: {l}");
        }
        let Some(t) = r.target else { continue };
        by_target.entry(target_name(t)).or_default().add(&r.fig);
        for (op, n) in &r.rejected {
            *rejected
                .entry((op.clone(), target_name(t).to_string()))
                .or_default() += n;
        }
    }
    let mut all = Figures::default();
    for (t, f) in &by_target {
        eprintln!(
            "{t}: {} cubins ({} fully matching), {} kernels ({} fully matching), {} instructions: \
             {} print as cuobjdump ({:.3} %), {} rejected (known gaps), {} re-assembled from \
             cuobjdump's text, {} control words re-assembled",
            f.cubins,
            f.cubins_exact,
            f.kernels,
            f.kernels_exact,
            f.insts,
            f.exact,
            100.0 * f.exact as f64 / f.insts.max(1) as f64,
            f.rejected,
            f.reassembled,
            f.ctrl_words
        );
        all.add(f);
    }
    eprintln!(
        "all: {} cubins ({} fully matching), {} kernels ({} fully matching), {} instructions \
         ({} exact, {} rejected), {} failures",
        all.cubins,
        all.cubins_exact,
        all.kernels,
        all.kernels_exact,
        all.insts,
        all.exact,
        all.rejected,
        failures.len()
    );
    // Rejections against the committed list, both ways.
    let known = known_gaps();
    for (key, n) in &rejected {
        match known.get(key) {
            Some(k) if k == n => {}
            Some(k) => failures.push(format!(
                "{KNOWN_GAPS}: {} on {}: {n} words rejected, the list says {k} (update the count)",
                key.0, key.1
            )),
            None => failures.push(format!(
                "{} on {}: {n} words rejected that {KNOWN_GAPS} does not list",
                key.0, key.1
            )),
        }
    }
    for (key, k) in &known {
        if !rejected.contains_key(key) {
            failures.push(format!(
                "{KNOWN_GAPS}: stale entry {}\t{}\t{k}: gpumem decodes every such word now (remove the line)",
                key.0, key.1
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
    assert!(all.insts > 600_000, "expected the whole corpus");
}

#[test]
fn listing_parser_reads_cuobjdump_layout() {
    let out = "\n\tcode for sm_52\n\t\tFunction : k\n\t.headerflags    @\"EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)\"\n                                                                                     /* 0x001cfc00e22007f6 */\n        /*0008*/                   MOV R1, c[0x0][0x20] ;                            /* 0x4c98078000870001 */\n        /*0010*/               @!P0 TEXS.T RZ, R14, R14, R9, 0x5a, 2D, R ;  /* 0xd822000005a70e0e */\n        /*0018*/         {         MOV R7, RZ ;                                            /* 0x5c9807800ff70007 */\n        /*0028*/                   S2R R2, SR_CTAID.X         }\n                                                          /* 0xf0c8000002570002 */\n                                                          /* 0x003fc400e3e007f1 */\n";
    let ks = parse_listing(out).expect("parses");
    let k = &ks["k"];
    assert_eq!(k.len(), 4);
    assert_eq!(k[3].word, 0xf0c8_0000_0257_0002);
    assert_eq!(
        k[3].text,
        "        /*0028*/                   S2R R2, SR_CTAID.X         }"
    );
    assert_eq!(k[1].addr, 0x10);
    assert_eq!(k[1].word, 0xd822_0000_05a7_0e0e);
    assert_eq!(k[1].ctrl, 0x001c_fc00_e220_07f6);
    assert_eq!(
        k[0].text,
        "        /*0008*/                   MOV R1, c[0x0][0x20] ;"
    );
    assert_eq!(opcode(&k[1].text), "TEXS");
    assert_eq!(
        opcode("        /*0010*/         {         MOV R1, R2 ;"),
        "MOV"
    );
    assert_eq!(
        with_schedule(
            "        /*0010*/                   NOP;",
            Ctrl::from_slot(0x7e0)
        ),
        "NOP ?stall=0 ?yield ;"
    );
    assert_eq!(
        with_schedule(
            "        /*0018*/         {         DEPBAR.LE SB0, 0x1, {1,0} ;",
            Ctrl::from_slot(0x7f0)
        ),
        "DEPBAR.LE SB0, 0x1, {1,0} ?stall=0 ;"
    );
    assert_eq!(
        with_schedule(
            "        /*0028*/                   DEPBAR {1}         }",
            Ctrl::from_slot(0x7e1)
        ),
        "DEPBAR {1} ?stall=1 ?yield ;"
    );
}
