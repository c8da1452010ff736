//! TEXS and TLDS fetch through the texture unit (`sem/texture.rs`, `gpumem-tex`) from the
//! launch's header and sampler pools, SULD and SUST read and write through a header of
//! the same pool (`sem/surface.rs`); the other texture, surface and B2R's `.WARP` and
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
        // TEXS/TLDS forms without a model: depth comparison.
        "TEXS.LZ.DC.T R20, R22, R8, R9, 0x52, 2D, RGBA ;",
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
        "SURED.P.1D.XOR.IGN [R4], R12, R0 ;",
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

/// Lane `l` at x = l % 8 (bytes: 4 x), y = l / 8 in R4, R5.
const XY: &str = "LOP32I.AND R4, R0, 0x7 ;\nSHR R5, R0, 0x3 ;\nSHL R4, R4, 0x2 ;\n";

#[test]
fn suld_and_sust_move_one_texel_per_lane() {
    // an 8 x 4 f32 surface: lane l reads texel (l % 8, l / 8), then writes its lane number
    let t = tex2d(8, 4, Format::new(Components::R32, DataType::Float), false);
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    let texels: Vec<u8> = (0..32u32).flat_map(|i| (1000 + i).to_le_bytes()).collect();
    let body = format!(
        "{XY}SULD.D.BA.2D.TRAP R6, [R4], 0x5e ;\nSTG [R20], R6 ;\nSUST.D.BA.2D.TRAP [R4], R0, 0x5e ;"
    );
    let r = run_cfg(&body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for lane in 0..32u64 {
        assert_eq!(r.out(lane), 1000 + lane as u32, "lane {lane}");
        assert_eq!(r.word(TEXELS + 4 * lane), lane as u32, "lane {lane}");
    }
}

#[test]
fn surface_boundary_modes_trap_clamp_and_zero() {
    // a 4 x 2 surface (rows 32 bytes apart): lanes 8.. are outside (x >= 4 or y >= 2)
    let t = tex2d(4, 2, Format::new(Components::R32, DataType::Float), false);
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    let texels: Vec<u8> = (0..16u32).flat_map(|i| (500 + i).to_le_bytes()).collect();
    let read = |mode: &str| {
        let body = format!("{XY}SULD.D.BA.2D{mode} R6, [R4], 0x5e ;\nSTG [R20], R6 ;");
        run_cfg(&body, pools(), |e| bind(e, 0, &t, &s, &texels, 0))
    };
    // trap: the first lane outside (lane 4: x = 16 bytes, y = 0) faults, naming it
    let r = read(".TRAP");
    assert_eq!(r.kinds(), vec![FaultKind::Surface], "{:?}", r.faults);
    assert!(
        r.faults[0]
            .message
            .contains("lane 4: surface access at (16, 0, 0)"),
        "{}",
        r.faults[0].message
    );
    // zero (.IGN): 0 outside
    let r = read(".IGN");
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for lane in 0..32u32 {
        let (x, y) = (lane % 8, lane / 8);
        let want = if x < 4 && y < 2 { 500 + y * 8 + x } else { 0 };
        assert_eq!(r.out(u64::from(lane)), want, "lane {lane}");
    }
    // clamp: the edge texel
    let r = read("");
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for lane in 0..32u32 {
        let (x, y) = ((lane % 8).min(3), (lane / 8).min(1));
        assert_eq!(r.out(u64::from(lane)), 500 + y * 8 + x, "lane {lane}");
    }
    // a zero-mode store outside writes nothing
    let body = format!("{XY}SUST.D.BA.2D.IGN [R4], R0, 0x5e ;");
    let r = run_cfg(&body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for i in 0..16u32 {
        let (x, y) = (i % 8, i / 8);
        let want = if x < 4 { y * 8 + x } else { 500 + i };
        assert_eq!(r.word(TEXELS + 4 * u64::from(i)), want, "word {i}");
    }
}

#[test]
fn wide_narrow_and_formatted_surface_accesses() {
    // a 1-D RGBA8 unorm surface of 8 texels, x in bytes
    let t = Texture {
        ty: TextureType::OneD,
        ..tex2d(
            8,
            1,
            Format::new(Components::A8B8G8R8, DataType::Unorm),
            false,
        )
    };
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    let texels: Vec<u8> = (0..32u8).map(|i| i.wrapping_mul(51)).collect();
    // .S8: byte 3 (153 = -103) sign-extended; .128: texels 4..7 in R8..R11
    let body = "MOV32I R4, 0x3 ;\nSULD.D.BA.1D.S8.TRAP R6, [R4], 0x5e ;\nSTG [R20], R6 ;\n\
                MOV32I R4, 0x10 ;\nSULD.D.BA.1D.128.TRAP R8, [R4], 0x5e ;\n\
                STG [R20+0x80], R8 ;\nSTG [R20+0x100], R11 ;\n\
                MOV32I R4, 0x3 ;\nSULD.P.1D.RGA R12, [R4], 0x5e ;\n\
                STG [R20+0x180], R12 ;\nSTG [R20+0x200], R13 ;\nSTG [R20+0x280], R14 ;";
    let r = run_cfg(body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let word = |k: usize| u32::from_le_bytes(texels[4 * k..4 * k + 4].try_into().unwrap());
    assert_eq!(r.out(0), (-103i32) as u32);
    assert_eq!(r.word(OUT + 0x80), word(4));
    assert_eq!(r.word(OUT + 0x100), word(7));
    // .P at texel 3 (bytes 12..16 = 612, 663, 714, 765 mod 256): R, G, A as unorm floats
    let unorm = |b: u8| (f32::from(b) / 255.0).to_bits();
    assert_eq!(r.word(OUT + 0x180), unorm(texels[12]));
    assert_eq!(r.word(OUT + 0x200), unorm(texels[13]));
    assert_eq!(r.word(OUT + 0x280), unorm(texels[15]));
    // SUST.P of the G channel alone: 0.5 -> 128, the other channels stay
    let body = "MOV32I R4, 0x2 ;\nMOV32I R6, 0x3f000000 ;\nSUST.P.1D.G [R4], R6, 0x5e ;";
    let r = run_cfg(body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let mut want = texels[8..12].to_vec();
    want[1] = 128;
    assert_eq!(
        r.word(TEXELS + 8),
        u32::from_le_bytes(want.try_into().unwrap())
    );
}

#[test]
fn surfaces_without_pools_or_a_fitting_header_fault() {
    let t = tex2d(8, 4, Format::new(Components::R32, DataType::Float), false);
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    // no pools
    let r = run(&format!("{XY}SULD.D.BA.2D.TRAP R6, [R4], 0x5e ;"), |_| {});
    assert_eq!(r.kinds(), vec![FaultKind::Surface], "{:?}", r.faults);
    // a 3-D access to a 2-D header, a handle past the pool, a misaligned x
    for (body, handle, what) in [
        ("SULD.D.BA.3D.TRAP R6, [R4], 0x5e ;", 0, "3-D"),
        ("SULD.D.BA.2D.TRAP R6, [R4], 0x5e ;", 7, "past"),
        (
            "IADD32I R4, R4, 0x2 ;\nSUST.D.BA.2D.IGN [R4], R0, 0x5e ;",
            0,
            "multiple",
        ),
    ] {
        let r = run_cfg(&format!("{XY}{body}"), pools(), |e| {
            bind(e, 0, &t, &s, &[0; 128], handle)
        });
        assert_eq!(
            r.kinds(),
            vec![FaultKind::Surface],
            "{body}: {:?}",
            r.faults
        );
        let m = &r.faults[0].message;
        assert!(m.contains(what) || m.contains("D3"), "{body}: {m}");
    }
    // a register index past the kernel's registers
    let r = run_cfg(
        &format!("{XY}SULD.D.BA.2D.TRAP R6, [R4], R40 ;"),
        pools(),
        |e| bind(e, 0, &t, &s, &[0; 128], 0),
    );
    assert_eq!(
        r.kinds(),
        vec![FaultKind::RegisterOutOfRange],
        "{:?}",
        r.faults
    );
    // .128 into a register not a multiple of 4
    let r = run_cfg(
        &format!("{XY}SULD.D.BA.2D.128.TRAP R6, [R4], 0x5e ;"),
        pools(),
        |e| bind(e, 0, &t, &s, &[0; 128], 0),
    );
    assert_eq!(
        r.kinds(),
        vec![FaultKind::MisalignedRegister],
        "{:?}",
        r.faults
    );
}

#[test]
fn sured_and_suatom_apply_lane_by_lane() {
    // a 4 x 2 u32 surface; every lane adds its lane number to texel (1, 1)
    let t = tex2d(4, 2, Format::new(Components::R32, DataType::Uint), false);
    let s = Sampler::new(AddressMode::ClampToEdge, Filter::Point);
    let texels: Vec<u8> = (0..16u32).flat_map(|i| (100 * i).to_le_bytes()).collect();
    let at = TEXELS + 32 + 4; // row 1 (32 bytes apart), x = 1
    let body = "MOV32I R4, 0x4 ;\nMOV32I R5, 0x1 ;\nSURED.D.BA.2D.ADD.TRAP [R4], R0, 0x5e ;";
    let r = run_cfg(body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.word(at), 900 + 496);
    // SUATOM returns the value before each lane: 900 + 0 + 1 + ... + (lane - 1)
    let body = "MOV32I R4, 0x4 ;\nMOV32I R5, 0x1 ;\n\
                SUATOM.D.BA.2D.ADD.TRAP R6, [R4], R0, 0x5e ;\nSTG [R20], R6 ;";
    let r = run_cfg(body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for lane in 0..32u32 {
        let before: u32 = (0..lane).sum();
        assert_eq!(r.out(u64::from(lane)), 900 + before, "lane {lane}");
    }
    assert_eq!(r.word(at), 900 + 496);
    // signed max (.S32) per lane at its own texel, zero mode drops lanes outside
    let body = format!("{XY}MOV32I R7, 0xfffffe0c ;\nSURED.D.BA.2D.MAX.S32.IGN [R4], R7, 0x5e ;");
    let r = run_cfg(&body, pools(), |e| bind(e, 0, &t, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    for i in 0..8u32 {
        let (x, y) = (i % 4, i / 4);
        let word = r.word(TEXELS + u64::from(y) * 32 + u64::from(x) * 4);
        // max(100 * i, -500) as signed: unchanged
        assert_eq!(word, 100 * (y * 8 + x), "texel {i}");
    }
    // EXCH of 64 bits returns the old pair
    let t64 = tex2d(4, 2, Format::new(Components::R32G32, DataType::Uint), false);
    let body = "MOV32I R4, 0x8 ;\nMOV32I R5, 0x0 ;\nMOV32I R8, 0x11 ;\nMOV32I R9, 0x22 ;\n\
                SUATOM.D.BA.2D.EXCH.U64.TRAP R12, [R4], R8, 0x5e ;\nSTG [R20], R12 ;\nSTG [R20+0x80], R13 ;";
    let r = run_cfg(body, pools(), |e| bind(e, 0, &t64, &s, &texels, 0));
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!((r.word(TEXELS + 8), r.word(TEXELS + 12)), (0x11, 0x22));
    // lane 0 read the initial pair (texels 2 and 3 of the u32 view: 200, 300)
    assert_eq!((r.out(0), r.word(OUT + 0x80)), (200, 300));
}
