//! Modules: cubins (directly or out of a fat binary), their kernels and module variables.

use crate::fatbin;
use crate::{AllocKind, Context, DeviceError};
use gpumem_maxwell::cubin::{self, KernelParam};
use gpumem_maxwell::link::{self, SymbolHome};
use gpumem_warp::{DeviceCall, Program};
use object::{Object, ObjectSection};
use std::collections::BTreeMap;

/// A module handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleId(pub u32);

/// What a launch needs to know about a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    /// Its (mangled) name.
    pub name: String,
    /// Registers per thread.
    pub registers: u32,
    /// Static shared memory per CTA (bytes).
    pub shared_bytes: u64,
    /// Parameters, in order, at their offsets from `.nv.info`.
    pub params: Vec<KernelParam>,
    /// Bytes of the parameter block, when `.nv.info` gives it.
    pub param_bytes: Option<u32>,
    /// The SM of its SASS.
    pub sm: u32,
}

/// Where a module variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolPlace {
    /// Global memory (`__device__`): its address.
    Global(u64),
    /// A constant bank (`__constant__`: bank 3) at a byte offset.
    Constant {
        /// The bank.
        bank: u32,
        /// Byte offset in it.
        offset: u64,
    },
}

/// A module variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Its name.
    pub name: String,
    /// Bytes.
    pub size: u64,
    /// Where it lives.
    pub place: SymbolPlace,
}

pub(crate) struct Kernel {
    pub info: KernelInfo,
    /// Constant banks the kernel owns (`.nv.constantN.<kernel>`, N > 0).
    pub constants: Vec<(u32, Vec<u8>)>,
    /// Its code linked against the module's data, or why it cannot be.
    pub program: Result<Program, String>,
    /// Whether it calls the device heap's `malloc` or `free`.
    pub uses_heap: bool,
    /// Texture references it reads: (byte offset in bank 0, the reference's name); the
    /// launch writes the bound texture's handle there (0 when unbound).
    pub texture_refs: Vec<(u64, String)>,
}

pub(crate) struct Loaded {
    pub kernels: Vec<Kernel>,
    pub symbols: Vec<Symbol>,
    /// The module-wide constant banks (`.nv.constantN`, N > 0), written at each launch.
    pub banks: BTreeMap<u32, Vec<u8>>,
    /// The allocations holding its global data sections.
    pub allocations: Vec<u64>,
}

impl Loaded {
    pub fn kernel(&self, module: ModuleId, name: &str) -> Result<&Kernel, DeviceError> {
        self.kernels
            .iter()
            .find(|k| k.info.name == name)
            .ok_or_else(|| DeviceError::NoSuchKernel {
                module: module.0,
                name: name.to_string(),
                have: self.kernels.iter().map(|k| k.info.name.clone()).collect(),
            })
    }

    pub fn symbol(&self, module: ModuleId, name: &str) -> Result<&Symbol, DeviceError> {
        self.symbols
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| DeviceError::NoSuchSymbol {
                module: module.0,
                name: name.to_string(),
                have: self.symbols.iter().map(|s| s.name.clone()).collect(),
            })
    }
}

/// The module-wide constant sections (`.nv.constantN` without a kernel suffix, N > 0).
fn module_banks(bytes: &[u8]) -> Result<BTreeMap<u32, Vec<u8>>, DeviceError> {
    let file = object::File::parse(bytes).map_err(|e| DeviceError::Cubin(e.to_string()))?;
    let mut out = BTreeMap::new();
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        let Some(n) = name.strip_prefix(".nv.constant") else {
            continue;
        };
        let Ok(bank) = n.parse::<u32>() else { continue };
        if bank == 0 {
            continue;
        }
        let data = sec.data().map_err(|e| DeviceError::Cubin(e.to_string()))?;
        let mut v = data.to_vec();
        v.resize(sec.size() as usize, 0);
        out.insert(bank, v);
    }
    Ok(out)
}

impl Context {
    /// Loads a cubin, a fat binary (its best entry for the device's SM: see
    /// [`fatbin::select`]) or a host ELF file with a `.nv_fatbin` section.
    pub fn load(&mut self, bytes: &[u8]) -> Result<ModuleId, DeviceError> {
        if fatbin::is_fatbin(bytes) {
            return self.load_fatbin(bytes);
        }
        if let Ok(file) = object::File::parse(bytes)
            && let Some(sec) = file.section_by_name(".nv_fatbin")
        {
            let data = sec.data().map_err(|e| DeviceError::Cubin(e.to_string()))?;
            return self.load_fatbin(data);
        }
        self.load_cubin(bytes)
    }

    /// Loads the entry of a fat binary that runs on the device's SM.
    pub fn load_fatbin(&mut self, bytes: &[u8]) -> Result<ModuleId, DeviceError> {
        self.live_ok()?;
        let entries = fatbin::entries(bytes)?;
        let e = fatbin::select(&entries, self.config().sm)?;
        let payload = e.payload.clone();
        self.load_cubin(&payload)
    }

    /// Loads a cubin: every kernel, its module variables placed in device memory (one
    /// allocation per data section), its code linked against them.
    pub fn load_cubin(&mut self, bytes: &[u8]) -> Result<ModuleId, DeviceError> {
        self.load_cubin_placed(bytes, None)
    }

    /// Loads a cubin with its data sections at addresses the client chose: from
    /// `start`, one after another in section order, each on a multiple of
    /// max(256, its `sh_addralign`) (the manifest runner's `module_base` placement,
    /// `SEMANTICS.md` "Module variables"). Each section must be free to map
    /// ([`Context::map_fixed`]'s rules).
    pub fn load_cubin_at(&mut self, bytes: &[u8], start: u64) -> Result<ModuleId, DeviceError> {
        self.load_cubin_placed(bytes, Some(start))
    }

    fn load_cubin_placed(
        &mut self,
        bytes: &[u8],
        mut next: Option<u64>,
    ) -> Result<ModuleId, DeviceError> {
        self.live_ok()?;
        // A translation unit without kernels (only variables, or only host code) is a
        // module too, as for the runtime.
        let ks = match cubin::kernels(bytes) {
            Ok(ks) => ks,
            Err(cubin::CubinError::NoKernels) => Vec::new(),
            Err(e) => return Err(DeviceError::Cubin(e.to_string())),
        };
        let id = ModuleId(self.next_module_id());
        let banks = module_banks(bytes)?;
        let first = ks.first().map_or("", |k| k.name.as_str());
        let module_err = |why: String| DeviceError::Module { module: id.0, why };
        let data = link::Module::read(bytes, first).map_err(|e| module_err(e.to_string()))?;
        // Place each data section in its own allocation.
        let mut bases = Vec::new();
        let mut allocations = Vec::new();
        for d in &data.data {
            let Some(align) = d
                .align
                .checked_next_power_of_two()
                .filter(|&a| a <= 1 << 32)
            else {
                for p in allocations {
                    self.release_unchecked(p);
                }
                return Err(module_err(format!(
                    "{} asks for an alignment of {} bytes",
                    d.name, d.align
                )));
            };
            let align = align.max(crate::ALIGN);
            let len = d.bytes.len() as u64;
            let placed = match next {
                None => self.alloc(len, AllocKind::Module, align),
                Some(at) => match crate::heap::round_up(at, align)
                    .filter(|b| b.checked_add(len).is_some())
                {
                    None => Err(module_err(format!(
                        "{} ({len} bytes) does not fit above {at:#x}",
                        d.name
                    ))),
                    Some(b) => {
                        next = Some(b + len);
                        self.map_at(b, len, AllocKind::Module).map(|()| b)
                    }
                },
            };
            match placed {
                Ok(p) => {
                    bases.push(p);
                    if len > 0 && p != 0 {
                        allocations.push(p);
                    }
                }
                Err(e) => {
                    for p in allocations {
                        self.release_unchecked(p);
                    }
                    return Err(e);
                }
            }
        }
        let mut fail = None;
        for (d, &base) in bases.iter().enumerate() {
            // A section whose relocations cannot be applied (pointers to functions)
            // stays zero; kernels that use it fail to link below.
            if let Ok(b) = data.data_bytes(d, &bases)
                && let Err(e) = self.global.write_sparse(base, &b)
            {
                fail = Some(format!("its data does not fit the emulator's memory: {e}"));
            }
        }
        if let Some(why) = fail {
            for p in allocations {
                self.release_unchecked(p);
            }
            return Err(module_err(why));
        }
        let mut symbols = Vec::new();
        for s in &data.symbols {
            let place = match s.home {
                SymbolHome::Global(_) => match data.address(s, &bases) {
                    Some(a) => SymbolPlace::Global(a),
                    None => continue,
                },
                SymbolHome::Constant(bank) => SymbolPlace::Constant {
                    bank,
                    offset: s.offset,
                },
                _ => continue,
            };
            symbols.push(Symbol {
                name: s.name.clone(),
                size: s.size,
                place,
            });
        }
        let mut kernels = Vec::new();
        // Calls of the device library (`vprintf`, `__assertfail`, `malloc`, `free`) go to
        // the addresses where the launch serves them (`gpumem_warp::devcall`).
        let externs: Vec<(&str, u64)> = DeviceCall::ALL
            .iter()
            .map(|c| (c.name(), c.address() as u64))
            .collect();
        for k in ks {
            let mut uses_heap = false;
            let mut texture_refs = Vec::new();
            let program = link::Module::read(bytes, &k.name)
                .map_err(|e| e.to_string())
                .and_then(|m| {
                    texture_refs = m
                        .constant_relocations
                        .iter()
                        .filter(|r| r.kind == link::RelocKind::TexHeaderIndex)
                        .filter_map(|r| Some((r.offset, m.symbols.get(r.symbol)?.name.clone())))
                        .collect();
                    uses_heap = m.text_relocations.iter().any(|r| {
                        m.symbols.get(r.symbol).is_some_and(|s| {
                            matches!(
                                DeviceCall::named(&s.name),
                                Some(DeviceCall::Malloc | DeviceCall::Free)
                            )
                        })
                    });
                    if m.needs_link() {
                        m.link_with_externs(&k.name, &k.code, &bases, &externs)
                            .map_err(|e| e.to_string())
                    } else {
                        Ok(k.code.clone())
                    }
                })
                .and_then(|code| Program::from_bytes(&code, k.target).map_err(|e| e.to_string()));
            kernels.push(Kernel {
                constants: k
                    .constants
                    .iter()
                    .filter(|(b, _)| !banks.contains_key(b))
                    .cloned()
                    .collect(),
                info: KernelInfo {
                    name: k.name,
                    registers: k.registers,
                    shared_bytes: k.shared_bytes,
                    params: k.params,
                    param_bytes: k.param_bytes,
                    sm: k.sm,
                },
                program,
                uses_heap,
                texture_refs,
            });
        }
        self.modules.insert(
            id.0,
            Loaded {
                kernels,
                symbols,
                banks,
                allocations,
            },
        );
        Ok(id)
    }

    fn next_module_id(&mut self) -> u32 {
        let id = self.next_module;
        self.next_module += 1;
        id
    }

    pub(crate) fn module(&self, m: ModuleId) -> Result<&Loaded, DeviceError> {
        self.modules.get(&m.0).ok_or(DeviceError::NoSuchModule(m.0))
    }

    /// Unloads a module, freeing its variables.
    pub fn unload(&mut self, m: ModuleId) -> Result<(), DeviceError> {
        let l = self
            .modules
            .remove(&m.0)
            .ok_or(DeviceError::NoSuchModule(m.0))?;
        for p in l.allocations {
            self.release_unchecked(p);
        }
        Ok(())
    }

    /// The kernels of a module.
    pub fn kernels(&self, m: ModuleId) -> Result<Vec<&KernelInfo>, DeviceError> {
        Ok(self.module(m)?.kernels.iter().map(|k| &k.info).collect())
    }

    /// A kernel of a module.
    pub fn kernel(&self, m: ModuleId, name: &str) -> Result<&KernelInfo, DeviceError> {
        Ok(&self.module(m)?.kernel(m, name)?.info)
    }

    /// The module variables of a module (global and constant).
    pub fn symbols(&self, m: ModuleId) -> Result<&[Symbol], DeviceError> {
        Ok(&self.module(m)?.symbols)
    }

    /// A module variable by name (`cudaGetSymbolAddress`/`Size`).
    pub fn symbol(&self, m: ModuleId, name: &str) -> Result<&Symbol, DeviceError> {
        self.module(m)?.symbol(m, name)
    }

    /// `cudaMemcpyToSymbol`: `data` at `offset` into the variable `name`.
    pub fn write_symbol(
        &mut self,
        m: ModuleId,
        name: &str,
        offset: u64,
        data: &[u8],
    ) -> Result<(), DeviceError> {
        self.live_ok()?;
        let s = self.symbol(m, name)?.clone();
        fits(&s, offset, data.len() as u64)?;
        match s.place {
            SymbolPlace::Global(a) => self.write(a + offset, data),
            SymbolPlace::Constant { bank, offset: o } => {
                let Some(l) = self.modules.get_mut(&m.0) else {
                    return Err(DeviceError::NoSuchModule(m.0));
                };
                let at = o.saturating_add(offset);
                if at.saturating_add(data.len() as u64) > gpumem_mem::CONST_BANK_BYTES {
                    return Err(DeviceError::SymbolBounds {
                        name: s.name,
                        offset,
                        len: data.len() as u64,
                        size: gpumem_mem::CONST_BANK_BYTES.saturating_sub(o),
                    });
                }
                let at = at as usize;
                let b = l.banks.entry(bank).or_default();
                if b.len() < at + data.len() {
                    b.resize(at + data.len(), 0);
                }
                b[at..at + data.len()].copy_from_slice(data);
                Ok(())
            }
        }
    }

    /// `cudaMemcpyFromSymbol`: `out.len()` bytes at `offset` of the variable `name`.
    pub fn read_symbol(
        &self,
        m: ModuleId,
        name: &str,
        offset: u64,
        out: &mut [u8],
    ) -> Result<(), DeviceError> {
        self.live_ok()?;
        let s = self.symbol(m, name)?;
        fits(s, offset, out.len() as u64)?;
        match s.place {
            SymbolPlace::Global(a) => self.read(a + offset, out),
            SymbolPlace::Constant { bank, offset: o } => {
                let b = self.module(m)?.banks.get(&bank);
                for (i, v) in out.iter_mut().enumerate() {
                    *v = b
                        .and_then(|b| b.get((o.saturating_add(offset) as usize).saturating_add(i)))
                        .copied()
                        .unwrap_or(0);
                }
                Ok(())
            }
        }
    }
}

fn fits(s: &Symbol, offset: u64, len: u64) -> Result<(), DeviceError> {
    if offset.checked_add(len).is_none_or(|e| e > s.size) {
        return Err(DeviceError::SymbolBounds {
            name: s.name.clone(),
            offset,
            len,
            size: s.size,
        });
    }
    Ok(())
}
