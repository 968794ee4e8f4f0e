// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// CHECK-OPTION: torch-hardcoded-device.IgnoredFunctions=^setup_|::bench_
// CHECK-OPTION: torch-hardcoded-device.IgnoredFiles=
#include <torch/torch.h>

// IgnoredFunctions replaced: main is checked now, setup_* and *::bench_* are not.
torch::Tensor setup_weights(const torch::Tensor &like) {
  return torch::ones({3}, torch::kCUDA) + like;
}

namespace perf {
torch::Tensor bench_matmul(const torch::Tensor &a) { return a.cuda().matmul(a.cuda()); }
} // namespace perf

int main() {
  torch::Device device(torch::kCPU);
  auto x = torch::ones({3}).cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:17: note: the device is taken from local variable 'device'
  // CHECK-FIXES: auto x = torch::ones({3}).to(device);
  return (setup_weights(x) + perf::bench_matmul(x)).numel() > 0 ? 0 : 1;
}
