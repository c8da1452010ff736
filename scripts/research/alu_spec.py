"""Per-opcode field specs for Maxwell non-memory instructions, checked against nvdisasm -b SM50.

Run: python3 scripts/research/alu_spec.py   -> writes docs/research/maxwell-alu-facts.md (generated part)
and tests/data/maxwell-alu-examples.tsv. Every example line is produced by nvdisasm here.
"""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
import nvd

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# field kinds: reg, pred3 (3-bit predicate, 7 = PT), npred (negate flag of a predicate), enum (sweep all),
# flag (1 bit), imm19 (bits 20-38 + sign bit 56), cbank (offset 20-33 word-scaled signed, bank 34-38),
# imm32 (20-51), fimm19 (float, top 19 bits of an f32 at 20-38, sign at 56), imm (unsigned field, samples),
# simm (signed field, samples)
R = lambda lo, name: (name, lo, 8, "reg")
F = lambda bit, name: (name, bit, 1, "flag")
E = lambda lo, w, name: (name, lo, w, "enum")
P3 = lambda lo, name: (name, lo, 3, "pred3")
IMM19 = ("imm19 (20-38) + sign (56)", 20, 19, "imm19")
CB = ("c[bank][offset]: offset/4 at 20-33 (signed 14-bit), bank at 34-38", 20, 19, "cbank")
FIMM19 = ("float imm: f32 bits 12-30 at 20-38, f32 sign at 56", 20, 19, "fimm19")
IMM32 = ("imm32 (20-51)", 20, 32, "imm32")
GUARD = ("guard predicate: 16-18 index, 19 negate", 16, 4, "guard")

FORMS = []


def form(op, name, base, opc, fields, notes=""):
    FORMS.append(dict(op=op, name=name, base=base, opc=opc, fields=fields, notes=notes))


# ---------------------------------------------------------------- integer add / shift-add
form("IADD", "IADD (register)", 0x5c10000000d70204, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), F(43, ".X (add carry-in)"), F(47, ".CC (write CC)"),
      F(48, "negate Rb (-Rb)"), F(49, "negate Ra (-Ra)"), F(50, ".SAT")],
     "Bit 48 and 49 set together print `.PO` (plus one) instead of two negations; see sweep.")
form("IADD", "IADD (constant bank)", 0x4c10800005270e02, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, F(43, ".X"), F(47, ".CC"), F(48, "negate c[][] (-c[..][..])"),
      F(49, "negate Ra"), F(50, ".SAT")])
form("IADD", "IADD (immediate)", 0x3810000000170204, (63, 57, "bits 63-57 and 55-51; bit 56 is the imm sign"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, F(43, ".X"), F(47, ".CC"), F(48, "negate imm"),
      F(49, "negate Ra"), F(50, ".SAT")])
form("IADD32I", "IADD32I (32-bit immediate)", 0x1c00000000170d00, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM32, F(52, ".CC"), F(53, ".X"), F(54, ".SAT"), F(56, "negate Ra")],
     "Bit 55 with bit 56 set prints `.PO`; bit 55 alone is rejected.")
form("IADD3", "IADD3 (register)", 0x5cc0048000070200, (63, 49, "bits 63-52 fixed; 51-49 are negations"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(31, 2, "Rc half select (.H0/.H1)"),
      E(33, 2, "Rb half select"), E(35, 2, "Ra half select"), E(37, 2, "shift mode (.RS/.LS)"),
      R(39, "Rc"), F(47, ".CC"), F(48, ".X"), F(49, "negate Rc"), F(50, "negate Rb"), F(51, "negate Ra")])
form("IADD3", "IADD3 (constant bank)", 0x4cc0000005270200, (63, 52),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rc"), F(47, ".CC"), F(48, ".X"), F(49, "negate Rc"),
      F(50, "negate c"), F(51, "negate Ra")])
form("IADD3", "IADD3 (immediate)", 0x38c0000000170200, (63, 57, "bits 63-57, 55-52; 56 = imm sign"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, R(39, "Rc"), F(47, ".CC"), F(48, ".X"), F(49, "negate Rc"),
      F(50, "negate imm"), F(51, "negate Ra")])
form("ISCADD", "ISCADD (register)", 0x5c18040000670d0d, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(39, 5, "shift amount (printed last, hex)"),
      F(47, ".CC"), F(48, "negate Rb"), F(49, "negate Ra")],
     "Semantics: Rd = (Ra << shift) + Rb.")
form("ISCADD", "ISCADD (constant bank)", 0x4c18810005270002, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, E(39, 5, "shift"), F(47, ".CC"), F(48, "negate c"), F(49, "negate Ra")])
form("ISCADD", "ISCADD (immediate)", 0x3818010000170204, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, E(39, 5, "shift"), F(47, ".CC"), F(48, "negate imm"),
      F(49, "negate Ra")])
form("LEA", "LEA (register, low)", 0x5bd7010000170407, (63, 48, "bits 63-51 with 50-48 = Pd"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(39, 5, "shift"), F(45, "negate Ra"), F(46, ".X"),
      F(47, ".CC"), P3(48, "Pd (carry-out predicate; 7 = PT is not printed)")],
     "Rd = (Ra << shift) + Rb. Shift 0 is not printed (`LEA R7, R4, R1 ;`).")
form("LEA", "LEA (constant bank)", 0x4bd7010005170407, (63, 48),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, E(39, 5, "shift"), F(45, "negate Ra"), F(46, ".X"), F(47, ".CC"),
      P3(48, "Pd")])
form("LEA", "LEA (immediate)", 0x36d7010000170407, (63, 48),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, E(39, 5, "shift"), F(45, "negate Ra"), F(46, ".X"), F(47, ".CC"),
      P3(48, "Pd")])
# ---------------------------------------------------------------- XMAD
form("XMAD", "XMAD (register)", 0x5b007f8000770406, (63, 53, "bits 63-57 fixed; 56-53 see table"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), F(35, "Rb.H1"), E(36, 3, "mode: 0 none, 1 .PSL, 2 .MRG? etc (see sweep), 4 .X?"),
      R(39, "Rc"), F(47, ".CC"), E(48, 2, "signedness (.U16/.S16 of a and b)"), E(50, 3, "Rc mode (.CLO/.CHI/.CSFU/.CBCC)"),
      F(53, "Ra.H1")])
form("XMAD", "XMAD (immediate)", 0x36007f8000a70005, (63, 54),
     [R(0, "Rd"), R(8, "Ra"), GUARD, ("imm16 (20-35), unsigned", 20, 16, "imm"), E(36, 3, "mode"),
      R(39, "Rc"), F(47, ".CC"), E(48, 2, "signedness"), E(50, 3, "Rc mode"), F(53, "Ra.H1")])
form("XMAD", "XMAD (constant bank as B)", 0x4e00010000270002, (63, 57, "bits 63-57 = 0100111 (0x4e/0x4f)"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rc"), F(47, ".CC"), E(48, 2, "signedness"), E(50, 2, "Rc mode"),
      F(52, "c[][].H1"), F(53, "Ra.H1"), E(54, 3, "mode: 54 .X, 55 .PSL, 56 .MRG")])
form("XMAD", "XMAD (constant bank as C)", 0x5100000005270002, (63, 57, "bits 63-57 = 0101000 (0x50/0x51)"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rb"), F(47, ".CC"), E(48, 2, "signedness"), E(50, 2, "Rc mode"),
      F(52, "Rb.H1"), F(53, "Ra.H1"), E(54, 3, "mode bits")])
# ---------------------------------------------------------------- compare / select / minmax
form("ISETP", "ISETP (register)", 0x5b6c038000570407, (63, 52),
     [P3(0, "Pq (second dest)"), P3(3, "Pd"), R(8, "Ra"), GUARD, R(20, "Rb"), P3(39, "Pp (combine source)"),
      F(42, "negate Pp (!P)"), F(43, ".X"), E(45, 2, "bool op (.AND/.OR/.XOR)"), F(48, "signed(0)/.U32(1)... see sweep"),
      E(49, 3, "compare (.F .LT .EQ .LE .GT .NE .GE .T)")])
form("ISETP", "ISETP (constant bank)", 0x4b6c038005470007, (63, 52),
     [P3(0, "Pq"), P3(3, "Pd"), R(8, "Ra"), GUARD, CB, P3(39, "Pp"), F(42, "negate Pp"), F(43, ".X"),
      E(45, 2, "bool op"), E(48, 4, "cmp+sign")])
form("ISETP", "ISETP (immediate)", 0x3669038003270407, (63, 52),
     [P3(0, "Pq"), P3(3, "Pd"), R(8, "Ra"), GUARD, IMM19, P3(39, "Pp"), F(42, "negate Pp"), F(43, ".X"),
      E(45, 2, "bool op"), E(48, 4, "cmp+sign")])
form("IMNMX", "IMNMX (register)", 0x5c21038000570400, (63, 49),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), P3(39, "Pp (selects min if true, max if false)"),
      F(42, "negate Pp"), E(43, 2, "extended mode (.XLO/.XHI/.XMED)"), F(47, ".CC"), F(48, ".U32 when 0 ... see sweep")],
     "ptxas uses PT for min and !PT for max.")
form("IMNMX", "IMNMX (constant bank)", 0x4c21038005570400, (63, 49),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, P3(39, "Pp"), F(42, "negate Pp"), E(43, 2, "ext"), F(47, ".CC"), F(48, "sign")])
form("IMNMX", "IMNMX (immediate)", 0x3821038006470400, (63, 49),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, P3(39, "Pp"), F(42, "negate Pp"), E(43, 2, "ext"), F(47, ".CC"), F(48, "sign")])
form("SEL", "SEL (register)", 0x5ca0000000270403, (63, 48),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), P3(39, "Pp (Rd = Pp ? Ra : Rb)"), F(42, "negate Pp")])
form("SEL", "SEL (immediate)", 0x38a0000000170403, (63, 48),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, P3(39, "Pp"), F(42, "negate Pp")])
form("PSETP", "PSETP", 0x5090038000070007, (63, 48),
     [P3(0, "Pq"), P3(3, "Pd"), P3(12, "Pa"), F(15, "negate Pa"), GUARD, P3(29, "Pb"), F(32, "negate Pb"),
      E(24, 2, "bool op 1 (Pa op Pb)"), P3(39, "Pc"), F(42, "negate Pc"), E(45, 2, "bool op 2 (.. op Pc)")])
form("PSET", "PSET", 0x50880380e0071017, (63, 48),
     [R(0, "Rd"), P3(12, "Pa"), F(15, "negate Pa"), GUARD, E(24, 2, "bool op 1"), P3(29, "Pb"), F(32, "negate Pb"),
      P3(39, "Pc"), F(42, "negate Pc"), F(44, ".BF (1.0f instead of -1)"), E(45, 2, "bool op 2")])
# ---------------------------------------------------------------- logic / bit ops
form("LOP", "LOP (register)", 0x5c47040000b70a10, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), F(39, "invert Ra (~Ra)"), F(40, "invert Rb (~Rb)"),
      E(41, 2, "op (.AND .OR .XOR .PASS_B)"), F(43, ".X"), E(44, 2, "predicate test (.T/.Z/.NZ)"),
      F(47, ".CC"), P3(48, "Pd (7 = PT not printed)")])
form("LOP", "LOP (constant bank)", 0x4c47040005170a10, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, F(39, "~Ra"), F(40, "~c"), E(41, 2, "op"), F(43, ".X"),
      E(44, 2, "pred test"), F(47, ".CC"), P3(48, "Pd")])
form("LOP", "LOP (immediate)", 0x3847040000170a10, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, F(39, "~Ra"), F(40, "~imm"), E(41, 2, "op"), F(43, ".X"),
      E(44, 2, "pred test"), F(47, ".CC"), P3(48, "Pd")])
form("LOP32I", "LOP32I", 0x044000000ff80407, (63, 58),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM32, F(52, ".CC"), E(53, 2, "op (.AND .OR .XOR .PASS_B)"),
      F(55, "~Ra"), F(56, "invert imm (.INV suffix on the immediate)"), F(57, ".X")])
form("LOP3", "LOP3.LUT (register)", 0x5be7070fe0070f00, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), ("LUT (28-35)", 28, 8, "imm"), E(36, 2, "pred test (.T/.Z/.NZ)"),
      F(38, ".X"), R(39, "Rc"), F(47, ".CC"), P3(48, "Pd")])
form("LOP3", "LOP3.LUT (immediate)", 0x3c00000000170f00, (63, 58),
     [R(0, "Rd"), R(8, "Ra"), GUARD, ("imm32 (20-51)? see note", 20, 19, "imm"), R(39, "Rc"),
      ("LUT (48-55)", 48, 8, "imm"), F(56, "?"), F(57, ".X")])
form("LOP3", "LOP3.LUT (constant bank)", 0x0200000000170f00, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rc"), ("LUT (48-55)", 48, 8, "imm"), F(56, ".X")])
form("SHL", "SHL (immediate)", 0x384800000027000e, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, F(39, ".W (wrap)"), F(43, ".X"), F(47, ".CC")])
form("SHL", "SHL (register)", 0x5c48000000270003, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), F(39, ".W"), F(43, ".X"), F(47, ".CC")])
form("SHL", "SHL (constant bank)", 0x4c48000005270003, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, F(39, ".W"), F(43, ".X"), F(47, ".CC")])
form("SHR", "SHR (immediate)", 0x382900000077040a, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, F(39, ".W"), F(40, ".BREV"), E(43, 2, ".X mode"), F(47, ".CC"),
      F(48, "signed (1) / .U32 (0)")])
form("SHR", "SHR (register)", 0x5c28000000270003, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), F(39, ".W"), F(40, ".BREV"), E(43, 2, ".X mode"), F(47, ".CC"),
      F(48, "signed")])
form("SHR", "SHR (constant bank)", 0x4c28000005270003, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, F(39, ".W"), F(40, ".BREV"), E(43, 2, ".X mode"), F(47, ".CC"), F(48, "signed")])
form("SHF", "SHF.L (immediate)", 0x36fc02000057040b, (63, 51, "bit 51 clear: immediate/ 4-op class"),
     [R(0, "Rd"), R(8, "Ra"), GUARD, ("shift amount imm (20-25) [26-38 ignored?]", 20, 6, "imm"),
      E(37, 2, "max shift (.S32? / .U64 ...)"), R(39, "Rc"), F(47, ".CC"), F(48, ".HI"), E(49, 2, "X mode / W")])
form("SHF", "SHF.L (register)", 0x5bf802000057040b, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(37, 2, "max shift"), R(39, "Rc"), F(47, ".CC"), F(48, ".HI"),
      E(49, 2, "X mode / W")])
form("SHF", "SHF.R (register)", 0x5cf802000057040b, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(37, 2, "max shift"), R(39, "Rc"), F(47, ".CC"), F(48, ".HI"),
      E(49, 2, "X mode / W")])
form("SHF", "SHF.R (immediate)", 0x38f802000057040b, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, ("shift imm (20-25)", 20, 6, "imm"), E(37, 2, "max shift"), R(39, "Rc"),
      F(47, ".CC"), F(48, ".HI"), E(49, 2, "X mode / W")])
form("BFE", "BFE (immediate)", 0x380100008047040b, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, F(40, ".BREV"), F(47, ".CC"), F(48, "signed (1) / .U32 (0)")],
     "Operand B packs position (bits 0-7) and length (bits 8-15): `0x804` = length 8, position 4.")
form("BFE", "BFE (register)", 0x5c00000000270408, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), F(40, ".BREV"), F(47, ".CC"), F(48, "signed")])
form("BFE", "BFE (constant bank)", 0x4c00000005270408, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, F(40, ".BREV"), F(47, ".CC"), F(48, "signed")])
form("BFI", "BFI (immediate)", 0x36f07f804027040a, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, R(39, "Rc"), F(47, ".CC")],
     "Operand order `BFI Rd, Ra(insert), B(pos|len<<8), C(base)`.")
form("BFI", "BFI (register)", 0x5bf07f8000270403, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), R(39, "Rc"), F(47, ".CC")])
form("BFI", "BFI (constant bank as B)", 0x4bf07f8005270403, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rc"), F(47, ".CC")])
form("BFI", "BFI (constant bank as C)", 0x53f0048800070409, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rb (printed 3rd)"), F(47, ".CC")])
form("PRMT", "PRMT (immediate)", 0x36c07f801237040f, (63, 52),
     [R(0, "Rd"), R(8, "Ra"), GUARD, IMM19, R(39, "Rc"), E(48, 3, "mode (.F4E .B4E .RC8 .ECL .ECR .RC16)")])
form("PRMT", "PRMT (register)", 0x5bc07f8000270403, (63, 52),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), R(39, "Rc"), E(48, 3, "mode")])
form("PRMT", "PRMT (constant bank as B)", 0x4bc07f8005270403, (63, 52),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rc"), E(48, 3, "mode")])
form("POPC", "POPC (register)", 0x5c08000000470006, (63, 51),
     [R(0, "Rd"), GUARD, R(20, "Rb"), F(40, "invert (~Rb)")], "Ra (8-15) is ignored.")
form("POPC", "POPC (immediate)", 0x3808000000170006, (63, 57), [R(0, "Rd"), GUARD, IMM19, F(40, "invert")])
form("POPC", "POPC (constant bank)", 0x4c08000005270006, (63, 51), [R(0, "Rd"), GUARD, CB, F(40, "invert")])
form("FLO", "FLO (register)", 0x5c30000000470007, (63, 51),
     [R(0, "Rd"), GUARD, R(20, "Rb"), F(40, "invert (~Rb)"), F(41, ".SH (shift amount)"), F(47, ".CC"),
      F(48, ".U32 when 0? see sweep")])
form("FLO", "FLO (immediate)", 0x3830000000170007, (63, 57),
     [R(0, "Rd"), GUARD, IMM19, F(40, "invert"), F(41, ".SH"), F(47, ".CC"), F(48, "sign")])
form("FLO", "FLO (constant bank)", 0x4c30000005270007, (63, 51),
     [R(0, "Rd"), GUARD, CB, F(40, "invert"), F(41, ".SH"), F(47, ".CC"), F(48, "sign")])
# ---------------------------------------------------------------- moves
form("MOV", "MOV (register)", 0x5c9807800ff70018, (63, 51),
     [R(0, "Rd"), GUARD, R(20, "Rb"), E(39, 4, "lane mask (0xf = all, not printed)")], "Ra (8-15) ignored.")
form("MOV", "MOV (constant bank)", 0x4c98078000870001, (63, 51),
     [R(0, "Rd"), GUARD, CB, E(39, 4, "lane mask")])
form("MOV", "MOV (immediate)", 0x3898078000170018, (63, 57), [R(0, "Rd"), GUARD, IMM19, E(39, 4, "lane mask")])
form("MOV32I", "MOV32I", 0x010000000017f007, (63, 52),
     [R(0, "Rd"), E(12, 4, "lane mask (0xf not printed)"), GUARD, IMM32], "Bits 8-11 ignored.")
form("S2R", "S2R", 0xf0c8000002570000, (63, 51), [R(0, "Rd"), GUARD, ("SR index (20-27)", 20, 8, "sr")])
# ---------------------------------------------------------------- float
form("FADD", "FADD (register)", 0x5c5860000ff7000a, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(39, 2, "rounding (.RN none, .RM, .RP, .RZ)"), F(44, ".FTZ"),
      F(45, "negate Rb"), F(46, "|Ra|"), F(47, ".CC"), F(48, "negate Ra"), F(49, "|Rb|"), F(50, ".SAT")])
form("FADD", "FADD (immediate)", 0x3958004040070909, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, FIMM19, E(39, 2, "rounding"), F(44, ".FTZ"), F(45, "negate imm (.NEG)"),
      F(46, "|Ra|"), F(47, ".CC"), F(48, "negate Ra"), F(49, "abs imm (.ABS)"), F(50, ".SAT")])
form("FADD", "FADD (constant bank)", 0x4c58000005270909, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, E(39, 2, "rounding"), F(44, ".FTZ"), F(45, "negate c"), F(46, "|Ra|"),
      F(47, ".CC"), F(48, "negate Ra"), F(49, "|c|"), F(50, ".SAT")])
form("FMUL", "FMUL (register)", 0x5c68000000070009, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), E(39, 2, "rounding"), E(41, 3, "scale (.D2 .D4 .D8 .M8 .M4 .M2)"),
      E(44, 2, ".FTZ/.FMZ"), F(47, ".CC"), F(48, "negate Rb"), F(50, ".SAT")])
form("FMUL", "FMUL (immediate)", 0x3868003e80070a0a, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, FIMM19, E(39, 2, "rounding"), E(41, 3, "scale"), E(44, 2, "ftz/fmz"),
      F(47, ".CC"), F(48, "negate imm"), F(50, ".SAT")])
form("FMUL", "FMUL (constant bank)", 0x4c68000005270909, (63, 51),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, E(39, 2, "rounding"), E(41, 3, "scale"), E(44, 2, "ftz/fmz"),
      F(47, ".CC"), F(48, "negate c"), F(50, ".SAT")])
form("FFMA", "FFMA (register)", 0x5980000000270000, (63, 55),
     [R(0, "Rd"), R(8, "Ra"), GUARD, R(20, "Rb"), R(39, "Rc"), F(47, ".CC"), F(48, "negate Rb (product)"),
      F(49, "negate Rc"), F(50, ".SAT"), E(51, 2, "rounding"), E(53, 2, ".FTZ/.FMZ")])
form("FFMA", "FFMA (immediate)", 0x3280033f00070000, (63, 57),
     [R(0, "Rd"), R(8, "Ra"), GUARD, FIMM19, R(39, "Rc"), F(47, ".CC"), F(48, "negate imm"), F(49, "negate Rc"),
      F(50, ".SAT"), E(51, 2, "rounding"), E(53, 2, "ftz/fmz")])
form("FFMA", "FFMA (constant bank as B)", 0x4980000005270000, (63, 55),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rc"), F(47, ".CC"), F(48, "negate c"), F(49, "negate Rc"),
      F(50, ".SAT"), E(51, 2, "rounding"), E(53, 2, "ftz/fmz")])
form("FFMA", "FFMA (constant bank as C)", 0x5180000005270000, (63, 55),
     [R(0, "Rd"), R(8, "Ra"), GUARD, CB, R(39, "Rb"), F(47, ".CC"), F(48, "negate Rb"), F(49, "negate c"),
      F(50, ".SAT"), E(51, 2, "rounding"), E(53, 2, "ftz/fmz")])
form("I2F", "I2F (register)", 0x5cb8000000272a00, (63, 51),
     [R(0, "Rd"), E(8, 2, "dest size (.F16 .F32 .F64)"), E(10, 2, "source size (8/16/32/64)"), F(13, "signed source"),
      GUARD, R(20, "Rb"), E(39, 2, "rounding"), E(41, 2, "byte select (.B1 .B2 .B3)/(.H1)"), F(45, "negate"),
      F(47, ".CC"), F(49, "abs")])
form("I2F", "I2F (constant bank)", 0x4cb8000005272a00, (63, 51),
     [R(0, "Rd"), E(8, 2, "dest size"), E(10, 2, "source size"), F(13, "signed"), GUARD, CB, E(39, 2, "rounding"),
      E(41, 2, "byte select"), F(45, "negate"), F(47, ".CC"), F(49, "abs")])
form("I2F", "I2F (immediate)", 0x38b8000000172a00, (63, 57),
     [R(0, "Rd"), E(8, 2, "dest size"), E(10, 2, "source size"), F(13, "signed"), GUARD, IMM19, E(39, 2, "rounding"),
      F(45, "negate"), F(47, ".CC"), F(49, "abs")])
form("F2I", "F2I (register)", 0x5cb0018000071a08, (63, 51),
     [R(0, "Rd"), E(8, 2, "dest size (16/32/64)"), E(10, 2, "source size (.F16 .F32 .F64)"), F(12, "signed dest"),
      GUARD, R(20, "Rb"), E(39, 2, "rounding (none=RNI? .FLOOR .CEIL .TRUNC)"), F(41, "Rb.H1"), F(44, ".FTZ"),
      F(45, "negate"), F(47, ".CC"), F(49, "abs")])
form("F2I", "F2I (constant bank)", 0x4cb0018005271a08, (63, 51),
     [R(0, "Rd"), E(8, 2, "dest size"), E(10, 2, "source size"), F(12, "signed dest"), GUARD, CB, E(39, 2, "rounding"),
      F(41, ".H1"), F(44, ".FTZ"), F(45, "negate"), F(47, ".CC"), F(49, "abs")])
form("I2I", "I2I (register)", 0x5ce0000000572a00, (63, 51),
     [R(0, "Rd"), E(8, 2, "dest size"), E(10, 2, "source size"), F(12, "signed dest"), F(13, "signed source"), GUARD,
      R(20, "Rb"), E(41, 2, "byte select"), F(45, "negate"), F(47, ".CC"), F(49, "abs"), F(50, ".SAT")])
# ---------------------------------------------------------------- control
form("BRA", "BRA", 0xe2400fffff87000f, (63, 52, "bits 63-52; 6/7 = .LMT/.U"),
     [E(0, 5, "CC test (0xf = always/T, not printed)"), F(5, "target is a constant-bank (CONST) form"),
      F(6, ".LMT"), F(7, ".U"), GUARD, ("target: signed 24-bit byte offset from next insn (20-43)", 20, 24, "simm")])
form("SSY", "SSY", 0xe290000006800000, (63, 52),
     [F(5, "constant-bank target"), ("target offset (20-43)", 20, 24, "simm")], "SSY takes no guard predicate.")
form("SYNC", "SYNC", 0xf0f800000000000f, (63, 52), [E(0, 5, "CC test"), GUARD])
form("EXIT", "EXIT", 0xe30000000007000f, (63, 52), [E(0, 5, "CC test"), F(5, ".KEEPREFCOUNT"), GUARD])
form("NOP", "NOP", 0x50b0000000070f00, (63, 52),
     [E(8, 5, "CC test (0xf not printed)"), F(13, ".TRIG"), GUARD, ("imm16 (20-35)", 20, 16, "imm")])
form("BAR", "BAR.SYNC", 0xf0a81b8000070000, (63, 51),
     [("barrier id imm (8-15)", 8, 8, "imm"), GUARD, ("thread count imm (20-31)", 20, 12, "imm"),
      E(32, 2, "mode (.SYNC .ARV .RED ...)"), E(35, 3, "red op"), F(43, "thread count from Rb"), F(44, "barrier id from Ra")])
form("DEPBAR", "DEPBAR", 0xf0f0000034370000, (63, 51),
     [E(0, 6, "extra SB mask {..}"), GUARD, E(20, 6, "count"), E(26, 3, "SB index"), F(29, ".LE")])
form("MEMBAR", "MEMBAR", 0xef98000000070000, (63, 51), [E(0, 2, "invalidate (.IVALLD/.IVALLT)"), E(8, 2, "level (.CTA .GL .SYS)"), GUARD])
