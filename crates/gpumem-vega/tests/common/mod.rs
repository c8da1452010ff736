//! Deterministic instruction generation from the table, shared by the
//! differential test and the property tests.

#![allow(dead_code)]

use gpumem_vega::table::{self, Field, Format, Imm16, InstDef, Kind, RegClass};
use gpumem_vega::{Inst, SmemOffset, operand};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

/// Register codes the assembler accepts for a class (a sample, edges included).
pub fn reg_pool(class: RegClass) -> Vec<u8> {
    let n = class.dwords();
    let mut v: Vec<u8> = Vec::new();
    match n {
        1 => {
            v.extend([
                0, 1, 5, 17, 63, 100, 101, 102, 103, 104, 105, 106, 107, 108, 111, 123,
            ]);
            if !class.excludes_m0_exec() {
                v.extend([124, 126, 127]);
            }
        }
        2 => {
            v.extend([0, 2, 10, 64, 98, 100, 102, 104, 106, 108, 110, 122]);
            if !class.excludes_m0_exec() {
                v.push(126);
            }
        }
        _ => {
            let max_start = 102 - n;
            let mut s = 0;
            while s <= max_start {
                v.push(s);
                s += 4 * (1 + n / 4);
            }
            v.push(max_start - max_start % 4);
            let mut t = 0;
            while t + n <= 16 {
                v.push(108 + t);
                t += 4;
            }
        }
    }
    v.sort();
    v.dedup();
    v
}

/// SGPR pairs / quads for an SMEM base.
pub fn base_pool(dwords: u8) -> Vec<u8> {
    if dwords == 2 {
        vec![0, 2, 4, 20, 62, 100, 102, 104, 106, 108, 122, 126]
    } else {
        vec![0, 4, 8, 40, 96, 108, 112, 120]
    }
}

/// SMEM offset registers (any 32-bit register, M0 included).
pub fn soffset_pool() -> Vec<u8> {
    vec![
        0, 1, 7, 63, 101, 102, 105, 106, 107, 108, 123, 124, 126, 127,
    ]
}

const SRC_SPECIALS: [u8; 8] = [235, 236, 237, 238, 239, 251, 252, 253];

/// Whether a 32-bit literal prints as itself (not as an inline constant).
pub fn literal_is_canonical(u: u32, dwords: u8) -> bool {
    if dwords == 1 {
        operand::inline_code32(u).is_none()
    } else {
        u > 64
    }
}

fn pick<T: Copy>(rng: &mut StdRng, v: &[T]) -> T {
    v[rng.gen_range(0..v.len())]
}

/// A random source code for an operand of `dwords`; literal values go to `lit`.
fn src(rng: &mut StdRng, dwords: u8, consts: bool, lit: &mut Option<u32>, lit_ok: bool) -> u8 {
    let class = if dwords == 1 {
        RegClass::SReg32
    } else {
        RegClass::SReg64
    };
    let choice = if consts { rng.gen_range(0..10) } else { 0 };
    match choice {
        0..=3 => pick(rng, &reg_pool(class)),
        4..=5 => rng.gen_range(128..=208),
        6 => rng.gen_range(240..=248),
        7 if consts => pick(rng, &SRC_SPECIALS),
        _ if !lit_ok => rng.gen_range(128..=208),
        _ => {
            let u = match *lit {
                Some(u) => u,
                None => loop {
                    let u: u32 = match rng.gen_range(0..4) {
                        0 => rng.gen_range(65..=0xffff),
                        1 => rng.next_u32(),
                        2 => 0x8000_0000 | rng.gen_range(0..0x100),
                        _ => (rng.gen_range(-0x10000..-16i32)) as u32,
                    };
                    if literal_is_canonical(u, 1) && literal_is_canonical(u, 2) {
                        break u;
                    }
                },
            };
            *lit = Some(u);
            255
        }
    }
}

/// A canonical SIMM16 (one whose text re-assembles to the same value).
fn simm16(rng: &mut StdRng, style: Imm16) -> u16 {
    match style {
        Imm16::Hex { .. } | Imm16::Plain | Imm16::EndPgm | Imm16::Branch | Imm16::Hwreg => {
            match rng.gen_range(0..4) {
                0 => rng.gen_range(0..=64),
                1 => pick(rng, &[0xffff, 0x8000, 0x7fff, 65, 0x100]),
                _ => rng.next_u32() as u16,
            }
        }
        Imm16::Waitcnt => {
            let (vm, e, l) = operand::WAITCNT_MAX;
            operand::waitcnt_encode(
                rng.gen_range(0..=vm),
                rng.gen_range(0..=e),
                rng.gen_range(0..=l),
            )
        }
        Imm16::SendMsg => loop {
            let v: u16 = if rng.gen_bool(0.5) {
                rng.gen_range(0..0x400)
            } else {
                rng.next_u32() as u16
            };
            if !(operand::sendmsg_text(v).starts_with("sendmsg(") && v & 0xfc80 != 0) {
                break v;
            }
        },
        Imm16::GprIdx => rng.gen_range(0..16),
    }
}

/// Random canonical instances of a row: their text re-assembles (with llvm-mc)
/// to their own encoding.
pub fn instances(def: &'static InstDef, rng: &mut StdRng, count: usize) -> Vec<Inst> {
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let mut i = Inst::new(def);
        let mut lit = None;
        for o in def.operands {
            match o.kind {
                Kind::Reg(class) => i.sdst = pick(rng, &reg_pool(class)),
                Kind::ProbeImm => i.sdst = rng.gen_range(0..128),
                Kind::Src { dwords, consts } => {
                    let c = src(rng, dwords, consts, &mut lit, def.literal_ok);
                    if o.field == Field::Ssrc0 {
                        i.ssrc0 = c;
                    } else {
                        i.ssrc1 = c;
                    }
                }
                Kind::GprIdx8 => i.ssrc1 = rng.gen_range(0..16),
                Kind::Base { dwords } => i.sbase = pick(rng, &base_pool(dwords)),
                Kind::SmemOffset { signed } => {
                    let imm = |rng: &mut StdRng| -> i32 {
                        let edges: &[i32] = if signed {
                            &[0, 1, 3, 4, 0x10, 0xfffff, -1, -4, -0x100000, 0x7ffff]
                        } else {
                            &[0, 1, 3, 4, 0x10, 0xfffff, 0x80000]
                        };
                        if rng.gen_bool(0.4) {
                            pick(rng, edges)
                        } else if signed {
                            rng.gen_range(-0x100000..0x100000)
                        } else {
                            rng.gen_range(0..0x100000)
                        }
                    };
                    // Cycle the three assembler addressing modes.
                    i.offset = match k % 3 {
                        0 => SmemOffset::Imm(imm(rng)),
                        1 => SmemOffset::Sgpr(pick(rng, &soffset_pool())),
                        _ => SmemOffset::SgprImm(pick(rng, &soffset_pool()), imm(rng)),
                    };
                }
                Kind::Imm16(style) => i.simm16 = simm16(rng, style),
                Kind::Literal32 => {
                    lit = Some(loop {
                        let u: u32 = rng.next_u32();
                        if literal_is_canonical(u, 1) {
                            break u;
                        }
                    })
                }
            }
        }
        i.literal = lit;
        if def.glc {
            i.glc = (k / 3) % 2 == 1;
        }
        out.push(i);
    }
    out
}

/// The whole deterministic corpus: every row, `per_row` instances (SMEM rows
/// get `smem_factor` times more, the SMEM space being the point of gpumem).
pub fn corpus(per_row: usize, smem_factor: usize, seed: u64) -> Vec<Inst> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut all = Vec::new();
    for def in table::TABLE {
        let n = if def.operands.is_empty() {
            1
        } else if def.format == Format::Smem {
            per_row * smem_factor
        } else {
            per_row
        };
        all.extend(instances(def, &mut rng, n));
    }
    all
}
