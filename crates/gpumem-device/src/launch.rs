//! Kernel launches: the parameter block from `.nv.info`, the launch checks, the run on
//! gpumem-warp (timed by gpumem-timing when the device is), faults as errors.

use crate::module::ModuleId;
use crate::{ALIGN, AllocKind, Context, DeviceError, Stream};
use gpumem_mem::rules::{GenericWindows, MemConfig};
use gpumem_warp::DeviceHeap;
use gpumem_warp::{BoundsCheck, BoundsMode, Emulator, Fault, FaultKind, LaunchConfig, Stats};

/// The shape of a launch (`<<<grid, block, shared, stream>>>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    /// CTAs per dimension.
    pub grid: [u32; 3],
    /// Threads per CTA per dimension.
    pub block: [u32; 3],
    /// Dynamic shared memory per CTA (bytes), after the kernel's static shared memory.
    pub shared_bytes: u64,
    /// The stream it is enqueued on.
    pub stream: Stream,
}

impl Launch {
    /// A 1-D launch on the default stream without dynamic shared memory.
    pub fn linear(grid: u32, block: u32) -> Launch {
        Launch {
            grid: [grid, 1, 1],
            block: [block, 1, 1],
            shared_bytes: 0,
            stream: Stream::DEFAULT,
        }
    }
}

/// What a launch did.
#[derive(Clone, Debug)]
pub struct LaunchReport {
    /// The kernel.
    pub kernel: String,
    /// The grid.
    pub grid: [u32; 3],
    /// The block.
    pub block: [u32; 3],
    /// Warp instructions executed.
    pub warp_instructions: u64,
    /// Per-instruction statistics.
    pub stats: Stats,
    /// Out-of-bounds accesses reported by a `Warn` check (they do not fail a launch).
    pub warnings: Vec<Fault>,
    /// Scoreboard hazards (when the device reports them).
    pub hazards: Vec<gpumem_warp::Hazard>,
    /// The cycle model's report, when the device is timed.
    pub timing: Option<gpumem_timing::TimingReport>,
    /// The launch's duration on the context's clock (ms).
    pub elapsed_ms: f64,
    /// What its threads printed (`printf`), in execution order: CTA by CTA, within a
    /// CTA warp by warp as the emulator schedules them, a warp's lanes in lane order.
    pub printf: Vec<gpumem_warp::PrintfLine>,
}

/// Maxwell's per-CTA limits (CUDA C Programming Guide, "Compute Capabilities", cc 5.x).
const MAX_THREADS: u64 = 1024;
const MAX_BLOCK: [u32; 3] = [1024, 1024, 64];
const MAX_GRID: [u32; 3] = [i32::MAX as u32, 65535, 65535];
const MAX_SHARED: u64 = 48 << 10;
const MAX_REGS_PER_CTA: u64 = 64 << 10;
const MAX_PARAM_BYTES: u64 = 4096;
/// Bytes of the grid workspace of cooperative launches: `grid.sync()` counts arrivals in
/// the 32-bit word at offset 4 (CUDA 11.8's cooperative groups on sm_5x).
const GRID_WORKSPACE: u64 = 16;

impl Context {
    /// The parameter block of `kernel` from one byte string per parameter, each placed
    /// at its `.nv.info` offset; the count and every size must match.
    pub fn params(
        &self,
        m: ModuleId,
        kernel: &str,
        args: &[&[u8]],
    ) -> Result<Vec<u8>, DeviceError> {
        let k = self.kernel(m, kernel)?;
        let bad = |why: String| DeviceError::InvalidParams {
            kernel: kernel.to_string(),
            why,
        };
        if args.len() != k.params.len() {
            return Err(bad(format!(
                "the kernel takes {} parameters (bytes: {}), {} given",
                k.params.len(),
                k.params
                    .iter()
                    .map(|p| p.size.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                args.len()
            )));
        }
        let total = k.param_bytes.map(|b| b as usize).unwrap_or_else(|| {
            k.params
                .iter()
                .map(|p| (p.offset + p.size) as usize)
                .max()
                .unwrap_or(0)
        });
        // Maxwell passes at most 4 KiB of parameters (CUDA C Programming Guide, "Function
        // Parameters"); a layout past that is a corrupt `.nv.info`.
        let past = k
            .params
            .iter()
            .map(|p| p.offset as u64 + p.size as u64)
            .max()
            .unwrap_or(0)
            .max(total as u64);
        if past > MAX_PARAM_BYTES {
            return Err(bad(format!(
                "its .nv.info lays out {past} bytes of parameters; at most {MAX_PARAM_BYTES} \
                 are passed"
            )));
        }
        let mut out = vec![0; total];
        for (i, (p, a)) in k.params.iter().zip(args).enumerate() {
            if a.len() != p.size as usize {
                return Err(bad(format!(
                    "parameter {} is {} bytes at offset {:#x}; {} bytes given",
                    i + 1,
                    p.size,
                    p.offset,
                    a.len()
                )));
            }
            let at = p.offset as usize;
            if out.len() < at + a.len() {
                out.resize(at + a.len(), 0);
            }
            out[at..at + a.len()].copy_from_slice(a);
        }
        Ok(out)
    }

    /// Launches `kernel` with one byte string per parameter ([`Context::params`]).
    pub fn launch(
        &mut self,
        m: ModuleId,
        kernel: &str,
        shape: &Launch,
        args: &[&[u8]],
    ) -> Result<LaunchReport, DeviceError> {
        let params = self.params(m, kernel, args)?;
        self.launch_raw(m, kernel, shape, &params)
    }

    /// Launches `kernel` with a ready parameter block (placed at `c[0x0][0x140]`). The
    /// launch runs to its end before this returns (see `docs/09-device-layer.md`,
    /// "Streams"). A fault or a limit fails it and leaves the context sticky-faulted.
    pub fn launch_raw(
        &mut self,
        m: ModuleId,
        kernel: &str,
        shape: &Launch,
        params: &[u8],
    ) -> Result<LaunchReport, DeviceError> {
        self.run_launch(m, kernel, shape, params, false)
    }

    /// A cooperative launch (`cudaLaunchCooperativeKernel`) with a ready parameter block:
    /// every CTA must fit on the device at once (else
    /// [`DeviceError::CooperativeTooLarge`]); they run interleaved
    /// ([`gpumem_warp::Emulator::run_cooperative`]) with a grid workspace whose address
    /// is at `c[0x0][0x34]` (high word) and `c[0x0][0x38]` (low word), where cooperative
    /// groups' `grid.sync()` finds it. Under `timing` it runs without the cycle model
    /// (which executes CTAs one after another) and takes no device time.
    pub fn launch_cooperative(
        &mut self,
        m: ModuleId,
        kernel: &str,
        shape: &Launch,
        params: &[u8],
    ) -> Result<LaunchReport, DeviceError> {
        self.run_launch(m, kernel, shape, params, true)
    }

    fn run_launch(
        &mut self,
        m: ModuleId,
        kernel: &str,
        shape: &Launch,
        params: &[u8],
        cooperative: bool,
    ) -> Result<LaunchReport, DeviceError> {
        self.live_ok()?;
        self.check_stream(shape.stream)?;
        // The device heap is reserved at the first launch of a kernel that uses it.
        let uses_heap = self
            .modules
            .get(&m.0)
            .and_then(|l| l.kernel(m, kernel).ok())
            .is_some_and(|k| k.uses_heap);
        if uses_heap && self.device_heap.is_none() {
            let bytes = self.cfg.heap_bytes;
            let base = self.alloc(bytes, AllocKind::Heap, ALIGN)?;
            self.device_heap = Some(DeviceHeap::new(base, bytes));
        }
        if cooperative && self.grid_workspace.is_none() {
            self.grid_workspace = Some(self.alloc(GRID_WORKSPACE, AllocKind::Device, ALIGN)?);
        }
        let l = self
            .modules
            .get(&m.0)
            .ok_or(DeviceError::NoSuchModule(m.0))?;
        let k = l.kernel(m, kernel)?;
        let invalid = |why: String| DeviceError::InvalidLaunch {
            kernel: kernel.to_string(),
            why,
        };
        let prog = k
            .program
            .as_ref()
            .map_err(|e| invalid(format!("its code cannot be linked: {e}")))?;
        for d in 0..3 {
            let axis = ["x", "y", "z"][d];
            if shape.grid[d] == 0 || shape.grid[d] > MAX_GRID[d] {
                return Err(invalid(format!(
                    "grid.{axis} = {}: must be 1 to {}",
                    shape.grid[d], MAX_GRID[d]
                )));
            }
            if shape.block[d] == 0 || shape.block[d] > MAX_BLOCK[d] {
                return Err(invalid(format!(
                    "block.{axis} = {}: must be 1 to {}",
                    shape.block[d], MAX_BLOCK[d]
                )));
            }
        }
        let threads: u64 = shape.block.iter().map(|&b| b as u64).product();
        if threads > MAX_THREADS {
            return Err(invalid(format!(
                "a block of {threads} threads; Maxwell allows at most {MAX_THREADS}"
            )));
        }
        let shared = k.info.shared_bytes.saturating_add(shape.shared_bytes);
        if shared > MAX_SHARED {
            return Err(invalid(format!(
                "{shared} bytes of shared memory per block ({} static + {} dynamic); Maxwell \
                 allows at most {MAX_SHARED}",
                k.info.shared_bytes, shape.shared_bytes
            )));
        }
        let registers = k.info.registers.clamp(1, 255);
        // Registers are allocated per warp in units of 256 (cc 5.x).
        let warps = threads.div_ceil(32);
        let regs_cta = warps * (registers as u64 * 32).div_ceil(256) * 256;
        if regs_cta > MAX_REGS_PER_CTA {
            return Err(invalid(format!(
                "{threads} threads of {registers} registers need {regs_cta} registers; an SM \
                 has {MAX_REGS_PER_CTA} (too many resources requested)"
            )));
        }
        if cooperative {
            let t = gpumem_timing::TimingConfig::preset(self.cfg.preset);
            let per_sm =
                gpumem_timing::occupancy(&t, threads, registers, shared).ctas_per_sm as u64;
            let sms = self.cfg.preset.params().sms as u64;
            let ctas: u64 = shape.grid.iter().map(|&g| g as u64).product();
            if ctas > per_sm * sms {
                return Err(DeviceError::CooperativeTooLarge {
                    kernel: kernel.to_string(),
                    ctas,
                    max: per_sm * sms,
                    per_sm,
                    sms,
                });
            }
        }
        let cfg = &self.cfg;
        // The heap's allocation is checked block by block (its live `malloc` blocks).
        let heap = self.device_heap.as_ref().map(|h| h.range());
        let bounds = cfg.check.map(|mode| {
            let regions = self
                .allocations()
                .filter(|a| heap.is_none() || a.kind != AllocKind::Heap)
                .map(|a| (a.ptr, a.size));
            let b = BoundsCheck::new(regions, mode);
            match heap {
                Some((base, bytes)) => b.with_heap(base, bytes),
                None => b,
            }
        });
        let lc = LaunchConfig {
            grid: shape.grid,
            block: shape.block,
            registers,
            shared_bytes: shared,
            local_bytes: cfg.stack_bytes,
            max_steps: cfg.max_steps,
            max_memory: cfg.max_resident,
            mem: MemConfig::default(),
            windows: GenericWindows::default(),
            hazards: cfg.hazards,
            bounds,
            // The context's texture objects (none before the first is made).
            textures: self.texture_pools(),
        };
        let timing_cfg =
            (cfg.timing && !cooperative).then(|| gpumem_timing::TimingConfig::preset(cfg.preset));
        let clock_mhz = cfg.clock_mhz.max(1) as f64;
        let mut emu = Emulator::new(prog, lc);
        emu.printf = Some(Vec::new());
        emu.interrupt = self.interrupt.clone();
        emu.jobs = cfg.jobs.max(1);
        for (bank, data) in k
            .constants
            .iter()
            .map(|(b, d)| (b, d))
            .chain(l.banks.iter())
        {
            if data.len() as u64 <= gpumem_mem::CONST_BANK_BYTES {
                let _ = emu.mem.constant.write(*bank, 0, data);
            }
        }
        emu.set_params(params)
            .map_err(|e| invalid(format!("the parameter block: {e}")))?;
        // Texture references: the bound texture's handle where ptxas reads it.
        for (off, name) in &k.texture_refs {
            let h = self.texture_ref(m, name).unwrap_or(0);
            let _ = emu.mem.constant.write(0, *off, &(h as u32).to_le_bytes());
        }
        emu.cooperative = cooperative;
        if let (true, Some(ws)) = (cooperative, self.grid_workspace) {
            for (off, word) in [(0x34u64, (ws >> 32) as u32), (0x38, ws as u32)] {
                let _ = emu.mem.constant.write(0, off, &word.to_le_bytes());
            }
            // A fresh barrier counter for each launch.
            let _ = self.global.write(ws, &[0; GRID_WORKSPACE as usize]);
        }
        emu.heap = self.device_heap.take();
        // The context's memory is the launch's global memory.
        std::mem::swap(&mut emu.mem.global, &mut self.global);
        let started = std::time::Instant::now();
        let timing = match timing_cfg {
            Some(t) => match gpumem_timing::Timing::new(&mut emu, t, registers) {
                Ok(model) => Some(model.run()),
                Err(e) => {
                    std::mem::swap(&mut emu.mem.global, &mut self.global);
                    self.device_heap = emu.heap.take();
                    return Err(invalid(format!("the cycle model: {e}")));
                }
            },
            None => {
                emu.run();
                None
            }
        };
        let wall_ms = started.elapsed().as_secs_f64() * 1e3;
        std::mem::swap(&mut emu.mem.global, &mut self.global);
        self.device_heap = emu.heap.take();
        let elapsed_ms = match &timing {
            Some(t) => t.cycles as f64 / (clock_mhz * 1e3),
            None => wall_ms,
        };
        let warn = self.cfg.check == Some(BoundsMode::Warn);
        let (mut warnings, mut faults): (Vec<Fault>, Vec<Fault>) = emu
            .faults
            .iter()
            .cloned()
            .partition(|f| warn && f.kind == FaultKind::OutOfBounds);
        // Out-of-bounds reports name the nearest allocation (or the freed one hit).
        for f in warnings.iter_mut().chain(faults.iter_mut()) {
            if let (FaultKind::OutOfBounds, Some(a)) = (f.kind, f.address) {
                f.message
                    .push_str(&format!("; the address is {}", self.nearest(a)));
            }
        }
        let more = faults.len().saturating_sub(1) + emu.stats.faults_dropped as usize;
        let report = LaunchReport {
            kernel: kernel.to_string(),
            grid: shape.grid,
            block: shape.block,
            warp_instructions: emu.stats.warp_instructions,
            warnings,
            hazards: emu.hazards().to_vec(),
            timing,
            elapsed_ms,
            stats: std::mem::take(&mut emu.stats),
            printf: emu.printf.take().unwrap_or_default(),
        };
        if let Some(f) = faults.first() {
            let first = describe(f, prog);
            drop(emu);
            if self.sticky.is_none() {
                self.sticky = Some(format!("kernel `{kernel}`: {first}"));
            }
            return Err(DeviceError::KernelFault {
                kernel: kernel.to_string(),
                first,
                faults,
                more,
                printf: report.printf,
                warp_instructions: report.warp_instructions,
            });
        }
        drop(emu);
        if self.cfg.timing {
            self.device_ms += elapsed_ms;
        }
        Ok(report)
    }
}

/// A fault as one line: kind, pc, instruction, CTA, warp, lane, address, message.
fn describe(f: &Fault, prog: &gpumem_warp::Program) -> String {
    let text = gpumem_warp::program::addr_index(f.pc as i64)
        .and_then(|i| prog.texts.get(i))
        .map(|t| format!(" `{}`", t.trim()))
        .unwrap_or_default();
    let mut s = format!(
        "{} at pc {:#06x}{text} in CTA {}, warp {}",
        f.kind.name(),
        f.pc,
        f.cta,
        f.warp
    );
    if let Some(l) = f.lane {
        s.push_str(&format!(", lane {l} (thread {})", f.warp * 32 + l));
    }
    if let Some(a) = f.address {
        let space = f
            .space
            .map(|s| format!("{s:?} ").to_lowercase())
            .unwrap_or_default();
        s.push_str(&format!(", {space}address {a:#x}"));
    }
    if !f.message.is_empty() {
        s.push_str(&format!(": {}", f.message));
    }
    s
}
