// Fast-mode stand-in for the CUDA runtime header (hand-written, not from the
// toolkit): what host code that launches kernels needs when a check input is
// parsed in clang's CUDA host mode with -nocudainc, as `// FLAGS:` asks.
#pragma once

// The real header brings in stdlib.h, which clang's CUDA wrapper of <new>
// needs.
#include <cstddef>
#include <cstdlib>

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1) : x(X), y(Y), z(Z) {}
};
extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;

typedef struct CUstream_st *cudaStream_t;
enum cudaError_t { cudaSuccess = 0 };
enum cudaMemcpyKind {
  cudaMemcpyHostToHost,
  cudaMemcpyHostToDevice,
  cudaMemcpyDeviceToHost,
  cudaMemcpyDeviceToDevice
};
extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                  cudaMemcpyKind kind);
extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                       size_t count, cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);
extern "C" cudaError_t cudaMemset(void *dst, int value, size_t count);
extern "C" cudaError_t cudaMalloc(void **ptr, size_t size);
extern "C" cudaError_t cudaSetDevice(int device);
extern "C" cudaError_t cudaGetLastError();
extern "C" cudaError_t cudaPeekAtLastError();
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
// The runtime's launch: the C function and the template the real header
// wraps it in.
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
template <class T>
static inline cudaError_t
cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
// What clang's `<<<...>>>` calls before a launch.
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block,
                                                size_t shared = 0,
                                                cudaStream_t stream = 0);
extern "C" cudaError_t cudaConfigureCall(dim3 grid, dim3 block,
                                         size_t shared = 0,
                                         cudaStream_t stream = 0);
