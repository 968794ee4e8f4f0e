// The five ops of scale_ops, written as PyTorch's own CUDA kernels are: the
// input checked, a device guard for its GPU, the output made where the input
// is, the kernel queued on PyTorch's current stream, the launch checked.
// Each op leaves out one of those: the seeded bugs, marked BUG(<check>).
#include "scale_ops.h"

#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

namespace scale_ops {
namespace {

constexpr int kThreads = 256;

int blocksFor(int64_t n) {
  return static_cast<int>((n + kThreads - 1) / kThreads);
}

__global__ void scale_kernel(const float *in, float *out, float factor,
                             int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = in[i] * factor;
}

__global__ void shift_kernel(const float *in, float *out, float offset,
                             int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = in[i] + offset;
}

__global__ void clamp_kernel(const float *in, float *out, float lo, float hi,
                             int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = fminf(fmaxf(in[i], lo), hi);
}

__global__ void square_kernel(const float *in, float *out, int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = in[i] * in[i];
}

__global__ void negate_kernel(const float *in, float *out, int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = -in[i];
}

void checkInput(const at::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "scale_ops: expected a CUDA tensor");
  TORCH_CHECK(x.scalar_type() == at::kFloat, "scale_ops: expected float32");
}

} // namespace

at::Tensor scale(const at::Tensor &x, double factor) {
  checkInput(x);
  const at::cuda::OptionalCUDAGuard device_guard(x.device());
  const at::Tensor in = x.contiguous();
  // BUG(torch-factory-without-device): made on the CPU; the kernel writes
  // through a host pointer.
  at::Tensor out = at::empty(in.sizes(), at::kFloat);
  const int64_t n = in.numel();
  scale_kernel<<<blocksFor(n), kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      in.data_ptr<float>(), out.data_ptr<float>(), static_cast<float>(factor),
      n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

at::Tensor shift(const at::Tensor &x, double offset) {
  checkInput(x);
  // BUG(torch-missing-device-guard): no guard; for a tensor on cuda:1 while
  // cuda:0 is current, the kernel runs on cuda:0.
  const at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  const int64_t n = in.numel();
  shift_kernel<<<blocksFor(n), kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      in.data_ptr<float>(), out.data_ptr<float>(), static_cast<float>(offset),
      n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

at::Tensor clamp(const at::Tensor &x, double lo, double hi) {
  checkInput(x);
  const at::cuda::OptionalCUDAGuard device_guard(x.device());
  const at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  const int64_t n = in.numel();
  // BUG(torch-default-stream-launch): the legacy default stream, not the
  // stream PyTorch queued the input's work on.
  clamp_kernel<<<blocksFor(n), kThreads>>>(in.data_ptr<float>(),
                                          out.data_ptr<float>(),
                                          static_cast<float>(lo),
                                          static_cast<float>(hi), n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

at::Tensor square(const at::Tensor &x) {
  checkInput(x);
  const at::cuda::OptionalCUDAGuard device_guard(x.device());
  const at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  const int64_t n = in.numel();
  // BUG(torch-unchecked-kernel-launch): a failed launch is reported by
  // whichever CUDA call comes next.
  square_kernel<<<blocksFor(n), kThreads, 0,
                  at::cuda::getCurrentCUDAStream()>>>(in.data_ptr<float>(),
                                                     out.data_ptr<float>(), n);
  return out;
}

// Registered as the op's kernel for every device (below), so it is called
// with CPU tensors too.
at::Tensor negate(const at::Tensor &x) {
  // BUG(torch-unchecked-kernel-input): only the dtype is checked; a CPU
  // tensor's host memory goes to the kernel.
  TORCH_CHECK(x.scalar_type() == at::kFloat, "scale_ops: expected float32");
  const c10::DeviceGuard device_guard(x.device());
  const at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  const int64_t n = in.numel();
  negate_kernel<<<blocksFor(n), kThreads, 0,
                  at::cuda::getCurrentCUDAStream()>>>(in.data_ptr<float>(),
                                                     out.data_ptr<float>(), n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

TORCH_LIBRARY(scale_ops, m) {
  m.def("scale(Tensor x, float factor) -> Tensor");
  m.def("shift(Tensor x, float offset) -> Tensor");
  m.def("clamp(Tensor x, float lo, float hi) -> Tensor");
  m.def("square(Tensor x) -> Tensor");
  m.def("negate(Tensor x) -> Tensor", &negate);
}

TORCH_LIBRARY_IMPL(scale_ops, CUDA, m) {
  m.impl("scale", &scale);
  m.impl("shift", &shift);
  m.impl("clamp", &clamp);
  m.impl("square", &square);
}

} // namespace scale_ops
