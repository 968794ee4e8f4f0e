// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
#include <torch/torch.h>

#include <vector>

// An op that returns a list of tensors (`torch::meshgrid`, `chunk`, `split`,
// `unbind`) computes each of them where its inputs are, and an element taken
// from the list (`grids[0]`) is where the list's elements are.

struct RayCaster {
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-3]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-4]]:17: note: the device is taken from member 'device_'
  explicit RayCaster(torch::Device device) : device_(device) {}

  // A pixel grid made on the host, then scaled by data on the chosen device.
  torch::Tensor directions() {
    auto u = torch::arange(4, torch::dtype(torch::kFloat));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto u = torch::arange(4, torch::dtype(torch::kFloat).device(device_));
    auto v = torch::arange(4, torch::dtype(torch::kFloat));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto v = torch::arange(4, torch::dtype(torch::kFloat).device(device_));
    auto grids = torch::meshgrid({u, v});
    auto scale = torch::ones({4, 4}, torch::device(device_));
    return grids[0] * scale + grids[1];
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'device_' in 'operator*'
    // CHECK-NOTES: :[[@LINE-2]]:21: note: it meets a tensor on the device of 'device_' in 'operator*'
  }

  // meshgrid checks that its inputs share a device: rows made on the host
  // meet columns made on the chosen device there.
  torch::Tensor grid_mixed() {
    auto rows = torch::arange(4);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto rows = torch::arange(4, torch::device(device_));
    auto cols = torch::arange(4, torch::device(device_));
    auto grids = torch::meshgrid({rows, cols});
    // CHECK-NOTES: :[[@LINE-1]]:18: note: it meets a tensor on the device of 'device_' in 'meshgrid'
    return grids[0];
  }

  // The halves of a host tensor, one of them meeting device data.
  torch::Tensor first_half() {
    auto halves = torch::ones({4, 2}).chunk(2, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto halves = torch::ones({4, 2}, torch::device(device_)).chunk(2, 0);
    auto weight = torch::ones({2, 2}, torch::device(device_));
    return torch::matmul(halves[0], weight);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'device_' in 'matmul'
  }

  // Made where the data is: nothing to report.
  torch::Tensor placed_grid() {
    auto u = torch::arange(4, torch::device(device_));
    auto grids = torch::meshgrid({u, u});
    return grids[0] + torch::ones({4, 4}, torch::device(device_));
  }
};

// The parts of a parameter are where it is.
torch::Tensor shift(const torch::Tensor &x) {
  auto parts = torch::split(x, 2);
  return parts[0] + x;
}
