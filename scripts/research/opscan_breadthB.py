"""Opcode scan: every value of bits 51-63 with the other bits = guard PT (0x70000) and registers RZ-free zeros,
disassembled with nvdisasm -b SM50 and SM52. Writes /tmp/bB/opscan.tsv: op13 | word | SM50 text | SM52 text."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
import fastdis_breadthB as fd

VARIANTS = [0x7000f]   # guard PT, CC test 0xf in bits 0-4 (branch-type ops then print no CC)

if __name__ == "__main__":
    arch = sys.argv[1]
    words = [(op << 51) | v for op in range(8192) for v in VARIANTS]
    ts = fd.dis(words, arch, chunk=600)
    fd.save()
    with open(f"/tmp/bB/opscan_{arch}.tsv", "w") as f:
        for w, t in zip(words, ts):
            f.write(f"{w >> 51:#06x}\t{w:#018x}\t{t}\n")
