//! The machine code of an AMDGPU code object: the `.text` section of an ELF
//! whose machine (`e_machine`) is AMDGPU. An NVIDIA cubin (the other ELF
//! gpumem reads) is recognised and named in the error.
//!
//! ```
//! use gpumem_vega::code_object::{self, CodeObjectError};
//! assert!(!code_object::is_elf(&[0x00, 0x00, 0x81, 0xbf]));
//! assert!(matches!(code_object::text(b"\x7fELF"), Err(CodeObjectError::Elf(_))));
//! ```

use object::{Object, ObjectSection};

/// `e_machine` of an NVIDIA CUDA cubin (`EM_CUDA`).
pub const EM_CUDA: u16 = 190;
/// `e_machine` of an AMDGPU code object (`EM_AMDGPU`).
pub const EM_AMDGPU: u16 = 224;

/// Why no `.text` was read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeObjectError {
    /// The bytes are not a readable ELF file.
    #[error("not a readable ELF code object: {0}")]
    Elf(String),
    /// The ELF is an NVIDIA cubin.
    #[error(
        "an NVIDIA CUDA cubin (ELF machine {EM_CUDA}), not an AMDGPU code object (ELF machine {EM_AMDGPU}): use --isa maxwell"
    )]
    Cubin,
    /// The ELF is for another machine.
    #[error("ELF machine {0} is not AMDGPU (ELF machine {EM_AMDGPU})")]
    Machine(u16),
    /// The code object has no `.text` section.
    #[error("the ELF code object has no .text section")]
    NoText,
    /// The `.text` section's contents cannot be read.
    #[error("reading .text: {0}")]
    Text(String),
}

/// Whether `bytes` start with the ELF magic.
pub fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
}

/// The ELF header's `e_machine` (at byte 18 in both ELF classes, in the
/// file's byte order).
fn machine(bytes: &[u8]) -> Option<u16> {
    let b = [*bytes.get(18)?, *bytes.get(19)?];
    Some(match bytes.get(5) {
        Some(2) => u16::from_be_bytes(b),
        _ => u16::from_le_bytes(b),
    })
}

/// The `.text` of the AMDGPU code object `bytes`.
pub fn text(bytes: &[u8]) -> Result<&[u8], CodeObjectError> {
    let file = object::File::parse(bytes).map_err(|e| CodeObjectError::Elf(e.to_string()))?;
    match machine(bytes) {
        Some(EM_AMDGPU) => {}
        Some(EM_CUDA) => return Err(CodeObjectError::Cubin),
        Some(m) => return Err(CodeObjectError::Machine(m)),
        None => return Err(CodeObjectError::Elf("truncated ELF header".into())),
    }
    let text = file
        .section_by_name(".text")
        .ok_or(CodeObjectError::NoText)?;
    text.data()
        .map_err(|e| CodeObjectError::Text(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal little-endian ELF64 relocatable file for `machine` with a
    /// `.text` holding `code` (if `with_text`) and a `.shstrtab`.
    fn elf(machine: u16, code: &[u8], with_text: bool) -> Vec<u8> {
        let shstrtab = b"\0.text\0.shstrtab\0.data\0";
        let text_off = 64u64;
        let str_off = text_off + code.len() as u64;
        let sh_off = (str_off + shstrtab.len() as u64).next_multiple_of(8);
        let mut f = Vec::new();
        f.extend_from_slice(b"\x7fELF\x02\x01\x01\0");
        f.extend_from_slice(&[0; 8]);
        f.extend_from_slice(&1u16.to_le_bytes()); // ET_REL
        f.extend_from_slice(&machine.to_le_bytes());
        f.extend_from_slice(&1u32.to_le_bytes()); // EV_CURRENT
        f.extend_from_slice(&0u64.to_le_bytes()); // e_entry
        f.extend_from_slice(&0u64.to_le_bytes()); // e_phoff
        f.extend_from_slice(&sh_off.to_le_bytes());
        f.extend_from_slice(&0u32.to_le_bytes()); // e_flags
        f.extend_from_slice(&64u16.to_le_bytes()); // e_ehsize
        f.extend_from_slice(&0u16.to_le_bytes()); // e_phentsize
        f.extend_from_slice(&0u16.to_le_bytes()); // e_phnum
        f.extend_from_slice(&64u16.to_le_bytes()); // e_shentsize
        f.extend_from_slice(&3u16.to_le_bytes()); // e_shnum
        f.extend_from_slice(&2u16.to_le_bytes()); // e_shstrndx
        f.extend_from_slice(code);
        f.extend_from_slice(shstrtab);
        f.resize(sh_off as usize, 0);
        let sh = |f: &mut Vec<u8>, name: u32, ty: u32, off: u64, size: u64| {
            f.extend_from_slice(&name.to_le_bytes());
            f.extend_from_slice(&ty.to_le_bytes());
            f.extend_from_slice(&0u64.to_le_bytes()); // flags
            f.extend_from_slice(&0u64.to_le_bytes()); // addr
            f.extend_from_slice(&off.to_le_bytes());
            f.extend_from_slice(&size.to_le_bytes());
            f.extend_from_slice(&0u32.to_le_bytes()); // link
            f.extend_from_slice(&0u32.to_le_bytes()); // info
            f.extend_from_slice(&4u64.to_le_bytes()); // addralign
            f.extend_from_slice(&0u64.to_le_bytes()); // entsize
        };
        sh(&mut f, 0, 0, 0, 0);
        // Without a .text, the section is named .data.
        let name = if with_text { 1 } else { 17 };
        sh(&mut f, name, 1, text_off, code.len() as u64);
        sh(&mut f, 7, 3, str_off, shstrtab.len() as u64);
        f
    }

    #[test]
    fn reads_the_text_of_an_amdgpu_object() {
        let code = [0x00, 0x00, 0x81, 0xbf];
        let f = elf(EM_AMDGPU, &code, true);
        assert!(is_elf(&f));
        assert_eq!(text(&f), Ok(&code[..]));
    }

    #[test]
    fn names_what_is_not_an_amdgpu_object() {
        let code = [0u8; 8];
        assert_eq!(
            text(&elf(EM_CUDA, &code, true)),
            Err(CodeObjectError::Cubin)
        );
        assert_eq!(
            text(&elf(62, &code, true)),
            Err(CodeObjectError::Machine(62))
        );
        assert_eq!(
            text(&elf(EM_AMDGPU, &code, false)),
            Err(CodeObjectError::NoText)
        );
        assert!(matches!(
            text(b"\x7fELF\x02\x01"),
            Err(CodeObjectError::Elf(_))
        ));
        assert!(CodeObjectError::Cubin.to_string().contains("cubin"));
    }

    #[test]
    fn a_real_cubin_is_named() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cubins");
        let Some(path) = std::fs::read_dir(dir).ok().and_then(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .find(|p| p.extension().is_some_and(|x| x == "cubin"))
        }) else {
            return;
        };
        let bytes = std::fs::read(path).unwrap_or_default();
        assert_eq!(text(&bytes), Err(CodeObjectError::Cubin));
    }

    #[test]
    fn never_panics_on_prefixes() {
        let f = elf(EM_AMDGPU, &[1, 2, 3, 4], true);
        for n in 0..f.len() {
            let _ = text(&f[..n]);
        }
    }
}
