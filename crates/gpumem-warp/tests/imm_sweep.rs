//! The immediate sweep (issue 19): every operand of every Maxwell row that holds an
//! immediate, on sm_50 and sm_52, with positive and negative field values, against the
//! rule of how the hardware extends it (SEMANTICS.md, "Immediates: how the hardware
//! extends them"; the evidence is tests/ptx/immediates.ptx, run by `imm_ptxas.rs`).
//!
//! The rule of each operand kind is written out here ([`rule`], one arm per kind, no
//! catch-all: a new kind does not compile until it is classified). For each row, each
//! immediate operand and each field value (the field's bits in order over the kind's
//! fields): 0, 1, the largest positive, the sign bit alone, all ones, -16 and two random
//! ones under the row's default modifiers, and 1, the sign bit alone and all ones under
//! each other value of each modifier group and two random combinations:
//! * **decode**: the word with those bits decodes to the value the rule gives, the one the
//!   executor computes with (a 64-bit two's-complement integer, or a float's bits);
//! * **execute** (a source operand: another row of the same operation holds a register or a
//!   constant there): the instruction runs on one warp whose registers, predicates and
//!   condition code hold random per-lane values, and so does the same instruction with the
//!   immediate replaced by a register that holds the rule's value (a pair for an f64, the
//!   sign filling the high word of an integer; an f16 pair is one register; VABSDIFF4's
//!   byte in each of four: [`register_word`]); every lane's
//!   registers, predicates, condition code (IADD3's carry included) and fault kinds must
//!   agree. The executor reads an operand's value the same way whatever its kind, so this
//!   holds exactly when it extends the immediate as the rule says.
//!
//! Every (row, target, operand) with an immediate kind must be covered: decoded with a
//! field value whose top bit is set and one whose top bit is clear, and, for a source,
//! executed with both; the test fails naming any that is not.
//!
//! Figures (`cargo test -p gpumem-warp --test it imm_sweep:: -- --nocapture`) are printed.

use gpumem_maxwell::codec::{ROWS, decode, encode};
use gpumem_maxwell::print::inst_text;
use gpumem_maxwell::sample::{Rng, inst as sample_inst};
use gpumem_maxwell::table::{ModGroup, Op, OpKind, OpSpec};
use gpumem_maxwell::{Inst, Operand, RZ, Target, inst_addr};
use gpumem_warp::{Capture, Emulator, LaunchConfig, Program};
use std::collections::{BTreeMap, BTreeSet};

/// How the hardware turns an immediate's field bits into the value it computes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Sign-extended from the fields' width (20-bit integers with the sign at bit 56, however
    /// nvdisasm prints them; AL2P's 11-bit offset).
    Sign,
    /// Zero-extended: the 16-bit XMAD and video immediates, VABSDIFF4's 8 bits, SHF's
    /// amount, shift counts, selectors, masks, barrier numbers, addresses.
    Zero,
    /// All 32 bits (the integer 32I forms).
    Word,
    /// An f32's 32 bits (FADD32I, FMUL32I, FFMA32I).
    F32,
    /// The top 20 bits of an f32 (bits 12-31, the sign at the top), the low 12 bits zero.
    F32Top,
    /// The top 20 bits of an f64 (bits 44-63), the low 44 bits zero.
    F64Top,
    /// An f16's 16 bits (F2F/F2I with an `.F16` source).
    F16,
    /// The top bits of an f16 below its sign (HADD2's pair: one half each), the low bits
    /// zero.
    F16Top,
    /// A 16-bit magnitude with its negation apart (VADD).
    SignMagnitude,
}

/// The rule of an operand kind; `None` for the kinds that are no immediate (registers,
/// predicates, constant-bank operands, memory addresses with their offsets, branch
/// targets, names).
fn rule(k: &OpKind) -> Option<Rule> {
    match k {
        OpKind::Imm20 { .. } | OpKind::SImm { .. } => Some(Rule::Sign),
        OpKind::UImm { .. } => Some(Rule::Zero),
        OpKind::Imm32 { .. } => Some(Rule::Word),
        OpKind::FImm32 { .. } => Some(Rule::F32),
        OpKind::FImm20 { .. } => Some(Rule::F32Top),
        OpKind::DImm20 { .. } => Some(Rule::F64Top),
        OpKind::HImm16 { .. } => Some(Rule::F16),
        OpKind::HImmS { .. } => Some(Rule::F16Top),
        OpKind::NegImm { .. } => Some(Rule::SignMagnitude),
        OpKind::Reg { .. }
        | OpKind::Pred { .. }
        | OpKind::PredOut { .. }
        | OpKind::SparsePred { .. }
        | OpKind::Mem { .. }
        | OpKind::MemNoRz { .. }
        | OpKind::ConstMem { .. }
        | OpKind::ConstOperand { .. }
        | OpKind::Target { .. }
        | OpKind::SReg { .. }
        | OpKind::CondCode { .. }
        | OpKind::Scoreboard { .. }
        | OpKind::SbSet { .. }
        | OpKind::ConstAddr { .. }
        | OpKind::RegOff { .. }
        | OpKind::RegHideRz { .. }
        | OpKind::MemW { .. }
        | OpKind::PrCc { .. }
        | OpKind::RegPair { .. }
        | OpKind::ConstReg { .. }
        | OpKind::Name { .. }
        | OpKind::RegNotRz { .. }
        | OpKind::Attr { .. } => None,
    }
}

/// The value the rule gives for field bits `p` of total width `w`, as the executor holds
/// it: an integer as 64-bit two's complement, a float's bits (an f64's as the 64 bits),
/// VADD's magnitude (its sign is the negation: [`expected_operand`]).
fn value(r: Rule, k: &OpKind, p: u64, w: u32) -> u64 {
    let sext = |p: u64, w: u32| ((p << (64 - w)) as i64 >> (64 - w)) as u64;
    match r {
        Rule::Sign => sext(p, w),
        Rule::Zero | Rule::Word | Rule::F32 => p,
        Rule::F32Top => p << 12,
        Rule::F64Top => p << 44,
        Rule::F16 => p,
        Rule::F16Top => {
            // The f16's bits 15-w+1..15: the field's bits below the sign, then the sign.
            let OpKind::HImmS { f, .. } = k else {
                unreachable!()
            };
            let sign = p >> f.width & 1;
            sign << 15 | (p & ((1 << f.width) - 1)) << (15 - f.width as u32)
        }
        // The magnitude; the sign is the negation.
        Rule::SignMagnitude => p & 0xffff,
    }
}

/// The operand the decoder must give for field bits `p`.
fn expected_operand(r: Rule, k: &OpKind, p: u64, w: u32) -> Operand {
    let v = value(r, k, p, w);
    match r {
        Rule::F32 | Rule::F32Top | Rule::F16 | Rule::F16Top => Operand::FImm(v as u32),
        Rule::F64Top => Operand::FImm((v >> 32) as u32),
        Rule::SignMagnitude => {
            let neg = p >> 16 & 1 == 1;
            Operand::Imm(if neg { -(v as i64) } else { v as i64 })
        }
        Rule::Sign | Rule::Zero | Rule::Word => Operand::Imm(v as i64),
    }
}

/// Whether the decoded operand `o` is the rule's `want` (a 32I form's operand is its 32
/// bits, printed signed or not).
fn same_operand(r: Rule, o: Operand, want: Operand) -> bool {
    match (r, o, want) {
        (Rule::Word, Operand::Imm(a), Operand::Imm(b)) => a as u32 == b as u32,
        _ => o == want,
    }
}

/// The word a register must hold to compute as the immediate `v` does, where the
/// operation reads its immediate otherwise than as a word: VABSDIFF4's 8-bit B is each of
/// B's four bytes (SEMANTICS.md, "VABSDIFF4").
fn register_word(op: &OpSpec, v: u32) -> u32 {
    match op.op {
        Op::Vabsdiff4 => (v & 0xff) * 0x0101_0101,
        _ => v,
    }
}

/// Field bits in the order of the kind's fields (low field first).
fn put_bits(word: u64, k: &OpKind, p: u64) -> u64 {
    let mut w = word;
    let mut at = 0;
    for f in k.fields() {
        w = f.put(w, p >> at & ((1u64 << f.width) - 1));
        at += f.width as u32;
    }
    w
}

fn width(k: &OpKind) -> u32 {
    k.fields().map(|f| f.width as u32).sum()
}

/// The field values tried: 0, 1, the largest positive, the sign bit alone, all ones,
/// -16, and two random ones.
fn patterns(w: u32, r: &mut Rng) -> Vec<u64> {
    let all = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let top = 1u64 << (w - 1);
    let mut v = vec![0, 1, top - 1, top, all, all.wrapping_sub(15) & all];
    for _ in 0..2 {
        v.push(r.next_u64() & all);
    }
    v.dedup();
    v
}

/// A group's default: the value printed as nothing, or its first listed value.
fn base_value(g: &ModGroup) -> u8 {
    let d = g.default_value();
    match g.lookup(d) {
        Some(_) => d,
        None => g.vals.first().map_or(d, |v| v.value),
    }
}

/// The defaults, each other value of each group once, and two random combinations.
fn combos(op: &OpSpec, r: &mut Rng) -> Vec<Vec<u8>> {
    let base: Vec<u8> = op.mods.iter().map(base_value).collect();
    let mut out = vec![base.clone()];
    for (k, g) in op.mods.iter().enumerate() {
        for v in g.vals {
            if v.value != base[k] {
                let mut c = base.clone();
                c[k] = v.value;
                out.push(c);
            }
        }
    }
    for _ in 0..2 {
        out.push(
            op.mods
                .iter()
                .map(|g| g.vals[r.below(g.vals.len() as u64) as usize].value)
                .collect(),
        );
    }
    out
}

/// Whether operand `k` of `op` is a source: another row of the same operation (on the
/// target) with as many operands holds a register or a constant there.
fn is_source(op: &OpSpec, k: usize, target: Target) -> bool {
    ROWS.iter().any(|o| {
        o.op == op.op
            && o.on(target)
            && o.operands.len() + usize::from(is_pair(op, k)) == op.operands.len()
            && matches!(
                o.operands.get(k),
                Some(OpKind::Reg { .. } | OpKind::ConstOperand { .. })
            )
    })
}

/// Operand `k` is the first of an f16 immediate pair (one register in the other rows).
fn is_pair(op: &OpSpec, k: usize) -> bool {
    matches!(op.operands.get(k), Some(OpKind::HImmS { .. }))
        && matches!(op.operands.get(k + 1), Some(OpKind::HImmS { .. }))
}

/// The second of an f16 immediate pair (covered with the first).
fn is_pair_second(op: &OpSpec, k: usize) -> bool {
    k > 0 && is_pair(op, k - 1)
}

const SUB: u8 = 100;
const LANE_DATA: u64 = 0x1_0000;
/// Registers the prologue loads (the instance's are renamed into them).
const LOADED: u8 = 28;
const REGS: u32 = 124;

/// The instructions around the instance, assembled once per target: the prologue (R1 =
/// 4 * lane; R0 and R2-R27 loaded from random per-lane words; P0-P6 and the CC flags from
/// R0; R100, R101 = the substitute's value, patched per run) and the epilogue (P2R of PR
/// and CC into R120, R121; IADD3.X's carry-in, 0-3, into R122; EXIT).
struct Frame {
    pro: Vec<Inst>,
    epi: Vec<Inst>,
}

impl Frame {
    fn new(target: Target) -> Frame {
        let asm = |s: &str| -> Vec<Inst> {
            Program::from_sass(s, target)
                .unwrap_or_else(|e| panic!("{e}"))
                .insts
                .into_iter()
                .map(|i| i.unwrap())
                .collect()
        };
        let mut src = String::from("S2R R1, SR_LANEID ;\nSHL R1, R1, 0x2 ;\n");
        for r in (0..LOADED).filter(|&r| r != 1) {
            src += &format!("LDG R{r}, [R1+{:#x}] ;\n", LANE_DATA + 0x80 * r as u64);
        }
        src += "R2P PR, R0, 0x7f ;\nR2P CC, R0.B1, 0xf ;\n";
        src += &format!("MOV32I R{SUB}, 0x0 ;\nMOV32I R{}, 0x0 ;\n", SUB + 1);
        Frame {
            pro: asm(&src),
            epi: asm(
                "P2R R120, PR, RZ, 0x7f ;\nP2R R121, CC, RZ, 0xf ;\nIADD3.X R122, RZ, RZ, RZ ;\nEXIT ;\n",
            ),
        }
    }

    /// One warp's run of `x` with the substitute `sub` (lo, hi): every thread's
    /// registers, then the fault kinds.
    fn run(&self, x: Inst, sub: (u32, u32), data: &[u8]) -> (Vec<u8>, Vec<gpumem_warp::FaultKind>) {
        let mut insts = self.pro.clone();
        let n = insts.len();
        insts[n - 2].operands[1] = Operand::Imm(sub.0 as i64);
        insts[n - 1].operands[1] = Operand::Imm(sub.1 as i64);
        insts.push(x);
        insts.extend(self.epi.iter().copied());
        let texts = vec![String::new(); insts.len()];
        let prog = Program {
            insts: insts.into_iter().map(Ok).collect(),
            texts,
        };
        let mut emu = Emulator::new(
            &prog,
            LaunchConfig {
                registers: REGS,
                shared_bytes: 0x1000,
                local_bytes: 0x100,
                max_steps: 200,
                hazards: false,
                ..LaunchConfig::default()
            },
        );
        emu.mem.global.write(LANE_DATA, data).unwrap();
        for t in 0..32 {
            emu.capture(Capture::Registers { cta: 0, thread: t });
        }
        emu.run();
        let regs = emu.captured().iter().flatten().flatten().copied().collect();
        (regs, emu.faults.iter().map(|f| f.kind).collect())
    }
}

/// What was covered per (target, form, operand): (decoded with the top bit clear, set;
/// executed with it clear, set).
type Cover = BTreeMap<(Target, &'static str, usize), [bool; 4]>;

/// Renames the instance's registers to R2, R6, R10, ... (loaded by the prologue; a
/// 128-bit operand does not reach the next one).
fn rename(x: &mut Inst) {
    let mut map = BTreeMap::new();
    for o in x.operands.iter_mut() {
        if let Operand::Reg { r, .. } = o
            && *r != RZ
        {
            let n = map.len() as u8;
            *r = *map.entry(*r).or_insert(2 + 4 * n);
            assert!(*r + 3 < LOADED, "too many registers");
        }
    }
}

fn sweep(target: Target, cover: &mut Cover, fails: &mut Vec<String>, counts: &mut [usize; 3]) {
    let frame = Frame::new(target);
    let addr = inst_addr(frame.pro.len());
    let mut data = vec![0u8; 0x80 * LOADED as usize];
    let mut r = Rng(0x1f2e_3d4c_5b6a_7988);
    for b in data.iter_mut() {
        *b = r.next_u64() as u8;
    }
    for op in ROWS.iter().filter(|o| o.on(target)) {
        for (k, kind) in op.operands.iter().enumerate() {
            let Some(rl) = rule(kind) else { continue };
            let w = width(kind);
            // A zero-width immediate (TEX.B's index) has no bits to extend.
            if w == 0 {
                continue;
            }
            // The second half of an f16 pair runs with the first (one register).
            let source = is_source(op, k, target) && !is_pair_second(op, k);
            let slot = cover.entry((target, op.form, k)).or_default();
            let mut rr = Rng(seed(op.form, k));
            for (ci, mods) in combos(op, &mut rr).into_iter().enumerate() {
                let mut x = sample_inst(&mut rr, op, &mods, addr);
                x.target = target;
                x.guard = 7;
                x.guard_neg = false;
                x.ctrl = Default::default();
                x.ctrl.stall = 1;
                rename(&mut x);
                // Every value under the defaults; the edges (1, the sign bit alone, all
                // ones) under the other modifier values.
                let mut ps = patterns(w, &mut rr);
                if ci > 0 {
                    ps = vec![ps[1], ps[3], ps[4]];
                }
                for p in ps {
                    let word = put_bits(encode(&x, addr), kind, p);
                    let Ok(d) = decode(word, x.slot(), addr, target) else {
                        continue;
                    };
                    if d.op.form != op.form {
                        continue;
                    }
                    counts[0] += 1;
                    let want = expected_operand(rl, kind, p, w);
                    let neg = p >> (w - 1) & 1 == 1;
                    if !same_operand(rl, d.operands[k], want) {
                        fails.push(format!(
                            "{target:?} {} operand {k} bits {p:#x}: decoded {:?}, the rule says {want:?} ({})",
                            op.form,
                            d.operands[k],
                            inst_text(&d)
                        ));
                        continue;
                    }
                    slot[neg as usize] = true;
                    if !source {
                        continue;
                    }
                    let v = value(rl, kind, p, w);
                    let (sub, negated) = match rl {
                        Rule::F64Top => ((0, (v >> 32) as u32), false),
                        Rule::SignMagnitude => ((v as u32, 0), p >> 16 & 1 == 1),
                        // An f16 pair: H1's operand first (this one), then H0's.
                        Rule::F16Top => {
                            let OpKind::HImmS { .. } = op.operands[k + 1] else {
                                unreachable!()
                            };
                            let Operand::FImm(h0) = d.operands[k + 1] else {
                                unreachable!()
                            };
                            (((v as u32) << 16 | h0 & 0xffff, 0), false)
                        }
                        _ => ((register_word(op, v as u32), (v >> 32) as u32), false),
                    };
                    let mut y = d;
                    y.operands[k] = Operand::Reg {
                        r: SUB,
                        neg: negated,
                        abs: false,
                        not: false,
                    };
                    if is_pair(op, k) {
                        y.operands.copy_within(k + 2.., k + 1);
                    }
                    counts[1] += 1;
                    let a = frame.run(d, sub, &data);
                    let b = frame.run(y, sub, &data);
                    if a != b {
                        // The first thread and register that differ.
                        let at = (a.0.iter().zip(&b.0)).position(|(x, y)| x != y).map(|i| {
                            let w = |v: &[u8]| {
                                u32::from_le_bytes(v[i & !3..(i & !3) + 4].try_into().unwrap())
                            };
                            format!(
                                "thread {} R{}: {:#x} / {:#x}",
                                i / 4 / REGS as usize,
                                i / 4 % REGS as usize,
                                w(&a.0),
                                w(&b.0)
                            )
                        });
                        fails.push(format!(
                            "{target:?} {} operand {k} bits {p:#x} (`{}`): the immediate / R{SUB} = {sub:x?}: {} faults {:?} / {:?}",
                            op.form,
                            inst_text(&d),
                            at.unwrap_or_default(),
                            a.1,
                            b.1
                        ));
                        continue;
                    }
                    counts[2] += 1;
                    slot[2 + neg as usize] = true;
                }
            }
            if !source {
                slot[2] = true;
                slot[3] = true;
            }
        }
    }
}

/// A 64-bit FNV-1a hash of the form and the operand: the sampling seed.
fn seed(form: &str, k: usize) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in form.bytes().chain((k as u64).to_le_bytes()) {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[test]
fn every_immediate_is_extended_as_the_hardware_does() {
    let mut cover = Cover::new();
    let mut fails = vec![];
    let mut counts = [0usize; 3];
    for target in [Target::Sm50, Target::Sm52] {
        sweep(target, &mut cover, &mut fails, &mut counts);
    }
    let missing: Vec<String> = cover
        .iter()
        .filter(|(_, c)| c.iter().any(|b| !b))
        .map(|((t, f, k), c)| format!("{t:?} {f} operand {k}: {c:?}"))
        .collect();
    let rows: BTreeSet<&str> = cover.keys().map(|(_, f, _)| *f).collect();
    let sources = ROWS
        .iter()
        .flat_map(|o| (0..o.operands.len()).map(move |k| (o, k)))
        .filter(|(o, k)| {
            rule(&o.operands[*k]).is_some()
                && [Target::Sm50, Target::Sm52]
                    .iter()
                    .any(|&t| o.on(t) && is_source(o, *k, t) && !is_pair_second(o, *k))
        })
        .count();
    println!(
        "{} (row, target, operand) immediates in {} rows ({} row operands are sources, run both ways); \
         {} decoded, {} executed both ways, {} agreed",
        cover.len(),
        rows.len(),
        sources,
        counts[0],
        counts[1],
        counts[2]
    );
    // One line per form: how many cases failed, and the first.
    let mut by_form: BTreeMap<String, (usize, &String)> = BTreeMap::new();
    for f in &fails {
        let form = f.split(' ').take(2).collect::<Vec<_>>().join(" ");
        by_form.entry(form).or_insert((0, f)).0 += 1;
    }
    assert!(
        fails.is_empty(),
        "{} failures in {} forms:\n{}",
        fails.len(),
        by_form.len(),
        by_form
            .values()
            .map(|(n, f)| format!("[{n}] {f}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        missing.is_empty(),
        "not covered [decoded +, decoded -, executed +, executed -]:\n{}",
        missing.join("\n")
    );
}
