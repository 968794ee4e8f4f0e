// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::LBFGS, LBFGSOptions and LBFGSParamState
// (torch/optim/lbfgs.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/optim/lbfgs.h 3-4
#include <torch/serialize/archive.h>
#include <torch/types.h>

#include <cstdint>
#include <deque>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace torch {
namespace serialize {
class OutputArchive;
class InputArchive;
} // namespace serialize

// COPY torch/csrc/api/include/torch/optim/lbfgs.h 14-28
  TORCH_API friend bool operator==(const LBFGSOptions& lhs, const LBFGSOptions& rhs);
// COPY torch/csrc/api/include/torch/optim/lbfgs.h 32-35

// Expands to what TORCH_ARG(std::deque<Tensor>, NAME) declares, except that
// the two setters are declared out of line: that keeps
// std::deque<Tensor>::operator= from being instantiated (parse time).
#define TORCHLINT_FAKE_DEQUE_ARG(NAME)                                    \
 public:                                                                  \
  auto NAME(const std::deque<Tensor>& new_##NAME) -> decltype(*this);     \
  auto NAME(std::deque<Tensor>&& new_##NAME) -> decltype(*this);          \
  inline const std::deque<Tensor>& NAME() const noexcept {                \
    return this->NAME##_;                                                 \
  }                                                                       \
  inline std::deque<Tensor>& NAME() noexcept {                            \
    return this->NAME##_;                                                 \
  }                                                                       \
                                                                          \
 private:                                                                 \
  std::deque<Tensor> NAME##_

// COPY torch/csrc/api/include/torch/optim/lbfgs.h 38-46
  TORCHLINT_FAKE_DEQUE_ARG(old_dirs);
  TORCHLINT_FAKE_DEQUE_ARG(old_stps);
  TORCHLINT_FAKE_DEQUE_ARG(ro);
// COPY torch/csrc/api/include/torch/optim/lbfgs.h 50-54
  TORCH_API friend bool operator==(const LBFGSParamState& lhs, const LBFGSParamState& rhs);
  ~LBFGSParamState() override = default;
};

#undef TORCHLINT_FAKE_DEQUE_ARG

class TORCH_API LBFGS : public Optimizer {
 public:
  explicit LBFGS(std::vector<OptimizerParamGroup> param_groups, LBFGSOptions defaults = {});
  explicit LBFGS(std::vector<Tensor> params, LBFGSOptions defaults = {});
// COPY torch/csrc/api/include/torch/optim/lbfgs.h 85-94
  std::tuple<double, Tensor> _directional_evaluate(const LossClosure& closure,
                                                   const std::vector<Tensor>& x,
                                                   double t, const Tensor& d);
// COPY torch/csrc/api/include/torch/optim/lbfgs.h 100-101
  template <typename Self, typename Archive>
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
