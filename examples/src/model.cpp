#include "model.h"

RunningNormImpl::RunningNormImpl(int64_t features, double momentum)
    : momentum_(momentum) {
  // Modules are built on the host; model->to(device) moves registered buffers.
  mean_ = register_buffer("mean", torch::zeros({features}));
  var_ = register_buffer("var", torch::ones({features}));
}

torch::Tensor RunningNormImpl::forward(const torch::Tensor& input) {
  // BUG(torch-implicit-device-migration): the input silently follows the buffers instead of failing loudly
  auto x = input.to(mean_.device());
  if (is_training()) {
    torch::NoGradGuard no_grad;
    mean_.mul_(1.0 - momentum_).add_(x.mean(0), momentum_);
    var_.mul_(1.0 - momentum_).add_(x.var(0, /*unbiased=*/false), momentum_);
  }
  return (x - mean_) / (var_ + 1e-5).sqrt();
}

NetImpl::NetImpl(const NetConfig& cfg) {
  norm = register_module("norm", RunningNorm(cfg.in_features));
  fc1 = register_module("fc1", torch::nn::Linear(cfg.in_features, cfg.hidden));
  fc2 = register_module("fc2", torch::nn::Linear(cfg.hidden, cfg.hidden));
  fc3 = register_module("fc3", torch::nn::Linear(cfg.hidden, cfg.num_classes));
  drop = register_module("drop", torch::nn::Dropout(cfg.dropout));
}

torch::Tensor NetImpl::forward(const torch::Tensor& x) {
  auto h = norm(x);
  h = torch::relu(fc1(h));
  h = drop(torch::relu(fc2(h)));
  return fc3(h);
}
