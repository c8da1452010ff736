//! GPU memory spaces, the memory-access records, and the memory model that
//! consumes them, for both ISAs.
//!
//! * One sparse page store with a byte limit, [`Global`] (its one error:
//!   [`MemoryLimit`]), holds the global memory of a Maxwell launch and the
//!   memory behind Vega's scalar data cache.
//! * Maxwell: the warp-wide [`Access`] record, its rules ([`rules`]), the
//!   functional layer ([`Memory`], [`CtaMemory`]) and the coalescing /
//!   bank-conflict model ([`model`]).
//! * Vega: the scalar access record and atomic semantics ([`scalar`]) and the
//!   scalar data cache ([`scache`]).
//!
//! Data flows one way: an executor turns a decoded memory instruction into one
//! [`Access`] (space, per-lane addresses, width, kind, cache operator, active
//! mask, signedness, per-lane faults), built with the rule helpers of
//! [`rules`]. The functional layer ([`Memory`], [`CtaMemory`]) moves the bytes
//! that record names; the statistics model ([`model::cost`]) counts lines,
//! sectors and bank conflicts from the same record. Neither recomputes an
//! address.
//!
//! ```
//! use gpumem_mem::{Access, AccessKind, CacheOp, Space, model};
//! let mut a = Access::new(Space::Shared, AccessKind::Load, 4, false, CacheOp::Default);
//! for lane in 0..32 {
//!     a.set_lane(lane, lane as u64 * 8); // stride 2 words: 2-way conflict
//! }
//! assert_eq!(model::cost(&a).bank_conflict_degree, 2);
//! ```

#![warn(missing_docs)]

pub mod hierarchy;
pub mod layout;
pub mod model;
pub mod overlay;
pub mod rules;
pub mod scache;
pub mod scalar;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher for page numbers (the pages map is on the hot path; SipHash
/// is needlessly slow for u64 keys chosen by a kernel, and no key comes from an
/// adversary that could profit from collisions beyond slowing its own run).
#[derive(Clone, Copy, Debug, Default)]
pub struct PageHasher(u64);

impl Hasher for PageHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type PageMap = HashMap<u64, Box<[u8; PAGE_BYTES as usize]>, BuildHasherDefault<PageHasher>>;

/// Lanes of a warp.
pub const WARP: usize = 32;
/// Size of the local and of the shared address window (seed page 002: "Each address
/// window is 16 MB in size").
pub const WINDOW_BYTES: u64 = 16 << 20;
/// Size of one constant bank (seed page 001: "32 constant banks of size 64 KB each").
pub const CONST_BANK_BYTES: u64 = 64 << 10;
/// Banks the 5-bit bank field can name.
pub const CONST_BANKS: u32 = 32;
/// Page granularity of the sparse global memory.
pub const PAGE_BYTES: u64 = 4096;

pub use gpumem_isa::Space;

/// Load or store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AccessKind {
    /// Memory to registers.
    Load,
    /// Registers to memory.
    Store,
}

pub use gpumem_isa::CacheOp;

/// What can go wrong with one lane's access (the memory part of the emulator's
/// closed fault set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MemFault {
    /// The address is not a multiple of the access size. LDG/STG/LDL/LDS/STL/STS force
    /// the alignment (the fault is optional, see [`rules::MemConfig`]); LDC does not.
    MisalignedAddress,
    /// A local or shared address at or beyond the 16 MB window.
    OutOfWindow,
    /// A local or shared address inside the window but beyond the launch's allocation.
    OutOfAllocation,
    /// A store would grow global memory past the configured limit.
    MemoryLimit,
    /// A global access outside every region the launch declared (only when the launch
    /// asks for the check: `[config] check_bounds`).
    OutOfBounds,
}

impl MemFault {
    /// The name in reports (`misaligned_address`).
    pub fn name(self) -> &'static str {
        match self {
            MemFault::MisalignedAddress => "misaligned_address",
            MemFault::OutOfWindow => "out_of_window",
            MemFault::OutOfAllocation => "out_of_allocation",
            MemFault::MemoryLimit => "memory_limit",
            MemFault::OutOfBounds => "out_of_bounds",
        }
    }
}

/// One lane's fault inside an access record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneFault {
    /// The lane.
    pub lane: u8,
    /// What went wrong.
    pub kind: MemFault,
    /// The address the lane computed, before any forcing (constant: `bank << 32 |
    /// offset`, the offset not yet cut to 16 bits).
    pub addr: u64,
}

/// The memory-access record of one warp-wide memory instruction.
///
/// Addresses: global = 64-bit byte address; local/shared = address within the
/// window (per thread / per CTA); constant = `bank << 16 | offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// The space accessed.
    pub space: Space,
    /// Load or store.
    pub kind: AccessKind,
    /// Bytes per lane: 1, 2, 4, 8 or 16.
    pub bytes: u32,
    /// Sub-word loads sign-extend.
    pub signed: bool,
    /// The cache operator the instruction names.
    pub cache: CacheOp,
    /// LDS `.U` / LDG `.U.128`: a uniform-address hint (never changes a result).
    pub uniform_hint: bool,
    /// Lanes that execute the instruction (active and guard true).
    pub mask: u32,
    /// Lanes in `mask` that move no data: a load gives them 0, a store writes nothing.
    pub skip: u32,
    /// The effective (already forced) address of each lane.
    pub addr: [u64; WARP],
    /// Per-lane faults the rules found.
    pub faults: Vec<LaneFault>,
    /// An atomic or reduction: each lane reads, modifies and writes its address
    /// ([`Memory::atomic`]); `kind` then says whether the old value comes back to
    /// registers (`Load`: ATOM, ATOMS) or not (`Store`: RED).
    pub rmw: Option<Rmw>,
}

/// The read-modify-write of an atomic access record: the operation at the record's
/// width (`bytes` 4 or 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rmw {
    /// An integer operation (signed MIN/MAX are `Smin`/`Smax`; CAS is `CmpSwap`, whose
    /// compare value is the lane's second operand).
    Int(scalar::AtomicOp),
    /// f32 add, subnormal inputs and result flushed to zero, round to nearest even
    /// (`.F32.FTZ.RN`).
    F32AddFtz,
    /// f64 add (`.F64.RN`, Pascal's `atomicAdd(double*)`, PTX `atom.add.f64`): one
    /// rounding to nearest even, subnormals kept (PTX: only the f32 add flushes). A NaN
    /// operand propagates quieted with its sign and payload, the lane's operand before
    /// memory's (DADD's order with memory as Ra: UNVERIFIED on Pascal silicon); a NaN of
    /// no NaN (inf + -inf) is DADD's default NaN `0xfff8_0000_0000_0000`.
    F64AddRn,
    /// A pair of f16 values in one 32-bit word (`.F16x2.FTZ.RN`), each half on its own:
    /// subnormal inputs and results flushed to zero (sign kept), one rounding to nearest
    /// even, NaN results canonical (`0x7fff`).
    F16x2(F16Op),
    /// Compare and store (ATOMS `.CAST`): where memory equals the compare value the new
    /// value is stored; the lane's result is not the old value but 1 (stored) or 0 (not
    /// stored). With `spin` (`.CAST.SPIN`, "fast fail") the lanes are grouped by the
    /// shared-memory bank of their address and only the lowest lane of each group tries:
    /// the others store nothing and get 0.
    Cast {
        /// `.SPIN`: one try per bank.
        spin: bool,
    },
}

/// The operation of an `.F16x2` atomic on each f16 half.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F16Op {
    /// `a + b`.
    Add,
    /// The smaller (one NaN operand gives the other, `-0` below `+0`).
    Min,
    /// The larger (the same NaN and zero rules).
    Max,
}

/// The canonical f16 NaN an `.F16x2` atomic writes.
const NAN16: u16 = 0x7fff;

/// `x` with a subnormal f16 flushed to a zero of its sign.
fn ftz16(x: u16) -> u16 {
    if x & 0x7c00 == 0 { x & 0x8000 } else { x }
}

/// One f16 half of an `.F16x2.FTZ.RN` atomic: `op(old, b)`.
fn f16_op(op: F16Op, old: u16, b: u16) -> u16 {
    use rustc_apfloat::Float;
    use rustc_apfloat::ieee::Half;
    let (x, y) = (ftz16(old), ftz16(b));
    let (hx, hy) = (Half::from_bits(x as u128), Half::from_bits(y as u128));
    let r = match op {
        F16Op::Add => {
            let r = (hx + hy).value;
            if r.is_nan() {
                return NAN16;
            }
            r.to_bits() as u16
        }
        F16Op::Min | F16Op::Max => {
            match (hx.is_nan(), hy.is_nan()) {
                (true, true) => return NAN16,
                (true, false) => return y,
                (false, true) => return x,
                _ => {}
            }
            // Order with -0 below +0: compare as sign-magnitude integers.
            let key = |v: u16| {
                if v & 0x8000 != 0 {
                    -((v & 0x7fff) as i32) - 1
                } else {
                    v as i32
                }
            };
            let x_first = key(x) <= key(y);
            if (op == F16Op::Min) == x_first { x } else { y }
        }
    };
    ftz16(r)
}

impl Rmw {
    /// The new memory value for old value `old` and the lane's operands `b`, `c` (CAS:
    /// `b` the compare value, `c` the new one, Maxwell's operand order), at `bits` (32 or
    /// 64) width.
    pub fn apply(self, old: u64, b: u64, c: u64, bits: u32) -> u64 {
        match self {
            Rmw::Int(op @ scalar::AtomicOp::CmpSwap) => op.apply(old, c, b, bits),
            Rmw::Int(op) => op.apply(old, b, c, bits),
            Rmw::F32AddFtz => {
                let ftz = |x: f32| {
                    if x.is_subnormal() {
                        0.0f32.copysign(x)
                    } else {
                        x
                    }
                };
                let r = ftz(ftz(f32::from_bits(old as u32)) + ftz(f32::from_bits(b as u32)));
                r.to_bits() as u64
            }
            Rmw::F64AddRn => {
                let r = f64::from_bits(old) + f64::from_bits(b);
                if !r.is_nan() {
                    return r.to_bits();
                }
                [b, old]
                    .into_iter()
                    .find(|&x| f64::from_bits(x).is_nan())
                    .map_or(0xfff8_0000_0000_0000, |x| x | 1 << 51)
            }
            Rmw::F16x2(op) => {
                let lo = f16_op(op, old as u16, b as u16);
                let hi = f16_op(op, (old >> 16) as u16, (b >> 16) as u16);
                (hi as u64) << 16 | lo as u64
            }
            // The memory side of a compare-and-store is CAS's.
            Rmw::Cast { .. } => scalar::AtomicOp::CmpSwap.apply(old, c, b, bits),
        }
    }
}

impl Access {
    /// A record with no lane active yet.
    pub fn new(space: Space, kind: AccessKind, bytes: u32, signed: bool, cache: CacheOp) -> Access {
        Access {
            space,
            kind,
            bytes,
            signed,
            cache,
            uniform_hint: false,
            mask: 0,
            skip: 0,
            addr: [0; WARP],
            faults: Vec::new(),
            rmw: None,
        }
    }

    /// Marks `lane` active with address `addr`.
    pub fn set_lane(&mut self, lane: usize, addr: u64) {
        self.mask |= 1 << lane;
        self.addr[lane] = addr;
    }

    /// Applies a rule's verdict for `lane`.
    pub fn apply(&mut self, lane: usize, v: rules::Verdict) {
        self.set_lane(lane, v.addr);
        if v.skip {
            self.skip |= 1 << lane;
        }
        if let Some(kind) = v.fault {
            self.faults.push(LaneFault {
                lane: lane as u8,
                kind,
                addr: v.raw,
            });
        }
    }

    /// Lanes that move data.
    pub fn data_lanes(&self) -> u32 {
        self.mask & !self.skip
    }
}

/// Sign- or zero-extends a sub-word load to 32 bits; wider loads are unchanged.
pub fn extend(bytes: &[u8; 16], size: u32, signed: bool) -> [u32; 4] {
    let w = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    match (size, signed) {
        (1, false) => [bytes[0] as u32, 0, 0, 0],
        (1, true) => [bytes[0] as i8 as i32 as u32, 0, 0, 0],
        (2, false) => [u16::from_le_bytes([bytes[0], bytes[1]]) as u32, 0, 0, 0],
        (2, true) => [
            u16::from_le_bytes([bytes[0], bytes[1]]) as i16 as i32 as u32,
            0,
            0,
            0,
        ],
        _ => [w(0), w(4), w(8), w(12)],
    }
}

/// A write would grow a sparse store past its byte limit (`[limits]
/// max_memory` of a manifest). The one memory-limit error of both ISAs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The first byte whose page would pass the limit.
    pub addr: u64,
    /// The limit in bytes.
    pub limit: u64,
}

impl std::fmt::Display for MemoryLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "memory limit of {} bytes exceeded writing {:#x}",
            self.limit, self.addr
        )
    }
}

impl std::error::Error for MemoryLimit {}

/// The largest page number (pages wrap with the address at 2^64).
const LAST_PAGE: u64 = u64::MAX / PAGE_BYTES;

/// Sparse, byte-addressed, 64-bit memory of 4 KiB zero-filled pages with a byte
/// limit: the global memory of both ISAs (Maxwell's global space, the memory
/// behind Vega's scalar data cache). Bytes never written read as 0; addresses
/// wrap at 2^64.
#[derive(Clone, Debug, Default)]
pub struct Global {
    pages: PageMap,
    /// Most bytes (whole pages) the memory may hold.
    pub limit: u64,
}

impl Global {
    /// Empty memory that may hold at most `limit` bytes of resident pages.
    pub fn new(limit: u64) -> Global {
        Global {
            pages: PageMap::default(),
            limit,
        }
    }

    /// Bytes currently backed.
    pub fn resident(&self) -> u64 {
        self.pages.len() as u64 * PAGE_BYTES
    }

    /// The resident page numbered `page` (address / `PAGE_BYTES`), if any.
    #[inline]
    pub fn page(&self, page: u64) -> Option<&[u8; PAGE_BYTES as usize]> {
        self.pages.get(&page).map(|p| &**p)
    }

    /// The resident page numbered `page`, mutably, if any.
    #[inline]
    pub fn page_mut(&mut self, page: u64) -> Option<&mut [u8; PAGE_BYTES as usize]> {
        self.pages.get_mut(&page).map(|p| &mut **p)
    }

    /// Reads `out.len()` bytes at `addr`.
    pub fn read(&self, addr: u64, out: &mut [u8]) {
        // Page by page (the address wraps at 2^64).
        let mut done = 0;
        while done < out.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a % PAGE_BYTES) as usize;
            let n = (PAGE_BYTES as usize - off).min(out.len() - done);
            let dst = &mut out[done..done + n];
            match self.pages.get(&(a / PAGE_BYTES)) {
                Some(p) => dst.copy_from_slice(&p[off..off + n]),
                None => dst.fill(0),
            }
            done += n;
        }
    }

    /// Writes `data`; fails (writing nothing) when a new page would pass the limit.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> Result<(), MemoryLimit> {
        if data.is_empty() {
            return Ok(());
        }
        let first = addr / PAGE_BYTES;
        let last = addr.wrapping_add(data.len() as u64 - 1) / PAGE_BYTES;
        let mut new_pages = 0;
        let mut p = first;
        loop {
            if !self.pages.contains_key(&p) {
                new_pages += 1;
                if self.resident() + new_pages * PAGE_BYTES > self.limit {
                    return Err(MemoryLimit {
                        addr: if p == first { addr } else { p * PAGE_BYTES },
                        limit: self.limit,
                    });
                }
            }
            if p == last {
                break;
            }
            p = if p == LAST_PAGE { 0 } else { p + 1 };
        }
        let mut done = 0;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a % PAGE_BYTES) as usize;
            let n = (PAGE_BYTES as usize - off).min(data.len() - done);
            let page = self
                .pages
                .entry(a / PAGE_BYTES)
                .or_insert_with(|| Box::new([0; PAGE_BYTES as usize]));
            page[off..off + n].copy_from_slice(&data[done..done + n]);
            done += n;
        }
        Ok(())
    }

    /// Writes `data` a page at a time, leaving out the parts that are all zero on pages
    /// not resident (they read as zero already): a region of zeros takes no memory. On
    /// a [`MemoryLimit`] the pages before the failing one are written.
    pub fn write_sparse(&mut self, addr: u64, data: &[u8]) -> Result<(), MemoryLimit> {
        let mut done = 0;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let n = (PAGE_BYTES - a % PAGE_BYTES).min((data.len() - done) as u64) as usize;
            let part = &data[done..done + n];
            if self.pages.contains_key(&(a / PAGE_BYTES)) || part.iter().any(|&b| b != 0) {
                self.write(a, part)?;
            }
            done += n;
        }
        Ok(())
    }

    /// Makes the `len` bytes at `addr` read as zero again: pages wholly inside the range
    /// are given back (no longer resident), the parts of the others are zeroed. A
    /// device allocator's `free` uses it, so a freed range holds no memory and a later
    /// allocation of it starts from zeros.
    pub fn discard(&mut self, addr: u64, len: u64) {
        let mut done = 0u64;
        while done < len {
            let a = addr.wrapping_add(done);
            let off = a % PAGE_BYTES;
            let n = (PAGE_BYTES - off).min(len - done);
            let page = a / PAGE_BYTES;
            if n == PAGE_BYTES {
                self.pages.remove(&page);
            } else if let Some(p) = self.pages.get_mut(&page) {
                p[off as usize..(off + n) as usize].fill(0);
            }
            done += n;
        }
    }

    /// Reads a little-endian dword.
    #[inline]
    pub fn read_u32(&self, addr: u64) -> u32 {
        let off = (addr % PAGE_BYTES) as usize;
        if off + 4 <= PAGE_BYTES as usize {
            return match self.pages.get(&(addr / PAGE_BYTES)) {
                Some(p) => u32::from_le_bytes([p[off], p[off + 1], p[off + 2], p[off + 3]]),
                None => 0,
            };
        }
        let mut b = [0; 4];
        self.read(addr, &mut b);
        u32::from_le_bytes(b)
    }

    /// Writes a little-endian dword.
    #[inline]
    pub fn write_u32(&mut self, addr: u64, v: u32) -> Result<(), MemoryLimit> {
        let off = (addr % PAGE_BYTES) as usize;
        if off + 4 <= PAGE_BYTES as usize
            && let Some(p) = self.pages.get_mut(&(addr / PAGE_BYTES))
        {
            p[off..off + 4].copy_from_slice(&v.to_le_bytes());
            return Ok(());
        }
        self.write(addr, &v.to_le_bytes())
    }
}

/// The 32 constant banks of 64 KB, each allocated on first write.
#[derive(Clone, Debug)]
pub struct ConstBanks {
    banks: Vec<Option<Box<[u8]>>>,
}

impl Default for ConstBanks {
    fn default() -> Self {
        ConstBanks {
            banks: vec![None; CONST_BANKS as usize],
        }
    }
}

impl ConstBanks {
    /// Writes `data` at `bank`/`offset`; bytes past the bank's 64 KB are an error.
    pub fn write(&mut self, bank: u32, offset: u64, data: &[u8]) -> Result<(), String> {
        if bank >= CONST_BANKS {
            return Err(format!("constant bank {bank} does not exist (0..31)"));
        }
        if offset + data.len() as u64 > CONST_BANK_BYTES {
            return Err(format!(
                "constant bank {bank}: {} bytes at offset {offset:#x} pass the 64 KB bank",
                data.len()
            ));
        }
        let b = self.banks[bank as usize]
            .get_or_insert_with(|| vec![0; CONST_BANK_BYTES as usize].into_boxed_slice());
        b[offset as usize..offset as usize + data.len()].copy_from_slice(data);
        Ok(())
    }

    /// Reads bytes; anything outside a bank reads 0.
    pub fn read(&self, bank: u32, offset: u64, out: &mut [u8]) {
        if let Some(Some(b)) = self.banks.get(bank as usize)
            && let Some(end) = offset.checked_add(out.len() as u64)
            && end <= CONST_BANK_BYTES
        {
            out.copy_from_slice(&b[offset as usize..end as usize]);
            return;
        }
        for (i, o) in out.iter_mut().enumerate() {
            let off = offset + i as u64;
            *o = match self.banks.get(bank as usize) {
                Some(Some(b)) if off < CONST_BANK_BYTES => b[off as usize],
                _ => 0,
            };
        }
    }

    /// A 32-bit word (ALU `c[bank][offset]` operands); out of range reads 0.
    pub fn word(&self, bank: u32, offset: i64) -> u32 {
        if offset < 0 {
            return 0;
        }
        if let Some(Some(b)) = self.banks.get(bank as usize)
            && offset + 4 <= CONST_BANK_BYTES as i64
        {
            let o = offset as usize;
            return u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        }
        let mut b = [0; 4];
        self.read(bank, offset as u64, &mut b);
        u32::from_le_bytes(b)
    }
}

/// Device-wide memory: global and constant.
#[derive(Clone, Debug)]
pub struct Memory {
    /// Global memory.
    pub global: Global,
    /// The constant banks.
    pub constant: ConstBanks,
    /// While a CTA runs beside others (a parallel launch): its private view of global
    /// memory, which then takes every global access instead of `global`.
    pub overlay: Option<overlay::Overlay>,
}

/// Per-CTA memory: the shared allocation and every thread's local allocation.
#[derive(Clone, Debug)]
pub struct CtaMemory {
    /// The CTA's shared allocation.
    pub shared: Vec<u8>,
    /// Every thread's local allocation, thread after thread.
    pub local: Vec<u8>,
    /// Bytes of local memory per thread.
    pub local_bytes: u64,
}

impl CtaMemory {
    /// Zeroed allocations for `threads` threads.
    pub fn new(shared_bytes: u64, local_bytes: u64, threads: u64) -> CtaMemory {
        CtaMemory {
            shared: vec![0; shared_bytes as usize],
            local: vec![0; (local_bytes * threads) as usize],
            local_bytes,
        }
    }
}

impl Memory {
    /// Empty memory whose global part may hold `global_limit` bytes.
    pub fn new(global_limit: u64) -> Memory {
        Memory {
            global: Global::new(global_limit),
            constant: ConstBanks::default(),
            overlay: None,
        }
    }

    /// Bytes of global memory resident as the running CTA sees them.
    pub fn resident(&self) -> u64 {
        match &self.overlay {
            Some(o) => o.resident(),
            None => self.global.resident(),
        }
    }

    /// Reads global memory (through the overlay when there is one).
    pub fn read_global(&mut self, addr: u64, out: &mut [u8]) {
        match &mut self.overlay {
            Some(o) => o.read(addr, out),
            None => self.global.read(addr, out),
        }
    }

    /// Writes global memory (through the overlay when there is one).
    pub fn write_global(&mut self, addr: u64, data: &[u8]) -> Result<(), MemoryLimit> {
        match &mut self.overlay {
            Some(o) => o.write(addr, data),
            None => self.global.write(addr, data),
        }
    }

    /// Performs the loads of `acc` (a load record). `first_thread` is the CTA-relative
    /// thread index of lane 0 (local memory is per thread). Lanes outside `mask` are left
    /// alone; skipped lanes get 0.
    #[allow(clippy::needless_range_loop)] // lane indexes mask, addr and out together
    pub fn load(
        &mut self,
        acc: &Access,
        cta: &CtaMemory,
        first_thread: u64,
        out: &mut [[u32; 4]; WARP],
    ) {
        let n = acc.bytes as usize;
        if n > 16 {
            // Not an instruction's size: read nothing (the buffer holds 16 bytes).
            for lane in 0..WARP {
                if acc.mask & (1 << lane) != 0 {
                    out[lane] = [0; 4];
                }
            }
            return;
        }
        if acc.space == Space::Global
            && let Some(o) = self.overlay.as_mut()
        {
            for lane in 0..WARP {
                if acc.mask & (1 << lane) == 0 {
                    continue;
                }
                let mut buf = [0u8; 16];
                if acc.skip & (1 << lane) == 0 {
                    o.read(acc.addr[lane], &mut buf[..n]);
                }
                out[lane] = extend(&buf, acc.bytes, acc.signed);
            }
            return;
        }
        // The last global page looked up (most warps touch one or two).
        let mut cached: Option<(u64, Option<&[u8; PAGE_BYTES as usize]>)> = None;
        for lane in 0..WARP {
            if acc.mask & (1 << lane) == 0 {
                continue;
            }
            let mut buf = [0u8; 16];
            if acc.skip & (1 << lane) == 0 {
                let a = acc.addr[lane];
                match acc.space {
                    Space::Global => {
                        let (pn, off) = (a / PAGE_BYTES, (a % PAGE_BYTES) as usize);
                        if off + n <= PAGE_BYTES as usize {
                            let page = match cached {
                                Some((c, p)) if c == pn => p,
                                _ => {
                                    let p = self.global.page(pn);
                                    cached = Some((pn, p));
                                    p
                                }
                            };
                            if let Some(p) = page {
                                buf[..n].copy_from_slice(&p[off..off + n]);
                            }
                        } else {
                            self.global.read(a, &mut buf[..n]);
                        }
                    }
                    Space::Constant => {
                        self.constant
                            .read((a >> 16) as u32, a & 0xffff, &mut buf[..n])
                    }
                    Space::Shared => copy_out(&cta.shared, a, &mut buf[..n]),
                    // No warp record addresses a Vega space: nothing to read.
                    Space::Buffer | Space::Scratch => {}
                    Space::Local => {
                        let base = (first_thread + lane as u64) * cta.local_bytes;
                        copy_out(&cta.local, base + a, &mut buf[..n]);
                    }
                }
            }
            out[lane] = extend(&buf, acc.bytes, acc.signed);
        }
    }

    /// Performs the stores of `acc`, lane by lane in lane order (a later lane wins on
    /// overlap). Returns the lanes refused for the memory limit.
    #[allow(clippy::needless_range_loop)]
    pub fn store(
        &mut self,
        acc: &Access,
        cta: &mut CtaMemory,
        first_thread: u64,
        data: &[[u32; 4]; WARP],
    ) -> Vec<LaneFault> {
        let n = (acc.bytes as usize).min(16);
        let mut refused = Vec::new();
        let lanes = acc.data_lanes();
        if acc.space == Space::Global
            && let Some(o) = self.overlay.as_mut()
        {
            for lane in 0..WARP {
                if lanes & (1 << lane) == 0 {
                    continue;
                }
                let mut buf = [0u8; 16];
                for (i, w) in data[lane].iter().enumerate() {
                    buf[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
                }
                let a = acc.addr[lane];
                if o.write(a, &buf[..n]).is_err() {
                    refused.push(LaneFault {
                        lane: lane as u8,
                        kind: MemFault::MemoryLimit,
                        addr: a,
                    });
                }
            }
            return refused;
        }
        // The last resident global page written.
        let mut cached: Option<(u64, &mut [u8; PAGE_BYTES as usize])> = None;
        for lane in 0..WARP {
            if lanes & (1 << lane) == 0 {
                continue;
            }
            let mut buf = [0u8; 16];
            for (i, w) in data[lane].iter().enumerate() {
                buf[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
            }
            let a = acc.addr[lane];
            match acc.space {
                Space::Global => {
                    let (pn, off) = (a / PAGE_BYTES, (a % PAGE_BYTES) as usize);
                    if off + n <= PAGE_BYTES as usize {
                        if let Some((c, p)) = cached.as_mut()
                            && *c == pn
                        {
                            p[off..off + n].copy_from_slice(&buf[..n]);
                            continue;
                        }
                        if let Some(p) = self.global.page_mut(pn) {
                            p[off..off + n].copy_from_slice(&buf[..n]);
                            cached = Some((pn, p));
                            continue;
                        }
                    }
                    cached = None;
                    if self.global.write(a, &buf[..n]).is_err() {
                        refused.push(LaneFault {
                            lane: lane as u8,
                            kind: MemFault::MemoryLimit,
                            addr: a,
                        });
                    }
                }
                // No instruction stores to constant memory, and no warp record
                // addresses a Vega space; ignore defensively.
                Space::Constant | Space::Buffer | Space::Scratch => {}
                Space::Shared => copy_in(&mut cta.shared, a, &buf[..n]),
                Space::Local => {
                    let base = (first_thread + lane as u64) * cta.local_bytes;
                    copy_in(&mut cta.local, base + a, &buf[..n]);
                }
            }
        }
        refused
    }
}

impl Memory {
    /// Performs the read-modify-writes of `acc` (a record with `rmw`), lane by lane in
    /// ascending lane order, each lane seeing the memory the lanes before it left.
    /// `b` is each lane's operand and `c` its second (CAS: `b` the compare value, `c`
    /// the new one), as little-endian words. Returns every lane's old value and the
    /// lanes refused for the memory limit (they change nothing). A record with a rule
    /// fault in any lane changes nothing at all: the caller checks `acc.faults` first.
    pub fn atomic(
        &mut self,
        acc: &Access,
        cta: &mut CtaMemory,
        first_thread: u64,
        b: &[[u32; 4]; WARP],
        c: &[[u32; 4]; WARP],
    ) -> ([[u32; 4]; WARP], Vec<LaneFault>) {
        let mut old = [[0u32; 4]; WARP];
        let mut refused = Vec::new();
        let Some(rmw) = acc.rmw else {
            return (old, refused);
        };
        let n = if acc.bytes == 8 { 8 } else { 4 };
        let bits = 8 * n as u32;
        let word = |w: &[u32; 4]| w[0] as u64 | if n == 8 { (w[1] as u64) << 32 } else { 0 };
        // `.CAST.SPIN`: the lanes allowed to try, the lowest of each bank's group.
        let mut tries = acc.data_lanes();
        if let Rmw::Cast { spin: true } = rmw {
            let mut banks = 0u32;
            tries = 0;
            for lane in 0..WARP {
                if acc.data_lanes() & (1 << lane) != 0 {
                    let bank = 1u32 << ((acc.addr[lane] / 4) % 32);
                    if banks & bank == 0 {
                        banks |= bank;
                        tries |= 1 << lane;
                    }
                }
            }
        }
        for lane in 0..WARP {
            // A lane that may not try keeps the result 0 and stores nothing.
            if tries & (1 << lane) == 0 {
                continue;
            }
            let a = acc.addr[lane];
            let mut buf = [0u8; 8];
            match acc.space {
                Space::Global => self.read_global(a, &mut buf[..n]),
                Space::Shared => copy_out(&cta.shared, a, &mut buf[..n]),
                Space::Local => {
                    let base = (first_thread + lane as u64) * cta.local_bytes;
                    copy_out(&cta.local, base + a, &mut buf[..n]);
                }
                // No atomic addresses these spaces: nothing to do.
                Space::Constant | Space::Buffer | Space::Scratch => continue,
            }
            let o = u64::from_le_bytes(buf);
            let (bw, cw) = (word(&b[lane]), word(&c[lane]));
            // The lane's result: the old value, or whether a compare-and-store stored.
            let res = match rmw {
                Rmw::Cast { .. } => (o == bw) as u64,
                _ => o,
            };
            old[lane] = [res as u32, (res >> 32) as u32, 0, 0];
            let v = rmw.apply(o, bw, cw, bits);
            let nb = v.to_le_bytes();
            match acc.space {
                Space::Global => {
                    if self.write_global(a, &nb[..n]).is_err() {
                        refused.push(LaneFault {
                            lane: lane as u8,
                            kind: MemFault::MemoryLimit,
                            addr: a,
                        });
                    }
                }
                Space::Shared => copy_in(&mut cta.shared, a, &nb[..n]),
                Space::Local => {
                    let base = (first_thread + lane as u64) * cta.local_bytes;
                    copy_in(&mut cta.local, base + a, &nb[..n]);
                }
                Space::Constant | Space::Buffer | Space::Scratch => {}
            }
        }
        (old, refused)
    }
}

fn copy_out(src: &[u8], addr: u64, out: &mut [u8]) {
    if let Some(end) = (addr as usize).checked_add(out.len())
        && end <= src.len()
    {
        out.copy_from_slice(&src[addr as usize..end]);
        return;
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = src.get(addr as usize + i).copied().unwrap_or(0);
    }
}

fn copy_in(dst: &mut [u8], addr: u64, data: &[u8]) {
    if let Some(end) = (addr as usize).checked_add(data.len())
        && end <= dst.len()
    {
        dst[addr as usize..end].copy_from_slice(data);
        return;
    }
    for (i, d) in data.iter().enumerate() {
        if let Some(b) = dst.get_mut(addr as usize + i) {
            *b = *d;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_is_sparse_and_bounded() {
        let mut g = Global::new(2 * PAGE_BYTES);
        let mut b = [9u8; 4];
        g.read(u64::MAX - 1, &mut b);
        assert_eq!(b, [0; 4]);
        g.write(0x1000_0000_0000, &[1, 2, 3]).unwrap();
        g.write(PAGE_BYTES - 1, &[7, 7]).unwrap_err();
        assert_eq!(g.resident(), PAGE_BYTES);
        g.read(0x1000_0000_0000, &mut b);
        assert_eq!(b, [1, 2, 3, 0]);
        assert_eq!(g.read_u32(0x1000_0000_0000), 0x0003_0201);
        g.write_u32(0x1000_0000_0004, 0xdead_beef).unwrap();
        assert_eq!(g.read_u32(0x1000_0000_0004), 0xdead_beef);
    }

    #[test]
    fn sparse_writes_take_no_page_for_zeros() {
        // 64 MiB of zeros under a limit of one page: nothing is stored.
        let mut g = Global::new(PAGE_BYTES);
        g.write_sparse(0x10_0000, &vec![0u8; 64 << 20]).unwrap();
        assert_eq!(g.resident(), 0);
        // Zeros then one byte: only the byte's page.
        let mut data = vec![0u8; 3 * PAGE_BYTES as usize];
        data[2 * PAGE_BYTES as usize + 5] = 9;
        g.write_sparse(0x20_0000, &data).unwrap();
        assert_eq!(g.resident(), PAGE_BYTES);
        let mut b = [0u8; 1];
        g.read(0x20_0000 + 2 * PAGE_BYTES + 5, &mut b);
        assert_eq!(b, [9]);
        // Zeros over a resident page are written.
        g.write_sparse(0x20_0000 + 2 * PAGE_BYTES + 4, &[0, 0])
            .unwrap();
        g.read(0x20_0000 + 2 * PAGE_BYTES + 5, &mut b);
        assert_eq!(b, [0]);
        // A second page with data passes the limit.
        let e = g.write_sparse(0x30_0001, &[0, 1]).unwrap_err();
        assert_eq!(e.addr, 0x30_0001);
    }

    #[test]
    fn limit_error_names_the_first_byte_past_the_limit() {
        let mut g = Global::new(PAGE_BYTES);
        g.write(0, &[1]).unwrap();
        let e = g.write(PAGE_BYTES - 2, &[1, 2, 3, 4]).unwrap_err();
        assert_eq!(
            e,
            MemoryLimit {
                addr: PAGE_BYTES,
                limit: PAGE_BYTES
            }
        );
        assert_eq!(
            e.to_string(),
            "memory limit of 4096 bytes exceeded writing 0x1000"
        );
        // Nothing was written.
        assert_eq!(g.read_u32(PAGE_BYTES - 2), 0);
        // Empty writes never allocate.
        Global::new(0).write(0x5000, &[]).unwrap();
    }

    #[test]
    fn writes_wrap_at_the_top_of_the_address_space() {
        let mut g = Global::new(4 * PAGE_BYTES);
        g.write(u64::MAX - 1, &[1, 2, 3, 4]).unwrap();
        assert_eq!(g.resident(), 2 * PAGE_BYTES);
        assert_eq!(g.read_u32(u64::MAX - 1), 0x0403_0201);
        let mut b = [0; 2];
        g.read(0, &mut b);
        assert_eq!(b, [3, 4]);
    }

    #[test]
    fn discard_frees_whole_pages_and_zeroes_parts() {
        let mut g = Global::new(8 * PAGE_BYTES);
        g.write(0x1000, &[0xff; 3 * PAGE_BYTES as usize]).unwrap();
        assert_eq!(g.resident(), 3 * PAGE_BYTES);
        // From the middle of the first page to the middle of the third.
        g.discard(0x1800, 2 * PAGE_BYTES);
        assert_eq!(g.resident(), 2 * PAGE_BYTES);
        assert_eq!(g.read_u32(0x17fc), 0xffff_ffff);
        assert_eq!(g.read_u32(0x1800), 0);
        assert_eq!(g.read_u32(0x2800), 0);
        assert_eq!(g.read_u32(0x37fc), 0);
        assert_eq!(g.read_u32(0x3800), 0xffff_ffff);
        // Pages never written stay absent; wrapping at 2^64 is fine.
        g.discard(u64::MAX - 1, 4);
        assert_eq!(g.resident(), 2 * PAGE_BYTES);
    }

    #[test]
    fn extension() {
        let mut b = [0u8; 16];
        b[0] = 0x80;
        b[1] = 0xff;
        assert_eq!(extend(&b, 1, true)[0], 0xffff_ff80);
        assert_eq!(extend(&b, 1, false)[0], 0x80);
        assert_eq!(extend(&b, 2, true)[0], 0xffff_ff80);
        assert_eq!(extend(&b, 2, false)[0], 0xff80);
    }

    #[test]
    fn constant_reads_zero_outside() {
        let mut c = ConstBanks::default();
        c.write(3, 0xfffc, &[1, 2, 3, 4]).unwrap();
        assert!(c.write(3, 0xfffd, &[1, 2, 3, 4]).is_err());
        assert_eq!(c.word(3, 0xfffc), 0x0403_0201);
        assert_eq!(c.word(3, 0xfffe), 0x0403);
        assert_eq!(c.word(40, 0), 0);
    }
}
