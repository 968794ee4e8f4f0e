// MUST NOT COMPILE (real and fake): Tensor::cuda() takes no arguments.
#include <torch/torch.h>

int main() {
  torch::Tensor x = torch::ones({2});
  auto y = x.cuda(1); // MUST-FAIL-HERE
  (void)y;
}
