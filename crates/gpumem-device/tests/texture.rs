//! Arrays and texture objects of the device layer: layouts, the pools a launch gets, the
//! header a handle names (read back through the texture unit), limits and bad handles.

use gpumem_device::texture::{ArrayDesc, ChannelFormat, ChannelKind, Resource, TextureDesc};
use gpumem_device::{AllocKind, Context, DeviceConfig, DeviceError};
use gpumem_tex::{AddressMode, DataType, Filter, Layout, TextureType};

fn float(n: usize) -> ChannelFormat {
    let mut bits = [0; 4];
    bits[..n].fill(32);
    ChannelFormat {
        bits,
        kind: ChannelKind::Float,
    }
}

fn point() -> TextureDesc {
    TextureDesc {
        address: [AddressMode::ClampToEdge; 3],
        filter: Filter::Point,
        normalized_float: false,
        normalized_coords: false,
        border: [0.0; 4],
    }
}

/// Reads global memory for the texture unit's pools.
struct Mem<'a>(&'a Context);

impl gpumem_tex::TexelMemory for Mem<'_> {
    fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), gpumem_tex::TexError> {
        self.0.global().read(addr, out);
        Ok(())
    }
}

#[test]
fn arrays_are_pitch_linear_allocations_of_their_own_kind() {
    let mut c = Context::new(DeviceConfig::gm204());
    let h = c
        .malloc_array(ArrayDesc {
            format: float(1),
            width: 10,
            height: 3,
            depth: 2,
            layered: false,
            surface: false,
            cubemap: false,
        })
        .unwrap();
    let a = c.array(h).unwrap();
    assert_eq!((a.pitch, a.elem, a.rows(), a.slices()), (64, 4, 3, 2));
    let alloc = c.allocation(a.ptr).unwrap();
    assert_eq!((alloc.kind, alloc.size), (AllocKind::Array, 64 * 3 * 2));
    // cudaFree cannot free it; free_array can, once.
    assert!(matches!(c.free(a.ptr), Err(DeviceError::WrongKind { .. })));
    c.free_array(h).unwrap();
    assert!(c.free_array(h).is_err());
    assert!(c.array(h).is_err());
}

#[test]
fn bad_formats_and_sizes_are_refused() {
    let mut c = Context::new(DeviceConfig::gm204());
    let mut d = ArrayDesc {
        format: float(3),
        width: 4,
        height: 4,
        depth: 0,
        layered: false,
        surface: false,
        cubemap: false,
    };
    assert!(c.malloc_array(d).is_err()); // three channels
    d.format = ChannelFormat {
        bits: [8, 0, 0, 0],
        kind: ChannelKind::Float,
    };
    assert!(c.malloc_array(d).is_err()); // 8-bit float
    d.format = ChannelFormat {
        bits: [16, 8, 0, 0],
        kind: ChannelKind::Unsigned,
    };
    assert!(c.malloc_array(d).is_err()); // unequal channels
    d.format = float(1);
    d.width = 0;
    assert!(c.malloc_array(d).is_err());
    d.width = 1 << 17;
    assert!(c.malloc_array(d).is_err());
    d.width = 4;
    d.layered = true;
    assert!(c.malloc_array(d).is_err()); // layered without layers
    // A texture larger than the memory limit.
    let mut small = Context::new(DeviceConfig {
        global_bytes: 1 << 20,
        ..DeviceConfig::gm204()
    });
    let big = ArrayDesc {
        format: float(4),
        width: 1024,
        height: 1024,
        depth: 0,
        layered: false,
        surface: false,
        cubemap: false,
    };
    assert!(matches!(
        small.malloc_array(big),
        Err(DeviceError::OutOfMemory { .. })
    ));
}

#[test]
fn texture_objects_write_headers_the_texture_unit_resolves() {
    let mut c = Context::new(DeviceConfig::gm204());
    assert!(c.texture_pools().is_none());
    let h = c
        .malloc_array(ArrayDesc {
            format: float(2),
            width: 5,
            height: 0,
            depth: 7,
            layered: true,
            surface: false,
            cubemap: false,
        })
        .unwrap();
    let t = c.create_texture(Resource::Array(h), point()).unwrap();
    assert_eq!(t, 1 | 1 << 20);
    let pools = c.texture_pools().unwrap();
    assert_eq!(pools.header_count, 4096);
    assert_eq!(c.allocation(pools.headers).unwrap().kind, AllocKind::Array);
    let (tex, smp) = pools.resolve(&Mem(&c), t as u32).unwrap();
    let a = c.array(h).unwrap();
    assert_eq!(tex.ty, TextureType::OneDArray);
    assert_eq!((tex.width, tex.height, tex.depth), (5, 1, 7));
    assert_eq!(tex.base, a.ptr);
    assert_eq!(tex.layout, Layout::Pitch { pitch: 64 });
    assert_eq!(tex.format.data, DataType::Float);
    assert_eq!(smp.filter, Filter::Point);

    let p = c.malloc(4096).unwrap();
    let unorm8 = ChannelFormat {
        bits: [8, 8, 8, 8],
        kind: ChannelKind::Unsigned,
    };
    let mut desc = point();
    desc.normalized_float = true;
    desc.address = [AddressMode::Wrap; 3];
    let t2 = c
        .create_texture(
            Resource::Pitch2D {
                ptr: p,
                format: unorm8,
                width: 8,
                height: 4,
                pitch: 64,
            },
            desc,
        )
        .unwrap();
    assert_eq!(t2, 2 | 2 << 20);
    let (tex2, smp2) = pools.resolve(&Mem(&c), t2 as u32).unwrap();
    assert_eq!(tex2.format.data, DataType::Unorm);
    assert_eq!(smp2.address, [AddressMode::Wrap; 3]);
    // A linear texture past its allocation, a pitch below a row: refused.
    let lin = |bytes| Resource::Linear {
        ptr: p,
        format: unorm8,
        bytes,
    };
    assert!(c.create_texture(lin(4096), point()).is_ok());
    assert!(c.create_texture(lin(4100), point()).is_err());
    assert!(c.create_texture(lin(2), point()).is_err());
    let pitch = |pitch| Resource::Pitch2D {
        ptr: p,
        format: unorm8,
        width: 16,
        height: 2,
        pitch,
    };
    assert!(c.create_texture(pitch(32), point()).is_err());
    // Integers read as integers are never filtered.
    let mut lin_filter = point();
    lin_filter.filter = Filter::Linear;
    assert!(c.create_texture(pitch(64), lin_filter).is_err());

    // Destroyed: its header is zero (a fetch faults) and the handle is refused.
    c.destroy_texture(t).unwrap();
    assert!(pools.resolve(&Mem(&c), t as u32).is_err());
    assert!(c.destroy_texture(t).is_err());
    assert!(c.texture_object(t).is_err());
    assert!(c.texture_object(0).is_err());
    assert!(c.texture_object(u64::MAX).is_err());
    // Its slot is reused.
    assert_eq!(c.create_texture(Resource::Array(h), point()).unwrap(), t);
}

#[test]
fn the_pools_are_bounded() {
    let mut c = Context::new(DeviceConfig {
        texture_objects: 4,
        ..DeviceConfig::gm204()
    });
    let p = c.malloc(256).unwrap();
    let r = Resource::Linear {
        ptr: p,
        format: float(1),
        bytes: 256,
    };
    for _ in 0..3 {
        c.create_texture(r, point()).unwrap();
    }
    let e = c.create_texture(r, point()).unwrap_err();
    assert!(e.to_string().contains("the pools hold 3"), "{e}");
}
