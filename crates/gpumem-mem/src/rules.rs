//! The address rules of the Maxwell memory pages (seeds 000-003), one function per
//! space, each giving one lane's [`Verdict`]. The executor computes the raw operands
//! (register values, immediates) and these functions apply every rule of the pages:
//! forced alignment, windows, allocations, constant banks and LDC address modes.

use crate::{CONST_BANK_BYTES, MemFault, WINDOW_BYTES};

/// How many constant banks are supported (seed page 001: "The hardware supports up to
/// 18 banks (8 in Compute), and will return 0 for unsupported banks").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BankLimit {
    /// Compute mode: banks 0-7; a higher bank reads 0.
    #[default]
    Compute,
    /// Graphics: banks 0-17.
    Graphics,
}

impl BankLimit {
    /// How many constant banks the mode allows.
    pub fn banks(self) -> u64 {
        match self {
            BankLimit::Compute => 8,
            BankLimit::Graphics => 18,
        }
    }
}

/// Switches for the places where the pages allow two behaviours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MemConfig {
    /// STG: "Misaligned addresses are forced to align to access size and can optionally
    /// raise an error." Default: raise it.
    pub fault_misaligned_store: bool,
    /// LDL/LDS/STL/STS: the same option for the windows. Default: raise it.
    pub fault_misaligned_window: bool,
    /// Compute (8 banks, default) or graphics (18 banks).
    pub bank_limit: BankLimit,
}

impl Default for MemConfig {
    fn default() -> Self {
        MemConfig {
            fault_misaligned_store: true,
            fault_misaligned_window: true,
            bank_limit: BankLimit::Compute,
        }
    }
}

/// Where the shared and local windows sit in the generic address space (LD/ST). Each
/// base is a 32-bit, 16 MB-aligned value (ptxas reads them from `c[0x0][0x0]` (shared)
/// and `c[0x0][0x4]` (local) and builds generic pointers with a zero high word); an
/// address in `[base, base + 16 MB)` is that window's address `addr - base`; any other
/// address is global.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GenericWindows {
    /// Base of the shared window.
    pub shared: u64,
    /// Base of the local window.
    pub local: u64,
}

impl Default for GenericWindows {
    fn default() -> Self {
        GenericWindows {
            shared: 0x0100_0000,
            local: 0x0200_0000,
        }
    }
}

impl GenericWindows {
    /// Checks the bases: 16 MB-aligned, below 4 GB, distinct.
    pub fn check(&self) -> Result<(), String> {
        for (what, b) in [("shared_window", self.shared), ("local_window", self.local)] {
            if b % WINDOW_BYTES != 0 || b > u32::MAX as u64 {
                return Err(format!(
                    "{what} = {b:#x}: must be a multiple of 16 MB below 4 GB"
                ));
            }
        }
        if self.shared == self.local {
            return Err("shared_window and local_window must differ".to_string());
        }
        Ok(())
    }

    /// The space and space address of generic address `addr` (before any forcing).
    pub fn resolve(&self, addr: u64) -> (crate::Space, u64) {
        if addr.wrapping_sub(self.shared) < WINDOW_BYTES {
            (crate::Space::Shared, addr - self.shared)
        } else if addr.wrapping_sub(self.local) < WINDOW_BYTES {
            (crate::Space::Local, addr - self.local)
        } else {
            (crate::Space::Global, addr)
        }
    }
}

/// One lane's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The effective address (forced alignment applied; constant: `bank << 16 | offset`).
    pub addr: u64,
    /// The address as computed, before forcing.
    pub raw: u64,
    /// No data moves: a load writes 0, a store writes nothing.
    pub skip: bool,
    /// The fault the rule found, if any.
    pub fault: Option<MemFault>,
}

fn force(addr: u64, bytes: u32) -> u64 {
    addr & !(bytes as u64 - 1)
}

/// LDG/STG. `raw` is the address already computed (32-bit without `.E`, 64-bit with
/// it, or the zero-extended immediate). LDG forces natural alignment "with no
/// notification"; STG forces it and optionally raises an error.
pub fn global(raw: u64, bytes: u32, store: bool, cfg: &MemConfig) -> Verdict {
    let addr = force(raw, bytes);
    let fault =
        (store && addr != raw && cfg.fault_misaligned_store).then_some(MemFault::MisalignedAddress);
    Verdict {
        addr,
        raw,
        skip: false,
        fault,
    }
}

/// LDL/LDS/STL/STS. `raw` is the 32-bit sum `Ra + simm` (or the zero-extended
/// immediate); `alloc` is the launch's per-thread local or per-CTA shared size.
/// Outside the 16 MB window or the allocation: no data (Rd = 0) and a fault.
pub fn window(raw: u64, bytes: u32, alloc: u64, cfg: &MemConfig) -> Verdict {
    if raw >= WINDOW_BYTES {
        return Verdict {
            addr: raw,
            raw,
            skip: true,
            fault: Some(MemFault::OutOfWindow),
        };
    }
    let addr = force(raw, bytes);
    if addr + bytes as u64 > alloc {
        return Verdict {
            addr,
            raw,
            skip: true,
            fault: Some(MemFault::OutOfAllocation),
        };
    }
    let fault = (addr != raw && cfg.fault_misaligned_window).then_some(MemFault::MisalignedAddress);
    Verdict {
        addr,
        raw,
        skip: false,
        fault,
    }
}

/// LDC indexed address modes (`.ad`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LdcMode {
    /// DX10 mode (default): `bank = imm5; addr = Ra + simm16`.
    Ia,
    /// Linear: `bank = imm5 + ((Ra + simm16) >> 16); addr = (Ra + simm16) & 0xffff`.
    Il,
    /// Segmented: `bank = imm5 + (Ra >> 16); addr = simm16 + (Ra & 0xffff)`.
    Is,
    /// Segmented with bounds checking: as `Is`, and `bank > 13` reads 0.
    Isl,
}

impl LdcMode {
    /// The mode of an LDC address-mode field value.
    pub fn from_value(v: u8) -> LdcMode {
        match v & 3 {
            0 => LdcMode::Ia,
            1 => LdcMode::Il,
            2 => LdcMode::Is,
            _ => LdcMode::Isl,
        }
    }
}

/// LDC. `ra` is `None` when Ra is RZ (then the address is the unsigned 16-bit
/// immediate, whatever the mode); `imm` is the sign-extended 16-bit immediate.
/// All address arithmetic wraps at 32 bits. Out-of-bounds addresses and unsupported
/// banks read 0 without a fault; a misaligned address is an error (not forced) and
/// reads 0.
pub fn constant(
    bank_imm: u32,
    ra: Option<u32>,
    imm: i64,
    mode: LdcMode,
    bytes: u32,
    cfg: &MemConfig,
) -> Verdict {
    let simm = imm as i32 as u32;
    let (bank, addr, checked_out) = match ra {
        None => (bank_imm as u64, (imm as u64) & 0xffff, false),
        Some(ra) => match mode {
            LdcMode::Ia => (bank_imm as u64, ra.wrapping_add(simm) as u64, false),
            LdcMode::Il => {
                let t = ra.wrapping_add(simm);
                (
                    bank_imm as u64 + (t >> 16) as u64,
                    (t & 0xffff) as u64,
                    false,
                )
            }
            LdcMode::Is | LdcMode::Isl => {
                let bank = bank_imm as u64 + (ra >> 16) as u64;
                let addr = simm.wrapping_add(ra & 0xffff) as u64;
                (bank, addr, mode == LdcMode::Isl && bank > 13)
            }
        },
    };
    let raw = (bank << 16) | (addr & 0xffff);
    if !addr.is_multiple_of(bytes as u64) {
        return Verdict {
            addr: raw,
            raw: (bank << 32) | addr,
            skip: true,
            fault: Some(MemFault::MisalignedAddress),
        };
    }
    let out =
        checked_out || bank >= cfg.bank_limit.banks() || addr + bytes as u64 > CONST_BANK_BYTES;
    Verdict {
        addr: raw,
        raw: (bank << 32) | addr,
        skip: out,
        fault: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ldc_modes() {
        let c = MemConfig::default();
        // IA: no bank carry; beyond 64 KB reads 0.
        let v = constant(1, Some(0xfffc), 8, LdcMode::Ia, 4, &c);
        assert!(v.skip);
        // IL: the carry moves into the bank.
        let v = constant(1, Some(0xfffc), 8, LdcMode::Il, 4, &c);
        assert_eq!((v.addr, v.skip), ((2 << 16) | 4, false));
        // IS: bank from Ra's high half, offset not carried.
        let v = constant(1, Some(0x2_0010), 0x10, LdcMode::Is, 4, &c);
        assert_eq!((v.addr, v.skip), ((3 << 16) | 0x20, false));
        // ISL: bank 14 reads 0 even in graphics mode.
        let g = MemConfig {
            bank_limit: BankLimit::Graphics,
            ..c
        };
        assert!(!constant(0, Some(13 << 16), 0, LdcMode::Isl, 4, &g).skip);
        assert!(constant(0, Some(14 << 16), 0, LdcMode::Isl, 4, &g).skip);
        assert!(!constant(0, Some(14 << 16), 0, LdcMode::Is, 4, &g).skip);
        // Misaligned: a fault, not forced.
        let v = constant(0, Some(2), 0, LdcMode::Ia, 4, &c);
        assert_eq!(v.fault, Some(MemFault::MisalignedAddress));
    }

    #[test]
    fn windows() {
        let c = MemConfig::default();
        assert_eq!(
            window(0x100_0000, 4, 1 << 30, &c).fault,
            Some(MemFault::OutOfWindow)
        );
        assert_eq!(
            window(0x100, 4, 0x100, &c).fault,
            Some(MemFault::OutOfAllocation)
        );
        let v = window(0x13, 4, 0x100, &c);
        assert_eq!(
            (v.addr, v.skip, v.fault),
            (0x10, false, Some(MemFault::MisalignedAddress))
        );
    }
}
