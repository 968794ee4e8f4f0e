// Fast-mode stand-in (hand-written) for PyTorch 2.x's ATen/cuda/CUDAContext.h
// (see c10/cuda/CUDAStream.h): the streams, and the error checks the real
// header brings in through ATen/cuda/Exceptions.h. `at::cuda::` names
// `c10::cuda::` through c10/macros/Macros.h's `namespace at { using
// namespace c10; }`.
#pragma once
#pragma GCC system_header

#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>
#include <c10/macros/Macros.h>
#include <cuda_runtime.h>

#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
