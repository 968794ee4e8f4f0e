// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// Only CUDA is hard-coded here, but the file asks where data lives at run
// time (`if (x.is_cuda())`): it is not single-device by design, and `.cuda()`
// under that branch lands on the current device, not x's.
#include <torch/torch.h>

torch::Tensor prepend_one(const torch::Tensor &x) {
  auto first = torch::ones({1}, torch::kByte);
  if (x.is_cuda())
    first = first.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-5]]:48: note: the device is taken from parameter 'x'
  // CHECK-FIXES: first = first.to(x.device());
  return torch::cat({first, x.to(torch::kByte)});
}
