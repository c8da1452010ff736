//! The decoded vector instruction, its decoder, encoder and printer.

use std::fmt;

use super::table::{
    self, BufKind, DsForm, DsOffset, FlatForm, FlatKind, Gds, Mods, Seg, SrcMod, Ty, VClass,
    VField, VFormat, VInstDef, VKind, VOperand,
};
use crate::inst::DecodeError;
use crate::operand::{self, code};
use crate::table::Target;

/// One decoded gfx9 vector instruction. Fields the row does not use are zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VInst {
    /// The table row.
    pub def: &'static VInstDef,
    /// VDST: a VGPR index, or the code of a scalar destination.
    pub vdst: u16,
    /// VOP3b SDST (a 7-bit scalar code).
    pub sdst: u8,
    /// SRC0, SRC1 (or VSRC1 as 256 + index), SRC2: 9-bit source codes.
    pub src: [u16; 3],
    /// The literal dword (a SRC0 of 255, or K).
    pub literal: Option<u32>,
    /// ABS bits (bit k: source k).
    pub abs: u8,
    /// NEG bits (bit k: source k).
    pub neg: u8,
    /// CLAMP.
    pub clamp: bool,
    /// OMOD: 0 none, 1 `mul:2`, 2 `mul:4`, 3 `div:2`.
    pub omod: u8,
    /// OP_SEL bits (bit k: source k; bit 3: destination).
    pub op_sel: u8,
    /// DS OFFSET1:OFFSET0.
    pub offset: u16,
    /// DS GDS.
    pub gds: bool,
    /// FLAT SADDR (7-bit scalar code; 0x7f is `off`).
    pub saddr: u8,
    /// FLAT GLC.
    pub glc: bool,
    /// FLAT SLC.
    pub slc: bool,
    /// FLAT and MUBUF LDS (a load that writes LDS instead of VDST).
    pub lds: bool,
    /// MUBUF OFFEN.
    pub offen: bool,
    /// MUBUF IDXEN.
    pub idxen: bool,
    /// MUBUF/MTBUF TFE (one more VDATA register for the fault flag).
    pub tfe: bool,
    /// MTBUF format: DFMT (bits 3:0) and NFMT << 4 (bits 6:4); llvm-mc's default is
    /// [`MTBUF_DEFAULT_FORMAT`] (`BUF_DATA_FORMAT_8`, `BUF_NUM_FORMAT_UNORM`).
    pub format: u8,
}

/// The MTBUF format llvm-mc assembles when the text names none, and does not print.
pub const MTBUF_DEFAULT_FORMAT: u8 = 1;

/// llvm-mc 19's names of the gfx9 MTBUF data formats (DFMT), by value.
pub const DFMT_NAMES: [&str; 16] = [
    "BUF_DATA_FORMAT_INVALID",
    "BUF_DATA_FORMAT_8",
    "BUF_DATA_FORMAT_16",
    "BUF_DATA_FORMAT_8_8",
    "BUF_DATA_FORMAT_32",
    "BUF_DATA_FORMAT_16_16",
    "BUF_DATA_FORMAT_10_11_11",
    "BUF_DATA_FORMAT_11_11_10",
    "BUF_DATA_FORMAT_10_10_10_2",
    "BUF_DATA_FORMAT_2_10_10_10",
    "BUF_DATA_FORMAT_8_8_8_8",
    "BUF_DATA_FORMAT_32_32",
    "BUF_DATA_FORMAT_16_16_16_16",
    "BUF_DATA_FORMAT_32_32_32",
    "BUF_DATA_FORMAT_32_32_32_32",
    "BUF_DATA_FORMAT_RESERVED_15",
];

/// llvm-mc 19's names of the gfx9 MTBUF number formats (NFMT), by value.
pub const NFMT_NAMES: [&str; 8] = [
    "BUF_NUM_FORMAT_UNORM",
    "BUF_NUM_FORMAT_SNORM",
    "BUF_NUM_FORMAT_USCALED",
    "BUF_NUM_FORMAT_SSCALED",
    "BUF_NUM_FORMAT_UINT",
    "BUF_NUM_FORMAT_SINT",
    "BUF_NUM_FORMAT_RESERVED_6",
    "BUF_NUM_FORMAT_FLOAT",
];

impl VInst {
    /// An instruction of row `def` with every field zero.
    pub fn new(def: &'static VInstDef) -> VInst {
        VInst {
            def,
            vdst: 0,
            sdst: 0,
            src: [0; 3],
            literal: None,
            abs: 0,
            neg: 0,
            clamp: false,
            omod: 0,
            op_sel: 0,
            offset: 0,
            gds: false,
            saddr: 0,
            glc: false,
            slc: false,
            lds: false,
            offen: false,
            idxen: false,
            tfe: false,
            format: 0,
        }
    }

    /// Instruction length in dwords.
    pub fn dwords(&self) -> usize {
        self.def.format.base_dwords() + usize::from(self.literal.is_some())
    }
}

fn src_index(f: VField) -> Option<usize> {
    match f {
        VField::Src0 | VField::Addr => Some(0),
        VField::Src1 | VField::Vsrc1 | VField::Data0 => Some(1),
        VField::Src2 | VField::Data1 => Some(2),
        _ => None,
    }
}

/// The encoding family of a word that is no scalar encoding, for [`DecodeError::Unsupported`]
/// (Vega ISA §12: the fixed high bits of each microcode format).
fn other_encoding(w: u32) -> &'static str {
    match w >> 26 {
        0x34 if w >> 23 & 7 == 7 => "VOP3P",
        0x35 => "VINTRP",
        0x36 => "DS",
        0x37 => "FLAT",
        0x38 => "MUBUF",
        0x3a => "MTBUF",
        0x3c => "MIMG",
        0x31 => "EXP",
        _ => "unknown",
    }
}

/// Decodes one vector instruction from `words` for `target`; returns it and the number of
/// dwords it used. Never panics. Like llvm-mc, the decoder ignores the VOP3 bits a row
/// ignores (OP_SEL of rows without it, ABS/NEG of 16-bit integer rows) and rejects the
/// ones it must keep zero; encoding the result gives llvm-mc's canonical word.
pub fn decode(words: &[u32], target: Target) -> Result<(VInst, usize), DecodeError> {
    let &w0 = words.first().ok_or(DecodeError::Empty)?;
    let format = VFormat::ALL
        .into_iter()
        .find(|f| w0 & f.fixed().0 == f.fixed().1)
        .ok_or(DecodeError::Unsupported {
            word: w0,
            encoding: other_encoding(w0),
        })?;
    let opcode = format.opcode_of(w0);
    if format == VFormat::Vop3 && opcode >= 0x380 {
        return Err(DecodeError::Unsupported {
            word: w0,
            encoding: "VOP3P",
        });
    }
    if format == VFormat::Vop3 && (0x270..0x280).contains(&opcode) {
        return Err(DecodeError::Unsupported {
            word: w0,
            encoding: "VOP3 interpolation",
        });
    }
    if matches!(format, VFormat::Vop1 | VFormat::Vop2 | VFormat::Vopc)
        && matches!(w0 & 0x1ff, 0xf9 | 0xfa)
    {
        let encoding = if w0 & 0x1ff == 0xf9 { "SDWA" } else { "DPP" };
        return Err(DecodeError::Unsupported { word: w0, encoding });
    }
    let def = table::by_opcode(format, opcode, target).ok_or(DecodeError::UnknownVectorOpcode {
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
    if let Some(form) = def.ds {
        return decode_ds(def, form, w0, words[1], &invalid).map(|i| (i, 2));
    }
    if let Some(form) = def.flat {
        return decode_flat(def, form, w0, words[1], &invalid).map(|i| (i, 2));
    }
    if let Some(kind) = def.buf {
        return decode_mubuf(def, kind, w0, words[1], &invalid).map(|i| (i, 2));
    }
    let mut inst = VInst::new(def);
    let w1 = if format == VFormat::Vop3 { words[1] } else { 0 };
    // Raw fields.
    let (vdst, src, vop3b) = match format {
        VFormat::Vop1 => ((w0 >> 17) & 0xff, [w0 & 0x1ff, 0, 0], false),
        VFormat::Vop2 => (
            (w0 >> 17) & 0xff,
            [w0 & 0x1ff, 256 + ((w0 >> 9) & 0xff), 0],
            false,
        ),
        VFormat::Vopc => (0, [w0 & 0x1ff, 256 + ((w0 >> 9) & 0xff), 0], false),
        // Decoded by `decode_ds`, `decode_flat` and `decode_mubuf` above.
        VFormat::Ds | VFormat::Flat | VFormat::Mubuf | VFormat::Mtbuf => (0, [0; 3], false),
        VFormat::Vop3 => (
            w0 & 0xff,
            [w1 & 0x1ff, (w1 >> 9) & 0x1ff, (w1 >> 18) & 0x1ff],
            def.operand(VField::Sdst).is_some(),
        ),
    };
    // Fields the row does not use are fixed zero.
    if def.operand(VField::Vdst).is_none() && vdst != 0 {
        return Err(invalid("VDST", vdst, "must be 0 for this instruction"));
    }
    for (k, name) in ["SRC0", "SRC1", "SRC2"].into_iter().enumerate() {
        let used = def.operands.iter().any(|o| src_index(o.field) == Some(k));
        // llvm-mc ignores SRC0 of the VOP1 rows without operands (`v_nop`, `v_clrexcp`).
        let ignored = format == VFormat::Vopc
            || (format == VFormat::Vop2 && k == 1)
            || format == VFormat::Vop1;
        if !used && !ignored && src[k] != 0 {
            return Err(invalid(name, src[k], "must be 0 for this instruction"));
        }
    }
    if format == VFormat::Vop3 {
        let abs = ((w0 >> 8) & 7) as u8;
        let neg = (w1 >> 29) as u8;
        for (k, m) in def.mods.src.into_iter().enumerate() {
            let bit = 1u8 << k;
            match m {
                SrcMod::Zero => {
                    if (!vop3b && abs & bit != 0) || neg & bit != 0 {
                        return Err(invalid(
                            "ABS/NEG",
                            u32::from(abs | neg << 3),
                            "no modifier on this source",
                        ));
                    }
                }
                SrcMod::Fp => {
                    if !vop3b {
                        inst.abs |= abs & bit;
                    }
                    inst.neg |= neg & bit;
                }
                SrcMod::Sext => inst.neg |= neg & bit,
                SrcMod::Ignored => {}
            }
        }
        if (w0 >> 15) & 1 == 1 {
            if !def.mods.clamp {
                return Err(invalid("CLAMP", 1, "must be 0 for this instruction"));
            }
            inst.clamp = true;
        }
        inst.omod = ((w1 >> 27) & 3) as u8;
        if inst.omod != 0 && !def.mods.omod {
            return Err(invalid(
                "OMOD",
                u32::from(inst.omod),
                "must be 0 for this instruction",
            ));
        }
        if def.mods.op_sel {
            let sel = ((w0 >> 11) & 0xf) as u8;
            if def.sources() == 2 && sel & 4 != 0 {
                return Err(invalid(
                    "OP_SEL",
                    u32::from(sel),
                    "bit 2 must be 0 with two sources",
                ));
            }
            inst.op_sel = sel;
        }
    }
    let mut wants_literal = false;
    for o in def.operands {
        let fname = o.field.name();
        match (o.field, o.kind) {
            (_, VKind::Vcc) => {}
            (_, VKind::K(_)) => wants_literal = true,
            (VField::Vdst, VKind::Vgpr(t)) => {
                if vdst + u32::from(t.dwords()) > 256 {
                    return Err(invalid(fname, vdst, "VGPR tuple past v255"));
                }
                inst.vdst = vdst as u16;
            }
            (VField::Vsrc1, VKind::Vgpr(t)) => {
                if src[1] - 256 + u32::from(t.dwords()) > 256 {
                    return Err(invalid(fname, src[1] - 256, "VGPR tuple past v255"));
                }
                inst.src[1] = src[1] as u16;
            }
            (VField::Sdst, VKind::Sgpr(n)) => {
                let c = ((w0 >> 8) & 0x7f) as u8;
                let (_, canon) = operand::reg_parts(c, n).ok_or(invalid(
                    fname,
                    c.into(),
                    "not a register of this width",
                ))?;
                inst.sdst = canon;
            }
            (_, VKind::Sgpr(n)) => {
                inst.vdst = match vdst {
                    0..=127 => u16::from(
                        operand::reg_parts(vdst as u8, n)
                            .ok_or(invalid(fname, vdst, "not a register of this width"))?
                            .1,
                    ),
                    // llvm-mc decodes the 8-bit field as a source and prints constants
                    // with its invalid-immediate comment.
                    128..=208 | 240..=248 | 235..=239 | 251..=253 => vdst as u16,
                    255 => {
                        wants_literal = true;
                        255
                    }
                    254 if n == 1 => vdst as u16,
                    _ => return Err(invalid(fname, vdst, "not a scalar destination")),
                };
            }
            (f, VKind::Src(t) | VKind::SrcIn(t, _)) => {
                let k = src_index(f).unwrap_or(0);
                let c = src[k];
                let n = t.dwords();
                let canon = match c {
                    0..=127 => u32::from(
                        operand::reg_parts(c as u8, n)
                            .ok_or(invalid(fname, c, "not a register of this width"))?
                            .1,
                    ),
                    128..=208 | 240..=248 | 235..=239 | 251..=253 => c,
                    254 if n == 1 => c,
                    255 if format != VFormat::Vop3 => {
                        wants_literal = true;
                        c
                    }
                    256..=511 => {
                        if c - 256 + u32::from(n) > 256 {
                            return Err(invalid(fname, c, "VGPR tuple past v255"));
                        }
                        c
                    }
                    _ => return Err(invalid(fname, c, "reserved source operand code")),
                };
                inst.src[k] = canon as u16;
            }
            _ => {}
        }
    }
    let mut used = need;
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

/// A DS instruction: the fields the row does not use must be zero, and so must the
/// offset of `ds_nop` and the GDS bit of LDS-only rows (GDS-only rows need it set).
fn decode_ds(
    def: &'static VInstDef,
    form: DsForm,
    w0: u32,
    w1: u32,
    invalid: &dyn Fn(&'static str, u32, &'static str) -> DecodeError,
) -> Result<VInst, DecodeError> {
    let mut inst = VInst::new(def);
    let raw = [
        (VField::Addr, w1 & 0xff),
        (VField::Data0, (w1 >> 8) & 0xff),
        (VField::Data1, (w1 >> 16) & 0xff),
        (VField::Vdst, w1 >> 24),
    ];
    for (field, v) in raw {
        match def.operand(field) {
            None if v != 0 => {
                return Err(invalid(field.name(), v, "must be 0 for this instruction"));
            }
            None => {}
            Some(o) => {
                let n = match o.kind {
                    VKind::Vgpr(t) => u32::from(t.dwords()),
                    _ => 1,
                };
                if v + n > 256 {
                    return Err(invalid(field.name(), v, "VGPR tuple past v255"));
                }
                match src_index(field) {
                    Some(k) => inst.src[k] = 256 + v as u16,
                    None => inst.vdst = v as u16,
                }
            }
        }
    }
    if !form.bit25_ignored && (w0 >> 25) & 1 == 1 {
        return Err(invalid("ACC", 1, "bit 25 must be 0 for this instruction"));
    }
    inst.offset = (w0 & 0xffff) as u16;
    if form.offset == DsOffset::NoOffset && inst.offset != 0 {
        return Err(invalid(
            "OFFSET",
            w0 & 0xffff,
            "must be 0 for this instruction",
        ));
    }
    inst.gds = (w0 >> 16) & 1 == 1;
    match (form.gds, inst.gds) {
        (Gds::Never, true) => return Err(invalid("GDS", 1, "this instruction has no GDS form")),
        (Gds::Always, false) => return Err(invalid("GDS", 0, "this instruction needs GDS")),
        _ => {}
    }
    Ok(inst)
}

/// SADDR's `off`.
const SADDR_OFF: u8 = 0x7f;

/// A FLAT instruction. llvm-mc ignores the fields a row does not use (a load's DATA, a
/// store's VDST, an atomic's VDST without GLC, NV), requires SADDR = 0 in the FLAT segment
/// and takes SADDR = `off` (0x7f) as the 64-bit VGPR address form of GLOBAL and the VGPR
/// offset form of SCRATCH.
fn decode_flat(
    def: &'static VInstDef,
    form: FlatForm,
    w0: u32,
    w1: u32,
    invalid: &dyn Fn(&'static str, u32, &'static str) -> DecodeError,
) -> Result<VInst, DecodeError> {
    let mut inst = VInst::new(def);
    inst.offset = (w0 & 0x1fff) as u16;
    inst.lds = (w0 >> 13) & 1 == 1;
    inst.glc = (w0 >> 16) & 1 == 1;
    inst.slc = (w0 >> 17) & 1 == 1;
    let saddr = ((w1 >> 16) & 0x7f) as u8;
    if inst.lds && form.kind != FlatKind::LoadLds {
        return Err(invalid("LDS", 1, "this instruction has no LDS form"));
    }
    // Which LDS forms llvm-mc 19 decodes depends on SADDR, GLC and SLC in ways not yet
    // charted (see STATUS.md): refused as not decoded rather than guessed.
    if inst.lds {
        return Err(DecodeError::Unsupported {
            word: w0,
            encoding: "FLAT LDS (load to LDS)",
        });
    }
    inst.saddr = match form.seg {
        Seg::Flat if saddr != 0 => {
            return Err(invalid("SADDR", saddr.into(), "must be 0 for FLAT"));
        }
        Seg::Flat => 0,
        _ if saddr == SADDR_OFF => SADDR_OFF,
        seg => {
            let n = if seg == Seg::Global { 2 } else { 1 };
            operand::reg_parts(saddr, n)
                .ok_or(invalid(
                    "SADDR",
                    saddr.into(),
                    "not a scalar register of this width",
                ))?
                .1
        }
    };
    let vgpr = |field: &'static str, v: u32, n: u8| {
        if v + u32::from(n) > 256 {
            Err(invalid(field, v, "VGPR tuple past v255"))
        } else {
            Ok(256 + v as u16)
        }
    };
    inst.src[0] = match flat_addr_dwords(form.seg, inst.saddr) {
        // ADDR is unused (SCRATCH with SADDR): decoded as v0, as encoded.
        0 => 256,
        n => vgpr("ADDR", w1 & 0xff, n)?,
    };
    for o in def.operands {
        match (o.field, o.kind) {
            (VField::Data0, VKind::Vgpr(t)) => {
                inst.src[1] = vgpr("DATA", (w1 >> 8) & 0xff, t.dwords())?
            }
            (VField::Vdst, VKind::Vgpr(t)) if flat_has_vdst(&inst, form) => {
                inst.vdst = vgpr("VDST", w1 >> 24, t.dwords())? - 256;
            }
            _ => {}
        }
    }
    Ok(inst)
}

/// A MUBUF instruction: VADDR is `off`, an index or offset, or both (a pair) by IDXEN and
/// OFFEN; VDATA has one more register with TFE; SRSRC names four SGPRs.
fn decode_mubuf(
    def: &'static VInstDef,
    kind: BufKind,
    w0: u32,
    w1: u32,
    invalid: &dyn Fn(&'static str, u32, &'static str) -> DecodeError,
) -> Result<VInst, DecodeError> {
    let mut inst = VInst::new(def);
    inst.offset = (w0 & 0xfff) as u16;
    inst.offen = (w0 >> 12) & 1 == 1;
    inst.idxen = (w0 >> 13) & 1 == 1;
    inst.glc = (w0 >> 14) & 1 == 1;
    inst.tfe = (w1 >> 23) & 1 == 1;
    if def.format == VFormat::Mtbuf {
        inst.slc = (w1 >> 22) & 1 == 1;
        inst.format = ((w0 >> 19) & 0x7f) as u8;
    } else {
        inst.lds = (w0 >> 16) & 1 == 1;
        inst.slc = (w0 >> 17) & 1 == 1;
    }
    if kind == BufKind::CacheCtl {
        // llvm-mc ignores SLC, OFFSET and every operand field here, but not these bits.
        let bit15 = (w0 >> 15) & 1 == 1;
        if inst.offen || inst.idxen || inst.glc || inst.lds || inst.tfe || bit15 {
            return Err(invalid("MODIFIERS", w0, "cache control has no modifiers"));
        }
        return Ok(VInst::new(def));
    }
    if inst.tfe && def.format == VFormat::Mtbuf {
        return Err(invalid("TFE", 1, "llvm-mc 19 has no MTBUF TFE form"));
    }
    if inst.lds && inst.tfe {
        return Err(invalid("TFE", 1, "no TFE with LDS"));
    }
    if kind == BufKind::StoreLds {
        // llvm-mc ignores VADDR, VDATA and bit 15; the LDS bit is the instruction's.
        if !inst.lds || inst.offen || inst.idxen || inst.tfe {
            return Err(invalid(
                "MODIFIERS",
                w0,
                "needs LDS, no OFFEN, IDXEN or TFE",
            ));
        }
    } else if inst.lds && kind != BufKind::LoadLds {
        return Err(invalid("LDS", 1, "this instruction has no LDS form"));
    }
    if inst.tfe && kind == BufKind::Atomic {
        return Err(invalid("TFE", 1, "atomics have no TFE form"));
    }
    let srsrc = (((w1 >> 16) & 0x1f) * 4) as u8;
    inst.saddr = operand::reg_parts(srsrc, 4)
        .ok_or(invalid("SRSRC", srsrc.into(), "not a register quad"))?
        .1;
    let soffset = w1 >> 24;
    inst.src[2] = match soffset {
        0..=127 => u16::from(
            operand::reg_parts(soffset as u8, 1)
                .ok_or(invalid("SOFFSET", soffset, "not a register"))?
                .1,
        ),
        128..=208 | 240..=248 | 235..=239 | 251..=254 => soffset as u16,
        _ => return Err(invalid("SOFFSET", soffset, "reserved source operand code")),
    };
    let vgpr = |field: &'static str, v: u32, n: u8| {
        if v + u32::from(n) > 256 {
            Err(invalid(field, v, "VGPR tuple past v255"))
        } else {
            Ok(256 + v as u16)
        }
    };
    let naddr = u8::from(inst.offen) + u8::from(inst.idxen);
    inst.src[0] = if naddr == 0 {
        256
    } else {
        vgpr("VADDR", w1 & 0xff, naddr)?
    };
    if !inst.lds
        && let Some(VKind::Vgpr(t)) = def.operand(VField::Vdata).map(|o| o.kind)
    {
        inst.src[1] = vgpr("VDATA", (w1 >> 8) & 0xff, t.dwords() + u8::from(inst.tfe))?;
    }
    Ok(inst)
}

/// The ADDR VGPR count: 2 for a 64-bit address (FLAT, GLOBAL without SADDR), 1 for an
/// offset, 0 where the text says `off` (SCRATCH with SADDR).
fn flat_addr_dwords(seg: Seg, saddr: u8) -> u8 {
    match seg {
        Seg::Flat => 2,
        Seg::Global if saddr == SADDR_OFF => 2,
        Seg::Global => 1,
        Seg::Scratch if saddr == SADDR_OFF => 1,
        Seg::Scratch => 0,
    }
}

/// Whether the instruction writes VDST: a load without LDS, an atomic with GLC.
fn flat_has_vdst(inst: &VInst, form: FlatForm) -> bool {
    match form.kind {
        FlatKind::Load | FlatKind::LoadLds => !inst.lds,
        FlatKind::Store => false,
        FlatKind::Atomic => inst.glc,
    }
}

/// Encodes an instruction into its dwords (with its literal, if any).
pub fn encode(inst: &VInst) -> Vec<u32> {
    let d = inst.def;
    if d.format == VFormat::Mtbuf {
        let w0 = d.format.fixed().1
            | d.format.opcode_bits(d.opcode)
            | u32::from(inst.format & 0x7f) << 19
            | u32::from(inst.glc) << 14
            | u32::from(inst.idxen) << 13
            | u32::from(inst.offen) << 12
            | u32::from(inst.offset & 0xfff);
        let w1 = u32::from(inst.src[2] & 0xff) << 24
            | u32::from(inst.tfe) << 23
            | u32::from(inst.slc) << 22
            | u32::from(inst.saddr / 4) << 16
            | u32::from(inst.src[1].wrapping_sub(256) & 0xff) << 8
            | u32::from(inst.src[0].wrapping_sub(256) & 0xff);
        return vec![w0, w1];
    }
    if let Some(kind) = d.buf {
        let (_, fixed) = d.format.fixed();
        let w0 = fixed
            | d.format.opcode_bits(d.opcode)
            | u32::from(inst.slc) << 17
            | u32::from(inst.lds) << 16
            | u32::from(inst.glc) << 14
            | u32::from(inst.idxen) << 13
            | u32::from(inst.offen) << 12
            | u32::from(inst.offset & 0xfff);
        if kind == BufKind::CacheCtl {
            return vec![w0, 0];
        }
        let w1 = u32::from(inst.src[2] & 0xff) << 24
            | u32::from(inst.tfe) << 23
            | u32::from(inst.saddr / 4) << 16
            | u32::from(inst.src[1].wrapping_sub(256) & 0xff) << 8
            | u32::from(inst.src[0].wrapping_sub(256) & 0xff);
        return vec![w0, w1];
    }
    if let Some(form) = d.flat {
        let (_, fixed) = d.format.fixed();
        let w0 = fixed
            | d.format.opcode_bits(d.opcode)
            | u32::from(inst.slc) << 17
            | u32::from(inst.glc) << 16
            | u32::from(inst.lds) << 13
            | u32::from(inst.offset & 0x1fff);
        let mut w1 = u32::from(inst.saddr & 0x7f) << 16;
        if flat_addr_dwords(form.seg, inst.saddr) > 0 {
            w1 |= u32::from(inst.src[0].wrapping_sub(256) & 0xff);
        }
        if def_has(d, VField::Data0) {
            w1 |= u32::from(inst.src[1].wrapping_sub(256) & 0xff) << 8;
        }
        if flat_has_vdst(inst, form) {
            w1 |= u32::from(inst.vdst & 0xff) << 24;
        }
        return vec![w0, w1];
    }
    if d.format == VFormat::Ds {
        let (_, fixed) = d.format.fixed();
        let w0 = fixed
            | (u32::from(d.opcode) << 17)
            | (u32::from(inst.gds) << 16)
            | u32::from(inst.offset);
        let mut w1 = 0u32;
        for o in d.operands {
            let v = match src_index(o.field) {
                Some(k) => u32::from(inst.src[k].wrapping_sub(256) & 0xff),
                None => u32::from(inst.vdst & 0xff),
            };
            w1 |= v
                << match o.field {
                    VField::Addr => 0,
                    VField::Data0 => 8,
                    VField::Data1 => 16,
                    _ => 24,
                };
        }
        return vec![w0, w1];
    }
    let (mask, fixed) = d.format.fixed();
    let (lo, _) = d.format.opcode_field();
    let mut w0 = (fixed & mask) | (u32::from(d.opcode) << lo);
    let mut w1 = 0u32;
    for o in d.operands {
        let k = src_index(o.field);
        match (d.format, o.field) {
            (_, VField::Vcc | VField::K) => {}
            (VFormat::Vop3, VField::Vdst) => w0 |= u32::from(inst.vdst) & 0xff,
            (_, VField::Vdst) => w0 |= (u32::from(inst.vdst) & 0xff) << 17,
            (_, VField::Sdst) => w0 |= (u32::from(inst.sdst) & 0x7f) << 8,
            (VFormat::Vop3, _) => {
                let k = k.unwrap_or(0);
                w1 |= (u32::from(inst.src[k]) & 0x1ff) << (9 * k);
            }
            (_, VField::Vsrc1) => w0 |= (u32::from(inst.src[1]) & 0xff) << 9,
            (_, _) => w0 |= u32::from(inst.src[0]) & 0x1ff,
        }
    }
    if d.format == VFormat::Vop3 {
        let vop3b = d.operand(VField::Sdst).is_some();
        if !vop3b {
            w0 |= u32::from(inst.abs & 7) << 8;
            w0 |= u32::from(inst.op_sel & 0xf) << 11;
        }
        w0 |= u32::from(inst.clamp) << 15;
        w1 |= u32::from(inst.omod & 3) << 27;
        w1 |= u32::from(inst.neg & 7) << 29;
    }
    let mut out = vec![w0];
    if d.format == VFormat::Vop3 {
        out.push(w1);
    }
    if let Some(l) = inst.literal {
        out.push(l);
    }
    out
}

// ---- printing ----------------------------------------------------------------------

/// f16 bit patterns of the inline float constants, codes 240..=248 (16-bit integer
/// sources print them in hex).
pub const INLINE_F16: [u16; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];

const FLOAT_TEXT: [&str; 8] = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"];

fn write_vgpr(f: &mut fmt::Formatter<'_>, v: u16, n: u8) -> fmt::Result {
    if n == 1 {
        write!(f, "v{v}")
    } else {
        write!(f, "v[{}:{}]", v, v + u16::from(n) - 1)
    }
}

/// An inline constant (128..=208, 240..=248) of a source of type `t`.
fn write_inline(f: &mut fmt::Formatter<'_>, c: u16, t: Ty) -> fmt::Result {
    match c {
        128..=192 => write!(f, "{}", c - 128),
        193..=208 => write!(f, "-{}", c - 192),
        240..=248 if t == Ty::I16 => write!(f, "0x{:x}", INLINE_F16[usize::from(c - 240)]),
        248 if t.dwords() == 2 => f.write_str("0.15915494309189532"),
        248 => f.write_str("0.15915494"),
        240..=247 => f.write_str(FLOAT_TEXT[usize::from(c - 240)]),
        _ => write!(f, "<invalid {c}>"),
    }
}

/// A literal of a source of type `t` (llvm's `printImmediate*` for the operand type).
fn write_literal(f: &mut fmt::Formatter<'_>, l: u32, t: Ty) -> fmt::Result {
    match t {
        Ty::I16 => {
            if let Some(c) = operand::inline_int_code(i64::from(l as i32)) {
                write_inline(f, u16::from(c), t)
            } else if let Some(i) = operand::INLINE_F32.iter().position(|&b| b == l) {
                write_inline(f, 240 + i as u16, Ty::F32)
            } else {
                write!(f, "0x{:x}", l & 0xffff)
            }
        }
        Ty::F16 => {
            let h = l as u16;
            if let Some(c) = operand::inline_int_code(i64::from(h as i16)) {
                write_inline(f, u16::from(c), t)
            } else if let Some(i) = INLINE_F16.iter().position(|&b| b == h) {
                write_inline(f, 240 + i as u16, t)
            } else {
                write!(f, "0x{h:x}")
            }
        }
        Ty::F64 => match operand::inline_code64(u64::from(l) << 32) {
            Some(c) => write_inline(f, u16::from(c), t),
            None => write!(f, "0x{l:x}"),
        },
        Ty::I64 | Ty::B96 | Ty::B128 => f.write_str(&operand::literal64_text(l)),
        Ty::I32 | Ty::F32 => match operand::inline_code32(l) {
            Some(c) => write_inline(f, u16::from(c), t),
            None => write!(f, "0x{l:x}"),
        },
    }
}

/// A scalar register code as a `dwords`-wide register.
fn write_sreg(f: &mut fmt::Formatter<'_>, c: u8, dwords: u8) -> fmt::Result {
    match operand::reg_name(c, dwords) {
        Some((n, _)) => f.write_str(&n),
        None => write!(f, "<invalid {c}>"),
    }
}

/// A 9-bit source code of type `t`, without modifiers.
fn write_src(f: &mut fmt::Formatter<'_>, c: u16, t: Ty, literal: Option<u32>) -> fmt::Result {
    match c {
        0..=127 => write_sreg(f, c as u8, t.dwords()),
        256..=511 => write_vgpr(f, c - 256, t.dwords()),
        255 => write_literal(f, literal.unwrap_or(0), t),
        _ => match operand::special_src_name(c as u8) {
            Some(n) => f.write_str(n),
            None => write_inline(f, c, t),
        },
    }
}

fn is_const(c: u16) -> bool {
    matches!(c, 128..=208 | 240..=248 | 255)
}

fn invalid_reg(f: &mut fmt::Formatter<'_>, class: VClass) -> fmt::Result {
    write!(
        f,
        "/*Invalid register, operand has '{}' register class*/",
        class.llvm_name()
    )
}

/// One operand of a vector instruction, printed as llvm-mc prints it.
#[derive(Clone, Copy, Debug)]
pub struct VOperandText<'a> {
    inst: &'a VInst,
    op: &'static VOperand,
}

impl fmt::Display for VOperandText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (inst, o) = (self.inst, self.op);
        match o.kind {
            VKind::Vcc => f.write_str("vcc"),
            VKind::K(_) => write!(f, "0x{:x}", inst.literal.unwrap_or(0)),
            VKind::Vgpr(t) => {
                let v = if let Some(k) = src_index(o.field) {
                    inst.src[k] - 256
                } else {
                    inst.vdst
                };
                write_vgpr(f, v, t.dwords())
            }
            VKind::Sgpr(n) => {
                if o.field == VField::Sdst {
                    return write_sreg(f, inst.sdst, n);
                }
                match inst.vdst {
                    0..=127 => write_sreg(f, inst.vdst as u8, n),
                    254 => f.write_str(
                        "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/",
                    ),
                    c @ (235..=239 | 251..=253) => {
                        f.write_str(operand::special_src_name(c as u8).unwrap_or(""))
                    }
                    c => {
                        write_src(f, c, Ty::I32, inst.literal)?;
                        f.write_str("/*Invalid immediate*/")
                    }
                }
            }
            VKind::Src(t) | VKind::SrcIn(t, _) => {
                let k = src_index(o.field).unwrap_or(0);
                let c = inst.src[k];
                let m = inst.def.mods.src[k];
                let bit = 1u8 << k;
                let neg = inst.neg & bit != 0;
                let abs = inst.abs & bit != 0;
                // llvm-mc writes a negated constant without ABS as `neg(c)`.
                let neg_call = m == SrcMod::Fp && neg && !abs && is_const(c);
                match m {
                    SrcMod::Sext if neg => f.write_str("sext(")?,
                    SrcMod::Fp if neg_call => f.write_str("neg(")?,
                    SrcMod::Fp if neg => f.write_str("-")?,
                    _ => {}
                }
                if m == SrcMod::Fp && abs {
                    f.write_str("|")?;
                }
                // Like the scalar side, LLVM decodes a constant in a register-only
                // lane mask as a 32-bit immediate.
                let shown = match o.kind {
                    VKind::SrcIn(_, VClass::SReg1Xexec) if is_const(c) => Ty::I32,
                    _ => t,
                };
                write_src(f, c, shown, inst.literal)?;
                if let VKind::SrcIn(_, class) = o.kind {
                    write_class_note(f, c, class)?;
                }
                if m == SrcMod::Fp && abs {
                    f.write_str("|")?;
                }
                if (m == SrcMod::Sext && neg) || neg_call {
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

/// llvm-mc's comment after an operand that its register class does not allow.
fn write_class_note(f: &mut fmt::Formatter<'_>, c: u16, class: VClass) -> fmt::Result {
    match class {
        VClass::Vgpr32 | VClass::VReg128 | VClass::VRegOrLds32 => {
            // llvm-mc leaves the `src_*` specials without a comment.
            let lds = c == u16::from(code::LDS_DIRECT) && class == VClass::VRegOrLds32;
            if c >= 256 || lds || matches!(c, 125 | 235..=239 | 251..=253) {
                Ok(())
            } else if is_const(c) {
                f.write_str("/*Invalid immediate*/")
            } else {
                invalid_reg(f, class)
            }
        }
        VClass::SReg32 => {
            if c >= 256 {
                invalid_reg(f, class)
            } else {
                Ok(())
            }
        }
        VClass::SReg1Xexec => {
            if c >= 256 || c == u16::from(code::EXEC) {
                invalid_reg(f, class)
            } else if is_const(c) {
                f.write_str("/*Invalid immediate*/")
            } else {
                Ok(())
            }
        }
    }
}

impl VInst {
    /// The operands llvm-mc prints, in assembly order, with their table row's operand.
    pub fn operands(&self) -> impl Iterator<Item = (&'static VOperand, VOperandText<'_>)> {
        self.def
            .operands
            .iter()
            .map(move |op| (op, VOperandText { inst: self, op }))
    }
}

impl fmt::Display for VInst {
    /// Prints the instruction exactly as llvm-mc 19 does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def.name)?;
        if let Some(form) = self.def.flat {
            return self.fmt_flat(f, form);
        }
        if let Some(kind) = self.def.buf {
            return self.fmt_mubuf(f, kind);
        }
        for (k, (_, text)) in self.operands().enumerate() {
            f.write_str(if k == 0 { " " } else { ", " })?;
            fmt::Display::fmt(&text, f)?;
        }
        if let Some(form) = self.def.ds {
            let off = self.offset;
            match form.offset {
                DsOffset::NoOffset => {}
                DsOffset::One if off != 0 => write!(f, " offset:{off}")?,
                DsOffset::Swizzle if off != 0 => write!(f, " offset:{}", swizzle_text(off))?,
                DsOffset::Two => {
                    if off & 0xff != 0 {
                        write!(f, " offset0:{}", off & 0xff)?;
                    }
                    if off >> 8 != 0 {
                        write!(f, " offset1:{}", off >> 8)?;
                    }
                }
                _ => {}
            }
            if self.gds {
                f.write_str(" gds")?;
            }
            return Ok(());
        }
        let Mods {
            clamp,
            omod,
            op_sel,
            ..
        } = self.def.mods;
        if op_sel && self.op_sel != 0 {
            let bits: Vec<u8> = if self.def.sources() == 2 {
                vec![0, 1, 3]
            } else {
                vec![0, 1, 2, 3]
            };
            f.write_str(" op_sel:[")?;
            for (i, b) in bits.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.op_sel >> b & 1)?;
            }
            f.write_str("]")?;
        }
        if clamp && self.clamp {
            f.write_str(" clamp")?;
        }
        if omod {
            match self.omod {
                1 => f.write_str(" mul:2")?,
                2 => f.write_str(" mul:4")?,
                3 => f.write_str(" div:2")?,
                _ => {}
            }
        }
        Ok(())
    }
}

/// `ds_swizzle_b32`'s offset as llvm-mc prints it (its `printSwizzle`): `swizzle(QUAD_PERM,…)`
/// when bits 15:8 are 0x80; with bit 15 clear the AND/OR/XOR lane masks (bits 4:0, 9:5,
/// 14:10) as `SWAP`, `REVERSE`, `BROADCAST` or `BITMASK_PERM`; otherwise the number.
pub fn swizzle_text(v: u16) -> String {
    if v & 0xff00 == 0x8000 {
        let l = |i: u16| (v >> (2 * i)) & 3;
        return format!("swizzle(QUAD_PERM,{},{},{},{})", l(0), l(1), l(2), l(3));
    }
    if v & 0x8000 != 0 {
        return v.to_string();
    }
    let (and, or, xor) = (v & 0x1f, (v >> 5) & 0x1f, (v >> 10) & 0x1f);
    if and == 0x1f && or == 0 && xor.count_ones() == 1 {
        return format!("swizzle(SWAP,{xor})");
    }
    if and == 0x1f && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        return format!("swizzle(REVERSE,{})", xor + 1);
    }
    let group = 0x1f - and + 1;
    if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
        return format!("swizzle(BROADCAST,{group},{or})");
    }
    let p0 = or ^ xor;
    let p1 = (and | or) ^ xor;
    let mut t = String::from("swizzle(BITMASK_PERM,\"");
    for b in (0..5).rev() {
        let (a, c) = (p0 >> b & 1, p1 >> b & 1);
        t.push(match (a == c, a) {
            (true, 0) => '0',
            (true, _) => '1',
            (false, 0) => 'p',
            (false, _) => 'i',
        });
    }
    t.push_str("\")");
    t
}

fn def_has(d: &VInstDef, field: VField) -> bool {
    d.operand(field).is_some()
}

impl VInst {
    /// FLAT text: `[vdst, ]addr[, data][, saddr|off]` (the address part by segment and
    /// SADDR), then `offset:` (signed for GLOBAL and SCRATCH), `glc`, `slc`, `lds`.
    fn fmt_flat(&self, f: &mut fmt::Formatter<'_>, form: FlatForm) -> fmt::Result {
        let mut sep = " ";
        let mut next = |f: &mut fmt::Formatter<'_>| {
            let s = sep;
            sep = ", ";
            f.write_str(s)
        };
        if flat_has_vdst(self, form)
            && let Some(VKind::Vgpr(t)) = self.def.operand(VField::Vdst).map(|o| o.kind)
        {
            next(f)?;
            write_vgpr(f, self.vdst, t.dwords())?;
        }
        next(f)?;
        match flat_addr_dwords(form.seg, self.saddr) {
            0 => f.write_str("off")?,
            n => write_vgpr(f, self.src[0] - 256, n)?,
        }
        if let Some(VKind::Vgpr(t)) = self.def.operand(VField::Data0).map(|o| o.kind) {
            next(f)?;
            write_vgpr(f, self.src[1] - 256, t.dwords())?;
        }
        match form.seg {
            Seg::Flat => {}
            _ if self.saddr == SADDR_OFF => {
                next(f)?;
                f.write_str("off")?;
            }
            seg => {
                next(f)?;
                write_sreg(f, self.saddr, if seg == Seg::Global { 2 } else { 1 })?;
            }
        }
        if self.offset != 0 {
            if form.seg == Seg::Flat {
                write!(f, " offset:{}", self.offset)?;
            } else {
                write!(f, " offset:{}", ((self.offset << 3) as i16) >> 3)?;
            }
        }
        if self.glc {
            f.write_str(" glc")?;
        }
        if self.slc {
            f.write_str(" slc")?;
        }
        if self.lds {
            f.write_str(" lds")?;
        }
        Ok(())
    }
}

impl VInst {
    /// `srsrc, soffset` with llvm-mc's comments.
    fn fmt_srsrc_soffset(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sreg(f, self.saddr, 4)?;
        // Like the scalar side's SBASE: a special register as a quad keeps its name.
        if matches!(self.saddr, 102..=107 | 126 | 127) {
            f.write_str("/*Invalid register, operand has 'SReg_128' register class*/")?;
        }
        f.write_str(", ")?;
        write_src(f, self.src[2], Ty::I32, None)?;
        if self.src[2] == u16::from(code::LDS_DIRECT) {
            f.write_str("/*Invalid register, operand has 'SReg_32' register class*/")?;
        }
        Ok(())
    }

    /// `buffer_store_lds_dword` text: `srsrc, soffset`, then `offset:`, `lds`, `glc`, `slc`
    /// (llvm-mc's order for this row: `lds` before the cache bits).
    fn fmt_store_lds(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_srsrc_soffset(f)?;
        if self.offset != 0 {
            write!(f, " offset:{}", self.offset)?;
        }
        for (on, text) in [(true, " lds"), (self.glc, " glc"), (self.slc, " slc")] {
            if on {
                f.write_str(text)?;
            }
        }
        Ok(())
    }

    /// MUBUF text: `[vdata, ]vaddr|off, srsrc, soffset`, then `idxen`, `offen`,
    /// `offset:`, `glc`, `slc`, `lds`, `tfe`.
    fn fmt_mubuf(&self, f: &mut fmt::Formatter<'_>, kind: BufKind) -> fmt::Result {
        if kind == BufKind::CacheCtl {
            return Ok(());
        }
        f.write_str(" ")?;
        if kind == BufKind::StoreLds {
            return self.fmt_store_lds(f);
        }
        if !self.lds
            && let Some(VKind::Vgpr(t)) = self.def.operand(VField::Vdata).map(|o| o.kind)
        {
            write_vgpr(f, self.src[1] - 256, t.dwords() + u8::from(self.tfe))?;
            f.write_str(", ")?;
        }
        match u8::from(self.offen) + u8::from(self.idxen) {
            0 => f.write_str("off")?,
            n => write_vgpr(f, self.src[0] - 256, n)?,
        }
        f.write_str(", ")?;
        write_sreg(f, self.saddr, 4)?;
        // Like the scalar side's SBASE: a special register as a quad keeps its name.
        if matches!(self.saddr, 102..=107 | 126 | 127) {
            f.write_str("/*Invalid register, operand has 'SReg_128' register class*/")?;
        }
        f.write_str(", ")?;
        write_src(f, self.src[2], Ty::I32, None)?;
        let typed = self.def.format == VFormat::Mtbuf;
        if self.src[2] == u16::from(code::LDS_DIRECT) {
            f.write_str("/*Invalid register, operand has 'SReg_32' register class*/")?;
        }
        if typed && self.format != MTBUF_DEFAULT_FORMAT {
            let (dfmt, nfmt) = (self.format & 0xf, self.format >> 4 & 7);
            f.write_str(" format:[")?;
            if dfmt != MTBUF_DEFAULT_FORMAT {
                f.write_str(DFMT_NAMES[usize::from(dfmt)])?;
            }
            if nfmt != 0 {
                if dfmt != MTBUF_DEFAULT_FORMAT {
                    f.write_str(",")?;
                }
                f.write_str(NFMT_NAMES[usize::from(nfmt)])?;
            }
            f.write_str("]")?;
        }
        for (on, text) in [(self.idxen, " idxen"), (self.offen, " offen")] {
            if on {
                f.write_str(text)?;
            }
        }
        if self.offset != 0 {
            write!(f, " offset:{}", self.offset)?;
        }
        for (on, text) in [
            (self.glc, " glc"),
            (self.slc, " slc"),
            (self.lds, " lds"),
            (self.tfe, " tfe"),
        ] {
            if on {
                f.write_str(text)?;
            }
        }
        Ok(())
    }
}
