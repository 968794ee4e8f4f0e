// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A project's own function that returns TensorOptions: what every return
// gives is what the factory gets.
#include <torch/torch.h>

class Sampler {
public:
  explicit Sampler(torch::Device device) : device_(device) {}

  torch::Tensor noise(int64_t n, const torch::Tensor &x) const {
    auto eps = torch::randn({n}, options());
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto eps = torch::randn({n}, options().device(device_));
    // CHECK-NOTES: :[[@LINE+2]]:26: note: it meets a tensor on the device of 'device_' in 'operator+'
    // CHECK-NOTES: :[[@LINE+19]]:17: note: the device is taken from member 'device_'
    return x.to(device_) + eps;
  }

  // Options that name the device: nothing to report.
  torch::Tensor placed_noise(int64_t n, const torch::Tensor &x) const {
    return x.to(device_) + torch::randn({n}, placed());
  }

  // Options a subclass may override: not known here.
  torch::Tensor overridable_noise(int64_t n, const torch::Tensor &x) const {
    return x.to(device_) + torch::randn({n}, chosen());
  }
  virtual ~Sampler() = default;

private:
  torch::TensorOptions options() const { return torch::dtype(torch::kFloat); }
  torch::TensorOptions placed() const { return options().device(device_); }
  virtual torch::TensorOptions chosen() const { return torch::dtype(torch::kFloat); }
  torch::Device device_;
};

torch::TensorOptions float_options() {
  return torch::TensorOptions().dtype(torch::kFloat32);
}

torch::Tensor shift(torch::Device device, const torch::Tensor &x) {
  return x.to(device) + torch::ones({3}, float_options());
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: return x.to(device) + torch::ones({3}, float_options().device(device));
  // CHECK-NOTES: :[[@LINE-3]]:23: note: it meets a tensor on the device of 'device' in 'operator+'
  // CHECK-NOTES: :[[@LINE-5]]:35: note: the device is taken from parameter 'device'
}

// Options that depend on an argument: the device may be among them.
torch::TensorOptions options_for(bool gpu) {
  return gpu ? torch::dtype(torch::kFloat).device(torch::kCUDA)
             : torch::dtype(torch::kFloat);
}

torch::Tensor shift_for(torch::Device device, const torch::Tensor &x, bool gpu) {
  return x.to(device) + torch::ones({3}, options_for(gpu));
}

// Helpers that return each other's options, recursively: followed a few
// calls deep, then not known.
torch::TensorOptions ping(int n);
torch::TensorOptions pong(int n) {
  return n > 0 ? ping(n - 1) : (n < 0 ? ping(n + 1) : torch::dtype(torch::kFloat));
}
torch::TensorOptions ping(int n) { return n > 1 ? pong(n - 2) : pong(n); }

torch::Tensor shift_recursive(torch::Device device, const torch::Tensor &x) {
  return x.to(device) + torch::ones({3}, ping(4));
}

// Options kept in a local and rebuilt in place (`options =
// options.dtype(...)`): every value the local takes counts.
torch::Tensor shift_rebuilt(torch::Device device, const torch::Tensor &x) {
  torch::TensorOptions options;
  options = options.dtype(torch::kFloat32);
  return x.to(device) + torch::ones({3}, options);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: return x.to(device) + torch::ones({3}, options.device(device));
  // CHECK-NOTES: :[[@LINE-3]]:23: note: it meets a tensor on the device of 'device' in 'operator+'
  // CHECK-NOTES: :[[@LINE-7]]:43: note: the device is taken from parameter 'device'
}
torch::Tensor shift_rebuilt_placed(torch::Device device, const torch::Tensor &x) {
  torch::TensorOptions options;
  options = options.dtype(torch::kFloat32).device(device);
  return x.to(device) + torch::ones({3}, options);
}
