// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/types.h
//
// NOTE [ Exposing declarations in `at::` to `torch::` ] (from the real header)
// `using namespace at;` exposes all declarations of `at::` (and, through
// `namespace at { using namespace c10; }`, of `c10::`) in `torch::`.
// torch::Tensor is therefore at::Tensor, torch::Device is c10::Device,
// torch::kCUDA is c10::kCUDA, torch::indexing is at::indexing, etc. Names
// declared directly in torch:: (e.g. the factories of variable_factories.h)
// hide the at:: ones for qualified lookup.
// COPY torch/csrc/api/include/torch/types.h 1-8

namespace torch {

// COPY torch/csrc/api/include/torch/types.h 39-44

// COPY torch/csrc/api/include/torch/types.h 47-54

// COPY torch/csrc/api/include/torch/types.h 57-65
