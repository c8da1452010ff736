#!/usr/bin/env bash
# Rebuild tests/cubins/NAME.sm_5x.cubin and the reference SASS text NAME.sm_5x.sass
# from every tests/ptx/NAME.ptx, for sm_50 and sm_52 (and tests/ptx/sm53/NAME.ptx for sm_53,
# tests/ptx/sm60/NAME.ptx for sm_60 and sm_61, tests/ptx/sm61/NAME.ptx for sm_61 and sm_62,
# pchase.ptx also for sm_60 and sm_61).
#
# The CUDA 11.8 tools (ptxas, cuobjdump) are taken from $GPUMEM_CUDA_BIN,
# default /root/.cache/gpumem-oracles/cuda/usr/bin.
# Usage: tests/ptx/build.sh            (from anywhere)
set -euo pipefail

CUDA_BIN="${GPUMEM_CUDA_BIN:-/root/.cache/gpumem-oracles/cuda/usr/bin}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/../cubins"
PTXAS="$CUDA_BIN/ptxas"
CUOBJDUMP="$CUDA_BIN/cuobjdump"

for tool in "$PTXAS" "$CUOBJDUMP"; do
    if [ ! -x "$tool" ]; then
        echo "build.sh: $tool not found (set GPUMEM_CUDA_BIN)" >&2
        exit 1
    fi
done

mkdir -p "$OUT"
for ptx in "$HERE"/*.ptx; do
    name="$(basename "$ptx" .ptx)"
    for arch in sm_50 sm_52; do
        cubin="$OUT/$name.$arch.cubin"
        "$PTXAS" -arch="$arch" -o "$cubin" "$ptx"
        "$CUOBJDUMP" -sass "$cubin" > "$OUT/$name.$arch.sass"
        echo "built $name.$arch"
    done
done

# The timing model's Pascal proofs (gpumem-timing tests/pchase.rs on the GP100 and GP104
# presets) chase pointers through the same PTX compiled for sm_60 and sm_61.
for name in pchase; do
    for arch in sm_60 sm_61; do
        cubin="$OUT/$name.$arch.cubin"
        "$PTXAS" -arch="$arch" -o "$cubin" "$HERE/$name.ptx"
        "$CUOBJDUMP" -sass "$cubin" > "$OUT/$name.$arch.sass"
        echo "built $name.$arch"
    done
done

# f64 atomics need sm_60 (ptxas: "requires .target sm_60 or higher"): tests/ptx/sm60/*.ptx,
# built for sm_60 and sm_61.
for ptx in "$HERE"/sm60/*.ptx; do
    name="$(basename "$ptx" .ptx)"
    for arch in sm_60 sm_61; do
        cubin="$OUT/$name.$arch.cubin"
        "$PTXAS" -arch="$arch" -o "$cubin" "$ptx"
        "$CUOBJDUMP" -sass "$cubin" > "$OUT/$name.$arch.sass"
        echo "built $name.$arch"
    done
done

# f16 arithmetic needs sm_53 (ptxas: "requires .target sm_53 or higher"); sm_53 is the
# Maxwell encoding, and gpumem runs its half rows as SM52 text (tests/ptx/sm53/*.ptx).
for ptx in "$HERE"/sm53/*.ptx; do
    name="$(basename "$ptx" .ptx)"
    cubin="$OUT/$name.sm_53.cubin"
    "$PTXAS" -arch=sm_53 -o "$cubin" "$ptx"
    "$CUOBJDUMP" -sass "$cubin" > "$OUT/$name.sm_53.sass"
    echo "built $name.sm_53"
done

# dp4a/dp2a need sm_61 (ptxas: "requires .target sm_61 or higher"): tests/ptx/sm61/*.ptx,
# built for sm_61 and sm_62 (Pascal; gpumem decodes each with its own table).
for ptx in "$HERE"/sm61/*.ptx; do
    name="$(basename "$ptx" .ptx)"
    for arch in sm_61 sm_62; do
        cubin="$OUT/$name.$arch.cubin"
        "$PTXAS" -arch="$arch" -o "$cubin" "$ptx"
        "$CUOBJDUMP" -sass "$cubin" > "$OUT/$name.$arch.sass"
        echo "built $name.$arch"
    done
done
