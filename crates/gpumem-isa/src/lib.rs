//! Shared vocabulary for the gpumem ISA crates.
//!
//! * [`Span`] and [`Diagnostic`]: where in a source file a problem is, and what it is.
//!   Assemblers return every diagnostic of a file, not only the first.
//! * [`bits`]: field extraction and insertion on 64-bit words.
//! * [`Space`]: the memory spaces of the seed pages, shared by the ISA tables, the
//!   memory model and the emulators.
//! * [`CacheOp`]: the cache operators of memory instructions, as values.
//! * [`DisasmLine`]: the shape of a disassembled instruction in both ISA crates.
//! * [`elf`]: the ELF header checks both readers make (machine, flags, truncation).
#![warn(missing_docs)]

pub mod bits;
mod cache;
mod diag;
pub mod elf;
mod listing;
mod rng;
mod space;

pub use cache::CacheOp;
pub use diag::{Diagnostic, Diagnostics, MAX_ECHO, Severity, Span, clip, render_diagnostics};
pub use listing::DisasmLine;
pub use rng::SplitMix64;
pub use space::Space;
