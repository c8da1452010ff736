// The checks every test program of tests/data/ counts: CHECK(cond), EXPECT(call, code)
// (a CUDA call's error code) and OK(call); a failed one prints its line, and the program
// ends with "checks: N, failed: M" (tests/it/main.rs reads it).
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

static int checks = 0, failed = 0;

#define CHECK(cond)                                                                 \
  do {                                                                              \
    ++checks;                                                                       \
    if (!(cond)) {                                                                  \
      ++failed;                                                                     \
      printf("FAILED line %d: %s\n", __LINE__, #cond);                              \
    }                                                                               \
  } while (0)

#define EXPECT(call, code)                                                          \
  do {                                                                              \
    cudaError_t e_ = (call);                                                        \
    ++checks;                                                                       \
    if (e_ != (code)) {                                                             \
      ++failed;                                                                     \
      printf("FAILED line %d: %s returned %d (%s), expected %d\n", __LINE__, #call, \
             (int)e_, cudaGetErrorName(e_), (int)(code));                           \
    }                                                                               \
  } while (0)

#define OK(call) EXPECT(call, cudaSuccess)
