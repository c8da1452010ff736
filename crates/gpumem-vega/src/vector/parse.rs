//! The assembler side of the vector table: one instruction line in llvm-mc's syntax to
//! a [`VInst`]. Operands follow the row's operand list; sources take registers, the
//! `src_*` specials, integers and the inline float constants, with `-`, `|…|`, `abs()`,
//! `neg()` and `sext()` where the row has those modifiers; then `op_sel:[…]`, `clamp`,
//! `mul:2`, `mul:4`, `div:2`. Expressions and symbols are not taken here (see
//! `DIFFERENCES.md`).

use super::inst::{INLINE_F16, VInst};
use super::table::{
    BufKind, DsOffset, FlatForm, FlatKind, Gds, Seg, SrcMod, Ty, VClass, VField, VFormat, VInstDef,
    VKind,
};
use crate::operand::{self, code};
use crate::table::Implicit;

/// An error: byte range in the text given to [`parse_operands`] and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VParseError {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// What is wrong.
    pub msg: String,
}

type PResult<T> = Result<T, VParseError>;

fn err<T>(start: usize, end: usize, msg: impl Into<String>) -> PResult<T> {
    Err(VParseError {
        start,
        end,
        msg: msg.into(),
    })
}

/// A parsed register: 9-bit code (VGPRs 256..) and width.
#[derive(Clone, Copy, Debug)]
struct Reg {
    code: u16,
    dwords: u8,
}

/// What a source operand's text is.
#[derive(Clone, Copy, Debug)]
enum Val {
    Reg(Reg),
    Int(i64),
    Float(f64),
}

/// Splits at top-level commas (not inside `[]` or `()`), keeping byte offsets.
fn split(text: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push((base + start, &text[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((base + start, &text[start..]));
    out.into_iter()
        .map(|(s, t)| {
            let lead = t.len() - t.trim_start().len();
            (s + lead, t.trim())
        })
        .collect()
}

fn number(t: &str) -> Option<i64> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()? as i64
    } else if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
        body.parse::<u64>().ok()? as i64
    } else {
        return None;
    };
    Some(if neg { v.wrapping_neg() } else { v })
}

fn reg_range(body: &str) -> Option<(u32, u32)> {
    if let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        let (a, b) = inner.split_once(':').unwrap_or((inner, inner));
        let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        return (b >= a).then_some((a, b));
    }
    if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) && body.len() <= 4 {
        let n = body.parse().ok()?;
        return Some((n, n));
    }
    None
}

/// A register name, or `None` if `t` is not one.
fn reg(t: &str, s: usize, e: usize) -> PResult<Option<Reg>> {
    let lower = t.to_ascii_lowercase();
    let named = |code: u8, dwords: u8| {
        Ok(Some(Reg {
            code: code.into(),
            dwords,
        }))
    };
    match lower.as_str() {
        "flat_scratch" => return named(code::FLAT_SCRATCH, 2),
        "flat_scratch_lo" => return named(code::FLAT_SCRATCH, 1),
        "flat_scratch_hi" => return named(code::FLAT_SCRATCH + 1, 1),
        "xnack_mask" => return named(code::XNACK_MASK, 2),
        "xnack_mask_lo" => return named(code::XNACK_MASK, 1),
        "xnack_mask_hi" => return named(code::XNACK_MASK + 1, 1),
        "vcc" => return named(code::VCC, 2),
        "vcc_lo" => return named(code::VCC, 1),
        "vcc_hi" => return named(code::VCC + 1, 1),
        "exec" => return named(code::EXEC, 2),
        "exec_lo" => return named(code::EXEC, 1),
        "exec_hi" => return named(code::EXEC_HI, 1),
        "m0" => return named(code::M0, 1),
        "null" => return err(s, e, "'null' operand is not supported on this GPU"),
        _ => {}
    }
    if let Some(c) = operand::special_src_code(&lower) {
        return named(c, 0);
    }
    let (body, kind) = if let Some(b) = lower.strip_prefix("ttmp") {
        (b, 't')
    } else if let Some(b) = lower.strip_prefix('s') {
        (b, 's')
    } else if let Some(b) = lower.strip_prefix('v') {
        (b, 'v')
    } else {
        return Ok(None);
    };
    let Some((lo, hi)) = reg_range(body) else {
        return Ok(None);
    };
    let n = hi - lo + 1;
    if !matches!(n, 1..=5 | 8 | 16) {
        return err(s, e, "invalid register tuple size");
    }
    let code = match kind {
        'v' if hi <= 255 => 256 + lo as u16,
        't' if hi <= 15 => u16::from(code::TTMP0) + lo as u16,
        's' if hi < u32::from(operand::SGPR_COUNT) => lo as u16,
        _ => return err(s, e, "register index is out of range"),
    };
    if kind != 'v' && n > 1 && lo % n.min(4) != 0 {
        return err(s, e, "invalid register alignment");
    }
    Ok(Some(Reg {
        code,
        dwords: n as u8,
    }))
}

fn value(t: &str, s: usize, e: usize) -> PResult<Val> {
    if let Some(r) = reg(t, s, e)? {
        return Ok(Val::Reg(r));
    }
    if let Some(v) = number(t) {
        return Ok(Val::Int(v));
    }
    if t.contains('.')
        && let Ok(f) = t.parse::<f64>()
    {
        return Ok(Val::Float(f));
    }
    err(s, e, format!("invalid operand `{t}`"))
}

/// The inline float code of `f` (for any operand width; 1/(2π) by its printed forms).
fn inline_float(f: f64) -> Option<u16> {
    const VALS: [f64; 8] = [0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0];
    if let Some(i) = VALS.iter().position(|&v| v == f) {
        return Some(240 + i as u16);
    }
    if (f - 0.159_154_943_091_895_35).abs() < 1e-8 {
        return Some(248);
    }
    None
}

/// The source code (and literal) of an integer `v` for an operand of type `t`, as
/// llvm-mc chooses it.
fn int_code(v: i64, t: Ty) -> Option<(u16, Option<u32>)> {
    let int = |x: i64| operand::inline_int_code(x).map(|c| (u16::from(c), None));
    match t {
        Ty::I16 => int(v).or(Some((255, Some(v as u32 & 0xffff)))),
        Ty::F16 => int(v).or_else(|| {
            let h = v as u16;
            match INLINE_F16.iter().position(|&b| b == h) {
                Some(i) => Some((240 + i as u16, None)),
                None => Some((255, Some(u32::from(h)))),
            }
        }),
        Ty::I32 | Ty::F32 => int(i64::from(v as i32)).or_else(|| {
            operand::inline_code32(v as u32)
                .map(|c| (u16::from(c), None))
                .or(Some((255, Some(v as u32))))
        }),
        // An integer for a double is its high dword (unless it is an inline integer).
        Ty::F64 => int(v).or_else(|| match operand::inline_code64((v as u64) << 32) {
            Some(c) => Some((u16::from(c), None)),
            None => Some((255, Some(v as u32))),
        }),
        Ty::I64 | Ty::B96 | Ty::B128 => int(v).or(Some((255, Some(v as u32)))),
    }
}

/// Parses the operands and modifiers of `def` (the text after the mnemonic, which
/// starts at byte `base` of the line).
pub fn parse_operands(def: &'static VInstDef, text: &str, base: usize) -> PResult<VInst> {
    let mut inst = VInst::new(def);
    // `/* … */` comments (llvm-mc's invalid-operand notes) become spaces: offsets stay.
    let mut clean = String::with_capacity(text.len());
    let mut tail = text;
    while let Some(i) = tail.find("/*") {
        let close = tail[i..].find("*/").map_or(tail.len(), |j| i + j + 2);
        clean.push_str(&tail[..i]);
        clean.extend(std::iter::repeat_n(' ', close - i));
        tail = &tail[close..];
    }
    clean.push_str(tail);
    let text = clean.as_str();
    if let Some(form) = def.flat {
        return parse_flat(def, form, text, base);
    }
    if def.format == VFormat::Mtbuf {
        return parse_mtbuf(def, text, base);
    }
    if let Some(kind) = def.buf {
        return parse_mubuf(def, kind, text, base);
    }
    let mut rest = text.trim_end();
    // Trailing modifiers.
    let mut mods: Vec<(usize, &str)> = Vec::new();
    loop {
        let t = rest.trim_end();
        let Some(i) = t.rfind(' ') else { break };
        let word = &t[i + 1..];
        let is_mod = matches!(word, "clamp" | "mul:2" | "mul:4" | "div:2" | "gds")
            || word.starts_with("op_sel:[")
            || word.starts_with("offset:")
            || word.starts_with("offset0:")
            || word.starts_with("offset1:");
        if !is_mod {
            break;
        }
        mods.push((base + i + 1, word));
        rest = &t[..i];
    }
    let ops = if rest.trim().is_empty() {
        Vec::new()
    } else {
        split(rest, base)
    };
    if ops.len() != def.operands.len() {
        let (s, e) = ops.last().map_or((base, base), |&(s, t)| (s, s + t.len()));
        return err(
            s,
            e,
            format!(
                "`{}` takes {} operands, not {}",
                def.name,
                def.operands.len(),
                ops.len()
            ),
        );
    }
    let mut literal: Option<u32> = None;
    let mut set_literal = |v: u32, s: usize, e: usize| -> PResult<()> {
        match literal {
            Some(l) if l != v => err(s, e, "only one literal operand is allowed"),
            _ => {
                literal = Some(v);
                Ok(())
            }
        }
    };
    for (&(s, t), o) in ops.iter().zip(def.operands) {
        let e = s + t.len();
        match o.kind {
            VKind::Vcc => {
                if !t.eq_ignore_ascii_case("vcc") {
                    return err(s, e, "expected `vcc`");
                }
            }
            VKind::K(_) => {
                let v = number(t).ok_or_else(|| VParseError {
                    start: s,
                    end: e,
                    msg: "expected a constant".into(),
                })?;
                set_literal(v as u32, s, e)?;
            }
            VKind::Vgpr(ty) => match value(t, s, e)? {
                Val::Reg(r) if r.code >= 256 && r.dwords == ty.dwords() => match o.field {
                    VField::Vsrc1 | VField::Data0 => inst.src[1] = r.code,
                    VField::Addr => inst.src[0] = r.code,
                    VField::Data1 => inst.src[2] = r.code,
                    _ => inst.vdst = r.code - 256,
                },
                _ => return err(s, e, format!("expected a VGPR of {} dwords", ty.dwords())),
            },
            VKind::Sgpr(n) => match value(t, s, e)? {
                // llvm-mc takes `src_*` specials as an 8-bit scalar destination: the 64-bit
                // apertures only where the destination is 64-bit (a compare's mask).
                Val::Reg(r)
                    if o.field == VField::Vdst
                        && r.dwords == 0
                        && (matches!(r.code, 239 | 251..=253)
                            || (n == 2 && matches!(r.code, 235..=238))) =>
                {
                    inst.vdst = r.code
                }
                Val::Reg(r) if r.code < 128 && r.dwords == n => {
                    if o.field == VField::Sdst {
                        inst.sdst = r.code as u8;
                    } else {
                        inst.vdst = r.code;
                    }
                }
                _ => return err(s, e, format!("expected a scalar register of {n} dwords")),
            },
            VKind::Src(ty) | VKind::SrcIn(ty, _) => {
                let k = match o.field {
                    VField::Src1 => 1,
                    VField::Src2 => 2,
                    _ => 0,
                };
                let m = def.mods.src[k];
                let (mut body, mut bs) = (t, s);
                let mut neg = false;
                let mut abs = false;
                let mut sext = false;
                if let Some(b) = body.strip_prefix("neg(").and_then(|b| b.strip_suffix(')')) {
                    (neg, body, bs) = (true, b, bs + 4);
                } else if let Some(b) = body.strip_prefix("sext(").and_then(|b| b.strip_suffix(')'))
                {
                    (sext, body, bs) = (true, b, bs + 5);
                } else if body.starts_with("-|")
                    || body.starts_with("-abs(")
                    || (body.starts_with('-') && reg(&body[1..], bs, bs + body.len())?.is_some())
                {
                    (neg, body, bs) = (true, &body[1..], bs + 1);
                }
                if let Some(b) = body.strip_prefix('|').and_then(|b| b.strip_suffix('|')) {
                    (abs, body, bs) = (true, b, bs + 1);
                } else if let Some(b) = body.strip_prefix("abs(").and_then(|b| b.strip_suffix(')'))
                {
                    (abs, body, bs) = (true, b, bs + 4);
                }
                let be = bs + body.len();
                if (neg || abs) && m != SrcMod::Fp || sext && m != SrcMod::Sext {
                    return err(
                        s,
                        e,
                        "not a valid operand: this source has no such modifier",
                    );
                }
                let (c, lit) = match value(body, bs, be)? {
                    Val::Reg(r) => {
                        let want = ty.dwords();
                        if r.dwords != 0 && r.dwords != want {
                            return err(bs, be, format!("expected a {want}-dword operand"));
                        }
                        (r.code, None)
                    }
                    Val::Int(v) => int_code(v, ty).unwrap_or((255, Some(v as u32))),
                    Val::Float(f) => match inline_float(f) {
                        Some(c) => (c, None),
                        None => return err(bs, be, "only inline float constants are supported"),
                    },
                };
                if let VKind::SrcIn(_, class) = o.kind {
                    let ok = match class {
                        VClass::Vgpr32 | VClass::VReg128 => c >= 256,
                        VClass::VRegOrLds32 => c >= 256 || c == u16::from(code::LDS_DIRECT),
                        VClass::SReg32 => c < 256,
                        // A lane mask: an SGPR pair or a `src_*` special; llvm-mc's
                        // assembler takes EXEC too, though its printer flags it.
                        VClass::SReg1Xexec => c < 128 || matches!(c, 235..=239 | 251..=253),
                    };
                    if !ok {
                        return err(
                            bs,
                            be,
                            format!(
                                "invalid operand: `{}` needs a {} register",
                                def.name,
                                class.llvm_name()
                            ),
                        );
                    }
                }
                if let Some(l) = lit {
                    if def.format == VFormat::Vop3 {
                        return err(bs, be, "literal operands are not supported");
                    }
                    if k != 0 {
                        return err(bs, be, "a literal is only allowed in SRC0");
                    }
                    set_literal(l, bs, be)?;
                }
                inst.src[k] = c;
                let bit = 1u8 << k;
                if neg || sext {
                    inst.neg |= bit;
                }
                if abs {
                    inst.abs |= bit;
                }
            }
        }
    }
    inst.literal = literal;
    check_operand_rules(def, &inst, base, base + text.len())?;
    let nsrc = def.sources();
    for (s, w) in mods.into_iter().rev() {
        let e = s + w.len();
        match w {
            "clamp" if def.mods.clamp => inst.clamp = true,
            "mul:2" if def.mods.omod => inst.omod = 1,
            "mul:4" if def.mods.omod => inst.omod = 2,
            "div:2" if def.mods.omod => inst.omod = 3,
            _ if w.starts_with("op_sel:[") && def.mods.op_sel => {
                let inner = w.trim_start_matches("op_sel:[").trim_end_matches(']');
                let bits: Vec<&str> = inner.split(',').collect();
                let slots: &[u8] = if nsrc == 2 { &[0, 1, 3] } else { &[0, 1, 2, 3] };
                if bits.len() != slots.len() {
                    return err(s, e, format!("op_sel takes {} values here", slots.len()));
                }
                for (b, &slot) in bits.iter().zip(slots) {
                    match b.trim() {
                        "0" => {}
                        "1" => inst.op_sel |= 1 << slot,
                        _ => return err(s, e, "op_sel values are 0 or 1"),
                    }
                }
            }
            "gds" if def.ds.is_some_and(|d| d.gds != Gds::Never) => inst.gds = true,
            _ if def.ds.is_some() && w.starts_with("offset") => ds_offset(def, &mut inst, w, s, e)?,
            _ => return err(s, e, format!("invalid modifier `{w}` for `{}`", def.name)),
        }
    }
    if def.ds.is_some_and(|d| d.gds == Gds::Always) && !inst.gds {
        return err(
            base,
            base + text.len(),
            format!("`{}` needs `gds`", def.name),
        );
    }
    Ok(inst)
}

/// A DS `offset:N`, `offset:swizzle(…)`, `offset0:N` or `offset1:N`.
fn ds_offset(def: &VInstDef, inst: &mut VInst, w: &str, s: usize, e: usize) -> PResult<()> {
    let form = def.ds.map_or(DsOffset::NoOffset, |d| d.offset);
    let (key, v) = w.split_once(':').unwrap_or((w, ""));
    let bad = |msg: &str| VParseError {
        start: s,
        end: e,
        msg: msg.into(),
    };
    match (key, form) {
        ("offset", DsOffset::One | DsOffset::Swizzle) => {
            inst.offset = match v.strip_prefix("swizzle(") {
                Some(body) if form == DsOffset::Swizzle => {
                    swizzle(body.strip_suffix(')').unwrap_or(body))
                        .ok_or_else(|| bad("invalid swizzle pattern"))?
                }
                _ => number(v)
                    .and_then(|n| u16::try_from(n).ok())
                    .ok_or_else(|| bad("expected a 16-bit unsigned offset"))?,
            };
        }
        ("offset0" | "offset1", DsOffset::Two) => {
            let n = number(v)
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| bad("expected an 8-bit unsigned offset"))?;
            inst.offset = if key == "offset0" {
                (inst.offset & 0xff00) | u16::from(n)
            } else {
                (inst.offset & 0xff) | u16::from(n) << 8
            };
        }
        _ => return err(s, e, format!("invalid modifier `{w}` for `{}`", def.name)),
    }
    Ok(())
}

/// The 16-bit offset of a `swizzle(…)` macro body (the inverse of
/// [`super::inst::swizzle_text`]).
fn swizzle(body: &str) -> Option<u16> {
    let parts: Vec<&str> = body.split(',').map(str::trim).collect();
    let num = |i: usize| {
        parts
            .get(i)
            .and_then(|p| number(p))
            .and_then(|n| u16::try_from(n).ok())
    };
    match *parts.first()? {
        "QUAD_PERM" if parts.len() == 5 => {
            let mut v = 0x8000u16;
            for i in 0..4 {
                let l = num(i + 1).filter(|&l| l < 4)?;
                v |= l << (2 * i);
            }
            Some(v)
        }
        "SWAP" if parts.len() == 2 => {
            let x = num(1).filter(|x| x.is_power_of_two() && *x < 32)?;
            Some(0x1f | x << 10)
        }
        "REVERSE" if parts.len() == 2 => {
            let g = num(1).filter(|g| g.is_power_of_two() && (2..=32).contains(g))?;
            Some(0x1f | (g - 1) << 10)
        }
        "BROADCAST" if parts.len() == 3 => {
            let g = num(1).filter(|g| g.is_power_of_two() && (2..=32).contains(g))?;
            let lane = num(2).filter(|&l| l < g)?;
            Some((0x20 - g) | lane << 5)
        }
        "BITMASK_PERM" if parts.len() == 2 => {
            let pat = parts[1].strip_prefix('"')?.strip_suffix('"')?;
            if pat.len() != 5 {
                return None;
            }
            let (mut and, mut or, mut xor) = (0u16, 0u16, 0u16);
            for (i, c) in pat.bytes().enumerate() {
                let bit = 1 << (4 - i);
                match c {
                    b'0' => {}
                    b'1' => or |= bit,
                    b'p' => and |= bit,
                    b'i' => {
                        and |= bit;
                        xor |= bit;
                    }
                    _ => return None,
                }
            }
            Some(and | or << 5 | xor << 10)
        }
        _ => None,
    }
}

/// The operand rules llvm-mc checks beyond each operand's own class (its
/// `AMDGPUAsmParser::validate*`), for gfx9.
fn check_operand_rules(def: &VInstDef, inst: &VInst, s: usize, e: usize) -> PResult<()> {
    // One scalar value per instruction over the constant bus: SGPRs and `src_*`
    // specials (the same register counts once), the literal, an implicit VCC read.
    // llvm-mc compares registers, not codes: `s0` and `s[0:1]` are two, and so are
    // `vcc_lo` and the implicit VCC; an explicit `vcc` is the implicit one.
    let mut scalar: Vec<(u16, u8)> = Vec::new();
    if def.implicit_reads.contains(Implicit::VCC) {
        scalar.push((u16::from(code::VCC), 2));
    }
    for o in def.operands {
        let (c, t) = match (o.field, o.kind) {
            (VField::Src0 | VField::Src1 | VField::Src2, VKind::Src(t) | VKind::SrcIn(t, _)) => {
                let k = match o.field {
                    VField::Src1 => 1,
                    VField::Src2 => 2,
                    _ => 0,
                };
                (inst.src[k], t.dwords())
            }
            _ => continue,
        };
        if (c < 128 || matches!(c, 235..=239 | 251..=253)) && !scalar.contains(&(c, t)) {
            scalar.push((c, t));
        }
    }
    let literals = usize::from(inst.literal.is_some());
    if scalar.len() + literals > 1 {
        return err(s, e, "invalid operand (violates constant bus restrictions)");
    }
    // `src_lds_direct` only as SRC0, and not of the reversed-operand forms.
    for (k, &c) in inst.src.iter().enumerate() {
        if c == u16::from(code::LDS_DIRECT) && def.sources() > k {
            if k != 0 {
                return err(s, e, "lds_direct may be used as src0 only");
            }
            if def.op.is_rev() {
                return err(s, e, "lds_direct cannot be used with this instruction");
            }
        }
    }
    // A 16-bit K is a 16-bit value.
    if let (Some(l), Some(o)) = (inst.literal, def.operand(VField::K))
        && matches!(o.kind, VKind::K(Ty::F16 | Ty::I16))
        && l > 0xffff
    {
        return err(s, e, "invalid operand for instruction: a 16-bit K");
    }
    Ok(())
}

/// A FLAT, SCRATCH or GLOBAL instruction: `[vdst, ]addr|off[, data][, saddr|off]`, then
/// `offset:N`, `glc`, `slc` in any order. An atomic names VDST exactly when it has `glc`.
fn parse_flat(def: &'static VInstDef, form: FlatForm, text: &str, base: usize) -> PResult<VInst> {
    let mut inst = VInst::new(def);
    // Modifiers follow the last operand, separated by spaces.
    let (ops, mods) = operands_and_mods(text, base);
    for &(s, w) in &mods {
        let e = s + w.len();
        match w {
            "glc" => inst.glc = true,
            "slc" => inst.slc = true,
            _ if w.starts_with("offset:") => {
                let v = number(&w[7..]).ok_or_else(|| VParseError {
                    start: s,
                    end: e,
                    msg: "expected an offset".into(),
                })?;
                let range = if form.seg == Seg::Flat {
                    0..=4095
                } else {
                    -4096..=4095
                };
                if !range.contains(&v) {
                    return err(
                        s,
                        e,
                        "offset out of range (FLAT: 0..4095; GLOBAL, SCRATCH: -4096..4095)",
                    );
                }
                inst.offset = (v as u16) & 0x1fff;
            }
            _ => return err(s, e, format!("invalid modifier `{w}` for `{}`", def.name)),
        }
    }
    let has_vdst = match form.kind {
        FlatKind::Load | FlatKind::LoadLds => true,
        FlatKind::Store => false,
        FlatKind::Atomic => inst.glc,
    };
    let has_data = def.operand(VField::Data0).is_some();
    let want =
        usize::from(has_vdst) + 1 + usize::from(has_data) + usize::from(form.seg != Seg::Flat);
    if ops.len() != want {
        let (s, e) = ops.last().map_or((base, base), |&(s, t)| (s, s + t.len()));
        return err(
            s,
            e,
            format!(
                "`{}` takes {want} operands here, not {}",
                def.name,
                ops.len()
            ),
        );
    }
    let mut it = ops.iter();
    let vgpr = |(s, t): &(usize, &str), n: u8| -> PResult<u16> {
        match reg(t, *s, s + t.len())? {
            Some(r) if r.code >= 256 && r.dwords == n => Ok(r.code),
            _ => err(*s, s + t.len(), format!("expected a VGPR of {n} dwords")),
        }
    };
    if has_vdst {
        let n = match def.operand(VField::Vdst).map(|o| o.kind) {
            Some(VKind::Vgpr(t)) => t.dwords(),
            _ => 1,
        };
        inst.vdst = vgpr(it.next().unwrap_or(&(base, "")), n)? - 256;
    }
    let addr = *it.next().unwrap_or(&(base, ""));
    let data = if has_data { it.next().copied() } else { None };
    let saddr = it.next().copied();
    inst.saddr = match (form.seg, saddr) {
        (Seg::Flat, _) => 0,
        (_, Some((_, "off"))) => 0x7f,
        (seg, Some((s, t))) => {
            let n = if seg == Seg::Global { 2 } else { 1 };
            match reg(t, s, s + t.len())? {
                Some(r) if r.code < 128 && r.dwords == n => r.code as u8,
                _ => {
                    return err(
                        s,
                        s + t.len(),
                        format!("expected `off` or a scalar register of {n} dwords"),
                    );
                }
            }
        }
        (_, None) => 0x7f,
    };
    let addr_dwords = match form.seg {
        Seg::Flat => 2,
        Seg::Global if inst.saddr == 0x7f => 2,
        Seg::Global => 1,
        Seg::Scratch if inst.saddr == 0x7f => 1,
        Seg::Scratch => 0,
    };
    inst.src[0] = if addr_dwords == 0 {
        if addr.1 != "off" {
            return err(
                addr.0,
                addr.0 + addr.1.len(),
                "expected `off`: SADDR holds the address",
            );
        }
        256
    } else {
        vgpr(&addr, addr_dwords)?
    };
    if let (Some(d), Some(VKind::Vgpr(t))) = (data, def.operand(VField::Data0).map(|o| o.kind)) {
        inst.src[1] = vgpr(&d, t.dwords())?;
    }
    Ok(inst)
}

/// A piece of the line and its byte offset.
type Spanned<'a> = (usize, &'a str);

/// Splits the operand list from the space-separated modifiers after the last operand.
fn operands_and_mods(text: &str, base: usize) -> (Vec<Spanned<'_>>, Vec<Spanned<'_>>) {
    let mut ops = split(text, base);
    let mut mods: Vec<(usize, &str)> = Vec::new();
    if let Some(last) = ops.last_mut() {
        let mut words = last.1.split_whitespace();
        let first = words.next().unwrap_or("");
        let mut at = last.0 + first.len();
        for w in words {
            let i = text[at - base..].find(w).map_or(at, |i| at + i);
            mods.push((i, w));
            at = i + w.len();
        }
        last.1 = first;
    }
    if ops.len() == 1 && ops[0].1.is_empty() {
        ops.clear();
    }
    (ops, mods)
}

/// An MTBUF instruction: a MUBUF one with `format:[DFMT,NFMT]` (either name may be left
/// out, and llvm-mc takes them in either order) or `format:N` (the 7-bit DFMT | NFMT << 4) among its modifiers.
fn parse_mtbuf(def: &'static VInstDef, text: &str, base: usize) -> PResult<VInst> {
    let mut format = super::inst::MTBUF_DEFAULT_FORMAT;
    let mut rest = String::with_capacity(text.len());
    let mut tail = text;
    let mut seen = false;
    while let Some(i) = tail.find("format:") {
        let s = base + (text.len() - tail.len()) + i;
        let after = &tail[i + 7..];
        let preceded = tail[..i]
            .chars()
            .next_back()
            .is_some_and(|c| !c.is_whitespace());
        if preceded || seen {
            return err(s, s + 7, "unexpected `format:`");
        }
        seen = true;
        let len = if let Some(list) = after.strip_prefix('[') {
            let close = list.find(']').ok_or_else(|| VParseError {
                start: s,
                end: base + text.len(),
                msg: "expected `]`".into(),
            })?;
            let (mut dfmt, mut nfmt) = (None, None);
            for name in list[..close].split(',').map(str::trim) {
                if let Some(d) = super::inst::DFMT_NAMES.iter().position(|&n| n == name)
                    && dfmt.is_none()
                {
                    dfmt = Some(d as u8);
                } else if let Some(n) = super::inst::NFMT_NAMES.iter().position(|&n| n == name)
                    && nfmt.is_none()
                {
                    nfmt = Some(n as u8);
                } else {
                    let e = s + 8 + close + 1;
                    return err(s, e, format!("invalid buffer format `{name}`"));
                }
            }
            format = dfmt.unwrap_or(super::inst::MTBUF_DEFAULT_FORMAT) | nfmt.unwrap_or(0) << 4;
            7 + 1 + close + 1
        } else {
            let n = after
                .find(|c: char| c.is_whitespace() || c == ',')
                .unwrap_or(after.len());
            format = number(&after[..n])
                .filter(|v| (0..=127).contains(v))
                .ok_or_else(|| VParseError {
                    start: s,
                    end: s + 7 + n,
                    msg: "expected a 7-bit format".into(),
                })? as u8;
            7 + n
        };
        rest.push_str(&tail[..i]);
        rest.extend(std::iter::repeat_n(' ', len));
        tail = &tail[i + len..];
    }
    rest.push_str(tail);
    let kind = def.buf.unwrap_or(BufKind::Load);
    let mut inst = parse_mubuf(def, kind, &rest, base)?;
    inst.format = format;
    Ok(inst)
}

/// A MUBUF instruction: `[vdata, ]vaddr|off, srsrc, soffset`, then `idxen`, `offen`,
/// `offset:N`, `glc`, `slc`, `lds`, `tfe`.
fn parse_mubuf(def: &'static VInstDef, kind: BufKind, text: &str, base: usize) -> PResult<VInst> {
    let mut inst = VInst::new(def);
    let (ops, mods) = operands_and_mods(text, base);
    for &(s, w) in &mods {
        let e = s + w.len();
        match w {
            "idxen" => inst.idxen = true,
            "offen" => inst.offen = true,
            "glc" => inst.glc = true,
            "slc" => inst.slc = true,
            "lds" if kind == BufKind::LoadLds => inst.lds = true,
            // `buffer_store_lds_dword`: `lds` is required and comes before `glc`/`slc`.
            "lds" if kind == BufKind::StoreLds && !inst.glc && !inst.slc => inst.lds = true,
            // llvm-mc takes TFE on loads only.
            "tfe"
                if matches!(kind, BufKind::Load | BufKind::LoadLds)
                    && def.format == VFormat::Mubuf =>
            {
                inst.tfe = true
            }
            _ if w.starts_with("offset:") => {
                inst.offset = number(&w[7..])
                    .filter(|v| (0..=4095).contains(v))
                    .ok_or_else(|| VParseError {
                        start: s,
                        end: e,
                        msg: "expected a 12-bit unsigned offset".into(),
                    })? as u16;
            }
            _ => return err(s, e, format!("invalid modifier `{w}` for `{}`", def.name)),
        }
    }
    if kind == BufKind::CacheCtl {
        if let Some(&(s, t)) = ops.first().or(mods.first()) {
            return err(s, s + t.len(), format!("`{}` takes no operands", def.name));
        }
        return Ok(inst);
    }
    if kind == BufKind::StoreLds && !inst.lds {
        let e = base + text.trim_end().len();
        return err(base, e, format!("`{}` needs `lds`", def.name));
    }
    if kind == BufKind::StoreLds && (inst.idxen || inst.offen) {
        let e = base + text.trim_end().len();
        return err(base, e, format!("`{}` takes no VADDR", def.name));
    }
    let store_lds = kind == BufKind::StoreLds;
    let has_vdata = !inst.lds;
    let want = if store_lds {
        2
    } else {
        3 + usize::from(has_vdata)
    };
    if ops.len() != want {
        let (s, e) = ops.last().map_or((base, base), |&(s, t)| (s, s + t.len()));
        return err(
            s,
            e,
            format!(
                "`{}` takes {want} operands here, not {}",
                def.name,
                ops.len()
            ),
        );
    }
    let vgpr = |(s, t): (usize, &str), n: u8| -> PResult<u16> {
        match reg(t, s, s + t.len())? {
            Some(r) if r.code >= 256 && r.dwords == n => Ok(r.code),
            _ => err(s, s + t.len(), format!("expected a VGPR of {n} dwords")),
        }
    };
    let mut it = ops.iter().copied();
    if has_vdata {
        let n = match def.operand(VField::Vdata).map(|o| o.kind) {
            Some(VKind::Vgpr(t)) => t.dwords() + u8::from(inst.tfe),
            _ => 1,
        };
        inst.src[1] = vgpr(it.next().unwrap_or((base, "")), n)?;
    }
    let vaddr = if store_lds {
        (base, "off")
    } else {
        it.next().unwrap_or((base, ""))
    };
    let naddr = u8::from(inst.offen) + u8::from(inst.idxen);
    inst.src[0] = if naddr == 0 {
        if vaddr.1 != "off" {
            return err(
                vaddr.0,
                vaddr.0 + vaddr.1.len(),
                "expected `off` (no idxen or offen)",
            );
        }
        256
    } else {
        vgpr(vaddr, naddr)?
    };
    let (s, t) = it.next().unwrap_or((base, ""));
    inst.saddr = match reg(t, s, s + t.len())? {
        Some(r) if r.code < 128 && r.dwords == 4 => r.code as u8,
        _ => return err(s, s + t.len(), "expected four SGPRs (a V#)"),
    };
    let (s, t) = it.next().unwrap_or((base, ""));
    let e = s + t.len();
    inst.src[2] = match value(t, s, e)? {
        Val::Reg(r) if r.code < 256 && r.dwords <= 1 && r.code != u16::from(code::LDS_DIRECT) => {
            r.code
        }
        Val::Int(v) => match operand::inline_int_code(v) {
            Some(c) => c.into(),
            None => return err(s, e, "SOFFSET takes an SGPR or an inline constant"),
        },
        Val::Float(f) => inline_float(f).ok_or_else(|| VParseError {
            start: s,
            end: e,
            msg: "SOFFSET takes an SGPR or an inline constant".into(),
        })?,
        _ => return err(s, e, "SOFFSET takes an SGPR or an inline constant"),
    };
    Ok(inst)
}
