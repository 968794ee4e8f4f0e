// Running feature statistics (Welford) used to standardise inputs.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

namespace benchproj {

class RunningNormalizer {
public:
  RunningNormalizer(int64_t num_features, double eps = 1e-5, double clip = 10.0);

  // Folds a batch [N, num_features] into the statistics.
  void update(const torch::Tensor &batch);
  torch::Tensor normalize(const torch::Tensor &x) const;
  torch::Tensor denormalize(const torch::Tensor &x) const;

  // Set-up: place the statistics where the data will live.
  void to(const torch::Device &device);
  void save(const std::string &path) const;
  void load(const std::string &path);

  torch::Tensor mean() const { return mean_; }
  torch::Tensor variance() const;
  int64_t count() const { return count_; }

private:
  int64_t num_features_;
  double eps_;
  double clip_;
  int64_t count_ = 0;
  torch::Tensor mean_;
  torch::Tensor m2_;
};

} // namespace benchproj
