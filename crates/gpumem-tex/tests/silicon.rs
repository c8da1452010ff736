//! The texture unit against an H100's texture fetches: the committed subset of
//! `../shared/silicon/textures` (tests/silicon/textures/subset.json.gz, made by
//! scripts/tex-silicon-subset.py). Every fetch is compared bit for bit (all four returned
//! words). Each row carries whether the Python model of scripts/research/tex_silicon.py
//! reproduces it; the unit must reproduce every such row, and match at least as many rows
//! in all. The per-configuration counts are printed (`--nocapture`).

use std::io::Read;

use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Texture, TextureType,
};
use serde_json::Value;

fn load() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/silicon/textures/subset.json.gz"
    );
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("gzip");
    serde_json::from_str(&text).expect("json")
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

fn texture(cfg: &Value) -> (Texture, Sampler) {
    let s = |k: &str| cfg[k].as_str().expect(k).to_string();
    let n = |k: &str| cfg[k].as_u64().expect(k) as u32;
    let size: Vec<u32> = cfg["size"]
        .as_array()
        .expect("size")
        .iter()
        .map(|v| v.as_u64().expect("dim") as u32)
        .collect();
    let (nch, bits) = (n("nch"), n("bits"));
    let components = match (nch, bits) {
        (1, 8) => Components::R8,
        (4, 8) => Components::A8B8G8R8,
        (1, 16) => Components::R16,
        (1, 32) => Components::R32,
        (4, 32) => Components::R32G32B32A32,
        other => panic!("format {other:?}"),
    };
    let data = match (s("chkind").as_str(), s("read").as_str()) {
        ("float", _) => DataType::Float,
        ("unsigned", "elem") => DataType::Uint,
        ("unsigned", _) => DataType::Unorm,
        ("signed", "elem") => DataType::Sint,
        _ => DataType::Snorm,
    };
    let ty = match s("kind").as_str() {
        "1d" => TextureType::OneD,
        "2d" => TextureType::TwoD,
        "3d" => TextureType::ThreeD,
        "l2d" => TextureType::TwoDArray,
        "fetch" => TextureType::OneDBuffer,
        k => panic!("kind {k}"),
    };
    let bpp = nch * bits / 8;
    let layout = if ty == TextureType::OneDBuffer {
        Layout::Linear
    } else {
        Layout::Pitch {
            pitch: size[0] * bpp,
        }
    };
    let t = Texture {
        base: 0,
        format: Format::new(components, data),
        ty,
        width: size[0],
        height: size[1].max(1),
        depth: size[2].max(1),
        layout,
        normalized: n("normalized") == 1,
    };
    let address = match s("addr").as_str() {
        "clamp" => AddressMode::ClampToEdge,
        "border" => AddressMode::Border,
        "wrap" => AddressMode::Wrap,
        "mirror" => AddressMode::Mirror,
        a => panic!("address mode {a}"),
    };
    let filter = if s("filter") == "linear" {
        Filter::Linear
    } else {
        Filter::Point
    };
    (t, Sampler::new(address, filter))
}

#[test]
fn every_fetch_the_model_explains_matches_the_h100_bit_for_bit() {
    let all = load();
    let textures = &all["textures"];
    let (mut matched, mut model, mut rows, mut full) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    let configs = all["configs"].as_array().expect("configs");
    for cfg in configs {
        let id = cfg["id"].as_str().expect("id");
        let (t, s) = texture(cfg);
        let data = hex(textures[cfg["texture"].as_str().expect("texture")]["bytes"]
            .as_str()
            .expect("bytes"));
        let (mut ok, mut n) = (0, 0);
        for row in cfg["rows"].as_array().expect("rows") {
            let r: Vec<u32> = row
                .as_array()
                .expect("row")
                .iter()
                .map(|v| v.as_u64().expect("word") as u32)
                .collect();
            let coords = [
                f32::from_bits(r[0]),
                f32::from_bits(r[1]),
                f32::from_bits(r[2]),
            ];
            let want = [r[4], r[5], r[6], r[7]];
            let got = if t.ty == TextureType::OneDBuffer {
                t.load(&data[..], r[3] as i32, 0, 0)
            } else {
                t.sample(&s, &data[..], coords, r[3])
            }
            .unwrap_or_else(|e| panic!("{id}: {e}"));
            n += 1;
            if got == want {
                ok += 1;
            } else if r[8] == 1 && failures.len() < 20 {
                failures.push(format!(
                    "{id} at {coords:?} layer {}: silicon {want:08x?}, unit {got:08x?}",
                    r[3] as i32
                ));
            }
            model += r[8] as usize;
        }
        eprintln!("{id:45} {ok:5} / {n:5}");
        matched += ok;
        rows += n;
        full += usize::from(ok == n);
    }
    eprintln!(
        "matched {matched} / {rows} fetches, {full} / {} configurations whole; the Python model {model}",
        configs.len()
    );
    assert!(
        failures.is_empty(),
        "fetches the model reproduces but the unit does not:\n{}",
        failures.join("\n")
    );
    assert!(
        matched >= model,
        "the unit matches {matched} fetches, the model {model}"
    );
}
