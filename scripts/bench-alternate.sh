#!/usr/bin/env bash
# Compares a criterion benchmark of two git revisions on the same machine state: builds
# each revision's release bench binary from `git archive` (no worktree is added), then
# runs them alternately ROUNDS times on FILTER and prints each run's throughput line.
# The bench is $CRATE's $BENCH (default: the gpumem-warp emulator benchmark,
# crates/gpumem-warp/benches/warp.rs).
#
#   [CRATE=gpumem-warp BENCH=warp] scripts/bench-alternate.sh BEFORE_REV [AFTER_REV=HEAD] [FILTER=reduce_shared_16Ki] [ROUNDS=3]
#
# Examples: the run-time scoreboard's cost: scripts/bench-alternate.sh b01dcc4 HEAD;
# the disassembler: CRATE=gpumem-maxwell BENCH=maxwell scripts/bench-alternate.sh e82440f HEAD "maxwell-real/decode"
set -euo pipefail
before=${1:?usage: bench-alternate.sh BEFORE_REV [AFTER_REV] [FILTER] [ROUNDS]}
after=${2:-HEAD}
filter=${3:-reduce_shared_16Ki}
rounds=${4:-3}
crate=${CRATE:-gpumem-warp}
bench=${BENCH:-warp}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A bin
for tag in before after; do
  rev=${!tag}
  mkdir -p "$tmp/$tag"
  git -C "$root" archive "$rev" | tar -x -m -C "$tmp/$tag"
  exe=$(cd "$tmp/$tag" && CARGO_TARGET_DIR="$root/target" \
        cargo bench -p "$crate" --bench "$bench" --no-run 2>&1 \
        | sed -n 's/.*Executable .*(\(.*\))$/\1/p' | tail -1)
  case "$exe" in /*) ;; *) exe="$tmp/$tag/$exe" ;; esac
  [ -x "$exe" ] || exe="$root/target/${exe#*target/}"
  cp "$exe" "$tmp/$tag.bin"
  echo "$tag = $rev ($(git -C "$root" rev-parse --short "$rev"))"
done
for r in $(seq 1 "$rounds"); do
  for tag in before after; do
    line=$("$tmp/$tag.bin" --bench "$filter" --noplot 2>&1 | grep -E 'thrpt:' | head -1)
    echo "round $r $tag: $line"
  done
done
