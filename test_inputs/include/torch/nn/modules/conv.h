// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/conv.h (Conv2d only)
// NB: Conv2dImpl derives ConvNdImpl<2, Conv2dImpl>, which derives
// Cloneable<Conv2dImpl>; the kernel size is an ExpandingArray<2>.
#pragma once

#include <torch/expanding_array.h>
#include <torch/nn/cloneable.h>
#include <torch/nn/options/conv.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

#include <cstddef>
#include <vector>

namespace torch {
namespace nn {

template <size_t D, typename Derived>
class ConvNdImpl : public torch::nn::Cloneable<Derived> {
 public:
  explicit ConvNdImpl(detail::ConvNdOptions<D> options_)
      : options(std::move(options_)) {
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
  std::vector<int64_t> _reversed_padding_repeated_twice;
};

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ Conv2d ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

class TORCH_API Conv2dImpl : public ConvNdImpl<2, Conv2dImpl> {
 public:
  Conv2dImpl(
      int64_t input_channels,
      int64_t output_channels,
      ExpandingArray<2> kernel_size)
      : Conv2dImpl(
            Conv2dOptions(input_channels, output_channels, kernel_size)) {}
  explicit Conv2dImpl(Conv2dOptions options_);
  Tensor forward(const Tensor& input);

 protected:
  Tensor _conv_forward(const Tensor& input, const Tensor& weight);
};

TORCH_MODULE(Conv2d);

} // namespace nn
} // namespace torch
