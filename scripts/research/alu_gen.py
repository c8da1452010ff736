"""Sweep every form in alu_spec.FORMS with nvdisasm; emit markdown sections + example TSV rows."""
import os, sys, re, struct, json
sys.path.insert(0, os.path.dirname(__file__))
import nvd
from alu_spec import FORMS, ROOT

FLOATS = [0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 0.25, 1.5, 100.0, 0.1, 3.4028234663852886e38, float("inf"), float("nan"),
          1e-39, 65504.0, 1.0 / 3]


def f19(x):
    b = struct.unpack("<I", struct.pack("<f", x))[0]
    return (b >> 12) & 0x7ffff, b >> 31


def field_samples(kind, w):
    if kind == "reg":
        return [(v, {}) for v in (0, 1, 2, 127, 254, 255)]
    if kind in ("pred3",):
        return [(v, {}) for v in range(8)]
    if kind in ("enum", "flag", "sr"):
        return [(v, {}) for v in range(1 << w)]
    if kind == "guard":
        return [(v, {}) for v in (0, 3, 7, 8, 15)]
    if kind == "imm19":
        return [(v, {56: s}) for v, s in ((0, 0), (1, 0), (0x10, 0), (0x3ffff, 0), (0x7ffff, 0), (0x7ffff, 1),
                                          (0x7fff0, 1), (0, 1), (0x12345, 0))]
    if kind == "cbank":
        return [((b << 14) | o, {}) for b, o in ((0, 0), (0, 1), (0, 0x52), (0, 0x1fff), (0, 0x2000), (0, 0x3fff),
                                                 (1, 0), (3, 4), (0x10, 0x10), (0x1f, 0x3ffe))]
    if kind == "imm32":
        return [(v, {}) for v in (0, 1, 0x10, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffff0, 0x3f800000)]
    if kind == "fimm19":
        out = []
        for x in FLOATS:
            v, s = f19(x)
            out.append((v, {56: s}))
        return out + [(1, {56: 0}), (0x7ffff, {56: 0}), (0x7f800 | 1, {56: 0})]
    if kind in ("imm", "simm"):
        m = (1 << w) - 1
        return [(v & m, {}) for v in (0, 1, 2, 0x10, m >> 1, (m >> 1) + 1, m - 1, m, 0x123 & m)]
    raise ValueError(kind)


def setf(word, lo, w, v, extra):
    m = ((1 << w) - 1) << lo
    word = (word & ~m) | ((v << lo) & m)
    for bit, val in extra.items():
        word = (word & ~(1 << bit)) | (val << bit)
    return word


RELATIVE = ("BRA", "SSY", "CAL", "PBK", "PCNT", "BRK", "CONT")


def dis(f, words):
    if f["op"] in RELATIVE:
        return [nvd.one(w) for w in words]
    return nvd.disasm(words)


def run_form(f):
    base = f["base"]
    btext = nvd.one(base)
    assert btext is not None, (f["name"], hex(base))
    covered = set()
    for (name, lo, w, kind) in f["fields"]:
        covered |= set(range(lo, lo + w))
        if kind in ("imm19", "fimm19"):
            covered.add(56)
    flips = dis(f, [base ^ (1 << b) for b in range(64)])
    root = btext.split()[0] if not btext.startswith("@") else btext.split()[1]
    root = root.split(".")[0]
    ignored, opcode_bits, undeclared = [], [], []
    for b in range(64):
        if b in covered:
            continue
        t = flips[b]
        if t == btext:
            ignored.append(b)
        elif t is None:
            opcode_bits.append(b)
        else:
            tr = re.sub(r"^@!?P[0-6T] ", "", t).split()[0].split(".")[0]
            if tr != root or b >= 57:
                opcode_bits.append(b)
            else:
                undeclared.append((b, t))
    fixed_mask = 0
    for b in range(64):
        if b not in covered and b not in ignored:
            fixed_mask |= 1 << b
    sweeps = []
    examples = [(base, btext)]
    for (name, lo, w, kind) in f["fields"]:
        samples = field_samples(kind, w)
        words = [setf(base, lo, w, v, ex) for v, ex in samples]
        texts = dis(f, words)
        rows = []
        for (v, ex), wd, t in zip(samples, words, texts):
            rows.append((v, ex, wd, t))
            if t is not None:
                examples.append((wd, t))
        sweeps.append((name, lo, w, kind, rows))
    return dict(btext=btext, ignored=ignored, opcode_bits=opcode_bits, undeclared=undeclared,
                fixed_mask=fixed_mask, fixed_value=base & fixed_mask, sweeps=sweeps, examples=examples)


def ranges(bits):
    out = []
    for b in sorted(bits):
        if out and out[-1][1] == b - 1:
            out[-1][1] = b
        else:
            out.append([b, b])
    return ", ".join(f"{a}" if a == c else f"{a}-{c}" for a, c in out) or "none"


def main(only=None):
    results = []
    for f in FORMS:
        if only and f["op"] not in only:
            continue
        r = run_form(f)
        results.append((f, r))
    return results


if __name__ == "__main__":
    res = main(sys.argv[1:] or None)
    nvd.save_cache()
    for f, r in res:
        print(f"### {f['name']}  base {f['base']:#018x} -> {r['btext']}")
        print(f"  fixed mask {r['fixed_mask']:#018x} value {r['fixed_value']:#018x}; opcode-ish bits {ranges(r['opcode_bits'])}; ignored {ranges(r['ignored'])}")
        for b, t in r["undeclared"]:
            print(f"  UNDECLARED bit {b}: {t}")
        for (name, lo, w, kind, rows) in r["sweeps"]:
            if kind in ("enum", "flag", "pred3", "sr") or os.environ.get("ALL"):
                s = "; ".join(f"{v}:{'REJECT' if t is None else t}" for v, ex, wd, t in rows)
                print(f"  [{lo}+{w}] {name}: {s[:3000]}")
