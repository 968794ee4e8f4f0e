// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/dropout.h
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/nn/options/dropout.h 5-8

// COPY torch/csrc/api/include/torch/nn/options/dropout.h 16-17

  TORCH_ARG(double, p) = 0.5;

  TORCH_ARG(bool, inplace) = false;
};

using Dropout2dOptions = DropoutOptions;

using Dropout3dOptions = DropoutOptions;

using AlphaDropoutOptions = DropoutOptions;

// COPY torch/csrc/api/include/torch/nn/options/dropout.h 56-58

struct TORCH_API DropoutFuncOptions {
// COPY torch/csrc/api/include/torch/nn/options/dropout.h 69-71

  TORCH_ARG(bool, inplace) = false;
};

using Dropout2dFuncOptions = DropoutFuncOptions;

using Dropout3dFuncOptions = DropoutFuncOptions;
// COPY torch/csrc/api/include/torch/nn/options/dropout.h 126-130
