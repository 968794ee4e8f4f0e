// Loading models for inference: eager checkpoints and TorchScript archives.
#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include "benchproj/mlp.h"

#include <string>

namespace benchproj {

torch::jit::Module load_scripted(const std::string &path, const torch::Device &device);
Mlp load_mlp(const std::string &path, const MlpOptions &options, const torch::Device &device);
bool looks_like_torchscript(const std::string &path);
void warmup(torch::jit::Module &module, const torch::Tensor &example, int iterations);

} // namespace benchproj
