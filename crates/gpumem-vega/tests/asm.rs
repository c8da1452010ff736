//! Assembler behaviour: labels, diagnostics with positions, lints.

use gpumem_isa::Severity;
use gpumem_vega::{Target, assemble, disassemble, lint};

fn bytes_of(src: &str) -> Vec<u8> {
    assemble(src, Target::Gfx900).expect("assembles").bytes
}

#[test]
fn labels_resolve_backward_and_forward() {
    let src =
        "loop:\n  s_nop 0\n  s_cbranch_scc0 done ; forward\n  s_branch loop\ndone:\n  s_endpgm\n";
    let b = bytes_of(src);
    let lines = disassemble(&b, Target::Gfx900);
    let texts: Vec<String> = lines.into_iter().map(|l| l.text.unwrap()).collect();
    // s_cbranch_scc0 at 4 jumps to 12: (12 - 8) / 4 = 1. s_branch at 8 to 0: -3.
    assert_eq!(
        texts,
        ["s_nop 0", "s_cbranch_scc0 1", "s_branch 65533", "s_endpgm"]
    );
}

#[test]
fn labels_count_literal_dwords() {
    let src = "s_mov_b32 s0, 0x12345678\ns_branch end\ns_mov_b32 s1, 0x12345678\nend: s_endpgm";
    let b = bytes_of(src);
    // s_branch at 8; end at 20: (20 - 12) / 4 = 2.
    assert_eq!(&b[8..12], &[0x02, 0x00, 0x82, 0xbf]);
}

#[test]
fn every_error_of_a_file_is_reported_with_position() {
    let src = "s_load_dwordx2 s[5:6], s[2:3], 0x10\n\
               s_nop 0\n\
               s_buffer_load_dword s5, s[4:7], -4\n\
               s_frobnicate s1\n\
               s_load_dword s5, s[2:3], 16 glc glc\n\
               s_branch nowhere\n";
    let d = assemble(src, Target::Gfx900).expect_err("errors");
    let errs: Vec<_> = d.errors().collect();
    let at: Vec<(u32, u32, &str)> = errs
        .iter()
        .map(|e| (e.span.line, e.span.col, e.text.as_str()))
        .collect();
    assert_eq!(
        at,
        [
            (1, 16, "s[5:6]"),
            (3, 33, "-4"),
            (4, 1, "s_frobnicate"),
            (5, 33, "glc"),
            (6, 10, "nowhere"),
        ],
        "{errs:#?}"
    );
    assert!(errs[0].message.contains("alignment"));
    assert!(errs[1].message.contains("20-bit unsigned"));
    assert!(errs[2].message.contains("unknown instruction"));
    assert!(errs[3].message.contains("duplicate"));
    assert!(errs[4].message.contains("undefined label"));
    let rendered = gpumem_isa::render_diagnostics("k.s", src, &d.0);
    assert!(
        rendered.contains("k.s:3:33: error: expected a 20-bit unsigned offset"),
        "{rendered}"
    );
}

#[test]
fn several_errors_on_one_line() {
    let d =
        assemble("s_load_dwordx2 s[5:6], s[3:4], 0x100000", Target::Gfx900).expect_err("errors");
    assert_eq!(d.errors().count(), 3, "{d:#?}");
}

fn lints_of(src: &str) -> Vec<&'static str> {
    let d = lint(src, Target::Gfx900);
    assert!(d.0.iter().all(|x| x.severity == Severity::Warning));
    d.0.iter().map(|x| x.lint.unwrap()).collect()
}

#[test]
fn lints_fire_where_the_isa_forbids_what_llvm_accepts() {
    assert_eq!(
        lints_of("s_store_dword s1, s[2:3], s4"),
        ["smem-store-sgpr-offset"]
    );
    assert_eq!(
        lints_of("s_atomic_add s1, s[2:3], s4 offset:0x8"),
        ["smem-store-sgpr-offset"]
    );
    assert!(lints_of("s_store_dword s1, s[2:3], m0").is_empty());
    assert_eq!(
        lints_of("s_load_dword s5, s[2:3], -0x4"),
        ["smem-negative-offset"]
    );
    assert_eq!(
        lints_of("s_load_dword s5, s[2:3], 0x3"),
        ["smem-unaligned-offset"]
    );
    assert_eq!(
        lints_of("s_load_dwordx2 s[2:3], s[2:3], 0x0"),
        ["smem-replay-overlap"]
    );
    assert_eq!(
        lints_of("s_load_dwordx4 s[4:7], s[2:3], s6"),
        ["smem-replay-overlap"]
    );
    assert!(lints_of("s_load_dwordx4 s[4:7], s[2:3], s8").is_empty());
    assert_eq!(
        lints_of("s_load_dword ttmp3, s[2:3], 0x0"),
        ["smem-sdata-not-sgpr"]
    );
    assert!(lints_of("s_load_dword vcc_hi, s[2:3], 0x0").is_empty());
    assert_eq!(
        lints_of("s_atc_probe 0x80, s[4:5], 0x64"),
        ["smem-probe-truncated"]
    );
    assert_eq!(lints_of("s_nop 0x10000"), ["imm16-truncated"]);
    // Warnings do not stop assembly and carry a position.
    let a = assemble("s_nop 0\ns_store_dword s1, s[2:3], s4", Target::Gfx900).unwrap();
    assert_eq!(a.warnings.len(), 1);
    assert_eq!((a.warnings[0].span.line, a.warnings[0].span.col), (2, 27));
}

#[test]
fn every_lint_is_documented() {
    let doc = include_str!("../LINTS.md");
    for l in gpumem_vega::lint::LINTS {
        assert!(doc.contains(&format!("`{l}`")), "{l} missing from LINTS.md");
    }
}

#[test]
fn syntax_variants_accepted_like_llvm_mc() {
    let same = [
        ("s_load_dword s5, s[2:3]", "s_load_dword s5, s[2:3], 0x0"),
        (
            "s_load_dword s5, s[2:3] glc",
            "s_load_dword s5, s[2:3], 0x0 glc",
        ),
        ("S_LOAD_DWORD s5,s[2:3],16", "s_load_dword s5, s[2:3], 0x10"),
        (
            "s_load_dwordx2 s[4 : 5], s[2:3], 8 // c",
            "s_load_dwordx2 s[4:5], s[2:3], 0x8",
        ),
        (
            "s_load_dwordx2 [s4,s5], s[2:3], 1+7",
            "s_load_dwordx2 s[4:5], s[2:3], 0x8",
        ),
        (
            "s_waitcnt vmcnt(1) & lgkmcnt(2)",
            "s_waitcnt vmcnt(1) lgkmcnt(2)",
        ),
        (
            "s_waitcnt vmcnt(1), expcnt(2)",
            "s_waitcnt vmcnt(1) expcnt(2)",
        ),
        (
            "s_waitcnt lgkmcnt_sat(20)",
            "s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)",
        ),
        ("s_mov_b32 s8, 0x3f800000", "s_mov_b32 s8, 1.0"),
        ("s_mov_b32 s8, scc", "s_mov_b32 s8, src_scc"),
        (
            "s_getreg_b32 s8, hwreg(1, 0, 32)",
            "s_getreg_b32 s8, hwreg(HW_REG_MODE)",
        ),
        (
            "s_sendmsg sendmsg(MSG_GS, 2, 1)",
            "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)",
        ),
        (
            "s_set_gpr_idx_on s4, 3",
            "s_set_gpr_idx_on s4, gpr_idx(SRC0,SRC1)",
        ),
        ("s_branch -2", "s_branch 65534"),
        (".text\ns_endpgm 0", "s_endpgm"),
    ];
    for (a, b) in same {
        assert_eq!(bytes_of(a), bytes_of(b), "`{a}` vs `{b}`");
        let printed = disassemble(&bytes_of(a), Target::Gfx900);
        assert_eq!(
            printed.last().unwrap().text.as_deref(),
            Ok(b.lines().last().unwrap())
        );
    }
}

#[test]
fn lint_reports_the_assemblers_errors_too() {
    let src = "bogus_insn s0\ns_mov_b32 s0,\ns_memtime s[11:12]\ns_store_dword s1, s[2:3], s4\n";
    let d = lint(src, Target::Gfx900);
    let lines: Vec<(u32, Severity)> = d.0.iter().map(|x| (x.span.line, x.severity)).collect();
    assert!(lines.contains(&(1, Severity::Error)), "{d:#?}");
    assert!(lines.contains(&(2, Severity::Error)), "{d:#?}");
    assert!(lines.contains(&(3, Severity::Error)), "{d:#?}");
    assert!(lines.contains(&(4, Severity::Warning)), "{d:#?}");
}

#[test]
fn symbols_and_label_expressions() {
    // Values checked against llvm-mc 19 (`-filetype=obj`).
    let src = "x = 4\n\
               .set y, x * 4 + 1\n\
               s_load_dword s5, s[2:3], y - 1\n\
               s_nop 0\n\
               top:\n\
               s_mov_b32 s8, top + 4\n\
               s_mov_b32 s8, end - top\n\
               s_movk_i32 s8, 2 + 5 & 1\n\
               s_getreg_b32 s8, {size: 3, id: 5}\n\
               s_load_dword s5, s[2:3], 0xFFFFFFFFFFF00000\n\
               end:\n";
    let b = bytes_of(src);
    assert_eq!(&b[4..8], &[0x10, 0, 0, 0], "SMEM offset y - 1 = 16");
    // top = 12; the literal at 16 holds top + 4 - 16 (PC-relative).
    assert_eq!(&b[16..20], &0u32.to_le_bytes());
    // end = 44: a difference of labels is a plain value.
    assert_eq!(&b[24..28], &32u32.to_le_bytes());
    // GNU precedence: `&` binds tighter than `+`.
    assert_eq!(&b[28..30], &[3, 0]);
    assert_eq!(&b[32..34], &[0x05, 0x10]);
    assert_eq!(&b[40..44], &[0x00, 0x00, 0x10, 0x00]);
}

#[test]
fn symbol_named_like_a_builtin_keeps_the_builtin() {
    let b = bytes_of("hwreg = 6\ns_getreg_b32 s8, hwreg(hwreg)\ns_getreg_b32 s8, hwreg\n");
    assert_eq!(&b[0..4], &[0x06, 0xf8, 0x88, 0xb8]);
    assert_eq!(&b[4..8], &[0x06, 0x00, 0x88, 0xb8]);
}

#[test]
fn undefined_names_and_syntax_errors_in_one_pass() {
    let src = "s_mov_b32 s8, nowhere + 4\n\
               s_load_dword s5, s[2:3], later\n\
               s_getreg_b32 s8, {id: 1,}\n\
               s_mov_b32 s8, (1\n\
               later = 8\n\
               s_mov_b32 s8, later2 - 0\n\
               later2 = 3\n";
    let d = assemble(src, Target::Gfx900).expect_err("errors");
    let at: Vec<(u32, u32)> = d.errors().map(|e| (e.span.line, e.span.col)).collect();
    assert_eq!(at, [(1, 15), (2, 26), (3, 25), (4, 17)], "{d:#?}");
    assert!(
        d.errors()
            .next()
            .unwrap()
            .message
            .contains("undefined label or symbol `nowhere`")
    );
    // A symbol used before it is set is fine where llvm-mc resolves it
    // (`later2 - 0` is a plain value once the file is read).
    assert_eq!(
        assemble(
            "s_mov_b32 s8, later2 - 0\nlater2 = 0x1234\n",
            Target::Gfx900
        )
        .unwrap()
        .bytes[4..8],
        0x1234u32.to_le_bytes()
    );
}

#[test]
fn disassembly_of_a_cut_file_names_the_offset() {
    let lines = disassemble(&[0x00, 0x00, 0x80, 0xbf, 1, 2, 3], Target::Gfx900);
    let e = lines.last().unwrap().text.as_ref().unwrap_err().to_string();
    assert!(
        e.contains("ends inside an instruction at offset 0x4"),
        "{e}"
    );
    // An SMEM instruction cut after its first dword: one line.
    let lines = disassemble(&[0x00, 0x00, 0x02, 0xc0, 1, 2, 3], Target::Gfx900);
    assert_eq!(lines.len(), 1);
    let e = lines[0].text.as_ref().unwrap_err().to_string();
    assert!(e.contains("at offset 0x0 (7 of its 8 bytes)"), "{e}");
}

/// A 100 KB token is repeated in a diagnostic (its message and its `text`) clipped to
/// `gpumem_isa::MAX_ECHO` characters and an ellipsis; the position still points at it.
#[test]
fn a_huge_token_is_echoed_clipped_at_its_position() {
    let tok = "x".repeat(100_000);
    let cases = [
        (format!("s_mov_b32 s0, {tok}"), 15),
        (format!("s_{tok} s0"), 1),
        (format!("s_nop 0\n{tok}:\n{tok}:"), 1),
        (format!("s_waitcnt {tok}(0)"), 11),
        (format!("s_getreg_b32 s0, hwreg({tok})"), 24),
        (format!("s_branch {tok}"), 10),
        (format!("s_mov_b32 s0, s1 {tok}"), 18),
        (format!(".{tok}"), 1),
        (format!("y = {tok}\ns_mov_b32 s0, y"), 15),
    ];
    for (src, col) in &cases {
        let d = lint(src, Target::Gfx900);
        let first =
            d.0.first()
                .unwrap_or_else(|| panic!("no diagnostic: {}", &src[..40]));
        assert_eq!(
            first.span.col,
            *col,
            "{}",
            &first.message[..first.message.len().min(200)]
        );
        for x in &d.0 {
            assert!(
                x.message.len() < 400 && x.text.len() < 400,
                "{} bytes: {}",
                x.message.len(),
                &x.message[..200]
            );
        }
        assert!(
            d.0.iter()
                .any(|x| x.message.contains("xxx…") || x.text.ends_with('…')),
            "{:?}",
            d.0.iter()
                .map(|x| &x.message[..x.message.len().min(200)])
                .collect::<Vec<_>>()
        );
        let shown = gpumem_isa::render_diagnostics("k.s", src, &d.0);
        assert!(shown.len() < 1500 * d.0.len(), "{} bytes", shown.len());
    }
}

fn program_lints(src: &str) -> Vec<(u32, &'static str)> {
    let d = lint(src, Target::Gfx900);
    assert!(!d.has_errors(), "{d:#?}");
    d.0.iter().map(|x| (x.span.line, x.lint.unwrap())).collect()
}

/// The guide's example, which a run reports as `read-before-wait`, gets the same from
/// the lint; `assemble` keeps to the line lints.
#[test]
fn lint_reports_a_load_read_before_its_waitcnt() {
    let src = include_str!("../../../examples/vega/missing-waitcnt.s");
    let d = lint(src, Target::Gfx900);
    assert_eq!(d.0.len(), 1, "{d:#?}");
    let w = &d.0[0];
    assert_eq!(w.lint, Some("read-before-wait"));
    assert_eq!((w.span.line, w.span.col), (7, 1));
    assert_eq!(w.text, "s_mov_b32 s5, s4");
    assert!(
        w.message
            .contains("reads s4 which the SMEM at 0x0000 (line 3)"),
        "{}",
        w.message
    );
    assert!(assemble(src, Target::Gfx900).unwrap().warnings.is_empty());
    // Waited for: nothing.
    assert!(
        program_lints(
            "s_load_dword s4, s[0:1], 0x0\ns_waitcnt lgkmcnt(0)\ns_mov_b32 s5, s4\ns_endpgm\n"
        )
        .is_empty()
    );
    // lgkmcnt(1) guarantees a two-dword load only; a one-dword one may still be out.
    assert_eq!(
        program_lints(
            "s_load_dwordx2 s[4:5], s[0:1], 0x0\ns_load_dword s6, s[0:1], 0x8\ns_waitcnt lgkmcnt(1)\ns_mov_b32 s7, s5\ns_mov_b32 s8, s6\ns_endpgm\n"
        ),
        [(5, "read-before-wait")]
    );
    // On one path only: still a hazard (a may-analysis); a write too.
    assert_eq!(
        program_lints(
            "s_load_dword s4, s[0:1], 0x0\ns_cbranch_scc0 skip\ns_waitcnt lgkmcnt(0)\nskip: s_mov_b32 s4, 0\ns_endpgm\n"
        ),
        [(4, "write-before-wait")]
    );
    // SMEM sources count as reads (a base loaded but not waited for).
    assert_eq!(
        program_lints(
            "s_load_dwordx2 s[2:3], s[0:1], 0x0\ns_load_dword s4, s[2:3], 0x0\ns_waitcnt lgkmcnt(0)\ns_endpgm\n"
        ),
        [(2, "read-before-wait")]
    );
    // An atomic without GLC returns nothing; with GLC its pre-op value.
    assert!(
        program_lints("s_atomic_add s4, s[0:1], 0x0\ns_nop 0\ns_mov_b32 s5, s4\ns_endpgm\n")
            .is_empty()
    );
    assert_eq!(
        program_lints("s_atomic_add s4, s[0:1], 0x0 glc\ns_nop 0\ns_mov_b32 s5, s4\ns_endpgm\n"),
        [(3, "read-before-wait")]
    );
}

/// `atomic-in-clause` once per clause, at its first atomic, naming the atomics; clause
/// overwrites per pair.
#[test]
fn lint_reports_clauses_once() {
    let src = "s_load_dword s4, s[0:1], 0x0\n\
               s_atomic_add s5, s[0:1], 0x4\n\
               s_load_dword s6, s[0:1], 0x8\n\
               s_load_dword s7, s[0:1], 0xc\n\
               s_atomic_or s8, s[0:1], 0x10\n\
               s_waitcnt lgkmcnt(0)\n\
               s_atomic_add s5, s[0:1], 0x4\n\
               s_endpgm\n";
    let d = lint(src, Target::Gfx900);
    assert_eq!(d.0.len(), 1, "{d:#?}");
    assert_eq!(
        (d.0[0].lint, d.0[0].span.line),
        (Some("atomic-in-clause"), 2)
    );
    assert!(
        d.0[0]
            .message
            .contains("atomics at 0x0008 (line 2), 0x0020 (line 5) are in a clause of 5"),
        "{}",
        d.0[0].message
    );
    assert_eq!(
        program_lints(
            "s_load_dword s5, s[2:3], 0x0\ns_load_dword s2, s[0:1], 0x4\ns_waitcnt lgkmcnt(0)\ns_endpgm\n"
        ),
        [(2, "replay-clause-overwrite")]
    );
}

/// Only instructions that can run are linted for what they do: code after `s_endpgm` or
/// an `s_branch` that nothing reaches is not; a label reached by a branch, or by an
/// address in registers (`s_setpc_b64` goes to any label), is.
#[test]
fn lint_skips_code_that_cannot_run() {
    let dead = "s_load_dword s4, s[0:1], 0x0\n\
                s_mov_b32 s5, s4\n\
                s_load_dwordx2 s[0:1], s[0:1], 0x0\n\
                s_atomic_add s5, s[0:1], 0x4\n";
    assert!(program_lints(&format!("s_endpgm\n{dead}")).is_empty());
    assert!(program_lints(&format!("s_branch end\n{dead}end: s_endpgm\n")).is_empty());
    // The line lints still apply to every line.
    assert_eq!(
        program_lints("s_endpgm\ns_load_dword s5, s[2:3], 0x3\n"),
        [(2, "smem-unaligned-offset")]
    );
    let live = [
        (2, "read-before-wait"),
        (3, "smem-replay-overlap"),
        (4, "atomic-in-clause"),
        (4, "read-before-wait"),
    ];
    let on = |l: &[(u32, &'static str)]| -> Vec<(u32, &'static str)> {
        l.iter().map(|&(n, s)| (n + 1, s)).collect()
    };
    assert_eq!(
        program_lints(&format!("s_cbranch_scc0 0\n{dead}s_endpgm\n")),
        on(&live)
    );
    let reached = format!("s_setpc_b64 s[8:9]\nat: {dead}s_endpgm\n");
    assert_eq!(program_lints(&reached), on(&live));
    // s_swappc_b64 returns to the next instruction.
    assert_eq!(
        program_lints(&format!("s_swappc_b64 s[10:11], s[8:9]\n{dead}s_endpgm\n")),
        on(&live)
    );
}

#[test]
fn control_flow_comes_from_the_rows() {
    use gpumem_vega::table::{Control, Imm16, Kind, TABLE};
    for d in TABLE {
        // A row goes to a SIMM16 target exactly when it has a branch operand.
        let has_target = d
            .operands
            .iter()
            .any(|o| o.kind == Kind::Imm16(Imm16::Branch));
        let wants_target = matches!(d.control, Control::Jump | Control::Branch);
        assert_eq!(has_target, wants_target, "{}", d.name);
        if d.format == gpumem_vega::Format::Smem {
            assert_eq!(d.control, Control::Next, "{}", d.name);
        }
    }
}
