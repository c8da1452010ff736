//! `--isa maxwell` commands.

use crate::{Fail, read_input, write_stdout};
use gpumem_isa::render_diagnostics;
use gpumem_maxwell::{SchedStyle, Target, cubin, decode_lines, header, render_line};
use std::process::ExitCode;

/// The built-in sample: the seed pages' examples in their own spelling.
pub const SAMPLE: &str = include_str!("../../../examples/maxwell/seed-examples.sass");

fn target(t: Option<&str>) -> Result<Target, Fail> {
    Ok(t.map(str::parse)
        .transpose()
        .map_err(Fail)?
        .unwrap_or(Target::Sm52))
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
/// goes (in order: `out` holds what precedes it). Returns whether every word decoded.
fn dis_raw(
    what: &str,
    bytes: &[u8],
    base: u64,
    t: Target,
    style: SchedStyle,
    compact: bool,
    out: &mut String,
) -> Result<bool, Fail> {
    let lines = decode_lines(bytes, base, t).map_err(|e| Fail(format!("{what}: {e}")))?;
    if !compact {
        out.push_str(&header(t));
    }
    let mut ok = true;
    for l in lines {
        ok &= l.inst.is_ok();
        render_line(&l, style, compact, out);
        if out.len() > 1 << 16 {
            write_stdout(out.as_bytes())?;
            out.clear();
        }
    }
    Ok(ok)
}

pub fn dis(
    t: Option<&str>,
    style: SchedStyle,
    compact: bool,
    base: u64,
    input: &str,
    bytes: Vec<u8>,
) -> Result<ExitCode, Fail> {
    let mut out = String::new();
    let ok = if cubin::is_elf(&bytes) {
        // cuobjdump -sass's layout: one "Function :" block per kernel.
        let ks = cubin::kernels(&bytes)?;
        let mut ok = true;
        let sm = ks.first().map(|k| k.sm).unwrap_or(50);
        out.push_str(&format!("\n\tcode for sm_{sm}\n"));
        for k in ks {
            let t = match t {
                Some(_) => target(t)?,
                None if k.sm >= 52 => Target::Sm52,
                None => Target::Sm50,
            };
            out.push_str(&format!("\t\tFunction : {}\n", k.name));
            let what = format!("{input}: kernel {}", k.name);
            ok &= dis_raw(&what, &k.code, 0, t, style, compact, &mut out)?;
            out.push_str("\t\t..........\n\n");
        }
        ok
    } else {
        if !base.is_multiple_of(32) {
            return Err(Fail(format!("--base {base:#x} is not 32-byte aligned")));
        }
        dis_raw(input, &bytes, base, target(t)?, style, compact, &mut out)?
    };
    write_stdout(out.as_bytes())?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

pub fn demo() -> Result<ExitCode, Fail> {
    let t = Target::Sm52;
    let bin = assemble(SAMPLE, "seed-examples.sass", t)?;
    let mut out = String::new();
    out.push_str("# gpumem demo: the seed pages' Maxwell examples, assembled and disassembled (sm_52)\n\n# source\n");
    out.push_str(SAMPLE);
    out.push_str(&format!(
        "\n# {} bytes, {} bundles:\n",
        bin.len(),
        bin.len() / 32
    ));
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
        out.push_str(&format!("#   {}\n", words.join(" ")));
    }
    out.push_str("\n# nvdisasm-style disassembly, schedules as the seed pages' annotations\n");
    dis_raw("demo", &bin, 0, t, SchedStyle::Annotations, true, &mut out)?;
    out.push_str("\n# nvdisasm-exact layout\n");
    dis_raw("demo", &bin, 0, t, SchedStyle::None, false, &mut out)?;
    write_stdout(out.as_bytes())?;
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
        for k in cubin::kernels(&bytes)? {
            let tk = match t {
                Some(_) => target(t)?,
                None if k.sm >= 52 => Target::Sm52,
                None => Target::Sm50,
            };
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
