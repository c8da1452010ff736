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

mod common;

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
