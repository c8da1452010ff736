//! `gpumem._gpumem`: the Rust half of the `gpumem` Python package. Wiring only: every
//! fact lives in the ISA crates, the launch layer (gpumem-run) and the device layer
//! (gpumem-device). Errors become exceptions under `gpumem.GpumemError`; no input
//! panics (every slice is checked, every number converted with a range check).

use gpumem_device::{Context, DeviceConfig, DeviceError, Launch, ModuleId, Stream};
use gpumem_isa::{Diagnostic, DisasmLine, Severity, render_diagnostics};
use numpy::{PyArray1, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

create_exception!(gpumem, GpumemError, PyException, "Every gpumem error.");
create_exception!(
    gpumem,
    AsmError,
    GpumemError,
    "Assembler errors: file, line, column, message (the CLI's caret text), diagnostics."
);
create_exception!(
    gpumem,
    DecodeError,
    GpumemError,
    "An unreadable, truncated or corrupt binary (cubin, code object, raw stream)."
);
create_exception!(
    gpumem,
    ManifestError,
    GpumemError,
    "A bad manifest (at its line and column), or a program or file it names that cannot be read."
);
create_exception!(
    gpumem,
    DeviceApiError,
    GpumemError,
    "A device-layer error: allocation, copy, module, symbol."
);
create_exception!(
    gpumem,
    ArgumentError,
    GpumemError,
    "A kernel argument that does not fit the kernel's parameter layout, or a bad array."
);
create_exception!(
    gpumem,
    LaunchError,
    GpumemError,
    "A launch that was refused (shape, resources) or that faulted."
);

fn err<E: std::fmt::Display>(kind: fn(String) -> PyErr) -> impl Fn(E) -> PyErr {
    move |e| kind(e.to_string())
}

fn decode_err(s: String) -> PyErr {
    DecodeError::new_err(s)
}

fn arg_err(s: String) -> PyErr {
    ArgumentError::new_err(s)
}

/// One diagnostic as a dict (the keys of `gpumem asm --json`'s diagnostics).
fn diag_dict<'py>(py: Python<'py>, file: &str, d: &Diagnostic) -> PyResult<Bound<'py, PyDict>> {
    let m = PyDict::new(py);
    m.set_item("file", file)?;
    m.set_item("line", d.span.line)?;
    m.set_item("column", d.span.col)?;
    m.set_item("severity", d.severity.to_string())?;
    m.set_item("lint", d.lint)?;
    m.set_item("message", &d.message)?;
    m.set_item("text", &d.text)?;
    Ok(m)
}

/// An `AsmError` whose text is the CLI's rendering; the first error's place is on it.
fn asm_error(py: Python<'_>, file: &str, src: &str, diags: &[Diagnostic]) -> PyErr {
    let rendered = format!(
        "{}{} error(s)",
        render_diagnostics(file, src, diags),
        diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    );
    let e = AsmError::new_err(rendered.clone());
    let first = diags
        .iter()
        .find(|d| d.severity == Severity::Error)
        .or(diags.first());
    let v = e.value(py);
    let set = || -> PyResult<()> {
        v.setattr("file", file)?;
        v.setattr("line", first.map(|d| d.span.line))?;
        v.setattr("column", first.map(|d| d.span.col))?;
        v.setattr("message", rendered)?;
        let list = PyList::empty(py);
        for d in diags {
            list.append(diag_dict(py, file, d)?)?;
        }
        v.setattr("diagnostics", list)?;
        Ok(())
    };
    match set() {
        Ok(()) => e,
        Err(other) => other,
    }
}

fn maxwell_target(t: Option<&str>) -> PyResult<gpumem_maxwell::Target> {
    Ok(t.map(str::parse)
        .transpose()
        .map_err(|e: String| PyErr::new::<pyo3::exceptions::PyValueError, _>(e))?
        .unwrap_or(gpumem_maxwell::Target::Sm52))
}

fn vega_target(t: Option<&str>) -> PyResult<gpumem_vega::Target> {
    match t {
        None => Ok(gpumem_vega::Target::Gfx900),
        Some(s) => s.parse().map_err(|e: gpumem_vega::UnknownTarget| {
            PyErr::new::<pyo3::exceptions::PyValueError, _>(e.to_string())
        }),
    }
}

/// `maxwell.assemble(text, target, file)`: the raw instruction stream.
#[pyfunction]
#[pyo3(signature = (text, target=None, file="<string>"))]
fn maxwell_assemble<'py>(
    py: Python<'py>,
    text: &str,
    target: Option<&str>,
    file: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let named = gpumem_maxwell::parse::listing_target(text);
    let t = match (target, named) {
        (None, Some(n)) => n,
        _ => maxwell_target(target)?,
    };
    match gpumem_maxwell::assemble(text, t) {
        Ok(b) => Ok(PyBytes::new(py, &b)),
        Err(d) => Err(asm_error(py, file, text, &d.0)),
    }
}

/// One disassembled line, as a tuple the Python `Line` class takes.
type LineTuple = (
    u64,
    Vec<u64>,
    Option<String>,
    Option<String>,
    Option<String>,
    PyObject,
);

fn maxwell_fields(py: Python<'_>, l: &gpumem_maxwell::DisLine) -> PyResult<PyObject> {
    let Ok(i) = l.inst.as_ref() else {
        return Ok(py.None());
    };
    let d = PyDict::new(py);
    d.set_item("op", i.op.name)?;
    d.set_item("form", i.op.form)?;
    let guard = (i.guard != 7 || i.guard_neg)
        .then(|| format!("{}P{}", if i.guard_neg { "!" } else { "" }, i.guard));
    d.set_item("guard", guard)?;
    let mods = PyDict::new(py);
    for (k, g) in i.op.mods.iter().enumerate() {
        let v = i.mods.get(k).copied().unwrap_or_default();
        let spelled = g.spell(&i.mods, v).map(|m| m.text).unwrap_or("");
        mods.set_item(g.name(), (v, spelled))?;
    }
    d.set_item("modifiers", mods)?;
    let ops: Vec<String> = i.operands().iter().map(|o| format!("{o:?}")).collect();
    d.set_item("operands", ops)?;
    let c = i.ctrl;
    let ctrl = PyDict::new(py);
    ctrl.set_item("stall", c.stall)?;
    ctrl.set_item("yield", !c.no_yield)?;
    ctrl.set_item("write_barrier", (c.wr != 7).then_some(c.wr))?;
    ctrl.set_item("read_barrier", (c.rd != 7).then_some(c.rd))?;
    ctrl.set_item("wait", c.wait)?;
    ctrl.set_item("reuse", c.reuse)?;
    d.set_item("control", ctrl)?;
    Ok(d.into_any().unbind())
}

/// `maxwell.disassemble(data, target)`: a raw stream or a cubin (every kernel).
#[pyfunction]
#[pyo3(signature = (data, target=None, base=0, file="<bytes>"))]
fn maxwell_disassemble(
    py: Python<'_>,
    data: &[u8],
    target: Option<&str>,
    base: u64,
    file: &str,
) -> PyResult<Vec<LineTuple>> {
    use gpumem_maxwell::cubin;
    let mut out = Vec::new();
    let mut emit = |code: &[u8], base: u64, t, kernel: Option<&str>| -> PyResult<()> {
        let lines = gpumem_maxwell::decode_lines(code, base, t)
            .map_err(|e| DecodeError::new_err(format!("{file}: {e}")))?;
        for l in lines {
            let (text, error) = match DisasmLine::text(&l) {
                Ok(t) => (Some(t), None),
                Err(e) => (None, Some(e)),
            };
            out.push((
                l.addr,
                vec![l.word, l.ctrl_word],
                text,
                error,
                kernel.map(str::to_string),
                maxwell_fields(py, &l)?,
            ));
        }
        Ok(())
    };
    if cubin::is_elf(data) {
        let (_, tk) = cubin::arch(data).map_err(|e| decode_err(format!("{file}: {e}")))?;
        if let Some(given) = target
            && maxwell_target(Some(given))? != tk
        {
            return Err(DecodeError::new_err(format!(
                "{file}: target {given} contradicts the cubin's ELF header"
            )));
        }
        let ks = match cubin::kernels(data) {
            Err(cubin::CubinError::NoKernels) => Vec::new(),
            r => r.map_err(|e| decode_err(format!("{file}: {e}")))?,
        };
        for k in ks {
            emit(&k.code, 0, tk, Some(&k.name))?;
        }
    } else {
        if !base.is_multiple_of(32) {
            return Err(PyErr::new::<pyo3::exceptions::PyValueError, _>(format!(
                "base {base:#x} is not 32-byte aligned"
            )));
        }
        emit(data, base, maxwell_target(target)?, None)?;
    }
    Ok(out)
}

/// One lint finding: (severity, lint, message, file, line, column, address, kernel).
type FindingTuple = (
    String,
    Option<String>,
    String,
    String,
    Option<u32>,
    Option<u32>,
    Option<u64>,
    Option<String>,
);

fn maxwell_findings(
    items: &[gpumem_maxwell::lint::Item],
    spans: Option<&[gpumem_isa::Span]>,
    file: &str,
    kernel: Option<&str>,
    opts: gpumem_maxwell::lint::Options,
    out: &mut Vec<FindingTuple>,
) {
    use gpumem_maxwell::lint;
    for f in lint::check_with(items, 0, opts) {
        let span = spans.and_then(|s| s.get(f.at).copied()).unwrap_or_default();
        let d = lint::diagnostic(&f, items, span, String::new());
        out.push((
            d.severity.to_string(),
            d.lint.map(str::to_string),
            d.message,
            file.to_string(),
            spans.map(|_| span.line),
            spans.map(|_| span.col),
            items.get(f.at).map(|i| i.addr),
            kernel.map(str::to_string),
        ));
    }
}

/// `maxwell.lint(text_or_bytes)`: a source text, a raw stream or a cubin.
#[pyfunction]
#[pyo3(signature = (data, target=None, file="<input>", stall_no_yield=false))]
fn maxwell_lint(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    target: Option<&str>,
    file: &str,
    stall_no_yield: bool,
) -> PyResult<Vec<FindingTuple>> {
    use gpumem_maxwell::{cubin, lint};
    let opts = lint::Options { stall_no_yield };
    let mut out = Vec::new();
    if let Ok(src) = data.extract::<String>() {
        let src = src.as_str();
        let t = maxwell_target(target)?;
        let p =
            gpumem_maxwell::parse_program(src, t).map_err(|d| asm_error(py, file, src, &d.0))?;
        let (srcs, _, _) = gpumem_maxwell::parse::parse_source(src, t);
        let items: Vec<lint::Item> = p
            .insts
            .iter()
            .enumerate()
            .map(|(i, inst)| lint::Item {
                addr: gpumem_maxwell::inst_addr(i),
                ctrl: inst.ctrl,
                inst: Ok(*inst),
            })
            .collect();
        let spans: Vec<gpumem_isa::Span> = srcs.iter().map(|s| s.span).collect();
        maxwell_findings(&items, Some(&spans), file, None, opts, &mut out);
        return Ok(out);
    }
    let bytes: Vec<u8> = data
        .extract()
        .map_err(|_| PyTypeError::new_err("lint takes a str (source) or bytes (binary)"))?;
    if cubin::is_elf(&bytes) {
        let (_, tk) = cubin::arch(&bytes).map_err(|e| decode_err(format!("{file}: {e}")))?;
        let ks = match cubin::kernels(&bytes) {
            Err(cubin::CubinError::NoKernels) => Vec::new(),
            r => r.map_err(|e| decode_err(format!("{file}: {e}")))?,
        };
        for k in ks {
            let items = lint::items_from_binary(&k.code, 0, tk)
                .map_err(|e| decode_err(format!("{file}: kernel {}: {e}", k.name)))?;
            maxwell_findings(&items, None, file, Some(&k.name), opts, &mut out);
        }
    } else {
        let items = lint::items_from_binary(&bytes, 0, maxwell_target(target)?)
            .map_err(|e| decode_err(format!("{file}: {e}")))?;
        maxwell_findings(&items, None, file, None, opts, &mut out);
    }
    Ok(out)
}

/// `vega.assemble(text, target)`: (bytes, warnings).
#[pyfunction]
#[pyo3(signature = (text, target=None, file="<string>"))]
fn vega_assemble<'py>(
    py: Python<'py>,
    text: &str,
    target: Option<&str>,
    file: &str,
) -> PyResult<(Bound<'py, PyBytes>, Vec<Bound<'py, PyDict>>)> {
    match gpumem_vega::assemble(text, vega_target(target)?) {
        Ok(a) => {
            let w = a
                .warnings
                .iter()
                .map(|d| diag_dict(py, file, d))
                .collect::<PyResult<Vec<_>>>()?;
            Ok((PyBytes::new(py, &a.bytes), w))
        }
        Err(d) => Err(asm_error(py, file, text, &d.0)),
    }
}

fn vega_code(
    data: &[u8],
    target: Option<&str>,
    file: &str,
) -> PyResult<(Vec<u8>, gpumem_vega::Target)> {
    use gpumem_vega::code_object;
    if !code_object::is_elf(data) {
        return Ok((data.to_vec(), vega_target(target)?));
    }
    let co = code_object::read(data).map_err(|e| decode_err(format!("{file}: {e}")))?;
    if let Some(given) = target
        && vega_target(Some(given))? != co.target
    {
        return Err(DecodeError::new_err(format!(
            "{file}: target {given} contradicts the code object's ELF header, which names {}",
            co.target
        )));
    }
    Ok((co.text.to_vec(), co.target))
}

/// `vega.disassemble(data, target)`: a raw stream or a code object's `.text`.
#[pyfunction]
#[pyo3(signature = (data, target=None, file="<bytes>"))]
fn vega_disassemble(
    py: Python<'_>,
    data: &[u8],
    target: Option<&str>,
    file: &str,
) -> PyResult<Vec<LineTuple>> {
    let (code, t) = vega_code(data, target, file)?;
    Ok(gpumem_vega::disassemble(&code, t)
        .into_iter()
        .map(|l| {
            let (text, error) = match l.text() {
                Ok(t) => (Some(t), None),
                Err(e) => (None, Some(e)),
            };
            (l.address(), l.words(), text, error, None, py.None())
        })
        .collect())
}

/// `vega.lint(text_or_bytes)`: LLVM assembly, or a code object (disassembled first).
#[pyfunction]
#[pyo3(signature = (data, target=None, file="<input>"))]
fn vega_lint(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    target: Option<&str>,
    file: &str,
) -> PyResult<Vec<FindingTuple>> {
    let (src, t) = if let Ok(s) = data.extract::<String>() {
        (s, vega_target(target)?)
    } else {
        let bytes: Vec<u8> = data.extract().map_err(|_| {
            PyTypeError::new_err("lint takes a str (source) or bytes (code object)")
        })?;
        if !gpumem_vega::code_object::is_elf(&bytes) {
            return Err(PyTypeError::new_err(
                "vega.lint reads LLVM assembly (str) or a code object (bytes)",
            ));
        }
        let (code, t) = vega_code(&bytes, target, file)?;
        let mut src = String::new();
        for l in gpumem_vega::disassemble(&code, t) {
            match l.text() {
                Ok(text) => src.push_str(&text),
                Err(e) => {
                    return Err(DecodeError::new_err(format!(
                        "{file}: .text offset {:#x}: {e}: gpumem cannot lint code it cannot decode",
                        l.offset
                    )));
                }
            }
            src.push_str(&format!(" // {:06X}\n", l.offset));
        }
        (src, t)
    };
    let d = gpumem_vega::lint(&src, t);
    let _ = py;
    Ok(d.0
        .iter()
        .map(|d| {
            (
                d.severity.to_string(),
                d.lint.map(str::to_string),
                d.message.clone(),
                file.to_string(),
                Some(d.span.line),
                Some(d.span.col),
                None,
                None,
            )
        })
        .collect())
}

/// `run(manifest)`: (json text as `gpumem run --json` prints it, faulted).
#[pyfunction]
#[pyo3(signature = (text=None, path=None, base_dir=".", name="<string>", timing=false))]
fn run_manifest(
    py: Python<'_>,
    text: Option<String>,
    path: Option<String>,
    base_dir: &str,
    name: &str,
    timing: bool,
) -> PyResult<(String, bool)> {
    let opts = gpumem_run::RunOptions {
        timing,
        ..gpumem_run::RunOptions::default()
    };
    let name = name.to_string();
    let base = std::path::PathBuf::from(base_dir);
    let r = py.allow_threads(move || {
        let (launch, named) = match (&path, &text) {
            (Some(p), _) => (
                gpumem_run::Launch::file(std::path::Path::new(p)),
                p.as_str(),
            ),
            (None, Some(t)) => (gpumem_run::Launch::text(&name, t, &base), name.as_str()),
            (None, None) => (gpumem_run::Launch::builtin(), "the built-in example"),
        };
        gpumem_run::run(&launch.with(opts)).map_err(|e| {
            if e.names_file() {
                e.to_string()
            } else {
                format!("{named}: {e}")
            }
        })
    });
    let report = r.map_err(ManifestError::new_err)?;
    let mut s = serde_json::to_string_pretty(&report.to_json())
        .map_err(|e| GpumemError::new_err(e.to_string()))?;
    s.push('\n');
    Ok((s, report.faulted()))
}

/// A dict as TOML text (for `run(dict)`), through JSON.
#[pyfunction]
fn json_to_toml(json: &str) -> PyResult<String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(err(ManifestError::new_err))?;
    toml::to_string(&v).map_err(|e| ManifestError::new_err(format!("the manifest dict: {e}")))
}

// ---------------------------------------------------------------- the device API

/// A kernel: (name, (offset, size) per parameter, registers, static shared bytes).
type KernelTuple = (String, Vec<(u32, u32)>, u32, u64);

static NEXT_DEVICE: AtomicU64 = AtomicU64::new(1);

type Shared = Arc<Mutex<Context>>;

fn lock(ctx: &Shared) -> MutexGuard<'_, Context> {
    // A poisoned lock only means an earlier call panicked while holding it; the context
    // is still a consistent value (every operation checks before it writes).
    ctx.lock().unwrap_or_else(|p| p.into_inner())
}

fn device_err(e: DeviceError) -> PyErr {
    match e {
        DeviceError::InvalidParams { .. } => ArgumentError::new_err(e.to_string()),
        DeviceError::InvalidLaunch { .. }
        | DeviceError::KernelFault { .. }
        | DeviceError::Sticky(_) => LaunchError::new_err(e.to_string()),
        _ => DeviceApiError::new_err(e.to_string()),
    }
}

/// An emulated Maxwell GPU (`gpumem_device::Context`).
#[pyclass(module = "gpumem._gpumem")]
struct Device {
    ctx: Shared,
    id: u64,
    #[pyo3(get)]
    preset: String,
}

#[pymethods]
impl Device {
    #[new]
    #[pyo3(signature = (preset="gm204", timing=false, max_steps=None, hazards=false))]
    fn new(preset: &str, timing: bool, max_steps: Option<u64>, hazards: bool) -> PyResult<Self> {
        use gpumem_mem::hierarchy::Preset;
        let mut cfg = match Preset::from_name(preset) {
            Some(p) => DeviceConfig::preset(p),
            None => {
                return Err(PyErr::new::<pyo3::exceptions::PyValueError, _>(format!(
                    "preset {preset:?}: gpumem models {}",
                    Preset::NAMES.join(", ")
                )));
            }
        };
        cfg.timing = timing;
        cfg.hazards = hazards;
        if let Some(s) = max_steps {
            cfg.max_steps = s;
        }
        Ok(Device {
            ctx: Arc::new(Mutex::new(Context::new(cfg))),
            id: NEXT_DEVICE.fetch_add(1, Ordering::Relaxed),
            preset: preset.to_string(),
        })
    }

    /// The device's number (buffers and modules remember it).
    #[getter]
    fn id(&self) -> u64 {
        self.id
    }

    /// The GPU's name.
    #[getter]
    fn name(&self) -> String {
        lock(&self.ctx).config().name.clone()
    }

    /// (free, total) bytes of device memory.
    fn mem_info(&self) -> (u64, u64) {
        lock(&self.ctx).mem_info()
    }

    /// Loads a cubin or fat binary from bytes.
    fn _load(&self, data: &[u8]) -> PyResult<u32> {
        lock(&self.ctx).load(data).map(|m| m.0).map_err(device_err)
    }

    /// Allocates `size` bytes of device memory; returns the pointer.
    fn _malloc(&self, size: u64) -> PyResult<u64> {
        lock(&self.ctx).malloc(size).map_err(device_err)
    }

    fn _free(&self, ptr: u64) -> PyResult<()> {
        lock(&self.ctx).free(ptr).map_err(device_err)
    }

    /// Writes a C-contiguous numpy array's bytes at `ptr`.
    fn _write_array(&self, py: Python<'_>, ptr: u64, array: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = array
            .downcast::<PyUntypedArray>()
            .map_err(|_| arg_err(format!("expected a numpy array, got {}", type_name(array))))?;
        if !a.is_c_contiguous() {
            return Err(arg_err(
                "the array is not C-contiguous: pass np.ascontiguousarray(a)".into(),
            ));
        }
        let bytes: Vec<u8> = array.call_method0("tobytes")?.extract()?;
        let ctx = self.ctx.clone();
        py.allow_threads(move || lock(&ctx).write(ptr, &bytes))
            .map_err(device_err)
    }

    /// Reads `n` bytes at `ptr` as a uint8 numpy array.
    fn _read<'py>(
        &self,
        py: Python<'py>,
        ptr: u64,
        n: usize,
    ) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let mut out = vec![0u8; n];
        lock(&self.ctx).read(ptr, &mut out).map_err(device_err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    fn _memset(&self, ptr: u64, value: u8, n: u64) -> PyResult<()> {
        lock(&self.ctx).memset(ptr, value, n).map_err(device_err)
    }

    /// The kernels of module `m`: name -> list of (offset, size) parameters.
    fn _kernels(&self, m: u32) -> PyResult<Vec<KernelTuple>> {
        let ctx = lock(&self.ctx);
        Ok(ctx
            .kernels(ModuleId(m))
            .map_err(device_err)?
            .into_iter()
            .map(|k| {
                (
                    k.name.clone(),
                    k.params.iter().map(|p| (p.offset, p.size)).collect(),
                    k.registers,
                    k.shared_bytes,
                )
            })
            .collect())
    }

    /// Launches; the GIL is released while the kernel runs. Returns
    /// (warp_instructions, elapsed_ms, stats json, timing json or None, hazards).
    #[allow(clippy::too_many_arguments)]
    fn _launch(
        &self,
        py: Python<'_>,
        m: u32,
        kernel: String,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        args: Vec<Vec<u8>>,
        shared: u64,
    ) -> PyResult<(u64, f64, String, Option<String>, usize)> {
        let ctx = self.ctx.clone();
        let shape = Launch {
            grid: [grid.0, grid.1, grid.2],
            block: [block.0, block.1, block.2],
            shared_bytes: shared,
            stream: Stream::DEFAULT,
        };
        // The launch runs on a worker thread; this one waits without the GIL and checks
        // for signals every 50 ms: Ctrl-C sets the flag the emulator polls, the launch
        // stops with an "interrupted" fault, and KeyboardInterrupt is raised here.
        let flag = Arc::new(AtomicBool::new(false));
        lock(&ctx).set_interrupt(Some(flag.clone()));
        let (tx, rx) = std::sync::mpsc::channel();
        let worker_ctx = ctx.clone();
        let worker = std::thread::spawn(move || {
            let refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
            let r = lock(&worker_ctx).launch(ModuleId(m), &kernel, &shape, &refs);
            let _ = tx.send(());
            r
        });
        // A Receiver is not Sync; behind a Mutex it may be borrowed without the GIL.
        let rx = Mutex::new(rx);
        let mut interrupted = None;
        loop {
            let waited = py.allow_threads(|| {
                rx.lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .recv_timeout(Duration::from_millis(50))
            });
            if !matches!(waited, Err(RecvTimeoutError::Timeout)) {
                break;
            }
            if interrupted.is_none()
                && let Err(e) = py.check_signals()
            {
                flag.store(true, Ordering::Relaxed);
                interrupted = Some(e);
            }
        }
        let joined = py.allow_threads(|| worker.join());
        lock(&ctx).set_interrupt(None);
        if let Some(e) = interrupted {
            return Err(e);
        }
        let r = joined
            .map_err(|_| GpumemError::new_err("the launch panicked (a bug in gpumem)"))?
            .map_err(device_err)?;
        let stats = serde_json::to_string(&r.stats).map_err(err(GpumemError::new_err))?;
        let timing = r
            .timing
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(err(GpumemError::new_err))?;
        Ok((
            r.warp_instructions,
            r.elapsed_ms,
            stats,
            timing,
            r.hazards.len(),
        ))
    }

    /// Clears a sticky fault (`cudaDeviceReset` keeps nothing; this keeps allocations).
    fn _sticky(&self) -> Option<String> {
        lock(&self.ctx).sticky_error().map(str::to_string)
    }
}

fn type_name(o: &Bound<'_, PyAny>) -> String {
    o.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

#[pymodule]
fn _gpumem(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GpumemError", py.get_type::<GpumemError>())?;
    m.add("AsmError", py.get_type::<AsmError>())?;
    m.add("DecodeError", py.get_type::<DecodeError>())?;
    m.add("ManifestError", py.get_type::<ManifestError>())?;
    m.add("DeviceError", py.get_type::<DeviceApiError>())?;
    m.add("ArgumentError", py.get_type::<ArgumentError>())?;
    m.add("LaunchError", py.get_type::<LaunchError>())?;
    m.add_function(wrap_pyfunction!(maxwell_assemble, m)?)?;
    m.add_function(wrap_pyfunction!(maxwell_disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(maxwell_lint, m)?)?;
    m.add_function(wrap_pyfunction!(vega_assemble, m)?)?;
    m.add_function(wrap_pyfunction!(vega_disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(vega_lint, m)?)?;
    m.add_function(wrap_pyfunction!(run_manifest, m)?)?;
    m.add_function(wrap_pyfunction!(json_to_toml, m)?)?;
    m.add_class::<Device>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
