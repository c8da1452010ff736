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
        }
    }
}
