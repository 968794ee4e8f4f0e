// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A value moved only when its target is an accelerator
// (`d.is_cuda() ? host.to(d) : host`, `if (d.is_cuda()) t = t.to(d);`) is
// where the target is: on the CPU when the target is, on the target's GPU
// otherwise. It meets the target's data on every path.
#include <torch/torch.h>

#include <cmath>
#include <iostream>

// Filled on the host, then sent to the angle's device when that is a GPU.
torch::Tensor rotation(const torch::Tensor &angle) {
  const auto device = angle.device();
  auto host = torch::zeros({2, 2}, torch::dtype(torch::kDouble).device(torch::kCPU));
  auto *cells = host.data_ptr<double>();
  const double a = angle.item<double>();
  cells[0] = std::cos(a);
  cells[1] = -std::sin(a);
  cells[2] = std::sin(a);
  cells[3] = std::cos(a);
  return device.is_cuda() ? host.to(device, /*non_blocking=*/true) : host;
}

torch::Tensor simulate(const torch::Tensor &angles) {
  auto state = torch::ones({2, 1}, torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto state = torch::ones({2, 1}, torch::dtype(torch::kDouble).device(angles.device()));
  for (int64_t i = 0; i < angles.size(0); ++i)
    state = torch::matmul(rotation(angles.select(0, i)), state);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: it meets a tensor on the device of 'angles' in 'matmul'
  return state;
}

// CHECK-NOTES: :[[@LINE-10]]:45: note: the device is taken from parameter 'angles'

// The query under `!`, the moved value on the other arm.
torch::Tensor shifted(const torch::Tensor &x) {
  auto host = torch::arange(x.size(0));
  auto index = !x.is_cuda() ? host : host.to(x.device());
  auto offsets = torch::ones({x.size(0)}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto offsets = torch::ones({x.size(0)}, torch::dtype(torch::kLong).device(index.device()));
  return x.index_select(0, index + offsets);
  // CHECK-NOTES: :[[@LINE-1]]:34: note: it meets a tensor on the device of 'x' in 'operator+'
}

// CHECK-NOTES: :[[@LINE-8]]:8: note: the device is taken from local variable 'index'

// The statement form: `steps` is where x is on both paths, so it meets x
// on every path, and the factory meets it.
torch::Tensor ramp(const torch::Tensor &x) {
  auto steps = torch::linspace(0, 1, x.size(0), torch::kDouble);
  if (x.is_cuda())
    steps = steps.to(x.device());
  auto bias = torch::full({x.size(0)}, 0.5, torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto bias = torch::full({x.size(0)}, 0.5, torch::dtype(torch::kDouble).device(x.device()));
  return x + steps * bias;
  // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'x' in 'operator*'
}

// CHECK-NOTES: :[[@LINE-11]]:41: note: the device is taken from parameter 'x'

// Moved under another choice: where the program chose to run.
torch::Tensor chosen(const torch::Tensor &x, bool use_gpu) {
  auto steps = torch::linspace(0, 1, x.size(0), torch::kDouble);
  if (use_gpu)
    steps = steps.to(x.device());
  return x + steps;
}

// Brought to the host when it is not there: only CPU data meets the
// factory's tensor.
torch::Tensor bin_counts(const torch::Tensor &x) {
  auto host = x.is_cuda() ? x.cpu() : x;
  auto counts = torch::zeros({10}, torch::kLong);
  counts.index_add_(0, host.clamp(0, 9).to(torch::kLong), torch::ones_like(host, torch::kLong));
  return counts;
}

int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? argv[1] : "cpu");
  auto angles = torch::rand({8}, torch::kDouble).to(device);
  std::cout << simulate(angles) << shifted(angles) << ramp(angles) << bin_counts(angles) << "\n";
  // CHECK-NOTES: :[[@LINE-1]]:25: note: data on the device of 'device' reaches parameter 'angles' through this call of 'simulate'
  return 0;
}
