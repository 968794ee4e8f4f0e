// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// CHECK-OPTION: torch-hardcoded-device.IgnoredFunctions=^setup_|::bench_
// CHECK-OPTION: torch-hardcoded-device.IgnoredFiles=
#include <torch/torch.h>

// IgnoredFunctions replaced: main is checked now, setup_* and *::bench_* are not.
torch::Tensor setup_weights(const torch::Tensor &like, torch::Device device) {
  return torch::ones({3}, torch::kCUDA) + like;
}

namespace perf {
torch::Tensor bench_matmul(const torch::Tensor &a, torch::Device device) {
  return a.cuda().matmul(a);
}
} // namespace perf

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto w = torch::zeros({3}, device);
  auto x = torch::ones({3}).cuda() * w;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-5]]:17: note: the device is taken from local variable 'device'
  // CHECK-NOTES: :[[@LINE-3]]:36: note: the tensor it places may meet a tensor on the device of 'device' here, in 'operator*'
  // CHECK-FIXES: auto x = torch::ones({3}).to(device) * w;
  return (setup_weights(x, device) + perf::bench_matmul(x, device)).numel() > 0
             ? 0
             : 1;
}
