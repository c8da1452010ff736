// Planted out-of-bounds accesses for `gpumem cuda --check` (tests/cuda.rs): a write one
// element past an allocation, a read before one, a write to freed memory, a write past
// the bytes a device-side malloc block was asked for (inside the heap). Each buffer
// is 240 bytes, so 16 bytes of the 256-byte granule follow it unallocated. Exits with
// the cudaError_t of the last synchronisation (0 when every launch succeeded).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void write_at(int *p, int i) { p[i] = 42; }
__global__ void read_at(const int *p, int i, int *out) { *out = p[i]; }
__global__ void heap_overrun(int i) {
  int *p = (int *)malloc(3 * sizeof(int));
  if (p) {
    p[i] = 7;
    free(p);
  }
}

int main() {
  int *a, *b, *out;
  cudaMalloc(&a, 60 * sizeof(int));
  cudaMalloc(&b, 60 * sizeof(int));
  cudaMalloc(&out, sizeof(int));
  write_at<<<1, 1>>>(a, 59);      // inside
  write_at<<<1, 1>>>(a, 60);      // one past the end of a
  read_at<<<1, 1>>>(b, -1, out);  // one before b
  cudaFree(b);
  write_at<<<1, 1>>>(b, 0);       // freed
  heap_overrun<<<1, 1>>>(2);      // inside the 12-byte block
  heap_overrun<<<1, 1>>>(3);      // one past its end (the granule's padding)
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorName(e));
  return (int)e;
}
