// MUST NOT COMPILE (real and fake): torch::zeros takes a single TensorOptions;
// dtype and device cannot be passed as two separate arguments.
#include <torch/torch.h>

int main() {
  auto t = torch::zeros({2}, torch::kFloat, torch::kCUDA); // MUST-FAIL-HERE
  (void)t;
}
