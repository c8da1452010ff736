//! Control flow and barriers: BRA, SSY, SYNC, EXIT, the break/continue/call/return
//! stacks and their pushes, indirect jumps, KIL, BPT, traps, NOP, BAR, B2R, R2B,
//! DEPBAR.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{BR12, Enc, OP, OPC, alu, bit, bits, f, group, pred, reg, reg_reuse, uimm, var};
use super::{B2rMode, BarMode, BarRed, Flow, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, ValSem};
use gpumem_isa::bits::Field;

/// A branch: nvdisasm ignores all four reuse bits of its control slot.
const fn any_reuse(r: OpSpec) -> OpSpec {
    OpSpec {
        reuse_ok: 0b1111,
        ..r
    }
}

const CONST_ADDR: OpKind = OpKind::ConstAddr {
    bank: f(36, 5),
    off: f(20, 16),
};

/// DEPBAR's further scoreboards, bits 0-5: `{5,4,2,0}`.
const SB_SET: OpKind = OpKind::SbSet { f: f(0, 6) };

const BR12_C: u64 = BR12 | bit(5);

/// A branch-family row: fixed latency, every reuse bit ignored.
#[allow(clippy::too_many_arguments)]
const fn br(
    op: Op,
    name: &'static str,
    form: &'static str,
    opc12: u64,
    cbank: Option<bool>,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    flow: Flow,
) -> OpSpec {
    let (opcode, mask) = match cbank {
        None => (opc12 << 52, BR12),
        Some(false) => (opc12 << 52, BR12_C),
        Some(true) => (opc12 << 52 | bit(5), BR12_C),
    };
    OpSpec {
        reuse_ok: 0b1111,
        flow,
        ..alu(Enc {
            op,
            name,
            form,
            opcode,
            mask,
            mods,
            operands,
            ignored,
        })
    }
}

const CC: OpKind = OpKind::CondCode { f: f(0, 5) };

const REL24: OpKind = OpKind::Target { f: f(20, 24) };

/// `c[bank][offset]`: bank 36-40, signed byte offset 20-35 (bits 41-51 ignored).
const CADDR: OpKind = OpKind::ConstAddr {
    bank: f(36, 5),
    off: f(20, 16),
};

/// An absolute 32-bit target (JMP, JCAL), printed unsigned.
const ABS32: OpKind = OpKind::UImm {
    f: f(20, 32),
    hide: None,
    signed_if: None,
};

/// `c[bank][Ra+offset]` of BRX/JMX's constant-bank form.
const CREG: OpKind = OpKind::ConstReg {
    bank: f(36, 5),
    ra: f(8, 8),
    imm: f(20, 16),
};

/// CAL/JCAL/PRET: bit 6 clear prints `.NOINC`.
const NOINC: ModGroup = grp!(NoInc, 6, 1, { 0 => ".NOINC", 1 => "" });

const LMT: ModGroup = flag!(Lmt, 6, ".LMT");

const UNI: ModGroup = flag!(U, 7, ".U");

/// Bits of a push-type branch (PBK, PCNT, ...) nvdisasm ignores: no guard, no CC.
const PUSH_IGN: u64 = bits(0, 4) | bits(6, 19) | bits(44, 51);

const PUSH_C_IGN: u64 = bits(0, 4) | bits(6, 19) | bits(41, 51);

/// CAL/PRET keep bit 6 (`.NOINC`).
const CALL_IGN: u64 = bits(0, 4) | bits(7, 19) | bits(44, 51);

const CALL_C_IGN: u64 = bits(0, 4) | bits(7, 19) | bits(41, 51);

/// BRK, CONT, KIL, LONGJMP, RET: a CC test and the guard.
const POP_IGN: u64 = bits(5, 15) | bits(20, 51);

// ---------------------------------------------------------------------------------------------
// Barriers: MEMBAR's invalidations, every BAR mode and operand form.

/// BAR's mode: groups without bits (each row fixes bits 32-34).
/// A BAR mode value: its spelling and its meaning.
const fn bar_val(text: &'static str, mode: BarMode) -> ModVal {
    ModVal {
        value: 0,
        text,
        aliases: &[],
        sem: ValSem::Bar(mode),
    }
}

/// A BAR mode group without bits (the row fixes bits 32-34).
const fn bar_mode(vals: &'static [ModVal]) -> ModGroup {
    group(ModId::Mode, f(0, 0), vals)
}

/// BAR.SYNC's mode value (shared with the plain BAR row).
pub(crate) const BAR_SYNC_VALS: &[ModVal] = &[bar_val(".SYNC", BarMode::Sync)];

const BAR_ARV: ModGroup = bar_mode(&[bar_val(".ARV", BarMode::Arv)]);

const BAR_SCAN: ModGroup = bar_mode(&[bar_val(".SCAN", BarMode::Scan)]);

const BAR_SYNC: ModGroup = bar_mode(BAR_SYNC_VALS);

const BAR_RED: ModGroup = bar_mode(&[bar_val(".RED", BarMode::Red)]);

/// A BAR.RED operation value: its number, spelling and meaning.
const fn red_val(value: u8, text: &'static str, red: BarRed) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::BarRed(red),
    }
}

const BAR_REDOP: ModGroup = group(
    ModId::RedOp,
    f(35, 2),
    &[
        red_val(0, ".POPC", BarRed::Popc),
        red_val(1, ".AND", BarRed::And),
        red_val(2, ".OR", BarRed::Or),
    ],
);

const BAR_ID_I: OpKind = uimm(8, 8);

const BAR_ID_R: OpKind = reg(8, false);

const BAR_CNT_I: OpKind = OpKind::UImm {
    f: f(20, 12),
    hide: Some(0),
    signed_if: None,
};

/// ARV and SCAN print a zero thread count (SYNC and RED do not).
const BAR_CNT_I0: OpKind = uimm(20, 12);

const BAR_CNT_R: OpKind = reg(20, false);

const BAR_PA: OpKind = pred(39, Some(f(42, 1)), false, false);

/// What a BAR row names ([`bar`]).
struct Bar {
    op: Op,
    form: &'static str,
    /// Bits 32-34: SYNC 0, ARV 1, RED 2, SCAN 3.
    mode: u64,
    /// The barrier id is an immediate (bit 44), else Ra.
    id_imm: bool,
    /// The thread count is an immediate (bit 43), else Rb.
    cnt_imm: bool,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
}

/// A BAR row: `mode` (bits 32-34), the id from Ra unless `id_imm` (bit 44), the thread
/// count from Rb unless `cnt_imm` (bit 43). SYNC and ARV have no predicate: bits 39-42
/// must hold `PT` (nvdisasm rejects any other); RED and SCAN print it last.
const fn bar(b: Bar) -> OpSpec {
    let Bar {
        op,
        form,
        mode,
        id_imm,
        cnt_imm,
        mods,
        operands,
    } = b;
    let pred = mode >= 2;
    let mut opcode = 0xf0a8 << 48 | mode << 32 | (id_imm as u64) << 44 | (cnt_imm as u64) << 43;
    let mut mask = OPC | bits(32, 34) | bit(43) | bit(44);
    if !pred {
        opcode |= 0b0111 << 39;
        mask |= bits(39, 42);
    }
    let mut ignored = bits(0, 7) | bits(45, 50) | bits(37, 38);
    if mode != 2 {
        ignored |= bits(35, 36);
    }
    if !cnt_imm {
        ignored |= bits(28, 31);
    }
    OpSpec {
        reuse_ok: 0b1111,
        flow: Flow::Barrier,
        ..var(Enc {
            op,
            name: "BAR",
            form,
            opcode,
            mask,
            mods,
            operands,
            ignored,
        })
    }
}

/// B2R's mode (32-33), fixed by each row: `.RESULT` writes Pd too, `.WARP` has none, mode
/// 0 (no spelling) names a barrier by number; 3 is nvdisasm's `B2R.INVALID`.
/// A B2R mode group with its one value (`value` at bits 32-33).
const fn b2r_mode(vals: &'static [ModVal]) -> ModGroup {
    ModGroup {
        id: ModId::Mode,
        field: f(32, 2),
        hi: None,
        vals,
        at: None,
        alt: None,
    }
}

const B2R_RESULT: ModGroup = b2r_mode(&[ModVal {
    value: 1,
    text: ".RESULT",
    aliases: &[],
    sem: ValSem::B2r(B2rMode::Result),
}]);

const B2R_WARP: ModGroup = b2r_mode(&[ModVal {
    value: 2,
    text: ".WARP",
    aliases: &[],
    sem: ValSem::B2r(B2rMode::Warp),
}]);

/// B2R: bits 51-63 the op, 8-15 must be all ones.
const B2R_MASK: u64 = bits(51, 63) | bits(8, 15);

const B2R_OPC: u64 = 0xf0b8 << 48 | bits(8, 15);

/// R2B's mode (32-33): the state it writes, with B2R's meanings (`ValSem::B2r`): mode 0
/// (no spelling) names a barrier by number, `.RESULT` the warp's last reduction, `.WARP`
/// the warp's barrier state.
const R2B_MODE: ModGroup = ModGroup {
    id: ModId::Mode,
    field: Field::new(32, 2),
    hi: None,
    vals: &[
        ModVal {
            value: 0,
            text: "",
            aliases: &[],
            sem: ValSem::None,
        },
        ModVal {
            value: 1,
            text: ".RESULT",
            aliases: &[],
            sem: ValSem::B2r(B2rMode::Result),
        },
        ModVal {
            value: 2,
            text: ".WARP",
            aliases: &[],
            sem: ValSem::B2r(B2rMode::Warp),
        },
    ],
    at: None,
    alt: None,
};

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- ALU set (docs/research/maxwell-alu-facts.md) ---
    // Control flow.
    any_reuse(OpSpec { flow: Flow::Branch, ..alu(Enc { op: Op::Bra, name: "BRA", form: "BRA", opcode: 0xe240 << 48, mask: 0xfff0_0000_0000_0020, mods: &[flag!(U, 7, ".U"), flag!(Lmt, 6, ".LMT")], operands: &[OpKind::CondCode { f: f(0, 5) }, OpKind::Target { f: f(20, 24) }], ignored: bits(8, 15) | bits(44, 51) }) }),
    // BRA to an address read from a constant bank (bit 5): `BRA c[0x1f][-0x8]`.
    any_reuse(OpSpec { flow: Flow::Branch, ..alu(Enc { op: Op::Bra, name: "BRA", form: "BRA_C", opcode: 0xe240_0000_0000_0020, mask: 0xfff0_0000_0000_0020, mods: &[flag!(U, 7, ".U"), flag!(Lmt, 6, ".LMT")], operands: &[OpKind::CondCode { f: f(0, 5) }, CONST_ADDR], ignored: bits(8, 15) | bits(41, 51) }) }),
    // SSY takes no guard: bits 16-19 are ignored with the rest.
    any_reuse(alu(Enc { op: Op::Ssy, name: "SSY", form: "SSY", opcode: 0xe290 << 48, mask: 0xfff0_0000_0000_0020, mods: &[], operands: &[OpKind::Target { f: f(20, 24) }], ignored: bits(0, 4) | bits(6, 19) | bits(44, 51) })),
    any_reuse(alu(Enc { op: Op::Ssy, name: "SSY", form: "SSY_C", opcode: 0xe290_0000_0000_0020, mask: 0xfff0_0000_0000_0020, mods: &[], operands: &[CONST_ADDR], ignored: bits(0, 4) | bits(6, 19) | bits(41, 51) })),
    any_reuse(OpSpec { flow: Flow::Sync, ..alu(Enc { op: Op::Sync, name: "SYNC", form: "SYNC", opcode: 0xf0f8 << 48, mask: OPC, mods: &[], operands: &[OpKind::CondCode { f: f(0, 5) }], ignored: bits(5, 15) | bits(20, 50) }) }),
    any_reuse(OpSpec { flow: Flow::Exit, ..alu(Enc { op: Op::Exit, name: "EXIT", form: "EXIT", opcode: 0xe300 << 48, mask: 0xfff0 << 48, mods: &[flag!(KeepRefCount, 5, ".KEEPREFCOUNT")], operands: &[OpKind::CondCode { f: f(0, 5) }], ignored: bits(6, 15) | bits(20, 51) }) }),
    alu(Enc { op: Op::Nop, name: "NOP", form: "NOP", opcode: 0x50b0 << 48, mask: OPC, mods: &[flag!(Trig, 13, ".TRIG")], operands: &[OpKind::CondCode { f: f(8, 5) }, OpKind::UImm { f: f(20, 16), hide: Some(0), signed_if: None }], ignored: bits(0, 7) | bits(14, 15) | bits(36, 50) }),
    // BAR.SYNC with an immediate barrier id (bit 44) and thread count (bit 43).
    OpSpec { flow: Flow::Barrier, ..var(Enc { op: Op::Bar, name: "BAR", form: "BAR_SYNC", opcode: 0xf0a8_1b80_0000_0000, mask: 0xfff8_1f87_0000_0000, mods: &[group(ModId::Mode, f(0, 0), BAR_SYNC_VALS)], operands: &[OpKind::UImm { f: f(8, 8), hide: None, signed_if: None }, OpKind::UImm { f: f(20, 12), hide: Some(0), signed_if: None }], ignored: bits(0, 7) | bits(35, 38) | bits(45, 50) }) },
    // DEPBAR is fixed-latency but accepts all four reuse flags (none is printed).
    OpSpec { reuse_ok: 0b1111, ..alu(Enc { op: Op::Depbar, name: "DEPBAR", form: "DEPBAR_LE", opcode: 0xf0f0_0000_2000_0000, mask: OPC | bits(29, 29), mods: &[grp!(Le, 0, 0, { 0 => ".LE" })], operands: &[OpKind::Scoreboard { f: f(26, 3) }, OpKind::UImm { f: f(20, 6), hide: None, signed_if: None }, SB_SET], ignored: bits(6, 15) | bits(30, 50) }) },
    // DEPBAR without `.LE` (bit 29 clear): only the scoreboard set; the SB and count
    // fields are ignored.
    OpSpec { reuse_ok: 0b1111, ..alu(Enc { op: Op::Depbar, name: "DEPBAR", form: "DEPBAR", opcode: 0xf0f0 << 48, mask: OPC | bits(29, 29), mods: &[], operands: &[SB_SET], ignored: bits(6, 15) | bits(20, 28) | bits(30, 50) }) },
    // --- breadth B ---
    // Pops (BRK/CONT/RET/KIL/LONGJMP), pushes (PBK/PCNT/PLONGJMP/PEXIT), calls.
    // Pops: a condition code and a guard.
    br(
        Op::Brk,
        "BRK",
        "BRK",
        0xe34,
        None,
        &[],
        &[CC],
        POP_IGN,
        Flow::Sync,
    ),
    br(
        Op::Cont,
        "CONT",
        "CONT",
        0xe35,
        None,
        &[],
        &[CC],
        POP_IGN,
        Flow::Sync,
    ),
    br(
        Op::Ret,
        "RET",
        "RET",
        0xe32,
        None,
        &[],
        &[CC],
        POP_IGN,
        Flow::Exit,
    ),
    br(
        Op::Kil,
        "KIL",
        "KIL",
        0xe33,
        None,
        &[],
        &[CC],
        POP_IGN,
        Flow::Exit,
    ),
    br(
        Op::Longjmp,
        "LONGJMP",
        "LONGJMP",
        0xe31,
        None,
        &[],
        &[CC],
        POP_IGN,
        Flow::Branch,
    ),
    // Pushes: a relative or constant-bank target, no guard.
    br(
        Op::Pbk,
        "PBK",
        "PBK",
        0xe2a,
        Some(false),
        &[],
        &[REL24],
        PUSH_IGN,
        Flow::Next,
    ),
    br(
        Op::Pbk,
        "PBK",
        "PBK_C",
        0xe2a,
        Some(true),
        &[],
        &[CADDR],
        PUSH_C_IGN,
        Flow::Next,
    ),
    br(
        Op::Pcnt,
        "PCNT",
        "PCNT",
        0xe2b,
        Some(false),
        &[],
        &[REL24],
        PUSH_IGN,
        Flow::Next,
    ),
    br(
        Op::Pcnt,
        "PCNT",
        "PCNT_C",
        0xe2b,
        Some(true),
        &[],
        &[CADDR],
        PUSH_C_IGN,
        Flow::Next,
    ),
    br(
        Op::Plongjmp,
        "PLONGJMP",
        "PLONGJMP",
        0xe28,
        Some(false),
        &[],
        &[REL24],
        PUSH_IGN,
        Flow::Next,
    ),
    br(
        Op::Plongjmp,
        "PLONGJMP",
        "PLONGJMP_C",
        0xe28,
        Some(true),
        &[],
        &[CADDR],
        PUSH_C_IGN,
        Flow::Next,
    ),
    // PEXIT: bit 5 is ignored (no constant-bank form).
    br(
        Op::Pexit,
        "PEXIT",
        "PEXIT",
        0xe23,
        None,
        &[],
        &[REL24],
        bits(0, 19) | bits(44, 51),
        Flow::Next,
    ),
    // Calls: bit 6 clear = `.NOINC`.
    br(
        Op::Cal,
        "CAL",
        "CAL",
        0xe26,
        Some(false),
        &[NOINC],
        &[REL24],
        CALL_IGN,
        Flow::Next,
    ),
    br(
        Op::Cal,
        "CAL",
        "CAL_C",
        0xe26,
        Some(true),
        &[NOINC],
        &[CADDR],
        CALL_C_IGN,
        Flow::Next,
    ),
    br(
        Op::Pret,
        "PRET",
        "PRET",
        0xe27,
        Some(false),
        &[NOINC],
        &[REL24],
        CALL_IGN,
        Flow::Next,
    ),
    br(
        Op::Pret,
        "PRET",
        "PRET_C",
        0xe27,
        Some(true),
        &[NOINC],
        &[CADDR],
        CALL_C_IGN,
        Flow::Next,
    ),
    br(
        Op::Jcal,
        "JCAL",
        "JCAL",
        0xe22,
        Some(false),
        &[NOINC],
        &[ABS32],
        bits(0, 4) | bits(7, 19),
        Flow::Next,
    ),
    br(
        Op::Jcal,
        "JCAL",
        "JCAL_C",
        0xe22,
        Some(true),
        &[NOINC],
        &[CADDR],
        CALL_C_IGN,
        Flow::Next,
    ),
    // Jumps.
    br(
        Op::Jmp,
        "JMP",
        "JMP",
        0xe21,
        Some(false),
        &[UNI, LMT],
        &[CC, ABS32],
        bits(8, 15),
        Flow::Branch,
    ),
    br(
        Op::Jmp,
        "JMP",
        "JMP_C",
        0xe21,
        Some(true),
        &[UNI, LMT],
        &[CC, CADDR],
        bits(8, 15) | bits(41, 51),
        Flow::Branch,
    ),
    br(
        Op::Jmx,
        "JMX",
        "JMX",
        0xe20,
        Some(false),
        &[LMT],
        &[
            CC,
            OpKind::RegOff {
                ra: f(8, 8),
                off: f(20, 32),
            },
        ],
        bit(7),
        Flow::Branch,
    ),
    br(
        Op::Jmx,
        "JMX",
        "JMX_C",
        0xe20,
        Some(true),
        &[LMT],
        &[CC, CREG],
        bit(7) | bits(41, 51),
        Flow::Branch,
    ),
    br(
        Op::Brx,
        "BRX",
        "BRX",
        0xe25,
        Some(false),
        &[LMT],
        &[
            CC,
            OpKind::RegOff {
                ra: f(8, 8),
                off: f(20, 24),
            },
        ],
        bit(7) | bits(44, 51),
        Flow::Branch,
    ),
    br(
        Op::Brx,
        "BRX",
        "BRX_C",
        0xe25,
        Some(true),
        &[LMT],
        &[CC, CREG],
        bit(7) | bits(41, 51),
        Flow::Branch,
    ),
    // Traps and the rest of the family.
    super::vocab::maxwell(br(
        Op::Bpt,
        "BPT",
        "BPT",
        0xe3a,
        None,
        &[
            grp!(Bpt, 6, 3, { 0 => ".DRAIN_ILLEGAL", 1 => ".CAL", 2 => ".PAUSE", 3 => ".TRAP", 4 => ".INT", 5 => ".DRAIN" }),
        ],
        &[OpKind::UImm {
            f: f(20, 20),
            hide: Some(0),
            signed_if: None,
        }],
        bits(0, 5) | bits(9, 19) | bits(40, 51),
        Flow::Next,
    )),
    // The Pascal SMs add BPT mode 6, `.PAUSE_QUIET` (nvdisasm -b SM60/SM61/SM62).
    super::vocab::pascal(br(
        Op::Bpt,
        "BPT",
        "BPT_P6",
        0xe3a,
        None,
        &[
            grp!(Bpt, 6, 3, { 0 => ".DRAIN_ILLEGAL", 1 => ".CAL", 2 => ".PAUSE", 3 => ".TRAP", 4 => ".INT", 5 => ".DRAIN", 6 => ".PAUSE_QUIET" }),
        ],
        &[OpKind::UImm {
            f: f(20, 20),
            hide: Some(0),
            signed_if: None,
        }],
        bits(0, 5) | bits(9, 19) | bits(40, 51),
        Flow::Next,
    )),
    br(
        Op::Rtt,
        "RTT",
        "RTT",
        0xe36,
        None,
        &[grp!(Rtt, 0, 2, { 0 => "", 1 => ".TERMINATE", 2 => ".FALLTHROUGH", 3 => ".PREEMPTED" })],
        &[],
        bits(2, 51),
        Flow::Exit,
    ),
    br(
        Op::Sam,
        "SAM",
        "SAM",
        0xe37,
        None,
        &[],
        &[],
        bits(0, 51),
        Flow::Next,
    ),
    br(
        Op::Ram,
        "RAM",
        "RAM",
        0xe38,
        None,
        &[],
        &[],
        bits(0, 51),
        Flow::Next,
    ),
    bar(Bar { op: Op::Bar, form: "BAR_SYNC_RR", mode: 0, id_imm: false, cnt_imm: false, mods: &[BAR_SYNC], operands: &[BAR_ID_R, BAR_CNT_R] }),
    bar(Bar { op: Op::Bar, form: "BAR_SYNC_RI", mode: 0, id_imm: false, cnt_imm: true, mods: &[BAR_SYNC], operands: &[BAR_ID_R, BAR_CNT_I] }),
    bar(Bar { op: Op::Bar, form: "BAR_SYNC_IR", mode: 0, id_imm: true, cnt_imm: false, mods: &[BAR_SYNC], operands: &[BAR_ID_I, BAR_CNT_R] }),
    bar(Bar { op: Op::Bar, form: "BAR_ARV_II", mode: 1, id_imm: true, cnt_imm: true, mods: &[BAR_ARV], operands: &[BAR_ID_I, BAR_CNT_I0] }),
    bar(Bar { op: Op::Bar, form: "BAR_ARV_RR", mode: 1, id_imm: false, cnt_imm: false, mods: &[BAR_ARV], operands: &[BAR_ID_R, BAR_CNT_R] }),
    bar(Bar { op: Op::Bar, form: "BAR_ARV_RI", mode: 1, id_imm: false, cnt_imm: true, mods: &[BAR_ARV], operands: &[BAR_ID_R, BAR_CNT_I0] }),
    bar(Bar { op: Op::Bar, form: "BAR_ARV_IR", mode: 1, id_imm: true, cnt_imm: false, mods: &[BAR_ARV], operands: &[BAR_ID_I, BAR_CNT_R] }),
    bar(Bar { op: Op::Bar, form: "BAR_RED_II", mode: 2, id_imm: true, cnt_imm: true, mods: &[BAR_RED, BAR_REDOP], operands: &[BAR_ID_I, BAR_CNT_I, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_RED_RR", mode: 2, id_imm: false, cnt_imm: false, mods: &[BAR_RED, BAR_REDOP], operands: &[BAR_ID_R, BAR_CNT_R, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_RED_RI", mode: 2, id_imm: false, cnt_imm: true, mods: &[BAR_RED, BAR_REDOP], operands: &[BAR_ID_R, BAR_CNT_I, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_RED_IR", mode: 2, id_imm: true, cnt_imm: false, mods: &[BAR_RED, BAR_REDOP], operands: &[BAR_ID_I, BAR_CNT_R, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_SCAN_II", mode: 3, id_imm: true, cnt_imm: true, mods: &[BAR_SCAN], operands: &[BAR_ID_I, BAR_CNT_I0, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_SCAN_RR", mode: 3, id_imm: false, cnt_imm: false, mods: &[BAR_SCAN], operands: &[BAR_ID_R, BAR_CNT_R, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_SCAN_RI", mode: 3, id_imm: false, cnt_imm: true, mods: &[BAR_SCAN], operands: &[BAR_ID_R, BAR_CNT_I0, BAR_PA] }),
    bar(Bar { op: Op::Bar, form: "BAR_SCAN_IR", mode: 3, id_imm: true, cnt_imm: false, mods: &[BAR_SCAN], operands: &[BAR_ID_I, BAR_CNT_R, BAR_PA] }),
    // --- breadth C ---
    var(Enc { op: Op::B2r, name: "B2R", form: "B2R_RESULT", opcode: B2R_OPC | 1 << 32, mask: B2R_MASK | bits(32, 33), mods: &[B2R_RESULT], operands: &[reg(0, true), OpKind::Pred { f: f(45, 3), neg: None, write: true, hide_pt: true }], ignored: bits(20, 31) | bits(34, 44) | bits(48, 50) }),
    var(Enc { op: Op::B2r, name: "B2R", form: "B2R_WARP", opcode: B2R_OPC | 2 << 32, mask: B2R_MASK | bits(32, 33), mods: &[B2R_WARP], operands: &[reg(0, true)], ignored: bits(20, 31) | bits(34, 50) }),
    // Mode 0: a barrier's state by number (bits 8-15), no mode spelled.
    var(Enc { op: Op::B2r, name: "B2R", form: "B2R_BAR", opcode: 0xf0b8 << 48, mask: bits(51, 63) | bits(32, 33), mods: &[], operands: &[reg(0, true), OpKind::UImm { f: f(8, 8), hide: None, signed_if: None }], ignored: bits(20, 31) | bits(34, 50) }),
    // --- breadth F ---
    // R2B (0xf0c0): the mode (32-33; 3 is nvdisasm's `R2B.INVALID`), the barrier number
    // (28-31, printed for every mode) and Rb (20-27). Variable latency: barriers and all
    // four reuse flags are accepted.
    var(Enc { op: Op::R2b, name: "R2B", form: "R2B", opcode: 0xf0c0 << 48, mask: OP, mods: &[R2B_MODE], operands: &[OpKind::UImm { f: f(28, 4), hide: None, signed_if: None }, reg_reuse(20, false, None)], ignored: bits(0, 15) | bits(34, 50) }),
];
