//! [`DisLine`] in the shape both ISA crates share ([`gpumem_isa::DisasmLine`]).

use crate::program::DisLine;

impl gpumem_isa::DisasmLine for DisLine {
    fn address(&self) -> u64 {
        self.addr
    }
    fn words(&self) -> Vec<u64> {
        vec![self.word]
    }
    fn text(&self) -> Result<String, String> {
        match &self.inst {
            Ok(i) => Ok(crate::print::inst_text(i)),
            Err(e) => Err(e.to_string()),
        }
    }
}
