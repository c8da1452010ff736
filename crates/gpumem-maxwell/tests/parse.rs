//! The assembler front end: the seed pages' spelling, nvdisasm's spelling, labels,
//! schedules, and errors with line, column and offending text.

use gpumem_maxwell::codec::encode;
use gpumem_maxwell::inst::Ctrl;
use gpumem_maxwell::parse::parse_program;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::{Target, inst_addr};

fn one(src: &str) -> u64 {
    let p = parse_program(src, Target::Sm52).unwrap_or_else(|d| panic!("{src}: {:?}", d.0));
    encode(&p.insts[0], inst_addr(0))
}

fn text(src: &str) -> String {
    let p = parse_program(src, Target::Sm52).unwrap_or_else(|d| panic!("{src}: {:?}", d.0));
    let mut i = p.insts[0];
    i.ctrl = Ctrl::default();
    inst_text(&i)
}

fn errors(src: &str) -> Vec<(u32, u32, String, String)> {
    match parse_program(src, Target::Sm52) {
        Ok(_) => vec![],
        Err(d) => {
            d.0.into_iter()
                .map(|d| (d.span.line, d.span.col, d.text, d.message))
                .collect()
        }
    }
}

#[test]
fn seed_examples_assemble_to_nvdisasm_words() {
    // Each seed example, and the nvdisasm text of the word it must give.
    let cases = [
        ("LDG.32      R3, [R1];", "LDG R3, [R1] ;"),
        ("LDG.E       R0, [R2];", "LDG.E R0, [R2] ;"),
        (
            "LDC.32.IA  R2,c[0][R1 + 0x404];",
            "LDC R2, c[0x0][R1+0x404] ;",
        ),
        ("LDC.64     R4,c[7][0x400];", "LDC.64 R4, c[0x7][0x400] ;"),
        ("LDC.64     R6,c[7][0x408];", "LDC.64 R6, c[0x7][0x408] ;"),
        ("LDL.32 R0, [R1 - 0x004];", "LDL R0, [R1+-0x4] ;"),
        ("LDS.32 R0, [R1 + 424];", "LDS R0, [R1+0x1a8] ;"),
        ("LDS.32 R0, [424];", "LDS R0, [0x1a8] ;"),
        ("STG.32    [R1 + 20], R3;", "STG [R1+0x14], R3 ;"),
        ("STG.E     [R2 + 0x1234], R5;", "STG.E [R2+0x1234], R5 ;"),
        ("STG.64    [R1 + 24], R4;", "STG.64 [R1+0x18], R4 ;"),
        ("STG.8     [R1 + 24], R4;", "STG.U8 [R1+0x18], R4 ;"),
    ];
    for (src, want) in cases {
        assert_eq!(text(src), want, "{src}");
    }
}

#[test]
fn explicit_defaults_and_aliases_encode_like_the_default() {
    assert_eq!(one("LDG.E.CA R0, [R2];"), one("LDG.E R0, [R2];"));
    assert_eq!(one("LDG.E.CS R0, [R2];"), one("LDG.E R0, [R2];"));
    assert_eq!(one("LDG.E.LU R0, [R2];"), one("LDG.E.CG R0, [R2];"));
    assert_eq!(one("STG.E.WB [R2], R0;"), one("STG.E [R2], R0;"));
    assert_eq!(one("STG.16 [R2], R0;"), one("STG.U16 [R2], R0;"));
    assert_eq!(one("LDC.IA R0, c[3][R2];"), one("LDC R0, c[0x3][R2];"));
    assert_eq!(one("LDS.U.32 R11, [R10+-0x4] ;"), 0xef4c1fffffc70a0b);
    // Modifiers in any order.
    assert_eq!(one("LDG.64.CI.E R4, [R2+0x8];"), 0xeed5a00000870204);
}

#[test]
fn negative_offsets_in_every_spelling() {
    let want = one("LDL R4, [R1+-0x2];");
    assert_eq!(one("LDL R4, [R1 - 0x2];"), want);
    assert_eq!(one("LDL R4, [R1 + -2];"), want);
    assert_eq!(one("LDL R4, [ R1-2 ];"), want);
}

#[test]
fn omitted_ra_is_rz_and_omitted_offset_is_zero() {
    assert_eq!(one("LDG R0, [0x10];"), one("LDG R0, [RZ+0x10];"));
    assert_eq!(one("LDG R0, [R2];"), one("LDG R0, [R2+0];"));
    assert_eq!(one("LDG R0, [];"), one("LDG R0, [RZ];"));
}

#[test]
fn offset_limits() {
    assert_eq!(one("LDG R6, [R7+0x7fffff];"), 0xeed407fffff70706);
    assert!(
        errors("LDG R6, [R7+0x800000];")[0]
            .3
            .contains("offset out of range")
    );
    assert!(
        errors("LDG R6, [R7-0x800001];")[0]
            .3
            .contains("offset out of range")
    );
    assert_eq!(one("LDG R5, [0xfffff0];"), 0xeed40fffff07ff05);
    assert!(
        errors("LDG R5, [0x1000000];")[0]
            .3
            .contains("absolute address out of range")
    );
    assert!(
        errors("LDG R5, [-0x10];")[0]
            .3
            .contains("absolute address out of range")
    );
    // The sparse form has 20 bits.
    assert!(
        errors("LDG.E P0, R0, [R2+0x80000];")[0]
            .3
            .contains("signed 20-bit")
    );
    assert!(
        errors("LDC R0, c[0x20][R2];")[0]
            .3
            .contains("bank out of range")
    );
}

#[test]
fn guards() {
    assert_eq!(one("@P0 LDG.E R0, [R2] ;"), 0xeed4200000000200);
    assert_eq!(one("@!P3 LDG.E R0, [R2] ;"), 0xeed42000000b0200);
    assert_eq!(one("@!PT LDG.E R0, [R2] ;"), 0xeed42000000f0200);
    assert_eq!(one("@PT LDG.E R0, [R2] ;"), one("LDG.E R0, [R2] ;"));
}

#[test]
fn sparse_ldg_exists_on_sm52_only() {
    let src = "LDG.E P0, R0, [R2+0x10] ;";
    assert_eq!(one(src), 0xeecc2e0001070200);
    let e = parse_program(src, Target::Sm50).expect_err("SM50 has no sparse LDG");
    assert!(e.0[0].message.contains("operand"), "{:?}", e.0[0]);
}

#[test]
fn every_error_of_a_file_is_reported_with_line_column_and_text() {
    let src = "LDG.E R0, [R2];\n  LDG.Q R0, [R2];\nSTG.E [R2], R300;\n\tFOO R1;\nLDL.CG R0, [R1];\nLDG.E.E R0, [R2];\n";
    let e = errors(src);
    assert_eq!(e.len(), 5, "{e:?}");
    assert_eq!((e[0].0, e[0].1, e[0].2.as_str()), (2, 6, ".Q"));
    assert!(e[0].3.contains("unknown modifier"));
    assert_eq!((e[1].0, e[1].1, e[1].2.as_str()), (3, 13, "R300"));
    assert_eq!((e[2].0, e[2].1, e[2].2.as_str()), (4, 2, "FOO"));
    assert!(e[2].3.contains("unknown instruction"));
    assert_eq!((e[3].0, e[3].2.as_str()), (5, ".CG"));
    assert!(e[4].3.contains("duplicate"), "{:?}", e[4]);
}

#[test]
fn operand_errors_name_the_operand() {
    let e = errors("LDG.E R0, R2;");
    assert!(e[0].3.contains("expected an address"), "{e:?}");
    assert_eq!(e[0].2, "R2");
    let e = errors("LDG.E R0;");
    assert!(e[0].3.contains("expected an address"), "{e:?}");
    let e = errors("LDG.E R0, [R2], R3;");
    assert!(e[0].3.contains("too many operands"), "{e:?}");
}

#[test]
fn schedule_annotations_and_maxas_prefix_set_the_slot() {
    let p = parse_program(
        "LDG.E R0, [R2] &req={0,5} &rd=1 &wr=2 ?stall=6 ;",
        Target::Sm50,
    )
    .expect("parses");
    let c = p.insts[0].ctrl;
    assert_eq!(
        (c.wait, c.rd, c.wr, c.stall, c.no_yield),
        (0b100001, 1, 2, 6, true)
    );
    let p = parse_program(
        "LDG.E R0, [R2] {&req={3}} {&wr=5} {?stall=2} {?yield};",
        Target::Sm50,
    )
    .expect("braced");
    let c = p.insts[0].ctrl;
    assert_eq!((c.wait, c.wr, c.stall, c.no_yield), (0b1000, 5, 2, false));
    let p = parse_program("21:-:6:Y:f LDG.E R0, [R2] ;", Target::Sm50).expect("maxas");
    let c = p.insts[0].ctrl;
    assert_eq!(
        (c.wait, c.rd, c.wr, c.stall, c.no_yield),
        (0x21, 7, 5, 15, false)
    );
    assert!(
        errors("LDG.E R0, [R2] ?stall=16 ;")[0]
            .3
            .contains("out of range")
    );
    assert!(
        errors("LDG.E R0, [R2] &bogus=1 ;")[0]
            .3
            .contains("unknown schedule annotation")
    );
    assert!(errors("--:-:7:-:1 LDG.E R0, [R2] ;")[0].3.contains("maxas"));
}

#[test]
fn nvdisasm_spacing_marks_the_padding_slot() {
    let p = parse_program("LDG.E R0, [R2];\nLDG.E R0, [R2] ;", Target::Sm50).expect("parses");
    assert_eq!(p.insts[0].ctrl.to_slot(), 0x7e0);
    assert_eq!(p.insts[1].ctrl.to_slot(), 0x7e1);
}

#[test]
fn dual_issue_braces_round_trip() {
    let src = "{ @P0 LDG.E R0, [R2] ;\n @!P3 LDG.E R4, [R2] }\n";
    let bin = gpumem_maxwell::assemble(src, Target::Sm50).expect("assembles");
    let d = gpumem_maxwell::disassemble(&bin, 0, Target::Sm50).expect("decodes");
    let text = gpumem_maxwell::render(&d, gpumem_maxwell::SchedStyle::None, false);
    assert!(
        text.contains("        /*0008*/         {     @P0 LDG.E R0, [R2] ;\n"),
        "{text}"
    );
    assert!(
        text.contains("        /*0010*/              @!P3 LDG.E R4, [R2]         }\n"),
        "{text}"
    );
    assert!(
        errors("{ LDG.E R0, [R2] ;\n{ LDG.E R0, [R2] ; }")[0]
            .3
            .contains("nested")
    );
}

#[test]
fn nvdisasm_output_is_accepted_as_source() {
    let src = "\t.headerflags    @\"EF_CUDA_SM50 EF_CUDA_PTX_SM(EF_CUDA_SM50)\"\n                                                               /* 0x001f8000fc2007e1 */\n        /*0008*/                   LDG.E R0, [R2+0x10] ;       /* 0xeed4200001070200 */\n";
    assert_eq!(one(src), 0xeed4200001070200);
}

#[test]
fn garbage_never_panics() {
    for src in [
        "[",
        "]",
        "LDG.",
        "@",
        "@!",
        "LDG R0, [R1+]",
        "LDG R0, [R1+0x]",
        "LDC R0, c[",
        "LDC R0, c[1]",
        "LDC R0, c[1][",
        "{",
        "}",
        "--:-:-:-:",
        "\u{0}",
        "LDG R0, [R1 + 99999999999999999999999999999999999]",
        "LDG.E R0, [R2] &req={9}",
        "é:",
        "LDG R\u{e9}0, [R1]",
    ] {
        let _ = parse_program(src, Target::Sm52);
    }
}

#[test]
fn float_immediates_in_nvdisasm_spelling_round_trip() {
    // Words checked with nvdisasm 11.8: negative zero prints `-0.0 ` with a space.
    for (w, text) in [
        (0x3958000000070909u64, "FADD R9, R9, -0.0  ;"),
        (0x3958200000070909, "FADD R9, R9, -0.0 .NEG ;"),
        (0x3858200000070909, "FADD R9, R9, 0.NEG ;"),
        (
            0x3858004e80070909,
            "FADD R9, R9, 1.07374182400000000000e+09 ;",
        ),
        (
            0x38580037fba70909,
            "FADD R9, R9, 2.9996037483215332031e-05 ;",
        ),
    ] {
        let i = gpumem_maxwell::decode(w, gpumem_maxwell::inst::DEFAULT_SLOT, 8, Target::Sm50)
            .expect("decodes");
        assert_eq!(inst_text(&i), text);
        assert_eq!(one(text), w, "{text}");
    }
}

/// Special register 15 is `SR15` on SM50 and `SR_ORDERING_TICKET` on SM52 (nvdisasm 11.8;
/// found by the random-word differential); both spellings assemble on both targets.
#[test]
fn special_register_names_depend_on_the_target() {
    use gpumem_maxwell::{SchedStyle, Target, assemble, disassemble, render};
    for (t, name) in [(Target::Sm50, "SR15"), (Target::Sm52, "SR_ORDERING_TICKET")] {
        for src in ["S2R R1, SR15 ;", "S2R R1, SR_ORDERING_TICKET ;"] {
            let bin = assemble(src, t).expect(src);
            let text = render(&disassemble(&bin, 0, t).unwrap(), SchedStyle::None, true);
            assert!(text.contains(&format!("S2R R1, {name} ;")), "{t:?}: {text}");
        }
    }
}

/// A dual-issue pair whose first word does not decode keeps balanced braces: the invalid
/// line opens the pair, the second closes it as cuobjdump prints it (it used to leave the
/// second's `}` alone).
#[test]
fn braces_stay_balanced_when_the_first_of_a_pair_is_invalid() {
    use gpumem_maxwell::inst::{DEFAULT_SLOT, ctrl_word};
    use gpumem_maxwell::{SchedStyle, Target, assemble, disassemble, render};
    let good = assemble("MOV R1, R2 ;\nMOV R3, R4 ;\nMOV R5, R6 ;", Target::Sm52).unwrap();
    let dual = 0x7f0; // stall 0, bit 4 set, no barriers
    for first in [None, Some(u64::MAX)] {
        let mut b = good.clone();
        b[..8].copy_from_slice(&ctrl_word([dual, DEFAULT_SLOT, DEFAULT_SLOT]).to_le_bytes());
        if let Some(w) = first {
            b[8..16].copy_from_slice(&w.to_le_bytes());
        }
        for compact in [false, true] {
            let text = render(
                &disassemble(&b, 0, Target::Sm52).unwrap(),
                SchedStyle::None,
                compact,
            );
            let open: Vec<&str> = text.lines().filter(|l| l.contains('{')).collect();
            let close: Vec<&str> = text.lines().filter(|l| l.contains('}')).collect();
            assert_eq!((open.len(), close.len()), (1, 1), "{text}");
            assert!(
                open[0].contains("/*0008*/") && close[0].contains("/*0010*/"),
                "{text}"
            );
        }
    }
}

/// Messages a user can act on: ranges printed signed, the immediate's own range rather
/// than another encoding's complaint, no internal form names, and undefined labels
/// reported together with the syntax errors.
#[test]
fn assembler_messages_name_ranges_and_come_in_one_pass() {
    use gpumem_maxwell::{Target, assemble};
    let msgs = |src: &str| -> Vec<String> {
        assemble(src, Target::Sm52)
            .expect_err(src)
            .0
            .iter()
            .map(|d| format!("{}:{}: {}", d.span.line, d.span.col, d.message))
            .collect()
    };
    let m = msgs("ISETP.LT.AND P0, PT, R0, 0x1000000, PT ;");
    assert_eq!(
        m,
        ["1:26: immediate out of range: -0x80000..=0x7ffff (signed 20-bit)"]
    );
    let m = msgs("LDG.E R0, [R2+0x1000000] ;");
    assert_eq!(
        m,
        ["1:11: offset out of range: -0x800000..=0x7fffff (signed 24-bit)"]
    );
    let m = msgs("MOV R1, P0 ;");
    assert!(!m[0].contains("MOV_"), "{m:?}");
    let m = msgs("BRA nowhere ;\nFROB R1 ;\n");
    assert_eq!(
        m,
        [
            "1:5: undefined label `nowhere`",
            "2:1: unknown instruction `FROB`"
        ]
    );
}

/// A 20-bit integer immediate is sign-extended by the hardware in every row (issue 19;
/// SEMANTICS.md, "Immediates"). IADD3 and R2P print it as its bits (`0xffff0` is -0x10):
/// the assembler takes that spelling and the signed one for the same word, and prints
/// nvdisasm's; the rows printed signed take the signed value only, so that `0xffff0`
/// meaning +0xffff0 is refused, not silently negative. The 32I forms take either spelling
/// of their 32 bits.
#[test]
fn sign_extended_immediates_take_both_spellings() {
    use gpumem_maxwell::codec::decode;
    use gpumem_maxwell::inst::Operand;
    // The issue's word: a write-back address `tid - 16`.
    let w = one("IADD3 R12, R3, 0xffff0, R0 ;");
    assert_eq!(w, 0x39c0_007f_ff07_030c);
    assert_eq!(one("IADD3 R12, R3, -0x10, R0 ;"), w);
    let d = decode(w, 0, 0, Target::Sm52).unwrap();
    assert_eq!(
        d.operands[2],
        Operand::Imm(-0x10),
        "the value the hardware adds"
    );
    assert_eq!(inst_text(&d), "IADD3 R12, R3, 0xffff0, R0 ;");
    for (src, want) in [
        ("IADD3 R1, R0, -0x10, RZ ;", "IADD3 R1, R0, 0xffff0, RZ ;"),
        ("IADD3 R1, R0, -0x1, RZ ;", "IADD3 R1, R0, 0xfffff, RZ ;"),
        (
            "IADD3 R1, R0, -0x80000, RZ ;",
            "IADD3 R1, R0, 0x80000, RZ ;",
        ),
        ("IADD3 R1, R0, 0x7ffff, RZ ;", "IADD3 R1, R0, 0x7ffff, RZ ;"),
        (
            "IADD3.X R1, R0, -0x1, R2 ;",
            "IADD3.X R1, R0, 0xfffff, R2 ;",
        ),
        ("R2P PR, R0, -0x1 ;", "R2P PR, R0, 0xfffff ;"),
        ("IADD R1, R0, -0x10 ;", "IADD R1, R0, -0x10 ;"),
        (
            "LOP32I.AND R1, R0, -0x10 ;",
            "LOP32I.AND R1, R0, 0xfffffff0 ;",
        ),
        ("IADD32I R1, R0, 0xfffffff0 ;", "IADD32I R1, R0, -0x10 ;"),
    ] {
        assert_eq!(text(src), want, "{src}");
        assert_eq!(one(src), one(want), "{src}: one word for both spellings");
        // The parser holds the value as the decoder does.
        let p = parse_program(src, Target::Sm52).unwrap();
        let back = decode(one(src), p.insts[0].slot(), inst_addr(0), Target::Sm52).unwrap();
        assert_eq!(back.operands, p.insts[0].operands, "{src}");
    }
    // Out of range: positioned errors naming both spellings where both exist.
    for (src, col, msg) in [
        (
            "IADD3 R1, R0, 0x100000, RZ ;",
            15,
            "immediate out of range: -0x80000..=0x7ffff (signed 20-bit; 0x80000..=0xfffff, as nvdisasm prints them, are the negative values)",
        ),
        (
            "IADD3 R1, R0, -0x80001, RZ ;",
            15,
            "immediate out of range: -0x80000..=0x7ffff (signed 20-bit; 0x80000..=0xfffff, as nvdisasm prints them, are the negative values)",
        ),
        (
            "IADD R1, R0, 0xffff0 ;",
            14,
            "immediate out of range: -0x80000..=0x7ffff (signed 20-bit)",
        ),
    ] {
        let e = errors(src);
        assert_eq!(e.len(), 1, "{src}: {e:?}");
        assert_eq!((e[0].0, e[0].1, e[0].3.as_str()), (1, col, msg), "{src}");
    }
}
