//! What the crates that consume the table need to know about an operation, written once
//! beside [`Op`]: its family (the table file its rows are in), the unit whose latency it
//! waits for, what it does to control flow, how the executor dispatches it, and what an
//! executor lacks when it refuses it. Every list is an exhaustive match: a new op does not
//! compile until each fact is given.

use super::Op;

/// The instruction family of an op: the table file every encoding of it is written in
/// (`table/<family>.rs`), named like the executor's semantic modules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OpFamily {
    /// Loads, stores, cache control and MEMBAR.
    Memory,
    /// Atomics and reductions on memory.
    Atomic,
    /// Integer arithmetic and compares.
    Integer,
    /// Logic, predicate and move ops.
    Logic,
    /// Shifts and bit-field ops.
    Bits,
    /// f32 arithmetic, compares and the multi-function unit.
    Float,
    /// f64 arithmetic and compares.
    Double,
    /// f16x2 arithmetic and compares.
    Half,
    /// Conversions.
    Convert,
    /// Video (sub-word) ops.
    Video,
    /// Control flow and barriers.
    Control,
    /// Warp-wide ops (VOTE, SHFL).
    Warpwide,
    /// Special registers and machine state.
    System,
    /// Texture fetches, queries and texture cache control.
    Texture,
    /// Surface loads, stores, reductions and atomics.
    Surface,
    /// Graphics-pipeline ops.
    Graphics,
}

impl OpFamily {
    /// Every family, in the table's order.
    pub const ALL: [OpFamily; 16] = [
        OpFamily::Memory,
        OpFamily::Atomic,
        OpFamily::Integer,
        OpFamily::Logic,
        OpFamily::Bits,
        OpFamily::Float,
        OpFamily::Double,
        OpFamily::Half,
        OpFamily::Convert,
        OpFamily::Video,
        OpFamily::Control,
        OpFamily::Warpwide,
        OpFamily::System,
        OpFamily::Texture,
        OpFamily::Surface,
        OpFamily::Graphics,
    ];

    /// The family's name: its table file's (`memory`, `warpwide`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            OpFamily::Memory => "memory",
            OpFamily::Atomic => "atomic",
            OpFamily::Integer => "integer",
            OpFamily::Logic => "logic",
            OpFamily::Bits => "bits",
            OpFamily::Float => "float",
            OpFamily::Double => "double",
            OpFamily::Half => "half",
            OpFamily::Convert => "convert",
            OpFamily::Video => "video",
            OpFamily::Control => "control",
            OpFamily::Warpwide => "warpwide",
            OpFamily::System => "system",
            OpFamily::Texture => "texture",
            OpFamily::Surface => "surface",
            OpFamily::Graphics => "graphics",
        }
    }
}

/// The unit an op issues to: what a variable-latency row of the op waits for (the cycle
/// model's latency classes, the static checker's completion queues). A fixed-latency row
/// ([`super::Latency::Fixed`]) completes at the ALU latency whatever its pipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pipe {
    /// The integer/f32 ALUs (fixed latency).
    Alu,
    /// The f64 unit.
    Double,
    /// The multi-function and conversion unit (MUFU, RRO, FCHK, I2F, F2I, I2I, F2F, POPC, FLO).
    Xu,
    /// The 32x32-bit integer multiplier (IMUL, IMAD, IMADSP).
    IntMul,
    /// Special-register reads (S2R, CS2R).
    SpecialReg,
    /// The shuffle path (SHFL, through the shared-memory pipeline).
    Shuffle,
    /// The load/store unit: loads, stores, atomics, cache control.
    Memory,
    /// The texture pipeline: texture fetches and queries, surface accesses.
    Texture,
    /// The branch unit: control flow, barriers.
    Control,
    /// The graphics pipeline's fixed-function state.
    Graphics,
}

/// A reconvergence-stack entry kind: what a push leaves and the pop that goes to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stack {
    /// `SSY` / `SYNC`.
    Sync,
    /// `PBK` / `BRK`.
    Break,
    /// `PCNT` / `CONT`.
    Continue,
    /// `PLONGJMP` / `LONGJMP`.
    LongJump,
    /// `PEXIT` / `EXIT` (an EXIT with such an entry on the stack goes there).
    Exit,
    /// `PRET` / `RET`.
    Return,
}

impl Stack {
    /// The op that pushes an entry of this kind.
    pub const fn push(self) -> Op {
        match self {
            Stack::Sync => Op::Ssy,
            Stack::Break => Op::Pbk,
            Stack::Continue => Op::Pcnt,
            Stack::LongJump => Op::Plongjmp,
            Stack::Exit => Op::Pexit,
            Stack::Return => Op::Pret,
        }
    }
}

/// How a direct jump or call names its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Addressing {
    /// An offset from the next instruction (BRA, CAL), printed as the target address.
    Relative,
    /// An absolute code address (JMP, JCAL), an immediate operand; `JCAL 0x0` is an
    /// unrelocated call of a function outside the module (vprintf).
    Absolute,
}

/// What an op does to control flow (beside the row's [`super::Flow`], which says whether
/// it ends a basic block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ControlFlow {
    /// Falls through.
    Next,
    /// Jumps to a direct target (BRA relative, JMP absolute).
    Branch(Addressing),
    /// Jumps to a register target (BRX, JMX).
    Indirect,
    /// Pushes a target onto the reconvergence stack and falls through.
    Push(Stack),
    /// Pops the stack down to the nearest entry of its kind and goes there.
    Pop(Stack),
    /// Calls (CAL relative, JCAL absolute).
    Call(Addressing),
    /// Returns (RET).
    Return,
    /// Ends the thread, or goes to a `PEXIT` entry when one is on the stack (EXIT).
    Exit,
    /// Ends the thread (KIL).
    Kill,
    /// Traps or returns from a trap (BPT, RTT).
    Trap,
    /// Reads or writes the stack itself (SAM, RAM, GETCRSPTR, SETCRSPTR).
    StackState,
}

impl ControlFlow {
    /// The entry kind a pop goes to: a `Pop`'s, and EXIT's (`PEXIT` entries).
    pub const fn pops(self) -> Option<Stack> {
        match self {
            ControlFlow::Pop(s) => Some(s),
            ControlFlow::Exit => Some(Stack::Exit),
            ControlFlow::Next
            | ControlFlow::Branch(_)
            | ControlFlow::Indirect
            | ControlFlow::Push(_)
            | ControlFlow::Call(_)
            | ControlFlow::Return
            | ControlFlow::Kill
            | ControlFlow::Trap
            | ControlFlow::StackState => None,
        }
    }
}

/// How an op issues, for the control-word rules that the scheduler's units impose
/// (maxas' instruction classes): which instructions may pair in a dual issue, and which
/// need a longer stall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Issue {
    /// To its unit as its row says: memory when it has memory facts, else the ALU
    /// (fixed latency) or a variable-latency unit.
    Unit,
    /// To the branch unit: it pairs with nothing as the first of a dual issue.
    Control,
    /// To the branch unit, and its control word's stall must be at least
    /// [`MIN_CONTROL_STALL`] (maxas: BAR, BRA, CAL, RET, EXIT).
    ControlStall,
}

/// The least stall an [`Issue::ControlStall`] op needs.
pub const MIN_CONTROL_STALL: u8 = 5;

/// How the executor dispatches an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dispatch {
    /// `BRA`.
    Branch,
    /// `SSY`.
    Ssy,
    /// `SYNC`.
    Sync,
    /// `EXIT`, `KIL`.
    Exit,
    /// `BAR`.
    Barrier,
    /// A barrier's state to or from a register (`B2R`, `R2B`).
    BarrierState,
    /// `BPT`.
    Breakpoint,
    /// The rest of the control family and the system ops that read or change warp state
    /// (the pc, the reconvergence stack, the local window).
    Flow,
    /// Changes no modelled state (NOP, MEMBAR, DEPBAR, IDE).
    Nothing,
    /// Cache control (CCTL, CCTLL, CCTLT): no value changes.
    CacheControl,
    /// A memory access when the row has memory facts, else an arithmetic or warp-wide op.
    Compute,
}

/// The facts of an [`Op`] ([`Op::info`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    /// The family (the table file its rows are in).
    pub family: OpFamily,
    /// The unit it issues to.
    pub pipe: Pipe,
    /// What it does to control flow.
    pub flow: ControlFlow,
    /// How the executor dispatches it.
    pub dispatch: Dispatch,
    /// How it issues (dual-issue pairing, least stall).
    pub issue: Issue,
    /// What an executor lacks when it refuses the op (the `unsupported` fault's reason);
    /// `None`: nothing more specific than "not modelled".
    pub unsupported: Option<&'static str>,
}

const TEXTURE: &str = "no texture or surface state: a launch binds no texture headers, samplers or surface descriptors";
const GRAPHICS: &str =
    "a graphics-pipeline instruction: a compute launch has no vertex, geometry or pixel state";
const HALF: &str = "f16x2 (half-precision pair) arithmetic is not modelled";
const IMADSP: &str = "the sub-word operand selections of IMADSP are not modelled";
const VABSDIFF4: &str =
    "the four-byte absolute difference (component mask, .ACC sum) is not modelled";
const LEPC: &str = "reading the program counter into a register is not modelled";
const R2B: &str = "writing a register into a barrier's state is not modelled";
const JMP: &str = "absolute jumps are not modelled";
const LONGJMP: &str = "long-jump entries of the reconvergence stack are not modelled";
const PEXIT: &str = "exit entries of the reconvergence stack are not modelled";
const RTT: &str = "returning from a trap handler is not modelled (no trap handler runs)";
const SAM_RAM: &str = "saving and restoring the active mask on the stack is not modelled";
const IDE: &str = "interrupt enabling is not modelled (no interrupts)";
const CRS: &str =
    "the call-return stack pointer is not modelled (the stack lives in the warp, not in memory)";
const LMEMBASE: &str =
    "the local-memory base register is not modelled (local memory is a per-thread window)";
const CCTL: &str = "cache control operations are not modelled";
const BAR_SCAN: &str = "this barrier mode (BAR.SCAN) has no documented result and is not modelled";
const B2R_WARP: &str =
    "only B2R.RESULT is modelled: the warp's barrier state (.WARP) and barrier numbers are not";

/// An op's facts; the arguments have distinct types, so the compiler checks their order.
const fn i(
    family: OpFamily,
    pipe: Pipe,
    flow: ControlFlow,
    dispatch: Dispatch,
    issue: Issue,
    unsupported: Option<&'static str>,
) -> OpInfo {
    OpInfo {
        family,
        pipe,
        flow,
        dispatch,
        issue,
        unsupported,
    }
}

impl Op {
    /// The op's facts. BPT, SAM, RAM, B2R and R2B issue to the branch unit but are paired
    /// by their rows' latency class ([`Issue::Unit`]): the dual-issue rule classes as
    /// control only what ends or redirects a block, pushes, calls, barriers, DEPBAR, NOP
    /// and MEMBAR.
    #[rustfmt::skip]
    pub const fn info(self) -> OpInfo {
        use Addressing as A;
        use ControlFlow as C;
        use Dispatch as D;
        use Issue as I;
        use OpFamily as F;
        use Pipe as P;
        use Stack as S;
        match self {
            Op::Ldg => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Stg => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Ldl => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Lds => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Stl => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Sts => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Ldc => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Ld => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::St => i(F::Memory, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Iadd => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Iadd3 => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Iscadd => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Lea => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Xmad => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Isetp => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Imnmx => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Sel => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Psetp => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Pset => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Lop => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Lop3 => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Shl => i(F::Bits, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Shr => i(F::Bits, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Shf => i(F::Bits, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Bfe => i(F::Bits, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Bfi => i(F::Bits, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Prmt => i(F::Bits, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Popc => i(F::Bits, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::Flo => i(F::Bits, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::Mov => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::S2r => i(F::System, P::SpecialReg, C::Next, D::Compute, I::Unit, None),
            Op::Fadd => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Fmul => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Ffma => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::I2f => i(F::Convert, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::F2i => i(F::Convert, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::I2i => i(F::Convert, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::Bra => i(F::Control, P::Control, C::Branch(A::Relative), D::Branch, I::ControlStall, None),
            Op::Ssy => i(F::Control, P::Control, C::Push(S::Sync), D::Ssy, I::Control, None),
            Op::Sync => i(F::Control, P::Control, C::Pop(S::Sync), D::Sync, I::Control, None),
            Op::Exit => i(F::Control, P::Control, C::Exit, D::Exit, I::ControlStall, None),
            Op::Nop => i(F::Control, P::Control, C::Next, D::Nothing, I::Control, None),
            Op::Bar => i(F::Control, P::Control, C::Next, D::Barrier, I::ControlStall, Some(BAR_SCAN)),
            Op::Membar => i(F::Memory, P::Memory, C::Next, D::Nothing, I::Control, None),
            Op::Depbar => i(F::Control, P::Control, C::Next, D::Nothing, I::Control, None),
            Op::Brk => i(F::Control, P::Control, C::Pop(S::Break), D::Flow, I::Control, None),
            Op::Pbk => i(F::Control, P::Control, C::Push(S::Break), D::Flow, I::Control, None),
            Op::Cont => i(F::Control, P::Control, C::Pop(S::Continue), D::Flow, I::Control, None),
            Op::Pcnt => i(F::Control, P::Control, C::Push(S::Continue), D::Flow, I::Control, None),
            Op::Cal => i(F::Control, P::Control, C::Call(A::Relative), D::Flow, I::ControlStall, None),
            Op::Ret => i(F::Control, P::Control, C::Return, D::Flow, I::ControlStall, None),
            Op::Jcal => i(F::Control, P::Control, C::Call(A::Absolute), D::Flow, I::Control, None),
            Op::Pret => i(F::Control, P::Control, C::Push(S::Return), D::Flow, I::Control, None),
            Op::Jmp => i(F::Control, P::Control, C::Branch(A::Absolute), D::Flow, I::Control, Some(JMP)),
            Op::Jmx => i(F::Control, P::Control, C::Indirect, D::Flow, I::Control, None),
            Op::Brx => i(F::Control, P::Control, C::Indirect, D::Flow, I::Control, None),
            Op::Kil => i(F::Control, P::Control, C::Kill, D::Exit, I::Control, None),
            Op::Bpt => i(F::Control, P::Control, C::Trap, D::Breakpoint, I::Unit, None),
            Op::Longjmp => i(F::Control, P::Control, C::Pop(S::LongJump), D::Flow, I::Control, Some(LONGJMP)),
            Op::Plongjmp => i(F::Control, P::Control, C::Push(S::LongJump), D::Flow, I::Control, Some(LONGJMP)),
            Op::Pexit => i(F::Control, P::Control, C::Push(S::Exit), D::Flow, I::Control, Some(PEXIT)),
            Op::Rtt => i(F::Control, P::Control, C::Trap, D::Flow, I::Control, Some(RTT)),
            Op::Sam => i(F::Control, P::Control, C::StackState, D::Flow, I::Unit, Some(SAM_RAM)),
            Op::Ram => i(F::Control, P::Control, C::StackState, D::Flow, I::Unit, Some(SAM_RAM)),
            Op::Ide => i(F::System, P::Alu, C::Next, D::Nothing, I::Unit, Some(IDE)),
            Op::Getcrsptr => i(F::System, P::Alu, C::StackState, D::Flow, I::Unit, Some(CRS)),
            Op::Getlmembase => i(F::System, P::Alu, C::Next, D::Flow, I::Unit, Some(LMEMBASE)),
            Op::Setcrsptr => i(F::System, P::Alu, C::StackState, D::Flow, I::Unit, Some(CRS)),
            Op::Setlmembase => i(F::System, P::Alu, C::Next, D::Flow, I::Unit, Some(LMEMBASE)),
            Op::Vote => i(F::Warpwide, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Shfl => i(F::Warpwide, P::Shuffle, C::Next, D::Compute, I::Unit, None),
            Op::Cs2r => i(F::System, P::SpecialReg, C::Next, D::Compute, I::Unit, None),
            Op::Atom => i(F::Atomic, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Atoms => i(F::Atomic, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Red => i(F::Atomic, P::Memory, C::Next, D::Compute, I::Unit, None),
            Op::Cctl => i(F::Memory, P::Memory, C::Next, D::CacheControl, I::Unit, Some(CCTL)),
            Op::Cctll => i(F::Memory, P::Memory, C::Next, D::CacheControl, I::Unit, Some(CCTL)),
            Op::P2r => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::R2p => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vmnmx => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vset => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vabsdiff => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vshl => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vshr => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vadd => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Dadd => i(F::Double, P::Double, C::Next, D::Compute, I::Unit, None),
            Op::Dmul => i(F::Double, P::Double, C::Next, D::Compute, I::Unit, None),
            Op::Dfma => i(F::Double, P::Double, C::Next, D::Compute, I::Unit, None),
            Op::Dmnmx => i(F::Double, P::Double, C::Next, D::Compute, I::Unit, None),
            Op::Dset => i(F::Double, P::Double, C::Next, D::Compute, I::Unit, None),
            Op::Dsetp => i(F::Double, P::Double, C::Next, D::Compute, I::Unit, None),
            Op::Fset => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Fsetp => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Fcmp => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Fmnmx => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Fchk => i(F::Float, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::Mufu => i(F::Float, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::Rro => i(F::Float, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::F2f => i(F::Convert, P::Xu, C::Next, D::Compute, I::Unit, None),
            Op::Imul => i(F::Integer, P::IntMul, C::Next, D::Compute, I::Unit, None),
            Op::Imad => i(F::Integer, P::IntMul, C::Next, D::Compute, I::Unit, None),
            Op::Imadsp => i(F::Integer, P::IntMul, C::Next, D::Compute, I::Unit, Some(IMADSP)),
            Op::Icmp => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Iset => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::LeaHi => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Hadd2 => i(F::Half, P::Alu, C::Next, D::Compute, I::Unit, Some(HALF)),
            Op::Hmul2 => i(F::Half, P::Alu, C::Next, D::Compute, I::Unit, Some(HALF)),
            Op::Hfma2 => i(F::Half, P::Alu, C::Next, D::Compute, I::Unit, Some(HALF)),
            Op::Hset2 => i(F::Half, P::Alu, C::Next, D::Compute, I::Unit, Some(HALF)),
            Op::Hsetp2 => i(F::Half, P::Alu, C::Next, D::Compute, I::Unit, Some(HALF)),
            Op::Texs => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, None),
            Op::Tlds => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, None),
            Op::Tex => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Suld => i(F::Surface, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Sust => i(F::Surface, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Vabsdiff4 => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, Some(VABSDIFF4)),
            Op::B2r => i(F::Control, P::Control, C::Next, D::BarrierState, I::Unit, Some(B2R_WARP)),
            Op::Txq => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Txa => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Tmml => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Tld4s => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Tld => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Tld4 => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Txd => i(F::Texture, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Sured => i(F::Surface, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Suatom => i(F::Surface, P::Texture, C::Next, D::Compute, I::Unit, Some(TEXTURE)),
            Op::Cctlt => i(F::Texture, P::Memory, C::Next, D::CacheControl, I::Unit, Some(TEXTURE)),
            Op::Lepc => i(F::System, P::Alu, C::Next, D::Flow, I::Unit, Some(LEPC)),
            Op::R2b => i(F::Control, P::Control, C::Next, D::BarrierState, I::Unit, Some(R2B)),
            Op::Fswzadd => i(F::Float, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::VoteVtg => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Cset => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Csetp => i(F::Logic, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vmad => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Vsetp => i(F::Video, P::Alu, C::Next, D::Compute, I::Unit, None),
            Op::Stp => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Ald => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Ast => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Ipa => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Al2p => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Out => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Pixld => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Isberd => i(F::Graphics, P::Graphics, C::Next, D::Compute, I::Unit, Some(GRAPHICS)),
            Op::Idp => i(F::Integer, P::Alu, C::Next, D::Compute, I::Unit, None),
        }
    }
}
