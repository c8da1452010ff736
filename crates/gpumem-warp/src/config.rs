//! Launch configuration: everything about a launch except memory contents.

use gpumem_mem::rules::{GenericWindows, MemConfig};

/// Everything about a launch except memory contents.
#[derive(Clone, Debug)]
pub struct LaunchConfig {
    /// CTAs per grid dimension.
    pub grid: [u32; 3],
    /// Threads per CTA dimension.
    pub block: [u32; 3],
    /// The kernel's register count: `Ra` numbered at or above it addresses absolutely.
    pub registers: u32,
    /// Shared memory per CTA, in bytes.
    pub shared_bytes: u64,
    /// Local memory per thread, in bytes.
    pub local_bytes: u64,
    /// Warp instructions the launch may execute before it is stopped.
    pub max_steps: u64,
    /// Bytes of memory the run may hold (global pages + each CTA's shared and local).
    pub max_memory: u64,
    /// The memory rules' options (misalignment faults, bank limit).
    pub mem: MemConfig,
    /// Where LD/ST's generic addresses find the shared and local windows; also written
    /// to `c[0x0][0x0]` and `c[0x0][0x4]`.
    pub windows: GenericWindows,
    /// Check the scoreboard at run time and report hazards (`SEMANTICS.md`,
    /// "Scoreboard hazards"; default true).
    pub hazards: bool,
    /// Check every global access against the declared regions (default: no check).
    pub bounds: Option<BoundsCheck>,
    /// The texture header and sampler pools in global memory (what TEXS/TLDS resolve
    /// their handles with); `None`: the launch has no textures and a fetch faults.
    pub textures: Option<gpumem_tex::head::Pools>,
}

/// What a global access outside every declared region does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundsMode {
    /// An `out_of_bounds` fault, and the access still moves its data (the program
    /// computes what it would without the check).
    Warn,
    /// An `out_of_bounds` fault, and no data moves (a load writes 0, a store nothing),
    /// as for an access beyond a window's allocation.
    Fault,
}

/// The global regions a launch declared, and what an access outside them does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundsCheck {
    /// `[start, end)` byte ranges, sorted by start and disjoint.
    regions: Vec<(u64, u64)>,
    /// The device heap's `[start, end)`, when the launch has one: an access inside it must
    /// lie in one live `malloc` block ([`crate::devcall::DeviceHeap::holds`]); the
    /// regions do not cover it.
    heap: Option<(u64, u64)>,
    /// What an access outside them does.
    pub mode: BoundsMode,
}

impl BoundsCheck {
    /// The check of `regions` (`(start, bytes)`, in any order; empty ones ignored;
    /// overlapping and adjacent ones merged).
    pub fn new(regions: impl IntoIterator<Item = (u64, u64)>, mode: BoundsMode) -> BoundsCheck {
        let mut r: Vec<(u64, u64)> = regions
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(|(a, n)| (a, a.saturating_add(n)))
            .collect();
        r.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(r.len());
        for (a, e) in r {
            match merged.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(e),
                _ => merged.push((a, e)),
            }
        }
        BoundsCheck {
            regions: merged,
            heap: None,
            mode,
        }
    }

    /// The check with the device heap `[base, base + bytes)` checked block by block (the
    /// launch runs its CTAs in order then: the blocks are the heap's as of each access).
    pub fn with_heap(mut self, base: u64, bytes: u64) -> BoundsCheck {
        self.heap = Some((base, base.saturating_add(bytes)));
        self
    }

    /// The device heap's `[start, end)` when it is checked block by block.
    pub fn heap(&self) -> Option<(u64, u64)> {
        self.heap
    }

    /// Whether the `bytes` bytes at `addr` may be accessed: inside one declared region,
    /// or, inside the heap, inside one live block of `heap` (none: no block is live).
    pub fn allows(&self, addr: u64, bytes: u64, heap: Option<&crate::devcall::DeviceHeap>) -> bool {
        match self.heap {
            Some((s, e)) if addr >= s && addr < e => heap.is_some_and(|h| h.holds(addr, bytes)),
            _ => self.contains(addr, bytes),
        }
    }

    /// Whether the `bytes` bytes at `addr` lie inside one declared region.
    pub fn contains(&self, addr: u64, bytes: u64) -> bool {
        let end = addr.saturating_add(bytes);
        let i = self.regions.partition_point(|&(a, _)| a <= addr);
        i > 0 && end <= self.regions[i - 1].1
    }
}

impl Default for LaunchConfig {
    fn default() -> Self {
        LaunchConfig {
            grid: [1, 1, 1],
            block: [32, 1, 1],
            registers: 255,
            shared_bytes: 0,
            local_bytes: 0,
            max_steps: 10_000_000,
            max_memory: 1 << 30,
            mem: MemConfig::default(),
            windows: GenericWindows::default(),
            hazards: true,
            bounds: None,
            textures: None,
        }
    }
}
