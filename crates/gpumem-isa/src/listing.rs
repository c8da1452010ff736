//! The shape both ISA crates give a disassembled instruction, so that a tool can list,
//! report or serialise either without knowing which ISA it holds.

/// One disassembled instruction: where it is, its raw words, and its text or why it does
/// not decode. Implemented by `gpumem_maxwell::DisLine` and `gpumem_vega::DisLine`.
pub trait DisasmLine {
    /// Byte address of the instruction (Maxwell: in the code, control words counted;
    /// Vega: offset in the input).
    fn address(&self) -> u64;
    /// The instruction's words as they are stored: one 64-bit word (Maxwell) or its
    /// dwords (Vega).
    fn words(&self) -> Vec<u64>;
    /// The vendor tool's text (nvdisasm's, llvm-mc's), or the decode error's message.
    fn text(&self) -> Result<String, String>;
}
