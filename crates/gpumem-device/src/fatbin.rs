//! nvcc's fat binaries: the blob `fatbinary` writes (`nvcc -fatbin`, and the contents of
//! a host program's `.nv_fatbin` section), and the choice of the entry gpumem runs.
//!
//! Layout (little-endian; the field names follow the public reverse-engineered
//! descriptions cited in `docs/09-device-layer.md`, checked against CUDA 11.8's
//! `fatbinary` output in `tests/data`):
//!
//! ```text
//! header (16 bytes):  u32 magic 0xBA55ED50 | u16 version 1 | u16 header size 16 | u64 bytes of entries
//! entry header:       u16 kind (1 PTX, 2 ELF) | u16 version | u32 header size | u64 payload bytes
//!                     | u32 compressed bytes | u32 - | u16 minor | u16 major | u32 SM arch
//!                     | u32 name offset | u32 name length | u64 flags (0x2000 compressed)
//!                     | u64 - | u64 decompressed bytes
//! payload:            `payload bytes` after the entry header (zero-padded)
//! ```
//!
//! Several fat binaries may follow one another (a `.nv_fatbin` section holds one per
//! translation unit). Compressed entries (`fatbinary --compress-all`, nvcc's default for
//! large images) use an LZ4-style block encoding: a token whose high nibble is a literal
//! count and low nibble a match length minus 4 (15 extends either with following bytes
//! until one is not 255), the literals, then a 16-bit little-endian back offset.

/// The fat binary magic number.
pub const MAGIC: u32 = 0xBA55_ED50;
/// Entry kind: PTX text.
pub const KIND_PTX: u16 = 1;
/// Entry kind: an ELF cubin.
pub const KIND_ELF: u16 = 2;
/// Entry flag: the payload is compressed.
pub const FLAG_COMPRESSED: u64 = 0x2000;
/// Largest decompressed entry accepted (bytes).
pub const MAX_ENTRY_BYTES: u64 = 256 << 20;

/// Why a fat binary cannot be read or gives no entry gpumem runs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FatbinError {
    /// The bytes do not start with the fat binary magic.
    #[error("not an nvcc fat binary (magic {found:#010x}, expected 0xba55ed50)")]
    NotFatbin {
        /// The first four bytes, little-endian.
        found: u32,
    },
    /// A header or payload runs past the end of the bytes.
    #[error("truncated fat binary: {what} at byte {offset:#x} needs {need} bytes, {have} are left")]
    Truncated {
        /// What was being read.
        what: &'static str,
        /// Where.
        offset: usize,
        /// Bytes it needs.
        need: u64,
        /// Bytes left.
        have: usize,
    },
    /// A compressed entry does not decode.
    #[error("compressed sm_{arch} entry at byte {offset:#x}: {why}")]
    Decompress {
        /// The entry's SM.
        arch: u32,
        /// Where its header starts.
        offset: usize,
        /// What is wrong.
        why: String,
    },
    /// Only PTX: gpumem runs SASS.
    #[error(
        "the fat binary holds only PTX ({}) and no SASS: gpumem runs Maxwell SASS and does not \
         compile PTX; compile with -arch=sm_52 (or -gencode arch=compute_52,code=sm_52)",
        .ptx.iter().map(|a| format!("compute_{a}")).collect::<Vec<_>>().join(", ")
    )]
    PtxOnly {
        /// The PTX entries' virtual architectures.
        ptx: Vec<u32>,
    },
    /// SASS, but for no SM gpumem models.
    #[error(
        "the fat binary has SASS for {} but none for sm_50, sm_52, sm_53, sm_60, sm_61 or \
         sm_62, the Maxwell and Pascal SMs gpumem runs; compile with -arch=sm_52 or -arch=sm_61",
        .sass.iter().map(|a| format!("sm_{a}")).collect::<Vec<_>>().join(", ")
    )]
    WrongSm {
        /// The ELF entries' SMs.
        sass: Vec<u32>,
    },
    /// No entries at all.
    #[error("the fat binary has no entries")]
    Empty,
}

/// One entry of a fat binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// [`KIND_PTX`], [`KIND_ELF`] or another kind (kept, never chosen).
    pub kind: u16,
    /// The SM (52 for sm_52 SASS or compute_52 PTX).
    pub arch: u32,
    /// Whether the payload was compressed in the file.
    pub compressed: bool,
    /// Byte offset of the entry's header in the bytes given.
    pub offset: usize,
    /// The payload, decompressed. Padding after a PTX text or cubin is kept.
    pub payload: Vec<u8>,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or([0; 8]))
}

fn need(bytes: &[u8], offset: usize, n: u64, what: &'static str) -> Result<(), FatbinError> {
    let have = bytes.len().saturating_sub(offset);
    if (have as u64) < n {
        return Err(FatbinError::Truncated {
            what,
            offset,
            need: n,
            have,
        });
    }
    Ok(())
}

/// Whether `bytes` start with the fat binary magic.
pub fn is_fatbin(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && u32_at(bytes, 0) == MAGIC
}

/// Every entry of the fat binaries in `bytes` (one after another; zero padding between
/// or after them is skipped).
pub fn entries(bytes: &[u8]) -> Result<Vec<Entry>, FatbinError> {
    if !is_fatbin(bytes) {
        let mut b = [0; 4];
        let n = bytes.len().min(4);
        b[..n].copy_from_slice(&bytes[..n]);
        return Err(FatbinError::NotFatbin {
            found: u32::from_le_bytes(b),
        });
    }
    let mut out = Vec::new();
    let mut at = 0usize;
    loop {
        // Skip padding up to the next fat binary.
        while at + 4 <= bytes.len() && u32_at(bytes, at) != MAGIC {
            if bytes[at..].iter().all(|&b| b == 0) {
                return Ok(out);
            }
            at += 8;
        }
        if at + 4 > bytes.len() {
            return Ok(out);
        }
        need(bytes, at, 16, "the fat binary header")?;
        let hsize = u16_at(bytes, at + 6) as usize;
        let body = u64_at(bytes, at + 8);
        need(
            bytes,
            at,
            hsize.max(16) as u64 + body,
            "the fat binary's entries",
        )?;
        let mut e = at + hsize.max(16);
        let end = e + body as usize;
        while e < end {
            need(bytes, e, 64, "an entry header")?;
            let kind = u16_at(bytes, e);
            let ehsize = u32_at(bytes, e + 4) as usize;
            let size = u64_at(bytes, e + 8);
            let csize = u32_at(bytes, e + 16) as u64;
            let arch = u32_at(bytes, e + 28);
            let flags = u64_at(bytes, e + 40);
            let dsize = u64_at(bytes, e + 56);
            let ehsize = ehsize.max(64);
            need(
                bytes,
                e,
                (ehsize as u64).saturating_add(size),
                "an entry's payload",
            )?;
            let data = &bytes[e + ehsize..e + ehsize + size as usize];
            let compressed = flags & FLAG_COMPRESSED != 0;
            let payload = if compressed {
                let bad = |why: String| FatbinError::Decompress {
                    arch,
                    offset: e,
                    why,
                };
                if csize > size {
                    return Err(bad(format!(
                        "{csize} compressed bytes in a {size}-byte payload"
                    )));
                }
                if dsize > MAX_ENTRY_BYTES {
                    return Err(bad(format!(
                        "{dsize} decompressed bytes (at most {MAX_ENTRY_BYTES})"
                    )));
                }
                decompress(&data[..csize as usize], dsize as usize).map_err(bad)?
            } else {
                data.to_vec()
            };
            out.push(Entry {
                kind,
                arch,
                compressed,
                offset: e,
                payload,
            });
            e += ehsize + size as usize;
        }
        at = end;
    }
}

/// Decodes an LZ4-style block into exactly `len` bytes.
pub fn decompress(input: &[u8], len: usize) -> Result<Vec<u8>, String> {
    let mut out: Vec<u8> = Vec::with_capacity(len);
    let mut i = 0usize;
    let byte = |i: usize| {
        input
            .get(i)
            .copied()
            .ok_or_else(|| format!("the data ends at byte {i} inside a sequence"))
    };
    while i < input.len() && out.len() < len {
        let token = input[i];
        i += 1;
        let mut lit = (token >> 4) as usize;
        if lit == 15 {
            loop {
                let b = byte(i)?;
                i += 1;
                lit += b as usize;
                if b != 255 {
                    break;
                }
            }
        }
        let Some(lits) = input.get(i..i + lit) else {
            return Err(format!(
                "{lit} literal bytes at {i} pass the end of the data"
            ));
        };
        if out.len() + lit > len {
            return Err(format!("the data decodes past {len} bytes"));
        }
        out.extend_from_slice(lits);
        i += lit;
        if i >= input.len() || out.len() >= len {
            break;
        }
        let back = u16::from_le_bytes([byte(i)?, byte(i + 1)?]) as usize;
        i += 2;
        let mut n = (token & 15) as usize + 4;
        if token & 15 == 15 {
            loop {
                let b = byte(i)?;
                i += 1;
                n += b as usize;
                if b != 255 {
                    break;
                }
            }
        }
        if back == 0 || back > out.len() {
            return Err(format!(
                "a back reference of {back} bytes at output byte {}",
                out.len()
            ));
        }
        if out.len() + n > len {
            return Err(format!("the data decodes past {len} bytes"));
        }
        let from = out.len() - back;
        for k in 0..n {
            let b = out[from + k];
            out.push(b);
        }
    }
    if out.len() != len {
        return Err(format!(
            "the data decodes to {} bytes, the header says {len}",
            out.len()
        ));
    }
    Ok(out)
}

/// The SMs a device of SM `device_sm` runs, best first: its own, then the other SMs
/// of its generation gpumem models, oldest first (sm_50 code is binary compatible with
/// every later 5.x, sm_60 with every 6.x), then those of the other generation (sm_53
/// code, which a GM204 would refuse, or sm_61 code, which no Maxwell GPU runs, runs here
/// because the emulator has their tables).
pub fn preference(device_sm: u32) -> Vec<u32> {
    const MAXWELL: [u32; 3] = [50, 52, 53];
    const PASCAL: [u32; 3] = [60, 61, 62];
    let (own, other) = if device_sm / 10 == 6 {
        (PASCAL, MAXWELL)
    } else {
        (MAXWELL, PASCAL)
    };
    let mut v = vec![device_sm];
    for s in own.into_iter().chain(other) {
        if !v.contains(&s) {
            v.push(s);
        }
    }
    v
}

/// The ELF entry to run on a device of SM `device_sm` (see [`preference`]), or why
/// there is none (PTX only, wrong SM, empty).
pub fn select(entries: &[Entry], device_sm: u32) -> Result<&Entry, FatbinError> {
    for sm in preference(device_sm) {
        if let Some(e) = entries.iter().find(|e| e.kind == KIND_ELF && e.arch == sm) {
            return Ok(e);
        }
    }
    let sass: Vec<u32> = entries
        .iter()
        .filter(|e| e.kind == KIND_ELF)
        .map(|e| e.arch)
        .collect();
    if !sass.is_empty() {
        return Err(FatbinError::WrongSm { sass });
    }
    let ptx: Vec<u32> = entries
        .iter()
        .filter(|e| e.kind == KIND_PTX)
        .map(|e| e.arch)
        .collect();
    if !ptx.is_empty() {
        return Err(FatbinError::PtxOnly { ptx });
    }
    Err(FatbinError::Empty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_literals_and_overlapping_matches() {
        // 3 literals "abc", then a 6-byte match 3 back (overlapping), then 1 literal.
        let block = [0x32, b'a', b'b', b'c', 3, 0, 0x10, b'z'];
        assert_eq!(decompress(&block, 10).unwrap(), b"abcabcabcz");
        assert!(decompress(&block, 8).is_err());
        assert!(decompress(&[0x30, b'a'], 3).is_err());
        assert!(decompress(&[0x10, b'a', 5, 0], 8).is_err());
    }

    #[test]
    fn refuses_garbage() {
        assert!(matches!(
            entries(b"\x7fELF...."),
            Err(FatbinError::NotFatbin { .. })
        ));
        let mut b = MAGIC.to_le_bytes().to_vec();
        b.extend([1, 0, 16, 0, 0xff, 0, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(entries(&b), Err(FatbinError::Truncated { .. })));
    }
}
