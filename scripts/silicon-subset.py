#!/usr/bin/env python3
"""Makes tests/silicon/ (the committed silicon subset) from the full data set.

The full set (shared/silicon/, see its README) holds, per PTX operation, the H100's
output for the first 4,096 operand tuples (all pairs of special values first, then random
ones) and the inputs of all 16,384. The subset keeps what the test needs to check the
same 4,096 tuples: every cubin, ops.json, the first 4,096 tuples of each input file (all
16,384 for the atomics, whose final memory depends on every thread) and every H100
output, each gzip-compressed (mtime 0, so the files are reproducible byte for byte).

    python3 scripts/silicon-subset.py [SRC=../shared/silicon] [DST=tests/silicon]
"""
import gzip
import json
import os
import shutil
import sys

TUPLES = 4096

src = sys.argv[1] if len(sys.argv) > 1 else os.path.join("..", "shared", "silicon")
dst = sys.argv[2] if len(sys.argv) > 2 else os.path.join("tests", "silicon")


def gz(data, path):
    with open(path, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", compresslevel=9, mtime=0, filename="") as z:
            z.write(data)


ops = json.load(open(os.path.join(src, "ops.json")))["ops"]
for sub in ("cubin", "inputs", "h100"):
    os.makedirs(os.path.join(dst, sub), exist_ok=True)
shutil.copy(os.path.join(src, "ops.json"), os.path.join(dst, "ops.json"))
for name in sorted(os.listdir(os.path.join(src, "cubin"))):
    shutil.copy(os.path.join(src, "cubin", name), os.path.join(dst, "cubin", name))
whole = set()
for op in ops:
    if op["kind"] in ("atom", "atomf"):
        whole.update(op["inputs"])
        whole.add(op["out_init"])
done = set()
for op in ops:
    for size, rel in zip(op["in_bytes"], op["inputs"]):
        if rel in done:
            continue
        done.add(rel)
        data = open(os.path.join(src, rel), "rb").read()
        if rel not in whole:
            data = data[: size * TUPLES]
        gz(data, os.path.join(dst, rel + ".gz"))
    if "out_init" in op:
        rel = op["out_init"]
        gz(open(os.path.join(src, rel), "rb").read(), os.path.join(dst, rel + ".gz"))
    out = os.path.join("h100", op["kernel"] + ".out.bin")
    gz(open(os.path.join(src, out), "rb").read(), os.path.join(dst, out + ".gz"))
shutil.copy(os.path.join(src, "h100", "env.txt"), os.path.join(dst, "h100", "env.txt"))
