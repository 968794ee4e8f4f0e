// CHECKS: torch-implicit-device-migration
// HEADERS: fast real real2
// A layer that moves its input to its own device at the start of forward is
// a common, deliberate API: once callers place their data, the move costs
// nothing. It is reported only with ReportInputMoves (see
// implicit-device-migration.cpp); its state following the input always is.
#include <torch/torch.h>

struct ColumnLinearImpl : torch::nn::Module {
  explicit ColumnLinearImpl(const torch::TensorOptions &options)
      : device_(options.device()) {
    weight_ = register_parameter("weight", torch::empty({8, 4}, options));
  }
  torch::Tensor forward(torch::Tensor input) {
    input = input.to(device_);
    return torch::matmul(input, weight_.t());
  }
  torch::Device device_;
  torch::Tensor weight_;
};

struct ScaleImpl : torch::nn::Module {
  ScaleImpl() { scale_ = register_buffer("scale", torch::ones({4})); }
  torch::Tensor forward(const torch::Tensor &x) {
    return x.to(scale_.device()) * scale_;
  }
  torch::Tensor scale_;
};

// State that follows the input is reported as before.
struct FollowerImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    // CHECK-NOTES: :[[@LINE-1]]:46: note: input 'x' whose device is followed
    return x + offset_.to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'offset_' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
  }
  torch::Tensor offset_ = torch::zeros({4});
};
