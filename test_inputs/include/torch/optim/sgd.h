// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::SGD, SGDOptions and SGDParamState
// (torch/optim/sgd.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/optim/sgd.h 3-4
// COPY torch/csrc/api/include/torch/optim/sgd.h 6-7

#include <cstdint>
#include <deque>
#include <string>
#include <tuple>
// COPY torch/csrc/api/include/torch/optim/sgd.h 10-17

// COPY torch/csrc/api/include/torch/optim/sgd.h 21-33
  TORCH_API friend bool operator==(const SGDOptions& lhs, const SGDOptions& rhs);
// COPY torch/csrc/api/include/torch/optim/sgd.h 37-48
  TORCH_API friend bool operator==(const SGDParamState& lhs, const SGDParamState& rhs);
// COPY torch/csrc/api/include/torch/optim/sgd.h 52-56
  explicit SGD(std::vector<OptimizerParamGroup> param_groups, SGDOptions defaults);
  explicit SGD(std::vector<Tensor> params, SGDOptions defaults);
// COPY torch/csrc/api/include/torch/optim/sgd.h 83-84
// COPY torch/csrc/api/include/torch/optim/sgd.h 86-90
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
