//! `--isa vega` commands.

use crate::{Fail, read_input, write_stdout};
use gpumem_vega::{Target, assemble, code_object, disassemble, lint};
use serde::Serialize;
use std::process::ExitCode;

fn target(t: Option<&str>) -> Result<Target, Fail> {
    Ok(t.map(str::parse)
        .transpose()
        .map_err(|e| Fail(format!("{e}")))?
        .unwrap_or(Target::Gfx900))
}

fn source(input: &str) -> Result<String, Fail> {
    String::from_utf8(read_input(input)?).map_err(|_| Fail(format!("{input}: not UTF-8 text")))
}

pub fn asm(t: Option<&str>, input: &str, output: &str, json: bool) -> Result<ExitCode, Fail> {
    let src = source(input)?;
    let result = assemble(&src, target(t)?)
        .map(|a| (a.bytes, a.warnings))
        .map_err(|d| d.0);
    crate::diag::finish_asm(input, &src, output, result, json)
}

/// The machine code and target of `bytes`: a code object's `.text` and the processor its
/// ELF header names (a `--target` that contradicts it is refused), or the raw bytes and
/// `--target`. Errors name `input`.
fn code(t: Option<&str>, input: &str, bytes: Vec<u8>) -> Result<(Vec<u8>, Target), Fail> {
    if !code_object::is_elf(&bytes) {
        return Ok((bytes, target(t)?));
    }
    let co = code_object::read(&bytes).map_err(|e| Fail(format!("{input}: {e}")))?;
    if let Some(given) = t
        && target(t)? != co.target
    {
        return Err(Fail(format!(
            "{input}: --target {given} contradicts the code object's ELF header, which names \
             {}: drop --target (a code object names its own)",
            co.target
        )));
    }
    Ok((co.text.to_vec(), co.target))
}

/// One instruction a line: llvm-mc's text, then the byte offset and the words, as
/// llvm-objdump writes them (`s_endpgm  // 000010: BF810000`).
pub fn dis(t: Option<&str>, input: &str, bytes: Vec<u8>) -> Result<ExitCode, Fail> {
    let (bytes, t) = code(t, input, bytes)?;
    let lines = disassemble(&bytes, t);
    let mut out = String::with_capacity(lines.len() * 72);
    let mut ok = true;
    for l in &lines {
        let start = out.len();
        match &l.text {
            Ok(text) => out.push_str(text),
            Err(e) => {
                ok = false;
                out.push_str("; invalid: ");
                out.push_str(&e.to_string());
            }
        }
        // Text padded to 48 columns, then `// OFFSET: WORDS`.
        let width = out[start..].chars().count();
        out.extend(std::iter::repeat_n(' ', 48usize.saturating_sub(width) + 1));
        out.push_str("// ");
        push_hex_upper(&mut out, l.offset as u64, 6);
        out.push(':');
        for w in &l.words {
            out.push(' ');
            push_hex_upper(&mut out, *w as u64, 8);
        }
        out.push('\n');
    }
    write_stdout(out.as_bytes())?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `value` as at least `digits` upper-case hex digits.
fn push_hex_upper(out: &mut String, value: u64, digits: u32) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let need = (64 - value.leading_zeros()).div_ceil(4).max(digits);
    for k in (0..need).rev() {
        out.push(HEX[((value >> (4 * k)) & 0xf) as usize] as char);
    }
}

/// Static lints (documented in crates/gpumem-vega/LINTS.md) of LLVM source text, or of a
/// code object's disassembly (one line per instruction, its byte offset in a comment, so
/// that findings point at lines the user can read); exit 1 on errors, 0 otherwise.
pub fn lint_file(
    t: Option<&str>,
    input: &str,
    bytes: Vec<u8>,
    json: bool,
) -> Result<ExitCode, Fail> {
    if code_object::is_elf(&bytes) {
        let (code, t) = code(t, input, bytes)?;
        let mut src = String::new();
        for l in disassemble(&code, t) {
            match &l.text {
                Ok(text) => src.push_str(text),
                Err(e) => {
                    return Err(Fail(format!(
                        "{input}: .text offset {:#x}: {e}: gpumem cannot lint code it cannot decode",
                        l.offset
                    )));
                }
            }
            src.push_str(&format!(" // {:06X}\n", l.offset));
        }
        let d = lint(&src, t);
        return crate::diag::finish_lint(input, &src, &d.0, json);
    }
    let src = String::from_utf8(bytes).map_err(|_| {
        Fail(format!(
            "{input}: not UTF-8 text: lint --isa vega reads LLVM assembly or a code object"
        ))
    })?;
    let d = lint(&src, target(t)?);
    crate::diag::finish_lint(input, &src, &d.0, json)
}

/// The built-in Vega sample: a scalar kernel that forgets `s_waitcnt`.
const SAMPLE: &str = include_str!("../../../examples/vega/missing-waitcnt.s");

/// `gpumem demo`'s Vega part: the sample assembled (with its lints) and disassembled.
pub fn demo() -> Result<ExitCode, Fail> {
    let a = assemble(SAMPLE, Target::Gfx900).map_err(|d| {
        Fail(gpumem_isa::render_diagnostics(
            "missing-waitcnt.s",
            SAMPLE,
            &d.0,
        ))
    })?;
    let mut out = String::from(
        "\n# Vega (gfx900): examples/vega/missing-waitcnt.s, assembled and disassembled\n\n# source\n",
    );
    out.push_str(SAMPLE);
    out.push_str(&format!(
        "\n# {} bytes; llvm-objdump-style disassembly\n",
        a.bytes.len()
    ));
    for l in disassemble(&a.bytes, Target::Gfx900) {
        let text = l.text.unwrap_or_else(|e| format!("; invalid: {e}"));
        let words: Vec<String> = l.words.iter().map(|w| format!("{w:08X}")).collect();
        out.push_str(&format!(
            "{text:<48} // {:06X}: {}\n",
            l.offset,
            words.join(" ")
        ));
    }
    out.push_str("\n# run it: gpumem run examples/vega/missing-waitcnt.toml\n");
    write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// One decoded instruction as JSON: its row (`op`, `format`), each operand llvm-mc
/// prints (`field` as the ISA manual names it, lower case; `text` as llvm-mc prints it;
/// and its value: `reg` and `dwords` for registers, `code` for a scalar source, `imm`
/// for immediates, `reg`/`imm` for an SMEM offset), `glc` where the row has the bit, and
/// the `literal` dword.
fn inst_json(i: &gpumem_vega::Inst) -> Fields {
    use gpumem_vega::SmemOffset;
    use gpumem_vega::table::Kind;
    let d = i.def;
    let operands = i
        .operands()
        .map(|(o, text)| OperandRow {
            field: o.field.name(d.format).to_ascii_lowercase(),
            text: text.to_string(),
            written: o.written,
            value: match o.kind {
                Kind::Reg(class) => Value::Reg {
                    reg: i.sdst,
                    dwords: class.dwords(),
                },
                Kind::Base { dwords } => Value::Reg {
                    reg: i.sbase,
                    dwords,
                },
                Kind::Src { dwords, .. } => Value::Src {
                    code: if o.field == gpumem_vega::table::Field::Ssrc0 {
                        i.ssrc0
                    } else {
                        i.ssrc1
                    },
                    dwords,
                },
                Kind::SmemOffset { .. } => match i.offset {
                    SmemOffset::Imm(x) => Value::Offset {
                        reg: None,
                        imm: Some(x),
                    },
                    SmemOffset::Sgpr(c) => Value::Offset {
                        reg: Some(c),
                        imm: None,
                    },
                    SmemOffset::SgprImm(c, x) => Value::Offset {
                        reg: Some(c),
                        imm: Some(x),
                    },
                },
                Kind::ProbeImm => Value::Imm { imm: i.sdst.into() },
                Kind::GprIdx8 => Value::Imm {
                    imm: i.ssrc1.into(),
                },
                Kind::Imm16(_) => Value::Imm {
                    imm: i.simm16.into(),
                },
                Kind::Literal32 => Value::Imm {
                    imm: i.literal.unwrap_or(0),
                },
            },
        })
        .collect();
    Fields {
        op: d.name,
        format: d.format.name(),
        operands,
        glc: d.glc.then_some(i.glc),
        literal: i.literal.map(|l| format!("{l:#010x}")),
    }
}

/// The Vega keys of a `dis --json` line: the decoded fields (`null`: the words do not
/// decode).
#[derive(Serialize)]
struct VegaLine {
    fields: Option<Fields>,
}

/// A decoded instruction ([`inst_json`]).
#[derive(Serialize)]
struct Fields {
    op: &'static str,
    format: &'static str,
    operands: Vec<OperandRow>,
    /// `null`: the row has no GLC bit.
    glc: Option<bool>,
    literal: Option<String>,
}

/// One operand as llvm-mc prints it, with its value.
#[derive(Serialize)]
struct OperandRow {
    field: String,
    text: String,
    written: bool,
    #[serde(flatten)]
    value: Value,
}

/// An operand's value, by kind.
#[derive(Serialize)]
#[serde(untagged)]
enum Value {
    /// A register or range (SDST, SBASE).
    Reg { reg: u8, dwords: u8 },
    /// A scalar source's operand code.
    Src { code: u8, dwords: u8 },
    /// An SMEM offset: register, immediate, or both.
    Offset { reg: Option<u8>, imm: Option<i32> },
    /// An immediate.
    Imm { imm: u32 },
}

/// `dis --json`: one JSON object per instruction, a line each (JSON Lines): offset,
/// words, text and the decoded fields ([`inst_json`]), or the decode error.
pub fn dis_json(t: Option<&str>, input: &str, bytes: Vec<u8>) -> Result<ExitCode, Fail> {
    let (bytes, t) = code(t, input, bytes)?;
    let mut out = String::new();
    let mut ok = true;
    for l in disassemble(&bytes, t) {
        ok &= l.text.is_ok();
        let fields = gpumem_vega::decode(&l.words, t)
            .ok()
            .map(|(i, _)| inst_json(&i));
        out.push_str(&crate::diag::DisLineRow::new(&l, VegaLine { fields }).to_line());
        out.push('\n');
    }
    write_stdout(out.as_bytes())?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
