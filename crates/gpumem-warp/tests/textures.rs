//! TEXS and TLDS fetch through the texture unit (`sem/texture.rs`, `gpumem-tex`) from the
//! launch's header and sampler pools; the other texture, surface and B2R's `.WARP` and
//! barrier-number forms decode and assemble (`table/texture.rs`, `table/surface.rs`,
//! `table/system.rs`) but have no functional model: running one is an `unsupported`
//! fault, never a silent no-op (`B2R.RESULT` runs: tests/ptxas_kernels.rs; VABSDIFF4
//! runs: tests/exec/subword.txt, tests/vabsdiff4_ptxas.rs).

use crate::common;

use common::*;
use gpumem_tex::head::{Pools, encode_texhead, encode_texsamp};
use gpumem_tex::{
    AddressMode, Components, DataType, Filter, Format, Layout, Sampler, Texture, TextureType,
};
use gpumem_warp::{Emulator, FaultKind, LaunchConfig};

/// Where the tests put the pools, the texels and the per-lane coordinates.
const HEADERS: u64 = 0x1000;
const SAMPLERS: u64 = 0x1400;
const TEXELS: u64 = 0x2000;
const COORDS: u64 = 0x8000;
/// The texture index the instructions name: word 0x5e of bank 0 (byte 0x178, a kernel
/// parameter, where nvcc leaves a `cudaTextureObject_t`).
const INDEX_BYTE: u64 = 0x5e * 4;

fn pools() -> LaunchConfig {
    LaunchConfig {
        textures: Some(Pools {
            headers: HEADERS,
            header_count: 2,
            samplers: SAMPLERS,
            sampler_count: 2,
        }),
        ..cfg()
    }
}

/// Puts texture `t` (header 0, or 1) and sampler `s` (sampler 0 or 1), the texel bytes
/// at [`TEXELS`] and the handle `handle` in the texture constant word.
fn bind(emu: &mut Emulator, slot: u32, t: &Texture, s: &Sampler, texels: &[u8], handle: u32) {
    put(
        emu,
        HEADERS + 32 * u64::from(slot),
        &encode_texhead(t).expect("encodable"),
    );
    put(emu, SAMPLERS + 32 * u64::from(slot), &encode_texsamp(s));
    emu.mem.global.write(TEXELS, texels).unwrap();
    cput(emu, 0, INDEX_BYTE, &[handle]);
}

fn tex2d(width: u32, height: u32, format: Format, normalized: bool) -> Texture {
    Texture {
        base: TEXELS,
        format,
        ty: TextureType::TwoD,
        width,
        height,
        depth: 1,
        layout: Layout::Pitch {
            pitch: (width * format.components.bytes()).next_multiple_of(32),
        },
        normalized,
    }
}

#[test]
fn tlds_reads_a_buffer_texel_per_lane_and_zero_past_its_end() {
    let values: Vec<f32> = (0..13).map(|i| i as f32 * 1.5 - 4.0).collect();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let t = Texture {
        base: TEXELS,
        format: Format::new(Components::R32, DataType::Float),
        ty: TextureType::OneDBuffer,
        width: 13,
        height: 1,
        depth: 1,
        layout: Layout::Linear,
        normalized: false,
    };
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    let r = run_cfg(
        "TLDS.LZ.T RZ, R2, R0, 0x5e, 1D, R ;\nSTG [R20], R2 ;",
        pools(),
        |e| bind(e, 0, &t, &s, &bytes, 0),
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for lane in 0..32u64 {
        let want = values.get(lane as usize).map_or(0, |v| v.to_bits());
        assert_eq!(r.out(lane), want, "lane {lane}");
    }
}

#[test]
fn texs_filters_four_components_into_two_register_pairs() {
    // an 8 x 6 RGBA8 texture, linear filter, clamp, unnormalized coordinates
    let texels: Vec<u8> = (0..8 * 6 * 4).map(|i| (i * 37 % 256) as u8).collect();
    let t = tex2d(
        8,
        6,
        Format::new(Components::A8B8G8R8, DataType::Unorm),
        false,
    );
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Linear);
    let xs: Vec<f32> = (0..32).map(|l| l as f32 * 0.29 - 0.7).collect();
    let ys: Vec<f32> = (0..32).map(|l| 5.9 - l as f32 * 0.173).collect();
    let body = "SHL R5, R0, 0x2 ;\nLDG R2, [R5+0x8000] ;\nLDG R3, [R5+0x8080] ;\n\
                TEXS.T R8, R6, R2, R3, 0x5e, 2D, RGBA ;\n\
                STG [R20], R6 ;\nSTG [R20+0x80], R7 ;\nSTG [R20+0x100], R8 ;\nSTG [R20+0x180], R9 ;";
    let r = run_cfg(body, pools(), |e| {
        bind(e, 0, &t, &s, &texels, 0);
        put(
            e,
            COORDS,
            &xs.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        );
        put(
            e,
            COORDS + 0x80,
            &ys.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        );
    });
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let mem: Vec<u8> = {
        let mut m = vec![0u8; TEXELS as usize];
        m.extend_from_slice(&texels);
        m
    };
    assert_eq!(t.layout, Layout::Pitch { pitch: 32 }); // rows are contiguous here
    for lane in 0..32u64 {
        let want = t
            .sample(&s, &mem[..], [xs[lane as usize], ys[lane as usize], 0.0], 0)
            .unwrap();
        let got = [0, 1, 2, 3].map(|k| r.out(lane + 32 * k));
        assert_eq!(got, want, "lane {lane}");
        assert!(
            want.iter()
                .all(|&w| (0.0..=1.0).contains(&f32::from_bits(w)))
        );
    }
    // the lanes fetched different places: the results are not one value
    let reds: std::collections::BTreeSet<u32> = (0..32).map(|l| r.out(l)).collect();
    assert!(reds.len() > 16, "{reds:?}");
    // with Rd = RZ, `GA` puts G and A into R6 and R7
    let body = "SHL R5, R0, 0x2 ;\nLDG R2, [R5+0x8000] ;\nLDG R3, [R5+0x8080] ;\n\
                TEXS.T RZ, R6, R2, R3, 0x5e, 2D, GA ;\nSTG [R20], R6 ;\nSTG [R20+0x80], R7 ;";
    let r2 = run_cfg(body, pools(), |e| {
        bind(e, 0, &t, &s, &texels, 0);
        put(
            e,
            COORDS,
            &xs.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        );
        put(
            e,
            COORDS + 0x80,
            &ys.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        );
    });
    assert!(r2.faults.is_empty(), "{:?}", r2.faults);
    for lane in 0..32u64 {
        assert_eq!(r2.out(lane), r.out(lane + 32), "G of lane {lane}");
        assert_eq!(r2.out(lane + 32), r.out(lane + 96), "A of lane {lane}");
    }
}

#[test]
fn bad_texture_state_is_a_typed_fault() {
    let t = tex2d(4, 4, Format::new(Components::R32, DataType::Float), true);
    let s = Sampler::new(AddressMode::Wrap, Filter::Point);
    let texels = [0u8; 64];
    let fetch = "TEXS.LZ.T RZ, R2, RZ, RZ, 0x5e, 2D, R ;\nSTG [R20], R2 ;";
    // no pools
    let r = run(fetch, |e| bind(e, 0, &t, &s, &texels, 0));
    assert_eq!(r.kinds(), vec![FaultKind::Texture], "{:?}", r.faults);
    // a handle naming header 5 of a pool of 2, and sampler 7
    for handle in [5, 7 << 20] {
        let r = run_cfg(fetch, pools(), |e| bind(e, 0, &t, &s, &texels, handle));
        assert_eq!(r.kinds(), vec![FaultKind::Texture], "{:?}", r.faults);
        assert!(
            r.faults[0].message.contains("handle"),
            "{}",
            r.faults[0].message
        );
    }
    // an impossible format (8-bit float: component sizes R8, data type FLOAT), a
    // zero header (all-zero memory: no component sizes)
    let bad = encode_texhead(&t).map(|mut w| {
        w[0] = (w[0] & !0x7F) | 0x1d;
        w
    });
    let r = run_cfg(fetch, pools(), |e| {
        bind(e, 0, &t, &s, &texels, 0);
        put(e, HEADERS, &bad.expect("encodable"));
    });
    assert_eq!(r.kinds(), vec![FaultKind::Texture], "{:?}", r.faults);
    let r = run_cfg(fetch, pools(), |e| bind(e, 0, &t, &s, &texels, 1));
    assert_eq!(r.kinds(), vec![FaultKind::Texture], "{:?}", r.faults);
    // a 3-D fetch from a 2-D texture
    let r = run_cfg("TEXS.T R4, R2, R2, R3, 0x5e, 3D, RGBA ;", pools(), |e| {
        bind(e, 0, &t, &s, &texels, 0)
    });
    assert_eq!(r.kinds(), vec![FaultKind::Texture], "{:?}", r.faults);
    // NaN and infinite coordinates fetch (as 0 and beyond the edge), no fault
    let r = run_cfg(
        "MOV32I R2, 0x7fc00000 ;\nMOV32I R3, 0x7f800000 ;\nTEXS.LZ.T RZ, R4, R2, R3, 0x5e, 2D, R ;\nSTG [R20], R4 ;",
        pools(),
        |e| bind(e, 0, &t, &s, &texels, 0),
    );
    assert!(r.faults.is_empty(), "{:?}", r.faults);
}

#[test]
fn texture_surface_and_b2r_forms_are_unsupported() {
    for body in [
        // TEXS/TLDS forms without a model: depth comparison, cube maps.
        "TEXS.LZ.DC.T R20, R22, R8, R9, 0x52, 2D, RGBA ;",
        "TEXS.T R20, R22, R8, R9, 0x52, CUBE, RGBA ;",
        "SULD.D.BA.2D.TRAP R11, [R4], 0x52 ;",
        "SUST.D.BA.2D.TRAP [R4], R7, 0x50 ;",
        "B2R.WARP R3 ;",
        "B2R R3, 0x2 ;",
        // Breadth set D.
        "TXQ.P R2, R2, TEX_HEADER_DIMENSION, 0x54, 0x1 ;",
        "TXA R25, R25, 0x52, 0x1 ;",
        "TMML.LOD.T R12, R4, 0x52, 2D, 0x3 ;",
        "TLD4S.R.T R16, R18, R12, R13, 0x52 ;",
        // Breadth set E.
        "TLD.LZ.AOFFI.T R12, R4, R8, 0x52, ARRAY_CUBE, 0xf ;",
        "TLD.B.LL.MS R12, R4, R8, 0x0, 2D, 0xf ;",
        "TLD4.A.PTP.DC R12, R4, 0x52, 2D, 0x9 ;",
        "TXD R4, R8, R4, 0x52, 2D, 0xf ;",
        "TXD.B.AOFFI R4, R8, R4, 0x0, 2D, 0xf ;",
        "SULD.P.1D.CV.RB.IGN R12, [R4], R0 ;",
        "SUST.P.2D.CG [R4], R12, 0x55 ;",
        "SULD.D.BA.2D.TRAP R0, [R12], R10 ;",
        "SURED.D.BA.1D.ADD.TRAP [R2], R16, 0x54 ;",
        "SURED.P.1D.XOR.IGN [R4], R12, R0 ;",
        "SUATOM.D.BA.2D.EXCH.U64.TRAP R12, [R4], R5, 0x54 ;",
        "SUATOM.D.1D.CAS.IGN R12, [R4], RZ, 0x0 ;",
        "TLD4.G.B R12, R18, R17, 0x0, ARRAY_CUBE, 0xc ;",
        // CCTLT runs: it changes no value (tests/cctl.rs).
    ] {
        let r = run(body, |_| {});
        assert!(
            r.kinds().contains(&FaultKind::Unsupported),
            "{body}: {:?}",
            r.faults
        );
    }
}
