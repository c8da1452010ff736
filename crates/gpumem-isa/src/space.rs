//! Memory spaces.

/// A memory space of the Maxwell seed pages (global, constant banks, the per-thread
/// local window, the per-CTA shared window).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// Global memory (64-bit addresses).
    Global,
    /// A constant bank.
    Constant,
    /// The per-thread local window.
    Local,
    /// The per-CTA shared window.
    Shared,
}

impl Space {
    /// The lower-case name used in manifests and reports.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Constant => "constant",
            Space::Local => "local",
            Space::Shared => "shared",
        }
    }

    /// The space named `s` (`global`, `constant`, `local`, `shared`).
    pub fn from_name(s: &str) -> Option<Space> {
        Some(match s {
            "global" => Space::Global,
            "constant" => Space::Constant,
            "local" => Space::Local,
            "shared" => Space::Shared,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in [Space::Global, Space::Constant, Space::Local, Space::Shared] {
            assert_eq!(Space::from_name(s.name()), Some(s));
        }
        assert_eq!(Space::from_name("texture"), None);
    }
}
