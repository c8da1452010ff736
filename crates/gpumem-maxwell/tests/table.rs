//! The table's meaning columns are consistent: one operation per mnemonic, modifier ids
//! in order with distinct names, every memory row's size and cache-operator values
//! carrying their meaning (and the atomic operations and BAR modes theirs), and `.PO` decoded once into the instruction.

use gpumem_maxwell::codec::{ROWS, decode, encode};
use gpumem_maxwell::inst::DEFAULT_SLOT;
use gpumem_maxwell::parse::parse_program;
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::table::{CacheOp, CctlAction, ModId, Op, ValSem};
use gpumem_maxwell::{Target, inst_addr};
use std::collections::{HashMap, HashSet};

#[test]
fn one_operation_per_mnemonic() {
    let mut by_name = HashMap::new();
    for r in ROWS.iter() {
        // `LEA.HI` is an operation of its own (the high word of the 64-bit shift): the
        // mnemonic is shared, the `.HI` group tells them apart.
        let name = if r
            .mods
            .iter()
            .any(|g| g.id == ModId::Hi && g.field.width == 0)
        {
            "LEA.HI"
        } else if r.op == Op::VoteVtg {
            // `VOTE.VTG` (the graphics vote) shares the mnemonic with the warp vote; its
            // `.VTG.*` modes tell them apart.
            "VOTE.VTG"
        } else {
            r.name
        };
        let op = *by_name.entry(name).or_insert(r.op);
        assert_eq!(op, r.op, "{} rows disagree on their operation", r.name);
    }
    // Encodings of one operation under two mnemonics.
    for (a, b) in [
        ("IADD", "IADD32I"),
        ("LOP", "LOP32I"),
        ("MOV", "MOV32I"),
        ("FADD", "FADD32I"),
        ("FMUL", "FMUL32I"),
        ("FFMA", "FFMA32I"),
        ("IMUL", "IMUL32I"),
        ("IMAD", "IMAD32I"),
        ("ISCADD", "ISCADD32I"),
    ] {
        assert_eq!(by_name[a], by_name[b]);
    }
}

#[test]
fn modifier_ids_are_in_order_and_named_once() {
    let mut names = HashSet::new();
    for (i, id) in ModId::ALL.iter().enumerate() {
        assert_eq!(*id as usize, i);
        assert!(names.insert(id.name()), "{} twice", id.name());
    }
    assert_eq!(ModId::COUNT, ModId::ALL.len());
}

#[test]
fn memory_values_carry_their_meaning() {
    for r in ROWS.iter() {
        let mut groups = HashSet::new();
        for g in r.mods {
            assert!(groups.insert(g.id), "{}: two `{}` groups", r.form, g.name());
            for v in g.vals {
                match (g.id, v.sem) {
                    (ModId::Sz, ValSem::Size(s)) => {
                        assert!([1, 2, 4, 8, 16].contains(&s.bytes), "{}", r.form);
                        assert_eq!(s.invalid, v.text.starts_with(".INVALID"), "{}", r.form);
                    }
                    (ModId::Cop, ValSem::Cache(c)) => {
                        assert_ne!(c, CacheOp::Default, "{}", r.form);
                        if !v.text.is_empty() {
                            assert_eq!(&v.text[1..], c.name(), "{}", r.form);
                        }
                    }
                    // A video type pair's meaning agrees with its spelling (`.S8.U16`;
                    // the S32.S32 default prints nothing).
                    (ModId::Sign, ValSem::Video(t)) => {
                        assert!([8, 16, 32].contains(&t.a_bits), "{}", r.form);
                        assert!([8, 16, 32].contains(&t.b_bits), "{}", r.form);
                        let s = |signed: bool| if signed { "S" } else { "U" };
                        let want = format!(
                            ".{}{}.{}{}",
                            s(t.a_signed),
                            t.a_bits,
                            s(t.b_signed),
                            t.b_bits
                        );
                        assert!(
                            v.text == want || (v.text.is_empty() && t.a_signed && t.a_bits == 32),
                            "{}: `{}` means {want}",
                            r.form,
                            v.text
                        );
                    }
                    (ModId::Sz | ModId::Cop, _) => panic!("{}: {} has no meaning", r.form, v.text),
                    // ALD/AST's width: 1-4 words, spelled in bits (32 prints nothing).
                    (ModId::AttrSize, ValSem::Size(s)) => {
                        assert!([4, 8, 12, 16].contains(&s.bytes), "{}", r.form);
                        let want = if s.bytes == 4 {
                            String::new()
                        } else {
                            format!(".{}", s.bytes as u32 * 8)
                        };
                        assert_eq!(v.text, want, "{}", r.form);
                    }
                    (ModId::AttrSize, _) => panic!("{}: {} has no meaning", r.form, v.text),
                    (ModId::Atom, ValSem::Atom(a)) => {
                        // The spelling names the meaning (`.CAST.SPIN` = CastSpin).
                        let name = format!("{a:?}").to_uppercase();
                        assert_eq!(v.text.replace('.', ""), name, "{}", r.form);
                    }
                    (ModId::Atom, _) => panic!("{}: {} has no meaning", r.form, v.text),
                    (ModId::Mode, ValSem::Bar(b)) => {
                        assert_eq!(r.op, Op::Bar, "{}", r.form);
                        assert_eq!(v.text[1..], format!("{b:?}").to_uppercase(), "{}", r.form);
                    }
                    (ModId::Mode, _) if r.op == Op::Bar => {
                        panic!("{}: BAR mode {} has no meaning", r.form, v.text)
                    }
                    // BAR.RED's operation and B2R's mode: the spelling names the meaning.
                    (ModId::RedOp, ValSem::BarRed(b)) => {
                        assert_eq!(r.op, Op::Bar, "{}", r.form);
                        assert_eq!(v.text[1..], format!("{b:?}").to_uppercase(), "{}", r.form);
                    }
                    // R2B writes what B2R reads: the same meanings.
                    (_, ValSem::B2r(m)) => {
                        assert!(matches!(r.op, Op::B2r | Op::R2b), "{}", r.form);
                        assert_eq!(v.text[1..], format!("{m:?}").to_uppercase(), "{}", r.form);
                    }
                    // A byte selector: the spelling lists the pool bytes from byte 3 down
                    // (the identity, `.3210` of A and `.7654` of B, prints nothing).
                    (ModId::ByteSelA | ModId::ByteSelB, ValSem::Bytes(b)) => {
                        let text: String = b.iter().rev().map(|d| d.to_string()).collect();
                        let ident = if g.id == ModId::ByteSelA {
                            "3210"
                        } else {
                            "7654"
                        };
                        let want = if v.text.is_empty() {
                            ident
                        } else {
                            &v.text[1..]
                        };
                        assert_eq!(text, want, "{}", r.form);
                    }
                    (ModId::ByteSelA | ModId::ByteSelB, _) => {
                        panic!("{}: byte select {} has no meaning", r.form, v.text)
                    }
                    // CCTL/CCTLL's operations: the spelling names the action.
                    (ModId::CctlOp, ValSem::Cctl(a)) => {
                        assert!(matches!(r.op, Op::Cctl | Op::Cctll), "{}", r.form);
                        let want = match a {
                            CctlAction::Prefetch => &[".PF1", ".PF1.5", ".PF2"][..],
                            CctlAction::WriteBack => &[".WB"],
                            CctlAction::Invalidate => &[".IV"],
                            CctlAction::Reset => &[".RS"],
                            CctlAction::ResetLb => &[".RSLB"],
                            CctlAction::Query => &[".QRY1"],
                        };
                        assert!(want.contains(&v.text), "{}: {} is {a:?}", r.form, v.text);
                    }
                    (ModId::CctlOp, _) if matches!(r.op, Op::Cctl | Op::Cctll) => {
                        panic!("{}: CCTL operation {} has no meaning", r.form, v.text)
                    }
                    (_, ValSem::None) => {}
                    (_, _) => panic!(
                        "{}: `{}` of {} has a meaning of another group",
                        r.form,
                        v.text,
                        g.name()
                    ),
                }
            }
            // A bitless group fixes one value, unless the row keeps it in the control slot.
            let in_slot = r.ctrl_group().is_some_and(|(_, c, _)| std::ptr::eq(c, g));
            if g.field.width == 0 && !in_slot {
                assert_eq!(
                    g.vals.len(),
                    1,
                    "{}: a bitless group fixes one value",
                    r.form
                );
            }
        }
        assert_eq!(
            r.mem.is_some(),
            groups.contains(&ModId::Sz),
            "{}: memory rows and size groups go together",
            r.form
        );
    }
}

#[test]
fn po_is_decoded_once_and_parsed_both_ways() {
    // docs/research/maxwell-alu-facts.md: IADD with bits 48 and 49.
    let w = 0x5c13_0000_00d7_0204;
    let i = decode(w, DEFAULT_SLOT, inst_addr(0), Target::Sm50).expect("IADD.PO");
    assert!(i.po);
    assert_eq!(inst_text(&i), "IADD.PO R4, R2, R13 ;");
    for src in ["IADD.PO R4, R2, R13 ;", "IADD R4, -R2, -R13 ;"] {
        let p = parse_program(src, Target::Sm50).expect(src);
        assert!(p.insts[0].po, "{src}");
        assert_eq!(encode(&p.insts[0], inst_addr(0)), w, "{src}");
        assert_eq!(p.insts[0], i, "{src}");
    }
    let one = decode(w & !(1 << 48), DEFAULT_SLOT, inst_addr(0), Target::Sm50).expect("IADD");
    assert!(!one.po);
    assert_eq!(inst_text(&one), "IADD R4, -R2, R13 ;");
    // IADD32I's `.PO` (bits 55 + 56) is a row of its own (bit 55 alone is rejected).
    let w32 = 0x1d80_0000_01f7_070d;
    let p = parse_program("IADD32I.PO R13, R7, 0x1f ;", Target::Sm50).expect("IADD32I.PO");
    assert!(p.insts[0].po);
    assert_eq!(encode(&p.insts[0], inst_addr(0)), w32);
    let i = decode(w32, DEFAULT_SLOT, inst_addr(0), Target::Sm50).expect("IADD32I.PO");
    assert_eq!(inst_text(&i), "IADD32I.PO R13, R7, 0x1f ;");
    assert!(decode(w32 & !(1 << 56), DEFAULT_SLOT, inst_addr(0), Target::Sm50).is_err());
}
