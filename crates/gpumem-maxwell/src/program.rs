//! Whole programs: bundle layout, disassembly of a raw stream, nvdisasm's line format.

use crate::codec::{self, DecodeError};
use crate::inst::{Ctrl, Inst, PAD_SLOT, ctrl_slot, ctrl_word};
use crate::memo::Memo;
use crate::parse::{Program, inst_addr, parse_program_at};
use crate::print::{self, Sink};
use crate::table::Target;
use gpumem_isa::Diagnostics;
use std::fmt::Write;

/// ptxas' padding instruction `NOP`.
pub const NOP_WORD: u64 = 0x50b0_0000_0007_0f00;

/// Lays out instructions into 32-byte bundles: a control word, then three instructions.
/// The last bundle is filled with `NOP` and the padding slot, as ptxas does.
pub fn layout(insts: &[Inst]) -> Vec<u8> {
    layout_at(insts, 0)
}

/// [`layout`] for a program whose first byte sits at `base` (branch offsets are
/// relative to each instruction's address).
pub fn layout_at(insts: &[Inst], base: u64) -> Vec<u8> {
    let bundles = insts.len().div_ceil(3);
    let mut out = Vec::with_capacity(bundles * 32);
    for b in 0..bundles {
        let mut slots = [PAD_SLOT; 3];
        let mut words = [NOP_WORD; 3];
        for k in 0..3 {
            let i = 3 * b + k;
            if let Some(inst) = insts.get(i) {
                slots[k] = inst.slot();
                words[k] = codec::encode(inst, base.wrapping_add(inst_addr(i)));
            }
        }
        out.extend_from_slice(&ctrl_word(slots).to_le_bytes());
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    out
}

/// Assembles source text into the raw little-endian instruction stream.
pub fn assemble(src: &str, target: Target) -> Result<Vec<u8>, Diagnostics> {
    assemble_at(src, target, 0)
}

/// [`assemble`] for a stream whose first byte sits at `base` (32-byte aligned): the
/// bytes `gpumem dis --base BASE` reads back as `src`.
pub fn assemble_at(src: &str, target: Target, base: u64) -> Result<Vec<u8>, Diagnostics> {
    let prog: Program = parse_program_at(src, target, base)?;
    Ok(layout_at(&prog.insts, prog.base))
}

/// Place of an instruction in a dual-issue pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair {
    /// Not dual-issued.
    None,
    /// Issued together with the next instruction (its slot has stall 0 and bit 4 set); nvdisasm opens `{`.
    First,
    /// The second instruction of a pair; nvdisasm closes `}`.
    Second,
}

/// One disassembled instruction.
#[derive(Clone, Debug)]
pub struct DisLine {
    /// Byte address of the instruction.
    pub addr: u64,
    /// The 64-bit instruction word.
    pub word: u64,
    /// The control word of the instruction's bundle.
    pub ctrl_word: u64,
    /// The decoded instruction, or why the word is not one.
    pub inst: Result<Inst, DecodeError>,
    /// The instruction's place in a dual-issue pair.
    pub pair: Pair,
}

impl DisLine {
    /// nvdisasm's text: `LDG.E R0, [R2] ;` (or the error).
    pub fn text(&self) -> String {
        match &self.inst {
            Ok(i) => print::inst_text(i),
            Err(e) => format!("<invalid: {e}>"),
        }
    }
}

/// A disassembled stream.
#[derive(Clone, Debug)]
pub struct Disassembly {
    /// The target the stream was decoded for.
    pub target: Target,
    /// One line per instruction word, in address order (control words have none).
    pub lines: Vec<DisLine>,
}

impl Disassembly {
    /// The first decode error, if any word was not a valid instruction.
    pub fn first_error(&self) -> Option<&DecodeError> {
        self.lines.iter().find_map(|l| l.inst.as_ref().err())
    }
}

/// Decodes a raw stream of whole bundles starting at byte address `base`.
pub fn disassemble(bytes: &[u8], base: u64, target: Target) -> Result<Disassembly, DecodeError> {
    Ok(Disassembly {
        target,
        lines: decode_lines(bytes, base, target)?.collect(),
    })
}

/// The instructions of a raw stream, decoded one at a time (nothing is kept: the CLI
/// streams a million-instruction file through this).
pub fn decode_lines(
    bytes: &[u8],
    base: u64,
    target: Target,
) -> Result<impl Iterator<Item = DisLine> + '_, DecodeError> {
    let mut cur = Cursor::new(bytes, base, target)?;
    // The slot every word is decoded into (its first value is overwritten before use).
    let mut slot = Inst::new(codec::ROWS[0]);
    Ok(std::iter::from_fn(move || {
        let head = cur.step(&mut slot)?;
        Some(DisLine {
            addr: head.addr,
            word: head.word,
            ctrl_word: head.ctrl_word,
            inst: cur.result(&slot).copied().map_err(Clone::clone),
            pair: head.pair,
        })
    }))
}

/// Decodes a raw stream and renders it as [`render_line`] renders each line, appending to
/// `out` (a `String` or a byte buffer) without the header, and calls `flush` with `out` whenever it holds more than
/// 64 KiB (and not at the end: the caller writes what is left). The stream's hot path:
/// every word is decoded into one slot, nothing is moved or allocated per line. The
/// error is that of [`decode_lines`] (a stream of partial bundles); the inner result is
/// `flush`'s, holding whether every word decoded.
pub fn render_stream<S: Sink, E>(
    bytes: &[u8],
    base: u64,
    target: Target,
    style: SchedStyle,
    compact: bool,
    out: &mut S,
    mut flush: impl FnMut(&mut S) -> Result<(), E>,
) -> Result<Result<bool, E>, DecodeError> {
    let mut cur = Cursor::new(bytes, base, target)?;
    let mut slot = Inst::new(codec::ROWS[0]);
    let mut ok = true;
    // nvdisasm's layout prints a word met again by copying its text (crate::memo).
    let mut memo = (style == SchedStyle::None).then(Memo::new);
    while let Some(pos) = cur.advance() {
        let reuse = Ctrl::from_slot(pos.slot).reuse;
        if let Some(f) = memo.as_ref().and_then(|m| m.get(pos.word, reuse)) {
            cur.recall(&pos, f.entry);
            let head = cur.settle(&pos);
            match &cur.err {
                None => {
                    line_start(&head, f.guard, compact, out);
                    out.padded(f.text, f.len);
                    line_end(&head, Ctrl::from_slot(pos.slot).is_pad(), out);
                }
                Some(e) => {
                    ok = false;
                    render_parts(&head, Err(e), None, style, compact, out);
                }
            }
        } else {
            cur.decode(&pos, &mut slot);
            let head = cur.settle(&pos);
            match (cur.result(&slot), memo.as_mut(), cur.entry) {
                (Ok(i), Some(m), Some(e)) => {
                    let plan = print::plan_of_row(e.row);
                    let (glen, at) = inst_line(&head, i, plan, compact, out);
                    m.put(pos.word, reuse, e, glen, out.since(at));
                    line_end(&head, i.ctrl.is_pad(), out);
                }
                (r, _, _) => {
                    ok &= r.is_ok();
                    render_parts(&head, r, cur.plan(), style, compact, out);
                }
            }
        }
        if out.len() > 1 << 16
            && let Err(e) = flush(out)
        {
            return Ok(Err(e));
        }
    }
    Ok(Ok(ok))
}

/// Where a line is and what surrounds its instruction word: a [`DisLine`] less the decode.
struct LineHead {
    addr: u64,
    word: u64,
    ctrl_word: u64,
    pair: Pair,
}

/// An instruction's place in the stream, before it is decoded.
struct Pos {
    addr: u64,
    word: u64,
    ctrl_word: u64,
    /// Its place in the bundle (0, 1, 2).
    k: usize,
    /// Its control slot.
    slot: u32,
    /// It is the stream's last instruction.
    last: bool,
}

/// The position in a raw stream of whole bundles, and whether the previous instruction
/// opened a dual-issue pair.
struct Cursor<'a> {
    bytes: &'a [u8],
    base: u64,
    target: Target,
    /// Index of the next instruction (3 per bundle).
    n: usize,
    prev_dual: bool,
    /// Why the last instruction stepped over does not decode (kept here, not returned:
    /// the hot loop moves no error values around).
    err: Option<DecodeError>,
    /// The row facts of the last instruction decoded (its print plan).
    entry: Option<&'static codec::Entry>,
}

impl<'a> Cursor<'a> {
    fn new(bytes: &'a [u8], base: u64, target: Target) -> Result<Cursor<'a>, DecodeError> {
        if !bytes.len().is_multiple_of(32) {
            return Err(DecodeError::Unaligned { len: bytes.len() });
        }
        Ok(Cursor {
            bytes,
            base,
            target,
            n: 0,
            prev_dual: false,
            err: None,
            entry: None,
        })
    }

    fn word(&self, i: usize) -> u64 {
        self.bytes
            .get(8 * i..8 * i + 8)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    }

    /// The last instruction [`Cursor::step`] decoded into `inst`, or why it does not decode.
    fn result<'s>(&'s self, inst: &'s Inst) -> Result<&'s Inst, &'s DecodeError> {
        match &self.err {
            None => Ok(inst),
            Some(e) => Err(e),
        }
    }

    /// The print plan of the last instruction decoded.
    fn plan(&self) -> Option<&'static print::RowPlan> {
        self.entry.and_then(|e| print::plan_of_row(e.row))
    }

    /// Decodes the next instruction into `inst` (valid where [`Cursor::result`] says so).
    #[inline(always)]
    fn step(&mut self, inst: &mut Inst) -> Option<LineHead> {
        let pos = self.advance()?;
        self.decode(&pos, inst);
        Some(self.settle(&pos))
    }

    /// The next instruction's place.
    #[inline(always)]
    fn advance(&mut self) -> Option<Pos> {
        let bundles = self.bytes.len() / 32;
        let n = self.n;
        if n >= bundles * 3 {
            return None;
        }
        self.n += 1;
        let (b, k) = (n / 3, n % 3);
        let ctrl_word = self.word(4 * b);
        Some(Pos {
            addr: self.base + (32 * b + 8 + 8 * k) as u64,
            word: self.word(4 * b + 1 + k),
            ctrl_word,
            k,
            slot: ctrl_slot(ctrl_word, k),
            last: b + 1 == bundles && k == 2,
        })
    }

    /// Decodes the instruction at `pos` into `inst` and checks its schedule.
    #[inline(always)]
    fn decode(&mut self, pos: &Pos, inst: &mut Inst) {
        self.err = match codec::decode_entry_into(pos.word, pos.slot, pos.addr, self.target, inst) {
            Ok(e) => {
                self.entry = Some(e);
                codec::check_ctrl(inst, pos.ctrl_word, pos.k, pos.addr).err()
            }
            Err(e) => {
                self.entry = None;
                Some(e)
            }
        };
    }

    /// [`Cursor::decode`] of a word known to decode to row `entry` (its text is
    /// remembered): only its schedule is checked.
    #[inline(always)]
    fn recall(&mut self, pos: &Pos, entry: &'static codec::Entry) {
        self.entry = Some(entry);
        let c = codec::slot_ctrl(entry.op, pos.slot);
        self.err = codec::check_slot(entry.op, c, pos.ctrl_word, pos.k, pos.addr).err();
    }

    /// The line of the instruction at `pos` once decoded: its place in a dual-issue pair,
    /// and the pair's errors.
    #[inline(always)]
    fn settle(&mut self, pos: &Pos) -> LineHead {
        let dual = Ctrl::from_slot(pos.slot).dual_issue();
        let form = match (&self.err, self.entry) {
            (None, Some(e)) => e.op.form,
            _ => "?",
        };
        let bad_dual = |field| {
            Some(DecodeError::InvalidControl {
                ctrl: pos.ctrl_word,
                addr: pos.addr,
                slot: pos.k,
                form,
                field,
                value: 1,
            })
        };
        let pair = if self.prev_dual {
            self.prev_dual = false;
            // nvdisasm has no triples: a dual flag on the second of a pair makes it
            // drop or reject the instructions after it. gpumem rejects the slot.
            if dual {
                self.err = bad_dual("dual issue on the second instruction of a pair");
            }
            Pair::Second
        } else if dual {
            self.prev_dual = true;
            if pos.last {
                self.err = bad_dual("dual issue (no next instruction)");
            }
            Pair::First
        } else {
            Pair::None
        };
        LineHead {
            addr: pos.addr,
            word: pos.word,
            ctrl_word: pos.ctrl_word,
            pair,
        }
    }
}

/// How to show the control-word schedule of each instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SchedStyle {
    /// As nvdisasm: nothing but `.reuse`, dual-issue braces and the `;` spacing.
    #[default]
    None,
    /// The seed pages' annotations: `&req={0,5} &rd=0 &wr=5 ?stall=6 ?yield`.
    Annotations,
    /// A maxas prefix: `--:-:6:-:1`.
    Maxas,
}

/// The annotation text of a schedule slot (leading space included).
pub fn annotations(c: Ctrl, show_reuse: bool, out: &mut String) {
    if c.wait != 0 {
        out.push_str(" &req={");
        let ids: Vec<String> = (0..6)
            .filter(|i| c.wait & (1 << i) != 0)
            .map(|i| i.to_string())
            .collect();
        out.push_str(&ids.join(","));
        out.push('}');
    }
    if c.rd != 7 {
        let _ = write!(out, " &rd={}", c.rd);
    }
    if c.wr != 7 {
        let _ = write!(out, " &wr={}", c.wr);
    }
    let _ = write!(out, " ?stall={}", c.stall);
    if !c.no_yield {
        out.push_str(" ?yield");
    }
    if show_reuse && c.reuse != 0 {
        let _ = write!(out, " ?reuse={}", c.reuse);
    }
}

/// maxas' `wait:read:write:yield:stall` prefix.
pub fn maxas_prefix(c: Ctrl) -> String {
    let wait = if c.wait == 0 {
        "--".to_string()
    } else {
        format!("{:02x}", c.wait)
    };
    let bar = |b: u8| {
        if b == 7 {
            "-".to_string()
        } else {
            (b + 1).to_string()
        }
    };
    format!(
        "{wait}:{}:{}:{}:{:x}",
        bar(c.rd),
        bar(c.wr),
        if c.no_yield { "-" } else { "Y" },
        c.stall
    )
}

/// The text of one line for `style`, without the address column.
pub fn line_text(l: &DisLine, style: SchedStyle) -> String {
    line_text_parts(l.inst.as_ref(), l.pair, style)
}

/// [`line_text`] of a decoded instruction (or the error) in its place `pair`.
fn line_text_parts(inst: Result<&Inst, &DecodeError>, pair: Pair, style: SchedStyle) -> String {
    let inst = match inst {
        Ok(i) => i,
        Err(e) => return format!("<invalid: {e}>"),
    };
    let mut s = String::with_capacity(64);
    if style == SchedStyle::Maxas {
        s.push_str(&maxas_prefix(inst.ctrl));
        s.push(' ');
    }
    print::write_inst(inst, &mut s);
    if style == SchedStyle::Annotations {
        // All four reuse flags go in the annotation: `.reuse` suffixes cannot show the
        // flags of slots without a register (nvdisasm ignores those) nor memory ops' flags.
        annotations(inst.ctrl, true, &mut s);
        s.push_str(" ;");
    } else if pair == Pair::Second && style == SchedStyle::None {
        // nvdisasm ends the second of a pair with the brace, no `;`.
    } else {
        s.push_str(if inst.ctrl.is_pad() && style == SchedStyle::None {
            ";"
        } else {
            " ;"
        });
    }
    s
}

/// nvdisasm's header line for a raw stream.
pub fn header(target: Target) -> String {
    let sm = target.nvdisasm_name();
    format!("\t.headerflags    @\"EF_CUDA_{sm} EF_CUDA_PTX_SM(EF_CUDA_{sm})\"\n")
}

/// cuobjdump -sass's header line of a cubin's kernel, from the cubin's own flags (an
/// sm_53 cubin says SM53 though its code decodes with the SM52 table).
pub fn cubin_header(flags: crate::cubin::HeaderFlags) -> String {
    format!("\t.headerflags    @\"{}\"\n", flags.cuobjdump_text())
}

/// nvdisasm's layout: header, then `        /*0008*/` + a 19-column gutter holding `{`
/// and the right-aligned guard + text (+ `         }` closing a pair). With `compact`,
/// `/*0008*/ TEXT` lines and no header.
pub fn render(d: &Disassembly, style: SchedStyle, compact: bool) -> String {
    let mut out = String::with_capacity(d.lines.len() * 64 + 80);
    if !compact {
        out.push_str(&header(d.target));
    }
    for l in &d.lines {
        render_line(l, style, compact, &mut out);
    }
    out
}

/// One line of [`render`]'s output, newline included.
pub fn render_line(l: &DisLine, style: SchedStyle, compact: bool, out: &mut String) {
    let head = LineHead {
        addr: l.addr,
        word: l.word,
        ctrl_word: l.ctrl_word,
        pair: l.pair,
    };
    render_parts(&head, l.inst.as_ref(), None, style, compact, out);
}

/// [`render_line`] of a line given as its place and its decoded instruction (or the error),
/// with its row's print plan where the caller has it.
fn render_parts(
    l: &LineHead,
    inst: Result<&Inst, &DecodeError>,
    plan: Option<&print::RowPlan>,
    style: SchedStyle,
    compact: bool,
    out: &mut impl Sink,
) {
    if let (Ok(i), SchedStyle::None) = (inst, style) {
        inst_line(l, i, plan, compact, out);
        line_end(l, i.ctrl.is_pad(), out);
        return;
    }
    if !compact {
        out.put("        ");
    }
    push_addr(out, l.addr);
    // The first of a pair opens its brace even when it does not decode, so that the
    // second's `}` (cuobjdump's text for it) is not left alone.
    let open = l.pair == Pair::First && style == SchedStyle::None;
    if !compact {
        out.put(if open {
            "        {         "
        } else {
            "                  "
        });
    } else if open {
        out.put("{ ");
    }
    out.put(&line_text_parts(inst, l.pair, style));
    out.byte(b'\n');
}

/// nvdisasm's line of a decoded instruction up to its end ([`line_end`]): indent, address,
/// gutter, guard and body. Returns the guard's length and where the guard begins in `out`.
fn inst_line(
    l: &LineHead,
    i: &Inst,
    plan: Option<&print::RowPlan>,
    compact: bool,
    out: &mut impl Sink,
) -> (usize, usize) {
    let mut guard = [0u8; 8];
    let glen = guard_text(i, &mut guard);
    line_start(l, glen, compact, out);
    let at = out.len();
    out.padded(&guard, glen);
    match plan {
        Some(p) => print::write_body_with(i, p, out),
        None => print::write_body(i, out),
    }
    (glen, at)
}

/// The indent, address and gutter of an instruction line whose guard is `glen` bytes:
/// the guard sits right-aligned in an 18-column gutter, `{` at column 9 opening a pair.
#[inline]
fn line_start(l: &LineHead, glen: usize, compact: bool, out: &mut impl Sink) {
    let open = l.pair == Pair::First;
    if compact {
        push_addr(out, l.addr);
        if open {
            out.put("{ ");
        }
        return;
    }
    out.put("        ");
    push_addr(out, l.addr);
    const GUTTER: [&[u8; 18]; 2] = [b"                  ", b"        {         "];
    out.padded(GUTTER[open as usize], 18 - glen.min(18));
}

/// The end of an instruction line: ` ;` (`;` for the padding slot, `pad`), and for the
/// second of a pair the `;` rule's space, then 8 spaces and the brace; then the newline.
#[inline]
fn line_end(l: &LineHead, pad: bool, out: &mut impl Sink) {
    const ENDS: [(&[u8; 11], usize); 4] = [
        (b" ;\n        ", 3),
        (b";\n         ", 2),
        (b"         }\n", 11),
        (b"        }\n ", 10),
    ];
    let (end, n) = ENDS[(l.pair == Pair::Second) as usize * 2 + pad as usize];
    out.padded(end, n);
}

/// The guard text (`@!P3 `) into a small buffer; returns its length.
fn guard_text(i: &Inst, buf: &mut [u8; 8]) -> usize {
    if i.unguarded() {
        return 0;
    }
    let mut n = 0;
    let mut put = |c: u8| {
        buf[n] = c;
        n += 1;
    };
    put(b'@');
    if i.guard_neg {
        put(b'!');
    }
    put(b'P');
    if i.guard == crate::inst::PT {
        put(b'T');
    } else {
        put(b'0' + i.guard);
    }
    put(b' ');
    n
}

/// `/*0008*/ `: at least four lower-case hex digits.
#[inline]
fn push_addr(out: &mut impl Sink, addr: u64) {
    let d = print::hex_digits(addr).max(4);
    if d <= 8 {
        // `/*`, the digits and `*/ ` in one 16-byte word (13 bytes at most).
        let digits = (print::hex8(addr as u32) >> (8 * (8 - d))) as u128;
        let text = u16::from_le_bytes(*b"/*") as u128
            | digits << 16
            | (u32::from_le_bytes(*b"*/ \0") as u128) << (16 + 8 * d);
        out.padded(&text.to_le_bytes(), 5 + d);
        return;
    }
    out.fill(|b: &mut [u8; 24]| {
        b[0] = b'/';
        b[1] = b'*';
        print::put_hex_digits(b, 2, addr, d);
        if let Some(end) = b.get_mut(2 + d..5 + d) {
            end.copy_from_slice(b"*/ ");
        }
        5 + d
    });
}
