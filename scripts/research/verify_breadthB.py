"""Re-check tests/data/maxwell-breadth-B.tsv against nvdisasm with a fresh cache (NVD cache file
/tmp/bB/verify_cache.json): every line is disassembled again the way its header says
(batched 3 per bundle, relative-branch words alone at 0x8, slot= lines alone with that slot, addr= lines
alone at that address). Prints mismatches and a count."""
import os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
import fastdis_breadthB as fd
fd.CACHE_PATH = "/tmp/bB/verify_cache.json"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REL = ("BRA", "BRX", "CAL", "PRET", "PBK", "PCNT", "PLONGJMP", "PEXIT", "SSY")
REL_OPS = {0xe24, 0xe25, 0xe26, 0xe27, 0xe2a, 0xe2b, 0xe28, 0xe23, 0xe29}


def main():
    rows = []
    for line in open(os.path.join(ROOT, "tests/data/maxwell-breadth-B.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        parts = [p.strip() for p in line.rstrip("\n").split(" | ")]
        rows.append(parts)
    batch = {a: [] for a in ("SM50", "SM52")}
    checks = []
    for p in rows:
        w = int(p[0], 16)
        text = None if p[1] == "REJECTED" else p[1]
        archs = ["SM50", "SM52"] if p[2] == "SM50+SM52" else [p[2]]
        extra = p[3] if len(p) > 3 else ""
        for a in archs:
            checks.append((w, text, a, extra))
    bad = 0
    plain = {a: [c for c in checks if c[2] == a and not c[3] and (c[0] >> 52) not in REL_OPS] for a in batch}
    res = {}
    for a, cs in plain.items():
        ws = [c[0] for c in cs]
        for c, t in zip(cs, fd.dis(ws, a)):
            res[c] = t
    for c in checks:
        if c in res:
            continue
        w, text, a, extra = c
        if extra.startswith("slot="):
            res[c] = fd.one_slot(w, int(extra[5:], 16), a)[0]
        elif extra.startswith("addr=") or extra.startswith("alone="):
            res[c] = fd.one(w, a, base=int(extra.split("=")[1], 16) - 8)
        else:
            res[c] = fd.one(w, a)
    for c in checks:
        if res[c] != c[1]:
            bad += 1
            print("MISMATCH", hex(c[0]), c[2], c[3], repr(c[1]), "now", repr(res[c]))
    # context check: a random sample of batch-checked lines, each disassembled alone at 0x8
    import random
    random.seed(1)
    fd.save()
    plain_all = sorted({c for c in checks if not c[3] and (c[0] >> 52) not in REL_OPS}, key=lambda c: (c[0], c[2]))
    sample = random.sample(plain_all, min(int(os.environ.get("ALONE", "150")), len(plain_all)))
    for c in sample:
        t = fd.one(c[0], c[2])
        if t != c[1]:
            bad += 1
            print("ALONE MISMATCH", hex(c[0]), c[2], repr(c[1]), "alone", repr(t))
    fd.save()
    print(len(checks), "checks +", len(sample), "alone,", bad, "mismatches")


if __name__ == "__main__":
    main()
