//! `gpumem explain`: wiring to `gpumem-explain`.

use crate::{Fail, write_stdout};
use std::process::ExitCode;

/// Runs the manifest and writes the pictures: SVG of one instruction, an HTML page, one
/// JSON document, or text on standard output. How the run ended (the warp instructions,
/// a limit's stop, the faults as `gpumem run` prints them) follows the text; with
/// `--svg`/`--html` it is printed only when the run faulted or stopped. Exit 1 then, as
/// `gpumem run` does.
pub fn explain(
    manifest: &str,
    pc: Option<u64>,
    svg: Option<&str>,
    html: Option<&str>,
    json: bool,
    timing: bool,
    select: gpumem_explain::Select,
) -> Result<ExitCode, Fail> {
    let path = std::path::Path::new(manifest);
    let e =
        gpumem_explain::explain_manifest_at(path, timing, pc, select).map_err(|e| match &e {
            gpumem_explain::ExplainError::Run(r) if r.names_file() => Fail(e.to_string()),
            _ => Fail(format!("{manifest}: {e}")),
        })?;
    let write = |to: &str, s: String| {
        std::fs::write(to, s).map_err(|err| Fail(format!("writing {to}: {err}")))
    };
    let ended = if e.faulted() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    };
    if json {
        let mut s = serde_json::to_string_pretty(&gpumem_explain::json(&e))
            .map_err(|err| Fail(err.to_string()))?;
        s.push('\n');
        write_stdout(s.as_bytes())?;
        return Ok(ended);
    }
    if let Some(to) = svg {
        // With no --pc, the first memory instruction (explain_manifest found one).
        if let Some(p) = e.pictures.first() {
            write(to, gpumem_explain::svg(p))?;
        }
    } else if let Some(to) = html {
        write(to, gpumem_explain::html(&e))?;
    } else {
        let mut text: Vec<String> = e.pictures.iter().map(gpumem_explain::text).collect();
        if let Some(n) = e.dropped_note() {
            text.push(format!("{n}\n"));
        }
        text.push(e.run_text());
        write_stdout(text.join("\n").as_bytes())?;
        return Ok(ended);
    }
    if e.faulted() {
        write_stdout(e.run_text().as_bytes())?;
    }
    Ok(ended)
}
