#!/usr/bin/env bash
# Host memory of gpumem on the inputs of issue 20, item 1, measured with /usr/bin/time -v
# (maximum resident set size) for each binary given (default: target/release/gpumem):
#
#   * a spin loop (one warp: a global load, an add, a branch back) run until the step
#     limit, at 10 M and 30 M warp instructions: `run`, `run --timing`, `run --trace`,
#     `explain`, `explain --timing`;
#   * a declared 2 GiB region without contents, and a 1 GiB region filled with 0xab;
#   * `run --json` of a 256 MiB dump: the bytes of JSON written as hex, with `file =`,
#     and with `--json-dumps runs` (the last two where the binary has them).
#
# Usage:
#   scripts/mem-figures.sh [GPUMEM ...]
# The figures before the change come from the binary of the commit before it:
#   git worktree add /tmp/gpumem-before 8e2bbb1 && (cd /tmp/gpumem-before && cargo build --release)
#   scripts/mem-figures.sh /tmp/gpumem-before/target/release/gpumem target/release/gpumem
# STEPS="100000 300000" runs shorter spins (a quick look).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bins=("$@")
[ ${#bins[@]} -eq 0 ] && bins=("$root/target/release/gpumem")
steps=${STEPS:-"10000000 30000000"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/spin.sass" <<'EOF'
        MOV32I R2, 0x100000 ;
        MOV R3, RZ ;
loop:
        LDG.E R0, [R2] ;
        IADD32I R1, R1, 0x1 ;
        BRA loop ;
EOF
for n in $steps; do
    cat >"$work/spin-$n.toml" <<EOF
isa = "maxwell"
program = "spin.sass"
[launch]
grid = [1]
block = [32]
[limits]
max_steps = $n
EOF
done
cat >"$work/store.sass" <<'EOF'
        MOV32I R2, 0x100000 ;
        MOV32I R4, 0x2a ;
        STG [R2], R4 ;
        EXIT ;
EOF
cat >"$work/zero-region.toml" <<'EOF'
isa = "maxwell"
program = "store.sass"
[launch]
block = [1]
[[memory]]
address = 0x100000
size = 2147483648
[limits]
max_memory = 3221225472
EOF
cat >"$work/fill-region.toml" <<'EOF'
isa = "maxwell"
program = "store.sass"
[launch]
block = [1]
[[memory]]
address = 0x100000
size = 1073741824
fill = 0xab
[limits]
max_memory = 2147483648
EOF
cat >"$work/dump.toml" <<'EOF'
isa = "maxwell"
program = "store.sass"
[launch]
block = [1]
[[dump]]
space = "global"
address = 0x100000
size = 268435456
EOF
sed 's/^size = 268435456$/size = 268435456\nfile = "out.bin"/' "$work/dump.toml" >"$work/dump-file.toml"

# One measurement: max RSS (MB), wall seconds, exit code and bytes written to stdout.
measure() {
    local bin=$1
    shift
    local code=0
    (cd "$work" && /usr/bin/time -v "$bin" "$@" >"$work/out" 2>"$work/time") || code=$?
    local kb secs
    kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
    secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")
    printf '%9.1f %10s %4s %11s' "$(awk -v k="$kb" 'BEGIN {print k / 1024}')" "$secs" "$code" "$(stat -c %s "$work/out")"
}

printf '%-44s %-28s %9s %10s %4s %11s\n' binary case "RSS MB" wall exit "stdout B"
for bin in "${bins[@]}"; do
    label=$bin
    [ ${#label} -gt 44 ] && label="...${label: -41}"
    rev=$("$bin" --version 2>/dev/null | head -1 || true)
    for n in $steps; do
        m="spin-$n.toml"
        for args in "run" "run --timing" "run --trace $work/t.json" "explain" "explain --timing"; do
            case_name="${args%% /*}"
            [ "$case_name" != "$args" ] && case_name="run --trace FILE"
            printf '%-44s %-28s ' "$label" "$case_name $n"
            # shellcheck disable=SC2086
            measure "$bin" $args "$m"
            echo
        done
    done
    for m in zero-region fill-region; do
        printf '%-44s %-28s ' "$label" "run $m"
        measure "$bin" run "$m.toml"
        echo
    done
    printf '%-44s %-28s ' "$label" "run --json 256MiB dump"
    measure "$bin" run --json dump.toml
    echo
    if "$bin" run --help | grep -q -- --json-dumps; then
        printf '%-44s %-28s ' "$label" "run --json dump file="
        measure "$bin" run --json dump-file.toml
        echo
        printf '%-44s %-28s ' "$label" "run --json --json-dumps runs"
        measure "$bin" run --json --json-dumps runs dump.toml
        echo
    fi
    [ -n "$rev" ] && echo "# $label: $rev"
done
