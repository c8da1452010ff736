//! Predicates and registers: P2R and R2P of the `PR` register (P0-P6 in bits 0-6, bit 7
//! reads 0 and is never written, PT being constant) or of the `CC` register (zero, sign,
//! carry, overflow in bits 0-3, bits 4-7 read 0: SEMANTICS.md, "Condition codes").

use super::{Ctx, R};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::ModId;

/// Whether operand `k` (the `PrCc` immediate) names `CC` rather than `PR`.
fn is_cc(c: &Ctx<'_>, k: usize) -> bool {
    matches!(c.o[k], Operand::Imm(v) if v != 0)
}

/// Lane `l`'s CC byte: zero, sign, carry, overflow in bits 0-3.
fn cc_byte(c: &Ctx<'_>, l: usize) -> u32 {
    [*c.w.zf, *c.w.sf, *c.w.carry, *c.w.of]
        .iter()
        .enumerate()
        .map(|(i, f)| (f >> l & 1) << i)
        .sum()
}

/// P2R: `Rd = (Ra & ~(mask << 8*sel)) | ((PR & mask) << 8*sel)` (or the CC byte).
pub(super) fn p2r(c: &mut Ctx<'_>) -> R {
    let cc = is_cc(c, 1);
    let sh = 8 * c.pre.m(ModId::Sel) as u32;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let mask = c.ival(3, l) & 0xff;
        let pr = if cc {
            cc_byte(c, l)
        } else {
            (c.w.preds[l] & 0x7f) as u32
        };
        let v = (c.raw(2, l) & !(mask << sh)) | ((pr & mask) << sh);
        c.set(d, l, v);
    }
    Ok(())
}

/// R2P: for each bit `i` < 7 of the mask, `Pi` = bit `i` of `Ra`'s byte `sel` (for `CC`,
/// bits 0-3 of the mask write zero, sign, carry and overflow).
pub(super) fn r2p(c: &mut Ctx<'_>) -> R {
    let cc = is_cc(c, 0);
    let sh = 8 * c.pre.m(ModId::Sel) as u32;
    for l in lanes(c.guard) {
        let mask = c.ival(2, l);
        let v = c.raw(1, l) >> sh;
        if cc {
            let bit = 1u32 << l;
            *c.w.carry2 &= !bit;
            for (i, f) in [&mut *c.w.zf, &mut *c.w.sf, &mut *c.w.carry, &mut *c.w.of]
                .into_iter()
                .enumerate()
            {
                if mask >> i & 1 != 0 {
                    *f = if v >> i & 1 != 0 { *f | bit } else { *f & !bit };
                }
            }
            continue;
        }
        for i in 0..7u8 {
            if mask >> i & 1 != 0 {
                c.set_pred(i, l, v >> i & 1 != 0);
            }
        }
    }
    Ok(())
}
