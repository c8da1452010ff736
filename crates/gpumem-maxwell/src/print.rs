//! The printer: nvdisasm's text for a decoded instruction.

use crate::codec::find_val;
use crate::inst::{Inst, Operand, PT, RZ};
use crate::table::{ModId, Op, OpKind};
use std::fmt::Write;

/// `R5`, `RZ`.
#[inline]
pub fn reg_name(r: u8, out: &mut String) {
    if r == RZ {
        out.push_str("RZ");
    } else {
        out.push('R');
        push_dec(r as u64, out);
    }
}

/// A decimal number without the formatting machinery (the printer's hot path).
#[inline]
pub fn push_dec(v: u64, out: &mut String) {
    // Register and predicate numbers: one to three digits, pushed directly.
    if v < 10 {
        out.push((b'0' + v as u8) as char);
        return;
    }
    if v < 100 {
        out.push((b'0' + (v / 10) as u8) as char);
        out.push((b'0' + (v % 10) as u8) as char);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut v = v;
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    push_ascii(&buf[i..], out);
}

/// Appends ASCII bytes (digits) one by one: no UTF-8 check, no copy call for a few bytes.
fn push_ascii(bytes: &[u8], out: &mut String) {
    for &b in bytes {
        out.push(b as char);
    }
}

/// `0x1f`: lower-case hex without leading zeros.
#[inline]
pub fn push_hex(v: u64, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('0');
    out.push('x');
    let digits = (64 - (v | 1).leading_zeros()).div_ceil(4);
    for k in (0..digits).rev() {
        out.push(HEX[(v >> (4 * k) & 0xf) as usize] as char);
    }
}

/// `P3`, `PT`.
pub fn pred_name(p: u8, out: &mut String) {
    if p == PT {
        out.push_str("PT");
    } else {
        out.push('P');
        push_dec(p as u64, out);
    }
}

fn hex_signed(v: i64, out: &mut String) {
    if v < 0 {
        out.push('-');
    }
    push_hex(v.unsigned_abs(), out);
}

pub use crate::alu::{cc_name, sreg_name};

/// Writes the instruction text without the terminating `;`: guard, mnemonic with
/// modifiers, operands.
pub fn write_inst(inst: &Inst, out: &mut String) {
    write_guard(inst, out);
    write_body(inst, out);
}

/// The guard, `@P0 ` / `@!P3 ` / `@!PT `, or nothing for `@PT`.
pub fn write_guard(inst: &Inst, out: &mut String) {
    if inst.guard != PT || inst.guard_neg {
        out.push('@');
        if inst.guard_neg {
            out.push('!');
        }
        pred_name(inst.guard, out);
        out.push(' ');
    }
}

/// Mnemonic, modifiers and operands.
pub fn write_body(inst: &Inst, out: &mut String) {
    let op = inst.op;
    out.push_str(op.name);
    // `.PO`: both bits set print as one modifier, without the two negations.
    let po = inst.po;
    let po_bits = match (po, op.po) {
        (true, Some((a, b))) => (1u64 << a) | (1u64 << b),
        _ => 0,
    };
    // `.PO` comes first unless the row places it with a `ModId::Po` marker (IMAD, VADD).
    if po && !op.mods.iter().any(|g| g.id == ModId::Po) {
        out.push_str(".PO");
    }
    // Groups spelled as operand suffixes, by group index (rows have at most MAX_MODS).
    let mut suffixes = 0u32;
    for (i, g) in op.mods.iter().enumerate() {
        if po && g.id == ModId::Po {
            out.push_str(".PO");
        }
        if g.at.is_some() {
            suffixes |= 1 << i;
        } else if let Some(v) = find_val(g.vals_for(&inst.mods), inst.mods[i])
            && !v.text.is_empty()
        {
            out.push_str(v.text);
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
        out.push_str(".32");
    }
    let mut first = true;
    for (oi, (k, v)) in op.operands.iter().zip(inst.operands.iter()).enumerate() {
        if !operand_printed(k, v) {
            continue;
        }
        out.push_str(match (first, op.glued) {
            (true, true) => "",
            (true, false) => " ",
            _ => ", ",
        });
        first = false;
        // Under `.PO` the negation bits of the pair are part of the `.PO` spelling.
        let po_neg = po_bits != 0
            && match k {
                OpKind::Reg { neg: Some(f), .. }
                | OpKind::ConstOperand { neg: Some(f), .. }
                | OpKind::NegImm { neg: f, .. } => f.mask() & po_bits != 0,
                _ => false,
            };
        // Suffixes go inside `|..|`: `|R2.B3|`, `-|c[0x0] [0x8].H1|`.
        let abs = write_operand(inst, k, v, po_neg, out);
        let mut left = suffixes;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let g = &op.mods[i];
            if g.at == Some(oi as u8)
                && g.mask() & po_bits == 0
                && let Some(v) = find_val(g.vals_for(&inst.mods), inst.mods[i])
                && !v.text.is_empty()
            {
                out.push_str(v.text);
            }
        }
        if abs {
            out.push('|');
        }
        if let OpKind::Reg {
            reuse: Some(slot), ..
        } = k
            && (op.reuse_ok & 0b1000 == 0 || op.reuse_ok & crate::table::REUSE_PRINTED != 0)
            && inst.ctrl.reuse & (1 << slot) != 0
        {
            out.push_str(".reuse");
        }
    }
}

/// The prefixes of a source operand, in nvdisasm's order: `-`, `~`, `|`.
fn modifiers_before(neg: bool, not: bool, abs: bool, out: &mut String) {
    if neg {
        out.push('-');
    }
    if not {
        out.push('~');
    }
    if abs {
        out.push('|');
    }
}

/// Writes an operand up to its suffixes; returns whether a closing `|` is still owed.
/// `po_neg`: the operand's negation is part of a `.PO` spelling and is not printed.
fn write_operand(inst: &Inst, k: &OpKind, v: &Operand, po_neg: bool, out: &mut String) -> bool {
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
                out.push('!');
            }
            pred_name(p, out);
        }
        (OpKind::RegOff { .. }, &Operand::Mem { ra, off }) => {
            reg_name(ra, out);
            if off != 0 {
                out.push(' ');
                hex_signed(off, out);
            }
        }
        (OpKind::Attr { rz, .. }, &Operand::Mem { ra, off }) => {
            out.push_str("a[");
            if ra != RZ {
                reg_name(ra, out);
                if off != 0 {
                    out.push('+');
                    hex_signed(off, out);
                }
            } else if off == 0 && *rz {
                out.push_str("RZ");
            } else {
                push_hex(off as u64, out);
            }
            out.push(']');
        }
        (
            OpKind::Mem { .. } | OpKind::MemW { .. } | OpKind::MemNoRz { .. },
            &Operand::Mem { ra, off },
        ) => {
            out.push('[');
            if ra == RZ {
                if off == 0 {
                    out.push_str("RZ");
                } else {
                    push_hex(off as u64, out);
                }
            } else {
                reg_name(ra, out);
                if off != 0 {
                    out.push('+');
                    hex_signed(off, out);
                }
            }
            out.push(']');
        }
        (
            OpKind::ConstReg { .. },
            &Operand::ConstMem {
                bank,
                ra: RZ,
                off: 0,
            },
        ) => {
            out.push_str("c[");
            push_hex(bank as u64, out);
            out.push_str("][RZ]");
        }
        (_, &Operand::ConstMem { bank, ra, off }) => {
            out.push_str("c[");
            push_hex(bank as u64, out);
            out.push_str("][");
            if ra == RZ {
                hex_signed(off, out);
            } else {
                reg_name(ra, out);
                if off != 0 {
                    out.push('+');
                    hex_signed(off, out);
                }
            }
            out.push(']');
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
            out.push_str("c[");
            push_hex(bank as u64, out);
            out.push_str(if *spaced { "] [" } else { "][" });
            hex_signed(off as i64, out);
            out.push(']');
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
        (
            OpKind::Imm32 { signed: false, .. } | OpKind::UImm { .. } | OpKind::UImm20 { .. },
            &Operand::Imm(i),
        ) => {
            // `{:#x}` of the two's complement, as nvdisasm prints these fields.
            push_hex(i as u64, out);
        }
        (OpKind::NegImm { .. }, &Operand::Imm(i)) => {
            hex_signed(if po_neg { i.abs() } else { i }, out)
        }
        (OpKind::Name { names, rz, .. }, &Operand::Imm(v)) => {
            out.push_str(name_text(inst, names, *rz, v))
        }
        (OpKind::PrCc { .. }, &Operand::Imm(c)) => out.push_str(if c != 0 { "CC" } else { "PR" }),
        (OpKind::SbSet { .. }, &Operand::Imm(m)) => {
            out.push('{');
            let mut first = true;
            for b in (0..6).rev().filter(|b| m >> b & 1 != 0) {
                if !first {
                    out.push(',');
                }
                first = false;
                push_dec(b, out);
            }
            out.push('}');
        }
        (_, &Operand::Imm(i)) => hex_signed(i, out),
        (OpKind::DImm20 { .. }, &Operand::FImm(b)) => dimm_text(b, out),
        (OpKind::HImm16 { .. } | OpKind::HImmS { .. }, &Operand::FImm(b)) => {
            fimm_text(f16_to_f32(b as u16), out)
        }
        (_, &Operand::FImm(b)) => fimm_text(b, out),
        (_, &Operand::Target(t)) => hex_signed(t, out),
        (_, &Operand::SReg(s)) => out.push_str(sreg_name(s, inst.target).unwrap_or("SR_INVALID")),
        (_, &Operand::Cc(c)) => out.push_str(cc_name(c).unwrap_or("CC.INVALID")),
        (_, &Operand::Sb(s)) => {
            out.push_str("SB");
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
pub fn fimm_text(bits: u32, out: &mut String) {
    let v = f32::from_bits(bits) as f64;
    if v.is_nan() {
        out.push_str(if bits >> 31 != 0 { "-QNAN " } else { "+QNAN " });
        return;
    }
    float_text(v, bits >> 31 != 0, out);
}

/// An f64 immediate given by its high word (the low word is zero): as [`fimm_text`],
/// and a NaN without the quiet bit (bit 51) prints `+SNAN `/`-SNAN `.
pub fn dimm_text(hi: u32, out: &mut String) {
    let v = f64::from_bits((hi as u64) << 32);
    let neg = hi >> 31 != 0;
    if v.is_nan() {
        let quiet = hi >> 19 & 1 != 0;
        out.push_str(match (neg, quiet) {
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
fn float_text(v: f64, neg: bool, out: &mut String) {
    if !short_float_text(v, out) {
        float_text_fmt(v, neg, out);
    }
}

/// [`float_text`] without the formatting machinery, for the values that need no
/// rounding (the printer's hot path: immediates such as `0.5`, `-3`, `1.4375`,
/// `9.5367431640625e-07`). A nonzero finite value below 1e9 in magnitude whose exact
/// decimal expansion has at most 20 significant digits prints as that expansion, which
/// is what `%.20g` prints; returns `false`, writing nothing, for any other value.
fn short_float_text(v: f64, out: &mut String) -> bool {
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
            out.push('-');
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
        out.push('-');
    }
    let digits = &buf[n..];
    if int == 0 && z + 1 > 4 {
        // Below 1e-4: `d.ddde-XX`.
        out.push(digits[0] as char);
        if digits.len() > 1 {
            out.push('.');
            push_ascii(&digits[1..], out);
        }
        out.push_str("e-");
        if z + 1 < 10 {
            out.push('0');
        }
        push_dec(z as u64 + 1, out);
    } else {
        push_dec(int, out);
        out.push('.');
        for _ in 0..z {
            out.push('0');
        }
        push_ascii(digits, out);
    }
    true
}

/// [`float_text`] by Rust's exact formatting, which C's `%.20g`/`%.20e` rounding matches.
fn float_text_fmt(v: f64, neg: bool, out: &mut String) {
    if v.is_infinite() {
        out.push_str(if v < 0.0 { "-INF " } else { "+INF " });
        return;
    }
    if v.abs() >= 1e9 {
        let s = format!("{v:.20e}");
        out.push_str(&c_exponent(&s));
        return;
    }
    // %.20g: 20 significant digits, trailing zeros removed.
    if v == 0.0 {
        // nvdisasm writes negative zero as `-0.0 ` (with the space it gives INF and QNAN).
        out.push_str(if neg { "-0.0 " } else { "0" });
        return;
    }
    let sci = format!("{v:.19e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..20).contains(&exp) {
        let mant = trim_zeros(mant);
        let _ = write!(
            out,
            "{mant}e{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        );
    } else {
        let prec = (19 - exp).max(0) as usize;
        let s = format!("{v:.prec$}");
        out.push_str(trim_zeros(&s));
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
