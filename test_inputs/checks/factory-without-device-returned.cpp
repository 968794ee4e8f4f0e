// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
#include <torch/torch.h>

#include <tuple>
#include <utility>
#include <vector>

// A helper of the same file returns a tensor it made without a device; the
// caller meets it with data on the agent's chosen device. The defect is the
// helper's factory: the warning is there, with a note at the meeting.
struct Agent {
  torch::Device device{torch::kCPU};
  Agent() : device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {}

  torch::Tensor advantages(const std::vector<float> &values) const {
    return torch::tensor(values, torch::TensorOptions().dtype(torch::kFloat32));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: return torch::tensor(values, torch::TensorOptions().dtype(torch::kFloat32).device(device));
  }

  // A pair: each element by its position. Only the first is made without a
  // device.
  std::pair<torch::Tensor, torch::Tensor>
  batches(const std::vector<float> &values) const {
    torch::Tensor host = torch::tensor(values, torch::dtype(torch::kFloat32));
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::Tensor host = torch::tensor(values, torch::dtype(torch::kFloat32).device(device));
    torch::Tensor placed =
        torch::tensor(values, torch::dtype(torch::kFloat32).device(device));
    return {host, placed};
  }

  torch::Tensor update(const std::vector<float> &values) const {
    auto index = torch::tensor({0, 1}, torch::dtype(torch::kLong).device(device));
    auto adv = advantages(values);
    auto [first, second] = batches(values);
    return adv.index_select(0, index) + first.index_select(0, index) +
           second.index_select(0, index);
  }
};
// CHECK-NOTES: :[[@LINE-4]]:16: note: it meets a tensor on the device of 'device' in 'Tensor::index_select'
// CHECK-NOTES: :[[@LINE-30]]:17: note: the device is taken from member 'device'
// CHECK-NOTES: :[[@LINE-6]]:47: note: it meets a tensor on the device of 'device' in 'Tensor::index_select'
// CHECK-NOTES: :[[@LINE-32]]:17: note: the device is taken from member 'device'

// The same helpers met only with host data: nothing to report.
struct HostStats {
  torch::Tensor counts(int64_t n) const { return torch::zeros({n}); }
  std::tuple<torch::Tensor, torch::Tensor> pair(int64_t n) const {
    return std::make_tuple(torch::zeros({n}), torch::ones({n}));
  }
  torch::Tensor total(int64_t n) const {
    auto [a, b] = pair(n);
    return counts(n) + a + b;
  }
};

// Both elements on the caller's device: the pair meets nothing on the CPU.
std::pair<torch::Tensor, torch::Tensor> on_device(const torch::Tensor &x) {
  return std::make_pair(torch::zeros_like(x), torch::ones({2}, x.options()));
}

torch::Tensor combine(torch::Tensor x, torch::Device device) {
  x = x.to(device);
  auto [zeros, ones] = on_device(x);
  return x + zeros + ones.sum();
}

// A free helper makes the canvas; the caller meets it with its output. No
// device is in scope in the helper, and the caller's names are not visible
// there: the warning comes without a fix (the helper needs a device).
torch::Tensor blank_canvas(int64_t h, int64_t w) {
  return torch::zeros({3, h, w});
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: return torch::zeros({3, h, w});
}

torch::Tensor paint(torch::nn::Linear &net, const torch::Tensor &x) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  // CHECK-NOTES: :[[@LINE-1]]:17: note: 'device' may be any device (it is chosen at run time)
  net->to(device);
  auto y = net->forward(x.to(device));
  return blank_canvas(3, 4) + y;
  // CHECK-NOTES: :[[@LINE-1]]:29: note: it meets a tensor on the device of 'device' in 'operator+'
}

// Made without a device on the first calls only: the caller divides device
// data by what the first calls return.
torch::Tensor running_scale(const torch::Tensor &x, int64_t seen) {
  if (seen <= 1)
    return torch::ones({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: return torch::ones({4}, torch::device(x.device()));
  return x.abs().amax(0);
}

// CHECK-NOTES: :[[@LINE-8]]:50: note: the device is taken from parameter 'x'

torch::Tensor rescale(const torch::Tensor &raw, torch::Device device,
                      int64_t seen) {
  auto x = raw.to(device);
  return x / running_scale(x, seen);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'device' in 'operator/'
}

// Every path's result is where x is: nothing made without a device.
torch::Tensor running_mean(const torch::Tensor &x, int64_t seen) {
  if (seen <= 1)
    return torch::zeros({4}, x.options());
  return x.mean(0);
}

torch::Tensor center(const torch::Tensor &raw, torch::Device device,
                     int64_t seen) {
  auto x = raw.to(device);
  return x - running_mean(x, seen);
}
