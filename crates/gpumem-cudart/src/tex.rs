//! CUDA arrays and texture objects (`docs/14-textures.md`, "Through the CUDA runtime"):
//! channel descriptors, `cudaMallocArray`/`cudaMalloc3DArray`, the copies to and from
//! arrays (`cudaMemcpy*Array*`, `cudaMemcpy3D`) and `cudaCreateTextureObject`, over the
//! device layer's arrays and texture pools. The structs are CUDA 11.8's layouts
//! (`tests/it/layout.rs` checks every offset against the headers with gcc).

// Each function is documented by CUDA under its own name.
#![allow(missing_docs, clippy::missing_safety_doc, clippy::too_many_arguments)]

use crate::api::{live_entry, put};
use crate::error::{self as ce, CudaError};
use crate::rt::{R, Runtime, fail};
use gpumem_device::texture::{Array, ArrayDesc, ChannelFormat, ChannelKind, Resource, TextureDesc};
use gpumem_tex::{AddressMode, Filter};
use std::ffi::{c_int, c_uint, c_void};

/// `cudaErrorInvalidChannelDescriptor`.
pub const INVALID_CHANNEL_DESCRIPTOR: CudaError = 20;

/// `struct cudaChannelFormatDesc`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelFormatDesc {
    pub x: c_int,
    pub y: c_int,
    pub z: c_int,
    pub w: c_int,
    pub f: c_int,
}

/// `struct cudaExtent`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Extent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

/// `struct cudaPos`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Pos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// `struct cudaPitchedPtr`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PitchedPtr {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}

/// `struct cudaMemcpy3DParms`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Memcpy3DParms {
    pub src_array: *mut c_void,
    pub src_pos: Pos,
    pub src_ptr: PitchedPtr,
    pub dst_array: *mut c_void,
    pub dst_pos: Pos,
    pub dst_ptr: PitchedPtr,
    pub extent: Extent,
    pub kind: c_int,
}

/// `struct cudaResourceDesc` (the union as its largest member, `pitch2D`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ResourceDesc {
    pub res_type: c_int,
    /// `res.array.array`, `res.mipmap.mipmap`, `res.linear.devPtr`, `res.pitch2D.devPtr`.
    pub ptr: *mut c_void,
    /// `res.linear.desc`, `res.pitch2D.desc`.
    pub desc: ChannelFormatDesc,
    /// `res.linear.sizeInBytes`, `res.pitch2D.width`.
    pub size_or_width: usize,
    /// `res.pitch2D.height`.
    pub height: usize,
    /// `res.pitch2D.pitchInBytes`.
    pub pitch: usize,
}

/// `struct cudaTextureDesc` (CUDA 11.8; `cudaTextureDesc_v2` adds `seamlessCubemap`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TextureDescC {
    pub address_mode: [c_int; 3],
    pub filter_mode: c_int,
    pub read_mode: c_int,
    pub srgb: c_int,
    pub border_color: [f32; 4],
    pub normalized_coords: c_int,
    pub max_anisotropy: c_uint,
    pub mipmap_filter_mode: c_int,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub disable_trilinear_optimization: c_int,
}

macro_rules! offsets {
    ($ty:ty { $($c:literal => $f:ident $(. $g:ident)*),* $(,)? }) => {
        vec![$(($c, std::mem::offset_of!($ty, $f $(. $g)*))),*]
    };
}

/// A C struct's name, (field, offset) pairs and size.
pub type Layout = (&'static str, Vec<(&'static str, usize)>, usize);

/// (C field, offset) of the structs above, for the layout test.
pub fn layouts() -> Vec<Layout> {
    vec![
        (
            "struct cudaChannelFormatDesc",
            offsets!(ChannelFormatDesc { "x" => x, "y" => y, "z" => z, "w" => w, "f" => f }),
            size_of::<ChannelFormatDesc>(),
        ),
        (
            "struct cudaMemcpy3DParms",
            offsets!(Memcpy3DParms {
                "srcArray" => src_array, "srcPos" => src_pos, "srcPtr" => src_ptr,
                "srcPtr.pitch" => src_ptr.pitch, "srcPtr.ysize" => src_ptr.ysize,
                "dstArray" => dst_array, "dstPos" => dst_pos, "dstPos.z" => dst_pos.z,
                "dstPtr" => dst_ptr, "extent" => extent, "extent.depth" => extent.depth,
                "kind" => kind,
            }),
            size_of::<Memcpy3DParms>(),
        ),
        (
            "struct cudaResourceDesc",
            offsets!(ResourceDesc {
                "resType" => res_type, "res.array.array" => ptr, "res.linear.devPtr" => ptr,
                "res.linear.desc" => desc, "res.linear.sizeInBytes" => size_or_width,
                "res.pitch2D.devPtr" => ptr, "res.pitch2D.desc" => desc,
                "res.pitch2D.width" => size_or_width, "res.pitch2D.height" => height,
                "res.pitch2D.pitchInBytes" => pitch,
            }),
            size_of::<ResourceDesc>(),
        ),
        (
            "struct cudaTextureDesc",
            offsets!(TextureDescC {
                "addressMode" => address_mode, "filterMode" => filter_mode,
                "readMode" => read_mode, "sRGB" => srgb, "borderColor" => border_color,
                "normalizedCoords" => normalized_coords, "maxAnisotropy" => max_anisotropy,
                "mipmapFilterMode" => mipmap_filter_mode,
                "mipmapLevelBias" => mipmap_level_bias,
                "minMipmapLevelClamp" => min_mipmap_level_clamp,
                "maxMipmapLevelClamp" => max_mipmap_level_clamp,
                "disableTrilinearOptimization" => disable_trilinear_optimization,
            }),
            size_of::<TextureDescC>(),
        ),
    ]
}

/// `cudaResourceType`.
const RES_ARRAY: c_int = 0;
const RES_MIPMAP: c_int = 1;
const RES_LINEAR: c_int = 2;
const RES_PITCH2D: c_int = 3;
/// `cudaArrayLayered`, `cudaArraySurfaceLoadStore`, `cudaArrayCubemap`,
/// `cudaArrayTextureGather`.
const ARRAY_LAYERED: c_uint = 1;
const ARRAY_SURFACE: c_uint = 2;
const ARRAY_CUBEMAP: c_uint = 4;
const ARRAY_FLAGS: c_uint = 0x0f;

fn channel(d: &ChannelFormatDesc) -> R<ChannelFormat> {
    let kind = match d.f {
        0 => ChannelKind::Signed,
        1 => ChannelKind::Unsigned,
        2 => ChannelKind::Float,
        k => {
            return Err(fail(
                INVALID_CHANNEL_DESCRIPTOR,
                format!("cudaChannelFormatKind {k}: gpumem holds signed, unsigned and float"),
            ));
        }
    };
    let bits = [d.x, d.y, d.z, d.w].map(|b| u32::try_from(b).unwrap_or(u32::MAX));
    let c = ChannelFormat { bits, kind };
    c.shape().map_err(|e| fail(INVALID_CHANNEL_DESCRIPTOR, e))?;
    Ok(c)
}

fn channel_desc(c: &ChannelFormat) -> ChannelFormatDesc {
    let b = c.bits.map(|x| x as c_int);
    ChannelFormatDesc {
        x: b[0],
        y: b[1],
        z: b[2],
        w: b[3],
        f: match c.kind {
            ChannelKind::Signed => 0,
            ChannelKind::Unsigned => 1,
            ChannelKind::Float => 2,
        },
    }
}

unsafe fn read<T: Copy>(p: *const T) -> R<T> {
    if p.is_null() {
        return Err(fail(ce::INVALID_VALUE, "a null pointer argument"));
    }
    // SAFETY: non-null; the program passes a pointer to a readable `T`.
    Ok(unsafe { p.read_unaligned() })
}

fn array(rt: &mut Runtime, h: *mut c_void) -> R<Array> {
    let r = rt.ctx.array(h as u64);
    rt.dev(r)
        .map_err(|f| fail(ce::INVALID_RESOURCE_HANDLE, f.why))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetChannelDesc(
    desc: *mut ChannelFormatDesc,
    a: *mut c_void,
) -> CudaError {
    live_entry("cudaGetChannelDesc", |rt| {
        let arr = array(rt, a)?;
        // SAFETY: checked for null by `put`.
        unsafe { put(desc, channel_desc(&arr.desc.format)) }
    })
}

fn malloc_array(
    rt: &mut Runtime,
    out: *mut *mut c_void,
    desc: *const ChannelFormatDesc,
    extent: Extent,
    flags: c_uint,
) -> R<()> {
    if out.is_null() {
        return Err(fail(ce::INVALID_VALUE, "a null pointer argument"));
    }
    // SAFETY: null checked.
    let d = unsafe { read(desc) }?;
    let format = channel(&d)?;
    if flags & !ARRAY_FLAGS != 0 {
        return Err(fail(ce::INVALID_VALUE, format!("flags {flags:#x}")));
    }
    let a = ArrayDesc {
        format,
        width: extent.width as u64,
        height: extent.height as u64,
        depth: extent.depth as u64,
        layered: flags & ARRAY_LAYERED != 0,
        surface: flags & ARRAY_SURFACE != 0,
        cubemap: flags & ARRAY_CUBEMAP != 0,
    };
    let r = rt.ctx.malloc_array(a);
    let h = rt.dev(r).map_err(|f| {
        if f.code == ce::MEMORY_ALLOCATION {
            f
        } else {
            fail(ce::INVALID_VALUE, f.why)
        }
    })?;
    // SAFETY: null checked.
    unsafe { put(out, h as *mut c_void) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocArray(
    out: *mut *mut c_void,
    desc: *const ChannelFormatDesc,
    width: usize,
    height: usize,
    flags: c_uint,
) -> CudaError {
    live_entry("cudaMallocArray", |rt| {
        let e = Extent {
            width,
            height,
            depth: 0,
        };
        malloc_array(rt, out, desc, e, flags)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMalloc3DArray(
    out: *mut *mut c_void,
    desc: *const ChannelFormatDesc,
    extent: Extent,
    flags: c_uint,
) -> CudaError {
    live_entry("cudaMalloc3DArray", |rt| {
        malloc_array(rt, out, desc, extent, flags)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFreeArray(a: *mut c_void) -> CudaError {
    live_entry("cudaFreeArray", |rt| {
        if a.is_null() {
            return Ok(());
        }
        let r = rt.ctx.free_array(a as u64);
        rt.dev(r).map_err(|f| fail(ce::INVALID_VALUE, f.why))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaArrayGetInfo(
    desc: *mut ChannelFormatDesc,
    extent: *mut Extent,
    flags: *mut c_uint,
    a: *mut c_void,
) -> CudaError {
    live_entry("cudaArrayGetInfo", |rt| {
        let arr = array(rt, a)?;
        let d = &arr.desc;
        // SAFETY: each optional output is written only when non-null.
        unsafe {
            if !desc.is_null() {
                put(desc, channel_desc(&d.format))?;
            }
            if !extent.is_null() {
                put(
                    extent,
                    Extent {
                        width: d.width as usize,
                        height: d.height as usize,
                        depth: d.depth as usize,
                    },
                )?;
            }
            if !flags.is_null() {
                let f = [
                    (d.layered, ARRAY_LAYERED),
                    (d.surface, ARRAY_SURFACE),
                    (d.cubemap, ARRAY_CUBEMAP),
                ];
                put(flags, f.iter().filter(|x| x.0).map(|x| x.1).sum::<c_uint>())?;
            }
        }
        Ok(())
    })
}

/// One side of a 3-D copy: an array, or memory with a row pitch and rows per slice.
#[derive(Clone, Copy)]
struct Side {
    base: u64,
    pitch: u64,
    rows: u64,
    /// Bytes of one x unit (an element for arrays, 1 for memory).
    unit: u64,
    /// Bounds in bytes / rows / slices (arrays only).
    limit: Option<(u64, u64, u64)>,
}

impl Side {
    fn of_array(a: &Array) -> Side {
        Side {
            base: a.ptr,
            pitch: a.pitch,
            rows: a.rows(),
            unit: a.elem,
            limit: Some((a.row_bytes(), a.rows(), a.slices())),
        }
    }

    fn of_memory(p: u64, pitch: u64, rows: u64) -> Side {
        Side {
            base: p,
            pitch,
            rows,
            unit: 1,
            limit: None,
        }
    }
}

/// Copies a box `bytes` wide, `h` rows high and `d` slices deep between two sides at
/// the given positions (x in bytes).
fn copy_box(
    rt: &mut Runtime,
    dst: Side,
    dpos: [u64; 3],
    src: Side,
    spos: [u64; 3],
    [bytes, h, d]: [u64; 3],
    kind: c_int,
) -> R<()> {
    for (s, p, what) in [(dst, dpos, "destination"), (src, spos, "source")] {
        if let Some((w, rows, slices)) = s.limit {
            let past = |a: u64, b: u64, n: u64| a.checked_add(b).is_none_or(|e| e > n);
            if past(p[0], bytes, w) || past(p[1], h, rows) || past(p[2], d, slices) {
                return Err(fail(
                    ce::INVALID_VALUE,
                    format!(
                        "the {what} box ({} bytes at {}, {} rows at {}, {} slices at {}) passes \
                         the array's {w} bytes x {rows} rows x {slices} slices",
                        bytes, p[0], h, p[1], d, p[2]
                    ),
                ));
            }
        } else if bytes > s.pitch && (h > 1 || d > 1) {
            return Err(fail(
                ce::INVALID_PITCH_VALUE,
                format!("{bytes} bytes per row pass the {what} pitch {}", s.pitch),
            ));
        }
    }
    let at = |s: &Side, p: [u64; 3], y: u64, z: u64| -> R<u64> {
        let off = p[2]
            .checked_add(z)
            .and_then(|r| r.checked_mul(s.rows))
            .and_then(|r| r.checked_add(p[1].checked_add(y)?))
            .and_then(|r| r.checked_mul(s.pitch))
            .and_then(|r| r.checked_add(p[0]))
            .and_then(|r| s.base.checked_add(r));
        off.ok_or_else(|| fail(ce::INVALID_VALUE, "a copy address past 64 bits"))
    };
    for z in 0..d {
        for y in 0..h {
            let dp = at(&dst, dpos, y, z)?;
            let sp = at(&src, spos, y, z)?;
            rt.memcpy(dp, sp, bytes, kind)?;
        }
    }
    Ok(())
}

/// The array's element position as (bytes, row) from a linear byte offset of
/// `cudaMemcpyToArray`: the copy runs along rows and wraps to the next.
fn linear_copy(
    rt: &mut Runtime,
    a: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    other: u64,
    count: usize,
    kind: c_int,
    to_array: bool,
) -> R<()> {
    let arr = array(rt, a)?;
    let row = arr.row_bytes();
    let total = row * arr.rows() * arr.slices();
    let start = (h_offset as u64)
        .checked_mul(row)
        .and_then(|x| x.checked_add(w_offset as u64))
        .filter(|&s| w_offset as u64 <= row && s.saturating_add(count as u64) <= total)
        .ok_or_else(|| {
            fail(
                ce::INVALID_VALUE,
                format!("{count} bytes at ({w_offset}, {h_offset}) pass the array's {total} bytes"),
            )
        })?;
    let mut done = 0u64;
    while done < count as u64 {
        let lin = start + done;
        let (r, x) = (lin / row, lin % row);
        let n = (row - x).min(count as u64 - done);
        let dev = arr.ptr + r * arr.pitch + x;
        if to_array {
            rt.memcpy(dev, other.wrapping_add(done), n, kind)?;
        } else {
            rt.memcpy(other.wrapping_add(done), dev, n, kind)?;
        }
        done += n;
    }
    Ok(())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyToArray(
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    count: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpyToArray", |rt| {
        linear_copy(rt, dst, w_offset, h_offset, src as u64, count, kind, true)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyFromArray(
    dst: *mut c_void,
    src: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    count: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpyFromArray", |rt| {
        linear_copy(rt, src, w_offset, h_offset, dst as u64, count, kind, false)
    })
}

fn to_array_2d(
    rt: &mut Runtime,
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> R<()> {
    let arr = array(rt, dst)?;
    let s = Side::of_memory(src, spitch as u64, height as u64);
    copy_box(
        rt,
        Side::of_array(&arr),
        [w_offset as u64, h_offset as u64, 0],
        s,
        [0; 3],
        [width as u64, height as u64, 1],
        kind,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy2DToArray(
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpy2DToArray", |rt| {
        to_array_2d(
            rt, dst, w_offset, h_offset, src as u64, spitch, width, height, kind,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy2DToArrayAsync(
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemcpy2DToArrayAsync", |rt| {
        rt.stream(stream as u64)?;
        to_array_2d(
            rt, dst, w_offset, h_offset, src as u64, spitch, width, height, kind,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy2DFromArray(
    dst: *mut c_void,
    dpitch: usize,
    src: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> CudaError {
    live_entry("cudaMemcpy2DFromArray", |rt| {
        let arr = array(rt, src)?;
        let d = Side::of_memory(dst as u64, dpitch as u64, height as u64);
        copy_box(
            rt,
            d,
            [0; 3],
            Side::of_array(&arr),
            [w_offset as u64, h_offset as u64, 0],
            [width as u64, height as u64, 1],
            kind,
        )
    })
}

fn memcpy_3d(rt: &mut Runtime, p: *const Memcpy3DParms) -> R<()> {
    // SAFETY: null checked by `read`.
    let p = unsafe { read(p) }?;
    let side = |rt: &mut Runtime, a: *mut c_void, m: &PitchedPtr, what: &str| -> R<Side> {
        match (a.is_null(), m.ptr.is_null()) {
            (false, true) => Ok(Side::of_array(&array(rt, a)?)),
            (true, false) => Ok(Side::of_memory(
                m.ptr as u64,
                m.pitch as u64,
                m.ysize as u64,
            )),
            _ => Err(fail(
                ce::INVALID_VALUE,
                format!("the {what} must be exactly one of an array and a pitched pointer"),
            )),
        }
    };
    let src = side(rt, p.src_array, &p.src_ptr, "source")?;
    let dst = side(rt, p.dst_array, &p.dst_ptr, "destination")?;
    // With an array on either side the extent's width counts elements.
    let unit = if src.limit.is_some() {
        src.unit
    } else {
        dst.unit
    };
    let e = p.extent;
    let bytes = (e.width as u64)
        .checked_mul(unit)
        .ok_or_else(|| fail(ce::INVALID_VALUE, "extent width"))?;
    if src.limit.is_some() && dst.limit.is_some() && src.unit != dst.unit {
        return Err(fail(
            ce::INVALID_VALUE,
            "arrays of different element sizes".to_string(),
        ));
    }
    let pos = |s: &Side, q: &Pos| -> R<[u64; 3]> {
        Ok([
            (q.x as u64)
                .checked_mul(s.unit)
                .ok_or_else(|| fail(ce::INVALID_VALUE, "position"))?,
            q.y as u64,
            q.z as u64,
        ])
    };
    let (dpos, spos) = (pos(&dst, &p.dst_pos)?, pos(&src, &p.src_pos)?);
    let (h, d) = (e.height.max(1) as u64, e.depth.max(1) as u64);
    if e.width == 0 || e.height == 0 || e.depth == 0 {
        return Ok(());
    }
    copy_box(rt, dst, dpos, src, spos, [bytes, h, d], p.kind)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy3D(p: *const Memcpy3DParms) -> CudaError {
    live_entry("cudaMemcpy3D", |rt| memcpy_3d(rt, p))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpy3DAsync(
    p: *const Memcpy3DParms,
    stream: *mut c_void,
) -> CudaError {
    live_entry("cudaMemcpy3DAsync", |rt| {
        rt.stream(stream as u64)?;
        memcpy_3d(rt, p)
    })
}

fn address_mode(m: c_int) -> R<AddressMode> {
    Ok(match m {
        0 => AddressMode::Wrap,
        1 => AddressMode::ClampToEdge,
        2 => AddressMode::Mirror,
        3 => AddressMode::Border,
        _ => {
            return Err(fail(
                ce::INVALID_VALUE,
                format!("cudaTextureAddressMode {m}"),
            ));
        }
    })
}

fn create_texture(
    rt: &mut Runtime,
    out: *mut u64,
    res: *const ResourceDesc,
    tex: *const TextureDescC,
) -> R<()> {
    if out.is_null() {
        return Err(fail(ce::INVALID_VALUE, "a null pointer argument"));
    }
    // SAFETY: null checked by `read`.
    let (r, t) = unsafe { (read(res)?, read(tex)?) };
    let resource = match r.res_type {
        RES_ARRAY => {
            array(rt, r.ptr)?;
            Resource::Array(r.ptr as u64)
        }
        RES_LINEAR => Resource::Linear {
            ptr: r.ptr as u64,
            format: channel(&r.desc)?,
            bytes: r.size_or_width as u64,
        },
        RES_PITCH2D => Resource::Pitch2D {
            ptr: r.ptr as u64,
            format: channel(&r.desc)?,
            width: r.size_or_width as u64,
            height: r.height as u64,
            pitch: r.pitch as u64,
        },
        RES_MIPMAP => {
            return Err(fail(
                ce::NOT_SUPPORTED,
                "mipmapped arrays are not supported",
            ));
        }
        k => return Err(fail(ce::INVALID_VALUE, format!("cudaResourceType {k}"))),
    };
    if t.srgb != 0 {
        return Err(fail(ce::NOT_SUPPORTED, "sRGB textures are not supported"));
    }
    let filter = match t.filter_mode {
        0 => Filter::Point,
        1 => Filter::Linear,
        m => {
            return Err(fail(
                ce::INVALID_VALUE,
                format!("cudaTextureFilterMode {m}"),
            ));
        }
    };
    let normalized_float = match t.read_mode {
        0 => false,
        1 => true,
        m => return Err(fail(ce::INVALID_VALUE, format!("cudaTextureReadMode {m}"))),
    };
    let desc = TextureDesc {
        address: [
            address_mode(t.address_mode[0])?,
            address_mode(t.address_mode[1])?,
            address_mode(t.address_mode[2])?,
        ],
        filter,
        normalized_float,
        normalized_coords: t.normalized_coords != 0,
        border: t.border_color,
    };
    let made = rt.ctx.create_texture(resource, desc);
    let h = rt.dev(made).map_err(|f| {
        if f.code == ce::MEMORY_ALLOCATION {
            f
        } else {
            fail(ce::INVALID_VALUE, f.why)
        }
    })?;
    // SAFETY: null checked.
    unsafe { put(out, h) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaCreateTextureObject(
    out: *mut u64,
    res: *const ResourceDesc,
    tex: *const TextureDescC,
    _view: *const c_void,
) -> CudaError {
    live_entry("cudaCreateTextureObject", |rt| {
        create_texture(rt, out, res, tex)
    })
}

/// `cudaCreateTextureObject_v2` (its `cudaTextureDesc_v2` begins as `cudaTextureDesc`;
/// `seamlessCubemap` is not modelled: a cube-map face is sampled alone).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaCreateTextureObject_v2(
    out: *mut u64,
    res: *const ResourceDesc,
    tex: *const TextureDescC,
    _view: *const c_void,
) -> CudaError {
    live_entry("cudaCreateTextureObject_v2", |rt| {
        create_texture(rt, out, res, tex)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDestroyTextureObject(obj: u64) -> CudaError {
    live_entry("cudaDestroyTextureObject", |rt| {
        let r = rt.ctx.destroy_texture(obj);
        rt.dev(r).map_err(|f| fail(ce::INVALID_VALUE, f.why))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetTextureObjectResourceDesc(
    out: *mut ResourceDesc,
    obj: u64,
) -> CudaError {
    live_entry("cudaGetTextureObjectResourceDesc", |rt| {
        let r = rt.ctx.texture_object(obj);
        let o = rt.dev(r).map_err(|f| fail(ce::INVALID_VALUE, f.why))?;
        let mut d = ResourceDesc {
            res_type: RES_ARRAY,
            ptr: std::ptr::null_mut(),
            desc: ChannelFormatDesc::default(),
            size_or_width: 0,
            height: 0,
            pitch: 0,
        };
        match o.resource {
            Resource::Array(h) => d.ptr = h as *mut c_void,
            Resource::Linear { ptr, format, bytes } => {
                d.res_type = RES_LINEAR;
                d.ptr = ptr as *mut c_void;
                d.desc = channel_desc(&format);
                d.size_or_width = bytes as usize;
            }
            Resource::Pitch2D {
                ptr,
                format,
                width,
                height,
                pitch,
            } => {
                d.res_type = RES_PITCH2D;
                d.ptr = ptr as *mut c_void;
                d.desc = channel_desc(&format);
                d.size_or_width = width as usize;
                d.height = height as usize;
                d.pitch = pitch as usize;
            }
        }
        // SAFETY: null checked by `put`.
        unsafe { put(out, d) }
    })
}

/// `cudaCreateSurfaceObject`: over an array made with `cudaArraySurfaceLoadStore` (the
/// only resource CUDA allows a surface).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaCreateSurfaceObject(
    out: *mut u64,
    res: *const ResourceDesc,
) -> CudaError {
    live_entry("cudaCreateSurfaceObject", |rt| {
        if out.is_null() {
            return Err(fail(ce::INVALID_VALUE, "a null pointer argument"));
        }
        // SAFETY: null checked by `read`.
        let r = unsafe { read(res)? };
        if r.res_type != RES_ARRAY {
            return Err(fail(
                ce::INVALID_VALUE,
                format!(
                    "cudaResourceType {}: a surface is over an array",
                    r.res_type
                ),
            ));
        }
        array(rt, r.ptr)?;
        let made = rt.ctx.create_surface(r.ptr as u64);
        let h = rt.dev(made).map_err(|f| {
            if f.code == ce::MEMORY_ALLOCATION {
                f
            } else {
                fail(ce::INVALID_VALUE, f.why)
            }
        })?;
        // SAFETY: null checked.
        unsafe { put(out, h) }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDestroySurfaceObject(obj: u64) -> CudaError {
    live_entry("cudaDestroySurfaceObject", |rt| {
        let r = rt.ctx.destroy_surface(obj);
        rt.dev(r).map_err(|f| fail(ce::INVALID_VALUE, f.why))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetSurfaceObjectResourceDesc(
    out: *mut ResourceDesc,
    obj: u64,
) -> CudaError {
    live_entry("cudaGetSurfaceObjectResourceDesc", |rt| {
        let r = rt.ctx.surface_object(obj);
        let a = rt.dev(r).map_err(|f| fail(ce::INVALID_VALUE, f.why))?;
        let d = ResourceDesc {
            res_type: RES_ARRAY,
            ptr: a as *mut c_void,
            desc: ChannelFormatDesc::default(),
            size_or_width: 0,
            height: 0,
            pitch: 0,
        };
        // SAFETY: null checked by `put`.
        unsafe { put(out, d) }
    })
}

/// `struct textureReference` (CUDA 11.8): what `texture<T, dim, mode>` holds on the host.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TextureReference {
    pub normalized: c_int,
    pub filter_mode: c_int,
    pub address_mode: [c_int; 3],
    pub channel_desc: ChannelFormatDesc,
    pub srgb: c_int,
    pub max_anisotropy: c_uint,
    pub mipmap_filter_mode: c_int,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub disable_trilinear_optimization: c_int,
    pub reserved: [c_int; 14],
}

/// (C field, offset) of `textureReference`, for the layout test.
pub fn texref_layout() -> Layout {
    (
        "struct textureReference",
        offsets!(TextureReference {
            "normalized" => normalized, "filterMode" => filter_mode,
            "addressMode" => address_mode, "channelDesc" => channel_desc, "sRGB" => srgb,
            "maxAnisotropy" => max_anisotropy, "mipmapFilterMode" => mipmap_filter_mode,
            "mipmapLevelBias" => mipmap_level_bias,
            "minMipmapLevelClamp" => min_mipmap_level_clamp,
            "maxMipmapLevelClamp" => max_mipmap_level_clamp,
            "disableTrilinearOptimization" => disable_trilinear_optimization,
            "__cudaReserved" => reserved,
        }),
        size_of::<TextureReference>(),
    )
}

/// Binds the registered reference at `tex` to `resource` (its sampling state from the
/// `textureReference`, its read mode from the registration).
fn bind(rt: &mut Runtime, tex: *const TextureReference, resource: Resource) -> R<()> {
    // SAFETY: checked for null by `read`; the program passes its `textureReference`.
    let t = unsafe { read(tex) }?;
    let Some(r) = rt.texrefs.get(&(tex as u64)).cloned() else {
        return Err(fail(
            ce::INVALID_TEXTURE,
            format!("{:#x} is not a registered texture reference", tex as u64),
        ));
    };
    let m = rt.module(r.handle)?;
    if t.srgb != 0 {
        return Err(fail(ce::NOT_SUPPORTED, "sRGB textures are not supported"));
    }
    let filter = match t.filter_mode {
        0 => Filter::Point,
        1 => Filter::Linear,
        f => {
            return Err(fail(
                ce::INVALID_VALUE,
                format!("cudaTextureFilterMode {f}"),
            ));
        }
    };
    let desc = TextureDesc {
        address: [
            address_mode(t.address_mode[0])?,
            address_mode(t.address_mode[1])?,
            address_mode(t.address_mode[2])?,
        ],
        filter,
        normalized_float: r.normalized_float,
        normalized_coords: t.normalized != 0,
        border: [0.0; 4],
    };
    let made = rt.ctx.bind_texture_ref(m, &r.name, resource, desc);
    rt.dev(made).map_err(|f| {
        if f.code == ce::MEMORY_ALLOCATION {
            f
        } else {
            fail(ce::INVALID_VALUE, f.why)
        }
    })?;
    Ok(())
}

/// The channel format of a bind: `desc`, else the reference's own.
fn bind_format(tex: *const TextureReference, desc: *const ChannelFormatDesc) -> R<ChannelFormat> {
    // SAFETY: checked for null by `read`; the program passes readable structs.
    let d = if desc.is_null() {
        unsafe { read(tex) }?.channel_desc
    } else {
        unsafe { read(desc) }?
    };
    channel(&d)
}

/// `cudaBindTexture`: linear memory (`tex1Dfetch`); the offset is always 0 (any address
/// is accepted: the header holds the exact base).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaBindTexture(
    offset: *mut usize,
    tex: *const TextureReference,
    dev_ptr: *const c_void,
    desc: *const ChannelFormatDesc,
    size: usize,
) -> CudaError {
    live_entry("cudaBindTexture", |rt| {
        let format = bind_format(tex, desc)?;
        let res = Resource::Linear {
            ptr: dev_ptr as u64,
            format,
            bytes: size as u64,
        };
        bind(rt, tex, res)?;
        if !offset.is_null() {
            // SAFETY: non-null.
            unsafe { put(offset, 0usize) }?;
        }
        Ok(())
    })
}

/// `cudaBindTexture2D`: pitched memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaBindTexture2D(
    offset: *mut usize,
    tex: *const TextureReference,
    dev_ptr: *const c_void,
    desc: *const ChannelFormatDesc,
    width: usize,
    height: usize,
    pitch: usize,
) -> CudaError {
    live_entry("cudaBindTexture2D", |rt| {
        let format = bind_format(tex, desc)?;
        let res = Resource::Pitch2D {
            ptr: dev_ptr as u64,
            format,
            width: width as u64,
            height: height as u64,
            pitch: pitch as u64,
        };
        bind(rt, tex, res)?;
        if !offset.is_null() {
            // SAFETY: non-null.
            unsafe { put(offset, 0usize) }?;
        }
        Ok(())
    })
}

/// `cudaBindTextureToArray`: the array's own format (`desc` is ignored, as CUDA allows).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaBindTextureToArray(
    tex: *const TextureReference,
    a: *mut c_void,
    _desc: *const ChannelFormatDesc,
) -> CudaError {
    live_entry("cudaBindTextureToArray", |rt| {
        array(rt, a)?;
        bind(rt, tex, Resource::Array(a as u64))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaUnbindTexture(tex: *const TextureReference) -> CudaError {
    live_entry("cudaUnbindTexture", |rt| {
        let Some(r) = rt.texrefs.get(&(tex as u64)).cloned() else {
            return Err(fail(
                ce::INVALID_TEXTURE,
                format!("{:#x} is not a registered texture reference", tex as u64),
            ));
        };
        let m = rt.module(r.handle)?;
        let u = rt.ctx.unbind_texture_ref(m, &r.name);
        rt.dev(u).map_err(|f| fail(ce::INVALID_VALUE, f.why))
    })
}

/// `cudaGetTextureReference`: a registered reference is its own host variable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetTextureReference(
    out: *mut *const TextureReference,
    symbol: *const c_void,
) -> CudaError {
    live_entry("cudaGetTextureReference", |rt| {
        if !rt.texrefs.contains_key(&(symbol as u64)) {
            return Err(fail(
                ce::INVALID_TEXTURE,
                format!("{:#x} is not a registered texture reference", symbol as u64),
            ));
        }
        // SAFETY: null checked by `put`.
        unsafe { put(out, symbol as *const TextureReference) }
    })
}
