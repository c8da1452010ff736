"""Bit-flip survey: for each bit of a word, show how nvdisasm's text changes (research tooling)."""
import sys, os, difflib
sys.path.insert(0, os.path.dirname(__file__))
import nvd


def survey(word, arch="SM50", bits=range(64)):
    base = nvd.one(word, arch)
    ws = [word ^ (1 << b) for b in bits]
    ts = nvd.disasm(ws, arch)
    out = [f"{word:#018x}  {base}"]
    for b, t in zip(bits, ts):
        if t is None:
            d = "REJECT"
        elif t == base:
            d = "="
        else:
            d = t
        out.append(f"  bit{b:2d}: {d}")
    return "\n".join(out)


if __name__ == "__main__":
    arch = "SM50"
    for w in sys.argv[1:]:
        print(survey(int(w, 16), arch))
