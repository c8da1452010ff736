//! The disassembler's memory of instruction texts it has printed (the stream's fast path).
//!
//! Real code repeats instruction words: ptxas' padding `NOP`, the stack-pointer load
//! every kernel opens with, the same address arithmetic and loads in unrolled loops and
//! in the many kernels a template makes. The text nvdisasm prints for an instruction (its
//! guard, mnemonic, modifiers and operands) is a function of the word, of the control
//! slot's four reuse flags and of the target, except for rows with a branch target, whose
//! text depends on the address too ([`crate::codec::Entry::text_by_word`]). A word met
//! again with the same reuse flags is therefore printed by copying the text it had, and
//! only its schedule is checked again.
//!
//! The memory is small and direct-mapped: each (word, reuse flags) pair has one place, a
//! hash of it, and a new pair takes the place over. It holds what is near in the stream
//! (a few thousand instructions), so it gains from the repetition inside and between
//! neighbouring kernels, not from a stream that repeats whole.

use crate::codec::Entry;

/// Places in the memory (a power of two).
const PLACES: usize = 4096;
/// Longest text kept (guard and body); longer ones are printed each time.
pub(crate) const TEXT: usize = 64;

/// One remembered text.
#[derive(Clone, Copy)]
struct Place {
    word: u64,
    /// The slot's reuse flags (bits 17-20 of the slot).
    reuse: u8,
    /// Bytes of `text` that are the guard (`@!P0 `), which the gutter right-aligns.
    guard: u8,
    /// Bytes of `text` in use.
    len: u8,
    /// The row the word decodes to; `None`: the place is empty.
    entry: Option<&'static Entry>,
    /// Guard and body, as the printer wrote them.
    text: [u8; TEXT],
}

/// A text found in the memory.
pub(crate) struct Found<'m> {
    /// The row the word decodes to.
    pub(crate) entry: &'static Entry,
    /// Bytes of `text` that are the guard.
    pub(crate) guard: usize,
    /// Guard and body, padded to [`TEXT`] bytes.
    pub(crate) text: &'m [u8; TEXT],
    /// Bytes of `text` in use.
    pub(crate) len: usize,
}

/// The memory of one stream (one target).
pub(crate) struct Memo {
    places: Box<[Place]>,
}

impl Memo {
    /// An empty memory.
    pub(crate) fn new() -> Memo {
        let empty = Place {
            word: 0,
            reuse: 0,
            guard: 0,
            len: 0,
            entry: None,
            text: [0; TEXT],
        };
        Memo {
            places: vec![empty; PLACES].into_boxed_slice(),
        }
    }

    /// The place of (word, reuse flags).
    #[inline]
    fn place(word: u64, reuse: u8) -> usize {
        let h = (word ^ (word >> 32) ^ ((reuse as u64) << 59)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - PLACES.trailing_zeros())) as usize
    }

    /// The text of `word` with reuse flags `reuse`, if it is remembered.
    #[inline]
    pub(crate) fn get(&self, word: u64, reuse: u8) -> Option<Found<'_>> {
        let p = self.places.get(Memo::place(word, reuse))?;
        match p.entry {
            Some(entry) if p.word == word && p.reuse == reuse => Some(Found {
                entry,
                guard: p.guard as usize,
                text: &p.text,
                len: p.len as usize,
            }),
            _ => None,
        }
    }

    /// Remembers `text` (guard and body; the guard its first `guard` bytes) as the text
    /// of `word` with reuse flags `reuse`, which decodes to row `entry`; a text longer
    /// than [`TEXT`] or of a row whose text depends on the address is not kept.
    pub(crate) fn put(
        &mut self,
        word: u64,
        reuse: u8,
        entry: &'static Entry,
        guard: usize,
        text: &[u8],
    ) {
        if !entry.text_by_word || text.len() > TEXT || guard > text.len() {
            return;
        }
        if let Some(p) = self.places.get_mut(Memo::place(word, reuse)) {
            p.word = word;
            p.reuse = reuse;
            p.guard = guard as u8;
            p.len = text.len() as u8;
            p.entry = Some(entry);
            p.text[..text.len()].copy_from_slice(text);
        }
    }
}
