// Gradient norms and clipping.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <deque>
#include <vector>

namespace benchproj {

double global_grad_norm(const std::vector<torch::Tensor> &params, double norm_type = 2.0);
double clip_grad_norm(const std::vector<torch::Tensor> &params, double max_norm,
                      double norm_type = 2.0);
void clip_grad_value(const std::vector<torch::Tensor> &params, double clip_value);
bool grads_finite(const std::vector<torch::Tensor> &params);

// Tracks the recent gradient norms to detect spikes.
class GradientMonitor {
public:
  explicit GradientMonitor(size_t window = 100, double spike_factor = 10.0);
  // Returns true when the norm is a spike relative to the window.
  bool observe(double norm);
  double mean() const;
  int64_t spikes() const { return spikes_; }

private:
  size_t window_;
  double spike_factor_;
  std::deque<double> history_;
  int64_t spikes_ = 0;
};

} // namespace benchproj
