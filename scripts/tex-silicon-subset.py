#!/usr/bin/env python3
"""Makes tests/silicon/textures/subset.json.gz, the committed part of the texture silicon data.

The full set (../shared/silicon/textures, see its README) holds 501,984 fetches an H100's
texture unit returned for 327 configurations. The subset keeps, per configuration, every
special coordinate (NaN, infinities, denormals, huge values) and layer index and a
deterministic sample of the grid, random, sub-texel probe and wide-range coordinates,
with the texel data, the coordinates (float32 bits) and the four returned words. Each row
also records whether scripts/research/tex_silicon.py's "silicon" hypothesis (the model
gpumem-tex implements) reproduces it: crates/gpumem-tex/tests/silicon.rs requires the
Rust unit to match every such row and at least as many rows in all as the model.

    python3 scripts/tex-silicon-subset.py [SRC=../shared/silicon/textures] [DST=tests/silicon/textures]

Needs numpy. gzip with mtime 0: the file is reproducible byte for byte.
"""
import gzip
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "research"))
import tex_silicon  # noqa: E402

src = sys.argv[1] if len(sys.argv) > 1 else os.path.join("..", "shared", "silicon", "textures")
dst = sys.argv[2] if len(sys.argv) > 2 else os.path.join("tests", "silicon", "textures")

# rows kept per coordinate group: grid, random, probe512, special, wide, layer
KEEP = {0: 24, 1: 24, 2: 48, 3: None, 4: 16, 5: None}


def pick(groups):
    rows = []
    for g, keep in KEEP.items():
        idx = [i for i, x in enumerate(groups) if x == g]
        if keep is not None and len(idx) > keep:
            step = len(idx) / keep
            idx = [idx[int(k * step)] for k in range(keep)]
        rows.extend(idx)
    return sorted(rows)


meta, tex, co, res = tex_silicon.load(src)
h = dict(tex_silicon.BASE)
h.update(tex_silicon.HYPOTHESES["silicon"])
out = {"source": "../shared/silicon/textures (H100, see its README)", "textures": {}, "configs": []}
for name, data in sorted(tex.items()):
    out["textures"][name] = {"dtype": str(data.dtype), "bytes": data.tobytes().hex()}
total = [0, 0]
for cfg in meta["configs"]:
    fmt = meta["formats"][cfg["fmt"]]
    t = tex_silicon.Texture(cfg, tex[cfg["texture"]], fmt)
    xyz = co[cfg["coords"] + "_xyz"]
    bits = xyz.view(np.uint32).tolist()
    fl = xyz.tolist()
    lay = co[cfg["coords"] + "_layer"].tolist()
    grp = co[cfg["coords"] + "_group"].tolist()
    got = res[cfg["id"]].tolist()
    rows = []
    for r in pick(grp):
        x, y, z = fl[r]
        model = tex_silicon.fetch(t, cfg, x, y, z, lay[r], h) == got[r]
        total[0] += model
        total[1] += 1
        rows.append(bits[r] + [lay[r] & 0xFFFFFFFF] + got[r] + [int(model)])
    keep = {k: cfg[k] for k in ("id", "kind", "size", "fmt", "read", "normalized", "addr", "filter", "texture")}
    keep["nch"] = fmt["nch"]
    keep["bits"] = fmt["bits"]
    keep["chkind"] = fmt["chkind"]
    keep["rows"] = rows
    out["configs"].append(keep)
os.makedirs(dst, exist_ok=True)
path = os.path.join(dst, "subset.json.gz")
with open(path, "wb") as f:
    with gzip.GzipFile(fileobj=f, mode="wb", compresslevel=9, mtime=0, filename="") as z:
        z.write(json.dumps(out, separators=(",", ":")).encode())
print("%s: %d rows, the model matches %d" % (path, total[1], total[0]))
