// CHECKS: torch-unchecked-kernel-input
// HEADERS: fast real2
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// A function bound for Python is called with tensors on any device. Where a
// tensor parameter reaches a kernel with no check that it is on CUDA, a CPU
// tensor hands the kernel host memory: an illegal memory access, reported
// later and elsewhere.
#include <cuda_runtime.h>
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
__global__ void add_kernel(const float *a, const float *b, float *out, int n) {}

// The input's pointer goes to the kernel unchecked.
torch::Tensor scale(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  return out;
}

// Both inputs, through a contiguous copy: one warning, a check for each.
torch::Tensor add(const torch::Tensor &a, const torch::Tensor &b) {
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: tensors 'a', 'b' reach CUDA kernel 'add_kernel' with no check that they are CUDA tensors; 'add' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(a.is_cuda(), "a must be a CUDA tensor");
  // CHECK-FIXES-INSERTED: TORCH_CHECK(b.is_cuda(), "b must be a CUDA tensor");
  const torch::Tensor in = a.contiguous();
  auto out = torch::empty_like(in);
  add_kernel<<<1, 256>>>(in.data_ptr<float>(), b.data_ptr<float>(),
                         out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-2]]:26: note: the memory of 'a' is handed to kernel 'add_kernel' here
  // CHECK-NOTES: :[[@LINE-3]]:48: note: the memory of 'b' is handed to kernel 'add_kernel' here
  return out;
}

// A launcher of the unit takes the tensor on.
static void launch_scale(const torch::Tensor &in, torch::Tensor &out) {
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: the memory of 'x' is handed to kernel 'scale_kernel' here
}

torch::Tensor scale_launched(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_launched' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  launch_scale(x, out);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'x' is passed on here
  return out;
}

// A launcher that takes raw pointers is handed the tensor's memory.
static void launch_scale_raw(const float *in, float *out, int n) {
  scale_kernel<<<1, 256>>>(in, out, n);
}

torch::Tensor scale_raw(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_raw' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  launch_scale_raw(x.data_ptr<float>(), out.data_ptr<float>(), x.numel());
  // CHECK-NOTES: :[[@LINE-1]]:20: note: the memory of 'x' is passed to 'launch_scale_raw' here, which hands it to kernel 'scale_kernel'
  return out;
}

// The runtime's launch, written in the bound function.
torch::Tensor scale_runtime(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_runtime' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  const float *in = x.data_ptr<float>();
  // CHECK-NOTES: :[[@LINE-1]]:21: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  float *dst = out.data_ptr<float>();
  int n = static_cast<int>(x.numel());
  void *args[] = {&in, &dst, &n};
  cudaLaunchKernel((const void *)scale_kernel, dim3(1), dim3(256), args, 0,
                   nullptr);
  return out;
}

// Checked first: nothing to report.
torch::Tensor scale_raw_checked(const torch::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  launch_scale_raw(x.data_ptr<float>(), out.data_ptr<float>(), x.numel());
  return out;
}

// In a lambda run where it is written, as AT_DISPATCH_* expands.
torch::Tensor scale_dispatched(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_dispatched' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  [&] {
    scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
    // CHECK-NOTES: :[[@LINE-1]]:30: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  }();
  return out;
}

// Checked on one path only.
torch::Tensor scale_sometimes(const torch::Tensor &x, bool strict) {
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_sometimes' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  if (strict) {
    // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  }
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  return out;
}

// ---- Checked: nothing to report.

torch::Tensor scale_checked(const torch::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// The macros extensions define.
#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x)

torch::Tensor add_checked(const torch::Tensor &a, const torch::Tensor &b) {
  CHECK_INPUT(a);
  CHECK_INPUT(b);
  auto out = torch::empty_like(a);
  add_kernel<<<1, 256>>>(a.data_ptr<float>(), b.data_ptr<float>(),
                         out.data_ptr<float>(), 1);
  return out;
}

// A helper that checks its parameter on every path through it.
static void check_input(const torch::Tensor &t) {
  TORCH_CHECK(t.device().type() == torch::kCUDA, "expected a CUDA tensor");
  TORCH_CHECK(t.is_contiguous(), "expected a contiguous tensor");
}

torch::Tensor scale_helper_checked(const torch::Tensor &x) {
  check_input(x);
  auto out = torch::empty_like(x);
  launch_scale(x, out);
  return out;
}

// A CUDA guard for the input's device refuses a CPU tensor before the launch.
torch::Tensor scale_guarded(const torch::Tensor &x) {
  const at::cuda::OptionalCUDAGuard device_guard(x.device());
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// Other spellings of the same check.
torch::Tensor add_checked_together(const torch::Tensor &a,
                                   const torch::Tensor &b) {
  TORCH_CHECK(a.is_cuda() && !b.is_cpu(), "expected CUDA tensors");
  auto out = torch::empty_like(a);
  add_kernel<<<1, 256>>>(a.data_ptr<float>(), b.data_ptr<float>(),
                         out.data_ptr<float>(), 1);
  return out;
}

// Either side of `||` keeps a CPU tensor out.
torch::Tensor scale_cuda_or_meta(const torch::Tensor &x) {
  TORCH_CHECK(x.is_cuda() || x.is_meta(), "x must be a CUDA or meta tensor");
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// A kernel for CUDA tensors, the CPU's own code for the others.
torch::Tensor scale_either(const torch::Tensor &x) {
  if (!x.is_cuda())
    return x * 2;
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

torch::Tensor scale_branch(const torch::Tensor &x) {
  auto out = torch::empty_like(x);
  if (x.device().is_cuda()) {
    scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  } else {
    out = x * 2;
  }
  return out;
}

// The kernel gets a copy the function itself puts on CUDA.
torch::Tensor scale_moved(const torch::Tensor &x) {
  const torch::Tensor on_gpu = x.to(torch::kCUDA).contiguous();
  auto out = torch::empty_like(on_gpu);
  scale_kernel<<<1, 256>>>(on_gpu.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// Not bound: its callers, elsewhere, are the ones to check.
torch::Tensor scale_unbound(const torch::Tensor &x) {
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// Registered for the CUDA dispatch key: called only for CUDA inputs.
torch::Tensor scale_cuda_kernel(const torch::Tensor &x) {
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  return out;
}

// Either side of `||` may hold: a CPU tensor passes this check.
torch::Tensor scale_either_check(const torch::Tensor &x, bool relaxed) {
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_either_check' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  TORCH_CHECK(x.is_cuda() || relaxed, "x must be a CUDA tensor");
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  return out;
}

// The first statement is a macro's: the check goes before it.
torch::Tensor scale_typed(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_typed' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  TORCH_CHECK(x.scalar_type() == torch::kFloat, "x must be float32");
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  return out;
}

// Registered as every device's kernel.
torch::Tensor scale_any_device(const torch::Tensor &x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: tensor 'x' reaches CUDA kernel 'scale_kernel' with no check that it is a CUDA tensor; 'scale_any_device' is called with tensors on any device, and a CPU tensor hands the kernel host memory [torch-unchecked-kernel-input]
  // CHECK-FIXES-INSERTED: TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto out = torch::empty_like(x);
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: the memory of 'x' is handed to kernel 'scale_kernel' here
  return out;
}

void bind(pybind11::module_ &m) {
  m.def("scale", &scale);
  // CHECK-NOTES: :[[@LINE-1]]:18: note: 'scale' is bound here
  m.def("add", &add);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: 'add' is bound here
  m.def("scale_launched", &scale_launched);
  // CHECK-NOTES: :[[@LINE-1]]:27: note: 'scale_launched' is bound here
  m.def("scale_raw", &scale_raw);
  // CHECK-NOTES: :[[@LINE-1]]:22: note: 'scale_raw' is bound here
  m.def("scale_raw_checked", &scale_raw_checked);
  m.def("scale_runtime", &scale_runtime);
  // CHECK-NOTES: :[[@LINE-1]]:26: note: 'scale_runtime' is bound here
  m.def("scale_dispatched", &scale_dispatched);
  // CHECK-NOTES: :[[@LINE-1]]:29: note: 'scale_dispatched' is bound here
  m.def("scale_sometimes", &scale_sometimes);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: 'scale_sometimes' is bound here
  m.def("scale_checked", &scale_checked);
  m.def("add_checked", &add_checked);
  m.def("scale_helper_checked", &scale_helper_checked);
  m.def("add_checked_together", &add_checked_together);
  m.def("scale_cuda_or_meta", &scale_cuda_or_meta);
  m.def("scale_either", &scale_either);
  m.def("scale_branch", &scale_branch);
  m.def("scale_moved", &scale_moved);
  m.def("scale_guarded", &scale_guarded);
  m.def("scale_typed", &scale_typed);
  // CHECK-NOTES: :[[@LINE-1]]:24: note: 'scale_typed' is bound here
  m.def("scale_either_check", &scale_either_check);
  // CHECK-NOTES: :[[@LINE-1]]:31: note: 'scale_either_check' is bound here
}

TORCH_LIBRARY(input_ops, m) {
  m.def("scale_any_device", &scale_any_device);
  // CHECK-NOTES: :[[@LINE-1]]:29: note: 'scale_any_device' is bound here
  m.def("scale_cuda_kernel(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(input_ops, CUDA, m) {
  m.impl("scale_cuda_kernel", &scale_cuda_kernel);
}
