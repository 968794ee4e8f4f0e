// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::Adam, AdamOptions and AdamParamState
// (torch/optim/adam.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/optim/adam.h 3-4
#include <torch/serialize/archive.h>
#include <torch/types.h>

#include <cstdint>
#include <deque>
#include <string>
#include <tuple>
// COPY torch/csrc/api/include/torch/optim/adam.h 7-14

// COPY torch/csrc/api/include/torch/optim/adam.h 18-31
  TORCH_API friend bool operator==(const AdamOptions& lhs, const AdamOptions& rhs);
// COPY torch/csrc/api/include/torch/optim/adam.h 35-49
  TORCH_API friend bool operator==(const AdamParamState& lhs, const AdamParamState& rhs);
// COPY torch/csrc/api/include/torch/optim/adam.h 53-57
  explicit Adam(std::vector<OptimizerParamGroup> param_groups, AdamOptions defaults = {});
  explicit Adam(std::vector<Tensor> params, AdamOptions defaults = {});
// COPY torch/csrc/api/include/torch/optim/adam.h 85-91
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
