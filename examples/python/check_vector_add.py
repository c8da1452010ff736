"""A test-suite-style check of a kernel against numpy: the CUDA samples' vectorAdd on
both presets, over sizes that do and do not fill the last block, plus the assembler
round trip of its code.

    python examples/python/check_vector_add.py
"""

import sys
from pathlib import Path

import numpy as np

import gpumem

ROOT = Path(__file__).resolve().parents[2]
NAME = "_Z9vectorAddPKfS0_Pfi"


def main() -> int:
    rng = np.random.default_rng(2024)
    failures = 0
    for preset, sm in (("gm204", 52), ("gm107", 50)):
        cubin = ROOT / "tests" / "cuda-samples" / f"sm_{sm}" / "vectorAdd__vectorAdd.cubin"
        dev = gpumem.Device(preset=preset)
        k = dev.load(cubin).kernel(NAME)
        for n in (1, 31, 32, 1000, 4096):
            a = rng.standard_normal(n).astype(np.float32)
            b = rng.standard_normal(n).astype(np.float32)
            x, y, z = dev.to_device(a), dev.to_device(b), dev.empty(n, np.float32)
            k((n + 127) // 128, 128, x, y, z, np.int32(n))
            ok = np.array_equal(z.get(), a + b)
            failures += not ok
            print(f"{preset} n={n:<5} {'ok' if ok else 'WRONG'}")
        # the kernel's listing re-assembles to its own words (branch targets included)
        lines = gpumem.maxwell.disassemble(cubin)
        again = gpumem.maxwell.disassemble(
            gpumem.maxwell.assemble("\n".join(l.text for l in lines) + "\n", f"sm_{sm}")
        )
        got = [l.words[0] for l in again[: len(lines)]]
        want = [l.words[0] for l in lines]
        ok = got == want
        failures += not ok
        print(f"{preset} re-assembly of {len(lines)} instructions {'ok' if ok else 'WRONG'}")
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
