"""Breadth-F sweeps (research tooling): the nvdisasm 11.8 facts behind the breadth-F rows
(today in crates/gpumem-maxwell/src/table/: system.rs, control.rs, float.rs, warpwide.rs, logic.rs, graphics.rs, video.rs, bits.rs, atomic.rs; docs/research/README.md).

python3 scripts/research/sweep_breadthF.py > tests/data/maxwell-breadth-F.tsv

Same line format as sweep_breadthC.py: every line 0xWORD | nvdisasm text (or REJECTED) | arch |
slot=0x...; each word sits first in a bundle of its own (NOP pads, pads' slots 0x7e1), the bundles
of a target in one nvdisasm run (run again without the words it names as rejected).
"""
import os

_here = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(_here, "sweep_breadthC.py")).read().split("cases = []")[0])


def dis_all(items, arch):
    """nvdisasm's text of each (word, slot), each first in a bundle of its own."""
    bad = set()
    while True:
        buf = b""
        for i, (w, slot) in enumerate(items):
            slot, w = (0x7E1, NOP) if i in bad else (slot, w)
            buf += struct.pack("<4Q", slot | 0x7E1 << 21 | 0x7E1 << 42, w, NOP, NOP)
        fd, name = tempfile.mkstemp(suffix=".bin")
        os.write(fd, buf)
        os.close(fd)
        p = subprocess.run([NV, "-b", arch, name], capture_output=True, text=True)
        os.unlink(name)
        new = {(int(a, 16) - 8) // 32 for a in re.findall(r"at address 0x([0-9a-f]+)", p.stderr)}
        if p.returncode == 0 and not new:
            break
        assert new and not new & bad, p.stderr
        bad |= new
    text = {}
    for l in p.stdout.splitlines():
        m = re.match(r"^\s+/\*([0-9a-f]{4,})\*/\s*(.*?)\s*;", l)
        if m and (int(m.group(1), 16) - 8) % 32 == 0:
            text[(int(m.group(1), 16) - 8) // 32] = m.group(2) + " ;"
    return ["REJECTED" if i in bad else text[i] for i in range(len(items))]

# Control slots: the default, write barrier 0, read barrier 0, each reuse flag.
SLOTS = [("wr0", 0x701), ("rd0", 0x0E1)] + [("reuse%d" % r, 0x7E1 | 1 << (17 + r)) for r in range(4)]


def flips(title, base, hi=50):
    """Each bit 0-`hi` of `base` flipped alone (the guard 16-18 kept), and every control slot
    of SLOTS, appended to `cases`."""
    cases.append((title + " bits 0-%d one at a time (16-19: guard)" % hi,
                  [(base ^ 1 << b, 0x7E1) for b in list(range(0, 16)) + list(range(19, hi + 1))]))
    cases.append((title + " control slot: barriers, reuse flags", [(base, s) for _, s in SLOTS]))


cases = []


LEPC = 0x50D0000000070005
flips("LEPC", LEPC)
cases.append(("LEPC Rd = RZ, guarded", [(LEPC | 0xFF, 0x7E1), (LEPC & ~(0xF << 16) | 0xB << 16, 0x7E1)]))

R2B = 0xF0C0000050570000
for m in range(4):
    flips("R2B mode %d (32-33)" % m, R2B | m << 32)
cases.append(("R2B barrier (28-31), Rb = RZ", [(w, 0x7E1) for w in field(R2B, 28, 4, range(16))]
              + [(R2B | 0xFF << 20 | 1 << 32, 0x7E1)]))

FSWZ = 0x50F8000000770503
flips("FSWZADD", FSWZ)
cases.append(("FSWZADD swizzle (28-35), every value", [(w, 0x7E1) for w in field(FSWZ, 28, 8, range(256))]))
cases.append(("FSWZADD rounding (39-40) with .FTZ .NDV .CC",
              [(w | 1 << 44 | 1 << 38 | 1 << 47, 0x7E1) for w in field(FSWZ, 39, 2, range(4))]))
cases.append(("FSWZADD Rd, Ra, Rb = RZ", [(FSWZ | 0xFF << lo, 0x7E1) for lo in (0, 8, 20)]))

VTG = 0x50E0001234570000
for m in range(4):
    flips("VOTE.VTG mode %d (48-49)" % m, VTG | m << 48)
cases.append(("VOTE.VTG immediate (20-47) all ones", [(VTG | 0xFFFFFFF << 20, 0x7E1)]))

CSET = 0x5098000000070003
CSETP = 0x50A000000007000B
flips("CSET", CSET)
flips("CSETP", CSETP)
for title, base in (("CSET", CSET), ("CSETP", CSETP)):
    cases.append((title + " test (8-12), every value", [(w, 0x7E1) for w in field(base, 8, 5, range(32))]))
    cases.append((title + " boolean (45-46)", [(w, 0x7E1) for w in field(base, 45, 2, range(4))]))
    cases.append((title + " Pc (39-42)", [(w, 0x7E1) for w in field(base, 39, 4, range(16))]))
cases.append(("CSET .BF .CC Rd = RZ", [(CSET | 1 << 44 | 1 << 47 | 0xFF, 0x7E1)]))
cases.append(("CSETP Pd, Pd2 = PT", [(CSETP | 0x3F, 0x7E1)]))

VADD8, VADD16, VADD32 = 0x2000001234770503, 0x2000004234770503, 0x2000006234770503
flips("VADD immediate, byte A", VADD8, hi=57)
flips("VADD immediate, half A", VADD16, hi=57)
flips("VADD immediate, word A", VADD32, hi=57)
for title, base in (("byte A", VADD8), ("half A", VADD16), ("word A", VADD32)):
    cases.append(("VADD immediate, " + title + ": A select (36-38)", [(w, 0x7E1) for w in field(base, 36, 3, range(8))]))
    cases.append(("VADD immediate, " + title + ": signs (48-49), negations (56-57, both: .PO)",
                  [(w | n << 56, 0x7E1) for w in field(base, 48, 2, range(4)) for n in range(4)]))
    cases.append(("VADD immediate, " + title + ": modes (51-53), .UD, .SAT, .CC",
                  [(w | u << 54 | u << 55 | u << 47, 0x7E1) for w in field(base, 51, 3, range(8)) for u in range(2)]))
    cases.append(("VADD immediate, " + title + ": B = 0, 0xffff, negated",
                  [(base & ~(0xFFFF << 20) | v << 20 | n << 56 | s << 49, 0x7E1) for v in (0, 0xFFFF) for n in range(2) for s in range(2)]))

VMAD_R, VMAD_I = 0x5F04001234770503, 0x5F00001234770503
flips("VMAD register B", VMAD_R, hi=55)
flips("VMAD immediate B", VMAD_I, hi=55)
for title, base in (("A word, B byte", 0x5F04006034770503), ("A byte, B word", 0x5F04001064770503),
                    ("A word, immediate B", 0x5F00006234770503), ("A half, B half", 0x5F04005044770503)):
    cases.append(("VMAD " + title + " control slot: a 32-bit operand makes it variable latency",
                  [(base, s) for _, s in SLOTS]))
cases.append(("VMAD A select (36-38) x B select (28-30), signs (48-49)",
              [(VMAD_R & ~(7 << 36) & ~(7 << 28) | a << 36 | b << 28 | t << 48, 0x7E1)
               for a in range(8) for b in range(8) for t in range(4)]))
cases.append(("VMAD immediate: A select (36-38), signs (48-49)",
              [(VMAD_I & ~(7 << 36) | a << 36 | t << 48, 0x7E1) for a in range(8) for t in range(4)]))
cases.append(("VMAD negations (53-54, both: .PO), scale (51-52), .SAT, .CC",
              [(w | n << 53 | sc << 51 | u << 55 | u << 47, 0x7E1) for w in (VMAD_R, VMAD_I)
               for n in range(4) for sc in range(4) for u in range(2)]))
cases.append(("VMAD immediate B = 0xffff with signed B", [(VMAD_I | 0xFFFF << 20 | 1 << 49, 0x7E1)]))

PRMT_RC = 0x53C0001234770503
flips("PRMT_RC", PRMT_RC, hi=51)
cases.append(("PRMT_RC mode (48-51)", [(w, 0x7E1) for w in field(PRMT_RC, 48, 4, range(16))]))
PSET = 0x5088000000070000 | 5 << 12 | 3 << 29 | 2 << 39
flips("PSET (bit 47: .CC)", PSET)
cases.append(("PSET .CC with .BF and every boolean", [(w | 1 << 47 | 1 << 44, 0x7E1) for w in field(PSET, 45, 2, range(4))]
              + [(w | 1 << 47, 0x7E1) for w in field(PSET, 24, 2, range(4))]))

VSETP_R, VSETP_I = 0x50F4000234770503, 0x50F0000234770503
flips("VSETP register B", VSETP_R)
flips("VSETP immediate B", VSETP_I)
cases.append(("VSETP A select (36-38) x B select (28-30), signs (48-49)",
              [(VSETP_R & ~(7 << 36) & ~(7 << 28) | a << 36 | b << 28 | t << 48, 0x7E1)
               for a in range(8) for b in range(8) for t in range(4)]))
cases.append(("VSETP immediate: A select (36-38), signs (48-49), B = 0xffff",
              [(VSETP_I & ~(7 << 36) | a << 36 | t << 48 | v << 20, 0x7E1)
               for a in range(8) for t in range(4) for v in (0, 0xFFFF)]))
cases.append(("VSETP comparison (43-44 low, 47 high) x boolean (45-46), Pc = !PT, Pd = PT",
              [(VSETP_R & ~(0x1F << 43) | (c & 3) << 43 | (c >> 2) << 47 | b << 45 | 0xF << 39 | 0x3F, 0x7E1)
               for c in range(8) for b in range(4)]))

HFMA2_CC = 0x6080001234770503
cases.append(("HFMA2 with C from a constant bank (SM52): .FTZ/.FMZ (57-58) x output (49-50), .SAT, slots",
              [(HFMA2_CC | z << 57 | o << 49 | s << 52, 0x7E1) for z in range(4) for o in range(4) for s in range(2)]
              + [(HFMA2_CC | 2 << 57, s) for _, s in SLOTS]))

V4I = 0x5038F034F0570416
flips("VABSDIFF4 immediate B (B select 28-31 = 15)", V4I & ~(0xF << 28) | 0xF << 28, hi=54)
cases.append(("VABSDIFF4 immediate B: signs (48-49) x B = 0x05, 0x85, 0xff",
              [(V4I & ~(0xFF << 20) | v << 20 | t << 48, 0x7E1) for t in range(4) for v in (0x05, 0x85, 0xFF)]))

ATOM4, RED4 = 0xED08123450870205, 0xEBF8123450C70205
flips("ATOM type 4 (49-51)", ATOM4, hi=55)
flips("RED type 4 (20-22)", RED4)
cases.append(("ATOM type 4: every operation (52-55), .E", [(w | e << 48, 0x7E1) for w in field(ATOM4, 52, 4, range(16)) for e in range(2)]))
cases.append(("RED type 4: every operation (23-25), .E", [(w | e << 48, 0x7E1) for w in field(RED4, 23, 3, range(8)) for e in range(2)]))
cases.append(("ATOM, RED: every type (ATOM 49-51, RED 20-22)", [(w, 0x7E1) for w in field(ATOM4, 49, 3, range(8))]
              + [(w, 0x7E1) for w in field(RED4, 20, 3, range(8))]))

STP = 0xEEA0000050000000
flips("STP", STP)
cases.append(("STP .WAIT (31) x phase (slot reuse 0-3), immediate 0xff",
              [(STP | w << 31 | 0xAF << 20, 0x7E1 | r << 17) for w in range(2) for r in range(16)]))

IDE = 0xE390000000070000
cases.append(("IDE: the immediate (20-35) 0xc10 is not printed; its neighbours and 0 are",
              [(IDE | e << 5 | v << 20, 0x7E1) for e in range(2) for v in (0, 0xC0F, 0xC10, 0xC11, 0x1C10, 0xFFFF)]))

DEPBAR, DEPBAR_LE = 0xF0F0000000070025, 0xF0F0000024170000
cases.append(("DEPBAR, DEPBAR.LE control slot: barriers, reuse flags (reuse 3 accepted)",
              [(w, s) for w in (DEPBAR, DEPBAR_LE) for _, s in SLOTS]))

print("# Maxwell breadth-F checks (LEPC, R2B, FSWZADD, VOTE.VTG, CSET, CSETP, DEPBAR's slot, VADD's immediate forms, VMAD, VSETP, PRMT_RC, PSET.CC, HFMA2.FTZ/.FMZ, VABSDIFF4's immediate B, ATOM/RED type 4, STP, IDE's hidden immediate): 0xWORD | nvdisasm 11.8 text | arch | slot")
print("# Generated by scripts/research/sweep_breadthF.py; each word first in a bundle of its own, NOP pads, pads' slots 0x7e1.")
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
