// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/dropout.h
#pragma once

#include <torch/arg.h>
#include <torch/types.h>

namespace torch {
namespace nn {

struct TORCH_API DropoutOptions {
  /* implicit */ DropoutOptions(double p = 0.5);

  TORCH_ARG(double, p) = 0.5;

  TORCH_ARG(bool, inplace) = false;
};

using Dropout2dOptions = DropoutOptions;

using Dropout3dOptions = DropoutOptions;

using AlphaDropoutOptions = DropoutOptions;

using FeatureAlphaDropoutOptions = DropoutOptions;

namespace functional {

struct TORCH_API DropoutFuncOptions {
  TORCH_ARG(double, p) = 0.5;

  TORCH_ARG(bool, training) = true;

  TORCH_ARG(bool, inplace) = false;
};

using Dropout2dFuncOptions = DropoutFuncOptions;

using Dropout3dFuncOptions = DropoutFuncOptions;

} // namespace functional

} // namespace nn
} // namespace torch
