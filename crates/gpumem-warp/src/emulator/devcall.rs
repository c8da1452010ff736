//! The emulator's side of the device-library calls ([`crate::devcall`]): `JCAL` of a
//! call's address runs it here, per active lane in lane order.

use crate::devcall::DeviceCall;
use crate::emulator::{Emulator, PrintfLine};
use crate::fault::FaultKind;
use crate::warp::{CtaCtx, Warp, lanes};
use gpumem_mem::{CtaMemory, Space, WARP};

/// Reads a lane's memory through its generic windows (global, shared, its own local).
struct Lane<'a> {
    /// Global memory through the running CTA's overlay when it has one (a parallel launch).
    mem: &'a mut gpumem_mem::Memory,
    cta: &'a CtaMemory,
    win: gpumem_mem::rules::GenericWindows,
    thread: u64,
    args: u64,
}

impl Lane<'_> {
    fn read(&mut self, addr: u64, out: &mut [u8]) {
        let (space, a) = self.win.resolve(addr);
        let src: &[u8] = match space {
            Space::Global => return self.mem.read_global(a, out),
            Space::Shared => &self.cta.shared,
            _ => {
                let base = (self.thread * self.cta.local_bytes) as usize;
                let end = base.saturating_add(self.cta.local_bytes as usize);
                self.cta.local.get(base..end).unwrap_or(&[])
            }
        };
        for (i, o) in out.iter_mut().enumerate() {
            *o = src.get(a as usize + i).copied().unwrap_or(0);
        }
    }
}

impl crate::vprintf::Args for Lane<'_> {
    fn word(&mut self, offset: u64, size: u64) -> u64 {
        let mut b = [0u8; 8];
        self.read(
            self.args.wrapping_add(offset),
            &mut b[..size.min(8) as usize],
        );
        u64::from_le_bytes(b)
    }
    fn string(&mut self, addr: u64, limit: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let mut chunk = [0u8; 64];
        while out.len() < limit {
            self.read(addr.wrapping_add(out.len() as u64), &mut chunk);
            match chunk.iter().position(|&c| c == 0) {
                Some(n) => {
                    out.extend_from_slice(&chunk[..n]);
                    break;
                }
                None => out.extend_from_slice(&chunk),
            }
        }
        out.truncate(limit);
        out
    }
}

/// The longest string an assertion message reads.
const MAX_STRING: usize = 4096;

fn pair(w: &Warp, lo: u8, l: usize) -> u64 {
    (w.r(lo + 1, l) as u64) << 32 | w.r(lo, l) as u64
}

impl Emulator<'_> {
    /// Whether `JCAL` of `abs` is a call this launch serves (or must refuse as one):
    /// `vprintf`'s address 0 only while `printf` is on (otherwise it is a plain call).
    pub(crate) fn serves(&self, abs: Option<i64>) -> bool {
        match abs.and_then(DeviceCall::at) {
            Some(DeviceCall::Vprintf) => self.printf.is_some(),
            Some(_) => true,
            None => false,
        }
    }

    /// Runs `call` for each lane of `guard`; a refusal is the fault to record.
    pub(crate) fn device_call(
        &mut self,
        call: DeviceCall,
        w: &mut Warp,
        cta: &CtaMemory,
        ctx: &CtaCtx,
        guard: u32,
    ) -> Result<(), (FaultKind, String)> {
        let unserved = || {
            Err((
                FaultKind::Unsupported,
                format!(
                    "a call of the device library's `{}`, which this launch does not serve",
                    call.name()
                ),
            ))
        };
        if self.speculative && matches!(call, DeviceCall::Malloc | DeviceCall::Free) {
            // The heap is the launch's, shared by its CTAs in their order: a CTA run out of
            // order on a parallel worker (`emulator/parallel.rs`) stops and runs again in
            // order.
            self.rerun = true;
            self.stop = true;
            return Ok(());
        }
        match call {
            DeviceCall::Vprintf | DeviceCall::AssertFail if self.printf.is_none() => unserved(),
            DeviceCall::Malloc | DeviceCall::Free if self.heap.is_none() => unserved(),
            DeviceCall::Vprintf => {
                self.vprintf(w, cta, ctx, guard);
                Ok(())
            }
            DeviceCall::AssertFail => self.assertfail(w, cta, ctx, guard),
            DeviceCall::Malloc => {
                for l in lanes(guard) {
                    let size = pair(w, 4, l);
                    let p = self.heap.as_mut().and_then(|h| h.malloc(size)).unwrap_or(0);
                    w.set(4, l, p as u32);
                    w.set(5, l, (p >> 32) as u32);
                }
                Ok(())
            }
            DeviceCall::Free => {
                for l in lanes(guard) {
                    let p = pair(w, 4, l);
                    if let Some(Err(e)) = self.heap.as_mut().map(|h| h.free(p)) {
                        return Err((
                            FaultKind::InvalidFree,
                            format!("lane {l} (thread {}): {e}", w.id as usize * WARP + l),
                        ));
                    }
                }
                Ok(())
            }
        }
    }

    fn lane<'a>(&'a mut self, w: &Warp, cta: &'a CtaMemory, l: usize, args: u64) -> Lane<'a> {
        Lane {
            mem: &mut self.mem,
            cta,
            win: gpumem_mem::rules::GenericWindows {
                local: w.lbase,
                ..self.cfg.windows
            },
            thread: w.id as u64 * WARP as u64 + l as u64,
            args,
        }
    }

    /// `vprintf(R4:R5 = format, R6:R7 = arguments)` for each lane of `guard`, in lane
    /// order; R4 takes the number of arguments consumed.
    fn vprintf(&mut self, w: &mut Warp, cta: &CtaMemory, ctx: &CtaCtx, guard: u32) {
        for l in lanes(guard) {
            let mut lane = self.lane(w, cta, l, pair(w, 6, l));
            let fmt = crate::vprintf::Args::string(&mut lane, pair(w, 4, l), MAX_STRING);
            let (text, n) = crate::vprintf::format(&fmt, &mut lane);
            let thread = lane.thread as u32;
            w.set(4, l, n);
            if let Some(p) = self.printf.as_mut() {
                p.push(PrintfLine {
                    cta: ctx.linear,
                    thread,
                    text,
                    assert: false,
                });
            }
        }
    }

    /// `__assertfail`: each lane of `guard` prints CUDA's line (`file:line: function:
    /// block: [x,y,z], thread: [x,y,z] Assertion `message` failed.`) and the launch
    /// stops with a `breakpoint` fault (the device library traps after printing).
    fn assertfail(
        &mut self,
        w: &mut Warp,
        cta: &CtaMemory,
        ctx: &CtaCtx,
        guard: u32,
    ) -> Result<(), (FaultKind, String)> {
        let mut first = None;
        for l in lanes(guard) {
            let mut lane = self.lane(w, cta, l, 0);
            let mut s = |lo: u8| {
                let b = crate::vprintf::Args::string(&mut lane, pair(w, lo, l), MAX_STRING);
                String::from_utf8_lossy(&b).into_owned()
            };
            let (message, file, function) = (s(4), s(6), s(10));
            let line = w.r(8, l);
            let [bx, by, bz] = ctx.ctaid;
            let [tx, ty, tz] = w.tid[l];
            let text = format!(
                "{file}:{line}: {function}: block: [{bx},{by},{bz}], thread: [{tx},{ty},{tz}] \
                 Assertion `{message}` failed.\n"
            );
            first.get_or_insert_with(|| {
                format!(
                    "device-side assert: {file}:{line}: {function}: Assertion `{message}` failed"
                )
            });
            if let Some(p) = self.printf.as_mut() {
                p.push(PrintfLine {
                    cta: ctx.linear,
                    thread: (w.id as usize * WARP + l) as u32,
                    text,
                    assert: true,
                });
            }
        }
        match first {
            Some(m) => {
                self.stop = true;
                Err((FaultKind::Breakpoint, m))
            }
            None => Ok(()),
        }
    }
}
