// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/loss.h (MSELoss, CrossEntropyLoss)
#pragma once

#include <torch/nn/cloneable.h>
#include <torch/nn/options/loss.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

namespace torch {
namespace nn {

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ MSELoss ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// NOLINTNEXTLINE(bugprone-exception-escape)
struct TORCH_API MSELossImpl : Cloneable<MSELossImpl> {
  explicit MSELossImpl(const MSELossOptions& options_ = {});

  void reset() override;

  void pretty_print(std::ostream& stream) const override;

  Tensor forward(const Tensor& input, const Tensor& target);

  MSELossOptions options;
};

TORCH_MODULE(MSELoss);

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ CrossEntropyLoss

// NOLINTNEXTLINE(bugprone-exception-escape)
struct TORCH_API CrossEntropyLossImpl : public Cloneable<CrossEntropyLossImpl> {
  explicit CrossEntropyLossImpl(const CrossEntropyLossOptions& options_ = {});

  void reset() override;

  void pretty_print(std::ostream& stream) const override;

  Tensor forward(const Tensor& input, const Tensor& target);

  CrossEntropyLossOptions options;

  Tensor weight;
};

TORCH_MODULE(CrossEntropyLoss);

} // namespace nn
} // namespace torch
