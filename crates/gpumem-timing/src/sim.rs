//! The cycle model of the whole GPU: CTAs dispatched to SMs by occupancy, four
//! schedulers per SM issuing each warp's next instruction as its control word allows,
//! latencies from the memory hierarchy. The functional executor runs each CTA as the
//! model dispatches it and reports what it executed ([`CtaTrace`]); this module decides
//! when.
//!
//! The model takes a warp's instructions as it needs them: the CTA dispatched last runs
//! in the executor a window at a time ([`WINDOW`] instructions) while its warps want
//! more, and what was timed is dropped. CTAs run functionally one after another, in
//! dispatch order, and a CTA's warps each to its next barrier, so the model holds what
//! the executor produced ahead of it: a whole CTA when the next one is dispatched before
//! it ends, or a warp's run up to a barrier while another warp of its CTA waits for its
//! first instruction. That is bounded by [`Timing::with_memory_limit`] (`[limits]
//! max_trace_memory`): past it the model stops with [`StopReason::TraceMemory`].

use crate::params::TimingConfig;
use crate::report::{InstTiming, Level, Occupancy, Reason, Stalls, StopReason, TimingReport};
use crate::trace::{Served, Timeline};
use gpumem_maxwell::scoreboard::{self, Board, Waits};
use gpumem_maxwell::table::{Flow, Latency, Pipe};
use gpumem_maxwell::{Inst, Operand};
use gpumem_mem::hierarchy::{AccessTiming, Hierarchy, LevelStats};
use gpumem_mem::{Access, AccessKind, CacheOp, Space, WARP};
use gpumem_warp::program::inst_addr;
use gpumem_warp::{CtaRun, CtaTrace, Emulator, Event};
use std::collections::BTreeMap;

const NEVER: u64 = u64::MAX;
/// Scoreboards per warp.
const SBS: usize = scoreboard::BARRIERS as usize;
/// Where local memory's per-warp slices start in the hierarchy's address space (above
/// any 48-bit global address).
const LOCAL_BASE: u64 = 1 << 50;
/// Warp instructions the executor runs each time the model wants more of a CTA.
pub const WINDOW: u64 = 1024;
/// Bytes of executed-instruction records (and timeline) the model holds at most by
/// default (`[limits] max_trace_memory`).
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

/// What the scheduler needs of one instruction, resolved once per launch.
#[derive(Clone, Copy, Debug)]
struct PcInfo {
    stall: u8,
    dual: bool,
    yields: bool,
    wr: u8,
    rd: u8,
    /// The wait mask and `DEPBAR`'s waits.
    waits: Waits,
    /// Memory instruction (the row has memory facts).
    mem: bool,
    /// Reads its sources late like a shared/constant access (else like global).
    mem_shared_like: bool,
    bar: bool,
    /// Its constant-bank operand `bank << 16 | offset`.
    konst: Option<u64>,
    /// Issue-to-completion latency when it accesses no memory.
    latency: u32,
    /// The scoreboard it sets is a memory result (memory dependency) or arithmetic.
    mem_result: bool,
}

impl PcInfo {
    fn new(i: &Inst, cfg: &TimingConfig) -> PcInfo {
        let c = &cfg.core;
        let op = i.op.op;
        let mem = i.op.mem.is_some();
        let latency = if i.op.latency == Latency::Fixed {
            c.alu_latency
        } else {
            match op.info().pipe {
                Pipe::Double => c.f64_latency,
                Pipe::SpecialReg => c.s2r_latency,
                Pipe::Shuffle => c.shfl_latency,
                Pipe::IntMul => c.imul_latency,
                Pipe::Xu => c.xu_latency,
                Pipe::Alu | Pipe::Memory | Pipe::Texture | Pipe::Control | Pipe::Graphics => {
                    c.other_latency
                }
            }
        };
        let mut konst = None;
        for o in &i.operands {
            if let Operand::Const { bank, off, .. } = *o {
                konst = Some((bank as u64) << 16 | (off as u32 as u64 & 0xffff));
            }
        }
        // Shared and constant accesses (LDS, STS, ATOMS, LDC) take the shared-memory
        // pipeline's latency; generic ones may go to global memory.
        let mem_shared_like =
            i.op.mem
                .is_some_and(|m| !m.generic && matches!(m.space, Space::Shared | Space::Constant));
        PcInfo {
            stall: i.ctrl.stall,
            dual: i.ctrl.dual_issue(),
            yields: !i.ctrl.no_yield,
            wr: i.ctrl.wr,
            rd: i.ctrl.rd,
            waits: Waits::of(i),
            mem,
            mem_shared_like,
            bar: i.op.flow == Flow::Barrier,
            konst,
            latency,
            mem_result: mem,
        }
    }

    fn invalid() -> PcInfo {
        PcInfo {
            stall: 1,
            dual: false,
            yields: false,
            wr: 7,
            rd: 7,
            waits: Waits::default(),
            mem: false,
            mem_shared_like: false,
            bar: false,
            konst: None,
            latency: 1,
            mem_result: false,
        }
    }
}

/// When a scoreboard entry (`gpumem_maxwell::scoreboard`, one per issue; its producer
/// is the instruction index) releases.
#[derive(Clone, Copy, Debug)]
struct Release {
    at: u64,
    /// A memory result (a memory dependency), else arithmetic.
    memory: bool,
}

struct WarpSlot {
    cta: usize,
    /// Its index in the CTA (its queue in the CTA's trace).
    wic: usize,
    /// The instruction it issues next (`None`: it has no more, or the model stopped
    /// before it got one).
    cur: Option<Event>,
    ready: u64,
    ready_reason: Reason,
    sb: Board<Release>,
    at_bar: bool,
    const_checked: bool,
    done: bool,
    slice: u64,
    age: u64,
    /// Until this cycle the warp's state (`why`) cannot change: it is not looked at.
    wake: u64,
    /// Why it is not issuing since `since` (charged when it changes).
    why: Option<Reason>,
    since: u64,
    /// The instruction whose scoreboard it waits on.
    blame: Option<u32>,
    /// Its number in the grid (CTA × warps per CTA + warp), the trace's track.
    gid: u64,
    /// The instruction issued last, with its issue cycle and latency (for the trace).
    open: Option<(u32, u64, u64)>,
}

/// Charges warp `ws`'s current reason for the cycles since it began, at the instruction
/// it waits to issue; the state then starts again at `now`.
fn settle(ws: &mut WarpSlot, now: u64, pcs: &mut [PcStats], stalls: &mut Stalls) {
    if let Some(r) = ws.why {
        let n = now.saturating_sub(ws.since);
        if n > 0 {
            if let Some(p) = ws.cur.and_then(|e| pcs.get_mut(e.pc as usize)) {
                p.stalls.add(r, n);
            }
            if let Some(p) = ws.blame.and_then(|b| pcs.get_mut(b as usize)) {
                p.caused += n;
            }
            stalls.add(r, n);
        }
    }
    ws.since = now;
}

struct CtaSlot {
    /// What its warps executed and the model has not taken yet.
    trace: CtaTrace,
    live: u32,
    arrived: u32,
    warps: Vec<usize>,
    /// The cycle by which every store (and atomic) its warps issued so far completes:
    /// a CTA barrier releases no earlier.
    stores_until: u64,
}

struct Sm {
    warps: Vec<Option<WarpSlot>>,
    ctas: Vec<Option<CtaSlot>>,
    lsu_free: u64,
    port_free: Vec<u64>,
    last: Vec<Option<usize>>,
    resident_ctas: u32,
    /// Until this cycle nothing on the SM can change.
    wake: u64,
}

/// The occupancy of a launch on one SM.
pub fn occupancy(cfg: &TimingConfig, threads: u64, registers: u32, shared: u64) -> Occupancy {
    let c = &cfg.core;
    let warps = threads.div_ceil(WARP as u64).max(1);
    let per_warp_regs = ((registers.max(1) as u64 * WARP as u64).div_ceil(c.register_unit as u64))
        * c.register_unit as u64;
    let shared_alloc = shared.div_ceil(c.shared_unit as u64) * c.shared_unit as u64;
    let limits = [
        ("ctas", c.max_ctas_per_sm as u64),
        ("warps", c.max_warps_per_sm as u64 / warps),
        ("threads", c.max_threads_per_sm as u64 / threads.max(1)),
        (
            "registers",
            c.registers_per_sm as u64 / (per_warp_regs * warps),
        ),
        (
            "shared",
            (cfg.memory.shared_per_sm as u64)
                .checked_div(shared_alloc)
                .unwrap_or(u64::MAX),
        ),
    ];
    let (name, n) = limits
        .iter()
        .min_by_key(|(_, n)| *n)
        .copied()
        .unwrap_or(("ctas", 1));
    let n = n.min(u32::MAX as u64) as u32;
    Occupancy {
        ctas_per_sm: n,
        warps_per_sm: n * warps as u32,
        theoretical: (n as u64 * warps) as f64 / c.max_warps_per_sm as f64,
        limited_by: name.to_string(),
        registers,
    }
}

/// Per-pc accumulators.
#[derive(Clone, Default)]
struct PcStats {
    issued: u64,
    lat_sum: u64,
    lat_max: u64,
    stalls: Stalls,
    caused: u64,
    tag_lookups: u64,
    sectors: u64,
    lines: u64,
    wavefronts: u64,
    transactions: u64,
    ideal: u64,
    l1: u64,
    l2: u64,
    dram: u64,
    space: Option<Space>,
    load: bool,
    atomic: bool,
    data_bytes: u64,
    execs_with_data: u64,
    cache: Option<CacheOp>,
}

/// The CTA the executor is running: the one dispatched last, while it has not finished.
struct Live {
    run: CtaRun,
    sm: usize,
    cslot: usize,
}

/// A timed launch. Build with [`Timing::new`], then [`Timing::run`].
pub struct Timing<'e, 'p> {
    emu: &'e mut Emulator<'p>,
    live: Option<Live>,
    /// Bytes of records and timeline the model may hold.
    memory_limit: u64,
    /// The memory limit stopped the model ([`StopReason::TraceMemory`]).
    halted: bool,
    stop_message: Option<String>,
    cfg: TimingConfig,
    registers: u32,
    info: Vec<PcInfo>,
    h: Hierarchy,
    sms: Vec<Sm>,
    pcs: Vec<PcStats>,
    stalls: Stalls,
    next_cta: u32,
    ctas_total: u64,
    occ: Occupancy,
    warps_per_cta: u32,
    local_stride: u64,
    now: u64,
    end: u64,
    age: u64,
    warp_insts: u64,
    thread_insts: u64,
    ctas_done: u64,
    partial: bool,
    stop: Option<StopReason>,
    max_cycles: u64,
    timeline: Option<Timeline>,
}

impl<'e, 'p> Timing<'e, 'p> {
    /// A timed launch of `emu`'s program with `cfg`; `registers` per thread decide the
    /// occupancy (the cubin's count, or the manifest's).
    pub fn new(
        emu: &'e mut Emulator<'p>,
        cfg: TimingConfig,
        registers: u32,
    ) -> Result<Timing<'e, 'p>, String> {
        cfg.core.check()?;
        let h = Hierarchy::new(cfg.memory.clone())?;
        let info = emu
            .prog
            .insts
            .iter()
            .map(|i| match i {
                Ok(i) => PcInfo::new(i, &cfg),
                Err(_) => PcInfo::invalid(),
            })
            .collect::<Vec<_>>();
        let threads: u64 = emu.cfg.block.iter().map(|&b| b as u64).product();
        let occ = occupancy(&cfg, threads, registers, emu.cfg.shared_bytes);
        let ctas_total = emu.cfg.grid.iter().map(|&g| g as u64).product();
        let sched = cfg.core.schedulers as usize;
        let sms = (0..cfg.memory.sms)
            .map(|_| Sm {
                warps: Vec::new(),
                ctas: Vec::new(),
                lsu_free: 0,
                port_free: vec![0; sched],
                last: vec![None; sched],
                resident_ctas: 0,
                wake: 0,
            })
            .collect();
        let pcs = vec![PcStats::default(); info.len()];
        let local_stride = (emu.cfg.local_bytes * WARP as u64).div_ceil(128) * 128;
        Ok(Timing {
            warps_per_cta: threads.div_ceil(WARP as u64) as u32,
            emu,
            live: None,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            halted: false,
            stop_message: None,
            registers,
            info,
            h,
            sms,
            pcs,
            stalls: Stalls::default(),
            next_cta: 0,
            ctas_total,
            occ,
            local_stride: local_stride.max(128),
            now: 0,
            end: 0,
            age: 0,
            warp_insts: 0,
            thread_insts: 0,
            ctas_done: 0,
            partial: false,
            stop: None,
            max_cycles: cfg.max_cycles,
            timeline: None,
            cfg,
        })
    }

    /// Stops the model after `cycles` cycles (the report is then partial); overrides
    /// [`TimingConfig::max_cycles`].
    pub fn with_max_cycles(mut self, cycles: u64) -> Self {
        self.max_cycles = cycles;
        self
    }

    /// Records a timeline of at most `limit` instruction slices ([`Timing::run_traced`]).
    pub fn with_trace(mut self, limit: usize) -> Self {
        let mut t = Timeline::new(limit);
        t.set_budget(self.memory_limit / 2);
        self.timeline = Some(t);
        self
    }

    /// Holds at most `bytes` of executed-instruction records not yet timed and of
    /// timeline together (default [`DEFAULT_MEMORY_LIMIT`]; `[limits]
    /// max_trace_memory`). The timeline takes at most half of it (then it is
    /// truncated); the model stops ([`StopReason::TraceMemory`], a partial report whose
    /// [`TimingReport::stop_message`] says where) when the records it needs would pass
    /// the rest.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = bytes;
        if let Some(t) = self.timeline.as_mut() {
            t.set_budget(bytes / 2);
        }
        self
    }

    /// Runs the grid and returns the report with the timeline (`None` without
    /// [`Timing::with_trace`]).
    pub fn run_traced(mut self) -> (TimingReport, Option<Timeline>) {
        self.simulate();
        let t = self.timeline.take();
        (self.report(), t)
    }

    /// Runs the grid to the end (or a limit) and reports.
    pub fn run(mut self) -> TimingReport {
        self.simulate();
        self.report()
    }

    fn simulate(&mut self) {
        if self.occ.ctas_per_sm == 0 {
            // The CTA does not fit on an SM: nothing can run.
            self.stopped(StopReason::CtaTooLarge);
            self.emu.finish();
            return;
        }
        self.fill();
        let mut ready: Vec<usize> = Vec::new();
        loop {
            if self.sms.iter().all(|s| s.resident_ctas == 0) {
                break;
            }
            if self.halted {
                break;
            }
            if self.now >= self.max_cycles {
                self.now = self.max_cycles;
                self.finish_live();
                self.stopped(StopReason::MaxCycles);
                break;
            }
            let mut next = NEVER;
            for sm in 0..self.sms.len() {
                if self.sms[sm].wake > self.now {
                    next = next.min(self.sms[sm].wake);
                    continue;
                }
                let w = self.cycle(sm, &mut ready);
                // A CTA dispatched to this SM during the cycle is looked at next cycle.
                let w = if self.sms[sm].wake == 0 {
                    self.now + 1
                } else {
                    w
                };
                self.sms[sm].wake = w;
                next = next.min(w);
            }
            if self.halted {
                break;
            }
            if next == NEVER {
                // Every warp waits on something that will not come (a barrier some
                // warp never reaches): stop with what ran.
                self.finish_live();
                self.stopped(StopReason::Deadlock);
                break;
            }
            self.now = next.max(self.now + 1);
        }
        // The CTA the executor was running ends functionally as if it had been run whole
        // (a stopped model times no more of it).
        self.finish_live();
        // Warps still resident (a stopped run) are charged up to the end.
        let now = self.now;
        for sm in &mut self.sms {
            for ws in sm.warps.iter_mut().flatten() {
                settle(ws, now, &mut self.pcs, &mut self.stalls);
            }
        }
        self.emu.finish();
    }

    /// Marks the run partial; the first reason is kept.
    fn stopped(&mut self, why: StopReason) {
        self.partial = true;
        self.stop.get_or_insert(why);
    }

    /// Dispatches CTAs to every SM with room, round robin over the SMs.
    fn fill(&mut self) {
        let nsm = self.sms.len();
        loop {
            let mut placed = false;
            for sm in 0..nsm {
                if (self.next_cta as u64) < self.ctas_total
                    && self.sms[sm].resident_ctas < self.occ.ctas_per_sm
                {
                    // CTAs run functionally in dispatch order: the one in progress ends
                    // first (what it executes is held for the model), and whether a
                    // limit stopped the launch is known then.
                    self.complete_live();
                    if self.emu.stopped() || self.halted {
                        continue;
                    }
                    self.dispatch(sm);
                    placed = true;
                }
            }
            if !placed {
                return;
            }
        }
    }

    fn dispatch(&mut self, sm: usize) {
        let linear = self.next_cta;
        self.next_cta += 1;
        let Some(run) = self.emu.start_cta(linear) else {
            return;
        };
        let s = &mut self.sms[sm];
        let cslot = match s.ctas.iter().position(|c| c.is_none()) {
            Some(i) => i,
            None => {
                s.ctas.push(None);
                s.ctas.len() - 1
            }
        };
        s.ctas[cslot] = Some(CtaSlot {
            trace: CtaTrace::new(linear),
            live: 0,
            arrived: 0,
            warps: Vec::new(),
            stores_until: 0,
        });
        self.live = Some(Live { run, sm, cslot });
        let mut ids = Vec::new();
        let nw = self.warps_per_cta as usize;
        for w in 0..nw {
            // A warp that executes nothing (the launch stopped before it ran) gets no
            // slot.
            let Some(first) = self.next_event(sm, cslot, w) else {
                if self.halted {
                    break;
                }
                continue;
            };
            self.age += 1;
            let slot = WarpSlot {
                cta: cslot,
                wic: w,
                cur: Some(first),
                ready: self.now,
                ready_reason: Reason::ExecutionDependency,
                sb: Default::default(),
                at_bar: false,
                const_checked: false,
                done: false,
                slice: LOCAL_BASE + (linear as u64 * nw as u64 + w as u64) * self.local_stride,
                age: self.age,
                wake: 0,
                why: None,
                since: self.now,
                blame: None,
                gid: linear as u64 * nw as u64 + w as u64,
                open: None,
            };
            let s = &mut self.sms[sm];
            let i = match s.warps.iter().position(|x| x.is_none()) {
                Some(i) => i,
                None => {
                    s.warps.push(None);
                    s.warps.len() - 1
                }
            };
            if let Some(t) = self.timeline.as_mut() {
                t.name_warp(sm as u32, slot.gid, format!("CTA {linear} warp {w}"));
            }
            s.warps[i] = Some(slot);
            ids.push(i);
        }
        if ids.is_empty() {
            self.release_live(sm, cslot);
            self.sms[sm].ctas[cslot] = None;
            if !self.halted {
                self.ctas_done += 1;
            }
            return;
        }
        let s = &mut self.sms[sm];
        if let Some(c) = s.ctas[cslot].as_mut() {
            c.live = ids.len() as u32;
            c.warps = ids;
        }
        s.resident_ctas += 1;
        s.wake = 0;
    }

    /// Warp `wic` of the CTA in slot `cslot` of SM `sm`: its next instruction, taken
    /// from the CTA's trace; while the CTA is the one the executor runs, the executor
    /// runs on (a window at a time) until the warp has one or will have none. `None`
    /// when it has no more, or when the memory limit stopped the model.
    fn next_event(&mut self, sm: usize, cslot: usize, wic: usize) -> Option<Event> {
        loop {
            let c = self.sms[sm].ctas[cslot].as_mut()?;
            if let Some(e) = c.trace.pop_event(wic) {
                return Some(e);
            }
            let live = self
                .live
                .as_mut()
                .filter(|l| l.sm == sm && l.cslot == cslot)?;
            if live.run.warp_done(wic) || self.halted {
                return None;
            }
            let linear = c.trace.linear;
            self.emu.advance(&mut live.run, Some(&mut c.trace), WINDOW);
            if self.emu.stopped() {
                self.stopped(StopReason::Emulator);
            }
            if self.over_limit() {
                self.halt(format!(
                    "CTA {linear} warp {wic} waits for its next instruction while the executor runs \
                     ahead of it (a CTA's warps run one after another up to each barrier, and CTAs \
                     one after another)"
                ));
                return None;
            }
        }
    }

    /// Whether the records held now and the timeline together pass the memory limit.
    fn over_limit(&self) -> bool {
        let records: usize = self
            .sms
            .iter()
            .flat_map(|s| s.ctas.iter().flatten())
            .map(|c| c.trace.bytes())
            .sum();
        let timeline = self.timeline.as_ref().map_or(0, |t| t.bytes());
        (records as u64).saturating_add(timeline) > self.memory_limit
    }

    /// Stops the model for the memory limit, with where it stood.
    fn halt(&mut self, why: String) {
        self.halted = true;
        self.stopped(StopReason::TraceMemory);
        self.stop_message.get_or_insert(format!(
            "cycle {}: the executed instructions held for timing pass limits.max_trace_memory \
             ({} bytes): {why}",
            self.now, self.memory_limit
        ));
    }

    /// Runs the CTA in progress to its end, keeping what it executes for the model (a
    /// CTA dispatched after it needs the executor); past the memory limit the model
    /// stops and the rest runs untimed.
    fn complete_live(&mut self) {
        while let Some(l) = self.live.as_mut() {
            if self.halted {
                self.finish_live();
                return;
            }
            let Some(c) = self.sms[l.sm].ctas[l.cslot].as_mut() else {
                self.finish_live();
                return;
            };
            let done = self.emu.advance(&mut l.run, Some(&mut c.trace), WINDOW);
            let linear = c.trace.linear;
            if self.emu.stopped() {
                self.stopped(StopReason::Emulator);
            }
            if done {
                self.live = None;
            }
            if self.over_limit() {
                self.halt(format!(
                    "CTA {linear} is run to its end before the next CTA is dispatched (CTAs run \
                     one after another) while the model times it"
                ));
            }
        }
    }

    /// Runs the CTA in progress to its end without keeping what it executes (the model
    /// needs no more of it).
    fn finish_live(&mut self) {
        if let Some(mut l) = self.live.take() {
            self.emu.advance(&mut l.run, None, u64::MAX);
            if self.emu.stopped() {
                self.stopped(StopReason::Emulator);
            }
        }
    }

    /// The CTA in slot `cslot` of SM `sm` leaves: when it is the one in progress, its
    /// end runs untimed.
    fn release_live(&mut self, sm: usize, cslot: usize) {
        if self
            .live
            .as_ref()
            .is_some_and(|l| l.sm == sm && l.cslot == cslot)
        {
            self.finish_live();
        }
    }

    /// Why warp `w` cannot issue now, and when that may change (`None`: it can).
    fn blocked(&mut self, sm: usize, w: usize) -> Option<(Reason, u64)> {
        let now = self.now;
        let s = &mut self.sms[sm];
        let ws = s.warps[w].as_mut()?;
        if ws.at_bar {
            return Some((Reason::Sync, NEVER));
        }
        if ws.ready > now {
            return Some((ws.ready_reason, ws.ready));
        }
        let Some(ev) = ws.cur else {
            // The memory limit stopped the model before its next instruction came.
            return Some((Reason::ExecutionDependency, NEVER));
        };
        let info = self.info[ev.pc as usize];
        ws.sb.release(|r| r.at <= now);
        let mut wake: Option<(Reason, u64)> = None;
        ws.sb.blockers(
            &info.waits,
            |r| r.at,
            |p| {
                let r = if p.data.memory {
                    Reason::MemoryDependency
                } else {
                    Reason::ExecutionDependency
                };
                if wake.is_none_or(|(_, t)| p.data.at > t) {
                    wake = Some((r, p.data.at));
                }
            },
        );
        if wake.is_some() {
            return wake;
        }
        if info.mem {
            let sched = w % s.port_free.len();
            let busy = s.port_free[sched].max(s.lsu_free);
            if busy > now {
                return Some((Reason::PipeBusy, busy));
            }
        }
        if let (Some(addr), false) = (info.konst, ws.const_checked) {
            ws.const_checked = true;
            let mut a = Access::new(
                Space::Constant,
                AccessKind::Load,
                4,
                false,
                CacheOp::Default,
            );
            for l in 0..WARP {
                if ev.active >> l & 1 != 0 {
                    a.set_lane(l, addr);
                }
            }
            let t = self.h.constant(sm, &a);
            if t.latency > self.cfg.memory.const_l1_latency {
                let ready = now + t.latency as u64;
                ws.ready = ready;
                ws.ready_reason = Reason::ConstantMiss;
                return Some((Reason::ConstantMiss, ready));
            }
        }
        None
    }

    /// One cycle of SM `sm`: each scheduler issues at most one instruction (two for a
    /// dual-issue pair); returns the next cycle anything on the SM can change.
    fn cycle(&mut self, sm: usize, ready: &mut Vec<usize>) -> u64 {
        let now = self.now;
        let nsched = self.sms[sm].port_free.len();
        let nw = self.sms[sm].warps.len();
        let mut next = NEVER;
        for sch in 0..nsched {
            ready.clear();
            let mut w = sch;
            while w < nw {
                let skip = match &self.sms[sm].warps[w] {
                    Some(x) if !x.done => {
                        if x.wake > now {
                            next = next.min(x.wake);
                            true
                        } else {
                            false
                        }
                    }
                    _ => true,
                };
                if !skip {
                    match self.blocked(sm, w) {
                        Some((r, t)) => {
                            let blame = if matches!(
                                r,
                                Reason::MemoryDependency | Reason::ExecutionDependency
                            ) {
                                self.sms[sm].warps[w]
                                    .as_ref()
                                    .and_then(|ws| blocking_producer(ws, &self.info, now))
                            } else {
                                None
                            };
                            self.set_state(sm, w, r, t, blame);
                            next = next.min(t);
                        }
                        None => ready.push(w),
                    }
                }
                w += nsched;
            }
            // Greedy: the last warp again unless it yielded; else the oldest ready warp.
            let last = self.sms[sm].last[sch];
            let pick = match last {
                Some(l) if ready.contains(&l) => Some(l),
                _ => ready
                    .iter()
                    .copied()
                    .min_by_key(|&w| self.sms[sm].warps[w].as_ref().map(|x| x.age)),
            };
            let Some(w) = pick else { continue };
            for &o in ready.iter() {
                if o != w {
                    self.set_state(sm, o, Reason::NotSelected, now + 1, None);
                }
            }
            next = next.min(now + 1);
            let dual = self.issue(sm, w, sch);
            if dual
                && self.sms[sm].warps[w].as_ref().is_some_and(|x| !x.done)
                && self.blocked(sm, w).is_none()
            {
                self.issue(sm, w, sch);
            }
        }
        next
    }

    /// Warp `w` does not issue, for reason `r`, until `wake` at the earliest.
    fn set_state(&mut self, sm: usize, w: usize, r: Reason, wake: u64, blame: Option<u32>) {
        let now = self.now;
        if let Some(ws) = self.sms[sm].warps[w].as_mut() {
            if ws.why != Some(r) || ws.blame != blame {
                settle(ws, now, &mut self.pcs, &mut self.stalls);
                ws.why = Some(r);
                ws.blame = blame;
            }
            ws.wake = wake;
        }
    }

    /// Issues warp `w`'s next instruction; returns whether it dual-issues with the next.
    fn issue(&mut self, sm: usize, w: usize, sch: usize) -> bool {
        let now = self.now;
        let core = &self.cfg.core;
        let (ev, cta, wic) = {
            let ws = self.sms[sm].warps[w].as_mut().expect("a resident warp");
            let Some(ev) = ws.cur else {
                return false;
            };
            settle(ws, now, &mut self.pcs, &mut self.stalls);
            ws.why = None;
            ws.blame = None;
            ws.wake = 0;
            (ev, ws.cta, ws.wic)
        };
        let pc = ev.pc as usize;
        let info = self.info[pc];
        self.warp_insts += 1;
        self.thread_insts += (ev.active & ev.guard).count_ones() as u64;
        let mut done = now + info.latency as u64;
        let mut mem_result = info.mem_result;
        // Where the memory instruction was served from, and the DRAM bytes it read.
        let (mut served, mut dram_bytes) = (Served::Near, 0u64);
        if info.mem {
            let s = &mut self.sms[sm];
            s.port_free[sch] = now + core.mem_issue_cycles as u64;
            let read = if info.mem_shared_like {
                core.shared_read_latency
            } else {
                core.global_read_latency
            };
            done = now + read as u64;
            let n = ev.nmem as usize;
            for _ in 0..n {
                let s = &mut self.sms[sm];
                let Some(a) = s.ctas[cta].as_mut().and_then(|c| c.trace.pop_access(wic)) else {
                    break;
                };
                let start = now.max(s.lsu_free);
                let slice = s.warps[w].as_ref().map(|x| x.slice).unwrap_or(LOCAL_BASE);
                let t: AccessTiming = match a.space {
                    Space::Local | Space::Scratch => self.h.local(sm, start, slice, &a),
                    _ => self.h.access(sm, start, &a),
                };
                let (space, kind, cache) = (a.space, a.kind, a.cache);
                let writes = kind == AccessKind::Store || a.rmw.is_some();
                let data = a.data_lanes().count_ones() as u64 * a.bytes as u64;
                let s = &mut self.sms[sm];
                s.lsu_free = start + t.lsu_cycles(space) as u64;
                done = done.max(start + t.latency as u64);
                if writes && let Some(c) = s.ctas[cta].as_mut() {
                    c.stores_until = c.stores_until.max(start + t.latency as u64);
                }
                let p = &mut self.pcs[pc];
                p.tag_lookups += t.tag_lookups as u64;
                p.sectors += t.cost.sectors_32 as u64;
                p.lines += t.cost.lines_128 as u64;
                p.wavefronts += t.cost.wavefronts as u64;
                p.transactions += t.cost.transactions as u64;
                p.ideal += t.cost.ideal as u64;
                p.l1 += t.l1_hit_sectors as u64;
                p.l2 += t.l2_hit_sectors as u64;
                p.dram += t.dram_sectors as u64;
                p.space = Some(space);
                p.load = kind == AccessKind::Load;
                p.atomic = a.rmw.is_some();
                p.cache = Some(cache);
                p.data_bytes += data;
                p.execs_with_data += 1;
                if t.dram_sectors > 0 && space != Space::Constant {
                    served = Served::Dram;
                    dram_bytes += t.dram_sectors as u64 * 32;
                } else if t.l2_hit_sectors > 0 && served == Served::Near {
                    served = Served::L2;
                }
            }
            if n == 0 {
                mem_result = true;
            }
        }
        // Cache control (`CCTL.IV`/`.RS`, `CCTLL.IV`/`.RS`): the issuing SM's L1 drops
        // the named lines when the instruction issues.
        for _ in 0..ev.nctl {
            let s = &mut self.sms[sm];
            let slice = s.warps[w].as_ref().map(|x| x.slice).unwrap_or(LOCAL_BASE);
            let Some(a) = s.ctas[cta].as_mut().and_then(|c| c.trace.pop_ctl(wic)) else {
                break;
            };
            self.h.invalidate_l1(sm, slice, &a);
        }
        {
            let p = &mut self.pcs[pc];
            p.issued += 1;
            let lat = done - now;
            p.lat_sum += lat;
            p.lat_max = p.lat_max.max(lat);
        }
        self.end = self.end.max(done);
        // The warp's next instruction (the executor runs on when it has none yet).
        let next = self.next_event(sm, cta, wic);
        // Without one, this was its last (unless the memory limit stopped the model).
        let last = next.is_none() && !self.halted;
        if let Some(tl) = self.timeline.as_mut() {
            if info.mem {
                tl.memory(now, done, served, dram_bytes);
            }
            let ws = self.sms[sm].warps[w].as_mut().expect("a resident warp");
            if let Some((ppc, start, lat)) = ws.open.take() {
                tl.slice(sm as u32, ws.gid, ppc, start, now, lat);
            }
            if last {
                tl.slice(sm as u32, ws.gid, pc as u32, now, done, done - now);
            } else {
                ws.open = Some((pc as u32, now, done - now));
            }
        }
        let s = &mut self.sms[sm];
        let ws = s.warps[w].as_mut().expect("a resident warp");
        // Barriers become active the cycle after issue.
        if (info.wr as usize) < SBS {
            let r = Release {
                at: done.max(now + 1),
                memory: mem_result,
            };
            ws.sb.issue(info.wr, false, pc as u32, r);
        }
        if (info.rd as usize) < SBS {
            let read = if info.mem_shared_like {
                self.cfg.core.shared_read_latency
            } else {
                self.cfg.core.global_read_latency
            };
            let r = Release {
                at: now + read.max(1) as u64,
                memory: false,
            };
            ws.sb.issue(info.rd, true, pc as u32, r);
        }
        ws.ready = if info.dual {
            now
        } else {
            now + info.stall.max(1) as u64
        };
        ws.ready_reason = Reason::ExecutionDependency;
        ws.const_checked = false;
        ws.cur = next;
        s.last[sch] = if info.yields { None } else { Some(w) };
        let finished = last;
        if info.bar && !finished {
            ws.at_bar = true;
            if let Some(c) = s.ctas[cta].as_mut() {
                c.arrived += 1;
            }
        }
        if finished {
            ws.done = true;
            if let Some(c) = s.ctas[cta].as_mut() {
                c.live -= 1;
            }
        }
        self.release_barrier(sm, cta);
        let cta_done = self.sms[sm].ctas[cta].as_ref().is_some_and(|c| c.live == 0);
        if cta_done {
            self.release_live(sm, cta);
            let s = &mut self.sms[sm];
            if let Some(c) = s.ctas[cta].take() {
                for w in c.warps {
                    s.warps[w] = None;
                    for l in s.last.iter_mut() {
                        if *l == Some(w) {
                            *l = None;
                        }
                    }
                }
            }
            s.resident_ctas -= 1;
            self.ctas_done += 1;
            self.end = self.end.max(now + 1);
            self.fill();
        }
        info.dual && !finished
    }

    /// Releases CTA `cta`'s warps from its barrier once every live warp arrived and every
    /// store and atomic the CTA issued before it completed (BAR.SYNC waits for
    /// outstanding stores, not for loads: maxas's control-code notes; a load's result is
    /// the business of its scoreboard).
    fn release_barrier(&mut self, sm: usize, cta: usize) {
        let now = self.now;
        let s = &mut self.sms[sm];
        let Some(c) = s.ctas[cta].as_mut() else {
            return;
        };
        if c.arrived == 0 || c.arrived < c.live {
            return;
        }
        c.arrived = 0;
        let drained = c.stores_until;
        for &w in &c.warps {
            if let Some(ws) = s.warps[w].as_mut()
                && ws.at_bar
            {
                ws.at_bar = false;
                if drained > ws.ready.max(now + 1) {
                    ws.ready = drained;
                    ws.ready_reason = Reason::Sync;
                } else {
                    ws.ready = ws.ready.max(now + 1);
                }
                ws.wake = 0;
            }
        }
    }

    fn report(self) -> TimingReport {
        let hs = self.h.stats();
        let mut per_inst = BTreeMap::new();
        let mut m = Metrics::default();
        for (pc, p) in self.pcs.iter().enumerate() {
            if p.issued == 0 {
                continue;
            }
            m.add(p);
            per_inst.insert(
                inst_addr(pc),
                InstTiming {
                    text: self.emu.prog.texts[pc].clone(),
                    issued: p.issued,
                    latency_sum: p.lat_sum,
                    latency_avg: p.lat_sum as f64 / p.issued as f64,
                    latency_max: p.lat_max,
                    stalls: p.stalls,
                    caused_wait: p.caused,
                    requests: p.execs_with_data,
                    transactions: p.transactions,
                    sectors: p.sectors,
                    lines: p.lines,
                    wavefronts: p.wavefronts,
                    tag_lookups: p.tag_lookups,
                    ideal: p.ideal,
                    excessive_pct: excessive_pct(p.transactions, p.ideal),
                    l1_hit_sectors: p.l1,
                    l2_hit_sectors: p.l2,
                    dram_sectors: p.dram,
                },
            );
        }
        let level = |s: &LevelStats, sector: u64| Level {
            accesses: s.read_sectors,
            hits: s.read_hits,
            misses: s.read_sectors - s.read_hits,
            hit_rate: s.hit_rate().unwrap_or(0.0),
            bytes: s.read_sectors * sector,
            write_sectors: s.write_sectors,
        };
        let mut levels = BTreeMap::new();
        let p = &self.cfg.memory;
        levels.insert("l1_tex".to_string(), level(&hs.l1, p.l1.sector as u64));
        levels.insert("l2".to_string(), level(&hs.l2, p.l2.sector as u64));
        levels.insert("const_l1".to_string(), level(&hs.const_l1, 4));
        levels.insert("const_l15".to_string(), level(&hs.const_l15, 4));
        levels.insert(
            "dram".to_string(),
            Level {
                accesses: hs.dram_read_sectors,
                hits: hs.dram_read_sectors,
                misses: 0,
                hit_rate: if hs.dram_read_sectors > 0 { 100.0 } else { 0.0 },
                bytes: hs.dram_read_sectors * 32,
                write_sectors: hs.dram_write_sectors,
            },
        );
        // A run stopped by the cycle limit reports the cycles it was given.
        let cycles = if self.stop == Some(StopReason::MaxCycles) {
            self.end.min(self.max_cycles)
        } else {
            self.end
        };
        let mut metrics = m.finish();
        let put = |k: &str, v: f64, metrics: &mut BTreeMap<String, f64>| {
            metrics.insert(k.to_string(), v);
        };
        put(
            "l2_read_transactions",
            hs.l2.read_sectors as f64,
            &mut metrics,
        );
        put(
            "l2_write_transactions",
            hs.l2.write_sectors as f64,
            &mut metrics,
        );
        put(
            "dram_read_transactions",
            hs.dram_read_sectors as f64,
            &mut metrics,
        );
        put(
            "dram_write_transactions",
            hs.dram_write_sectors as f64,
            &mut metrics,
        );
        put(
            "dram_read_bytes",
            hs.dram_read_sectors as f64 * 32.0,
            &mut metrics,
        );
        put(
            "tex_cache_hit_rate",
            hs.l1.hit_rate().unwrap_or(0.0),
            &mut metrics,
        );
        put(
            "l2_tex_read_hit_rate",
            hs.l2.hit_rate().unwrap_or(0.0),
            &mut metrics,
        );
        put("inst_executed", self.warp_insts as f64, &mut metrics);
        put("elapsed_cycles_sm", cycles as f64, &mut metrics);
        if cycles > 0 {
            put(
                "ipc",
                self.warp_insts as f64 / cycles as f64 / self.sms.len().max(1) as f64,
                &mut metrics,
            );
            put(
                "dram_read_bytes_per_cycle",
                hs.dram_read_sectors as f64 * 32.0 / cycles as f64,
                &mut metrics,
            );
        }
        let total = self.stalls.total().max(1) as f64;
        for (k, v) in [
            ("stall_memory_dependency", self.stalls.memory_dependency),
            ("stall_exec_dependency", self.stalls.execution_dependency),
            ("stall_sync", self.stalls.sync),
            (
                "stall_constant_memory_dependency",
                self.stalls.constant_miss,
            ),
            ("stall_pipe_busy", self.stalls.pipe_busy),
            ("stall_not_selected", self.stalls.not_selected),
        ] {
            put(k, 100.0 * v as f64 / total, &mut metrics);
        }
        TimingReport {
            preset: self.cfg.preset_name().to_string(),
            cycles,
            partial: self.partial,
            stop_reason: self.stop,
            stop_message: self.stop_message,
            ctas: self.ctas_done,
            warp_instructions: self.warp_insts,
            thread_instructions: self.thread_insts,
            occupancy: Occupancy {
                registers: self.registers,
                ..self.occ.clone()
            },
            stalls: self.stalls,
            per_inst,
            levels,
            metrics,
        }
    }
}

/// The instruction whose scoreboard warp `ws` waits on now (for blame).
fn blocking_producer(ws: &WarpSlot, info: &[PcInfo], now: u64) -> Option<u32> {
    let ev = ws.cur?;
    let i = info.get(ev.pc as usize)?;
    let mut best: Option<&scoreboard::Entry<Release>> = None;
    for p in ws.sb.on_barriers(i.waits.barriers()) {
        if p.data.at > now && best.is_none_or(|b| p.data.at > b.data.at) {
            best = Some(p);
        }
    }
    best.map(|p| p.producer)
}

/// `100 (transactions - ideal) / transactions`; 0 when ideal (or no transaction).
pub(crate) fn excessive_pct(transactions: u64, ideal: u64) -> f64 {
    if transactions > ideal {
        100.0 * (transactions - ideal) as f64 / transactions as f64
    } else {
        0.0
    }
}

/// Sums for nvprof's per-space metrics, from the same per-instruction sums as the
/// timing table: `gld_transactions` = its `sectors` (distinct 32-byte sectors of each
/// warp instruction, the statistics' `sectors`), `gld_requests` = the executions that
/// moved data (one per warp instruction), `shared_load_transactions` = wavefronts.
/// Atomics and reductions are neither loads nor stores here (nvprof counts global ones
/// as `atomic_transactions`). `gld_efficiency` is nvprof's requested bytes (every
/// lane's) over the transactions' bytes: above 100 % when lanes share bytes (a
/// broadcast word: 128 bytes requested, one 32-byte sector moved, 400 %).
#[derive(Default)]
struct Metrics {
    gld_requests: u64,
    gld_sectors: u64,
    gld_bytes: u64,
    gst_requests: u64,
    gst_sectors: u64,
    gst_bytes: u64,
    lds_requests: u64,
    lds_wavefronts: u64,
    sts_requests: u64,
    sts_wavefronts: u64,
    local_load_sectors: u64,
    local_store_sectors: u64,
    atomic_sectors: u64,
}

impl Metrics {
    fn add(&mut self, p: &PcStats) {
        let n = p.execs_with_data;
        match (p.space, p.load, p.atomic) {
            (Some(Space::Global), true, false) => {
                self.gld_requests += n;
                self.gld_sectors += p.sectors;
                self.gld_bytes += p.data_bytes;
            }
            (Some(Space::Global), false, false) => {
                self.gst_requests += n;
                self.gst_sectors += p.sectors;
                self.gst_bytes += p.data_bytes;
            }
            (Some(Space::Global), _, true) => self.atomic_sectors += p.sectors,
            (Some(Space::Shared), true, false) => {
                self.lds_requests += n;
                self.lds_wavefronts += p.wavefronts;
            }
            (Some(Space::Shared), false, false) => {
                self.sts_requests += n;
                self.sts_wavefronts += p.wavefronts;
            }
            (Some(Space::Local), true, _) => self.local_load_sectors += p.sectors,
            (Some(Space::Local), false, _) => self.local_store_sectors += p.sectors,
            _ => {}
        }
    }

    fn finish(&self) -> BTreeMap<String, f64> {
        let mut m = BTreeMap::new();
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let mut put = |k: &str, v: f64| {
            m.insert(k.to_string(), v);
        };
        put("gld_requests", self.gld_requests as f64);
        put("gld_transactions", self.gld_sectors as f64);
        put(
            "gld_transactions_per_request",
            ratio(self.gld_sectors, self.gld_requests),
        );
        put(
            "gld_efficiency",
            100.0 * ratio(self.gld_bytes, self.gld_sectors * 32),
        );
        put("gst_requests", self.gst_requests as f64);
        put("gst_transactions", self.gst_sectors as f64);
        put(
            "gst_transactions_per_request",
            ratio(self.gst_sectors, self.gst_requests),
        );
        put(
            "gst_efficiency",
            100.0 * ratio(self.gst_bytes, self.gst_sectors * 32),
        );
        put("shared_load_transactions", self.lds_wavefronts as f64);
        put(
            "shared_load_transactions_per_request",
            ratio(self.lds_wavefronts, self.lds_requests),
        );
        put("shared_store_transactions", self.sts_wavefronts as f64);
        put(
            "shared_store_transactions_per_request",
            ratio(self.sts_wavefronts, self.sts_requests),
        );
        put("local_load_transactions", self.local_load_sectors as f64);
        put("local_store_transactions", self.local_store_sectors as f64);
        put("atomic_transactions", self.atomic_sectors as f64);
        m
    }
}
