//! What a timed run reports: kernel cycles, per-instruction issue counts, latencies,
//! stall cycles by reason and access figures (actual vs ideal), per-level counters,
//! and nvprof's metric names.

use serde::Serialize;
use std::collections::BTreeMap;

/// Why a warp did not issue in a cycle. Every resident warp that does not issue is
/// charged one cycle of one reason, at the instruction it waits to issue (nvprof's
/// `stall_*` metrics count the same warp-cycles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Waiting on a scoreboard set by a memory instruction (its data is not back).
    MemoryDependency,
    /// Waiting for the stall count of its previous instruction, or on a scoreboard set
    /// by a variable-latency arithmetic instruction.
    ExecutionDependency,
    /// Waiting at a CTA barrier (`BAR.SYNC`).
    Sync,
    /// Its constant-bank operand missed the constant cache.
    ConstantMiss,
    /// The memory pipe (the SM's load/store unit, or the scheduler's dispatch port) is
    /// busy.
    PipeBusy,
    /// Ready, but its scheduler issued another warp.
    NotSelected,
}

/// Stall cycles by reason (warp-cycles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stalls {
    /// [`Reason::MemoryDependency`].
    pub memory_dependency: u64,
    /// [`Reason::ExecutionDependency`].
    pub execution_dependency: u64,
    /// [`Reason::Sync`].
    pub sync: u64,
    /// [`Reason::ConstantMiss`].
    pub constant_miss: u64,
    /// [`Reason::PipeBusy`].
    pub pipe_busy: u64,
    /// [`Reason::NotSelected`].
    pub not_selected: u64,
}

impl Stalls {
    pub(crate) fn add(&mut self, r: Reason, n: u64) {
        let f = match r {
            Reason::MemoryDependency => &mut self.memory_dependency,
            Reason::ExecutionDependency => &mut self.execution_dependency,
            Reason::Sync => &mut self.sync,
            Reason::ConstantMiss => &mut self.constant_miss,
            Reason::PipeBusy => &mut self.pipe_busy,
            Reason::NotSelected => &mut self.not_selected,
        };
        *f += n;
    }

    /// Every reason's cycles summed.
    pub fn total(&self) -> u64 {
        self.memory_dependency
            + self.execution_dependency
            + self.sync
            + self.constant_miss
            + self.pipe_busy
            + self.not_selected
    }

    /// The reason with the most cycles (`None` when there are none).
    pub fn main(&self) -> Option<&'static str> {
        let v = [
            ("memory_dependency", self.memory_dependency),
            ("execution_dependency", self.execution_dependency),
            ("sync", self.sync),
            ("constant_miss", self.constant_miss),
            ("pipe_busy", self.pipe_busy),
            ("not_selected", self.not_selected),
        ];
        v.iter()
            .filter(|(_, n)| *n > 0)
            .max_by_key(|(_, n)| *n)
            .map(|(k, _)| *k)
    }
}

/// The timing of one instruction (by address), summed over its executions.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct InstTiming {
    /// The instruction's text.
    pub text: String,
    /// Warp-level issues.
    pub issued: u64,
    /// Issue-to-completion cycles, summed (memory: until the last lane's data is back
    /// or accepted; variable-latency arithmetic: until its scoreboard clears; fixed:
    /// the ALU latency).
    pub latency_sum: u64,
    /// Mean issue-to-completion latency.
    pub latency_avg: f64,
    /// Worst issue-to-completion latency.
    pub latency_max: u64,
    /// Cycles warps waited before issuing this instruction, by reason.
    pub stalls: Stalls,
    /// Cycles other warps' instructions waited on this one's scoreboards (the stall
    /// this instruction caused).
    pub caused_wait: u64,
    /// Warp-level requests: executions that moved data (one per warp instruction, as
    /// nvprof's `gld_requests` counts them).
    pub requests: u64,
    /// Transactions, summed: distinct 32-byte sectors of each execution (global,
    /// local), wavefronts (shared), distinct 32-bit words (constant)
    /// ([`gpumem_mem::model::Cost::transactions`]).
    pub transactions: u64,
    /// Distinct 32-byte sectors of each execution, summed (global, local, constant): the
    /// statistics' `sectors_32`.
    pub sectors: u64,
    /// Distinct 128-byte lines of each execution, summed (global, local, constant): the
    /// statistics' `lines_128`.
    pub lines: u64,
    /// Shared-memory wavefronts, summed: the statistics' `wavefronts`.
    pub wavefronts: u64,
    /// L1/tex tag lookups (global, local), summed: each request of `request_threads`
    /// lanes looks up each distinct line it touches (the load/store unit's cycles).
    pub tag_lookups: u64,
    /// The fewest transactions the bytes moved could take, summed, in `transactions`'
    /// unit ([`gpumem_mem::model::Cost::ideal`]): never above `transactions`.
    pub ideal: u64,
    /// `100 (transactions - ideal) / transactions`; 0 when ideal.
    pub excessive_pct: f64,
    /// Sectors that hit in L1/tex (or constant words in the constant L1); with
    /// `l2_hit_sectors` and `dram_sectors` they add up to `sectors` (loads) or
    /// `transactions` (constant).
    pub l1_hit_sectors: u64,
    /// Sectors that hit in L2 (or constant words in the constant L1.5).
    pub l2_hit_sectors: u64,
    /// Sectors from DRAM (or constant words served by L2).
    pub dram_sectors: u64,
}

/// One cache level's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Level {
    /// Sectors read (accesses).
    pub accesses: u64,
    /// Of those, hits.
    pub hits: u64,
    /// Of those, misses.
    pub misses: u64,
    /// Hit rate in percent (0 without accesses).
    pub hit_rate: f64,
    /// Bytes read through the level.
    pub bytes: u64,
    /// Sectors written.
    pub write_sectors: u64,
}

/// How many CTAs fit on one SM, and what limits it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Occupancy {
    /// Resident CTAs per SM.
    pub ctas_per_sm: u32,
    /// Resident warps per SM.
    pub warps_per_sm: u32,
    /// `warps_per_sm / max_warps_per_sm`.
    pub theoretical: f64,
    /// What limits it: `ctas`, `warps`, `threads`, `registers` or `shared`.
    pub limited_by: String,
    /// Registers per thread used for the limit.
    pub registers: u32,
}

/// Why the cycle model stopped before the end of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The cycle limit (`[timing] max_cycles`, [`crate::Timing::with_max_cycles`]).
    MaxCycles,
    /// A limit of the functional run (`[limits]`: steps, memory) stopped a CTA.
    Emulator,
    /// Every resident warp waits on something that never comes (a barrier some warp
    /// never reaches).
    Deadlock,
    /// One CTA needs more than an SM has (registers, shared memory, threads).
    CtaTooLarge,
    /// The executed instructions held for timing passed `[limits] max_trace_memory`
    /// ([`crate::Timing::with_memory_limit`]); [`TimingReport::stop_message`] says where.
    #[serde(rename = "max_trace_memory")]
    TraceMemory,
}

impl StopReason {
    /// The name the JSON report uses.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::MaxCycles => "max_cycles",
            StopReason::Emulator => "emulator",
            StopReason::Deadlock => "deadlock",
            StopReason::CtaTooLarge => "cta_too_large",
            StopReason::TraceMemory => "max_trace_memory",
        }
    }
}

/// The report of a timed run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TimingReport {
    /// The preset the parameters started from.
    pub preset: String,
    /// Cycles from the first issue to the last completion.
    pub cycles: u64,
    /// A limit stopped the run: the figures cover what ran.
    pub partial: bool,
    /// Why a partial run stopped ([`StopReason`]); `None` when it ran to the end.
    pub stop_reason: Option<StopReason>,
    /// Where the model stood when the memory limit stopped it (cycle, CTA, warp, the
    /// limit); `None` otherwise.
    pub stop_message: Option<String>,
    /// CTAs timed.
    pub ctas: u64,
    /// Warp instructions issued.
    pub warp_instructions: u64,
    /// Thread instructions (active lanes) issued.
    pub thread_instructions: u64,
    /// Residency.
    pub occupancy: Occupancy,
    /// Stall cycles by reason, all instructions.
    pub stalls: Stalls,
    /// Per instruction address (hex string keys in JSON).
    pub per_inst: BTreeMap<u64, InstTiming>,
    /// Per level: `l1_tex`, `l2`, `const_l1`, `const_l15`, `dram`.
    pub levels: BTreeMap<String, Level>,
    /// nvprof metric names where they apply (`gld_transactions`, `stall_sync`, ...).
    pub metrics: BTreeMap<String, f64>,
}
