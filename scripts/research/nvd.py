"""Helpers to run CUDA 11.8 `nvdisasm -b SM50` on raw Maxwell words (research tooling, not product code).

disasm(words, arch="SM50") -> list of texts (None where nvdisasm rejects the word).
Each word is placed in its own slot; control slots are 0x7e1 (prints " ;"), padding is NOP.
Words that make nvdisasm fail are detected from the error address and replaced by NOP,
then the file is disassembled again.
"""
import os, re, struct, subprocess, tempfile

CUDA_BIN = os.environ.get("GPUMEM_CUDA_BIN", "/root/.cache/gpumem-oracles/cuda/usr/bin")
NVDISASM = os.path.join(CUDA_BIN, "nvdisasm")
NOP = 0x50b0000000070f00
SLOT = 0x7e1
CTRL = SLOT | SLOT << 21 | SLOT << 42
LINE = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s*(.*?)\s*$")
ERR = re.compile(r"at address (0x[0-9a-f]+)")


def _run(words, arch, base):
    buf = bytearray()
    for i in range(0, len(words), 3):
        chunk = list(words[i:i + 3]) + [NOP] * (3 - len(words[i:i + 3]))
        buf += struct.pack("<4Q", CTRL, *chunk)
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        f.write(buf)
        name = f.name
    try:
        args = [NVDISASM, "-b", arch]
        if base:
            args += ["--base-address", hex(base)]
        p = subprocess.run(args + [name], capture_output=True, text=True)
    finally:
        os.unlink(name)
    return p


def addr_of(i, base=0):
    return base + (i // 3) * 32 + 8 + (i % 3) * 8


_CACHE = None
_CACHE_PATH = os.environ.get("NVD_CACHE", "/tmp/nvd_cache.json")


def _cache():
    global _CACHE
    if _CACHE is None:
        try:
            import json
            _CACHE = json.load(open(_CACHE_PATH))
        except Exception:
            _CACHE = {}
    return _CACHE


def save_cache():
    import json
    if _CACHE is not None:
        json.dump(_CACHE, open(_CACHE_PATH, "w"))


def disasm(words, arch="SM50", base=0):
    words = list(words)
    c = _cache()
    keys = [f"{arch}:{addr_of(i, base):x}:{w:x}" for i, w in enumerate(words)]
    if all(k in c for k in keys):
        return [c[k] for k in keys]
    res = _disasm(words, arch, base)
    for k, t in zip(keys, res):
        c[k] = t
    return res


def _disasm(words, arch="SM50", base=0):
    bad = set()
    while True:
        p = _run([NOP if i in bad else w for i, w in enumerate(words)], arch, base)
        if p.returncode == 0:
            break
        m = ERR.search(p.stderr)
        if not m:
            raise RuntimeError(p.stderr)
        a = int(m.group(1), 16) - base
        idx = (a // 32) * 3 + (a % 32 - 8) // 8
        if idx in bad or not (0 <= idx < len(words)):
            raise RuntimeError(p.stderr)
        bad.add(idx)
    texts = {}
    for line in p.stdout.splitlines():
        m = LINE.match(line)
        if m:
            t = m.group(2)
            t = t.lstrip("{").strip()
            if t.endswith("}"):
                t = t[:-1].rstrip()
            texts[int(m.group(1), 16)] = t
    out = []
    for i in range(len(words)):
        out.append(None if i in bad else texts.get(addr_of(i, base)))
    return out


def one(word, arch="SM50", base=0):
    return disasm([word], arch, base)[0]


if __name__ == "__main__":
    import sys
    for w in sys.argv[1:]:
        print(hex(int(w, 16)), "->", one(int(w, 16)))
