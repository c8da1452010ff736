//! No input panics the texture unit: random header and sampler words (decoded, and when
//! they decode, fetched from), random coordinates of every kind (NaN, infinities,
//! denormals, huge values) and integer coordinates, over a small memory where most texels
//! lie outside (a typed error).

use gpumem_tex::head::{Pools, decode_texhead, decode_texsamp, encode_texhead};
use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, TexError, Texture,
    TextureType,
};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn word(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
    fn coord(&mut self) -> f32 {
        match self.next() % 8 {
            0 => f32::from_bits(self.word()),
            1 => [
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                -0.0,
                f32::MAX,
                f32::MIN,
            ][(self.next() % 6) as usize],
            2 => f32::from_bits(self.word() & 0x807f_ffff), // denormals
            _ => (self.word() as i32 as f32) / 1e8,
        }
    }
}

#[test]
fn random_state_and_coordinates_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let memory = vec![0x5au8; 4096];
    let (mut fetched, mut refused) = (0u32, 0u32);
    for i in 0..20_000 {
        let mut head = [0u32; 8];
        for w in head.iter_mut() {
            *w = rng.word();
        }
        // every other round, a small texture that decodes (random type, format, layout)
        if i % 2 == 0 {
            let comps = [
                Components::R8,
                Components::G8R8,
                Components::A8B8G8R8,
                Components::R16,
                Components::R32,
                Components::R32G32B32A32,
            ];
            let types = [
                DataType::Unorm,
                DataType::Snorm,
                DataType::Uint,
                DataType::Sint,
                DataType::Float,
            ];
            let tys = [
                TextureType::OneD,
                TextureType::TwoD,
                TextureType::ThreeD,
                TextureType::OneDArray,
                TextureType::TwoDArray,
                TextureType::OneDBuffer,
            ];
            let ty = tys[(rng.next() % 6) as usize];
            let layout = match (ty, rng.next() % 2) {
                (TextureType::OneDBuffer, _) => Layout::Linear,
                (_, 0) => Layout::Pitch {
                    pitch: 32 * (1 + (rng.next() % 8) as u32),
                },
                _ => Layout::BlockLinear {
                    gobs_y_log2: (rng.next() % 3) as u8,
                    gobs_z_log2: (rng.next() % 2) as u8,
                },
            };
            let t = Texture {
                base: 512 * (rng.next() % 8),
                format: Format::new(
                    comps[(rng.next() % 6) as usize],
                    types[(rng.next() % 5) as usize],
                ),
                ty,
                width: 1 + (rng.next() % 16) as u32,
                height: 1 + (rng.next() % 8) as u32,
                depth: 1 + (rng.next() % 3) as u32,
                layout,
                normalized: rng.next().is_multiple_of(2),
            };
            if let Ok(w) = encode_texhead(&t) {
                head = w;
            }
        }
        let mut samp = [0u32; 8];
        for w in samp.iter_mut() {
            *w = rng.word();
        }
        samp[0] &= !(1 << 9);
        samp[1] = (samp[1] & !7) | (1 + (rng.next() % 2) as u32);
        let Ok(t) = decode_texhead(&head) else {
            refused += 1;
            continue;
        };
        // re-encoding what decoded never panics either
        let _ = encode_texhead(&t);
        let s = decode_texsamp(&samp).unwrap_or(Sampler::new(AddressMode::Border, Filter::Linear));
        for _ in 0..4 {
            let xyz = [rng.coord(), rng.coord(), rng.coord()];
            let r = t.sample(&s, &memory[..], xyz, rng.word());
            let l = t.load(
                &memory[..],
                rng.word() as i32,
                rng.word() as i32,
                rng.word() as i32,
            );
            for res in [r, l] {
                match res {
                    Ok(_) => fetched += 1,
                    Err(TexError::Memory { .. } | TexError::Header(_)) => refused += 1,
                    Err(e) => panic!("unexpected {e}"),
                }
            }
        }
    }
    // the random state reached the arithmetic, not only the refusals
    assert!(
        fetched > 1000 && refused > 1000,
        "fetched {fetched}, refused {refused}"
    );
    // pools: any handle word resolves or is a typed error
    let pools = Pools {
        headers: 0,
        header_count: 64,
        samplers: 2048,
        sampler_count: 64,
    };
    for _ in 0..10_000 {
        let _ = pools.resolve(&memory[..], rng.word());
    }
}

#[test]
fn textures_larger_than_any_header_still_give_typed_errors() {
    let memory = [0u8; 256];
    for layout in [
        Layout::Pitch { pitch: u32::MAX },
        Layout::BlockLinear {
            gobs_y_log2: 5,
            gobs_z_log2: 5,
        },
        Layout::Linear,
    ] {
        for ty in [
            TextureType::ThreeD,
            TextureType::TwoDArray,
            TextureType::OneDBuffer,
        ] {
            let t = Texture {
                base: u64::MAX - 7,
                format: Format::new(Components::R32G32B32A32, DataType::Float),
                ty,
                width: u32::MAX,
                height: u32::MAX,
                depth: u32::MAX,
                layout,
                normalized: false,
            };
            let _ = t.span_bytes();
            let s = Sampler::new(AddressMode::Wrap, Filter::Linear);
            for c in [f32::MAX, -1e30, 3e9, f32::NAN] {
                // every texel lies outside the 256 bytes (or the header is refused)
                let r = t.sample(&s, &memory[..], [c, c, c], u32::MAX);
                assert!(r.is_err(), "{layout:?} {ty:?} {c}: {r:?}");
                let l = t.load(&memory[..], i32::MAX, 0, 0);
                assert!(l.is_err(), "{layout:?} {ty:?}: {l:?}");
            }
        }
    }
}
