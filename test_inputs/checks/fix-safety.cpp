// CHECKS: torch-*
// HEADERS: fast real real2
// Fix safety with the default options: '--fix' applies only fixes that
// cannot change what the program computes on any device. A fix that changes
// where data lives is carried by a note, which editors offer as a quick fix
// and '--fix' leaves alone (UnsafeFixes: true applies it).
#include <torch/torch.h>

#include <string>

// Safe: the factory's result meets x, so creating it on x's device computes
// the same values and removes the crash.
torch::Tensor safe_factory(const torch::Tensor &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-4]]:49: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}

// Safe: keeping the result of a discarded .to(device) is what the code meant.
void safe_discarded(torch::Tensor t, torch::Device device) {
  t.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(device);
}

// Unsafe: replacing a hard-coded device moves data somewhere else.
torch::Tensor unsafe_placement(const torch::Tensor &x, torch::Tensor w) {
  return x + w.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:53: note: the device is taken from parameter 'x'
  // CHECK-FIXES: return x + w.cuda();
  // CHECK-NOTES: :[[@LINE-5]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
}

// Unsafe: a hard-coded CPU move.
torch::Tensor unsafe_cpu_move(const torch::Tensor &x, const torch::Tensor &y) {
  auto host = y.to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:52: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto host = y.to(torch::kCPU);
  return x + host;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
}

// Unsafe: moving an operand of a mixed-device op.
torch::Tensor unsafe_operand() {
  auto a = torch::ones({3, 3}, torch::kCUDA);
  auto b = torch::ones({3, 3}, torch::kCPU);
  return torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mm' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cuda here
  // CHECK-FIXES: return torch::mm(a, b);
}

// Unsafe: a load given a device puts the parameters somewhere else.
void unsafe_load(torch::nn::Linear net, const std::string &path,
                 torch::Device device) {
  net->to(device);
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'net' is moved to a device here, before the load
  // CHECK-FIXES: torch::load(net, path);
}

// from_blob wraps memory where it already lives: a device option would lie
// about it. Moving the result is the repair, and it copies: unsafe.
torch::Tensor wrap(const torch::Tensor &x, float *host_data) {
  auto t = torch::from_blob(host_data, {3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::from_blob' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-5]]:41: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto t = torch::from_blob(host_data, {3});
  return x * t;
}

// The helpers above are called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  unsafe_placement(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: data on the device of 'device' reaches parameter 'x' through this call of 'unsafe_placement'
  unsafe_cpu_move(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:19: note: data on the device of 'device' reaches parameter 'x' through this call of 'unsafe_cpu_move'
  safe_factory(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'device' reaches parameter 'x' through this call of 'safe_factory'
  wrap(x, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: data on the device of 'device' reaches parameter 'x' through this call of 'wrap'
}
