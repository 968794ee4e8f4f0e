// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// from_blob wraps memory where it already lives (the host here): the repair
// moves the result to the device it meets, never a device option, which
// would claim the host pointer is device memory. Moving copies, so the fix
// is unsafe and applied here only because of UnsafeFixes (see fix-safety.cpp).
#include <torch/torch.h>

torch::Tensor wrap(const torch::Tensor &x, float *host_data) {
  auto t = torch::from_blob(host_data, {3}, torch::kFloat).clone();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::from_blob' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-4]]:41: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto t = torch::from_blob(host_data, {3}, torch::kFloat).to(x.device()).clone();
  return x * t;
}

// A host-only helper: from_blob meets nothing on a device.
float sum_host(float *host_data) {
  return torch::from_blob(host_data, {3}).sum().item<float>();
}

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  wrap(x, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: data on the device of 'device' reaches parameter 'x' through this call of 'wrap'
}
