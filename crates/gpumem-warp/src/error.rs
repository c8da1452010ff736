//! Errors that stop a launch before it starts.

/// Errors that stop a launch before it starts: a program that cannot be decoded or
/// assembled, parameters that do not fit.
#[derive(Debug, thiserror::Error)]
pub enum WarpError {
    /// The program text or binary is unusable.
    #[error("{0}")]
    Program(String),
    /// A launch setting is out of range.
    #[error("{0}")]
    Launch(String),
}
