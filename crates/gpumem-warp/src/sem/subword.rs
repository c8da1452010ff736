//! Sub-word integer rows: IMADSP (a multiply-add of selected parts of A, B and C),
//! VABSDIFF4 (PTX `vabsdiff4`: four byte absolute differences, merged into C or summed
//! with it) and IDP (sm_61's PTX `dp4a`/`dp2a`: a dot product of A's and B's parts plus
//! C). SEMANTICS.md ("IMADSP", "VABSDIFF4", "IDP") states every decision and its source.

use super::video::clamp_to;
use super::{Ctx, R, unsupported};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::ModId;

/// A part of a 32-bit operand, extended to 64 bits: `kind` 0 the word, 1 its low 24
/// bits, 2 its low half (`16H0`), 3 its high half (`16H1`), sign- or zero-extended.
fn part(v: u32, kind: u8, signed: bool) -> i64 {
    let (x, bits) = match kind {
        0 => (v, 32),
        1 => (v & 0x00ff_ffff, 24),
        2 => (v & 0xffff, 16),
        _ => (v >> 16, 16),
    };
    let x = x as i64;
    if signed && x >> (bits - 1) & 1 == 1 {
        x - (1i64 << bits)
    } else {
        x
    }
}

/// IDP (PTX ISA, `dp4a` and `dp2a`): `.4A`: `Rd = C + sum over i of A.byte[i] * B.byte[i]`;
/// `.2A.LO`/`.2A.HI`: `Rd = C + A.half[0] * B.byte[k] + A.half[1] * B.byte[k + 1]` with
/// k = 0 (`.LO`) or 2 (`.HI`). Each part is sign- or zero-extended by its group
/// (`SignA`, `SignB`); the sum wraps to 32 bits. No condition code, no saturation.
pub(super) fn idp(c: &mut Ctx<'_>) -> R {
    let mode = c.pre.m(ModId::DpMode);
    let a_signed = c.pre.m(ModId::SignA) == 1;
    let b_signed = c.pre.m(ModId::SignB) == 1;
    let d = Ctx::rd(c.inst, 0);
    let byte = |v: u32, i: u32, signed: bool| {
        let x = (v >> (8 * i)) as u8;
        if signed { x as i8 as i64 } else { x as i64 }
    };
    let half = |v: u32, i: u32, signed: bool| {
        let x = (v >> (16 * i)) as u16;
        if signed { x as i16 as i64 } else { x as i64 }
    };
    for l in lanes(c.guard) {
        let (a, b, cv) = (c.raw(1, l), c.raw(2, l), c.raw(3, l));
        let sum: i64 = match mode {
            0 => (0..4)
                .map(|i| byte(a, i, a_signed) * byte(b, i, b_signed))
                .sum(),
            1 | 3 => {
                let k = if mode == 3 { 2 } else { 0 };
                (0..2)
                    .map(|i| half(a, i, a_signed) * byte(b, k + i, b_signed))
                    .sum()
            }
            _ => return unsupported("IDP with shape value 2 (not a valid encoding)"),
        };
        c.set(d, l, (cv as i64).wrapping_add(sum) as u32);
    }
    Ok(())
}

/// IMADSP: `Rd = low 32 bits of (A' * B' + C')`. The A/B type value is `a | b << 3` (the
/// table's `AbType` group): A's bit 0 = signed, bits 1-2 = 32 / 24 / 16H0 / 16H1; B's bit
/// 0 = signed, bit 1 = 24 / 16H0. C's type (`CType`) is 32 / 24 / 16H0, signed when A or
/// B is. `.CC`: zero and sign of the word written, carry and overflow cleared (IMUL's
/// rule: SEMANTICS.md, "Condition codes").
pub(super) fn imadsp(c: &mut Ctx<'_>) -> R {
    let ab = c.pre.m(ModId::AbType);
    let (a_kind, a_signed) = ((ab >> 1) & 3, ab & 1 == 1);
    let b = ab >> 3;
    let (b_kind, b_signed) = (1 + ((b >> 1) & 1), b & 1 == 1);
    let c_kind = c.pre.m(ModId::CType);
    if c_kind > 2 {
        return unsupported("IMADSP with C type 3");
    }
    let c_signed = a_signed || b_signed;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let x = part(c.raw(1, l), a_kind, a_signed);
        let y = part(c.raw(2, l), b_kind, b_signed);
        let z = part(c.raw(3, l), c_kind, c_signed);
        let v = x.wrapping_mul(y).wrapping_add(z) as u32;
        c.set(d, l, v);
        if c.cc {
            c.clear_carry(l);
        }
    }
    Ok(())
}

/// The byte permutation of the instruction's group `id` (its value's
/// [`ValSem::Bytes`](gpumem_maxwell::table::ValSem::Bytes)); `ident` when the row has no
/// such group.
fn perm(c: &Ctx<'_>, id: ModId, ident: [u8; 4]) -> Option<[u8; 4]> {
    match c
        .inst
        .op
        .mods
        .iter()
        .zip(c.inst.mods.iter())
        .find(|(g, _)| g.id == id)
    {
        None => Some(ident),
        Some((g, &v)) => g.spell(&c.inst.mods, v).and_then(|v| v.bytes()),
    }
}

/// The bytes of result byte positions 0-3 a component mask value selects: the value's
/// bit 2 is `.X` (byte 0), bit 3 `.Y` (byte 1), bit 0 `.Z` (byte 2), bit 1 `.W` (byte 3)
/// (the table's `Comp` group: bits 36-37 low, 51-52 high).
fn comp_bytes(v: u8) -> [bool; 4] {
    [v & 4 != 0, v & 8 != 0, v & 1 != 0, v & 2 != 0]
}

/// VABSDIFF4: PTX `vabsdiff4` ("SIMD Video Instructions"): `Va`, `Vb` = the selected bytes
/// of the pool `{B, A}` (A's selector over bytes 0-7, B's too; an immediate B is its byte
/// in each of B's four bytes), extended by A's and B's signedness (`Types`: bit 0 A
/// signed, bit 1 B signed); `t[i] = |Va[i] - Vb[i]|`, clamped by `.SAT` to the signed
/// (`.SD`) or unsigned byte range; `.ACC`: `Rd = C + sum of the selected t[i]`; otherwise
/// the selected bytes of `Rd` are `t[i]`, the others C's bytes. `.CC`: zero and sign of
/// the word written, carry and overflow cleared (the other video ops' rule).
pub(super) fn vabsdiff4(c: &mut Ctx<'_>) -> R {
    let (Some(asel), Some(bsel)) = (
        perm(c, ModId::ByteSelA, [0, 1, 2, 3]),
        perm(c, ModId::ByteSelB, [4, 5, 6, 7]),
    ) else {
        return unsupported("VABSDIFF4 with an invalid byte selector");
    };
    let comp = c.pre.m(ModId::Comp);
    if comp == 0 {
        return unsupported("VABSDIFF4 with no result component (`???0`)");
    }
    let mask = comp_bytes(comp);
    let types = c.pre.m(ModId::Types);
    let (a_signed, b_signed) = (types & 1 == 1, types & 2 == 2);
    let d_signed = c.pre.m(ModId::Sd) == 1;
    let sat = c.pre.m(ModId::Sat) == 1;
    let acc = c.pre.m(ModId::Acc) == 1;
    let b_imm = matches!(c.o[2], Operand::Imm(_));
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let a = c.raw(1, l);
        let b = if b_imm {
            (c.raw(2, l) & 0xff) * 0x0101_0101
        } else {
            c.raw(2, l)
        };
        let cv = c.raw(3, l);
        let pool = (b as u64) << 32 | a as u64;
        let byte = |sel: u8, signed: bool| {
            let x = (pool >> (8 * sel as u32)) as u8;
            if signed { x as i8 as i64 } else { x as i64 }
        };
        let mut v = if acc { cv } else { 0 };
        for i in 0..4 {
            let mut t = (byte(asel[i], a_signed) - byte(bsel[i], b_signed)).abs();
            if sat {
                t = clamp_to(t, 8, d_signed);
            }
            if acc {
                if mask[i] {
                    v = v.wrapping_add(t as u32);
                }
            } else {
                let x = if mask[i] {
                    t as u32 & 0xff
                } else {
                    cv >> (8 * i) & 0xff
                };
                v |= x << (8 * i);
            }
        }
        c.set(d, l, v);
        if c.cc {
            c.clear_carry(l);
        }
    }
    Ok(())
}
