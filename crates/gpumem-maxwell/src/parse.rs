//! The assembler front end: nvdisasm's spelling and the seed pages' spelling.
//!
//! Accepted per line (see `docs/03-maxwell-syntax.md`):
//! `[label:] [maxas-ctrl] [{] [@[!]Pn] OP{.mod} operands [annotations] [;] [}]`
//! plus comments (`//`, `#` at line start, `/* */`), nvdisasm's `/*0008*/` address
//! comments and `/* 0x… */` hex comments, and the `.headerflags` line.

use crate::codec::{self, ROWS};
use crate::inst::{Ctrl, DEFAULT_SLOT, Inst, Operand, PAD_SLOT, PT, RZ};
use crate::table::{OpKind, OpSpec, Target};
use gpumem_isa::{Diagnostic, Diagnostics, Span};
use std::collections::HashMap;

/// A parsed source instruction before labels are resolved.
#[derive(Clone, Debug)]
pub struct SrcInst {
    pub inst: Inst,
    pub span: Span,
    /// Operand index and label name for branch targets given by name.
    pub label_ref: Option<(usize, String, Span)>,
    /// Whether the source gave a schedule (annotations, maxas prefix or braces).
    pub sched_given: bool,
}

/// One assembled program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// Instructions in order; the i-th sits at [`inst_addr`]`(i)`.
    pub insts: Vec<Inst>,
    pub labels: Vec<(String, u64)>,
}

/// Byte address of the i-th instruction: three per 32-byte bundle, after its control word.
pub const fn inst_addr(i: usize) -> u64 {
    (32 * (i / 3) + 8 + 8 * (i % 3)) as u64
}

struct Line<'a> {
    text: &'a str,
    /// Byte offset of the line in the source.
    base: usize,
    line: u32,
}

impl Line<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        let col = self.text[..start.min(self.text.len())].chars().count() as u32 + 1;
        Span {
            line: self.line,
            col,
            start: self.base + start,
            len: end.saturating_sub(start),
        }
    }
    fn err(&self, start: usize, end: usize, msg: impl Into<String>) -> Diagnostic {
        let end = end.clamp(start, self.text.len());
        Diagnostic::error(
            self.span(start, end),
            &self.text[start.min(self.text.len())..end],
            msg,
        )
    }
}

/// Replaces comments with spaces, keeping every byte position.
fn strip_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            let end = src[i + 2..]
                .find("*/")
                .map(|p| i + 2 + p + 2)
                .unwrap_or(b.len());
            for &c in &b[i..end] {
                out.push(if c == b'\n' { b'\n' } else { b' ' });
            }
            i = end;
            continue;
        }
        if (b[i] == b'/' && b.get(i + 1) == Some(&b'/')) || (line_start && b[i] == b'#') {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
            continue;
        }
        if b[i] == b'\n' {
            line_start = true;
        } else if !b[i].is_ascii_whitespace() {
            line_start = false;
        }
        out.push(b[i]);
        i += 1;
    }
    // Only ASCII bytes were replaced by ASCII bytes, inside whole comments.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A cursor over one line.
struct Cur<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Cur<'a> {
    fn ws(&mut self) {
        while let Some(c) = self.s[self.pos..].chars().next() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }
    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }
    fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }
    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }
    /// A word of `[A-Za-z0-9_.$]`.
    fn word(&mut self) -> (usize, &'a str) {
        self.ws();
        let start = self.pos;
        let len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .unwrap_or(self.rest().len());
        self.pos += len;
        (start, &self.s[start..self.pos])
    }
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$'
}

/// Parses an integer literal: decimal or `0x` hex, optional sign.
pub fn parse_int(t: &str) -> Option<i128> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if h.is_empty() || h.len() > 24 {
            return None;
        }
        i128::from_str_radix(h, 16).ok()?
    } else {
        if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) || body.len() > 30 {
            return None;
        }
        body.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// One operand as written, before it is matched against a row.
#[derive(Clone, Debug)]
enum Tok {
    Reg {
        r: u8,
        neg: bool,
        abs: bool,
        not: bool,
        reuse: bool,
    },
    Pred {
        p: u8,
        neg: bool,
    },
    Mem {
        ra: u8,
        off: i128,
    },
    CMem {
        bank: i128,
        ra: u8,
        off: i128,
        neg: bool,
        abs: bool,
    },
    Int(i128),
    Float(String),
    Ident(String),
}

struct PTok {
    tok: Tok,
    start: usize,
    end: usize,
}

fn reg_num(t: &str) -> Option<u8> {
    if t == "RZ" {
        return Some(RZ);
    }
    let n = t.strip_prefix('R')?;
    if n.is_empty() || n.len() > 3 || !n.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: u16 = n.parse().ok()?;
    (v < 255).then_some(v as u8)
}

fn pred_num(t: &str) -> Option<u8> {
    match t {
        "PT" => Some(PT),
        _ => {
            let n = t.strip_prefix('P')?;
            (n.len() == 1 && (b'0'..=b'6').contains(&n.as_bytes()[0]))
                .then(|| n.as_bytes()[0] - b'0')
        }
    }
}

/// Parses the inside of `[...]`: `Ra`, `Ra + imm`, `Ra - imm`, `Ra+-imm`, `imm`.
fn parse_addr(l: &Line, inner: &str, at: usize) -> Result<(u8, i128), Diagnostic> {
    let bad = |m: &str| l.err(at, at + inner.len(), m.to_string());
    let t: String = inner.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Ok((RZ, 0));
    }
    let (reg_part, off_part) = match t.find(['+', '-']).filter(|&i| i > 0) {
        Some(i) => (&t[..i], Some(&t[i..])),
        None => (t.as_str(), None),
    };
    if let Some(r) = reg_num(reg_part) {
        let off = match off_part {
            None => 0,
            Some(o) => {
                let o = o.strip_prefix('+').unwrap_or(o);
                parse_int(o).ok_or_else(|| {
                    bad("bad offset: expected `Ra + imm` with a decimal or 0x hex imm")
                })?
            }
        };
        Ok((r, off))
    } else if reg_part.starts_with('R') && reg_part[1..].bytes().all(|c| c.is_ascii_digit()) {
        Err(bad("register out of range: R0..R254 or RZ"))
    } else {
        parse_int(&t)
            .map(|v| (RZ, v))
            .ok_or_else(|| bad("bad address: expected [Ra], [Ra + imm] or [imm]"))
    }
}

/// Splits an operand list at top-level commas.
fn split_operands(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth <= 0 => {
                out.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((start, s.len()));
    out
}

fn parse_operand(l: &Line, start: usize, end: usize) -> Result<PTok, Diagnostic> {
    let raw = &l.text[start..end];
    let lead = raw.len() - raw.trim_start().len();
    let t = raw.trim();
    let (s, e) = (start + lead, start + lead + t.len());
    let mk = |tok| {
        Ok(PTok {
            tok,
            start: s,
            end: e,
        })
    };
    if t.is_empty() {
        return Err(l.err(start, end.max(start + 1), "missing operand"));
    }
    // Prefixes: `-`, `~`, `!`, `|x|`.
    let (neg, t1) = match t.strip_prefix('-') {
        Some(r)
            if !r.starts_with(|c: char| c.is_ascii_digit())
                && !r.starts_with("QNAN")
                && !r.starts_with("INF") =>
        {
            (true, r.trim_start())
        }
        _ => (false, t),
    };
    let (not, t1) = match t1.strip_prefix('~') {
        Some(r) => (true, r.trim_start()),
        None => (false, t1),
    };
    let (abs, t1) = match t1.strip_prefix('|').and_then(|r| r.strip_suffix('|')) {
        Some(r) => (true, r.trim()),
        None => (false, t1),
    };
    let (reuse, t2) = match t1.strip_suffix(".reuse") {
        Some(r) => (true, r),
        None => (false, t1),
    };
    if let Some(r) = reg_num(t2) {
        return mk(Tok::Reg {
            r,
            neg,
            abs,
            not,
            reuse,
        });
    }
    if t2.starts_with('R') && t2.len() > 1 && t2[1..].bytes().all(|c| c.is_ascii_digit()) {
        return Err(l.err(s, e, "register out of range: R0..R254 or RZ"));
    }
    if let Some(p) = t.strip_prefix('!')
        && let Some(p) = pred_num(p.trim())
    {
        return mk(Tok::Pred { p, neg: true });
    }
    if let Some(p) = pred_num(t) {
        return mk(Tok::Pred { p, neg: false });
    }
    if let Some(b) = t1.strip_prefix("c[").or_else(|| t1.strip_prefix("c [")) {
        let close = b.find(']').ok_or_else(|| l.err(s, e, "unclosed `c[`"))?;
        let bank = parse_int(b[..close].trim())
            .ok_or_else(|| l.err(s, e, "bad constant bank: expected a number"))?;
        let rest = b[close + 1..].trim_start();
        let inner = rest
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(|| l.err(s, e, "expected `c[bank][offset]`"))?;
        let at = e - 1 - inner.len();
        let (ra, off) = parse_addr(l, inner, at)?;
        return mk(Tok::CMem {
            bank,
            ra,
            off,
            neg,
            abs,
        });
    }
    if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (ra, off) = parse_addr(l, inner, s + 1)?;
        return mk(Tok::Mem { ra, off });
    }
    if let Some(v) = parse_int(t) {
        return mk(Tok::Int(v));
    }
    if let Some(f) = crate::alu::parse_float(t) {
        let _ = f;
        return mk(Tok::Float(t.to_string()));
    }
    // Branch targets as cuobjdump writes them: `(.L_1)
    let name = t
        .strip_prefix("`(")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(t);
    if name.starts_with(is_ident_start)
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
    {
        return mk(Tok::Ident(name.to_string()));
    }
    Err(l.err(s, e, "cannot read this operand"))
}

/// Parses a maxas control prefix `ww:r:w:y:s` (wait mask hex or `--`, read and write
/// barrier 1-6 or `-`, `Y` or `-`, stall hex).
fn parse_maxas(t: &str) -> Option<Ctrl> {
    let p: Vec<&str> = t.split(':').collect();
    if p.len() != 5 {
        return None;
    }
    let wait = if p[0] == "--" {
        0
    } else {
        u8::from_str_radix(p[0], 16)
            .ok()
            .filter(|v| *v < 64 && p[0].len() == 2)?
    };
    let bar = |s: &str| -> Option<u8> {
        match s {
            "-" => Some(7),
            _ => s
                .parse::<u8>()
                .ok()
                .filter(|v| (1..=6).contains(v))
                .map(|v| v - 1),
        }
    };
    let no_yield = match p[3] {
        "Y" => false,
        "-" => true,
        _ => return None,
    };
    let stall = u8::from_str_radix(p[4], 16)
        .ok()
        .filter(|v| *v < 16 && p[4].len() == 1)?;
    Some(Ctrl {
        stall,
        no_yield,
        wr: bar(p[2])?,
        rd: bar(p[1])?,
        wait,
        reuse: 0,
    })
}

/// The mnemonic's modifier string matched against one row: every group at most once, in
/// any order; the longest spelling at each point wins.
fn match_mods(
    op: &'static OpSpec,
    mods: &str,
) -> Result<[u8; crate::inst::MAX_MODS], (usize, String)> {
    let mut vals = Inst::new(op).mods;
    let mut used = [false; crate::inst::MAX_MODS];
    let mut rest = mods;
    let mut lds_explicit32 = false;
    while !rest.is_empty() {
        let at = mods.len() - rest.len();
        let mut best: Option<(usize, u8, usize)> = None;
        for (gi, g) in op.mods.iter().enumerate() {
            for v in g.vals {
                for sp in std::iter::once(&v.text).chain(v.aliases.iter()) {
                    if sp.is_empty() || !rest.starts_with(sp) {
                        continue;
                    }
                    let boundary = rest[sp.len()..].is_empty() || rest[sp.len()..].starts_with('.');
                    if boundary && best.is_none_or(|b| sp.len() > b.2) {
                        best = Some((gi, v.value, sp.len()));
                    }
                }
            }
        }
        let Some((gi, v, len)) = best else {
            let end = rest[1..].find('.').map(|p| p + 1).unwrap_or(rest.len());
            return Err((
                at,
                format!("unknown modifier `{}` for {}", &rest[..end], op.name),
            ));
        };
        if used[gi] {
            // `LDS.U.32`: nvdisasm's explicit 32-bit size after `.U`.
            if !(op.form == "LDS" && &rest[..len] == ".32" && !lds_explicit32) {
                return Err((
                    at,
                    format!(
                        "duplicate `{}` modifier ({})",
                        &rest[..len],
                        op.mods[gi].name
                    ),
                ));
            }
            lds_explicit32 = true;
        }
        used[gi] = true;
        vals[gi] = v;
        rest = &rest[len..];
    }
    Ok(vals)
}

/// How far an operand list got against a row, for choosing the error to report.
struct Mismatch {
    progress: usize,
    diag: Diagnostic,
}

fn fits_signed(v: i128, bits: u8) -> bool {
    let half = 1i128 << (bits - 1);
    v >= -half && v < half
}

/// Matches parsed operands against one row's operand kinds.
fn match_operands(
    l: &Line,
    op: &'static OpSpec,
    toks: &[PTok],
    inst: &mut Inst,
    label: &mut Option<(usize, String, Span)>,
    mnemonic_end: usize,
) -> Result<(), Mismatch> {
    let mut ti = 0;
    let mut reuse = 0u8;
    for (oi, kind) in op.operands.iter().enumerate() {
        let tok = toks.get(ti);
        let fail = |t: Option<&PTok>, msg: String| Mismatch {
            progress: oi,
            diag: match t {
                Some(t) => l.err(t.start, t.end, msg),
                None => l.err(
                    mnemonic_end,
                    l.text.trim_end().len().max(mnemonic_end + 1),
                    msg,
                ),
            },
        };
        let got: Option<Operand> = match (kind, tok.map(|t| &t.tok)) {
            (
                OpKind::Reg {
                    neg,
                    abs,
                    not,
                    reuse: rs,
                    ..
                },
                Some(Tok::Reg {
                    r,
                    neg: n,
                    abs: a,
                    not: t,
                    reuse: ru,
                }),
            ) => {
                if (*n && neg.is_none()) || (*a && abs.is_none()) || (*t && not.is_none()) {
                    return Err(fail(
                        tok,
                        format!(
                            "{} does not take `-`, `|..|` or `~` on this operand",
                            op.name
                        ),
                    ));
                }
                if *ru {
                    match rs {
                        Some(s) => reuse |= 1 << s,
                        None => {
                            return Err(fail(
                                tok,
                                format!("`.reuse` is not available on this operand of {}", op.name),
                            ));
                        }
                    }
                }
                Some(Operand::Reg {
                    r: *r,
                    neg: *n,
                    abs: *a,
                    not: *t,
                })
            }
            (OpKind::Pred { neg, .. }, Some(Tok::Pred { p, neg: n })) => {
                if *n && neg.is_none() {
                    return Err(fail(tok, "this predicate cannot be negated".into()));
                }
                Some(Operand::Pred { p: *p, neg: *n })
            }
            (OpKind::SparsePred { .. }, Some(Tok::Pred { p, neg: false })) => {
                Some(Operand::Pred { p: *p, neg: false })
            }
            (OpKind::Mem { imm, .. }, Some(Tok::Mem { ra, off })) => {
                let ok = if *ra == RZ {
                    *off >= 0 && *off <= imm.max() as i128
                } else {
                    fits_signed(*off, imm.width)
                };
                if !ok {
                    let what = if *ra == RZ {
                        format!(
                            "absolute address out of range: 0..={:#x} (unsigned {}-bit)",
                            imm.max(),
                            imm.width
                        )
                    } else {
                        format!(
                            "offset out of range: {:#x}..={:#x} (signed {}-bit)",
                            -(1i64 << (imm.width - 1)),
                            (1i64 << (imm.width - 1)) - 1,
                            imm.width
                        )
                    };
                    return Err(fail(tok, what));
                }
                Some(Operand::Mem {
                    ra: *ra,
                    off: *off as i64,
                })
            }
            (
                OpKind::ConstMem { bank, imm, .. },
                Some(Tok::CMem {
                    bank: b,
                    ra,
                    off,
                    neg: false,
                    abs: false,
                }),
            ) => {
                if *b < 0 || *b > bank.max() as i128 {
                    return Err(fail(
                        tok,
                        format!("constant bank out of range: 0..={}", bank.max()),
                    ));
                }
                let ok = fits_signed(*off, imm.width)
                    || (*ra == RZ && *off >= 0 && *off <= imm.max() as i128);
                if !ok {
                    return Err(fail(tok, "constant offset out of range: signed 16-bit (or unsigned 16-bit without Ra)".into()));
                }
                let off = (((*off as i64) << 48) >> 48) as i64;
                Some(Operand::ConstMem {
                    bank: *b as u8,
                    ra: *ra,
                    off,
                })
            }
            (
                OpKind::ConstOperand {
                    bank,
                    off,
                    neg,
                    abs,
                },
                Some(Tok::CMem {
                    bank: b,
                    ra: RZ,
                    off: o,
                    neg: n,
                    abs: a,
                }),
            ) => {
                if (*n && neg.is_none()) || (*a && abs.is_none()) {
                    return Err(fail(
                        tok,
                        format!("{} does not take `-` or `|..|` on this operand", op.name),
                    ));
                }
                if *b < 0 || *b > bank.max() as i128 {
                    return Err(fail(
                        tok,
                        format!("constant bank out of range: 0..={}", bank.max()),
                    ));
                }
                if *o < 0 || *o % 4 != 0 || *o / 4 > off.max() as i128 {
                    return Err(fail(
                        tok,
                        format!(
                            "constant offset must be a multiple of 4 in 0..={:#x}",
                            off.max() * 4
                        ),
                    ));
                }
                Some(Operand::Const {
                    bank: *b as u8,
                    off: *o as u32,
                    neg: *n,
                    abs: *a,
                })
            }
            (OpKind::Imm20 { f, .. }, Some(Tok::Int(v))) => {
                if !fits_signed(*v, f.width + 1) {
                    return Err(fail(tok, "immediate out of range: signed 20-bit".into()));
                }
                Some(Operand::Imm(*v as i64))
            }
            (OpKind::UImm { f }, Some(Tok::Int(v))) => {
                if *v < 0 || *v > f.max() as i128 {
                    return Err(fail(
                        tok,
                        format!("immediate out of range: 0..={:#x}", f.max()),
                    ));
                }
                Some(Operand::Imm(*v as i64))
            }
            (OpKind::Imm32 { .. }, Some(Tok::Int(v))) => {
                if *v < -(1i128 << 31) || *v > u32::MAX as i128 {
                    return Err(fail(tok, "immediate out of range: 32-bit".into()));
                }
                Some(Operand::Imm(*v as i64))
            }
            (
                OpKind::FImm20 { .. } | OpKind::FImm32 { .. },
                Some(Tok::Float(..) | Tok::Int(..)),
            ) => {
                let t = tok.map(|t| &t.tok);
                let bits = match t {
                    Some(Tok::Float(text)) => crate::alu::float_bits(text),
                    Some(Tok::Int(i)) => Some((*i as f32).to_bits()),
                    _ => None,
                };
                let Some(bits) = bits else {
                    return Err(fail(tok, "bad float immediate".into()));
                };
                if matches!(kind, OpKind::FImm20 { .. }) && bits & 0xfff != 0 {
                    return Err(fail(tok, "float immediate needs more than the 20 bits this form holds (use the 32I form)".into()));
                }
                Some(Operand::FImm(bits))
            }
            (OpKind::Target { .. }, Some(Tok::Int(v))) => Some(Operand::Target(*v as i64)),
            (OpKind::Target { .. }, Some(Tok::Ident(name))) => {
                let t = &toks[ti];
                *label = Some((oi, name.clone(), l.span(t.start, t.end)));
                Some(Operand::Target(0))
            }
            (OpKind::SReg { .. }, Some(Tok::Ident(name))) => {
                crate::alu::sreg_num(name).map(Operand::SReg)
            }
            (OpKind::CondCode { .. }, Some(Tok::Ident(name))) => {
                crate::alu::cc_num(name).map(Operand::Cc)
            }
            (OpKind::Scoreboard { .. }, Some(Tok::Ident(name))) => name
                .strip_prefix("SB")
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| *n < 8)
                .map(Operand::Sb),
            _ => None,
        };
        match got {
            Some(v) => {
                inst.operands[oi] = v;
                ti += 1;
            }
            None => match crate::alu::implicit_operand(kind) {
                Some(v) => inst.operands[oi] = v,
                None => {
                    let want = crate::alu::kind_name(kind);
                    return Err(fail(
                        tok,
                        format!("expected {want} as operand {} of {}", oi + 1, op.form),
                    ));
                }
            },
        }
    }
    if let Some(t) = toks.get(ti) {
        return Err(Mismatch {
            progress: op.operands.len() + 1,
            diag: l.err(t.start, t.end, format!("too many operands for {}", op.name)),
        });
    }
    inst.ctrl.reuse = reuse;
    Ok(())
}

/// Schedule annotations: `&req={0,5}`, `&rd=N`, `&wr=N`, `?stall=N`, `?yield`, `?reuse=N`,
/// each optionally in braces as the seed pages write them.
fn apply_annotation(l: &Line, a: &str, at: usize, c: &mut Ctrl) -> Result<(), Diagnostic> {
    let bad = |m: &str| l.err(at, at + a.len(), m.to_string());
    let num = |v: &str, max: u8| -> Result<u8, Diagnostic> {
        parse_int(v)
            .filter(|n| *n >= 0 && *n <= max as i128)
            .map(|n| n as u8)
            .ok_or_else(|| bad(&format!("annotation value out of range: 0..={max}")))
    };
    if let Some(v) = a.strip_prefix("&req=") {
        let set = v
            .strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .ok_or_else(|| bad("expected &req={i,j,...}"))?;
        c.wait = 0;
        for part in set.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            c.wait |= 1 << num(part, 5)?;
        }
    } else if let Some(v) = a.strip_prefix("&rd=") {
        c.rd = num(v, 6)?;
    } else if let Some(v) = a.strip_prefix("&wr=") {
        c.wr = num(v, 6)?;
    } else if let Some(v) = a.strip_prefix("?stall=") {
        c.stall = num(v, 15)?;
    } else if a == "?yield" {
        c.no_yield = false;
    } else if let Some(v) = a.strip_prefix("?reuse=") {
        c.reuse = num(v, 15)?;
    } else {
        return Err(bad(
            "unknown schedule annotation (expected &req={..}, &rd=N, &wr=N, ?stall=N, ?yield, ?reuse=N)",
        ));
    }
    Ok(())
}

/// Parses a whole source file into instructions. All errors are reported.
pub fn parse_source(
    src: &str,
    target: Target,
) -> Result<(Vec<SrcInst>, HashMap<String, usize>), Diagnostics> {
    let clean = strip_comments(src);
    let mut diags = Vec::new();
    let mut out: Vec<SrcInst> = Vec::new();
    let mut labels: HashMap<String, usize> = HashMap::new();
    let mut in_pair = false;
    let mut base = 0;
    for (n, text) in clean.split('\n').enumerate() {
        let l = Line {
            text,
            base,
            line: n as u32 + 1,
        };
        base += text.len() + 1;
        if let Err(d) = parse_line(&l, target, &mut out, &mut labels, &mut in_pair) {
            diags.push(d);
        }
    }
    if diags.is_empty() {
        Ok((out, labels))
    } else {
        Err(Diagnostics(diags))
    }
}

fn parse_line(
    l: &Line,
    target: Target,
    out: &mut Vec<SrcInst>,
    labels: &mut HashMap<String, usize>,
    in_pair: &mut bool,
) -> Result<(), Diagnostic> {
    let mut c = Cur { s: l.text, pos: 0 };
    c.ws();
    if c.rest().starts_with(".headerflags") || c.rest().is_empty() {
        return Ok(());
    }
    // Labels.
    loop {
        c.ws();
        let save = c.pos;
        let (ws, w) = c.word();
        if !w.is_empty()
            && w.starts_with(is_ident_start)
            && c.peek() == Some(':')
            && !c.rest().starts_with(":-")
        {
            c.pos += 1;
            if labels.insert(w.to_string(), out.len()).is_some() {
                return Err(l.err(ws, c.pos, format!("label `{w}` defined twice")));
            }
            continue;
        }
        c.pos = save;
        break;
    }
    c.ws();
    if c.rest().is_empty() {
        return Ok(());
    }
    if c.rest().starts_with('.') {
        let (s, w) = c.word();
        return Err(l.err(s, c.pos, format!("unknown directive `{w}`")));
    }
    // maxas control prefix.
    let mut ctrl: Option<Ctrl> = None;
    let tok_end = c.rest().find(char::is_whitespace).unwrap_or(c.rest().len());
    let first = &c.rest()[..tok_end];
    if first.matches(':').count() == 4 {
        let at = c.pos;
        ctrl = Some(parse_maxas(first).ok_or_else(|| {
            l.err(
                at,
                at + tok_end,
                "bad maxas control `wait:read:write:yield:stall` (e.g. `--:-:1:-:6`)",
            )
        })?);
        c.pos += tok_end;
    }
    let mut pair_first = false;
    if c.eat('{') {
        if *in_pair {
            return Err(l.err(
                c.pos - 1,
                c.pos,
                "nested `{`: a dual-issue pair holds two instructions",
            ));
        }
        *in_pair = true;
        pair_first = true;
    }
    c.ws();
    if c.rest().is_empty() {
        return Ok(());
    }
    // A lone `}` closing a pair.
    if c.rest().trim() == "}" {
        *in_pair = false;
        return Ok(());
    }
    let start = c.pos;
    let mut inst_guard = (PT, false);
    if c.eat('@') {
        let neg = c.eat('!');
        let (ps, p) = c.word();
        inst_guard = (
            pred_num(p).ok_or_else(|| {
                l.err(
                    ps,
                    c.pos,
                    "bad guard predicate: expected @P0..@P6, @PT, @!Pn",
                )
            })?,
            neg,
        );
    }
    let (ms, mnem) = c.word();
    if mnem.is_empty() {
        return Err(l.err(c.pos, c.pos + 1, "expected an instruction"));
    }
    let dot = mnem.find('.').unwrap_or(mnem.len());
    let (name, mods) = mnem.split_at(dot);
    let rows: Vec<&'static OpSpec> = ROWS.iter().copied().filter(|r| r.name == name).collect();
    if rows.is_empty() {
        return Err(l.err(ms, ms + name.len(), format!("unknown instruction `{name}`")));
    }
    // Split the rest: operands, annotations, `;`, `}`.
    let mut body = c.rest();
    let mut body_end = c.pos + body.len();
    let mut closes_pair = false;
    let tb = body.trim_end();
    if let Some(b) = tb.strip_suffix('}') {
        closes_pair = true;
        body = b;
        body_end = c.pos + b.len();
    }
    let tb = body.trim_end();
    let mut tight_semicolon = false;
    if let Some(b) = tb.strip_suffix(';') {
        tight_semicolon = !b.ends_with(char::is_whitespace);
        body = b;
        body_end = c.pos + b.len();
    }
    let body_start = c.pos;
    // Annotations start at the first `&`, `?` or `{&` / `{?`.
    let ann_at = body.find(['&', '?']).map(|i| {
        if i > 0 && body[..i].ends_with('{') {
            i - 1
        } else {
            i
        }
    });
    let (ops_text, ann_text) = match ann_at {
        Some(i) => (&body[..i], &body[i..]),
        None => (body, ""),
    };
    let mut sched = ctrl.unwrap_or_else(|| {
        Ctrl::from_slot(if tight_semicolon && ann_text.is_empty() {
            PAD_SLOT
        } else {
            DEFAULT_SLOT
        })
    });
    let sched_given = ctrl.is_some() || !ann_text.is_empty() || pair_first;
    if pair_first && ctrl.is_none() {
        sched.stall = 0;
        sched.no_yield = true;
    }
    let mut toks = Vec::new();
    if !ops_text.trim().is_empty() {
        for (s, e) in split_operands(ops_text) {
            toks.push(parse_operand(l, body_start + s, body_start + e)?);
        }
    }
    let mut reuse_annot = None;
    {
        let ann_base = body_start + ops_text.len();
        let mut off = 0;
        for a in ann_text.split_whitespace() {
            let at = ann_base + ann_text[off..].find(a).map(|p| p + off).unwrap_or(off);
            off = at - ann_base + a.len();
            let a = a
                .strip_prefix('{')
                .and_then(|x| x.strip_suffix('}'))
                .unwrap_or(a);
            apply_annotation(l, a, at, &mut sched)?;
            if a.starts_with("?reuse=") {
                reuse_annot = Some(sched.reuse);
            }
        }
    }
    // Try each encoding of the mnemonic; keep the error of the one that got furthest.
    let mut best: Option<Mismatch> = None;
    for op in rows.iter().copied().filter(|r| r.since <= target) {
        let mut inst = Inst::new(op);
        inst.guard = inst_guard.0;
        inst.guard_neg = inst_guard.1;
        match match_mods(op, mods) {
            Ok(m) => inst.mods = m,
            Err((at, msg)) => {
                let end = (ms + dot + at + 1..=ms + mnem.len())
                    .find(|&i| i == ms + mnem.len() || l.text.as_bytes()[i] == b'.')
                    .unwrap_or(ms + mnem.len());
                let m = Mismatch {
                    progress: 0,
                    diag: l.err(ms + dot + at, end, msg),
                };
                if best.as_ref().is_none_or(|b| b.progress < m.progress) {
                    best = Some(m);
                }
                continue;
            }
        }
        let mut label = None;
        match match_operands(l, op, &toks, &mut inst, &mut label, ms + mnem.len()) {
            Ok(()) => {
                let reuse = inst.ctrl.reuse;
                inst.ctrl = sched;
                inst.ctrl.reuse = reuse_annot.unwrap_or(reuse);
                if let Err(e) = check_sched(&inst) {
                    return Err(l.err(start, body_end.max(start + 1), e));
                }
                out.push(SrcInst {
                    inst,
                    span: l.span(start, body_end),
                    label_ref: label,
                    sched_given,
                });
                if closes_pair {
                    if !*in_pair {
                        return Err(l.err(body_end, body_end + 1, "`}` without `{`"));
                    }
                    *in_pair = false;
                }
                return Ok(());
            }
            Err(m) => {
                if best.as_ref().is_none_or(|b| b.progress < m.progress + 1) {
                    best = Some(Mismatch {
                        progress: m.progress + 1,
                        diag: m.diag,
                    });
                }
            }
        }
    }
    Err(match best {
        Some(b) => b.diag,
        None => l.err(
            ms,
            ms + name.len(),
            format!("{name} does not exist on {target:?}"),
        ),
    })
}

/// The schedule checks nvdisasm makes (barriers only on variable-latency ops).
fn check_sched(inst: &Inst) -> Result<(), String> {
    let dummy_word = 0;
    codec::check_ctrl(inst, dummy_word, 0, 0).map_err(|e| match e {
        codec::DecodeError::InvalidControl { field, value, form, .. } => {
            format!("{form} does not accept {field} {value} in its schedule (fixed-latency ops take no barriers)")
        }
        other => other.to_string(),
    })
}

/// Parses and lays out a program: resolves labels to addresses.
pub fn parse_program(src: &str, target: Target) -> Result<Program, Diagnostics> {
    let (mut insts, labels) = parse_source(src, target)?;
    let mut diags = Vec::new();
    for (i, si) in insts.iter_mut().enumerate() {
        if let Some((oi, name, span)) = &si.label_ref {
            match labels.get(name) {
                Some(&t) => si.inst.operands[*oi] = Operand::Target(inst_addr(t) as i64),
                None => diags.push(Diagnostic::error(
                    *span,
                    name.clone(),
                    format!("undefined label `{name}`"),
                )),
            }
        }
        for (oi, k) in si.inst.op.operands.iter().enumerate() {
            if let (OpKind::Target { f }, Operand::Target(t)) = (k, si.inst.operands[oi]) {
                let rel = t - inst_addr(i) as i64 - 8;
                if !f.fits_signed(rel) || t % 8 != 0 {
                    diags.push(Diagnostic::error(si.span, "", format!("branch target {t:#x} is not reachable: needs a signed {}-bit offset to an instruction", f.width)));
                }
            }
        }
    }
    if !diags.is_empty() {
        return Err(Diagnostics(diags));
    }
    let mut labels: Vec<(String, u64)> =
        labels.into_iter().map(|(k, v)| (k, inst_addr(v))).collect();
    labels.sort_by_key(|(_, a)| *a);
    Ok(Program {
        insts: insts.into_iter().map(|s| s.inst).collect(),
        labels,
    })
}
