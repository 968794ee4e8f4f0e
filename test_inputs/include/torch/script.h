// Test-only faithful subset of libtorch 1.13.1: torch/script.h
// (the real one lives in /usr/include/torch/script.h, outside of
// torch/csrc/api/include). It does NOT include torch/torch.h: no nn / optim.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <torch/types.h>
#include <torch/csrc/autograd/InferenceMode.h>
// COPY torch/script.h 6-7
#include <torch/csrc/jit/serialization/import.h>

#include <ATen/ATen.h>
