//! The assembler front end: LLVM AMDGPU syntax, driven by the operand lists
//! of [`crate::table`]. Every line is parsed; every error is reported.

mod fast;
mod lexis;

use std::collections::HashMap;

use gpumem_isa::{Diagnostic, Span, clip};

use lexis::{
    C_DIGIT, C_IDENT, C_NEWLINE, C_SPACE, CLASS, IDENT_CONT, Val, digits_value, line_span, range_ok,
};

use crate::inst::{self, Inst, SmemOffset};
use crate::lint;
use crate::operand::{self, code};
use crate::table::{self, FastHash, Field, Format, Imm16, InstDef, Kind, RegClass, Target};
use crate::vector;

pub(crate) struct Output {
    /// The instructions (only when asked for: see [`assemble_source`]).
    pub insts: Vec<Inst>,
    /// Where each of `insts` is written: its statement (labels and comment left out).
    pub spans: Vec<Span>,
    /// The byte address of each label (with `insts`).
    pub labels: Vec<u32>,
    /// The machine code (meaningless if `diags` has errors).
    pub bytes: Vec<u8>,
    pub diags: Vec<Diagnostic>,
    /// How many vector instructions were assembled (not kept in `insts`).
    pub vector_insts: usize,
}

/// A token; identifiers and malformed tokens borrow the source line.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok<'a> {
    Ident(&'a str),
    /// Lexed integers are never negative and fit 64 bits.
    Int(u64),
    Float(f64),
    Punct(char),
    Shl,
    Shr,
    Bad(&'a str),
}

#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    tok: Tok<'a>,
    start: usize,
    end: usize,
}

/// Tokenizes the first line of `line` (up to its first `\n`) into `out`,
/// which is cleared first; returns the length of the line without the `\n`.
/// A `\r` before the `\n` is whitespace to the lexer, so the tokens are those
/// of the line with its line ending trimmed.
fn lex<'a>(line: &'a str, out: &mut Vec<Token<'a>>) -> usize {
    out.clear();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let class = CLASS[usize::from(c)];
        if class == C_NEWLINE {
            return i;
        }
        if class == C_SPACE {
            i += 1;
            continue;
        }
        if c == b';' || (c == b'/' && b.get(i + 1) == Some(&b'/')) {
            break;
        }
        let start = i;
        if class == C_IDENT {
            let rest = &b[i + 1..];
            i += 1 + rest
                .iter()
                .position(|&c| !IDENT_CONT[usize::from(c)])
                .unwrap_or(rest.len());
            out.push(Token {
                tok: Tok::Ident(&line[start..i]),
                start,
                end: i,
            });
            continue;
        }
        if class == C_DIGIT {
            let tok;
            if c == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X')) {
                i += 2;
                let ds = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
                tok = digits_value(&b[ds..i], 16).map_or(Tok::Bad(&line[start..i]), Tok::Int);
            } else if c == b'0' && matches!(b.get(i + 1), Some(b'b' | b'B')) {
                i += 2;
                let ds = i;
                while i < b.len() && matches!(b[i], b'0' | b'1') {
                    i += 1;
                }
                tok = digits_value(&b[ds..i], 2).map_or(Tok::Bad(&line[start..i]), Tok::Int);
            } else {
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let mut float = false;
                if i < b.len() && b[i] == b'.' {
                    float = true;
                    i += 1;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                }
                if i < b.len() && matches!(b[i], b'e' | b'E') {
                    let save = i;
                    i += 1;
                    if i < b.len() && matches!(b[i], b'+' | b'-') {
                        i += 1;
                    }
                    if i < b.len() && b[i].is_ascii_digit() {
                        float = true;
                        while i < b.len() && b[i].is_ascii_digit() {
                            i += 1;
                        }
                    } else {
                        i = save;
                    }
                }
                let text = &line[start..i];
                tok = if float {
                    text.parse::<f64>().map_or(Tok::Bad(text), Tok::Float)
                } else {
                    digits_value(text.as_bytes(), 10).map_or(Tok::Bad(text), Tok::Int)
                };
            }
            // A number glued to letters (`12ab`) is malformed.
            if i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(Token {
                    tok: Tok::Bad(&line[start..i]),
                    start,
                    end: i,
                });
                continue;
            }
            out.push(Token { tok, start, end: i });
            continue;
        }
        // The two-character shifts `<<` and `>>`.
        let shift = match (c, b.get(i + 1)) {
            (b'<', Some(b'<')) => Some(Tok::Shl),
            (b'>', Some(b'>')) => Some(Tok::Shr),
            _ => None,
        };
        if let Some(tok) = shift {
            out.push(Token {
                tok,
                start,
                end: i + 2,
            });
            i += 2;
            continue;
        }
        // One character (possibly multi-byte UTF-8).
        let ch = line[i..].chars().next().unwrap_or('?');
        let len = ch.len_utf8();
        let tok = if ch.is_ascii_punctuation() {
            Tok::Punct(ch)
        } else {
            Tok::Bad(&line[i..i + len])
        };
        out.push(Token {
            tok,
            start,
            end: i + len,
        });
        i += len;
    }
    // A comment, or the end of the source.
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

/// A line-local error that stops parsing the line.
struct PErr {
    start: usize,
    end: usize,
    msg: String,
}

type PResult<T> = Result<T, PErr>;

/// A value that depends on labels: llvm-mc's `MCValue`, `a - b + c`, where
/// `a` and `b` are labels. Where every label is already placed, label
/// differences fold into `c` as llvm-mc folds them once the code is laid
/// out; an expression naming something not yet defined is evaluated again
/// when the file is done (see [`Fixup::deferred`]).
#[derive(Clone, Copy, Debug)]
struct Rel<'a> {
    a: Option<&'a str>,
    b: Option<&'a str>,
    c: i64,
    /// llvm-mc's `needsPCRel`: a symbol reference outside a subtraction makes
    /// a 32-bit literal PC-relative (the value minus the literal's address).
    pcrel: bool,
}

impl<'a> Rel<'a> {
    fn konst(c: i64) -> Self {
        Rel {
            a: None,
            b: None,
            c,
            pcrel: false,
        }
    }

    fn label(name: &'a str) -> Self {
        Rel {
            a: Some(name),
            pcrel: true,
            ..Rel::konst(0)
        }
    }

    /// The value when it no longer depends on a label's address.
    fn known(&self) -> Option<i64> {
        (self.a.is_none() && self.b.is_none()).then_some(self.c)
    }

    fn negate(self) -> Result<Self, &'static str> {
        if self.a.is_some() && self.b.is_none() {
            return Err("a label cannot be negated (llvm-mc: expected relocatable expression)");
        }
        Ok(self.negate_sub())
    }

    /// `-r` as a subtraction's right side: `a` and `b` trade places (llvm-mc
    /// allows `x - lab` where it does not allow `-lab`).
    fn negate_sub(self) -> Self {
        Rel {
            a: self.b,
            b: self.a,
            c: self.c.wrapping_neg(),
            pcrel: self.pcrel,
        }
    }

    /// `l + r` as llvm-mc's `EvaluateSymbolicAdd` computes it once every
    /// label is placed: each `x - y` pair folds to a constant, and what
    /// remains has at most one added and one subtracted label. A label not
    /// placed yet counts as 0 (the expression is then evaluated again).
    fn add(
        l: Self,
        r: Self,
        labels: &HashMap<&'a str, usize, FastHash>,
    ) -> Result<Self, &'static str> {
        let mut c = l.c.wrapping_add(r.c);
        let mut v = [l.a, l.b, r.a, r.b];
        for (x, y) in [(0, 1), (0, 3), (2, 1), (2, 3)] {
            if let (Some(p), Some(m)) = (v[x], v[y]) {
                let at = |n: &str| labels.get(n).map_or(0, |&a| a as i64);
                c = c.wrapping_add(at(p).wrapping_sub(at(m)));
                v[x] = None;
                v[y] = None;
            }
        }
        let [la, lb, ra, rb] = v;
        if (la.is_some() && ra.is_some()) || (lb.is_some() && rb.is_some()) {
            return Err("two labels cannot be added (llvm-mc: expected relocatable expression)");
        }
        Ok(Rel {
            a: la.or(ra),
            b: lb.or(rb),
            c,
            pcrel: l.pcrel || r.pcrel,
        })
    }
}

/// An expression's value while it is evaluated.
#[derive(Clone, Copy, Debug)]
enum Ev<'a> {
    Int(i64),
    Float(f64),
    /// Not absolute where it is parsed (it names a label, or a symbol whose
    /// value does).
    Rel(Rel<'a>),
}

/// A symbol set by `name = expr` or `.set name, expr`.
#[derive(Clone, Copy, Debug)]
enum Sym<'a> {
    /// Substituted where used, as llvm-mc does with a constant value.
    Abs(i64),
    /// A value that depends on placed labels; a use is a symbol reference.
    Rel(Rel<'a>),
    /// A value naming something not defined where it was set: evaluated
    /// where it is used, from its definition's tokens (the line's text and
    /// the index of the value's first token).
    Deferred { text: &'a str, tok: usize },
}

/// A symbol and the line that set it last.
type SymDef<'a> = (Sym<'a>, u32);

/// Binary operators, GNU `as` precedence (llvm-mc's for ELF targets).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    LOr,
    LAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Or,
    OrNot,
    Xor,
    And,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
}

impl Op {
    fn prec(self) -> u8 {
        match self {
            Op::LOr => 1,
            Op::LAnd => 2,
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => 3,
            Op::Add | Op::Sub => 4,
            Op::Or | Op::OrNot | Op::Xor | Op::And => 5,
            Op::Mul | Op::Div | Op::Mod | Op::Shl | Op::Shr => 6,
        }
    }

    /// `a op b` on 64-bit values as llvm-mc's `MCExpr` evaluates them:
    /// wrapping arithmetic, shift counts modulo 64, a logical `>>`, `-1` for
    /// a true comparison and `1` for a true `&&`/`||`.
    fn apply(self, a: i64, b: i64) -> Option<i64> {
        let t = |c: bool| if c { -1 } else { 0 };
        Some(match self {
            Op::LOr => i64::from(a != 0 || b != 0),
            Op::LAnd => i64::from(a != 0 && b != 0),
            Op::Eq => t(a == b),
            Op::Ne => t(a != b),
            Op::Lt => t(a < b),
            Op::Le => t(a <= b),
            Op::Gt => t(a > b),
            Op::Ge => t(a >= b),
            Op::Add => a.wrapping_add(b),
            Op::Sub => a.wrapping_sub(b),
            Op::Or => a | b,
            Op::OrNot => a | !b,
            Op::Xor => a ^ b,
            Op::And => a & b,
            Op::Mul => a.wrapping_mul(b),
            Op::Div => {
                if b == 0 {
                    return None;
                }
                a.wrapping_div(b)
            }
            Op::Mod => {
                if b == 0 {
                    return None;
                }
                a.wrapping_rem(b)
            }
            Op::Shl => a.wrapping_shl(b as u32),
            Op::Shr => (a as u64).wrapping_shr(b as u32) as i64,
        })
    }
}

/// A parsed register reference.
#[derive(Clone, Copy, Debug)]
struct RegRef {
    /// 7-bit register code, or an 8-bit `src_*` code (>= 128).
    code: u8,
    /// Width in dwords (0 for `src_*` specials, which fit any width).
    dwords: u8,
    /// For SGPR and TTMP tuples: the first index, for the alignment check.
    tuple_first: Option<u8>,
    start: usize,
    end: usize,
}

/// What a fixup fills in.
#[derive(Clone, Copy, Debug, PartialEq)]
enum FixKind {
    /// SIMM16 of a branch (llvm-mc's `fixup_si_sopp_br`).
    Branch,
    /// A 32-bit literal (llvm-mc's `FK_PCRel_4` or `FK_Data_4`).
    Lit32,
}

/// An operand that depends on labels, resolved once every label is known.
/// The span is computed only if the fixup fails.
struct Fixup<'s> {
    /// The instruction's index (in `Asm::insts` when kept) and byte address.
    inst: usize,
    addr: usize,
    kind: FixKind,
    rel: Rel<'s>,
    /// The index of the expression's first token in the line, and whether it
    /// named something not defined yet: it is then evaluated again at the end
    /// (as it is when a name turns out not to be a label).
    tok: usize,
    deferred: bool,
    /// The source line, its number and byte offset, and the operand's byte range in it.
    text: &'s str,
    line_no: u32,
    line_start: usize,
    start: usize,
    end: usize,
}

struct Asm<'s> {
    src: &'s str,
    target: Target,
    /// Whether to keep the parsed instructions (else only their bytes).
    keep_insts: bool,
    insts: Vec<Inst>,
    /// The statement of each of `insts`.
    spans: Vec<Span>,
    n_insts: usize,
    bytes: Vec<u8>,
    diags: Vec<Diagnostic>,
    /// Label -> byte address.
    labels: HashMap<&'s str, usize, FastHash>,
    /// Symbols set by `name = expr` / `.set` (their last value).
    syms: HashMap<&'s str, SymDef<'s>, FastHash>,
    fixups: Vec<Fixup<'s>>,
    /// Vector instructions assembled (see [`Output::vector_insts`]).
    vector_insts: usize,
    /// Token and operand-span buffers, reused from line to line.
    tok_buf: Vec<Token<'s>>,
    span_buf: Vec<(Field, usize, usize)>,
}

struct LineCx<'a> {
    text: &'a str,
    line_no: u32,
    line_start: usize,
    toks: Vec<Token<'a>>,
    pos: usize,
    /// Semantic errors and warnings found while parsing (the line goes on).
    diags: Vec<Diagnostic>,
    /// Spans of the operands by field, for lints.
    spans: Vec<(Field, usize, usize)>,
    /// The file's labels and symbols so far (lent by [`Asm`] for the line).
    labels: HashMap<&'a str, usize, FastHash>,
    syms: HashMap<&'a str, SymDef<'a>, FastHash>,
    /// A 32-bit literal that depends on a label, its byte range, the index
    /// of its first token and whether it must be evaluated again at the end.
    lit_rel: Option<(Rel<'a>, usize, usize, (usize, bool))>,
    /// The first name not defined yet in the expression being parsed.
    unknown: Option<&'a str>,
    /// Evaluating again once the file is done: every label is placed, and a
    /// symbol set on or after this line is a symbol reference.
    final_pass: bool,
    /// Nesting of symbol values being evaluated.
    sym_depth: u8,
}

impl<'a> LineCx<'a> {
    fn span(&self, start: usize, end: usize) -> (Span, String) {
        line_span(self.text, self.line_no, self.line_start, start, end)
    }

    fn error(&mut self, start: usize, end: usize, msg: impl Into<String>) {
        let (span, text) = self.span(start, end);
        self.diags.push(Diagnostic::error(span, text, msg));
    }

    fn warn(&mut self, lint: &'static str, start: usize, end: usize, msg: impl Into<String>) {
        let (span, text) = self.span(start, end);
        self.diags.push(Diagnostic::warning(lint, span, text, msg));
    }

    fn peek(&self) -> Option<Tok<'a>> {
        self.toks.get(self.pos).map(|t| t.tok)
    }

    fn peek_at(&self, k: usize) -> Option<Tok<'a>> {
        self.toks.get(self.pos + k).map(|t| t.tok)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// Byte range of the current token (or the end of the line).
    fn here(&self) -> (usize, usize) {
        match self.toks.get(self.pos) {
            Some(t) => (t.start, t.end),
            None => {
                let e = self.toks.last().map_or(self.text.len(), |t| t.end);
                (e, e)
            }
        }
    }

    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].end
        }
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        let (start, end) = self.here();
        Err(PErr {
            start,
            end,
            msg: msg.into(),
        })
    }

    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(Tok::Punct(c))
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else if self.at_end() {
            self.err(format!("expected `{c}`, found end of line"))
        } else {
            self.err(format!("expected `{c}`"))
        }
    }

    fn ident_is(&self, k: usize, name: &str) -> bool {
        matches!(self.peek_at(k), Some(Tok::Ident(s)) if s == name)
    }

    // ---- expressions --------------------------------------------------------

    /// An absolute expression (the value must be known where it is parsed,
    /// as llvm-mc requires everywhere but 32-bit literals and branch targets).
    fn expr(&mut self) -> PResult<(Val, usize, usize)> {
        // Fast path: a lone number (no binary operator follows), which is what
        // `binary(0)` would return for it.
        if let Some(t) = self.toks.get(self.pos) {
            let v = match t.tok {
                Tok::Int(i) => Some(Val::Int(i128::from(i as i64))),
                Tok::Float(f) => Some(Val::Float(f)),
                _ => None,
            };
            if let Some(v) = v
                && !self
                    .toks
                    .get(self.pos + 1)
                    .is_some_and(|n| is_binary_op(n.tok))
            {
                self.pos += 1;
                return Ok((v, t.start, t.end));
            }
        }
        let (v, s, e) = self.expr_any()?;
        match v {
            Ev::Int(i) => Ok((Val::Int(i128::from(i)), s, e)),
            Ev::Float(f) => Ok((Val::Float(f), s, e)),
            Ev::Rel(r) => Err(PErr {
                start: s,
                end: e,
                msg: not_absolute(&r, self.unknown),
            }),
        }
    }

    /// Any expression, labels included; `self.unknown` tells whether it
    /// names something not defined yet.
    fn expr_any(&mut self) -> PResult<(Ev<'a>, usize, usize)> {
        self.unknown = None;
        let start = self.here().0;
        let v = self.binary(0, 0)?;
        Ok((v, start, self.prev_end()))
    }

    /// The value of symbol `name`, set to the expression at token `tok` of
    /// line `text` (line `line`): evaluated now, with the symbols and labels
    /// known now.
    fn eval_deferred(
        &mut self,
        name: &str,
        text: &'a str,
        tok: usize,
        line: u32,
    ) -> PResult<Ev<'a>> {
        let (s, e) = (self.toks[self.pos - 1].start, self.toks[self.pos - 1].end);
        if self.sym_depth >= 16 {
            return Err(PErr {
                start: s,
                end: e,
                msg: format!("symbol `{}` is defined in terms of itself", clip(name)),
            });
        }
        let mut toks = Vec::new();
        lex(text, &mut toks);
        let saved_toks = std::mem::replace(&mut self.toks, toks);
        let saved = (self.pos, self.line_no, self.text);
        (self.pos, self.line_no, self.text) = (tok, line, text);
        self.sym_depth += 1;
        let r = self.binary(0, 0);
        self.sym_depth -= 1;
        self.toks = saved_toks;
        (self.pos, self.line_no, self.text) = saved;
        r.map_err(|err| PErr {
            start: s,
            end: e,
            msg: format!("in the value of symbol `{}`: {}", clip(name), err.msg),
        })
    }

    fn int_expr(&mut self) -> PResult<(i128, usize, usize)> {
        let (v, s, e) = self.expr()?;
        match v {
            Val::Int(i) => Ok((i, s, e)),
            Val::Float(_) => Err(PErr {
                start: s,
                end: e,
                msg: "expected an integer, found a floating-point number".into(),
            }),
        }
    }

    /// Whether tokens `k` and `k + 1` from here touch (`<` `=` is `<=`).
    fn glued(&self, k: usize, c: char) -> bool {
        match (self.toks.get(self.pos + k), self.toks.get(self.pos + k + 1)) {
            (Some(a), Some(b)) => b.tok == Tok::Punct(c) && a.end == b.start,
            _ => false,
        }
    }

    /// The binary operator here and how many tokens it takes.
    fn peek_op(&self) -> Option<(Op, usize)> {
        Some(match self.peek()? {
            Tok::Shl => (Op::Shl, 1),
            Tok::Shr => (Op::Shr, 1),
            Tok::Punct('|') if self.glued(0, '|') => (Op::LOr, 2),
            Tok::Punct('|') => (Op::Or, 1),
            Tok::Punct('&') if self.glued(0, '&') => (Op::LAnd, 2),
            Tok::Punct('&') => (Op::And, 1),
            Tok::Punct('^') => (Op::Xor, 1),
            Tok::Punct('=') if self.glued(0, '=') => (Op::Eq, 2),
            Tok::Punct('!') if self.glued(0, '=') => (Op::Ne, 2),
            Tok::Punct('!') => (Op::OrNot, 1),
            Tok::Punct('<') if self.glued(0, '=') => (Op::Le, 2),
            Tok::Punct('<') if self.glued(0, '>') => (Op::Ne, 2),
            Tok::Punct('<') => (Op::Lt, 1),
            Tok::Punct('>') if self.glued(0, '=') => (Op::Ge, 2),
            Tok::Punct('>') => (Op::Gt, 1),
            Tok::Punct('+') => (Op::Add, 1),
            Tok::Punct('-') => (Op::Sub, 1),
            Tok::Punct('*') => (Op::Mul, 1),
            Tok::Punct('/') => (Op::Div, 1),
            Tok::Punct('%') => (Op::Mod, 1),
            _ => return None,
        })
    }

    fn binary(&mut self, min_prec: u8, depth: u32) -> PResult<Ev<'a>> {
        if depth > 64 {
            return self.err("expression nested too deeply");
        }
        let mut lhs = self.unary(depth)?;
        while let Some((op, ntok)) = self.peek_op() {
            let prec = op.prec();
            if prec < min_prec.max(1) {
                break;
            }
            let (os, _) = self.here();
            let oe = self.toks[self.pos + ntok - 1].end;
            self.pos += ntok;
            let rhs = self.binary(prec + 1, depth + 1)?;
            lhs = match self.combine(op, lhs, rhs) {
                Ok(v) => v,
                // Judged again when the file is done.
                Err(_) if self.unknown.is_some() => Ev::Rel(Rel::konst(0)),
                Err(msg) => {
                    return Err(PErr {
                        start: os,
                        end: oe,
                        msg: msg.into(),
                    });
                }
            };
        }
        Ok(lhs)
    }

    fn combine(&self, op: Op, l: Ev<'a>, r: Ev<'a>) -> Result<Ev<'a>, &'static str> {
        const OVERFLOW: &str = "arithmetic overflow or division by zero in expression";
        match (l, r) {
            (Ev::Int(a), Ev::Int(b)) => op.apply(a, b).map(Ev::Int).ok_or(OVERFLOW),
            (Ev::Float(_), _) | (_, Ev::Float(_)) => {
                Err("arithmetic on floating-point numbers is not supported")
            }
            _ => {
                let as_rel = |v: Ev<'a>| match v {
                    Ev::Rel(r) => r,
                    Ev::Int(i) => Rel::konst(i),
                    Ev::Float(_) => Rel::konst(0),
                };
                let (lr, rr) = (as_rel(l), as_rel(r));
                let out = match op {
                    Op::Add => Rel::add(lr, rr, &self.labels)?,
                    Op::Sub => Rel {
                        pcrel: false,
                        ..Rel::add(lr, rr.negate_sub(), &self.labels)?
                    },
                    _ => match (lr.known(), rr.known()) {
                        (Some(a), Some(b)) => Rel {
                            pcrel: lr.pcrel || rr.pcrel,
                            ..Rel::konst(op.apply(a, b).ok_or(OVERFLOW)?)
                        },
                        _ => {
                            return Err(
                                "a label can only be added or subtracted (llvm-mc: expected relocatable expression)",
                            );
                        }
                    },
                };
                Ok(Ev::Rel(out))
            }
        }
    }

    fn unary(&mut self, depth: u32) -> PResult<Ev<'a>> {
        if depth > 64 {
            return self.err("expression nested too deeply");
        }
        let (s, e) = self.here();
        let fail = |msg: &str| PErr {
            start: s,
            end: e,
            msg: msg.into(),
        };
        match self.peek() {
            Some(Tok::Punct('-')) => {
                self.pos += 1;
                Ok(match self.unary(depth + 1)? {
                    Ev::Int(i) => Ev::Int(i.wrapping_neg()),
                    Ev::Float(f) => Ev::Float(-f),
                    Ev::Rel(r) => Ev::Rel(r.negate().map_err(fail)?),
                })
            }
            Some(Tok::Punct('+')) => {
                self.pos += 1;
                self.unary(depth + 1)
            }
            Some(Tok::Punct(c @ ('~' | '!'))) => {
                self.pos += 1;
                let f = |i: i64| if c == '~' { !i } else { i64::from(i == 0) };
                match self.unary(depth + 1)? {
                    Ev::Int(i) => Ok(Ev::Int(f(i))),
                    Ev::Float(_) => Err(fail(if c == '~' {
                        "`~` on a floating-point number"
                    } else {
                        "`!` on a floating-point number"
                    })),
                    Ev::Rel(r) => match r.known() {
                        Some(i) => Ok(Ev::Rel(Rel {
                            pcrel: r.pcrel,
                            ..Rel::konst(f(i))
                        })),
                        None => Err(fail(
                            "`~` and `!` do not apply to a label (llvm-mc: expected relocatable expression)",
                        )),
                    },
                }
            }
            Some(Tok::Punct('(')) => {
                self.pos += 1;
                let v = self.binary(0, depth + 1)?;
                self.expect_punct(')')?;
                Ok(v)
            }
            Some(Tok::Int(i)) => {
                self.pos += 1;
                Ok(Ev::Int(i as i64))
            }
            Some(Tok::Float(f)) => {
                self.pos += 1;
                Ok(Ev::Float(f))
            }
            Some(Tok::Bad(s)) => self.err(format!("malformed token `{}`", clip(s))),
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if let Some(&(sym, line)) = (!self.syms.is_empty())
                    .then(|| self.syms.get(name))
                    .flatten()
                {
                    // Set on or after this line: a forward reference, which
                    // llvm-mc leaves as a symbol reference.
                    let forward = self.final_pass && line >= self.line_no;
                    let v = match sym {
                        Sym::Abs(v) => Ev::Int(v),
                        Sym::Rel(r) => Ev::Rel(r),
                        Sym::Deferred { text, tok } => {
                            let v = self.eval_deferred(name, text, tok, line)?;
                            if self.unknown.is_none()
                                && let Ev::Rel(r) = v
                            {
                                // Not absolute: a symbol reference.
                                Ev::Rel(Rel { pcrel: true, ..r })
                            } else {
                                v
                            }
                        }
                    };
                    return Ok(match v {
                        Ev::Int(i) if forward => Ev::Rel(Rel {
                            pcrel: true,
                            ..Rel::konst(i)
                        }),
                        Ev::Rel(r) if matches!(sym, Sym::Rel(_)) || forward => {
                            Ev::Rel(Rel { pcrel: true, ..r })
                        }
                        v => v,
                    });
                }
                if !self.labels.contains_key(name) {
                    if self.final_pass {
                        return Err(fail(&format!("undefined label or symbol `{}`", clip(name))));
                    }
                    // A label or a symbol further on: judged at the end.
                    self.unknown.get_or_insert(name);
                }
                Ok(Ev::Rel(Rel::label(name)))
            }
            Some(_) => self.err("expected an expression"),
            None => self.err("expected an operand, found end of line"),
        }
    }

    // ---- registers ----------------------------------------------------------

    /// Parses a register if the next token starts one; `Ok(None)` otherwise.
    fn reg(&mut self) -> PResult<Option<RegRef>> {
        let Some(Tok::Ident(name)) = self.peek() else {
            if self.is_punct('[') {
                return self.reg_list().map(Some);
            }
            return Ok(None);
        };
        let (start, end) = self.here();
        let named = |code: u8, dwords: u8| RegRef {
            code,
            dwords,
            tuple_first: None,
            start,
            end,
        };
        // `s`, `s5`: no fixed or special name has this form; skip those lookups.
        let nb = name.as_bytes();
        let sgpr_like = nb.first() == Some(&b's') && nb[1..].iter().all(u8::is_ascii_digit);
        if !sgpr_like {
            let fixed = match name {
                "flat_scratch" => Some(named(code::FLAT_SCRATCH, 2)),
                "flat_scratch_lo" => Some(named(code::FLAT_SCRATCH, 1)),
                "flat_scratch_hi" => Some(named(code::FLAT_SCRATCH + 1, 1)),
                "xnack_mask" => Some(named(code::XNACK_MASK, 2)),
                "xnack_mask_lo" => Some(named(code::XNACK_MASK, 1)),
                "xnack_mask_hi" => Some(named(code::XNACK_MASK + 1, 1)),
                "vcc" => Some(named(code::VCC, 2)),
                "vcc_lo" => Some(named(code::VCC, 1)),
                "vcc_hi" => Some(named(code::VCC + 1, 1)),
                "exec" => Some(named(code::EXEC, 2)),
                "exec_lo" => Some(named(code::EXEC, 1)),
                "exec_hi" => Some(named(code::EXEC_HI, 1)),
                "m0" => Some(named(code::M0, 1)),
                "null" => return self.err("'null' operand is not supported on this GPU"),
                _ => operand::special_src_code(name).map(|c| named(c, 0)),
            };
            if let Some(r) = fixed {
                self.pos += 1;
                return Ok(Some(r));
            }
        }
        let (base, is_ttmp) = if let Some(rest) = name.strip_prefix("ttmp") {
            (rest, true)
        } else if let Some(rest) = name.strip_prefix('s') {
            (rest, false)
        } else {
            return Ok(None);
        };
        let (lo, hi) = if base.is_empty() {
            if !self.ident_is(0, name) || self.peek_at(1) != Some(Tok::Punct('[')) {
                return Ok(None);
            }
            self.pos += 2;
            let lo = self.reg_index()?;
            let hi = if self.eat_punct(':') {
                self.reg_index()?
            } else {
                lo
            };
            self.expect_punct(']')?;
            if hi < lo {
                return Err(PErr {
                    start,
                    end: self.prev_end(),
                    msg: "first register index should not exceed second index".into(),
                });
            }
            (lo, hi)
        } else if base.bytes().all(|c| c.is_ascii_digit()) && base.len() <= 6 {
            let n: u32 = base.parse().unwrap_or(u32::MAX);
            self.pos += 1;
            (n, n)
        } else {
            return Ok(None);
        };
        let end = self.prev_end();
        let fail = |msg: &str| {
            Err(PErr {
                start,
                end,
                msg: msg.into(),
            })
        };
        let count = hi - lo + 1;
        if !matches!(count, 1..=8 | 16) {
            return fail("invalid register tuple size");
        }
        let code = if is_ttmp {
            if hi > 15 {
                return fail("register index is out of range");
            }
            code::TTMP0 + lo as u8
        } else {
            if hi > 105 {
                return fail("register index is out of range");
            }
            if hi >= u32::from(operand::SGPR_COUNT) {
                return fail("register not available on this GPU (gfx9 has s0-s101)");
            }
            lo as u8
        };
        Ok(Some(RegRef {
            code,
            dwords: count as u8,
            tuple_first: (count > 1).then_some(lo as u8),
            start,
            end,
        }))
    }

    fn reg_index(&mut self) -> PResult<u32> {
        let (v, s, e) = self.int_expr()?;
        u32::try_from(v).map_err(|_| PErr {
            start: s,
            end: e,
            msg: "invalid register index".into(),
        })
    }

    /// `[s4, s5, s6]`: a list of consecutive single registers.
    fn reg_list(&mut self) -> PResult<RegRef> {
        let (start, _) = self.here();
        self.pos += 1;
        let mut regs: Vec<RegRef> = Vec::new();
        loop {
            match self.reg()? {
                Some(r) if r.dwords == 1 && r.code < code::M0 => regs.push(r),
                _ => return self.err("expected a single 32-bit register in a register list"),
            }
            if self.eat_punct(']') {
                break;
            }
            self.expect_punct(',')?;
        }
        let end = self.prev_end();
        let first = regs[0];
        let consecutive = regs.windows(2).all(|w| w[1].code == w[0].code + 1);
        let same_kind =
            regs.iter().all(|r| r.code < 102) || regs.iter().all(|r| r.code >= code::TTMP0);
        if !consecutive || !same_kind {
            return Err(PErr {
                start,
                end,
                msg: "registers in a list must be consecutive and of the same kind".into(),
            });
        }
        let n = regs.len() as u8;
        if regs.len() == 1 {
            return Ok(RegRef {
                start,
                end,
                ..first
            });
        }
        if !matches!(n, 1..=8 | 16) || (first.code >= 102 && first.code < code::TTMP0) {
            return Err(PErr {
                start,
                end,
                msg: "invalid register list".into(),
            });
        }
        let idx = if first.code >= code::TTMP0 {
            first.code - code::TTMP0
        } else {
            first.code
        };
        Ok(RegRef {
            code: first.code,
            dwords: n,
            tuple_first: Some(idx),
            start,
            end,
        })
    }

    /// Checks a register against an operand of `dwords` and class `class`;
    /// pushes errors, returns the code.
    fn check_reg(&mut self, r: RegRef, class: RegClass) -> u8 {
        let n = class.dwords();
        if r.code >= 128 {
            self.error(
                r.start,
                r.end,
                "invalid operand for instruction: special source not allowed here",
            );
            return 0;
        }
        if r.dwords != n {
            self.error(
                r.start,
                r.end,
                format!(
                    "invalid operand for instruction: expected a {}-bit register, found {} bits",
                    32 * u32::from(n),
                    32 * u32::from(r.dwords)
                ),
            );
            return 0;
        }
        if let Some(first) = r.tuple_first {
            let align = if n == 2 { 2 } else { 4 };
            if first % align != 0 {
                self.error(
                    r.start,
                    r.end,
                    format!(
                        "invalid register alignment: a {n}-register tuple must start at a multiple of {align}"
                    ),
                );
            }
        }
        let excluded = match class {
            RegClass::SReg32XM0XExec => matches!(r.code, code::M0 | code::EXEC | code::EXEC_HI),
            RegClass::SReg64XExec => r.code == code::EXEC,
            _ => false,
        };
        if excluded {
            self.error(
                r.start,
                r.end,
                "invalid operand for instruction: SMEM data cannot be m0 or exec (SDATA must be an SGPR or VCC)",
            );
        }
        r.code
    }

    fn expect_reg(&mut self, class: RegClass) -> PResult<(u8, usize, usize)> {
        match self.reg()? {
            Some(r) => Ok((self.check_reg(r, class), r.start, r.end)),
            None => self.err("invalid operand for instruction: expected a register"),
        }
    }
}

/// The order of the diagnostics of a file: by line, column, errors first.
fn diag_key(d: &Diagnostic) -> (u32, u32, bool) {
    (
        d.span.line,
        d.span.col,
        d.severity == gpumem_isa::Severity::Warning,
    )
}

/// Whether `binary` reads `t` as an operator.
fn is_binary_op(t: Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Punct('|' | '^' | '&' | '+' | '-' | '*' | '/' | '%' | '!' | '<' | '>' | '=')
            | Tok::Shl
            | Tok::Shr
    )
}

/// The error for a label-dependent value where an absolute one is needed.
fn not_absolute(r: &Rel<'_>, unknown: Option<&str>) -> String {
    match unknown.or(r.a).or(r.b) {
        Some(name) => format!(
            "invalid operand for instruction: expected an absolute expression; `{}` is a label or is not set before this line",
            clip(name)
        ),
        None => "invalid operand for instruction: expected an absolute expression (a difference of labels is known only once the code is laid out)".into(),
    }
}

impl<'s> Asm<'s> {
    fn run(mut self) -> Output {
        let src = self.src;
        // A UTF-8 byte order mark is not part of the first line: columns count the
        // characters after it, as an editor shows them.
        let mut line_start = if src.starts_with('\u{feff}') { 3 } else { 0 };
        let mut line_no = 0u32;
        while line_start < src.len() {
            line_no += 1;
            let rest = &src[line_start..];
            if let Some(len) = self.fast_line_checked(rest, line_no, line_start) {
                line_start += len + 1;
                continue;
            }
            let mut toks = std::mem::take(&mut self.tok_buf);
            let len = lex(rest, &mut toks);
            let text = rest[..len].trim_end_matches('\r');
            self.line(text, toks, line_no, line_start);
            line_start += len + 1;
        }
        self.resolve();
        // Each line's diagnostics are sorted as they are added (see
        // `add_line_diags`), so this sorts only when `resolve` added some.
        if !self.diags.is_sorted_by_key(diag_key) {
            self.diags.sort_by_key(diag_key);
        }
        let labels = if self.keep_insts {
            self.labels.values().map(|&a| a as u32).collect()
        } else {
            Vec::new()
        };
        Output {
            insts: self.insts,
            spans: self.spans,
            labels,
            bytes: self.bytes,
            diags: self.diags,
            vector_insts: self.vector_insts,
        }
    }

    /// [`Asm::fast_line`]; in debug builds, also runs the full parser on
    /// each line the fast path takes and asserts the same results.
    #[inline]
    fn fast_line_checked(
        &mut self,
        rest: &'s str,
        line_no: u32,
        line_start: usize,
    ) -> Option<usize> {
        #[cfg(debug_assertions)]
        {
            let (b0, d0, i0, n0, s0) = (
                self.bytes.len(),
                self.diags.len(),
                self.insts.len(),
                self.n_insts,
                self.spans.len(),
            );
            let len = self.fast_line(rest, line_no, line_start)?;
            let fast = (
                self.bytes.split_off(b0),
                self.diags.split_off(d0),
                self.insts.split_off(i0),
                self.n_insts,
                self.spans.split_off(s0),
            );
            self.n_insts = n0;
            let mut toks = std::mem::take(&mut self.tok_buf);
            let slow_len = lex(rest, &mut toks);
            assert_eq!(len, slow_len, "fast path line length: {:?}", &rest[..len]);
            let text = rest[..slow_len].trim_end_matches('\r');
            let (l0, f0) = (self.labels.len(), self.fixups.len());
            self.line(text, toks, line_no, line_start);
            assert_eq!((l0, f0), (self.labels.len(), self.fixups.len()), "{text:?}");
            assert_eq!(&self.bytes[b0..], &fast.0[..], "fast path bytes: {text:?}");
            assert_eq!(
                &self.diags[d0..],
                &fast.1[..],
                "fast path diagnostics: {text:?}"
            );
            assert_eq!(&self.insts[i0..], &fast.2[..], "fast path insts: {text:?}");
            assert_eq!(self.n_insts, fast.3, "{text:?}");
            assert_eq!(&self.spans[s0..], &fast.4[..], "fast path spans: {text:?}");
            Some(len)
        }
        #[cfg(not(debug_assertions))]
        self.fast_line(rest, line_no, line_start)
    }

    /// Assembles the line at the start of `rest` if the fast path can;
    /// returns its length without the `\n`.
    #[inline]
    fn fast_line(&mut self, rest: &'s str, line_no: u32, line_start: usize) -> Option<usize> {
        let mut line = fast::line(rest, self.target, line_no, line_start)?;
        if !line.diags.is_empty() {
            self.add_line_diags(&mut line.diags);
        }
        let (words, n) = inst::encode_words(&line.inst);
        for w in &words[..n] {
            self.bytes.extend_from_slice(&w.to_le_bytes());
        }
        self.n_insts += 1;
        if self.keep_insts {
            self.insts.push(line.inst);
            let text = &rest[..line.len];
            let start = text.len() - text.trim_start().len();
            let end = text.trim_end().len();
            self.spans
                .push(line_span(text, line_no, line_start, start, end.max(start)).0);
        }
        Some(line.len)
    }

    /// Appends one line's diagnostics, sorted as the whole list is sorted
    /// in the end (a stable sort, so the order of equal keys is kept).
    fn add_line_diags(&mut self, d: &mut Vec<Diagnostic>) {
        if d.len() > 1 {
            d.sort_by_key(diag_key);
        }
        self.diags.append(d);
    }

    fn resolve(&mut self) {
        for f in std::mem::take(&mut self.fixups) {
            let span = || line_span(f.text, f.line_no, f.line_start, f.start, f.end);
            let mut fail = |msg: String| {
                let (span, text) = span();
                self.diags.push(Diagnostic::error(span, text, msg));
            };
            // The address of each label of the value (None: not a label).
            let placed = |labels: &HashMap<&str, usize, FastHash>, n: Option<&str>| match n {
                None => Some(None),
                Some(n) => labels.get(n).map(|&a| Some(a as i64)),
            };
            let at_once = if f.deferred {
                None
            } else {
                placed(&self.labels, f.rel.a).zip(placed(&self.labels, f.rel.b))
            };
            let (r, pa, pb) = match at_once {
                Some((pa, pb)) => (f.rel, pa, pb),
                None => {
                    let tok = f.tok;
                    let mut toks = Vec::new();
                    lex(f.text, &mut toks);
                    let mut cx = LineCx {
                        text: f.text,
                        line_no: f.line_no,
                        line_start: f.line_start,
                        toks,
                        pos: tok,
                        diags: Vec::new(),
                        spans: Vec::new(),
                        labels: std::mem::take(&mut self.labels),
                        syms: std::mem::take(&mut self.syms),
                        lit_rel: None,
                        unknown: None,
                        final_pass: true,
                        sym_depth: 0,
                    };
                    let v = cx.expr_any();
                    self.labels = cx.labels;
                    self.syms = cx.syms;
                    let r = match v {
                        Ok((Ev::Rel(r), _, _)) => r,
                        Ok((Ev::Int(i), _, _)) => Rel::konst(i),
                        Ok((Ev::Float(_), _, _)) => {
                            fail("expected an integer, found a floating-point number".into());
                            continue;
                        }
                        Err(e) => {
                            let (span, text) =
                                line_span(f.text, f.line_no, f.line_start, e.start, e.end);
                            self.diags.push(Diagnostic::error(span, text, e.msg));
                            continue;
                        }
                    };
                    // Every name is a label by now (else an error above).
                    let pa = placed(&self.labels, r.a).flatten();
                    let pb = placed(&self.labels, r.b).flatten();
                    (r, pa, pb)
                }
            };
            let r = &r;
            let mut v = r.c;
            if let Some(b) = pb {
                v = v.wrapping_sub(b);
            }
            // llvm-mc resolves a PC-relative fixup with one added label, and a
            // data fixup with none; anything else is left as a relocation.
            let resolvable =
                r.b.is_none() && r.a.is_some() == (r.pcrel || f.kind == FixKind::Branch);
            if !resolvable {
                fail(if f.kind == FixKind::Branch {
                    "a branch target must be a label, or a symbol set to a label plus a constant"
                        .into()
                } else {
                    "the expression cannot be resolved to a constant: llvm-mc leaves a relocation for it (a literal may hold `label + c`, `c + label` or a difference of labels)".into()
                });
                continue;
            }
            if let Some(a) = pa {
                v = v.wrapping_add(a);
            }
            match f.kind {
                FixKind::Branch => {
                    let delta = v.wrapping_sub(f.addr as i64 + 4) / 4;
                    if !(-32768..=32767).contains(&delta) {
                        let name = r.a.unwrap_or_default();
                        fail(format!(
                            "branch target `{}` is out of range ({delta} dwords)",
                            clip(name)
                        ));
                        continue;
                    }
                    let simm16 = delta as i16 as u16;
                    if self.keep_insts {
                        self.insts[f.inst].simm16 = simm16;
                    }
                    // SIMM16 is bits 15:0 of the first (little-endian) dword.
                    self.bytes[f.addr..f.addr + 2].copy_from_slice(&simm16.to_le_bytes());
                }
                FixKind::Lit32 => {
                    // The literal follows the first dword; a PC-relative
                    // value counts from the literal's own address.
                    let at = f.addr + 4;
                    if r.pcrel {
                        v = v.wrapping_sub(at as i64);
                    }
                    let lit = v as u32;
                    if self.keep_insts {
                        self.insts[f.inst].literal = Some(lit);
                    }
                    self.bytes[at..at + 4].copy_from_slice(&lit.to_le_bytes());
                }
            }
        }
    }

    /// One source line: `text` without its line ending, and its tokens.
    fn line(&mut self, text: &'s str, toks: Vec<Token<'s>>, line_no: u32, line_start: usize) {
        if toks.is_empty() {
            // Blank or comment-only line.
            self.tok_buf = toks;
            return;
        }
        let mut spans = std::mem::take(&mut self.span_buf);
        spans.clear();
        let mut cx = LineCx {
            text,
            line_no,
            line_start,
            toks,
            pos: 0,
            diags: Vec::new(),
            spans,
            labels: std::mem::take(&mut self.labels),
            syms: std::mem::take(&mut self.syms),
            lit_rel: None,
            unknown: None,
            final_pass: false,
            sym_depth: 0,
        };
        // A character outside ASCII (`lbl_é:`): llvm-mc's "invalid character in input".
        // The line says nothing more that could be trusted.
        if let Some(t) = cx
            .toks
            .iter()
            .find(|t| matches!(t.tok, Tok::Bad(s) if !s.is_ascii()))
        {
            let (s, e) = (t.start, t.end);
            let ch = &text[s..e];
            cx.error(
                s,
                e,
                format!(
                    "invalid character `{ch}` (U+{:04X}): names (labels, symbols) are ASCII \
                     letters, digits, `_`, `.` and `$`, as llvm-mc reads them",
                    ch.chars().next().map_or(0, u32::from)
                ),
            );
            cx.pos = cx.toks.len();
        }
        // Labels.
        while let (Some(Tok::Ident(name)), Some(Tok::Punct(':'))) = (cx.peek_at(0), cx.peek_at(1)) {
            let (s, e) = cx.here();
            if cx.labels.contains_key(name) {
                cx.error(s, e, format!("label `{}` is defined twice", clip(name)));
            } else if !cx.syms.is_empty() && cx.syms.contains_key(name) {
                cx.error(
                    s,
                    e,
                    format!(
                        "`{}` is already a symbol set with `=` or `.set`",
                        clip(name)
                    ),
                );
            } else {
                cx.labels.insert(name, self.bytes.len());
            }
            cx.pos += 2;
        }
        // A vector instruction: the vector table's own parser takes the operands.
        if let Some(Tok::Ident(mn)) = cx.peek()
            && table::by_name_ignore_case(mn).is_none()
            && let Some(vdef) =
                vector::table::by_name(&mn.to_ascii_lowercase()).filter(|d| d.valid_on(self.target))
        {
            let mn_end = cx.here().1;
            let end = cx.toks.last().map_or(mn_end, |t| t.end);
            match vector::parse::parse_operands(vdef, &text[mn_end..end], mn_end) {
                Ok(v) => {
                    for w in vector::encode(&v) {
                        self.bytes.extend_from_slice(&w.to_le_bytes());
                    }
                    self.n_insts += 1;
                    self.vector_insts += 1;
                }
                Err(e) => cx.error(e.start, e.end, e.msg),
            }
            cx.pos = cx.toks.len();
        }
        if !cx.at_end() {
            let stmt_start = cx.here().0;
            match cx.statement(self.target) {
                Ok(Some((inst, fix))) => {
                    if cx
                        .diags
                        .iter()
                        .all(|d| d.severity != gpumem_isa::Severity::Error)
                    {
                        for h in lint::check(&inst) {
                            let (s, e) = cx
                                .spans
                                .iter()
                                .find(|(f, _, _)| *f == h.field)
                                .map(|&(_, s, e)| (s, e))
                                .unwrap_or((cx.toks[0].start, cx.toks[0].end));
                            cx.warn(h.lint.name(), s, e, h.message);
                        }
                    }
                    if let Some((kind, rel, start, end, (tok, deferred))) = fix {
                        self.fixups.push(Fixup {
                            inst: self.n_insts,
                            addr: self.bytes.len(),
                            kind,
                            rel,
                            tok,
                            deferred,
                            text,
                            line_no,
                            line_start,
                            start,
                            end,
                        });
                    }
                    let (words, n) = inst::encode_words(&inst);
                    for w in &words[..n] {
                        self.bytes.extend_from_slice(&w.to_le_bytes());
                    }
                    self.n_insts += 1;
                    if self.keep_insts {
                        self.insts.push(inst);
                        let end = cx.toks.last().map_or(stmt_start, |t| t.end);
                        self.spans.push(cx.span(stmt_start, end).0);
                    }
                }
                Ok(None) => {}
                Err(e) => cx.error(e.start, e.end, e.msg),
            }
        }
        self.add_line_diags(&mut cx.diags);
        self.tok_buf = cx.toks;
        self.span_buf = cx.spans;
        self.labels = cx.labels;
        self.syms = cx.syms;
    }
}

/// A label-dependent operand of a statement: what it fills in, its value
/// and its byte range.
type Pending<'a> = Option<(FixKind, Rel<'a>, usize, usize, (usize, bool))>;

impl<'a> LineCx<'a> {
    /// Parses one statement; `Ok(None)` for an ignored directive.
    fn statement(&mut self, target: Target) -> PResult<Option<(Inst, Pending<'a>)>> {
        let Some(Tok::Ident(mn)) = self.peek() else {
            return self.err("expected an instruction mnemonic or a label");
        };
        if self.peek_at(1) == Some(Tok::Punct('=')) && !self.glued(1, '=') {
            let (s, e) = self.here();
            self.pos += 2;
            self.assign(mn, s, e, false)?;
            return Ok(None);
        }
        if mn.starts_with('.') {
            if matches!(mn, ".set" | ".equ" | ".equiv") {
                self.pos += 1;
                let Some(Tok::Ident(name)) = self.peek() else {
                    return self.err("expected identifier");
                };
                let (s, e) = self.here();
                self.pos += 1;
                if !self.eat_punct(',') {
                    return self.err("expected comma");
                }
                self.assign(name, s, e, mn == ".equiv")?;
                return Ok(None);
            }
            if mn == ".text" {
                self.pos += 1;
                if !self.at_end() {
                    return self.err("unexpected text after `.text`");
                }
                return Ok(None);
            }
            return self.err(format!("unsupported directive `{}`", clip(mn)));
        }
        let Some(def) = table::by_name_ignore_case(mn).filter(|d| d.valid_on(target)) else {
            return self.err(format!(
                "unknown instruction `{}` (gpumem-vega supports the gfx9 SMEM, SOP1, SOP2, SOPK, SOPC, SOPP, VOP1, VOP2, VOPC and VOP3 instructions)",
                clip(mn)
            ));
        };
        let mn_end = self.here().1;
        self.pos += 1;
        let mut inst = Inst::new(def);
        let mut label = None;
        let mut prev_reg_offset = false;
        for (k, o) in def.operands.iter().enumerate() {
            if k > 0 {
                // Optional trailing operands.
                let optional = matches!(o.kind, Kind::SmemOffset { .. });
                if optional && !self.is_punct(',') {
                    break;
                }
                // llvm-mc reads `, glc` in the offset's place as the modifier
                // (the offset is then 0), even where a symbol is named `glc`.
                if optional && self.ident_is(1, "glc") {
                    self.pos += 1;
                    break;
                }
                self.expect_punct(',')?;
            } else if matches!(o.kind, Kind::Imm16(Imm16::EndPgm)) && self.at_end() {
                break;
            } else if self.at_end() {
                return self.err(format!("too few operands for `{}`", def.name));
            }
            let start = self.here().0;
            if let Some(l) = self.operand(def, o.kind, o.field, &mut inst)? {
                label = Some(l);
            }
            if matches!(inst.offset, SmemOffset::Sgpr(_) | SmemOffset::SgprImm(..)) {
                prev_reg_offset = true;
            }
            self.spans.push((o.field, start, self.prev_end()));
        }
        // Modifiers.
        let _ = mn_end;
        let mut glc_seen = false;
        while !self.at_end() {
            let (s, e) = self.here();
            match self.peek() {
                Some(Tok::Ident("glc")) => {
                    self.pos += 1;
                    if !def.glc {
                        self.error(
                            s,
                            e,
                            format!(
                                "invalid operand for instruction: `{}` has no glc bit",
                                def.name
                            ),
                        );
                    } else if glc_seen {
                        self.error(s, e, "duplicate cache policy modifier");
                    }
                    glc_seen = true;
                    inst.glc = def.glc;
                }
                Some(Tok::Ident(m))
                    if def.format == Format::Smem
                        && matches!(m, "slc" | "dlc" | "scc" | "sc0" | "sc1" | "nt") =>
                {
                    self.pos += 1;
                    self.error(
                        s,
                        e,
                        "invalid cache policy for SMEM instruction (gfx9 SMEM has only glc)",
                    );
                }
                Some(Tok::Ident("nv")) => {
                    return self.err("invalid operand for instruction: llvm-mc has no syntax for the SMEM NV bit on gfx9");
                }
                Some(Tok::Ident(m))
                    if m == "offset" && self.peek_at(1) == Some(Tok::Punct(':')) =>
                {
                    return self.err(if prev_reg_offset {
                        "`offset:` must follow the SGPR or M0 offset directly, once"
                    } else {
                        "`offset:` is only valid after an SGPR or M0 offset (`s7 offset:0x10`)"
                    });
                }
                // llvm-mc accepts one trailing comma.
                Some(Tok::Punct(',')) if self.pos + 1 == self.toks.len() => self.pos += 1,
                Some(Tok::Punct(',')) => {
                    return self.err(format!("too many operands for `{}`", def.name));
                }
                _ => return self.err("invalid operand for instruction: unexpected text"),
            }
        }
        if let Some((rel, s, e, deferred)) = self.lit_rel {
            label = Some((FixKind::Lit32, rel, s, e, deferred));
        }
        Ok(Some((inst, label)))
    }

    /// The rest of `name = expr`: sets the symbol (`.equiv`: only once).
    fn assign(&mut self, name: &'a str, s: usize, e: usize, once: bool) -> PResult<()> {
        let tok = self.pos;
        let (v, vs, ve) = self.expr_any()?;
        if !self.at_end() {
            return self.err("unexpected text after the symbol's value");
        }
        let sym = match v {
            _ if self.unknown.is_some() => Sym::Deferred {
                text: self.text,
                tok,
            },
            Ev::Int(i) => Sym::Abs(i),
            Ev::Rel(r) => Sym::Rel(r),
            Ev::Float(_) => {
                return Err(PErr {
                    start: vs,
                    end: ve,
                    msg: "a symbol's value must be an integer".into(),
                });
            }
        };
        if self.labels.contains_key(name) || (once && self.syms.contains_key(name)) {
            return Err(PErr {
                start: s,
                end: e,
                msg: format!("redefinition of `{}`", clip(name)),
            });
        }
        self.syms.insert(name, (sym, self.line_no));
        Ok(())
    }

    fn operand(
        &mut self,
        def: &'static InstDef,
        kind: Kind,
        field: Field,
        inst: &mut Inst,
    ) -> PResult<Pending<'a>> {
        match kind {
            Kind::Reg(class) => inst.sdst = self.expect_reg(class)?.0,
            Kind::Base { dwords } => {
                let class = if dwords == 4 {
                    RegClass::SReg128
                } else {
                    RegClass::SReg64
                };
                let (c, s, e) = self.expect_reg(class)?;
                if c == code::M0 {
                    self.error(s, e, "invalid operand for instruction: m0 cannot be a base");
                }
                inst.sbase = c;
            }
            Kind::Src { dwords, consts } => {
                let before = inst.literal;
                let start = self.here().0;
                let v = self.src(dwords, consts, &mut inst.literal)?;
                if v == code::LITERAL && !def.literal_ok && before.is_none() {
                    self.error(
                        start,
                        self.prev_end(),
                        format!(
                            "invalid operand for instruction: `{}` takes no literal constant",
                            def.name
                        ),
                    );
                }
                if field == Field::Ssrc0 {
                    inst.ssrc0 = v;
                } else {
                    inst.ssrc1 = v;
                }
            }
            Kind::SmemOffset { signed } => inst.offset = self.smem_offset(signed)?,
            Kind::ProbeImm => {
                // llvm-mc keeps the low 7 bits of any 64-bit value.
                let (v, s, e) = self.int_expr()?;
                if !range_ok(v, 0, 127) {
                    self.warn(
                        "smem-probe-truncated",
                        s,
                        e,
                        format!("s_atc_probe immediate {v} does not fit 7 bits; llvm-mc keeps only the low 7 bits ({})", v & 0x7f),
                    );
                }
                inst.sdst = (v & 0x7f) as u8;
            }
            Kind::GprIdx8 => inst.ssrc1 = self.gpr_idx()? as u8,
            Kind::Literal32 => {
                let (v, s, e) = self.expr()?;
                let u = match v {
                    // llvm-mc keeps the low 32 bits of any 64-bit value here.
                    Val::Int(i) => i as u32,
                    Val::Float(f) if (f as f32).is_finite() || !f.is_finite() => {
                        (f as f32).to_bits()
                    }
                    _ => {
                        self.error(
                            s,
                            e,
                            "invalid operand for instruction: literal does not fit 32 bits",
                        );
                        0
                    }
                };
                inst.literal = Some(u);
            }
            Kind::Imm16(style) => return self.imm16(def, style, inst),
        }
        Ok(None)
    }

    fn imm16(
        &mut self,
        def: &'static InstDef,
        style: Imm16,
        inst: &mut Inst,
    ) -> PResult<Pending<'a>> {
        let v: u16 = match style {
            Imm16::Hex { unsigned } => {
                let (v, s, e) = self.int_expr()?;
                let lo = if unsigned { 0 } else { -0x8000 };
                if !range_ok(v, lo, 0xffff) {
                    self.error(
                        s,
                        e,
                        format!(
                            "invalid operand for instruction: expected a 16-bit {} immediate",
                            if unsigned {
                                "unsigned"
                            } else {
                                "signed or unsigned"
                            }
                        ),
                    );
                }
                v as u16
            }
            Imm16::Plain => self.truncated_u16(def.name)?,
            Imm16::EndPgm => {
                let (v, s, e) = self.int_expr()?;
                if !range_ok(v, 0, 0xffff) {
                    self.error(
                        s,
                        e,
                        "invalid operand for instruction: expected a 16-bit unsigned immediate",
                    );
                }
                v as u16
            }
            Imm16::Branch => {
                // llvm-mc takes an absolute expression or a lone symbol
                // reference (a label, in parentheses or not).
                let p0 = self.pos;
                // The common case, a label alone: judged when the file is
                // done (where a name that is not a label is evaluated again).
                if let Some(Tok::Ident(name)) = self.peek()
                    && self.pos + 1 == self.toks.len()
                    && !self.at_symbol()
                {
                    let (s, e) = self.here();
                    self.pos += 1;
                    return Ok(Some((FixKind::Branch, Rel::label(name), s, e, (p0, false))));
                }
                let (v, s, e) = self.expr_any()?;
                let v = match v {
                    Ev::Int(i) => i,
                    Ev::Float(_) => {
                        return Err(PErr {
                            start: s,
                            end: e,
                            msg: "expected an integer, found a floating-point number".into(),
                        });
                    }
                    Ev::Rel(r) => {
                        let mut idents = self.toks[p0..self.pos]
                            .iter()
                            .filter(|t| !matches!(t.tok, Tok::Punct('(' | ')')));
                        let lone = matches!(
                            (idents.next(), idents.next()),
                            (
                                Some(Token {
                                    tok: Tok::Ident(_),
                                    ..
                                }),
                                None
                            )
                        );
                        if !lone {
                            return Err(PErr {
                                start: s,
                                end: e,
                                msg: "expected an absolute expression or a label".into(),
                            });
                        }
                        return Ok(Some((
                            FixKind::Branch,
                            Rel { pcrel: true, ..r },
                            s,
                            e,
                            (p0, self.unknown.is_some()),
                        )));
                    }
                };
                let v = i128::from(v);
                if !range_ok(v, -0x8000, 0xffff) {
                    self.error(s, e, "expected a 16-bit signed jump offset");
                }
                v as u16
            }
            Imm16::Hwreg => self.hwreg()?,
            Imm16::SendMsg => self.sendmsg()?,
            Imm16::Waitcnt => self.waitcnt()?,
            Imm16::GprIdx => self.gpr_idx()?,
        };
        inst.simm16 = v;
        Ok(None)
    }

    /// A scalar source: register, special source, inline constant or literal.
    fn src(&mut self, dwords: u8, consts: bool, literal: &mut Option<u32>) -> PResult<u8> {
        if let Some(r) = self.reg()? {
            if r.dwords == 0 {
                if r.code == code::LDS_DIRECT {
                    self.error(
                        r.start,
                        r.end,
                        "invalid operand for instruction: src_lds_direct is a vector-ALU source",
                    );
                    return Ok(0);
                }
                if !consts {
                    self.error(
                        r.start,
                        r.end,
                        "invalid operand for instruction: this operand takes a register",
                    );
                    return Ok(0);
                }
                return Ok(r.code);
            }
            let class = if dwords == 1 {
                RegClass::SReg32
            } else {
                RegClass::SReg64
            };
            return Ok(self.check_reg(r, class));
        }
        let p0 = self.pos;
        let (v, s, e) = self.expr_any()?;
        if !consts {
            self.error(
                s,
                e,
                "invalid operand for instruction: this operand takes a register, not a constant",
            );
            return Ok(0);
        }
        let v = match v {
            Ev::Int(i) => Val::Int(i128::from(i)),
            Ev::Float(f) => Val::Float(f),
            Ev::Rel(r) => {
                // A label-dependent value is always a literal (llvm-mc
                // encodes the expression as a fixup), only on 32-bit operands.
                if dwords != 1 {
                    self.error(
                        s,
                        e,
                        "invalid operand for instruction: a 64-bit operand cannot take a label",
                    );
                    return Ok(0);
                }
                if literal.is_some() || self.lit_rel.is_some() {
                    self.error(s, e, "only one unique literal operand is allowed");
                    return Ok(0);
                }
                *literal = Some(0);
                self.lit_rel = Some((r, s, e, (p0, self.unknown.is_some())));
                return Ok(code::LITERAL);
            }
        };
        let lit = if dwords == 1 {
            match v {
                Val::Int(i) => {
                    if let Some(c) = operand::inline_int_code(i.clamp(-100, 100) as i64) {
                        return Ok(c);
                    }
                    if !range_ok(i, i32::MIN.into(), u32::MAX.into()) {
                        self.error(
                            s,
                            e,
                            "invalid operand for instruction: literal does not fit 32 bits",
                        );
                        return Ok(0);
                    }
                    i as u32
                }
                Val::Float(f) => {
                    let f32v = f as f32;
                    if f.is_finite() && !f32v.is_finite() {
                        self.error(
                            s,
                            e,
                            "invalid operand for instruction: floating-point value overflows f32",
                        );
                        return Ok(0);
                    }
                    f32v.to_bits()
                }
            }
        } else {
            match v {
                Val::Int(i) => {
                    if range_ok(i, i64::MIN.into(), u64::MAX.into())
                        && let Some(c) = operand::inline_code64(i as u64)
                    {
                        return Ok(c);
                    }
                    if !range_ok(i, i32::MIN.into(), u32::MAX.into()) {
                        self.error(s, e, "invalid operand for instruction: a 64-bit operand's literal must fit 32 bits");
                        return Ok(0);
                    }
                    i as u32
                }
                Val::Float(f) => {
                    if let Some(c) = operand::inline_code64(f.to_bits()) {
                        return Ok(c);
                    }
                    self.error(
                        s,
                        e,
                        "invalid operand for instruction: a floating-point value for a 64-bit integer operand must be an inline constant",
                    );
                    return Ok(0);
                }
            }
        };
        if dwords == 1
            && let Some(c) = operand::inline_code32(lit)
        {
            return Ok(c);
        }
        match *literal {
            Some(prev) if prev != lit || self.lit_rel.is_some() => {
                self.error(s, e, "only one unique literal operand is allowed");
            }
            _ => *literal = Some(lit),
        }
        Ok(code::LITERAL)
    }

    fn smem_offset(&mut self, signed: bool) -> PResult<SmemOffset> {
        let (lo, hi, msg) = if signed {
            (-0x10_0000, 0xF_FFFF, "expected a 21-bit signed offset")
        } else {
            (0, 0xF_FFFF, "expected a 20-bit unsigned offset")
        };
        if self.ident_is(0, "offset") && self.peek_at(1) == Some(Tok::Punct(':')) {
            return self
                .err("`offset:` is only valid after an SGPR or M0 offset (`s7 offset:0x10`)");
        }
        if let Some(r) = self.reg()? {
            if r.dwords == 0 {
                // llvm-mc 19 accepts e.g. `src_scc` here and silently truncates
                // its 8-bit code to 7 bits (it prints back as `null`); gpumem rejects it.
                self.error(
                    r.start,
                    r.end,
                    "invalid operand for instruction: the SMEM offset must be an SGPR or M0",
                );
            }
            let c = if r.dwords == 0 {
                0
            } else {
                self.check_reg(r, RegClass::SReg32)
            };
            if self.ident_is(0, "offset") && self.peek_at(1) == Some(Tok::Punct(':')) {
                self.pos += 2;
                let (v, s, e) = self.int_expr()?;
                if !range_ok(v, lo, hi) {
                    self.error(s, e, msg);
                }
                return Ok(SmemOffset::SgprImm(c, v as i32));
            }
            return Ok(SmemOffset::Sgpr(c));
        }
        let (v, s, e) = self.int_expr()?;
        if !range_ok(v, lo, hi) {
            self.error(s, e, msg);
        }
        Ok(SmemOffset::Imm(v as i32))
    }

    fn func_open(&mut self, name: &str) -> bool {
        if self.ident_is(0, name) && self.peek_at(1) == Some(Tok::Punct('(')) {
            self.pos += 2;
            true
        } else {
            false
        }
    }

    /// A plain 16-bit operand of `name` (`s_waitcnt`, a SOPK immediate): a value past
    /// 64 bits is an error; one outside -0x8000..=0xffff keeps its low 16 bits, as
    /// llvm-mc does, with an `imm16-truncated` warning.
    fn truncated_u16(&mut self, name: &str) -> PResult<u16> {
        let (v, s, e) = self.int_expr()?;
        if !range_ok(v, i64::MIN.into(), u64::MAX.into()) {
            self.error(s, e, "invalid operand for instruction: value out of range");
        } else if !range_ok(v, -0x8000, 0xffff) {
            self.warn(
                "imm16-truncated",
                s,
                e,
                format!(
                    "{name} keeps only the low 16 bits of {v} ({:#x}), as llvm-mc does",
                    v as u16
                ),
            );
        }
        Ok(v as u16)
    }

    fn plain_u16(&mut self) -> PResult<u16> {
        let (v, s, e) = self.int_expr()?;
        if !range_ok(v, 0, 0xffff) {
            self.error(s, e, "invalid immediate: only 16-bit values are legal");
        }
        Ok(v as u16)
    }

    /// Whether the identifier here is a symbol (which then reads as an
    /// expression where a built-in name was possible).
    fn at_symbol(&self) -> bool {
        !self.syms.is_empty()
            && matches!(self.peek(), Some(Tok::Ident(n)) if self.syms.contains_key(n))
    }

    /// llvm-mc 19's structured form `{id: 51, offset: 1, size: 31}`: fields
    /// in any order, each at most once, any omitted (id 0, offset 0, size
    /// 32); values are absolute expressions (no register names).
    fn hwreg_struct(&mut self) -> PResult<u16> {
        self.pos += 1;
        let (mut id, mut offset, mut size) = (0u16, 0u16, 32u16);
        let mut seen = [false; 3];
        if self.eat_punct('}') {
            return Ok(operand::hwreg_encode(id, offset, size));
        }
        loop {
            let (fs, fe) = self.here();
            let Some(Tok::Ident(field)) = self.peek() else {
                return self.err("field name expected");
            };
            let k = match field {
                "id" => 0,
                "offset" => 1,
                "size" => 2,
                _ => return self.err("unknown field"),
            };
            self.pos += 1;
            self.expect_punct(':')?;
            if seen[k] {
                return Err(PErr {
                    start: fs,
                    end: fe,
                    msg: "duplicate field".into(),
                });
            }
            seen[k] = true;
            let (v, s, e) = self.int_expr()?;
            match k {
                0 => {
                    if !range_ok(v, 0, 63) {
                        self.error(
                            s,
                            e,
                            "invalid hardware register: only 6-bit values are legal",
                        );
                    }
                    id = v as u16 & 63;
                }
                1 => {
                    if !range_ok(v, 0, 31) {
                        self.error(s, e, "invalid bit offset: only 5-bit values are legal");
                    }
                    offset = v as u16 & 31;
                }
                _ => {
                    if !range_ok(v, 1, 32) {
                        self.error(
                            s,
                            e,
                            "invalid bitfield width: only values from 1 to 32 are legal",
                        );
                    }
                    size = (v as u16).clamp(1, 32);
                }
            }
            if self.eat_punct('}') {
                break;
            }
            if !self.eat_punct(',') {
                return self.err("comma or closing brace expected");
            }
        }
        Ok(operand::hwreg_encode(id, offset, size))
    }

    fn hwreg(&mut self) -> PResult<u16> {
        if self.is_punct('{') {
            return self.hwreg_struct();
        }
        if !self.func_open("hwreg") {
            return self.plain_u16();
        }
        let id = if let Some(Tok::Ident(name)) = self.peek()
            && (!self.at_symbol() || operand::hwreg_id(name).is_some())
        {
            let (s, e) = self.here();
            self.pos += 1;
            match operand::hwreg_id(name) {
                Some(i) => i,
                None => {
                    self.error(
                        s,
                        e,
                        format!(
                            "invalid hardware register: `{}` is not a gfx9 hardware register",
                            clip(name)
                        ),
                    );
                    0
                }
            }
        } else {
            let (v, s, e) = self.int_expr()?;
            if !range_ok(v, 0, 63) {
                self.error(
                    s,
                    e,
                    "invalid hardware register: only 6-bit values are legal",
                );
            }
            v as u16
        };
        let (mut offset, mut size) = (0u16, 32u16);
        if self.eat_punct(',') {
            let (v, s, e) = self.int_expr()?;
            if !range_ok(v, 0, 31) {
                self.error(s, e, "invalid bit offset: only 5-bit values are legal");
            }
            offset = v as u16;
            self.expect_punct(',')?;
            let (v, s, e) = self.int_expr()?;
            if !range_ok(v, 1, 32) {
                self.error(
                    s,
                    e,
                    "invalid bitfield width: only values from 1 to 32 are legal",
                );
            }
            size = (v as u16).clamp(1, 32);
        }
        self.expect_punct(')')?;
        Ok(operand::hwreg_encode(id, offset, size))
    }

    /// A value in `0..n` given by its name (`name_of(i)`) or as a number; `msg` is the
    /// error for an unknown name or a number out of range. Returns whether it was named,
    /// and the value. An identifier that is a defined symbol and no name is a number.
    fn named_or_int(
        &mut self,
        n: u16,
        name_of: impl Fn(u16) -> Option<&'static str>,
        msg: &str,
    ) -> PResult<(bool, u16)> {
        if let Some(Tok::Ident(name)) = self.peek()
            && (!self.at_symbol() || (0..n).any(|i| name_of(i) == Some(name)))
        {
            let (start, end) = self.here();
            self.pos += 1;
            match (0..n).find(|&i| name_of(i) == Some(name)) {
                Some(i) => Ok((true, i)),
                None => Err(PErr {
                    start,
                    end,
                    msg: msg.into(),
                }),
            }
        } else {
            let (v, start, end) = self.int_expr()?;
            if !range_ok(v, 0, i128::from(n) - 1) {
                return Err(PErr {
                    start,
                    end,
                    msg: msg.into(),
                });
            }
            Ok((false, v as u16))
        }
    }

    fn sendmsg(&mut self) -> PResult<u16> {
        if !self.func_open("sendmsg") {
            return self.plain_u16();
        }
        // Message id.
        let (strict, id) = self.named_or_int(16, operand::msg_name, "invalid message id")?;
        let mut op = None;
        let mut stream = None;
        if self.eat_punct(',') {
            let (s, _) = self.here();
            let (_, v) =
                self.named_or_int(8, |o| operand::msg_op_name(id, o), "invalid operation id")?;
            op = Some((v, s, self.prev_end()));
            if self.eat_punct(',') {
                let (v, s2, e2) = self.int_expr()?;
                stream = Some((v, s2, e2));
            }
        }
        let close = self.here();
        self.expect_punct(')')?;
        if strict && operand::msg_requires_op(id) != op.is_some() {
            let (s, e) = op.map_or(close, |(_, s, e)| (s, e));
            return Err(PErr {
                start: s,
                end: e,
                msg: if op.is_some() {
                    "message does not support operations".into()
                } else {
                    "missing message operation".into()
                },
            });
        }
        let opv = op.map_or(0, |o| o.0);
        if strict && !operand::msg_op_valid(id, opv) {
            let (s, e) = op.map_or(close, |(_, s, e)| (s, e));
            return Err(PErr {
                start: s,
                end: e,
                msg: "invalid operation id".into(),
            });
        }
        let mut st = 0u16;
        if let Some((v, s, e)) = stream {
            if strict && !operand::msg_supports_stream(id, opv) {
                return Err(PErr {
                    start: s,
                    end: e,
                    msg: "message operation does not support streams".into(),
                });
            }
            if !range_ok(v, 0, 3) {
                return Err(PErr {
                    start: s,
                    end: e,
                    msg: "invalid message stream id".into(),
                });
            }
            st = v as u16;
        }
        Ok(id | (opv << 4) | (st << 8))
    }

    fn waitcnt(&mut self) -> PResult<u16> {
        // A counter is a name and `(`; a lone name is a symbol.
        let first_is_counter = matches!(self.peek(), Some(Tok::Ident(n)) if n.ends_with("cnt") || n.ends_with("cnt_sat"))
            && self.peek_at(1) == Some(Tok::Punct('('));
        if !first_is_counter {
            // llvm-mc keeps the low 16 bits of a numeric s_waitcnt operand.
            return self.truncated_u16("s_waitcnt");
        }
        let (mut vm, mut exp, mut lgkm) = operand::WAITCNT_MAX;
        loop {
            let Some(Tok::Ident(name)) = self.peek() else {
                return self.err("expected a counter name (vmcnt, expcnt, lgkmcnt)");
            };
            let (ns, ne) = self.here();
            let (base, sat) = match name.strip_suffix("_sat") {
                Some(b) => (b, true),
                None => (name, false),
            };
            let (slot, max) = match base {
                "vmcnt" => (&mut vm, operand::WAITCNT_MAX.0),
                "expcnt" => (&mut exp, operand::WAITCNT_MAX.1),
                "lgkmcnt" => (&mut lgkm, operand::WAITCNT_MAX.2),
                _ => {
                    return Err(PErr {
                        start: ns,
                        end: ne,
                        msg: format!("invalid counter name `{}`", clip(name)),
                    });
                }
            };
            self.pos += 1;
            self.expect_punct('(')?;
            let (v, s, e) = self.int_expr()?;
            self.expect_punct(')')?;
            let v = if v < 0 {
                self.diags.push(Diagnostic::error(
                    self_span(self, s, e).0,
                    self_span(self, s, e).1,
                    format!("invalid value for {base}"),
                ));
                0
            } else if v > i128::from(max) {
                if !sat {
                    let (sp, t) = self_span(self, s, e);
                    self.diags.push(Diagnostic::error(
                        sp,
                        t,
                        format!("too large value for {base}"),
                    ));
                }
                max
            } else {
                v as u16
            };
            *slot = v;
            if self.at_end() {
                break;
            }
            if self.eat_punct('&') || self.eat_punct(',') {
                continue;
            }
            if !matches!(self.peek(), Some(Tok::Ident(_))) {
                return self.err("expected a counter name (vmcnt, expcnt, lgkmcnt)");
            }
        }
        Ok(operand::waitcnt_encode(vm, exp, lgkm))
    }

    fn gpr_idx(&mut self) -> PResult<u16> {
        if !self.func_open("gpr_idx") {
            let (v, s, e) = self.int_expr()?;
            if !range_ok(v, 0, 15) {
                self.error(s, e, "invalid immediate: only 4-bit values are legal");
            }
            return Ok(v as u16 & 0xf);
        }
        let mut bits = 0u16;
        if self.eat_punct(')') {
            return Ok(0);
        }
        loop {
            let (s, e) = self.here();
            let Some(Tok::Ident(name)) = self.peek() else {
                return self.err("expected a VGPR index mode (SRC0, SRC1, SRC2, DST)");
            };
            let Some(b) = operand::GPR_IDX_NAMES.iter().position(|n| *n == name) else {
                return Err(PErr {
                    start: s,
                    end: e,
                    msg: "expected a VGPR index mode (SRC0, SRC1, SRC2, DST)".into(),
                });
            };
            self.pos += 1;
            if bits & (1 << b) != 0 {
                self.error(s, e, "duplicate VGPR index mode");
            }
            bits |= 1 << b;
            if self.eat_punct(')') {
                break;
            }
            self.expect_punct(',')?;
        }
        Ok(bits)
    }
}

fn self_span(cx: &LineCx<'_>, s: usize, e: usize) -> (Span, String) {
    cx.span(s, e)
}

/// Parses and checks a whole source file; keeps the parsed instructions in
/// [`Output::insts`] if `keep_insts`.
pub(crate) fn assemble_source(src: &str, target: Target, keep_insts: bool) -> Output {
    Asm {
        src,
        target,
        keep_insts,
        insts: Vec::new(),
        spans: Vec::new(),
        n_insts: 0,
        // About 5 bytes of code per 25 bytes of source.
        bytes: Vec::with_capacity(src.len() / 4),
        diags: Vec::new(),
        labels: HashMap::default(),
        syms: HashMap::default(),
        fixups: Vec::new(),
        vector_insts: 0,
        tok_buf: Vec::new(),
        span_buf: Vec::new(),
    }
    .run()
}
