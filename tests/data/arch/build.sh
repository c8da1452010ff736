#!/usr/bin/env bash
# Rebuild the inputs of the wrong-architecture tests: tests/ptx/copy_u32.ptx compiled by
# ptxas 11.8 for GPUs gpumem does not model (Pascal sm_60/sm_61, Volta sm_70, Turing
# sm_75), and tests/data/vega-small.s assembled by llvm-mc 19 for gfx906 (modelled) and
# gfx1030 (not modelled). Every command must refuse the unmodelled ones (exit 2).
#
# The tools are taken from $GPUMEM_CUDA_BIN and $GPUMEM_LLVM_BIN
# (scripts/install-oracles.sh prints them).
# Usage: tests/data/arch/build.sh            (from anywhere)
set -euo pipefail

CUDA_BIN="${GPUMEM_CUDA_BIN:-/root/.cache/gpumem-oracles/cuda/usr/bin}"
LLVM_BIN="${GPUMEM_LLVM_BIN:-/root/.cache/gpumem-oracles/llvm/usr/lib/llvm-19/bin}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE/../../.."

for arch in sm_60 sm_61 sm_70 sm_75; do
    "$CUDA_BIN/ptxas" -arch="$arch" -o "$HERE/copy_u32.$arch.cubin" "$ROOT/tests/ptx/copy_u32.ptx"
    echo "built copy_u32.$arch.cubin"
done
for cpu in gfx906 gfx1030; do
    "$LLVM_BIN/llvm-mc" -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj \
        -o "$HERE/vega-small.$cpu.o" "$ROOT/tests/data/vega-small.s"
    echo "built vega-small.$cpu.o"
done
