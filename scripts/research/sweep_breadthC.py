"""Breadth-C sweeps (research tooling): the nvdisasm 11.8 facts behind the breadth-C rows
(today in crates/gpumem-maxwell/src/table/: texture.rs, surface.rs, control.rs; docs/research/README.md).

python3 scripts/research/sweep_breadthC.py > tests/data/maxwell-breadth-C.tsv

Each word sits alone at 0x8 in a bundle (NOP pads, slots 0x7e1) with the given slot for the word;
every line: 0xWORD | nvdisasm text (or REJECTED) | arch | slot=0x...
"""
import os, re, struct, subprocess, tempfile

NV = os.path.join(os.environ.get("GPUMEM_CUDA_BIN", "/root/.cache/gpumem-oracles/cuda/usr/bin"), "nvdisasm")
NOP = 0x50B0000000070F00


def dis1(word, arch, slot=0x7E1):
    ctrl = slot | 0x7E1 << 21 | 0x7E1 << 42
    fd, name = tempfile.mkstemp(suffix=".bin")
    os.write(fd, struct.pack("<4Q", ctrl, word, NOP, NOP))
    os.close(fd)
    p = subprocess.run([NV, "-b", arch, name], capture_output=True, text=True)
    os.unlink(name)
    if p.returncode != 0:
        return "REJECTED"
    for l in p.stdout.splitlines():
        m = re.match(r"^\s+/\*0008\*/\s*(.*?)\s*$", l)
        if m:
            return m.group(1)
    return "?"


def field(base, lo, width, values):
    return [(base & ~(((1 << width) - 1) << lo)) | v << lo for v in values]


cases = []  # (title, [(word, slot)])
TEXS, TEXS_RZ = 0xD830052140970816, 0xD830052FF0970816
TLDS, TLDS_RZ = 0xDA50053120270210, 0xDA50053FF0270210
cases.append(("TEXS swizzle (50-52), Rd != RZ", [(w, 0x7E1) for w in field(TEXS, 50, 3, range(8))]))
cases.append(("TEXS swizzle (50-52), Rd = RZ", [(w, 0x7E1) for w in field(TEXS_RZ, 50, 3, range(8))]))
cases.append(("TEXS lod+dim code (53-56)", [(w, 0x7E1) for w in field(TEXS, 53, 4, range(16))]))
cases.append(("TLDS lod+dim code (53-56)", [(w, 0x7E1) for w in field(TLDS, 53, 4, range(16))]))
cases.append(("TLDS swizzle, Rd = RZ", [(w, 0x7E1) for w in field(TLDS_RZ, 50, 3, range(8))]))
cases.append(("TEXS/TLDS Rb = RZ (not printed)", [(TEXS | 0xFF << 20, 0x7E1), (TLDS | 0xFF << 20, 0x7E1)]))
cases.append(("phase: control slot reuse bits (slot bits 17-20)",
              [(w, 0x7E1 | r << 17) for w in (TEXS_RZ | 1 << 49, TLDS) for r in range(16)]))
SULD, SUST = 0xEB1C054600C70C00, 0xEB3C054600C71200
cases.append(("SULD.D size (20-22, .BA 23)", [(w, 0x7E1) for w in field(SULD, 20, 4, range(16))]))
cases.append(("SULD.D cache op (24-25) with .128", [(w, 0x7E1) for w in field(SULD | 6 << 20, 24, 2, range(4))]))
cases.append(("SULD.D dim (33-35)", [(w, 0x7E1) for w in field(SULD, 33, 3, range(8))]))
cases.append(("SULD.D clamp (49-50)", [(w, 0x7E1) for w in field(SULD, 49, 2, range(4))]))
cases.append(("SULD.D bits 26-32", [(SULD | 1 << b, 0x7E1) for b in range(26, 33)]))
cases.append(("SUST.D cache op (24-25) with .U8", [(w, 0x7E1) for w in field(SUST & ~(0xF << 20) | 8 << 20, 24, 2, range(4))]))
cases.append(("SUST.D dim (33-35)", [(w, 0x7E1) for w in field(SUST, 33, 3, range(8))]))
B2R = 0xF0B8E0010007FF04
cases.append(("B2R mode (32-33)", [(w, 0x7E1) for w in field(B2R, 32, 2, range(4))]))
cases.append(("B2R.RESULT Pd (45-47)", [(w, 0x7E1) for w in field(B2R, 45, 3, range(8))]))
cases.append(("B2R.WARP bits 45-47", [(w, 0x7E1) for w in field(B2R & ~(3 << 32) | 2 << 32, 45, 3, range(8))]))

cases.append(("B2R mode 0: barrier number (8-15), bits 20-50", [(w, 0x7E1) for w in field(B2R & ~(3 << 32), 8, 8, (0, 5, 0x7F, 0xFE))]
              + [(B2R & ~(3 << 32) | 1 << b, 0x7E1) for b in (20, 31, 34, 40, 44, 45, 48, 50)]))
TEXB = 0xDEB80007A0470204
cases.append(("TEX.B bits 35-50 one at a time", [(TEXB | 1 << b, 0x7E1) for b in range(35, 51)]))
cases.append(("TEX.B lod (37-39) with every flag and .T", [(w | 1 << 36 | 1 << 50 | 1 << 35 | 1 << 49, 0x7E1 | 1 << 17) for w in field(TEXB, 37, 3, range(8))]))
cases.append(("TEX.B dim (28-30)", [(w, 0x7E1) for w in field(TEXB, 28, 3, range(8))]))
cases.append(("TEX.B Rb = RZ, Ra = RZ", [(TEXB | 0xFF << 20, 0x7E1), (TEXB | 0xFF << 20 | 0xFF << 8, 0x7E1)]))
cases.append(("TEX.B corpus word, phase .P", [(0xDEB80067A0470204, 0x7E1 | 2 << 17)]))
TEX = 0xC038052FF087040C
cases.append(("TEX bits 28-35, 49-58 one at a time", [(TEX ^ 1 << b, 0x7E1) for b in list(range(28, 36)) + list(range(49, 59))]))
cases.append(("TEX lod (55-57) with .AOFFI .DC .NODEP and .P", [(w | 1 << 54 | 1 << 50 | 1 << 49, 0x7E1 | 2 << 17) for w in field(TEX, 55, 3, range(8))]))
cases.append(("TEX .LC with lod .LLA (SM52)", [(TEX | 7 << 55 | 1 << 58 | 1 << 54, 0x7E1)]))
cases.append(("TEX Rb = RZ, index", [(TEX | 0xFF << 20, 0x7E1), (TEX & ~(0x1FFF << 36) | 0x1FFF << 36, 0x7E1)]))
V4 = 0x5038033440570416
cases.append(("VABSDIFF4 B byte permutation (28-31)", [(w, 0x7E1) for w in field(V4, 28, 4, range(16))]))
cases.append(("VABSDIFF4 signs (48 A, 49 B), with and without .SD (38)",
              [(w | sd << 38, 0x7E1) for w in field(V4, 48, 2, range(4)) for sd in range(2)]))
V4M = V4 & ~(3 << 36) & ~(3 << 51)
cases.append(("VABSDIFF4 component mask (36-37 low, 51-52 high)",
              [(V4M | (v & 3) << 36 | (v >> 2) << 51, 0x7E1) for v in range(16)]))
cases.append(("VABSDIFF4 accumulate (53-54) with mask .YZW",
              [(w, 0x7E1) for w in field(V4M | 3 << 36 | 1 << 52, 53, 2, range(4))]))
cases.append(("VABSDIFF4 suffixes and .reuse together",
              [(V4 & ~(0xF << 32) | 1 << 32 | 1 << 50 | 1 << 47 | 1 << 38, 0x7E1 | 7 << 17)]))

print("# Maxwell breadth-C checks (textures, surfaces, B2R): 0xWORD | nvdisasm 11.8 text | arch | slot")
print("# Generated by scripts/research/sweep_breadthC.py; the word sits alone at 0x8, NOP pads, pads' slots 0x7e1.")
for title, ws in cases:
    print("# " + title)
    for w, slot in ws:
        a, b = dis1(w, "SM50", slot), dis1(w, "SM52", slot)
        if a == b:
            print("%#018x | %s | SM50+SM52 | slot=%#x" % (w, a, slot))
        else:
            print("%#018x | %s | SM50 | slot=%#x" % (w, a, slot))
            print("%#018x | %s | SM52 | slot=%#x" % (w, b, slot))
