//! gpumem-cudart: a CUDA 11.8 runtime (`libcudart.so.11.0`) over the device layer.
//!
//! A program built by nvcc 11.8 with `-cudart shared` loads this library instead of
//! NVIDIA's (`gpumem cuda -- PROGRAM` sets the library path): its fat binaries are loaded
//! into one emulated Maxwell GPU ([`gpumem_device::Context`]), its kernels run on the
//! emulator when launched, its memory calls go to the device allocator. The exported
//! entry points are in `api` (implemented) and `stubs` (`cudaErrorNotSupported`); the
//! decisions are in `docs/11-cuda-runtime.md`.
//!
//! Every entry point catches panics and checks its pointers: gpumem never crashes the
//! host program (a bad host pointer the program passes to a copy does, as with the real
//! runtime).

#![warn(missing_docs)]

pub mod api;
pub mod error;
pub mod props;
pub mod rt;
pub mod stubs;
pub mod tex;
pub mod types;
