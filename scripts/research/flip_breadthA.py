"""Bit-flip survey with nvd_breadthA (batched): python3 flip_breadthA.py [SM5x] WORD... (research tooling)."""
import sys, os
sys.path.insert(0, os.path.dirname(__file__))
import nvd_breadthA as nv


def survey(words, arch="SM50"):
    allw = []
    for w in words:
        allw += [w] + [w ^ (1 << b) for b in range(64)]
    ts = nv.dis(allw, arch)
    out = []
    for i, w in enumerate(words):
        base = ts[i * 65]
        out.append(f"{w:#018x}  {base}")
        ign = []
        for b in range(64):
            t = ts[i * 65 + 1 + b]
            if t == base:
                ign.append(b)
                continue
            out.append(f"  bit{b:2d}: {'REJECT' if t is None else t}")
        out.append(f"  ignored: {ign}")
    return "\n".join(out)


if __name__ == "__main__":
    args = sys.argv[1:]
    arch = "SM50"
    if args and args[0].startswith("SM"):
        arch = args.pop(0)
    print(survey([int(a, 16) for a in args], arch))
    nv.save_cache()
