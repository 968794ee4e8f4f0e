// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// An assertion that a tensor is on the CPU (TORCH_CHECK, TORCH_INTERNAL_ASSERT,
// AT_ASSERTM) places it there for the code after it, whatever the callers
// pass: the program stops otherwise.
#include <torch/torch.h>

// CPU kernels of an extension op assert that their inputs are CPU tensors:
// past the assertion, what they make without a device meets CPU data only.
torch::Tensor knn_cpu(torch::Tensor x) {
  TORCH_CHECK(x.device().is_cpu(), "x must be a CPU tensor");
  auto out = torch::zeros({4, 2}, x.options().dtype(torch::kLong));
  return out.t().index_select(0, torch::tensor({1, 0}));
}

torch::Tensor scale_cpu(const torch::Tensor &x) {
  TORCH_INTERNAL_ASSERT(x.is_cpu());
  return x * torch::ones({3});
}

torch::Tensor offset_cpu(torch::Tensor x) {
  TORCH_CHECK(x.device() == torch::kCPU, "x must be a CPU tensor");
  return x + torch::arange(3);
}

// Before the assertion x may be anywhere.
torch::Tensor before_check(torch::Tensor x) {
  auto y = x * torch::ones({3});
  // CHECK-FIXES: auto y = x * torch::ones({3}, torch::device(x.device()));
  // CHECK-MESSAGES: :[[@LINE-2]]:16: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:14: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-5]]:42: note: the device is taken from parameter 'x'
  TORCH_CHECK(x.is_cpu());
  return y;
}

// An assertion that x is a CUDA tensor does not make it a CPU one.
torch::Tensor cuda_kernel(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  return x * torch::ones({3});
  // CHECK-FIXES: return x * torch::ones({3}, torch::device(x.device()));
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-6]]:41: note: the device is taken from parameter 'x'
}

void run_on(torch::Device d) {
  auto x = torch::rand({3}, torch::device(d));
  knn_cpu(x);
  scale_cpu(x);
  offset_cpu(x);
  before_check(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'd' reaches parameter 'x' through this call of 'before_check'
  cuda_kernel(x);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: data on the device of 'd' reaches parameter 'x' through this call of 'cuda_kernel'
}
