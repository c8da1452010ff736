// CUDA arrays and texture objects through gpumem's libcudart.so.11.0: channel
// descriptors, array allocation and copies (linear, 2-D, 3-D), texture objects over
// arrays, linear and pitch-2D memory read by kernels, and the error codes of bad inputs.
// Built by nvcc 11.8 with -cudart shared -arch=sm_52 and run by tests/it/textures.rs;
// prints one line per failed check and "checks: N, failed: M", exits 1 on a failure.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#include "check.h"

__global__ void read2d(cudaTextureObject_t t, float *out, int w, int h, float off) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(t, x + off, y + 0.5f);
}

__global__ void read2d_norm(cudaTextureObject_t t, float *out, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(t, (x + 1.0f) / w, (y + 0.5f) / h);
}

__global__ void fetch1d(cudaTextureObject_t t, float *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, i);
}

__global__ void read3d(cudaTextureObject_t t, float *out, int w, int h, int d) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  out[(z * h + y) * w + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, z + 0.5f);
}

__global__ void read_layered(cudaTextureObject_t t, float *out, int w, int h) {
  int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
  out[(l * h + y) * w + x] = tex2DLayered<float>(t, x + 0.5f, y + 0.5f, l);
}

__global__ void read_uchar4(cudaTextureObject_t t, float4 *out, int w) {
  int x = threadIdx.x;
  out[x] = tex2D<float4>(t, x + 0.5f, 0.5f);
}

static cudaTextureDesc desc_of(cudaTextureAddressMode m, cudaTextureFilterMode f,
                               cudaTextureReadMode r, int normalized) {
  cudaTextureDesc t;
  memset(&t, 0, sizeof t);
  t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = m;
  t.filterMode = f;
  t.readMode = r;
  t.normalizedCoords = normalized;
  return t;
}

int main() {
  const int W = 16, H = 8;
  float host[W * H], back[W * H];
  for (int i = 0; i < W * H; ++i) host[i] = (float)(i * 3 % 17);
  float *dout;
  OK(cudaMalloc(&dout, 4096 * sizeof(float)));

  // ---- channel descriptors and arrays -------------------------------------------
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t arr = NULL;
  OK(cudaMallocArray(&arr, &fd, W, H, 0));
  CHECK(arr != NULL);
  cudaChannelFormatDesc got;
  OK(cudaGetChannelDesc(&got, arr));
  CHECK(got.x == 32 && got.y == 0 && got.f == cudaChannelFormatKindFloat);
  cudaExtent ext;
  unsigned flags = 99;
  OK(cudaArrayGetInfo(NULL, &ext, &flags, arr));
  CHECK(ext.width == W && ext.height == H && ext.depth == 0 && flags == 0);
  OK(cudaMemcpy2DToArray(arr, 0, 0, host, W * sizeof(float), W * sizeof(float), H,
                         cudaMemcpyHostToDevice));
  memset(back, 0, sizeof back);
  OK(cudaMemcpy2DFromArray(back, W * sizeof(float), arr, 0, 0, W * sizeof(float), H,
                           cudaMemcpyDeviceToHost));
  CHECK(memcmp(host, back, sizeof host) == 0);
  // Linear copies run along rows: 5 floats from (column 14, row 1) wrap into row 2.
  float five[5] = {100, 101, 102, 103, 104}, five_back[5];
  OK(cudaMemcpyToArray(arr, 14 * sizeof(float), 1, five, sizeof five, cudaMemcpyHostToDevice));
  OK(cudaMemcpyFromArray(five_back, arr, 14 * sizeof(float), 1, sizeof five,
                         cudaMemcpyDeviceToHost));
  CHECK(memcmp(five, five_back, sizeof five) == 0);
  OK(cudaMemcpy2DFromArray(back, W * sizeof(float), arr, 0, 0, W * sizeof(float), H,
                           cudaMemcpyDeviceToHost));
  CHECK(back[W + 14] == 100 && back[W + 15] == 101 && back[2 * W] == 102 &&
        back[2 * W + 2] == 104 && back[2 * W + 3] == host[2 * W + 3]);
  OK(cudaMemcpy2DToArray(arr, 0, 0, host, W * sizeof(float), W * sizeof(float), H,
                         cudaMemcpyHostToDevice));

  // ---- a texture object over the array: point, unnormalized ---------------------
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td = desc_of(cudaAddressModeClamp, cudaFilterModePoint,
                               cudaReadModeElementType, 0);
  cudaTextureObject_t tex = 0;
  OK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
  CHECK(tex != 0);
  read2d<<<H, W>>>(tex, dout, W, H, 0.5f);
  OK(cudaGetLastError());
  OK(cudaMemcpy(back, dout, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(memcmp(host, back, sizeof host) == 0);
  // Linear filtering half way between texels (weight 1/2): the mean, exactly.
  cudaTextureDesc tl = desc_of(cudaAddressModeClamp, cudaFilterModeLinear,
                               cudaReadModeElementType, 0);
  cudaTextureObject_t lin = 0;
  OK(cudaCreateTextureObject(&lin, &rd, &tl, NULL));
  CHECK(lin != tex);
  read2d<<<H, W>>>(lin, dout, W, H, 1.0f);
  OK(cudaMemcpy(back, dout, sizeof back, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      float r = x + 1 < W ? (host[y * W + x] + host[y * W + x + 1]) / 2 : host[y * W + x];
      bad += back[y * W + x] != r;
    }
  CHECK(bad == 0);
  // Normalized coordinates with wrap: the last column mixes with the first.
  cudaTextureDesc tw = desc_of(cudaAddressModeWrap, cudaFilterModeLinear,
                               cudaReadModeElementType, 1);
  cudaTextureObject_t wrap = 0;
  OK(cudaCreateTextureObject(&wrap, &rd, &tw, NULL));
  read2d_norm<<<H, W>>>(wrap, dout, W, H);
  OK(cudaMemcpy(back, dout, sizeof back, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      bad += back[y * W + x] != (host[y * W + x] + host[y * W + (x + 1) % W]) / 2;
  CHECK(bad == 0);
  cudaResourceDesc rback;
  OK(cudaGetTextureObjectResourceDesc(&rback, tex));
  CHECK(rback.resType == cudaResourceTypeArray && rback.res.array.array == arr);

  // ---- linear memory: tex1Dfetch ------------------------------------------------
  float *dlin;
  OK(cudaMalloc(&dlin, 64 * sizeof(float)));
  OK(cudaMemcpy(dlin, host, 64 * sizeof(float), cudaMemcpyHostToDevice));
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = dlin;
  rd.res.linear.desc = fd;
  rd.res.linear.sizeInBytes = 64 * sizeof(float);
  cudaTextureObject_t buf = 0;
  OK(cudaCreateTextureObject(&buf, &rd, &td, NULL));
  fetch1d<<<1, 80>>>(buf, dout, 80);
  OK(cudaMemcpy(back, dout, 80 * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(memcmp(host, back, 64 * sizeof(float)) == 0);
  CHECK(back[64] == 0 && back[79] == 0);  // past the end: 0
  OK(cudaGetTextureObjectResourceDesc(&rback, buf));
  CHECK(rback.resType == cudaResourceTypeLinear && rback.res.linear.devPtr == dlin &&
        rback.res.linear.sizeInBytes == 256 && rback.res.linear.desc.x == 32);

  // ---- pitch-2D memory ----------------------------------------------------------
  float *dp;
  size_t pitch;
  OK(cudaMallocPitch(&dp, &pitch, W * sizeof(float), H));
  OK(cudaMemcpy2D(dp, pitch, host, W * sizeof(float), W * sizeof(float), H,
                  cudaMemcpyHostToDevice));
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = dp;
  rd.res.pitch2D.desc = fd;
  rd.res.pitch2D.width = W;
  rd.res.pitch2D.height = H;
  rd.res.pitch2D.pitchInBytes = pitch;
  cudaTextureObject_t pt = 0;
  OK(cudaCreateTextureObject(&pt, &rd, &td, NULL));
  read2d<<<H, W>>>(pt, dout, W, H, 0.5f);
  OK(cudaMemcpy(back, dout, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(memcmp(host, back, sizeof host) == 0);

  // ---- 3-D and layered arrays, cudaMemcpy3D ---------------------------------------
  const int X = 8, Y = 4, Z = 3;
  float vol[X * Y * Z], vback[X * Y * Z];
  for (int i = 0; i < X * Y * Z; ++i) vol[i] = (float)(i * 7 % 23) - 5;
  for (int layered = 0; layered < 2; ++layered) {
    cudaArray_t a3;
    OK(cudaMalloc3DArray(&a3, &fd, make_cudaExtent(X, Y, Z), layered ? cudaArrayLayered : 0));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(vol, X * sizeof(float), X, Y);
    p.dstArray = a3;
    p.extent = make_cudaExtent(X, Y, Z);
    p.kind = cudaMemcpyHostToDevice;
    OK(cudaMemcpy3D(&p));
    memset(&p, 0, sizeof p);
    memset(vback, 0, sizeof vback);
    p.srcArray = a3;
    p.dstPtr = make_cudaPitchedPtr(vback, X * sizeof(float), X, Y);
    p.extent = make_cudaExtent(X, Y, Z);
    p.kind = cudaMemcpyDeviceToHost;
    OK(cudaMemcpy3D(&p));
    CHECK(memcmp(vol, vback, sizeof vol) == 0);
    // A box past the array.
    p.srcPos = make_cudaPos(1, 0, 0);
    EXPECT(cudaMemcpy3D(&p), cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a3;
    cudaTextureObject_t t3;
    OK(cudaCreateTextureObject(&t3, &rd, &td, NULL));
    if (layered)
      read_layered<<<Z, dim3(X, Y)>>>(t3, dout, X, Y);
    else
      read3d<<<Z, dim3(X, Y)>>>(t3, dout, X, Y, Z);
    OK(cudaGetLastError());
    OK(cudaMemcpy(vback, dout, sizeof vback, cudaMemcpyDeviceToHost));
    CHECK(memcmp(vol, vback, sizeof vol) == 0);
    OK(cudaDestroyTextureObject(t3));
    OK(cudaFreeArray(a3));
  }

  // ---- uchar4 read as normalized floats -------------------------------------------
  cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a4;
  OK(cudaMallocArray(&a4, &c4, 4, 1, 0));
  unsigned char px[16] = {0, 255, 51, 102, 1, 2, 3, 4, 128, 127, 200, 10, 9, 8, 7, 6};
  OK(cudaMemcpy2DToArray(a4, 0, 0, px, 16, 16, 1, cudaMemcpyHostToDevice));
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a4;
  cudaTextureDesc tn = desc_of(cudaAddressModeClamp, cudaFilterModePoint,
                               cudaReadModeNormalizedFloat, 0);
  cudaTextureObject_t t4;
  OK(cudaCreateTextureObject(&t4, &rd, &tn, NULL));
  read_uchar4<<<1, 4>>>(t4, (float4 *)dout, 4);
  OK(cudaMemcpy(back, dout, 16 * sizeof(float), cudaMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < 16; ++i) bad += back[i] != px[i] / 255.0f;
  CHECK(bad == 0);

  // ---- bad inputs -------------------------------------------------------------------
  cudaArray_t none;
  EXPECT(cudaMallocArray(&none, NULL, 4, 4, 0), cudaErrorInvalidValue);
  EXPECT(cudaMallocArray(NULL, &fd, 4, 4, 0), cudaErrorInvalidValue);
  cudaChannelFormatDesc three = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
  EXPECT(cudaMallocArray(&none, &three, 4, 4, 0), cudaErrorInvalidChannelDescriptor);
  cudaChannelFormatDesc f8 = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
  EXPECT(cudaMallocArray(&none, &f8, 4, 4, 0), cudaErrorInvalidChannelDescriptor);
  EXPECT(cudaMallocArray(&none, &fd, 0, 4, 0), cudaErrorInvalidValue);
  EXPECT(cudaMallocArray(&none, &fd, 4, 4, cudaArrayCubemap), cudaErrorInvalidValue);
  EXPECT(cudaMalloc3DArray(&none, &fd, make_cudaExtent(1 << 20, 4, 4), 0), cudaErrorInvalidValue);
  EXPECT(cudaMemcpyToArray(arr, 0, H, host, 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT(cudaMemcpy2DToArray(arr, 4, 0, host, W * 4, W * 4, 1, cudaMemcpyHostToDevice),
         cudaErrorInvalidValue);
  EXPECT(cudaMemcpy3D(NULL), cudaErrorInvalidValue);
  EXPECT(cudaCreateTextureObject(&tex, NULL, &td, NULL), cudaErrorInvalidValue);
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  EXPECT(cudaCreateTextureObject(&tex, &rd, NULL, NULL), cudaErrorInvalidValue);
  EXPECT(cudaCreateTextureObject(NULL, &rd, &td, NULL), cudaErrorInvalidValue);
  // Integers read as integers cannot be filtered; 32-bit integers not normalized.
  cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
  cudaArray_t ai;
  OK(cudaMallocArray(&ai, &ci, 4, 4, 0));
  rd.res.array.array = ai;
  EXPECT(cudaCreateTextureObject(&tex, &rd, &tl, NULL), cudaErrorInvalidValue);
  EXPECT(cudaCreateTextureObject(&tex, &rd, &tn, NULL), cudaErrorInvalidValue);
  OK(cudaFreeArray(ai));
  EXPECT(cudaFreeArray(ai), cudaErrorInvalidValue);
  EXPECT(cudaGetChannelDesc(&got, ai), cudaErrorInvalidResourceHandle);
  rd.res.array.array = ai;  // freed
  EXPECT(cudaCreateTextureObject(&tex, &rd, &td, NULL), cudaErrorInvalidResourceHandle);
  rd.resType = (cudaResourceType)9;
  EXPECT(cudaCreateTextureObject(&tex, &rd, &td, NULL), cudaErrorInvalidValue);
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = dp;
  rd.res.pitch2D.desc = fd;
  rd.res.pitch2D.width = W;
  rd.res.pitch2D.height = H;
  rd.res.pitch2D.pitchInBytes = 36;  // not a multiple of 32
  EXPECT(cudaCreateTextureObject(&tex, &rd, &td, NULL), cudaErrorInvalidValue);
  OK(cudaDestroyTextureObject(buf));
  EXPECT(cudaDestroyTextureObject(buf), cudaErrorInvalidValue);
  EXPECT(cudaGetTextureObjectResourceDesc(&rback, buf), cudaErrorInvalidValue);
  EXPECT(cudaDestroyTextureObject(0x12345), cudaErrorInvalidValue);
  OK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);

  OK(cudaDestroyTextureObject(tex));
  OK(cudaDestroyTextureObject(lin));
  OK(cudaDestroyTextureObject(wrap));
  OK(cudaDestroyTextureObject(pt));
  OK(cudaDestroyTextureObject(t4));
  OK(cudaFreeArray(arr));
  OK(cudaFreeArray(a4));
  OK(cudaFree(dout));
  OK(cudaFree(dlin));
  OK(cudaFree(dp));
  printf("checks: %d, failed: %d\n", checks, failed);
  return failed ? 1 : 0;
}
