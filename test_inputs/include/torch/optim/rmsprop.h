// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::RMSprop, RMSpropOptions and RMSpropParamState
// (torch/optim/rmsprop.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 3-4
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 6-7

#include <cstdint>
#include <deque>
#include <string>
#include <tuple>
#include <utility>
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 12-18

namespace optim {

struct TORCH_API RMSpropOptions : public OptimizerCloneableOptions<RMSpropOptions> {
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 26-36
  TORCH_API friend bool operator==(const RMSpropOptions& lhs, const RMSpropOptions& rhs);
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 40-54
  TORCH_API friend bool operator==(const RMSpropParamState& lhs, const RMSpropParamState& rhs);
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 58-62
  explicit RMSprop(std::vector<OptimizerParamGroup> param_groups, RMSpropOptions defaults = {});
  explicit RMSprop(std::vector<Tensor> params, RMSpropOptions defaults = {});
// COPY torch/csrc/api/include/torch/optim/rmsprop.h 88-94
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
