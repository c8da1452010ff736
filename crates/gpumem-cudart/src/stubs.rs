//! Entry points gpumem does not implement. A program's unresolved symbol would stop it
//! at load time, so the commonly linked ones are exported: each returns
//! `cudaErrorNotSupported` and gpumem says once which call it was. Callers clean up
//! their own arguments (System V), so a stub may ignore them.

use crate::api::not_supported;
use crate::error::{CudaError, NOT_SUPPORTED};
use std::panic::catch_unwind;

macro_rules! stubs {
    ($($name:ident),* $(,)?) => {$(
        #[unsafe(no_mangle)]
        #[allow(missing_docs)]
        pub extern "C" fn $name() -> CudaError {
            let _ = catch_unwind(|| not_supported(stringify!($name)));
            NOT_SUPPORTED
        }
    )*};
}

stubs!(
    // Mipmapped arrays, 2-D array-to-array and pitched 3-D allocations (arrays,
    // texture and surface objects and texture references: `tex.rs`).
    cudaMallocMipmappedArray,
    cudaFreeMipmappedArray,
    cudaGetMipmappedArrayLevel,
    cudaMemcpy2DArrayToArray,
    cudaMalloc3D,
    cudaMemset3D,
    // Graphs and stream capture.
    cudaGraphCreate,
    cudaGraphLaunch,
    cudaGraphInstantiate,
    cudaGraphExecDestroy,
    cudaGraphDestroy,
    cudaGraphAddKernelNode,
    cudaGraphAddMemcpyNode,
    cudaGraphAddMemsetNode,
    cudaGraphAddHostNode,
    cudaGraphAddDependencies,
    cudaGraphGetNodes,
    cudaGraphClone,
    cudaGraphExecKernelNodeSetParams,
    cudaGraphExecUpdate,
    cudaStreamBeginCapture,
    cudaStreamEndCapture,
    cudaStreamIsCapturing,
    // Stream-ordered allocation and memory pools.
    cudaMallocAsync,
    cudaFreeAsync,
    cudaMemPoolCreate,
    cudaMemPoolDestroy,
    cudaMemPoolSetAttribute,
    cudaMemPoolGetAttribute,
    cudaMemPoolSetAccess,
    cudaDeviceGetDefaultMemPool,
    cudaDeviceGetMemPool,
    // Peers, IPC, external resources, graphics.
    cudaDeviceEnablePeerAccess,
    cudaDeviceDisablePeerAccess,
    cudaMemcpyPeer,
    cudaMemcpyPeerAsync,
    cudaIpcGetMemHandle,
    cudaIpcOpenMemHandle,
    cudaIpcCloseMemHandle,
    cudaIpcGetEventHandle,
    cudaIpcOpenEventHandle,
    cudaImportExternalMemory,
    cudaImportExternalSemaphore,
    cudaDestroyExternalMemory,
    cudaDestroyExternalSemaphore,
    cudaExternalMemoryGetMappedBuffer,
    cudaSignalExternalSemaphoresAsync,
    cudaWaitExternalSemaphoresAsync,
    cudaGraphicsGLRegisterBuffer,
    cudaGraphicsGLRegisterImage,
    cudaGraphicsMapResources,
    cudaGraphicsUnmapResources,
    cudaGraphicsUnregisterResource,
    cudaGraphicsResourceGetMappedPointer,
    cudaGraphicsSubResourceGetMappedArray,
    cudaGraphicsResourceSetMapFlags,
    cudaGLSetGLDevice,
    // Others.
    cudaLaunchCooperativeKernelMultiDevice,
    cudaFuncGetAttribute,
    cudaGetFuncBySymbol,
    cudaGetDriverEntryPoint,
    cudaStreamSetAttribute,
    cudaStreamGetAttribute,
    cudaCtxResetPersistingL2Cache,
    cudaDeviceGetP2PAttribute,
    cudaDeviceGetByPCIBusId,
    cudaDeviceGetPCIBusId,
    cudaSetValidDevices,
    cudaThreadSetLimit,
    cudaThreadGetLimit,
    cudaEventCreateFromEGLStream,
    cudaMemRangeGetAttribute,
);
