// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/conv.h (Conv2d only)
// NB: Conv2dImpl derives ConvNdImpl<2, Conv2dImpl>, which derives
// Cloneable<Conv2dImpl>; the kernel size is an ExpandingArray<2>.
#pragma once
// COPY torch/csrc/api/include/torch/nn/modules/conv.h 5-7
// COPY torch/csrc/api/include/torch/nn/modules/conv.h 11-13
// COPY torch/csrc/api/include/torch/nn/modules/conv.h 16-21

template <size_t D, typename Derived>
// COPY torch/csrc/api/include/torch/nn/modules/conv.h 26-29
    reset();
  }

  void reset() override {
    // (real: registers "weight" / "bias" parameters and calls
    // reset_parameters())
    reset_parameters();
  }

  void reset_parameters() {}

  void pretty_print(std::ostream& stream) const override;

  detail::ConvNdOptions<D> options;

  Tensor weight;

  Tensor bias;

 protected:
// COPY torch/csrc/api/include/torch/nn/modules/conv.h 164-165

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ Conv2d ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// COPY torch/csrc/api/include/torch/nn/modules/conv.h 214-227

TORCH_MODULE(Conv2d);

} // namespace nn
} // namespace torch
