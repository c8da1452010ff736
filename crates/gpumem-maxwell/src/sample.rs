//! Deterministic generation of instructions from the table, for differential tests,
//! round-trip properties, fuzzing and benchmarks. Every row and every modifier
//! combination is visited in turn; operands and schedules are sampled with the
//! extremes (RZ, R254, offset limits, negative offsets) weighted in.

use crate::codec::{ROWS, encode};
use crate::inst::{Ctrl, Inst, Operand};
use crate::parse::inst_addr;
use crate::table::{Latency, OpKind, OpSpec, Target};

/// The sampling generator (gpumem-isa's SplitMix64).
pub use gpumem_isa::SplitMix64 as Rng;

fn pick<T: Copy>(r: &mut Rng, xs: &[T]) -> Option<T> {
    (!xs.is_empty()).then(|| xs[r.below(xs.len() as u64) as usize])
}

/// Every combination of modifier values of a row.
pub fn mod_combos(op: &OpSpec) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for (k, g) in op.mods.iter().enumerate() {
        out = out
            .into_iter()
            .flat_map(|c| {
                g.vals
                    .iter()
                    .filter(move |v| op.admits(k, v.value))
                    .map(move |v| [c.clone(), vec![v.value]].concat())
            })
            .collect();
    }
    out
}

fn reg(r: &mut Rng) -> u8 {
    match r.below(6) {
        0 => 0,
        1 => 255,
        2 => 254,
        _ => r.next_u64() as u8,
    }
}

/// A signed value for a field of `width` bits, extremes included.
fn signed(r: &mut Rng, width: u8) -> i64 {
    if width == 0 {
        return 0;
    }
    let max = (1i64 << (width - 1)) - 1;
    match r.below(8) {
        0 => 0,
        1 => max,
        2 => -max - 1,
        3 => -1,
        4 => 1,
        5 => r.below(128) as i64 - 64,
        _ => (r.next_u64() as i64) >> (64 - width),
    }
}

/// f32 bits, the special values (signed zeros, infinities, NaNs, the smallest and
/// largest normals, denormals, the printer's 1e9 switch-over) weighted in.
fn float_bits(r: &mut Rng) -> u32 {
    const SPECIAL: [u32; 12] = [
        0x0000_0000,
        0x8000_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0000,
        0x0080_0000,
        0x7f7f_f000,
        0x0000_1000,
        0x4e6e_6000,
        0x4e6e_7000,
        0x3f80_0000,
    ];
    if r.chance(4) {
        SPECIAL[r.below(SPECIAL.len() as u64) as usize]
    } else {
        r.next_u64() as u32
    }
}

/// The high word of an f64, the special values (signed zeros, infinities, quiet and
/// signalling NaNs, the smallest normal, the printer's 1e9 switch-over) weighted in.
fn double_hi(r: &mut Rng) -> u32 {
    const SPECIAL: [u32; 10] = [
        0x0000_0000,
        0x8000_0000,
        0x7ff0_0000,
        0xfff0_0000,
        0x7ff8_0000,
        0xfff4_0000,
        0x0010_0000,
        0x41cd_c000,
        0x41cd_d000,
        0x3ff8_0000,
    ];
    if r.chance(4) {
        SPECIAL[r.below(SPECIAL.len() as u64) as usize]
    } else {
        r.next_u64() as u32
    }
}

/// A random value for an operand of kind `k` in an instruction at `addr`.
pub fn operand(r: &mut Rng, k: &OpKind, addr: u64) -> Operand {
    match *k {
        OpKind::Reg { neg, abs, not, .. } => Operand::Reg {
            r: reg(r),
            neg: neg.is_some() && r.chance(3),
            abs: abs.is_some() && r.chance(3),
            not: not.is_some() && r.chance(3),
        },
        OpKind::Pred { neg, .. } => Operand::Pred {
            p: r.below(8) as u8,
            neg: neg.is_some() && r.chance(2),
        },
        OpKind::SparsePred { .. } => Operand::Pred {
            p: r.below(8) as u8,
            neg: false,
        },
        // Never `PT`: that word is another row's.
        OpKind::PredOut { .. } => Operand::Pred {
            p: r.below(7) as u8,
            neg: false,
        },
        OpKind::Mem { imm, .. } => {
            let ra = reg(r);
            let off = signed(r, imm.width);
            // With RZ the field reads as unsigned.
            Operand::Mem {
                ra,
                off: if ra == 255 {
                    off & imm.max() as i64
                } else {
                    off
                },
            }
        }
        OpKind::MemNoRz { .. } => Operand::Mem {
            ra: reg(r).min(254),
            off: 0,
        },
        OpKind::Attr { ra: None, imm, .. } => Operand::Mem {
            ra: 255,
            off: signed(r, imm.width) & imm.max() as i64,
        },
        // `RZ` only where it is the row's (see `OpKind::Attr`).
        OpKind::Attr {
            ra: Some(_),
            imm,
            rz,
        } => Operand::Mem {
            ra: match reg(r) {
                255 if !rz => 254,
                x => x,
            },
            off: signed(r, imm.width),
        },
        OpKind::ConstMem { imm, .. } | OpKind::ConstReg { imm, .. } => Operand::ConstMem {
            bank: r.below(32) as u8,
            ra: reg(r),
            off: signed(r, imm.width),
        },
        OpKind::ConstOperand {
            off, neg, abs, not, ..
        } => Operand::Const {
            bank: r.below(32) as u8,
            off: signed(r, off.width) as i32 * 4,
            neg: neg.is_some() && r.chance(3),
            abs: abs.is_some() && r.chance(3),
            not: not.is_some() && r.chance(3),
        },
        OpKind::Imm20 { f, .. } => Operand::Imm(signed(r, f.width + 1)),
        OpKind::FImm20 { .. } => Operand::FImm(float_bits(r) & 0xffff_f000),
        OpKind::UImm { f, .. } => Operand::Imm(r.below(f.max() + 1) as i64),
        OpKind::SImm { f, .. } => Operand::Imm(signed(r, f.width)),
        OpKind::NegImm { f, .. } => {
            let v = r.below(f.max() + 1) as i64;
            Operand::Imm(if r.chance(2) { -v } else { v })
        }
        OpKind::Imm32 { signed: s, .. } => {
            let v = r.next_u64() as u32;
            Operand::Imm(if s { v as i32 as i64 } else { v as i64 })
        }
        OpKind::FImm32 { .. } => Operand::FImm(float_bits(r)),
        OpKind::DImm20 { .. } => Operand::FImm(double_hi(r) & 0xffff_f000),
        OpKind::HImmS { f, .. } => Operand::FImm(
            match r.below(4) {
                0 => [
                    0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x3c00, 0x7bc0, 0x0040,
                ][r.below(8) as usize],
                _ => r.next_u64() as u32 & 0xffff,
            } & !((1u32 << (15 - f.width.min(15))) - 1),
        ),
        OpKind::HImm16 { .. } => Operand::FImm(match r.below(4) {
            0 => [
                0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x3c00, 0x0001, 0x7bff,
            ][r.below(8) as usize],
            _ => r.next_u64() as u32 & 0xffff,
        }),
        OpKind::Target { .. } => Operand::Target(addr as i64 + 8 + 8 * (r.below(128) as i64 - 64)),
        OpKind::SReg { .. } => {
            Operand::SReg(pick(r, &crate::table::system::SREG_NUMBERS).unwrap_or(0))
        }
        OpKind::CondCode { .. } => {
            Operand::Cc(pick(r, &crate::table::system::CC_NUMBERS).unwrap_or(15))
        }
        OpKind::Scoreboard { .. } => Operand::Sb(r.below(6) as u8),
        OpKind::SbSet { .. } => Operand::Imm(match r.below(4) {
            0 => 0,
            1 => 63,
            _ => r.below(64) as i64,
        }),
        OpKind::MemW { imm, .. } => {
            let ra = reg(r);
            let off = signed(r, imm.width);
            Operand::Mem {
                ra,
                off: 4 * if ra == 255 {
                    off & imm.max() as i64
                } else {
                    off
                },
            }
        }
        OpKind::PrCc { .. } => Operand::Imm(r.below(2) as i64),
        // Chosen among the valid names once the other operands are known (see `inst`).
        OpKind::Name { .. } => Operand::Imm(0),
        OpKind::RegPair { add, .. } => Operand::Reg {
            r: add,
            neg: false,
            abs: false,
            not: false,
        },
        // Never `RZ`: that word is another row's.
        OpKind::RegNotRz { .. } => Operand::Reg {
            r: reg(r).min(254),
            neg: false,
            abs: false,
            not: false,
        },
        OpKind::RegHideRz { .. } => Operand::Reg {
            r: reg(r),
            neg: false,
            abs: false,
            not: false,
        },
        OpKind::RegOff { off, .. } => Operand::Mem {
            ra: reg(r),
            off: signed(r, off.width),
        },
        OpKind::ConstAddr { bank, off } => Operand::ConstMem {
            bank: r.below(bank.max() + 1) as u8,
            ra: crate::inst::RZ,
            off: signed(r, off.width),
        },
    }
}

/// A schedule slot nvdisasm accepts for `op`.
pub fn ctrl(r: &mut Rng, op: &OpSpec) -> Ctrl {
    let mut c = Ctrl::from_slot(match r.below(6) {
        0 => 0x7e0,
        1 => 0x7e1,
        _ => r.below(1 << 17) as u32,
    });
    if op.latency == Latency::Fixed {
        c.wr = 7;
        c.rd = 7;
    }
    c.reuse = r.below(16) as u8 & op.reuse_ok;
    // Reuse bits that hold a modifier (a texture op's phase) are the modifier's.
    if let Some((_, _, f)) = op.ctrl_group() {
        c.reuse &= !(f.mask() as u8);
    }
    c
}

/// A random instruction of `op` with modifier values `mods`, placed at `addr`.
pub fn inst(r: &mut Rng, op: &'static OpSpec, mods: &[u8], addr: u64) -> Inst {
    let mut inst = Inst::new(op);
    inst.mods[..mods.len()].copy_from_slice(mods);
    // Ops whose guard bits are ignored (SSY) have no guard.
    let g = if op.ignored & crate::table::GUARD.mask() != 0 {
        7
    } else {
        r.below(16) as u8
    };
    inst.guard = g & 7;
    inst.guard_neg = g & 8 != 0;
    for (k, kind) in op.operands.iter().enumerate() {
        inst.operands[k] = operand(r, kind, addr);
        // An operand on an earlier operand's field (FFMA32I's C is Rd) names the same
        // register.
        if let OpKind::Reg { f, .. } = kind
            && let Some(j) = op.operands[..k]
                .iter()
                .position(|o| matches!(o, OpKind::Reg { f: g, .. } if g == f))
            && let (Operand::Reg { r: first, .. }, Operand::Reg { r: this, .. }) =
                (inst.operands[j], &mut inst.operands[k])
        {
            *this = first;
        }
    }
    // Register pairs follow the register their field names: one base for the row.
    if op
        .operands
        .iter()
        .any(|k| matches!(k, OpKind::RegPair { f, .. } if f.width > 0))
    {
        let base = r.below(253) as u8;
        for (k, kind) in op.operands.iter().enumerate() {
            match *kind {
                OpKind::RegPair { f, add } if f.width > 0 => {
                    inst.operands[k] = Operand::Reg {
                        r: base + add,
                        neg: false,
                        abs: false,
                        not: false,
                    }
                }
                _ => {}
            }
        }
    }
    // A name operand: the value a modifier group on the same bits holds (TEXS's `.LZ`
    // with `2D`), or a value with a name for the register operands drawn.
    for (k, kind) in op.operands.iter().enumerate() {
        if let OpKind::Name { f, names, rz } = *kind {
            let v = match op.mods.iter().position(|g| g.field == f) {
                Some(g) => inst.mods[g] as u64,
                None => {
                    let word = crate::codec::encode(&inst, addr);
                    let ok: Vec<u64> = (0..names.len() as u64)
                        .filter(|v| crate::codec::name_of(*v, names, rz, word).is_some())
                        .collect();
                    pick(r, &ok).unwrap_or(0)
                }
            };
            inst.operands[k] = Operand::Imm(v as i64);
        }
    }
    inst.po = inst.po_by_fields();
    inst.ctrl = ctrl(r, op);
    inst
}

/// `n` instructions for `target` and their words (with junk in the bits nvdisasm
/// ignores, half the time), cycling through every row x modifier combination.
/// Schedules never make a dual-issue triple nor end the stream on a pair.
pub fn corpus(target: Target, n: usize, seed: u64) -> Vec<(Inst, u64)> {
    let mut r = Rng(seed);
    let mut plan: Vec<(&'static OpSpec, Vec<u8>)> = Vec::new();
    for op in ROWS.iter().copied().filter(|op| op.on(target)) {
        for c in mod_combos(op) {
            plan.push((op, c));
        }
    }
    let mut out: Vec<(Inst, u64)> = Vec::with_capacity(n);
    let mut second = false;
    for i in 0..n {
        let (op, mods) = &plan[i % plan.len()];
        let addr = inst_addr(i);
        let mut x = inst(&mut r, op, mods, addr);
        x.target = target;
        if x.ctrl.dual_issue() && (second || i + 1 == n) {
            x.ctrl.stall = 1;
        }
        second = !second && x.ctrl.dual_issue();
        let junk = if r.chance(2) {
            r.next_u64() & op.ignored
        } else {
            0
        };
        out.push((x, encode(&x, addr) | junk));
    }
    out
}

/// The raw stream of a corpus: bundles of a control word and three words, NOP-padded.
pub fn to_bytes(insts: &[(Inst, u64)]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(insts.len().div_ceil(3) * 32);
    for chunk in insts.chunks(3) {
        let mut slots = [crate::inst::PAD_SLOT; 3];
        let mut words = [crate::program::NOP_WORD; 3];
        for (k, (inst, w)) in chunk.iter().enumerate() {
            slots[k] = inst.slot();
            words[k] = *w;
        }
        bytes.extend_from_slice(&crate::inst::ctrl_word(slots).to_le_bytes());
        for w in words {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
    }
    bytes
}

/// Real code repeated into a stream of `n` instructions (`n` rounded up to whole bundles):
/// the `kernels`' code (each a whole number of bundles, as a cubin's `.text.<kernel>`
/// sections hold it) concatenated in order and cycled, cut at a bundle boundary; where the
/// last instruction would open a dual-issue pair, the stream goes on to the first bundle
/// that does not end inside a pair (nvdisasm rejects a stream that ends in one). A kernel
/// holding a word gpumem does not decode for `target` is left out, so that the stream
/// decodes, prints and re-assembles whole (benchmarks and `gen_corpus real`). Empty when
/// no kernel is left.
pub fn repeat_kernels(kernels: &[&[u8]], target: Target, n: usize) -> Vec<u8> {
    let whole: Vec<&[u8]> = kernels
        .iter()
        .copied()
        .filter(|k| {
            !k.is_empty()
                && crate::program::decode_lines(k, 0, target)
                    .is_ok_and(|mut ls| ls.all(|l| l.inst.is_ok()))
        })
        .collect();
    if whole.is_empty() {
        return Vec::new();
    }
    let mut bundles = whole.iter().cycle().flat_map(|k| k.chunks_exact(32));
    let mut out = Vec::with_capacity(32 * n.div_ceil(3));
    for b in bundles.by_ref().take(n.div_ceil(3)) {
        out.extend_from_slice(b);
    }
    // Slot 2 of the last control word: stall 0 with the yield bit set opens a pair.
    let opens_pair = |out: &[u8]| {
        let Some(last) = out.len().checked_sub(32).and_then(|i| out.get(i..i + 8)) else {
            return false;
        };
        let cw = last.try_into().map_or(0, u64::from_le_bytes);
        crate::inst::Ctrl::from_slot(crate::inst::ctrl_slot(cw, 2)).dual_issue()
    };
    // At most one pass over the code (a stream whose every bundle opens a pair stops).
    let total: usize = whole.iter().map(|k| k.len() / 32).sum();
    for b in bundles.take(total) {
        if !opens_pair(&out) {
            break;
        }
        out.extend_from_slice(b);
    }
    out
}

/// The code of every kernel of the cubins in `dir` whose file names end with `suffix`
/// (files in name order, kernels in section order); unreadable files and files that are
/// not cubins are skipped.
pub fn kernels_in(dir: &std::path::Path, suffix: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.to_string_lossy().ends_with(suffix));
    files.sort();
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .flat_map(|b| crate::cubin::kernels(&b).unwrap_or_default())
        .map(|k| k.code)
        .collect()
}
