//! Memory spaces.

/// A memory space of either ISA: the Maxwell seed pages' global memory,
/// constant banks, per-thread local window and per-CTA shared window, and the
/// spaces a Vega scalar memory instruction addresses (global through an
/// address, a buffer through a V#, scratch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// Device memory addressed by a 64-bit byte address.
    Global,
    /// Maxwell constant banks (`c[bank][offset]`).
    Constant,
    /// Maxwell per-thread local window.
    Local,
    /// Maxwell per-CTA shared window.
    Shared,
    /// Vega: global memory through a buffer resource (V#: base, stride,
    /// num_records), range-checked per dword.
    Buffer,
    /// Vega: the wave's scratch (private) memory (`s_scratch_*`).
    Scratch,
}

impl Space {
    /// Every space.
    pub const ALL: [Space; 6] = [
        Space::Global,
        Space::Constant,
        Space::Local,
        Space::Shared,
        Space::Buffer,
        Space::Scratch,
    ];

    /// The lower-case name used in manifests and reports.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Constant => "constant",
            Space::Local => "local",
            Space::Shared => "shared",
            Space::Buffer => "buffer",
            Space::Scratch => "scratch",
        }
    }

    /// The space named `s` (`global`, `constant`, `local`, `shared`, `buffer`, `scratch`).
    pub fn from_name(s: &str) -> Option<Space> {
        Space::ALL.into_iter().find(|x| x.name() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Space::ALL {
            assert_eq!(Space::from_name(s.name()), Some(s));
        }
        assert_eq!(Space::from_name("texture"), None);
    }
}
