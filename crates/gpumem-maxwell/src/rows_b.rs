//! Breadth set B of the Maxwell table: the rest of the control-flow family (BRK, PBK,
//! CONT, PCNT, CAL, RET, JCAL, PRET, JMP, JMX, BRX, KIL, BPT, ...), warp-wide ops (VOTE,
//! SHFL), barriers, atomics and the other forms nvdisasm 11.8 decodes that ptxas rarely
//! emits. Same conventions as `alu.rs`; bit positions and spellings checked against
//! nvdisasm 11.8 (`docs/research/maxwell-breadth-B.md` on the research branch holds the
//! sweeps).
//!
//! The executor (gpumem-warp) runs the control-flow, warp-wide, barrier and atomic rows;
//! modifier values carry their meaning as data (`ValSem::Atom`, `ValSem::Bar`).

use crate::rowkit::*;
use crate::table::{
    AtomOp, BarMode, BarRed, CctlAction, Flow, Latency, MemFacts, MemKind, MemSize, ModGroup,
    ModId, ModVal, Op, OpKind, OpSpec, RegCount, Space, ValSem, VideoTypes,
};
use gpumem_isa::bits::Field;

/// A row whose reuse flags are given: `reuse_ok` is what nvdisasm accepts in the
/// control slot's reuse bits (shadows [`crate::rowkit::row`], which derives them).
#[allow(clippy::too_many_arguments)]
const fn row(
    op: Op,
    name: &'static str,
    form: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    latency: Latency,
    reuse_ok: u8,
    flow: Flow,
) -> OpSpec {
    OpSpec {
        reuse_ok,
        ..crate::rowkit::row(
            op, name, form, opcode, mask, mods, operands, ignored, latency, flow,
        )
    }
}

/// The branch family: 12-bit opcode (bits 52-63); bit 5 selects a constant-bank target.
const BR12: u64 = 0xfff0_0000_0000_0000;
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
    row(
        op,
        name,
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
        Latency::Fixed,
        0b1111,
        flow,
    )
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
const fn reg(lo: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse: None,
        neg: None,
        abs: None,
        not: None,
    }
}

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

/// Control flow: BRK/CONT/RET/KIL/LONGJMP pops, PBK/PCNT/PLONGJMP/PEXIT pushes, CAL/JCAL/PRET,
/// JMP/JMX/BRX, BPT, RTT, the CRS and local-memory base moves, IDE, SAM/RAM, and SHFL.
pub static ROWS_B: &[OpSpec] = &[
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
    br(
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
    ),
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
    row(
        Op::Ide,
        "IDE",
        "IDE",
        0xe39 << 52,
        BR12,
        &[grp!(En, 5, 1, { 0 => ".EN", 1 => "" })],
        // nvdisasm prints no immediate when it is 0xc10 (`IDE.EN ;`), and every other value
        // (0 included); docs/research/maxwell-breadth-F.md.
        &[OpKind::UImm {
            f: f(20, 16),
            hide: Some(0xc10),
            signed_if: None,
        }],
        bits(0, 4) | bits(6, 19) | bits(36, 51),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
    row(
        Op::Getcrsptr,
        "GETCRSPTR",
        "GETCRSPTR",
        0xe2c << 52,
        BR12,
        &[],
        &[reg(0, true)],
        bits(8, 51),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
    row(
        Op::Getlmembase,
        "GETLMEMBASE",
        "GETLMEMBASE",
        0xe2d << 52,
        BR12,
        &[],
        &[reg(0, true)],
        bits(8, 51),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
    row(
        Op::Setcrsptr,
        "SETCRSPTR",
        "SETCRSPTR",
        0xe2e << 52,
        BR12,
        &[],
        &[reg(8, false)],
        bits(0, 7) | bits(16, 51),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
    row(
        Op::Setlmembase,
        "SETLMEMBASE",
        "SETLMEMBASE",
        0xe2f << 52,
        BR12,
        &[],
        &[reg(8, false)],
        bits(0, 7) | bits(16, 51),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
];

const fn pred(lo: u8, neg: Option<Field>, write: bool) -> OpKind {
    OpKind::Pred {
        f: f(lo, 3),
        neg,
        write,
        hide_pt: false,
    }
}
const fn uimm(lo: u8, w: u8) -> OpKind {
    OpKind::UImm {
        f: f(lo, w),
        hide: None,
        signed_if: None,
    }
}

/// SHFL's mode (bits 30-31).
const SHFL_MODE: ModGroup =
    grp!(Mode, 30, 2, { 0 => ".IDX", 1 => ".UP", 2 => ".DOWN", 3 => ".BFLY" });
/// SHFL's lane (bit 28 set: a 5-bit immediate at 20-24, else Rb) and mask (bit 29 set: a
/// 13-bit immediate at 34-46, else Rc); `Pd` is printed first, `PT` included.
const SHFL_II: &[OpKind] = &[
    pred(48, None, true),
    reg(0, true),
    reg(8, false),
    uimm(20, 5),
    uimm(34, 13),
];
const SHFL_RI: &[OpKind] = &[
    pred(48, None, true),
    reg(0, true),
    reg(8, false),
    reg(20, false),
    uimm(34, 13),
];
const SHFL_IR: &[OpKind] = &[
    pred(48, None, true),
    reg(0, true),
    reg(8, false),
    uimm(20, 5),
    reg(39, false),
];
const SHFL_RR: &[OpKind] = &[
    pred(48, None, true),
    reg(0, true),
    reg(8, false),
    reg(20, false),
    reg(39, false),
];

const fn shfl(
    form: &'static str,
    lane_imm: bool,
    mask_imm: bool,
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    row(
        Op::Shfl,
        "SHFL",
        form,
        0xef10 << 48 | (lane_imm as u64) << 28 | (mask_imm as u64) << 29,
        OPC | bit(28) | bit(29),
        &[SHFL_MODE],
        operands,
        ignored,
        Latency::Variable,
        0b1111,
        Flow::Next,
    )
}

/// VOTE and CS2R.
pub static ROWS_B2: &[OpSpec] = &[
    // VOTE: `Rd` (RZ not printed), `Pd`, `Pa` with `!`; mode 3 prints `INVALIDVMODE3`.
    row(
        Op::Vote,
        "VOTE",
        "VOTE",
        0x50d8 << 48,
        OPC,
        &[grp!(Mode, 48, 2, { 0 => ".ALL", 1 => ".ANY", 2 => ".EQ" })],
        &[
            OpKind::RegHideRz {
                f: f(0, 8),
                write: true,
            },
            pred(45, None, true),
            pred(39, Some(f(42, 1)), false),
        ],
        bits(8, 15) | bits(20, 38) | bits(43, 44) | bit(50),
        Latency::Fixed,
        0b0111,
        Flow::Next,
    ),
    shfl(
        "SHFL_II",
        true,
        true,
        SHFL_II,
        bits(25, 27) | bits(32, 33) | bit(47),
    ),
    shfl("SHFL_RI", false, true, SHFL_RI, bits(32, 33) | bit(47)),
    shfl(
        "SHFL_IR",
        true,
        false,
        SHFL_IR,
        bits(25, 27) | bits(32, 38) | bit(47),
    ),
    shfl("SHFL_RR", false, false, SHFL_RR, bits(32, 38) | bit(47)),
    // CS2R: a special register at fixed latency (ptxas: `SR_CLOCKLO`, `SR_GLOBALTIMERLO`).
    row(
        Op::Cs2r,
        "CS2R",
        "CS2R",
        0x50c8 << 48,
        OPC,
        &[],
        &[reg(0, true), OpKind::SReg { f: f(20, 8) }],
        bits(8, 15) | bits(28, 50),
        Latency::Fixed,
        0b0111,
        Flow::Next,
    ),
];

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
/// BAR.SYNC's mode value (shared with the plain row in `alu.rs`).
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
const BAR_PA: OpKind = pred(39, Some(f(42, 1)), false);

/// A BAR row: `mode` (bits 32-34), the id from Ra unless `id_imm` (bit 44), the thread
/// count from Rb unless `cnt_imm` (bit 43). SYNC and ARV have no predicate: bits 39-42
/// must hold `PT` (nvdisasm rejects any other); RED and SCAN print it last.
#[allow(clippy::too_many_arguments)]
const fn bar(
    op: Op,
    form: &'static str,
    mode: u64,
    id_imm: bool,
    cnt_imm: bool,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
) -> OpSpec {
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
    row(
        op,
        "BAR",
        form,
        opcode,
        mask,
        mods,
        operands,
        ignored,
        Latency::Variable,
        0b1111,
        Flow::Barrier,
    )
}

/// MEMBAR with an invalidation (`.IVALLD`, ...) and BAR.
pub static ROWS_B3: &[OpSpec] = &[
    // MEMBAR with an invalidation (bits 0-1 non-zero; the plain form is in alu.rs).
    row(
        Op::Membar,
        "MEMBAR",
        "MEMBAR_IV",
        0xef98 << 48,
        OPC,
        &[
            grp!(Level, 8, 2, { 0 => ".CTA", 1 => ".GL", 2 => ".SYS", 3 => ".VC" }),
            grp!(Ivall, 0, 2, { 1 => ".IVALLD", 2 => ".IVALLT", 3 => ".IVALLTD" }),
        ],
        &[],
        bits(2, 7) | bits(10, 15) | bits(20, 50),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
    bar(
        Op::Bar,
        "BAR_SYNC_RR",
        0,
        false,
        false,
        &[BAR_SYNC],
        &[BAR_ID_R, BAR_CNT_R],
    ),
    bar(
        Op::Bar,
        "BAR_SYNC_RI",
        0,
        false,
        true,
        &[BAR_SYNC],
        &[BAR_ID_R, BAR_CNT_I],
    ),
    bar(
        Op::Bar,
        "BAR_SYNC_IR",
        0,
        true,
        false,
        &[BAR_SYNC],
        &[BAR_ID_I, BAR_CNT_R],
    ),
    bar(
        Op::Bar,
        "BAR_ARV_II",
        1,
        true,
        true,
        &[BAR_ARV],
        &[BAR_ID_I, BAR_CNT_I0],
    ),
    bar(
        Op::Bar,
        "BAR_ARV_RR",
        1,
        false,
        false,
        &[BAR_ARV],
        &[BAR_ID_R, BAR_CNT_R],
    ),
    bar(
        Op::Bar,
        "BAR_ARV_RI",
        1,
        false,
        true,
        &[BAR_ARV],
        &[BAR_ID_R, BAR_CNT_I0],
    ),
    bar(
        Op::Bar,
        "BAR_ARV_IR",
        1,
        true,
        false,
        &[BAR_ARV],
        &[BAR_ID_I, BAR_CNT_R],
    ),
    bar(
        Op::Bar,
        "BAR_RED_II",
        2,
        true,
        true,
        &[BAR_RED, BAR_REDOP],
        &[BAR_ID_I, BAR_CNT_I, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_RED_RR",
        2,
        false,
        false,
        &[BAR_RED, BAR_REDOP],
        &[BAR_ID_R, BAR_CNT_R, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_RED_RI",
        2,
        false,
        true,
        &[BAR_RED, BAR_REDOP],
        &[BAR_ID_R, BAR_CNT_I, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_RED_IR",
        2,
        true,
        false,
        &[BAR_RED, BAR_REDOP],
        &[BAR_ID_I, BAR_CNT_R, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_SCAN_II",
        3,
        true,
        true,
        &[BAR_SCAN],
        &[BAR_ID_I, BAR_CNT_I0, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_SCAN_RR",
        3,
        false,
        false,
        &[BAR_SCAN],
        &[BAR_ID_R, BAR_CNT_R, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_SCAN_RI",
        3,
        false,
        true,
        &[BAR_SCAN],
        &[BAR_ID_R, BAR_CNT_I0, BAR_PA],
    ),
    bar(
        Op::Bar,
        "BAR_SCAN_IR",
        3,
        true,
        false,
        &[BAR_SCAN],
        &[BAR_ID_I, BAR_CNT_R, BAR_PA],
    ),
];

// ---------------------------------------------------------------------------------------------
// Atomics and reductions.

/// A type value: its spelling and the access it makes (bytes, signedness).
pub(crate) const fn ty(value: u8, text: &'static str, bytes: u8, signed: bool) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Size(MemSize {
            bytes,
            signed,
            invalid: false,
            uniform: false,
            float: false,
            half2: false,
        }),
    }
}
/// The f32 atomic type (`.F32.FTZ.RN`).
const fn ty_f32(value: u8) -> ModVal {
    ModVal {
        value,
        text: ".F32.FTZ.RN",
        aliases: &[],
        sem: ValSem::Size(MemSize {
            bytes: 4,
            signed: false,
            invalid: false,
            uniform: false,
            float: true,
            half2: false,
        }),
    }
}
/// An atomic operation value: its spelling and its meaning.
const fn aop(value: u8, text: &'static str, op: AtomOp) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Atom(op),
    }
}
/// An atomic operation group at bits `lo..lo+w`.
const fn atom_op(lo: u8, w: u8, vals: &'static [ModVal]) -> ModGroup {
    group(ModId::Atom, f(lo, w), vals)
}
/// The operations 0-7 every atomic row shares, then the row's own.
macro_rules! aops {
    ($($extra:expr),* $(,)?) => {
        &[
            aop(0, ".ADD", AtomOp::Add),
            aop(1, ".MIN", AtomOp::Min),
            aop(2, ".MAX", AtomOp::Max),
            aop(3, ".INC", AtomOp::Inc),
            aop(4, ".DEC", AtomOp::Dec),
            aop(5, ".AND", AtomOp::And),
            aop(6, ".OR", AtomOp::Or),
            aop(7, ".XOR", AtomOp::Xor),
            $($extra),*
        ]
    };
}

/// ATOM/RED types. Code 4 prints `.U128` on SM50 and `.F16x2.FTZ.RN` on SM52: one
/// spelling per target is not modelled, so it is rejected (as are the `INVALIDATOMICSIZE`
/// codes 6-7).
pub(crate) const ATOM_TYPES: &[ModVal] = &[
    ty(0, "", 4, false),
    ty(1, ".S32", 4, true),
    ty(2, ".U64", 8, false),
    ty_f32(3),
    ty(5, ".S64", 8, true),
];
const ATOMS_TYPES: &[ModVal] = &[
    ty(0, "", 4, false),
    ty(1, ".S32", 4, true),
    ty(2, ".U64", 8, false),
    ty(3, ".S64", 8, true),
];
pub(crate) const fn types(lo: u8, vals: &'static [ModVal]) -> ModGroup {
    group(ModId::Sz, f(lo, if vals.len() == 4 { 2 } else { 3 }), vals)
}
pub(crate) const ATOM_OP: ModGroup = atom_op(
    52,
    4,
    aops!(
        aop(8, ".EXCH", AtomOp::Exch),
        aop(10, ".SAFEADD", AtomOp::SafeAdd)
    ),
);
const ATOMS_OP: ModGroup = atom_op(52, 4, aops!(aop(8, ".EXCH", AtomOp::Exch)));
pub(crate) const RED_OP: ModGroup = atom_op(23, 3, aops!());
pub(crate) const E48: ModGroup = flag!(E, 48, ".E");

#[allow(clippy::too_many_arguments)]
pub(crate) const fn atomic(
    op: Op,
    name: &'static str,
    opcode: u64,
    mask: u64,
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
    space: Space,
    kind: MemKind,
) -> OpSpec {
    OpSpec {
        mem: Some(MemFacts {
            space,
            generic: false,
            kind,
        }),
        ..row(
            op,
            name,
            name,
            opcode,
            mask,
            mods,
            operands,
            ignored,
            Latency::Variable,
            0b1111,
            Flow::Next,
        )
    }
}

/// Atomics and reductions: ATOM, ATOMS and RED.
pub static ROWS_B4: &[OpSpec] = &[
    // ATOM: `.E` 48, type 49-51, op 52-55; signed 20-bit byte offset 28-47.
    atomic(
        Op::Atom,
        "ATOM",
        0xed << 56,
        0xff << 56,
        &[E48, ATOM_OP, types(49, ATOM_TYPES)],
        &[
            reg(0, true),
            OpKind::Mem {
                ra: f(8, 8),
                imm: f(28, 20),
            },
            reg(20, false),
        ],
        0,
        Space::Global,
        MemKind::Atomic,
    ),
    // ATOMS: type 28-29, signed 22-bit word offset 30-51, op 52-55.
    atomic(
        Op::Atoms,
        "ATOMS",
        0xec << 56,
        0xff << 56,
        &[ATOMS_OP, types(28, ATOMS_TYPES)],
        &[
            reg(0, true),
            OpKind::MemW {
                ra: f(8, 8),
                imm: f(30, 22),
            },
            reg(20, false),
        ],
        0,
        Space::Shared,
        MemKind::Atomic,
    ),
    // RED: the data register at 0-7 after the address; type 20-22, op 23-25.
    atomic(
        Op::Red,
        "RED",
        0xebf8 << 48,
        OPC,
        &[E48, RED_OP, types(20, ATOM_TYPES)],
        &[
            OpKind::Mem {
                ra: f(8, 8),
                imm: f(28, 20),
            },
            reg(0, false),
        ],
        bits(26, 27) | bits(49, 50),
        Space::Global,
        MemKind::Reduction,
    ),
];

// ---------------------------------------------------------------------------------------------
// Cache control. Operation 0 (`QRY1`, printed without a space before the address:
// `CCTL.E.QRY1[R2]`) is not modelled and rejected, as are 6, 8 and the
// `INVALIDCCTLOPn`/`INVALIDCACHETYPEn` codes.

/// CCTL's cache (bits 4-6; 5-7 are nvdisasm's `INVALIDCACHETYPEn`).
pub(crate) const CCTL_CACHE: ModGroup =
    grp!(CacheType, 4, 3, { 0 => "", 1 => ".U", 2 => ".C", 3 => ".I", 4 => ".CRS" });
pub(crate) const CCTL_E: ModGroup = flag!(E, 52, ".E");

/// A CCTL/CCTLL operation value and what it does.
const fn cctl_op(value: u8, text: &'static str, a: CctlAction) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Cctl(a),
    }
}

const CCTL_OP: ModGroup = ModGroup {
    id: ModId::CctlOp,
    field: f(0, 4),
    hi: None,
    vals: &[
        cctl_op(1, ".PF1", CctlAction::Prefetch),
        cctl_op(2, ".PF1.5", CctlAction::Prefetch),
        cctl_op(3, ".PF2", CctlAction::Prefetch),
        cctl_op(4, ".WB", CctlAction::WriteBack),
        cctl_op(5, ".IV", CctlAction::Invalidate),
        cctl_op(7, ".RS", CctlAction::Reset),
        cctl_op(9, ".RSLB", CctlAction::ResetLb),
    ],
    at: None,
    alt: None,
};

/// Cache control: CCTL and CCTLL.
pub static ROWS_B5: &[OpSpec] = &[
    // CCTL: `.E` 52, cache 4-6, op 0-3, signed 30-bit word offset 22-51.
    row(
        Op::Cctl,
        "CCTL",
        "CCTL",
        0xef6 << 52,
        0xffe0_0000_0000_0000,
        &[CCTL_E, CCTL_CACHE, CCTL_OP],
        &[OpKind::MemW {
            ra: f(8, 8),
            imm: f(22, 30),
        }],
        bit(7) | bits(20, 21),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
    // CCTLL: op 0-3, cache bits 4-5 must be 0, signed 22-bit word offset 22-43.
    row(
        Op::Cctll,
        "CCTLL",
        "CCTLL",
        0xef80 << 48,
        OPC | bits(4, 5),
        &[CCTL_OP],
        &[OpKind::MemW {
            ra: f(8, 8),
            imm: f(22, 22),
        }],
        bits(6, 7) | bits(20, 21) | bits(44, 50),
        Latency::Variable,
        0b1111,
        Flow::Next,
    ),
];

// ---------------------------------------------------------------------------------------------
// P2R / R2P: `PR` or `CC` (bit 40), byte select 41-42 (P2R: on the mnemonic; R2P: on Ra),
// a mask as a register, a constant or a 20-bit signed immediate.

const PRCC: OpKind = OpKind::PrCc { f: f(40, 1) };
const fn rs(lo: u8, slot: u8, write: bool) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count: RegCount::One,
        reuse: Some(slot),
        neg: None,
        abs: None,
        not: None,
    }
}

const CB34: OpKind = OpKind::ConstOperand {
    bank: f(34, 5),
    off: f(20, 14),
    neg: None,
    abs: None,
    not: None,
    spaced: false,
};
const P2R_SEL: ModGroup = grp!(Sel, 41, 2, { 0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3" });
const R2P_SEL: ModGroup = ModGroup {
    at: Some(1),
    ..P2R_SEL
};

// What the register, constant and immediate rows of each op below share.
const P2R: Rci = Rci::new(Op::P2r, "P2R", &[P2R_SEL], bit(39) | bits(43, 50));
const R2P: Rci = Rci::new(
    Op::R2p,
    "R2P",
    &[R2P_SEL],
    bits(0, 7) | bit(39) | bits(43, 50),
);
/// Predicate-register moves: P2R and R2P.
pub static ROWS_B6: &[OpSpec] = &[
    P2R.r(
        "P2R_R",
        0x5ce8,
        &[reg(0, true), PRCC, rs(8, 0, false), rs(20, 1, false)],
    ),
    P2R.c(
        "P2R_C",
        0x4ce8,
        &[reg(0, true), PRCC, rs(8, 0, false), CB34],
    ),
    P2R.i("P2R_I", 0x38e8, &[reg(0, true), PRCC, rs(8, 0, false), I20]),
    R2P.r("R2P_R", 0x5cf0, &[PRCC, rs(8, 0, false), rs(20, 1, false)]),
    R2P.c("R2P_C", 0x4cf0, &[PRCC, rs(8, 0, false), CB34]),
    R2P.i("R2P_I", 0x38f0, &[PRCC, rs(8, 0, false), I20_BITS]),
];

// ---------------------------------------------------------------------------------------------
// Compare-and-swap. The swap value is not encoded: it is the register after the compare
// value (`R2, R3`; `.64`: `R2, R4`), or one of the two is `RZ` (flags 50-51 for ATOM,
// 28-29 for ATOMS; 3 is rejected). nvdisasm prints `???255` when the pair passes R254.

pub(crate) const fn pair(lo: u8, add: u8) -> OpKind {
    OpKind::RegPair { f: f(lo, 8), add }
}
pub(crate) const RZ_LIT: OpKind = OpKind::RegPair {
    f: f(0, 0),
    add: 255,
};
pub(crate) const CAS: ModGroup = atom_op(0, 0, &[aop(0, ".CAS", AtomOp::Cas)]);
pub(crate) const SZ32: ModGroup = group(ModId::Sz, f(0, 0), &[ty(0, "", 4, false)]);
pub(crate) const SZ64: ModGroup = ModGroup {
    vals: &[ty(0, ".64", 8, false)],
    ..SZ32
};
const SZ_32_64: &[ModVal] = &[ty(0, "", 4, false), ty(1, ".64", 8, false)];
pub(crate) const fn sz64_at(bit: u8) -> ModGroup {
    ModGroup {
        field: f(bit, 1),
        vals: SZ_32_64,
        ..SZ32
    }
}
const ATOMS_CAS_OP: ModGroup = atom_op(
    53,
    2,
    &[
        aop(0, ".CAST", AtomOp::Cast),
        aop(1, ".CAST.SPIN", AtomOp::CastSpin),
        aop(2, ".CAS", AtomOp::Cas),
    ],
);
const ATOM_CAS_MEM: OpKind = OpKind::Mem {
    ra: f(8, 8),
    imm: f(28, 20),
};
const ATOMS_CAS_MEM: OpKind = OpKind::MemW {
    ra: f(8, 8),
    imm: f(30, 22),
};
const ATOM_CAS_OPC: u64 = 0xeef << 52;
const ATOM_CAS_MASK: u64 = 0xfff << 52 | bits(50, 51);
/// ATOMS.CAS: top byte 0xee with bit 55 clear (0xee6/0xee7 are rejected by the op group).
const ATOMS_CAS_OPC: u64 = 0xee << 56;
const ATOMS_CAS_MASK: u64 = 0x1ff << 55 | bits(28, 29);

/// A row under its own form name.
const fn named(form: &'static str, r: OpSpec) -> OpSpec {
    OpSpec { form, ..r }
}

/// Compare-and-swap: ATOM.CAS and ATOMS.CAS (32- and 64-bit, and the forms with an `RZ` data register).
pub static ROWS_B7: &[OpSpec] = &[
    named(
        "ATOM_CAS",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC,
            ATOM_CAS_MASK | bit(49),
            &[E48, CAS, SZ32],
            &[reg(0, true), ATOM_CAS_MEM, pair(20, 0), pair(20, 1)],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOM_CAS64",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC | bit(49),
            ATOM_CAS_MASK | bit(49),
            &[E48, CAS, SZ64],
            &[reg(0, true), ATOM_CAS_MEM, pair(20, 0), pair(20, 2)],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOM_CAS_RZ1",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC | bit(50),
            ATOM_CAS_MASK,
            &[E48, CAS, sz64_at(49)],
            &[reg(0, true), ATOM_CAS_MEM, reg(20, false), RZ_LIT],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOM_CAS_RZ2",
        atomic(
            Op::Atom,
            "ATOM",
            ATOM_CAS_OPC | bit(51),
            ATOM_CAS_MASK,
            &[E48, CAS, sz64_at(49)],
            &[reg(0, true), ATOM_CAS_MEM, RZ_LIT, pair(20, 0)],
            0,
            Space::Global,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC,
            ATOMS_CAS_MASK | bit(52),
            &[ATOMS_CAS_OP, SZ32],
            &[reg(0, true), ATOMS_CAS_MEM, pair(20, 0), pair(20, 1)],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS64",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC | bit(52),
            ATOMS_CAS_MASK | bit(52),
            &[ATOMS_CAS_OP, SZ64],
            &[reg(0, true), ATOMS_CAS_MEM, pair(20, 0), pair(20, 2)],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS_RZ1",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC | bit(28),
            ATOMS_CAS_MASK,
            &[ATOMS_CAS_OP, sz64_at(52)],
            &[reg(0, true), ATOMS_CAS_MEM, reg(20, false), RZ_LIT],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
    named(
        "ATOMS_CAS_RZ2",
        atomic(
            Op::Atoms,
            "ATOMS",
            ATOMS_CAS_OPC | bit(29),
            ATOMS_CAS_MASK,
            &[ATOMS_CAS_OP, sz64_at(52)],
            &[reg(0, true), ATOMS_CAS_MEM, RZ_LIT, pair(20, 0)],
            0,
            Space::Shared,
            MemKind::Atomic,
        ),
    ),
];

// ---------------------------------------------------------------------------------------------
// Video ops. Each operand's selector (a: 36-38, b: 28-30) is split into rows by its class
// (byte 0-3: `.B1`..`.B3` on the register; half 4-5: `.H1`; word 6; 7 = `INVALIDSEL6` is
// rejected), so that one 2-bit group (bits 48-49, signedness of a and b) spells the type
// pair: `.U8.U32`, ..., and nothing for S32 with a signed full-width b (`VMNMX.UD R24, ...`).
// b is a register (bit 50 set) or a 16-bit immediate at 20-35 (class 16).

/// A video type value: `value` (bit 0: a signed, bit 1: b signed) spelled `text`, carrying
/// the operand types.
const fn vtype(a_bits: u8, b_bits: u8, value: u8, text: &'static str) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Video(VideoTypes {
            a_bits,
            a_signed: value & 1 != 0,
            b_bits,
            b_signed: value & 2 != 0,
        }),
    }
}

/// A video type-pair group (bits 48-49: a signed, b signed): `vtypes!(8, 16)` spells
/// `.U8.U16`, `.S8.U16`, `.U8.S16`, `.S8.S16`; a third argument spells the all-signed pair
/// instead (nothing, for S32 with a signed full-width b).
macro_rules! vtypes {
    ($a:literal, $b:literal) => {
        vtypes!($a, $b, concat!(".S", $a, ".S", $b))
    };
    ($a:literal, $b:literal, $ss:expr) => {
        ModGroup {
            vals: &[
                vtype($a, $b, 0, concat!(".U", $a, ".U", $b)),
                vtype($a, $b, 1, concat!(".S", $a, ".U", $b)),
                vtype($a, $b, 2, concat!(".U", $a, ".S", $b)),
                vtype($a, $b, 3, $ss),
            ],
            ..grp!(Sign, 48, 2, {})
        }
    };
}

/// The shifts' type group (bit 48: a signed; b unsigned): `.U8.U16`, `.S8.U16`; a third
/// argument spells the signed value instead.
macro_rules! vtypes_a {
    ($a:literal, $b:literal) => {
        vtypes_a!($a, $b, concat!(".S", $a, ".U", $b))
    };
    ($a:literal, $b:literal, $s:expr) => {
        ModGroup {
            vals: &[
                vtype($a, $b, 0, concat!(".U", $a, ".U", $b)),
                vtype($a, $b, 1, $s),
            ],
            ..grp!(Sign, 48, 1, {})
        }
    };
}

pub(crate) const V_BSEL_BYTE: ModGroup = ModGroup {
    at: Some(2),
    ..grp!(HalfB, 28, 2, { 0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3" })
};
pub(crate) const V_BSEL_HALF: ModGroup = ModGroup {
    at: Some(2),
    ..grp!(HalfB, 28, 1, { 0 => "", 1 => ".H1" })
};
pub(crate) const V_ASEL_BYTE: ModGroup = ModGroup {
    at: Some(1),
    ..grp!(HalfA, 36, 2, { 0 => "", 1 => ".B1", 2 => ".B2", 3 => ".B3" })
};
pub(crate) const V_ASEL_HALF: ModGroup = ModGroup {
    at: Some(1),
    ..grp!(HalfA, 36, 1, { 0 => "", 1 => ".H1" })
};
pub(crate) const V_CC: ModGroup = ModGroup {
    at: Some(0),
    ..flag!(Cc, 47, ".CC")
};
pub(crate) const V_UD: ModGroup = grp!(Ud, 54, 1, { 0 => ".UD", 1 => "" });
pub(crate) const V_SAT: ModGroup = flag!(Sat, 55, ".SAT");
pub(crate) const V_MODE: ModGroup = grp!(Mode, 51, 3, {
    0 => ".MRG_16H", 1 => ".MRG_16L", 2 => ".MRG_8B0", 3 => ".MRG_8B2", 4 => ".ACC", 5 => ".MIN",
    6 => ".MAX", 7 => "",
});
const VMNMX_MX: ModGroup = flag!(Mx, 56, ".MX");
/// b's immediate prints signed when b is signed (bit 49; group 1 of the row is the types).
pub(crate) const V_IMM16: OpKind = OpKind::UImm {
    f: f(20, 16),
    hide: None,
    signed_if: Some((1, 2)),
};
const V_OPS_R: &[OpKind] = &[
    reg(0, true),
    rs(8, 0, false),
    rs(20, 1, false),
    rs(39, 2, false),
];
const V_OPS_I: &[OpKind] = &[reg(0, true), rs(8, 0, false), V_IMM16, rs(39, 2, false)];

/// A video family's type groups, one for each row's (a class, b class): `w`ord, `h`alf,
/// `b`yte, and b's 16-bit `i`mmediate.
pub(crate) struct VTypes {
    pub(crate) ww: ModGroup,
    pub(crate) wi: ModGroup,
    pub(crate) wh: ModGroup,
    pub(crate) wb: ModGroup,
    pub(crate) hw: ModGroup,
    pub(crate) hi: ModGroup,
    pub(crate) hh: ModGroup,
    pub(crate) hb: ModGroup,
    pub(crate) bw: ModGroup,
    pub(crate) bi: ModGroup,
    pub(crate) bh: ModGroup,
    pub(crate) bb: ModGroup,
}

/// Both signs (VMNMX, VSET, VABSDIFF, VADD).
pub(crate) const V_T: VTypes = VTypes {
    ww: vtypes!(32, 32, ""),
    wi: vtypes!(32, 16, ""),
    wh: vtypes!(32, 16),
    wb: vtypes!(32, 8),
    hw: vtypes!(16, 32),
    hi: vtypes!(16, 16),
    hh: vtypes!(16, 16),
    hb: vtypes!(16, 8),
    bw: vtypes!(8, 32),
    bi: vtypes!(8, 16),
    bh: vtypes!(8, 16),
    bb: vtypes!(8, 8),
};

/// a's sign only (VSHL, VSHR).
const V_T_U: VTypes = VTypes {
    ww: vtypes_a!(32, 32, ""),
    wi: vtypes_a!(32, 16, ""),
    wh: vtypes_a!(32, 16),
    wb: vtypes_a!(32, 8),
    hw: vtypes_a!(16, 32),
    hi: vtypes_a!(16, 16),
    hh: vtypes_a!(16, 16),
    hb: vtypes_a!(16, 8),
    bw: vtypes_a!(8, 32),
    bi: vtypes_a!(8, 16),
    bh: vtypes_a!(8, 16),
    bb: vtypes_a!(8, 8),
};

/// An operand's selector class: word, half, byte, or (b only) the immediate.
#[derive(Clone, Copy)]
enum VSel {
    W,
    H,
    B,
    I,
}

/// The selector bits (value, mask) of class `s` in the 3-bit field at `lo`: word 6, half
/// 4-5, byte 0-3 (the immediate has no selector).
const fn vsel(s: VSel, lo: u8) -> (u64, u64) {
    match s {
        VSel::W => (6 << lo, 7 << lo),
        VSel::H => (4 << lo, 6 << lo),
        VSel::B => (0, 4 << lo),
        VSel::I => (0, 0),
    }
}

/// What a video family's rows share: the op, its opcode bits (under `mask`, bits 56-63),
/// the operands with a register b, and the `.PO` bits.
struct VFam {
    op: Op,
    opcode: u64,
    mask: u64,
    ops_r: &'static [OpKind],
    po: Option<(u8, u8)>,
}

/// One video row of family `fam`: a's selector at 36-38; b a register (bit 50 set,
/// selector at 28-30, bits 31-35 ignored) or the immediate at 20-35.
const fn vrow(
    fam: &VFam,
    name: &'static str,
    form: &'static str,
    a: VSel,
    b: VSel,
    mods: &'static [ModGroup],
) -> OpSpec {
    let (av, am) = vsel(a, 36);
    let (bv, bm) = vsel(b, 28);
    let (bv, bm, operands, ignored) = match b {
        VSel::I => (0, bit(50), V_OPS_I, 0),
        _ => (bv | bit(50), bm | bit(50), fam.ops_r, bits(31, 35)),
    };
    OpSpec {
        po: fam.po,
        ..alu(
            fam.op,
            name,
            form,
            fam.opcode | av | bv,
            fam.mask | am | bm,
            mods,
            operands,
            ignored,
        )
    }
}

/// A video family's rows: `video!("VMNMX", VMNMX, V_T, [before the types], [after them])`
/// gives all twelve (a word, half, byte × b word, immediate, half, byte), word classes
/// first; a list after `;` (`WW WH ...`) gives those rows only. The mods are the ones
/// before the types, the type group, the ones after, then a's and b's selectors.
macro_rules! video {
    ($n:literal, $fam:expr, $t:expr, $pre:tt, $post:tt) => {
        video!($n, $fam, $t, $pre, $post; WW WI WH WB HW HI HH HB BW BI BH BB)
    };
    ($n:literal, $fam:expr, $t:expr, $pre:tt, $post:tt; $($ab:ident)*) => {
        &[$(video!(@ [$n, $fam, $t, $pre, $post] $ab)),*]
    };
    (@ $c:tt WW) => { video!(@row $c W W ww "_32_32" []) };
    (@ $c:tt WI) => { video!(@row $c W I wi "_32_I" []) };
    (@ $c:tt WH) => { video!(@row $c W H wh "_32_16" [V_BSEL_HALF]) };
    (@ $c:tt WB) => { video!(@row $c W B wb "_32_8" [V_BSEL_BYTE]) };
    (@ $c:tt HW) => { video!(@row $c H W hw "_16_32" [V_ASEL_HALF]) };
    (@ $c:tt HI) => { video!(@row $c H I hi "_16_I" [V_ASEL_HALF]) };
    (@ $c:tt HH) => { video!(@row $c H H hh "_16_16" [V_ASEL_HALF, V_BSEL_HALF]) };
    (@ $c:tt HB) => { video!(@row $c H B hb "_16_8" [V_ASEL_HALF, V_BSEL_BYTE]) };
    (@ $c:tt BW) => { video!(@row $c B W bw "_8_32" [V_ASEL_BYTE]) };
    (@ $c:tt BI) => { video!(@row $c B I bi "_8_I" [V_ASEL_BYTE]) };
    (@ $c:tt BH) => { video!(@row $c B H bh "_8_16" [V_ASEL_BYTE, V_BSEL_HALF]) };
    (@ $c:tt BB) => { video!(@row $c B B bb "_8_8" [V_ASEL_BYTE, V_BSEL_BYTE]) };
    (@row [$n:literal, $fam:expr, $t:expr, [$($pre:expr),*], [$($post:expr),*]]
        $a:ident $b:ident $ty:ident $sfx:literal [$($sel:expr),*]) => {
        vrow(
            &$fam,
            $n,
            concat!($n, $sfx),
            VSel::$a,
            VSel::$b,
            &[$($pre,)* $t.$ty, $($post,)* $($sel),*],
        )
    };
}

const VMNMX: VFam = VFam {
    op: Op::Vmnmx,
    opcode: 0x3a << 56,
    mask: 0xfe << 56,
    ops_r: V_OPS_R,
    po: None,
};

/// Word classes first: the parser takes the first row whose text fits, and a source
/// without type suffixes means S32 (`VMNMX.UD R24, ...`).
pub static ROWS_B8: &[OpSpec] =
    video!("VMNMX", VMNMX, V_T, [V_UD], [VMNMX_MX, V_SAT, V_MODE, V_CC]);

/// VSET's comparison (bits 54-56), printed first.
const VSET_CMP: ModGroup = grp!(Cmp, 54, 3, {
    0 => ".F", 1 => ".LT", 2 => ".EQ", 3 => ".LE", 4 => ".GT", 5 => ".NE", 6 => ".GE", 7 => ".T",
});
const VSET: VFam = VFam {
    op: Op::Vset,
    opcode: 0x40 << 56,
    ..VMNMX
};
/// Word classes first (see [`ROWS_B8`]).
pub static ROWS_B9: &[OpSpec] = video!("VSET", VSET, V_T, [VSET_CMP], [V_MODE, V_CC]);

/// VABSDIFF's `.SD` (bit 54).
const VABSDIFF_SD: ModGroup = flag!(Sd, 54, ".SD");
const VABSDIFF: VFam = VFam {
    op: Op::Vabsdiff,
    opcode: 0x54 << 56,
    mask: 0xff << 56,
    ..VMNMX
};
/// Word classes first (see [`ROWS_B8`]).
pub static ROWS_B10: &[OpSpec] = video!(
    "VABSDIFF",
    VABSDIFF,
    V_T,
    [VABSDIFF_SD],
    [V_SAT, V_MODE, V_CC]
);

const V_W: ModGroup = flag!(W, 49, ".W");
const VSHL: VFam = VFam {
    op: Op::Vshl,
    opcode: 0x57 << 56,
    ..VABSDIFF
};
/// Word classes first (see [`ROWS_B8`]).
pub static ROWS_B11: &[OpSpec] = video!("VSHL", VSHL, V_T_U, [V_UD], [V_W, V_SAT, V_MODE, V_CC]);

const VSHR: VFam = VFam {
    op: Op::Vshr,
    opcode: 0x56 << 56,
    ..VABSDIFF
};
/// Word classes first (see [`ROWS_B8`]).
pub static ROWS_B12: &[OpSpec] = video!("VSHR", VSHR, V_T_U, [V_UD], [V_W, V_SAT, V_MODE, V_CC]);

/// VADD's `.PO` (both negations, bits 56-57) prints after the types.
pub(crate) const V_PO: ModGroup = grp!(Po, 0, 0, { 0 => "" });
const VADD_OPS_R: &[OpKind] = &[
    reg(0, true),
    OpKind::Reg {
        f: f(8, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(0),
        neg: Some(f(57, 1)),
        abs: None,
        not: None,
    },
    OpKind::Reg {
        f: f(20, 8),
        write: false,
        count: RegCount::One,
        reuse: Some(1),
        neg: Some(f(56, 1)),
        abs: None,
        not: None,
    },
    rs(39, 2, false),
];
/// VADD: the negations (`.PO` when both are set), and a register b only.
const VADD: VFam = VFam {
    op: Op::Vadd,
    opcode: 0x20 << 56,
    mask: 0xfc << 56,
    ops_r: VADD_OPS_R,
    po: Some((56, 57)),
};
/// Word classes first (see [`ROWS_B8`]).
pub static ROWS_B13: &[OpSpec] = video!(
    "VADD",
    VADD,
    V_T,
    [V_UD],
    [V_PO, V_SAT, V_MODE, V_CC];
    WW WH WB HW HH HB BW BH BB
);
