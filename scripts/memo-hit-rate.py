#!/usr/bin/env python3
"""How often `gpumem dis` prints a word from its memory of texts (crates/gpumem-maxwell/src/memo.rs).

    scripts/memo-hit-rate.py STREAM.bin TEXT.txt

STREAM.bin: a raw sm_52 stream (`gen_corpus real 1000000 STREAM.bin`); TEXT.txt: its
disassembly (`gpumem dis --isa maxwell --target sm_52 STREAM.bin`), which tells the rows with a
branch target (lines whose text ends in an address: not remembered) and texts longer than
64 bytes. Replays the memory (4,096 direct-mapped places, the same hash) and prints the share
of lines printed from it, over the whole stream and over its first period (the stream's code
before it starts over, found here), where nothing comes from the repetition.
Approximations: a line that does not decode is treated as remembered-able.
"""
import re
import struct
import sys

PLACES = 4096
MASK = (1 << 64) - 1


def place(word, reuse):
    h = ((word ^ (word >> 32) ^ (reuse << 59)) & MASK) * 0x9E3779B97F4A7C15 & MASK
    return h >> (64 - (PLACES.bit_length() - 1))


def main():
    data = open(sys.argv[1], "rb").read()
    lines = open(sys.argv[2]).read().splitlines()[1:]  # the header
    # The period: the first bundle from which the stream's beginning comes again.
    period = len(data) // 32 * 3
    probe = data[: 1 << 16]
    at = data.find(probe, 32)
    while at >= 0:
        if at % 32 == 0:
            period = at // 32 * 3
            break
        at = data.find(probe, at + 1)
    target = re.compile(r"\b(BRA|SSY|PBK|PCNT|CAL|JCAL|PRET|BRX|JMX|SYNC|JMP)\b.* 0x[0-9a-f]+")
    keys = [None] * PLACES
    hits = first_hits = n = 0
    for b in range(len(data) // 32):
        cw, *ws = struct.unpack_from("<4Q", data, 32 * b)
        for k, w in enumerate(ws):
            reuse = (cw >> (21 * k + 17)) & 0xF
            text = lines[n][34:] if n < len(lines) else ""
            p = place(w, reuse)
            if keys[p] == (w, reuse):
                hits += 1
                first_hits += n < period
            elif not target.search(text) and len(text.rstrip(" ;}")) <= 64:
                keys[p] = (w, reuse)
            n += 1
    print(f"{n} instructions: {hits / n:.1%} printed from the memory")
    m = min(n, period)
    print(f"first {m} instructions (the code once, before it repeats): {first_hits / m:.1%}")


main()
