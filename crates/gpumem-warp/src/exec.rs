//! The Maxwell warp executor: a functional model (no timing) of grids of CTAs of
//! warps of 32 lanes, with a per-warp reconvergence stack for SSY/SYNC, divergent
//! BRA and EXIT, CTA barriers, and every memory instruction turned into one
//! [`gpumem_mem::Access`] record that both the memory and the statistics consume.

use crate::WarpError;
use crate::alu::{self, Pre};
use crate::fault::{Fault, FaultKind};
use gpumem_maxwell::table::{MemKind, ModId, Op, OpKind};
use gpumem_maxwell::{Inst, Operand, RZ, Target};
use gpumem_mem::rules::{self, GenericWindows, LdcMode, MemConfig};
use gpumem_mem::{Access, AccessKind, CacheOp, CtaMemory, Memory, Space, WARP, model};
use std::collections::BTreeMap;

/// Registers per lane (R0-R254; RZ is not stored).
const NREGS: usize = 255;
/// Most faults kept in the report (the rest are only counted).
pub const MAX_FAULTS: usize = 1000;
/// Where kernel parameters start in constant bank 0.
pub const PARAM_BASE: u64 = 0x140;
/// Deepest reconvergence stack a warp may build.
pub const MAX_STACK: usize = 1024;

/// A decoded program: instruction `i` sits at byte address `32*(i/3) + 8 + 8*(i%3)`.
#[derive(Clone, Debug)]
pub struct Program {
    pub insts: Vec<Result<Inst, String>>,
    pub texts: Vec<String>,
}

/// Byte address of instruction `i`.
pub fn inst_addr(i: usize) -> u64 {
    (32 * (i / 3) + 8 + 8 * (i % 3)) as u64
}

/// Instruction index of a byte address: a bundle's control-word address means its
/// first instruction (ptxas' SSY/BRA targets name bundle starts).
pub fn addr_index(addr: i64) -> Option<usize> {
    if addr < 0 {
        return None;
    }
    let (b, r) = (addr as usize / 32, addr as usize % 32);
    let k = if r < 8 {
        0
    } else if (r - 8) % 8 == 0 {
        (r - 8) / 8
    } else {
        return None;
    };
    Some(3 * b + k)
}

impl Program {
    /// Decodes a raw instruction stream (whole 32-byte bundles).
    pub fn from_bytes(code: &[u8], target: Target) -> Result<Program, WarpError> {
        if code.is_empty() {
            return Err(WarpError::Program("the program is empty".into()));
        }
        let d = gpumem_maxwell::disassemble(code, 0, target)
            .map_err(|e| WarpError::Program(format!("cannot decode the program: {e}")))?;
        let mut insts = Vec::with_capacity(d.lines.len());
        let mut texts = Vec::with_capacity(d.lines.len());
        for l in d.lines {
            texts.push(l.text());
            insts.push(l.inst.map_err(|e| e.to_string()));
        }
        Ok(Program { insts, texts })
    }

    /// Assembles SASS text.
    pub fn from_sass(src: &str, target: Target) -> Result<Program, WarpError> {
        let bin = gpumem_maxwell::assemble(src, target).map_err(|e| {
            let text = gpumem_isa::render_diagnostics("program", src, &e.0);
            WarpError::Program(format!("cannot assemble the program:\n{text}"))
        })?;
        Program::from_bytes(&bin, target)
    }
}

/// Everything about a launch except memory contents.
#[derive(Clone, Debug)]
pub struct LaunchConfig {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// The kernel's register count: `Ra` numbered at or above it addresses absolutely.
    pub registers: u32,
    pub shared_bytes: u64,
    pub local_bytes: u64,
    pub max_steps: u64,
    /// Bytes of memory the run may hold (global pages + each CTA's shared and local).
    pub max_memory: u64,
    pub mem: MemConfig,
    /// Where LD/ST's generic addresses find the shared and local windows; also written
    /// to `c[0x0][0x0]` and `c[0x0][0x4]`.
    pub windows: GenericWindows,
}

impl Default for LaunchConfig {
    fn default() -> Self {
        LaunchConfig {
            grid: [1, 1, 1],
            block: [32, 1, 1],
            registers: 255,
            shared_bytes: 0,
            local_bytes: 0,
            max_steps: 10_000_000,
            max_memory: 1 << 30,
            mem: MemConfig::default(),
            windows: GenericWindows::default(),
        }
    }
}

/// Per-instruction statistics (by instruction address).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct InstStats {
    pub text: String,
    /// Warp-level executions (guard false included).
    pub executed: u64,
    pub space: Option<Space>,
    pub kind: Option<AccessKind>,
    pub cache: Option<CacheOp>,
    /// Lane accesses that moved data.
    pub accesses: u64,
    pub lines_128: u64,
    pub sectors_32: u64,
    /// Worst bank-conflict degree seen (shared only).
    pub bank_conflict_degree: u32,
    /// Shared passes, summed.
    pub wavefronts: u64,
}

/// Statistics of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub per_inst: BTreeMap<u64, InstStats>,
    pub warp_instructions: u64,
    pub faults_dropped: u64,
}

impl Stats {
    pub fn totals(&self) -> InstStats {
        let mut t = InstStats {
            text: "total".into(),
            ..Default::default()
        };
        for s in self.per_inst.values() {
            t.executed += s.executed;
            t.accesses += s.accesses;
            t.lines_128 += s.lines_128;
            t.sectors_32 += s.sectors_32;
            t.bank_conflict_degree = t.bank_conflict_degree.max(s.bank_conflict_degree);
            t.wavefronts += s.wavefronts;
        }
        t
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    pc: usize,
    mask: u32,
}

struct Warp {
    regs: Vec<u32>,
    preds: [u8; WARP],
    carry: u32,
    pc: usize,
    active: u32,
    exited: u32,
    stack: Vec<Entry>,
    at_bar: bool,
    done: bool,
    id: u32,
    tid: [[u32; 3]; WARP],
}

impl Warp {
    #[inline]
    fn r(&self, r: u8, lane: usize) -> u32 {
        if r == RZ {
            0
        } else {
            self.regs[r as usize * WARP + lane]
        }
    }
    #[inline]
    fn set(&mut self, r: u8, lane: usize, v: u32) {
        if r != RZ {
            self.regs[r as usize * WARP + lane] = v;
        }
    }
    #[inline]
    fn p(&self, p: u8, lane: usize) -> bool {
        p >= 7 || self.preds[lane] >> p & 1 != 0
    }
}

/// The CTA-wide context of a warp.
struct CtaCtx {
    ctaid: [u32; 3],
    linear: u32,
}

/// A launch being emulated.
pub struct Emulator<'p> {
    pub prog: &'p Program,
    pub cfg: LaunchConfig,
    pub mem: Memory,
    pub faults: Vec<Fault>,
    pub stats: Stats,
    stop: bool,
    /// Per instruction, resolved at launch ([`Exec`]).
    exec: Vec<Exec>,
    /// Statistics by instruction index while running; merged into `stats.per_inst`
    /// when [`Emulator::run`] returns.
    dense: Vec<InstStats>,
    /// Registers any instruction can name (highest named + 4 for pairs and vectors):
    /// the ones a reused warp must clear.
    reg_bound: usize,
    /// Warps of the previous CTA, reused (their 255 registers per lane are large).
    pool: Vec<Warp>,
}

/// How the executor dispatches one instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bra,
    Ssy,
    Sync,
    Exit,
    Bar,
    Nop,
    Mem,
    Alu,
}

/// One instruction resolved at launch time.
#[derive(Clone, Debug)]
struct Exec {
    kind: Kind,
    pre: Pre,
    /// The branch target operand as an instruction index (SSY, BRA).
    target: Option<usize>,
    /// The CC test operand (15 = T).
    cc: u8,
    mem: Option<MemPre>,
}

/// The launch-invariant part of a memory instruction's access record.
#[derive(Clone, Debug)]
struct MemPre {
    /// The size is an `.INVALID*` value (its text).
    invalid_size: Option<&'static str>,
    bytes: u32,
    kind: AccessKind,
    space: Space,
    cache: CacheOp,
    signed: bool,
    uniform_hint: bool,
    data_reg: u8,
    /// The `Ps` predicates of a sparse LDG (written false), as a mask of P0-P6.
    sparse_preds: u8,
    /// `(Ra, offset, immediate width)`.
    addr_op: Option<(u8, i64, u8)>,
    bank: u32,
    ldc_mode: LdcMode,
    wide: bool,
    /// LD/ST: each lane's address resolves to shared, local or global.
    generic: bool,
}

impl Exec {
    fn new(inst: &Inst) -> Exec {
        // A branch target read from a constant bank has no functional model: it runs as
        // an ALU row without one, which raises `unsupported`.
        let const_target = inst
            .op
            .operands
            .iter()
            .any(|k| matches!(k, OpKind::ConstAddr { .. }));
        let kind = match inst.op.op {
            Op::Bra | Op::Ssy if const_target => Kind::Alu,
            Op::Bra => Kind::Bra,
            Op::Ssy => Kind::Ssy,
            Op::Sync => Kind::Sync,
            Op::Exit => Kind::Exit,
            Op::Bar => Kind::Bar,
            // No scoreboards are modelled (every access completes before the next
            // instruction), so DEPBAR waits for nothing, whatever its scoreboard set.
            Op::Nop | Op::Membar | Op::Depbar => Kind::Nop,
            _ if inst.op.mem.is_some() => Kind::Mem,
            _ => Kind::Alu,
        };
        let pre = Pre::new(inst);
        Exec {
            kind,
            pre,
            target: target(inst),
            cc: cc_test(inst),
            mem: if kind == Kind::Mem {
                MemPre::new(inst, &pre)
            } else {
                None
            },
        }
    }
}

impl MemPre {
    fn new(inst: &Inst, pre: &Pre) -> Option<MemPre> {
        let facts = inst.op.mem?;
        let size_val = inst.mod_val(ModId::Sz)?;
        let size = size_val.size()?;
        let kind = match facts.kind {
            MemKind::Load => AccessKind::Load,
            MemKind::Store => AccessKind::Store,
        };
        let space = facts.space;
        let mut p = MemPre {
            invalid_size: size.invalid.then_some(size_val.text),
            bytes: size.bytes as u32,
            kind,
            space,
            cache: inst.cache_op().unwrap_or(CacheOp::Default),
            signed: kind == AccessKind::Load && size.signed,
            uniform_hint: pre.m(ModId::U) == 1 || size.uniform,
            data_reg: RZ,
            sparse_preds: 0,
            addr_op: None,
            bank: inst
                .operands
                .iter()
                .find_map(|o| match o {
                    Operand::ConstMem { bank, .. } => Some(*bank as u32),
                    _ => None,
                })
                .unwrap_or(0),
            ldc_mode: LdcMode::from_value(pre.m(ModId::Ad)),
            wide: pre.m(ModId::E) == 1,
            generic: facts.generic,
        };
        // Operands: the data register, the address, and (sparse LDG) Ps.
        for (k, o) in inst.op.operands.iter().zip(inst.operands.iter()) {
            match (k, o) {
                (OpKind::Reg { .. }, Operand::Reg { r, .. }) => p.data_reg = *r,
                (OpKind::Mem { imm, .. }, Operand::Mem { ra, off }) => {
                    p.addr_op = Some((*ra, *off, imm.width))
                }
                (OpKind::ConstMem { .. }, Operand::ConstMem { ra, off, .. }) => {
                    p.addr_op = Some((*ra, *off, 16));
                }
                (OpKind::SparsePred { .. }, Operand::Pred { p: ps, .. }) if *ps < 7 => {
                    p.sparse_preds |= 1 << *ps;
                }
                _ => {}
            }
        }
        Some(p)
    }
}

type Lanes = [[u32; 4]; WARP];

pub fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

impl<'p> Emulator<'p> {
    pub fn new(prog: &'p Program, cfg: LaunchConfig) -> Emulator<'p> {
        let mem = Memory::new(cfg.max_memory);
        let mut exec = Vec::with_capacity(prog.insts.len());
        let mut top = 0usize;
        for i in prog.insts.iter() {
            match i {
                Ok(i) => {
                    exec.push(Exec::new(i));
                    for o in &i.operands {
                        let r = match *o {
                            Operand::Reg { r, .. } => r,
                            Operand::Mem { ra, .. } | Operand::ConstMem { ra, .. } => ra,
                            _ => 0,
                        };
                        if r != RZ {
                            top = top.max(r as usize);
                        }
                    }
                }
                Err(_) => exec.push(Exec {
                    kind: Kind::Nop,
                    pre: Pre::default(),
                    target: None,
                    cc: 15,
                    mem: None,
                }),
            }
        }
        let mut e = Emulator {
            prog,
            cfg,
            mem,
            faults: Vec::new(),
            stats: Stats::default(),
            stop: false,
            dense: vec![InstStats::default(); exec.len()],
            exec,
            reg_bound: (top + 4).min(NREGS),
            pool: Vec::new(),
        };
        e.write_driver_constants();
        e
    }

    /// Places kernel parameter bytes at `c[0x0][0x140]` (ptxas' convention).
    pub fn set_params(&mut self, bytes: &[u8]) -> Result<(), WarpError> {
        self.mem
            .constant
            .write(0, PARAM_BASE, bytes)
            .map_err(WarpError::Launch)
    }

    /// Whether a limit stopped the launch.
    pub fn stopped(&self) -> bool {
        self.stop
    }

    /// Writes the driver's part of constant bank 0: `ntid` at 0x8-0x10, `nctaid` at
    /// 0x14-0x1c, the local stack top at 0x20 (= `local_bytes`: ptxas' prologue
    /// `MOV R1, c[0x0][0x20]` then allocates its frame downwards from there).
    pub fn write_driver_constants(&mut self) {
        let c = &self.cfg;
        let words = [
            c.block[0],
            c.block[1],
            c.block[2],
            c.grid[0],
            c.grid[1],
            c.grid[2],
            c.local_bytes.min(u32::MAX as u64) as u32,
        ];
        for (k, w) in words.iter().enumerate() {
            let _ = self
                .mem
                .constant
                .write(0, 8 + 4 * k as u64, &w.to_le_bytes());
        }
        // The generic windows' bases, where ptxas' cvta code reads them.
        for (off, b) in [(0u64, c.windows.shared), (4, c.windows.local)] {
            let _ = self.mem.constant.write(0, off, &(b as u32).to_le_bytes());
        }
    }

    fn fault(&mut self, kind: FaultKind, pc: usize, cta: u32, warp: u32, message: String) {
        self.fault_at(kind, pc, cta, warp, None, None, None, message);
    }

    #[allow(clippy::too_many_arguments)]
    fn fault_at(
        &mut self,
        kind: FaultKind,
        pc: usize,
        cta: u32,
        warp: u32,
        lane: Option<u32>,
        space: Option<Space>,
        address: Option<u64>,
        message: String,
    ) {
        if self.faults.len() >= MAX_FAULTS {
            self.stats.faults_dropped += 1;
            return;
        }
        self.faults.push(Fault {
            kind,
            pc: inst_addr(pc),
            cta,
            warp,
            lane,
            space,
            address,
            message,
        });
    }

    /// Runs the whole grid. Faults are recorded in `self.faults`; a step or memory
    /// limit stops the launch.
    pub fn run(&mut self) {
        self.run_grid();
        self.flush_stats();
    }

    /// Moves the per-index statistics of the run into `stats.per_inst`.
    fn flush_stats(&mut self) {
        for (pc, d) in self.dense.iter_mut().enumerate() {
            if d.executed == 0 {
                continue;
            }
            let d = std::mem::take(d);
            let st = self.stats.per_inst.entry(inst_addr(pc)).or_default();
            if st.executed == 0 {
                st.text = self.prog.texts[pc].clone();
            }
            st.executed += d.executed;
            if d.space.is_some() {
                st.space = d.space;
                st.kind = d.kind;
                st.cache = d.cache;
            }
            st.accesses += d.accesses;
            st.lines_128 += d.lines_128;
            st.sectors_32 += d.sectors_32;
            st.bank_conflict_degree = st.bank_conflict_degree.max(d.bank_conflict_degree);
            st.wavefronts += d.wavefronts;
        }
    }

    fn run_grid(&mut self) {
        let [gx, gy, gz] = self.cfg.grid;
        let threads: u64 = self.cfg.block.iter().map(|&b| b as u64).product();
        if threads == 0 || gx == 0 || gy == 0 || gz == 0 {
            return;
        }
        for z in 0..gz {
            for y in 0..gy {
                for x in 0..gx {
                    let linear = x + y * gx + z * gx * gy;
                    self.run_cta(
                        CtaCtx {
                            ctaid: [x, y, z],
                            linear,
                        },
                        threads,
                    );
                    if self.stop {
                        return;
                    }
                }
            }
        }
    }

    fn run_cta(&mut self, ctx: CtaCtx, threads: u64) {
        let need = self.cfg.shared_bytes + self.cfg.local_bytes.saturating_mul(threads);
        if need.saturating_add(self.mem.global.resident()) > self.cfg.max_memory {
            self.fault(
                FaultKind::MemoryLimit,
                0,
                ctx.linear,
                0,
                format!(
                    "the CTA needs {need} bytes of shared and local memory; limits.max_memory is {}",
                    self.cfg.max_memory
                ),
            );
            self.stop = true;
            return;
        }
        let mut cta = CtaMemory::new(self.cfg.shared_bytes, self.cfg.local_bytes, threads);
        let [bx, by, _] = self.cfg.block;
        let nwarps = threads.div_ceil(WARP as u64) as u32;
        let mut pool = std::mem::take(&mut self.pool);
        let reg_bound = self.reg_bound;
        let mut warps: Vec<Warp> = (0..nwarps)
            .map(|w| {
                let regs = match pool.pop() {
                    Some(old) => {
                        let mut r = old.regs;
                        // Registers past the bound are never named, so still 0.
                        r[..reg_bound * WARP].fill(0);
                        r
                    }
                    None => vec![0; NREGS * WARP],
                };
                let mut tid = [[0; 3]; WARP];
                let mut valid = 0u32;
                for (lane, t) in tid.iter_mut().enumerate() {
                    let lin = w as u64 * WARP as u64 + lane as u64;
                    if lin < threads {
                        valid |= 1 << lane;
                        let lin = lin as u32;
                        *t = [lin % bx, (lin / bx) % by, lin / (bx * by)];
                    }
                }
                Warp {
                    regs,
                    preds: [0; WARP],
                    carry: 0,
                    pc: 0,
                    active: valid,
                    exited: !valid,
                    stack: Vec::new(),
                    at_bar: false,
                    done: valid == 0,
                    id: w,
                    tid,
                }
            })
            .collect();
        self.pool = pool;
        loop {
            for w in warps.iter_mut() {
                while !w.done && !w.at_bar && !self.stop {
                    self.step(w, &mut cta, &ctx);
                }
                if self.stop {
                    self.pool.append(&mut warps);
                    return;
                }
            }
            if warps.iter().all(|w| w.done) {
                self.pool.append(&mut warps);
                return;
            }
            // Every live warp waits at the barrier: release them.
            for w in warps.iter_mut() {
                w.at_bar = false;
            }
        }
    }

    /// Ends the current path of `w`: resumes the next stack entry with live lanes.
    fn pop(&mut self, w: &mut Warp) {
        while let Some(e) = w.stack.pop() {
            let m = e.mask & !w.exited;
            if m != 0 {
                w.active = m;
                w.pc = e.pc;
                return;
            }
        }
        w.active = 0;
        w.done = true;
    }

    fn kill(&mut self, w: &mut Warp) {
        w.exited = u32::MAX;
        w.active = 0;
        w.stack.clear();
        w.done = true;
    }

    fn step(&mut self, w: &mut Warp, cta: &mut CtaMemory, ctx: &CtaCtx) {
        let pc = w.pc;
        if self.stats.warp_instructions >= self.cfg.max_steps {
            self.fault(
                FaultKind::StepLimit,
                pc,
                ctx.linear,
                w.id,
                format!(
                    "stopped after limits.max_steps = {} warp instructions",
                    self.cfg.max_steps
                ),
            );
            self.stop = true;
            return;
        }
        let prog = self.prog;
        let inst = match prog.insts.get(pc) {
            None => {
                self.fault(
                    FaultKind::PcOutOfRange,
                    pc,
                    ctx.linear,
                    w.id,
                    format!(
                        "execution reached {:#x}, past the end of the program",
                        inst_addr(pc)
                    ),
                );
                self.kill(w);
                return;
            }
            Some(Err(e)) => {
                let msg = format!("cannot execute the word at {:#x}: {e}", inst_addr(pc));
                self.fault(FaultKind::InvalidInstruction, pc, ctx.linear, w.id, msg);
                self.kill(w);
                return;
            }
            Some(Ok(i)) => i,
        };
        self.stats.warp_instructions += 1;
        self.dense[pc].executed += 1;
        // The executor table lives as long as the emulator; take it out while this
        // instruction runs so `self` stays free (put back below).
        let ex = std::mem::take(&mut self.exec);
        let e = &ex[pc];

        let guard = if inst.guard >= 7 {
            if inst.guard_neg { 0 } else { w.active }
        } else {
            let mut guard = 0u32;
            for l in lanes(w.active) {
                if w.p(inst.guard, l) != inst.guard_neg {
                    guard |= 1 << l;
                }
            }
            guard
        };
        w.pc = pc + 1;
        let res: Result<(), (FaultKind, String)> = match e.kind {
            Kind::Bra => self.bra(w, e, guard),
            Kind::Ssy => {
                if w.stack.len() >= MAX_STACK {
                    Err((
                        FaultKind::StackOverflow,
                        "reconvergence stack overflow".into(),
                    ))
                } else {
                    match e.target {
                        Some(t) => {
                            w.stack.push(Entry {
                                pc: t,
                                mask: w.active,
                            });
                            Ok(())
                        }
                        None => Err((FaultKind::PcOutOfRange, "bad SSY target".into())),
                    }
                }
            }
            Kind::Sync => {
                if e.cc != 15 {
                    Err((
                        FaultKind::Unsupported,
                        "SYNC with a condition-code test".into(),
                    ))
                } else if guard == 0 {
                    Ok(())
                } else if w.stack.is_empty() {
                    Err((
                        FaultKind::StackUnderflow,
                        "SYNC with no SSY entry on the stack".into(),
                    ))
                } else {
                    w.active &= !guard;
                    if w.active == 0 {
                        self.pop(w);
                    }
                    Ok(())
                }
            }
            Kind::Exit => {
                if e.cc != 15 {
                    Err((
                        FaultKind::Unsupported,
                        "EXIT with a condition-code test".into(),
                    ))
                } else {
                    w.exited |= guard;
                    w.active &= !guard;
                    if w.active == 0 {
                        self.pop(w);
                    }
                    Ok(())
                }
            }
            Kind::Bar => {
                if guard != 0 {
                    w.at_bar = true;
                }
                Ok(())
            }
            Kind::Nop => Ok(()),
            Kind::Mem => self.mem_op(w, inst, e, guard, pc, cta, ctx),
            Kind::Alu => alu::exec(self, w_view(w), inst, &e.pre, guard, ctx.ctaid),
        };
        self.exec = ex;
        if let Err((kind, msg)) = res {
            let msg = format!("{} ({})", msg, prog.texts[pc]);
            self.fault(kind, pc, ctx.linear, w.id, msg);
            if !matches!(kind, FaultKind::MisalignedRegister) {
                self.kill(w);
            }
        }
    }

    fn bra(&mut self, w: &mut Warp, e: &Exec, guard: u32) -> Result<(), (FaultKind, String)> {
        if e.cc != 15 {
            return Err((
                FaultKind::Unsupported,
                "BRA with a condition-code test".into(),
            ));
        }
        let Some(t) = e.target else {
            return Err((
                FaultKind::PcOutOfRange,
                "branch target is not an instruction".into(),
            ));
        };
        if guard == 0 {
            return Ok(());
        }
        if guard == w.active {
            w.pc = t;
            return Ok(());
        }
        if w.stack.len() >= MAX_STACK {
            return Err((
                FaultKind::StackOverflow,
                "reconvergence stack overflow".into(),
            ));
        }
        // Divergence: the taken lanes wait on the stack; the others run on.
        w.stack.push(Entry { pc: t, mask: guard });
        w.active &= !guard;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn mem_op(
        &mut self,
        w: &mut Warp,
        inst: &Inst,
        e: &Exec,
        guard: u32,
        pc: usize,
        cta: &mut CtaMemory,
        ctx: &CtaCtx,
    ) -> Result<(), (FaultKind, String)> {
        let (records, data_reg) = self.access(w, inst, e, guard)?;
        {
            let st = &mut self.dense[pc];
            // A generic access whose lanes reach several spaces counts as global.
            st.space = Some(match records.as_slice() {
                [one] => one.space,
                _ => Space::Global,
            });
            for acc in &records {
                st.kind = Some(acc.kind);
                st.cache = Some(acc.cache);
                let c = model::cost(acc);
                st.accesses += c.lanes as u64;
                st.lines_128 += c.lines_128 as u64;
                st.sectors_32 += c.sectors_32 as u64;
                st.bank_conflict_degree = st.bank_conflict_degree.max(c.bank_conflict_degree);
                st.wavefronts += c.wavefronts as u64;
            }
        }
        for acc in &records {
            self.move_data(w, acc, data_reg, pc, cta, ctx);
        }
        Ok(())
    }

    /// Reports one record's lane faults and moves its data.
    fn move_data(
        &mut self,
        w: &mut Warp,
        acc: &Access,
        data_reg: u8,
        pc: usize,
        cta: &mut CtaMemory,
        ctx: &CtaCtx,
    ) {
        for f in &acc.faults {
            let msg = format!(
                "{} {} at {:#x}: {}",
                acc.space.name(),
                match acc.kind {
                    AccessKind::Load => "load",
                    AccessKind::Store => "store",
                },
                f.addr,
                f.kind.name()
            );
            self.fault_at(
                f.kind.into(),
                pc,
                ctx.linear,
                w.id,
                Some(f.lane as u32),
                Some(acc.space),
                Some(f.addr),
                msg,
            );
        }
        let first_thread = w.id as u64 * WARP as u64;
        let nregs = acc.bytes.div_ceil(4) as usize;
        match acc.kind {
            AccessKind::Load => {
                let mut out: Lanes = [[0; 4]; WARP];
                self.mem.load(acc, cta, first_thread, &mut out);
                for l in lanes(acc.mask) {
                    for (k, v) in out[l].iter().enumerate().take(nregs) {
                        w.set(data_reg.saturating_add(k as u8), l, *v);
                    }
                }
            }
            AccessKind::Store => {
                let mut data: Lanes = [[0; 4]; WARP];
                for l in lanes(acc.mask) {
                    for (k, d) in data[l].iter_mut().enumerate().take(nregs) {
                        let r = data_reg as usize + k;
                        *d = if r >= RZ as usize { 0 } else { w.r(r as u8, l) };
                    }
                }
                for f in self.mem.store(acc, cta, first_thread, &data) {
                    self.fault_at(
                        FaultKind::MemoryLimit,
                        pc,
                        ctx.linear,
                        w.id,
                        Some(f.lane as u32),
                        Some(acc.space),
                        Some(f.addr),
                        format!("global store at {:#x} passes limits.max_memory", f.addr),
                    );
                    self.stop = true;
                }
            }
        }
    }

    /// Builds the access records of a memory instruction (rules of seeds 000-003): one,
    /// or for a generic LD/ST one per space its lanes resolve to (shared, local, global
    /// order; at least one).
    fn access(
        &self,
        w: &mut Warp,
        inst: &Inst,
        e: &Exec,
        guard: u32,
    ) -> Result<(Vec<Access>, u8), (FaultKind, String)> {
        let _ = inst;
        let p = e
            .mem
            .as_ref()
            .ok_or((FaultKind::Unsupported, "not a memory op".to_string()))?;
        if let Some(size_text) = p.invalid_size {
            return Err((FaultKind::InvalidInstruction, format!("size {size_text}")));
        }
        let (bytes, kind, space) = (p.bytes, p.kind, p.space);
        let mut acc = Access::new(space, kind, bytes, p.signed, p.cache);
        acc.uniform_hint = p.uniform_hint;
        let data_reg = p.data_reg;
        if p.sparse_preds != 0 {
            // Ps: no page of gpumem's memory is sparse, so Ps is false.
            for l in lanes(guard) {
                w.preds[l] &= !p.sparse_preds;
            }
        }
        let nregs = bytes.div_ceil(4);
        if data_reg != RZ && nregs > 1 && !(data_reg as u32).is_multiple_of(nregs) {
            return Err((
                FaultKind::MisalignedRegister,
                format!(
                    "a {}-bit access needs a register that is a multiple of {nregs}, not R{data_reg}",
                    bytes * 8
                ),
            ));
        }
        let (ra, off, width) = p
            .addr_op
            .ok_or((FaultKind::Unsupported, "no address operand".to_string()))?;
        let cfg = &self.cfg.mem;
        if space == Space::Constant {
            for l in lanes(guard) {
                let rav = (ra != RZ).then(|| w.r(ra, l));
                acc.apply(l, rules::constant(p.bank, rav, off, p.ldc_mode, bytes, cfg));
            }
            return Ok((vec![acc], data_reg));
        }
        let absolute = ra == RZ || ra as u32 >= self.cfg.registers;
        let zext = (off as u64) & ((1u64 << width) - 1);
        let wide = p.wide;
        let store = kind == AccessKind::Store;
        if p.generic {
            // The generic address: 64-bit `{Ra+1,Ra} + sext(imm32)` with `.E`, else the
            // 32-bit sum zero-extended; RZ (or Ra beyond the register count) gives the
            // zero-extended 32-bit immediate. The trailing predicate is not consulted.
            let hi_reg = (ra < 254).then(|| ra + 1);
            let spaces = [Space::Shared, Space::Local, Space::Global];
            let mut recs: Vec<Access> = spaces
                .iter()
                .map(|&s| {
                    let mut a = Access::new(s, kind, bytes, p.signed, p.cache);
                    a.uniform_hint = p.uniform_hint;
                    a
                })
                .collect();
            let win = self.cfg.windows;
            for l in lanes(guard) {
                let raw = if absolute {
                    zext
                } else if wide {
                    let lo = w.r(ra, l) as u64;
                    let hi = hi_reg.map(|h| w.r(h, l) as u64).unwrap_or(0);
                    ((hi << 32) | lo).wrapping_add(off as u64)
                } else {
                    w.r(ra, l).wrapping_add(off as u32) as u64
                };
                let (s, a) = win.resolve(raw);
                let (i, v) = match s {
                    Space::Shared => (0, rules::window(a, bytes, self.cfg.shared_bytes, cfg)),
                    Space::Local => (1, rules::window(a, bytes, self.cfg.local_bytes, cfg)),
                    _ => (2, rules::global(a, bytes, store, cfg)),
                };
                recs[i].apply(l, v);
            }
            let mut out: Vec<Access> = recs.into_iter().filter(|a| a.mask != 0).collect();
            if out.is_empty() {
                out.push(Access::new(Space::Global, kind, bytes, p.signed, p.cache));
            }
            return Ok((out, data_reg));
        }
        match space {
            Space::Global if !absolute && wide => {
                let hi_reg = (ra < 254).then(|| ra + 1);
                for l in lanes(guard) {
                    let lo = w.r(ra, l) as u64;
                    let hi = hi_reg.map(|h| w.r(h, l) as u64).unwrap_or(0);
                    let raw = ((hi << 32) | lo).wrapping_add(off as u64);
                    acc.apply(l, rules::global(raw, bytes, store, cfg));
                }
            }
            _ => {
                let alloc = match space {
                    Space::Local => self.cfg.local_bytes,
                    _ => self.cfg.shared_bytes,
                };
                for l in lanes(guard) {
                    let raw = if absolute {
                        zext
                    } else {
                        w.r(ra, l).wrapping_add(off as u32) as u64
                    };
                    let v = match space {
                        Space::Global => rules::global(raw, bytes, store, cfg),
                        _ => rules::window(raw, bytes, alloc, cfg),
                    };
                    acc.apply(l, v);
                }
            }
        }
        Ok((vec![acc], data_reg))
    }
}

/// The part of a warp the ALU needs (registers, predicates, carry, thread ids).
pub struct WarpView<'a> {
    pub regs: &'a mut [u32],
    pub preds: &'a mut [u8; WARP],
    pub carry: &'a mut u32,
    pub tid: &'a [[u32; 3]; WARP],
    pub id: u32,
}

fn w_view(w: &mut Warp) -> WarpView<'_> {
    WarpView {
        regs: &mut w.regs,
        preds: &mut w.preds,
        carry: &mut w.carry,
        tid: &w.tid,
        id: w.id,
    }
}

fn target(inst: &Inst) -> Option<usize> {
    inst.operands.iter().find_map(|o| match o {
        Operand::Target(t) => addr_index(*t),
        _ => None,
    })
}

fn cc_test(inst: &Inst) -> u8 {
    inst.operands
        .iter()
        .find_map(|o| match o {
            Operand::Cc(c) => Some(*c),
            _ => None,
        })
        .unwrap_or(15)
}

/// Constant-bank reads for ALU operands.
impl Emulator<'_> {
    pub(crate) fn cword(&self, bank: u8, off: i32) -> u32 {
        self.mem.constant.word(bank as u32, off as i64)
    }
    pub(crate) fn steps(&self) -> u64 {
        self.stats.warp_instructions
    }
    pub(crate) fn block(&self) -> [u32; 3] {
        self.cfg.block
    }
}
