//! The executor's report of what one CTA executed, for the timing model
//! (`gpumem-timing`) and `gpumem explain`: per warp, the instructions in program order
//! with the lanes that executed them and the memory records they made. The functional
//! executor decides values; a consumer of the trace decides *when* (see `SEMANTICS.md`,
//! "Timing").
//!
//! A CTA runs a few instructions at a time ([`crate::Emulator::start_cta`],
//! [`crate::Emulator::advance`]) and appends to one queue per warp, which the consumer
//! empties as it goes: what a trace holds is what was produced and not yet consumed
//! ([`CtaTrace::bytes`] counts it), not everything the CTA executed.
//! [`FirstAccesses`] is the summary `gpumem explain` keeps instead: one record per
//! instruction and warp.

use gpumem_mem::{Access, LaneFault};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// One executed warp instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Instruction index in the program.
    pub pc: u32,
    /// Lanes that were active when it issued (before the guard).
    pub active: u32,
    /// Lanes whose guard was true.
    pub guard: u32,
    /// How many memory records it made, next in its warp's [`WarpTrace::accesses`] (0
    /// for non-memory instructions and guarded-off ones; a generic access whose lanes
    /// reach two spaces makes two).
    pub nmem: u8,
    /// How many cache-control records it made, next in its warp's [`WarpTrace::ctls`]:
    /// one per space its lanes' addresses reach (global, local) for a `CCTL.IV`/`.RS`
    /// of the data cache or a `CCTLL.IV`/`.RS`; 0 for every other instruction.
    pub nctl: u8,
}

/// What one warp executed and its consumer has not taken yet, in execution order.
#[derive(Clone, Debug, Default)]
pub struct WarpTrace {
    /// The instructions.
    pub events: VecDeque<Event>,
    /// Their memory records ([`Event::nmem`] each; lane faults dropped).
    pub accesses: VecDeque<Access>,
    /// Their cache-control records ([`Event::nctl`] each): each names, per lane in its
    /// `mask`, an address (`addr`, in its `space` as an access record holds it) whose
    /// line the issuing SM's L1 drops. `kind`, `bytes` and `cache` carry no meaning (a
    /// load of one byte, the default operator).
    pub ctls: VecDeque<Access>,
}

/// What one CTA executed and its consumer has not taken yet.
#[derive(Clone, Debug, Default)]
pub struct CtaTrace {
    /// The CTA's linear index in the grid.
    pub linear: u32,
    /// Per warp of the CTA (warp `w` holds threads `32w..32w+31`); warps that executed
    /// nothing yet may be missing at the end.
    pub warps: Vec<WarpTrace>,
    /// Bytes of records held ([`CtaTrace::bytes`]).
    held: usize,
}

/// Bytes one held record of an access costs.
fn access_bytes(a: &Access) -> usize {
    std::mem::size_of::<Access>() + a.faults.capacity() * std::mem::size_of::<LaneFault>()
}

/// Bytes one held [`Event`] costs.
pub const EVENT_BYTES: usize = std::mem::size_of::<Event>();

impl CtaTrace {
    /// An empty trace of CTA `linear`.
    pub fn new(linear: u32) -> CtaTrace {
        CtaTrace {
            linear,
            ..CtaTrace::default()
        }
    }

    /// Bytes of the records the trace holds now (events and memory records, at their
    /// in-memory size; the queues' spare capacity is not counted).
    pub fn bytes(&self) -> usize {
        self.held
    }

    /// Takes warp `warp`'s next instruction; its records follow with
    /// [`CtaTrace::pop_access`] and [`CtaTrace::pop_ctl`].
    pub fn pop_event(&mut self, warp: usize) -> Option<Event> {
        let e = self.warps.get_mut(warp)?.events.pop_front()?;
        self.held = self.held.saturating_sub(EVENT_BYTES);
        Some(e)
    }

    /// Whether warp `warp` holds an instruction not taken yet.
    pub fn has_event(&self, warp: usize) -> bool {
        self.warps.get(warp).is_some_and(|w| !w.events.is_empty())
    }

    /// Takes warp `warp`'s next memory record.
    pub fn pop_access(&mut self, warp: usize) -> Option<Access> {
        let a = self.warps.get_mut(warp)?.accesses.pop_front()?;
        self.held = self.held.saturating_sub(access_bytes(&a));
        Some(a)
    }

    /// Takes warp `warp`'s next cache-control record.
    pub fn pop_ctl(&mut self, warp: usize) -> Option<Access> {
        let a = self.warps.get_mut(warp)?.ctls.pop_front()?;
        self.held = self.held.saturating_sub(access_bytes(&a));
        Some(a)
    }

    /// Records an instruction of warp `warp` (called by the executor).
    pub(crate) fn inst(&mut self, warp: u32, pc: usize, active: u32, guard: u32) {
        let w = warp as usize;
        if self.warps.len() <= w {
            self.warps.resize_with(w + 1, WarpTrace::default);
        }
        self.warps[w].events.push_back(Event {
            pc: pc as u32,
            active,
            guard,
            nmem: 0,
            nctl: 0,
        });
        self.held += EVENT_BYTES;
    }

    /// Attaches a memory record to warp `warp`'s last instruction.
    pub(crate) fn access(&mut self, warp: u32, a: &Access) {
        if let Some(t) = self.warps.get_mut(warp as usize)
            && let Some(e) = t.events.back_mut()
        {
            let mut copy = Access {
                faults: Vec::new(),
                ..Access::new(a.space, a.kind, a.bytes, a.signed, a.cache)
            };
            copy.uniform_hint = a.uniform_hint;
            copy.mask = a.mask;
            copy.skip = a.skip;
            copy.addr = a.addr;
            // An atomic's lanes do not broadcast: the cost of the copy must see it.
            copy.rmw = a.rmw;
            self.held += access_bytes(&copy);
            t.accesses.push_back(copy);
            e.nmem = e.nmem.saturating_add(1);
        }
    }

    /// Attaches a cache-control record to warp `warp`'s last instruction.
    pub(crate) fn cache_ctl(&mut self, warp: u32, a: Access) {
        if let Some(t) = self.warps.get_mut(warp as usize)
            && let Some(e) = t.events.back_mut()
        {
            self.held += access_bytes(&a);
            t.ctls.push_back(a);
            e.nctl = e.nctl.saturating_add(1);
        }
    }
}

/// The first memory record each warp of one CTA made at each instruction: the summary
/// of a CTA's trace `gpumem explain` pictures, one record per (warp, instruction)
/// however long the CTA ran. Filled by [`crate::Emulator::run_cta_first_accesses`].
#[derive(Clone, Debug, Default)]
pub struct FirstAccesses {
    /// The CTA's linear index in the grid.
    pub linear: u32,
    /// Per warp that executed an instruction (warp `w` at index `w`; the length is the
    /// highest such warp plus one): instruction index → its first memory record.
    pub warps: Vec<BTreeMap<u32, Access>>,
    /// Bytes the kept records take.
    held: usize,
    /// (warp, instruction) pairs whose first record was not kept because the byte limit
    /// was reached.
    pub dropped: u64,
    /// Those pairs.
    missing: BTreeSet<(usize, u32)>,
}

impl FirstAccesses {
    /// An empty summary of CTA `linear`.
    pub fn new(linear: u32) -> FirstAccesses {
        FirstAccesses {
            linear,
            ..FirstAccesses::default()
        }
    }

    /// Bytes the kept records take (at their in-memory size).
    pub fn bytes(&self) -> usize {
        self.held
    }

    /// Takes everything `t` holds, keeping each warp's first record per instruction
    /// while the kept records stay within `limit` bytes (the (warp, instruction) pairs
    /// left out are counted in [`FirstAccesses::dropped`]).
    pub fn take_from(&mut self, t: &mut CtaTrace, limit: usize) {
        for w in 0..t.warps.len() {
            while let Some(e) = t.pop_event(w) {
                if self.warps.len() <= w {
                    self.warps.resize_with(w + 1, BTreeMap::new);
                }
                for k in 0..e.nmem {
                    let Some(a) = t.pop_access(w) else { break };
                    if k > 0 || self.warps[w].contains_key(&e.pc) {
                        continue;
                    }
                    let cost = access_bytes(&a) + 2 * std::mem::size_of::<u64>();
                    if self.held + cost > limit {
                        if self.missing.insert((w, e.pc)) {
                            self.dropped += 1;
                        }
                        continue;
                    }
                    self.held += cost;
                    self.warps[w].insert(e.pc, a);
                }
                for _ in 0..e.nctl {
                    t.pop_ctl(w);
                }
            }
        }
    }
}
