// MUST NOT COMPILE (real and fake): SGD has no default learning rate
// (SGD(params, SGDOptions defaults) without a default argument).
#include <torch/torch.h>

int main() {
  std::vector<torch::Tensor> params{torch::zeros({1})};
  torch::optim::SGD opt(params); // MUST-FAIL-HERE
  (void)opt;
}
