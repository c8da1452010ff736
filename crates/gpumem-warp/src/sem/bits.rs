//! Shifts and bit operations: SHL, SHR, SHF, BFE, BFI, PRMT, POPC, FLO.

use super::{Ctx, R, invalid, unsupported};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// SHL: `Rd = Ra << B`.
pub(super) fn shl(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let wrap = pre.m(ModId::W) == 1;
    if pre.m(ModId::X) == 1 {
        return unsupported(format!(
            "{}.X (what a shift reads from the CC register is not documented)",
            inst.op.name
        ));
    }
    for l in lanes(guard) {
        let a = c.raw(1, l);
        let s = c.ival(2, l);
        let r = if wrap {
            a << (s & 31)
        } else if s >= 32 {
            0
        } else {
            a << s
        };
        c.set(d, l, r);
    }
    Ok(())
}

/// SHR: `Rd = Ra >> B` (arithmetic when signed), optionally bit-reversed first.
pub(super) fn shr(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    match pre.m(ModId::Xmode) {
        0 => {}
        // nvdisasm's `.INVALIDSHRXMODE1`.
        1 => return invalid(format!("{}.INVALIDSHRXMODE1", inst.op.name)),
        _ => {
            return unsupported(format!(
                "{}.X/.XHI (what a shift reads from the CC register is not documented)",
                inst.op.name
            ));
        }
    }
    let d = Ctx::rd(inst, 0);
    let signed = pre.m(ModId::U32) == 1;
    let wrap = pre.m(ModId::W) == 1;
    let brev = pre.m(ModId::Brev) == 1;
    for l in lanes(guard) {
        let mut a = c.raw(1, l);
        if brev {
            a = a.reverse_bits();
        }
        let s = c.ival(2, l);
        let s = if wrap { s & 31 } else { s.min(32) };
        let r = if signed {
            ((a as i32 as i64) >> s) as u32
        } else {
            ((a as u64) >> s) as u32
        };
        c.set(d, l, r);
    }
    Ok(())
}

/// SHF: funnel shift of `{Rc, Ra}` by B, left or right by the row's direction.
pub(super) fn shf(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let left = pre.m(ModId::Dir) == 0;
    let wrap = pre.m(ModId::W) == 1;
    let maxs = pre.m(ModId::MaxShift);
    let xhi = pre.m(ModId::Xhi);
    if xhi & 2 != 0 {
        return unsupported(format!(
            "{}.X/.XHI (what a shift reads from the CC register is not documented)",
            inst.op.name
        ));
    }
    for l in lanes(guard) {
        let lo = c.raw(1, l) as u64;
        let s = c.raw(2, l);
        let hi = c.raw(3, l) as u64;
        let v = (hi << 32) | lo;
        let s = if wrap {
            s & 31
        } else if maxs >= 2 {
            s.min(64)
        } else {
            s.min(32)
        };
        let r = if left {
            let sh = if s >= 64 { 0 } else { v << s };
            (sh >> 32) as u32
        } else {
            let sh = if maxs == 3 {
                ((v as i64) >> s.min(63)) as u64
            } else if s >= 64 {
                0
            } else {
                v >> s
            };
            if xhi & 1 != 0 {
                (sh >> 32) as u32
            } else {
                sh as u32
            }
        };
        c.set(d, l, r);
    }
    Ok(())
}

/// BFE: bit-field extract (position and length in B).
pub(super) fn bfe(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let signed = pre.m(ModId::U32) == 1;
    let brev = pre.m(ModId::Brev) == 1;
    for l in lanes(guard) {
        let mut a = c.raw(1, l);
        if brev {
            a = a.reverse_bits();
        }
        let b = c.ival(2, l);
        let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
        let r = if len == 0 {
            0
        } else {
            let msb = (pos + len - 1).min(31);
            let sbit = signed && (a >> msb) & 1 != 0;
            let mut r = 0u32;
            for i in 0..32 {
                let bit = if i < len && pos + i <= 31 {
                    (a >> (pos + i)) & 1 != 0
                } else {
                    sbit
                };
                r |= (bit as u32) << i;
            }
            r
        };
        c.set(d, l, r);
    }
    Ok(())
}

/// BFI: bit-field insert of Ra into Rc (position and length in B).
pub(super) fn bfi(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    for l in lanes(guard) {
        let a = c.raw(1, l);
        let b = c.raw(2, l);
        let base = c.raw(3, l);
        let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
        let mut r = base;
        for i in 0..len {
            if pos + i > 31 {
                break;
            }
            let bit = (a >> i) & 1;
            r = (r & !(1 << (pos + i))) | (bit << (pos + i));
        }
        c.set(d, l, r);
    }
    Ok(())
}

/// PRMT: byte permute of `{Rc, Ra}`.
pub(super) fn prmt(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let mode = pre.m(ModId::Mode);
    if mode == 7 {
        // nvdisasm's `.INVALIDPMODE7`.
        return invalid(format!("{}.INVALIDPMODE7", inst.op.name));
    }
    for l in lanes(guard) {
        let a = c.raw(1, l);
        let sel = c.raw(2, l);
        let cv = c.raw(3, l);
        let pool = ((cv as u64) << 32) | a as u64;
        let byte = |i: u32| ((pool >> (8 * (i & 7))) & 0xff) as u32;
        let s = sel & 3;
        let mut r = 0u32;
        for i in 0..4u32 {
            let v = match mode {
                0 => {
                    let n = (sel >> (4 * i)) & 0xf;
                    let b = byte(n & 7);
                    if n & 8 != 0 {
                        if b & 0x80 != 0 { 0xff } else { 0 }
                    } else {
                        b
                    }
                }
                1 => byte(s + i),
                2 => byte(s.wrapping_sub(i) & 7),
                3 => byte(s),
                4 => byte(i.max(s)),
                5 => byte(i.min(s)),
                _ => byte((s & 1) * 2 + (i & 1)),
            };
            r |= v << (8 * i);
        }
        c.set(d, l, r);
    }
    Ok(())
}

/// POPC: population count.
pub(super) fn popc(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let inv = pre.m(ModId::Inv) == 1;
    for l in lanes(guard) {
        let b = c.ival(1, l);
        let b = if inv { !b } else { b };
        c.set(d, l, b.count_ones());
    }
    Ok(())
}

/// FLO: find leading one (or its shift amount).
pub(super) fn flo(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let pre = c.pre;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let signed = pre.m(ModId::U32) == 1;
    let sh = pre.m(ModId::Sh) == 1;
    let inv = pre.m(ModId::Inv) == 1;
    for l in lanes(guard) {
        let mut b = c.ival(1, l);
        if inv {
            b = !b;
        }
        if signed && (b as i32) < 0 {
            b = !b;
        }
        let r = if b == 0 {
            u32::MAX
        } else if sh {
            b.leading_zeros()
        } else {
            31 - b.leading_zeros()
        };
        c.set(d, l, r);
    }
    Ok(())
}
