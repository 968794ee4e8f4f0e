// Exponential moving average of a model's parameters, for evaluation with smoothed weights.
#include <torch/torch.h>

#include "benchproj/ema.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace benchproj {

ModelEma::ModelEma(const torch::nn::Module &model, double decay) : decay_(decay) {
  if (decay <= 0.0 || decay >= 1.0)
    throw std::invalid_argument("ModelEma: decay must be in (0, 1)");
  torch::NoGradGuard no_grad;
  const auto params = model.parameters();
  shadow_.reserve(params.size());
  for (const auto &p : params) {
    // The shadow weights live on the GPU next to the model.
    shadow_.push_back(p.detach().clone().cuda());
  }
}

double ModelEma::decay_at(int64_t step) const {
  // Warm up the decay so early averages are not dominated by the random init.
  const double warm = (1.0 + static_cast<double>(step)) / (10.0 + static_cast<double>(step));
  return std::min(decay_, warm);
}

void ModelEma::update(const torch::nn::Module &model) {
  const auto params = model.parameters();
  if (params.size() != shadow_.size())
    throw std::runtime_error("ModelEma::update: parameter count changed");
  ++updates_;
  const double d = decay_at(updates_);
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < params.size(); ++i) {
    auto &avg = shadow_[i];
    avg.mul_(d).add_(params[i].detach(), 1.0 - d);
  }
}

void ModelEma::swap_into(torch::nn::Module &model) {
  auto params = model.parameters();
  if (params.size() != shadow_.size())
    throw std::runtime_error("ModelEma::swap_into: parameter count changed");
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < params.size(); ++i) {
    auto current = params[i].detach().clone();
    params[i].copy_(shadow_[i]);
    shadow_[i].copy_(current);
  }
}

// Distance between the live and the averaged weights, for logging.
double ema_distance(const torch::nn::Module &model, const std::vector<torch::Tensor> &shadow) {
  const auto params = model.parameters();
  double total = 0.0;
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < params.size() && i < shadow.size(); ++i)
    total += (params[i].detach() - shadow[i].to(params[i].device())).pow(2).sum().item<double>();
  return std::sqrt(total);
}

// Restores the averaged weights from a file written by save_shadow().
std::vector<torch::Tensor> load_shadow(const std::string &path, const torch::Device &device) {
  std::vector<torch::Tensor> shadow;
  torch::load(shadow, path, device);
  return shadow;
}

void save_shadow(const std::vector<torch::Tensor> &shadow, const std::string &path) {
  std::vector<torch::Tensor> host;
  host.reserve(shadow.size());
  for (const auto &t : shadow)
    host.push_back(t.detach().cpu());
  torch::save(host, path);
}

} // namespace benchproj
