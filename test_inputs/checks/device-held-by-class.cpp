// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A class's device, however the class holds it: directly, through a
// shared pointer, or behind a getter. A local that shadows the member is
// not the member.
#include <torch/torch.h>

#include <memory>

struct Scorer {
  explicit Scorer(torch::Device device) : device_(device) {}
  torch::Device device() const { return device_; }

  torch::Tensor through_getter(const torch::Tensor &x) {
    auto w = torch::tensor({1.0, 2.0, 3.0});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto w = torch::tensor({1.0, 2.0, 3.0}, torch::device(device_));
    return x.to(device()) * w;
    // CHECK-NOTES: :[[@LINE-1]]:27: note: it meets a tensor on the device of 'device_' in 'operator*'
    // CHECK-NOTES: :[[@LINE+11]]:17: note: the device is taken from member 'device_'
  }

  // A local of the same name is a CPU device chosen here: the factory's
  // tensor meets a CPU tensor.
  torch::Tensor shadowed(const torch::Tensor &x) {
    torch::Device device_ = torch::kCPU;
    auto w = torch::tensor({1.0, 2.0, 3.0});
    return x.to(device_) * w;
  }

  torch::Device device_;
};

struct SharedDevice {
  explicit SharedDevice(std::shared_ptr<torch::Device> device)
      : device_(std::move(device)) {}

  torch::Tensor score(const torch::Tensor &x) {
    auto w = torch::ones({3});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto w = torch::ones({3}, torch::device(*device_));
    return x.to(*device_) * w;
    // CHECK-NOTES: :[[@LINE-1]]:27: note: it meets a tensor on the device of 'device_' in 'operator*'
    // CHECK-NOTES: :[[@LINE+3]]:34: note: the device is taken from member 'device_'
  }

  std::shared_ptr<torch::Device> device_;
};
