"""nvdisasm runner for the breadth-A survey (research tooling, not product code).

dis(words, arch="SM50", slots=None) -> list of texts (None where nvdisasm rejects the word).
Like nvd.py, but each word may carry its own 21-bit control slot (default 0x7e1, so texts end in " ;"),
work is split into chunks of CHUNK words (a rejection costs a re-run of one chunk only), and the cache
lives in $NVD_BREADTHA_CACHE (default /tmp/nvd_breadthA_cache.json).
"""
import os, re, struct, subprocess, tempfile, json

CUDA_BIN = os.environ.get("GPUMEM_CUDA_BIN", "/root/.cache/gpumem-oracles/cuda/usr/bin")
NVDISASM = os.path.join(CUDA_BIN, "nvdisasm")
NOP = 0x50b0000000070f00
SLOT = 0x7e1
CHUNK = 96
LINE = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s*(.*?)\s*$")
ERR = re.compile(r"at address (0x[0-9a-f]+)")
_CACHE_PATH = os.environ.get("NVD_BREADTHA_CACHE", "/tmp/nvd_breadthA_cache.json")
_CACHE = None


def _cache():
    global _CACHE
    if _CACHE is None:
        try:
            _CACHE = json.load(open(_CACHE_PATH))
        except Exception:
            _CACHE = {}
    return _CACHE


def save_cache():
    if _CACHE is not None:
        tmp = _CACHE_PATH + ".tmp"
        json.dump(_CACHE, open(tmp, "w"))
        os.replace(tmp, _CACHE_PATH)


def addr_of(i):
    return (i // 3) * 32 + 8 + (i % 3) * 8


def _run(words, slots, arch):
    buf = bytearray()
    for i in range(0, len(words), 3):
        ws = list(words[i:i + 3]) + [NOP] * (3 - len(words[i:i + 3]))
        ss = list(slots[i:i + 3]) + [SLOT] * (3 - len(slots[i:i + 3]))
        ctrl = ss[0] | ss[1] << 21 | ss[2] << 42
        buf += struct.pack("<4Q", ctrl, *ws)
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        f.write(buf)
        name = f.name
    try:
        p = subprocess.run([NVDISASM, "-b", arch, name], capture_output=True, text=True)
    finally:
        os.unlink(name)
    return p


def _dis_chunk(words, slots, arch):
    bad = set()
    while True:
        p = _run([NOP if i in bad else w for i, w in enumerate(words)],
                 [SLOT if i in bad else s for i, s in enumerate(slots)], arch)
        if p.returncode == 0:
            break
        m = ERR.search(p.stderr)
        if not m:
            raise RuntimeError(p.stderr)
        a = int(m.group(1), 16)
        idx = (a // 32) * 3 + (a % 32 - 8) // 8
        if idx in bad or not (0 <= idx < len(words)):
            raise RuntimeError(p.stderr)
        bad.add(idx)
    texts = {}
    for line in p.stdout.splitlines():
        m = LINE.match(line)
        if m:
            t = m.group(2).lstrip("{").strip()
            if t.endswith("}"):
                t = t[:-1].rstrip()
            texts[int(m.group(1), 16)] = t
    return [None if i in bad else texts.get(addr_of(i)) for i in range(len(words))]


def dis(words, arch="SM50", slots=None):
    words = list(words)
    slots = list(slots) if slots is not None else [SLOT] * len(words)
    c = _cache()
    keys = [f"{arch}:{s:x}:{w:x}" for w, s in zip(words, slots)]
    todo = sorted({k: (w, s) for k, w, s in zip(keys, words, slots) if k not in c}.items())
    for i in range(0, len(todo), CHUNK):
        part = todo[i:i + CHUNK]
        res = _dis_chunk([w for _, (w, s) in part], [s for _, (w, s) in part], arch)
        for (k, _), t in zip(part, res):
            c[k] = t
    return [c[k] for k in keys]


def one(word, arch="SM50", slot=SLOT):
    return dis([word], arch, [slot])[0]


if __name__ == "__main__":
    import sys
    args = sys.argv[1:]
    arch = "SM50"
    if args and args[0].startswith("SM"):
        arch = args.pop(0)
    ws = [int(a, 16) for a in args]
    for w, t in zip(ws, dis(ws, arch)):
        print(f"{w:#018x} -> {t}")
    save_cache()
