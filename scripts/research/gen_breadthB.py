"""Sweep every form of spec_breadthB.FORMS with nvdisasm (-b SM50 and -b SM52, CUDA 11.8) and write
/tmp/bB/results.json. Then doc_breadthB.py turns it into docs/research/maxwell-breadth-B.md and
tests/data/maxwell-breadth-B.tsv.  Usage: python3 gen_breadthB.py [OPNAME ...]"""
import json, os, re, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(__file__))
import fastdis_breadthB as fd
from spec_breadthB import FORMS

ARCHS = ("SM50", "SM52")
POOL = ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2")))
# control slots for the latency test (slot 0 of the bundle; pads stay 0x7e1)
SLOTS = {"wb0 (write barrier SB0)": 0x701, "rb0 (read barrier SB0)": 0x0e1, "wb5+rb5": 0x5a1,
         "reuse bit 0 (slot bit 17)": 0x207e1, "reuse bit 1 (slot bit 18)": 0x407e1,
         "reuse bit 2 (slot bit 19)": 0x807e1, "reuse bit 3 (slot bit 20)": 0x1007e1}


def samples(kind, w):
    m = (1 << w) - 1
    if kind == "reg":
        return [0, 1, 2, 127, 254, 255]
    if kind == "guard":
        return [0, 3, 7, 8, 15]
    if kind == "flag":
        return [0, 1]
    if kind == "pred3":
        return list(range(8))
    if kind == "enum":
        return list(range(1 << w)) if w <= 6 else sorted({0, 1, 2, 3, m >> 1, m})
    if kind in ("imm", "simm"):
        return sorted({0, 1, 2, 0x10 & m, m >> 1, (m >> 1) + 1, m - 1, m, 0x123 & m})
    if kind == "rel24":
        return [0, 1, 8, 0x10, 0x100, 0x7ffff8, 0x800000, 0xfffff8, 0xfffff0]
    if kind == "abs32":
        return [0, 1, 8, 0x100, 0x7fffffff, 0x80000000, 0xfffffff8, 0xffffffff, 0x12345678]
    raise ValueError(kind)


def setf(word, lo, w, v):
    m = ((1 << w) - 1) << lo
    return (word & ~m) | ((v << lo) & m)


def dis(f, words, arch):
    if f["rel"]:
        return list(POOL.map(lambda w: fd.one(w, arch), words))
    return fd.dis(words, arch)


def run_form(f):
    base = f["base"]
    r = {"name": f["name"], "op": f["op"], "base": base, "group": f["group"], "notes": f["notes"], "rel": f["rel"],
         "fields": f["fields"]}
    r["btext"] = {a: fd.one(base, a) for a in ARCHS}
    if r["btext"]["SM50"] is None:
        r["error"] = "base word rejected by nvdisasm SM50"
        return r
    covered = set()
    for (n, lo, w, k) in f["fields"]:
        covered |= set(range(lo, lo + w))
    flips = {}
    for a in ARCHS:
        if a == "SM52" and f["rel"]:
            continue  # relative forms: single-word runs are slow; SM52 is compared on the sweeps only
        flips[a] = dis(f, [base ^ (1 << b) for b in range(64)], a)
    if "SM52" not in flips:
        flips["SM52"] = flips["SM50"]
        r["flips52_skipped"] = True
    r["flips"] = flips
    bt = r["btext"]["SM50"]
    ign, rej, opc, und = [], [], [], []
    for b in range(64):
        t = flips["SM50"][b]
        if t == bt:
            ign.append(b)
        elif b in covered:
            continue
        elif t is None:
            rej.append(b)
        else:
            root = re.sub(r"^@!?P[0-6T] ", "", bt).split()[0].split(".")[0]
            tr = re.sub(r"^@!?P[0-6T] ", "", t).split()[0].split(".")[0]
            (und if tr == root else opc).append(b)
    r["ignored"], r["rejbits"], r["opcbits"], r["undeclared"] = ign, rej, opc, und
    r["ignored_in_fields"] = [b for b in ign if b in covered]
    mask = 0
    for b in range(64):
        if b not in covered and b not in ign:
            mask |= 1 << b
    r["mask"], r["value"] = mask, base & mask
    r["flipdiff52"] = [b for b in range(64) if flips["SM50"][b] != flips["SM52"][b]]
    sw = []
    for (n, lo, w, k) in f["fields"]:
        vals = samples(k, w)
        words = [setf(base, lo, w, v) for v in vals]
        res = {a: dis(f, words, a) for a in ARCHS}
        sw.append({"field": n, "lo": lo, "w": w, "kind": k,
                   "rows": [(v, wd, res["SM50"][i], res["SM52"][i]) for i, (v, wd) in enumerate(zip(vals, words))]})
    r["sweeps"] = sw
    st = {}
    for label, slot in SLOTS.items():
        st[label] = {a: fd.one_slot(base, slot, a) for a in ARCHS}
    r["slots"] = st
    if f["rel"]:
        r["at_0x100"] = {a: fd.one(base, a, base=0x100) for a in ARCHS}
    return r


def main(only):
    out = []
    path = "/tmp/bB/results.json"
    old = {}
    if os.path.exists(path):
        for r in json.load(open(path)):
            old[r["name"]] = r
    todo = [f for f in FORMS if not (only and f["op"] not in only and old.get(f["name"]))]

    def job(f):
        r = run_form(f)
        print(f["name"], "->", r["btext"], r.get("error", ""), flush=True)
        fd.save()
        return r
    with ThreadPoolExecutor(max_workers=int(os.environ.get("FORMJOBS", "3"))) as ex:
        done = dict(zip([f["name"] for f in todo], ex.map(job, todo)))
    fd.save()
    for f in FORMS:
        out.append(done.get(f["name"]) or old[f["name"]])
    json.dump(out, open(path, "w"))


if __name__ == "__main__":
    main(sys.argv[1:])
