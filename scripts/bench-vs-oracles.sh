#!/usr/bin/env bash
# Side-by-side timing of gpumem against the vendor tools on 1,000,000-instruction inputs:
#   Maxwell disassembly vs nvdisasm 11.8 (real code: the sm_52 kernels of the committed
#   cubins, tests/cuda-samples and tests/cubins, repeated to 1,000,000 instructions and on
#   to the end of a dual-issue pair (1,000,005 now) as a raw file, `nvdisasm -b SM52 FILE`;
#   and the corpus generated from the table),
#   gpumem's Maxwell assembler on that text (parse + encode, timed beside nvdisasm),
#   Vega assembly vs llvm-mc 19 (the golden file's instructions repeated).
# Outputs are compared byte for byte. `RUNS=5` gives the figures in docs/03-maxwell-table.md
# ("Issue 9, third pass"; scripts/memo-hit-rate.py explains one of them, scripts/ab-dis.sh
# compares two builds). Each Maxwell figure is the best of RUNS (default 3)
# runs' wall time, whole processes (start-up and writing the text included); the ratio is
# nvdisasm's over gpumem's. `cargo bench -p gpumem-maxwell -- maxwell-real` times the same
# real stream in-process. Needs the oracles (scripts/install-oracles.sh).
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
# best OUT CMD...: "WALL CPU", the least wall time and the least CPU time (user + system) of
# $RUNS runs of CMD (stdout to OUT), in seconds, to the millisecond (bash's `time`; GNU
# time prints centiseconds, a tenth of gpumem's figure). On a loaded machine the CPU time
# is the steadier figure.
best() {
  local out=$1 w=1e9 c=1e9 r TIMEFORMAT='%3R %3U %3S'
  shift
  for _ in $(seq "${RUNS:-3}"); do
    { time "$@" > "$out" 2> "$tmp/best.err"; } 2> "$tmp/best"
    r=$(awk -v w="$w" -v c="$c" '{cpu = $2 + $3; printf "%s %s", ($1 < w ? $1 : w), (cpu < c ? cpu : c)}' "$tmp/best")
    w=${r% *}
    c=${r#* }
  done
  echo "$w $c"
}
echo "load before: $(uptime)"
$gen real 1000000 "$tmp/real.bin"
$gen 1000000 "$tmp/gen.bin" sm_52
for f in real gen; do
  n=$(( $(stat -c %s "$tmp/$f.bin") / 32 * 3 ))
  echo "maxwell disassembly, $f ($n instructions, $(stat -c %s "$tmp/$f.bin") bytes):"
  nv=$(best "$tmp/$f.nv.txt" "$GPUMEM_CUDA_BIN/nvdisasm" -b SM52 "$tmp/$f.bin")
  gmt=$(best "$tmp/$f.gm.txt" "$gm" dis --isa maxwell --target sm_52 "$tmp/$f.bin")
  echo "$nv $gmt" | awk -v runs="${RUNS:-3}" '{
    printf "  nvdisasm -b SM52: %.2f s wall, %.2f s CPU; gpumem dis: %.3f s wall, %.3f s CPU (best of %d)\n", $1, $2, $3, $4, runs
    printf "  gpumem is %.0fx nvdisasm by wall time, %.0fx by CPU time\n", $1 / $3, $2 / $4 }'
  cmp "$tmp/$f.nv.txt" "$tmp/$f.gm.txt" && echo "  identical output"
  # The assembler on the same text (nvdisasm's layout), beside nvdisasm's disassembly
  # (nvdisasm has no assembler; the figure is gpumem's parse + encode throughput).
  asm=$(best "$tmp/$f.asm.log" "$gm" asm --isa maxwell --target sm_52 "$tmp/$f.gm.txt" -o "$tmp/$f.asm.bin")
  echo "$nv $asm $n" | awk -v runs="${RUNS:-3}" '{
    printf "  gpumem asm of that text: %.3f s wall, %.3f s CPU (best of %d), %.2f M instructions/s by CPU time;", $3, $4, runs, $5 / $4 / 1e6
    printf " %.1fx nvdisasm'"'"'s disassembly time by CPU time\n", $2 / $4 }'
  [ "$(stat -c %s "$tmp/$f.asm.bin")" = "$(stat -c %s "$tmp/$f.bin")" ] && echo "  assembled to as many bytes as the input"
done
echo "load after: $(uptime)"
echo "vega assembly (1,000,000 lines):"
grep -v '^#' crates/gpumem-vega/tests/data/vega-golden.txt | awk -F' \\| ' 'NF == 2 && $2 !~ /branch/ {print $2}' > "$tmp/lines.s"
awk -v n=1000000 '{a[NR]=$0} END {for (i = 0; i < n; i++) print a[i % NR + 1]}' "$tmp/lines.s" > "$tmp/v.s"
t "$GPUMEM_LLVM_BIN/llvm-mc" -arch=amdgcn -mcpu=gfx900 -filetype=obj "$tmp/v.s" -o "$tmp/v.o" 2>/dev/null || true
t "$gm" asm --isa vega "$tmp/v.s" -o "$tmp/v.bin" 2>/dev/null || true
