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
