// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options.h
#pragma once

#include <torch/nn/options/activation.h>
// COPY torch/csrc/api/include/torch/nn/options.h 3-5
#include <torch/nn/options/embedding.h>
// COPY torch/csrc/api/include/torch/nn/options.h 7-9
