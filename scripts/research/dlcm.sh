#!/usr/bin/env bash
# How ptxas 11.8 encodes -dlcm (default load cache modifier) on sm_50/sm_52: compiles
# scripts/research/dlcm.ptx (plain, .ca and .cg global loads) with each option and prints
# the LDG lines and whether the whole cubin differs from the default build.
set -euo pipefail
cd "$(dirname "$0")/../.."
eval "$(bash scripts/install-oracles.sh)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for sm in sm_50 sm_52; do
  sed "s/^\.target .*/.target $sm/" scripts/research/dlcm.ptx >"$tmp/k.ptx"
  "$GPUMEM_CUDA_BIN/ptxas" -arch=$sm "$tmp/k.ptx" -o "$tmp/default.cubin"
  for opt in -dlcm=ca -dlcm=cg -dlcm=cs; do
    if "$GPUMEM_CUDA_BIN/ptxas" -arch=$sm $opt "$tmp/k.ptx" -o "$tmp/o.cubin" 2>/dev/null; then
      same=$(cmp -s "$tmp/default.cubin" "$tmp/o.cubin" && echo "identical to the default build" || echo "differs")
      echo "== $sm $opt: $same"
      "$GPUMEM_CUDA_BIN/cuobjdump" -sass "$tmp/o.cubin" | grep -E 'LDG' | sed 's/^ */  /'
    else
      echo "== $sm $opt: rejected by ptxas"
    fi
  done
done
