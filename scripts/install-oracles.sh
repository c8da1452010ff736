#!/usr/bin/env bash
# Installs the vendor oracles gpumem is tested against into a cache folder
# (default: $GPUMEM_ORACLES or ~/.cache/gpumem-oracles):
#   cuda/  nvdisasm, cuobjdump, ptxas from CUDA 11.8 (Debian non-free: nvidia-cuda-toolkit)
#   llvm/  llvm-mc, llvm-objdump from LLVM 19 (Debian main: llvm-19, libllvm19)
# The .deb files are unpacked with dpkg -x; nothing is installed system-wide except an
# apt sources entry for the non-free component. Prints the environment to export.
# Safe to run again: it does nothing when both oracles are present.
set -euo pipefail
dest=${1:-${GPUMEM_ORACLES:-$HOME/.cache/gpumem-oracles}}
mkdir -p "$dest"
if [[ -x $dest/cuda/usr/bin/nvdisasm && -x $dest/llvm/usr/lib/llvm-19/bin/llvm-mc ]]; then
  echo "oracles already present in $dest" >&2
else
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
  src=/etc/apt/sources.list.d/gpumem-nonfree.sources
  if [[ ! -f $src ]]; then
    printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: non-free contrib\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$codename" >"$src"
  fi
  apt-get update -qq >/dev/null
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && apt-get download -qq nvidia-cuda-toolkit llvm-19 libllvm19)
  dpkg -x "$tmp"/nvidia-cuda-toolkit_*.deb "$dest/cuda"
  dpkg -x "$tmp"/llvm-19_*.deb "$dest/llvm"
  dpkg -x "$tmp"/libllvm19_*.deb "$dest/llvm"
fi
"$dest/cuda/usr/bin/nvdisasm" --version | grep -q 'release 11.8' || { echo "nvdisasm is not CUDA 11.8" >&2; exit 1; }
echo "export GPUMEM_CUDA_BIN=$dest/cuda/usr/bin"
echo "export GPUMEM_LLVM_BIN=$dest/llvm/usr/lib/llvm-19/bin"
echo "export LD_LIBRARY_PATH=$dest/llvm/usr/lib/x86_64-linux-gnu:$dest/llvm/usr/lib/llvm-19/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
