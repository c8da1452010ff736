//! The core side of the timing model's parameters ([`CoreParams`]), the whole set
//! ([`TimingConfig`]: the memory hierarchy's [`TimingParams`] and the core's) and
//! presets. A manifest's `[timing]` overrides are read by gpumem-run, which sets the
//! fields of a [`TimingConfig`] key by key.

use gpumem_mem::hierarchy::{Preset, TimingParams};
use serde::Serialize;

/// Parameters of the SM core: residency limits and the schedulers. Sources of the
/// defaults: `docs/05-timing-sources.md` ("Core").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CoreParams {
    /// Warp schedulers per SM (each owns the warps whose slot index is its number modulo
    /// this count).
    pub schedulers: u32,
    /// Resident warps per SM.
    pub max_warps_per_sm: u32,
    /// Resident CTAs per SM.
    pub max_ctas_per_sm: u32,
    /// Resident threads per SM.
    pub max_threads_per_sm: u32,
    /// 32-bit registers per SM.
    pub registers_per_sm: u32,
    /// Registers are allocated per warp in units of this many.
    pub register_unit: u32,
    /// Shared memory is allocated per CTA in units of this many bytes.
    pub shared_unit: u32,
    /// Latency of fixed-latency instructions (issue to result), for the per-instruction
    /// figures; the schedule itself is the control words' stall counts.
    pub alu_latency: u32,
    /// Variable-latency arithmetic on the XU (MUFU, conversions, POPC, FLO, ...):
    /// cycles until the write barrier clears.
    pub xu_latency: u32,
    /// Integer multiply (IMUL, IMAD, IMADSP; ptxas uses XMAD sequences instead): cycles
    /// until the write barrier clears.
    pub imul_latency: u32,
    /// Double-precision arithmetic: cycles until the write barrier clears.
    pub f64_latency: u32,
    /// S2R and CS2R: cycles until the write barrier clears.
    pub s2r_latency: u32,
    /// SHFL: cycles until the write barrier clears.
    pub shfl_latency: u32,
    /// Other variable-latency instructions that access no memory (MEMBAR, VOTE, ...).
    pub other_latency: u32,
    /// Cycles after issue at which a global/local memory instruction has read its
    /// source registers (its read barrier clears).
    pub global_read_latency: u32,
    /// The same for shared and constant memory instructions.
    pub shared_read_latency: u32,
    /// Cycles a scheduler's memory dispatch port stays busy after issuing a memory
    /// instruction.
    pub mem_issue_cycles: u32,
}

impl CoreParams {
    /// Maxwell (both presets share the SM: cc 5.0 and 5.2 have the same limits).
    pub fn maxwell() -> CoreParams {
        CoreParams {
            schedulers: 4,
            max_warps_per_sm: 64,
            max_ctas_per_sm: 32,
            max_threads_per_sm: 2048,
            registers_per_sm: 65536,
            register_unit: 256,
            shared_unit: 256,
            alu_latency: 6,
            xu_latency: 14,
            imul_latency: 86,
            f64_latency: 48,
            s2r_latency: 24,
            shfl_latency: 30,
            other_latency: 20,
            global_read_latency: 4,
            shared_read_latency: 2,
            mem_issue_cycles: 4,
        }
    }

    /// GP100 (Tesla P100): Maxwell's residency limits (CUDA-PG, cc 6.0: 64 warps, 32
    /// CTAs, 2,048 threads, 64 K registers per SM), two schedulers (GP100 whitepaper: the
    /// SM "is partitioned into two processing blocks, each having ... a warp
    /// scheduler"), and JIA18 Table 4.1's Pascal latencies (ALU 6, XU 14, IMUL/IMAD ~86,
    /// DADD/DMUL/DFMA/DMNMX 8: GP100 runs FP64 at half rate). S2R, SHFL and the others
    /// keep Maxwell's UNVERIFIED figures. Sources: `docs/05-timing-sources.md`, "Core".
    pub fn gp100() -> CoreParams {
        CoreParams {
            schedulers: 2,
            f64_latency: 8,
            ..CoreParams::maxwell()
        }
    }

    /// GP104 (GTX 1080): Maxwell's SM organisation (four 32-lane blocks, 128 cores a SM:
    /// WP1080) and limits (CUDA-PG cc 6.1), JIA18 Table 4.1's Pascal latencies (equal to
    /// the Maxwell values already in use); FP64 at 1/32 rate like GM204, so Maxwell's
    /// 48 cycles (ARAFA19's Maxwell table) stand in, UNVERIFIED for GP104.
    pub fn gp104() -> CoreParams {
        CoreParams::maxwell()
    }

    /// The core of `preset`'s GPU.
    pub fn of(preset: Preset) -> CoreParams {
        match preset {
            Preset::Gm107 | Preset::Gm204 => CoreParams::maxwell(),
            Preset::Gp100 => CoreParams::gp100(),
            Preset::Gp104 => CoreParams::gp104(),
        }
    }

    /// Checks that every count is usable.
    pub fn check(&self) -> Result<(), String> {
        for (name, v, lo, hi) in [
            ("schedulers", self.schedulers, 1, 32),
            ("max_warps_per_sm", self.max_warps_per_sm, 1, 1024),
            ("max_ctas_per_sm", self.max_ctas_per_sm, 1, 1024),
            ("max_threads_per_sm", self.max_threads_per_sm, 32, 32768),
            ("registers_per_sm", self.registers_per_sm, 256, 1 << 24),
            ("register_unit", self.register_unit, 1, 1 << 16),
            ("shared_unit", self.shared_unit, 1, 1 << 16),
            ("mem_issue_cycles", self.mem_issue_cycles, 1, 1024),
        ] {
            if v < lo || v > hi {
                return Err(format!("{name} = {v}: expected {lo} to {hi}"));
            }
        }
        Ok(())
    }
}

/// Every parameter of a timed run: the preset it started from, the memory side and the
/// core side, and the cycle limit.
#[derive(Clone, Debug, PartialEq)]
pub struct TimingConfig {
    /// The preset the values started from.
    pub preset: Preset,
    /// The hierarchy's parameters.
    pub memory: TimingParams,
    /// The core's parameters.
    pub core: CoreParams,
    /// The model stops (a partial report) when its clock reaches this many cycles
    /// (`[timing] max_cycles`; default [`DEFAULT_MAX_CYCLES`]).
    pub max_cycles: u64,
}

/// The default cycle limit: 2^40 cycles, about 15 minutes of a 1.2 GHz GPU (no
/// practical run reaches it; a deadlock stops earlier on its own).
pub const DEFAULT_MAX_CYCLES: u64 = 1 << 40;

impl TimingConfig {
    /// A preset's values.
    pub fn preset(p: Preset) -> TimingConfig {
        TimingConfig {
            preset: p,
            memory: p.params(),
            core: CoreParams::of(p),
            max_cycles: DEFAULT_MAX_CYCLES,
        }
    }

    /// The preset's name as a manifest spells it.
    pub fn preset_name(&self) -> &'static str {
        self.preset.name()
    }

    /// The values of the preset that times SM `sm`'s programs when none is named
    /// ([`Preset::for_sm`]); GM204 for an SM no preset follows.
    pub fn for_sm(sm: u32) -> TimingConfig {
        TimingConfig::preset(Preset::for_sm(sm).unwrap_or(Preset::Gm204))
    }

    /// Checks that the set is usable: the memory side's shapes and bandwidths, the core's
    /// counts.
    pub fn check(&self) -> Result<(), String> {
        self.memory.check()?;
        self.core.check()
    }
}
