// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/normalization.h
#pragma once

#include <torch/arg.h>
#include <torch/types.h>

#include <vector>

namespace torch {
namespace nn {

// COPY torch/csrc/api/include/torch/nn/options/normalization.h 18-19
  TORCH_ARG(std::vector<int64_t>, normalized_shape);
  TORCH_ARG(double, eps) = 1e-5;
  TORCH_ARG(bool, elementwise_affine) = true;
};


namespace functional {

// COPY torch/csrc/api/include/torch/nn/options/normalization.h 42-43
// COPY torch/csrc/api/include/torch/nn/options/normalization.h 45-49

// COPY torch/csrc/api/include/torch/nn/options/normalization.h 186-192
