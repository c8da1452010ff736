//! Surfaces: where a surface load or store (SULD, SUST) lands in a texture's memory, with
//! the boundary modes of the PTX ISA (`.trap`, `.clamp`, `.zero`), and the format
//! conversions of the formatted (`.P`) forms.
//!
//! A surface is a texture header (on Maxwell, surfaces are read and written through the
//! texture headers' pool, as Mesa's nouveau binds images for GM107+): its base, format,
//! type, size and layout say where a texel lives. What the surface instruction names:
//!
//! - its dimension (`.1D`, `.1D_BUFFER`, `.1D_ARRAY`, `.2D`, `.2D_ARRAY`, `.3D`), which must
//!   fit the header's type (a `.2D_ARRAY` access reaches a cube map's faces as layers);
//! - coordinates x, then y, z or the layer as the dimension has them; x counts bytes with
//!   `.BA` (byte addressing, what `suld.b`/`sust.b` compile to) and texels without;
//! - the access size in bytes (`.D`: 1, 2, 4, 8 or 16; `.P`: one texel).
//!
//! Decisions where no public document speaks (docs/14-textures.md, "Surfaces"): an access
//! is inside when `0 <= x_bytes` and `x_bytes + size <= width * texel bytes` and every other
//! coordinate is inside; an x in bytes that is not a multiple of the access size is an error
//! in every mode (the hardware's answer was not measured); `.clamp` clamps the texel index
//! of each axis to the edge (x to the last `size`-aligned position of the row); `.zero` makes
//! a load return 0 and drops a store; `.trap` is an error naming the coordinates.

use crate::{Components, DataType, Texture, TextureType};

/// The boundary mode of a surface access (SASS `.IGN` is `.zero`, no suffix `.clamp`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Boundary {
    Zero,
    Clamp,
    Trap,
}

/// The dimension a surface instruction names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SurfDim {
    D1,
    D1Buffer,
    D1Array,
    D2,
    D2Array,
    D3,
}

impl SurfDim {
    /// How many coordinates the dimension reads (x first).
    pub fn coords(self) -> usize {
        match self {
            Self::D1 | Self::D1Buffer => 1,
            Self::D1Array | Self::D2 => 2,
            Self::D2Array | Self::D3 => 3,
        }
    }

    /// Whether a header of type `ty` can be accessed with this dimension.
    pub fn fits(self, ty: TextureType) -> bool {
        match self {
            Self::D1 => ty == TextureType::OneD,
            Self::D1Buffer => ty == TextureType::OneDBuffer,
            Self::D1Array => ty == TextureType::OneDArray,
            Self::D2 => matches!(ty, TextureType::TwoD | TextureType::TwoDNoMipmap),
            Self::D2Array => matches!(
                ty,
                TextureType::TwoDArray | TextureType::Cubemap | TextureType::CubemapArray
            ),
            Self::D3 => ty == TextureType::ThreeD,
        }
    }
}

/// Why a surface access failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SurfError {
    /// `.trap`: a coordinate outside the surface.
    #[error(
        "surface access at ({x}, {y}, {z}) of {size} bytes is outside the {w}x{h}x{d} surface of {bpp}-byte texels{unit} (boundary mode trap)",
        unit = if *bytes_x { ", x in bytes" } else { "" }
    )]
    OutOfRange {
        x: i32,
        y: i32,
        z: i32,
        size: u32,
        bytes_x: bool,
        w: u32,
        h: u32,
        d: u32,
        bpp: u32,
    },
    /// An x byte offset that is not a multiple of the access size.
    #[error("surface x byte offset {x} is not a multiple of the access size {size}")]
    Misaligned { x: i32, size: u32 },
    /// The dimension does not fit the header's type, or the header cannot be a surface.
    #[error("surface: {0}")]
    Surface(String),
}

/// The extent of a surface along x (texels), y and the third axis (slices or layers), as a
/// dimension addresses it.
fn extent(t: &Texture) -> (u32, u32, u32) {
    match t.ty {
        TextureType::OneD | TextureType::OneDBuffer => (t.width, 1, 1),
        TextureType::OneDArray => (t.width, 1, t.depth),
        TextureType::TwoD | TextureType::TwoDNoMipmap => (t.width, t.height, 1),
        TextureType::Cubemap => (t.width, t.height, 6),
        TextureType::CubemapArray => (t.width, t.height, t.depth.saturating_mul(6)),
        TextureType::TwoDArray | TextureType::ThreeD => (t.width, t.height, t.depth),
    }
}

impl Texture {
    /// The address of a surface access of `size` bytes at `coords` (x, then y and z or the
    /// layer as `dim` has them; x in bytes when `bytes_x`), or `None` when `.zero` drops it.
    pub fn surface_address(
        &self,
        dim: SurfDim,
        coords: [i32; 3],
        size: u32,
        bytes_x: bool,
        boundary: Boundary,
    ) -> Result<Option<u64>, SurfError> {
        self.check_surface()
            .map_err(|e| SurfError::Surface(e.to_string()))?;
        if !dim.fits(self.ty) {
            return Err(SurfError::Surface(format!(
                "a {dim:?} access to a {:?} surface",
                self.ty
            )));
        }
        let bpp = self.format.components.bytes();
        if !matches!(size, 1 | 2 | 4 | 8 | 16) {
            return Err(SurfError::Surface(format!("access size {size}")));
        }
        let (w, h, d) = extent(self);
        // coordinates the dimension does not read are 0
        let mut c = [0i32; 3];
        c[..dim.coords()].copy_from_slice(&coords[..dim.coords()]);
        let (x, y, z) = match dim {
            SurfDim::D1Array => (c[0], 0, c[1]),
            _ => (c[0], c[1], c[2]),
        };
        // x in bytes
        let xb = if bytes_x {
            if x.rem_euclid(size as i32) != 0 {
                return Err(SurfError::Misaligned { x, size });
            }
            i64::from(x)
        } else {
            i64::from(x) * i64::from(bpp)
        };
        let row = i64::from(w) * i64::from(bpp);
        let size64 = i64::from(size);
        if size64 > row {
            return Err(SurfError::Surface(format!(
                "an access of {size} bytes is wider than a row of {row} bytes"
            )));
        }
        let inside_x = xb >= 0 && xb + size64 <= row;
        let inside = |v: i32, n: u32| v >= 0 && (v as u32) < n;
        let all_inside = inside_x && inside(y, h) && inside(z, d);
        let (xb, y, z) = if all_inside {
            (xb, y as u32, z as u32)
        } else {
            match boundary {
                Boundary::Zero => return Ok(None),
                Boundary::Trap => {
                    return Err(SurfError::OutOfRange {
                        x: c[0],
                        y: c[1],
                        z: c[2],
                        size,
                        bytes_x,
                        w,
                        h,
                        d,
                        bpp,
                    });
                }
                Boundary::Clamp => {
                    let last = (row - size64) / size64 * size64;
                    // n >= 1: `check` refuses zero sizes
                    let cl = |v: i32, n: u32| i64::from(v).clamp(0, i64::from(n) - 1) as u32;
                    (xb.clamp(0, last), cl(y, h), cl(z, d))
                }
            }
        };
        let (tx, within) = ((xb / i64::from(bpp)) as u32, (xb % i64::from(bpp)) as u64);
        Ok(Some(self.texel_addr(tx, y, z).wrapping_add(within)))
    }

    /// What a surface needs of its header: what a fetch needs, a cube map included.
    fn check_surface(&self) -> Result<(), crate::TexError> {
        match self.ty {
            TextureType::Cubemap | TextureType::CubemapArray => {
                let t = Texture {
                    ty: TextureType::TwoDArray,
                    ..*self
                };
                t.check()
            }
            _ => self.check(),
        }
    }

    /// A formatted load (SULD.P): the texel's channels as R, G, B, A words, converted as a
    /// fetch converts them (normalized channels to float, half to float, integers
    /// extended), channels the format lacks 0.
    pub fn surface_unpack(&self, texel: &[u8]) -> [u32; 4] {
        let c = self.format.components;
        let mut out = [0u32; 4];
        for (ch, o) in out.iter_mut().enumerate().take(c.channels() as usize) {
            let raw = channel_raw(c, self.format.data, texel, ch);
            *o = self.convert(raw);
        }
        out
    }

    /// A formatted store (SUST.P): the texel bytes for R, G, B, A words (float for
    /// normalized and float formats, integers for integer ones), converted to the format:
    /// floats to normalized channels clamp and round to nearest even (NaN to 0), to half
    /// round to nearest even; integers saturate to the channel's range.
    pub fn surface_pack(&self, words: [u32; 4]) -> Vec<u8> {
        let c = self.format.components;
        let bits = c.bits();
        let mut out = Vec::with_capacity(c.bytes() as usize);
        for &w in words.iter().take(c.channels() as usize) {
            let v: u32 = match self.format.data {
                DataType::Float if bits == 32 => w,
                DataType::Float => u32::from(f32_to_half(f32::from_bits(w))),
                DataType::Unorm => {
                    let f = f32::from_bits(w);
                    let top = ((1u64 << bits) - 1) as f64;
                    let f = if f.is_nan() { 0.0 } else { f64::from(f) };
                    (f.clamp(0.0, 1.0) * top).round_ties_even() as u32
                }
                DataType::Snorm => {
                    let f = f32::from_bits(w);
                    let top = ((1u64 << (bits - 1)) - 1) as f64;
                    let f = if f.is_nan() { 0.0 } else { f64::from(f) };
                    ((f.clamp(-1.0, 1.0) * top).round_ties_even() as i32) as u32
                }
                DataType::Uint => {
                    let top = if bits == 32 {
                        u32::MAX
                    } else {
                        (1 << bits) - 1
                    };
                    w.min(top)
                }
                DataType::Sint => {
                    let (lo, hi) = if bits == 32 {
                        (i32::MIN, i32::MAX)
                    } else {
                        (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
                    };
                    (w as i32).clamp(lo, hi) as u32
                }
            };
            out.extend_from_slice(&v.to_le_bytes()[..(bits / 8) as usize]);
        }
        out
    }
}

/// Channel `ch` of a texel's bytes, sign- or zero-extended.
fn channel_raw(c: Components, data: DataType, texel: &[u8], ch: usize) -> u32 {
    let signed = matches!(data, DataType::Sint | DataType::Snorm);
    let n = (c.bits() / 8) as usize;
    let mut b = [0u8; 4];
    if let Some(src) = texel.get(ch * n..ch * n + n) {
        b[..n].copy_from_slice(src);
    }
    let v = u32::from_le_bytes(b);
    match (n, signed) {
        (1, true) => v as u8 as i8 as i32 as u32,
        (2, true) => v as u16 as i16 as i32 as u32,
        _ => v,
    }
}

/// An f32 as IEEE half, rounded to nearest even (NaN stays NaN, overflow is infinity).
pub fn f32_to_half(f: f32) -> u16 {
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xFF) as i32;
    let man = b & 0x7F_FFFF;
    if exp == 0xFF {
        return sign | 0x7C00 | if man != 0 { 0x200 } else { 0 };
    }
    // value = 1.man * 2^(exp - 127); half exponent = exp - 127 + 15
    let e = exp - 127 + 15;
    if e >= 0x1F {
        return sign | 0x7C00;
    }
    let (m, shift) = if e <= 0 {
        if e < -10 {
            return sign;
        }
        // subnormal: the implicit one joins the mantissa
        (man | 0x80_0000, (14 - e) as u32)
    } else {
        (man, 13)
    };
    let half = m >> shift;
    let rem = m & ((1 << shift) - 1);
    let mid = 1 << (shift - 1);
    let mut r = half;
    if rem > mid || (rem == mid && half & 1 == 1) {
        r += 1;
    }
    let out = if e <= 0 { r } else { ((e as u32) << 10) + r };
    // a carry out of the mantissa moves into the exponent (and up to infinity)
    sign | out as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::half_to_f32;

    #[test]
    fn halves_round_to_nearest_even() {
        for h in 0u16..=0xFFFF {
            let f = f32::from_bits(half_to_f32(h));
            if f.is_nan() {
                assert_eq!(f32_to_half(f) & 0x7C00, 0x7C00);
                continue;
            }
            assert_eq!(f32_to_half(f), h, "{h:#x}");
        }
        assert_eq!(f32_to_half(65520.0), 0x7C00);
        assert_eq!(f32_to_half(65519.0), 0x7BFF);
        assert_eq!(f32_to_half(1.0 + 1.0 / 2048.0), 0x3C00);
        assert_eq!(f32_to_half(1.0 + 3.0 / 2048.0), 0x3C02);
        assert_eq!(f32_to_half(1e-10), 0);
    }
}
