//! The decoded instruction, its encoder and decoder, and its printer.

use std::fmt;

use crate::operand::{self, SmallText, code};
use crate::table::{self, Field, Format, Imm16, InstDef, Kind, Operand, RegClass, Target};

/// SMEM offset operand: the IMM/SOE addressing modes of Vega ISA §7.2.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemOffset {
    /// IMM=1, SOE=0: a byte offset (21-bit two's complement in the encoding).
    Imm(i32),
    /// IMM=0, SOE=0: SGPR or M0 named by OFFSET[6:0]. (The decode-only
    /// IMM=0/SOE=1 form decodes to this too, as in LLVM.)
    Sgpr(u8),
    /// IMM=1, SOE=1: SGPR/M0 in SOFFSET plus a byte offset (`s7 offset:0x10`).
    SgprImm(u8, i32),
}

/// One decoded gfx9 scalar instruction. Fields not used by the instruction's
/// [`InstDef::operands`] are zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// The table row.
    pub def: &'static InstDef,
    /// SDST (SOP*) or SDATA (SMEM) 7-bit code; the probe immediate for `s_atc_probe*`.
    pub sdst: u8,
    /// SSRC0 8-bit code.
    pub ssrc0: u8,
    /// SSRC1 8-bit code (or `s_set_gpr_idx_on`'s mode mask).
    pub ssrc1: u8,
    /// SIMM16.
    pub simm16: u16,
    /// The literal dword following the instruction, when a source is 255 or
    /// the instruction is `s_setreg_imm32_b32`.
    pub literal: Option<u32>,
    /// SMEM base register code (SGPR pair code, even; SBASE field × 2).
    pub sbase: u8,
    /// SMEM offset.
    pub offset: SmemOffset,
    /// SMEM GLC bit.
    pub glc: bool,
}

impl Inst {
    /// An instruction of row `def` with every field zero.
    pub fn new(def: &'static InstDef) -> Inst {
        Inst {
            def,
            sdst: 0,
            ssrc0: 0,
            ssrc1: 0,
            simm16: 0,
            literal: None,
            sbase: 0,
            offset: SmemOffset::Imm(0),
            glc: false,
        }
    }

    /// Instruction length in dwords.
    pub fn dwords(&self) -> usize {
        self.def.format.base_dwords() + usize::from(self.literal.is_some())
    }
}

/// Why a word could not be decoded. Every variant names the word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The instruction needs more dwords than were given.
    #[error(
        "word {word:#010x}: truncated {format} instruction: needs {needed} dwords, {have} left"
    )]
    Truncated {
        /// The first dword.
        word: u32,
        /// Format name.
        format: &'static str,
        /// Dwords needed.
        needed: usize,
        /// Dwords available.
        have: usize,
    },
    /// The input of [`crate::disassemble`] ends inside an instruction.
    #[error(
        "word {word:#010x}: the input ends inside an instruction at offset {offset:#x} ({have} of its {needed} bytes)"
    )]
    EndsInside {
        /// The first dword (a partial one padded with zeros).
        word: u32,
        /// Byte offset of the instruction.
        offset: usize,
        /// Bytes the instruction needs (4 for a partial dword: at least one dword).
        needed: usize,
        /// Bytes left in the input.
        have: usize,
    },
    /// No dwords at all.
    #[error("no instruction word")]
    Empty,
    /// Not a gfx9 scalar encoding (VALU, VMEM, … are not supported).
    #[error("word {word:#010x}: not a gfx9 scalar (SMEM/SOP*) encoding")]
    NotScalar {
        /// The word.
        word: u32,
    },
    /// A scalar format whose opcode is not defined on the target.
    #[error("word {word:#010x}: {format} opcode {opcode:#x} is not defined on {target}")]
    UnknownOpcode {
        /// The word.
        word: u32,
        /// Format name.
        format: &'static str,
        /// OP field.
        opcode: u8,
        /// Target name.
        target: &'static str,
    },
    /// A vector format whose opcode is not defined on the target.
    #[error("word {word:#010x}: {format} opcode {opcode:#x} is not defined on {target}")]
    UnknownVectorOpcode {
        /// The word.
        word: u32,
        /// Format name.
        format: &'static str,
        /// OP field.
        opcode: u16,
        /// Target name.
        target: &'static str,
    },
    /// A gfx9 encoding that gpumem does not decode yet (see `STATUS.md`).
    #[error("word {word:#010x}: {encoding} encodings are not decoded yet")]
    Unsupported {
        /// The word.
        word: u32,
        /// The encoding (`DS`, `FLAT`, `MUBUF`, `SDWA`, …).
        encoding: &'static str,
    },
    /// A field holds a value that the instruction cannot have.
    #[error("word {word:#010x}: {mnemonic}: field {field} = {value:#x}: {reason}")]
    InvalidField {
        /// The first dword.
        word: u32,
        /// Mnemonic.
        mnemonic: &'static str,
        /// Field name as in the ISA manual (`SDATA`, `SBASE`, `SSRC0`, `IMM`, …).
        field: &'static str,
        /// Field value.
        value: u32,
        /// What is wrong.
        reason: &'static str,
    },
}

/// Decodes one instruction from `words` for `target`; returns it and the
/// number of dwords it used. Never panics.
///
/// Like llvm-mc, the decoder ignores bits the instruction does not use
/// (SMEM bit 13, NV, bits 56:53, SOFFSET when SOE=0, OFFSET[20:7] when IMM=0,
/// unused operand fields of SOP*), realigns misaligned register tuples, and
/// decodes IMM=0/SOE=1 SMEM words as the SGPR-offset form. Re-encoding gives
/// llvm-mc's canonical word.
pub fn decode(words: &[u32], target: Target) -> Result<(Inst, usize), DecodeError> {
    let &w0 = words.first().ok_or(DecodeError::Empty)?;
    let format = Format::ALL
        .into_iter()
        .find(|f| w0 & f.fixed().0 == f.fixed().1)
        .ok_or(DecodeError::NotScalar { word: w0 })?;
    let (lo, width) = format.opcode_field();
    let opcode = ((w0 >> lo) & ((1 << width) - 1)) as u8;
    let def = table::by_opcode(format, opcode)
        .filter(|d| d.valid_on(target))
        .ok_or(DecodeError::UnknownOpcode {
            word: w0,
            format: format.name(),
            opcode,
            target: target.name(),
        })?;
    let need = format.base_dwords();
    if words.len() < need {
        return Err(DecodeError::Truncated {
            word: w0,
            format: format.name(),
            needed: need,
            have: words.len(),
        });
    }
    let invalid =
        |field: &'static str, value: u32, reason: &'static str| DecodeError::InvalidField {
            word: w0,
            mnemonic: def.name,
            field,
            value,
            reason,
        };
    let mut inst = Inst::new(def);
    let mut wants_literal = false;
    let w1 = if format == Format::Smem { words[1] } else { 0 };
    if format == Format::Smem {
        let imm = (w0 >> 17) & 1 == 1;
        let soe = (w0 >> 14) & 1 == 1;
        if def.operand(Field::Offset).is_none() && imm {
            return Err(invalid("IMM", 1, "must be 0 for this instruction"));
        }
        inst.glc = def.glc && (w0 >> 16) & 1 == 1;
        let off21 = w1 & 0x1F_FFFF;
        let soffset = (w1 >> 25) as u8;
        inst.offset = match (imm, soe) {
            (true, false) => SmemOffset::Imm(sign_extend21(off21)),
            (false, false) => SmemOffset::Sgpr((off21 & 0x7f) as u8),
            (true, true) => SmemOffset::SgprImm(soffset, sign_extend21(off21)),
            (false, true) => SmemOffset::Sgpr(soffset),
        };
    }
    for o in def.operands {
        let raw: u32 = match (format, o.field) {
            (Format::Smem, Field::Sdst) => (w0 >> 6) & 0x7f,
            (Format::Smem, Field::Sbase) => (w0 & 0x3f) * 2,
            (_, Field::Sdst) => (w0 >> 16) & 0x7f,
            (_, Field::Ssrc0) => w0 & 0xff,
            (_, Field::Ssrc1) => (w0 >> 8) & 0xff,
            (_, Field::Simm16) => w0 & 0xffff,
            _ => 0,
        };
        let fname = o.field.name(format);
        match o.kind {
            Kind::Reg(class) => {
                let (_, canon) = operand::reg_parts(raw as u8, class.dwords()).ok_or(invalid(
                    fname,
                    raw,
                    "not a register of this width",
                ))?;
                inst.sdst = canon;
            }
            Kind::ProbeImm => inst.sdst = raw as u8,
            Kind::Src { dwords, .. } => {
                let c = raw as u8;
                let canon = match c {
                    0..=127 => {
                        operand::reg_parts(c, dwords)
                            .ok_or(invalid(fname, raw, "not a register of this width"))?
                            .1
                    }
                    code::LDS_DIRECT if dwords == 2 => {
                        return Err(invalid(fname, raw, "src_lds_direct is 32-bit only"));
                    }
                    128..=208 | 240..=248 | 235..=239 | 251..=254 => c,
                    code::LITERAL => {
                        wants_literal = true;
                        c
                    }
                    _ => return Err(invalid(fname, raw, "reserved source operand code")),
                };
                if o.field == Field::Ssrc0 {
                    inst.ssrc0 = canon;
                } else {
                    inst.ssrc1 = canon;
                }
            }
            Kind::GprIdx8 => inst.ssrc1 = raw as u8,
            Kind::Base { dwords } => {
                // `reg_parts` realigns SGPR and TTMP tuples; like LLVM, a
                // quad base in the special range keeps its code (field 51,
                // code 102, is `flat_scratch`, not `s[100:103]`).
                let (_, canon) = operand::reg_parts(raw as u8, dwords).ok_or(invalid(
                    fname,
                    raw / 2,
                    "not a valid base register",
                ))?;
                inst.sbase = canon;
            }
            Kind::SmemOffset { .. } => {}
            Kind::Imm16(_) => inst.simm16 = raw as u16,
            Kind::Literal32 => wants_literal = true,
        }
    }
    if format == Format::Sopp && def.operands.is_empty() && w0 & 0xffff != 0 {
        return Err(invalid(
            "SIMM16",
            w0 & 0xffff,
            "must be 0 for this instruction",
        ));
    }
    if def.operand(Field::Offset).is_none() {
        inst.offset = SmemOffset::Imm(0);
    }
    let mut used = need;
    // An SSRC field that the instruction ignores (`s_getpc_b64` with
    // SSRC0 = 255) does not make llvm-mc read a literal: the next dword is
    // the next instruction.
    if wants_literal {
        let lit = *words.get(need).ok_or(DecodeError::Truncated {
            word: w0,
            format: format.name(),
            needed: need + 1,
            have: words.len(),
        })?;
        inst.literal = Some(lit);
        used += 1;
    }
    Ok((inst, used))
}

fn sign_extend21(v: u32) -> i32 {
    ((v << 11) as i32) >> 11
}

/// Encodes an instruction into its dwords (with its literal, if any).
pub fn encode(inst: &Inst) -> Vec<u32> {
    let (words, n) = encode_words(inst);
    words[..n].to_vec()
}

/// Up to three dwords of an encoded instruction.
struct Words {
    w: [u32; 3],
    n: usize,
}

impl Words {
    fn push(&mut self, w: u32) {
        self.w[self.n] = w;
        self.n += 1;
    }
}

/// [`encode`] without allocating: the dwords and how many there are.
pub(crate) fn encode_words(inst: &Inst) -> ([u32; 3], usize) {
    let d = inst.def;
    let (mask, fixed) = d.format.fixed();
    let (lo, _) = d.format.opcode_field();
    let mut w0 = (fixed & mask) | (u32::from(d.opcode) << lo);
    let has = |f: Field| d.operand(f).is_some();
    let mut out = Words { w: [0; 3], n: 0 };
    match d.format {
        Format::Smem => {
            let mut w1 = 0u32;
            if has(Field::Sdst) {
                w0 |= u32::from(inst.sdst & 0x7f) << 6;
            }
            if has(Field::Sbase) {
                w0 |= u32::from(inst.sbase >> 1) & 0x3f;
            }
            if d.glc && inst.glc {
                w0 |= 1 << 16;
            }
            if has(Field::Offset) {
                match inst.offset {
                    SmemOffset::Imm(v) => {
                        w0 |= 1 << 17;
                        w1 = v as u32 & 0x1F_FFFF;
                    }
                    SmemOffset::Sgpr(c) => w1 = u32::from(c & 0x7f),
                    SmemOffset::SgprImm(c, v) => {
                        w0 |= (1 << 17) | (1 << 14);
                        w1 = (v as u32 & 0x1F_FFFF) | (u32::from(c & 0x7f) << 25);
                    }
                }
            }
            out.push(w0);
            out.push(w1);
        }
        _ => {
            for o in d.operands {
                match o.field {
                    Field::Sdst => w0 |= u32::from(inst.sdst & 0x7f) << 16,
                    Field::Ssrc0 => w0 |= u32::from(inst.ssrc0),
                    Field::Ssrc1 => w0 |= u32::from(inst.ssrc1) << 8,
                    Field::Simm16 => w0 |= u32::from(inst.simm16),
                    _ => {}
                }
            }
            out.push(w0);
        }
    }
    if let Some(l) = inst.literal {
        out.push(l);
    }
    (out.w, out.n)
}

/// Writes the register text of `c` as an operand of class `class`, with
/// LLVM's invalid-register comment where the class excludes it.
fn write_reg(f: &mut fmt::Formatter<'_>, c: u8, class: RegClass) -> fmt::Result {
    let n = class.dwords();
    let Some((name, _)) = operand::reg_parts(c, n) else {
        return write!(f, "<invalid {c}>");
    };
    let excluded = match class {
        RegClass::SReg32XM0XExec => matches!(c, code::M0 | code::EXEC | code::EXEC_HI),
        RegClass::SReg64XExec => c == code::EXEC,
        RegClass::SReg128 | RegClass::SReg256 | RegClass::SReg512 => {
            matches!(c, 102..=107 | 126 | 127)
        }
        _ => false,
    };
    fmt::Display::fmt(&name, f)?;
    if excluded {
        write!(
            f,
            "/*Invalid register, operand has '{}' register class*/",
            class.llvm_name()
        )?;
    }
    Ok(())
}

/// llvm's `formatHex` for a signed value (see [`operand::hex_signed`]).
fn write_hex_signed(f: &mut fmt::Formatter<'_>, v: i64) -> fmt::Result {
    let mut b = SmallText::new();
    if v < 0 {
        b.str("-0x").hex(v.unsigned_abs());
    } else {
        b.str("0x").hex(v as u64);
    }
    f.write_str(b.as_str())
}

/// SOPP plain immediates (see [`operand::u16_text`]).
fn write_u16(f: &mut fmt::Formatter<'_>, v: u16) -> fmt::Result {
    let mut b = SmallText::new();
    if v <= 64 {
        b.dec(v.into());
    } else {
        b.str("0x").hex(v.into());
    }
    f.write_str(b.as_str())
}

/// An inline constant code (see [`operand::inline_text`]).
fn write_inline(f: &mut fmt::Formatter<'_>, c: u8, dwords: u8) -> fmt::Result {
    match c {
        128..=192 => f.write_str(SmallText::new().dec((c - 128).into()).as_str()),
        193..=208 => f.write_str(SmallText::new().str("-").dec((c - 192).into()).as_str()),
        _ => match operand::inline_text(c, dwords) {
            Some(t) => f.write_str(&t),
            None => write!(f, "<invalid {c}>"),
        },
    }
}

fn write_src(
    f: &mut fmt::Formatter<'_>,
    c: u8,
    dwords: u8,
    consts: bool,
    literal: Option<u32>,
) -> fmt::Result {
    let class = if dwords == 1 {
        RegClass::SReg32
    } else {
        RegClass::SReg64
    };
    // LLVM decodes a constant in a register-only source (`s_rfe_b64 1.0`)
    // as a 32-bit immediate and prints it with `printImmediate32` whatever
    // the operand's width: `s_rfe_b64 -1`, `0.15915494`, a literal
    // 0x3f800000 as `1.0`.
    let dwords = if consts { dwords } else { 1 };
    match c {
        0..=127 => return write_reg(f, c, class),
        code::LDS_DIRECT => {
            return f.write_str(
                "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/",
            );
        }
        code::LITERAL => {
            let l = literal.unwrap_or(0);
            if dwords == 1 {
                write_literal32(f, l)?;
            } else if l <= 64 {
                // `operand::literal64_text`.
                f.write_str(SmallText::new().dec(l.into()).as_str())?;
            } else {
                f.write_str(SmallText::new().str("0x").hex(l.into()).as_str())?;
            }
        }
        _ => match operand::special_src_name(c) {
            Some(n) => return f.write_str(n),
            None => write_inline(f, c, dwords)?,
        },
    }
    if !consts {
        f.write_str("/*Invalid immediate*/")?;
    }
    Ok(())
}

/// A 32-bit literal (see [`operand::literal32_text`]).
fn write_literal32(f: &mut fmt::Formatter<'_>, l: u32) -> fmt::Result {
    // Inline-looking values print as the inline constant (always has a text).
    match operand::inline_code32(l) {
        Some(c) => write_inline(f, c, 1),
        None => f.write_str(SmallText::new().str("0x").hex(l.into()).as_str()),
    }
}

/// One operand of an instruction, printed as llvm-mc prints it (see [`Inst::operands`]).
#[derive(Clone, Copy, Debug)]
pub struct OperandText<'a> {
    inst: &'a Inst,
    op: &'static Operand,
}

impl fmt::Display for OperandText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (inst, o) = (self.inst, self.op);
        match o.kind {
            Kind::Reg(class) => write_reg(f, inst.sdst, class),
            Kind::ProbeImm => write_u16(f, u16::from(inst.sdst)),
            Kind::Src { dwords, consts } => {
                let c = if o.field == Field::Ssrc0 {
                    inst.ssrc0
                } else {
                    inst.ssrc1
                };
                write_src(f, c, dwords, consts, inst.literal)
            }
            Kind::GprIdx8 => f.write_str(&operand::gpr_idx_text(u16::from(inst.ssrc1))),
            Kind::Base { dwords } => write_reg(
                f,
                inst.sbase,
                if dwords == 4 {
                    RegClass::SReg128
                } else {
                    RegClass::SReg64
                },
            ),
            Kind::SmemOffset { .. } => match inst.offset {
                SmemOffset::Imm(v) => write_hex_signed(f, i64::from(v)),
                SmemOffset::Sgpr(c) => write_reg(f, c, RegClass::SReg32),
                SmemOffset::SgprImm(c, v) => {
                    write_reg(f, c, RegClass::SReg32)?;
                    f.write_str(" offset:")?;
                    write_hex_signed(f, i64::from(v))
                }
            },
            Kind::Imm16(style) => {
                let v = inst.simm16;
                match style {
                    Imm16::Hex { .. } => {
                        f.write_str(SmallText::new().str("0x").hex(v.into()).as_str())
                    }
                    Imm16::Plain => write_u16(f, v),
                    Imm16::EndPgm | Imm16::Branch => {
                        f.write_str(SmallText::new().dec(v.into()).as_str())
                    }
                    Imm16::Hwreg => f.write_str(&operand::hwreg_text(v)),
                    Imm16::SendMsg => f.write_str(&operand::sendmsg_text(v)),
                    Imm16::Waitcnt => f.write_str(&operand::waitcnt_text(v)),
                    Imm16::GprIdx => f.write_str(&operand::gpr_idx_text(v)),
                }
            }
            Kind::Literal32 => write_literal32(f, inst.literal.unwrap_or(0)),
        }
    }
}

impl Inst {
    /// The operands llvm-mc prints, in assembly order: each with its table row's
    /// [`Operand`] (field, kind, written) and its text (`s_endpgm`'s zero immediate is
    /// not printed, so not listed). The instruction's text is its mnemonic, these
    /// texts separated by `, `, and ` glc` when set.
    ///
    /// ```
    /// let i = gpumem_vega::parse_inst("s_load_dword s4, s[0:1], s7 offset:0x10", gpumem_vega::Target::Gfx900).unwrap();
    /// let texts: Vec<String> = i.operands().map(|(_, t)| t.to_string()).collect();
    /// assert_eq!(texts, ["s4", "s[0:1]", "s7 offset:0x10"]);
    /// ```
    pub fn operands(&self) -> impl Iterator<Item = (&'static Operand, OperandText<'_>)> {
        let simm16 = self.simm16;
        self.def
            .operands
            .iter()
            .filter(move |o| !(o.kind == Kind::Imm16(Imm16::EndPgm) && simm16 == 0))
            .map(move |op| (op, OperandText { inst: self, op }))
    }
}

impl fmt::Display for Inst {
    /// Prints the instruction exactly as llvm-mc 19 (`-mcpu=gfx900`) does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def.name)?;
        for (k, (_, text)) in self.operands().enumerate() {
            f.write_str(if k == 0 { " " } else { ", " })?;
            fmt::Display::fmt(&text, f)?;
        }
        if self.def.glc && self.glc {
            f.write_str(" glc")?;
        }
        Ok(())
    }
}
