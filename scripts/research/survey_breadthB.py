"""Compact bit-flip survey (breadth B): for each word, flip each bit 0-63 and show the token diff of nvdisasm's text.
Usage: survey_breadthB.py [--arch SM52] [--base 0x100] WORD..."""
import os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
import fastdis_breadthB as fd


def toks(t):
    return re.findall(r"[^\s,]+", t or "")


def diff(a, b):
    if b is None:
        return "REJECT"
    if a == b:
        return "="
    ta, tb = toks(a), toks(b)
    if len(ta) == len(tb):
        return " ".join(f"{x}->{y}" for x, y in zip(ta, tb) if x != y)
    return "=> " + b


def survey(word, arch="SM50", single=False):
    if single:
        base = fd.one(word, arch)
        ts = [fd.one(word ^ (1 << b), arch) for b in range(64)]
    else:
        base = fd.dis([word], arch)[0]
        ts = fd.dis([word ^ (1 << b) for b in range(64)], arch)
    out = [f"## {word:#018x}  {base}"]
    run = None
    for b, t in enumerate(ts):
        d = diff(base, t)
        out.append(f"  {b:2d}: {d}")
    return "\n".join(out)


if __name__ == "__main__":
    args = sys.argv[1:]
    arch = "SM50"
    single = False
    if args and args[0] == "--arch":
        arch = args[1]; args = args[2:]
    if args and args[0] == "--single":
        single = True; args = args[1:]
    for w in args:
        print(survey(int(w, 16), arch, single))
    fd.save()
