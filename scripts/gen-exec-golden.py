#!/usr/bin/env python3
"""Generates crates/gpumem-warp/tests/exec/{double,farith}.txt: DADD/DMUL/DFMA and
FADD/FMUL/FFMA cases in every rounding mode, the expected values computed with exact
rational arithmetic (fractions.Fraction) and an explicit IEEE-754 rounding step, an
independent reference for the executor's soft-float. Run from the repository root:

    python3 scripts/gen-exec-golden.py
"""
import itertools
import math
import struct
from fractions import Fraction

MODES = ["", ".RM", ".RP", ".RZ"]
F64 = dict(prec=53, emin=-1022, emax=1023, bits=64)
F32 = dict(prec=24, emin=-126, emax=127, bits=32)
# A NaN made of no NaN operand: f32 the canonical NaN, f64 the H100's default NaN.
NAN = {64: 0xFFF8000000000000, 32: 0x7FFFFFFF}
# f64 NaN operands propagate, quieted: the first NaN in this order of the operands
# (a, b, c) wins (crates/gpumem-warp/SEMANTICS.md, "Held against silicon"); f32 NaN
# results are canonical.
NAN_ORDER = {"add": (1, 0), "mul": (1, 0), "fma": (1, 2, 0)}


def to_bits(x, fmt):
    if fmt["bits"] == 64:
        return struct.unpack(">Q", struct.pack(">d", x))[0]
    return struct.unpack(">I", struct.pack(">f", x))[0]


def from_bits(b, fmt):
    if fmt["bits"] == 64:
        return struct.unpack(">d", struct.pack(">Q", b))[0]
    return struct.unpack(">f", struct.pack(">I", b))[0]


def max_finite(fmt):
    return (2 - Fraction(1, 2 ** (fmt["prec"] - 1))) * Fraction(2) ** fmt["emax"]


def round_exact(x, mode, fmt, zero_sign_neg):
    """The float (as a Python float) nearest `x` (a Fraction) in direction `mode`."""
    if x == 0:
        return -0.0 if zero_sign_neg else 0.0
    neg = x < 0
    a = -x if neg else x
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, fmt["emin"])
    q = fmt["prec"] - 1 - e
    m = a * Fraction(2) ** q
    mi = m.numerator // m.denominator
    rem = m - mi
    up = False
    if mode == "":
        up = rem > Fraction(1, 2) or (rem == Fraction(1, 2) and mi % 2 == 1)
    elif mode == ".RP":
        up = rem > 0 and not neg
    elif mode == ".RM":
        up = rem > 0 and neg
    if up:
        mi += 1
    v = Fraction(mi) / Fraction(2) ** q
    if v > max_finite(fmt):
        to_inf = mode == "" or (mode == ".RP" and not neg) or (mode == ".RM" and neg)
        r = math.inf if to_inf else float(max_finite(fmt))
    else:
        r = float(v)
    if r == 0:
        return -0.0 if neg else 0.0
    return -r if neg else r


def exact(x):
    return Fraction(x)


def op_result(kind, vals, mode, fmt):
    if any(math.isnan(v) for v in vals):
        if fmt["bits"] == 32:
            return NAN[32]
        first = next(vals[i] for i in NAN_ORDER[kind] if math.isnan(vals[i]))
        return to_bits(first, fmt) | (1 << 51)
    if kind == "add":
        a, b = vals
        if math.isinf(a) or math.isinf(b):
            if math.isinf(a) and math.isinf(b) and (a > 0) != (b > 0):
                return NAN[fmt["bits"]]
            return to_bits(a if math.isinf(a) else b, fmt)
        s = exact(a) + exact(b)
        if s == 0:
            an, bn = math.copysign(1, a) < 0, math.copysign(1, b) < 0
            if a == 0 and b == 0:
                neg = (an and bn) or (mode == ".RM" and (an or bn))
            else:
                neg = mode == ".RM"
            return to_bits(-0.0 if neg else 0.0, fmt)
        return to_bits(round_exact(s, mode, fmt, False), fmt)
    if kind == "mul":
        a, b = vals
        sign = (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0)
        if math.isinf(a) or math.isinf(b):
            if a == 0 or b == 0:
                return NAN[fmt["bits"]]
            return to_bits(-math.inf if sign else math.inf, fmt)
        p = exact(a) * exact(b)
        return to_bits(round_exact(p, mode, fmt, sign), fmt)
    a, b, c = vals
    psign = (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0)
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return NAN[fmt["bits"]]
        pinf = -math.inf if psign else math.inf
        if math.isinf(c) and (c > 0) != (pinf > 0):
            return NAN[fmt["bits"]]
        return to_bits(pinf, fmt)
    if math.isinf(c):
        return to_bits(c, fmt)
    s = exact(a) * exact(b) + exact(c)
    if s == 0:
        pz = exact(a) * exact(b) == 0
        if pz and c == 0:
            csign = math.copysign(1, c) < 0
            neg = (psign and csign) or (mode == ".RM" and (psign or csign))
        else:
            neg = mode == ".RM"
        return to_bits(-0.0 if neg else 0.0, fmt)
    return to_bits(round_exact(s, mode, fmt, False), fmt)


def lit(x, fmt):
    return f"{to_bits(x, fmt):#x}"


def cases(fmt):
    f = fmt
    tiny = from_bits(1, f)  # smallest subnormal
    mn = float(Fraction(2) ** f["emin"])  # smallest normal
    mx = float(max_finite(f))
    one_ulp = float(Fraction(1, 2 ** (f["prec"] - 1)))
    vals = [0.0, -0.0, 1.0, -1.0, 1.0 + one_ulp, 3.0, -0.1 if f["bits"] == 64 else float(struct.unpack(">f", struct.pack(">f", -0.1))[0]),
            one_ulp / 2, tiny, -tiny, mn, mx, -mx, math.inf, -math.inf, math.nan]
    if f["bits"] == 32:
        vals = [float(struct.unpack(">f", struct.pack(">f", v))[0]) if not math.isnan(v) else v for v in vals]
    return vals


def main():
    out = {}
    for fmt, (add, mul, fma), name, rb in [
        (F64, ("DADD", "DMUL", "DFMA"), "double", "D"),
        (F32, ("FADD", "FMUL", "FFMA"), "farith", "R"),
    ]:
        lines = [f"# Generated by scripts/gen-exec-golden.py (exact rationals, IEEE rounding); do not edit."]
        vals = cases(fmt)
        step = 2 if rb == "D" else 1
        ra, rb_, rc, rd = 2, 2 + 2 * step, 2 + 4 * step, 2 + 6 * step
        for mode in MODES:
            for a, b in itertools.product(vals, vals):
                r = op_result("add", (a, b), mode, fmt)
                lines.append(f"{add}{mode} {'R'}{rd}, R{ra}, R{rb_} ; | {rb}{ra}={lit(a, fmt)} {rb}{rb_}={lit(b, fmt)} | {rb}{rd}={r:#x}")
            for a, b in itertools.product(vals, vals):
                r = op_result("mul", (a, b), mode, fmt)
                lines.append(f"{mul}{mode} R{rd}, R{ra}, R{rb_} ; | {rb}{ra}={lit(a, fmt)} {rb}{rb_}={lit(b, fmt)} | {rb}{rd}={r:#x}")
            small = [v for i, v in enumerate(vals) if i % 2 == 0] + [vals[-1]]
            for a, b, c in itertools.product(small, small, small):
                r = op_result("fma", (a, b, c), mode, fmt)
                lines.append(f"{fma}{mode} R{rd}, R{ra}, R{rb_}, R{rc} ; | {rb}{ra}={lit(a, fmt)} {rb}{rb_}={lit(b, fmt)} {rb}{rc}={lit(c, fmt)} | {rb}{rd}={r:#x}")
        out[name] = lines
    for name, lines in out.items():
        with open(f"crates/gpumem-warp/tests/exec/{name}.txt", "w") as fh:
            fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
