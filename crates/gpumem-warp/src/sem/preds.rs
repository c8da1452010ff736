//! Predicates and registers: P2R and R2P (the `PR` register: P0-P6 in bits 0-6, bit 7
//! reads 0 and is never written, PT being constant).

use super::{Ctx, R, unsupported};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::ModId;

/// `PR` or `CC` (operand `k` is the `PrCc` immediate, 1 = CC): only `PR` is modelled.
fn pr_only(c: &Ctx<'_>, k: usize) -> R {
    if matches!(c.o[k], Operand::Imm(v) if v != 0) {
        return unsupported(format!("{} CC (condition-code flags)", c.inst.op.name));
    }
    Ok(())
}

/// P2R: `Rd = (Ra & ~(mask << 8*sel)) | ((PR & mask) << 8*sel)`.
pub(super) fn p2r(c: &mut Ctx<'_>) -> R {
    pr_only(c, 1)?;
    let sh = 8 * c.pre.m(ModId::Sel) as u32;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let mask = c.ival(3, l) & 0xff;
        let pr = (c.w.preds[l] & 0x7f) as u32;
        let v = (c.raw(2, l) & !(mask << sh)) | ((pr & mask) << sh);
        c.set(d, l, v);
    }
    Ok(())
}

/// R2P: for each bit `i` < 7 of the mask, `Pi` = bit `i` of `Ra`'s byte `sel`.
pub(super) fn r2p(c: &mut Ctx<'_>) -> R {
    pr_only(c, 0)?;
    let sh = 8 * c.pre.m(ModId::Sel) as u32;
    for l in lanes(c.guard) {
        let mask = c.ival(2, l);
        let v = c.raw(1, l) >> sh;
        for i in 0..7u8 {
            if mask >> i & 1 != 0 {
                c.set_pred(i, l, v >> i & 1 != 0);
            }
        }
    }
    Ok(())
}
