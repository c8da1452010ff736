"""Compact bit-flip survey of every non-memory inventory word and its operand-form siblings."""
import sys, os, re
sys.path.insert(0, os.path.dirname(__file__))
import nvd

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def tokens(t):
    return re.findall(r"[^\s,]+", t or "")


def diff(a, b):
    if b is None:
        return "REJECT"
    if a == b:
        return "="
    ta, tb = tokens(a), tokens(b)
    if len(ta) == len(tb):
        return " ".join(f"{x}->{y}" for x, y in zip(ta, tb) if x != y)
    return "=> " + b


def survey(word, arch="SM50"):
    base = nvd.one(word, arch)
    ts = nvd.disasm([word ^ (1 << b) for b in range(64)], arch)
    lines = [f"## {word:#018x}  {base}"]
    for b, t in enumerate(ts):
        lines.append(f"  {b:2d}: {diff(base, t)}")
    return "\n".join(lines)


def main():
    words = [int(w, 16) for w in sys.argv[1:]]
    if not words:
        for line in open(os.path.join(ROOT, "tests/data/maxwell-ptxas-inventory.tsv")):
            f = line.rstrip("\n").split("\t")
            if len(f) > 3 and f[2] == "nonmem":
                words.append(int(f[0], 16))
    for w in words:
        print(survey(w))


if __name__ == "__main__":
    main()
