//! Diagnostics of `asm` and `lint` for people (rustc-style) and for programs (`--json`).

use crate::{Fail, write_output, write_stdout};
use gpumem_isa::{Diagnostic, Severity, render_diagnostics};
use serde::Serialize;
use std::process::ExitCode;

/// One line of `dis --json` (JSON Lines): the keys every ISA has, `address`, `words`
/// (hex, as stored), `text` (the vendor tool's) or `error`, and the ISA's own (`isa`:
/// the decoded fields, ...).
#[derive(Serialize)]
pub struct DisLineRow<T> {
    /// `0x0010`.
    pub address: String,
    /// The instruction's words, hex.
    pub words: Vec<String>,
    /// The text (`null`: it does not decode).
    pub text: Option<String>,
    /// Why it does not decode.
    pub error: Option<String>,
    /// The ISA's keys.
    #[serde(flatten)]
    pub isa: T,
}

impl<T: Serialize> DisLineRow<T> {
    /// The line of `l` with the ISA's keys `isa`; its words as dwords (8 hex digits).
    pub fn new(l: &impl gpumem_isa::DisasmLine, isa: T) -> DisLineRow<T> {
        let (text, error) = match l.text() {
            Ok(t) => (Some(t), None),
            Err(e) => (None, Some(e)),
        };
        DisLineRow {
            address: format!("{:#06x}", l.address()),
            words: l.words().iter().map(|w| format!("{w:#010x}")).collect(),
            text,
            error,
            isa,
        }
    }

    /// The line as one line of JSON, its keys in name order.
    pub fn to_line(&self) -> String {
        serde_json::to_value(self)
            .map(|v| v.to_string())
            .unwrap_or_default()
    }
}

/// One diagnostic of `asm --json` and `lint --json`: file, line, column, severity, lint
/// name, message, text; Maxwell's `lint` adds where the finding lies in the machine code.
#[derive(Serialize)]
pub struct DiagnosticRow<'a> {
    /// The input as named on the command line.
    pub file: &'a str,
    /// 1-based.
    pub line: u32,
    /// 1-based, in characters.
    pub column: u32,
    /// `error`, `warning`, `note`.
    pub severity: String,
    /// The lint's name (`null`: an assembler error).
    pub lint: Option<&'static str>,
    /// What is wrong.
    pub message: String,
    /// The instruction's text.
    pub text: String,
    /// Maxwell `lint`: the kernel and addresses.
    #[serde(flatten)]
    pub machine: Option<MachineAt>,
}

/// Where a Maxwell lint finding lies in the machine code.
#[derive(Serialize)]
pub struct MachineAt {
    /// The cubin's kernel (`null`: not a cubin).
    pub kernel: Option<String>,
    /// The instruction's address.
    pub address: Option<String>,
    /// The other instruction involved (the producer, ...).
    pub other_address: Option<String>,
    /// Its text.
    pub other_text: Option<String>,
    /// The control-flow path from the other instruction, addresses.
    pub path: Vec<String>,
}

impl<'a> DiagnosticRow<'a> {
    /// The row of `d`, found in `file`.
    pub fn new(file: &'a str, d: &Diagnostic) -> DiagnosticRow<'a> {
        DiagnosticRow {
            file,
            line: d.span.line,
            column: d.span.col,
            severity: d.severity.to_string(),
            lint: d.lint,
            message: d.message.clone(),
            text: d.text.clone(),
            machine: None,
        }
    }
}

/// `asm --json`'s document.
#[derive(Serialize)]
struct AsmDoc<'a> {
    file: &'a str,
    /// The binary's file (`null`: nothing written).
    output: Option<&'a str>,
    /// Bytes written.
    bytes: Option<usize>,
    errors: usize,
    warnings: usize,
    diagnostics: Vec<DiagnosticRow<'a>>,
}

/// `lint --json`'s document (Maxwell's counts its notes too).
#[derive(Serialize)]
pub struct LintDoc<'a> {
    /// The input.
    pub file: &'a str,
    /// Errors found.
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
    /// Notes found (Maxwell).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<usize>,
    /// The findings.
    pub diagnostics: Vec<DiagnosticRow<'a>>,
}

fn counts(d: &[Diagnostic]) -> (usize, usize) {
    let errors = d.iter().filter(|x| x.severity == Severity::Error).count();
    (errors, d.len() - errors)
}

/// Prints `doc` as pretty JSON, its keys in name order (through a `serde_json::Value`, as every
/// `--json` document of the CLI).
pub fn print_json(doc: &impl Serialize) -> Result<(), Fail> {
    let v = serde_json::to_value(doc).map_err(|e| Fail(e.to_string()))?;
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
        print_json(&AsmDoc {
            file: input,
            output: bytes.map(|_| output),
            bytes: bytes.map(|b| b.len()),
            errors,
            warnings,
            diagnostics: diags.iter().map(|d| DiagnosticRow::new(input, d)).collect(),
        })?;
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
        print_json(&LintDoc {
            file: input,
            errors,
            warnings,
            notes: None,
            diagnostics: diags.iter().map(|d| DiagnosticRow::new(input, d)).collect(),
        })?;
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
