//! Reading kernels out of a cubin (CUDA ELF).

use object::read::elf::{ElfFile64, FileHeader, SectionHeader};
use object::{Endianness, Object, ObjectSection};

/// One kernel's code: its name and raw instruction stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: String,
    pub code: Vec<u8>,
    /// The `sm_NN` the cubin's ELF flags name (low byte of `e_flags`).
    pub sm: u32,
    /// Registers per thread: ptxas keeps them in bits 31..24 of the section's `sh_info`.
    pub registers: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum CubinError {
    #[error("not a 64-bit ELF file: {0}")]
    Elf(#[from] object::Error),
    #[error("the ELF file has no `.text.<kernel>` sections")]
    NoKernels,
}

/// Whether `bytes` start like an ELF file.
pub fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
}

/// Every `.text.<name>` section of the cubin, in section order.
pub fn kernels(bytes: &[u8]) -> Result<Vec<Kernel>, CubinError> {
    let file = ElfFile64::<Endianness>::parse(bytes)?;
    let endian = file.endian();
    let sm = file.elf_header().e_flags(endian) & 0xff;
    let mut out = Vec::new();
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        let Some(kname) = name.strip_prefix(".text.") else {
            continue;
        };
        let code = sec.data()?.to_vec();
        let registers = sec.elf_section_header().sh_info(endian) >> 24;
        out.push(Kernel {
            name: kname.to_string(),
            code,
            sm,
            registers,
        });
    }
    if out.is_empty() {
        return Err(CubinError::NoKernels);
    }
    Ok(out)
}
