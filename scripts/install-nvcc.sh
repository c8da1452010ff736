#!/usr/bin/env bash
# Makes nvcc 11.8 usable for device-only builds (-cubin), next to the oracles that
# scripts/install-oracles.sh installs: the CUDA headers from Debian's nvidia-cuda-dev,
# libcu++-dev, libcub-dev and libthrust-dev (unpacked with dpkg -x, nothing installed
# system-wide) and a private copy of nvcc's folder with its own nvcc.profile (Debian's
# points at /etc). Prints the line to export: GPUMEM_NVCC. Used by
# scripts/build-cuda-samples.sh.
set -euo pipefail
dest=${1:-${GPUMEM_ORACLES:-$HOME/.cache/gpumem-oracles}}
cuda=$dest/cuda/usr
[[ -x $cuda/bin/nvdisasm ]] || { echo "run scripts/install-oracles.sh first" >&2; exit 1; }
if [[ ! -f $dest/cuda-dev/usr/include/cuda_runtime.h || ! -d $dest/cuda-dev/usr/include/cuda/std ]]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download -qq nvidia-cuda-dev libcu++-dev libcub-dev libthrust-dev 2>/dev/null)
  for f in "$tmp"/*.deb; do dpkg -x "$f" "$dest/cuda-dev"; done
  rm -rf "$tmp"
fi
nv=$dest/nvcc-bin
if [[ ! -x $nv/nvcc ]]; then
  mkdir -p "$nv"
  cp -rL "$cuda/lib/nvidia-cuda-toolkit/bin/." "$nv/" 2>/dev/null || true
  rm -f "$nv/nvcc.profile"
  cat >"$nv/nvcc.profile" <<PROFILE
TOP              = \$(_HERE_)/..
NVVMIR_LIBRARY_DIR = $cuda/lib/nvidia-cuda-toolkit/libdevice
PATH            += \$(_HERE_):$cuda/bin:
INCLUDES        +=  "-I$dest/cuda-dev/usr/include" \$(_SPACE_)
CUDAFE_FLAGS    +=
PTXAS_FLAGS     +=
PROFILE
fi
echo "export GPUMEM_NVCC=$nv/nvcc"
