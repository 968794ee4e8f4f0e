// Data augmentation for feature vectors and images.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <utility>

namespace benchproj {

torch::Tensor add_gaussian_noise(const torch::Tensor &x, double stddev);
torch::Tensor feature_dropout(const torch::Tensor &x, double p);
std::pair<torch::Tensor, torch::Tensor> mixup(const torch::Tensor &inputs,
                                              const torch::Tensor &targets,
                                              int64_t num_classes, double alpha);
torch::Tensor random_horizontal_flip(const torch::Tensor &images, double p);
torch::Tensor random_crop(const torch::Tensor &images, int64_t padding);
torch::Tensor normalize_images(const torch::Tensor &images);
torch::Tensor one_hot_smooth(const torch::Tensor &targets, int64_t num_classes, double smoothing);

} // namespace benchproj
