//! Which broad family an operation belongs to, for consumers that report on the table
//! as a whole (the executor's `unsupported` messages, the inventory test of
//! `gpumem-warp`): texture and surface ops need state a compute launch does not
//! describe, graphics ops need the graphics pipeline, everything else is compute. Derived
//! from the table's [`OpInfo`](crate::table::OpInfo).

use crate::table::{Op, OpFamily};

/// The family of an [`Op`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Texture fetches and queries, surface loads, stores, reductions and atomics, and
    /// the texture cache's control (`CCTLT`): they read texture headers, samplers or
    /// surface descriptors.
    TextureSurface,
    /// Graphics-pipeline ops (`VOTE.VTG`, `STP`, `ALD`, `AST`, `IPA`, `AL2P`, `OUT`,
    /// `PIXLD`, `ISBERD`): vertex, attribute, geometry-output, pixel or stage-buffer state.
    Graphics,
    /// Every other op (arithmetic, memory, control flow, warp-wide, system).
    Other,
}

impl Family {
    /// The family's name in reports (`texture/surface`, `graphics`, `other`).
    pub const fn name(self) -> &'static str {
        match self {
            Family::TextureSurface => "texture/surface",
            Family::Graphics => "graphics",
            Family::Other => "other",
        }
    }
}

impl Op {
    /// The op's [`Family`]: its [`OpFamily`](crate::table::OpFamily), coarsened.
    pub const fn family(self) -> Family {
        match self.info().family {
            OpFamily::Texture | OpFamily::Surface => Family::TextureSurface,
            OpFamily::Graphics => Family::Graphics,
            OpFamily::Memory
            | OpFamily::Atomic
            | OpFamily::Integer
            | OpFamily::Logic
            | OpFamily::Bits
            | OpFamily::Float
            | OpFamily::Double
            | OpFamily::Half
            | OpFamily::Convert
            | OpFamily::Video
            | OpFamily::Control
            | OpFamily::Warpwide
            | OpFamily::System => Family::Other,
        }
    }
}
