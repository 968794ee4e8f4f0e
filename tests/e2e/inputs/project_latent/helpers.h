#pragma once
#include <torch/torch.h>

torch::Tensor pad_cuda(const torch::Tensor &x);
torch::Tensor scale_cpu(const torch::Tensor &x);
