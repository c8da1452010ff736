//! gpumem-device: the device layer. A [`Context`] is one emulated Maxwell GPU: device,
//! managed and host-mapped allocations over the emulator's sparse global store, modules
//! loaded from cubins and nvcc fat binaries with their module variables, kernel launches
//! run by gpumem-warp (optionally timed by gpumem-timing), streams and events.
//!
//! It sits below the launch layer: the CUDA runtime (`libcudart.so.11.0`), the Python
//! package and the manifest runner are its clients. Decisions and their evidence are in
//! `docs/09-device-layer.md`.
//!
//! ```
//! use gpumem_device::{Context, DeviceConfig};
//! let mut ctx = Context::new(DeviceConfig::gm204());
//! let p = ctx.malloc(1000).unwrap();
//! assert_eq!(p % 256, 0);
//! ctx.write(p, &[1, 2, 3]).unwrap();
//! let mut back = [0; 3];
//! ctx.read(p, &mut back).unwrap();
//! assert_eq!(back, [1, 2, 3]);
//! assert!(ctx.write(p + 998, &[0; 4]).is_err()); // past the allocation
//! ctx.free(p).unwrap();
//! assert!(ctx.free(p).is_err()); // double free
//! ```

#![warn(missing_docs)]

mod error;
pub mod fatbin;
mod heap;
mod launch;
mod module;
pub mod texture;

pub use error::DeviceError;
pub use gpumem_warp::BoundsMode;
pub use heap::ALIGN;
pub use launch::{Launch, LaunchReport};
pub use module::{KernelInfo, ModuleId, Symbol, SymbolPlace};

use gpumem_mem::Global;
use gpumem_mem::hierarchy::Preset;
use heap::{Heap, round_up};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::time::Instant;

/// First address of device memory (`malloc`, module data).
pub const DEVICE_BASE: u64 = 0x0010_0000_0000;
/// First address of managed memory (`malloc_managed`).
pub const MANAGED_BASE: u64 = 0x0020_0000_0000;
/// First address of host-mapped memory (`malloc_host`).
pub const HOST_BASE: u64 = 0x0030_0000_0000;
/// The most bytes one kind's range may span (each range is 64 GiB).
pub const RANGE_BYTES: u64 = 0x0010_0000_0000;

/// What memory an allocation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AllocKind {
    /// `cudaMalloc`: device memory.
    Device,
    /// `cudaMallocManaged`: one address for host and device (draws on device memory).
    Managed,
    /// `cudaMallocHost`/`cudaHostAlloc`: page-locked host memory mapped for the device.
    Host,
    /// A loaded module's global variables (device memory, freed with the module).
    Module,
    /// A range mapped at an address its client chose ([`Context::map_fixed`]: a
    /// manifest's `[[memory]]` region).
    Fixed,
    /// The device heap of kernels' `malloc`/`free` (`cudaLimitMallocHeapSize` bytes of
    /// device memory, reserved at the first launch of a kernel that uses it).
    Heap,
    /// A CUDA array's texels or the texture header and sampler pools (device memory
    /// freed through `free_array` or with the context, `docs/14-textures.md`).
    Array,
}

impl fmt::Display for AllocKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AllocKind::Device => "device",
            AllocKind::Managed => "managed",
            AllocKind::Host => "host-mapped",
            AllocKind::Module => "module",
            AllocKind::Fixed => "fixed-address",
            AllocKind::Heap => "device-heap",
            AllocKind::Array => "array",
        })
    }
}

/// A live allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// Its first byte (a multiple of [`ALIGN`]).
    pub ptr: u64,
    /// Bytes asked for (the range taken is rounded up to [`ALIGN`]).
    pub size: u64,
    /// What memory it is.
    pub kind: AllocKind,
    /// Its number, in order of allocation (1 is the first).
    pub id: u64,
}

impl Allocation {
    /// One past its last byte.
    pub fn end(&self) -> u64 {
        self.ptr + self.size
    }

    /// Whether `addr` is one of its bytes.
    pub fn contains(&self, addr: u64) -> bool {
        addr >= self.ptr && addr < self.end()
    }

    fn reserved(&self) -> u64 {
        round_up(self.size.max(1), ALIGN).unwrap_or(u64::MAX)
    }
}

impl fmt::Display for Allocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} allocation #{} ({:#x}..{:#x}, {} bytes)",
            self.kind,
            self.id,
            self.ptr,
            self.end(),
            self.size
        )
    }
}

/// The emulated GPU and the limits of its emulation.
#[derive(Clone, Debug)]
pub struct DeviceConfig {
    /// The GPU's name (`cudaDeviceProp::name`).
    pub name: String,
    /// The timing preset (memory hierarchy, SMs) and the SM of its SASS.
    pub preset: Preset,
    /// The SM whose SASS a fat binary should provide (52 for GM204).
    pub sm: u32,
    /// Device memory (bytes): the budget of device, managed and module allocations.
    pub global_bytes: u64,
    /// Host-mapped memory the context may hand out (bytes).
    pub host_bytes: u64,
    /// Core clock (MHz) converting the cycle model's cycles to time.
    pub clock_mhz: u32,
    /// Time launches with the cycle model (events then read device time); else events
    /// read the host's clock.
    pub timing: bool,
    /// Warp instructions one launch may execute before it is stopped (a fault).
    pub max_steps: u64,
    /// Bytes of emulator memory (resident pages plus a CTA's shared and local memory)
    /// a launch may hold.
    pub max_resident: u64,
    /// Local memory per thread (bytes): the stack a kernel's frame comes from
    /// (`cudaLimitStackSize`, 1 KiB by default on the real runtime).
    pub stack_bytes: u64,
    /// Check every global access of a kernel against the live allocations.
    pub check: Option<BoundsMode>,
    /// The device heap of kernels' `malloc` (bytes; `cudaLimitMallocHeapSize`, 8 MiB by
    /// default as on hardware).
    pub heap_bytes: u64,
    /// Report scoreboard hazards (they never fail a launch).
    pub hazards: bool,
    /// Threads that run a launch's CTAs at once (1: one after another); the results are
    /// the same either way (docs/09-device-layer.md, "Parallel CTAs"). Default: the
    /// machine's cores.
    pub jobs: usize,
    /// Entries of the texture header and sampler pools (2 to 4,096: the sampler index
    /// of a handle has 12 bits; entry 0 is never used): at most one less texture objects
    /// live at once. The pools take `64 * texture_objects` bytes of device memory once
    /// the first object is made.
    pub texture_objects: u32,
}

impl DeviceConfig {
    /// A GTX 980 (GM204, sm_52): 4 GiB, 1126 MHz base clock (the clock
    /// docs/05-timing-sources.md converts the GM204 preset's DRAM bandwidth with).
    pub fn gm204() -> DeviceConfig {
        DeviceConfig {
            name: "GeForce GTX 980 (gpumem)".into(),
            preset: Preset::Gm204,
            sm: 52,
            global_bytes: 4 << 30,
            host_bytes: 16 << 30,
            clock_mhz: 1126,
            timing: false,
            max_steps: 1 << 32,
            max_resident: 8 << 30,
            stack_bytes: 1024,
            check: None,
            heap_bytes: 8 << 20,
            hazards: false,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            texture_objects: 4096,
        }
    }

    /// A GTX 750 Ti (GM107, sm_50): 2 GiB, 1137 MHz (the clock docs/05-timing-sources.md
    /// converts the GM107 preset's bandwidth with).
    pub fn gm107() -> DeviceConfig {
        DeviceConfig {
            name: "GeForce GTX 750 Ti (gpumem)".into(),
            preset: Preset::Gm107,
            sm: 50,
            global_bytes: 2 << 30,
            clock_mhz: 1137,
            ..DeviceConfig::gm204()
        }
    }

    /// A Tesla P100 PCIe (GP100, sm_60): 16 GiB of HBM2, 1328 MHz (the card and clock
    /// of Jia et al.'s Table 3.1, which the GP100 preset's per-cycle bandwidths use).
    pub fn gp100() -> DeviceConfig {
        DeviceConfig {
            name: "Tesla P100-PCIE-16GB (gpumem)".into(),
            preset: Preset::Gp100,
            sm: 60,
            global_bytes: 16 << 30,
            clock_mhz: 1328,
            ..DeviceConfig::gm204()
        }
    }

    /// A GeForce GTX 1080 (GP104, sm_61): 8 GiB of GDDR5X, 1607 MHz base clock (the
    /// clock docs/05-timing-sources.md converts the GP104 preset's DRAM bandwidth with).
    pub fn gp104() -> DeviceConfig {
        DeviceConfig {
            name: "GeForce GTX 1080 (gpumem)".into(),
            preset: Preset::Gp104,
            sm: 61,
            global_bytes: 8 << 30,
            clock_mhz: 1607,
            ..DeviceConfig::gm204()
        }
    }

    /// The configuration of `preset`'s GPU.
    pub fn preset(preset: Preset) -> DeviceConfig {
        match preset {
            Preset::Gm204 => DeviceConfig::gm204(),
            Preset::Gm107 => DeviceConfig::gm107(),
            Preset::Gp100 => DeviceConfig::gp100(),
            Preset::Gp104 => DeviceConfig::gp104(),
        }
    }
}

/// A stream handle; [`Stream::DEFAULT`] is the legacy default stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stream(pub u32);

impl Stream {
    /// The default (NULL) stream.
    pub const DEFAULT: Stream = Stream(0);
}

/// An event handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Event(pub u32);

/// One emulated GPU.
pub struct Context {
    pub(crate) cfg: DeviceConfig,
    /// Every byte of every kind of allocation.
    pub(crate) global: Global,
    device: Heap,
    managed: Heap,
    host: Heap,
    /// Live allocations by start.
    live: BTreeMap<u64, Allocation>,
    /// Freed allocations by start, until the range is handed out again (double frees).
    freed: BTreeMap<u64, Allocation>,
    next_alloc: u64,
    pub(crate) modules: BTreeMap<u32, module::Loaded>,
    next_module: u32,
    streams: BTreeSet<u32>,
    next_stream: u32,
    /// Each event's time (ms on the context's clock) once recorded.
    events: BTreeMap<u32, Option<f64>>,
    next_event: u32,
    /// Device time (ms) under `timing`: the sum of the launches' modelled durations.
    pub(crate) device_ms: f64,
    started: Instant,
    /// The first kernel failure; every later operation fails with it.
    pub(crate) sticky: Option<String>,
    /// Polled by running launches ([`Context::set_interrupt`]).
    pub(crate) interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The device heap of kernels' `malloc`/`free`, once a launch needed it.
    pub(crate) device_heap: Option<gpumem_warp::DeviceHeap>,
    /// The grid workspace of cooperative launches (`grid.sync()`'s counter), once one ran.
    pub(crate) grid_workspace: Option<u64>,
    /// Arrays, the texture pools and texture objects.
    pub(crate) textures: texture::Textures,
}

impl Context {
    /// A fresh GPU: nothing allocated or loaded. `global_bytes` and `host_bytes` above
    /// [`RANGE_BYTES`] are clamped to it.
    pub fn new(mut cfg: DeviceConfig) -> Context {
        cfg.global_bytes = (cfg.global_bytes & !(ALIGN - 1)).min(RANGE_BYTES);
        cfg.host_bytes = (cfg.host_bytes & !(ALIGN - 1)).min(RANGE_BYTES);
        Context {
            global: Global::new(cfg.max_resident),
            device: Heap::new(DEVICE_BASE, cfg.global_bytes),
            managed: Heap::new(MANAGED_BASE, cfg.global_bytes),
            host: Heap::new(HOST_BASE, cfg.host_bytes),
            cfg,
            live: BTreeMap::new(),
            freed: BTreeMap::new(),
            next_alloc: 1,
            modules: BTreeMap::new(),
            next_module: 1,
            streams: BTreeSet::new(),
            next_stream: 1,
            events: BTreeMap::new(),
            next_event: 1,
            device_ms: 0.0,
            started: Instant::now(),
            sticky: None,
            interrupt: None,
            device_heap: None,
            grid_workspace: None,
            textures: texture::Textures::default(),
        }
    }

    /// A flag that stops a running launch when set (from a Ctrl-C handler, on another
    /// thread): the launch fails with a `step_limit` fault saying it was interrupted.
    pub fn set_interrupt(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.interrupt = flag;
    }

    /// The configuration.
    pub fn config(&self) -> &DeviceConfig {
        &self.cfg
    }

    /// The sparse store every allocation lives in (for clients that read memory in
    /// bulk, such as the manifest runner's dumps).
    pub fn global(&self) -> &Global {
        &self.global
    }

    /// `cudaDeviceSetLimit(cudaLimitStackSize)`: the local memory per thread of later
    /// launches ([`DeviceConfig::stack_bytes`]).
    pub fn set_stack_bytes(&mut self, bytes: u64) {
        self.cfg.stack_bytes = bytes;
    }

    /// `cudaDeviceSetLimit(cudaLimitMallocHeapSize)`: the size of the device heap. It is
    /// reserved at the first launch of a kernel that calls `malloc` or `free`; after that
    /// it cannot change (an error, as the runtime documents).
    pub fn set_heap_bytes(&mut self, bytes: u64) -> Result<(), DeviceError> {
        if let Some(h) = &self.device_heap {
            let (base, size) = h.range();
            return Err(DeviceError::HeapInUse { base, size });
        }
        self.cfg.heap_bytes = bytes;
        Ok(())
    }

    /// The device heap's live blocks (start, bytes asked), once a launch reserved it.
    pub fn heap_blocks(&self) -> Vec<(u64, u64)> {
        self.device_heap
            .as_ref()
            .map(|h| h.blocks().collect())
            .unwrap_or_default()
    }

    /// The first kernel failure, once one happened.
    pub fn sticky_error(&self) -> Option<&str> {
        self.sticky.as_deref()
    }

    pub(crate) fn live_ok(&self) -> Result<(), DeviceError> {
        match &self.sticky {
            Some(s) => Err(DeviceError::Sticky(s.clone())),
            None => Ok(()),
        }
    }

    /// `cudaDeviceReset`: frees everything, unloads every module, destroys every stream
    /// and event and clears a sticky fault.
    pub fn reset(&mut self) {
        *self = Context::new(self.cfg.clone());
    }

    // ---- allocations ------------------------------------------------------------

    /// Device memory (`cudaMalloc`): `size` bytes at a multiple of [`ALIGN`]. Size 0
    /// gives the null pointer (nothing is allocated; freeing 0 does nothing).
    pub fn malloc(&mut self, size: u64) -> Result<u64, DeviceError> {
        self.alloc(size, AllocKind::Device, ALIGN)
    }

    /// Managed memory (`cudaMallocManaged`): its own address range, drawing on the
    /// device memory budget (Maxwell has no oversubscription).
    pub fn malloc_managed(&mut self, size: u64) -> Result<u64, DeviceError> {
        self.alloc(size, AllocKind::Managed, ALIGN)
    }

    /// Host-mapped memory (`cudaMallocHost`/`cudaHostAlloc`): its own address range,
    /// readable and writable by kernels and by the host ([`Context::read`]/`write`).
    pub fn malloc_host(&mut self, size: u64) -> Result<u64, DeviceError> {
        self.alloc(size, AllocKind::Host, ALIGN)
    }

    pub(crate) fn alloc(
        &mut self,
        size: u64,
        kind: AllocKind,
        align: u64,
    ) -> Result<u64, DeviceError> {
        self.live_ok()?;
        if size == 0 {
            return Ok(0);
        }
        let device_used = self.device.used + self.managed.used;
        let host_used = self.host.used;
        let (heap, used, total) = match kind {
            AllocKind::Device
            | AllocKind::Module
            | AllocKind::Fixed
            | AllocKind::Heap
            | AllocKind::Array => (&mut self.device, device_used, self.cfg.global_bytes),
            AllocKind::Managed => (&mut self.managed, device_used, self.cfg.global_bytes),
            AllocKind::Host => (&mut self.host, host_used, self.cfg.host_bytes),
        };
        let oom = |heap: &Heap| DeviceError::OutOfMemory {
            kind,
            requested: size,
            used,
            total,
            largest_free: heap.largest_free(),
        };
        let Some(bytes) = round_up(size, ALIGN) else {
            return Err(oom(heap));
        };
        if used.saturating_add(bytes) > total {
            return Err(oom(heap));
        }
        let Some(ptr) = heap.alloc(bytes, align.max(ALIGN)) else {
            return Err(oom(heap));
        };
        // The range is handed out again: frees of its old allocations are no longer
        // double frees but unknown pointers.
        let stale: Vec<u64> = self
            .freed
            .range(..ptr + bytes)
            .filter(|(_, a)| a.ptr + a.reserved() > ptr)
            .map(|(&p, _)| p)
            .collect();
        for p in stale {
            self.freed.remove(&p);
        }
        let id = self.next_alloc;
        self.next_alloc += 1;
        self.live.insert(
            ptr,
            Allocation {
                ptr,
                size,
                kind,
                id,
            },
        );
        Ok(ptr)
    }

    /// Frees device or managed memory (`cudaFree`); 0 does nothing. Its bytes read as
    /// zero again and hold no emulator memory.
    pub fn free(&mut self, ptr: u64) -> Result<(), DeviceError> {
        self.release(
            ptr,
            "free",
            &[AllocKind::Device, AllocKind::Managed],
            "device or managed",
        )
    }

    /// Frees host-mapped memory (`cudaFreeHost`); 0 does nothing.
    pub fn free_host(&mut self, ptr: u64) -> Result<(), DeviceError> {
        self.release(ptr, "free_host", &[AllocKind::Host], "host-mapped")
    }

    pub(crate) fn release(
        &mut self,
        ptr: u64,
        op: &'static str,
        kinds: &[AllocKind],
        expected: &'static str,
    ) -> Result<(), DeviceError> {
        self.live_ok()?;
        if ptr == 0 {
            return Ok(());
        }
        let Some(a) = self.live.get(&ptr) else {
            if let Some(f) = self.freed.get(&ptr) {
                return Err(DeviceError::DoubleFree {
                    ptr,
                    kind: f.kind,
                    size: f.size,
                });
            }
            return Err(DeviceError::InvalidPointer {
                ptr,
                inside: self.allocation(ptr).cloned(),
            });
        };
        if !kinds.contains(&a.kind) {
            return Err(DeviceError::WrongKind {
                ptr,
                kind: a.kind,
                op,
                expected,
            });
        }
        self.release_unchecked(ptr);
        Ok(())
    }

    /// Frees the live allocation at `ptr`, whatever its kind.
    pub(crate) fn release_unchecked(&mut self, ptr: u64) {
        let Some(a) = self.live.remove(&ptr) else {
            return;
        };
        let bytes = a.reserved();
        self.global.discard(ptr, bytes);
        // The range it came from (a fixed-address mapping outside every range took
        // nothing from them).
        for h in [&mut self.device, &mut self.managed, &mut self.host] {
            if h.overlaps(ptr, bytes) {
                h.release(ptr, bytes);
            }
        }
        self.freed.insert(ptr, a);
    }

    /// Maps `size` bytes at `addr`, an address the client chose (a manifest's
    /// `[[memory]]` region), as a [`AllocKind::Fixed`] allocation: copies, frees and the
    /// bounds check treat it as any other. It may not overlap a live allocation; inside
    /// one of the context's own ranges it must be 256-byte aligned and free there (it
    /// then counts against that range's budget). Size 0 maps nothing.
    pub fn map_fixed(&mut self, addr: u64, size: u64) -> Result<(), DeviceError> {
        self.map_at(addr, size, AllocKind::Fixed)
    }

    pub(crate) fn map_at(
        &mut self,
        addr: u64,
        size: u64,
        kind: AllocKind,
    ) -> Result<(), DeviceError> {
        self.live_ok()?;
        if size == 0 {
            return Ok(());
        }
        let bad = |why: String| DeviceError::BadMapping { addr, size, why };
        let Some(end) = addr.checked_add(size) else {
            return Err(bad("it passes 2^64".into()));
        };
        if let Some(a) = self
            .live
            .range(..end)
            .next_back()
            .map(|(_, a)| a)
            .filter(|a| a.end() > addr)
        {
            return Err(bad(format!("it overlaps {a}")));
        }
        let reserved = round_up(size, ALIGN).unwrap_or(u64::MAX);
        for h in [&mut self.device, &mut self.managed, &mut self.host] {
            if h.overlaps(addr, reserved) {
                if !addr.is_multiple_of(ALIGN) {
                    return Err(bad(format!(
                        "inside the context's own ranges a mapping starts on a multiple of {ALIGN}"
                    )));
                }
                if !h.reserve(addr, reserved) {
                    return Err(bad(
                        "the context's allocator has handed out part of it, or it passes the end of its range".into(),
                    ));
                }
            }
        }
        let id = self.next_alloc;
        self.next_alloc += 1;
        self.freed.remove(&addr);
        self.live.insert(
            addr,
            Allocation {
                ptr: addr,
                size,
                kind,
                id,
            },
        );
        Ok(())
    }

    /// Unmaps a [`Context::map_fixed`] range (its bytes read as zero again).
    pub fn unmap(&mut self, addr: u64) -> Result<(), DeviceError> {
        self.release(addr, "unmap", &[AllocKind::Fixed], "fixed-address")
    }

    /// The live allocation holding `addr`.
    pub fn allocation(&self, addr: u64) -> Option<&Allocation> {
        self.live
            .range(..=addr)
            .next_back()
            .map(|(_, a)| a)
            .filter(|a| a.contains(addr))
    }

    /// Where `addr` lies relative to the allocations, for an out-of-bounds report: inside
    /// a freed allocation (its old range, the offset), inside a live one, or the nearest
    /// live one below or above (whichever is closer) with the distance past its end or
    /// before its start.
    pub fn nearest(&self, addr: u64) -> String {
        let freed = self
            .freed
            .range(..=addr)
            .next_back()
            .map(|(_, a)| a)
            .filter(|a| addr < a.ptr + a.reserved());
        if let Some(a) = freed {
            return format!("{} bytes into {a}, which was freed", addr - a.ptr);
        }
        if let Some(a) = self.allocation(addr) {
            // Inside the heap, the executor's fault names the malloc block as it was at
            // the access (`DeviceHeap::describe`).
            return format!("{} bytes into {a}", addr - a.ptr);
        }
        let below = self.live.range(..=addr).next_back().map(|(_, a)| a);
        let above = self.live.range(addr..).next().map(|(_, a)| a);
        match (below, above) {
            (Some(b), Some(a)) if a.ptr - addr < addr - (b.end() - 1) => {
                format!("{} bytes before {a}", a.ptr - addr)
            }
            (Some(b), _) => format!("{} bytes after the end of {b}", addr - b.end()),
            (None, Some(a)) => format!("{} bytes before {a}", a.ptr - addr),
            (None, None) => "no allocation is live".to_string(),
        }
    }

    /// Every live allocation, by address.
    pub fn allocations(&self) -> impl Iterator<Item = &Allocation> {
        self.live.values()
    }

    /// `cudaMemGetInfo`: (free, total) bytes of device memory.
    pub fn mem_info(&self) -> (u64, u64) {
        let used = self.device.used + self.managed.used;
        (
            self.cfg.global_bytes - used.min(self.cfg.global_bytes),
            self.cfg.global_bytes,
        )
    }

    /// Checks that `[addr, addr + len)` lies in one live allocation.
    fn bounds(&self, op: &'static str, addr: u64, len: u64) -> Result<(), DeviceError> {
        let a = self.live.range(..=addr).next_back().map(|(_, a)| a);
        match a {
            Some(a) if a.contains(addr) && addr.checked_add(len).is_some_and(|e| e <= a.end()) => {
                Ok(())
            }
            _ => Err(DeviceError::OutOfBounds {
                op,
                addr,
                len,
                alloc: a.cloned(),
            }),
        }
    }

    // ---- copies -----------------------------------------------------------------

    /// Host to device (`cudaMemcpy` H2D; also any write by the host into host-mapped or
    /// managed memory): `data` at `dst`, inside one live allocation.
    pub fn write(&mut self, dst: u64, data: &[u8]) -> Result<(), DeviceError> {
        self.live_ok()?;
        if data.is_empty() {
            return Ok(());
        }
        self.bounds("copy to the device", dst, data.len() as u64)?;
        self.store(dst, data)
    }

    fn store(&mut self, dst: u64, data: &[u8]) -> Result<(), DeviceError> {
        self.global
            .write_sparse(dst, data)
            .map_err(|e| DeviceError::OutOfMemory {
                kind: self.allocation(dst).map_or(AllocKind::Device, |a| a.kind),
                requested: data.len() as u64,
                used: self.global.resident(),
                total: e.limit,
                largest_free: 0,
            })
    }

    /// Device to host (`cudaMemcpy` D2H): `out.len()` bytes at `src`, inside one live
    /// allocation.
    pub fn read(&self, src: u64, out: &mut [u8]) -> Result<(), DeviceError> {
        self.live_ok()?;
        if out.is_empty() {
            return Ok(());
        }
        self.bounds("copy from the device", src, out.len() as u64)?;
        self.global.read(src, out);
        Ok(())
    }

    /// Device to device (`cudaMemcpy` D2D): `len` bytes from `src` to `dst`, each inside
    /// one live allocation (overlap copies as `memmove`).
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) -> Result<(), DeviceError> {
        self.live_ok()?;
        if len == 0 {
            return Ok(());
        }
        self.bounds("copy on the device (source)", src, len)?;
        self.bounds("copy on the device (destination)", dst, len)?;
        const CHUNK: u64 = 1 << 20;
        let mut buf = vec![0u8; len.min(CHUNK) as usize];
        // Backwards when the destination overlaps the source from above.
        let backwards = dst > src && dst < src + len;
        let mut done = 0;
        while done < len {
            let n = (len - done).min(CHUNK);
            let off = if backwards { len - done - n } else { done };
            let b = &mut buf[..n as usize];
            self.global.read(src + off, b);
            let b = buf[..n as usize].to_vec();
            self.store(dst + off, &b)?;
            done += n;
        }
        Ok(())
    }

    /// `cudaMemset`: `len` bytes at `dst` set to `value`, inside one live allocation.
    pub fn memset(&mut self, dst: u64, value: u8, len: u64) -> Result<(), DeviceError> {
        self.live_ok()?;
        if len == 0 {
            return Ok(());
        }
        self.bounds("memset", dst, len)?;
        if value == 0 {
            self.global.discard(dst, len);
            return Ok(());
        }
        const CHUNK: u64 = 1 << 20;
        let buf = vec![value; len.min(CHUNK) as usize];
        let mut done = 0;
        while done < len {
            let n = (len - done).min(CHUNK);
            self.store(dst + done, &buf[..n as usize])?;
            done += n;
        }
        Ok(())
    }

    // ---- streams and events -----------------------------------------------------

    /// A new stream.
    pub fn create_stream(&mut self) -> Stream {
        let s = self.next_stream;
        self.next_stream += 1;
        self.streams.insert(s);
        Stream(s)
    }

    /// Destroys a stream (the default stream cannot be destroyed).
    pub fn destroy_stream(&mut self, s: Stream) -> Result<(), DeviceError> {
        if !self.streams.remove(&s.0) {
            return Err(DeviceError::NoSuchStream(s.0));
        }
        Ok(())
    }

    pub(crate) fn check_stream(&self, s: Stream) -> Result<(), DeviceError> {
        if s != Stream::DEFAULT && !self.streams.contains(&s.0) {
            return Err(DeviceError::NoSuchStream(s.0));
        }
        Ok(())
    }

    /// `cudaStreamSynchronize`. Work runs when it is enqueued, so a stream is always
    /// idle: this checks the handle and reports a sticky fault.
    pub fn synchronize_stream(&self, s: Stream) -> Result<(), DeviceError> {
        self.check_stream(s)?;
        self.live_ok()
    }

    /// `cudaDeviceSynchronize`: reports a sticky fault.
    pub fn synchronize(&self) -> Result<(), DeviceError> {
        self.live_ok()
    }

    /// A new event (not yet recorded).
    pub fn create_event(&mut self) -> Event {
        let e = self.next_event;
        self.next_event += 1;
        self.events.insert(e, None);
        Event(e)
    }

    /// Destroys an event.
    pub fn destroy_event(&mut self, e: Event) -> Result<(), DeviceError> {
        self.events
            .remove(&e.0)
            .map(|_| ())
            .ok_or(DeviceError::NoSuchEvent(e.0))
    }

    /// `cudaEventRecord`: the event takes the time at which the work enqueued before it
    /// on `s` (and, work running at enqueue, on every stream) has finished.
    pub fn record_event(&mut self, e: Event, s: Stream) -> Result<(), DeviceError> {
        self.check_stream(s)?;
        let now = self.now_ms();
        let slot = self
            .events
            .get_mut(&e.0)
            .ok_or(DeviceError::NoSuchEvent(e.0))?;
        *slot = Some(now);
        Ok(())
    }

    /// The time an event was recorded at (ms on the context's clock).
    pub fn event_time_ms(&self, e: Event) -> Result<f64, DeviceError> {
        match self.events.get(&e.0) {
            None => Err(DeviceError::NoSuchEvent(e.0)),
            Some(None) => Err(DeviceError::NotRecorded(e.0)),
            Some(Some(t)) => Ok(*t),
        }
    }

    /// `cudaEventElapsedTime`: ms from `start` to `end`.
    pub fn elapsed_ms(&self, start: Event, end: Event) -> Result<f64, DeviceError> {
        Ok(self.event_time_ms(end)? - self.event_time_ms(start)?)
    }

    /// The context's clock (ms): under `timing`, device time (the sum of the modelled
    /// durations of the launches so far, at [`DeviceConfig::clock_mhz`]); otherwise the
    /// host's time since the context was made.
    pub fn now_ms(&self) -> f64 {
        if self.cfg.timing {
            self.device_ms
        } else {
            self.started.elapsed().as_secs_f64() * 1e3
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_do_not_overlap_the_windows() {
        assert!(DEVICE_BASE > u32::MAX as u64);
        assert_eq!(DEVICE_BASE + RANGE_BYTES, MANAGED_BASE);
        assert_eq!(MANAGED_BASE + RANGE_BYTES, HOST_BASE);
    }
}
