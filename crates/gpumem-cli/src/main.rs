//! `gpumem`: assemble, disassemble (and later run) GPU memory instructions.
//! Wiring only: every fact lives in the ISA crates.

mod cuda;
mod diag;
mod explain;
mod maxwell;
mod paint;
mod vega;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::{Read, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gpumem",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("GPUMEM_COMMIT"), ")"),
    about = "Assemble, disassemble and explain GPU memory instructions (Maxwell SASS, Vega SMEM)",
    after_help = "Exit codes: 0 success; 1 the input was read but has findings (undecodable \
                  words in `dis`, errors in `lint` (undecodable words among them), faults in `run` and `explain`, a \
                  limit's stop among them); 2 usage or input errors \
                  (bad arguments, unreadable, truncated or corrupt files, a cubin or code \
                  object for a GPU gpumem does not model, assembler errors, bad manifests, a \
                  --kernel the cubin or listing does not have)."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    /// Colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: paint::ColorChoice,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Isa {
    /// NVIDIA Maxwell and Pascal SASS (sm_50, sm_52; sm_60, sm_61, sm_62).
    Maxwell,
    /// AMD Vega (gfx900, gfx906) scalar instructions.
    Vega,
}

#[derive(Clone, Copy, Debug, ValueEnum, Default)]
enum Sched {
    /// As nvdisasm prints: no schedule shown.
    #[default]
    None,
    /// The seed pages' annotations: `&req={..} &rd=N &wr=N ?stall=N ?yield`.
    Annot,
    /// maxas control prefixes: `--:-:1:-:6`.
    Maxas,
}

/// `gpumem asm --help`'s last lines.
const ASM_EXIT: &str = "Exit codes: 0 assembled (warnings only); 2 assembler errors, unreadable or \
                        non-UTF-8 input, bad arguments.";
/// `gpumem dis --help`'s last lines.
const DIS_EXIT: &str = "Exit codes: 0 every word decoded; 1 undecodable words (shown as such); 2 \
                        unreadable, truncated or corrupt files, a cubin or code object for a GPU \
                        gpumem does not model, bad arguments.";
/// `gpumem lint --help`'s last lines.
const LINT_EXIT: &str = "Exit codes: 0 no findings, or warnings and notes only; 1 an error \
                         finding (undecodable words included); 2 unreadable input, a cubin or \
                         code object for a GPU gpumem does not model, bad arguments.";
/// `gpumem run --help`'s last lines.
const RUN_EXIT: &str = "Exit codes: 0 the run ended without faults; 1 it faulted (a stop by \
                        [limits] included); 2 a bad manifest (at its line and column), an \
                        unreadable, truncated or corrupt program or file, bad arguments.";
/// `gpumem explain --help`'s last lines.
const EXPLAIN_EXIT: &str = "Exit codes: 0 the run ended without faults and its pictures were \
                            written; 1 it faulted or a limit stopped it (as `run`); 2 a bad or \
                            Vega manifest, an unreadable program, --pc, --cta or --warp outside \
                            the program or launch, bad arguments.";
/// `gpumem cuda --help`'s last lines.
const CUDA_EXIT: &str = "Exit codes: 0 when the program exits 0, else the program's own code; \
                         128 + N when signal N killed it; 2 a missing program, one that does \
                         not load libcudart.so.11.0 (built without `nvcc -cudart shared`), \
                         gpumem's runtime not found, bad arguments.";
/// `gpumem demo --help`'s last lines.
const DEMO_EXIT: &str = "Exit codes: 0 every sample assembled and disassembled; 2 one did not.";

#[derive(Subcommand)]
enum Cmd {
    /// Assemble a source file into a raw little-endian instruction stream. Maxwell takes
    /// a `gpumem dis` (or cuobjdump) listing as it stands: its header names the target,
    /// one kernel is assembled (`--kernel NAME` where it holds several), and `--hex`'s
    /// control words (or `--sched` annotations) give the schedules, so `dis --hex | asm`
    /// gives the kernel's bytes back.
    #[command(after_help = ASM_EXIT)]
    Asm {
        #[arg(long, value_enum)]
        isa: Isa,
        /// sm_50, sm_52 (Maxwell, default sm_52), sm_60, sm_61, sm_62 (Pascal); gfx900 or gfx906 (Vega, default gfx900).
        #[arg(long)]
        target: Option<String>,
        /// Source file, or `-` for standard input.
        input: String,
        /// Output file, or `-` for standard output (the default; refused when standard
        /// output is a terminal).
        #[arg(short, long, default_value = "-")]
        output: String,
        /// Print the diagnostics as one JSON document on standard output (the binary
        /// then needs `-o FILE`).
        #[arg(long)]
        json: bool,
        /// Maxwell: assemble this kernel of a `gpumem dis` listing of a cubin (its
        /// `Function : NAME` block); a listing of several kernels needs it.
        #[arg(long)]
        kernel: Option<String>,
        /// Maxwell: the address of the stream's first byte (32-byte aligned), as `gpumem
        /// dis --base` printed it: labels and absolute branch targets are read from there.
        #[arg(long, value_parser = parse_u64, default_value = "0")]
        base: u64,
    },
    /// Disassemble a raw instruction stream, a cubin (sm_50, sm_52, sm_53, sm_6x) or an AMDGPU
    /// code object (gfx900, gfx906); a cubin or code object for another GPU is refused.
    #[command(after_help = DIS_EXIT)]
    Dis {
        /// The ISA of a raw file; an ELF file (cubin, code object) names its own.
        #[arg(long, value_enum)]
        isa: Option<Isa>,
        /// sm_50, sm_52 (Maxwell, default sm_52), sm_60, sm_61, sm_62 (Pascal); gfx900 or gfx906 (Vega, default
        /// gfx900). A cubin or code object names its own; a --target that contradicts it is
        /// refused.
        #[arg(long)]
        target: Option<String>,
        /// How to show control-word schedules (Maxwell).
        #[arg(long, value_enum, default_value_t = Sched::None)]
        sched: Sched,
        /// `/*0008*/ TEXT` lines instead of nvdisasm's exact layout (Maxwell).
        #[arg(long)]
        compact: bool,
        /// Address of the first byte of a raw stream (32-byte aligned; Maxwell).
        #[arg(long, value_parser = parse_u64, default_value = "0")]
        base: u64,
        /// The encoding column (Maxwell; nvdisasm's `-hex` is accepted too): each
        /// bundle's control word on a line of its own, each instruction's word at the end
        /// of its line, as `cuobjdump -sass` prints a cubin and `nvdisasm -hex` a raw
        /// stream (`diff` against them is empty). `gpumem asm` takes the control words
        /// back, so `dis --hex | asm` gives the same bytes.
        #[arg(long)]
        hex: bool,
        /// Only this kernel of a cubin (Maxwell; nvdisasm's `-fun` is accepted too); a
        /// name the cubin does not have is refused (exit 2), naming those it has.
        #[arg(long, alias = "fun")]
        kernel: Option<String>,
        /// One JSON object per instruction (JSON Lines): address, words, text, and the
        /// decoded fields (row, modifiers, operands, schedule) or the error.
        #[arg(long)]
        json: bool,
        /// Binary file, or `-` for standard input.
        input: String,
    },
    /// Report the static lints of a program without running it: Vega on LLVM source text
    /// or an AMDGPU code object (its disassembly); Maxwell (the scoreboard checker) on
    /// SASS text, a raw stream of bundles or a cubin (every kernel; none: 0 findings). A
    /// cubin or code object names its ISA and target in its ELF header; text and raw
    /// streams need `--isa`. Findings in a binary point at the lines of `gpumem dis FILE`
    /// (with or without `--sched annot`). Exit 1 on an error finding (undecodable words
    /// included), 0 on warnings and notes only, 2 on unreadable input or a cubin/code
    /// object for a GPU gpumem does not model.
    #[command(after_help = LINT_EXIT)]
    Lint {
        /// The ISA of text or a raw stream; an ELF file (cubin, code object) names its own.
        #[arg(long, value_enum)]
        isa: Option<Isa>,
        /// gfx900 or gfx906 (default gfx900); sm_50, sm_52, sm_60, sm_61, sm_62 (default sm_52). A cubin or
        /// code object names its own.
        #[arg(long)]
        target: Option<String>,
        /// Source file, raw binary (Maxwell), cubin or code object, or `-` for standard
        /// input.
        input: String,
        /// Print the findings as one JSON document.
        #[arg(long)]
        json: bool,
        /// Only this kernel of a cubin (its findings point at the lines of `gpumem dis
        /// --kernel NAME FILE`); a name the cubin does not have is refused (exit 2).
        #[arg(long)]
        kernel: Option<String>,
        /// Maxwell: also report `stall-no-yield` notes (a stall of 12-15 without the
        /// yield flag: maxas' convention, which ptxas does not follow; off by default).
        #[arg(long)]
        stall_no_yield: bool,
    },
    /// Run a launch manifest (TOML); with no manifest, run the built-in example (the
    /// default command). A Maxwell program given as SASS text or raw bundles is sm_52 code
    /// unless the manifest says `target = "sm_50"` (as in `asm` and `dis`); a cubin names
    /// its own.
    #[command(after_help = RUN_EXIT)]
    Run {
        /// The manifest, or `-` for standard input (relative paths in it are then
        /// relative to the current folder); none runs the built-in example.
        manifest: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// How --json gives a dump's bytes: hex (every byte) or runs (stretches that
        /// repeat a unit of 1 to 16 bytes collapsed: offset, hex of the unit, repeat). A
        /// dump saved with `file =` is named instead (`hex` null).
        #[arg(long, default_value = "hex", requires = "json")]
        json_dumps: gpumem_run::dump::JsonDumps,
        /// How dumps are shown: hex (bytes in memory order with an ASCII column), u8,
        /// u32, i32, f32, f64.
        #[arg(long, default_value = "hex")]
        view: gpumem_run::dump::View,
        /// Print the program (address and text of every instruction) before the report.
        #[arg(long)]
        show_program: bool,
        /// Run the Maxwell cycle model too (the manifest's `[timing]` table, else the
        /// gm204 preset): kernel cycles, per-instruction latencies and stall reasons,
        /// cache levels, nvprof metrics.
        #[arg(long)]
        timing: bool,
        /// Write the cycle model's timeline to this file as Chrome trace / Perfetto JSON
        /// (one track per warp, in-flight and DRAM counters); implies --timing.
        #[arg(long)]
        trace: Option<String>,
        /// Most instruction slices the timeline keeps.
        #[arg(long, default_value_t = 200_000)]
        trace_limit: usize,
        /// Threads that run the launch's CTAs at once (over the manifest's `[limits]
        /// jobs`; default: every core). 1 runs them one after another; the report is the
        /// same either way.
        #[arg(long)]
        jobs: Option<usize>,
    },
    /// Picture the memory accesses of a Maxwell launch manifest: shared lanes to banks
    /// (conflicting ways, numbered wavefronts), global/local lanes to 32-byte sectors to
    /// 128-byte lines, constant lanes to distinct addresses. Each picture is one
    /// execution: the first by the lowest-numbered warp of CTA 0 (or --cta, --warp).
    /// Without --svg/--html/--json, a text table per instruction, then how the run ended
    /// (a limit's stop, the faults) as `run` reports it.
    #[command(after_help = EXPLAIN_EXIT)]
    Explain {
        /// The manifest (Maxwell).
        manifest: String,
        /// Only the instruction at this address (`0x0028` or decimal).
        #[arg(long, value_parser = parse_u64)]
        pc: Option<u64>,
        /// Write the picture of one instruction (--pc, else the first memory
        /// instruction) as SVG to this file.
        #[arg(long, conflicts_with = "html")]
        svg: Option<String>,
        /// Write an HTML page of every memory instruction (or the --pc one) with its
        /// picture and figures to this file.
        #[arg(long)]
        html: Option<String>,
        /// Print one JSON document: each memory instruction's execution pictured (its
        /// lanes to banks, sectors or words), that execution's cost and the whole run's
        /// totals, and how the run ended (`stopped`, `faults` as `run --json` gives them).
        /// Schema: docs/explain.schema.json.
        #[arg(long, conflicts_with_all = ["svg", "html"])]
        json: bool,
        /// Run the cycle model too: add its requests, sectors vs ideal, latency and stalls.
        #[arg(long)]
        timing: bool,
        /// Picture this CTA's executions (linear index x + y*gx + z*gx*gy; the CTAs
        /// before it run first, as in the run, so it sees the memory they left).
        #[arg(long, default_value_t = 0)]
        cta: u32,
        /// Picture this warp of the CTA (else the lowest-numbered warp that executed
        /// each instruction).
        #[arg(long)]
        warp: Option<u32>,
    },
    /// Run a CUDA program on the emulated GPU: a program built by nvcc 11.8 with
    /// `-cudart shared -arch=sm_52` loads gpumem's libcudart.so.11.0 instead of NVIDIA's,
    /// so its kernels, copies, streams and events run on the emulator and its own checks
    /// judge the results. A summary goes to standard error at exit.
    #[command(after_help = CUDA_EXIT)]
    Cuda {
        /// Time the launches with the cycle model (events then read modelled device time
        /// at the preset's clock).
        #[arg(long)]
        timing: bool,
        /// Check every global access against the live allocations and report the ones
        /// outside (the kernel goes on), instead of failing the launch.
        #[arg(long)]
        check: bool,
        /// Write one JSON line per launch to this file.
        #[arg(long)]
        report: Option<std::path::PathBuf>,
        /// The GPU: gm204 (GTX 980, sm_52, default), gm107 (GTX 750 Ti, sm_50), gp100
        /// (Tesla P100, sm_60) or gp104 (GTX 1080, sm_61).
        #[arg(long, value_parser = cuda::preset_parser())]
        preset: Option<gpumem_mem::hierarchy::Preset>,
        /// Threads that run a launch's CTAs at once (default: every core). 1 runs them
        /// one after another; the results are the same either way.
        #[arg(long)]
        jobs: Option<usize>,
        /// The program and its arguments, after `--`.
        #[arg(last = true)]
        program: Vec<std::ffi::OsString>,
    },
    /// Assemble and disassemble built-in samples: the seed pages' Maxwell examples and a
    /// Vega scalar kernel.
    #[command(after_help = DEMO_EXIT)]
    Demo,
}

fn parse_u64(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|e| format!("bad number `{s}`: {e}"))
}

/// A failure the CLI reports: a message and the exit code.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Self {
        Fail(e.to_string())
    }
}

pub fn read_input(path: &str) -> Result<Vec<u8>, Fail> {
    if path == "-" {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .map_err(|e| Fail(format!("reading standard input: {e}")))?;
        Ok(v)
    } else {
        std::fs::read(path).map_err(|e| Fail(format!("reading {path}: {e}")))
    }
}

pub fn write_output(path: &str, bytes: &[u8]) -> Result<(), Fail> {
    if path == "-" {
        use std::io::IsTerminal;
        if std::io::stdout().is_terminal() {
            return Err(Fail(
                "not writing binary output to a terminal: give -o FILE or redirect".into(),
            ));
        }
        write_stdout(bytes)
    } else {
        std::fs::write(path, bytes).map_err(|e| Fail(format!("writing {path}: {e}")))
    }
}

/// Writes to standard output; a closed pipe ends the program quietly.
pub fn write_stdout(bytes: &[u8]) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        r => r.map_err(|e| Fail(format!("writing standard output: {e}"))),
    }
}

fn main() -> ExitCode {
    // nvdisasm's single-dash spellings, accepted by `dis`.
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "dis") {
        for a in args.iter_mut().skip(2) {
            if a == "-hex" {
                *a = "--hex".into();
            } else if a == "-fun" {
                *a = "--kernel".into();
            }
        }
    }
    let cli = Cli::parse_from(args);
    paint::set(cli.color);
    let result = match cli.cmd.unwrap_or(Cmd::Run {
        manifest: None,
        json: false,
        json_dumps: gpumem_run::dump::JsonDumps::Hex,
        view: gpumem_run::dump::View::Hex,
        show_program: false,
        timing: false,
        trace: None,
        trace_limit: 200_000,
        jobs: None,
    }) {
        Cmd::Run {
            manifest,
            json,
            json_dumps,
            view,
            show_program,
            timing,
            trace,
            trace_limit,
            jobs,
        } => run(
            manifest.as_deref(),
            json.then_some(json_dumps),
            view,
            show_program,
            timing,
            trace.as_deref().map(|t| (t, trace_limit)),
            jobs,
        ),
        Cmd::Asm {
            isa: Isa::Maxwell,
            target,
            input,
            output,
            json,
            kernel,
            base,
        } => maxwell::asm(
            target.as_deref(),
            kernel.as_deref(),
            base,
            &input,
            &output,
            json,
        ),
        Cmd::Dis {
            isa,
            target,
            sched,
            compact,
            base,
            hex,
            kernel,
            input,
            json,
        } => dis(
            isa,
            target.as_deref(),
            maxwell::Layout {
                style: sched_style(sched),
                compact,
                hex,
            },
            base,
            kernel.as_deref(),
            json,
            &input,
        ),
        Cmd::Asm {
            isa: Isa::Vega,
            kernel,
            base,
            ..
        } if kernel.is_some() || base != 0 => Err(Fail(
            "--kernel and --base are Maxwell options (a kernel of a `gpumem dis` listing, a \
             raw stream's address)"
                .into(),
        )),
        Cmd::Asm {
            isa: Isa::Vega,
            target,
            input,
            output,
            json,
            ..
        } => vega::asm(target.as_deref(), &input, &output, json),
        Cmd::Lint {
            isa,
            target,
            input,
            json,
            kernel,
            stall_no_yield,
        } => lint(
            isa,
            target.as_deref(),
            kernel.as_deref(),
            &input,
            json,
            gpumem_maxwell::lint::Options { stall_no_yield },
        ),
        Cmd::Explain {
            manifest,
            pc,
            svg,
            html,
            json,
            timing,
            cta,
            warp,
        } => explain::explain(
            &manifest,
            pc,
            svg.as_deref(),
            html.as_deref(),
            json,
            timing,
            gpumem_explain::Select { cta, warp },
        ),
        Cmd::Demo => maxwell::demo().and_then(|_| vega::demo()),
        Cmd::Cuda {
            timing,
            check,
            report,
            preset,
            jobs,
            program,
        } => cuda::cuda(
            &cuda::Options {
                timing,
                check,
                report,
                preset,
                jobs,
            },
            &program,
        ),
    };
    match result {
        Ok(code) => code,
        Err(Fail(msg)) => {
            let text = format!("gpumem: {msg}\n");
            if paint::enabled(true) {
                eprint!("{}", paint::paint(&text));
            } else {
                eprint!("{text}");
            }
            ExitCode::from(2)
        }
    }
}

/// Runs `f`; when it takes more than a second and standard error is a terminal, shows
/// a progress line (what runs, the time so far) until it ends.
fn with_progress<T: Send>(what: &str, f: impl FnOnce() -> T + Send) -> T {
    use std::io::IsTerminal;
    use std::time::Duration;
    if !std::io::stderr().is_terminal() {
        return f();
    }
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::channel();
        let job = s.spawn(move || {
            let r = f();
            let _ = tx.send(());
            r
        });
        if rx.recv_timeout(Duration::from_secs(1)).is_err() {
            let bar = indicatif::ProgressBar::new_spinner();
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            {
                bar.set_style(style);
            }
            bar.set_message(format!("running {what}"));
            bar.enable_steady_tick(Duration::from_millis(120));
            let _ = rx.recv();
            bar.finish_and_clear();
        }
        job.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// The ISA an ELF file names in its header (`e_machine`), if it is an ELF file; a
/// truncated or foreign ELF file is an error naming `input`.
fn elf_isa(input: &str, bytes: &[u8]) -> Option<Result<Isa, Fail>> {
    use gpumem_isa::elf::{self, EM_AMDGPU, EM_CUDA, EM_X86_64};
    if !elf::is_elf(bytes) {
        return None;
    }
    Some(match elf::header(bytes) {
        Err(e) => Err(Fail(format!("{input}: {e}"))),
        Ok(h) => match h.machine {
            EM_CUDA => Ok(Isa::Maxwell),
            EM_AMDGPU => Ok(Isa::Vega),
            EM_X86_64 => Err(Fail(format!(
                "{input}: an x86-64 host object or executable (ELF machine 62), neither an \
                 NVIDIA cubin (190) nor an AMDGPU code object (224): give gpumem the device \
                 code alone (`nvcc -cubin -arch=sm_52`, or `cuobjdump -xelf all` to extract it)"
            ))),
            m => Err(Fail(format!(
                "{input}: an ELF file for machine {m}, neither an NVIDIA cubin (ELF machine \
                 190) nor an AMDGPU code object (224)"
            ))),
        },
    })
}

/// The ISA of `input`: an ELF file's own (an `--isa` that contradicts it is refused),
/// else `--isa`.
fn resolve_isa(isa: Option<Isa>, input: &str, bytes: &[u8]) -> Result<Isa, Fail> {
    match (isa, elf_isa(input, bytes)) {
        (_, Some(Err(e))) => Err(e),
        (Some(Isa::Vega), Some(Ok(Isa::Maxwell))) => Err(Fail(format!(
            "{input} is an NVIDIA cubin (ELF machine 190), not an AMDGPU code object: drop \
             --isa vega (the ELF header names the ISA)"
        ))),
        (Some(Isa::Maxwell), Some(Ok(Isa::Vega))) => Err(Fail(format!(
            "{input} is an AMDGPU code object (ELF machine 224), not an NVIDIA cubin: drop \
             --isa maxwell (the ELF header names the ISA)"
        ))),
        (_, Some(Ok(found))) => Ok(found),
        (Some(i), None) => Ok(i),
        (None, None) => Err(Fail(format!(
            "{input} is not a cubin or code object, so it does not name its ISA: say which \
             with --isa maxwell or --isa vega"
        ))),
    }
}

/// `gpumem lint`: the ISA from `--isa`, else from the ELF header.
fn lint(
    isa: Option<Isa>,
    target: Option<&str>,
    kernel: Option<&str>,
    input: &str,
    json: bool,
    options: gpumem_maxwell::lint::Options,
) -> Result<ExitCode, Fail> {
    let bytes = read_input(input)?;
    let input = if input == "-" { "<stdin>" } else { input };
    match resolve_isa(isa, input, &bytes)? {
        Isa::Maxwell => maxwell::lint_file(target, kernel, input, bytes, json, options),
        Isa::Vega if kernel.is_some() => Err(Fail(
            "--kernel selects a kernel of a cubin (Maxwell)".into(),
        )),
        Isa::Vega => vega::lint_file(target, input, bytes, json),
    }
}

/// `gpumem dis`: the ISA from `--isa`, else from the ELF header.
fn dis(
    isa: Option<Isa>,
    target: Option<&str>,
    layout: maxwell::Layout,
    base: u64,
    kernel: Option<&str>,
    json: bool,
    input: &str,
) -> Result<ExitCode, Fail> {
    let bytes = read_input(input)?;
    let isa = resolve_isa(isa, input, &bytes)?;
    let maxwell_only = layout.style != gpumem_maxwell::SchedStyle::None
        || layout.compact
        || layout.hex
        || kernel.is_some()
        || base != 0;
    match isa {
        Isa::Maxwell if json => maxwell::dis_json(target, base, kernel, input, bytes),
        Isa::Vega if maxwell_only => Err(Fail(
            "--sched, --compact, --hex, --kernel and --base are Maxwell options; Vega \
             disassembly prints llvm-objdump's layout with byte offsets from 0"
                .into(),
        )),
        Isa::Vega if json => vega::dis_json(target, input, bytes),
        Isa::Maxwell => maxwell::dis(target, layout, base, kernel, input, bytes),
        Isa::Vega => vega::dis(target, input, bytes),
    }
}

/// `gpumem run`: the report on standard output; exit 1 when the run faulted.
fn run(
    manifest: Option<&str>,
    json: Option<gpumem_run::dump::JsonDumps>,
    view: gpumem_run::dump::View,
    show_program: bool,
    timing: bool,
    trace: Option<(&str, usize)>,
    jobs: Option<usize>,
) -> Result<ExitCode, Fail> {
    let opts = gpumem_run::RunOptions {
        timing,
        trace_limit: trace.map(|t| t.1),
        jobs,
        ..gpumem_run::RunOptions::default()
    };
    let located = |path: &str, e: gpumem_run::RunError| {
        if e.names_file() {
            Fail(e.to_string())
        } else {
            Fail(format!("{path}: {e}"))
        }
    };
    let what = manifest.unwrap_or("the built-in example");
    let report = with_progress(what, || match manifest {
        None => gpumem_run::run(&gpumem_run::Launch::builtin().with(opts.clone()))
            .map_err(|e| Fail(e.to_string())),
        Some("-") => {
            let bytes = read_input("-")?;
            let text = String::from_utf8(bytes)
                .map_err(|_| Fail("<stdin>: the manifest is not UTF-8 text".into()))?;
            let launch = gpumem_run::Launch::text("<stdin>", &text, std::path::Path::new("."));
            gpumem_run::run(&launch.with(opts.clone())).map_err(|e| located("<stdin>", e))
        }
        Some(path) => gpumem_run::run(
            &gpumem_run::Launch::file(std::path::Path::new(path)).with(opts.clone()),
        )
        .map_err(|e| located(path, e)),
    })?;
    let text = if let Some(form) = json {
        let mut s = serde_json::to_string_pretty(&report.to_json_with(form))
            .map_err(|e| Fail(e.to_string()))?;
        s.push('\n');
        s
    } else if show_program {
        format!("program:\n{}\n{}", report.listing(), report.render(view))
    } else {
        report.render(view)
    };
    if let (Some((path, limit)), gpumem_run::AnyReport::Maxwell(r)) = (trace, &report)
        && let Some(t) = &r.trace
    {
        // Written an event at a time from the model's small records.
        let write = || -> std::io::Result<()> {
            let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
            r.write_trace(&mut out)?;
            out.flush()
        };
        write().map_err(|e| Fail(format!("{path}: {e}")))?;
        if t.truncated() {
            let why = if t.slices() >= limit {
                format!("--trace-limit {limit}")
            } else {
                "limits.max_trace_memory".to_string()
            };
            eprintln!(
                "gpumem: note: {path} keeps the first {} instruction slices ({why}); \
                 otherData.truncated is true",
                t.slices()
            );
        }
    }
    write_stdout(text.as_bytes())?;
    Ok(if report.faulted() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn sched_style(s: Sched) -> gpumem_maxwell::SchedStyle {
    match s {
        Sched::None => gpumem_maxwell::SchedStyle::None,
        Sched::Annot => gpumem_maxwell::SchedStyle::Annotations,
        Sched::Maxas => gpumem_maxwell::SchedStyle::Maxas,
    }
}
