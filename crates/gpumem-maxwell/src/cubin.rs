//! Reading kernels out of a cubin (CUDA ELF).

use object::read::elf::{ElfFile64, FileHeader, SectionHeader};
use object::{Endianness, Object, ObjectSection};

/// One kernel's code: its name and raw instruction stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The kernel's name: the `<kernel>` of its `.text.<kernel>` section.
    pub name: String,
    /// Contents of the `.text.<kernel>` section: 32-byte bundles of a control word and three instructions.
    pub code: Vec<u8>,
    /// The `sm_NN` the cubin's ELF flags name (low byte of `e_flags`).
    pub sm: u32,
    /// Registers per thread: ptxas keeps them in bits 31..24 of the section's `sh_info`.
    pub registers: u32,
    /// The constant-bank images the cubin carries for this kernel, as `(bank, bytes)`:
    /// module sections `.nv.constantN` and the kernel's own `.nv.constantN.<kernel>`,
    /// N > 0 (ptxas puts literal pools in bank 2 and `.const` data in bank 3; bank 0 is
    /// the driver's and is written at launch).
    pub constants: Vec<(u32, Vec<u8>)>,
    /// Static shared memory per CTA (bytes): the size of the kernel's
    /// `.nv.shared.<kernel>` section (0 when it has none). A launch's dynamic shared
    /// memory comes after it.
    pub shared_bytes: u64,
    /// The kernel's parameters as its `.nv.info.<kernel>` section lists them
    /// (`EIATTR_KPARAM_INFO`), in ordinal order; empty when the section says nothing.
    pub params: Vec<KernelParam>,
    /// Bytes of the parameter block in constant bank 0 (`EIATTR_CBANK_PARAM_SIZE`).
    pub param_bytes: Option<u32>,
}

/// One kernel parameter: where the launch places it in constant bank 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelParam {
    /// Its position in the kernel's signature, from 0.
    pub ordinal: u32,
    /// Byte offset from the start of the parameter block (`c[0x0][0x140]`).
    pub offset: u32,
    /// Bytes.
    pub size: u32,
}

/// `EIATTR_KPARAM_INFO`: one parameter's ordinal, offset and size.
const EIATTR_KPARAM_INFO: u8 = 0x17;
/// `EIATTR_CBANK_PARAM_SIZE`: the parameter block's size.
const EIATTR_CBANK_PARAM_SIZE: u8 = 0x19;
/// Attribute formats of `.nv.info` records: 0x04 (`EIFMT_SVAL`) is followed by a
/// 16-bit length and that many bytes; the others carry a 16-bit value.
const EIFMT_SVAL: u8 = 0x04;

/// The parameter list and block size an `.nv.info.<kernel>` section describes. Records
/// are `fmt, attr, u16` then, for `EIFMT_SVAL`, the payload; `KPARAM_INFO`'s payload is
/// `index u32, ordinal u16, offset u16, flags u32` with the size in bits 31..18 of the
/// flags. A truncated record ends the walk (the rest is ignored).
fn param_info(info: &[u8]) -> (Vec<KernelParam>, Option<u32>) {
    let mut params = Vec::new();
    let mut size = None;
    let mut i = 0usize;
    while i + 4 <= info.len() {
        let (fmt, attr) = (info[i], info[i + 1]);
        let half = u16::from_le_bytes([info[i + 2], info[i + 3]]);
        if fmt != EIFMT_SVAL {
            if attr == EIATTR_CBANK_PARAM_SIZE {
                size = Some(half as u32);
            }
            i += 4;
            continue;
        }
        let Some(body) = info.get(i + 4..i + 4 + half as usize) else {
            break;
        };
        if attr == EIATTR_KPARAM_INFO && body.len() >= 12 {
            let flags = u32::from_le_bytes([body[8], body[9], body[10], body[11]]);
            params.push(KernelParam {
                ordinal: u16::from_le_bytes([body[4], body[5]]) as u32,
                offset: u16::from_le_bytes([body[6], body[7]]) as u32,
                size: flags >> 18,
            });
        }
        i += 4 + half as usize;
    }
    params.sort_by_key(|p| p.ordinal);
    (params, size)
}

#[derive(Debug, thiserror::Error)]
/// Why a kernel could not be read out of a cubin.
pub enum CubinError {
    #[error("not a 64-bit ELF file: {0}")]
    /// The bytes are not a 64-bit ELF file the `object` crate can read.
    Elf(#[from] object::Error),
    #[error("the ELF file has no `.text.<kernel>` sections")]
    /// The ELF file holds no `.text.<kernel>` section.
    NoKernels,
    #[error("no kernel `{name}` in the cubin (it has: {})", .have.join(", "))]
    /// No kernel of the requested name.
    NoSuchKernel {
        /// The kernel name asked for.
        name: String,
        /// The kernels the cubin does hold.
        have: Vec<String>,
    },
    #[error("the cubin has several kernels ({}); name one", .have.join(", "))]
    /// No kernel was named and the cubin holds more than one.
    Ambiguous {
        /// The kernels the cubin holds.
        have: Vec<String>,
    },
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
            constants: Vec::new(),
            shared_bytes: 0,
            params: Vec::new(),
            param_bytes: None,
        });
    }
    if out.is_empty() {
        return Err(CubinError::NoKernels);
    }
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        if let Some(owner) = name.strip_prefix(".nv.shared.") {
            let size = sec.size();
            for k in out.iter_mut().filter(|k| k.name == owner) {
                k.shared_bytes = size;
            }
            continue;
        }
        if let Some(owner) = name.strip_prefix(".nv.info.") {
            let Ok(data) = sec.data() else { continue };
            let (params, size) = param_info(data);
            for k in out.iter_mut().filter(|k| k.name == owner) {
                k.params = params.clone();
                k.param_bytes = size;
            }
            continue;
        }
        let Some(rest) = name.strip_prefix(".nv.constant") else {
            continue;
        };
        let (num, owner) = match rest.split_once('.') {
            Some((n, o)) => (n, Some(o)),
            None => (rest, None),
        };
        let Ok(bank) = num.parse::<u32>() else {
            continue;
        };
        if bank == 0 {
            continue;
        }
        let Ok(data) = sec.data() else { continue };
        for k in out.iter_mut().filter(|k| owner.is_none_or(|o| o == k.name)) {
            k.constants.push((bank, data.to_vec()));
        }
    }
    Ok(out)
}

/// The kernel named `name`, or the only kernel of the cubin when `name` is `None`.
pub fn kernel(bytes: &[u8], name: Option<&str>) -> Result<Kernel, CubinError> {
    let mut ks = kernels(bytes)?;
    let have = || ks.iter().map(|k| k.name.clone()).collect::<Vec<_>>();
    match name {
        Some(n) => match ks.iter().position(|k| k.name == n) {
            Some(i) => Ok(ks.swap_remove(i)),
            None => Err(CubinError::NoSuchKernel {
                name: n.to_string(),
                have: have(),
            }),
        },
        None if ks.len() == 1 => Ok(ks.swap_remove(0)),
        None => Err(CubinError::Ambiguous { have: have() }),
    }
}
