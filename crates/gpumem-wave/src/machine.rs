//! The executor: waves, the global cycle clock, SMEM issue through the
//! scalar caches, completion events, LGKM_CNT, and hazard tracking.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use gpumem_vega::lint::Lint;
use gpumem_vega::operand::code;
use gpumem_vega::table::{Format, SOp};
use gpumem_vega::{DecodeError, Inst, Target, decode};

use gpumem_mem::scache::{CacheStats, Part, ScalarCache, Served};
use gpumem_mem::scalar::{ScalarAccess, ScalarOp as Op};
use gpumem_mem::{Global, MemoryLimit};

use crate::access::{self, Apertures, NotBuilt};
use crate::config::{Sharing, VegaConfig};
use crate::regs::{POISON, mask, reg_name};
use crate::report::{Fault, FaultKind, Hazard, HazardRule, Stats, WaveEnd, WaveResult};
use crate::salu::{Flow, PRIVATE_BASE_HI, ScalarState};
use crate::timing::Latency;

/// Most hazards kept per run (distinct ones; the rest are counted in `dropped`).
const MAX_HAZARDS: usize = 10_000;
/// LGKM_CNT is a 4-bit counter: an SMEM that would take it past 15 waits.
const LGKM_MAX: u32 = 15;

/// An SMEM word whose only fault is an SDATA range the instruction's width cannot name
/// (`s_load_dwordx16` at `s[96:111]`: llvm-mc rejects it, the hardware gets it): seed
/// 004 §7.4 says such an instruction is not executed, whatever the value, so it decodes
/// with SDATA = s0 for its other fields, keeps its own word (the record builder reads
/// SDATA from it and skips it as `sdata-out-of-range`) and writes no register.
fn out_of_range_sdata(words: &[u32]) -> Option<Slot> {
    let w0 = *words.first()?;
    if w0 >> 26 != 0b110000 {
        return None;
    }
    let mut patched = words.to_vec();
    patched[0] = w0 & !(0x7f << 6);
    let (inst, len) = decode(&patched, Target::Gfx900).ok()?;
    let (reads, _) = static_uses(&inst);
    Some(Slot {
        inst,
        len: len as u8,
        w0,
        reads,
        writes: 0,
    })
}

/// One pre-decoded program slot (one per dword offset, so any branch target decodes).
#[derive(Clone, Debug)]
pub(crate) struct Slot {
    pub inst: Inst,
    pub len: u8,
    pub w0: u32,
    pub reads: u128,
    pub writes: u128,
}

/// The decoded program.
#[derive(Clone, Debug)]
pub(crate) struct Decoded {
    pub slots: Vec<Result<Slot, DecodeError>>,
}

impl Decoded {
    pub fn new(words: &[u32]) -> Decoded {
        let slots = (0..words.len())
            .map(|i| match decode(&words[i..], Target::Gfx900) {
                Ok((inst, len)) => {
                    let (reads, writes) = static_uses(&inst);
                    Ok(Slot {
                        inst,
                        len: len as u8,
                        w0: words[i],
                        reads,
                        writes,
                    })
                }
                Err(e) => out_of_range_sdata(&words[i..]).ok_or(e),
            })
            .collect();
        Decoded { slots }
    }

    fn text(&self, pc: u64) -> String {
        match self.slots.get((pc / 4) as usize) {
            Some(Ok(s)) => format!("{pc:#06x}: {}", s.inst),
            _ => format!("{pc:#06x}: <invalid>"),
        }
    }
}

/// Registers an instruction reads and writes (the table's operands and implicit uses,
/// shared with the static lints: [`Inst::uses`]).
fn static_uses(inst: &Inst) -> (u128, u128) {
    let u = inst.uses();
    (u.reads.0, u.writes.0)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Running,
    Ended,
    Faulted,
}

/// An SMEM whose return no `s_waitcnt` has guaranteed yet (the logical view,
/// independent of timing).
#[derive(Clone, Debug)]
struct LogicalOp {
    pc: u64,
    weight: u8,
    dests: u128,
}

#[derive(Clone, Debug)]
struct ClauseMember {
    pc: u64,
    reads: u128,
    atomic: bool,
}

#[derive(Clone, Debug)]
struct InFlight {
    id: u64,
    weight: u8,
    parts_left: u8,
}

#[derive(Clone, Debug)]
pub(crate) struct Wave {
    pub s: ScalarState,
    pub pc: u64,
    status: Status,
    lgkm: u32,
    ready_at: u64,
    at_barrier: bool,
    blocked: bool,
    waiting_since: Option<u64>,
    inflight: Vec<InFlight>,
    logical: Vec<LogicalOp>,
    pending: u128,
    clause: Vec<ClauseMember>,
    pub instructions: u64,
    end_cycle: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Event {
    time: u64,
    seq: u64,
    wave: u32,
    op: u64,
    writes: Vec<(u8, u32)>,
}

/// The whole run.
pub(crate) struct Machine<'a> {
    prog: &'a Decoded,
    realtime_num: u64,
    realtime_den: u64,
    pub waves: Vec<Wave>,
    pub mem: Global,
    caches: Vec<ScalarCache>,
    shared: bool,
    events: BinaryHeap<Reverse<Event>>,
    seq: u64,
    next_op: u64,
    latency: Latency,
    pub now: u64,
    pub hazards: Vec<Hazard>,
    seen: HashSet<(HazardRule, u32, u64, Vec<u64>)>,
    pub faults: Vec<Fault>,
    pub stats: Stats,
    steps_left: u64,
    /// Times each dword offset issued an instruction (all waves).
    executed: Vec<u64>,
}

impl<'a> Machine<'a> {
    pub fn new(prog: &'a Decoded, cfg: &VegaConfig, mem: Global, init: Vec<[u32; 128]>) -> Self {
        let shared = cfg.scalar_cache.sharing == Sharing::Shared;
        let ncache = if shared { 1 } else { init.len().max(1) };
        let waves = init
            .into_iter()
            .enumerate()
            .map(|(i, regs)| {
                let mut s = ScalarState::new(i as u32);
                s.regs = regs;
                Wave {
                    s,
                    pc: 0,
                    status: Status::Running,
                    lgkm: 0,
                    ready_at: 0,
                    at_barrier: false,
                    blocked: false,
                    waiting_since: None,
                    inflight: Vec::new(),
                    logical: Vec::new(),
                    pending: 0,
                    clause: Vec::new(),
                    instructions: 0,
                    end_cycle: 0,
                }
            })
            .collect();
        Machine {
            prog,
            realtime_num: u64::from(cfg.wave.realtime_mhz),
            realtime_den: u64::from(cfg.wave.clock_mhz.max(1)),
            waves,
            mem,
            caches: (0..ncache)
                .map(|_| {
                    let c = &cfg.scalar_cache;
                    ScalarCache::new(c.line, c.sets().unwrap_or(1), c.ways)
                })
                .collect(),
            shared,
            events: BinaryHeap::new(),
            seq: 0,
            next_op: 0,
            latency: Latency::new(&cfg.scalar_cache, cfg.seed),
            now: 0,
            hazards: Vec::new(),
            seen: HashSet::new(),
            faults: Vec::new(),
            stats: Stats::default(),
            steps_left: cfg.limits.max_steps,
            executed: vec![0; prog.slots.len()],
        }
    }

    /// Records a hazard once per (rule, wave, pc, related pcs); the message is built only
    /// for a new one (a loop meets the same hazard on every iteration).
    fn hazard(
        &mut self,
        rule: HazardRule,
        wi: usize,
        pc: u64,
        related: Vec<u64>,
        message: impl FnOnce() -> String,
    ) {
        let key = (rule, wi as u32, pc, related.clone());
        if self.hazards.len() >= MAX_HAZARDS || !self.seen.insert(key) {
            return;
        }
        let message = message();
        let mut instructions = vec![self.prog.text(pc)];
        instructions.extend(related.iter().map(|&p| self.prog.text(p)));
        self.hazards.push(Hazard {
            rule,
            wave: wi as u32,
            pc,
            instructions,
            related_pcs: related,
            message,
        });
    }

    fn fault(&mut self, wi: usize, kind: FaultKind, message: String) {
        self.end_clause(wi);
        let w = &mut self.waves[wi];
        w.status = Status::Faulted;
        w.end_cycle = self.now;
        self.faults.push(Fault {
            kind,
            wave: wi as u32,
            pc: w.pc,
            message,
        });
    }

    /// Runs to completion (every wave ended or faulted).
    pub fn run(&mut self) {
        loop {
            self.deliver();
            let mut any_running = false;
            for wi in 0..self.waves.len() {
                let w = &self.waves[wi];
                if w.status != Status::Running {
                    continue;
                }
                any_running = true;
                if w.at_barrier || w.ready_at > self.now {
                    continue;
                }
                if self.steps_left == 0 {
                    let max = self.stats.instructions;
                    self.fault(
                        wi,
                        FaultKind::StepLimit,
                        format!("{max} instructions issued"),
                    );
                    continue;
                }
                self.step(wi);
            }
            self.release_barrier();
            if !any_running {
                break;
            }
            // Next cycle at which something can happen.
            let mut next = u64::MAX;
            for w in &self.waves {
                if w.status != Status::Running || w.at_barrier {
                    continue;
                }
                if w.blocked {
                    continue;
                }
                next = next.min(w.ready_at.max(self.now + 1));
            }
            if let Some(Reverse(e)) = self.events.peek() {
                next = next.min(e.time.max(self.now + 1));
            }
            if next == u64::MAX {
                // Only waves at a barrier that cannot be released remain.
                for wi in 0..self.waves.len() {
                    if self.waves[wi].status == Status::Running {
                        self.fault(wi, FaultKind::Halt, "deadlock: waiting at s_barrier".into());
                    }
                }
                break;
            }
            self.now = next;
        }
        self.stats.cycles = self.now;
        let mut cs = CacheStats::default();
        for c in &self.caches {
            let s = c.stats;
            cs.hits += s.hits;
            cs.misses += s.misses;
            cs.writebacks += s.writebacks;
            cs.evictions += s.evictions;
            cs.invalidated += s.invalidated;
            cs.dirty_dropped += s.dirty_dropped;
            cs.discarded += s.discarded;
            cs.written_through += s.written_through;
            self.stats.dirty_lines_at_end += c.dirty_lines();
        }
        self.stats.scalar_cache = cs;
        self.stats.scalar_caches = self.caches.len() as u64;
    }

    fn release_barrier(&mut self) {
        let running: Vec<usize> = (0..self.waves.len())
            .filter(|&i| self.waves[i].status == Status::Running)
            .collect();
        if !running.is_empty() && running.iter().all(|&i| self.waves[i].at_barrier) {
            for i in running {
                self.waves[i].at_barrier = false;
                self.waves[i].ready_at = self.now + 1;
            }
        }
    }

    /// Delivers every completion due by now: data lands in SGPRs here.
    fn deliver(&mut self) {
        while let Some(Reverse(e)) = self.events.peek() {
            if e.time > self.now {
                break;
            }
            let Some(Reverse(e)) = self.events.pop() else {
                break;
            };
            let w = &mut self.waves[e.wave as usize];
            for &(c, v) in &e.writes {
                w.s.set32(c, v);
            }
            self.stats.smem_dwords_returned += e.writes.len() as u64;
            if let Some(i) = w.inflight.iter().position(|f| f.id == e.op) {
                let f = &mut w.inflight[i];
                f.parts_left = f.parts_left.saturating_sub(1);
                if f.parts_left == 0 {
                    w.lgkm = w.lgkm.saturating_sub(u32::from(f.weight));
                    w.inflight.swap_remove(i);
                    w.blocked = false;
                }
            }
        }
    }

    fn step(&mut self, wi: usize) {
        let pc = self.waves[wi].pc;
        let idx = (pc / 4) as usize;
        if !pc.is_multiple_of(4) || idx >= self.prog.slots.len() {
            self.fault(
                wi,
                FaultKind::PcOutOfRange,
                format!(
                    "pc {pc:#x} is outside the program ({} bytes)",
                    self.prog.slots.len() * 4
                ),
            );
            return;
        }
        let slot = match &self.prog.slots[idx] {
            Ok(s) => s,
            Err(e) => {
                let m = e.to_string();
                self.fault(wi, FaultKind::DecodeError, m);
                return;
            }
        };
        let inst = slot.inst;
        let d = inst.def;
        let is_smem = d.format == Format::Smem;
        // ---- issue checks without side effects ----
        if d.op == SOp::Waitcnt {
            let n = gpumem_vega::operand::waitcnt_decode(inst.simm16).2;
            let w = &mut self.waves[wi];
            if w.lgkm > u32::from(n) {
                if w.waiting_since.is_none() {
                    w.waiting_since = Some(self.now);
                    self.stats.lgkm_waits += 1;
                }
                w.blocked = true;
                return;
            }
            if let Some(t) = w.waiting_since.take() {
                self.stats.lgkm_wait_cycles += self.now - t;
            }
        }
        if is_smem {
            let weight = u32::from(access::weight(d));
            let w = &mut self.waves[wi];
            if w.lgkm + weight > LGKM_MAX {
                w.blocked = true;
                self.stats.lgkm_full_stalls += 1;
                return;
            }
        }
        self.steps_left -= 1;
        self.stats.instructions += 1;
        self.waves[wi].instructions += 1;
        if let Some(c) = self.executed.get_mut((pc / 4) as usize) {
            *c += 1;
        }
        let next = pc + 4 * u64::from(slot.len);
        // ---- logical hazards: read/write of un-waited SMEM data ----
        let (mut reads, writes) = (slot.reads, slot.writes);
        let relative = match d.op {
            SOp::MovrelsB32 => Some((inst.ssrc0, 1)),
            SOp::MovrelsB64 => Some((inst.ssrc0, 2)),
            SOp::MovreldB32 => Some((inst.sdst, 1)),
            SOp::MovreldB64 => Some((inst.sdst, 2)),
            _ => None,
        };
        if let Some((base, n)) = relative
            && let Ok(i) = self.waves[wi].s.rel_index(base, n)
        {
            reads |= mask(i, n);
        }
        if self.waves[wi].pending & (reads | writes) != 0 {
            self.check_pending(wi, pc, reads, writes);
        }
        if is_smem {
            self.smem(wi, slot, pc, next);
        } else {
            self.end_clause(wi);
            self.stats.scalar_alu += 1;
            let flow = self.waves[wi].s.step(&inst, pc, next);
            self.apply_flow(wi, flow, d.name, pc, next);
        }
    }

    fn apply_flow(&mut self, wi: usize, flow: Flow, name: &str, pc: u64, next: u64) {
        let now = self.now;
        match flow {
            Flow::Next => {
                let w = &mut self.waves[wi];
                w.pc = next;
                w.ready_at = now + 1;
            }
            Flow::Idle(n) => {
                let w = &mut self.waves[wi];
                w.pc = next;
                w.ready_at = now + 1 + n;
            }
            Flow::Jump(t) => {
                let w = &mut self.waves[wi];
                w.pc = t;
                w.ready_at = now + 1;
            }
            Flow::End => {
                let w = &mut self.waves[wi];
                w.status = Status::Ended;
                w.end_cycle = now;
            }
            Flow::Waitcnt(n) => {
                self.logical_wait(wi, name, pc, n);
                let w = &mut self.waves[wi];
                w.blocked = false;
                w.pc = next;
                w.ready_at = now + 1;
            }
            Flow::Barrier => {
                let w = &mut self.waves[wi];
                w.pc = next;
                w.at_barrier = true;
            }
            Flow::Fault(k, m) => self.fault(wi, k, m),
        }
    }

    fn check_pending(&mut self, wi: usize, pc: u64, reads: u128, writes: u128) {
        let ops: Vec<LogicalOp> = self.waves[wi].logical.clone();
        for op in ops {
            let r = op.dests & reads;
            if r != 0 {
                self.hazard(
                    HazardRule::ReadBeforeWait,
                    wi,
                    pc,
                    vec![op.pc],
                    move || format!(
                        "reads {} which the SMEM at {:#06x} loads, before an s_waitcnt lgkmcnt guarantees its return (§7.3): the old value may be read",
                        names(r),
                        op.pc
                    ),
                );
            }
            let w = op.dests & writes;
            if w != 0 {
                self.hazard(
                    HazardRule::WriteBeforeWait,
                    wi,
                    pc,
                    vec![op.pc],
                    move || format!(
                        "writes {} which the SMEM at {:#06x} still loads (not waited for): the SMEM's data may land after this write (§7.3)",
                        names(w),
                        op.pc
                    ),
                );
            }
        }
    }

    /// The logical effect of `s_waitcnt lgkmcnt(n)`: with out-of-order
    /// returns, LGKM_CNT <= n guarantees only the SMEMs whose own increment
    /// exceeds n (all of them for n = 0).
    fn logical_wait(&mut self, wi: usize, name: &str, pc: u64, n: u16) {
        let w = &self.waves[wi];
        if w.logical.is_empty() || n >= 15 {
            return;
        }
        let n = u32::from(n);
        if n > 0 {
            // In-order reading: the oldest retire until the rest fit in n.
            let mut rest: u32 = w.logical.iter().map(|o| u32::from(o.weight)).sum();
            let mut assumed = Vec::new();
            for o in &w.logical {
                if rest <= n {
                    break;
                }
                rest -= u32::from(o.weight);
                if u32::from(o.weight) <= n {
                    assumed.push(o.pc);
                }
            }
            if !assumed.is_empty() {
                let list: Vec<String> = assumed.iter().map(|p| format!("{p:#06x}")).collect();
                self.hazard(
                    HazardRule::WaitcntOutOfOrder,
                    wi,
                    pc,
                    assumed,
                    move || format!(
                        "{name} lgkmcnt({n}) does not guarantee the SMEM(s) at {} although they are the oldest: scalar memory returns out of order, so only lgkmcnt(0) is safe (§7.3)",
                        list.join(", ")
                    ),
                );
            }
        }
        let w = &mut self.waves[wi];
        w.logical.retain(|o| u32::from(o.weight) <= n);
        w.pending = w.logical.iter().fold(0, |m, o| m | o.dests);
    }

    fn cache_index(&self, wi: usize) -> usize {
        if self.shared {
            0
        } else {
            wi.min(self.caches.len() - 1)
        }
    }

    fn smem(&mut self, wi: usize, slot: &Slot, pc: u64, next: u64) {
        let inst = slot.inst;
        {
            let w = &mut self.waves[wi];
            w.pc = next;
            w.ready_at = self.now + 1;
        }
        let ap = Apertures {
            private_base_hi: PRIVATE_BASE_HI,
        };
        let mut notes = Vec::new();
        let built = access::build(&inst, slot.w0, &self.waves[wi].s.regs, ap, &mut notes);
        if let Err(NotBuilt::Skip(rule, m)) = &built {
            // Not executed: only why (no replay or offset findings about an access
            // that does not happen, nor about fields read from a patched word).
            let m = m.clone();
            self.stats.smem_skipped += 1;
            self.hazard(*rule, wi, pc, vec![], move || m);
            self.end_clause(wi);
            return;
        }
        // Static rules, shared with the lints.
        let hits = gpumem_vega::lint::check(&inst)
            .into_iter()
            .chain(gpumem_vega::lint::replay_overlap(&inst));
        for hit in hits {
            let rule = match hit.lint {
                Lint::StoreSgprOffset => HazardRule::StoreSgprOffset,
                Lint::ReplayOverlap => HazardRule::ReplaySelfOverwrite,
                Lint::SdataNotSgpr => HazardRule::SdataNotSgpr,
                Lint::UnalignedOffset => HazardRule::AddressLsbsIgnored,
                // A negative sum faults (`negative_offset`); the program lints are
                // the run's own dynamic rules.
                Lint::NegativeOffset
                | Lint::ReplayClauseOverwrite
                | Lint::AtomicInClause
                | Lint::ReadBeforeWait
                | Lint::WriteBeforeWait => continue,
            };
            self.hazard(rule, wi, pc, vec![], move || hit.message);
        }
        let a = match built {
            Ok(a) => a,
            Err(NotBuilt::Fault(k, m)) => {
                self.waves[wi].pc = pc;
                self.fault(wi, k, m);
                return;
            }
            Err(NotBuilt::Skip(..)) => return,
        };
        for (rule, m) in notes {
            self.hazard(rule, wi, pc, vec![], move || m);
        }
        match a.op {
            Op::Load => self.stats.smem_loads += 1,
            Op::Store => self.stats.smem_stores += 1,
            Op::Atomic { .. } => self.stats.smem_atomics += 1,
            _ => self.stats.smem_other += 1,
        }
        self.clause_check(wi, pc, slot, &a);
        // Functional execution through the cache; parts for the latency model.
        let parts = match self.perform(wi, &a) {
            Ok(p) => p,
            Err(e) => {
                self.waves[wi].pc = pc;
                self.fault(wi, FaultKind::MemoryLimit, e.to_string());
                return;
            }
        };
        let id = self.next_op;
        self.next_op += 1;
        let nparts = parts.len() as u8;
        for Part { served, writes } in parts {
            let t = self.now + self.latency.part(served);
            self.seq += 1;
            self.events.push(Reverse(Event {
                time: t,
                seq: self.seq,
                wave: wi as u32,
                op: id,
                writes,
            }));
        }
        let w = &mut self.waves[wi];
        if a.weight > 0 && nparts > 0 {
            w.lgkm += u32::from(a.weight);
            w.inflight.push(InFlight {
                id,
                weight: a.weight,
                parts_left: nparts,
            });
            self.stats.lgkm_max = self.stats.lgkm_max.max(u64::from(w.lgkm));
        }
        if let Some(dst) = a.dest {
            let dests = mask(dst.code, dst.count);
            w.logical.push(LogicalOp {
                pc,
                weight: a.weight.max(1),
                dests,
            });
            w.pending |= dests;
        }
    }

    /// The wave's clause ends (a non-SMEM instruction, a skipped SMEM, a fault): a
    /// clause of two or more SMEMs with atomics is reported once, at its first atomic,
    /// naming the other atomics (§7.2.1: an atomic must be alone in its clause).
    fn end_clause(&mut self, wi: usize) {
        let clause = &mut self.waves[wi].clause;
        let n = clause.len();
        if n < 2 || !clause.iter().any(|m| m.atomic) {
            clause.clear();
            return;
        }
        let atomics: Vec<u64> = clause.iter().filter(|m| m.atomic).map(|m| m.pc).collect();
        clause.clear();
        let named: Vec<String> = atomics.iter().map(|p| format!("{p:#06x}")).collect();
        self.hazard(
            HazardRule::AtomicInClause,
            wi,
            atomics[0],
            atomics[1..].to_vec(),
            move || gpumem_vega::lint::atomic_message(&named, n),
        );
    }

    /// XNACK replay rules (§7.2.1): within a clause (consecutive SMEMs), no
    /// member may overwrite its own or an earlier member's sources (an atomic
    /// returning its pre-op value overwrites its own data, which is allowed).
    /// Atomics in a clause are reported when it ends ([`Machine::end_clause`]).
    fn clause_check(&mut self, wi: usize, pc: u64, slot: &Slot, a: &ScalarAccess) {
        let atomic = matches!(a.op, Op::Atomic { .. });
        let writes = a.dest.map_or(0, |r| mask(r.code, r.count));
        let mut own_reads = slot.reads;
        if atomic {
            // The data registers are read and (GLC=1) written by definition.
            own_reads &= !mask(slot.inst.sdst, a.n);
            own_reads &= !writes;
        }
        let clause = self.waves[wi].clause.clone();
        if writes & own_reads != 0 && !atomic {
            self.hazard(
                HazardRule::ReplaySelfOverwrite,
                wi,
                pc,
                vec![],
                move || format!(
                    "the SMEM overwrites its own source {}: it may be replayed after an XNACK (§7.2.1)",
                    names(writes & own_reads)
                ),
            );
        }
        for m in &clause {
            if writes & m.reads != 0 {
                self.hazard(
                    HazardRule::ReplayClauseOverwrite,
                    wi,
                    pc,
                    vec![m.pc],
                    move || format!(
                        "overwrites {}, a source of the clause member at {:#06x}: a replay after an XNACK would see the new value (§7.2.1)",
                        names(writes & m.reads),
                        m.pc
                    ),
                );
            }
        }
        self.waves[wi].clause.push(ClauseMember {
            pc,
            reads: own_reads,
            atomic,
        });
    }

    /// Performs the access on the cache and memory (values now; SGPR writes
    /// are returned per part and land at completion). The time counters are
    /// the machine's.
    fn perform(&mut self, wi: usize, a: &ScalarAccess) -> Result<Vec<Part>, MemoryLimit> {
        if !matches!(a.op, Op::MemTime | Op::MemRealTime) {
            let ci = self.cache_index(wi);
            return self.caches[ci].perform(&mut self.mem, a);
        }
        let now = self.now;
        let t = if a.op == Op::MemTime {
            now
        } else {
            ((u128::from(now) * u128::from(self.realtime_num)) / u128::from(self.realtime_den))
                as u64
        };
        let reg_of = |i: usize| {
            a.dest
                .map_or(code::NULL, |r| r.code.wrapping_add(i as u8) & 127)
        };
        let writes = (0..2)
            .map(|k| {
                (
                    reg_of(k),
                    if a.poison {
                        POISON
                    } else {
                        (t >> (32 * k)) as u32
                    },
                )
            })
            .collect();
        Ok(vec![Part {
            served: Served::Local,
            writes,
        }])
    }

    /// Final state of each wave.
    /// Every instruction that issued, by address: its text and how often (all waves).
    pub fn per_instruction(&self) -> Vec<crate::report::InstCount> {
        self.executed
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| {
                let pc = 4 * i as u64;
                let text = match self.prog.slots.get(i) {
                    Some(Ok(s)) => s.inst.to_string(),
                    _ => "<invalid>".to_string(),
                };
                crate::report::InstCount {
                    pc,
                    text,
                    executed: *n,
                }
            })
            .collect()
    }

    pub fn results(&self) -> Vec<WaveResult> {
        self.waves
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let r = &w.s.regs;
                let p = |c: usize| u64::from(r[c]) | u64::from(r[c + 1]) << 32;
                WaveResult {
                    id: i as u32,
                    end: if w.status == Status::Ended {
                        WaveEnd::Endpgm
                    } else {
                        WaveEnd::Fault
                    },
                    pc: w.pc,
                    sgpr: r[..102].to_vec(),
                    vcc: p(106),
                    exec: p(126),
                    m0: r[124],
                    flat_scratch: p(102),
                    xnack_mask: p(104),
                    ttmp: r[108..124].to_vec(),
                    scc: w.s.scc,
                    instructions: w.instructions,
                    cycles: w.end_cycle,
                }
            })
            .collect()
    }
}

fn names(m: u128) -> String {
    let v: Vec<String> = (0..128u8)
        .filter(|&c| m >> c & 1 == 1)
        .map(reg_name)
        .collect();
    v.join(", ")
}
