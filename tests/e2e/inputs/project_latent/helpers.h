#pragma once
#include <torch/torch.h>

torch::Tensor pad_cuda(const torch::Tensor &x);
torch::Tensor scale_cpu(const torch::Tensor &x);
torch::Tensor shift(const torch::Tensor &x);
torch::Tensor shift_host(const torch::Tensor &x);
