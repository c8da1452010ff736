//! Texture headers (TEXHEAD) and samplers (TEXSAMP) as the Maxwell texture unit reads
//! them from memory, the pools that hold them and the bindless handle that names one of
//! each.
//!
//! Layouts: NVIDIA's open-gpu-doc `classes/3d/clb197tex.h` (GM20x; `clb097tex.h`, GM10x,
//! has the same fields at the same places): a header is 8 words (256 bits, fields named by
//! their bit range `MW(hi:lo)`), in one of three versions chosen by `HEADER_VERSION`
//! (bits 87:85): `ONE_D_BUFFER` (0), `PITCH` (2) and `BLOCKLINEAR` (3). A sampler is 8
//! words (`TEXSAMP0..7`). The colour-key header versions (1, 4) and the fields of
//! mipmapping, anisotropy and sRGB are decoded as far as a level-0 fetch needs them: a
//! header that asks for what the unit does not model is refused with its reason.
//!
//! A bindless handle (what `cudaTextureObject_t` holds and TEX/TLD `.B` forms and the
//! `0x..` operand of TEXS/TLDS name) is `header index | sampler index << 20`, as Mesa's
//! nouveau and yuzu's Maxwell recompiler read it: 20 bits of header, 12 of sampler.

use crate::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Source, TexError,
    TexelMemory, Texture, TextureType,
};

/// Bytes of one header or sampler in its pool.
pub const ENTRY_BYTES: u64 = 32;

/// The field at bits `hi:lo` (at most 32 bits wide) of a 256-bit record.
fn mw(words: &[u32; 8], hi: u32, lo: u32) -> u32 {
    let mut v: u64 = 0;
    for b in lo..=hi {
        let bit = (words[(b / 32) as usize] >> (b % 32)) & 1;
        v |= u64::from(bit) << (b - lo);
    }
    v as u32
}

fn set_mw(words: &mut [u32; 8], hi: u32, lo: u32, value: u32) {
    for b in lo..=hi {
        let w = (b / 32) as usize;
        let bit = (value >> (b - lo)) & 1;
        words[w] = (words[w] & !(1 << (b % 32))) | (bit << (b % 32));
    }
}

/// `COMPONENTS` values (MW(6:0)).
const COMPONENTS: [(u32, Components); 9] = [
    (0x01, Components::R32G32B32A32),
    (0x03, Components::R16G16B16A16),
    (0x04, Components::R32G32),
    (0x08, Components::A8B8G8R8),
    (0x0c, Components::R16G16),
    (0x0f, Components::R32),
    (0x18, Components::G8R8),
    (0x1b, Components::R16),
    (0x1d, Components::R8),
];

/// `R_DATA_TYPE`... values.
const DATA_TYPES: [(u32, DataType); 5] = [
    (1, DataType::Snorm),
    (2, DataType::Unorm),
    (3, DataType::Sint),
    (4, DataType::Uint),
    (7, DataType::Float),
];

/// `X_SOURCE`... values.
const SOURCES: [(u32, Source); 7] = [
    (0, Source::Zero),
    (2, Source::R),
    (3, Source::G),
    (4, Source::B),
    (5, Source::A),
    (6, Source::OneInt),
    (7, Source::OneFloat),
];

/// `TEXTURE_TYPE` values (MW(154:151)).
const TYPES: [(u32, TextureType); 9] = [
    (0, TextureType::OneD),
    (1, TextureType::TwoD),
    (2, TextureType::ThreeD),
    (3, TextureType::Cubemap),
    (4, TextureType::OneDArray),
    (5, TextureType::TwoDArray),
    (6, TextureType::OneDBuffer),
    (7, TextureType::TwoDNoMipmap),
    (8, TextureType::CubemapArray),
];

const ADDRESS: [(u32, AddressMode); 8] = [
    (0, AddressMode::Wrap),
    (1, AddressMode::Mirror),
    (2, AddressMode::ClampToEdge),
    (3, AddressMode::Border),
    (4, AddressMode::ClampOgl),
    (5, AddressMode::MirrorOnceClampToEdge),
    (6, AddressMode::MirrorOnceBorder),
    (7, AddressMode::MirrorOnceClampOgl),
];

fn lookup<T: Copy>(table: &[(u32, T)], v: u32, what: &str) -> Result<T, TexError> {
    table
        .iter()
        .find(|(k, _)| *k == v)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            TexError::Header(format!("{what} {v:#x} is not one the texture unit models"))
        })
}

fn code<T: Copy + PartialEq>(table: &[(u32, T)], t: T) -> u32 {
    table.iter().find(|(_, x)| *x == t).map_or(0, |(k, _)| *k)
}

/// Header versions (`HEADER_VERSION`, MW(87:85)).
const VERSION_BUFFER: u32 = 0;
const VERSION_PITCH: u32 = 2;
const VERSION_BLOCKLINEAR: u32 = 3;

/// Decodes a texture header.
pub fn decode_texhead(w: &[u32; 8]) -> Result<Texture, TexError> {
    let components = lookup(&COMPONENTS, mw(w, 6, 0), "component sizes")?;
    let types = [mw(w, 9, 7), mw(w, 12, 10), mw(w, 15, 13), mw(w, 18, 16)];
    let data = lookup(&DATA_TYPES, types[0], "data type")?;
    let used = components.channels() as usize;
    if let Some(t) = types[1..used].iter().find(|&&t| t != types[0]) {
        return Err(TexError::Header(format!(
            "channels of different data types ({:#x} and {t:#x}) are not modelled",
            types[0]
        )));
    }
    let mut swizzle = [Source::Zero; 4];
    for (i, s) in swizzle.iter_mut().enumerate() {
        let lo = 19 + 3 * i as u32;
        *s = lookup(&SOURCES, mw(w, lo + 2, lo), "component source")?;
    }
    let format = Format {
        components,
        data,
        swizzle,
    };
    let version = mw(w, 87, 85);
    let ty = lookup(&TYPES, mw(w, 154, 151), "texture type")?;
    let (base, layout, width, height, depth, normalized) = match version {
        VERSION_BUFFER => {
            let base = u64::from(mw(w, 63, 32)) | u64::from(mw(w, 79, 64)) << 32;
            let width = (mw(w, 111, 96) << 16 | mw(w, 143, 128)).wrapping_add(1);
            (base, Layout::Linear, width, 1, 1, false)
        }
        VERSION_PITCH => {
            let base = u64::from(mw(w, 63, 37)) << 5 | u64::from(mw(w, 79, 64)) << 32;
            let pitch = mw(w, 111, 96) << 5;
            let layout = Layout::Pitch { pitch };
            (
                base,
                layout,
                mw(w, 143, 128) + 1,
                mw(w, 175, 160) + 1,
                mw(w, 189, 176) + 1,
                mw(w, 191, 191) == 1,
            )
        }
        VERSION_BLOCKLINEAR => {
            let base = u64::from(mw(w, 63, 41)) << 9 | u64::from(mw(w, 79, 64)) << 32;
            if mw(w, 98, 96) != 0 {
                return Err(TexError::Header(
                    "blocks wider than one GOB are not modelled".into(),
                ));
            }
            let layout = Layout::BlockLinear {
                gobs_y_log2: mw(w, 101, 99) as u8,
                gobs_z_log2: mw(w, 104, 102) as u8,
            };
            (
                base,
                layout,
                mw(w, 143, 128) + 1,
                mw(w, 175, 160) + 1,
                mw(w, 189, 176) + 1,
                mw(w, 191, 191) == 1,
            )
        }
        v => {
            return Err(TexError::Header(format!(
                "header version {v} (colour-key and reserved versions are not modelled)"
            )));
        }
    };
    if (version == VERSION_BUFFER) != (ty == TextureType::OneDBuffer) {
        return Err(TexError::Header(format!(
            "a {ty:?} texture in a header of version {version}"
        )));
    }
    let t = Texture {
        base,
        format,
        ty,
        width,
        height,
        depth,
        layout,
        normalized,
    };
    t.check()?;
    Ok(t)
}

/// Encodes a texture header (the inverse of [`decode_texhead`]; fields it does not model
/// are 0). Refuses what the header cannot hold: a pitch or pitch-linear base not a
/// multiple of 32 bytes, a block-linear base not a multiple of 512, sizes past the
/// fields (16 bits of width and height, 14 of depth; 32 bits of buffer width), an
/// address past 48 bits, a buffer type with another layout.
pub fn encode_texhead(t: &Texture) -> Result<[u32; 8], TexError> {
    t.check()?;
    let bad = |why: String| Err(TexError::Header(why));
    match t.layout {
        Layout::Pitch { pitch } if !pitch.is_multiple_of(32) || !t.base.is_multiple_of(32) => {
            return bad(format!(
                "pitch {pitch} and base {:#x} must be multiples of 32 bytes",
                t.base
            ));
        }
        Layout::BlockLinear { .. } if !t.base.is_multiple_of(512) => {
            return bad(format!(
                "a block-linear base {:#x} must be a multiple of 512 bytes",
                t.base
            ));
        }
        Layout::Linear if t.ty != TextureType::OneDBuffer => {
            return bad(format!(
                "a {:?} texture cannot have the 1-D buffer layout",
                t.ty
            ));
        }
        Layout::Pitch { .. } | Layout::BlockLinear { .. } if t.ty == TextureType::OneDBuffer => {
            return bad("a 1-D buffer has the linear layout".into());
        }
        Layout::Pitch { .. } | Layout::BlockLinear { .. }
            if t.width > 1 << 16 || t.height > 1 << 16 || t.depth > 1 << 14 =>
        {
            return bad(format!(
                "size {}x{}x{} past the header's fields",
                t.width, t.height, t.depth
            ));
        }
        _ => {}
    }
    if t.base >> 48 != 0 {
        return bad(format!("base {:#x} past 48 bits", t.base));
    }
    let mut w = [0u32; 8];
    set_mw(&mut w, 6, 0, code(&COMPONENTS, t.format.components));
    let dt = code(&DATA_TYPES, t.format.data);
    for i in 0..4 {
        set_mw(&mut w, 9 + 3 * i, 7 + 3 * i, dt);
        set_mw(
            &mut w,
            21 + 3 * i,
            19 + 3 * i,
            code(&SOURCES, t.format.swizzle[i as usize]),
        );
    }
    set_mw(&mut w, 154, 151, code(&TYPES, t.ty));
    let hi = (t.base >> 32) as u32 & 0xFFFF;
    match t.layout {
        Layout::Linear => {
            set_mw(&mut w, 87, 85, VERSION_BUFFER);
            set_mw(&mut w, 63, 32, t.base as u32);
            set_mw(&mut w, 79, 64, hi);
            let wm1 = t.width.wrapping_sub(1);
            set_mw(&mut w, 111, 96, wm1 >> 16);
            set_mw(&mut w, 143, 128, wm1 & 0xFFFF);
        }
        Layout::Pitch { pitch } => {
            set_mw(&mut w, 87, 85, VERSION_PITCH);
            set_mw(&mut w, 63, 37, (t.base as u32) >> 5);
            set_mw(&mut w, 79, 64, hi);
            set_mw(&mut w, 111, 96, pitch >> 5);
        }
        Layout::BlockLinear {
            gobs_y_log2,
            gobs_z_log2,
        } => {
            set_mw(&mut w, 87, 85, VERSION_BLOCKLINEAR);
            set_mw(&mut w, 63, 41, (t.base as u32) >> 9);
            set_mw(&mut w, 79, 64, hi);
            set_mw(&mut w, 101, 99, u32::from(gobs_y_log2));
            set_mw(&mut w, 104, 102, u32::from(gobs_z_log2));
        }
    }
    if t.layout != Layout::Linear {
        set_mw(&mut w, 143, 128, t.width.wrapping_sub(1));
        set_mw(&mut w, 175, 160, t.height.wrapping_sub(1));
        set_mw(&mut w, 189, 176, t.depth.wrapping_sub(1));
        set_mw(&mut w, 191, 191, u32::from(t.normalized));
    }
    Ok(w)
}

/// Decodes a sampler.
pub fn decode_texsamp(w: &[u32; 8]) -> Result<Sampler, TexError> {
    let addr = |lo: u32| {
        lookup(&ADDRESS, (w[0] >> lo) & 7, "address mode")
            .map_err(|e| TexError::Sampler(e.to_string()))
    };
    let address = [addr(0)?, addr(3)?, addr(6)?];
    if (w[0] >> 9) & 1 == 1 {
        return Err(TexError::Sampler("depth comparison is not modelled".into()));
    }
    let filter = match w[1] & 7 {
        1 => Filter::Point,
        2 => Filter::Linear,
        v => {
            return Err(TexError::Sampler(format!(
                "magnification filter {v} is not modelled"
            )));
        }
    };
    let force_unnormalized = (w[1] >> 25) & 1 == 1;
    Ok(Sampler {
        address,
        filter,
        force_unnormalized,
        border: [w[4], w[5], w[6], w[7]],
    })
}

/// Encodes a sampler (minification filter = magnification filter, no mipmaps).
pub fn encode_texsamp(s: &Sampler) -> [u32; 8] {
    let mut w = [0u32; 8];
    w[0] = code(&ADDRESS, s.address[0])
        | code(&ADDRESS, s.address[1]) << 3
        | code(&ADDRESS, s.address[2]) << 6;
    let f = match s.filter {
        Filter::Point => 1,
        Filter::Linear => 2,
    };
    // MAG_FILTER, MIN_FILTER, MIP_FILTER = MIP_NONE
    w[1] = f | f << 4 | 1 << 6 | u32::from(s.force_unnormalized) << 25;
    w[4..8].copy_from_slice(&s.border);
    w
}

/// A bindless handle: the header and sampler indices it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Handle {
    pub header: u32,
    pub sampler: u32,
}

impl Handle {
    pub fn from_word(h: u32) -> Self {
        Self {
            header: h & 0xF_FFFF,
            sampler: h >> 20,
        }
    }

    pub fn word(self) -> u32 {
        (self.header & 0xF_FFFF) | self.sampler << 20
    }
}

/// The header and sampler pools (where the driver put them and how many entries each
/// holds; the unit refuses an index past the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pools {
    pub headers: u64,
    pub header_count: u32,
    pub samplers: u64,
    pub sampler_count: u32,
}

fn read_entry(mem: &(impl TexelMemory + ?Sized), addr: u64) -> Result<[u32; 8], TexError> {
    let mut b = [0u8; 32];
    mem.read(addr, &mut b)?;
    let mut w = [0u32; 8];
    for (i, x) in w.iter_mut().enumerate() {
        *x = u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
    }
    Ok(w)
}

impl Pools {
    /// The texture and sampler a handle names.
    pub fn resolve(
        &self,
        mem: &(impl TexelMemory + ?Sized),
        handle: u32,
    ) -> Result<(Texture, Sampler), TexError> {
        let h = Handle::from_word(handle);
        let bad = |why: String| TexError::Handle { handle, why };
        if h.header >= self.header_count {
            return Err(bad(format!(
                "header {} past the {} of the pool",
                h.header, self.header_count
            )));
        }
        if h.sampler >= self.sampler_count {
            return Err(bad(format!(
                "sampler {} past the {} of the pool",
                h.sampler, self.sampler_count
            )));
        }
        let head = read_entry(mem, self.headers + u64::from(h.header) * ENTRY_BYTES)?;
        let samp = read_entry(mem, self.samplers + u64::from(h.sampler) * ENTRY_BYTES)?;
        let t = decode_texhead(&head).map_err(|e| bad(format!("header {}: {e}", h.header)))?;
        let s = decode_texsamp(&samp).map_err(|e| bad(format!("sampler {}: {e}", h.sampler)))?;
        Ok((t, s))
    }

    /// The texture header a surface handle names (the header index, bits 19:0; surfaces
    /// have no sampler).
    pub fn header(
        &self,
        mem: &(impl TexelMemory + ?Sized),
        handle: u32,
    ) -> Result<Texture, TexError> {
        let h = Handle::from_word(handle);
        let bad = |why: String| TexError::Handle { handle, why };
        if h.header >= self.header_count {
            return Err(bad(format!(
                "header {} past the {} of the pool",
                h.header, self.header_count
            )));
        }
        let head = read_entry(mem, self.headers + u64::from(h.header) * ENTRY_BYTES)?;
        decode_texhead(&head).map_err(|e| bad(format!("header {}: {e}", h.header)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tex(layout: Layout, ty: TextureType) -> Texture {
        Texture {
            base: 0x1_2345_6600,
            format: Format::new(Components::A8B8G8R8, DataType::Unorm),
            ty,
            width: 300,
            height: if ty == TextureType::OneDBuffer { 1 } else { 17 },
            depth: if ty == TextureType::OneDBuffer { 1 } else { 3 },
            layout,
            normalized: ty != TextureType::OneDBuffer,
        }
    }

    #[test]
    fn headers_round_trip() {
        for (layout, ty) in [
            (Layout::Pitch { pitch: 1216 }, TextureType::TwoDArray),
            (
                Layout::BlockLinear {
                    gobs_y_log2: 4,
                    gobs_z_log2: 1,
                },
                TextureType::ThreeD,
            ),
            (Layout::Linear, TextureType::OneDBuffer),
        ] {
            let t = tex(layout, ty);
            let w = encode_texhead(&t).expect("encodable");
            assert_eq!(decode_texhead(&w), Ok(t), "{layout:?}");
        }
        // a 2^20-texel buffer keeps the high bits of its width
        let t = Texture {
            width: 1 << 20,
            ..tex(Layout::Linear, TextureType::OneDBuffer)
        };
        assert_eq!(
            decode_texhead(&encode_texhead(&t).expect("encodable")),
            Ok(t)
        );
    }

    #[test]
    fn header_fields_sit_where_clb197tex_puts_them() {
        let t = tex(Layout::Pitch { pitch: 1216 }, TextureType::TwoD);
        let w = encode_texhead(&t).expect("encodable");
        assert_eq!(w[0] & 0x7F, 0x08); // COMPONENTS A8B8G8R8
        assert_eq!((w[0] >> 7) & 7, 2); // R_DATA_TYPE UNORM
        assert_eq!((w[0] >> 19) & 7, 2); // X_SOURCE IN_R
        assert_eq!((w[2] >> 21) & 7, 2); // HEADER_VERSION PITCH (bits 87:85)
        assert_eq!(w[3] & 0xFFFF, 1216 >> 5); // PITCH_BITS20TO5 (bits 111:96)
        assert_eq!(w[4] & 0xFFFF, 299); // WIDTH_MINUS_ONE (bits 143:128)
        assert_eq!((w[4] >> 23) & 0xF, 1); // TEXTURE_TYPE TWO_D (bits 154:151)
        assert_eq!(w[5] >> 31, 1); // NORMALIZED_COORDS (bit 191)
    }

    #[test]
    fn bad_headers_and_handles_are_typed_errors() {
        let good = |l| encode_texhead(&tex(l, TextureType::TwoD)).expect("encodable");
        let mut w = good(Layout::Pitch { pitch: 1216 });
        w[0] = (w[0] & !0x7F) | 0x24; // DXT1
        assert!(matches!(decode_texhead(&w), Err(TexError::Header(_))));
        let mut w = good(Layout::Pitch { pitch: 1216 });
        set_mw(&mut w, 87, 85, 1); // pitch colour key
        assert!(matches!(decode_texhead(&w), Err(TexError::Header(_))));
        let mut w = good(Layout::Pitch { pitch: 1216 });
        set_mw(&mut w, 111, 96, 1); // pitch 32 < 300 texels of 4 bytes
        assert!(matches!(decode_texhead(&w), Err(TexError::Header(_))));
        // what the header cannot hold is refused, not truncated
        assert!(encode_texhead(&tex(Layout::Pitch { pitch: 1220 }, TextureType::TwoD)).is_err());
        let t = Texture {
            base: 0x1_2345_6620,
            ..tex(
                Layout::BlockLinear {
                    gobs_y_log2: 1,
                    gobs_z_log2: 0,
                },
                TextureType::TwoD,
            )
        };
        assert!(encode_texhead(&t).is_err());
        let t = Texture {
            width: 70000,
            ..tex(Layout::Pitch { pitch: 280_000 }, TextureType::TwoD)
        };
        assert!(encode_texhead(&t).is_err());
        assert!(matches!(decode_texhead(&w), Err(TexError::Header(_))));
        let pools = Pools {
            headers: 0,
            header_count: 1,
            samplers: 32,
            sampler_count: 1,
        };
        let mut mem = [0u8; 64];
        let head = good(Layout::Pitch { pitch: 1216 });
        let samp = encode_texsamp(&Sampler::new(AddressMode::Border, Filter::Linear));
        for (i, x) in head.iter().chain(&samp).enumerate() {
            mem[4 * i..4 * i + 4].copy_from_slice(&x.to_le_bytes());
        }
        let (t, s) = pools.resolve(&mem[..], 0).expect("handle 0");
        assert_eq!(t.width, 300);
        assert_eq!(s.filter, Filter::Linear);
        assert!(matches!(
            pools.resolve(&mem[..], 1),
            Err(TexError::Handle { .. })
        ));
        assert!(matches!(
            pools.resolve(&mem[..], 1 << 20),
            Err(TexError::Handle { .. })
        ));
        assert_eq!(
            Handle::from_word(0x0030_0005),
            Handle {
                header: 5,
                sampler: 3
            }
        );
        assert_eq!(
            Handle {
                header: 5,
                sampler: 3
            }
            .word(),
            0x0030_0005
        );
    }

    #[test]
    fn samplers_round_trip() {
        let s = Sampler {
            address: [AddressMode::Wrap, AddressMode::Mirror, AddressMode::Border],
            filter: Filter::Linear,
            force_unnormalized: true,
            border: [1, 2, 3, 4],
        };
        assert_eq!(decode_texsamp(&encode_texsamp(&s)), Ok(s));
    }
}
