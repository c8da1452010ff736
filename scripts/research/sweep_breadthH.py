"""Breadth-H sweeps (research tooling): the nvdisasm 11.8 facts behind the breadth-H rows
(today in crates/gpumem-maxwell/src/table/: memory.rs, atomic.rs, surface.rs; docs/research/README.md).

python3 scripts/research/sweep_breadthH.py > tests/data/maxwell-breadth-H.tsv

Same line format as sweep_breadthF.py (whose nvdisasm driver it reuses): every line 0xWORD | nvdisasm text (or REJECTED) | arch |
slot=0x...; each word sits first in a bundle of its own (NOP pads, pads' slots 0x7e1), the bundles
of a target in one nvdisasm run (run again without the words it names as rejected).
"""
import os

_here = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(_here, "sweep_breadthF.py")).read().split("\ncases = []\n")[0])

cases = []


# --- CCTL operation 0 (QRY1): printed without a space before the address.
CCTL = 0xEF60000000070520
flips("CCTL.QRY1", CCTL, hi=52)
cases.append(("CCTL operation (0-3) x cache (4-6), .E", [(w | e << 52, 0x7E1) for w in field(CCTL & ~0x70, 0, 4, range(16))
                                                       for e in range(2)] + [(w, 0x7E1) for w in field(CCTL, 4, 3, range(8))]))
cases.append(("CCTL.QRY1 offsets (22-51): +4, -4, most negative, RZ base",
              [(CCTL | v << 22 | r << 8, 0x7E1) for v in (1, 0x3FFFFFFF, 0x20000000, 0x1FFFFFFF) for r in (0, 0xFF)]))
CCTLL = 0xEF80000000070500
cases.append(("CCTLL operation (0-3)", [(w, 0x7E1) for w in field(CCTLL, 0, 4, range(16))]))

# --- SULD on SM50: bits 30-32 (SM52's predicate output) in every SULD form.
for title, base in (("SULD.D immediate index", 0xEB1C054600C70C00), ("SULD.D register index", 0xEB10054600C70C00 | 5 << 39),
                    ("SULD.P immediate index", 0xEB0C054600F70C00), ("SULD.P register index", 0xEB00054600F70C00 | 5 << 39)):
    cases.append((title + ": bits 30-32 (SM52: Pd)", [(w, 0x7E1) for w in field(base, 30, 3, range(8))]))

# --- SM52's ATOM with a predicate output (0xee6: the operations, 0xee7: CAS).
ATOMP = 0xEE60000000070703 | 0x5 << 20
ATOMCP = 0xEE70000000070703 | 0x4 << 20
flips("ATOM Pd (0xee6)", ATOMP, hi=55)
flips("ATOM.CAS Pd (0xee7)", ATOMCP, hi=55)

# --- SUATOM: register-index and .P forms, SM52's predicate output.
for title, base in (("SUATOM.P register index (0xea6)", 0xEA60000000070703 | 9 << 39 | 4 << 20),
                    ("SUATOM.P immediate index (0xea6, bit 51)", 0xEA68000000070703 | 0x123 << 36 | 4 << 20),
                    ("SUATOM.D register index (0xea7)", 0xEA70000000070703 | 9 << 39 | 4 << 20),
                    ("SUATOM.P.CAS register index (0xeac)", 0xEAC0000000070703 | 9 << 39 | 4 << 20),
                    ("SUATOM.P.CAS immediate index (0xeac, bit 51)", 0xEAC8000000070703 | 0x123 << 36 | 4 << 20),
                    ("SUATOM.D.CAS register index (0xead)", 0xEAD0000000070703 | 9 << 39 | 4 << 20),
                    ("SUATOM Pd (0xeb8)", 0xEB80000000070703 | 9 << 39 | 4 << 20)):
    flips(title, base, hi=55)

# Every value of the operation and type fields.
cases.append(("ATOM Pd: every operation (44-47) x type (49-51)",
              [(ATOMP & ~(0xF << 44) & ~(7 << 49) | o << 44 | t << 49, 0x7E1) for o in range(16) for t in range(8)]))
cases.append(("ATOM.CAS Pd: type (49-51) x Pd (41-43)",
              [(ATOMCP & ~(7 << 49) & ~(7 << 41) | t << 49 | p << 41, 0x7E1) for t in range(8) for p in range(8)]))
SUP_R, SUD_R, SU52 = 0xEA60000000070703 | 9 << 39 | 4 << 20, 0xEA70000000070703 | 9 << 39 | 4 << 20, 0xEB80000000070703 | 9 << 39 | 4 << 20
SUP_I = 0xEA68000000070703 | 0x123 << 36 | 4 << 20
cases.append(("SUATOM.P: every operation (29-32), register and immediate index",
              [(w, 0x7E1) for b in (SUP_R, SUP_I) for w in field(b, 29, 4, range(16))]))
cases.append(("SUATOM.D register index, SM52 Pd form: every operation (29-32) x type (36-38)",
              [(b & ~(0xF << 29) & ~(7 << 36) | o << 29 | t << 36, 0x7E1) for b in (SUD_R, SU52) for o in range(16) for t in range(8)]))
SUDC_R = 0xEAD0000000070703 | 9 << 39 | 4 << 20
cases.append(("SUATOM.D.CAS register index: type (36-38) x bits 30-32 (SM52: Pd)",
              [(SUDC_R & ~(7 << 36) & ~(7 << 30) | t << 36 | p << 30, 0x7E1) for t in range(8) for p in range(8)]))
cases.append(("SUATOM SM52 Pd form (0xeb8): Pd (51-53), clamp (49-50)",
              [(w, 0x7E1) for w in field(SU52, 51, 3, range(8))] + [(w, 0x7E1) for w in field(SU52, 49, 2, range(4))]))
cases.append(("SUATOM.P.CAS: bits 29-32 (0: .CAS)", [(w, 0x7E1) for b in (0xEAC0000000070703 | 9 << 39, 0xEAC8000000070703 | 0x55 << 36)
                                                    for w in field(b, 29, 4, range(16))]))
cases.append(("SUATOM dim (33-35), every value, each new form",
              [(w, 0x7E1) for b in (SUP_R, SUP_I, SUD_R, 0xEAC0000000070703 | 9 << 39, SUDC_R, SU52) for w in field(b, 33, 3, range(8))]))
cases.append(("RZ operands", [(b | 0xFF | 0xFF << 8 | 0xFF << 20, 0x7E1) for b in (SUP_R, SUD_R, SU52, ATOMP, ATOMCP)]
              + [(b | 0xFF << 39, 0x7E1) for b in (SUP_R, SUD_R, SU52)]))

if __name__ == "__main__":
    print("# Maxwell breadth-H checks (CCTL.QRY1, SULD's bits 30-32 on SM50, SM52's ATOM with a predicate output, SUATOM's register-index, .P and predicate-output forms): 0xWORD | nvdisasm 11.8 text | arch | slot")
    print("# Generated by scripts/research/sweep_breadthH.py; each word first in a bundle of its own, NOP pads, pads' slots 0x7e1.")
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
