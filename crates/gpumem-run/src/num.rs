//! Numbers as a manifest writes them: a TOML integer or float, or a string holding one
//! (`"0xffffffffffffffff"`, `"-5"`, `"0b101"`), with where it is written (the
//! `[[memory]]`, parameter and `[[texture]]` sections all read them).

use crate::RunError;
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;

/// A number as written: a TOML integer or float, or a string (`"0xffffffffffffffff"`,
/// `"-5"`, `"0b101"`).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum NumValue {
    /// A TOML integer.
    Int(i64),
    /// A TOML float.
    Float(f64),
    /// A string holding a number.
    Str(String),
}

/// A number and where it is written in the manifest.
#[derive(Clone, Debug, Deserialize)]
#[serde(from = "Spanned<NumValue>")]
pub struct Num {
    /// The value as written.
    pub value: NumValue,
    /// Its byte range in the manifest (empty for defaults).
    pub span: Range<usize>,
}

impl From<Spanned<NumValue>> for Num {
    fn from(s: Spanned<NumValue>) -> Num {
        let span = s.span();
        Num {
            value: s.into_inner(),
            span,
        }
    }
}

impl Num {
    /// A number not written in the manifest (a default).
    pub fn default_int(v: i64) -> Num {
        Num {
            value: NumValue::Int(v),
            span: 0..0,
        }
    }

    /// An error about this number, at its position.
    pub fn error(&self, message: String) -> RunError {
        if self.span.is_empty() {
            RunError::Manifest(message)
        } else {
            RunError::At {
                span: self.span.clone(),
                message,
            }
        }
    }

    /// The exact integer value (strings may hold any 64-bit magnitude and a sign).
    pub fn exact(&self) -> Result<i128, RunError> {
        match &self.value {
            NumValue::Int(i) => Ok(*i as i128),
            NumValue::Float(f) => Err(self.error(format!("expected an integer, found {f}"))),
            NumValue::Str(s) => parse_int(s)
                .ok_or_else(|| self.error(format!("`{}` is not an integer", gpumem_isa::clip(s)))),
        }
    }

    /// An unsigned 64-bit quantity (an address, a size): anything outside 0..=2^64-1 is
    /// an error naming `what`.
    pub fn u64(&self, what: &str) -> Result<u64, RunError> {
        let v = self.exact()?;
        u64::try_from(v).map_err(|_| {
            self.error(format!(
                "{what} = {v} is out of range (0 to 0xffffffffffffffff)"
            ))
        })
    }

    /// The value as a float (integers convert exactly where f64 can hold them).
    pub fn float(&self) -> Result<f64, RunError> {
        match &self.value {
            NumValue::Int(i) => Ok(*i as f64),
            NumValue::Float(f) => Ok(*f),
            NumValue::Str(s) => {
                let t = s.trim();
                t.parse::<f64>()
                    .ok()
                    .or_else(|| parse_int(t).map(|i| i as f64))
                    .ok_or_else(|| self.error(format!("`{}` is not a number", gpumem_isa::clip(s))))
            }
        }
    }
}

/// `[-]` then decimal, `0x` hex or `0b` binary digits (with `_` separators), magnitude
/// below 2^64.
fn parse_int(s: &str) -> Option<i128> {
    let t = s.trim().replace('_', "");
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.as_str()),
    };
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16)
    } else if let Some(b) = t.strip_prefix("0b") {
        u64::from_str_radix(b, 2)
    } else {
        t.parse::<u64>()
    }
    .ok()? as i128;
    Some(if neg { -v } else { v })
}
