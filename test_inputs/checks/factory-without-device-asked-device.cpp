// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A tensor from code this file cannot see into (a function of another file,
// a registry) says nothing about where it lives, unless the code asks: a
// function that makes data with `m.options()` or moves data to `m.device()`
// expects `m` anywhere, and a device-less factory's tensor that meets `m`
// is a defect there, fixed by following `m`.
#include <torch/torch.h>

#include <string>

struct Request {
  torch::Tensor input;
  int iterations = 4;
};
Request parse_request(const std::string &text);
torch::Tensor lookup(const std::string &name);

// Power iteration: one vector follows the matrix, the other does not.
float spectral_norm(const std::string &text) {
  Request request = parse_request(text);
  torch::Tensor matrix = request.input.view({request.input.size(0), -1});
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from local variable 'matrix'
  auto u = torch::randn({matrix.size(0)});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto u = torch::randn({matrix.size(0)}, torch::device(matrix.device()));
  auto v = torch::randn({matrix.size(1)}, matrix.options());
  for (int i = 0; i < request.iterations; ++i) {
    v = torch::matmul(matrix.t(), u);
    // CHECK-NOTES: :[[@LINE-1]]:9: note: it meets a tensor on the device of 'matrix' in 'matmul'
    u = torch::matmul(matrix, v);
  }
  return torch::dot(u, torch::matmul(matrix, v)).item<float>();
}

// Nothing asks where the looked-up tensor lives: the registry may hold host
// tensors only.
torch::Tensor shifted(const std::string &name) {
  auto t = lookup(name);
  return t + torch::ones({3});
}

// Asking only prints it: that places nothing.
torch::Tensor described(const std::string &name) {
  auto t = lookup(name);
  std::string where = t.device().str();
  return t + torch::ones({3});
}
