//! MTBUF rows (typed buffer access through a V#, the data and number formats in the
//! word): VDATA's type and whether the row loads or stores. Probed from llvm-mc 19
//! (every opcode 0x0-0xf on gfx900 and gfx906: the same rows); checked by the table
//! tests and `tests/vector_random.rs`.

use super::table::BufKind::*;
use super::table::Ty::*;
use super::table::*;

#[rustfmt::skip]
pub(super) static ROWS: &[VInstDef] = &[
    mtbuf(VOp::TbufferLoadFormatX, "tbuffer_load_format_x", 0x00, &[vdata(I32)], Load, ALL),
    mtbuf(VOp::TbufferLoadFormatXy, "tbuffer_load_format_xy", 0x01, &[vdata(I64)], Load, ALL),
    mtbuf(VOp::TbufferLoadFormatXyz, "tbuffer_load_format_xyz", 0x02, &[vdata(B96)], Load, ALL),
    mtbuf(VOp::TbufferLoadFormatXyzw, "tbuffer_load_format_xyzw", 0x03, &[vdata(B128)], Load, ALL),
    mtbuf(VOp::TbufferStoreFormatX, "tbuffer_store_format_x", 0x04, &[vdata(I32)], Store, ALL),
    mtbuf(VOp::TbufferStoreFormatXy, "tbuffer_store_format_xy", 0x05, &[vdata(I64)], Store, ALL),
    mtbuf(VOp::TbufferStoreFormatXyz, "tbuffer_store_format_xyz", 0x06, &[vdata(B96)], Store, ALL),
    mtbuf(VOp::TbufferStoreFormatXyzw, "tbuffer_store_format_xyzw", 0x07, &[vdata(B128)], Store, ALL),
    mtbuf(VOp::TbufferLoadFormatD16X, "tbuffer_load_format_d16_x", 0x08, &[vdata(I32)], Load, ALL),
    mtbuf(VOp::TbufferLoadFormatD16Xy, "tbuffer_load_format_d16_xy", 0x09, &[vdata(I32)], Load, ALL),
    mtbuf(VOp::TbufferLoadFormatD16Xyz, "tbuffer_load_format_d16_xyz", 0x0a, &[vdata(I64)], Load, ALL),
    mtbuf(VOp::TbufferLoadFormatD16Xyzw, "tbuffer_load_format_d16_xyzw", 0x0b, &[vdata(I64)], Load, ALL),
    mtbuf(VOp::TbufferStoreFormatD16X, "tbuffer_store_format_d16_x", 0x0c, &[vdata(I32)], Store, ALL),
    mtbuf(VOp::TbufferStoreFormatD16Xy, "tbuffer_store_format_d16_xy", 0x0d, &[vdata(I32)], Store, ALL),
    mtbuf(VOp::TbufferStoreFormatD16Xyz, "tbuffer_store_format_d16_xyz", 0x0e, &[vdata(I64)], Store, ALL),
    mtbuf(VOp::TbufferStoreFormatD16Xyzw, "tbuffer_store_format_d16_xyzw", 0x0f, &[vdata(I64)], Store, ALL),
];
