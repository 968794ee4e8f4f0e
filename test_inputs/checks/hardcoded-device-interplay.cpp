// CHECKS: torch-hardcoded-device, torch-mixed-device-op
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

// One defect, one warning: a hard-coded placement whose tensor then meets
// another device is torch-hardcoded-device's to report (its fix at the
// placement repairs the call), with a note at the call;
// torch-mixed-device-op stays silent on it.
torch::Tensor follow(const torch::Tensor &x, torch::Device device) {
  auto y = x.to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto y = x.to(device);
  return torch::mm(y, x);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: the tensor it places may meet a tensor on the device of 'x' here, in 'mm'
}
// CHECK-NOTES: :[[@LINE-7]]:60: note: the device is taken from parameter 'device'

// No device in scope to follow: still one warning, without a fix.
torch::Tensor host_copy(const torch::Tensor &x) {
  auto y = x.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  return torch::mm(y, x);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: the tensor it places may meet a tensor on the device of 'x' here, in 'mm'
}
// CHECK-NOTES: :[[@LINE-6]]:46: note: parameter 'x' makes this code device-neutral; follow the device of the data it works with

// Both sides hard-coded: two placements, two warnings, each noting the call.
torch::Tensor both(const torch::Tensor &x) {
  auto a = x.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  auto b = x.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  return torch::mm(a, b);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: the tensor it places meets a tensor on cuda here, in 'mm'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: the tensor it places meets a tensor on cpu here, in 'mm'
}
// CHECK-NOTES: :[[@LINE-9]]:41: note: parameter 'x' makes this code device-neutral; follow the device of the data it works with
// CHECK-NOTES: :[[@LINE-10]]:41: note: parameter 'x' makes this code device-neutral; follow the device of the data it works with

// Not a hard-coded placement (main() chooses the device): the conflict is
// torch-mixed-device-op's.
int main() {
  auto x = torch::ones({2, 2}).cuda();
  auto y = torch::ones({2, 2});
  auto z = torch::mm(x, y.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'mm' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:25: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cuda here
  // CHECK-FIXES: auto z = torch::mm(x, y.cpu().to(x.device()));
  return z.numel() > 0 ? 0 : 1;
}

// A DeviceType variable that only names one backend is that backend, not a
// device chosen at run time: the code is not device-neutral, and the CPU
// tensor provably meets one on CUDA, torch-mixed-device-op's defect.
torch::Tensor kinds() {
  const torch::DeviceType kind = torch::kCUDA;
  auto a = torch::ones({3}).to(kind);
  auto b = torch::ones({3}).to(torch::kCPU);
  return a + b;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'operator+' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-FIXES: return a + b.to(a.device());
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cuda here
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cpu here
}

// The helpers above are called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({3, 3}, device);
  host_copy(x);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on the device of 'device' reaches parameter 'x' through this call of 'host_copy'
  both(x);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: data on the device of 'device' reaches parameter 'x' through this call of 'both'
  // CHECK-NOTES: :[[@LINE-2]]:8: note: data on the device of 'device' reaches parameter 'x' through this call of 'both'
}

// Options kept in a local place what their factory makes: the placement is
// the defect, reported once, at the options (not again where they meet).
torch::Tensor scaled(torch::Device device) {
// CHECK-NOTES: :[[@LINE-1]]:36: note: the device is taken from parameter 'device'
  auto options = torch::TensorOptions().dtype(torch::kFloat).device(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto options = torch::TensorOptions().dtype(torch::kFloat).device(device);
  auto x = torch::rand({4, 3}, options);
  auto w = torch::rand({4, 3}, torch::TensorOptions().device(device));
  return x * w;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: the tensor it places may meet a tensor on the device of 'device' here, in 'operator*'
}
