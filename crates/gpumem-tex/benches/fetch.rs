//! Texture fetches per second: 4,096 fetches of a 64 x 64 texture at scattered
//! coordinates, per format and filter (`cargo bench -p gpumem-tex`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Texture, TextureType,
};
use std::hint::black_box;

const N: usize = 4096;

fn texture(components: Components, data: DataType) -> (Texture, Vec<u8>) {
    let bpp = components.bytes();
    let t = Texture {
        base: 0,
        format: Format::new(components, data),
        ty: TextureType::TwoD,
        width: 64,
        height: 64,
        depth: 1,
        layout: Layout::Pitch { pitch: 64 * bpp },
        normalized: true,
    };
    // deterministic texels: floats in [-4, 4), or bytes
    let bytes = (0..64 * 64 * bpp as usize)
        .map(|i| {
            (i.wrapping_mul(2_654_435_761) >> 7) as u8
                & if data == DataType::Float { 0x3f } else { 0xff }
        })
        .collect();
    (t, bytes)
}

fn bench(c: &mut Criterion) {
    let coords: Vec<[f32; 3]> = (0..N)
        .map(|i| {
            let x = (i as u32).wrapping_mul(2_654_435_761) as f32 / 4.294_967e9 * 1.5 - 0.25;
            let y = (i as u32).wrapping_mul(40_503) as f32 / 65536.0 % 1.0;
            [x, y, 0.0]
        })
        .collect();
    let mut g = c.benchmark_group("fetch");
    g.throughput(Throughput::Elements(N as u64));
    for (name, comp, data) in [
        ("f32x1", Components::R32, DataType::Float),
        ("rgba8_unorm", Components::A8B8G8R8, DataType::Unorm),
    ] {
        let (t, bytes) = texture(comp, data);
        for (fname, filter) in [("point", Filter::Point), ("linear", Filter::Linear)] {
            let s = Sampler::new(AddressMode::Wrap, filter);
            g.bench_function(format!("{name}_{fname}"), |b| {
                b.iter(|| {
                    let mut acc = 0u32;
                    for &xyz in &coords {
                        let r = t.sample(&s, &bytes[..], black_box(xyz), 0).expect("fetch");
                        acc = acc.wrapping_add(r[0]);
                    }
                    acc
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
