#!/usr/bin/env bash
# Rebuilds the real-code cubin corpus tests/cuda-samples from a checkout of NVIDIA's CUDA samples
# (https://github.com/NVIDIA/cuda-samples, BSD-3; the committed set was built from tag v11.8,
# commit 81992093d2b8c33cab22dbf6852c070c330f1715). See docs/cuda-samples.md.
#
#   scripts/build-cuda-samples.sh SAMPLES_DIR [OUT_DIR]      (OUT_DIR: tests/cuda-samples)
#
# Every Samples/**/*.cu is compiled device-only by nvcc 11.8, once per target:
#   $GPUMEM_NVCC -ccbin /usr/bin/gcc -allow-unsupported-compiler -w -cubin -arch=sm_5x \
#     -I SAMPLES_DIR/Common -I <sample dir> [-I <sample dir>/inc] [-I <file's dir>] FILE.cu
# A file that fails that way is tried once more with -rdc=true (relocatable device code) when
# the error is about separate compilation: needed by the dynamic-parallelism samples (cdp*),
# whose kernels launch kernels, and by simpleSeparateCompilation, whose device function pointer
# names an extern function (ptxas: "Cannot take address of function"). The flags used are
# recorded in MANIFEST.tsv. A file is kept only when it compiles for both sm_50 and sm_52; the
# others go to FAILED.tsv with the first error line of the first target that failed.
# Output: OUT_DIR/sm_50/<Sample>__<stem>.cubin, OUT_DIR/sm_52/<Sample>__<stem>.cubin
# (<Sample>: the sample's folder, unique across the categories; <stem>: the file name without
# .cu), OUT_DIR/MANIFEST.tsv, OUT_DIR/FAILED.tsv. Kernel and instruction counts come from
# cuobjdump -sass. Environment: GPUMEM_NVCC and GPUMEM_CUDA_BIN (set here from
# scripts/install-oracles.sh and nvcc.sh when unset); JOBS (default 2) parallel compiles.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "${1:?usage: build-cuda-samples.sh SAMPLES_DIR [OUT_DIR]}" && pwd)
out=${2:-$here/tests/cuda-samples}
jobs=${JOBS:-2}
if [[ -z ${GPUMEM_CUDA_BIN:-} ]]; then eval "$(bash "$here/scripts/install-oracles.sh")"; fi
if [[ -z ${GPUMEM_NVCC:-} ]]; then
  eval "$(bash "$here/scripts/install-nvcc.sh")"
fi
export GPUMEM_NVCC GPUMEM_CUDA_BIN PATH="$GPUMEM_CUDA_BIN:$PATH"
# The samples' commit: $SAMPLES_COMMIT, else the checkout's own git HEAD, else SAMPLES_DIR/.commit.
commit=${SAMPLES_COMMIT:-}
if [[ -z $commit && "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" == "$src" ]]; then
  commit=$(git -C "$src" rev-parse HEAD)
fi
[[ -z $commit && -f $src/.commit ]] && commit=$(cat "$src/.commit")
commit=${commit:-unknown}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/sm_50" "$stage/sm_52" "$stage/status"

# One file: both targets into $stage; a status line "name<TAB>path<TAB>flags" or
# "name<TAB>path<TAB>FAIL<TAB>sm<TAB>first error line".
one() {
  local rel=$1 src=$2 stage=$3
  local f=$src/$rel sample stem dir name
  sample=$(echo "$rel" | cut -d/ -f3)
  stem=$(basename "$rel" .cu)
  dir=$(dirname "$f")
  name=${sample}__${stem}
  local inc=(-I "$src/Common" -I "$src/$(echo "$rel" | cut -d/ -f1-3)")
  [[ -d $src/$(echo "$rel" | cut -d/ -f1-3)/inc ]] && inc+=(-I "$src/$(echo "$rel" | cut -d/ -f1-3)/inc")
  [[ $dir != "$src/$(echo "$rel" | cut -d/ -f1-3)" ]] && inc+=(-I "$dir")
  local sm flags err status=ok used=""
  for sm in 50 52; do
    for flags in "" "-rdc=true"; do
      # shellcheck disable=SC2086
      if err=$(cd "$dir" && nice -n 10 "$GPUMEM_NVCC" -ccbin /usr/bin/gcc -allow-unsupported-compiler -w \
          -cubin -arch=sm_$sm $flags "${inc[@]}" -o "$stage/sm_$sm/$name.cubin" "$f" 2>&1); then
        used=$flags
        break
      fi
      rm -f "$stage/sm_$sm/$name.cubin"
      # Retry with -rdc only when the plain error is about separate compilation / externals.
      if [[ -z $flags ]] && ! grep -qiE 'rdc|relocatable|separate compilation|unresolved extern|undefined reference|extern|Cannot take address of function' <<<"$err"; then
        break
      fi
    done
    if [[ ! -f $stage/sm_$sm/$name.cubin ]]; then
      local first
      first=$(grep -m1 -E 'error|fatal|Error' <<<"$err" || head -1 <<<"$err")
      first=${first//$src\//}
      first=${first//$(dirname "$(dirname "$GPUMEM_NVCC")")\//}
      first=${first//$'\t'/ }
      printf '%s\t%s\tFAIL\tsm_%s\t%s\n' "$name" "$rel" "$sm" "$first" >"$stage/status/$name"
      rm -f "$stage/sm_50/$name.cubin" "$stage/sm_52/$name.cubin"
      return 0
    fi
    [[ $sm == 50 ]] && status=$used
  done
  [[ $status != "$used" ]] && status="sm_50:${status:-plain},sm_52:${used:-plain}"
  printf '%s\t%s\t%s\n' "$name" "$rel" "${status:-}" >"$stage/status/$name"
}
export -f one

cd "$src"
find Samples -name '*.cu' | LC_ALL=C sort >"$stage/files"
dups=$(while read -r r; do echo "$(echo "$r" | cut -d/ -f3)__$(basename "$r" .cu)"; done <"$stage/files" | sort | uniq -d)
[[ -z $dups ]] || { echo "name collision: $dups" >&2; exit 1; }
echo "compiling $(wc -l <"$stage/files") files x 2 targets, $jobs jobs" >&2
xargs -P "$jobs" -I{} bash -c 'one "$1" "$2" "$3"; echo "  $1" >&2' _ {} "$src" "$stage" <"$stage/files"

mkdir -p "$out"
rm -rf "$out/sm_50" "$out/sm_52"
mv "$stage/sm_50" "$stage/sm_52" "$out/"
# One MANIFEST row per cubin (cuobjdump on the large thrust/cub cubins is slow: run in parallel).
row() {
  local out=$1 name=$2 rel=$3 flags=$4 sm=$5 f sass k n h
  f=sm_$sm/$name.cubin
  sass=$(cuobjdump -sass "$out/$f")
  k=$(grep -c 'Function : ' <<<"$sass" || true)
  n=$(grep -cE '^\s+/\*[0-9a-f]{4,}\*/ ' <<<"$sass" || true)
  h=$(sha256sum "$out/$f" | cut -d' ' -f1)
  printf '%s\t%s\tsm_%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "$COMMIT" "$sm" "$k" "$n" "$h" "$rel" "$flags"
}
export -f row
export COMMIT=$commit
LC_ALL=C sort "$stage"/status/* | awk -F'\t' '$3!="FAIL"{f=$3==""?"-":$3; print $1" "$2" "f" 50"; print $1" "$2" "f" 52"}' |
  tr ' ' '\n' | xargs -n4 -P "$jobs" bash -c 'row "$0" "$1" "$2" "$3" "$4" >"$0/.row.$1.$4"' "$out"
{
  printf 'file\tsamples_commit\tsm\tkernels\tinstructions\tsha256\tsource\tflags\n'
  cat "$out"/.row.* | LC_ALL=C sort -t$'\t' -k3,3 -k1,1
} >"$out/MANIFEST.tsv"
rm -f "$out"/.row.*
{
  printf 'source\tname\tfailed_on\tfirst_error\n'
  LC_ALL=C sort "$stage"/status/* | awk -F'\t' '$3=="FAIL"{print $2"\t"$1"\t"$4"\t"$5}'
} >"$out/FAILED.tsv"
echo "kept $(($(wc -l <"$out/MANIFEST.tsv") - 1)) cubins, failed $(($(wc -l <"$out/FAILED.tsv") - 1)) files" >&2
