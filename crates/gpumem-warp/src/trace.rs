//! The executor's report of what one CTA executed, for the timing model
//! (`gpumem-timing`): per warp, the instructions in program order with the lanes that
//! executed them and the memory records they made. The functional executor decides
//! values; a consumer of the trace decides *when* (see `SEMANTICS.md`, "Timing").
//!
//! Collecting is off unless [`crate::Emulator::trace`] is `Some`; the emulator then
//! fills it while one CTA runs ([`crate::Emulator::run_cta_traced`]).

use gpumem_mem::Access;

/// One executed warp instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Instruction index in the program.
    pub pc: u32,
    /// Lanes that were active when it issued (before the guard).
    pub active: u32,
    /// Lanes whose guard was true.
    pub guard: u32,
    /// The first of its memory records in [`CtaTrace::accesses`] (memory instructions).
    pub mem: u32,
    /// How many records it made (0 for non-memory instructions and guarded-off ones;
    /// a generic access whose lanes reach two spaces makes two).
    pub nmem: u8,
    /// The first of its cache-control records in [`CtaTrace::ctls`].
    pub ctl: u32,
    /// How many cache-control records it made: one per space its lanes' addresses
    /// reach (global, local) for a `CCTL.IV`/`.RS` of the data cache or a
    /// `CCTLL.IV`/`.RS`; 0 for every other instruction.
    pub nctl: u8,
}

/// What one CTA executed.
#[derive(Clone, Debug, Default)]
pub struct CtaTrace {
    /// The CTA's linear index in the grid.
    pub linear: u32,
    /// Per warp of the CTA (warp `w` holds threads `32w..32w+31`), its instructions in
    /// execution order.
    pub warps: Vec<Vec<Event>>,
    /// The memory records, indexed by [`Event::mem`] (lane faults dropped).
    pub accesses: Vec<Access>,
    /// The cache-control records, indexed by [`Event::ctl`]: each names, per lane in
    /// its `mask`, an address (`addr`, in its `space` as an access record holds it)
    /// whose line the issuing SM's L1 drops. `kind`, `bytes` and `cache` carry no
    /// meaning (a load of one byte, the default operator).
    pub ctls: Vec<Access>,
}

impl CtaTrace {
    /// Records an instruction of warp `warp` (called by the executor).
    pub(crate) fn inst(&mut self, warp: u32, pc: usize, active: u32, guard: u32) {
        let w = warp as usize;
        if self.warps.len() <= w {
            self.warps.resize_with(w + 1, Vec::new);
        }
        self.warps[w].push(Event {
            pc: pc as u32,
            active,
            guard,
            mem: self.accesses.len() as u32,
            nmem: 0,
            ctl: self.ctls.len() as u32,
            nctl: 0,
        });
    }

    /// Attaches a memory record to warp `warp`'s last instruction.
    pub(crate) fn access(&mut self, warp: u32, a: &Access) {
        if let Some(e) = self.warps.get_mut(warp as usize).and_then(|v| v.last_mut()) {
            let mut copy = Access {
                faults: Vec::new(),
                ..Access::new(a.space, a.kind, a.bytes, a.signed, a.cache)
            };
            copy.uniform_hint = a.uniform_hint;
            copy.mask = a.mask;
            copy.skip = a.skip;
            copy.addr = a.addr;
            self.accesses.push(copy);
            e.nmem = e.nmem.saturating_add(1);
        }
    }

    /// Attaches a cache-control record to warp `warp`'s last instruction.
    pub(crate) fn cache_ctl(&mut self, warp: u32, a: Access) {
        if let Some(e) = self.warps.get_mut(warp as usize).and_then(|v| v.last_mut()) {
            self.ctls.push(a);
            e.nctl = e.nctl.saturating_add(1);
        }
    }
}
