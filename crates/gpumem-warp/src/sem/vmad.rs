//! The video rows of breadth set F: VSETP and VMAD. Each source's byte, half or word is
//! selected and extended by its type ([`video::types`], [`video::part`]: what VSET and
//! the other video ops read), then:
//!
//! * VSETP compares `ta cmp tb` as VSET does (full precision) and writes two predicates
//!   as ISETP does: `Pd = t bop Pc`, `Pq = !t bop Pc`.
//! * VMAD is PTX's `vmad`: `tmp = ta * tb` (at full precision), negated with A's `-`
//!   (`~tmp + 1`), or C negated with C's `-` (`~c + 1`), or plus one with `.PO`; C is
//!   sign-extended when the result is signed (A or B signed, or a negation), else
//!   zero-extended; `tmp + c` is shifted right by 7 (`.SHR_7`) or 15 (`.SHR_15`)
//!   (arithmetically: the sum is a two's-complement value) and cut to its low 64 bits, as
//!   PTX's pseudocode does, then `.SAT` clamps that 64-bit value (signed when the result is)
//!   to the signed or unsigned 32-bit range, and the low 32 bits are written.

use super::{Ctx, R, icmp, pdst, video};
use crate::warp::lanes;
use gpumem_maxwell::Operand;
use gpumem_maxwell::table::{ModId, VideoTypes};

/// The operand types, or `invalid_instruction` for a row without them (every video row
/// has them).
fn types(c: &Ctx<'_>) -> Result<VideoTypes, (crate::fault::FaultKind, String)> {
    match video::types(c) {
        Some(t) => Ok(t),
        None => Err((
            crate::fault::FaultKind::InvalidInstruction,
            format!("{} without operand types", c.inst.op.name),
        )),
    }
}

/// B of lane `l` (operand `k`): a register's selected part, or the 16-bit immediate
/// extended by B's type (a signed immediate prints negative: its low 16 bits are B).
fn b_part(c: &Ctx<'_>, t: &VideoTypes, k: usize, l: usize) -> i64 {
    match c.o[k] {
        Operand::Imm(v) => video::part(v as u32 & 0xffff, 16, 0, t.b_signed),
        _ => video::part(c.raw(k, l), t.b_bits, c.pre.m(ModId::HalfB), t.b_signed),
    }
}

/// VSETP: `Pd = (ta cmp tb) bop Pc`, `Pq = !(ta cmp tb) bop Pc`.
pub(super) fn vsetp(c: &mut Ctx<'_>) -> R {
    let t = types(c)?;
    let cmp = c.pre.m(ModId::Cmp);
    let b = c.pre.m(ModId::Bop);
    let asel = c.pre.m(ModId::HalfA);
    let (p0, p1) = (pdst(&c.o[0]), pdst(&c.o[1]));
    for l in lanes(c.guard) {
        let ta = video::part(c.raw(2, l), t.a_bits, asel, t.a_signed);
        let tb = b_part(c, &t, 3, l);
        // `icmp` on the ordering: compare the three-way result with zero, as VSET does.
        let x = icmp(cmp, (ta.cmp(&tb) as i32) as u32, 0, true);
        let pc = c.p_of(4, l);
        c.set_pred(p0, l, super::bop(b, x, pc));
        c.set_pred(p1, l, super::bop(b, !x, pc));
    }
    Ok(())
}

/// VMAD: PTX's `vmad` (module doc): `Rd = sat((±ta * tb ± c (+1 with .PO)) >> scale)`.
pub(super) fn vmad(c: &mut Ctx<'_>) -> R {
    let name = c.inst.op.name;
    let t = types(c)?;
    let po = c.pre.po;
    let (na, nc) = if po {
        (false, false)
    } else {
        (c.md[1].0, c.md[3].0)
    };
    let signed = t.a_signed || t.b_signed || na || nc;
    let shift = match c.pre.m(ModId::Scale) {
        0 => 0,
        1 => 7,
        2 => 15,
        // nvdisasm's `INVALIDVMADSCALE3` (the table does not decode it).
        s => return super::invalid(format!("{name} with scale {s}")),
    };
    let sat = c.pre.m(ModId::Sat) == 1;
    let asel = c.pre.m(ModId::HalfA);
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let ta = video::part(c.raw(1, l), t.a_bits, asel, t.a_signed) as i128;
        let tb = b_part(c, &t, 2, l) as i128;
        let prod = ta * tb;
        let cv = c.raw(3, l);
        // PTX: with A negated `tmp = ~tmp`, else with C negated `c = ~c`; then
        // `tmp + c + lsb` with lsb = 1 for a negation or `.PO`.
        let (prod, cv, lsb) = if po {
            (prod, cv, 1)
        } else if na {
            (!prod, cv, 1)
        } else if nc {
            (prod, !cv, 1)
        } else {
            (prod, cv, 0)
        };
        let c128 = if signed {
            cv as i32 as i128
        } else {
            cv as i128
        };
        // PTX keeps the low 64 bits of the shifted sum; `.SAT` clamps that 64-bit value
        // (signed or unsigned), so a signed result beyond 2^63 wraps before it clamps.
        let sum = ((prod + c128 + lsb) >> shift) as u64;
        let r = match (sat, signed) {
            (false, _) => sum,
            (true, true) => (sum as i64).clamp(i32::MIN as i64, i32::MAX as i64) as u64,
            (true, false) => sum.min(u32::MAX as u64),
        };
        // `.CC`: zero and sign of the value written, carry and overflow cleared.
        c.set(d, l, r as u32);
        if c.cc {
            c.clear_carry(l);
        }
    }
    Ok(())
}
