//! CUDA arrays and texture objects: the texture state a context owns.
//!
//! * An **array** (`cudaMallocArray`, `cudaMalloc3DArray`) is an allocation of kind
//!   [`AllocKind::Array`] holding its texels **pitch-linear**: rows [`ARRAY_PITCH`]-aligned
//!   (the header's pitch field counts 32-byte units), slices and layers `pitch * height`
//!   bytes apart. The hardware driver stores arrays block-linear; a kernel cannot tell
//!   (arrays are read only through the texture unit, which addresses both layouts), and
//!   pitch-linear lets a copy to or from an array be a copy of rows.
//! * The **pools** (one TEXHEAD and one TEXSAMP per texture object) are one allocation of
//!   kind [`AllocKind::Array`] made when the first texture object is created, holding
//!   [`DeviceConfig::texture_objects`] entries of each (so they draw on the device memory
//!   budget); every launch gets them (`LaunchConfig::textures`).
//! * A **texture object** uses header `i` and sampler `i` of the pools: its handle (what
//!   `cudaTextureObject_t` holds and a kernel passes to TEXS/TLDS/TEX) is `i | i << 20`,
//!   the bindless handle the texture unit resolves. Index 0 is never used, so no object
//!   is 0.
//! * A **surface object** (`cudaCreateSurfaceObject`, over an array made with
//!   `cudaArraySurfaceLoadStore`) uses header `i` alone: its handle is `i` (sampler bits
//!   0), what SULD/SUST read from the parameter bank (`gpumem_tex::surface`). Texture and
//!   surface objects share the header indices.

use crate::module::ModuleId;
use crate::{AllocKind, Context, DeviceError};
use gpumem_tex::head::{ENTRY_BYTES, Pools, encode_texhead, encode_texsamp};
use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Texture, TextureType,
};
use std::collections::BTreeMap;

/// Row alignment of an array (bytes): the TEXHEAD pitch field's unit.
pub const ARRAY_PITCH: u64 = 32;

/// `cudaChannelFormatKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChannelKind {
    /// Signed integers.
    Signed,
    /// Unsigned integers.
    Unsigned,
    /// Floating point (16 or 32 bits).
    Float,
}

/// `cudaChannelFormatDesc`: bits of x, y, z, w and their kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChannelFormat {
    /// Bits per channel (0: absent).
    pub bits: [u32; 4],
    /// The kind of every channel.
    pub kind: ChannelKind,
}

impl ChannelFormat {
    /// Channels and bits of each, when the texture unit holds the format: 1, 2 or 4
    /// channels of equal size 8, 16 or 32 (floats: 16 or 32).
    pub fn shape(&self) -> Result<(u32, u32), String> {
        let n = self.bits.iter().take_while(|&&b| b != 0).count() as u32;
        let b = self.bits[0];
        let ok_layout = self.bits[n as usize..].iter().all(|&x| x == 0)
            && self.bits[..n as usize].iter().all(|&x| x == b);
        if n == 0 || !ok_layout {
            return Err(format!(
                "channel bits {:?}: channels must be equal and present from x on",
                self.bits
            ));
        }
        if n == 3 {
            return Err("three channels: the texture unit has no three-channel format".into());
        }
        if !matches!(b, 8 | 16 | 32) || (self.kind == ChannelKind::Float && b == 8) {
            return Err(format!(
                "{b}-bit {:?} channels are not a texel format",
                self.kind
            ));
        }
        Ok((n, b))
    }

    /// Bytes of one element.
    pub fn bytes(&self) -> Result<u64, String> {
        let (n, b) = self.shape()?;
        Ok(u64::from(n * b / 8))
    }

    fn components(&self) -> Result<Components, String> {
        let (n, b) = self.shape()?;
        Ok(match (n, b) {
            (1, 8) => Components::R8,
            (2, 8) => Components::G8R8,
            (4, 8) => Components::A8B8G8R8,
            (1, 16) => Components::R16,
            (2, 16) => Components::R16G16,
            (4, 16) => Components::R16G16B16A16,
            (1, 32) => Components::R32,
            (2, 32) => Components::R32G32,
            _ => Components::R32G32B32A32,
        })
    }
}

/// What an array is (`cudaMalloc3DArray`'s extent and flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayDesc {
    /// Its element format.
    pub format: ChannelFormat,
    /// Elements per row.
    pub width: u64,
    /// Rows (0: a 1-D array).
    pub height: u64,
    /// Slices of a 3-D array or layers of a layered one (0: neither).
    pub depth: u64,
    /// `cudaArrayLayered`: `depth` counts layers.
    pub layered: bool,
    /// `cudaArraySurfaceLoadStore`: surface objects may be made of it.
    pub surface: bool,
    /// `cudaArrayCubemap`: width = height, `depth` is 6 faces (`layered`: 6 per cube),
    /// stored as layers +x, -x, +y, -y, +z, -z.
    pub cubemap: bool,
}

/// A live array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Array {
    /// What it was made as.
    pub desc: ArrayDesc,
    /// Its first texel (device address of an [`AllocKind::Array`] allocation).
    pub ptr: u64,
    /// Bytes from one row to the next.
    pub pitch: u64,
    /// Bytes of one element.
    pub elem: u64,
}

impl Array {
    /// Rows of one slice (at least 1).
    pub fn rows(&self) -> u64 {
        self.desc.height.max(1)
    }

    /// Slices or layers (at least 1).
    pub fn slices(&self) -> u64 {
        self.desc.depth.max(1)
    }

    /// Bytes of one row of elements.
    pub fn row_bytes(&self) -> u64 {
        self.desc.width * self.elem
    }
}

/// The memory a texture object reads (`cudaResourceDesc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    /// An array (by its handle).
    Array(u64),
    /// `cudaResourceTypeLinear`: `bytes` of elements from `ptr` (`tex1Dfetch`).
    Linear {
        /// First element.
        ptr: u64,
        /// Element format.
        format: ChannelFormat,
        /// Bytes.
        bytes: u64,
    },
    /// `cudaResourceTypePitch2D`: rows `pitch` bytes apart.
    Pitch2D {
        /// First element.
        ptr: u64,
        /// Element format.
        format: ChannelFormat,
        /// Elements per row.
        width: u64,
        /// Rows.
        height: u64,
        /// Bytes from one row to the next.
        pitch: u64,
    },
}

/// How a texture object samples (`cudaTextureDesc`, the fields a level-0 fetch uses).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextureDesc {
    /// Address mode per axis.
    pub address: [AddressMode; 3],
    /// Point or linear.
    pub filter: Filter,
    /// `cudaReadModeNormalizedFloat`: 8/16-bit integers read as floats in [0, 1] / [-1, 1].
    pub normalized_float: bool,
    /// Coordinates in [0, 1) across the texture.
    pub normalized_coords: bool,
    /// Border colour.
    pub border: [f32; 4],
}

/// A live texture object.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextureObject {
    /// What it reads.
    pub resource: Resource,
    /// How.
    pub desc: TextureDesc,
}

/// The texture state of a context.
#[derive(Default)]
pub(crate) struct Textures {
    arrays: BTreeMap<u64, Array>,
    next_array: u64,
    /// The pools' allocation (headers, then samplers), once made.
    pools: Option<u64>,
    objects: BTreeMap<u32, TextureObject>,
    /// Surface objects: header index -> the array they write.
    surfaces: BTreeMap<u32, u64>,
    /// Texture references bound to a texture object: (module, name) -> handle.
    refs: BTreeMap<(u32, String), u64>,
}

/// Array handles: numbers in a range no memory uses (never dereferenced).
const ARRAY_HANDLE_BASE: u64 = 0x00A0_0000_0000;

fn invalid(why: String) -> DeviceError {
    DeviceError::Texture(why)
}

impl Textures {
    pub(crate) fn pools(&self, count: u32) -> Option<Pools> {
        self.pools.map(|p| Pools {
            headers: p,
            header_count: count,
            samplers: p + u64::from(count) * ENTRY_BYTES,
            sampler_count: count,
        })
    }
}

impl Context {
    /// `cudaMalloc3DArray` (and `cudaMallocArray`): an array of `desc`'s size, zeroed;
    /// returns its handle.
    pub fn malloc_array(&mut self, desc: ArrayDesc) -> Result<u64, DeviceError> {
        self.live_ok()?;
        let elem = desc.format.bytes().map_err(invalid)?;
        let limit = |n: u64, max: u64, what: &str| {
            if n > max {
                Err(invalid(format!("{what} {n}: at most {max}")))
            } else {
                Ok(())
            }
        };
        if desc.width == 0 {
            return Err(invalid("width 0".into()));
        }
        if desc.layered && desc.depth == 0 {
            return Err(invalid(
                "a layered array needs at least one layer (depth)".into(),
            ));
        }
        if desc.height == 0 && desc.depth != 0 && !desc.layered {
            return Err(invalid("a 3-D array needs a height".into()));
        }
        if desc.cubemap
            && (desc.width != desc.height || desc.depth == 0 || !desc.depth.is_multiple_of(6))
            || desc.cubemap && !desc.layered && desc.depth != 6
        {
            return Err(invalid(format!(
                "a cube map is width = height and 6 faces (6 per cube when layered): \
                 {}x{}x{}",
                desc.width, desc.height, desc.depth
            )));
        }
        // cc 5.x limits (CUDA C Programming Guide, "Compute Capabilities").
        limit(desc.width, 1 << 16, "width")?;
        limit(desc.height, 1 << 16, "height")?;
        limit(
            desc.depth,
            match (desc.layered, desc.cubemap) {
                (true, true) => 2046 * 6,
                (true, false) => 2048,
                _ => 4096,
            },
            "depth",
        )?;
        let pitch = (desc.width * elem).div_ceil(ARRAY_PITCH) * ARRAY_PITCH;
        let bytes = pitch * desc.height.max(1) * desc.depth.max(1);
        let ptr = self.alloc(bytes, AllocKind::Array, 512)?;
        self.textures.next_array += 1;
        let handle = ARRAY_HANDLE_BASE + self.textures.next_array * 16;
        self.textures.arrays.insert(
            handle,
            Array {
                desc,
                ptr,
                pitch,
                elem,
            },
        );
        Ok(handle)
    }

    /// A live array.
    pub fn array(&self, handle: u64) -> Result<Array, DeviceError> {
        self.textures
            .arrays
            .get(&handle)
            .copied()
            .ok_or_else(|| invalid(format!("{handle:#x} is no live array")))
    }

    /// `cudaFreeArray`: frees an array (its texture objects then read freed memory,
    /// which reads as zero, as the real driver leaves them undefined).
    pub fn free_array(&mut self, handle: u64) -> Result<(), DeviceError> {
        self.live_ok()?;
        let a = self.array(handle)?;
        self.release(a.ptr, "free_array", &[AllocKind::Array], "array")?;
        self.textures.arrays.remove(&handle);
        Ok(())
    }

    fn texel_format(format: &ChannelFormat, normalized_float: bool) -> Result<Format, String> {
        let (_, bits) = format.shape()?;
        let data = match (format.kind, normalized_float) {
            (ChannelKind::Float, _) => DataType::Float,
            (_, true) if bits == 32 => {
                return Err(
                    "cudaReadModeNormalizedFloat of 32-bit integers (8 and 16 bits only)".into(),
                );
            }
            (ChannelKind::Signed, true) => DataType::Snorm,
            (ChannelKind::Unsigned, true) => DataType::Unorm,
            (ChannelKind::Signed, false) => DataType::Sint,
            (ChannelKind::Unsigned, false) => DataType::Uint,
        };
        Ok(Format::new(format.components()?, data))
    }

    /// `cudaCreateTextureObject`: writes the header and sampler of a new object and
    /// returns its handle.
    pub fn create_texture(
        &mut self,
        resource: Resource,
        desc: TextureDesc,
    ) -> Result<u64, DeviceError> {
        self.live_ok()?;
        let (base, format, ty, w, h, d, layout) = match resource {
            Resource::Array(handle) => {
                let a = self.array(handle)?;
                let ty = match (a.desc.height, a.desc.depth, a.desc.layered) {
                    _ if a.desc.cubemap && a.desc.layered => TextureType::CubemapArray,
                    _ if a.desc.cubemap => TextureType::Cubemap,
                    (0, 0, _) => TextureType::OneD,
                    (_, 0, _) => TextureType::TwoD,
                    (0, _, true) => TextureType::OneDArray,
                    (_, _, true) => TextureType::TwoDArray,
                    _ => TextureType::ThreeD,
                };
                (
                    a.ptr,
                    a.desc.format,
                    ty,
                    a.desc.width,
                    a.rows(),
                    if a.desc.cubemap {
                        a.slices() / 6
                    } else {
                        a.slices()
                    },
                    Layout::Pitch {
                        pitch: u32::try_from(a.pitch).map_err(|_| invalid("pitch".into()))?,
                    },
                )
            }
            Resource::Linear { ptr, format, bytes } => {
                let elem = format.bytes().map_err(invalid)?;
                let n = bytes / elem;
                // cc 5.x: 2^27 elements of a linear texture.
                if n == 0 || n > 1 << 27 {
                    return Err(invalid(format!(
                        "{bytes} bytes hold {n} elements: 1 to 2^27 are allowed"
                    )));
                }
                self.bounds("a linear texture", ptr, bytes)?;
                (
                    ptr,
                    format,
                    TextureType::OneDBuffer,
                    n,
                    1,
                    1,
                    Layout::Linear,
                )
            }
            Resource::Pitch2D {
                ptr,
                format,
                width,
                height,
                pitch,
            } => {
                let elem = format.bytes().map_err(invalid)?;
                if width == 0 || height == 0 || width > 1 << 16 || height > 1 << 16 {
                    return Err(invalid(format!("size {width}x{height}: 1 to 65536 each")));
                }
                if pitch % ARRAY_PITCH != 0 || pitch < width * elem || pitch > 1 << 21 {
                    return Err(invalid(format!(
                        "pitch {pitch}: a multiple of {ARRAY_PITCH} (texturePitchAlignment) \
                         holding a row of {} bytes",
                        width * elem
                    )));
                }
                if ptr % ARRAY_PITCH != 0 {
                    return Err(invalid(format!(
                        "address {ptr:#x}: not {ARRAY_PITCH}-aligned"
                    )));
                }
                self.bounds(
                    "a pitch-2D texture",
                    ptr,
                    pitch * (height - 1) + width * elem,
                )?;
                (
                    ptr,
                    format,
                    TextureType::TwoD,
                    width,
                    height,
                    1,
                    Layout::Pitch {
                        pitch: pitch as u32,
                    },
                )
            }
        };
        let fmt = Context::texel_format(&format, desc.normalized_float).map_err(invalid)?;
        if desc.filter == Filter::Linear && matches!(fmt.data, DataType::Sint | DataType::Uint) {
            return Err(invalid(
                "linear filtering of integers read as integers (cudaReadModeElementType)".into(),
            ));
        }
        let texture = Texture {
            base,
            format: fmt,
            ty,
            width: w as u32,
            height: h as u32,
            depth: d as u32,
            layout,
            normalized: desc.normalized_coords,
        };
        let head = encode_texhead(&texture).map_err(|e| invalid(e.to_string()))?;
        let samp = encode_texsamp(&Sampler {
            address: desc.address,
            filter: desc.filter,
            force_unnormalized: false,
            border: desc.border.map(f32::to_bits),
        });
        let (pools, count, index) = self.free_slot()?;
        let words = |w: [u32; 8]| w.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let samplers = pools + u64::from(count) * ENTRY_BYTES;
        self.store(pools + u64::from(index) * ENTRY_BYTES, &words(head))?;
        self.store(samplers + u64::from(index) * ENTRY_BYTES, &words(samp))?;
        self.textures
            .objects
            .insert(index, TextureObject { resource, desc });
        Ok(u64::from(index | index << 20))
    }

    /// The pools (made on first use), their entry count and a free header index.
    fn free_slot(&mut self) -> Result<(u64, u32, u32), DeviceError> {
        let count = self.cfg.texture_objects.clamp(2, 1 << 12);
        let pools = match self.textures.pools {
            Some(p) => p,
            None => {
                let p = self.alloc(2 * u64::from(count) * ENTRY_BYTES, AllocKind::Array, 512)?;
                self.textures.pools = Some(p);
                p
            }
        };
        let used = |i: &u32| {
            self.textures.objects.contains_key(i) || self.textures.surfaces.contains_key(i)
        };
        let Some(index) = (1..count).find(|i| !used(i)) else {
            return Err(invalid(format!(
                "{} texture and surface objects exist: the pools hold {}",
                count - 1,
                count - 1
            )));
        };
        Ok((pools, count, index))
    }

    /// `cudaCreateSurfaceObject`: a header for array `array` (made with
    /// `cudaArraySurfaceLoadStore`), elements read and written as stored (integer or
    /// float channels); returns the handle (the header index).
    pub fn create_surface(&mut self, array: u64) -> Result<u64, DeviceError> {
        self.live_ok()?;
        let a = self.array(array)?;
        if !a.desc.surface {
            return Err(invalid(format!(
                "array {array:#x} was not made with cudaArraySurfaceLoadStore"
            )));
        }
        let ty = match (a.desc.height, a.desc.depth, a.desc.layered) {
            _ if a.desc.cubemap && a.desc.layered => TextureType::CubemapArray,
            _ if a.desc.cubemap => TextureType::Cubemap,
            (0, 0, _) => TextureType::OneD,
            (_, 0, _) => TextureType::TwoD,
            (0, _, true) => TextureType::OneDArray,
            (_, _, true) => TextureType::TwoDArray,
            _ => TextureType::ThreeD,
        };
        let texture = Texture {
            base: a.ptr,
            format: Context::texel_format(&a.desc.format, false).map_err(invalid)?,
            ty,
            width: a.desc.width as u32,
            height: a.rows() as u32,
            depth: if a.desc.cubemap {
                (a.slices() / 6) as u32
            } else {
                a.slices() as u32
            },
            layout: Layout::Pitch {
                pitch: u32::try_from(a.pitch).map_err(|_| invalid("pitch".into()))?,
            },
            normalized: false,
        };
        let head = encode_texhead(&texture).map_err(|e| invalid(e.to_string()))?;
        let (pools, _, index) = self.free_slot()?;
        let bytes: Vec<u8> = head.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.store(pools + u64::from(index) * ENTRY_BYTES, &bytes)?;
        self.textures.surfaces.insert(index, array);
        Ok(u64::from(index))
    }

    /// The array a live surface object writes.
    pub fn surface_object(&self, handle: u64) -> Result<u64, DeviceError> {
        u32::try_from(handle)
            .ok()
            .and_then(|i| self.textures.surfaces.get(&i).copied())
            .ok_or_else(|| invalid(format!("{handle:#x} is no live surface object")))
    }

    /// `cudaDestroySurfaceObject`: its header becomes all zero.
    pub fn destroy_surface(&mut self, handle: u64) -> Result<(), DeviceError> {
        self.live_ok()?;
        self.surface_object(handle)?;
        let i = handle as u32;
        if let Some(p) = self.textures.pools {
            self.store(p + u64::from(i) * ENTRY_BYTES, &[0; ENTRY_BYTES as usize])?;
        }
        self.textures.surfaces.remove(&i);
        Ok(())
    }

    /// `cudaBindTexture*`: binds texture reference `name` of module `m` to a new texture
    /// object over `resource` (a reference bound already is unbound first); kernels of
    /// the module that read the reference get its handle at their next launch.
    pub fn bind_texture_ref(
        &mut self,
        m: ModuleId,
        name: &str,
        resource: Resource,
        desc: TextureDesc,
    ) -> Result<u64, DeviceError> {
        self.live_ok()?;
        self.unbind_texture_ref(m, name)?;
        let h = self.create_texture(resource, desc)?;
        self.textures.refs.insert((m.0, name.to_string()), h);
        Ok(h)
    }

    /// `cudaUnbindTexture`: the reference's texture object is destroyed (nothing when it
    /// is not bound).
    pub fn unbind_texture_ref(&mut self, m: ModuleId, name: &str) -> Result<(), DeviceError> {
        self.live_ok()?;
        if let Some(h) = self.textures.refs.remove(&(m.0, name.to_string())) {
            self.destroy_texture(h)?;
        }
        Ok(())
    }

    /// The handle texture reference `name` of module `m` is bound to.
    pub fn texture_ref(&self, m: ModuleId, name: &str) -> Option<u64> {
        self.textures.refs.get(&(m.0, name.to_string())).copied()
    }

    fn object_index(&self, handle: u64) -> Result<u32, DeviceError> {
        let i = (handle & 0xF_FFFF) as u32;
        if handle >> 32 != 0
            || (handle >> 20) as u32 != i
            || !self.textures.objects.contains_key(&i)
        {
            return Err(invalid(format!("{handle:#x} is no live texture object")));
        }
        Ok(i)
    }

    /// A live texture object (`cudaGetTextureObjectResourceDesc`).
    pub fn texture_object(&self, handle: u64) -> Result<TextureObject, DeviceError> {
        let i = self.object_index(handle)?;
        self.textures
            .objects
            .get(&i)
            .copied()
            .ok_or_else(|| invalid(format!("{handle:#x} is no live texture object")))
    }

    /// `cudaDestroyTextureObject`: its header becomes all zero (a later fetch through the
    /// handle faults: a zero header has no valid format).
    pub fn destroy_texture(&mut self, handle: u64) -> Result<(), DeviceError> {
        self.live_ok()?;
        let i = self.object_index(handle)?;
        if let Some(p) = self.textures.pools {
            self.store(p + u64::from(i) * ENTRY_BYTES, &[0; ENTRY_BYTES as usize])?;
        }
        self.textures.objects.remove(&i);
        Ok(())
    }

    /// The pools a launch gets (none before the first texture object).
    pub fn texture_pools(&self) -> Option<Pools> {
        self.textures
            .pools(self.cfg.texture_objects.clamp(2, 1 << 12))
    }
}
