// CHECKS: torch-implicit-device-migration
// HEADERS: fast real real2
// Seed 001: statistics that follow the input in update() and normalize(),
// methods that no forward method reaches. Each method runs per call on the
// data it receives, so moving state to that data's device and computing with
// the copy pays a copy on every call and hides a misplaced object. A method
// that takes a device, or a tensor only to read where it lives, places state
// once: set-up. So does a plain member that keeps its moved copy: the next
// call finds it in place.
#include <torch/torch.h>

class RunningMeanStd {
public:
  explicit RunningMeanStd(int64_t n)
      : mean_(torch::zeros({n})), var_(torch::ones({n})) {}

  // Placed lazily, once, where the data first comes: not flagged.
  void update(const torch::Tensor &x) {
    if (x.device() != mean_.device()) {
      mean_ = mean_.to(x.device());
      var_ = var_.to(x.device());
    }
    mean_ = mean_ * 0.9 + x.mean(0) * 0.1;
    var_ = var_ * 0.9 + x.var(0) * 0.1;
  }

  torch::Tensor normalize(const torch::Tensor &x) {
    auto mean = mean_.to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mean_' is moved to the device of input 'x' on every call of 'normalize'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-3]]:48: note: input 'x' whose device is followed
    return (x - mean) / (var_.to(x) + 1e-8).sqrt();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'var_' is moved to the device of input 'x' on every call of 'normalize'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-6]]:48: note: input 'x' whose device is followed
  }

  // Set-up: a device, or a tensor read only for where it lives.
  void to(torch::Device device) {
    mean_ = mean_.to(device);
    var_ = var_.to(device);
  }
  void place_like(const torch::Tensor &example) {
    mean_ = mean_.to(example.device());
    var_ = var_.to(example.options());
  }

  // Moving the caller's data to the object's device is a caller-friendly
  // method, not state following data.
  torch::Tensor centred(const torch::Tensor &x) const {
    return x.to(mean_.device()) - mean_;
  }

private:
  torch::Tensor mean_, var_;
};

// A module that moves itself to follow the input in a method of its own.
struct TrackerImpl : torch::nn::Module {
  TrackerImpl() { mean_ = register_buffer("mean", torch::zeros({3})); }
  void observe(const torch::Tensor &x) {
    if (x.device() != mean_.device())
      this->to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the module is moved to the device of input 'x' on every call of 'observe'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-4]]:37: note: input 'x' whose device is followed
    mean_.mul_(0.9).add_(x.mean(0), 0.1);
  }
  torch::Tensor mean_;
};
TORCH_MODULE(Tracker);
