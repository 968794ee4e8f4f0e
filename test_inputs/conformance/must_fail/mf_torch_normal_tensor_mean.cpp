// MUST NOT COMPILE (real and fake): torch::normal(double, double, IntArrayRef,
// ...) declared in namespace torch hides every at::normal overload (e.g.
// normal(const Tensor& mean, double std)) for the qualified name torch::normal.
#include <torch/torch.h>

int main() {
  torch::Tensor mean = torch::zeros({3});
  auto t = torch::normal(mean, 1.0); // MUST-FAIL-HERE
  (void)t;
}
