#include <torch/torch.h>
torch::Tensor scale(const torch::Tensor& x) {
  auto w = torch::ones({3});
  return x * w;
}
