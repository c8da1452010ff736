//! `cudaError_t`: the codes and names of CUDA 11.8's `driver_types.h` (`enum cudaError`),
//! and the texts `cudaGetErrorString` gives.

/// `cudaError_t`.
pub type CudaError = i32;

/// `cudaSuccess`.
pub const SUCCESS: CudaError = 0;
/// `cudaErrorInvalidValue`.
pub const INVALID_VALUE: CudaError = 1;
/// `cudaErrorMemoryAllocation`.
pub const MEMORY_ALLOCATION: CudaError = 2;
/// `cudaErrorInvalidConfiguration`.
pub const INVALID_CONFIGURATION: CudaError = 9;
/// `cudaErrorInvalidPitchValue`.
pub const INVALID_PITCH_VALUE: CudaError = 12;
/// `cudaErrorInvalidSymbol`.
pub const INVALID_SYMBOL: CudaError = 13;
/// `cudaErrorInvalidHostPointer`.
pub const INVALID_HOST_POINTER: CudaError = 16;
/// `cudaErrorInvalidDevicePointer`.
pub const INVALID_DEVICE_POINTER: CudaError = 17;
/// `cudaErrorInvalidMemcpyDirection`.
pub const INVALID_MEMCPY_DIRECTION: CudaError = 21;
/// `cudaErrorMissingConfiguration`.
pub const MISSING_CONFIGURATION: CudaError = 52;
/// `cudaErrorInvalidDeviceFunction`.
pub const INVALID_DEVICE_FUNCTION: CudaError = 98;
/// `cudaErrorInvalidDevice`.
pub const INVALID_DEVICE: CudaError = 101;
/// `cudaErrorInvalidKernelImage`.
pub const INVALID_KERNEL_IMAGE: CudaError = 200;
/// `cudaErrorNoKernelImageForDevice`.
pub const NO_KERNEL_IMAGE_FOR_DEVICE: CudaError = 209;
/// `cudaErrorUnsupportedLimit`.
pub const UNSUPPORTED_LIMIT: CudaError = 215;
/// `cudaErrorInvalidResourceHandle`.
pub const INVALID_RESOURCE_HANDLE: CudaError = 400;
/// `cudaErrorNotReady`.
pub const NOT_READY: CudaError = 600;
/// `cudaErrorIllegalAddress`.
pub const ILLEGAL_ADDRESS: CudaError = 700;
/// `cudaErrorLaunchOutOfResources`.
pub const LAUNCH_OUT_OF_RESOURCES: CudaError = 701;
/// `cudaErrorLaunchTimeout`.
pub const LAUNCH_TIMEOUT: CudaError = 702;
/// `cudaErrorAssert`.
pub const ASSERT: CudaError = 710;
/// `cudaErrorCooperativeLaunchTooLarge`.
pub const COOPERATIVE_LAUNCH_TOO_LARGE: CudaError = 720;
/// `cudaErrorHostMemoryAlreadyRegistered`.
pub const HOST_MEMORY_ALREADY_REGISTERED: CudaError = 712;
/// `cudaErrorHostMemoryNotRegistered`.
pub const HOST_MEMORY_NOT_REGISTERED: CudaError = 713;
/// `cudaErrorHardwareStackError`.
pub const HARDWARE_STACK_ERROR: CudaError = 714;
/// `cudaErrorIllegalInstruction`.
pub const ILLEGAL_INSTRUCTION: CudaError = 715;
/// `cudaErrorMisalignedAddress`.
pub const MISALIGNED_ADDRESS: CudaError = 716;
/// `cudaErrorLaunchFailure`.
pub const LAUNCH_FAILURE: CudaError = 719;
/// `cudaErrorInvalidTexture`.
pub const INVALID_TEXTURE: CudaError = 18;
/// `cudaErrorNotSupported`.
pub const NOT_SUPPORTED: CudaError = 801;
/// `cudaErrorUnknown`.
pub const UNKNOWN: CudaError = 999;

/// Every code of CUDA 11.8's `enum cudaError` with its name (generated from the header
/// with `awk '/^enum __device_builtin__ cudaError$/,/^};/' driver_types.h`).
pub const NAMES: &[(CudaError, &str)] = &[
    (0, "cudaSuccess"),
    (1, "cudaErrorInvalidValue"),
    (2, "cudaErrorMemoryAllocation"),
    (3, "cudaErrorInitializationError"),
    (4, "cudaErrorCudartUnloading"),
    (5, "cudaErrorProfilerDisabled"),
    (6, "cudaErrorProfilerNotInitialized"),
    (7, "cudaErrorProfilerAlreadyStarted"),
    (8, "cudaErrorProfilerAlreadyStopped"),
    (9, "cudaErrorInvalidConfiguration"),
    (12, "cudaErrorInvalidPitchValue"),
    (13, "cudaErrorInvalidSymbol"),
    (16, "cudaErrorInvalidHostPointer"),
    (17, "cudaErrorInvalidDevicePointer"),
    (18, "cudaErrorInvalidTexture"),
    (19, "cudaErrorInvalidTextureBinding"),
    (20, "cudaErrorInvalidChannelDescriptor"),
    (21, "cudaErrorInvalidMemcpyDirection"),
    (22, "cudaErrorAddressOfConstant"),
    (23, "cudaErrorTextureFetchFailed"),
    (24, "cudaErrorTextureNotBound"),
    (25, "cudaErrorSynchronizationError"),
    (26, "cudaErrorInvalidFilterSetting"),
    (27, "cudaErrorInvalidNormSetting"),
    (28, "cudaErrorMixedDeviceExecution"),
    (31, "cudaErrorNotYetImplemented"),
    (32, "cudaErrorMemoryValueTooLarge"),
    (34, "cudaErrorStubLibrary"),
    (35, "cudaErrorInsufficientDriver"),
    (36, "cudaErrorCallRequiresNewerDriver"),
    (37, "cudaErrorInvalidSurface"),
    (43, "cudaErrorDuplicateVariableName"),
    (44, "cudaErrorDuplicateTextureName"),
    (45, "cudaErrorDuplicateSurfaceName"),
    (46, "cudaErrorDevicesUnavailable"),
    (49, "cudaErrorIncompatibleDriverContext"),
    (52, "cudaErrorMissingConfiguration"),
    (53, "cudaErrorPriorLaunchFailure"),
    (65, "cudaErrorLaunchMaxDepthExceeded"),
    (66, "cudaErrorLaunchFileScopedTex"),
    (67, "cudaErrorLaunchFileScopedSurf"),
    (68, "cudaErrorSyncDepthExceeded"),
    (69, "cudaErrorLaunchPendingCountExceeded"),
    (98, "cudaErrorInvalidDeviceFunction"),
    (100, "cudaErrorNoDevice"),
    (101, "cudaErrorInvalidDevice"),
    (102, "cudaErrorDeviceNotLicensed"),
    (103, "cudaErrorSoftwareValidityNotEstablished"),
    (127, "cudaErrorStartupFailure"),
    (200, "cudaErrorInvalidKernelImage"),
    (201, "cudaErrorDeviceUninitialized"),
    (205, "cudaErrorMapBufferObjectFailed"),
    (206, "cudaErrorUnmapBufferObjectFailed"),
    (207, "cudaErrorArrayIsMapped"),
    (208, "cudaErrorAlreadyMapped"),
    (209, "cudaErrorNoKernelImageForDevice"),
    (210, "cudaErrorAlreadyAcquired"),
    (211, "cudaErrorNotMapped"),
    (212, "cudaErrorNotMappedAsArray"),
    (213, "cudaErrorNotMappedAsPointer"),
    (214, "cudaErrorECCUncorrectable"),
    (215, "cudaErrorUnsupportedLimit"),
    (216, "cudaErrorDeviceAlreadyInUse"),
    (217, "cudaErrorPeerAccessUnsupported"),
    (218, "cudaErrorInvalidPtx"),
    (219, "cudaErrorInvalidGraphicsContext"),
    (220, "cudaErrorNvlinkUncorrectable"),
    (221, "cudaErrorJitCompilerNotFound"),
    (222, "cudaErrorUnsupportedPtxVersion"),
    (223, "cudaErrorJitCompilationDisabled"),
    (224, "cudaErrorUnsupportedExecAffinity"),
    (300, "cudaErrorInvalidSource"),
    (301, "cudaErrorFileNotFound"),
    (302, "cudaErrorSharedObjectSymbolNotFound"),
    (303, "cudaErrorSharedObjectInitFailed"),
    (304, "cudaErrorOperatingSystem"),
    (400, "cudaErrorInvalidResourceHandle"),
    (401, "cudaErrorIllegalState"),
    (500, "cudaErrorSymbolNotFound"),
    (600, "cudaErrorNotReady"),
    (700, "cudaErrorIllegalAddress"),
    (701, "cudaErrorLaunchOutOfResources"),
    (702, "cudaErrorLaunchTimeout"),
    (703, "cudaErrorLaunchIncompatibleTexturing"),
    (704, "cudaErrorPeerAccessAlreadyEnabled"),
    (705, "cudaErrorPeerAccessNotEnabled"),
    (708, "cudaErrorSetOnActiveProcess"),
    (709, "cudaErrorContextIsDestroyed"),
    (710, "cudaErrorAssert"),
    (711, "cudaErrorTooManyPeers"),
    (712, "cudaErrorHostMemoryAlreadyRegistered"),
    (713, "cudaErrorHostMemoryNotRegistered"),
    (714, "cudaErrorHardwareStackError"),
    (715, "cudaErrorIllegalInstruction"),
    (716, "cudaErrorMisalignedAddress"),
    (717, "cudaErrorInvalidAddressSpace"),
    (718, "cudaErrorInvalidPc"),
    (719, "cudaErrorLaunchFailure"),
    (720, "cudaErrorCooperativeLaunchTooLarge"),
    (800, "cudaErrorNotPermitted"),
    (801, "cudaErrorNotSupported"),
    (802, "cudaErrorSystemNotReady"),
    (803, "cudaErrorSystemDriverMismatch"),
    (804, "cudaErrorCompatNotSupportedOnDevice"),
    (805, "cudaErrorMpsConnectionFailed"),
    (806, "cudaErrorMpsRpcFailure"),
    (807, "cudaErrorMpsServerNotReady"),
    (808, "cudaErrorMpsMaxClientsReached"),
    (809, "cudaErrorMpsMaxConnectionsReached"),
    (810, "cudaErrorMpsClientTerminated"),
    (900, "cudaErrorStreamCaptureUnsupported"),
    (901, "cudaErrorStreamCaptureInvalidated"),
    (902, "cudaErrorStreamCaptureMerge"),
    (903, "cudaErrorStreamCaptureUnmatched"),
    (904, "cudaErrorStreamCaptureUnjoined"),
    (905, "cudaErrorStreamCaptureIsolation"),
    (906, "cudaErrorStreamCaptureImplicit"),
    (907, "cudaErrorCapturedEvent"),
    (908, "cudaErrorStreamCaptureWrongThread"),
    (909, "cudaErrorTimeout"),
    (910, "cudaErrorGraphExecUpdateFailure"),
    (911, "cudaErrorExternalDevice"),
    (912, "cudaErrorInvalidClusterSize"),
    (999, "cudaErrorUnknown"),
];

/// `cudaGetErrorName`: the enumerator's name, or `None` for a code CUDA 11.8 lacks
/// (the real runtime then returns "unrecognized error code").
pub fn name(code: CudaError) -> Option<&'static str> {
    NAMES.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

/// `cudaGetErrorString`: the texts of the real runtime for the codes gpumem returns;
/// other known codes read as their name.
pub fn text(code: CudaError) -> &'static str {
    match code {
        SUCCESS => "no error",
        INVALID_VALUE => "invalid argument",
        MEMORY_ALLOCATION => "out of memory",
        INVALID_CONFIGURATION => "invalid configuration argument",
        INVALID_PITCH_VALUE => "invalid pitch argument",
        INVALID_SYMBOL => "invalid device symbol",
        INVALID_HOST_POINTER => "invalid host pointer",
        INVALID_DEVICE_POINTER => "invalid device pointer",
        INVALID_MEMCPY_DIRECTION => "invalid copy direction for memcpy",
        MISSING_CONFIGURATION => "__global__ function call is not configured",
        INVALID_DEVICE_FUNCTION => "invalid device function",
        INVALID_DEVICE => "invalid device ordinal",
        INVALID_KERNEL_IMAGE => "device kernel image is invalid",
        NO_KERNEL_IMAGE_FOR_DEVICE => "no kernel image is available for execution on the device",
        UNSUPPORTED_LIMIT => "unsupported limit",
        INVALID_RESOURCE_HANDLE => "invalid resource handle",
        NOT_READY => "device not ready",
        ILLEGAL_ADDRESS => "an illegal memory access was encountered",
        LAUNCH_OUT_OF_RESOURCES => "too many resources requested for launch",
        LAUNCH_TIMEOUT => "the launch timed out and was terminated",
        ASSERT => "device-side assert triggered",
        HOST_MEMORY_ALREADY_REGISTERED => {
            "part or all of the requested memory range is already mapped"
        }
        HOST_MEMORY_NOT_REGISTERED => "pointer does not correspond to a registered memory region",
        HARDWARE_STACK_ERROR => "an illegal memory access was encountered",
        ILLEGAL_INSTRUCTION => "an illegal instruction was encountered",
        MISALIGNED_ADDRESS => "misaligned address",
        LAUNCH_FAILURE => "unspecified launch failure",
        NOT_SUPPORTED => "operation not supported",
        UNKNOWN => "unknown error",
        c => name(c).unwrap_or("unrecognized error code"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_match_the_constants() {
        for (i, (c, n)) in NAMES.iter().enumerate() {
            assert!(NAMES[i + 1..].iter().all(|(d, m)| d != c && m != n), "{n}");
        }
        assert_eq!(name(LAUNCH_FAILURE), Some("cudaErrorLaunchFailure"));
        assert_eq!(name(NOT_SUPPORTED), Some("cudaErrorNotSupported"));
        assert_eq!(
            name(INVALID_DEVICE_FUNCTION),
            Some("cudaErrorInvalidDeviceFunction")
        );
        assert_eq!(name(MISALIGNED_ADDRESS), Some("cudaErrorMisalignedAddress"));
        assert_eq!(name(12345), None);
        assert_eq!(text(12345), "unrecognized error code");
    }
}
