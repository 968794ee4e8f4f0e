// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/batchnorm.h
#pragma once

#include <torch/arg.h>
#include <torch/types.h>

namespace torch {
namespace nn {

struct TORCH_API BatchNormOptions {
  /* implicit */ BatchNormOptions(int64_t num_features);

  TORCH_ARG(int64_t, num_features);

  TORCH_ARG(double, eps) = 1e-5;

  TORCH_ARG(c10::optional<double>, momentum) = 0.1;

  TORCH_ARG(bool, affine) = true;

  TORCH_ARG(bool, track_running_stats) = true;
};

using BatchNorm1dOptions = BatchNormOptions;

using BatchNorm2dOptions = BatchNormOptions;

using BatchNorm3dOptions = BatchNormOptions;


namespace functional {

struct TORCH_API BatchNormFuncOptions {
  TORCH_ARG(Tensor, weight) = Tensor();

  TORCH_ARG(Tensor, bias) = Tensor();

  TORCH_ARG(bool, training) = false;

  TORCH_ARG(c10::optional<double>, momentum) = 0.1;

  TORCH_ARG(double, eps) = 1e-5;
};

} // namespace functional

} // namespace nn
} // namespace torch
