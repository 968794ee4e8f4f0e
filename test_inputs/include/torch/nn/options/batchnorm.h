// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/batchnorm.h
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/nn/options/batchnorm.h 5-8

// COPY torch/csrc/api/include/torch/nn/options/batchnorm.h 11-12

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

// COPY torch/csrc/api/include/torch/nn/options/batchnorm.h 76-81

  TORCH_ARG(c10::optional<double>, momentum) = 0.1;

// COPY torch/csrc/api/include/torch/nn/options/batchnorm.h 89-95
