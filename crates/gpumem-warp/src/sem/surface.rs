//! SULD, SUST, SURED, SUATOM: surface accesses through the texture header a handle names
//! (`gpumem_tex::surface`).
//!
//! The surface is named as a texture is: an immediate index (bits 36-48) names a word of
//! constant bank 0 — where nvcc places a `cudaSurfaceObject_t` parameter; ptxas 11.8 for
//! sm_52 emits `SUST.D.BA.2D.TRAP [R4], R2, 0x54` for `surf2Dwrite` with the object at
//! `c[0x0][0x150]` — holding the handle; a register index (Rc) holds the handle itself
//! (Mesa's nouveau loads image handles into a register for GM107). The handle's header
//! index (bits 19:0) selects a header of the launch's pool. Coordinates are Ra, Ra+1, Ra+2
//! (x, then y and z or the layer); x counts bytes with `.BA`, texels without.
//!
//! `.D` (typed) forms move `.U8`/`.S8`/`.U16`/`.S16` (one register, zero- or
//! sign-extended on load), 32 bits (one register), `.64` (an even pair) or `.128` (four
//! registers, a multiple of 4) as raw bytes; `.P` (formatted) forms move one texel, the
//! components of the mask (R, G, B, A) in consecutive registers, converted to and from the
//! header's format (`Texture::surface_unpack`, `surface_pack`); a store writes the
//! channels the mask names and leaves the others. Boundary modes: `.IGN` is `.zero` (a
//! load returns 0, a store does nothing), no suffix `.clamp`, `.TRAP` a `surface` fault
//! naming the coordinates. SM52's predicate-output forms fault `unsupported` (what the
//! predicate reports is not documented). SURED and SUATOM `.D` combine 32 or 64 bits at
//! the address lane by lane (`atomic`); `.CAS`, `.P`, `.F16x2` and `.SD` types fault
//! `unsupported`.

use super::{R, invalid, unsupported};
use crate::fault::FaultKind;
use crate::resolve::Pre;
use crate::sem::texture::TEXTURE_BANK;
use crate::warp::lanes;
use gpumem_maxwell::table::{AtomOp, ModId, Op};
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::scalar::AtomicOp;
use gpumem_mem::{Memory, Rmw, WARP};
use gpumem_tex::head::Pools;
use gpumem_tex::surface::{Boundary, SurfDim};
use gpumem_tex::{TexError, TexelMemory, Texture};
use std::cell::RefCell;

struct Texels<'a>(RefCell<&'a mut Memory>);

impl TexelMemory for Texels<'_> {
    fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), TexError> {
        self.0.borrow_mut().read_global(addr, out);
        Ok(())
    }
}

fn fault(why: impl std::fmt::Display) -> (FaultKind, String) {
    (FaultKind::Surface, why.to_string())
}

/// What a `.D` access moves: bytes, registers, sign extension.
fn d_size(code: u8) -> Option<(u32, usize, bool)> {
    Some(match code {
        0 => (1, 1, false),
        1 => (1, 1, true),
        2 => (2, 1, false),
        3 => (2, 1, true),
        4 => (4, 1, false),
        5 => (8, 2, false),
        6 => (16, 4, false),
        _ => return None,
    })
}

fn dim(code: u8) -> Option<SurfDim> {
    Some(match code {
        0 => SurfDim::D1,
        1 => SurfDim::D1Buffer,
        2 => SurfDim::D1Array,
        3 => SurfDim::D2,
        4 => SurfDim::D2Array,
        5 => SurfDim::D3,
        _ => return None,
    })
}

/// The access as the row and its modifiers give it.
#[derive(Clone, Copy)]
enum Kind {
    /// `.D`: bytes, registers, sign extension of a narrow load.
    Typed(u32, usize, bool),
    /// `.P`: the component mask.
    Packed(u8),
}

/// Executes SULD, SUST, SURED or SUATOM for the lanes in `guard`.
pub(crate) fn access(
    mem: &mut Memory,
    pools: Option<&Pools>,
    regs: &mut [u32],
    inst: &Inst,
    pre: &Pre,
    guard: u32,
) -> R {
    let store = pre.op == Op::Sust;
    let ops = inst.operands();
    if ops.iter().any(|o| matches!(o, Operand::Pred { .. })) {
        return unsupported(format!(
            "{}: the predicate output of SM52's SULD and SUATOM is not modelled",
            inst.op.form
        ));
    }
    if matches!(pre.op, Op::Sured | Op::Suatom) {
        return atomic(mem, pools, regs, inst, pre, guard);
    }
    // SULD: Rd, [Ra], index; SUST: [Ra], Rb, index
    let (data, addr, index) = match (store, ops) {
        (false, [Operand::Reg { r, .. }, a, i]) | (true, [a, Operand::Reg { r, .. }, i]) => {
            (*r, *a, *i)
        }
        _ => return invalid(format!("{}: operands", inst.op.form)),
    };
    let Operand::Mem { ra, .. } = addr else {
        return invalid(format!("{}: no coordinate register", inst.op.form));
    };
    let kind = if let Some(code) = inst.mod_value(ModId::SuSize) {
        match d_size(code) {
            Some((b, n, s)) => Kind::Typed(b, n, s),
            None => return invalid(format!("{}: size code {code}", inst.op.form)),
        }
    } else {
        match inst.mod_value(ModId::Comp) {
            Some(0) | None => return invalid(format!("{}: no components", inst.op.form)),
            Some(m) => Kind::Packed(m),
        }
    };
    let bytes_x = inst.mod_value(ModId::Ba) == Some(1);
    let Some(d) = inst.mod_value(ModId::SuDim).and_then(dim) else {
        return invalid(format!("{}: dimension", inst.op.form));
    };
    let boundary = match inst.mod_value(ModId::Clamp) {
        Some(0) => Boundary::Zero,
        Some(1) => Boundary::Clamp,
        Some(2) => Boundary::Trap,
        _ => return invalid(format!("{}: boundary mode", inst.op.form)),
    };
    let nregs = regs.len() / WARP;
    let reg_ok = |r: u8, n: usize| -> R {
        if r == RZ {
            return Ok(());
        }
        if n > 1 && usize::from(r) % n != 0 {
            return Err((
                FaultKind::MisalignedRegister,
                format!("R{r} starts {n} registers: it must be a multiple of {n}"),
            ));
        }
        if usize::from(r) + n > nregs {
            return Err((
                FaultKind::RegisterOutOfRange,
                format!(
                    "R{r}..R{} are not all of the kernel's {nregs} registers",
                    usize::from(r) + n - 1
                ),
            ));
        }
        Ok(())
    };
    let nd = match kind {
        Kind::Typed(_, n, _) => n,
        Kind::Packed(m) => m.count_ones() as usize,
    };
    if let Kind::Typed(..) = kind {
        reg_ok(data, nd)?;
    } else if data != RZ && usize::from(data) + nd > nregs {
        reg_ok(data, 1)?;
        return Err((
            FaultKind::RegisterOutOfRange,
            format!("R{data}+{nd} registers pass the kernel's {nregs}"),
        ));
    }
    if let Operand::Reg { r, .. } = index
        && r != RZ
        && usize::from(r) >= nregs
    {
        return Err((
            FaultKind::RegisterOutOfRange,
            format!("R{r} is not one of the kernel's {nregs} registers"),
        ));
    }
    if ra != RZ && usize::from(ra) + d.coords() > nregs {
        return Err((
            FaultKind::RegisterOutOfRange,
            format!("R{ra} and the coordinates after it pass the kernel's {nregs} registers"),
        ));
    }
    let Some(pools) = pools else {
        return Err(fault(
            "the launch has no texture header pool (no texture or surface objects)",
        ));
    };
    let get = |r: u8, k: usize, lane: usize| -> u32 {
        if r == RZ {
            0
        } else {
            regs[(usize::from(r) + k) * WARP + lane]
        }
    };
    // the handle: one word of bank 0, or a register per lane
    let handle_of = |lane: usize| -> u32 {
        match index {
            Operand::Imm(v) => mem.constant.word(TEXTURE_BANK, v.wrapping_mul(4)),
            Operand::Reg { r, .. } => get(r, 0, lane),
            _ => 0,
        }
    };
    let handles: Vec<(usize, u32)> = lanes(guard).map(|l| (l, handle_of(l))).collect();
    let texels = Texels(RefCell::new(mem));
    let mut cache: Option<(u32, Texture)> = None;
    let mut loaded = [[0u32; 4]; WARP];
    for (lane, handle) in handles {
        let tex = match cache {
            Some((h, t)) if h == handle => t,
            _ => {
                let t = pools
                    .header(&texels, handle)
                    .map_err(|e| fault(format!("surface {e}")))?;
                cache = Some((handle, t));
                t
            }
        };
        let coords = [get(ra, 0, lane), get(ra, 1, lane), get(ra, 2, lane)].map(|v| v as i32);
        let coords = {
            let mut c = [0i32; 3];
            c[..d.coords()].copy_from_slice(&coords[..d.coords()]);
            c
        };
        let bpp = tex.format.components.bytes();
        let size = match kind {
            Kind::Typed(b, ..) => b,
            Kind::Packed(_) => bpp,
        };
        // .P addresses texels
        let bx = bytes_x && matches!(kind, Kind::Typed(..));
        let at = tex
            .surface_address(d, coords, size, bx, boundary)
            .map_err(|e| fault(format!("lane {lane}: {e}")))?;
        let mut m = texels.0.borrow_mut();
        match (store, kind, at) {
            (false, _, None) => {}
            (true, _, None) => {}
            (false, Kind::Typed(b, n, signed), Some(a)) => {
                let mut buf = [0u8; 16];
                m.read_global(a, &mut buf[..b as usize]);
                let w = &mut loaded[lane];
                for (k, x) in w.iter_mut().enumerate().take(n) {
                    *x = u32::from_le_bytes([
                        buf[4 * k],
                        buf[4 * k + 1],
                        buf[4 * k + 2],
                        buf[4 * k + 3],
                    ]);
                }
                if signed {
                    w[0] = match b {
                        1 => w[0] as u8 as i8 as i32 as u32,
                        _ => w[0] as u16 as i16 as i32 as u32,
                    };
                }
            }
            (true, Kind::Typed(b, n, _), Some(a)) => {
                let mut buf = [0u8; 16];
                for k in 0..n {
                    buf[4 * k..4 * k + 4].copy_from_slice(&get(data, k, lane).to_le_bytes());
                }
                m.write_global(a, &buf[..b as usize])
                    .map_err(|e| (FaultKind::MemoryLimit, e.to_string()))?;
            }
            (false, Kind::Packed(mask), Some(a)) => {
                let mut buf = [0u8; 16];
                m.read_global(a, &mut buf[..bpp as usize]);
                let comps = tex.surface_unpack(&buf[..bpp as usize]);
                let mut k = 0;
                for (c, &v) in comps.iter().enumerate() {
                    if mask >> c & 1 == 1 {
                        loaded[lane][k] = v;
                        k += 1;
                    }
                }
            }
            (true, Kind::Packed(mask), Some(a)) => {
                let mut old = [0u8; 16];
                m.read_global(a, &mut old[..bpp as usize]);
                let mut words = [0u32; 4];
                let mut k = 0;
                for (c, w) in words.iter_mut().enumerate() {
                    if mask >> c & 1 == 1 {
                        *w = get(data, k, lane);
                        k += 1;
                    }
                }
                let new = tex.surface_pack(words);
                let per = new.len() / tex.format.components.channels() as usize;
                for c in 0..tex.format.components.channels() as usize {
                    if mask >> c & 1 == 1 {
                        old[c * per..(c + 1) * per].copy_from_slice(&new[c * per..(c + 1) * per]);
                    }
                }
                m.write_global(a, &old[..bpp as usize])
                    .map_err(|e| (FaultKind::MemoryLimit, e.to_string()))?;
            }
        }
    }
    if !store && data != RZ {
        for lane in lanes(guard) {
            for k in 0..nd {
                regs[(usize::from(data) + k) * WARP + lane] = loaded[lane][k];
            }
        }
    }
    Ok(())
}

/// The read-modify-write of a `.D` surface reduction or atomic: its operation and width.
fn surface_rmw(inst: &Inst) -> Result<(Rmw, u32), (FaultKind, String)> {
    let form = inst.op.form;
    let Some(ty) = inst.mod_value(ModId::SuSize) else {
        return Err((
            FaultKind::Unsupported,
            format!("{form}: formatted (.P) surface reductions and atomics are not modelled"),
        ));
    };
    let (bits, signed, float) = match ty {
        0 => (32, false, false),
        1 => (32, true, false),
        2 => (64, false, false),
        3 => (32, false, true),
        5 => (64, true, false),
        4 => {
            return Err((
                FaultKind::Unsupported,
                format!("{form}: .F16x2 surface reductions are not modelled"),
            ));
        }
        _ => {
            return Err((
                FaultKind::Unsupported,
                format!("{form}: the .SD32/.SD64 types: no public source says what they are"),
            ));
        }
    };
    let op = inst.mod_val(ModId::Atom).and_then(|v| v.atom());
    let int = |o| Ok((Rmw::Int(o), bits));
    match op {
        Some(AtomOp::Add) if float => Ok((Rmw::F32AddFtz, 32)),
        _ if float => Err((
            FaultKind::InvalidInstruction,
            format!("{form}: .F32.FTZ.RN is ADD only"),
        )),
        Some(AtomOp::Add) => int(AtomicOp::Add),
        Some(AtomOp::Min) if signed => int(AtomicOp::Smin),
        Some(AtomOp::Min) => int(AtomicOp::Umin),
        Some(AtomOp::Max) if signed => int(AtomicOp::Smax),
        Some(AtomOp::Max) => int(AtomicOp::Umax),
        Some(AtomOp::Inc) => int(AtomicOp::Inc),
        Some(AtomOp::Dec) => int(AtomicOp::Dec),
        Some(AtomOp::And) => int(AtomicOp::And),
        Some(AtomOp::Or) => int(AtomicOp::Or),
        Some(AtomOp::Xor) => int(AtomicOp::Xor),
        Some(AtomOp::Exch) => int(AtomicOp::Swap),
        Some(AtomOp::Cas) => Err((
            FaultKind::Unsupported,
            format!(
                "{form}: surface compare-and-swap is not modelled (no public source says \
                 which registers hold the compare and the new value)"
            ),
        )),
        _ => Err((
            FaultKind::Unsupported,
            format!("{form}: no functional model for this surface atomic operation"),
        )),
    }
}

/// SURED (`[Ra], Rb, index`) and SUATOM (`Rd, [Ra], Rb, index`) in their `.D` forms:
/// the read-modify-write of 32 or 64 bits at the surface address, lane by lane in
/// ascending order (each lane sees what the lanes before it left, as ATOM/RED); SUATOM
/// returns the old value (0 where `.IGN` drops an access outside).
fn atomic(
    mem: &mut Memory,
    pools: Option<&Pools>,
    regs: &mut [u32],
    inst: &Inst,
    pre: &Pre,
    guard: u32,
) -> R {
    let ret = pre.op == Op::Suatom;
    let (rmw, bits) = surface_rmw(inst)?;
    let (rd, addr, rb, index) = match (ret, inst.operands()) {
        (false, [a, Operand::Reg { r, .. }, i]) => (RZ, *a, *r, *i),
        (true, [Operand::Reg { r: d, .. }, a, Operand::Reg { r, .. }, i]) => (*d, *a, *r, *i),
        _ => return invalid(format!("{}: operands", inst.op.form)),
    };
    let Operand::Mem { ra, .. } = addr else {
        return invalid(format!("{}: no coordinate register", inst.op.form));
    };
    let n = (bits / 32) as usize;
    let Some(d) = inst.mod_value(ModId::SuDim).and_then(dim) else {
        return invalid(format!("{}: dimension", inst.op.form));
    };
    let boundary = match inst.mod_value(ModId::Clamp) {
        Some(0) => Boundary::Zero,
        Some(1) => Boundary::Clamp,
        Some(2) => Boundary::Trap,
        _ => return invalid(format!("{}: boundary mode", inst.op.form)),
    };
    let bytes_x = inst.mod_value(ModId::Ba) == Some(1);
    let nregs = regs.len() / WARP;
    let rc = match index {
        Operand::Reg { r, .. } => r,
        _ => RZ,
    };
    for (r, k) in [(rd, n), (rb, n), (ra, d.coords()), (rc, 1)] {
        if r == RZ {
            continue;
        }
        if k == 2 && r != ra && r % 2 != 0 {
            return Err((
                FaultKind::MisalignedRegister,
                format!("R{r} starts a register pair: it must be even"),
            ));
        }
        if usize::from(r) + k > nregs {
            return Err((
                FaultKind::RegisterOutOfRange,
                format!("R{r} and the {k} registers from it pass the kernel's {nregs}"),
            ));
        }
    }
    let Some(pools) = pools else {
        return Err(fault(
            "the launch has no texture header pool (no texture or surface objects)",
        ));
    };
    let get = |regs: &[u32], r: u8, k: usize, lane: usize| -> u32 {
        if r == RZ {
            0
        } else {
            regs[(usize::from(r) + k) * WARP + lane]
        }
    };
    for lane in lanes(guard) {
        let handle = match index {
            Operand::Imm(v) => mem.constant.word(TEXTURE_BANK, v.wrapping_mul(4)),
            Operand::Reg { r, .. } => get(regs, r, 0, lane),
            _ => 0,
        };
        let texels = Texels(RefCell::new(&mut *mem));
        let tex = pools
            .header(&texels, handle)
            .map_err(|e| fault(format!("surface {e}")))?;
        let mut c = [0i32; 3];
        for (k, x) in c.iter_mut().enumerate().take(d.coords()) {
            *x = get(regs, ra, k, lane) as i32;
        }
        let at = tex
            .surface_address(d, c, bits / 8, bytes_x, boundary)
            .map_err(|e| fault(format!("lane {lane}: {e}")))?;
        let b = u64::from(get(regs, rb, 0, lane))
            | if n == 2 {
                u64::from(get(regs, rb, 1, lane)) << 32
            } else {
                0
            };
        let old = match at {
            None => 0,
            Some(a) => {
                let mut buf = [0u8; 8];
                mem.read_global(a, &mut buf[..n * 4]);
                let old = u64::from_le_bytes(buf);
                let new = rmw.apply(old, b, 0, bits);
                mem.write_global(a, &new.to_le_bytes()[..n * 4])
                    .map_err(|e| (FaultKind::MemoryLimit, e.to_string()))?;
                old
            }
        };
        if rd != RZ {
            for k in 0..n {
                regs[(usize::from(rd) + k) * WARP + lane] = (old >> (32 * k)) as u32;
            }
        }
    }
    Ok(())
}
