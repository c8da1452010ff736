"""Hand-picked probe words and control-slot tests for gen_breadthA.py (research tooling)."""
SLOT_TESTS = [
    (0x7e1, "plain 0x7e1"),
    (0x701, "write barrier SB0"),
    (0x7a1, "write barrier SB5"),
    (0x0e1, "read barrier SB0"),
    (0x5e1, "read barrier SB5"),
    (0x7e1 | 1 << 17, "reuse bit0 (Ra)"),
    (0x7e1 | 2 << 17, "reuse bit1 (Rb)"),
    (0x7e1 | 4 << 17, "reuse bit2 (Rc)"),
    (0x7e1 | 8 << 17, "reuse bit3"),
]
EXTRA = []


def x(w, note):
    EXTRA.append((w, note))


# half-precision ALU family (exists from SM53); probe on SM50/SM52
for w, n in [(0x5d10000000270104, "HADD2 reg"), (0x7a00000000270104, "HADD2 imm"), (0x7a80000000270104, "HADD2 cbank"),
             (0x2c00000000270104, "HADD2_32I"), (0x5d00018000270104, "HFMA2 reg"), (0x7000018000270104, "HFMA2 imm"),
             (0x2800000000270104, "HFMA2_32I"), (0x5d08000000270104, "HMUL2 reg"), (0x7800000000270104, "HMUL2 imm"),
             (0x2a00000000270104, "HMUL2_32I"), (0x5d18000000270104, "HSET2 reg"), (0x5d20000000270104, "HSETP2 reg")]:
    x(w, n)
# IMAD with both negations (PO?) and all sign combos with .HI
x(0x5a18018000270104, "IMAD neg A + neg C (bits 51+52)")
x(0x5a1c018000270104, "IMAD neg A + neg C + .SAT")
x(0x5a58018000270104, "IMAD .HI + neg A + neg C")
x(0x3418018000770104, "IMAD imm neg A + neg C")
x(0x1180000000770104, "IMAD32I bits 55+56 (neg C + neg A)")
x(0x11b0000000770104, "IMAD32I bits 55+56 + .HI + .CC")
x(0x1f30000000770104, "IMUL32I .HI + .CC")
x(0x1fe0000000770104, "IMUL32I.S32.S32.HI")
# F2F all dest x src x rounding with bit 42 (integer rounding) on F32->F32 and F64->F64
for d in range(4):
    for s in range(4):
        x(0x5ca8000000270000 | d << 8 | s << 10 | 4, f"F2F dest {d} src {s}")
for rnd in range(8):
    x(0x5ca8000000270a04 | rnd << 39, f"F2F.F32.F32 bits 39-41 = {rnd}")
    x(0x5ca8040000270a04 | rnd << 39, f"F2F.F32.F32 bit42 + bits 39-41 = {rnd}")
    x(0x5ca8040000270f04 | rnd << 39, f"F2F.F64.F64 bit42 + bits 39-41 = {rnd}")
    x(0x5ca8000000270e04 | rnd << 39, f"F2F.F32.F64 bits 39-41 = {rnd}")
    x(0x5ca8000000270504 | rnd << 39, f"F2F.F16.F32 bits 39-41 = {rnd}")
x(0x5ca8020000270904 | 0, "F2F.F32.F16 .H1 (bit 41)")
x(0x5ca8000000270904, "F2F.F32.F16")
x(0x5ca8000000270604, "F2F.F64.F16?")
x(0x5ca8000000270d04, "F2F.F16.F64?")
# F2I / I2F / I2I 64-bit combos
for d in range(4):
    for s in range(4):
        x(0x5cb0000000270000 | d << 8 | s << 10 | 1 << 12 | 4, f"F2I signed dest {d} src {s}")
        x(0x5cb8000000270000 | d << 8 | s << 10 | 1 << 13 | 4, f"I2F signed src dest {d} src {s}")
        x(0x5ce0000000270000 | d << 8 | s << 10 | 3 << 12 | 4, f"I2I signed dest {d} src {s}")
# MUFU all functions with abs/neg/sat
for fn in range(16):
    x(0x5080000000070204 | fn << 20 | 1 << 46 | 1 << 48, f"MUFU fn {fn} -|R2|")
# DSETP/FSETP all compares with OR/XOR and FTZ
for c in range(16):
    x(0x5bb020800137120f | c << 48, f"FSETP cmp {c} .OR")
    x(0x5bb0c0800137120f | c << 48, f"FSETP cmp {c} .FTZ .XOR")
    x(0x5b8020800137120f | c << 48, f"DSETP cmp {c} .OR")
    x(0x5ba0000001371200 | 0x0e << 40 | c << 48, f"FCMP cmp {c}")
for c in range(8):
    x(0x5b40000001071d21 | 0x22 << 39 | c << 49, f"ICMP.U32 cmp {c}")
    x((0x5b6c03800ff7070f & ~(7 << 49)) | c << 49, f"ISETP.U32 cmp {c} (no .X)")
    x((0x5b6c0b800ff7070f & ~(7 << 49)) | c << 49, f"ISETP.U32.X cmp {c}")
    x((0x5b53138001071d32 & ~(7 << 49)) | c << 49, f"ISET.BF cmp {c}")
# float immediate printing threshold (integer vs %.20e) on FADD imm 0x3858...: f32 2^28..2^31
for e in (27, 28, 29, 30, 31, 32):
    v = (127 + e) << 23
    x(0x3858000000070400 | (v >> 12) << 20, f"FADD imm 2^{e}")
    x(0x3858000000070400 | ((v | 0x400000) >> 12) << 20, f"FADD imm 1.5*2^{e}")
    vd = (1023 + e) << 52
    x(0x3880000000070404 | ((vd >> 44) & 0x7ffff) << 20, f"DMUL imm 2^{e}")
for e in (40, 52, 53, 60, 63, 64):
    vd = (1023 + e) << 52
    x(0x3880000000070404 | ((vd >> 44) & 0x7ffff) << 20, f"DMUL imm 2^{e}")
# double imm low-bits and NaN payloads
x(0x3880007ff0070404, "DMUL imm +INF")
x(0x3880007ff8070404, "DMUL imm f64 0x7ff8... QNAN")
x(0x3880007ff4070404, "DMUL imm f64 0x7ff4... SNAN?")
x(0x3980007ff8070404, "DMUL imm -QNAN (sign 56)")
x(0x3980007ff0070404, "DMUL imm -INF (sign 56)")
x(0x3280000000070000 | 0x7fa00 << 20 | 2 << 39, "FFMA imm f32 0x7fa00000 (SNAN pattern)")
x(0x3868007fc1070403, "FMUL imm f32 0x7fc10000")
x(0x1e00000000070400 | 0x7fa00000 << 20, "FMUL32I f32 0x7fa00000 (SNAN pattern)")
x(0x1e00000000070400 | 0x7f800001 << 20, "FMUL32I f32 0x7f800001 (SNAN pattern)")
x(0x1e00000000070400 | 0x4e7fffff << 20, "FMUL32I 2^30-64 (largest f32 < 2^30)")
x(0x1e00000000070400 | 0x4a800001 << 20, "FMUL32I 4194304.5")
x(0x1e00000000070400 | 0x4b7fffff << 20, "FMUL32I 16777215")
x(0x1e00000000070400 | 0x3f800001 << 20, "FMUL32I 1+2^-23")
x(0x1e00000000070400 | 0x00000000 << 20 | 1 << 51, "FMUL32I -0.0 (bit 51 = f32 sign)")
x(0x3958000000070400, "FADD imm -0.0 (sign bit 56 only)")
x(0x3980000000070404, "DMUL imm -0.0")
x(0x1e00000000070400 | 0x00800000 << 20, "FMUL32I FLT_MIN")
x(0x1e00000000070400 | 0x33d6bf95 << 20, "FMUL32I 1e-7")
x(0x1e00000000070400 | 0x3a83126f << 20, "FMUL32I 0.001")
x(0x1e00000000070400 | 0x38d1b717 << 20, "FMUL32I 1e-4")
x(0x1e00000000070400 | 0x3727c5ac << 20, "FMUL32I 1e-5")
x(0x1e0ffc0000070400, "FMUL32I f32 0xffc00000 (-QNAN)")
x(0x1e0ff80000070400, "FMUL32I -INF")
# CS2R other special registers: full sweep done in spec (uimm 8 bits)
# LEA.HI register form all shifts, and .X + neg
for sh in (0, 1, 31):
    x(0x5bdf11c002572225 | sh << 28, f"LEA.HI.X shift {sh}")
x(0x5bdf11e032572225, "LEA.HI.X neg A")
x(0x5bd891c032572225, "LEA.HI.X .CC Pd=P0")

# F2F / F2I immediate decoded per source format
for src in range(4):
    x(0x38a8003f80070206 | src << 10, f"F2F.F32.<src {src}> imm field 0x3f800")
    x(0x38b0003f80071206 | src << 10, f"F2I.S32.<src {src}> imm field 0x3f800")
x(0x38a8003c00070606, "F2F.F32.F16 imm field 0x3c000")
x(0x38a8000003c70606, "F2F.F32.F16 imm field 0x0003c")
x(0x38a8003c00070e06, "F2F.F32.F64 imm field 0x3c000")
# .F16 source prints the constant with the I2F-style space
x(0x4ca8000005270606, "F2F.F32.F16 cbank")
x(0x4ca8000005270506, "F2F.F16.F16 cbank")
x(0x4cb0000005271606, "F2I.S32.F16 cbank")
x(0x4cb0000005271a06, "F2I.S32.F32 cbank")
x(0x4cb0020005271606, "F2I.S32.F16 cbank .H1")
x(0x5ca8020000270604, "F2F.F32.F16 reg .H1 (bit 41)")
x(0x4ca8020005270606, "F2F.F32.F16 cbank .H1")
x(0x38a8020000170606, "F2F.F32.F16 imm .H1")
# combined negate+abs spellings
x(0x5bb100800137120f | 1 << 43 | 1 << 7, "FSETP -|Ra|")
x(0x5bb100800137120f | 1 << 6 | 1 << 44, "FSETP -|Rb|")
x(0x5c71000000471e04 | 1 << 46 | 1 << 45 | 1 << 49, "DADD -|Ra|, -|Rb|")
x(0x5c60038001371226 | 1 << 45 | 1 << 46 | 1 << 48 | 1 << 49, "FMNMX -|Ra|, -|Rb|")
x(0x386007c000070000 | 1 << 45 | 1 << 49, "FMNMX imm .NEG.ABS")
x(0x0803f80000070400 | 1 << 53 | 1 << 57, "FADD32I imm .NEG + .ABS")
x(0x0803f80000070400 | 1 << 54 | 1 << 56, "FADD32I -|Ra|")
x(0x5080000000470202 | 1 << 46 | 1 << 48 | 1 << 50, "MUFU.RCP.SAT -|R|")
x(0x5c90008000270004 | 1 << 45 | 1 << 49, "RRO -|R|")
x(0x5c88000001370008 | 1 << 45 | 1 << 46 | 1 << 48 | 1 << 49, "FCHK -|a|, -|b|")
x(0x5ca8000000e70e06 | 1 << 45 | 1 << 49, "F2F -|R|")
x(0x5cb0018000a71f02 | 1 << 45 | 1 << 49, "F2I -|R|")
x(0x5ce0000002573a00 | 1 << 45 | 1 << 49, "I2I -|R|")
x(0x5cb8000002272f0a | 1 << 45 | 1 << 49, "I2F -|R|")
x(0x5a00018000270104 | 1 << 52 | 1 << 49, "IMAD -A .X")
x(0x5b70010001e72004 | 1 << 48 | 1 << 49, "DFMA -B -C")
x(0x367c014000070404 | 1 << 48 | 1 << 56, "DFMA imm .NEG with negative value")
# modifier order with everything set
x(0x5bb100800137120f | 1 << 47 | 2 << 45, "FSETP .FTZ .XOR order")
x(0x581103800137122b | 1 << 55 | 1 << 52 | 1 << 47, "FSET .BF .FTZ .CC order")
x(0x5ca8000000e70e06 | 1 << 44 | 1 << 50 | 3 << 39, "F2F .FTZ .RZ .SAT order")
x(0x5cb0018000a71f02 | 1 << 44 | 1 << 47, "F2I .FTZ order")
x(0x5a00018000270104 | 0x7f << 47, "IMAD all modifier bits 47-53")
x(0x5a00018000270104 | 0xff << 47, "IMAD all modifier bits 47-54")
x(0x1e240490fdb70000 | 1 << 55 | 1 << 52, "FMUL32I .FTZ.SAT .CC")
x(0x0c03f80000070400 | 1 << 53 | 1 << 55, "FFMA32I .FTZ.SAT")
x(0x0c03f80000070400 | 2 << 53 | 1 << 55, "FFMA32I .FMZ.SAT")
# LEA.HI with Pd and .CC together, register form
x(0x5bd891c032572225, "LEA.HI.X P0 + .CC")
x(0x5bd811c032572225 & ~(1 << 38), "LEA.HI P0 (no .X)")
# ISETP .X with all combine ops
for b in range(4):
    x((0x5b6d0b8002373027 & ~(3 << 45)) | b << 45, f"ISETP.X bop {b}")
# signedness spelling: both signed prints no type pair
for w, n in [(0x5c38030000270104, "IMUL S32*S32"), (0x5c38038000270104, "IMUL S32*S32 .HI"),
             (0x3838030000770104, "IMUL imm S32*S32"), (0x4c38030005270104, "IMUL cbank S32*S32"),
             (0x5a21018000270104, "IMAD S32*S32"), (0x5a61018000270104, "IMAD S32*S32 .HI"),
             (0x1260000000770104, "IMAD32I S32*S32 .HI"), (0x1fc0000000770104, "IMUL32I S32*S32"),
             (0x5aa1018000270104, "IMADSP S32.S24.S32"), (0x5ce0000002571200, "I2I.S32.U8"),
             (0x5ce0000002570200, "I2I.U32.U8"), (0x5cb0000000a70e02, "F2I.U32.F64")]:
    x(w, n)
# float printer threshold: < 1e9 -> %.20g style, >= 1e9 -> %.20e with trailing zeros
for bits, n in [(0x4e6e6b27, "999999936 (largest f32 < 1e9)"), (0x4e6e6b28, "1e9"), (0x4e6e6b29, "1000000064"),
                (0x4cbebc20, "1e8"), (0x501502f9, "1e10"), (0x42f6e979, "123.456"), (0x2edbe6ff, "1e-10")]:
    x(0x1e00000000070400 | bits << 20, f"FMUL32I {n}")
x(0x38800041cdc70404, "DMUL imm 998244352 (< 1e9)")
x(0x38800041cdd70404, "DMUL imm 1000341504 (> 1e9)")
x(0x5cb0000000a70c02, "F2I dest size 0 unsigned")
x(0x5b5a9b8001071d32, "ISET all modifiers: .BF .U32 .X .CC")
x(0x4cb0000005270a06, "F2I.U32.F32 cbank (space)")

# ---------------------------------------------------------------- full grids (enum x enum), register forms
GRID = []


def g(w, note):
    GRID.append((w, note))


for d in range(4):
    for s in range(4):
        for r in range(16):  # bits 39-42: rounding 39-40, .H1 41, integer-round 42
            g(0x5ca8000000270004 | d << 8 | s << 10 | r << 39, f"F2F grid dst {d} src {s} b39-42 {r:#x}")
for d in range(4):
    for sg in range(2):
        for s in range(4):
            for r in range(4):
                g(0x5cb0000000270004 | d << 8 | sg << 12 | s << 10 | r << 39, f"F2I grid dst {d} signed {sg} src {s} rnd {r}")
                g(0x5cb8000000270004 | d << 8 | sg << 13 | s << 10 | r << 39, f"I2F grid dst {d} signed {sg} src {s} rnd {r}")
for d in range(4):
    for s in range(4):
        for sd in range(2):
            for ss in range(2):
                g(0x5ce0000000270004 | d << 8 | s << 10 | sd << 12 | ss << 13, f"I2I grid dst {d} src {s} sd {sd} ss {ss}")
for a in range(8):
    for c in range(4):
        for b in range(4):
            g(0x5a80018000270104 | a << 48 | c << 51 | b << 53, f"IMADSP grid A {a} C {c} B {b}")
for base, name in [(0x5bb000800137120f, "FSETP"), (0x5b8000800137120f, "DSETP"), (0x5810038001371222, "FSET.BF"),
                   (0x5900038001371222, "DSET")]:
    for c in range(16):
        for b in range(4):
            g(base | c << 48 | b << 45, f"{name} grid cmp {c} bop {b}")
for base, name in [(0x5b40110001071d21, "ICMP"), (0x5b50038001071d32, "ISET"), (0x5b6003800ff7070f, "ISETP")]:
    for c in range(8):
        for sg in range(2):
            for xx in range(2):
                w = base | c << 49 | sg << 48 | (xx << 43 if name != "ICMP" else 0)
                g(w, f"{name} grid cmp {c} signed {sg} X {xx}")
for fn in range(16):
    for sat in range(2):
        g(0x5080000000070204 | fn << 20 | sat << 50, f"MUFU grid fn {fn} sat {sat}")
for sa in range(2):
    for sb in range(2):
        for hi in range(2):
            g(0x5c38000000270104 | hi << 39 | sa << 40 | sb << 41, f"IMUL grid hi {hi} sa {sa} sb {sb}")
            g(0x5a00018000270104 | sa << 48 | sb << 53 | hi << 54, f"IMAD grid hi {hi} sa {sa} sb {sb}")
            g(0x1f00000000770104 | hi << 53 | sa << 54 | sb << 55, f"IMUL32I grid hi {hi} sa {sa} sb {sb}")
            g(0x1000000000770104 | hi << 53 | sa << 54 | sb << 57, f"IMAD32I grid hi {hi} sa {sa} sb {sb}")
for na in range(2):
    for nc in range(2):
        for x_ in range(2):
            for sat in range(2):
                g(0x5a00018000270104 | nc << 51 | na << 52 | x_ << 49 | sat << 50, f"IMAD grid negA {na} negC {nc} X {x_} SAT {sat}")
# .PO is IMAD/IMAD32I-only among these: float ops print both negations
x(0x0f03f80000070400, "FFMA32I negate A + negate C (no .PO)")
x(0x0923f80000070400, "FADD32I negate A + imm .NEG (no .PO)")
