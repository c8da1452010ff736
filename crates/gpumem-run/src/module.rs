//! A cubin's module variables at launch time: the `.nv.global`/`.nv.global.init`
//! sections placed in global memory, the kernel's code linked against them, `[[symbol]]`
//! contents written and `[[dump]] symbol = ...` turned into plain dumps.
//!
//! Placement (SEMANTICS.md, "Module variables"): the module data starts at
//! `[launch] module_base` or, by default, at the first 4 KiB boundary at or above both
//! 0x1000 and the end of the highest `[[memory]]` region, so that it never overlaps
//! the manifest's buffers; the sections follow one another in the cubin's section
//! order, each aligned to [`SECTION_ALIGN`] (or its own larger alignment).

use crate::RunError;
use crate::manifest::{self, Dump, Num, NumValue, SymbolInit};
use gpumem_maxwell::link::{Module, Symbol, SymbolHome};
use gpumem_warp::Emulator;
use std::path::Path;
use toml::Spanned;

/// Alignment of each module data section in global memory (bytes): the alignment
/// `cudaMalloc` guarantees.
pub const SECTION_ALIGN: u64 = 256;
/// Alignment of the default start of the module data (bytes).
pub const START_ALIGN: u64 = 0x1000;

/// A cubin's module data placed for one launch.
pub(crate) struct Placed {
    /// The symbols, sections and relocations.
    pub module: Module,
    /// The global address of each section of `module.data`.
    pub bases: Vec<u64>,
}

fn align_up(v: u64, a: u64) -> Option<u64> {
    v.checked_add(a - 1).map(|x| x / a * a)
}

/// The default start of the module data: the first [`START_ALIGN`] boundary at or
/// above both `START_ALIGN` and the end of every region.
pub(crate) fn default_start(regions: &[crate::manifest::GlobalRegion]) -> Result<u64, RunError> {
    let end = regions
        .iter()
        .map(|r| r.address.saturating_add(r.size))
        .max()
        .unwrap_or(0)
        .max(START_ALIGN);
    align_up(end, START_ALIGN).ok_or_else(|| {
        RunError::key(
            &["launch", "module_base"],
            "no room for the cubin's module data above the [[memory]] regions; set [launch] module_base",
        )
    })
}

/// A manifest error at the name of a symbol.
fn at(name: &Spanned<String>, message: String) -> RunError {
    RunError::At {
        span: name.span(),
        message,
    }
}

impl Placed {
    /// Places `module`'s data sections from `start`.
    pub fn new(module: Module, start: u64) -> Result<Placed, RunError> {
        let mut bases = Vec::with_capacity(module.data.len());
        let mut next = start;
        for d in &module.data {
            let base = align_up(next, d.align.max(SECTION_ALIGN));
            let end = base.and_then(|b| b.checked_add(d.bytes.len() as u64));
            let (Some(base), Some(end)) = (base, end) else {
                return Err(RunError::key(
                    &["launch", "module_base"],
                    format!(
                        "the module's {} ({} bytes) does not fit above {start:#x}",
                        d.name,
                        d.bytes.len()
                    ),
                ));
            };
            bases.push(base);
            next = end;
        }
        Ok(Placed { module, bases })
    }

    /// The global ranges the module's data sections occupy, as `(start, bytes)`.
    pub fn ranges(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.bases
            .iter()
            .zip(&self.module.data)
            .map(|(&b, d)| (b, d.bytes.len() as u64))
    }

    /// The kernel's code with its relocations applied.
    pub fn link(&self, kernel: &str, code: &[u8]) -> Result<Vec<u8>, RunError> {
        self.module
            .link(kernel, code, &self.bases)
            .map_err(|e| RunError::Program(format!("cannot link kernel `{kernel}`: {e}")))
    }

    /// Whether the kernel's code or the manifest refers to data section `d`.
    fn referenced(&self, d: usize, names: &[&str]) -> bool {
        let home = SymbolHome::Global(d);
        self.module.text_relocations.iter().any(|r| {
            self.module
                .symbols
                .get(r.symbol)
                .is_some_and(|s| s.home == home)
        }) || names
            .iter()
            .any(|n| self.module.symbol(n).is_some_and(|s| s.home == home))
    }

    /// Writes the data sections (their own relocations applied) into global memory.
    /// A section whose relocations cannot be applied (pointers to functions) is left out
    /// when nothing refers to it, and is an error otherwise. `names`: the symbols the
    /// manifest names.
    pub fn write(&self, emu: &mut Emulator, names: &[&str], limit: u64) -> Result<(), RunError> {
        for (d, base) in self.bases.iter().enumerate() {
            let bytes = match self.module.data_bytes(d, &self.bases) {
                Ok(b) => b,
                Err(_) if !self.referenced(d, names) => continue,
                Err(e) => {
                    return Err(RunError::Program(format!(
                        "cannot place the module's data: {e}"
                    )));
                }
            };
            // `.nv.global` is zeros: it takes no page until written.
            emu.mem.global.write_sparse(*base, &bytes).map_err(|_| {
                RunError::key(&["limits", "max_memory"], format!(
                    "the module's {} ({} bytes at {base:#x}) passes limits.max_memory ({limit})",
                    self.module.data[d].name,
                    bytes.len()
                ))
            })?;
        }
        Ok(())
    }

    /// The data symbol `name` names (global or constant), or a positioned error.
    fn symbol(&self, name: &Spanned<String>) -> Result<&Symbol, RunError> {
        let n = name.get_ref();
        let Some(sym) = self.module.symbol(n) else {
            let mut have: Vec<&str> = self
                .module
                .symbols
                .iter()
                .filter(|s| matches!(s.home, SymbolHome::Global(_) | SymbolHome::Constant(_)))
                .map(|s| s.name.as_str())
                .collect();
            have.sort_unstable();
            let list = if have.is_empty() {
                "it has no module variables".to_string()
            } else {
                format!("it has: {}", have.join(", "))
            };
            return Err(at(name, format!("the cubin has no symbol `{n}` ({list})")));
        };
        match &sym.home {
            SymbolHome::Global(_) | SymbolHome::Constant(_) => Ok(sym),
            SymbolHome::Function => Err(at(name, format!("`{n}` is a function, not a variable"))),
            SymbolHome::Undefined => Err(at(name, format!("the cubin does not define `{n}`"))),
            SymbolHome::Other(s) => Err(at(
                name,
                format!(
                    "`{n}` lives in `{s}`: only global and constant module variables are placed"
                ),
            )),
        }
    }

    /// Checks `offset + len` against the symbol's size; an error at `num`.
    fn fits(sym: &Symbol, offset: u64, len: u64, num: &Num, what: &str) -> Result<(), RunError> {
        if offset.checked_add(len).is_none_or(|e| e > sym.size) {
            return Err(num.error(format!(
                "{what} of {len} bytes at offset {offset} pass `{}` ({} bytes)",
                sym.name, sym.size
            )));
        }
        Ok(())
    }

    /// Writes the `[[symbol]]` contents.
    pub fn init_symbols(
        &self,
        list: &[SymbolInit],
        emu: &mut Emulator,
        base: &Path,
        limit: u64,
    ) -> Result<(), RunError> {
        for (i, s) in list.iter().enumerate() {
            let sym = self.symbol(&s.name)?;
            let path = ["symbol".to_string(), i.to_string()];
            let data = manifest::contents(&s.size, &s.init, &s.fill, &s.file, base, limit, &path)?;
            let offset = s.offset.u64("offset")?;
            let num = match (&s.size, s.offset.span.is_empty()) {
                (Some(n), _) => n.clone(),
                (None, false) => s.offset.clone(),
                (None, true) => Num {
                    value: NumValue::Int(0),
                    span: s.name.span(),
                },
            };
            Self::fits(sym, offset, data.len() as u64, &num, "the contents")?;
            match sym.home {
                SymbolHome::Constant(bank) => emu
                    .mem
                    .constant
                    .write(bank, sym.offset + offset, &data)
                    .map_err(|m| at(&s.name, m))?,
                _ => {
                    let addr = self
                        .module
                        .address(sym, &self.bases)
                        .unwrap_or_default()
                        .wrapping_add(offset);
                    emu.mem.global.write(addr, &data).map_err(|_| {
                        at(
                            &s.name,
                            format!("writing `{}` passes limits.max_memory ({limit})", sym.name),
                        )
                    })?
                }
            }
        }
        Ok(())
    }

    /// The dumps with every `symbol` dump turned into a global or constant dump of the
    /// variable's bytes (`address`: offset in the variable, default 0; `size`: default the
    /// rest of it).
    pub fn resolve_dumps(&self, list: &[Dump]) -> Result<Vec<Dump>, RunError> {
        list.iter().map(|d| self.resolve_dump(d)).collect()
    }

    fn resolve_dump(&self, d: &Dump) -> Result<Dump, RunError> {
        let Some(name) = &d.symbol else {
            return Ok(d.clone());
        };
        if !d.space.span().is_empty() {
            return Err(RunError::At {
                span: d.space.span(),
                message: "a symbol dump takes no `space` (the symbol's section gives it)".into(),
            });
        }
        for (key, k) in [("bank", &d.bank), ("cta", &d.cta), ("thread", &d.thread)] {
            if let Some(k) = k {
                return Err(RunError::At {
                    span: k.span(),
                    message: format!("`{key}` is not for symbol dumps"),
                });
            }
        }
        let sym = self.symbol(name)?;
        let offset = match &d.address {
            Some(a) => a.u64("address")?,
            None => 0,
        };
        let size = match &d.size {
            Some(s) => s.u64("size")?,
            None => sym.size.saturating_sub(offset),
        };
        let num = d.size.clone().or_else(|| d.address.clone()).unwrap_or(Num {
            value: NumValue::Int(0),
            span: name.span(),
        });
        Self::fits(sym, offset, size, &num, "the dump")?;
        let span = name.span();
        let int = |v: u64| Num {
            value: NumValue::Str(format!("{v:#x}")),
            span: span.clone(),
        };
        let (space, address, bank) = match sym.home {
            SymbolHome::Constant(b) => (
                "constant",
                sym.offset + offset,
                Some(Spanned::new(span.clone(), b)),
            ),
            _ => (
                "global",
                self.module
                    .address(sym, &self.bases)
                    .unwrap_or_default()
                    .wrapping_add(offset),
                None,
            ),
        };
        Ok(Dump {
            space: Spanned::new(span.clone(), space.to_string()),
            symbol: None,
            address: Some(int(address)),
            size: Some(int(size)),
            bank,
            cta: None,
            thread: None,
            file: d.file.clone(),
            of_symbol: Some(name.get_ref().clone()),
        })
    }
}
