// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules.h
#pragma once

// Common
#include <torch/nn/modules/container/any.h>
#include <torch/nn/modules/container/modulelist.h>
// COPY torch/csrc/api/include/torch/nn/modules.h 14-17
// COPY torch/csrc/api/include/torch/nn/modules.h 19-20
// COPY torch/csrc/api/include/torch/nn/modules.h 22-23
// COPY torch/csrc/api/include/torch/nn/modules.h 26-28
