// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/optim/schedulers/lr_scheduler.h
#pragma once

#include <torch/optim/optimizer.h>

#include <vector>
// COPY torch/csrc/api/include/torch/optim/schedulers/lr_scheduler.h 6-11
// COPY torch/csrc/api/include/torch/optim/schedulers/lr_scheduler.h 15-21
  virtual std::vector<double> get_lrs() = 0;

  std::vector<double> get_current_lrs() const;

// COPY torch/csrc/api/include/torch/optim/schedulers/lr_scheduler.h 32-40
