//! Warp-wide instructions: SHFL and VOTE, where a lane reads the other lanes' values
//! (SEMANTICS.md, "Warp-wide instructions"). Every operand was gathered for all 32
//! lanes before any lane writes, so a lane reads the others' values from before the
//! instruction.

use super::{Ctx, R};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;
use gpumem_maxwell::{Operand, RZ};
use gpumem_mem::WARP;

/// SHFL.mode Pd, Rd, Ra, b, c: lane `j` of Ra to Rd, by PTX's `shfl` rule (`c` = clamp
/// in bits 0-4, segment mask in bits 8-12); a lane whose source is out of its segment
/// (Pd false) gets its own Ra. The source lane's register is read whether or not that
/// lane is active.
pub(super) fn shfl(c: &mut Ctx<'_>) -> R {
    let mode = c.pre.m(ModId::Mode);
    let pd = match c.o[0] {
        Operand::Pred { p, .. } => p,
        _ => 7,
    };
    let rd = Ctx::rd(c.inst, 1);
    for l in lanes(c.guard) {
        let b = c.raw(3, l) & 31;
        let cv = c.raw(4, l);
        let clamp = cv & 31;
        let mask = cv >> 8 & 31;
        let lane = l as u32;
        let max_lane = (lane & mask) | (clamp & !mask);
        let min_lane = lane & mask;
        let (j, ok) = match mode {
            // .IDX
            0 => {
                let j = min_lane | (b & !mask);
                (j as i64, j <= max_lane)
            }
            // .UP
            1 => {
                let j = lane as i64 - b as i64;
                (j, j >= max_lane as i64)
            }
            // .DOWN
            2 => {
                let j = (lane + b) as i64;
                (j, j <= max_lane as i64)
            }
            // .BFLY
            _ => {
                let j = lane ^ b;
                (j as i64, j <= max_lane)
            }
        };
        let src = if ok { j as usize & (WARP - 1) } else { l };
        let v = c.raw(2, src);
        c.set(rd, l, v);
        c.set_pred(pd, l, ok);
    }
    Ok(())
}

/// VOTE.mode Rd, Pd, Pa: over the lanes that run it (active, guard true), Rd = the
/// ballot of Pa (bit per lane), Pd = ALL / ANY / EQ of Pa. Inactive lanes neither vote
/// nor receive.
pub(super) fn vote(c: &mut Ctx<'_>) -> R {
    let g = c.guard;
    let mut ballot = 0u32;
    for l in lanes(g) {
        if c.p_of(2, l) {
            ballot |= 1 << l;
        }
    }
    let r = match c.pre.m(ModId::Mode) {
        // .ALL
        0 => ballot == g,
        // .ANY
        1 => ballot != 0,
        // .EQ
        _ => ballot == g || ballot == 0,
    };
    let rd = Ctx::rd(c.inst, 0);
    let pd = match c.o[1] {
        Operand::Pred { p, .. } => p,
        _ => 7,
    };
    for l in lanes(g) {
        if rd != RZ {
            c.set(rd, l, ballot);
        }
        c.set_pred(pd, l, r);
    }
    Ok(())
}
