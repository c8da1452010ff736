//! The runtime's state: one device context, the registered fat binaries, kernels and
//! variables, the host-visible memory mirrored into the device store, the launch
//! configurations, the last error and the sticky fault. Everything here works on
//! addresses as `u64`; `api.rs` turns C pointers into them.

use crate::error::{self as ce, CudaError};
use gpumem_device::{
    AllocKind, BoundsMode, Context, DeviceConfig, DeviceError, Event, Launch, ModuleId, Stream,
    SymbolPlace,
};
use gpumem_mem::hierarchy::Preset;
use std::alloc::Layout;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;

/// A failed call: its `cudaError_t` and, for gpumem's line on standard error, why.
#[derive(Debug, Clone)]
pub struct Fail {
    /// The code returned.
    pub code: CudaError,
    /// What went wrong (empty: nothing to say beyond the code).
    pub why: String,
}

/// A call's result.
pub type R<T> = Result<T, Fail>;

/// A failure with a message.
pub fn fail(code: CudaError, why: impl Into<String>) -> Fail {
    Fail {
        code,
        why: why.into(),
    }
}

/// The options `gpumem cuda` passes through the environment.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `GPUMEM_PRESET`: `gm204` (default), `gm107`, `gp100` or `gp104`.
    pub preset: Option<Preset>,
    /// `GPUMEM_TIMING=1`: launches timed by the cycle model; events read device time.
    pub timing: bool,
    /// `GPUMEM_CHECK=1`: every global access checked against the live allocations.
    pub check: bool,
    /// `GPUMEM_REPORT=FILE`: one JSON line per launch.
    pub report: Option<String>,
    /// `GPUMEM_JOBS=N`: threads for a launch's CTAs (default: every core).
    pub jobs: Option<usize>,
    /// `GPUMEM_SUMMARY=1`: a summary on standard error at exit.
    pub summary: bool,
    /// `GPUMEM_CUDART_MARK=FILE`: written when the runtime is first used (`gpumem cuda`
    /// tells a program that never called the runtime by it).
    pub mark: Option<String>,
}

impl Options {
    /// From the environment.
    pub fn from_env() -> Options {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let flag = |k: &str| var(k).is_some_and(|v| v != "0");
        Options {
            preset: var("GPUMEM_PRESET").and_then(|p| Preset::from_name(&p)),
            timing: flag("GPUMEM_TIMING"),
            check: flag("GPUMEM_CHECK"),
            report: var("GPUMEM_REPORT"),
            jobs: var("GPUMEM_JOBS").and_then(|j| j.parse().ok()),
            summary: flag("GPUMEM_SUMMARY"),
            mark: var("GPUMEM_CUDART_MARK"),
        }
    }
}

/// What a host-visible range is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MirrorKind {
    /// `cudaMallocHost`/`cudaHostAlloc`.
    Pinned,
    /// `cudaMallocManaged`.
    Managed,
    /// `cudaHostRegister`: the program's own memory.
    Registered,
    /// A `__managed__` variable: host memory standing for a module variable.
    ManagedVar,
}

/// Host memory that kernels also see: the process's bytes are the truth between
/// launches; they are written into the device store at `dev` before every launch and
/// read back after it.
#[derive(Clone, Debug)]
pub struct Mirror {
    /// Bytes.
    pub size: u64,
    /// Its device address (the host address itself, mapped in the store, except for
    /// `__managed__` variables).
    pub dev: u64,
    /// What it is.
    pub kind: MirrorKind,
    /// The allocation's layout when the runtime owns the memory.
    pub owned: Option<Layout>,
    /// `cudaHostAlloc` flags.
    pub flags: u32,
}

/// A registered fat binary.
pub struct Fatbin {
    /// Its bytes in the program image (valid while the program runs).
    pub ptr: u64,
    /// Bytes.
    pub len: u64,
    /// The loaded module, or why it could not be loaded.
    pub module: Result<ModuleId, Fail>,
}

/// A registered `__device__`/`__constant__`/`__managed__` variable.
#[derive(Clone, Debug)]
pub struct Var {
    /// The fat binary's handle.
    pub handle: u64,
    /// Its device name.
    pub name: String,
    /// Bytes.
    pub size: u64,
    /// For `__managed__`: the host memory standing for it.
    pub managed_host: Option<u64>,
}

/// A registered texture reference (`texture<T, dim, mode>`, `__cudaRegisterTexture`).
#[derive(Clone, Debug)]
pub struct TexRef {
    /// The fat binary's handle.
    pub handle: u64,
    /// Its device name.
    pub name: String,
    /// `cudaReadModeNormalizedFloat`.
    pub normalized_float: bool,
}

/// One `<<<>>>` configuration.
#[derive(Clone, Copy, Debug)]
pub struct CallConfig {
    /// Grid.
    pub grid: [u32; 3],
    /// Block.
    pub block: [u32; 3],
    /// Dynamic shared memory.
    pub shared: u64,
    /// The stream handle.
    pub stream: u64,
}

/// Counters of the summary.
#[derive(Clone, Copy, Debug, Default)]
pub struct Totals {
    /// Launches run.
    pub launches: u64,
    /// Warp instructions executed.
    pub warp_instructions: u64,
    /// Host time in the emulator (s).
    pub seconds: f64,
    /// Modelled cycles (with timing).
    pub cycles: u64,
    /// Launches that faulted.
    pub faults: u64,
    /// Out-of-bounds reports of the checker.
    pub oob: u64,
}

/// Alignment of `cudaMallocPitch` rows (bytes).
pub const PITCH_ALIGN: u64 = 512;
/// `cudaLimitStackSize`, `cudaLimitPrintfFifoSize`, `cudaLimitMallocHeapSize`.
pub const LIMITS: usize = 3;

/// The runtime.
pub struct Runtime {
    /// The emulated GPU.
    pub ctx: Context,
    /// The options.
    pub opts: Options,
    /// Fat binaries by handle.
    pub fatbins: BTreeMap<u64, Fatbin>,
    next_handle: u64,
    /// Kernels by host stub: (fat binary handle, device name).
    pub functions: HashMap<u64, (u64, String)>,
    /// Variables by host shadow address.
    pub vars: HashMap<u64, Var>,
    /// Texture references by their host `textureReference` address.
    pub texrefs: HashMap<u64, TexRef>,
    /// Host-visible ranges by host address.
    pub mirrors: BTreeMap<u64, Mirror>,
    /// Pushed `<<<>>>` configurations.
    pub configs: Vec<CallConfig>,
    /// `cudaGetLastError`'s value.
    pub last_error: CudaError,
    /// The sticky error of a kernel fault.
    pub sticky: Option<CudaError>,
    /// `cudaSetDeviceFlags`.
    pub device_flags: u32,
    /// `cudaDeviceSetLimit` values.
    pub limits: [u64; LIMITS],
    /// Streams by handle value, and their flags.
    pub streams: HashMap<u64, (Stream, u32)>,
    /// Events by handle value.
    pub events: HashMap<u64, Event>,
    /// Entry points that returned `cudaErrorNotSupported` (printed once each).
    pub unsupported: HashSet<String>,
    /// Counters.
    pub totals: Totals,
    report: Option<std::fs::File>,
    /// Device `printf` output not yet printed (it appears at synchronisation points).
    pub printf: Vec<String>,
    /// Failed device `assert`s' lines not yet printed (standard error, at the same
    /// points).
    pub asserts: Vec<String>,
}

/// Handle values of created streams and events: the context's number shifted past the
/// special stream handles (`cudaStreamLegacy` 1, `cudaStreamPerThread` 2).
const HANDLE_SHIFT: u32 = 8;

/// One line of `gpumem cuda --report F.jsonl`: a launch, how it went.
#[derive(serde::Serialize)]
struct LaunchRow<'a> {
    kernel: &'a str,
    grid: [u32; 3],
    block: [u32; 3],
    shared_bytes: u64,
    warp_instructions: u64,
    seconds: f64,
    /// 1: the kernel faulted.
    faults: u32,
    #[serde(flatten)]
    outcome: Outcome<'a>,
}

/// How a launch ended: its counts, or the error it failed with.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum Outcome<'a> {
    Ran {
        out_of_bounds: usize,
        hazards: usize,
        /// The cycle model's count (`null`: not timed).
        cycles: Option<u64>,
        elapsed_ms: f64,
        cooperative: bool,
    },
    Faulted {
        /// The CUDA error's name.
        error: Option<&'static str>,
        fault: &'a str,
    },
}

impl Runtime {
    /// A runtime with the given options.
    pub fn new(opts: Options) -> Runtime {
        let mut cfg = DeviceConfig::preset(opts.preset.unwrap_or(Preset::Gm204));
        cfg.timing = opts.timing;
        if let Some(j) = opts.jobs {
            cfg.jobs = j.max(1);
        }
        // Accesses outside every allocation fault (`cudaErrorIllegalAddress`) as they do
        // on hardware; `--check` reports them instead and lets the kernel go on.
        cfg.check = Some(if opts.check {
            BoundsMode::Warn
        } else {
            BoundsMode::Fault
        });
        let report = opts
            .report
            .as_ref()
            .and_then(|p| match std::fs::File::create(p) {
                Ok(f) => Some(f),
                Err(e) => {
                    eprintln!("gpumem: cannot write the report {p}: {e}");
                    None
                }
            });
        if let Some(m) = &opts.mark {
            let _ = std::fs::write(m, "libcudart.so.11.0 (gpumem)\n");
        }
        Runtime {
            limits: [cfg.stack_bytes, 1 << 20, 8 << 20],
            ctx: Context::new(cfg),
            opts,
            fatbins: BTreeMap::new(),
            next_handle: 1,
            functions: HashMap::new(),
            vars: HashMap::new(),
            texrefs: HashMap::new(),
            mirrors: BTreeMap::new(),
            configs: Vec::new(),
            last_error: ce::SUCCESS,
            sticky: None,
            device_flags: 0,
            streams: HashMap::new(),
            events: HashMap::new(),
            unsupported: HashSet::new(),
            totals: Totals::default(),
            report,
            printf: Vec::new(),
            asserts: Vec::new(),
        }
    }

    /// The code a device error returns, and its message. A kernel fault sets the
    /// sticky error.
    pub fn device_fail(&mut self, e: DeviceError) -> Fail {
        use gpumem_warp::FaultKind as K;
        let code = match &e {
            DeviceError::OutOfMemory { .. } => ce::MEMORY_ALLOCATION,
            DeviceError::DoubleFree { .. }
            | DeviceError::InvalidPointer { .. }
            | DeviceError::WrongKind { .. }
            | DeviceError::BadMapping { .. }
            | DeviceError::OutOfBounds { .. }
            | DeviceError::SymbolBounds { .. }
            | DeviceError::InvalidParams { .. }
            | DeviceError::HeapInUse { .. }
            | DeviceError::Texture(_) => ce::INVALID_VALUE,
            DeviceError::CooperativeTooLarge { .. } => ce::COOPERATIVE_LAUNCH_TOO_LARGE,
            DeviceError::Fatbin(_) => ce::NO_KERNEL_IMAGE_FOR_DEVICE,
            DeviceError::Cubin(_) | DeviceError::Module { .. } => ce::INVALID_KERNEL_IMAGE,
            DeviceError::NoSuchKernel { .. } => ce::INVALID_DEVICE_FUNCTION,
            DeviceError::NoSuchSymbol { .. } => ce::INVALID_SYMBOL,
            DeviceError::NoSuchModule(_)
            | DeviceError::NoSuchStream(_)
            | DeviceError::NoSuchEvent(_)
            | DeviceError::NotRecorded(_) => ce::INVALID_RESOURCE_HANDLE,
            // The device layer words a register shortage as the runtime does.
            DeviceError::InvalidLaunch { why, .. } if why.contains("registers") => {
                ce::LAUNCH_OUT_OF_RESOURCES
            }
            DeviceError::InvalidLaunch { .. } => ce::INVALID_CONFIGURATION,
            DeviceError::KernelFault { faults, .. } => {
                let code = match faults.first().map(|f| f.kind) {
                    Some(K::MisalignedAddress | K::MisalignedRegister) => ce::MISALIGNED_ADDRESS,
                    Some(K::OutOfWindow | K::OutOfAllocation | K::OutOfBounds) => {
                        ce::ILLEGAL_ADDRESS
                    }
                    Some(K::StepLimit) => ce::LAUNCH_TIMEOUT,
                    Some(K::InvalidInstruction | K::PcOutOfRange) => ce::ILLEGAL_INSTRUCTION,
                    Some(K::StackUnderflow | K::StackOverflow) => ce::HARDWARE_STACK_ERROR,
                    Some(K::Breakpoint) => ce::ASSERT,
                    _ => ce::LAUNCH_FAILURE,
                };
                self.sticky.get_or_insert(code);
                code
            }
            DeviceError::Sticky(_) => self.sticky.unwrap_or(ce::LAUNCH_FAILURE),
        };
        fail(code, e.to_string())
    }

    /// Maps a device result.
    pub fn dev<T>(&mut self, r: Result<T, DeviceError>) -> R<T> {
        r.map_err(|e| self.device_fail(e))
    }

    // ---- registration -----------------------------------------------------------

    /// `__cudaRegisterFatBinary`: loads the fat binary at `ptr` (`len` bytes); a
    /// failure is kept and returned by the launches of its kernels.
    pub fn register_fatbin(&mut self, ptr: u64, len: u64, bytes: &[u8]) -> u64 {
        let handle = self.next_handle;
        self.next_handle += 1;
        let module = self.ctx.load(bytes);
        let module = self.dev(module);
        self.fatbins.insert(handle, Fatbin { ptr, len, module });
        handle
    }

    /// The module of a fat binary handle.
    pub fn module(&self, handle: u64) -> R<ModuleId> {
        match self.fatbins.get(&handle) {
            Some(f) => f.module.clone(),
            None => Err(fail(
                ce::INVALID_RESOURCE_HANDLE,
                format!("no fat binary is registered as handle {handle}"),
            )),
        }
    }

    /// The module and name of a kernel by its host stub.
    pub fn function(&self, host: u64) -> R<(ModuleId, String)> {
        let (h, name) = self.functions.get(&host).ok_or_else(|| {
            fail(
                ce::INVALID_DEVICE_FUNCTION,
                format!("{host:#x} is not a registered kernel"),
            )
        })?;
        Ok((self.module(*h)?, name.clone()))
    }

    /// A variable by its host shadow, with its module.
    pub fn var(&self, host: u64) -> R<(ModuleId, Var)> {
        let v = self.vars.get(&host).ok_or_else(|| {
            fail(
                ce::INVALID_SYMBOL,
                format!("{host:#x} is not a registered __device__ or __constant__ variable"),
            )
        })?;
        Ok((self.module(v.handle)?, v.clone()))
    }

    /// `__cudaRegisterManagedVar`: host memory holding the variable's initial value,
    /// mirrored onto the module variable.
    pub fn register_managed_var(&mut self, handle: u64, name: &str, size: u64) -> R<u64> {
        let m = self.module(handle)?;
        let sym = self.ctx.symbol(m, name).cloned();
        let sym = self.dev(sym)?;
        let SymbolPlace::Global(dev) = sym.place else {
            return Err(fail(
                ce::INVALID_SYMBOL,
                format!("__managed__ `{name}` is not in global memory"),
            ));
        };
        let host = self.host_alloc_raw(size.max(1))?;
        let mut init = vec![0u8; size as usize];
        let r = self.ctx.read(dev, &mut init);
        self.dev(r)?;
        // SAFETY: `host` is a fresh allocation of at least `size` bytes.
        unsafe { std::ptr::copy_nonoverlapping(init.as_ptr(), host.0 as *mut u8, init.len()) };
        self.mirrors.insert(
            host.0,
            Mirror {
                size,
                dev,
                kind: MirrorKind::ManagedVar,
                owned: Some(host.1),
                flags: 0,
            },
        );
        Ok(host.0)
    }

    // ---- host-visible memory ----------------------------------------------------

    fn host_alloc_raw(&mut self, size: u64) -> R<(u64, Layout)> {
        let bytes = size.max(1).checked_next_multiple_of(4096);
        let layout = bytes
            .and_then(|b| usize::try_from(b).ok())
            .and_then(|b| Layout::from_size_align(b, 4096).ok())
            .ok_or_else(|| {
                fail(
                    ce::MEMORY_ALLOCATION,
                    format!("{size} bytes of host memory"),
                )
            })?;
        // SAFETY: the layout's size is not zero.
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        if p.is_null() {
            return Err(fail(
                ce::MEMORY_ALLOCATION,
                format!("the host has no {size} bytes"),
            ));
        }
        Ok((p as u64, layout))
    }

    /// `cudaMallocHost`, `cudaHostAlloc`, `cudaMallocManaged`: process memory mapped at
    /// the same address in the device store.
    pub fn host_alloc(&mut self, size: u64, kind: MirrorKind, flags: u32) -> R<u64> {
        if size == 0 {
            return Ok(0);
        }
        let (p, layout) = self.host_alloc_raw(size)?;
        if let Err(e) = self.ctx.map_fixed(p, size) {
            // SAFETY: allocated just above with this layout.
            unsafe { std::alloc::dealloc(p as *mut u8, layout) };
            return Err(self.device_fail(e));
        }
        self.mirrors.insert(
            p,
            Mirror {
                size,
                dev: p,
                kind,
                owned: Some(layout),
                flags,
            },
        );
        Ok(p)
    }

    /// `cudaHostRegister`: the program's own memory, mapped for kernels.
    pub fn host_register(&mut self, p: u64, size: u64, flags: u32) -> R<()> {
        if p == 0 || size == 0 {
            return Err(fail(ce::INVALID_VALUE, "a null pointer or size 0"));
        }
        if self.mirror_of(p).is_some() {
            return Err(fail(
                ce::HOST_MEMORY_ALREADY_REGISTERED,
                format!("{p:#x} is registered already"),
            ));
        }
        let r = self.ctx.map_fixed(p, size);
        self.dev(r)?;
        self.mirrors.insert(
            p,
            Mirror {
                size,
                dev: p,
                kind: MirrorKind::Registered,
                owned: None,
                flags,
            },
        );
        Ok(())
    }

    /// Frees a mirror of one of `kinds` starting at `p`.
    pub fn host_free(&mut self, p: u64, kinds: &[MirrorKind], what: &str) -> R<()> {
        if p == 0 {
            return Ok(());
        }
        match self.mirrors.get(&p) {
            Some(m) if kinds.contains(&m.kind) => {}
            Some(m) => {
                return Err(fail(
                    ce::INVALID_VALUE,
                    format!(
                        "{p:#x} is {:?} memory; {what} frees {kinds:?} memory",
                        m.kind
                    ),
                ));
            }
            None => {
                return Err(fail(
                    if kinds.contains(&MirrorKind::Registered) {
                        ce::HOST_MEMORY_NOT_REGISTERED
                    } else {
                        ce::INVALID_VALUE
                    },
                    format!("{what}: {p:#x} is not memory the runtime handed out"),
                ));
            }
        }
        let Some(m) = self.mirrors.remove(&p) else {
            return Ok(());
        };
        let _ = self.ctx.unmap(m.dev);
        if let Some(layout) = m.owned {
            // SAFETY: the runtime allocated it with this layout.
            unsafe { std::alloc::dealloc(p as *mut u8, layout) };
        }
        Ok(())
    }

    /// The mirror holding host address `p`, by its start.
    pub fn mirror_of(&self, p: u64) -> Option<(u64, &Mirror)> {
        self.mirrors
            .range(..=p)
            .next_back()
            .filter(|(s, m)| p < *s + m.size.max(1))
            .map(|(s, m)| (*s, m))
    }

    /// Copies every mirror into the device store (before a launch).
    fn mirrors_in(&mut self) -> R<()> {
        let list: Vec<(u64, u64, u64)> = self
            .mirrors
            .iter()
            .map(|(h, m)| (*h, m.dev, m.size))
            .collect();
        for (h, d, n) in list {
            // SAFETY: a mirror is live process memory of `n` bytes at `h` (allocated by the
            // runtime, or registered by the program, which keeps it alive until it
            // unregisters it).
            let s = unsafe { std::slice::from_raw_parts(h as *const u8, n as usize) };
            let r = self.ctx.write(d, s);
            self.dev(r)?;
        }
        Ok(())
    }

    /// Copies every mirror back to the process (after a launch).
    fn mirrors_out(&mut self) {
        for (h, m) in &self.mirrors {
            // SAFETY: as in `mirrors_in`.
            let s = unsafe { std::slice::from_raw_parts_mut(*h as *mut u8, m.size as usize) };
            let _ = self.ctx.read(m.dev, s);
        }
    }

    // ---- pointers and copies ----------------------------------------------------

    /// Whether `p` lies in the device's own address ranges (device and module memory;
    /// the managed and host ranges the runtime does not use).
    pub fn is_device(p: u64) -> bool {
        (gpumem_device::DEVICE_BASE..gpumem_device::HOST_BASE + gpumem_device::RANGE_BYTES)
            .contains(&p)
    }

    /// Whether `p` is memory kernels can reach: device memory or a mirror.
    pub fn device_visible(&self, p: u64) -> bool {
        Runtime::is_device(p) || self.mirror_of(p).is_some()
    }

    /// `cudaMemcpy` of every kind: device memory through the context, host and
    /// host-visible memory directly. `kind` is checked against the pointers.
    pub fn memcpy(&mut self, dst: u64, src: u64, len: u64, kind: i32) -> R<()> {
        use crate::types::memcpy_kind as k;
        if len == 0 {
            return Ok(());
        }
        if dst == 0 || src == 0 {
            return Err(fail(ce::INVALID_VALUE, "a null pointer"));
        }
        let (dst_dev, src_dev) = match kind {
            k::HOST_TO_HOST | k::DEFAULT => (true, true),
            k::HOST_TO_DEVICE => (self.device_visible(dst), true),
            k::DEVICE_TO_HOST => (true, self.device_visible(src)),
            k::DEVICE_TO_DEVICE => (self.device_visible(dst), self.device_visible(src)),
            _ => {
                return Err(fail(
                    ce::INVALID_MEMCPY_DIRECTION,
                    format!("cudaMemcpyKind {kind}"),
                ));
            }
        };
        if !dst_dev || !src_dev {
            let which = if !dst_dev {
                ("destination", dst)
            } else {
                ("source", src)
            };
            return Err(fail(
                ce::INVALID_VALUE,
                format!(
                    "the {} {:#x} is not device memory (copy kind {kind})",
                    which.0, which.1
                ),
            ));
        }
        self.live()?;
        let n = usize::try_from(len).map_err(|_| fail(ce::INVALID_VALUE, "size"))?;
        let r = match (Runtime::is_device(dst), Runtime::is_device(src)) {
            (true, true) => self.ctx.copy(dst, src, len),
            (true, false) => {
                // SAFETY: the program passes `len` readable bytes at `src` (the runtime's
                // contract; a bad host pointer crashes the real runtime as well).
                let s = unsafe { std::slice::from_raw_parts(src as *const u8, n) };
                self.ctx.write(dst, s)
            }
            (false, true) => {
                // SAFETY: the program passes `len` writable bytes at `dst`.
                let d = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, n) };
                self.ctx.read(src, d)
            }
            (false, false) => {
                // SAFETY: both are the program's memory of `len` bytes (may overlap).
                unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, n) };
                Ok(())
            }
        };
        self.dev(r)
    }

    /// `cudaMemset`.
    pub fn memset(&mut self, dst: u64, value: u8, len: u64) -> R<()> {
        if len == 0 {
            return Ok(());
        }
        self.live()?;
        if Runtime::is_device(dst) {
            let r = self.ctx.memset(dst, value, len);
            return self.dev(r);
        }
        match self.mirror_of(dst) {
            Some((s, m)) if dst.checked_add(len).is_some_and(|e| e <= s + m.size) => {
                // SAFETY: inside a live mirror.
                unsafe { std::ptr::write_bytes(dst as *mut u8, value, len as usize) };
                Ok(())
            }
            Some(_) => Err(fail(
                ce::INVALID_VALUE,
                format!("memset of {len} bytes at {dst:#x} passes the end of its host allocation"),
            )),
            None => Err(fail(
                ce::INVALID_VALUE,
                format!("memset: {dst:#x} is not device memory"),
            )),
        }
    }

    /// Fails with the sticky error once a kernel faulted.
    pub fn live(&self) -> R<()> {
        match self.sticky {
            Some(c) => Err(fail(c, "")),
            None => Ok(()),
        }
    }

    // ---- streams and events -----------------------------------------------------

    /// The context's stream for a handle value (0, 1 and 2: the default stream).
    pub fn stream(&self, h: u64) -> R<Stream> {
        if h <= 2 {
            return Ok(Stream::DEFAULT);
        }
        self.streams
            .get(&h)
            .map(|s| s.0)
            .ok_or_else(|| fail(ce::INVALID_RESOURCE_HANDLE, format!("no stream {h:#x}")))
    }

    /// A new stream's handle value.
    pub fn create_stream(&mut self, flags: u32) -> u64 {
        let s = self.ctx.create_stream();
        let h = (s.0 as u64) << HANDLE_SHIFT;
        self.streams.insert(h, (s, flags));
        h
    }

    /// A new event's handle value.
    pub fn create_event(&mut self) -> u64 {
        let e = self.ctx.create_event();
        let h = (e.0 as u64) << HANDLE_SHIFT;
        self.events.insert(h, e);
        h
    }

    /// The context's event for a handle value.
    pub fn event(&self, h: u64) -> R<Event> {
        self.events
            .get(&h)
            .copied()
            .ok_or_else(|| fail(ce::INVALID_RESOURCE_HANDLE, format!("no event {h:#x}")))
    }

    // ---- launches ---------------------------------------------------------------

    /// Launches the kernel registered for host stub `func` (a cooperative launch when
    /// `cooperative`); `arg(i, size)` gives the bytes of parameter `i`.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &mut self,
        func: u64,
        grid: [u32; 3],
        block: [u32; 3],
        shared: u64,
        stream: u64,
        arg: &dyn Fn(usize, usize) -> Option<Vec<u8>>,
        cooperative: bool,
    ) -> R<()> {
        self.live()?;
        let (m, name) = self.function(func)?;
        let stream = self.stream(stream)?;
        let info = self.ctx.kernel(m, &name).cloned();
        let info = self.dev(info)?;
        let mut args = Vec::with_capacity(info.params.len());
        for (i, p) in info.params.iter().enumerate() {
            args.push(arg(i, p.size as usize).ok_or_else(|| {
                fail(
                    ce::INVALID_VALUE,
                    format!("launch of `{name}`: parameter {} is missing", i + 1),
                )
            })?);
        }
        let refs: Vec<&[u8]> = args.iter().map(|a| a.as_slice()).collect();
        let params = self.ctx.params(m, &name, &refs);
        let params = self.dev(params)?;
        self.mirrors_in()?;
        let shape = Launch {
            grid,
            block,
            shared_bytes: shared,
            stream,
        };
        let started = std::time::Instant::now();
        let r = if cooperative {
            self.ctx.launch_cooperative(m, &name, &shape, &params)
        } else {
            self.ctx.launch_raw(m, &name, &shape, &params)
        };
        let secs = started.elapsed().as_secs_f64();
        self.mirrors_out();
        match r {
            Ok(mut rep) => {
                self.keep_output(std::mem::take(&mut rep.printf));
                self.totals.launches += 1;
                self.totals.warp_instructions += rep.warp_instructions;
                self.totals.seconds += secs;
                self.totals.oob += rep.warnings.len() as u64;
                let cycles = rep.timing.as_ref().map(|t| t.cycles);
                self.totals.cycles += cycles.unwrap_or(0);
                for w in rep.warnings.iter().take(20) {
                    eprintln!(
                        "gpumem: check: kernel `{name}`: {} at pc {:#06x}, CTA {}, warp {}{}{}: {}",
                        w.kind.name(),
                        w.pc,
                        w.cta,
                        w.warp,
                        w.lane.map(|l| format!(", lane {l}")).unwrap_or_default(),
                        w.address
                            .map(|a| format!(", address {a:#x}"))
                            .unwrap_or_default(),
                        w.message
                    );
                }
                self.write_report(&LaunchRow {
                    kernel: &name,
                    grid,
                    block,
                    shared_bytes: shared,
                    warp_instructions: rep.warp_instructions,
                    seconds: secs,
                    faults: 0,
                    outcome: Outcome::Ran {
                        out_of_bounds: rep.warnings.len(),
                        hazards: rep.hazards.len(),
                        cycles,
                        elapsed_ms: rep.elapsed_ms,
                        cooperative,
                    },
                });
                Ok(())
            }
            Err(mut e) => {
                let mut executed = 0;
                if let DeviceError::KernelFault {
                    printf,
                    warp_instructions,
                    ..
                } = &mut e
                {
                    self.keep_output(std::mem::take(printf));
                    executed = *warp_instructions;
                }
                let fault = e.is_kernel_fault();
                let f = self.device_fail(e);
                if fault {
                    self.totals.launches += 1;
                    self.totals.faults += 1;
                    self.totals.seconds += secs;
                    self.totals.warp_instructions += executed;
                    self.write_report(&LaunchRow {
                        kernel: &name,
                        grid,
                        block,
                        shared_bytes: shared,
                        warp_instructions: executed,
                        seconds: secs,
                        faults: 1,
                        outcome: Outcome::Faulted {
                            error: ce::name(f.code),
                            fault: &f.why,
                        },
                    });
                }
                Err(f)
            }
        }
    }

    /// Keeps a launch's `printf` and `assert` lines for the next synchronisation point.
    fn keep_output(&mut self, lines: Vec<gpumem_warp::PrintfLine>) {
        for p in lines {
            if p.assert {
                self.asserts.push(p.text);
            } else {
                self.printf.push(p.text);
            }
        }
    }

    /// Takes the device `printf` output gathered since the last synchronisation point.
    pub fn take_printf(&mut self) -> String {
        std::mem::take(&mut self.printf).concat()
    }

    /// Takes the failed `assert`s' lines gathered since the last synchronisation point.
    pub fn take_asserts(&mut self) -> String {
        std::mem::take(&mut self.asserts).concat()
    }

    fn write_report(&mut self, row: &LaunchRow<'_>) {
        if let Some(f) = &mut self.report {
            // Through a `Value`: its keys in name order, one line.
            let line = serde_json::to_value(row).unwrap_or_default();
            let _ = writeln!(f, "{line}");
        }
    }

    /// `cudaDeviceReset`: a fresh context; the registered fat binaries are loaded again
    /// and host-visible memory stays mapped (the program's pointers stay valid).
    pub fn reset(&mut self) {
        self.ctx.reset();
        self.sticky = None;
        self.last_error = ce::SUCCESS;
        self.streams.clear();
        self.events.clear();
        self.configs.clear();
        let handles: Vec<u64> = self.fatbins.keys().copied().collect();
        for h in handles {
            let Some(f) = self.fatbins.get(&h) else {
                continue;
            };
            // SAFETY: the fat binary lies in the program image, registered with its size.
            let bytes = unsafe { std::slice::from_raw_parts(f.ptr as *const u8, f.len as usize) };
            let module = self.ctx.load(bytes);
            let module = self.dev(module);
            if let Some(f) = self.fatbins.get_mut(&h) {
                f.module = module;
            }
        }
        let vars: Vec<Var> = self.vars.values().cloned().collect();
        for v in vars {
            let Some(host) = v.managed_host else { continue };
            let dev = self.module(v.handle).ok().and_then(|m| {
                match self.ctx.symbol(m, &v.name).map(|s| s.place) {
                    Ok(SymbolPlace::Global(a)) => Some(a),
                    _ => None,
                }
            });
            if let (Some(d), Some(m)) = (dev, self.mirrors.get_mut(&host)) {
                m.dev = d;
            }
        }
        let maps: Vec<(u64, u64, MirrorKind)> = self
            .mirrors
            .iter()
            .map(|(h, m)| (*h, m.size, m.kind))
            .collect();
        for (h, n, k) in maps {
            if k != MirrorKind::ManagedVar {
                let _ = self.ctx.map_fixed(h, n);
            }
        }
    }

    /// The summary line printed at exit.
    pub fn summary(&self) -> String {
        let t = &self.totals;
        let mut s = format!(
            "gpumem: {} launch{}, {} warp instructions, {:.3} s in the emulator",
            t.launches,
            if t.launches == 1 { "" } else { "es" },
            t.warp_instructions,
            t.seconds
        );
        if t.seconds > 0.0 {
            s.push_str(&format!(
                " ({:.1} M warp instructions/s)",
                t.warp_instructions as f64 / t.seconds / 1e6
            ));
        }
        if self.opts.timing {
            s.push_str(&format!(
                ", {} modelled cycles ({:.3} ms at {} MHz)",
                t.cycles,
                t.cycles as f64 / (self.ctx.config().clock_mhz as f64 * 1e3),
                self.ctx.config().clock_mhz
            ));
        }
        if t.faults > 0 {
            s.push_str(&format!(", {} faulted", t.faults));
        }
        if self.opts.check {
            s.push_str(&format!(", {} out-of-bounds accesses", t.oob));
        }
        s
    }

    /// Kinds of memory a pointer attribute query reports.
    pub fn pointer_kind(&self, p: u64) -> (i32, u64, u64) {
        use crate::types::memory_type as t;
        if Runtime::is_device(p) {
            match self.ctx.allocation(p).map(|a| a.kind) {
                Some(AllocKind::Managed) => (t::MANAGED, p, p),
                Some(_) => (t::DEVICE, p, 0),
                None => (t::UNREGISTERED, 0, 0),
            }
        } else {
            match self.mirror_of(p) {
                Some((_, m)) if m.kind == MirrorKind::Managed => (t::MANAGED, p, p),
                Some(_) => (t::HOST, p, p),
                None => (t::UNREGISTERED, 0, 0),
            }
        }
    }
}
