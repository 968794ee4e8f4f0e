// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/utils.h
#pragma once

#include <ATen/Context.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/types.h>

#include <cstdint>

namespace torch {

using NoGradGuard = at::NoGradGuard;

using AutoGradMode = at::AutoGradMode;

using at::manual_seed;

using at::init_num_threads;

using at::get_num_threads;

using at::set_num_threads;

using at::get_num_interop_threads;

using at::set_num_interop_threads;

// COPY torch/csrc/api/include/torch/utils.h 92-96

} // namespace torch
