//! `--isa maxwell` commands.

use crate::{Fail, read_input, write_stdout};
use gpumem_isa::render_diagnostics;
use gpumem_maxwell::{
    SchedStyle, Target, cubin, cubin_header, decode_lines, header, render_stream,
};
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

/// The kernels of the cubin `input`, every error naming the file.
fn cubin_kernels(input: &str, bytes: &[u8]) -> Result<Vec<cubin::Kernel>, Fail> {
    cubin::kernels(bytes).map_err(|e| Fail(format!("{input}: {e}")))
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

pub fn asm(t: Option<&str>, input: &str, output: &str, json: bool) -> Result<ExitCode, Fail> {
    let bytes = read_input(input)?;
    let src = String::from_utf8(bytes).map_err(|_| Fail(format!("{input}: not UTF-8 text")))?;
    let result = gpumem_maxwell::assemble(&src, target(t)?)
        .map(|b| (b, Vec::new()))
        .map_err(|d| d.0);
    crate::diag::finish_asm(input, &src, output, result, json)
}

/// Streams the disassembly of a raw stream into `out`, flushing to standard output as it
/// goes (in order: `out` holds what precedes it, the header line included). Returns
/// whether every word decoded.
fn dis_raw(
    what: &str,
    bytes: &[u8],
    base: u64,
    t: Target,
    style: SchedStyle,
    compact: bool,
    out: &mut Vec<u8>,
) -> Result<bool, Fail> {
    render_stream(bytes, base, t, style, compact, out, |out| {
        write_stdout(out)?;
        out.clear();
        Ok(())
    })
    .map_err(|e| Fail(format!("{what}: {e}")))?
}

pub fn dis(
    t: Option<&str>,
    style: SchedStyle,
    compact: bool,
    base: u64,
    input: &str,
    bytes: Vec<u8>,
) -> Result<ExitCode, Fail> {
    let mut out = Vec::new();
    let ok = if cubin::is_elf(&bytes) {
        // cuobjdump -sass's layout: one "Function :" block per kernel, the header line
        // from the cubin's own flags.
        let (flags, tk) = cubin_arch(input, t, &bytes)?;
        let ks = cubin_kernels(input, &bytes)?;
        let mut ok = true;
        out.extend_from_slice(format!("\n\tcode for sm_{}\n", flags.sm()).as_bytes());
        let head = cubin_header(flags);
        for k in ks {
            out.extend_from_slice(format!("\t\tFunction : {}\n", k.name).as_bytes());
            if !compact {
                out.extend_from_slice(head.as_bytes());
            }
            let what = format!("{input}: kernel {}", k.name);
            ok &= dis_raw(&what, &k.code, 0, tk, style, compact, &mut out)?;
            out.extend_from_slice(b"\t\t..........\n\n");
        }
        ok
    } else {
        if !base.is_multiple_of(32) {
            return Err(Fail(format!("--base {base:#x} is not 32-byte aligned")));
        }
        let t = target(t)?;
        if !compact {
            out.extend_from_slice(header(t).as_bytes());
        }
        dis_raw(input, &bytes, base, t, style, compact, &mut out)?
    };
    write_stdout(&out)?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
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
    dis_raw("demo", &bin, 0, t, SchedStyle::Annotations, true, &mut out)?;
    out.extend_from_slice("\n# nvdisasm-exact layout\n".as_bytes());
    out.extend_from_slice(header(t).as_bytes());
    dis_raw("demo", &bin, 0, t, SchedStyle::None, false, &mut out)?;
    write_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// One instruction as JSON: address, words, text, and its decoded fields (row, modifiers
/// by name with their spelling, operands, schedule), or the decode error.
fn line_json(l: &gpumem_maxwell::DisLine, kernel: Option<&str>) -> serde_json::Value {
    use gpumem_maxwell::Operand;
    use serde_json::json;
    let fields = l.inst.as_ref().ok().map(|i| {
        let mods: serde_json::Map<String, serde_json::Value> = i
            .op
            .mods
            .iter()
            .enumerate()
            .map(|(k, g)| {
                let v = i.mods[k];
                let spelled = g.spell(&i.mods, v).map(|m| m.text).unwrap_or("");
                (g.name().to_string(), json!({ "value": v, "text": spelled }))
            })
            .collect();
        let operands: Vec<serde_json::Value> = i
            .operands()
            .iter()
            .map(|o| match *o {
                Operand::Reg { r, neg, abs, not } => {
                    json!({ "reg": r, "neg": neg, "abs": abs, "not": not })
                }
                Operand::Pred { p, neg } => json!({ "pred": p, "neg": neg }),
                Operand::Mem { ra, off } => json!({ "mem": { "ra": ra, "offset": off } }),
                Operand::ConstMem { bank, ra, off } => {
                    json!({ "const_mem": { "bank": bank, "ra": ra, "offset": off } })
                }
                Operand::Const {
                    bank,
                    off,
                    neg,
                    abs,
                    not,
                } => json!({ "const": { "bank": bank, "offset": off }, "neg": neg, "abs": abs, "not": not }),
                Operand::Imm(v) => json!({ "imm": v }),
                Operand::FImm(b) => json!({ "fimm_bits": format!("{b:#010x}") }),
                Operand::Target(t) => json!({ "target": format!("{t:#x}") }),
                Operand::SReg(n) => json!({ "sreg": n }),
                Operand::Cc(n) => json!({ "cc": n }),
                Operand::Sb(n) => json!({ "scoreboard": n }),
                ref other => json!({ "other": format!("{other:?}") }),
            })
            .collect();
        let c = i.ctrl;
        json!({
            "op": i.op.name,
            "form": i.op.form,
            "guard": if i.guard == 7 && !i.guard_neg { None } else { Some(format!("{}P{}", if i.guard_neg { "!" } else { "" }, i.guard)) },
            "po": i.po,
            "modifiers": mods,
            "operands": operands,
            "control": { "stall": c.stall, "yield": !c.no_yield, "write_barrier": (c.wr != 7).then_some(c.wr), "read_barrier": (c.rd != 7).then_some(c.rd), "wait": c.wait, "reuse": c.reuse, "dual_issue": c.dual_issue() },
        })
    });
    let mut m = crate::diag::line_common(l);
    // Maxwell words are 64-bit whatever their value.
    m.insert("words".into(), json!([format!("{:#018x}", l.word)]));
    m.insert("kernel".into(), json!(kernel));
    m.insert(
        "control_word".into(),
        json!(format!("{:#018x}", l.ctrl_word)),
    );
    m.insert("fields".into(), json!(fields));
    serde_json::Value::Object(m)
}

/// `dis --json`: one JSON object per instruction, a line each (JSON Lines), every
/// kernel of a cubin in order.
pub fn dis_json(t: Option<&str>, base: u64, input: &str, bytes: Vec<u8>) -> Result<ExitCode, Fail> {
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
            out.push_str(&line_json(&l, kernel).to_string());
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
        for k in cubin_kernels(input, &bytes)? {
            emit(&k.code, 0, tk, Some(&k.name), &mut out)?;
        }
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

/// Appends a listing line for each item of a binary unit (`/*0008*/ TEXT` with the
/// schedule as annotations) to `text`, returning each instruction's span.
fn listing(items: &[gpumem_maxwell::lint::Item], text: &mut String) -> Vec<gpumem_isa::Span> {
    let mut spans = Vec::with_capacity(items.len());
    for it in items {
        let line = text.matches('\n').count() as u32 + 1;
        let head = format!("/*{:04x}*/ ", it.addr);
        let body = match &it.inst {
            Ok(i) => {
                let mut s = gpumem_maxwell::print::inst_text(i);
                if s.ends_with(" ;") {
                    s.truncate(s.len() - 2);
                }
                gpumem_maxwell::program::annotations(it.ctrl, true, &mut s);
                s.push_str(" ;");
                s
            }
            Err(e) => format!("<undecodable: {e}>"),
        };
        spans.push(gpumem_isa::Span {
            line,
            col: head.len() as u32 + 1,
            start: text.len() + head.len(),
            len: body.len(),
        });
        text.push_str(&head);
        text.push_str(&body);
        text.push('\n');
    }
    spans
}

/// `gpumem lint --isa maxwell`: the scoreboard checker (crates/gpumem-maxwell/LINTS.md)
/// on SASS text, a raw stream of bundles or every kernel of a cubin. Exit 1 on any
/// error finding, 0 on warnings and notes only, 2 on unreadable input.
pub fn lint_file(
    t: Option<&str>,
    input: &str,
    bytes: Vec<u8>,
    json: bool,
) -> Result<ExitCode, Fail> {
    use gpumem_isa::Severity;
    use gpumem_maxwell::lint;
    let mut units = Vec::new();
    let mut text = String::new();
    if cubin::is_elf(&bytes) {
        let (_, tk) = cubin_arch(input, t, &bytes)?;
        for k in cubin_kernels(input, &bytes)? {
            let items = lint::items_from_binary(&k.code, 0, tk)
                .map_err(|e| Fail(format!("{input}: kernel {}: {e}", k.name)))?;
            text.push_str(&format!("// kernel {}\n", k.name));
            let spans = listing(&items, &mut text);
            let findings = lint::check(&items, 0);
            units.push(Unit {
                kernel: Some(k.name),
                items,
                findings,
                spans,
            });
        }
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
        let findings = lint::check(&items, 0);
        units.push(Unit {
            kernel: None,
            items,
            findings,
            spans: srcs.iter().map(|s| s.span).collect(),
        });
    } else {
        let items = lint::items_from_binary(&bytes, 0, target(t)?)
            .map_err(|e| Fail(format!("{input}: {e}")))?;
        let spans = listing(&items, &mut text);
        let findings = lint::check(&items, 0);
        units.push(Unit {
            kernel: None,
            items,
            findings,
            spans,
        });
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
                json_diags.push(serde_json::json!({
                    "file": input,
                    "kernel": u.kernel,
                    "line": d.span.line,
                    "column": d.span.col,
                    "severity": d.severity.to_string(),
                    "lint": d.lint,
                    "message": f.message,
                    "text": lint::item_text(&u.items, f.at),
                    "address": addr(f.at),
                    "other_address": f.other.and_then(addr),
                    "other_text": f.other.map(|o| lint::item_text(&u.items, o)),
                    "path": f.path.iter().map(|a| format!("{a:#06x}")).collect::<Vec<_>>(),
                }));
            }
            diags.push(d);
        }
    }
    if json {
        let doc = serde_json::json!({
            "file": input,
            "errors": errors,
            "warnings": warnings,
            "notes": notes,
            "diagnostics": json_diags,
        });
        let mut s = serde_json::to_string_pretty(&doc).map_err(|e| Fail(e.to_string()))?;
        s.push('\n');
        write_stdout(s.as_bytes())?;
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
