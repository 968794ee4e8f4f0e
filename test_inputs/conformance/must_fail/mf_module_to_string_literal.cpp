// MUST NOT COMPILE (real and fake): nn::Module::to(torch::Device, bool) cannot
// take a string literal (two user-defined conversions needed).
#include <torch/torch.h>

int main() {
  torch::nn::Linear model(2, 3);
  model->to("cuda"); // MUST-FAIL-HERE
}
