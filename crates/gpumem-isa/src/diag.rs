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
/// How bad a diagnostic is.
pub enum Severity {
    /// The input is rejected.
    Error,
    /// Accepted, but probably not what was meant (a documented lint).
    Warning,
    /// Information: a documented lint that points at a possible improvement, not a mistake.
    Note,
}

/// One problem found in a source file: where, the offending text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {severity}: {message} (at `{text}`)", line = span.line, col = span.col)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where.
    pub span: Span,
    /// The offending source text.
    pub text: String,
    /// What is wrong.
    pub message: String,
    /// A documented lint name for warnings (`None` for errors).
    pub lint: Option<&'static str>,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

impl Diagnostic {
    /// An error at `span` about `text`.
    pub fn error(span: Span, text: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            text: text.into(),
            message: message.into(),
            lint: None,
        }
    }

    /// A warning of lint `lint` at `span` about `text`.
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

/// Longest piece of source text a diagnostic repeats (in its message or its `text`).
pub const MAX_ECHO: usize = 64;

/// `text` as a diagnostic repeats it: whole when it has at most [`MAX_ECHO`]
/// characters, else its first `MAX_ECHO` characters and an ellipsis (`…`). The
/// position of the text is the diagnostic's [`Span`], which always covers the whole of it.
///
/// ```
/// let long = "x".repeat(100_000);
/// assert_eq!(gpumem_isa::clip(&long).chars().count(), gpumem_isa::MAX_ECHO + 1);
/// assert!(gpumem_isa::clip(&long).ends_with('…'));
/// assert_eq!(gpumem_isa::clip("s4"), "s4");
/// ```
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_ECHO) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => std::borrow::Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// Every diagnostic of one source file, in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s) in source", self.errors().count())]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// The errors (not the warnings).
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.severity == Severity::Error)
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }
}

/// Renders diagnostics rustc-style: `file:line:col: error: message`, the source line and a caret.
pub fn render_diagnostics(file: &str, source: &str, diags: &[Diagnostic]) -> String {
    // A byte order mark is not shown: columns count the characters after it.
    let lines: Vec<&str> = source
        .strip_prefix('\u{feff}')
        .unwrap_or(source)
        .lines()
        .collect();
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
            let col = d.span.col.saturating_sub(1) as usize;
            let width = span_width(text, col, d).max(1);
            let (shown, col, width) = excerpt(text, col, width);
            out.push_str(&format!("{:gutter$} |\n", ""));
            out.push_str(&format!("{} | {}\n", d.span.line, shown));
            let pad: String = shown
                .chars()
                .take(col)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let carets = "^".repeat(width);
            out.push_str(&format!("{:gutter$} | {pad}{carets}\n", ""));
        }
    }
    out
}

/// The caret's width in characters: the diagnostic's text, or, when that text was
/// [`clip`]ped, the part of `line` its span covers.
fn span_width(line: &str, col: usize, d: &Diagnostic) -> usize {
    let shown = d.text.chars().count();
    if !d.text.ends_with('…') || d.span.len <= d.text.len() {
        return shown;
    }
    let Some((start, _)) = line.char_indices().nth(col) else {
        return shown;
    };
    let rest = &line[start..];
    rest.char_indices()
        .take_while(|&(i, _)| i < d.span.len)
        .count()
        .max(shown)
}

/// Longest source line shown whole; longer ones are cut around the caret.
const MAX_SHOWN: usize = 160;
/// Characters kept before the caret in a cut line.
const BEFORE: usize = 60;

/// The part of `line` to show for a caret at character `col` spanning `width`
/// characters, with the caret's column and width inside it: the whole line when it is
/// short, else a window around the caret marked with `...` at the cut ends.
fn excerpt(line: &str, col: usize, width: usize) -> (String, usize, usize) {
    let n = line.chars().count();
    if n <= MAX_SHOWN {
        return (line.to_string(), col, width);
    }
    let width = width.min(MAX_SHOWN - BEFORE);
    let start = col.saturating_sub(BEFORE);
    let end = (start + MAX_SHOWN).min(n);
    let mut shown = String::new();
    if start > 0 {
        shown.push_str("...");
    }
    shown.extend(line.chars().skip(start).take(end - start));
    if end < n {
        shown.push_str("...");
    }
    let lead = if start > 0 { 3 } else { 0 };
    (shown, col - start + lead, width)
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

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let line = format!("{}BAD{}", "a".repeat(50_000), "b".repeat(50_000));
        let span = Span {
            line: 1,
            col: 50_001,
            start: 50_000,
            len: 3,
        };
        let d = Diagnostic::error(span, "BAD", "unknown");
        let text = render_diagnostics("x", &line, &[d]);
        assert!(text.len() < 600, "{} bytes", text.len());
        let rows: Vec<&str> = text.lines().collect();
        let src = rows[2];
        let caret = rows[3];
        assert!(src.contains("...") && src.contains("BAD"), "{src}");
        // The caret sits under BAD.
        let at = caret.find('^').unwrap();
        assert_eq!(&src[at..at + 3], "BAD", "{src}\n{caret}");
        assert!(caret.ends_with("^^^"));
    }

    #[test]
    fn a_clipped_text_keeps_its_position_and_caret_width() {
        let token = "y".repeat(120);
        let line = format!("s_mov_b32 s0, {token}");
        let span = Span {
            line: 1,
            col: 15,
            start: 14,
            len: 120,
        };
        let d = Diagnostic::error(span, clip(&token), format!("bad `{}`", clip(&token)));
        assert_eq!(d.text.chars().count(), MAX_ECHO + 1);
        let text = render_diagnostics("x", &line, &[d]);
        assert!(text.starts_with("x:1:15: error: bad `yyy"), "{text}");
        let caret = text.lines().nth(3).unwrap();
        assert_eq!(caret.matches('^').count(), 120, "{caret}");
    }
}
