// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::AdamW, AdamWOptions and AdamWParamState
// (torch/optim/adamw.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/optim/adamw.h 3-4
#include <torch/serialize/archive.h>
#include <torch/types.h>

#include <cstdint>
#include <deque>
#include <string>
#include <tuple>
// COPY torch/csrc/api/include/torch/optim/adamw.h 7-14

// COPY torch/csrc/api/include/torch/optim/adamw.h 18-31
  TORCH_API friend bool operator==(const AdamWOptions& lhs, const AdamWOptions& rhs);
// COPY torch/csrc/api/include/torch/optim/adamw.h 35-49
  TORCH_API friend bool operator==(const AdamWParamState& lhs, const AdamWParamState& rhs);
// COPY torch/csrc/api/include/torch/optim/adamw.h 53-57
  explicit AdamW(std::vector<OptimizerParamGroup> param_groups, AdamWOptions defaults = {});
  explicit AdamW(std::vector<Tensor> params, AdamWOptions defaults = {});
// COPY torch/csrc/api/include/torch/optim/adamw.h 85-91
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
