// The MLP classifier: Linear -> (LayerNorm) -> GELU -> Dropout blocks and a linear head.
#include <torch/torch.h>

#include "benchproj/mlp.h"

#include <stdexcept>

namespace benchproj {

MlpImpl::MlpImpl(const MlpOptions &options) : options_(options) {
  if (options.input_dim <= 0 || options.output_dim <= 0)
    throw std::invalid_argument("Mlp: dimensions must be positive");
  layers_ = register_module("layers", torch::nn::ModuleList());
  norms_ = register_module("norms", torch::nn::ModuleList());
  int64_t in = options.input_dim;
  for (int64_t width : options.hidden) {
    layers_->push_back(torch::nn::Linear(torch::nn::LinearOptions(in, width).bias(true)));
    if (options.layer_norm)
      norms_->push_back(torch::nn::LayerNorm(torch::nn::LayerNormOptions({width})));
    in = width;
  }
  head_ = register_module("head", torch::nn::Linear(in, options.output_dim));
  dropout_ = register_module("dropout", torch::nn::Dropout(options.dropout));

  // Kaiming init for the hidden layers, small init for the head.
  torch::NoGradGuard no_grad;
  for (auto &module : *layers_) {
    auto *linear = module->as<torch::nn::Linear>();
    if (linear == nullptr)
      continue;
    torch::nn::init::kaiming_uniform_(linear->weight, std::sqrt(5.0));
    linear->bias.zero_();
  }
  head_->weight.normal_(0.0, 0.01);
  head_->bias.zero_();
}

torch::Tensor MlpImpl::features(const torch::Tensor &x) {
  TORCH_CHECK(x.dim() == 2 && x.size(1) == options_.input_dim, "Mlp expects [N, ",
              options_.input_dim, "] input, got ", x.sizes());
  auto h = x;
  for (size_t i = 0; i < layers_->size(); ++i) {
    h = layers_[i]->as<torch::nn::Linear>()->forward(h);
    if (options_.layer_norm)
      h = norms_[i]->as<torch::nn::LayerNorm>()->forward(h);
    h = torch::gelu(h);
    h = dropout_(h);
  }
  return h;
}

torch::Tensor MlpImpl::forward(const torch::Tensor &x) { return head_(features(x)); }

torch::Tensor MlpImpl::predict_proba(const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  const bool was_training = is_training();
  eval();
  auto probs = torch::softmax(forward(x), /*dim=*/-1);
  train(was_training);
  return probs;
}

void MlpImpl::freeze_features(bool frozen) {
  for (auto &p : layers_->parameters())
    p.set_requires_grad(!frozen);
  for (auto &p : norms_->parameters())
    p.set_requires_grad(!frozen);
}

void MlpImpl::reset_head(int64_t num_classes) {
  // A new head for fine-tuning on another label set, placed where the old one was.
  const auto options = head_->weight.options();
  const int64_t in = head_->options.in_features();
  head_ = replace_module("head", torch::nn::Linear(in, num_classes));
  head_->to(options.device(), options.dtype().toScalarType());
  options_.output_dim = num_classes;
}

int64_t MlpImpl::num_parameters() const {
  int64_t total = 0;
  for (const auto &p : parameters())
    total += p.numel();
  return total;
}

} // namespace benchproj
