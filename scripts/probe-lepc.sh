#!/usr/bin/env bash
# Does ptxas 11.8 emit LEPC for sm_50/sm_52? (crates/gpumem-warp/SEMANTICS.md, "LEPC Rd".)
# Compiles CUDA code that takes function addresses, calls through function pointers
# (plain and virtual), recurses, uses printf/assert/trap/brkpt and (sm_52) alloca, plus
# tests/ptx/indirect_call.ptx, with nvcc/ptxas 11.8 for sm_50 and sm_52 under the option
# sets "", -G, -rdc=true and "-rdc=true -G", and prints, per build, how many LEPC and
# which indirect-flow instructions the SASS holds. Result on 2026-11-24: 0 LEPC in every
# build; function addresses come from ptxas' table in constant bank 2 (LDC + BRX), or
# from a parameter (JMX) with -G/-rdc, and external calls are JCAL.
# Needs scripts/install-oracles.sh and scripts/install-nvcc.sh (run here when unset).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z ${GPUMEM_CUDA_BIN:-} ]]; then eval "$(bash "$here/scripts/install-oracles.sh")"; fi
if [[ -z ${GPUMEM_NVCC:-} ]]; then eval "$(bash "$here/scripts/install-nvcc.sh")"; fi
export PATH="$GPUMEM_CUDA_BIN:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/probe.cu" <<'EOF'
#include <cstdio>
#include <cassert>
typedef float (*fn)(float);
__device__ __noinline__ float sq(float x) { return x * x; }
__device__ __noinline__ float tw(float x) { return 2 * x; }
struct B { __device__ virtual float f(float x) { return x; } };
struct D : B { __device__ float f(float x) override { return 3 * x; } };
__device__ int rec(int n) { return n <= 1 ? 1 : n * rec(n - 1); }
__global__ void k(float *o, int s, fn g) {
  fn f = s ? sq : tw;
  B b; D d; B *p = s & 2 ? (B *)&d : &b;
  o[threadIdx.x] = f(o[threadIdx.x]) + g(o[1]) + p->f(o[2]) + rec(s);
  assert(o[0] != 3.0f);
  if (s == 7) printf("%d\n", s);
  if (s == 9) __brkpt();
  if (s == 11) asm("trap;");
#if __CUDA_ARCH__ >= 520
  int *a = (int *)alloca(s * 4); a[s - 1] = s; o[1] = a[threadIdx.x];
#endif
}
__global__ void addr(unsigned long long *o) { o[0] = (unsigned long long)(void *)sq; }
EOF
count() { cuobjdump -sass "$1" | grep -oE '\b(LEPC|JMX|BRX|JCAL|JMP|CAL|PRET)\b' | sort | uniq -c | tr -s ' \n' ' '; }
for sm in sm_50 sm_52; do
  for opts in "" "-G" "-rdc=true" "-rdc=true -G"; do
    # shellcheck disable=SC2086
    "$GPUMEM_NVCC" -ccbin /usr/bin/gcc -allow-unsupported-compiler -w -cubin -arch=$sm $opts \
      -o "$tmp/p.cubin" "$tmp/probe.cu"
    printf '%s %-14s LEPC=%s | %s\n' "$sm" "[$opts]" \
      "$(cuobjdump -sass "$tmp/p.cubin" | grep -c '\bLEPC\b' || true)" "$(count "$tmp/p.cubin")"
  done
  for opts in "" "-c"; do
    # shellcheck disable=SC2086
    ptxas -arch=$sm $opts -o "$tmp/i.cubin" "$here/tests/ptx/indirect_call.ptx"
    printf '%s %-14s LEPC=%s | %s\n' "$sm" "[ptxas $opts]" \
      "$(cuobjdump -sass "$tmp/i.cubin" | grep -c '\bLEPC\b' || true)" "$(count "$tmp/i.cubin")"
  done
done
