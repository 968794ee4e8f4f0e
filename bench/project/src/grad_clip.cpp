// Gradient norm computation and clipping, without host round trips per parameter.
#include <torch/torch.h>

#include "benchproj/grad_clip.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace benchproj {
namespace {

std::vector<torch::Tensor> grads_of(const std::vector<torch::Tensor> &params) {
  std::vector<torch::Tensor> grads;
  grads.reserve(params.size());
  for (const auto &p : params) {
    if (p.grad().defined())
      grads.push_back(p.grad().detach());
  }
  return grads;
}

} // namespace

double global_grad_norm(const std::vector<torch::Tensor> &params, double norm_type) {
  auto grads = grads_of(params);
  if (grads.empty())
    return 0.0;
  if (std::isinf(norm_type)) {
    std::vector<torch::Tensor> maxima;
    maxima.reserve(grads.size());
    for (const auto &g : grads)
      maxima.push_back(g.abs().max());
    return torch::stack(maxima).max().item<double>();
  }
  std::vector<torch::Tensor> norms;
  norms.reserve(grads.size());
  for (const auto &g : grads)
    norms.push_back(g.norm(norm_type));
  return torch::stack(norms).norm(norm_type).item<double>();
}

double clip_grad_norm(const std::vector<torch::Tensor> &params, double max_norm,
                      double norm_type) {
  const double total = global_grad_norm(params, norm_type);
  if (!std::isfinite(total))
    return total;
  const double coef = max_norm / (total + 1e-6);
  if (coef < 1.0) {
    torch::NoGradGuard no_grad;
    for (const auto &p : params) {
      if (p.grad().defined())
        p.grad().mul_(coef);
    }
  }
  return total;
}

void clip_grad_value(const std::vector<torch::Tensor> &params, double clip_value) {
  torch::NoGradGuard no_grad;
  for (const auto &p : params) {
    if (p.grad().defined())
      p.grad().clamp_(-clip_value, clip_value);
  }
}

bool grads_finite(const std::vector<torch::Tensor> &params) {
  for (const auto &g : grads_of(params)) {
    if (!torch::isfinite(g).all().item<bool>())
      return false;
  }
  return true;
}

GradientMonitor::GradientMonitor(size_t window, double spike_factor)
    : window_(window), spike_factor_(spike_factor) {}

bool GradientMonitor::observe(double norm) {
  bool spike = false;
  if (history_.size() >= 10) {
    const double m = mean();
    spike = !std::isfinite(norm) || norm > spike_factor_ * m;
  }
  if (spike) {
    ++spikes_;
    return true;
  }
  history_.push_back(norm);
  if (history_.size() > window_)
    history_.pop_front();
  return false;
}

double GradientMonitor::mean() const {
  if (history_.empty())
    return 0.0;
  return std::accumulate(history_.begin(), history_.end(), 0.0) /
         static_cast<double>(history_.size());
}

} // namespace benchproj
