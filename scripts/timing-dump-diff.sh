#!/usr/bin/env bash
# Compares the cycle model's reports and the run-time scoreboard's hazards on every kernel
# of the committed cubins (crates/gpumem-timing/examples/timing_corpus_dump.rs: one fixed
# launch per kernel) of a base revision (default: main) with the working tree's. A change
# that must leave timing and the hazard check as they were (a refactor of the scoreboard,
# of the scheduler's bookkeeping) must print "identical". The base tree is taken with
# `git archive` (no worktree is created); both builds share this checkout's target folder.
#   bash scripts/timing-dump-diff.sh [BASE]
set -euo pipefail
base=${1:-main}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/base"
git -C "$root" archive "$base" | tar -x -C "$tmp/base"
export CARGO_TARGET_DIR="$root/target"
ex=crates/gpumem-timing/examples/timing_corpus_dump.rs
mkdir -p "$tmp/base/$(dirname "$ex")"
cp "$root/$ex" "$tmp/base/$ex"
(cd "$tmp/base" && cargo run -q -p gpumem-timing --example timing_corpus_dump) > "$tmp/base.txt"
(cd "$root" && cargo run -q -p gpumem-timing --example timing_corpus_dump) > "$tmp/head.txt"
if cmp -s "$tmp/base.txt" "$tmp/head.txt"; then
    echo "timing and hazards: identical ($(grep -c '^== ' "$tmp/head.txt") kernels, $(wc -c < "$tmp/head.txt") bytes of reports)"
else
    echo "timing or hazards differ from $base:"
    diff "$tmp/base.txt" "$tmp/head.txt" | head -40
    exit 1
fi
