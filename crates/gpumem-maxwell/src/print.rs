//! The printer: nvdisasm's text for a decoded instruction.

use crate::codec::find_val;
use crate::inst::{Inst, Operand, PT, RZ};
use crate::table::{ImmText, ModId, Op, OpKind, OpSpec};

/// Where the printer writes: a `String`, or a byte buffer (the disassembler's stream,
/// which then holds UTF-8: the printer writes only ASCII and the table's spellings).
pub trait Sink {
    /// Appends `s`.
    fn put(&mut self, s: &str);
    /// Appends one ASCII character (callers pass only ASCII).
    fn byte(&mut self, b: u8);
    /// Appends the first `n` bytes of `b` (ASCII; `n` at most `N`): a byte buffer copies
    /// all `N` bytes at once and cuts them back, with no per-byte work.
    fn padded<const N: usize>(&mut self, b: &[u8; N], n: usize);
    /// Appends what `f` writes into a zeroed buffer of `N` bytes: its first `n` bytes,
    /// `n` being what `f` returns (at most `N`). A byte buffer lends `f` its own spare
    /// bytes, so nothing is copied. Only ASCII may be written.
    fn fill<const N: usize>(&mut self, f: impl FnOnce(&mut [u8; N]) -> usize);
    /// Appends a table spelling.
    #[inline]
    fn short(&mut self, s: &Short) {
        if s.text.len() <= SHORT {
            self.padded(&s.pad, s.text.len());
        } else {
            self.put(s.text);
        }
    }
    /// Bytes written so far.
    fn len(&self) -> usize;
    /// What was written from byte `at` on (empty if `at` is past the end).
    fn since(&self, at: usize) -> &[u8];
    /// Whether nothing is written.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Sink for String {
    #[inline]
    fn put(&mut self, s: &str) {
        self.push_str(s);
    }
    #[inline]
    fn byte(&mut self, b: u8) {
        self.push(b as char);
    }
    #[inline]
    fn padded<const N: usize>(&mut self, b: &[u8; N], n: usize) {
        for &c in &b[..n.min(N)] {
            self.push(c as char);
        }
    }
    #[inline]
    fn fill<const N: usize>(&mut self, f: impl FnOnce(&mut [u8; N]) -> usize) {
        let mut b = [0; N];
        let n = f(&mut b);
        self.padded(&b, n);
    }
    #[inline]
    fn short(&mut self, s: &Short) {
        self.push_str(s.text);
    }
    fn len(&self) -> usize {
        String::len(self)
    }
    fn since(&self, at: usize) -> &[u8] {
        self.as_bytes().get(at..).unwrap_or(&[])
    }
}

impl Sink for Vec<u8> {
    #[inline]
    fn put(&mut self, s: &str) {
        self.extend_from_slice(s.as_bytes());
    }
    #[inline]
    fn byte(&mut self, b: u8) {
        self.push(b);
    }
    #[inline]
    fn padded<const N: usize>(&mut self, b: &[u8; N], n: usize) {
        let len = self.len();
        self.extend_from_slice(b);
        self.truncate(len + n.min(N));
    }
    #[inline]
    fn fill<const N: usize>(&mut self, f: impl FnOnce(&mut [u8; N]) -> usize) {
        let len = self.len();
        self.resize(len + N, 0);
        let n = match self
            .get_mut(len..)
            .and_then(|b| <&mut [u8; N]>::try_from(b).ok())
        {
            Some(b) => f(b),
            None => 0,
        };
        self.truncate(len + n.min(N));
    }
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn since(&self, at: usize) -> &[u8] {
        self.get(at..).unwrap_or(&[])
    }
}

/// Longest spelling a [`Short`] holds padded.
const SHORT: usize = 16;

/// A spelling from the table (a mnemonic, a modifier) with a copy padded to 16 bytes, so
/// that a byte buffer appends it with one fixed-size copy.
#[derive(Clone, Copy, Debug)]
pub struct Short {
    /// The spelling.
    pub text: &'static str,
    /// Its first 16 bytes, zero-padded.
    pad: [u8; SHORT],
}

impl Short {
    /// The padded copy of `text`.
    pub fn new(text: &'static str) -> Short {
        let mut pad = [0; SHORT];
        for (d, s) in pad.iter_mut().zip(text.bytes()) {
            *d = s;
        }
        Short { text, pad }
    }
}

/// `R0`..`R254` and `RZ` by number, padded to 4 bytes, with their lengths.
const REG_NAMES: [([u8; 4], u8); 256] = {
    let mut t = [([0u8; 4], 0u8); 256];
    let mut r = 0;
    while r < 255 {
        let d = [(r / 100) as u8, (r / 10 % 10) as u8, (r % 10) as u8];
        t[r] = match r {
            0..10 => ([b'R', b'0' + d[2], 0, 0], 2),
            10..100 => ([b'R', b'0' + d[1], b'0' + d[2], 0], 3),
            _ => ([b'R', b'0' + d[0], b'0' + d[1], b'0' + d[2]], 4),
        };
        r += 1;
    }
    t[255] = ([b'R', b'Z', 0, 0], 2);
    t
};

/// `R5`, `RZ`.
#[inline]
pub fn reg_name(r: u8, out: &mut impl Sink) {
    let (b, n) = &REG_NAMES[r as usize];
    out.padded(b, *n as usize);
}

/// A decimal number without the formatting machinery (the printer's hot path).
#[inline]
pub fn push_dec(v: u64, out: &mut impl Sink) {
    let n = v.checked_ilog10().map_or(1, |l| l as usize + 1);
    out.fill(|b: &mut [u8; 20]| {
        let mut x = v;
        for d in b.iter_mut().take(n).rev() {
            *d = b'0' + (x % 10) as u8;
            x /= 10;
        }
        n
    });
}

/// Appends ASCII bytes (digits) one by one: no UTF-8 check, no copy call for a few bytes.
fn push_ascii(bytes: &[u8], out: &mut impl Sink) {
    for &b in bytes {
        out.byte(b);
    }
}

/// The eight hex digits of `x` (lower case, leading zeros kept) as the bytes of a
/// little-endian word: the first digit is the low byte. No table, no loop.
#[inline]
pub(crate) fn hex8(x: u32) -> u64 {
    // One nibble per byte, nibble k in byte k.
    let mut x = x as u64;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    // The most significant first; digits 10-15 are 39 past `'0' + 10`.
    x = x.swap_bytes();
    let letters = ((x + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    x + 0x3030_3030_3030_3030 + letters * 39
}

/// Writes the `d` (1 to 16) hex digits of `v` into `b` from `at`, with whole 8-byte
/// stores (the bytes after the digits are left over: the caller cuts them off); `b` must
/// hold `at + 16` bytes.
#[inline]
pub(crate) fn put_hex_digits<const N: usize>(b: &mut [u8; N], at: usize, v: u64, d: usize) {
    if d <= 8 {
        let h = hex8(v as u32) >> (8 * (8 - d));
        if let Some(dst) = b.get_mut(at..at + 8) {
            dst.copy_from_slice(&h.to_le_bytes());
        }
    } else {
        let hi = hex8((v >> 32) as u32) >> (8 * (16 - d));
        if let Some(dst) = b.get_mut(at..at + 8) {
            dst.copy_from_slice(&hi.to_le_bytes());
        }
        if let Some(dst) = b.get_mut(at + d - 8..at + d) {
            dst.copy_from_slice(&hex8(v as u32).to_le_bytes());
        }
    }
}

/// How many hex digits `v` has (at least one).
#[inline]
pub(crate) fn hex_digits(v: u64) -> usize {
    (64 - (v | 1).leading_zeros()).div_ceil(4) as usize
}

/// `0x1f`: lower-case hex without leading zeros.
#[inline]
pub fn push_hex(v: u64, out: &mut impl Sink) {
    let d = hex_digits(v);
    out.fill(|b: &mut [u8; 24]| {
        b[0] = b'0';
        b[1] = b'x';
        put_hex_digits(b, 2, v, d);
        2 + d
    });
}

/// `P3`, `PT`.
pub fn pred_name(p: u8, out: &mut impl Sink) {
    if p == PT {
        out.put("PT");
    } else {
        out.byte(b'P');
        push_dec(p as u64, out);
    }
}

fn hex_signed(v: i64, out: &mut impl Sink) {
    if v < 0 {
        out.byte(b'-');
    }
    push_hex(v.unsigned_abs(), out);
}

pub use crate::table::system::{cc_name, sreg_name};

/// Writes the instruction text without the terminating `;`: guard, mnemonic with
/// modifiers, operands.
pub fn write_inst(inst: &Inst, out: &mut impl Sink) {
    write_guard(inst, out);
    write_body(inst, out);
}

/// The guard, `@P0 ` / `@!P3 ` / `@!PT `, or nothing for `@PT`.
pub fn write_guard(inst: &Inst, out: &mut impl Sink) {
    if inst.guard != PT || inst.guard_neg {
        out.byte(b'@');
        if inst.guard_neg {
            out.byte(b'!');
        }
        pred_name(inst.guard, out);
        out.byte(b' ');
    }
}

/// Mnemonic, modifiers and operands.
pub fn write_body(inst: &Inst, out: &mut impl Sink) {
    match crate::codec::entry_of(inst.op).and_then(|e| plan_of_row(e.row)) {
        Some(plan) => write_body_with(inst, plan, out),
        // A row that is not in the table's list (built by hand): its plan, made here.
        None => write_body_with(inst, &RowPlan::of(inst.op), out),
    }
}

/// The plans of the table's rows, in [`ROWS`](crate::codec::ROWS) order (derived from
/// the rows once, on first use).
static PLANS: std::sync::LazyLock<Box<[RowPlan]>> = std::sync::LazyLock::new(|| {
    crate::codec::ROWS
        .iter()
        .map(|&op| RowPlan::of(op))
        .collect()
});

/// The print plan of row number `row` of [`ROWS`](crate::codec::ROWS).
pub(crate) fn plan_of_row(row: u32) -> Option<&'static RowPlan> {
    PLANS.get(row as usize)
}

/// What the printer needs of a row, derived from the row once (one per row of the
/// table, [`plan_of_row`]): its spellings padded for fixed-size copies, by value, and which
/// modifier groups and flags go with which operand.
pub(crate) struct RowPlan {
    name: Short,
    /// Per modifier group, in the row's order.
    groups: Box<[GroupPlan]>,
    /// Bit `i`: group `i` is spelled as an operand suffix.
    suffixes: u32,
    /// The row places `.PO` with a [`ModId::Po`] marker (IMAD, VADD); else `.PO` comes
    /// first.
    po_marker: bool,
    /// Per operand, in the row's order.
    operands: Box<[OperandPlan]>,
}

/// A modifier group's spellings by value (an empty spelling for a value not listed).
struct GroupPlan {
    main: Box<[Short]>,
    /// The [`AltSpelling`](crate::table::AltSpelling)'s, if the group has one.
    alt: Box<[Short]>,
}

/// What goes with an operand.
#[derive(Clone, Copy)]
struct OperandPlan {
    /// Bit `i`: group `i` is spelled as this operand's suffix.
    suffixes: u32,
    /// Those of them whose bits are part of the row's `.PO` pair (not printed under `.PO`).
    po_suffixes: u32,
    /// The operand's negation bit is part of the `.PO` pair (not printed under `.PO`).
    po_neg: bool,
    /// The control-slot reuse flag printed as the operand's `.reuse` (0: none).
    reuse: u8,
}

impl RowPlan {
    /// The plan of row `op`.
    pub(crate) fn of(op: &'static OpSpec) -> RowPlan {
        let by_value = |vals: &'static [crate::table::ModVal]| -> Box<[Short]> {
            let n = vals.iter().map(|v| v.value as usize + 1).max().unwrap_or(0);
            (0..n)
                .map(|x| Short::new(find_val(vals, x as u8).map_or("", |v| v.text)))
                .collect()
        };
        let po_pair = op.po.map_or(0, |(a, b)| (1u64 << a) | (1u64 << b));
        let mut suffixes = 0u32;
        for (i, g) in op.mods.iter().enumerate() {
            if g.at.is_some() {
                suffixes |= 1 << i;
            }
        }
        let operands = op
            .operands
            .iter()
            .enumerate()
            .map(|(oi, k)| {
                let mut plan = OperandPlan {
                    suffixes: 0,
                    po_suffixes: 0,
                    po_neg: match k {
                        OpKind::Reg { neg: Some(f), .. }
                        | OpKind::ConstOperand { neg: Some(f), .. }
                        | OpKind::NegImm { neg: f, .. } => f.mask() & po_pair != 0,
                        _ => false,
                    },
                    reuse: match k {
                        OpKind::Reg {
                            reuse: Some(slot), ..
                        } if op.reuse_ok & 0b1000 == 0
                            || op.reuse_ok & crate::table::REUSE_PRINTED != 0 =>
                        {
                            1u8.checked_shl(*slot as u32).unwrap_or(0)
                        }
                        _ => 0,
                    },
                };
                for (i, g) in op.mods.iter().enumerate() {
                    if g.at == Some(oi as u8) {
                        plan.suffixes |= 1 << i;
                        if g.mask() & po_pair != 0 {
                            plan.po_suffixes |= 1 << i;
                        }
                    }
                }
                plan
            })
            .collect();
        RowPlan {
            name: Short::new(op.name),
            groups: op
                .mods
                .iter()
                .map(|g| GroupPlan {
                    main: by_value(g.vals),
                    alt: g.alt.as_ref().map_or(Box::new([]), |a| by_value(a.vals)),
                })
                .collect(),
            suffixes,
            po_marker: op.mods.iter().any(|g| g.id == ModId::Po),
            operands,
        }
    }
}

/// The spelling of modifier group `i` of `inst` (`plan`: its row's plan): the spellings
/// in force ([`ModGroup::vals_for`](crate::table::ModGroup::vals_for)) by value.
#[inline]
fn spelling<'p>(inst: &Inst, plan: &'p RowPlan, i: usize) -> Option<&'p Short> {
    let gp = plan.groups.get(i)?;
    let list = match inst.op.mods.get(i) {
        Some(g) if g.alt.is_some() && !std::ptr::eq(g.vals_for(&inst.mods), g.vals) => &gp.alt,
        _ => &gp.main,
    };
    list.get(*inst.mods.get(i)? as usize)
}

/// [`write_body`] with the row's plan.
pub(crate) fn write_body_with(inst: &Inst, plan: &RowPlan, out: &mut impl Sink) {
    let op = inst.op;
    out.short(&plan.name);
    // `.PO`: both bits set print as one modifier, without the two negations (the plan
    // knows which operands and suffixes own the pair's bits).
    let po = inst.po;
    if po && !plan.po_marker {
        out.put(".PO");
    }
    for (i, g) in op.mods.iter().enumerate() {
        if po && g.id == ModId::Po {
            out.put(".PO");
        }
        if plan.suffixes & (1 << i) == 0
            && let Some(t) = spelling(inst, plan, i)
        {
            out.short(t);
        }
    }
    // nvdisasm's one explicit default: `LDS.U.32`.
    if op.op == Op::Lds
        && inst.mod_value(ModId::U) == Some(1)
        && inst
            .mod_val(ModId::Sz)
            .and_then(|v| v.size())
            .map(|s| s.bytes)
            == Some(4)
    {
        out.put(".32");
    }
    let mut first = true;
    for ((k, v), p) in op
        .operands
        .iter()
        .zip(inst.operands.iter())
        .zip(plan.operands.iter())
    {
        if !operand_printed(k, v) {
            continue;
        }
        if first {
            if !op.glued {
                out.byte(b' ');
            }
        } else {
            out.put(", ");
        }
        first = false;
        // Under `.PO` the negation bits of the pair are part of the `.PO` spelling.
        let abs = write_operand(inst, k, v, po && p.po_neg, out);
        // Suffixes go inside `|..|`: `|R2.B3|`, `-|c[0x0] [0x8].H1|`.
        let mut left = if po {
            p.suffixes & !p.po_suffixes
        } else {
            p.suffixes
        };
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            if let Some(t) = spelling(inst, plan, i) {
                out.short(t);
            }
        }
        if abs {
            out.byte(b'|');
        }
        if inst.ctrl.reuse & p.reuse != 0 {
            out.put(".reuse");
        }
    }
}

/// The prefixes of a source operand, in nvdisasm's order: `-`, `~`, `|`.
fn modifiers_before(neg: bool, not: bool, abs: bool, out: &mut impl Sink) {
    if neg {
        out.byte(b'-');
    }
    if not {
        out.byte(b'~');
    }
    if abs {
        out.byte(b'|');
    }
}

/// Writes an operand up to its suffixes; returns whether a closing `|` is still owed.
/// `po_neg`: the operand's negation is part of a `.PO` spelling and is not printed.
fn write_operand(inst: &Inst, k: &OpKind, v: &Operand, po_neg: bool, out: &mut impl Sink) -> bool {
    match (k, v) {
        (
            OpKind::RegHideRz { .. } | OpKind::RegPair { .. } | OpKind::RegNotRz { .. },
            &Operand::Reg { r, .. },
        ) => reg_name(r, out),
        (OpKind::Reg { .. }, &Operand::Reg { r, neg, abs, not }) => {
            modifiers_before(neg && !po_neg, not, abs, out);
            reg_name(r, out);
            return abs;
        }
        (_, &Operand::Pred { p, neg }) => {
            if neg {
                out.byte(b'!');
            }
            pred_name(p, out);
        }
        (OpKind::RegOff { .. }, &Operand::Mem { ra, off }) => {
            reg_name(ra, out);
            if off != 0 {
                out.byte(b' ');
                hex_signed(off, out);
            }
        }
        (OpKind::Attr { rz, .. }, &Operand::Mem { ra, off }) => {
            out.put("a[");
            if ra != RZ {
                reg_name(ra, out);
                if off != 0 {
                    out.byte(b'+');
                    hex_signed(off, out);
                }
            } else if off == 0 && *rz {
                out.put("RZ");
            } else {
                push_hex(off as u64, out);
            }
            out.byte(b']');
        }
        (
            OpKind::Mem { .. } | OpKind::MemW { .. } | OpKind::MemNoRz { .. },
            &Operand::Mem { ra, off },
        ) => {
            out.byte(b'[');
            if ra == RZ {
                if off == 0 {
                    out.put("RZ");
                } else {
                    push_hex(off as u64, out);
                }
            } else {
                reg_name(ra, out);
                if off != 0 {
                    out.byte(b'+');
                    hex_signed(off, out);
                }
            }
            out.byte(b']');
        }
        (
            OpKind::ConstReg { .. },
            &Operand::ConstMem {
                bank,
                ra: RZ,
                off: 0,
            },
        ) => {
            out.put("c[");
            push_hex(bank as u64, out);
            out.put("][RZ]");
        }
        (_, &Operand::ConstMem { bank, ra, off }) => {
            out.put("c[");
            push_hex(bank as u64, out);
            out.put("][");
            if ra == RZ {
                hex_signed(off, out);
            } else {
                reg_name(ra, out);
                if off != 0 {
                    out.byte(b'+');
                    hex_signed(off, out);
                }
            }
            out.byte(b']');
        }
        (
            OpKind::ConstOperand { spaced, .. },
            &Operand::Const {
                bank,
                off,
                neg,
                abs,
                not,
            },
        ) => {
            modifiers_before(neg && !po_neg, not, abs, out);
            out.put("c[");
            push_hex(bank as u64, out);
            out.put(if *spaced { "] [" } else { "][" });
            hex_signed(off as i64, out);
            out.byte(b']');
            return abs;
        }
        (
            OpKind::UImm {
                f,
                signed_if: Some((g, m)),
                ..
            },
            &Operand::Imm(i),
        ) if inst.mods[*g as usize] & m != 0 => {
            let sh = 64 - f.width as u32;
            hex_signed((i << sh) >> sh, out);
        }
        (OpKind::Imm32 { signed: false, .. } | OpKind::UImm { .. }, &Operand::Imm(i)) => {
            // `{:#x}` of the two's complement, as nvdisasm prints these fields.
            push_hex(i as u64, out);
        }
        // The field's bits, as nvdisasm prints IADD3's and R2P's: -0x10 is `0xffff0`.
        (
            OpKind::Imm20 {
                f,
                text: ImmText::Bits,
                ..
            },
            &Operand::Imm(i),
        ) => push_hex(i as u64 & ((1 << (f.width + 1)) - 1), out),
        (OpKind::NegImm { .. }, &Operand::Imm(i)) => {
            hex_signed(if po_neg { i.abs() } else { i }, out)
        }
        (OpKind::Name { names, rz, .. }, &Operand::Imm(v)) => {
            out.put(name_text(inst, names, *rz, v))
        }
        (OpKind::PrCc { .. }, &Operand::Imm(c)) => out.put(if c != 0 { "CC" } else { "PR" }),
        (OpKind::SbSet { .. }, &Operand::Imm(m)) => {
            out.byte(b'{');
            let mut first = true;
            for b in (0..6).rev().filter(|b| m >> b & 1 != 0) {
                if !first {
                    out.byte(b',');
                }
                first = false;
                push_dec(b, out);
            }
            out.byte(b'}');
        }
        (_, &Operand::Imm(i)) => hex_signed(i, out),
        (OpKind::DImm20 { .. }, &Operand::FImm(b)) => dimm_text(b, out),
        (OpKind::HImm16 { .. } | OpKind::HImmS { .. }, &Operand::FImm(b)) => {
            fimm_text(f16_to_f32(b as u16), out)
        }
        (_, &Operand::FImm(b)) => fimm_text(b, out),
        (_, &Operand::Target(t)) => hex_signed(t, out),
        (_, &Operand::SReg(s)) => out.put(sreg_name(s, inst.target).unwrap_or("SR_INVALID")),
        (_, &Operand::Cc(c)) => out.put(cc_name(c).unwrap_or("CC.INVALID")),
        (_, &Operand::Sb(s)) => {
            out.put("SB");
            push_dec(s as u64, out);
        }
        _ => {}
    }
    false
}

/// The register operand of `inst` on field `f`, if it has one.
pub fn reg_on(inst: &Inst, f: gpumem_isa::bits::Field) -> Option<u8> {
    inst.op
        .operands
        .iter()
        .zip(inst.operands.iter())
        .find_map(|(k, v)| match (k, v) {
            (
                OpKind::Reg { f: g, .. }
                | OpKind::RegHideRz { f: g, .. }
                | OpKind::RegNotRz { f: g },
                Operand::Reg { r, .. },
            ) if *g == f => Some(*r),
            _ => None,
        })
}

/// The name of value `v` of a [`OpKind::Name`] operand of `inst` (`""` for a value
/// without one).
pub fn name_text(
    inst: &Inst,
    names: &'static [&'static str],
    rz: Option<(gpumem_isa::bits::Field, &'static [&'static str])>,
    v: i64,
) -> &'static str {
    let list = match rz {
        Some((rd, alt)) if reg_on(inst, rd) == Some(RZ) => alt,
        _ => names,
    };
    usize::try_from(v)
        .ok()
        .and_then(|i| list.get(i))
        .copied()
        .unwrap_or("")
}

/// The text of one instruction as nvdisasm ends it: `" ;"`, or `";"` for the padding slot.
pub fn inst_text(inst: &Inst) -> String {
    let mut s = String::with_capacity(48);
    write_inst(inst, &mut s);
    s.push_str(if inst.ctrl.is_pad() { ";" } else { " ;" });
    s
}

/// Whether nvdisasm prints the operand: `CC.T`, a hidden `PT` and hidden default
/// immediates are not printed.
pub fn operand_printed(k: &OpKind, v: &Operand) -> bool {
    match (k, v) {
        (_, Operand::None) => false,
        (OpKind::CondCode { .. }, Operand::Cc(15)) => false,
        (OpKind::RegHideRz { .. }, Operand::Reg { r: RZ, .. }) => false,
        (OpKind::Pred { hide_pt: true, .. }, Operand::Pred { p: 7, neg: false }) => false,
        (OpKind::UImm { hide: Some(h), .. }, Operand::Imm(i)) => *i as u64 != *h,
        (OpKind::SImm { hide: Some(h), .. }, Operand::Imm(i)) => i != h,
        (OpKind::SbSet { .. }, Operand::Imm(i)) => *i != 0,
        _ => true,
    }
}

/// nvdisasm's spelling of a float immediate: `%.20g` below 1e9 in magnitude, `%.20e`
/// (trailing zeros kept) from 1e9 up, `+INF`/`-INF`, `+QNAN`/`-QNAN`.
pub fn fimm_text(bits: u32, out: &mut impl Sink) {
    let v = f32::from_bits(bits) as f64;
    if v.is_nan() {
        out.put(if bits >> 31 != 0 { "-QNAN " } else { "+QNAN " });
        return;
    }
    float_text(v, bits >> 31 != 0, out);
}

/// An f64 immediate given by its high word (the low word is zero): as [`fimm_text`],
/// and a NaN without the quiet bit (bit 51) prints `+SNAN `/`-SNAN `.
pub fn dimm_text(hi: u32, out: &mut impl Sink) {
    let v = f64::from_bits((hi as u64) << 32);
    let neg = hi >> 31 != 0;
    if v.is_nan() {
        let quiet = hi >> 19 & 1 != 0;
        out.put(match (neg, quiet) {
            (false, true) => "+QNAN ",
            (true, true) => "-QNAN ",
            (false, false) => "+SNAN ",
            (true, false) => "-SNAN ",
        });
        return;
    }
    float_text(v, neg, out);
}

/// The f32 bits of an f16 value (exact: every f16 is an f32).
pub fn f16_to_f32(h: u16) -> u32 {
    let sign = (h as u32 & 0x8000) << 16;
    let exp = (h >> 10) & 0x1f;
    let man = (h & 0x3ff) as u32;
    match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: m * 2^-24, renormalised.
            let v = m as f32 * f32::from_bits(0x3380_0000);
            sign | v.to_bits()
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, m) => sign | 0x7f80_0000 | m << 13 | 0x0040_0000,
        (e, m) => sign | ((e as u32 + 112) << 23) | m << 13,
    }
}

/// A finite float value as nvdisasm prints it; `neg` is its sign bit (for `-0.0`).
fn float_text(v: f64, neg: bool, out: &mut impl Sink) {
    if !short_float_text(v, out) {
        float_text_fmt(v, neg, out);
    }
}

/// [`float_text`] without the formatting machinery, for the values that need no
/// rounding (the printer's hot path: immediates such as `0.5`, `-3`, `1.4375`,
/// `9.5367431640625e-07`). A nonzero finite value below 1e9 in magnitude whose exact
/// decimal expansion has at most 20 significant digits prints as that expansion, which
/// is what `%.20g` prints; returns `false`, writing nothing, for any other value.
fn short_float_text(v: f64, out: &mut impl Sink) -> bool {
    if !v.is_finite() || v == 0.0 || v.abs() >= 1e9 {
        return false;
    }
    // v = m * 2^e exactly, m odd.
    let bits = v.to_bits();
    let (exp, frac) = ((bits >> 52 & 0x7ff) as i32, bits & ((1 << 52) - 1));
    let (mut m, mut e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, exp - 1075)
    };
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    if e >= 0 {
        // An integer below 1e9: `e` is below 30.
        if v < 0.0 {
            out.byte(b'-');
        }
        push_dec(m << e, out);
        return true;
    }
    // m / 2^k = int + fdec / 10^k, with fdec < 10^k and ending in 5.
    let k = (-e) as u32;
    if k > 55 {
        return false;
    }
    let int = m >> k;
    let Some(fdec) = ((m & ((1 << k) - 1)) as u128).checked_mul(5u128.pow(k)) else {
        return false;
    };
    let mut buf = [0u8; 40];
    let mut n = buf.len();
    let mut f = fdec;
    while f != 0 {
        n -= 1;
        buf[n] = b'0' + (f % 10) as u8;
        f /= 10;
    }
    let fdigits = buf.len() - n;
    // Leading zeros of the k decimals.
    let z = k as usize - fdigits;
    let int_digits = if int == 0 {
        0
    } else {
        int.ilog10() as usize + 1
    };
    let sig = if int == 0 {
        fdigits
    } else {
        int_digits + k as usize
    };
    if sig > 20 {
        // `%.20g` rounds: the formatted path does it.
        return false;
    }
    if v < 0.0 {
        out.byte(b'-');
    }
    let digits = &buf[n..];
    if int == 0 && z + 1 > 4 {
        // Below 1e-4: `d.ddde-XX`.
        out.byte(digits[0]);
        if digits.len() > 1 {
            out.byte(b'.');
            push_ascii(&digits[1..], out);
        }
        out.put("e-");
        if z + 1 < 10 {
            out.byte(b'0');
        }
        push_dec(z as u64 + 1, out);
    } else {
        push_dec(int, out);
        out.byte(b'.');
        for _ in 0..z {
            out.byte(b'0');
        }
        push_ascii(digits, out);
    }
    true
}

/// [`float_text`] by Rust's exact formatting, which C's `%.20g`/`%.20e` rounding matches.
fn float_text_fmt(v: f64, neg: bool, out: &mut impl Sink) {
    if v.is_infinite() {
        out.put(if v < 0.0 { "-INF " } else { "+INF " });
        return;
    }
    if v.abs() >= 1e9 {
        let s = format!("{v:.20e}");
        out.put(&c_exponent(&s));
        return;
    }
    // %.20g: 20 significant digits, trailing zeros removed.
    if v == 0.0 {
        // nvdisasm writes negative zero as `-0.0 ` (with the space it gives INF and QNAN).
        out.put(if neg { "-0.0 " } else { "0" });
        return;
    }
    let sci = format!("{v:.19e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..20).contains(&exp) {
        let mant = trim_zeros(mant);
        out.put(&format!(
            "{mant}e{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        ));
    } else {
        let prec = (19 - exp).max(0) as usize;
        let s = format!("{v:.prec$}");
        out.put(trim_zeros(&s));
    }
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// Rust's `1.5e9` exponent as C writes it: `1.5e+09`.
fn c_exponent(s: &str) -> String {
    match s.split_once('e') {
        Some((m, e)) => {
            let n: i32 = e.parse().unwrap_or(0);
            format!("{m}e{}{:02}", if n < 0 { '-' } else { '+' }, n.abs())
        }
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpumem_isa::SplitMix64;

    /// The short writer, where it writes, agrees with the formatted one.
    fn same(v: f64) -> bool {
        let (mut a, mut b) = (String::new(), String::new());
        let short = short_float_text(v, &mut a);
        float_text_fmt(v, v.is_sign_negative(), &mut b);
        assert_eq!(
            a,
            if short { b.as_str() } else { "" },
            "{v:e} ({:#x})",
            v.to_bits()
        );
        short
    }

    /// The number writers, into both sinks, against Rust's formatting.
    #[test]
    fn number_writers_are_the_formatted_text() {
        let mut rng = SplitMix64(3);
        let mut values: Vec<u64> = (0..64).map(|b| 1u64 << b).collect();
        values.extend((0..64).map(|b| (1u64 << b) - 1));
        values.extend([0, 9, 10, 15, 16, 99, 100, 255, 256, u64::MAX]);
        values.extend((0..20_000).map(|i| rng.next_u64() >> (i % 64)));
        for v in values {
            let (mut s, mut b) = (String::new(), Vec::new());
            push_hex(v, &mut s);
            push_hex(v, &mut b);
            push_dec(v, &mut s);
            push_dec(v, &mut b);
            reg_name(v as u8, &mut s);
            reg_name(v as u8, &mut b);
            let reg = match v as u8 {
                RZ => "RZ".to_string(),
                r => format!("R{r}"),
            };
            assert_eq!(s, format!("{v:#x}{v}{reg}"));
            assert_eq!(b, s.as_bytes());
            assert_eq!(hex_digits(v), format!("{v:x}").len());
        }
    }

    #[test]
    fn short_float_text_is_the_formatted_text() {
        let mut short = 0;
        // Every f16 immediate, every f32 with 13 or fewer mantissa bits.
        for h in 0..=u16::MAX {
            short += same(f32::from_bits(f16_to_f32(h)) as f64) as u32;
        }
        for b in 0..1u32 << 22 {
            short += same(f32::from_bits(b << 10) as f64) as u32;
        }
        // Random f32 and f64-high-word immediates, and the near-boundary values.
        let mut rng = SplitMix64(9);
        for _ in 0..300_000 {
            let r = rng.next_u64();
            short += same(f32::from_bits(r as u32) as f64) as u32;
            short += same(f64::from_bits(r << 32)) as u32;
        }
        for v in [
            1e-4,
            1e-5,
            0.0001220703125,
            6.103515625e-05,
            999999999.0,
            999999999.5,
            1e9,
        ] {
            same(v);
            same(-v);
        }
        assert!(short > 700_000, "the short writer takes {short} values");
    }
}
