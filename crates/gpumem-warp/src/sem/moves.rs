//! Moves: MOV/MOV32I and S2R (special registers).

use super::{Ctx, R, invalid};
use crate::warp::lanes;
use gpumem_maxwell::Operand;

/// MOV, MOV32I: `Rd = B`.
pub(super) fn mov(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    for l in lanes(guard) {
        let v = c.raw(1, l);
        c.set(d, l, v);
    }
    Ok(())
}

/// S2R: `Rd` = a special register (lane, thread and CTA ids, lane masks, clock).
pub(super) fn s2r(c: &mut Ctx<'_>) -> R {
    let inst = c.inst;
    let o = c.o;
    let guard = c.guard;
    let d = Ctx::rd(inst, 0);
    let Operand::SReg(sr) = o[1] else {
        // S2R and CS2R rows always name a special register.
        return invalid(format!("{} without a special register", inst.op.name));
    };
    let block = c.env.block;
    for l in lanes(guard) {
        let t = c.w.tid[l];
        let lane = l as u32;
        let v = match sr {
            0 => lane,
            33..=35 => t[(sr - 33) as usize],
            37..=39 => c.ctaid[(sr - 37) as usize],
            40 => block[0] | block[1] << 16,
            56 => 1 << lane,
            57 => (1u32 << lane) - 1,
            58 => ((1u64 << (lane + 1)) - 1) as u32,
            59 => !(((1u64 << (lane + 1)) - 1) as u32),
            60 => !((1u32 << lane) - 1),
            1 | 80 => c.env.steps as u32,
            81 => (c.env.steps >> 32) as u32,
            3 => c.w.id,
            _ => 0,
        };
        c.set(d, l, v);
    }
    Ok(())
}
