// Fast-mode stand-in (hand-written) for PyTorch 2.x's c10/cuda/CUDAException.h
// (see c10/cuda/CUDAStream.h): the error-check macros expand to the same
// shape of code as the real ones, a read of the error passed to a function
// that throws when it is not cudaSuccess.
#pragma once
#pragma GCC system_header

#include <cstdint>
#include <cuda_runtime.h>

namespace c10::cuda {
void c10_cuda_check_implementation(const int32_t err, const char *filename,
                                   const char *function_name,
                                   const uint32_t line_number,
                                   const bool include_device_assertions);
} // namespace c10::cuda

#define C10_CUDA_CHECK(EXPR)                                                   \
  do {                                                                         \
    const cudaError_t __err = EXPR;                                            \
    c10::cuda::c10_cuda_check_implementation(                                  \
        static_cast<int32_t>(__err), __FILE__, __func__,                       \
        static_cast<uint32_t>(__LINE__), true);                                \
  } while (0)

#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
