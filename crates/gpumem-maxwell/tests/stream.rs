//! The disassembler's streaming hot path against the line-by-line API it stands for:
//! [`render_stream`] must write exactly what [`render_line`] writes for every line of
//! [`decode_lines`], and [`decode_into`] (one reused slot) must give what [`decode`]
//! gives, word for word, errors included.
//!
//! Streams: the committed cuda-samples and test cubins (both targets), and junk built from
//! them and from the table rows: real words with random bit flips, random words that keep
//! one row's fixed bits, random control words (dual issue, barriers, reuse, padding slots),
//! so that every error kind and every `{ }` pair layout goes through both paths.

use gpumem_isa::SplitMix64;
use gpumem_maxwell::codec::{ROWS, decode_into};
use gpumem_maxwell::inst::{Inst, ctrl_slot};
use gpumem_maxwell::sample::{kernels_in, repeat_kernels};
use gpumem_maxwell::{
    DecodeError, SchedStyle, Target, decode, decode_lines, render_line, render_stream,
};
use std::path::Path;

const STYLES: [SchedStyle; 3] = [SchedStyle::None, SchedStyle::Annotations, SchedStyle::Maxas];

fn real_code(target: Target) -> Vec<u8> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let (dir, cubins) = match target {
        Target::Sm50 => ("tests/cuda-samples/sm_50", ".sm_50.cubin"),
        Target::Sm52 => ("tests/cuda-samples/sm_52", ".sm_52.cubin"),
        t => panic!("no committed sample cubins for {t}"),
    };
    let mut code: Vec<u8> = kernels_in(&root.join(dir), ".cubin").concat();
    code.extend(kernels_in(&root.join("tests/cubins"), cubins).concat());
    assert!(code.len() > 100_000, "the committed cubins are missing");
    code
}

/// Real bundles with junk mixed in: about one word in four has a bit flipped, one in
/// eight is replaced by a random word under a random row's fixed bits, and one control
/// word in four is random.
fn junk(code: &[u8], seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64(seed);
    let mut out = code.to_vec();
    for (i, w) in out.chunks_exact_mut(8).enumerate() {
        let mut v = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        let r = rng.next_u64();
        if i % 4 == 0 {
            if r.is_multiple_of(4) {
                v = rng.next_u64() & !(1 << 63);
            }
        } else if r.is_multiple_of(8) {
            let row = ROWS[(rng.next_u64() % ROWS.len() as u64) as usize];
            v = row.opcode | (rng.next_u64() & !row.mask);
        } else if r % 4 == 1 {
            v ^= 1 << (rng.next_u64() % 64);
        }
        w.copy_from_slice(&v.to_le_bytes());
    }
    out
}

/// The text [`render_line`] gives the stream, line by line.
fn by_lines(bytes: &[u8], base: u64, t: Target, style: SchedStyle, compact: bool) -> String {
    let mut out = String::new();
    for l in decode_lines(bytes, base, t).expect("whole bundles") {
        render_line(&l, style, compact, &mut out);
    }
    out
}

/// The text [`render_stream`] gives (flushed in pieces, as the CLI does), and whether
/// every word decoded.
fn streamed(
    bytes: &[u8],
    base: u64,
    t: Target,
    style: SchedStyle,
    compact: bool,
) -> (String, bool) {
    let mut text = String::new();
    let mut out = String::new();
    let mut flushes = 0;
    let ok = render_stream(bytes, base, t, style, compact, &mut out, |o| {
        text.push_str(o);
        o.clear();
        flushes += 1;
        Ok::<(), ()>(())
    })
    .expect("whole bundles")
    .expect("flush never fails");
    text.push_str(&out);
    assert!(
        bytes.len() < 32 * 1000 || flushes > 0,
        "a long stream is flushed"
    );
    // The byte buffer the CLI streams into (its own padded writes) holds the same text.
    let mut bytes_out: Vec<u8> = Vec::new();
    let mut all: Vec<u8> = Vec::new();
    let ok_bytes = render_stream(bytes, base, t, style, compact, &mut bytes_out, |o| {
        all.extend_from_slice(o);
        o.clear();
        Ok::<(), ()>(())
    })
    .expect("whole bundles")
    .expect("flush never fails");
    all.extend_from_slice(&bytes_out);
    assert_eq!(ok_bytes, ok);
    assert!(
        all == text.as_bytes(),
        "{t:?} {style:?} compact={compact}: the byte stream differs from the text stream"
    );
    (text, ok)
}

fn check_stream(bytes: &[u8], t: Target) {
    for style in STYLES {
        for compact in [false, true] {
            let want = by_lines(bytes, 0x100, t, style, compact);
            let (got, ok) = streamed(bytes, 0x100, t, style, compact);
            if got != want {
                let (n, (a, b)) = want
                    .lines()
                    .zip(got.lines())
                    .enumerate()
                    .find(|(_, (a, b))| a != b)
                    .unwrap_or((0, ("", "")));
                panic!(
                    "{t:?} {style:?} compact={compact}: line {n} differs:\n  want {a}\n  got  {b}"
                );
            }
            let all = decode_lines(bytes, 0x100, t)
                .expect("whole bundles")
                .all(|l| l.inst.is_ok());
            assert_eq!(ok, all, "{t:?}: whether every word decoded");
        }
    }
}

#[test]
fn stream_renders_real_code_as_lines_do() {
    for t in [Target::Sm50, Target::Sm52] {
        let code = real_code(t);
        check_stream(&code, t);
        let (_, ok) = streamed(&code, 0, t, SchedStyle::None, false);
        assert!(ok, "{t:?}: the committed code decodes");
    }
}

#[test]
fn stream_renders_junk_as_lines_do() {
    for (seed, t) in [(1, Target::Sm50), (2, Target::Sm52), (3, Target::Sm52)] {
        let bytes = junk(&real_code(t), seed);
        let (_, ok) = streamed(&bytes, 0, t, SchedStyle::None, false);
        assert!(!ok, "junk has words that do not decode");
        check_stream(&bytes, t);
    }
}

/// Words met again (the stream prints them from the text it remembers): every bundle of
/// real code twice in a row, the second time at another address (branch targets differ)
/// and with the reuse flags of its slots changed (`.reuse` differs, some become invalid),
/// then the whole code again far away.
#[test]
fn stream_reprints_repeated_words_as_lines_do() {
    for t in [Target::Sm50, Target::Sm52] {
        let code = real_code(t);
        let mut rng = SplitMix64(17);
        let mut out = Vec::new();
        for b in code.chunks_exact(32).take(20_000) {
            out.extend_from_slice(b);
            let cw = u64::from_le_bytes(b[..8].try_into().expect("8 bytes"));
            let flips = (0..3).fold(0u64, |m, k| m | (rng.next_u64() & 0xf) << (21 * k + 17));
            out.extend_from_slice(&(cw ^ flips).to_le_bytes());
            out.extend_from_slice(&b[8..]);
        }
        out.extend_from_slice(&code[..32 * 20_000.min(code.len() / 32)]);
        check_stream(&out, t);
    }
}

#[test]
fn stream_rejects_partial_bundles() {
    let r = render_stream(
        &[0u8; 40],
        0,
        Target::Sm52,
        SchedStyle::None,
        false,
        &mut String::new(),
        |_| Ok::<(), ()>(()),
    );
    assert_eq!(r, Err(DecodeError::Unaligned { len: 40 }));
}

#[test]
fn stream_stops_at_a_failing_flush() {
    let code = real_code(Target::Sm52);
    let mut out = String::new();
    let mut calls = 0;
    let r = render_stream(
        &code,
        0,
        Target::Sm52,
        SchedStyle::None,
        false,
        &mut out,
        |_| {
            calls += 1;
            Err("disk full")
        },
    );
    assert_eq!(r, Ok(Err("disk full")));
    assert_eq!(calls, 1, "no flush after the failing one");
}

/// `decode_into` over one slot, whatever the slot held before, gives `decode`'s result.
#[test]
fn decode_into_one_slot_is_decode() {
    for (seed, t) in [(4, Target::Sm50), (5, Target::Sm52)] {
        let bytes = junk(&real_code(t), seed);
        let mut slot = Inst::new(ROWS[ROWS.len() - 1]);
        let (mut oks, mut errs) = (0, 0);
        for (b, bundle) in bytes.chunks_exact(32).enumerate() {
            let word =
                |i: usize| u64::from_le_bytes(bundle[8 * i..8 * i + 8].try_into().expect("8"));
            for k in 0..3 {
                let (w, slot_bits) = (word(1 + k), ctrl_slot(word(0), k));
                let addr = (32 * b + 8 + 8 * k) as u64;
                let want = decode(w, slot_bits, addr, t);
                let got = decode_into(w, slot_bits, addr, t, &mut slot);
                match (want, got) {
                    (Ok(i), Ok(())) => {
                        assert_eq!(slot, i, "{w:#018x}");
                        oks += 1;
                    }
                    (Err(a), Err(b)) => {
                        assert_eq!(a, b, "{w:#018x}");
                        errs += 1;
                    }
                    (a, b) => panic!("{w:#018x}: decode {a:?}, decode_into {b:?}"),
                }
            }
        }
        assert!(
            oks > 10_000 && errs > 1_000,
            "{t:?}: {oks} decoded, {errs} rejected"
        );
    }
}

/// The decoder and the printer find a modifier value's entry by trying index `value`
/// first (`codec::find_val`): that is the first entry with the value only if no group
/// lists a value twice, in its main or its alternative spellings.
#[test]
fn every_group_lists_each_value_once() {
    for op in ROWS.iter() {
        for g in op.mods {
            let alt = g.alt.as_ref().map(|a| a.vals);
            for vals in std::iter::once(g.vals).chain(alt) {
                for (i, v) in vals.iter().enumerate() {
                    assert!(
                        vals[..i].iter().all(|u| u.value != v.value),
                        "{}: group {} lists value {} twice",
                        op.form,
                        g.name(),
                        v.value
                    );
                }
            }
        }
    }
}

/// The benchmark stream (`gen_corpus real`) never ends inside a dual-issue pair, which
/// nvdisasm rejects: where the cut falls after an instruction that opens one, the stream
/// goes on to the end of the pair's bundle.
#[test]
fn repeated_real_code_ends_outside_a_pair() {
    let code = real_code(Target::Sm52);
    let opens = |b: &[u8]| {
        let cw = u64::from_le_bytes(b[..8].try_into().expect("8 bytes"));
        let s = ctrl_slot(cw, 2);
        s & 0xf == 0 && s & 0x10 != 0
    };
    // The first bundle of the code whose last slot opens a pair: cut right after it.
    let at = code
        .chunks_exact(32)
        .position(opens)
        .expect("real code has a pair across bundles");
    let one = [code.as_slice()];
    for n in [3 * (at + 1), 3 * at + 1, 1000, 100_000] {
        let s = repeat_kernels(&one, Target::Sm52, n);
        assert!(
            s.len() >= 32 * n.div_ceil(3),
            "{n}: at least n instructions"
        );
        assert!(!opens(&s[s.len() - 32..]), "{n}: the stream ends in a pair");
        let lines: Vec<_> = decode_lines(&s, 0, Target::Sm52)
            .expect("whole bundles")
            .collect();
        assert!(lines.iter().all(|l| l.inst.is_ok()), "{n}: decodes whole");
    }
    assert!(repeat_kernels(&one, Target::Sm52, 3 * (at + 1)).len() > 32 * (at + 1));
}
