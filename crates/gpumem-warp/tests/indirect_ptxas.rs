//! ptxas 11.8's indirect control flow, run from the committed cubins of
//! `tests/ptx/indirect_call.ptx` (sm_50 and sm_52) and checked against the PTX's meaning
//! computed here: a call through a per-thread function pointer (`LDC c[0x2][..]`,
//! `PRET`, `BRX Ra -imm`), a `brx.idx` jump table whose `BRX` sits in a bundle's third
//! slot (so its base must be its own address + 8, not the next instruction's), and a
//! function's address taken as a value (an offset of ptxas' table in bank 2 whose word is
//! the callee's byte address in the kernel's code, code base 0: the address `CAL` goes to).

use gpumem_maxwell::{Operand, Target, cubin};
use gpumem_warp::{Emulator, LaunchConfig, Program};

const OUT: u64 = 0x10_0000;
const IN: u64 = 0x20_0000;

fn launch(sm: &str, name: &str, block: u32, params: &[u8], input: &[u32]) -> Emulator<'static> {
    let file = std::fs::read(format!(
        "{}/../../tests/cubins/indirect_call.{sm}.cubin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let k = cubin::kernel(&file, Some(name)).unwrap();
    let target = if sm == "sm_50" {
        Target::Sm50
    } else {
        Target::Sm52
    };
    let prog: &'static Program = Box::leak(Box::new(Program::from_bytes(&k.code, target).unwrap()));
    let cfg = LaunchConfig {
        block: [block, 1, 1],
        registers: k.registers,
        // The callees keep a frame on the stack (`MOV R1, c[0x0][0x20]` and down).
        local_bytes: 256,
        ..LaunchConfig::default()
    };
    let mut emu = Emulator::new(prog, cfg);
    for (bank, d) in &k.constants {
        emu.mem.constant.write(*bank, 0, d).unwrap();
    }
    emu.set_params(params).unwrap();
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    emu.mem.global.write(IN, &bytes).unwrap();
    emu.run();
    assert!(emu.faults.is_empty(), "{name} {sm}: {:#?}", emu.faults);
    emu
}

fn words(emu: &Emulator, addr: u64, n: usize) -> Vec<u32> {
    (0..n as u64)
        .map(|k| {
            let mut b = [0; 4];
            emu.mem.global.read(addr + 4 * k, &mut b);
            u32::from_le_bytes(b)
        })
        .collect()
}

fn params(ptrs: &[u64]) -> Vec<u8> {
    ptrs.iter().flat_map(|p| p.to_le_bytes()).collect()
}

/// The index of the first instruction of `op` in the program, and its bundle slot.
fn slot_of(prog: &Program, name: &str) -> (usize, usize) {
    let i = prog
        .insts
        .iter()
        .position(|i| i.as_ref().is_ok_and(|i| i.op.name == name))
        .unwrap_or_else(|| panic!("no {name}"));
    (i, i % 3)
}

#[test]
fn a_call_through_a_function_pointer_reaches_each_callee() {
    let input: Vec<u32> = (0..64u32).map(|t| t * 37 + 3).collect();
    for sm in ["sm_50", "sm_52"] {
        let emu = launch(sm, "fptr_call", 64, &params(&[OUT, IN]), &input);
        let got = words(&emu, OUT, 64);
        for (t, (&g, &x)) in got.iter().zip(&input).enumerate() {
            let want = if x & 1 == 1 {
                x.wrapping_mul(x)
            } else {
                x.wrapping_mul(2).wrapping_add(7)
            };
            assert_eq!(g, want, "{sm} thread {t}");
        }
    }
}

#[test]
fn a_brx_idx_jump_table_with_brx_in_the_third_slot() {
    let input: Vec<u32> = (0..96u32)
        .map(|t| t.wrapping_mul(2654435761) >> 7)
        .collect();
    for sm in ["sm_50", "sm_52"] {
        let emu = launch(sm, "jump_table", 96, &params(&[OUT, IN]), &input);
        // The BRX this test is about is the third instruction of its bundle.
        assert_eq!(slot_of(emu.prog, "BRX").1, 2, "{sm}: the BRX moved");
        let got = words(&emu, OUT, 96);
        for (t, (&g, &x)) in got.iter().zip(&input).enumerate() {
            assert_eq!(
                g,
                [10, 20, 30, 40][(x & 3) as usize] + t as u32,
                "{sm} thread {t}"
            );
        }
    }
}

#[test]
fn a_function_address_names_the_code_that_cal_calls() {
    for sm in ["sm_50", "sm_52"] {
        let emu = launch(sm, "fptr_value", 1, &params(&[OUT]), &[]);
        let [lo, hi, r] = words(&emu, OUT, 3)[..] else {
            unreachable!()
        };
        assert_eq!((hi, r), (0, 25), "{sm}: sq(5)");
        // The value is an offset into ptxas' function table in bank 2; the word there is
        // the byte address CAL's relative target names (code base 0).
        let code = emu.mem.constant.word(2, lo as i64);
        let (cal, _) = slot_of(emu.prog, "CAL");
        let target = emu.prog.insts[cal]
            .as_ref()
            .unwrap()
            .operands()
            .iter()
            .find_map(|o| match *o {
                Operand::Target(t) => Some(t),
                _ => None,
            })
            .unwrap();
        assert_eq!(code as i64, target, "{sm}");
    }
}
