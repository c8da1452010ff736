//! The C structures of CUDA 11.8's runtime API (`driver_types.h`, `vector_types.h`), laid
//! out as the headers lay them out; `tests/layout.rs` checks every offset against the
//! real header with a C compiler.

use std::ffi::c_char;

/// `dim3`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dim3 {
    /// x.
    pub x: u32,
    /// y.
    pub y: u32,
    /// z.
    pub z: u32,
}

impl Dim3 {
    /// As an array.
    pub fn array(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

/// `struct cudaDeviceProp` of CUDA 11.8.
#[repr(C)]
#[allow(non_snake_case, missing_docs)]
#[derive(Clone, Copy)]
pub struct DeviceProp {
    pub name: [c_char; 256],
    pub uuid: [u8; 16],
    pub luid: [c_char; 8],
    pub luidDeviceNodeMask: u32,
    pub totalGlobalMem: usize,
    pub sharedMemPerBlock: usize,
    pub regsPerBlock: i32,
    pub warpSize: i32,
    pub memPitch: usize,
    pub maxThreadsPerBlock: i32,
    pub maxThreadsDim: [i32; 3],
    pub maxGridSize: [i32; 3],
    pub clockRate: i32,
    pub totalConstMem: usize,
    pub major: i32,
    pub minor: i32,
    pub textureAlignment: usize,
    pub texturePitchAlignment: usize,
    pub deviceOverlap: i32,
    pub multiProcessorCount: i32,
    pub kernelExecTimeoutEnabled: i32,
    pub integrated: i32,
    pub canMapHostMemory: i32,
    pub computeMode: i32,
    pub maxTexture1D: i32,
    pub maxTexture1DMipmap: i32,
    pub maxTexture1DLinear: i32,
    pub maxTexture2D: [i32; 2],
    pub maxTexture2DMipmap: [i32; 2],
    pub maxTexture2DLinear: [i32; 3],
    pub maxTexture2DGather: [i32; 2],
    pub maxTexture3D: [i32; 3],
    pub maxTexture3DAlt: [i32; 3],
    pub maxTextureCubemap: i32,
    pub maxTexture1DLayered: [i32; 2],
    pub maxTexture2DLayered: [i32; 3],
    pub maxTextureCubemapLayered: [i32; 2],
    pub maxSurface1D: i32,
    pub maxSurface2D: [i32; 2],
    pub maxSurface3D: [i32; 3],
    pub maxSurface1DLayered: [i32; 2],
    pub maxSurface2DLayered: [i32; 3],
    pub maxSurfaceCubemap: i32,
    pub maxSurfaceCubemapLayered: [i32; 2],
    pub surfaceAlignment: usize,
    pub concurrentKernels: i32,
    pub ECCEnabled: i32,
    pub pciBusID: i32,
    pub pciDeviceID: i32,
    pub pciDomainID: i32,
    pub tccDriver: i32,
    pub asyncEngineCount: i32,
    pub unifiedAddressing: i32,
    pub memoryClockRate: i32,
    pub memoryBusWidth: i32,
    pub l2CacheSize: i32,
    pub persistingL2CacheMaxSize: i32,
    pub maxThreadsPerMultiProcessor: i32,
    pub streamPrioritiesSupported: i32,
    pub globalL1CacheSupported: i32,
    pub localL1CacheSupported: i32,
    pub sharedMemPerMultiprocessor: usize,
    pub regsPerMultiprocessor: i32,
    pub managedMemory: i32,
    pub isMultiGpuBoard: i32,
    pub multiGpuBoardGroupID: i32,
    pub hostNativeAtomicSupported: i32,
    pub singleToDoublePrecisionPerfRatio: i32,
    pub pageableMemoryAccess: i32,
    pub concurrentManagedAccess: i32,
    pub computePreemptionSupported: i32,
    pub canUseHostPointerForRegisteredMem: i32,
    pub cooperativeLaunch: i32,
    pub cooperativeMultiDeviceLaunch: i32,
    pub sharedMemPerBlockOptin: usize,
    pub pageableMemoryAccessUsesHostPageTables: i32,
    pub directManagedMemAccessFromHost: i32,
    pub maxBlocksPerMultiProcessor: i32,
    pub accessPolicyMaxWindowSize: i32,
    pub reservedSharedMemPerBlock: usize,
}

/// `struct cudaFuncAttributes` of CUDA 11.8.
#[repr(C)]
#[allow(non_snake_case, missing_docs)]
#[derive(Clone, Copy, Debug, Default)]
pub struct FuncAttributes {
    pub sharedSizeBytes: usize,
    pub constSizeBytes: usize,
    pub localSizeBytes: usize,
    pub maxThreadsPerBlock: i32,
    pub numRegs: i32,
    pub ptxVersion: i32,
    pub binaryVersion: i32,
    pub cacheModeCA: i32,
    pub maxDynamicSharedSizeBytes: i32,
    pub preferredShmemCarveout: i32,
}

/// `struct cudaPointerAttributes` of CUDA 11.8.
#[repr(C)]
#[allow(non_snake_case, missing_docs)]
#[derive(Clone, Copy, Debug)]
pub struct PointerAttributes {
    pub type_: i32,
    pub device: i32,
    pub devicePointer: *mut std::ffi::c_void,
    pub hostPointer: *mut std::ffi::c_void,
}

/// `cudaMemcpyKind`.
pub mod memcpy_kind {
    /// `cudaMemcpyHostToHost`.
    pub const HOST_TO_HOST: i32 = 0;
    /// `cudaMemcpyHostToDevice`.
    pub const HOST_TO_DEVICE: i32 = 1;
    /// `cudaMemcpyDeviceToHost`.
    pub const DEVICE_TO_HOST: i32 = 2;
    /// `cudaMemcpyDeviceToDevice`.
    pub const DEVICE_TO_DEVICE: i32 = 3;
    /// `cudaMemcpyDefault`: inferred from the pointers.
    pub const DEFAULT: i32 = 4;
}

/// `cudaMemoryType`.
pub mod memory_type {
    /// `cudaMemoryTypeUnregistered`.
    pub const UNREGISTERED: i32 = 0;
    /// `cudaMemoryTypeHost`.
    pub const HOST: i32 = 1;
    /// `cudaMemoryTypeDevice`.
    pub const DEVICE: i32 = 2;
    /// `cudaMemoryTypeManaged`.
    pub const MANAGED: i32 = 3;
}

/// Every field offset of [`DeviceProp`], by name, for the layout test.
pub fn device_prop_offsets() -> Vec<(&'static str, usize)> {
    macro_rules! offs {
        ($($f:ident),*) => { vec![$((stringify!($f), std::mem::offset_of!(DeviceProp, $f))),*] };
    }
    offs!(
        name,
        uuid,
        luid,
        luidDeviceNodeMask,
        totalGlobalMem,
        sharedMemPerBlock,
        regsPerBlock,
        warpSize,
        memPitch,
        maxThreadsPerBlock,
        maxThreadsDim,
        maxGridSize,
        clockRate,
        totalConstMem,
        major,
        minor,
        textureAlignment,
        texturePitchAlignment,
        deviceOverlap,
        multiProcessorCount,
        kernelExecTimeoutEnabled,
        integrated,
        canMapHostMemory,
        computeMode,
        maxTexture1D,
        maxTexture1DMipmap,
        maxTexture1DLinear,
        maxTexture2D,
        maxTexture2DMipmap,
        maxTexture2DLinear,
        maxTexture2DGather,
        maxTexture3D,
        maxTexture3DAlt,
        maxTextureCubemap,
        maxTexture1DLayered,
        maxTexture2DLayered,
        maxTextureCubemapLayered,
        maxSurface1D,
        maxSurface2D,
        maxSurface3D,
        maxSurface1DLayered,
        maxSurface2DLayered,
        maxSurfaceCubemap,
        maxSurfaceCubemapLayered,
        surfaceAlignment,
        concurrentKernels,
        ECCEnabled,
        pciBusID,
        pciDeviceID,
        pciDomainID,
        tccDriver,
        asyncEngineCount,
        unifiedAddressing,
        memoryClockRate,
        memoryBusWidth,
        l2CacheSize,
        persistingL2CacheMaxSize,
        maxThreadsPerMultiProcessor,
        streamPrioritiesSupported,
        globalL1CacheSupported,
        localL1CacheSupported,
        sharedMemPerMultiprocessor,
        regsPerMultiprocessor,
        managedMemory,
        isMultiGpuBoard,
        multiGpuBoardGroupID,
        hostNativeAtomicSupported,
        singleToDoublePrecisionPerfRatio,
        pageableMemoryAccess,
        concurrentManagedAccess,
        computePreemptionSupported,
        canUseHostPointerForRegisteredMem,
        cooperativeLaunch,
        cooperativeMultiDeviceLaunch,
        sharedMemPerBlockOptin,
        pageableMemoryAccessUsesHostPageTables,
        directManagedMemAccessFromHost,
        maxBlocksPerMultiProcessor,
        accessPolicyMaxWindowSize,
        reservedSharedMemPerBlock
    )
}

/// Every field offset of [`FuncAttributes`], by name, for the layout test.
pub fn func_attributes_offsets() -> Vec<(&'static str, usize)> {
    macro_rules! offs {
        ($($f:ident),*) => { vec![$((stringify!($f), std::mem::offset_of!(FuncAttributes, $f))),*] };
    }
    offs!(
        sharedSizeBytes,
        constSizeBytes,
        localSizeBytes,
        maxThreadsPerBlock,
        numRegs,
        ptxVersion,
        binaryVersion,
        cacheModeCA,
        maxDynamicSharedSizeBytes,
        preferredShmemCarveout
    )
}
