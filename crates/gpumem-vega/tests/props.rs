//! Property tests over the whole table: print/parse and encode/decode round
//! trips, and "never panics" on arbitrary words and arbitrary text.

use crate::common;

use gpumem_vega::{Target, assemble, decode, disassemble, encode, lint, table};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn any_inst() -> impl Strategy<Value = gpumem_vega::Inst> {
    (0..table::TABLE.len(), any::<u64>()).prop_map(|(row, seed)| {
        let mut rng = StdRng::seed_from_u64(seed);
        common::instances(&table::TABLE[row], &mut rng, 1 + (seed % 3) as usize)
            .pop()
            .expect("one instance")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn encode_decode_round_trip(inst in any_inst()) {
        let w = encode(&inst);
        let (back, n) = decode(&w, Target::Gfx900).expect("decodes");
        prop_assert_eq!(n, w.len());
        prop_assert_eq!(back, inst);
    }

    #[test]
    fn print_parse_round_trip(inst in any_inst()) {
        let text = inst.to_string();
        let back = gpumem_vega::parse_inst(&text, Target::Gfx906).map_err(|d| TestCaseError::fail(format!("{text}: {d:?}")))?;
        prop_assert_eq!(encode(&back), encode(&inst), "{}", text);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn decoder_never_panics(words in proptest::collection::vec(any::<u32>(), 0..6)) {
        let r = decode(&words, Target::Gfx900);
        if let Ok((inst, n)) = r {
            prop_assert!(n <= words.len() && n > 0);
            // Whatever decodes, prints, and its canonical form decodes to itself.
            let text = inst.to_string();
            let enc = encode(&inst);
            prop_assert_eq!(decode(&enc, Target::Gfx900).map(|x| x.0), Ok(inst), "{}", text);
        }
    }

    #[test]
    fn scalar_words_never_panic(op in any::<u32>(), rest in any::<u32>(), lit in any::<u32>()) {
        // Bias towards the scalar formats: top bits 10xx / 1011 / 110000.
        for top in [0x8000_0000u32, 0xB000_0000, 0xBE80_0000, 0xBF00_0000, 0xBF80_0000, 0xC000_0000] {
            let w = top | (op & !(top | (top >> 1) | (top >> 2) | (top >> 3)) & 0x0FFF_FFFF) | (op & 0x007F_FFFF);
            let _ = decode(&[w, rest, lit], Target::Gfx906).map(|(i, _)| i.to_string());
        }
    }

    #[test]
    fn disassemble_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let lines = disassemble(&bytes, Target::Gfx900);
        let covered: usize = lines.iter().map(|l| l.words.len() * 4).sum::<usize>();
        prop_assert!(covered <= bytes.len());
    }

    /// The program lints on any decodable words (scalar formats biased in), any
    /// branch targets and any label addresses.
    #[test]
    fn program_lints_never_panic(
        words in proptest::collection::vec(prop_oneof![any::<u32>(), (0u32..0x4000_0000).prop_map(|w| w | 0xbe80_0000), (0u32..0x0400_0000).prop_map(|w| w | 0xc000_0000), (0u32..0x0080_0000).prop_map(|w| w | 0xbf80_0000)], 0..48),
        entries in proptest::collection::vec(0u32..256, 0..4),
    ) {
        let mut insts = Vec::new();
        let mut at = 0;
        while at < words.len() {
            match decode(&words[at..], Target::Gfx900) {
                Ok((i, n)) => { insts.push(i); at += n; }
                Err(_) => at += 1,
            }
        }
        let prog = gpumem_vega::flow::place(&insts);
        let cfg = gpumem_vega::flow::build(&prog, &entries);
        let locate = |i: usize| i.to_string();
        for h in gpumem_vega::lint::check_program(&prog, &cfg, &locate) {
            prop_assert!(cfg.reachable[h.at]);
        }
    }

    #[test]
    fn parser_never_panics(src in "\\PC{0,120}") {
        let _ = assemble(&src, Target::Gfx900);
        let _ = lint(&src, Target::Gfx900);
    }

    #[test]
    fn parser_never_panics_on_near_syntax(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("s_load_dword".to_string()), Just("s_waitcnt".to_string()), Just("s_mov_b64".to_string()),
                Just("s[".to_string()), Just("]".to_string()), Just(":".to_string()), Just(",".to_string()),
                Just("offset:".to_string()), Just("glc".to_string()), Just("hwreg(".to_string()), Just(")".to_string()),
                Just("sendmsg(".to_string()), Just("vmcnt(".to_string()), Just("-".to_string()), Just("0x".to_string()),
                Just("ttmp".to_string()), Just("\n".to_string()), Just("lbl:".to_string()), Just("1.5e".to_string()),
                "[0-9]{1,12}".prop_map(|s| s), Just(" ".to_string()), Just("~".to_string()), Just("<<".to_string()),
                Just("x".to_string()), Just(" = ".to_string()), Just(".set x,".to_string()), Just("lbl".to_string()),
                Just("{".to_string()), Just("}".to_string()), Just("id:".to_string()), Just("size:".to_string()),
                Just("s_mov_b32 s8,".to_string()), Just("s_branch".to_string()), Just("==".to_string()), Just("!".to_string()),
                Just("0xFFFFFFFFFFFFFFFF".to_string()), Just("s_getreg_b32 s1,".to_string()), Just("+".to_string()),
            ],
            0..24,
        )
    ) {
        let src: String = parts.concat();
        let _ = assemble(&src, Target::Gfx900);
    }
}
