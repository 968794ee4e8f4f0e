// Helpers that other files of the project call. Each makes a tensor without
// a device that meets a parameter: whether that is a defect depends on what
// the callers pass (tests/e2e/run_driver.sh callers).
#pragma once
#include <torch/torch.h>

#include <string>

torch::Tensor scale_rows(const torch::Tensor &weights);      // host callers only
torch::Tensor make_targets(torch::Tensor weights, int64_t n); // host callers only
torch::Tensor normalize_rows(const torch::Tensor &table);    // a file reader's table
torch::Tensor add_bias(const torch::Tensor &x);              // a CUDA caller
torch::Tensor center(const torch::Tensor &features);         // a module's output
torch::Tensor clip_host(const torch::Tensor &x);   // through relay_host: host
torch::Tensor clip_device(const torch::Tensor &x); // through relay_device: CUDA
torch::Tensor unused_helper(const torch::Tensor &x); // no caller in the project
torch::Tensor by_address(const torch::Tensor &x);  // called through a pointer
torch::Tensor weigh(const torch::Tensor &scores);  // a caller's parameter's member

struct Batch {
  torch::Tensor inputs;
  torch::Tensor targets;
};
torch::Tensor score(const Batch &batch);

torch::Tensor relay_host(const torch::Tensor &x);
torch::Tensor relay_device(const torch::Tensor &x);
torch::Tensor read_table(const std::string &path);
