// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/linear.h
// COPY torch/csrc/api/include/torch/nn/options/linear.h 1-4
#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace torch {
namespace nn {

// COPY torch/csrc/api/include/torch/nn/options/linear.h 17-18
  TORCH_ARG(int64_t, in_features);

  TORCH_ARG(int64_t, out_features);

  TORCH_ARG(bool, bias) = true;
};

struct TORCH_API FlattenOptions {
  TORCH_ARG(int64_t, start_dim) = 1;
  TORCH_ARG(int64_t, end_dim) = -1;
};

} // namespace nn
} // namespace torch
