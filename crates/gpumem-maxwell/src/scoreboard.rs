//! The Maxwell scoreboard: the six barriers a warp's variable-latency instructions set
//! (`&wr=`, `&rd=` in the control slot), what an instruction waits on before it issues
//! (the slot's wait mask, `DEPBAR`), and what a read or write of a register needs
//! covered. One state, [`Board`], with its transitions, used three ways:
//!
//! - merged over paths by the static checker ([`crate::lint`]): one entry per producer,
//!   completion assumed in issue order within a completion queue ([`queue`]), joined at
//!   control-flow merges with [`Board::join`];
//! - stepped instruction by instruction by the executor's run-time check
//!   (`gpumem-warp`'s `scoreboard.rs`), with the same transitions;
//! - stepped over time by the cycle model (`gpumem-timing`): one entry per issue, each
//!   with its release cycle, so a wait is the cycle its [`Board::blockers`] complete.
//!
//! Each entry carries consumer data `X`: the checker's age, all-paths flag and guard,
//! the executor's lanes, the cycle model's release cycle. `docs/spec/maxwell-scoreboard.md`
//! gives the sources; `crates/gpumem-maxwell/LINTS.md` the rules built on this.

use crate::inst::{Inst, Operand};
use crate::table::{Addressing, ControlFlow, OpKind, Pipe};

/// Scoreboard barriers per warp (`SB0`..`SB5`).
pub const BARRIERS: u8 = 6;
/// The barrier of an entry for a variable-latency write that set none (and of a control
/// slot's `wr`/`rd` that names none: 7).
pub const NO_BAR: u8 = 7;
/// [`Entry::cover`]: no later instruction of the same queue set that barrier.
pub const NO_COVER: u8 = u8::MAX;
/// Saturation of the settings counters ([`Entry::later`], [`Entry::cover`]).
pub const LATER_MAX: u8 = 63;

/// A scoreboard wait of a `DEPBAR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depbar {
    /// `DEPBAR.LE SBn, k`: wait until barrier `n` has at most `k` settings pending.
    Le(u8, u8),
    /// `DEPBAR {mask}`: every barrier of the mask (bits 0-5) is complete.
    Set(u8),
}

/// The waits `inst` names with its scoreboard operands (a `DEPBAR`'s; none for an
/// instruction without them): the operand kinds, not the op, say what each one is.
pub fn depbar(inst: &Inst) -> Vec<Depbar> {
    let mut out = Vec::new();
    let mut sb = None;
    for (k, v) in inst.op.operands.iter().zip(inst.operands()) {
        match (k, v) {
            (OpKind::Scoreboard { .. }, Operand::Sb(n)) => sb = Some(*n),
            (OpKind::UImm { .. }, Operand::Imm(cnt)) => {
                if let Some(n) = sb {
                    out.push(Depbar::Le(n, (*cnt).clamp(0, 255) as u8));
                }
            }
            (OpKind::SbSet { .. }, Operand::Imm(mask)) => {
                out.push(Depbar::Set((*mask & 0x3f) as u8));
            }
            _ => {}
        }
    }
    out
}

/// The completion queue of a variable-latency instruction: results of one queue come
/// back in issue order, so waiting on a later instruction of the queue covers an earlier
/// one (the ptxas idiom in `LINTS.md`). Memory instructions queue by space (global and
/// local together with textures and surfaces, SHFL with shared); the f64 unit
/// and the other variable-latency units (SFU, conversions, S2R, SHFL, ...) have one each.
pub fn queue(inst: &Inst) -> u8 {
    use gpumem_isa::Space;
    if let Some(m) = inst.op.mem {
        return match (m.space, m.generic) {
            // Global and local accesses share the path through L1/L2 (ptxas covers a
            // barrier-less LDG with a later LDL's barrier).
            (_, true) | (Space::Global, _) | (Space::Local, _) => 0,
            (Space::Shared, _) => 1,
            (Space::Constant, _) => 3,
            _ => 4,
        };
    }
    match inst.op.op.info().pipe {
        // SHFL goes through the shared-memory pipeline (ptxas covers it with a later
        // LDS's barrier).
        Pipe::Shuffle => 1,
        // Texture and surface instructions (but CCTLT, which names texture headers, not
        // data, and issues to the memory pipe) go through the unified L1/texture pipeline
        // that global loads use: ptxas leaves a batch of TEXS without a barrier and covers
        // it with a later LDG's (FunctionPointers' SobelTex on sm_50).
        Pipe::Texture => 0,
        Pipe::Double => 5,
        Pipe::Alu
        | Pipe::Xu
        | Pipe::IntMul
        | Pipe::SpecialReg
        | Pipe::Memory
        | Pipe::Control
        | Pipe::Graphics => 6,
    }
}

/// Whether an instruction ends the barriers' life: ptxas' calling convention has no
/// caller wait on a callee's barriers after the return (`LINTS.md`, "Calls"), and a call
/// of an absolute address enters a function outside the module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Drain {
    /// Leaves the barriers as they are.
    #[default]
    No,
    /// `RET`: drains what the callee set.
    Return,
    /// `JCAL` (a call of an absolute address): drains everything.
    AbsoluteCall,
}

/// What an instruction waits on before it issues: its control slot's wait mask and its
/// `DEPBAR` operands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Waits {
    /// The slot's wait mask: bit `n` = every setting of barrier `n` complete.
    pub mask: u8,
    /// `DEPBAR.LE SBn, k`: `(n, k)`.
    pub le: Option<(u8, u8)>,
    /// `DEPBAR {mask}`: the barriers (bits 0-5) that must be complete.
    pub set: Option<u8>,
    /// Whether the instruction drains the barriers.
    pub drain: Drain,
}

impl Waits {
    /// The waits of an instruction whose slot's wait mask is `mask` (`inst`: `None` for
    /// a word that does not decode: only the slot is known).
    pub fn new(mask: u8, inst: Option<&Inst>) -> Waits {
        let mut w = Waits {
            mask,
            ..Waits::default()
        };
        if let Some(inst) = inst {
            for d in depbar(inst) {
                match d {
                    Depbar::Le(n, k) => w.le = Some((n, k)),
                    Depbar::Set(m) => w.set = Some(w.set.unwrap_or(0) | m),
                }
            }
            w.drain = match inst.op.op.info().flow {
                ControlFlow::Return => Drain::Return,
                ControlFlow::Call(Addressing::Absolute) => Drain::AbsoluteCall,
                _ => Drain::No,
            };
        }
        w
    }

    /// The waits of `inst` (its own control slot).
    pub fn of(inst: &Inst) -> Waits {
        Waits::new(inst.ctrl.wait, Some(inst))
    }

    /// Whether it names a `DEPBAR` wait.
    pub fn has_depbar(&self) -> bool {
        self.le.is_some() || self.set.is_some()
    }

    /// Whether it acts on the board at all (waits, `DEPBAR`, drains).
    pub fn acts(&self) -> bool {
        self.mask != 0 || self.has_depbar() || self.drain != Drain::No
    }

    /// The barriers it waits on, one bit each (`DEPBAR.LE`'s barrier included, bit 7
    /// for [`NO_BAR`]).
    pub fn barriers(&self) -> u8 {
        self.mask | self.set.unwrap_or(0) | self.le.map_or(0, |(n, _)| 1 << n.min(7))
    }
}

/// A barrier setting (or a barrier-less variable-latency write) not yet waited on.
/// Ordered by barrier, kind, producer, then the rest (the checker keeps its boards
/// sorted, so equal states compare equal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry<X> {
    /// The barrier (`0..6`), or [`NO_BAR`].
    pub bar: u8,
    /// A read barrier (the producer's sources), else a write barrier (its destinations).
    pub read: bool,
    /// The producer's instruction index.
    pub producer: u32,
    /// Settings of the same barrier since this one (the fewest over paths): with
    /// in-order completion, `DEPBAR.LE SBn, k` has waited for it once `later >= k`.
    pub later: u8,
    /// In-order completion: per barrier `n`, the settings of `n` since the first later
    /// instruction of the same queue that set `n` (the fewest over paths; [`NO_COVER`]:
    /// none on some path). A wait that clears that instruction clears this one too.
    pub cover: [u8; 6],
    /// The producer's completion queue ([`queue`]).
    pub queue: u8,
    /// What the consumer keeps of it.
    pub data: X,
}

impl<X> Entry<X> {
    fn new(bar: u8, read: bool, producer: u32, queue: u8, data: X) -> Entry<X> {
        Entry {
            bar,
            read,
            producer,
            later: 0,
            cover: [NO_COVER; 6],
            queue,
            data,
        }
    }

    /// Whether `DEPBAR.LE SBn, k` has waited for it (in-order completion).
    fn le_done(&self, n: u8, k: u8) -> bool {
        let own = self.bar == n && self.later >= k;
        let covered =
            n < BARRIERS && self.cover[n as usize] != NO_COVER && self.cover[n as usize] >= k;
        own || covered
    }

    /// Whether `DEPBAR {mask}` has waited for it.
    fn set_done(&self, mask: u8) -> bool {
        !((self.bar >= BARRIERS || mask & (1 << self.bar) == 0)
            && (0..6).all(|n| mask & (1 << n) == 0 || self.cover[n] == NO_COVER))
    }
}

/// The hazard a pending entry makes of a read or write ([`Board::raw`],
/// [`Board::overwrite`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// A read of a pending result whose producer set a write barrier.
    Raw,
    /// A read of a pending result whose producer set no write barrier.
    RawNoBarrier,
    /// A write over a source a pending instruction still reads.
    War,
    /// A write over a result a pending instruction will still write.
    Waw,
}

/// Consumer data the static checker merges over paths ([`Board::join`]).
pub trait PathData: Clone {
    /// Joins the data of the same entry on another path into `self`; whether it changed.
    fn join(&mut self, other: &Self) -> bool;
    /// The entry is pending on this path but not on the other; whether `self` changed.
    fn one_path(&mut self) -> bool;
    /// The data of an entry pending only on the other path.
    fn other_path(other: &Self) -> Self;
}

/// One warp's scoreboard: the entries not yet waited on, in the order set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<X> {
    /// The pending entries.
    pub pend: Vec<Entry<X>>,
}

impl<X> Default for Board<X> {
    fn default() -> Board<X> {
        Board { pend: Vec::new() }
    }
}

impl<X> Board<X> {
    /// Issue-order transitions (the checker, the executor).
    ///
    /// The wait mask: every barrier of `mask` complete (and what a later instruction of
    /// the same queue covers). A result written means the sources were read: the read
    /// entry of a producer that set a write barrier (`has_wr`) goes with its write entry.
    pub fn wait(&mut self, mask: u8, has_wr: impl Fn(u32) -> bool) {
        if mask == 0 {
            return;
        }
        for b in 0..BARRIERS {
            if mask & (1 << b) != 0 {
                self.pend
                    .retain(|p| p.bar != b && p.cover[b as usize] == NO_COVER);
            }
        }
        let pend = &self.pend;
        let done: Vec<u32> = pend
            .iter()
            .filter(|p| p.read && has_wr(p.producer))
            .filter(|p| !pend.iter().any(|q| !q.read && q.producer == p.producer))
            .map(|p| p.producer)
            .collect();
        if !done.is_empty() {
            self.pend
                .retain(|p| !(p.read && done.contains(&p.producer)));
        }
    }

    /// `DEPBAR`'s waits (in-order completion): `le` = `DEPBAR.LE SBn, k`, the settings of
    /// `n` with `k` later ones are complete; `set` = `DEPBAR {mask}`.
    pub fn depbar(&mut self, le: Option<(u8, u8)>, set: Option<u8>) {
        if let Some((n, k)) = le {
            self.pend.retain(|p| !p.le_done(n, k));
        }
        if let Some(mask) = set {
            self.pend.retain(|p| !p.set_done(mask));
        }
    }

    /// Every entry complete (a drain).
    pub fn drain(&mut self) {
        self.pend.clear();
    }

    /// The entries of the producers `gone` selects complete (a callee's, at its return).
    pub fn drain_producers(&mut self, gone: impl Fn(u32) -> bool) {
        self.pend.retain(|p| !gone(p.producer));
    }

    /// Instruction `producer` of completion queue `queue` sets barrier `bar` (a read
    /// barrier when `read`): the earlier settings of `bar` count one more later setting,
    /// earlier entries of the same queue are covered by it, and the producer's previous
    /// entry of that kind (an earlier run of a loop) is replaced.
    pub fn set(&mut self, bar: u8, read: bool, producer: u32, queue: u8, data: X) {
        for p in self.pend.iter_mut() {
            if p.bar == bar {
                p.later = (p.later + 1).min(LATER_MAX);
            }
            let c = &mut p.cover[bar as usize];
            if *c != NO_COVER {
                *c = (*c + 1).min(LATER_MAX);
            } else if p.queue == queue && p.producer != producer {
                *c = 0;
            }
        }
        self.pend
            .retain(|p| !(p.bar == bar && p.read == read && p.producer == producer));
        self.pend.push(Entry::new(bar, read, producer, queue, data));
    }

    /// Variable-latency instruction `producer` writes registers without a write barrier:
    /// an entry on [`NO_BAR`] (no wait clears it but a drain or a covering one).
    pub fn set_unbarriered(&mut self, producer: u32, queue: u8, data: X) {
        self.pend
            .retain(|p| !(p.bar == NO_BAR && p.producer == producer));
        self.pend
            .push(Entry::new(NO_BAR, false, producer, queue, data));
    }

    /// What a read of a register needs covered: the pending write entries `visible`
    /// keeps whose producer writes it (`writes`), with the hazard each makes.
    pub fn raw<'a>(
        &'a self,
        visible: impl Fn(&Entry<X>) -> bool + 'a,
        writes: impl Fn(u32) -> bool + 'a,
    ) -> impl Iterator<Item = (Conflict, &'a Entry<X>)> + 'a {
        self.pend
            .iter()
            .filter(move |p| !p.read && visible(p) && writes(p.producer))
            .map(|p| {
                let c = if p.bar == NO_BAR {
                    Conflict::RawNoBarrier
                } else {
                    Conflict::Raw
                };
                (c, p)
            })
    }

    /// What a write of a register by instruction `me` of completion queue `queue` needs
    /// covered: the pending entries `visible` keeps, but those of the same queue (which
    /// completes in order), whose producer still reads the register as an operand
    /// (`reads`, a read entry) or will still write it (`writes`, a write entry of another
    /// instruction).
    pub fn overwrite<'a>(
        &'a self,
        me: u32,
        queue: u8,
        visible: impl Fn(&Entry<X>) -> bool + 'a,
        reads: impl Fn(u32) -> bool + 'a,
        writes: impl Fn(u32) -> bool + 'a,
    ) -> impl Iterator<Item = (Conflict, &'a Entry<X>)> + 'a {
        self.pend
            .iter()
            .filter(move |p| visible(p) && p.queue != queue)
            .filter_map(move |p| {
                if p.read && reads(p.producer) {
                    Some((Conflict::War, p))
                } else if !p.read && p.producer != me && writes(p.producer) {
                    Some((Conflict::Waw, p))
                } else {
                    None
                }
            })
    }

    /// Time-stepped transitions (the cycle model: one entry per issue).
    ///
    /// Instruction `producer` issues and sets barrier `bar`; `data` holds when it
    /// releases. Every issue is its own entry (a loop's runs overlap in time).
    pub fn issue(&mut self, bar: u8, read: bool, producer: u32, data: X) {
        self.pend
            .push(Entry::new(bar, read, producer, u8::MAX, data));
    }

    /// The entries `done` says released are gone.
    pub fn release(&mut self, done: impl Fn(&X) -> bool) {
        self.pend.retain(|p| !done(&p.data));
    }

    /// The entries on the barriers of `mask`, barrier by barrier, each in the order set.
    pub fn on_barriers(&self, mask: u8) -> impl Iterator<Item = &Entry<X>> {
        (0..BARRIERS)
            .filter(move |b| mask & (1 << b) != 0)
            .flat_map(move |b| self.pend.iter().filter(move |p| p.bar == b))
    }

    /// The entries an instruction with `w` must see released before it issues (the
    /// last of them to release decides when), in order: the wait mask's, the entry
    /// whose release leaves `DEPBAR.LE SBn, k`'s barrier with `k` pending (`at`: its
    /// release cycle; ties keep the order set), then `DEPBAR {mask}`'s.
    pub fn blockers(&self, w: &Waits, at: impl Fn(&X) -> u64, mut f: impl FnMut(&Entry<X>)) {
        self.on_barriers(w.mask & 0x3f).for_each(&mut f);
        if let Some((n, k)) = w.le
            && n < BARRIERS
        {
            let mut v: Vec<&Entry<X>> = self.pend.iter().filter(|p| p.bar == n).collect();
            if v.len() > k as usize {
                v.sort_by_key(|p| at(&p.data));
                f(v[v.len() - 1 - k as usize]);
            }
        }
        if let Some(mask) = w.set {
            self.on_barriers(mask).for_each(&mut f);
        }
    }
}

impl<X: PathData> Board<X> {
    /// The lattice join of the static checker: `other` (the state on another path into
    /// the same instruction) merged into `self`; whether `self` changed. An entry
    /// pending on either path stays pending; counts take the fewest, covers are kept
    /// only when both paths have them.
    pub fn join(&mut self, other: &Board<X>) -> bool {
        let mut changed = false;
        for x in self.pend.iter_mut() {
            if !other
                .pend
                .iter()
                .any(|p| p.bar == x.bar && p.read == x.read && p.producer == x.producer)
            {
                changed |= x.data.one_path();
            }
        }
        for p in &other.pend {
            match self
                .pend
                .iter_mut()
                .find(|x| x.bar == p.bar && x.read == p.read && x.producer == p.producer)
            {
                Some(x) => {
                    if p.later < x.later {
                        x.later = p.later;
                        changed = true;
                    }
                    changed |= x.data.join(&p.data);
                    for n in 0..6 {
                        let c = if p.cover[n] == NO_COVER || x.cover[n] == NO_COVER {
                            NO_COVER
                        } else {
                            p.cover[n].min(x.cover[n])
                        };
                        if c != x.cover[n] {
                            x.cover[n] = c;
                            changed = true;
                        }
                    }
                }
                None => {
                    self.pend.push(Entry {
                        data: X::other_path(&p.data),
                        ..*p
                    });
                    changed = true;
                }
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;

    /// Path data for the join: a count merged to its least, and the all-paths flag.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct D {
        n: u8,
        all: bool,
    }

    impl PathData for D {
        fn join(&mut self, o: &D) -> bool {
            let before = *self;
            self.n = self.n.min(o.n);
            self.all &= o.all;
            *self != before
        }
        fn one_path(&mut self) -> bool {
            std::mem::replace(&mut self.all, false)
        }
        fn other_path(o: &D) -> D {
            D { all: false, ..*o }
        }
    }

    const D0: D = D { n: 0, all: true };

    fn keys<X>(b: &Board<X>) -> Vec<(u8, bool, u32)> {
        b.pend.iter().map(|p| (p.bar, p.read, p.producer)).collect()
    }

    fn inst(src: &str) -> Inst {
        crate::parse_program(src, Target::Sm52)
            .unwrap_or_else(|e| panic!("{src}: {e:?}"))
            .insts[0]
    }

    #[test]
    fn set_counts_later_settings_and_covers_earlier_ones_of_its_queue() {
        let mut b = Board::default();
        b.set(0, false, 1, 0, D0);
        b.set(1, false, 2, 0, D0);
        b.set(0, false, 3, 1, D0);
        let e1 = b.pend[0];
        assert_eq!((e1.bar, e1.later), (0, 1));
        // Instruction 2 (queue 0) set SB1 after it: covered on 1 with 0 later settings,
        // on 0 not (instruction 3 is of another queue).
        assert_eq!(e1.cover[1], 0);
        assert_eq!(e1.cover[0], NO_COVER);
        // A further setting of SB1 counts on the cover.
        b.set(1, true, 4, 2, D0);
        assert_eq!(b.pend[0].cover[1], 1);
        assert_eq!(b.pend[1].later, 1);
        // A producer's second run replaces its entry of that kind, not the other kind.
        b.set(0, false, 1, 0, D0);
        assert_eq!(
            keys(&b),
            [(1, false, 2), (0, false, 3), (1, true, 4), (0, false, 1)]
        );
        assert_eq!(b.pend[3].later, 0);
        assert_eq!(b.pend[3].cover, [NO_COVER; 6]);
        // Saturation.
        let mut b = Board::default();
        b.set(2, false, 1, 0, D0);
        for k in 0..100 {
            b.set(2, false, 10 + k, 0, D0);
        }
        assert_eq!(b.pend[0].later, LATER_MAX);
        assert_eq!(b.pend[0].cover[2], LATER_MAX);
    }

    #[test]
    fn set_unbarriered_enters_no_bar_once_per_producer() {
        let mut b = Board::default();
        b.set_unbarriered(5, 0, D0);
        b.set_unbarriered(5, 0, D { n: 3, all: true });
        assert_eq!(keys(&b), [(NO_BAR, false, 5)]);
        assert_eq!(b.pend[0].data.n, 3);
        // No wait mask clears it; a covering instruction of its queue does.
        b.wait(0x3f, |_| true);
        assert_eq!(b.pend.len(), 1);
        b.set(0, false, 6, 0, D0);
        b.wait(1, |_| true);
        assert!(b.pend.is_empty());
    }

    #[test]
    fn wait_clears_its_barriers_the_covered_and_the_reads_of_written_results() {
        let mut b = Board::default();
        b.set(0, false, 1, 0, D0); // LDG 1: wr=0
        b.set(1, true, 1, 0, D0); //  and rd=1
        b.set(2, true, 2, 4, D0); // STG 2: rd=2, no write barrier
        b.set(3, false, 3, 0, D0); // LDG 3: wr=3, covers 1 on SB3
        b.wait(0, |_| true);
        assert_eq!(b.pend.len(), 4, "an empty mask waits for nothing");
        // Waiting on SB3 completes 3 and, in order, 1's write: 1's read entry goes
        // with it (1 set a write barrier); 2's does not (it set none).
        b.wait(1 << 3, |p| p != 2);
        assert_eq!(keys(&b), [(2, true, 2)]);
        b.wait(1 << 2, |_| false);
        assert!(b.pend.is_empty());
    }

    #[test]
    fn depbar_le_leaves_the_k_latest_settings() {
        let mut b = Board::default();
        for p in 1..=4 {
            b.set(0, false, p, 1 + p as u8, D0);
        }
        // DEPBAR.LE SB0, 2: the two earliest have two later settings.
        b.depbar(Some((0, 2)), None);
        assert_eq!(keys(&b), [(0, false, 3), (0, false, 4)]);
        b.depbar(Some((0, 0)), None);
        assert!(b.pend.is_empty());
        // Covered: 1 (queue 0) is covered by 2 on SB1; DEPBAR.LE SB1, 0 clears both.
        b.set(0, false, 1, 0, D0);
        b.set(1, false, 2, 0, D0);
        b.set(1, false, 3, 9, D0);
        b.depbar(Some((1, 1)), None);
        assert_eq!(keys(&b), [(1, false, 3)]);
    }

    #[test]
    fn depbar_set_clears_its_barriers_and_the_covered() {
        let mut b = Board::default();
        b.set(0, false, 1, 0, D0);
        b.set(4, false, 2, 0, D0);
        b.set(5, false, 3, 7, D0);
        b.set_unbarriered(4, 8, D0);
        b.depbar(None, Some(1 << 4));
        assert_eq!(keys(&b), [(5, false, 3), (NO_BAR, false, 4)]);
        b.depbar(None, Some(0));
        assert_eq!(b.pend.len(), 2);
    }

    #[test]
    fn drains() {
        let mut b = Board::default();
        b.set(0, false, 1, 0, D0);
        b.set(1, false, 2, 1, D0);
        b.set(2, true, 3, 2, D0);
        b.drain_producers(|p| p == 2);
        assert_eq!(keys(&b), [(0, false, 1), (2, true, 3)]);
        b.drain();
        assert!(b.pend.is_empty());
    }

    #[test]
    fn a_read_needs_the_pending_writes_of_its_register_covered() {
        let mut b: Board<u32> = Board::default();
        b.set(0, false, 1, 0, 0b01);
        b.set_unbarriered(2, 1, 0b10);
        b.set(1, true, 3, 2, 0b11);
        let all = |_: u32| true;
        let c: Vec<(Conflict, u32)> = b.raw(|_| true, all).map(|(c, p)| (c, p.producer)).collect();
        assert_eq!(c, [(Conflict::Raw, 1), (Conflict::RawNoBarrier, 2)]);
        // Only producers that write the register, only entries the consumer sees.
        assert_eq!(b.raw(|_| true, |p| p == 2).count(), 1);
        assert_eq!(b.raw(|e| e.data & 0b01 != 0, all).count(), 1);
    }

    #[test]
    fn a_write_needs_pending_reads_and_writes_of_its_register_covered() {
        let mut b: Board<u32> = Board::default();
        b.set(0, false, 1, 0, 1);
        b.set(1, true, 1, 0, 1);
        b.set(2, false, 2, 3, 1);
        let got = |me: u32, queue: u8, reads: &dyn Fn(u32) -> bool| -> Vec<(Conflict, u32)> {
            b.overwrite(me, queue, |_| true, reads, |_| true)
                .map(|(c, p)| (c, p.producer))
                .collect()
        };
        assert_eq!(
            got(9, 6, &|_| true),
            [(Conflict::Waw, 1), (Conflict::War, 1), (Conflict::Waw, 2)]
        );
        // A read entry whose producer does not read the register is no hazard.
        assert_eq!(
            got(9, 6, &|_| false),
            [(Conflict::Waw, 1), (Conflict::Waw, 2)]
        );
        // The same queue completes in order; the producer's own write is no hazard.
        assert_eq!(got(2, 0, &|_| true), []);
        assert_eq!(b.overwrite(9, 6, |_| false, |_| true, |_| true).count(), 0);
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct T {
        at: u64,
    }

    fn blockers(b: &Board<T>, w: &Waits) -> Vec<u32> {
        let mut v = Vec::new();
        b.blockers(w, |t| t.at, |p| v.push(p.producer));
        v
    }

    #[test]
    fn timed_entries_issue_release_and_block() {
        let mut b = Board::default();
        b.issue(0, false, 1, T { at: 30 });
        b.issue(0, false, 1, T { at: 20 }); // the same instruction again: its own entry
        b.issue(1, true, 2, T { at: 5 });
        b.issue(0, false, 3, T { at: 40 });
        b.issue(2, false, 4, T { at: 20 });
        assert_eq!(b.pend.len(), 5);
        let mask = Waits {
            mask: 0b011,
            ..Waits::default()
        };
        // Barrier by barrier, each in the order issued.
        assert_eq!(blockers(&b, &mask), [1, 1, 3, 2]);
        // DEPBAR.LE SB0, 1: the entry whose release leaves one pending (by release
        // cycle: 20, 30, 40 -> the 30).
        let le = |k| Waits {
            le: Some((0, k)),
            ..Waits::default()
        };
        let mut v = Vec::new();
        b.blockers(&le(1), |t| t.at, |p| v.push(p.data.at));
        assert_eq!(v, [30]);
        assert_eq!(blockers(&b, &le(3)), Vec::<u32>::new());
        let set = Waits {
            set: Some(0b100),
            le: Some((NO_BAR, 0)),
            ..Waits::default()
        };
        assert_eq!(blockers(&b, &set), [4]);
        assert_eq!(
            b.on_barriers(0b101).map(|p| p.producer).collect::<Vec<_>>(),
            [1, 1, 3, 4]
        );
        b.release(|t| t.at <= 20);
        assert_eq!(keys(&b), [(0, false, 1), (0, false, 3)]);
    }

    #[test]
    fn join_is_the_union_with_the_fewest_counts_and_common_covers() {
        let mut a = Board::default();
        a.set(0, false, 1, 0, D { n: 5, all: true });
        a.set(1, false, 2, 0, D { n: 1, all: true });
        a.set(0, false, 3, 2, D0);
        let mut o = Board::default();
        o.set(0, false, 1, 0, D { n: 2, all: true });
        o.set(0, false, 4, 0, D0);
        o.set(2, true, 5, 7, D { n: 9, all: true });
        // a: 1 has later 1 on SB0, cover[1] = 0; o: 1 has later 1, cover[0] = 0.
        let before = a.clone();
        assert!(a.join(&o));
        let e1 = a.pend.iter().find(|p| p.producer == 1).unwrap();
        assert_eq!(e1.later, 1);
        assert_eq!(
            e1.cover, [NO_COVER; 6],
            "a cover is kept only when both paths have it"
        );
        assert_eq!(e1.data, D { n: 2, all: true });
        // Pending on one path only: not on every path.
        for p in [2, 3, 4, 5] {
            let e = a.pend.iter().find(|x| x.producer == p).unwrap();
            assert!(!e.data.all, "{p}");
        }
        assert_eq!(a.pend.len(), 5);
        // The fewest later settings.
        let mut x = before.clone();
        let mut y = before.clone();
        y.set(0, false, 6, 9, D0);
        assert!(!x.join(&before), "joining an equal state changes nothing");
        assert!(x.join(&y));
        assert_eq!(x.pend.iter().find(|p| p.producer == 1).unwrap().later, 1);
        // Idempotent once joined.
        let once = a.clone();
        assert!(!a.join(&o));
        assert_eq!(a, once);
    }

    #[test]
    fn waits_of_an_instruction() {
        let w = Waits::of(&inst("DEPBAR.LE SB2, 0x3, {5,0} ;"));
        assert_eq!(w.le, Some((2, 3)));
        assert_eq!(w.set, Some(0b100001));
        assert_eq!(w.barriers(), 0b100101);
        assert!(w.has_depbar() && w.acts());
        let w = Waits::of(&inst("DEPBAR {1} ;"));
        assert_eq!((w.le, w.set), (None, Some(0b10)));
        let w = Waits::of(&inst("--:-:-:-:6 FADD R1, R0, R0 ;"));
        assert!(!w.acts());
        assert_eq!(w.drain, Drain::No);
        let w = Waits::of(&inst("3f:-:-:-:6 FADD R1, R0, R0 ;"));
        assert_eq!((w.mask, w.barriers()), (0x3f, 0x3f));
        assert_eq!(Waits::of(&inst("RET ;")).drain, Drain::Return);
        assert_eq!(Waits::of(&inst("JCAL 0x100 ;")).drain, Drain::AbsoluteCall);
        let w = Waits::new(0b1, None);
        assert!(w.acts() && !w.has_depbar());
        assert_eq!(Waits::new(0, None), Waits::default());
    }

    #[test]
    fn completion_queues() {
        assert_eq!(queue(&inst("LDG.E R0, [R2] ;")), 0);
        assert_eq!(queue(&inst("LDS R0, [R2] ;")), 1);
        assert_eq!(queue(&inst("SHFL.IDX PT, R0, R1, R2, R3 ;")), 1);
        assert_eq!(queue(&inst("DADD R0, R2, R4 ;")), 5);
        assert_eq!(queue(&inst("MUFU.RCP R0, R1 ;")), 6);
    }
}
