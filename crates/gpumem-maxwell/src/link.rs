//! Module-scope data of a cubin and the relocations of a kernel's code: what a launch
//! needs to run a kernel that uses a `__device__` or `__constant__` variable.
//!
//! ptxas leaves the address of a module variable open: the kernel's instructions carry
//! zero where the address goes and the `.rel.text.<kernel>` section says which field of
//! which instruction takes which part of which symbol's address (`MOV32I R2,
//! 32@lo(d_CallValue)`). The driver places the module's `.nv.global` (zero-initialised)
//! and `.nv.global.init` (initialised) sections in global memory and patches the fields.
//! [`Module::read`] collects the symbols, data sections and relocations; [`Module::link`]
//! patches a copy of the code once the caller has chosen where each data section lives.
//! `__constant__` variables need no relocation: ptxas addresses them as `c[0x3][offset]`
//! directly, so their symbols only say where in bank 3 they are.
//!
//! Relocation types (the names are `cuobjdump -elf`'s; the numbers the ELF `r_type`). The
//! committed CUDA samples use the text relocations 0x2a-0x2d and 0x30-0x32 and the data
//! relocation 0x01 (`tests/cuda-samples/relocations.tsv` counts them):
//!
//! | type | name | field | gpumem |
//! |---|---|---|---|
//! | 0x01 | `R_CUDA_32` | 32-bit word of a data section | the symbol's address, low 32 bits |
//! | 0x2a | `R_CUDA_ABS32_20` | bits 51..20 of an instruction | the address's low 32 bits |
//! | 0x2b | `R_CUDA_ABS32_LO_20` | bits 51..20 (`MOV32I`) | the address's low 32 bits |
//! | 0x2c | `R_CUDA_ABS32_HI_20` | bits 51..20 (`MOV32I`) | the address's high 32 bits |
//! | 0x2d | `R_CUDA_ABS24_20` | bits 43..20 | the address when it fits 24 bits |
//! | 0x30, 0x31 | `R_CUDA_FUNC_DESC32_LO_20`/`_HI_20` | a function descriptor | rejected |
//! | 0x32 | `R_CUDA_CONST_FIELD19_20` | a constant-bank offset field | rejected |
//!
//! A relocation against a function (a call: `JCAL vprintf`, a device-side launch) or an
//! undefined symbol is rejected: a launch runs one kernel's code and has no address for
//! other functions. Every field the committed cubins relocate holds zero before linking;
//! a non-zero field (an implicit addend whose meaning for split LO/HI pairs is not
//! documented) is rejected rather than guessed at.

use object::read::elf::{ElfFile64, SectionHeader};
use object::{
    Endianness, Object, ObjectSection, ObjectSymbol, RelocationFlags, SectionIndex, SymbolKind,
    SymbolSection,
};

/// What a relocation writes where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RelocKind {
    /// `R_CUDA_32` (0x01): a 32-bit little-endian word of a data section.
    Abs32,
    /// `R_CUDA_ABS32_20` (0x2a): bits 51..20 of an instruction take the address's low 32 bits.
    Abs32At20,
    /// `R_CUDA_ABS32_LO_20` (0x2b): bits 51..20 take the low 32 bits.
    Abs32Lo20,
    /// `R_CUDA_ABS32_HI_20` (0x2c): bits 51..20 take the high 32 bits.
    Abs32Hi20,
    /// `R_CUDA_ABS24_20` (0x2d): bits 43..20 take the address, which must fit 24 bits.
    Abs24At20,
    /// `R_CUDA_FUNC_DESC32_LO_20` (0x30): a function descriptor's low half (device-side launches).
    FuncDesc32Lo20,
    /// `R_CUDA_FUNC_DESC32_HI_20` (0x31): a function descriptor's high half.
    FuncDesc32Hi20,
    /// `R_CUDA_CONST_FIELD19_20` (0x32): the offset field of a constant operand.
    ConstField19At20,
    /// `R_CUDA_TEX_HEADER_INDEX` (0x06): a texture header index (in a constant bank).
    TexHeaderIndex,
    /// A type gpumem has no name for.
    Other(u32),
}

impl RelocKind {
    /// The kind of ELF relocation type `r_type`.
    pub fn from_type(r_type: u32) -> RelocKind {
        match r_type {
            0x01 => RelocKind::Abs32,
            0x06 => RelocKind::TexHeaderIndex,
            0x2a => RelocKind::Abs32At20,
            0x2b => RelocKind::Abs32Lo20,
            0x2c => RelocKind::Abs32Hi20,
            0x2d => RelocKind::Abs24At20,
            0x30 => RelocKind::FuncDesc32Lo20,
            0x31 => RelocKind::FuncDesc32Hi20,
            0x32 => RelocKind::ConstField19At20,
            t => RelocKind::Other(t),
        }
    }

    /// The ELF `r_type`.
    pub fn r_type(self) -> u32 {
        match self {
            RelocKind::Abs32 => 0x01,
            RelocKind::TexHeaderIndex => 0x06,
            RelocKind::Abs32At20 => 0x2a,
            RelocKind::Abs32Lo20 => 0x2b,
            RelocKind::Abs32Hi20 => 0x2c,
            RelocKind::Abs24At20 => 0x2d,
            RelocKind::FuncDesc32Lo20 => 0x30,
            RelocKind::FuncDesc32Hi20 => 0x31,
            RelocKind::ConstField19At20 => 0x32,
            RelocKind::Other(t) => t,
        }
    }

    /// The name `cuobjdump -elf` prints (`R_CUDA_0x..` for a type without one here).
    pub fn name(self) -> String {
        match self {
            RelocKind::Abs32 => "R_CUDA_32".into(),
            RelocKind::TexHeaderIndex => "R_CUDA_TEX_HEADER_INDEX".into(),
            RelocKind::Abs32At20 => "R_CUDA_ABS32_20".into(),
            RelocKind::Abs32Lo20 => "R_CUDA_ABS32_LO_20".into(),
            RelocKind::Abs32Hi20 => "R_CUDA_ABS32_HI_20".into(),
            RelocKind::Abs24At20 => "R_CUDA_ABS24_20".into(),
            RelocKind::FuncDesc32Lo20 => "R_CUDA_FUNC_DESC32_LO_20".into(),
            RelocKind::FuncDesc32Hi20 => "R_CUDA_FUNC_DESC32_HI_20".into(),
            RelocKind::ConstField19At20 => "R_CUDA_CONST_FIELD19_20".into(),
            RelocKind::Other(t) => format!("R_CUDA_{t:#04x}"),
        }
    }

    /// For the instruction relocations gpumem applies: the field's low bit, its width
    /// and which half of the address it takes (`true`: the high 32 bits).
    fn instruction_field(self) -> Option<(u32, u32, bool)> {
        match self {
            RelocKind::Abs32At20 | RelocKind::Abs32Lo20 => Some((20, 32, false)),
            RelocKind::Abs32Hi20 => Some((20, 32, true)),
            RelocKind::Abs24At20 => Some((20, 24, false)),
            _ => None,
        }
    }
}

/// Where a symbol lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymbolHome {
    /// In module data section `data[i]` of the [`Module`] (`.nv.global`, `.nv.global.init`).
    Global(usize),
    /// In constant bank `N` (`.nv.constantN`, a module section: `__constant__` data is bank 3).
    Constant(u32),
    /// A function (its own `.text.<name>` section).
    Function,
    /// Not defined in the cubin (`vprintf`, `malloc`, the device runtime).
    Undefined,
    /// Any other section (shared memory, a kernel's own constant bank), by name.
    Other(String),
}

/// A symbol of the cubin's `.symtab`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Its name (`d_CallValue`, `$str`).
    pub name: String,
    /// Its section.
    pub home: SymbolHome,
    /// Byte offset in the section (`st_value`).
    pub offset: u64,
    /// Bytes (`st_size`).
    pub size: u64,
}

/// A relocation: a field at `offset` of a section takes part of `symbol`'s address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relocation {
    /// Byte offset in the relocated section (for code: the instruction's address).
    pub offset: u64,
    /// What is written.
    pub kind: RelocKind,
    /// Index in [`Module::symbols`].
    pub symbol: usize,
}

/// A module data section placed in global memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSection {
    /// `.nv.global` or `.nv.global.init`.
    pub name: String,
    /// Its initial bytes (zeros for `.nv.global`, which the file does not store).
    pub bytes: Vec<u8>,
    /// Alignment the section asks for (`sh_addralign`, at least 1).
    pub align: u64,
    /// Relocations of its words (`.rel.nv.global.init`: pointers to other symbols).
    pub relocations: Vec<Relocation>,
}

/// The module-scope state one kernel of a cubin needs: every symbol, the global data
/// sections, and the relocations of the kernel's code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Module {
    /// The `.symtab` symbols that name objects or functions (section symbols left out).
    pub symbols: Vec<Symbol>,
    /// `.nv.global` and `.nv.global.init`, in section order.
    pub data: Vec<DataSection>,
    /// The relocations of the kernel's `.text.<kernel>` section.
    pub text_relocations: Vec<Relocation>,
    /// The relocations of the kernel's parameter bank image (`.nv.constant0.<kernel>`):
    /// `R_CUDA_TEX_HEADER_INDEX` words where the driver puts the handle of the texture
    /// a texture reference is bound to (ptxas reads it as a texture index, as it reads
    /// a `cudaTextureObject_t` parameter).
    pub constant_relocations: Vec<Relocation>,
}

/// Why a kernel's code or a module's data cannot be linked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// The bytes are not an ELF file the reader understands.
    #[error("not a 64-bit ELF file: {0}")]
    Elf(String),
    /// A relocation of a type gpumem does not apply.
    #[error(
        "{section}+{offset:#x}: relocation {} against `{symbol}` is not supported ({why})",
        kind.name()
    )]
    Unsupported {
        /// The relocated section.
        section: String,
        /// Byte offset in it.
        offset: u64,
        /// The relocation's type.
        kind: RelocKind,
        /// Its symbol.
        symbol: String,
        /// Why.
        why: String,
    },
    /// A relocation whose field or target is out of range.
    #[error("{section}+{offset:#x}: {} against `{symbol}`: {why}", kind.name())]
    Bad {
        /// The relocated section.
        section: String,
        /// Byte offset in it.
        offset: u64,
        /// The relocation's type.
        kind: RelocKind,
        /// Its symbol.
        symbol: String,
        /// What is wrong.
        why: String,
    },
}

/// The largest module data section read (bytes); a larger `.nv.global` is an error.
pub const MAX_DATA_BYTES: u64 = 256 << 20;

impl Module {
    /// Reads the symbols, global data sections and the relocations of kernel `kernel`'s
    /// code (none when the kernel has no `.rel.text.<kernel>` section).
    pub fn read(bytes: &[u8], kernel: &str) -> Result<Module, LinkError> {
        let file =
            ElfFile64::<Endianness>::parse(bytes).map_err(|e| LinkError::Elf(e.to_string()))?;
        let endian = file.endian();
        let mut m = Module::default();
        // Data sections by ELF section index.
        let mut data_of: Vec<(SectionIndex, usize)> = Vec::new();
        for sec in file.sections() {
            let Ok(name) = sec.name() else { continue };
            if name != ".nv.global" && name != ".nv.global.init" {
                continue;
            }
            let hdr = sec.elf_section_header();
            let size = hdr.sh_size(endian);
            if size > MAX_DATA_BYTES {
                return Err(LinkError::Elf(format!(
                    "{name} is {size} bytes (at most {MAX_DATA_BYTES} are read)"
                )));
            }
            let bytes = if name == ".nv.global" {
                vec![0; size as usize]
            } else {
                let d = sec.data().map_err(|e| LinkError::Elf(e.to_string()))?;
                let mut v = d.to_vec();
                v.resize(size as usize, 0);
                v
            };
            data_of.push((sec.index(), m.data.len()));
            m.data.push(DataSection {
                name: name.to_string(),
                bytes,
                align: hdr.sh_addralign(endian).max(1),
                relocations: Vec::new(),
            });
        }
        // Symbols; `index_of` maps the ELF symbol index to ours.
        let mut index_of = std::collections::HashMap::new();
        for sym in file.symbols() {
            if sym.kind() == SymbolKind::Section {
                continue;
            }
            let Ok(name) = sym.name() else { continue };
            if name.is_empty() {
                continue;
            }
            let home = match sym.section() {
                SymbolSection::Section(i) => {
                    if let Some(&(_, d)) = data_of.iter().find(|(s, _)| *s == i) {
                        SymbolHome::Global(d)
                    } else if sym.kind() == SymbolKind::Text {
                        SymbolHome::Function
                    } else {
                        let sname = file
                            .section_by_index(i)
                            .ok()
                            .and_then(|s| s.name().ok().map(str::to_string))
                            .unwrap_or_default();
                        match sname
                            .strip_prefix(".nv.constant")
                            .and_then(|n| n.parse::<u32>().ok())
                        {
                            Some(bank) => SymbolHome::Constant(bank),
                            None => SymbolHome::Other(sname),
                        }
                    }
                }
                SymbolSection::Undefined => SymbolHome::Undefined,
                _ => SymbolHome::Other(String::new()),
            };
            index_of.insert(sym.index(), m.symbols.len());
            m.symbols.push(Symbol {
                name: name.to_string(),
                home,
                offset: sym.address(),
                size: sym.size(),
            });
        }
        let text = format!(".text.{kernel}");
        let constant0 = format!(".nv.constant0.{kernel}");
        for sec in file.sections() {
            let Ok(name) = sec.name() else { continue };
            let data = data_of.iter().find(|(s, _)| *s == sec.index()).map(|p| p.1);
            if name != text && name != constant0 && data.is_none() {
                continue;
            }
            let mut list = Vec::new();
            for (offset, r) in sec.relocations() {
                let RelocationFlags::Elf { r_type } = r.flags() else {
                    continue;
                };
                let symbol = match r.target() {
                    object::RelocationTarget::Symbol(s) => index_of.get(&s).copied(),
                    _ => None,
                };
                let kind = RelocKind::from_type(r_type);
                let Some(symbol) = symbol else {
                    return Err(LinkError::Unsupported {
                        section: name.to_string(),
                        offset,
                        kind,
                        symbol: String::new(),
                        why: "its target is not a named symbol".into(),
                    });
                };
                list.push(Relocation {
                    offset,
                    kind,
                    symbol,
                });
            }
            match data {
                Some(d) => m.data[d].relocations = list,
                None if name == constant0 => m.constant_relocations = list,
                None => m.text_relocations = list,
            }
        }
        Ok(m)
    }

    /// The symbol named `name`.
    pub fn symbol(&self, name: &str) -> Option<&Symbol> {
        self.symbols.iter().find(|s| s.name == name)
    }

    /// The global address of a symbol, given the base address of each data section
    /// (`bases[i]` for `data[i]`); `None` for symbols outside global memory.
    pub fn address(&self, sym: &Symbol, bases: &[u64]) -> Option<u64> {
        match sym.home {
            SymbolHome::Global(d) => bases.get(d).map(|b| b.wrapping_add(sym.offset)),
            _ => None,
        }
    }

    /// Whether the kernel's code refers to module data (it then needs [`Module::link`]).
    pub fn needs_link(&self) -> bool {
        !self.text_relocations.is_empty()
    }

    /// The kernel's `code` with every relocation applied, the data sections placed at
    /// `bases` (one address per entry of [`Module::data`]). Errors name the section,
    /// the offset, the relocation and its symbol.
    pub fn link(&self, kernel: &str, code: &[u8], bases: &[u64]) -> Result<Vec<u8>, LinkError> {
        self.link_with_externs(kernel, code, bases, &[])
    }

    /// [`Module::link`], with calls (`R_CUDA_ABS32_20`, `JCAL`) to the undefined
    /// functions named in `externs` linked to the address given with each: the client's
    /// executor serves `JCAL` of those addresses itself (the device layer's `vprintf`,
    /// `__assertfail`, `malloc`, `free`: `gpumem_warp::devcall`).
    pub fn link_with_externs(
        &self,
        kernel: &str,
        code: &[u8],
        bases: &[u64],
        externs: &[(&str, u64)],
    ) -> Result<Vec<u8>, LinkError> {
        let mut out = code.to_vec();
        let section = format!(".text.{kernel}");
        for r in &self.text_relocations {
            let sym = &self.symbols[r.symbol.min(self.symbols.len().saturating_sub(1))];
            let ext = externs
                .iter()
                .find(|(n, _)| *n == sym.name)
                .filter(|_| sym.home == SymbolHome::Undefined && r.kind == RelocKind::Abs32At20);
            let (sym, target) = match ext {
                Some(&(_, a)) => (sym, a),
                None => self.target(r, &section, bases)?,
            };
            let bad = |why: String| LinkError::Bad {
                section: section.clone(),
                offset: r.offset,
                kind: r.kind,
                symbol: sym.name.clone(),
                why,
            };
            let Some((lo, width, high)) = r.kind.instruction_field() else {
                return Err(LinkError::Unsupported {
                    section: section.clone(),
                    offset: r.offset,
                    kind: r.kind,
                    symbol: sym.name.clone(),
                    why: "gpumem applies only R_CUDA_ABS32_20/_LO_20/_HI_20 and R_CUDA_ABS24_20 to code".into(),
                });
            };
            let at = r.offset as usize;
            let Some(word) = out
                .get(at..at.wrapping_add(8))
                .filter(|_| at.is_multiple_of(8))
            else {
                return Err(bad(format!(
                    "the offset is not an instruction of the {}-byte section",
                    out.len()
                )));
            };
            let mut w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
            let mask = ((1u64 << width) - 1) << lo;
            if w & mask != 0 {
                return Err(bad(format!(
                    "the field already holds {:#x} (an implicit addend gpumem does not read)",
                    (w & mask) >> lo
                )));
            }
            let value = if high {
                target >> 32
            } else {
                target & 0xffff_ffff
            };
            if value >> width != 0 {
                return Err(bad(format!(
                    "the address {target:#x} does not fit the {width}-bit field"
                )));
            }
            w |= value << lo;
            out[at..at + 8].copy_from_slice(&w.to_le_bytes());
        }
        Ok(out)
    }

    /// The contents of data section `d` with its own relocations applied (pointers to
    /// module symbols), the sections placed at `bases`.
    pub fn data_bytes(&self, d: usize, bases: &[u64]) -> Result<Vec<u8>, LinkError> {
        let Some(sec) = self.data.get(d) else {
            return Ok(Vec::new());
        };
        let mut out = sec.bytes.clone();
        for r in &sec.relocations {
            let (sym, target) = self.target(r, &sec.name, bases)?;
            let at = r.offset as usize;
            if r.kind != RelocKind::Abs32 {
                return Err(LinkError::Unsupported {
                    section: sec.name.clone(),
                    offset: r.offset,
                    kind: r.kind,
                    symbol: sym.name.clone(),
                    why: "gpumem applies only R_CUDA_32 to data".into(),
                });
            }
            let Some(slot) = out.get_mut(at..at.wrapping_add(4)) else {
                return Err(LinkError::Bad {
                    section: sec.name.clone(),
                    offset: r.offset,
                    kind: r.kind,
                    symbol: sym.name.clone(),
                    why: format!("the offset passes the {}-byte section", sec.bytes.len()),
                });
            };
            slot.copy_from_slice(&(target as u32).to_le_bytes());
        }
        Ok(out)
    }

    /// A relocation's symbol and its address; errors for symbols without one.
    fn target(
        &self,
        r: &Relocation,
        section: &str,
        bases: &[u64],
    ) -> Result<(&Symbol, u64), LinkError> {
        let sym = &self.symbols[r.symbol.min(self.symbols.len().saturating_sub(1))];
        let unsupported = |why: &str| LinkError::Unsupported {
            section: section.to_string(),
            offset: r.offset,
            kind: r.kind,
            symbol: sym.name.clone(),
            why: why.to_string(),
        };
        match &sym.home {
            SymbolHome::Global(_) => self
                .address(sym, bases)
                .map(|a| (sym, a))
                .ok_or_else(|| unsupported("its data section has no address")),
            SymbolHome::Function => Err(unsupported(
                "it is a function: a launch runs one kernel's code and has no address for others",
            )),
            SymbolHome::Undefined => Err(unsupported(
                "the cubin does not define it (a device library function such as vprintf or malloc)",
            )),
            SymbolHome::Constant(b) => Err(unsupported(&format!(
                "it lives in constant bank {b}, which has no global address"
            ))),
            SymbolHome::Other(s) => Err(unsupported(&format!(
                "it lives in section `{s}`, which gpumem does not place"
            ))),
        }
    }
}

/// One relocation as a census lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusEntry {
    /// The relocated section (`.text.<kernel>`, `.nv.global.init`, ...).
    pub section: String,
    /// Byte offset in it.
    pub offset: u64,
    /// The symbol's name (empty when the target is not a named symbol).
    pub symbol: String,
    /// The relocation's type.
    pub kind: RelocKind,
}

/// Every relocation of a cubin, in section order (the census that
/// `crates/gpumem-maxwell/tests/relocations.rs` compares with `cuobjdump -elf`).
pub fn relocation_census(bytes: &[u8]) -> Result<Vec<CensusEntry>, LinkError> {
    let file = ElfFile64::<Endianness>::parse(bytes).map_err(|e| LinkError::Elf(e.to_string()))?;
    let mut out = Vec::new();
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        for (offset, r) in sec.relocations() {
            let RelocationFlags::Elf { r_type } = r.flags() else {
                continue;
            };
            let symbol = match r.target() {
                object::RelocationTarget::Symbol(s) => file
                    .symbol_by_index(s)
                    .ok()
                    .and_then(|s| s.name().ok().map(str::to_string))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            out.push(CensusEntry {
                section: name.to_string(),
                offset,
                symbol,
                kind: RelocKind::from_type(r_type),
            });
        }
    }
    Ok(out)
}
