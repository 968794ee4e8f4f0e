// Augmentations applied to batches that are already on the training device.
#include <torch/torch.h>

#include "benchproj/augment.h"

#include <random>
#include <stdexcept>

namespace benchproj {

namespace F = torch::nn::functional;

torch::Tensor add_gaussian_noise(const torch::Tensor &x, double stddev) {
  if (stddev <= 0.0)
    return x;
  return x + torch::randn_like(x) * stddev;
}

torch::Tensor feature_dropout(const torch::Tensor &x, double p) {
  if (p <= 0.0)
    return x;
  if (p >= 1.0)
    throw std::invalid_argument("feature_dropout: p must be < 1");
  auto keep = torch::bernoulli(torch::full_like(x, 1.0 - p));
  return x * keep / (1.0 - p);
}

torch::Tensor one_hot_smooth(const torch::Tensor &targets, int64_t num_classes,
                             double smoothing) {
  auto one_hot = F::one_hot(targets.to(torch::kLong), num_classes).to(torch::kFloat);
  if (smoothing <= 0.0)
    return one_hot;
  return one_hot * (1.0 - smoothing) + smoothing / static_cast<double>(num_classes);
}

std::pair<torch::Tensor, torch::Tensor> mixup(const torch::Tensor &inputs,
                                              const torch::Tensor &targets,
                                              int64_t num_classes, double alpha) {
  auto soft = one_hot_smooth(targets, num_classes, 0.0).to(inputs.scalar_type());
  if (alpha <= 0.0)
    return {inputs, soft};
  static thread_local std::mt19937 rng(1234);
  std::gamma_distribution<double> gamma(alpha, 1.0);
  const double a = gamma(rng);
  const double b = gamma(rng);
  const double lambda = a / (a + b);
  auto perm = torch::randperm(inputs.size(0),
                              torch::dtype(torch::kLong).device(inputs.device()));
  auto mixed_inputs = lambda * inputs + (1.0 - lambda) * inputs.index_select(0, perm);
  auto mixed_targets = lambda * soft + (1.0 - lambda) * soft.index_select(0, perm);
  return {mixed_inputs, mixed_targets};
}

torch::Tensor random_horizontal_flip(const torch::Tensor &images, double p) {
  TORCH_CHECK(images.dim() == 4, "expected NCHW images");
  const int64_t n = images.size(0);
  auto flip = torch::rand({n}, images.options()).lt(p).view({n, 1, 1, 1});
  return torch::where(flip, images.flip({3}), images);
}

torch::Tensor random_crop(const torch::Tensor &images, int64_t padding) {
  TORCH_CHECK(images.dim() == 4, "expected NCHW images");
  if (padding <= 0)
    return images;
  const int64_t h = images.size(2);
  const int64_t w = images.size(3);
  auto padded = F::pad(images, F::PadFuncOptions({padding, padding, padding, padding})
                                   .mode(torch::kReflect));
  static thread_local std::mt19937 rng(4321);
  std::uniform_int_distribution<int64_t> offset(0, 2 * padding);
  std::vector<torch::Tensor> crops;
  crops.reserve(static_cast<size_t>(images.size(0)));
  for (int64_t i = 0; i < images.size(0); ++i) {
    const int64_t top = offset(rng);
    const int64_t left = offset(rng);
    crops.push_back(padded[i].narrow(1, top, h).narrow(2, left, w));
  }
  return torch::stack(crops);
}

torch::Tensor normalize_images(const torch::Tensor &images) {
  TORCH_CHECK(images.dim() == 4 && images.size(1) == 3, "expected N3HW images");
  // Per-channel mean and standard deviation of the training set (RGB).
  auto mean = torch::tensor({0.4914, 0.4822, 0.4465}).view({1, 3, 1, 1});
  auto stddev = torch::tensor({0.2470, 0.2435, 0.2616}).view({1, 3, 1, 1});
  auto x = images.to(torch::kFloat);
  if (x.max().item<float>() > 1.0f)
    x = x / 255.0;
  return (x - mean) / stddev;
}

} // namespace benchproj
