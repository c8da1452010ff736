//! Diagnostics of `asm` and `lint` for people (rustc-style) and for programs (`--json`).

use crate::{Fail, write_output, write_stdout};
use gpumem_isa::{Diagnostic, Severity, render_diagnostics};
use serde_json::{Value, json};
use std::process::ExitCode;

/// The keys every `dis --json` line has, whatever the ISA: `address`, `words` (hex, as
/// stored), `text` (the vendor tool's) or `error`.
pub fn line_common(l: &impl gpumem_isa::DisasmLine) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("address".into(), format!("{:#06x}", l.address()).into());
    // Dwords (Vega) print as 8 hex digits; callers with 64-bit words replace the list.
    let words: Vec<Value> = l
        .words()
        .iter()
        .map(|w| Value::from(format!("{w:#010x}")))
        .collect();
    m.insert("words".into(), Value::Array(words));
    let (text, error) = match l.text() {
        Ok(t) => (Value::from(t), Value::Null),
        Err(e) => (Value::Null, Value::from(e)),
    };
    m.insert("text".into(), text);
    m.insert("error".into(), error);
    m
}

/// One diagnostic as JSON: file, line, column, severity, lint name, message, text.
fn diagnostic_json(file: &str, d: &Diagnostic) -> Value {
    json!({
        "file": file,
        "line": d.span.line,
        "column": d.span.col,
        "severity": d.severity.to_string(),
        "lint": d.lint,
        "message": d.message,
        "text": d.text,
    })
}

fn counts(d: &[Diagnostic]) -> (usize, usize) {
    let errors = d.iter().filter(|x| x.severity == Severity::Error).count();
    (errors, d.len() - errors)
}

fn print_json(v: Value) -> Result<(), Fail> {
    let mut s = serde_json::to_string_pretty(&v).map_err(|e| Fail(e.to_string()))?;
    s.push('\n');
    write_stdout(s.as_bytes())
}

/// Finishes `asm`: writes the bytes to `output`, reports warnings or errors. With `json`,
/// standard output carries a JSON document (`file`, `output`, `bytes`, `errors`,
/// `warnings`, `diagnostics`), so the binary must go to a file.
pub fn finish_asm(
    input: &str,
    src: &str,
    output: &str,
    result: Result<(Vec<u8>, Vec<Diagnostic>), Vec<Diagnostic>>,
    json: bool,
) -> Result<ExitCode, Fail> {
    if json && output == "-" {
        return Err(Fail(
            "--json prints the diagnostics on standard output: give the binary a file with -o"
                .into(),
        ));
    }
    let (bytes, diags) = match &result {
        Ok((b, w)) => (Some(b), w.as_slice()),
        Err(d) => (None, d.as_slice()),
    };
    if let Some(b) = bytes {
        write_output(output, b)?;
    }
    let (errors, warnings) = counts(diags);
    if json {
        print_json(json!({
            "file": input,
            "output": bytes.map(|_| output),
            "bytes": bytes.map(|b| b.len()),
            "errors": errors,
            "warnings": warnings,
            "diagnostics": diags.iter().map(|d| diagnostic_json(input, d)).collect::<Vec<_>>(),
        }))?;
        return Ok(if bytes.is_some() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(2)
        });
    }
    match bytes {
        Some(_) => {
            if !diags.is_empty() {
                let text = render_diagnostics(input, src, diags);
                if crate::paint::enabled(true) {
                    eprint!("{}", crate::paint::paint(&text));
                } else {
                    eprint!("{text}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        None => Err(Fail(format!(
            "{}{errors} error(s)",
            render_diagnostics(input, src, diags)
        ))),
    }
}

/// Prints `lint`'s findings (rendered on standard output and a count on standard error,
/// or one JSON document); exit 1 on any error, 0 on warnings only.
pub fn finish_lint(
    input: &str,
    src: &str,
    diags: &[Diagnostic],
    json: bool,
) -> Result<ExitCode, Fail> {
    let (errors, warnings) = counts(diags);
    if json {
        print_json(json!({
            "file": input,
            "errors": errors,
            "warnings": warnings,
            "diagnostics": diags.iter().map(|d| diagnostic_json(input, d)).collect::<Vec<_>>(),
        }))?;
    } else {
        let text = render_diagnostics(input, src, diags);
        let text = if crate::paint::enabled(false) {
            crate::paint::paint(&text)
        } else {
            text
        };
        write_stdout(text.as_bytes())?;
        eprintln!("{warnings} warning(s), {errors} error(s)");
    }
    Ok(if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
