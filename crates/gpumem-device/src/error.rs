//! The device layer's errors: typed values naming the allocation, module, kernel or
//! handle concerned.

use crate::fatbin::FatbinError;
use crate::{AllocKind, Allocation};

/// Why a device operation failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum DeviceError {
    /// An allocation does not fit.
    #[error(
        "out of {kind} memory: {requested} bytes asked, {used} of {total} in use, the largest \
         free range is {largest_free} bytes"
    )]
    OutOfMemory {
        /// The kind of memory asked for.
        kind: AllocKind,
        /// Bytes asked for.
        requested: u64,
        /// Bytes in use (of the budget the kind draws on).
        used: u64,
        /// The budget.
        total: u64,
        /// The largest free range of the kind's address range.
        largest_free: u64,
    },
    /// `free` of an allocation already freed.
    #[error("double free: {ptr:#x} was freed already (it was {kind} memory of {size} bytes)")]
    DoubleFree {
        /// The pointer.
        ptr: u64,
        /// What it was.
        kind: AllocKind,
        /// Its size.
        size: u64,
    },
    /// `free` of a pointer no allocation starts at.
    #[error("{ptr:#x} is not an allocation's start{}", .inside.as_ref().map(|a| format!(": it lies inside {a}")).unwrap_or_else(|| ": no allocation holds it".into()))]
    InvalidPointer {
        /// The pointer.
        ptr: u64,
        /// The allocation it lies inside, if any.
        inside: Option<Allocation>,
    },
    /// A free of the wrong function (device memory through `free_host`, or the reverse).
    #[error("{ptr:#x} is {kind} memory; {op} frees {expected} memory")]
    WrongKind {
        /// The pointer.
        ptr: u64,
        /// Its kind.
        kind: AllocKind,
        /// The function used.
        op: &'static str,
        /// What that function frees.
        expected: &'static str,
    },
    /// A fixed-address mapping that cannot be made.
    #[error("cannot map {size} bytes at {addr:#x}: {why}")]
    BadMapping {
        /// The address asked for.
        addr: u64,
        /// Bytes.
        size: u64,
        /// Why not.
        why: String,
    },
    /// A copy or set outside a live allocation.
    #[error("{op} of {len} bytes at {addr:#x}: {}", bounds_text(*.addr, *.len, .alloc))]
    OutOfBounds {
        /// The operation (`memcpy to device`, `memset`, ...).
        op: &'static str,
        /// The first byte.
        addr: u64,
        /// Bytes.
        len: u64,
        /// The allocation that holds `addr`, else the nearest one below it.
        alloc: Option<Allocation>,
    },
    /// A fat binary that cannot be read or has no entry to run.
    #[error("fat binary: {0}")]
    Fatbin(#[from] FatbinError),
    /// A cubin that cannot be read.
    #[error("cubin: {0}")]
    Cubin(String),
    /// The module's data cannot be placed or linked.
    #[error("module {module}: {why}")]
    Module {
        /// The module.
        module: u32,
        /// What is wrong.
        why: String,
    },
    /// An unknown or unloaded module handle.
    #[error("no module {0} is loaded")]
    NoSuchModule(u32),
    /// The module has no kernel of that name.
    #[error("module {module} has no kernel `{name}` (it has: {})", .have.join(", "))]
    NoSuchKernel {
        /// The module.
        module: u32,
        /// The name asked for.
        name: String,
        /// Its kernels.
        have: Vec<String>,
    },
    /// The module has no variable of that name.
    #[error("module {module} has no variable `{name}` ({})", if .have.is_empty() { "it has none".to_string() } else { format!("it has: {}", .have.join(", ")) })]
    NoSuchSymbol {
        /// The module.
        module: u32,
        /// The name asked for.
        name: String,
        /// Its variables.
        have: Vec<String>,
    },
    /// A symbol access past the variable's size.
    #[error("{len} bytes at offset {offset} pass `{name}` ({size} bytes)")]
    SymbolBounds {
        /// The variable.
        name: String,
        /// Offset into it.
        offset: u64,
        /// Bytes.
        len: u64,
        /// Its size.
        size: u64,
    },
    /// The launch shape or resources are refused before running.
    #[error("launch of `{kernel}`: {why}")]
    InvalidLaunch {
        /// The kernel.
        kernel: String,
        /// What is wrong.
        why: String,
    },
    /// The arguments do not match the kernel's parameter layout (`.nv.info`).
    #[error("launch of `{kernel}`: {why}")]
    InvalidParams {
        /// The kernel.
        kernel: String,
        /// What is wrong.
        why: String,
    },
    /// The kernel faulted or a limit stopped it; the context stays faulted
    /// ([`DeviceError::Sticky`]) until [`crate::Context::reset`].
    #[error("kernel `{kernel}` failed: {first}{}", if *.more > 0 { format!(" (and {} more faults)", .more) } else { String::new() })]
    KernelFault {
        /// The kernel.
        kernel: String,
        /// The first fault, as text (pc, CTA, warp, lane, address, instruction).
        first: String,
        /// The faults (the first is the one named).
        faults: Vec<gpumem_warp::Fault>,
        /// Faults after the first.
        more: usize,
        /// What its threads printed before it stopped (`printf`, failed `assert`s).
        printf: Vec<gpumem_warp::PrintfLine>,
        /// Warp instructions it executed before it stopped.
        warp_instructions: u64,
    },
    /// The device heap's size cannot change once a launch reserved it.
    #[error(
        "the device heap ({size} bytes at {base:#x}) is in use: its size cannot change after \
         a kernel that calls malloc or free was launched"
    )]
    HeapInUse {
        /// Its first address.
        base: u64,
        /// Its size.
        size: u64,
    },
    /// A cooperative launch whose CTAs cannot all be resident at once.
    #[error(
        "cooperative launch of `{kernel}`: {ctas} blocks; at most {max} can be resident at \
         once ({per_sm} per SM on {sms} SMs)"
    )]
    CooperativeTooLarge {
        /// The kernel.
        kernel: String,
        /// Blocks asked for.
        ctas: u64,
        /// Blocks that fit.
        max: u64,
        /// Blocks per SM.
        per_sm: u64,
        /// SMs.
        sms: u64,
    },
    /// A bad array or texture object: an unknown handle, a format or size the texture
    /// unit does not hold, full pools.
    #[error("{0}")]
    Texture(String),
    /// An earlier kernel fault left the context unusable (as on hardware).
    #[error("the context is unusable after an earlier fault: {0}")]
    Sticky(String),
    /// An unknown or destroyed stream.
    #[error("no stream {0}")]
    NoSuchStream(u32),
    /// An unknown or destroyed event.
    #[error("no event {0}")]
    NoSuchEvent(u32),
    /// An event that was never recorded.
    #[error("event {0} has not been recorded")]
    NotRecorded(u32),
}

fn bounds_text(addr: u64, len: u64, alloc: &Option<Allocation>) -> String {
    match alloc {
        Some(a) if a.contains(addr) => format!(
            "passes the end of {a} by {} bytes",
            addr.saturating_add(len).saturating_sub(a.end())
        ),
        Some(a) => format!("no live allocation holds it; the nearest below is {a}"),
        None => "no live allocation holds it".to_string(),
    }
}

impl DeviceError {
    /// Whether the error is a kernel's failure (the context is then sticky-faulted).
    pub fn is_kernel_fault(&self) -> bool {
        matches!(self, DeviceError::KernelFault { .. })
    }
}
