// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/all.h
// NB: like the real one, this does NOT include
// torch/csrc/jit/serialization/import.h: torch::jit::load needs
// <torch/script.h>.
// COPY torch/csrc/api/include/torch/all.h 1-8
// COPY torch/csrc/api/include/torch/all.h 10-12
// COPY torch/csrc/api/include/torch/all.h 15-17
#include <torch/types.h>
#include <torch/utils.h>
