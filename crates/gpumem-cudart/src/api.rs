//! The exported C entry points: nvcc's registration calls and the runtime API. Each one
//! catches panics (none may cross into C), checks its pointers, locks the one runtime and
//! turns its result into a `cudaError_t`, remembered for `cudaGetLastError`. Their
//! contracts are CUDA 11.8's documentation of the same names.

// Each function is documented by CUDA under its own name.
#![allow(missing_docs, clippy::missing_safety_doc, clippy::too_many_arguments)]

use crate::error::{self as ce, CudaError};
use crate::rt::{CallConfig, Fail, MirrorKind, Options, R, Runtime, Var, fail};
use crate::types::{DeviceProp, Dim3, FuncAttributes, PointerAttributes};
use std::ffi::{CStr, c_char, c_int, c_uint, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, MutexGuard, Once};

static RUNTIME: Mutex<Option<Runtime>> = Mutex::new(None);
static AT_EXIT: Once = Once::new();

unsafe extern "C" {
    fn atexit(f: extern "C" fn()) -> c_int;
    fn fputs(s: *const c_char, stream: *mut c_void) -> c_int;
    static mut stdout: *mut c_void;
    static mut stderr: *mut c_void;
    fn fflush(stream: *mut c_void) -> c_int;
}

/// Prints the device `printf` output gathered so far on the program's own C `stdout`
/// (so it interleaves with the host's `printf` as on hardware): called at the
/// synchronisation points where CUDA prints it.
fn flush_printf() {
    let _ = catch_unwind(|| {
        let (text, asserts) = with(|rt| (rt.take_printf(), rt.take_asserts()));
        if !text.is_empty()
            && let Ok(c) = std::ffi::CString::new(text.replace('\0', ""))
        {
            // SAFETY: glibc's `stdout` is initialised before any constructor runs; `c` is
            // a NUL-terminated string.
            unsafe { fputs(c.as_ptr(), stdout) };
        }
        // Failed device `assert`s print on standard error, after the launch's `printf`
        // output (flushed first so that the two keep that order on a terminal).
        if !asserts.is_empty()
            && let Ok(c) = std::ffi::CString::new(asserts.replace('\0', ""))
        {
            // SAFETY: as above, for glibc's `stderr`.
            unsafe {
                fflush(stdout);
                fputs(c.as_ptr(), stderr);
            }
        }
    });
}

extern "C" fn at_exit() {
    flush_printf();
    let _ = catch_unwind(|| {
        let g = lock();
        if let Some(rt) = g.as_ref()
            && rt.opts.summary
        {
            eprintln!("{}", rt.summary());
        }
    });
}

fn lock() -> MutexGuard<'static, Option<Runtime>> {
    RUNTIME.lock().unwrap_or_else(|p| p.into_inner())
}

/// Says once per name that a call is not supported (a stub, `src/stubs.rs`, or a
/// registration gpumem cannot serve), and records it as the last error.
pub fn not_supported(what: &str) {
    with(|rt| {
        if rt.unsupported.insert(what.to_string()) {
            eprintln!("gpumem: {what} is not supported (cudaErrorNotSupported)");
        }
        rt.last_error = crate::error::NOT_SUPPORTED;
    });
}

/// Runs `f` on the runtime (made on first use from the environment).
pub fn with<T>(f: impl FnOnce(&mut Runtime) -> T) -> T {
    let mut g = lock();
    let rt = g.get_or_insert_with(|| {
        AT_EXIT.call_once(|| {
            // SAFETY: registers a plain function without state.
            unsafe { atexit(at_exit) };
        });
        Runtime::new(Options::from_env())
    });
    f(rt)
}

/// Replaces the runtime (tests: a fresh one with given options).
pub fn reset_runtime(opts: Options) {
    *lock() = Some(Runtime::new(opts));
}

fn report(name: &str, f: &Fail) {
    if !f.why.is_empty() {
        eprintln!(
            "gpumem: {name}: {} ({})",
            f.why,
            ce::name(f.code).unwrap_or("?")
        );
    }
}

/// One entry point: panics caught, the error remembered for `cudaGetLastError`.
fn entry(name: &str, f: impl FnOnce(&mut Runtime) -> R<()>) -> CudaError {
    let r = catch_unwind(AssertUnwindSafe(|| {
        with(|rt| match f(rt) {
            Ok(()) => ce::SUCCESS,
            Err(e) => {
                report(name, &e);
                if rt.sticky.is_none() || rt.last_error == ce::SUCCESS {
                    rt.last_error = e.code;
                }
                e.code
            }
        })
    }));
    r.unwrap_or_else(|_| {
        eprintln!("gpumem: {name}: internal error (a panic was caught)");
        ce::UNKNOWN
    })
}

/// An entry point that fails with the sticky error once a kernel faulted.
pub(crate) fn live_entry(name: &str, f: impl FnOnce(&mut Runtime) -> R<()>) -> CudaError {
    entry(name, |rt| {
        rt.live()?;
        f(rt)
    })
}

fn null() -> Fail {
    fail(ce::INVALID_VALUE, "a null pointer argument")
}

pub(crate) unsafe fn put<T>(p: *mut T, v: T) -> R<()> {
    if p.is_null() {
        return Err(null());
    }
    // SAFETY: non-null; the program passes a pointer to writable storage for a `T`.
    unsafe { p.write_unaligned(v) };
    Ok(())
}

fn device_ok(device: c_int) -> R<()> {
    if device != 0 {
        return Err(fail(
            ce::INVALID_DEVICE,
            format!("device {device}: gpumem emulates one device, 0"),
        ));
    }
    Ok(())
}

unsafe fn c_str(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: non-null; nvcc passes NUL-terminated names.
    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

fn static_c(s: &'static str) -> *const c_char {
    use std::collections::HashMap;
    use std::ffi::CString;
    static TEXTS: Mutex<Option<HashMap<&'static str, &'static CStr>>> = Mutex::new(None);
    let mut g = TEXTS.lock().unwrap_or_else(|p| p.into_inner());
    let map = g.get_or_insert_with(HashMap::new);
    map.entry(s)
        .or_insert_with(|| {
            Box::leak(
                CString::new(s)
                    .unwrap_or_else(|_| c"?".to_owned())
                    .into_boxed_c_str(),
            )
        })
        .as_ptr()
}

// ---- registration ---------------------------------------------------------------

/// nvcc's fat binary wrapper (`__fatBinC_Wrapper_t`).
#[repr(C)]
struct Wrapper {
    magic: c_int,
    version: c_int,
    data: *const u8,
    filename_or_fatbins: *mut c_void,
}

const FATBIN_MAGIC: u32 = 0xBA55_ED50;

/// The fat binary a wrapper points at, with its length from its header.
unsafe fn fatbin_bytes(w: *const c_void) -> Option<(&'static [u8], u64)> {
    if w.is_null() {
        return None;
    }
    // SAFETY: nvcc passes its wrapper; the data pointer is its fat binary in the image.
    let w = unsafe { &*(w as *const Wrapper) };
    if w.data.is_null() {
        return None;
    }
    // SAFETY: a fat binary header is 16 bytes.
    let head = unsafe { std::slice::from_raw_parts(w.data, 16) };
    let magic = u32::from_le_bytes(head[0..4].try_into().ok()?);
    if magic != FATBIN_MAGIC {
        return None;
    }
    let hsize = u16::from_le_bytes(head[6..8].try_into().ok()?) as u64;
    let body = u64::from_le_bytes(head[8..16].try_into().ok()?);
    let len = hsize.checked_add(body)?;
    if len > 1 << 32 {
        return None;
    }
    // SAFETY: the header gives the bytes that follow it.
    Some((
        unsafe { std::slice::from_raw_parts(w.data, len as usize) },
        len,
    ))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterFatBinary(fat_cubin: *mut c_void) -> *mut *mut c_void {
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: nvcc's wrapper.
        let bytes = unsafe { fatbin_bytes(fat_cubin) };
        with(|rt| {
            let handle = match bytes {
                Some((b, len)) => rt.register_fatbin(b.as_ptr() as u64, len, b),
                None => {
                    let h = rt.register_fatbin(0, 0, &[]);
                    if let Some(f) = rt.fatbins.get_mut(&h) {
                        f.module = Err(fail(
                            ce::INVALID_KERNEL_IMAGE,
                            "the registered fat binary cannot be read (relocatable device code, \
                             -rdc=true, is not supported)",
                        ));
                    }
                    h
                }
            };
            if let Some(Err(e)) = rt.fatbins.get(&handle).map(|f| &f.module) {
                eprintln!("gpumem: __cudaRegisterFatBinary: {}", e.why);
            }
            handle
        })
    }));
    // The handle is an opaque number nvcc passes back; never dereferenced.
    r.unwrap_or(0) as usize as *mut *mut c_void
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterFatBinaryEnd(_handle: *mut *mut c_void) {}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaUnregisterFatBinary(_handle: *mut *mut c_void) {}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaInitModule(_handle: *mut *mut c_void) -> c_char {
    1
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterFunction(
    handle: *mut *mut c_void,
    host_fun: *const c_char,
    _device_fun: *mut c_char,
    device_name: *const c_char,
    _thread_limit: c_int,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _bdim: *mut Dim3,
    _gdim: *mut Dim3,
    _wsize: *mut c_int,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: nvcc's NUL-terminated name.
        let Some(name) = (unsafe { c_str(device_name) }) else {
            return;
        };
        with(|rt| {
            rt.functions.insert(host_fun as u64, (handle as u64, name));
        })
    }));
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterVar(
    handle: *mut *mut c_void,
    host_var: *mut c_char,
    _device_address: *mut c_char,
    device_name: *const c_char,
    _ext: c_int,
    size: usize,
    _constant: c_int,
    _global: c_int,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: nvcc's NUL-terminated name.
        let Some(name) = (unsafe { c_str(device_name) }) else {
            return;
        };
        with(|rt| {
            rt.vars.insert(
                host_var as u64,
                Var {
                    handle: handle as u64,
                    name,
                    size: size as u64,
                    managed_host: None,
                },
            );
        })
    }));
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterManagedVar(
    handle: *mut *mut c_void,
    host_var_ptr_address: *mut *mut c_void,
    _device_address: *mut c_char,
    device_name: *const c_char,
    _ext: c_int,
    size: usize,
    _constant: c_int,
    _global: c_int,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: nvcc's NUL-terminated name.
        let Some(name) = (unsafe { c_str(device_name) }) else {
            return;
        };
        if host_var_ptr_address.is_null() {
            return;
        }
        with(
            |rt| match rt.register_managed_var(handle as u64, &name, size as u64) {
                Ok(host) => {
                    // SAFETY: nvcc passes the address of the variable's host pointer.
                    unsafe { *host_var_ptr_address = host as *mut c_void };
                    rt.vars.insert(
                        host_var_ptr_address as u64,
                        Var {
                            handle: handle as u64,
                            name,
                            size: size as u64,
                            managed_host: Some(host),
                        },
                    );
                }
                Err(e) => eprintln!("gpumem: __managed__ `{name}`: {}", e.why),
            },
        )
    }));
}

/// A texture or surface reference nvcc registers: not supported (textures are their own
/// issue), said once with the reference's name.
///
/// # Safety
/// `device_name` is null or a NUL-terminated string.
unsafe fn refuse_reference(kind: &str, device_name: *const c_char) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's promise.
        let name = unsafe { c_str(device_name) }.unwrap_or_default();
        not_supported(&format!("{kind} reference `{name}`"));
    }));
}

/// A texture reference: its host `textureReference` stands for the module's reference
/// (`cudaBindTexture*` bind it, `src/tex.rs`); `norm` is the read mode (1: normalized
/// float). nvcc 11.8 passes the cubin's symbol name (`"img"`) as `device_address` and
/// the C++ name (`"::img"`) as `device_name`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterTexture(
    handle: *mut *mut c_void,
    host_var: *const c_void,
    device_address: *const *const c_void,
    device_name: *const c_char,
    _dim: c_int,
    norm: c_int,
    _ext: c_int,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: nvcc's NUL-terminated strings (either may be null).
        let name = unsafe { c_str(device_address as *const c_char) }.or_else(|| {
            // SAFETY: as above.
            unsafe { c_str(device_name) }.map(|n| n.trim_start_matches("::").to_string())
        });
        let Some(name) = name else {
            return;
        };
        with(|rt| {
            rt.texrefs.insert(
                host_var as u64,
                crate::rt::TexRef {
                    handle: handle as u64,
                    name,
                    normalized_float: norm == 1,
                },
            );
        })
    }));
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterSurface(
    _handle: *mut *mut c_void,
    _host_var: *const c_void,
    _device_address: *const *const c_void,
    device_name: *const c_char,
    _dim: c_int,
    _ext: c_int,
) {
    // SAFETY: nvcc's NUL-terminated name.
    unsafe { refuse_reference("surface", device_name) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaPushCallConfiguration(
    grid: Dim3,
    block: Dim3,
    shared: usize,
    stream: *mut c_void,
) -> c_uint {
    let r = catch_unwind(AssertUnwindSafe(|| {
        with(|rt| {
            rt.configs.push(CallConfig {
                grid: grid.array(),
                block: block.array(),
                shared: shared as u64,
                stream: stream as u64,
            })
        })
    }));
    if r.is_ok() { 0 } else { 1 }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shared: *mut usize,
    stream: *mut *mut c_void,
) -> CudaError {
    entry("__cudaPopCallConfiguration", |rt| {
        let c = rt
            .configs
            .pop()
            .ok_or_else(|| fail(ce::MISSING_CONFIGURATION, "no <<<>>> configuration"))?;
        let d = |a: [u32; 3]| Dim3 {
            x: a[0],
            y: a[1],
            z: a[2],
        };
        // SAFETY: nvcc passes its own locals.
        unsafe {
            put(grid, d(c.grid))?;
            put(block, d(c.block))?;
            put(shared, c.shared as usize)?;
            put(stream, c.stream as *mut c_void)
        }
    })
}

// ---- launches -------------------------------------------------------------------

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLaunchKernel(
    func: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaLaunchKernel", |rt| {
        let arg = launch_args(args);
        rt.launch(
            func as u64,
            grid.array(),
            block.array(),
            shared as u64,
            stream as u64,
            &arg,
            false,
        )
    })
}

/// The parameter bytes of a launch from nvcc's array of pointers to each parameter.
fn launch_args(args: *mut *mut c_void) -> impl Fn(usize, usize) -> Option<Vec<u8>> {
    move |i: usize, size: usize| -> Option<Vec<u8>> {
        if args.is_null() {
            return None;
        }
        // SAFETY: nvcc passes one pointer per parameter, each to the parameter's value.
        unsafe {
            let p = *args.add(i);
            (!p.is_null()).then(|| std::slice::from_raw_parts(p as *const u8, size).to_vec())
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLaunchCooperativeKernel(
    func: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaLaunchCooperativeKernel", |rt| {
        rt.launch(
            func as u64,
            grid.array(),
            block.array(),
            shared as u64,
            stream as u64,
            &launch_args(args),
            true,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncGetAttributes(
    attr: *mut FuncAttributes,
    func: *const c_void,
) -> CudaError {
    entry("cudaFuncGetAttributes", |rt| {
        let (m, name) = rt.function(func as u64)?;
        let k = rt.ctx.kernel(m, &name).cloned();
        let k = rt.dev(k)?;
        let regs = k.registers.max(1) as u64;
        let per_warp = (regs * 32).div_ceil(256) * 256;
        let max_threads = ((64 * 1024 / per_warp) * 32).min(1024);
        let a = FuncAttributes {
            sharedSizeBytes: k.shared_bytes as usize,
            constSizeBytes: 0,
            localSizeBytes: 0,
            maxThreadsPerBlock: max_threads as i32,
            numRegs: k.registers as i32,
            ptxVersion: k.sm as i32,
            binaryVersion: k.sm as i32,
            cacheModeCA: 0,
            maxDynamicSharedSizeBytes: (48 * 1024 - k.shared_bytes.min(48 * 1024)) as i32,
            preferredShmemCarveout: -1,
        };
        // SAFETY: the program's struct.
        unsafe { put(attr, a) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncSetCacheConfig(func: *const c_void, _c: c_int) -> CudaError {
    entry("cudaFuncSetCacheConfig", |rt| {
        rt.function(func as u64).map(|_| ())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncSetSharedMemConfig(func: *const c_void, _c: c_int) -> CudaError {
    entry("cudaFuncSetSharedMemConfig", |rt| {
        rt.function(func as u64).map(|_| ())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncSetAttribute(
    func: *const c_void,
    _attr: c_int,
    _value: c_int,
) -> CudaError {
    entry("cudaFuncSetAttribute", |rt| {
        rt.function(func as u64).map(|_| ())
    })
}

fn occupancy(rt: &mut Runtime, func: u64, block: c_int, shared: usize) -> R<u32> {
    let (m, name) = rt.function(func)?;
    let k = rt.ctx.kernel(m, &name).cloned();
    let k = rt.dev(k)?;
    if block <= 0 {
        return Err(fail(ce::INVALID_VALUE, format!("block size {block}")));
    }
    let cfg = gpumem_timing::TimingConfig::preset(rt.ctx.config().preset);
    let o = gpumem_timing::occupancy(
        &cfg,
        block as u64,
        k.registers,
        k.shared_bytes + shared as u64,
    );
    Ok(o.ctas_per_sm)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    num: *mut c_int,
    func: *const c_void,
    block: c_int,
    shared: usize,
) -> CudaError {
    entry("cudaOccupancyMaxActiveBlocksPerMultiprocessor", |rt| {
        let n = occupancy(rt, func as u64, block, shared)?;
        // SAFETY: the program's int.
        unsafe { put(num, n as c_int) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num: *mut c_int,
    func: *const c_void,
    block: c_int,
    shared: usize,
    _flags: c_uint,
) -> CudaError {
    // SAFETY: the same contract.
    unsafe { cudaOccupancyMaxActiveBlocksPerMultiprocessor(num, func, block, shared) }
}

// ---- errors and versions --------------------------------------------------------

#[unsafe(no_mangle)]
pub extern "C" fn cudaGetLastError() -> CudaError {
    catch_unwind(|| {
        with(|rt| {
            let e = rt.last_error;
            if rt.sticky.is_none() {
                rt.last_error = ce::SUCCESS;
            }
            e
        })
    })
    .unwrap_or(ce::UNKNOWN)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaPeekAtLastError() -> CudaError {
    catch_unwind(|| with(|rt| rt.last_error)).unwrap_or(ce::UNKNOWN)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaGetErrorString(e: CudaError) -> *const c_char {
    catch_unwind(|| static_c(ce::text(e))).unwrap_or(c"unknown error".as_ptr())
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaGetErrorName(e: CudaError) -> *const c_char {
    catch_unwind(|| static_c(ce::name(e).unwrap_or("cudaErrorUnknown")))
        .unwrap_or(c"cudaErrorUnknown".as_ptr())
}

/// The version gpumem reports for the runtime and the driver: 11.8.
pub const VERSION: c_int = 11080;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaRuntimeGetVersion(v: *mut c_int) -> CudaError {
    // SAFETY: the program's int.
    entry("cudaRuntimeGetVersion", |_| unsafe { put(v, VERSION) })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDriverGetVersion(v: *mut c_int) -> CudaError {
    // SAFETY: the program's int.
    entry("cudaDriverGetVersion", |_| unsafe { put(v, VERSION) })
}

// ---- devices --------------------------------------------------------------------

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDeviceCount(n: *mut c_int) -> CudaError {
    // SAFETY: the program's int.
    entry("cudaGetDeviceCount", |_| unsafe { put(n, 1) })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDevice(d: *mut c_int) -> CudaError {
    // SAFETY: the program's int.
    entry("cudaGetDevice", |_| unsafe { put(d, 0) })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaSetDevice(d: c_int) -> CudaError {
    entry("cudaSetDevice", |_| device_ok(d))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaChooseDevice(d: *mut c_int, _prop: *const DeviceProp) -> CudaError {
    // SAFETY: the program's int.
    entry("cudaChooseDevice", |_| unsafe { put(d, 0) })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaSetDeviceFlags(flags: c_uint) -> CudaError {
    entry("cudaSetDeviceFlags", |rt| {
        rt.device_flags = flags;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDeviceFlags(flags: *mut c_uint) -> CudaError {
    entry("cudaGetDeviceFlags", |rt| {
        let f = rt.device_flags;
        // SAFETY: the program's int.
        unsafe { put(flags, f) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDeviceProperties(
    prop: *mut DeviceProp,
    device: c_int,
) -> CudaError {
    entry("cudaGetDeviceProperties", |rt| {
        device_ok(device)?;
        let p = crate::props::device_prop(rt.ctx.config());
        // SAFETY: the program's struct.
        unsafe { put(prop, p) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetAttribute(
    value: *mut c_int,
    attr: c_int,
    device: c_int,
) -> CudaError {
    entry("cudaDeviceGetAttribute", |rt| {
        device_ok(device)?;
        let p = crate::props::device_prop(rt.ctx.config());
        let v = crate::props::attribute(&p, attr)
            .ok_or_else(|| fail(ce::INVALID_VALUE, format!("device attribute {attr}")))?;
        // SAFETY: the program's int.
        unsafe { put(value, v) }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSynchronize() -> CudaError {
    flush_printf();
    live_entry("cudaDeviceSynchronize", |rt| {
        let r = rt.ctx.synchronize();
        rt.dev(r)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaThreadSynchronize() -> CudaError {
    cudaDeviceSynchronize()
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceReset() -> CudaError {
    flush_printf();
    entry("cudaDeviceReset", |rt| {
        rt.reset();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaThreadExit() -> CudaError {
    cudaDeviceReset()
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSetLimit(limit: c_int, value: usize) -> CudaError {
    entry("cudaDeviceSetLimit", |rt| {
        if rt.limits.get(limit as usize).is_none() {
            return Err(fail(ce::UNSUPPORTED_LIMIT, format!("limit {limit}")));
        }
        // cudaLimitStackSize: the local memory of each thread of later launches.
        if limit == 0 {
            rt.ctx.set_stack_bytes(value as u64);
        }
        // cudaLimitMallocHeapSize: fixed once a kernel that calls malloc has run.
        if limit == 2 {
            let r = rt.ctx.set_heap_bytes(value as u64);
            rt.dev(r)?;
        }
        if let Some(slot) = rt.limits.get_mut(limit as usize) {
            *slot = value as u64;
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetLimit(value: *mut usize, limit: c_int) -> CudaError {
    entry("cudaDeviceGetLimit", |rt| {
        let v = *rt
            .limits
            .get(limit as usize)
            .ok_or_else(|| fail(ce::UNSUPPORTED_LIMIT, format!("limit {limit}")))?;
        // SAFETY: the program's size_t.
        unsafe { put(value, v as usize) }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSetCacheConfig(_c: c_int) -> CudaError {
    entry("cudaDeviceSetCacheConfig", |_| Ok(()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetCacheConfig(c: *mut c_int) -> CudaError {
    // SAFETY: the program's int.
    entry("cudaDeviceGetCacheConfig", |_| unsafe { put(c, 0) })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSetSharedMemConfig(_c: c_int) -> CudaError {
    entry("cudaDeviceSetSharedMemConfig", |_| Ok(()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetSharedMemConfig(c: *mut c_int) -> CudaError {
    // SAFETY: the program's int (cudaSharedMemBankSizeFourByte).
    entry("cudaDeviceGetSharedMemConfig", |_| unsafe { put(c, 1) })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetStreamPriorityRange(
    least: *mut c_int,
    greatest: *mut c_int,
) -> CudaError {
    entry("cudaDeviceGetStreamPriorityRange", |_| {
        // SAFETY: the program's ints (either may be null).
        unsafe {
            if !least.is_null() {
                put(least, 0)?;
            }
            if !greatest.is_null() {
                put(greatest, 0)?;
            }
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceCanAccessPeer(
    can: *mut c_int,
    device: c_int,
    peer: c_int,
) -> CudaError {
    entry("cudaDeviceCanAccessPeer", |_| {
        device_ok(device)?;
        device_ok(peer)?;
        // SAFETY: the program's int.
        unsafe { put(can, 0) }
    })
}

// ---- memory ---------------------------------------------------------------------

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMalloc(p: *mut *mut c_void, size: usize) -> CudaError {
    live_entry("cudaMalloc", |rt| {
        if p.is_null() {
            return Err(null());
        }
        let r = rt.ctx.malloc(size as u64);
        let a = rt.dev(r)?;
        // SAFETY: non-null pointer to the program's pointer.
        unsafe { put(p, a as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFree(p: *mut c_void) -> CudaError {
    live_entry("cudaFree", |rt| {
        let a = p as u64;
        if !Runtime::is_device(a) && a != 0 {
            return rt.host_free(a, &[MirrorKind::Managed], "cudaFree");
        }
        let r = rt.ctx.free(a);
        rt.dev(r)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocHost(p: *mut *mut c_void, size: usize) -> CudaError {
    live_entry("cudaMallocHost", |rt| {
        if p.is_null() {
            return Err(null());
        }
        let a = rt.host_alloc(size as u64, MirrorKind::Pinned, 0)?;
        // SAFETY: non-null.
        unsafe { put(p, a as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostAlloc(
    p: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> CudaError {
    live_entry("cudaHostAlloc", |rt| {
        if p.is_null() {
            return Err(null());
        }
        if flags & !0xf != 0 {
            return Err(fail(ce::INVALID_VALUE, format!("flags {flags:#x}")));
        }
        let a = rt.host_alloc(size as u64, MirrorKind::Pinned, flags)?;
        // SAFETY: non-null.
        unsafe { put(p, a as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFreeHost(p: *mut c_void) -> CudaError {
    live_entry("cudaFreeHost", |rt| {
        rt.host_free(p as u64, &[MirrorKind::Pinned], "cudaFreeHost")
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocManaged(
    p: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> CudaError {
    live_entry("cudaMallocManaged", |rt| {
        if p.is_null() {
            return Err(null());
        }
        // cudaMemAttachGlobal 1, cudaMemAttachHost 2.
        if flags != 1 && flags != 2 {
            return Err(fail(ce::INVALID_VALUE, format!("flags {flags:#x}")));
        }
        let a = rt.host_alloc(size as u64, MirrorKind::Managed, flags)?;
        // SAFETY: non-null.
        unsafe { put(p, a as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostRegister(p: *mut c_void, size: usize, flags: c_uint) -> CudaError {
    live_entry("cudaHostRegister", |rt| {
        rt.host_register(p as u64, size as u64, flags)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostUnregister(p: *mut c_void) -> CudaError {
    live_entry("cudaHostUnregister", |rt| {
        rt.host_free(p as u64, &[MirrorKind::Registered], "cudaHostUnregister")
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostGetDevicePointer(
    dev: *mut *mut c_void,
    host: *mut c_void,
    flags: c_uint,
) -> CudaError {
    live_entry("cudaHostGetDevicePointer", |rt| {
        if flags != 0 {
            return Err(fail(ce::INVALID_VALUE, format!("flags {flags:#x}")));
        }
        let Some((start, m)) = rt.mirror_of(host as u64) else {
            return Err(fail(
                ce::INVALID_VALUE,
                format!(
                    "{:#x} is not host memory mapped for the device",
                    host as u64
                ),
            ));
        };
        let d = m.dev + (host as u64 - start);
        // SAFETY: the program's pointer.
        unsafe { put(dev, d as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostGetFlags(flags: *mut c_uint, host: *mut c_void) -> CudaError {
    live_entry("cudaHostGetFlags", |rt| {
        let Some((_, m)) = rt.mirror_of(host as u64) else {
            return Err(fail(
                ce::INVALID_VALUE,
                format!("{:#x} is not host memory of the runtime", host as u64),
            ));
        };
        let f = m.flags;
        // SAFETY: the program's int.
        unsafe { put(flags, f) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocPitch(
    p: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> CudaError {
    live_entry("cudaMallocPitch", |rt| {
        if p.is_null() || pitch.is_null() {
            return Err(null());
        }
        let pt = (width as u64)
            .max(1)
            .checked_next_multiple_of(crate::rt::PITCH_ALIGN)
            .ok_or_else(|| fail(ce::MEMORY_ALLOCATION, "width"))?;
        let size = pt
            .checked_mul(height as u64)
            .ok_or_else(|| fail(ce::MEMORY_ALLOCATION, "pitch × height passes 2^64"))?;
        let r = rt.ctx.malloc(size);
        let a = rt.dev(r)?;
        // SAFETY: non-null.
        unsafe {
            put(p, a as *mut c_void)?;
            put(pitch, pt as usize)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemGetInfo(free: *mut usize, total: *mut usize) -> CudaError {
    live_entry("cudaMemGetInfo", |rt| {
        let (f, t) = rt.ctx.mem_info();
        // SAFETY: the program's size_ts.
        unsafe {
            put(free, f as usize)?;
            put(total, t as usize)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaPointerGetAttributes(
    attr: *mut PointerAttributes,
    p: *const c_void,
) -> CudaError {
    entry("cudaPointerGetAttributes", |rt| {
        let (t, d, h) = rt.pointer_kind(p as u64);
        let a = PointerAttributes {
            type_: t,
            device: 0,
            devicePointer: d as *mut c_void,
            hostPointer: h as *mut c_void,
        };
        // SAFETY: the program's struct.
        unsafe { put(attr, a) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    kind: c_int,
) -> CudaError {
    flush_printf();
    live_entry("cudaMemcpy", |rt| {
        rt.memcpy(dst as u64, src as u64, n as u64, kind)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    kind: c_int,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemcpyAsync", |rt| {
        rt.stream(stream as u64)?;
        rt.memcpy(dst as u64, src as u64, n as u64, kind)
    })
}

fn memcpy_2d(
    rt: &mut Runtime,
    dst: u64,
    dpitch: u64,
    src: u64,
    spitch: u64,
    width: u64,
    height: u64,
    kind: c_int,
) -> R<()> {
    if width > dpitch || width > spitch {
        return Err(fail(
            ce::INVALID_PITCH_VALUE,
            format!("width {width} passes a pitch ({dpitch}, {spitch})"),
        ));
    }
    for row in 0..height {
        rt.memcpy(dst + row * dpitch, src + row * spitch, width, kind)?;
    }
    Ok(())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpy2D", |rt| {
        memcpy_2d(
            rt,
            dst as u64,
            dpitch as u64,
            src as u64,
            spitch as u64,
            width as u64,
            height as u64,
            kind,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemcpy2DAsync", |rt| {
        rt.stream(stream as u64)?;
        memcpy_2d(
            rt,
            dst as u64,
            dpitch as u64,
            src as u64,
            spitch as u64,
            width as u64,
            height as u64,
            kind,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemset(p: *mut c_void, value: c_int, n: usize) -> CudaError {
    live_entry("cudaMemset", |rt| {
        rt.memset(p as u64, value as u8, n as u64)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemsetAsync(
    p: *mut c_void,
    value: c_int,
    n: usize,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemsetAsync", |rt| {
        rt.stream(stream as u64)?;
        rt.memset(p as u64, value as u8, n as u64)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemset2D(
    p: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> CudaError {
    live_entry("cudaMemset2D", |rt| {
        if width > pitch {
            return Err(fail(ce::INVALID_PITCH_VALUE, "width passes the pitch"));
        }
        for row in 0..height as u64 {
            rt.memset(p as u64 + row * pitch as u64, value as u8, width as u64)?;
        }
        Ok(())
    })
}

fn symbol_copy_to(rt: &mut Runtime, sym: u64, src: u64, n: u64, off: u64, kind: c_int) -> R<()> {
    let (m, v) = rt.var(sym)?;
    if let Some(host) = v.managed_host {
        return rt.memcpy(host + off, src, n, kind);
    }
    let mut buf = vec![0u8; n as usize];
    let kind_in = match kind {
        crate::types::memcpy_kind::DEVICE_TO_DEVICE => crate::types::memcpy_kind::DEVICE_TO_HOST,
        crate::types::memcpy_kind::HOST_TO_DEVICE | crate::types::memcpy_kind::DEFAULT => {
            crate::types::memcpy_kind::HOST_TO_HOST
        }
        k => {
            return Err(fail(
                ce::INVALID_MEMCPY_DIRECTION,
                format!("cudaMemcpyKind {k} to a symbol"),
            ));
        }
    };
    if n > 0 {
        rt.memcpy(buf.as_mut_ptr() as u64, src, n, kind_in)?;
    }
    let r = rt.ctx.write_symbol(m, &v.name, off, &buf);
    rt.dev(r)
}

fn symbol_copy_from(rt: &mut Runtime, dst: u64, sym: u64, n: u64, off: u64, kind: c_int) -> R<()> {
    let (m, v) = rt.var(sym)?;
    if let Some(host) = v.managed_host {
        return rt.memcpy(dst, host + off, n, kind);
    }
    let kind_out = match kind {
        crate::types::memcpy_kind::DEVICE_TO_DEVICE => crate::types::memcpy_kind::HOST_TO_DEVICE,
        crate::types::memcpy_kind::DEVICE_TO_HOST | crate::types::memcpy_kind::DEFAULT => {
            crate::types::memcpy_kind::HOST_TO_HOST
        }
        k => {
            return Err(fail(
                ce::INVALID_MEMCPY_DIRECTION,
                format!("cudaMemcpyKind {k} from a symbol"),
            ));
        }
    };
    let mut buf = vec![0u8; n as usize];
    let r = rt.ctx.read_symbol(m, &v.name, off, &mut buf);
    rt.dev(r)?;
    if n > 0 {
        rt.memcpy(dst, buf.as_ptr() as u64, n, kind_out)?;
    }
    Ok(())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyToSymbol(
    sym: *const c_void,
    src: *const c_void,
    n: usize,
    off: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpyToSymbol", |rt| {
        symbol_copy_to(rt, sym as u64, src as u64, n as u64, off as u64, kind)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyToSymbolAsync(
    sym: *const c_void,
    src: *const c_void,
    n: usize,
    off: usize,
    kind: c_int,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemcpyToSymbolAsync", |rt| {
        rt.stream(stream as u64)?;
        symbol_copy_to(rt, sym as u64, src as u64, n as u64, off as u64, kind)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyFromSymbol(
    dst: *mut c_void,
    sym: *const c_void,
    n: usize,
    off: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpyFromSymbol", |rt| {
        symbol_copy_from(rt, dst as u64, sym as u64, n as u64, off as u64, kind)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyFromSymbolAsync(
    dst: *mut c_void,
    sym: *const c_void,
    n: usize,
    off: usize,
    kind: c_int,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemcpyFromSymbolAsync", |rt| {
        rt.stream(stream as u64)?;
        symbol_copy_from(rt, dst as u64, sym as u64, n as u64, off as u64, kind)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetSymbolAddress(
    p: *mut *mut c_void,
    sym: *const c_void,
) -> CudaError {
    live_entry("cudaGetSymbolAddress", |rt| {
        let (m, v) = rt.var(sym as u64)?;
        if let Some(host) = v.managed_host {
            // SAFETY: the program's pointer.
            return unsafe { put(p, host as *mut c_void) };
        }
        let s = rt.ctx.symbol(m, &v.name).cloned();
        let s = rt.dev(s)?;
        match s.place {
            gpumem_device::SymbolPlace::Global(a) => {
                // SAFETY: the program's pointer.
                unsafe { put(p, a as *mut c_void) }
            }
            gpumem_device::SymbolPlace::Constant { .. } => Err(fail(
                ce::INVALID_SYMBOL,
                format!(
                    "`{}` is a __constant__ variable: gpumem gives constant banks no global \
                     address",
                    v.name
                ),
            )),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetSymbolSize(size: *mut usize, sym: *const c_void) -> CudaError {
    live_entry("cudaGetSymbolSize", |rt| {
        let (_, v) = rt.var(sym as u64)?;
        // SAFETY: the program's size_t.
        unsafe { put(size, v.size as usize) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemPrefetchAsync(
    p: *const c_void,
    _n: usize,
    _device: c_int,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemPrefetchAsync", |rt| {
        rt.stream(stream as u64)?;
        if !rt.device_visible(p as u64) {
            return Err(fail(ce::INVALID_VALUE, "not managed memory"));
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemAdvise(
    p: *const c_void,
    _n: usize,
    _advice: c_int,
    _device: c_int,
) -> CudaError {
    live_entry("cudaMemAdvise", |rt| {
        if !rt.device_visible(p as u64) {
            return Err(fail(ce::INVALID_VALUE, "not managed memory"));
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamAttachMemAsync(
    stream: *mut c_void,
    _p: *mut c_void,
    _n: usize,
    _flags: c_uint,
) -> CudaError {
    live_entry("cudaStreamAttachMemAsync", |rt| {
        rt.stream(stream as u64).map(|_| ())
    })
}

// ---- streams --------------------------------------------------------------------

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamCreate(s: *mut *mut c_void) -> CudaError {
    // SAFETY: the program's handle.
    unsafe { cudaStreamCreateWithFlags(s, 0) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamCreateWithFlags(
    s: *mut *mut c_void,
    flags: c_uint,
) -> CudaError {
    live_entry("cudaStreamCreateWithFlags", |rt| {
        if s.is_null() {
            return Err(null());
        }
        let h = rt.create_stream(flags);
        // SAFETY: non-null.
        unsafe { put(s, h as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamCreateWithPriority(
    s: *mut *mut c_void,
    flags: c_uint,
    _priority: c_int,
) -> CudaError {
    // SAFETY: the same contract.
    unsafe { cudaStreamCreateWithFlags(s, flags) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamDestroy(s: *mut c_void) -> CudaError {
    entry("cudaStreamDestroy", |rt| {
        let (st, _) = rt
            .streams
            .remove(&(s as u64))
            .ok_or_else(|| fail(ce::INVALID_RESOURCE_HANDLE, format!("no stream {s:p}")))?;
        let r = rt.ctx.destroy_stream(st);
        rt.dev(r)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamSynchronize(s: *mut c_void) -> CudaError {
    flush_printf();
    live_entry("cudaStreamSynchronize", |rt| {
        let st = rt.stream(s as u64)?;
        let r = rt.ctx.synchronize_stream(st);
        rt.dev(r)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamQuery(s: *mut c_void) -> CudaError {
    live_entry("cudaStreamQuery", |rt| rt.stream(s as u64).map(|_| ()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamGetFlags(s: *mut c_void, flags: *mut c_uint) -> CudaError {
    live_entry("cudaStreamGetFlags", |rt| {
        rt.stream(s as u64)?;
        let f = rt.streams.get(&(s as u64)).map_or(0, |x| x.1);
        // SAFETY: the program's int.
        unsafe { put(flags, f) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamGetPriority(s: *mut c_void, p: *mut c_int) -> CudaError {
    live_entry("cudaStreamGetPriority", |rt| {
        rt.stream(s as u64)?;
        // SAFETY: the program's int.
        unsafe { put(p, 0) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamWaitEvent(
    s: *mut c_void,
    e: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    live_entry("cudaStreamWaitEvent", |rt| {
        rt.stream(s as u64)?;
        rt.event(e as u64).map(|_| ())
    })
}

type StreamCallback = unsafe extern "C" fn(*mut c_void, CudaError, *mut c_void);
type HostFn = unsafe extern "C" fn(*mut c_void);

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamAddCallback(
    s: *mut c_void,
    cb: Option<StreamCallback>,
    data: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    let r = live_entry("cudaStreamAddCallback", |rt| {
        rt.stream(s as u64)?;
        cb.map(|_| ()).ok_or_else(null)
    });
    // Work runs at enqueue: the callback runs now, outside the runtime's lock (it may
    // call the runtime).
    if r == ce::SUCCESS
        && let Some(cb) = cb
    {
        // SAFETY: the program's callback with its own data.
        unsafe { cb(s, ce::SUCCESS, data) };
    }
    r
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLaunchHostFunc(
    s: *mut c_void,
    f: Option<HostFn>,
    data: *mut c_void,
) -> CudaError {
    let r = live_entry("cudaLaunchHostFunc", |rt| {
        rt.stream(s as u64)?;
        f.map(|_| ()).ok_or_else(null)
    });
    if r == ce::SUCCESS
        && let Some(f) = f
    {
        // SAFETY: the program's function with its own data.
        unsafe { f(data) };
    }
    r
}

// ---- events ---------------------------------------------------------------------

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventCreate(e: *mut *mut c_void) -> CudaError {
    // SAFETY: the same contract.
    unsafe { cudaEventCreateWithFlags(e, 0) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventCreateWithFlags(
    e: *mut *mut c_void,
    _flags: c_uint,
) -> CudaError {
    live_entry("cudaEventCreateWithFlags", |rt| {
        if e.is_null() {
            return Err(null());
        }
        let h = rt.create_event();
        // SAFETY: non-null.
        unsafe { put(e, h as *mut c_void) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventDestroy(e: *mut c_void) -> CudaError {
    entry("cudaEventDestroy", |rt| {
        let ev = rt
            .events
            .remove(&(e as u64))
            .ok_or_else(|| fail(ce::INVALID_RESOURCE_HANDLE, format!("no event {e:p}")))?;
        let r = rt.ctx.destroy_event(ev);
        rt.dev(r)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventRecord(e: *mut c_void, s: *mut c_void) -> CudaError {
    live_entry("cudaEventRecord", |rt| {
        let ev = rt.event(e as u64)?;
        let st = rt.stream(s as u64)?;
        let r = rt.ctx.record_event(ev, st);
        rt.dev(r)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventRecordWithFlags(
    e: *mut c_void,
    s: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    // SAFETY: the same contract.
    unsafe { cudaEventRecord(e, s) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventSynchronize(e: *mut c_void) -> CudaError {
    flush_printf();
    live_entry("cudaEventSynchronize", |rt| rt.event(e as u64).map(|_| ()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventQuery(e: *mut c_void) -> CudaError {
    live_entry("cudaEventQuery", |rt| rt.event(e as u64).map(|_| ()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventElapsedTime(
    ms: *mut f32,
    start: *mut c_void,
    end: *mut c_void,
) -> CudaError {
    live_entry("cudaEventElapsedTime", |rt| {
        let a = rt.event(start as u64)?;
        let b = rt.event(end as u64)?;
        let r = rt.ctx.elapsed_ms(a, b);
        let t = rt.dev(r)?;
        // SAFETY: the program's float.
        unsafe { put(ms, t as f32) }
    })
}

// ---- misc -----------------------------------------------------------------------

#[unsafe(no_mangle)]
pub extern "C" fn cudaProfilerStart() -> CudaError {
    entry("cudaProfilerStart", |_| Ok(()))
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaProfilerStop() -> CudaError {
    entry("cudaProfilerStop", |_| Ok(()))
}

/// `struct cudaChannelFormatDesc`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ChannelFormatDesc {
    x: c_int,
    y: c_int,
    z: c_int,
    w: c_int,
    f: c_int,
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaCreateChannelDesc(
    x: c_int,
    y: c_int,
    z: c_int,
    w: c_int,
    f: c_int,
) -> ChannelFormatDesc {
    ChannelFormatDesc { x, y, z, w, f }
}
