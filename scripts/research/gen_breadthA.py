"""Breadth-A survey generator: sweeps every form in spec_breadthA.FORMS with nvdisasm (SM50 and SM52) and writes
docs/research/maxwell-breadth-A.md (head_breadthA.md + generated sections) and tests/data/maxwell-breadth-A.tsv.

Run: eval "$(bash scripts/install-oracles.sh)"; python3 scripts/research/gen_breadthA.py
Every text in both outputs is printed by nvdisasm (CUDA 11.8) here; nothing is typed by hand.
"""
import os, sys, re, struct
sys.path.insert(0, os.path.dirname(__file__))
import nvd_breadthA as nv
from spec_breadthA import FORMS
from extra_breadthA import EXTRA, SLOT_TESTS, GRID

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))

FLOATS = [0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 0.25, 1.5, 100.0, 0.1, 65504.0, 2.0 ** 28, 2.0 ** 29, 2.0 ** 30,
          3.4028234663852886e38, float("inf"), float("nan"), 1e-39, 1.0 / 3]
DOUBLES = [0.0, 1.0, -1.0, 0.5, 2.0, 1.5, 0.1, 100.0, 2.0 ** 28, 2.0 ** 30, 2.0 ** 52, 1e300, 2.2250738585072014e-308,
           5e-324, float("inf"), float("nan"), 1.0 / 3]


def f19(x):
    b = struct.unpack("<I", struct.pack("<f", x))[0]
    return (b >> 12) & 0x7ffff, b >> 31


def d19(x):
    b = struct.unpack("<Q", struct.pack("<d", x))[0]
    return (b >> 44) & 0x7ffff, b >> 63


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def samples(kind, w):
    if kind == "reg":
        return [(v, {}) for v in (0, 1, 2, 127, 254, 255)]
    if kind == "pred3":
        return [(v, {}) for v in range(8)]
    if kind in ("enum", "flag"):
        return [(v, {}) for v in range(1 << w)]
    if kind == "uimm":
        return [(v, {}) for v in range(1 << w)] if w <= 8 else [(v, {}) for v in (0, 1, 2, (1 << w) - 1)]
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
    if kind == "fimm32":
        return [(f32(x), {}) for x in FLOATS] + [(v, {}) for v in (1, 0x7f800001, 0xff800000, 0x4e800000, 0x4f000000)]
    if kind == "fimm19":
        return [(v, {56: s}) for v, s in map(f19, FLOATS)] + [(1, {56: 0}), (0x7ffff, {56: 0}), (0x7f801, {56: 0})]
    if kind == "dimm19":
        return [(v, {56: s}) for v, s in map(d19, DOUBLES)] + [(1, {56: 0}), (0x7ffff, {56: 0}), (0x7ff01, {56: 0})]
    raise ValueError(kind)


def setf(word, lo, w, v, extra):
    m = ((1 << w) - 1) << lo
    word = (word & ~m) | ((v << lo) & m)
    for bit, val in extra.items():
        word = (word & ~(1 << bit)) | (val << bit)
    return word


def ranges(bits):
    out = []
    for b in sorted(bits):
        if out and out[-1][1] == b - 1:
            out[-1][1] = b
        else:
            out.append([b, b])
    return ", ".join(f"{a}" if a == c else f"{a}-{c}" for a, c in out) or "none"


def mnem(t):
    return re.sub(r"^@!?P[0-6T] ", "", t).split()[0].split(".")[0]


def run_form(f):
    base = f["base"]
    btext = nv.one(base)
    assert btext is not None, (f["name"], hex(base))
    covered = set()
    for (name, lo, w, kind) in f["fields"]:
        covered |= set(range(lo, lo + w))
        if kind in ("imm19", "fimm19", "dimm19"):
            covered.add(56)
    flips = nv.dis([base ^ (1 << b) for b in range(64)])
    root = mnem(btext)
    ignored, opcode_bits, undeclared, flipped = [], [], [], []
    for b in range(64):
        t = flips[b]
        flipped.append((b, t))
        if b in covered:
            continue
        if t == btext:
            ignored.append(b)
        elif t is None or mnem(t) != root:
            opcode_bits.append(b)
        else:
            undeclared.append((b, t))
    fixed_mask = 0
    for b in range(64):
        if b not in covered and b not in ignored:
            fixed_mask |= 1 << b
    sweeps, examples = [], [base]
    for (name, lo, w, kind) in f["fields"]:
        ss = samples(kind, w)
        words = [setf(base, lo, w, v, ex) for v, ex in ss]
        texts = nv.dis(words)
        sweeps.append((name, lo, w, kind, list(zip(words, texts))))
        examples += words
    examples += [base ^ (1 << b) for b in range(64) if b not in covered and b >= 0]
    return dict(btext=btext, ignored=ignored, opcode_bits=opcode_bits, undeclared=undeclared, flipped=flipped,
                fixed_mask=fixed_mask, fixed_value=base & fixed_mask, sweeps=sweeps, examples=examples)


def slot_tests(base):
    out = []
    for slot, what in SLOT_TESTS:
        out.append((slot, what, nv.one(base, "SM50", slot), nv.one(base, "SM52", slot)))
    return out


KIND_DESC = {"reg": "register (255 = RZ)", "pred3": "predicate (7 = PT)", "enum": "enumerated (full sweep)",
             "flag": "1-bit flag", "imm19": "19-bit int immediate, sign at 56", "cbank": "constant-bank operand",
             "imm32": "32-bit immediate", "fimm19": "float immediate (f32 >> 12)",
             "dimm19": "double immediate (f64 >> 44)", "fimm32": "f32 immediate",
             "uimm": "unsigned field (full sweep if <= 8 bits)", "guard": "guard predicate"}


def fmt(t):
    return "REJECTED" if t is None else t


MNEMS = {"DFMA", "DMUL", "DADD", "DMNMX", "DSETP", "DSET", "FSETP", "FSET", "FCMP", "FMNMX", "FMUL32I", "FADD32I",
         "FFMA32I", "FCHK", "MUFU", "RRO", "F2F", "F2I", "I2F", "I2I", "IMUL", "IMUL32I", "IMAD", "IMAD32I", "IMADSP",
         "ISCADD32I", "ICMP", "ISET", "ISETP", "LEA", "CS2R", "FFMA", "FMUL", "FADD"}


def ptxas_words():
    """Compile ptx_breadthA.ptx with ptxas 11.8 for sm_50 and sm_52; return [(word, arch, cuobjdump text)]."""
    import subprocess, tempfile
    src = open(os.path.join(HERE, "ptx_breadthA.ptx")).read()
    out, seen = [], set()
    for arch in ("sm_50", "sm_52"):
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "k.ptx"), "w").write(src.replace(".target sm_50", ".target " + arch))
            subprocess.run([os.path.join(nv.CUDA_BIN, "ptxas"), "-arch=" + arch, "-O3", "k.ptx", "-o", "k.cubin"],
                           cwd=d, check=True)
            sass = subprocess.run([os.path.join(nv.CUDA_BIN, "cuobjdump"), "-sass", "k.cubin"], cwd=d, check=True,
                                  capture_output=True, text=True).stdout
        for line in sass.splitlines():
            m = re.match(r"\s+/\*[0-9a-f]{4}\*/\s+\{?\s*(.*?)\s*\}?\s*/\* (0x[0-9a-f]{16}) \*/", line)
            if m and mnem(m.group(1).strip("{} ")) in MNEMS:
                w = int(m.group(2), 16)
                if w not in seen:
                    seen.add(w)
                    out.append((w, arch, m.group(1).strip("{} ")))
    return out


def summary(results):
    rows = ["| form | match (mask / value) | base text | control slot: barriers | reuse flags printed (bit3) | modifiers seen (SM50) |",
            "|---|---|---|---|---|---|"]
    for f, r in results:
        st = {what: a for slot, what, a, b in r["slots"]}
        bar = "accepted (variable latency)" if st["write barrier SB0"] is not None else "rejected (fixed latency)"
        if (st["write barrier SB0"] is None) != (st["read barrier SB0"] is None):
            bar = "MIXED: wb " + ("ok" if st["write barrier SB0"] else "rej") + ", rb " + ("ok" if st["read barrier SB0"] else "rej")
        reuse = []
        for k, lab in (("reuse bit0 (Ra)", "0"), ("reuse bit1 (Rb)", "1"), ("reuse bit2 (Rc)", "2")):
            t = st[k]
            reuse.append(lab + (":printed" if t and ".reuse" in t else (":ignored" if t else ":REJ")))
        reuse.append("3:" + ("REJ" if st["reuse bit3"] is None else ("printed" if ".reuse" in st["reuse bit3"] else "ignored")))
        mods, bad = [], 0
        for (name, lo, w, kind, rows_) in r["sweeps"]:
            for wd, t in rows_:
                if t is None:
                    continue
                tok = re.sub(r"^@!?P[0-6T] ", "", t).split()[0].split(".")[1:]
                for m in tok:
                    if m.startswith("INVALID") or m.startswith("???"):
                        bad += 1
                    elif m not in mods:
                        mods.append(m)
        ms = " ".join("." + m for m in mods) + (" (+ INVALID/??? placeholders)" if bad else "")
        rows.append(f"| {f['name']} | `{r['fixed_mask']:#018x}` / `{r['fixed_value']:#018x}` | `{r['btext']}` | {bar} | "
                    f"{' '.join(reuse)} | {ms} |")
    return "\n".join(rows) + "\n"


def main():
    md = []
    tsv50 = {}
    results = []
    for f in FORMS:
        r = run_form(f)
        r["slots"] = slot_tests(f["base"])
        results.append((f, r))
        for w in r["examples"]:
            tsv50[w] = None
        nv.save_cache()
    for w, note in EXTRA + GRID:
        tsv50[w] = None
    real = ptxas_words()
    for w, arch, t in real:
        tsv50[w] = None
    words = list(tsv50)
    t50 = nv.dis(words, "SM50")
    t52 = nv.dis(words, "SM52")
    nv.save_cache()
    texts = {w: (a, b) for w, a, b in zip(words, t50, t52)}
    sm52_diff = [(w, a, b) for w, (a, b) in texts.items() if a != b]
    cur = None
    for f, r in results:
        if f["op"] != cur:
            cur = f["op"]
            md.append(f"\n## {cur}\n")
        md.append(f"### {f['name']}\n")
        md.append(f"* base: `{f['base']:#018x}` -> `{r['btext']}`")
        md.append(f"* decoder match: `(w & {r['fixed_mask']:#018x}) == {r['fixed_value']:#018x}` "
                  f"(mask = every bit that is neither a declared field nor ignored)")
        md.append(f"* bits whose flip changes the mnemonic or is rejected: {ranges(r['opcode_bits'])}")
        md.append(f"* bits nvdisasm ignores (flip gives identical text): {ranges(r['ignored'])}")
        if r["undeclared"]:
            md.append("* other bits that change the text (not in the field table):")
            for b, t in r["undeclared"]:
                md.append(f"  * bit {b}: `{t}`")
        if f["notes"]:
            md.append(f"* note: {f['notes']}")
        lat = {what: (a, b) for slot, what, a, b in r["slots"]}
        md.append("* control-slot tests (base word, SM50): " + "; ".join(
            f"{what}: {'accepted' if a is not None else 'REJECTED'}" for slot, what, a, b in r["slots"]))
        d52 = [(w, a, b) for w, a, b in sm52_diff if w in set(r["examples"])]
        md.append(f"* SM52 vs SM50 over the {len(set(r['examples']))} words of this form: "
                  + ("identical" if not d52 else f"{len(d52)} differ (see the SM52 section)"))
        md.append("")
        md.append("| field | bits | kind |")
        md.append("|---|---|---|")
        for (name, lo, w, kind) in f["fields"]:
            bits = f"{lo + w - 1}:{lo}" if w > 1 else f"{lo}"
            if kind in ("imm19", "fimm19", "dimm19"):
                bits += " + 56"
            md.append(f"| {name} | {bits} | {KIND_DESC[kind]} |")
        md.append("")
        md.append("Sweeps (`nvdisasm -b SM50`, control slot 0x7e1):")
        md.append("```")
        for (name, lo, w, kind, rows) in r["sweeps"]:
            if kind == "reg" and name in ("Rd", "Ra", "Rb", "Rc"):
                rows = rows[:1] + rows[-1:]
            if kind == "guard":
                rows = rows[:1] + rows[-1:]
            md.append(f"  [{name}] bits {lo}..{lo + w - 1}:")
            for wd, t in rows:
                md.append(f"    {wd:#018x} -> {fmt(t)}")
        md.append("```")
        md.append("<details><summary>single-bit flips of the base word</summary>\n")
        md.append("```")
        for b, t in r["flipped"]:
            md.append(f"  bit {b:2d}: {'=' if t == r['btext'] else fmt(t)}")
        md.append("```\n</details>\n")
    md.append("\n## Extra probes\n")
    md.append("Hand-picked words (scripts/research/extra_breadthA.py), SM50 text / SM52 text when different:\n")
    md.append("```")
    for w, note in EXTRA:
        a, b = texts[w]
        md.append(f"  {w:#018x} -> {fmt(a)}" + (f"   [SM52: {fmt(b)}]" if a != b else "") + f"   # {note}")
    md.append("```\n")
    md.append("\n## Enumeration grids\n")
    md.append("Every combination of the enum fields of the register forms (scripts/research/extra_breadthA.py, GRID):\n")
    md.append("```")
    for w, note in GRID:
        a, b = texts[w]
        md.append(f"  {w:#018x} -> {fmt(a)}" + (f"   [SM52: {fmt(b)}]" if a != b else "") + f"   # {note}")
    md.append("```\n")
    md.append("\n## ptxas-compiled words\n")
    md.append("Words of the listed opcodes in ptxas 11.8 output of scripts/research/ptx_breadthA.ptx (sm_50, and sm_52 where new),"
              " with the nvdisasm text of the bare word (control slot 0x7e1):\n")
    md.append("```")
    for w, arch, t in real:
        a, b = texts[w]
        md.append(f"  {w:#018x} -> {fmt(a)}" + (f"   [SM52: {fmt(b)}]" if a != b else "") + f"   # ptxas {arch}")
    md.append("```\n")
    md.append("\n## SM52 differences\n")
    if not sm52_diff:
        md.append("None: every word in the TSV prints identically with `-b SM52`.\n")
    else:
        md.append("```")
        for w, a, b in sm52_diff:
            md.append(f"  {w:#018x}  SM50: {fmt(a)}  |  SM52: {fmt(b)}")
        md.append("```\n")
    head = open(os.path.join(HERE, "head_breadthA.md")).read()
    head = head.replace("@@SUMMARY@@", summary(results)).replace("@@SM52DIFF@@", f"{len(sm52_diff)} of {len(words)}")
    open(os.path.join(ROOT, "docs/research/maxwell-breadth-A.md"), "w").write(head + "\n".join(md) + "\n")
    with open(os.path.join(ROOT, "tests/data/maxwell-breadth-A.tsv"), "w") as fh:
        fh.write("# Maxwell breadth-A survey (FP64, FP32 compares/min-max/32I, FCHK, MUFU, RRO, F2F/F2I/I2F/I2I, IMUL,\n")
        fh.write("# IMAD, IMADSP, ISCADD32I, ICMP, ISET, ISETP.X, LEA.HI, CS2R, HADD2-family probes).\n")
        fh.write("# Columns: hex word | nvdisasm text | arch(es). Generated by scripts/research/gen_breadthA.py;\n")
        fh.write("# every text is printed by CUDA 11.8 `nvdisasm -b SM50` / `-b SM52` on a raw bundle whose control\n")
        fh.write("# slots are 0x7e1 (so texts end in ' ;'), words in batches, padding NOP (the maxwell-alu-examples.tsv\n")
        fh.write("# convention). Third column: 'SM50,SM52' = same text on both; otherwise one line per arch.\n")
        fh.write("# '<rejected>' = nvdisasm refuses the word (error 'Unrecognized operation ...' at its address).\n")
        fh.write("# Lines with a 4th column 'slot=0x...' were disassembled with that 21-bit control slot instead of\n")
        fh.write("# 0x7e1 (write/read-barrier and reuse-flag acceptance tests).\n")
        for w in words:
            a, b = texts[w]
            a_, b_ = ("<rejected>" if a is None else a), ("<rejected>" if b is None else b)
            if a == b:
                fh.write(f"{w:#018x} | {a_} | SM50,SM52\n")
            else:
                fh.write(f"{w:#018x} | {a_} | SM50\n")
                fh.write(f"{w:#018x} | {b_} | SM52\n")
        for f, r in results:
            for slot, what, a, b in r["slots"]:
                a_, b_ = ("<rejected>" if a is None else a), ("<rejected>" if b is None else b)
                if a == b:
                    fh.write(f"{f['base']:#018x} | {a_} | SM50,SM52 | slot={slot:#x}\n")
                else:
                    fh.write(f"{f['base']:#018x} | {a_} | SM50 | slot={slot:#x}\n")
                    fh.write(f"{f['base']:#018x} | {b_} | SM52 | slot={slot:#x}\n")
    print(len(words), "words;", len(sm52_diff), "differ on SM52")


if __name__ == "__main__":
    main()
