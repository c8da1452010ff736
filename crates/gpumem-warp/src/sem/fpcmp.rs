//! f32 and f64 comparisons, selections and min/max: FSETP, FSET, FCMP, FMNMX, FCHK,
//! DSETP, DSET, DMNMX. Tests by the `Cmp` value ([`fcmp`]), ordered/unordered as PTX.

use super::fp::{NAN32, NAN64, canon32, canon64, fcmp, nan64};
use super::logic::setp_out;
use super::{Ctx, R, bop, ftz, pdst};
use crate::warp::lanes;
use gpumem_maxwell::table::ModId;

/// A float width the compare and min/max rows work on: f32 (FSETP, FSET, FMNMX) or f64
/// (DSETP, DSET, DMNMX).
trait Lane: PartialOrd + Copy + Into<f64> {
    /// The operands `k`, `k+1` of lane `l` (f32: flushed with `.FTZ`).
    fn pair(c: &Ctx<'_>, k: usize, l: usize) -> (Self, Self);
    /// Whether the value is a NaN.
    fn nan(self) -> bool;
    /// Whether the sign bit is set.
    fn neg(self) -> bool;
    /// Writes `r` to register `d` of lane `l`, a NaN as the canonical NaN; with `.CC`
    /// the float flags of the value written (SEMANTICS.md, "Condition codes").
    fn write(c: &mut Ctx<'_>, d: u8, l: usize, r: Option<Self>);
}

impl Lane for f32 {
    fn pair(c: &Ctx<'_>, k: usize, l: usize) -> (f32, f32) {
        let (a, b) = (c.fval(k, l), c.fval(k + 1, l));
        if c.pre.m(ModId::Ftz) == 1 {
            (ftz(a), ftz(b))
        } else {
            (a, b)
        }
    }
    fn nan(self) -> bool {
        self.is_nan()
    }
    fn neg(self) -> bool {
        self.is_sign_negative()
    }
    fn write(c: &mut Ctx<'_>, d: u8, l: usize, r: Option<f32>) {
        let bits = r.map_or(NAN32, canon32);
        c.set(d, l, bits);
        if c.cc {
            c.set_fcc(l, f32::from_bits(bits) as f64);
        }
    }
}

impl Lane for f64 {
    fn pair(c: &Ctx<'_>, k: usize, l: usize) -> (f64, f64) {
        (c.dval(k, l), c.dval(k + 1, l))
    }
    fn nan(self) -> bool {
        self.is_nan()
    }
    fn neg(self) -> bool {
        self.is_sign_negative()
    }
    fn write(c: &mut Ctx<'_>, d: u8, l: usize, r: Option<f64>) {
        let bits = r.map_or(NAN64, canon64);
        c.set64(d, l, bits);
        if c.cc {
            c.set_fcc(l, f64::from_bits(bits));
        }
    }
}

/// A comparison result as a register: all ones, or 1.0 with `.BF`; false is 0.
fn set_val(t: bool, bf: bool) -> u32 {
    match (t, bf) {
        (false, _) => 0,
        (true, true) => 1.0f32.to_bits(),
        (true, false) => u32::MAX,
    }
}

/// FSETP: `Pd = (Ra cmp B) bop Pc`, `Pq = !(Ra cmp B) bop Pc`.
pub(super) fn fsetp(c: &mut Ctx<'_>) -> R {
    setp::<f32>(c)
}

/// DSETP: FSETP on doubles.
pub(super) fn dsetp(c: &mut Ctx<'_>) -> R {
    setp::<f64>(c)
}

/// FSETP and DSETP: `Pd = (Ra cmp B) bop Pc`, `Pq = !(Ra cmp B) bop Pc`.
fn setp<T: Lane>(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let (cmp, b) = (c.pre.m(ModId::Cmp), c.pre.m(ModId::Bop));
    let (p0, p1) = (pdst(&c.o[0]), pdst(&c.o[1]));
    for l in lanes(c.guard) {
        let (x, y) = T::pair(c, 2, l);
        let t = fcmp(cmp, x.into(), y.into());
        setp_out(c, (p0, p1), l, b, t);
    }
    Ok(())
}

/// FSET: `Rd = ((Ra cmp B) bop Pc) ? (1.0 with .BF, else ~0) : 0`; `.CC` sets the
/// zero flag when the result is 0 and clears the carry (ptxas tests it with `BRA CC.EQ`).
pub(super) fn fset(c: &mut Ctx<'_>) -> R {
    set::<f32>(c)
}

/// DSET: FSET on doubles (the result is still 1.0f with `.BF`).
pub(super) fn dset(c: &mut Ctx<'_>) -> R {
    set::<f64>(c)
}

/// FSET and DSET (see [`fset`]).
fn set<T: Lane>(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let cc = c.pre.m(ModId::Cc) == 1;
    let (cmp, b, bf) = (
        c.pre.m(ModId::Cmp),
        c.pre.m(ModId::Bop),
        c.pre.m(ModId::Bf) == 1,
    );
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let (x, y) = T::pair(c, 1, l);
        let t = bop(b, fcmp(cmp, x.into(), y.into()), c.p_of(3, l));
        c.set(d, l, set_val(t, bf));
        if cc {
            c.set_flags(l, false, !t);
        }
    }
    Ok(())
}

/// FCMP: `Rd = (Rc cmp 0.0) ? Ra : B` (`.FTZ` flushes Rc; no FCMP row has `.CC`).
pub(super) fn fcmp_sel(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let cmp = c.pre.m(ModId::Cmp);
    let f = c.pre.m(ModId::Ftz) == 1;
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let z = c.fval(3, l);
        let z = if f { ftz(z) } else { z };
        let v = if fcmp(cmp, z as f64, 0.0) {
            c.raw(1, l)
        } else {
            c.ival(2, l)
        };
        c.set(d, l, v);
    }
    Ok(())
}

/// The smaller (`min`) or larger of two floats: a NaN operand yields the other, two NaNs
/// the canonical NaN (`None`); `-0` orders below `+0`.
fn mnmx<T: Lane>(a: T, b: T, min: bool) -> Option<T> {
    match (a.nan(), b.nan()) {
        (true, true) => None,
        (true, false) => Some(b),
        (false, true) => Some(a),
        _ => {
            // Equal values differ only as zeros of opposite signs.
            let a_lt = a < b || (a == b && a.neg() && !b.neg());
            Some(if a_lt == min { a } else { b })
        }
    }
}

/// FMNMX: `Rd = Pp ? min(Ra, B) : max(Ra, B)`.
pub(super) fn fmnmx(c: &mut Ctx<'_>) -> R {
    min_max::<f32>(c)
}

/// DMNMX: FMNMX on doubles (the same NaN rules), except that of two NaNs B's is
/// returned, quieted (the H100's `min.f64`/`max.f64`; SEMANTICS.md "Held against
/// silicon").
pub(super) fn dmnmx(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let (x, y) = f64::pair(c, 1, l);
        match mnmx(x, y, c.p_of(3, l)) {
            Some(r) => f64::write(c, d, l, Some(r)),
            None => {
                let r = nan64(&[c.raw64(2, l), c.raw64(1, l)]);
                c.set64(d, l, r);
                if c.cc {
                    c.set_fcc(l, f64::from_bits(r));
                }
            }
        }
    }
    Ok(())
}

/// FMNMX and DMNMX: `Rd = Pp ? min(Ra, B) : max(Ra, B)`.
fn min_max<T: Lane>(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let d = Ctx::rd(c.inst, 0);
    for l in lanes(c.guard) {
        let (x, y) = T::pair(c, 1, l);
        let min = c.p_of(3, l);
        T::write(c, d, l, mnmx(x, y, min));
    }
    Ok(())
}

/// FCHK.DIVIDE: `Pd` true when `Ra / Rb` must take the exact slow path of the
/// division sequence ptxas emits (see SEMANTICS.md): a NaN, infinite, zero or subnormal
/// divisor or dividend (an exponent field of 0 or 255, the slow path's own first test),
/// or exponents whose difference or
/// magnitude leaves the fast path's intermediate range. It never changes a value by
/// itself: a true predicate only selects the exact path.
pub(super) fn fchk(c: &mut Ctx<'_>) -> R {
    c.fold_imm_mods();
    let pd = pdst(&c.o[0]);
    for l in lanes(c.guard) {
        let (a, b) = (c.fval(1, l), c.fval(2, l));
        c.set_pred(pd, l, fchk_divide(a, b));
    }
    Ok(())
}

/// The FCHK.DIVIDE test (see [`fchk`]).
pub(crate) fn fchk_divide(a: f32, b: f32) -> bool {
    let ea = (a.to_bits() >> 23 & 0xff) as i32;
    let eb = (b.to_bits() >> 23 & 0xff) as i32;
    // A zero dividend too: the fast path's `FFMA q, a, y, RZ` would make +0 of 0 / -b,
    // where the H100 returns -0 (SEMANTICS.md, "Held against silicon").
    if !b.is_normal() || !a.is_normal() {
        return true;
    }
    // 1/b stays normal; the quotient, the product q*b and the residual a - q*b stay in
    // the normal range with a margin of the 24 significand bits.
    if !(2..=252).contains(&eb) {
        return true;
    }
    let eq = ea - eb + 127;
    !(25..=252).contains(&ea) || !(25..=252).contains(&eq)
}
