// CHECKS: torch-missing-device-guard
// HEADERS: fast real2
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// A kernel runs on the current CUDA device. For tensors on cuda:1 while
// cuda:0 is current, a launch without a device guard hands cuda:0 pointers
// into cuda:1's memory: an illegal memory access in multi-GPU training.
#include <cuda_runtime.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>
#include <torch/torch.h>

// pybind11, as far as the bindings below use it.
namespace pybind11 {
struct module_ {
  template <typename F> module_ &def(const char *name, F &&f);
};
} // namespace pybind11

__global__ void scale_kernel(const float *in, float *out, int n) {}

torch::Tensor scale(const torch::Tensor &in) {
  TORCH_CHECK(in.is_cuda(), "in must be a CUDA tensor");
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on tensors' memory with no device guard; on tensors on another GPU than the current one (cuda:1 while cuda:0 is current) it runs on the wrong GPU [torch-missing-device-guard]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: it is handed the memory of this tensor, whose device is not made current
  // CHECK-FIXES-INSERTED: const at::cuda::OptionalCUDAGuard device_guard(in.device());
  scale_kernel<<<1, 256>>>(out.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: the last of 2 launches here without a guard
  return out;
}

// The guard PyTorch's own kernels take.
torch::Tensor scale_guarded(const torch::Tensor &in) {
  const at::cuda::OptionalCUDAGuard device_guard(in.device());
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// A guard in a block that has ended guards nothing after it.
torch::Tensor scale_guard_ended(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  {
    const c10::cuda::CUDAGuard device_guard(in.device());
    out.zero_();
  }
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on tensors' memory with no device guard; on tensors on another GPU than the current one (cuda:1 while cuda:0 is current) it runs on the wrong GPU [torch-missing-device-guard]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: it is handed the memory of this tensor, whose device is not made current
  // CHECK-FIXES-INSERTED: const at::cuda::OptionalCUDAGuard device_guard(in.device());
  return out;
}

// A variable of the fix's name in the block: the guard is left to the author.
torch::Tensor scale_named(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  const int device_guard = 0;
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           device_guard);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: CUDA kernel 'scale_kernel' is launched on tensors' memory with no device guard; on tensors on another GPU than the current one (cuda:1 while cuda:0 is current) it runs on the wrong GPU [torch-missing-device-guard]
  // CHECK-NOTES: :[[@LINE-3]]:28: note: it is handed the memory of this tensor, whose device is not made current
  return out;
}

// cudaSetDevice before the launch sets the device the same way.
void scale_set_device(const torch::Tensor &in, torch::Tensor &out) {
  cudaSetDevice(in.get_device());
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
}

// A launch in a lambda called in place (AT_DISPATCH_*), guarded before it;
// and a launcher whose only caller guards the call.
torch::Tensor scale_dispatched(const torch::Tensor &in) {
  const at::cuda::OptionalCUDAGuard device_guard(in.device());
  auto out = torch::empty_like(in);
  [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  }();
  return out;
}

// A lambda handed to a dispatcher runs under the guard taken before.
template <typename F> void dispatch_on(int channels, F &&launch) { launch(); }

torch::Tensor scale_callback(const torch::Tensor &in) {
  const at::cuda::OptionalCUDAGuard device_guard(in.device());
  auto out = torch::empty_like(in);
  dispatch_on(3, [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  });
  return out;
}

static void launch_scale(const torch::Tensor &in, torch::Tensor &out) {
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
}

torch::Tensor scale_through_launcher(const torch::Tensor &in) {
  const at::cuda::OptionalCUDAGuard device_guard(in.device());
  auto out = torch::empty_like(in);
  launch_scale(in, out);
  return out;
}

// Only the CUDA branch launches: the guard goes there, after the check that
// the tensor is on a GPU (a guard for a CPU tensor fails).
torch::Tensor scale_any(const torch::Tensor &in) {
  if (in.is_cuda()) {
    auto out = torch::empty_like(in);
    [&] {
      scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: CUDA kernel 'scale_kernel' is launched on tensors' memory with no device guard; on tensors on another GPU than the current one (cuda:1 while cuda:0 is current) it runs on the wrong GPU [torch-missing-device-guard]
      // CHECK-NOTES: :[[@LINE-2]]:32: note: it is handed the memory of this tensor, whose device is not made current
      // CHECK-FIXES-INSERTED: const at::cuda::OptionalCUDAGuard device_guard(in.device());
    }();
    return out;
  }
  return in * 2;
}

// A kernel on the program's own buffers: no tensor's device to follow.
void scale_buffers(const float *in, float *out, int n) {
  scale_kernel<<<1, 256>>>(in, out, n);
}

// A launcher the file neither calls nor binds: its callers, elsewhere, may
// take the guard (as a binding in another file often does).
torch::Tensor scale_launcher(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// The functions bound for Python are called with tensors on any GPU.
void bind(pybind11::module_ &m) {
  m.def("scale", &scale);
  m.def("scale_guard_ended", &scale_guard_ended);
  m.def("scale_any", &scale_any);
  m.def("scale_guarded", &scale_guarded);
  m.def("scale_callback", &scale_callback);
  m.def("scale_named", &scale_named);
}

// Registered with the dispatcher for CUDA tensors: called with tensors on any
// GPU, as a binding for Python is.
torch::Tensor shift_registered(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on tensors' memory with no device guard; on tensors on another GPU than the current one (cuda:1 while cuda:0 is current) it runs on the wrong GPU [torch-missing-device-guard]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: it is handed the memory of this tensor, whose device is not made current
  // CHECK-FIXES-INSERTED: const at::cuda::OptionalCUDAGuard device_guard(in.device());
  return out;
}

// Registered for the CPU dispatch key only: the dispatcher hands it host
// tensors, and no caller in this file shows another device.
torch::Tensor shift_registered_for_cpu(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

TORCH_LIBRARY(guard_ops, m) {
  m.def("shift(Tensor x) -> Tensor");
  m.def("shift_cpu(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(guard_ops, CUDA, m) { m.impl("shift", &shift_registered); }

TORCH_LIBRARY_IMPL(guard_ops, CPU, m) {
  m.impl("shift_cpu", &shift_registered_for_cpu);
}
