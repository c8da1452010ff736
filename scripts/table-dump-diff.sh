#!/usr/bin/env bash
# Compares the Maxwell and Vega tables (every row's Debug print; Maxwell's sorted by form,
# with each mnemonic's forms in table order) of a base revision (default: main) with the
# working tree's, and which Maxwell row each of a fixed set of words decodes to. A change
# that only rewrites or moves rows (helpers, macros, files) must print "identical" for all
# three; any other output is a row, or a decoding, that changed. The base tree is taken with `git archive` (no worktree is created);
# both builds share this checkout's target folder.
#   bash scripts/table-dump-diff.sh [BASE]
set -euo pipefail
base=${1:-main}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/base"
git -C "$root" archive "$base" | tar -x -C "$tmp/base"
export CARGO_TARGET_DIR="$root/target"
status=0
for crate in maxwell vega; do
    # Named after the crate: two examples of one name collide in the shared target folder.
    ex="crates/gpumem-$crate/examples/${crate}_table_dump.rs"
    mkdir -p "$tmp/base/$(dirname "$ex")"
    cp "$root/$ex" "$tmp/base/$ex"
    (cd "$tmp/base" && cargo run -q -p "gpumem-$crate" --example "${crate}_table_dump") > "$tmp/$crate.base"
    (cd "$root" && cargo run -q -p "gpumem-$crate" --example "${crate}_table_dump") > "$tmp/$crate.head"
    if cmp -s "$tmp/$crate.base" "$tmp/$crate.head"; then
        echo "$crate: identical ($(grep -c '^    OpSpec {\|^    InstDef {' "$tmp/$crate.head") rows)"
    else
        echo "$crate: rows differ from $base:"
        diff "$tmp/$crate.base" "$tmp/$crate.head" | head -40
        status=1
    fi
done
ex=crates/gpumem-maxwell/examples/decode_dump.rs
cp "$root/$ex" "$tmp/base/$ex"
(cd "$tmp/base" && cargo run -q -p gpumem-maxwell --example decode_dump) > "$tmp/decode.base"
(cd "$root" && cargo run -q -p gpumem-maxwell --example decode_dump) > "$tmp/decode.head"
if cmp -s "$tmp/decode.base" "$tmp/decode.head"; then
    echo "maxwell decode: identical ($(wc -l < "$tmp/decode.head") words x targets)"
else
    echo "maxwell decode: words decode to other rows than on $base:"
    diff "$tmp/decode.base" "$tmp/decode.head" | head -40
    status=1
fi
exit $status
