//! The assembler front end: nvdisasm's spelling and the seed pages' spelling.
//!
//! Accepted per line (the README's "Syntax notes" and `docs/02-control-words.md`):
//! `[label:] [maxas-ctrl] [{] [@[!]Pn] OP{.mod} operands [annotations] [;] [}]`
//! plus comments (`//`, `#` at line start, `/* */`), nvdisasm's `/*0008*/` address
//! comments and `/* 0x… */` hex comments, and the `.headerflags` line.

use crate::codec::{self, ROWS};
use crate::inst::{Ctrl, DEFAULT_SLOT, Inst, Operand, PAD_SLOT, PT, RZ, ctrl_slot};
use crate::table::{ImmText, OpKind, OpSpec, Target};
use gpumem_isa::{Diagnostic, Diagnostics, Span};
use std::collections::HashMap;

/// A parsed source instruction before labels are resolved.
#[derive(Clone, Debug)]
pub struct SrcInst {
    /// The instruction, its branch target still unresolved where `label_ref` names a label.
    pub inst: Inst,
    /// Where the instruction's text lies in the source.
    pub span: Span,
    /// Operand index and label name for branch targets given by name.
    pub label_ref: Option<(usize, String, Span)>,
    /// Whether the source gave a schedule (annotations, maxas prefix or braces).
    pub sched_given: bool,
}

/// One assembled program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The address of the program's first byte (its first control word; 32-byte aligned).
    pub base: u64,
    /// Instructions in order; the i-th sits at `base + `[`inst_addr`]`(i)`.
    pub insts: Vec<Inst>,
    /// Labels and the byte addresses they name, sorted by address.
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
    /// The nearest char boundary at or before `i`.
    fn floor(&self, i: usize) -> usize {
        let mut i = i.min(self.text.len());
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
    fn span(&self, start: usize, end: usize) -> Span {
        let start = self.floor(start);
        let col = self.text[..start].chars().count() as u32 + 1;
        Span {
            line: self.line,
            col,
            start: self.base + start,
            len: end.saturating_sub(start),
        }
    }
    fn err(&self, start: usize, end: usize, msg: impl Into<String>) -> Diagnostic {
        let start = self.floor(start);
        let end = self.floor(end.max(start));
        // The offending text is repeated clipped; the span covers all of it.
        Diagnostic::error(
            self.span(start, end),
            gpumem_isa::clip(&self.text[start..end]),
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
    },
    Pred {
        p: u8,
    },
    Mem {
        ra: u8,
        off: i128,
    },
    CMem {
        bank: i128,
        ra: u8,
        off: i128,
    },
    Int(i128),
    Float(String),
    Ident(String),
    /// `{5,2,0}`: a set of small numbers, as a bit mask.
    Set(u64),
    /// `R0 -0x50`: a register and an offset without a comma (BRX, JMX).
    RegOff {
        ra: u8,
        off: i128,
    },
    /// `a[Ra+imm]`, `a[0x40]`: an attribute address (ALD, AST, IPA).
    AMem {
        ra: u8,
        off: i128,
    },
}

/// An operand with its prefixes (`-`, `~`, `!`, `|..|`) and dotted suffixes (`.CC`,
/// `.H1`, `.NEG`, `.reuse`) split off.
struct PTok {
    tok: Tok,
    neg: bool,
    not: bool,
    abs: bool,
    bang: bool,
    /// Suffixes with their byte offsets, in source order.
    suffixes: Vec<(String, usize)>,
    start: usize,
    end: usize,
}

impl PTok {
    fn plain(&self) -> bool {
        !self.neg && !self.not && !self.abs && !self.bang
    }
    /// The identifier with its suffixes joined back (`SR_TID.X`, `CC.NE`).
    fn ident(&self) -> Option<String> {
        match &self.tok {
            Tok::Ident(n) => {
                let mut s = n.clone();
                for (x, _) in &self.suffixes {
                    s.push_str(x);
                }
                Some(s)
            }
            _ => None,
        }
    }
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
    } else if reg_part.starts_with('R')
        && reg_part.len() > 1
        && reg_part[1..].bytes().all(|c| c.is_ascii_digit())
    {
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
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
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

/// Splits trailing `.SUFFIX` parts off an operand (not off numbers: `0.5` stays whole).
fn split_suffixes(t: &str) -> (&str, Vec<(String, usize)>) {
    let mut base = t;
    let mut out = Vec::new();
    while let Some(i) = base.rfind('.') {
        let sfx = &base[i + 1..];
        let is_word = sfx.starts_with(|c: char| c.is_ascii_alphabetic() || c == '?')
            && sfx
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '?');
        // A byte permutation of a register (VABSDIFF4's `R4.3201`) is all digits.
        let byte_sel = !sfx.is_empty()
            && sfx.bytes().all(|c| c.is_ascii_digit())
            && reg_num(base[..i].trim_start_matches(['-', '~', '|', '!'])).is_some();
        // A leading dot is part of a label (`.L_1`); `c[..][..]` and numbers keep theirs.
        if i == 0 || !(is_word || byte_sel) {
            break;
        }
        out.push((base[i..].to_string(), i));
        base = &base[..i];
    }
    out.reverse();
    (base, out)
}

fn parse_operand(l: &Line, start: usize, end: usize) -> Result<PTok, Diagnostic> {
    let raw = &l.text[start..end];
    let lead = raw.len() - raw.trim_start().len();
    let t = raw.trim();
    let (s, e) = (start + lead, start + lead + t.len());
    if t.is_empty() {
        return Err(l.err(start, end.max(start + 1), "missing operand"));
    }
    let (base, suffixes) = split_suffixes(t);
    let suffixes: Vec<(String, usize)> = suffixes.into_iter().map(|(x, i)| (x, s + i)).collect();
    let mut body = base.trim();
    let is_num = |b: &str| {
        b.starts_with(|c: char| c.is_ascii_digit())
            || b.starts_with("QNAN")
            || b.starts_with("SNAN")
            || b.starts_with("INF")
    };
    let mut pt = PTok {
        tok: Tok::Int(0),
        neg: false,
        not: false,
        abs: false,
        bang: false,
        suffixes,
        start: s,
        end: e,
    };
    // Prefixes: `-` (not before a number), `~`, `!`, `|x|`.
    loop {
        if let Some(r) = body.strip_prefix('-').filter(|r| !is_num(r)) {
            pt.neg = true;
            body = r.trim_start();
        } else if let Some(r) = body.strip_prefix('~') {
            pt.not = true;
            body = r.trim_start();
        } else if let Some(r) = body.strip_prefix('!') {
            pt.bang = true;
            body = r.trim_start();
        } else if let Some(r) = body.strip_prefix('|').and_then(|r| r.strip_suffix('|')) {
            pt.abs = true;
            // Suffixes sit inside the bars (`|R2.B3|`): they come before any outside.
            let (inner, sfx) = split_suffixes(r.trim());
            let at = inner.as_ptr() as usize - l.text.as_ptr() as usize;
            let mut all: Vec<(String, usize)> = sfx.into_iter().map(|(x, i)| (x, at + i)).collect();
            all.append(&mut pt.suffixes);
            pt.suffixes = all;
            body = inner.trim();
        } else {
            break;
        }
    }
    pt.tok = if let Some(r) = reg_num(body) {
        Tok::Reg { r }
    } else if body.starts_with('R')
        && body.len() > 1
        && body[1..].bytes().all(|c| c.is_ascii_digit())
    {
        return Err(l.err(s, e, "register out of range: R0..R254 or RZ"));
    } else if let Some(p) = pred_num(body) {
        Tok::Pred { p }
    } else if let Some(b) = body.strip_prefix("c[").or_else(|| body.strip_prefix("c [")) {
        let close = b.find(']').ok_or_else(|| l.err(s, e, "unclosed `c[`"))?;
        let bank = parse_int(b[..close].trim())
            .ok_or_else(|| l.err(s, e, "bad constant bank: expected a number"))?;
        let rest = b[close + 1..].trim_start();
        let inner = rest
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(|| l.err(s, e, "expected `c[bank][offset]`"))?;
        let (ra, off) = parse_addr(l, inner, s)?;
        Tok::CMem { bank, ra, off }
    } else if let Some(inner) = body.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (ra, off) = parse_addr(l, inner, s + 1)?;
        Tok::Mem { ra, off }
    } else if let Some(inner) = body.strip_prefix("a[").and_then(|r| r.strip_suffix(']')) {
        let (ra, off) = parse_addr(l, inner, s + 2)?;
        Tok::AMem { ra, off }
    } else if let Some(inner) = body.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        let mut m = 0u64;
        for x in inner.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            match parse_int(x) {
                Some(v @ 0..=63) => m |= 1 << v,
                _ => return Err(l.err(s, e, "bad set: expected `{n,m,..}` with n in 0..=63")),
            }
        }
        Tok::Set(m)
    } else if let Some((ra, off)) = body
        .split_once(' ')
        .and_then(|(a, b)| Some((reg_num(a.trim())?, parse_int(b.trim())?)))
    {
        Tok::RegOff { ra, off }
    } else if let Some(v) = parse_int(body) {
        Tok::Int(v)
    } else if float_bits(body).is_some() || double_bits(body).is_some() {
        Tok::Float(body.to_string())
    } else {
        // Branch targets as cuobjdump writes them: `(.L_1)
        let name = body
            .strip_prefix("`(")
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or(body);
        if name.starts_with(is_ident_start)
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
        {
            Tok::Ident(name.to_string())
        } else if body.starts_with(|c: char| c.is_ascii_digit())
            && body.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            // A name operand that starts with a digit: a texture's `2D`.
            Tok::Ident(body.to_string())
        } else {
            return Err(l.err(s, e, "cannot read this operand"));
        }
    };
    Ok(pt)
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
/// any order; at each point the longest spelling of a group not yet used wins (the first
/// such group in print order, so `PSETP.AND.OR` fills its two `bop` groups in turn).
fn match_mods(
    op: &'static OpSpec,
    mods: &str,
) -> Result<[u8; crate::inst::MAX_MODS], (usize, String)> {
    let mut vals = Inst::new(op).mods;
    let mut used = [false; crate::inst::MAX_MODS];
    let mut rest = mods;
    while !rest.is_empty() {
        let at = mods.len() - rest.len();
        // (group, value, length, group already used)
        let mut best: Option<(usize, u8, usize, bool)> = None;
        for (gi, g) in op.mods.iter().enumerate().filter(|(_, g)| g.at.is_none()) {
            // A group whose spelling follows another group's value (IDP's A type: `.U16`
            // after `.2A`) takes the spellings that value selects, as the printer does.
            let spellings = match &g.alt {
                Some(a) if a.group as usize != gi => g.vals_for(&vals),
                _ => g.vals,
            };
            for v in spellings {
                for sp in std::iter::once(&v.text).chain(v.aliases.iter()) {
                    if sp.is_empty() || !rest.starts_with(sp) {
                        continue;
                    }
                    let boundary = rest[sp.len()..].is_empty() || rest[sp.len()..].starts_with('.');
                    let better = match best {
                        None => true,
                        Some((_, _, len, was_used)) => {
                            (was_used && !used[gi]) || (was_used == used[gi] && sp.len() > len)
                        }
                    };
                    if boundary && better {
                        best = Some((gi, v.value, sp.len(), used[gi]));
                    }
                }
            }
        }
        match best {
            None => {
                let end = rest[1..].find('.').map(|p| p + 1).unwrap_or(rest.len());
                return Err((
                    at,
                    format!(
                        "unknown modifier `{}` for {}",
                        gpumem_isa::clip(&rest[..end]),
                        op.name
                    ),
                ));
            }
            Some((gi, _, len, true)) => {
                return Err((
                    at,
                    format!(
                        "duplicate `{}` modifier ({})",
                        gpumem_isa::clip(&rest[..len]),
                        op.mods[gi].name()
                    ),
                ));
            }
            Some((gi, v, len, false)) => {
                used[gi] = true;
                vals[gi] = v;
                rest = &rest[len..];
            }
        }
    }
    // A group the source leaves out takes its unprinted value; one without (OUT's type:
    // nvdisasm's `INVALIDOUTSTYPE0` is 0) must be spelled, or the word would be invalid.
    for (gi, g) in op.mods.iter().enumerate() {
        if g.at.is_none() && !used[gi] && g.lookup(vals[gi]).is_none() {
            let names: Vec<&str> = g.vals.iter().map(|v| v.text).collect();
            return Err((
                mods.len(),
                format!(
                    "{} needs a `{}` modifier: one of {}",
                    op.name,
                    g.name(),
                    names.join(", ")
                ),
            ));
        }
    }
    Ok(vals)
}

/// How far an operand list got against a row, for choosing the error to report.
struct Mismatch {
    progress: usize,
    diag: Diagnostic,
}

fn fits_signed(v: i128, bits: u8) -> bool {
    if bits == 0 {
        return v == 0;
    }
    let half = 1i128 << (bits - 1);
    v >= -half && v < half
}

/// Matches parsed operands against one row's operand kinds (and the suffix modifiers
/// that belong to each operand).
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
        // A token of the right kind whose value is out of range got further than a token
        // of the wrong kind: its message (the range) is the one to report.
        let fail = |t: Option<&PTok>, msg: String| Mismatch {
            progress: 2 * oi + usize::from(msg.contains("out of range")),
            diag: match t {
                Some(t) => l.err(t.start, t.end, msg),
                None => l.err(
                    mnemonic_end,
                    l.text.trim_end().len().max(mnemonic_end + 1),
                    msg,
                ),
            },
        };
        let got = match tok {
            Some(t) => match_one(op, kind, t, oi, label, l).map_err(|m| fail(tok, m))?,
            None => None,
        };
        match got {
            Some(v) => {
                let t = &toks[ti];
                inst.operands[oi] = v;
                ti += 1;
                // Suffixes: `.reuse` and this operand's modifier groups.
                for (sfx, at) in &t.suffixes {
                    if matches!(
                        kind,
                        OpKind::SReg { .. } | OpKind::CondCode { .. } | OpKind::Target { .. }
                    ) {
                        break;
                    }
                    if sfx == ".reuse" {
                        match kind {
                            OpKind::Reg {
                                reuse: Some(slot), ..
                            } => reuse |= 1 << slot,
                            _ => {
                                return Err(Mismatch {
                                    progress: 2 * oi,
                                    diag: l.err(
                                        *at,
                                        at + sfx.len(),
                                        format!(
                                            "`.reuse` is not available on this operand of {}",
                                            op.name
                                        ),
                                    ),
                                });
                            }
                        }
                        continue;
                    }
                    let hit = op.mods.iter().enumerate().find_map(|(gi, g)| {
                        (g.at == Some(oi as u8))
                            .then(|| {
                                g.vals_for(&inst.mods)
                                    .iter()
                                    .find(|v| v.text == sfx.as_str())
                                    .map(|v| (gi, v.value))
                            })
                            .flatten()
                    });
                    match hit {
                        Some((gi, v)) => inst.mods[gi] = v,
                        None => {
                            return Err(Mismatch {
                                progress: 2 * oi,
                                diag: l.err(
                                    *at,
                                    at + sfx.len(),
                                    format!(
                                        "unknown suffix `{}` on operand {} of {}",
                                        gpumem_isa::clip(sfx),
                                        oi + 1,
                                        op.name
                                    ),
                                ),
                            });
                        }
                    }
                }
            }
            None => match implicit_operand(kind) {
                Some(v) => inst.operands[oi] = v,
                None => {
                    let want = kind_name(kind);
                    return Err(fail(
                        tok,
                        format!("expected {want} as operand {} of {}", oi + 1, op.name),
                    ));
                }
            },
        }
    }
    if let Some(t) = toks.get(ti) {
        return Err(Mismatch {
            progress: 2 * (op.operands.len() + 1),
            diag: l.err(t.start, t.end, format!("too many operands for {}", op.name)),
        });
    }
    // A register pair must follow the register its field names (`R2, R3`; `.64`: `R2, R4`;
    // `RZ` for the fixed one).
    for (oi, kind) in op.operands.iter().enumerate() {
        if let (OpKind::RegPair { f, add }, Operand::Reg { r, .. }) = (*kind, inst.operands[oi]) {
            let base = op
                .operands
                .iter()
                .zip(inst.operands.iter())
                .find_map(|(k, v)| match (k, v) {
                    (OpKind::Reg { f: g, .. }, Operand::Reg { r, .. }) if *g == f => Some(*r),
                    (OpKind::RegPair { f: g, add: a }, Operand::Reg { r, .. }) if *g == f => {
                        Some(r.wrapping_sub(*a))
                    }
                    _ => None,
                });
            let want = match base {
                _ if f.width == 0 => add,
                Some(b) => b.wrapping_add(add),
                None => r,
            };
            if r != want || (f.width > 0 && r.wrapping_sub(add) as u64 + add as u64 > 254) {
                let t = &toks[oi.min(toks.len().saturating_sub(1))];
                return Err(Mismatch {
                    progress: 2 * oi,
                    diag: l.err(
                        t.start,
                        t.end,
                        format!("operand {} of {} must be R{want} here", oi + 1, op.name),
                    ),
                });
            }
        }
    }
    // Two operands on one field (FFMA32I's and IMAD32I's C is Rd) must name the same
    // register.
    for (k, kind) in op.operands.iter().enumerate() {
        if let OpKind::Reg { f, .. } = kind
            && let Some(j) = op.operands[..k]
                .iter()
                .position(|o| matches!(o, OpKind::Reg { f: g, .. } if g == f))
            && let (Operand::Reg { r: a, .. }, Operand::Reg { r: b, .. }) =
                (inst.operands[j], inst.operands[k])
            && a != b
        {
            let t = toks.get(k).or(toks.last());
            let (s, e) = t
                .map(|t| (t.start, t.end))
                .unwrap_or((mnemonic_end, mnemonic_end + 1));
            return Err(Mismatch {
                progress: 2 * (op.operands.len() + 1),
                diag: l.err(
                    s,
                    e,
                    format!(
                        "operand {} of {} must be the same register as operand {}",
                        k + 1,
                        op.name,
                        j + 1
                    ),
                ),
            });
        }
    }
    name_operands(l, op, toks, inst)?;
    inst.ctrl.reuse = reuse;
    Ok(())
}

/// Checks the name operands against what picks their spelling: the list a register
/// operand selects (TEXS's swizzle: `R`..`BA` with `RZ` first, `RGB`..`RGBA` otherwise),
/// and the modifier group on the same bits (TEXS's `.LZ` with `2D`: one code for both).
fn name_operands(
    l: &Line,
    op: &'static OpSpec,
    toks: &[PTok],
    inst: &mut Inst,
) -> Result<(), Mismatch> {
    for (oi, kind) in op.operands.iter().enumerate() {
        let (OpKind::Name { f, names, rz }, Operand::Imm(v)) = (*kind, inst.operands[oi]) else {
            continue;
        };
        let Some(t) = toks.iter().find(|t| matches!(&t.tok, Tok::Ident(n) if names.contains(&n.as_str()) || rz.is_some_and(|(_, a)| a.contains(&n.as_str())))) else {
            continue;
        };
        let Tok::Ident(text) = &t.tok else {
            continue;
        };
        let fail = |msg: String| Mismatch {
            progress: 2 * oi + 1,
            diag: l.err(t.start, t.end, msg),
        };
        let spelled = |v: u64| crate::print::name_text(inst, names, rz, v as i64);
        if spelled(v as u64) != text {
            // The other list holds it: the register operand says otherwise.
            return Err(fail(format!(
                "`{}` does not go with this destination of {} (`RZ` takes one or two components, a register three or four)",
                gpumem_isa::clip(text),
                op.name
            )));
        }
        if let Some(gi) = op.mods.iter().position(|g| g.field == f) {
            let g = &op.mods[gi];
            let want = g
                .spell(&inst.mods, inst.mods[gi])
                .map(|x| x.text)
                .unwrap_or("");
            let code = (0..=f.max()).find(|c| {
                spelled(*c) == text
                    && g.spell(&inst.mods, *c as u8)
                        .is_some_and(|x| x.text == want)
            });
            match code {
                Some(c) => {
                    inst.mods[gi] = c as u8;
                    inst.operands[oi] = Operand::Imm(c as i64);
                }
                None => {
                    return Err(fail(format!(
                        "{} has no `{want}` form with `{}`",
                        op.name,
                        gpumem_isa::clip(text)
                    )));
                }
            }
        }
    }
    Ok(())
}

/// One token against one operand kind: `Ok(None)` when the kind does not fit (the operand
/// may be optional), `Err` when it fits but the value is wrong.
fn match_one(
    op: &'static OpSpec,
    kind: &OpKind,
    t: &PTok,
    oi: usize,
    label: &mut Option<(usize, String, Span)>,
    l: &Line,
) -> Result<Option<Operand>, String> {
    let flags_ok = |neg: Option<gpumem_isa::bits::Field>,
                    abs: Option<gpumem_isa::bits::Field>,
                    not: Option<gpumem_isa::bits::Field>| {
        if (t.neg && neg.is_none())
            || (t.abs && abs.is_none())
            || (t.not && not.is_none())
            || t.bang
        {
            Err(format!(
                "{} does not take this `-`, `|..|`, `~` or `!` on operand {}",
                op.name,
                oi + 1
            ))
        } else {
            Ok(())
        }
    };
    Ok(match (kind, &t.tok) {
        (OpKind::Reg { neg, abs, not, .. }, Tok::Reg { r }) => {
            flags_ok(*neg, *abs, *not)?;
            Some(Operand::Reg {
                r: *r,
                neg: t.neg,
                abs: t.abs,
                not: t.not,
            })
        }
        (OpKind::Pred { neg, .. }, Tok::Pred { p }) => {
            if (t.bang && neg.is_none()) || t.neg || t.abs || t.not {
                return Err("this predicate cannot be negated".into());
            }
            Some(Operand::Pred { p: *p, neg: t.bang })
        }
        (OpKind::SparsePred { .. }, Tok::Pred { p }) if t.plain() => {
            Some(Operand::Pred { p: *p, neg: false })
        }
        (OpKind::PredOut { .. }, Tok::Pred { p }) if t.plain() => {
            if *p == PT {
                return Err("this predicate output is P0..P6: without one, leave it out".into());
            }
            Some(Operand::Pred { p: *p, neg: false })
        }
        (OpKind::Mem { imm, .. }, Tok::Mem { ra, off }) if t.plain() => {
            let ok = if *ra == RZ {
                *off >= 0 && *off <= imm.max() as i128
            } else {
                fits_signed(*off, imm.width)
            };
            if !ok {
                return Err(if *ra == RZ {
                    format!(
                        "absolute address out of range: 0..={:#x} (unsigned {}-bit)",
                        imm.max(),
                        imm.width
                    )
                } else if imm.width == 0 {
                    "this address takes no offset".to_string()
                } else {
                    format!(
                        "offset out of range: -{:#x}..={:#x} (signed {}-bit)",
                        1i64 << (imm.width - 1),
                        (1i64 << (imm.width - 1)) - 1,
                        imm.width
                    )
                });
            }
            Some(Operand::Mem {
                ra: *ra,
                off: *off as i64,
            })
        }
        (OpKind::MemNoRz { .. }, Tok::Mem { ra, off }) if t.plain() => {
            if *ra == RZ {
                return Err("this address register is R0..R254, not RZ".into());
            }
            if *off != 0 {
                return Err("this address takes no offset".into());
            }
            Some(Operand::Mem { ra: *ra, off: 0 })
        }
        (OpKind::RegOff { off: f, .. }, Tok::RegOff { ra, off }) if t.plain() => {
            if !fits_signed(*off, f.width) {
                return Err(format!("offset out of range: signed {}-bit", f.width));
            }
            Some(Operand::Mem {
                ra: *ra,
                off: *off as i64,
            })
        }
        (OpKind::Attr { ra: None, imm, .. }, Tok::AMem { ra, off }) if t.plain() => {
            if *ra != RZ {
                return Err("this attribute address is absolute: `a[0x40]`, no register".into());
            }
            if *off < 0 || *off > imm.max() as i128 {
                return Err(format!(
                    "absolute attribute address out of range: 0..={:#x} (unsigned {}-bit)",
                    imm.max(),
                    imm.width
                ));
            }
            Some(Operand::Mem {
                ra: RZ,
                off: *off as i64,
            })
        }
        (
            OpKind::Attr {
                ra: Some(_),
                imm,
                rz,
            },
            Tok::AMem { ra, off },
        ) if t.plain() => {
            if *ra == RZ && !*rz {
                return Err("this form's attribute address takes a register: `a[R2+0x10]`".into());
            }
            if !fits_signed(*off, imm.width) {
                return Err(if imm.width == 0 {
                    "this attribute address takes no offset".to_string()
                } else {
                    format!(
                        "offset out of range: -{:#x}..={:#x} (signed {}-bit)",
                        1i64 << (imm.width - 1),
                        (1i64 << (imm.width - 1)) - 1,
                        imm.width
                    )
                });
            }
            Some(Operand::Mem {
                ra: *ra,
                off: *off as i64,
            })
        }
        (OpKind::MemW { imm, .. }, Tok::Mem { ra, off }) if t.plain() => {
            let words = *off / 4;
            let ok = *off % 4 == 0
                && if *ra == RZ {
                    words >= 0 && words <= imm.max() as i128
                } else {
                    fits_signed(words, imm.width)
                };
            if !ok {
                return Err(format!(
                    "offset must be a multiple of 4 that fits {} bits of words",
                    imm.width
                ));
            }
            Some(Operand::Mem {
                ra: *ra,
                off: *off as i64,
            })
        }
        (OpKind::Name { names, rz, .. }, Tok::Ident(n)) if t.plain() => {
            // Either list's name; `match_operands` checks it against the register that
            // picks the list.
            let alt = rz.map(|(_, a)| a).unwrap_or(&[]);
            names
                .iter()
                .position(|x| !x.is_empty() && x == n)
                .or_else(|| alt.iter().position(|x| !x.is_empty() && x == n))
                .map(|v| Operand::Imm(v as i64))
        }
        // A name spelled as a decimal number (TXQ's query `3`).
        (OpKind::Name { names, .. }, Tok::Int(v)) if t.plain() => {
            let text = v.to_string();
            names
                .iter()
                .position(|x| *x == text)
                .map(|v| Operand::Imm(v as i64))
        }
        (OpKind::PrCc { .. }, Tok::Ident(n)) if t.plain() && (n == "PR" || n == "CC") => {
            Some(Operand::Imm((n == "CC") as i64))
        }
        (OpKind::RegNotRz { .. }, Tok::Reg { r }) if t.plain() => {
            if *r == RZ {
                return Err("this form's register is R0..R254: without one, leave it out".into());
            }
            Some(Operand::Reg {
                r: *r,
                neg: false,
                abs: false,
                not: false,
            })
        }
        (OpKind::RegHideRz { .. } | OpKind::RegPair { .. }, Tok::Reg { r }) if t.plain() => {
            Some(Operand::Reg {
                r: *r,
                neg: false,
                abs: false,
                not: false,
            })
        }
        (OpKind::RegOff { .. }, Tok::Reg { r }) if t.plain() => {
            Some(Operand::Mem { ra: *r, off: 0 })
        }
        (OpKind::SbSet { f }, Tok::Set(m)) if t.plain() => {
            if *m > f.max() {
                return Err(format!("scoreboard set out of range: 0..={}", f.width - 1));
            }
            Some(Operand::Imm(*m as i64))
        }
        (
            OpKind::ConstAddr { bank, off: o },
            Tok::CMem {
                bank: b,
                ra: RZ,
                off,
            },
        ) if t.plain() => {
            if *b < 0 || *b > bank.max() as i128 {
                return Err(format!("constant bank out of range: 0..={}", bank.max()));
            }
            if !fits_signed(*off, o.width) {
                return Err(format!(
                    "constant offset out of range: signed {}-bit",
                    o.width
                ));
            }
            Some(Operand::ConstMem {
                bank: *b as u8,
                ra: RZ,
                off: *off as i64,
            })
        }
        (
            OpKind::ConstMem { bank, imm, .. } | OpKind::ConstReg { bank, imm, .. },
            Tok::CMem { bank: b, ra, off },
        ) if t.plain() => {
            if *b < 0 || *b > bank.max() as i128 {
                return Err(format!("constant bank out of range: 0..={}", bank.max()));
            }
            if !(fits_signed(*off, imm.width)
                || (*ra == RZ && *off >= 0 && *off <= imm.max() as i128))
            {
                return Err(
                    "constant offset out of range: signed 16-bit (or unsigned 16-bit without Ra)"
                        .into(),
                );
            }
            Some(Operand::ConstMem {
                bank: *b as u8,
                ra: *ra,
                off: ((*off as i64) << 48) >> 48,
            })
        }
        (
            OpKind::ConstOperand {
                bank,
                off,
                neg,
                abs,
                not,
                ..
            },
            Tok::CMem {
                bank: b,
                ra: RZ,
                off: o,
            },
        ) => {
            flags_ok(*neg, *abs, *not)?;
            if *b < 0 || *b > bank.max() as i128 {
                return Err(format!("constant bank out of range: 0..={}", bank.max()));
            }
            let half = 1i128 << (off.width - 1);
            if *o % 4 != 0 || *o / 4 < -half || *o / 4 >= half {
                return Err(format!(
                    "constant offset must be a multiple of 4 in -{:#x}..={:#x}",
                    half * 4,
                    (half - 1) * 4
                ));
            }
            Some(Operand::Const {
                bank: *b as u8,
                off: *o as i32,
                neg: t.neg,
                abs: t.abs,
                not: t.not,
            })
        }
        // The hardware sign-extends the field: -0x80000..=0x7ffff, and where nvdisasm
        // prints the field's bits (IADD3, R2P) also those bits, 0x80000..=0xfffff for the
        // negative values (`0xffff0` is -0x10).
        (OpKind::Imm20 { f, text, .. }, Tok::Int(v)) if t.plain() => {
            let bits = f.width + 1;
            let v = match text {
                ImmText::Bits if *v >= 1i128 << f.width && *v < 1i128 << bits => {
                    *v - (1i128 << bits)
                }
                _ => *v,
            };
            if !fits_signed(v, bits) {
                let also = match text {
                    ImmText::Bits => format!(
                        "; {:#x}..={:#x}, as nvdisasm prints them, are the negative values",
                        1i64 << f.width,
                        (1i64 << bits) - 1
                    ),
                    ImmText::Signed => String::new(),
                };
                return Err(format!(
                    "immediate out of range: -{:#x}..={:#x} (signed {bits}-bit{also})",
                    1i64 << f.width,
                    (1i64 << f.width) - 1,
                ));
            }
            Some(Operand::Imm(v as i64))
        }
        (OpKind::SImm { f, .. }, Tok::Int(v)) if t.plain() => {
            if !fits_signed(*v, f.width) {
                return Err(format!(
                    "immediate out of range: -{:#x}..={:#x} (signed {}-bit)",
                    1i64 << (f.width - 1),
                    (1i64 << (f.width - 1)) - 1,
                    f.width
                ));
            }
            Some(Operand::Imm(*v as i64))
        }
        (OpKind::NegImm { f, .. }, Tok::Int(v)) if t.plain() => {
            if v.unsigned_abs() > f.max() as u128 {
                return Err(format!(
                    "immediate out of range: -{:#x}..={:#x} (a {}-bit magnitude and a sign)",
                    f.max(),
                    f.max(),
                    f.width
                ));
            }
            Some(Operand::Imm(*v as i64))
        }
        (
            OpKind::UImm {
                f,
                signed_if: Some(_),
                ..
            },
            Tok::Int(v),
        ) if t.plain() && *v < 0 => {
            if *v < -(1i128 << (f.width - 1)) {
                return Err(format!(
                    "immediate out of range: -{:#x}..={:#x}",
                    1u64 << (f.width - 1),
                    f.max()
                ));
            }
            Some(Operand::Imm((*v as i64) & f.max() as i64))
        }
        (OpKind::UImm { f, .. }, Tok::Int(v)) if t.plain() => {
            if *v < 0 || *v > f.max() as i128 {
                return Err(format!("immediate out of range: 0..={:#x}", f.max()));
            }
            Some(Operand::Imm(*v as i64))
        }
        // Either spelling of the 32 bits, held as the decoder holds them (signed where
        // the row prints them signed).
        (OpKind::Imm32 { signed, .. }, Tok::Int(v)) if t.plain() => {
            if *v < -(1i128 << 31) || *v > u32::MAX as i128 {
                return Err("immediate out of range: -0x80000000..=0xffffffff (32-bit)".into());
            }
            let w = *v as u32;
            Some(Operand::Imm(if *signed {
                w as i32 as i64
            } else {
                w as i64
            }))
        }
        (OpKind::FImm20 { .. } | OpKind::FImm32 { .. }, Tok::Float(_) | Tok::Int(_))
            if t.plain() =>
        {
            let bits = match &t.tok {
                Tok::Float(text) => float_bits(text),
                Tok::Int(i) => Some((*i as f32).to_bits()),
                _ => None,
            }
            .ok_or("bad float immediate")?;
            if matches!(kind, OpKind::FImm20 { .. }) && bits & 0xfff != 0 {
                return Err("float immediate needs more than the 20 bits this form holds".into());
            }
            Some(Operand::FImm(bits))
        }
        (OpKind::DImm20 { .. }, Tok::Float(_) | Tok::Int(_)) if t.plain() => {
            let bits = match &t.tok {
                Tok::Float(text) => double_bits(text),
                Tok::Int(i) => Some((*i as f64).to_bits()),
                _ => None,
            }
            .ok_or("bad double immediate")?;
            if bits & ((1 << 44) - 1) != 0 {
                return Err("double immediate needs more than the 20 bits this form holds".into());
            }
            Some(Operand::FImm((bits >> 32) as u32))
        }
        (OpKind::HImm16 { .. } | OpKind::HImmS { .. }, Tok::Float(_) | Tok::Int(_))
            if t.plain() =>
        {
            let bits = match &t.tok {
                Tok::Float(text) => float_bits(text),
                Tok::Int(i) => Some((*i as f32).to_bits()),
                _ => None,
            }
            .ok_or("bad half immediate")?;
            let h = f32_to_f16_exact(bits).ok_or("immediate is not an exact f16 value")?;
            if let OpKind::HImmS { f, .. } = kind
                && h & ((1 << (15 - f.width.min(15))) - 1) != 0
            {
                return Err("f16 immediate needs more bits than this form holds".into());
            }
            Some(Operand::FImm(h as u32))
        }
        (OpKind::Target { .. }, Tok::Int(v)) if t.plain() => Some(Operand::Target(*v as i64)),
        (OpKind::Target { .. }, Tok::Ident(_)) if t.plain() => {
            let name = t.ident().unwrap_or_default();
            *label = Some((oi, name, l.span(t.start, t.end)));
            Some(Operand::Target(0))
        }
        (OpKind::SReg { .. }, Tok::Ident(_)) if t.plain() => {
            let name = t.ident().unwrap_or_default();
            Some(Operand::SReg(
                crate::table::system::sreg_num(&name).ok_or_else(|| {
                    format!("unknown special register `{}`", gpumem_isa::clip(&name))
                })?,
            ))
        }
        (OpKind::CondCode { .. }, Tok::Ident(_)) if t.plain() => t
            .ident()
            .and_then(|n| crate::table::system::cc_num(&n))
            .map(Operand::Cc),
        (OpKind::Scoreboard { .. }, Tok::Ident(n)) if t.plain() => n
            .strip_prefix("SB")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| *n < 6)
            .map(Operand::Sb),
        _ => None,
    })
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
    // The seed pages' format lines write `{&req_6}` (a 6-bit mask), `{&rdN}`, `{&wrN}`:
    // `&req=0x21` / `&req_0x21` take the mask as a number, `&req={0,5}` as a set.
    if let Some(v) = a.strip_prefix("&req=").or_else(|| a.strip_prefix("&req_")) {
        match v.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(set) => {
                c.wait = 0;
                for part in set.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    c.wait |= 1 << num(part, 5)?;
                }
            }
            None => c.wait = num(v, 0x3f)?,
        }
    } else if let Some(v) = a.strip_prefix("&rd=").or_else(|| a.strip_prefix("&rd")) {
        c.rd = num(v, 6)?;
    } else if let Some(v) = a.strip_prefix("&wr=").or_else(|| a.strip_prefix("&wr")) {
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

/// The instructions of a source file that parse, its labels (instruction indices), and
/// the diagnostics of the lines that do not.
pub type Parsed = (Vec<SrcInst>, HashMap<String, usize>, Vec<Diagnostic>);

/// Parses a whole source file into instructions; every line's error is collected (labels
/// are resolved by [`parse_program`]).
pub fn parse_source(src: &str, target: Target) -> Parsed {
    let clean = strip_comments(src);
    let mut diags = Vec::new();
    let mut out: Vec<SrcInst> = Vec::new();
    let mut labels: HashMap<String, usize> = HashMap::new();
    let mut in_pair = false;
    let mut base = 0;
    // The control word of a `gpumem dis --hex` (cuobjdump) listing's bundle, from its
    // comment line, and the slot of the next instruction in it.
    let mut hint: Option<(u64, usize)> = None;
    // The last instruction closed a pair with its word left for the next comment line.
    let mut await_word = false;
    let mut functions = 0;
    for ((n, text), raw) in clean.split('\n').enumerate().zip(src.split('\n')) {
        // A UTF-8 byte order mark is not part of the first line: columns count the
        // characters after it, as an editor shows them.
        let bom = if n == 0 && text.starts_with('\u{feff}') {
            3
        } else {
            0
        };
        let l = Line {
            text: &text[bom..],
            base: base + bom,
            line: n as u32 + 1,
        };
        base += text.len() + 1;
        let text = l.text;
        if text.trim().is_empty() {
            if let Some(w) = hex_comment(raw) {
                if std::mem::take(&mut await_word) {
                    continue;
                }
                hint = Some((w, 0));
            }
            continue;
        }
        if let Some(name) = text.trim().strip_prefix("Function :") {
            functions += 1;
            hint = None;
            if functions == 2 {
                let names = function_names(src);
                diags.push(l.err(
                    text.len() - text.trim_start().len(),
                    text.trim_end().len(),
                    format!(
                        "a second kernel (`{}`): this listing holds {} ({}); gpumem assembles one \
                         at a time (`gpumem asm --kernel NAME` selects it)",
                        name.trim(),
                        names.len(),
                        names.join(", ")
                    ),
                ));
            }
        }
        let slot = match hint {
            Some((w, k)) if k < 3 => {
                hint = Some((w, k + 1));
                Some(ctrl_slot(w, k))
            }
            _ => None,
        };
        let before = out.len();
        if let Err(d) = parse_line(&l, target, &mut out, &mut labels, &mut in_pair, slot) {
            diags.push(d);
        }
        if out.len() == before {
            // Not an instruction: the slot is not used up.
            if let Some((w, k)) = hint
                && slot.is_some()
            {
                hint = Some((w, k - 1));
            }
        } else {
            await_word = raw.trim_end().ends_with('}');
        }
    }
    (out, labels, diags)
}

/// The word of a line holding only a hex comment, `/* 0x001cfc00e22007f6 */`.
fn hex_comment(raw: &str) -> Option<u64> {
    let h = raw
        .trim()
        .strip_prefix("/*")?
        .strip_suffix("*/")?
        .trim()
        .strip_prefix("0x")?;
    if h.len() != 16 {
        return None;
    }
    u64::from_str_radix(h, 16).ok()
}

/// The kernels a `gpumem dis` (cuobjdump) listing names in its `Function :` lines, in order.
pub fn function_names(src: &str) -> Vec<String> {
    src.lines()
        .filter_map(|l| l.trim().strip_prefix("Function :"))
        .map(|n| n.trim().to_string())
        .collect()
}

/// The listing `src` with only the lines of its kernel `name` (its `Function :` block, up
/// to the next one) and what precedes the first block; the other lines are blanked, so
/// that positions in it are positions in `src`. `Err` with the kernels it names when none
/// is `name`.
pub fn select_function(src: &str, name: &str) -> Result<String, Vec<String>> {
    let names = function_names(src);
    if !names.iter().any(|n| n == name) {
        return Err(names);
    }
    let mut out = String::with_capacity(src.len());
    let mut keep = true;
    for line in src.split_inclusive('\n') {
        if let Some(n) = line.trim().strip_prefix("Function :") {
            keep = n.trim() == name;
        }
        if keep {
            out.push_str(line);
        } else {
            out.extend(line.chars().map(|c| match c {
                '\n' | '\r' => c,
                _ => ' ',
            }));
        }
    }
    // Only whole characters were replaced (multi-byte ones by one space each, which
    // shifts nothing before them on their line and nothing after it).
    Ok(out)
}

/// The target a `gpumem dis` (cuobjdump, nvdisasm) listing names in its header: `code for
/// sm_50` or `.headerflags @"EF_CUDA_SM52 ..."` (sm_53 decodes with sm_52's table). `None`
/// when it names none (or one gpumem does not model).
pub fn listing_target(src: &str) -> Option<Target> {
    for l in src.lines().take(64) {
        let t = l.trim();
        let sm = if let Some(s) = t.strip_prefix("code for sm_") {
            s.trim()
        } else if let Some(s) = t
            .strip_prefix(".headerflags")
            .and_then(|r| r.split_once("EF_CUDA_SM"))
        {
            s.1.get(..2).unwrap_or("")
        } else {
            continue;
        };
        return sm.parse().ok().and_then(Target::from_sm);
    }
    None
}

/// One line of source; `hint` is the control slot a `--hex` listing's control word gives
/// the instruction on it, used when the line gives no schedule of its own.
fn parse_line(
    l: &Line,
    target: Target,
    out: &mut Vec<SrcInst>,
    labels: &mut HashMap<String, usize>,
    in_pair: &mut bool,
    hint: Option<u32>,
) -> Result<(), Diagnostic> {
    let mut c = Cur { s: l.text, pos: 0 };
    c.ws();
    let rest = c.rest().trim_end();
    // The frame of a `gpumem dis` (cuobjdump) listing: `code for sm_52`, `Function :
    // NAME` (one kernel: see `parse_source`), the `..........` that ends a kernel.
    if rest.starts_with(".headerflags")
        || rest.is_empty()
        || rest.starts_with("code for sm_")
        || rest.starts_with("Function :")
        || (rest.len() >= 3 && rest.bytes().all(|b| b == b'.'))
    {
        return Ok(());
    }
    // A character outside ASCII (`lbl_é:`): SASS is ASCII, as ptxas and nvdisasm read it.
    if let Some((at, ch)) = l.text.char_indices().find(|(_, ch)| !ch.is_ascii()) {
        return Err(l.err(
            at,
            at + ch.len_utf8(),
            format!(
                "invalid character `{ch}` (U+{:04X}): SASS names (labels, instructions, \
                 operands) are ASCII letters, digits, `_`, `.` and `$`, as ptxas and nvdisasm \
                 read them",
                u32::from(ch)
            ),
        ));
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
                return Err(l.err(
                    ws,
                    c.pos,
                    format!("label `{}` defined twice", gpumem_isa::clip(w)),
                ));
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
        return Err(l.err(
            s,
            c.pos,
            format!("unknown directive `{}`", gpumem_isa::clip(w)),
        ));
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
        return Err(l.err(
            ms,
            ms + name.len(),
            format!("unknown instruction `{}`", gpumem_isa::clip(name)),
        ));
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
    if ctrl.is_none() && !ann_text.is_empty() {
        // With annotations the yield bit is 1 unless `?yield` says otherwise.
        sched.no_yield = true;
    }
    // A `--hex` listing's control word, where the line gives no schedule.
    let hinted = match hint {
        Some(slot) if ctrl.is_none() && ann_text.is_empty() => {
            sched = Ctrl::from_slot(slot);
            true
        }
        _ => false,
    };
    let sched_given = ctrl.is_some() || !ann_text.is_empty() || pair_first || hinted;
    if pair_first && ctrl.is_none() && !hinted {
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
    if inst_guard != (PT, false)
        && rows
            .iter()
            .all(|r| r.ignored & crate::table::GUARD.mask() != 0)
    {
        return Err(l.err(start, ms, format!("{name} takes no guard predicate")));
    }
    for op in rows.iter().copied().filter(|r| r.on(target)) {
        let mut inst = Inst::new(op);
        inst.target = target;
        inst.guard = inst_guard.0;
        inst.guard_neg = inst_guard.1;
        // `.PO` sets both of the row's "plus one" bits (see `OpSpec::po`).
        let (mods_wo_po, po) = match op.po {
            Some(_) if mods.split('.').any(|m| m == "PO") => (
                mods.split('.')
                    .filter(|m| *m != "PO")
                    .collect::<Vec<_>>()
                    .join("."),
                true,
            ),
            _ => (mods.to_string(), false),
        };
        match match_mods(op, &mods_wo_po) {
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
                match (po, op.po) {
                    // `.PO` sets both "plus one" bits: in the operand flags or suffix
                    // groups that own them, and in the instruction. A bit the row's
                    // opcode fixes cannot be set: no encoding has it.
                    // (A row whose opcode sets both bits, IADD32I_PO, is `.PO` itself.)
                    (true, Some((a, b))) => {
                        if let Some(n) = [a, b]
                            .into_iter()
                            .find(|&n| op.mask >> n & 1 == 1 && op.opcode >> n & 1 == 0)
                        {
                            let m = Mismatch {
                                progress: 0,
                                diag: l.err(
                                    ms,
                                    ms + mnem.len(),
                                    format!(
                                        "{}.PO has no encoding: bit {n} belongs to the opcode",
                                        op.name
                                    ),
                                ),
                            };
                            if best.as_ref().is_none_or(|b| b.progress < m.progress) {
                                best = Some(m);
                            }
                            continue;
                        }
                        inst.set_field_bit(a);
                        inst.set_field_bit(b);
                        inst.po = true;
                    }
                    // Both negations written out are the same word: `.PO`.
                    _ => inst.po = inst.po_by_fields(),
                }
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
        None => {
            // The targets the mnemonic's rows exist on (the rows of one mnemonic cover one
            // range of targets: the Maxwell-only, sm_52-on, Pascal-only or sm_61-on ops).
            let since = rows.iter().map(|r| r.since).min();
            let until = rows.iter().map(|r| r.until).max();
            let on = match (since, until) {
                (Some(a), Some(b)) => crate::table::span_text(a, b),
                _ => "no target".to_string(),
            };
            l.err(
                ms,
                ms + name.len(),
                format!("{name} does not exist on {target} (it exists on {on})"),
            )
        }
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

/// Parses and lays out a program: resolves labels to addresses. Every error of the
/// file comes back in one pass, in source order: syntax errors and undefined labels
/// together.
pub fn parse_program(src: &str, target: Target) -> Result<Program, Diagnostics> {
    parse_program_at(src, target, 0)
}

/// [`parse_program`] for a program whose first byte sits at `base` (32-byte aligned, as
/// `gpumem dis --base` and nvdisasm's `-base` place a raw stream): labels name, and
/// absolute branch targets are read as, addresses from `base`.
pub fn parse_program_at(src: &str, target: Target, base: u64) -> Result<Program, Diagnostics> {
    if !base.is_multiple_of(32) {
        return Err(Diagnostics(vec![Diagnostic::error(
            Span {
                line: 1,
                col: 1,
                start: 0,
                len: 0,
            },
            "",
            format!("base {base:#x} is not 32-byte aligned (a bundle's address)"),
        )]));
    }
    let at = |i: usize| base.wrapping_add(inst_addr(i)) as i64;
    let (mut insts, labels, mut diags) = parse_source(src, target);
    for (i, si) in insts.iter_mut().enumerate() {
        if let Some((oi, name, span)) = &si.label_ref {
            match labels.get(name) {
                Some(&t) => si.inst.operands[*oi] = Operand::Target(at(t)),
                None => diags.push(Diagnostic::error(
                    *span,
                    gpumem_isa::clip(name),
                    format!("undefined label `{}`", gpumem_isa::clip(name)),
                )),
            }
        }
        for (oi, k) in si.inst.op.operands.iter().enumerate() {
            if let (OpKind::Target { f }, Operand::Target(t)) = (k, si.inst.operands[oi]) {
                let rel = t.wrapping_sub(at(i)).wrapping_sub(8);
                // nvdisasm accepts targets that are not instruction addresses; so does gpumem.
                if !f.fits_signed(rel) {
                    diags.push(Diagnostic::error(
                        si.span,
                        "",
                        format!(
                            "branch target {t:#x} is not reachable: needs a signed {}-bit offset",
                            f.width
                        ),
                    ));
                }
            }
        }
    }
    if !diags.is_empty() {
        diags.sort_by_key(|d| (d.span.line, d.span.col));
        return Err(Diagnostics(diags));
    }
    let mut labels: Vec<(String, u64)> =
        labels.into_iter().map(|(k, v)| (k, at(v) as u64)).collect();
    labels.sort_by_key(|(_, a)| *a);
    Ok(Program {
        base,
        insts: insts.into_iter().map(|s| s.inst).collect(),
        labels,
    })
}

/// The value an operand takes when the source leaves it out (only operands nvdisasm
/// may leave out).
pub(crate) fn implicit_operand(k: &OpKind) -> Option<Operand> {
    match k {
        OpKind::CondCode { .. } => Some(Operand::Cc(15)),
        OpKind::RegHideRz { .. } => Some(Operand::Reg {
            r: RZ,
            neg: false,
            abs: false,
            not: false,
        }),
        OpKind::Pred { hide_pt: true, .. } => Some(Operand::Pred { p: 7, neg: false }),
        OpKind::UImm { hide: Some(h), .. } => Some(Operand::Imm(*h as i64)),
        OpKind::SImm { hide: Some(h), .. } => Some(Operand::Imm(*h)),
        OpKind::SbSet { .. } => Some(Operand::Imm(0)),
        _ => None,
    }
}

/// A human name of an operand kind, for error messages.
pub(crate) fn kind_name(k: &OpKind) -> &'static str {
    match k {
        OpKind::Reg { .. } => "a register (R0..R254, RZ)",
        OpKind::Pred { .. } | OpKind::SparsePred { .. } => "a predicate (P0..P6, PT)",
        OpKind::PredOut { .. } => "a predicate output (P0..P6)",
        OpKind::Mem { .. } | OpKind::MemW { .. } => "an address [Ra + imm]",
        OpKind::MemNoRz { .. } => "an address [Ra] (Ra not RZ)",
        OpKind::ConstMem { .. } | OpKind::ConstReg { .. } => "a constant address c[bank][Ra + imm]",
        OpKind::ConstOperand { .. } => "a constant c[bank][offset]",
        OpKind::Imm20 { .. }
        | OpKind::UImm { .. }
        | OpKind::SImm { .. }
        | OpKind::NegImm { .. }
        | OpKind::Imm32 { .. } => "an integer immediate",
        OpKind::FImm20 { .. }
        | OpKind::FImm32 { .. }
        | OpKind::HImm16 { .. }
        | OpKind::HImmS { .. } => "a float immediate",
        OpKind::DImm20 { .. } => "a double immediate",
        OpKind::Target { .. } => "a branch target (label or address)",
        OpKind::SReg { .. } => "a special register (SR_TID.X, ...)",
        OpKind::CondCode { .. } => "a condition code (CC.xx)",
        OpKind::Scoreboard { .. } => "a scoreboard (SB0..SB5)",
        OpKind::SbSet { .. } => "a scoreboard set ({5,2,0})",
        OpKind::ConstAddr { .. } => "a constant address c[bank][offset]",
        OpKind::RegOff { .. } => "a register and an offset (`R0 -0x50`)",
        OpKind::RegHideRz { .. } | OpKind::RegPair { .. } => "a register (R0..R254, RZ)",
        OpKind::RegNotRz { .. } => "a register (R0..R254)",
        OpKind::PrCc { .. } => "`PR` or `CC`",
        OpKind::Name { .. } => "a name (`2D`, `RGBA`, ...)",
        OpKind::Attr { .. } => "an attribute address a[Ra + imm]",
    }
}

/// A float literal's value as an f32 widened to f64.
pub fn parse_float(t: &str) -> Option<f64> {
    float_bits(t).map(|b| f32::from_bits(b) as f64)
}

/// A float literal as nvdisasm writes it (`0.5`, `-3`, `1e-05`, `+INF`, `-QNAN`) to f32 bits.
pub fn float_bits(t: &str) -> Option<u32> {
    match t {
        "+INF" | "INF" => return Some(0x7f80_0000),
        "-INF" => return Some(0xff80_0000),
        "+QNAN" | "QNAN" => return Some(0x7fc0_0000),
        "-QNAN" => return Some(0xffc0_0000),
        _ => {}
    }
    if !t.bytes().any(|c| c.is_ascii_digit()) || t.starts_with("0x") || t.starts_with("-0x") {
        return None;
    }
    t.parse::<f32>().ok().map(f32::to_bits)
}

/// A float literal as nvdisasm writes it for an f64 immediate (`1.5`, `+INF`, `-QNAN`,
/// `+SNAN`) to f64 bits.
pub fn double_bits(t: &str) -> Option<u64> {
    match t {
        "+INF" | "INF" => return Some(0x7ff0_0000_0000_0000),
        "-INF" => return Some(0xfff0_0000_0000_0000),
        "+QNAN" | "QNAN" => return Some(0x7ff8_0000_0000_0000),
        "-QNAN" => return Some(0xfff8_0000_0000_0000),
        "+SNAN" | "SNAN" => return Some(0x7ff4_0000_0000_0000),
        "-SNAN" => return Some(0xfff4_0000_0000_0000),
        _ => {}
    }
    if !t.bytes().any(|c| c.is_ascii_digit()) || t.starts_with("0x") || t.starts_with("-0x") {
        return None;
    }
    t.parse::<f64>().ok().map(f64::to_bits)
}

/// The f16 that an f32 value is exactly, if any (NaNs give the quiet NaN).
fn f32_to_f16_exact(b: u32) -> Option<u16> {
    let sign = ((b >> 16) & 0x8000) as u16;
    let v = f32::from_bits(b);
    if v.is_nan() {
        return Some(sign | 0x7e00);
    }
    let a = v.abs().to_bits();
    (0u16..=0x7c00)
        .find(|&h| crate::print::f16_to_f32(h) == a)
        .map(|h| h | sign)
}
