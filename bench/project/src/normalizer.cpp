// Running mean/variance of input features (parallel Welford update).
#include <torch/torch.h>

#include "benchproj/normalizer.h"

#include <stdexcept>

namespace benchproj {

RunningNormalizer::RunningNormalizer(int64_t num_features, double eps, double clip)
    : num_features_(num_features), eps_(eps), clip_(clip) {
  if (num_features <= 0)
    throw std::invalid_argument("RunningNormalizer: num_features must be positive");
  mean_ = torch::zeros({num_features}, torch::kDouble);
  m2_ = torch::zeros({num_features}, torch::kDouble);
}

void RunningNormalizer::update(const torch::Tensor &batch) {
  TORCH_CHECK(batch.dim() == 2 && batch.size(1) == num_features_,
              "RunningNormalizer::update expects [N, ", num_features_, "], got ", batch.sizes());
  const int64_t n = batch.size(0);
  if (n == 0)
    return;
  // Keep the statistics next to the incoming data.
  mean_ = mean_.to(batch.device());
  m2_ = m2_.to(batch.device());

  torch::NoGradGuard no_grad;
  auto x = batch.detach().to(torch::kDouble);
  auto batch_mean = x.mean(/*dim=*/0);
  auto batch_m2 = (x - batch_mean).pow(2).sum(/*dim=*/0);

  const double old_count = static_cast<double>(count_);
  const double total = old_count + static_cast<double>(n);
  auto delta = batch_mean - mean_;
  mean_ = mean_ + delta * (static_cast<double>(n) / total);
  m2_ = m2_ + batch_m2 + delta.pow(2) * (old_count * static_cast<double>(n) / total);
  count_ += n;
}

torch::Tensor RunningNormalizer::variance() const {
  if (count_ < 2)
    return torch::ones_like(m2_);
  return m2_ / static_cast<double>(count_ - 1);
}

torch::Tensor RunningNormalizer::normalize(const torch::Tensor &x) const {
  TORCH_CHECK(x.size(-1) == num_features_, "feature count mismatch: ", x.size(-1), " vs ",
              num_features_);
  if (count_ == 0)
    return x;
  auto mean = mean_.to(x.scalar_type());
  auto stddev = (variance() + eps_).sqrt().to(x.scalar_type());
  return ((x - mean) / stddev).clamp(-clip_, clip_);
}

torch::Tensor RunningNormalizer::denormalize(const torch::Tensor &x) const {
  if (count_ == 0)
    return x;
  auto mean = mean_.to(x.scalar_type());
  auto stddev = (variance() + eps_).sqrt().to(x.scalar_type());
  return x * stddev + mean;
}

void RunningNormalizer::to(const torch::Device &device) {
  mean_ = mean_.to(device);
  m2_ = m2_.to(device);
}

void RunningNormalizer::save(const std::string &path) const {
  auto count = torch::full({1}, count_, torch::dtype(torch::kLong));
  std::vector<torch::Tensor> state = {mean_.cpu(), m2_.cpu(), count};
  torch::save(state, path);
}

void RunningNormalizer::load(const std::string &path) {
  std::vector<torch::Tensor> state;
  torch::load(state, path);
  if (state.size() != 3)
    throw std::runtime_error("RunningNormalizer: bad state file " + path);
  if (state[0].numel() != num_features_)
    throw std::runtime_error("RunningNormalizer: state has " + std::to_string(state[0].numel()) +
                             " features, expected " + std::to_string(num_features_));
  const auto device = mean_.device();
  mean_ = state[0].to(device, torch::kDouble);
  m2_ = state[1].to(device, torch::kDouble);
  count_ = state[2].item<int64_t>();
}

} // namespace benchproj
