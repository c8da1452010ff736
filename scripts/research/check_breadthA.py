"""Re-check tests/data/maxwell-breadth-A.tsv against nvdisasm without any cache (research tooling).

Every line 'hex | text | archs [| slot=0x..]' is disassembled again (fresh temp cache) and compared.
Run: eval "$(bash scripts/install-oracles.sh)"; python3 scripts/research/check_breadthA.py
"""
import os, sys, tempfile
os.environ["NVD_BREADTHA_CACHE"] = os.path.join(tempfile.mkdtemp(), "cache.json")
sys.path.insert(0, os.path.dirname(__file__))
import nvd_breadthA as nv

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
rows = []
for line in open(os.path.join(ROOT, "tests/data/maxwell-breadth-A.tsv")):
    if line.startswith("#") or not line.strip():
        continue
    parts = [p.strip() for p in line.rstrip("\n").split(" | ")]
    w, text, archs = int(parts[0], 16), parts[1], parts[2].split(",")
    slot = int(parts[3].split("=")[1], 16) if len(parts) > 3 else nv.SLOT
    for a in archs:
        rows.append((w, text, a, slot))
bad = 0
for arch in ("SM50", "SM52"):
    sel = [r for r in rows if r[2] == arch]
    got = nv.dis([r[0] for r in sel], arch, [r[3] for r in sel])
    for (w, text, a, slot), t in zip(sel, got):
        t = "<rejected>" if t is None else t
        if t != text:
            bad += 1
            print(f"MISMATCH {a} {w:#018x} slot {slot:#x}: tsv '{text}' nvdisasm '{t}'")
print(f"{len(rows)} (word, arch) pairs checked, {bad} mismatches")
sys.exit(1 if bad else 0)
