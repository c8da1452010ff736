// The device library calls gpumem's executor serves (gpumem_warp::devcall) and the
// cooperative launches grid.sync() needs, through the runtime: device malloc/free and
// new/delete over a heap of cudaLimitMallocHeapSize bytes, grid-wide barriers under
// cudaLaunchCooperativeKernel, a failed assert (cudaErrorAssert, sticky) and a bad free
// (cudaErrorLaunchFailure). Built by nvcc 11.8 with -cudart shared -arch=sm_52 and run
// by tests/it/devlib.rs; prints "checks: N, failed: M" and exits 1 when a check failed.
#include <cassert>
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#include "check.h"

// Each thread allocates n ints, fills them and leaves the pointer for the next kernel.
__global__ void alloc_blocks(int **ptrs, int n) {
  int t = threadIdx.x;
  int *p = (int *)malloc(sizeof(int) * n);
  if (p)
    for (int i = 0; i < n; ++i) p[i] = t * 100 + i;
  ptrs[t] = p;
}

// Sums each thread's block (allocated by an earlier launch) and frees it.
__global__ void sum_and_free(int **ptrs, int n, int *out) {
  int t = threadIdx.x;
  int *p = ptrs[t];
  int s = -1;
  if (p) {
    s = 0;
    for (int i = 0; i < n; ++i) s += p[i];
    free(p);
  }
  out[t] = s;
}

__global__ void try_malloc(unsigned long long *got, size_t size) {
  got[0] = (unsigned long long)malloc(size);
}

__global__ void new_delete(int *out) {
  int *a = new int[4];
  for (int i = 0; i < 4; ++i) a[i] = (i + 1) * 10;
  out[0] = a[0] + a[3];
  delete[] a;
}

__global__ void free_inside(int *out) {
  int *p = (int *)malloc(64);
  out[0] = p != NULL;
  free(p + 1);
}

// Two grid-wide phases: every CTA reads what every other CTA wrote before grid.sync().
__global__ void grid_reverse(int *data, int *out, int n) {
  cg::grid_group g = cg::this_grid();
  for (int i = g.thread_rank(); i < n; i += g.size()) data[i] = i;
  g.sync();
  for (int i = g.thread_rank(); i < n; i += g.size()) out[i] = data[n - 1 - i];
  g.sync();
  if (g.thread_rank() == 0) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += out[i];
    out[n] = s;
  }
}

__global__ void check_below(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n);
}

int main() {
  // ---- the device heap -------------------------------------------------------------
  size_t lim = 0;
  OK(cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize));
  CHECK(lim == (size_t)8 << 20);
  OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20));
  OK(cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize));
  CHECK(lim == (size_t)1 << 20);
  int **ptrs = NULL, *out = NULL;
  OK(cudaMalloc(&ptrs, 64 * sizeof(int *)));
  OK(cudaMalloc(&out, 8192 * sizeof(int)));
  alloc_blocks<<<1, 64>>>(ptrs, 16);
  OK(cudaGetLastError());
  sum_and_free<<<1, 64>>>(ptrs, 16, out);
  OK(cudaGetLastError());
  int sums[64];
  OK(cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost));
  int right = 0;
  for (int t = 0; t < 64; ++t) right += sums[t] == 1600 * t + 120;
  CHECK(right == 64);
  // The heap's size is fixed once a kernel that uses it ran.
  EXPECT(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 << 20), cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  unsigned long long *got = NULL, back = 1;
  OK(cudaMalloc(&got, sizeof *got));
  try_malloc<<<1, 1>>>(got, 2 << 20);  // more than the heap: NULL
  OK(cudaMemcpy(&back, got, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(back == 0);
  try_malloc<<<1, 1>>>(got, 512 << 10);
  OK(cudaMemcpy(&back, got, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(back != 0 && back % 16 == 0);
  try_malloc<<<1, 1>>>(got, 0);
  OK(cudaMemcpy(&back, got, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(back == 0);
  new_delete<<<1, 1>>>(out);
  int v = 0;
  OK(cudaMemcpy(&v, out, sizeof v, cudaMemcpyDeviceToHost));
  CHECK(v == 50);

  // ---- cooperative launches ----------------------------------------------------------
  int attr = 0;
  OK(cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeLaunch, 0));
  CHECK(attr == 1);
  int *data = NULL, n = 4000;
  OK(cudaMalloc(&data, n * sizeof(int)));
  void *args[] = {&data, &out, &n};
  OK(cudaLaunchCooperativeKernel((void *)grid_reverse, dim3(8), dim3(128), args, 0, 0));
  static int host[4001];
  OK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  right = 0;
  for (int i = 0; i < n; ++i) right += host[i] == n - 1 - i;
  CHECK(right == n);
  CHECK(host[n] == n * (n - 1) / 2);
  // More blocks than can be resident at once.
  EXPECT(cudaLaunchCooperativeKernel((void *)grid_reverse, dim3(100000), dim3(128), args, 0, 0),
         cudaErrorCooperativeLaunchTooLarge);
  CHECK(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge);
  CHECK(cudaGetLastError() == cudaSuccess);

  // ---- a failed assert: cudaErrorAssert, sticky until cudaDeviceReset -----------------
  printf("host before assert\n");
  check_below<<<2, 32>>>(60);
  EXPECT(cudaDeviceSynchronize(), cudaErrorAssert);
  EXPECT(cudaMalloc(&data, 4), cudaErrorAssert);
  CHECK(cudaGetLastError() == cudaErrorAssert);
  OK(cudaDeviceReset());
  OK(cudaMalloc(&out, 4));
  check_below<<<2, 32>>>(64);
  OK(cudaDeviceSynchronize());

  // ---- free of a pointer malloc did not return --------------------------------------
  free_inside<<<1, 1>>>(out);
  EXPECT(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  OK(cudaDeviceReset());

  printf("checks: %d, failed: %d\n", checks, failed);
  return failed ? 1 : 0;
}
