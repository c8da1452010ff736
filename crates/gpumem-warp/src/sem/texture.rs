//! TEXS and TLDS: texture fetches through the texture unit (`gpumem-tex`).
//!
//! The texture index (bits 36-48) names a word of the texture constant bank — bank 0 in
//! a compute launch, where nvcc places a `cudaTextureObject_t` parameter — holding the
//! bindless handle (header index | sampler index << 20); the launch's header and sampler
//! pools ([`crate::config::LaunchConfig::textures`]) resolve it. Coordinates come from Ra
//! and Rb as the joint lod/dimension code (bits 53-56) places them, the components the
//! swizzle code (bits 50-52) selects go, in R, G, B, A order, to the register at bits 0-7,
//! the next one, the register at bits 28-35 and the next one (yuzu's Maxwell recompiler
//! reads the forms the same way). Textures have one level: an explicit lod of TEXS
//! (`.LL`) selects level 0 as the hardware's clamp to the last level would; TLDS with a
//! level other than 0, depth comparison, multisampling and `.F16` results fault
//! `unsupported`. `CUBE` forms take the direction (x, y, z) from Ra, Ra+1 and Rb (ptxas
//! divides it by its largest magnitude before the fetch) and sample the face it selects
//! (`gpumem_tex::cube_face`).

use super::{R, invalid, unsupported};
use crate::fault::FaultKind;
use crate::resolve::Pre;
use crate::warp::lanes;
use gpumem_maxwell::table::{ModId, Op};
use gpumem_maxwell::{Inst, Operand, RZ};
use gpumem_mem::{Memory, WARP};
use gpumem_tex::head::Pools;
use gpumem_tex::{TexError, TexelMemory, TextureType};
use std::cell::RefCell;

/// The constant bank holding texture handles in a compute launch.
pub(crate) const TEXTURE_BANK: u32 = 0;

/// Global memory as the texture unit reads it (bytes never written read 0), through the
/// running CTA's overlay when it has one (a parallel launch records the pages it reads).
struct Texels<'a>(RefCell<&'a mut Memory>);

impl TexelMemory for Texels<'_> {
    fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), TexError> {
        self.0.borrow_mut().read_global(addr, out);
        Ok(())
    }
}

fn tex_fault(e: TexError) -> (FaultKind, String) {
    (FaultKind::Texture, e.to_string())
}

/// The component masks of the swizzle code: with Rd (bits 28-35) a register, and RZ.
const RGBA: [u32; 5] = [0b0111, 0b1011, 0b1101, 0b1110, 0b1111];
const RG: [u32; 8] = [
    0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b1001, 0b1010, 0b1100,
];

/// What a form reads: its dimension and where its operands are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dim {
    D1,
    D2,
    Array2,
    D3,
    Cube,
}

/// Where the coordinates of a form are: registers as (base, offset) pairs of Ra/Rb.
#[derive(Clone, Copy)]
enum At {
    A(u8),
    B(u8),
}

struct Form {
    dim: Dim,
    coords: [Option<At>; 3],
    layer: Option<At>,
    lod: Option<At>,
    offsets: Option<At>,
}

const fn form(dim: Dim, coords: [Option<At>; 3]) -> Form {
    Form {
        dim,
        coords,
        layer: None,
        lod: None,
        offsets: None,
    }
}

fn texs_form(code: u32) -> Result<Form, String> {
    use At::{A, B};
    Ok(match code {
        0 => form(Dim::D1, [Some(A(0)), None, None]),
        1 | 2 => form(Dim::D2, [Some(A(0)), Some(B(0)), None]),
        3 => Form {
            lod: Some(B(0)),
            ..form(Dim::D2, [Some(A(0)), Some(A(1)), None])
        },
        7 | 8 => Form {
            layer: Some(A(0)),
            ..form(Dim::Array2, [Some(A(1)), Some(B(0)), None])
        },
        10 | 11 => form(Dim::D3, [Some(A(0)), Some(A(1)), Some(B(0))]),
        12 => form(Dim::Cube, [Some(A(0)), Some(A(1)), Some(B(0))]),
        13 => Form {
            lod: Some(B(1)),
            ..form(Dim::Cube, [Some(A(0)), Some(A(1)), Some(B(0))])
        },
        4 | 5 | 6 | 9 => return Err("depth comparison (.DC) is not modelled".into()),
        c => return Err(format!("TEXS lod/dimension code {c} is not a form")),
    })
}

fn tlds_form(code: u32) -> Result<Form, String> {
    use At::{A, B};
    Ok(match code {
        0 => form(Dim::D1, [Some(A(0)), None, None]),
        1 => Form {
            lod: Some(B(0)),
            ..form(Dim::D1, [Some(A(0)), None, None])
        },
        2 => form(Dim::D2, [Some(A(0)), Some(B(0)), None]),
        4 => Form {
            offsets: Some(B(0)),
            ..form(Dim::D2, [Some(A(0)), Some(A(1)), None])
        },
        5 => Form {
            lod: Some(B(0)),
            ..form(Dim::D2, [Some(A(0)), Some(A(1)), None])
        },
        7 => form(Dim::D3, [Some(A(0)), Some(A(1)), Some(B(0))]),
        8 => Form {
            layer: Some(A(0)),
            ..form(Dim::Array2, [Some(B(0)), Some(B(1)), None])
        },
        12 => Form {
            lod: Some(B(0)),
            offsets: Some(B(1)),
            ..form(Dim::D2, [Some(A(0)), Some(A(1)), None])
        },
        6 => return Err("multisampled textures (.MS) are not modelled".into()),
        c => return Err(format!("TLDS lod/dimension code {c} is not a form")),
    })
}

fn fits(dim: Dim, ty: TextureType, load: bool) -> bool {
    match dim {
        Dim::D1 => ty == TextureType::OneD || (load && ty == TextureType::OneDBuffer),
        Dim::D2 => matches!(ty, TextureType::TwoD | TextureType::TwoDNoMipmap),
        Dim::Array2 => ty == TextureType::TwoDArray,
        Dim::D3 => ty == TextureType::ThreeD,
        Dim::Cube => ty == TextureType::Cubemap,
    }
}

/// Executes TEXS or TLDS for the lanes in `guard`.
pub(crate) fn fetch(
    mem: &mut Memory,
    pools: Option<&Pools>,
    regs: &mut [u32],
    inst: &Inst,
    pre: &Pre,
    guard: u32,
) -> R {
    if inst.op.mods.iter().any(|g| g.id == ModId::F16) {
        return unsupported(format!(
            "{}: .F16 results (half pairs) are not modelled",
            inst.op.form
        ));
    }
    let load = pre.op == Op::Tlds;
    let reg = |k: usize| match inst.operands[k] {
        Operand::Reg { r, .. } => r,
        _ => RZ,
    };
    let imm = |k: usize| match inst.operands[k] {
        Operand::Imm(v) => v as u32,
        _ => 0,
    };
    let (rd, rd2, ra, rb) = (reg(0), reg(1), reg(2), reg(3));
    let (index, code, swz) = (imm(4), imm(5), imm(6));
    let f = if load {
        tlds_form(code)
    } else {
        texs_form(code)
    };
    let f = match f {
        Ok(f) => f,
        Err(why) => return unsupported(format!("{}: {why}", inst.op.form)),
    };
    let mask = match if rd == RZ {
        RG.get(swz as usize)
    } else {
        RGBA.get(swz as usize)
    } {
        Some(&m) => m,
        None => return invalid(format!("component selection {swz} names no components")),
    };
    let Some(pools) = pools else {
        return Err((
            FaultKind::Texture,
            "the launch has no texture header and sampler pools (no [[texture]])".into(),
        ));
    };
    let handle = mem.constant.word(TEXTURE_BANK, i64::from(index) * 4);
    let texels = Texels(RefCell::new(mem));
    let (tex, sampler) = pools.resolve(&texels, handle).map_err(tex_fault)?;
    if !fits(f.dim, tex.ty, load) {
        return Err((
            FaultKind::Texture,
            format!(
                "a {:?} fetch from handle {handle:#x}, a {:?} texture",
                f.dim, tex.ty
            ),
        ));
    }
    let nregs = regs.len() / WARP;
    // registers: RZ reads 0; a pair's second register must exist
    let read = |at: Option<At>, lane: usize| -> Result<u32, (FaultKind, String)> {
        let Some(at) = at else { return Ok(0) };
        let (r, k) = match at {
            At::A(k) => (ra, k),
            At::B(k) => (rb, k),
        };
        if r == RZ {
            return Ok(0);
        }
        let r = usize::from(r) + usize::from(k);
        if k > 0 && (r - 1) % 2 != 0 {
            return Err((
                FaultKind::MisalignedRegister,
                format!("R{} starts a register pair: it must be even", r - 1),
            ));
        }
        match regs.get(r * WARP + lane) {
            Some(&v) => Ok(v),
            None => Err((
                FaultKind::RegisterOutOfRange,
                format!("R{r} is not one of the kernel's {nregs} registers"),
            )),
        }
    };
    let dests = [
        rd2,
        rd2.saturating_add(u8::from(rd2 != RZ)),
        rd,
        rd.saturating_add(u8::from(rd != RZ)),
    ];
    for d in dests {
        if d != RZ && usize::from(d) >= nregs {
            return Err((
                FaultKind::RegisterOutOfRange,
                format!("R{d} is not one of the kernel's {nregs} registers"),
            ));
        }
    }
    let mut results = [[0u32; 4]; WARP];
    for lane in lanes(guard) {
        let c: Vec<u32> = f
            .coords
            .iter()
            .map(|&a| read(a, lane))
            .collect::<Result<_, _>>()?;
        let layer = read(f.layer, lane)? & 0xFFFF;
        results[lane] = if load {
            let lod = read(f.lod, lane)?;
            if lod != 0 {
                return unsupported(format!(
                    "{}: level {lod}: textures have one level",
                    inst.op.form
                ));
            }
            let off = read(f.offsets, lane)?;
            // .AOFFI: 4-bit signed offsets for x (bits 3:0) and y (bits 7:4)
            let (ox, oy) = (((off << 28) as i32) >> 28, ((off << 24) as i32) >> 28);
            let (x, y) = (
                (c[0] as i32).wrapping_add(ox),
                (c[1] as i32).wrapping_add(oy),
            );
            match f.dim {
                Dim::Array2 => tex.load(&texels, x, y, layer as i32),
                _ => tex.load(&texels, x, y, c[2] as i32),
            }
        } else {
            let xyz = [
                f32::from_bits(c[0]),
                f32::from_bits(c[1]),
                f32::from_bits(c[2]),
            ];
            tex.sample(&sampler, &texels, xyz, layer)
        }
        .map_err(tex_fault)?;
    }
    for lane in lanes(guard) {
        let selected = results[lane]
            .iter()
            .enumerate()
            .filter(|(comp, _)| mask >> comp & 1 == 1);
        for (&d, (_, &v)) in dests.iter().zip(selected) {
            if d != RZ {
                regs[usize::from(d) * WARP + lane] = v;
            }
        }
    }
    Ok(())
}
