//! `gpumem cuda -- PROGRAM [ARGS...]`: runs a program built by nvcc 11.8 with
//! `-cudart shared` against gpumem's `libcudart.so.11.0` (crates/gpumem-cudart), so that its
//! CUDA runtime is the emulator. Options reach the library through the environment
//! (`docs/11-cuda-runtime.md`).

use crate::Fail;
use gpumem_mem::hierarchy::Preset;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The soname nvcc 11.8's programs need.
pub const SONAME: &str = "libcudart.so.11.0";

/// The options of `gpumem cuda`.
pub struct Options {
    /// `--timing`.
    pub timing: bool,
    /// `--check`.
    pub check: bool,
    /// `--report FILE`.
    pub report: Option<PathBuf>,
    /// `--preset`.
    pub preset: Option<Preset>,
    /// `--jobs N`.
    pub jobs: Option<usize>,
}

/// `--preset`'s parser: one of [`Preset::NAMES`] (clap lists them in `--help` and in
/// its error for another name).
pub fn preset_parser() -> impl clap::builder::TypedValueParser<Value = Preset> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Preset::NAMES).try_map(|s| s.parse::<Preset>())
}

/// Runs the program and returns its exit status.
pub fn cuda(opts: &Options, program: &[OsString]) -> Result<ExitCode, Fail> {
    let Some((prog, args)) = program.split_first() else {
        return Err(Fail(
            "no program: give it after `--` (gpumem cuda -- ./vectorAdd)".into(),
        ));
    };
    let path = find_program(Path::new(prog))?;
    check_needed(&path)?;
    let lib = find_cudart()?;
    let dir = std::env::temp_dir().join(format!("gpumem-cudart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| Fail(format!("creating {}: {e}", dir.display())))?;
    let link = dir.join(SONAME);
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&lib, &link)
        .map_err(|e| Fail(format!("linking {}: {e}", link.display())))?;
    let mark = dir.join("used");
    let mut ld = OsString::from(&dir);
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|o| !o.is_empty()) {
        ld.push(":");
        ld.push(old);
    }
    let mut cmd = Command::new(&path);
    cmd.args(args)
        .env("LD_LIBRARY_PATH", ld)
        .env("GPUMEM_SUMMARY", "1")
        .env("GPUMEM_CUDART_MARK", &mark)
        .env("GPUMEM_TIMING", if opts.timing { "1" } else { "0" })
        .env("GPUMEM_CHECK", if opts.check { "1" } else { "0" })
        .env("GPUMEM_PRESET", opts.preset.unwrap_or(Preset::Gm204).name());
    match opts.jobs {
        Some(j) => {
            cmd.env("GPUMEM_JOBS", j.to_string());
        }
        None => {
            cmd.env_remove("GPUMEM_JOBS");
        }
    }
    match &opts.report {
        Some(r) => {
            let abs = std::path::absolute(r).unwrap_or_else(|_| r.clone());
            cmd.env("GPUMEM_REPORT", abs);
        }
        None => {
            cmd.env_remove("GPUMEM_REPORT");
        }
    }
    let status = cmd.status();
    let used = mark.exists();
    let _ = std::fs::remove_dir_all(&dir);
    let status = status.map_err(|e| Fail(format!("running {}: {e}", path.display())))?;
    if !used {
        eprintln!(
            "gpumem: {} never called the CUDA runtime: nothing ran on the emulated GPU",
            path.display()
        );
    }
    if let Some(c) = status.code() {
        return Ok(ExitCode::from(c.clamp(0, 255) as u8));
    }
    use std::os::unix::process::ExitStatusExt;
    let sig = status.signal().unwrap_or(0);
    eprintln!("gpumem: {} was killed by signal {sig}", path.display());
    Ok(ExitCode::from((128 + sig).clamp(0, 255) as u8))
}

/// The program's file: a path as given, or a bare name looked up on `PATH`.
fn find_program(p: &Path) -> Result<PathBuf, Fail> {
    if p.components().count() > 1 || p.is_absolute() {
        if p.is_file() {
            return Ok(p.to_path_buf());
        }
        return Err(Fail(format!("no program {}", p.display())));
    }
    if p.is_file() {
        return Ok(Path::new(".").join(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(p))
        .find(|c| c.is_file())
        .ok_or_else(|| {
            Fail(format!(
                "no program {} (not a file here nor on PATH)",
                p.display()
            ))
        })
}

/// An ELF program must load `libcudart.so.11.0` (DT_NEEDED): nvcc links the runtime
/// statically unless told `-cudart shared`, and then gpumem cannot stand in for it.
/// Other files (scripts) are run as they are.
fn check_needed(path: &Path) -> Result<(), Fail> {
    let bytes =
        std::fs::read(path).map_err(|e| Fail(format!("reading {}: {e}", path.display())))?;
    if !bytes.starts_with(b"\x7fELF") {
        return Ok(());
    }
    let needed = needed_libraries(&bytes).map_err(|e| {
        Fail(format!(
            "{}: not a readable ELF program: {e}",
            path.display()
        ))
    })?;
    if needed.iter().any(|n| n == SONAME) {
        return Ok(());
    }
    let other = needed.iter().find(|n| n.starts_with("libcudart.so"));
    let why = match other {
        Some(o) => format!(
            "it loads {o}, another CUDA version's runtime; build it with nvcc 11.8 \
             `-cudart shared -arch=sm_52`"
        ),
        None if bytes.windows(11).any(|w| w == b"__cudaRegis") => {
            "it carries the CUDA runtime inside (nvcc's default, `-cudart static`); build it \
             with `nvcc -cudart shared -arch=sm_52` so that gpumem's libcudart.so.11.0 is loaded"
                .to_string()
        }
        None => format!(
            "it does not load {SONAME} (needs: {}); build it with `nvcc -cudart shared \
             -arch=sm_52`",
            if needed.is_empty() {
                "nothing: statically linked".to_string()
            } else {
                needed.join(", ")
            }
        ),
    };
    Err(Fail(format!(
        "{} cannot run on gpumem: {why}",
        path.display()
    )))
}

/// The DT_NEEDED entries of an ELF file.
pub fn needed_libraries(bytes: &[u8]) -> Result<Vec<String>, String> {
    use object::read::elf::{Dyn, ElfFile64, FileHeader, SectionHeader};
    let file = ElfFile64::<object::Endianness>::parse(bytes).map_err(|e| e.to_string())?;
    let endian = file.endian();
    let sections = file
        .elf_header()
        .sections(endian, bytes)
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        let Some((dyns, link)) = s.dynamic(endian, bytes).map_err(|e| e.to_string())? else {
            continue;
        };
        let _ = i;
        let strings = sections
            .strings(endian, bytes, link)
            .map_err(|e| e.to_string())?;
        for d in dyns {
            if d.d_tag(endian) == u64::from(object::elf::DT_NEEDED) {
                let name = d.string(endian, strings).map_err(|e| e.to_string())?;
                out.push(String::from_utf8_lossy(name).into_owned());
            }
        }
    }
    Ok(out)
}

/// gpumem's runtime library: `GPUMEM_CUDART` (the library, or a folder holding it), else
/// beside the `gpumem` executable (`cargo build` puts `libgpumem_cudart.so` there; a
/// test build in `deps/`).
fn find_cudart() -> Result<PathBuf, Fail> {
    let names = ["libgpumem_cudart.so", SONAME];
    let in_dir = |d: &Path| names.iter().map(|n| d.join(n)).find(|p| p.is_file());
    if let Some(v) = std::env::var_os("GPUMEM_CUDART").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(v);
        if p.is_file() {
            return Ok(std::path::absolute(&p).unwrap_or(p));
        }
        if p.is_dir()
            && let Some(f) = in_dir(&p)
        {
            return Ok(std::path::absolute(&f).unwrap_or(f));
        }
        return Err(Fail(format!(
            "GPUMEM_CUDART={}: no libgpumem_cudart.so or {SONAME} there",
            p.display()
        )));
    }
    let exe = std::env::current_exe().map_err(|e| Fail(format!("locating gpumem: {e}")))?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    in_dir(dir)
        .or_else(|| in_dir(&dir.join("deps")))
        .ok_or_else(|| {
            Fail(format!(
                "gpumem's CUDA runtime is not beside {}: build it (`cargo build -p \
                 gpumem-cudart`, or `cargo build --workspace`) or set GPUMEM_CUDART to \
                 libgpumem_cudart.so",
                exe.display()
            ))
        })
}
