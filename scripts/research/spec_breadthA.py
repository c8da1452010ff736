"""Field specs for the breadth-A survey (FP32/FP64 arithmetic, compares, SFU, conversions, integer multiply).

Each form: (op, name, base word, fields). Bases are ptxas 11.8 words where one was found in
/tmp/bA (see gen_breadthA.py PTX), otherwise words built from a sibling form and checked with nvdisasm.
Field kinds: reg, guard, pred3 (7 = PT), enum (sweep all values), flag, cbank, imm19 (int, sign at 56),
fimm19 (f32 bits 12-30 at 20-38, sign at 56), dimm19 (f64 bits 44-62 at 20-38, sign at 56),
imm32 (20-51), fimm32 (f32 at 20-51), uimm (unsigned field, sampled).
"""
R = lambda lo, name: (name, lo, 8, "reg")
F = lambda bit, name: (name, bit, 1, "flag")
E = lambda lo, w, name: (name, lo, w, "enum")
P3 = lambda lo, name: (name, lo, 3, "pred3")
U = lambda lo, w, name: (name, lo, w, "uimm")
G = ("guard predicate (16-18 index, 19 negate)", 16, 4, "guard")
CB = ("c[bank][offset]: word offset 20-33 (signed 14-bit), bank 34-38", 20, 19, "cbank")
I19 = ("imm19 (20-38) + sign (56)", 20, 19, "imm19")
FI19 = ("float imm: f32 bits 12-30 at 20-38, sign at 56", 20, 19, "fimm19")
DI19 = ("double imm: f64 bits 44-62 at 20-38, sign at 56", 20, 19, "dimm19")
I32 = ("imm32 (20-51)", 20, 32, "imm32")
FI32 = ("f32 imm (20-51)", 20, 32, "fimm32")
RD, RA, RB, RC = R(0, "Rd"), R(8, "Ra"), R(20, "Rb"), R(39, "Rc")

FORMS = []


def form(op, name, base, fields, notes=""):
    FORMS.append(dict(op=op, name=name, base=base, fields=fields, notes=notes))


# ------------------------------------------------------------------ double precision
DFMA_T = [F(47, ".CC on Rd"), F(48, "negate B (-Rb / imm .NEG / -c)"), F(49, "negate C"),
          E(50, 2, "rounding (0 none=RN, 1 .RM, 2 .RP, 3 .RZ)")]
form("DFMA", "DFMA (register)", 0x5b70010001e72004, [RD, RA, G, RB, RC] + DFMA_T)
form("DFMA", "DFMA (constant bank as B)", 0x4b74010005270404, [RD, RA, G, CB, RC] + DFMA_T)
form("DFMA", "DFMA (constant bank as C)", 0x5378020005271e04, [RD, RA, G, CB, RC] + DFMA_T,
     "The register at 39-46 prints as the 3rd operand, c[][] last.")
form("DFMA", "DFMA (immediate)", 0x367c014000070404, [RD, RA, G, DI19, RC] + DFMA_T)
DMUL_T = [E(39, 2, "rounding (0 none, 1 .RM, 2 .RP, 3 .RZ)"), F(47, ".CC"), F(48, "negate B")]
form("DMUL", "DMUL (register)", 0x5c80000000470406, [RD, RA, G, RB] + DMUL_T)
form("DMUL", "DMUL (constant bank)", 0x4c80000005270404, [RD, RA, G, CB] + DMUL_T)
form("DMUL", "DMUL (immediate)", 0x388001bff8070404, [RD, RA, G, DI19] + DMUL_T)
DADD_T = [E(39, 2, "rounding"), F(45, "negate B"), F(46, "abs A"), F(47, ".CC"), F(48, "negate A"), F(49, "abs B")]
form("DADD", "DADD (register)", 0x5c71000000471e04, [RD, RA, G, RB] + DADD_T)
form("DADD", "DADD (constant bank)", 0x4c70000005270404, [RD, RA, G, CB] + DADD_T)
form("DADD", "DADD (immediate)", 0x387000c010070404, [RD, RA, G, DI19] + DADD_T)
DMNMX_T = [P3(39, "Pp select predicate (7 = PT)"), F(42, "negate Pp (!)"), F(45, "negate B"), F(46, "abs A"),
           F(47, ".CC"), F(48, "negate A"), F(49, "abs B")]
form("DMNMX", "DMNMX (register)", 0x5c50078000470218, [RD, RA, G, RB] + DMNMX_T)
form("DMNMX", "DMNMX (constant bank)", 0x4c50078005270218, [RD, RA, G, CB] + DMNMX_T)
form("DMNMX", "DMNMX (immediate)", 0x385007c020071818, [RD, RA, G, DI19] + DMNMX_T)
SETP_HEAD = [P3(0, "Pq (second dest, 7 = PT)"), P3(3, "Pd (first dest)"), F(6, "negate B"), F(7, "abs A")]
SETP_T = [P3(39, "Pp combine predicate"), F(42, "negate Pp"), F(43, "negate A"), F(44, "abs B"),
          E(45, 2, "combine op (.AND .OR .XOR, 3 = INVALIDBOP3)"), E(48, 4, "comparison")]
form("DSETP", "DSETP (register)", 0x5b8e038001e71807, SETP_HEAD + [RA, G, RB] + SETP_T)
form("DSETP", "DSETP (constant bank)", 0x4b8e038005271807, SETP_HEAD + [RA, G, CB] + SETP_T)
form("DSETP", "DSETP (immediate)", 0x368803c000071817, SETP_HEAD + [RA, G, DI19] + SETP_T)
SET_T = [P3(39, "Pp"), F(42, "negate Pp"), F(43, "negate A"), F(44, "abs B"), E(45, 2, "combine op"),
         F(47, ".CC"), E(48, 4, "comparison"), F(52, ".BF (1.0f instead of 0xffffffff)"), F(53, "negate B"),
         F(54, "abs A")]
form("DSET", "DSET (register)", 0x5900038001371222, [RD, RA, G, RB] + SET_T)
form("DSET", "DSET (constant bank)", 0x4900038005371222, [RD, RA, G, CB] + SET_T)
form("DSET", "DSET (immediate)", 0x320003c000071222, [RD, RA, G, DI19] + SET_T)
# ------------------------------------------------------------------ single precision compares / min-max
FSETP_T = SETP_T + [F(47, ".FTZ")]
form("FSETP", "FSETP (register)", 0x5bb100800137120f, SETP_HEAD + [RA, G, RB] + FSETP_T)
form("FSETP", "FSETP (constant bank)", 0x4bbe03880037048f, SETP_HEAD + [RA, G, CB] + FSETP_T)
form("FSETP", "FSETP (immediate)", 0x36b720bf80071207, SETP_HEAD + [RA, G, FI19] + FSETP_T)
FSET_T = SET_T + [F(55, ".FTZ")]
form("FSET", "FSET (register)", 0x581103800137122b, [RD, RA, G, RB] + FSET_T)
form("FSET", "FSET (constant bank)", 0x480403800547122d, [RD, RA, G, CB] + FSET_T)
form("FSET", "FSET (immediate)", 0x30cc03ff80070006, [RD, RA, G, FI19] + FSET_T)
FCMP_T = [F(47, ".FTZ"), E(48, 4, "comparison")]
form("FCMP", "FCMP (register)", 0x5ba60e0001371200, [RD, RA, G, RB, RC] + FCMP_T,
     "Rd = (Rc cmp 0) ? Ra : B (select on the sign/compare of the last operand).")
form("FCMP", "FCMP (constant bank as B)", 0x4ba60e0005271200, [RD, RA, G, CB, RC] + FCMP_T)
form("FCMP", "FCMP (constant bank as C)", 0x53a60e0005271200, [RD, RA, G, CB, RC] + FCMP_T)
form("FCMP", "FCMP (immediate)", 0x36a60e3f80071200, [RD, RA, G, FI19, RC] + FCMP_T)
FMNMX_T = [P3(39, "Pp (min if true, max if false)"), F(42, "negate Pp"), F(44, ".FTZ"), F(45, "negate B"),
           F(46, "abs A"), F(47, ".CC"), F(48, "negate A"), F(49, "abs B")]
form("FMNMX", "FMNMX (register)", 0x5c60038001371226, [RD, RA, G, RB] + FMNMX_T)
form("FMNMX", "FMNMX (constant bank)", 0x4c60178005472600, [RD, RA, G, CB] + FMNMX_T)
form("FMNMX", "FMNMX (immediate)", 0x386007c000070000, [RD, RA, G, FI19] + FMNMX_T)
# ------------------------------------------------------------------ 32-bit immediate float forms
form("FMUL32I", "FMUL32I", 0x1e240490fdb70000,
     [RD, RA, G, FI32, F(52, ".CC"), E(53, 2, "FTZ/FMZ (1 .FTZ, 2 .FMZ, 3 INVALIDFMZ3)"), F(55, ".SAT")])
form("FADD32I", "FADD32I", 0x0803f80000070400,
     [RD, RA, G, FI32, F(52, ".CC"), F(53, "negate imm (.NEG)"), F(54, "abs A"), F(55, ".FTZ"),
      F(56, "negate A"), F(57, "abs imm (.ABS)")])
form("FFMA32I", "FFMA32I", 0x0c03f80000070400,
     [RD, RA, G, FI32, F(52, ".CC"), E(53, 2, "FTZ/FMZ"), F(55, ".SAT"), F(56, "negate A"),
      F(57, "negate C (C = Rd)")], "The addend is Rd itself; printed as a 4th operand equal to Rd.")
# ------------------------------------------------------------------ FCHK, MUFU, RRO
FCHK_T = [P3(3, "Pd"), E(39, 6, "check mode (0 = .DIVIDE)"), F(45, "negate B"), F(46, "abs A"), F(48, "negate A"),
          F(49, "abs B")]
form("FCHK", "FCHK (register)", 0x5c88000001370008, [RA, G, RB] + FCHK_T)
form("FCHK", "FCHK (constant bank)", 0x4c88000005270008, [RA, G, CB] + FCHK_T)
form("FCHK", "FCHK (immediate)", 0x3888003f80070008, [RA, G, FI19] + FCHK_T)
form("MUFU", "MUFU", 0x5080000000470202,
     [RD, RA, G, E(20, 4, "function"), F(46, "abs A"), F(48, "negate A"), F(50, ".SAT")])
RRO_T = [F(39, "mode (0 .SINCOS, 1 .EX2)"), F(45, "negate B"), F(49, "abs B")]
form("RRO", "RRO (register)", 0x5c90008000270004, [RD, G, RB] + RRO_T)
form("RRO", "RRO (constant bank)", 0x4c90008005270004, [RD, G, CB] + RRO_T)
form("RRO", "RRO (immediate)", 0x389000bf80070004, [RD, G, FI19] + RRO_T)
# ------------------------------------------------------------------ conversions
F2F_T = [E(8, 2, "dest format (.F16/.F32/.F64)"), E(10, 2, "source format"),
         E(39, 3, "rounding / integer rounding (with bit 42: .ROUND .FLOOR .CEIL .TRUNC)"),
         E(41, 2, "B half select (.H1) / bit 42 = integer-round flag"), F(44, ".FTZ"), F(45, "negate B"),
         F(47, ".CC"), F(49, "abs B"), F(50, ".SAT")]
form("F2F", "F2F (register)", 0x5ca8000000e70e06, [RD, G, RB] + F2F_T)
form("F2F", "F2F (constant bank)", 0x4ca8000005270e06, [RD, G, CB] + F2F_T)
form("F2F", "F2F (immediate)", 0x38a8003f80070a06, [RD, G, FI19] + F2F_T)
F2I_T = [E(8, 2, "dest size"), E(10, 2, "source format"), F(12, "signed dest"),
         E(39, 2, "rounding (.ROUND none/.FLOOR/.CEIL/.TRUNC)"), F(41, "B.H1"), F(44, ".FTZ"), F(45, "negate B"),
         F(47, ".CC"), F(49, "abs B")]
form("F2I", "F2I (register, F64 source)", 0x5cb0018000a71f02, [RD, G, RB] + F2I_T)
form("F2I", "F2I (constant bank, F64)", 0x4cb0018005271f02, [RD, G, CB] + F2I_T)
form("F2I", "F2I (immediate)", 0x38b001bff8071f02, [RD, G, FI19] + F2I_T,
     "The immediate is decoded as an f32 top-19 even when the source format is .F64 (see sweeps).")
I2F_T = [E(8, 2, "dest format"), E(10, 2, "source size"), F(13, "signed source"), E(39, 2, "rounding"),
         E(41, 2, "byte/half select"), F(45, "negate"), F(47, ".CC"), F(49, "abs")]
form("I2F", "I2F (register, 64-bit)", 0x5cb8000002272f0a, [RD, G, RB] + I2F_T)
form("I2F", "I2F (constant bank, 64-bit)", 0x4cb8000005272f0a, [RD, G, CB] + I2F_T)
form("I2F", "I2F (immediate, 64-bit)", 0x38b8000000172f0a, [RD, G, I19] + I2F_T)
I2I_T = [E(8, 2, "dest size"), E(10, 2, "source size"), F(12, "signed dest"), F(13, "signed source"),
         E(41, 2, "byte select"), F(45, "negate"), F(47, ".CC"), F(49, "abs"), F(50, ".SAT")]
form("I2I", "I2I (register)", 0x5ce0000002573a00, [RD, G, RB] + I2I_T)
form("I2I", "I2I (constant bank)", 0x4ce0000005273a00, [RD, G, CB] + I2I_T)
form("I2I", "I2I (immediate)", 0x38e0000000173a00, [RD, G, I19] + I2I_T)
# ------------------------------------------------------------------ integer multiply
IMUL_T = [F(39, ".HI"), F(40, "A signed (.S32 first)"), F(41, "B signed (.S32 second)"), F(47, ".CC")]
form("IMUL", "IMUL (register)", 0x5c38000000270104, [RD, RA, G, RB] + IMUL_T)
form("IMUL", "IMUL (constant bank)", 0x4c38000005270104, [RD, RA, G, CB] + IMUL_T)
form("IMUL", "IMUL (immediate)", 0x3838000000770104, [RD, RA, G, I19] + IMUL_T)
form("IMUL32I", "IMUL32I", 0x1f00000000770104,
     [RD, RA, G, I32, F(52, ".CC"), F(53, ".HI"), F(54, "A signed"), F(55, "B signed")])
IMAD_T = [F(47, ".CC"), F(48, "A signed"), F(49, ".X"), F(50, ".SAT"), F(51, "negate C"), F(52, "negate A"),
          F(53, "B signed"), F(54, ".HI")]
form("IMAD", "IMAD (register)", 0x5a00018000270104, [RD, RA, G, RB, RC] + IMAD_T,
     "Negating both A and C prints .PO (see sweep of bits 51/52 together in the extra words).")
form("IMAD", "IMAD (constant bank as B)", 0x4a00018005270104, [RD, RA, G, CB, RC] + IMAD_T)
form("IMAD", "IMAD (constant bank as C)", 0x5200018005270104, [RD, RA, G, CB, RC] + IMAD_T)
form("IMAD", "IMAD (immediate)", 0x3400018000770104, [RD, RA, G, I19, RC] + IMAD_T)
form("IMAD32I", "IMAD32I", 0x1000000000770104,
     [RD, RA, G, I32, F(52, ".CC"), F(53, ".HI"), F(54, "A signed"), F(55, "negate C"), F(56, "negate A"),
      F(57, "B signed")], "The addend is Rd itself.")
IMADSP_T = [F(47, ".CC"), E(48, 3, "A type / mode (bits 48-50)"), E(51, 2, "C type (bits 51-52)"),
            E(53, 2, "B type (bits 53-54)")]
form("IMADSP", "IMADSP (register)", 0x5a80018000270104, [RD, RA, G, RB, RC] + IMADSP_T)
form("IMADSP", "IMADSP (constant bank as B)", 0x4a80018005270104, [RD, RA, G, CB, RC] + IMADSP_T)
form("IMADSP", "IMADSP (constant bank as C)", 0x5280018005270104, [RD, RA, G, CB, RC] + IMADSP_T)
form("IMADSP", "IMADSP (immediate)", 0x3480018000770104, [RD, RA, G, I19, RC] + IMADSP_T)
form("ISCADD32I", "ISCADD32I", 0x16ec080000070300,
     [RD, RA, G, I32, F(52, ".CC"), E(53, 5, "shift (printed last)")])
# ------------------------------------------------------------------ integer compares
ICMP_T = [F(48, "signed (0 prints .U32)"), E(49, 3, "comparison")]
form("ICMP", "ICMP (register)", 0x5b4d110001071d21, [RD, RA, G, RB, RC] + ICMP_T,
     "Rd = (Rc cmp 0) ? Ra : B.")
form("ICMP", "ICMP (constant bank as B)", 0x4b4d110005271d21, [RD, RA, G, CB, RC] + ICMP_T)
form("ICMP", "ICMP (constant bank as C)", 0x534d110005271d21, [RD, RA, G, CB, RC] + ICMP_T)
form("ICMP", "ICMP (immediate)", 0x364d110000171d21, [RD, RA, G, I19, RC] + ICMP_T)
ISET_T = [P3(39, "Pp"), F(42, "negate Pp"), F(43, ".X"), F(44, ".BF"), E(45, 2, "combine op"), F(47, ".CC"),
          F(48, "signed (0 prints .U32)"), E(49, 3, "comparison")]
form("ISET", "ISET (register)", 0x5b53038001071d32, [RD, RA, G, RB] + ISET_T)
form("ISET", "ISET (constant bank)", 0x4b5c038005571d33, [RD, RA, G, CB] + ISET_T)
form("ISET", "ISET (immediate)", 0x3653038000171d32, [RD, RA, G, I19] + ISET_T)
ISETP_T = [P3(0, "Pq"), P3(3, "Pd"), P3(39, "Pp"), F(42, "negate Pp"), F(43, ".X"), E(45, 2, "combine op"),
           F(48, "signed (0 prints .U32)"), E(49, 3, "comparison")]
form("ISETP", "ISETP (register, .X)", 0x5b6d0b8002373027, [RA, G, RB] + ISETP_T)
form("ISETP", "ISETP (constant bank, .X)", 0x4b680b800577302f, [RA, G, CB] + ISETP_T)
form("ISETP", "ISETP (immediate, .X)", 0x366d0b8000173027, [RA, G, I19] + ISETP_T)
# ------------------------------------------------------------------ LEA.HI, CS2R
form("LEA.HI", "LEA.HI (register)", 0x5bdf11c032572225,
     [RD, RA, G, RB, U(28, 5, "shift (printed last)"), F(37, "negate A"), F(38, ".X"), RC, F(47, ".CC"),
      P3(48, "Pd carry-out (7 = PT, not printed)")],
     "Rd = hi32((Rc:Ra) << shift) + B. Bits 33-36 ignored.")
form("LEA.HI", "LEA.HI (constant bank)", 0x18df11c005272225,
     [RD, RA, G, CB, RC, F(47, ".CC"), P3(48, "Pd"), U(51, 5, "shift"), F(56, "negate A"), F(57, ".X")],
     "Own 6-bit opcode 000110 at 58-63 (a 32I-style layout): shift moves to 51-55.")
form("CS2R", "CS2R", 0x50c8000005070036, [RD, G, U(20, 8, "special register (same numbering as S2R)")])
