// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options/activation.h
#pragma once

#include <torch/arg.h>
// COPY torch/csrc/api/include/torch/nn/options/activation.h 5-9

// COPY torch/csrc/api/include/torch/nn/options/activation.h 227-228

  TORCH_ARG(int64_t, dim);
};


namespace functional {

// COPY torch/csrc/api/include/torch/nn/options/activation.h 245-246

  TORCH_ARG(int64_t, dim);

// COPY torch/csrc/api/include/torch/nn/options/activation.h 255-258


// COPY torch/csrc/api/include/torch/nn/options/activation.h 309-310

  TORCH_ARG(int64_t, dim);
};


namespace functional {

// COPY torch/csrc/api/include/torch/nn/options/activation.h 327-328

  TORCH_ARG(int64_t, dim);

// COPY torch/csrc/api/include/torch/nn/options/activation.h 255-258


// COPY torch/csrc/api/include/torch/nn/options/activation.h 368-369

  TORCH_ARG(bool, inplace);
};

namespace functional {
using ReLUFuncOptions = ReLUOptions;
// COPY torch/csrc/api/include/torch/nn/options/activation.h 711-714
