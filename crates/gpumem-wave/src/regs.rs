//! Scalar register codes, names and the register-name parser used by the
//! manifest (`s[0:1]`, `s4`, `m0`, `vcc`, `exec`, `ttmp3`, …).
//!
//! Registers are addressed by their 7-bit operand code (Vega ISA §3.3):
//! 0–101 `s0`–`s101`, 102/103 `flat_scratch`, 104/105 `xnack_mask`,
//! 106/107 `vcc`, 108–123 `ttmp0`–`ttmp15`, 124 `m0`, 125 reserved (`null`),
//! 126/127 `exec`.

use gpumem_vega::operand::code;

/// Number of 7-bit register codes (the wave's scalar register file is indexed by code).
pub const NREGS: usize = 128;
/// Number of general SGPRs on gfx900/gfx906.
pub const SGPRS: u8 = 102;
pub use gpumem_mem::scalar::POISON;

/// A run of consecutive registers: first code and count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegRange {
    /// First register's 7-bit code.
    pub code: u8,
    /// Number of registers.
    pub count: u8,
}

/// Bit mask of `n` registers starting at `code` (bits past 127 dropped).
pub(crate) fn mask(code: u8, n: u8) -> u128 {
    let mut m = 0u128;
    for i in 0..u32::from(n) {
        let c = u32::from(code) + i;
        if c < 128 {
            m |= 1u128 << c;
        }
    }
    m
}

/// The name of a single register code (`s5`, `vcc_lo`, `ttmp3`, `m0`, …).
pub(crate) fn reg_name(c: u8) -> String {
    match c {
        0..=101 => format!("s{c}"),
        102 => "flat_scratch_lo".into(),
        103 => "flat_scratch_hi".into(),
        104 => "xnack_mask_lo".into(),
        105 => "xnack_mask_hi".into(),
        106 => "vcc_lo".into(),
        107 => "vcc_hi".into(),
        108..=123 => format!("ttmp{}", c - code::TTMP0),
        124 => "m0".into(),
        125 => "null".into(),
        126 => "exec_lo".into(),
        _ => "exec_hi".into(),
    }
}

/// Error of [`parse_reg`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad register name `{name}`: {reason}")]
pub struct RegError {
    /// The text given.
    pub name: String,
    /// Why it is not a register.
    pub reason: &'static str,
}

fn parse_num(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 4 {
        return None;
    }
    s.parse().ok()
}

/// Parses a register name as the manifest writes it: `s4`, `s[0:1]`,
/// `ttmp3`, `ttmp[4:7]`, `vcc`, `vcc_lo`, `vcc_hi`, `exec`, `exec_lo`,
/// `exec_hi`, `m0`, `flat_scratch(_lo|_hi)`, `xnack_mask(_lo|_hi)`.
/// Case-insensitive; surrounding blanks are ignored.
///
/// ```
/// use gpumem_wave::regs::{parse_reg, RegRange};
/// assert_eq!(parse_reg("s[0:1]").unwrap(), RegRange { code: 0, count: 2 });
/// assert_eq!(parse_reg("m0").unwrap(), RegRange { code: 124, count: 1 });
/// assert_eq!(parse_reg("ttmp3").unwrap(), RegRange { code: 111, count: 1 });
/// assert!(parse_reg("s102").is_err());
/// ```
pub fn parse_reg(name: &str) -> Result<RegRange, RegError> {
    let n = name.trim().to_ascii_lowercase();
    let err = |reason| RegError {
        name: gpumem_isa::clip(name).into_owned(),
        reason,
    };
    let fixed = match n.as_str() {
        "vcc" => Some((106, 2)),
        "vcc_lo" => Some((106, 1)),
        "vcc_hi" => Some((107, 1)),
        "exec" => Some((126, 2)),
        "exec_lo" => Some((126, 1)),
        "exec_hi" => Some((127, 1)),
        "m0" => Some((124, 1)),
        "flat_scratch" => Some((102, 2)),
        "flat_scratch_lo" => Some((102, 1)),
        "flat_scratch_hi" => Some((103, 1)),
        "xnack_mask" => Some((104, 2)),
        "xnack_mask_lo" => Some((104, 1)),
        "xnack_mask_hi" => Some((105, 1)),
        _ => None,
    };
    if let Some((code, count)) = fixed {
        return Ok(RegRange { code, count });
    }
    let (prefix, rest, first, limit) = if let Some(r) = n.strip_prefix("ttmp") {
        ("ttmp", r, code::TTMP0, 16u32)
    } else if let Some(r) = n.strip_prefix('s') {
        ("s", r, 0, u32::from(SGPRS))
    } else {
        return Err(err("unknown register"));
    };
    let _ = prefix;
    let (lo, hi) = if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (a, b) = match inner.split_once(':') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (inner.trim(), inner.trim()),
        };
        (
            parse_num(a).ok_or_else(|| err("bad range start"))?,
            parse_num(b).ok_or_else(|| err("bad range end"))?,
        )
    } else {
        let v = parse_num(rest).ok_or_else(|| err("unknown register"))?;
        (v, v)
    };
    if lo > hi {
        return Err(err("range end before start"));
    }
    if hi >= limit {
        return Err(err("register index out of range"));
    }
    Ok(RegRange {
        code: first + lo as u8,
        count: (hi - lo + 1) as u8,
    })
}

/// A value that does not fit the registers it is for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad value for `{reg}`: {reason}")]
pub struct ValueError {
    /// The register name.
    pub reg: String,
    /// What is wrong.
    pub reason: String,
}
