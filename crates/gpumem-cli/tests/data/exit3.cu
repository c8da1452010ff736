// Returns 3 after a launch: `gpumem cuda` forwards the program's exit code.
#include <cuda_runtime.h>
__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }
int main() {
  int *p;
  cudaMalloc(&p, 128);
  k<<<1, 32>>>(p);
  return cudaDeviceSynchronize() == cudaSuccess ? 3 : 1;
}
