// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the declarations of torch::optim::LBFGS, LBFGSOptions and LBFGSParamState
// (torch/optim/lbfgs.h of the C++ frontend); member function bodies omitted.
#pragma once

#include <torch/arg.h>
#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>
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

namespace optim {

struct TORCH_API LBFGSOptions : public OptimizerCloneableOptions<LBFGSOptions> {
  LBFGSOptions(double lr = 1);
  TORCH_ARG(double, lr) = 1;
  TORCH_ARG(int64_t, max_iter) = 20;
  TORCH_ARG(c10::optional<int64_t>, max_eval) = c10::nullopt;
  TORCH_ARG(double, tolerance_grad) = 1e-7;
  TORCH_ARG(double, tolerance_change) = 1e-9;
  TORCH_ARG(int64_t, history_size) = 100;
  TORCH_ARG(c10::optional<std::string>, line_search_fn) = c10::nullopt;

 public:
  void serialize(torch::serialize::InputArchive& archive) override;
  void serialize(torch::serialize::OutputArchive& archive) const override;
  TORCH_API friend bool operator==(const LBFGSOptions& lhs, const LBFGSOptions& rhs);
  ~LBFGSOptions() override = default;
  double get_lr() const override;
  void set_lr(const double lr) override;
};

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

struct TORCH_API LBFGSParamState
    : public OptimizerCloneableParamState<LBFGSParamState> {
  TORCH_ARG(int64_t, func_evals) = 0;
  TORCH_ARG(int64_t, n_iter) = 0;
  TORCH_ARG(double, t);
  TORCH_ARG(double, prev_loss);
  TORCH_ARG(Tensor, d) = {};
  TORCH_ARG(Tensor, H_diag) = {};
  TORCH_ARG(Tensor, prev_flat_grad) = {};
  TORCHLINT_FAKE_DEQUE_ARG(old_dirs);
  TORCHLINT_FAKE_DEQUE_ARG(old_stps);
  TORCHLINT_FAKE_DEQUE_ARG(ro);
  TORCH_ARG(c10::optional<std::vector<Tensor>>, al) = c10::nullopt;

 public:
  void serialize(torch::serialize::InputArchive& archive) override;
  void serialize(torch::serialize::OutputArchive& archive) const override;
  TORCH_API friend bool operator==(const LBFGSParamState& lhs, const LBFGSParamState& rhs);
  ~LBFGSParamState() override = default;
};

#undef TORCHLINT_FAKE_DEQUE_ARG

class TORCH_API LBFGS : public Optimizer {
 public:
  explicit LBFGS(std::vector<OptimizerParamGroup> param_groups, LBFGSOptions defaults = {});
  explicit LBFGS(std::vector<Tensor> params, LBFGSOptions defaults = {});

  Tensor step(LossClosure closure) override;
  void save(serialize::OutputArchive& archive) const override;
  void load(serialize::InputArchive& archive) override;

 private:
  c10::optional<int64_t> _numel_cache;
  int64_t _numel();
  Tensor _gather_flat_grad();
  void _add_grad(const double step_size, const Tensor& update);
  std::tuple<double, Tensor> _directional_evaluate(const LossClosure& closure,
                                                   const std::vector<Tensor>& x,
                                                   double t, const Tensor& d);
  void _set_param(const std::vector<Tensor>& params_data);
  std::vector<Tensor> _clone_param();
  template <typename Self, typename Archive>
  static void serialize(Self& self, Archive& archive);
};

} // namespace optim
} // namespace torch
