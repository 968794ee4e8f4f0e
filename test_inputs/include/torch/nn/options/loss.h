// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/loss.h (MSELoss, CrossEntropyLoss)
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/nn/options/loss.h 5-9

// COPY torch/csrc/api/include/torch/nn/options/loss.h 97-101

// COPY torch/csrc/api/include/torch/nn/options/loss.h 24-27
// COPY torch/csrc/api/include/torch/nn/options/loss.h 119-120


// COPY torch/csrc/api/include/torch/nn/options/loss.h 732-734

  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(int64_t, ignore_index) = -100;
  TORCH_ARG(reduction_t, reduction) = torch::kMean;
// COPY torch/csrc/api/include/torch/nn/options/loss.h 745-748
using CrossEntropyFuncOptions = CrossEntropyLossOptions;
// COPY torch/csrc/api/include/torch/nn/options/loss.h 798-801
