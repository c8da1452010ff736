//! `cudaDeviceProp` and `cudaDeviceGetAttribute` of the preset's GPU: the GM204 preset is
//! a GeForce GTX 980, GM107 a GTX 750 Ti, GP100 a Tesla P100 PCIe, GP104 a GeForce GTX
//! 1080 (figures of the CUDA C Programming Guide's cc 5.x and 6.x limits, the
//! whitepapers and the presets, `docs/05-timing-sources.md`).

use crate::types::DeviceProp;
use gpumem_device::DeviceConfig;
use gpumem_mem::hierarchy::Preset;

/// The memory side of a preset's board: `memoryClockRate` (kHz, as CUDA reports it: half
/// the data rate per pin), `memoryBusWidth` (bits), and the FP32:FP64 throughput ratio.
fn board(preset: Preset) -> (i32, i32, i32) {
    match preset {
        // GTX 980: 7 Gbps GDDR5, 256-bit (WP980); FP64 at 1/32 (CUDA-PG throughput table).
        Preset::Gm204 => (3_505_000, 256, 32),
        // GTX 750 Ti: 5.4 Gbps GDDR5, 128-bit.
        Preset::Gm107 => (2_700_000, 128, 32),
        // Tesla P100 PCIe: HBM2 at 715 MHz, 4,096-bit (Jia et al. 2018, Table 3.1); FP64
        // at 1/2 (GP100 whitepaper: 32 FP64 cores a SM against 64 FP32).
        Preset::Gp100 => (715_000, 4096, 2),
        // GTX 1080: 10 Gbps GDDR5X, 256-bit (WP1080), written as half the data rate like
        // the GTX 980's 7 Gbps (UNVERIFIED: no deviceQuery of a GTX 1080 was read); FP64 at
        // 1/32 (CUDA-PG cc 6.1).
        Preset::Gp104 => (5_005_000, 256, 32),
    }
}

/// The properties of the configured GPU.
pub fn device_prop(cfg: &DeviceConfig) -> DeviceProp {
    let t = cfg.preset.params();
    let (mem_clock_khz, bus_bits, fp64_ratio) = board(cfg.preset);
    // Compute preemption is new in Pascal (GP100 whitepaper, "Compute Preemption").
    let pascal = cfg.sm >= 60;
    let mut name = [0; 256];
    for (d, s) in name.iter_mut().zip(cfg.name.bytes().take(255)) {
        *d = s as std::ffi::c_char;
    }
    DeviceProp {
        name,
        uuid: *b"gpumem-emulated\0",
        luid: [0; 8],
        luidDeviceNodeMask: 0,
        totalGlobalMem: cfg.global_bytes as usize,
        sharedMemPerBlock: 48 << 10,
        regsPerBlock: 64 << 10,
        warpSize: 32,
        memPitch: i32::MAX as usize,
        maxThreadsPerBlock: 1024,
        maxThreadsDim: [1024, 1024, 64],
        maxGridSize: [i32::MAX, 65535, 65535],
        clockRate: cfg.clock_mhz as i32 * 1000,
        totalConstMem: 64 << 10,
        major: (cfg.sm / 10) as i32,
        minor: (cfg.sm % 10) as i32,
        textureAlignment: 512,
        texturePitchAlignment: 32,
        deviceOverlap: 1,
        multiProcessorCount: t.sms as i32,
        kernelExecTimeoutEnabled: 0,
        integrated: 0,
        canMapHostMemory: 1,
        computeMode: 0,
        maxTexture1D: 65536,
        maxTexture1DMipmap: 16384,
        maxTexture1DLinear: 1 << 27,
        maxTexture2D: [65536, 65536],
        maxTexture2DMipmap: [16384, 16384],
        maxTexture2DLinear: [65000, 65000, 1_048_544],
        maxTexture2DGather: [16384, 16384],
        maxTexture3D: [4096, 4096, 4096],
        maxTexture3DAlt: [2048, 2048, 16384],
        maxTextureCubemap: 16384,
        maxTexture1DLayered: [16384, 2048],
        maxTexture2DLayered: [16384, 16384, 2048],
        maxTextureCubemapLayered: [16384, 2046],
        maxSurface1D: 16384,
        maxSurface2D: [65536, 65536],
        maxSurface3D: [4096, 4096, 4096],
        maxSurface1DLayered: [16384, 2048],
        maxSurface2DLayered: [16384, 16384, 2048],
        maxSurfaceCubemap: 16384,
        maxSurfaceCubemapLayered: [16384, 2046],
        surfaceAlignment: 512,
        concurrentKernels: 1,
        ECCEnabled: 0,
        pciBusID: 1,
        pciDeviceID: 0,
        pciDomainID: 0,
        tccDriver: 0,
        asyncEngineCount: 2,
        unifiedAddressing: 1,
        memoryClockRate: mem_clock_khz,
        memoryBusWidth: bus_bits,
        l2CacheSize: t.l2.bytes as i32,
        persistingL2CacheMaxSize: 0,
        maxThreadsPerMultiProcessor: 2048,
        streamPrioritiesSupported: 1,
        globalL1CacheSupported: 1,
        localL1CacheSupported: 1,
        sharedMemPerMultiprocessor: t.shared_per_sm as usize,
        regsPerMultiprocessor: 64 << 10,
        managedMemory: 1,
        isMultiGpuBoard: 0,
        multiGpuBoardGroupID: 0,
        hostNativeAtomicSupported: 0,
        singleToDoublePrecisionPerfRatio: fp64_ratio,
        pageableMemoryAccess: 0,
        concurrentManagedAccess: 0,
        computePreemptionSupported: pascal as i32,
        canUseHostPointerForRegisteredMem: 0,
        cooperativeLaunch: 1,
        cooperativeMultiDeviceLaunch: 1,
        sharedMemPerBlockOptin: 48 << 10,
        pageableMemoryAccessUsesHostPageTables: 0,
        directManagedMemAccessFromHost: 0,
        maxBlocksPerMultiProcessor: 32,
        accessPolicyMaxWindowSize: 0,
        reservedSharedMemPerBlock: 0,
    }
}

/// `cudaDeviceGetAttribute` (`enum cudaDeviceAttr` of CUDA 11.8) from the properties.
pub fn attribute(p: &DeviceProp, attr: i32) -> Option<i32> {
    Some(match attr {
        1 => p.maxThreadsPerBlock,
        2..=4 => p.maxThreadsDim[(attr - 2) as usize],
        5..=7 => p.maxGridSize[(attr - 5) as usize],
        8 => p.sharedMemPerBlock as i32,
        9 => p.totalConstMem as i32,
        10 => p.warpSize,
        11 => p.memPitch as i32,
        12 => p.regsPerBlock,
        13 => p.clockRate,
        14 => p.textureAlignment as i32,
        15 => p.deviceOverlap,
        16 => p.multiProcessorCount,
        17 => p.kernelExecTimeoutEnabled,
        18 => p.integrated,
        19 => p.canMapHostMemory,
        20 => p.computeMode,
        30 => p.surfaceAlignment as i32,
        31 => p.concurrentKernels,
        32 => p.ECCEnabled,
        33 => p.pciBusID,
        34 => p.pciDeviceID,
        35 => p.tccDriver,
        36 => p.memoryClockRate,
        37 => p.memoryBusWidth,
        38 => p.l2CacheSize,
        39 => p.maxThreadsPerMultiProcessor,
        40 => p.asyncEngineCount,
        41 => p.unifiedAddressing,
        50 => p.pciDomainID,
        51 => p.texturePitchAlignment as i32,
        75 => p.major,
        76 => p.minor,
        78 => p.streamPrioritiesSupported,
        79 => p.globalL1CacheSupported,
        80 => p.localL1CacheSupported,
        81 => p.sharedMemPerMultiprocessor as i32,
        82 => p.regsPerMultiprocessor,
        83 => p.managedMemory,
        84 => p.isMultiGpuBoard,
        85 => p.multiGpuBoardGroupID,
        86 => p.hostNativeAtomicSupported,
        87 => p.singleToDoublePrecisionPerfRatio,
        88 => p.pageableMemoryAccess,
        89 => p.concurrentManagedAccess,
        90 => p.computePreemptionSupported,
        91 => p.canUseHostPointerForRegisteredMem,
        95 => p.cooperativeLaunch,
        96 => p.cooperativeMultiDeviceLaunch,
        97 => p.sharedMemPerBlockOptin as i32,
        98 => 0,
        99 => 1,
        100 => p.pageableMemoryAccessUsesHostPageTables,
        101 => p.directManagedMemAccessFromHost,
        106 => p.maxBlocksPerMultiProcessor,
        21..=29 | 42..=49 | 52..=74 | 77 => 0,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_describes_its_board() {
        // (preset, cc, SMs, clock kHz, L2 bytes, shared per SM, memory kHz, bus, FP64 ratio,
        // preemption): docs/05-timing-sources.md and docs/11-cuda-runtime.md.
        let want = [
            (
                Preset::Gm107,
                (5, 0),
                5,
                1_137_000,
                2 << 20,
                64 << 10,
                2_700_000,
                128,
                32,
                0,
            ),
            (
                Preset::Gm204,
                (5, 2),
                16,
                1_126_000,
                2 << 20,
                96 << 10,
                3_505_000,
                256,
                32,
                0,
            ),
            (
                Preset::Gp100,
                (6, 0),
                56,
                1_328_000,
                4 << 20,
                64 << 10,
                715_000,
                4096,
                2,
                1,
            ),
            (
                Preset::Gp104,
                (6, 1),
                20,
                1_607_000,
                2 << 20,
                96 << 10,
                5_005_000,
                256,
                32,
                1,
            ),
        ];
        for (preset, cc, sms, clock, l2, shared, mem, bus, ratio, preempt) in want {
            let p = device_prop(&DeviceConfig::preset(preset));
            assert_eq!((p.major, p.minor), cc, "{preset}");
            assert_eq!(p.multiProcessorCount, sms, "{preset}");
            assert_eq!(p.clockRate, clock, "{preset}");
            assert_eq!(p.l2CacheSize, l2, "{preset}");
            assert_eq!(p.sharedMemPerMultiprocessor, shared, "{preset}");
            assert_eq!(
                (p.memoryClockRate, p.memoryBusWidth),
                (mem, bus),
                "{preset}"
            );
            assert_eq!(p.singleToDoublePrecisionPerfRatio, ratio, "{preset}");
            assert_eq!(p.computePreemptionSupported, preempt, "{preset}");
            assert_eq!(attribute(&p, 76), Some(cc.1));
        }
    }
}
