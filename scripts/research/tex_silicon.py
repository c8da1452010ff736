#!/usr/bin/env python3
"""What the texture unit computes: hypotheses checked against the H100's texture fetches.

Reads ../shared/silicon/textures/ (see its README: 327 configurations, 501,984 fetches,
texel data and coordinates) and models every fetch under a named hypothesis, printing
how many fetches (all four returned words equal) and whole configurations match, per
configuration class (filter x format x read mode x address mode). The hypotheses go from
the textbook reading of the CUDA C Programming Guide ("guide") to the one the silicon
agrees with bit for bit ("silicon"); each step changes one thing, so the printout shows
what each finding is worth. docs/14-textures.md records the result.

    python3 scripts/research/tex_silicon.py [DATA] [HYPOTHESIS...] [--brief] [--only=ID] [--show=N]

DATA defaults to ../shared/silicon/textures; --brief prints totals only, --only= keeps the
configurations whose id contains ID, --show=N prints the first N mismatches.

Needs numpy (to read the .npz files); the arithmetic is exact (Python integers).
"""
import json
import math
import os
import struct
import sys
from collections import defaultdict

import numpy as np

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "silicon", "textures")

# Every hypothesis is a set of choices; "silicon" is the final one.
BASE = {
    # How the 8-bit weight comes from the coordinate u - 0.5 (in texels):
    # "trunc": floor(frac * 256); "round": floor(frac * 256 + 1/2) (fixed point with 8
    # fractional bits, rounded to nearest, ties up).
    "weight": "trunc",
    # Rounding of the exactly weighted sum to float32: "rne" or "rna" (ties away from 0).
    "round": "rne",
    # Normalized-float read of integer texels before filtering: "exact" (t / 255 taken as
    # an exact rational), "f32" (t / 255 rounded to float32 first), "fixed16" (texels widened
    # to 16-bit unorm/snorm: t * 65535 / 255 exactly for u8, round(t * 32767 / 127) for s8,
    # filtered in that fixed point with the 8-bit weights, the sum rounded to an integer
    # (half up), then divided by 65535 / 32767 and rounded to float32).
    "norm": "exact",
    # Normalized coordinates: "exact" (c * N exactly), "f32" (c * N rounded to float32),
    # an integer k: c truncated to a fixed-point number with k fractional bits first.
    "ncscale": "exact",
    # Denormal coordinates: "keep" or "flush" (taken as 0).
    "denorm": "keep",
    # Layer index: "clamp" (signed, to [0, layers-1]) or "unsigned" (min(unsigned, layers-1)).
    "layer": "clamp",
    # NaN coordinate: "zero" (taken as 0).
    "nan": "zero",
    # Weights of a 2-D (and 3-D) filter: "product" (the products of the axis weights,
    # exact), "corner" (w11 = round(a * b / 256) to 8 fractional bits, ties up; w10 = a -
    # w11, w01 = b - w11, w00 = 256 - a - b + w11: every corner weight has 8 bits).
    "weights2": "product",
    # A 1-D texture: "1d" (one axis), "2d" (a 2-D texture of height 1 sampled at y = 0: a
    # linear filter reads row -1, the border in border mode, with weight 1/2).
    "oned": "1d",
    # Filtered f16 texels: "f32" (the sum rounded to float32) or "f16" (rounded to half).
    "f16": "f32",
}
def _steps():
    """The hypotheses in the order they were found, each adding one finding to the last."""
    steps = [
        ("guide", {}),
        ("round-weight", {"weight": "round"}),
        ("rna", {"round": "rna"}),
        ("corner-weights", {"weights2": "corner"}),
        ("fixed-nc", {"ncscale": 21, "denorm": "flush", "layer": "unsigned"}),
        ("norm16", {"norm": "fixed16"}),
        ("oned-as-2d", {"oned": "2d"}),
        ("f16-result", {"f16": "f16"}),
    ]
    out = {}
    acc = {}
    for name, change in steps:
        acc = dict(acc, **change)
        out[name] = dict(acc)
    out["silicon"] = dict(acc)
    return out


HYPOTHESES = _steps()


# When a list, fetch() appends the weighted terms of channel 0 (num, den) to it (analysis).
RECORD = None


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def round_f32(p, q, mode):
    """The float32 nearest p / q (q > 0) under mode rne / rna, as its bits."""
    if p == 0:
        return 0
    sign = 0x80000000 if p < 0 else 0
    p = abs(p)
    # exponent e with 2^e <= p/q < 2^(e+1)
    e = p.bit_length() - q.bit_length()
    if (p << max(0, -e)) < (q << max(0, e)):
        e -= 1
    e = max(e, -126)
    # m = p / q / 2^(e-23), integer part and remainder
    sh = 23 - e
    num = p << sh if sh >= 0 else p
    den = q if sh >= 0 else q << -sh
    m, rem = divmod(num, den)
    twice = 2 * rem
    if twice > den or (twice == den and (mode == "rna" or m & 1)):
        m += 1
    # m in [2^23, 2^24] for normal numbers, below 2^23 for subnormals
    if m >= 1 << 24:
        m >>= 1
        e += 1
    if e > 127:
        return sign | 0x7F800000
    if m < 1 << 23:
        return sign | m
    return sign | ((e + 127) << 23) | (m - (1 << 23))


def round_f16_as_f32(p, q, mode):
    """The half-precision number nearest p / q (mode rne / rna), as float32 bits."""
    if p == 0:
        return 0
    sign = 0x80000000 if p < 0 else 0
    p = abs(p)
    e = p.bit_length() - q.bit_length()
    if (p << max(0, -e)) < (q << max(0, e)):
        e -= 1
    e = max(e, -14)
    sh = 10 - e
    num = p << sh if sh >= 0 else p
    den = q if sh >= 0 else q << -sh
    m, rem = divmod(num, den)
    twice = 2 * rem
    if twice > den or (twice == den and (mode == "rna" or m & 1)):
        m += 1
    if m >= 1 << 11:
        m >>= 1
        e += 1
    if e > 15:
        return sign | 0x7F800000
    # value = m * 2^(e-10): exact in float32
    return sign | round_f32(m << max(0, e - 10), 1 << max(0, 10 - e), "rne")


def rational(value_bits, fmt, read):
    """A texel channel as an exact rational (num, den), from its stored integer/bits."""
    kind = fmt["chkind"]
    if kind == "float":
        if fmt["bits"] == 32:
            b = value_bits
            e = (b >> 23) & 0xFF
            m = b & 0x7FFFFF
            if e == 0xFF:
                return None  # inf/nan: not in the data
            mant = (m | (1 << 23)) if e else m
            exp = (e if e else 1) - 150
        else:
            b = value_bits
            e = (b >> 10) & 0x1F
            m = b & 0x3FF
            mant = (m | (1 << 10)) if e else m
            exp = (e if e else 1) - 25
        if b >> (fmt["bits"] - 1):
            mant = -mant
        return (mant << exp, 1) if exp >= 0 else (mant, 1 << -exp)
    if read == "elem":
        return (value_bits, 1)
    if kind == "unsigned":
        return (value_bits, (1 << fmt["bits"]) - 1)
    # signed: -2^(n-1) reads as -1
    top = (1 << (fmt["bits"] - 1)) - 1
    return (max(value_bits, -top), top)


def rat_f32(num, den):
    """Rounds num/den to float32 (rne) and returns it as an exact rational."""
    bits = round_f32(num, den, "rne")
    return rational(bits, {"chkind": "float", "bits": 32}, "elem")


class Texture:
    def __init__(self, cfg, data, fmt):
        w, h, d = cfg["size"]
        self.kind = cfg["kind"]
        self.w, self.h, self.d = w, max(h, 1), max(d, 1)
        nch = fmt["nch"]
        if fmt["chkind"] == "float":
            raw = data.view(np.uint32 if fmt["bits"] == 32 else np.uint16)
        else:
            raw = data
        self.vals = raw.reshape(self.d, self.h, w, nch).tolist()
        self.nch = nch
        self.fmt = fmt


def address(i, n, mode):
    """Integer texel index under an address mode, or None for the border colour."""
    if mode == "border":
        return i if 0 <= i < n else None
    if mode == "clamp":
        return min(max(i, 0), n - 1)
    if mode == "wrap":
        return i % n
    if mode == "mirror":
        period = i % (2 * n)
        return period if period < n else 2 * n - 1 - period
    raise ValueError(mode)


def coord_fixed(c, n, cfg, h):
    """The coordinate as an exact rational in texels (num, den), after the
    normalized-coordinate scaling and wrap/mirror reduction; handles NaN/inf."""
    if math.isnan(c):
        c = 0.0
    if h["denorm"] == "flush" and abs(c) < 2.0**-126:
        c = 0.0
    normalized = cfg["normalized"]
    big = 1 << 40
    if math.isinf(c):
        # beyond every texture: clamps to the edge, wraps and mirrors to 0
        num, den = (big if c > 0 else -big), 1
    else:
        num, den = float(c).as_integer_ratio()
    if normalized and isinstance(h["ncscale"], int):
        k = h["ncscale"]
        one = 1 << k
        fixed = (num << k) // den
        if cfg["addr"] == "wrap":
            fixed %= one
        elif cfg["addr"] == "mirror":
            # one period of two; the reflection is done on the texel index
            fixed %= 2 * one
        return (fixed * n, one)
    if normalized:
        if cfg["addr"] == "wrap":
            num = num - (num // den) * den
        elif cfg["addr"] == "mirror":
            # mirror repeats with period 2 in normalized coordinates
            num = num % (2 * den)
            if num > den:
                num = 2 * den - num
        if h["ncscale"] == "f32":
            v = np.float32(np.float32(num / den) * np.float32(n))
            num, den = float(v).as_integer_ratio()
        else:
            num *= n
    return (num, den)


def axis_taps(c, n, cfg, h, linear):
    """[(index or None, weight numerator of 256)] for one axis."""
    num, den = coord_fixed(c, n, cfg, h)
    if not linear:
        i = num // den
        mode = "mirror" if cfg["addr"] == "mirror" else cfg["addr"] if cfg["addr"] in ("clamp", "border") else "clamp"
        return [(address(i, n, mode), 256)]
    # u - 0.5 in 1/256 texels
    scaled_num = num * 256 - 128 * den
    if h["weight"] == "trunc":
        fx = scaled_num // den
    else:
        fx = (2 * scaled_num + den) // (2 * den)
    i0, w = fx >> 8, fx & 255
    mode = cfg["addr"]
    return [(address(i0, n, mode), 256 - w), (address(i0 + 1, n, mode), w)]


def fetch(tex, cfg, x, y, z, layer, h):
    fmt = tex.fmt
    nch = tex.nch
    kind = cfg["kind"]
    linear = cfg["filter"] == "linear"
    if kind == "fetch":
        i = layer
        taps = [((0, 0, i) if 0 <= i < tex.w else None, 1)]
        wden = 1
    else:
        ax = axis_taps(x, tex.w, cfg, h, linear)
        if kind in ("2d", "3d", "l2d"):
            ay = axis_taps(y, tex.h, cfg, h, linear)
        elif h["oned"] == "2d":
            # a 1-D texture filtered as a 2-D one of height 1 at y = 0
            ay = axis_taps(0.0, 1, cfg, h, linear)
        else:
            ay = [(0, 256)]
        if kind == "3d":
            az = axis_taps(z, tex.d, cfg, h, linear)
        elif kind == "l2d":
            if h["layer"] == "unsigned":
                az = [(min(layer & 0xFFFFFFFF, tex.d - 1), 256)]
            else:
                az = [(min(max(layer, 0), tex.d - 1), 256)]
        else:
            az = [(0, 256)]
        taps = []
        wden = 256**3
        if h["weights2"] == "corner" and len(ax) == 2 and len(ay) == 2:
            a, b = ax[1][1], ay[1][1]
            w11 = (a * b + 128) >> 8
            wxy = {(0, 0): 256 - a - b + w11, (1, 0): a - w11, (0, 1): b - w11, (1, 1): w11}
            if len(az) == 2:
                # 3-D: each 2-D corner weight split by the z weight, rounded the same way
                c = az[1][1]
                wz_of = lambda w, k: ((w * c + 128) >> 8) if k else w - ((w * c + 128) >> 8)
            else:
                wz_of = lambda w, k: w
            for kz, (iz, _) in enumerate(az):
                for (kx, ky), w in wxy.items():
                    ix, iy = ax[kx][0], ay[ky][0]
                    idx = None if ix is None or iy is None or iz is None else (iz, iy, ix)
                    taps.append((idx, wz_of(w, kz) * 256 * 256))
        else:
            for iz, wz in az:
                for iy, wy in ay:
                    for ix, wx in ax:
                        if wx * wy * wz == 0:
                            continue
                        idx = None if ix is None or iy is None or iz is None else (iz, iy, ix)
                        taps.append((idx, wx * wy * wz))
    out = []
    is_int_elem = cfg["ret"] == "u"
    for ch in range(4):
        if ch >= nch:
            out.append(0)
            continue
        if is_int_elem:
            (idx, _), = taps[:1]
            if idx is None:
                out.append(0)
            else:
                zz, yy, xx = idx
                out.append(tex.vals[zz][yy][xx][ch] & 0xFFFFFFFF)
            continue
        if cfg["read"] == "norm" and h["norm"] == "fixed16" and linear:
            # the weighted sum of the stored integers, converted once to 16-bit unorm/snorm
            # (rounded to nearest, ties up), then to float
            signed = fmt["chkind"] == "signed"
            acc = 0
            for idx, w in taps:
                if idx is not None:
                    zz, yy, xx = idx
                    acc += w * tex.vals[zz][yy][xx][ch]
            top = (1 << (fmt["bits"] - 1)) - 1 if signed else (1 << fmt["bits"]) - 1
            m16 = 32767 if signed else 65535
            v = (2 * acc * m16 + top * wden) // (2 * top * wden)
            v = max(v, -m16)  # -128 enters the sum as itself; the result stops at -1
            out.append(round_f32(v, m16, "rne"))
            continue
        # exact weighted sum: sum w_k * v_k / wden, all as rationals
        pn, pd = 0, 1
        for idx, w in taps:
            if idx is None:
                continue
            zz, yy, xx = idx
            vn, vd = rational(tex.vals[zz][yy][xx][ch], fmt, cfg["read"])
            if cfg["read"] == "norm" and h["norm"] == "f32":
                vn, vd = rat_f32(vn, vd)
            if RECORD is not None and ch == 0:
                RECORD.append((w * vn, vd * wden))
            # pn/pd + w*vn/vd
            pn = pn * vd + w * vn * pd
            pd = pd * vd
        if fmt["chkind"] == "float" and fmt["bits"] == 16 and h["f16"] == "f16":
            out.append(round_f16_as_f32(pn, pd * wden, h["round"]))
        else:
            out.append(round_f32(pn, pd * wden, h["round"]))
    return out


def classes(cfg):
    return "%s %s %s %s %s" % (
        cfg["filter"],
        cfg["fmt"],
        cfg["read"],
        "nc" if cfg["normalized"] else "un",
        cfg["addr"],
    )


def load(data):
    meta = json.load(open(os.path.join(data, "configs.json")))
    tex = dict(np.load(os.path.join(data, "textures.npz")))
    co = dict(np.load(os.path.join(data, "coords.npz")))
    res = {}
    for f in ("tex_0.npz", "tex_1.npz"):
        z = np.load(os.path.join(data, f))
        res.update({k: z[k] for k in z.files})
    return meta, tex, co, res


def run(hname, meta, tex, co, res, only=None, show=0):
    h = dict(BASE)
    h.update(HYPOTHESES[hname])
    per_class = defaultdict(lambda: [0, 0, 0, 0])
    per_group = defaultdict(lambda: [0, 0])
    tot = [0, 0]
    shown = 0
    for cfg in meta["configs"]:
        if only and only not in cfg["id"]:
            continue
        fmt = meta["formats"][cfg["fmt"]]
        t = Texture(cfg, tex[cfg["texture"]], fmt)
        xyz = co[cfg["coords"] + "_xyz"].tolist()
        lay = co[cfg["coords"] + "_layer"].tolist()
        grp = co[cfg["coords"] + "_group"].tolist()
        got = res[cfg["id"]].tolist()
        ok = 0
        for r in range(cfg["n"]):
            x, y, z = xyz[r]
            want = fetch(t, cfg, x, y, z, lay[r], h)
            hit = want == got[r]
            ok += hit
            per_group[grp[r]][0] += hit
            per_group[grp[r]][1] += 1
            if not hit and shown < show:
                shown += 1
                print("  miss", cfg["id"], grp[r], xyz[r], lay[r], [hex(v) for v in got[r]], [hex(v) for v in want])
        c = per_class[classes(cfg)]
        c[0] += ok
        c[1] += cfg["n"]
        c[2] += ok == cfg["n"]
        c[3] += 1
        tot[0] += ok
        tot[1] += cfg["n"]
    return per_class, per_group, tot


def main():
    data = DATA
    args = sys.argv[1:]
    if args and os.path.isdir(args[0]):
        data = args.pop(0)
    only = None
    show = 0
    brief = False
    names = []
    for a in args:
        if a.startswith("--only="):
            only = a[7:]
        elif a == "--brief":
            brief = True
        elif a.startswith("--show="):
            show = int(a[7:])
        else:
            names.append(a)
    names = names or list(HYPOTHESES)
    meta, tex, co, res = load(data)
    for name in names:
        per_class, per_group, tot = run(name, meta, tex, co, res, only, show)
        cfg_ok = sum(c[2] for c in per_class.values())
        cfg_n = sum(c[3] for c in per_class.values())
        print("== %s: %d / %d fetches (%.2f %%), %d / %d configurations" % (name, tot[0], tot[1], 100.0 * tot[0] / max(tot[1], 1), cfg_ok, cfg_n))
        for k in sorted(per_class):
            c = per_class[k]
            if c[0] != c[1] and not brief:
                print("   %-40s %7d / %7d   configs %3d / %3d" % (k, c[0], c[1], c[2], c[3]))
        groups = meta["groups"]
        print("   by coordinate group: " + ", ".join("%s %d/%d" % (groups[str(g)], v[0], v[1]) for g, v in sorted(per_group.items())))


if __name__ == "__main__":
    main()
