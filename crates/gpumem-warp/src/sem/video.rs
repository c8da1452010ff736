//! Video (sub-word) instructions: VADD, VABSDIFF, VMNMX, VSET, VSHL, VSHR, as PTX's
//! scalar video instructions define them: each source's byte, half or word (its type and
//! select from the row's type-pair value, [`VideoTypes`]) is extended by its signedness,
//! the operation runs at full precision, `.SAT` clamps to the destination's range (the
//! merged field's width for `.MRG_*`), then the secondary operation with C (`.ACC` add,
//! `.MIN`, `.MAX`) or the merge into C (`.MRG_16H/16L/8B0/8B2`).

use super::{Ctx, R, icmp, invalid};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::{ModId, Op, VideoTypes};

/// The video operand types of the instruction (its `Sign` group's value).
pub(super) fn types(c: &Ctx<'_>) -> Option<VideoTypes> {
    c.inst
        .op
        .mods
        .iter()
        .zip(c.inst.mods.iter())
        .find(|(g, _)| g.id == ModId::Sign)
        .and_then(|(g, &v)| g.spell(&c.inst.mods, v))
        .and_then(|v| v.video())
}

/// The field of `bits` bits at select `sel` of `v`, extended by `signed`.
pub(super) fn part(v: u32, bits: u8, sel: u8, signed: bool) -> i64 {
    let sh = bits as u32 * sel as u32;
    let x = v.checked_shr(sh).unwrap_or(0);
    match (bits, signed) {
        (8, false) => (x as u8) as i64,
        (8, true) => (x as u8 as i8) as i64,
        (16, false) => (x as u16) as i64,
        (16, true) => (x as u16 as i16) as i64,
        (_, false) => x as i64,
        (_, true) => (x as i32) as i64,
    }
}

pub(super) fn clamp_to(v: i64, bits: u32, signed: bool) -> i64 {
    if signed {
        v.clamp(-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
    } else {
        v.clamp(0, (1i64 << bits) - 1)
    }
}

/// Executes a video instruction (dispatched on its `Op`).
pub(super) fn video(c: &mut Ctx<'_>) -> R {
    let name = c.inst.op.name;
    let Some(t) = types(c) else {
        // Every video row carries its type pair.
        return invalid(format!("{name} without operand types"));
    };
    let op = c.pre.op;
    // The destination's signedness: `.UD` (value 0) is unsigned; VABSDIFF spells the
    // opposite default, `.SD` (value 1) signed.
    let d_signed = if op == Op::Vabsdiff {
        c.pre.m(ModId::Sd) == 1
    } else {
        c.pre.m(ModId::Ud) == 1
    };
    let sat = c.pre.m(ModId::Sat) == 1;
    let mode = c.pre.m(ModId::Mode);
    let (asel, bsel) = (c.pre.m(ModId::HalfA), c.pre.m(ModId::HalfB));
    let mx = c.pre.m(ModId::Mx) == 1;
    let wrap = c.pre.m(ModId::W) == 1;
    let cmp = c.pre.m(ModId::Cmp);
    let po = c.pre.po;
    // An immediate B is a magnitude with its negation apart (VADD's `-0x2347`).
    let (na, nb, b_imm) = match c.o[2] {
        Operand::Imm(v) => (c.md[1].0, v < 0, Some(v.unsigned_abs() as u32)),
        _ => (c.md[1].0, c.md[2].0, None),
    };
    // The width `.SAT` clamps to: the merged field's, else 32 bits.
    let width = match mode {
        0 | 1 => 16,
        2 | 3 => 8,
        _ => 32,
    };
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let ta = part(c.raw(1, l), t.a_bits, asel, t.a_signed);
        let tb = match b_imm {
            Some(m) => part(m, t.b_bits, 0, t.b_signed),
            None => part(c.raw(2, l), t.b_bits, bsel, t.b_signed),
        };
        let cv = c.raw(3, l);
        let tmp: i64 = match op {
            Op::Vadd if po => ta + tb + 1,
            Op::Vadd => (if na { -ta } else { ta }) + (if nb { -tb } else { tb }),
            Op::Vabsdiff => (ta - tb).abs(),
            Op::Vmnmx if mx => ta.max(tb),
            Op::Vmnmx => ta.min(tb),
            Op::Vset => {
                let o = ta.cmp(&tb);
                // `icmp` on the ordering: compare the three-way result with zero.
                icmp(cmp, (o as i32) as u32, 0, true) as i64
            }
            Op::Vshl | Op::Vshr => {
                let n = tb as u64 & 0xffff_ffff;
                let n = if wrap { n & 31 } else { n.min(32) };
                if op == Op::Vshl {
                    if n >= 32 {
                        0
                    } else {
                        ((ta as u64) << n) as u32 as i64
                    }
                } else if n >= 32 {
                    if ta < 0 { -1 } else { 0 }
                } else {
                    ta >> n
                }
            }
            _ => return invalid(format!("{name}: not a video operation")),
        };
        let tmp = if sat {
            clamp_to(tmp, width, d_signed)
        } else {
            tmp
        };
        let r: u32 = match mode {
            0 => (cv & 0x0000_ffff) | ((tmp as u32) << 16),
            1 => (cv & 0xffff_0000) | (tmp as u32 & 0xffff),
            2 => (cv & !0xff) | (tmp as u32 & 0xff),
            3 => (cv & !0x00ff_0000) | ((tmp as u32 & 0xff) << 16),
            4..=6 => {
                let cx = if d_signed {
                    cv as i32 as i64
                } else {
                    cv as i64
                };
                let v = match mode {
                    4 => tmp + cx,
                    5 => tmp.min(cx),
                    _ => tmp.max(cx),
                };
                (if sat { clamp_to(v, 32, d_signed) } else { v }) as u32
            }
            _ => tmp as u32,
        };
        // `.CC`: zero and sign of the value written, carry and overflow cleared.
        c.set(d, l, r);
        if c.cc {
            c.clear_carry(l);
        }
    }
    Ok(())
}
