//! Surfaces and cube maps in the texture unit: where SULD/SUST land under each boundary
//! mode, the formatted conversions, and the cube-map face selection of the CUDA C
//! Programming Guide, each scenario with values worked out by hand.

use gpumem_tex::surface::{Boundary, SurfDim, SurfError};
use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Texture, TextureType,
    cube_face,
};

/// A pitch-linear texture of `w`x`h`x`d` `components` texels at address 0x1000.
fn tex(ty: TextureType, c: Components, data: DataType, w: u32, h: u32, d: u32) -> Texture {
    let row = w * c.bytes();
    Texture {
        base: 0x1000,
        format: Format::new(c, data),
        ty,
        width: w,
        height: h,
        depth: d,
        layout: Layout::Pitch {
            pitch: row.div_ceil(32) * 32,
        },
        normalized: false,
    }
}

#[test]
fn byte_addressed_2d_accesses_land_on_their_texel() {
    let t = tex(
        TextureType::TwoD,
        Components::R32,
        DataType::Float,
        10,
        4,
        1,
    );
    // pitch 64: (x_bytes 12, y 2) -> 0x1000 + 2*64 + 12
    let a = t.surface_address(SurfDim::D2, [12, 2, 0], 4, true, Boundary::Trap);
    assert_eq!(a, Ok(Some(0x1000 + 128 + 12)));
    // texel addressing (.P): x = 3 texels
    let a = t.surface_address(SurfDim::D2, [3, 2, 0], 4, false, Boundary::Trap);
    assert_eq!(a, Ok(Some(0x1000 + 128 + 12)));
    // the last texel is inside, one byte past is not
    assert_eq!(
        t.surface_address(SurfDim::D2, [36, 3, 0], 4, true, Boundary::Trap),
        Ok(Some(0x1000 + 3 * 64 + 36))
    );
    let e = t
        .surface_address(SurfDim::D2, [40, 3, 0], 4, true, Boundary::Trap)
        .unwrap_err();
    assert!(
        matches!(e, SurfError::OutOfRange { x: 40, y: 3, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("(40, 3, 0)"), "{e}");
    // y past the last row, negative x
    assert!(
        t.surface_address(SurfDim::D2, [0, 4, 0], 4, true, Boundary::Trap)
            .is_err()
    );
    assert!(
        t.surface_address(SurfDim::D2, [-4, 0, 0], 4, true, Boundary::Trap)
            .is_err()
    );
}

#[test]
fn zero_drops_and_clamp_moves_to_the_edge() {
    let t = tex(
        TextureType::TwoD,
        Components::R32,
        DataType::Float,
        10,
        4,
        1,
    );
    for c in [[40, 0, 0], [-4, 0, 0], [0, 4, 0], [0, -1, 0]] {
        assert_eq!(
            t.surface_address(SurfDim::D2, c, 4, true, Boundary::Zero),
            Ok(None),
            "{c:?}"
        );
    }
    // clamp: x to the last texel (36), y to row 3 / row 0
    assert_eq!(
        t.surface_address(SurfDim::D2, [400, 9, 0], 4, true, Boundary::Clamp),
        Ok(Some(0x1000 + 3 * 64 + 36))
    );
    assert_eq!(
        t.surface_address(SurfDim::D2, [-8, -3, 0], 4, true, Boundary::Clamp),
        Ok(Some(0x1000))
    );
    // an 8-byte access to a row of 40 bytes: the last aligned place is 32
    assert_eq!(
        t.surface_address(SurfDim::D2, [48, 0, 0], 8, true, Boundary::Clamp),
        Ok(Some(0x1000 + 32))
    );
}

#[test]
fn misaligned_and_mismatched_accesses_are_errors() {
    let t = tex(
        TextureType::TwoD,
        Components::R32,
        DataType::Float,
        10,
        4,
        1,
    );
    for b in [Boundary::Zero, Boundary::Clamp, Boundary::Trap] {
        assert_eq!(
            t.surface_address(SurfDim::D2, [6, 0, 0], 4, true, b),
            Err(SurfError::Misaligned { x: 6, size: 4 })
        );
    }
    // a 1-D access to a 2-D surface, an access wider than a row, a bad size
    assert!(matches!(
        t.surface_address(SurfDim::D1, [0, 0, 0], 4, true, Boundary::Trap),
        Err(SurfError::Surface(_))
    ));
    let narrow = tex(TextureType::OneD, Components::R8, DataType::Uint, 4, 1, 1);
    assert!(matches!(
        narrow.surface_address(SurfDim::D1, [0, 0, 0], 16, true, Boundary::Clamp),
        Err(SurfError::Surface(_))
    ));
    assert!(matches!(
        narrow.surface_address(SurfDim::D1, [0, 0, 0], 3, true, Boundary::Clamp),
        Err(SurfError::Surface(_))
    ));
}

#[test]
fn layers_slices_and_cube_faces_are_the_third_coordinate() {
    // 2-D array 4x3, 5 layers of rows 32 bytes apart: layer 2, y 1 -> (2*3+1)*32
    let a = tex(
        TextureType::TwoDArray,
        Components::R32,
        DataType::Float,
        4,
        3,
        5,
    );
    assert_eq!(
        a.surface_address(SurfDim::D2Array, [8, 1, 2], 4, true, Boundary::Trap),
        Ok(Some(0x1000 + 7 * 32 + 8))
    );
    assert!(
        a.surface_address(SurfDim::D2Array, [0, 0, 5], 4, true, Boundary::Trap)
            .is_err()
    );
    // 1-D array: x then the layer
    let l = tex(
        TextureType::OneDArray,
        Components::R32,
        DataType::Float,
        4,
        1,
        3,
    );
    assert_eq!(
        l.surface_address(SurfDim::D1Array, [4, 2, 0], 4, true, Boundary::Trap),
        Ok(Some(0x1000 + 2 * 32 + 4))
    );
    // 3-D: slice 1 of 4x3
    let v = tex(
        TextureType::ThreeD,
        Components::R32,
        DataType::Float,
        4,
        3,
        2,
    );
    assert_eq!(
        v.surface_address(SurfDim::D3, [0, 2, 1], 4, true, Boundary::Trap),
        Ok(Some(0x1000 + 5 * 32))
    );
    // a cube map (one cube) is six layers of a 2-D array; a cube array six per cube
    let c = tex(
        TextureType::Cubemap,
        Components::R32,
        DataType::Float,
        4,
        4,
        1,
    );
    assert_eq!(
        c.surface_address(SurfDim::D2Array, [0, 0, 5], 4, true, Boundary::Trap),
        Ok(Some(0x1000 + 20 * 32))
    );
    assert!(
        c.surface_address(SurfDim::D2Array, [0, 0, 6], 4, true, Boundary::Trap)
            .is_err()
    );
    let ca = tex(
        TextureType::CubemapArray,
        Components::R32,
        DataType::Float,
        4,
        4,
        2,
    );
    assert_eq!(
        ca.surface_address(SurfDim::D2Array, [0, 0, 11], 4, true, Boundary::Clamp),
        Ok(Some(0x1000 + 44 * 32))
    );
}

#[test]
fn formatted_accesses_convert_to_and_from_the_format() {
    let u8x4 = tex(
        TextureType::TwoD,
        Components::A8B8G8R8,
        DataType::Unorm,
        4,
        4,
        1,
    );
    let f = |v: f32| v.to_bits();
    // 0.5 * 255 = 127.5 -> 128 (ties to even), NaN -> 0, clamped above and below
    assert_eq!(
        u8x4.surface_pack([f(0.5), f(f32::NAN), f(2.0), f(-1.0)]),
        vec![128, 0, 255, 0]
    );
    assert_eq!(
        u8x4.surface_unpack(&[255, 0, 51, 128]),
        [f(1.0), 0, f(0.2), f(128.0 / 255.0)]
    );
    let s16 = tex(
        TextureType::TwoD,
        Components::R16G16,
        DataType::Snorm,
        4,
        4,
        1,
    );
    assert_eq!(
        s16.surface_pack([f(-1.0), f(0.5), 0, 0]),
        [(-32767i16).to_le_bytes(), 16384i16.to_le_bytes()].concat()
    );
    // -32768 reads as -1
    assert_eq!(
        s16.surface_unpack(&[0x00, 0x80, 0xFF, 0x7F]),
        [f(-1.0), f(1.0), 0, 0]
    );
    let i8s = tex(TextureType::TwoD, Components::G8R8, DataType::Sint, 4, 4, 1);
    assert_eq!(
        i8s.surface_pack([300, (-300i32) as u32, 0, 0]),
        vec![127, 0x80]
    );
    assert_eq!(i8s.surface_unpack(&[0xFF, 0x05]), [u32::MAX, 5, 0, 0]);
    let h = tex(TextureType::TwoD, Components::R16, DataType::Float, 4, 4, 1);
    assert_eq!(
        h.surface_pack([f(1.5), 0, 0, 0]),
        0x3E00u16.to_le_bytes().to_vec()
    );
    assert_eq!(
        h.surface_unpack(&0x3E00u16.to_le_bytes()),
        [f(1.5), 0, 0, 0]
    );
}

#[test]
fn cube_faces_follow_the_major_axis() {
    // the programming guide's table: (face, sc, tc) per major axis and sign
    let cases: [([f32; 3], u32, f32, f32); 8] = [
        ([1.0, -0.5, -0.5], 0, 0.75, 0.75),  // +x: s = -z, t = -y
        ([-1.0, -0.5, 0.5], 1, 0.75, 0.75),  // -x: s = z, t = -y
        ([0.5, 1.0, 0.5], 2, 0.75, 0.75),    // +y: s = x, t = z
        ([0.5, -1.0, -0.5], 3, 0.75, 0.75),  // -y: s = x, t = -z
        ([0.5, -0.5, 1.0], 4, 0.75, 0.75),   // +z: s = x, t = -y
        ([-0.5, -0.5, -1.0], 5, 0.75, 0.75), // -z: s = -x, t = -y
        ([4.0, 0.0, -2.0], 0, 0.75, 0.5),    // |ma| divides: s = 2/4
        ([1.0, 1.0, 1.0], 0, 0.0, 0.0),      // ties go to x
    ];
    for (dir, face, s, t) in cases {
        assert_eq!(cube_face(dir), (face, s, t), "{dir:?}");
    }
    let (f, s, t) = cube_face([0.0, 0.0, 0.0]);
    assert_eq!(f, 0);
    assert!(s.is_nan() && t.is_nan());
    assert_eq!(cube_face([f32::NAN, 0.0, -2.0]).0, 5);
}

#[test]
fn a_cube_fetch_samples_the_selected_face() {
    // 2x2 faces, texel value 10 * face + 2 * y + x (f32), pitch 32
    let c = tex(
        TextureType::Cubemap,
        Components::R32,
        DataType::Float,
        2,
        2,
        1,
    );
    let mut mem = vec![0u8; 0x1000 + 12 * 32];
    for face in 0..6u32 {
        for y in 0..2u32 {
            for x in 0..2u32 {
                let at = 0x1000 + ((face * 2 + y) * 32 + x * 4) as usize;
                let v = (10 * face + 2 * y + x) as f32;
                mem[at..at + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
    }
    let point = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    let fetch = |s: &Sampler, d: [f32; 3]| f32::from_bits(c.sample(s, &mem[..], d, 0).unwrap()[0]);
    // -y face (3), s = x = 0.5 -> texel 1, t = -z = -0.5 -> texel 0
    assert_eq!(fetch(&point, [0.5, -1.0, 0.5]), 31.0);
    // +z (4): s = x = -0.5 -> 0, t = -y = 0.5 -> 1
    assert_eq!(fetch(&point, [-0.5, -0.5, 1.0]), 42.0);
    // linear at the centre of +x (0): the mean of its four texels, 1.5
    let linear = Sampler::new(AddressMode::ClampToEdge, Filter::Linear);
    assert_eq!(fetch(&linear, [1.0, 0.0, 0.0]), 1.5);
    // a non-square cube map is refused
    let bad = Texture { height: 3, ..c };
    assert!(bad.sample(&point, &mem[..], [1.0, 0.0, 0.0], 0).is_err());
}
