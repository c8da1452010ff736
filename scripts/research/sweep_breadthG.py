"""Breadth-G sweeps (research tooling): the nvdisasm 11.8 facts behind the breadth-G rows
(today in crates/gpumem-maxwell/src/table/: graphics.rs; docs/research/README.md).

python3 scripts/research/sweep_breadthG.py > tests/data/maxwell-breadth-G.tsv

Same line format as sweep_breadthF.py (whose nvdisasm driver it reuses): every line
0xWORD | nvdisasm text (or REJECTED) | arch | slot=0x...; each word sits first in a bundle of
its own (NOP pads, pads' slots 0x7e1), the bundles of a target in one nvdisasm run.
"""
import os

_here = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(_here, "sweep_breadthF.py")).read().split("\ncases = []\n")[0])

cases = []


# ALD (0xefd8) / AST (0xeff0): the three addressings (Ra = RZ; .P with Ra; .PHYS).
for name, op in (("ALD", 0xEFD8), ("AST", 0xEFF0)):
    P = op << 48 | 0x00000001A3470503          # .P, Ra = R5, offset 0x234, .O (ALD)
    A = op << 48 | 0x000000004FF7FF03          # Ra = RZ, absolute 0xff, bit 30 set
    PHYS = op << 48 | 0x0000000000070503       # .PHYS a[R5]
    flips(name + " .P a[R5+0x234]", P)
    flips(name + " absolute a[0xff]", A)
    flips(name + " .PHYS a[R5]", PHYS)
    cases.append((name + " width (47-48) x .P x .O, each addressing",
                  [(w | s << 47 | p << 31 | o << 32, 0x7E1) for w in (P & ~(1 << 31) & ~(1 << 32), A & ~(1 << 31), PHYS)
                   for s in range(4) for p in range(2) for o in range(2)]))
    cases.append((name + " offset (20-30): 0, 1, max, min, -1, with Ra = R5 and RZ, .P or not",
                  [(op << 48 | 0x70503 & ~0xFF00 | ra << 8 | v << 20 | p << 31, 0x7E1)
                   for ra in (5, 0xFF) for v in (0, 1, 0x3FF, 0x400, 0x7FF, 0x234) for p in range(2)]))
    cases.append((name + " registers RZ, R254", [(P | 0xFF | 0xFF << 39, 0x7E1), (PHYS | 0xFE << 8 | 0xFE, 0x7E1)]))

# IPA (0xe0): .IDX (38) with a[Ra]; without it Ra = RZ and a[imm10] at 28-37.
IDX = 0xE000404123470503
ABS = 0xE00000012347FF03
flips("IPA .IDX", IDX, hi=55)
flips("IPA absolute", ABS, hi=55)
for title, base in (("IPA .IDX", IDX), ("IPA absolute", ABS)):
    cases.append((title + " interpolation (54-55) x sample (52-53) x .SAT (51)",
                  [(base & ~(0x1F << 51) | m << 54 | s << 52 | t << 51, 0x7E1)
                   for m in range(4) for s in range(4) for t in range(2)]))
    cases.append((title + " Pc (47-50)", [(w, 0x7E1) for w in field(base, 47, 4, range(16))]))
    cases.append((title + " registers RZ", [(base | 0xFF | 0xFF << 20 | 0xFF << 39, 0x7E1)]))
cases.append(("IPA .IDX a[RZ], without .IDX a register (rejected)",
              [(IDX | 0xFF << 8, 0x7E1), (ABS & ~(0xFF << 8), 0x7E1), (ABS & ~(0xFF << 8) | 0x12 << 8, 0x7E1)]))
cases.append(("IPA absolute address (28-37)", [(w, 0x7E1) for w in field(ABS, 28, 10, (0, 1, 0x200, 0x3FF))]))

# AL2P (0xefa0): Ra = RZ (absolute, 10 bits), or a register with a signed 11-bit offset.
AL2P = 0xEFA0000123470503
AL2P_A = 0xEFA000016347FF03
flips("AL2P", AL2P)
flips("AL2P absolute", AL2P_A)
cases.append(("AL2P width (47-48) x .O x Pd = PT, each form",
              [(w | s << 47 | o << 32 | p << 44, 0x7E1) for w in (AL2P & ~(1 << 32), AL2P_A & ~(1 << 32))
               for s in range(4) for o in range(2) for p in (0, 7)]))
cases.append(("AL2P offset (20-30): 0, 1, 0x3ff, 0x400, 0x7ff with Ra = R5 and RZ",
              [(w, 0x7E1) for base in (AL2P, AL2P_A) for w in field(base, 20, 11, (0, 1, 0x3FF, 0x400, 0x7FF))]))
cases.append(("AL2P Rd = RZ", [(AL2P | 0xFF, 0x7E1), (AL2P_A | 0xFF, 0x7E1)]))

# OUT (0xfbe0 register, 0xebe0 constant, 0xf6e0/0xf7e0 immediate).
for title, base in (("OUT register B", 0xFBE0008123470503), ("OUT constant B", 0xEBE0008123470503),
                    ("OUT immediate B", 0xF6E0008123470503)):
    flips(title, base)
    cases.append((title + " type (39-40)", [(w, 0x7E1) for w in field(base, 39, 2, range(4))]))
    cases.append((title + " Rd, Ra = RZ", [(base | 0xFFFF, 0x7E1)]))
cases.append(("OUT immediate B negative (sign 56), extremes",
              [(0xF7E0008123470503, 0x7E1), (0xF7E0008000070503, 0x7E1), (0xF6E0007FFFF70503 | 1 << 39, 0x7E1)]))
cases.append(("OUT register B = RZ, constant bank 0x1f", [(0xFBE000812FF70503, 0x7E1), (0xEBE0008FFFF70503, 0x7E1)]))

# PIXLD (0xefe8).
PIX = 0xEFE8000123470503
flips("PIXLD", PIX)
cases.append(("PIXLD mode (31-33), Pd (45-47)",
              [(w | p << 45, 0x7E1) for w in field(PIX, 31, 3, range(8)) for p in (0, 3, 7)]))
cases.append(("PIXLD offset (20-27) with Ra = R5 and RZ",
              [(w | ra << 8, 0x7E1) for w in field(PIX & ~(0xFF << 8), 20, 8, (0, 1, 0x7F, 0x80, 0xFF)) for ra in (5, 0xFF)]))
cases.append(("PIXLD Rd = RZ", [(PIX | 0xFF, 0x7E1)]))

# ISBERD (0xefd0).
ISBE = 0xEFD0000123470503
flips("ISBERD", ISBE)
cases.append(("ISBERD buffer (33-34) x .SKEW x .O x size (47-48)",
              [(ISBE & ~(0xF << 31) & ~(3 << 47) | b << 33 | k << 31 | o << 32 | z << 47, 0x7E1)
               for b in range(4) for k in range(2) for o in range(2) for z in range(4)]))
cases.append(("ISBERD Rd, Ra = RZ", [(ISBE | 0xFF, 0x7E1), (ISBE | 0xFF00, 0x7E1)]))

print("# Maxwell breadth-G checks (ALD, AST, IPA, AL2P, OUT, PIXLD, ISBERD): 0xWORD | nvdisasm 11.8 text | arch | slot")
print("# Generated by scripts/research/sweep_breadthG.py; each word first in a bundle of its own, NOP pads, pads' slots 0x7e1.")
items = [x for _, ws in cases for x in ws]
texts = {arch: iter(dis_all(items, arch)) for arch in ("SM50", "SM52")}
for title, ws in cases:
    print("# " + title)
    for w, slot in ws:
        a, b = next(texts["SM50"]), next(texts["SM52"])
        if a == b:
            print("%#018x | %s | SM50+SM52 | slot=%#x" % (w, a, slot))
        else:
            print("%#018x | %s | SM50 | slot=%#x" % (w, a, slot))
            print("%#018x | %s | SM52 | slot=%#x" % (w, b, slot))
