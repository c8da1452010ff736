//! Whole programs: bundle layout, disassembly of a raw stream, nvdisasm's line format.

use crate::codec::{self, DecodeError};
use crate::inst::{Ctrl, Inst, PAD_SLOT, ctrl_slot, ctrl_word};
use crate::parse::{Program, inst_addr, parse_program};
use crate::print;
use crate::table::Target;
use gpumem_isa::Diagnostics;
use std::fmt::Write;

/// ptxas' padding instruction `NOP`.
pub const NOP_WORD: u64 = 0x50b0_0000_0007_0f00;

/// Lays out instructions into 32-byte bundles: a control word, then three instructions.
/// The last bundle is filled with `NOP` and the padding slot, as ptxas does.
pub fn layout(insts: &[Inst]) -> Vec<u8> {
    let bundles = insts.len().div_ceil(3);
    let mut out = Vec::with_capacity(bundles * 32);
    for b in 0..bundles {
        let mut slots = [PAD_SLOT; 3];
        let mut words = [NOP_WORD; 3];
        for k in 0..3 {
            let i = 3 * b + k;
            if let Some(inst) = insts.get(i) {
                slots[k] = inst.ctrl.to_slot();
                words[k] = codec::encode(inst, inst_addr(i));
            }
        }
        out.extend_from_slice(&ctrl_word(slots).to_le_bytes());
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    out
}

/// Assembles source text into the raw little-endian instruction stream.
pub fn assemble(src: &str, target: Target) -> Result<Vec<u8>, Diagnostics> {
    let prog: Program = parse_program(src, target)?;
    Ok(layout(&prog.insts))
}

/// Place of an instruction in a dual-issue pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair {
    None,
    First,
    Second,
}

/// One disassembled instruction.
#[derive(Clone, Debug)]
pub struct DisLine {
    pub addr: u64,
    pub word: u64,
    /// The control word of the instruction's bundle.
    pub ctrl_word: u64,
    pub inst: Result<Inst, DecodeError>,
    /// nvdisasm's text: `LDG.E R0, [R2] ;` (or the error).
    pub text: String,
    pub pair: Pair,
}

/// A disassembled stream.
#[derive(Clone, Debug)]
pub struct Disassembly {
    pub target: Target,
    pub lines: Vec<DisLine>,
}

impl Disassembly {
    /// The first decode error, if any word was not a valid instruction.
    pub fn first_error(&self) -> Option<&DecodeError> {
        self.lines.iter().find_map(|l| l.inst.as_ref().err())
    }
}

/// Decodes a raw stream of whole bundles starting at byte address `base`.
pub fn disassemble(bytes: &[u8], base: u64, target: Target) -> Result<Disassembly, DecodeError> {
    if !bytes.len().is_multiple_of(32) {
        return Err(DecodeError::Unaligned { len: bytes.len() });
    }
    let word = |i: usize| u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]));
    let bundles = bytes.len() / 32;
    let mut lines = Vec::with_capacity(bundles * 3);
    let mut prev_dual = false;
    for b in 0..bundles {
        let cw = word(4 * b);
        for k in 0..3 {
            let addr = base + (32 * b + 8 + 8 * k) as u64;
            let w = word(4 * b + 1 + k);
            let slot = ctrl_slot(cw, k);
            let mut inst = codec::decode(w, slot, addr, target);
            if let Ok(i) = &inst
                && let Err(e) = codec::check_ctrl(i, cw, k, addr)
            {
                inst = Err(e);
            }
            let pair = if prev_dual {
                prev_dual = false;
                // nvdisasm has no triples: a dual flag on the second of a pair makes it
                // drop or reject the instructions after it. gpumem rejects the slot.
                if Ctrl::from_slot(slot).dual_issue() {
                    inst = Err(DecodeError::InvalidControl {
                        ctrl: cw,
                        addr,
                        slot: k,
                        form: inst.as_ref().map(|i| i.op.form).unwrap_or("?"),
                        field: "dual issue on the second instruction of a pair",
                        value: 1,
                    });
                }
                Pair::Second
            } else if Ctrl::from_slot(slot).dual_issue() {
                prev_dual = true;
                if b + 1 == bundles && k == 2 {
                    inst = Err(DecodeError::InvalidControl {
                        ctrl: cw,
                        addr,
                        slot: k,
                        form: inst.as_ref().map(|i| i.op.form).unwrap_or("?"),
                        field: "dual issue (no next instruction)",
                        value: 1,
                    });
                }
                Pair::First
            } else {
                Pair::None
            };
            let text = match &inst {
                Ok(i) => print::inst_text(i),
                Err(e) => format!("<invalid: {e}>"),
            };
            lines.push(DisLine {
                addr,
                word: w,
                ctrl_word: cw,
                inst,
                text,
                pair,
            });
        }
    }
    Ok(Disassembly { target, lines })
}

/// How to show the control-word schedule of each instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SchedStyle {
    /// As nvdisasm: nothing but `.reuse`, dual-issue braces and the `;` spacing.
    #[default]
    None,
    /// The seed pages' annotations: `&req={0,5} &rd=0 &wr=5 ?stall=6 ?yield`.
    Annotations,
    /// A maxas prefix: `--:-:6:-:1`.
    Maxas,
}

/// The annotation text of a schedule slot (leading space included).
pub fn annotations(c: Ctrl, show_reuse: bool, out: &mut String) {
    if c.wait != 0 {
        out.push_str(" &req={");
        let ids: Vec<String> = (0..6)
            .filter(|i| c.wait & (1 << i) != 0)
            .map(|i| i.to_string())
            .collect();
        out.push_str(&ids.join(","));
        out.push('}');
    }
    if c.rd != 7 {
        let _ = write!(out, " &rd={}", c.rd);
    }
    if c.wr != 7 {
        let _ = write!(out, " &wr={}", c.wr);
    }
    let _ = write!(out, " ?stall={}", c.stall);
    if !c.no_yield {
        out.push_str(" ?yield");
    }
    if show_reuse && c.reuse != 0 {
        let _ = write!(out, " ?reuse={}", c.reuse);
    }
}

/// maxas' `wait:read:write:yield:stall` prefix.
pub fn maxas_prefix(c: Ctrl) -> String {
    let wait = if c.wait == 0 {
        "--".to_string()
    } else {
        format!("{:02x}", c.wait)
    };
    let bar = |b: u8| {
        if b == 7 {
            "-".to_string()
        } else {
            (b + 1).to_string()
        }
    };
    format!(
        "{wait}:{}:{}:{}:{:x}",
        bar(c.rd),
        bar(c.wr),
        if c.no_yield { "-" } else { "Y" },
        c.stall
    )
}

/// The text of one line for `style`, without the address column.
pub fn line_text(l: &DisLine, style: SchedStyle) -> String {
    let Ok(inst) = &l.inst else {
        return l.text.clone();
    };
    let mut s = String::with_capacity(64);
    if style == SchedStyle::Maxas {
        s.push_str(&maxas_prefix(inst.ctrl));
        s.push(' ');
    }
    print::write_inst(inst, &mut s);
    if style == SchedStyle::Annotations {
        // All four reuse flags go in the annotation: `.reuse` suffixes cannot show the
        // flags of slots without a register (nvdisasm ignores those) nor memory ops' flags.
        annotations(inst.ctrl, true, &mut s);
        s.push_str(" ;");
    } else if l.pair == Pair::Second && style == SchedStyle::None {
        // nvdisasm ends the second of a pair with the brace, no `;`.
    } else {
        s.push_str(if inst.ctrl.is_pad() && style == SchedStyle::None {
            ";"
        } else {
            " ;"
        });
    }
    s
}

/// nvdisasm's layout: header, then `        /*0008*/` + a 19-column gutter holding `{`
/// and the right-aligned guard + text (+ `         }` closing a pair).
pub fn render(d: &Disassembly, style: SchedStyle, compact: bool) -> String {
    let mut out = String::new();
    let sm = d.target.nvdisasm_name();
    if !compact {
        let _ = writeln!(
            out,
            "\t.headerflags    @\"EF_CUDA_{sm} EF_CUDA_PTX_SM(EF_CUDA_{sm})\""
        );
    }
    for l in &d.lines {
        let _ = write!(
            out,
            "{}/*{:04x}*/ ",
            if compact { "" } else { "        " },
            l.addr
        );
        let text = line_text(l, style);
        let open = l.pair == Pair::First && style == SchedStyle::None;
        if compact {
            if open {
                out.push_str("{ ");
            }
            out.push_str(&text);
        } else {
            // Guard and text: the guard sits right-aligned in the gutter.
            let (guard, body) = match &l.inst {
                Ok(i) if style == SchedStyle::None => {
                    let mut g = String::new();
                    print::write_guard(i, &mut g);
                    let body = text[g.len()..].to_string();
                    (g, body)
                }
                _ => (String::new(), text.clone()),
            };
            let mut gutter = format!("{guard:>18}");
            if open {
                gutter.replace_range(8..9, "{");
            }
            out.push_str(&gutter);
            out.push_str(&body);
        }
        if l.pair == Pair::Second && style == SchedStyle::None {
            // nvdisasm writes the `;` spacing rule's space, then 8 spaces and the brace.
            let pad = l.inst.as_ref().is_ok_and(|i| i.ctrl.is_pad());
            out.push_str(if pad { "        }" } else { "         }" });
        }
        out.push('\n');
    }
    out
}
