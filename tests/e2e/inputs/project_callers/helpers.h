// Helpers that other files of the project call. Each makes a tensor without
// a device that meets a parameter: whether that is a defect depends on what
// the callers pass (tests/e2e/run_driver.sh callers). Those of helpers.cpp
// are latent (their parameters are their only device; nothing beside them
// follows a device). matching.cpp's are shown in a file alone (match asks
// where its data lives, offset_rows is beside it), and dropped once the
// project shows that no call passes them data off the CPU.
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
torch::Tensor weigh(const torch::Tensor &scores);  // a member of a batch filled on the GPU
torch::Tensor match(const torch::Tensor &x, const torch::Tensor &y); // host callers only
torch::Tensor offset_rows(const torch::Tensor &x);                   // host callers only

struct Batch {
  torch::Tensor inputs;
  torch::Tensor targets;
};
torch::Tensor score(const Batch &batch);

torch::Tensor relay_host(const torch::Tensor &x);
torch::Tensor relay_device(const torch::Tensor &x);
torch::Tensor read_table(const std::string &path);
