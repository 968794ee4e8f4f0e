// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/normalization.h (LayerNorm)
#pragma once

#include <torch/nn/cloneable.h>
// COPY torch/csrc/api/include/torch/nn/modules/normalization.h 6-14

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ LayerNorm
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// COPY torch/csrc/api/include/torch/nn/modules/normalization.h 32-40

// COPY torch/csrc/api/include/torch/nn/modules/normalization.h 180-182

  LayerNormOptions options;

  Tensor weight;

  Tensor bias;
};

TORCH_MODULE(LayerNorm);

} // namespace nn
} // namespace torch
