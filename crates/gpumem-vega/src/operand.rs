//! Operand vocabulary shared by the printer and the parser: scalar register
//! codes and their names, inline constants, and the symbolic 16-bit operands
//! (`hwreg`, `sendmsg`, `waitcnt`, `gpr_idx`).
//!
//! Everything here is the gfx9 view as printed and parsed by llvm-mc 19.

use std::fmt::Write;

/// 7-bit operand codes of the special scalar registers (Vega ISA §3.3, table "SSRC").
pub mod code {
    /// `flat_scratch_lo` (`flat_scratch` as a pair).
    pub const FLAT_SCRATCH: u8 = 102;
    /// `xnack_mask_lo` (`xnack_mask` as a pair).
    pub const XNACK_MASK: u8 = 104;
    /// `vcc_lo` (`vcc` as a pair).
    pub const VCC: u8 = 106;
    /// `ttmp0`.
    pub const TTMP0: u8 = 108;
    /// `m0`.
    pub const M0: u8 = 124;
    /// Reserved on gfx9; llvm-mc 19 prints it with the gfx10 name `null`.
    pub const NULL: u8 = 125;
    /// `exec_lo` (`exec` as a pair).
    pub const EXEC: u8 = 126;
    /// `exec_hi`.
    pub const EXEC_HI: u8 = 127;
    /// First inline integer constant (0).
    pub const INLINE_INT0: u8 = 128;
    /// The literal-follows code.
    pub const LITERAL: u8 = 255;
    /// `src_lds_direct` (a VALU-only source).
    pub const LDS_DIRECT: u8 = 254;
}

/// Number of SGPRs addressable on gfx900/gfx906 (`s0`–`s101`).
pub const SGPR_COUNT: u8 = 102;

/// The register that a 7-bit code names as a `dwords`-wide operand, as llvm-mc
/// prints it, with the code the decoder realigns it to (LLVM clears the low
/// bits of a misaligned tuple: `s5` as a pair prints `s[4:5]`).
/// `None` when LLVM cannot decode it ("invalid instruction encoding").
pub fn reg_name(c: u8, dwords: u8) -> Option<(String, u8)> {
    reg_parts(c, dwords).map(|(n, canon)| (n.to_string(), canon))
}

/// A register name, printed without allocating (see [`reg_parts`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum RegName {
    /// `s5`.
    Sgpr(u8),
    /// `s[4:5]`.
    SgprTuple(u8, u8),
    /// `ttmp3`.
    Ttmp(u8),
    /// `ttmp[4:7]`.
    TtmpTuple(u8, u8),
    /// `vcc`, `exec_lo`, `m0`, ….
    Named(&'static str),
}

impl std::fmt::Display for RegName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut b = SmallText::new();
        match *self {
            RegName::Sgpr(i) => b.str("s").dec(i.into()),
            RegName::SgprTuple(x, y) => b.str("s[").dec(x.into()).str(":").dec(y.into()).str("]"),
            RegName::Ttmp(i) => b.str("ttmp").dec(i.into()),
            RegName::TtmpTuple(x, y) => {
                b.str("ttmp[").dec(x.into()).str(":").dec(y.into()).str("]")
            }
            RegName::Named(n) => return f.write_str(n),
        };
        f.write_str(b.as_str())
    }
}

/// A short ASCII text built on the stack: the printer's numbers and register
/// names without `core::fmt`'s per-argument machinery.
pub(crate) struct SmallText {
    buf: [u8; 48],
    len: usize,
}

impl SmallText {
    pub(crate) fn new() -> SmallText {
        SmallText {
            buf: [0; 48],
            len: 0,
        }
    }

    /// Appends ASCII text (at most the buffer's room; callers append short pieces).
    pub(crate) fn str(&mut self, s: &str) -> &mut SmallText {
        let end = self.len + s.len();
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        self
    }

    /// Appends `v` in decimal.
    pub(crate) fn dec(&mut self, mut v: u64) -> &mut SmallText {
        let mut tmp = [0u8; 20];
        let mut i = tmp.len();
        loop {
            i -= 1;
            tmp[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        let end = self.len + tmp.len() - i;
        self.buf[self.len..end].copy_from_slice(&tmp[i..]);
        self.len = end;
        self
    }

    /// Appends `v` in lower-case hex, without prefix (`{:x}`).
    pub(crate) fn hex(&mut self, mut v: u64) -> &mut SmallText {
        let mut tmp = [0u8; 16];
        let mut i = tmp.len();
        loop {
            i -= 1;
            tmp[i] = b"0123456789abcdef"[(v & 0xf) as usize];
            v >>= 4;
            if v == 0 {
                break;
            }
        }
        let end = self.len + tmp.len() - i;
        self.buf[self.len..end].copy_from_slice(&tmp[i..]);
        self.len = end;
        self
    }

    pub(crate) fn as_str(&self) -> &str {
        // Only ASCII is ever appended.
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

/// [`reg_name`] without the allocation: the name's parts and the realigned code.
pub(crate) fn reg_parts(c: u8, dwords: u8) -> Option<(RegName, u8)> {
    let stride = match dwords {
        1 => 1,
        2 => 2,
        _ => 4,
    };
    match c {
        0..=101 => {
            if dwords == 1 {
                return Some((RegName::Sgpr(c), c));
            }
            let start = c & !(stride - 1);
            // LLVM's SGPR tuple classes end at s105.
            if start as u32 + dwords as u32 > 106 {
                return None;
            }
            Some((RegName::SgprTuple(start, start + dwords - 1), start))
        }
        102..=107 | 126 | 127 => {
            const LO: [&str; 4] = ["flat_scratch", "xnack_mask", "vcc", "exec"];
            const HALF: [[&str; 2]; 4] = [
                ["flat_scratch_lo", "flat_scratch_hi"],
                ["xnack_mask_lo", "xnack_mask_hi"],
                ["vcc_lo", "vcc_hi"],
                ["exec_lo", "exec_hi"],
            ];
            let i = if c >= 126 {
                3
            } else {
                ((c - 102) / 2) as usize
            };
            if dwords == 1 {
                return Some((RegName::Named(HALF[i][usize::from(c % 2)]), c));
            }
            if c % 2 == 1 {
                return None;
            }
            Some((RegName::Named(LO[i]), c))
        }
        108..=123 => {
            let i = c - code::TTMP0;
            if dwords == 1 {
                return Some((RegName::Ttmp(i), c));
            }
            let start = i & !(stride - 1);
            if start as u32 + dwords as u32 > 16 {
                return None;
            }
            Some((
                RegName::TtmpTuple(start, start + dwords - 1),
                start + code::TTMP0,
            ))
        }
        code::M0 if dwords == 1 => Some((RegName::Named("m0"), c)),
        code::NULL => Some((RegName::Named("null"), c)),
        _ => None,
    }
}

/// Names of the `src_*` special sources (8-bit codes 235–239, 251–254).
pub fn special_src_name(c: u8) -> Option<&'static str> {
    Some(match c {
        235 => "src_shared_base",
        236 => "src_shared_limit",
        237 => "src_private_base",
        238 => "src_private_limit",
        239 => "src_pops_exiting_wave_id",
        251 => "src_vccz",
        252 => "src_execz",
        253 => "src_scc",
        254 => "src_lds_direct",
        _ => return None,
    })
}

/// The 8-bit code of a special source name (with llvm-mc's aliases).
pub fn special_src_code(name: &str) -> Option<u8> {
    Some(match name {
        "src_shared_base" | "shared_base" => 235,
        "src_shared_limit" | "shared_limit" => 236,
        "src_private_base" | "private_base" => 237,
        "src_private_limit" | "private_limit" => 238,
        "src_pops_exiting_wave_id" | "pops_exiting_wave_id" => 239,
        "src_vccz" | "vccz" => 251,
        "src_execz" | "execz" => 252,
        "src_scc" | "scc" => 253,
        "src_lds_direct" | "lds_direct" => 254,
        _ => return None,
    })
}

/// f32 bit patterns of the inline float constants, codes 240..=248.
pub const INLINE_F32: [u32; 9] = [
    0x3f00_0000,
    0xbf00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc000_0000,
    0x4080_0000,
    0xc080_0000,
    0x3e22_f983, // 1/(2*pi), gfx8+
];

/// f64 bit patterns of the inline float constants, codes 240..=248.
pub const INLINE_F64: [u64; 9] = [
    0x3fe0_0000_0000_0000,
    0xbfe0_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4000_0000_0000_0000,
    0xc000_0000_0000_0000,
    0x4010_0000_0000_0000,
    0xc010_0000_0000_0000,
    0x3fc4_5f30_6dc9_c882,
];

const INLINE_FLOAT_TEXT: [&str; 8] = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"];

/// Text of an inline constant code (128..=208, 240..=248) for an operand of `dwords`.
pub fn inline_text(c: u8, dwords: u8) -> Option<String> {
    match c {
        128..=192 => Some((c - 128).to_string()),
        193..=208 => Some(format!("-{}", c - 192)),
        240..=247 => Some(INLINE_FLOAT_TEXT[(c - 240) as usize].to_string()),
        248 if dwords == 1 => Some("0.15915494".to_string()),
        248 => Some("0.15915494309189532".to_string()),
        _ => None,
    }
}

/// The inline code of an integer, if it is in -16..=64.
pub fn inline_int_code(v: i64) -> Option<u8> {
    match v {
        0..=64 => Some(128 + v as u8),
        -16..=-1 => Some((192 - v) as u8),
        _ => None,
    }
}

/// The inline code that a 32-bit value has (integer or f32 pattern).
pub fn inline_code32(u: u32) -> Option<u8> {
    if let Some(c) = inline_int_code(u as i32 as i64) {
        return Some(c);
    }
    INLINE_F32
        .iter()
        .position(|&b| b == u)
        .map(|i| 240 + i as u8)
}

/// The inline code that a 64-bit value has (integer or f64 pattern).
pub fn inline_code64(u: u64) -> Option<u8> {
    if let Some(c) = inline_int_code(u as i64) {
        return Some(c);
    }
    INLINE_F64
        .iter()
        .position(|&b| b == u)
        .map(|i| 240 + i as u8)
}

/// llvm's `formatHex` for a signed value: `0x10`, `-0x4`.
pub fn hex_signed(v: i64) -> String {
    if v < 0 {
        format!("-0x{:x}", v.unsigned_abs())
    } else {
        format!("0x{v:x}")
    }
}

/// A 32-bit literal as llvm-mc prints it: inline-looking values as the inline
/// constant (`1.0`, `-16`), the rest in hex.
pub fn literal32_text(u: u32) -> String {
    match inline_code32(u) {
        Some(c) => inline_text(c, 1).unwrap_or_default(),
        None => format!("0x{u:x}"),
    }
}

/// A 32-bit literal of a 64-bit operand (zero-extended by the hardware).
pub fn literal64_text(u: u32) -> String {
    if u <= 64 {
        u.to_string()
    } else {
        format!("0x{u:x}")
    }
}

// ---- hwreg ------------------------------------------------------------------

/// gfx9 hardware register names (`HW_REG_*`), by id.
pub fn hwreg_name(id: u16) -> Option<&'static str> {
    Some(match id {
        1 => "HW_REG_MODE",
        2 => "HW_REG_STATUS",
        3 => "HW_REG_TRAPSTS",
        4 => "HW_REG_HW_ID",
        5 => "HW_REG_GPR_ALLOC",
        6 => "HW_REG_LDS_ALLOC",
        7 => "HW_REG_IB_STS",
        15 => "HW_REG_SH_MEM_BASES",
        16 => "HW_REG_TBA_LO",
        17 => "HW_REG_TBA_HI",
        18 => "HW_REG_TMA_LO",
        19 => "HW_REG_TMA_HI",
        _ => return None,
    })
}

/// The id of a gfx9 `HW_REG_*` name.
pub fn hwreg_id(name: &str) -> Option<u16> {
    (0..64).find(|&i| hwreg_name(i) == Some(name))
}

/// `hwreg(...)` text of a SOPK SIMM16: id [5:0], offset [10:6], size-1 [15:11].
pub fn hwreg_text(v: u16) -> String {
    let id = v & 0x3f;
    let offset = (v >> 6) & 0x1f;
    let size = (v >> 11) + 1;
    let name = match hwreg_name(id) {
        Some(n) => n.to_string(),
        None => id.to_string(),
    };
    if offset == 0 && size == 32 {
        format!("hwreg({name})")
    } else {
        format!("hwreg({name}, {offset}, {size})")
    }
}

/// Encodes `hwreg(id, offset, size)`.
pub fn hwreg_encode(id: u16, offset: u16, size: u16) -> u16 {
    (id & 0x3f) | ((offset & 0x1f) << 6) | (((size - 1) & 0x1f) << 11)
}

// ---- sendmsg ----------------------------------------------------------------

/// gfx9 message names by id (`MSG_*`).
pub fn msg_name(id: u16) -> Option<&'static str> {
    Some(match id {
        1 => "MSG_INTERRUPT",
        2 => "MSG_GS",
        3 => "MSG_GS_DONE",
        4 => "MSG_SAVEWAVE",
        5 => "MSG_STALL_WAVE_GEN",
        6 => "MSG_HALT_WAVES",
        7 => "MSG_ORDERED_PS_DONE",
        8 => "MSG_EARLY_PRIM_DEALLOC",
        9 => "MSG_GS_ALLOC_REQ",
        10 => "MSG_GET_DOORBELL",
        15 => "MSG_SYSMSG",
        _ => return None,
    })
}

/// Operation names of a message that takes an operation.
pub fn msg_op_name(msg: u16, op: u16) -> Option<&'static str> {
    match msg {
        2 | 3 => ["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"]
            .get(op as usize)
            .copied(),
        15 => match op {
            1 => Some("SYSMSG_OP_ECC_ERR_INTERRUPT"),
            2 => Some("SYSMSG_OP_REG_RD"),
            4 => Some("SYSMSG_OP_TTRACE_PC"),
            _ => None,
        },
        _ => None,
    }
}

/// Whether the message needs an operation (`MSG_GS`, `MSG_GS_DONE`, `MSG_SYSMSG`).
pub fn msg_requires_op(msg: u16) -> bool {
    matches!(msg, 2 | 3 | 15)
}

/// Whether the operation is valid for a known message (strict, symbolic form).
pub fn msg_op_valid(msg: u16, op: u16) -> bool {
    if !msg_requires_op(msg) {
        return op == 0;
    }
    match msg {
        2 => (1..=3).contains(&op), // GS_OP_NOP is for MSG_GS_DONE only
        _ => msg_op_name(msg, op).is_some(),
    }
}

/// Whether a message/operation uses the stream field.
pub fn msg_supports_stream(msg: u16, op: u16) -> bool {
    matches!(msg, 2 | 3) && op != 0
}

/// `sendmsg(...)` text of a SOPP SIMM16, or the decimal value (llvm-mc 19 printer).
pub fn sendmsg_text(v: u16) -> String {
    let (id, op, stream) = (v & 0xf, (v >> 4) & 7, (v >> 8) & 3);
    if let Some(name) = msg_name(id)
        && msg_op_valid(id, op)
        && (msg_supports_stream(id, op) || stream == 0)
    {
        let mut s = format!("sendmsg({name}");
        if msg_requires_op(id) {
            let _ = write!(s, ", {}", msg_op_name(id, op).unwrap_or(""));
            if msg_supports_stream(id, op) {
                let _ = write!(s, ", {stream}");
            }
        }
        s.push(')');
        return s;
    }
    if id | (op << 4) | (stream << 8) == v {
        format!("sendmsg({id}, {op}, {stream})")
    } else {
        v.to_string()
    }
}

// ---- waitcnt ----------------------------------------------------------------

/// gfx9 `s_waitcnt` fields: vmcnt [3:0]+[15:14], expcnt [6:4], lgkmcnt [11:8].
pub fn waitcnt_decode(v: u16) -> (u16, u16, u16) {
    (
        (v & 0xf) | ((v >> 14) & 3) << 4,
        (v >> 4) & 7,
        (v >> 8) & 0xf,
    )
}

/// Maxima of (vmcnt, expcnt, lgkmcnt) on gfx9.
pub const WAITCNT_MAX: (u16, u16, u16) = (63, 7, 15);

/// Encodes the three counters into a SIMM16 (unused bits zero).
pub fn waitcnt_encode(vm: u16, exp: u16, lgkm: u16) -> u16 {
    (vm & 0xf) | ((vm >> 4) & 3) << 14 | (exp & 7) << 4 | (lgkm & 0xf) << 8
}

/// `vmcnt(..) expcnt(..) lgkmcnt(..)` text: counters at their maximum are
/// omitted unless all are.
pub fn waitcnt_text(v: u16) -> String {
    let (vm, exp, lgkm) = waitcnt_decode(v);
    let all = (vm, exp, lgkm) == WAITCNT_MAX;
    let mut parts = Vec::with_capacity(3);
    if vm != WAITCNT_MAX.0 || all {
        parts.push(format!("vmcnt({vm})"));
    }
    if exp != WAITCNT_MAX.1 || all {
        parts.push(format!("expcnt({exp})"));
    }
    if lgkm != WAITCNT_MAX.2 || all {
        parts.push(format!("lgkmcnt({lgkm})"));
    }
    parts.join(" ")
}

// ---- gpr_idx ----------------------------------------------------------------

/// VGPR index mode bit names, bit 0 upward.
pub const GPR_IDX_NAMES: [&str; 4] = ["SRC0", "SRC1", "SRC2", "DST"];

/// `gpr_idx(SRC0,...)` text, or hex when bits above 3 are set.
pub fn gpr_idx_text(v: u16) -> String {
    if v & !0xf != 0 {
        return format!("0x{v:x}");
    }
    let names: Vec<&str> = (0..4)
        .filter(|b| v & (1 << b) != 0)
        .map(|b| GPR_IDX_NAMES[b])
        .collect();
    format!("gpr_idx({})", names.join(","))
}

/// SOPP plain immediates: decimal up to 64, hex above.
pub fn u16_text(v: u16) -> String {
    if v <= 64 {
        v.to_string()
    } else {
        format!("0x{v:x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_names() {
        assert_eq!(reg_name(5, 2), Some(("s[4:5]".into(), 4)));
        assert_eq!(reg_name(101, 4), Some(("s[100:103]".into(), 100)));
        assert_eq!(reg_name(100, 8), None);
        assert_eq!(reg_name(88, 16), Some(("s[88:103]".into(), 88)));
        assert_eq!(reg_name(103, 2), None);
        assert_eq!(reg_name(124, 2), None);
        assert_eq!(reg_name(126, 2), Some(("exec".into(), 126)));
        assert_eq!(reg_name(111, 2), Some(("ttmp[2:3]".into(), 110)));
        assert_eq!(reg_name(116, 8), Some(("ttmp[8:15]".into(), 116)));
        assert_eq!(reg_name(120, 8), None);
        assert_eq!(reg_name(107, 1), Some(("vcc_hi".into(), 107)));
    }

    #[test]
    fn symbolic_operands() {
        assert_eq!(hwreg_text(0x1234), "hwreg(52, 8, 3)");
        assert_eq!(hwreg_text(0xf801), "hwreg(HW_REG_MODE)");
        assert_eq!(sendmsg_text(0x22), "sendmsg(MSG_GS, GS_OP_EMIT, 0)");
        assert_eq!(sendmsg_text(3), "sendmsg(MSG_GS_DONE, GS_OP_NOP)");
        assert_eq!(sendmsg_text(129), "sendmsg(MSG_INTERRUPT)");
        assert_eq!(sendmsg_text(0x1234), "4660");
        assert_eq!(sendmsg_text(0x100), "sendmsg(0, 0, 1)");
        assert_eq!(waitcnt_text(0xC07F), "lgkmcnt(0)");
        assert_eq!(waitcnt_text(0x4F70), "vmcnt(16)");
        assert_eq!(waitcnt_text(0xffff), "vmcnt(63) expcnt(7) lgkmcnt(15)");
        assert_eq!(gpr_idx_text(6), "gpr_idx(SRC1,SRC2)");
        assert_eq!(gpr_idx_text(0x1234), "0x1234");
    }
}
