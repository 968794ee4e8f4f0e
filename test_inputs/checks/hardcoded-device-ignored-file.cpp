// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// CHECK-OPTION: torch-hardcoded-device.IgnoredFiles=(^|/)hardcoded-device-ignored-file\.cpp$
#include <torch/torch.h>

// The whole file is ignored (e.g. test or benchmark code).
torch::Tensor to_gpu(const torch::Tensor &x, torch::Tensor w) {
  return x + w.cuda() + torch::ones({3}, torch::kCUDA);
}
