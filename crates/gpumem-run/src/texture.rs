//! `[[texture]]`: textures of a Maxwell launch. Each section describes a texture whose
//! texels are already in global memory (a `[[memory]]` region at `address`) and its
//! sampler; the run writes the headers and samplers (NVIDIA's TEXHEAD/TEXSAMP layouts,
//! `gpumem_tex::head`) into pools at [`POOL`], sets the launch's pools, and writes the
//! bindless handle of texture `i` (`i | i << 20`: header `i`, sampler `i`) into
//! `c[handle_bank][handle_offset]`, where the kernel reads it (a `cudaTextureObject_t`
//! parameter: bank 0, the parameter's offset). docs/14-textures.md.

use crate::RunError;
use crate::num::Num;
use gpumem_tex::head::{Pools, encode_texhead, encode_texsamp};
use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Texture, TextureType,
};
use serde::Deserialize;
use toml::Spanned;

/// Where the pools go: headers from here, samplers after them (beyond the addresses
/// manifests use; a `[[memory]]` region there is refused).
pub const POOL: u64 = 0x7f00_0000_0000;
/// Most textures a launch may have.
pub const MAX_TEXTURES: usize = 1024;

/// One `[[texture]]` section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextureSection {
    /// The first texel's global address.
    pub address: Num,
    /// `1d`, `2d`, `3d`, `2d_array`, `buffer` (`tex1Dfetch`).
    pub kind: Spanned<String>,
    /// Channels per texel: 1, 2 or 4.
    pub channels: Num,
    /// Bits per channel: 8, 16 or 32.
    pub bits: Num,
    /// How channels read: `unorm`, `snorm` (CUDA's normalized-float read mode), `uint`,
    /// `sint` (element type), `float`.
    #[serde(rename = "type")]
    pub data: Spanned<String>,
    /// Texels per row.
    pub width: Num,
    /// Rows (default 1).
    pub height: Option<Num>,
    /// Slices of a 3-D texture, layers of an array (default 1).
    pub depth: Option<Num>,
    /// Bytes from row to row (default: a row's bytes rounded up to 32; a multiple of 32).
    pub pitch: Option<Num>,
    /// Coordinates in [0, 1) across the texture.
    #[serde(default)]
    pub normalized: bool,
    /// `clamp` (default), `border`, `wrap`, `mirror`.
    pub address_mode: Option<Spanned<String>>,
    /// `point` (default) or `linear`.
    pub filter: Option<Spanned<String>>,
    /// The border colour, R G B A (default 0).
    pub border: Option<[f32; 4]>,
    /// The constant bank receiving the handle (default 0).
    pub handle_bank: Option<Num>,
    /// Its byte offset in that bank (a multiple of 4).
    pub handle_offset: Num,
}

fn bad<T>(s: &Spanned<String>, message: String) -> Result<T, RunError> {
    Err(RunError::At {
        span: s.span(),
        message,
    })
}

fn small(n: &Num, what: &str, lo: u64, hi: u64) -> Result<u32, RunError> {
    let v = n.u64(what)?;
    if (lo..=hi).contains(&v) {
        Ok(v as u32)
    } else {
        Err(n.error(format!("{what} = {v} is out of range ({lo} to {hi})")))
    }
}

impl TextureSection {
    /// The texture and sampler this section describes, checked.
    pub fn build(&self) -> Result<(Texture, Sampler), RunError> {
        let ty = match self.kind.get_ref().as_str() {
            "1d" => TextureType::OneD,
            "2d" => TextureType::TwoD,
            "3d" => TextureType::ThreeD,
            "2d_array" => TextureType::TwoDArray,
            "buffer" => TextureType::OneDBuffer,
            k => {
                return bad(
                    &self.kind,
                    format!(
                        "kind `{}`: 1d, 2d, 3d, 2d_array or buffer",
                        gpumem_isa::clip(k)
                    ),
                );
            }
        };
        let channels = small(&self.channels, "channels", 1, 4)?;
        let bits = small(&self.bits, "bits", 8, 32)?;
        let components = match (channels, bits) {
            (1, 8) => Components::R8,
            (2, 8) => Components::G8R8,
            (4, 8) => Components::A8B8G8R8,
            (1, 16) => Components::R16,
            (2, 16) => Components::R16G16,
            (4, 16) => Components::R16G16B16A16,
            (1, 32) => Components::R32,
            (2, 32) => Components::R32G32,
            (4, 32) => Components::R32G32B32A32,
            _ => {
                return Err(self.channels.error(format!(
                    "{channels} channels of {bits} bits: channels are 1, 2 or 4 of 8, 16 or 32 bits"
                )));
            }
        };
        let data = match self.data.get_ref().as_str() {
            "unorm" => DataType::Unorm,
            "snorm" => DataType::Snorm,
            "uint" => DataType::Uint,
            "sint" => DataType::Sint,
            "float" => DataType::Float,
            t => {
                return bad(
                    &self.data,
                    format!(
                        "type `{}`: unorm, snorm, uint, sint or float",
                        gpumem_isa::clip(t)
                    ),
                );
            }
        };
        let one = Num::default_int(1);
        let width = small(&self.width, "width", 1, 1 << 27)?;
        let height = small(self.height.as_ref().unwrap_or(&one), "height", 1, 1 << 16)?;
        let depth = small(self.depth.as_ref().unwrap_or(&one), "depth", 1, 1 << 14)?;
        let address = self.address.u64("address")?;
        let row = u64::from(width) * u64::from(components.bytes());
        let layout = if ty == TextureType::OneDBuffer {
            Layout::Linear
        } else {
            let pitch = match &self.pitch {
                Some(p) => small(p, "pitch", 32, u64::from(u32::MAX))?,
                None => u32::try_from(row.next_multiple_of(32)).map_err(|_| {
                    self.width
                        .error(format!("a row of {row} bytes is too long"))
                })?,
            };
            Layout::Pitch { pitch }
        };
        let texture = Texture {
            base: address,
            format: Format::new(components, data),
            ty,
            width,
            height,
            depth,
            layout,
            normalized: self.normalized,
        };
        let mode = match self
            .address_mode
            .as_ref()
            .map(|s| (s, s.get_ref().as_str()))
        {
            None | Some((_, "clamp")) => AddressMode::ClampToEdge,
            Some((_, "border")) => AddressMode::Border,
            Some((_, "wrap")) => AddressMode::Wrap,
            Some((_, "mirror")) => AddressMode::Mirror,
            Some((s, m)) => {
                return bad(
                    s,
                    format!(
                        "address_mode `{}`: clamp, border, wrap or mirror",
                        gpumem_isa::clip(m)
                    ),
                );
            }
        };
        let filter = match self.filter.as_ref().map(|s| (s, s.get_ref().as_str())) {
            None | Some((_, "point")) => Filter::Point,
            Some((_, "linear")) => Filter::Linear,
            Some((s, f)) => {
                return bad(
                    s,
                    format!("filter `{}`: point or linear", gpumem_isa::clip(f)),
                );
            }
        };
        let mut sampler = Sampler::new(mode, filter);
        sampler.border = self.border.unwrap_or([0.0; 4]).map(f32::to_bits);
        // what the header cannot hold, at the section's kind
        encode_texhead(&texture).map_err(|e| RunError::At {
            span: self.kind.span(),
            message: e.to_string(),
        })?;
        Ok((texture, sampler))
    }
}

/// The pools, their bytes (headers then samplers, at [`POOL`]) and each handle's
/// destination `(bank, offset, handle)`.
pub type Built = (Pools, Vec<u8>, Vec<(u32, u64, u32)>);

/// Builds the launch's texture state from its sections (`None` without any).
pub fn build(sections: &[TextureSection], limit: u64) -> Result<Option<Built>, RunError> {
    if sections.is_empty() {
        return Ok(None);
    }
    if sections.len() > MAX_TEXTURES {
        return Err(RunError::Manifest(format!(
            "{} [[texture]] sections: at most {MAX_TEXTURES}",
            sections.len()
        )));
    }
    let n = sections.len() as u64;
    let mut bytes = vec![0u8; (64 * n) as usize];
    let mut handles = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        let (t, smp) = s.build()?;
        if t.span_bytes() > limit {
            return Err(s.width.error(format!(
                "the texture spans {} bytes, more than limits.max_memory = {limit}",
                t.span_bytes()
            )));
        }
        let head = encode_texhead(&t).map_err(|e| RunError::At {
            span: s.kind.span(),
            message: e.to_string(),
        })?;
        let samp = encode_texsamp(&smp);
        for (k, w) in head.iter().enumerate() {
            let at = 32 * i + 4 * k;
            bytes[at..at + 4].copy_from_slice(&w.to_le_bytes());
        }
        for (k, w) in samp.iter().enumerate() {
            let at = (32 * n) as usize + 32 * i + 4 * k;
            bytes[at..at + 4].copy_from_slice(&w.to_le_bytes());
        }
        let bank = small(
            s.handle_bank.as_ref().unwrap_or(&Num::default_int(0)),
            "handle_bank",
            0,
            17,
        )?;
        let off = s.handle_offset.u64("handle_offset")?;
        if off % 4 != 0 || off + 4 > gpumem_mem::CONST_BANK_BYTES {
            return Err(s.handle_offset.error(format!(
                "handle_offset = {off:#x}: a multiple of 4 inside the bank's {} bytes",
                gpumem_mem::CONST_BANK_BYTES
            )));
        }
        handles.push((bank, off, i as u32 | (i as u32) << 20));
    }
    let pools = Pools {
        headers: POOL,
        header_count: n as u32,
        samplers: POOL + 32 * n,
        sampler_count: n as u32,
    };
    Ok(Some((pools, bytes, handles)))
}
