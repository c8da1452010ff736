// Texture references (texture<T, dim, mode>) through gpumem's libcudart.so.11.0: bound
// to an array (cudaBindTextureToArray), linear memory (cudaBindTexture, tex1Dfetch) and
// pitched memory (cudaBindTexture2D, normalized-float reads), rebound and unbound, and
// the error codes of bad inputs. ptxas 11.8 (sm_52) reads a reference's handle from the
// parameter bank (R_CUDA_TEX_HEADER_INDEX). Built by nvcc 11.8 with -cudart shared
// -arch=sm_52 and run by tests/it/texrefs.rs; prints one line per failed check and
// "checks: N, failed: M", exits 1 on a failure.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#include "check.h"

texture<float, 2, cudaReadModeElementType> img;
texture<float, 1, cudaReadModeElementType> buf;
texture<uchar4, 2, cudaReadModeNormalizedFloat> rgba;

__global__ void read_all(float *out, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * w + x] = tex2D(img, x + 0.5f, y + 0.5f) + 1000.0f * tex1Dfetch(buf, y * w + x);
}

__global__ void read_rgba(float4 *out, int w) {
  int x = threadIdx.x;
  out[x] = tex2D(rgba, x + 0.5f, 1.5f);
}

int main() {
  const int W = 8, H = 4;
  float host[H][W], lin[H * W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      host[y][x] = y * 10 + x;
      lin[y * W + x] = (y * W + x) % 7;
    }
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t arr, arr2;
  OK(cudaMallocArray(&arr, &fd, W, H, 0));
  OK(cudaMallocArray(&arr2, &fd, W, H, 0));
  OK(cudaMemcpy2DToArray(arr, 0, 0, host, W * 4, W * 4, H, cudaMemcpyHostToDevice));
  float *dlin, *dout;
  OK(cudaMalloc(&dlin, sizeof lin));
  OK(cudaMalloc(&dout, 4096));
  OK(cudaMemcpy(dlin, lin, sizeof lin, cudaMemcpyHostToDevice));

  img.filterMode = cudaFilterModePoint;
  img.normalized = 0;
  OK(cudaBindTextureToArray(img, arr));
  size_t off = 99;
  OK(cudaBindTexture(&off, buf, dlin, sizeof lin));
  CHECK(off == 0);
  read_all<<<H, W>>>(dout, W, H);
  OK(cudaDeviceSynchronize());
  float got[H * W];
  OK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < H * W; i++) bad += got[i] != (&host[0][0])[i] + 1000.0f * lin[i];
  CHECK(bad == 0);

  // rebinding to another array changes what the next launch reads
  float other[H][W];
  for (int i = 0; i < H * W; i++) (&other[0][0])[i] = -i;
  OK(cudaMemcpy2DToArray(arr2, 0, 0, other, W * 4, W * 4, H, cudaMemcpyHostToDevice));
  OK(cudaBindTextureToArray(img, arr2));
  read_all<<<H, W>>>(dout, W, H);
  OK(cudaDeviceSynchronize());
  OK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < H * W; i++) bad += got[i] != -i + 1000.0f * lin[i];
  CHECK(bad == 0);

  // pitched uchar4 read as normalized floats, linear filter half-way between x texels
  uchar4 *dp;
  size_t pitch;
  OK(cudaMallocPitch((void **)&dp, &pitch, 16 * 4, 3));
  uchar4 rows[3][16];
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 16; x++) rows[y][x] = make_uchar4(x * 16, y * 100, 255, 0);
  OK(cudaMemcpy2D(dp, pitch, rows, 16 * 4, 16 * 4, 3, cudaMemcpyHostToDevice));
  cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
  OK(cudaBindTexture2D(NULL, rgba, dp, c4, 16, 3, pitch));
  read_rgba<<<1, 16>>>((float4 *)dout, 16);
  OK(cudaDeviceSynchronize());
  float4 px[16];
  OK(cudaMemcpy(px, dout, sizeof px, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int x = 0; x < 16; x++)
    bad += px[x].x != x * 16 / 255.0f || px[x].y != 100 / 255.0f || px[x].z != 1.0f ||
           px[x].w != 0.0f;
  CHECK(bad == 0);
  if (bad) printf("  rgba[3] = %g %g %g %g\n", px[3].x, px[3].y, px[3].z, px[3].w);

  // references and errors
  const textureReference *ref = NULL;
  OK(cudaGetTextureReference(&ref, &img));
  CHECK(ref == &img);
  int not_a_texture = 0;
  EXPECT(cudaGetTextureReference(&ref, &not_a_texture), cudaErrorInvalidTexture);
  textureReference fake;
  memset(&fake, 0, sizeof fake);
  EXPECT(cudaBindTextureToArray(&fake, arr, &fd), cudaErrorInvalidTexture);
  EXPECT(cudaUnbindTexture(&fake), cudaErrorInvalidTexture);
  img.filterMode = (cudaTextureFilterMode)7;
  EXPECT(cudaBindTextureToArray(img, arr), cudaErrorInvalidValue);
  img.filterMode = cudaFilterModePoint;
  cudaChannelFormatDesc three = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
  EXPECT(cudaBindTexture(NULL, &buf, dlin, &three, sizeof lin), cudaErrorInvalidChannelDescriptor);
  OK(cudaGetLastError() == cudaErrorInvalidChannelDescriptor ? cudaSuccess : cudaErrorUnknown);
  OK(cudaUnbindTexture(img));
  OK(cudaUnbindTexture(img));  // unbinding an unbound reference is no error
  OK(cudaUnbindTexture(buf));
  OK(cudaUnbindTexture(rgba));
  OK(cudaFreeArray(arr));
  OK(cudaFreeArray(arr2));
  OK(cudaFree(dlin));
  OK(cudaFree(dout));
  OK(cudaFree(dp));
  printf("checks: %d, failed: %d\n", checks, failed);
  return failed ? 1 : 0;
}
