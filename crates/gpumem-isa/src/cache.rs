//! Cache operators of memory instructions.

/// A cache operator as the instruction names it (aliases already folded by the
/// decoder: `.CS` on loads is `.CA`, `.LU` on LDG is `.CG`). The ISA tables attach
/// one to each cache-operator value; the memory record carries it for the model and
/// the report; it never changes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum CacheOp {
    /// No operator field (LDS, STS, LDC).
    Default,
    /// Cache at all levels (the load default).
    Ca,
    /// Cache globally (L2, not L1).
    Cg,
    /// Cache streaming, likely accessed once.
    Cs,
    /// Last use.
    Lu,
    /// Volatile: fetch again, do not cache.
    Cv,
    /// Cache incoherent (the read-only path).
    Ci,
    /// Write back (the store default).
    Wb,
    /// Write through.
    Wt,
}

impl CacheOp {
    /// The operator's name in reports: `CG`, `WB`, `-` for none.
    pub fn name(self) -> &'static str {
        match self {
            CacheOp::Default => "-",
            CacheOp::Ca => "CA",
            CacheOp::Cg => "CG",
            CacheOp::Cs => "CS",
            CacheOp::Lu => "LU",
            CacheOp::Cv => "CV",
            CacheOp::Ci => "CI",
            CacheOp::Wb => "WB",
            CacheOp::Wt => "WT",
        }
    }
}
