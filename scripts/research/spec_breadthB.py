"""Form specs for breadth-B Maxwell instructions (control flow, warp, atomics, texture/surface, video, misc).
Field labels are my reading of bit-flip surveys (scripts/research/survey_breadthB.py); the sweeps made by
gen_breadthB.py from these specs are the ground truth. Base words marked [P] come from ptxas 11.8 output of
scripts/research/ptx_breadthB.py; [C] words were constructed (opcode found by flips/probes) and verified by nvdisasm.
Kinds: reg, guard, flag, enum (sweep all 2^w values), pred3 (0-7), imm/simm (sampled), rel24 (branch offset,
relative forms are disassembled alone at address 0x8), abs32 (absolute target)."""

R = lambda lo, n: (n, lo, 8, "reg")
F = lambda b, n: (n, b, 1, "flag")
E = lambda lo, w, n: (n, lo, w, "enum")
P3 = lambda lo, n: (n, lo, 3, "pred3")
I = lambda lo, w, n: (n, lo, w, "imm")
S = lambda lo, w, n: (n, lo, w, "simm")
G = ("guard (16-18 index, 19 negate)", 16, 4, "guard")
CC = ("CC test (0xf = T, not printed)", 0, 5, "enum")
REL = ("signed 24-bit byte offset from next instruction", 20, 24, "rel24")
ABS = ("absolute 32-bit target", 20, 32, "abs32")

FORMS = []


def form(op, name, base, fields, notes="", rel=False, group=""):
    FORMS.append(dict(op=op, name=name, base=base, fields=fields, notes=notes, rel=rel, group=group))


# ------------------------------------------------------------------ control flow
CF = "control flow"
form("BRA", "BRA (relative, CC/.U/.LMT forms) [P]", 0xe2400fffff87000f,
     [CC, F(5, "constant-bank target"), F(6, ".LMT"), F(7, ".U"), G, REL], rel=True, group=CF)
form("BRX", "BRX (indirect: Ra + signed offset) [P]", 0xe2500ffffb07000f,
     [CC, F(5, "constant-bank form c[0x1f][Ra+off]"), F(6, ".LMT"), F(7, "bit 7"), G, R(8, "Ra"),
      ("signed 24-bit offset (printed raw, not added to the address)", 20, 24, "simm")], rel=True, group=CF,
     notes="ptxas emits BRX for brx.idx and for indirect calls (preceded by PRET).")
form("JMP", "JMP (absolute) [C]", 0xe21000001007000f,
     [CC, F(5, "constant-bank target"), F(6, ".LMT"), F(7, ".U"), G, ABS], group=CF)
form("JMX", "JMX (absolute, Ra + imm32) [C]", 0xe20000001007020f,
     [CC, F(5, "constant-bank form"), F(6, ".LMT"), F(7, "bit 7"), G, R(8, "Ra"), ABS], group=CF)
form("CAL", "CAL (relative call) [P]", 0xe26000000b000040,
     [F(5, "constant-bank target"), F(6, "0 = .NOINC"), G, REL], rel=True, group=CF)
form("JCAL", "JCAL (absolute call) [P]", 0xe220000010000040,
     [F(5, "constant-bank target"), F(6, "0 = .NOINC"), G, ABS], group=CF,
     notes="ptxas emits `JCAL 0x0` for a call to an .extern function (relocated by the linker).")
form("PRET", "PRET (push return address) [P]", 0xe270000000800040,
     [F(5, "constant-bank target"), F(6, "0 = .NOINC"), G, REL], rel=True, group=CF)
form("PBK", "PBK (push break target) [C]", 0xe2a0000006800000,
     [F(5, "constant-bank target"), G, REL], rel=True, group=CF)
form("PCNT", "PCNT (push continue target) [C]", 0xe2b0000006800000,
     [F(5, "constant-bank target"), G, REL], rel=True, group=CF)
form("PLONGJMP", "PLONGJMP [C]", 0xe280000006800000, [F(5, "constant-bank target"), G, REL], rel=True, group=CF)
form("PEXIT", "PEXIT [C]", 0xe230000006800000, [F(5, "constant-bank target"), G, REL], rel=True, group=CF)
form("SSY", "SSY (re-check, constant-bank flag) [P]", 0xe290000012800000, [F(5, "constant-bank target"), G, REL],
     rel=True, group=CF)
for op, w in (("RET", 0xe32000000007000f), ("BRK", 0xe34000000007000f), ("CONT", 0xe35000000007000f),
              ("KIL", 0xe33000000007000f), ("LONGJMP", 0xe31000000007000f), ("EXIT", 0xe30000000007000f),
              ("RTT", 0xe36000000007000f), ("SAM", 0xe37000000007000f), ("RAM", 0xe38000000007000f)):
    form(op, f"{op} [{'P' if op in ('RET', 'EXIT') else 'C'}]", w, [CC, F(5, "bit 5"), G], group=CF)
form("SYNC", "SYNC (CC forms) [P]", 0xf0f800000000000f, [CC, G], group=CF)
form("BPT", "BPT [P]", 0xe3a00000001000c0, [E(6, 3, "mode"), G, I(20, 20, "imm20 code")], group=CF,
     notes="ptxas: brkpt -> `BPT.TRAP 0x1`; trap -> `BPT.TRAP 0x1` too (see ptx_breadthB traps kernel).")
form("IDE", "IDE [C]", 0xe390000010070000, [F(5, "bit 5 (.DI/.EN)"), G, I(20, 16, "imm16")], group=CF)
form("GETCRSPTR", "GETCRSPTR [C]", 0xe2c000000007000c, [R(0, "Rd"), G], group=CF)
form("SETCRSPTR", "SETCRSPTR [C]", 0xe2e0000000070c00, [R(8, "Ra"), G], group=CF)
form("GETLMEMBASE", "GETLMEMBASE [C]", 0xe2d000000007000c, [R(0, "Rd"), G], group=CF)
form("SETLMEMBASE", "SETLMEMBASE [C]", 0xe2f0000000070c00, [R(8, "Ra"), G], group=CF)

# ------------------------------------------------------------------ warp-wide
W = "warp-wide"
form("VOTE", "VOTE (register result) [P]", 0x50d9e38000070000,
     [R(0, "Rd (RZ = not printed)"), G, P3(39, "Pa"), F(42, "negate Pa"), P3(45, "Pd"), E(48, 2, "mode")], group=W)
form("VOTE", "VOTE (predicate only, Rd = RZ) [P]", 0x50d82400000700ff,
     [G, P3(39, "Pa"), F(42, "negate Pa"), P3(45, "Pd"), E(48, 2, "mode")], group=W)
form("VOTE.VTG", "VOTE.VTG [C]", 0x50e00000001700ff, [G, E(48, 2, "mode"), I(20, 28, "imm28")], group=W)
form("SHFL", "SHFL (imm lane, imm mask) [P]", 0xef17007cf0170406,
     [R(0, "Rd"), R(8, "Ra"), G, I(20, 5, "lane imm (b)"), F(28, "b is Rb"), F(29, "c is Rc"),
      E(30, 2, "mode"), I(34, 13, "clamp/mask imm (c)"), P3(48, "Pd")], group=W)
form("SHFL", "SHFL (Rb lane, Rc mask) [P]", 0xef170680c0070d0a,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), F(28, "b is Rb"), F(29, "c is Rc"), E(30, 2, "mode"),
      R(39, "Rc"), P3(48, "Pd")], group=W)
form("SHFL", "SHFL (Rb lane, imm mask) [P]", 0xef17007c20371d03,
     [R(20, "Rb"), I(34, 13, "c imm"), E(30, 2, "mode")], group=W)
form("SHFL", "SHFL (imm lane, Rc mask) [P]", 0xef17000090170d09,
     [I(20, 5, "lane imm"), R(39, "Rc"), E(30, 2, "mode"), P3(48, "Pd")], group=W)

# ------------------------------------------------------------------ atomics / cache / barriers
A = "atomics, barriers, cache control"
form("ATOM", "ATOM (global/generic) [P]", 0xed01000000270403,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), S(28, 20, "signed byte offset"), F(48, ".E (64-bit address)"),
      E(49, 3, "type"), E(52, 4, "op")], group=A)
form("ATOM.CAS", "ATOM.CAS [P]", 0xeef1000040270400,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb (Rc = Rb+1, or Rb+2 for .64)"), S(28, 20, "signed byte offset"),
      F(48, ".E"), F(49, ".64"), E(50, 2, "RZ operand flags")], group=A)
form("ATOMS", "ATOMS (shared) [P]", 0xec00000000270303,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 2, "type (U32/S32/U64/S64)"), S(30, 22, "signed offset / 4"),
      E(52, 4, "op")], group=A)
form("ATOMS.CAS", "ATOMS.CAS [P]", 0xee40000000270000,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 2, "RZ operand flags"), S(30, 22, "signed offset / 4"),
      F(52, ".64"), F(53, "bit 53"), F(54, ".CAST (CAS with spin)"), F(55, "bit 55")], group=A)
form("RED", "RED (global/generic) [P]", 0xebf90000c0070402,
     [R(0, "Rb (data)"), R(8, "Ra"), G, E(20, 3, "type"), E(23, 3, "op"), S(28, 20, "signed byte offset"),
      F(48, ".E")], group=A)
form("CCTL", "CCTL (generic/global) [P]", 0xef70000000070201,
     [E(0, 4, "op"), E(4, 3, "cache"), R(8, "Ra"), G, S(22, 30, "signed offset / 4"), F(52, ".E")], group=A)
form("CCTLL", "CCTLL (local) [P]", 0xef800ffffc070b01,
     [E(0, 4, "op"), E(4, 2, "cache"), R(8, "Ra"), G, S(22, 22, "signed offset / 4")], group=A)
form("CCTLT", "CCTLT (texture) [C]", 0xebf0000000070001, [E(0, 2, "op"), R(8, "Ra"), G, I(20, 20, "imm")],
     group=A)
form("MEMBAR", "MEMBAR [P]", 0xef98000000070101, [E(0, 2, "invalidate"), E(8, 2, "level"), G], group=A)
form("BAR", "BAR (imm id, imm count) [P]", 0xf0a81b8104070300,
     [I(8, 8, "barrier id imm"), G, I(20, 12, "thread count imm"), E(32, 3, "mode"), E(35, 2, "red op"),
      P3(39, "Pa"), F(42, "negate Pa"), F(43, "count from Rb (0 = imm)"), F(44, "id from Ra (0 = imm)")], group=A)
form("BAR", "BAR (Ra id, Rb count) [P]", 0xf0a8038000670600,
     [R(8, "Ra"), G, R(20, "Rb"), E(32, 3, "mode"), F(43, "count imm"), F(44, "id imm")], group=A)
form("BAR", "BAR.RED (imm id, no count) [P]", 0xf0a81d0200070000,
     [E(32, 3, "mode"), E(35, 2, "red op"), P3(39, "Pa"), F(42, "negate Pa"), F(43, "count"), F(44, "id")],
     group=A)
form("B2R", "B2R [P]", 0xf0b8e0010007ff04, [R(0, "Rd"), G, E(32, 2, "mode"), P3(45, "Pd")], group=A)

# ------------------------------------------------------------------ texture
T = "texture / surface"
TEXF = lambda: [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 3, "dim"), E(31, 4, "component mask"),
                F(35, "bit 35"), I(36, 13, "texture index"), F(49, "bit 49"), F(50, "bit 50"),
                E(51, 3, "bits 51-53 (SM52: predicate output Pd, 7 = PT; SM50 rejects != 7)"), E(54, 3, "bits 54-56 (lod mode + .AOFFI etc., see sweep)")]
form("TEX", "TEX [C]", 0xc038052ff087040c, TEXF(), group=T)
form("TEX.B", "TEX.B (bindless, handle in register) [C]", 0xdeb8000ff087040c,
     [R(0, "Rd"), R(8, "Ra"), R(20, "Rb"), E(28, 3, "dim"), E(31, 4, "mask"), F(35, "bit 35"),
      I(36, 13, "bits 36-48"), F(49, "bit 49"), F(50, "bit 50"), E(51, 3, "bits 51-53"), E(54, 3, "bits 54-56")],
     group=T)
form("TLD", "TLD [C]", 0xdc38052ff087040c, TEXF(), group=T)
form("TLD4", "TLD4 [P]", 0xca380524aff7040c, TEXF() + [E(56, 2, "component (R/G/B/A)")], group=T)
form("TXD", "TXD [P]", 0xde380527a0470804,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 3, "dim"), E(31, 4, "mask"), F(35, "bit 35"),
      I(36, 13, "texture index"), F(49, ".NODEP"), E(50, 4, "bit 50 .LC (SM52) + 51-53 Pd (SM52; SM50 requires 0b1110)"), F(54, ".B (bindless)")], group=T)
form("TXQ", "TXQ [P]", 0xdf48052080471919,
     [R(0, "Rd"), R(8, "Ra"), G, E(22, 6, "query"), E(31, 4, "mask"), I(36, 13, "texture index"), F(49, "bit 49"),
      F(50, "bit 50")], group=T)
form("TMML", "TMML [C]", 0xdf5805200ff7040c,
     [R(0, "Rd"), R(8, "Ra"), R(20, "Rb"), E(28, 3, "dim"), E(31, 4, "mask"), F(35, "bit 35"),
      I(36, 13, "texture index"), F(49, "bit 49"), F(50, "bit 50")], group=T)
form("TEXS", "TEXS [P]", 0xd830052140970816,
     [R(0, "Rd2 (second pair)"), R(8, "Ra"), G, R(20, "Rb"), R(28, "Rd (first pair)"), I(36, 13, "texture index"),
      F(49, ".NODEP"), E(50, 3, "component swizzle"), E(53, 4, "lod + dim code")], group=T)
form("TLDS", "TLDS [P]", 0xda50053120270210,
     [R(0, "Rd2"), R(8, "Ra"), G, R(20, "Rb"), R(28, "Rd"), I(36, 13, "texture index"), F(49, ".NODEP"),
      E(50, 3, "component swizzle"), E(53, 4, "lod + dim code")], group=T)
form("TLD4S", "TLD4S [P]", 0xdf00052100d70c12,
     [R(0, "Rd2"), R(8, "Ra"), G, R(20, "Rb"), R(28, "Rd"), I(36, 13, "texture index"), F(49, ".NODEP"),
      F(50, "bit 50"), F(51, "bit 51"), E(52, 2, "component")], group=T)
SUF = lambda: [R(0, "Rd/Rb"), R(8, "Ra"), G,
               E(20, 4, ".D: size/type 20-22 + .BA at 23; .P: component mask (R=1 G=2 B=4 A=8); SURED: type"),
               E(24, 2, "cache op (.CG/.CI/.CV load, .CG/.CS/.WT store); SURED: op ADD/MIN/MAX/INC"),
               E(28, 3, "bits 28-30 (SM50 ignores; SM52: predicate output Pd)"),
               E(31, 2, "bits 31-32 (SM50 ignores; SM52: Pd)"), E(33, 3, "dim"), I(36, 13, "surface index"),
               E(49, 2, "clamp (.IGN / none / .TRAP)"), F(51, "1 = surface index imm, 0 = register (Rc at 39-46)"),
               F(52, "1 = .D, 0 = .P")]
form("SULD", "SULD.D [P]", 0xeb1c054600c70c00, SUF(), group=T)
form("SULD", "SULD.P [C]", 0xeb0000000ff7040c, SUF(), group=T)
form("SUST", "SUST.D [P]", 0xeb3c054600c71200, SUF(), group=T)
form("SUST", "SUST.P [P]", 0xeb2c054600f71c10, SUF(), group=T)
form("SURED", "SURED [P]", 0xeb5c054000870210, SUF(), group=T)
form("SUATOM", "SUATOM [C]", 0xea0000000ff7040c,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 4, "bit 28 .BA, 29-31 op (see sweep)"), E(32, 4, "bit 32 EXCH?, 33-35 dim (see sweep)"),
      I(36, 13, "surface index"), E(49, 2, "clamp"), E(51, 3, "size"), F(54, "bit 54"), F(55, "bit 55")], group=T)

# ------------------------------------------------------------------ video
V = "video"
VF = lambda extra: [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 3, "b selector"), E(36, 3, "a selector"),
                    R(39, "Rc"), F(47, ".CC"), F(48, "a signed"), F(49, "b signed"), F(50, "b is register (0 = imm16 at 20-35)")] + extra
form("VADD", "VADD [P]", 0x203c7fe060570418,
     VF([E(51, 3, "mode (.ACC/.MIN/.MAX/.MRG_*)"), F(54, "0 = .UD"), F(55, ".SAT"),
         F(56, "negate b"), F(57, "negate a")]), group=V)
form("VADD", "VADD (imm16 b) [C]", 0x2044036012370418, [I(20, 16, "imm16")], group=V)
form("VABSDIFF", "VABSDIFF [P]", 0x543c7fe060570410,
     VF([E(51, 3, "mode"), F(54, "not .UD"), F(55, ".SAT")]), group=V)
form("VMNMX", "VMNMX [P]", 0x3a3c7fe060570412,
     VF([E(51, 3, "mode"), F(54, "not .UD"), F(55, ".SAT"), F(56, ".MX (0 = min)")]), group=V)
form("VSET", "VSET [P]", 0x407c7fe060570414,
     VF([E(51, 3, "mode"), E(54, 3, "comparison")]), group=V)
form("VSETP", "VSETP [C]", 0x50f01c0060570401,
     [P3(0, "Pd (second)"), P3(3, "Pd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 3, "b sel"), E(36, 3, "a sel"),
      P3(39, "Pc"), F(42, "negate Pc"), E(43, 4, "comparison"), E(45, 2, "bool op"), F(48, "a signed"),
      F(49, "b signed"), F(50, "b imm")], group=V)
VSH = lambda: [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 3, "b selector"), E(36, 3, "a selector"),
                R(39, "Rc"), F(47, ".CC"), F(48, "a signed"), F(49, ".W (wrap; takes the place of 'b signed')"),
                F(50, "b is register (0 = imm16)"), E(51, 3, "mode"), F(54, "0 = .UD"), F(55, ".SAT"),
                F(56, "direction: 1 = VSHL, 0 = VSHR")]
form("VSHL", "VSHL [P]", 0x573c7fe06057040a, VSH(), group=V)
form("VSHR", "VSHR [P]", 0x567f7fe06057040b, VSH(), group=V)
form("VMAD", "VMAD [P]", 0x5f0403606057040d,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(28, 3, "b selector"), E(36, 3, "a selector"), R(39, "Rc"),
      F(47, ".CC"), F(48, "a signed"), F(49, "b signed"), F(50, "b imm"), E(51, 2, "scale (.SHR_7/.SHR_15)"),
      E(53, 2, "negation: 1 = -Rc, 2 = -a, 3 = .PO"), F(55, ".SAT")], group=V)
form("VABSDIFF4", "VABSDIFF4 [P]", 0x5038033440570416,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), E(32, 4, "a byte selector"), E(36, 3, "bits 36-38"),
      R(39, "Rc"), F(47, ".CC"), F(48, "a signed"), F(49, "b signed"), E(52, 3, "bits 52-54")], group=V)

# ------------------------------------------------------------------ misc
M = "misc"
form("P2R", "P2R (immediate mask) [C]", 0x38e800000ff7040c,
     [R(0, "Rd"), R(8, "Ra"), G, ("mask imm (20-38, sign 56)", 20, 19, "imm"), F(40, "CC instead of PR"),
      E(41, 2, "byte select")], group=M)
form("P2R", "P2R (register mask) [C]", 0x5ce80000005704fc, [R(0, "Rd"), R(8, "Ra"), R(20, "Rb"), F(40, "CC"),
                                                           E(41, 2, "byte")], group=M)
form("R2P", "R2P (immediate mask) [C]", 0x38f000000ff7040c,
     [R(8, "Ra"), G, ("mask imm", 20, 19, "imm"), F(40, "CC"), E(41, 2, "byte select")], group=M)
form("R2P", "R2P (register mask) [C]", 0x5cf0000000570400, [R(8, "Ra"), R(20, "Rb"), F(40, "CC"),
                                                           E(41, 2, "byte")], group=M)
form("CS2R", "CS2R [P]", 0x50c8000005170000, [R(0, "Rd"), G, ("SR index", 20, 8, "imm")], group=M)
form("FSWZADD", "FSWZADD [C]", 0x50f800000ff7040c,
     [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), I(28, 8, "swizzle (P/N per lane)"), E(38, 3, "bits 38-40"),
      F(44, ".FTZ"), F(47, ".CC")], group=M)
form("LEPC", "LEPC [C]", 0x50d000000007000c, [R(0, "Rd"), G], group=M)
form("NOP", "NOP.TRIG / CC forms [P]", 0x50b0000000872f00,
     [E(8, 5, "CC test"), F(13, ".TRIG"), G, I(20, 16, "imm16")], group=M)
form("R2B", "R2B [C]", 0xf0c000000ff7040c, [R(20, "Rb"), G, E(0, 4, "bits 0-3")], group=M)
form("AL2P", "AL2P (graphics) [C]", 0xefa000000ff7040c, [R(0, "Rd"), R(8, "Ra"), G, I(20, 11, "imm")], group=M)
form("OUT", "OUT (graphics) [C]", 0xfbe000000ff7040c, [R(0, "Rd"), R(8, "Ra"), G, E(39, 2, "type")], group=M)
form("DEPBAR", "DEPBAR (scoreboard wait-set form) [P]", 0xf0f0000000070002,
     [E(0, 6, "SB wait set (bit i = SBi)"), G, I(20, 6, "count (with .LE)"), E(26, 3, "SB index (with .LE)"),
      F(29, ".LE")], group=M,
     notes="ptxas emits `DEPBAR {1}` etc. before warp-aggregated RED loops (red_global kernel). "
           "Printed with braces: `DEPBAR {3,2}`; with .LE: `DEPBAR.LE SB0, 0x0, {1}`.")
form("ALD", "ALD (graphics) [C]", 0xefd8000000070000, [R(0, "Rd"), R(8, "Ra"), G, I(20, 11, "attribute offset"),
                                                       R(39, "Rb"), E(47, 2, "size"), F(32, "bit 32"), F(31, "bit 31")],
     group=M, notes="Opcode found as a single-bit flip of MEMBAR (bit 54).")
form("AST", "AST (graphics) [C]", 0xeff0000000070201, [R(0, "Rb (data)"), R(8, "Ra"), G, I(20, 11, "attribute offset"),
                                                       R(39, "Rc"), E(47, 2, "size"), F(31, "bit 31")],
     group=M, notes="Opcode found as a single-bit flip of CCTL (bit 55).")
form("IPA", "IPA (graphics) [C]", 0xe0500ffff407020f, [R(0, "Rd"), R(8, "Ra"), G, R(20, "Rb"), R(39, "Rc"),
                                                       E(52, 2, "bits 52-53"), E(54, 2, "bits 54-55"), F(51, "bit 51")],
     group=M, notes="Opcode found as a single-bit flip of BRX (bit 57).")
CBT = lambda: [G, S(20, 16, "signed 16-bit byte offset"), I(36, 5, "bank"), I(41, 3, "bits 41-43")]
form("BRA", "BRA (constant-bank target, bit 5) [C]", 0xe240000000570f2f, [CC] + CBT(), rel=True, group=CF)
form("BRX", "BRX (constant-bank target c[bank][Ra+off]) [C]", 0xe250000000570f2f, CBT(), rel=True, group=CF)
form("JMP", "JMP (constant-bank target) [C]", 0xe210000000570f2f, CBT(), group=CF)
form("CAL", "CAL (constant-bank target) [C]", 0xe260000000500f60, CBT(), rel=True, group=CF)
