//! How reports print instructions and bytes, shared by the text report, the JSON rows and
//! the timing tables.

/// Bytes as lower-case hex, in memory order.
pub(crate) fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// An instruction address as both ISAs print it in reports (`0x0010`).
pub(crate) fn pc_text(pc: u64) -> String {
    format!("{pc:#06x}")
}

/// Most characters of an instruction's text the tables show (longer texts end in `…`).
pub(crate) const MAX_TEXT: usize = 72;

/// The width of a table's instruction column: its longest text (as shown, at most
/// [`MAX_TEXT`] characters), at least `min`.
pub(crate) fn text_width<'a>(min: usize, texts: impl IntoIterator<Item = &'a str>) -> usize {
    texts
        .into_iter()
        .map(|t| shown(t).chars().count())
        .max()
        .unwrap_or(0)
        .max(min)
}

/// An instruction's text as the tables show it: without its `;`, at most [`MAX_TEXT`]
/// characters (a longer one cut, with an ellipsis).
pub(crate) fn shown(text: &str) -> String {
    let t = text.trim_end_matches(';').trim();
    match t.char_indices().nth(MAX_TEXT) {
        None => t.to_string(),
        Some(_) => {
            let cut: String = t.chars().take(MAX_TEXT - 1).collect();
            format!("{cut}…")
        }
    }
}
