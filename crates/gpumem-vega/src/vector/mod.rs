//! gfx9 vector instructions (VOP1, VOP2, VOPC, VOP3, DS, FLAT/SCRATCH/GLOBAL, MUBUF, MTBUF): one specification table
//! ([`table`]) in the scalar table's discipline, and the decoder, encoder, printer and
//! parser that derive from it, bit-exact with llvm-mc 19.
//!
//! ```
//! use gpumem_vega::{Target, vector};
//! let (i, n) = vector::decode(&[0xd1c18703, 0xfc0e0501], Target::Gfx900).unwrap();
//! assert_eq!((i.to_string().as_str(), n), ("v_mad_f32 v3, -|v1|, -|v2|, -|v3| clamp div:2", 2));
//! assert_eq!(vector::encode(&i), [0xd1c18703, 0xfc0e0501]);
//! ```

mod ds;
mod flat;
pub mod inst;
mod mtbuf;
mod mubuf;
pub mod parse;
pub mod table;
mod vop;
mod vop1;
mod vop2;
mod vop3;
mod vopc;

pub use inst::{VInst, decode, encode};
pub use table::{VFormat, VInstDef, VOp};
