//! Golden value tests of the arithmetic families, one case a line in `tests/exec/*.txt`:
//!
//! ```text
//! INSTRUCTION ; | INPUTS | EXPECTED          (fields separated by " | ")
//! DADD.RZ R4, R2, R6 ; | D2=1d D6=0x3ca0000000000000 | D4=1d
//! ```
//!
//! Tokens: `Rn=V` (a 32-bit register), `Dn=V` (the pair `{Rn+1, Rn}`), `Pn=0|1`,
//! `CC=0|1` (the carry; the zero flag is clear), `c[B][OFF]=V` (a constant word, inputs only). Values: hex
//! (`0x7fffffff`), decimal integers (`-5`), f32 (`1.5f`, `-0f`, `inff`, `nanf`) and f64
//! (`1.5d`, `-infd`). Each case runs on a full warp (every lane must agree); registers
//! R24-R31 belong to the harness. The expected values come from the rules in
//! SEMANTICS.md (IEEE-754 and the PTX ISA), worked out independently of the executor.

use gpumem_maxwell::Target;
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x10_0000;

#[derive(Debug, Clone, Copy)]
enum Loc {
    R(u8),
    D(u8),
    P(u8),
    Cc,
    C(u32, u64),
}

fn value(s: &str) -> u64 {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x") {
        return u64::from_str_radix(&h.replace('_', ""), 16).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    let lower = s.to_ascii_lowercase();
    if let Some(f) = lower.strip_suffix('f')
        && let Ok(v) = f.parse::<f32>()
    {
        return v.to_bits() as u64;
    }
    if let Some(f) = lower.strip_suffix('d')
        && let Ok(v) = f.parse::<f64>()
    {
        return v.to_bits();
    }
    s.parse::<i64>()
        .unwrap_or_else(|e| panic!("value `{s}`: {e}")) as u64
}

fn loc(s: &str) -> Loc {
    let n = |t: &str| t.parse::<u8>().unwrap_or_else(|e| panic!("`{s}`: {e}"));
    if s == "CC" {
        Loc::Cc
    } else if let Some(r) = s.strip_prefix('R') {
        Loc::R(n(r))
    } else if let Some(r) = s.strip_prefix('D') {
        Loc::D(n(r))
    } else if let Some(p) = s.strip_prefix('P') {
        Loc::P(n(p))
    } else if let Some(c) = s.strip_prefix("c[") {
        let (b, off) = c.split_once("][").unwrap_or_else(|| panic!("`{s}`"));
        let off = off.trim_end_matches(']');
        Loc::C(value(b) as u32, value(off))
    } else {
        panic!("location `{s}`")
    }
}

fn assigns(s: &str) -> Vec<(Loc, u64)> {
    s.split_whitespace()
        .map(|t| {
            let (l, v) = t.split_once('=').unwrap_or_else(|| panic!("token `{t}`"));
            (loc(l), value(v))
        })
        .collect()
}

/// Runs one case; `Err` describes a mismatch.
fn run_case(inst: &str, ins: &[(Loc, u64)], outs: &[(Loc, u64)]) -> Result<(), String> {
    let mut src =
        String::from("S2R R24, SR_TID.X ;\nSHL R24, R24, 0x8 ;\nIADD32I R24, R24, 0x100000 ;\n");
    let mut consts = vec![];
    for &(l, v) in ins {
        match l {
            Loc::R(r) => src += &format!("MOV32I R{r}, {:#x} ;\n", v as u32),
            Loc::D(r) => {
                src += &format!("MOV32I R{r}, {:#x} ;\n", v as u32);
                src += &format!("MOV32I R{}, {:#x} ;\n", r + 1, (v >> 32) as u32);
            }
            Loc::P(p) => {
                src += &format!("MOV32I R25, {v:#x} ;\nISETP.NE.AND P{p}, PT, R25, RZ, PT ;\n")
            }
            Loc::C(b, off) => consts.push((b, off, v as u32)),
            Loc::Cc => {}
        }
    }
    // The carry last: nothing after it may write it.
    for &(l, v) in ins {
        if let Loc::Cc = l {
            src += &format!(
                "MOV32I R25, {:#x} ;\nIADD RZ.CC, R25, R25 ;\n",
                if v != 0 { 0x8000_0000u32 } else { 0 }
            );
        }
    }
    // Several instructions may share a line (` ; ` separated).
    src += &inst.replace(" ; ", " ;\n");
    src += "\n";
    for (k, &(l, _)) in outs.iter().enumerate() {
        let off = 8 * k;
        match l {
            Loc::R(r) => src += &format!("STG [R24+{off:#x}], R{r} ;\n"),
            Loc::D(r) => {
                src += &format!("STG [R24+{off:#x}], R{r} ;\n");
                src += &format!("STG [R24+{:#x}], R{} ;\n", off + 4, r + 1);
            }
            Loc::P(p) => {
                src += &format!(
                    "MOV32I R25, 0x1 ;\nSEL R26, R25, RZ, P{p} ;\nSTG [R24+{off:#x}], R26 ;\n"
                )
            }
            Loc::Cc => src += &format!("IADD.X R26, RZ, RZ ;\nSTG [R24+{off:#x}], R26 ;\n"),
            Loc::C(..) => return Err("constants are inputs only".into()),
        }
    }
    src += "EXIT ;\n";
    let prog = Program::from_sass(&src, Target::Sm52).map_err(|e| format!("{e}\n{src}"))?;
    let mut emu = Emulator::new(
        &prog,
        LaunchConfig {
            registers: 32,
            ..LaunchConfig::default()
        },
    );
    for (b, off, w) in consts {
        emu.mem
            .constant
            .write(b, off, &w.to_le_bytes())
            .map_err(|e| format!("{e:?}"))?;
    }
    emu.run();
    if !emu.faults.is_empty() {
        return Err(format!("faults: {:?}", emu.faults));
    }
    let word = |a: u64| {
        let mut b = [0; 4];
        emu.mem.global.read(a, &mut b);
        u32::from_le_bytes(b) as u64
    };
    for lane in 0..32u64 {
        for (k, &(l, want)) in outs.iter().enumerate() {
            let a = OUT + 256 * lane + 8 * k as u64;
            let (got, want) = match l {
                Loc::D(_) => (word(a) | word(a + 4) << 32, want),
                _ => (word(a), want & 0xffff_ffff),
            };
            if got != want {
                return Err(format!("lane {lane}: {l:?} = {got:#x}, want {want:#x}"));
            }
        }
    }
    Ok(())
}

/// Runs every case of `tests/exec/NAME.txt`; panics listing the failures.
fn golden(name: &str) {
    let path = format!("{}/tests/exec/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut fails = vec![];
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split(" | ").collect();
        assert_eq!(
            parts.len(),
            3,
            "{path}:{}: want `inst | inputs | outputs`",
            i + 1
        );
        n += 1;
        if let Err(e) = run_case(parts[0].trim(), &assigns(parts[1]), &assigns(parts[2])) {
            fails.push(format!("{path}:{}: {}\n    {e}", i + 1, parts[0].trim()));
        }
    }
    assert!(n > 0, "{path} has no cases");
    assert!(
        fails.is_empty(),
        "{} of {n} cases fail:\n{}",
        fails.len(),
        fails.join("\n")
    );
}

#[test]
fn float_compare_and_select() {
    golden("float");
}

#[test]
fn double_arithmetic() {
    golden("double");
}

#[test]
fn conversions() {
    golden("convert");
}

#[test]
fn integer_and_predicates() {
    golden("integer");
}

#[test]
fn video_instructions() {
    golden("video");
}

#[test]
fn sfu_specials() {
    golden("sfu");
}

#[test]
fn float_arithmetic_rounding() {
    golden("farith");
}

#[test]
fn condition_code_sets() {
    golden("ccset");
}

#[test]
fn video_setp_and_mad() {
    golden("vmad");
}

#[test]
fn quad_swizzle_add() {
    golden("swizzle");
}

#[test]
fn cc_and_x_forms() {
    golden("ccforms");
}

#[test]
fn half_precision() {
    golden("half");
}

#[test]
fn imadsp_and_vabsdiff4() {
    golden("subword");
}
