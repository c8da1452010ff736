#!/usr/bin/env bash
# Makes the fatbins the device layer's tests load, with CUDA 11.8's own tools
# (fatbinary, ptxas), from the committed cubins and PTX of tests/:
#   eval "$(bash scripts/install-oracles.sh)"
#   bash crates/gpumem-device/tests/data/make-fatbins.sh
# Output (committed next to this script):
#   copy_u32.fatbin            sm_52 ELF + compute_52 PTX (what nvcc -arch=sm_52 embeds)
#   copy_u32.multi.fatbin      sm_50 ELF + sm_52 ELF + sm_61 ELF + compute_50 PTX
#   copy_u32.sm_50.fatbin      sm_50 ELF only
#   copy_u32.ptx_only.fatbin   compute_52 PTX only (refused: compile with -arch=sm_52)
#   copy_u32.sm_61.fatbin      sm_61 ELF only (refused: wrong SM)
#   copy_u32.compressed.fatbin sm_52 ELF, compressed (fatbinary --compress-all)
#   scale_add.o                a host object from nvcc -c -arch=sm_52 scale_add.cu (its
#                              .nv_fatbin section); needs GPUMEM_NVCC from
#                              scripts/install-nvcc.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
bin=${GPUMEM_CUDA_BIN:?run: eval \"\$(bash scripts/install-oracles.sh)\"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cub=$root/tests/cubins
ptx=$root/tests/ptx/copy_u32.ptx
"$bin/ptxas" -arch=sm_61 -o "$tmp/copy_u32.sm_61.cubin" "$ptx"
fb() { "$bin/fatbinary" --64 --create="$here/$1" "${@:2}"; }
fb copy_u32.fatbin "--image=profile=sm_52,file=$cub/copy_u32.sm_52.cubin" \
  "--image=profile=compute_52,file=$ptx"
fb copy_u32.multi.fatbin "--image=profile=sm_50,file=$cub/copy_u32.sm_50.cubin" \
  "--image=profile=sm_52,file=$cub/copy_u32.sm_52.cubin" \
  "--image=profile=sm_61,file=$tmp/copy_u32.sm_61.cubin" \
  "--image=profile=compute_50,file=$ptx"
fb copy_u32.sm_50.fatbin "--image=profile=sm_50,file=$cub/copy_u32.sm_50.cubin"
fb copy_u32.ptx_only.fatbin "--image=profile=compute_52,file=$ptx"
fb copy_u32.sm_61.fatbin "--image=profile=sm_61,file=$tmp/copy_u32.sm_61.cubin"
fb copy_u32.compressed.fatbin --compress-all \
  "--image=profile=sm_52,file=$cub/copy_u32.sm_52.cubin"
nvcc=${GPUMEM_NVCC:?run: eval \"\$(bash scripts/install-nvcc.sh)\"}
"$nvcc" -ccbin /usr/bin/gcc -allow-unsupported-compiler -w -c -arch=sm_52 \
  "$here/scale_add.cu" -o "$here/scale_add.o"
ls -l "$here"/*.fatbin "$here"/scale_add.o
