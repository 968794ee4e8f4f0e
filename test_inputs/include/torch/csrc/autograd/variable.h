// Test-only faithful subset of libtorch 1.13.1: torch/csrc/autograd/variable.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/Tensor.h>
#include <c10/macros/Macros.h>

#include <memory>

namespace torch {
namespace autograd {

using Variable = at::Tensor;

TORCH_API Variable make_variable(at::Tensor data, bool requires_grad = false, bool allow_tensor_metadata_change = true);

} // namespace autograd
} // namespace torch
