//! The machine code of an AMDGPU code object: the `.text` section of an ELF
//! whose machine (`e_machine`) is AMDGPU, and the processor its `e_flags` name
//! (`EF_AMDGPU_MACH`, bits 7..0). An NVIDIA cubin (the other ELF gpumem reads), a
//! truncated file and a code object for a processor gpumem does not model are named
//! in the error.
//!
//! ```
//! use gpumem_vega::code_object::{self, CodeObjectError};
//! assert!(!code_object::is_elf(&[0x00, 0x00, 0x81, 0xbf]));
//! assert!(matches!(code_object::text(b"\x7fELF"), Err(CodeObjectError::Elf(_))));
//! assert_eq!(code_object::mach_name(0x36), Some("gfx1030"));
//! ```

use crate::Target;
use gpumem_isa::elf::{self, ElfError};
use object::{Object, ObjectSection};

pub use gpumem_isa::elf::{EM_AMDGPU, EM_CUDA};

/// `EF_AMDGPU_MACH`: the processor field of `e_flags`.
const EF_AMDGPU_MACH: u32 = 0xff;

/// LLVM 19's processor names of the `EF_AMDGPU_MACH` values (`llvm-readobj -h` prints
/// them as `EF_AMDGPU_MACH_AMDGCN_GFX900`; `tests/differential.rs` holds this list
/// against it).
const MACH_NAMES: &[(u8, &str)] = &[
    (0x01, "r600"),
    (0x02, "r630"),
    (0x03, "rs880"),
    (0x04, "rv670"),
    (0x05, "rv710"),
    (0x06, "rv730"),
    (0x07, "rv770"),
    (0x08, "cedar"),
    (0x09, "cypress"),
    (0x0a, "juniper"),
    (0x0b, "redwood"),
    (0x0c, "sumo"),
    (0x0d, "barts"),
    (0x0e, "caicos"),
    (0x0f, "cayman"),
    (0x10, "turks"),
    (0x20, "gfx600"),
    (0x21, "gfx601"),
    (0x22, "gfx700"),
    (0x23, "gfx701"),
    (0x24, "gfx702"),
    (0x25, "gfx703"),
    (0x26, "gfx704"),
    (0x28, "gfx801"),
    (0x29, "gfx802"),
    (0x2a, "gfx803"),
    (0x2b, "gfx810"),
    (0x2c, "gfx900"),
    (0x2d, "gfx902"),
    (0x2e, "gfx904"),
    (0x2f, "gfx906"),
    (0x30, "gfx908"),
    (0x31, "gfx909"),
    (0x32, "gfx90c"),
    (0x33, "gfx1010"),
    (0x34, "gfx1011"),
    (0x35, "gfx1012"),
    (0x36, "gfx1030"),
    (0x37, "gfx1031"),
    (0x38, "gfx1032"),
    (0x39, "gfx1033"),
    (0x3a, "gfx602"),
    (0x3b, "gfx705"),
    (0x3c, "gfx805"),
    (0x3d, "gfx1035"),
    (0x3e, "gfx1034"),
    (0x3f, "gfx90a"),
    (0x40, "gfx940"),
    (0x41, "gfx1100"),
    (0x42, "gfx1013"),
    (0x43, "gfx1150"),
    (0x44, "gfx1103"),
    (0x45, "gfx1036"),
    (0x46, "gfx1101"),
    (0x47, "gfx1102"),
    (0x48, "gfx1200"),
    (0x4a, "gfx1151"),
    (0x4b, "gfx941"),
    (0x4c, "gfx942"),
    (0x4e, "gfx1201"),
    (0x51, "gfx9-generic"),
    (0x52, "gfx10-1-generic"),
    (0x53, "gfx10-3-generic"),
    (0x54, "gfx11-generic"),
    (0x55, "gfx1152"),
    (0x59, "gfx12-generic"),
];

/// The LLVM processor name (`-mcpu=`) of an `EF_AMDGPU_MACH` value.
pub fn mach_name(mach: u8) -> Option<&'static str> {
    MACH_NAMES.iter().find(|(m, _)| *m == mach).map(|(_, n)| *n)
}

/// Why no `.text` was read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeObjectError {
    /// The bytes are not a whole little-endian ELF64 file.
    #[error(transparent)]
    Elf(#[from] ElfError),
    /// The `object` crate cannot read the ELF structures.
    #[error("a corrupt ELF file: {0}")]
    Object(String),
    /// The ELF is an NVIDIA cubin.
    #[error(
        "an NVIDIA cubin (ELF machine {EM_CUDA}), not an AMDGPU code object (ELF machine {EM_AMDGPU}): it is Maxwell code; read it with `--isa maxwell` (or none: the ELF header names the ISA), run it from a manifest with isa = \"maxwell\""
    )]
    Cubin,
    /// The ELF is for another machine.
    #[error("an ELF file for machine {0}, not an AMDGPU code object (ELF machine {EM_AMDGPU})")]
    Machine(u16),
    /// The code object is for a processor gpumem does not model.
    #[error(
        "{}; gpumem models gfx900 and gfx906 only: reassemble for Vega, e.g. `llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj` (or clang --offload-arch=gfx900)",
        match mach_name((*.flags & EF_AMDGPU_MACH) as u8) {
            Some(n) => format!("an AMDGPU code object for {n} (e_flags {:#x})", .flags),
            None => format!("an AMDGPU code object whose e_flags ({:#x}) name no processor LLVM 19 knows (EF_AMDGPU_MACH {:#04x})", .flags, *.flags & EF_AMDGPU_MACH),
        }
    )]
    Mach {
        /// The code object's `e_flags`.
        flags: u32,
    },
    /// The code object has no `.text` section.
    #[error("the ELF code object has no .text section")]
    NoText,
    /// The `.text` section's contents cannot be read.
    #[error("reading .text: {0}")]
    Text(String),
}

/// A code object's machine code and the target it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeObject<'a> {
    /// The processor its `e_flags` name.
    pub target: Target,
    /// Its `e_flags` (processor and feature bits such as xnack and sramecc).
    pub flags: u32,
    /// The `.text` section.
    pub text: &'a [u8],
}

/// Whether `bytes` start with the ELF magic.
pub fn is_elf(bytes: &[u8]) -> bool {
    elf::is_elf(bytes)
}

/// The target an AMDGPU code object's `e_flags` name, or why gpumem cannot read it.
pub fn target(flags: u32) -> Result<Target, CodeObjectError> {
    match mach_name((flags & EF_AMDGPU_MACH) as u8) {
        Some("gfx900") => Ok(Target::Gfx900),
        Some("gfx906") => Ok(Target::Gfx906),
        _ => Err(CodeObjectError::Mach { flags }),
    }
}

/// The `.text` and target of the AMDGPU code object `bytes`.
pub fn read(bytes: &[u8]) -> Result<CodeObject<'_>, CodeObjectError> {
    let h = elf::header(bytes)?;
    match h.machine {
        EM_AMDGPU => {}
        EM_CUDA => return Err(CodeObjectError::Cubin),
        m => return Err(CodeObjectError::Machine(m)),
    }
    let target = target(h.flags)?;
    let file = object::File::parse(bytes).map_err(|e| CodeObjectError::Object(e.to_string()))?;
    let text = file
        .section_by_name(".text")
        .ok_or(CodeObjectError::NoText)?
        .data()
        .map_err(|e| CodeObjectError::Text(e.to_string()))?;
    Ok(CodeObject {
        target,
        flags: h.flags,
        text,
    })
}

/// The `.text` of the AMDGPU code object `bytes` ([`read`]).
pub fn text(bytes: &[u8]) -> Result<&[u8], CodeObjectError> {
    read(bytes).map(|c| c.text)
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
        f.extend_from_slice(&0x2cu32.to_le_bytes()); // e_flags: gfx900
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
        let mut gfx1030 = elf(EM_AMDGPU, &code, true);
        gfx1030[48] = 0x36;
        let e = text(&gfx1030).unwrap_err();
        assert_eq!(e, CodeObjectError::Mach { flags: 0x36 });
        assert!(e.to_string().contains("gfx1030") && e.to_string().contains("-mcpu=gfx900"));
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
