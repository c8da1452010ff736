// Surface objects and cube maps through gpumem's libcudart.so.11.0: surf1D/2D/3D/layered
// and cube-map reads and writes of 8, 16, 32 and 128 bits (SULD.D/SUST.D as ptxas 11.8
// emits them for sm_52), the boundary modes (clamp, zero; trap last: it ends the
// context), texCubemap face selection, and the error codes of bad inputs. Built by nvcc
// 11.8 with -cudart shared -arch=sm_52 and run by tests/it/surfaces.rs; prints one line per
// failed check and "checks: N, failed: M", exits 1 on a failure.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#include "check.h"

// out[y][x] = 2 * s[y][x] + 1, written back to the surface (read and write, trap mode)
__global__ void twice_plus_one(cudaSurfaceObject_t s, float *out, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float v = surf2Dread<float>(s, x * 4, y);
  out[y * w + x] = v;
  surf2Dwrite(2 * v + 1, s, x * 4, y);
}

// clamp: a write at x = w + 3 lands on the last texel, y = -2 on row 0
__global__ void write_clamped(cudaSurfaceObject_t s, int w) {
  surf2Dwrite(-7.0f, s, (w + 3) * 4, 1, cudaBoundaryModeClamp);
  surf2Dwrite(-8.0f, s, 0, -2, cudaBoundaryModeClamp);
}

// zero: reads outside return 0, writes outside are dropped
__global__ void zero_mode(cudaSurfaceObject_t s, float *out, int w, int h) {
  out[0] = surf2Dread<float>(s, w * 4, 0, cudaBoundaryModeZero);
  out[1] = surf2Dread<float>(s, 0, h, cudaBoundaryModeZero);
  out[2] = surf2Dread<float>(s, -4, 0, cudaBoundaryModeZero);
  out[3] = surf2Dread<float>(s, 4, 1, cudaBoundaryModeZero);
  surf2Dwrite(99.0f, s, w * 4, 0, cudaBoundaryModeZero);
  out[4] = surf2Dread<float>(s, (w - 1) * 4, 0, cudaBoundaryModeClamp);
  out[5] = surf2Dread<float>(s, (w + 40) * 4, 1, cudaBoundaryModeClamp);
}

__global__ void trap(cudaSurfaceObject_t s, int w) { surf2Dwrite(1.0f, s, w * 4, 0); }

// 1-D uchar4 (32 bits), uchar (U8) and short (S16) surfaces
__global__ void bytes(cudaSurfaceObject_t s4, cudaSurfaceObject_t s1, cudaSurfaceObject_t s16,
                      int *out) {
  int x = threadIdx.x;
  uchar4 v = surf1Dread<uchar4>(s4, x * 4);
  surf1Dwrite(make_uchar4(v.w, v.z, v.y, v.x), s4, x * 4);
  unsigned char b = surf1Dread<unsigned char>(s1, x);
  surf1Dwrite((unsigned char)(b + 1), s1, x);
  short h = surf1Dread<short>(s16, x * 2);
  out[x] = h;  // sign-extended
  surf1Dwrite((short)(h - 1), s16, x * 2);
}

// float4 (128 bits) 2-D, 3-D and layered surfaces
__global__ void wide(cudaSurfaceObject_t s, cudaSurfaceObject_t s3, cudaSurfaceObject_t sl,
                     float *out) {
  int x = threadIdx.x, y = threadIdx.y;
  float4 v = surf2Dread<float4>(s, x * 16, y);
  surf2Dwrite(make_float4(v.y, v.x, v.w, v.z), s, x * 16, y);
  out[y * 4 + x] = surf3Dread<float>(s3, x * 4, y, 1);
  surf3Dwrite(10.0f * x + y, s3, x * 4, y, 2);
  out[16 + y * 4 + x] = surf2DLayeredread<float>(sl, x * 4, y, 2);
  surf2DLayeredwrite(100.0f + x, sl, x * 4, y, 1);
}

// cube-map surface: face f, texel (x, y) gets 100 f + 10 y + x
__global__ void cube_write(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = threadIdx.y, f = blockIdx.x;
  surfCubemapwrite(100.0f * f + 10 * y + x, s, x * 4, y, f);
}

// texCubemap at direction (x, y, z) for each thread
__global__ void cube_read(cudaTextureObject_t t, const float4 *dirs, float *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = texCubemap<float>(t, dirs[i].x, dirs[i].y, dirs[i].z);
}

int main() {
  const int W = 8, H = 4;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  float host[H][W], back[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) host[y][x] = y * 10 + x;
  float *dout;
  OK(cudaMalloc(&dout, 4096));

  // ---- 2-D float surface: read, write, trap mode inside -------------------------------
  cudaArray_t arr;
  OK(cudaMallocArray(&arr, &fd, W, H, cudaArraySurfaceLoadStore));
  unsigned flags = 0;
  cudaExtent ext;
  OK(cudaArrayGetInfo(NULL, &ext, &flags, arr));
  CHECK(flags == cudaArraySurfaceLoadStore);
  OK(cudaMemcpy2DToArray(arr, 0, 0, host, W * 4, W * 4, H, cudaMemcpyHostToDevice));
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaSurfaceObject_t s = 0;
  OK(cudaCreateSurfaceObject(&s, &rd));
  CHECK(s != 0);
  cudaResourceDesc rback;
  OK(cudaGetSurfaceObjectResourceDesc(&rback, s));
  CHECK(rback.resType == cudaResourceTypeArray && rback.res.array.array == arr);
  twice_plus_one<<<H, W>>>(s, dout, W);
  OK(cudaDeviceSynchronize());
  float seen[H * W];
  OK(cudaMemcpy(seen, dout, sizeof seen, cudaMemcpyDeviceToHost));
  CHECK(memcmp(seen, host, sizeof seen) == 0);
  OK(cudaMemcpy2DFromArray(back, W * 4, arr, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) bad += back[y][x] != 2 * host[y][x] + 1;
  CHECK(bad == 0);

  // ---- clamp and zero -----------------------------------------------------------------
  write_clamped<<<1, 1>>>(s, W);
  zero_mode<<<1, 1>>>(s, dout, W, H);
  OK(cudaDeviceSynchronize());
  OK(cudaMemcpy2DFromArray(back, W * 4, arr, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
  CHECK(back[1][W - 1] == -7.0f && back[0][0] == -8.0f);
  CHECK(back[1][W - 2] == 2 * host[1][W - 2] + 1 && back[0][1] == 2 * host[0][1] + 1);
  float z[6];
  OK(cudaMemcpy(z, dout, sizeof z, cudaMemcpyDeviceToHost));
  CHECK(z[0] == 0 && z[1] == 0 && z[2] == 0);
  CHECK(z[3] == 2 * host[1][1] + 1);
  CHECK(z[4] == 2 * host[0][W - 1] + 1);  // the zero-mode write was dropped
  CHECK(z[5] == -7.0f);                   // clamped read of row 1's last texel

  // ---- 1-D 8/16/32-bit surfaces -------------------------------------------------------
  const int N = 16;
  cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
  cudaChannelFormatDesc c1 = cudaCreateChannelDesc<unsigned char>();
  cudaChannelFormatDesc c16 = cudaCreateChannelDesc<short>();
  cudaArray_t a4, a1, a16;
  OK(cudaMallocArray(&a4, &c4, N, 0, cudaArraySurfaceLoadStore));
  OK(cudaMallocArray(&a1, &c1, N, 0, cudaArraySurfaceLoadStore));
  OK(cudaMallocArray(&a16, &c16, N, 0, cudaArraySurfaceLoadStore));
  unsigned char px[N][4], b1[N];
  short h16[N];
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < 4; c++) px[i][c] = i * 4 + c;
    b1[i] = 250 + i;  // wraps past 255
    h16[i] = -1000 + 100 * i;
  }
  OK(cudaMemcpyToArray(a4, 0, 0, px, sizeof px, cudaMemcpyHostToDevice));
  OK(cudaMemcpyToArray(a1, 0, 0, b1, sizeof b1, cudaMemcpyHostToDevice));
  OK(cudaMemcpyToArray(a16, 0, 0, h16, sizeof h16, cudaMemcpyHostToDevice));
  cudaSurfaceObject_t s4, s1, s16;
  rd.res.array.array = a4;
  OK(cudaCreateSurfaceObject(&s4, &rd));
  rd.res.array.array = a1;
  OK(cudaCreateSurfaceObject(&s1, &rd));
  rd.res.array.array = a16;
  OK(cudaCreateSurfaceObject(&s16, &rd));
  bytes<<<1, N>>>(s4, s1, s16, (int *)dout);
  OK(cudaDeviceSynchronize());
  unsigned char px2[N][4], b2[N];
  short h2[N];
  int ext16[N];
  OK(cudaMemcpyFromArray(px2, a4, 0, 0, sizeof px2, cudaMemcpyDeviceToHost));
  OK(cudaMemcpyFromArray(b2, a1, 0, 0, sizeof b2, cudaMemcpyDeviceToHost));
  OK(cudaMemcpyFromArray(h2, a16, 0, 0, sizeof h2, cudaMemcpyDeviceToHost));
  OK(cudaMemcpy(ext16, dout, sizeof ext16, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < 4; c++) bad += px2[i][c] != px[i][3 - c];
    bad += b2[i] != (unsigned char)(b1[i] + 1);
    bad += h2[i] != h16[i] - 1;
    bad += ext16[i] != h16[i];
  }
  CHECK(bad == 0);

  // ---- float4 2-D, 3-D and layered surfaces -------------------------------------------
  cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
  cudaArray_t w4, v3, l3;
  OK(cudaMallocArray(&w4, &f4, 4, 4, cudaArraySurfaceLoadStore));
  OK(cudaMalloc3DArray(&v3, &fd, make_cudaExtent(4, 4, 3), cudaArraySurfaceLoadStore));
  OK(cudaMalloc3DArray(&l3, &fd, make_cudaExtent(4, 4, 3),
                       cudaArrayLayered | cudaArraySurfaceLoadStore));
  float q[4][4][4], vol[3][4][4];
  for (int i = 0; i < 64; i++) (&q[0][0][0])[i] = i;
  for (int i = 0; i < 48; i++) (&vol[0][0][0])[i] = 1000 + i;
  OK(cudaMemcpy2DToArray(w4, 0, 0, q, 64, 64, 4, cudaMemcpyHostToDevice));
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(vol, 16, 4, 4);
  p.extent = make_cudaExtent(4, 4, 3);
  p.kind = cudaMemcpyHostToDevice;
  p.dstArray = v3;
  OK(cudaMemcpy3D(&p));
  p.dstArray = l3;
  OK(cudaMemcpy3D(&p));
  cudaSurfaceObject_t sw, s3, sl;
  rd.res.array.array = w4;
  OK(cudaCreateSurfaceObject(&sw, &rd));
  rd.res.array.array = v3;
  OK(cudaCreateSurfaceObject(&s3, &rd));
  rd.res.array.array = l3;
  OK(cudaCreateSurfaceObject(&sl, &rd));
  wide<<<1, dim3(4, 4)>>>(sw, s3, sl, dout);
  OK(cudaDeviceSynchronize());
  float q2[4][4][4], r[32], v2[3][4][4], lb[3][4][4];
  OK(cudaMemcpy2DFromArray(q2, 64, w4, 0, 0, 64, 4, cudaMemcpyDeviceToHost));
  OK(cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost));
  p.srcPtr = make_cudaPitchedPtr(NULL, 0, 0, 0);
  p.dstArray = NULL;
  p.kind = cudaMemcpyDeviceToHost;
  p.srcArray = v3;
  p.dstPtr = make_cudaPitchedPtr(v2, 16, 4, 4);
  OK(cudaMemcpy3D(&p));
  p.srcArray = l3;
  p.dstPtr = make_cudaPitchedPtr(lb, 16, 4, 4);
  OK(cudaMemcpy3D(&p));
  bad = 0;
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 4; x++) {
      const int sw4[4] = {1, 0, 3, 2};
      for (int c = 0; c < 4; c++) bad += q2[y][x][c] != q[y][x][sw4[c]];
      bad += r[y * 4 + x] != vol[1][y][x];
      bad += r[16 + y * 4 + x] != vol[2][y][x];
      bad += v2[2][y][x] != 10.0f * x + y || v2[1][y][x] != vol[1][y][x];
      bad += lb[1][y][x] != 100.0f + x || lb[2][y][x] != vol[2][y][x];
    }
  CHECK(bad == 0);

  // ---- cube map: written through a surface, read through texCubemap ------------------
  const int C = 4;
  cudaArray_t cube;
  OK(cudaMalloc3DArray(&cube, &fd, make_cudaExtent(C, C, 6),
                       cudaArrayCubemap | cudaArraySurfaceLoadStore));
  OK(cudaArrayGetInfo(NULL, &ext, &flags, cube));
  CHECK(flags == (cudaArrayCubemap | cudaArraySurfaceLoadStore) && ext.depth == 6);
  cudaSurfaceObject_t sc;
  rd.res.array.array = cube;
  OK(cudaCreateSurfaceObject(&sc, &rd));
  cube_write<<<6, dim3(C, C)>>>(sc);
  OK(cudaDeviceSynchronize());
  float faces[6][C][C];
  memset(&p, 0, sizeof p);
  p.srcArray = cube;
  p.dstPtr = make_cudaPitchedPtr(faces, C * 4, C, C);
  p.extent = make_cudaExtent(C, C, 6);
  p.kind = cudaMemcpyDeviceToHost;
  OK(cudaMemcpy3D(&p));
  bad = 0;
  for (int f = 0; f < 6; f++)
    for (int y = 0; y < C; y++)
      for (int x = 0; x < C; x++) bad += faces[f][y][x] != 100.0f * f + 10 * y + x;
  CHECK(bad == 0);
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.filterMode = cudaFilterModePoint;
  td.normalizedCoords = 1;
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  cudaTextureObject_t tc;
  OK(cudaCreateTextureObject(&tc, &rd, &td, NULL));
  // (direction, expected): the major axis picks the face; s, t per the programming guide
  // (+x: s = -z, t = -y; -x: z, -y; +y: x, z; -y: x, -z; +z: x, -y; -z: -x, -y), then
  // (s / |ma| + 1) / 2 * 4 texels. 0.6 / 1 -> texel 3, -0.6 -> 0, 0.1 -> 2, -0.1 -> 1.
  const float dirs[][4] = {
      {1, -0.6f, -0.1f, 0 * 100 + 10 * 3 + 2},   // +x: s = 0.1, t = 0.6
      {-2, 1.2f, 0.2f, 1 * 100 + 10 * 0 + 2},    // -x: s = 0.1, t = -0.6
      {-0.6f, 3, 0.3f, 2 * 100 + 10 * 2 + 1},    // +y: s = -0.2, t = 0.1
      {0.1f, -1, 0.6f, 3 * 100 + 10 * 0 + 2},    // -y: s = 0.1, t = -0.6
      {0.6f, 0.1f, 1, 4 * 100 + 10 * 1 + 3},     // +z: s = 0.6, t = -0.1
      {0.6f, -0.6f, -5, 5 * 100 + 10 * 2 + 1},   // -z: s = -0.12, t = 0.12
      {0, 0, 1, 4 * 100 + 10 * 2 + 2},           // +z centre: s = t = 0.5 -> texel 2
  };
  const int ND = sizeof dirs / sizeof dirs[0];
  float4 hd[ND];
  for (int i = 0; i < ND; i++) hd[i] = make_float4(dirs[i][0], dirs[i][1], dirs[i][2], 0);
  float4 *dd;
  OK(cudaMalloc(&dd, sizeof hd));
  OK(cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice));
  cube_read<<<1, 32>>>(tc, dd, dout, ND);
  OK(cudaDeviceSynchronize());
  float got[ND];
  OK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
  for (int i = 0; i < ND; i++) {
    CHECK(got[i] == dirs[i][3]);
    if (got[i] != dirs[i][3]) printf("  direction %d: got %g, expected %g\n", i, got[i], dirs[i][3]);
  }

  // ---- bad inputs ---------------------------------------------------------------------
  cudaArray_t plain, none;
  OK(cudaMallocArray(&plain, &fd, 4, 4, 0));
  rd.res.array.array = plain;
  cudaSurfaceObject_t sbad;
  EXPECT(cudaCreateSurfaceObject(&sbad, &rd), cudaErrorInvalidValue);  // no LoadStore flag
  EXPECT(cudaCreateSurfaceObject(NULL, &rd), cudaErrorInvalidValue);
  EXPECT(cudaCreateSurfaceObject(&sbad, NULL), cudaErrorInvalidValue);
  cudaResourceDesc lin;
  memset(&lin, 0, sizeof lin);
  lin.resType = cudaResourceTypeLinear;
  lin.res.linear.devPtr = dout;
  lin.res.linear.desc = fd;
  lin.res.linear.sizeInBytes = 256;
  EXPECT(cudaCreateSurfaceObject(&sbad, &lin), cudaErrorInvalidValue);
  EXPECT(cudaMalloc3DArray(&none, &fd, make_cudaExtent(4, 5, 6), cudaArrayCubemap),
         cudaErrorInvalidValue);  // faces not square
  EXPECT(cudaMalloc3DArray(&none, &fd, make_cudaExtent(4, 4, 5), cudaArrayCubemap),
         cudaErrorInvalidValue);  // not 6 faces
  EXPECT(cudaDestroySurfaceObject(tc), cudaErrorInvalidValue);  // a texture object
  EXPECT(cudaDestroyTextureObject(sc), cudaErrorInvalidValue);  // a surface object
  OK(cudaDestroySurfaceObject(s1));
  EXPECT(cudaDestroySurfaceObject(s1), cudaErrorInvalidValue);
  EXPECT(cudaGetSurfaceObjectResourceDesc(&rback, s1), cudaErrorInvalidValue);
  OK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
  OK(cudaFreeArray(plain));

  // ---- trap: out of range ends the launch (and the context) --------------------------
  trap<<<1, 1>>>(s, W);
  EXPECT(cudaDeviceSynchronize(), cudaErrorLaunchFailure);

  printf("checks: %d, failed: %d\n", checks, failed);
  return failed ? 1 : 0;
}
