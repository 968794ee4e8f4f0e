// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/embedding.h
// NB: Embedding is a hand-written ModuleHolder subclass (not TORCH_MODULE) so
// that it can offer the static from_pretrained().
#pragma once

#include <torch/nn/cloneable.h>
// COPY torch/csrc/api/include/torch/nn/modules/embedding.h 6-13

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ Embedding

// COPY torch/csrc/api/include/torch/nn/modules/embedding.h 31-39

  void pretty_print(std::ostream& stream) const override;

  Tensor forward(const Tensor& indices);

  EmbeddingOptions options;

  Tensor weight;
};

// COPY torch/csrc/api/include/torch/nn/modules/embedding.h 61-63

// COPY torch/csrc/api/include/torch/nn/modules/embedding.h 67-72

// COPY torch/csrc/api/include/torch/nn/modules/embedding.h 75-89

} // namespace nn
} // namespace torch
