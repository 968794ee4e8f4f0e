// CHECKS: torch-unchecked-kernel-launch
// HEADERS: fast real2
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// A kernel launch reports a bad configuration only through the CUDA error
// state: unless something reads it before the code returns, the next CUDA
// call anywhere fails instead, far from the launch.
#include <cuda_runtime.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/torch.h>
#include <stdexcept>

__global__ void scale_kernel(const float *in, float *out, int n) {}

torch::Tensor scale(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<(in.numel() + 255) / 256, 256>>>(
      in.data_ptr<float>(), out.data_ptr<float>(), in.numel());
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: CUDA kernel 'scale_kernel' is launched without a check of the launch error; a launch that fails (a bad grid or block size, too much shared memory, no code for this GPU) is reported by whichever CUDA call comes next, far from here [torch-unchecked-kernel-launch]
  // CHECK-FIXES-INSERTED: C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// The check PyTorch's own kernels make, right after the launch.
torch::Tensor scale_checked(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// One read after several launches sees an error of any of them.
torch::Tensor scale_twice(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  for (int i = 0; i < 2; ++i)
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  AT_CUDA_CHECK(cudaGetLastError());
  return out;
}

// A launch in a lambda called in place (as AT_DISPATCH_* expands), checked
// after the dispatch.
torch::Tensor scale_dispatched(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  }();
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// A lambda handed to a dispatcher of the program's runs before it returns:
// the read after the dispatch covers its launch.
template <typename F> bool dispatch_on(int channels, F &&launch) {
  launch();
  return channels > 0;
}

torch::Tensor scale_callback(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  const bool done = dispatch_on(3, [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  TORCH_CHECK(done, "no kernel for these channels");
  return out;
}

// Neither the lambda nor the function reads the error: the check goes after
// the launch, inside the lambda.
torch::Tensor scale_dispatched_unchecked(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: CUDA kernel 'scale_kernel' is launched without a check of the launch error; a launch that fails (a bad grid or block size, too much shared memory, no code for this GPU) is reported by whichever CUDA call comes next, far from here [torch-unchecked-kernel-launch]
    // CHECK-FIXES-INSERTED: C10_CUDA_KERNEL_LAUNCH_CHECK();
  }();
  return out;
}

// Read on one path only: the other returns with the error unread.
torch::Tensor scale_checked_sometimes(const torch::Tensor &in, bool debug) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: CUDA kernel 'scale_kernel' is launched without a check of the launch error; a launch that fails (a bad grid or block size, too much shared memory, no code for this GPU) is reported by whichever CUDA call comes next, far from here [torch-unchecked-kernel-launch]
  // CHECK-FIXES-INSERTED: C10_CUDA_KERNEL_LAUNCH_CHECK();
  if (debug)
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// A path that throws does not return: only the path that goes on must read.
torch::Tensor scale_validated_after(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  if (out.numel() == 0)
    throw std::runtime_error("empty output");
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// The program's own helper that reads the error.
static void check_last_launch() {
  if (cudaGetLastError() != cudaSuccess)
    throw std::runtime_error("kernel launch failed");
}

torch::Tensor scale_own_check(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  check_last_launch();
  return out;
}

// A launcher whose every caller reads the error after calling it.
static void launch_scale(const float *in, float *out, int n) {
  scale_kernel<<<1, 256>>>(in, out, n);
}

torch::Tensor scale_through_launcher(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  launch_scale(in.data_ptr<float>(), out.data_ptr<float>(), in.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// A launcher one of whose callers does not: the launch is where to check.
static void launch_scale_unread(const float *in, float *out, int n) {
  scale_kernel<<<1, 256>>>(in, out, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched without a check of the launch error; a launch that fails (a bad grid or block size, too much shared memory, no code for this GPU) is reported by whichever CUDA call comes next, far from here [torch-unchecked-kernel-launch]
  // CHECK-FIXES-INSERTED: C10_CUDA_KERNEL_LAUNCH_CHECK();
}

torch::Tensor scale_read(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  launch_scale_unread(in.data_ptr<float>(), out.data_ptr<float>(),
                      in.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

torch::Tensor scale_unread(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  launch_scale_unread(in.data_ptr<float>(), out.data_ptr<float>(),
                      in.numel());
  return out;
}

// The error handed back to the caller, who decides.
cudaError_t scale_status(const torch::Tensor &in, torch::Tensor &out) {
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  return cudaPeekAtLastError();
}

// A launch that is the body of an unbraced `if`: reported, and the check is
// left to the author (a statement after it would run on both paths).
void scale_if(const torch::Tensor &in, torch::Tensor &out) {
  if (in.numel() > 0)
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: CUDA kernel 'scale_kernel' is launched without a check of the launch error; a launch that fails (a bad grid or block size, too much shared memory, no code for this GPU) is reported by whichever CUDA call comes next, far from here [torch-unchecked-kernel-launch]
}

// A launch written in a macro's argument (as in `AT_DISPATCH_*(..., [&] {
// ... })`, which expands it once per type): reported where it is written,
// once, and the check goes there.
#define FOR_TWO_TYPES(...)                                                     \
  do {                                                                         \
    __VA_ARGS__();                                                             \
    __VA_ARGS__();                                                             \
  } while (0)

void scale_in_macro(const torch::Tensor &in, torch::Tensor &out) {
  FOR_TWO_TYPES([&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: CUDA kernel 'scale_kernel' is launched without a check of the launch error; a launch that fails (a bad grid or block size, too much shared memory, no code for this GPU) is reported by whichever CUDA call comes next, far from here [torch-unchecked-kernel-launch]
    // CHECK-FIXES-INSERTED: C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
}
