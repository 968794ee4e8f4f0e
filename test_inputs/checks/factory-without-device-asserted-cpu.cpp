// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// An assertion that a tensor is on the CPU (TORCH_CHECK, TORCH_INTERNAL_ASSERT,
// AT_ASSERTM), or on CUDA, places it there for the code after it, whatever
// the callers pass: the program stops otherwise.
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

// An assertion that x is a CUDA tensor places it on CUDA for the code after
// it: a CPU tensor meeting it there fails, whoever calls.
torch::Tensor cuda_kernel(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  return x * torch::ones({3});
  // CHECK-FIXES: return x * torch::ones({3}, torch::device(x.device()));
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: it meets a tensor on cuda in 'operator*'
  // CHECK-NOTES: :[[@LINE-6]]:41: note: the device is taken from parameter 'x'
}

// The same with no caller in the file, and the device type compared.
torch::Tensor cuda_only(torch::Tensor x) {
  TORCH_CHECK(x.device().type() == torch::kCUDA, "x must be a CUDA tensor");
  return x + torch::zeros({3});
  // CHECK-FIXES: return x + torch::zeros({3}, torch::device(x.device()));
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: it meets a tensor on cuda in 'operator+'
  // CHECK-NOTES: :[[@LINE-6]]:39: note: the device is taken from parameter 'x'
}

// A host copy of a tensor asserted to be on CUDA, meeting it.
torch::Tensor cuda_and_host(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto host = x.cpu();
  return torch::mm(x, host);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mm' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:15: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:3: note: asserted to be on cuda here
}

// CUDA or the CPU: no one device, and no caller says which.
torch::Tensor either(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda() || x.is_cpu(), "x must be a CUDA or CPU tensor");
  return x + torch::zeros({3});
}

void run_on(torch::Device d) {
  auto x = torch::rand({3}, torch::device(d));
  knn_cpu(x);
  scale_cpu(x);
  offset_cpu(x);
  before_check(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'd' reaches parameter 'x' through this call of 'before_check'
  cuda_kernel(x);
}
