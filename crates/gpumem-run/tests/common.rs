//! Helpers the test files share: launches as the tests write them.

use gpumem_run::{AnyReport, Launch, Report, RunError, RunOptions};
use std::path::Path;

/// Runs manifest text (named `manifest` in messages) that must be a Maxwell launch.
pub fn maxwell_str(text: &str, base: &Path) -> Result<Report, RunError> {
    gpumem_run::run(&Launch::text("manifest", text, base)).and_then(AnyReport::maxwell)
}

/// Runs a manifest file that must be a Maxwell launch.
pub fn maxwell_file(path: &Path) -> Result<Report, RunError> {
    gpumem_run::run(&Launch::file(path)).and_then(AnyReport::maxwell)
}

/// Runs manifest text of either ISA named `name`.
pub fn any_str(name: &str, text: &str, base: &Path) -> Result<AnyReport, RunError> {
    gpumem_run::run(&Launch::text(name, text, base))
}

/// [`any_str`] with options.
pub fn any_str_with(
    name: &str,
    text: &str,
    base: &Path,
    opts: &RunOptions,
) -> Result<AnyReport, RunError> {
    gpumem_run::run(&Launch::text(name, text, base).with(opts.clone()))
}

/// Runs a manifest file of either ISA.
pub fn any_file(path: &Path) -> Result<AnyReport, RunError> {
    gpumem_run::run(&Launch::file(path))
}

/// The built-in example's report.
pub fn builtin() -> Report {
    gpumem_run::run(&Launch::builtin())
        .and_then(AnyReport::maxwell)
        .expect("the built-in example runs")
}
