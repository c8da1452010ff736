"""Collect ptxas words for breadth-B instructions from /tmp/bB/ptx/*.sass (built by ptx_breadthB.py).
Writes /tmp/bB/ptxas_words.tsv: word | arch | file@addr | cuobjdump text (one row per distinct mnemonic+shape)."""
import glob, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
from inventory import parse_sass, key_of

SKIP = set("MOV IADD XMAD LDG STG ISETP FADD SHL SHR LOP MOV32I BFE IADD3 SEL ISCADD LEA FMUL F2I I2F LDC LOP3 STS "
           "LDS SHF IMNMX PRMT LDL STL LD ST DEPBAR IADD32I LOP32I FFMA POPC FLO BFI FSETP FSET MUFU I2I F2F "
           "RRO FMNMX ICMP ISET FCMP".split())


def main():
    rows = {}
    for sass in sorted(glob.glob("/tmp/bB/ptx/*.sass")):
        arch = "SM52" if "sm_52" in sass else "SM50"
        for fn, addr, text, word in parse_sass(sass):
            k = key_of(text)
            op = re.sub(r"^@!?P[0-6T] ", "", text).split()[0].split(".")[0]
            if op in SKIP:
                continue
            k2 = (arch,) + k
            if k2 not in rows:
                rows[k2] = (word, arch, f"{os.path.basename(sass)}@0x{addr:04x}", text)
    with open("/tmp/bB/ptxas_words.tsv", "w") as f:
        for k in sorted(rows, key=lambda k: (k[1], k[0])):
            w, a, s, t = rows[k]
            f.write(f"{w:#018x}\t{a}\t{s}\t{t}\n")
    print(len(rows))


if __name__ == "__main__":
    main()
