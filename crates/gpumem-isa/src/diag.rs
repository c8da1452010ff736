//! Source positions and assembler diagnostics.

use std::fmt;

/// A byte range of one line of source text, with its 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub col: u32,
    /// Byte offset of the start within the whole source.
    pub start: usize,
    /// Byte length.
    pub len: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem found in a source file: where, the offending text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {severity}: {message} (at `{text}`)", line = span.line, col = span.col)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    /// The offending source text.
    pub text: String,
    pub message: String,
    /// A documented lint name for warnings (`None` for errors).
    pub lint: Option<&'static str>,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

impl Diagnostic {
    pub fn error(span: Span, text: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            text: text.into(),
            message: message.into(),
            lint: None,
        }
    }

    pub fn warning(
        lint: &'static str,
        span: Span,
        text: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            text: text.into(),
            message: message.into(),
            lint: Some(lint),
        }
    }
}

/// Every diagnostic of one source file, in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s) in source", self.errors().count())]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.severity == Severity::Error)
    }

    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }
}

/// Renders diagnostics rustc-style: `file:line:col: error: message`, the source line and a caret.
pub fn render_diagnostics(file: &str, source: &str, diags: &[Diagnostic]) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = String::new();
    for d in diags {
        let head = match d.lint {
            Some(l) => format!("{}[{}]", d.severity, l),
            None => d.severity.to_string(),
        };
        out.push_str(&format!(
            "{file}:{}:{}: {head}: {}\n",
            d.span.line, d.span.col, d.message
        ));
        if let Some(text) = lines.get(d.span.line.saturating_sub(1) as usize) {
            let gutter = d.span.line.to_string().len();
            out.push_str(&format!("{:gutter$} |\n", ""));
            out.push_str(&format!("{} | {}\n", d.span.line, text));
            let pad: String = text
                .chars()
                .take(d.span.col.saturating_sub(1) as usize)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let carets = "^".repeat(d.text.chars().count().max(1));
            out.push_str(&format!("{:gutter$} | {pad}{carets}\n", ""));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_line_column_and_caret() {
        let src = "MOV R1, R2;\nLDG.Q R0, [R2];\n";
        let span = Span {
            line: 2,
            col: 4,
            start: 15,
            len: 2,
        };
        let d = Diagnostic::error(span, ".Q", "unknown modifier");
        let text = render_diagnostics("a.sass", src, &[d]);
        assert!(
            text.starts_with("a.sass:2:4: error: unknown modifier\n"),
            "{text}"
        );
        assert!(text.contains("2 | LDG.Q R0, [R2];"));
        assert!(text.contains("   ^^"));
    }
}
