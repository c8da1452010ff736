//! Colours for people at a terminal: rustc-style diagnostics (`error`, `warning[lint]`,
//! the caret line) and the `gpumem:` prefix, painted after rendering so that every
//! message of every crate gets them. Never used when the output is not a terminal
//! (unless asked), or when `NO_COLOR` is set.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU8, Ordering};

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colours when the stream is a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

static CHOICE: AtomicU8 = AtomicU8::new(0);

/// Sets the choice for the rest of the run.
pub fn set(c: ColorChoice) {
    CHOICE.store(c as u8, Ordering::Relaxed);
}

/// Whether to colour text written to standard error (`stderr`) or output.
pub fn enabled(stderr: bool) -> bool {
    match CHOICE.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            std::env::var_os("NO_COLOR").is_none()
                && if stderr {
                    std::io::stderr().is_terminal()
                } else {
                    std::io::stdout().is_terminal()
                }
        }
    }
}

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const BLUE: &str = "\x1b[1;34m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// `text` with its diagnostics painted: `…: error: msg` / `…: warning[x]: msg` headers and
/// the caret lines under quoted source.
pub fn paint(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut last_kind = RED;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let nl = &line[body.len()..];
        if let Some(i) = body.find(": error: ") {
            last_kind = RED;
            out.push_str(&format!(
                "{BOLD}{}{RESET}: {RED}error{RESET}: {BOLD}{}{RESET}",
                &body[..i],
                &body[i + 9..]
            ));
        } else if let Some(i) = body.find(": warning") {
            last_kind = YELLOW;
            let rest = &body[i + 2..];
            let (head, msg) = rest.split_once(": ").unwrap_or((rest, ""));
            out.push_str(&format!(
                "{BOLD}{}{RESET}: {YELLOW}{head}{RESET}: {BOLD}{msg}{RESET}",
                &body[..i]
            ));
        } else if let Some((gutter, rest)) = body.split_once(" | ")
            && gutter.trim().chars().all(|c| c.is_ascii_digit())
        {
            let carets = !rest.is_empty() && rest.trim().chars().all(|c| c == '^');
            if carets {
                out.push_str(&format!("{BLUE}{gutter} |{RESET} {last_kind}{rest}{RESET}"));
            } else {
                out.push_str(&format!("{BLUE}{gutter} |{RESET} {rest}"));
            }
        } else if let Some(rest) = body.strip_prefix("gpumem: ") {
            out.push_str(&format!("{BOLD}gpumem{RESET}: {rest}"));
        } else {
            out.push_str(body);
        }
        out.push_str(nl);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paints_headers_and_carets_only() {
        let t = "a.s:2:1: error: unknown instruction `FROB`\n  |\n2 | FROB R1 ;\n  | ^^^^\nplain\n";
        let p = paint(t);
        assert!(p.contains("\x1b[1;31merror\x1b[0m"));
        assert!(p.contains("\x1b[1;31m^^^^\x1b[0m"));
        assert!(p.contains("FROB R1 ;"));
        assert!(p.ends_with("plain\n"));
        // Without escapes the text is unchanged.
        let stripped: String = {
            let mut s = String::new();
            let mut esc = false;
            for c in p.chars() {
                match (esc, c) {
                    (_, '\x1b') => esc = true,
                    (true, 'm') => esc = false,
                    (true, _) => {}
                    (false, c) => s.push(c),
                }
            }
            s
        };
        assert_eq!(stripped, t);
    }
}
