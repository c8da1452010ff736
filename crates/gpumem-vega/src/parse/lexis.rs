//! The lexical pieces both assembler paths share: byte classes, digit runs,
//! number values, line spans and range checks.

use gpumem_isa::Span;

/// The value of a run of `radix` digits (all valid), if it is not empty and
/// fits 64 bits unsigned (what `i128::from_str_radix` plus the `u64::MAX`
/// filter accept, without the 128-bit arithmetic).
pub(super) fn digits_value(digits: &[u8], radix: u64) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => c - b'A' + 10,
        };
        v = v.checked_mul(radix)?.checked_add(u64::from(d))?;
    }
    Some(v)
}

/// Bytes that continue an identifier (`[A-Za-z0-9_.$]`).
pub(super) const IDENT_CONT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$');
        c += 1;
    }
    t
};

/// Byte classes for the lexer's first dispatch.
pub(super) const C_OTHER: u8 = 0;
pub(super) const C_NEWLINE: u8 = 1;
/// ASCII whitespace other than `\n`.
pub(super) const C_SPACE: u8 = 2;
/// `[A-Za-z_.$]`.
pub(super) const C_IDENT: u8 = 3;
pub(super) const C_DIGIT: u8 = 4;
pub(super) const CLASS: [u8; 256] = {
    let mut t = [C_OTHER; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if b == b'\n' {
            C_NEWLINE
        } else if b.is_ascii_whitespace() {
            C_SPACE
        } else if b.is_ascii_alphabetic() || matches!(b, b'_' | b'.' | b'$') {
            C_IDENT
        } else if b.is_ascii_digit() {
            C_DIGIT
        } else {
            C_OTHER
        };
        c += 1;
    }
    t
};

/// A number operand's value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Val {
    /// An integer.
    Int(i128),
    /// A floating-point number.
    Float(f64),
}

/// The span and text of bytes `start..end` of line `text` (clamped to it).
pub(super) fn line_span(
    text: &str,
    line_no: u32,
    line_start: usize,
    start: usize,
    end: usize,
) -> (Span, String) {
    let start = start.min(text.len());
    let end = end.clamp(start, text.len());
    let col = text[..start].chars().count() as u32 + 1;
    (
        Span {
            line: line_no,
            col,
            start: line_start + start,
            len: end - start,
        },
        gpumem_isa::clip(&text[start..end]).into_owned(),
    )
}

/// Whether `lo <= v <= hi`.
pub(super) fn range_ok(v: i128, lo: i128, hi: i128) -> bool {
    (lo..=hi).contains(&v)
}
