#!/usr/bin/env bash
# A/B timing of `gpumem dis` builds on one raw sm_52 stream, interleaved so that a loaded
# machine weighs on each build alike:
#   scripts/ab-dis.sh FILE ROUNDS GPUMEM_BIN...
# For each binary: the least and the median task-clock (CPU ms, `perf stat`) over ROUNDS
# runs of `BIN dis --isa maxwell --target sm_52 FILE > /dev/null`. FILE: e.g. the stream
# `target/release/examples/gen_corpus real 1000000 FILE` writes (what
# scripts/bench-vs-oracles.sh times against nvdisasm). Keep a copy of each build's
# target/release/gpumem to compare.
set -euo pipefail
f=$1
rounds=$2
shift 2
t=$(mktemp)
trap 'rm -f "$t"' EXIT
for _ in $(seq "$rounds"); do
  for b in "$@"; do
    perf stat -x, -e task-clock -o "$t" "$b" dis --isa maxwell --target sm_52 "$f" > /dev/null
    awk -F, -v b="$b" '/task-clock/ {print b, $1}' "$t"
  done
done | sort -k1,1 -k2n | awk '{a[$1] = a[$1] " " $2; n[$1]++}
  END {for (b in a) {split(substr(a[b], 2), x, " ");
    printf "%s: min %.1f ms, median %.1f ms (%d runs)\n", b, x[1], x[int((n[b] + 1) / 2)], n[b]}}'
