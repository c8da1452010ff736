//! gpumem-run: the launch layer over both executors (gpumem-warp for Maxwell,
//! gpumem-wave for Vega).
//!
//! A launch manifest (TOML, see [`manifest`]) names a program (SASS text, raw
//! bundles or a cubin), the launch shape, memory contents and regions to dump. A
//! [`Launch`] names the manifest (a file, text, or the built-in example) and the options
//! beyond it; [`run`] runs it and returns an [`AnyReport`] (a Maxwell [`Report`] or a
//! Vega [`vega::VegaReport`]) with the dumps, the faults and the per-instruction
//! statistics. TOML is read here only: the executors (gpumem-warp, gpumem-wave) and
//! the cycle model (gpumem-timing) take typed configurations. The manifest reference is in
//! gpumem-warp's `SEMANTICS.md`. Both ISAs' reports are written as JSON from one typed
//! layout, [`json::JsonReport`] (`docs/report.schema.json`).
//!
//! ```
//! let report = gpumem_run::run(&gpumem_run::Launch::builtin()).unwrap();
//! assert!(!report.faulted());
//! let json = report.to_json();
//! assert_eq!(json["dumps"][0]["space"], "global");
//! ```

#![warn(missing_docs)]

pub mod dump;
pub mod json;
pub mod manifest;
pub mod module;
mod num;
pub mod report;
mod text;
pub mod texture;
mod timing;
mod timing_keys;
pub mod vega;

use gpumem_warp::{BoundsCheck, BoundsMode};
pub use gpumem_warp::{Emulator, Fault, FaultKind, LaunchConfig, Program, Stats};
pub use report::{DumpOut, Report};

use gpumem_maxwell::Target;
use gpumem_mem::Space;
use gpumem_mem::rules::{BankLimit, GenericWindows, MemConfig};
use manifest::{DumpOf, Manifest, MaxwellManifest, Param};
use std::path::Path;

/// Errors that stop a run before it starts (bad manifest, bad program, I/O).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The manifest is wrong (no position known).
    #[error("manifest: {0}")]
    Manifest(String),
    /// The program cannot be read, decoded or assembled.
    #[error("program: {0}")]
    Program(String),
    /// A file cannot be read or written.
    #[error("{}: {err}", clip_path(path))]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        err: std::io::Error,
    },
    /// A manifest error at a byte range of the manifest text; the run functions that
    /// know the text turn it into [`RunError::Positioned`].
    #[error("manifest: {message}")]
    At {
        /// Byte range in the manifest text.
        span: std::ops::Range<usize>,
        /// What is wrong.
        message: String,
    },
    /// A manifest error about the key at a path of the manifest (`["launch", "block"]`,
    /// an array element by its index: `["memory", "1", "size"]`), found after reading it;
    /// the run functions that know the text turn it into [`RunError::Positioned`] at the
    /// key (or, for a key not written, the nearest table above it that is).
    #[error("manifest: {message}")]
    Key {
        /// The key's path.
        path: Vec<String>,
        /// What is wrong.
        message: String,
    },
    /// A manifest error rendered with its file, line, column, source line and caret.
    #[error("{0}")]
    Positioned(String),
    /// A command-line option that does not fit the run (`gpumem explain --cta 5` for a
    /// grid of 4 CTAs): the message names the option.
    #[error("{0}")]
    Option(String),
}

/// Longest file name a message repeats whole (longer ones are cut, with an ellipsis).
const MAX_PATH_ECHO: usize = 1024;

/// `path` as a message repeats it: whole up to [`MAX_PATH_ECHO`] characters.
fn clip_path(path: &str) -> std::borrow::Cow<'_, str> {
    match path.char_indices().nth(MAX_PATH_ECHO) {
        None => std::borrow::Cow::Borrowed(path),
        Some((cut, _)) => std::borrow::Cow::Owned(format!("{}…", &path[..cut])),
    }
}

/// `message` with every run of characters between spaces, quotes, backticks and commas
/// longer than [`gpumem_isa::MAX_ECHO`] clipped ([`gpumem_isa::clip`]; a file name:
/// longer than `MAX_PATH_ECHO`): a message about a 100 KB key or value does not repeat
/// it.
pub(crate) fn clip_tokens(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut token = String::new();
    // A file name keeps up to MAX_PATH_ECHO characters.
    let flush = |token: &mut String, out: &mut String| {
        if token.contains(['/', '\\']) {
            out.push_str(&clip_path(token));
        } else {
            out.push_str(&gpumem_isa::clip(token));
        }
        token.clear();
    };
    for c in message.chars() {
        if c.is_whitespace() || matches!(c, '`' | '"' | '\'' | ',') {
            flush(&mut token, &mut out);
            out.push(c);
        } else {
            token.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}

impl RunError {
    /// Whether the message already names the file it is about (the CLI then does not
    /// prefix the path again).
    pub fn names_file(&self) -> bool {
        matches!(
            self,
            RunError::Io { .. } | RunError::Positioned(_) | RunError::Option(_)
        )
    }

    /// An error about the manifest key at `path` ([`RunError::Key`]).
    pub fn key(path: &[&str], message: impl Into<String>) -> RunError {
        RunError::Key {
            path: path.iter().map(|p| p.to_string()).collect(),
            message: message.into(),
        }
    }

    /// An unpositioned manifest error ([`RunError::Manifest`]), or a file named by the
    /// key that cannot be read ([`RunError::Io`]: the message keeps the file's name and
    /// what the system said), made an error at the key at `path`; other errors are
    /// returned unchanged.
    pub fn at_key(self, path: &[&str]) -> RunError {
        match self {
            RunError::Manifest(message) => RunError::key(path, message),
            RunError::Io { path: file, err } => {
                RunError::key(path, format!("`{}`: {err}", clip_path(&file)))
            }
            e => e,
        }
    }

    /// [`RunError::at_key`] at `key` of the table or element at `at` (`""`: at it).
    pub fn at_path(self, at: &[String], key: &str) -> RunError {
        let mut path: Vec<&str> = at.iter().map(String::as_str).collect();
        if !key.is_empty() {
            path.push(key);
        }
        self.at_key(&path)
    }

    /// Renders an [`RunError::At`] or [`RunError::Key`] against the manifest `text` named `name` (rustc-style,
    /// with the line and a caret); other errors are returned unchanged.
    pub fn positioned(self, name: &str, text: &str) -> RunError {
        let (span, message) = match self {
            RunError::At { span, message } => (span, clip_tokens(&message)),
            RunError::Key { path, message } => match manifest::key_span(text, &path) {
                Some(span) => (span, clip_tokens(&message)),
                None => return RunError::Manifest(clip_tokens(&message)),
            },
            e => return e,
        };
        let start = span.start.min(text.len());
        let end = span.end.clamp(start, text.len());
        let before = &text[..start];
        let line = before.matches('\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = text[line_start..start].chars().count() as u32 + 1;
        // The caret covers the offending text up to the end of its line.
        let shown = gpumem_isa::clip(text[start..end].lines().next().unwrap_or(""));
        let d = gpumem_isa::Diagnostic::error(
            gpumem_isa::Span {
                line,
                col,
                start,
                len: end - start,
            },
            shown.as_ref(),
            message,
        );
        RunError::Positioned(
            gpumem_isa::render_diagnostics(name, text, &[d])
                .trim_end()
                .to_string(),
        )
    }
}

impl From<gpumem_warp::WarpError> for RunError {
    fn from(e: gpumem_warp::WarpError) -> RunError {
        match e {
            gpumem_warp::WarpError::Program(m) => RunError::Program(m),
            gpumem_warp::WarpError::Launch(m) => RunError::Manifest(m),
        }
    }
}

/// The target of a Maxwell program that does not name its own (SASS text, raw bundles)
/// when the manifest gives no `target`: sm_52, as for `gpumem asm` and `gpumem dis`.
pub const DEFAULT_TARGET: Target = Target::Sm52;

/// A manifest's `program = "-"`: refused, at the key. Standard input is where
/// `gpumem run -` reads the manifest itself, so it cannot hold the program too.
pub(crate) fn program_not_stdin(program: &str) -> Result<(), RunError> {
    if program == "-" {
        return Err(RunError::key(
            &["program"],
            "program = \"-\": a manifest's program cannot come from standard input \
             (`gpumem run -` reads the manifest itself from it); name the program's file \
             (relative to the manifest's folder)",
        ));
    }
    Ok(())
}

/// Largest program file read (bytes).
pub const MAX_PROGRAM_BYTES: u64 = 64 << 20;
/// Most threads per CTA (the Maxwell limit).
pub const MAX_BLOCK_THREADS: u64 = 1024;

/// Where a launch's manifest comes from.
#[derive(Clone, Copy, Debug)]
pub enum ManifestSource<'a> {
    /// A manifest file (either ISA); relative paths in it are relative to its folder.
    File(&'a Path),
    /// Manifest text, `name` in messages; relative paths in it are relative to `base`.
    Text {
        /// What messages call the text (`m.toml`, `<stdin>`).
        name: &'a str,
        /// The manifest.
        text: &'a str,
        /// The folder relative paths start from.
        base: &'a Path,
    },
    /// The built-in example, a Maxwell launch: an LDC.IL walk across a bank boundary, an
    /// 8-way shared bank conflict and a broadcast (`programs/builtin.sass`).
    Builtin,
}

/// One launch: its manifest and how to run it beyond what the manifest says. [`run`]
/// runs it.
///
/// ```
/// use gpumem_run::{Launch, RunOptions};
/// let r = gpumem_run::run(&Launch::builtin()).unwrap();
/// assert!(!r.faulted());
/// let timed = Launch::builtin().with(RunOptions { timing: true, ..RunOptions::default() });
/// let r = gpumem_run::run(&timed).unwrap().maxwell().unwrap();
/// assert!(r.timing.is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Launch<'a> {
    /// The manifest.
    pub manifest: ManifestSource<'a>,
    /// Options beyond the manifest (`--timing`, `--trace`, `--jobs`, explain's records).
    pub options: RunOptions,
}

impl<'a> Launch<'a> {
    /// A manifest file, default options.
    pub fn file(path: &'a Path) -> Launch<'a> {
        Launch {
            manifest: ManifestSource::File(path),
            options: RunOptions::default(),
        }
    }

    /// Manifest text named `name`, relative paths from `base`, default options.
    pub fn text(name: &'a str, text: &'a str, base: &'a Path) -> Launch<'a> {
        Launch {
            manifest: ManifestSource::Text { name, text, base },
            options: RunOptions::default(),
        }
    }

    /// The built-in example, default options.
    pub fn builtin() -> Launch<'static> {
        Launch {
            manifest: ManifestSource::Builtin,
            options: RunOptions::default(),
        }
    }

    /// The same launch with `options`.
    pub fn with(self, options: RunOptions) -> Launch<'a> {
        Launch { options, ..self }
    }
}

/// Runs a launch of either ISA. Errors at a position in the manifest come back rendered
/// ([`RunError::Positioned`]) against its name.
pub fn run(launch: &Launch<'_>) -> Result<AnyReport, RunError> {
    let opts = &launch.options;
    match launch.manifest {
        ManifestSource::File(path) => {
            let text = std::fs::read_to_string(path).map_err(|err| RunError::Io {
                path: path.display().to_string(),
                err,
            })?;
            let base = path.parent().unwrap_or(Path::new("."));
            run_text(&path.display().to_string(), &text, base, opts)
        }
        ManifestSource::Text { name, text, base } => run_text(name, text, base, opts),
        ManifestSource::Builtin => Ok(AnyReport::Maxwell(builtin_example(opts))),
    }
}

/// How to run beyond what the manifest says.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Run the cycle model (`gpumem run --timing`) even without a `[timing]` table (then
    /// with the preset that follows the program's SM: `Preset::for_sm`). Maxwell only.
    pub timing: bool,
    /// Record the cycle model's timeline (Chrome trace JSON, [`Report::trace`]) with at
    /// most this many instruction slices; implies `timing`.
    pub trace_limit: Option<usize>,
    /// Also execute CTA 0 alone on a copy of the launch's initial memory and keep the
    /// first memory record of each instruction per warp ([`Report::first_cta`], for
    /// `gpumem explain`; within `[limits] max_trace_memory`). CTA 0 is the first CTA
    /// both the functional run and the cycle model execute, from the same memory, so its
    /// records are the ones the run made. Maxwell only.
    pub first_cta: bool,
    /// The CTA (linear index) whose records `first_cta` keeps instead of CTA 0. CTAs 0 to
    /// `trace_cta - 1` are executed first on the copy, in the order both the functional
    /// run and the cycle model execute them, so the traced CTA starts from the memory
    /// the run gave it. An index outside the grid is an error.
    pub trace_cta: u32,
    /// `--jobs N`: threads for the launch's CTAs, over `[limits] jobs`.
    pub jobs: Option<usize>,
}

/// Runs manifest text named `name`; relative paths are relative to `base_dir`.
fn run_text(
    name: &str,
    text: &str,
    base_dir: &Path,
    opts: &RunOptions,
) -> Result<AnyReport, RunError> {
    // A UTF-8 byte order mark is not part of the first line (columns count the
    // characters after it, as an editor shows them).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let run = || match Manifest::parse(text)? {
        Manifest::Maxwell(m) => run_maxwell(&m, base_dir, None, opts).map(AnyReport::Maxwell),
        Manifest::Vega(_) if opts.timing || opts.trace_limit.is_some() => Err(RunError::key(
            &["isa"],
            "the cycle model (--timing, --trace) is for Maxwell manifests",
        )),
        Manifest::Vega(m) => vega::run_vega(m, base_dir, None).map(AnyReport::Vega),
    };
    run().map_err(|e| e.positioned(name, text))
}

/// The report of a run of either ISA.
// One value per run, moved once: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum AnyReport {
    /// A Maxwell launch.
    Maxwell(Report),
    /// A Vega run.
    Vega(vega::VegaReport),
}

impl AnyReport {
    /// The Maxwell report; a Vega run is an error (for callers that run Maxwell
    /// launches only).
    pub fn maxwell(self) -> Result<Report, RunError> {
        match self {
            AnyReport::Maxwell(r) => Ok(r),
            AnyReport::Vega(_) => Err(RunError::Manifest(
                "an `isa = \"vega\"` manifest: expected a Maxwell launch".into(),
            )),
        }
    }

    /// The JSON document, in the layout both ISAs share (`docs/report.schema.json`).
    pub fn to_json(&self) -> serde_json::Value {
        self.to_json_with(dump::JsonDumps::Hex)
    }

    /// [`AnyReport::to_json`] with the dumps' bytes in `form` (`hex` or collapsed `runs`).
    pub fn to_json_with(&self, form: dump::JsonDumps) -> serde_json::Value {
        match self {
            AnyReport::Maxwell(r) => r.to_json_with(form),
            AnyReport::Vega(r) => r.to_json_with(form),
        }
    }

    /// Whether the run stopped on a fault.
    pub fn faulted(&self) -> bool {
        match self {
            AnyReport::Maxwell(r) => !r.faults.is_empty(),
            AnyReport::Vega(r) => r.faulted(),
        }
    }

    /// The report for people, dumps shown as `view`.
    pub fn render(&self, view: dump::View) -> String {
        match self {
            AnyReport::Maxwell(r) => r.render(view),
            AnyReport::Vega(r) => r.render(view),
        }
    }

    /// The program as run, one instruction a line: address and text.
    pub fn listing(&self) -> String {
        let list = match self {
            AnyReport::Maxwell(r) => &r.listing,
            AnyReport::Vega(r) => &r.listing,
        };
        let mut s = String::new();
        for (pc, t) in list {
            s.push_str(&format!("  {pc:#06x}  {t}\n"));
        }
        s
    }
}

impl std::fmt::Display for AnyReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(dump::View::Hex))
    }
}

/// Runs the built-in example ([`ManifestSource::Builtin`]).
fn builtin_example(opts: &RunOptions) -> Report {
    let m = match Manifest::parse(include_str!("builtin.toml")) {
        Ok(Manifest::Maxwell(m)) => m,
        Ok(Manifest::Vega(_)) => unreachable_report(RunError::Manifest("not Maxwell".into())),
        Err(e) => unreachable_report(e),
    };
    match run_maxwell(
        &m,
        Path::new("."),
        Some(include_str!("../programs/builtin.sass")),
        opts,
    ) {
        Ok(r) => r,
        Err(e) => unreachable_report(e),
    }
}

fn unreachable_report(e: RunError) -> ! {
    // The built-in manifest and program are tested (`builtin_example_runs`).
    panic!("the built-in example is broken: {e}")
}

fn target_of(s: &str) -> Result<Target, RunError> {
    s.parse::<Target>()
        .map_err(|m| RunError::key(&["target"], gpumem_isa::clip(&m)))
}

/// The kernel `kernel` of the cubin at `path`, every error naming the file: an AMDGPU
/// code object, a cubin for an SM gpumem does not model, a truncated or corrupt file,
/// and a manifest `target` that contradicts the cubin's ELF header are refused.
fn read_cubin(
    path: &Path,
    bytes: &[u8],
    kernel: Option<&str>,
    target: Option<Target>,
) -> Result<gpumem_maxwell::cubin::Kernel, RunError> {
    use gpumem_maxwell::cubin::{self, CubinError};
    let file = path.display();
    let k = cubin::kernel(bytes, kernel).map_err(|e| {
        RunError::Program(match e {
            CubinError::Ambiguous { .. } => format!("{file}: {e} with `kernel = \"...\"`"),
            CubinError::NotCubin(gpumem_isa::elf::EM_AMDGPU) => format!(
                "{file} is an AMDGPU code object (ELF machine 224), not an NVIDIA cubin: the \
                 manifest says isa = \"maxwell\"; set isa = \"vega\" to run Vega code"
            ),
            _ => format!("{file}: {e}"),
        })
    })?;
    if let Some(t) = target
        && t != k.target
    {
        return Err(RunError::key(
            &["target"],
            format!(
                "target = \"{}\" contradicts the ELF header of {file}, which names sm_{}: drop \
             `target` (a cubin names its own)",
                t.name(),
                k.sm
            ),
        ));
    }
    Ok(k)
}

/// A program that is an nvcc fat binary gives the cubin of its entry for the manifest's
/// `target` (default sm_52) by the device layer's choice (`gpumem_device::fatbin`);
/// other programs are returned unchanged. A PTX-only or wrong-SM fat binary is an error
/// naming the file.
fn fatbin_entry(path: &Path, bytes: Vec<u8>, target: Option<Target>) -> Result<Vec<u8>, RunError> {
    use gpumem_device::fatbin;
    if !fatbin::is_fatbin(&bytes) {
        return Ok(bytes);
    }
    let sm = target.unwrap_or(DEFAULT_TARGET).sm();
    let err = |e: fatbin::FatbinError| RunError::Program(format!("{}: {e}", path.display()));
    let entries = fatbin::entries(&bytes).map_err(err)?;
    let entry = fatbin::select(&entries, sm).map_err(err)?;
    Ok(entry.payload.clone())
}

/// Reads at most `limit` bytes of `path`; a longer file (or an endless one such as a
/// device, whose size the file system does not know) is an error naming `what`.
pub(crate) fn read_bounded(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, RunError> {
    use std::io::Read;
    let io = |err| RunError::Io {
        path: path.display().to_string(),
        err,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(RunError::Manifest(format!(
            "{}: {what} is larger than {limit} bytes",
            path.display()
        )));
    }
    Ok(bytes)
}

/// Assembles SASS text named `name` (diagnostics cite `name:line:col`).
fn assemble_named(name: &str, src: &str, target: Target) -> Result<Program, RunError> {
    let bin = gpumem_maxwell::assemble(src, target).map_err(|e| {
        RunError::Program(format!(
            "cannot assemble the program:\n{}",
            gpumem_isa::render_diagnostics(name, src, &e.0)
        ))
    })?;
    Ok(Program::from_bytes(&bin, target)?)
}

fn run_maxwell(
    m: &MaxwellManifest,
    base: &Path,
    inline_src: Option<&str>,
    opts: &RunOptions,
) -> Result<Report, RunError> {
    let limit = m.limits.max_memory;
    let mut constants = Vec::new();
    let mut kernel_regs = None;
    // The cubin kernel's static shared size and parameter layout.
    let mut static_shared = 0u64;
    let mut kparams: Option<Vec<gpumem_maxwell::cubin::KernelParam>> = None;
    let mut target = m.target.as_deref().map(target_of).transpose()?;
    // The kernel run: the manifest's, or a cubin's only one.
    let mut kernel_name = m.kernel.clone();
    // The [[memory]] regions come first: the module data of a cubin goes above them.
    let mut regions = manifest::global_regions(&m.memory, base, limit)?;
    let mut placed: Option<module::Placed> = None;
    let prog = if let Some(src) = inline_src {
        Program::from_sass(src, target.unwrap_or(DEFAULT_TARGET))?
    } else {
        program_not_stdin(&m.program)?;
        let path = base.join(&m.program);
        let bytes = read_bounded(&path, MAX_PROGRAM_BYTES, "the program")
            .map_err(|e| e.at_key(&["program"]))?;
        let bytes = fatbin_entry(&path, bytes, target)?;
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if gpumem_maxwell::cubin::is_elf(&bytes) || ext == "cubin" {
            let k = read_cubin(&path, &bytes, m.kernel.as_deref(), target)?;
            target = Some(k.target);
            kernel_name = Some(k.name.clone());
            kernel_regs = Some(k.registers);
            static_shared = k.shared_bytes;
            if k.param_bytes.is_some() || !k.params.is_empty() {
                kparams = Some(k.params);
            }
            constants = k.constants;
            let module = gpumem_maxwell::link::Module::read(&bytes, &k.name).map_err(|e| {
                RunError::Program(format!(
                    "{}: cannot read the cubin's module data: {e}",
                    path.display()
                ))
            })?;
            let start = match &m.launch.module_base {
                Some(n) => n.u64("module_base")?,
                None => module::default_start(&regions)?,
            };
            let p = module::Placed::new(module, start)?;
            if let Some(n) = &m.launch.module_base {
                check_module_overlap(&p, &regions, n)?;
            }
            let code = if p.module.needs_link() {
                p.link(&k.name, &k.code).map_err(|e| match e {
                    RunError::Program(m) => RunError::Program(format!("{}: {m}", path.display())),
                    e => e,
                })?
            } else {
                k.code
            };
            placed = Some(p);
            Program::from_bytes(&code, target.unwrap_or(DEFAULT_TARGET))?
        } else if ext == "bin" {
            if m.kernel.is_some() {
                return Err(RunError::key(&["kernel"], "`kernel` is only for cubins"));
            }
            Program::from_bytes(&bytes, target.unwrap_or(DEFAULT_TARGET))?
        } else {
            let src = String::from_utf8(bytes)
                .map_err(|_| RunError::Program(format!("{} is not UTF-8 text", path.display())))?;
            assemble_named(
                &path.display().to_string(),
                &src,
                target.unwrap_or(DEFAULT_TARGET),
            )?
        }
    };
    let target = target.unwrap_or(DEFAULT_TARGET);
    // The cycle model's preset follows the program's SM unless `[timing] preset` names one.
    let force_timing = opts.timing || opts.trace_limit.is_some();
    let default_preset = gpumem_mem::hierarchy::Preset::for_sm(target.sm())
        .unwrap_or(gpumem_mem::hierarchy::Preset::Gm204);
    let timing = match (&m.timing, force_timing) {
        (Some(t), _) => Some(manifest::timing_config(t, default_preset)?),
        (None, true) => Some(gpumem_timing::TimingConfig::preset(default_preset)),
        (None, false) => None,
    };
    let grid = manifest::dims(&m.launch.grid, "grid").map_err(|e| e.at_key(&["launch", "grid"]))?;
    let block =
        manifest::dims(&m.launch.block, "block").map_err(|e| e.at_key(&["launch", "block"]))?;
    let threads: u64 = block.iter().map(|&b| b as u64).product();
    if threads > MAX_BLOCK_THREADS {
        return Err(RunError::key(
            &["launch", "block"],
            format!("a block of {threads} threads; Maxwell allows at most {MAX_BLOCK_THREADS}"),
        ));
    }
    let given_registers = m.launch.registers.or(kernel_regs);
    let registers = given_registers.unwrap_or(255);
    if registers == 0 || registers > 255 {
        return Err(RunError::key(
            &["launch", "registers"],
            format!("registers = {registers}: must be 1 to 255"),
        ));
    }
    let shared_bytes = static_shared.saturating_add(m.launch.shared_bytes);
    for (what, key, v) in [
        (
            "shared memory (static + shared_bytes)",
            "shared_bytes",
            shared_bytes,
        ),
        ("local_bytes", "local_bytes", m.launch.local_bytes),
    ] {
        if v > gpumem_mem::WINDOW_BYTES {
            return Err(RunError::key(
                &["launch", key],
                format!("{what} = {v} is larger than the 16 MB window"),
            ));
        }
    }
    let dw = GenericWindows::default();
    let windows = GenericWindows {
        shared: m.launch.shared_window.unwrap_or(dw.shared),
        local: m.launch.local_window.unwrap_or(dw.local),
    };
    windows.check().map_err(|message| {
        // The window the message names first; two equal windows: the one written.
        let key = if message.starts_with("local_window")
            || (!message.starts_with("shared_window =") && m.launch.local_window.is_some())
        {
            "local_window"
        } else {
            "shared_window"
        };
        RunError::key(&["launch", key], message)
    })?;
    let bank_limit = match m.config.bank_limit.as_str() {
        "compute" => BankLimit::Compute,
        "graphics" => BankLimit::Graphics,
        o => {
            return Err(RunError::key(
                &["config", "bank_limit"],
                format!(
                    "bank_limit = \"{}\": expected \"compute\" or \"graphics\"",
                    gpumem_isa::clip(o)
                ),
            ));
        }
    };
    let bounds_mode = match m.config.check_bounds.get_ref() {
        manifest::CheckBounds::Switch(false) => None,
        manifest::CheckBounds::Switch(true) => Some(BoundsMode::Fault),
        manifest::CheckBounds::Mode(o) if o == "off" => None,
        manifest::CheckBounds::Mode(o) if o == "warn" => Some(BoundsMode::Warn),
        manifest::CheckBounds::Mode(o) if o == "fault" => Some(BoundsMode::Fault),
        manifest::CheckBounds::Mode(o) => {
            return Err(RunError::At {
                span: m.config.check_bounds.span(),
                message: format!(
                    "check_bounds = \"{}\": expected true, false, \"off\", \"warn\" or \"fault\"",
                    gpumem_isa::clip(o)
                ),
            });
        }
    };
    let bounds = bounds_mode.map(|mode| {
        let declared = regions.iter().map(|r| (r.address, r.size));
        let module = placed.iter().flat_map(|p| p.ranges());
        BoundsCheck::new(declared.chain(module), mode)
    });
    let textures = texture::build(&m.texture, limit)?;
    if let Some((_, bytes, _)) = &textures {
        let end = texture::POOL + bytes.len() as u64;
        if let Some(r) = regions
            .iter()
            .find(|r| r.address < end && texture::POOL < r.address.saturating_add(r.size))
        {
            return Err(RunError::Manifest(format!(
                "the [[memory]] region at {:#x} overlaps the texture pools at {:#x}..{end:#x}",
                r.address,
                texture::POOL
            )));
        }
    }
    let cfg = LaunchConfig {
        grid,
        block,
        registers,
        shared_bytes,
        local_bytes: m.launch.local_bytes,
        max_steps: m.limits.max_steps,
        max_memory: limit,
        mem: MemConfig {
            fault_misaligned_store: m.config.fault_misaligned_store,
            fault_misaligned_window: m.config.fault_misaligned_window,
            bank_limit,
        },
        windows,
        hazards: m.config.hazards,
        bounds,
        textures: textures.as_ref().map(|t| t.0),
    };
    let mut emu = Emulator::new(&prog, cfg);
    if let Some(j) = opts.jobs.or(m.limits.jobs) {
        emu.jobs = j.max(1);
    }
    for (bank, data) in &constants {
        if data.len() as u64 <= gpumem_mem::CONST_BANK_BYTES {
            emu.mem
                .constant
                .write(*bank, 0, data)
                .map_err(RunError::Program)?;
        }
    }
    let params = match &m.launch.params {
        Some(list) => place_params(list, kparams.as_deref())?,
        None => Vec::new(),
    };
    emu.set_params(&params)
        .map_err(|e| RunError::from(e).at_key(&["launch", "params"]))?;
    for (i, c) in m.constant.iter().enumerate() {
        let at = ["constant".to_string(), i.to_string()];
        let data = manifest::contents(&c.size, &c.init, &c.fill, &c.file, base, limit, &at)?;
        let offset = c.offset.u64("offset")?;
        emu.mem
            .constant
            .write(*c.bank.get_ref(), offset, &data)
            .map_err(|message| RunError::At {
                span: c.bank.span().start..c.offset.span.end.max(c.bank.span().end),
                message,
            })?;
    }
    // The texture pools and handles (after the parameters: a handle is one of them).
    if let Some((_, bytes, handles)) = &textures {
        emu.mem
            .global
            .write(texture::POOL, bytes)
            .map_err(|e| RunError::Manifest(format!("texture pools: {e}")))?;
        for &(bank, off, h) in handles {
            emu.mem
                .constant
                .write(bank, off, &h.to_le_bytes())
                .map_err(|e| RunError::Manifest(format!("texture handle: {e}")))?;
        }
    }
    // What an out-of-bounds report names: the [[memory]] regions and the module's data.
    let mut named: Vec<(u64, u64, String)> = regions
        .iter()
        .enumerate()
        .map(|(i, r)| (r.address, r.size, format!("[[memory]] region {i}")))
        .collect();
    if let Some(p) = &placed {
        named.extend(
            p.ranges()
                .map(|(a, n)| (a, n, "the module's data".to_string())),
        );
    }
    // Each region once, in memory's pages only (the manifest's bytes are dropped here).
    for (i, r) in std::mem::take(&mut regions).into_iter().enumerate() {
        r.write_to(&mut emu.mem.global)
            .map_err(|e| e.at_key(&["memory", &i.to_string()]))?;
    }
    let dump_list = match &placed {
        Some(p) => {
            let mut names: Vec<&str> = m.symbol.iter().map(|s| s.name.get_ref().as_str()).collect();
            names.extend(
                m.dump
                    .iter()
                    .filter_map(|d| d.symbol.as_ref())
                    .map(|s| s.get_ref().as_str()),
            );
            p.write(&mut emu, &names, limit)?;
            p.init_symbols(&m.symbol, &mut emu, base, limit)?;
            p.resolve_dumps(&m.dump)?
        }
        None => {
            if let Some(s) = m.symbol.first() {
                return Err(RunError::At {
                    span: s.name.span(),
                    message:
                        "[[symbol]] sets a cubin's module variables; this program is not a cubin"
                            .into(),
                });
            }
            if let Some(n) = &m.launch.module_base {
                return Err(n.error(
                    "module_base places a cubin's module data; this program is not a cubin".into(),
                ));
            }
            m.dump.clone()
        }
    };
    let shape = manifest::LaunchShape {
        ctas: grid.iter().map(|&g| g as u64).product(),
        threads,
        shared_bytes,
        local_bytes: m.launch.local_bytes,
        registers,
    };
    let specs = manifest::dumps(
        &dump_list,
        &[Space::Global, Space::Constant],
        Some(&shape),
        limit,
    )?;
    // Per-CTA state is kept by the emulator when its CTA finishes.
    let mut captures = Vec::new();
    for d in &specs {
        let (cta, thread) = (d.cta.unwrap_or(0), d.thread.unwrap_or(0));
        let c = match d.of {
            DumpOf::Memory(Space::Shared) => gpumem_warp::Capture::Shared { cta },
            DumpOf::Memory(Space::Local) => gpumem_warp::Capture::Local { cta, thread },
            DumpOf::Registers => gpumem_warp::Capture::Registers { cta, thread },
            DumpOf::Memory(_) => continue,
        };
        captures.push(emu.captured().len());
        emu.capture(c);
    }
    let first_cta = if opts.first_cta {
        if opts.trace_cta as u64 >= shape.ctas {
            return Err(RunError::Option(format!(
                "--cta {}: the grid has {} CTAs (0 to {})",
                opts.trace_cta,
                shape.ctas,
                shape.ctas.saturating_sub(1)
            )));
        }
        let mut probe = Emulator::new(&prog, emu.cfg.clone());
        probe.mem = emu.mem.clone();
        // The CTAs before it, as the run executes them (nothing of them is kept).
        for c in 0..opts.trace_cta {
            if probe.stopped() {
                break;
            }
            probe.run_cta(c);
        }
        if probe.stopped() {
            None
        } else {
            let limit = usize::try_from(m.limits.max_trace_memory).unwrap_or(usize::MAX);
            probe.run_cta_first_accesses(opts.trace_cta, limit)
        }
    } else {
        None
    };
    let (timing, trace) = match timing {
        Some(t) => {
            // Occupancy from the cubin's or the manifest's count, else from the registers
            // the program names.
            let regs = given_registers.unwrap_or_else(|| gpumem_timing::registers_named(&prog));
            let mut model = gpumem_timing::Timing::new(&mut emu, t, regs)
                .map_err(|e| RunError::key(&["timing"], format!("[timing]: {e}")))?
                .with_memory_limit(m.limits.max_trace_memory);
            if let Some(limit) = opts.trace_limit {
                model = model.with_trace(limit);
            }
            let (report, timeline) = model.run_traced();
            (Some(report), timeline)
        }
        None => {
            emu.run();
            (None, None)
        }
    };
    let mut kept = captures.into_iter();
    let dumps: Vec<DumpOut> = specs
        .iter()
        .map(|d| {
            let mut bytes = vec![0; d.size as usize];
            let (at, n) = (d.address as usize, d.size as usize);
            match d.of {
                DumpOf::Memory(Space::Constant) => {
                    emu.mem
                        .constant
                        .read(d.bank.unwrap_or(0), d.address, &mut bytes)
                }
                DumpOf::Memory(Space::Global) => emu.mem.global.read(d.address, &mut bytes),
                // A CTA the run did not finish (a limit stopped it) dumps zeros.
                _ => {
                    if let Some(Some(b)) = kept.next().and_then(|k| emu.captured().get(k))
                        && let Some(src) = b.get(at..at + n)
                    {
                        bytes.copy_from_slice(src);
                    }
                }
            }
            DumpOut {
                of: d.of,
                bank: d.bank,
                cta: d.cta,
                thread: d.thread,
                address: d.address,
                bytes,
                file: d.file.clone(),
                symbol: d.symbol.clone(),
            }
        })
        .collect();
    manifest::save_dumps(&specs, dumps.iter().map(|d| d.bytes.as_slice()), base)?;
    let listing = prog
        .texts
        .iter()
        .enumerate()
        .map(|(i, t)| (gpumem_warp::program::inst_addr(i), t.clone()))
        .collect();
    let mut faults = std::mem::take(&mut emu.faults);
    for f in &mut faults {
        if let (FaultKind::OutOfBounds, Some(a)) = (f.kind, f.address) {
            f.message
                .push_str(&format!("; the address is {}", nearest_region(a, &named)));
        }
    }
    Ok(Report {
        listing,
        isa: "maxwell".into(),
        program: if inline_src.is_some() {
            "<built-in example>".into()
        } else {
            m.program.clone()
        },
        kernel: kernel_name,
        target: target.name().into(),
        grid,
        block,
        registers,
        dumps,
        // A cycle model that stopped early ran only part of the grid functionally too.
        stopped: emu.stopped() || timing.as_ref().is_some_and(|t| t.partial),
        hazards: emu.hazards().to_vec(),
        hazards_dropped: emu.hazards_dropped(),
        faults,
        stats: emu.stats,
        timing,
        trace,
        first_cta,
    })
}

/// Where `addr` lies relative to the declared ranges (`(start, bytes, name)`): inside
/// one, or past the end of the nearer one below, or before the nearer one above.
fn nearest_region(addr: u64, ranges: &[(u64, u64, String)]) -> String {
    let show =
        |(a, n, name): &(u64, u64, String)| format!("{name} ({a:#x}..{:#x}, {n} bytes)", a + n);
    if let Some(r) = ranges.iter().find(|r| addr >= r.0 && addr - r.0 < r.1) {
        return format!("{} bytes into {}", addr - r.0, show(r));
    }
    let below = ranges
        .iter()
        .filter(|r| r.0.saturating_add(r.1) <= addr)
        .max_by_key(|r| r.0 + r.1);
    let above = ranges.iter().filter(|r| r.0 > addr).min_by_key(|r| r.0);
    match (below, above) {
        (Some(b), Some(a)) if a.0 - addr < addr - (b.0 + b.1) => {
            format!("{} bytes before {}", a.0 - addr, show(a))
        }
        (Some(b), _) => format!("{} bytes after the end of {}", addr - (b.0 + b.1), show(b)),
        (None, Some(a)) => format!("{} bytes before {}", a.0 - addr, show(a)),
        (None, None) => "in no declared region (none is declared)".to_string(),
    }
}

/// A `module_base` that puts module data over a `[[memory]]` region: an error at it.
fn check_module_overlap(
    p: &module::Placed,
    regions: &[manifest::GlobalRegion],
    at: &manifest::Num,
) -> Result<(), RunError> {
    for (d, b) in p.module.data.iter().zip(&p.bases) {
        let end = b.saturating_add(d.bytes.len() as u64);
        if let Some(r) = regions
            .iter()
            .find(|r| r.size > 0 && *b < r.address + r.size && r.address < end)
        {
            return Err(at.error(format!(
                "the module's {} ({b:#x}..{end:#x}) overlaps the [[memory]] region at {:#x}..{:#x}",
                d.name,
                r.address,
                r.address + r.size
            )));
        }
    }
    Ok(())
}

/// The parameter block: for a cubin kernel, each parameter at the offset its
/// `.nv.info` gives, the count and each size checked against the kernel's (errors at
/// the value); otherwise one after another at natural alignment.
fn place_params(
    list: &[Param],
    kernel: Option<&[gpumem_maxwell::cubin::KernelParam]>,
) -> Result<Vec<u8>, RunError> {
    let mut out = Vec::new();
    let Some(kps) = kernel else {
        for p in list {
            p.place(&mut out)?;
        }
        return Ok(out);
    };
    // Values that do not fit their type are reported before the layout.
    for p in list {
        p.place(&mut Vec::new())?;
    }
    let sizes = || {
        kps.iter()
            .map(|k| k.size.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (i, p) in list.iter().enumerate() {
        let Some(k) = kps.get(i) else {
            return Err(p.value().error(format!(
                "the kernel takes {} parameters (bytes: {}); this is parameter {}",
                kps.len(),
                sizes(),
                i + 1
            )));
        };
        if k.size as usize != p.size() {
            return Err(p.value().error(format!(
                "parameter {} of the kernel is {} bytes at c[0x0][{:#x}]; this value is {} bytes",
                i + 1,
                k.size,
                gpumem_warp::emulator::PARAM_BASE + k.offset as u64,
                p.size()
            )));
        }
        p.place_at(k.offset as usize, &mut out)?;
    }
    if list.len() < kps.len() {
        return Err(RunError::key(
            &["launch", "params"],
            format!(
                "launch.params: the kernel takes {} parameters (bytes: {}), the manifest gives {}",
                kps.len(),
                sizes(),
                list.len()
            ),
        ));
    }
    Ok(out)
}

/// Runs a manifest from arbitrary bytes under tight limits (for cargo-fuzz). Never
/// panics; the outcome is ignored.
///
/// Layout: the manifest's TOML text, then optionally a line `---` and the program's
/// source text, which replaces the manifest's `program` file (SASS for Maxwell, assembly
/// for Vega). Files named by the manifest are looked up in a folder that does not exist;
/// absolute paths are refused.
#[doc(hidden)]
pub fn fuzz_manifest(data: &[u8]) {
    let _ = fuzz_manifest_report(data);
}

/// [`fuzz_manifest`]'s run, returning the report or error (`None` when the input is
/// refused before running: not UTF-8, an absolute path, not a manifest).
#[doc(hidden)]
pub fn fuzz_manifest_report(data: &[u8]) -> Option<Result<AnyReport, RunError>> {
    let text = std::str::from_utf8(data).ok()?;
    let (toml, src) = match text.split_once("\n---\n") {
        Some((t, s)) => (t, Some(s)),
        None => (text, None),
    };
    if toml.contains("\"/") || toml.contains("'/") {
        return None;
    }
    let base = Path::new("/nonexistent/gpumem-fuzz");
    let m = Manifest::parse(toml).ok()?;
    Some(match m {
        Manifest::Maxwell(mut m) => {
            m.limits.max_steps = m.limits.max_steps.min(5_000);
            m.limits.max_memory = m.limits.max_memory.min(4 << 20);
            run_maxwell(&m, base, src, &RunOptions::default()).map(AnyReport::Maxwell)
        }
        Manifest::Vega(mut m) => {
            m.limits.max_steps = m.limits.max_steps.min(5_000);
            m.limits.max_memory = m.limits.max_memory.min(4 << 20);
            vega::run_vega(m, base, src).map(AnyReport::Vega)
        }
    })
}
