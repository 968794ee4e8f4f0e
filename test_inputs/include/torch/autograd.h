// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/autograd.h
#pragma once

#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/autograd/variable.h>
#include <torch/types.h>

#include <vector>

namespace torch {
namespace autograd {

using variable_list = std::vector<Variable>;
using tensor_list = std::vector<at::Tensor>;

// torch/csrc/autograd/autograd.h
TORCH_API void backward(
    const variable_list& tensors,
    const variable_list& grad_tensors = {},
    c10::optional<bool> retain_graph = c10::nullopt,
    bool create_graph = false,
    const variable_list& inputs = {});

TORCH_API variable_list grad(
    const variable_list& outputs,
    const variable_list& inputs,
    const variable_list& grad_outputs = {},
    c10::optional<bool> retain_graph = c10::nullopt,
    bool create_graph = false,
    bool allow_unused = false);

} // namespace autograd
} // namespace torch
