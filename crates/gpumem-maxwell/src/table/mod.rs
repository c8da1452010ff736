//! The Maxwell specification table: one row ([`OpSpec`]) per encoding, written by
//! instruction family.
//!
//! Every other part of the crate derives from these rows: the decoder matches
//! `opcode`/`mask` (in an order derived from the masks, checked by
//! [`crate::codec::validate`]), the encoder and the printer walk `mods` and `operands` in
//! order, the parser matches spellings against them, and the emulator reads `mem` for the
//! memory facts. Bit positions come from `docs/spec/maxwell-encoding.md`, verified against
//! nvdisasm 11.8.
//!
//! This module holds the schema (the row type, [`Op`], [`ModId`], [`Target`]); [`vocab`]
//! the fields, operands and modifier groups rows are written with; one file per family
//! ([`memory`], [`atomic`], [`integer`], [`logic`], [`bits`], [`float`], [`double`],
//! [`half`], [`convert`], [`video`], [`control`], [`warpwide`], [`system`], [`texture`],
//! [`surface`], [`graphics`]) every encoding of the family's ops. [`PARTS`] lists the
//! families' rows; `codec::ROWS` is their concatenation.

pub use gpumem_isa::CacheOp;
use gpumem_isa::bits::Field;

/// The GPU generation an encoding is valid on: the Maxwell SMs and the Pascal SMs, which
/// use Maxwell's 64-bit words and control words with a few additions (half precision on
/// every Pascal SM, the integer dot products on sm_61/sm_62). Ordered oldest first, so a
/// row's availability is a range ([`OpSpec::since`] ..= [`OpSpec::until`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// Maxwell GM10x (`SM50`).
    Sm50,
    /// Maxwell GM20x (`SM52`); adds the sparse-status LDG.
    Sm52,
    /// Pascal GP100 (`SM60`, Tesla P100).
    Sm60,
    /// Pascal GP10x (`SM61`, GTX 10-series, Tesla P4/P40); adds the integer dot products.
    Sm61,
    /// Pascal GP10B (`SM62`, Jetson TX2).
    Sm62,
}

impl Target {
    /// Every target, oldest first.
    pub const ALL: [Target; 5] = [
        Target::Sm50,
        Target::Sm52,
        Target::Sm60,
        Target::Sm61,
        Target::Sm62,
    ];

    /// The newest target: where a row that no later SM drops ends ([`OpSpec::until`]).
    pub const LAST: Target = Target::Sm62;

    /// The Maxwell targets.
    pub const MAXWELL: [Target; 2] = [Target::Sm50, Target::Sm52];

    /// The Pascal targets.
    pub const PASCAL: [Target; 3] = [Target::Sm60, Target::Sm61, Target::Sm62];

    /// The `-arch` spelling: `sm_50`, `sm_52`, `sm_60`, `sm_61`, `sm_62`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Sm50 => "sm_50",
            Target::Sm52 => "sm_52",
            Target::Sm60 => "sm_60",
            Target::Sm61 => "sm_61",
            Target::Sm62 => "sm_62",
        }
    }

    /// nvdisasm's `-b` spelling.
    pub fn nvdisasm_name(self) -> &'static str {
        match self {
            Target::Sm50 => "SM50",
            Target::Sm52 => "SM52",
            Target::Sm60 => "SM60",
            Target::Sm61 => "SM61",
            Target::Sm62 => "SM62",
        }
    }

    /// The SM number (`50`, `52`, `60`, `61`, `62`), as a cubin's ELF flags write it.
    pub fn sm(self) -> u32 {
        match self {
            Target::Sm50 => 50,
            Target::Sm52 => 52,
            Target::Sm60 => 60,
            Target::Sm61 => 61,
            Target::Sm62 => 62,
        }
    }

    /// The target of an SM number: sm_53 (Tegra X1, Maxwell) reads as sm_52, whose table
    /// holds its f16x2 rows (docs/07-architectures.md); `None` for an SM gpumem does not
    /// model.
    pub fn from_sm(sm: u32) -> Option<Target> {
        Some(match sm {
            50 => Target::Sm50,
            52 | 53 => Target::Sm52,
            60 => Target::Sm60,
            61 => Target::Sm61,
            62 => Target::Sm62,
            _ => return None,
        })
    }

    /// Whether the target is a Pascal SM.
    pub fn is_pascal(self) -> bool {
        self >= Target::Sm60
    }
}

/// The targets `since ..= until` in words: `sm_52`, `sm_61 and sm_62`, `sm_52 to sm_62`.
pub fn span_text(since: Target, until: Target) -> String {
    let on: Vec<&str> = Target::ALL
        .into_iter()
        .filter(|t| since <= *t && *t <= until)
        .map(Target::name)
        .collect();
    match on.as_slice() {
        [] => "no target".to_string(),
        [one] => one.to_string(),
        [a, b] => format!("{a} and {b}"),
        [a, .., b] => format!("{a} to {b}"),
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let l = s.to_ascii_lowercase();
        let digits = l.strip_prefix("sm_").or_else(|| l.strip_prefix("sm"));
        let t = Target::ALL
            .into_iter()
            .find(|t| digits.is_some_and(|d| d == &t.name()[3..]));
        match t {
            Some(t) => Ok(t),
            None => Err(format!(
                "unknown target `{s}` (expected sm_50, sm_52, sm_60, sm_61 or sm_62)"
            )),
        }
    }
}

/// What an instruction does: one id per operation, in the vendor's vocabulary. Every
/// encoding of an operation carries the same id ([`OpSpec::op`]); executors dispatch on
/// it, never on the mnemonic text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `LDG`: load from global memory.
    Ldg,
    /// `STG`: store to global memory.
    Stg,
    /// `LDL`: load from the thread's local window.
    Ldl,
    /// `LDS`: load from the CTA's shared window.
    Lds,
    /// `STL`: store to the local window.
    Stl,
    /// `STS`: store to the shared window.
    Sts,
    /// `LDC`: load from a constant bank.
    Ldc,
    /// `LD`: load from a generic address.
    Ld,
    /// `ST`: store to a generic address.
    St,
    /// `IADD`, `IADD32I`: integer add (with carry, saturation, `.PO`).
    Iadd,
    /// `IADD3`: three-input integer add.
    Iadd3,
    /// `ISCADD`: scaled integer add, `(Ra << s) + B`.
    Iscadd,
    /// `LEA`: load effective address, `(Ra << s) + B` with carry out.
    Lea,
    /// `XMAD`: 16x16-bit multiply-add.
    Xmad,
    /// `ISETP`: integer compare to predicates.
    Isetp,
    /// `IMNMX`: integer minimum/maximum.
    Imnmx,
    /// `SEL`: select by predicate.
    Sel,
    /// `PSETP`: predicate logic to predicates.
    Psetp,
    /// `PSET`: predicate logic to a register.
    Pset,
    /// `LOP`, `LOP32I`: two-input logic.
    Lop,
    /// `LOP3.LUT`: three-input logic by lookup table.
    Lop3,
    /// `SHL`: shift left.
    Shl,
    /// `SHR`: shift right.
    Shr,
    /// `SHF`: funnel shift (direction in [`ModId::Dir`]).
    Shf,
    /// `BFE`: bit-field extract.
    Bfe,
    /// `BFI`: bit-field insert.
    Bfi,
    /// `PRMT`: byte permute.
    Prmt,
    /// `POPC`: population count.
    Popc,
    /// `FLO`: find leading one.
    Flo,
    /// `MOV`, `MOV32I`: move.
    Mov,
    /// `S2R`: read a special register.
    S2r,
    /// `FADD`: f32 add.
    Fadd,
    /// `FMUL`: f32 multiply.
    Fmul,
    /// `FFMA`: f32 fused multiply-add.
    Ffma,
    /// `I2F`: integer to float.
    I2f,
    /// `F2I`: float to integer.
    F2i,
    /// `I2I`: integer size/sign conversion.
    I2i,
    /// `BRA`: branch (to a relative target, or to an address in a constant bank).
    Bra,
    /// `SSY`: push a reconvergence point.
    Ssy,
    /// `SYNC`: reconverge.
    Sync,
    /// `EXIT`: end the thread.
    Exit,
    /// `NOP`.
    Nop,
    /// `BAR`: CTA barrier (`.SYNC`, `.ARV`, `.RED`, `.SCAN` in [`ModId::Mode`]).
    Bar,
    /// `MEMBAR`: memory barrier.
    Membar,
    /// `DEPBAR`: wait on scoreboards.
    Depbar,
    /// `BRK`: pop the break stack and jump there.
    Brk,
    /// `PBK`: push a break target.
    Pbk,
    /// `CONT`: pop the continue stack and jump there.
    Cont,
    /// `PCNT`: push a continue target.
    Pcnt,
    /// `CAL`: relative call.
    Cal,
    /// `RET`: return.
    Ret,
    /// `JCAL`: absolute call.
    Jcal,
    /// `PRET`: push a return address.
    Pret,
    /// `JMP`: absolute jump.
    Jmp,
    /// `JMX`: jump to a register plus an absolute offset.
    Jmx,
    /// `BRX`: indirect branch, register plus offset.
    Brx,
    /// `KIL`: kill the thread.
    Kil,
    /// `BPT`: breakpoint / trap.
    Bpt,
    /// `LONGJMP`.
    Longjmp,
    /// `PLONGJMP`: push a long-jump target.
    Plongjmp,
    /// `PEXIT`: push an exit target.
    Pexit,
    /// `RTT`: return from trap.
    Rtt,
    /// `SAM`.
    Sam,
    /// `RAM`.
    Ram,
    /// `IDE`: interrupt enable/disable.
    Ide,
    /// `GETCRSPTR`: read the call-return stack pointer.
    Getcrsptr,
    /// `GETLMEMBASE`: read the local-memory base.
    Getlmembase,
    /// `SETCRSPTR`: set the call-return stack pointer.
    Setcrsptr,
    /// `SETLMEMBASE`: set the local-memory base.
    Setlmembase,
    /// `VOTE`: warp vote (`.ALL`, `.ANY`, `.EQ`; mode in [`ModId::Mode`]).
    Vote,
    /// `SHFL`: warp shuffle (`.IDX`, `.UP`, `.DOWN`, `.BFLY`; mode in [`ModId::Mode`]).
    Shfl,
    /// `CS2R`: read a special register at fixed latency.
    Cs2r,
    /// `ATOM`: atomic read-modify-write on global memory (op in [`ModId::Atom`], type in [`ModId::Sz`]).
    Atom,
    /// `ATOMS`: atomic read-modify-write on shared memory.
    Atoms,
    /// `RED`: reduction on global memory (no result).
    Red,
    /// `CCTL`: cache control on global/generic addresses.
    Cctl,
    /// `CCTLL`: cache control on local addresses.
    Cctll,
    /// `P2R`: predicates (or the condition code) to a register.
    P2r,
    /// `R2P`: a register to predicates (or the condition code).
    R2p,
    /// `VMNMX`: video (sub-word) minimum/maximum with an optional secondary operation.
    Vmnmx,
    /// `VSET`: video (sub-word) compare to a register.
    Vset,
    /// `VABSDIFF`: video (sub-word) absolute difference.
    Vabsdiff,
    /// `VSHL`: video (sub-word) shift left.
    Vshl,
    /// `VSHR`: video (sub-word) shift right.
    Vshr,
    /// `VADD`: video (sub-word) add.
    Vadd,
    /// `DADD`: f64 add.
    Dadd,
    /// `DMUL`: f64 multiply.
    Dmul,
    /// `DFMA`: f64 fused multiply-add.
    Dfma,
    /// `DMNMX`: f64 minimum/maximum.
    Dmnmx,
    /// `DSET`: f64 compare to a register.
    Dset,
    /// `DSETP`: f64 compare to predicates.
    Dsetp,
    /// `FSET`: f32 compare to a register.
    Fset,
    /// `FSETP`: f32 compare to predicates.
    Fsetp,
    /// `FCMP`: select by an f32 compare of C with zero.
    Fcmp,
    /// `FMNMX`: f32 minimum/maximum.
    Fmnmx,
    /// `FCHK`: check an f32 operation's operands for the slow path.
    Fchk,
    /// `MUFU`: multi-function unit (RCP, RSQ, SIN, ...).
    Mufu,
    /// `RRO`: range reduction before MUFU.
    Rro,
    /// `F2F`: float to float conversion and rounding.
    F2f,
    /// `IMUL`, `IMUL32I`: 32x32-bit integer multiply.
    Imul,
    /// `IMAD`, `IMAD32I`: 32x32-bit integer multiply-add.
    Imad,
    /// `IMADSP`: integer multiply-add with sub-word operands.
    Imadsp,
    /// `ICMP`: select by an integer compare of C with zero.
    Icmp,
    /// `ISET`: integer compare to a register.
    Iset,
    /// `LEA.HI`: the high word of a 64-bit scaled add.
    LeaHi,
    /// `HADD2`, `HADD2_32I`: f16x2 add (SM52 text only).
    Hadd2,
    /// `HMUL2`: f16x2 multiply.
    Hmul2,
    /// `HFMA2`: f16x2 fused multiply-add.
    Hfma2,
    /// `HSET2`: f16x2 compare to a register.
    Hset2,
    /// `HSETP2`: f16x2 compare to predicates.
    Hsetp2,
    /// `TEXS`: texture fetch, short form (two destination registers, joint lod/dim code).
    Texs,
    /// `TLDS`: texel load, short form.
    Tlds,
    /// `TEX`: texture fetch (`.B`: the handle comes from a register).
    Tex,
    /// `SULD`: surface load.
    Suld,
    /// `SUST`: surface store.
    Sust,
    /// `VABSDIFF4`: four-byte absolute difference (with an optional sum: `.ACC`).
    Vabsdiff4,
    /// `B2R`: read a barrier's result (or the warp's barrier state) into a register.
    B2r,
    /// `TXQ`: texture header or sampler query (`.B`: the handle comes from a register).
    Txq,
    /// `TXA`: texture query (no query code; nvdisasm's spelling, semantics unknown).
    Txa,
    /// `TMML`: texture level-of-detail query (`.LOD`).
    Tmml,
    /// `TLD4S`: texture gather, short form (two destination registers).
    Tld4s,
    /// `TLD`: texel fetch by integer coordinates (`.B`: the handle comes from a register).
    Tld,
    /// `TLD4`: texture gather, one component of four texels (`.B` bindless).
    Tld4,
    /// `TXD`: texture fetch with explicit derivatives (`.B` bindless).
    Txd,
    /// `SURED`: surface reduction (no result).
    Sured,
    /// `SUATOM`: surface atomic (the old value comes back).
    Suatom,
    /// `CCTLT`: texture cache control (`.IVALL`: invalidate all; `.IVTH`: one texture header).
    Cctlt,
    /// `LEPC`: load the effective program counter (the instruction's own address) into a
    /// register.
    Lepc,
    /// `R2B`: write a register to a barrier's state (`.RESULT`, `.WARP`, or by number).
    R2b,
    /// `FSWZADD`: f32 add across a quad, each lane's operands negated or zeroed by the
    /// swizzle (`PPPPPPPP`).
    Fswzadd,
    /// `VOTE.VTG`: the vertex/geometry vote (`.R`, `.A`, `.RA` with a 28-bit immediate);
    /// a graphics op, not the warp vote [`Op::Vote`].
    VoteVtg,
    /// `CSET`: test the condition code, combine with a predicate, write a register.
    Cset,
    /// `CSETP`: test the condition code, combine with a predicate, write two predicates.
    Csetp,
    /// `VMAD`: video (sub-word) multiply-add, `a * b + c` with an optional shift (`.SHR_7`,
    /// `.SHR_15`).
    Vmad,
    /// `VSETP`: video (sub-word) compare to predicates.
    Vsetp,
    /// `STP`: a graphics op (`.WAIT`, an 8-bit immediate, the phase `.T`/`.P`); nvdisasm's
    /// spelling, no public document says what it does.
    Stp,
    /// `ALD`: load vertex attributes (`a[...]`) of a vertex or patch into registers; a
    /// graphics op (the pipeline's attribute buffers).
    Ald,
    /// `AST`: store registers to output attributes (`a[...]`); a graphics op.
    Ast,
    /// `IPA`: interpolate a fragment attribute (`a[...]`) at the pixel, the centroid or an
    /// offset; a graphics op.
    Ipa,
    /// `AL2P`: translate an attribute address (`Ra + imm`) to a physical one; a graphics op.
    Al2p,
    /// `OUT`: emit a vertex and/or cut the primitive of a geometry shader's output stream;
    /// a graphics op.
    Out,
    /// `PIXLD`: load a fragment's pixel state (coverage mask, sample offset, sample index);
    /// a graphics op.
    Pixld,
    /// `ISBERD`: read the internal stage buffer (vertex, patch, primitive or attribute
    /// entries); a graphics op.
    Isberd,
    /// `IDP`: integer dot product with accumulate (sm_61, sm_62; PTX `dp4a`, `dp2a.lo`,
    /// `dp2a.hi`): `.4A` sums four byte products, `.2A` two products of 16-bit A halves
    /// with two bytes of B, plus C (shape in [`ModId::DpMode`]).
    Idp,
}

/// What a modifier group means: one id per group kind. Consumers read a group's value
/// by id ([`crate::inst::Inst::mod_value`]); the printer and the parser use the spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ModId {
    /// `.E`: 64-bit address.
    E,
    /// The cache operator; its values carry a [`CacheOp`].
    Cop,
    /// The access size; its values carry a [`MemSize`].
    Sz,
    /// LDC's address mode (`.IL`, `.IS`, `.ISL`).
    Ad,
    /// `.U`: uniform (LDS) or uniform branch (BRA).
    U,
    /// `.CC`: write the carry (condition-code) register.
    Cc,
    /// `.X`: extended (add the carry in).
    X,
    /// `.SAT`: saturate.
    Sat,
    /// Signedness: 0 `.U32`, 1 signed (printed as nothing).
    U32,
    /// The boolean that combines with the predicate input (`.AND`, `.OR`, `.XOR`).
    Bop,
    /// PSETP/PSET's first boolean.
    Bop1,
    /// ISETP's comparison (`.LT`, `.EQ`, ...); CSET/CSETP's condition-code test (`.F`,
    /// `.LT`, ..., `.T`, `.OFF`, ..., `.RGT`: the 32 tests of [`OpKind::CondCode`]).
    Cmp,
    /// LOP's operation (`.AND`, `.OR`, `.XOR`, `.PASS_B`).
    Lop,
    /// The predicate test of LOP/LOP3 (`.T`, `.Z`, `.NZ`).
    Ptest,
    /// Rounding (`.RM`, `.RP`, `.RZ`; F2I: `.FLOOR`, `.CEIL`, `.TRUNC`).
    Rnd,
    /// `.FTZ`: flush subnormals to zero.
    Ftz,
    /// `.FTZ` or `.FMZ` (zero times anything is zero).
    Fmz,
    /// FMUL's scale (`.D2` ... `.M8`).
    Scale,
    /// XMAD's operand signedness (`.S16.U16`, ...).
    Sign,
    /// XMAD's C mode (`.CLO`, `.CHI`, `.CSFU`, `.CBCC`).
    Cmode,
    /// PRMT's mode (`.F4E`, ...); BAR's `.SYNC`.
    Mode,
    /// SHR's extended mode (`.X`, `.XHI`).
    Xmode,
    /// `.W`: wrap the shift count.
    W,
    /// SHF's `.HI`/`.X`/`.XHI`.
    Xhi,
    /// SHF's `.U64`/`.S64`.
    MaxShift,
    /// IMNMX's extended modes (`.XLO`, `.XMED`, `.XHI`).
    Ext,
    /// `.NEG` suffix of an immediate.
    Neg,
    /// `.ABS` suffix of an immediate.
    Abs,
    /// IADD3's `.RS`/`.LS`.
    Shift,
    /// IADD3's half select of A (`.H0`, `.H1`).
    HalfA,
    /// IADD3's half select of B.
    HalfB,
    /// IADD3's half select of C.
    HalfC,
    /// XMAD's `.PSL`: product shifted left 16.
    Psl,
    /// XMAD's `.MRG`: merge B's low half into the result's high half.
    Mrg,
    /// XMAD's `.H1` of A.
    H1a,
    /// XMAD's `.H1` of B.
    H1b,
    /// PSET's `.BF`: a float 1.0 for true.
    Bf,
    /// `.INV` suffix: invert the operand.
    Inv,
    /// LOP3's `.LUT`.
    Lut,
    /// SHF's direction: 0 `.L` (left), 1 `.R` (right); fixed by the row.
    Dir,
    /// `.BREV`: reverse the bits of the source.
    Brev,
    /// FLO's `.SH`: the shift amount instead of the bit position.
    Sh,
    /// A conversion's destination type.
    Dst,
    /// A conversion's source type.
    Src,
    /// I2F/I2I's byte (half) select of the source.
    Sel,
    /// F2I's `.H1` source half.
    H1,
    /// BRA's `.LMT`.
    Lmt,
    /// EXIT's `.KEEPREFCOUNT`.
    KeepRefCount,
    /// NOP's `.TRIG`.
    Trig,
    /// MEMBAR's level (`.CTA`, `.GL`, `.SYS`).
    Level,
    /// DEPBAR's `.LE`.
    Le,
    /// CAL/JCAL/PRET's `.NOINC` (bit 6 clear).
    NoInc,
    /// BPT's mode (`.TRAP`, `.CAL`, ...).
    Bpt,
    /// RTT's mode (`.TERMINATE`, `.FALLTHROUGH`, `.PREEMPTED`).
    Rtt,
    /// IDE's `.EN` (bit 5 clear).
    En,
    /// The atomic/reduction operation (`.ADD`, `.MIN`, ..., `.EXCH`, `.SAFEADD`).
    Atom,
    /// MEMBAR's invalidation (`.IVALLD`, `.IVALLT`, `.IVALLTD`).
    Ivall,
    /// BAR.RED's reduction (`.POPC`, `.AND`, `.OR`).
    RedOp,
    /// CCTL's operation (`.PF1`, `.PF1.5`, `.PF2`, `.WB`, `.IV`, `.RS`, `.RSLB`).
    CctlOp,
    /// CCTL's cache (`.U`, `.C`, `.I`, `.CRS`).
    CacheType,
    /// The video ops' `.UD` (bit clear).
    Ud,
    /// VMNMX's `.MX`.
    Mx,
    /// VABSDIFF's `.SD`.
    Sd,
    /// A bitless marker: where a row prints `.PO` (VADD: after the types), instead of right after the mnemonic.
    Po,
    /// `.HI`: the high word of a product (IMUL/IMAD) or of a 64-bit shift (LEA).
    Hi,
    /// IMUL/IMAD operand signedness, printed as one pair (`.U32.U32`, `.S32.U32`, `.U32.S32`; signed x signed prints nothing).
    Types,
    /// MUFU's function (`.COS` ... `.SQRT`).
    Func,
    /// IMADSP's A and B types, printed as one pair (`.U32.U24`).
    AbType,
    /// IMADSP's C type (signed spelling when A or B is signed).
    CType,
    /// A half-precision A operand's swizzle (`.F32`, `.H0_H0`, `.H1_H1`).
    SwzA,
    /// The B operand's swizzle.
    SwzB,
    /// The C operand's swizzle.
    SwzC,
    /// A half-precision result's format (`.F32`, `.MRG_H0`, `.MRG_H1`).
    HOut,
    /// HSETP2's `.H_AND`: combine the two halves' results.
    HAnd,
    /// A texture op's phase (`.T`, `.P`), held in the control slot's reuse bits 0-1
    /// ([`OpSpec::ctrl_mod`]), not in the instruction word.
    Phase,
    /// A texture op's level-of-detail mode (`.LZ`, `.LL`, `.DC`, ...); in TEXS/TLDS one code
    /// with the dimension operand.
    Lod,
    /// A texture op's `.NODEP`.
    Nodep,
    /// A surface op's `.BA` (the coordinate is a byte address).
    Ba,
    /// A surface op's dimension (`.1D`, `.2D_ARRAY`, ...).
    SuDim,
    /// A surface op's data size (`.U8`, ..., `.128`; 32 bits prints nothing).
    SuSize,
    /// A surface op's out-of-bounds behaviour (`.IGN`, none, `.TRAP`).
    Clamp,
    /// VABSDIFF4's byte permutation of A (`R4.3201`; the identity `.3210` prints nothing).
    ByteSelA,
    /// VABSDIFF4's byte permutation of B.
    ByteSelB,
    /// VABSDIFF4's `.ACC`: sum the four differences with C.
    Acc,
    /// A texture op's `.AOFFI`: per-texel offsets come with the coordinates.
    Aoffi,
    /// A texture op's `.DC`: depth compare.
    Dc,
    /// A texture op's `.NDV`: no derivatives (computed level of detail without quad
    /// divergence).
    Ndv,
    /// A texture op's `.LC` (SM52: a level-of-detail clamp operand).
    Lc,
    /// VABSDIFF4's result components (`.X` ... `.XYW`; all four print nothing).
    Comp,
    /// TLD4/TLD4S's gathered component (`.R`, `.G`, `.B`, `.A`).
    Gather,
    /// A texture op's `.F16` (SM52): the results as f16 pairs.
    F16,
    /// TLD's `.MS`: the coordinates name a sample of a multisample texture.
    Ms,
    /// TLD's `.CL`: a level-of-detail clamp operand comes with the coordinates.
    Cl,
    /// ALD/AL2P/ISBERD's `.O`: the attribute is an output (what the stage writes).
    AttrOut,
    /// ALD/AST's attribute addressing: `.P` (a per-patch attribute), nothing (a per-vertex
    /// one) or `.PHYS` (the register holds a physical attribute address).
    AttrMode,
    /// IPA's `.IDX`: the attribute address comes from a register.
    Idx,
    /// IPA's interpolation (`.PASS`, perspective: nothing, `.CONSTANT`, `.SC`).
    Interp,
    /// IPA's sample position (the pixel: nothing, `.CENTROID`, `.OFFSET`).
    Sample,
    /// ALD/AST/AL2P's width: 1 to 4 consecutive 32-bit attributes (nothing, `.64`, `.96`,
    /// `.128`); its values carry a [`MemSize`] (how many registers the data operand names).
    AttrSize,
    /// OUT's operation (`.EMIT`, `.CUT`, `.EMIT_THEN_CUT`).
    OutType,
    /// PIXLD's pixel value (none, `.COVMASK`, `.COVERED`, `.OFFSET`, `.CENTROID_OFFSET`,
    /// `.MY_INDEX`).
    PixMode,
    /// ISBERD's `.SKEW`.
    Skew,
    /// ISBERD's buffer (none, `.PATCH`, `.PRIM`, `.ATTR`).
    IsbeBuf,
    /// ISBERD's element size (none, `.U16`, `.32`).
    IsbeSize,
    /// IDP's shape (sm_61): `.4A` (four byte products), `.2A.LO`/`.2A.HI` (two products
    /// of A's halves with B's low or high bytes).
    DpMode,
    /// IDP's A signedness: 0 unsigned, 1 signed (`.U8`/`.S8`, or `.U16`/`.S16` for `.2A`).
    SignA,
    /// IDP's B signedness: 0 `.U8`, 1 `.S8`.
    SignB,
}

impl ModId {
    /// Every id, in declaration order (`ALL[id as usize] == id`).
    pub const ALL: [ModId; 107] = [
        ModId::E,
        ModId::Cop,
        ModId::Sz,
        ModId::Ad,
        ModId::U,
        ModId::Cc,
        ModId::X,
        ModId::Sat,
        ModId::U32,
        ModId::Bop,
        ModId::Bop1,
        ModId::Cmp,
        ModId::Lop,
        ModId::Ptest,
        ModId::Rnd,
        ModId::Ftz,
        ModId::Fmz,
        ModId::Scale,
        ModId::Sign,
        ModId::Cmode,
        ModId::Mode,
        ModId::Xmode,
        ModId::W,
        ModId::Xhi,
        ModId::MaxShift,
        ModId::Ext,
        ModId::Neg,
        ModId::Abs,
        ModId::Shift,
        ModId::HalfA,
        ModId::HalfB,
        ModId::HalfC,
        ModId::Psl,
        ModId::Mrg,
        ModId::H1a,
        ModId::H1b,
        ModId::Bf,
        ModId::Inv,
        ModId::Lut,
        ModId::Dir,
        ModId::Brev,
        ModId::Sh,
        ModId::Dst,
        ModId::Src,
        ModId::Sel,
        ModId::H1,
        ModId::Lmt,
        ModId::KeepRefCount,
        ModId::Trig,
        ModId::Level,
        ModId::Le,
        ModId::NoInc,
        ModId::Bpt,
        ModId::Rtt,
        ModId::En,
        ModId::Atom,
        ModId::Ivall,
        ModId::RedOp,
        ModId::CctlOp,
        ModId::CacheType,
        ModId::Ud,
        ModId::Mx,
        ModId::Sd,
        ModId::Po,
        ModId::Hi,
        ModId::Types,
        ModId::Func,
        ModId::AbType,
        ModId::CType,
        ModId::SwzA,
        ModId::SwzB,
        ModId::SwzC,
        ModId::HOut,
        ModId::HAnd,
        ModId::Phase,
        ModId::Lod,
        ModId::Nodep,
        ModId::Ba,
        ModId::SuDim,
        ModId::SuSize,
        ModId::Clamp,
        ModId::ByteSelA,
        ModId::ByteSelB,
        ModId::Acc,
        ModId::Aoffi,
        ModId::Dc,
        ModId::Ndv,
        ModId::Lc,
        ModId::Comp,
        ModId::Gather,
        ModId::F16,
        ModId::Ms,
        ModId::Cl,
        ModId::AttrOut,
        ModId::AttrMode,
        ModId::Idx,
        ModId::Interp,
        ModId::Sample,
        ModId::AttrSize,
        ModId::OutType,
        ModId::PixMode,
        ModId::Skew,
        ModId::IsbeBuf,
        ModId::IsbeSize,
        ModId::DpMode,
        ModId::SignA,
        ModId::SignB,
    ];
    /// How many ids there are.
    pub const COUNT: usize = ModId::ALL.len();

    /// The group's name in diagnostics (`field `cop` of LDG ...`).
    pub const fn name(self) -> &'static str {
        match self {
            ModId::E => "E",
            ModId::Cop => "cop",
            ModId::Sz => "sz",
            ModId::Ad => "ad",
            ModId::U => "U",
            ModId::Cc => "CC",
            ModId::X => "X",
            ModId::Sat => "SAT",
            ModId::U32 => "U32",
            ModId::Bop => "bop",
            ModId::Bop1 => "bop1",
            ModId::Cmp => "cmp",
            ModId::Lop => "lop",
            ModId::Ptest => "ptest",
            ModId::Rnd => "rnd",
            ModId::Ftz => "FTZ",
            ModId::Fmz => "fmz",
            ModId::Scale => "scale",
            ModId::Sign => "sign",
            ModId::Cmode => "cmode",
            ModId::Mode => "mode",
            ModId::Xmode => "xmode",
            ModId::W => "W",
            ModId::Xhi => "xhi",
            ModId::MaxShift => "maxshift",
            ModId::Ext => "ext",
            ModId::Neg => "NEG",
            ModId::Abs => "ABS",
            ModId::Shift => "shift",
            ModId::HalfA => "ha",
            ModId::HalfB => "hb",
            ModId::HalfC => "hc",
            ModId::Psl => "PSL",
            ModId::Mrg => "MRG",
            ModId::H1a => "HA",
            ModId::H1b => "HB",
            ModId::Bf => "BF",
            ModId::Inv => "INV",
            ModId::Lut => "LUT",
            ModId::Dir => "dir",
            ModId::Brev => "BREV",
            ModId::Sh => "SH",
            ModId::Dst => "dst",
            ModId::Src => "src",
            ModId::Sel => "sel",
            ModId::H1 => "H1",
            ModId::Lmt => "LMT",
            ModId::KeepRefCount => "KEEPREFCOUNT",
            ModId::Trig => "TRIG",
            ModId::Level => "level",
            ModId::Le => "le",
            ModId::NoInc => "noinc",
            ModId::Bpt => "bpt",
            ModId::Rtt => "rtt",
            ModId::En => "en",
            ModId::Atom => "atom",
            ModId::Ivall => "ivall",
            ModId::RedOp => "redop",
            ModId::CctlOp => "cctlop",
            ModId::CacheType => "cachetype",
            ModId::Ud => "UD",
            ModId::Mx => "MX",
            ModId::Sd => "SD",
            ModId::Po => "PO",
            ModId::Hi => "HI",
            ModId::Types => "types",
            ModId::Func => "func",
            ModId::AbType => "abtype",
            ModId::CType => "ctype",
            ModId::SwzA => "swza",
            ModId::SwzB => "swzb",
            ModId::SwzC => "swzc",
            ModId::HOut => "hout",
            ModId::HAnd => "H_AND",
            ModId::Phase => "phase",
            ModId::Lod => "lod",
            ModId::Nodep => "NODEP",
            ModId::Ba => "BA",
            ModId::SuDim => "sudim",
            ModId::SuSize => "susize",
            ModId::Clamp => "clamp",
            ModId::ByteSelA => "bytesela",
            ModId::ByteSelB => "byteselb",
            ModId::Acc => "ACC",
            ModId::Comp => "comp",
            ModId::Gather => "gather",
            ModId::F16 => "F16",
            ModId::Aoffi => "AOFFI",
            ModId::Dc => "DC",
            ModId::Ndv => "NDV",
            ModId::Lc => "LC",
            ModId::Ms => "MS",
            ModId::Cl => "CL",
            ModId::AttrOut => "O",
            ModId::AttrMode => "attr",
            ModId::Idx => "IDX",
            ModId::Interp => "interp",
            ModId::Sample => "sample",
            ModId::AttrSize => "asz",
            ModId::OutType => "out",
            ModId::PixMode => "pix",
            ModId::Skew => "SKEW",
            ModId::IsbeBuf => "isbe",
            ModId::IsbeSize => "isz",
            ModId::DpMode => "dpmode",
            ModId::SignA => "signa",
            ModId::SignB => "signb",
        }
    }
}

/// One value of a modifier field and how it is spelled.
#[derive(Debug)]
pub struct ModVal {
    /// The field value.
    pub value: u8,
    /// nvdisasm's spelling, with the leading dot; `""` for the default (printed as nothing).
    pub text: &'static str,
    /// Other spellings the parser accepts for the same value (the seed pages' explicit
    /// defaults such as `.32`, `.CA`, `.IA`, `.WB`, and their aliases `.CS`, `.LU`, `.8`).
    pub aliases: &'static [&'static str],
    /// What the value means to a consumer that acts on it (a cache operator, an access
    /// size); [`ValSem::None`] for values whose number says it all.
    pub sem: ValSem,
}

impl ModVal {
    /// The cache operator the value names, if it is a cache-operator value.
    pub const fn cache(&self) -> Option<CacheOp> {
        match self.sem {
            ValSem::Cache(c) => Some(c),
            _ => None,
        }
    }

    /// The atomic operation the value names, if it is one.
    pub const fn atom(&self) -> Option<AtomOp> {
        match self.sem {
            ValSem::Atom(a) => Some(a),
            _ => None,
        }
    }

    /// The BAR mode the value names, if it is one.
    pub const fn bar(&self) -> Option<BarMode> {
        match self.sem {
            ValSem::Bar(b) => Some(b),
            _ => None,
        }
    }

    /// The reduction the value names, if it is a BAR.RED operation value.
    pub const fn bar_red(&self) -> Option<BarRed> {
        match self.sem {
            ValSem::BarRed(r) => Some(r),
            _ => None,
        }
    }

    /// What B2R reads, if the value is a B2R mode value.
    pub const fn b2r(&self) -> Option<B2rMode> {
        match self.sem {
            ValSem::B2r(m) => Some(m),
            _ => None,
        }
    }

    /// What a cache-control value does, if it is a CCTL/CCTLL operation value.
    pub const fn cctl(&self) -> Option<CctlAction> {
        match self.sem {
            ValSem::Cctl(a) => Some(a),
            _ => None,
        }
    }

    /// The byte permutation the value names, if it is a byte-selector value.
    pub const fn bytes(&self) -> Option<[u8; 4]> {
        match self.sem {
            ValSem::Bytes(b) => Some(b),
            _ => None,
        }
    }

    /// The access size the value names, if it is a size value.
    pub const fn size(&self) -> Option<MemSize> {
        match self.sem {
            ValSem::Size(s) => Some(s),
            _ => None,
        }
    }

    /// The video operand types the value names, if it is a video type-pair value.
    pub const fn video(&self) -> Option<VideoTypes> {
        match self.sem {
            ValSem::Video(v) => Some(v),
            _ => None,
        }
    }
}

/// The meaning of a modifier value, as data beside its spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValSem {
    /// Nothing beyond the value's number.
    None,
    /// A cache operator (`.CG`, `.CS`, ...; the default value names the default operator).
    Cache(CacheOp),
    /// A memory access size.
    Size(MemSize),
    /// The operand types of a video instruction (`.S8.U16`: a is a signed byte, b an
    /// unsigned half).
    Video(VideoTypes),
    /// An atomic's operation.
    Atom(AtomOp),
    /// BAR's mode.
    Bar(BarMode),
    /// BAR.RED's reduction (`.POPC`, `.AND`, `.OR`).
    BarRed(BarRed),
    /// What B2R reads (`.RESULT`, `.WARP`).
    B2r(B2rMode),
    /// A byte permutation (VABSDIFF4's A and B selectors): entry `i` is the byte of the
    /// eight-byte pool `{B, A}` (0-3 A's bytes, 4-7 B's) that becomes byte `i` of the
    /// selected operand. nvdisasm spells it from byte 3 down (`.4321` = `[1, 2, 3, 4]`).
    Bytes([u8; 4]),
    /// What a cache-control operation does (CCTL, CCTLL).
    Cctl(CctlAction),
}

/// What a CCTL/CCTLL operation does to the line it names, as a modifier value's meaning
/// (SPA 5.0's CCTL page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CctlAction {
    /// `.PF1`, `.PF1.5`, `.PF2`: prefetch into a cache level.
    Prefetch,
    /// `.WB`: write the line back.
    WriteBack,
    /// `.IV`: invalidate the line.
    Invalidate,
    /// `.RS`: reset (invalidate without writing back) the line.
    Reset,
    /// `.RSLB`: reset the line's load-balance state.
    ResetLb,
    /// `.QRY1`: query the line (an illegal instruction on this generation).
    Query,
}

/// The A and B operand types of a video instruction (VMNMX, VADD, VABSDIFF, VSET,
/// VSHL, VSHR), as the row's type-pair value spells them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VideoTypes {
    /// Bits of A (8, 16, 32).
    pub a_bits: u8,
    /// A is signed.
    pub a_signed: bool,
    /// Bits of B (8, 16, 32; 16 for the immediate).
    pub b_bits: u8,
    /// B is signed.
    pub b_signed: bool,
}

/// A memory access size as a value: bytes moved, sign extension, and whether the
/// encoding is one nvdisasm spells `.INVALIDSIZEn` (no access of that size exists).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemSize {
    /// Bytes per lane (1, 2, 4, 8, 16).
    pub bytes: u8,
    /// A load sign-extends the value (`.S8`, `.S16`).
    pub signed: bool,
    /// The size field holds a value with no access size (`.INVALIDSIZE6/7`).
    pub invalid: bool,
    /// The access is uniform across the warp (`.U.128`).
    pub uniform: bool,
    /// An atomic's operand is an f32 (`.F32.FTZ.RN`): ADD adds floats.
    pub float: bool,
    /// An atomic's operand is a pair of f16 values (SM52's `.F16x2.FTZ.RN`).
    pub half2: bool,
}

/// The operation of an atomic or reduction (ATOM, ATOMS, RED), as a modifier value's
/// meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomOp {
    /// `.ADD`: `mem + b` (f32 with a `.F32` type).
    Add,
    /// `.MIN`: signed or unsigned by the type.
    Min,
    /// `.MAX`: signed or unsigned by the type.
    Max,
    /// `.INC`: `mem >= b ? 0 : mem + 1`.
    Inc,
    /// `.DEC`: `mem == 0 || mem > b ? b : mem - 1`.
    Dec,
    /// `.AND`.
    And,
    /// `.OR`.
    Or,
    /// `.XOR`.
    Xor,
    /// `.EXCH`: `b`.
    Exch,
    /// `.CAS`: `mem == b ? c : mem` (b, c the register pair).
    Cas,
    /// `.SAFEADD` (ATOM only): SPA 5.0 gives only "increment put pointer in a circular
    /// queue" (`.U64`); no executable definition.
    SafeAdd,
    /// ATOMS `.CAST`, compare and store: `mem == b ? c : mem`, the result 1 if it
    /// stored, else 0 (SPA 5.0's ATOMS page).
    Cast,
    /// ATOMS `.CAST.SPIN`: `.CAST` with "fast fail": one lane per shared-memory bank
    /// tries, the others get 0 without storing.
    CastSpin,
}

/// BAR's mode, as a modifier value's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarMode {
    /// `.SYNC`: arrive and wait.
    Sync,
    /// `.ARV`: arrive without waiting.
    Arv,
    /// `.RED`: arrive, wait, and reduce a predicate over the CTA.
    Red,
    /// `.SCAN`: arrive, wait, and scan a predicate.
    Scan,
}

/// BAR.RED's reduction of the arriving threads' predicates, as a modifier value's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarRed {
    /// `.POPC`: the number of threads whose predicate is true.
    Popc,
    /// `.AND`: 1 when every arriving thread's predicate is true.
    And,
    /// `.OR`: 1 when any arriving thread's predicate is true.
    Or,
}

/// What a B2R reads, as a modifier value's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum B2rMode {
    /// `.RESULT`: the reduction of the last BAR.RED the warp passed.
    Result,
    /// `.WARP`: a per-warp barrier state (no functional model).
    Warp,
}

/// A modifier field: one group of mutually exclusive `.XX` suffixes.
#[derive(Debug)]
pub struct ModGroup {
    /// What the group means; consumers read the group's value by this id.
    pub id: ModId,
    /// Where the value lives in the instruction word (low bits if [`ModGroup::hi`] is set); zero width for a group whose row fixes its one value.
    pub field: Field,
    /// A second field holding the value's high bits (`value = field | hi << field.width`),
    /// for modifiers split over two places (I2F's source sign and size).
    pub hi: Option<Field>,
    /// Values that exist; a decoded value not listed here is an invalid word.
    pub vals: &'static [ModVal],
    /// `Some(i)`: the spelling is a suffix of operand `i` (`R2.CC`, `R4.H1`, `0x1.NEG`)
    /// instead of the mnemonic.
    pub at: Option<u8>,
    /// Other spellings of the same values, used while another group of the row has a
    /// given value (I2F/I2I byte selects: `.H1`/`.INVALIDSIZEn` for a 16-bit source).
    pub alt: Option<AltSpelling>,
}

/// Spellings of a [`ModGroup`] that depend on another group: they replace `vals` when
/// `mods[group] & mask == eq`. They must list the same values as `vals`.
#[derive(Debug)]
pub struct AltSpelling {
    /// Index (into the row's `mods`) of the group whose value selects these spellings.
    pub group: u8,
    /// Bits of that group's value that are tested.
    pub mask: u8,
    /// The value those bits must have for these spellings to apply.
    pub eq: u8,
    /// The alternative spellings, value for value like [`ModGroup::vals`].
    pub vals: &'static [ModVal],
}

impl ModGroup {
    /// The spellings in force for an instruction whose modifier values are `mods`.
    pub fn vals_for(&self, mods: &[u8]) -> &'static [ModVal] {
        match &self.alt {
            Some(a)
                if mods
                    .get(a.group as usize)
                    .is_some_and(|m| m & a.mask == a.eq) =>
            {
                a.vals
            }
            _ => self.vals,
        }
    }

    /// `value`'s spelling for an instruction whose modifier values are `mods`.
    pub fn spell(&self, mods: &[u8], value: u8) -> Option<&'static ModVal> {
        self.vals_for(mods).iter().find(|v| v.value == value)
    }

    /// The group's name in diagnostics (`cop`, `sz`, `CC`).
    pub const fn name(&self) -> &'static str {
        self.id.name()
    }

    /// A group without bits (`.LUT`, `SHF`'s `.L`/`.R`) spells the one value its row
    /// fixes.
    const fn fixed(&self) -> Option<u8> {
        match (self.field.width, self.hi, self.vals) {
            (0, None, [v]) => Some(v.value),
            _ => None,
        }
    }

    /// The value printed as nothing, chosen when the source names none.
    pub fn default_value(&self) -> u8 {
        if let Some(v) = self.fixed() {
            return v;
        }
        self.vals
            .iter()
            .find(|v| v.text.is_empty())
            .map(|v| v.value)
            .unwrap_or(0)
    }

    /// The listed value `value`, in the group's main spellings; `None` means the value is invalid.
    pub fn lookup(&self, value: u8) -> Option<&'static ModVal> {
        self.vals.iter().find(|v| v.value == value)
    }

    /// The group's value in `word` (joined from `field` and `hi`; the fixed value for a zero-width group).
    pub fn get(&self, word: u64) -> u8 {
        if let Some(v) = self.fixed() {
            return v;
        }
        let lo = self.field.get(word);
        (match self.hi {
            Some(h) => lo | (h.get(word) << self.field.width),
            None => lo,
        }) as u8
    }

    /// `word` with the group's field(s) set to `value`.
    pub fn put(&self, word: u64, value: u8) -> u64 {
        let w = self.field.put(word, value as u64);
        match self.hi {
            Some(h) => h.put(w, (value as u64) >> self.field.width),
            None => w,
        }
    }

    /// The bits of the word the group owns (`field` and `hi`).
    pub fn mask(&self) -> u64 {
        self.field.mask() | self.hi.map(|h| h.mask()).unwrap_or(0)
    }
}

/// How many consecutive registers a register operand names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegCount {
    /// One register.
    One,
    /// A register pair (`R2` names R2 and R3; 64-bit operands).
    Two,
    /// Given by the row's memory size (1, 2 or 4 registers), or by its attribute width
    /// ([`ModId::AttrSize`]: 1 to 4).
    BySize,
}

/// How nvdisasm prints a sign-extended integer immediate ([`OpKind::Imm20`]): the value
/// is the same either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmText {
    /// In signed hex: `-0x10`.
    Signed,
    /// The field's bits in unsigned hex: `0xffff0` for -0x10 (IADD3, R2P). The assembler
    /// takes this spelling and the signed one.
    Bits,
}

/// The kinds of operand, each with the fields that hold it.
#[derive(Clone, Copy, Debug)]
pub enum OpKind {
    /// A general register `R0`..`R254`, `RZ` (255). `reuse` is the control-word reuse
    /// slot that the operand's `.reuse` flag lives in (ALU ops only).
    Reg {
        /// The register-number field (8 bits: Rd 0-7, Ra 8-15, Rb 20-27, Rc 39-46).
        f: Field,
        /// A destination (written) rather than a source.
        write: bool,
        /// How many consecutive registers it names.
        count: RegCount,
        /// The control-word reuse slot (0-3) of the operand's `.reuse` flag; `None` if it has none.
        reuse: Option<u8>,
        /// The `-R` negation bit, if the operand has one.
        neg: Option<Field>,
        /// The `|R|` absolute-value bit, if the operand has one.
        abs: Option<Field>,
        /// The `~R` bitwise-not bit, if the operand has one.
        not: Option<Field>,
    },
    /// A predicate `P0`..`P6`, `PT` (7), with an optional `!` bit. With `hide_pt`, `PT`
    /// is not printed (LEA's and LOP's carry-out predicate) and may be left out in source.
    Pred {
        /// The 3-bit predicate-number field.
        f: Field,
        /// The `!P` negation bit, if the operand has one.
        neg: Option<Field>,
        /// A destination predicate (written) rather than a source.
        write: bool,
        /// `PT` is not printed and may be omitted in source.
        hide_pt: bool,
    },
    /// A predicate destination `P0`..`P6` that is never `PT`: SM52's texture predicate
    /// output (`TEX P6, R12, ...`, bits 51-53; SULD's at 30-32, stored as 7 - P). A word
    /// with `PT` there is another row's (the form without the output, which SM50 has too),
    /// so this operand neither decodes, prints, parses nor samples `PT`: one spelling, one
    /// word, one row.
    PredOut {
        /// The 3-bit field (`PT` belongs to another row).
        f: Field,
        /// The field holds 7 - P (`PT` is 0) rather than P.
        inv: bool,
    },
    /// A predicate output stored inverted (7 - index) that prints `PT` when the field is 0:
    /// LDG's sparse-status predicate `Ps` (SM52), and SM52's predicate output of ATOM
    /// (bits 41-43) and of SUATOM.D with a register index (51-53), whose words with 0 there
    /// print `PT` and have no form without the output. The executor reads it as the sparse
    /// status of a load and refuses an atomic that has one (`unsupported`); surface rows
    /// have no functional model.
    SparsePred {
        /// The 3-bit field holding 7 - predicate index.
        f: Field,
    },
    /// `[Ra + simm]`; with `RZ` the immediate is unsigned (zero-extended).
    Mem {
        /// The 8-bit address-register field (Ra, bits 8-15).
        ra: Field,
        /// The byte-offset field (signed unless Ra is `RZ`).
        imm: Field,
    },
    /// `[Ra]`: an address register without an offset that is never `RZ` (nvdisasm rejects
    /// the word with `RZ` there): SM52's ATOM with a predicate output.
    MemNoRz {
        /// The 8-bit address-register field.
        ra: Field,
    },
    /// `c[bank][Ra + simm16]` of LDC; with `RZ` the immediate prints signed.
    ConstMem {
        /// The constant-bank field (`c[bank]`).
        bank: Field,
        /// The 8-bit address-register field (Ra, bits 8-15).
        ra: Field,
        /// The signed 16-bit byte-offset field.
        imm: Field,
    },
    /// `c[bank][offset]` ALU operand: offset field counts 32-bit words (signed), printed in
    /// bytes; `spaced` prints `c[0x0] [0x8]` as nvdisasm does for XMAD, I2F, F2I, I2I.
    ConstOperand {
        /// The constant-bank field (`c[bank]`).
        bank: Field,
        /// The signed offset field, in 32-bit words.
        off: Field,
        /// The `-c[..][..]` negation bit, if the operand has one.
        neg: Option<Field>,
        /// The `|c[..][..]|` absolute-value bit, if the operand has one.
        abs: Option<Field>,
        /// The `~c[..][..]` bitwise-not bit, if the operand has one.
        not: Option<Field>,
        /// Print a space between bank and offset (`c[0x0] [0x8]`).
        spaced: bool,
    },
    /// A 20-bit integer immediate: low 19 bits at `f`, sign at `sign`. The hardware
    /// sign-extends it to 32 bits in every row (ptxas encodes `a + b - 16` as IADD3 with
    /// `0xffff0`, `setp.lt.u32 a, -5` as ISETP.U32 with `-0x5`, and puts 0x80000 and
    /// 0xfffff in a constant bank: SEMANTICS.md, "Immediates"); it decodes as
    /// [`crate::inst::Operand::Imm`] holding the sign-extended value. `text` is only how
    /// nvdisasm prints it.
    Imm20 {
        /// The low 19 bits of the immediate (bits 20-38).
        f: Field,
        /// The sign bit, joined above `f` and sign-extended.
        sign: Field,
        /// How nvdisasm prints it (`-0x10`, or IADD3's and R2P's `0xffff0`).
        text: ImmText,
    },
    /// A 20-bit float immediate: the high 19 bits of an f32 at `f`, sign at `sign`.
    FImm20 {
        /// f32 bits 12-30 (the low 12 bits are zero).
        f: Field,
        /// f32 bit 31, the sign.
        sign: Field,
    },
    /// A plain unsigned immediate printed in hex; not printed (and optional in source)
    /// when it equals `hide`. With `signed_if: Some((g, m))` it prints as a signed number
    /// when modifier group `g` has a bit of `m` set (XMAD's `.S16` second operand).
    UImm {
        /// The immediate's field.
        f: Field,
        /// The value that is not printed (and is assumed when source leaves the operand out).
        hide: Option<u64>,
        /// `Some((g, m))`: print signed when `mods[g] & m != 0`.
        signed_if: Option<(u8, u8)>,
    },
    /// A 32-bit immediate printed as signed hex (`-0x1` for 0xffffffff) when `signed`.
    Imm32 {
        /// The 32-bit immediate field (bits 20-51).
        f: Field,
        /// Print as signed hex.
        signed: bool,
    },
    /// A 32-bit float immediate.
    FImm32 {
        /// The 32-bit field holding the f32 bit pattern.
        f: Field,
    },
    /// A branch target: signed byte offset from the next instruction, printed absolute.
    Target {
        /// The signed byte-offset field, relative to the next instruction's address.
        f: Field,
    },
    /// A special register of S2R.
    SReg {
        /// The special-register number field (`SR_*`).
        f: Field,
    },
    /// The condition-code test of BRA/EXIT (`CC.NUM` etc.); `T` (15) is not printed.
    CondCode {
        /// The 5-bit condition-code test field.
        f: Field,
    },
    /// A scoreboard `SBn` of DEPBAR.
    Scoreboard {
        /// The scoreboard-index field.
        f: Field,
    },
    /// DEPBAR's set of further scoreboards to wait for, bit i = `SBi`, printed `{5,4,2,0}`
    /// (highest first); not printed (and optional in source) when empty.
    SbSet {
        /// The scoreboard bit-set field (bit i = `SBi`).
        f: Field,
    },
    /// A branch address read from a constant bank, `c[bank][offset]` with a signed byte
    /// offset (BRA's and SSY's constant-bank target, bit 5).
    ConstAddr {
        /// The constant-bank field (`c[bank]`).
        bank: Field,
        /// The signed byte-offset field.
        off: Field,
    },
    /// A register and a signed offset without a comma between them (BRX's and JMX's
    /// target, `R0 -0x50`); the offset is not printed when zero. Decoded as
    /// [`crate::inst::Operand::Mem`].
    RegOff {
        /// The 8-bit address-register field (Ra, bits 8-15).
        ra: Field,
        /// The signed byte-offset field.
        off: Field,
    },
    /// A register that is not printed (and may be left out in source) when it is `RZ`:
    /// VOTE's destination `Rd`, the texture instructions' second source `Rb`.
    RegHideRz {
        /// The register-number field.
        f: Field,
        /// The instruction writes it (a destination) rather than reads it.
        write: bool,
    },
    /// `[Ra + simm]` whose offset field counts 32-bit words (ATOMS), printed in bytes;
    /// with `RZ` the offset is unsigned.
    MemW {
        /// The 8-bit address-register field (Ra, bits 8-15).
        ra: Field,
        /// The offset field, in 32-bit words.
        imm: Field,
    },
    /// P2R/R2P's predicate set: `PR` (bit clear) or `CC` (bit set). Decoded as
    /// [`crate::inst::Operand::Imm`] 0 or 1.
    PrCc {
        /// The one-bit field: 0 = `PR`, 1 = `CC`.
        f: Field,
    },
    /// A register named by another operand's field plus `add` (CAS's implicit second
    /// register: `R2, R3` from Rb = R2, `.64`: `R2, R4`); a zero-width field names `RZ`
    /// (`add` = 255). nvdisasm prints `???255` when the sum passes R254: rejected.
    RegPair {
        /// The register field (another operand's) the number is based on; zero width: none.
        f: Field,
        /// What is added to that register number.
        add: u8,
    },
    /// `c[bank][Ra+offset]` of BRX's and JMX's constant-bank target: as
    /// [`OpKind::ConstMem`], except that `RZ` with a zero offset prints `c[0x0][RZ]`.
    ConstReg {
        /// The constant-bank field (`c[bank]`).
        bank: Field,
        /// The 8-bit address-register field (Ra, bits 8-15).
        ra: Field,
        /// The signed byte-offset field.
        imm: Field,
    },
    /// A 20-bit f64 immediate: f64 bits 44-62 at `f`, the sign at `sign` (the low 44
    /// bits are zero). Printed like a float immediate, with `+SNAN` for signalling NaNs.
    DImm20 {
        /// f64 bits 44-62.
        f: Field,
        /// f64 bit 63, the sign.
        sign: Field,
    },
    /// A 16-bit f16 immediate (F2F/F2I with an `.F16` source: bits 20-35).
    HImm16 {
        /// The 16-bit field holding the f16 bit pattern.
        f: Field,
    },
    /// A field printed as a name from a list (a texture's dimension `2D`, its component
    /// swizzle `RGBA`); decoded as [`crate::inst::Operand::Imm`] holding the value. An
    /// empty name is a value nvdisasm prints as a placeholder (`INVALID5`): an invalid
    /// word. With `rz: Some((rd, alt))`, the names are `alt` while the register field `rd`
    /// (another operand's) holds `RZ` (TEXS's swizzle names one or two components then,
    /// three or four otherwise). A modifier group on the same bits (TEXS's `.LZ`/`.LL`
    /// beside `2D`) spells the same value in the mnemonic: one field, two spellings.
    Name {
        /// The field holding the value.
        f: Field,
        /// The name of each value, by value.
        names: &'static [&'static str],
        /// The names used while register field `.0` holds `RZ`.
        rz: Option<(Field, &'static [&'static str])>,
    },
    /// An unsigned immediate with its negation apart (sign and magnitude: VADD's 16-bit
    /// B). Decoded as [`crate::inst::Operand::Imm`] holding the signed value, printed
    /// `-0x2347` when negated; nvdisasm prints a negated zero `0x0`, so the negation of
    /// zero is lost. Under `.PO` ([`OpSpec::po`]) the negation is part of the `.PO`
    /// spelling and not printed, as a register's.
    NegImm {
        /// The magnitude.
        f: Field,
        /// The negation bit.
        neg: Field,
    },
    /// An f16 immediate with its sign apart: f16 bits 15-w..14 at `f` (w = its width),
    /// the sign at `sign`, the low bits zero (HADD2's immediate pair: two of them).
    HImmS {
        /// The high bits of the f16 below its sign (bits 15-w..14).
        f: Field,
        /// f16 bit 15, the sign.
        sign: Field,
    },
    /// A source register that is never `RZ`: the word with `RZ` there is another row's
    /// (AL2P's absolute form), so this operand neither decodes, prints, parses nor samples
    /// `RZ` (as [`OpKind::PredOut`] never holds `PT`).
    RegNotRz {
        /// The register-number field.
        f: Field,
    },
    /// A signed immediate in one field, printed in signed hex; not printed (and optional in
    /// source) when it equals `hide` (AL2P's offset after a register: zero is not printed).
    SImm {
        /// The two's-complement field.
        f: Field,
        /// The value that is not printed.
        hide: Option<i64>,
    },
    /// An attribute address of the graphics ops, `a[Ra+simm]`, `a[Ra]` or `a[0x40]`;
    /// decoded as [`crate::inst::Operand::Mem`]. With a register (`ra: Some`) the offset is
    /// signed (zero width: none, `a[Ra]`); without one the row fixes Ra = `RZ` (or has no
    /// Ra) and the offset is an unsigned absolute address.
    Attr {
        /// The address register (Ra), or `None` for the absolute form.
        ra: Option<Field>,
        /// The offset (signed after a register, unsigned without one); zero width: none.
        imm: Field,
        /// With a register: `RZ` belongs to this row (printed `a[RZ]`); else it is another
        /// row's word and never decoded, parsed or sampled here. Without a register: an
        /// absolute zero prints `a[RZ]` (ALD/AST) rather than `a[0x0]` (IPA).
        rz: bool,
    },
}

impl OpKind {
    /// Every field the operand owns.
    pub fn fields(&self) -> impl Iterator<Item = Field> {
        let list: [Option<Field>; 5] = match *self {
            OpKind::Reg {
                f, neg, abs, not, ..
            } => [Some(f), neg, abs, not, None],
            OpKind::Pred { f, neg, .. } => [Some(f), neg, None, None, None],
            OpKind::ConstOperand {
                bank,
                off,
                neg,
                abs,
                not,
                ..
            } => [Some(bank), Some(off), neg, abs, not],
            OpKind::SparsePred { f }
            | OpKind::PredOut { f, .. }
            | OpKind::UImm { f, .. }
            | OpKind::Imm32 { f, .. }
            | OpKind::FImm32 { f }
            | OpKind::Target { f }
            | OpKind::SReg { f }
            | OpKind::CondCode { f }
            | OpKind::Scoreboard { f }
            | OpKind::SbSet { f }
            | OpKind::PrCc { f }
            | OpKind::RegPair { f, .. }
            | OpKind::Name { f, .. }
            | OpKind::HImm16 { f } => [Some(f), None, None, None, None],
            OpKind::ConstAddr { bank, off } => [Some(bank), Some(off), None, None, None],
            OpKind::RegOff { ra, off } => [Some(ra), Some(off), None, None, None],
            OpKind::RegHideRz { f, .. } | OpKind::MemNoRz { ra: f } | OpKind::RegNotRz { f } => {
                [Some(f), None, None, None, None]
            }
            OpKind::Mem { ra, imm } | OpKind::MemW { ra, imm } => {
                [Some(ra), Some(imm), None, None, None]
            }
            OpKind::ConstMem { bank, ra, imm } | OpKind::ConstReg { bank, ra, imm } => {
                [Some(bank), Some(ra), Some(imm), None, None]
            }
            OpKind::Imm20 { f, sign, .. }
            | OpKind::FImm20 { f, sign }
            | OpKind::DImm20 { f, sign }
            | OpKind::HImmS { f, sign } => [Some(f), Some(sign), None, None, None],
            OpKind::NegImm { f, neg } => [Some(f), Some(neg), None, None, None],
            OpKind::Attr { ra, imm, .. } => [ra, Some(imm), None, None, None],
            OpKind::SImm { f, .. } => [Some(f), None, None, None, None],
        };
        list.into_iter().flatten()
    }
}

pub use gpumem_isa::Space;

/// What a memory instruction does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemKind {
    /// A load from memory into registers (LD, LDG, LDS, LDL, LDC, ...).
    Load,
    /// A store from registers to memory (ST, STG, STS, STL).
    Store,
    /// An atomic read-modify-write that returns the old value (ATOM, ATOMS).
    Atomic,
    /// A reduction: a read-modify-write without a result (RED).
    Reduction,
}

/// The memory facts of a row. The access size, cache operator, `.E` and LDC's address
/// mode are modifier groups of the row, found by [`ModId`] ([`ModId::Sz`],
/// [`ModId::Cop`], [`ModId::E`], [`ModId::Ad`]); their values carry their meaning
/// ([`ModVal::size`], [`ModVal::cache`]).
#[derive(Clone, Copy, Debug)]
pub struct MemFacts {
    /// The state space; for a generic access (`generic`), the space of an address that
    /// falls in neither the shared nor the local window (global).
    pub space: Space,
    /// The address is generic (LD/ST): each lane's address resolves at run time to the
    /// shared window, the local window or global memory (`gpumem_isa::Space` keeps the
    /// four real spaces; a generic access is not a fifth).
    pub generic: bool,
    /// Load or store.
    pub kind: MemKind,
}

/// A flag of [`OpSpec::reuse_ok`] beside the slot bits: the row prints its reuse flags
/// although it accepts slot 3.
pub const REUSE_PRINTED: u8 = 0x80;

/// Whether an op may carry scoreboard barriers (variable latency) in its control slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Latency {
    /// Fixed-latency: nvdisasm rejects a read or write barrier other than 7.
    Fixed,
    /// Variable-latency: any barrier 0..7 is accepted.
    Variable,
}

/// One encoding of the Maxwell ISA.
#[derive(Debug)]
pub struct OpSpec {
    /// What the instruction does; encodings of one operation share it (IADD and
    /// IADD32I are both [`Op::Iadd`]). Executors dispatch on it.
    pub op: Op,
    /// The mnemonic, e.g. `LDG`.
    pub name: &'static str,
    /// A unique name for the encoding (`IADD_R`, `IADD_I`, ...).
    pub form: &'static str,
    /// Fixed bits (under `mask`).
    pub opcode: u64,
    /// Which bits of the word the opcode covers.
    pub mask: u64,
    /// Modifier groups, in nvdisasm's print order.
    pub mods: &'static [ModGroup],
    /// Operands, in print order.
    pub operands: &'static [OpKind],
    /// Bits nvdisasm ignores; the encoder writes 0 there.
    pub ignored: u64,
    /// The first target the encoding exists on.
    pub since: Target,
    /// The last target the encoding exists on with this row's spelling (ATOM's type 4 is
    /// `.U128` until SM50 and `.F16x2.FTZ.RN` since SM52: two rows, one word).
    pub until: Target,
    /// Whether the op is fixed- or variable-latency (may take scoreboard barriers).
    pub latency: Latency,
    /// The memory facts, for a row that accesses memory.
    pub mem: Option<MemFacts>,
    /// The reuse flags nvdisasm accepts in the control word (bit i = slot i); they are
    /// printed as `.reuse` where slot 3 is rejected, or where [`REUSE_PRINTED`] is set
    /// (SM52's half-precision ops take all four and print slots 0-2).
    pub reuse_ok: u8,
    /// Whether the op ends a basic block (used to pad and to analyse control flow).
    pub flow: Flow,
    /// Two bits that, both set, nvdisasm prints as `.PO` ("plus one") instead of two
    /// negations (IADD, ISCADD, IADD32I).
    pub po: Option<(u8, u8)>,
    /// `Some((g, f))`: modifier group `g` (a bitless group of several values) is held in
    /// bits `f` of the control slot's reuse flags, not in the instruction word: the
    /// texture ops' phase `.T`/`.P` in reuse bits 0-1. Those bits are then no reuse flags.
    pub ctrl_mod: Option<(u8, Field)>,
    /// nvdisasm writes the first operand right after the mnemonic, without a space
    /// (`CCTL.E.QRY1[R2+0x4]`, CCTL's operation 0). The assembler takes either spelling.
    pub glued: bool,
}

impl OpSpec {
    /// The row's control-slot modifier group (see [`OpSpec::ctrl_mod`]).
    pub fn ctrl_group(&self) -> Option<(usize, &'static ModGroup, Field)> {
        let (g, f) = self.ctrl_mod?;
        self.mods.get(g as usize).map(|m| (g as usize, m, f))
    }
}

impl OpSpec {
    /// Whether the row exists on `target` (`since <= target <= until`).
    pub fn on(&self, target: Target) -> bool {
        self.since <= target && target <= self.until
    }

    /// Whether value `value` of modifier group `group` agrees with the bits the row's
    /// opcode fixes under its mask (a Pascal `_W..` row fixes a 64-bit size in its type
    /// group's field: the group's other values are another row's words).
    pub fn admits(&self, group: usize, value: u8) -> bool {
        self.mods
            .get(group)
            .is_some_and(|g| (g.put(self.opcode, value) ^ self.opcode) & self.mask == 0)
    }

    /// Whether `word` has both bits of the row's `.PO` pair set.
    pub const fn po_in(&self, word: u64) -> bool {
        match self.po {
            Some((a, b)) => word >> a & 1 == 1 && word >> b & 1 == 1,
            None => false,
        }
    }
}

impl PartialEq for OpSpec {
    fn eq(&self, other: &Self) -> bool {
        self.form == other.form
    }
}
impl Eq for OpSpec {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// How an instruction affects control flow.
pub enum Flow {
    /// Falls through to the next instruction.
    Next,
    /// Names a code address: a jump (BRA, LONGJMP, ...) or a push of a reconvergence or
    /// break target (SSY, PBK, PCNT, ...).
    Branch,
    /// Ends the thread or leaves the function (EXIT, RET, KIL).
    Exit,
    /// Pops the reconvergence stack and jumps to the popped target (SYNC, BRK, CONT).
    Sync,
    /// A barrier: waits for other threads of the CTA (BAR, ...).
    Barrier,
}

/// The guard predicate `@P` of every instruction: bits 16-18 index, bit 19 negate.
pub const GUARD: Field = Field::new(16, 3);
/// Bit 19: the guard predicate is negated (`@!P`).
pub const GUARD_NEG: Field = Field::new(19, 1);

mod info;
#[macro_use]
pub mod vocab;
pub mod atomic;
pub mod bits;
pub mod control;
pub mod convert;
pub mod double;
pub mod float;
pub mod graphics;
pub mod half;
pub mod integer;
pub mod logic;
pub mod memory;
pub mod surface;
pub mod system;
pub mod texture;
pub mod video;
pub mod warpwide;

pub use info::{
    Addressing, ControlFlow, Dispatch, Issue, MIN_CONTROL_STALL, OpFamily, OpInfo, Pipe, Stack,
};

/// Every row of the table, family by family (`codec::ROWS` is their concatenation; a
/// table test checks that each row's op is of the family it is listed under). The order
/// matters only to the assembler, which tries a mnemonic's rows in this order.
pub static PARTS: &[(OpFamily, &[OpSpec])] = &[
    (OpFamily::Memory, memory::ROWS),
    (OpFamily::Atomic, atomic::ROWS),
    (OpFamily::Integer, integer::ROWS),
    (OpFamily::Logic, logic::ROWS),
    (OpFamily::Bits, bits::ROWS),
    (OpFamily::Float, float::ROWS),
    (OpFamily::Double, double::ROWS),
    (OpFamily::Half, half::ROWS),
    (OpFamily::Convert, convert::ROWS),
    (OpFamily::Video, video::VMNMX_ROWS),
    (OpFamily::Video, video::VSET_ROWS),
    (OpFamily::Video, video::VABSDIFF_ROWS),
    (OpFamily::Video, video::VSHL_ROWS),
    (OpFamily::Video, video::VSHR_ROWS),
    (OpFamily::Video, video::VADD_ROWS),
    (OpFamily::Video, video::ROWS),
    (OpFamily::Control, control::ROWS),
    (OpFamily::Warpwide, warpwide::ROWS),
    (OpFamily::System, system::ROWS),
    (OpFamily::Texture, texture::ROWS),
    (OpFamily::Surface, surface::ROWS),
    (OpFamily::Graphics, graphics::ROWS),
];

#[cfg(test)]
mod tests {
    use super::{Addressing, ControlFlow, Flow, Issue, OpKind, PARTS, Pipe};

    #[test]
    fn every_row_is_written_in_its_ops_family_file() {
        for (family, rows) in PARTS {
            for r in rows.iter() {
                assert_eq!(
                    r.op.info().family,
                    *family,
                    "{} is listed under {}",
                    r.form,
                    family.name()
                );
            }
        }
    }

    /// The op facts the consumers derive targets and issue rules from agree with every
    /// row of the op: a relative jump or call has a target operand, an absolute one an
    /// immediate (either may be a constant-bank address instead, launch data the graph
    /// does not follow); a row that ends or redirects a block issues to the branch unit.
    #[test]
    fn control_facts_agree_with_the_rows() {
        for (_, rows) in PARTS {
            for r in rows.iter() {
                let info = r.op.info();
                let has = |want: fn(&OpKind) -> bool| r.operands.iter().any(want);
                match info.flow {
                    ControlFlow::Branch(Addressing::Relative)
                    | ControlFlow::Call(Addressing::Relative) => assert!(
                        has(|k| matches!(k, OpKind::Target { .. } | OpKind::ConstAddr { .. })),
                        "{}: a relative jump without a target",
                        r.form
                    ),
                    ControlFlow::Branch(Addressing::Absolute)
                    | ControlFlow::Call(Addressing::Absolute) => assert!(
                        has(|k| matches!(k, OpKind::UImm { .. } | OpKind::ConstAddr { .. })),
                        "{}: an absolute jump without an address",
                        r.form
                    ),
                    _ => {}
                }
                if info.issue == Issue::ControlStall {
                    assert_eq!(info.pipe, Pipe::Control, "{}", r.form);
                }
                if matches!(
                    r.flow,
                    Flow::Branch | Flow::Exit | Flow::Sync | Flow::Barrier
                ) {
                    assert_ne!(info.issue, Issue::Unit, "{}: ends a block", r.form);
                }
            }
        }
    }
}
