//! Every condition-code test of BRA after `IADD RZ.CC, Ra, -Rb` (SEMANTICS.md,
//! "Condition codes"), checked against what the test means for the integers `a - b`:
//! the compare tests 0-15 as signed comparisons (the overflow flag corrects the sign
//! when `a - b` overflows), the flag tests 16-23 as overflow, unsigned order and sign,
//! `RLE`/`RGT` (30, 31) as the bare sign and zero of `a - b` (no overflow correction);
//! 24-29 are `unsupported`. Each lane holds its own pair, chosen to hit every flag
//! combination (equal, overflow both ways, unsigned and signed order disagreeing).

use crate::common;
use common::*;
use gpumem_maxwell::table::system::cc_name;
use gpumem_warp::FaultKind;

const A: u64 = 0x20_0000;
const B: u64 = 0x20_1000;

fn pairs() -> Vec<(u32, u32)> {
    let mut v = vec![
        (0, 0),
        (1, 2),
        (2, 1),
        (5, 5),
        (0x7fff_ffff, 0xffff_ffff),
        (0x8000_0000, 1),
        (0x8000_0000, 0x8000_0000),
        (0xffff_ffff, 0),
        (0, 0xffff_ffff),
        (0x7fff_ffff, 0x8000_0000),
        (0x8000_0000, 0x7fff_ffff),
        (0xffff_fffe, 0xffff_ffff),
        (0x4000_0000, 0xc000_0000),
        (0xc000_0000, 0x4000_0000),
        (0x8000_0001, 0x8000_0000),
        (0x7fff_ffff, 0x7fff_ffff),
    ];
    let mut s = 0x1234_5678_9abc_def0u64;
    while v.len() < 32 {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = (s >> 32) as u32;
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        // Every other random pair shares its high bit with `a` (no overflow possible).
        let b = if v.len() % 2 == 0 {
            (s >> 32) as u32
        } else {
            ((s >> 33) as u32) | (a & 0x8000_0000)
        };
        v.push((a, b));
    }
    v
}

/// What test `t` means for `a - b`.
fn meaning(t: u8, a: u32, b: u32) -> bool {
    let (sa, sb) = (a as i32, b as i32);
    let d = a.wrapping_sub(b);
    let overflow = sa.checked_sub(sb).is_none();
    match t {
        0 | 8 => false,
        1 | 9 => sa < sb,
        2 | 10 => a == b,
        3 | 11 => sa <= sb,
        4 | 12 => sa > sb,
        5 | 13 => a != b,
        6 | 14 => sa >= sb,
        7 | 15 => true,
        16 => !overflow,
        17 => a < b,
        18 => d >> 31 == 0,
        19 => a <= b,
        20 => a > b,
        21 => d >> 31 != 0,
        22 => a >= b,
        23 => overflow,
        // yuzu's RLE = S | Z, RGT = !S & !Z: the result against 0, overflow ignored.
        30 => d as i32 <= 0,
        31 => d as i32 > 0,
        _ => unreachable!("test {t} has no meaning"),
    }
}

/// Each lane's `a` and `b` in R4, R5; then `cc_op` and `BRA <test>`: 2 taken, 1 not.
fn body(cc_op: &str, test: &str) -> String {
    format!(
        "SHL R21, R0, 0x2 ;\nIADD32I R22, R21, 0x200000 ;\nLDG R4, [R22] ;\n\
         IADD32I R23, R21, 0x201000 ;\nLDG R5, [R23] ;\n{cc_op}\n\
         SSY L_join ;\nBRA {test}, L_yes ;\nMOV32I R1, 0x1 ;\nSYNC ;\n\
         L_yes:\nMOV32I R1, 0x2 ;\nSYNC ;\nL_join:\nSTG [R20], R1 ;"
    )
}

fn load(e: &mut gpumem_warp::Emulator) {
    for (l, (a, b)) in pairs().into_iter().enumerate() {
        e.mem.global.write_u32(A + 4 * l as u64, a).unwrap();
        e.mem.global.write_u32(B + 4 * l as u64, b).unwrap();
    }
}

#[test]
fn every_flag_test_means_what_its_name_says() {
    let ps = pairs();
    for t in (0..24u8).chain([30, 31]) {
        let name = cc_name(t).expect("a test name");
        let r = run(&body("IADD RZ.CC, R4, -R5 ;", name), load);
        assert!(r.faults.is_empty(), "{name}: {:?}", r.faults);
        for (l, &(a, b)) in ps.iter().enumerate() {
            let want = if meaning(t, a, b) { 2 } else { 1 };
            assert_eq!(r.out(l as u64), want, "{name}: lane {l}, a {a:#x} b {b:#x}");
        }
    }
}

#[test]
fn iadd3_clears_the_overflow_flag() {
    // IADD3 .CC (three addends: no single signed overflow) clears it, so CC.OFT fails
    // and CC.LT reads the bare sign even where a - b overflowed.
    let ps = pairs();
    let r = run(
        &body(
            "IADD RZ.CC, R4, -R5 ;\nIADD3 RZ.CC, R4, -R5, RZ ;",
            "CC.OFT",
        ),
        load,
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert!((0..32).all(|l| r.out(l) == 1));
    let r = run(
        &body("IADD RZ.CC, R4, -R5 ;\nIADD3 RZ.CC, R4, -R5, RZ ;", "CC.LT"),
        load,
    );
    for (l, &(a, b)) in ps.iter().enumerate() {
        let want = if a.wrapping_sub(b) >> 31 != 0 { 2 } else { 1 };
        assert_eq!(r.out(l as u64), want, "lane {l}");
    }
}

#[test]
fn the_clip_tests_are_unsupported() {
    for t in 24..30u8 {
        let name = cc_name(t).expect("a test name");
        let r = run(&body("IADD RZ.CC, R4, -R5 ;", name), load);
        assert_eq!(r.kinds(), [FaultKind::Unsupported], "{name}");
        assert!(
            r.faults[0].message.contains(&format!("test {t}")),
            "{name}: {:?}",
            r.faults
        );
    }
}

/// Float pairs: ordered both ways, equal, signed zeros, infinities, NaN.
fn fpairs() -> Vec<(f32, f32)> {
    let mut v = vec![
        (1.0, 2.0),
        (2.0, 1.0),
        (3.5, 3.5),
        (0.0, -0.0),
        (-0.0, 0.0),
        (f32::INFINITY, 1.0),
        (1.0, f32::INFINITY),
        (f32::INFINITY, f32::INFINITY),
        (f32::NAN, 1.0),
        (1.0, f32::NAN),
        (-5.0, -7.0),
        (1e-45, 0.0),
        (-1e-45, 0.0),
        (f32::MAX, -f32::MAX),
    ];
    let mut s = 7u64;
    while v.len() < 32 {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = ((s >> 40) as i32 - (1 << 23)) as f32 / 64.0;
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let b = ((s >> 40) as i32 - (1 << 23)) as f32 / 64.0;
        v.push((a, b));
    }
    v
}

/// The compare outcome of `x` against 0 as a test bit: less 1, equal 2, greater 4,
/// unordered 8.
fn outcome(x: f64) -> u8 {
    if x.is_nan() {
        8
    } else if x < 0.0 {
        1
    } else if x == 0.0 {
        2
    } else {
        4
    }
}

fn fload(e: &mut gpumem_warp::Emulator) {
    for (l, (a, b)) in fpairs().into_iter().enumerate() {
        e.mem
            .global
            .write_u32(A + 4 * l as u64, a.to_bits())
            .unwrap();
        e.mem
            .global
            .write_u32(B + 4 * l as u64, b.to_bits())
            .unwrap();
    }
}

#[test]
fn float_cc_orders_the_result_against_zero() {
    // FADD RZ.CC, Ra, -Rb: the compare tests read (a - b) against 0 (NaN unordered,
    // -0 equal), the flag tests see carry and overflow cleared.
    let ps = fpairs();
    for t in (0..24u8).chain([30, 31]) {
        let name = cc_name(t).expect("a test name");
        let r = run(&body("FADD RZ.CC, R4, -R5 ;", name), fload);
        assert!(r.faults.is_empty(), "{name}: {:?}", r.faults);
        for (l, &(a, b)) in ps.iter().enumerate() {
            let d = a - b;
            let o = outcome(d as f64);
            let want = match t {
                0..=15 => t & o != 0,
                16 | 17 => true,  // OFF, LO: no overflow, no carry
                18 => o & 9 == 0, // SFF: sign clear (not less, not NaN)
                19 => true,       // LS: no carry
                20 | 22 | 23 => false,
                21 => o & 9 != 0,      // SFT
                30 => o & 0b1011 != 0, // RLE: S or Z (less, equal, NaN)
                31 => o == 4,          // RGT: neither (greater)
                _ => unreachable!("test {t}"),
            };
            let want = if want { 2 } else { 1 };
            assert_eq!(r.out(l as u64), want, "{name}: lane {l}, {a} - {b} = {d}");
        }
    }
}

#[test]
fn dadd_and_f2f_set_the_float_flags_of_their_results() {
    let ps = fpairs();
    // DADD of the widened pair (F2F to f64 first), then F2F.F32.F64 of the f64 sum
    // back to f32 with .CC: both order the result against zero.
    let widen = "F2F.F64.F32 R6, R4 ;\nF2F.F64.F32 R8, R5 ;\n";
    for (op, name) in [
        ("DADD RZ.CC, R6, -R8 ;", "CC.LT"),
        ("DADD RZ.CC, R6, -R8 ;", "CC.EQ"),
        ("DADD RZ.CC, R6, -R8 ;", "CC.NAN"),
        ("DADD R10, R6, -R8 ;\nF2F.F32.F64 R12.CC, R10 ;", "CC.GT"),
        ("DADD R10, R6, -R8 ;\nF2F.F32.F64 R12.CC, R10 ;", "CC.NAN"),
    ] {
        let t = gpumem_maxwell::table::system::cc_num(name).unwrap();
        let r = run(&body(&format!("{widen}{op}"), name), fload);
        assert!(r.faults.is_empty(), "{op} {name}: {:?}", r.faults);
        for (l, &(a, b)) in ps.iter().enumerate() {
            let d = a as f64 - b as f64;
            // The F2F rounds to f32 first (a tiny difference stays non-zero: f32
            // subnormals are kept without .FTZ).
            let d = if op.contains("F2F") {
                d as f32 as f64
            } else {
                d
            };
            let want = if t & outcome(d) != 0 { 2 } else { 1 };
            assert_eq!(r.out(l as u64), want, "{op} {name}: lane {l}, {a} - {b}");
        }
    }
}

#[test]
fn p2r_and_r2p_move_the_cc_byte() {
    // P2R CC after IADD.CC: zero, sign, carry, overflow of a - b in bits 0-3.
    let ps = pairs();
    let r = run(
        "SHL R21, R0, 0x2 ;\nIADD32I R22, R21, 0x200000 ;\nLDG R4, [R22] ;\n\
         IADD32I R23, R21, 0x201000 ;\nLDG R5, [R23] ;\nIADD RZ.CC, R4, -R5 ;\n\
         P2R R1, CC, RZ, 0xff ;\nSTG [R20], R1 ;",
        load,
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for (l, &(a, b)) in ps.iter().enumerate() {
        let d = a.wrapping_sub(b);
        let want = (d == 0) as u32
            | (d >> 31) << 1
            | ((a >= b) as u32) << 2
            | ((a as i32).checked_sub(b as i32).is_none() as u32) << 3;
        assert_eq!(r.out(l as u64), want, "lane {l}: {a:#x} - {b:#x}");
    }
    // R2P CC writes the flags the mask selects; P2R reads them back, and a branch
    // tests them: lane bits 0-3 become Z S C O.
    let r = run(
        "R2P CC, R0, 0xf ;\nP2R R1, CC, RZ, 0xff ;\nSTG [R20], R1 ;",
        |_| {},
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert!((0..32).all(|l| r.out(l) == l as u32 & 0xf));
    let r = run(
        "R2P CC, R0, 0x4 ;\nMOV R1, RZ ;\nSSY L_join ;\nBRA CC.HS, L_yes ;\nSYNC ;\n\
         L_yes:\nMOV32I R1, 0x1 ;\nSYNC ;\nL_join:\nSTG [R20], R1 ;",
        |_| {},
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert!((0..32).all(|l| r.out(l) == (l as u32 >> 2 & 1)));
}

#[test]
fn two_term_adders_set_overflow_and_logic_ops_clear_carry() {
    // ISCADD with shift 0 and XMAD's C addition are two-term additions: their overflow
    // is the addition's (Tesla's mad rule); LOP .CC leaves carry and overflow clear.
    let ps = pairs();
    for op in ["ISCADD RZ.CC, R4, R5, 0x0 ;", "LEA RZ.CC, R4, R5 ;"] {
        let r = run(&body(op, "CC.OFT"), load);
        assert!(r.faults.is_empty(), "{op}: {:?}", r.faults);
        for (l, &(a, b)) in ps.iter().enumerate() {
            let want = if (a as i32).checked_add(b as i32).is_none() {
                2
            } else {
                1
            };
            assert_eq!(r.out(l as u64), want, "{op}: lane {l}, {a:#x} + {b:#x}");
        }
    }
    for test in ["CC.HS", "CC.OFT"] {
        let r = run(
            &body("IADD RZ.CC, R4, -R5 ;\nLOP.AND RZ.CC, R4, R5 ;", test),
            load,
        );
        assert!(r.faults.is_empty(), "{:?}", r.faults);
        assert!((0..32).all(|l| r.out(l) == 1), "{test}");
    }
    // ... while its zero and sign flags are the result's.
    let r = run(&body("LOP.AND RZ.CC, R4, R5 ;", "CC.EQ"), load);
    for (l, &(a, b)) in ps.iter().enumerate() {
        let want = if a & b == 0 { 2 } else { 1 };
        assert_eq!(r.out(l as u64), want, "lane {l}");
    }
}

/// CSET and CSETP read the same 26 tests as BRA (one evaluation, `control::cc_mask`):
/// after `IADD RZ.CC, a, -b`, CSET's register is all ones exactly where the test means
/// true for `a - b`, CSETP's `Pd` is that and its `Pq` the negation (`.AND` with PT), and
/// `.OR` with PT is true in every lane.
#[test]
fn cset_and_csetp_read_every_test_as_bra_does() {
    let ps = pairs();
    for t in (0..24u8).chain([30, 31]) {
        let name = cc_name(t).expect("a test name");
        let test = name.trim_start_matches("CC");
        let prog = format!(
            "SHL R21, R0, 0x2 ;\nIADD32I R22, R21, 0x200000 ;\nLDG R4, [R22] ;\n\
             IADD32I R23, R21, 0x201000 ;\nLDG R5, [R23] ;\nIADD RZ.CC, R4, -R5 ;\n\
             CSET{test}.AND R6, CC, PT ;\nCSETP{test}.AND P1, P2, CC, PT ;\n\
             CSETP{test}.OR P3, PT, CC, PT ;\n\
             LOP32I.AND R6, R6, 0x1 ;\nSEL R7, RZ, 0x2, !P1 ;\nSEL R8, RZ, 0x4, !P2 ;\n\
             SEL R9, RZ, 0x8, !P3 ;\nIADD3 R6, R6, R7, R8 ;\nIADD R6, R6, R9 ;\nSTG [R20], R6 ;"
        );
        let r = run(&prog, load);
        assert!(r.faults.is_empty(), "{name}: {:?}", r.faults);
        for (l, &(a, b)) in ps.iter().enumerate() {
            let m = meaning(t, a, b);
            let want = if m { 0b1011 } else { 0b1100 };
            assert_eq!(r.out(l as u64), want, "{name}: lane {l}, a {a:#x} b {b:#x}");
        }
    }
}
