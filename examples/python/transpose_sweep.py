"""Transpose sweep: the CUDA samples' transpose kernels, 16x16 tiles (v11.8) and 32x32
tiles (upstream's later fix of bank conflicts), on the cycle model: cycles, shared-memory
wavefronts and the worst bank-conflict degree per variant, each result checked against
numpy.

    python examples/python/transpose_sweep.py [--quick] [--size N]
"""

import argparse
import sys
from pathlib import Path

import numpy as np

import gpumem

ROOT = Path(__file__).resolve().parents[2]
CUBINS = {
    16: ROOT / "tests" / "cuda-samples" / "sm_52" / "transpose__transpose.cubin",
    32: ROOT / "tests" / "cuda-samples" / "variants" / "sm_52" / "transpose_tile32__transpose.cubin",
}
BLOCK_ROWS = 16
KERNELS = {
    "copy": "_Z4copyPfS_ii",
    "copySharedMem": "_Z13copySharedMemPfS_ii",
    "transposeNaive": "_Z14transposeNaivePfS_ii",
    "transposeCoalesced": "_Z18transposeCoalescedPfS_ii",
    "transposeNoBankConflicts": "_Z24transposeNoBankConflictsPfS_ii",
    "transposeDiagonal": "_Z17transposeDiagonalPfS_ii",
}
COPIES = {"copy", "copySharedMem"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=128, help="matrix side (a multiple of 32)")
    ap.add_argument("--quick", action="store_true", help="64x64 and three kernels (CI)")
    args = ap.parse_args()
    n = 64 if args.quick else args.size
    names = ["copy", "transposeNaive", "transposeCoalesced"] if args.quick else list(KERNELS)
    a = np.arange(n * n, dtype=np.float32).reshape(n, n)
    print(f"{'tile':>4} {'kernel':<26} {'cycles':>9} {'smem wavefronts':>16} {'max conflict':>13}")
    for tile, cubin in CUBINS.items():
        dev = gpumem.Device(preset="gm204", timing=True)
        mod = dev.load(cubin)
        for name in names:
            x = dev.to_device(a)
            y = dev.empty((n, n), np.float32)
            k = mod.kernel(KERNELS[name])
            r = k((n // tile, n // tile), (tile, BLOCK_ROWS), y, x, np.int32(n), np.int32(n))
            want = a if name in COPIES else a.T
            if not np.array_equal(y.get(), want):
                print(f"tile {tile} {name}: wrong result", file=sys.stderr)
                return 1
            smem = [s for s in r.stats["per_inst"].values() if s["space"] == "shared"]
            wavefronts = sum(s["wavefronts"] for s in smem)
            conflict = max((s["bank_conflict_degree"] for s in smem), default=0)
            print(f"{tile:>4} {name:<26} {r.timing['cycles']:>9} {wavefronts:>16} {conflict:>13}")
            x.free()
            y.free()
    return 0


if __name__ == "__main__":
    sys.exit(main())
