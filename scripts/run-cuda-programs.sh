#!/usr/bin/env bash
# Builds the CUDA samples' own host programs with nvcc 11.8 (-cudart shared -arch=sm_52,
# linked against gpumem's libcudart.so, never NVIDIA's) and runs each under `gpumem cuda`,
# recording whether it passed its own checks. See docs/12-cuda-programs.md.
#
#   scripts/run-cuda-programs.sh SAMPLES_DIR OUT_DIR [SAMPLE...]
#
# SAMPLES_DIR: a checkout of https://github.com/NVIDIA/cuda-samples at v11.8 (the tree
# scripts/build-cuda-samples.sh names). SAMPLE: folder names (vectorAdd ...), default all of
# Samples/*/*. A sample's sources are its folder's .cu/.cpp/.c files that no other file
# there #includes (in its src/ folder when the top folder has none, FDTD3d's layout, with
# inc/ on the include path). Each program runs in its own folder (data files) with a time limit of
# $LIMIT seconds (default 300). gpumem and the runtime come from $GPUMEM (default
# target/release/gpumem; build it with `cargo build --release`), the runtime library from
# beside it. Output: OUT_DIR/<sample> (the program), OUT_DIR/logs/<sample>.{build,run}.log
# and OUT_DIR/status.tsv:
#   sample  status  exit  seconds  launches  warp_instructions  note
# status: pass (exit 0), waived (exit 2, the samples' EXIT_WAIVED), fail, timeout, build
# (nvcc failed). note: the first unsupported call, fault or error line. A program already
# in OUT_DIR is reused unless REBUILD=1; BUILD_ONLY=1 builds without running. Each row
# replaces the sample's old one atomically (a new file renamed over status.tsv under a
# lock), so runs of the script in parallel on one OUT_DIR keep every row.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "${1:?usage: run-cuda-programs.sh SAMPLES_DIR OUT_DIR [SAMPLE...]}" && pwd)
out=$(mkdir -p "${2:?OUT_DIR}" && cd "$2" && pwd)
shift 2
limit=${LIMIT:-300}
gpumem=$(realpath "${GPUMEM:-$here/target/release/gpumem}")
[[ -x $gpumem ]] || { echo "no $gpumem: cargo build --release" >&2; exit 1; }
if [[ -z ${GPUMEM_NVCC:-} ]]; then
  eval "$(bash "$here/scripts/install-oracles.sh")"
  eval "$(bash "$here/scripts/install-nvcc.sh")"
fi
root=$(dirname "$(dirname "$GPUMEM_NVCC")")
lib=$(dirname "$gpumem")/libgpumem_cudart.so
[[ -f $lib ]] || { echo "no $lib" >&2; exit 1; }
link=$out/link
mkdir -p "$link" "$out/logs"
ln -sf "$lib" "$link/libcudart.so"
ln -sf "$root/cuda-dev/usr/lib/x86_64-linux-gnu/libcudadevrt.a" "$link/libcudadevrt.a"

if [[ $# -eq 0 ]]; then
  mapfile -t dirs < <(cd "$src" && ls -d Samples/*/*/ | sed 's:/$::')
else
  dirs=()
  for s in "$@"; do dirs+=("$(cd "$src" && ls -d Samples/*/"$s" | head -1)"); done
fi

status=$out/status.tsv
# record NAME ROW: replaces NAME's row of status.tsv (or adds it) in one rename.
record() {
  (
    flock 9
    tmp=$(mktemp "$out/.status.XXXXXX")
    if [[ -f $status ]]; then
      awk -F'\t' -v n="$1" 'NR == 1 || $1 != n' "$status" >"$tmp"
    else
      printf 'sample\tstatus\texit\tseconds\tlaunches\twarp_instructions\tnote\n' >"$tmp"
    fi
    printf '%s\n' "$2" >>"$tmp"
    mv -f "$tmp" "$status"
  ) 9>"$out/.status.lock"
}
for rel in "${dirs[@]}"; do
  name=$(basename "$rel")
  dir=$src/$rel
  # Sources in the top folder, else in src/ (with inc/ for headers).
  srcdir=$dir
  if ! compgen -G "$dir/*.cu" >/dev/null && ! compgen -G "$dir/*.cpp" >/dev/null \
      && ! compgen -G "$dir/*.c" >/dev/null && [[ -d $dir/src ]]; then
    srcdir=$dir/src
  fi
  files=()
  for f in "$srcdir"/*.cu "$srcdir"/*.cpp "$srcdir"/*.c; do
    [[ -f $f ]] || continue
    b=$(basename "$f")
    # Skip files another file of the folder includes (kernels #included by the main .cu).
    if grep -lq "#include *[\"<]$b[\">]" "$srcdir"/*.cu "$srcdir"/*.cpp "$srcdir"/*.c \
        "$srcdir"/*.h "$srcdir"/*.cuh "$dir"/inc/*.h "$dir"/inc/*.cuh 2>/dev/null; then
      continue
    fi
    files+=("$f")
  done
  if [[ ${#files[@]} -eq 0 ]]; then
    record "$name" "$(printf '%s\tbuild\t\t\t\t\tno sources' "$name")"
    continue
  fi
  if [[ -x $out/$name && -z ${REBUILD:-} ]]; then
    :
  elif ! (cd "$dir" && "$GPUMEM_NVCC" -ccbin /usr/bin/gcc -allow-unsupported-compiler -w \
      -arch=sm_52 -cudart shared -I "$src/Common" -I "$dir" -I "$dir/inc" -o "$out/$name" \
      "${files[@]}" -L "$link" -L "$root/cuda-dev/usr/lib/x86_64-linux-gnu") \
      >"$out/logs/$name.build.log" 2>&1; then
    first=$(grep -m1 -E 'error|undefined reference' "$out/logs/$name.build.log" | cut -c1-160 | tr '\t' ' ' || true)
    first=${first//$src\//}
    record "$name" "$(printf '%s\tbuild\t\t\t\t\t%s' "$name" "$first")"
    continue
  fi
  if [[ -n ${BUILD_ONLY:-} ]]; then
    echo "$name built" >&2
    continue
  fi
  start=$(date +%s.%N)
  set +e
  (cd "$dir" && timeout "$limit" "$gpumem" cuda -- "$out/$name") >"$out/logs/$name.run.log" 2>&1 </dev/null
  code=$?
  set -e
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  log=$out/logs/$name.run.log
  summary=$(grep -m1 -E '^gpumem: [0-9]+ launch' "$log" || true)
  launches=$(sed -E 's/^gpumem: ([0-9]+) launch.*/\1/' <<<"$summary")
  insts=$(sed -E 's/.* ([0-9]+) warp instructions.*/\1/' <<<"$summary")
  case $code in
    0) st=pass ;;
    2) st=waived ;;
    124) st=timeout ;;
    *) st=fail ;;
  esac
  note=$(grep -m1 -E 'not supported|failed:|gpumem: .*\(cuda|never called|Segmentation|Aborted' "$log" | cut -c1-200 | tr '\t' ' ' || true)
  record "$name" "$(printf '%s\t%s\t%s\t%.2f\t%s\t%s\t%s' "$name" "$st" "$code" "$secs" "$launches" "$insts" "$note")"
  echo "$name $st $code ${secs}s $note" >&2
done
