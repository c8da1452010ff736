"""Write docs/research/maxwell-breadth-B.md and tests/data/maxwell-breadth-B.tsv from /tmp/bB/results.json
(made by gen_breadthB.py). The hand-written part is scripts/research/doc_breadthB_intro.md (copied first);
everything after it is generated here, and every `word -> text` pair printed was produced by nvdisasm 11.8."""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fastdis_breadthB as fd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
REJ = "REJECTED"


def ranges(bits):
    out = []
    for b in sorted(bits):
        if out and out[-1][1] == b - 1:
            out[-1][1] = b
        else:
            out.append([b, b])
    return ", ".join(f"{a}" if a == c else f"{a}-{c}" for a, c in out) or "none"


def root(t):
    return re.sub(r"^@!?P[0-6T] ", "", t).split()[0]


def mods(r):
    s = set()
    rt = root(r["btext"]["SM50"]).split(".")[0]
    texts = [r["btext"]["SM50"]]
    for sw in r["sweeps"]:
        for v, wd, t50, t52 in sw["rows"]:
            texts += [t50, t52]
    for t in texts:
        if not t:
            continue
        m = root(t).split(".")
        if m[0] != rt:
            continue
        s |= set(m[1:])
    return sorted(s)


def latency(r):
    wb = r["slots"]["wb0 (write barrier SB0)"]["SM50"][0]
    rb = r["slots"]["rb0 (read barrier SB0)"]["SM50"][0]
    if wb is not None and rb is not None:
        return "variable (wb/rb accepted)"
    if wb is None and rb is None:
        return "fixed (wb/rb != 7 rejected)"
    return f"mixed (wb {'ok' if wb else 'rejected'}, rb {'ok' if rb else 'rejected'})"


def fmt(t):
    return REJ if t is None else t


COMBOS = [(0xc1fe052ff087040c, 0x207e1), (0xdcfe052ff087040c, 0x207e1), (0xca7e052caff7040c, 0x207e1),
          (0xd8b2052140970816, 0x207e1), (0xdf3e052100d70c12, 0x207e1), (0xdeb8000ff087040c | 1 << 49 | 1 << 50, 0x407e1),
          (0xeb1c054601c70c00, 0x7e1), (0xeb18054001870c00, 0x7e1), (0xedab000000270403, 0x7e1),
          (0xed0d000000270403, 0x7e1), (0xebf90000c0370402, 0x7e1), (0xec3c000000270303, 0x7e1),
          (0xeef3000040270400, 0x7e1), (0xee50000000270000, 0x7e1), (0x3bfc7fe060570412, 0x7e1),
          (0x20ffff9050570419, 0x7e1), (0x5f8703405057040e | 3 << 53 | 1 << 51, 0x7e1), (0xe24000000000002f | 7 << 16 | 0xc0, 0x7e1), (0x5f8703405057040e | 3 << 53, 0x7e1)]


def load_scan(arch):
    import glob
    rows = {}
    for path in sorted(glob.glob(f"/tmp/bB/opscan_{arch}_*.part")):
        for l in open(path):
            p = l.rstrip("\n").split("\t")
            if len(p) == 3:
                rows[int(p[0], 16)] = p
    return rows


def mnem(t):
    return "REJECTED" if t == "None" else re.sub(r"^@!?P[0-6T] ", "", t).split()[0].split(".")[0]


def opscan_diff_section():
    a, b = load_scan("SM50"), load_scan("SM52")
    common = sorted(set(a) & set(b))
    if not common:
        return []
    out = ["", "## SM50 vs SM52 opcode map differences (generated)", "",
           f"Same scan words on both archs; {len(common)} op13 values compared; rows where the mnemonic differs "
           "(consecutive op13 values merged).", "",
           "| op13 range | (w >> 48) & 0xfff8 | SM50 | SM52 (first text) |", "|---|---|---|---|"]
    cur = None
    for o in common:
        m50, m52 = mnem(a[o][2]), mnem(b[o][2])
        if m50 == m52:
            if cur:
                out.append(f"| {cur[0]:#06x}-{cur[1]:#06x} | {cur[0] << 3:#06x}-{cur[1] << 3:#06x} | {cur[2]} | {cur[3]} `{cur[4]}` |")
                cur = None
            continue
        if cur and cur[1] == o - 1 and cur[2] == m50 and cur[3] == m52:
            cur[1] = o
        else:
            if cur:
                out.append(f"| {cur[0]:#06x}-{cur[1]:#06x} | {cur[0] << 3:#06x}-{cur[1] << 3:#06x} | {cur[2]} | {cur[3]} `{cur[4]}` |")
            cur = [o, o, m50, m52, b[o][2]]
    if cur:
        out.append(f"| {cur[0]:#06x}-{cur[1]:#06x} | {cur[0] << 3:#06x}-{cur[1] << 3:#06x} | {cur[2]} | {cur[3]} `{cur[4]}` |")
    return out


def opscan_section():
    """Opcode map from opscan_breadthB.py (bits 63-51 swept, other bits = 0x7000f), if the scan finished."""
    import glob
    rows = {}
    for path in sorted(glob.glob(os.environ.get("OPSCAN", "/tmp/bB/opscan_SM50_*.part"))):
        for l in open(path):
            p = l.rstrip("\n").split("\t")
            if len(p) == 3:
                rows[int(p[0], 16)] = p
    if not rows:
        return []
    rows = [rows[k] for k in sorted(rows)]
    out = ["", "# Opcode map: every value of bits 63-51 (generated)", "",
           "Word = `op13 << 51 | 0x7000f` (guard PT, low bits 0xf), `nvdisasm -b SM50`; consecutive op13 values with the "
           "same mnemonic are merged; `REJECTED` runs are listed too. Only the first spelling of each run is shown "
           "(other bits can change the mnemonic inside a run, e.g. CCTL vs CCTLL). "
           f"Coverage: {len(rows)} of 8192 op13 values (a gap between rows means that range was not scanned).", "",
           "| op13 range | bits 63-51 as (w >> 48) & 0xfff8 | mnemonic (first text in the run) |", "|---|---|---|"]
    def fmt_run(c):
        rng = f"| {c[0]:#06x}-{c[1]:#06x} | {c[0] << 3:#06x}-{c[1] << 3:#06x} |"
        return f"{rng} REJECTED |" if c[2] == "REJECTED" else f"{rng} {c[2]} `{c[3]}` |"
    cur = None
    for op, w, t in rows:
        o = int(op, 16)
        m = "REJECTED" if t == "None" else re.sub(r"^@!?P[0-6T] ", "", t).split()[0].split(".")[0]
        if cur and cur[2] == m and cur[1] == o - 1:
            cur[1] = o
        else:
            if cur:
                out.append(fmt_run(cur))
            cur = [o, o, m, t]
    if cur:
        out.append(fmt_run(cur))
    return out


def main():
    res = json.load(open("/tmp/bB/results.json"))
    md = [open(os.path.join(HERE, "doc_breadthB_intro.md")).read().rstrip("\n"), ""]
    # summary table
    md.append("## Summary table (generated)\n")
    md.append("| mnemonic | form | fixed bits: (w & mask) == value | latency class (control-slot test) | modifiers seen in sweeps |")
    md.append("|---|---|---|---|---|")
    for r in res:
        if "error" in r:
            md.append(f"| {r['op']} | {r['name']} | base `{r['base']:#018x}` rejected | - | - |")
            continue
        md.append(f"| {r['op']} | {r['name']} | `{r['mask']:#018x}` / `{r['value']:#018x}` | {latency(r)} | "
                  f"{' '.join('.' + m for m in mods(r)) or '-'} |")
    md.append("")
    tsv = []
    seen = set()

    def add(word, t50, t52, extra=""):
        # nvdisasm pads `???N` operands to a column that depends on the other instructions in the file;
        # such texts are re-made with the word alone at address 0x8 and marked "alone=0x8".
        if not extra and any(t and re.search(r"\S {2,}\S", t) for t in (t50, t52)):
            t50, t52 = fd.one(word, "SM50"), fd.one(word, "SM52")
            extra = " | alone=0x8"
        k = (word, t50, t52, extra)
        if k in seen:
            return
        seen.add(k)
        if t50 == t52:
            tsv.append(f"{word:#018x} | {fmt(t50)} | SM50+SM52{extra}")
        else:
            tsv.append(f"{word:#018x} | {fmt(t50)} | SM50{extra}")
            tsv.append(f"{word:#018x} | {fmt(t52)} | SM52{extra}")

    group = None
    op = None
    for r in res:
        if r["group"] != group:
            group = r["group"]
            md.append(f"\n# Generated sections: {group}\n")
        if r["op"] != op:
            op = r["op"]
            md.append(f"\n## {op}\n")
        md.append(f"### {r['name']}\n")
        if "error" in r:
            md.append(f"* base word `{r['base']:#018x}`: {r['error']} (SM52: {fmt(r['btext']['SM52'])}).\n")
            add(r["base"], r["btext"]["SM50"], r["btext"]["SM52"])
            continue
        b50, b52 = r["btext"]["SM50"], r["btext"]["SM52"]
        where = " (alone at address 0x8)" if r["rel"] else ""
        md.append(f"* base example{where}: `{r['base']:#018x}` -> `{b50}`" + ("" if b50 == b52 else f"; SM52: `{fmt(b52)}`"))
        md.append(f"* fixed bits (decoder match): `(w & {r['mask']:#018x}) == {r['value']:#018x}`")
        md.append(f"* bits whose flip is rejected by nvdisasm: {ranges(r['rejbits'])}")
        md.append(f"* bits whose flip turns it into another instruction: {ranges(r['opcbits'])}")
        md.append(f"* bits nvdisasm ignores (flip gives identical text): {ranges(r['ignored'])}"
                  + (f" (of which inside a labelled field: {ranges(r['ignored_in_fields'])})" if r["ignored_in_fields"] else ""))
        if r["undeclared"]:
            md.append("* bits outside the field table that change the text:")
            for b in r["undeclared"]:
                md.append(f"  * bit {b}: `{r['flips']['SM50'][b]}`")
        if r["flipdiff52"]:
            md.append(f"* **SM52 differs from SM50** on flips of bits {ranges(r['flipdiff52'])}:")
            for b in r["flipdiff52"][:12]:
                md.append(f"  * bit {b}: SM50 `{fmt(r['flips']['SM50'][b])}` / SM52 `{fmt(r['flips']['SM52'][b])}`")
        elif r.get("flips52_skipped"):
            md.append("* SM52: single-bit flips were run on SM50 only for this relative-branch form (one nvdisasm run "
                      "per word); the field sweeps below were compared on both.")
        else:
            md.append("* SM52: all 64 single-bit flips give the same text as SM50.")
        sl = r["slots"]
        md.append(f"* control slot (SM50): " + "; ".join(
            f"{k}: {'`' + v['SM50'][0] + '`' if v['SM50'][0] else REJ}" for k, v in sl.items()))
        md.append(f"* latency class: **{latency(r)}**")
        if r["rel"]:
            a = r["at_0x100"]
            md.append(f"* same word at address 0x108 (`--base-address 0x100`): `{fmt(a['SM50'])}`")
        if r["notes"]:
            md.append(f"* note: {r['notes']}")
        md.append("")
        md.append("| field | bits | kind |")
        md.append("|---|---|---|")
        for (n, lo, w, k) in r["fields"]:
            md.append(f"| {n} | {lo + w - 1}:{lo} | {k} |" if w > 1 else f"| {n} | {lo} | {k} |")
        md.append("")
        md.append("Sweeps (field value: word -> SM50 text; `[SM52: ...]` only where SM52 differs):")
        md.append("```")
        add(r["base"], b50, b52)
        for sw in r["sweeps"]:
            md.append(f"  [{sw['field']}] bits {sw['lo']}..{sw['lo'] + sw['w'] - 1}:")
            for v, wd, t50, t52 in sw["rows"]:
                extra = "" if t50 == t52 else f"   [SM52: {fmt(t52)}]"
                md.append(f"    {v:#x}: {wd:#018x} -> {fmt(t50)}{extra}")
                add(wd, t50, t52)
        md.append("```\n")
        for k, v in sl.items():
            slot = {"wb0 (write barrier SB0)": 0x701, "rb0 (read barrier SB0)": 0x0e1, "wb5+rb5": 0x5a1,
                    "reuse bit 0 (slot bit 17)": 0x207e1, "reuse bit 1 (slot bit 18)": 0x407e1,
                    "reuse bit 2 (slot bit 19)": 0x807e1, "reuse bit 3 (slot bit 20)": 0x1007e1}[k]
            add(r["base"], v["SM50"][0], v["SM52"][0], f" | slot={slot:#x}")
        if r["rel"]:
            add(r["base"], r["at_0x100"]["SM50"], r["at_0x100"]["SM52"], " | addr=0x108")
    md += opscan_section()
    md += opscan_diff_section()
    # combined-modifier examples (modifier print order), texture words with the .T phase (slot 0x207e1)
    md += ["", "## Combined-modifier examples (generated; modifier print order)", "", "```"]
    for w, slot in COMBOS:
        t50, t52 = fd.one_slot(w, slot, "SM50")[0], fd.one_slot(w, slot, "SM52")[0]
        md.append(f"  {w:#018x} slot {slot:#x} -> {fmt(t50)}" + ("" if t50 == t52 else f"   [SM52: {fmt(t52)}]"))
        add(w, t50, t52, f" | slot={slot:#x}" if slot != 0x7e1 else "")
    md.append("```")
    open(os.path.join(ROOT, "docs/research/maxwell-breadth-B.md"), "w").write("\n".join(md) + "\n")
    hdr = open(os.path.join(HERE, "doc_breadthB_tsv_header.txt")).read().rstrip("\n")
    with open(os.path.join(ROOT, "tests/data/maxwell-breadth-B.tsv"), "w") as fh:
        fh.write(hdr + "\n")
        fh.write("\n".join(tsv) + "\n")
    fd.save()
    print(len(tsv), "tsv lines")


if __name__ == "__main__":
    main()
