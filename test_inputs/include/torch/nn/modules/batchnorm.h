// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/batchnorm.h
#pragma once

#include <torch/nn/cloneable.h>
// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 6-13

template <size_t D, typename Derived, typename DerivedOptions>
// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 19-29
    // (real: registers the "weight" / "bias" parameters and the
    // "running_mean" / "running_var" / "num_batches_tracked" buffers)
// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 54-66
  }

  DerivedOptions options;

  Tensor weight;

  Tensor bias;

  Tensor running_mean;

  Tensor running_var;

  Tensor num_batches_tracked;
};

template <size_t D, typename Derived>
// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 103-108
    return torch::batch_norm(
        input,
        this->weight,
        this->bias,
        this->running_mean,
        this->running_var,
        this->is_training() || !this->options.track_running_stats(),
        /*momentum=*/0.1,
        this->options.eps(),
        /*cudnn_enabled=*/true);
  }

// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 142-143


// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 161-167

TORCH_MODULE(BatchNorm1d);


// COPY torch/csrc/api/include/torch/nn/modules/batchnorm.h 192-198

TORCH_MODULE(BatchNorm2d);

} // namespace nn
} // namespace torch
