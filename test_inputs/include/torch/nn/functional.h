// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/functional.h
// (linear, relu, softmax, log_softmax, conv1d/2d/3d, dropout, mse_loss,
// cross_entropy; the real bodies live in functional/*.h and forward to
// functional::detail helpers; the fake ones forward to ATen directly).
#pragma once

#include <torch/nn/options/activation.h>
#include <torch/nn/options/conv.h>
#include <torch/nn/options/dropout.h>
#include <torch/nn/options/loss.h>
#include <torch/types.h>

namespace torch {
namespace nn {
namespace functional {

// functional/linear.h
inline Tensor linear(
    const Tensor& input,
    const Tensor& weight,
    const Tensor& bias = {}) {
  return torch::linear(input, weight, bias);
}

// functional/activation.h
inline Tensor softmax(const Tensor& input, const SoftmaxFuncOptions& options) {
  return torch::softmax(input, options.dim(), options.dtype());
}

inline Tensor log_softmax(
    const Tensor& input,
    const LogSoftmaxFuncOptions& options) {
  return torch::log_softmax(input, options.dim(), options.dtype());
}

inline Tensor relu(Tensor input, const ReLUFuncOptions& options = {}) {
  return options.inplace() ? torch::relu_(input) : torch::relu(input);
}

// functional/conv.h
inline Tensor conv1d(
    const Tensor& input,
    const Tensor& weight,
    const Conv1dFuncOptions& options = {}) {
  return torch::conv1d(
      input,
      weight,
      options.bias(),
      options.stride(),
      /*padding=*/at::IntArrayRef{},
      options.dilation(),
      options.groups());
}

inline Tensor conv3d(
    const Tensor& input,
    const Tensor& weight,
    const Conv3dFuncOptions& options = {}) {
  return torch::conv3d(
      input,
      weight,
      options.bias(),
      options.stride(),
      /*padding=*/at::IntArrayRef{},
      options.dilation(),
      options.groups());
}

inline Tensor conv2d(
    const Tensor& input,
    const Tensor& weight,
    const Conv2dFuncOptions& options = {}) {
  return torch::conv2d(
      input,
      weight,
      options.bias(),
      options.stride(),
      /*padding=*/at::IntArrayRef{},
      options.dilation(),
      options.groups());
}

// functional/dropout.h
inline Tensor dropout(Tensor input, const DropoutFuncOptions& options = {}) {
  return torch::dropout(input, options.p(), options.training());
}

// functional/loss.h
inline Tensor mse_loss(
    const Tensor& input,
    const Tensor& target,
    const MSELossFuncOptions& options = {}) {
  return torch::mse_loss(
      input, target, enumtype::reduction_get_enum(options.reduction()));
}

inline Tensor cross_entropy(
    const Tensor& input,
    const Tensor& target,
    const CrossEntropyFuncOptions& options = {}) {
  return torch::cross_entropy_loss(
      input,
      target,
      options.weight(),
      enumtype::reduction_get_enum(options.reduction()),
      options.ignore_index(),
      options.label_smoothing());
}

} // namespace functional
} // namespace nn
} // namespace torch
