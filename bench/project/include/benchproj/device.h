// Choosing a device and moving data to it.
#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

namespace benchproj {

// "auto", "cpu", "cuda", "cuda:1", ...
torch::Device select_device(const std::string &spec);
std::string describe_device(const torch::Device &device);
bool cuda_usable();

torch::Tensor to_device(const torch::Tensor &t, const torch::Device &device,
                        bool non_blocking = false);
std::vector<torch::Tensor> to_device(const std::vector<torch::Tensor> &ts,
                                     const torch::Device &device);
torch::Device device_of(const torch::nn::Module &module);
bool all_on(const std::vector<torch::Tensor> &ts, const torch::Device &device);
torch::Tensor pinned_copy(const torch::Tensor &host);

} // namespace benchproj
