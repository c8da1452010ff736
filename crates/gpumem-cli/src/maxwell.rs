//! `--isa maxwell` commands.

use crate::{Fail, read_input, write_stdout};
use gpumem_isa::render_diagnostics;
use gpumem_maxwell::{
    SchedStyle, Target, cubin, cubin_header, decode_lines, header, render_stream,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// The built-in sample: the seed pages' examples in their own spelling.
pub const SAMPLE: &str = include_str!("../../../examples/maxwell/seed-examples.sass");

fn target(t: Option<&str>) -> Result<Target, Fail> {
    Ok(t.map(str::parse)
        .transpose()
        .map_err(Fail)?
        .unwrap_or(Target::Sm52))
}

/// The flags and decoding table of the cubin `input`, every error naming the file; a
/// `--target` that contradicts the header is refused.
fn cubin_arch(
    input: &str,
    t: Option<&str>,
    bytes: &[u8],
) -> Result<(cubin::HeaderFlags, Target), Fail> {
    let (flags, ct) = cubin::arch(bytes).map_err(|e| Fail(format!("{input}: {e}")))?;
    if let Some(given) = t
        && target(t)? != ct
    {
        return Err(Fail(format!(
            "{input}: --target {given} contradicts the cubin's ELF header, which names sm_{}: \
             drop --target (a cubin names its own)",
            flags.sm()
        )));
    }
    Ok((flags, ct))
}

/// The kernel `name` of `ks` alone (`--kernel`), else them all; a name the cubin does not
/// have is refused, naming those it has.
pub fn select_kernel(
    input: &str,
    ks: Vec<cubin::Kernel>,
    name: Option<&str>,
) -> Result<Vec<cubin::Kernel>, Fail> {
    let Some(name) = name else { return Ok(ks) };
    let names: Vec<String> = ks.iter().map(|k| k.name.clone()).collect();
    let one: Vec<cubin::Kernel> = ks.into_iter().filter(|k| k.name == name).collect();
    if one.is_empty() {
        return Err(Fail(format!(
            "{input}: no kernel `{name}`; its kernels: {}",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        )));
    }
    Ok(one)
}

/// The kernels of the cubin `input` (none for a cubin of device functions or module
/// variables only: cuobjdump lists none either), every error naming the file.
fn cubin_kernels(input: &str, bytes: &[u8]) -> Result<Vec<cubin::Kernel>, Fail> {
    match cubin::kernels(bytes) {
        Err(cubin::CubinError::NoKernels) => Ok(Vec::new()),
        r => r.map_err(|e| Fail(format!("{input}: {e}"))),
    }
}

fn assemble(src: &str, file: &str, t: Target) -> Result<Vec<u8>, Fail> {
    gpumem_maxwell::assemble(src, t).map_err(|d| {
        Fail(format!(
            "{}{} error(s)",
            render_diagnostics(file, src, &d.0),
            d.0.len()
        ))
    })
}

/// `gpumem asm --isa maxwell`. A `gpumem dis` (cuobjdump) listing is taken as it stands:
/// its header names the target (a `--target` that contradicts it is refused), and one of
/// its kernels is assembled, `--kernel NAME` (required when it holds several).
pub fn asm(
    t: Option<&str>,
    kernel: Option<&str>,
    base: u64,
    input: &str,
    output: &str,
    json: bool,
) -> Result<ExitCode, Fail> {
    use gpumem_maxwell::parse::{listing_target, select_function};
    let bytes = read_input(input)?;
    let src = String::from_utf8(bytes).map_err(|_| Fail(format!("{input}: not UTF-8 text")))?;
    let named = listing_target(&src);
    let tt = match (t, named) {
        (Some(given), Some(n)) if target(t)? != n => {
            return Err(Fail(format!(
                "{input}: --target {given} contradicts the listing's header, which names {}: \
                 drop --target",
                n.name()
            )));
        }
        (None, Some(n)) => n,
        _ => target(t)?,
    };
    let src = match kernel {
        None => src,
        Some(k) => select_function(&src, k).map_err(|names| {
            Fail(if names.is_empty() {
                format!(
                    "--kernel {k}: {input} has no `Function :` lines (a `gpumem dis` listing of \
                     a cubin has one per kernel)"
                )
            } else {
                format!(
                    "{input}: no kernel `{k}`; its kernels: {}",
                    names.join(", ")
                )
            })
        })?,
    };
    if !base.is_multiple_of(32) {
        return Err(Fail(format!(
            "--base {base:#x} is not 32-byte aligned (a bundle's address)"
        )));
    }
    let result = gpumem_maxwell::assemble_at(&src, tt, base)
        .map(|b| (b, Vec::new()))
        .map_err(|d| d.0);
    crate::diag::finish_asm(input, &src, output, result, json)
}

/// How `dis` lays text out: the schedule style, whether the layout is compact, and
/// whether lines carry cuobjdump's encoding column (`--hex`).
#[derive(Clone, Copy)]
pub struct Layout {
    pub style: SchedStyle,
    pub compact: bool,
    pub hex: bool,
}

/// Streams the disassembly of a raw stream into `out`, flushing to standard output as it
/// goes when `stream` (in order: `out` holds what precedes it, the header line included).
/// Returns whether every word decoded.
fn dis_raw(
    what: &str,
    bytes: &[u8],
    base: u64,
    t: Target,
    layout: Layout,
    out: &mut Vec<u8>,
    stream: bool,
) -> Result<bool, Fail> {
    let flush = |out: &mut Vec<u8>| {
        if stream {
            write_stdout(out)?;
            out.clear();
        }
        Ok(())
    };
    if layout.hex {
        gpumem_maxwell::hexcol::render_stream_hex(
            bytes,
            base,
            t,
            layout.style,
            layout.compact,
            out,
            flush,
        )
    } else {
        render_stream(bytes, base, t, layout.style, layout.compact, out, flush)
    }
    .map_err(|e| Fail(format!("{what}: {e}")))?
}

pub fn dis(
    t: Option<&str>,
    layout: Layout,
    base: u64,
    kernel: Option<&str>,
    input: &str,
    bytes: Vec<u8>,
) -> Result<ExitCode, Fail> {
    let mut out = Vec::new();
    let ok = dis_into(t, layout, base, kernel, input, &bytes, &mut out, true)?;
    write_stdout(&out)?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `dis`'s text of a cubin (its kernel `kernel`, else every kernel) or a raw stream into
/// `out` (streamed to standard output as it grows when `stream`; `out` then holds the
/// rest). Whether every word decoded.
#[allow(clippy::too_many_arguments)]
fn dis_into(
    t: Option<&str>,
    layout: Layout,
    base: u64,
    kernel: Option<&str>,
    input: &str,
    bytes: &[u8],
    out: &mut Vec<u8>,
    stream: bool,
) -> Result<bool, Fail> {
    Ok(if cubin::is_elf(bytes) {
        // cuobjdump -sass's layout: one "Function :" block per kernel, the header line
        // from the cubin's own flags.
        let (flags, tk) = cubin_arch(input, t, bytes)?;
        let ks = select_kernel(input, cubin_kernels(input, bytes)?, kernel)?;
        let mut ok = true;
        out.extend_from_slice(format!("\n\tcode for sm_{}\n", flags.sm()).as_bytes());
        let head = cubin_header(flags);
        for k in ks {
            out.extend_from_slice(format!("\t\tFunction : {}\n", k.name).as_bytes());
            if !layout.compact {
                out.extend_from_slice(head.as_bytes());
            }
            let what = format!("{input}: kernel {}", k.name);
            ok &= dis_raw(&what, &k.code, 0, tk, layout, out, stream)?;
            // cuobjdump ends a function with two blank lines.
            out.extend_from_slice(b"\t\t..........\n\n\n");
        }
        ok
    } else {
        if !base.is_multiple_of(32) {
            return Err(Fail(format!("--base {base:#x} is not 32-byte aligned")));
        }
        if let Some(k) = kernel {
            return Err(Fail(format!(
                "--kernel {k}: {input} is a raw stream, not a cubin: it has no kernels"
            )));
        }
        let t = target(t)?;
        if !layout.compact {
            out.extend_from_slice(header(t).as_bytes());
        }
        dis_raw(input, bytes, base, t, layout, out, stream)?
    })
}

pub fn demo() -> Result<ExitCode, Fail> {
    let t = Target::Sm52;
    let bin = assemble(SAMPLE, "seed-examples.sass", t)?;
    let mut out = Vec::new();
    out.extend_from_slice("# gpumem demo: the seed pages' Maxwell examples, assembled and disassembled (sm_52)\n\n# source\n".as_bytes());
    out.extend_from_slice(SAMPLE.as_bytes());
    out.extend_from_slice(
        format!("\n# {} bytes, {} bundles:\n", bin.len(), bin.len() / 32).as_bytes(),
    );
    for chunk in bin.chunks(32) {
        let words: Vec<String> = chunk
            .chunks(8)
            .map(|w| {
                format!(
                    "{:#018x}",
                    u64::from_le_bytes(w.try_into().unwrap_or([0; 8]))
                )
            })
            .collect();
        out.extend_from_slice(format!("#   {}\n", words.join(" ")).as_bytes());
    }
    out.extend_from_slice(
        "\n# nvdisasm-style disassembly, schedules as the seed pages' annotations\n".as_bytes(),
    );
    let annot = Layout {
        style: SchedStyle::Annotations,
        compact: true,
        hex: false,
    };
    dis_raw("demo", &bin, 0, t, annot, &mut out, true)?;
    out.extend_from_slice("\n# nvdisasm-exact layout\n".as_bytes());
    out.extend_from_slice(header(t).as_bytes());
    let exact = Layout {
        style: SchedStyle::None,
        compact: false,
        hex: false,
    };
    dis_raw("demo", &bin, 0, t, exact, &mut out, true)?;
    write_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The Maxwell keys of a `dis --json` line: the kernel, the bundle's control word and the
/// decoded fields (`null`: the word does not decode).
#[derive(Serialize)]
struct MaxwellLine<'a> {
    kernel: Option<&'a str>,
    control_word: String,
    fields: Option<Fields>,
}

/// A decoded instruction: its row, guard, modifiers by name with their spelling,
/// operands and schedule.
#[derive(Serialize)]
struct Fields {
    op: &'static str,
    form: &'static str,
    /// `P0`, `!P3`; `null`: always (`PT`).
    guard: Option<String>,
    po: bool,
    modifiers: BTreeMap<&'static str, Modifier>,
    operands: Vec<OperandRow>,
    control: Control,
}

/// A modifier group's value and how it is spelled (`""`: the default, not printed).
#[derive(Serialize)]
struct Modifier {
    value: u8,
    text: &'static str,
}

/// An address: a register and an offset.
#[derive(Serialize)]
struct RegOffset {
    ra: u8,
    offset: i64,
}

/// A constant-bank address, with the register (`c[bank][ra + offset]`).
#[derive(Serialize)]
struct BankRegOffset {
    bank: u8,
    ra: u8,
    offset: i64,
}

/// A constant-bank address (`c[bank][offset]`).
#[derive(Serialize)]
struct BankOffset {
    bank: u8,
    offset: i32,
}

/// One operand, keyed by its kind.
#[derive(Serialize)]
#[serde(untagged)]
enum OperandRow {
    Reg {
        reg: u8,
        neg: bool,
        abs: bool,
        not: bool,
    },
    Pred {
        pred: u8,
        neg: bool,
    },
    Mem {
        mem: RegOffset,
    },
    ConstMem {
        const_mem: BankRegOffset,
    },
    Const {
        #[serde(rename = "const")]
        constant: BankOffset,
        neg: bool,
        abs: bool,
        not: bool,
    },
    Imm {
        imm: i64,
    },
    FImm {
        fimm_bits: String,
    },
    Target {
        target: String,
    },
    SReg {
        sreg: u8,
    },
    Cc {
        cc: u8,
    },
    Sb {
        scoreboard: u8,
    },
    Other {
        other: String,
    },
}

impl OperandRow {
    fn new(o: &gpumem_maxwell::Operand) -> OperandRow {
        use gpumem_maxwell::Operand;
        match *o {
            Operand::Reg { r, neg, abs, not } => OperandRow::Reg {
                reg: r,
                neg,
                abs,
                not,
            },
            Operand::Pred { p, neg } => OperandRow::Pred { pred: p, neg },
            Operand::Mem { ra, off } => OperandRow::Mem {
                mem: RegOffset { ra, offset: off },
            },
            Operand::ConstMem { bank, ra, off } => OperandRow::ConstMem {
                const_mem: BankRegOffset {
                    bank,
                    ra,
                    offset: off,
                },
            },
            Operand::Const {
                bank,
                off,
                neg,
                abs,
                not,
            } => OperandRow::Const {
                constant: BankOffset { bank, offset: off },
                neg,
                abs,
                not,
            },
            Operand::Imm(v) => OperandRow::Imm { imm: v },
            Operand::FImm(b) => OperandRow::FImm {
                fimm_bits: format!("{b:#010x}"),
            },
            Operand::Target(t) => OperandRow::Target {
                target: format!("{t:#x}"),
            },
            Operand::SReg(n) => OperandRow::SReg { sreg: n },
            Operand::Cc(n) => OperandRow::Cc { cc: n },
            Operand::Sb(n) => OperandRow::Sb { scoreboard: n },
            ref other => OperandRow::Other {
                other: format!("{other:?}"),
            },
        }
    }
}

/// The control word's fields for the instruction (barriers `null` when unset).
#[derive(Serialize)]
struct Control {
    stall: u8,
    #[serde(rename = "yield")]
    yields: bool,
    write_barrier: Option<u8>,
    read_barrier: Option<u8>,
    wait: u8,
    reuse: u8,
    dual_issue: bool,
}

/// One instruction of `dis --json`: address, words, text, and its decoded fields, or the
/// decode error.
fn line_json(l: &gpumem_maxwell::DisLine, kernel: Option<&str>) -> String {
    let fields = l.inst.as_ref().ok().map(|i| {
        let c = i.ctrl;
        Fields {
            op: i.op.name,
            form: i.op.form,
            guard: (i.guard != 7 || i.guard_neg)
                .then(|| format!("{}P{}", if i.guard_neg { "!" } else { "" }, i.guard)),
            po: i.po,
            modifiers: i
                .op
                .mods
                .iter()
                .enumerate()
                .map(|(k, g)| {
                    let value = i.mods[k];
                    let text = g.spell(&i.mods, value).map(|m| m.text).unwrap_or("");
                    (g.name(), Modifier { value, text })
                })
                .collect(),
            operands: i.operands().iter().map(OperandRow::new).collect(),
            control: Control {
                stall: c.stall,
                yields: !c.no_yield,
                write_barrier: (c.wr != 7).then_some(c.wr),
                read_barrier: (c.rd != 7).then_some(c.rd),
                wait: c.wait,
                reuse: c.reuse,
                dual_issue: c.dual_issue(),
            },
        }
    });
    let mut row = crate::diag::DisLineRow::new(
        l,
        MaxwellLine {
            kernel,
            control_word: format!("{:#018x}", l.ctrl_word),
            fields,
        },
    );
    // Maxwell words are 64-bit whatever their value.
    row.words = vec![format!("{:#018x}", l.word)];
    row.to_line()
}

/// `dis --json`: one JSON object per instruction, a line each (JSON Lines), every
/// kernel of a cubin in order.
pub fn dis_json(
    t: Option<&str>,
    base: u64,
    kernel: Option<&str>,
    input: &str,
    bytes: Vec<u8>,
) -> Result<ExitCode, Fail> {
    let mut out = String::new();
    let mut ok = true;
    let mut emit = |code: &[u8],
                    base: u64,
                    t: Target,
                    kernel: Option<&str>,
                    out: &mut String|
     -> Result<(), Fail> {
        let what = kernel
            .map(|k| format!("{input}: kernel {k}"))
            .unwrap_or_else(|| input.to_string());
        for l in decode_lines(code, base, t).map_err(|e| Fail(format!("{what}: {e}")))? {
            ok &= l.inst.is_ok();
            out.push_str(&line_json(&l, kernel));
            out.push('\n');
            if out.len() > 1 << 16 {
                write_stdout(out.as_bytes())?;
                out.clear();
            }
        }
        Ok(())
    };
    if cubin::is_elf(&bytes) {
        let (_, tk) = cubin_arch(input, t, &bytes)?;
        for k in select_kernel(input, cubin_kernels(input, &bytes)?, kernel)? {
            emit(&k.code, 0, tk, Some(&k.name), &mut out)?;
        }
    } else if let Some(k) = kernel {
        return Err(Fail(format!(
            "--kernel {k}: {input} is a raw stream, not a cubin: it has no kernels"
        )));
    } else {
        emit(&bytes, base, target(t)?, None, &mut out)?;
    }
    write_stdout(out.as_bytes())?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// One linted unit: a kernel of a cubin, a raw stream or a source file.
struct Unit {
    kernel: Option<String>,
    items: Vec<gpumem_maxwell::lint::Item>,
    findings: Vec<gpumem_maxwell::lint::Finding>,
    /// The span of each item in the text the diagnostics point into.
    spans: Vec<gpumem_isa::Span>,
}

/// The span of each item of each unit in `text`, `gpumem dis --sched annot`'s output of
/// the same file (whose line numbers are plain `gpumem dis`'s too): the line of the
/// instruction's `/*addr*/`, from the instruction's text to the end of the line. Units
/// follow the text's `Function :` blocks in order.
fn dis_spans(text: &str, units: &mut [Unit]) {
    let mut unit = 0usize;
    let mut first = true;
    let mut at = 0usize;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let start = at;
        at += line.len();
        let body = line.trim_end_matches('\n');
        if body.starts_with("\t\tFunction : ") {
            if !first {
                unit += 1;
            }
            first = false;
            continue;
        }
        let Some(u) = units.get_mut(unit) else { break };
        let t = body.trim_start();
        let Some(rest) = t.strip_prefix("/*") else {
            continue;
        };
        let Some((hex, after)) = rest.split_once("*/") else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(hex, 16) else {
            continue;
        };
        let Some(k) = u.items.iter().position(|it| it.addr == addr) else {
            continue;
        };
        let lead = after.len() - after.trim_start().len();
        let col = body.len() - after.len() + lead;
        u.spans[k] = gpumem_isa::Span {
            line: n as u32 + 1,
            col: col as u32 + 1,
            start: start + col,
            len: body.len() - col,
        };
    }
}

/// The layout of the disassembly lint's findings in a binary point into (`gpumem dis
/// --sched annot`'s lines are the same).
const LINT_LAYOUT: Layout = Layout {
    style: SchedStyle::Annotations,
    compact: false,
    hex: false,
};

/// `gpumem lint --isa maxwell`: the scoreboard checker (crates/gpumem-maxwell/LINTS.md)
/// on SASS text, a raw stream of bundles or every kernel of a cubin. Exit 1 on any
/// error finding, 0 on warnings and notes only, 2 on unreadable input.
pub fn lint_file(
    t: Option<&str>,
    kernel: Option<&str>,
    input: &str,
    bytes: Vec<u8>,
    json: bool,
    opts: gpumem_maxwell::lint::Options,
) -> Result<ExitCode, Fail> {
    use gpumem_isa::Severity;
    use gpumem_maxwell::lint;
    let mut units = Vec::new();
    let mut text = String::new();
    let unit = |items: Vec<lint::Item>, kernel: Option<String>| {
        let findings = lint::check_with(&items, 0, opts);
        Unit {
            kernel,
            spans: vec![gpumem_isa::Span::default(); items.len()],
            items,
            findings,
        }
    };
    if cubin::is_elf(&bytes) {
        let (_, tk) = cubin_arch(input, t, &bytes)?;
        // A cubin without kernels (module variables only) has nothing to check.
        let ks = match cubin::kernels(&bytes) {
            Err(cubin::CubinError::NoKernels) => Vec::new(),
            r => r.map_err(|e| Fail(format!("{input}: {e}")))?,
        };
        let ks = select_kernel(input, ks, kernel)?;
        for k in ks {
            let items = lint::items_from_binary(&k.code, 0, tk)
                .map_err(|e| Fail(format!("{input}: kernel {}: {e}", k.name)))?;
            units.push(unit(items, Some(k.name)));
        }
        if !units.is_empty() {
            let mut out = Vec::new();
            dis_into(t, LINT_LAYOUT, 0, kernel, input, &bytes, &mut out, false)?;
            text = String::from_utf8_lossy(&out).into_owned();
            dis_spans(&text, &mut units);
        }
    } else if let Some(k) = kernel {
        return Err(Fail(format!(
            "--kernel {k}: {input} is not a cubin: it has no kernels"
        )));
    } else if let Ok(src) = std::str::from_utf8(&bytes) {
        let tt = target(t)?;
        let p = gpumem_maxwell::parse_program(src, tt).map_err(|d| {
            Fail(format!(
                "{}{} error(s)",
                render_diagnostics(input, src, &d.0),
                d.0.len()
            ))
        })?;
        let (srcs, _, _) = gpumem_maxwell::parse::parse_source(src, tt);
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
        text.push_str(src);
        let mut u = unit(items, None);
        u.spans = srcs.iter().map(|s| s.span).collect();
        units.push(u);
    } else {
        let items = lint::items_from_binary(&bytes, 0, target(t)?)
            .map_err(|e| Fail(format!("{input}: {e}")))?;
        units.push(unit(items, None));
        let mut out = Vec::new();
        dis_into(t, LINT_LAYOUT, 0, None, input, &bytes, &mut out, false)?;
        text = String::from_utf8_lossy(&out).into_owned();
        dis_spans(&text, &mut units);
    }
    let mut diags = Vec::new();
    let mut json_diags = Vec::new();
    let (mut errors, mut warnings, mut notes) = (0, 0, 0);
    for u in &units {
        for f in &u.findings {
            let span = u.spans.get(f.at).copied().unwrap_or_default();
            let shown = text
                .get(span.start..span.start + span.len)
                .unwrap_or("")
                .to_string();
            let d = lint::diagnostic(f, &u.items, span, shown);
            match d.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
                Severity::Note => notes += 1,
            }
            if json {
                let addr = |i: usize| u.items.get(i).map(|x| format!("{:#06x}", x.addr));
                json_diags.push(crate::diag::DiagnosticRow {
                    message: f.message.clone(),
                    text: lint::item_text(&u.items, f.at),
                    machine: Some(crate::diag::MachineAt {
                        kernel: u.kernel.clone(),
                        address: addr(f.at),
                        other_address: f.other.and_then(addr),
                        other_text: f.other.map(|o| lint::item_text(&u.items, o)),
                        path: f.path.iter().map(|a| format!("{a:#06x}")).collect(),
                    }),
                    ..crate::diag::DiagnosticRow::new(input, &d)
                });
            }
            diags.push(d);
        }
    }
    if json {
        crate::diag::print_json(&crate::diag::LintDoc {
            file: input,
            errors,
            warnings,
            notes: Some(notes),
            diagnostics: json_diags,
        })?;
    } else {
        let out = render_diagnostics(input, &text, &diags);
        let out = if crate::paint::enabled(false) {
            crate::paint::paint(&out)
        } else {
            out
        };
        write_stdout(out.as_bytes())?;
        eprintln!("{errors} error(s), {warnings} warning(s), {notes} note(s)");
    }
    Ok(if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
