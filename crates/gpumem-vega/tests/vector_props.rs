//! Vector instructions: the assembler and the disassembler never panic, and a sample
//! program (every family) assembles to llvm-mc's bytes and disassembles back to its text.

use gpumem_vega::vector::{self, table};
use gpumem_vega::{Target, assemble, disassemble};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

/// Lines llvm-mc 19 prints, and the bytes it assembles them to (`llvm-mc -arch=amdgcn
/// -mcpu=gfx900 -show-encoding`).
const SAMPLE: &[(&str, &[u8])] = &[
    (
        "v_mov_b32_e32 v4, 0x12345678",
        &[0xff, 0x02, 0x08, 0x7e, 0x78, 0x56, 0x34, 0x12],
    ),
    (
        "v_add_u16_e32 v4, 0x3800, v1",
        &[0xff, 0x02, 0x08, 0x4c, 0x00, 0x38, 0x00, 0x00],
    ),
    (
        "v_trunc_f64_e32 v[4:5], 0.15915494309189532",
        &[0xf8, 0x2e, 0x08, 0x7e],
    ),
    (
        "v_cmp_eq_u64_e32 vcc, 0xffffffec, v[2:3]",
        &[0xff, 0x04, 0xd4, 0x7d, 0xec, 0xff, 0xff, 0xff],
    ),
    (
        "v_mad_f32 v3, neg(1), -|v2|, |v3| clamp div:2",
        &[0x03, 0x86, 0xc1, 0xd1, 0x81, 0x04, 0x0e, 0x7c],
    ),
    (
        "v_mad_f16 v3, -v1, v2, v3 op_sel:[1,0,0,0] clamp mul:2",
        &[0x03, 0x88, 0x03, 0xd2, 0x01, 0x05, 0x0e, 0x2c],
    ),
    (
        "v_ldexp_f32 v4, s0, sext(s0)",
        &[0x04, 0x00, 0x88, 0xd2, 0x00, 0x00, 0x00, 0x40],
    ),
    (
        "v_add_co_u32_e64 v4, vcc, v1, v2",
        &[0x04, 0x6a, 0x19, 0xd1, 0x01, 0x05, 0x02, 0x00],
    ),
    (
        "v_madmk_f32 v4, 1.0, 0x3f800000, v2",
        &[0xf2, 0x04, 0x08, 0x2e, 0x00, 0x00, 0x80, 0x3f],
    ),
];

#[test]
fn sample_assembles_and_disassembles_like_llvm_mc() {
    for &(text, bytes) in SAMPLE {
        let a = assemble(text, Target::Gfx900).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(a.bytes, bytes, "{text}");
        let d = disassemble(bytes, Target::Gfx900);
        assert_eq!(d.len(), 1, "{text}");
        assert_eq!(d[0].text.as_deref(), Ok(text));
    }
}

#[test]
fn every_row_prints_parses_and_encodes_back() {
    // The all-zero fields of each row (with the fields a row needs set): print, parse the
    // text, encode; the bytes are the row's canonical word.
    let mut n = 0;
    for d in table::rows() {
        for t in [Target::Gfx900, Target::Gfx906] {
            if !d.valid_on(t) {
                continue;
            }
            let mut i = vector::VInst::new(d);
            // VGPR fields hold 256 + index; v0 everywhere.
            i.src = [256, 256, 256];
            if d.operands
                .iter()
                .any(|o| matches!(o.kind, table::VKind::Src(_) | table::VKind::SrcIn(..)))
            {
                // Sources: v0 fails the lane-mask and SGPR-only classes; s0 for them.
                for o in d.operands {
                    let k = match o.field {
                        table::VField::Src1 => 1,
                        table::VField::Src2 => 2,
                        table::VField::Src0 => 0,
                        _ => continue,
                    };
                    if let table::VKind::SrcIn(
                        _,
                        table::VClass::SReg32 | table::VClass::SReg1Xexec,
                    ) = o.kind
                    {
                        i.src[k] = 0;
                    }
                }
            }
            if let Some(table::VKind::K(_)) = d.operand(table::VField::K).map(|o| o.kind) {
                i.literal = Some(0x1234);
            }
            if d.ds.is_some_and(|f| f.gds == table::Gds::Always) {
                i.gds = true;
            }
            if d.flat.is_some_and(|f| f.seg != table::Seg::Flat) {
                i.saddr = 0x7f;
            }
            if d.buf.is_some() && d.buf != Some(table::BufKind::CacheCtl) {
                i.saddr = 0;
                i.src[2] = 128;
                i.lds = d.buf == Some(table::BufKind::StoreLds);
            }
            let words = vector::encode(&i);
            let (back, len) =
                vector::decode(&words, t).unwrap_or_else(|e| panic!("{}: {e}", d.name));
            assert_eq!(len, words.len(), "{}", d.name);
            let text = back.to_string();
            let a = assemble(&text, t).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let again: Vec<u32> = a
                .bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            assert_eq!(again, vector::encode(&back), "{text}");
            n += 1;
        }
    }
    assert!(n > 2000, "{n}");
}

#[test]
fn random_words_and_mutated_lines_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x7ec7_0001);
    let prefixes = [
        0x7e00_0000u32,
        0x7c00_0000,
        0x0000_0000,
        0xd000_0000,
        0xd800_0000,
        0xdc00_0000,
        0xe000_0000,
    ];
    for _ in 0..100_000 {
        let p = prefixes[rng.gen_range(0..prefixes.len())];
        let w = [
            p | (rng.next_u32() & 0x03ff_ffff),
            rng.next_u32(),
            rng.next_u32(),
        ];
        let n = rng.gen_range(0..=3);
        let _ = vector::decode(&w[..n], Target::Gfx900);
        if let Ok((i, _)) = vector::decode(&w, Target::Gfx906) {
            let _ = i.to_string();
            let _ = vector::encode(&i);
        }
    }
    let pieces = [
        "v1",
        "v[1:2]",
        "v[255:256]",
        "s[0:3]",
        "vcc",
        "off",
        "-",
        "|",
        "neg(",
        "sext(",
        ")",
        ",",
        " ",
        "0x",
        "-0x8000",
        "1.0",
        "op_sel:[1,0]",
        "offset:",
        "offset0:300",
        "swizzle(QUAD_PERM,0,1,2,3)",
        "swizzle(BITMASK_PERM,\"p",
        "gds",
        "glc",
        "tfe",
        "idxen",
        "/*",
        "é",
        "null",
        "src_lds_direct",
        "99999999999999999999",
    ];
    let names: Vec<&str> = table::rows().map(|d| d.name).collect();
    for _ in 0..20_000 {
        let mut line = names[rng.gen_range(0..names.len())].to_string();
        for _ in 0..rng.gen_range(0..8) {
            line.push_str(pieces[rng.gen_range(0..pieces.len())]);
            if rng.gen_bool(0.5) {
                line.push_str(", ");
            }
        }
        let _ = assemble(&line, Target::Gfx900);
    }
}

/// MTBUF format spellings llvm-mc 19 assembles (bytes from llvm-mc 19 `-show-encoding`).
#[test]
fn mtbuf_format_spellings() {
    let t = gpumem_vega::Target::Gfx900;
    let want: Vec<u8> = vec![0x00, 0x00, 0x90, 0xe8, 0x00, 0x01, 0x01, 0x00];
    for text in [
        "tbuffer_load_format_x v1, off, s[4:7], s0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SNORM]",
        "tbuffer_load_format_x v1, off, s[4:7], s0 format:[BUF_NUM_FORMAT_SNORM,BUF_DATA_FORMAT_16]",
        "tbuffer_load_format_x v1, off, s[4:7], s0 format:18",
    ] {
        let a = assemble(text, t).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(a.bytes, want, "{text}");
    }
    // llvm-mc 19 has no MTBUF TFE.
    assert!(assemble("tbuffer_load_format_x v1, off, s[4:7], s0 tfe", t).is_err());
    // Broken format texts are errors, not panics.
    for tail in [
        "format:",
        "format:[",
        "format:[]",
        "format:[BUF_DATA_FORMAT_16",
        "format:[BUF_DATA_FORMAT_16,BUF_DATA_FORMAT_8]",
        "format:128",
        "format:é",
        "format:[é,]",
        "format:1 format:2",
        "xformat:1",
    ] {
        let text = format!("tbuffer_load_format_x v1, off, s[4:7], s0 {tail}");
        assert!(assemble(&text, t).is_err(), "{text}");
    }
    assert!(assemble("buffer_store_lds_dword s[4:7], s0 glc lds", t).is_err());
    assert!(assemble("buffer_store_lds_dword s[4:7], s0", t).is_err());
}
