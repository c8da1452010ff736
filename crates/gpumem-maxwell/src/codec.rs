//! Encoder and decoder, both driven by the table.

use crate::inst::{Ctrl, Inst, MAX_MODS, MAX_OPERANDS, Operand, RZ};
use crate::table::{GUARD, GUARD_NEG, Latency, ModVal, OpKind, OpSpec, Target};
use gpumem_isa::bits::Field;
use std::sync::LazyLock;

/// Why a word is not a valid instruction. Each variant names the word and the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("word {word:#018x} at {addr:#06x}: no Maxwell opcode matches (opcode bits 63..51 = {:#06x})", word >> 51)]
    /// No row's opcode bits (under its mask) match the word.
    UnknownOpcode {
        /// The 64-bit instruction word.
        word: u64,
        /// Byte address of the word in the code stream.
        addr: u64,
    },
    #[error(
        "word {word:#018x} at {addr:#06x}: {form} does not exist on {target} (it exists on {})",
        crate::table::span_text(*since, *until)
    )]
    /// The word is an encoding that exists only on other targets (e.g. SM52's sparse LDG
    /// decoded for SM50, sm_61's IDP decoded for sm_60).
    NotOnTarget {
        /// The 64-bit instruction word.
        word: u64,
        /// Byte address of the word in the code stream.
        addr: u64,
        /// [`OpSpec::form`] of the row whose opcode matched.
        form: &'static str,
        /// The target the word was decoded for.
        target: Target,
        /// The first target the encoding exists on ([`OpSpec::since`]).
        since: Target,
        /// The last target the encoding exists on ([`OpSpec::until`]).
        until: Target,
    },
    #[error(
        "word {word:#018x} at {addr:#06x}: field `{field}` of {form} has no valid value {value:#x}"
    )]
    /// A modifier or operand field holds a value the row does not list (nvdisasm rejects the word).
    InvalidField {
        /// The 64-bit instruction word.
        word: u64,
        /// Byte address of the word in the code stream.
        addr: u64,
        /// [`OpSpec::form`] of the row whose opcode matched.
        form: &'static str,
        /// Name of the offending field (the modifier group's name or the operand kind).
        field: &'static str,
        /// The value the field holds.
        value: u64,
    },
    #[error(
        "word {word:#018x} at {addr:#06x}: {form} has bits {bits:#018x} set that belong to no field"
    )]
    /// Bits are set outside the opcode, the row's fields, its ignored bits and the guard.
    UnknownBits {
        /// The 64-bit instruction word.
        word: u64,
        /// Byte address of the word in the code stream.
        addr: u64,
        /// [`OpSpec::form`] of the row whose opcode matched.
        form: &'static str,
        /// The stray bits, in place (a mask over the word).
        bits: u64,
    },
    #[error(
        "control word {ctrl:#018x}: slot {slot} ({form} at {addr:#06x}) has `{field}` = {value}, which {form} does not accept"
    )]
    /// A control-word slot holds a schedule the instruction does not accept (a scoreboard
    /// barrier on a fixed-latency op, a reuse flag the row does not take, dual issue where not allowed).
    InvalidControl {
        /// The bundle's 64-bit control word.
        ctrl: u64,
        /// Byte address of the instruction the slot belongs to.
        addr: u64,
        /// Position of the instruction in its bundle (0, 1 or 2), i.e. which 21-bit slot.
        slot: usize,
        /// [`OpSpec::form`] of the instruction the slot belongs to.
        form: &'static str,
        /// What is at fault: `write barrier`, `read barrier`, `reuse` or a dual-issue message.
        field: &'static str,
        /// The value that field holds.
        value: u64,
    },
    #[error("{len} bytes is not a whole number of 32-byte bundles (control word + 3 instructions)")]
    /// The byte stream is not a whole number of 32-byte bundles.
    Unaligned {
        /// Length of the stream in bytes.
        len: usize,
    },
}

/// Every row of the table, family by family ([`crate::table::PARTS`]).
pub static ROWS: LazyLock<Vec<&'static OpSpec>> = LazyLock::new(|| {
    crate::table::PARTS
        .iter()
        .flat_map(|(_, rows)| rows.iter())
        .collect()
});

/// Bits 63..51: every row's fixed bits include them or begin there, so these 13 bits
/// narrow a word down to one row or a few.
const INDEX_SHIFT: u32 = 51;

/// The decoder's row index (its hot path): for each value of the word's bits 63..51, the
/// rows whose fixed bits allow it, most fixed bits first ([`decode_order`]; the first whose
/// fixed bits match wins, which [`validate`] makes independent of where rows are written).
/// One flat list, `starts[k]..starts[k + 1]` for value `k`, of positions in `facts`.
struct RowIndex {
    starts: Vec<u32>,
    rows: Vec<Slot>,
    /// One per row of [`ROWS`], in its order.
    facts: Vec<Entry>,
}

/// A row in an index list: its fixed bits and where its facts are.
#[derive(Clone, Copy)]
struct Slot {
    mask: u64,
    opcode: u64,
    row: u32,
}

/// A row with the facts the decoder and the printer derive from it (computed from the
/// row when the index is built; nothing here is written down by hand).
pub(crate) struct Entry {
    pub(crate) op: &'static OpSpec,
    /// [`owned_bits`] of the row.
    owned: u64,
    /// Bit `i`: modifier group `i` can hold a value it does not list, so the decoder
    /// looks the value up. A group whose every field value is listed needs no lookup.
    check: u16,
    /// Bit `i`: operand `i` is of a kind with values that exist in the field but not
    /// in the ISA ([`operand_check`]).
    operand_checks: u8,
    /// Where each modifier group's value is, as shifts and masks.
    groups: Box<[GroupBits]>,
    /// The row's text depends on the word and the reuse flags only, not on the
    /// instruction's address (no branch-target operand): the stream may reuse it.
    pub(crate) text_by_word: bool,
    /// The row's position in [`ROWS`] (the printer keeps its plans in that order:
    /// [`crate::print::plan_of_row`]).
    pub(crate) row: u32,
}

/// A modifier group's value in a word without the group's case analysis:
/// `((word >> lo) & mask | ((word >> hlo) & hmask) << hshift) as u8 | fixed`
/// ([`ModGroup::get`](crate::table::ModGroup::get): `fixed` is the value of a bitless
/// group that fixes one, whose masks are zero).
#[derive(Clone, Copy, Debug)]
struct GroupBits {
    lo: u32,
    mask: u64,
    hlo: u32,
    hmask: u64,
    hshift: u32,
    fixed: u8,
}

impl GroupBits {
    fn of(g: &crate::table::ModGroup) -> GroupBits {
        // The group's value with every bit set shows whether it is a fixed one: a
        // bitless group reads the same from any word.
        let fixed = g.get(0) & g.get(u64::MAX);
        let bitless = g.mask() == 0;
        GroupBits {
            lo: g.field.lo as u32,
            mask: if bitless { 0 } else { g.field.max() },
            hlo: g.hi.map_or(0, |h| h.lo as u32),
            hmask: g.hi.map_or(0, |h| h.max()),
            hshift: g.field.width as u32,
            fixed: if bitless { fixed } else { 0 },
        }
    }

    #[inline(always)]
    fn get(&self, word: u64) -> u8 {
        ((word >> self.lo) & self.mask | ((word >> self.hlo) & self.hmask) << self.hshift) as u8
            | self.fixed
    }
}

impl Entry {
    fn of(row: usize, op: &'static OpSpec) -> Entry {
        let mut check = 0u16;
        for (i, g) in op.mods.iter().enumerate() {
            let width = g.field.width as u32 + g.hi.map_or(0, |h| h.width as u32);
            let all_listed = width <= 8
                && (0u64..1 << width).all(|x| {
                    let w = match g.hi {
                        Some(h) => h.put(g.field.put(0, x), x >> g.field.width),
                        None => g.field.put(0, x),
                    };
                    find_val(g.vals, g.get(w)).is_some()
                });
            if !all_listed {
                check |= 1 << i.min(15);
            }
        }
        let mut operand_checks = 0u8;
        for (i, k) in op.operands.iter().enumerate() {
            if checked_kind(k) {
                operand_checks |= 1 << i.min(7);
            }
        }
        Entry {
            op,
            owned: owned_bits(op),
            check,
            operand_checks,
            groups: op.mods.iter().map(GroupBits::of).collect(),
            text_by_word: !op
                .operands
                .iter()
                .any(|k| matches!(k, OpKind::Target { .. })),
            row: row as u32,
        }
    }
}

/// Two rows that can match one word on one target where no order between them follows
/// from the rows: neither's fixed bits contain the other's (or both are the same), and
/// neither refuses every word the other's fixed bits allow ([`refuses`]). The decoder
/// would depend on where the rows are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlap {
    /// [`OpSpec::form`] of the row written first.
    pub first: &'static str,
    /// [`OpSpec::form`] of the other row.
    pub second: &'static str,
    /// A word both rows match.
    pub word: u64,
}

impl std::fmt::Display for Overlap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} and {} both match {:#018x} on a common target; neither's fixed bits contain the other's and neither refuses the other's words",
            self.first, self.second, self.word
        )
    }
}

/// Whether two rows exist on a common target.
fn share_target(a: &OpSpec, b: &OpSpec) -> bool {
    a.since.max(b.since) <= a.until.min(b.until)
}

/// Whether some word matches the fixed bits of both rows.
fn meet(a: &OpSpec, b: &OpSpec) -> bool {
    (a.opcode ^ b.opcode) & a.mask & b.mask == 0
}

/// Whether `b` refuses every word that also matches `a`'s fixed bits: a bit `a` fixes to 1
/// is no bit of `b`'s, or a modifier group or checked operand of `b` lies wholly in bits
/// that `a` fixes and `b` leaves free, and holds there a value `b` does not list (ATOMS.CAS
/// refuses its operation 3, which the ATOM forms with a predicate output fix; ALD.P refuses
/// Ra = RZ, which ALD's absolute form fixes).
fn refuses(b: &OpSpec, a: &OpSpec) -> bool {
    let free = a.mask & !b.mask;
    let w = a.opcode;
    if w & free & !owned_bits(b) != 0 {
        return true;
    }
    let within = |m: u64| m != 0 && m & !free == 0;
    b.mods
        .iter()
        .any(|g| within(g.mask()) && find_val(g.vals, g.get(w)).is_none())
        || b.operands.iter().any(|k| {
            checked_kind(k)
                && within(checked_bits(k))
                && operand_check(k, &Operand::None, w).is_some()
        })
}

/// The bits [`operand_check`] reads of an operand of a [`checked_kind`] (an attribute's
/// or an address's register only, not its offset).
fn checked_bits(k: &OpKind) -> u64 {
    match *k {
        OpKind::Attr { ra: Some(f), .. } | OpKind::MemNoRz { ra: f } => f.mask(),
        _ => k.fields().fold(0, |m, f| m | f.mask()),
    }
}

/// Whether the decoder tries `a` before `b`: `a`'s fixed bits strictly contain `b`'s, or
/// the two meet, neither contains the other, and `b` refuses `a`'s words.
fn before(a: &OpSpec, b: &OpSpec) -> bool {
    let common = a.mask & b.mask;
    if !meet(a, b) || a.mask == b.mask {
        return false;
    }
    if common == b.mask {
        return true;
    }
    common != a.mask && refuses(b, a) && !refuses(a, b)
}

/// The decode order within one index list: a row before every row it must precede
/// ([`before`]: more fixed bits first where one row's contain the other's, else the row
/// the other refuses the shared words to); rows without such an order keep their table
/// order (they match no common word, exist on different targets, or are refused by
/// [`validate`]).
fn decode_order(list: &mut [Slot], facts: &[Entry]) {
    list.sort_by_key(|s| std::cmp::Reverse(s.mask.count_ones()));
    // Move each row in front of the first row it must precede (a few rows per list).
    let (mut i, mut moves) = (0, 0);
    while i < list.len() {
        let op = facts[list[i].row as usize].op;
        match (0..i).find(|&j| before(op, facts[list[j].row as usize].op)) {
            Some(j) => {
                list[j..=i].rotate_right(1);
                i = j + 1;
                moves += 1;
                assert!(
                    moves <= list.len() * list.len(),
                    "the decode order has a cycle"
                );
            }
            None => i += 1,
        }
    }
}

/// Checks that the decode order follows from the rows: every two rows of `rows` that exist
/// on a common target and can match one word are ordered by [`before`] (one's fixed bits
/// strictly contain the other's, or one refuses every word the other's fixed bits allow),
/// or each refuses the other's words (SUATOM.CAS's type 4 and its `.F16x2` row's `PT`
/// output: no such word decodes). Returns every other pair, by form.
pub fn validate_rows(rows: &[&'static OpSpec]) -> Result<(), Vec<Overlap>> {
    let mut bad = Vec::new();
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            // Rows that each refuse the other's words leave every shared word invalid:
            // no decoding depends on their order.
            let both_refuse = refuses(a, b) && refuses(b, a);
            if !meet(a, b) || !share_target(a, b) || before(a, b) || before(b, a) || both_refuse {
                continue;
            }
            bad.push(Overlap {
                first: a.form,
                second: b.form,
                word: a.opcode | b.opcode,
            });
        }
    }
    if bad.is_empty() { Ok(()) } else { Err(bad) }
}

/// [`validate_rows`] on the whole table ([`ROWS`]).
pub fn validate() -> Result<(), Vec<Overlap>> {
    validate_rows(&ROWS)
}

static INDEX: LazyLock<RowIndex> = LazyLock::new(|| {
    if let Err(overlaps) = validate() {
        let list: Vec<String> = overlaps.iter().map(|o| o.to_string()).collect();
        panic!(
            "the Maxwell table's decode order is not derived:\n{}",
            list.join("\n")
        );
    }
    let facts: Vec<Entry> = ROWS
        .iter()
        .copied()
        .enumerate()
        .map(|(row, op)| Entry::of(row, op))
        .collect();
    let slots: Vec<Slot> = facts
        .iter()
        .enumerate()
        .map(|(row, e)| Slot {
            mask: e.op.mask,
            opcode: e.op.opcode,
            row: row as u32,
        })
        .collect();
    // Rows by the top 8 bits first, so that the 8,192 lists are filtered from short ones
    // (start-up stays cheap for a one-instruction `gpumem dis`).
    let by_top8: Vec<Vec<Slot>> = (0u64..256)
        .map(|top| {
            let w = top << 56;
            slots
                .iter()
                .copied()
                .filter(|e| (w ^ e.opcode) & e.mask & (0xff << 56) == 0)
                .collect()
        })
        .collect();
    let keys = 1u64 << (64 - INDEX_SHIFT);
    let key_mask = (keys - 1) << INDEX_SHIFT;
    let mut starts = Vec::with_capacity(keys as usize + 1);
    let mut rows = Vec::new();
    for k in 0..keys {
        starts.push(rows.len() as u32);
        let w = k << INDEX_SHIFT;
        let from = rows.len();
        rows.extend(
            by_top8[(w >> 56) as usize]
                .iter()
                .filter(|e| (w ^ e.opcode) & e.mask & key_mask == 0),
        );
        decode_order(&mut rows[from..], &facts);
    }
    starts.push(rows.len() as u32);
    RowIndex {
        starts,
        rows,
        facts,
    }
});

fn find_entry(word: u64, target: Option<Target>) -> Option<&'static Entry> {
    let ix: &'static RowIndex = &INDEX;
    let k = (word >> INDEX_SHIFT) as usize;
    let (a, b) = (ix.starts[k] as usize, ix.starts[k + 1] as usize);
    let mut rows = ix.rows[a..b]
        .iter()
        .filter(|e| word & e.mask == e.opcode)
        .filter_map(|e| ix.facts.get(e.row as usize));
    let first = rows.next()?;
    // The first row that exists on the target (rows of one word that differ by target:
    // [`OpSpec::until`]); else the first row, which the caller reports as not on the target.
    Some(match target {
        Some(t) if !first.op.on(t) => std::iter::once(first)
            .chain(rows)
            .find(|e| e.op.on(t))
            .unwrap_or(first),
        _ => first,
    })
}

/// The facts of row `op` (the row itself, not a copy of it: rows are found by address,
/// in the index list of their own opcode); `None` for a row that is not in [`ROWS`].
pub(crate) fn entry_of(op: &'static OpSpec) -> Option<&'static Entry> {
    let ix: &'static RowIndex = &INDEX;
    let k = (op.opcode >> INDEX_SHIFT) as usize;
    let (a, b) = (*ix.starts.get(k)? as usize, *ix.starts.get(k + 1)? as usize);
    ix.rows
        .get(a..b)?
        .iter()
        .filter_map(|e| ix.facts.get(e.row as usize))
        .find(|e| std::ptr::eq(e.op, op))
}

/// The row an instruction word belongs to, if any (ignoring the target: the first of the
/// rows that share the word).
pub fn find_row(word: u64) -> Option<&'static OpSpec> {
    find_entry(word, None).map(|e| e.op)
}

/// The row an instruction word belongs to on `target`, if any.
pub fn find_row_on(word: u64, target: Target) -> Option<&'static OpSpec> {
    find_entry(word, Some(target)).map(|e| e.op)
}

/// Every bit a row owns: fixed, guard, modifiers, operands and ignored bits.
pub fn owned_bits(op: &OpSpec) -> u64 {
    let mut bits = op.mask | op.ignored | GUARD.mask() | GUARD_NEG.mask();
    for g in op.mods {
        bits |= g.mask();
    }
    if let Some((a, b)) = op.po {
        bits |= (1 << a) | (1 << b);
    }
    for k in op.operands {
        for f in k.fields() {
            bits |= f.mask();
        }
    }
    bits
}

/// Whether bit `n` belongs to a modifier or operand field of `op`.
fn owned_by_fields(op: &OpSpec, n: u8) -> bool {
    let m = 1u64 << n;
    op.mods.iter().any(|g| g.mask() & m != 0)
        || op
            .operands
            .iter()
            .any(|k| k.fields().any(|f| f.mask() & m != 0))
}

fn flag(f: Option<Field>, word: u64) -> bool {
    f.is_some_and(|f| f.get(word) != 0)
}

/// Decodes one instruction word at byte address `addr` with its control slot.
pub fn decode(word: u64, slot: u32, addr: u64, target: Target) -> Result<Inst, DecodeError> {
    let e = find_entry(word, Some(target)).ok_or(DecodeError::UnknownOpcode { word, addr })?;
    let mut inst = Inst {
        op: e.op,
        guard: crate::inst::PT,
        guard_neg: false,
        mods: [0; MAX_MODS],
        operands: [Operand::None; MAX_OPERANDS],
        po: false,
        ctrl: Ctrl::from_slot(slot),
        target,
    };
    fill(word, slot, addr, target, e, &mut inst)?;
    Ok(inst)
}

/// [`decode`] into an existing instruction: a streaming caller (the disassembler's hot
/// loop) decodes every word into one slot instead of moving a new [`Inst`] out each time.
/// On success `inst` equals what [`decode`] returns; on an error its content is
/// unspecified.
pub fn decode_into(
    word: u64,
    slot: u32,
    addr: u64,
    target: Target,
    inst: &mut Inst,
) -> Result<(), DecodeError> {
    decode_entry_into(word, slot, addr, target, inst).map(|_| ())
}

/// [`decode_into`], returning the facts of the row the word matched.
#[inline]
pub(crate) fn decode_entry_into(
    word: u64,
    slot: u32,
    addr: u64,
    target: Target,
    inst: &mut Inst,
) -> Result<&'static Entry, DecodeError> {
    let e = find_entry(word, Some(target)).ok_or(DecodeError::UnknownOpcode { word, addr })?;
    inst.op = e.op;
    inst.target = target;
    inst.mods = [0; MAX_MODS];
    inst.operands = [Operand::None; MAX_OPERANDS];
    fill(word, slot, addr, target, e, inst)?;
    Ok(e)
}

/// `value`'s entry in `vals` (a modifier group's spellings). Groups list each value once
/// (a table test checks it), and most list value `i` at index `i`: that entry is tried
/// before the scan.
#[inline]
pub(crate) fn find_val(vals: &'static [ModVal], value: u8) -> Option<&'static ModVal> {
    match vals.get(value as usize) {
        Some(v) if v.value == value => Some(v),
        _ => vals.iter().find(|v| v.value == value),
    }
}

/// The fields of `word` into `inst`, whose `op` is the row `word` matched (`e`: its index
/// entry), whose `mods` are zero and whose `operands` are [`Operand::None`].
fn fill(
    word: u64,
    slot: u32,
    addr: u64,
    target: Target,
    e: &Entry,
    inst: &mut Inst,
) -> Result<(), DecodeError> {
    let owned = e.owned;
    let op = inst.op;
    if !op.on(target) {
        return Err(DecodeError::NotOnTarget {
            word,
            addr,
            form: op.form,
            target,
            since: op.since,
            until: op.until,
        });
    }
    let stray = word & !owned;
    if stray != 0 {
        return Err(DecodeError::UnknownBits {
            word,
            addr,
            form: op.form,
            bits: stray,
        });
    }
    if let Some((a, b)) = op.po {
        // A `.PO` bit that is no field of its own is only valid with its partner.
        let (ba, bb) = (word >> a & 1, word >> b & 1);
        if ba != bb && (ba == 1 && !owned_by_fields(op, a) || bb == 1 && !owned_by_fields(op, b)) {
            return Err(DecodeError::InvalidField {
                word,
                addr,
                form: op.form,
                field: "PO",
                value: ba | bb << 1,
            });
        }
    }
    let mods = &mut inst.mods;
    for (i, (g, b)) in op.mods.iter().zip(e.groups.iter()).enumerate() {
        let v = b.get(word);
        if e.check & (1 << i.min(15)) != 0 && find_val(g.vals, v).is_none() {
            return Err(DecodeError::InvalidField {
                word,
                addr,
                form: op.form,
                field: g.name(),
                value: v as u64,
            });
        }
        mods[i] = v;
    }
    // A modifier held in the control slot (a texture op's `.T`/`.P`): its bits are no
    // reuse flags.
    let ctrl = slot_ctrl(op, slot);
    if let Some((k, g, f)) = op.ctrl_group() {
        let v = f.get(Ctrl::from_slot(slot).reuse as u64) as u8;
        if find_val(g.vals, v).is_none() {
            return Err(DecodeError::InvalidField {
                word,
                addr,
                form: op.form,
                field: g.name(),
                value: v as u64,
            });
        }
        mods[k] = v;
    }
    let operands = &mut inst.operands;
    for (i, k) in op.operands.iter().enumerate() {
        operands[i] = match *k {
            OpKind::Reg {
                f, neg, abs, not, ..
            } => Operand::Reg {
                r: f.get(word) as u8,
                neg: flag(neg, word),
                abs: flag(abs, word),
                not: flag(not, word),
            },
            OpKind::Pred { f, neg, .. } => Operand::Pred {
                p: f.get(word) as u8,
                neg: flag(neg, word),
            },
            OpKind::SparsePred { f } => Operand::Pred {
                p: 7 - f.get(word) as u8,
                neg: false,
            },
            OpKind::PredOut { f, inv } => Operand::Pred {
                p: if inv {
                    7 - f.get(word) as u8
                } else {
                    f.get(word) as u8
                },
                neg: false,
            },
            OpKind::Mem { ra, imm } => {
                let r = ra.get(word) as u8;
                // A zero-width offset (a surface op's `[Ra]`) is zero.
                let off = if r == RZ || imm.width == 0 {
                    imm.get(word) as i64
                } else {
                    imm.get_signed(word)
                };
                Operand::Mem { ra: r, off }
            }
            OpKind::MemNoRz { ra } => Operand::Mem {
                ra: ra.get(word) as u8,
                off: 0,
            },
            OpKind::MemW { ra, imm } => {
                let r = ra.get(word) as u8;
                let off = if r == RZ {
                    imm.get(word) as i64
                } else {
                    imm.get_signed(word)
                };
                Operand::Mem {
                    ra: r,
                    off: off * 4,
                }
            }
            OpKind::ConstMem { bank, ra, imm } | OpKind::ConstReg { bank, ra, imm } => {
                Operand::ConstMem {
                    bank: bank.get(word) as u8,
                    ra: ra.get(word) as u8,
                    off: imm.get_signed(word),
                }
            }
            OpKind::ConstOperand {
                bank,
                off,
                neg,
                abs,
                not,
                ..
            } => Operand::Const {
                bank: bank.get(word) as u8,
                off: off.get_signed(word) as i32 * 4,
                neg: flag(neg, word),
                abs: flag(abs, word),
                not: flag(not, word),
            },
            // Sign-extended, however it prints (the hardware's reading: `ImmText`).
            OpKind::Imm20 { f, sign, .. } => {
                let v = (f.get(word) | (sign.get(word) << f.width)) as i64;
                let sh = 63 - f.width as u32;
                Operand::Imm((v << sh) >> sh)
            }
            // An f64 immediate keeps the high word of the double: the same bits.
            OpKind::FImm20 { f, sign } | OpKind::DImm20 { f, sign } => {
                Operand::FImm((((sign.get(word) << 19) | f.get(word)) << 12) as u32)
            }
            OpKind::HImm16 { f } => Operand::FImm(f.get(word) as u32),
            OpKind::HImmS { f, sign } => {
                Operand::FImm((sign.get(word) << 15 | f.get(word) << (15 - f.width.min(15))) as u32)
            }
            OpKind::UImm { f, .. } | OpKind::Name { f, .. } => Operand::Imm(f.get(word) as i64),
            OpKind::SImm { f, .. } => Operand::Imm(f.get_signed(word)),
            OpKind::NegImm { f, neg } => {
                let v = f.get(word) as i64;
                Operand::Imm(if neg.get(word) == 1 { -v } else { v })
            }
            OpKind::Imm32 { f, signed } => {
                let v = f.get(word) as u32;
                Operand::Imm(if signed { v as i32 as i64 } else { v as i64 })
            }
            OpKind::FImm32 { f } => Operand::FImm(f.get(word) as u32),
            OpKind::Target { f } => Operand::Target(addr as i64 + 8 + f.get_signed(word)),
            OpKind::SReg { f } => Operand::SReg(f.get(word) as u8),
            OpKind::CondCode { f } => Operand::Cc(f.get(word) as u8),
            OpKind::Scoreboard { f } => Operand::Sb(f.get(word) as u8),
            OpKind::SbSet { f } | OpKind::PrCc { f } => Operand::Imm(f.get(word) as i64),
            OpKind::ConstAddr { bank, off } => Operand::ConstMem {
                bank: bank.get(word) as u8,
                ra: RZ,
                off: off.get_signed(word),
            },
            OpKind::RegPair { f, add } => Operand::Reg {
                r: (f.get(word) as u8).wrapping_add(add),
                neg: false,
                abs: false,
                not: false,
            },
            OpKind::RegHideRz { f, .. } | OpKind::RegNotRz { f } => Operand::Reg {
                r: f.get(word) as u8,
                neg: false,
                abs: false,
                not: false,
            },
            OpKind::RegOff { ra, off } => Operand::Mem {
                ra: ra.get(word) as u8,
                off: off.get_signed(word),
            },
            OpKind::Attr { ra: None, imm, .. } => Operand::Mem {
                ra: RZ,
                off: imm.get(word) as i64,
            },
            OpKind::Attr {
                ra: Some(ra), imm, ..
            } => Operand::Mem {
                ra: ra.get(word) as u8,
                off: if imm.width == 0 {
                    0
                } else {
                    imm.get_signed(word)
                },
            },
        };
        if e.operand_checks & (1 << i.min(7)) != 0
            && let Some(name) = operand_check(k, &operands[i], word)
        {
            return Err(DecodeError::InvalidField {
                word,
                addr,
                form: op.form,
                field: name,
                value: 0,
            });
        }
    }
    // An op whose guard bits are ignored (SSY) has no guard.
    let guarded = op.ignored & GUARD.mask() == 0;
    inst.guard = if guarded {
        GUARD.get(word) as u8
    } else {
        crate::inst::PT
    };
    inst.guard_neg = guarded && GUARD_NEG.get(word) != 0;
    inst.po = op.po_in(word);
    inst.ctrl = ctrl;
    Ok(())
}

/// The name of value `v` of a [`OpKind::Name`] operand in `word`; `None` when the value
/// has none (nvdisasm's placeholder spellings).
pub fn name_of(
    v: u64,
    names: &'static [&'static str],
    rz: Option<(Field, &'static [&'static str])>,
    word: u64,
) -> Option<&'static str> {
    let list = match rz {
        Some((rd, alt)) if rd.get(word) == RZ as u64 => alt,
        _ => names,
    };
    list.get(v as usize).copied().filter(|n| !n.is_empty())
}

/// Whether operands of kind `k` can hold values that exist in the field but not in the
/// ISA: the kinds [`operand_check`] looks at.
fn checked_kind(k: &OpKind) -> bool {
    matches!(
        k,
        OpKind::RegPair { .. }
            | OpKind::Name { .. }
            | OpKind::PredOut { .. }
            | OpKind::SReg { .. }
            | OpKind::CondCode { .. }
            | OpKind::Scoreboard { .. }
            | OpKind::Attr { .. }
            | OpKind::RegNotRz { .. }
            | OpKind::MemNoRz { .. }
    )
}

/// Why operand `v` of kind `k` (decoded from `word`) is no value of the ISA, if it is
/// none: the field's name. Only the kinds [`checked_kind`] names have such values.
fn operand_check(k: &OpKind, v: &Operand, word: u64) -> Option<&'static str> {
    match (*k, v) {
        // `???255`: the implicit register of a pair passes R254.
        (OpKind::RegPair { f, add }, _) if f.width > 0 && f.get(word) + add as u64 > 254 => {
            Some("register pair")
        }
        // A name nvdisasm spells as a placeholder (`INVALID5`): no such value.
        (OpKind::Name { f, names, rz }, _) if name_of(f.get(word), names, rz, word).is_none() => {
            Some("name")
        }
        // `PT` in a predicate output is another row's word (see `OpKind::PredOut`).
        (OpKind::PredOut { f, inv }, _) if f.get(word) == if inv { 0 } else { 7 } => {
            Some("predicate output")
        }
        // SM52 only renames registers SM50 has, so SM50's table decides existence.
        (OpKind::SReg { .. }, Operand::SReg(s))
            if crate::table::system::sreg_name(*s, Target::Sm50).is_none() =>
        {
            Some("sreg")
        }
        (OpKind::CondCode { .. }, Operand::Cc(c))
            if crate::table::system::cc_name(*c).is_none() =>
        {
            Some("cc")
        }
        // nvdisasm prints `???6` for scoreboards 6 and 7: only SB0..SB5 exist.
        (OpKind::Scoreboard { .. }, Operand::Sb(s)) if *s > 5 => Some("scoreboard"),
        // `RZ` in an attribute register that is not this row's (see `OpKind::Attr`).
        (
            OpKind::Attr {
                ra: Some(f),
                rz: false,
                ..
            }
            | OpKind::RegNotRz { f },
            _,
        ) if f.get(word) == RZ as u64 => Some("register (RZ is another form's)"),
        // `[RZ]` where the address register is never RZ (`OpKind::MemNoRz`).
        (OpKind::MemNoRz { ra }, _) if ra.get(word) == RZ as u64 => Some("address register"),
        _ => None,
    }
}

/// Checks a control slot against what nvdisasm accepts for the instruction.
pub fn check_ctrl(inst: &Inst, ctrl_word: u64, slot: usize, addr: u64) -> Result<(), DecodeError> {
    check_slot(inst.op, inst.ctrl, ctrl_word, slot, addr)
}

/// [`check_ctrl`] of an instruction of row `op` whose schedule is `c` ([`slot_ctrl`]).
pub(crate) fn check_slot(
    op: &'static OpSpec,
    c: Ctrl,
    ctrl_word: u64,
    slot: usize,
    addr: u64,
) -> Result<(), DecodeError> {
    let bad = |field: &'static str, value: u64| DecodeError::InvalidControl {
        ctrl: ctrl_word,
        addr,
        slot,
        form: op.form,
        field,
        value,
    };
    if op.latency == Latency::Fixed {
        if c.wr != 7 {
            return Err(bad("write barrier", c.wr as u64));
        }
        if c.rd != 7 {
            return Err(bad("read barrier", c.rd as u64));
        }
    }
    if c.reuse & !op.reuse_ok != 0 {
        return Err(bad("reuse", c.reuse as u64));
    }
    Ok(())
}

/// The schedule of an instruction of row `op` in control slot `slot`: the slot's fields,
/// less the reuse bits that hold a modifier of the row ([`OpSpec::ctrl_mod`]).
#[inline]
pub(crate) fn slot_ctrl(op: &OpSpec, slot: u32) -> Ctrl {
    let mut c = Ctrl::from_slot(slot);
    if let Some((_, _, f)) = op.ctrl_group() {
        c.reuse &= !(f.mask() as u8);
    }
    c
}

/// Encodes an instruction word (the control slot is placed by the caller).
/// `addr` is the instruction's byte address, needed for branch targets.
pub fn encode(inst: &Inst, addr: u64) -> u64 {
    let op = inst.op;
    let mut w = op.opcode;
    w = GUARD.put(w, inst.guard as u64);
    w = GUARD_NEG.put(w, inst.guard_neg as u64);
    for (i, g) in op.mods.iter().enumerate() {
        w = g.put(w, inst.mods[i]);
    }
    if let (true, Some((a, b))) = (inst.po, op.po) {
        w |= (1 << a) | (1 << b);
    }
    let put_flag = |w: u64, f: Option<Field>, on: bool| match f {
        Some(f) => f.put(w, on as u64),
        None => w,
    };
    for (k, v) in op.operands.iter().zip(inst.operands.iter()) {
        w = match (*k, *v) {
            (
                OpKind::Reg {
                    f, neg, abs, not, ..
                },
                Operand::Reg {
                    r,
                    neg: n,
                    abs: a,
                    not: t,
                },
            ) => {
                let w = f.put(w, r as u64);
                let w = put_flag(w, neg, n);
                let w = put_flag(w, abs, a);
                put_flag(w, not, t)
            }
            (OpKind::Pred { f, neg, .. }, Operand::Pred { p, neg: n }) => {
                put_flag(f.put(w, p as u64), neg, n)
            }
            (OpKind::SparsePred { f }, Operand::Pred { p, .. }) => f.put(w, 7 - (p as u64 & 7)),
            (OpKind::PredOut { f, inv }, Operand::Pred { p, .. }) => {
                f.put(w, if inv { 7 - (p as u64 & 7) } else { p as u64 })
            }
            (OpKind::MemNoRz { ra }, Operand::Mem { ra: r, .. }) => ra.put(w, r as u64),
            (OpKind::Mem { ra, imm }, Operand::Mem { ra: r, off }) => {
                imm.put(ra.put(w, r as u64), off as u64)
            }
            (OpKind::Attr { ra, imm, .. }, Operand::Mem { ra: r, off }) => {
                let w = match ra {
                    Some(ra) => ra.put(w, r as u64),
                    None => w,
                };
                imm.put(w, off as u64)
            }
            (
                OpKind::ConstMem { bank, ra, imm } | OpKind::ConstReg { bank, ra, imm },
                Operand::ConstMem {
                    bank: b,
                    ra: r,
                    off,
                },
            ) => imm.put(ra.put(bank.put(w, b as u64), r as u64), off as u64),
            (
                OpKind::ConstOperand {
                    bank,
                    off,
                    neg,
                    abs,
                    not,
                    ..
                },
                Operand::Const {
                    bank: b,
                    off: o,
                    neg: n,
                    abs: a,
                    not: t,
                },
            ) => {
                let w = off.put(bank.put(w, b as u64), (o / 4) as u64);
                put_flag(put_flag(put_flag(w, neg, n), abs, a), not, t)
            }
            (OpKind::Imm20 { f, sign, .. }, Operand::Imm(v)) => {
                sign.put(f.put(w, v as u64), ((v as u64) >> f.width) & 1)
            }
            (OpKind::HImm16 { f }, Operand::FImm(b)) => f.put(w, b as u64 & 0xffff),
            // Sets the negation bit, never clears it (`.PO` may have set it).
            (OpKind::NegImm { f, neg }, Operand::Imm(v)) => {
                let w = f.put(w, v.unsigned_abs());
                if v < 0 { neg.put(w, 1) } else { w }
            }
            (OpKind::HImmS { f, sign }, Operand::FImm(b)) => sign.put(
                f.put(w, (b as u64 & 0x7fff) >> (15 - f.width.min(15))),
                (b as u64 >> 15) & 1,
            ),
            (OpKind::FImm20 { f, sign } | OpKind::DImm20 { f, sign }, Operand::FImm(b)) => {
                sign.put(f.put(w, (b as u64 >> 12) & 0x7ffff), (b as u64 >> 31) & 1)
            }
            (OpKind::UImm { f, .. }, Operand::Imm(v))
            | (OpKind::SImm { f, .. }, Operand::Imm(v))
            | (OpKind::Name { f, .. }, Operand::Imm(v))
            | (OpKind::SbSet { f }, Operand::Imm(v))
            | (OpKind::PrCc { f }, Operand::Imm(v))
            | (OpKind::Imm32 { f, .. }, Operand::Imm(v)) => f.put(w, v as u64),
            (
                OpKind::ConstAddr { bank, off },
                Operand::ConstMem {
                    bank: b, off: o, ..
                },
            ) => off.put(bank.put(w, b as u64), o as u64),
            (OpKind::FImm32 { f }, Operand::FImm(b)) => f.put(w, b as u64),
            (OpKind::RegHideRz { f, .. } | OpKind::RegNotRz { f }, Operand::Reg { r, .. }) => {
                f.put(w, r as u64)
            }
            (OpKind::RegPair { f, add }, Operand::Reg { r, .. }) => {
                f.put(w, r.wrapping_sub(add) as u64)
            }
            (OpKind::MemW { ra, imm }, Operand::Mem { ra: r, off }) => {
                imm.put(ra.put(w, r as u64), (off >> 2) as u64)
            }
            (OpKind::RegOff { ra, off }, Operand::Mem { ra: r, off: o }) => {
                off.put(ra.put(w, r as u64), o as u64)
            }
            (OpKind::Target { f }, Operand::Target(t)) => f.put(w, (t - addr as i64 - 8) as u64),
            (OpKind::SReg { f }, Operand::SReg(s)) => f.put(w, s as u64),
            (OpKind::CondCode { f }, Operand::Cc(c)) => f.put(w, c as u64),
            (OpKind::Scoreboard { f }, Operand::Sb(s)) => f.put(w, s as u64),
            _ => w,
        };
    }
    w & !op.ignored
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Flow, Op};

    fn row(form: &'static str, opcode: u64, mask: u64, since: Target) -> &'static OpSpec {
        Box::leak(Box::new(OpSpec {
            op: Op::Nop,
            name: "NOP",
            form,
            opcode,
            mask,
            mods: &[],
            operands: &[],
            ignored: 0xff,
            since,
            until: Target::Sm52,
            latency: Latency::Fixed,
            mem: None,
            reuse_ok: 0,
            flow: Flow::Next,
            po: None,
            ctrl_mod: None,
            glued: false,
        }))
    }

    #[test]
    fn the_table_derives_its_decode_order() {
        if let Err(list) = validate() {
            let list: Vec<String> = list.iter().map(|o| o.to_string()).collect();
            panic!("{}", list.join("\n"));
        }
    }

    #[test]
    fn overlapping_rows_are_refused_by_name() {
        let top = 0xfff8_0000_0000_0000;
        let a = row("A", 0x5c00 << 48 | 1, top | 0xf, Target::Sm50);
        // B fixes other low bits than A: a word can match both, neither mask contains the other.
        let b = row("B", 0x5c00 << 48 | 1 << 4, top | 0xf0, Target::Sm50);
        let err = validate_rows(&[a, b]).unwrap_err();
        assert_eq!((err[0].first, err[0].second), ("A", "B"));
        assert!(err[0].to_string().contains("A and B"));
        // Nested masks are ordered, not refused; so are rows that exist on different targets
        // or that no word can match both of.
        let c = row("C", 0x5c00 << 48 | 1, top | 0xff, Target::Sm50);
        assert!(validate_rows(&[a, c]).is_ok());
        let d = row("D", 0x5c00 << 48 | 2, top | 0xf, Target::Sm50);
        assert!(validate_rows(&[a, d]).is_ok());
        // The same fixed bits on a common target: refused (table order would decide).
        let e = row("E", 0x5c00 << 48 | 1, top | 0xf, Target::Sm52);
        assert!(validate_rows(&[a, e]).is_err());
    }

    #[test]
    fn more_fixed_bits_decode_first() {
        let top = 0xfff8_0000_0000_0000;
        let general = row("GENERAL", 0x5c00 << 48, top, Target::Sm50);
        let special = row("SPECIAL", 0x5c00 << 48 | 4, top | 0xf, Target::Sm50);
        let facts: Vec<Entry> = [general, special]
            .into_iter()
            .enumerate()
            .map(|(row, op)| Entry::of(row, op))
            .collect();
        let mut list = [0u32, 1].map(|row| Slot {
            mask: facts[row as usize].op.mask,
            opcode: facts[row as usize].op.opcode,
            row,
        });
        decode_order(&mut list, &facts);
        assert_eq!(list[0].row, 1);
    }
}
