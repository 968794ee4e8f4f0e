// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A program that never names a device other than the CPU: every tensor it
// makes lives on the CPU, so its helpers' factories meet CPU data only.
#include <torch/torch.h>

#include <iostream>

torch::Tensor upsample(const torch::Tensor &x, const torch::Tensor &k) {
  auto y = torch::zeros({x.size(0) + k.size(0) - 1});
  for (int64_t i = 0; i < x.size(0); ++i)
    y.slice(0, i, i + k.size(0)) += x[i] * k;
  return y;
}

torch::Tensor noisy(const torch::Tensor &w) {
  return torch::normal(0.0, 1.0, {4, w.size(0)}).matmul(w);
}

int main() {
  torch::Device device(torch::kCPU);
  torch::Device host("cpu");
  auto x = torch::arange(3).to(torch::kFloat).to(device).to(host);
  std::cout << upsample(x, torch::ones({2})) << noisy(x) << "\n";
  return 0;
}
