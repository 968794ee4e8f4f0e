// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A program that puts its data on CUDA through a device constant, spelled as
// users write it (`torch::kCUDA`): its helpers' factories meet CUDA data.
#include <torch/torch.h>

#include <iostream>

torch::Tensor shift(const torch::Tensor &x) {
  auto offset = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto offset = torch::ones({3}, torch::device(x.device()));
  return x + offset;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'x' in 'operator+'
}

// CHECK-NOTES: :[[@LINE-8]]:42: note: the device is taken from parameter 'x'

int main() {
  torch::Device device(torch::kCUDA);
  auto x = torch::randn({3}).to(device);
  std::cout << shift(x) << "\n";
  // CHECK-NOTES: :[[@LINE-1]]:22: note: data on cuda reaches parameter 'x' through this call of 'shift'
  return 0;
}
