// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/optim/schedulers/lr_scheduler.h
#pragma once

#include <torch/optim/optimizer.h>

#include <vector>

namespace torch {
namespace optim {

class TORCH_API LRScheduler {
 public:
  LRScheduler(torch::optim::Optimizer& optimizer);

  virtual ~LRScheduler() = default;

  void step();

 protected:
  virtual std::vector<double> get_lrs() = 0;

  std::vector<double> get_current_lrs() const;

  unsigned step_count_;

 private:
  void set_optimizer_lrs(const std::vector<double>& learning_rates);

  torch::optim::Optimizer& optimizer_;
};
} // namespace optim
} // namespace torch
