//! NVIDIA Maxwell (sm_50/sm_52) and Pascal (sm_60/sm_61/sm_62) SASS: assemble, disassemble, decode, encode.
//!
//! Everything derives from one table ([`table`]: the schema, and one file per instruction
//! family with every encoding of its ops).
//!
//! ```
//! use gpumem_maxwell::{assemble, disassemble, Target};
//! let bin = assemble("LDG.E R0, [R2+0x10] ;\nEXIT ;", Target::Sm50).unwrap();
//! let text = disassemble(&bin, 0, Target::Sm50).unwrap();
//! assert!(text.lines.iter().any(|l| l.text() == "LDG.E R0, [R2+0x10] ;"));
//! ```

#![warn(missing_docs)]

pub mod codec;
pub mod cubin;
pub mod family;
pub mod hexcol;
pub mod inst;
pub mod link;
pub mod lint;
mod listing;
mod memo;
pub mod parse;
pub mod print;
pub mod program;
pub mod sample;
pub mod scoreboard;
pub mod table;

pub use codec::{DecodeError, decode, encode};
pub use inst::{Ctrl, Inst, Operand, PT, RZ};
pub use parse::{Program, inst_addr, parse_program, parse_program_at};
pub use program::{
    DisLine, Disassembly, SchedStyle, assemble, assemble_at, cubin_header, decode_lines,
    disassemble, header, layout, layout_at, render, render_line, render_stream,
};
pub use table::Target;
