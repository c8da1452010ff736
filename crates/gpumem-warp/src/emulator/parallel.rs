//! The CTAs of a launch on several threads, with the sequential run's results.
//!
//! CTAs are taken in batches of a few per thread. Every CTA of a batch runs at once on
//! a worker emulator of its own, against the global memory as the batch found it
//! (frozen, shared read-only) through a private copy-on-write [`Overlay`]. Then the
//! batch is committed in CTA order: each CTA's written bytes go to global memory and
//! its statistics, faults, hazards, `printf` lines and captures are merged as if it had
//! run then. A CTA whose run cannot stand for its sequential run is instead run again,
//! alone, on the committed memory (the rest of the batch is dropped and taken again):
//!
//! * it read a page an earlier CTA of the batch wrote (it may have seen stale bytes:
//!   the atomics of `threadFenceReduction`'s last-block election land here, and the
//!   block that sees every other's result then runs in order);
//! * it read the clock, which counts the instructions of the CTAs before it;
//! * the launch-wide limits might have stopped it: the step count so far plus its own
//!   passes `max_steps`, a memory limit refused a page or its shared and local memory,
//!   or it met more distinct scoreboard hazards than a board keeps.
//!
//! A committed CTA that stopped the launch (a breakpoint, a fault that stops) ends it
//! there: the CTAs after it in the batch are dropped unseen, as in the sequential run.
//! Memory stays bounded: every overlay's copied pages count against `max_memory`
//! together with the frozen memory (a copy past it makes the CTA run again in order).

use super::{Emulator, MAX_FAULTS};
use crate::fault::{Fault, FaultKind};
use crate::scoreboard::Hazard;
use crate::stats::InstStats;
use gpumem_mem::overlay::{Overlay, PageSet};
use gpumem_mem::{Global, PAGE_BYTES};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Most CTAs per thread in one batch. A batch that ends in a rerun halves the next
/// one (down to one CTA per thread), a batch committed whole doubles it: kernels whose
/// CTAs keep reading each other's results waste little speculative work.
const PER_JOB: usize = 4;

/// What one CTA's speculative run left.
struct Done {
    overlay: Option<Overlay>,
    steps: u64,
    faults: Vec<Fault>,
    faults_dropped: u64,
    dense: Vec<(usize, InstStats)>,
    hazards: Vec<Hazard>,
    printf: Vec<super::PrintfLine>,
    captured: Vec<(usize, Option<Vec<u8>>)>,
    stop: bool,
    rerun: bool,
}

impl<'p> Emulator<'p> {
    /// A worker for a parallel launch: the same program, launch and constant banks;
    /// no global memory of its own (each CTA gets an overlay).
    fn worker(&self) -> Emulator<'p> {
        let mut w = Emulator::new(self.prog, self.cfg.clone());
        w.mem.constant = self.mem.constant.clone();
        w.mem.global = Global::new(0);
        w.interrupt = self.interrupt.clone();
        w.printf = self.printf.as_ref().map(|_| Vec::new());
        w.captures = self.captures.clone();
        w.captured = vec![None; self.captures.len()];
        w.speculative = true;
        w.jobs = 1;
        w
    }

    /// Runs CTA `linear` on an overlay of `base` and hands back what it left.
    fn speculate(&mut self, linear: u32, base: &Arc<Global>, held: &Arc<AtomicU64>) -> Done {
        self.mem.overlay = Some(Overlay::new(base.clone(), held.clone()));
        self.stats.warp_instructions = 0;
        self.stats.faults_dropped = 0;
        self.faults.clear();
        self.board.reset();
        self.stop = false;
        self.rerun = false;
        self.run_cta(linear);
        let dense = self
            .dense
            .iter_mut()
            .enumerate()
            .filter(|(_, d)| d.executed != 0)
            .map(|(pc, d)| (pc, std::mem::take(d)))
            .collect();
        let captured = self
            .captures
            .iter()
            .enumerate()
            .filter(|(_, c)| c.cta() == linear)
            .map(|(k, _)| (k, self.captured[k].take()))
            .collect();
        // A limit's fault depends on the CTAs before this one: they decide in order.
        let limited = self
            .faults
            .iter()
            .any(|f| matches!(f.kind, FaultKind::StepLimit | FaultKind::MemoryLimit));
        let mut overlay = self.mem.overlay.take();
        if let Some(o) = overlay.as_mut() {
            o.finish();
        }
        Done {
            overlay,
            steps: self.stats.warp_instructions,
            faults: std::mem::take(&mut self.faults),
            faults_dropped: self.stats.faults_dropped,
            dense,
            hazards: std::mem::take(&mut self.board.hazards),
            printf: self.printf.as_mut().map(std::mem::take).unwrap_or_default(),
            captured,
            stop: self.stop,
            rerun: self.rerun || limited || self.board.dropped > 0,
        }
    }

    /// Runs the grid's `ctas` CTAs on `self.jobs` threads (module documentation).
    pub(super) fn run_grid_parallel(&mut self, ctas: u32) {
        let jobs = self.jobs.min(ctas as usize).max(1);
        let mut workers: Vec<Emulator<'p>> = (0..jobs).map(|_| self.worker()).collect();
        let held = Arc::new(AtomicU64::new(0));
        let (least, most) = (jobs as u32, (jobs * PER_JOB) as u32);
        let mut batch = most;
        let mut next = 0u32;
        while next < ctas && !self.stop {
            let end = next.saturating_add(batch).min(ctas);
            let budget = self
                .cfg
                .max_steps
                .saturating_sub(self.stats.warp_instructions);
            let base = Arc::new(std::mem::take(&mut self.mem.global));
            let taken = AtomicU32::new(next);
            let slots: Vec<Mutex<Option<Done>>> = (next..end).map(|_| Mutex::new(None)).collect();
            std::thread::scope(|s| {
                for w in workers.iter_mut() {
                    w.cfg.max_steps = budget;
                    let (taken, slots, base, held) = (&taken, &slots, &base, &held);
                    s.spawn(move || {
                        loop {
                            let k = taken.fetch_add(1, Ordering::Relaxed);
                            if k >= end {
                                break;
                            }
                            let done = w.speculate(k, base, held);
                            if let Ok(mut slot) = slots[(k - next) as usize].lock() {
                                *slot = Some(done);
                            }
                        }
                    });
                }
            });
            // Every worker has ended: the frozen memory is ours again.
            self.mem.global = Arc::try_unwrap(base).unwrap_or_else(|b| (*b).clone());
            let mut written = PageSet::default();
            let start = next;
            batch = (batch * 2).min(most);
            for (i, slot) in slots.into_iter().enumerate() {
                let k = start + i as u32;
                let done = slot.into_inner().ok().flatten();
                match done {
                    Some(d) if self.stands(&d, &written) => {
                        self.commit(d, &mut written);
                        next = k + 1;
                        if self.stop {
                            break;
                        }
                    }
                    _ => {
                        // Run it again in order; the rest of the batch saw stale memory.
                        self.run_cta(k);
                        next = k + 1;
                        batch = (batch / 4).max(least);
                        break;
                    }
                }
            }
        }
    }

    /// Whether `d` is what CTA's sequential run would have done, given the CTAs
    /// committed before it (`written`: the pages the batch's earlier CTAs wrote).
    fn stands(&self, d: &Done, written: &PageSet) -> bool {
        let Some(o) = &d.overlay else { return false };
        let threads: u64 = self.cfg.block.iter().map(|&b| b as u64).product();
        let need = self.cfg.shared_bytes + self.cfg.local_bytes.saturating_mul(threads);
        let resident = self.mem.global.resident();
        !d.rerun
            && !o.read_any(written)
            && self.stats.warp_instructions.saturating_add(d.steps) <= self.cfg.max_steps
            && need.saturating_add(resident) <= self.cfg.max_memory
            && resident.saturating_add(o.new_pages_in(&self.mem.global) * PAGE_BYTES)
                <= self.mem.global.limit
    }

    /// Makes `d` part of the launch: its bytes, statistics, faults, hazards, output.
    fn commit(&mut self, d: Done, written: &mut PageSet) {
        if let Some(o) = &d.overlay {
            // `stands` checked the limit: the write cannot fail.
            let _ = self.mem.global.commit(o);
            written.extend(o.written_pages());
        }
        self.stats.warp_instructions += d.steps;
        for (pc, x) in d.dense {
            self.dense[pc].absorb(x);
        }
        for f in d.faults {
            if self.faults.len() >= MAX_FAULTS {
                self.stats.faults_dropped += 1;
            } else {
                self.faults.push(f);
            }
        }
        self.stats.faults_dropped += d.faults_dropped;
        self.board.merge(d.hazards);
        if let Some(p) = self.printf.as_mut() {
            p.extend(d.printf);
        }
        for (k, v) in d.captured {
            self.captured[k] = v;
        }
        if d.stop {
            self.stop = true;
        }
    }
}
