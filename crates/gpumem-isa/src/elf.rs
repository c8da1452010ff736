//! The ELF header facts both readers check before they trust a file to the `object`
//! crate: that it is a whole little-endian ELF64 file (its program and section header
//! tables, segments and sections all inside it), which machine it is for
//! (`e_machine`: an NVIDIA cubin or an AMDGPU code object) and its flags (`e_flags`,
//! which name the GPU). Truncation is reported as truncation, with the byte counts.
//!
//! ```
//! use gpumem_isa::elf::{self, ElfError};
//! assert!(matches!(elf::header(b"\x7fELF\x02\x01"), Err(ElfError::TruncatedHeader { len: 6 })));
//! assert_eq!(elf::header(b"\0asm"), Err(ElfError::NotElf));
//! ```

/// `e_machine` of an NVIDIA CUDA cubin (`EM_CUDA`).
pub const EM_CUDA: u16 = 190;
/// `e_machine` of an AMDGPU code object (`EM_AMDGPU`).
pub const EM_AMDGPU: u16 = 224;
/// `e_machine` of x86-64 (a host object or executable that may embed GPU code).
pub const EM_X86_64: u16 = 62;

/// Bytes of an ELF64 header.
const EHDR64: usize = 64;
/// Bytes of an ELF64 section header.
const SHDR64: u64 = 64;
/// Bytes of an ELF64 program header.
const PHDR64: u64 = 56;
/// `sh_type` of a section that occupies no file space.
const SHT_NOBITS: u32 = 8;

/// The header fields gpumem reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElfHeader {
    /// `e_machine`.
    pub machine: u16,
    /// `e_flags`: the GPU (and features) the code is for.
    pub flags: u32,
    /// `EI_OSABI`.
    pub osabi: u8,
    /// `EI_ABIVERSION`.
    pub abi_version: u8,
}

/// Why the bytes are not a whole ELF64 file gpumem can read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ElfError {
    /// No `\x7fELF` magic.
    #[error("not an ELF file (it does not start with the bytes 7f 45 4c 46, \"\\x7fELF\")")]
    NotElf,
    /// Shorter than an ELF64 header.
    #[error(
        "a truncated ELF file: {len} bytes, fewer than the 64 of an ELF64 header; the file was cut short"
    )]
    TruncatedHeader {
        /// The file's length.
        len: usize,
    },
    /// `EI_CLASS` is ELFCLASS32.
    #[error(
        "a 32-bit ELF file (EI_CLASS 1): gpumem reads 64-bit cubins and code objects (compile for a 64-bit host, e.g. nvcc -m64)"
    )]
    Class32,
    /// `EI_CLASS` is neither 1 nor 2.
    #[error("a corrupt ELF header: EI_CLASS is {0}, neither 1 (32-bit) nor 2 (64-bit)")]
    BadClass(u8),
    /// `EI_DATA` is big-endian or invalid.
    #[error(
        "a corrupt ELF header: EI_DATA is {0}, not 1 (little-endian, as every cubin and AMDGPU code object is)"
    )]
    BadData(u8),
    /// `e_shentsize` is not 64 though the file has sections.
    #[error(
        "a corrupt ELF header: e_shentsize is {0}, not the 64 bytes of an ELF64 section header"
    )]
    ShentSize(u16),
    /// `e_phentsize` is not 56 though the file has segments.
    #[error(
        "a corrupt ELF header: e_phentsize is {0}, not the 56 bytes of an ELF64 program header"
    )]
    PhentSize(u16),
    /// The program header table runs past the end of the file.
    #[error(
        "a truncated ELF file: its program header table (e_phoff {phoff:#x}, {phnum} entries) ends at byte {end}, but the file has {len} bytes"
    )]
    TruncatedProgramTable {
        /// `e_phoff`.
        phoff: u64,
        /// `e_phnum`.
        phnum: u16,
        /// Where the table ends.
        end: u64,
        /// The file's length.
        len: usize,
    },
    /// A segment's contents run past the end of the file.
    #[error(
        "a truncated ELF file: segment {index} (bytes {start:#x}..{end:#x}) ends beyond the file's {len} bytes"
    )]
    TruncatedSegment {
        /// The segment's index in the program header table.
        index: u16,
        /// Its first byte.
        start: u64,
        /// One past its last byte.
        end: u64,
        /// The file's length.
        len: usize,
    },
    /// The section header table runs past the end of the file.
    #[error(
        "a truncated ELF file: its section header table (e_shoff {shoff:#x}, {shnum} entries) ends at byte {end}, but the file has {len} bytes"
    )]
    TruncatedSectionTable {
        /// `e_shoff`.
        shoff: u64,
        /// `e_shnum`.
        shnum: u16,
        /// Where the table ends.
        end: u64,
        /// The file's length.
        len: usize,
    },
    /// A section's contents run past the end of the file.
    #[error(
        "a truncated ELF file: section `{name}` (bytes {start:#x}..{end:#x}) ends beyond the file's {len} bytes"
    )]
    TruncatedSection {
        /// The section's name (or `#index` when the name table is unreadable).
        name: String,
        /// Its first byte.
        start: u64,
        /// One past its last byte.
        end: u64,
        /// The file's length.
        len: usize,
    },
}

/// Whether `bytes` start with the ELF magic.
pub fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// The header of the little-endian ELF64 file `bytes`, once the file is known to hold
/// its whole section header table and every section's contents.
pub fn header(bytes: &[u8]) -> Result<ElfHeader, ElfError> {
    if !is_elf(bytes) {
        return Err(ElfError::NotElf);
    }
    match bytes.get(4) {
        Some(2) => {}
        Some(1) => return Err(ElfError::Class32),
        Some(&c) => return Err(ElfError::BadClass(c)),
        None => return Err(ElfError::TruncatedHeader { len: bytes.len() }),
    }
    match bytes.get(5) {
        Some(1) => {}
        Some(&d) => return Err(ElfError::BadData(d)),
        None => return Err(ElfError::TruncatedHeader { len: bytes.len() }),
    }
    if bytes.len() < EHDR64 {
        return Err(ElfError::TruncatedHeader { len: bytes.len() });
    }
    let h = ElfHeader {
        machine: u16_at(bytes, 18),
        flags: u32_at(bytes, 48),
        osabi: bytes[7],
        abi_version: bytes[8],
    };
    let len = bytes.len();
    let in_file = |start: u64, size: u64| start.checked_add(size).is_some_and(|e| e <= len as u64);
    let phoff = u64_at(bytes, 32);
    let phentsize = u16_at(bytes, 54);
    let phnum = u16_at(bytes, 56);
    if phnum > 0 {
        if phentsize as u64 != PHDR64 {
            return Err(ElfError::PhentSize(phentsize));
        }
        if !in_file(phoff, phnum as u64 * PHDR64) {
            return Err(ElfError::TruncatedProgramTable {
                phoff,
                phnum,
                end: phoff.saturating_add(phnum as u64 * PHDR64),
                len,
            });
        }
        for index in 0..phnum {
            let at = (phoff + index as u64 * PHDR64) as usize;
            let (start, size) = (u64_at(bytes, at + 8), u64_at(bytes, at + 32));
            if !in_file(start, size) {
                return Err(ElfError::TruncatedSegment {
                    index,
                    start,
                    end: start.saturating_add(size),
                    len,
                });
            }
        }
    }
    let shoff = u64_at(bytes, 40);
    let shentsize = u16_at(bytes, 58);
    let shnum = u16_at(bytes, 60);
    let shstrndx = u16_at(bytes, 62);
    if shnum == 0 {
        return Ok(h);
    }
    if shentsize as u64 != SHDR64 {
        return Err(ElfError::ShentSize(shentsize));
    }
    let end = shoff.saturating_add(shnum as u64 * SHDR64);
    if end > len as u64 {
        return Err(ElfError::TruncatedSectionTable {
            shoff,
            shnum,
            end,
            len,
        });
    }
    // (name offset, type, file offset, size) of section `i`.
    let sec = |i: u16| {
        let at = (shoff + i as u64 * SHDR64) as usize;
        (
            u32_at(bytes, at),
            u32_at(bytes, at + 4),
            u64_at(bytes, at + 24),
            u64_at(bytes, at + 32),
        )
    };
    let names = (shstrndx < shnum)
        .then(|| sec(shstrndx))
        .filter(|&(_, ty, off, size)| ty != SHT_NOBITS && in_file(off, size))
        .map(|(_, _, off, size)| &bytes[off as usize..(off + size) as usize]);
    let name_of = |i: u16, at: u32| {
        names
            .and_then(|n| n.get(at as usize..))
            .and_then(|n| n.split(|&c| c == 0).next())
            .and_then(|n| std::str::from_utf8(n).ok())
            .filter(|n| !n.is_empty())
            .map_or_else(|| format!("#{i}"), str::to_string)
    };
    for i in 1..shnum {
        let (name, ty, off, size) = sec(i);
        if ty != SHT_NOBITS && !in_file(off, size) {
            return Err(ElfError::TruncatedSection {
                name: name_of(i, name),
                start: off,
                end: off.saturating_add(size),
                len,
            });
        }
    }
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A little-endian ELF64 file for `machine` with one section `.text` holding `code`.
    fn elf(machine: u16, code: &[u8]) -> Vec<u8> {
        let names = b"\0.text\0.shstrtab\0";
        let text_off = 64u64;
        let str_off = text_off + code.len() as u64;
        let sh_off = (str_off + names.len() as u64).next_multiple_of(8);
        let mut f = b"\x7fELF\x02\x01\x01\0".to_vec();
        f.resize(16, 0);
        f.extend_from_slice(&1u16.to_le_bytes());
        f.extend_from_slice(&machine.to_le_bytes());
        f.extend_from_slice(&1u32.to_le_bytes());
        f.extend_from_slice(&[0; 16]);
        f.extend_from_slice(&sh_off.to_le_bytes());
        f.extend_from_slice(&0x2cu32.to_le_bytes());
        for h in [64u16, 0, 0, 64, 3, 2] {
            f.extend_from_slice(&h.to_le_bytes());
        }
        f.extend_from_slice(code);
        f.extend_from_slice(names);
        f.resize(sh_off as usize, 0);
        for (name, ty, off, size) in [
            (0u32, 0u32, 0u64, 0u64),
            (1, 1, text_off, code.len() as u64),
            (7, 3, str_off, names.len() as u64),
        ] {
            f.extend_from_slice(&name.to_le_bytes());
            f.extend_from_slice(&ty.to_le_bytes());
            f.extend_from_slice(&[0; 16]);
            f.extend_from_slice(&off.to_le_bytes());
            f.extend_from_slice(&size.to_le_bytes());
            f.extend_from_slice(&[0; 24]);
        }
        f
    }

    #[test]
    fn reads_machine_and_flags() {
        let h = header(&elf(EM_AMDGPU, &[1, 2, 3, 4])).unwrap();
        assert_eq!((h.machine, h.flags), (EM_AMDGPU, 0x2c));
    }

    #[test]
    fn every_prefix_is_truncated_never_a_panic() {
        let f = elf(EM_CUDA, &[0; 16]);
        for n in 0..f.len() {
            let s = header(&f[..n]).unwrap_err().to_string();
            if n >= 4 {
                assert!(s.contains("truncated"), "{n}: {s}");
            }
        }
        // The section contents cut: the last section's name is known.
        let mut g = f.clone();
        let shoff = u64_at(&g, 40) as usize;
        // Point .text past the end of the file.
        g[shoff + 64 + 24..shoff + 64 + 32].copy_from_slice(&0x1000u64.to_le_bytes());
        match header(&g) {
            Err(ElfError::TruncatedSection { name, .. }) => assert_eq!(name, ".text"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_class_and_byte_order() {
        let mut f = elf(EM_CUDA, &[]);
        f[4] = 1;
        assert_eq!(header(&f), Err(ElfError::Class32));
        f[4] = 2;
        f[5] = 2;
        assert_eq!(header(&f), Err(ElfError::BadData(2)));
    }
}
