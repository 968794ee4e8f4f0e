// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// The same helper in a program whose device comes from its command line:
// the data may be anywhere.
#include <torch/torch.h>

#include <iostream>

torch::Tensor upsample(const torch::Tensor &x, const torch::Tensor &k) {
  auto y = torch::zeros({x.size(0) + k.size(0) - 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto y = torch::zeros({x.size(0) + k.size(0) - 1}, torch::device(x.device()));
  for (int64_t i = 0; i < x.size(0); ++i)
    y.slice(0, i, i + k.size(0)) += x[i] * k;
  // CHECK-NOTES: :[[@LINE-1]]:34: note: it meets a tensor on the device of 'x' in 'Tensor::operator+='
  return y;
}

// CHECK-NOTES: :[[@LINE-10]]:45: note: the device is taken from parameter 'x'

int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? argv[1] : "cpu");
  auto x = torch::arange(3).to(torch::kFloat).to(device);
  std::cout << upsample(x, torch::ones({2}, device)) << "\n";
  // CHECK-NOTES: :[[@LINE-1]]:25: note: data on the device of 'device' reaches parameter 'x' through this call of 'upsample'
  return 0;
}
