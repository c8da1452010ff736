//! A small sparse byte-addressed memory (4 KiB pages, zero-filled), the
//! "L2 and beyond" behind the scalar data cache. Kept inside this crate so the
//! emulator does not depend on another crate's moving API.

use std::collections::HashMap;

const PAGE: u64 = 4096;

/// The run's memory would exceed `[limits] max_memory`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("memory limit of {limit} bytes exceeded writing {addr:#x}")]
pub struct MemoryLimit {
    /// The address written.
    pub addr: u64,
    /// The limit.
    pub limit: u64,
}

/// Sparse memory; unwritten bytes read as zero.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pages: HashMap<u64, Box<[u8; PAGE as usize]>>,
    limit: u64,
}

impl Memory {
    /// Empty memory that may hold at most `limit` bytes of resident pages.
    pub fn new(limit: u64) -> Memory {
        Memory {
            pages: HashMap::new(),
            limit,
        }
    }

    /// Bytes resident.
    pub fn resident(&self) -> u64 {
        self.pages.len() as u64 * PAGE
    }

    /// Reads `out.len()` bytes at `addr` (wrapping at 2^64).
    pub fn read(&self, addr: u64, out: &mut [u8]) {
        for (i, b) in out.iter_mut().enumerate() {
            let a = addr.wrapping_add(i as u64);
            *b = self
                .pages
                .get(&(a / PAGE))
                .map_or(0, |p| p[(a % PAGE) as usize]);
        }
    }

    /// Writes `data` at `addr`.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> Result<(), MemoryLimit> {
        for (i, &b) in data.iter().enumerate() {
            let a = addr.wrapping_add(i as u64);
            let key = a / PAGE;
            if !self.pages.contains_key(&key) {
                if self.resident() + PAGE > self.limit {
                    return Err(MemoryLimit {
                        addr: a,
                        limit: self.limit,
                    });
                }
                self.pages.insert(key, Box::new([0; PAGE as usize]));
            }
            if let Some(p) = self.pages.get_mut(&key) {
                p[(a % PAGE) as usize] = b;
            }
        }
        Ok(())
    }

    /// Reads a little-endian dword.
    pub fn read_u32(&self, addr: u64) -> u32 {
        let mut b = [0; 4];
        self.read(addr, &mut b);
        u32::from_le_bytes(b)
    }

    /// Writes a little-endian dword.
    pub fn write_u32(&mut self, addr: u64, v: u32) -> Result<(), MemoryLimit> {
        self.write(addr, &v.to_le_bytes())
    }
}
