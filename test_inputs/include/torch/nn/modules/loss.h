// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/loss.h (MSELoss, CrossEntropyLoss)
#pragma once

#include <torch/nn/cloneable.h>
// COPY torch/csrc/api/include/torch/nn/modules/loss.h 6-8

namespace torch {
namespace nn {

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ MSELoss ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// COPY torch/csrc/api/include/torch/nn/modules/loss.h 104-108

// COPY torch/csrc/api/include/torch/nn/modules/loss.h 39-41

  MSELossOptions options;
};

TORCH_MODULE(MSELoss);

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ CrossEntropyLoss

// COPY torch/csrc/api/include/torch/nn/modules/loss.h 755-759

// COPY torch/csrc/api/include/torch/nn/modules/loss.h 39-41

  CrossEntropyLossOptions options;

  Tensor weight;
};

TORCH_MODULE(CrossEntropyLoss);

} // namespace nn
} // namespace torch
