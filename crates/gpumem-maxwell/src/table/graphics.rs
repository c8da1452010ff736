//! Graphics-pipeline ops: VOTE.VTG, STP, ALD, AST, IPA, AL2P, OUT, PIXLD, ISBERD. None
//! of these rows has a functional model.
//!
//! Bit positions and spellings are nvdisasm 11.8's, checked by the differential tests;
//! the comments before each group of rows name the research set that proved them
//! (`docs/research/`).

use super::vocab::{
    CB, Enc, I20, OP, OPC, PHASE, PHASE_BITS, alu, b1, bit, bits, f, group, pred, var,
};
use super::{MemSize, ModGroup, ModId, ModVal, Op, OpKind, OpSpec, RegCount, ValSem};
use gpumem_isa::bits::Field;

/// A register operand without negation or reuse flag, naming `count` registers.
const fn reg_n(lo: u8, write: bool, count: RegCount) -> OpKind {
    OpKind::Reg {
        f: f(lo, 8),
        write,
        count,
        reuse: None,
        neg: None,
        abs: None,
        not: None,
    }
}

// ---------------------------------------------------------------------------------------------
// ALD (0xefd8) and AST (0xeff0): `ALD[.O][.P|.PHYS][.size] Rd, a[...], Rb` and
// `AST[.P|.PHYS][.size] a[...], Rs, Rb`. Rd/Rs 0-7 (1-4 registers by the width), Ra 8-15,
// the offset 20-30, `.P` 31, `.O` 32 (ALD; AST ignores it), Rb 39-46 (the vertex or patch
// handle), the width 47-48. Bits 33-38 and 49-50 are ignored. nvdisasm spells the
// addressing by Ra and `.P`:
// * Ra = RZ: an absolute attribute address, the 10 bits 20-29 unsigned (bit 30 ignored),
//   `a[RZ]` for 0, with or without `.P` (row `*_A`);
// (Rb is not printed when `RZ`)
// * `.P` and Ra: `a[Ra+simm11]` (row `*_P`);
// * neither: `.PHYS`, `a[Ra]`, and the offset bits 20-30 must be zero (row `*_PHYS`).

/// The width: 1 to 4 consecutive 32-bit attributes.
const fn width(value: u8, text: &'static str, bytes: u8) -> ModVal {
    ModVal {
        value,
        text,
        aliases: &[],
        sem: ValSem::Size(MemSize {
            bytes,
            signed: false,
            invalid: false,
            uniform: false,
            float: false,
            half2: false,
        }),
    }
}

const A_SIZE: ModGroup = group(
    ModId::AttrSize,
    Field::new(47, 2),
    &[
        width(0, "", 4),
        width(1, ".64", 8),
        width(2, ".96", 12),
        width(3, ".128", 16),
    ],
);

/// ALD's `.O` (bit 32).
const A_OUT: ModGroup = flag!(AttrOut, 32, ".O");

/// The addressing: 0 a per-vertex attribute, 1 `.P` (per patch), 2 `.PHYS`. The absolute
/// rows hold 0 or 1 in bit 31; the register rows fix one value.
const A_MODE: ModGroup = grp!(AttrMode, 31, 1, { 0 => "", 1 => ".P" });

const A_MODE_P: ModGroup = grp!(AttrMode, 0, 0, { 1 => ".P" });

const A_MODE_PHYS: ModGroup = grp!(AttrMode, 0, 0, { 2 => ".PHYS" });

/// The absolute attribute address: Ra fixed to `RZ` by the row, 10 bits at 20.
const A_ABS: OpKind = OpKind::Attr {
    ra: None,
    imm: f(20, 10),
    rz: true,
};

/// `a[Ra+simm11]`.
const A_REG_OFF: OpKind = OpKind::Attr {
    ra: Some(f(8, 8)),
    imm: f(20, 11),
    rz: false,
};

/// `a[Ra]` (`.PHYS`).
const A_REG: OpKind = OpKind::Attr {
    ra: Some(f(8, 8)),
    imm: f(20, 0),
    rz: false,
};

/// Rb, the vertex or patch handle: not printed when `RZ`.
const A_RB: OpKind = OpKind::RegHideRz {
    f: f(39, 8),
    write: false,
};

/// Ra = `RZ` in the opcode of the absolute rows.
const RA_RZ: u64 = 0xff << 8;

/// An ALD or AST row: `ald` orders the operands `Rd, a[...], Rb` (else `a[...], Rs, Rb`).
const fn attr_row(
    form: &'static str,
    ald: bool,
    fixed: (u64, u64),
    mods: &'static [ModGroup],
    operands: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    let (op, name, base) = if ald {
        (Op::Ald, "ALD", 0xefd8u64 << 48)
    } else {
        (Op::Ast, "AST", 0xeff0u64 << 48)
    };
    // AST has no `.O`: bit 32 is ignored.
    let ignored = ignored | bits(33, 38) | bits(49, 50) | if ald { 0 } else { bit(32) };
    var(Enc {
        op,
        name,
        form,
        opcode: base | fixed.0,
        mask: OP | fixed.1,
        mods,
        operands,
        ignored,
    })
}

const ALD_RD: OpKind = reg_n(0, true, RegCount::BySize);

const AST_RS: OpKind = reg_n(0, false, RegCount::BySize);

// ---------------------------------------------------------------------------------------------
// IPA (0xe0, bits 56-63): `IPA[.IDX].interp[.sample][.SAT] Rd, a[...], Rb[, Rc], [!]Pc`:
// Rd 0-7, Ra 8-15, Rb 20-27, the attribute address 28-37, `.IDX` 38, Rc 39-46 (not printed when `RZ`), Pc 47-49
// with `!` at 50 (`PT` printed only with `.IDX`), `.SAT` 51, the sample 52-53 (3 is nvdisasm's `.INVALID`), the
// interpolation 54-55. With `.IDX` the address is `a[Ra]` (`a[RZ]` printed) and bits
// 28-37 are ignored; without it Ra must be `RZ` and the address prints `a[0x12]` (zero
// too: `a[0x0]`).

const IPA_INTERP: ModGroup = grp!(Interp, 54, 2, {
    0 => ".PASS", 1 => "", 2 => ".CONSTANT", 3 => ".SC",
});

const IPA_SAMPLE: ModGroup = grp!(Sample, 52, 2, { 0 => "", 1 => ".CENTROID", 2 => ".OFFSET" });

const IPA_SAT: ModGroup = flag!(Sat, 51, ".SAT");

/// Pc: the absolute form does not print `PT`, the `.IDX` form does.
const IPA_PC: OpKind = pred(47, b1(50), false, true);

const IPA_PC_IDX: OpKind = pred(47, b1(50), false, false);

/// Rc (the `.OFFSET` sample's offset): not printed when `RZ`.
const IPA_RC: OpKind = OpKind::RegHideRz {
    f: f(39, 8),
    write: false,
};

// ---------------------------------------------------------------------------------------------
// AL2P (0xefa0): `AL2P[.O][.size] [Pd,] Rd, [Ra,] imm`: Rd 0-7, Ra 8-15, the offset 20-30,
// `.O` 32, Pd 44-46 (`PT` not printed), the width 47-48 (ALD's); bits 31, 33-43 and 49-50
// are ignored. As for ALD, Ra = RZ makes the offset a 10-bit unsigned absolute address
// (bit 30 ignored) and Ra is not printed (row `AL2P_A`); with a register the offset is
// signed 11-bit (row `AL2P`, whose Ra is never RZ). A zero offset is not printed.

const AL2P_PD: OpKind = pred(44, None, true, true);

const AL2P_IGNORED: u64 = bit(31) | bits(33, 43) | bits(49, 50);

// ---------------------------------------------------------------------------------------------
// OUT (0xfbe0 register B, 0xebe0 constant B, 0xf6e0 immediate B with its sign at 56):
// `OUT.type Rd, Ra, B`: Rd 0-7 (the new output handle), Ra 8-15, B at 20-38 (the register
// form ignores 28-38), the type 39-40 (0 is nvdisasm's `INVALIDOUTSTYPE0`); bits 41-50 are
// ignored.

const OUT_TYPE: ModGroup =
    grp!(OutType, 39, 2, { 1 => ".EMIT", 2 => ".CUT", 3 => ".EMIT_THEN_CUT" });

const OUT_RD: OpKind = reg_n(0, true, RegCount::One);

const OUT_RA: OpKind = reg_n(8, false, RegCount::One);

/// An OUT row: B's form's opcode (bits 48-63) and mask, its operand, the ignored bits.
const fn out(
    form: &'static str,
    top: u64,
    mask: u64,
    ops: &'static [OpKind],
    ignored: u64,
) -> OpSpec {
    var(Enc {
        op: Op::Out,
        name: "OUT",
        form,
        opcode: top << 48,
        mask,
        mods: &[OUT_TYPE],
        operands: ops,
        ignored: ignored | bits(41, 50),
    })
}

// ---------------------------------------------------------------------------------------------
// PIXLD (0xefe8): `PIXLD[.mode] Rd, [Pd,] [Ra+simm8]`: Rd 0-7, Ra 8-15, the offset 20-27
// (unsigned with RZ, as other `[Ra+imm]` addresses), the mode 31-33 (6 and 7 are nvdisasm's
// `INVALID0`/`INVALID1`), Pd 45-47 (`PT` not printed); bits 28-30, 34-44 and 48-50 are
// ignored.

const PIX_MODE: ModGroup = grp!(PixMode, 31, 3, {
    0 => "", 1 => ".COVMASK", 2 => ".COVERED", 3 => ".OFFSET", 4 => ".CENTROID_OFFSET",
    5 => ".MY_INDEX",
});

// ---------------------------------------------------------------------------------------------
// ISBERD (0xefd0): `ISBERD[.O][.buffer][.SKEW][.size] Rd, [Ra]`: Rd 0-7, Ra 8-15, `.SKEW`
// 31, `.O` 32, the buffer 33-34, the size 47-48 (3 is nvdisasm's `???3`); bits 20-30, 35-46
// and 49-50 are ignored.

const ISBE_BUF: ModGroup =
    grp!(IsbeBuf, 33, 2, { 0 => "", 1 => ".PATCH", 2 => ".PRIM", 3 => ".ATTR" });

const ISBE_SIZE: ModGroup = grp!(IsbeSize, 47, 2, { 0 => "", 1 => ".U16", 2 => ".32" });

/// The rows of the family, one per encoding, in table order.
#[rustfmt::skip]
pub static ROWS: &[OpSpec] = &[
    // --- breadth F ---
    // STP (0xeea0): `STP[.WAIT][phase] imm8`: the immediate 20-27, `.WAIT` 31, and the
    // texture ops' phase `.T`/`.P` in the control slot's reuse bits 0-1 (3 is
    // `INVALIDPHASE3`); no guard (bits 16-19 are ignored, as SSY's), bits 0-15, 28-30 and
    // 32-50 ignored. Fixed latency (barriers rejected); reuse bits 2-3 are accepted.
    OpSpec { ctrl_mod: Some((1, PHASE_BITS)), reuse_ok: 0b1111, ..alu(Enc { op: Op::Stp, name: "STP", form: "STP", opcode: 0xeea0 << 48, mask: OP, mods: &[grp!(Mode, 31, 1, { 0 => "", 1 => ".WAIT" }), PHASE], operands: &[OpKind::UImm { f: f(20, 8), hide: None, signed_if: None }], ignored: bits(0, 19) | bits(28, 30) | bits(32, 50) }) },
    // VOTE.VTG (0x50e0): the mode (48-49; 3 is `INVALIDVTGMODE3`) and a 28-bit immediate
    // (20-47); bits 0-15 and 50 are ignored. `.VTG` is spelled with each mode.
    alu(Enc { op: Op::VoteVtg, name: "VOTE", form: "VOTE_VTG", opcode: 0x50e0 << 48, mask: OP, mods: &[grp!(Mode, 48, 2, { 0 => ".VTG.R", 1 => ".VTG.A", 2 => ".VTG.RA" })], operands: &[OpKind::UImm { f: f(20, 28), hide: None, signed_if: None }], ignored: bits(0, 15) | bit(50) }),
    // --- breadth G ---
    attr_row("ALD_A", true, (RA_RZ, RA_RZ), &[A_OUT, A_MODE, A_SIZE], &[ALD_RD, A_ABS, A_RB], bit(30)),
    attr_row("ALD_P", true, (bit(31), bit(31)), &[A_OUT, A_MODE_P, A_SIZE], &[ALD_RD, A_REG_OFF, A_RB], 0),
    attr_row("ALD_PHYS", true, (0, bits(20, 31)), &[A_OUT, A_MODE_PHYS, A_SIZE], &[ALD_RD, A_REG, A_RB], 0),
    attr_row("AST_A", false, (RA_RZ, RA_RZ), &[A_MODE, A_SIZE], &[A_ABS, AST_RS, A_RB], bit(30)),
    attr_row("AST_P", false, (bit(31), bit(31)), &[A_MODE_P, A_SIZE], &[A_REG_OFF, AST_RS, A_RB], 0),
    attr_row("AST_PHYS", false, (0, bits(20, 31)), &[A_MODE_PHYS, A_SIZE], &[A_REG, AST_RS, A_RB], 0),
    // The absolute form first: the parser takes `a[0x0]` for it (`.IDX` may be left out
    // of source, and `a[RZ]` reads the same).
    var(Enc { op: Op::Ipa, name: "IPA", form: "IPA", opcode: 0xe0 << 56 | RA_RZ, mask: bits(56, 63) | bit(38) | RA_RZ, mods: &[IPA_INTERP, IPA_SAMPLE, IPA_SAT], operands: &[reg_n(0, true, RegCount::One), OpKind::Attr { ra: None, imm: f(28, 10), rz: false }, reg_n(20, false, RegCount::One), IPA_RC, IPA_PC], ignored: 0 }),
    var(Enc { op: Op::Ipa, name: "IPA", form: "IPA_IDX", opcode: 0xe0 << 56 | bit(38), mask: bits(56, 63) | bit(38), mods: &[grp!(Idx, 0, 0, { 1 => ".IDX" }), IPA_INTERP, IPA_SAMPLE, IPA_SAT], operands: &[reg_n(0, true, RegCount::One), OpKind::Attr { ra: Some(f(8, 8)), imm: f(28, 0), rz: true }, reg_n(20, false, RegCount::One), IPA_RC, IPA_PC_IDX], ignored: bits(28, 37) }),
    // The absolute form first: its Ra bits are fixed to RZ.
    var(Enc { op: Op::Al2p, name: "AL2P", form: "AL2P_A", opcode: 0xefa0 << 48 | RA_RZ, mask: OP | RA_RZ, mods: &[A_OUT, A_SIZE], operands: &[AL2P_PD, reg_n(0, true, RegCount::One), OpKind::UImm { f: f(20, 10), hide: Some(0), signed_if: None }], ignored: AL2P_IGNORED | bit(30) }),
    var(Enc { op: Op::Al2p, name: "AL2P", form: "AL2P", opcode: 0xefa0 << 48, mask: OP, mods: &[A_OUT, A_SIZE], operands: &[AL2P_PD, reg_n(0, true, RegCount::One), OpKind::RegNotRz { f: f(8, 8) }, OpKind::SImm { f: f(20, 11), hide: Some(0) }], ignored: AL2P_IGNORED }),
    out("OUT_R", 0xfbe0, OPC, &[OUT_RD, OUT_RA, reg_n(20, false, RegCount::One)], bits(28, 38)),
    out("OUT_C", 0xebe0, OPC, &[OUT_RD, OUT_RA, CB], 0),
    out("OUT_I", 0xf6e0, OPC & !bit(56), &[OUT_RD, OUT_RA, I20], 0),
    var(Enc { op: Op::Pixld, name: "PIXLD", form: "PIXLD", opcode: 0xefe8 << 48, mask: OP, mods: &[PIX_MODE], operands: &[reg_n(0, true, RegCount::One), pred(45, None, true, true), OpKind::Mem { ra: f(8, 8), imm: f(20, 8) }], ignored: bits(28, 30) | bits(34, 44) | bits(48, 50) }),
    var(Enc { op: Op::Isberd, name: "ISBERD", form: "ISBERD", opcode: 0xefd0 << 48, mask: OP, mods: &[flag!(AttrOut, 32, ".O"), ISBE_BUF, flag!(Skew, 31, ".SKEW"), ISBE_SIZE], operands: &[reg_n(0, true, RegCount::One), OpKind::Mem { ra: f(8, 8), imm: f(20, 0) }], ignored: bits(20, 30) | bits(35, 46) | bits(49, 50) }),
];
