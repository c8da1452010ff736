//! Memory dumps for people: hexdump's layout (16 bytes a line, an ASCII column, `*` for
//! lines that repeat the one above), or typed views.

use std::fmt::Write;

/// How a dump's bytes are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Bytes in memory order, grouped by four, with an ASCII column (the default).
    #[default]
    Hex,
    /// Bytes in memory order, one by one, with an ASCII column.
    U8,
    /// Little-endian 32-bit words, unsigned decimal.
    U32,
    /// Little-endian 32-bit words, signed decimal.
    I32,
    /// Little-endian IEEE binary32.
    F32,
    /// Little-endian IEEE binary64.
    F64,
}

impl std::str::FromStr for View {
    type Err = String;
    fn from_str(s: &str) -> Result<View, String> {
        Ok(match s {
            "hex" => View::Hex,
            "u8" => View::U8,
            "u32" => View::U32,
            "i32" => View::I32,
            "f32" => View::F32,
            "f64" => View::F64,
            _ => return Err(format!("unknown view `{s}` (hex, u8, u32, i32, f32, f64)")),
        })
    }
}

impl View {
    /// Bytes shown per line.
    fn per_line(self) -> usize {
        match self {
            View::Hex | View::U8 => 16,
            View::U32 | View::I32 | View::F32 => 16,
            View::F64 => 32,
        }
    }
}

/// A note printed once under the dumps: how to read them.
pub const NOTE: &str =
    "(dump bytes are shown in memory order; `*` stands for lines equal to the one above)";

/// Appends the lines of a dump of `bytes` starting at address `base`. A run of lines equal
/// to the one before them prints as one `*` line, so a large zero-filled region costs
/// three lines.
pub fn render(out: &mut String, base: u64, bytes: &[u8], view: View) {
    let per = view.per_line();
    let mut prev: Option<&[u8]> = None;
    let mut starred = false;
    for (i, chunk) in bytes.chunks(per).enumerate() {
        let addr = base.wrapping_add((i * per) as u64);
        if prev == Some(chunk) && chunk.len() == per {
            if !starred {
                out.push_str("  *\n");
                starred = true;
            }
            continue;
        }
        starred = false;
        prev = Some(chunk);
        let _ = write!(out, "  {addr:#012x}:");
        match view {
            View::Hex | View::U8 => {
                for (j, b) in chunk.iter().enumerate() {
                    if view == View::U8 || j % 4 == 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{b:02x}");
                }
                // Pad a short last line so the ASCII column lines up.
                let width = |n: usize| match view {
                    View::U8 => 3 * n,
                    _ => 2 * n + n.div_ceil(4),
                };
                out.extend(std::iter::repeat_n(' ', width(per) - width(chunk.len())));
                out.push_str("  |");
                out.extend(chunk.iter().map(|&b| {
                    if b.is_ascii_graphic() || b == b' ' {
                        b as char
                    } else {
                        '.'
                    }
                }));
                out.push('|');
            }
            View::U32 | View::I32 | View::F32 => {
                for w in chunk.chunks(4) {
                    let mut b = [0u8; 4];
                    b[..w.len()].copy_from_slice(w);
                    let _ = match view {
                        View::U32 => write!(out, " {:>10}", u32::from_le_bytes(b)),
                        View::I32 => write!(out, " {:>11}", i32::from_le_bytes(b)),
                        _ => write!(out, " {:>14}", float_text(f32::from_le_bytes(b) as f64)),
                    };
                }
            }
            View::F64 => {
                for w in chunk.chunks(8) {
                    let mut b = [0u8; 8];
                    b[..w.len()].copy_from_slice(w);
                    let _ = write!(out, " {:>24}", float_text(f64::from_le_bytes(b)));
                }
            }
        }
        out.push('\n');
    }
    // After a `*`, the address where the data ends (as hexdump prints it).
    if starred {
        let _ = writeln!(out, "  {:#012x}", base.wrapping_add(bytes.len() as u64));
    }
}

/// A float as people read it: plain decimal between 1e-4 and 1e9 (Rust's shortest
/// round-trip digits), scientific notation outside, `NaN`/`inf` as such.
fn float_text(v: f64) -> String {
    let a = v.abs();
    if v == 0.0 || !v.is_finite() || (1e-4..1e9).contains(&a) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8], view: View) -> String {
        let mut s = String::new();
        render(&mut s, 0x1000, bytes, view);
        s
    }

    #[test]
    fn hex_lines_have_an_ascii_column() {
        let t = text(b"Hello, GPU! 0123456789", View::Hex);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(
            lines[0],
            "  0x0000001000: 48656c6c 6f2c2047 50552120 30313233  |Hello, GPU! 0123|"
        );
        assert_eq!(
            lines[1],
            "  0x0000001010: 34353637 3839                        |456789|"
        );
    }

    #[test]
    fn repeated_lines_collapse_to_a_star() {
        let t = text(&vec![0u8; 256 << 20], View::Hex);
        assert_eq!(t.lines().count(), 3, "{t}");
        assert!(t.contains("\n  *\n"));
        assert!(t.ends_with("  0x0010001000\n"), "{t}");
        // A change after the run prints again.
        let mut b = vec![0u8; 64];
        b[48] = 1;
        let t = text(&b, View::Hex);
        assert_eq!(t.lines().count(), 3, "{t}");
        assert!(
            t.lines()
                .nth(2)
                .unwrap()
                .starts_with("  0x0000001030: 01000000")
        );
    }

    #[test]
    fn typed_views() {
        let mut b = Vec::new();
        for v in [1u32, u32::MAX, 0x3fc0_0000, 7] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        assert!(text(&b, View::U32).contains("          1 4294967295 1069547520          7"));
        assert!(text(&b, View::I32).contains("          -1 "));
        assert!(text(&b, View::F32).contains(" 1.5 "));
        let d = 2.5f64.to_le_bytes();
        assert!(text(&d, View::F64).contains(" 2.5\n"));
        let tiny = 1e-30f64.to_le_bytes();
        assert!(text(&tiny, View::F64).contains("1e-30"));
        assert!(text(&[0xab, 0x41], View::U8).contains(": ab 41"));
        assert_eq!("f64".parse::<View>(), Ok(View::F64));
        assert!("u128".parse::<View>().is_err());
    }
}
