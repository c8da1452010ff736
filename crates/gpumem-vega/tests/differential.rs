//! Differential test against llvm-mc 19 (`-arch=amdgcn -mcpu=gfx900/gfx906`).
//!
//! * Assembly: gpumem's text of every generated instruction is assembled by
//!   llvm-mc (`-show-encoding`); the bytes must equal gpumem's encoding, and
//!   gpumem's own assembler must produce the same bytes.
//! * Disassembly: gpumem's bytes are disassembled by llvm-mc; the text must
//!   equal gpumem's printer. This direction also sweeps every SIMM16 of
//!   `s_waitcnt`, `s_sendmsg` and `s_getreg_b32`.
//! * Rejects: inputs llvm-mc rejects must be rejected by gpumem too.
//!
//! The corpus is generated deterministically from the table. llvm-mc runs once
//! per ~20,000 lines. A missing llvm-mc fails the test unless
//! `GPUMEM_SKIP_ORACLES=1`.

use crate::common;

use std::path::{Path, PathBuf};

use gpumem_oracle::{Oracle, llvm_bin, require, run};
use gpumem_vega::{Inst, Target, assemble, decode, encode, table};

const CHUNK: usize = 20_000;

fn llvm_mc() -> Option<PathBuf> {
    match require(llvm_bin(), "llvm-mc") {
        Oracle::Found(p) => Some(p),
        Oracle::Skip => None,
    }
}

fn mcpu(t: Target) -> String {
    format!("-mcpu={}", t.name())
}

/// llvm-mc's bytes for each line (None where it reported an error).
fn llvm_assemble(mc: &Path, lines: &[String], t: Target) -> Vec<Option<Vec<u8>>> {
    let mut out = Vec::with_capacity(lines.len());
    for chunk in lines.chunks(CHUNK) {
        let input = chunk.join("\n") + "\n";
        let cpu = mcpu(t);
        let (_, stdout, stderr) = run(
            mc,
            &["-arch=amdgcn", &cpu, "-show-encoding"],
            input.as_bytes(),
        );
        let mut errors = std::collections::HashSet::new();
        for l in stderr.lines() {
            if let Some(rest) = l.strip_prefix("<stdin>:")
                && let Some(n) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok())
                && l.contains("error")
            {
                errors.insert(n);
            }
        }
        let mut encs = stdout.lines().filter_map(|l| {
            let i = l.find("encoding: [")?;
            let body = &l[i + 11..l.rfind(']')?];
            Some(
                body.split(',')
                    .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap_or(0))
                    .collect::<Vec<u8>>(),
            )
        });
        for k in 0..chunk.len() {
            if errors.contains(&(k + 1)) {
                out.push(None);
            } else {
                out.push(encs.next());
            }
        }
    }
    out
}

/// llvm-mc's text for each instruction (one per instruction, in order).
fn llvm_disassemble(mc: &Path, insts: &[Vec<u32>], t: Target) -> Vec<String> {
    let mut out = Vec::with_capacity(insts.len());
    for chunk in insts.chunks(CHUNK) {
        let mut input = String::with_capacity(chunk.len() * 40);
        for ws in chunk {
            for w in ws {
                for b in w.to_le_bytes() {
                    input.push_str(&format!("0x{b:02x} "));
                }
            }
            input.push('\n');
        }
        let cpu = mcpu(t);
        let (_, stdout, _) = run(
            mc,
            &["-arch=amdgcn", &cpu, "--disassemble"],
            input.as_bytes(),
        );
        let lines: Vec<String> = stdout
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && *l != ".text")
            .map(String::from)
            .collect();
        out.extend(lines);
    }
    out
}

fn check_assembly(mc: &Path, insts: &[Inst], t: Target) -> (usize, Vec<String>) {
    let texts: Vec<String> = insts.iter().map(|i| i.to_string()).collect();
    let theirs = llvm_assemble(mc, &texts, t);
    let mut bad = Vec::new();
    for ((inst, text), llvm) in insts.iter().zip(&texts).zip(&theirs) {
        let ours: Vec<u8> = encode(inst).iter().flat_map(|w| w.to_le_bytes()).collect();
        let parsed = assemble(text, t).map(|a| a.bytes);
        if llvm.as_ref() != Some(&ours) || parsed.as_ref().ok() != Some(&ours) {
            bad.push(format!(
                "asm `{text}`: gpumem encode {ours:02x?}, gpumem parse {:02x?}, llvm {llvm:02x?}",
                parsed.map_err(|d| d.0.first().map(|x| x.message.clone()))
            ));
        }
    }
    (texts.len(), bad)
}

fn check_disassembly(mc: &Path, insts: &[Inst], t: Target) -> (usize, Vec<String>) {
    let words: Vec<Vec<u32>> = insts.iter().map(encode).collect();
    let theirs = llvm_disassemble(mc, &words, t);
    let mut bad = Vec::new();
    if theirs.len() != words.len() {
        bad.push(format!(
            "llvm-mc printed {} lines for {} instructions",
            theirs.len(),
            words.len()
        ));
    }
    for (ws, llvm) in words.iter().zip(&theirs) {
        let ours = match decode(ws, t) {
            Ok((i, n)) if n == ws.len() => i.to_string(),
            Ok((_, n)) => format!("<decoded {n} of {} dwords>", ws.len()),
            Err(e) => format!("<{e}>"),
        };
        if &ours != llvm {
            bad.push(format!("dis {ws:08x?}: gpumem `{ours}`, llvm `{llvm}`"));
        }
    }
    (words.len(), bad)
}

fn report(name: &str, n: usize, bad: &[String]) {
    eprintln!(
        "differential {name}: {n} instructions, {} mismatches",
        bad.len()
    );
    for b in bad.iter().take(20) {
        eprintln!("  {b}");
    }
}

#[test]
fn differential_against_llvm_mc() {
    let Some(mc) = llvm_mc() else { return };
    let corpus = common::corpus(300, 12, 0x5eed_9000);
    let mut total_bad = 0;

    let (n, bad) = check_assembly(&mc, &corpus, Target::Gfx900);
    report("gfx900 text->bytes", n, &bad);
    total_bad += bad.len();
    let (n, bad) = check_disassembly(&mc, &corpus, Target::Gfx900);
    report("gfx900 bytes->text", n, &bad);
    total_bad += bad.len();

    // gfx906: every fifth instruction, both directions.
    let sub: Vec<Inst> = corpus.iter().step_by(5).copied().collect();
    let (n, bad) = check_assembly(&mc, &sub, Target::Gfx906);
    report("gfx906 text->bytes", n, &bad);
    total_bad += bad.len();
    let (n, bad) = check_disassembly(&mc, &sub, Target::Gfx906);
    report("gfx906 bytes->text", n, &bad);
    total_bad += bad.len();

    // Exhaustive SIMM16 sweeps, disassembly direction (raw values included).
    let mut sweep = Vec::new();
    for name in ["s_waitcnt", "s_sendmsg", "s_getreg_b32"] {
        let def = table::by_name(name).expect("row");
        for v in 0..=u16::MAX {
            let mut i = Inst::new(def);
            i.simm16 = v;
            i.sdst = 7;
            sweep.push(i);
        }
    }
    let (n, bad) = check_disassembly(&mc, &sweep, Target::Gfx900);
    report("gfx900 SIMM16 sweeps bytes->text", n, &bad);
    total_bad += bad.len();

    assert_eq!(total_bad, 0, "mismatches against llvm-mc (see stderr)");
}

/// Inputs llvm-mc rejects for gfx900; gpumem must reject each one too.
const REJECTS: &[&str] = &[
    "s_load_dword s5, s[2:3], 0x100000",
    "s_load_dword s5, s[2:3], -0x100001",
    "s_buffer_load_dword s5, s[4:7], -1",
    "s_buffer_load_dword s5, s[4:7], 0x100000",
    "s_load_dword s5, s[2:3], s7 offset:0x100000",
    "s_buffer_load_dword s5, s[4:7], s7 offset:-4",
    "s_load_dword s5, s[2:3], 16 glc glc",
    "s_load_dword s5, s[2:3], 16 slc",
    "s_load_dword s5, s[2:3], 0x10 nv",
    "s_load_dword m0, s[2:3], 16",
    "s_load_dword exec_lo, s[2:3], 16",
    "s_load_dwordx2 exec, s[2:3], 16",
    "s_store_dword m0, s[2:3], 16",
    "s_load_dwordx2 s[5:6], s[2:3], 16",
    "s_load_dwordx4 s[6:9], s[2:3], 16",
    "s_load_dwordx8 s[2:9], s[2:3], 16",
    "s_atomic_cmpswap_x2 s[10:13], s[2:3], 0x8",
    "s_load_dwordx16 s[86:101], s[2:3], 16",
    "s_load_dwordx16 s[88:103], s[2:3], 16",
    "s_load_dword s102, s[2:3], 16",
    "s_load_dword ttmp16, s[2:3], 16",
    "s_load_dword s5, s[3:4], 16",
    "s_load_dword s5, s2, 16",
    "s_buffer_load_dword s5, s[2:5], 16",
    "s_buffer_load_dword s5, s[6:9], 16",
    "s_load_dword s5, s[2:3], null",
    "s_load_dword s5, s[2:3], 0x10 offset:4",
    "s_load_dword s5, s[2:3], offset:4",
    "s_load_dword s5, s[2:3], s7 glc offset:0x10",
    "s_load_dword s5, s[2:3], s7 offset:0x10 offset:0x20",
    "s_store_dwordx8 s[8:15], s[2:3], 0x0",
    "s_memtime s[4:5] glc",
    "s_memtime s[5:6]",
    "s_dcache_inv glc",
    "s_dcache_inv s1",
    "s_load_dword s5, s[2:3], 0x10 foo",
    "s_load_dword S5, s[2:3], 0x10",
    "s_load_dword s5",
    "s_load_dwordx3 s[4:6], s[2:3], 0x0",
    "s_mov_b32 s8, 0x100000000",
    "s_mov_b32 s8, -2147483649",
    "s_mov_b32 s8, 1e40",
    "s_mov_b64 s[8:9], 1.5",
    "s_mov_b64 s[8:9], 0x100000000",
    "s_mov_b64 exec, s[1:2]",
    "s_mov_b64 s[8:9], m0",
    "s_mov_b32 s8, src_lds_direct",
    "s_mov_b32 null, s1",
    "s_add_u32 s8, 0x1234, 0x1235",
    "s_mov_b32 s1, s2 glc",
    "s_setpc_b64 0",
    "s_setpc_b64 src_vccz",
    "s_movrels_b32 s1, 1",
    "s_cbranch_g_fork s[4:5], 0x12345678",
    "s_movk_i32 s8, 0x10000",
    "s_movk_i32 s8, -32769",
    "s_cmpk_eq_u32 s8, -1",
    "s_branch 0x10000",
    "s_branch -32769",
    "s_endpgm -1",
    "s_getreg_b32 s8, hwreg(64)",
    "s_getreg_b32 s8, hwreg(HW_REG_FLAT_SCR_LO)",
    "s_getreg_b32 s1, hwreg(1, 0, 33)",
    "s_getreg_b32 s1, hwreg(1, 2)",
    "s_getreg_b32 s1, 0x10000",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_NOP)",
    "s_sendmsg sendmsg(MSG_SYSMSG, 3)",
    "s_sendmsg sendmsg(MSG_INTERRUPT, 1)",
    "s_sendmsg sendmsg(MSG_GS)",
    "s_sendmsg 0x10000",
    "s_waitcnt vmcnt(64)",
    "s_waitcnt lgkmcnt(16)",
    "s_waitcnt expcnt(8)",
    "s_set_gpr_idx_on s4, 16",
    "s_set_gpr_idx_mode 16",
    "s_barrier 1",
    "s_atomic_add s5, s[2:3], 0x100000",
];

#[test]
fn rejects_what_llvm_mc_rejects() {
    let Some(mc) = llvm_mc() else { return };
    let lines: Vec<String> = REJECTS.iter().map(|s| s.to_string()).collect();
    let mut bad = Vec::new();
    for t in [Target::Gfx900, Target::Gfx906] {
        let theirs = llvm_assemble(&mc, &lines, t);
        for (line, llvm) in lines.iter().zip(&theirs) {
            if llvm.is_some() {
                bad.push(format!("llvm-mc ({t}) accepts `{line}`: {llvm:02x?}"));
            }
            if assemble(line, t).is_ok() {
                bad.push(format!("gpumem ({t}) accepts `{line}`"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // All of them in one file: gpumem reports one error per line at least.
    let src = REJECTS.join("\n");
    let diags = assemble(&src, Target::Gfx900).expect_err("rejected");
    let lines_with_errors: std::collections::HashSet<u32> =
        diags.errors().map(|d| d.span.line).collect();
    assert_eq!(lines_with_errors.len(), REJECTS.len());
    eprintln!(
        "rejects: {} inputs rejected by both llvm-mc and gpumem",
        REJECTS.len()
    );
}

// ---- generated syntax cases: symbols, expressions, labels, hwreg {..}, 64-bit values ----

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Symbols named like built-in syntax, set once at the top of every file
/// (llvm-mc's file and each of gpumem's cases alike).
const PRELUDE: &str =
    "hwreg = 6\nsendmsg = 1\nvmcnt = 2\nlgkmcnt = 3\nid = 5\nsize = 7\nglc = 1\n.set offset, 4\n";
const PRELUDE_SYMS: &[(&str, i64)] = &[
    ("hwreg", 6),
    ("sendmsg", 1),
    ("vmcnt", 2),
    ("lgkmcnt", 3),
    ("id", 5),
    ("size", 7),
    ("glc", 1),
    ("offset", 4),
];

/// One generated case: lines before, the instruction, lines after.
struct Case {
    pre: Vec<String>,
    line: String,
    post: Vec<String>,
}

impl Case {
    fn text(&self) -> String {
        let mut s = String::from(PRELUDE);
        for l in self.pre.iter().chain([&self.line]).chain(&self.post) {
            s.push_str(l);
            s.push('\n');
        }
        s
    }
}

/// llvm-mc's bytes for each case's instruction line, all cases in one file
/// (None where llvm-mc reports an error on the line, or leaves a fixup).
fn llvm_cases(mc: &Path, cases: &[Case], t: Target) -> Vec<Option<Vec<u8>>> {
    let mut out = Vec::with_capacity(cases.len());
    for chunk in cases.chunks(CHUNK / 4) {
        let mut input = String::from(PRELUDE);
        let mut line_of = Vec::with_capacity(chunk.len());
        let mut n = PRELUDE.lines().count();
        for c in chunk {
            for l in &c.pre {
                input.push_str(l);
                input.push('\n');
            }
            n += c.pre.len() + 1;
            line_of.push(n);
            input.push_str(&c.line);
            input.push('\n');
            for l in &c.post {
                input.push_str(l);
                input.push('\n');
            }
            n += c.post.len();
        }
        let cpu = mcpu(t);
        let (_, stdout, stderr) = run(
            mc,
            &["-arch=amdgcn", &cpu, "-show-encoding"],
            input.as_bytes(),
        );
        let mut errors = std::collections::HashSet::new();
        for l in stderr.lines() {
            if let Some(rest) = l.strip_prefix("<stdin>:")
                && let Some(n) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok())
                && l.contains("error")
            {
                errors.insert(n);
            }
        }
        // Only instruction lines print an encoding.
        let mut encs = stdout.lines().filter_map(|l| {
            let i = l.find("encoding: [")?;
            let body = &l[i + 11..l.rfind(']')?];
            // `A`: a fixup llvm-mc leaves to the linker (no bytes of its own).
            Some(
                body.split(',')
                    .map(|b| {
                        let b = b.trim().strip_prefix("0x")?;
                        u8::from_str_radix(b, 16).ok()
                    })
                    .collect::<Option<Vec<u8>>>(),
            )
        });
        for &ln in &line_of {
            if errors.contains(&ln) {
                out.push(None);
            } else {
                out.push(encs.next().flatten());
            }
        }
    }
    out
}

/// Compares gpumem with llvm-mc on every case: the same bytes, or both reject.
fn check_cases(mc: &Path, name: &str, cases: &[Case], t: Target) -> usize {
    let theirs = llvm_cases(mc, cases, t);
    let mut bad = Vec::new();
    let (mut acc, mut rej) = (0, 0);
    for (c, llvm) in cases.iter().zip(&theirs) {
        let ours = assemble(&c.text(), t).map(|a| a.bytes).ok();
        if ours.is_some() {
            acc += 1;
        } else {
            rej += 1;
        }
        if &ours != llvm {
            let why = assemble(&c.text(), t)
                .err()
                .and_then(|d| d.0.first().map(|x| x.message.clone()));
            bad.push(format!(
                "`{}` | pre {:?} post {:?}: gpumem {ours:02x?} ({why:?}), llvm {llvm:02x?}",
                c.line, c.pre, c.post
            ));
        }
    }
    eprintln!(
        "differential {name}: {} generated cases ({acc} accepted, {rej} rejected by both), {} mismatches",
        cases.len(),
        bad.len()
    );
    for b in bad.iter().take(25) {
        eprintln!("  {b}");
    }
    bad.len()
}

/// Byte ranges of the integer tokens of a printed instruction (not register
/// indices, not parts of names, not floats).
fn int_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = text.find(' ').unwrap_or(text.len());
    let mut bracket = false;
    while i < b.len() {
        let c = b[i];
        if c == b'[' {
            bracket = true;
        } else if c == b']' {
            bracket = false;
        }
        let prev_ok = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let starts =
            c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !bracket && prev_ok && starts {
            let s = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                i += 1;
            }
            if !text[s..i].contains('.') {
                out.push((s, i));
            }
            continue;
        }
        i += 1;
    }
    out
}

fn parse_int(t: &str) -> Option<i64> {
    let (neg, t) = t.strip_prefix('-').map_or((false, t), |r| (true, r));
    let v = match t.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok()?,
        None => t.parse::<u64>().ok()?,
    } as i64;
    Some(if neg { v.wrapping_neg() } else { v })
}

/// An expression over symbols that evaluates to `v`; the definitions it
/// needs go to `defs` (named after `tag`).
fn sym_expr(rng: &mut StdRng, v: i64, tag: &str, defs: &mut Vec<String>) -> String {
    let name = format!("v{tag}");
    let k: i64 = rng.gen_range(-300..300);
    let (set, e) = match rng.gen_range(0..12) {
        0 => (v, name.clone()),
        1 => (v.wrapping_sub(k), format!("{name} + {k}")),
        2 => (v.wrapping_sub(k), format!("{k} + {name}")),
        3 => (v.wrapping_add(k), format!("{name} - {k}")),
        4 => (v.wrapping_neg(), format!("-{name}")),
        5 => (!v, format!("~{name}")),
        6 => (v, format!("({name})")),
        7 => (
            v.wrapping_sub(k.wrapping_mul(4)),
            format!("{name} + {k} * 4"),
        ),
        8 => (v ^ 0x55, format!("{name} ^ 0x55")),
        9 => {
            // A prelude symbol named like built-in syntax.
            let (p, pv) = PRELUDE_SYMS[rng.gen_range(0..PRELUDE_SYMS.len())];
            (v.wrapping_sub(pv), format!("{name} + {p}"))
        }
        10 => (v.wrapping_add(k << 2), format!("{name} - ({k} << 2)")),
        _ => (v, format!("(({name} | 0) & -1)")),
    };
    let def = if rng.gen_bool(0.5) {
        format!("{name} = {set}")
    } else {
        format!(".set {name}, {set:#x}")
    };
    defs.push(def);
    e
}

/// A random integer expression (GNU precedence is llvm-mc's; both sides
/// evaluate it), over small numbers and the prelude's symbols.
fn rand_expr(rng: &mut StdRng, depth: u32) -> String {
    if depth == 0 || rng.gen_bool(0.3) {
        return match rng.gen_range(0..4) {
            0 => PRELUDE_SYMS[rng.gen_range(0..PRELUDE_SYMS.len())]
                .0
                .to_string(),
            1 => format!("{:#x}", rng.gen_range(0..0x200)),
            _ => rng.gen_range(0..70).to_string(),
        };
    }
    const OPS: &[&str] = &[
        "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "!", "==", "!=", "<>", "<", "<=", ">",
        ">=", "&&", "||",
    ];
    match rng.gen_range(0..10) {
        0 => format!("-{}", rand_expr(rng, depth - 1)),
        1 => format!("~{}", rand_expr(rng, depth - 1)),
        2 => format!("!{}", rand_expr(rng, depth - 1)),
        3 => format!("({})", rand_expr(rng, depth - 1)),
        _ => {
            let op = OPS[rng.gen_range(0..OPS.len())];
            format!(
                "{} {op} {}",
                rand_expr(rng, depth - 1),
                rand_expr(rng, depth - 1)
            )
        }
    }
}

/// 64-bit values around the fields' limits.
fn edge_value(rng: &mut StdRng) -> String {
    const EDGES: &[u64] = &[
        0xFFFF_FFFF_FFF0_0000,
        0xFFFF_FFFF_FFEF_FFFF,
        0xFFFF_FFFF_FFFF_FFFF,
        0xFFFF_FFFF_FFFF_FFFC,
        0x8000_0000_0000_0000,
        0x7FFF_FFFF_FFFF_FFFF,
        0xFFFF_FFFF_8000_0000,
        0xFFFF_FFFF_7FFF_FFFF,
        0xFFFF_FFFF_FFFF_8000,
        0xFFFF_FFFF_FFFF_7FFF,
        0xFFFF_FFFF_FFFF_FFC0,
        0xFFFF_FFFF_FFFF_FFF0,
        0x1_0000_0000,
        0xFFFF_FFFF,
        0x8000_0000,
        0x10_0000,
        0xF_FFFF,
        0x1_0000,
        0xFFFF,
        0x8000,
    ];
    let e = EDGES[rng.gen_range(0..EDGES.len())];
    let v = e.wrapping_add(rng.gen_range(0..3)).wrapping_sub(1);
    match rng.gen_range(0..4) {
        0 => format!("{v:#x}"),
        1 => format!("{v:#X}").replace("0X", "0x"),
        2 => v.to_string(),
        _ => format!("-{}", (v as i64).unsigned_abs()),
    }
}

#[test]
fn generated_symbols_expressions_and_wide_values() {
    let Some(mc) = llvm_mc() else { return };
    let mut rng = StdRng::seed_from_u64(0x05ee_d5e7);
    let corpus = common::corpus(12, 3, 0x5eed_9100);
    let (mut syms, mut fwd, mut exprs, mut wide) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (n, inst) in corpus.iter().enumerate() {
        let text = inst.to_string();
        let spans = int_spans(&text);
        for (k, &(s, e)) in spans.iter().enumerate() {
            let Some(v) = parse_int(&text[s..e]) else {
                continue;
            };
            let tag = format!("{n}_{k}");
            // Symbols set before the line.
            let mut pre = Vec::new();
            let ex = sym_expr(&mut rng, v, &tag, &mut pre);
            syms.push(Case {
                pre,
                line: format!("{}{ex}{}", &text[..s], &text[e..]),
                post: vec![],
            });
            // The symbol set after its use.
            if rng.gen_bool(0.25) {
                fwd.push(Case {
                    pre: vec![],
                    line: format!("{}f{tag}{}", &text[..s], &text[e..]),
                    post: vec![format!("f{tag} = {v}")],
                });
            }
            if rng.gen_bool(0.5) {
                exprs.push(Case {
                    pre: vec![],
                    line: format!("{}{}{}", &text[..s], rand_expr(&mut rng, 3), &text[e..]),
                    post: vec![],
                });
            }
            wide.push(Case {
                pre: vec![],
                line: format!("{}{}{}", &text[..s], edge_value(&mut rng), &text[e..]),
                post: vec![],
            });
        }
    }
    let mut bad = 0;
    bad += check_cases(&mc, "symbols in integer operands", &syms, Target::Gfx900);
    bad += check_cases(
        &mc,
        "symbols used before they are set",
        &fwd,
        Target::Gfx900,
    );
    bad += check_cases(
        &mc,
        "random expressions (GNU precedence)",
        &exprs,
        Target::Gfx900,
    );
    bad += check_cases(&mc, "64-bit values near the limits", &wide, Target::Gfx900);
    assert_eq!(bad, 0, "mismatches against llvm-mc (see stderr)");
}

#[test]
fn generated_hwreg_structured() {
    let Some(mc) = llvm_mc() else { return };
    let mut rng = StdRng::seed_from_u64(0x05ee_d4e6);
    let mut cases = Vec::new();
    for _ in 0..3000 {
        let mut fields: Vec<String> = Vec::new();
        for f in ["id", "offset", "size"] {
            if rng.gen_bool(0.6) {
                let v = match f {
                    "id" => rng.gen_range(-1..66),
                    "offset" => rng.gen_range(-1..34),
                    _ => rng.gen_range(-1..35),
                };
                let val = match rng.gen_range(0..6) {
                    0 => format!("{v:#x}"),
                    1 => format!("{} + 1", v - 1),
                    2 => "hwreg".to_string(),
                    3 => format!("v{}", cases.len()),
                    _ => v.to_string(),
                };
                fields.push(format!("{f}: {val}"));
            }
        }
        // Any order.
        for i in (1..fields.len()).rev() {
            fields.swap(i, rng.gen_range(0..=i));
        }
        let mut body = fields.join([", ", ","][rng.gen_range(0..2)]);
        match rng.gen_range(0..30) {
            0 => body.push(','),
            1 => body = format!("{body}, id: 1"),
            2 => body = body.replace("id", "ID"),
            3 => body = body.replace(',', ""),
            _ => {}
        }
        let opnd = match rng.gen_range(0..12) {
            0 => format!("hwreg({{{body}}})"),
            _ => format!("{{{body}}}"),
        };
        let line = match rng.gen_range(0..3) {
            0 => format!("s_getreg_b32 s{}, {opnd}", rng.gen_range(0..100)),
            1 => format!("s_setreg_b32 {opnd}, s{}", rng.gen_range(0..100)),
            _ => format!(
                "s_setreg_imm32_b32 {opnd}, {:#x}",
                rng.gen_range(0x100..u32::MAX)
            ),
        };
        cases.push(Case {
            pre: vec![format!("v{} = {}", cases.len(), rng.gen_range(0..40))],
            line,
            post: vec![],
        });
    }
    assert_eq!(
        check_cases(&mc, "hwreg {id:, offset:, size:}", &cases, Target::Gfx900),
        0,
        "mismatches against llvm-mc (see stderr)"
    );
}

/// llvm-mc's `.text` for a whole program (`-filetype=obj`), or None where it
/// reports an error or leaves a relocation (gpumem writes raw code only).
fn llvm_object_text(mc: &Path, src: &str, t: Target, tag: usize) -> Option<Vec<u8>> {
    let input = gpumem_oracle::temp_file(&format!("labels-{tag}.s"), src.as_bytes());
    let obj = input.with_extension("o");
    let cpu = mcpu(t);
    let (ok, _, _) = run(
        mc,
        &[
            "-arch=amdgcn",
            &cpu,
            "-filetype=obj",
            input.to_str()?,
            "-o",
            obj.to_str()?,
        ],
        b"",
    );
    if !ok {
        return None;
    }
    let readelf = mc.with_file_name("llvm-readelf");
    let (ok, out, _) = run(&readelf, &["-r", "-x", ".text", obj.to_str()?], b"");
    if !ok || out.contains("R_AMDGPU") {
        return None;
    }
    // Hex dump lines: `  0x00000000 0000 80bf ff00 88be ...  ................`
    let mut bytes = Vec::new();
    for l in out.lines() {
        let Some(rest) = l.trim_start().strip_prefix("0x") else {
            continue;
        };
        for word in rest.split_whitespace().skip(1).take(4) {
            if word.len() != 8 || !word.bytes().all(|c| c.is_ascii_hexdigit()) {
                break;
            }
            for k in 0..4 {
                bytes.push(u8::from_str_radix(&word[2 * k..2 * k + 2], 16).ok()?);
            }
        }
    }
    Some(bytes)
}

/// A random expression over the program's labels, its symbols and numbers.
fn label_expr(rng: &mut StdRng, depth: u32) -> String {
    const ATOMS: &[&str] = &["L0", "L1", "L2", "L3", "Y", "D", "A"];
    if depth == 0 || rng.gen_bool(0.35) {
        return if rng.gen_bool(0.7) {
            ATOMS[rng.gen_range(0..ATOMS.len())].to_string()
        } else {
            rng.gen_range(0..40).to_string()
        };
    }
    const OPS: &[&str] = &["+", "-", "+", "-", "*", "/", "<<", "&", "|"];
    match rng.gen_range(0..8) {
        0 => format!("-{}", label_expr(rng, depth - 1)),
        1 => format!("({})", label_expr(rng, depth - 1)),
        _ => {
            let op = OPS[rng.gen_range(0..OPS.len())];
            format!(
                "{} {op} {}",
                label_expr(rng, depth - 1),
                label_expr(rng, depth - 1)
            )
        }
    }
}

#[test]
fn generated_label_expressions() {
    let Some(mc) = llvm_mc() else { return };
    let mut rng = StdRng::seed_from_u64(0x5eed_1abe1);
    // Templates that llvm-mc resolves, beside random expressions.
    const TEMPLATES: &[&str] = &[
        "L0",
        "L3",
        "(L2)",
        "L1 + 4",
        "8 + L3",
        "L2 - 12",
        "L3 - L0",
        "L0 - L3",
        "L3 - L1 + 4",
        "(L3 - L0) / 4",
        "(L2 - L1) * 2",
        "(L1 - L0) << 2",
        "4 - L0 + L3",
        "L1 - 0",
        "-L1",
        "L1 + L2",
        "3 * L1",
        "Y",
        "Y + 4",
        "D",
        "D + L1",
        "A",
        "A + L2",
        "L2 + A",
        "L1 - L1",
    ];
    let mut n_ok = 0;
    let mut bad = Vec::new();
    let n = 400;
    for k in 0..n {
        let e = if rng.gen_bool(0.5) {
            TEMPLATES[rng.gen_range(0..TEMPLATES.len())].to_string()
        } else {
            label_expr(&mut rng, 3)
        };
        let probe = match rng.gen_range(0..12) {
            0 => format!("s_add_u32 s8, s1, {e}"),
            1 => format!("s_add_u32 s8, {e}, s1"),
            2 => format!("s_cmp_eq_u32 {e}, s3"),
            3 => format!("s_movk_i32 s8, {e}"),
            4 => format!("s_load_dword s5, s[2:3], {e}"),
            5 => format!("s_branch {e}"),
            6 => format!("s_cbranch_scc1 {e}"),
            7 => format!("s_mov_b64 s[8:9], {e}"),
            8 => format!("s_setreg_imm32_b32 hwreg(1), {e}"),
            9 => format!("s_add_u32 s8, {e}, 0x9999"),
            10 => format!("s_and_b32 s8, {e}, {e}"),
            _ => format!("s_mov_b32 s8, {e}"),
        };
        let early = rng.gen_bool(0.5);
        let mut src = String::from("s_nop 0\nL0:\ns_mov_b32 s1, 0x1234\nL1:\n");
        src.push_str("A = 12\nY = L1 + 4\n");
        if early {
            src.push_str(&probe);
            src.push('\n');
        }
        src.push_str("s_nop 0\nL2:\nD = L2 - L0\ns_add_u32 s2, s3, 0x4567\n");
        if !early {
            src.push_str(&probe);
            src.push('\n');
        }
        src.push_str("s_nop 1\nL3:\ns_endpgm\n");
        let theirs = llvm_object_text(&mc, &src, Target::Gfx900, k);
        let ours = assemble(&src, Target::Gfx900).map(|a| a.bytes).ok();
        if theirs.is_some() {
            n_ok += 1;
        }
        if ours != theirs {
            let why = assemble(&src, Target::Gfx900)
                .err()
                .and_then(|d| d.0.first().map(|x| x.message.clone()));
            bad.push(format!(
                "`{probe}` ({}): gpumem {ours:02x?} ({why:?}), llvm {theirs:02x?}",
                if early { "early" } else { "late" }
            ));
        }
    }
    eprintln!(
        "differential label expressions: {n} generated programs ({n_ok} resolved by llvm-mc, {} rejected or left with a relocation), {} mismatches",
        n - n_ok,
        bad.len()
    );
    for b in bad.iter().take(25) {
        eprintln!("  {b}");
    }
    assert!(bad.is_empty(), "mismatches against llvm-mc (see stderr)");
}

/// The processor names gpumem gives the `EF_AMDGPU_MACH` values of a code object's
/// `e_flags` are llvm-readobj 19's (`EF_AMDGPU_MACH_AMDGCN_GFX1030` is gfx1030), for every
/// value 0..=0x7f: the names in refusals, and gfx900/gfx906 the only ones read.
#[test]
fn mach_names_match_llvm_readobj() {
    let Oracle::Found(readobj) = require(llvm_bin(), "llvm-readobj") else {
        return;
    };
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let base = std::fs::read(format!("{root}/tests/data/vega-small.o")).expect("code object");
    let mut bad = Vec::new();
    let mut named = 0;
    for mach in 0u8..0x80 {
        let mut b = base.clone();
        b[48..52].copy_from_slice(&(mach as u32).to_le_bytes());
        let p = gpumem_oracle::temp_file(&format!("mach-{mach:02x}.o"), &b);
        let (_, out, _) = run(&readobj, &["-h", &p.display().to_string()], b"");
        let theirs = out
            .split_whitespace()
            .find_map(|w| w.strip_prefix("EF_AMDGPU_MACH_"))
            .and_then(|w| w.split_once('_'))
            .map(|(_, name)| name.to_ascii_lowercase().replace('_', "-"));
        let ours = gpumem_vega::code_object::mach_name(mach).map(str::to_string);
        named += ours.is_some() as usize;
        if ours != theirs {
            bad.push(format!(
                "{mach:#04x}: gpumem {ours:?}, llvm-readobj {theirs:?}"
            ));
        }
        let read = gpumem_vega::code_object::target(mach as u32).ok();
        let want = match mach {
            0x2c => Some(Target::Gfx900),
            0x2f => Some(Target::Gfx906),
            _ => None,
        };
        if read != want {
            bad.push(format!("{mach:#04x}: read as {read:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(named > 60, "{named}");
}
