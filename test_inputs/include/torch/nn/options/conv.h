// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/conv.h
// NB: Conv2dOptions is an alias of the template ConvOptions<2>.
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/nn/options/conv.h 5-23

// COPY torch/csrc/api/include/torch/nn/options/conv.h 26-35

  TORCH_ARG(int64_t, in_channels);
  TORCH_ARG(int64_t, out_channels);
  TORCH_ARG(ExpandingArray<D>, kernel_size);
  TORCH_ARG(ExpandingArray<D>, stride) = 1;
// COPY torch/csrc/api/include/torch/nn/options/conv.h 61-66

  TORCH_ARG(ExpandingArray<D>, dilation) = 1;
  TORCH_ARG(bool, transposed) = false;
  TORCH_ARG(ExpandingArray<D>, output_padding) = 0;
  TORCH_ARG(int64_t, groups) = 1;
  TORCH_ARG(bool, bias) = true;
// COPY torch/csrc/api/include/torch/nn/options/conv.h 95-98


// COPY torch/csrc/api/include/torch/nn/options/conv.h 103-114

  TORCH_ARG(int64_t, in_channels);
  TORCH_ARG(int64_t, out_channels);
  TORCH_ARG(ExpandingArray<D>, kernel_size);
  TORCH_ARG(ExpandingArray<D>, stride) = 1;
// COPY torch/csrc/api/include/torch/nn/options/conv.h 61-66

  TORCH_ARG(ExpandingArray<D>, dilation) = 1;
  TORCH_ARG(int64_t, groups) = 1;
  TORCH_ARG(bool, bias) = true;
// COPY torch/csrc/api/include/torch/nn/options/conv.h 163-164

using Conv1dOptions = ConvOptions<1>;

using Conv2dOptions = ConvOptions<2>;

using Conv3dOptions = ConvOptions<3>;


namespace functional {

// COPY torch/csrc/api/include/torch/nn/options/conv.h 195-197

  TORCH_ARG(torch::Tensor, bias) = Tensor();
  TORCH_ARG(ExpandingArray<D>, stride) = 1;
// COPY torch/csrc/api/include/torch/nn/options/conv.h 61-66

  TORCH_ARG(ExpandingArray<D>, dilation) = 1;
  TORCH_ARG(int64_t, groups) = 1;
};

using Conv1dFuncOptions = ConvFuncOptions<1>;

using Conv2dFuncOptions = ConvFuncOptions<2>;

// COPY torch/csrc/api/include/torch/nn/options/conv.h 252-254

} // namespace nn
} // namespace torch
