//! Loading a kernel and its constant banks out of a cubin.

use crate::EmuError;
use object::{Object, ObjectSection};

/// A kernel ready to launch: code, register count and the constant-bank images the
/// cubin carries (`.nv.constantN` module sections and `.nv.constantN.<kernel>`
/// sections, N > 0: ptxas puts literal pools in bank 2 and `.const` data in bank 3).
#[derive(Clone, Debug)]
pub struct CubinKernel {
    pub name: String,
    pub code: Vec<u8>,
    pub registers: u32,
    pub sm: u32,
    pub constants: Vec<(u32, Vec<u8>)>,
}

/// Finds `kernel` (or the only kernel when `None`) in `bytes`.
pub fn load(bytes: &[u8], kernel: Option<&str>) -> Result<CubinKernel, EmuError> {
    let ks = gpumem_maxwell::cubin::kernels(bytes)
        .map_err(|e| EmuError::Program(format!("cannot read the cubin: {e}")))?;
    let k = match kernel {
        Some(n) => ks.iter().find(|k| k.name == n).ok_or_else(|| {
            let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
            EmuError::Program(format!(
                "no kernel `{n}` in the cubin (it has: {})",
                names.join(", ")
            ))
        })?,
        None if ks.len() == 1 => &ks[0],
        None => {
            let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
            return Err(EmuError::Program(format!(
                "the cubin has several kernels ({}); name one with `kernel = \"...\"`",
                names.join(", ")
            )));
        }
    };
    let file = object::File::parse(bytes)
        .map_err(|e| EmuError::Program(format!("cannot read the cubin: {e}")))?;
    let mut constants = Vec::new();
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        let Some(rest) = name.strip_prefix(".nv.constant") else {
            continue;
        };
        let (num, owner) = match rest.split_once('.') {
            Some((n, o)) => (n, Some(o)),
            None => (rest, None),
        };
        let Ok(bank) = num.parse::<u32>() else {
            continue;
        };
        if bank == 0 || owner.is_some_and(|o| o != k.name) {
            continue;
        }
        if let Ok(data) = sec.data() {
            constants.push((bank, data.to_vec()));
        }
    }
    Ok(CubinKernel {
        name: k.name.clone(),
        code: k.code.clone(),
        registers: k.registers,
        sm: k.sm,
        constants,
    })
}
