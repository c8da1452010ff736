#!/usr/bin/env bash
# Builds tests/cuda-samples/variants/sm_52/transpose_tile32__transpose.cubin: the CUDA
# samples' transpose kernels with 32 x 32 tiles, the configuration upstream adopted in
# commit efb46383e0bfd323247691d2fc3382f99271bb6f ("Transpose: Change TILE_DIM to 32 to
# fix bank conflicts", 2025-02-20). That commit's transpose.cu is tag v11.8's with the
# one line `#define TILE_DIM 16` -> `32` (BLOCK_ROWS stays 16); the headers come from
# v11.8. Compiled exactly as scripts/build-cuda-samples.sh compiles the samples (nvcc
# 11.8, no -Xptxas option). Built from v11.8's own transpose.cu the same command gives
# the committed tests/cuda-samples/sm_52/transpose__transpose.cubin byte for byte.
#
# Usage: scripts/build-transpose-tile32.sh SAMPLES_GIT_DIR
#   e.g. scripts/build-transpose-tile32.sh /work/.mirror/NVIDIA+cuda-samples/repo
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gitdir=${1:?usage: $0 SAMPLES_GIT_DIR}
commit=efb46383e0bfd323247691d2fc3382f99271bb6f
if [[ -z ${GPUMEM_NVCC:-} ]]; then
  eval "$(bash "$here/scripts/install-oracles.sh")"
  eval "$(bash "$here/scripts/install-nvcc.sh")"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/Common" "$tmp/transpose"
for f in helper_string.h helper_image.h helper_cuda.h exception.h helper_functions.h helper_timer.h; do
  git --git-dir="$gitdir" show "v11.8:Common/$f" >"$tmp/Common/$f"
done
git --git-dir="$gitdir" show "$commit:Samples/6_Performance/transpose/transpose.cu" >"$tmp/transpose/transpose.cu"
grep -q '^#define TILE_DIM 32$' "$tmp/transpose/transpose.cu"
out="$here/tests/cuda-samples/variants/sm_52/transpose_tile32__transpose.cubin"
mkdir -p "$(dirname "$out")"
(cd "$tmp/transpose" && "$GPUMEM_NVCC" -ccbin /usr/bin/gcc -allow-unsupported-compiler -w \
  -cubin -arch=sm_52 -I "$tmp/Common" -I . transpose.cu -o "$out")
sha256sum "$out"
