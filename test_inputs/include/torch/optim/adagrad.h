// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::Adagrad, AdagradOptions and AdagradParamState
// (torch/optim/adagrad.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>
// COPY torch/csrc/api/include/torch/optim/adagrad.h 6-7

#include <cstdint>
#include <deque>
#include <string>
#include <tuple>
// COPY torch/csrc/api/include/torch/optim/adagrad.h 9-16

namespace optim {

struct TORCH_API AdagradOptions : public OptimizerCloneableOptions<AdagradOptions> {
// COPY torch/csrc/api/include/torch/optim/adagrad.h 24-33
  TORCH_API friend bool operator==(const AdagradOptions& lhs, const AdagradOptions& rhs);
// COPY torch/csrc/api/include/torch/optim/adagrad.h 37-49
  TORCH_API friend bool operator==(const AdagradParamState& lhs, const AdagradParamState& rhs);
// COPY torch/csrc/api/include/torch/optim/adagrad.h 53-57
  explicit Adagrad(std::vector<OptimizerParamGroup> param_groups, AdagradOptions defaults = {});
  explicit Adagrad(std::vector<Tensor> params, AdagradOptions defaults = {});
// COPY torch/csrc/api/include/torch/optim/adagrad.h 98-104
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
