//! The Maxwell warp executor: a functional model (no timing) of grids of CTAs of
//! warps of 32 lanes, with a per-warp reconvergence stack (SSY/SYNC, PBK/BRK, PCNT/CONT,
//! CAL/RET, divergent BRA/BRX, EXIT), named CTA barriers, and every memory instruction
//! (atomics included) turned into one
//! [`gpumem_mem::Access`] record that both the memory and the statistics consume.

use crate::config::LaunchConfig;
use crate::error::WarpError;
use crate::fault::{Fault, FaultKind};
use crate::program::{Program, inst_addr};
use crate::resolve::{AtomPre, Exec, Kind};
use crate::sem::{self, Env, control, memory};
use crate::stats::{InstStats, Stats};
use crate::trace::{CtaTrace, FirstAccesses};
use crate::warp::{CtaCtx, Lanes, NREGS, Warp, lanes};
use gpumem_maxwell::table::BarRed;
use gpumem_maxwell::{Operand, RZ};
use gpumem_mem::{Access, AccessKind, CtaMemory, Memory, Space, WARP, model};

mod devcall;
mod parallel;

/// Most faults kept in the report (the rest are only counted).
pub const MAX_FAULTS: usize = 1000;
/// Where kernel parameters start in constant bank 0.
pub const PARAM_BASE: u64 = 0x140;

/// A launch being emulated.
pub struct Emulator<'p> {
    /// The program being run.
    pub prog: &'p Program,
    /// The launch.
    pub cfg: LaunchConfig,
    /// Global memory and constant banks (shared and local live per CTA).
    pub mem: Memory,
    /// Faults so far (at most [`MAX_FAULTS`]; the rest are counted in `stats`).
    pub faults: Vec<Fault>,
    /// Statistics of the run (complete once [`Emulator::run`] returns).
    pub stats: Stats,
    /// Set from another thread (a Ctrl-C handler) to stop the launch at its next warp
    /// instruction with a `step_limit` fault saying it was interrupted.
    pub interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    pub(crate) stop: bool,
    /// Per instruction, resolved at launch ([`Exec`]).
    exec: Vec<Exec>,
    /// Statistics by instruction index while running; merged into `stats.per_inst`
    /// when [`Emulator::run`] returns.
    dense: Vec<InstStats>,
    /// Registers any instruction can name (highest named + 4 for pairs and vectors):
    /// the ones a reused warp must clear.
    reg_bound: usize,
    /// Warps of the previous CTA, reused (their 255 registers per lane are large).
    pool: Vec<Warp>,
    /// Per instruction: the first register it names at or above `cfg.registers`
    /// (executing it is a `register_out_of_range` fault).
    reg_over: Vec<Option<u8>>,
    /// What to keep of CTAs' state when they finish ([`Emulator::capture`]).
    captures: Vec<Capture>,
    /// The kept bytes, one entry per capture (`None` until its CTA finishes).
    captured: Vec<Option<Vec<u8>>>,
    /// Threads that arrived at each named barrier of the running CTA without waiting
    /// (`BAR.ARV`), since it last completed.
    arrived: [u32; 16],
    /// While [`Emulator::advance`] runs with a trace, every executed instruction and
    /// memory record is appended here (the timing model's input; off for functional
    /// runs).
    trace: Option<CtaTrace>,
    /// The run-time scoreboard (`scoreboard.rs`).
    pub(crate) board: crate::scoreboard::Board,
    /// The access records of the memory instruction being executed (kept between
    /// instructions so that none allocates a list).
    records: Vec<Access>,
    /// Per instruction, the statistics model's memo of its last access record (the
    /// same cost as `model::cost`, computed once per address shape).
    costs: Vec<model::CostMemo>,
    /// Device-side `printf` and `assert`: when set, `JCAL` of `vprintf`'s and
    /// `__assertfail`'s addresses ([`crate::devcall`]) print each active lane's call
    /// here ([`crate::vprintf`]) in execution order.
    pub printf: Option<Vec<PrintfLine>>,
    /// The device heap of kernels' `malloc`/`free` ([`crate::devcall`]); `None`: those
    /// calls are `unsupported` faults.
    pub heap: Option<crate::devcall::DeviceHeap>,
    /// A cooperative launch (`cudaLaunchCooperativeKernel`): [`Emulator::run`] keeps every
    /// CTA resident and runs them in turns ([`Emulator::run_cooperative`]), so that a
    /// grid-wide barrier in global memory (`grid.sync()`) completes.
    pub cooperative: bool,
    /// Threads that run the CTAs of [`Emulator::run`] at once (`[limits] jobs`); 1 runs
    /// them one after another. Either way the results are the sequential run's
    /// (`emulator/parallel.rs`). Default: the machine's cores.
    pub jobs: usize,
    /// A worker of a parallel launch: its CTA runs on a global-memory overlay, and what
    /// its run cannot know (the clock, the launch-wide limits) sets `rerun`.
    pub(crate) speculative: bool,
    /// The speculative CTA must be run again in order (`emulator/parallel.rs`).
    pub(crate) rerun: bool,
}

/// One lane's `printf` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfLine {
    /// The CTA (linear index).
    pub cta: u32,
    /// The thread in its CTA (linear index).
    pub thread: u32,
    /// What it printed.
    pub text: String,
    /// A failed `assert`'s line (CUDA prints those on standard error), not `printf`'s.
    pub assert: bool,
}

/// Warp instructions [`Emulator::run_cta_first_accesses`] executes between two takes of
/// what the CTA produced: the window whose records are held at once.
pub const WINDOW: u64 = 1024;

/// A CTA being executed a few instructions at a time ([`Emulator::start_cta`],
/// [`Emulator::advance`]): its warps, shared and local memory, and where the executor's
/// round over its warps is.
pub struct CtaRun {
    ctx: CtaCtx,
    cta: CtaMemory,
    warps: Vec<Warp>,
    /// Threads that arrived at each named barrier without waiting (`BAR.ARV`), since
    /// it last completed.
    arrived: [u32; 16],
    /// The warp the round is at.
    next: usize,
    finished: bool,
}

impl CtaRun {
    /// The CTA's linear index in the grid.
    pub fn linear(&self) -> u32 {
        self.ctx.linear
    }

    /// Whether the CTA finished ([`Emulator::advance`] returned `true`).
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Whether warp `warp` of the CTA will execute nothing more: it exited, the CTA
    /// finished, or there is no such warp.
    pub fn warp_done(&self, warp: usize) -> bool {
        self.finished || self.warps.get(warp).is_none_or(|w| w.done)
    }
}

/// Per-CTA state to keep when a CTA finishes (it is discarded otherwise): the shared
/// allocation, one thread's local allocation, or one thread's registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// The CTA's whole shared allocation (static and dynamic).
    Shared {
        /// Linear CTA index (`x + y*gx + z*gx*gy`).
        cta: u32,
    },
    /// One thread's whole local allocation.
    Local {
        /// Linear CTA index.
        cta: u32,
        /// Linear thread index within the CTA (x fastest).
        thread: u32,
    },
    /// One thread's registers `R0` to `R(registers-1)`, 4 little-endian bytes each.
    Registers {
        /// Linear CTA index.
        cta: u32,
        /// Linear thread index within the CTA (x fastest).
        thread: u32,
    },
}

impl Capture {
    fn cta(self) -> u32 {
        match self {
            Capture::Shared { cta }
            | Capture::Local { cta, .. }
            | Capture::Registers { cta, .. } => cta,
        }
    }
}

/// The first register operand of `i` numbered at or above `registers` (RZ and a
/// memory operand's `Ra` excepted: LDG/STG/LDL/LDS/STL/STS address absolutely with such
/// an `Ra`, per the seed pages).
fn register_over(i: &gpumem_maxwell::Inst, registers: u32) -> Option<u8> {
    i.operands.iter().find_map(|o| {
        let r = match *o {
            Operand::Reg { r, .. } => r,
            Operand::ConstMem { ra, .. } => ra,
            _ => return None,
        };
        (r != RZ && r as u32 >= registers).then_some(r)
    })
}

impl<'p> Emulator<'p> {
    /// A launch of `prog`: each instruction resolved once, the driver's constants
    /// written to bank 0.
    pub fn new(prog: &'p Program, cfg: LaunchConfig) -> Emulator<'p> {
        let mem = Memory::new(cfg.max_memory);
        let mut exec = Vec::with_capacity(prog.insts.len());
        let mut reg_over = Vec::with_capacity(prog.insts.len());
        let mut top = 0usize;
        for i in prog.insts.iter() {
            reg_over.push(
                i.as_ref()
                    .ok()
                    .and_then(|i| register_over(i, cfg.registers)),
            );
            match i {
                Ok(i) => {
                    exec.push(Exec::new(i));
                    for o in &i.operands {
                        let r = match *o {
                            Operand::Reg { r, .. } => r,
                            Operand::Mem { ra, .. } | Operand::ConstMem { ra, .. } => ra,
                            _ => 0,
                        };
                        if r != RZ {
                            top = top.max(r as usize);
                        }
                    }
                }
                Err(_) => exec.push(Exec::invalid()),
            }
        }
        let board = crate::scoreboard::Board::new(prog, cfg.hazards);
        let mut e = Emulator {
            prog,
            cfg,
            mem,
            faults: Vec::new(),
            stats: Stats::default(),
            interrupt: None,
            stop: false,
            dense: vec![InstStats::default(); exec.len()],
            exec,
            reg_bound: (top + 4).min(NREGS),
            pool: Vec::new(),
            reg_over,
            captures: Vec::new(),
            captured: Vec::new(),
            arrived: [0; 16],
            trace: None,
            board,
            records: Vec::new(),
            costs: vec![model::CostMemo::default(); prog.insts.len()],
            printf: None,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            speculative: false,
            rerun: false,
            heap: None,
            cooperative: false,
        };
        e.write_driver_constants();
        e
    }

    /// Places kernel parameter bytes at `c[0x0][0x140]` (ptxas' convention).
    pub fn set_params(&mut self, bytes: &[u8]) -> Result<(), WarpError> {
        self.mem
            .constant
            .write(0, PARAM_BASE, bytes)
            .map_err(WarpError::Launch)
    }

    /// Asks to keep `what` when its CTA finishes (before [`Emulator::run`]); the bytes
    /// come back from [`Emulator::captured`] in the order asked. A CTA, thread or range
    /// outside the launch gives `None`.
    pub fn capture(&mut self, what: Capture) {
        self.captures.push(what);
        self.captured.push(None);
    }

    /// The bytes kept for each [`Emulator::capture`] request, in order: `None` when its
    /// CTA did not finish (a limit stopped the launch first) or does not exist.
    pub fn captured(&self) -> &[Option<Vec<u8>>] {
        &self.captured
    }

    /// Keeps what the capture requests ask of the CTA `ctx` that just finished.
    fn keep(&mut self, ctx: &CtaCtx, warps: &[Warp], cta: &CtaMemory) {
        let regs = (self.cfg.registers as usize).min(NREGS);
        for (k, c) in self.captures.iter().enumerate() {
            if c.cta() != ctx.linear {
                continue;
            }
            self.captured[k] = match *c {
                Capture::Shared { .. } => Some(cta.shared.clone()),
                Capture::Local { thread, .. } => {
                    let n = cta.local_bytes as usize;
                    let at = thread as usize * n;
                    cta.local.get(at..at + n).map(<[u8]>::to_vec)
                }
                Capture::Registers { thread, .. } => {
                    let w = warps.get(thread as usize / WARP);
                    let lane = thread as usize % WARP;
                    // A thread's registers keep their last values after it exits.
                    let threads: u64 = self.cfg.block.iter().map(|&b| b as u64).product();
                    w.filter(|_| (thread as u64) < threads).map(|w| {
                        (0..regs)
                            .flat_map(|r| w.regs[r * WARP + lane].to_le_bytes())
                            .collect()
                    })
                }
            };
        }
    }

    /// The first instruction naming a register at or above `cfg.registers` (which
    /// faults `register_out_of_range` when executed): its address and the register.
    pub fn register_out_of_range(&self) -> Option<(u64, u8)> {
        self.reg_over
            .iter()
            .enumerate()
            .find_map(|(pc, r)| r.map(|r| (inst_addr(pc), r)))
    }

    /// Whether a limit stopped the launch.
    pub fn stopped(&self) -> bool {
        self.stop
    }

    /// Writes the driver's part of constant bank 0: `ntid` at 0x8-0x10, `nctaid` at
    /// 0x14-0x1c, the local stack top at 0x20 (= `local_bytes`: ptxas' prologue
    /// `MOV R1, c[0x0][0x20]` then allocates its frame downwards from there).
    pub fn write_driver_constants(&mut self) {
        let c = &self.cfg;
        let words = [
            c.block[0],
            c.block[1],
            c.block[2],
            c.grid[0],
            c.grid[1],
            c.grid[2],
            c.local_bytes.min(u32::MAX as u64) as u32,
        ];
        for (k, w) in words.iter().enumerate() {
            let _ = self
                .mem
                .constant
                .write(0, 8 + 4 * k as u64, &w.to_le_bytes());
        }
        // The generic windows' bases, where ptxas' cvta code reads them.
        for (off, b) in [(0u64, c.windows.shared), (4, c.windows.local)] {
            let _ = self.mem.constant.write(0, off, &(b as u32).to_le_bytes());
        }
    }

    fn fault(&mut self, kind: FaultKind, pc: usize, cta: u32, warp: u32, message: String) {
        self.fault_at(kind, pc, cta, warp, None, None, None, message);
    }

    #[allow(clippy::too_many_arguments)]
    fn fault_at(
        &mut self,
        kind: FaultKind,
        pc: usize,
        cta: u32,
        warp: u32,
        lane: Option<u32>,
        space: Option<Space>,
        address: Option<u64>,
        message: String,
    ) {
        if self.faults.len() >= MAX_FAULTS {
            self.stats.faults_dropped += 1;
            return;
        }
        self.faults.push(Fault {
            kind,
            pc: inst_addr(pc),
            cta,
            warp,
            lane,
            space,
            address,
            message,
        });
    }

    /// Runs the whole grid. Faults are recorded in `self.faults`; a step or memory
    /// limit stops the launch.
    pub fn run(&mut self) {
        if self.cooperative {
            return self.run_cooperative();
        }
        self.run_grid();
        self.flush_stats();
    }

    /// Runs the CTA of linear index `linear` alone to its end, returning everything it
    /// executed (a whole CTA's trace: [`Emulator::start_cta`] and
    /// [`Emulator::advance`] hold only what a consumer has not taken yet). Call
    /// [`Emulator::finish`] after the last CTA. Returns `None` for an index outside the
    /// grid.
    pub fn run_cta_traced(&mut self, linear: u32) -> Option<CtaTrace> {
        let mut run = self.start_cta(linear)?;
        let mut trace = CtaTrace::new(linear);
        self.advance(&mut run, Some(&mut trace), u64::MAX);
        Some(trace)
    }

    /// Runs the CTA of linear index `linear` alone to its end, keeping of what it
    /// executed only the first memory record of each instruction per warp (at most
    /// `limit` bytes of them: [`FirstAccesses::dropped`] counts the rest). What is held
    /// while it runs is bounded by that and a window of [`WINDOW`] instructions.
    /// Returns `None` for an index outside the grid.
    pub fn run_cta_first_accesses(&mut self, linear: u32, limit: usize) -> Option<FirstAccesses> {
        let mut run = self.start_cta(linear)?;
        let mut trace = CtaTrace::new(linear);
        let mut first = FirstAccesses::new(linear);
        loop {
            let done = self.advance(&mut run, Some(&mut trace), WINDOW);
            first.take_from(&mut trace, limit);
            if done {
                return Some(first);
            }
        }
    }

    /// Runs the CTA of linear index `linear` to its end without keeping what it
    /// executed. Returns `false` for an index outside the grid.
    pub fn run_cta(&mut self, linear: u32) -> bool {
        match self.start_cta(linear) {
            Some(mut run) => {
                self.advance(&mut run, None, u64::MAX);
                true
            }
            None => false,
        }
    }

    /// Starts the CTA of linear index `linear` (`None` outside the grid): its warps are
    /// made, nothing is executed yet ([`Emulator::advance`] executes it). CTAs must be
    /// run one after another: finish one before starting the next. When its shared and
    /// local memory do not fit `max_memory`, the launch stops with a `memory_limit`
    /// fault and the run comes back finished.
    pub fn start_cta(&mut self, linear: u32) -> Option<CtaRun> {
        let [gx, gy, gz] = self.cfg.grid;
        let threads: u64 = self.cfg.block.iter().map(|&b| b as u64).product();
        let ctas = gx as u64 * gy as u64 * gz as u64;
        if threads == 0 || linear as u64 >= ctas {
            return None;
        }
        let (x, y, z) = (linear % gx, (linear / gx) % gy, linear / (gx * gy));
        Some(self.start_cta_at(
            CtaCtx {
                ctaid: [x, y, z],
                linear,
            },
            threads,
        ))
    }

    /// Executes at most `steps` warp instructions of `run`, in the executor's own order
    /// (each warp in turn until it exits or waits at a barrier, then the barriers are
    /// released and the round starts again), appending what runs to `trace` when given.
    /// Pausing changes nothing: a CTA advanced in many small steps executes exactly as
    /// one run to its end. Returns whether the CTA finished (every warp exited, a
    /// barrier deadlock ended it, or a limit stopped the launch); a finished run
    /// executes nothing more.
    pub fn advance(&mut self, run: &mut CtaRun, trace: Option<&mut CtaTrace>, steps: u64) -> bool {
        if run.finished {
            return true;
        }
        let mut trace = trace;
        if let Some(t) = trace.as_deref_mut() {
            self.trace = Some(std::mem::take(t));
        }
        self.arrived = run.arrived;
        let mut budget = steps;
        let CtaRun {
            ctx,
            cta,
            warps,
            next,
            ..
        } = run;
        let finished = 'run: loop {
            while *next < warps.len() {
                let w = &mut warps[*next];
                while !w.done && !w.at_bar && !self.stop {
                    if budget == 0 {
                        break 'run false;
                    }
                    budget -= 1;
                    self.step(w, cta, ctx);
                }
                if self.stop {
                    self.pool.append(warps);
                    break 'run true;
                }
                *next += 1;
            }
            *next = 0;
            if warps.iter().all(|w| w.done) {
                if !self.captures.is_empty() {
                    self.keep(ctx, warps, cta);
                }
                self.pool.append(warps);
                break true;
            }
            // Every live warp waits at a barrier: release those whose count is met.
            if !self.release(warps) {
                self.barrier_deadlock(ctx, warps);
                if !self.captures.is_empty() {
                    self.keep(ctx, warps, cta);
                }
                self.pool.append(warps);
                break true;
            }
        };
        run.arrived = self.arrived;
        run.finished = finished;
        if let Some(t) = trace {
            *t = self.trace.take().unwrap_or_default();
        }
        finished
    }

    /// Completes the statistics after [`Emulator::run_cta_traced`] calls.
    pub fn finish(&mut self) {
        self.flush_stats();
    }

    /// Moves the per-index statistics of the run into `stats.per_inst`.
    fn flush_stats(&mut self) {
        for (pc, d) in self.dense.iter_mut().enumerate() {
            if d.executed == 0 {
                continue;
            }
            let d = std::mem::take(d);
            let st = self.stats.per_inst.entry(inst_addr(pc)).or_default();
            if st.executed == 0 {
                st.text = self.prog.texts[pc].clone();
            }
            st.absorb(d);
        }
    }

    fn run_grid(&mut self) {
        let [gx, gy, gz] = self.cfg.grid;
        let threads: u64 = self.cfg.block.iter().map(|&b| b as u64).product();
        if threads == 0 || gx == 0 || gy == 0 || gz == 0 {
            return;
        }
        let ctas = gx as u64 * gy as u64 * gz as u64;
        // A heap checked block by block is the heap as of each access, which a CTA run
        // out of order does not know: such launches stay sequential.
        let heap_checked = self.cfg.bounds.as_ref().is_some_and(|b| b.heap().is_some());
        if self.jobs > 1 && ctas > 1 && self.trace.is_none() && !heap_checked {
            return self.run_grid_parallel(u32::try_from(ctas).unwrap_or(u32::MAX));
        }
        for z in 0..gz {
            for y in 0..gy {
                for x in 0..gx {
                    let linear = x + y * gx + z * gx * gy;
                    let mut run = self.start_cta_at(
                        CtaCtx {
                            ctaid: [x, y, z],
                            linear,
                        },
                        threads,
                    );
                    self.advance(&mut run, None, u64::MAX);
                    if self.stop {
                        return;
                    }
                }
            }
        }
    }

    /// Makes the warps of CTA `ctx` (the memory check first: a CTA that does not fit
    /// comes back finished, with the fault).
    fn start_cta_at(&mut self, ctx: CtaCtx, threads: u64) -> CtaRun {
        let need = self.cfg.shared_bytes + self.cfg.local_bytes.saturating_mul(threads);
        if need.saturating_add(self.mem.resident()) > self.cfg.max_memory {
            self.fault(
                FaultKind::MemoryLimit,
                0,
                ctx.linear,
                0,
                format!(
                    "the CTA needs {need} bytes of shared and local memory; limits.max_memory is {}",
                    self.cfg.max_memory
                ),
            );
            self.stop = true;
            return CtaRun {
                ctx,
                cta: CtaMemory::new(0, 0, 0),
                warps: Vec::new(),
                arrived: [0; 16],
                next: 0,
                finished: true,
            };
        }
        let cta = CtaMemory::new(self.cfg.shared_bytes, self.cfg.local_bytes, threads);
        let [bx, by, _] = self.cfg.block;
        let nwarps = threads.div_ceil(WARP as u64) as u32;
        let mut pool = std::mem::take(&mut self.pool);
        let reg_bound = self.reg_bound;
        let warps: Vec<Warp> = (0..nwarps)
            .map(|w| {
                let regs = match pool.pop() {
                    Some(old) => {
                        let mut r = old.regs;
                        // Registers past the bound are never named, so still 0.
                        r[..reg_bound * WARP].fill(0);
                        r
                    }
                    None => vec![0; NREGS * WARP],
                };
                let mut tid = [[0; 3]; WARP];
                let mut valid = 0u32;
                for (lane, t) in tid.iter_mut().enumerate() {
                    let lin = w as u64 * WARP as u64 + lane as u64;
                    if lin < threads {
                        valid |= 1 << lane;
                        let lin = lin as u32;
                        *t = [lin % bx, (lin / bx) % by, lin / (bx * by)];
                    }
                }
                Warp {
                    regs,
                    preds: [0; WARP],
                    carry: 0,
                    carry2: 0,
                    zf: 0,
                    sf: 0,
                    of: 0,
                    pc: 0,
                    active: valid,
                    exited: !valid,
                    stack: Vec::new(),
                    at_bar: false,
                    bar_id: 0,
                    bar_count: 0,
                    bar_lanes: 0,
                    bar_pred: 0,
                    bar_red: None,
                    bar_result: 0,
                    lbase: self.cfg.windows.local,
                    done: valid == 0,
                    id: w,
                    tid,
                    sb: Default::default(),
                }
            })
            .collect();
        self.pool = pool;
        CtaRun {
            ctx,
            cta,
            warps,
            arrived: [0; 16],
            next: 0,
            finished: false,
        }
    }

    /// Every live warp of the CTA waits at a barrier no one can release: the fault (the
    /// CTA then ends).
    fn barrier_deadlock(&mut self, ctx: &CtaCtx, warps: &[Warp]) {
        let w = warps.iter().find(|w| !w.done).map_or(0, |w| w.id);
        let pc = warps
            .iter()
            .find(|w| !w.done)
            .map_or(0, |w| w.pc.saturating_sub(1));
        let waits: Vec<String> = warps
            .iter()
            .filter(|w| !w.done)
            .map(|w| {
                format!(
                    "warp {} at barrier {} for {} threads",
                    w.id, w.bar_id, w.bar_count
                )
            })
            .collect();
        self.fault(
            FaultKind::BarrierDeadlock,
            pc,
            ctx.linear,
            w,
            format!(
                "every live warp waits at a barrier whose thread count cannot be met ({}); the CTA ends",
                waits.join(", ")
            ),
        );
    }

    /// Releases the warps of every barrier whose thread count is met: waiting warps
    /// count 32 threads each, plus the `BAR.ARV` arrivals; count 0 means every live
    /// warp (exited warps count as arrived). `false` when none could be released.
    fn release(&mut self, warps: &mut [Warp]) -> bool {
        let live = warps.iter().filter(|w| !w.done).count() as u32;
        let mut any = false;
        for id in 0..16u8 {
            let (mut n, mut need) = (0u32, 0u32);
            for w in warps
                .iter()
                .filter(|w| !w.done && w.at_bar && w.bar_id == id)
            {
                n += 1;
                need = need.max(w.bar_count);
            }
            if n == 0 {
                continue;
            }
            if need == 0 {
                need = live * WARP as u32;
            }
            if (n * WARP as u32).saturating_add(self.arrived[id as usize]) >= need {
                let result = reduction(warps, id);
                for w in warps
                    .iter_mut()
                    .filter(|w| !w.done && w.at_bar && w.bar_id == id)
                {
                    w.at_bar = false;
                    if let Some(r) = result {
                        w.bar_result = r;
                    }
                }
                self.arrived[id as usize] = 0;
                any = true;
            }
        }
        any
    }

    fn step(&mut self, w: &mut Warp, cta: &mut CtaMemory, ctx: &CtaCtx) {
        let pc = w.pc;
        // Polled every 4096 warp instructions: a relaxed load is cheap, but not free.
        if self.stats.warp_instructions & 0xfff == 0
            && let Some(flag) = &self.interrupt
            && flag.load(std::sync::atomic::Ordering::Relaxed)
        {
            self.fault(
                FaultKind::StepLimit,
                pc,
                ctx.linear,
                w.id,
                format!(
                    "interrupted after {} warp instructions",
                    self.stats.warp_instructions
                ),
            );
            self.stop = true;
            return;
        }
        if self.stats.warp_instructions >= self.cfg.max_steps {
            self.fault(
                FaultKind::StepLimit,
                pc,
                ctx.linear,
                w.id,
                format!(
                    "stopped after limits.max_steps = {} warp instructions",
                    self.cfg.max_steps
                ),
            );
            self.stop = true;
            return;
        }
        let prog = self.prog;
        let inst = match prog.insts.get(pc) {
            None => {
                self.fault(
                    FaultKind::PcOutOfRange,
                    pc,
                    ctx.linear,
                    w.id,
                    format!(
                        "execution reached {:#x}, past the end of the program",
                        inst_addr(pc)
                    ),
                );
                w.kill();
                return;
            }
            Some(Err(e)) => {
                let msg = format!("cannot execute the word at {:#x}: {e}", inst_addr(pc));
                self.fault(FaultKind::InvalidInstruction, pc, ctx.linear, w.id, msg);
                w.kill();
                return;
            }
            Some(Ok(i)) => i,
        };
        self.stats.warp_instructions += 1;
        self.dense[pc].executed += 1;
        if let Some(r) = self.reg_over[pc] {
            let msg = format!(
                "R{r} is not one of the kernel's {} registers (R0 to R{}) ({})",
                self.cfg.registers,
                self.cfg.registers.saturating_sub(1),
                prog.texts[pc]
            );
            self.fault(FaultKind::RegisterOutOfRange, pc, ctx.linear, w.id, msg);
            w.kill();
            return;
        }
        // The executor table lives as long as the emulator; take it out while this
        // instruction runs so `self` stays free (put back below).
        let ex = std::mem::take(&mut self.exec);
        let e = &ex[pc];

        let guard = if inst.guard >= 7 {
            if inst.guard_neg { 0 } else { w.active }
        } else {
            let mut guard = 0u32;
            for l in lanes(w.active) {
                if w.p(inst.guard, l) != inst.guard_neg {
                    guard |= 1 << l;
                }
            }
            guard
        };
        let (active, id) = (w.active, w.id);
        self.board
            .issue(prog, &mut w.sb, pc, active, guard, ctx.linear, id);
        w.pc = pc + 1;
        if let Some(t) = self.trace.as_mut() {
            t.inst(w.id, pc, w.active, guard);
        }
        let res: Result<(), (FaultKind, String)> = match e.kind {
            Kind::Bra => control::bra(w, inst, e, guard, &self.mem.constant),
            Kind::Ssy => control::ssy(w, inst, e, &self.mem.constant),
            Kind::Sync => control::sync(w, inst, e, guard),
            Kind::Exit => control::exit(w, inst, e, guard),
            Kind::Bar => match control::bar(w, inst, e, guard) {
                Ok(Some(a)) if !a.wait => {
                    let n = &mut self.arrived[a.id as usize];
                    *n = n.saturating_add(WARP as u32);
                    Ok(())
                }
                Ok(_) => Ok(()),
                Err(x) => Err(x),
            },
            Kind::B2r => control::b2r(w, inst, e, guard),
            Kind::Flow if e.pre.op == gpumem_maxwell::table::Op::Jcal && self.serves(e.abs) => {
                match e.abs.and_then(crate::devcall::DeviceCall::at) {
                    // The fault names the library function, not only its address.
                    Some(call) => self
                        .device_call(call, w, cta, ctx, guard)
                        .map_err(|(k, m)| (k, format!("in `{}`: {m}", call.name()))),
                    None => Ok(()),
                }
            }
            Kind::Flow => control::flow(w, inst, e, guard, &self.mem.constant),
            Kind::Bpt if guard == 0 => Ok(()),
            Kind::Bpt => {
                self.stop = true;
                Err((
                    FaultKind::Breakpoint,
                    "BPT: the launch stops (a breakpoint or trap)".to_string(),
                ))
            }
            Kind::Nop => {
                if let (Some(t), Some(c)) = (self.trace.as_mut(), e.ctl.as_ref()) {
                    for a in memory::cache_ctl(&self.cfg, w, c, guard) {
                        t.cache_ctl(w.id, a);
                    }
                }
                Ok(())
            }
            Kind::Mem => self.mem_op(w, e, guard, pc, cta, ctx),
            Kind::Tex => sem::texture::fetch(
                &mut self.mem,
                self.cfg.textures.as_ref(),
                &mut w.regs,
                inst,
                &e.pre,
                guard,
            ),
            Kind::Surf => sem::surface::access(
                &mut self.mem,
                self.cfg.textures.as_ref(),
                &mut w.regs,
                inst,
                &e.pre,
                guard,
            ),
            Kind::Alu => {
                if self.speculative && reads_clock(inst) {
                    // The clock counts the launch's instructions so far, which a CTA
                    // run out of order does not know.
                    self.rerun = true;
                }
                let env = Env {
                    constant: &self.mem.constant,
                    steps: self.stats.warp_instructions,
                    block: self.cfg.block,
                    ctaid: ctx.ctaid,
                };
                sem::exec(&env, w.view(), inst, &e.pre, guard)
            }
        };
        self.exec = ex;
        if let Err((kind, msg)) = res {
            let msg = format!("{} ({})", msg, prog.texts[pc]);
            self.fault(kind, pc, ctx.linear, w.id, msg);
            if !matches!(kind, FaultKind::MisalignedRegister) {
                w.kill();
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn mem_op(
        &mut self,
        w: &mut Warp,
        e: &Exec,
        guard: u32,
        pc: usize,
        cta: &mut CtaMemory,
        ctx: &CtaCtx,
    ) -> Result<(), (FaultKind, String)> {
        let mut records = std::mem::take(&mut self.records);
        let data_reg = memory::access(&self.cfg, self.heap.as_ref(), w, e, guard, &mut records)?;
        {
            let st = &mut self.dense[pc];
            // A generic access whose lanes reach several spaces counts as global.
            st.space = Some(match records.as_slice() {
                [one] => one.space,
                _ => Space::Global,
            });
            let memo = self.costs.get_mut(pc).filter(|_| records.len() == 1);
            let mut memo = memo;
            for acc in &records {
                st.kind = Some(acc.kind);
                st.cache = Some(acc.cache);
                let c = match memo.as_deref_mut() {
                    Some(m) => m.cost(acc),
                    None => model::cost(acc),
                };
                st.accesses += c.lanes as u64;
                st.lines_128 += c.lines_128 as u64;
                st.sectors_32 += c.sectors_32 as u64;
                st.bank_conflict_degree = st.bank_conflict_degree.max(c.bank_conflict_degree);
                st.wavefronts += c.wavefronts as u64;
            }
        }
        if let Some(t) = self.trace.as_mut() {
            for acc in &records {
                t.access(w.id, acc);
            }
        }
        if let Some(a) = e.mem.as_ref().and_then(|m| m.atom) {
            for acc in &records {
                self.atomic(w, acc, a, pc, cta, ctx);
            }
        } else {
            for acc in &records {
                self.move_data(w, acc, data_reg, pc, cta, ctx);
            }
        }
        self.records = records;
        Ok(())
    }

    /// An atomic record: when no lane broke a rule, every lane's read-modify-write in
    /// ascending lane order and the old values to `Rd`; otherwise the faults and nothing
    /// else (no lane writes memory or registers).
    fn atomic(
        &mut self,
        w: &mut Warp,
        acc: &Access,
        a: AtomPre,
        pc: usize,
        cta: &mut CtaMemory,
        ctx: &CtaCtx,
    ) {
        if !acc.faults.is_empty() {
            self.lane_faults(
                w,
                acc,
                pc,
                ctx,
                " (the atomic was not performed for any lane)",
            );
            return;
        }
        let nregs = acc.bytes.div_ceil(4) as u8;
        let gather = |r: u8| {
            let mut v: Lanes = [[0; 4]; WARP];
            for l in lanes(acc.mask) {
                for k in 0..nregs {
                    let rr = r.saturating_add(k);
                    v[l][k as usize] = if r == RZ || rr == RZ { 0 } else { w.r(rr, l) };
                }
            }
            v
        };
        let (b, c) = (gather(a.b), gather(a.c));
        let first_thread = w.id as u64 * WARP as u64;
        let (old, refused) = self.mem.atomic(acc, cta, first_thread, &b, &c);
        if acc.kind == AccessKind::Load {
            memory::write_back(w, acc, a.dst, &old);
        }
        for f in refused {
            self.fault_at(
                FaultKind::MemoryLimit,
                pc,
                ctx.linear,
                w.id,
                Some(f.lane as u32),
                Some(acc.space),
                Some(f.addr),
                format!("global atomic at {:#x} passes limits.max_memory", f.addr),
            );
            self.stop = true;
        }
    }

    /// Reports a record's lane faults (`note` ends each message).
    fn lane_faults(&mut self, w: &Warp, acc: &Access, pc: usize, ctx: &CtaCtx, note: &str) {
        for f in &acc.faults {
            // A constant lane fault keeps the address as computed, `bank << 32 | offset`:
            // print it as the instruction spells it.
            let at = match acc.space {
                Space::Constant => format!("c[{:#x}][{:#x}]", f.addr >> 32, f.addr & 0xffff_ffff),
                _ => format!("{:#x}", f.addr),
            };
            let what = match (acc.rmw.is_some(), acc.kind) {
                (true, _) => "atomic",
                (false, AccessKind::Load) => "load",
                (false, AccessKind::Store) => "store",
            };
            // Inside a heap checked block by block, where the address lies among the
            // blocks as they are now.
            let outside = match (&self.cfg.bounds, &self.heap) {
                (Some(b), Some(h)) if b.heap().is_some_and(|(s, e)| f.addr >= s && f.addr < e) => {
                    format!("outside every live malloc block: {}", h.describe(f.addr))
                }
                _ => "outside every declared region".to_string(),
            };
            let bounds = match (f.kind, acc.skip >> f.lane & 1) {
                (gpumem_mem::MemFault::OutOfBounds, 0) => {
                    format!(" ({outside}; performed: check_bounds = \"warn\")")
                }
                (gpumem_mem::MemFault::OutOfBounds, _) => {
                    format!(" ({outside}; nothing moved: check_bounds = \"fault\")")
                }
                _ => String::new(),
            };
            let msg = format!(
                "{} {what} at {at}: {}{bounds}{note}",
                acc.space.name(),
                f.kind.name()
            );
            self.fault_at(
                f.kind.into(),
                pc,
                ctx.linear,
                w.id,
                Some(f.lane as u32),
                Some(acc.space),
                Some(f.addr),
                msg,
            );
        }
    }

    /// Reports one record's lane faults and moves its data.
    fn move_data(
        &mut self,
        w: &mut Warp,
        acc: &Access,
        data_reg: u8,
        pc: usize,
        cta: &mut CtaMemory,
        ctx: &CtaCtx,
    ) {
        self.lane_faults(w, acc, pc, ctx, "");
        let first_thread = w.id as u64 * WARP as u64;
        match acc.kind {
            AccessKind::Load => {
                let mut out: Lanes = [[0; 4]; WARP];
                self.mem.load(acc, cta, first_thread, &mut out);
                memory::write_back(w, acc, data_reg, &out);
            }
            AccessKind::Store => {
                let data = memory::gather(w, acc, data_reg);
                for f in self.mem.store(acc, cta, first_thread, &data) {
                    self.fault_at(
                        FaultKind::MemoryLimit,
                        pc,
                        ctx.linear,
                        w.id,
                        Some(f.lane as u32),
                        Some(acc.space),
                        Some(f.addr),
                        format!("global store at {:#x} passes limits.max_memory", f.addr),
                    );
                    self.stop = true;
                }
            }
        }
    }
}

/// BAR.RED's reduction at barrier `id` as it releases (SEMANTICS.md, "Barrier
/// reductions"): over the lanes of the waiting warps that ran their `BAR.RED` (ARV
/// arrivals and SYNC waiters contribute nothing), `.POPC` counts the true predicates,
/// `.AND` is 1 when all are true, `.OR` 1 when any is. The operation is the one of the
/// lowest-numbered warp that asked for one; `None` when no warp waits with `BAR.RED`.
fn reduction(warps: &[Warp], id: u8) -> Option<u32> {
    let mut op = None;
    let (mut lanes, mut trues) = (0u32, 0u32);
    for w in warps
        .iter()
        .filter(|w| !w.done && w.at_bar && w.bar_id == id)
    {
        if let Some(r) = w.bar_red {
            op.get_or_insert(r);
            lanes += w.bar_lanes.count_ones();
            trues += (w.bar_pred & w.bar_lanes).count_ones();
        }
    }
    Some(match op? {
        BarRed::Popc => trues,
        BarRed::And => (trues == lanes) as u32,
        BarRed::Or => (trues > 0) as u32,
    })
}

/// Whether `i` reads the clock (`S2R`/`CS2R` of `SR_CLOCKLO`, `SR_CLOCKHI` or the
/// global timer's low word, as `sem::moves::s2r` serves them).
fn reads_clock(i: &gpumem_maxwell::Inst) -> bool {
    use gpumem_maxwell::table::Op;
    matches!(i.op.op, Op::S2r | Op::Cs2r)
        && matches!(i.operands.get(1), Some(Operand::SReg(1 | 80 | 81)))
}
