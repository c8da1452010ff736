//! Immediates as ptxas means them (tests/ptx/immediates.ptx; the cubins and their SASS in
//! tests/cubins/immediates.sm_5x.*): PTX operations with negative, large and edge
//! constants that ptxas 11.8 compiles, for sm_50 and sm_52, to the SASS rows that take an
//! immediate (IADD3's 20-bit immediate that nvdisasm prints unsigned, `0xffff0` for -16;
//! IADD32I, ISCADD, ISCADD32I, ISETP, ISET, ICMP, SEL, IMNMX, LOP, LOP32I, LOP3, the
//! shifts, BFE, BFI, PRMT, XMAD, four video rows, the f32 20-bit and 32I forms, the f64
//! 20-bit forms). Every result must be the PTX operation's meaning: this test reads the
//! operations from the PTX file itself and evaluates them by the PTX ISA's definitions
//! (a small interpreter below, independent of the executor), so the file is the one list.
//! Whatever the hardware does with an immediate field, ptxas relies on it: a result that
//! differs from the PTX meaning is gpumem extending an immediate the hardware does not.

use crate::common;
use common::triples;
use gpumem_maxwell::Operand;
use gpumem_maxwell::Target;
use gpumem_maxwell::table::OpKind;
use std::collections::{BTreeSet, HashMap};

/// Where the interpreted part of the kernel starts.
const MARKER: &str = "// The operations";

fn ptx_text() -> String {
    let path = format!(
        "{}/../../tests/ptx/immediates.ptx",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// An operand of a PTX statement.
#[derive(Clone, Debug)]
enum Arg {
    /// A register, by its index in the interpreter's register file.
    Reg(usize),
    /// An immediate: its value as a 128-bit two's-complement integer or a float's bits
    /// (`0f`: f32, `0d`: f64), truncated to the operation's type where it is used.
    Imm(i128),
    /// `{%lo, %hi}` (mov.b64).
    Pair(usize, usize),
    /// `[%rd3+off]` (the stores): the byte offset.
    Addr(usize),
}

/// One PTX statement: the opcode with its modifiers, destination first.
#[derive(Debug)]
struct Stmt {
    op: String,
    args: Vec<Arg>,
    line: String,
}

/// The statements after [`MARKER`], with the register file's layout; `%r2`-`%r4` are
/// a, b, c (the loaded words).
struct Kernel {
    stmts: Vec<Stmt>,
    regs: HashMap<String, usize>,
    /// Output bytes per thread (the highest store's end, rounded to 8).
    bytes: usize,
    /// The statement that computed each 8-byte slot's value (for failure messages).
    slots: HashMap<usize, String>,
}

fn imm(tok: &str) -> Option<i128> {
    let (neg, t) = match tok.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, tok),
    };
    let v = if let Some(h) = t.strip_prefix("0f").or_else(|| t.strip_prefix("0d")) {
        i128::from_str_radix(h, 16).ok()?
    } else if let Some(h) = t.strip_prefix("0x") {
        i128::from_str_radix(h, 16).ok()?
    } else {
        t.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

impl Kernel {
    fn parse(text: &str) -> Kernel {
        let start = text.find(MARKER).expect("the marker line");
        let mut regs = HashMap::new();
        let mut reg = |name: &str| {
            let n = regs.len();
            *regs.entry(name.to_string()).or_insert(n)
        };
        for r in ["%r2", "%r3", "%r4"] {
            reg(r);
        }
        let mut stmts: Vec<Stmt> = vec![];
        let mut bytes = 0;
        let mut slots = HashMap::new();
        for line in text[start..].lines().map(str::trim) {
            if line.starts_with("//") || line.is_empty() || line == "ret;" || line == "}" {
                continue;
            }
            let s = line.strip_suffix(';').unwrap_or_else(|| panic!("`{line}`"));
            let (op, rest) = s.split_once(' ').unwrap_or_else(|| panic!("`{line}`"));
            let mut args = vec![];
            for a in split_args(rest) {
                let arg = if let Some(p) = a.strip_prefix('{') {
                    let (lo, hi) = p.trim_end_matches('}').split_once(',').unwrap();
                    Arg::Pair(reg(lo.trim()), reg(hi.trim()))
                } else if let Some(p) = a.strip_prefix("[%rd3+") {
                    let off: usize = p.trim_end_matches(']').parse().unwrap();
                    bytes = bytes.max(off + 8);
                    Arg::Addr(off)
                } else if a.starts_with('%') {
                    Arg::Reg(reg(a))
                } else {
                    Arg::Imm(imm(a).unwrap_or_else(|| panic!("`{a}` in `{line}`")))
                };
                args.push(arg);
            }
            if let [Arg::Addr(off), Arg::Reg(x)] = args[..] {
                let by = stmts
                    .iter()
                    .rev()
                    .find(|s| matches!(s.args[0], Arg::Reg(y) if y == x));
                slots.insert(off / 8, by.map_or(String::new(), |s| s.line.clone()));
            }
            stmts.push(Stmt {
                op: op.to_string(),
                args,
                line: line.to_string(),
            });
        }
        Kernel {
            stmts,
            regs,
            bytes,
            slots,
        }
    }

    /// The words one thread writes for operands a, b, c, and which of them hold floats
    /// (`Some(64)` for the low word of an f64, `Some(32)` for an f32; NaNs compare as
    /// NaNs, whatever their payload).
    fn eval(&self, abc: [u32; 3]) -> Vec<(u32, Option<u8>)> {
        let mut r = vec![0u64; self.regs.len()];
        for (k, v) in abc.iter().enumerate() {
            r[k] = *v as u64;
        }
        let mut out = vec![(0u32, None); self.bytes / 4];
        let mut carry = 0u64;
        for s in &self.stmts {
            let val = |i: usize| -> u64 {
                match s.args[i] {
                    Arg::Reg(x) => r[x],
                    Arg::Imm(v) => v as u64,
                    _ => panic!("`{}`: operand {i}", s.line),
                }
            };
            let dst = |r: &mut Vec<u64>, v: u64| match s.args[0] {
                Arg::Reg(x) => r[x] = v,
                _ => panic!("`{}`: destination", s.line),
            };
            if let Some(ty) = s.op.strip_prefix("st.global.") {
                let Arg::Addr(off) = s.args[0] else {
                    panic!("`{}`", s.line)
                };
                let v = val(1);
                let (w, fl) = match ty {
                    "u32" => (1, None),
                    "f32" => (1, Some(32)),
                    "u64" => (2, None),
                    "f64" => (2, Some(64)),
                    _ => panic!("`{}`", s.line),
                };
                out[off / 4] = (v as u32, fl);
                if w == 2 {
                    out[off / 4 + 1] = ((v >> 32) as u32, fl.map(|_| 0));
                }
                continue;
            }
            if s.op == "mov.b64" {
                let Arg::Pair(lo, hi) = s.args[1] else {
                    panic!("`{}`", s.line)
                };
                let v = r[hi] << 32 | (r[lo] & 0xffff_ffff);
                dst(&mut r, v);
                continue;
            }
            let n = s.args.len();
            let x: Vec<u64> = (1..n).map(val).collect();
            let (a, b) = (x[0] as u32, x.get(1).copied().unwrap_or(0) as u32);
            let c = x.get(2).copied().unwrap_or(0) as u32;
            let f = |v: u64| f32::from_bits(v as u32);
            let d = |v: u64| f64::from_bits(v);
            let cmp_f = |cmp: &str, x: f64, y: f64| match cmp {
                "lt" => x < y,
                "gt" => x > y,
                "ge" => x >= y,
                "le" => x <= y,
                "eq" => x == y,
                // `ne` is ordered: false when either is NaN.
                "ne" => !x.is_nan() && !y.is_nan() && x != y,
                _ => panic!("`{cmp}`"),
            };
            let cmp_i = |cmp: &str, x: i64, y: i64| match cmp {
                "lt" => x < y,
                "gt" => x > y,
                "ge" => x >= y,
                "le" => x <= y,
                "eq" => x == y,
                "ne" => x != y,
                _ => panic!("`{cmp}`"),
            };
            let parts: Vec<&str> = s.op.split('.').collect();
            let v: u64 = match s.op.as_str() {
                "mov.b32" => a as u64,
                "cvt.u16.u32" => (a & 0xffff) as u64,
                "add.s32" | "add.u32" => a.wrapping_add(b) as u64,
                "sub.s32" => a.wrapping_sub(b) as u64,
                "add.sat.s32" => (a as i32).saturating_add(b as i32) as u32 as u64,
                "add.s64" => x[0].wrapping_add(x[1]),
                "add.cc.u32" => {
                    let s = a as u64 + b as u64;
                    carry = s >> 32;
                    s & 0xffff_ffff
                }
                "addc.u32" => (a as u64 + b as u64 + carry) & 0xffff_ffff,
                "mad.lo.s32" | "mad.lo.u32" => a.wrapping_mul(b).wrapping_add(c) as u64,
                "mul.lo.s32" | "mul.lo.u32" => a.wrapping_mul(b) as u64,
                "mul.hi.u32" => (a as u64 * b as u64) >> 32,
                "mul.wide.s32" => (a as i32 as i64).wrapping_mul(b as i32 as i64) as u64,
                "mul.wide.u16" => (a as u16 as u64) * (b as u16 as u64),
                // Shift amounts past the width clamp (PTX: "shift amounts greater than
                // the register width N are clamped to N").
                "shl.b32" => a.checked_shl(b).unwrap_or(0) as u64,
                "shr.u32" => a.checked_shr(b).unwrap_or(0) as u64,
                "shr.s32" => ((a as i32) >> b.min(31)) as u32 as u64,
                "shl.b64" => x[0].checked_shl(b).unwrap_or(0),
                "shr.u64" => x[0].checked_shr(b).unwrap_or(0),
                "shr.s64" => ((x[0] as i64) >> b.min(63)) as u64,
                // shf: the 64-bit {b, a} shifted; .wrap takes the amount mod 32, .clamp
                // clamps it to 32.
                "shf.l.wrap.b32" => (((b as u64) << 32 | a as u64) << (c & 31) >> 32) & 0xffff_ffff,
                "shf.r.clamp.b32" => (((b as u64) << 32 | a as u64) >> c.min(32)) & 0xffff_ffff,
                "and.b32" => (a & b) as u64,
                "or.b32" => (a | b) as u64,
                "xor.b32" => (a ^ b) as u64,
                "not.b32" => !a as u64,
                "lop3.b32" => lop3(a, b, c, x[3] as u32) as u64,
                "bfe.u32" | "bfe.s32" => bfe(a, b & 0xff, c & 0xff, s.op == "bfe.s32") as u64,
                "bfi.b32" => bfi(a, b, c & 0xff, x[3] as u32 & 0xff) as u64,
                "prmt.b32" | "prmt.b32.f4e" | "prmt.b32.b4e" | "prmt.b32.ecl" => {
                    prmt(&s.op, a, b, c) as u64
                }
                "min.s32" => (a as i32).min(b as i32) as u32 as u64,
                "max.s32" => (a as i32).max(b as i32) as u32 as u64,
                "min.u32" => a.min(b) as u64,
                "max.u32" => a.max(b) as u64,
                "sad.u32" => a.abs_diff(b).wrapping_add(c) as u64,
                // The video ops with unsigned types and no secondary operation: the
                // product/max/shift of the 32-bit operands (vshl .clamp: amounts past 32
                // clamp to 32).
                "vmad.u32.u32.u32" => a.wrapping_mul(b).wrapping_add(c) as u64,
                "vmax.u32.u32.u32" => a.max(b) as u64,
                "vshl.u32.u32.u32.clamp" => a.checked_shl(b.min(32)).unwrap_or(0) as u64,
                "selp.u32" | "selp.b32" => {
                    if x[2] & 1 != 0 {
                        a as u64
                    } else {
                        b as u64
                    }
                }
                // slct: `c >= 0 ? a : b` (a NaN c is unordered: b).
                "slct.s32.s32" | "slct.u32.s32" => {
                    if c as i32 >= 0 {
                        a as u64
                    } else {
                        b as u64
                    }
                }
                "slct.b32.f32" => {
                    if f32::from_bits(c) >= 0.0 {
                        a as u64
                    } else {
                        b as u64
                    }
                }
                "add.f32" => (f(x[0]) + f(x[1])).to_bits() as u64,
                "sub.f32" => (f(x[0]) - f(x[1])).to_bits() as u64,
                "mul.f32" => (f(x[0]) * f(x[1])).to_bits() as u64,
                "fma.rn.f32" => f(x[0]).mul_add(f(x[1]), f(x[2])).to_bits() as u64,
                // min/max: a NaN operand gives the other one.
                "min.f32" => f(x[0]).min(f(x[1])).to_bits() as u64,
                "max.f32" => f(x[0]).max(f(x[1])).to_bits() as u64,
                "add.f64" => (d(x[0]) + d(x[1])).to_bits(),
                "mul.f64" => (d(x[0]) * d(x[1])).to_bits(),
                "fma.rn.f64" => d(x[0]).mul_add(d(x[1]), d(x[2])).to_bits(),
                "min.f64" => d(x[0]).min(d(x[1])).to_bits(),
                "max.f64" => d(x[0]).max(d(x[1])).to_bits(),
                _ if parts[0] == "setp" || parts[0] == "set" => {
                    // setp.<cmp>.<type>[.and], set.<cmp>.u32.<type>.
                    let (cmp, setp) = (parts[1], parts[0] == "setp");
                    let ty = parts[if setp { 2 } else { 3 }];
                    let t = match ty {
                        "s32" => cmp_i(cmp, a as i32 as i64, b as i32 as i64),
                        "u32" | "b32" => cmp_i(cmp, a as i64, b as i64),
                        "f32" => cmp_f(cmp, f(x[0]) as f64, f(x[1]) as f64),
                        "f64" => cmp_f(cmp, d(x[0]), d(x[1])),
                        _ => panic!("`{}`", s.line),
                    };
                    let t = if setp && parts.get(3) == Some(&"and") {
                        t && x[2] & 1 != 0
                    } else {
                        t
                    };
                    // set.<cmp>.u32: all ones or zero.
                    match (setp, t) {
                        (true, _) => t as u64,
                        (false, true) => 0xffff_ffff,
                        (false, false) => 0,
                    }
                }
                _ => panic!("the interpreter has no `{}` (`{}`)", s.op, s.line),
            };
            dst(&mut r, v);
        }
        out
    }
}

/// The operands of a statement (commas inside `{..}` do not split).
fn split_args(s: &str) -> Vec<&str> {
    let mut out = vec![];
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in s.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out
}

/// lop3.b32: bit i of the result is bit `4a + 2b + c` of the table (PTX: the table is
/// `F(0xf0, 0xcc, 0xaa)`).
fn lop3(a: u32, b: u32, c: u32, lut: u32) -> u32 {
    (0..32)
        .map(|i| (lut >> ((a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1)) & 1) << i)
        .sum()
}

/// bfe: `len` bits of `a` from `pos`, zero- or sign-extended (PTX: the sign bit is bit
/// `min(pos + len - 1, 31)` of `a`, 0 for len 0; bit positions past 31 read it).
fn bfe(a: u32, pos: u32, len: u32, signed: bool) -> u32 {
    let sbit = if signed && len > 0 {
        a >> (pos + len - 1).min(31) & 1
    } else {
        0
    };
    (0..32)
        .map(|i| {
            let bit = if i < len && pos + i <= 31 {
                a >> (pos + i) & 1
            } else {
                sbit
            };
            bit << i
        })
        .sum()
}

/// bfi: `b` with `len` bits from `pos` replaced by the low bits of `a`.
fn bfi(a: u32, b: u32, pos: u32, len: u32) -> u32 {
    let mut d = b;
    for i in 0..len {
        if pos + i > 31 {
            break;
        }
        d = d & !(1 << (pos + i)) | (a >> i & 1) << (pos + i);
    }
    d
}

/// prmt: bytes of `{b, a}` (a's bytes 0-3, b's 4-7) picked by the selector `c`; in the
/// default mode each of c's four low nibbles picks one byte (bit 3: replicate its sign),
/// in the other modes c's two low bits pick a pattern (PTX's tables).
fn prmt(op: &str, a: u32, b: u32, c: u32) -> u32 {
    let src = (b as u64) << 32 | a as u64;
    let byte = |i: u32| (src >> (8 * (i & 7))) as u32 & 0xff;
    let pick = |sel: [u32; 4]| (0..4).map(|k| byte(sel[k]) << (8 * k)).sum();
    let s = c & 3;
    match op {
        "prmt.b32" => (0..4)
            .map(|k| {
                let n = c >> (4 * k) & 0xf;
                let v = byte(n & 7);
                let v = if n & 8 != 0 {
                    if v & 0x80 != 0 { 0xff } else { 0 }
                } else {
                    v
                };
                v << (8 * k)
            })
            .sum(),
        // Forward 4 extract: bytes s, s+1, s+2, s+3.
        "prmt.b32.f4e" => pick([s, s + 1, s + 2, s + 3]),
        // Backward 4 extract: bytes s, s-1, s-2, s-3 (mod 8), low byte first.
        "prmt.b32.b4e" => pick([s, (s + 7) & 7, (s + 6) & 7, (s + 5) & 7]),
        // Edge clamp left: bytes 0..3 with the ones below s replaced by byte s.
        "prmt.b32.ecl" => pick([s, s.max(1), s.max(2), 3]),
        _ => panic!("`{op}`"),
    }
}

/// Edge words (integers around the 20-bit immediate's range, the 32-bit ends, floats of
/// the constants used and their neighbours, zeros, infinities, NaN) in all pairs, then
/// xorshift words.
fn operands(n: usize) -> Vec<[u32; 3]> {
    let edges: [u32; 24] = [
        0,
        1,
        0x10,
        0xffff_fff0,
        0xffff_ffff,
        0x7ffff,
        0x80000,
        0xffff0,
        0xfff8_0000,
        0x7fff_ffff,
        0x8000_0000,
        0xffff,
        0x3f80_0000, // 1.0
        0xc000_0000, // -2.0 (f64: -2.0 as the high word)
        0x4024_0000, // 10.0 (f64 high word)
        0xc180_0000, // -16.0
        0x4180_0000, // 16.0
        0x3dcc_cccd, // 0.1
        0x7f80_0000, // +inf
        0xff80_0000, // -inf
        0x7fc0_0000, // NaN
        0x0000_0001, // the smallest subnormal
        0xc030_0000, // -16.0 (f64 high word)
        0x8000_0001,
    ];
    let mut out = vec![];
    for (i, &a) in edges.iter().enumerate() {
        for &b in &edges {
            out.push([a, b, edges[(i * 7 + b as usize) % edges.len()]]);
        }
    }
    triples::fill_xorshift(&mut out, 0x2468_ace1, n);
    out
}

/// The immediate rows the cubin must exercise: ptxas emits these forms for the PTX
/// file's constants (the test fails if one disappears, so the evidence stays).
const FORMS: &[&str] = &[
    "IADD3_I",
    "IADD32I",
    "ISCADD_I",
    "ISCADD32I",
    "ISETP_I",
    "ISET_I",
    "ICMP_I",
    "SEL_I",
    "IMNMX_I",
    "LOP_I",
    "LOP32I",
    "LOP3_I",
    "SHL_I",
    "SHR_I",
    "SHF_L_I",
    "SHF_R_I",
    "BFE_I",
    "BFI_I",
    "PRMT_I",
    "XMAD_I",
    "VABSDIFF_32_I",
    "VMAD_32_I",
    "VMNMX_32_I",
    "VSHL_32_I",
    "MOV32I",
    "FADD_I",
    "FADD32I",
    "FMUL_I",
    "FMUL32I",
    "FFMA_I",
    "FMNMX_I",
    "FSETP_I",
    "FSET_I",
    "FCMP_I",
    "DADD_I",
    "DMUL_I",
    "DFMA_I",
    "DMNMX_I",
    "DSETP_I",
];

/// Whether operand kind `k` is an immediate (a value in the instruction word).
fn is_imm(k: &OpKind) -> bool {
    matches!(
        k,
        OpKind::Imm20 { .. }
            | OpKind::FImm20 { .. }
            | OpKind::DImm20 { .. }
            | OpKind::Imm32 { .. }
            | OpKind::FImm32 { .. }
            | OpKind::UImm { .. }
            | OpKind::NegImm { .. }
    )
}

fn check(sm: &str, target: Target) {
    let kernel = Kernel::parse(&ptx_text());
    let (k, prog) = triples::load(&format!("immediates.{sm}.cubin"), "immediates", target);
    // The rows with an immediate that the cubin uses.
    let mut forms = BTreeSet::new();
    let mut negative_iadd3 = 0;
    for i in prog.insts.iter().flatten() {
        for (kind, o) in i.op.operands.iter().zip(i.operands()) {
            if is_imm(kind) {
                forms.insert(i.op.form);
            }
            if i.op.form == "IADD3_I" && matches!(o, Operand::Imm(v) if *v < 0) {
                negative_iadd3 += 1;
            }
        }
    }
    let missing: Vec<_> = FORMS.iter().filter(|f| !forms.contains(*f)).collect();
    assert!(
        missing.is_empty(),
        "{sm}: rows not in the cubin: {missing:?} (it has {forms:?})"
    );
    assert!(negative_iadd3 >= 4, "{sm}: negative IADD3 immediates");
    let ops = operands(1024);
    let outs = kernel.bytes / 4;
    let got = triples::run(&k, &prog, &ops, outs, sm);
    let mut bad = vec![];
    for (t, &abc) in ops.iter().enumerate() {
        let want = kernel.eval(abc);
        for (w, &(wv, fl)) in want.iter().enumerate() {
            let g = got[t * outs + w];
            let same = match fl {
                Some(32) => g == wv || (f32::from_bits(g).is_nan() && f32::from_bits(wv).is_nan()),
                // An f64: both words together (the low word carries the check).
                Some(64) => {
                    let hi = |v: &[u32]| v[w + 1] as u64;
                    let gw = hi(&got[t * outs..]) << 32 | g as u64;
                    let ww = (want[w + 1].0 as u64) << 32 | wv as u64;
                    gw == ww || (f64::from_bits(gw).is_nan() && f64::from_bits(ww).is_nan())
                }
                Some(_) => true,
                None => g == wv,
            };
            if !same {
                let stmt = &kernel.slots[&(w / 2)];
                bad.push(format!(
                    "slot {} `{stmt}` a={:#010x} b={:#010x} c={:#010x}: {g:#010x}, want {wv:#010x}",
                    w / 2,
                    abc[0],
                    abc[1],
                    abc[2]
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{sm}: {} of {} words differ:\n{}",
        bad.len(),
        ops.len() * outs,
        bad[..bad.len().min(30)].join("\n")
    );
}

#[test]
fn immediates_sm50_match_ptx() {
    check("sm_50", Target::Sm50);
}

#[test]
fn immediates_sm52_match_ptx() {
    check("sm_52", Target::Sm52);
}

/// The interpreter itself, on cases worked by hand.
#[test]
fn the_interpreter_on_hand_cases() {
    assert_eq!(bfe(0xabcd_1234, 4, 8, false), 0x23);
    assert_eq!(bfe(0x0008_0000, 12, 20, true), 0x80);
    assert_eq!(bfe(0x8000_0000, 12, 20, true), 0xfff8_0000);
    assert_eq!(bfi(0xff, 0, 8, 4), 0xf00);
    assert_eq!(
        prmt("prmt.b32", 0x4433_2211, 0x8877_6655, 0x7531),
        0x8866_4422
    );
    assert_eq!(prmt("prmt.b32", 0x0000_0080, 0, 0x0008), 0x8080_80ff);
    assert_eq!(
        prmt("prmt.b32.f4e", 0x4433_2211, 0x8877_6655, 1),
        0x5544_3322
    );
    assert_eq!(
        prmt("prmt.b32.b4e", 0x4433_2211, 0x8877_6655, 0),
        0x6677_8811
    );
    assert_eq!(
        prmt("prmt.b32.ecl", 0x4433_2211, 0x8877_6655, 2),
        0x4433_3333
    );
    assert_eq!(lop3(0xf0, 0xcc, 0xaa, 0xe8), 0xe8);
    let k = Kernel::parse(&format!(
        "{MARKER}\n    add.s32 %r9, %r2, -16;\n    st.global.u32 [%rd3+0], %r9;\n"
    ));
    assert_eq!(k.eval([0x100, 0, 0])[0].0, 0xf0);
}
