"""Random and mangled inputs to every entry point: a gpumem exception or a value, never
a crash (a seeded sweep; the Rust side also has its own never-panics tests)."""

import random

import numpy as np
import pytest

import gpumem
from conftest import ROOT

CUBIN = (ROOT / "tests" / "cuda-samples" / "sm_52" / "vectorAdd__vectorAdd.cubin").read_bytes()
EXPECTED = (gpumem.GpumemError, ValueError, TypeError)


def mangled(rng: random.Random, base: bytes) -> bytes:
    b = bytearray(base)
    for _ in range(rng.randint(1, 8)):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)
    if rng.random() < 0.3:
        b = b[: rng.randrange(len(b) + 1)]
    return bytes(b)


@pytest.mark.parametrize("seed", range(4))
def test_binaries(seed):
    rng = random.Random(seed)
    for _ in range(60):
        data = mangled(rng, CUBIN) if rng.random() < 0.5 else rng.randbytes(rng.randrange(0, 256))
        for f in (gpumem.maxwell.disassemble, gpumem.vega.disassemble, gpumem.maxwell.lint):
            try:
                f(data)
            except EXPECTED:
                pass
        try:
            gpumem.Device().load(data)
        except EXPECTED:
            pass


@pytest.mark.parametrize("seed", range(4))
def test_texts(seed):
    rng = random.Random(seed)
    words = ["LDG.E", "R0,", "[R2+0x10]", ";", "EXIT", "@P0", "BRA", "0x", "c[0x0][0x140]", "\n", "s_load_dword", "s[0:1]", "isa", "=", '"maxwell"', "[launch]", "grid", "[1]"]
    for _ in range(80):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 12)))
        for f in (gpumem.maxwell.assemble, gpumem.vega.assemble, gpumem.maxwell.lint, gpumem.vega.lint, gpumem.run):
            try:
                f(text)
            except EXPECTED:
                pass


def test_kernel_arguments_of_every_kind():
    dev = gpumem.Device(max_steps=100_000)
    k = dev.load(CUBIN).kernel("_Z9vectorAddPKfS0_Pfi")
    x = dev.empty(64)
    junk = [None, 1.5, "x", b"", b"12345678", np.int32(1), np.float64(1), np.zeros(2), x, object(), [x], -1]
    rng = random.Random(1)
    for _ in range(200):
        args = [rng.choice(junk) for _ in range(rng.randrange(0, 6))]
        grid = rng.choice([1, 0, -1, (1, 1), (1, 2, 3, 4), 2**40, "a"])
        try:
            k(grid, 32, *args)
        except EXPECTED:
            pass
