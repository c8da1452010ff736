//! The assembler's fast path: one pass over the bytes of a line for the
//! common shapes (a lower-case mnemonic, `sN`, `s[a:b]`, `ttmpN`, named
//! registers, decimal/hex/simple float numbers, `offset:`, `glc`), with no
//! token buffer and no per-line context.
//!
//! It accepts a line only when the full parser ([`super::LineCx`]) would
//! accept it with no diagnostic of its own (lint warnings aside) and build
//! the same instruction; anything else (an error, a warning from parsing,
//! labels, comments, expressions, symbols and symbol definitions (any
//! identifier that is not a register, mnemonic or `glc`), `hwreg(...)` and
//! `{id: ..}`, counters, special sources, upper case, `\r`, ...) makes it
//! give up, and the line goes through the full parser. Numbers are read as
//! 64-bit values, as the full parser reads them. Debug builds run both on
//! every line the fast path takes and assert the same bytes, instructions
//! and diagnostics (see `Asm::run`).

use gpumem_isa::Diagnostic;

use super::lexis::{C_DIGIT, C_IDENT, CLASS, IDENT_CONT, Val, digits_value, line_span, range_ok};
use crate::inst::{Inst, SmemOffset};
use crate::lint;
use crate::operand::{self, code};
use crate::table::{self, Field, Format, Imm16, InstDef, Kind, RegClass, Target};

/// Hex digit values (0xff: not a hex digit).
const HEX: [u8; 256] = {
    let mut t = [0xffu8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => 0xff,
        };
        c += 1;
    }
    t
};

/// A register as the fast path reads it: code, width, first index of a tuple.
#[derive(Clone, Copy)]
struct Reg {
    code: u8,
    dwords: u8,
    tuple_first: Option<u8>,
}

/// A cursor over one line (the bytes from the line's start to the end of the
/// source; the line ends at the first `\n`).
struct Cur<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cur<'_> {
    #[inline]
    fn peek(&self) -> u8 {
        // `\n` stands for the end of the source too.
        self.b.get(self.i).copied().unwrap_or(b'\n')
    }

    #[inline]
    fn skip_space(&mut self) {
        while matches!(self.peek(), b' ' | b'\t') {
            self.i += 1;
        }
    }

    /// After a token: the next byte must end it (space, `,`, end of line).
    #[inline]
    fn delim(&self) -> Option<()> {
        matches!(self.peek(), b' ' | b'\t' | b',' | b'\n').then_some(())
    }

    /// An identifier (`[A-Za-z_.$][A-Za-z0-9_.$]*`) at the cursor.
    #[inline]
    fn ident(&mut self) -> Option<&[u8]> {
        let start = self.i;
        if CLASS[usize::from(self.peek())] != C_IDENT {
            return None;
        }
        self.i += 1;
        while IDENT_CONT[usize::from(self.peek())] {
            self.i += 1;
        }
        Some(&self.b[start..self.i])
    }

    /// The mnemonic at the cursor: the bytes up to the first one below
    /// `0`, looked up as is (so only lower-case table names match). Reads
    /// it eight bytes at a time.
    #[inline]
    fn mnemonic(&mut self) -> Option<&'static InstDef> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let start = self.i;
        if self.b.len() - start < 40 {
            // Near the end of the source: byte by byte.
            while self.peek() >= b'0' {
                self.i += 1;
            }
            return table::by_name_lower(&self.b[start..self.i]);
        }
        let mut key = [0u64; 4];
        for (j, k) in key.iter_mut().enumerate() {
            let at = start + 8 * j;
            let w = u64::from_le_bytes(self.b[at..at + 8].try_into().ok()?);
            // Bytes below 0x30 (space, tab, newline, punctuation), and bytes
            // of 0x80 and above (these never match a name anyway).
            let low = w.wrapping_sub(ONES * 0x30) & !w & HIGHS;
            if low != 0 {
                let n = (low.trailing_zeros() / 8) as usize;
                *k = if n == 0 {
                    0
                } else {
                    w & (u64::MAX >> (64 - 8 * n))
                };
                self.i = at + n;
                return table::by_key(&key);
            }
            *k = w;
        }
        None
    }

    /// Up to three decimal digits.
    #[inline]
    fn small_dec(&mut self) -> Option<u32> {
        let start = self.i;
        let mut v = 0u32;
        while self.peek().is_ascii_digit() {
            v = v * 10 + u32::from(self.peek() - b'0');
            self.i += 1;
            if self.i - start > 3 {
                return None;
            }
        }
        (self.i > start).then_some(v)
    }

    /// A register that the full parser reads without error (no special
    /// sources, no register lists).
    #[inline]
    fn reg(&mut self) -> Option<Reg> {
        // `sN` and `s[a:b]` first, without the identifier scan.
        if self.peek() == b's' {
            let c1 = self.b.get(self.i + 1).copied().unwrap_or(b'\n');
            if c1.is_ascii_digit() {
                let mut j = self.i + 1;
                let mut n = 0u32;
                while let Some(&c) = self.b.get(j)
                    && c.is_ascii_digit()
                {
                    n = n * 10 + u32::from(c - b'0');
                    j += 1;
                    if j - self.i > 4 {
                        return None;
                    }
                }
                if IDENT_CONT[usize::from(self.b.get(j).copied().unwrap_or(b'\n'))]
                    || n >= u32::from(operand::SGPR_COUNT)
                {
                    return None;
                }
                self.i = j;
                return Some(Reg {
                    code: n as u8,
                    dwords: 1,
                    tuple_first: None,
                });
            }
        }
        self.reg_general()
    }

    fn reg_general(&mut self) -> Option<Reg> {
        let name = self.ident()?;
        let fixed = |code: u8, dwords: u8| {
            Some(Reg {
                code,
                dwords,
                tuple_first: None,
            })
        };
        let (digits, ttmp) = match name {
            b"s" | b"ttmp" => {
                let ttmp = name.len() == 4;
                if self.peek() != b'[' {
                    return None;
                }
                self.i += 1;
                let lo = self.small_dec()?;
                if self.peek() != b':' {
                    return None;
                }
                self.i += 1;
                let hi = self.small_dec()?;
                if self.peek() != b']' {
                    return None;
                }
                self.i += 1;
                if hi < lo {
                    return None;
                }
                let count = hi - lo + 1;
                if !matches!(count, 1..=8 | 16) {
                    return None;
                }
                let code = if ttmp {
                    if hi > 15 {
                        return None;
                    }
                    code::TTMP0 + lo as u8
                } else {
                    if hi >= u32::from(operand::SGPR_COUNT) {
                        return None;
                    }
                    lo as u8
                };
                return Some(Reg {
                    code,
                    dwords: count as u8,
                    tuple_first: (count > 1).then_some(lo as u8),
                });
            }
            b"flat_scratch" => return fixed(code::FLAT_SCRATCH, 2),
            b"flat_scratch_lo" => return fixed(code::FLAT_SCRATCH, 1),
            b"flat_scratch_hi" => return fixed(code::FLAT_SCRATCH + 1, 1),
            b"xnack_mask" => return fixed(code::XNACK_MASK, 2),
            b"xnack_mask_lo" => return fixed(code::XNACK_MASK, 1),
            b"xnack_mask_hi" => return fixed(code::XNACK_MASK + 1, 1),
            b"vcc" => return fixed(code::VCC, 2),
            b"vcc_lo" => return fixed(code::VCC, 1),
            b"vcc_hi" => return fixed(code::VCC + 1, 1),
            b"exec" => return fixed(code::EXEC, 2),
            b"exec_lo" => return fixed(code::EXEC, 1),
            b"exec_hi" => return fixed(code::EXEC_HI, 1),
            b"m0" => return fixed(code::M0, 1),
            [b's', d @ ..] => (d, false),
            [b't', b't', b'm', b'p', d @ ..] => (d, true),
            _ => return None,
        };
        if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let n = digits
            .iter()
            .fold(0u32, |v, &c| v * 10 + u32::from(c - b'0'));
        let code = if ttmp {
            if n > 15 {
                return None;
            }
            code::TTMP0 + n as u8
        } else {
            if n >= u32::from(operand::SGPR_COUNT) {
                return None;
            }
            n as u8
        };
        fixed(code, 1)
    }

    /// A number: `-`? then decimal, `0x` hex, or `digits.digits` float.
    #[inline]
    fn num(&mut self) -> Option<Val> {
        let neg = self.peek() == b'-';
        if neg {
            self.i += 1;
        }
        let start = self.i;
        let c = self.peek();
        if CLASS[usize::from(c)] != C_DIGIT {
            return None;
        }
        let next = self.b.get(self.i + 1).copied();
        let v = if c == b'0' && matches!(next, Some(b'x' | b'X')) {
            self.i += 2;
            let ds = self.i;
            let mut v = 0u64;
            loop {
                let d = HEX[usize::from(self.peek())];
                if d == 0xff {
                    break;
                }
                v = (v << 4) | u64::from(d);
                self.i += 1;
            }
            let nd = self.i - ds;
            if nd == 0 || nd > 16 {
                // None, or what the lexer computes (overflow checked).
                v = digits_value(&self.b[ds..self.i], 16)?;
            }
            Val::Int(i128::from(v as i64))
        } else if c == b'0' && matches!(next, Some(b'b' | b'B')) {
            return None;
        } else {
            let mut v = 0u64;
            while self.peek().is_ascii_digit() {
                v = v
                    .wrapping_mul(10)
                    .wrapping_add(u64::from(self.peek() - b'0'));
                self.i += 1;
            }
            if self.peek() == b'.' {
                self.i += 1;
                while self.peek().is_ascii_digit() {
                    self.i += 1;
                }
                if matches!(self.peek(), b'e' | b'E') {
                    return None;
                }
                // ASCII digits and a dot: valid UTF-8.
                let text = std::str::from_utf8(&self.b[start..self.i]).ok()?;
                Val::Float(text.parse::<f64>().ok()?)
            } else {
                if self.i - start > 19 {
                    v = digits_value(&self.b[start..self.i], 10)?;
                }
                Val::Int(i128::from(v as i64))
            }
        };
        self.delim()?;
        Some(match v {
            // 64-bit wrapping, as MC expressions are.
            Val::Int(i) if neg => Val::Int(i128::from((i as i64).wrapping_neg())),
            Val::Float(f) if neg => Val::Float(-f),
            v => v,
        })
    }

    fn int(&mut self) -> Option<i128> {
        match self.num()? {
            Val::Int(i) => Some(i),
            Val::Float(_) => None,
        }
    }

    fn int_in(&mut self, lo: i128, hi: i128) -> Option<i128> {
        self.int().filter(|&v| range_ok(v, lo, hi))
    }

    /// An operand that starts with a number (not an identifier).
    fn int_not_ident(&mut self, lo: i128, hi: i128) -> Option<i128> {
        if CLASS[usize::from(self.peek())] == C_IDENT {
            return None;
        }
        self.int_in(lo, hi)
    }

    /// `LineCx::check_reg` without its errors.
    fn check_reg(r: Reg, class: RegClass) -> Option<u8> {
        let n = class.dwords();
        if r.dwords != n {
            return None;
        }
        if let Some(first) = r.tuple_first {
            let align = if n == 2 { 2 } else { 4 };
            if first % align != 0 {
                return None;
            }
        }
        let excluded = match class {
            RegClass::SReg32XM0XExec => matches!(r.code, code::M0 | code::EXEC | code::EXEC_HI),
            RegClass::SReg64XExec => r.code == code::EXEC,
            _ => false,
        };
        (!excluded).then_some(r.code)
    }

    fn expect_reg(&mut self, class: RegClass) -> Option<u8> {
        let r = self.reg()?;
        self.delim()?;
        Self::check_reg(r, class)
    }

    /// The code of a constant source operand (inline or [`code::LITERAL`]),
    /// as `LineCx::src` computes it.
    fn const_src(v: Val, dwords: u8, literal: &mut Option<u32>) -> Option<u8> {
        let lit = if dwords == 1 {
            let lit = match v {
                Val::Int(i) => {
                    if let Some(c) = operand::inline_int_code(i.clamp(-100, 100) as i64) {
                        return Some(c);
                    }
                    if !range_ok(i, i32::MIN.into(), u32::MAX.into()) {
                        return None;
                    }
                    i as u32
                }
                Val::Float(f) => {
                    let f32v = f as f32;
                    if f.is_finite() && !f32v.is_finite() {
                        return None;
                    }
                    f32v.to_bits()
                }
            };
            if let Some(c) = operand::inline_code32(lit) {
                return Some(c);
            }
            lit
        } else {
            match v {
                Val::Int(i) => {
                    if range_ok(i, i64::MIN.into(), u64::MAX.into())
                        && let Some(c) = operand::inline_code64(i as u64)
                    {
                        return Some(c);
                    }
                    if !range_ok(i, i32::MIN.into(), u32::MAX.into()) {
                        return None;
                    }
                    i as u32
                }
                Val::Float(f) => return operand::inline_code64(f.to_bits()),
            }
        };
        match *literal {
            Some(prev) if prev != lit => None,
            _ => {
                *literal = Some(lit);
                Some(code::LITERAL)
            }
        }
    }

    fn operand(
        &mut self,
        def: &'static InstDef,
        kind: Kind,
        field: Field,
        inst: &mut Inst,
    ) -> Option<()> {
        match kind {
            Kind::Reg(class) => inst.sdst = self.expect_reg(class)?,
            Kind::Base { dwords } => {
                let class = if dwords == 4 {
                    RegClass::SReg128
                } else {
                    RegClass::SReg64
                };
                let c = self.expect_reg(class)?;
                if c == code::M0 {
                    return None;
                }
                inst.sbase = c;
            }
            Kind::Src { dwords, consts } => {
                let v = if CLASS[usize::from(self.peek())] == C_IDENT {
                    let class = if dwords == 1 {
                        RegClass::SReg32
                    } else {
                        RegClass::SReg64
                    };
                    self.expect_reg(class)?
                } else {
                    if !consts {
                        return None;
                    }
                    let v = self.num()?;
                    let c = Self::const_src(v, dwords, &mut inst.literal)?;
                    if c == code::LITERAL && !def.literal_ok {
                        return None;
                    }
                    c
                };
                if field == Field::Ssrc0 {
                    inst.ssrc0 = v;
                } else {
                    inst.ssrc1 = v;
                }
            }
            Kind::SmemOffset { signed } => {
                let (lo, hi) = if signed {
                    (-0x10_0000, 0xF_FFFF)
                } else {
                    (0, 0xF_FFFF)
                };
                inst.offset = if CLASS[usize::from(self.peek())] == C_IDENT {
                    let c = self.expect_reg(RegClass::SReg32)?;
                    let end = self.i;
                    self.skip_space();
                    if self.b[self.i..].starts_with(b"offset:") {
                        self.i += 7;
                        self.skip_space();
                        SmemOffset::SgprImm(c, self.int_in(lo, hi)? as i32)
                    } else {
                        self.i = end;
                        SmemOffset::Sgpr(c)
                    }
                } else {
                    SmemOffset::Imm(self.int_in(lo, hi)? as i32)
                };
            }
            Kind::Imm16(style) => {
                let v = match style {
                    Imm16::Hex { unsigned } => {
                        let lo = if unsigned { 0 } else { -0x8000 };
                        self.int_in(lo, 0xffff)?
                    }
                    Imm16::Plain | Imm16::Branch | Imm16::Waitcnt => {
                        self.int_not_ident(-0x8000, 0xffff)?
                    }
                    Imm16::EndPgm | Imm16::Hwreg | Imm16::SendMsg => {
                        self.int_not_ident(0, 0xffff)?
                    }
                    Imm16::GprIdx => self.int_not_ident(0, 15)? & 0xf,
                };
                inst.simm16 = v as u16;
            }
            Kind::ProbeImm | Kind::GprIdx8 | Kind::Literal32 => return None,
        }
        Some(())
    }
}

/// A line the fast path assembled.
pub(super) struct Line {
    /// The line's length without the `\n`.
    pub len: usize,
    /// The instruction.
    pub inst: Inst,
    /// Its lint warnings, in operand order.
    pub diags: Vec<Diagnostic>,
}

/// Assembles the line at the start of `rest` (line `line_no`, at byte
/// `line_start` of the source) for `target` if the fast path can.
pub(super) fn line(rest: &str, target: Target, line_no: u32, line_start: usize) -> Option<Line> {
    let mut p = Cur {
        b: rest.as_bytes(),
        i: 0,
    };
    p.skip_space();
    let mn_start = p.i;
    let def = p.mnemonic()?;
    let mn_end = p.i;
    if !matches!(p.peek(), b' ' | b'\t' | b'\n') {
        return None;
    }
    if !def.valid_on(target) {
        return None;
    }
    let mut inst = Inst::new(def);
    let mut spans = [(Field::Sdst, 0usize, 0usize); 4];
    let mut n_spans = 0;
    p.skip_space();
    for (k, o) in def.operands.iter().enumerate() {
        if k > 0 {
            let at_comma = p.peek() == b',';
            if !at_comma {
                if matches!(o.kind, Kind::SmemOffset { .. }) {
                    break;
                }
                return None;
            }
            p.i += 1;
            p.skip_space();
        } else if p.peek() == b'\n' {
            if matches!(o.kind, Kind::Imm16(Imm16::EndPgm)) {
                break;
            }
            return None;
        }
        let start = p.i;
        p.operand(def, o.kind, o.field, &mut inst)?;
        *spans.get_mut(n_spans)? = (o.field, start, p.i);
        n_spans += 1;
        p.skip_space();
    }
    // Modifiers.
    loop {
        match p.peek() {
            b'\n' => break,
            b',' => {
                // One trailing comma.
                p.i += 1;
                p.skip_space();
                if p.peek() != b'\n' {
                    return None;
                }
                break;
            }
            _ => {
                if p.ident()? != b"glc" || !def.glc || inst.glc {
                    return None;
                }
                p.delim()?;
                inst.glc = true;
                p.skip_space();
            }
        }
    }
    let len = p.i;
    let mut diags = Vec::new();
    if def.format == Format::Smem {
        let hits = lint::check(&inst);
        if !hits.is_empty() {
            let text = &rest[..len];
            diags.reserve(hits.len());
            for h in hits {
                let (s, e) = spans[..n_spans]
                    .iter()
                    .find(|(f, _, _)| *f == h.field)
                    .map_or((mn_start, mn_end), |&(_, s, e)| (s, e));
                let (span, t) = line_span(text, line_no, line_start, s, e);
                diags.push(Diagnostic::warning(h.lint.name(), span, t, h.message));
            }
        }
    }
    Some(Line { len, inst, diags })
}
