#pragma once
#include <torch/torch.h>

#include <tuple>

torch::Tensor make_grid(int64_t h, int64_t w);
std::tuple<torch::Tensor, torch::Tensor> strides_and_counts(int64_t n);
torch::Tensor histogram_bins(int64_t n);
torch::Tensor running_scale(const torch::Tensor &x, int64_t seen);
