"""Opcode scan: every value of bits 63-51 (op13) with the other bits = 0x7000f (guard PT, CC/low bits 0xf),
disassembled with nvdisasm -b SM50. Usage: opscan_breadthB.py LO HI [ARCH]  (op13 range [LO, HI)).
Appends `op13 <TAB> word <TAB> text-or-None` lines to /tmp/bB/opscan_<ARCH>_<LO>.part after every chunk of 48,
so partial runs are usable; doc_breadthB.py merges all parts. Each worker uses its own nvdisasm cache file."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
import fastdis_breadthB as fd

if __name__ == "__main__":
    lo, hi = int(sys.argv[1], 0), int(sys.argv[2], 0)
    arch = sys.argv[3] if len(sys.argv) > 3 else "SM50"
    fd.CACHE_PATH = f"/tmp/bB/opscan_cache_{arch}_{lo}.json"
    out = f"/tmp/bB/opscan_{arch}_{lo}.part"
    done = set()
    if os.path.exists(out):
        done = {int(l.split("\t")[0], 16) for l in open(out)}
    ops = [o for o in range(lo, hi) if o not in done]
    for i in range(0, len(ops), 48):
        chunk = ops[i:i + 48]
        words = [(o << 51) | 0x7000f for o in chunk]
        ts = fd.dis(words, arch, chunk=48)
        with open(out, "a") as f:
            for o, w, t in zip(chunk, words, ts):
                f.write(f"{o:#06x}\t{w:#018x}\t{t}\n")
