// Calls every entry point gpumem's libcudart.so.11.0 implements and checks its results
// and error codes. Built by nvcc 11.8 with -cudart shared -arch=sm_52 and run by
// tests/it/api.rs; prints one line per failed check and "checks: N, failed: M" at the end,
// and exits 1 when a check failed.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <cuda_profiler_api.h>

#include "check.h"

__device__ int counter;
__device__ float table[64];
__constant__ float scale[4];
__managed__ int managed_total = 7;

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void scale_by(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= scale[i % 4];
  if (i == 0) atomicAdd(&counter, 1);
}

__global__ void from_table(float *out) { out[threadIdx.x] = table[threadIdx.x] * 2.0f; }

__global__ void managed_sum(int *data, int n) {
  for (int i = 0; i < n; ++i) managed_total += data[i];
}

__global__ void dyn_shared(int *out) {
  extern __shared__ int buf[];
  buf[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

__global__ void grid3d(int *out) {
  int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  out[b * blockDim.x * blockDim.y * blockDim.z + t] = b * 1000 + t;
}

__global__ void fault(int *p) { p[threadIdx.x] = 1; }

__global__ void say(int v, float f) {
  int n = printf("say %d %.2f from %d.%d [%5s]\n", v, f, blockIdx.x, threadIdx.x, "ab");
  if (n != 5) printf("printf returned %d\n", n);
}

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *data) {
  *(int *)data += status == cudaSuccess ? 1 : 100;
}
static void CUDART_CB host_fn(void *data) { *(int *)data += 10; }

int main() {
  // ---- versions, devices ---------------------------------------------------------
  int v = 0;
  OK(cudaRuntimeGetVersion(&v));
  CHECK(v == 11080);
  OK(cudaDriverGetVersion(&v));
  CHECK(v >= 11080);
  EXPECT(cudaRuntimeGetVersion(NULL), cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaSuccess);
  int n = 0;
  OK(cudaGetDeviceCount(&n));
  CHECK(n == 1);
  OK(cudaSetDevice(0));
  EXPECT(cudaSetDevice(1), cudaErrorInvalidDevice);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidDevice);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  int d = -1;
  OK(cudaGetDevice(&d));
  CHECK(d == 0);
  OK(cudaChooseDevice(&d, NULL));
  CHECK(d == 0);
  cudaDeviceProp prop;
  memset(&prop, 0xff, sizeof prop);
  OK(cudaGetDeviceProperties(&prop, 0));
  CHECK(prop.major == 5 && prop.minor == 2);
  CHECK(strstr(prop.name, "GTX 980") != NULL);
  CHECK(prop.warpSize == 32 && prop.maxThreadsPerBlock == 1024);
  CHECK(prop.multiProcessorCount == 16);
  CHECK(prop.totalGlobalMem == (size_t)4 << 30);
  CHECK(prop.sharedMemPerBlock == 48 * 1024);
  CHECK(prop.maxGridSize[0] == 2147483647 && prop.maxThreadsDim[2] == 64);
  CHECK(prop.managedMemory == 1 && prop.unifiedAddressing == 1);
  CHECK(prop.reservedSharedMemPerBlock == 0);
  EXPECT(cudaGetDeviceProperties(&prop, 3), cudaErrorInvalidDevice);
  int attr = 0;
  OK(cudaDeviceGetAttribute(&attr, cudaDevAttrComputeCapabilityMajor, 0));
  CHECK(attr == 5);
  OK(cudaDeviceGetAttribute(&attr, cudaDevAttrMultiProcessorCount, 0));
  CHECK(attr == 16);
  OK(cudaDeviceGetAttribute(&attr, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
  CHECK(attr == (int)prop.sharedMemPerMultiprocessor);
  EXPECT(cudaDeviceGetAttribute(&attr, (cudaDeviceAttr)9999, 0), cudaErrorInvalidValue);
  unsigned flags = 0;
  OK(cudaSetDeviceFlags(cudaDeviceMapHost));
  OK(cudaGetDeviceFlags(&flags));
  CHECK(flags == cudaDeviceMapHost);
  size_t lim = 0;
  OK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 22));
  OK(cudaDeviceGetLimit(&lim, cudaLimitPrintfFifoSize));
  CHECK(lim == 1 << 22);
  OK(cudaDeviceGetLimit(&lim, cudaLimitStackSize));
  CHECK(lim == 1024);
  OK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
  OK(cudaDeviceGetLimit(&lim, cudaLimitStackSize));
  CHECK(lim == 4096);
  EXPECT(cudaDeviceGetLimit(&lim, (cudaLimit)77), cudaErrorUnsupportedLimit);
  OK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
  cudaFuncCache cc;
  OK(cudaDeviceGetCacheConfig(&cc));
  OK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte));
  cudaSharedMemConfig sc;
  OK(cudaDeviceGetSharedMemConfig(&sc));
  CHECK(sc == cudaSharedMemBankSizeFourByte);
  int lo = 1, hi = 1;
  OK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
  int can = 1;
  OK(cudaDeviceCanAccessPeer(&can, 0, 0));
  CHECK(can == 0);
  OK(cudaDeviceSynchronize());
  OK(cudaThreadSynchronize());
  OK(cudaProfilerStart());
  OK(cudaProfilerStop());

  // ---- errors --------------------------------------------------------------------
  CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") == 0);
  CHECK(strcmp(cudaGetErrorName(cudaErrorLaunchFailure), "cudaErrorLaunchFailure") == 0);
  CHECK(strcmp(cudaGetErrorName(cudaErrorNotSupported), "cudaErrorNotSupported") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorIllegalAddress),
               "an illegal memory access was encountered") == 0);

  // ---- device memory -------------------------------------------------------------
  const int N = 1000;
  float *a, *b, *c;
  OK(cudaMalloc((void **)&a, N * sizeof(float)));
  OK(cudaMalloc((void **)&b, N * sizeof(float)));
  OK(cudaMalloc((void **)&c, N * sizeof(float)));
  CHECK(((size_t)a & 255) == 0 && a != b);
  EXPECT(cudaMalloc(NULL, 4), cudaErrorInvalidValue);
  void *huge = NULL;
  EXPECT(cudaMalloc(&huge, (size_t)1 << 40), cudaErrorMemoryAllocation);
  void *zero = (void *)1;
  OK(cudaMalloc(&zero, 0));
  CHECK(zero == NULL);
  size_t freeb = 0, total = 0;
  OK(cudaMemGetInfo(&freeb, &total));
  CHECK(total == (size_t)4 << 30 && freeb < total && freeb > total - (1 << 20));
  float h[N], r[N];
  for (int i = 0; i < N; ++i) h[i] = (float)i;
  OK(cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice));
  OK(cudaMemcpy(b, a, sizeof h, cudaMemcpyDeviceToDevice));
  OK(cudaMemset(c, 0, sizeof h));
  CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);  // the last failure above
  add<<<(N + 127) / 128, 128>>>(a, b, c, N);
  OK(cudaGetLastError());
  OK(cudaMemcpy(r, c, sizeof r, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += r[i] != 2.0f * i;
  CHECK(bad == 0);
  OK(cudaMemcpy(r, c, sizeof r, cudaMemcpyDefault));
  float hh[4] = {1, 2, 3, 4}, hh2[4];
  OK(cudaMemcpy(hh2, hh, sizeof hh, cudaMemcpyHostToHost));
  CHECK(hh2[3] == 4.0f);
  EXPECT(cudaMemcpy(c, h, sizeof h + 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT(cudaMemcpy(h, h, sizeof h, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT(cudaMemcpy(c, h, 4, (cudaMemcpyKind)9), cudaErrorInvalidMemcpyDirection);
  OK(cudaMemset(c, 0x3f, 8));
  OK(cudaMemcpy(r, c, 8, cudaMemcpyDeviceToHost));
  CHECK(((unsigned char *)r)[7] == 0x3f);
  EXPECT(cudaMemset(c + N - 1, 0, 8), cudaErrorInvalidValue);
  // Device pointers in attribute queries.
  cudaPointerAttributes pa;
  OK(cudaPointerGetAttributes(&pa, a));
  CHECK(pa.type == cudaMemoryTypeDevice && pa.devicePointer == a);
  OK(cudaPointerGetAttributes(&pa, h));
  CHECK(pa.type == cudaMemoryTypeUnregistered);
  // Frees: double, inside, host pointer.
  float *tmp;
  OK(cudaMalloc((void **)&tmp, 64));
  EXPECT(cudaFree(tmp + 1), cudaErrorInvalidValue);
  OK(cudaFree(tmp));
  EXPECT(cudaFree(tmp), cudaErrorInvalidValue);
  EXPECT(cudaFree(h), cudaErrorInvalidValue);
  OK(cudaFree(NULL));

  // ---- pitched and 2-D ----------------------------------------------------------
  float *pitched;
  size_t pitch = 0;
  OK(cudaMallocPitch((void **)&pitched, &pitch, 100 * sizeof(float), 8));
  CHECK(pitch >= 400 && pitch % 512 == 0);
  float grid_h[8][100], grid_r[8][100];
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 100; ++x) grid_h[y][x] = y * 100 + x;
  OK(cudaMemcpy2D(pitched, pitch, grid_h, 400, 400, 8, cudaMemcpyHostToDevice));
  OK(cudaMemset2D(pitched, pitch, 0, 4, 8));
  OK(cudaMemcpy2D(grid_r, 400, pitched, pitch, 400, 8, cudaMemcpyDeviceToHost));
  CHECK(grid_r[7][99] == 799.0f && grid_r[3][0] == 0.0f && grid_r[3][1] == 301.0f);
  EXPECT(cudaMemcpy2D(pitched, 100, grid_h, 400, 400, 8, cudaMemcpyHostToDevice),
         cudaErrorInvalidPitchValue);

  // ---- module variables ---------------------------------------------------------
  float s[4] = {2, 3, 4, 5};
  OK(cudaMemcpyToSymbol(scale, s, sizeof s));
  float s2[4] = {0};
  OK(cudaMemcpyFromSymbol(s2, scale, sizeof s2));
  CHECK(s2[2] == 4.0f);
  int zero_i = 0;
  OK(cudaMemcpyToSymbol(counter, &zero_i, sizeof zero_i));
  OK(cudaMemcpy(c, h, sizeof h, cudaMemcpyHostToDevice));
  scale_by<<<8, 128>>>(c, N);
  scale_by<<<8, 128>>>(c, N);
  OK(cudaMemcpy(r, c, sizeof r, cudaMemcpyDeviceToHost));
  CHECK(r[5] == 5.0f * 9.0f && r[6] == 6.0f * 16.0f);
  int cnt = 0;
  OK(cudaMemcpyFromSymbol(&cnt, counter, sizeof cnt));
  CHECK(cnt == 2);
  EXPECT(cudaMemcpyToSymbol(scale, s, sizeof s + 4), cudaErrorInvalidValue);
  EXPECT(cudaMemcpyToSymbol((const void *)h, s, 4), cudaErrorInvalidSymbol);
  size_t ssize = 0;
  OK(cudaGetSymbolSize(&ssize, table));
  CHECK(ssize == 64 * sizeof(float));
  float *table_p = NULL;
  OK(cudaGetSymbolAddress((void **)&table_p, table));
  OK(cudaMemcpy(table_p, h, 64 * sizeof(float), cudaMemcpyHostToDevice));
  from_table<<<1, 64>>>(c);
  OK(cudaMemcpy(r, c, 64 * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(r[63] == 126.0f);
  OK(cudaMemcpyToSymbolAsync(table, s, sizeof s, 4, cudaMemcpyHostToDevice, 0));
  OK(cudaMemcpyFromSymbolAsync(s2, table, sizeof s2, 4, cudaMemcpyDeviceToHost, 0));
  CHECK(s2[0] == 2.0f && s2[3] == 5.0f);
  OK(cudaMemcpyFromSymbol(c, table, 16, 0, cudaMemcpyDeviceToDevice));

  // ---- host-visible memory -------------------------------------------------------
  int *pinned = NULL, *mapped = NULL, *managed = NULL, *devp = NULL;
  OK(cudaMallocHost((void **)&pinned, 256 * sizeof(int)));
  OK(cudaHostAlloc((void **)&mapped, 256 * sizeof(int), cudaHostAllocMapped));
  OK(cudaMallocManaged((void **)&managed, 256 * sizeof(int)));
  for (int i = 0; i < 256; ++i) pinned[i] = mapped[i] = managed[i] = i;
  OK(cudaHostGetDevicePointer((void **)&devp, mapped, 0));
  OK(cudaHostGetFlags(&flags, mapped));
  CHECK(flags == cudaHostAllocMapped);
  dyn_shared<<<1, 256, 256 * sizeof(int)>>>(devp);
  OK(cudaDeviceSynchronize());
  CHECK(mapped[0] == 255 * 3 && mapped[255] == 0);
  dyn_shared<<<1, 256, 256 * sizeof(int)>>>(managed);
  OK(cudaDeviceSynchronize());
  CHECK(managed[1] == 254 * 3);
  OK(cudaMemcpy(c, pinned, 256 * sizeof(int), cudaMemcpyHostToDevice));
  OK(cudaMemcpy(pinned, managed, 256 * sizeof(int), cudaMemcpyDefault));
  CHECK(pinned[1] == 254 * 3);
  OK(cudaMemset(managed, 0, 256 * sizeof(int)));
  CHECK(managed[17] == 0);
  OK(cudaPointerGetAttributes(&pa, managed));
  CHECK(pa.type == cudaMemoryTypeManaged);
  OK(cudaPointerGetAttributes(&pa, pinned));
  CHECK(pa.type == cudaMemoryTypeHost);
  OK(cudaMemPrefetchAsync(managed, 1024, 0, 0));
  OK(cudaMemAdvise(managed, 1024, cudaMemAdviseSetReadMostly, 0));
  for (int i = 0; i < 256; ++i) managed[i] = 1;
  managed_sum<<<1, 1>>>(managed, 256);
  OK(cudaDeviceSynchronize());
  CHECK(managed_total == 7 + 256);
  managed_total = 1000;
  managed_sum<<<1, 1>>>(managed, 1);
  OK(cudaDeviceSynchronize());
  CHECK(managed_total == 1001);
  static int registered[512];
  OK(cudaHostRegister(registered, sizeof registered, cudaHostRegisterMapped));
  EXPECT(cudaHostRegister(registered, sizeof registered, 0), cudaErrorHostMemoryAlreadyRegistered);
  grid3d<<<dim3(2, 2, 2), dim3(4, 4, 4)>>>(registered);
  OK(cudaDeviceSynchronize());
  CHECK(registered[511] == 7 * 1000 + 63 && registered[70] == 1006);
  OK(cudaHostUnregister(registered));
  EXPECT(cudaHostUnregister(registered), cudaErrorHostMemoryNotRegistered);
  EXPECT(cudaFreeHost(devp + 1), cudaErrorInvalidValue);
  EXPECT(cudaFree(pinned), cudaErrorInvalidValue);
  OK(cudaFreeHost(pinned));
  OK(cudaFreeHost(mapped));
  EXPECT(cudaFreeHost(pinned), cudaErrorInvalidValue);
  OK(cudaFree(managed));

  // ---- streams, events, callbacks -----------------------------------------------
  cudaStream_t st1, st2, st3;
  OK(cudaStreamCreate(&st1));
  OK(cudaStreamCreateWithFlags(&st2, cudaStreamNonBlocking));
  OK(cudaStreamCreateWithPriority(&st3, cudaStreamDefault, 0));
  OK(cudaStreamGetFlags(st2, &flags));
  CHECK(flags == cudaStreamNonBlocking);
  int prio = 5;
  OK(cudaStreamGetPriority(st3, &prio));
  cudaEvent_t e1, e2, e3;
  OK(cudaEventCreate(&e1));
  OK(cudaEventCreateWithFlags(&e2, cudaEventDefault));
  OK(cudaEventCreateWithFlags(&e3, cudaEventDisableTiming));
  OK(cudaEventRecord(e1, st1));
  OK(cudaMemcpyAsync(a, h, sizeof h, cudaMemcpyHostToDevice, st1));
  OK(cudaMemsetAsync(c, 0, sizeof h, st2));
  add<<<8, 128, 0, st1>>>(a, a, c, N);
  OK(cudaMemcpy2DAsync(r, 400, c, 400, 400, 2, cudaMemcpyDeviceToHost, st1));
  OK(cudaEventRecordWithFlags(e2, st1, 0));
  OK(cudaStreamWaitEvent(st2, e2, 0));
  OK(cudaStreamSynchronize(st1));
  OK(cudaStreamQuery(st2));
  OK(cudaEventSynchronize(e2));
  OK(cudaEventQuery(e2));
  CHECK(r[150] == 300.0f);
  float ms = -1;
  OK(cudaEventElapsedTime(&ms, e1, e2));
  CHECK(ms >= 0.0f);
  EXPECT(cudaEventElapsedTime(&ms, e1, e3), cudaErrorInvalidResourceHandle);
  int calls = 0;
  OK(cudaStreamAddCallback(st1, callback, &calls, 0));
  OK(cudaLaunchHostFunc(st2, host_fn, &calls));
  CHECK(calls == 11);
  OK(cudaStreamAttachMemAsync(st1, a, 0, cudaMemAttachSingle));
  OK(cudaEventDestroy(e1));
  OK(cudaEventDestroy(e2));
  OK(cudaEventDestroy(e3));
  EXPECT(cudaEventDestroy(e3), cudaErrorInvalidResourceHandle);
  OK(cudaStreamDestroy(st1));
  OK(cudaStreamDestroy(st2));
  OK(cudaStreamDestroy(st3));
  EXPECT(cudaStreamSynchronize(st1), cudaErrorInvalidResourceHandle);
  EXPECT(cudaStreamDestroy(st1), cudaErrorInvalidResourceHandle);

  // ---- launches: cudaLaunchKernel, attributes, occupancy, bad shapes --------------
  int nn = N;
  void *args[] = {&a, &b, &c, &nn};
  OK(cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice));
  OK(cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice));
  OK(cudaLaunchKernel((const void *)add, dim3(8), dim3(128), args, 0, 0));
  OK(cudaMemcpy(r, c, sizeof r, cudaMemcpyDeviceToHost));
  CHECK(r[999] == 1998.0f);
  OK(cudaLaunchCooperativeKernel((const void *)add, dim3(8), dim3(128), args, 0, 0));
  EXPECT(cudaLaunchKernel((const void *)main, dim3(1), dim3(1), args, 0, 0),
         cudaErrorInvalidDeviceFunction);
  cudaFuncAttributes fa;
  OK(cudaFuncGetAttributes(&fa, add));
  CHECK(fa.numRegs > 0 && fa.numRegs < 64 && fa.maxThreadsPerBlock == 1024);
  CHECK(fa.binaryVersion == 52 && fa.sharedSizeBytes == 0);
  EXPECT(cudaFuncGetAttributes(&fa, (const void *)main), cudaErrorInvalidDeviceFunction);
  OK(cudaFuncSetCacheConfig(add, cudaFuncCachePreferL1));
  OK(cudaFuncSetSharedMemConfig(add, cudaSharedMemBankSizeDefault));
  OK(cudaFuncSetAttribute(add, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
  int blocks = 0;
  OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add, 128, 0));
  CHECK(blocks == 16);
  OK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, dyn_shared, 1024,
                                                            48 * 1024, 0));
  CHECK(blocks == 2);
  int min_grid = 0, best = 0;
  OK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &best, add, 0, 0));
  CHECK(best > 0 && best <= 1024 && min_grid >= 16);
  add<<<1, 2048>>>(a, b, c, N);
  EXPECT(cudaGetLastError(), cudaErrorInvalidConfiguration);
  dyn_shared<<<1, 32, 64 * 1024>>>(devp);
  EXPECT(cudaGetLastError(), cudaErrorInvalidConfiguration);
  add<<<dim3(1, 70000), 32>>>(a, b, c, N);
  EXPECT(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
  OK(cudaDeviceSynchronize());  // configuration errors are not sticky
  EXPECT(cudaGetLastError(), cudaErrorInvalidConfiguration);
  OK(cudaGetLastError());

  // ---- printf: printed at the next synchronisation point --------------------------
  say<<<2, 2>>>(7, 1.5f);
  printf("host before sync\n");
  OK(cudaDeviceSynchronize());
  printf("host after sync\n");

  // ---- not supported ------------------------------------------------------------
  cudaMipmappedArray_t arr;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  CHECK(desc.x == 32 && desc.f == cudaChannelFormatKindFloat);
  EXPECT(cudaMallocMipmappedArray(&arr, &desc, make_cudaExtent(16, 16, 0), 2, 0),
         cudaErrorNotSupported);
  OK(cudaGetLastError() == cudaErrorNotSupported ? cudaSuccess : cudaErrorUnknown);

  // ---- a fault: sticky until reset ----------------------------------------------
  fault<<<1, 32>>>((int *)0x10);
  cudaError_t fe = cudaDeviceSynchronize();
  CHECK(fe == cudaErrorIllegalAddress);
  if (fe != cudaErrorIllegalAddress) printf("fault: %s\n", cudaGetErrorName(fe));
  EXPECT(cudaMalloc((void **)&tmp, 64), fe);
  EXPECT(cudaMemcpy(r, c, 4, cudaMemcpyDeviceToHost), fe);
  CHECK(cudaGetLastError() == fe);
  CHECK(cudaGetLastError() == fe);
  OK(cudaGetDeviceCount(&n));
  OK(cudaDeviceReset());
  OK(cudaMalloc((void **)&tmp, 64));
  OK(cudaMemcpyToSymbol(scale, s, sizeof s));
  OK(cudaMemcpy(tmp, h, 64, cudaMemcpyHostToDevice));
  scale_by<<<1, 16>>>((float *)tmp, 16);
  OK(cudaMemcpy(r, tmp, 64, cudaMemcpyDeviceToHost));
  CHECK(r[3] == 15.0f);
  OK(cudaFree(tmp));
  OK(cudaThreadExit());

  printf("checks: %d, failed: %d\n", checks, failed);
  return failed ? 1 : 0;
}
