//! Conversions between integers and f32: I2F, F2I.

use super::{Ctx, R, mods, round_f32, unsupported};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// I2F: integer (or a byte or half of it) to f32.
pub(super) fn i2f(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let o = c.o;
    let pre = c.pre;
    let guard = c.guard;
    if pre.m(ModId::Dst) != 2 {
        return unsupported(format!("{} to a format other than F32", inst.op.name));
    }
    let src = pre.m(ModId::Src);
    if src & 3 == 3 {
        return unsupported(format!("{} from a 64-bit integer", inst.op.name));
    }
    if pre.m(ModId::Cc) == 1 {
        return unsupported(format!("{}.CC", inst.op.name));
    }
    // Byte select: `.B1`-`.B3` of an 8-bit source, `.H1` (2) of a 16-bit one.
    let sel = pre.m(ModId::Sel);
    let shift = match (src & 3, sel) {
        (_, 0) => 0,
        (0, k) => 8 * k as u32,
        (1, 2) => 16,
        _ => {
            return unsupported(format!(
                "{} byte select of a 32-bit source or INVALIDSIZE",
                inst.op.name
            ));
        }
    };
    let rnd = pre.m(ModId::Rnd);
    let d = Ctx::rd(inst, 0);
    // The immediate form spells `-`/`|..|` as `.NEG`/`.ABS` modifier groups.
    let (neg, abs, _) = mods(&o[1]);
    let (neg, abs) = (neg || pre.m(ModId::Neg) == 1, abs || pre.m(ModId::Abs) == 1);
    for l in lanes(guard) {
        let b = c.raw(1, l) >> shift;
        let v: i64 = match src {
            0 => (b & 0xff) as i64,
            1 => (b & 0xffff) as i64,
            2 => b as i64,
            4 => b as u8 as i8 as i64,
            5 => b as u16 as i16 as i64,
            _ => b as i32 as i64,
        };
        let v = if abs { v.abs() } else { v };
        let v = if neg { -v } else { v };
        let r = if rnd == 0 {
            v as f32
        } else {
            round_f32(v as f64, rnd)
        };
        c.set(d, l, r.to_bits());
    }
    Ok(())
}

/// F2I: f32 to a 16- or 32-bit integer.
pub(super) fn f2i(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    if pre.m(ModId::Src) != 2 {
        return unsupported(format!("{} from a format other than F32", inst.op.name));
    }
    let dst = pre.m(ModId::Dst);
    if dst & 3 == 3 {
        return unsupported(format!("{} to a 64-bit integer", inst.op.name));
    }
    if pre.m(ModId::Cc) == 1 || pre.m(ModId::H1) == 1 {
        return unsupported(format!("{}.CC or a .H1 source", inst.op.name));
    }
    let rnd = pre.m(ModId::Rnd);
    let d = Ctx::rd(inst, 0);
    for l in lanes(guard) {
        let f = c.fval(1, l);
        let f = match rnd {
            0 => f.round_ties_even(),
            1 => f.floor(),
            2 => f.ceil(),
            _ => f.trunc(),
        };
        let r = match dst {
            1 => (f as u32).min(0xffff),
            2 => f as u32,
            5 => (f as i32).clamp(-32768, 32767) as u32,
            _ => f as i32 as u32,
        };
        c.set(d, l, r);
    }
    Ok(())
}
