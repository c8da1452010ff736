//! Memory dumps for people: hexdump's layout (16 bytes a line, an ASCII column, `*` for
//! lines that repeat the one above), or typed views; and for programs, the collapsed
//! form of the JSON report ([`runs`]).

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
                        _ => write!(out, " {:>14}", float_text(f32::from_le_bytes(b))),
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

/// How the JSON report gives a dump's bytes (`gpumem run --json --json-dumps`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum JsonDumps {
    /// `hex`: every byte (the default).
    #[default]
    Hex,
    /// `runs`: stretches that repeat a unit of 1 to 16 bytes collapsed ([`runs`]).
    Runs,
}

impl std::str::FromStr for JsonDumps {
    type Err = String;
    fn from_str(s: &str) -> Result<JsonDumps, String> {
        match s {
            "hex" => Ok(JsonDumps::Hex),
            "runs" => Ok(JsonDumps::Runs),
            _ => Err(format!("unknown dump form `{s}` (hex, runs)")),
        }
    }
}

/// One stretch of a dump in the collapsed form: `unit` repeated `repeat` times from
/// byte `offset` of the dump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run<'a> {
    /// Where it starts, from the dump's first byte.
    pub offset: usize,
    /// The bytes repeated.
    pub unit: &'a [u8],
    /// How many times (1 for bytes that repeat nothing).
    pub repeat: usize,
}

/// Units a collapsed stretch may repeat, and the shortest stretch collapsed (bytes).
const UNITS: [usize; 5] = [1, 2, 4, 8, 16];
const MIN_RUN: usize = 32;

/// `bytes` as stretches: where a unit of 1, 2, 4, 8 or 16 bytes repeats over at least 32
/// bytes, one stretch of it (the unit covering the most bytes, the shortest on a tie);
/// the bytes between as stretches that repeat once. Concatenating each `unit`
/// `repeat` times gives `bytes` back: a 256 MB zero region is one stretch.
pub fn runs(bytes: &[u8]) -> Vec<Run<'_>> {
    let mut out = Vec::new();
    let mut lit = 0;
    let mut i = 0;
    while i < bytes.len() {
        let mut best: Option<(usize, usize)> = None;
        for u in UNITS {
            // Cheap first test: the byte a unit later must equal this one.
            if bytes.get(i + u) != Some(&bytes[i]) || i + MIN_RUN > bytes.len() {
                continue;
            }
            let unit = &bytes[i..i + u];
            let mut r = 1;
            while bytes
                .get(i + r * u..i + (r + 1) * u)
                .is_some_and(|c| c == unit)
            {
                r += 1;
            }
            if r >= 2 && r * u >= MIN_RUN && best.is_none_or(|(_, n)| r * u > n) {
                best = Some((u, r * u));
            }
        }
        match best {
            Some((u, n)) => {
                if lit < i {
                    out.push(Run {
                        offset: lit,
                        unit: &bytes[lit..i],
                        repeat: 1,
                    });
                }
                out.push(Run {
                    offset: i,
                    unit: &bytes[i..i + u],
                    repeat: n / u,
                });
                i += n;
                lit = i;
            }
            None => i += 1,
        }
    }
    if lit < bytes.len() {
        out.push(Run {
            offset: lit,
            unit: &bytes[lit..],
            repeat: 1,
        });
    }
    out
}

/// A float as people read it: plain decimal between 1e-4 and 1e9, scientific notation
/// outside, `NaN`/`inf` as such; the shortest digits that read back as the same value
/// of its own type (an f32 `0.1` is `0.1`, not the f64 widening's `0.10000000149011612`).
fn float_text<T>(v: T) -> String
where
    T: Copy + Into<f64> + std::fmt::Display + std::fmt::LowerExp,
{
    let x: f64 = v.into();
    if x == 0.0 || !x.is_finite() || (1e-4..1e9).contains(&x.abs()) {
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
    fn runs_collapse_repeats_and_give_the_bytes_back() {
        let unrun =
            |r: &[Run]| -> Vec<u8> { r.iter().flat_map(|x| x.unit.repeat(x.repeat)).collect() };
        // 256 MB of zeros: one stretch.
        let z = vec![0u8; 256 << 20];
        let r = runs(&z);
        assert_eq!(
            r,
            vec![Run {
                offset: 0,
                unit: &[0],
                repeat: 256 << 20
            }]
        );
        // Words, a repeated 32-bit pattern, short repeats left as they are.
        let mut b: Vec<u8> = (0..40u8).collect();
        for _ in 0..100 {
            b.extend_from_slice(&0xdead_beefu32.to_le_bytes());
        }
        b.extend_from_slice(&[7, 7, 7, 1, 2]);
        b.extend(std::iter::repeat_n(0xab, 33));
        let r = runs(&b);
        assert_eq!(unrun(&r), b);
        assert_eq!(r.len(), 4, "{r:?}");
        assert_eq!(
            (r[1].offset, r[1].unit, r[1].repeat),
            (40, &[0xef, 0xbe, 0xad, 0xde][..], 100)
        );
        assert_eq!((r[2].unit.len(), r[2].repeat), (5, 1));
        assert_eq!((r[3].unit, r[3].repeat), (&[0xab][..], 33));
        // Nothing repeats: one stretch.
        let n: Vec<u8> = (0..=255u8).collect();
        assert_eq!(runs(&n).len(), 1);
        assert!(runs(&[]).is_empty());
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
        // An f32 shows the shortest digits that read back as that f32.
        let f = [0.1f32, 1e-30, 3.4028235e38].map(f32::to_le_bytes).concat();
        let t = text(&f, View::F32);
        assert!(
            t.contains(" 0.1 ") && t.contains(" 1e-30 ") && t.contains(" 3.4028235e38"),
            "{t}"
        );
        assert!(!t.contains("0.100000001"), "{t}");
        assert!(text(&[0xab, 0x41], View::U8).contains(": ab 41"));
        assert_eq!("f64".parse::<View>(), Ok(View::F64));
        assert!("u128".parse::<View>().is_err());
    }
}
