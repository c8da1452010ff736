//! The encoding column of `cuobjdump -sass` and `nvdisasm -hex`: every bundle's control
//! word on a line of its own before the bundle's first instruction, and each
//! instruction's word at the end of its line, `/* 0x4c98078000870001 */`.
//!
//! The column is the same for a whole kernel (a whole raw stream for nvdisasm): two
//! columns past the widest instruction line, where a line's width is its length (trailing
//! blanks trimmed) plus its guard's (`@!P0 `) once more, less 2 for the second instruction
//! of a dual-issue pair. That line ends with the pair's `}` and no word: the word follows
//! on a line of its own. (Measured on every kernel of the committed cubins, 1,655
//! functions; `crates/gpumem-cli/tests/cli.rs` requires the output to equal cuobjdump's.)
//!
//! [`render_stream_hex`] lays a raw stream out so, in two passes over the words (the
//! first measures, the second writes), holding no more than the 64 KiB [`render_stream`]
//! flushes at.

use crate::codec::DecodeError;
use crate::program::{SchedStyle, render_stream};
use crate::table::Target;

/// Whether `line` is an instruction line of `gpumem dis` (any layout): its first
/// non-blank text is an address comment `/*0008*/`.
fn is_inst_line(line: &str) -> bool {
    let t = line.trim_start();
    t.strip_prefix("/*")
        .and_then(|r| r.split_once("*/"))
        .is_some_and(|(h, _)| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The width an instruction line counts for in placing the encoding column (see the
/// module documentation); `None` for a line that is not an instruction line.
pub fn line_width(line: &str) -> Option<usize> {
    if !is_inst_line(line) {
        return None;
    }
    let t = line.trim_end();
    let body = t.split_once("*/").map_or("", |(_, b)| b).trim_start();
    let body = body.strip_prefix('{').unwrap_or(body).trim_start();
    let guard = if body.starts_with('@') {
        body.find(' ').map_or(body.len(), |i| i + 1)
    } else {
        0
    };
    let brace = if t.ends_with('}') { 2 } else { 0 };
    Some((t.len() + guard).saturating_sub(brace))
}

/// The widest instruction line of `text` ([`line_width`]); 0 when none is.
pub fn max_width(text: &str) -> usize {
    text.lines().filter_map(line_width).max().unwrap_or(0)
}

/// Adds the encoding column to the lines of the disassembly of `code` (a raw stream of
/// whole bundles), given a few whole lines at a time in order: the `n`-th instruction line
/// is the stream's `n`-th instruction word. Other lines pass unchanged.
pub struct HexColumn<'a> {
    code: &'a [u8],
    col: usize,
    /// Instruction lines met so far.
    n: usize,
}

impl<'a> HexColumn<'a> {
    /// The column two past `width`, the widest line of the stream ([`max_width`]).
    pub fn new(code: &'a [u8], width: usize) -> Self {
        HexColumn {
            code,
            col: width + 2,
            n: 0,
        }
    }

    fn word(&self, i: usize) -> u64 {
        self.code
            .get(8 * i..8 * i + 8)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    }

    fn hex_line(&self, before: usize, w: u64, out: &mut Vec<u8>) {
        out.resize(out.len() + self.col.saturating_sub(before), b' ');
        out.extend_from_slice(format!("/* {w:#018x} */\n").as_bytes());
    }

    /// Appends `text` (whole lines) to `out` with the encoding column.
    pub fn push(&mut self, text: &str, out: &mut Vec<u8>) {
        for line in text.split_inclusive('\n') {
            let body = line.strip_suffix('\n').unwrap_or(line);
            if !is_inst_line(body) {
                out.extend_from_slice(line.as_bytes());
                continue;
            }
            let (b, k) = (self.n / 3, self.n % 3);
            self.n += 1;
            if k == 0 {
                self.hex_line(0, self.word(4 * b), out);
            }
            let w = self.word(4 * b + 1 + k);
            let body = body.trim_end();
            out.extend_from_slice(body.as_bytes());
            if body.ends_with('}') {
                out.push(b'\n');
                self.hex_line(0, w, out);
            } else {
                self.hex_line(body.len(), w, out);
            }
        }
    }
}

/// [`render_stream`] with the encoding column ([`HexColumn`]): the same lines, the same
/// flushes (`out` holds whole lines with their column), the same result.
pub fn render_stream_hex<E>(
    bytes: &[u8],
    base: u64,
    target: Target,
    style: SchedStyle,
    compact: bool,
    out: &mut Vec<u8>,
    mut flush: impl FnMut(&mut Vec<u8>) -> Result<(), E>,
) -> Result<Result<bool, E>, DecodeError> {
    // Pass 1: the widest line.
    let mut width = 0;
    let mut buf: Vec<u8> = Vec::new();
    let measure = |b: &[u8]| max_width(&String::from_utf8_lossy(b));
    let r = render_stream(bytes, base, target, style, compact, &mut buf, |b| {
        width = width.max(measure(b));
        b.clear();
        Ok::<(), E>(())
    })?;
    if let Err(e) = r {
        return Ok(Err(e));
    }
    width = width.max(measure(&buf));
    buf.clear();
    // Pass 2: the lines with their words.
    let mut col = HexColumn::new(bytes, width);
    let r = render_stream(bytes, base, target, style, compact, &mut buf, |b| {
        col.push(&String::from_utf8_lossy(b), out);
        b.clear();
        flush(out)
    })?;
    let ok = match r {
        Err(e) => return Ok(Err(e)),
        Ok(ok) => ok,
    };
    col.push(&String::from_utf8_lossy(&buf), out);
    Ok(Ok(ok))
}
