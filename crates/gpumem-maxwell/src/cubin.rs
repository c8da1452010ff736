//! Reading kernels out of a cubin (CUDA ELF).

use crate::Target;
use object::read::elf::{ElfFile64, SectionHeader};
use object::{Endianness, Object, ObjectSection};

/// One kernel's code: its name and raw instruction stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The kernel's name: the `<kernel>` of its `.text.<kernel>` section.
    pub name: String,
    /// Contents of the `.text.<kernel>` section: 32-byte bundles of a control word and three instructions.
    pub code: Vec<u8>,
    /// The `sm_NN` the cubin's ELF flags name (bits 7..0 of `e_flags`): 50, 52 or 53.
    pub sm: u32,
    /// The cubin's ELF header flags.
    pub flags: HeaderFlags,
    /// The table the code decodes with: sm_50 for sm_50, sm_52 for sm_52 and sm_53, each
    /// Pascal SM for itself.
    pub target: Target,
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

/// The ELF header flags (`e_flags`) of a cubin, as CUDA 11.8's tools read them: the
/// SM in bits 7..0, the virtual (PTX) SM in bits 23..16, and single-bit flags.
///
/// `Display` is nvdisasm 11.8's `.headerflags` text of the flags; the cubin test
/// `crates/gpumem-maxwell/tests/cubin_info.rs` holds it against nvdisasm.
///
/// ```
/// use gpumem_maxwell::cubin::HeaderFlags;
/// let f = HeaderFlags(0x0034_0534);
/// assert_eq!(f.sm(), 52);
/// assert_eq!(
///     f.to_string(),
///     "EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM52 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM52)"
/// );
/// assert_eq!(f.cuobjdump_text(), "EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeaderFlags(pub u32);

/// The single-bit flags nvdisasm names, in the order it prints them.
const FLAG_NAMES: [(u32, &str); 5] = [
    (0x100, "EF_CUDA_TEXMODE_UNIFIED"),
    (0x200, "EF_CUDA_TEXMODE_INDEPENDENT"),
    (0x400, "EF_CUDA_64BIT_ADDRESS"),
    (0x800, "EF_CUDA_SW_1729687"),
    (0x1000, "EF_CUDA_SW_1729687_v2"),
];

/// The SM numbers nvdisasm 11.8 names (`EF_CUDA_SMnn`) in either SM field; any other
/// virtual SM it prints as `unrecognized:xx`, and it refuses a file whose SM field is
/// none of them ("does not contain Cuda architecture information").
const KNOWN_SMS: [u32; 24] = [
    10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90,
];

/// Bit 31 of `e_flags`: nvdisasm 11.8 refuses such a file ("not a supported Elf file").
const FLAG_BIT31: u32 = 0x8000_0000;

impl HeaderFlags {
    /// The SM the code is for (bits 7..0).
    pub fn sm(self) -> u32 {
        self.0 & 0xff
    }

    /// The virtual SM (PTX `.target`) it was compiled from (bits 23..16); 0 when unset.
    pub fn virtual_sm(self) -> u32 {
        (self.0 >> 16) & 0xff
    }

    /// cuobjdump -sass's `.headerflags` text, which names the SM alone:
    /// `EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)`.
    pub fn cuobjdump_text(self) -> String {
        let sm = self.sm();
        format!("EF_CUDA_SM{sm} EF_CUDA_PTX_SM(EF_CUDA_SM{sm})")
    }

    /// The table gpumem decodes this cubin's code with, or why it cannot. sm_53 (Tegra
    /// X1) is the Maxwell encoding of sm_52 plus the f16x2 rows the SM52 table already
    /// holds (docs/07-architectures.md), so it reads as [`Target::Sm52`]; sm_60, sm_61
    /// and sm_62 (Pascal) read as themselves.
    pub fn target(self) -> Result<Target, CubinError> {
        if self.0 & FLAG_BIT31 == 0
            && let Some(t) = Target::from_sm(self.sm())
        {
            return Ok(t);
        }
        Err(CubinError::Arch { flags: self })
    }
}

impl std::fmt::Display for HeaderFlags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts: Vec<String> = FLAG_NAMES
            .iter()
            .filter(|(bit, _)| self.0 & bit != 0)
            .map(|(_, name)| name.to_string())
            .collect();
        parts.push(sm_name(self.sm()));
        match self.virtual_sm() {
            0 => {}
            v if KNOWN_SMS.contains(&v) => parts.push(format!("EF_CUDA_VIRTUAL_SM(EF_CUDA_SM{v})")),
            v => parts.push(format!("unrecognized:{v:x}")),
        }
        let rest = self.0 & 0xff00_e000;
        if rest != 0 {
            parts.push(format!("unrecognized:{rest:x}"));
        }
        f.write_str(&parts.join(" "))
    }
}

/// `EF_CUDA_SMnn` for an SM nvdisasm names, else `unrecognized:xx`.
fn sm_name(sm: u32) -> String {
    if KNOWN_SMS.contains(&sm) {
        format!("EF_CUDA_SM{sm}")
    } else {
        format!("unrecognized:{sm:x}")
    }
}

/// NVIDIA's name for the architecture of an SM number.
fn family(sm: u32) -> Option<&'static str> {
    Some(match sm {
        10..=13 => "Tesla",
        20 | 21 => "Fermi",
        30..=37 => "Kepler",
        50..=53 => "Maxwell",
        60..=62 => "Pascal",
        70 | 72 => "Volta",
        75 => "Turing",
        80 | 86 | 87 => "Ampere",
        89 => "Ada",
        90 => "Hopper",
        _ => return None,
    })
}

/// Why a cubin's flags are refused: the SM found and what to do.
fn arch_message(flags: HeaderFlags) -> String {
    let sm = flags.sm();
    let what = match family(sm) {
        _ if flags.0 & FLAG_BIT31 != 0 => format!(
            "e_flags {:#010x} set bit 31, a cubin layout CUDA 11.8 does not read (a newer CUDA's cubin?)",
            flags.0
        ),
        Some(fam) if KNOWN_SMS.contains(&sm) => format!(
            "a cubin for sm_{sm} ({fam}; e_flags {:#010x}: {flags})",
            flags.0
        ),
        _ => format!(
            "e_flags {:#010x} name sm_{sm} (bits 7..0), an SM CUDA 11.8 does not know (a newer CUDA's cubin? from sm_100 on the SM is in bits 15..8, here {})",
            flags.0,
            (flags.0 >> 8) & 0xff
        ),
    };
    format!(
        "{what}; gpumem models Maxwell sm_50, sm_52, sm_53 and Pascal sm_60, sm_61, sm_62 only: recompile for one of them, e.g. `nvcc -cubin -arch=sm_61` or `ptxas -arch=sm_52` (from PTX whose .target is that SM or lower)"
    )
}

/// Why an ELF file for another machine is not a cubin, and what to do.
fn machine_message(machine: u16) -> String {
    use gpumem_isa::elf::{EM_AMDGPU, EM_X86_64};
    match machine {
        EM_AMDGPU => "an AMDGPU code object (ELF machine 224), not an NVIDIA cubin (ELF machine 190): it is Vega code; read it with `--isa vega` (or none: `gpumem dis` names the ISA from the header), run it from a manifest with isa = \"vega\"".into(),
        EM_X86_64 => "an x86-64 host object or executable (ELF machine 62), not an NVIDIA cubin (ELF machine 190): compile the device code alone with `nvcc -cubin -arch=sm_52`, or extract it with `cuobjdump -xelf all`".into(),
        m => format!("an ELF file for machine {m}, not an NVIDIA cubin (ELF machine 190): give gpumem a cubin from `nvcc -cubin -arch=sm_52` or `ptxas -arch=sm_52`"),
    }
}

/// `.nv.info` record formats: `EIFMT_NVAL` (no value), `EIFMT_BVAL` (a byte) and
/// `EIFMT_HVAL` (16 bits) sit in the record's 16-bit field; `EIFMT_SVAL` is followed by
/// a payload of that 16-bit length.
const EIFMT_NVAL: u8 = 0x01;
const EIFMT_HVAL: u8 = 0x03;
const EIFMT_SVAL: u8 = 0x04;
/// `EIATTR_KPARAM_INFO`: one parameter's ordinal, offset and size.
const EIATTR_KPARAM_INFO: u8 = 0x17;
/// `EIATTR_CBANK_PARAM_SIZE`: the parameter block's size.
const EIATTR_CBANK_PARAM_SIZE: u8 = 0x19;

/// nvdisasm 11.8's names of the `.nv.info` attributes, by code (its `nvinfo : NAME`
/// lines and "'NAME' runs out of data" errors; 0x0f and 0x14, which it did not print,
/// from the public EIATTR list).
const EIATTR_NAMES: [&str; 0x41] = [
    "ERROR",
    "PAD",
    "IMAGE_SLOT",
    "JUMPTABLE_RELOCS",
    "CTAIDZ_USED",
    "MAX_THREADS",
    "IMAGE_OFFSET",
    "IMAGE_SIZE",
    "TEXTURE_NORMALIZED",
    "SAMPLER_INIT",
    "PARAM_CBANK",
    "SMEM_PARAM_OFFSETS",
    "CBANK_PARAM_OFFSETS",
    "SYNC_STACK",
    "TEXID_SAMPID_MAP",
    "EXTERNS",
    "REQNTID",
    "FRAME_SIZE",
    "MIN_STACK_SIZE",
    "SAMPLER_FORCE_UNNORMALIZED",
    "BINDLESS_IMAGE_OFFSETS",
    "BINDLESS_TEXTURE_BANK",
    "BINDLESS_SURFACE_BANK",
    "KPARAM_INFO",
    "SMEM_PARAM_SIZE",
    "CBANK_PARAM_SIZE",
    "QUERY_NUMATTRIB",
    "MAXREG_COUNT",
    "EXIT_INSTR_OFFSETS",
    "S2RCTAID_INSTR_OFFSETS",
    "CRS_STACK_SIZE",
    "NEED_CNP_WRAPPER",
    "NEED_CNP_PATCH",
    "EXPLICIT_CACHING",
    "ISTYPEP_USED",
    "MAX_STACK_SIZE",
    "SUQ_USED",
    "LD_CACHEMOD_INSTR_OFFSETS",
    "LOAD_CACHE_REQUEST",
    "ATOM_SYS_INSTR_OFFSETS",
    "COOP_GROUP_INSTR_OFFSETS",
    "COOP_GROUP_MASK_REGIDS",
    "SW1850030_WAR",
    "WMMA_USED",
    "HAS_PRE_V10_OBJECT",
    "ATOMF16_EMUL_INSTR_OFFSETS",
    "ATOM16_EMUL_INSTR_REG_MAP",
    "REGCOUNT",
    "SW2393858_WAR",
    "INT_WARP_WIDE_INSTR_OFFSETS",
    "SHARED_SCRATCH",
    "STATISTICS",
    "INDIRECT_BRANCH_TARGETS",
    "SW2861232_WAR",
    "SW_WAR",
    "CUDA_API_VERSION",
    "NUM_MBARRIERS",
    "MBARRIER_INSTR_OFFSETS",
    "COROUTINE_RESUME_ID_OFFSETS",
    "SAM_REGION_STACK_SIZE",
    "PER_REG_TARGET_PERF_STATS",
    "CTA_PER_CLUSTER",
    "EXPLICIT_CLUSTER",
    "MAX_CLUSTER_RANK",
    "INSTR_REG_MAP",
];

/// `EIATTR_NAME` of attribute code `attr` (`EIATTR 0xNN` for a code nvdisasm 11.8 does
/// not know).
pub fn eiattr_name(attr: u8) -> String {
    match EIATTR_NAMES.get(attr as usize) {
        Some(n) => format!("EIATTR_{n}"),
        None => format!("EIATTR {attr:#04x}"),
    }
}

/// The parameter list and block size an `.nv.info.<kernel>` section describes, every
/// record checked. Records are `fmt, attr, u16` then, for `EIFMT_SVAL`, the payload;
/// `KPARAM_INFO`'s payload is `index u32, ordinal u16, offset u16, flags u32` with the
/// size in bits 31..18 of the flags. `section` names the section in errors.
fn param_info(section: &str, info: &[u8]) -> Result<(Vec<KernelParam>, Option<u32>), CubinError> {
    let bad = |offset: usize, attr: Option<u8>, problem: String| CubinError::NvInfo {
        section: section.to_string(),
        offset,
        attr: attr.map(eiattr_name),
        problem,
    };
    // Each parameter with the offset of its record.
    let mut params: Vec<(KernelParam, usize)> = Vec::new();
    let mut size = None;
    let mut i = 0usize;
    while i < info.len() {
        let Some(head) = info.get(i..i + 4) else {
            return Err(bad(
                i,
                info.get(i + 1).copied(),
                format!(
                    "the record is cut short: {} byte(s) left of its 4-byte header",
                    info.len() - i
                ),
            ));
        };
        let (fmt, attr) = (head[0], head[1]);
        let half = u16::from_le_bytes([head[2], head[3]]);
        if !(EIFMT_NVAL..=EIFMT_SVAL).contains(&fmt) {
            return Err(bad(
                i,
                Some(attr),
                format!("format byte {fmt:#04x} is none of EIFMT_NVAL, BVAL, HVAL, SVAL (1 to 4)"),
            ));
        }
        let body = if fmt == EIFMT_SVAL {
            let Some(body) = info.get(i + 4..i + 4 + half as usize) else {
                return Err(bad(
                    i,
                    Some(attr),
                    format!(
                        "runs out of data: it declares {half} bytes, the section has {} left",
                        info.len() - i - 4
                    ),
                ));
            };
            Some(body)
        } else {
            None
        };
        match (attr, body) {
            (EIATTR_CBANK_PARAM_SIZE, None) if fmt == EIFMT_HVAL => size = Some(half as u32),
            (EIATTR_KPARAM_INFO, Some(b)) if b.len() == 12 => {
                let flags = u32::from_le_bytes([b[8], b[9], b[10], b[11]]);
                let p = KernelParam {
                    ordinal: u16::from_le_bytes([b[4], b[5]]) as u32,
                    offset: u16::from_le_bytes([b[6], b[7]]) as u32,
                    size: flags >> 18,
                };
                params.push((p, i));
            }
            (EIATTR_CBANK_PARAM_SIZE, _) => {
                return Err(bad(
                    i,
                    Some(attr),
                    format!("format {fmt:#04x}, not EIFMT_HVAL (0x03, a 16-bit value)"),
                ));
            }
            (EIATTR_KPARAM_INFO, b) => {
                return Err(bad(
                    i,
                    Some(attr),
                    format!(
                        "a payload of {} bytes, not the 12 of index, ordinal, offset and flags",
                        b.map_or(0, <[u8]>::len)
                    ),
                ));
            }
            _ => {}
        }
        i += 4 + body.map_or(0, <[u8]>::len);
    }
    params.sort_by_key(|(p, _)| p.ordinal);
    for w in params.windows(2) {
        if w[0].0.ordinal == w[1].0.ordinal {
            return Err(bad(
                w[1].1,
                Some(EIATTR_KPARAM_INFO),
                format!("parameter ordinal {} is listed twice", w[0].0.ordinal),
            ));
        }
    }
    if let Some(block) = size
        && let Some((p, at)) = params.iter().find(|(p, _)| p.offset + p.size > block)
    {
        return Err(bad(
            *at,
            Some(EIATTR_KPARAM_INFO),
            format!(
                "parameter {} (offset {:#x}, {} bytes) ends beyond the {block}-byte block of EIATTR_CBANK_PARAM_SIZE",
                p.ordinal, p.offset, p.size
            ),
        ));
    }
    Ok((params.into_iter().map(|(p, _)| p).collect(), size))
}

#[derive(Debug, thiserror::Error)]
/// Why a kernel could not be read out of a cubin.
pub enum CubinError {
    /// The ELF header or section table is truncated or not ELF64 little-endian.
    #[error(transparent)]
    Elf(#[from] gpumem_isa::elf::ElfError),
    /// The `object` crate cannot read the ELF structures (symbols, section names).
    #[error("a corrupt ELF file: {0}")]
    Object(#[from] object::Error),
    /// The ELF file is not for `EM_CUDA`.
    #[error("{}", machine_message(*.0))]
    NotCubin(u16),
    /// The cubin is for an SM gpumem does not model.
    #[error("{}", arch_message(*.flags))]
    Arch {
        /// The cubin's `e_flags`.
        flags: HeaderFlags,
    },
    /// An `.nv.info` record is malformed.
    #[error(
        "section {section}, offset {offset:#x}{}: {problem}; the cubin is corrupt: rebuild it with ptxas or nvcc",
        .attr.as_ref().map(|a| format!(", {a}")).unwrap_or_default()
    )]
    NvInfo {
        /// The section (`.nv.info` or `.nv.info.<kernel>`).
        section: String,
        /// Byte offset of the record in the section.
        offset: usize,
        /// The attribute's name, when its byte is there.
        attr: Option<String>,
        /// What is wrong.
        problem: String,
    },
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
    gpumem_isa::elf::is_elf(bytes)
}

/// The header flags of the cubin `bytes` and the table its code decodes with: the file
/// is a whole ELF64 file for `EM_CUDA` and names sm_50, sm_52, sm_53, sm_60, sm_61 or sm_62,
/// or this is why
/// not.
pub fn arch(bytes: &[u8]) -> Result<(HeaderFlags, Target), CubinError> {
    let h = gpumem_isa::elf::header(bytes)?;
    if h.machine != gpumem_isa::elf::EM_CUDA {
        return Err(CubinError::NotCubin(h.machine));
    }
    let flags = HeaderFlags(h.flags);
    Ok((flags, flags.target()?))
}

/// Every `.text.<name>` section of the cubin, in section order. The file must be a
/// cubin for an SM gpumem models ([`arch`]) with well-formed `.nv.info` sections.
pub fn kernels(bytes: &[u8]) -> Result<Vec<Kernel>, CubinError> {
    let (flags, target) = arch(bytes)?;
    let file = ElfFile64::<Endianness>::parse(bytes)?;
    let endian = file.endian();
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
            sm: flags.sm(),
            flags,
            target,
            registers,
            constants: Vec::new(),
            shared_bytes: 0,
            params: Vec::new(),
            param_bytes: None,
        });
    }
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        if name == ".nv.info" {
            param_info(name, sec.data()?)?;
            continue;
        }
        if out.is_empty() {
            continue;
        }
        if let Some(owner) = name.strip_prefix(".nv.shared.") {
            let size = sec.size();
            for k in out.iter_mut().filter(|k| k.name == owner) {
                k.shared_bytes = size;
            }
            continue;
        }
        if let Some(owner) = name.strip_prefix(".nv.info.") {
            let (params, size) = param_info(name, sec.data()?)?;
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
        let data = sec.data()?;
        for k in out.iter_mut().filter(|k| owner.is_none_or(|o| o == k.name)) {
            k.constants.push((bank, data.to_vec()));
        }
    }
    if out.is_empty() {
        return Err(CubinError::NoKernels);
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
