#!/usr/bin/env python3
"""The opcodes nvdisasm 11.8 knows for SM50 and SM52, from its own decodes.

    scripts/nvdisasm-opcode-census.py [OUT.tsv]     (OUT: tests/data/maxwell-nvdisasm-opcodes.tsv)

Every value of the top 16 bits of an instruction word (the opcode bits of every Maxwell
encoding lie in bits 63..48) is tried with the lower 48 bits zero and with SAMPLES
random lower halves (seeded: the file is reproducible), each word in a bundle whose
control slots are 0x7e1 (no barriers, stall 1). nvdisasm names the words it rejects on
standard error and then prints nothing, so the file is disassembled again with those words
replaced by NOPs until it prints. The census is by mnemonic as nvdisasm prints it, up to
the first `.` (`LDG.E.CI` is LDG): for each target, how many of the 65,536 prefixes have
at least one word nvdisasm decodes to that mnemonic, and one example word with its text.
Placeholder mnemonics (nvdisasm's `???`/`INVALID` spellings) are kept apart with a `#`.

crates/gpumem-maxwell/tests/opcode_census.rs reads the file: every mnemonic must have a
case in tests/data/maxwell-golden.txt (or be listed in tests/data/maxwell-golden-gaps.tsv).
Needs nvdisasm: GPUMEM_CUDA_BIN, or scripts/install-oracles.sh's cache.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

SAMPLES = 7
SEED = 0x0C0DE5
NOP = 0x50B0000000070F00
SLOT = 0x7E1
CTRL = SLOT | SLOT << 21 | SLOT << 42

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "tests/data/maxwell-nvdisasm-opcodes.tsv")
cuda = os.environ.get("GPUMEM_CUDA_BIN") or os.path.expanduser("~/.cache/gpumem-oracles/cuda/usr/bin")
nvdisasm = os.path.join(cuda, "nvdisasm")
if not os.path.isfile(nvdisasm):
    sys.exit(f"nvdisasm not found in {cuda} (run scripts/install-oracles.sh)")

line_re = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s*(.*?)\s*(/\* 0x[0-9a-f]+ \*/)?\s*$")


def index(addr):
    return 3 * (addr // 32) + (addr % 32 - 8) // 8


def to_bytes(words):
    out = bytearray()
    for b in range(0, len(words), 3):
        out += CTRL.to_bytes(8, "little")
        for w in words[b:b + 3]:
            out += w.to_bytes(8, "little")
    return bytes(out)


def disassemble(words, sm, tmp):
    """nvdisasm's text by instruction index, and the indices it rejected."""
    words = list(words)
    rejected = set()
    path = os.path.join(tmp, f"census-{sm}.bin")
    for _ in range(8):
        with open(path, "wb") as f:
            f.write(to_bytes(words))
        p = subprocess.run([nvdisasm, "-b", sm, path], capture_output=True, text=True, errors="replace")
        bad = [index(int(m.group(1), 16)) for m in re.finditer(r"at address 0x([0-9a-f]+)", p.stderr)]
        if not bad and p.stdout:
            texts = {}
            for line in p.stdout.splitlines():
                m = line_re.match(line)
                if m:
                    texts[index(int(m.group(1), 16))] = m.group(2)
            return texts, rejected
        if not bad:
            sys.exit(f"nvdisasm printed nothing and named no address:\n{p.stderr}")
        for i in bad:
            rejected.add(i)
            words[i] = NOP
    sys.exit("nvdisasm keeps rejecting words")


def mnemonic(text):
    toks = text.replace("{", " ").replace("}", " ").split()
    if toks and toks[0].startswith("@"):
        toks = toks[1:]
    return toks[0].split(".")[0].rstrip(";") if toks else "?"


rng = random.Random(SEED)
words = []
for top in range(1 << 16):
    words.append(top << 48)
    for _ in range(SAMPLES):
        words.append(top << 48 | rng.getrandbits(48))
while len(words) % 3:
    words.append(NOP)

census = {}
with tempfile.TemporaryDirectory() as tmp:
    for sm in ("SM50", "SM52"):
        texts, rejected = disassemble(words, sm, tmp)
        seen = {}
        for i, w in enumerate(words):
            if i in rejected or i not in texts or i >= (1 << 16) * (SAMPLES + 1):
                continue
            m = mnemonic(texts[i])
            seen.setdefault(m, set()).add(w >> 48)
            census.setdefault(m, {}).setdefault("example", (w, texts[i], sm))
        for m, prefixes in seen.items():
            census[m][sm] = len(prefixes)
        print(f"{sm}: {len(words) - len(rejected)} of {len(words)} words decoded, {len(seen)} mnemonics", file=sys.stderr)


def placeholder(m):
    return "?" in m or "INVALID" in m


with open(out_path, "w") as f:
    f.write("# The mnemonics nvdisasm 11.8 decodes on SM50/SM52 (up to the first `.`), written by\n")
    f.write("# scripts/nvdisasm-opcode-census.py: every top-16-bit opcode prefix with the lower 48 bits\n")
    f.write(f"# zero and {SAMPLES} random (seed {SEED:#x}); sm_50/sm_52: prefixes decoding to the mnemonic\n")
    f.write("# (0: not on that target); one example word with its text. `#` lines below the header are\n")
    f.write("# nvdisasm's placeholders (kept for the record, not opcodes).\n")
    f.write("mnemonic\tsm_50\tsm_52\texample\n")
    for m in sorted(census, key=lambda m: (placeholder(m), m)):
        c = census[m]
        w, text, sm = c["example"]
        f.write(f"{'# ' if placeholder(m) else ''}{m}\t{c.get('SM50', 0)}\t{c.get('SM52', 0)}\t{w:#018x} {sm}: {text}\n")
print(f"wrote {out_path}: {sum(1 for m in census if not placeholder(m))} mnemonics", file=sys.stderr)
