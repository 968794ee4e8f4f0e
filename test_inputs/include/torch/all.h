// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/all.h
// NB: like the real one, this does NOT include
// torch/csrc/jit/serialization/import.h: torch::jit::load needs
// <torch/script.h>.
#pragma once

#if !defined(_MSC_VER) && __cplusplus < 201402L
#error C++14 or later compatible compiler is required to use PyTorch.
#endif

#include <torch/autograd.h>
#include <torch/cuda.h>
#include <torch/enum.h>
#include <torch/fft.h>
#include <torch/jit.h>
#include <torch/nn.h>
#include <torch/optim.h>
#include <torch/serialize.h>
#include <torch/types.h>
#include <torch/utils.h>
