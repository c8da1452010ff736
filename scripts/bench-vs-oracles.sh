#!/usr/bin/env bash
# Side-by-side timing of gpumem against the vendor tools on 1,000,000-instruction inputs:
#   Maxwell disassembly vs nvdisasm 11.8 (real ptxas code, and the generated corpus),
#   Vega assembly vs llvm-mc 19 (the golden file's instructions repeated).
# Outputs are compared byte for byte. Needs the oracles (scripts/install-oracles.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/install-oracles.sh)"
cargo build --release -q -p gpumem-cli
cargo build --release -q -p gpumem-maxwell --example gen_corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gen=target/release/examples/gen_corpus
gm=target/release/gpumem
# Times a command; the timing goes to fd 3 (the terminal), whatever the caller redirects.
exec 3>&1
t() { /usr/bin/time -o "$tmp/time" -f "  %C: %e s wall, %U s user" "$@"; cat "$tmp/time" >&3; }
$gen real 1000000 "$tmp/real.bin"
$gen 1000000 "$tmp/gen.bin" sm_52
for f in real gen; do
  echo "maxwell disassembly, $f:"
  t "$GPUMEM_CUDA_BIN/nvdisasm" -b SM52 "$tmp/$f.bin" > "$tmp/$f.nv.txt"
  t "$gm" dis --isa maxwell --target sm_52 "$tmp/$f.bin" > "$tmp/$f.gm.txt"
  cmp "$tmp/$f.nv.txt" "$tmp/$f.gm.txt" && echo "  identical output"
done
echo "vega assembly (1,000,000 lines):"
grep -v '^#' crates/gpumem-vega/tests/data/vega-golden.txt | awk -F' \\| ' 'NF == 2 && $2 !~ /branch/ {print $2}' > "$tmp/lines.s"
awk -v n=1000000 '{a[NR]=$0} END {for (i = 0; i < n; i++) print a[i % NR + 1]}' "$tmp/lines.s" > "$tmp/v.s"
t "$GPUMEM_LLVM_BIN/llvm-mc" -arch=amdgcn -mcpu=gfx900 -filetype=obj "$tmp/v.s" -o "$tmp/v.o" 2>/dev/null || true
t "$gm" asm --isa vega "$tmp/v.s" -o "$tmp/v.bin" 2>/dev/null || true
