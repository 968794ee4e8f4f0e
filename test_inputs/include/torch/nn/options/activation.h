// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/activation.h
#pragma once

#include <torch/arg.h>
#include <torch/enum.h>
#include <torch/types.h>

namespace torch {
namespace nn {

struct TORCH_API SoftmaxOptions {
  SoftmaxOptions(int64_t dim);

  TORCH_ARG(int64_t, dim);
};


namespace functional {

struct TORCH_API SoftmaxFuncOptions {
  SoftmaxFuncOptions(int64_t dim);

  TORCH_ARG(int64_t, dim);

  TORCH_ARG(c10::optional<torch::Dtype>, dtype) = c10::nullopt;
};

} // namespace functional


struct TORCH_API LogSoftmaxOptions {
  LogSoftmaxOptions(int64_t dim);

  TORCH_ARG(int64_t, dim);
};


namespace functional {

struct TORCH_API LogSoftmaxFuncOptions {
  LogSoftmaxFuncOptions(int64_t dim);

  TORCH_ARG(int64_t, dim);

  TORCH_ARG(c10::optional<torch::Dtype>, dtype) = c10::nullopt;
};

} // namespace functional


struct TORCH_API ReLUOptions {
  /* implicit */ ReLUOptions(bool inplace = false);

  TORCH_ARG(bool, inplace);
};

namespace functional {
using ReLUFuncOptions = ReLUOptions;
} // namespace functional

} // namespace nn
} // namespace torch
