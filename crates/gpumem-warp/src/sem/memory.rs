//! Memory instructions: the access records of LDG, STG, LDL, LDS, STL, STS, LDC, LD and
//! ST (rules of seed pages 000-003), and the register side of the data they move.
//! The emulator hands the records to the memory and the statistics model.

use crate::config::{BoundsMode, LaunchConfig};
use crate::devcall::DeviceHeap;
use crate::fault::FaultKind;
use crate::resolve::{CtlPre, Exec};
use crate::warp::{Lanes, Warp, lanes};
use gpumem_maxwell::RZ;
use gpumem_mem::rules;
use gpumem_mem::{Access, AccessKind, Space, WARP};

/// Builds the access records of a memory instruction (rules of seeds 000-003) into
/// `out` (emptied first; the executor reuses it, so no record list is allocated per
/// instruction): one, or for a generic LD/ST one per space its lanes resolve to
/// (shared, local, global order; at least one). Returns the data register.
pub(crate) fn access(
    launch: &LaunchConfig,
    heap: Option<&DeviceHeap>,
    w: &mut Warp,
    e: &Exec,
    guard: u32,
    out: &mut Vec<Access>,
) -> Result<u8, (FaultKind, String)> {
    out.clear();
    let p = e
        .mem
        .as_ref()
        .ok_or((FaultKind::Unsupported, "not a memory op".to_string()))?;
    if let Some(size_text) = p.invalid_size {
        return Err((FaultKind::InvalidInstruction, format!("size {size_text}")));
    }
    let (bytes, kind, space) = (p.bytes, p.kind, p.space);
    let mut acc = Access::new(space, kind, bytes, p.signed, p.cache);
    acc.uniform_hint = p.uniform_hint;
    if let Some(a) = p.atom {
        acc.rmw = Some(a.rmw.map_err(|(k, m)| (k, m.to_string()))?);
        // Register pairs of 64-bit atomics are even (RZ exempt).
        if bytes == 8 {
            for r in [a.dst, a.b, a.c] {
                if r != RZ && r % 2 != 0 {
                    return Err((
                        FaultKind::MisalignedRegister,
                        format!("a 64-bit atomic needs even registers, not R{r}"),
                    ));
                }
            }
        }
    }
    let data_reg = p.data_reg;
    if p.sparse_preds != 0 {
        // Ps: no page of gpumem's memory is sparse, so Ps is false.
        for l in lanes(guard) {
            w.preds[l] &= !p.sparse_preds;
        }
    }
    let nregs = bytes.div_ceil(4);
    if data_reg != RZ && nregs > 1 && !(data_reg as u32).is_multiple_of(nregs) {
        return Err((
            FaultKind::MisalignedRegister,
            format!(
                "a {}-bit access needs a register that is a multiple of {nregs}, not R{data_reg}",
                bytes * 8
            ),
        ));
    }
    let (ra, off, width) = p
        .addr_op
        .ok_or((FaultKind::Unsupported, "no address operand".to_string()))?;
    let cfg = &launch.mem;
    if space == Space::Constant {
        for l in lanes(guard) {
            let rav = (ra != RZ).then(|| w.r(ra, l));
            acc.apply(l, rules::constant(p.bank, rav, off, p.ldc_mode, bytes, cfg));
        }
        out.push(acc);
        return Ok(data_reg);
    }
    let absolute = ra == RZ || ra as u32 >= launch.registers;
    let zext = (off as u64) & ((1u64 << width) - 1);
    let wide = p.wide;
    // Atomics write memory: the store rules apply (alignment faults).
    let store = kind == AccessKind::Store || p.atom.is_some();
    if p.generic {
        // The generic address: 64-bit `{Ra+1,Ra} + sext(imm32)` with `.E`, else the
        // 32-bit sum zero-extended; RZ (or Ra beyond the register count) gives the
        // zero-extended 32-bit immediate. The trailing predicate is not consulted.
        let hi_reg = (ra < 254).then(|| ra + 1);
        let spaces = [Space::Shared, Space::Local, Space::Global];
        let mut recs: Vec<Access> = spaces
            .iter()
            .map(|&s| {
                let mut a = Access::new(s, kind, bytes, p.signed, p.cache);
                a.uniform_hint = p.uniform_hint;
                a
            })
            .collect();
        // The local window's base is the warp's (`SETLMEMBASE` may move it).
        let win = rules::GenericWindows {
            local: w.lbase,
            ..launch.windows
        };
        for l in lanes(guard) {
            let raw = if absolute {
                zext
            } else if wide {
                let lo = w.r(ra, l) as u64;
                let hi = hi_reg.map(|h| w.r(h, l) as u64).unwrap_or(0);
                ((hi << 32) | lo).wrapping_add(off as u64)
            } else {
                w.r(ra, l).wrapping_add(off as u32) as u64
            };
            let (s, a) = win.resolve(raw);
            let (i, v) = match s {
                Space::Shared => (0, rules::window(a, bytes, launch.shared_bytes, cfg)),
                Space::Local => (1, rules::window(a, bytes, launch.local_bytes, cfg)),
                _ => (2, global(launch, heap, a, bytes, store)),
            };
            recs[i].apply(l, v);
        }
        out.extend(recs.into_iter().filter(|a| a.mask != 0));
        if out.is_empty() {
            out.push(Access::new(Space::Global, kind, bytes, p.signed, p.cache));
        }
        return Ok(data_reg);
    }
    match space {
        Space::Global if !absolute && wide => {
            let hi_reg = (ra < 254).then(|| ra + 1);
            for l in lanes(guard) {
                let lo = w.r(ra, l) as u64;
                let hi = hi_reg.map(|h| w.r(h, l) as u64).unwrap_or(0);
                let raw = ((hi << 32) | lo).wrapping_add(off as u64);
                acc.apply(l, global(launch, heap, raw, bytes, store));
            }
        }
        _ => {
            let alloc = match space {
                Space::Local => launch.local_bytes,
                _ => launch.shared_bytes,
            };
            for l in lanes(guard) {
                let raw = if absolute {
                    zext
                } else {
                    w.r(ra, l).wrapping_add(off as u32) as u64
                };
                let v = match space {
                    Space::Global => global(launch, heap, raw, bytes, store),
                    _ => rules::window(raw, bytes, alloc, cfg),
                };
                acc.apply(l, v);
            }
        }
    }
    out.push(acc);
    Ok(data_reg)
}

/// LDG/STG's rules for one lane ([`rules::global`]), then the launch's bounds check: an
/// access outside every declared region (inside the device heap: outside every live
/// `malloc` block) is an `out_of_bounds` fault (unless the rules found one already) that
/// moves no data in [`BoundsMode::Fault`].
fn global(
    launch: &LaunchConfig,
    heap: Option<&DeviceHeap>,
    raw: u64,
    bytes: u32,
    store: bool,
) -> rules::Verdict {
    let mut v = rules::global(raw, bytes, store, &launch.mem);
    if let Some(b) = &launch.bounds
        && v.fault.is_none()
        && !b.allows(v.addr, bytes as u64, heap)
    {
        v.fault = Some(gpumem_mem::MemFault::OutOfBounds);
        v.skip = b.mode == BoundsMode::Fault;
    }
    v
}

/// The cache-control records of a `CCTL.IV`/`.RS` or `CCTLL.IV`/`.RS` for the trace: per
/// space whose L1 lines it names (global, then local), the lanes' addresses as an access
/// record holds them. The address is computed as a load's (`.E`: `{Ra+1,Ra}` + offset,
/// otherwise the 32-bit sum; `RZ`: the zero-extended offset); CCTL's is generic (a lane
/// reaching the shared window names no L1 line), CCTLL's local. Nothing is checked: a
/// cache operation names a line, not data (SEMANTICS.md, "Cache control").
pub(crate) fn cache_ctl(launch: &LaunchConfig, w: &Warp, c: &CtlPre, guard: u32) -> Vec<Access> {
    let absolute = c.ra == RZ || c.ra as u32 >= launch.registers;
    let zext = (c.off as u64) & (1u64 << c.width.min(63)).wrapping_sub(1);
    let hi_reg = (c.ra < 254).then(|| c.ra + 1);
    let win = rules::GenericWindows {
        local: w.lbase,
        ..launch.windows
    };
    let mut recs = [Space::Global, Space::Local]
        .map(|s| Access::new(s, AccessKind::Load, 1, false, gpumem_mem::CacheOp::Default));
    for l in lanes(guard) {
        let raw = if absolute {
            zext
        } else if c.wide {
            let lo = w.r(c.ra, l) as u64;
            let hi = hi_reg.map(|h| w.r(h, l) as u64).unwrap_or(0);
            ((hi << 32) | lo).wrapping_add(c.off as u64)
        } else {
            w.r(c.ra, l).wrapping_add(c.off as u32) as u64
        };
        let (space, addr) = if c.local {
            (Space::Local, raw)
        } else {
            win.resolve(raw)
        };
        let i = match space {
            Space::Local => 1,
            Space::Shared => continue,
            _ => 0,
        };
        recs[i].mask |= 1 << l;
        recs[i].addr[l] = addr;
    }
    recs.into_iter().filter(|a| a.mask != 0).collect()
}

/// Writes a load's data into the registers from `data_reg` on, for the record's lanes.
pub(crate) fn write_back(w: &mut Warp, acc: &Access, data_reg: u8, out: &Lanes) {
    let nregs = acc.bytes.div_ceil(4) as usize;
    for l in lanes(acc.mask) {
        for (k, v) in out[l].iter().enumerate().take(nregs) {
            w.set(data_reg.saturating_add(k as u8), l, *v);
        }
    }
}

/// A store's data: the registers from `data_reg` on, for the record's lanes (0 past
/// R254).
pub(crate) fn gather(w: &Warp, acc: &Access, data_reg: u8) -> Lanes {
    let nregs = acc.bytes.div_ceil(4) as usize;
    let mut data: Lanes = [[0; 4]; WARP];
    for l in lanes(acc.mask) {
        for (k, d) in data[l].iter_mut().enumerate().take(nregs) {
            let r = data_reg as usize + k;
            *d = if r >= RZ as usize { 0 } else { w.r(r as u8, l) };
        }
    }
    data
}
