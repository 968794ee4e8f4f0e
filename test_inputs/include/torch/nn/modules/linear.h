// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/linear.h
#pragma once

#include <torch/nn/cloneable.h>
// COPY torch/csrc/api/include/torch/nn/modules/linear.h 5-14

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ Linear ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// COPY torch/csrc/api/include/torch/nn/modules/linear.h 52-60

// COPY torch/csrc/api/include/torch/nn/modules/linear.h 27-29

  LinearOptions options;

  Tensor weight;

  Tensor bias;
};

TORCH_MODULE(Linear);

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ Flatten ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// COPY torch/csrc/api/include/torch/nn/modules/linear.h 101-105

// COPY torch/csrc/api/include/torch/nn/modules/linear.h 27-29

  FlattenOptions options;
};

TORCH_MODULE(Flatten);

} // namespace nn
} // namespace torch
