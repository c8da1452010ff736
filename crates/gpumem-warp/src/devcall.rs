//! Calls of the CUDA device library that the executor serves itself: nvcc compiles
//! `printf`, `assert`, `malloc`/`free` (and so `new`/`delete`) in a kernel to `JCAL`s of
//! functions the cubin leaves undefined (`vprintf`, `__assertfail`, `malloc`, `free`).
//! A client links each to its [`DeviceCall::address`]
//! (`gpumem_maxwell::link::Module::link_with_externs`) and the executor runs `JCAL` of
//! that address here, per active lane in lane order, with the ABI ptxas uses (arguments
//! from R4 on, a 64-bit one in an even pair, the result in R4 or R4:R5; checked on CUDA
//! 11.8's SASS):
//!
//! | call | arguments | result |
//! |---|---|---|
//! | `vprintf` | R4:R5 format, R6:R7 argument buffer | R4 arguments consumed ([`crate::vprintf`]) |
//! | `__assertfail` | R4:R5 message, R6:R7 file, R8 line, R10:R11 function, R12:R13 char size | none: the launch stops |
//! | `malloc` | R4:R5 size | R4:R5 pointer, 0 when the heap is exhausted |
//! | `free` | R4:R5 pointer | none |
//!
//! `printf` and `__assertfail` need [`crate::Emulator::printf`], `malloc`/`free` a
//! [`DeviceHeap`] in [`crate::Emulator::heap`]; an unserved call is an `unsupported`
//! fault naming the function. This module holds the calls and the heap (data); the
//! emulator serves them in its child module `emulator/devcall.rs`.

use std::collections::BTreeMap;

/// A device-library function the executor serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceCall {
    /// `vprintf(format, args)`: device `printf`.
    Vprintf,
    /// `__assertfail(message, file, line, function, charSize)`: a failed `assert`.
    AssertFail,
    /// `malloc(size)`: the device heap.
    Malloc,
    /// `free(ptr)`: the device heap.
    Free,
}

/// Where the served calls other than `vprintf` are linked: past any code a kernel can
/// have (a kernel's code starts at 0; 4 GiB of code does not fit a cubin).
const CALL_BASE: i64 = 0xffff_ff00;

impl DeviceCall {
    /// Every served call.
    pub const ALL: [DeviceCall; 4] = [
        DeviceCall::Vprintf,
        DeviceCall::AssertFail,
        DeviceCall::Malloc,
        DeviceCall::Free,
    ];

    /// The function's name in a cubin's symbol table.
    pub fn name(self) -> &'static str {
        match self {
            DeviceCall::Vprintf => "vprintf",
            DeviceCall::AssertFail => "__assertfail",
            DeviceCall::Malloc => "malloc",
            DeviceCall::Free => "free",
        }
    }

    /// The address a client links calls of the function to. `vprintf` keeps 0 (what it
    /// was linked to before the other calls were served).
    pub fn address(self) -> i64 {
        match self {
            DeviceCall::Vprintf => 0,
            DeviceCall::AssertFail => CALL_BASE,
            DeviceCall::Malloc => CALL_BASE + 0x10,
            DeviceCall::Free => CALL_BASE + 0x20,
        }
    }

    /// The call linked at `addr`.
    pub fn at(addr: i64) -> Option<DeviceCall> {
        DeviceCall::ALL.into_iter().find(|c| c.address() == addr)
    }

    /// The call named `name`.
    pub fn named(name: &str) -> Option<DeviceCall> {
        DeviceCall::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Granule and alignment of device `malloc` blocks: CUDA's device `malloc` returns
/// 16-byte aligned pointers (CUDA C Programming Guide, "Dynamic Global Memory
/// Allocation").
pub const HEAP_ALIGN: u64 = 16;

/// Most freed blocks remembered for double-free messages.
const FREED_KEPT: usize = 4096;

/// The device heap of `malloc`/`free` in kernels: a first-fit allocator (lowest address
/// first, [`HEAP_ALIGN`]-byte granules) over one range of global memory that the client
/// reserved (`cudaLimitMallocHeapSize` bytes). It lives as long as the client's context:
/// blocks stay allocated across launches, as on hardware. The bytes themselves are the
/// global store's.
#[derive(Clone, Debug, Default)]
pub struct DeviceHeap {
    base: u64,
    size: u64,
    /// Free ranges: start -> bytes, disjoint, merged with free neighbours.
    free: BTreeMap<u64, u64>,
    /// Live blocks: start -> (bytes asked, bytes taken).
    live: BTreeMap<u64, (u64, u64)>,
    /// Freed blocks not handed out again: start -> bytes asked.
    freed: BTreeMap<u64, u64>,
}

/// Why a `free` was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeapError {
    /// The block was freed already.
    #[error("free({ptr:#x}): the {size}-byte block at {ptr:#x} was freed already (double free)")]
    DoubleFree {
        /// The pointer.
        ptr: u64,
        /// The block's size as asked.
        size: u64,
    },
    /// The pointer lies inside a live block, not at its start.
    #[error(
        "free({ptr:#x}): not a pointer malloc returned: it lies {offset} bytes into the \
         {size}-byte block at {start:#x}"
    )]
    Inside {
        /// The pointer.
        ptr: u64,
        /// The block's start.
        start: u64,
        /// The block's size as asked.
        size: u64,
        /// The pointer's offset in the block.
        offset: u64,
    },
    /// The pointer is no block of the heap.
    #[error(
        "free({ptr:#x}): not a pointer malloc returned (the device heap is {base:#x}..{end:#x})"
    )]
    Foreign {
        /// The pointer.
        ptr: u64,
        /// The heap's first address.
        base: u64,
        /// The heap's end.
        end: u64,
    },
}

impl DeviceHeap {
    /// An empty heap over `[base, base + size)` (`size` rounded down to the granule).
    pub fn new(base: u64, size: u64) -> DeviceHeap {
        let size = size & !(HEAP_ALIGN - 1);
        let mut free = BTreeMap::new();
        if size > 0 {
            free.insert(base, size);
        }
        DeviceHeap {
            base,
            size,
            free,
            live: BTreeMap::new(),
            freed: BTreeMap::new(),
        }
    }

    /// The heap's range: first address and bytes.
    pub fn range(&self) -> (u64, u64) {
        (self.base, self.size)
    }

    /// Bytes in live blocks (granules).
    pub fn used(&self) -> u64 {
        self.live.values().map(|&(_, t)| t).sum()
    }

    /// The live blocks: start and bytes asked.
    pub fn blocks(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.live.iter().map(|(&s, &(n, _))| (s, n))
    }

    /// Whether `[addr, addr + bytes)` lies inside one live block (the bytes `malloc` was
    /// asked for, not the granule's padding): what `--check` allows inside the heap.
    pub fn holds(&self, addr: u64, bytes: u64) -> bool {
        self.live
            .range(..=addr)
            .next_back()
            .is_some_and(|(&s, &(n, _))| addr.checked_add(bytes).is_some_and(|e| e <= s + n))
    }

    /// Where `addr` lies among the blocks, for an out-of-bounds report made at the
    /// access (the blocks as they are then): inside a live block, inside a freed one,
    /// past the end of the nearest live block below, or below every live block.
    pub fn describe(&self, addr: u64) -> String {
        let below = self.live.range(..=addr).next_back();
        if let Some((&s, &(n, _))) = below
            && addr < s + n.max(1)
        {
            return format!(
                "{} bytes into the {n}-byte malloc block at {s:#x}",
                addr - s
            );
        }
        if let Some((&s, &n)) = self.freed.range(..=addr).next_back()
            && addr < s + n.max(1)
        {
            return format!(
                "{} bytes into the {n}-byte malloc block at {s:#x}, which was freed",
                addr - s
            );
        }
        match below {
            Some((&s, &(n, _))) => format!(
                "{} bytes after the end of the {n}-byte malloc block at {s:#x}",
                addr - (s + n)
            ),
            None => "below every live malloc block".to_string(),
        }
    }

    /// A block of `size` bytes: its address, or `None` when no free range holds it (or
    /// `size` is 0: device `malloc(0)` returns NULL here).
    pub fn malloc(&mut self, size: u64) -> Option<u64> {
        let take = size.checked_add(HEAP_ALIGN - 1)? & !(HEAP_ALIGN - 1);
        if take == 0 {
            return None;
        }
        let (&start, &len) = self.free.iter().find(|&(_, &l)| l >= take)?;
        self.free.remove(&start);
        if len > take {
            self.free.insert(start + take, len - take);
        }
        self.live.insert(start, (size, take));
        self.freed
            .retain(|&s, &mut n| s + n.max(1) <= start || s >= start + take);
        Some(start)
    }

    /// Frees the block at `ptr` (`free(NULL)` does nothing).
    pub fn free(&mut self, ptr: u64) -> Result<(), HeapError> {
        if ptr == 0 {
            return Ok(());
        }
        if let Some((size, take)) = self.live.remove(&ptr) {
            let (mut start, mut len) = (ptr, take);
            if let Some((&s, &l)) = self.free.range(..ptr).next_back()
                && s + l == ptr
            {
                self.free.remove(&s);
                start = s;
                len += l;
            }
            if let Some(&l) = self.free.get(&(ptr + take)) {
                self.free.remove(&(ptr + take));
                len += l;
            }
            self.free.insert(start, len);
            if self.freed.len() >= FREED_KEPT {
                self.freed.pop_first();
            }
            self.freed.insert(ptr, size);
            return Ok(());
        }
        if let Some(&size) = self.freed.get(&ptr) {
            return Err(HeapError::DoubleFree { ptr, size });
        }
        if let Some((&start, &(size, take))) = self.live.range(..ptr).next_back()
            && ptr < start + take
        {
            return Err(HeapError::Inside {
                ptr,
                start,
                size,
                offset: ptr - start,
            });
        }
        Err(HeapError::Foreign {
            ptr,
            base: self.base,
            end: self.base + self.size,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_first_fit_reuse_and_exhaustion() {
        let mut h = DeviceHeap::new(0x1000, 256);
        let a = h.malloc(10).unwrap();
        let b = h.malloc(16).unwrap();
        assert_eq!((a, b), (0x1000, 0x1010));
        assert_eq!(h.used(), 32);
        assert_eq!(h.malloc(240), None, "224 bytes are left");
        let c = h.malloc(224).unwrap();
        assert_eq!(c, 0x1020);
        assert_eq!(h.malloc(1), None);
        h.free(a).unwrap();
        assert_eq!(h.malloc(16), Some(0x1000), "the freed block is reused");
        h.free(b).unwrap();
        h.free(0x1000).unwrap();
        assert_eq!(h.malloc(32), Some(0x1000), "freed neighbours merge");
        assert_eq!(h.malloc(0), None);
        assert_eq!(h.malloc(u64::MAX), None);
    }

    #[test]
    fn heap_refuses_bad_frees() {
        let mut h = DeviceHeap::new(0x1000, 256);
        let a = h.malloc(32).unwrap();
        assert_eq!(h.free(0), Ok(()));
        assert_eq!(
            h.free(a + 8),
            Err(HeapError::Inside {
                ptr: a + 8,
                start: a,
                size: 32,
                offset: 8
            })
        );
        h.free(a).unwrap();
        let e = h.free(a).unwrap_err();
        assert_eq!(e, HeapError::DoubleFree { ptr: a, size: 32 });
        assert!(e.to_string().contains("double free"), "{e}");
        let e = h.free(0x5000).unwrap_err();
        assert!(
            e.to_string().contains("the device heap is 0x1000..0x1100"),
            "{e}"
        );
        // A block handed out again is no longer "freed".
        let b = h.malloc(32).unwrap();
        assert_eq!(b, a);
        h.free(b).unwrap();
    }

    #[test]
    fn call_addresses_round_trip() {
        for c in DeviceCall::ALL {
            assert_eq!(DeviceCall::at(c.address()), Some(c));
            assert_eq!(DeviceCall::named(c.name()), Some(c));
        }
        assert_eq!(DeviceCall::at(8), None);
    }
}
