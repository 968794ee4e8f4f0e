// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/loss.h (MSELoss, CrossEntropyLoss)
#pragma once

#include <torch/arg.h>
#include <torch/enum.h>
#include <torch/types.h>

namespace torch {
namespace nn {

struct TORCH_API MSELossOptions {
  typedef c10::variant<enumtype::kNone, enumtype::kMean, enumtype::kSum>
      reduction_t;

  TORCH_OPTIONS_CTOR_VARIANT_ARG3(MSELossOptions, reduction, kNone, kMean, kSum)

  TORCH_ARG(reduction_t, reduction) = torch::kMean;
};

namespace functional {
using MSELossFuncOptions = MSELossOptions;
} // namespace functional


struct TORCH_API CrossEntropyLossOptions {
  typedef c10::variant<enumtype::kNone, enumtype::kMean, enumtype::kSum>
      reduction_t;

  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(int64_t, ignore_index) = -100;
  TORCH_ARG(reduction_t, reduction) = torch::kMean;
  TORCH_ARG(double, label_smoothing) = 0.0;
};

namespace functional {
using CrossEntropyFuncOptions = CrossEntropyLossOptions;
} // namespace functional

} // namespace nn
} // namespace torch
