"""Breadth-E sweeps (research tooling): the nvdisasm 11.8 facts behind the breadth-E rows
(today in crates/gpumem-maxwell/src/table/: texture.rs, surface.rs; docs/research/README.md).

python3 scripts/research/sweep_breadthE.py > tests/data/maxwell-breadth-E.tsv

Same line format as sweep_breadthC.py (0xWORD | nvdisasm text (or REJECTED) | arch | slot=0x...),
but batched for speed: each word sits at the first slot of a bundle of its own (NOP pads, pads'
slots 0x7e1), all the words of a run in one file; nvdisasm names every address it rejects and
prints nothing then, so rejected words are marked and the run repeated without them. None of
these ops' texts depends on the address.
"""
import os, re, struct, subprocess, tempfile

_here = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(_here, "sweep_breadthC.py")).read().split("def dis1")[0])


def field(base, lo, width, values):
    return [(base & ~(((1 << width) - 1) << lo)) | v << lo for v in values]


def dis_many(items, arch):
    """Texts of [(word, slot)] (REJECTED where nvdisasm rejects the word)."""
    out = [None] * len(items)
    todo = list(range(len(items)))
    while todo:
        data = b"".join(struct.pack("<4Q", items[i][1] | 0x7E1 << 21 | 0x7E1 << 42, items[i][0], NOP, NOP)
                        for i in todo)
        fd, name = tempfile.mkstemp(suffix=".bin")
        os.write(fd, data)
        os.close(fd)
        p = subprocess.run([NV, "-b", arch, name], capture_output=True, text=True)
        os.unlink(name)
        bad = {int(m.group(1), 16) // 32 for m in re.finditer(r"at address 0x([0-9a-f]+)", p.stderr)}
        if bad:
            for b in bad:
                out[todo[b]] = "REJECTED"
            todo = [t for k, t in enumerate(todo) if k not in bad]
            continue
        for l in p.stdout.splitlines():
            m = re.match(r"^\s+/\*([0-9a-f]{4,})\*/\s*(.*?)\s*(/\* 0x[0-9a-f]+ \*/)?\s*$", l)
            if m and int(m.group(1), 16) % 32 == 8:
                out[todo[int(m.group(1), 16) // 32]] = m.group(2)
        break
    return ["?" if t is None else t for t in out]


cases = []
S = 0x7E1
GUARD = list(range(16, 20))


def flips(title, base, lo=0, hi=63):
    cases.append((title + " bits %d-%d one at a time (16-19: guard)" % (lo, hi),
                  [(base ^ 1 << b, S) for b in range(lo, hi + 1) if b not in GUARD]))


# TLD / TLD.B
TLD, TLDB = 0xDC38052FF087040C, 0xDD38052FF087040C
flips("TLD", TLD)
flips("TLD.B", TLDB, 0, 56)
cases.append(("TLD lod/.CL/.B (54-56) with .AOFFI .MS .NODEP and .T",
              [(w | 1 << 50 | 1 << 49, S | 1 << 17) for w in field(TLD, 54, 3, range(8))]))
cases.append(("TLD predicate output (51-53, SM52) with and without .B",
              [(w, S) for base in (TLD, TLDB) for w in field(base, 51, 3, range(8))]))
cases.append(("TLD Rb = RZ, Ra = RZ, Rd = RZ", [(TLD | 0xFF << lo, S) for lo in (20, 8, 0)]))
cases.append(("TLD dim (28-30)", [(w, S) for w in field(TLD, 28, 3, range(8))]))

# TLD4
TLD4 = 0xCA380524AFF7040C
flips("TLD4", TLD4)
cases.append(("TLD4 component (56-57) x offset (54-55) with .DC .NDV .NODEP and .P",
              [(w | 1 << 50 | 1 << 49 | 1 << 35, S | 2 << 17)
               for c in field(TLD4, 56, 2, range(4)) for w in field(c, 54, 2, range(4))]))
cases.append(("TLD4 predicate output (51-53, SM52)", [(w, S) for w in field(TLD4, 51, 3, range(8))]))
cases.append(("TLD4 Rb = R5, dim (28-30)", [(w, S) for w in field(TLD4 & ~(0xFF << 20) | 5 << 20, 28, 3, range(8))]))

# TLD4.B (bindless, 0xdef8)
TLD4B = 0xDEF8FA467D97B4FC & ~(0xFF << 41)
flips("TLD4.B", TLD4B, 0, 56)
cases.append(("TLD4.B component (38-39) x offset (36-37) with .DC .NDV .NODEP and .T",
              [(w | 1 << 50 | 1 << 49 | 1 << 35, S | 1 << 17)
               for c in field(TLD4B, 38, 2, range(4)) for w in field(c, 36, 2, range(4))]))
cases.append(("TLD4.B predicate output (51-53, SM52), Rb = RZ", [(w, S) for w in field(TLD4B, 51, 3, range(8))]
              + [(TLD4B | 0xFF << 20, S)]))

# TXD / TXD.B
TXD, TXDB = 0xDE380527A0470804, 0xDE780527A0470804
flips("TXD", TXD)
flips("TXD.B", TXDB)
cases.append(("TXD .LC (50) and predicate output (51-53), SM52, with and without .B",
              [(w | 1 << 35 | 1 << 49, S | 1 << 17) for base in (TXD, TXDB) for w in field(base, 50, 4, range(16))]))
cases.append(("TXD Rb = RZ, Ra = RZ", [(TXD | 0xFF << 20, S), (TXD | 0xFF << 8, S)]))
cases.append(("TXD bits 54-56", [(w, S) for w in field(TXD, 54, 3, range(8))]))

# TEX / TEX.B predicate output (SM52)
TEX, TEXB = 0xC038052FF087040C, 0xDEB80007A0470204
cases.append(("TEX predicate output (51-53, SM52), with .LC (58)",
              [(w | lc << 58, S) for lc in (0, 1) for w in field(TEX, 51, 3, range(8))]))
cases.append(("TEX.B predicate output (51-53, SM52), with .LC (40) and lod .LL",
              [(w | lc << 40 | 3 << 37, S | 1 << 17) for lc in (0, 1) for w in field(TEXB, 51, 3, range(8))]))
cases.append(("TEX.B with Pd P2: bits 35-50 one at a time",
              [((TEXB & ~(7 << 51) | 2 << 51) ^ 1 << b, S) for b in range(35, 51)]))

# Surfaces: SULD/SUST .P and register-index forms, SURED
SULDP_R, SUSTP_R = 0xEB0000000FF7040C, 0xEB2000000FF7040C
flips("SULD.P (register index)", SULDP_R, 0, 56)
flips("SULD.P (immediate index)", SULDP_R | 1 << 51, 20, 50)
cases.append(("SULD.P component mask (20-23)", [(w, S) for w in field(SULDP_R, 20, 4, range(16))]))
flips("SUST.P (register index)", SUSTP_R, 0, 56)
cases.append(("SUST.P component mask (20-23), immediate index",
              [(w | 1 << 51, S) for w in field(SUSTP_R, 20, 4, range(16))]))
SULDD_R, SUSTD_R = 0xEB14054600C70C00, 0xEB34054600C71200
flips("SULD.D (register index)", SULDD_R, 20, 50)
flips("SUST.D (register index)", SUSTD_R, 20, 50)
SURED_D, SURED_P = 0xEB5C054000870210, 0xEB4000000FF7040C
flips("SURED.D (immediate index)", SURED_D, 0, 56)
flips("SURED.D (register index)", SURED_D & ~(1 << 51), 20, 50)
cases.append(("SURED.D type (20-22), without .BA", [(w, S) for w in field(SURED_D, 20, 4, range(8))]))
cases.append(("SURED.D operation (24-26)", [(w, S) for w in field(SURED_D, 24, 3, range(8))]))
cases.append(("SURED.D type 4 (SM52 .F16x2) with each operation and register index",
              [(w & ~(1 << 51), S) for w in field(SURED_D & ~(7 << 20) | 4 << 20, 24, 3, range(8))]))
flips("SURED.P (register index)", SURED_P, 0, 56)
cases.append(("SURED.P operation (24-26), immediate index", [(w | 1 << 51, S) for w in field(SURED_P, 24, 3, range(8))]))

# SUATOM (.D, immediate index; CAS)
SUATOM, SUATOM_CAS = 0xEA0000000FF7040C, 0xEA8000000FF7040C
flips("SUATOM.D", SUATOM, 0, 56)
flips("SUATOM.D.CAS", SUATOM_CAS, 0, 56)
cases.append(("SUATOM operation (29-32)", [(w, S) for w in field(SUATOM, 29, 4, range(16))]))
cases.append(("SUATOM type (51-53), with .BA, and CAS", [(w | 1 << 28, S) for base in (SUATOM, SUATOM_CAS)
                                                        for w in field(base, 51, 3, range(8))]))
cases.append(("SUATOM dim (33-35), Rb = R5", [(w, S) for w in field(SUATOM & ~(0xFF << 20) | 5 << 20, 33, 3, range(8))]))

# SM52's predicate output of SULD (bits 30-32, 7 - P) and SUATOM.CAS
SULDD_I = 0xEB1C054600C70C00
cases.append(("SULD predicate output (30-32): .D and .P, immediate and register index",
              [(w, S) for base in (SULDD_I, SULDD_R, SULDP_R, SULDP_R | 1 << 51) for w in field(base, 30, 3, range(8))]))
cases.append(("SUATOM.CAS predicate output (30-32), with type 4 (SM52 .F16x2)",
              [(w, S) for base in (SUATOM_CAS, SUATOM_CAS | 4 << 51) for w in field(base, 30, 3, range(8))]))

# CCTLT
CCTLT_I, CCTLT_R = 0xEBF0000000070001, 0xEBE8000007470001
flips("CCTLT.IVTH (immediate)", CCTLT_I, 0, 50)
flips("CCTLT.IVALL", CCTLT_I & ~1, 0, 50)
flips("CCTLT.IVTH (register)", CCTLT_R, 0, 50)
cases.append(("CCTLT operation (0-1), both forms", [(w, S) for base in (CCTLT_I, CCTLT_R) for w in field(base, 0, 2, range(4))]))

print("# Maxwell breadth-E checks (TLD, TLD4, TLD4.B, TXD, predicate outputs, SULD/SUST/SURED/SUATOM, CCTLT): 0xWORD | nvdisasm 11.8 text | arch | slot")
print("# Generated by scripts/research/sweep_breadthE.py; each word at the first slot of its own bundle (batched), NOP pads, pads' slots 0x7e1.")
flat = [x for _, ws in cases for x in ws]
texts = {arch: dis_many(flat, arch) for arch in ("SM50", "SM52")}
k = 0
for title, ws in cases:
    print("# " + title)
    for w, slot in ws:
        a, b = texts["SM50"][k], texts["SM52"][k]
        k += 1
        if a == b:
            print("%#018x | %s | SM50+SM52 | slot=%#x" % (w, a, slot))
        else:
            print("%#018x | %s | SM50 | slot=%#x" % (w, a, slot))
            print("%#018x | %s | SM52 | slot=%#x" % (w, b, slot))
