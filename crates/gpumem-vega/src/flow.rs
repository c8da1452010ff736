//! A program's static control flow: which instruction can follow which (from each
//! row's [`Control`]), and which instructions can run at all. The program-level lints
//! (`LINTS.md`, "Program lints") look only at instructions that can run.

use crate::inst::Inst;
use crate::table::Control;

/// One instruction of a program at its byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Byte offset from the start of the program.
    pub offset: u32,
    /// The instruction.
    pub inst: Inst,
}

/// Lays out `insts` one after the other from offset 0.
pub fn place(insts: &[Inst]) -> Vec<Placed> {
    let mut offset = 0u32;
    insts
        .iter()
        .map(|&inst| {
            let p = Placed { offset, inst };
            offset += 4 * inst.dwords() as u32;
            p
        })
        .collect()
}

/// The control-flow graph of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cfg {
    /// The successors of each instruction (indices into the program).
    pub succ: Vec<Vec<usize>>,
    /// Whether each instruction can run: reachable from the first one.
    pub reachable: Vec<bool>,
}

/// The byte address a SIMM16 branch of `p` goes to: the next instruction plus SIMM16
/// dwords, signed (Vega ISA, SOPP).
pub fn branch_target(p: &Placed) -> i64 {
    i64::from(p.offset) + 4 * p.inst.dwords() as i64 + 4 * i64::from(p.inst.simm16 as i16)
}

/// Builds the graph of `prog` (laid out by [`place`]). Execution starts at the first
/// instruction (a wave's PC starts at 0). Each instruction goes where its row's
/// [`Control`] says: the next instruction, a SIMM16 branch target, nowhere
/// (`s_endpgm`), or, for an address in registers (`s_setpc_b64`, `s_swappc_b64`,
/// `s_rfe_b64`, ...), any instruction in `entries`: the places code can name (the
/// assembler's labels). A target that is not the start of an instruction, and falling
/// off the end, lead nowhere (the wave faults there).
pub fn build(prog: &[Placed], entries: &[u32]) -> Cfg {
    let index = |addr: i64| -> Option<usize> {
        let a = u32::try_from(addr).ok()?;
        prog.binary_search_by_key(&a, |p| p.offset).ok()
    };
    let mut indirect: Vec<usize> = entries.iter().filter_map(|&a| index(a.into())).collect();
    indirect.sort_unstable();
    indirect.dedup();
    let succ: Vec<Vec<usize>> = prog
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let next = (i + 1 < prog.len()).then_some(i + 1);
            let target = || index(branch_target(p));
            let mut s: Vec<usize> = match p.inst.def.control {
                Control::Next => next.into_iter().collect(),
                Control::End => Vec::new(),
                Control::Jump => target().into_iter().collect(),
                Control::Branch => target().into_iter().chain(next).collect(),
                Control::Indirect => indirect.clone(),
                Control::IndirectCall => indirect.iter().copied().chain(next).collect(),
            };
            s.sort_unstable();
            s.dedup();
            s
        })
        .collect();
    let mut reachable = vec![false; prog.len()];
    let mut work = Vec::new();
    if !prog.is_empty() {
        reachable[0] = true;
        work.push(0);
    }
    while let Some(i) = work.pop() {
        for &j in &succ[i] {
            if !reachable[j] {
                reachable[j] = true;
                work.push(j);
            }
        }
    }
    Cfg { succ, reachable }
}
