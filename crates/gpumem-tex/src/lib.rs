//! The texture unit: what a texture fetch returns, from a texture (its header: format,
//! type, size, layout, base address) and a sampler (address modes, filter, border colour),
//! bit for bit as an NVIDIA GPU's texture unit computes it.
//!
//! The arithmetic is the one `scripts/research/tex_silicon.py` found in an H100's fetches
//! (`../shared/silicon/textures`, docs/14-textures.md), not the textbook formula:
//!
//! - A coordinate becomes fixed point: unnormalized coordinates exactly (40 fractional
//!   bits suffice), normalized ones truncated to 21 fractional bits *before* they are
//!   scaled by the size (wrap and mirror reduce that fixed-point number). NaN and
//!   denormal coordinates read as 0; infinities lie beyond every edge (wrap and mirror
//!   take them to 0).
//! - Linear filtering forms `u - 1/2` in 1/256 texel and rounds it to nearest (ties up):
//!   the top bits index the texel, the low 8 bits are the weight.
//! - A 2-D filter does not multiply the axis weights exactly: the corner weight
//!   `w11 = round(a * b / 256)` (ties up) and the others follow from it (`a - w11`,
//!   `b - w11`, `256 - a - b + w11`), every weight of 8 fractional bits. A 3-D filter
//!   splits each 2-D weight by the z weight the same way.
//! - A 1-D texture is a 2-D texture of height 1 sampled at y = 0: a linear filter reads
//!   row -1 with weight 1/2 too, which matters in border mode (the border colour enters).
//! - Float texels: the weighted sum is exact and rounded once, to nearest with ties away
//!   from zero; half-float textures round the result to half precision.
//! - 8/16-bit normalized texels (read mode normalized float): the weighted sum of the
//!   stored integers is converted once to a 16-bit unorm/snorm (rounded, ties up), then to
//!   float; a point sample converts the texel exactly (t / 255, t / 127 clamped to -1).
//!
//! Texel memory is reached through [`TexelMemory`], so that the executor can hand the
//! unit its device memory (with its limits and faults) and tests a byte slice.

mod exact;
pub mod head;
pub mod layout;
pub mod surface;

use exact::{WIDE_SCALE, Wide, ratio_to_f32};

/// Why a fetch or a texture description failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TexError {
    /// A texel (or header, sampler) read that the memory refused.
    #[error("texture memory read of {len} bytes at {addr:#x}: {why}")]
    Memory { addr: u64, len: usize, why: String },
    /// A texture header the unit cannot use (format, type, size).
    #[error("texture header: {0}")]
    Header(String),
    /// A sampler the unit cannot use.
    #[error("texture sampler: {0}")]
    Sampler(String),
    /// A bindless handle or slot naming no header or sampler of the pools.
    #[error("texture handle {handle:#x}: {why}")]
    Handle { handle: u32, why: String },
}

/// Where texels live: the device memory seen by the texture unit.
pub trait TexelMemory {
    /// Reads `out.len()` bytes at `addr`.
    fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), TexError>;
}

/// A byte slice as texel memory, starting at address 0 (tests, host-side textures).
impl TexelMemory for [u8] {
    fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), TexError> {
        let start = usize::try_from(addr).ok();
        let range = start.and_then(|s| Some(s..s.checked_add(out.len())?));
        match range.and_then(|r| self.get(r)) {
            Some(src) => {
                out.copy_from_slice(src);
                Ok(())
            }
            None => Err(TexError::Memory {
                addr,
                len: out.len(),
                why: format!("outside the {} bytes of the texture data", self.len()),
            }),
        }
    }
}

/// Component sizes of a texel (TEXHEAD `COMPONENTS`; the ones CUDA arrays use).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Components {
    R8,
    G8R8,
    A8B8G8R8,
    R16,
    R16G16,
    R16G16B16A16,
    R32,
    R32G32,
    R32G32B32A32,
}

impl Components {
    /// Channels per texel.
    pub fn channels(self) -> u32 {
        match self {
            Self::R8 | Self::R16 | Self::R32 => 1,
            Self::G8R8 | Self::R16G16 | Self::R32G32 => 2,
            Self::A8B8G8R8 | Self::R16G16B16A16 | Self::R32G32B32A32 => 4,
        }
    }

    /// Bits per channel.
    pub fn bits(self) -> u32 {
        match self {
            Self::R8 | Self::G8R8 | Self::A8B8G8R8 => 8,
            Self::R16 | Self::R16G16 | Self::R16G16B16A16 => 16,
            Self::R32 | Self::R32G32 | Self::R32G32B32A32 => 32,
        }
    }

    /// Bytes per texel.
    pub fn bytes(self) -> u32 {
        self.channels() * self.bits() / 8
    }
}

/// How a channel's bits are read (TEXHEAD `R_DATA_TYPE`...; one type for all channels,
/// as CUDA's channel descriptors have). `Unorm`/`Snorm` are CUDA's normalized-float read
/// mode of unsigned/signed integers; `Uint`/`Sint` the element-type read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataType {
    Snorm,
    Unorm,
    Sint,
    Uint,
    Float,
}

/// What a result component holds (TEXHEAD `X_SOURCE`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    Zero,
    R,
    G,
    B,
    A,
    OneInt,
    OneFloat,
}

/// A texel format: sizes, data type and the swizzle of the four result components.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Format {
    pub components: Components,
    pub data: DataType,
    pub swizzle: [Source; 4],
}

impl Format {
    /// The format with the identity swizzle (components the texel lacks read as 0, as
    /// the silicon returned them).
    pub fn new(components: Components, data: DataType) -> Self {
        Self {
            components,
            data,
            swizzle: [Source::R, Source::G, Source::B, Source::A],
        }
    }

    fn check(&self) -> Result<(), TexError> {
        let bits = self.components.bits();
        match self.data {
            DataType::Float if bits == 8 => Err(TexError::Header(format!(
                "{:?} has 8-bit channels: no 8-bit float format exists",
                self.components
            ))),
            DataType::Unorm | DataType::Snorm if bits == 32 => Err(TexError::Header(format!(
                "{:?} with normalized channels: 32-bit channels read as integers or floats only",
                self.components
            ))),
            _ => Ok(()),
        }
    }
}

/// TEXHEAD `TEXTURE_TYPE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextureType {
    OneD,
    TwoD,
    ThreeD,
    Cubemap,
    OneDArray,
    TwoDArray,
    OneDBuffer,
    TwoDNoMipmap,
    CubemapArray,
}

/// How texels are placed in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Rows `pitch` bytes apart (slices and layers `pitch * height` apart).
    Pitch { pitch: u32 },
    /// NVIDIA's block-linear layout: GOBs of 64 bytes x 8 rows, blocks of one GOB wide,
    /// 2^`gobs_y_log2` GOBs high and 2^`gobs_z_log2` deep ([`layout::block_linear`]).
    BlockLinear { gobs_y_log2: u8, gobs_z_log2: u8 },
    /// Texels one after the other (a 1-D buffer: `tex1Dfetch`).
    Linear,
}

/// A texture as its header describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Texture {
    pub base: u64,
    pub format: Format,
    pub ty: TextureType,
    pub width: u32,
    pub height: u32,
    /// Depth of a 3-D texture, layers of an array (1 otherwise).
    pub depth: u32,
    pub layout: Layout,
    /// Coordinates in [0, 1) across the texture (the header's `NORMALIZED_COORDS`).
    pub normalized: bool,
}

/// TEXSAMP `ADDRESS_U/V/P`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressMode {
    Wrap,
    Mirror,
    ClampToEdge,
    Border,
    ClampOgl,
    MirrorOnceClampToEdge,
    MirrorOnceBorder,
    MirrorOnceClampOgl,
}

/// The magnification filter (TEXSAMP `MAG_FILTER`; no mipmaps: the minification filter
/// of a level-0 fetch is the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Filter {
    Point,
    Linear,
}

/// A sampler as TEXSAMP describes it (the fields a fetch without mipmaps uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sampler {
    pub address: [AddressMode; 3],
    pub filter: Filter,
    /// TEXSAMP `FLOAT_COORD_NORMALIZATION = FORCE_UNNORMALIZED_COORDS`.
    pub force_unnormalized: bool,
    /// Border colour R, G, B, A as float32 bits.
    pub border: [u32; 4],
}

impl Sampler {
    /// A sampler with one address mode on every axis and border colour 0.
    pub fn new(address: AddressMode, filter: Filter) -> Self {
        Self {
            address: [address; 3],
            filter,
            force_unnormalized: false,
            border: [0; 4],
        }
    }
}

/// The face (0-5: +x, -x, +y, -y, +z, -z) a cube-map direction selects and the
/// normalized (s, t) on it. NaN components count as 0; a zero direction gives face 0 and
/// NaN coordinates (which read as 0).
pub fn cube_face(dir: [f32; 3]) -> (u32, f32, f32) {
    let [x, y, z] = dir.map(|c| if c.is_nan() { 0.0 } else { f64::from(c) });
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, sc, tc, ma) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, -z, -y, ax)
        } else {
            (1, z, -y, ax)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, x, z, ay)
        } else {
            (3, x, -z, ay)
        }
    } else if z >= 0.0 {
        (4, x, -y, az)
    } else {
        (5, -x, -y, az)
    };
    let st = |c: f64| ((c / ma + 1.0) / 2.0) as f32;
    (face, st(sc), st(tc))
}

/// Fractional bits kept of a normalized coordinate before it is scaled by the size.
const NORMALIZED_BITS: u32 = 21;
/// Fractional bits of an unnormalized coordinate (more than any floor below needs).
const UNNORMALIZED_BITS: u32 = 40;
/// Coordinates beyond 2^40 texels read as 2^40 (every texture is smaller).
const BEYOND_LOG2: i32 = 40;

/// `floor(c * 2^frac)` with NaN and denormals as 0 and |c| limited to 2^40.
fn fixed_floor(c: f32, frac: u32) -> i128 {
    let b = c.to_bits();
    let neg = b >> 31 == 1;
    let e = ((b >> 23) & 0xFF) as i32;
    if e == 0 || (e == 0xFF && b & 0x7F_FFFF != 0) {
        return 0; // zero, denormal, NaN
    }
    let limit = 1i128 << (BEYOND_LOG2 as u32 + frac);
    if e == 0xFF || e - 127 >= BEYOND_LOG2 {
        return if neg { -limit } else { limit };
    }
    let m = i128::from((b & 0x7F_FFFF) | 0x80_0000);
    let sh = e - 150 + frac as i32;
    // the integer part and whether bits below it are set (m < 2^24: a right shift of 24
    // or more leaves nothing)
    let (mag, below) = if sh >= 0 {
        (m << sh, false)
    } else if sh > -24 {
        (m >> -sh, m & ((1i128 << -sh) - 1) != 0)
    } else {
        (0, true)
    };
    match (neg, below) {
        (false, _) => mag,
        (true, true) => -mag - 1,
        (true, false) => -mag,
    }
}

/// A texel index under an address mode, or `None` for the border.
fn address(i: i64, n: u32, mode: AddressMode) -> Option<u32> {
    let n64 = i64::from(n);
    let mirror = |i: i64| {
        let p = i.rem_euclid(2 * n64);
        if p < n64 { p } else { 2 * n64 - 1 - p }
    };
    let v = match mode {
        AddressMode::Wrap => i.rem_euclid(n64),
        AddressMode::Mirror => mirror(i),
        AddressMode::ClampToEdge | AddressMode::ClampOgl => i.clamp(0, n64 - 1),
        AddressMode::Border => {
            if (0..n64).contains(&i) {
                i
            } else {
                return None;
            }
        }
        AddressMode::MirrorOnceClampToEdge | AddressMode::MirrorOnceClampOgl => {
            let m = if i < 0 { -1 - i } else { i };
            m.min(n64 - 1)
        }
        AddressMode::MirrorOnceBorder => {
            let m = if i < 0 { -1 - i } else { i };
            if m < n64 {
                m
            } else {
                return None;
            }
        }
    };
    Some(v as u32)
}

/// One axis of a fetch: up to two texels and their weights in 1/256.
#[derive(Clone, Copy, Debug)]
struct Axis {
    taps: [(Option<u32>, u32); 2],
    linear: bool,
}

impl Axis {
    fn weight(&self) -> u32 {
        self.taps[1].1
    }
}

fn axis(c: f32, n: u32, normalized: bool, mode: AddressMode, linear: bool) -> Axis {
    let (u, frac) = if normalized {
        let one = 1i128 << NORMALIZED_BITS;
        let mut x = fixed_floor(c, NORMALIZED_BITS);
        match mode {
            AddressMode::Wrap => x = x.rem_euclid(one),
            // one period of two; the reflection is done on the texel index
            AddressMode::Mirror => x = x.rem_euclid(2 * one),
            _ => {}
        }
        (x * i128::from(n), NORMALIZED_BITS)
    } else {
        (fixed_floor(c, UNNORMALIZED_BITS), UNNORMALIZED_BITS)
    };
    let to_i64 = |v: i128| v.clamp(i128::from(i64::MIN / 4), i128::from(i64::MAX / 4)) as i64;
    if !linear {
        let i = to_i64(u >> frac);
        return Axis {
            taps: [(address(i, n, mode), 256), (None, 0)],
            linear,
        };
    }
    // u - 1/2 in 1/256 texel, rounded to nearest (ties up)
    let fx = (u * 256 + (1i128 << (frac - 1)) - (128i128 << frac)) >> frac;
    let i0 = to_i64(fx >> 8);
    let w = (fx & 255) as u32;
    Axis {
        taps: [
            (address(i0, n, mode), 256 - w),
            (address(i0.saturating_add(1), n, mode), w),
        ],
        linear,
    }
}

/// A texel's channels as stored (integers sign- or zero-extended, floats as bits).
type Raw = [u32; 4];

/// One texel of a filter footprint: its (x, y, z or layer), `None` for the border, and its
/// weight in 1/256.
type Tap = (Option<(u32, u32, u32)>, u32);

impl Texture {
    /// Checks that the unit can fetch from this texture: a known format, sizes above
    /// zero, a layout that fits the type.
    pub fn check(&self) -> Result<(), TexError> {
        self.format.check()?;
        if self.width == 0 || self.height == 0 || self.depth == 0 {
            return Err(TexError::Header(format!(
                "size {}x{}x{} has a zero dimension",
                self.width, self.height, self.depth
            )));
        }
        if matches!(self.ty, TextureType::Cubemap | TextureType::CubemapArray)
            && self.width != self.height
        {
            return Err(TexError::Header(format!(
                "a cube map's faces are square: {}x{}",
                self.width, self.height
            )));
        }
        if let Layout::Pitch { pitch } = self.layout
            && u64::from(pitch) < u64::from(self.width) * u64::from(self.format.components.bytes())
        {
            return Err(TexError::Header(format!(
                "pitch {pitch} is smaller than a row of {} texels of {} bytes",
                self.width,
                self.format.components.bytes()
            )));
        }
        Ok(())
    }

    /// Bytes the texture spans from its base (its last texel's end), for limits.
    pub fn span_bytes(&self) -> u64 {
        let bpp = u64::from(self.format.components.bytes());
        let (w, h, d) = (
            u64::from(self.width),
            u64::from(self.height),
            u64::from(self.depth),
        );
        match self.layout {
            Layout::Linear => w * bpp,
            Layout::Pitch { pitch } => u64::from(pitch).saturating_mul(h).saturating_mul(d),
            Layout::BlockLinear {
                gobs_y_log2,
                gobs_z_log2,
            } => {
                layout::block_linear_size(w * bpp, h, d, gobs_y_log2, gobs_z_log2, self.is_array())
            }
        }
    }

    fn is_array(&self) -> bool {
        matches!(self.ty, TextureType::OneDArray | TextureType::TwoDArray)
    }

    fn texel_addr(&self, x: u32, y: u32, z: u32) -> u64 {
        let bpp = u64::from(self.format.components.bytes());
        let (x, y, z) = (u64::from(x), u64::from(y), u64::from(z));
        let off = match self.layout {
            Layout::Linear => x * bpp,
            Layout::Pitch { pitch } => {
                (z * u64::from(self.height) + y) * u64::from(pitch) + x * bpp
            }
            Layout::BlockLinear {
                gobs_y_log2,
                gobs_z_log2,
            } => layout::block_linear(
                x * bpp,
                y,
                z,
                u64::from(self.width) * bpp,
                u64::from(self.height),
                gobs_y_log2,
                gobs_z_log2,
                self.is_array(),
            ),
        };
        self.base.wrapping_add(off)
    }

    fn read_texel(
        &self,
        mem: &(impl TexelMemory + ?Sized),
        x: u32,
        y: u32,
        z: u32,
    ) -> Result<Raw, TexError> {
        let c = self.format.components;
        let mut buf = [0u8; 16];
        let n = c.bytes() as usize;
        mem.read(self.texel_addr(x, y, z), &mut buf[..n])?;
        let signed = matches!(self.format.data, DataType::Sint | DataType::Snorm);
        let mut raw = [0u32; 4];
        for (ch, r) in raw.iter_mut().enumerate().take(c.channels() as usize) {
            *r = match c.bits() {
                8 => {
                    let v = buf[ch];
                    if signed {
                        v as i8 as i32 as u32
                    } else {
                        u32::from(v)
                    }
                }
                16 => {
                    let v = u16::from_le_bytes([buf[2 * ch], buf[2 * ch + 1]]);
                    if signed {
                        v as i16 as i32 as u32
                    } else {
                        u32::from(v)
                    }
                }
                _ => u32::from_le_bytes([
                    buf[4 * ch],
                    buf[4 * ch + 1],
                    buf[4 * ch + 2],
                    buf[4 * ch + 3],
                ]),
            };
        }
        Ok(raw)
    }

    /// The largest value of a normalized channel (255, 127, 65535, 32767).
    fn norm_top(&self) -> i64 {
        let bits = self.format.components.bits();
        if self.format.data == DataType::Snorm {
            (1i64 << (bits - 1)) - 1
        } else {
            (1i64 << bits) - 1
        }
    }

    /// One channel of a single texel as the fetch returns it (point sampling, TLD).
    fn convert(&self, raw: u32) -> u32 {
        let bits = self.format.components.bits();
        match self.format.data {
            DataType::Uint | DataType::Sint => raw,
            DataType::Float if bits == 16 => half_to_f32(raw as u16),
            DataType::Float => raw,
            DataType::Unorm => ratio_to_f32(i64::from(raw), self.norm_top() as u64),
            DataType::Snorm => {
                let top = self.norm_top();
                ratio_to_f32(i64::from(raw as i32).max(-top), top as u64)
            }
        }
    }

    fn swizzle(&self, ch: [u32; 4]) -> [u32; 4] {
        let one_int = 1u32;
        self.format.swizzle.map(|s| match s {
            Source::Zero => 0,
            Source::R => ch[0],
            Source::G => ch[1],
            Source::B => ch[2],
            Source::A => ch[3],
            Source::OneInt => one_int,
            Source::OneFloat => 1.0f32.to_bits(),
        })
    }

    /// TLD: the texel at integer coordinates (x, y, z or layer), level 0, unfiltered;
    /// outside the texture all four components are 0 (tex1Dfetch past the end).
    pub fn load(
        &self,
        mem: &(impl TexelMemory + ?Sized),
        x: i32,
        y: i32,
        z: i32,
    ) -> Result<[u32; 4], TexError> {
        self.check()?;
        let inside = |v: i32, n: u32| v >= 0 && (v as u32) < n;
        let (h, d) = match self.ty {
            TextureType::OneD | TextureType::OneDBuffer => (1, 1),
            TextureType::OneDArray => (1, self.depth),
            TextureType::TwoD | TextureType::TwoDNoMipmap => (self.height, 1),
            _ => (self.height, self.depth),
        };
        let (y, z) = match self.ty {
            TextureType::OneDArray => (0, y),
            TextureType::OneD | TextureType::OneDBuffer => (0, 0),
            TextureType::TwoD | TextureType::TwoDNoMipmap => (y, 0),
            _ => (y, z),
        };
        if !(inside(x, self.width) && inside(y, h) && inside(z, d)) {
            return Ok([0; 4]);
        }
        let raw = self.read_texel(mem, x as u32, y as u32, z as u32)?;
        let n = self.format.components.channels() as usize;
        let mut ch = [0u32; 4];
        for (c, r) in ch.iter_mut().zip(raw).take(n) {
            *c = self.convert(r);
        }
        Ok(self.swizzle(ch))
    }

    /// TEX: a filtered fetch at float coordinates `coords` (x, y, z as the type uses
    /// them) and, for arrays, `layer` (clamped to the last layer; taken unsigned).
    pub fn sample(
        &self,
        sampler: &Sampler,
        mem: &(impl TexelMemory + ?Sized),
        coords: [f32; 3],
        layer: u32,
    ) -> Result<[u32; 4], TexError> {
        self.check()?;
        if matches!(self.ty, TextureType::Cubemap | TextureType::CubemapArray) {
            return self.sample_cube(sampler, mem, coords, layer);
        }
        if self.ty == TextureType::OneDBuffer {
            return Err(TexError::Header(
                "a 1-D buffer is read with integer coordinates (TLD), not sampled".into(),
            ));
        }
        let integer = matches!(self.format.data, DataType::Uint | DataType::Sint);
        // element reads of integer texels are never filtered
        let linear = sampler.filter == Filter::Linear && !integer;
        let normalized = self.normalized && !sampler.force_unnormalized;
        let [ma, mb, mc] = sampler.address;
        let ax = axis(coords[0], self.width, normalized, ma, linear);
        let (ay, az, fixed_z) = match self.ty {
            // a 1-D texture is a 2-D one of height 1 sampled at y = 0
            TextureType::OneD => (axis(0.0, 1, normalized, mb, linear), None, 0),
            TextureType::OneDArray => (
                axis(0.0, 1, normalized, mb, linear),
                None,
                layer.min(self.depth - 1),
            ),
            TextureType::TwoD | TextureType::TwoDNoMipmap => (
                axis(coords[1], self.height, normalized, mb, linear),
                None,
                0,
            ),
            TextureType::TwoDArray => (
                axis(coords[1], self.height, normalized, mb, linear),
                None,
                layer.min(self.depth - 1),
            ),
            _ => (
                axis(coords[1], self.height, normalized, mb, linear),
                Some(axis(coords[2], self.depth, normalized, mc, linear)),
                0,
            ),
        };
        // the texels and their weights (in 1/256)
        let mut taps: [Tap; 8] = [(None, 0); 8];
        let mut nt = 0;
        if !linear {
            let idx = match (ax.taps[0].0, ay.taps[0].0, az.map(|a| a.taps[0].0)) {
                (Some(x), Some(y), None) => Some((x, y, fixed_z)),
                (Some(x), Some(y), Some(Some(z))) => Some((x, y, z)),
                _ => None,
            };
            taps[0] = (idx, 256);
            nt = 1;
        } else {
            let (a, b) = (ax.weight(), ay.weight());
            let w11 = (a * b + 128) >> 8;
            let corner = [
                (0, 0, 256 + w11 - a - b),
                (1, 0, a - w11),
                (0, 1, b - w11),
                (1, 1, w11),
            ];
            for (kx, ky, w) in corner {
                let (ix, iy) = (ax.taps[kx].0, ay.taps[ky].0);
                match az {
                    None => {
                        taps[nt] = (ix.zip(iy).map(|(x, y)| (x, y, fixed_z)), w);
                        nt += 1;
                    }
                    Some(az) => {
                        let w1 = (w * az.weight() + 128) >> 8;
                        for (kz, wz) in [(0, w - w1), (1, w1)] {
                            let iz = az.taps[kz].0;
                            taps[nt] = (ix.zip(iy).zip(iz).map(|((x, y), z)| (x, y, z)), wz);
                            nt += 1;
                        }
                    }
                }
            }
        }
        debug_assert!(ax.linear == linear);
        let n = self.format.components.channels() as usize;
        let mut raws = [[0u32; 4]; 8];
        for (raw, (idx, w)) in raws.iter_mut().zip(&taps[..nt]) {
            if let (Some((x, y, z)), true) = (idx, *w > 0) {
                *raw = self.read_texel(mem, *x, *y, *z)?;
            }
        }
        let mut ch = [0u32; 4];
        for (c, out) in ch.iter_mut().enumerate().take(n) {
            *out = if !linear {
                match taps[0].0 {
                    Some(_) => self.convert(raws[0][c]),
                    None => self.border_value(sampler, c),
                }
            } else {
                self.filter(sampler, c, &taps[..nt], &raws[..nt])
            };
        }
        Ok(self.swizzle(ch))
    }

    /// A cube-map fetch: direction `dir` (x, y, z) selects a face and a point on it (the
    /// CUDA C Programming Guide's cube-map table: the major axis is the component of
    /// largest magnitude, faces +x, -x, +y, -y, +z, -z are layers 0-5 of each cube,
    /// `s = (sc / |ma| + 1) / 2`, `t = (tc / |ma| + 1) / 2` with (sc, tc) = (-z, -y),
    /// (z, -y), (x, z), (x, -z), (x, -y), (-x, -y)); the face is then sampled as a
    /// layer of a 2-D array with normalized coordinates and the sampler's address modes
    /// (no seamless filtering across faces). Ties between axes go to x, then y (as
    /// Mesa's softpipe; the hardware's choice was not measured); a cube index past the
    /// last cube reads the last.
    fn sample_cube(
        &self,
        sampler: &Sampler,
        mem: &(impl TexelMemory + ?Sized),
        dir: [f32; 3],
        cube: u32,
    ) -> Result<[u32; 4], TexError> {
        let (face, s, t) = cube_face(dir);
        let cubes = if self.ty == TextureType::Cubemap {
            1
        } else {
            self.depth
        };
        let flat = Texture {
            ty: TextureType::TwoDArray,
            depth: cubes.saturating_mul(6),
            normalized: true,
            ..*self
        };
        let samp = Sampler {
            force_unnormalized: false,
            ..*sampler
        };
        flat.sample(&samp, mem, [s, t, 0.0], face + 6 * cube.min(cubes - 1))
    }

    /// The border colour of channel `c` as the fetch returns it.
    fn border_value(&self, sampler: &Sampler, c: usize) -> u32 {
        let b = sampler.border[c];
        match self.format.data {
            // integer reads return the border colour's integer value
            DataType::Uint | DataType::Sint => f32::from_bits(b) as i32 as u32,
            _ => b,
        }
    }

    fn filter(&self, sampler: &Sampler, c: usize, taps: &[Tap], raws: &[[u32; 4]]) -> u32 {
        match self.format.data {
            DataType::Unorm | DataType::Snorm => {
                let top = self.norm_top();
                let signed = self.format.data == DataType::Snorm;
                let m16: i64 = if signed { 32767 } else { 65535 };
                let border = {
                    let v = f32::from_bits(sampler.border[c]);
                    let v = if v.is_nan() { 0.0 } else { v };
                    (f64::from(v) * top as f64)
                        .round()
                        .clamp(-(top as f64) - 1.0, top as f64) as i64
                };
                let mut acc: i64 = 0;
                for ((idx, w), raw) in taps.iter().zip(raws) {
                    let t = match idx {
                        Some(_) if signed => i64::from(raw[c] as i32),
                        Some(_) => i64::from(raw[c]),
                        None => border,
                    };
                    acc += i64::from(*w) * t;
                }
                // 16-bit normalized value, rounded to nearest (ties up); -128 and -32768
                // enter the sum as themselves, the result stops at -1
                let num = 2 * acc * m16 + top * 256;
                let v = num.div_euclid(2 * top * 256).max(-m16);
                ratio_to_f32(v, m16 as u64)
            }
            DataType::Float => {
                let half = self.format.components.bits() == 16;
                let mut acc = Wide::default();
                let (mut nan, mut pinf, mut ninf) = (false, false, false);
                for ((idx, w), raw) in taps.iter().zip(raws) {
                    if *w == 0 {
                        continue;
                    }
                    let bits = match idx {
                        Some(_) if half => half_to_f32(raw[c] as u16),
                        Some(_) => raw[c],
                        None => sampler.border[c],
                    };
                    let e = ((bits >> 23) & 0xFF) as i32;
                    let m = bits & 0x7F_FFFF;
                    let neg = bits >> 31 == 1;
                    if e == 0xFF {
                        if m != 0 {
                            nan = true;
                        } else if neg {
                            ninf = true;
                        } else {
                            pinf = true;
                        }
                        continue;
                    }
                    let (mant, exp) = if e == 0 {
                        (m, -149)
                    } else {
                        (m | 0x80_0000, e - 150)
                    };
                    // value * 256 at a scale of 2^WIDE_SCALE: shift by exp + 149
                    acc.add_shifted(
                        u64::from(*w) * u64::from(mant),
                        (exp - WIDE_SCALE - 8) as u32,
                        neg,
                    );
                }
                if nan || (pinf && ninf) {
                    return 0x7FFF_FFFF;
                }
                if pinf {
                    return 0x7F80_0000;
                }
                if ninf {
                    return 0xFF80_0000;
                }
                if half {
                    acc.round_rna(10, -14, 15)
                } else {
                    acc.round_rna(23, -126, 127)
                }
            }
            // integer texels are never filtered (see `sample`)
            DataType::Uint | DataType::Sint => raws[0][c],
        }
    }
}

/// float32 bits of an IEEE half (exact).
pub fn half_to_f32(h: u16) -> u32 {
    let sign = u32::from(h >> 15) << 31;
    let e = u32::from((h >> 10) & 0x1F);
    let m = u32::from(h & 0x3FF);
    match (e, m) {
        (0, 0) => sign,
        (0, _) => {
            // subnormal: m * 2^-24
            let top = 31 - m.leading_zeros(); // < 10
            let exp = top as i32 - 24;
            let frac = (m << (23 - top)) & 0x7F_FFFF;
            sign | (((exp + 127) as u32) << 23) | frac
        }
        (0x1F, 0) => sign | 0x7F80_0000,
        (0x1F, _) => sign | 0x7FC0_0000 | (m << 13),
        _ => sign | ((e + 112) << 23) | (m << 13),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_become_fixed_point() {
        assert_eq!(fixed_floor(1.5, 8), 384);
        assert_eq!(fixed_floor(-1.5, 8), -384);
        assert_eq!(fixed_floor(-0.001, 8), -1);
        assert_eq!(fixed_floor(f32::NAN, 8), 0);
        assert_eq!(fixed_floor(f32::from_bits(0x8000_0001), 8), 0);
        assert_eq!(fixed_floor(f32::INFINITY, 0), 1 << 40);
        assert_eq!(fixed_floor(-3.4e38, 0), -(1 << 40));
        // the smallest normals: far below one unit of any fixed point used
        assert_eq!(fixed_floor(f32::MIN_POSITIVE, NORMALIZED_BITS), 0);
        assert_eq!(fixed_floor(-f32::MIN_POSITIVE, NORMALIZED_BITS), -1);
        assert_eq!(fixed_floor(-1e-20, UNNORMALIZED_BITS), -1);
        // 1/13 as float32, truncated to 21 bits and scaled by 13, stays below 1
        let x = fixed_floor(1.0 / 13.0, NORMALIZED_BITS) * 13;
        assert!(x < 1 << NORMALIZED_BITS);
    }

    #[test]
    fn address_modes_on_indices() {
        assert_eq!(address(-1, 4, AddressMode::Wrap), Some(3));
        assert_eq!(address(-1, 4, AddressMode::Mirror), Some(0));
        assert_eq!(address(5, 4, AddressMode::Mirror), Some(2));
        assert_eq!(address(9, 4, AddressMode::Mirror), Some(1));
        assert_eq!(address(-7, 4, AddressMode::ClampToEdge), Some(0));
        assert_eq!(address(4, 4, AddressMode::Border), None);
        assert_eq!(address(-2, 4, AddressMode::MirrorOnceClampToEdge), Some(1));
        assert_eq!(address(-6, 4, AddressMode::MirrorOnceBorder), None);
    }

    #[test]
    fn weights_round_ties_up() {
        // 6.001953125 - 0.5 = 5.501953125: 128.5/256 past texel 5, rounded to 129
        let a = axis(6.001_953, 13, false, AddressMode::ClampToEdge, true);
        assert_eq!(a.taps[0].0, Some(5));
        assert_eq!(a.weight(), 129);
    }

    #[test]
    fn halves_widen_exactly() {
        assert_eq!(f32::from_bits(half_to_f32(0x3C00)), 1.0);
        assert_eq!(f32::from_bits(half_to_f32(0xC000)), -2.0);
        assert_eq!(f32::from_bits(half_to_f32(0x0001)), 2f32.powi(-24));
        assert_eq!(f32::from_bits(half_to_f32(0x7BFF)), 65504.0);
        assert_eq!(half_to_f32(0xFC00), 0xFF80_0000);
    }

    #[test]
    fn bad_textures_are_refused() {
        let t = Texture {
            base: 0,
            format: Format::new(Components::R8, DataType::Float),
            ty: TextureType::TwoD,
            width: 4,
            height: 4,
            depth: 1,
            layout: Layout::Pitch { pitch: 4 },
            normalized: false,
        };
        let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
        let mem = [0u8; 16];
        assert!(matches!(
            t.sample(&s, &mem[..], [0.0; 3], 0),
            Err(TexError::Header(_))
        ));
        let t = Texture {
            format: Format::new(Components::R8, DataType::Unorm),
            width: 0,
            ..t
        };
        assert!(matches!(
            t.load(&mem[..], 0, 0, 0),
            Err(TexError::Header(_))
        ));
        // a texel outside the memory is a typed error, not a panic
        let t = Texture {
            width: 8,
            height: 8,
            layout: Layout::Pitch { pitch: 8 },
            ..t
        };
        assert!(matches!(
            t.load(&mem[..], 7, 7, 0),
            Err(TexError::Memory { .. })
        ));
    }
}
